"""Cavalry and transport in the Brigade game: mounting and dismounting, horse holders and horses under fire,
troops embarking in and disembarking from vehicles, and what happens to riders when their vehicle is hit.

Seed 004 "Mounting and dismounting" ("It takes half a move for a unit to mount or dismount. At least one
figure in every four must act as a horse holder ... within 6 inches"), "Entering / leaving vehicles"
("It takes half a move for troops to enter or leave a vehicle, to embark they must be in contact with the
vehicle, disembarking leaves them in contact with the vehicle"), "Saving throws" ("Escaping from a
destroyed vehicle 3+") and "Notes" ("Troops who escape from a destroyed vehicle are automatically
pinned"); seed 003 "MINES" for riders of a vehicle that meets a mine. Readings BR-48, BR-49 and BR-161 ...
BR-172 (docs/rulings.md). The orders are offered by :class:`~.legal.Orders`; here are what they do, as
functions of the working copy (:class:`~.effects.Builder`). What befalls riders and horse holders when their
vehicle or unit is hit (BR-163, BR-172) is shared by every family that fires or moves: :mod:`.consequences`.
"""

from __future__ import annotations

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.actions import Disembark, Dismount, Embark, Mount, MoveTo, dest_words
from warroom.rulesets.brigade.game.common import CONTACT, rounded
from warroom.rulesets.brigade.game.consequences import move_unit, onto, place_beside, refresh
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.scenario import formation, holders_last, holders_of, horse_lines


def do_dismount(b: Builder, a: Dismount) -> None:
    """Type C: mounted cavalry or cyclists ride up to half a move (or none) and dismount (BR-48, BR-162, BR-181)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "C")
    if a.dest != "here":
        p = b.s.dest_point(i, a.dest, True)
        assert p is not None
        move_unit(b, i, p, 0.5, f"rides {dest_words(a.dest)}")
    if b.units[i].on:
        dismount(b, i)
        refresh(b, [i])
    b.done(i, "C")


def do_mount(b: Builder, a: Mount) -> None:
    """Type C: dismounted cavalry or cyclists mount, and may ride the other half of the move (BR-48, BR-182)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "C")
    mount(b, i)
    other_half(b, i, a.dest, "rides")
    refresh(b, [i])
    b.done(i, "C")


def do_embark(b: Builder, a: Embark) -> None:
    """Type C: troops get into a vehicle of their side (BR-171)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "C")
    embark(b, i, b.ctx.index[a.carrier])
    b.done(i, "C")


def do_disembark(b: Builder, a: Disembark) -> None:
    """Type C: riders get out, and may move the other half of the move (BR-171)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "C")
    disembark(b, i)
    other_half(b, i, a.dest, "moves")
    b.done(i, "C")


def ride_to(b: Builder, a: MoveTo) -> None:
    """A person's free-form move to a point (BR-160) that gets on or off: S rides there and dismounts, M mounts and
    rides there, X disembarks and moves there (type C)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "C")
    if a.order == "S":
        move_unit(b, i, a.point, 0.5, f"rides to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
        if b.units[i].on:
            dismount(b, i)
    elif a.order == "M":
        mount(b, i)
        move_unit(b, i, a.point, 0.5, f"rides to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
    else:
        disembark(b, i)
        move_unit(b, i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
    refresh(b, [i])
    b.done(i, "C")


def other_half(b: Builder, i: int, dest: str, verb: str) -> None:
    """The half move after getting on or off (BR-161, BR-171): towards ``dest`` as the unit now is."""
    if dest == "here":
        return
    p = b.view().dest_point(i, dest, True)
    assert p is not None
    move_unit(b, i, p, 0.5, f"{verb} {dest_words(dest)}")


def half_move_action(b: Builder, i: int, action: str, troops: str) -> None:
    """The ruling of a half-move action (no dice): what it takes and what is left (BR-47 ... BR-49)."""
    b.roll("brigade/half-move-action", {"action": action, "troops": troops,
                                        "figures": len(b.units[i].figs) if action in ("mount", "dismount")
                                        else 0}, b.sides_seeing(i), head=f"{b.tag(i)}: {action}")


def dismount(b: Builder, i: int) -> None:
    """Mounted cavalry dismount where they stand: one figure in four (or part of four) stays as a horse holder
    in the horse lines 2" behind, the rest form a line on foot (BR-48, BR-162)."""
    u = b.units[i]
    if b.t(i).bicycles:
        dismount_cyclists(b, i)
        return
    n = len(u.figs)
    holders = holders_of(n)
    order = holders_last(u.roles, holders)
    keep, held = order[:n - holders], order[n - holders:]
    centre = u.anchor()
    line = formation(centre, len(keep), u.facing) if len(keep) > 1 else (centre,)
    lines = horse_lines(centre, u.facing, holders)
    figs = tuple(onto(b, p) for p in (*line, *lines))
    roles = tuple(u.roles[k] for k in (*keep, *held))
    half_move_action(b, i, "dismount", "cavalry")
    b.set(i, figs=figs, roles=roles, mounted=False, holders=holders, close=False)
    b.touched.add(i)
    b.say(f"{b.tag(i)} dismounts: {holders} horse holder{'s' if holders > 1 else ''} stay with the horses "
          f"at ({lines[0][0]:g}, {lines[0][1]:g}).", b.sides_seeing(i))


