"""The numbers a designer reads from a run's games.

- Win, loss and draw per side, each share with its 95% Wilson interval (:func:`warroom.sim.simulate.wilson_interval`).
- Side bias apart from player bias: with ``--swap-sides`` every seed is played twice with the players exchanged,
  so the first side's win rate over both is the scenario's bias whatever the players, and the first player's
  win rate over both is the players' difference whatever the side.
- Length (actions and turns), decisiveness and lead changes: the side ahead at the end of a turn is the one
  holding more objectives, or, with as many, the one with the larger share of its starting material
  (:mod:`warroom.lab.job`); a lead change is a turn whose leader differs from the last turn that had one, and a
  decided game's decisive turn is the first from which its winner led to the end (as a share of the game's turns).
- Losses by unit type (per game), objective control over time (mean objectives held at the end of each turn),
  where units fell, the rules the games' endings cite, how the games ended.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from warroom.lab.job import GameRow
from warroom.sim.simulate import reason_kind, wilson_interval


def share(n: int, total: int) -> dict[str, Any]:
    low, high = wilson_interval(n, total)
    return {"games": n, "share": round(n / total, 4) if total else 0.0, "interval95": [round(low, 4), round(high, 4)]}


def leaders(game: GameRow, sides: tuple[str, str]) -> list[str | None]:
    """Who was ahead at the end of each turn (None: level), from the game's trace."""
    a, b = sides
    out: list[str | None] = []
    start = game.trace[0][1] if game.trace else {}
    for _turn, material, held in game.trace[1:]:
        if held.get(a, 0) != held.get(b, 0):
            out.append(a if held.get(a, 0) > held.get(b, 0) else b)
            continue
        ra = material.get(a, 0.0) / (start.get(a) or 1.0)
        rb = material.get(b, 0.0) / (start.get(b) or 1.0)
        out.append(None if abs(ra - rb) < 1e-9 else (a if ra > rb else b))
    return out


def lead_changes(lead: list[str | None]) -> int:
    last: str | None = None
    changes = 0
    for who in lead:
        if who is None:
            continue
        if last is not None and who != last:
            changes += 1
        last = who
    return changes


def decisive_at(lead: list[str | None], winner: str | None) -> float | None:
    """The share of the game's turns played before the winner took the lead it kept (None: no winner)."""
    if winner is None or not lead:
        return None
    k = len(lead)
    while k > 0 and lead[k - 1] == winner:
        k -= 1
    return round(k / len(lead), 4)


@dataclass
class RunStats:
    """A run's numbers (see the module's docstring)."""

    name: str
    options: dict[str, Any]
    games: list[GameRow] = field(default_factory=list)

    @property
    def sides(self) -> tuple[str, str]:
        a, b = self.options["players"]
        return (a, b)

    def outcomes(self, games: list[GameRow] | None = None) -> dict[str, Any]:
        rows = self.games if games is None else games
        n = len(rows)
        wins = Counter(g.winner for g in rows if g.finished)
        return {**{s: share(wins.get(s, 0), n) for s in self.sides},
                "draw": share(sum(1 for g in rows if g.finished and g.winner is None), n),
                "unfinished": share(sum(1 for g in rows if not g.finished), n)}

    def bias(self) -> dict[str, Any]:
        """The first side's win rate over all games (side bias), and with swapped games the first player's win
        rate over both sides (player bias)."""
        a, _b = self.sides
        first_side = sum(1 for g in self.games if g.winner == a)
        out: dict[str, Any] = {"side": {"side": a, **share(first_side, len(self.games))}}
        if self.options.get("swap_sides"):
            p = self.options["players"][a]
            won = sum(1 for g in self.games if g.winner is not None and g.players.get(g.winner) == p
                      and (g.winner == a) != g.swapped)
            out["player"] = {"player": p, "opponent": self.options["players"][self.sides[1]],
                             **share(won, len(self.games))}
        return out

    def lengths(self) -> dict[str, Any]:
        acts = [g.actions for g in self.games]
        turns = [g.turns for g in self.games]
        if not acts:
            return {}
        q = statistics.quantiles(acts, n=4) if len(acts) > 1 else [acts[0]] * 3
        return {"actions": {"mean": round(statistics.fmean(acts), 1), "median": statistics.median(acts),
                            "quartiles": [round(q[0], 1), round(q[2], 1)], "min": min(acts), "max": max(acts)},
                "turns": dict(sorted(Counter(turns).items()))}

    def drama(self) -> dict[str, Any]:
        lead = [leaders(g, self.sides) for g in self.games]
        changes = [lead_changes(x) for x in lead]
        decisive = [d for g, x in zip(self.games, lead, strict=True)
                    if (d := decisive_at(x, g.winner if g.finished else None)) is not None]
        return {"lead_changes_mean": round(statistics.fmean(changes), 3) if changes else 0.0,
                "games_with_a_lead_change": sum(1 for c in changes if c),
                "decisive_share_mean": round(statistics.fmean(decisive), 3) if decisive else None,
                "decided_games": len(decisive)}

    def losses(self) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        n = len(self.games) or 1
        for g in self.games:
            for side, by_type in g.losses.items():
                for t, k in by_type.items():
                    out.setdefault(side, {})[t] = out.setdefault(side, {}).get(t, 0) + k
        return {s: {t: round(k / n, 3) for t, k in sorted(d.items())} for s, d in sorted(out.items())}

    def control(self) -> dict[str, list[float]]:
        """Mean objectives held by each side at the end of each turn (turn 0: the set-up); a game over before a
        turn counts as it ended."""
        last_turn = max((t[0] for g in self.games for t in g.trace), default=0)
        out: dict[str, list[float]] = {s: [] for s in self.sides}
        for turn in range(last_turn + 1):
            for s in self.sides:
                held = []
                for g in self.games:
                    at = [h for t, _m, h in g.trace if t <= turn]
                    held.append(at[-1].get(s, 0) if at else 0)
                out[s].append(round(statistics.fmean(held), 3) if held else 0.0)
        return out

    def deciding(self) -> dict[str, int]:
        return dict(Counter(c for g in self.games for c in g.deciding).most_common())

    def endings(self) -> dict[str, int]:
        return dict(Counter(reason_kind(g.reason) if g.finished else "cut short" for g in self.games).most_common())

    def to_json(self) -> dict[str, Any]:
        seconds = sum(g.seconds for g in self.games)
        return {"run": self.name, "options": self.options, "games": len(self.games),
                "outcomes": self.outcomes(), "bias": self.bias(), "lengths": self.lengths(), "drama": self.drama(),
                "losses_per_game": self.losses(), "objective_control": self.control(), "deciding_rules":
                self.deciding(), "endings": self.endings(),
                "seconds_per_game": round(seconds / len(self.games), 4) if self.games else None}
