"""``warroom umpire``: the umpire's desk at a prompt, or reading commands from standard input."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click

from warroom.cli.common import SEED


@click.command()
@click.option("--seed", type=SEED, default=None, help="seed of the desk's dice (omit for fresh dice)")
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
    --json answers each with one JSON object per line. A line holds at most 65,536 characters
    and must be UTF-8; a longer or broken one gets an error answer and the desk goes on.
    """
    from warroom.umpire import Desk, run_interactive, run_json_lines
    from warroom.umpire.prompt import bounded_lines

    desk = Desk(seed)
    if isinstance(sys.stdin, io.TextIOWrapper):  # a byte that is not UTF-8 becomes a line the desk refuses
        sys.stdin.reconfigure(errors="surrogateescape")
    if as_json:
        for line in run_json_lines(desk, bounded_lines(sys.stdin)):
            click.echo(line)
        return
    if not sys.stdin.isatty():
        for line in bounded_lines(sys.stdin):
            reply = desk.execute(line)
            if reply.text:
                click.echo(reply.text)
            if reply.done:
                return
        return
    run_interactive(desk, None if no_history else history)
