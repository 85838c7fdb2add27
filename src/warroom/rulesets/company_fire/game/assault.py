"""Company Fire game: close assault (seed "Close Assault"; CF-8, and vehicles CF-84, CF-89).

The assaulting units, revealed, may first meet the defenders' opportunity fire (CF-60); then both sides roll
the close-assault procedure (:func:`.consequences.close_assault`, rolled after that fire by :mod:`.fire`), its
terms read from the position (:func:`.consequences.assault_params`: leaders, units in good
order, SMGs and MGs, reinforced cover, statuses; vehicles' MGs through their bow, tanks and AFVs, anti-tank
grenades and weapons, a pinned vehicle at a penalty: CF-84, CF-89). The margin is hits on each loser; suppressed
losers retreat or are destroyed; a tie loses units one for one, each side choosing which (CF-8, CF-60); winners
may occupy the space, overrunning the SMFs left in it (CF-34).
"""

from __future__ import annotations

from typing import cast

from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import Decision, other_side, sp
from warroom.rulesets.company_fire.game.consequences import close_assault, eliminate, settle_losses
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.observe import reveal


def do_assault(p: Play, a: Action, i: int) -> None:
    g = p.game
    assert a.space is not None
    attackers = [i] + ([g.index[a.other]] if a.other else [])
    for j in attackers:
        reveal(p, j, "it assaults")
        p.set(j, done=True, fired=True, moved=True)
    side = g.side_of[i]
    enemy = other_side(side)
    here = p.units[i].at
    assert here is not None
    p.say(f"{' and '.join(p.name(j) for j in attackers)} close assault {sp(a.space)}")
    defenders = p.at(a.space, enemy)
    if any(p.may_op_fire(k, here, j) and p.sees(p.units[k].at, here)  # type: ignore[arg-type]
           for k in defenders for j in attackers):
        opfire = Decision("opfire", enemy, ("assault", tuple(attackers), a.space))
        cast("list[Decision]", p.decisions).insert(0, opfire)
        return
    close_assault(p, attackers, a.space)


def do_lose(p: Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    units, n = d.data
    eliminate(p, i, "destroyed")
    if n > 1:
        cast("list[Decision]", p.decisions).insert(0, Decision("lose", d.side, (units, n - 1)))
    settle_losses(p)


def do_occupy(p: Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    survivors, target = d.data
    movers = [j for j in survivors if p.alive(j)]
    side = d.side
    enemy = other_side(side)
    for j in p.at(target, enemy):  # SMFs left in the space are overrun (CF-34)
        eliminate(p, j, "destroyed")
    for j in movers:
        p.set(j, at=target, bocage=False)
    p.say(f"{', '.join(p.name(j) for j in movers)} occupy {sp(target)} (no op fire; seed \"Close "
          "Assault\")")


def do_stay(p: Play, a: Action, i: int) -> None:
    p.say("the assaulting units stay where they are")


