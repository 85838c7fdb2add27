"""The balance lab's scaling: games a second on 1 and 2 worker processes, and Ray's cost per game.

Run from the repository root::

    python benchmarks/sim_scaling.py                 # 400 games a pool run, 1,000-game Ray batch (about 8 minutes
                                                     # on an idle 2-core machine, 25 under a load of 7)
    python benchmarks/sim_scaling.py --quick         # smoke run: 24 games a pool run, 40 on Ray
    python benchmarks/sim_scaling.py --no-ray        # the pool only

Every figure is a whole lab run (:func:`warroom.lab.run.run_job`: random-vs-random games of Crossroads Patrol with
their traces, stored in a fresh SQLite file), measured in this one process, one after another (1, 2 and 1
workers; the pool, Ray and the pool), so the ratios are read on the same machine under much the same load (the
load average is printed before and after).

- Speed-up: games/s on 2 workers over games/s on 1 (target 1.8 on 2 cores).
- Ray's overhead: the same batch on a local Ray (``ray.init(num_cpus=2)``, started before the clock) against the
  2-worker pool, per game and per worker: (Ray's wall time - the pool's) x 2 / games, as a share of a random
  game's own time (the 1-worker run's seconds a game); target under 5%.

Also the CPU a game (this process's and the workers', ``os.times``) on 1 and 2 workers: what the pool itself
costs, which a busy machine does not hide, and the speed-up it allows where each worker has a core.

Measured on the shared 2-core machine while other jobs ran at a higher priority (this one at ``nice 10``, load
average 3 to 6), after the games were made to run with the batch's garbage collection frozen before the workers
fork (``warroom.sim.playout.batch_collector``; before that a worker's game cost 30-45% more CPU than one here):

- ``--games 300 --no-ray``: 1 worker 20.8 games/s, 2 workers 22.0 games/s, 1.06x: the two workers had about one
  core between them. CPU a game 43.2 ms on 1 worker, 45.3 ms on 2: the pool costs +4.9% CPU, so with a core
  for each worker the speed-up would be about 1.91x (target 1.8x; to be confirmed on an idle machine).
- ``--games 300 --ray-games 1000``: Ray 1,000 games in 54.8 s against the 2-worker pool's 56.9 s (the mean of
  the runs before and after), -4 ms a game against a random game's 63 ms (-6.6%): Ray's cost a game is below
  what this machine's noise can show, under the 5% target.

Measured again on the same machine with nothing else running (load average 1.6 to 1.9, the whole command):

- 1 worker 24.3 games/s, 2 workers 46.6 games/s: **1.92x** (PASS); CPU a game 40.9 ms and 42.6 ms (+4.1%).
- Ray, 1,000 games: 24.1 s against the pool's 20.6 s, +7.0 ms a game against 41.2 ms, **+17.1%** (FAIL): a Ray
  worker is Ray's own process, and its games ran with Python's default garbage collection. With the batch's
  collection in each Ray task too (``warroom.lab.run.play_batch``): 1.88x for the pool, and Ray 23.1 s against
  21.0 s, +4.2 ms a game against 39.1 ms, **+10.7%** (still FAIL).

What was left was not Ray's daemons (the raylet, the GCS server and the agents take about 3% of one core
between them, idle or busy) but two things of the Ray workers' own, found by reading each process's CPU through
a run: Ray starts its workers at nice 15, so that anything else on the machine ran before them; and each task
collected the worker's whole heap (Ray's modules with warroom's) before freezing it, about 50 ms of CPU a
16-game batch. A local Ray started by warroom (``warroom.lab.run.start_local_ray``) now gives its workers this
process's priority, and a Ray worker freezes its heap once (``warroom.sim.playout.worker_collector``); a
Ray worker's CPU a game is then the pool worker's (37.8 ms against 37.5 ms). The whole command twice, nothing
else running (load average 1.3 to 2.0):

- 1 -> 2 workers **1.98x** and **2.06x** (PASS); CPU a game +0.3% and -3.7% on 2 workers;
- Ray, 1,000 games: 20.7 s against the pool's 20.8 s, **-0.6%**; 20.8 s against 19.9 s, **+4.5%** (PASS both
  times: the target is under 5%; the run-to-run noise of a 20 s wall time on a shared machine is a few per cent).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from warroom.lab.job import Job, make_job
from warroom.lab.run import run_job, start_local_ray
from warroom.lab.store import LabStore

TARGET_SPEEDUP = 1.8
TARGET_RAY_SHARE = 0.05


CPU: dict[int, float] = {}
"""CPU seconds of the last run on this many workers: this process's and its worker processes'."""


def timed(job: Job, games: int, workers: int = 1, backend: str = "pool") -> float:
    """Wall seconds of a whole run of ``games`` games into a fresh file (its CPU seconds in :data:`CPU`)."""
    with tempfile.TemporaryDirectory() as folder, LabStore(Path(folder) / "lab.sqlite3") as store:
        before = os.times()
        start = time.perf_counter()
        done = run_job(store, "bench", job, games, workers=workers, backend=backend)
        seconds = time.perf_counter() - start
        after = os.times()
        assert done.played == games, done
    CPU[workers] = sum(getattr(after, k) - getattr(before, k) for k in ("user", "system", "children_user",
                                                                          "children_system"))
    return seconds


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run, a few seconds")
    parser.add_argument("--games", type=int, default=None, help="games a pool run (default 400; quick 24)")
    parser.add_argument("--ray-games", type=int, default=None, help="games on Ray (default 1000; quick 40)")
    parser.add_argument("--no-ray", action="store_true", help="leave Ray out")
    args = parser.parse_args()
    games = args.games or (24 if args.quick else 400)
    ray_games = args.ray_games or (40 if args.quick else 1000)
    job = make_job("crossroads_patrol", None, {}, {}, None, 1, False, 20_000)
    print(f"Before: {load()}")
    timed(job, 4)  # warm the caches of this process
    # 1, 2, 1 workers: the mean of the two 1-worker runs is read against the 2-worker run between them, so a
    # load that rises or falls through the measurement moves both sides of the ratio alike
    first = timed(job, games, 1)
    cpu_one = CPU[1]
    print(f"1 worker:  {games} games in {first:.1f}s, {games / first:.1f} games/s", file=sys.stderr)
    two = timed(job, games, 2)
    cpu_two = CPU[2]
    print(f"2 workers: {games} games in {two:.1f}s, {games / two:.1f} games/s", file=sys.stderr)
    again = timed(job, games, 1)
    print(f"1 worker:  {games} games in {again:.1f}s, {games / again:.1f} games/s", file=sys.stderr)
    one = (first + again) / 2
    speedup = one / two
    ok = speedup >= TARGET_SPEEDUP
    print(f"| workers | games | seconds | games/s |\n|---|---|---|---|\n| 1 (mean of 2) | {games} | {one:.1f} | "
          f"{games / one:.1f} |"
          f"\n| 2 | {games} | {two:.1f} | {games / two:.1f} |")
    print(f"Speed-up 1 -> 2 workers: {speedup:.2f}x (target {TARGET_SPEEDUP}x): {'PASS' if ok else 'FAIL'}")
    cpu_one = (cpu_one + CPU[1]) / 2
    print(f"CPU a game: {1000 * cpu_one / games:.1f} ms on 1 worker, {1000 * cpu_two / games:.1f} ms on 2 (the "
          f"workers' and this process's): the pool costs {100 * (cpu_two / cpu_one - 1):+.1f}% CPU, so with a "
          f"core for each worker the speed-up would be about {2 * cpu_one / cpu_two:.2f}x")
    if not args.no_ray:
        import ray

        start_local_ray(num_cpus=2)  # as `warroom simulate --backend ray` starts it
        pool_before = timed(job, ray_games, 2)  # pool, Ray, pool: as above, the pool's mean against Ray
        try:
            timed(job, 8, backend="ray")  # the workers started and warm
            on_ray = timed(job, ray_games, backend="ray")
        finally:
            ray.shutdown()
        pool = (pool_before + timed(job, ray_games, 2)) / 2
        per_game = one / games
        overhead = (on_ray - pool) * 2 / ray_games
        share = overhead / per_game
        ray_ok = share < TARGET_RAY_SHARE
        print(f"Ray, {ray_games} games: {on_ray:.1f}s against the 2-worker pool's {pool:.1f}s: "
              f"{1000 * overhead:+.2f} ms a game against {1000 * per_game:.1f} ms a random game, {100 * share:+.1f}% "
              f"(target under {100 * TARGET_RAY_SHARE:.0f}%): {'PASS' if ray_ok else 'FAIL'}")
        ok = ok and ray_ok
    print(f"After: {load()}")
    return 0 if ok or not os.environ.get("WARROOM_BENCH_STRICT") else 1


if __name__ == "__main__":
    raise SystemExit(main())
