"""Company Fire game: the results of fire on units: the hit table, pins and suppression, eliminations, leaders
sacrificed, retreats and rallies.

A hit-table result applied to a unit (seed "Unit Status, Hit Results and Rallying"): a hidden unit hit is
revealed (CF-47); a suppressed unit abandons the bocage (seed "Bocage"); a vehicle newly suppressed by an attack
moves one space away from it (seed "Vehicle Hit Results", CF-70); a unit destroyed with a leader in its space
leaves its side the choice of sacrificing him instead (seed "Single Mounted Figures (SMFs)", CF-61); SMFs left
with no unit of their space go with it; a destroyed carrier's riders bail out (CF-94). A small-arms target may
retreat a space to take a hit fewer (seed "Hit Reduction", CF-3; a vehicle too, CF-85); close assault and
forced moves retreat too (seed "Close Assault", "Vehicle Hit Results"); pinned and suppressed units rally (seed
"Unit Status, Hit Results and Rallying": Rally).
"""

from __future__ import annotations

from typing import cast

from warroom.core.rolled import Rolled
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import Decision, _sp
from warroom.rulesets.company_fire.game.effects import _Play
from warroom.rulesets.company_fire.game.observe import reveal
from warroom.rulesets.company_fire.game.transport import shake_riders

STATUS_WORD = {"good order": "good_order", "pinned": "pinned", "suppressed": "suppressed", "destroyed": "destroyed"}


def hit_table(p: _Play, j: int, hits: int, what: str) -> str:
    """The hit table read for ``hits`` on unit ``j``; an SMF ignores a pin and is eliminated on a suppressed or
    destroyed result (seed "Single Mounted Figures (SMFs)")."""
    smf = p.game.smf[j]
    r = p.ruling("hit-result", {"hits": hits, "target_status": "good_order" if smf else p.units[j].status,
                                "target": "smf" if smf else "unit", "retreat": False},
                 f"{p.name(j)} takes {hits} hit{'s' if hits != 1 else ''} from the same {what}")
    return r.result


def apply_result(p: _Play, j: int, result: str, cause: str, source: Space | None = None) -> None:
    """Apply a hit-table result to unit ``j`` (seed "Unit Status, Hit Results and Rallying", SMFs). A vehicle
    newly suppressed by an attack from ``source`` must move one space away from it (seed "Vehicle Hit
    Results", CF-70)."""
    if source is not None and p.game.vehicle[j] and STATUS_WORD[result] == "suppressed" \
            and p.units[j].status != "suppressed":
        _apply_result(p, j, result, cause)
        forced_move(p, j, source)
        return
    _apply_result(p, j, result, cause)


def forced_move(p: _Play, j: int, source: Space) -> None:
    """CF-70: a suppressed vehicle moves one space away from the enemy that hit it; the owner chooses
    among several spaces; with none it stays. It backs away: its facing stays."""
    if not p.alive(j):
        return
    options = p.assault_retreats(j, source)
    if not options:
        p.say(f"{p.name(j)} is suppressed but has no space to move away to: it stays (CF-70)")
    elif len(options) == 1:
        p.set(j, at=options[0])
        p.say(f"{p.name(j)} is suppressed and must move one space away from the enemy: to "
              f"{_sp(options[0])} (seed \"Vehicle Hit Results\")")
    else:
        cast("list[Decision]", p.decisions).append(Decision("ca_retreat", p.game.side_of[j], (j, source)))


def _apply_result(p: _Play, j: int, result: str, cause: str) -> None:
    g = p.game
    status = STATUS_WORD[result]
    u = p.units[j]
    if u.hidden and status != u.status:
        reveal(p, j, "it was hit")
    if g.smf[j]:
        if status == "destroyed":
            eliminate(p, j, "destroyed")
        return
    if status == u.status:
        return
    if status == "destroyed":
        leaders = [k for k in p.at(u.at, g.side_of[j])  # type: ignore[arg-type]
                   if g.types[k].leader]
        if leaders:
            sacrifice = Decision("sacrifice", g.side_of[j], (j, tuple(leaders)))
            cast("list[Decision]", p.decisions).insert(0, sacrifice)
            return
        eliminate(p, j, "destroyed")
        return
    p.set(j, status=status, bocage=u.bocage and status != "suppressed")
    if u.bocage and status == "suppressed":
        p.say(f"{p.name(j)} is suppressed and abandons the bocage (seed \"Bocage\")")
    if status == "suppressed":
        shake_riders(p, j)


