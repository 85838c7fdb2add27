"""The ``warroom`` command: its group of commands, and the entry point that turns bad input into one line."""

from __future__ import annotations

import os
import sys

import click

import warroom
from warroom.cli import ai, demo, games, ladder, play, procedures, rules, scenario, serve, umpire
from warroom.core.errors import WarroomError


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


for command in (procedures.rulesets, procedures.procedures, procedures.odds, procedures.roll, rules.rules,
                scenario.scenario, umpire.umpire, games.playout, games.simulate, games.replay, demo.demo, ai.ai,
                play.play, ladder.ladder, serve.serve):
    cli.add_command(command)


def one_line(message: str) -> str:
    """``message`` as one printable line: a control character (a newline, a carriage return, an escape
    sequence) or a lone surrogate the user typed is shown escaped, never sent to the terminal."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
                   if not 0xD800 <= ord(c) <= 0xDFFF else f"\\u{ord(c):04x}" for c in message)


def main() -> None:
    """Entry point: one clear line and exit status 2 for any bad input, never a traceback."""
    try:
        cli.main(standalone_mode=False, prog_name="warroom")
    except WarroomError as exc:
        click.echo(f"warroom: error: {one_line(str(exc))}", err=True)
        raise SystemExit(2) from None
    except click.UsageError as exc:
        click.echo(f"warroom: error: {one_line(exc.format_message())}", err=True)
        raise SystemExit(2) from None
    except click.ClickException as exc:
        click.echo(f"warroom: error: {one_line(exc.format_message())}", err=True)
        raise SystemExit(exc.exit_code) from None
    except click.Abort:
        click.echo("warroom: aborted", err=True)
        raise SystemExit(1) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except OSError as exc:  # the output cannot be written (a full disk, a closed terminal), or a file cannot be used
        reason = one_line(exc.strerror or str(exc))
        if exc.filename is not None:
            click.echo(f"warroom: error: {one_line(str(exc.filename))}: {reason}", err=True)
        else:
            _quiet_stdout()
            click.echo(f"warroom: error: cannot write the output: {reason}", err=True)
        raise SystemExit(2) from None


def _quiet_stdout() -> None:
    """Drop what is left of standard output, so Python does not try (and fail) to write it again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass
