"""Two checkouts of warroom, the same random play-outs, interleaved: how much faster is one than the other?

    python benchmarks/ab_compare.py --old ../wt-before --new . crossroads_patrol hedgerow_hell brigade:ponyri
    python benchmarks/ab_compare.py --old ../wt-before --new . --rounds 7 --games 20 crossroads_patrol

Each round plays ``--games`` random play-outs (seeds 1 to N, after a warm-up game) of each scenario in a fresh
process of each checkout (``PYTHONPATH=CHECKOUT/src``), old and new in turn, so both meet the same machine load;
it prints each side's median games/s (on the process's CPU time, which other work on a shared machine
moves less than wall time), the median of the rounds' new/old ratios, and the ratio of each side's best round
(the least disturbed: on a loaded machine the steadier figure). It also checks that both
checkouts play the same games (the same number of actions), so a speed-up that changed behaviour shows.
A scenario is ``NAME`` (Company Fire) or ``RULESET:NAME``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from rich.progress import Progress

CHILD = """
import json, sys, time
from warroom.core.game import load_game
from warroom.sim.playout import play_random
ruleset, name, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = load_game(ruleset, name)
play_random(game, 0, 50_000)
actions = 0
start = time.process_time()
for seed in range(1, games + 1):
    actions += play_random(game, seed, 50_000)[1]
took = time.process_time() - start
print(json.dumps({"games_per_s": games / took, "actions": actions}))
"""


def fail(message: str) -> None:
    print(f"warroom: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def play(checkout: Path, ruleset: str, name: str, games: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(checkout / "src")}
    out = subprocess.run([sys.executable, "-c", CHILD, ruleset, name, str(games)], env=env, capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{checkout}: {ruleset}:{name} failed:\n{out.stderr[-2000:]}")
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="example: python benchmarks/ab_compare.py --old ../wt-before --new . "
                                     "crossroads_patrol brigade:ponyri")
    parser.add_argument("scenarios", nargs="+", help="NAME (Company Fire) or RULESET:NAME")
    parser.add_argument("--old", type=Path, required=True, help="the checkout to compare against")
    parser.add_argument("--new", type=Path, default=Path("."), help="the checkout measured (default .)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--games", type=int, default=10, help="games a round (default 10)")
    args = parser.parse_args()
    for side in (args.old, args.new):
        if not (side / "src" / "warroom").is_dir():
            fail(f"{side}: not a warroom checkout (no src/warroom); give the folder of one")
    if args.rounds < 1 or args.games < 1:
        fail("--rounds and --games take a number from 1 up")
    jobs = [tuple(s.split(":", 1)) if ":" in s else ("company-fire", s) for s in args.scenarios]
    figures: dict[str, dict[str, list[float]]] = {s: {"old": [], "new": [], "ratio": []} for s in args.scenarios}
    same = True
    with Progress(transient=True) as progress:
        task = progress.add_task("old and new, in turn", total=args.rounds * len(jobs))
        for _ in range(args.rounds):
            for label, (ruleset, name) in zip(args.scenarios, jobs, strict=True):
                old = play(args.old, ruleset, name, args.games)
                new = play(args.new, ruleset, name, args.games)
                same = same and old["actions"] == new["actions"]
                figures[label]["old"].append(old["games_per_s"])
                figures[label]["new"].append(new["games_per_s"])
                figures[label]["ratio"].append(new["games_per_s"] / old["games_per_s"])
                progress.advance(task)
    print(f"{'scenario':<28}{'old games/s':>12}{'new games/s':>12}{'new / old':>11}{'best new / best old':>21}"
          f"   (medians of {args.rounds} rounds, and the best round of each)")
    for label, f in figures.items():
        print(f"{label:<28}{statistics.median(f['old']):>12.2f}{statistics.median(f['new']):>12.2f}"
              f"{statistics.median(f['ratio']):>11.3f}{max(f['new']) / max(f['old']):>21.3f}")
    print("same games (actions) in both: " + ("yes" if same else "NO: the checkouts play different games"))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
