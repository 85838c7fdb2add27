"""Applying an action to a Brigade position: dispatching it to its rule family, the move sequence and victory.

:func:`apply` is the rules of play a state hands its actions to: the action is taken on a working copy
(:class:`~.effects.Builder`) by the function of its rule family (:data:`_HANDLERS`, by the action's class:
:mod:`.move`, :mod:`.fire`, :mod:`.artillery`, :mod:`.morale`, :mod:`.transport`), then what follows without a
decision is run (seed 004 "Move Sequence": casualty tests, pin tests, requests, arrivals, the orders phase, the
next move; :mod:`.detection`, :mod:`.mines`), victory is checked (seed 004 "Winning and Losing": half the companies
lost, BR-104; objective points at the end, BR-130), and the new state is frozen (:func:`freeze`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, get_args

from warroom.core.errors import UsageError
from warroom.rulesets.brigade.game.actions import (
    Action,
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
from warroom.rulesets.brigade.game.artillery import (
    arrivals,
    call,
    do_bombard,
    do_bombard_feature,
    keep_fire,
    request,
    request_point,
)
from warroom.rulesets.brigade.game.consequences import refresh
from warroom.rulesets.brigade.game.detection import as_the_game_ends, as_the_move_begins
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.fire import do_fire, do_pin_choice
from warroom.rulesets.brigade.game.mines import spot_minefields
from warroom.rulesets.brigade.game.morale import casualty_test, pin_tests
from warroom.rulesets.brigade.game.move import (
    MOVE_ORDERS,
    do_advance,
    do_deploy,
    do_follow_plan,
    do_limber,
    do_move,
    follow_plan,
    move_to,
)
from warroom.rulesets.brigade.game.state import BrigadeState
from warroom.rulesets.brigade.game.transport import do_disembark, do_dismount, do_embark, do_mount, ride_to


def apply(state: BrigadeState, action: Hashable) -> BrigadeState:
    """The state after a legal ``action``: the rules of play a state hands its actions to."""
    b = Builder(state)
    act(b, action)
    return freeze(b)


def act(b: Builder, a: Hashable) -> None:
    """Take ``a``: the function of its rule family resolves it (:data:`_HANDLERS`)."""
    handler = _HANDLERS.get(type(a))
    if handler is None:
        raise UsageError(f"{a!r} is not a Brigade action")
    handler(b, a)


def freeze(b: Builder) -> BrigadeState:
    """The next state: what each unit detects brought up to date with the units changed, victory checked."""
    if b.touched:
        refresh(b, b.touched)
    check_victory(b)
    return b.new_state()


# the actions that are the move sequence's own --------------------------------------------------------


def do_end(b: Builder, a: End) -> None:
    """Phase 3 or 4 is over; or the moving side ends its move (phase 5)."""
    if b.phase == "requests":
        end_requests(b)
    elif b.phase == "indirect":
        start_orders(b)
    else:
        b.say(f"{b.ctx.side_moving(b.move)} ends its move.")
        end_move(b)


def do_pin_order(b: Builder, a: PinOrder) -> None:
    """Phase 2: the pin tests, in the order the side chooses; then phase 3."""
    pin_tests(b, a.rightward)
    after_pins(b)


def do_select(b: Builder, a: Select) -> None:
    """Phase 5: the unit to be given its order (BR-121)."""
    b.selected = b.ctx.index[a.unit]


def do_hold(b: Builder, a: Hold) -> None:
    """The unit holds: it is given no order this move (or takes no half move after firing or advancing)."""
    i = b.ctx.index[a.unit]
    if not b.pending:
        b.say(f"{b.tag(i)} holds.", b.own(i))
    b.done(i, b.units[i].order or "hold")


def do_move_to(b: Builder, a: MoveTo) -> None:
    """A person's free-form move to a point (BR-160): as the unit is (:mod:`.move`), or getting on or off first
    or after (:mod:`.transport`)."""
    if a.order in MOVE_ORDERS:
        move_to(b, a)
    else:
        ride_to(b, a)


# the move sequence (seed 004 "Move Sequence") ----------------------------------------------------------


def check_victory(b: Builder) -> None:
    """Seed 004 "Winning and Losing": a side that has lost half (50%+1) of its companies loses (BR-104)."""
    if b.result is not None:
        return
    ctx = b.ctx
    lost = {s: sum(1 for i in ctx.company_units[s] if not b.units[i].on) for s in ctx.sides}
    beaten = [s for s in ctx.sides if ctx.companies[s] and lost[s] >= ctx.companies[s] // 2 + 1]
    if beaten:
        v = b.view()
        winner = None if len(beaten) == 2 else ctx.enemy(beaten[0])
        reason = ("both sides lost half (50%+1) of their companies" if winner is None else
                  f"{beaten[0]} lost {v.lost(beaten[0])} of its {ctx.companies[beaten[0]]} companies, half "
                  f"(50%+1) or more (Winning and Losing)")
        finish(b, winner, reason)


def finish(b: Builder, winner: str | None, reason: str) -> None:
    b.phase = "over"
    b.pending = ()
    b.selected = -1
    b.result = {"winner": winner, "reason": reason, **b.view().scores()}
    b.say(f"The game is over: {reason}. " + (f"{winner} wins." if winner else "A draw."))


def end_by_time(b: Builder) -> None:
    """After the last period the side holding more objective points wins; equal points are a draw (BR-130)."""
    v = b.view()
    pts = {s: v.held(s) for s in b.ctx.sides}
    one, other = b.ctx.sides
    if pts[one] != pts[other]:
        w = one if pts[one] > pts[other] else other
        held = f"{pts[w]} objective point{'' if pts[w] == 1 else 's'}"
        finish(b, w, f"the last period is over; {w} holds {held} to {pts[b.ctx.enemy(w)]} (BR-130)")
    else:
        finish(b, None, f"the last period is over with the objectives shared {pts[one]} to {pts[other]} (BR-130)")


def begin_move(b: Builder, move: int) -> None:
    """Seed 004 "Move Sequence": the moving side's orders are cleared; phase 1, casualty tests (BR-55); what each
    side detects now (BR-110); victory; minefields spotted (BR-175); phase 2, pin tests, if any unit is pinned."""
    ctx = b.ctx
    b.move = move
    b.stage = 0
    b.selected = -1
    b.pending = ()
    if move >= ctx.n_moves:
        as_the_game_ends(b)
        end_by_time(b)
        return
    side = ctx.side_moving(move)
    for i in range(len(b.units)):
        if ctx.side_of[i] == side and b.units[i].on:
            b.set(i, order="", indirect=False, halves=0)
    b.say(f"Period {move // 2 + 1}, move {move % 2 + 1}: {side} moves.")
    # phase 1: casualty tests for losses suffered (BR-55)
    for i in range(len(b.units)):
        u = b.units[i]
        if ctx.side_of[i] == side and u.on and u.pending:
            casualty_test(b, i)
    as_the_move_begins(b)  # what changed since the last look (BR-110), and any unit tested above
    check_victory(b)
    if b.result is not None:
        return
    spot_minefields(b, side)
    if any(b.units[i].pinned for i in range(len(b.units))
           if ctx.side_of[i] == side and b.units[i].on):
        b.phase = "pins"
        return
    after_pins(b)


def after_pins(b: Builder) -> None:
    """Phase 3, artillery requests, if the side has any to make."""
    b.phase = "requests"
    if len(b.view().generate()) > 1:
        return
    end_requests(b)


def end_requests(b: Builder) -> None:
    """Phase 4: the fire due arrives; then on-table indirect fire if any unit may fire it, else phase 5."""
    # missions not kept on in phase 3 stop (BR-152)
    side = b.ctx.side_moving(b.move)
    kept = []
    for m in b.missions:
        if b.ctx.mission_side(m) == side and m.landed is not None and m.due < b.move:
            continue
        kept.append(m)
    b.missions = kept
    b.phase = "indirect"
    arrivals(b)
    if b.result is not None:
        return
    if len(b.view().generate()) > 1:
        return
    start_orders(b)


def start_orders(b: Builder) -> None:
    """Phase 5: fire and movement, orders by type A to E (BR-121)."""
    b.phase = "orders"
    b.stage = 0
    b.selected = -1


def end_move(b: Builder) -> None:
    """The moving side ends its move: units given no order follow their pre-planned paths (BR-150), close order
    lapses (BR-187), and the next move begins."""
    ctx = b.ctx
    side = ctx.side_moving(b.move)
    # pre-planned paths: a unit given no order follows its plan, type C (BR-150)
    if b.stage <= 2:
        for i in range(len(b.units)):
            u = b.units[i]
            if ctx.side_of[i] == side and u.on and not u.order and u.plan and b.view().can_move(i):
                b.say(f"{b.tag(i)} follows its pre-planned path.", b.own(i))
                follow_plan(b, i)
                if b.result is not None:
                    return
    # close order lasts only while the unit's last move was an advance in close order: one that stood or
    # only fired this move is no longer in it ("Advancing in close order"; BR-187)
    for i in range(len(b.units)):
        u = b.units[i]
        if ctx.side_of[i] == side and u.on and u.close and u.moved != b.move:
            b.set(i, close=False)
            b.say(f"{b.tag(i)} did not advance this move: it is no longer in close order (BR-187).",
                  b.sides_seeing(i))
    begin_move(b, b.move + 1)


_HANDLERS: dict[type, Callable[[Builder, Any], None]] = {
    End: do_end,
    PinOrder: do_pin_order,
    PinChoice: do_pin_choice,
    Select: do_select,
    Hold: do_hold,
    Fire: do_fire,
    Advance: do_advance,
    Move: do_move,
    MoveTo: do_move_to,
    Deploy: do_deploy,
    Limber: do_limber,
    FollowPlan: do_follow_plan,
    Dismount: do_dismount,
    Mount: do_mount,
    Embark: do_embark,
    Disembark: do_disembark,
    Request: request,
    RequestPoint: request_point,
    Call: call,
    Continue: keep_fire,
    Walk: keep_fire,
    Bombard: do_bombard,
    BombardFeature: do_bombard_feature,
}
"""The rule family's function that resolves each class of action (:func:`act`); each takes its own class."""
if set(_HANDLERS) != set(get_args(Action)):
    raise AssertionError(f"no rule resolves {sorted(t.__name__ for t in set(get_args(Action)) - set(_HANDLERS))}")
