"""The Company Fire board in the terminal (the kit's ``terminal_board``), as one side sees it: drawn from that side's
observation only.

The map is the scenario's grid (public): each space two lines of five characters. The top line is the
terrain's map letter (the same letters as ``warroom scenario show`` and the map pictures), ``=`` for a road, and
a mark: ``*`` an objective, a minefield as CF-52 lets the side see it (``M`` a marker or the side's own real
field, ``m`` its own dummy, ``!`` its own unmarked field), ``s`` smoke. The bottom line holds the units in the
space as unit-type symbols (:data:`SYMBOLS`), the side's own in cyan, the enemy's in red, a status on the
symbol's background (pinned yellow, suppressed red) and ``?`` for an enemy blind; the fourth character of the
top line marks the enemy's last actions where the screen passes them (``obs["marks"]``,
:mod:`warroom.play.marks`: ``X`` fell, ``@`` fired at, ``>`` moved here, ``+`` came into sight), with a line
telling them under the map; the side's own units still under a blind are dim. Edges between spaces are drawn as
the text map draws them: ``#`` bocage, ``:`` or ``##`` partial bocage, ``|`` or ``-`` a low stone wall. Under the
map, a table of every unit the side sees.
"""

from __future__ import annotations

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
OWN, ENEMY = "bold cyan", "bold red"
_CELL = 5
_EDGE_V = {"bocage_full": "#", "bocage_partial": ":", "low_stone_wall": "|"}
_EDGE_H = {"bocage_full": "#" * _CELL, "bocage_partial": "##" + " " * (_CELL - 2), "low_stone_wall": "-" * _CELL}


def symbol(type_name: str) -> str:
    return SYMBOLS.get(type_name, type_name[:1].upper() or "?")


def _board(game: Game) -> Board:
    board: Board = game.scenario.board  # type: ignore[attr-defined]
    return board


def draw(game: Game, obs: dict[str, Any]) -> RenderableType:
    """The map and the table of units, as ``obs`` (one side's observation) shows them."""
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

    last = cell_glyphs(obs.get("marks") or ())  # the enemy's last actions, where the screen passes them

    def top(space: Space) -> Text:
        line = Text(board.terrain(space).code, style="green" if board.area_at(space) != "open" else "dim")
        line.append("=" if board.has_road(space) else " ", style="yellow")
        line.append_text(mark(space))
        line.append(last.get((float(space[0]), float(space[1])), " "), style="bold white on magenta")
        line.append(" " * (_CELL - 4))
        return line

    def bottom(space: Space) -> Text:
        line = Text()
        units = here.get(space, [])
        for u in units[:4 if len(units) <= 4 else 3]:
            colour = OWN if u["side"] == side else ENEMY
            style = f"{colour} {STATUS_STYLE.get(u['status'], '')}".strip()
            if u.get("hidden"):
                style += " dim italic"
            line.append(symbol(u["type"]), style=style)
        if len(units) > 4:
            line.append("+", style="bold")
        if space in blinds:
            line.append("?", style=f"{ENEMY} reverse")
        line.truncate(_CELL, pad=True)
        return line

    rows: list[Text] = [Text("    " + "".join(f"{c:<{_CELL + 1}}" for c in range(board.width)).rstrip(),
                             style="dim")]
    for r in range(board.height):
        upper, lower = Text(f"{r:>2}  ", style="dim"), Text("    ")
        for c in range(board.width):
            upper.append_text(top((c, r)))
            lower.append_text(bottom((c, r)))
            if c + 1 < board.width:
                edge = _EDGE_V.get(board.edge_at((c, r), (c + 1, r)) or "", " ")
                upper.append(edge, style="bold green")
                lower.append(edge, style="bold green")
        rows += [upper, lower]
        if r + 1 < board.height:
            rows.append(Text("    " + " ".join(_EDGE_H.get(board.edge_at((c, r), (c, r + 1)) or "", " " * _CELL)
                                               for c in range(board.width)), style="bold green"))
    told = legend_line(obs.get("marks") or ())
    return Group(Text(heading(obs), style="bold"), *rows, *([Text(told, style="magenta")] if told else []), _legend(),
                 _units_table(obs), _extras(obs))


def _legend() -> Text:
    terrain = "  ".join(f"{row.code} {row.label}" for row in TERRAIN.area.values())
    text = Text(f"Terrain: {terrain}; = road. Edges: # bocage, : partial bocage, | - stone wall. "
                "Marks: * objective, M minefield (m dummy, ! unmarked: your own), s smoke. Units: ", style="dim")
    text.append("yours", style=OWN)
    text.append(", ", style="dim")
    text.append("the enemy's", style=ENEMY)
    text.append(", ", style="dim")
    text.append("pinned", style="on yellow")
    text.append(", ", style="dim")
    text.append("suppressed", style="on red")
    text.append(", dim: under a blind, ? an enemy blind. Symbols: " + ", ".join(
        f"{s} {n.replace('_', ' ')}" for n, s in SYMBOLS.items() if n in _LEGEND_TYPES), style="dim")
    return text


_LEGEND_TYPES = ("rifle_squad", "smg_squad", "engineer_squad", "light_mortar", "mmg", "hmg", "anti_tank_gun",
                 "platoon_leader", "company_commander", "sniper", "forward_observer", "scout", "bazooka_squad",
                 "light_tank", "medium_tank", "heavy_tank", "medium_tank_destroyer", "half_track", "armoured_car",
                 "truck")


def _units_table(obs: dict[str, Any]) -> Table:
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
        table.add_row(Text(symbol(u["type"]), style=OWN if own else ENEMY), u["id"], label, at,
                      Text(u["status"].replace("_", " "), style=STATUS_STYLE.get(u["status"], "dim")),
                      ", ".join(notes))
    return table


def _extras(obs: dict[str, Any]) -> Text:
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
    return Text("\n".join(lines))
