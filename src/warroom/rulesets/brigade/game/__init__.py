"""The Brigade rules (seed 004) as a complete, rules-enforced game: ``warroom.load_game("brigade", FILE)``.

The modules, from the bottom up; each imports only modules above it in this list (docs/architecture.md):

- ``common`` (the records a position is made of, constants, helpers), ``actions`` (the actions and their words),
  ``units`` and ``scenario`` (unit types, the scenario file format and set-up);
- ``rules``: ``Context`` (what a game knows of its scenario, the geometry caches) and ``Position`` (a position's
  data and the rule queries asked of it);
- ``effects``: ``Board``, the working copy as the rule families see it;
- ``transport`` (cavalry, cyclists and troops riding vehicles: their orders and their effects) and ``mines``
  (minefields a side knows and spots);
- ``legal`` (the legal actions), ``observe`` (a side's view and narration, ``secrets``), ``checks``
  (``invariants``), ``codes`` (the actions' integer codes, kept apart from ``actions`` for their fixed ranges);
- ``state``: ``BrigadeState``, a position with its legal actions and views, and its JSON form;
- the rule families, mixins of the builder: ``detection``, ``morale``, ``move``, ``fire``, ``artillery``;
- ``play``: ``Builder``, the working copy: the move sequence, taking an action, victory; ``apply``;
- ``game``: ``BrigadeGame``, a scenario bound to the rules; it hands ``play.apply`` to the states' context.

docs/rulings.md has the readings BR-100 onwards.
"""

from __future__ import annotations

from pathlib import Path

from warroom.core.game import register_game
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.brigade.game.checks import invariants
from warroom.rulesets.brigade.game.common import U
from warroom.rulesets.brigade.game.game import BrigadeGame
from warroom.rulesets.brigade.game.observe import secrets
from warroom.rulesets.brigade.game.play import Builder
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
