"""The ladder: every pair of players on both sides of every scenario given, and what their games add up to.

For each scenario, each ordered pair of players (the first on the scenario's first side, the second on its
other side; each player against itself too, unless ``mirror=False``) plays ``games`` games with seeds
``seed``, ``seed + 1``, ...: the same seeds for every pairing, so a pair and its side-swapped twin meet the
same dice. Each game is one :func:`warroom.ai.play`, so a game is given by its scenario, its players and its
seed, and a ladder is the same on one worker process or many. The games are kept in SQLite
(:mod:`warroom.ai.ladder_store`); a game already stored is not played again, so later ladders add to it.

From the stored games (:func:`standings`): each pairing's win rate with its 95% Wilson interval, a rating per
player (openskill's Plackett-Luce, mu with mu ± 2 sigma), draws counted, and each scenario's side bias (the
first side's win rate over all pairings, and in each mirror match).
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from openskill.models import PlackettLuce

from warroom.ai.ladder_store import LadderStore, StoredGame
from warroom.ai.loop import play
from warroom.ai.registry import available, parse_spec, player, plays
from warroom.core.errors import UsageError
from warroom.core.game import Game, find_scenario, load_game, scenario_digest
from warroom.sim.playout import batch_collector
from warroom.sim.simulate import wilson_interval

STORE_EVERY = 8
STORE_SECONDS = 2.0
"""Games played in this process are stored (one transaction) every this many games, or seconds."""

T = TypeVar("T")
R = TypeVar("R")

RATING_SPREAD = 2.0
"""A rating's interval is mu ± this many sigmas (about 95%)."""


@dataclass(frozen=True)
class Entrant:
    """A player on the ladder: its canonical spec (the key its games are stored under: a strength read as its
    spec, options in name order, an option at its default left out) and the name it was given."""

    spec: str
    label: str


def entrant(spec: str) -> Entrant:
    """The ladder entrant a spec names; an unknown player or option is one clear error (:func:`player`)."""
    player(spec)  # checks the name, the options and their values
    name, given = parse_spec(spec)
    entry = next(e for e in available() if e.name == name)
    defaults = entry.options()
    parts = []
    for key in sorted(given):
        value = _typed(given[key], defaults[key])
        if value != defaults[key]:
            parts.append(f"{key}={value}")
    canonical = name + (":" + ",".join(parts) if parts else "")
    return Entrant(canonical, spec.strip())


def _typed(text: str, default: Any) -> Any:
    """An option's text read as its default's type (already checked by :func:`player`)."""
    if isinstance(default, bool):
        return text.lower() in ("true", "yes", "1", "on")
    return type(default)(text) if default is not None else text


def entrants(specs: Sequence[str]) -> list[Entrant]:
    """The entrants of a ``--players`` list: at least one, each named once (``normal`` and ``heuristic`` are the
    same player, see :data:`warroom.ai.STRENGTHS`)."""
    found: dict[str, Entrant] = {}
    for spec in specs:
        if not spec.strip():
            continue
        e = entrant(spec)
        if e.spec in found:
            raise UsageError(f"players '{found[e.spec].label}' and '{e.label}' are the same player ({e.spec}); "
                             f"name it once")
        found[e.spec] = e
    if not found:
        raise UsageError("give at least one player (e.g. --players random,heuristic; 'warroom ai list')")
    return list(found.values())


@dataclass(frozen=True)
class Scenario:
    """A scenario on the ladder: its game, the file, and what keys its stored games."""

    ruleset: str
    version: str
    name: str
    path: Path
    sha256: str
    sides: tuple[str, str]

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.ruleset, self.version, self.sha256)


def scenario(name: str, ruleset: str | None = None) -> Scenario:
    """A scenario by shipped name or file; one clear error for an unknown one or one not for two sides."""
    game_id, path = find_scenario(name, ruleset)
    game = load_game(game_id, path)
    if len(game.sides) != 2:
        raise UsageError(f"{game.scenario_name} has {len(game.sides)} sides; the ladder plays two-sided scenarios")
    return Scenario(game.ruleset, game.version, game.scenario_name, path, scenario_digest(path),
                    (game.sides[0], game.sides[1]))


@dataclass(frozen=True)
class Match:
    """One ladder game to play: a scenario, the player on each side (specs) and the seed."""

    ruleset: str
    path: str
    sha256: str
    first: str
    second: str
    seed: int


def pairings(players: Sequence[Entrant], mirror: bool = True) -> list[tuple[Entrant, Entrant]]:
    """Every ordered pair (first side, second side) of players; a player against itself when ``mirror``."""
    return [(a, b) for a in players for b in players if mirror or a.spec != b.spec]


