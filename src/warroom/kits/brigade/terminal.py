"""The Brigade table in the terminal (the kit's ``terminal_board``), as one side sees it: drawn from that side's
observation only.

The table is measured in inches; the terminal draws it as a grid of characters, each an inch or more across and
twice that deep (so the picture keeps the table's shape), the far edge (greater y) at the bottom. A character
shows the terrain feature under it (the scenario's map is public; :data:`TERRAIN_GLYPHS`), an objective ``*``,
a minefield the side knows of ``x``, and the units the side sees at their centre, as unit-type symbols
(:data:`KIND_SYMBOLS`): its own in cyan (pinned on yellow), detected enemies in red, and an enemy it is only
aware of as ``?`` near where it is thought to be (seed 004 "Detection", the observation's 4" grid). Under the
map, a table of every unit the side sees.
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from shapely.geometry import LineString, Point, Polygon, box

from warroom.core.game import Game
from warroom.kits.brigade.facts import heading
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
           "270\u00b0 left. Move to a point: type UNIT to X,Y (inches, as the ruler reads), e.g. RU-1 to 40,30.")
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


def draw(game: Game, obs: dict[str, Any]) -> RenderableType:
    """The table and the list of units, as ``obs`` (one side's observation) shows them."""
    field = game.scenario.field  # type: ignore[attr-defined]
    sx = max(1.0, math.ceil(field.width / MAX_COLUMNS))
    sy = 2 * sx
    cols, rows = math.ceil(field.width / sx), math.ceil(field.depth / sy)
    cells: list[list[Text]] = [[Text(g, style="green") for g in row] for row in _terrain_grid(game, cols, rows, sx,
                                                                                               sy)]

    def put(x: float, y: float, glyph: str, style: str) -> None:
        c, r = min(cols - 1, max(0, int(x // sx))), min(rows - 1, max(0, int(y // sy)))
        cells[r][c] = Text(glyph, style=style)

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
            put(*at, symbol(e["type"]), ENEMY + (" on yellow" if e["pinned"] else ""))
    for u in obs["units"]:
        if u["status"] == "on" and not u.get("aboard") and (at := _centre(u["figures"])) is not None:
            put(*at, symbol(u["type"]), OWN + (" on yellow" if u["pinned"] else ""))
    step = 10
    ruler = Text("    " + "".join(f"{int(c * sx):<{step}}" for c in range(0, cols, step)), style="dim")
    lines = [ruler]
    for r in range(rows):
        line = Text(f"{int(r * sy):>3} ", style="dim")
        for cell in cells[r]:
            line.append_text(cell)
        lines.append(line)
    scale = f"each character {sx:g}\" across and {sy:g}\" deep; the table is {field.width:g}\" x {field.depth:g}\""
    return Group(Text(heading(obs), style="bold"), *lines, _legend(scale), _units_table(obs), _extras(obs))


def _legend(scale: str) -> Text:
    text = Text(f"{scale}. Terrain: B building, W woods, w light woods, , scrub, \" wheat, ^ hill or ridge, "
                "= road, ~ river or soft ground, _ trench, h hedge, # bocage, | wall. * objective, x minefield. "
                "Units: ", style="dim")
    text.append("yours", style=OWN)
    text.append(", ", style="dim")
    text.append("the enemy's", style=ENEMY)
    text.append(", ", style="dim")
    text.append("pinned", style="on yellow")
    text.append(", ? an enemy not yet spotted. Symbols: " + ", ".join(
        f"{s} {k}" for k, s in KIND_SYMBOLS.items()) + ", O mortar, V transport.", style="dim")
    text.append("\n" + COMPASS, style="dim")
    return text


def _units_table(obs: dict[str, Any]) -> Table:
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
            notes.append(f"order {u['order']}")
        table.add_row(Text(symbol(u["type"]), style=OWN), u["id"], t.label if t else u["type"],
                      f"{at[0]:.0f},{at[1]:.0f}" if at else "-", u["status"], str(u["dead"] or 0) if u["dead"]
                      is not None else "-", ", ".join(notes))
    for e in obs["enemy"]:
        if e["detected"] == "aware":
            table.add_row(Text("?", style=ENEMY), e["id"], e["kind"], f"near {e['near'][0]},{e['near'][1]}",
                          "not spotted", "", "")
        else:
            at = _centre(e["figures"])
            t = TYPES.get(e["type"])
            table.add_row(Text(symbol(e["type"]), style=ENEMY), e["id"], t.label if t else e["type"],
                          f"{at[0]:.0f},{at[1]:.0f}" if at else "-", "spotted", "",
                          "pinned" if e["pinned"] else "")
    return table


def _extras(obs: dict[str, Any]) -> Text:
    lines = ["Objectives: " + "; ".join(f"{n + 1}. {o['name']} at {o['at'][0]:g},{o['at'][1]:g} ({o['points']} "
                                        f"points)" for n, o in enumerate(obs["objectives"]))]
    lost = obs["companies_lost"]
    lines.append("Companies lost: " + ", ".join(f"{side} {n}" for side, n in lost.items()))
    if obs["missions"]:
        lines.append("Your artillery missions: " + "; ".join(
            f"{m['battery']} on {m['aim'][0]:g},{m['aim'][1]:g}" + (" (landed)" if m["landed"] else "")
            for m in obs["missions"]))
    return Text("\n".join(lines))
