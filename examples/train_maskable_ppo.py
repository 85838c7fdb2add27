"""Train sb3-contrib's MaskablePPO as the attacker on Crossroads Patrol against an AI player (random unless
``--opponent`` says), then play it over 200 evaluation games against the same player.

    pip install -e ".[rl,train]"
    python examples/train_maskable_ppo.py                         # 200,000 steps, then 200 games
    python examples/train_maskable_ppo.py --timesteps 20000 --eval-games 50 --out runs/quick
    python examples/train_maskable_ppo.py --opponent heuristic --resume runs/maskable_ppo/model.zip

The agent sees the attacker's view only (docs/rl.md: planes and vector; the mask is given to MaskablePPO
through ``action_masks()`` and left out of the network's input). It runs on the CPU, or on a GPU when torch
finds one (``--device``). Written to ``--out``: ``curve.csv`` (the win rate and mean reward of each block of
finished training episodes; the rewards with the shaping of ``--shaping``), ``curve.png``, the model
(``model.zip``) and ``evaluation.json``. The baselines printed beside the result are random play and the
heuristic as the attacker against the same opponent on the same evaluation seeds.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress, TaskID

try:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback
except ImportError:
    sys.exit('warroom: error: this example needs sb3-contrib and torch: pip install "warroom[rl,train]"')

import gymnasium as gym

from warroom import ai, rl
from warroom.core.errors import UsageError
from warroom.core.game import find_scenario, load_game
from warroom.sim.simulate import wilson_interval

SCENARIO, SIDE = "crossroads_patrol", "attacker"
EVAL_SEEDS = 1_000_000
"""Evaluation games are seeded from here, apart from the training games' seeds."""


class PlanesAndVector(gym.ObservationWrapper):  # type: ignore[type-arg]
    """The observation without its action mask (MaskablePPO reads the mask through ``action_masks()``)."""

    def __init__(self, env: gym.Env) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        spaces = env.observation_space.spaces  # type: ignore[attr-defined]
        self.observation_space = gym.spaces.Dict({"planes": spaces["planes"], "vector": spaces["vector"]})

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        return {"planes": observation["planes"], "vector": observation["vector"]}


def make_env(opponent: str, shaping: dict[str, float] | None = None) -> gym.Env:  # type: ignore[type-arg]
    base = rl.gym_env(SCENARIO, SIDE, opponent=opponent, history=False, shaping=shaping)
    return ActionMasker(PlanesAndVector(base), lambda env: base.action_masks())


class Curve(BaseCallback):  # type: ignore[misc]
    """The learning curve: after every ``block`` finished episodes, their win rate and mean reward."""

    def __init__(self, block: int, progress: Progress, task: TaskID, before: int = 0) -> None:
        super().__init__()
        self.before = before  # the steps a resumed model had already trained
        self.block = block
        self.progress = progress
        self.task = task
        self.rows: list[dict[str, float]] = []
        self._results: list[float] = []
        self._returns: list[float] = []
        self._running = 0.0
        self._started = time.perf_counter()

    def _on_step(self) -> bool:
        if self.num_timesteps % 256 == 0:
            self.progress.update(self.task, completed=self.num_timesteps - self.before)
        for done, reward, info in zip(self.locals["dones"], self.locals["rewards"], self.locals["infos"],
                                      strict=True):
            self._running += float(reward)
            if done:
                winner = info.get("result", {}).get("winner")
                self._results.append(1.0 if winner == SIDE else 0.0)
                self._returns.append(self._running)
                self._running = 0.0
        if len(self._results) >= self.block:
            wins = float(np.mean(self._results))
            row = {"timesteps": self.num_timesteps, "episodes": (len(self.rows) + 1) * self.block,
                   "win_rate": wins, "mean_reward": float(np.mean(self._returns)),
                   "seconds": time.perf_counter() - self._started}
            self.rows.append(row)
            self.progress.console.print(f"  {row['timesteps']:>8} steps  win rate {wins:6.1%}  "
                                        f"mean reward {row['mean_reward']:+.3f}")
            self._results, self._returns = [], []
        return True


def evaluate(model: Any | None, games: int, opponent: str) -> tuple[int, int]:
    """(wins, games) of the model (or of uniformly random masked play when None) as the attacker."""
    env = make_env(opponent)
    rng = np.random.default_rng(0)
    wins = 0
    with Progress(transient=True) as progress:
        task = progress.add_task("evaluating" if model is not None else "random baseline", total=games)
        for k in range(games):
            wins += _play_one(env, model, rng, EVAL_SEEDS + k)
            progress.advance(task)
    return wins, games


def _play_one(env: gym.Env, model: Any | None, rng: np.random.Generator, seed: int) -> bool:  # type: ignore[type-arg]
    """Whether the attacker wins one evaluation game."""
    obs, _ = env.reset(seed=seed)
    done = False
    info: dict[str, Any] = {}
    while not done:
        mask = env.action_masks()  # type: ignore[attr-defined]
        if model is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        obs, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return bool(info.get("result", {}).get("winner") == SIDE)


