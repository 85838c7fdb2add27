"""``warroom simulate``: the scenario balance lab (:mod:`warroom.lab`): many AI games of a scenario on every core
or a Ray cluster, kept in SQLite, their numbers, two runs compared, an HTML report."""

from __future__ import annotations

import hashlib
import json
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.shell_completion import CompletionItem
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from warroom.cli.common import SEED, console
from warroom.core.errors import UsageError
from warroom.lab.job import EVERY_SIDE

if TYPE_CHECKING:
    from warroom.lab.job import Job
    from warroom.lab.run import RunDone
    from warroom.lab.stats import RunStats
    from warroom.lab.store import LabStore


class _DefaultGroup(click.Group):
    """A group whose first word, when it is not one of its commands, is the default command's (``run``): a
    scenario. Shell completion offers the commands and the scenarios there."""

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        scenario = self.commands["run"].params[0]
        return [*super().shell_complete(ctx, incomplete), *scenario.shell_complete(ctx, incomplete)]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            raise UsageError("give a SCENARIO to simulate (e.g. 'warroom simulate crossroads_patrol --games 100'), "
                             "or 'compare RUN_A RUN_B'; see 'warroom simulate --help'")
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group(cls=_DefaultGroup)
def simulate() -> None:
    """Play many AI games of a scenario and report who wins, how often and why; compare two runs.

    'warroom simulate SCENARIO ...' is 'warroom simulate run SCENARIO ...' (see its --help).

    \b
      warroom simulate crossroads_patrol --games 1000
      warroom simulate hedgerow_hell --attacker heuristic --defender random --swap-sides --workers auto
      warroom simulate ponyri --player german=heuristic --rule objectives=off --name no-objectives
      warroom simulate compare plain no-objectives --report compare.html
    """


