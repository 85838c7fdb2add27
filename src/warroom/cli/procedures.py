"""The rules' dice procedures: ``warroom rulesets``, ``procedures``, ``odds`` and ``roll``."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from warroom.cli.common import NO_HELP, SEED, console
from warroom.core import api, registry
from warroom.core.base_tables import using_base_tables
from warroom.core.errors import UsageError
from warroom.core.registry import ProcedureSpec, get_procedure
from warroom.core.ruling import Odds
from warroom.present.odds import odds_table
from warroom.present.procedures import parse_pairs, procedure_help

OPTIONS = "--json, --plot FILE, --trials N, --seed S, --base-tables FILE, --help"
"""The options of ``odds`` and ``roll``, for the error an unknown one gets."""


@click.command()
def rulesets() -> None:
    """List the rulesets warroom carries."""
    table = Table(title="Rulesets")
    for column in ("id", "version", "scale", "status", "seed"):
        table.add_column(column)
    for info in registry.rulesets():
        table.add_row(info.id, info.version, info.scale, info.status, info.seed)
    console.print(table)


@click.command()
@click.argument("ruleset", required=False)
def procedures(ruleset: str | None) -> None:
    """List the rule procedures, of one RULESET or of all."""
    specs = registry.procedures(ruleset)
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
    return spec, parse_pairs(spec, pairs, OPTIONS)


@click.command(context_settings=NO_HELP)
@click.argument("procedure", required=False, default="")
@click.argument("pairs", nargs=-1, type=click.UNPROCESSED)
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), help="write a bar chart (PNG, SVG, PDF)")
@click.option("--trials", type=click.IntRange(0, api.MAX_TRIALS), default=0,
              help=f"add a Monte Carlo column of N trials (at most {api.MAX_TRIALS:,}; a bar shows the progress)")
@click.option("--seed", type=SEED, default=None, help="seed of the Monte Carlo generator")
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
        from warroom.present.plot import plot_odds

        plot_odds(api.odds(spec.id, values), plot)  # checks the path before a long Monte Carlo run
    result = _odds_with_progress(spec, values, trials, seed, quiet=as_json)
    if plot is not None:
        from warroom.present.plot import plot_odds

        plot_odds(result, plot)
    if as_json:
        click.echo(result.to_json())
        return
    console.print(odds_table(result))
    if plot is not None:
        console.print(f"chart written to {plot}")


def _odds_with_progress(spec: ProcedureSpec, values: dict[str, str], trials: int, seed: int | None,
                        quiet: bool) -> Odds:
    if trials < 20_000 or quiet or not sys.stderr.isatty():
        return api.odds(spec.id, values, trials=trials, seed=seed)
    columns = (TextColumn("Monte Carlo"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("trials", total=trials)
        return api.odds(spec.id, values, trials=trials, seed=seed,
                            progress=lambda done: bar.update(task, completed=done))


@click.command(context_settings=NO_HELP)
@click.argument("procedure", required=False, default="")
@click.argument("pairs", nargs=-1, type=click.UNPROCESSED)
@click.option("--seed", type=SEED, default=None, help="seed of the dice (omit for fresh dice)")
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
    ruling = api.roll(spec.id, values, seed=seed, base_tables=base_tables)
    if as_json:
        click.echo(ruling.to_json())
    else:
        click.echo(str(ruling))
