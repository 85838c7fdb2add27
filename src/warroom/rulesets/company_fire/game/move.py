"""Company Fire game: movement: moves, leader moves, falling back, moves to close assault; pivots, turrets and
buttoning up; occupying bocage.

A move takes the Movement Test on a Fire card, for a squad's two-space move in enemy LOS, and to fall back
(seed "Movement" and its footnote); a vehicle moves at its class's rates, faces the way it moves, and a
suppressed one falls back instead of rallying (seed "Vehicle Movement"; CF-65, CF-72, CF-74). The path is walked
a space at a time (:func:`.consequences.continue_move`): lone enemy SMFs are overrun (CF-34), mines go off,
blinds next to the mover are revealed and stop it, and the enemy may take opportunity fire at each space entered
in its sight (seed "Opportunity Fire"; CF-60). A leader moves with no test (CF-62); a move to close assault from
leaves the unit free to assault (CF-58). A vehicle or gun pivots in place and a turret turns once a card (seed
"Attacking vehicles", CF-73); a closed-top vehicle buttons up by taking a pin (seed "Vehicle Unit Status",
CF-68). A unit that moved on a Move or face card may occupy the bocage of its space (seed "Bocage").
"""

from __future__ import annotations

from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import sp
from warroom.rulesets.company_fire.game.consequences import continue_move, mines_on_leaving
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.observe import reveal
from warroom.rulesets.company_fire.game.rules import Rules


def do_move(p: Play, a: Action, i: int) -> None:
    start_move(p, a, i, "move")


def do_assault_move(p: Play, a: Action, i: int) -> None:
    start_move(p, a, i, "assault_move")


def do_leader_move(p: Play, a: Action, i: int) -> None:
    start_move(p, a, i, "leader_move")


def do_fall_back(p: Play, a: Action, i: int) -> None:
    start_move(p, a, i, "fall_back")


def route_of(p: Rules, a: Action, i: int) -> tuple[Space, ...]:
    """The spaces a legal move, leader's move or fall-back enters, its destination last: the route its action
    names (CF-120), or the one route there is."""
    assert a.space is not None
    kind = a.kind if a.kind in ("leader_move", "fall_back") else "move"
    found = p.move_routes(i, kind)[a.space]
    if not a.via:
        return found[0]
    path = (*a.via, a.space)
    assert path in found
    return path


def takes_movement_test(p: Rules, i: int, kind: str, path: tuple[Space, ...]) -> bool:
    """Seed "Movement": whether this move of unit ``i`` along ``path`` takes the Movement Test. Infantry fall
    back with the test, while a vehicle's fall-back is instead of a rally (CF-105); a leader's segment-4 move
    takes it on a Fire card, one space (CF-101); any other move when it needs one (two spaces in enemy LOS, or
    on a Fire card)."""
    if kind == "fall_back":
        return not p.game.vehicle[i]
    if kind == "leader_move":
        return p.card() == "fire"
    return p.needs_test(i, path)


def start_move(p: Play, a: Action, i: int, kind: str) -> None:
    g = p.game
    assert a.space is not None
    path = route_of(p, a, i)
    u = p.units[i]
    assert u.at is not None
    side = g.side_of[i]
    on_fire_card = p.card() == "fire"
    vehicle = g.vehicle[i]
    done = kind in ("leader_move", "fall_back") or (kind == "move" and p.one_action_only(i))
    if vehicle and kind == "move":  # CF-74, CF-108: a vehicle may fire after its move, except on a Fire card
        done = on_fire_card
    p.set(i, moved=True, done=done)
    if vehicle and kind == "fall_back":
        p.set(i, rallied=True)
        p.say(f"{p.name(i)} is suppressed and moves away from the enemy at half its off-road rate, "
              "instead of a rally test (seed \"Vehicle Movement\", CF-72)")
    if kind == "assault_move":
        p.set(i, done=False)
    if p.units[i].hidden:
        reveal(p, i, "it moves")
    if takes_movement_test(p, i, kind, path):
        dest = path[-1]
        params = {
            "destination": "cover" if B.space_cover(g.board, dest, p.smoke_spaces()) else "open",
            "enemy_op_fire_los": p.in_enemy_los(side, dest, op_fire_only=True, mover=i),
            "experience": g.units[i].experience,
            "leader": p.leaders_in(u.at, side),
            "fall_back": kind == "fall_back",
        }
        why = "falls back" if kind == "fall_back" else "moves on a Fire card" if on_fire_card else \
            "moves two spaces in enemy LOS"
        r = p.ruling("movement-test", params, f"{p.name(i)} {why} to {sp(dest)}: Movement Test")
        if r.result != "passes":
            # it stays put and does nothing more this card; it has not moved into its space, so it may not occupy
            # the space's bocage (seed "Bocage": "a unit that moves into a space ... may occupy")
            p.set(i, moved=False, done=True)
            p.say(f"{p.name(i)} stays put in {sp(u.at)}")
            return
    if not mines_on_leaving(p, i, u.at):  # it stays, as after a failed Movement Test (CF-104)
        p.set(i, moved=False, done=True)
        return
    route = " \u2192 ".join(sp(s) for s in (u.at, *path))
    p.say(f"{p.name(i)} sets off: {route}")
    continue_move(p, i, u.at, path)


def do_pivot(p: Play, a: Action, i: int) -> None:
    """CF-73: a vehicle (or gun) turns in place to face another edge; tracked up to 180, wheeled 90. A unit under
    a blind is revealed first (CF-109): the pivot is its own, which the marker cannot show without naming it."""
    f = a.facing
    if p.units[i].hidden:  # CF-109
        reveal(p, i, "it pivots")
    u = p.units[i]
    p.set(i, facing=f, pivoted=True)
    p.say(f"{p.name(i)} pivots in place from {u.facing} to face {f} (seed \"Attacking vehicles\", CF-73)")


def do_turret(p: Play, a: Action, i: int) -> None:
    """Seed "Attacking vehicles": the turret turned to another edge; a unit under a blind is revealed (CF-109)."""
    f = a.facing
    if p.units[i].hidden:
        reveal(p, i, "it turns its turret")
    u = p.units[i]
    p.set(i, turret=f, turned=True)
    p.say(f"{p.name(i)} turns its turret from {u.turret} to {f}: its main gun fires at one die less this "
          "card (seed \"Attacking vehicles\")")


def do_button_up(p: Play, a: Action, i: int) -> None:
    """CF-68: a vehicle buttons up; under a blind it is revealed (CF-109)."""
    if p.units[i].hidden:
        reveal(p, i, "it buttons up")
    p.set(i, status="pinned")
    p.say(f"{p.name(i)} buttons up and takes a pin marker; it moves at the pinned rate (seed \"Vehicle Unit "
          "Status\", CF-68)")


def do_occupy_bocage(p: Play, a: Action, i: int) -> None:
    p.set(i, bocage=True)
    p.say(f"{p.name(i)} occupies the bocage of {sp(p.units[i].at)} (seed \"Bocage\")")
