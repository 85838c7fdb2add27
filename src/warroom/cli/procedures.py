"""The rules' dice procedures: ``warroom rulesets``, ``procedures``, ``odds`` and ``roll``."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import click
from click.shell_completion import CompletionItem
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from warroom.cli.common import NO_HELP, SEED, console
from warroom.core import api, registry
from warroom.core.base_tables import using_base_tables
from warroom.core.chance import Node
from warroom.core.errors import UsageError
from warroom.core.evaluate import Thrower
from warroom.core.registry import ProcedureSpec, get_procedure
from warroom.core.ruling import Odds, percent
from warroom.present.odds import odds_table
from warroom.present.procedures import parse_pairs, procedure_help

OPTIONS = "--json, --plot FILE, --trials N, --seed S, --dice FACES|ask (roll), --base-tables FILE, --help"
"""The options of ``odds`` and ``roll``, for the error an unknown one gets."""


def complete_procedure(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Procedure names that start with what is typed: a name alone where it is unique, else its full id
    (``company-fire/anti-tank-fire``); full ids too once a ``/`` is typed."""
    specs = registry.procedures()
    count: dict[str, int] = {}
    for spec in specs:
        count[spec.name] = count.get(spec.name, 0) + 1
    found = set()
    for spec in specs:
        if "/" in incomplete or count[spec.name] > 1:  # a name several rulesets share needs its full id
            if spec.id.startswith(incomplete) or spec.name.startswith(incomplete):
                found.add(spec.id)
        elif spec.name.startswith(incomplete):
            found.add(spec.name)
    return [CompletionItem(name) for name in sorted(found)]