def check_plays(players: Sequence[Entrant], scenarios: Sequence[Scenario]) -> None:
    """One clear error for a player that does not play one of the scenarios' games."""
    for e in players:
        made = player(e.spec)
        for s in scenarios:
            if not plays(made, s.ruleset):
                games = getattr(made, "games", ())
                raise UsageError(f"player '{e.label}' does not play {s.ruleset} ({s.name}); it plays "
                                 f"{', '.join(games) or 'no game yet'}")


@functools.cache
def _game(ruleset: str, path: str) -> Game:
    return load_game(ruleset, path)


def play_match(match: Match) -> StoredGame:
    """Play one ladder game with :func:`warroom.ai.play`, each side's player made afresh from its spec."""
    game = _game(match.ruleset, match.path)
    first, second = game.sides
    played = play(game, {first: player(match.first), second: player(match.second)}, match.seed,
                  scenario=Path(match.path))
    finished = played.final.is_terminal()
    winner = played.result.get("winner") if finished else None
    return StoredGame(game.ruleset, game.version, game.scenario_name, match.sha256, first,
                      second, match.first, match.second, match.seed, winner, finished,
                      str(played.result.get("reason", "")), len(played.actions), played.seconds[first],
                      played.seconds[second])


@dataclass
class LadderRun:
    """What a ladder did: games played now, games found already stored, the seeds it used."""

    played: int = 0
    stored: int = 0
    first_seed: int = 1
    games: int = 0


MAX_GAMES = 1_000_000
"""The most games a ladder plays per pairing and side (a million random games of the smallest scenario take
hours on one core)."""
MAX_WORKERS = 1024


def check_counts(games: int, workers: int) -> None:
    """One clear error for a number of games or of worker processes outside what a ladder plays."""
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games {games}: play from 1 to {MAX_GAMES:,} games per pairing and side")
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers {workers}: use from 1 to {MAX_WORKERS} worker processes (default: every core)")


def default_workers() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def run_ladder(store: LadderStore, scenarios: Sequence[Scenario], players: Sequence[Entrant], games: int,
               seed: int = 1, workers: int = 1, mirror: bool = True,
               progress: Callable[[int, int], None] | None = None) -> LadderRun:
    """Play every pairing's games not stored yet (``games`` per pairing and side, seeds ``seed`` on) on
    ``workers`` processes (1: in this process), storing each batch as it ends; ``progress(done, total)``."""
    check_counts(games, workers)
    check_plays(players, scenarios)
    store.name_players({e.spec: e.label for e in players})
    todo: list[Match] = []
    run = LadderRun(first_seed=seed, games=games)
    for s in scenarios:
        done = store.stored_keys(*s.key)
        for a, b in pairings(players, mirror):
            for n in range(seed, seed + games):
                if (a.spec, b.spec, n) in done:
                    run.stored += 1
                else:
                    todo.append(Match(s.ruleset, str(s.path), s.sha256, a.spec, b.spec, n))
    total = len(todo)
    if progress is not None:
        progress(0, total)
    saver = _Saver(store, run, total, progress)
    try:
        with batch_collector():  # as the balance lab's runs: frozen in this process and the forked workers
            if workers == 1:
                for match in todo:
                    saver.keep(play_match(match))
            else:
                play_on(workers, play_match, todo, saver.keep)
    finally:  # stopped part way or not, every game played is kept
        saver.store()
    return run


class _Saver:
    """Stores the games as they come, one transaction every :data:`STORE_EVERY` games or
    :data:`STORE_SECONDS` seconds, and tells the progress."""

    def __init__(self, store: LadderStore, run: LadderRun, total: int,
                 progress: Callable[[int, int], None] | None) -> None:
        self.ladder, self.run, self.total, self.progress = store, run, total, progress
        self.pending: list[StoredGame] = []
        self.done = 0
        self.last = time.monotonic()

    def keep(self, game: StoredGame) -> None:
        self.pending.append(game)
        self.done += 1
        if len(self.pending) >= STORE_EVERY or time.monotonic() - self.last > STORE_SECONDS:
            self.store()
        if self.progress is not None:
            self.progress(self.done, self.total)

    def store(self) -> None:
        self.run.played += self.ladder.add(self.pending)
        self.pending, self.last = [], time.monotonic()


PR_SET_PDEATHSIG = 1
"""Linux's prctl option that has the kernel send a process a signal when its parent ends."""


