"""The Brigade heuristic's phase 5 (seed 004 "Move Sequence", fire and movement): which unit to order next,
and each unit's order, by the plan of its side (attack or defence) and its kind.

Orders are given type A (fire halted, then up to half a move) before B (half a move, then fire moving), then
C (move), D (deploy) and E (limber), as the sequence requires (BR-121), so units that will fire are selected
first. A pinned unit may fire but not move (BR-123), so the engine offers it no move.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import numpy as np

from warroom.ai.heuristic_brigade_board import Board, Objective, Own, Point, best_inches, distance
from warroom.ai.heuristic_brigade_fire import shot_value, target_weight
from warroom.ai.view import View
from warroom.rulesets.brigade.game.actions import (
    Advance,
    Deploy,
    Disembark,
    Dismount,
    End,
    Fire,
    Hold,
    Mount,
    Move,
    Select,
)

REACH = {"infantry": 30.0, "cavalry": 30.0, "support": 60.0, "vehicle": 40.0, "gun": 75.0, "hq": 10.0,
         "observer": 5.0}
"""Roughly how far each kind's fire reaches (seed 004 "Small arms fire" long ranges, "Firing at vehicles"):
enough to tell which units will fire this move and so are ordered first (type A before C, BR-121)."""

SAFE_INCHES = 24.0
"""Close order only with no detected enemy this near (seed 004 "Advancing in close order": the company cannot
be pinned and takes no morale test, but saves one worse under direct fire, "Modifiers")."""

FRAGILE = 0.45
"""A company with this share dead is near its morale tests and removal at two thirds (seed 004 "Casualties"):
it is not pushed forward into fire."""


def select(board: Board, legal: Sequence[Hashable], rng: np.random.Generator, aggression: float) -> Hashable:
    """The next unit to order (types A to E in turn, BR-121), or End once every unit has its order."""
    picks = [a for a in legal if isinstance(a, Select)]
    if not picks:
        return End()

    def tier(a: Select) -> tuple[int, float, float]:
        u = board.own.get(a.unit)
        if u is None:
            return (5, 0.0, 0.0)
        _, d = board.nearest_enemy(u.at)
        if u.kind == "gun" and u.limbered:
            return (3, d, float(rng.random()))
        goal = _goal_point(board, u)
        rushing = goal is not None and _moves_on(board, u, aggression) and _hurry(board, u, goal)
        if d <= REACH.get(u.kind, 20.0) and not rushing:
            return (0, d, float(rng.random()))
        return (2, d, float(rng.random()))

    return min(picks, key=tier)


def order(board: Board, view: View, legal: Sequence[Hashable], rng: np.random.Generator, aggression: float) -> Hashable:
    """The order for the selected unit (or its half move after firing, or its fire after advancing)."""
    hold = next((a for a in legal if isinstance(a, Hold)), legal[0])
    uid = getattr(hold, "unit", None)
    u = board.own.get(uid) if uid is not None else None
    if u is None:
        return hold
    # a unit that has fired halted (type A) has its half move to choose; one that has advanced (type B), its fire
    pending = {"A": "after_fire", "B": "after_advance"}.get(u.order, "")
    fires = [a for a in legal if isinstance(a, Fire)]
    best_fire, fv = _best_fire(board, view, fires, rng, u.at)
    if pending == "after_advance":
        return best_fire if best_fire is not None and fv > 0.01 else hold
    goal = _goal_point(board, u)
    if pending == "after_fire":
        if goal is not None and _moves_on(board, u, aggression):
            return _best_move(board, u, legal, goal, half=True, rng=rng) or hold
        return hold
    if u.aboard is not None:
        return _riders(board, u, legal, goal, rng) or hold
    if u.type.transport:
        return _transport(board, u, legal, rng) or hold
    if u.kind == "gun":
        deploy = [a for a in legal if isinstance(a, Deploy) and a.dest == "here"]
        if deploy:  # a limbered gun may not fire (seed 004 "Moving and Firing"): unlimber where it stands
            return deploy[0]
        return best_fire if best_fire is not None and fv > 0.02 else hold
    if u.kind == "cavalry" or u.type.bicycles:
        change = _mounts(board, u, legal, goal, rng)
        if change is not None:
            return change
    threshold = _fire_threshold(board, u, aggression)
    if goal is not None and _moves_on(board, u, aggression):
        hurry = _hurry(board, u, goal)
        if best_fire is not None and fv >= max(threshold, 0.12 - 0.08 * aggression) and (not hurry or fv >= 0.4):
            return best_fire  # type A: fire halted, then half a move on (the after_fire choice)
        close = [e for e in board.enemy_near(u.at, 12.0) if e.spotted]
        if close and not hurry:
            advance = _best_move(board, u, [a for a in legal if isinstance(a, Advance)], goal, half=True, rng=rng)
            if advance is not None:
                return advance  # type B: half a move, then fire moving
        move = _best_move(board, u, legal, goal, half=False, rng=rng)
        if move is not None:
            return move
    close_in = _close_in(board, u, legal, best_fire, fv)
    if close_in is not None:
        return close_in
    if best_fire is not None and fv >= threshold:
        return best_fire
    return hold


def _close_in(board: Board, u: Own, legal: Sequence[Hashable], best_fire: Fire | None, fv: float) -> Hashable | None:
    """An attacker on its objective with a detected enemy still holding it (BR-130: then nobody scores it) closes
    to within 2" and fires (seed 004 "Modifiers": saves one worse against a firer within 2"; "Notes": flame-
    throwers ignore cover), unless a telling shot is to be had from where it stands."""
    goal = board.goals.get(u.id)
    if not board.attacking or goal is None or u.pinned or u.share_dead >= FRAGILE:
        return None
    if u.kind not in ("infantry", "cavalry", "vehicle") or (best_fire is not None and fv >= 0.25):
        return None
    nearest, d = board.nearest_enemy(u.at)
    if nearest is None or d <= 2.5 or nearest.kind == "observer" or distance(nearest.at, goal.at) > goal.radius + 0.5:
        return None
    return next((a for a in legal if isinstance(a, Advance) and a.dest == "enemy"), None)


def _hurry(board: Board, u: Own, goal: Point) -> bool:
    """Whether the unit needs every full move left to reach its goal before the last period ends (BR-130: the
    objectives count when it ends): halving a move to fire (types A and B, seed 004 "Move Sequence") then costs
    the objective."""
    moves_left = max(0, (board.moves - board.move + 1) // 2)
    need = distance(u.at, goal) / max(1.0, best_inches(u.row))
    return need + 1.0 >= moves_left


ODDS_TARGETS = 3
"""The targets whose shots' exact odds are worked out, best first by weight and range: enough for the fire priorities,
few enough for a decision in well under 50 ms (issue 16)."""


def _best_fire(board: Board, view: View, fires: list[Fire], rng: np.random.Generator,
               at: Point | None = None) -> tuple[Fire | None, float]:
    def prior(a: Fire) -> float:
        e = board.enemy.get(a.target)
        if e is None or at is None:
            return 0.0
        return -target_weight(board, e) / (1.0 + distance(at, e.at) / 10.0)

    targets: list[str] = []
    for a in sorted(fires, key=prior):  # the likeliest targets, each with every weapon mode it is offered
        if a.target not in targets:
            targets.append(a.target)
    chosen = set(targets[:ODDS_TARGETS])
    best, value = None, 0.0
    for a in (a for a in fires if a.target in chosen):
        v = shot_value(board, view, a, a.target) + 1e-9 * float(rng.random())
        if v > value:
            best, value = a, v
    return best, value


def _fire_threshold(board: Board, u: Own, aggression: float) -> float:
    """Detection first (seed 004 "Detection"): a unit that fires is seen at 40" where one still in cover is seen
    at 4", so a defender holding its ground keeps its fire for shots worth giving itself away for."""
    if board.attacking:
        return 0.02
    return 0.03 + 0.12 * (1.0 - aggression)


