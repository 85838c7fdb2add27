"""The Company Fire heuristic's movement: where each unit is worth more standing, and the moves that take it
there (seed "Movement", "Line of Sight (LOS)", "Terrain", "Mines (beta)"; objectives CF-54, CF-55).

The attacker moves on the objectives it does not hold, by bounds out of enemy sight; the defender holds its
ground, keeps a squad near what it holds and takes back what it lost; leaders stand with their squads.
"""

from __future__ import annotations

from typing import Any

from warroom.ai.heuristic_cf_board import Unit
from warroom.ai.heuristic_cf_value import Decision, own_risk, p_pass
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.geometry import range_between


def _goal_pull(d: Decision, s: Space, mover: str = "") -> float:
    """How strongly space ``s`` draws the side's squads: near objectives the enemy holds, and near its own that
    no squad of its own stands in to hold (CF-54: held by the side that last had a squad, team or gun in it
    alone; CF-55: points counted at the end), points over walking distance."""
    p = d.pos
    pull = 0.0
    for g, pts, held in p.objectives:
        if held == d.view.side:
            if any(f.holds for f in p.friends_at(g, besides=mover)):
                continue
            weight = 0.6 * pts
        else:
            weight = float(pts)
        w = min(p.walk(s, g), 16)
        pull += weight * (1.0 / (1.0 + w) - 0.08 * w)  # the pull grows near, and each step counts from afar
    return pull


def _hold_cost(d: Decision, u: Unit, here: Space) -> float:
    """What leaving ``here`` costs: an objective the unit holds alone (CF-54)."""
    p = d.pos
    if not u.holds:
        return 0.0
    others = [f for f in p.friends_at(here, besides=u.id) if f.holds]
    if others:
        return 0.0
    return sum(2.0 * pts for at, pts, held in p.objectives if at == here and held == d.view.side)


def _place(d: Decision, u: Unit, s: Space) -> float:
    """What standing at ``s`` is worth to unit ``u``: the pull of the objectives (pressing on), cover and being
    out of enemy sight (seed "Terrain", "Line of Sight (LOS)"), next to a foe it can assault when pressing."""
    p = d.pos
    value = d.press * 4.0 * _goal_pull(d, s, u.id)
    if any(at == s for at, _, _ in p.objectives):
        value += 0.5 * d.press
    danger = p.threats(s)
    value -= d.caution * danger * (0.5 if p.cover(s) else 1.0)
    if not u.type.is_vehicle:
        # seed "Close Assault": a squad in reach of enemy armour or squads may be assaulted; a side that leads on
        # points, or is one loss from its break point (CF-56), keeps its squads out of reach
        left = p.break_at[u.side] - p.losses[u.side]
        fear = (0.0 if d.behind else 0.5) + (0.5 if left <= 1 else 0.0)
        value -= d.caution * fear * p.assault_danger(s)
    if p.cover(s):
        value += 0.25
    if s in p.mined:
        # seed "Mines (beta)", CF-98: only a squad stops in a known minefield with no path found, to clear it;
        # a weapon team, gun or SMF goes round
        value -= 4.0 if u.type.kind == "squad" else 100.0
    if d.attacking and u.type.may_close_assault:
        weak = [f for f in p.foes if range_between(f.at, s) <= 2 and f.rank >= 1 and not f.type.is_vehicle]
        value += 0.3 * d.aggression * len(weak)
    return value


def _leader_place(d: Decision, u: Unit, s: Space) -> float:
    """Seed "Unit Status, Hit Results and Rallying" and "Movement": a leader adds to rallies and Movement Tests
    of units in his space, so he stands with the squads, most of all the shaken ones and those pressing on."""
    p = d.pos
    value = 0.0
    for f in p.friends_at(s, besides=u.id):
        if f.type.is_smf:
            continue
        value += 1.0 + 0.7 * f.rank
        value += 0.5 * d.press * _goal_pull(d, s, u.id)
    others = [f for f in p.mine if f.type.leader and f.id != u.id and f.at == s]
    value -= 0.8 * len(others)
    value -= 0.6 * p.threats(s) * (0.5 if p.cover(s) else 1.0) * d.caution
    if s in p.mined:
        value -= 4.0
    return value