def tie_to_parent(parent: int) -> None:
    """A worker process leaves Ctrl-C to its parent, which stops it, and ends when its parent ends, however the
    parent ends (``kill -9`` included), so no worker is left running a game nobody will store: on Linux the
    kernel sends it SIGKILL when the parent dies (``prctl(PR_SET_PDEATHSIG)``); elsewhere a watchdog thread
    ends it within a second of seeing itself orphaned. Called first thing in the worker (a pool's initializer,
    given the parent's pid)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            _watch_parent(parent)
    else:
        _watch_parent(parent)
    if os.getppid() != parent:  # the parent died before the worker was tied to it
        os._exit(1)


def _watch_parent(parent: int) -> None:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="warroom-parent-watch", daemon=True).start()


def play_on(workers: int, play_one: Callable[[T], R], todo: Sequence[T], keep: Callable[[R], None]) -> None:
    """Play the games (``play_one`` of each of ``todo``, a top-level function) on worker processes, one a task (a
    game is long beside the cost of sending it), handing each game to ``keep`` as it ends; on any error or
    Ctrl-C, the games not begun are dropped and the workers stopped at once."""
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=tie_to_parent,
                                                  initargs=(os.getpid(),))
    try:
        futures = [pool.submit(play_one, m) for m in todo]
        for future in concurrent.futures.as_completed(futures):
            keep(future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        # ProcessPoolExecutor stops its workers only from Python 3.14 (terminate_workers)
        stop = getattr(pool, "terminate_workers", None)
        if stop is not None:
            stop()
        else:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        raise
    pool.shutdown()


# What the stored games add up to.


@dataclass
class Tally:
    """Games, wins, draws (a game cut short counts as a draw, and among ``unfinished``) and losses."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    unfinished: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    def add(self, won: bool, drawn: bool, finished: bool) -> None:
        self.games += 1
        self.wins += won
        self.draws += drawn
        self.unfinished += not finished

    def rate(self) -> tuple[float, float, float]:
        """The win rate and its 95% Wilson interval."""
        low, high = wilson_interval(self.wins, self.games)
        return (self.wins / self.games if self.games else 0.0), low, high

    def to_json(self) -> dict[str, Any]:
        rate, low, high = self.rate()
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "unfinished": self.unfinished, "win_rate": round(rate, 4),
                "interval95": [round(low, 4), round(high, 4)]}


@dataclass
class Pairing:
    """Two players on one scenario, over both sides: ``player``'s games against ``opponent``, in all and as
    each side."""

    scenario: str
    player: str
    opponent: str
    sides: tuple[str, str]
    total: Tally = field(default_factory=Tally)
    as_side: dict[str, Tally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.as_side = {side: Tally() for side in self.sides}

    def to_json(self, labels: dict[str, str]) -> dict[str, Any]:
        return {"scenario": self.scenario, "player": labels[self.player], "opponent": labels[self.opponent],
                **self.total.to_json(), "as": {side: t.to_json() for side, t in self.as_side.items()}}


@dataclass
class Rating:
    """A player's openskill rating over its games against the others, with its record."""

    player: str
    mu: float
    sigma: float
    record: Tally

    @property
    def interval(self) -> tuple[float, float]:
        return self.mu - RATING_SPREAD * self.sigma, self.mu + RATING_SPREAD * self.sigma

    @property
    def ordinal(self) -> float:
        """The rating's lower end, mu - 3 sigma: what the table is ordered by."""
        return self.mu - 3 * self.sigma

    def to_json(self, labels: dict[str, str]) -> dict[str, Any]:
        low, high = self.interval
        return {"player": labels[self.player], "spec": self.player, "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3), "interval": [round(low, 3), round(high, 3)],
                "ordinal": round(self.ordinal, 3), **{k: v for k, v in self.record.to_json().items()
                                                      if k not in ("win_rate", "interval95")}}


@dataclass
class SideBias:
    """How often a scenario's first side wins: over every stored game (``players`` None) or in one mirror
    match (a player against itself)."""

    scenario: str
    first_side: str
    second_side: str
    players: str | None
    first: Tally = field(default_factory=Tally)

    def to_json(self, labels: dict[str, str]) -> dict[str, Any]:
        t = self.first
        rate, low, high = t.rate()
        return {"scenario": self.scenario, "first_side": self.first_side, "second_side": self.second_side,
                "players": "all" if self.players is None else f"{labels[self.players]} vs {labels[self.players]}",
                "games": t.games, "first_wins": t.wins, "second_wins": t.losses, "draws": t.draws,
                "unfinished": t.unfinished, "first_win_rate": round(rate, 4),
                "interval95": [round(low, 4), round(high, 4)]}


@dataclass
class Standings:
    """The tables of a set of stored games."""

    games: int
    labels: dict[str, str]
    pairings: list[Pairing]
    ratings: list[Rating]
    side_bias: list[SideBias]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games,
                "pairings": [p.to_json(self.labels) for p in self.pairings],
                "ratings": [r.to_json(self.labels) for r in self.ratings],
                "side_bias": [b.to_json(self.labels) for b in self.side_bias]}