def _goal_point(board: Board, u: Own) -> Point | None:
    """Where the unit is making for: its objective (BR-130); observers and HQs follow behind the companies to see
    and call the fire; an attacking MG or mortar comes up to firing range and stops."""
    goal = board.goals.get(u.id)
    if goal is not None:
        return goal.at
    if not board.objectives:
        return None
    target = min(board.objectives, key=lambda o: (distance(u.at, o.at) / (1 + o.points), o.index))
    return target.at


def _held_by_us(board: Board, o: Objective) -> bool:
    return any(v.holds_ground and distance(v.at, o.at) <= o.radius for v in board.own.values())


def _moves_on(board: Board, u: Own, aggression: float) -> bool:
    """Whether the unit moves this move: the attacker presses on to its objective, unless the company is near
    breaking (seed 004 "Casualties"; morale-aware advances); the defender stays in its cover and moves only to
    retake an objective it has lost or, in the last period, one the enemy holds (BR-130)."""
    goal = board.goals.get(u.id)
    if u.pinned or u.type.transport:
        return False
    if u.kind in ("hq", "observer"):  # behind the line, within sight of the objective
        if not board.attacking:
            return False
        _, near = board.nearest_enemy(u.at)
        return near > 20.0 and _goal_distance(board, u) > 14.0
    if u.kind == "support":
        if u.type.mortar is not None or not board.attacking:
            return False
        _, near = board.nearest_enemy(u.at)
        return near > 30.0
    if goal is None:
        return False
    d = distance(u.at, goal.at)
    if d <= goal.radius - 0.5:
        return False
    if board.attacking:
        if u.share_dead >= FRAGILE and not board.late:
            return aggression > 0.85
        return True
    # the defender: retake a lost objective, or counter-attack with its mobile reserves
    if not _held_by_us(board, goal):
        return True
    mobile = u.kind in ("vehicle", "cavalry")
    enemy_close = bool(board.enemy_near(goal.at, goal.radius + 8.0))
    return mobile and enemy_close and aggression >= 0.3 and d > goal.radius


