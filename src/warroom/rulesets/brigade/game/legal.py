"""The legal actions of a Brigade position, and why an action is not one of them.

Seed 004 "Move Sequence": phase 2 pin tests, phase 3 artillery requests (BR-150 ... BR-152, BR-184), phase 4
indirect fire (BR-153, BR-178), phase 5 orders by type A to E (BR-121 ... BR-123), the half moves after firing
and advancing, the pin a target's side chooses; orders of cavalry and transport (their effects are
:mod:`.transport`'s), free-form moves (BR-160).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from warroom.core.errors import UsageError
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade import movement_table
from warroom.rulesets.brigade.f_tables import INDIRECT
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
)
from warroom.rulesets.brigade.game.common import (
    BIKE_REACH,
    CONTACT,
    KEEP_OFF,
    action_of,
    max_inches,
    pt,
    rounded,
    segment_clear,
    stop_short,
)
from warroom.rulesets.brigade.game.rules import Position

_GROUND = {"road": "on road", "open": "in the open", "rough": "in rough ground or open woods",
           "thick": "in thick woods"}
"""The movement table's columns (seed 004 "Movement") as a reason for how far a move gets reads them."""


class LegalActions(tuple[Hashable, ...]):
    """The discrete legal actions, in a stable order; ``in`` also accepts a free-form move that is legal
    now (:class:`MoveTo`), so a record with one replays (BR-160)."""

    state: Orders

    def __contains__(self, action: object) -> bool:
        if isinstance(action, MoveTo):
            try:
                self.state.check_move_to(action)
            except UsageError:
                return False
            return True
        return tuple.__contains__(self, action)


