"""warroom's engines against Atlatl's, side by side in one run: random play-outs, games/s, actions/s and ratios.

    python benchmarks/vs_atlatl.py                    # the full comparison (about three minutes on a quiet core)
    python benchmarks/vs_atlatl.py --quick            # a smoke run (CI): a few games, no 100-unit pair
    python benchmarks/vs_atlatl.py --atlatl DIR --rounds 5 --json figures.json

Atlatl (an open Python hex wargame engine built for AI research, MIT) is the speed anchor: its driver
``bench.py`` plays uniform random legal actions to the end of a game and prints one JSON line. This script runs
that driver as a subprocess in Atlatl's own folder (``--atlatl``, default ``../shared/anchors/atlatl`` beside the
repository) and warroom's random play-outs in this process (:func:`warroom.sim.playout.play_random`, the player
``warroom simulate`` uses, garbage collection left as it is, like Atlatl's driver), in interleaved rounds, so
both meet the same machine load; each ratio is the median of the rounds' ratios. The pairs, at about equal unit
counts:

- Company Fire ``crossroads_patrol`` (8 units) against Atlatl ``mobile-defense`` (8 units),
- Company Fire ``hedgerow_hell`` (21 units) against Atlatl ``desert`` (18 units),
- the generated 100-unit Company Fire scenario (``benchmarks/scenario_family.py``) against Atlatl's generated
  ``city-inf-25`` (100 units; left out of ``--quick``),

and Brigade ``ponyri`` (17 units) on its own (target 50 games/s). Then:

- growth: per-action cost (CPU time) of random play-outs on each generated family (Company Fire 8 to 100 units, Brigade
  8 to 64) and the fitted exponent of cost against units (``numpy.polyfit`` on the logs; target at most 1.2);
- ``apply`` per second on ``crossroads_patrol`` from a copy of a mid-game state (``state.replace()``, its
  answers worked out afresh, then ``apply``: what a search does on each step; per CPU second; target 20,000/s);
- the exact odds of every procedure, warm (``warroom.odds``; the cases and timing of ``benchmarks/run.py``;
  target under 10 ms each).

The Company Fire engine measured is whichever this Python imports: run the script with the Python of a venv
holding the native build (``WARROOM_NATIVE=1 pip install .``, README "Speed: the native build") to measure that;
the header names it. Targets (issue "Engine speed"): games/s ratios at least 5 on both small pairs and on the
100-unit pair. The machine may be shared: read the ratios, not the absolute figures. Exits 0 (PASS/FAIL lines
are printed), 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress

import warroom
from company_fire_game import engine_build
from scenario_family import BRIGADE_SIZES, CF_SIZES, brigade_scenario, company_fire_scenario, lift_board_limit
from warroom.core.game import Game, GameState, load_game
from warroom.sim.playout import play_random, random_playout

HERE = Path(__file__).resolve().parent
DEFAULT_ATLATL = HERE.parent.parent / "shared" / "anchors" / "atlatl"

RATIO_TARGET = 5.0
PONYRI_TARGET = 50.0
EXPONENT_TARGET = 1.2
APPLY_TARGET = 20_000.0
ODDS_TARGET_S = 0.010


@dataclass
class Pair:
    """A warroom game and the Atlatl scenario it is measured against, with the games each plays in a round."""

    label: str
    ruleset: str
    scenario: str | Path
    atlatl: str | None
    games: int
    atlatl_games: int
    rounds: list[dict[str, float]] = field(default_factory=list)


def fail(message: str) -> None:
    print(f"warroom: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def run_atlatl(folder: Path, scenario: str, games: int, seed: int) -> dict[str, float]:
    """Atlatl's own driver in its own folder, one process: its JSON line."""
    out = subprocess.run([sys.executable, "bench.py", scenario, "--games", str(games), "--seed", str(seed)],
                         cwd=folder, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"Atlatl's bench.py {scenario} failed:\n{out.stderr[-2000:]}")
    line: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return line