def _goal_distance(board: Board, u: Own) -> float:
    if not board.objectives:
        return 0.0
    return min(distance(u.at, o.at) for o in board.objectives)


def _end_point(board: Board, u: Own, dest: str, reach: float) -> Point | None:
    """Where a move along ``dest`` ends (BR-160: a heading or "away" as far as the move goes, an objective or
    the nearest enemy straight towards it), over the ground as the table has it."""
    x, y = u.at
    budget = reach / max(1e-6, best_inches(u.row))
    if dest.startswith("dir:"):
        a = math.radians(int(dest[4:]))
        goal: Point = _clip(board, (x + reach * math.sin(a), y + reach * math.cos(a)))
    elif dest.startswith("obj:"):
        k = int(dest[4:])
        if k >= len(board.objectives):
            return None
        goal = board.objectives[k].at
    elif dest == "here":
        return u.at
    else:
        e, d = board.nearest_enemy(u.at)
        if e is None or d < 1e-6:
            return None
        if dest == "enemy":
            goal = e.at
        elif dest == "away":
            goal = _clip(board, (x + (x - e.at[0]) / d * reach, y + (y - e.at[1]) / d * reach))
        else:
            return None
    return board.move_end(u, goal, min(1.0, budget))


def _clip(board: Board, p: Point) -> Point:
    return (min(max(p[0], 0.0), board.width), min(max(p[1], 0.0), board.depth))


def _best_move(board: Board, u: Own, legal: Sequence[Hashable], goal: Point, half: bool,
               rng: np.random.Generator) -> Hashable | None:
    """The move (or advance) that brings the unit nearest its goal, never through a minefield it knows of
    (seed 003 MINES; BR-142: the side's own and found minefields are in its observation); close order only
    when safe (seed 004 "Advancing in close order")."""
    reach = best_inches(u.row) * (0.5 if half else 1.0)
    _, enemy_d = board.nearest_enemy(u.at)
    safe = enemy_d > SAFE_INCHES
    before = board.path_length(u.at, goal)
    straight = not board.crosses_minefield(u.at, goal)  # else every heading may be the way round
    best, score = None, 0.05
    for a in legal:
        if isinstance(a, Move):
            if a.half != half or (a.close and not safe):
                continue
        elif not isinstance(a, Advance):
            continue
        if straight and not _heads_for(board, u, a.dest, goal):
            continue
        end = _end_point(board, u, a.dest, reach)
        if end is None:
            continue
        s = before - board.path_length(end, goal)
        if board.crosses_minefield(u.at, end):
            s -= 100.0
        if isinstance(a, Move) and a.close:
            s += 0.3  # faster to close up in column, and no pin or morale test on the way
        if a.dest.startswith("obj:"):
            s += 0.2  # straight for the objective point
        s += 1e-6 * float(rng.random())
        if s > score:
            best, score = a, s
    return best


