"""The heuristic player: each game's tactics, written as a player would recognise them
(``warroom/ai/heuristic_<game>.py``), behind one player with the options every game shares.

A game's tactics (:class:`Tactics`) are its kit's (:meth:`warroom.core.kit.Kit.heuristic`): the player asks
the kit of the view's game. ``aggression`` (0 to 1) leans each game's tactics from holding to pressing on;
``slips`` (0 to 1) is the chance a decision is instead any legal action at random, which is what the ``easy``
strength is.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

import numpy as np

from warroom.ai.view import View
from warroom.core.errors import UsageError
from warroom.core.kit import NotInKit, kit_of, kits


class Tactics(Protocol):
    """A game's heuristic (a module of ``warroom/ai/``, given by the game's kit)."""

    def choose(self, view: View, rng: np.random.Generator, aggression: float) -> Hashable:
        """The action the tactics play, ties broken by ``rng``."""
        ...

    def scores(self, view: View, aggression: float) -> list[float] | None:
        """The score of each of ``view.legal_actions`` (the best is what :meth:`choose` plays), or ``None`` where
        the tactics choose without scoring every action."""
        ...


def tactics(ruleset: str) -> Tactics | None:
    """The heuristic's tactics for ``ruleset``, from its kit; ``None`` where the kit has none."""
    try:
        found: Tactics = kit_of(ruleset).heuristic()
    except NotInKit:
        return None
    return found


def policy_games() -> tuple[str, ...]:
    """The games the heuristic has tactics for: those whose kit gives them."""
    return tuple(r for r in kits() if tactics(r) is not None)


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
        try:
            module: Tactics = kit_of(view.game).heuristic()
        except NotInKit as exc:
            raise UsageError(f"{exc}; it plays {', '.join(self.games) or 'no game yet'}") from None
        legal = view.legal_actions
        if self.slips and rng.random() < self.slips:
            return legal[int(rng.integers(len(legal)))]
        return module.choose(view, rng, self.aggression)

    def __repr__(self) -> str:
        return f"heuristic:aggression={self.aggression},slips={self.slips}"


def heuristic_player(aggression: float = 0.5, slips: float = 0.0) -> HeuristicPlayer:
    """Each game's tactics, using the engine's exact odds (aggression 0-1; slips: the share of random moves)."""
    return HeuristicPlayer(aggression, slips)
