"""The Company Fire board in the terminal (the kit's ``terminal_board``), as one side sees it: drawn from that side's
observation only.

The map is the scenario's grid (public): each space two lines of five characters. The top line is the
terrain's map letter (the same letters as ``warroom scenario show`` and the map pictures), ``=`` for a road, and
a mark: ``*`` an objective, a minefield as CF-52 lets the side see it (``M`` a marker or the side's own real
field, ``m`` its own dummy, ``!`` its own unmarked field), ``s`` smoke. The bottom line holds the units in the
space as unit-type symbols (:data:`SYMBOLS`), the side's own in cyan, the enemy's in red and each after an
``e``, a status in a letter after the symbol as well as on its background (``p`` pinned on yellow, ``s``
suppressed on red), so a monochrome terminal or a copy of the text still reads, and ``?`` for an enemy blind;
the side's own units still under a blind are dim. Edges between spaces are drawn as the text map draws them:
``#`` bocage, ``:`` or ``##`` partial bocage, ``|`` or ``-`` a low stone wall. Under the map, a table of every
unit the side sees. The fourth character of a space's top line marks the enemy's last actions where the screen
passes them (``obs["marks"]``, :mod:`warroom.play.marks`: ``X`` fell, ``@`` fired at, ``>`` moved here, ``+`` came
into sight), with a line telling them under the map.

Where the screen has too few lines for that (:func:`fit_map`), the map is drawn compact: a space in one line
(the terrain letter, the mark or else the road, then the units), the edges between columns only.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from warroom.core.errors import UsageError
from warroom.core.game import Game
from warroom.kits.company_fire.facts import heading
from warroom.play.marks import cell_glyphs, legend_line
from warroom.rulesets.company_fire.board import TERRAIN, Board, Space
from warroom.rulesets.company_fire.units import unit_type

SYMBOLS: dict[str, str] = {
    "rifle_squad": "R", "smg_squad": "S", "engineer_squad": "E", "light_mortar": "O", "mmg": "M", "hmg": "H",
    "anti_tank_gun": "G", "light_anti_tank_gun": "g", "platoon_leader": "L", "company_commander": "C",
    "sniper": "N", "forward_observer": "F", "scout": "X", "bazooka_squad": "A", "panzerschreck_squad": "A",
    "piat_squad": "A", "panzerfaust_squad": "A", "light_tank": "t", "medium_tank": "T", "heavy_tank": "K",
    "light_tank_destroyer": "d", "medium_tank_destroyer": "D", "heavy_tank_destroyer": "D", "half_track": "h",
    "armoured_car": "a", "truck": "u",
}
"""A unit type's symbol on the map; a type not listed shows the first letter of its name."""

STATUS_STYLE = {"good_order": "", "pinned": "on yellow", "suppressed": "on red"}
STATUS_LETTER = {"pinned": "p", "suppressed": "s"}
"""A status as a letter after the unit's symbol on the map (good order has none)."""
ENEMY_MARK = "e"
"""The letter before an enemy unit's symbol on the map."""
OWN, ENEMY = "bold cyan", "bold red"
_CELL = 5
_EDGE_V = {"bocage_full": "#", "bocage_partial": ":", "low_stone_wall": "|"}
_EDGE_H = {"bocage_full": "#" * _CELL, "bocage_partial": "##" + " " * (_CELL - 2), "low_stone_wall": "-" * _CELL}


def symbol(type_name: str) -> str:
    return SYMBOLS.get(type_name, type_name[:1].upper() or "?")


def _board(game: Game) -> Board:
    board: Board = game.scenario.board  # type: ignore[attr-defined]
    return board


def token(u: dict[str, Any], side: str) -> Text:
    """A unit on the map: its symbol, after ``e`` if it is the enemy's, and its status letter (:data:`STATUS_LETTER`),
    in colour too."""
    colour = OWN if u["side"] == side else ENEMY
    style = f"{colour} {STATUS_STYLE.get(u['status'], '')}".strip()
    if u.get("hidden"):
        style += " dim italic"
    text = Text(ENEMY_MARK if u["side"] != side else "", style=colour)
    text.append(symbol(u["type"]), style=style)
    text.append(STATUS_LETTER.get(u["status"], ""), style=style)
    return text


