"""``warroom match``: two players side-swapped on common seeds, with the score's interval and a paired test
(:mod:`warroom.ai.match`), the games kept by the ladder in SQLite."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from warroom.cli.common import SEED, console
from warroom.core.errors import UsageError

if TYPE_CHECKING:
    from warroom.ai.ladder import Entrant, LadderRun, Scenario
    from warroom.ai.ladder_store import LadderStore


@click.command()
@click.argument("first")
@click.argument("second")
@click.option("--scenarios", "scenario_names", required=True, metavar="S1,S2,...",
              help="the scenarios, by shipped name or file ('warroom scenario list')")
@click.option("--games", "n_games", type=int, default=100, show_default=True,
              help="seeds per scenario; each seed is played twice, once in each order")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="the first seed; the others follow (fix them before the run, and report them)")
@click.option("--workers", type=int, default=None, help="worker processes [default: every core; 1 plays here]")
@click.option("--db", type=click.Path(path_type=Path), default=None,
              help="the SQLite file the games are kept in [default: the ladder's, in the user data folder]")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
def match(first: str, second: str, scenario_names: str, n_games: int, seed: int, workers: int | None,
          db: Path | None, as_json: bool) -> None:
    """Play FIRST against SECOND, side-swapped on common seeds, and say how far the result can be trusted.

    On each scenario and seed, FIRST plays the scenario's first side against SECOND, and SECOND the first side
    against FIRST, with the same dice. The report gives FIRST's score (a draw, or a game cut short, counts 1/2)
    with its 95% Wilson interval, its wins on each side, and a sign test over the seeds (which player won more
    seeds' pairs of games). The games are kept in the ladder's SQLite file, so a match played again with more
    seeds plays only the new ones. A player is a name, spec or strength ('warroom ai list').

    \b
      warroom match normal easy --scenarios hedgerow_hell,hill_112 --games 200 --seed 1000
      warroom match search:iterations=200 heuristic --scenarios crossroads_patrol --games 50 --workers 2
    """
    from warroom.ai import ladder as lad
    from warroom.ai.ladder_store import LadderStore, default_db
    from warroom.ai.match import match_report

    players = lad.entrants([first, second])  # one clear error when the two are the same player
    if len(players) != 2:
        raise UsageError(f"a match is between two players, not '{first}' and '{second}'")
    a, b = players
    names = [n for n in (s.strip() for s in scenario_names.split(",")) if n]
    if not names:
        raise UsageError("--scenarios needs at least one scenario ('warroom scenario list')")
    scenarios = list({s.key: s for s in (lad.scenario(name) for name in names)}.values())
    n_workers = lad.default_workers() if workers is None else workers
    lad.check_counts(n_games, n_workers)
    lad.check_plays(players, scenarios)
    path = db if db is not None else default_db()
    if db is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"the ladder's folder {path.parent} cannot be made ({exc}); choose a file with --db") \
                from None
    start = time.perf_counter()
    with LadderStore(path) as store:
        run = _run(store, scenarios, players, n_games, seed, n_workers)
        games = store.games([s.key for s in scenarios], [a.spec, b.spec])
    report = match_report(games, a, b, scenarios, range(seed, seed + n_games))
    seconds = round(time.perf_counter() - start, 1)
    if as_json:
        click.echo(json.dumps({"db": str(path), "played": run.played, "already_stored": run.stored,
                               "workers": n_workers, "seconds": seconds, **report.to_json()}, ensure_ascii=False))
        return
    console.print(escape(f"{run.played} games played now on {n_workers} worker{'s' if n_workers != 1 else ''} in "
                         f"{seconds}s, {run.stored} already stored, kept in {path}."))
    for line in report.lines():
        console.print(escape(line), soft_wrap=True)


def _run(store: LadderStore, scenarios: list[Scenario], players: list[Entrant], n_games: int, seed: int,
         workers: int) -> LadderRun:
    """The match's games played (those not stored yet), with a progress bar on a terminal (on stderr)."""
    from warroom.ai.ladder import run_ladder

    if not sys.stderr.isatty():
        return run_ladder(store, scenarios, players, n_games, seed, workers, mirror=False)
    columns = (TextColumn("match"), BarColumn(), MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=None)
        return run_ladder(store, scenarios, players, n_games, seed, workers, mirror=False,
                          progress=lambda done, total: bar.update(task, completed=done, total=total))