def _scenario_names(games: Sequence[StoredGame]) -> dict[tuple[str, str, str], str]:
    """Each scenario's name; one stored in more than one form (an edited file, a new rules version) is told
    apart by its version and the start of its digest."""
    keys = sorted({(g.ruleset, g.version, g.scenario_sha256): g.scenario for g in games}.items())
    count: dict[str, int] = {}
    for _, name in keys:
        count[name] = count.get(name, 0) + 1
    return {k: name if count[name] == 1 else f"{name} ({k[1]}, {k[2][:8]})" for k, name in keys}


RATING_ORDERS = 64
"""The orders the games are rated in (:func:`_openskill`), at most; fewer for a ladder of many games."""
RATING_UPDATES = 200_000
"""The openskill updates a rating may take in all (about 20 us each): the orders are cut to stay within it."""


def _openskill(specs: Sequence[str], between: Sequence[StoredGame]) -> dict[str, tuple[float, float]]:
    """Each player's openskill Plackett-Luce mu and sigma over ``between``, averaged over orders of the games.

    openskill updates game by game and weighs the later games more: 40 games, 22 won by one player, gave it a
    mu 2.8 below the other's in seed order and 8.2 above in reverse order. The players' strength does not change
    from game to game, so no order is the right one: the ratings are the mean over ``RATING_ORDERS`` orders
    (the first the games' own, the others shuffled by a generator of fixed seed, so the same games always give
    the same ratings)."""
    model = PlackettLuce()
    n = len(between)
    orders = max(1, min(RATING_ORDERS, RATING_UPDATES // max(1, n)))
    shuffle = np.random.default_rng(0x1ADDE7)
    total = {s: [0.0, 0.0] for s in specs}
    for k in range(orders):
        order = range(n) if k == 0 else shuffle.permutation(n)
        rated = {s: model.rating(name=s) for s in specs}
        for i in order:
            g = between[i]
            a, b = g.first_player, g.second_player
            ranks = [0.0, 0.0] if g.winner is None else ([0.0, 1.0] if g.winner == g.first_side else [1.0, 0.0])
            [[rated[a]], [rated[b]]] = model.rate([[rated[a]], [rated[b]]], ranks=ranks)
        for s in specs:
            total[s][0] += rated[s].mu
            total[s][1] += rated[s].sigma
    return {s: (mu / orders, sigma / orders) for s, (mu, sigma) in total.items()}


def standings(games: Sequence[StoredGame], labels: dict[str, str] | None = None,
              order: Sequence[str] | None = None) -> Standings:
    """The pairings, ratings and side bias of ``games``; ``labels`` names the specs (a spec names itself when
    not given), ``order`` the players' order before the ratings settle it.

    The rating is openskill's Plackett-Luce over the games between different players, averaged over orders
    of the games (:func:`_openskill`: the first by seed, then scenario, then players, the others shuffled by a
    fixed seed), so the same games give the same ratings however many processes played them, and no game
    counts for more for being played later. A draw, or a game cut short, ranks both players equal."""
    names = _scenario_names(games)
    specs = sorted({g.first_player for g in games} | {g.second_player for g in games},
                   key=lambda s: (order.index(s) if order and s in order else len(order or ()), s))
    labels = {s: (labels or {}).get(s, s) for s in specs}

    records = {s: Tally() for s in specs}
    between = sorted((g for g in games if g.first_player != g.second_player),
                     key=lambda g: (g.seed, names[(g.ruleset, g.version, g.scenario_sha256)], g.first_player,
                                    g.second_player))
    for g in between:
        records[g.first_player].add(g.winner == g.first_side, g.winner is None, g.finished)
        records[g.second_player].add(g.winner == g.second_side, g.winner is None, g.finished)
    rated = _openskill(specs, between)
    ratings = sorted((Rating(s, *rated[s], records[s]) for s in specs if records[s].games),
                     key=lambda r: (-r.ordinal, r.player))
    rank = {r.player: n for n, r in enumerate(ratings)}
    rank.update({s: len(ratings) + n for n, s in enumerate(specs) if s not in rank})

    pairs: dict[tuple[str, str, str], Pairing] = {}
    bias: dict[tuple[str, str | None], SideBias] = {}
    for g in games:
        where = names[(g.ruleset, g.version, g.scenario_sha256)]
        drawn = g.winner is None
        for players in (None, g.first_player) if g.first_player == g.second_player else (None,):
            sb = bias.setdefault((where, players), SideBias(where, g.first_side, g.second_side, players))
            sb.first.add(g.winner == g.first_side, drawn, g.finished)
        if g.first_player == g.second_player:
            continue
        # each pair is told from the better-rated player's side
        me, other = sorted((g.first_player, g.second_player), key=lambda s: rank[s])
        my_side = g.first_side if me == g.first_player else g.second_side
        p = pairs.setdefault((where, me, other), Pairing(where, me, other, (g.first_side, g.second_side)))
        for t in (p.total, p.as_side[my_side]):
            t.add(g.winner == my_side, drawn, g.finished)
    return Standings(
        len(games), labels,
        sorted(pairs.values(), key=lambda p: (p.scenario, rank[p.player], rank[p.opponent])),
        ratings,
        sorted(bias.values(), key=lambda b: (b.scenario, b.players is not None, rank.get(b.players or "", 0))))


# The tables as rows of text, for a terminal (rich) or Markdown (docs/ladder.md).


@dataclass(frozen=True)
class TextTable:
    title: str
    columns: tuple[tuple[str, str], ...]
    """(heading, "left" or "right")."""
    rows: Sequence[tuple[str, ...]]
    note: str = ""


def _rate(t: Tally) -> str:
    """A win rate and its 95% interval: ``76.0% (62.6 to 85.7)``."""
    rate, low, high = t.rate()
    return f"{100 * rate:.1f}% ({100 * low:.1f} to {100 * high:.1f})"


def _record(t: Tally) -> str:
    return f"{t.wins}/{t.draws}/{t.losses}"


def tables(st: Standings) -> list[TextTable]:
    """The ratings, the pairings and the side bias, as text."""
    label = st.labels
    ratings = TextTable(
        "Ratings", (("player", "left"), ("rating", "right"), (f"mu ± {RATING_SPREAD:g} sigma", "right"),
                    ("games", "right"), ("won/drawn/lost", "right")),
        [(label[r.player], f"{r.mu:.1f}", f"{r.interval[0]:.1f} to {r.interval[1]:.1f}", str(r.record.games),
          _record(r.record)) for r in st.ratings],
        "openskill's Plackett-Luce rating (mu) over the games between different players, the mean over orders of "
        "the games; ordered by mu - 3 sigma; a draw, or a game cut short, ranks both players equal.")
    pairs = TextTable(
        "Pairings", (("scenario", "left"), ("player", "left"), ("opponent", "left"), ("games", "right"),
                     ("won/drawn/lost", "right"), ("win rate (95%)", "right"), ("as first side", "right"),
                     ("as second side", "right")),
        [(p.scenario, label[p.player], label[p.opponent], str(p.total.games), _record(p.total), _rate(p.total),
          *(f"{side} {t.wins}/{t.games}" for side, t in p.as_side.items())) for p in st.pairings],
        "The player's games against the opponent on both sides; its win rate with the 95% Wilson interval, and "
        "its wins on each side.")
    bias_rows = []
    mirrors = {b.scenario: b.first.games for b in st.side_bias if b.players is not None}
    for b in st.side_bias:
        if b.players is None and mirrors.get(b.scenario) == b.first.games:
            continue  # every game of the scenario is one mirror match: its row says it all
        who = "all games" if b.players is None else f"{label[b.players]} vs {label[b.players]}"
        bias_rows.append((b.scenario, who, str(b.first.games), f"{b.first_side} {b.first.wins}",
                          f"{b.second_side} {b.first.losses}", str(b.first.draws), _rate(b.first)))
    bias = TextTable(
        "Side bias", (("scenario", "left"), ("players", "left"), ("games", "right"), ("first side won", "right"),
                      ("second side won", "right"), ("drawn", "right"), ("first side's win rate (95%)", "right")),
        bias_rows, "How often the scenario's first side wins, over every pairing and in each player's games "
        "against itself; with the 95% Wilson interval.")
    return [ratings, pairs, bias]


def markdown(table: TextTable) -> str:
    """A table as GitHub Markdown, its title a heading and its note under it."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [f"### {table.title}", "", "| " + " | ".join(cell(h) for h, _ in table.columns) + " |",
             "|" + "|".join("---:" if j == "right" else "---" for _, j in table.columns) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in table.rows]
    if table.note:
        lines += ["", table.note]
    return "\n".join(lines)

