"""``warroom ladder``: every pair of players on both sides of scenarios, their win rates, ratings and the
scenarios' side bias, kept in SQLite (:mod:`warroom.ai.ladder`)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from warroom.cli.common import SEED, console
from warroom.core.errors import UsageError

if TYPE_CHECKING:
    from warroom.ai.ladder import Entrant, LadderRun, Scenario
    from warroom.ai.ladder_store import LadderStore

DEFAULT_PLAYERS = "random,heuristic"


@click.command()
@click.argument("scenario_names", metavar="SCENARIO...", nargs=-1)
@click.option("--players", default=None, metavar="P1,P2,...",
              help=f"the players, by name, spec or strength ('warroom ai list'; default {DEFAULT_PLAYERS}); "
                   f"with --show, only the games between these")
@click.option("--games", "n_games", type=int, default=50, show_default=True,
              help="games per pairing and side")
@click.option("--workers", type=int, default=None, help="worker processes [default: every core; 1 plays here]")
@click.option("--db", type=click.Path(path_type=Path), default=None,
              help="the SQLite file the games are kept in [default: ladder.sqlite3 in the user data folder]")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="seed of each pairing's first game; the others follow (seed, seed + 1, ...)")
@click.option("--mirror/--no-mirror", default=True, show_default=True,
              help="also play each player against itself (the side bias with like players)")
@click.option("--game", "ruleset", default=None, help="the game of a scenario file (found from it when omitted)")
@click.option("--show", is_flag=True, help="print the stored ladder (of the scenarios named, or all) without playing")
@click.option("--json", "as_json", is_flag=True, help="print the tables as JSON")
@click.option("--markdown", "as_markdown", is_flag=True, help="print the tables as Markdown (for docs/ladder.md)")
def ladder(scenario_names: tuple[str, ...], players: str | None, n_games: int, workers: int | None, db: Path | None,
           seed: int, mirror: bool, ruleset: str | None, show: bool, as_json: bool, as_markdown: bool) -> None:
    """Play every pair of players on both sides of each SCENARIO and rank them.

    Each pair plays --games games on each side of each scenario (each player against itself too,
    unless --no-mirror), with seeds from --seed on, so the same ladder gives the same games. The
    games are kept in an SQLite file; a game already stored is not played again, so a later ladder
    with more games or more players adds to it. The tables: a rating per player (openskill, with
    mu ± 2 sigma), each pairing's win rate with a 95% Wilson interval and by side, draws, and each
    scenario's side bias. A player is a name, spec or strength: random, heuristic:aggression=0.7,
    search:think=1.0, easy, normal, hard.

    \b
      warroom ladder crossroads_patrol hedgerow_hell --players random,heuristic --games 200
      warroom ladder ponyri --players easy,normal,hard --games 100 --workers 2
      warroom ladder crossroads_patrol --players random --games 100 --markdown
      warroom ladder --show                       # the stored ladder, without playing
      warroom ladder hedgerow_hell --show --json
    """
    from warroom.ai import ladder as lad
    from warroom.ai.ladder_store import LadderStore, default_db

    if as_json and as_markdown:
        raise UsageError("choose one of --json and --markdown")
    if not scenario_names and not show:
        raise UsageError("name at least one scenario ('warroom scenario list'), or --show the stored ladder")
    entrants: list[Entrant] | None = None
    if players is not None or not show:
        entrants = lad.entrants((players if players is not None else DEFAULT_PLAYERS).split(","))
    scenarios = list({s.key: s for s in (lad.scenario(name, ruleset) for name in scenario_names)}.values())
    n_workers = lad.default_workers() if workers is None else workers
    if not show:
        assert entrants is not None
        lad.check_counts(n_games, n_workers)
        lad.check_plays(entrants, scenarios)
    path = db if db is not None else default_db()
    if db is None and not show:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"the ladder's folder {path.parent} cannot be made ({exc}); choose a file with --db") \
                from None

    out: dict[str, Any] = {"db": str(path)}
    with LadderStore(path, write=not show) as store:
        if not show:
            assert entrants is not None
            start = time.perf_counter()
            run = _run(store, scenarios, entrants, n_games, seed, n_workers, mirror)
            out.update({"played": run.played, "already_stored": run.stored, "games_per_pairing": n_games,
                        "seeds": [seed, seed + n_games - 1], "workers": n_workers,
                        "seconds": round(time.perf_counter() - start, 1)})
        labels = {**store.labels(), **{e.spec: e.label for e in entrants or ()}}
        games = store.games([s.key for s in scenarios] if scenarios else None,
                            [e.spec for e in entrants] if entrants is not None else None)
    standings = lad.standings(games, labels, [e.spec for e in entrants or ()])
    if as_json:
        out["scenarios"] = [{"ruleset": s.ruleset, "version": s.version, "scenario": s.name, "file": str(s.path),
                             "sha256": s.sha256, "sides": list(s.sides)} for s in scenarios] or [
            {"ruleset": g.ruleset, "version": g.version, "scenario": g.scenario, "sha256": g.scenario_sha256,
             "sides": [g.first_side, g.second_side]}
            for g in {(g.ruleset, g.version, g.scenario_sha256): g for g in games}.values()]
        out["players"] = [{"player": labels[s], "spec": s} for s in standings.labels]
        out.update(standings.to_json())
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    if not games:
        where = ", ".join(s.name for s in scenarios) or "any scenario"
        click.echo(f"No ladder games of {where} are stored in {path}.")
        return
    summary = _summary(out, standings.games, scenarios, path)
    if as_markdown:
        click.echo(summary + "\n")
        click.echo("\n\n".join(lad.markdown(t) for t in lad.tables(standings) if t.rows))
        return
    console.print(escape(summary))
    for t in lad.tables(standings):
        if not t.rows:
            continue
        table = Table(title=f"[bold]{escape(t.title)}[/bold]", title_justify="left", caption=escape(t.note),
                      caption_justify="left", caption_style="dim")
        for heading, justify in t.columns:
            table.add_column(escape(heading), justify=justify)  # type: ignore[arg-type]
        for row in t.rows:
            table.add_row(*(escape(c) for c in row))
        console.print(table)


def _run(store: LadderStore, scenarios: list[Scenario], entrants: list[Entrant], n_games: int, seed: int,
         workers: int, mirror: bool) -> LadderRun:
    """The ladder played, with a progress bar on a terminal (on stderr, apart from the tables or the JSON)."""
    from warroom.ai.ladder import run_ladder

    if not sys.stderr.isatty():
        return run_ladder(store, scenarios, entrants, n_games, seed, workers, mirror)
    columns = (TextColumn("ladder"), BarColumn(), MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=None)
        return run_ladder(store, scenarios, entrants, n_games, seed, workers, mirror,
                          progress=lambda done, total: bar.update(task, completed=done, total=total))


def _summary(out: dict[str, Any], games: int, scenarios: list[Scenario], path: Path) -> str:
    """One line: what was played now, and what the tables are of."""
    where = ", ".join(s.name for s in scenarios) or "every stored scenario"
    if "played" not in out:
        return f"The stored ladder of {where}: {games} games, from {path}."
    low, high = out["seeds"]
    return (f"Ladder of {where}: {out['games_per_pairing']} games per pairing and side (seeds {low} to {high}); "
            f"{out['played']} played now on {out['workers']} worker{'s' if out['workers'] != 1 else ''} in "
            f"{out['seconds']}s, {out['already_stored']} already stored. The tables are of all {games} stored "
            f"games between these players, kept in {path}.")