def mount(b: Builder, i: int) -> None:
    """Dismounted cavalry go back to their horses and mount: the unit forms mounted on its horse lines
    (BR-48, BR-162)."""
    u = b.units[i]
    if b.t(i).bicycles:
        mount_cyclists(b, i)
        return
    lines = u.horse_lines
    at = (rounded(sum(p[0] for p in lines) / len(lines)), rounded(sum(p[1] for p in lines) / len(lines)))
    n = len(u.figs)
    figs = formation(at, n, u.facing) if n > 1 else (at,)
    half_move_action(b, i, "mount", "cavalry")
    b.set(i, figs=tuple(onto(b, p) for p in figs), mounted=True, holders=0, pinned=False,
          close=False)
    b.touched.add(i)
    b.say(f"{b.tag(i)} mounts at its horse lines ({at[0]:g}, {at[1]:g}).", b.sides_seeing(i))


def cyclist_ruling(b: Builder, i: int, action: str) -> None:
    """The ruling of a cyclist company's half-move action (no dice), said to the sides that see it:
    seed 004 "Mounting and dismounting" gives half a move; brigade/half-move-action is written for horses
    (it counts horse holders), so the words are the game's own (BR-181)."""
    n = len(b.units[i].figs)
    if action == "dismount":
        words = (f"{b.tag(i)} dismounts from its bicycles (half a move, Mounting and dismounting): all {n} "
                 "figures fight on foot, as infantry; the bicycles stay where they are, with no holders (BR-181)")
    else:
        words = (f"{b.tag(i)} mounts its bicycles (half a move, Mounting and dismounting): it rides by the "
                 "Bicycles row (12\" on road, 6\" in the open, not in rough ground or woods) and does not fire "
                 "mounted (BR-179, BR-180)")
    b.say(words + ".", b.sides_seeing(i))


def dismount_cyclists(b: Builder, i: int) -> None:
    """Cyclists get off their bicycles where they stand: every figure fights (bicycles need no holders), in a
    line on the unit's centre, and the bicycles are left at that centre (BR-181)."""
    u = b.units[i]
    centre = u.anchor()
    n = len(u.figs)
    line = formation(centre, n, u.facing) if n > 1 else (centre,)
    cyclist_ruling(b, i, "dismount")
    b.set(i, figs=tuple(onto(b, p) for p in line), mounted=False, bikes=(centre,), close=False)
    b.touched.add(i)


def mount_cyclists(b: Builder, i: int) -> None:
    """Cyclists on foot go back to their bicycles: from beside them (within 1 1/2") they mount at once, half a
    move, and may ride the other half; from farther they walk up to half a move to them first, and mount if
    they reach them (that is the whole move), or stay where they stopped (BR-182)."""
    u = b.units[i]
    bikes = u.bikes[0]
    if geo.distance(u.anchor(), bikes) > CONTACT + 1e-9:
        move_unit(b, i, bikes, 0.5, "walks back to its bicycles")
        u = b.units[i]
        if not u.on:
            return
        if geo.distance(u.anchor(), bikes) > CONTACT + 1e-9:
            b.say(f"{b.tag(i)} does not reach its bicycles this move and cannot mount (BR-182).",
                  b.sides_seeing(i))
            return
    n = len(u.figs)
    figs = formation(bikes, n, u.facing) if n > 1 else (bikes,)
    cyclist_ruling(b, i, "mount")
    b.set(i, figs=tuple(onto(b, p) for p in figs), mounted=True, bikes=(), close=False)
    b.touched.add(i)


def embark(b: Builder, i: int, c: int) -> None:
    """Troops move up to half a move into contact with vehicle ``c`` and get in with the other half (BR-171)."""
    carrier = b.units[c].anchor()
    t = b.t(i)
    if geo.distance(b.units[i].anchor(), carrier) > CONTACT:
        move_unit(b, i, carrier, 0.5, f"moves to {b.tag(c)}")
    u = b.units[i]
    if not u.on:
        return
    if geo.distance(u.anchor(), carrier) > CONTACT + 1e-9:
        b.say(f"{b.tag(i)} does not reach {b.tag(c)} this move and cannot get in.", b.sides_seeing(i))
        return
    half_move_action(b, i, "embark", "support_weapons" if t.kind == "support" else "infantry")
    cu = b.units[c]
    b.set(i, figs=(carrier,) * len(u.figs), aboard=c, close=False, moved=b.move)
    b.set(c, halves=min(2, cu.halves + 1))
    b.touched.update((i, c))
    refresh(b, [i, c])
    b.say(f"{b.tag(i)} embarks in {b.tag(c)}.", b.sides_seeing(c))


def disembark(b: Builder, i: int) -> None:
    """Riders get out, formed in a line in contact with their vehicle, behind it; the vehicle spends half a
    move (BR-171)."""
    u = b.units[i]
    c = u.aboard
    cu = b.units[c]
    t = b.t(i)
    half_move_action(b, i, "disembark", "support_weapons" if t.kind == "support" else "infantry")
    place_beside(b, i, c)
    b.set(c, halves=min(2, cu.halves + 1))
    b.touched.update((i, c))
    refresh(b, [i, c])
    b.say(f"{b.tag(i)} disembarks from {b.tag(c)}.", b.sides_seeing(i))
