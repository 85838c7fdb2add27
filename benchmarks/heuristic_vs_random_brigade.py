"""The heuristic player against the random one on the Brigade scenarios: win rates per scenario and side, and
decision times.

Run from the repository root::

    python benchmarks/heuristic_vs_random_brigade.py                    # every Brigade scenario, 200 games a side
    python benchmarks/heuristic_vs_random_brigade.py --games 20         # a modest run
    python benchmarks/heuristic_vs_random_brigade.py --scenarios ponyri --games 50 --workers 2
    python benchmarks/heuristic_vs_random_brigade.py --quick            # 5 games a side, a smoke run

For each scenario and each side, the heuristic plays that side against ``random`` on the other, seeds 0 ... N-1;
random-vs-random on the same seeds is the baseline. The table gives the side's win rate with the heuristic and
with random play (draws count as not a win), each with its Wilson 95% interval, and the points between them.
Issue 16's target: the heuristic wins at least 90% of games from either side, or, where the scenario's balance
forbids it, at least 30 points above random-vs-random. The last line gives the heuristic's decision time, p50
and p99 (target: under 50 ms at p99). Every game is played by ``warroom.ai.play``; progress goes to stderr.

Measured with ``--games 200`` (one worker on the shared 2-core machine, 19 minutes): the heuristic won as the
German attacker at Butyrki 96.0% [92.3, 98.0] (random-vs-random 0.0%), as the Soviet defender 100% [98.1, 100]
(89.0%); at Hill 112 as the British 94.5% [90.4, 96.9] (0.5%), as the Germans 100% [98.1, 100] (60.0%); at
Ponyri as the Germans 95.5% [91.7, 97.6] (0.5%), as the Soviets 100% [98.1, 100] (71.0%); decisions p50 0.38 ms,
p99 10.7 ms over 216,441.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from warroom import ai
from warroom.ai.registry import Player
from warroom.ai.view import View
from warroom.core.errors import UsageError
from warroom.core.game import load_game, shipped_scenarios
from warroom.sim.simulate import wilson_interval

RULESET = "brigade"
TARGET_WINS = 0.90
TARGET_LIFT = 0.30
TARGET_P99_MS = 50.0


class Timed:
    """A player whose every decision is timed."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def choose(self, view: View, rng: np.random.Generator) -> Hashable:
        start = time.perf_counter()
        action = self.inner.choose(view, rng)
        self.times.append(time.perf_counter() - start)
        return action


@dataclass
class Row:
    scenario: str
    side: str
    games: int
    wins: int
    draws: int
    base_wins: int
    base_draws: int
    seconds: float


def _games(job: tuple[str, str | None, str, int, int]) -> tuple[list[str | None], list[float], float]:
    """Play seeds ``lo`` ... ``hi - 1`` of one scenario, with ``spec`` on ``side`` (None: random on both sides):
    the winners, the decision times and the seconds taken."""
    stem, side, spec, lo, hi = job
    path = {p.stem: p for p in shipped_scenarios()[RULESET]}[stem]
    game = load_game(RULESET, path)
    timed = Timed(ai.player(spec))
    winners: list[str | None] = []
    start = time.perf_counter()
    for seed in range(lo, hi):
        players: dict[str, Player | str] = {s: (timed if s == side else "random") for s in game.sides}
        played = ai.play(game, players, seed=seed, scenario=path, history=False)
        winners.append(played.result.get("winner"))
    return winners, timed.times, time.perf_counter() - start


