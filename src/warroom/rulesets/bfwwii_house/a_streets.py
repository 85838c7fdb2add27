"""Seed 000 "Lanes, Streets & Roads & Rubble": what streets and roads are, clear and rubbled; the bog-down check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import (
    DAWN,
    NIGHT_GOOD,
    NIGHT_POOR,
    RUBBLE,
    STREETS,
    cite,
    die_range,
    load_data,
    plural,
    plus,
)
from warroom.rulesets.bfwwii_house.a_visibility import VISIBILITY, condition, vsrc
from warroom.rulesets.bfwwii_house.base_tables import BOG_DOWN
from warroom.rulesets.bfwwii_house.info import INFO


class Way(Table):
    label: str
    defile: bool
    troops: str
    vehicles: str
    bog_down_check: bool
    spotting: str
    cover: str


class StreetsTable(Table):
    ways: dict[str, Way]


TABLE = load_data("a_streets", StreetsTable)


def way_of(way: str, strips: int) -> str:
    """Which case of the section a street or road with this much rubble is (BF-39)."""
    if way == "road":
        return ("road_clear", "street_clear", "rubble")[min(strips, 2)]
    if way == "narrow_street":
        strips += 1
    return ("street_clear", "street_partially_blocked", "rubble")[min(strips, 2)]


def _check(v: Mapping[str, Any]) -> None:
    if v["way"] == "lane":
        raise UsageError("way=lane: lanes are not represented in BFWWII; they are part of the BUS")


def _row(v: Mapping[str, Any]) -> str:
    w = TABLE.ways[way_of(v["way"], v["rubble_strips"])]
    move = w.troops if v["unit"] == "troops" else w.vehicles
    who = "troops" if v["unit"] == "troops" else "vehicles"
    return f"{w.label}: {who} {move}" + ("; a defile" if w.defile else "")


@procedure(
    INFO,
    "street-movement",
    example={"way": "street", "rubble_strips": 1, "unit": "vehicle"},
    title="Streets, roads and rubble",
    summary="Speed, defile, bog-down check, spotting and cover of a street or a road through a BUA, by its strips "
            "of rubble.",
    rule=cite(STREETS, RUBBLE, readings=("BF-39", "BF-40")),
    params=(
        Param("way", "choice", "street, narrow_street, road (through a BUA) or lane", "street",
              choices=("street", "narrow_street", "road", "lane")),
        Param("rubble_strips", "int", "strips of rubble across it at this point (one each side at most)", 0,
              minimum=0, maximum=2),
        Param("unit", "choice", "who moves along it", "troops", choices=("troops", "vehicle")),
    ),
    results=lambda v: (_row(v),),
    check=_check,
)
def street_movement(r: Resolution, way: str, rubble_strips: int, unit: str) -> Outcome:
    """Seed 000 "Lanes, Streets & Roads & Rubble": lanes are part of the BUS. Streets (wide
    enough for a vehicle) are always a defile: troops full speed, vehicles half; one strip
    of rubble (or a narrow street, BF-39) partially blocks them (vehicles half speed and a
    bog-down check, troops unaffected); two strips block them (rubble for all). Streets are
    1" across or less for spotting (troops in a BUS conformed to one spot troops in the BUS
    directly opposite), dense edge/deep, soft cover. Roads through BUAs are paved, not a
    defile: vehicles full speed, never double through BUS; one strip makes a road a street,
    two rubble; roads are over 1" across (BF-40), open for spotting, no cover or concealment
    unless blocked. Rubble strips come from "Destroying BUS and Rubble"."""
    case = way_of(way, rubble_strips)
    w = TABLE.ways[case]
    shown = way.replace("_", " ")
    if way == "narrow_street":
        r.step("a narrow street counts as partially blocked by rubble (BF-39)")
    r.step(f"{shown} with {plural(rubble_strips, 'strip')} of rubble: {w.label}")
    r.step(f"troops: {w.troops}; vehicles: {w.vehicles}" + ("; always a defile" if w.defile else "; not a defile"))
    if unit == "vehicle" and w.bog_down_check:
        r.step("vehicles take a bog-down check (bog-down-check terrain=partially_blocked_street)")
    r.step(f"spotting: {w.spotting}; cover: {w.cover}")
    return r.result(_row({"way": way, "rubble_strips": rubble_strips, "unit": unit}), case.replace("_", " "))


# --- bog-down check ----------------------------------------------------------------------------------


@procedure(
    INFO,
    "bog-down-check",
    worse="later",  # seed 000 "Lanes, Streets & Roads & Rubble": passes, or bogged down
    example={"terrain": "partially_blocked_street", "visibility": "night_poor"},
    title="Bog-down check",
    summary="A vehicle's bog-down check (base table, a stand-in) with the night and dawn modifiers: -1, -2 at "
            "night in poor visibility.",
    rule=cite(STREETS, NIGHT_GOOD, DAWN, NIGHT_POOR, readings=("BF-1", "BF-2", "BF-41")),
    params=(
        Param("terrain", "choice", "why the check is taken: partially_blocked_street (1 strip or narrow), rubble, "
              "other", "partially_blocked_street", choices=("partially_blocked_street", "rubble", "other")),
        VISIBILITY,
        Param("other_modifiers", "int", "the base bog-down table's other modifiers for this vehicle, summed", 0,
              minimum=-10, maximum=10),
    ),
    results=("passes", "bogged down"),
)
def bog_down_check(r: Resolution, terrain: str, visibility: str, other_modifiers: int) -> Outcome:
    """Seed 000 bog-down modifiers on the base bog-down table (a stand-in, BF-1): vehicles in a
    street partially blocked by rubble take the check ("Lanes, Streets & Roads & Rubble");
    -1 at night in good visibility, -2 in poor visibility, -1 at dawn, dusk or in poor day
    visibility (signs restored, BF-2; on every bog-down check, BF-41)."""
    table = BOG_DOWN.read(r)
    mods = 0
    terrain_mod: int = getattr(table.terrain_modifiers, terrain)
    if terrain_mod:
        mods += r.modifier(terrain.replace("_", " "), terrain_mod, "base bog-down table")
    c = condition(visibility)
    if c.bog_down:
        mods += r.modifier(c.label, c.bog_down, vsrc(visibility, "Manoeuvre; BF-41"))
    if other_modifiers:
        mods += r.modifier("other bog-down modifiers given", other_modifiers, "given")
    s = table.die_sides
    stuck = table.bogged_down_at_or_below
    r.step(f"1d{s}{plus(mods)}: bogged down on {stuck} or less ({die_range(1, stuck - mods, s)})")
    roll = r.die(s, label="bog-down check")
    total = roll + mods
    if total <= stuck:
        return r.result("bogged down", f"modified {total}: {stuck} or less")
    return r.result("passes", f"modified {total}: more than {stuck}")