def move_score(d: Decision, a: Any) -> float:
    """Seed "Movement": a move from one place to a better one; its Movement Test and any minefield passed
    priced on the exact odds (seed "Mines (beta)")."""
    u = d.units.get(a.unit)
    if u is None or a.space is None:
        return -1.0
    p = d.pos
    here = u.at
    place = _leader_place if u.type.leader else _place
    gain = place(d, u, a.space) - place(d, u, here) - _hold_cost(d, u, here)
    if any(w in p.mined for w in a.via):
        gain -= 2.0
    odds = d.odds(a)
    ok = p_pass(odds)
    if not d.attacking:
        gain -= 0.15  # the defender holds its ground unless the move is clearly better
    if u.hidden and a.kind != "leader_move":
        gain -= 0.4 * (1.0 - d.aggression)  # CF-47: a blind that moves is revealed
    if a.kind == "assault_move":
        gain += 0.3 * d.aggression - 0.2
    if a.kind == "fall_back":
        gain += 0.2
    gain += armour_stack(d, u, here, a.space)
    # seed "Movement": the whole way out of enemy sight is a free move, the way to advance by bounds
    if p.threats(a.space) == 0 and p.threats(here) == 0:
        gain += 0.1
    return ok * gain - own_risk(d, odds) - 0.02


ARMOUR_STACK = 1.5
"""What a point of close-assault defence against enemy AFVs is worth to each squad, team or gun it defends, for
each enemy AFV able to assault (at most two; none while an enemy tank is about)."""


def armour_stack(d: Decision, u: Unit, here: Space, there: Space) -> float:
    """Seed "Close Assault" ("Vehicle Close Assault"): a half-track or tank assaulting infantry adds 2 or 3 and its
    MG 1, so a squad alone loses to it; the defence is a stack, a leader (+1), a second good-order unit (+1), an
    MG (+1) and above all the anti-tank squad (+2 against a vehicle) standing together. While enemy armour able
    to assault is about, a move is worth what it adds to the defence of the stack it joins, less what it takes
    from the one it leaves, each point counted for every squad, team or gun it defends."""
    p = d.pos
    armour = p.armour_threat()
    if not armour or here == there:
        return 0.0

    def held(s: Space, with_u: bool) -> float:
        stack = [f for f in p.mine if f.at == s and f.id != u.id] + ([u] if with_u else [])
        n = sum(1 for f in stack if f.holds)
        return float(n * p.assault_defence(stack)) if n else 0.0

    joined = held(there, True) - held(there, False)
    left = held(here, True) - held(here, False)
    return ARMOUR_STACK * armour * (joined - left)


def retreat_score(d: Decision, a: Any) -> float:
    """Seed "Unit Status, Hit Results and Rallying", Hit Reduction: retreat a space to take one hit fewer,
    unless that gives up an objective the unit holds alone (CF-54)."""
    u = d.units.get(a.unit)
    if u is None:
        return 0.5
    if a.kind == "retreat" and d.view.observation.get("decision") == "ca_retreat":
        return 0.5
    return 0.5 - 0.3 * _hold_cost(d, u, u.at)


def face_score(d: Decision, a: Any) -> float:
    """Seed "Vehicle Facing": face the hull or turret toward the nearest known enemy."""
    u = d.units.get(a.unit)
    p = d.pos
    if u is None or (not p.foes and not p.blinds):
        return -0.1
    target = min([f.at for f in p.foes] or p.blinds, key=lambda s: range_between(u.at, s))
    dc, dr = target[0] - u.at[0], target[1] - u.at[1]
    want = ("E" if dc > 0 else "W") if abs(dc) >= abs(dr) else ("S" if dr > 0 else "N")
    return 0.1 if a.facing == want else -0.1


def dismount_score(d: Decision, a: Any) -> float:
    """CF-91: carried infantry dismounts when the enemy is near."""
    p = d.pos
    if a.space is None:
        return 0.0
    near = min((range_between(a.space, s) for s in p.enemy_spaces()), default=99)
    return 0.3 if near <= 4 else -0.1
