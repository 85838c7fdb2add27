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
    collecting seldom costs little memory, and a batch of small games runs about a tenth faster. A heap frozen
    for the whole process before (:func:`freeze_heap_once`) stays frozen on leaving.
    """
    before = gc.get_threshold()
    frozen_for_good = _HEAP_FROZEN
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, 20, 20)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if not frozen_for_good:
            gc.unfreeze()


_HEAP_FROZEN = False


def freeze_heap_once() -> bool:
    """Collect the process's heap and freeze it out of every later collection, the first time only (True then).

    A process that has imported warroom and loaded a game holds about 100,000 containers that live as long as it
    does (modules, rule tables, a scenario's tables); every full collection walks them all, some 60 ms, and
    playing games triggers one every few thousand actions. Frozen (``gc.freeze``), they are left out of the
    walk; reference counting still frees any of them that is dropped. The heap is collected first, so no
    garbage is frozen with it, and it is done once, so what later becomes garbage is collected as usual."""
    global _HEAP_FROZEN
    if _HEAP_FROZEN:
        return False
    gc.collect()
    gc.freeze()
    _HEAP_FROZEN = True
    return True


def collect_young_seldom(young: int = 50_000) -> None:
    """Collect the youngest generation every ``young`` allocations (Python's default is 700) and the older ones
    every 20 collections of the one below, unless the process already collects as seldom: the setting of
    :func:`batch_collector`, kept for the rest of the process, for one that plays games until it ends (a
    learning environment's)."""
    if gc.get_threshold()[0] < young:
        gc.set_threshold(young, 20, 20)


@contextlib.contextmanager
def worker_collector(young: int = 50_000) -> Iterator[None]:
    """:func:`batch_collector` for a batch run in a long-lived worker process (a Ray worker), which plays batch
    after batch: the worker's heap is collected and frozen at its first batch only (:func:`freeze_heap_once`),
    and stays frozen, so a batch does not pay a full collection of everything the worker has imported (about
    50 ms of CPU, some 3 ms a game over a 16-game batch)."""
    freeze_heap_once()
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
