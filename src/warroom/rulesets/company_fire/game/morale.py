"""Company Fire game: morale: the choices a unit's side makes when hit, and rallies.

A small-arms target offered the hit reduction retreat takes it or stands (seed "Hit Reduction", CF-3; a vehicle
too, CF-85); a unit suppressed in close assault, or a suppressed vehicle forced to move, chooses where to retreat
among several spaces (seed "Close Assault", "Vehicle Hit Results"); a unit destroyed with a leader in its space
is saved by sacrificing him, or not (seed "Single Mounted Figures (SMFs)", CF-61, CF-99); pinned and suppressed
units rally (seed "Unit Status, Hit Results and Rallying": Rally). The hit table and its results on a unit, which
every family's attacks apply, are in :mod:`.consequences`.
"""

from __future__ import annotations

from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import sp
from warroom.rulesets.company_fire.game.consequences import apply_result, eliminate, shake_riders
from warroom.rulesets.company_fire.game.effects import Play


def do_retreat(p: Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None and a.space is not None
    if d.kind == "ca_retreat":
        p.set(i, at=a.space, bocage=False)
        why = "Vehicle Hit Results" if p.game.vehicle[i] else "Close Assault"
        p.say(f"{p.name(i)} is suppressed and retreats to {sp(a.space)} (seed \"{why}\")")
        return
    j, hits, _, source = d.data
    r = p.ruling("hit-result", {"hits": hits, "target_status": p.units[j].status, "target": "unit",
                                "retreat": True},
                 f"{p.name(j)} retreats from {sp(p.units[j].at)} to {sp(a.space)}, one space away "
                 f"from the firer at {sp(source)}")
    p.set(j, at=a.space, bocage=False, hidden=False)
    apply_result(p, j, r.result, "direct_fire")


def do_take_hits(p: Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    j, _, result, _ = d.data
    p.say(f"{p.name(j)} stands in {sp(p.units[j].at)} and takes the hits: {result}")
    apply_result(p, j, result, "direct_fire")


def do_rally(p: Play, a: Action, i: int) -> None:
    g = p.game
    u = p.units[i]
    assert u.at is not None
    side = g.side_of[i]
    # the enemy as the side knows it: good-order units on the table, within a vehicle's arcs, and every
    # blind marker (CF-57, CF-66, CF-126)
    enemy_los = p.apparent_watchers(side, u.at, good_order=True)
    params = {"status": u.status, "enemy_los": enemy_los, "experience": g.units[i].experience,
              "leader": p.leaders_in(u.at, side)}
    r = p.ruling("rally", params, f"{p.name(i)} tries to rally", "all" if not u.hidden else side)
    p.set(i, rallied=True)
    if r.result == "rallied":
        p.set(i, status="good_order" if u.status == "pinned" else "pinned")
    else:
        p.set(i, done=True)


def do_sacrifice(p: Play, a: Action, i: int) -> None:
    """CF-61: the leader is eliminated and the unit stays, suppressed. A mover saved so from op fire is
    suppressed by op fire, and ends in the space it was in before the op fire (seed "Opportunity Fire"): the
    decision carries that space (CF-99)."""
    leader = p.game.index[a.other]
    p.say(f"{p.name(leader)} is sacrificed to save {p.name(i)}, which stays suppressed (seed \"Single "
          "Mounted Figures (SMFs)\", CF-61)")
    eliminate(p, leader, "destroyed")
    p.set(i, status="suppressed", bocage=False)
    shake_riders(p, i)  # a carrier saved so is left suppressed, its riders shaken as by any suppression
    d = p.decision
    back = d.data[2] if d is not None and len(d.data) > 2 else None
    if back is not None and p.alive(i):
        p.set(i, at=back)
        p.say(f"{p.name(i)} is suppressed by op fire and ends in {sp(back)}, the space it left (seed "
              "\"Opportunity Fire\")")


def do_decline(p: Play, a: Action, i: int) -> None:
    eliminate(p, i, "destroyed")