def _units_in(tokens: list[Text], blind: bool, room: int) -> Text:
    """The tokens of a space's units in ``room`` characters, a ``+`` where they do not all fit."""
    line = Text()
    blind_mark = Text("?", style=f"{ENEMY} reverse") if blind else Text()
    for n, t in enumerate(tokens):
        rest = room - len(line) - len(blind_mark)
        if len(t) > rest or (n + 1 < len(tokens) and len(t) == rest):
            line.append("+", style="bold")
            break
        line.append_text(t)
    line.append_text(blind_mark)
    line.truncate(room, pad=True)
    return line


def _map(game: Game, obs: dict[str, Any], compact: bool) -> list[Text]:
    board = _board(game)
    side = obs["side"]
    here: dict[Space, list[dict[str, Any]]] = defaultdict(list)
    for u in obs["units"]:
        if u["at"] is not None and u["status"] not in ("destroyed", "removed"):
            here[(u["at"][0], u["at"][1])].append(u)
    blinds = {(b["at"][0], b["at"][1]) for b in obs["blinds"] if b["side"] != side}
    objectives = {(o["at"][0], o["at"][1]) for o in obs["objectives"]}
    smoke = {(s["at"][0], s["at"][1]) for s in obs["smoke"]}
    mines = {(m["at"][0], m["at"][1]): m for m in obs["minefields"]}

    def mark(space: Space) -> Text:
        if space in objectives:
            return Text("*", style="bold yellow")
        if space in mines:
            m = mines[space]
            own = m["laid_by"] == side
            letter = "!" if own and not m["marked"] else ("m" if own and not m.get("real", True) else "M")
            return Text(letter, style="bold magenta")
        return Text("s" if space in smoke else " ", style="bold white")

    def terrain(space: Space) -> Text:
        return Text(board.terrain(space).code, style="green" if board.area_at(space) != "open" else "dim")

    last = cell_glyphs(obs.get("marks") or ())  # the enemy's last actions, where the screen passes them

    def top(space: Space) -> Text:
        line = terrain(space)
        line.append("=" if board.has_road(space) else " ", style="yellow")
        line.append_text(mark(space))
        line.append(last.get((float(space[0]), float(space[1])), " "), style="bold white on magenta")
        line.append(" " * (_CELL - 4))
        return line

    def units(space: Space, room: int) -> Text:
        return _units_in([token(u, side) for u in here.get(space, [])], space in blinds, room)

    def one_line(space: Space) -> Text:
        line = terrain(space)
        m, glyph = mark(space), last.get((float(space[0]), float(space[1])))
        if glyph:  # the enemy's last action here, before the mark or the road
            line.append(glyph, style="bold white on magenta")
        else:
            line.append_text(m if m.plain != " " else Text("=" if board.has_road(space) else " ", style="yellow"))
        line.append_text(units(space, _CELL - 2))
        return line

    def edge(c: int, r: int) -> str:
        return _EDGE_V.get(board.edge_at((c, r), (c + 1, r)) or "", " ")

    rows: list[Text] = [Text("    " + "".join(f"{c:<{_CELL + 1}}" for c in range(board.width)).rstrip(),
                             style="dim")]
    for r in range(board.height):
        if compact:
            line = Text(f"{r:>2}  ", style="dim")
            for c in range(board.width):
                line.append_text(one_line((c, r)))
                if c + 1 < board.width:
                    line.append(edge(c, r), style="bold green")
            rows.append(line)
            continue
        upper, lower = Text(f"{r:>2}  ", style="dim"), Text("    ")
        for c in range(board.width):
            upper.append_text(top((c, r)))
            lower.append_text(units((c, r), _CELL))
            if c + 1 < board.width:
                upper.append(edge(c, r), style="bold green")
                lower.append(edge(c, r), style="bold green")
        rows += [upper, lower]
        if r + 1 < board.height:
            rows.append(Text("    " + " ".join(_EDGE_H.get(board.edge_at((c, r), (c, r + 1)) or "", " " * _CELL)
                                               for c in range(board.width)), style="bold green"))
    told = legend_line(obs.get("marks") or ())
    return rows + ([Text(told, style="magenta")] if told else [])


def draw(game: Game, obs: dict[str, Any]) -> RenderableType:
    """The map, its legend and the table of units, as ``obs`` (one side's observation) shows them."""
    return Group(Text(heading(obs), style="bold"), *_map(game, obs, compact=False), legend(game),
                 units_table(obs), Text("\n".join(status_lines(obs))))