def eliminate(p: _Play, j: int, how: str) -> None:
    """Take a unit off the table: ``destroyed`` (counts for victory) or ``removed`` by the rules."""
    g = p.game
    at = p.units[j].at
    hidden = p.units[j].hidden and how != "destroyed"
    aboard = p.riders(j) if g.transport and g.vehicle[j] else []
    p.set(j, status=how, at=None, hidden=hidden, bocage=False, riding=-1)
    p.say(f"{p.name(j)} is {'destroyed' if how == 'destroyed' else 'removed from the table'}",
          p.game.side_of[j] if hidden else "all")
    # a forward observer's mission already called still arrives (CF-107)
    if at is None or g.smf[j]:
        return
    if aboard:
        bail_out(p, j, at, aboard)
    side = g.side_of[j]
    here = p.at(at, side)
    if here and all(g.smf[k] for k in here):
        for k in here:
            p.ruling("smf-elimination", {"cause": "stack_destroyed", "alone": False},
                     f"{p.name(k)} was with the units destroyed in {_sp(at)}")
            eliminate(p, k, "destroyed")


def bail_out(p: _Play, j: int, at: Space, aboard: list[int]) -> None:
    """CF-94: the riders of a destroyed carrier bail out into its space, each suppressed (destroyed if it
    already was); one the stacking limit leaves no room for is lost with the carrier. SMFs then follow the
    seed's rule for SMFs left without their units (:func:`eliminate`)."""
    g = p.game
    for k in aboard:
        p.set(k, riding=-1)
    p.say(f"{', '.join(p.name(k) for k in aboard)} bail{'s' if len(aboard) == 1 else ''} out of "
          f"{p.name(j)} in {_sp(at)} (CF-94)")
    for k in sorted(aboard, key=lambda x: g.smf[x]):
        if not p.alive(k) or g.smf[k]:
            continue
        if not p.space_takes(k, at):
            p.say(f"{p.name(k)} has no room in {_sp(at)} (seed \"Stacking\"): lost with its carrier")
            eliminate(p, k, "destroyed")
            continue
        result = "destroyed" if p.units[k].status == "suppressed" else "suppressed"
        if result == "suppressed":
            p.say(f"{p.name(k)} is suppressed as it bails out (CF-94)")
        else:
            p.say(f"{p.name(k)} was already suppressed: bailing out finishes it (CF-94)")
        _apply_result(p, k, result, "bail_out")


def result_or_retreat(p: _Play, j: int, result: str, hits: int, small_arms: bool, source: Space | None) -> None:
    if small_arms and hits > 0 and source is not None and not p.game.smf[j] \
            and p.retreat_options(j, source):
        retreat = Decision("retreat", p.game.side_of[j], (j, hits, result, source))
        cast("list[Decision]", p.decisions).append(retreat)
        return
    apply_result(p, j, result, "direct_fire", source)


def do_retreat(p: _Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None and a.space is not None
    if d.kind == "ca_retreat":
        p.set(i, at=a.space, bocage=False)
        why = "Vehicle Hit Results" if p.game.vehicle[i] else "Close Assault"
        p.say(f"{p.name(i)} is suppressed and retreats to {_sp(a.space)} (seed \"{why}\")")
        return
    j, hits, _, source = d.data
    r = p.ruling("hit-result", {"hits": hits, "target_status": p.units[j].status, "target": "unit",
                                "retreat": True},
                 f"{p.name(j)} retreats from {_sp(p.units[j].at)} to {_sp(a.space)}, one space away "
                 f"from the firer at {_sp(source)}")
    p.set(j, at=a.space, bocage=False, hidden=False)
    apply_result(p, j, r.result, "direct_fire")


def do_take_hits(p: _Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    j, _, result, _ = d.data
    p.say(f"{p.name(j)} stands in {_sp(p.units[j].at)} and takes the hits: {result}")
    apply_result(p, j, result, "direct_fire")


def do_rally(p: _Play, a: Action, i: int) -> None:
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


def do_sacrifice(p: _Play, a: Action, i: int) -> None:
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
        p.say(f"{p.name(i)} is suppressed by op fire and ends in {_sp(back)}, the space it left (seed "
              "\"Opportunity Fire\")")


def do_decline(p: _Play, a: Action, i: int) -> None:
    eliminate(p, i, "destroyed")


def _hits_of(r: Rolled) -> int:
    for label, value, _ in r.thrown:
        if label in ("fire", "op fire", "HE", "sniper", "mine damage") and isinstance(value, int):
            return int(value)
    return 0
