"""Learning-environment steps per second: the PettingZoo AEC environment with masked random actions.

Run from the repository root::

    python benchmarks/rl_steps.py                           # crossroads_patrol, 20,000 steps
    python benchmarks/rl_steps.py --steps 2000 --profile    # and where the time goes (cProfile, top 25)
    python benchmarks/rl_steps.py --scenario ponyri --steps 5000

Each step observes the side to act (planes, vector and action mask), picks a random index whose mask entry is 1
and steps the environment, as an agent would; an episode that ends is reset with the next seed. The baseline in
the same run is the game alone: ``legal_actions()`` and ``apply`` of a random legal action, no observation.
The target (docs/rl.md "Speed"): 5,000 environment steps a second on one core on crossroads_patrol.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time

import numpy as np
from rich.progress import Progress

from warroom import rl
from warroom.core.game import find_scenario, load_game

TARGET = 5000.0


def env_steps(scenario: str, steps: int, progress: Progress | None = None) -> float:
    """Environment steps per second over ``steps`` masked random steps (observations included)."""
    env = rl.env(scenario)
    rng = np.random.default_rng(0)
    seed = 0
    env.reset(seed=seed)
    task = progress.add_task("environment steps", total=steps) if progress else None
    start = time.perf_counter()
    for n in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            seed += 1
            env.reset(seed=seed)
            agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.integers(len(legal))]))
        if progress is not None and task is not None and n % 500 == 0:
            progress.update(task, completed=n)
    return steps / (time.perf_counter() - start)


def game_steps(scenario: str, steps: int) -> float:
    """The baseline: the game's own steps per second (legal actions and apply, no observation)."""
    ruleset, path = find_scenario(scenario)
    game = load_game(ruleset, path)
    rng = random.Random(0)
    seed = 0
    state = game.initial_state(seed)
    start = time.perf_counter()
    for _ in range(steps):
        if state.is_terminal():
            seed += 1
            state = game.initial_state(seed)
        state = state.apply(rng.choice(state.legal_actions()))
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", default="crossroads_patrol")
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--profile", action="store_true", help="print where the environment's time goes")
    args = parser.parse_args(argv)
    if args.steps < 1:
        parser.error("--steps must be at least 1")
    base = game_steps(args.scenario, args.steps)
    with Progress(transient=True) as progress:
        rate = env_steps(args.scenario, args.steps, progress)
    verdict = "PASS" if rate >= TARGET else "FAIL"
    print(f"{args.scenario}: game alone {base:,.0f} steps/s; environment {rate:,.0f} steps/s "
          f"({rate / base:.2f} of the game alone); target {TARGET:,.0f}: {verdict}")
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        env_steps(args.scenario, args.steps)
        profile.disable()
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
