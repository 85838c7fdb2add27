"""Company Fire's rule switches (``warroom rules options company-fire``; :mod:`warroom.core.switches`).

``attack_resolution``: seed 002 "Optional Methods for Resolving Attacks" (reading CF-53, CF-97): "standard" rolls
for each unit in a target space; "faster" rolls once and applies the result to each unit; "longer" rolls once
and divides the hits among the units, the odd hits to the least wounded first. A scenario chooses one
(``[rules] attack_resolution``); the switch plays the scenario with another.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from warroom.core.switches import Switch, register_switch
from warroom.rulesets.company_fire.info import INFO


def _attack_resolution(game: Any, value: str) -> Any:
    """The game on the same scenario with its optional attack method set to ``value``."""
    from warroom.rulesets.company_fire.game.game import CFGame

    scenario = game.scenario
    rules = dataclasses.replace(scenario.rules, attack_resolution=value)
    return CFGame(dataclasses.replace(scenario, rules=rules), game.path)


ATTACK_RESOLUTION = register_switch(Switch(
    INFO.id, "attack_resolution",
    "how an attack on every unit in a space is rolled: for each unit, once for all (faster), or once with the "
    "hits divided (longer)",
    ("standard", "faster", "longer"), "standard",
    '002, "Optional Methods for Resolving Attacks"; readings CF-53, CF-97', _attack_resolution))