def _heads_for(board: Board, u: Own, dest: str, goal: Point) -> bool:
    """Whether a heading is within 67.5 degrees of the goal's bearing (the others cannot bring the unit nearer
    by much, so the ground along them is not measured); other destinations always are."""
    if not dest.startswith("dir:"):
        return True
    bearing = math.degrees(math.atan2(goal[0] - u.at[0], goal[1] - u.at[1])) % 360
    off = abs((int(dest[4:]) - bearing + 180) % 360 - 180)
    return off <= 67.5


def _riders(board: Board, u: Own, legal: Sequence[Hashable], goal: Point | None,
            rng: np.random.Generator) -> Hashable | None:
    """Troops in a lorry get out at once, before the enemy's MGs find it (seed 004 "Entering / leaving vehicles":
    half a move to get out, half to move on; a soft-skin lorry dies to any hit, "Saving throws"), and the
    lorry cannot be trusted to find a way round buildings the troops can walk through."""
    outs = [a for a in legal if isinstance(a, Disembark)]
    if not outs:
        return None
    if goal is not None:
        best, score = None, -math.inf
        for a in outs:
            end = _end_point(board, u, a.dest, best_inches("infantry") * 0.5) if a.dest != "here" else u.at
            if end is None:
                continue
            s = -distance(end, goal) - (100.0 if board.crosses_minefield(u.at, end) else 0.0)
            s += 1e-6 * float(rng.random())
            if s > score:
                best, score = a, s
        if best is not None:
            return best
    return outs[0]


def _transport(board: Board, u: Own, legal: Sequence[Hashable], rng: np.random.Generator) -> Hashable | None:
    """A lorry with troops aboard drives them towards their objective while the enemy is far; empty, it keeps
    out of the fight (transports are not companies and do not hold ground: "Winning and Losing", BR-170)."""
    riders = [v for v in board.own.values() if v.aboard == u.id]
    if not riders:
        return None
    _, near = board.nearest_enemy(u.at)
    goal = board.goals.get(riders[0].id)
    if goal is None or near <= 20.0 or distance(u.at, goal.at) <= 14.0:
        return None
    return _best_move(board, u, legal, goal.at, half=False, rng=rng)


def _mounts(board: Board, u: Own, legal: Sequence[Hashable], goal: Point | None,
            rng: np.random.Generator) -> Hashable | None:
    """Cavalry and cyclists ride while the enemy is far and get down to fight (seed 004 "Mounting and
    dismounting": half a move either way; mounted cavalry always count as moving when firing, "Moving and
    Firing")."""
    _, near = board.nearest_enemy(u.at)
    far = goal is None or distance(u.at, goal) > 10.0
    if u.mounted:
        if near <= 16.0 or not far:
            downs = [a for a in legal if isinstance(a, Dismount)]
            if downs:
                if goal is None:
                    return downs[0]
                return min(downs, key=lambda a: (_ride_end(board, u, a.dest, goal), float(rng.random())))
        return None
    if near > 30.0 and goal is not None and distance(u.at, goal) > 20.0 and _moves_on(board, u, 0.5):
        ups = [a for a in legal if isinstance(a, Mount)]
        if ups:
            return min(ups, key=lambda a: (_ride_end(board, u, a.dest, goal), float(rng.random())))
    return None


def _ride_end(board: Board, u: Own, dest: str, goal: Point) -> float:
    end = _end_point(board, u, dest, best_inches(u.type.mover) * 0.5) if dest != "here" else u.at
    if end is None:
        return math.inf
    return distance(end, goal) + (100.0 if board.crosses_minefield(u.at, end) else 0.0)

