"""``warroom scenario``: the shipped Company Fire scenarios, and a scenario file checked and shown."""

from __future__ import annotations

from pathlib import Path

import click
from rich.markup import escape
from rich.table import Table

from warroom.cli.common import console
from warroom.core.errors import UsageError


@click.group()
def scenario() -> None:
    """Company Fire scenarios: list the shipped ones, check and show a scenario file."""


@scenario.command("list")
def scenario_list() -> None:
    """The scenarios warroom ships."""
    from warroom.rulesets.company_fire.game.scenario import load_scenario, shipped_scenarios

    table = Table(title="Company Fire scenarios")
    for column in ("file", "name", "attacker", "defender"):
        table.add_column(column, no_wrap=column == "file")  # the name to type is never cut
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
    """Check a scenario file and print its briefing, forces and map as VIEWER sees them.

    A scenario file is UTF-8 and at most 4 MB; a Company Fire map has at most 20 x 20 spaces.

    \b
      warroom scenario show hedgerow_hell --as attacker --png map.png
    """
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
