"""The legal actions of a Brigade position, and why an action is not one of them.

Seed 004 "Move Sequence": phase 2 pin tests, phase 3 artillery requests (BR-150 ... BR-152, BR-184), phase 4
indirect fire (BR-153, BR-178), phase 5 orders by type A to E (BR-121 ... BR-123), the half moves after firing
and advancing, the pin a target's side chooses; orders of cavalry and transport (their effects are
:mod:`.transport`'s), free-form moves (BR-160).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from warroom.core.errors import UsageError
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade import movement_table, paths
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
from warroom.rulesets.brigade.game.common import BIKE_REACH, CONTACT, action_of, rounded
from warroom.rulesets.brigade.game.rules import Position


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

    def check_move_to(self, action: MoveTo) -> None:
        """A free-form move is legal where the same type of move to a destination would be (BR-160)."""
        ctx = self.ctx
        if action.unit not in ctx.index:
            raise UsageError(f"no unit '{action.unit}' in this scenario")
        i = ctx.index[action.unit]
        x, y = action.point
        if not (0 <= x <= ctx.width and 0 <= y <= ctx.depth):
            raise UsageError(f"{action}: ({x:g}, {y:g}) is off the {ctx.width:g}\" x {ctx.depth:g}\" table")
        legal = self.legal_actions()
        kinds = {"A": Move, "B": Advance, "C": Move, "D": Deploy, "E": Limber, "M": Mount, "S": Dismount,
                 "X": Disembark}
        if action.order not in kinds:
            raise UsageError(f"{action}: order must be A (the half move after firing), B, C, D, E, M (mount), "
                             "S (dismount) or X (disembark)")
        want = kinds[action.order]
        ok = [a for a in legal if isinstance(a, want) and getattr(a, "unit", None) == action.unit
              and (action.order != "A" or (self.pending and self.pending[0] == "after_fire"))
              and (action.order != "C" or not self.pending)]
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
        cost = paths.path_cost(ctx.field, start, action.point, row, tons=ctx.types[i].tons)
        if not cost.passable:
            raise UsageError(f"{action}: {cost.blocked}")
        budget = 0.5 if action.order != "C" else 1.0
        top = {c: 6 for c in cost.random_columns}
        if cost.share(top) > budget + 1e-9:
            raise UsageError(f"{action}: the point is {cost.length:.1f}\" away, beyond the "
                             f"{'half ' if budget < 1 else ''}move of a {movement_table.mover(row).label} unit "
                             "over that ground even at its best throw")

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