class _Speed(ProgressColumn):
    """Games a second, as rich measures them."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")


def _players(attacker: str | None, defender: str | None, player_opts: tuple[str, ...]) -> dict[str, str]:
    chosen: dict[str, str] = {}
    if attacker is not None:
        chosen["attacker"] = attacker
    if defender is not None:
        chosen["defender"] = defender
    for text in player_opts:
        side, eq, spec = text.partition("=")
        if not eq:  # a player alone plays every side not named otherwise
            side, spec = EVERY_SIDE, text
        if not side.strip() or not spec.strip():
            raise UsageError(f"--player {text!r}: give SIDE=PLAYER or PLAYER, e.g. --player german=heuristic")
        if side.strip() in chosen:
            whose = "every side" if side == EVERY_SIDE else "this side"
            raise UsageError(f"--player {side.strip()}: a player for {whose} is given twice")
        chosen[side.strip()] = spec.strip()
    return chosen


def _default_name(options: dict[str, Any]) -> str:
    """A run's name when --name is not given: the scenario, the players and a digest of the options, so the same
    command resumes the same run."""
    digest = hashlib.sha256(json.dumps(options, sort_keys=True).encode()).hexdigest()[:8]
    specs = "-vs-".join(options["players"].values())
    return f"{options['scenario'].lower().replace(' ', '_')}:{specs}:{digest}"


@simulate.command("run")
@click.argument("scenario_name", metavar="SCENARIO")
@click.option("--game", "ruleset", default=None, help="the game (found from the scenario when omitted)")
@click.option("--games", "n_games", type=click.IntRange(1, 10_000_000), default=200, show_default=True,
              help="how many seeds to play (with --swap-sides, two games a seed)")
@click.option("--attacker", default=None, metavar="PLAYER", help="Company Fire's attacker (default random)")
@click.option("--defender", default=None, metavar="PLAYER", help="Company Fire's defender (default random)")
@click.option("--player", "player_opts", multiple=True, metavar="SIDE=PLAYER",
              help="the player of a side by the scenario's name for it (--player german=heuristic), or of every side "
                   "not named otherwise (--player heuristic)")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="seed of the first game; the others follow (seed, seed + 1, ...)")
@click.option("--swap-sides", is_flag=True, help="also play every seed with the players exchanged")
@click.option("--rule", "rule_opts", multiple=True, metavar="KEY=VALUE",
              help="set a rule switch ('warroom rules options RULESET'), e.g. --rule attack_resolution=faster")
@click.option("--base-tables", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="your own base-game tables for the ruleset (as 'warroom odds --base-tables')")
@click.option("--workers", default="1", show_default=True, metavar="K|auto",
              help="worker processes (auto: every core)")
@click.option("--backend", type=click.Choice(["pool", "ray"]), default="pool", show_default=True,
              help="where the games run: a process pool here, or Ray (pip install \"warroom[ray]\")")
@click.option("--address", default=None, help="the Ray cluster to join (default: a local Ray started here)")
@click.option("--db", type=click.Path(path_type=Path), default=None,
              help="the SQLite file the games are kept in [default: lab.sqlite3 in the user data folder]")
@click.option("--name", "run_name", default=None,
              help="the run's name; the same name again goes on with it [default: from the scenario, players "
                   "and options]")
@click.option("--max-actions", type=click.IntRange(1, 1_000_000), default=20_000, show_default=True,
              help="count a game as unfinished after this many actions")
@click.option("--report", "report_path", type=click.Path(path_type=Path), default=None,
              help="also write the report to FILE.html (self-contained, plots as SVG)")
@click.option("--json", "as_json", is_flag=True, help="print the numbers as JSON")
def run(scenario_name: str, ruleset: str | None, n_games: int, attacker: str | None, defender: str | None,
        player_opts: tuple[str, ...], seed: int, swap_sides: bool, rule_opts: tuple[str, ...],
        base_tables: Path | None, workers: str, backend: str, address: str | None, db: Path | None,
        run_name: str | None, max_actions: int, report_path: Path | None, as_json: bool) -> None:
    """Play --games games of SCENARIO between two AI players and report the numbers a designer reads.

    Players come from 'warroom ai list' (random, heuristic, heuristic:aggression=0.7, search:think=1.0,
    easy, normal, hard); both default to random. Company Fire's sides are --attacker and --defender;
    any scenario's side is --player SIDE=P, and --player P is every side not named otherwise. Game i
    has seed --seed + i whatever the workers or backend, so a run's games are the same on one core,
    many, or a Ray cluster. Games are kept in an SQLite file under the run's --name; the same command
    again plays only what is missing, so an interrupted run goes on where it stopped.

    \b
      warroom simulate crossroads_patrol --games 1000
      warroom simulate hedgerow_hell --attacker heuristic --defender random --swap-sides --workers auto \\
          --report hedgerow_hell.html
      warroom simulate ponyri --player german=heuristic --player soviet=random --rule objectives=off
      warroom simulate hill_112 --player heuristic --games 100 --swap-sides
      warroom simulate crossroads_patrol --games 1000 --backend ray --address auto
    """
    from warroom.core.switches import parse_rules
    from warroom.lab.job import make_job
    from warroom.lab.report import check_report_path
    from warroom.lab.run import check_ray, workers_of
    from warroom.lab.store import LabStore, check_writable, default_db

    n_workers = workers_of(workers)
    if address is not None and backend != "ray":
        raise UsageError("--address names a Ray cluster: give it with --backend ray")
    job = make_job(scenario_name, ruleset, _players(attacker, defender, player_opts), parse_rules(rule_opts),
                   base_tables, seed, swap_sides, max_actions)
    if swap_sides and not job.swap_sides and not as_json:
        console.print("--swap-sides: the same player is on both sides, so the game with the players exchanged is the "
                      "same game; each seed is played once.", style="dim")
    if report_path is not None:
        check_report_path(report_path)
    if backend == "ray":
        check_ray()
    path = db if db is not None else default_db()
    check_writable(path)
    name = run_name or _default_name(job.options())
    with LabStore(path) as store:
        store.open_run(name, job.options())
        try:
            done = _play(store, name, job, n_games, n_workers, backend, address, as_json)
        except KeyboardInterrupt:
            kept = len(store.stored_keys(name))
            click.echo(f"Stopped: {kept} games of run '{name}' are kept in {path}; the same command goes on with "
                       f"the rest.", err=True)
            raise
        stats = _stats(store, name, (seed, seed + n_games))
    if report_path is not None:
        from warroom.lab.report import run_page, write_report

        write_report(report_path, run_page(stats, "warroom simulate " + shlex.join(sys.argv[2:])
                                           if sys.argv[1:2] == ["simulate"] else None))
    data = {"scenario": job.scenario, "ruleset": job.ruleset, "version": job.version, "db": str(path),
            "seeds": [seed, seed + n_games - 1], "played": done.played, "already_stored": done.stored,
            "workers": n_workers, "backend": backend, "seconds": round(done.seconds, 3),
            "games_per_second": round(done.played / done.seconds, 2) if done.seconds and done.played else None,
            **stats.to_json()}
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    _print(stats, data, report_path)


def _play(store: LabStore, name: str, job: Job, n_games: int, workers: int, backend: str, address: str | None,
          as_json: bool) -> RunDone:
    """The run's missing games played, with a progress bar (games/s, time left) on a terminal, on stderr."""
    from warroom.lab.run import run_job, todo

    def said(line: str) -> None:
        click.echo(line, err=True)

    if as_json or not sys.stderr.isatty():
        return run_job(store, name, job, n_games, workers, backend, address, said=said)
    tasks, stored = todo(store, name, job, n_games)
    total = n_games * (2 if job.swap_sides else 1)
    columns = (TextColumn(escape(job.scenario)), BarColumn(), MofNCompleteColumn(), _Speed(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total, completed=stored)
        done = run_job(store, name, job, n_games, workers, backend, address,
                       lambda k: bar.update(task, completed=stored + k), tasks=tasks, said=bar.console.print)
    done.stored = stored
    return done


def _stats(store: Any, name: str, seeds: tuple[int, int]) -> RunStats:
    from warroom.lab.stats import RunStats

    return RunStats(name, store.options(name), store.games(name, seeds))


def _print(stats: RunStats, data: dict[str, Any], report_path: Path | None) -> None:
    o = stats.options
    a, b = stats.sides
    pa, pb = o["players"][a], o["players"][b]
    vs = f"{pa}-vs-{pb}" if a == "attacker" and b == "defender" else f"{pa} ({a}) vs {pb} ({b})"
    swap = " (each seed also with the players exchanged)" if o["swap_sides"] else ""
    low, high = data["seeds"]
    console.print(f"[bold]{escape(data['scenario'])}[/bold] ({data['ruleset']}@{data['version']}): "
                  f"{data['games']} {escape(vs)} games, seeds {low} to {high}{swap}"
                  + (f"; rule switches {escape(json.dumps(o['rules']))}" if o["rules"] else "")
                  + f". Run '{escape(stats.name)}' in {escape(data['db'])}: {data['played']} played now, "
                    f"{data['already_stored']} already stored.")
    table = Table(show_edge=False)
    for title, justify in (("outcome", "left"), ("games", "right"), ("share", "right"), ("95% interval", "right")):
        table.add_column(title, justify=justify)  # type: ignore[arg-type]
    for outcome, row in data["outcomes"].items():
        if row["games"] or outcome in stats.sides:
            lo, hi = row["interval95"]
            table.add_row(f"{outcome} wins" if outcome in stats.sides else outcome, str(row["games"]),
                          f"{100 * row['share']:.1f}%", f"{100 * lo:.1f}% to {100 * hi:.1f}%")
    bias = data["bias"]
    if "player" in bias:
        p = bias["player"]
        for label, entry in ((f"side bias: {bias['side']['side']} wins", bias["side"]),
                             (f"player bias: {p['player']} beats {p['opponent']}", p)):
            lo, hi = entry["interval95"]
            table.add_row(escape(label), str(entry["games"]), f"{100 * entry['share']:.1f}%",
                          f"{100 * lo:.1f}% to {100 * hi:.1f}%")
    console.print(table)
    console.print("How the games ended:")
    for reason, count in data["endings"].items():
        console.print(f"  {count:>6}  {escape(reason)}")
    if data["deciding_rules"]:
        console.print("Rules the endings cite: " + escape(", ".join(f"{k} {v}" for k, v in
                                                                    data["deciding_rules"].items())))
    acts, drama = data["lengths"]["actions"], data["drama"]
    decisive = drama["decisive_share_mean"]
    console.print(f"Actions per game: mean {acts['mean']}, median {acts['median']}, fewest {acts['min']}, most "
                  f"{acts['max']}. Lead changes: {drama['lead_changes_mean']} a game"
                  + (f"; the winner took the lead it kept after {100 * decisive:.0f}% of the turns on average."
                     if decisive is not None else "."))
    losses = "; ".join(f"{s}: " + ", ".join(f"{t} {k}" for t, k in d.items()) for s, d in
                       data["losses_per_game"].items() if d)
    if losses:
        console.print(f"Losses per game: {escape(losses)}.")
    if data["games_per_second"]:
        console.print(f"{data['games_per_second']:.1f} games per second on {data['workers']} "
                      f"worker{'s' if data['workers'] != 1 else ''}.", style="dim")
    if report_path is not None:
        console.print(f"Report written to {escape(str(report_path))}.")


@simulate.command("compare")
@click.argument("run_a", metavar="RUN_A")
@click.argument("run_b", metavar="RUN_B")
@click.option("--db", type=click.Path(path_type=Path), default=None,
              help="the SQLite file the runs are kept in [default: lab.sqlite3 in the user data folder]")
@click.option("--report", "report_path", type=click.Path(path_type=Path), default=None,
              help="also write the comparison to FILE.html")
@click.option("--json", "as_json", is_flag=True, help="print the comparison as JSON")
def compare(run_a: str, run_b: str, db: Path | None, report_path: Path | None, as_json: bool) -> None:
    """Compare two stored runs: each side's win rate (two-proportion z test) and the game lengths (Mann-Whitney),
    said plainly.

    \b
      warroom simulate hedgerow_hell --games 500 --name standard
      warroom simulate hedgerow_hell --games 500 --rule attack_resolution=faster --name faster
      warroom simulate compare standard faster --report faster.html
    """
    from warroom.lab.compare import compare as compare_runs
    from warroom.lab.report import check_report_path, compare_page, write_report
    from warroom.lab.store import LabStore, default_db

    if report_path is not None:
        check_report_path(report_path)
    path = db if db is not None else default_db()
    with LabStore(path, write=False) as store:
        a = _stats(store, run_a, (0, 2**63))
        b = _stats(store, run_b, (0, 2**63))
    result = compare_runs(a, b)
    if report_path is not None:
        write_report(report_path, compare_page(a, b, result))
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
        return
    console.print(f"Run A '{escape(run_a)}' ({len(a.games)} games) against run B '{escape(run_b)}' "
                  f"({len(b.games)} games).")
    for k, (va, vb) in result["options_differ"].items():
        console.print(f"  {escape(k)}: {escape(json.dumps(va))} in A, {escape(json.dumps(vb))} in B")
    for row in result["outcomes"]:
        console.print(escape(row["says"]))
    console.print(escape(result["length"]["says"]))
    if report_path is not None:
        console.print(f"Report written to {escape(str(report_path))}.")
