"""``warroom tables``: the base-game tables a supplement leans on, and warroom's stand-ins for them as a file the
umpire edits and gives back with ``--base-tables FILE`` (:mod:`warroom.core.base_tables`)."""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import click
import tomli_w
from click.shell_completion import CompletionItem
from rich.markup import escape
from rich.table import Table

from warroom.cli.common import console
from warroom.core import registry
from warroom.core.base_tables import BaseTable, base_tables_of
from warroom.core.errors import UsageError, suggest


def _with_tables() -> list[str]:
    """The rulesets that read base-game tables (every ruleset imported first, so each has registered its own)."""
    return [info.id for info in registry.rulesets() if base_tables_of(info.id)]


def _complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return [CompletionItem(r) for r in _with_tables() if r.startswith(incomplete)]


def _sets(ruleset: str) -> dict[str, BaseTable[Any]]:
    """The base tables of ``ruleset``; an unknown ruleset or one with none is one error naming those with some."""
    known = [info.id for info in registry.rulesets()]
    having = _with_tables()
    if ruleset not in known:
        raise UsageError(f"unknown ruleset '{ruleset}'{suggest(ruleset, known)}; rulesets with base-game tables: "
                         f"{', '.join(having)}")
    sets = base_tables_of(ruleset)
    if not sets:
        raise UsageError(f"ruleset {ruleset} has no base-game tables to replace; "
                         f"rulesets with base-game tables: {', '.join(having)}")
    return dict(sorted(sets.items()))


def _leading_comments(path: Path) -> list[str]:
    """The comment lines a stand-in file opens with: what it stands in for and how its numbers were made."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        out.append(line)
    return out


def export_text(ruleset: str) -> str:
    """Every base table of ``ruleset`` as one TOML file in the form ``--base-tables`` reads: a top-level table per
    set (``[infantry_fire]``), holding warroom's stand-in values, each under the stand-in's own notes."""
    sets = _sets(ruleset)
    parts = [
        f"# The base-game tables of the ruleset {ruleset}, as warroom's STAND-INS: edit the numbers (or delete a",
        "# table to keep warroom's stand-in for it) and give the file to warroom:",
        f"#   warroom odds PROCEDURE ... --base-tables {ruleset}-tables.toml",
        f"# Tables: {', '.join(sets)}. Written by: warroom tables export {ruleset}",
        "",
    ]
    for name, table in sets.items():
        with table.stand_in.open("rb") as handle:
            values = tomllib.load(handle)
        parts.append(f"# --- [{name}]: {table.what} (from {table.stand_in.name})")
        parts += _leading_comments(table.stand_in)
        parts.append(tomli_w.dumps({name: values}).rstrip("\n"))
        parts.append("")
    return "\n".join(parts)


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file beside it, then renamed over it."""
    if not path.name or path.is_dir():
        raise UsageError(f"--output '{path}' is not a file name; give one, e.g. --output my-tables.toml")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"--output {path}: the folder {folder} does not exist")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise UsageError(f"--output {path}: cannot write in {folder} ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise UsageError(f"--output {path}: cannot write it ({exc.strerror})") from None


@click.group()
def tables() -> None:
    """The base-game tables the supplements lean on: warroom's stand-ins, and a file of your own to use instead.

    \b
      warroom tables list
      warroom tables export terrain-mines > my-tables.toml
      warroom odds mine-passage ... --base-tables my-tables.toml
    """


@tables.command("list")
def list_tables() -> None:
    """Every ruleset's base-game tables: their names in a --base-tables file and what each stands in for.

    \b
      warroom tables list
    """
    table = Table(title="Base-game tables (warroom ships a stand-in for each)", title_justify="left")
    table.add_column("ruleset", no_wrap=True)
    table.add_column("table", no_wrap=True)
    table.add_column("what it stands in for")
    for ruleset in _with_tables():
        for name, base in sorted(base_tables_of(ruleset).items()):
            table.add_row(ruleset, escape(f"[{name}]"), escape(base.what))
    console.print(table)
    console.print("A file to edit: warroom tables export RULESET > my-tables.toml")


@tables.command("export")
@click.argument("ruleset", shell_complete=_complete_ruleset)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="write the file here (whole or not at all) instead of to standard output")
def export(ruleset: str, output: Path | None) -> None:
    """Write RULESET's stand-in base-game tables as one TOML file in the form --base-tables reads.

    \b
      warroom tables export terrain-mines > my-tables.toml
      warroom tables export fow-bunkers -o fow-tables.toml
      warroom roll mine-passage ... --base-tables my-tables.toml
    """
    text = export_text(ruleset)
    if output is None:
        click.echo(text, nl=False)
    else:
        _write_whole(output, text)
        click.echo(f"{ruleset}'s base-game tables written to {output}", err=True)
