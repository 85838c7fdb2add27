"""The Company Fire heuristic: the tactics a Company Fire player would recognise, each scored on the engine's
exact odds (``view.odds``) and the position as the side's view shows it (:mod:`.heuristic_cf_board`; the worth
of results in :mod:`.heuristic_cf_value`, the movement tactics in :mod:`.heuristic_cf_moves`).

Every legal action is given a score (:func:`score`); the best is played, ties broken by ``rng``. ``end`` and
``pass`` score nothing, so a unit acts only when acting is worth something. The tactics:

- fire at the target where the odds of a pin or worse are best, weighted by how far the status falls (seed
  "Individual Unit Fire", "Non-Phasing Reaction Fire", "Unit Status, Hit Results and Rallying");
- group fire with leaders when the pooled dice are worth more than the squads firing one by one (seed "Group
  Fire": the leader adds a die);
- rally the suppressed and the pinned (seed "Unit Status, Hit Results and Rallying", Rally);
- keep leaders with their squads, most of all with those that need rallying (seed "Unit Status ...", Rally:
  +1 with the platoon leader, +2 with the company commander; seed "Movement", Movement Test);
- advance by bounds out of enemy sight (seed "Movement": a move out of enemy LOS needs no Movement Test;
  seed "Opportunity Fire": a move into enemy LOS draws fire), toward the objectives (CF-54, CF-55);
- op fire to cover approaches (seed "Opportunity Fire");
- assault when the odds favour it (seed "Close Assault");
- against enemy AFVs able to assault (not tanks), stand together: a leader, a second squad, an MG and the
  anti-tank squad each add to a space's defence against a vehicle's close assault, so a move that joins such a
  stack is worth more and one that leaves a squad alone less (seed "Close Assault", its vehicle modifiers;
  ``armour_stack`` in :mod:`.heuristic_cf_moves`);
- smoke and artillery on what blocks the advance (seed "Artillery");
- avoid known minefields, look for a path or clear them when they block the way (seed "Mines (beta)");
- take and hold objectives: the attacker moves on them, the defender holds them and takes back what it lost
  (CF-54: held by the side that last had a squad, team or gun in it alone).

``aggression`` (0 to 1) leans from holding (fear of enemy fire, patience) to pressing on (progress toward the
objectives, readiness to assault).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import numpy as np

from warroom.ai.heuristic_cf_board import STATUS_RANK
from warroom.ai.heuristic_cf_moves import dismount_score, face_score, move_score, retreat_score
from warroom.ai.heuristic_cf_value import DESPERATE, VALUE, Decision, harm, own_risk, p_pass, unit_worth
from warroom.ai.view import View
from warroom.rulesets.company_fire.geometry import range_between


def choose(view: View, rng: np.random.Generator, aggression: float = 0.5) -> Hashable:
    """The heuristic's action: the legal action with the best score, ties broken by ``rng``."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    scored = scores(view, aggression)
    best = max(scored)
    top = [a for a, s in zip(legal, scored, strict=True) if s >= best - 1e-9]
    return top[int(rng.integers(len(top)))] if len(top) > 1 else top[0]


def scores(view: View, aggression: float = 0.5) -> list[float]:
    """The score of each of ``view.legal_actions`` (:func:`score`): what :func:`choose` plays the best of, and
    the search's prior (:func:`warroom.ai.search_prior.heuristic_prior`)."""
    d = Decision(view, aggression)
    return [score(d, a) for a in view.legal_actions]


# --- scoring each kind of action -----------------------------------------------------------------------


def score(d: Decision, a: Any) -> float:
    fn = _SCORERS.get(a.kind)
    return 0.0 if fn is None else float(fn(d, a))


def _fire(d: Decision, a: Any) -> float:
    """Seed "Individual Unit Fire", "Non-Phasing Reaction Fire", "Attacking vehicles": fire where the odds of a
    pin or worse are best. Recon by fire at a blind counts for less: it may be a dummy (CF-47)."""
    value = harm(d, d.odds(a), d.view.side)
    return value - 0.05


def _group_fire(d: Decision, a: Any) -> float:
    """Seed "Group Fire": the squads in a space pool their dice on one target space, a leader adding a die; it
    is worth it when the pool hurts more than the squads would one by one, taken here as a share per firer."""
    p = d.pos
    shooter = d.units.get(a.unit)
    here = shooter.at if shooter else None
    firers = [u for u in p.mine if u.at == here and u.reach and not u.type.is_smf]
    value = harm(d, d.odds(a), d.view.side)
    return value - 0.35 * max(0, len(firers) - 1) - 0.05


def _op_fire(d: Decision, a: Any) -> float:
    """Seed "Opportunity Fire": fire at a unit moving into sight, the approach the defender covers. A non-MG
    unit op fires once a phase, so an anti-tank weapon keeps its shot for armour while enemy vehicles are about
    (seed "Attacking vehicles")."""
    value = harm(d, d.odds(a), d.view.side) - 0.05 * (1 - d.aggression)
    u = d.units.get(a.unit)
    target = d.units.get(a.other)
    if u is not None and u.type.anti_tank is not None and (target is None or not target.type.is_vehicle) \
            and any(f.type.armoured for f in d.pos.foes):
        value *= 0.3
    return value


def _rally(d: Decision, a: Any) -> float:
    """Seed "Unit Status, Hit Results and Rallying", Rally: a suppressed unit rallies to pinned, a pinned one to
    good order; a failed rally ends the unit's card."""
    u = d.units.get(a.unit)
    if u is None:
        return 0.0
    p = p_pass(d.odds(a))
    gain = VALUE[u.rank] - VALUE[u.rank - 1] if u.rank > 0 else 0.0
    return p * gain * unit_worth(d, u) - (1 - p) * (0.25 if u.rank == 1 else 0.05)


