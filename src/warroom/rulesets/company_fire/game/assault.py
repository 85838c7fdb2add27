"""Company Fire game: close assault (seed "Close Assault"; CF-8, and vehicles CF-84, CF-89).

The assaulting units, revealed, may first meet the defenders' opportunity fire (CF-60); then both sides roll
the close-assault procedure, its terms read from the position (:func:`_assault_params`: leaders, units in good
order, SMGs and MGs, reinforced cover, statuses; vehicles' MGs through their bow, tanks and AFVs, anti-tank
grenades and weapons, a pinned vehicle at a penalty: CF-84, CF-89). The margin is hits on each loser; suppressed
losers retreat or are destroyed; a tie loses units one for one, each side choosing which (CF-8, CF-60); winners
may occupy the space, overrunning the SMFs left in it (CF-34).
"""

from __future__ import annotations

from typing import Any, cast

from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import Decision, _other, _sp
from warroom.rulesets.company_fire.game.effects import _Play
from warroom.rulesets.company_fire.game.morale import apply_result, eliminate, hit_table
from warroom.rulesets.company_fire.game.observe import reveal
from warroom.rulesets.company_fire.game.rules import _Rules
from warroom.rulesets.company_fire.vehicles import in_front


def may_assault_now(p: _Play, j: int) -> bool:
    """Good order, or a pinned vehicle (it assaults at a penalty, CF-84)."""
    st = p.units[j].status
    return st == "good_order" or (st == "pinned" and p.game.vehicle[j])


def do_assault(p: _Play, a: Action, i: int) -> None:
    g = p.game
    assert a.space is not None
    attackers = [i] + ([g.index[a.other]] if a.other else [])
    for j in attackers:
        reveal(p, j, "it assaults")
        p.set(j, done=True, fired=True, moved=True)
    side = g.side_of[i]
    enemy = _other(side)
    here = p.units[i].at
    assert here is not None
    p.say(f"{' and '.join(p.name(j) for j in attackers)} close assault {_sp(a.space)}")
    defenders = p.at(a.space, enemy)
    if any(p.may_op_fire(k, here, j) and p.sees(p.units[k].at, here)  # type: ignore[arg-type]
           for k in defenders for j in attackers):
        opfire = Decision("opfire", enemy, ("assault", tuple(attackers), a.space))
        cast("list[Decision]", p.decisions).insert(0, opfire)
        return
    close_assault(p, attackers, a.space)


def close_assault(p: _Play, attackers: list[int], target: Space) -> None:
    """Seed "Close Assault": both sides roll 1d6 plus modifiers (the procedure); the margin is hits on
    each losing unit; suppressed losers retreat or are destroyed; a tie loses units 1:1 (CF-8)."""
    g = p.game
    attackers = [j for j in attackers if p.alive(j) and may_assault_now(p, j)]
    if not attackers:
        p.say("no attacker is left in good order: the close assault does not go in (seed \"Close Assault\")")
        return
    side = g.side_of[attackers[0]]
    enemy = _other(side)
    defenders = [j for j in p.at(target, enemy) if not g.smf[j] and p.units[j].riding < 0]
    if not defenders:
        p.say(f"no defender is left in {_sp(target)}")
        return
    here = p.units[attackers[0]].at
    assert here is not None
    params = _assault_params(p, attackers, here, defenders, target)
    r = p.ruling("close-assault", params, f"close assault on {_sp(target)}")
    result = r.result
    if result.startswith("tie"):
        n = min(len(attackers), len(defenders))
        cast("list[Decision]", p.decisions)[0:0] = [Decision("lose", side, (tuple(attackers), n)),
                               Decision("lose", enemy, (tuple(defenders), n))]
        settle_losses(p)
        return
    hits = 3 if "3+" in result else int(result.split("by ")[1][0])
    losers, winners = (defenders, attackers) if result.startswith("attackers") else (attackers, defenders)
    win_space = p.units[winners[0]].at
    for j in losers:
        if not p.alive(j):
            continue
        res = hit_table(p, j, hits, "close assault")
        if res == "suppressed":
            apply_result(p, j, res, "close_assault")
            options = p.assault_retreats(j, win_space)  # type: ignore[arg-type]
            if not options:
                p.say(f"{p.name(j)} is suppressed and cannot retreat: destroyed (seed \"Close Assault\")")
                eliminate(p, j, "destroyed")
            elif len(options) == 1:
                p.set(j, at=options[0])
                p.say(f"{p.name(j)} is suppressed and retreats to {_sp(options[0])}")
            else:
                cast("list[Decision]", p.decisions).append(Decision("ca_retreat", g.side_of[j], (j, win_space)))
        else:
            apply_result(p, j, res, "close_assault")
    if result.startswith("attackers") and not [j for j in p.at(target, enemy) if not g.smf[j]]:
        survivors = tuple(j for j in attackers if p.alive(j))
        if survivors:
            cast("list[Decision]", p.decisions).append(Decision("occupy", side, (survivors, target)))


