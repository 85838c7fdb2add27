"""Brigade's public map as JSON (the kit's ``web_map``), for the pages to draw a side's observation over.

The map is what every side may know from the scenario before play, and nothing of its hidden set-up: no unit,
no minefield, no battery, no aiming point (those reach a side only through its own observation). Seed 004 "Basic
scales": 1" = 20 yards; terrain of seed 003: the table's width and depth in inches, each terrain feature with its
kind, its layer (``cover`` and ``works`` areas, ``relief`` hills with their contour levels, ``line`` hedges, walls
and ridges, ``corridor`` roads, rivers and bridges with their width), the objectives with their points and radius,
the catalogue of unit types and the sides. A Brigade side maps its own deployment in secret (seed 004 "Playing
the Game"), so a Brigade map has no set-up zones: ``zones`` is empty for every side.
"""

from __future__ import annotations

from typing import Any

from warroom.core.errors import UsageError
from warroom.core.game import Game
from warroom.rulesets.brigade.game.scenario import Scenario
from warroom.rulesets.brigade.game.units import TYPES, UnitType
from warroom.rulesets.brigade.table import MAPPING, kind_name


def _xy(point: tuple[Any, ...]) -> list[float]:
    return [float(point[0]), float(point[1])]


def symbol(t: UnitType) -> str:
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


def web_map(game: Game) -> dict[str, Any]:
    """The public map of ``game``'s scenario (see the module's docstring), as plain JSON data."""
    s = getattr(game, "scenario", None)
    if not isinstance(s, Scenario):
        raise UsageError(f"{game.scenario_name} is not a Brigade scenario")
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
        "unit_types": {name: {"label": t.label, "kind": t.kind, "symbol": symbol(t)}
                       for name, t in TYPES.items()},
        "sides": [{"side": side.name, "name": side.label or side.name.capitalize(), "nation": side.nation,
                   "zones": []} for side in spec.sides],
        "periods": spec.periods,
        "first": spec.first,
    }
