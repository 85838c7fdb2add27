"""Company Fire full games: random-vs-random games per second on one core, actions per second, memory.

    python benchmarks/company_fire_game.py            # 200 games of the smallest scenario and of the smallest
                                                      # with vehicles (the two targets), 40 of the others
    python benchmarks/company_fire_game.py --quick    # a smoke run (CI)

Targets: at least 100 full games per second per core on the smallest shipped scenario (a platoon a side;
issue "Company Fire: the complete rules-enforced game") and on the smallest one with vehicles (issue
"Company Fire: vehicles and anti-tank combat"), read on the native build (README "Speed: the native
build"); the script names the engine it measured. The figure is a ratio-free absolute rate, so it is
printed with the machine's baseline: the same process's rate of a fixed pure-Python loop, to read runs
on different (shared, noisy) machines against each other.

Games are played as ``warroom simulate`` plays them (:func:`warroom.sim.playout.play_random`: the
play-out's random choices, one current state at a time, start-up objects frozen for the garbage
collector, collections made seldom: :func:`warroom.sim.playout.batch_collector`); the memory per
state is measured on a play-out that keeps every state.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import time
import tracemalloc
from pathlib import Path

from warroom.core.game import load_game
from warroom.rulesets.company_fire.game.scenario import shipped_scenarios
from warroom.sim.playout import batch_collector, play_random, random_playout

TARGET_GAMES_PER_SECOND = 100.0
"""Both issues' target: the smallest shipped scenario, and the smallest one with vehicles."""


def engine_build() -> str:
    """Whether the Company Fire engine runs compiled (``WARROOM_NATIVE=1 pip install .``) or as Python."""
    import warroom.rulesets.company_fire.game.play as engine

    where = engine.__file__ or ""
    if where.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return "native (compiled with mypyc: WARROOM_NATIVE=1 pip install .)"
    return "pure Python (WARROOM_NATIVE=1 pip install . compiles it)"


def baseline_loops_per_second() -> float:
    """A fixed pure-Python workload (dict and tuple churn, like the engine's), as the machine's yardstick."""
    start = time.perf_counter()
    n = 200_000
    d: dict[tuple[int, int], int] = {}
    for i in range(n):
        d[(i % 97, i % 89)] = d.get((i % 89, i % 97), 0) + 1
    return n / (time.perf_counter() - start)


def measure(path: Path, games: int) -> dict[str, float]:
    game = load_game("company-fire", path)
    play_random(game, 0, 50_000)  # warm the caches (LOS table, step graph)
    actions = 0
    with batch_collector():  # as `warroom simulate` runs its batch
        start = time.perf_counter()
        for seed in range(1, games + 1):
            _, played = play_random(game, seed, 50_000)  # what `warroom simulate` plays: one game at a time
            actions += played
        elapsed = time.perf_counter() - start
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states, _ = random_playout(game, games + 1, 50_000)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    final = states[-1]
    return {
        "games_per_second": games / elapsed,
        "actions_per_second": actions / elapsed,
        "actions_per_game": actions / games,
        "bytes_per_state": held / len(states),
        "state_json_bytes": len(json.dumps(final.to_json())),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run: a few games each")
    args = parser.parse_args()
    loops = baseline_loops_per_second()
    print(f"baseline: {loops / 1e6:.2f} M loop steps/s (a fixed pure-Python workload on this machine)")
    print(f"engine: {engine_build()}")
    header = f"{'scenario':<24}{'games/s':>9}{'actions/s':>11}{'actions/game':>14}{'KiB/state':>11}{'JSON KiB':>10}"
    print(header)
    smallest: tuple[int, float] | None = None
    armoured: tuple[int, float, str] | None = None
    sizes = {}
    for path in shipped_scenarios():
        game = load_game("company-fire", path)
        sizes[path] = (len(game.units), game.has_vehicles)  # type: ignore[attr-defined]
    targets = {min(sizes, key=lambda p: sizes[p][0]),
               min((p for p in sizes if sizes[p][1]), key=lambda p: sizes[p][0])}
    for path in shipped_scenarios():
        size, vehicles = sizes[path]
        # the target scenarios get 200 games: a game's length varies, and 40 games leave the mean some 5% out
        n = 5 if args.quick else (200 if path in targets else 40)
        m = measure(path, n)
        print(f"{path.stem:<24}{m['games_per_second']:>9.1f}{m['actions_per_second']:>11.0f}"
              f"{m['actions_per_game']:>14.0f}{m['bytes_per_state'] / 1024:>11.1f}"
              f"{m['state_json_bytes'] / 1024:>10.1f}")
        if smallest is None or size < smallest[0]:
            smallest = (size, m["games_per_second"])
        if vehicles and (armoured is None or size < armoured[0]):
            armoured = (size, m["games_per_second"], path.stem)
    assert smallest is not None and armoured is not None
    if args.quick:
        print("targets: not judged on a smoke run (5 games a scenario); run without --quick")
        return
    verdict = "PASS" if smallest[1] >= TARGET_GAMES_PER_SECOND else "FAIL"
    print(f"target: >= {TARGET_GAMES_PER_SECOND:.0f} full games/s on the smallest scenario: "
          f"{smallest[1]:.1f} {verdict}")
    verdict = "PASS" if armoured[1] >= TARGET_GAMES_PER_SECOND else "FAIL"
    print(f"target: >= {TARGET_GAMES_PER_SECOND:.0f} full games/s on the smallest armoured scenario "
          f"({armoured[2]}): {armoured[1]:.1f} {verdict}")


if __name__ == "__main__":
    main()
