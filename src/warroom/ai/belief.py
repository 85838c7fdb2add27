"""Belief samplers: full game states consistent with everything one side has seen (issue 16, item 3).

``sample_hidden(view, rng)`` deals a state from a :class:`~warroom.ai.view.View`: what the side sees is kept
exactly (its observation of the dealt state equals its own), and what it cannot see is dealt at random where
the rules and the scenario's public set-up allow: Company Fire's blinds, hidden units and unseen minefields
(:mod:`warroom.ai.belief_cf`), Brigade's undetected units and unfound minefields
(:mod:`warroom.ai.belief_brigade`). The dealt state's dice are seeded afresh from ``rng``: the real generator
is hidden information (future dice must not leak). A deal is built from public data only (the scenario, the
view's observation and the history the side read), never from the state behind the view, so twins of a
position that differ only in what the side cannot know (:mod:`warroom.tools.fog`) give the same deal for the
same ``rng``.

A search player plays only on dealt states (:mod:`warroom.ai.search`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from warroom.ai.view import View
from warroom.core.errors import UsageError
from warroom.core.game import GameState
from warroom.core.kit import NotInKit, kit_of, kits


class NotDealable(UsageError):
    """The sampler cannot deal this position from what the side has seen: a choice in the middle of an action
    whose particulars the observation does not carry (Company Fire's CF-60 decisions, Brigade's pending
    orders). A player then decides without dealing."""


def sampler(ruleset: str) -> Any | None:
    """The belief sampler of ``ruleset``, from its kit (:meth:`warroom.core.kit.Kit.belief`): a module with
    ``dealer(view) -> (rng -> GameState)``, what it reads of the view read once, then a deal per generator, and
    ``reseed(state, rng)``; ``None`` where the kit has none."""
    try:
        return kit_of(ruleset).belief()
    except NotInKit:
        return None


def sampler_games() -> tuple[str, ...]:
    """The games that have a belief sampler."""
    return tuple(r for r in kits() if sampler(r) is not None)


def sample_hidden(view: View, rng: np.random.Generator) -> GameState:
    """A full state consistent with everything ``view``'s side has seen, its hidden things dealt by ``rng``
    and its dice seeded afresh from ``rng``. :class:`NotDealable` where the position cannot be dealt."""
    state: GameState = dealer(view)(rng)
    return state


def dealer(view: View) -> Callable[[np.random.Generator], GameState]:
    """What the sampler reads of ``view``, read once: a function that deals a state from a generator, as
    :func:`sample_hidden` does (a search deals many states from one view)."""
    try:
        module = kit_of(view.game).belief()
    except NotInKit as exc:
        raise UsageError(f"{exc}; samplers: {', '.join(sampler_games())}") from None
    deal: Callable[[np.random.Generator], GameState] = module.dealer(view)
    return deal


def reseed(ruleset: str, state: GameState, rng: np.random.Generator) -> GameState:
    """A dealt ``state`` of ``ruleset`` with its dice seeded afresh from ``rng`` (its sampler's ``reseed``)."""
    again: GameState = kit_of(ruleset).belief().reseed(state, rng)
    return again


def fresh_seed(rng: np.random.Generator) -> int:
    """A seed for a dealt state's dice, drawn from ``rng``."""
    return int(rng.integers(2**63 - 1))