class Orders(Position):
    """A position with its legal actions: every phase's and every unit's orders."""

    def legal_actions(self) -> LegalActions:
        legal: LegalActions | None = self._legal
        if legal is None:
            legal = LegalActions(self.generate())
            legal.state = self
            self._legal = legal
        return legal

    def generate(self) -> list[Hashable]:
        if self.result_data is not None:
            return []
        if self.pending:
            kind = self.pending[0]
            if kind == "pin":
                return [PinChoice(True), PinChoice(False)]
            i = self.pending[1]
            uid = self.ctx.ids[i]
            if kind == "after_fire":
                out: list[Hashable] = [action_of(Hold, uid)]
                out += [action_of(Move, uid, d, True, False) for d in self.dests(i, half=True)]
                return out
            if kind == "after_advance":
                out = [action_of(Hold, uid)]
                out += [action_of(Fire, uid, self.ctx.ids[t], m) for t, m in self._targets(i, moving=True)]
                return out
            raise AssertionError(kind)
        side = self.moving_side
        if self.phase == "pins":
            return [PinOrder(True), PinOrder(False)]
        if self.phase == "requests":
            return [End(), *self._request_actions(side)]
        if self.phase == "indirect":
            out = [End()]
            for i in self._side_units(side):
                if self._can_bombard(i):
                    out += [action_of(Bombard, self.ctx.ids[i], self.ctx.ids[t]) for t in self._bombard_targets(i)]
                    out += [action_of(BombardFeature, self.ctx.ids[i], name) for name in self._area_targets(i)]
            return out
        if self.selected >= 0:
            return self._orders(self.selected)
        out = [End()]
        for i in self._side_units(side):
            u = self.units[i]
            if not u.order and not u.indirect and self._orders(i, probe=True):
                out.append(action_of(Select, self.ctx.ids[i]))
        return out

    def why_not(self, action: Hashable, legal: Sequence[Hashable]) -> str:
        words = ", ".join(str(a) for a in legal[:12]) + (f" ... ({len(legal)} in all)" if len(legal) > 12 else "")
        where = self._where_words()
        return f"{action} is not legal {where}; legal now: {words}"

    def _where_words(self) -> str:
        if self.pending and self.pending[0] == "pin":
            return f"while {self.ctx.ids[self.pending[1]]}'s side decides whether to take a pin marker"
        phase = {"pins": "in phase 2 (pin tests)", "requests": "in phase 3 (artillery requests)",
                 "indirect": "in phase 4 (off table and indirect fire)", "orders": "in phase 5 (fire and movement)"}
        return f"{phase.get(self.phase, self.phase)}, move {self.move + 1} ({self.moving_side})"

    def _request_actions(self, side: str) -> list[Hashable]:
        ctx = self.ctx
        out: list[Hashable] = []
        busy = {m.battery for m in self.missions if m.unit < 0}
        free = [k for k, b in enumerate(ctx.batteries) if b.side == side and k not in busy]
        for m in self.missions:
            if m.landed is None or m.due >= self.move or ctx.mission_side(m) != side:
                continue  # due == move: already kept on or walked in this phase 3 (once a move, BR-188)
            bid = ctx.mission_id(m)
            if self.units[m.caller].on:
                out.append(Continue(bid))
                if ctx.types[m.caller].kind == "observer":
                    out += [Walk(bid, ctx.ids[e]) for e in self._walk_targets(m)]
        callers = self._callers(side)
        guns = self._callable(side)  # on-table mortars and guns, called like a battery (BR-192)
        if guns:
            for c in callers:
                targets = sorted(e for (o, e), _ in self.pairs.items() if o == c and self.units[e].on)
                out += [action_of(Call, ctx.ids[c], ctx.ids[k], ctx.ids[e]) for k in guns for e in targets]
        if free:
            points = [p.name for p in ctx.aiming_points if p.side == side]
            artillery = [k for k in free if not INDIRECT.firers[ctx.batteries[k].fire].mortar]  # type: ignore[index]
            for c in callers:
                targets = [e for (o, e), _ in self.pairs.items() if o == c and self.units[e].on]
                for k in free:
                    out += [Request(ctx.ids[c], ctx.batteries[k].id, ctx.ids[e]) for e in sorted(targets)]
                for k in artillery:  # defensive fire on a pre registered point, no enemy needed there (BR-184)
                    out += [action_of(RequestPoint, ctx.ids[c], ctx.batteries[k].id, n) for n in points]
        return out

    def _orders(self, i: int, probe: bool = False) -> list[Hashable]:
        """The orders unit ``i`` may be given now: types at or after the current one (BR-121); a pinned unit
        may fire but not move (BR-123)."""
        ctx = self.ctx
        uid = ctx.ids[i]
        u = self.units[i]
        t = ctx.types[i]
        out: list[Hashable] = []
        stage = self.stage
        if not probe:
            out.append(action_of(Hold, uid))
        if u.aboard >= 0:  # riders may only get out (BR-171)
            if stage <= 2 and self._may_disembark(i):
                out += [action_of(Disembark, uid, d) for d in ("here", *self.dests(i, half=True, row="infantry"))]
            return out
        can_move = self.can_move(i)
        if probe and ((can_move and stage <= 2) or (t.kind == "gun" and stage <= 4 and not u.pinned)):
            return [action_of(Hold, uid)]
        if stage <= 0 and self.can_fire(i, moving=False):
            for e, mode in self._targets(i, moving=False):
                out.append(action_of(Fire, uid, ctx.ids[e], mode))
                if probe:
                    return out
        if stage <= 1 and can_move and self.can_fire(i, moving=True) and t.kind != "gun":
            for d in self.dests(i, half=True):
                out.append(action_of(Advance, uid, d))
                if probe:
                    return out
        if stage <= 2 and can_move:
            if u.plan and not u.halves:
                out.append(action_of(FollowPlan, uid))
            for d in self.dests(i, half=False):
                if not u.halves:  # a carrier that has spent half its move carrying moves only half (BR-171)
                    out.append(action_of(Move, uid, d, False, False))
                out.append(action_of(Move, uid, d, True, False))
                if t.kind in ("infantry", "cavalry") and (d.startswith("obj") or d == "enemy") \
                        and not (t.bicycles and u.mounted):  # cyclists close up on foot (BR-179)
                    out.append(action_of(Move, uid, d, False, True))
                if probe:
                    return out
            out += self._carry_orders(i)
        if stage <= 3 and t.kind == "gun" and u.limbered and not u.pinned and not u.indirect:
            out += [action_of(Deploy, uid, d) for d in ("here", *(self.dests(i, half=True) if can_move else ()))]
        if stage <= 4 and t.kind == "gun" and not u.limbered and not u.indirect and not u.pinned:
            out += [action_of(Limber, uid, d) for d in ("here", *self.dests(i, half=True))]
        return out

    def _free_orders(self, i: int) -> list[Hashable]:
        """The orders unit ``i`` may be given now, its selection implied in phase 5: a free-form move selects the
        unit it moves, as a person points at a stand and says where it goes (BR-160)."""
        legal = self.legal_actions()
        uid = self.ctx.ids[i]
        if not self.pending and self.phase == "orders" and self.selected < 0 and Select(uid) in legal:
            return self._orders(i)
        return list(legal)

    def _free_start(self, action: MoveTo) -> tuple[int, str, geo.Point]:
        """Unit, movement row and starting point of a free-form move (``check_move_to``'s first checks)."""
        ctx = self.ctx
        if action.unit not in ctx.index:
            raise UsageError(f"no unit '{action.unit}' in this scenario")
        i = ctx.index[action.unit]
        x, y = action.point
        if not (0 <= x <= ctx.width and 0 <= y <= ctx.depth):
            raise UsageError(f"{action}: ({x:g}, {y:g}) is off the {ctx.width:g}\" x {ctx.depth:g}\" table")
        kinds = {"A": Move, "B": Advance, "C": Move, "D": Deploy, "E": Limber, "M": Mount, "S": Dismount,
                 "X": Disembark, "K": Move}
        if action.order not in kinds:
            raise UsageError(f"{action}: order must be A (the half move after firing), B, C, D, E, M (mount), "
                             "S (dismount), X (disembark) or K (type C in close order)")
        want = kinds[action.order]
        ok = [a for a in self._free_orders(i) if isinstance(a, want) and getattr(a, "unit", None) == action.unit
              and (action.order != "A" or (self.pending and self.pending[0] == "after_fire"))
              and (action.order not in ("C", "K") or not self.pending)
              and (action.order != "K" or getattr(a, "close", False))]  # close order where it is offered (BR-26)
        if not ok:
            raise UsageError(f"{action} is not legal {self._where_words()}: {action.unit} may not make a type "
                             f"{action.order} move now")
        u = self.units[i]
        t = ctx.types[i]
        row = {"M": "bicycles" if t.bicycles else "cavalry",
               "X": "support_weapons" if t.kind == "support" else "infantry"}.get(action.order, ctx.mover(i, u))
        start = u.anchor()
        if action.order == "M" and t.bicycles:  # cyclists mount beside their bicycles, and ride from there (BR-182)
            if geo.distance(start, u.bikes[0]) > CONTACT + 1e-9:
                raise UsageError(f"{action}: {action.unit} is {geo.distance(start, u.bikes[0]):.1f}\" from its "
                                 "bicycles; it rides on only when it mounts beside them (within 1 1/2\"); order it to "
                                 "mount where it stands to walk back to them first (BR-182)")
            start = u.bikes[0]
        elif action.order == "M":  # the unit mounts on its horse lines, and rides from there
            lines = u.horse_lines
            start = (rounded(sum(p[0] for p in lines) / len(lines)), rounded(sum(p[1] for p in lines) / len(lines)))
        return i, row, start

    def free_budget(self, i: int, order: str) -> float:
        """The share of a move a free-form move of type ``order`` has: a full move for type C (half for a carrier
        that has spent half its move carrying, BR-171), half for the others (BR-121, BR-162, BR-171)."""
        return 1.0 if order in ("C", "K") and not self.units[i].halves else 0.5

    def check_move_to(self, action: MoveTo) -> None:
        """A free-form move is legal where the same type of move to a destination would be (BR-160), and where the
        unit gets to the point at its best throw for the ground on the way (the movement table, BR-5) without
        coming within 1" of an enemy figure its side knows of (BR-190); see :meth:`reach_towards`."""
        i, row, start = self._free_start(action)
        cost = self.ctx.path(start, action.point, row, self.ctx.types[i].tons)
        budget = self.free_budget(i, action.order)
        top = {c: 6 for c in cost.random_columns}
        if not cost.passable or cost.share(top) > budget + 1e-9 or self._enemy_stop(i, start, action.point):
            raise UsageError(f"{action}: {self.reach_words(action)}")

    def _enemy_stop(self, i: int, start: geo.Point, end: geo.Point) -> geo.Point | None:
        """Where a move from ``start`` to ``end`` stops 1" short of an enemy figure the unit's side knows of
        (BR-190), or None; undetected enemies stop it in play (BR-205), but cannot be foreseen."""
        known = self.known(self.ctx.side_of[i])
        pts = [f for k in known if self.units[k].on and self.units[k].aboard < 0 for f in self.units[k].figs]
        if not pts or segment_clear(start, end, pts, KEEP_OFF):
            return None
        return stop_short(start, end, pts, KEEP_OFF)

    def reach_towards(self, action: MoveTo) -> tuple[float, geo.Point, str]:
        """How far a free-form move gets towards its point at the best throw (inches, the point, why it stops
        there): the terrain's rates and linear features (BR-1 ... BR-8), the move's share (full or half) and the
        1" stop short of enemy figures the side knows of (BR-190)."""
        i, row, start = self._free_start(action)
        cost = self.ctx.path(start, action.point, row, self.ctx.types[i].tons)
        budget = self.free_budget(i, action.order)
        got = cost.reach({c: 6 for c in cost.random_columns}, budget)
        end, why = got.point, got.reason
        if why == "the move is used up":
            ground = []
            for leg in cost.legs:
                if leg.rate is not None and leg.length > 1e-9:
                    words = f"{leg.rate.text}\" a move {_GROUND[leg.column]}"
                    if words not in ground:
                        ground.append(words)
            how = "the half move (half a move" if budget < 1 else "the move (a full move"
            why = (f"beyond {how} of {movement_table.mover(row).label.lower()} at its best throw: "
                   + ", ".join(ground) + "; seed 004 movement table)")
        stop = self._enemy_stop(i, start, end)
        if stop is not None:
            end, why = stop, "it stops 1\" short of the enemy (BR-190)"
        return geo.distance(start, end), pt(end), why

    def reach_words(self, action: MoveTo) -> str:
        """Why ``action``'s point is out of reach, with how far the unit gets that way."""
        inches, end, why = self.reach_towards(action)
        x, y = action.point
        return (f"{action.unit} can go {inches:.1f}\" towards {x:g},{y:g} (to {end[0]:.1f},{end[1]:.1f}), not the "
                f"{geo.distance(self._free_start(action)[2], action.point):.1f}\" there: {why}")

    def _default_order(self, i: int) -> str:
        """The free-form move unit ``i`` makes now: the half move after its fire (A), else type C, else a gun's
        deploying (D) or limbering up (E)."""
        if self.pending and self.pending[0] == "after_fire" and self.pending[1] == i:
            return "A"
        unit = self.ctx.ids[i]
        orders = self._free_orders(i)
        kinds = [k for k, cls in (("C", Move), ("D", Deploy), ("E", Limber))
                 if any(isinstance(a, cls) and getattr(a, "unit", None) == unit for a in orders)]
        if not kinds:
            raise UsageError(f"{unit} may not move {self._where_words()}")
        return kinds[0]

    def move_to(self, unit: str, point: tuple[float, float], order: str | None = None,
                snap: bool = False) -> MoveTo:
        """The lawful free-form move of ``unit`` to ``point`` (inches; quantised to 0.1"), of type ``order`` (by
        default the half move after its fire, else a type C move, else a gun's D or E); ``snap``: to the furthest
        lawful point on the way when the point is out of reach. One clear error says why it is not lawful and how
        far the unit can go that way (BR-160, BR-190)."""
        ctx = self.ctx
        if unit not in ctx.index:
            raise UsageError(f"no unit '{unit}' in this scenario; units: {', '.join(ctx.ids)}")
        i = ctx.index[unit]
        x, y = float(point[0]), float(point[1])
        if not (math.isfinite(x) and math.isfinite(y) and 0 <= x <= ctx.width and 0 <= y <= ctx.depth):
            raise UsageError(f"({x:g}, {y:g}) is off the {ctx.width:g}\" x {ctx.depth:g}\" table (x from 0 to "
                             f"{ctx.width:g}, y from 0 to {ctx.depth:g})")
        x10, y10 = round(x * 10), round(y * 10)
        order = order or self._default_order(i)
        action = MoveTo(unit, x10, y10, order)
        try:
            self.check_move_to(action)
        except UsageError:
            if not snap:
                raise
            _, end, _ = self.reach_towards(action)
            here = self._free_start(action)[2]
            for k in range(20):  # the furthest point in tenths of an inch short of where the move stops
                f = max(0.0, 1 - k * 0.1 / max(geo.distance(here, end), 0.1))
                snapped = MoveTo(unit, _tenths(here[0], end[0], f), _tenths(here[1], end[1], f), order)
                try:
                    self.check_move_to(snapped)
                except UsageError:
                    continue
                return snapped
            raise
        return action

    def reach_outline(self, unit: str, order: str | None = None, rays: int = 72) -> list[geo.Point]:
        """The ground ``unit`` can reach now at its best throw, as the outline of the furthest lawful points on
        ``rays`` headings (:meth:`reach_towards` each): what a front end shades for the player of its side (only
        the terrain, the unit and the enemies its side knows of go into it)."""
        if unit not in self.ctx.index:
            raise UsageError(f"no unit '{unit}' in this scenario; units: {', '.join(self.ctx.ids)}")
        j = self.ctx.index[unit]
        here = self.units[j].anchor()
        probe = MoveTo(unit, round(here[0] * 10), round(here[1] * 10), order or self._default_order(j))
        i, row, start = self._free_start(probe)
        far = max_inches(row) * self.free_budget(i, probe.order) + 1.0
        ctx = self.ctx
        out: list[geo.Point] = []
        for k in range(rays):
            a = 2 * math.pi * k / rays
            goal = self._clip(start, (start[0] + far * math.sin(a), start[1] + far * math.cos(a)))
            aim = MoveTo(unit, round(goal[0] * 10), round(goal[1] * 10), probe.order)
            if not (0 <= aim.x10 <= ctx.width * 10 and 0 <= aim.y10 <= ctx.depth * 10):
                continue
            out.append(self.reach_towards(aim)[1])
        return out

    # the orders of cavalry and of troops with transport (type C): seed 004 "Mounting and dismounting",
    # "Entering / leaving vehicles" (BR-48, BR-162, BR-170, BR-171, BR-182)

    def _carry_orders(self, i: int) -> list[Hashable]:
        """Mount and dismount (cavalry, BR-162) and embark (troops, BR-171): type C orders of a unit that may move."""
        ctx = self.ctx
        uid = ctx.ids[i]
        u = self.units[i]
        t = ctx.types[i]
        out: list[Hashable] = []
        if t.kind == "cavalry" and u.mounted and len(u.figs) >= 2:
            out += [action_of(Dismount, uid, d) for d in ("here", *self.dests(i, half=True))]
        if t.kind == "cavalry" and self._may_mount(i):
            out += [action_of(Mount, uid, d) for d in ("here", *self.dests(i, half=True, row="cavalry"))]
        if t.bicycles:
            if u.mounted:
                out += [action_of(Dismount, uid, d) for d in ("here", *self.dests(i, half=True))]
            elif self._may_mount(i):  # on foot: back to the bicycles, and ride on only from beside them (BR-182)
                beside = geo.distance(u.anchor(), u.bikes[0]) <= CONTACT + 1e-9
                out += [action_of(Mount, uid, d) for d in ("here", *(self.dests(i, half=True, row="bicycles")
                                                                if beside else ()))]
        if t.rides:
            reach = self._max_inches(i) * 0.5 + CONTACT
            here = u.anchor()
            for c in self._carriers(ctx.side_of[i], len(u.figs)):
                if geo.distance(here, self.units[c].anchor()) <= reach:
                    out.append(action_of(Embark, uid, ctx.ids[c]))
        return out

    def _carriers(self, side: str, figures: int) -> list[int]:
        """The empty vehicles of ``side`` that can take ``figures`` and have half a move left (BR-170, BR-171)."""
        ctx = self.ctx
        full = {u.aboard for u in self.units if u.on and u.aboard >= 0}
        return [c for c in self._side_units(side) if ctx.types[c].carries >= figures and c not in full
                and self.units[c].halves <= 1 and self.units[c].aboard < 0]

    def _may_disembark(self, i: int) -> bool:
        """Riders get out when they are not pinned and their vehicle has half a move left to spend (BR-171)."""
        u = self.units[i]
        return not u.pinned and self.units[u.aboard].halves <= 1

    def _may_mount(self, i: int) -> bool:
        """Dismounted cavalry mount when their horse holders live and are with them, within 6" (BR-48, BR-162);
        cyclists when their bicycles are within half a move on foot and contact (3" + 1 1/2", BR-182)."""
        u = self.units[i]
        if self.ctx.types[i].bicycles:
            return not u.mounted and bool(u.bikes) and geo.distance(u.anchor(), u.bikes[0]) <= BIKE_REACH + 1e-9
        return not u.mounted and u.holders > 0 and not geo.integrity(u.fighting, u.horse_lines).stray_holders


def _tenths(start: float, end: float, f: float) -> int:
    """The coordinate ``f`` of the way from ``start`` to ``end``, in tenths of an inch rounded towards ``start``."""
    v = round((start + (end - start) * f) * 10, 6)
    return math.floor(v) if end >= start else math.ceil(v)
