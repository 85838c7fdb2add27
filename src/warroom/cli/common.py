"""What every command shares: the console it prints to, and how a game's ending reads."""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console

from warroom.core.game import Result


class _Console(Console):
    """Standard output through rich; a reader that stops reading (``| head``) is a ``BrokenPipeError`` for
    :func:`warroom.cli.app.main` to end quietly, not rich's own exit with status 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


console: Console = _Console(highlight=False, soft_wrap=True)
SEED = click.IntRange(min=0)
"""A seed of the dice: a whole number from 0 (numpy's generators take no negative seed)."""
NO_HELP: dict[str, Any] = {"help_option_names": [], "ignore_unknown_options": True}
"""Settings of a command that reads ``key=value`` words and shows a procedure's own help for ``--help``."""


def narrate(lines: list[str], as_json: bool) -> None:
    if not as_json:
        for line in lines:
            click.echo(line)


def result_line(result: Result) -> str:
    """A finished game's result as a sentence: who won, the points, and why."""
    winner = result.get("winner")
    points = result.get("points")
    score = f" ({', '.join(f'{k} {v}' for k, v in points.items())} points)" if isinstance(points, dict) else ""
    return f"Result: {'the ' + winner + ' wins' if winner else 'a draw'}{score}. {result.get('reason', '')}"
