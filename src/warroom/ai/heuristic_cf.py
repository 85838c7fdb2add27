"""The Company Fire heuristic: the tactics a Company Fire player would recognise, each scored on the engine's
exact odds (``view.odds``) and the position as the side's view shows it (:mod:`.heuristic_cf_board`).

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

from warroom.ai.heuristic_cf_board import STATUS_RANK, Position, Unit
from warroom.ai.view import View
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.geometry import range_between

VALUE = (0.0, 1.0, 2.2, 4.0)
"""What putting an enemy squad at each status is worth: good order, pinned, suppressed, destroyed (seed "Unit
Status, Hit Results and Rallying": a pinned unit may not advance, a suppressed one may not fire, a destroyed one
is a point, CF-55, and a step to the break point, CF-56)."""

DESPERATE = 0.75
"""From this far into the game (:attr:`Position.late`) a side that is behind on points gambles on close assaults."""

OUTCOME_RANK = {"good order": 0, "pinned": 1, "suppressed": 2, "destroyed": 3}

Odds = dict[str, dict[str, Fraction]]


class Decision:
    """One decision: the position, the odds asked for so far (each action's odds asked once), the weights."""

    def __init__(self, view: View, aggression: float) -> None:
        self.view = view
        self.pos = Position.of(view)
        self.aggression = aggression
        self.attacking = view.side == "attacker"
        self._odds: dict[Hashable, Odds] = {}
        self.units = {u.id: u for u in self.pos.mine + self.pos.foes}
        self.behind = self.pos.behind()

    def odds(self, a: Hashable) -> Odds:
        found = self._odds.get(a)
        if found is None:
            found = self._odds[a] = self.view.odds(a)
        return found

    @property
    def press(self) -> float:
        """How much the side presses on: the attacker more, and more as the turns run out (CF-55: points are
        counted at the end)."""
        late = self.pos.late
        base = 0.6 + 0.8 * self.aggression if self.attacking else 0.2 + 0.6 * self.aggression
        return base * (1.0 + (1.5 if self.behind else 0.3) * late)

    @property
    def caution(self) -> float:
        return 0.6 - 0.4 * self.aggression


def choose(view: View, rng: np.random.Generator, aggression: float = 0.5) -> Hashable:
    """The heuristic's action: the legal action with the best score, ties broken by ``rng``."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    d = Decision(view, aggression)
    scores = [score(d, a) for a in legal]
    best = max(scores)
    top = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
    return top[int(rng.integers(len(top)))] if len(top) > 1 else top[0]


# --- the value of hurting and being hurt ---------------------------------------------------------------


def unit_worth(d: Decision, u: Unit | None) -> float:
    """What a unit is worth to its side: a squad, team or gun a point and a step toward the break point
    (CF-55, CF-56), a leader his point and his bonus, a vehicle more."""
    if u is None:
        return 0.6  # a blind: it may be a dummy (CF-47)
    if u.type.is_vehicle:
        return 1.5
    if u.type.leader:
        return 0.8
    if u.type.is_smf:
        return 0.4
    p = d.pos
    left = p.break_at[u.side] - p.losses[u.side]
    return 1.0 + (0.8 if left <= 1 else 0.0)


def harm(d: Decision, odds: Odds, attacker_side: str) -> float:
    """The expected worth of an attack's results: for each target the odds of each status it is left at, less
    where it was (seed "Unit Status, Hit Results and Rallying"); a jammed MG costs a little (seed "Opportunity
    Fire": MGs jam)."""
    total = 0.0
    for label, dist in odds.items():
        target = d.units.get(label)
        if target is not None and target.side == attacker_side:
            continue  # a roll for one of the side's own units (a Movement Test, a mine)
        now = target.rank if target is not None else 0
        worth = unit_worth(d, target)
        for outcome, p in dist.items():
            if not p:
                continue
            status = outcome.split(",")[0].strip()
            rank = OUTCOME_RANK.get(status)
            if rank is None:
                continue
            gain = VALUE[max(rank, now)] - VALUE[now]
            total += float(p) * gain * worth
            if "jammed" in outcome:
                total -= float(p) * 0.3
    return total


def own_risk(d: Decision, odds: Odds) -> float:
    """The expected cost of the rolls an action makes against the side's own units (a Movement Test failing,
    a minefield's passage, seed "Movement", "Mines (beta)")."""
    cost = 0.0
    for label, dist in odds.items():
        name = label.split(":")[0]
        u = d.units.get(name)
        if u is None or u.side != d.view.side:
            continue
        for outcome, p in dist.items():
            if outcome in ("fails", "failed"):
                cost += float(p) * 0.15
            rank = OUTCOME_RANK.get(outcome.split(",")[0].strip())
            if rank is not None and rank > u.rank:
                cost += float(p) * (VALUE[rank] - VALUE[u.rank]) * unit_worth(d, u)
    return cost


def p_pass(odds: Odds) -> float:
    """The odds every Movement Test and passage the action rolls goes its way."""
    p = 1.0
    for dist in odds.values():
        good = sum(float(v) for k, v in dist.items() if k in ("passes", "rallied", "path found", "cleared"))
        bad = sum(float(v) for k, v in dist.items() if k in ("fails", "failed"))
        if good + bad:
            p *= good / (good + bad)
    return p


# --- scoring each kind of action -----------------------------------------------------------------------


def score(d: Decision, a: Any) -> float:
    k = a.kind
    fn = _SCORERS.get(k)
    if fn is not None:
        return float(fn(d, a))
    if k.startswith(("pivot_", "turret_")):
        return _face(d, a)
    return 0.0


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
        value -= 4.0  # seed "Mines (beta)": never stop in a known minefield without a path
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


def _move(d: Decision, a: Any) -> float:
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
    # seed "Movement": the whole way out of enemy sight is a free move, the way to advance by bounds
    if p.threats(a.space) == 0 and p.threats(here) == 0:
        gain += 0.1
    return ok * gain - own_risk(d, odds) - 0.02


def _retreat(d: Decision, a: Any) -> float:
    """Seed "Unit Status, Hit Results and Rallying", Hit Reduction: retreat a space to take one hit fewer,
    unless that gives up an objective the unit holds alone (CF-54)."""
    u = d.units.get(a.unit)
    if u is None:
        return 0.5
    if a.kind == "retreat" and d.view.observation.get("decision") == "ca_retreat":
        return 0.5
    return 0.5 - 0.3 * _hold_cost(d, u, u.at)


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


def _face(d: Decision, a: Any) -> float:
    """Seed "Vehicle Facing": face the hull or turret toward the nearest known enemy."""
    u = d.units.get(a.unit)
    p = d.pos
    if u is None or (not p.foes and not p.blinds):
        return -0.1
    target = min([f.at for f in p.foes] or p.blinds, key=lambda s: range_between(u.at, s))
    dc, dr = target[0] - u.at[0], target[1] - u.at[1]
    want = ("E" if dc > 0 else "W") if abs(dc) >= abs(dr) else ("S" if dr > 0 else "N")
    return 0.1 if a.kind.endswith(want) else -0.1


def _dismount(d: Decision, a: Any) -> float:
    """CF-91: carried infantry dismounts when the enemy is near."""
    p = d.pos
    if a.space is None:
        return 0.0
    near = min((range_between(a.space, s) for s in p.enemy_spaces()), default=99)
    return 0.3 if near <= 4 else -0.1


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
    "move": _move,
    "leader_move": _move,
    "assault_move": _move,
    "fall_back": _move,
    "retreat": _retreat,
    "sacrifice": _sacrifice,
    "lose": _lose,
    "occupy": _occupy,
    "occupy_bocage": lambda d, a: 0.05 if not d.attacking else -0.05,
    "button_up": _fixed(-0.05),
    "mount": _fixed(-0.1),
    "dismount": _dismount,
}
"""The scorer of each kind of action (KINDS in the game's actions)."""

__all__ = ["STATUS_RANK", "choose", "score"]