def fit_map(game: Game, obs: dict[str, Any], width: int, height: int) -> RenderableType:
    """The map in ``height`` lines: a space in two lines and the edges between rows where they fit, else compact
    (a line a row). Its width is the same either way (4 + 6 columns a space)."""
    board = _board(game)
    told = legend_line(obs.get("marks") or ())  # the line telling the enemy's last actions takes its room first
    spare = len(textwrap.wrap(told, max(20, width))) if told else 0
    return Group(*_map(game, obs, compact=3 * board.height > height - spare))


def legend(game: Game) -> Text:
    """What the map's letters mean: terrain, edges, marks, the units' symbols and status letters."""
    terrain = ", ".join(f"{row.code} {row.label}" for row in TERRAIN.area.values())
    text = Text(f"Terrain: {terrain}; = road. Edges: # bocage, : partial bocage, | - stone wall (the edges "
                "between rows on the full map only: type board). Marks: * objective, M minefield (m dummy, ! "
                "unmarked: your own), s smoke (in a compact map a mark hides the road). Units: a symbol, ",
                style="dim")
    text.append("yours", style=OWN)
    text.append(" plain, ", style="dim")
    text.append("the enemy's", style=ENEMY)
    text.append(f" after an {ENEMY_MARK} (eR an enemy rifle squad); a letter after it is its status: ", style="dim")
    text.append("p pinned", style="on yellow")
    text.append(", ", style="dim")
    text.append("s suppressed", style="on red")
    text.append(" (Rs your suppressed rifle squad); dim: yours under a blind; ? an enemy blind; + more units than "
                "fit. Symbols: " + ", ".join(f"{s} {n.replace('_', ' ')}" for n, s in SYMBOLS.items()
                                              if n in _LEGEND_TYPES) + ".", style="dim")
    return text


_LEGEND_TYPES = ("rifle_squad", "smg_squad", "engineer_squad", "light_mortar", "mmg", "hmg", "anti_tank_gun",
                 "platoon_leader", "company_commander", "sniper", "forward_observer", "scout", "bazooka_squad",
                 "light_tank", "medium_tank", "heavy_tank", "medium_tank_destroyer", "half_track", "armoured_car",
                 "truck")


def units_table(obs: dict[str, Any]) -> Table:
    side = obs["side"]
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for name in ("", "unit", "type", "at", "status", "this card"):
        table.add_column(name)
    for u in sorted(obs["units"], key=lambda u: (u["side"] != side, u["id"])):
        own = u["side"] == side
        notes = [w for w in ("moved", "fired", "done") if u.get(w)]
        if u.get("hidden"):
            notes.insert(0, "under a blind")
        if u.get("occupies_bocage"):
            notes.append("in the bocage")
        if u.get("riding"):
            notes.append(f"riding {u['riding']}")
        if u.get("facing"):
            notes.append(f"facing {u['facing']}" + (f", turret {u['turret']}" if u.get("turret") else ""))
        try:
            label = unit_type(u["type"]).label
        except UsageError:  # a type the catalogue does not know: its name
            label = u["type"].replace("_", " ")
        at = "-" if u["at"] is None else f"{u['at'][0]},{u['at'][1]}"
        mark = Text(("" if own else ENEMY_MARK) + symbol(u["type"]), style=OWN if own else ENEMY)
        table.add_row(mark, u["id"], label, at,
                      Text(u["status"].replace("_", " "), style=STATUS_STYLE.get(u["status"], "dim")),
                      ", ".join(notes))
    return table


def status_lines(obs: dict[str, Any]) -> list[str]:
    """The objectives, the enemy blinds, the fire missions: a line each."""
    side = obs["side"]
    lines = ["Objectives: " + "; ".join(f"{o['name']} ({o['at'][0]},{o['at'][1]}) held by the {o['held_by']}"
                                        for o in obs["objectives"])]
    enemy_blinds = [f"{b['at'][0]},{b['at'][1]}" for b in obs["blinds"] if b["side"] != side]
    if enemy_blinds:
        lines.append("Enemy blinds (units or dummies): " + "; ".join(enemy_blinds))
    left = obs["fire_missions_left"]
    if left["he"] or left["smoke"]:
        lines.append(f"Your fire missions left: {left['he']} HE, {left['smoke']} smoke")
    if obs["fire_missions_marked"]:
        lines.append("Fire missions marked: " + "; ".join(
            f"{m['side']} {m['kind']} at {m['at'][0]},{m['at'][1]}" for m in obs["fire_missions_marked"]))
    return lines
