"""Morale in the Brigade game: casualty tests and pin tests.

Seed 004 "Morale" (BR-50 ... BR-56): phase 1 casualty tests for losses suffered (BR-55), phase 2 pin tests left to
right or right to left. What losses bring about (figures killed, pins, a company removed at two thirds dead,
BR-52, BR-103, BR-161) is shared by every family that fires or moves: :mod:`.consequences`.
"""

from __future__ import annotations

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.consequences import dead_figures, remove
from warroom.rulesets.brigade.game.effects import Builder


def casualty_test(b: Builder, i: int) -> None:
    """Phase 1: a unit that has lost figures since its last test takes a casualty test, and is removed if it
    fails (BR-55)."""
    u = b.units[i]
    t = b.t(i)
    dead = dead_figures(b, i)
    split = geo.integrity(u.fighting, u.horse_lines).split
    ruling = b.roll("brigade/casualty-test", {
        "morale": b.ctx.units[i].morale, "figures": t.n_figures, "dead": dead,
        "dead_before": min(u.tested, dead - 1), "split": split, "close_order": u.close,
    }, head=f"{b.tag(i)}: casualty test, {dead} of {t.n_figures} lost" + (" (split)" if split else ""))
    b.set(i, pending=False, tested=dead)
    if ruling.result.startswith(("fails", "removed")):
        remove(b, i, "removed")


def pin_tests(b: Builder, rightward: bool) -> None:
    """Phase 2: the moving side tests each of its pinned units, working across the table in the order it
    chooses; a unit that passes loses its pin marker."""
    ctx = b.ctx
    side = ctx.side_moving(b.move)
    pinned = [i for i in range(len(b.units)) if ctx.side_of[i] == side and b.units[i].on
              and b.units[i].pinned]
    pinned.sort(key=lambda i: (b.units[i].anchor()[0], i), reverse=not rightward)
    b.say(f"{side} tests its pinned units " + ("left to right." if rightward else "right to left."), (side,))
    for i in pinned:
        t = b.t(i)
        kind = {"infantry": "infantry", "cavalry": "infantry", "support": "support_weapon", "gun": "gun",
                "vehicle": "vehicle", "hq": "support_weapon", "observer": "support_weapon"}[t.kind]
        ruling = b.roll("brigade/pin-removal", {
            "morale": ctx.units[i].morale, "unit": kind, "figures": t.n_figures,
            "dead": dead_figures(b, i) if kind != "vehicle" else 0, "unit_hq": t.kind == "hq"},
            head=f"{b.tag(i)}: pin test")
        if ruling.result == "pin removed":
            b.set(i, pinned=False)
        b.touched.add(i)
