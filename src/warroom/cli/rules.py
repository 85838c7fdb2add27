"""``warroom rules``: what the rules say (a seed section, a reading warroom takes, a search over both) and how
much of them warroom covers."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from warroom.cli.common import console
from warroom.cli.procedures import complete_ruleset


@click.group()
def rules() -> None:
    """What the rules say and how much of them warroom covers.

    \b
      warroom rules show CF-7                        a reading warroom takes (docs/rulings.md)
      warroom rules show 002 "Opportunity Fire"      a section of a seed's text
      warroom rules search opportunity fire bocage   every section and reading holding the words
      warroom rules coverage company-fire            each section: implemented by, tested by
    """


def _complete_ref(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Seeds (by number and ruleset) and ruling ids that start with what is typed."""
    from warroom.core.rules_text import id_order, rulings, seeds

    found = [CompletionItem(s.number, help=s.title) for s in seeds()]
    found += [CompletionItem(s.ruleset, help=s.title) for s in seeds()]
    found += [CompletionItem(rid) for rid in sorted(rulings(), key=id_order)]
    return [item for item in found if item.value.casefold().startswith(incomplete.casefold())]


def _complete_section(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The sections of the seed named first, that start with what is typed."""
    from warroom.core.errors import UsageError
    from warroom.core.rules_text import find_seed

    try:
        seed = find_seed(ctx.params.get("ref") or "")
    except UsageError:
        return []
    return [CompletionItem(s.name) for s in seed.sections if s.name.casefold().startswith(incomplete.casefold())]


def _wrapped(text: str, indent: str) -> str:
    """``text`` wrapped between words to the terminal's width, later lines indented by ``indent``."""
    width = max(40, shutil.get_terminal_size().columns)
    return textwrap.fill(text, width=width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


def _plain(markdown: str) -> str:
    """A cell of docs/rulings.md as a terminal shows it: without the code and bold marks."""
    return markdown.replace("`", "").replace("**", "")


@rules.command()
@click.argument("ref", shell_complete=_complete_ref)
@click.argument("section", nargs=-1, shell_complete=_complete_section)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def show(ref: str, section: tuple[str, ...], as_json: bool) -> None:
    """Show a reading warroom takes (REF is its id, CF-7), or a seed's section (REF is the seed: 002, its file
    name or its ruleset; SECTION the section's name, any case). A seed alone lists its sections.

    \b
      warroom rules show CF-7
      warroom rules show 002 "Opportunity Fire"
      warroom rules show company-fire group fire
      warroom rules show 004
    """
    from warroom.core.rules_text import RULING_ID, find_ruling, find_seed

    if not section and RULING_ID.fullmatch(ref.strip().upper()):
        ruling = find_ruling(ref)
        if as_json:
            click.echo(json.dumps(ruling, ensure_ascii=False))
            return
        click.echo(f"{ruling['id']}  ({_plain(ruling['under'])})")
        for label, key in (("Section:  ", "section"), ("Question: ", "question"), ("Reading:  ", "reading")):
            click.echo(_wrapped(label + _plain(ruling[key]), " " * len(label)))
        return
    if not section and "-" in ref and ref.split("-")[-1].isdigit():
        find_ruling(ref)  # an id that looks like a ruling's: the error names the close ones
    seed = find_seed(ref)
    if not section:
        if as_json:
            click.echo(json.dumps(seed.summary(), ensure_ascii=False))
            return
        click.echo(f"{seed.number} {seed.title} ({seed.file}), ruleset {seed.ruleset}: {len(seed.sections)} sections")
        for number, part in enumerate(seed.sections, 1):
            click.echo(f"  {number:2}. {part.name}")
        click.echo(f'One of them: warroom rules show {seed.number} "{seed.sections[0].name}"')
        return
    found = seed.section(" ".join(section))
    text = found.text or (f"(the text of seed {seed.number} has no heading named '{found.name}'; "
                          f"warroom rules search finds where it is discussed)")
    if as_json:
        click.echo(json.dumps({"seed": seed.number, "file": seed.file, "title": seed.title, "ruleset": seed.ruleset,
                               "section": found.name, "aliases": list(found.aliases), "text": found.text},
                              ensure_ascii=False))
        return
    click.echo(f'{seed.number} {seed.title}, section "{found.name}" ({seed.file})')
    click.echo("")
    for line in text.splitlines():  # a paragraph a line in the seed: wrapped between words, list items hanging
        bullet = len(line) - len(line.lstrip(" -*")) if line.lstrip().startswith(("- ", "* ")) else 0
        click.echo(_wrapped(line, " " * bullet) if line.strip() else "")


@rules.command()
@click.argument("words", nargs=-1, required=True)
@click.option("--limit", type=click.IntRange(1, 500), default=20, show_default=True, help="show at most N places")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def search(words: tuple[str, ...], limit: int, as_json: bool) -> None:
    """Find WORDS (every one, any case) in the seeds' sections and the readings warroom takes, most mentions first.

    \b
      warroom rules search opportunity fire
      warroom rules search bocage --limit 5
    """
    from warroom.core.rules_text import search as find

    hits = find(" ".join(words), limit=limit)
    if as_json:
        click.echo(json.dumps([{"kind": h.kind, "show": h.ref, "title": h.title, "excerpt": h.excerpt,
                                "mentions": h.score} for h in hits], ensure_ascii=False))
        return
    if not hits:
        click.echo(f"no seed section or reading holds all of: {' '.join(words)}")
        return
    for hit in hits:
        click.echo(_wrapped(f"{hit.ref}  {_plain(hit.title)}", "    "))
        click.echo(_wrapped(f"    {_plain(hit.excerpt)}", "    "))
    click.echo(f"Open one: warroom rules show {hits[0].ref}")


@rules.command()
@click.argument("ruleset", required=False, shell_complete=complete_ruleset)
@click.option("--tests", "tests_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="the tests folder to read rule markers from (default: ./tests)")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def coverage(ruleset: str | None, tests_dir: Path | None, as_json: bool) -> None:
    """For every section of every seed: implemented by which code, checked by which tests.

    \b
      warroom rules coverage company-fire
      warroom rules coverage --json
    """
    from warroom.tools.coverage import coverage_json, render_coverage

    if as_json:
        click.echo(json.dumps(coverage_json(ruleset, tests_dir), ensure_ascii=False))
    else:
        console.print(render_coverage(ruleset, tests_dir))


@rules.command()
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def options(ruleset: str, as_json: bool) -> None:
    """The rule switches of RULESET: optional rules and readings with a real alternative, each with its values,
    its default and the rule it turns; set one with 'warroom simulate SCENARIO --rule KEY=VALUE'.

    \b
      warroom rules options company-fire
      warroom rules options brigade --json
    """
    from rich.markup import escape
    from rich.table import Table

    from warroom.core.switches import switches

    found = switches(ruleset)
    if as_json:
        click.echo(json.dumps([s.to_json() for s in found], ensure_ascii=False))
        return
    if not found:
        console.print(f"{escape(ruleset)} has no rule switches.")
        return
    table = Table(title=f"Rule switches of {escape(ruleset)}", title_justify="left")
    for heading in ("switch", "values", "default", "what it turns", "rule"):
        table.add_column(heading)
    for s in found:
        table.add_row(s.key, " | ".join(s.values), s.default, escape(s.summary), escape(s.rule))
    console.print(table)
