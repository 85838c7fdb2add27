"""The Brigade game's working copy, :class:`Builder`: the next state under construction while an action is applied.

A Builder is a mutable copy of a :class:`~.state.BrigadeState` (lists and sets where the state has tuples and
frozensets) with the few operations every rule family uses to change it: :meth:`Builder.set` (a unit's fields),
:meth:`Builder.say` and :meth:`Builder.roll` (every die through a registered procedure with the state's own
generator, its ruling worded only when the narration is first read: :mod:`warroom.core.rolled`), a unit's tag in
the narration, the sides that see a unit, and the start and end of a unit's order
(seed 004 "Move Sequence", BR-121). The rules of play are functions of a Builder in the rule family modules
(:mod:`.move`, :mod:`.fire` ...) over the consequences they share (:mod:`.consequences`), dispatched by
:mod:`.play`, which also makes the next state (:func:`.play.freeze`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import numpy as np

from warroom.core.rolled import Rolled, roll_for_play
from warroom.rulesets.brigade.game.common import TYPE_INDEX, Event, Mission, U
from warroom.rulesets.brigade.game.rules import Context
from warroom.rulesets.brigade.game.state import BrigadeState
from warroom.rulesets.brigade.game.units import UnitType


class Builder:
    """A mutable copy of a state while an action is applied (see the module docstring)."""

    __slots__ = ("_gen", "ctx", "log", "missions", "move", "pairs", "pending", "phase", "result", "revealed", "s",
                 "selected", "stage", "touched", "units")

    def __init__(self, s: BrigadeState) -> None:
        self.s = s
        """The state the action is applied to, as it was."""
        self.ctx: Context = s.ctx
        self.move: int = s.move
        self.phase: str = s.phase
        self.stage: int = s.stage
        self.selected: int = s.selected
        self.pending: tuple[Any, ...] = s.pending
        self.units: list[U] = list(s.units)
        self.pairs: dict[tuple[int, int], tuple[int, int]] = dict(s.pairs)
        self.missions: list[Mission] = list(s.missions)
        self.revealed: list[set[int]] = [set(s.revealed[0]), set(s.revealed[1])]
        self._gen: np.random.Generator | None = None
        self.log: list[Event] = []
        self.result: dict[str, Any] | None = None
        self.touched: set[int] = set()
        """Units changed since what each unit detects was last worked out (:func:`.consequences.refresh`)."""

    @property
    def gen(self) -> np.random.Generator:
        """The game's generator, restored from the state's when first needed (most actions throw no dice)."""
        if self._gen is None:
            self._gen = np.random.Generator(np.random.PCG64())
            self._gen.bit_generator.state = self.s.rng
        return self._gen

    def view(self) -> BrigadeState:
        """A read-only state of the builder as it is now (for the queries the state answers)."""
        return BrigadeState(self.ctx, self.move, self.phase, self.stage, self.selected, self.pending,
                            tuple(self.units), self.pairs, tuple(self.missions),
                            (frozenset(self.revealed[0]), frozenset(self.revealed[1])), {}, (), None)

    def new_state(self) -> BrigadeState:
        """The state the builder holds now, with its dice and narration, as it stands (:func:`.play.freeze`
        first brings what each unit detects up to date and checks victory)."""
        return BrigadeState(self.ctx, self.move, self.phase, self.stage, self.selected, self.pending,
                            tuple(self.units), self.pairs, tuple(self.missions),
                            (frozenset(self.revealed[0]), frozenset(self.revealed[1])),
                            dict(self._gen.bit_generator.state) if self._gen is not None else self.s.rng,
                            tuple(self.log), self.result)

    # narration ---------------------------------------------------------------------------------------

    def say(self, text: str, sides: Iterable[str] | None = None) -> None:
        self.log.append(Event(tuple(sides) if sides is not None else None, text))

    def roll(self, procedure: str, params: dict[str, Any], sides: Iterable[str] | None = None,
             head: str = "") -> Rolled:
        """Roll a registered procedure with the game's dice and narrate its ruling under ``head``, to ``sides``
        (None: both); the ruling's words are made when the narration is first read (:mod:`warroom.core.rolled`)."""
        seen = tuple(sides) if sides is not None else None
        r = roll_for_play(procedure, params, self.gen, seen)
        self.log.append(Event(seen,
                              (lambda: f"{head}\n{r.ruling}") if head else (lambda: str(r.ruling))))
        return r

    def tag(self, i: int) -> str:
        """Unit ``i`` in the narration: its name to a side that knows it, "an unseen enemy unit" to one that does
        not (:meth:`.observe.SideView.narration`)."""
        return f"\u27e8{i}\u27e9"

    def own(self, i: int) -> tuple[str]:
        """The unit's own side (a line only it may read)."""
        return (self.ctx.side_of[i],)

    def sides_seeing(self, i: int) -> tuple[str, ...]:
        """The unit's own side, and the enemy if it has detected the unit."""
        side = self.ctx.side_of[i]
        enemy = self.ctx.enemy(side)
        return (side, enemy) if any(e == i and self.ctx.side_of[o] == enemy for (o, e) in self.pairs) else (side,)

    # the units ----------------------------------------------------------------------------------------

    def set(self, i: int, **changes: Any) -> U:
        self.units[i] = replace(self.units[i], **changes)
        return self.units[i]

    def t(self, i: int) -> UnitType:
        return self.ctx.types[i]

    def known(self, side: str) -> dict[int, int]:
        """The enemy units ``side`` has detected, and how well (BR-112)."""
        return self.view().known(side)

    # orders (seed 004 "Move Sequence") ---------------------------------------------------------------

    def begin_order(self, i: int, kind: str) -> None:
        """Unit ``i`` is given an order of type ``kind``: the move goes on at that type (BR-121)."""
        self.stage = max(self.stage, TYPE_INDEX[kind])
        self.set(i, order=kind)
        self.selected = i

    def done(self, i: int, kind: str) -> None:
        """Unit ``i`` has carried out its order ``kind`` (or held)."""
        if self.units[i].on:
            self.set(i, order=kind or "hold")
        self.selected = -1
        if self.pending and self.pending[0] != "pin":
            self.pending = ()