def run(stems: Sequence[str], games: int, spec: str, workers: int) -> tuple[list[Row], list[float]]:
    rows: list[Row] = []
    times: list[float] = []
    chunks = max(1, workers)
    bounds = [(games * k // chunks, games * (k + 1) // chunks) for k in range(chunks)]
    with ProcessPoolExecutor(max_workers=workers) if workers > 1 else _Inline() as pool:
        for stem in stems:
            sides = load_game(RULESET, {p.stem: p for p in shipped_scenarios()[RULESET]}[stem]).sides
            results: dict[str | None, tuple[list[str | None], float]] = {}
            for side in (None, *sides):
                jobs = [(stem, side, spec, lo, hi) for lo, hi in bounds if hi > lo]
                winners: list[str | None] = []
                seconds = 0.0
                for got, took, secs in pool.map(_games, jobs):
                    winners += got
                    if side is not None:
                        times += took
                    seconds += secs
                results[side] = (winners, seconds)
                who = "random on both sides" if side is None else f"{spec} as {side}"
                print(f"  {stem}, {who}: {seconds:.1f} s", file=sys.stderr)
            base = results[None][0]
            for side in sides:
                winners, seconds = results[side]
                rows.append(Row(stem, side, games, sum(w == side for w in winners), sum(w is None for w in winners),
                                sum(w == side for w in base), sum(w is None for w in base), seconds))
    return rows, times


class _Inline:
    """``map`` in this process (one worker)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn, jobs):  # type: ignore[no-untyped-def]
        return map(fn, jobs)


def table(rows: list[Row], times: list[float], spec: str) -> str:
    lines = [f"{spec} vs random on the Brigade scenarios: the win rate of the side it plays (Wilson 95%), draws "
             "count as not a win; random vs random on the same seeds",
             f"{'scenario':<10} {'side':<8} {'games':>5}  {'heuristic':>22} {'draws':>6}  {'random-vs-random':>22} "
             f"{'draws':>6}  {'lift':>7}  {'s/game':>6}  target"]
    for r in rows:
        lo, hi = wilson_interval(r.wins, r.games)
        blo, bhi = wilson_interval(r.base_wins, r.games)
        rate, base = r.wins / r.games, r.base_wins / r.games
        lift = rate - base
        ok = "PASS" if rate >= TARGET_WINS else ("PASS (lift)" if lift >= TARGET_LIFT else "FAIL")
        lines.append(f"{r.scenario:<10} {r.side:<8} {r.games:>5}  {rate:6.1%} [{lo:5.1%}, {hi:6.1%}] "
                     f"{r.draws / r.games:6.1%}  {base:6.1%} [{blo:5.1%}, {bhi:6.1%}] {r.base_draws / r.games:6.1%}  "
                     f"{lift:+7.1%}  {r.seconds / r.games:6.2f}  {ok}")
    if times:
        ms = np.array(times) * 1000
        p50, p99 = float(np.percentile(ms, 50)), float(np.percentile(ms, 99))
        lines.append(f"decision time over {len(ms)} decisions: p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
                     f"max {ms.max():.1f} ms ({'PASS' if p99 < TARGET_P99_MS else 'FAIL'}: p99 under "
                     f"{TARGET_P99_MS:.0f} ms)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=200, help="games per scenario and side (default 200)")
    ap.add_argument("--scenarios", default="", help="comma-separated Brigade scenario stems (default: all)")
    ap.add_argument("--player", default="heuristic", help="the player spec to measure (default: heuristic)")
    ap.add_argument("--workers", type=int, default=1, help="processes to play in (default 1)")
    ap.add_argument("--quick", action="store_true", help="5 games per side: a smoke run")
    args = ap.parse_args(argv)
    games = 5 if args.quick else args.games
    try:
        if games < 1:
            raise UsageError(f"--games {games}: give a positive number of games")
        if args.workers < 1:
            raise UsageError(f"--workers {args.workers}: give at least 1")
        known = sorted(p.stem for p in shipped_scenarios()[RULESET])
        stems = [s.strip() for s in args.scenarios.split(",") if s.strip()] or known
        unknown = [s for s in stems if s not in known]
        if unknown:
            raise UsageError(f"unknown Brigade scenario {', '.join(unknown)}; scenarios: {', '.join(known)}")
        ai.player(args.player)  # a bad spec is one clear error before any game is played
        start = time.perf_counter()
        rows, times = run(stems, games, args.player, args.workers)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(table(rows, times, args.player))
    print(f"({time.perf_counter() - start:.0f} s, {games} games per side, {args.workers} worker(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
