"""Company Fire's public map as JSON (the kit's ``web_map``), for the pages to draw a side's observation over.

The map is what every side may know from the scenario before play, and nothing of its hidden set-up: no unit,
no blind, no minefield, no aiming point (those reach a side only through its own observation). Seed 002 "Grid
Size", "Terrain", "Area Terrain", "Edge Terrain", "Linear Terrain (optional)"; readings CF-27 ... CF-38: the
grid's width and height, each space's area terrain and road, the edge terrain between spaces, the linear pieces,
the terrain kinds (label, map letter, what they block), the objectives with their points (CF-54), the whole
catalogue of unit types (a label and the symbol the pages draw: the catalogue, not the scenario's forces) and
each side's name, colour and set-up zones (the briefing gives them to both sides).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from warroom.core.errors import UsageError
from warroom.core.game import Game
from warroom.rulesets.company_fire.board import TERRAIN
from warroom.rulesets.company_fire.game.scenario_types import Scenario
from warroom.rulesets.company_fire.units import CATALOGUE

SYMBOLS: dict[str, str] = {
    "rifle_squad": "infantry", "smg_squad": "infantry", "engineer_squad": "engineer", "light_mortar": "mortar",
    "mmg": "mg", "hmg": "mg", "anti_tank_gun": "at_gun", "light_anti_tank_gun": "at_gun",
    "platoon_leader": "leader", "company_commander": "commander", "sniper": "sniper",
    "forward_observer": "observer", "scout": "scout", "bazooka_squad": "at_infantry",
    "panzerschreck_squad": "at_infantry", "piat_squad": "at_infantry", "panzerfaust_squad": "at_infantry",
    "light_tank": "tank", "medium_tank": "tank", "heavy_tank": "tank", "light_tank_destroyer": "tank_destroyer",
    "medium_tank_destroyer": "tank_destroyer", "heavy_tank_destroyer": "tank_destroyer",
    "half_track": "half_track", "armoured_car": "armoured_car", "truck": "truck",
}
"""The NATO-style symbol the pages draw for each Company Fire unit type; a type not listed is drawn ``unit``."""


def _xy(point: tuple[Any, ...]) -> list[float]:
    return [float(point[0]), float(point[1])]


def web_map(game: Game) -> dict[str, Any]:
    """The public map of ``game``'s scenario (see the module's docstring), as plain JSON data."""
    s = getattr(game, "scenario", None)
    if not isinstance(s, Scenario):
        raise UsageError(f"{game.scenario_name} is not a Company Fire scenario")
    board = s.board
    return {
        "ruleset": game.ruleset,
        "scenario": Path(s.source).stem,
        "title": s.name,
        "place": s.place,
        "date": s.date,
        "kind": "grid",
        "width": board.width,
        "height": board.height,
        "terrain": {name: {"label": row.label, "code": row.code, "blocks_los": row.blocks_los, "cover": row.cover}
                    for name, row in TERRAIN.area.items()},
        "edge_terrain": {name: {"label": row.label, "code": row.code, "blocks_los": row.blocks_los,
                                "cover": row.cover} for name, row in TERRAIN.edge.items()},
        "spaces": [{"at": [c, r], "terrain": board.area_at((c, r)), "road": board.has_road((c, r))}
                   for c, r in board.spaces()],
        "roads": [[c, r] for c, r in sorted(board.roads, key=lambda sp: (sp[1], sp[0]))],
        "edges": [{"between": [[a[0], a[1]], [b[0], b[1]]], "kind": name} for (a, b), name in board.edges],
        "linear": [{"at": [p.space[0], p.space[1]], "kind": p.kind, "from": _xy(p.start), "to": _xy(p.end)}
                   for p in board.linear],
        "objectives": [{"name": o.name, "at": [o.at[0], o.at[1]], "points": o.points}
                       for o in s.victory.objectives],
        "unit_types": {name: {"label": t.label, "symbol": SYMBOLS.get(name, "unit")}
                       for name, t in CATALOGUE.items()},
        "sides": [{"side": side.role, "name": side.name, "colour": side.colour,
                   "zones": [{"from": [z.first[0], z.first[1]], "to": [z.last[0], z.last[1]]}
                             for z in side.setup_zone]}
                  for side in (s.attacker, s.defender)],
    }
