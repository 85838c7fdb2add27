"""The ``warroom`` command: rulesets, procedures, exact odds, played rulings, rule coverage."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import warroom
from warroom.core.base_tables import using_base_tables
from warroom.core.errors import UsageError, WarroomError
from warroom.core.game import GameRecord
from warroom.core.registry import ProcedureSpec, get_procedure
from warroom.core.ruling import Odds, percent

console = Console(highlight=False, soft_wrap=True)
NO_HELP: dict[str, Any] = {"help_option_names": [], "ignore_unknown_options": True}


def parse_pairs(spec: ProcedureSpec, pairs: tuple[str, ...]) -> dict[str, str]:
    """Read ``key=value`` words; anything else is a usage error naming the allowed keys."""
    out: dict[str, str] = {}
    for pair in pairs:
        if pair.startswith("-"):
            raise UsageError(f"unknown option '{pair}'; options are --json, --plot FILE, --trials N, --seed S, "
                             "--base-tables FILE, --help")
        key, sep, value = pair.partition("=")
        if not sep or not key:
            names = ", ".join(p.name for p in spec.params) or "none"
            raise UsageError(f"'{pair}' is not key=value; parameters of {spec.id} are: {names}")
        if key.replace("-", "_") in (k.replace("-", "_") for k in out):
            raise UsageError(f"{key} is given twice")
        out[key] = value
    return out


def procedure_help(spec: ProcedureSpec) -> str:
    lines = [
        f"{spec.id}: {spec.title}",
        f"  {spec.summary}",
        f"  Rule: {spec.rule}",
        "",
        f"Usage: warroom odds {spec.name} [key=value ...] [--json] [--plot FILE] [--trials N --seed S]",
        f"       warroom roll {spec.name} [key=value ...] [--seed S] [--json]",
        "",
        "Parameters:",
    ]
    for p in spec.params:
        lines.append(f"  {p.name}  ({p.allowed()}; default {p.default_text()})")
        lines.append(f"      {p.help}")
    if not spec.params:
        lines.append("  none")
    return "\n".join(lines)


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(warroom.__version__, prog_name="warroom")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """warroom: an automated umpire, rules engine and simulator for WWII tactical wargames.

    Ask for the exact odds of a rule procedure, or play it once and read the ruling:

    \b
      warroom procedures company-fire
      warroom odds group-fire firers=rifle_squad,rifle_squad cover=true
      warroom roll close-assault att_smg=true def_pinned=true --seed 7
      warroom odds rally --help
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@cli.command()
def rulesets() -> None:
    """List the rulesets warroom carries."""
    table = Table(title="Rulesets")
    for column in ("id", "version", "scale", "status", "seed"):
        table.add_column(column)
    for info in warroom.list_rulesets():
        table.add_row(info.id, info.version, info.scale, info.status, info.seed)
    console.print(table)


@cli.command()
@click.argument("ruleset", required=False)
def procedures(ruleset: str | None) -> None:
    """List the rule procedures, of one RULESET or of all."""
    specs = warroom.procedures(ruleset)
    table = Table(title=f"Procedures{' of ' + ruleset if ruleset else ''}", show_lines=False)
    table.add_column("procedure", no_wrap=True)
    table.add_column("what it resolves")
    table.add_column("rule (seed section)")
    for spec in specs:
        table.add_row(spec.id, escape(spec.summary), escape("; ".join(spec.rule.sections)))
    console.print(table)
    console.print("Parameters of one: warroom odds PROCEDURE --help")


def _common(spec_name: str, pairs: tuple[str, ...], show_help: bool, verb: str) -> tuple[ProcedureSpec, dict[str, str]]:
    if not spec_name:
        raise UsageError(f"warroom {verb} needs a PROCEDURE; 'warroom procedures' lists them")
    spec = get_procedure(spec_name)
    if show_help:
        click.echo(procedure_help(spec))
        raise SystemExit(0)
    return spec, parse_pairs(spec, pairs)


