"""Warroom's own players: :data:`BUILT_IN` is registered by name (:mod:`warroom.ai.registry`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from warroom.ai.heuristic import heuristic_player
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


BUILT_IN: list[tuple[str, str, Callable[..., Any]]] = [
    ("random", "any legal action, uniformly at random: the baseline", random_player),
    ("heuristic", "each game's tactics, using the engine's exact odds", heuristic_player),
    ("search", "looks ahead over the odds on states dealt from what its side has seen (MCTS)", search_player),
]
"""(name, summary, factory) of each of warroom's own players."""
