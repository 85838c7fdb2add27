"""Fog of war as a rule, not a filter: twins of a position that differ only in what one side cannot know, and
the differential check that the side reads the same of both (docs/rulings.md CF-125 ... CF-130).

A side sees a game only through its own view: an AI player, a web page or an RL observation reads its
``observation(side)``, and, when it acts, its legal actions and the odds of each; it reads ``to_act``, the
segment or phase, and ``narration(side)`` after each action. None of these may depend on what the side cannot
know. :func:`twins` builds, from a position, other positions that differ only in such things, by the game's
kit (:meth:`warroom.core.kit.Kit.fog_twins`):

* Company Fire (CF-46, CF-47; :mod:`warroom.kits.company_fire.fog`): an enemy blind turned from real to dummy
  (its hidden units taken off the table) and a dummy turned real (a real blind's units moved into the dummy's
  space, where the scenario set a blind, and the dummy put in theirs); the occupation flags of hidden units in
  bocage flipped; one hidden unit moved from a blind to another where stacking allows.
* Brigade (seed 004 "Detection", BR-142; :mod:`warroom.kits.brigade.fog`): an enemy unit the side has not
  detected moved a little; an enemy minefield the side has not found moved a little, away from every unit.

:func:`fog_differences` compares the two positions from the side's chair, then plays a few actions legal in
both on each and compares again, until the difference becomes public (a blind revealed, a unit detected, a
minefield found) or the game ends. With ``table=True`` the actions are applied with the dice thrown at the table by
the side (:func:`warroom.core.game.apply_at_table`): what the side is asked to throw, throw by throw, is compared
too (a question about a roll it may not see would tell it of a hidden unit), and both twins read the same faces.
Everything here reads the games through their public interface and their
state's JSON form, so the web and RL front ends can use the same builders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from warroom.core.game import Game, GameState, apply_at_table
from warroom.core.kit import kit_of, kits
from warroom.core.rolled import ThrowNeeded, written


@dataclass(frozen=True)
class Twin:
    """A position that differs from another only in what ``side`` cannot know; ``what`` says how, and
    ``public`` tells, of a position reached from either, whether the difference has become public."""

    side: str
    what: str
    state: GameState
    public: Callable[[GameState], Any]
    unseen: Callable[[GameState, Hashable], bool] = lambda state, action: False
    """Whether an action of the other side is taken by what the twins differ in (a hidden unit), so is not
    the same action in both: only actions that are the same in both are played on each."""
    symmetric: bool = True
    """Whether the difference must become public in both twins at once (Company Fire: a blind is revealed by
    what happens to its space, whatever is under it); not where the twins differ in where a thing is, which
    decides whether it is seen (Brigade)."""


@dataclass
class FogReport:
    """What :func:`check_fog` compared and every difference it found."""

    twins: int = 0
    comparisons: int = 0
    differences: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differences

    def add(self, where: str, found: Iterable[str]) -> None:
        for d in found:
            if len(self.differences) < 50:
                self.differences.append(f"{where}: {d}")


# --- the check ------------------------------------------------------------------------------------------------


def twin_games() -> tuple[str, ...]:
    """The games whose kit builds twins (:meth:`warroom.core.kit.Kit.fog_twins`): those with hidden information."""
    return tuple(r for r, kit in kits().items() if kit.fog_twins() is not None)


Odds = Callable[[GameState, Hashable], Any]


def state_odds(state: GameState, action: Hashable) -> Any:
    """The odds a side reads before taking ``action``."""
    return state.odds(action)


def twins(ruleset: str, state: GameState, side: str, rng: random.Random) -> list[Twin]:
    """The twins of ``state`` for ``side``, built by its game's kit (:meth:`warroom.core.kit.Kit.fog_twins`); none
    for a game with no builder."""
    build = kit_of(ruleset).fog_twins()
    return [] if build is None else build(state, side, rng)


def _segment(state: GameState) -> Any:
    return getattr(state, "segment_name", None) or getattr(state, "phase", None)


def compare(a: GameState, b: GameState, side: str, rng: random.Random, odds: Odds = state_odds,
            odds_per_state: int = 3, game: Game | None = None) -> list[str]:
    """What ``side`` reads differently of ``a`` and ``b``: its observation; whose turn it is and the segment or
    phase; its narration; and when it acts, its legal actions and the odds of some of them (of those that may
    roll dice, by ``game``'s :meth:`~warroom.core.game.Game.facts_of`; of any, without a game)."""
    out: list[str] = []
    if a.to_act != b.to_act:
        out.append(f"to_act {a.to_act!r} / {b.to_act!r}")
    if _segment(a) != _segment(b):
        out.append(f"segment {_segment(a)!r} / {_segment(b)!r}")
    na, nb = a.narration(side), b.narration(side)
    if na != nb:
        n = next((k for k, (x, y) in enumerate(zip(na, nb, strict=False)) if x != y), min(len(na), len(nb)))
        out.append(f"narration from line {n}: {na[n:n + 2]!r} / {nb[n:n + 2]!r}")
    oa, ob = a.observation(side), b.observation(side)
    if oa != ob:
        keys = sorted(k for k in set(oa) | set(ob) if oa.get(k) != ob.get(k))
        out.append(f"observation differs in {', '.join(keys)}")
    if a.to_act == side and b.to_act == side and not a.is_terminal():
        la, lb = [str(x) for x in a.legal_actions()], [str(x) for x in b.legal_actions()]
        if la != lb:
            out.append(f"legal actions: only in the first {sorted(set(la) - set(lb))[:4]}, only in the second "
                       f"{sorted(set(lb) - set(la))[:4]}")
        else:
            with_odds = [x for x in a.legal_actions() if game is None or game.facts_of(x).rolls_dice]
            # picked by a generator of their own, seeded by the position's legal actions, so which actions'
            # odds are compared leaves the play-out's own choices as they were
            pick = random.Random("\n".join(la))
            for x in pick.sample(with_odds, min(odds_per_state, len(with_odds))):
                pa, pb = odds(a, x), odds(b, x)
                if pa != pb:
                    out.append(f"odds of {x}: {sorted(pa or {})} / {sorted(pb or {})}")
    return out


def at_table(state: GameState, action: Hashable, side: str, seed: int) -> tuple[GameState, list[str]]:
    """``action`` applied with the dice ``side`` may see thrown at the table (faces from a generator of ``seed``,
    the same for both twins), and what the side was asked, throw by throw."""
    faces: list[tuple[str, ...]] = []
    asked: list[str] = []
    dice = np.random.default_rng(seed)
    while True:
        try:
            return apply_at_table(state, action, (side,), faces), asked
        except ThrowNeeded as need:
            asked.append(f"{need.title}: {need.asking}")
            if need.node.kind == "draw":  # the same card in both twins where both decks hold it
                cards = sorted(need.cards)
                faces.append((cards[int(dice.integers(len(cards)))],))
            else:
                faces.append(written(need.node, need.node.throw(dice)[1]))


def fog_differences(twin: Twin, state: GameState, rng: random.Random, steps: int = 4,
                    odds: Odds = state_odds, game: Game | None = None, table: bool = False) -> list[str]:
    """Compare ``state`` and its twin from the twin's side, then after each of up to ``steps`` actions legal in
    both (the same action on each), until the difference is public or the game is over (the result is scored on
    the true position, so it is public: only that both games end together is checked). With ``table``, the
    actions are applied with the dice thrown at the table by the side, and what it is asked is compared."""
    a, b, side = state, twin.state, twin.side
    out: list[str] = []
    for n in range(steps + 1):
        if n:
            common = set(b.legal_actions())
            shared = [x for x in a.legal_actions() if x in common
                      and (a.to_act == side or not (twin.unseen(a, x) or twin.unseen(b, x)))]
            if not shared:
                break
            action = rng.choice(shared)
            asked_a: list[str] = []
            asked_b: list[str] = []
            if table:
                seed = rng.randrange(2**32)
                (a, asked_a), (b, asked_b) = at_table(a, action, side, seed), at_table(b, action, side, seed)
            else:
                a, b = a.apply(action), b.apply(action)
            if a.is_terminal() or b.is_terminal():  # the game over, the umpire scores on the true position
                if a.is_terminal() != b.is_terminal():
                    out.append(f"{twin.what}, step {n} ({action}): the game is over in one twin only")
                break
            pa, pb = twin.public(a), twin.public(b)
            if pa != twin.public(state) or pb != twin.public(state):
                if pa != pb and twin.symmetric:
                    out.append(f"{twin.what}, step {n} ({action}): the difference became public in one twin only")
                break
            if asked_a != asked_b:  # the difference still hidden, yet the side was asked other throws
                k = next(k for k, (x, y) in enumerate(zip([*asked_a, ""], [*asked_b, ""], strict=False)) if x != y)
                out.append(f"{twin.what}, step {n} ({action}): asked at the table, throw {k + 1}: "
                           f"{asked_a[k:k + 1]} / {asked_b[k:k + 1]}")
                break
        found = compare(a, b, side, rng, odds, game=game)
        if found:
            out.extend(f"{twin.what}, step {n}" + (f" ({action})" if n else "") + f": {d}" for d in found)
            break
    return out


def check_fog(ruleset: str, game: Game, states: Iterable[GameState], seed: int, twins_per_state: int = 2,
              steps: int = 4, odds: Odds = state_odds, report: FogReport | None = None,
              table: bool = False) -> FogReport:
    """The differential fog-of-war check over ``states`` (of one game): for each state and side, up to
    ``twins_per_state`` twins, each compared by :func:`fog_differences` (``table``: with the dice thrown at the
    table by the side)."""
    report = report or FogReport()
    rng = random.Random(seed)
    for k, state in enumerate(states):
        if state.is_terminal():
            continue
        for side in game.sides:
            for twin in twins(ruleset, state, side, rng)[:twins_per_state]:
                report.twins += 1
                found = fog_differences(twin, state, rng, steps, odds, game, table)
                report.comparisons += 1
                report.add(f"seed {seed}, state {k}", found)
    return report
