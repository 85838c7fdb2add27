"""The Brigade rules (seed 004) as a complete, rules-enforced game: ``warroom.load_game("brigade", FILE)``.

See :mod:`warroom.rulesets.brigade.game.engine` for the state and the move sequence,
:mod:`.actions` and :mod:`.codes` for the actions, :mod:`.scenario` for scenario files, and
docs/rulings.md for the readings BR-100 onwards.
"""

from __future__ import annotations

from pathlib import Path

from warroom.core.game import register_game
from warroom.rulesets.brigade.game.engine import BrigadeGame, BrigadeState
from warroom.rulesets.brigade.game.scenario import ScenarioError, load_scenario

SCENARIOS = Path(__file__).parent.parent / "scenarios"


def load(path: Path) -> BrigadeGame:
    """The Brigade game on the scenario file ``path`` (a :class:`ScenarioError` names any fault)."""
    return BrigadeGame(load_scenario(path))


register_game("brigade", load, lambda: tuple(sorted(SCENARIOS.glob("*.toml"))))

__all__ = ["SCENARIOS", "BrigadeGame", "BrigadeState", "ScenarioError", "load", "load_scenario"]
