"""The search player: iterations per second, and its win rate against another player.

    python benchmarks/search.py                                  # iterations per second on Crossroads Patrol
    python benchmarks/search.py --vs heuristic --games 100       # and 100 side-swapped games a scenario
    python benchmarks/search.py --vs random --games 10 --think 0.2 --scenario company-fire:hedgerow_hell

Targets (issue 16, "Figures"): at least 1,000 iterations a second on Crossroads Patrol, each iteration a deal
of the hidden things (belief sampler), a descent of the tree of the side's own decisions and a rollout or
evaluation; and ``search`` at 1 second a decision beating ``heuristic`` in at least 65% of games over
side-swapped pairs on Crossroads Patrol, Hedgerow Hell and one Brigade scenario (at least 100 games each).

The rate is measured over the decisions of a few seeded games against random (only decisions with more than
one legal action search), for each rollout depth asked for; ``--profile`` prints where the time goes
(cProfile). A match plays ``--games`` games a scenario in pairs, the same seed with sides swapped, and counts
a win as 1, a draw as 1/2; the interval is Wilson's at 95% over the games won outright. ``--search SPEC``
chooses the search's options (``search:reply=2``), ``--iterations N`` a fixed budget (deterministic, fair on a
shared machine), ``--only SIDE`` plays search on one side alone, ``--progress`` prints each game.

Measured (November 2026, 2 cores shared with other work, load 3 to 6; one process, ``nice -n 15``). The
heuristic against itself on the same seeds is the baseline: side-swapped, it scores 50% by construction.

Iterations a second on Crossroads Patrol, 300 a decision (``--rollouts 0 --rate-iterations 300 --rate-games 1``),
the committed defaults: 2,114/s against random and 1,228/s against the heuristic (``--rate-vs heuristic``) at
load 3.5 to 4. Earlier, before the enemy's answers were played at the leaves: 3,818/s at load 1 to 2 and 1,033/s
at load 6 against random (rollout 2: 134/s at load 6); in games against the heuristic at load 3, rollout 0
2,425/s, ``reply=2`` 1,304/s, ``rollout=2`` 635/s; before PUCT, 4,671/s and 582/s (rollouts 0 and 2) at load 1.
Brigade (Hill 112) about 250/s, 600/s with ``deals=8`` (a Brigade deal costs ~36 ms: the engine's line of sight).

Against the heuristic, at fixed budgets (1,000 iterations: about a quarter to half a second of Company Fire at
rollout 0; 300: about a second of Brigade's); each line says which code played:

    python benchmarks/search.py --rollouts "" --vs heuristic --games 20 --iterations 1000 \
        --scenario company-fire:crossroads_patrol          # commit 47595e3 (PUCT, rollout 0, no answers, no time)
    -> 11 won, 9 lost of 20 (55%, Wilson 34% to 74%): as defender 10/10, as attacker 1/10 (the heuristic
       attacking on those seeds wins 0 of 10; over 40 seeds, 3)
    python benchmarks/search.py --rollouts "" --vs heuristic --games 6 --iterations 1000 \
        --scenario company-fire:hedgerow_hell              # the committed defaults
    -> 5 won, 0 drawn, 1 lost of 6 (83%, Wilson 44% to 97%; load 4.4, 1.05 s a decision): both sides of seeds
       0 and 2, the defender of seed 1; the heuristic against itself on those seeds wins as the defender, the
       attacker, the defender (50%). Six games: promising, not proof.
    python benchmarks/search.py --rollouts "" --vs heuristic --games 10 --iterations 1000 --only attacker \
        --seed 10 --scenario company-fire:crossroads_patrol  # the committed defaults
    -> 1 won, 9 lost of 10 attacking (10%, Wilson 2% to 40%); the heuristic attacking on those seeds: 0 of 10.
       Crossroads Patrol is the defender's: a side-swapped 65% needs about a third of the attacks won.
    python benchmarks/search.py --rollouts "" --vs heuristic --games 6 --iterations 300 --scenario brigade:hill_112
    -> 2 won, 2 drawn, 2 lost of 6 (score 50%; win rate 33%, Wilson 10% to 70%); the heuristic against itself on
       those seeds: a German win, a draw, a British win (50%). Commit 7cbd4c4 (Brigade's evaluation as now, but
       no answers at the leaves). Ponyri is 37 Soviet wins and 3 draws in 40 heuristic games, so Hill 112, the
       balanced one, was played instead.

Equal time, Crossroads Patrol, search attacking, seeds 10 to 19 (the heuristic attacking wins 0 of 10), code of
commit 28f3063 without the points' weighing by time:

    python benchmarks/search.py --rollouts "" --vs heuristic --games 10 --only attacker --seed 10 \
        --scenario company-fire:crossroads_patrol --search search --iterations 1000          # 0 of 10
        ... --search search:reply=2 --iterations 540                                         # 1 of 10
        ... --search search:rollout=2 --iterations 260                                       # 2 of 10

None of these differences is beyond chance (every interval spans the others), and at these budgets and game
counts search has not been shown stronger than the heuristic, let alone the 65% the issue asks (that needs
about 100 games a scenario: hours on this machine). Two faults found by watching its choices were fixed on the
way, each one making it play worse than the heuristic: leaves a card apart were weighed at different times (so
ending a segment looked good to the side ahead), and a fire was scored before the target's answer (CF-60), so
before its result, while a sniper's removal counted as a loss (Hedgerow Hell, two defender games lost that the
heuristic won).

Crossroads Patrol, November 27 (two such runs at once on the 2 cores, so a ``--think`` budget met the same load
in each). The heuristic on the same seeds is the yardstick. With the committed code:

    python benchmarks/search.py --rollouts "" --vs heuristic --only attacker --seed 100 --games 24 \
        --scenario company-fire:crossroads_patrol --iterations 1000                  # 8 of 24 attacking
        ... --only defender --iterations 1000                                        # 17 of 24 defending
        the heuristic in search's place                                               # 7 of 24; 17 of 24
    ... --only attacker --seed 200 --games 48 --iterations 1000                      # 7 of 44 (stopped)
        the heuristic attacking on seeds 200 to 247                                   # 7 of 48

and with a leaf value fitted to 1,000 games' results (below), attacking on seeds 100 to 123 at ``--think 0.35``:
as committed otherwise 9 of 24; ``rollout=4,policy=cheap`` 5 of 24; ``reply=2`` 9 of 24; ``reply=12`` (the
enemy's whole answer by the heuristic) 6 of 20, stopped; ``margin=0`` 4 of 24.

Defending, search played as the heuristic did in all 24 games (the same seven lost, each in as many actions):
its estimates never beat the heuristic's choice by ``margin``. Attacking, it won one or two games more than
the heuristic on seeds 100 to 123 and none more on 200 to 247. With ``margin=0`` (search overrides the heuristic
whenever its mean is higher) it wins fewer: the leaf evaluation, not the budget, is what limits it. That leaf
value, fitted by logistic regression to the results of heuristic games (points, units by status, break points,
reach; later also units in enemy sight and in reach of an assault: 2,000 games, held-out log loss 0.424 against
0.507 for the win rate alone), did no better: 6 of 41 attacking on seeds 200 to 247 at 1,000 iterations, against
7 of 44 with the hand weights. Fitted to the heuristic's own games, it rewards what goes with winning there
(attackers near the objectives), not what causes it; it was not kept. Nor was a leaf value that adds each side's
units under enemy fire (the heuristic's threat measure, by cover and machine guns) to the hand weights: 2 of 22
attacking on seeds 200 to 221 at 1,000 iterations, where the hand weights won 2 and the heuristic 4.

Hedgerow Hell, the same day, the committed code at 1,000 iterations (one run a core):

    python benchmarks/search.py --rollouts "" --vs heuristic --only defender --seed 100 --games 36 \
        --scenario company-fire:hedgerow_hell --iterations 1000      # 22 of 36 defending (the heuristic 18)
        ... --only attacker --seed 100 --games 10                    # 4 of 10 attacking (the heuristic 6)

Defending it won 9 of 12 on seeds 100 to 111 (the heuristic 5), then 13 of 24 on 112 to 135 (the heuristic 13):
26 of 46 games in all where the heuristic won 24 on the same seeds and sides, no difference beyond chance.

Whole games played out by the heuristic instead of a leaf evaluation (November 27, tried by hand and not kept):
at each decision the heuristic's three best-scored actions, each played from the same deals with the same dice
seeds and then the game played to its end by the heuristic for both sides (a heuristic game of Crossroads
Patrol takes 0.05 to 0.13 s in the native build, so a decision's second buys about 40 such games, some 14 a
candidate), the heuristic's own choice kept unless another wins more often by over 0.1. It is one step of
policy improvement against the very opponent it meets, and it needs no leaf value. Attacking on seeds 100 to
123 at 1 s a decision it won 6 of 24, the heuristic 7 (it overrode the heuristic at about a fifth of its
decisions): 14 whole games a candidate cannot tell apart actions whose worth differs by a few points of win
rate, when the dice of the rest of the game swing it by far more. A Brigade heuristic game of Hill 112 takes
0.17 s on average (100 games), so a Brigade decision's second buys a handful.

The heuristic's own weights tuned against the heuristic (November 27, tried by hand and not kept): each kind of
action's score (fire, group fire, op fire, rally, assault, HE, smoke, moves, retreat, occupy) multiplied by a
weight and shifted by a bias, 20 numbers, tuned by the cross-entropy method (12 candidates a generation, the
best quarter kept) on Crossroads Patrol, 300 games a candidate on the same seeds (5000 to 5299) against the
default heuristic, one side at a time. On those seeds the attacker rose from 19.0% to 25.0% over 8 generations
(its weights moved most on moves, rallies, op fire and smoke) and the defender from 81.0% to 85.3% over 4. On 1,000
fresh seeds (20000 to 20999), both against the default heuristic on the same seeds: the attacker 19.7% (Wilson
17.4% to 22.3%) against the default's 18.9% (16.6% to 21.4%), the defender 82.7% (80.2% to 84.9%) against 81.1%
(78.6% to 83.4%). The gains were the seeds' dice, not better play: near the heuristic, its weights are a flat
plateau, and side-swapped the tuned pair would score about 51%. The heuristic is not a lever for search's prior
either; what search lacks is a measure of positions better than the heuristic's, which this shows is not in
re-weighting the heuristic's own terms.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Hashable
from typing import Any

import numpy as np

from warroom import ai
from warroom.ai.search import SearchPlayer
from warroom.core.errors import UsageError
from warroom.core.game import Game, load_game, shipped_scenarios
from warroom.sim.simulate import wilson_interval

TARGET_ITERATIONS = 1000.0
TARGET_WIN_RATE = 0.65
DEFAULT_MATCH = ("company-fire:crossroads_patrol", "company-fire:hedgerow_hell", "brigade:ponyri")


def scenario(spec: str) -> Game:
    ruleset, _, stem = spec.partition(":")
    paths = shipped_scenarios().get(ruleset, [])
    for p in paths:
        if p.stem == stem:
            return load_game(ruleset, p)
    known = ", ".join(f"{r}:{p.stem}" for r, ps in shipped_scenarios().items() for p in ps)
    raise UsageError(f"no shipped scenario {spec!r}; scenarios: {known}")


class Counting:
    """A search player that adds up the iterations and seconds of its searches."""

    name = "search"

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.iterations = 0
        self.seconds = 0.0
        self.searches = 0

    def choose(self, view: ai.View, rng: np.random.Generator) -> Hashable:
        action = self.player.choose(view, rng)
        last = self.player.last
        if last.get("iterations"):
            self.iterations += int(last["iterations"])
            self.seconds += float(last["seconds"])
            self.searches += 1
        return action


def searcher(spec: str, **options: Any) -> SearchPlayer:
    """The search player of ``spec`` (``search:c=1.5,...``), ``options`` over its own."""
    base = ai.player(spec)
    if not isinstance(base, SearchPlayer):
        raise UsageError(f"{spec!r} is not a search player")
    return ai.player(spec, **options)  # type: ignore[return-value]


def rate(game: Game, spec: str, rollout: int, iterations: int, games: int, max_actions: int,
         vs: str = "random") -> tuple[float, int]:
    """Iterations a second of search (``iterations`` a decision) against ``vs``, over ``games`` seeded games."""
    counting = Counting(searcher(spec, iterations=iterations, rollout=rollout))
    for seed in range(games):
        for side in game.sides:
            players: dict[str, Any] = dict.fromkeys(game.sides, vs)
            players[side] = counting
            ai.play(game, players, seed=seed, max_actions=max_actions, history=True)
    return counting.iterations / max(counting.seconds, 1e-9), counting.searches


def match(game: Game, spec: str, vs: str, games: int, think: float, iterations: int, max_actions: int,
          first_seed: int = 0, progress: bool = False, only: str | None = None) -> dict[str, Any]:
    """``games`` games of search against ``vs``, in side-swapped pairs of the same seed, from ``first_seed``;
    with ``only`` a side, ``games`` games of search on that side alone, a seed each."""
    search = searcher(spec, think=think, iterations=iterations)
    other = ai.player(vs)
    won = drawn = lost = 0
    seconds = 0.0
    decisions = 0
    start = time.perf_counter()
    for k in range(games):
        seed, side = (first_seed + k // 2, game.sides[k % 2]) if only is None else (first_seed + k, only)
        players: dict[str, Any] = dict.fromkeys(game.sides, other)
        players[side] = search
        played = ai.play(game, players, seed=seed, max_actions=max_actions)
        winner = played.result.get("winner")
        won += winner == side
        lost += winner is not None and winner != side
        drawn += winner is None
        seconds += played.seconds[side]
        decisions += played.decisions[side]
        if progress:
            print(f"  game {k + 1}: seed {seed}, search the {side}: {winner or 'draw'} "
                  f"({won} won, {drawn} drawn, {lost} lost)", flush=True)
    low, high = wilson_interval(won, games)
    return {"games": games, "won": won, "drawn": drawn, "lost": lost, "score": (won + drawn / 2) / max(games, 1),
            "wilson": (low, high), "seconds_per_decision": seconds / max(decisions, 1),
            "wall": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", action="append", help="ruleset:stem (repeat); default the issue's three")
    parser.add_argument("--rate-scenario", default="company-fire:crossroads_patrol")
    parser.add_argument("--search", default="search", help="the search player and its options (search:c=1.5)")
    parser.add_argument("--rollouts", default="0,2", help="rollout depths to measure the rate at")
    parser.add_argument("--rate-iterations", type=int, default=300, help="iterations a decision for the rate")
    parser.add_argument("--rate-games", type=int, default=2)
    parser.add_argument("--rate-vs", default="random", help="the player the rate's games are against")
    parser.add_argument("--vs", help="a player spec to play against (e.g. heuristic); no match without it")
    parser.add_argument("--games", type=int, default=100, help="games a scenario (pairs: an even number)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a decision in the match")
    parser.add_argument("--iterations", type=int, default=0, help="a fixed budget instead of --think")
    parser.add_argument("--max-actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0, help="the first pair's seed")
    parser.add_argument("--only", help="search plays only this side (a seed a game), not side-swapped pairs")
    parser.add_argument("--progress", action="store_true", help="a line for each game of a match")
    parser.add_argument("--profile", action="store_true", help="cProfile the rate run")
    args = parser.parse_args()

    game = scenario(args.rate_scenario)
    print(f"search: iterations a second on {game.scenario_name} (target {TARGET_ITERATIONS:.0f})")
    for depth in (int(x) for x in args.rollouts.split(",") if x):
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
        per_second, searches = rate(game, args.search, depth, args.rate_iterations, args.rate_games, 80,
                                     args.rate_vs)
        if args.profile:
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        mark = "meets" if per_second >= TARGET_ITERATIONS else "below"
        print(f"  rollout {depth}: {per_second:7.0f} iterations/s over {searches} searches ({mark} the target)")

    if args.vs:
        for spec in args.scenario or DEFAULT_MATCH:
            g = scenario(spec)
            budget = f"{args.iterations} iterations" if args.iterations else f"{args.think}s"
            r = match(g, args.search, args.vs, args.games, args.think, args.iterations, args.max_actions, args.seed,
                      args.progress, args.only)
            low, high = r["wilson"]
            print(f"{args.search} ({budget} a decision) vs {args.vs} on {g.scenario_name}: {r['won']} won, "
                  f"{r['drawn']} drawn, {r['lost']} lost of {r['games']}; win rate {r['won'] / r['games']:.0%} "
                  f"(95% Wilson {low:.0%} to {high:.0%}), score {r['score']:.0%}; "
                  f"{r['seconds_per_decision'] * 1000:.0f} ms a decision; {r['wall']:.0f}s "
                  f"(target {TARGET_WIN_RATE:.0%})")


if __name__ == "__main__":
    main()
