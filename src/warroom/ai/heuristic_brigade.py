"""The heuristic's tactics for the Brigade game (seed 004 "WW2 Rules for Brigade level games"): one decision
at a time, from the side's :class:`~warroom.ai.view.View` alone, using the engine's exact odds.

* Phase 2 (pin tests): the order across the table changes nothing the side can foresee; chosen by ``rng``.
* Phase 3 (artillery requests, seed 004 "Mortar and indirect artillery Fire", "Timing"): artillery only on
  detected enemies (seed 004 "Detection": indirect fire on any enemy an observer is aware of or has spotted),
  never near our own troops, infantry and guns before armour; the defender's registered defensive fire on its
  aiming points when the enemy comes onto them (BR-177, BR-184); fire already down kept on or walked onto a
  target by the odds of the walk.
* Phase 4 (on-table indirect fire, BR-153): mortars fire at what they see, where the odds of it landing on
  target times its effect there are best; guns keep their direct fire for armour (anti-tank fire).
* Phase 5 (fire and movement): :mod:`warroom.ai.heuristic_brigade_orders`.
* The side fired at (seed 004 "Pin markers"): take a pin marker when the saves it gives outweigh being held
  in place, by the exact odds of each choice.

The plan is the side's: the attacker (the side that moves first in the scenario's briefing) makes for the
objectives, the defender holds them (seed 004 "Winning and Losing", BR-130). ``aggression`` leans from holding
to pressing on: how readily a defender fires and gives itself away, counter-attacks, and how far a battered
attacker is pushed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

import numpy as np

from warroom.ai.heuristic_brigade_board import Board, distance, read
from warroom.ai.heuristic_brigade_fire import artillery_target_value, bombard_value, expected_hits
from warroom.ai.heuristic_brigade_orders import order, select
from warroom.ai.view import View
from warroom.rulesets.brigade.game.actions import (
    Bombard,
    Call,
    Continue,
    End,
    PinChoice,
    PinOrder,
    Request,
    RequestPoint,
    Select,
    Walk,
)

MIN_VALUE = 0.05
"""Below this, an artillery request or bombardment is not worth the ammunition or the giving away."""


def choose(view: View, rng: np.random.Generator, aggression: float) -> Hashable:
    """One of ``view.legal_actions``: the side's tactics for the decision at hand (see the module docstring)."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, PinChoice):
        return pin_choice(view, legal, aggression)
    if isinstance(first, PinOrder):
        return legal[int(rng.integers(len(legal)))]
    board = read(view)
    obs_phase = view.observation["phase"]
    if obs_phase == "requests":
        return requests(board, view, legal, rng)
    if obs_phase == "indirect":
        return indirect(board, view, legal, rng)
    if isinstance(first, End) and all(isinstance(a, (End, Select)) for a in legal):
        return select(board, legal, rng, aggression)
    return order(board, view, legal, rng, aggression)


def scores(view: View, aggression: float) -> None:
    """No scores: the tactics decide by the phase at hand, in the order of the module docstring, not by scoring
    every legal action (the search puts a share of its prior on the choice, :mod:`warroom.ai.search_prior`)."""
    return None


def pin_choice(view: View, legal: Sequence[Hashable], aggression: float) -> Hashable:
    """Seed 004 "Pin markers" and "Saving throws": a unit that takes a pin saves better (2+ not 3+ in hard cover)
    but may not move until it dices the marker off. Take it when the figures it saves (the exact odds of each
    answer, BR-201) are worth more than the lost move: always for a company near removal, and more readily
    the less aggressive the side."""
    take, leave = PinChoice(True), PinChoice(False)
    if take not in legal or leave not in legal:
        return legal[0]
    lost_take, removed_take = _loss(view.odds(take))
    lost_leave, removed_leave = _loss(view.odds(leave))
    # a pinned attacker loses its move; a defender in place loses little
    attacking = view.game.scenario.spec.first == view.side  # type: ignore[attr-defined]
    cost_of_pin = (0.25 + 0.5 * aggression) if attacking else 0.1 * aggression
    saved = (lost_leave - lost_take) + 4.0 * (removed_leave - removed_take)
    return take if saved >= cost_of_pin else leave


def _loss(odds: dict[str, dict[str, Fraction]]) -> tuple[float, float]:
    lost = removed = 0.0
    for dist in odds.values():
        a, b = expected_hits(dist)
        lost += a
        removed += b
    return lost, removed


def requests(board: Board, view: View, legal: Sequence[Hashable], rng: np.random.Generator) -> Hashable:
    """Phase 3: the best request, call, walk or keep-firing, or End when none is worth it."""
    missions = {m["battery"]: m for m in view.observation["missions"]}
    best: Hashable = End()
    value = MIN_VALUE
    for a in legal:
        v = 0.0
        if isinstance(a, Request):
            e = board.enemy.get(a.target)
            v = artillery_target_value(board, e) if e is not None else 0.0
        elif isinstance(a, Call):
            own = board.own.get(a.unit)
            e = board.enemy.get(a.target)
            # on-table mortars only: a called gun is tied to indirect fire and gives up its anti-tank fire
            if own is not None and e is not None and own.type.mortar is not None:
                v = 0.8 * artillery_target_value(board, e)
        elif isinstance(a, RequestPoint):
            v = _aiming_point_value(board, view, a.point)
        elif isinstance(a, Continue):
            m = missions.get(a.battery)
            if m is not None and m.get("landed"):
                at = (float(m["landed"][0]), float(m["landed"][1]))
                near = [e for e in board.enemy.values() if distance(e.at, at) <= 2.5]
                if near and not any(distance(u.at, at) < 6.0 for u in board.own.values()):
                    v = 0.9 * max(artillery_target_value(board, e) for e in near)
        elif isinstance(a, Walk):
            e = board.enemy.get(a.target)
            if e is not None:
                odds = view.odds(a)
                sure = sum(float(p) for dist in odds.values() for k, p in dist.items() if "without" in k)
                v = artillery_target_value(board, e) * (0.4 + 0.6 * sure)
        v += 1e-9 * float(rng.random())
        if v > value:
            best, value = a, v
    return best


def _aiming_point_value(board: Board, view: View, point: str) -> float:
    """Defensive fire on a registered aiming point lands closer (2 off the deviation, BR-177): worth it when
    detected enemy is on the point and none of ours."""
    at = next(((float(p["at"][0]), float(p["at"][1])) for p in view.observation["aiming_points"]
               if p["name"] == point), None)
    if at is None:
        return 0.0
    if any(distance(u.at, at) < 7.0 for u in board.own.values()):
        return 0.0
    near = [e for e in board.enemy.values() if distance(e.at, at) <= 4.0]
    if not near:
        return 0.0
    return 1.1 * max(artillery_target_value(board, e) for e in near)


def indirect(board: Board, view: View, legal: Sequence[Hashable], rng: np.random.Generator) -> Hashable:
    """Phase 4: a mortar's best bombardment of an enemy it sees (BR-153); guns keep their direct fire."""
    best: Hashable = End()
    value = MIN_VALUE
    armour_seen = any(e.armoured for e in board.enemy.values())
    for a in legal:
        if not isinstance(a, Bombard):
            continue
        own = board.own.get(a.unit)
        if own is None or (own.kind == "gun" and armour_seen):
            continue
        e = board.enemy.get(a.target)
        if e is None or any(distance(u.at, e.at) < 5.0 for u in board.own.values() if u.id != a.unit):
            continue
        v = bombard_value(board, view, a, a.target) + 1e-9 * float(rng.random())
        if v > value:
            best, value = a, v
    return best


__all__ = ["choose"]