def complete_pair(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A procedure's ``key=value`` words: its parameters not yet given as ``key=``, then a parameter's values (a
    yes/no, one of its choices; for a list of choices, the next one after a comma)."""
    from warroom.core.errors import UsageError

    try:
        spec = get_procedure(ctx.params.get("procedure") or "")
    except UsageError:
        return []
    words = list(ctx.params.get("pairs") or ())
    if "=" not in incomplete and len(words) >= 2 and words[-1] == "=" and words[-2] in {p.name for p in spec.params}:
        found = spec.param(words[-2])  # bash splits "key=value" at the "=": the value is a word of its own
        values = ("true", "false") if found.kind == "bool" else found.choices
        return [CompletionItem(v) for v in values if v.startswith(incomplete)]
    key, eq, value = incomplete.partition("=")
    if not eq:
        given = {word.partition("=")[0] for word in words}
        return [CompletionItem(f"{p.name}=", help=p.allowed()) for p in spec.params
                if p.name.startswith(key) and p.name not in given]
    if key not in {p.name for p in spec.params}:
        return []
    found = spec.param(key)
    head, _, last = value.rpartition(",") if found.kind in ("choices", "cards") else ("", "", value)
    values = ("true", "false") if found.kind == "bool" else found.choices
    prefix = f"{key}={head}{',' if head else ''}"
    return [CompletionItem(prefix + v) for v in values if v.startswith(last)]


def complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Ruleset ids that start with what is typed."""
    return [CompletionItem(info.id, help=info.title) for info in sorted(registry.rulesets(), key=lambda i: i.id)
            if info.id.startswith(incomplete)]


@click.command()
def rulesets() -> None:
    """List the rulesets warroom carries: each one's seed, scale, version and status.

    The status is worked out, not written: whether the ruleset is a full game, how many procedures it has, and how
    many of its seed's sections some code implements (as 'warroom rules coverage' counts them).

    \b
      warroom rulesets
      warroom rules show 002          the sections of a seed
    """
    from warroom.tools.coverage import ruleset_statuses

    statuses = ruleset_statuses()
    table = Table(title="Rulesets", title_justify="left")
    table.add_column("id", no_wrap=True)
    table.add_column("seed", no_wrap=True)
    table.add_column("scale", no_wrap=True)
    table.add_column("version", no_wrap=True)
    table.add_column("status")
    for info in registry.rulesets():
        status = statuses.get(info.id)
        table.add_row(info.id, info.seed[:3], info.scale, info.version, str(status) if status else info.status)
    console.print(table)
    for info in registry.rulesets():
        status = statuses.get(info.id)
        if status is not None and status.missing:
            console.print(f"{info.id}: seed sections no code implements yet: {escape(', '.join(status.missing))}")
    console.print("A seed's sections: warroom rules show SEED; what implements each: warroom rules coverage RULESET")


@click.command()
@click.argument("ruleset", required=False, shell_complete=complete_ruleset)
def procedures(ruleset: str | None) -> None:
    """List the rule procedures, of one RULESET or of all, each with what it resolves and the rule it applies.

    \b
      warroom procedures company-fire
      warroom procedures
    """
    specs = registry.procedures(ruleset)
    table = Table(title=f"Procedures{' of ' + ruleset if ruleset else ''}", title_justify="left", show_lines=False)
    table.add_column("procedure", no_wrap=True, min_width=max((len(spec.id) for spec in specs), default=9))
    narrow = console.width < 120  # the rule goes under what it resolves, so the words keep a readable column
    table.add_column("what it resolves (rule: seed section)" if narrow else "what it resolves")
    if not narrow:
        table.add_column("rule (seed section)")
    for spec in specs:
        rule = escape("; ".join(spec.rule.sections))
        if narrow:
            table.add_row(spec.id, f"{escape(spec.summary)}\n[dim]rule: {rule}[/dim]")
        else:
            table.add_row(spec.id, escape(spec.summary), rule)
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
@click.argument("procedure", required=False, default="", shell_complete=complete_procedure)
@click.argument("pairs", nargs=-1, type=click.UNPROCESSED, shell_complete=complete_pair)
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
@click.argument("procedure", required=False, default="", shell_complete=complete_procedure)
@click.argument("pairs", nargs=-1, type=click.UNPROCESSED, shell_complete=complete_pair)
@click.option("--seed", type=SEED, default=None, help="seed of the dice (omit for fresh dice)")
@click.option("--dice", "dice", default=None, metavar="FACES|ask",
              help="the dice thrown at the table, in the order thrown (3,6,5,2; d% as 1-100; a card as QH, Q♥ or "
                   "joker), or 'ask' to be asked for each throw as it comes")
@click.option("--json", "as_json", is_flag=True, help="print the ruling as JSON")
@click.option("--base-tables", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="your own base-game tables file, in place of warroom's stand-in")
@click.option("--help", "-h", "show_help", is_flag=True, help="show this help, or a procedure's parameters")
def roll(procedure: str, pairs: tuple[str, ...], seed: int | None, dice: str | None, as_json: bool,
         base_tables: Path | None, show_help: bool) -> None:
    """Play PROCEDURE once and print the ruling: with warroom's dice, or with the dice thrown at the table.

    \b
      warroom roll artillery cover=true --seed 3
      warroom roll rally status=suppressed leader=cc experience=veteran
      warroom roll group-fire firers=rifle_squad,mmg --dice 6,2,5,1,4,3,6
      warroom roll artillery --dice ask        asks for each throw: what to throw and why
    """
    if show_help and not procedure:
        click.echo(click.get_current_context().get_help())
        return
    spec, values = _common(procedure, pairs, show_help, "roll")
    if dice is None:
        ruling = api.roll(spec.id, values, seed=seed, base_tables=base_tables)
    else:
        thrown: list[str] | Thrower = _asking(quiet=as_json) if dice.strip().lower() == "ask" else _faces(dice)
        ruling = api.roll(spec.id, values, seed=seed, base_tables=base_tables, dice=thrown)
    if as_json:
        click.echo(ruling.to_json())
        return
    click.echo(str(ruling))
    if ruling.at_table:
        with using_base_tables(spec.ruleset, base_tables):
            chances = api.odds(spec.id, values).as_dict()
        if ruling.result in chances:
            click.echo(f"  Odds of this result: {percent(chances[ruling.result])} ({chances[ruling.result]})")


def _faces(text: str) -> list[str]:
    """``--dice 3,6,5,2`` (commas or spaces between) as the words of each face."""
    words = [w for w in text.replace(",", " ").split() if w]
    if not words:
        raise UsageError("--dice needs the faces thrown, in order (3,6,5,2; d% as 1-100; a card as QH), or 'ask'")
    return words


def _asking(quiet: bool) -> Thrower:
    """A thrower that asks the person at the table for each throw as the procedure meets it, saying what to throw
    and what for (the ruling's steps until then first, so the reason is read before the throw: "1d6, on 1 it is
    denied"), and asks again after a face that is not one."""
    return _Asker(quiet)


class _Asker:
    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.said: Counter[str] = Counter()

    def before(self, steps: tuple[str, ...]) -> None:
        """Say the steps not said yet (a process's summary of a turn may come before that turn's steps)."""
        seen: Counter[str] = Counter()
        for step in steps:
            seen[step] += 1
            if step and seen[step] > self.said[step]:
                click.echo(f"  {step}", err=self.quiet)
        self.said |= seen

    def __call__(self, node: Node, label: str) -> tuple[object, ...]:
        while True:
            try:
                answer = click.prompt(node.asking(label), prompt_suffix=": ", err=self.quiet)
            except click.Abort:
                raise UsageError(f"no dice given for the throw the procedure needs ({node.asking(label)})") from None
            try:
                return node.faces_from(_faces(answer), label)
            except UsageError as exc:
                click.echo(f"  {exc}", err=True)
