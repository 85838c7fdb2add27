"""The Company Fire heuristic's measure of a decision: the position as the side sees it, the engine's exact odds
of each action asked once (:class:`Decision`), and what results are worth (seed "Unit Status, Hit Results and
Rallying"; CF-55 victory points, CF-56 break points).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from warroom.ai.heuristic_cf_board import Position, Unit
from warroom.ai.view import View

VALUE = (0.0, 1.0, 2.2, 4.0)
"""What putting an enemy squad at each status is worth: good order, pinned, suppressed, destroyed (seed "Unit
Status, Hit Results and Rallying": a pinned unit may not advance, a suppressed one may not fire, a destroyed one
is a point, CF-55, and a step to the break point, CF-56)."""

DESPERATE = 0.75
"""From this far into the game (:attr:`Position.late`) a side that is behind on points gambles on close assaults."""

OUTCOME_RANK = {"good order": 0, "pinned": 1, "suppressed": 2, "destroyed": 3}

Odds = dict[str, dict[str, Fraction]]
"""The odds of an action as ``View.odds`` gives them: for each roll, each outcome's chance."""


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
        base = 0.6 + 0.8 * self.aggression if self.attacking else 0.1 + 0.4 * self.aggression
        return base * (1.0 + (1.5 if self.behind else 0.3) * late)

    @property
    def caution(self) -> float:
        return 0.6 - 0.4 * self.aggression


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
