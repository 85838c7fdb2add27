"""The Brigade table in the terminal (the kit's ``terminal_board``), as one side sees it: drawn from that side's
observation only.

The table is measured in inches; the terminal draws it as a grid of characters, each an inch or more across and
twice that deep (so the picture keeps the table's shape), the far edge (greater y) at the bottom. A character
shows the terrain feature under it (the scenario's map is public; :data:`TERRAIN_GLYPHS`), an objective ``*``,
a minefield the side knows of ``x``, and the units the side sees at their centre, as unit-type symbols
(:data:`KIND_SYMBOLS`): its own in cyan (pinned on yellow), detected enemies in red, and an enemy it is only
aware of as ``?`` near where it is thought to be (seed 004 "Detection", the observation's 4" grid). The side's
own symbols are capitals, a detected enemy's the same letter in lower case, and a pinned unit has a ``p`` after
its symbol as well as its yellow, so a monochrome terminal or a copy of the text still reads. Under the map, a
table of every unit the side sees, its status and this move's order in words. The enemy's last actions are marked
where the screen passes them (``obs["marks"]``, :mod:`warroom.play.marks`) one character to the right of the place
they mark, told in a line under the map.

The screen draws the map to the room it has (:func:`fit_map`): the fewer the lines, the more inches a
character.
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

import shapely
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from shapely.geometry import LineString, Point, Polygon, box

from warroom.core.game import Game
from warroom.kits.brigade.facts import heading
from warroom.play.marks import cell_glyphs, legend_line
from warroom.rulesets.brigade.game.units import TYPES

KIND_SYMBOLS = {"infantry": "I", "cavalry": "C", "support": "M", "gun": "G", "vehicle": "T", "hq": "Q",
                "observer": "F"}
"""A unit's symbol by its kind; a mortar section is ``O``, a transport vehicle ``V``."""

TERRAIN_GLYPHS = {
    "building": "B", "woods": "W", "heavy_woods": "W", "light_woods": "w", "scrub": ",", "wheat_field": '"',
    "soft_ground": "~", "rough_ground": ":", "rubble": "%", "hill": "^", "ridge": "^", "hedge": "h",
    "bocage": "#", "wall": "|", "primary_road": "=", "secondary_road": "=", "river": "~", "stone_bridge": "H",
    "other_bridge": "H", "slit_trench": "_", "pre_dug_trench": "_", "fortification": "F",
}
_LAYER_ORDER = {"relief": 0, "cover": 1, "corridor": 2, "line": 3, "works": 4}
OWN, ENEMY = "bold cyan", "bold red"
COMPASS = ("Headings: 0\u00b0 = towards greater y (down this map), 90\u00b0 = greater x (right), 180\u00b0 up, "
           "270\u00b0 left. Move to a point: type UNIT to X,Y (inches, as the ruler reads): "
           "a company's id, then, e.g., to 40,30.")
"""The compass of the headings the moves name (seed 004 moves in inches; BR-160): 0 is +y, 90 is +x."""
MAX_COLUMNS = 76


def symbol(type_name: str) -> str:
    t = TYPES.get(type_name)
    if t is None:
        return "?"
    if t.mortar:
        return "O"
    if t.transport:
        return "V"
    return KIND_SYMBOLS.get(t.kind, "?")


