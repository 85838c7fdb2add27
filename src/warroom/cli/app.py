"""The ``warroom`` command: its group of commands, and the entry point that turns bad input into one line."""

from __future__ import annotations

import os
import sys

import click
from click.shell_completion import CompletionItem

import warroom
from warroom.cli import ai, demo, games, ladder, match, play, procedures, rules, scenario, serve, simulate, umpire
from warroom.cli.tables import tables
from warroom.core.errors import WarroomError


class _PipeClosed(Exception):
    """The reader of standard output went away (``warroom ... | head``)."""


class _Warroom(click.Group):
    """The command group, which lets a closed pipe through to :func:`main` (click itself exits 1 on one)."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise _PipeClosed from exc


@click.group(cls=_Warroom, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
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
      warroom rules show CF-7            a reading a ruling cites; 'rules search WORDS' finds one

    Shell completion: eval "$(_WARROOM_COMPLETE=bash_source warroom)" in ~/.bashrc.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


for command in (procedures.rulesets, procedures.procedures, procedures.odds, procedures.roll, rules.rules,
                scenario.scenario, umpire.umpire, games.playout, simulate.simulate, games.replay, demo.demo, ai.ai,
                play.play, ladder.ladder, match.match, serve.serve):
    cli.add_command(command)
cli.add_command(tables)


def complete_scenario(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The shipped scenarios of both games whose names start with what is typed, and files (a scenario file of
    one's own)."""
    from warroom.core.game import shipped_scenarios

    names = sorted({path.stem for files in shipped_scenarios().values() for path in files})
    found = [CompletionItem(name) for name in names if name.startswith(incomplete)]
    return [*found, CompletionItem(incomplete, type="file")]


SCENARIO_ARGUMENTS = {"scenario_name", "scenario_names", "scenario"}
"""The names of the arguments that take a scenario, in every command (``scenario show`` names its own ``file``)."""


def _complete_scenarios(group: click.Group, path: tuple[str, ...] = ()) -> None:
    """Give every argument that takes a scenario the completion of the shipped scenario names."""
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            _complete_scenarios(command, (*path, name))
            continue
        for param in command.params:
            takes_scenario = param.name in SCENARIO_ARGUMENTS or ((*path, name) == ("scenario", "show")
                                                                  and param.name == "file")
            if isinstance(param, click.Argument) and takes_scenario and param._custom_shell_complete is None:
                param._custom_shell_complete = complete_scenario


_complete_scenarios(cli)


def one_line(message: str) -> str:
    """``message`` as one printable line: a control character (a newline, a carriage return, an escape
    sequence) or a lone surrogate the user typed is shown escaped, never sent to the terminal."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
                   if not 0xD800 <= ord(c) <= 0xDFFF else f"\\u{ord(c):04x}" for c in message)


def main() -> None:
    """Entry point: one clear line and exit status 2 for any bad input, never a traceback; a reader that stops
    reading (``warroom playout hedgerow_hell | head``) ends the command quietly with exit status 0."""
    try:
        cli.main(standalone_mode=False, prog_name="warroom")
        sys.stdout.flush()
    except (_PipeClosed, BrokenPipeError):
        _quiet_stdout()
        raise SystemExit(0) from None
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
    except OSError as exc:  # the output cannot be written (a full disk, a closed terminal), or a file cannot be used
        reason = one_line(exc.strerror or str(exc))
        if exc.filename is not None:
            click.echo(f"warroom: error: {one_line(str(exc.filename))}: {reason}", err=True)
        else:
            _quiet_stdout()
            click.echo(f"warroom: error: cannot write the output: {reason}", err=True)
        raise SystemExit(2) from None


def _quiet_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush meets no closed pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor behind it (a test's captured output)
        pass