def heuristic_baseline(games: int, opponent: str) -> int:
    """Games the heuristic wins as the attacker against ``opponent`` on the evaluation seeds."""
    game = load_game(*find_scenario(SCENARIO))
    other = next(s for s in game.sides if s != SIDE)
    wins = 0
    with Progress(transient=True) as progress:
        task = progress.add_task("heuristic baseline", total=games)
        for k in range(games):
            played = ai.play(game, {SIDE: ai.player("heuristic"), other: ai.player(opponent)}, seed=EVAL_SEEDS + k,
                             history=False)
            wins += played.result.get("winner") == SIDE
            progress.advance(task)
    return wins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timesteps", type=int, default=200_000, help="training steps (default 200,000)")
    parser.add_argument("--eval-games", type=int, default=200, help="evaluation games (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--block", type=int, default=50, help="episodes a point of the learning curve")
    parser.add_argument("--device", default="auto", help="torch device: auto (a GPU when present), cpu, cuda")
    parser.add_argument("--out", type=Path, default=Path("runs/maskable_ppo"))
    parser.add_argument("--shaping", default="objective_points=0.3,losses=0.1",
                        help="shaped rewards for training, name=weight,... (docs/rl.md; 'none' for the result only)")
    parser.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default)")
    parser.add_argument("--net", default="64,64",
                        help="hidden layers of the policy and the value networks, sizes separated by commas")
    parser.add_argument("--opponent", default="random",
                        help="the AI player the agent trains and is evaluated against (warroom ai list; "
                        "default random)")
    parser.add_argument("--resume", type=Path, metavar="MODEL",
                        help="go on training a model.zip an earlier run saved (--timesteps more steps; --net, "
                        "--seed and the learning settings are the saved model's)")
    args = parser.parse_args(argv)
    if args.timesteps < 1 or args.eval_games < 1 or args.block < 1:
        parser.error("--timesteps, --eval-games and --block must be at least 1")
    shaping: dict[str, float] = {}
    if args.shaping != "none":
        try:
            shaping = {k: float(v) for k, v in (part.split("=") for part in args.shaping.split(","))}
        except ValueError:
            parser.error("--shaping: give name=weight pairs separated by commas, e.g. objective_points=0.1")
    try:
        net = [int(n) for n in args.net.split(",")]
    except ValueError:
        net = []
    if not net or min(net) < 1:
        parser.error(f"--net {args.net}: give layer sizes from 1 separated by commas, e.g. 256,128")
    if args.resume is not None and not args.resume.is_file():
        parser.error(f"--resume {args.resume}: no such file; give the model.zip an earlier run wrote to its --out")
    try:
        make_env(args.opponent)
    except UsageError as error:
        parser.error(f"--opponent {args.opponent}: {error}")
    if args.threads:
        torch.set_num_threads(args.threads)
    # torch checks every distribution's arguments as it is made: over 24,051 actions, a batch at a time, that was
    # about 5% of training's time (py-spy); the masks come from the rules, so there is nothing for it to catch
    torch.distributions.Distribution.set_default_validate_args(False)
    args.out.mkdir(parents=True, exist_ok=True)
    device = args.device if args.device != "auto" else ("cuda" if torch.cuda.is_available() else "cpu")
    print(f"MaskablePPO as the {SIDE} on {SCENARIO} against {args.opponent}, {args.timesteps:,} steps on {device}")
    if args.resume is not None:
        model = MaskablePPO.load(args.resume, env=make_env(args.opponent, shaping), device=device)
        print(f"  going on from {args.resume}, trained {model.num_timesteps:,} steps")
    else:
        model = MaskablePPO("MultiInputPolicy", make_env(args.opponent, shaping), seed=args.seed, device=device,
                            n_steps=1024, batch_size=256, learning_rate=3e-4, ent_coef=0.01, verbose=0,
                            policy_kwargs={"net_arch": {"pi": net, "vf": net}})
    before = int(model.num_timesteps)
    started = time.perf_counter()
    with Progress() as progress:
        curve = Curve(args.block, progress, progress.add_task("training", total=args.timesteps), before)
        model.learn(total_timesteps=args.timesteps, callback=curve, reset_num_timesteps=args.resume is None)
    trained = time.perf_counter() - started
    model.save(args.out / "model.zip")
    with (args.out / "curve.csv").open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=["timesteps", "episodes", "win_rate", "mean_reward", "seconds"])
        writer.writeheader()
        writer.writerows(curve.rows)
    if curve.rows:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot([r["timesteps"] for r in curve.rows], [r["win_rate"] for r in curve.rows])
        ax.set_xlabel("training steps")
        ax.set_ylabel(f"win rate (blocks of {args.block} episodes)")
        ax.set_title(f"MaskablePPO, {SIDE} on {SCENARIO} vs {args.opponent}")
        ax.set_ylim(0, 1)
        fig.tight_layout()
        fig.savefig(args.out / "curve.png")
    wins, games = evaluate(model, args.eval_games, args.opponent)
    base_wins, _ = evaluate(None, args.eval_games, args.opponent)
    heuristic_wins = heuristic_baseline(args.eval_games, args.opponent)
    low, high = wilson_interval(wins, games)
    result = {"scenario": SCENARIO, "side": SIDE, "opponent": args.opponent, "timesteps": int(model.num_timesteps),
              "resumed_from": str(args.resume) if args.resume else None, "steps_before": before,
              "net": model.policy_kwargs.get("net_arch"),
              "training_seconds": round(trained, 1), "device": device, "shaping": shaping, "games": games,
              "wins": int(wins),
              "win_rate": wins / games, "interval_95": [low, high], "random_win_rate": base_wins / games,
              "heuristic_win_rate": heuristic_wins / games}
    (args.out / "evaluation.json").write_text(json.dumps(result, indent=1) + "\n")
    print(f"evaluation over {games} games: won {wins} ({wins / games:.1%}, 95% {low:.1%} ... {high:.1%}); "
          f"as {SIDE} against {args.opponent}, random play {base_wins / games:.1%}, the heuristic "
          f"{heuristic_wins / games:.1%}; trained in {trained:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