@cli.command(context_settings=NO_HELP)
@click.argument("procedure", required=False, default="")
@click.argument("pairs", nargs=-1, type=click.UNPROCESSED)
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), help="write a bar chart (PNG, SVG, PDF)")
@click.option("--trials", type=click.IntRange(0, 100_000_000), default=0, help="add a Monte Carlo column of N trials")
@click.option("--seed", type=int, default=None, help="seed of the Monte Carlo generator")
@click.option("--base-tables", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="your own base-game tables file, in place of warroom's stand-in")
@click.option("--help", "-h", "show_help", is_flag=True, help="show this help, or a procedure's parameters")
def odds(
    procedure: str, pairs: tuple[str, ...], as_json: bool, plot: Path | None, trials: int, seed: int | None,
    base_tables: Path | None, show_help: bool,
) -> None:
    """Exact odds of every result of PROCEDURE, given key=value parameters.

    \b
      warroom odds individual-fire weapon=hmg cover=true
      warroom odds group-fire firers=rifle_squad,rifle_squad cover=true --trials 100000 --seed 1
      warroom odds close-assault att_good_order=2 def_pinned=true --plot assault.png
      warroom odds PROCEDURE --help      lists its parameters
    """
    if show_help and not procedure:
        click.echo(click.get_current_context().get_help())
        return
    spec, values = _common(procedure, pairs, show_help, "odds")
    with using_base_tables(spec.ruleset, base_tables):
        _odds_command(spec, values, as_json, plot, trials, seed)


def _odds_command(spec: ProcedureSpec, values: dict[str, str], as_json: bool, plot: Path | None, trials: int,
                  seed: int | None) -> None:
    if plot is not None:
        from warroom.plot import plot_odds

        plot_odds(warroom.odds(spec.id, values), plot)  # checks the path before a long Monte Carlo run
    result = _odds_with_progress(spec, values, trials, seed, quiet=as_json)
    if plot is not None:
        from warroom.plot import plot_odds

        plot_odds(result, plot)
    if as_json:
        click.echo(result.to_json())
        return
    _print_odds(result)
    if plot is not None:
        console.print(f"chart written to {plot}")


