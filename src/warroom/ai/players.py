"""Warroom's own players: :data:`BUILT_IN` is registered by name (:mod:`warroom.ai.registry`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from warroom.ai.heuristic import HeuristicPlayer, heuristic_player
from warroom.ai.search import search_player
from warroom.ai.view import View


class RandomPlayer:
    """Any legal action, uniformly at random: the baseline every other player must beat."""

    name = "random"

    def choose(self, view: View, rng: np.random.Generator) -> Hashable:
        legal = view.legal_actions
        return legal[int(rng.integers(len(legal)))]

    def __repr__(self) -> str:
        return "random"


def random_player() -> RandomPlayer:
    """Any legal action, uniformly at random: the baseline."""
    return RandomPlayer()


class HeuristicV1(HeuristicPlayer):
    """The yardstick: the heuristic as warroom shipped it in December 2026, at its defaults (aggression 1/2, no
    slips), kept as it is so that every later player is measured against the same opponent. Its choices on fixed
    games are pinned by ``tests/test_heuristic_v1.py``: a change that moves them is a new player, not v1."""

    name = "heuristic-v1"

    def __init__(self) -> None:
        super().__init__(0.5, 0.0)

    def __repr__(self) -> str:
        return "heuristic-v1"


def heuristic_v1_player() -> HeuristicV1:
    """The heuristic of December 2026, frozen: the yardstick every later player is measured against."""
    return HeuristicV1()


BUILT_IN: list[tuple[str, str, Callable[..., Any]]] = [
    ("random", "any legal action, uniformly at random: the baseline", random_player),
    ("heuristic", "each game's tactics, using the engine's exact odds", heuristic_player),
    ("search", "looks ahead over the odds on states dealt from what its side has seen (MCTS)", search_player),
    ("heuristic-v1", "the heuristic of December 2026, frozen (also normal-v1): the yardstick later players are "
                     "measured against",
     heuristic_v1_player),
]
"""(name, summary, factory) of each of warroom's own players."""