def _centre(figures: Any) -> tuple[float, float] | None:
    points = list(figures)
    if not points:
        return None
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _terrain_grid(game: Game, cols: int, rows: int, sx: float, sy: float) -> list[list[str]]:
    field = game.scenario.field  # type: ignore[attr-defined]
    grid = [[" "] * cols for _ in range(rows)]
    layer = [[-1] * cols for _ in range(rows)]
    for f in field.features:
        rank = _LAYER_ORDER.get(f.layer, -1)
        glyph = TERRAIN_GLYPHS.get(f.kind, f.kind[:1])
        area = f.layer in ("relief", "cover", "works") and len(f.points) >= 3
        shape: shapely.Geometry = Polygon(f.points) if area else LineString(f.points)
        x0, y0, x1, y1 = shape.bounds
        for r in range(max(0, int(y0 // sy)), min(rows, int(y1 // sy) + 1)):
            for c in range(max(0, int(x0 // sx)), min(cols, int(x1 // sx) + 1)):
                hit = (shape.contains(Point((c + 0.5) * sx, (r + 0.5) * sy)) if area
                       else shape.intersects(box(c * sx, r * sy, (c + 1) * sx, (r + 1) * sy)))
                if hit and rank >= layer[r][c]:
                    grid[r][c], layer[r][c] = glyph, rank
    return grid


STATUS_WORDS = {"on": "on the table", "removed": "removed from the table", "destroyed": "destroyed"}
"""A unit's status as the table of units words it (the observation's ``on`` is a unit still on the table)."""

ORDER_WORDS = {
    "A": "A: fire halted, then move up to 1/2", "B": "B: move up to 1/2, then fire moving",
    "C": "C: move without firing",
    "K": "K: move without firing, in close order", "D": "D: move up to 1/2, then unlimber",
    "E": "E: limber up, then move up to 1/2",
    "M": "mount, then ride", "S": "ride, then dismount", "X": "disembark, then move",
    "4": "fired off the table (phase 4)", "hold": "held",
}
"""This move's order of a unit (seed 004 "Move Sequence": the types A to E of phase 5, the carrying orders, the
indirect fire of phase 4, or held), in words."""


def _scale(game: Game, width: int, height: int) -> float:
    """Inches a character across (twice that deep) for the map to fit ``width`` x ``height`` (ruler and row numbers
    included), never under an inch."""
    field = game.scenario.field  # type: ignore[attr-defined]
    across = field.width / max(1, min(MAX_COLUMNS, width - 4))
    deep = field.depth / (2 * max(1, height - 1))
    return max(1.0, float(math.ceil(max(across, deep))))


def draw(game: Game, obs: dict[str, Any]) -> RenderableType:
    """The table, its legend and the list of units, as ``obs`` (one side's observation) shows them."""
    field = game.scenario.field  # type: ignore[attr-defined]
    sx = max(1.0, math.ceil(field.width / MAX_COLUMNS))
    lines, scale = _map(game, obs, sx)
    return Group(Text(heading(obs), style="bold"), *lines, _legend(scale), units_table(obs),
                 Text("\n".join(status_lines(obs))))


def fit_map(game: Game, obs: dict[str, Any], width: int, height: int) -> RenderableType:
    """The map in ``width`` columns and ``height`` lines where an inch or more a character lets it fit, and the
    scale under it."""
    told = legend_line(obs.get("marks") or ())  # the line telling the enemy's last actions takes its room first
    sx = _scale(game, width, height - 1 - (len(textwrap.wrap(told, max(20, width))) if told else 0))
    lines, _ = _map(game, obs, sx)
    return Group(*lines, Text(f"a character {sx:g}\" x {2 * sx:g}\"", style="dim"))


def _map(game: Game, obs: dict[str, Any], sx: float) -> tuple[list[Text], str]:
    field = game.scenario.field  # type: ignore[attr-defined]
    sy = 2 * sx
    cols, rows = math.ceil(field.width / sx), math.ceil(field.depth / sy)
    cells: list[list[Text]] = [[Text(g, style="green") for g in row] for row in _terrain_grid(game, cols, rows, sx,
                                                                                               sy)]

    def put(x: float, y: float, glyph: str, style: str, pinned: bool = False) -> None:
        c, r = min(cols - 1, max(0, int(x // sx))), min(rows - 1, max(0, int(y // sy)))
        cells[r][c] = Text(glyph, style=style)
        if pinned and c + 1 < cols:
            cells[r][c + 1] = Text("p", style=style)

    for m in obs["minefields"]:
        (x, y), (w, d) = m["corner"], m["size"]
        for r in range(int(y // sy), min(rows, int((y + d) // sy) + 1)):
            for c in range(int(x // sx), min(cols, int((x + w) // sx) + 1)):
                cells[r][c] = Text("x", style="bold magenta")
    for o in obs["objectives"]:
        put(o["at"][0], o["at"][1], "*", "bold yellow")
    for e in obs["enemy"]:
        if e["detected"] == "aware":
            put(e["near"][0], e["near"][1], "?", f"{ENEMY} reverse")
        elif (at := _centre(e["figures"])) is not None:
            put(*at, symbol(e["type"]).lower(), ENEMY + (" on yellow" if e["pinned"] else ""), e["pinned"])
    for u in obs["units"]:
        if u["status"] == "on" and not u.get("aboard") and (at := _centre(u["figures"])) is not None:
            put(*at, symbol(u["type"]), OWN + (" on yellow" if u["pinned"] else ""), u["pinned"])
    for (x, y), glyph in cell_glyphs(obs.get("marks") or ()).items():  # the enemy's last actions, beside the unit
        put(x + sx, y, glyph, "bold white on magenta")
    step = 10
    ruler = Text("    " + "".join(f"{int(c * sx):<{step}}" for c in range(0, cols, step)), style="dim")
    lines = [ruler]
    for r in range(rows):
        line = Text(f"{int(r * sy):>3} ", style="dim")
        for cell in cells[r]:
            line.append_text(cell)
        lines.append(line)
    scale = f"each character {sx:g}\" across and {sy:g}\" deep; the table is {field.width:g}\" x {field.depth:g}\""
    told = legend_line(obs.get("marks") or ())
    if told:
        lines.append(Text(told, style="magenta"))
    return lines, scale


def legend(game: Game) -> Text:
    """What the map's letters mean: terrain, marks, the units' symbols and the pinned letter."""
    return _legend("The map: y grows down the screen, x to the right")


def _legend(scale: str) -> Text:
    text = Text(f"{scale}. Terrain: B building, W woods, w light woods, , scrub, \" wheat, ^ hill or ridge, "
                "= road, ~ river or soft ground, _ trench, h hedge, # bocage, | wall. * objective, x minefield. "
                "Units: ", style="dim")
    text.append("yours", style=OWN)
    text.append(" (in capitals), ", style="dim")
    text.append("the enemy's", style=ENEMY)
    text.append(" (the same letter in lower case: i an enemy infantry company), ", style="dim")
    text.append("p after a symbol: pinned", style="on yellow")
    text.append(", ? an enemy not yet spotted. Symbols: " + ", ".join(
        f"{s} {k}" for k, s in KIND_SYMBOLS.items()) + ", O mortar, V transport.", style="dim")
    text.append("\n" + COMPASS, style="dim")
    return text


def units_table(obs: dict[str, Any]) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for name in ("", "unit", "type", "at", "status", "figures lost", "notes"):
        table.add_column(name)
    for u in obs["units"]:
        at = _centre(u["figures"])
        t = TYPES.get(u["type"])
        notes = [w for w in ("pinned", "stuck", "limbered", "mounted") if u.get(w)]
        if u.get("aboard"):
            notes.append(f"aboard {u['aboard']}")
        if u.get("order"):
            notes.append(f"this move: {ORDER_WORDS.get(u['order'], u['order'])}")
        lost = str(u["dead"] or 0) if u["dead"] is not None else "-"
        table.add_row(Text(symbol(u["type"]), style=OWN), u["id"], t.label if t else u["type"],
                      f"{at[0]:.0f},{at[1]:.0f}" if at else "-", STATUS_WORDS.get(u["status"], u["status"]), lost,
                      ", ".join(notes))
    for e in obs["enemy"]:
        if e["detected"] == "aware":
            table.add_row(Text("?", style=ENEMY), e["id"], e["kind"], f"near {e['near'][0]},{e['near'][1]}",
                          "not spotted", "", "")
        else:
            at = _centre(e["figures"])
            t = TYPES.get(e["type"])
            table.add_row(Text(symbol(e["type"]).lower(), style=ENEMY), e["id"], t.label if t else e["type"],
                          f"{at[0]:.0f},{at[1]:.0f}" if at else "-", "spotted", "",
                          "pinned" if e["pinned"] else "")
    return table


def status_lines(obs: dict[str, Any]) -> list[str]:
    """The objectives, the companies lost, the artillery missions: a line each."""
    lines = ["Objectives: " + "; ".join(
        f"{n + 1}. {o['name']} at {o['at'][0]:g},{o['at'][1]:g} ({o['points']} point{'' if o['points'] == 1 else 's'})"
        for n, o in enumerate(obs["objectives"]))]
    lost = obs["companies_lost"]
    lines.append("Companies lost: " + ", ".join(f"{side} {n}" for side, n in lost.items()))
    if obs["missions"]:
        lines.append("Your artillery missions: " + "; ".join(
            f"{m['battery']} on {m['aim'][0]:g},{m['aim'][1]:g}" + (" (landed)" if m["landed"] else "")
            for m in obs["missions"]))
    return lines
