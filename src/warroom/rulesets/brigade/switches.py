"""Brigade's rule switches (``warroom rules options brigade``; :mod:`warroom.core.switches`).

``objectives``: seed 004 "Winning and Losing": "The player who designs the armies and terrain can also specify
victory conditions. Otherwise the first side to lose half (50%+1) of it's original number of companies loses
the game." Reading BR-130 plays a scenario's objectives (held at the end of the last period, more points wins);
``objectives=off`` plays the seed's "otherwise": the scenario without its objectives, so only the 50%+1 rule
(BR-104) decides, and a game that reaches the end of its last period with neither side broken is a draw.
"""

from __future__ import annotations

from typing import Any

from warroom.core.switches import Switch, register_switch
from warroom.rulesets.brigade.info import INFO


def _objectives(game: Any, value: str) -> Any:
    """The game on the same scenario, with its objectives (``scenario``) or without them (``off``)."""
    if value == "scenario":
        return game
    from warroom.rulesets.brigade.game.game import BrigadeGame
    from warroom.rulesets.brigade.game.scenario import Scenario

    old = game.scenario
    return BrigadeGame(Scenario(old.spec.model_copy(update={"objectives": ()}), old.field, old.path))


OBJECTIVES = register_switch(Switch(
    INFO.id, "objectives",
    "the scenario's victory objectives (scenario), or none: only losing half the companies (50%+1) decides, "
    "else a draw (off)",
    ("scenario", "off"), "scenario",
    '004, "Winning and Losing"; readings BR-104, BR-130', _objectives))
