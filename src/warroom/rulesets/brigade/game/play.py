"""Applying an action to a Brigade position: the working copy, the move sequence and victory.

:class:`Builder` is the mutable next state while an action is applied: it takes the action (``do``), runs what
follows without a decision (seed 004 "Move Sequence": casualty tests, pin tests, requests, arrivals, the orders
phase, the next move), checks victory (seed 004 "Winning and Losing": half the companies lost, BR-104; objective
points at the end, BR-130), and freezes the new state. Each rule family is a mixin written against
:class:`~.effects.Board`. :func:`apply` is the rules of play a state hands its actions to.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import Any

import numpy as np

from warroom.core.api import roll
from warroom.core.errors import UsageError
from warroom.core.ruling import Ruling
from warroom.rulesets.brigade.game.actions import (
    Advance,
    Bombard,
    BombardFeature,
    Call,
    Continue,
    Deploy,
    Disembark,
    Dismount,
    Embark,
    End,
    Fire,
    FollowPlan,
    Hold,
    Limber,
    Mount,
    Move,
    MoveTo,
    PinChoice,
    PinOrder,
    Request,
    RequestPoint,
    Select,
    Walk,
    dest_words,
)
from warroom.rulesets.brigade.game.artillery import Artillery
from warroom.rulesets.brigade.game.common import TYPE_INDEX, Event, Mission, U
from warroom.rulesets.brigade.game.detection import Detection
from warroom.rulesets.brigade.game.fire import DirectFire
from warroom.rulesets.brigade.game.mines import MinefieldSight
from warroom.rulesets.brigade.game.morale import Morale
from warroom.rulesets.brigade.game.move import Movement
from warroom.rulesets.brigade.game.rules import Context
from warroom.rulesets.brigade.game.state import BrigadeState
from warroom.rulesets.brigade.game.transport import CarryingRules
from warroom.rulesets.brigade.game.units import UnitType


class Builder(Detection, Morale, Movement, DirectFire, Artillery, CarryingRules, MinefieldSight):
    """A mutable copy of a state while an action is applied; :meth:`freeze` makes the new state."""

    def __init__(self, s: BrigadeState) -> None:
        self.s = s
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

    def freeze(self) -> BrigadeState:
        if self.touched:
            self.refresh(self.touched)
        self.check_victory()
        return BrigadeState(self.ctx, self.move, self.phase, self.stage, self.selected, self.pending,
                            tuple(self.units), self.pairs, tuple(self.missions),
                            (frozenset(self.revealed[0]), frozenset(self.revealed[1])),
                            dict(self._gen.bit_generator.state) if self._gen is not None else self.s.rng,
                            tuple(self.log), self.result)

    def say(self, text: str, sides: Iterable[str] | None = None) -> None:
        self.log.append(Event(tuple(sides) if sides is not None else None, text))

    def roll(self, procedure: str, params: dict[str, Any], sides: Iterable[str] | None = None,
             head: str = "") -> Ruling:
        ruling = roll(procedure, params, rng=self.gen)
        self.say((head + "\n" if head else "") + str(ruling), sides)
        return ruling

    def u(self, i: int) -> U:
        return self.units[i]

    def set(self, i: int, **changes: Any) -> U:
        self.units[i] = replace(self.units[i], **changes)
        return self.units[i]

    def t(self, i: int) -> UnitType:
        return self.ctx.types[i]

    def tag(self, i: int) -> str:
        return f"\u27e8{i}\u27e9"

    def own(self, i: int) -> tuple[str]:
        return (self.ctx.side_of[i],)

    def known(self, side: str) -> dict[int, int]:
        return self.view().known(side)

    def check_victory(self) -> None:
        if self.result is not None:
            return
        ctx = self.ctx
        lost = {s: sum(1 for i in ctx.company_units[s] if not self.units[i].on) for s in ctx.sides}
        beaten = [s for s in ctx.sides if ctx.companies[s] and lost[s] >= ctx.companies[s] // 2 + 1]
        if beaten:
            v = self.view()
            winner = None if len(beaten) == 2 else ctx.enemy(beaten[0])
            reason = ("both sides lost half (50%+1) of their companies" if winner is None else
                      f"{beaten[0]} lost {v._lost(beaten[0])} of its {ctx.companies[beaten[0]]} companies, half "
                      f"(50%+1) or more (Winning and Losing)")
            self.finish(winner, reason)

    def finish(self, winner: str | None, reason: str) -> None:
        self.phase = "over"
        self.pending = ()
        self.selected = -1
        self.result = {"winner": winner, "reason": reason, **self.view()._scores()}
        self.say(f"The game is over: {reason}. " + (f"{winner} wins." if winner else "A draw."))

    def end_by_time(self) -> None:
        v = self.view()
        pts = {s: v.held(s) for s in self.ctx.sides}
        a, b = self.ctx.sides
        if pts[a] != pts[b]:
            w = a if pts[a] > pts[b] else b
            self.finish(w, f"the last period is over; {w} holds {pts[w]} objective points to "
                        f"{pts[self.ctx.enemy(w)]} (BR-130)")
        else:
            self.finish(None, f"the last period is over with the objectives shared {pts[a]} to {pts[b]} (BR-130)")

    def begin_move(self, move: int) -> None:
        ctx = self.ctx
        self.move = move
        self.stage = 0
        self.selected = -1
        self.pending = ()
        if move >= ctx.n_moves:
            self.refresh({i for i, u in enumerate(self.units) if max(u.moved, u.fired) == move - 2})
            self.end_by_time()
            return
        side = ctx.side_moving(move)
        for i in range(len(self.units)):
            if ctx.side_of[i] == side and self.units[i].on:
                self.set(i, order="", indirect=False, halves=0)
        self.say(f"Period {move // 2 + 1}, move {move % 2 + 1}: {side} moves.")
        # phase 1: casualty tests for losses suffered (BR-55)
        for i in range(len(self.units)):
            u = self.units[i]
            if ctx.side_of[i] == side and u.on and u.pending:
                self.casualty_test(i)
        # what changed since the last refresh: units whose last move's movement or fire no longer counts
        # as "moving or firing" (BR-110), and any touched above
        stale = {i for i, u in enumerate(self.units) if max(u.moved, u.fired) == move - 2}
        # a stale unit is seen differently now; only a vehicle also sees differently (it is no longer fast)
        self.refresh({i for i in stale if self.ctx.types[i].kind == "vehicle"} | self.touched, seen=stale)
        self.check_victory()
        if self.result is not None:
            return
        self.spot_minefields(side)
        if any(self.units[i].pinned for i in range(len(self.units))
               if ctx.side_of[i] == side and self.units[i].on):
            self.phase = "pins"
            return
        self.after_pins()

    def after_pins(self) -> None:
        self.phase = "requests"
        if len(self.view()._generate()) > 1:
            return
        self.end_requests()

    def end_requests(self) -> None:
        # missions not kept on in phase 3 stop (BR-152)
        side = self.ctx.side_moving(self.move)
        kept = []
        for m in self.missions:
            if self.ctx.mission_side(m) == side and m.landed is not None and m.due < self.move:
                continue
            kept.append(m)
        self.missions = kept
        self.phase = "indirect"
        self.arrivals()
        if self.result is not None:
            return
        if len(self.view()._generate()) > 1:
            return
        self.start_orders()

    def start_orders(self) -> None:
        self.phase = "orders"
        self.stage = 0
        self.selected = -1

    def end_move(self) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        # pre-planned paths: a unit given no order follows its plan, type C (BR-150)
        if self.stage <= 2:
            for i in range(len(self.units)):
                u = self.units[i]
                if ctx.side_of[i] == side and u.on and not u.order and u.plan and self.view()._can_move(i):
                    self.say(f"{self.tag(i)} follows its pre-planned path.", self.own(i))
                    self.follow_plan(i)
                    if self.result is not None:
                        return
        # close order lasts only while the unit's last move was an advance in close order: one that stood or
        # only fired this move is no longer in it ("Advancing in close order"; BR-187)
        for i in range(len(self.units)):
            u = self.units[i]
            if ctx.side_of[i] == side and u.on and u.close and u.moved != self.move:
                self.set(i, close=False)
                self.say(f"{self.tag(i)} did not advance this move: it is no longer in close order (BR-187).",
                         self.sides_seeing(i))
        self.begin_move(self.move + 1)

    def do(self, a: Hashable) -> None:
        ctx = self.ctx
        if isinstance(a, End):
            if self.phase == "requests":
                self.end_requests()
            elif self.phase == "indirect":
                self.start_orders()
            else:
                self.say(f"{ctx.side_moving(self.move)} ends its move.")
                self.end_move()
        elif isinstance(a, PinOrder):
            self.pin_tests(a.rightward)
        elif isinstance(a, PinChoice):
            self.resolve_pending_fire(a.take)
        elif isinstance(a, Select):
            self.selected = ctx.index[a.unit]
        elif isinstance(a, Hold):
            i = ctx.index[a.unit]
            if not self.pending:
                self.say(f"{self.tag(i)} holds.", self.own(i))
            self.done(i, self.units[i].order or "hold")
        elif isinstance(a, Fire):
            self.order_fire(ctx.index[a.unit], ctx.index[a.target], a.mode)
        elif isinstance(a, Advance):
            i = ctx.index[a.unit]
            self.begin_order(i, "B")
            p = self.s.dest_point(i, a.dest, True)
            assert p is not None
            self.move_unit(i, p, 0.5, f"advances {dest_words(a.dest)}")
            if self.result is None:
                self.after_advance(i)
        elif isinstance(a, Move):
            i = ctx.index[a.unit]
            follow = bool(self.pending)
            p = self.s.dest_point(i, a.dest, a.half or follow)
            assert p is not None
            if not follow:
                self.begin_order(i, "C")
            self.move_unit(i, p, 0.5 if (a.half or follow) else 1.0, f"moves {dest_words(a.dest)}", close=a.close)
            self.done(i, self.units[i].order)
        elif isinstance(a, MoveTo):
            self.move_to(a)
        elif isinstance(a, Deploy):
            i = ctx.index[a.unit]
            self.begin_order(i, "D")
            p = self.s.dest_point(i, a.dest, True)
            assert p is not None
            if a.dest != "here":
                self.move_unit(i, p, 0.5, f"moves {dest_words(a.dest)}")
            if self.units[i].on:
                self.set(i, limbered=False)
                self.say(f"{self.tag(i)} unlimbers (type D: it may not fire this move).", self.sides_seeing(i))
            self.done(i, "D")
        elif isinstance(a, Limber):
            i = ctx.index[a.unit]
            self.begin_order(i, "E")
            self.set(i, limbered=True)
            self.say(f"{self.tag(i)} limbers up (type E).", self.sides_seeing(i))
            p = self.s.dest_point(i, a.dest, True) if a.dest != "here" else None
            if p is not None:
                self.move_unit(i, p, 0.5, f"moves {dest_words(a.dest)}")
            self.done(i, "E")
        elif isinstance(a, FollowPlan):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.follow_plan(i)
            self.done(i, "C")
        elif isinstance(a, Dismount):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            if a.dest != "here":
                p = self.s.dest_point(i, a.dest, True)
                assert p is not None
                self.move_unit(i, p, 0.5, f"rides {dest_words(a.dest)}")
            if self.units[i].on:
                self.dismount(i)
                self.refresh([i])
            self.done(i, "C")
        elif isinstance(a, Mount):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.mount(i)
            self.other_half(i, a.dest, "rides")
            self.refresh([i])
            self.done(i, "C")
        elif isinstance(a, Embark):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.embark(i, ctx.index[a.carrier])
            self.done(i, "C")
        elif isinstance(a, Disembark):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.disembark(i)
            self.other_half(i, a.dest, "moves")
            self.done(i, "C")
        elif isinstance(a, Request):
            self.request(ctx.index[a.caller], ctx.battery_index[a.battery], ctx.index[a.target])
        elif isinstance(a, RequestPoint):
            self.request_point(ctx.index[a.caller], ctx.battery_index[a.battery], a.point)
        elif isinstance(a, Call):
            self.call(ctx.index[a.caller], ctx.index[a.unit], ctx.index[a.target])
        elif isinstance(a, Continue | Walk):
            self.keep_fire(a)
        elif isinstance(a, Bombard):
            self.bombard(ctx.index[a.unit], ctx.index[a.target])
        elif isinstance(a, BombardFeature):
            self.bombard(ctx.index[a.unit], None, a.feature)
        else:
            raise UsageError(f"{a!r} is not a Brigade action")

    def begin_order(self, i: int, kind: str) -> None:
        self.stage = max(self.stage, TYPE_INDEX[kind])
        self.set(i, order=kind)
        self.selected = i

    def done(self, i: int, kind: str) -> None:
        if self.units[i].on:
            self.set(i, order=kind or "hold")
        self.selected = -1
        if self.pending and self.pending[0] != "pin":
            self.pending = ()

    def sides_seeing(self, i: int) -> tuple[str, ...]:
        """The unit's own side, and the enemy if it has detected the unit."""
        side = self.ctx.side_of[i]
        enemy = self.ctx.enemy(side)
        return (side, enemy) if any(e == i and self.ctx.side_of[o] == enemy for (o, e) in self.pairs) else (side,)


def apply(state: BrigadeState, action: Hashable) -> BrigadeState:
    """The state after a legal ``action``: the rules of play a state hands its actions to."""
    b = Builder(state)
    b.do(action)
    return b.freeze()