def run_warroom(game: Game, games: int, first_seed: int) -> dict[str, float]:
    """``games`` random play-outs (seeds from ``first_seed``): games/s and actions/s."""
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        actions += play_random(game, seed, 50_000)[1]
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"games_per_s": games / took, "actions_per_s": actions / took, "actions": actions, "seconds": took,
            "cpu_seconds": cpu, "cpu_games_per_s": games / cpu}


def units_of(game: Game) -> int:
    units = getattr(game, "units", None)
    if units is not None:
        return len(units)
    return len(game.ctx.ids)  # type: ignore[attr-defined]  # Brigade


def per_action_costs(ruleset: str, paths: list[tuple[int, Path]], games: int,
                     tick: Callable[[], None]) -> list[tuple[int, float, float]]:
    """(units, CPU seconds per action, games per CPU second) of random play-outs on each scenario of a family:
    ``games`` games of the 8-unit one, fewer as the units grow (at least 2), so each size plays about as many
    actions."""
    rows = []
    for units, path in paths:
        game = load_game(ruleset, path)
        play_random(game, 0, 50_000)  # tables and caches warmed, as in every other figure
        m = run_warroom(game, max(2, games * 8 // units), 1)
        rows.append((units, m["cpu_seconds"] / m["actions"], m["cpu_games_per_s"]))
        tick()
    return rows


def exponent(rows: list[tuple[int, float, float]]) -> float:
    """The slope of log(cost per action) against log(units): cost grows as units to this power."""
    slope, _ = np.polyfit(np.log([r[0] for r in rows]), np.log([r[1] for r in rows]), 1)
    return float(slope)


def mid_game_states(game: Game, seeds: range) -> list[GameState]:
    """The state halfway through a random play-out of each seed (one with legal actions)."""
    found = []
    for seed in seeds:
        states, _ = random_playout(game, seed, 50_000)
        mid = states[len(states) // 2]
        if not mid.is_terminal():
            found.append(mid)
    return found


def applies_per_second(game: Game, seconds: float) -> tuple[float, int]:
    """``state.replace().apply(action)`` per second, over every legal action of five mid-game states in turn."""
    jobs = [(s, a) for s in mid_game_states(game, range(1, 6)) for a in s.legal_actions()]
    for s, a in jobs:  # warm: the position memos and search caches a search would have met
        s.replace().apply(a)  # type: ignore[attr-defined]
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s, a in jobs:
            s.replace().apply(a)  # type: ignore[attr-defined]
        done += len(jobs)
    return done / (time.process_time() - start), len(jobs)


def warm_odds(quick: bool) -> list[tuple[str, float]]:
    """Every procedure's exact odds, warm: ``benchmarks/run.py``'s cases and per-call timing."""
    import run as odds_bench  # benchmarks/run.py

    settings = odds_bench.Settings.make(quick)
    rows = []
    for spec, row in odds_bench.cases(lambda _: None):
        if row.error:
            continue

        def call(procedure: str = spec.id, params: dict[str, Any] = row.params) -> object:
            return warroom.odds(procedure, params)

        rows.append((spec.id, odds_bench.per_call(call, settings)))
    return rows


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/vs_atlatl.py", description=__doc__.splitlines()[0],
        epilog="example: python benchmarks/vs_atlatl.py --rounds 3 --atlatl ../shared/anchors/atlatl")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one round of a few games, no 100-unit "
                        "pair, the families up to 32 units")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds (default 3, --quick 1)")
    parser.add_argument("--atlatl", type=Path, default=None,
                        help=f"Atlatl's folder, holding bench.py (default {DEFAULT_ATLATL}); without it the "
                        "Atlatl side is skipped")
    parser.add_argument("--skip", choices=("pairs", "growth", "apply", "odds"), action="append", default=[],
                        help="leave a part out (may be repeated)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every figure to FILE as JSON")
    args = parser.parse_args(argv)
    rounds = args.rounds if args.rounds is not None else (1 if args.quick else 3)
    if rounds < 1:
        fail(f"--rounds {rounds}: give at least 1 round")
    atlatl: Path | None = args.atlatl or DEFAULT_ATLATL
    assert atlatl is not None
    if not (atlatl / "bench.py").is_file():
        if args.atlatl is not None:
            fail(f"--atlatl {args.atlatl}: no bench.py there; give the folder of Atlatl's driver")
        print(f"Atlatl not found at {atlatl}: its side is skipped (give --atlatl DIR)")
        atlatl = None
    if args.json is not None and not args.json.parent.is_dir():
        fail(f"--json {args.json}: no such folder {args.json.parent}")
    figures: dict[str, Any] = {"rounds": rounds, "quick": args.quick}
    folder = Path(tempfile.mkdtemp(prefix="warroom-family-"))
    lift_board_limit()  # the family's 64- and 100-unit maps are larger than a user's scenario file may be

    quick = args.quick
    pairs = [
        Pair("crossroads_patrol vs mobile-defense", "company-fire", "crossroads_patrol", "mobile-defense",
             5 if quick else 40, 10 if quick else 100),
        Pair("hedgerow_hell vs desert", "company-fire", "hedgerow_hell", "desert",
             1 if quick else 10, 2 if quick else 20),
        Pair("ponyri (Brigade)", "brigade", "ponyri", None, 2 if quick else 20, 0),
    ]
    if not quick:
        pairs.insert(2, Pair("generated 100 units vs city-inf-25", "company-fire",
                             company_fire_scenario(100, folder), "city-inf-25", 1, 1))
    cf_family = [(n, company_fire_scenario(n, folder)) for n in CF_SIZES if not quick or n <= 32]
    br_family = [(n, brigade_scenario(n, folder)) for n in BRIGADE_SIZES if not quick or n <= 32]

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} (a shared machine moves absolute figures; read the ratios)")
    print(f"warroom's Company Fire engine: {engine_build()}")
    with Progress(transient=True) as progress:
        if "pairs" not in args.skip:
            task = progress.add_task("pairs: interleaved rounds", total=rounds * len(pairs))
            games = {p.label: load_game(p.ruleset, p.scenario) for p in pairs}
            for p in pairs:
                play_random(games[p.label], 0, 50_000)  # warm
            for r in range(rounds):
                for p in pairs:
                    ours = run_warroom(games[p.label], p.games, 1 + r * p.games)
                    row = {"units": units_of(games[p.label]), "games_per_s": ours["games_per_s"],
                           "actions_per_s": ours["actions_per_s"], "cpu_games_per_s": ours["cpu_games_per_s"]}
                    if atlatl is not None and p.atlatl is not None:
                        theirs = run_atlatl(atlatl, p.atlatl, p.atlatl_games, 1 + r)
                        row |= {"atlatl_units": theirs["units"], "atlatl_games_per_s": theirs["games_per_s"],
                                "atlatl_actions_per_s": theirs["actions_per_s"],
                                "ratio_games": ours["games_per_s"] / theirs["games_per_s"],
                                "ratio_actions": ours["actions_per_s"] / theirs["actions_per_s"]}
                    p.rounds.append(row)
                    progress.advance(task)
        if "growth" not in args.skip:
            task = progress.add_task("growth: the generated families", total=len(cf_family) + len(br_family))
            n_games = 4 if quick else 24
            cf_rows = per_action_costs("company-fire", cf_family, n_games, lambda: progress.advance(task))
            br_rows = per_action_costs("brigade", br_family, n_games, lambda: progress.advance(task))
        if "apply" not in args.skip:
            progress.add_task("apply/s on crossroads_patrol", total=None)
            rate, n_jobs = applies_per_second(load_game("company-fire", "crossroads_patrol"), 0.5 if quick else 3)
        if "odds" not in args.skip:
            progress.add_task("exact odds, warm, every procedure", total=None)
            odds_rows = warm_odds(quick)

    lines: list[str] = []
    if "pairs" not in args.skip:
        print(f"\nRandom play-outs, {rounds} interleaved round(s); medians of rounds (ratio: warroom / Atlatl)")
        print(f"{'pair':<38}{'units':>7}{'games/s':>10}{'actions/s':>11}{'Atlatl units':>14}{'games/s':>10}"
              f"{'actions/s':>11}{'games x':>9}{'actions x':>11}")
        figures["pairs"] = {}
        for p in pairs:
            def med(key: str, p: Pair = p) -> float | None:
                values = [r[key] for r in p.rounds if key in r]
                return statistics.median(values) if values else None

            g, a = med("games_per_s"), med("actions_per_s")
            ag, aa, rg, ra = med("atlatl_games_per_s"), med("atlatl_actions_per_s"), med("ratio_games"), \
                med("ratio_actions")
            au = p.rounds[0].get("atlatl_units")

            def f(x: float | None, spec: str) -> str:
                return "—" if x is None else format(x, spec)

            print(f"{p.label:<38}{p.rounds[0]['units']:>7}{f(g, '.2f'):>10}{f(a, ',.0f'):>11}"
                  f"{'' if au is None else au:>14}{f(ag, '.2f'):>10}{f(aa, ',.0f'):>11}{f(rg, '.2f'):>9}"
                  f"{f(ra, '.2f'):>11}")
            figures["pairs"][p.label] = {"rounds": p.rounds, "games_per_s": g, "actions_per_s": a, "ratio_games": rg,
                                         "ratio_actions": ra}
            if p.atlatl is not None and rg is not None:
                lines.append(f"{verdict(rg >= RATIO_TARGET)}  {p.label}: {rg:.2f}x Atlatl's games/s "
                             f"(target {RATIO_TARGET:g}x)")
            if p.ruleset == "brigade" and g is not None:
                cpu_g = med("cpu_games_per_s")
                assert cpu_g is not None
                lines.append(f"{verdict(cpu_g >= PONYRI_TARGET)}  ponyri: {cpu_g:.1f} random games per CPU second "
                             f"({g:.1f}/s of wall time; target {PONYRI_TARGET:g} on one core)")
    if "growth" not in args.skip:
        figures["growth"] = {}
        for name, rows in (("Company Fire", cf_rows), ("Brigade", br_rows)):
            slope = exponent(rows)
            print(f"\n{name}, generated family: per-action cost against units")
            print(f"{'units':>7}{'us/action':>11}{'games/s':>10}   (CPU time: steadier than wall time when shared)")
            for units, cost, gps in rows:
                print(f"{units:>7}{cost * 1e6:>11.0f}{gps:>10.2f}")
            print(f"fitted exponent (numpy.polyfit on logs): {slope:.2f}")
            figures["growth"][name] = {"rows": rows, "exponent": slope}
            lines.append(f"{verdict(slope <= EXPONENT_TARGET)}  {name}: per-action cost grows as units^{slope:.2f} "
                         f"(target at most {EXPONENT_TARGET:g})")
    if "apply" not in args.skip:
        print(f"\napply from a copy of a mid-game state, crossroads_patrol: {rate:,.0f} per CPU second "
              f"({n_jobs} state-action pairs, round and round)")
        figures["apply_per_s"] = rate
        lines.append(f"{verdict(rate >= APPLY_TARGET)}  apply/s on crossroads_patrol: {rate:,.0f} "
                     f"(target {APPLY_TARGET:,.0f})")
    if "odds" not in args.skip:
        slowest = sorted(odds_rows, key=lambda r: -r[1])
        print(f"\nexact odds, warm: {len(odds_rows)} procedures; slowest "
              + ", ".join(f"{pid} {s * 1e3:.2f} ms" for pid, s in slowest[:5]))
        figures["odds_warm_s"] = dict(odds_rows)
        lines.append(f"{verdict(slowest[0][1] < ODDS_TARGET_S)}  exact odds warm, every procedure: slowest "
                     f"{slowest[0][0]} {slowest[0][1] * 1e3:.2f} ms (target under {ODDS_TARGET_S * 1e3:g} ms)")
    if quick and lines:
        print("\n--quick: a smoke run; targets are read on a full run")
    print("\nTargets")
    for line in lines:
        print(f"  {line}")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
