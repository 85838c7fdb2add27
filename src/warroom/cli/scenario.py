"""``warroom scenario``: the shipped scenarios of both games, and a scenario file checked and shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from warroom.cli.common import console
from warroom.core.errors import UsageError, suggest

VIEW_HELP = ("whose view of the set-up: public (what both sides know), umpire (everything), or a side by the "
             "scenario's own name (attacker, defender in Company Fire; german, soviet, british ... in Brigade)")


@click.group()
def scenario() -> None:
    """Scenarios of both games (Company Fire and Brigade): list the shipped ones, check and show one.

    \b
      warroom scenario list
      warroom scenario show hedgerow_hell --as attacker --png map.png
      warroom scenario show ponyri --as german --svg ponyri.svg
    """


def _size(game: Any) -> str:
    """The board: a Company Fire grid in spaces, a Brigade table in inches."""
    scenario = game.scenario
    if getattr(scenario, "field", None) is not None:
        return f'{float(scenario.field.width):g}" x {float(scenario.field.depth):g}"'
    return f"{scenario.board.width} x {scenario.board.height} spaces"


@scenario.command("list")
def scenario_list() -> None:
    """The scenarios warroom ships, of both games, by the name to type ('warroom scenario show NAME',
    'warroom playout NAME').

    \b
      warroom scenario list
    """
    from warroom.cli.game_views import title_of
    from warroom.core.game import load_game, shipped_scenarios

    table = Table(title="Shipped scenarios")
    table.add_column("name", no_wrap=True, min_width=max(len(p.stem) for ps in shipped_scenarios().values()
                                                           for p in ps))
    table.add_column("game", no_wrap=True)
    table.add_column("title")
    table.add_column("board", no_wrap=True)
    table.add_column("sides (--as)")
    for ruleset, paths in shipped_scenarios().items():
        for path in paths:
            game = load_game(ruleset, path)
            table.add_row(path.stem, ruleset, escape(title_of(game)), _size(game), ", ".join(game.sides))
    console.print(table)
    console.print("Show one: warroom scenario show NAME  (a shipped scenario's name or a scenario file)")


def _picture_paths(picture: Path | None, svg: Path | None) -> list[tuple[str, Path]]:
    out = []
    if picture is not None:
        out.append(("--png", picture))
    if svg is not None:
        if svg.suffix.lower() != ".svg":
            raise UsageError(f"--svg {svg}: the file must end in .svg")
        out.append(("--svg", svg))
    return out


@scenario.command("show")
@click.argument("file", metavar="SCENARIO")
@click.option("--as", "viewer", default="public", show_default=True, metavar="VIEW", help=VIEW_HELP)
@click.option("--png", "picture", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also draw the map to this file (.png; .svg and .pdf also work)")
@click.option("--svg", "svg", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also draw the map to this SVG file")
def scenario_show(file: str, viewer: str, picture: Path | None, svg: Path | None) -> None:
    """Check a scenario and print its briefing, forces and map as VIEW sees the set-up.

    SCENARIO is a shipped scenario's name ('warroom scenario list') or a scenario file of either game. A
    scenario file is UTF-8 and at most 4 MB; a Company Fire map has at most 20 x 20 spaces, a Brigade table at
    most 100 terrain features.

    \b
      warroom scenario show hedgerow_hell --as attacker --png map.png
      warroom scenario show ponyri --as german --svg ponyri.svg
      warroom scenario show hill_112 --as umpire
    """
    from warroom.cli.game_views import title_of
    from warroom.core.game import find_scenario, load_game
    from warroom.core.kit import kit_of
    from warroom.present.picture import write_picture

    ruleset, path = find_scenario(file)
    pictures = _picture_paths(picture, svg)
    game = load_game(ruleset, path)
    kit = kit_of(game)
    name = viewer.strip().lower()
    allowed = list(kit.viewers(game))
    if name not in allowed:
        raise UsageError(f"--as {viewer}: not a view of {title_of(game)}; --as is one of {', '.join(allowed)}"
                         f"{suggest(name, allowed)}")
    click.echo(kit.show_scenario(game, name))
    if not pictures:
        return
    obs = kit.setup_observation(game, name)
    whose = {"umpire": "the umpire's view", "public": "what both sides know"}.get(name, f"as the {name} sees it")
    title = f"{title_of(game)}: the set-up, {whose}"
    for option, out in pictures:
        drawn = write_picture(out, lambda: kit.picture(game, obs, title), option)
        console.print(f"map drawn to {escape(str(drawn))}")
