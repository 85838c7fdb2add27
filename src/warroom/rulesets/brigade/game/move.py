"""Movement in the Brigade game: the orders that move a unit, and the guns' deploying and limbering up.

Seed 004 "Move Sequence" and "Movement" (BR-5, BR-47, BR-105, BR-106, BR-120, BR-121): type B, an advance (a half
move, then the unit may fire, moving); type C, a full move or a half move (in close order, BR-26, BR-187), the half
move of type A after firing; type D, a gun deploying (a half move and unlimbering: it may not fire this move); type
E, a gun limbering up (and a half move); pre-planned paths (BR-150); free-form moves to a point (BR-160). Each moves
the unit with :func:`.consequences.move_unit` (the movement dice, minefields, keeping off the enemy), which the
other families share.
"""

from __future__ import annotations

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.actions import Advance, Deploy, FollowPlan, Limber, Move, MoveTo, dest_words
from warroom.rulesets.brigade.game.consequences import move_unit
from warroom.rulesets.brigade.game.effects import Builder


def do_advance(b: Builder, a: Advance) -> None:
    """Type B: a half move towards the destination; the unit may then fire, as moving (:func:`after_advance`)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "B")
    p = b.s.dest_point(i, a.dest, True)
    assert p is not None
    move_unit(b, i, p, 0.5, f"advances {dest_words(a.dest)}")
    if b.result is None:
        after_advance(b, i)


def do_move(b: Builder, a: Move) -> None:
    """Type C, a full or half move (in close order if ordered, BR-26); or, after the unit fired, the half move of
    type A it may make."""
    i = b.ctx.index[a.unit]
    follow = bool(b.pending)
    p = b.s.dest_point(i, a.dest, a.half or follow)
    assert p is not None
    if not follow:
        b.begin_order(i, "C")
    move_unit(b, i, p, 0.5 if (a.half or follow) else 1.0, f"moves {dest_words(a.dest)}", close=a.close)
    b.done(i, b.units[i].order)


def do_deploy(b: Builder, a: Deploy) -> None:
    """Type D: a limbered gun makes a half move (or none) and unlimbers; it may not fire this move."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "D")
    p = b.s.dest_point(i, a.dest, True)
    assert p is not None
    if a.dest != "here":
        move_unit(b, i, p, 0.5, f"moves {dest_words(a.dest)}")
    if b.units[i].on:
        b.set(i, limbered=False)
        b.say(f"{b.tag(i)} unlimbers (type D: it may not fire this move).", b.sides_seeing(i))
    b.done(i, "D")


def do_limber(b: Builder, a: Limber) -> None:
    """Type E: a gun limbers up, and may make a half move limbered."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "E")
    b.set(i, limbered=True)
    b.say(f"{b.tag(i)} limbers up (type E).", b.sides_seeing(i))
    p = b.s.dest_point(i, a.dest, True) if a.dest != "here" else None
    if p is not None:
        move_unit(b, i, p, 0.5, f"moves {dest_words(a.dest)}")
    b.done(i, "E")


def do_follow_plan(b: Builder, a: FollowPlan) -> None:
    """Type C along the unit's pre-planned path (BR-150)."""
    i = b.ctx.index[a.unit]
    b.begin_order(i, "C")
    follow_plan(b, i)
    b.done(i, "C")


def follow_plan(b: Builder, i: int) -> None:
    """A full move towards the next point of the unit's pre-planned path; a point reached is done (BR-150)."""
    u = b.units[i]
    if not u.plan:
        return
    move_unit(b, i, u.plan[0], 1.0, "follows its plan")
    u = b.units[i]
    if u.on and u.plan and geo.distance(u.anchor(), u.plan[0]) <= 0.5:
        b.set(i, plan=u.plan[1:])


MOVE_ORDERS = ("A", "B", "C", "D", "E", "K")
"""The types of a free-form move that move the unit as it is (:func:`move_to`); the others get on or off first
or after (``transport.ride_to``)."""


def move_to(b: Builder, a: MoveTo) -> None:
    """A move to a point (BR-160, BR-212) of type A (the half move after firing), B, C, D or E, or K (type C in
    close order)."""
    i = b.ctx.index[a.unit]
    if a.order == "A":
        move_unit(b, i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
        b.done(i, "A")
    elif a.order == "B":
        b.begin_order(i, "B")
        move_unit(b, i, a.point, 0.5, f"advances to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
        if b.result is None:
            after_advance(b, i)
    elif a.order == "K":  # type C in close order (BR-26; close order holds only after half its best move, BR-211)
        b.begin_order(i, "C")
        move_unit(b, i, a.point, b.s.free_budget(i, "K"), f"moves to ({a.point[0]:g}, {a.point[1]:g})",
                  close=True, deliberate=True)
        b.done(i, "C")
    elif a.order == "C":
        b.begin_order(i, "C")
        move_unit(b, i, a.point, b.s.free_budget(i, "C"), f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
        b.done(i, "C")
    elif a.order == "D":
        b.begin_order(i, "D")
        move_unit(b, i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
        if b.units[i].on:
            b.set(i, limbered=False)
            b.say(f"{b.tag(i)} unlimbers.", b.sides_seeing(i))
        b.done(i, "D")
    else:
        b.begin_order(i, "E")
        b.set(i, limbered=True)
        move_unit(b, i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
        b.done(i, "E")


def after_advance(b: Builder, i: int) -> None:
    """After its advance a unit that may fire, moving, is offered its targets (type B); else its order is done."""
    if b.units[i].on and b.s.can_fire(i, True):
        b.pending = ("after_advance", i)
        b.selected = i
    else:
        b.done(i, "B")
