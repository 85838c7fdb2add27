"""Cavalry and transport in the Brigade game: mounting and dismounting, horse holders and horses under fire,
troops embarking in and disembarking from vehicles, and what happens to riders when their vehicle is hit.

Seed 004 "Mounting and dismounting" ("It takes half a move for a unit to mount or dismount. At least one
figure in every four must act as a horse holder ... within 6 inches"), "Entering / leaving vehicles"
("It takes half a move for troops to enter or leave a vehicle, to embark they must be in contact with the
vehicle, disembarking leaves them in contact with the vehicle"), "Saving throws" ("Escaping from a
destroyed vehicle 3+") and "Notes" ("Troops who escape from a destroyed vehicle are automatically
pinned"); seed 003 "MINES" for riders of a vehicle that meets a mine. Readings BR-48, BR-49 and BR-161 ...
BR-172 (docs/rulings.md). The mixins below are parts of
:class:`~warroom.rulesets.brigade.game.legal.Orders` (the orders) and
:class:`~warroom.rulesets.brigade.game.play.Builder` (their effects, written against
:class:`~warroom.rulesets.brigade.game.effects.Board`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.actions import Dismount, Embark, Mount
from warroom.rulesets.brigade.game.common import Coord, action_of, killed_of, onto_table, pt, rounded
from warroom.rulesets.brigade.game.effects import Board
from warroom.rulesets.brigade.game.scenario import formation, holders_last, holders_of, horse_lines

if TYPE_CHECKING:
    from warroom.rulesets.brigade.game.common import U
    from warroom.rulesets.brigade.game.rules import Context

CONTACT = 1.5
"""Troops are in contact with a vehicle when their centre is within 1 1/2" of it (a figure's base touching a
model, BR-21's reach of a half-track; BR-171), and cyclists with their bicycles (BR-182)."""
BIKE_REACH = 3.0 + CONTACT
"""How far from its bicycles a cyclist company on foot may be ordered to mount: half its move on foot (the
infantry row's 6" at best, halved) and then contact (BR-182)."""


class _Orders(Protocol):
    """What the orders below use of the state (BrigadeState)."""

    @property
    def ctx(self) -> Context: ...
    @property
    def units(self) -> Sequence[U]: ...
    def _side_units(self, side: str) -> Iterator[int]: ...
    def _dests(self, i: int, half: bool, row: str | None = None) -> list[str]: ...
    def _max_inches(self, i: int) -> float: ...
    def _carriers(self, side: str, figures: int) -> list[int]: ...
    def _may_mount(self, i: int) -> bool: ...


class CarryingOrders:
    """The orders of cavalry and of troops with transport (type C), offered by the state."""

    def _carry_orders(self: _Orders, i: int) -> list[Hashable]:
        """Mount and dismount (cavalry, BR-162) and embark (troops, BR-171): type C orders of a unit that may move."""
        ctx = self.ctx
        uid = ctx.ids[i]
        u = self.units[i]
        t = ctx.types[i]
        out: list[Hashable] = []
        if t.kind == "cavalry" and u.mounted and len(u.figs) >= 2:
            out += [action_of(Dismount, uid, d) for d in ("here", *self._dests(i, half=True))]
        if t.kind == "cavalry" and self._may_mount(i):
            out += [action_of(Mount, uid, d) for d in ("here", *self._dests(i, half=True, row="cavalry"))]
        if t.bicycles:
            if u.mounted:
                out += [action_of(Dismount, uid, d) for d in ("here", *self._dests(i, half=True))]
            elif self._may_mount(i):  # on foot: back to the bicycles, and ride on only from beside them (BR-182)
                beside = geo.distance(u.anchor(), u.bikes[0]) <= CONTACT + 1e-9
                out += [action_of(Mount, uid, d) for d in ("here", *(self._dests(i, half=True, row="bicycles")
                                                                if beside else ()))]
        if t.rides:
            reach = self._max_inches(i) * 0.5 + CONTACT
            here = u.anchor()
            for c in self._carriers(ctx.side_of[i], len(u.figs)):
                if geo.distance(here, self.units[c].anchor()) <= reach:
                    out.append(action_of(Embark, uid, ctx.ids[c]))
        return out

    def _carriers(self: _Orders, side: str, figures: int) -> list[int]:
        """The empty vehicles of ``side`` that can take ``figures`` and have half a move left (BR-170, BR-171)."""
        ctx = self.ctx
        full = {u.aboard for u in self.units if u.on and u.aboard >= 0}
        return [c for c in self._side_units(side) if ctx.types[c].carries >= figures and c not in full
                and self.units[c].halves <= 1 and self.units[c].aboard < 0]

    def _may_disembark(self: _Orders, i: int) -> bool:
        """Riders get out when they are not pinned and their vehicle has half a move left to spend (BR-171)."""
        u = self.units[i]
        return not u.pinned and self.units[u.aboard].halves <= 1

    def _may_mount(self: _Orders, i: int) -> bool:
        """Dismounted cavalry mount when their horse holders live and are with them, within 6" (BR-48, BR-162);
        cyclists when their bicycles are within half a move on foot and contact (3" + 1 1/2", BR-182)."""
        u = self.units[i]
        if self.ctx.types[i].bicycles:
            return not u.mounted and bool(u.bikes) and geo.distance(u.anchor(), u.bikes[0]) <= BIKE_REACH + 1e-9
        return not u.mounted and u.holders > 0 and not geo.integrity(u.fighting, u.horse_lines).stray_holders