def _assault(d: Decision, a: Any) -> float:
    """Seed "Close Assault": the difference of the two rolls is the hits on each unit of the losing side, a
    tie loses units one for one. Assault when the expected result is in the side's favour, by a margin that
    shrinks with aggression."""
    odds = d.odds(a)
    p = d.pos
    attackers = [d.units[x] for x in (a.unit, a.other) if x and x in d.units]
    defenders = [u for u in p.foes_at(a.space) if not u.type.is_smf] if a.space is not None else []
    total = 0.0
    for dist in odds.values():
        for outcome, prob in dist.items():
            pr = float(prob)
            if outcome.startswith("attackers"):
                hits = 3 if "destroyed" in outcome else int(outcome.split("by ")[1][0])
                total += pr * sum(VALUE[min(3, u.rank + hits)] - VALUE[u.rank] for u in defenders) if defenders \
                    else pr * 2
                total += pr * 0.5 * sum(pts for at, pts, _ in p.objectives if at == a.space)
            elif outcome.startswith("defenders"):
                hits = 3 if "destroyed" in outcome else int(outcome.split("by ")[1][0])
                total -= pr * sum((VALUE[min(3, u.rank + hits)] - VALUE[u.rank]) * unit_worth(d, u)
                                  for u in attackers)
            else:
                total -= pr * 0.3
    late = p.late
    desperate = d.behind and late >= DESPERATE
    win = sum((q for dist in odds.values() for k, q in dist.items() if k.startswith("attackers")), Fraction(0))
    lose = sum((q for dist in odds.values() for k, q in dist.items() if k.startswith("defenders")), Fraction(0))
    if win <= lose and not desperate:
        return -1.0  # the odds do not favour it: only a side losing in the last turns gambles
    urgency = 0.8 * late if d.behind else 0.0
    return total - (0.9 - 0.8 * d.aggression) + urgency


def _he(d: Decision, a: Any) -> float:
    """Seed "Artillery": an HE mission lands on the next fire card; worth it on a space that holds enemies now
    (they may move), and missions are few."""
    value = harm(d, d.odds(a), d.view.side)
    return 0.7 * value - 0.4


def _smoke(d: Decision, a: Any) -> float:
    """Seed "Artillery": smoke blocks sight into and out of its space until the enemy loses the initiative; the
    attacker lays it on the enemy space that sees most of its way forward."""
    if not d.attacking or a.space is None:
        return -0.1
    p = d.pos
    if a.space not in p.enemy_spaces():
        return -0.1
    watched = sum(1 for u in p.mine if u.holds and range_between(a.space, u.at) <= 10 and p.sees(a.space, u.at))
    placed = p_pass(d.odds(a)) if a.kind == "declare_smoke" else 1.0
    return placed * 0.25 * watched * d.press - 0.5


def _mines(d: Decision, a: Any) -> float:
    """Seed "Mines (beta)": look for a path or clear a marked minefield when it lies on the way to an
    objective; a failure costs hits when the field is real."""
    if a.space is None:
        return -0.1
    p = d.pos
    on_way = any(p.walk(a.space, g) < min((p.walk(u.at, g) for u in p.mine if u.holds), default=99)
                 for g, _ in p.goals())
    odds = d.odds(a)
    return (0.6 * d.press if on_way else 0.1) * p_pass(odds) - own_risk(d, odds)


def _sacrifice(d: Decision, a: Any) -> float:
    """CF-60, CF-61 (seed "Single Mounted Figures (SMFs)"): a leader may be sacrificed to save a unit, which stays
    suppressed; the leader is a point lost either way (CF-55), so it is worth it only when the unit's loss would
    break the side (CF-56)."""
    p = d.pos
    left = p.break_at[d.view.side] - p.losses[d.view.side]
    return 1.0 if left <= 1 else -0.3


def _lose(d: Decision, a: Any) -> float:
    """Seed "Close Assault": in a tie each side chooses which of its units are lost: the least worth first."""
    u = d.units.get(a.unit)
    return -unit_worth(d, u) - (0.1 * (3 - u.rank) if u else 0.0)


def _occupy(d: Decision, a: Any) -> float:
    """Seed "Close Assault": the winners may occupy the space they cleared: always onto an objective, otherwise
    when pressing on."""
    p = d.pos
    on_objective = any(at == a.space for at, _, _ in p.objectives)
    return 1.0 if on_objective else (0.3 if d.attacking else -0.1)


def _fixed(value: float) -> Any:
    return lambda d, a: value


_SCORERS = {
    "end": _fixed(0.0),
    "pass": _fixed(0.0),
    "stay": _fixed(0.0),
    "decline": _fixed(0.0),
    "take_hits": _fixed(0.0),
    "fire": _fire,
    "at_fire": _fire,
    "snipe": _fire,
    "group_fire": _group_fire,
    "op_fire": _op_fire,
    "rally": _rally,
    "assault": _assault,
    "declare_he": _he,
    "declare_smoke": _smoke,
    "mortar_smoke": _smoke,
    "find_path": _mines,
    "clear_mines": _mines,
    "move": move_score,
    "leader_move": move_score,
    "assault_move": move_score,
    "fall_back": move_score,
    "retreat": retreat_score,
    "sacrifice": _sacrifice,
    "lose": _lose,
    "occupy": _occupy,
    "occupy_bocage": lambda d, a: 0.05 if not d.attacking else -0.05,
    "button_up": _fixed(-0.05),
    "pivot": face_score,
    "turret": face_score,
    "mount": _fixed(-0.1),
    "dismount": dismount_score,
}
"""The scorer of each kind of action (KINDS in the game's actions)."""

__all__ = ["STATUS_RANK", "choose", "score"]
