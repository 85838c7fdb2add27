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
              help="also draw the map to this file (.png; .svg and, for Company Fire, .pdf also work)")
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
    from warroom.core.game import find_scenario, load_game

    ruleset, path = find_scenario(file)
    pictures = _picture_paths(picture, svg)
    if ruleset == "company-fire":
        _show_cf(path, viewer, pictures)
    else:
        _show_brigade(load_game(ruleset, path), viewer, pictures)


def _show_cf(path: Path, viewer: str, pictures: list[tuple[str, Path]]) -> None:
    from warroom.present.board_map import write_whole
    from warroom.rulesets.company_fire.game.briefing import describe
    from warroom.rulesets.company_fire.game.render import FORMATS, render_map
    from warroom.rulesets.company_fire.game.scenario import load_scenario
    from warroom.rulesets.company_fire.game.scenario_types import VIEWERS

    name = viewer.strip().lower()
    if name not in VIEWERS:
        raise UsageError(f"--as {viewer}: not a view of a Company Fire scenario; --as is one of "
                         f"{', '.join(VIEWERS)}{suggest(name, list(VIEWERS))}")
    loaded = load_scenario(path)
    click.echo(describe(loaded, viewer=VIEWERS[name]))
    for option, out in pictures:
        drawn = write_whole(out, lambda temporary: render_map(loaded, VIEWERS[name], temporary), option, FORMATS)
        console.print(f"map drawn to {escape(str(drawn))}")


def _show_brigade(game: Any, viewer: str, pictures: list[tuple[str, Path]]) -> None:
    """A Brigade scenario as ``viewer`` knows it before play (seed 004 "Playing the Game": each side maps its own
    deployment in secret): the briefing, the objectives, the forces the viewer may know (its own side's; every
    side's for the umpire; none in public) and the table, in text and as a picture."""
    import textwrap

    from warroom.cli.game_views import board_text, drawn_text, observation_of, title_of
    from warroom.present.board_map import draw_board
    from warroom.rulesets.brigade.game.units import TYPES

    spec = game.scenario.spec
    name = viewer.strip().lower()
    allowed = ["public", "umpire", *game.sides]
    if name not in allowed:
        raise UsageError(f"--as {viewer}: not a view of {spec.title}; --as is one of {', '.join(allowed)}"
                         f"{suggest(name, allowed)}")
    field = game.scenario.field
    lines = [spec.title.upper(), f"Brigade game: a {float(field.width):g}\" x {float(field.depth):g}\" table "
             f"(1\" = 20 yards: {float(field.width) * 20:,.0f} x {float(field.depth) * 20:,.0f} yards), "
             f"{spec.periods} periods, {spec.first} moves first.", ""]
    for paragraph in spec.briefing.strip().split("\n\n"):
        lines.extend(textwrap.wrap(" ".join(paragraph.split()), 78))
        lines.append("")
    lines.append("Objectives:")
    lines.extend(f"  {o.name} at ({o.at[0]:g}, {o.at[1]:g}), {o.points} point{'s' * (o.points != 1)}, held by being "
                 f"within {o.radius:g}\"" for o in spec.objectives)
    lines.append("")
    shown = game.sides if name == "umpire" else [name] if name in game.sides else []
    for side in spec.sides:
        lines.append(f"{side.name.capitalize()}: {side.label or side.name} ({side.nation})")
        if side.name not in shown:
            lines.append("  forces and set-up secret (each side maps its own deployment before play)")
            continue
        for u in spec.units:
            if u.side == side.name:
                t = TYPES[u.type]
                where = f"aboard {u.aboard}" if u.aboard else f"at ({u.at[0]:g}, {u.at[1]:g})"
                figures = f"{t.n_figures} figure{'s' * (t.n_figures != 1)}"
                lines.append(f"  {u.id:<8} {u.name or t.label} ({t.label}, {figures}, {u.morale}), {where}")
    click.echo("\n".join(lines))
    state = game.initial_state(1)
    side = name if name in game.sides else None
    obs = observation_of(game, state, side)
    if name == "public":
        obs = {**obs, "units": [], "enemy": [], "minefields": [], "missions": [], "aiming_points": [],
               "umpire": False, "side": None}
    click.echo("")
    click.echo(board_text(game, state, side) if name != "public" else drawn_text(game, obs))
    whose = {"umpire": "the umpire's view", "public": "what both sides know"}.get(name, f"as the {name} sees it")
    title = f"{title_of(game)}: the set-up, {whose}"
    for option, out in pictures:
        drawn = draw_board(game, obs, title, out, option)
        console.print(f"map drawn to {escape(str(drawn))}")