def _odds_with_progress(spec: ProcedureSpec, values: dict[str, str], trials: int, seed: int | None,
                        quiet: bool) -> Odds:
    if trials < 20_000 or quiet or not sys.stderr.isatty():
        return warroom.odds(spec.id, values, trials=trials, seed=seed)
    columns = (TextColumn("Monte Carlo"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("trials", total=trials)
        return warroom.odds(spec.id, values, trials=trials, seed=seed,
                            progress=lambda done: bar.update(task, completed=done))


def _print_odds(result: Odds) -> None:
    console.print(f"[bold]{escape(result.title)}[/bold] ({result.procedure})")
    console.print(f"Rule: {escape(str(result.rule))}", style="dim")
    shown = set(result.steps)
    for step in result.steps:
        console.print(f"  {escape(step)}")
    for m in result.modifiers:
        if str(m) not in shown:
            console.print(f"  on some branches: {escape(str(m))}")
    table = Table(show_edge=False)
    table.add_column("result")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    if result.sampled is not None:
        table.add_column(f"Monte Carlo ({result.trials:,})", justify="right")
    counts = dict(result.sampled or ())
    for name, p in result.distribution:
        row = [escape(name), str(p), percent(p)]
        if result.sampled is not None:
            row.append(percent(counts.get(name, 0) / result.trials))
        table.add_row(*row)
    console.print(table)
    total = sum(p for _, p in result.distribution)
    console.print(f"  {len(result.distribution)} results, probabilities sum to {total}; "
                  f"{result.leaves} chance outcomes enumerated", style="dim")


@cli.command(context_settings=NO_HELP)
@click.argument("procedure", required=False, default="")
@click.argument("pairs", nargs=-1, type=click.UNPROCESSED)
@click.option("--seed", type=int, default=None, help="seed of the dice (omit for fresh dice)")
@click.option("--json", "as_json", is_flag=True, help="print the ruling as JSON")
@click.option("--base-tables", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="your own base-game tables file, in place of warroom's stand-in")
@click.option("--help", "-h", "show_help", is_flag=True, help="show this help, or a procedure's parameters")
def roll(procedure: str, pairs: tuple[str, ...], seed: int | None, as_json: bool, base_tables: Path | None,
         show_help: bool) -> None:
    """Play PROCEDURE once with real dice and print the ruling.

    \b
      warroom roll artillery cover=true --seed 3
      warroom roll rally status=suppressed leader=cc experience=veteran
    """
    if show_help and not procedure:
        click.echo(click.get_current_context().get_help())
        return
    spec, values = _common(procedure, pairs, show_help, "roll")
    ruling = warroom.roll(spec.id, values, seed=seed, base_tables=base_tables)
    if as_json:
        click.echo(ruling.to_json())
    else:
        click.echo(str(ruling))


@cli.group()
def rules() -> None:
    """What the rules say and how much of them warroom covers."""


@rules.command()
@click.argument("ruleset", required=False)
@click.option("--tests", "tests_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="the tests folder to read rule markers from (default: ./tests)")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def coverage(ruleset: str | None, tests_dir: Path | None, as_json: bool) -> None:
    """For every section of every seed: implemented by which code, checked by which tests."""
    from warroom.core.coverage import coverage_json, render_coverage

    if as_json:
        click.echo(json.dumps(coverage_json(ruleset, tests_dir), ensure_ascii=False))
    else:
        console.print(render_coverage(ruleset, tests_dir))


@cli.group()
def scenario() -> None:
    """Company Fire scenarios: list the shipped ones, check and show a scenario file."""


@scenario.command("list")
def scenario_list() -> None:
    """The scenarios warroom ships."""
    from warroom.rulesets.company_fire.game.scenario import load_scenario, shipped_scenarios

    table = Table(title="Company Fire scenarios")
    for column in ("file", "name", "attacker", "defender"):
        table.add_column(column)
    for path in shipped_scenarios():
        loaded = load_scenario(path)
        table.add_row(path.name, escape(loaded.name), escape(loaded.attacker.name), escape(loaded.defender.name))
    console.print(table)
    console.print("Show one: warroom scenario show FILE  (a shipped scenario's file name or a path)")


@scenario.command("show")
@click.argument("file")
@click.option("--as", "viewer", type=click.Choice(["public", "attacker", "defender", "umpire"]), default="public",
              show_default=True, help="whose view of the set-up: a side sees only what it may know")
@click.option("--png", "picture", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also draw the map to this file (.png, .svg or .pdf)")
def scenario_show(file: str, viewer: str, picture: Path | None) -> None:
    """Check a scenario file and print its briefing, forces and map as VIEWER sees them."""
    from warroom.rulesets.company_fire.game.briefing import describe
    from warroom.rulesets.company_fire.game.scenario import load_scenario, shipped_scenarios
    from warroom.rulesets.company_fire.game.scenario_types import VIEWERS

    path = Path(file)
    if not path.exists():
        shipped = {p.name: p for p in shipped_scenarios()} | {p.stem: p for p in shipped_scenarios()}
        if file not in shipped:
            names = ", ".join(p.name for p in shipped_scenarios())
            raise UsageError(f"no scenario file {file}; shipped scenarios: {names}")
        path = shipped[file]
    loaded = load_scenario(path)
    click.echo(describe(loaded, viewer=VIEWERS[viewer]))
    if picture is not None:
        from warroom.rulesets.company_fire.game.render import render_map

        console.print(f"map drawn to {render_map(loaded, VIEWERS[viewer], picture)}")


@cli.command()
@click.option("--seed", type=int, default=None, help="seed of the desk's dice (omit for fresh dice)")
@click.option("--json", "as_json", is_flag=True, help="read one command per line, answer one JSON object per line")
@click.option("--history", type=click.Path(dir_okay=False, path_type=Path),
              default=Path.home() / ".warroom_history", show_default=True, help="file of past commands")
@click.option("--no-history", is_flag=True, help="keep no history file")
def umpire(seed: int | None, as_json: bool, history: Path, no_history: bool) -> None:
    """The umpire's desk: type a procedure and its parameters, read the ruling and the odds.

    \b
      umpire> close-assault att_smg=true def_pinned=true
      umpire> track clock clock-roll clock=9
      umpire> advance clock
      umpire> help rally

    With --json (or when input is not a terminal) it reads commands from standard input;
    --json answers each with one JSON object per line.
    """
    from warroom.umpire import Desk, run_interactive, run_json_lines

    desk = Desk(seed)
    if as_json:
        for line in run_json_lines(desk, sys.stdin):
            click.echo(line)
        return
    if not sys.stdin.isatty():
        for line in sys.stdin:
            reply = desk.execute(line)
            if reply.text:
                click.echo(reply.text)
            if reply.done:
                return
        return
    run_interactive(desk, None if no_history else history)


def _narrate(lines: list[str], as_json: bool) -> None:
    if not as_json:
        for line in lines:
            click.echo(line)


def _result_line(result: dict[str, Any]) -> str:
    winner = result.get("winner")
    points = result.get("points")
    score = f" ({', '.join(f'{k} {v}' for k, v in points.items())} points)" if isinstance(points, dict) else ""
    return f"Result: {'the ' + winner + ' wins' if winner else 'a draw'}{score}. {result.get('reason', '')}"


@cli.command()
@click.argument("scenario_name", metavar="SCENARIO")
@click.option("--game", "ruleset", default=None, help="the game (found from the scenario when omitted)")
@click.option("--seed", type=int, default=1, show_default=True,
              help="seed of the game's dice and of the random players")
@click.option("--json", "as_json", is_flag=True, help="print the record, the result and the narration as JSON")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="save the game record to FILE (replay it with 'warroom replay FILE')")
@click.option("--as", "viewer", type=click.Choice(["umpire", "attacker", "defender"]), default="umpire",
              show_default=True, help="narrate as the umpire sees it, or as one side may")
@click.option("--max-actions", type=click.IntRange(1, 1_000_000), default=20_000, show_default=True,
              help="stop after this many actions even if the game is not over")
def playout(scenario_name: str, ruleset: str | None, seed: int, as_json: bool, save: Path | None, viewer: str,
            max_actions: int) -> None:
    """Play a whole game with random legal actions for both sides and narrate every ruling.

    SCENARIO is a scenario file or the name of a shipped one ('warroom scenario list').

    \b
      warroom playout hedgerow_hell --seed 7
      warroom playout villa_rogatti --save game.json && warroom replay game.json
    """
    from warroom.core.conformance import random_playout
    from warroom.core.game import find_scenario, load_game, record_of

    game_id, path = find_scenario(scenario_name, ruleset)
    game = load_game(game_id, path)
    side = None if viewer == "umpire" else viewer
    states, actions = random_playout(game, seed, max_actions)
    final = states[-1]
    record = record_of(game, seed, actions, path)
    record = GameRecord(**{**record.__dict__, "notes": {"result": final.result(), "players": "random"}})
    if save is not None:
        record.save(save)
    if as_json:
        click.echo(json.dumps({"record": record.to_json(), "result": final.result(),
                               "narration": [state.narration(side) for state in states]}, ensure_ascii=False))
        return
    click.echo(f"{game.scenario_name} ({game_id}@{game.version}), seed {seed}: random legal actions for both sides")
    for n, state in enumerate(states):
        if n:
            click.echo(f"\n[{n}] {actions[n - 1]}")
        _narrate(state.narration(side), as_json)
    click.echo()
    if not final.is_terminal():
        click.echo(f"Stopped after {len(actions)} actions; the game is not over.")
    click.echo(_result_line(final.result()))
    saved = f" Record saved to {save}." if save else " Save the record with --save FILE."
    click.echo(f"{len(actions)} actions.{saved}")


@cli.command()
@click.argument("scenario_name", metavar="SCENARIO")
@click.option("--game", "ruleset", default=None, help="the game (found from the scenario when omitted)")
@click.option("--games", "n_games", type=click.IntRange(1, 10_000_000), default=200, show_default=True,
              help="how many games to play")
@click.option("--seed", type=int, default=1, show_default=True,
              help="seed of the first game; the others follow (seed, seed + 1, ...)")
@click.option("--max-actions", type=click.IntRange(1, 1_000_000), default=20_000, show_default=True,
              help="count a game as unfinished after this many actions")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
def simulate(scenario_name: str, ruleset: str | None, n_games: int, seed: int, max_actions: int,
             as_json: bool) -> None:
    """Play many random-vs-random games of a scenario and report who wins, how often and why.

    Each game is the one 'warroom playout SCENARIO --seed S' narrates, for S from --seed on; the
    shares of wins come with a 95% interval, to tell a lopsided scenario from a balanced one.

    \b
      warroom simulate crossroads_patrol --games 1000
      warroom simulate ponyri --games 50 --json
    """
    from warroom.core.game import find_scenario, load_game
    from warroom.core.simulate import batch_collector
    from warroom.core.simulate import simulate as run_games

    game_id, path = find_scenario(scenario_name, ruleset)
    game = load_game(game_id, path)
    with batch_collector():
        if not as_json and sys.stderr.isatty():
            columns = (TextColumn(game.scenario_name), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("games", total=n_games)
                report = run_games(game, n_games, first_seed=seed, max_actions=max_actions,
                                   progress=lambda done: bar.update(task, completed=done))
        else:
            report = run_games(game, n_games, first_seed=seed, max_actions=max_actions)
    data = report.to_json()
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    console.print(f"[bold]{escape(game.scenario_name)}[/bold] ({game_id}@{game.version}): {report.games} "
                  f"random-vs-random games, seeds {seed} to {seed + report.games - 1}")
    table = Table(show_edge=False)
    for name, justify in (("outcome", "left"), ("games", "right"), ("share", "right"), ("95% interval", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for outcome, row in data["outcomes"].items():
        if row["games"] or outcome in report.sides:
            low, high = row["interval95"]
            table.add_row(f"{outcome} wins" if outcome in report.sides else outcome, str(row["games"]),
                          f"{100 * row['share']:.1f}%", f"{100 * low:.1f}% to {100 * high:.1f}%")
    console.print(table)
    if report.reasons:
        console.print("How the games ended:")
        for reason, count in data["reasons"].items():
            console.print(f"  {count:>6}  {escape(reason)}")
    acts = data["actions"]
    console.print(f"Actions per game: mean {acts['mean']}, fewest {acts['min']}, most {acts['max']}.")
    if data["mean_points"]:
        console.print("Mean points: " + ", ".join(f"{s} {v}" for s, v in data["mean_points"].items()) + ".")
    console.print(f"{report.games / report.seconds:.1f} games per second.", style="dim")


@cli.command()
@click.argument("record_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--scenario", "scenario_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="the scenario file, if it has moved since the record was made")
@click.option("--json", "as_json", is_flag=True, help="print the result and the narration as JSON")
@click.option("--as", "viewer", type=click.Choice(["umpire", "attacker", "defender"]), default="umpire",
              show_default=True, help="narrate as the umpire sees it, or as one side may")
def replay(record_file: Path, scenario_file: Path | None, as_json: bool, viewer: str) -> None:
    """Replay a saved game record exactly, narrating every ruling, and check the result is the same."""
    from warroom.core.game import GameRecord as Record
    from warroom.core.game import load_game
    from warroom.core.game import replay as replay_record

    record = Record.load(record_file)
    states = replay_record(record, scenario_file)
    final = states[-1]
    saved = record.notes.get("result")
    same = saved is None or json.loads(json.dumps(final.result())) == saved
    if as_json:
        click.echo(json.dumps({"result": final.result(), "matches_record": same,
                               "narration": [s.narration(None if viewer == "umpire" else viewer) for s in states]},
                              ensure_ascii=False))
    else:
        game = load_game(record.ruleset, scenario_file or Path(record.scenario))
        side = None if viewer == "umpire" else viewer
        click.echo(f"Replaying {game.scenario_name} ({record.ruleset}@{record.version}), seed {record.seed}, "
                   f"{len(record.actions)} actions")
        for n, state in enumerate(states):
            if n:
                click.echo(f"\n[{n}] {game.decode(record.actions[n - 1])}")
            _narrate(state.narration(side), False)
        click.echo()
        click.echo(_result_line(final.result()))
    if not same:
        raise UsageError(f"the replay ended differently from the record's saved result ({saved})")
    if not as_json:
        click.echo("The replay reproduces the recorded game exactly.")


@cli.command()
def demo() -> None:
    """A short tour: the seed's own group-fire example, odds and played rulings."""
    console.print("[bold]warroom[/bold]: exact odds and explained rulings for Company Fire\n")
    console.print("The seed's worked example (Group Fire): two rifle squads fire at three squads in cover.\n"
                  "Each squad gives 3d6 less 1 for cover, so the pool is 4d6, rolled once per target unit.\n")
    _print_odds(warroom.odds("group-fire", firers="rifle_squad,rifle_squad", cover=True))
    console.print("\nThe same attack played out with seeded dice, once for each of the three target units:\n")
    rng = np.random.default_rng(1944)
    for unit in (1, 2, 3):
        ruling = warroom.roll("group-fire", {"firers": "rifle_squad,rifle_squad", "cover": True}, rng=rng)
        if unit == 1:
            click.echo(str(ruling))
        else:
            click.echo(f"  target unit {unit}: {ruling.dice[0]}; {ruling.row}")
    click.echo()
    console.print("A close assault: two good-order squads with an SMG squad and the platoon leader\n"
                  "against a pinned squad with an MMG in the space.\n")
    _print_odds(warroom.odds("close-assault", att_good_order=2, att_smg=True, att_leader="pl",
                             def_good_order=1, def_pinned=True, def_mgs=1, trials=20000, seed=1))
    console.print("\nHow long will the game last? The optional game clock from 0:\n")
    _print_odds(warroom.odds("game-clock"))
    console.print("\nAn umpire's ruling from a supplement: the Terrain & Mines worked example. A British truck\n"
                  "carrying a squad crosses an AT minefield; the umpire's rolls were 100 entering and 87 leaving.\n")
    truck = {"field": "at", "target": "soft", "passengers": True}
    click.echo(str(warroom.roll("terrain-mines/mine-passage", {**truck, "rolls": "100,87"}, seed=1)))
    console.print("\nAnd the odds of that crossing before any die is thrown:\n")
    _print_odds(warroom.odds("terrain-mines/mine-passage", truck))
    console.print("\nNext: 'warroom procedures' lists every procedure; 'warroom odds PROCEDURE --help' its parameters.")


def main() -> None:
    """Entry point: one clear line and exit status 2 for any bad input, never a traceback."""
    try:
        cli.main(standalone_mode=False, prog_name="warroom")
    except WarroomError as exc:
        click.echo(f"warroom: error: {exc}", err=True)
        raise SystemExit(2) from None
    except click.UsageError as exc:
        click.echo(f"warroom: error: {exc.format_message()}", err=True)
        raise SystemExit(2) from None
    except click.ClickException as exc:
        click.echo(f"warroom: error: {exc.format_message()}", err=True)
        raise SystemExit(exc.exit_code) from None
    except click.Abort:
        click.echo("warroom: aborted", err=True)
        raise SystemExit(1) from None
    except BrokenPipeError:
        raise SystemExit(0) from None


if __name__ == "__main__":
    main()
