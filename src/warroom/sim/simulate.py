"""Many games at once: random-vs-random play-outs of a scenario, and what they add up to.

A scenario designer asks "who wins this, how often, and why?"; an AI researcher wants a
baseline. :func:`simulate` plays ``games`` whole games with uniformly random legal actions
for both sides (the same choices as ``warroom playout`` with the same seed, see
:func:`warroom.sim.playout.random_playout`), keeping only the current state of each,
and reports the winners with a 95% interval, the reasons games ended, their lengths and
their points.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from warroom.core.errors import UsageError
from warroom.core.game import Game, GameState
from warroom.sim.playout import play_random


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``); ``successes`` may hold halves (a draw
    as half a win)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class SimulationReport:
    """What a batch of random games came to."""

    ruleset: str
    version: str
    scenario: str
    sides: tuple[str, ...]
    first_seed: int
    games: int = 0
    unfinished: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    told: dict[str, set[str]] = field(default_factory=dict)
    actions: list[int] = field(default_factory=list)
    points: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, final: GameState, actions: int) -> None:
        self.games += 1
        self.actions.append(actions)
        if not final.is_terminal():
            self.unfinished += 1
            self.winners["unfinished"] += 1
            return
        result = final.result()
        self.winners[result.get("winner") or "draw"] += 1
        reason = str(result.get("reason", ""))
        kind = reason_kind(reason)
        told = " ".join(re.sub(r"\s*\([^()]*\)", "", reason.split(";")[0]).split()) or kind
        self.told.setdefault(kind, set()).add(told)
        self.reasons[kind] += 1
        points = result.get("points")
        if isinstance(points, dict):
            for side, value in points.items():
                if isinstance(value, (int, float)):
                    self.points.setdefault(side, []).append(float(value))

    def ending(self, kind: str) -> str:
        """An ending as the games told it when they all told it alike, else with its numbers as n."""
        told = self.told.get(kind, set())
        return next(iter(told)) if len(told) == 1 else kind

    def share(self, outcome: str) -> tuple[float, float, float]:
        """The share of games with this outcome (a side, "draw" or "unfinished") and its 95% interval."""
        n = self.winners.get(outcome, 0)
        low, high = wilson_interval(n, self.games)
        return (n / self.games if self.games else 0.0), low, high

    def to_json(self) -> dict[str, Any]:
        outcomes = [*self.sides, "draw", "unfinished"]
        return {
            "ruleset": self.ruleset, "version": self.version, "scenario": self.scenario,
            "games": self.games, "seeds": [self.first_seed, self.first_seed + self.games - 1],
            "outcomes": {o: {"games": self.winners.get(o, 0), "share": round(self.share(o)[0], 4),
                             "interval95": [round(v, 4) for v in self.share(o)[1:]]} for o in outcomes},
            "reasons": {self.ending(k): n for k, n in self.reasons.most_common()},
            "actions": {"mean": round(sum(self.actions) / len(self.actions), 1) if self.actions else 0,
                        "min": min(self.actions, default=0), "max": max(self.actions, default=0)},
            "mean_points": {s: round(sum(v) / len(v), 2) for s, v in self.points.items() if v},
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
        }


def reason_kind(reason: str) -> str:
    """How a game ended, to count alike endings together: its reason up to the first semicolon, without the
    rule references in brackets, each number written as n ("the defender has lost n squads, teams and guns
    and concedes")."""
    head = re.sub(r"\s*\([^()]*\)", "", reason.split(";")[0])
    head = re.sub(r"\b\d+\b", "n", head)
    return " ".join(head.split()) or "no reason given"


def simulate(
    game: Game,
    games: int,
    *,
    first_seed: int = 1,
    max_actions: int = 20_000,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` random-vs-random games with seeds ``first_seed``, ``first_seed + 1``, ..."""
    if games < 1:
        raise UsageError(f"games={games}: simulate at least 1 game")
    report = SimulationReport(game.ruleset, game.version, game.scenario_name, tuple(game.sides), first_seed)
    start = time.perf_counter()
    for n in range(games):
        final, actions = play_random(game, first_seed + n, max_actions)
        report.add(final, actions)
        if progress is not None:
            progress(n + 1)
    report.seconds = time.perf_counter() - start
    return report