class CarryingRules:
    """What those orders do, and what befalls riders and horse holders, applied by the builder."""

    def onto(self: Board, p: Coord) -> Coord:
        """A point put on the table (onto its edge if off it), to the hundredth of an inch."""
        return pt(onto_table(self.ctx.width, self.ctx.depth, p))

    def riders(self: Board, c: int) -> list[int]:
        """The units riding in vehicle ``c``."""
        return [r for r, u in enumerate(self.units) if u.on and u.aboard == c]

    def half_move_action(self: Board, i: int, action: str, troops: str) -> None:
        """The ruling of a half-move action (no dice): what it takes and what is left (BR-47 ... BR-49)."""
        self.roll("brigade/half-move-action", {"action": action, "troops": troops,
                                               "figures": len(self.units[i].figs) if action in ("mount", "dismount")
                                               else 0}, self.sides_seeing(i), head=f"{self.tag(i)}: {action}")

    def dismount(self: Board, i: int) -> None:
        """Mounted cavalry dismount where they stand: one figure in four (or part of four) stays as a horse holder
        in the horse lines 2" behind, the rest form a line on foot (BR-48, BR-162)."""
        u = self.units[i]
        if self.t(i).bicycles:
            self.dismount_cyclists(i)
            return
        n = len(u.figs)
        holders = holders_of(n)
        order = holders_last(u.roles, holders)
        keep, held = order[:n - holders], order[n - holders:]
        centre = u.anchor()
        line = formation(centre, len(keep), u.facing) if len(keep) > 1 else (centre,)
        lines = horse_lines(centre, u.facing, holders)
        figs = tuple(self.onto(p) for p in (*line, *lines))
        roles = tuple(u.roles[k] for k in (*keep, *held))
        self.half_move_action(i, "dismount", "cavalry")
        self.set(i, figs=figs, roles=roles, mounted=False, holders=holders, close=False)
        self.touched.add(i)
        self.say(f"{self.tag(i)} dismounts: {holders} horse holder{'s' if holders > 1 else ''} stay with the horses "
                 f"at ({lines[0][0]:g}, {lines[0][1]:g}).", self.sides_seeing(i))

    def mount(self: Board, i: int) -> None:
        """Dismounted cavalry go back to their horses and mount: the unit forms mounted on its horse lines
        (BR-48, BR-162)."""
        u = self.units[i]
        if self.t(i).bicycles:
            self.mount_cyclists(i)
            return
        lines = u.horse_lines
        at = (rounded(sum(p[0] for p in lines) / len(lines)), rounded(sum(p[1] for p in lines) / len(lines)))
        n = len(u.figs)
        figs = formation(at, n, u.facing) if n > 1 else (at,)
        self.half_move_action(i, "mount", "cavalry")
        self.set(i, figs=tuple(self.onto(p) for p in figs), mounted=True, holders=0, pinned=False,
                 close=False)
        self.touched.add(i)
        self.say(f"{self.tag(i)} mounts at its horse lines ({at[0]:g}, {at[1]:g}).", self.sides_seeing(i))

    def cyclist_ruling(self: Board, i: int, action: str) -> None:
        """The ruling of a cyclist company's half-move action (no dice), said to the sides that see it:
        seed 004 "Mounting and dismounting" gives half a move; brigade/half-move-action is written for horses
        (it counts horse holders), so the words are the game's own (BR-181)."""
        n = len(self.units[i].figs)
        if action == "dismount":
            words = (f"{self.tag(i)} dismounts from its bicycles (half a move, Mounting and dismounting): all {n} "
                     "figures fight on foot, as infantry; the bicycles stay where they are, with no holders (BR-181)")
        else:
            words = (f"{self.tag(i)} mounts its bicycles (half a move, Mounting and dismounting): it rides by the "
                     "Bicycles row (12\" on road, 6\" in the open, not in rough ground or woods) and does not fire "
                     "mounted (BR-179, BR-180)")
        self.say(words + ".", self.sides_seeing(i))

    def dismount_cyclists(self: Board, i: int) -> None:
        """Cyclists get off their bicycles where they stand: every figure fights (bicycles need no holders), in a
        line on the unit's centre, and the bicycles are left at that centre (BR-181)."""
        u = self.units[i]
        centre = u.anchor()
        n = len(u.figs)
        line = formation(centre, n, u.facing) if n > 1 else (centre,)
        self.cyclist_ruling(i, "dismount")
        self.set(i, figs=tuple(self.onto(p) for p in line), mounted=False, bikes=(centre,), close=False)
        self.touched.add(i)

    def mount_cyclists(self: Board, i: int) -> None:
        """Cyclists on foot go back to their bicycles: from beside them (within 1 1/2") they mount at once, half a
        move, and may ride the other half; from farther they walk up to half a move to them first, and mount if
        they reach them (that is the whole move), or stay where they stopped (BR-182)."""
        u = self.units[i]
        bikes = u.bikes[0]
        if geo.distance(u.anchor(), bikes) > CONTACT + 1e-9:
            self.move_unit(i, bikes, 0.5, "walks back to its bicycles")
            u = self.units[i]
            if not u.on:
                return
            if geo.distance(u.anchor(), bikes) > CONTACT + 1e-9:
                self.say(f"{self.tag(i)} does not reach its bicycles this move and cannot mount (BR-182).",
                         self.sides_seeing(i))
                return
        n = len(u.figs)
        figs = formation(bikes, n, u.facing) if n > 1 else (bikes,)
        self.cyclist_ruling(i, "mount")
        self.set(i, figs=tuple(self.onto(p) for p in figs), mounted=True, bikes=(), close=False)
        self.touched.add(i)

    def horses_under_fire(self: Board, i: int, holders_before: int, fighting_left: int) -> None:
        """Horse holders killed: when the last of them falls the horses are lost and the unit fights on foot
        for the rest of the game; when the last fighting man falls the holders ride off with the horses, and the
        unit is mounted again at its horse lines (BR-163)."""
        u = self.units[i]
        if not u.on:
            return
        if fighting_left == 0 and u.holders:
            lines = u.horse_lines
            self.set(i, figs=lines, mounted=True, holders=0, pinned=False)
            self.say(f"{self.tag(i)}: its last fighting men are down; the horse holders mount and ride with the "
                     "horses (BR-163).", self.sides_seeing(i))
        elif holders_before and not u.holders and not u.mounted:
            self.say(f"{self.tag(i)}: its horse holders are down and the horses are lost; it fights on foot for the "
                     "rest of the game (BR-163).", self.sides_seeing(i))

    def embark(self: Board, i: int, c: int) -> None:
        """Troops move up to half a move into contact with vehicle ``c`` and get in with the other half (BR-171)."""
        carrier = self.units[c].anchor()
        t = self.t(i)
        if geo.distance(self.units[i].anchor(), carrier) > CONTACT:
            self.move_unit(i, carrier, 0.5, f"moves to {self.tag(c)}")
        u = self.units[i]
        if not u.on:
            return
        if geo.distance(u.anchor(), carrier) > CONTACT + 1e-9:
            self.say(f"{self.tag(i)} does not reach {self.tag(c)} this move and cannot get in.", self.sides_seeing(i))
            return
        self.half_move_action(i, "embark", "support_weapons" if t.kind == "support" else "infantry")
        cu = self.units[c]
        self.set(i, figs=(carrier,) * len(u.figs), aboard=c, close=False, moved=self.move)
        self.set(c, halves=min(2, cu.halves + 1))
        self.touched.update((i, c))
        self.refresh([i, c])
        self.say(f"{self.tag(i)} embarks in {self.tag(c)}.", self.sides_seeing(c))

    def disembark(self: Board, i: int) -> None:
        """Riders get out, formed in a line in contact with their vehicle, behind it; the vehicle spends half a
        move (BR-171)."""
        u = self.units[i]
        c = u.aboard
        cu = self.units[c]
        t = self.t(i)
        self.half_move_action(i, "disembark", "support_weapons" if t.kind == "support" else "infantry")
        self.place_beside(i, c)
        self.set(c, halves=min(2, cu.halves + 1))
        self.touched.update((i, c))
        self.refresh([i, c])
        self.say(f"{self.tag(i)} disembarks from {self.tag(c)}.", self.sides_seeing(i))

    def riders_hit_by_ap(self: Board, c: int, check: str, density: int, sides: tuple[str, ...], at: Coord) -> None:
        """"Troops in soft vehicles must take this roll also": riders of a soft vehicle in an AP field take the AP
        mine's 2 fire points at each check (TM-25, BR-140, BR-172)."""
        for r in self.riders(c):
            ruling = self.roll("brigade/ap-mine-troops", {"check": check, "density": density,
                                                          "pinned": self.units[r].pinned}, sides,
                               head=f"{self.tag(r)}, riding {self.tag(c)}, {check} the minefield")
            if ruling.result == "1 figure killed":
                self.kill(r, 1, at, among=range(len(self.units[r].figs)))

    def riders_shaken(self: Board, c: int, sides: tuple[str, ...]) -> None:
        """Riders of a soft vehicle immobilised by an AT mine roll for survival on the Infantry Fire Table
        (seed 003 "MINES"; TM-27, BR-172): eliminated, pinned or unhurt; they stay aboard."""
        for r in self.riders(c):
            res = self.roll("terrain-mines/soft-vehicle-survival", {"vehicle": "soft", "vehicle_result":
                                                                    "immobilised"}, sides,
                            head=f"{self.tag(r)} rides {self.tag(c)}, immobilised by an AT mine").result
            if res == "eliminated":
                n = len(self.units[r].figs)
                self.kill(r, n, self.units[c].anchor(), among=range(n))
            elif res == "pinned":
                self.pin(r)

    def place_beside(self: Board, i: int, c: int) -> None:
        """Put unit ``i`` on the ground in contact with vehicle ``c``: a line across the vehicle's facing, 1" behind
        it (BR-171); in a minefield, it is in the field (it checks on leaving, BR-141)."""
        cu = self.units[c]
        x, y = cu.anchor()
        rad = math.radians(cu.facing)
        at = self.onto((x - math.sin(rad), y - math.cos(rad)))
        n = len(self.units[i].figs)
        figs = formation(at, n, cu.facing) if n > 1 else (at,)
        # on the ground inside a minefield they check on leaving it, as a unit that stopped there (BR-141)
        inside = tuple(k for k, (x0, y0, x1, y1) in enumerate(self.ctx.mine_boxes)
                       if x0 <= at[0] <= x1 and y0 <= at[1] <= y1)
        self.set(i, figs=tuple(self.onto(p) for p in figs), aboard=-1, moved=self.move,
                 facing=cu.facing, mines=inside)

    def escape(self: Board, r: int, c: int, cause: str) -> None:
        """Troops riding vehicle ``c`` when it is destroyed (BR-172): by fire, each figure saves on 3+ ("Escaping
        from a destroyed vehicle") and the survivors are pinned beside the wreck ("Notes"); by an AT mine, the
        squad rolls as seed 003 says (an AFV: bail-out 01-25; a soft vehicle: survival on the Infantry Fire Table),
        and those who live are pinned beside the wreck."""
        ct = self.t(c)
        u = self.units[r]
        n = len(u.figs)
        self.place_beside(r, c)
        if cause == "mine":
            if ct.protection == "soft_skin":
                res = self.roll("terrain-mines/soft-vehicle-survival", {"vehicle": "soft", "vehicle_result": "killed"},
                                head=f"{self.tag(r)} rides {self.tag(c)}, destroyed by an AT mine").result
            else:
                res = self.roll("terrain-mines/bail-out", {}, head=f"{self.tag(r)} rides {self.tag(c)}, destroyed "
                                "by an AT mine").result
            if res in ("eliminated", "squad eliminated"):
                self.kill(r, n, self.units[c].anchor(), among=range(n))
                return
        else:
            ruling = self.roll("brigade/saving-throws", {"hits": min(n, 40), "target": "escaping"},
                               head=f"{self.tag(r)} escapes from {self.tag(c)}")
            self.kill(r, killed_of(ruling.result), self.units[c].anchor(), among=range(n))
        if self.units[r].on:
            self.pin(r)
            self.say(f"{self.tag(r)} is out of the wreck of {self.tag(c)}, pinned (Notes).")
        self.touched.add(r)
