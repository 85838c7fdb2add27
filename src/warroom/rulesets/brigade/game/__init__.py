"""The Brigade rules (seed 004) as a complete, rules-enforced game: ``warroom.load_game("brigade", FILE)``.

The modules, from the bottom up; each imports only modules above it in this list (docs/architecture.md):

- ``common`` (the records a position is made of, constants, helpers), ``actions`` (the actions and their words),
  ``units`` and ``scenario`` (unit types, the scenario file format and set-up);
- ``rules``: ``Context`` (what a game knows of its scenario, the geometry caches) and ``Position`` (a position's
  data and the rule queries asked of it);
- ``legal`` (the legal actions, the orders of cavalry and transport among them), ``observe`` (a side's view and
  narration, ``secrets``), ``checks`` (``invariants``), ``codes`` (the actions' integer codes, kept apart from
  ``actions`` for their fixed ranges);
- ``state``: ``BrigadeState``, a position with its legal actions and views, and its JSON form;
- ``effects``: ``Builder``, the working copy: the next state under construction while an action is applied, and
  the few operations every rule family uses to change it (a unit's fields, the narration, the dice);
- ``consequences``: what several rule families bring about (what each unit detects kept current, figures killed,
  pins, units removed, riders and horse holders, a unit's move along its path), as functions of the builder;
- the rule families, functions of the builder that never import one another: ``detection``, ``morale``,
  ``mines``, ``move``, ``transport``, ``fire``, ``artillery``;
- ``play``: ``apply``: each class of action to its rule family's function (``_HANDLERS``), the move sequence,
  victory, the next state frozen; ``odds``: the exact odds of an action, from the rule families' parameters;
- ``game``: ``BrigadeGame``, a scenario bound to the rules; it hands ``play.apply`` to the states' context.

docs/rulings.md has the readings BR-100 onwards.
"""

from __future__ import annotations

from pathlib import Path

from warroom.core.game import register_game
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.brigade.game.checks import invariants
from warroom.rulesets.brigade.game.common import U
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.game import BrigadeGame
from warroom.rulesets.brigade.game.observe import secrets
from warroom.rulesets.brigade.game.scenario import ScenarioError, load_scenario
from warroom.rulesets.brigade.game.state import BrigadeState

SCENARIOS = Path(__file__).parent.parent / "scenarios"


def load(path: Path) -> BrigadeGame:
    """The Brigade game on the scenario file ``path`` (a :class:`ScenarioError` names any fault)."""
    return BrigadeGame(load_scenario(path))


register_game("brigade", load, lambda: tuple(sorted(SCENARIOS.glob("*.toml"))))
register_rule_use("004", "Playing the Game / Winning and Losing", "brigade.game.play (victory, BR-104)")

__all__ = ["SCENARIOS", "BrigadeGame", "BrigadeState", "Builder", "ScenarioError", "U", "invariants", "load",
           "load_scenario", "secrets"]
