"""Brigade game speed: random-vs-random full games per second (one core), actions per second, and line
of sight checks per second, per bundled scenario; PASS/FAIL against 10 full games a second on the
smaller scenario.

    python benchmarks/brigade_game.py [--quick]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from warroom.core.game import load_game
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game import SCENARIOS, BrigadeGame
from warroom.sim.playout import random_playout

TARGET_GAMES_PER_SECOND = 10.0
TARGET_SCENARIO = "ponyri"
"""The scenario the target is for: the smaller of the two shipped with the game."""


def games_per_second(game: BrigadeGame, games: int) -> tuple[float, float]:
    random_playout(game, 10_000, 5000)  # warm the table's caches once
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        _, done = random_playout(game, seed, 5000)
        actions += len(done)
    took = time.perf_counter() - start
    return games / took, actions / took


def los_per_second(game: BrigadeGame, checks: int) -> float:
    field = game.ctx.field
    rng = np.random.default_rng(1)
    points = rng.uniform((0, 0), (field.width, field.depth), size=(checks, 2, 2))
    start = time.perf_counter()
    for a, b in points:
        geo.line_of_sight(field, geo.Viewpoint((float(a[0]), float(a[1]))),
                          geo.Viewpoint((float(b[0]), float(b[1])), "medium_tanks"))
    return checks / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke test)")
    args = parser.parse_args()
    games, checks = (5, 500) if args.quick else (40, 5000)
    results: dict[str, float] = {}
    for path in sorted(SCENARIOS.glob("*.toml")):
        game = load_game("brigade", path)
        assert isinstance(game, BrigadeGame)
        figures = sum(t.n_figures for t in game.ctx.types)
        gps, aps = games_per_second(game, games)
        lps = los_per_second(game, checks)
        results[path.stem] = gps
        print(f"{path.stem:>10}: {len(game.ctx.ids)} units, {figures} figures: {gps:6.1f} full games/s, "
              f"{aps:8.0f} actions/s, {lps:8.0f} line of sight checks/s")
    ok = results[TARGET_SCENARIO] >= TARGET_GAMES_PER_SECOND
    print(f"{'PASS' if ok else 'FAIL'}: {results[TARGET_SCENARIO]:.1f} full random games a second on "
          f"{TARGET_SCENARIO} (target {TARGET_GAMES_PER_SECOND:g})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