def settle_losses(p: _Play) -> None:
    """Tie losses with no choice (as many to lose as took part) are taken at once."""
    while p.decisions and p.decisions[0].kind == "lose":
        units, n = p.decisions[0].data
        left = [j for j in units if p.alive(j)]
        if n <= 0 or not left:
            cast("list[Decision]", p.decisions).pop(0)
            continue
        if len(left) <= n:
            cast("list[Decision]", p.decisions).pop(0)
            for j in left:
                eliminate(p, j, "destroyed")
            continue
        return


def do_lose(p: _Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    units, n = d.data
    eliminate(p, i, "destroyed")
    if n > 1:
        cast("list[Decision]", p.decisions).insert(0, Decision("lose", d.side, (units, n - 1)))
    settle_losses(p)


def do_occupy(p: _Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    survivors, target = d.data
    movers = [j for j in survivors if p.alive(j)]
    side = d.side
    enemy = _other(side)
    for j in p.at(target, enemy):  # SMFs left in the space are overrun (CF-34)
        eliminate(p, j, "destroyed")
    for j in movers:
        p.set(j, at=target, bocage=False)
    p.say(f"{', '.join(p.name(j) for j in movers)} occupy {_sp(target)} (no op fire; seed \"Close "
          "Assault\")")


def do_stay(p: _Play, a: Action, i: int) -> None:
    p.say("the assaulting units stay where they are")


def _assault_params(s: _Rules, attackers: list[int], here: Space, defenders: list[int],
                    target: Space) -> dict[str, Any]:
    g = s.game
    side = g.side_of[attackers[0]]
    enemy = _other(side)
    good_def = [j for j in defenders if s.units[j].status == "good_order"]
    return {
        "att_leader": s.leaders_in(here, side),
        "att_good_order": min(2, len(attackers)),
        "att_smg": any(g.types[j].has("smg_assault") for j in attackers),
        "def_leader": s.leaders_in(target, enemy),
        "def_good_order": min(2, len(good_def)),
        "def_smg": any(g.types[j].has("smg_assault") and s.units[j].status != "suppressed" for j in defenders),
        "def_mgs": sum(1 for j in defenders if g.types[j].has("mg_op_fire") and s.units[j].status != "suppressed"),
        # CF-8, CF-102: occupied bocage is reinforced cover; no terrain of the table is, and ordinary cover is no term
        "reinforced_cover": any(s.units[j].bocage for j in defenders) and B.has_bocage(g.board, target),
        "def_pinned": any(s.units[j].status == "pinned" for j in defenders),
        "def_suppressed": any(s.units[j].status == "suppressed" for j in defenders),
        "def_only_weapon_teams": all(g.types[j].weapon_crew for j in defenders),
    } | (_vehicle_assault_params(s, attackers, here, defenders, target) if g.has_vehicles else {})


def _vehicle_assault_params(s: _Rules, attackers: list[int], here: Space, defenders: list[int],
                            target: Space) -> dict[str, Any]:
    """Seed "Close Assault" vehicle terms (CF-84, CF-89): vehicle MGs count when the bow faces the enemy's
    space; +3 a friendly tank, +2 another AFV; AT grenades (engineers) and AT weapons against a vehicle; a
    pinned vehicle attacks at a penalty and is not a good-order unit."""
    g = s.game
    out: dict[str, Any] = {}
    for prefix, units, enemy_space in (("att", attackers, target), ("def", defenders, here)):
        types = [g.types[j] for j in units]
        vehicles = [j for j in units if g.vehicle[j]]
        out[f"{prefix}_vehicle"] = bool(vehicles)
        out[f"{prefix}_tank"] = any(g.types[j].vehicle.close_assault == "tank" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_afv"] = any(g.types[j].vehicle.close_assault == "afv" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_at_grenades"] = any(t.has("at_grenades") for t in types)
        out[f"{prefix}_at_weapons"] = any(t.anti_tank is not None and t.kind == "squad" for t in types)
        mgs = len([j for j in vehicles if g.types[j].weapon is not None and s.units[j].status != "suppressed"
                   and in_front(s.units[j].at, s.units[j].facing, enemy_space)])  # type: ignore[arg-type]
        if prefix == "att":
            out["att_vehicle_mgs"] = min(2, mgs)
        else:
            out["def_mgs"] = min(2, mgs + sum(1 for j in units if not g.vehicle[j] and g.types[j].has("mg_op_fire")
                                               and s.units[j].status != "suppressed"))
    pinned = [j for j in attackers if s.units[j].status == "pinned"]
    out["att_pinned_vehicle"] = bool(pinned)
    out["att_good_order"] = min(2, len(attackers) - len(pinned))
    return out
