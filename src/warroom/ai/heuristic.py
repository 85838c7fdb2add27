"""The heuristic player: each game's tactics, written as a player would recognise them
(``warroom/ai/heuristic_<game>.py``), behind one player with the options every game shares.

A game's policy module defines ``choose(view, rng, aggression) -> action``; the player finds it by the
view's game. ``aggression`` (0 to 1) leans each policy from holding to pressing on; ``slips`` (0 to 1) is
the chance a decision is instead any legal action at random, which is what the ``easy`` strength is.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Hashable
from types import ModuleType

import numpy as np

from warroom.ai.view import View
from warroom.core.errors import UsageError

POLICY_MODULES = {
    "company-fire": "warroom.ai.heuristic_cf",
    "brigade": "warroom.ai.heuristic_brigade",
}
"""The policy module of each game the heuristic plays."""


@functools.cache
def _policy(ruleset: str) -> ModuleType | None:
    name = POLICY_MODULES.get(ruleset)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def policy_games() -> tuple[str, ...]:
    """The games the heuristic has a policy for."""
    return tuple(r for r in POLICY_MODULES if _policy(r) is not None)


class HeuristicPlayer:
    """Each game's tactics, using the engine's exact odds; ``slips`` of its decisions at random."""

    name = "heuristic"

    def __init__(self, aggression: float = 0.5, slips: float = 0.0) -> None:
        if not 0.0 <= aggression <= 1.0:
            raise ValueError(f"aggression={aggression} is not between 0 and 1")
        if not 0.0 <= slips <= 1.0:
            raise ValueError(f"slips={slips} is not between 0 and 1")
        self.aggression = aggression
        self.slips = slips
        self.games = policy_games()

    def choose(self, view: View, rng: np.random.Generator) -> Hashable:
        module = _policy(view.game.ruleset)
        if module is None:
            raise UsageError(f"the heuristic player has no tactics for {view.game.ruleset}; it plays "
                             f"{', '.join(self.games) or 'no game yet'}")
        legal = view.legal_actions
        if self.slips and rng.random() < self.slips:
            return legal[int(rng.integers(len(legal)))]
        action: Hashable = module.choose(view, rng, self.aggression)
        return action

    def __repr__(self) -> str:
        return f"heuristic:aggression={self.aggression},slips={self.slips}"


def heuristic_player(aggression: float = 0.5, slips: float = 0.0) -> HeuristicPlayer:
    """Each game's tactics, using the engine's exact odds (aggression 0-1; slips: the share of random moves)."""
    return HeuristicPlayer(aggression, slips)
