"""``warroom ai``: the players there are, and the strengths a person picks."""

from __future__ import annotations

import click
from rich.table import Table

from warroom.cli.common import console


@click.group()
def ai() -> None:
    """The AI players: list them, with their options and the strengths they stand for.

    \b
      warroom ai list
    """


@ai.command("list")
def list_players() -> None:
    """Every player by name, its options (give them as name:option=value) and the strengths.

    \b
      warroom ai list
      warroom play crossroads_patrol --as attacker --vs search:think=5
    """
    from warroom.ai import STRENGTHS, available

    table = Table(title="Players", title_justify="left")
    table.add_column("player", style="bold", no_wrap=True)  # names to type are never cut
    table.add_column("what it does")
    table.add_column("options (name:option=value)")
    for entry in available():
        options = ", ".join(f"{k}={v}" for k, v in entry.options().items()) or "-"
        table.add_row(entry.name, entry.summary, options)
    console.print(table)
    strengths = Table(title="Strengths", title_justify="left")
    strengths.add_column("strength", style="bold", no_wrap=True)
    strengths.add_column("player", no_wrap=True)
    strengths.add_column("what it is")
    names = {e.name for e in available()}
    for name, (spec, words) in STRENGTHS.items():
        if spec.partition(":")[0] in names:  # a strength is offered once its player is there
            strengths.add_row(name, spec, words)
    console.print(strengths)
