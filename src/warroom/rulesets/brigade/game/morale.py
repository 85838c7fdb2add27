"""Morale and losses in the Brigade game: casualty tests, pin tests, pins, figures killed, units removed.

Seed 004 "Morale" (BR-50 ... BR-56): phase 1 casualty tests for losses suffered, phase 2 pin tests left to right
or right to left, pin markers (mounted cavalry and units in close order are never pinned, BR-161); figures die
nearest the fire first and the specialist last (BR-103); a company at two thirds dead is removed (BR-52); troops
riding a vehicle that is removed escape (BR-172).
"""

from __future__ import annotations

from collections.abc import Sequence

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.f_tables import ANTI_TANK
from warroom.rulesets.brigade.game.common import Coord
from warroom.rulesets.brigade.game.effects import Board
from warroom.rulesets.brigade.m_morale import removed_at


class Morale:
    """Morale and losses in the Brigade game: casualty tests, pin tests, pins, figures killed, units removed"""

    def dead(self: Board, i: int) -> int:
        return self.t(i).n_figures - len(self.units[i].figs)

    def casualty_test(self: Board, i: int) -> None:
        u = self.units[i]
        t = self.t(i)
        dead = self.dead(i)
        split = geo.integrity(u.fighting, u.horse_lines).split
        ruling = self.roll("brigade/casualty-test", {
            "morale": self.ctx.units[i].morale, "figures": t.n_figures, "dead": dead,
            "dead_before": min(u.tested, dead - 1), "split": split, "close_order": u.close,
        }, head=f"{self.tag(i)}: casualty test, {dead} of {t.n_figures} lost" + (" (split)" if split else ""))
        self.set(i, pending=False, tested=dead)
        if ruling.result.startswith(("fails", "removed")):
            self.remove(i, "removed")

    def pin_tests(self: Board, rightward: bool) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        pinned = [i for i in range(len(self.units)) if ctx.side_of[i] == side and self.units[i].on
                  and self.units[i].pinned]
        pinned.sort(key=lambda i: (self.units[i].anchor()[0], i), reverse=not rightward)
        self.say(f"{side} tests its pinned units " + ("left to right." if rightward else "right to left."), (side,))
        for i in pinned:
            t = self.t(i)
            kind = {"infantry": "infantry", "cavalry": "infantry", "support": "support_weapon", "gun": "gun",
                    "vehicle": "vehicle", "hq": "support_weapon", "observer": "support_weapon"}[t.kind]
            ruling = self.roll("brigade/pin-removal", {
                "morale": ctx.units[i].morale, "unit": kind, "figures": t.n_figures,
                "dead": self.dead(i) if kind != "vehicle" else 0, "unit_hq": t.kind == "hq"},
                head=f"{self.tag(i)}: pin test")
            if ruling.result == "pin removed":
                self.set(i, pinned=False)
            self.touched.add(i)
        self.after_pins()

    def pin(self: Board, i: int) -> None:
        if self.units[i].on and not self.units[i].pinned:
            self.set(i, pinned=True)

    def never_pinned(self: Board, i: int) -> bool:
        """Mounted cavalry and units advancing in close order are never pinned (Pin markers; dismounted cavalry
        fight as infantry and may be, BR-161)."""
        return (self.t(i).kind == "cavalry" and self.units[i].mounted) or self.units[i].close

    def kill(self: Board, i: int, n: int, near: Coord, among: Sequence[int] | None = None) -> None:
        """``n`` figures of unit ``i`` die: those nearest ``near`` (the fire's origin) first, the specialist
        last ("Representing 'specialist' weapons"; BR-103)."""
        if n <= 0 or not self.units[i].on:
            return
        u = self.units[i]
        t = self.t(i)
        if t.kind == "vehicle":
            self.remove(i, "destroyed")
            return
        fighting = len(u.figs) - u.holders
        pool = list(among) if among is not None else list(range(fighting))  # direct fire hits the fighting men
        pool.sort(key=lambda k: (u.roles[k] in ANTI_TANK.weapons, geo.distance(u.figs[k], near), k))
        gone = set(pool[:n])
        figs = tuple(f for k, f in enumerate(u.figs) if k not in gone)
        roles = tuple(r for k, r in enumerate(u.roles) if k not in gone)
        holders = sum(1 for k in range(fighting, len(u.figs)) if k not in gone)
        self.set(i, figs=figs, roles=roles, holders=holders)
        self.touched.add(i)
        if u.holders and figs:
            self.horses_under_fire(i, u.holders, fighting - sum(1 for k in gone if k < fighting))
        dead = self.dead(i)
        if not figs:
            self.remove(i, "destroyed" if t.kind in ("support", "gun") else "removed")
            return
        if t.kind in ("infantry", "cavalry"):
            if dead >= removed_at(t.n_figures):
                self.roll("brigade/casualty-test", {
                    "morale": self.ctx.units[i].morale, "figures": t.n_figures, "dead": dead,
                    "dead_before": min(self.units[i].tested, dead - 1)},
                    head=f"{self.tag(i)}: {dead} of {t.n_figures} dead")
                self.remove(i, "removed")
            elif _band(dead, t.n_figures) > _band(self.units[i].tested, t.n_figures):
                self.set(i, pending=True)

    def remove(self: Board, i: int, how: str, cause: str = "fire") -> None:
        """Unit ``i`` leaves the table (``how``: removed, destroyed); troops riding it escape (BR-172)."""
        if not self.units[i].on:
            return
        self.set(i, status=how, pinned=False, mines=(), aboard=-1)
        self.touched.add(i)
        self.say(f"{self.tag(i)} is {how} from the table." if how == "removed" else f"{self.tag(i)} is {how}.")
        for r in self.riders(i):
            self.escape(r, i, cause)
        self.missions = [m for m in self.missions if not (m.caller == i and m.landed is not None) and m.unit != i]
        if self.selected == i:
            self.selected = -1


def _band(dead: int, figures: int) -> int:
    """The casualty column reached: 0 none, 1 a third, 2 a half, 3 two thirds (BR-52)."""
    return 3 if 3 * dead >= 2 * figures else 2 if 2 * dead >= figures else 1 if 3 * dead >= figures else 0
