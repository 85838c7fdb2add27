"""A scenario's public map as JSON, for the pages to draw a side's observation over.

The map is what every side may know from the scenario before play, and nothing of its hidden set-up: no unit,
no blind, no minefield, no battery, no aiming point (those reach a side only through its own observation).

Company Fire (seed 002 "Grid Size", "Terrain", "Area Terrain", "Edge Terrain", "Linear Terrain (optional)";
readings CF-27 ... CF-38): the grid's width and height, each space's area terrain and road, the edge terrain
between spaces, the linear pieces, the terrain kinds (label, map letter, what they block), the objectives with
their points (CF-54), the whole catalogue of unit types (a label and the symbol the pages draw: the catalogue,
not the scenario's forces) and each side's name, colour and set-up zones (the briefing gives them to both sides).

Brigade (seed 004 "Basic scales": 1" = 20 yards; terrain of seed 003): the table's width and depth in inches,
each terrain feature with its kind, its layer (``cover`` and ``works`` areas, ``relief`` hills with their
contour levels, ``line`` hedges, walls and ridges, ``corridor`` roads, rivers and bridges with their width), the
objectives with their points and radius, the catalogue of unit types and the sides. A Brigade side maps its own
deployment in secret (seed 004 "Playing the Game"), so a Brigade map has no set-up zones: ``zones`` is empty for
every side.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from warroom.core.errors import UsageError, suggest
from warroom.core.game import Game, load_game, shipped_scenarios
from warroom.rulesets.brigade.game.scenario import Scenario as BrigadeScenario
from warroom.rulesets.brigade.game.units import TYPES
from warroom.rulesets.brigade.game.units import UnitType as BrigadeType
from warroom.rulesets.brigade.table import MAPPING, kind_name
from warroom.rulesets.company_fire.board import TERRAIN
from warroom.rulesets.company_fire.game.scenario_types import Scenario as CFScenario
from warroom.rulesets.company_fire.units import CATALOGUE

CF_SYMBOLS: dict[str, str] = {
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


class UnknownMap(UsageError):
    """A map asked for by a game or scenario name that is not shipped: the message lists what is."""


def _xy(point: tuple[Any, ...]) -> list[float]:
    return [float(point[0]), float(point[1])]


def _brigade_symbol(t: BrigadeType) -> str:
    """The NATO-style symbol of a Brigade unit type, from what the type is (seed 004 "Unit types")."""
    label = t.label.lower()
    if t.kind == "vehicle":
        if t.main:
            return "tank"
        if "half-track" in label:
            return "half_track"
        if t.autocannon or "armoured car" in label:
            return "armoured_car"
        return "truck" if t.transport else "vehicle"
    if t.kind == "gun":
        return "artillery" if t.indirect else "at_gun"
    if t.kind == "support":
        return "mortar" if t.mortar else "mg"
    if t.kind == "infantry" and "pioneer" in label:
        return "engineer"
    return {"infantry": "infantry", "cavalry": "cavalry", "hq": "hq", "observer": "observer"}.get(t.kind, "unit")


def _cf_map(game: Game, s: CFScenario) -> dict[str, Any]:
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
        "unit_types": {name: {"label": t.label, "symbol": CF_SYMBOLS.get(name, "unit")}
                       for name, t in CATALOGUE.items()},
        "sides": [{"side": side.role, "name": side.name, "colour": side.colour,
                   "zones": [{"from": [z.first[0], z.first[1]], "to": [z.last[0], z.last[1]]}
                             for z in side.setup_zone]}
                  for side in (s.attacker, s.defender)],
    }


def _brigade_map(game: Game, s: BrigadeScenario) -> dict[str, Any]:
    field = s.field
    layout = field.layout
    features = []
    for f in field.features:
        layer = f.layer
        entry: dict[str, Any] = {"name": f.name, "kind": f.kind, "label": kind_name(f.kind), "layer": layer,
                                 "points": [_xy(p) for p in f.points]}
        if layer == "relief":
            entry["upper_levels"] = [[_xy(p) for p in ring] for ring in f.upper_levels]
        if layer == "corridor":
            entry["width"] = layout.width_of(f)
        if f.storeys is not None:
            entry["storeys"] = f.storeys
        if f.height_ft is not None:
            entry["height_ft"] = f.height_ft
        features.append(entry)
    spec = s.spec
    return {
        "ruleset": game.ruleset,
        "scenario": s.path.stem,
        "title": spec.title,
        "kind": "table",
        "width": float(field.width),
        "depth": float(field.depth),
        "terrain": {key: {"label": kind_name(key), "layer": m.layer} for key, m in MAPPING.kinds.items()
                    if m.layer != "none"},
        "features": features,
        "objectives": [{"name": o.name, "at": _xy(o.at), "points": o.points, "radius": o.radius}
                       for o in spec.objectives],
        "unit_types": {name: {"label": t.label, "kind": t.kind, "symbol": _brigade_symbol(t)}
                       for name, t in TYPES.items()},
        "sides": [{"side": side.name, "name": side.label or side.name.capitalize(), "nation": side.nation,
                   "zones": []} for side in spec.sides],
        "periods": spec.periods,
        "first": spec.first,
    }


def public_map(game: Game) -> dict[str, Any]:
    """The public map of ``game``'s scenario (see the module's docstring), as plain JSON data."""
    scenario = getattr(game, "scenario", None)
    if isinstance(scenario, CFScenario):
        return _cf_map(game, scenario)
    if isinstance(scenario, BrigadeScenario):
        return _brigade_map(game, scenario)
    raise UnknownMap(f"the pages cannot draw the map of a {game.ruleset} game; they draw company-fire and brigade")


def shipped_names(ruleset: str) -> list[str]:
    """The names of ``ruleset``'s shipped scenarios (``crossroads_patrol``)."""
    return sorted(path.stem for path in shipped_scenarios().get(ruleset, ()))


@functools.lru_cache(maxsize=64)
def shipped_map(ruleset: str, scenario: str) -> dict[str, Any]:
    """The public map of a shipped scenario, by its game and name only (never a path: a request cannot make the
    server read a file of its choosing). :class:`UnknownMap` names what is allowed."""
    games = sorted(shipped_scenarios())
    if ruleset not in games:
        raise UnknownMap(f"no game '{ruleset}'{suggest(ruleset, games)}; games: {', '.join(games)}")
    names = shipped_names(ruleset)
    if scenario not in names:
        raise UnknownMap(f"no {ruleset} scenario '{scenario}'{suggest(scenario, names)}; "
                         f"scenarios: {', '.join(names)}")
    return public_map(load_game(ruleset, scenario))
