"""The Brigade heuristic's fire: what a shot, a bombardment or a fire request is worth, read from the engine's
exact odds (``view.odds``) where the action rolls dice, and the fire priorities a Brigade player follows.

Fire priorities (seed 004 "Winning and Losing": the first side to lose half its companies loses; each fighting
vehicle and artillery piece counts as a company, MGs and mortars do not): a company removed is worth most, so
the odds of "removed" weigh heavily; observers and HQs next, for they bring down the artillery (seed 004
"Timing": only an observer or a commander calls it); enemies on or near an objective first (BR-130).
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from fractions import Fraction

from warroom.ai.heuristic_brigade_board import Board, Enemy, distance
from warroom.ai.view import View

KILL_WORDS = ("destroy", "knocked", "kill", "brewed")


def target_weight(board: Board, e: Enemy) -> float:
    """How much removing enemy ``e`` is worth, by what it is and where it stands."""
    t = e.type
    if t is None:
        weight = {"vehicle": 1.0, "gun": 1.0, "infantry": 1.0, "cavalry": 1.0, "observer": 0.5, "hq": 0.6,
                  "support": 0.5}.get(e.kind, 0.6)
    elif t.transport:
        weight = 0.4  # transports are not companies ("Winning and Losing"), but carry them
    elif t.kind in ("infantry", "cavalry", "gun", "vehicle"):
        weight = 1.0
    elif t.kind == "observer":
        weight = 0.5
    elif t.kind == "hq":
        weight = 0.6
    else:
        weight = 0.5
    holds = e.kind not in ("observer",) and not (t is not None and t.transport)
    for o in board.objectives:  # the enemy that holds or contests an objective first (BR-130)
        d = distance(e.at, o.at)
        if holds and d <= o.radius + 1.0:
            weight *= 2.0 + 0.5 * o.points + (2.0 if board.late else 0.0)
            break
        if d <= o.radius + 4.0:
            weight *= 1.0 + 0.25 * o.points
            break
    return weight


def expected_hits(dist: dict[str, Fraction]) -> tuple[float, float]:
    """Expected figures lost and the chance of removal, of a "figures lost" distribution."""
    lost = 0.0
    removed = 0.0
    for k, p in dist.items():
        if k == "removed":
            removed += float(p)
        else:
            lost += int(k) * float(p)
    return lost, removed


def shot_value(board: Board, view: View, action: Hashable, target: str) -> float:
    """The value of firing ``action`` at ``target`` from its exact odds (BR-200, BR-201): the enemy's share of
    figures lost plus the chance it is removed or destroyed, times its weight; where the enemy may choose to
    take a pin marker, the answer worse for the firer is the one counted (the enemy chooses, seed 004 "Pin
    markers"); a unit only part detected shows only the hits it takes (BR-204)."""
    e = board.enemy.get(target)
    if e is None:
        return 0.0
    odds = view.odds(action)
    if not odds:
        return 0.0
    weight = target_weight(board, e)
    figures = max(1, e_figures(board, target))
    values: list[float] = []
    for label, dist in odds.items():
        if "figures lost" in label:
            lost, removed = expected_hits(dist)
            values.append(lost / figures + removed)
        elif "hits (part detected)" in label:
            if "hit" in dist:
                values.append(0.5 * float(dist["hit"]))
            else:
                values.append(0.12 * sum(int(k) * float(p) for k, p in dist.items()))
        else:  # a vehicle: the anti-tank shot, or small arms at a soft-skin
            values.append(sum(float(p) for k, p in dist.items() if any(w in k for w in KILL_WORDS)))
    return weight * (min(values) if values else 0.0)


def e_figures(board: Board, target: str) -> int:
    """The figures of a spotted enemy (a unit only part detected shows none: a company's six, as a guess)."""
    e = board.enemy.get(target)
    return len(e.figures) if e is not None and e.spotted and e.figures else 6


def bombard_value(board: Board, view: View, action: Hashable, target: str) -> float:
    """On-table indirect fire at a seen enemy (seed 004 "Mortar and indirect artillery Fire", BR-153): the
    chance it lands on target (a 5 or 6 on the white die, or walked on) times its effect there, from the odds."""
    e = board.enemy.get(target)
    if e is None:
        return 0.0
    odds = view.odds(action)
    on_target = 1.0
    effect = 0.0
    for label, dist in odds.items():
        if label.endswith("where it lands"):
            on_target = sum(float(p) for k, p in dist.items() if "on target" in k) or 1 / 3
        elif "walked on" in label:
            on_target = sum(float(p) for k, p in dist.items() if "walked" in k or "on target" in k) or on_target
        elif "if the fire lands on target" in label:
            kills = sum(float(p) * _count(k) for k, p in dist.items())
            pinned = sum(float(p) for k, p in dist.items() if "pin" in k)
            effect = kills / max(1, e_figures(board, target)) + 0.1 * pinned
    return target_weight(board, e) * on_target * effect


def _count(result: str) -> int:
    """Figures killed in an indirect fire effect ("pinned, 3 figures killed"; "destroyed" for a vehicle)."""
    if "destroy" in result:
        return 6
    found = re.search(r"(\d+) figures? killed", result)
    return int(found.group(1)) if found else 0


def artillery_target_value(board: Board, e: Enemy) -> float:
    """A target for off-table or called fire (seed 004 "Effect of indirect fire"): troops in the open and guns
    suffer; enclosed armour is only pinned, so it is a poor target; a target near our own troops is left alone,
    for the fire may fall 6" off (the red die, "Mortar and indirect artillery Fire")."""
    for u in board.own.values():
        if distance(u.at, e.at) < 7.0:
            return 0.0
    if e.armoured:
        return 0.15
    return target_weight(board, e) * (1.0 if e.spotted else 0.7)
