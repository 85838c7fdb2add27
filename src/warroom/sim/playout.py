"""Whole games played by random legal actions: one narrated, one counted, or one kept whole.

The random player chooses a uniformly random legal action from a generator of its own, seeded
from the game's seed (``CHOOSER_OFFSET`` apart), so ``warroom playout``, ``warroom simulate``, the
conformance suite and the golden records all play the same game for the same seed.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Hashable, Iterator

import numpy as np

from warroom.core.game import Game, GameState

CHOOSER_OFFSET = 1_000_003
"""The random players' generator is seeded with the game's seed plus this (as in ``random_playout``)."""


def random_choice(seed: int) -> Callable[[GameState], Hashable]:
    """A random player: a uniformly random legal action, from its own generator."""
    chooser = np.random.default_rng(seed + CHOOSER_OFFSET)

    def choose(state: GameState) -> Hashable:
        legal = state.legal_actions()
        return legal[int(chooser.integers(len(legal)))]

    return choose


@contextlib.contextmanager
def batch_collector(young: int = 50_000) -> Iterator[None]:
    """Garbage collection set for a long batch of games, as it was on leaving.

    The objects made so far (modules, tables, the scenario, the caches warmed by a first game) are
    frozen out of every collection, and the youngest generation is collected every ``young``
    allocations instead of every 700. Games make little cyclic garbage (Company Fire's none), so
    collecting seldom costs little memory, and a batch of small games runs about a tenth faster.
    """
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, 20, 20)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


_WORKER_FROZEN = False


@contextlib.contextmanager
def worker_collector(young: int = 50_000) -> Iterator[None]:
    """:func:`batch_collector` for a batch run in a long-lived worker process (a Ray worker), which plays batch
    after batch: the worker's heap is collected and frozen at its first batch only, and stays frozen, so a
    batch does not pay a full collection of everything the worker has imported (about 50 ms of CPU, some
    3 ms a game over a 16-game batch)."""
    global _WORKER_FROZEN
    if not _WORKER_FROZEN:
        gc.collect()
        gc.freeze()
        _WORKER_FROZEN = True
    before = gc.get_threshold()
    gc.set_threshold(young, 20, 20)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_random(game: Game, seed: int, max_actions: int = 20_000) -> tuple[GameState, int]:
    """One game of random legal actions from ``game.initial_state(seed)``: the last state and the actions
    taken. Only the current state is kept, so a long run holds one game at a time."""
    state = game.initial_state(seed)
    choose = random_choice(seed)
    actions = 0
    while not state.is_terminal() and actions < max_actions:
        state = state.apply(choose(state))
        actions += 1
    return state, actions


def random_playout(game: Game, seed: int, max_actions: int) -> tuple[list[GameState], list[Hashable]]:
    """A game with uniformly random legal actions (the choice generator is separate from the game's)."""
    choose = random_choice(seed)
    states = [game.initial_state(seed)]
    actions: list[Hashable] = []
    while not states[-1].is_terminal() and len(actions) < max_actions:
        action = choose(states[-1])
        actions.append(action)
        states.append(states[-1].apply(action))
    return states, actions
