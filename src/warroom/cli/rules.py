"""``warroom rules``: what the rules say and how much of them warroom covers."""

from __future__ import annotations

import json
from pathlib import Path

import click

from warroom.cli.common import console


@click.group()
def rules() -> None:
    """What the rules say and how much of them warroom covers."""


@rules.command()
@click.argument("ruleset", required=False)
@click.option("--tests", "tests_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="the tests folder to read rule markers from (default: ./tests)")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def coverage(ruleset: str | None, tests_dir: Path | None, as_json: bool) -> None:
    """For every section of every seed: implemented by which code, checked by which tests."""
    from warroom.tools.coverage import coverage_json, render_coverage

    if as_json:
        click.echo(json.dumps(coverage_json(ruleset, tests_dir), ensure_ascii=False))
    else:
        console.print(render_coverage(ruleset, tests_dir))
