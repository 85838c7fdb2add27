"""Spotting distance with every Up/Down modifier that sections 1-13 of seed 000 add.

Night and poor visibility, flares and fires, sneaking, higher storeys of a multi-level
BUS, Flat Featureless Terrain, improved positions, burning and smoking vehicles, streets
and roads, all applied to the base spotting chart (a stand-in, BF-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.bfwwii_house.a_common import (
    FLAT,
    IP,
    KO,
    MULTI,
    NIGHT_GOOD,
    SNEAK,
    STREETS,
    cite,
    src,
)
from warroom.rulesets.bfwwii_house.a_positions import POSITION_PARAM
from warroom.rulesets.bfwwii_house.a_positions import TABLE as POSITIONS
from warroom.rulesets.bfwwii_house.a_visibility import (
    ALL_VISIBILITY,
    VISIBILITY,
    condition,
    vsrc,
)
from warroom.rulesets.bfwwii_house.a_visibility import (
    TABLE as VIS,
)
from warroom.rulesets.bfwwii_house.base_tables import SPOTTING, SpottingTable
from warroom.rulesets.bfwwii_house.info import INFO

RESULTS = ("spotted", "suspected", "not spotted")

TERRAIN = ("open", "sparse_edge", "sparse_deep", "dense_edge", "dense_deep", "bus", "street", "street_deep",
           "road_in_bua")
CHART_TERRAIN = {"street": "dense_edge", "street_deep": "dense_deep", "road_in_bua": "open"}
DENSE = ("dense_edge", "dense_deep", "bus", "street", "street_deep")
"""Dense concealment, 4" at most: a BUS is dense cover on the stand-in chart (BF-96); streets (BF-97)."""


def _check(v: Mapping[str, Any]) -> None:
    c = condition(v["visibility"])
    if not c.night and (v["target_illuminated"] or v["spotter_illuminated"]):
        raise UsageError(f"visibility={v['visibility']}: flare and fire illumination (target_illuminated, "
                         "spotter_illuminated) are part of the Night Rules")
    if v["spotter_storey"] and not v["spotter_elevated"]:
        raise UsageError("spotter_storey=true says where the spotter's higher elevation is: give "
                         "spotter_elevated=true too (an upper storey is higher than the target only if it is)")
    if v["flat_featureless"] and v["target_terrain"] not in ("open",):
        raise UsageError("flat_featureless=true: Flat Featureless Terrain qualifies open (or soft, marshy, muddy or "
                         "snow-covered) ground: use target_terrain=open")
    if v["across_street_opposite"] and (v["target_terrain"] != "bus" or v["target"] != "troops"):
        raise UsageError("across_street_opposite=true: the automatic spot is of troops in a BUS directly opposite "
                         "across a street; use target=troops and target_terrain=bus")


def _up_down(r: Resolution, table: SpottingTable, v: Mapping[str, Any]) -> int:
    """The net shift on the chart: + for each Up, - for each Down, each recorded with its source."""
    c = condition(v["visibility"])
    shift = 0
    activity = v["target_activity"]
    if activity == "moving_or_firing":
        shift += r.modifier("target moving or firing (Up)", table.moving_or_firing_up, "base spotting chart", "rungs")
    elif activity == "sneaking":
        r.step("target sneaking: no Moving or Firing modifier, it counts as stationary in its terrain")
    if v["target"] == "vehicle":
        shift += r.modifier("target is a vehicle (Up)", table.vehicle_up, "base spotting chart", "rungs")
    if v["spotter_elevated"]:
        if c.elevation_up_allowed:
            what = "spotter at a higher elevation" + (" (an upper storey)" if v["spotter_storey"] else "") + " (Up)"
            shift += r.modifier(what, table.higher_elevation_up, src(MULTI) if v["spotter_storey"]
                                else "base spotting chart", "rungs")
        else:
            r.step(f"no Up {table.higher_elevation_up} for higher elevation at night")
    if v["flat_featureless"]:
        shift += r.modifier("target in Flat Featureless Terrain (Up)", 1, src(FLAT, "Spotting"), "rungs")
    if c.spotting_down:
        down = c.spotting_down
        if v["target_illuminated"]:
            cancelled = min(down, VIS.flare_cancels_down)
            down -= cancelled
            r.step(f"target under a flare or fire template: no night Down {cancelled}"
                   + (f" (Down {down} of poor visibility remains, BF-17)" if down else ""))
        if down:
            shift += r.modifier(f"{c.label} (Down)", -down, vsrc(v["visibility"], "Spotting"), "rungs")
    if v["spotter_illuminated"]:
        shift += r.modifier("spotter under a flare or fire template: loss of night vision (Down)",
                            -VIS.night_vision_loss_down, src(NIGHT_GOOD, "Flares; Fires"), "rungs")
    position = POSITIONS.positions[v["target_position"]]
    if position.spotting_down:
        shift += r.modifier(f"target in {position.label} (Down)", -position.spotting_down, src(IP, "Spotting"),
                            "rungs")
    smoke = v["smoke"]
    if smoke == "burning_vehicle":
        shift += r.modifier("burning vehicle between: counts as smoke (Down)", -2, src(KO), "rungs")
    elif smoke == "smoking_vehicle":
        shift += r.modifier("smoking vehicle between: dissipating smoke (Down)", -1, src(KO), "rungs")
    return shift


@procedure(
    INFO,
    "spotting-range",
    example={"distance": 6, "target_terrain": "sparse_edge", "target_activity": "sneaking"},
    title="Spotting distance",
    summary="How far a target can be spotted, with the house rules' Up/Down modifiers: night, dawn, flares, "
            "sneaks, storeys, flat ground, positions, burning vehicles, streets.",
    rule=cite(SNEAK, NIGHT_GOOD, *ALL_VISIBILITY[1:], MULTI, KO, IP, FLAT, STREETS,
              readings=("BF-1", "BF-16", "BF-17", "BF-18", "BF-19", "BF-22", "BF-96", "BF-97")),
    params=(
        Param("distance", "int", "inches from spotter to target", minimum=0, maximum=200),
        Param("target_terrain", "choice", "the target's terrain on the spotting chart (bus, street: dense, 4\" at "
              "most; street: dense edge, street_deep: dense deep, BF-97; road_in_bua: open)", "open",
              choices=TERRAIN),
        Param("target", "choice", "the target's class", "troops", choices=("troops", "gun", "vehicle")),
        Param("target_activity", "choice", "stationary, moving_or_firing, or sneaking (spotted as stationary)",
              "stationary", choices=("stationary", "moving_or_firing", "sneaking")),
        VISIBILITY,
        Param("target_illuminated", "bool", "night: the target's aiming point is under a flare or fire template",
              False),
        Param("spotter_illuminated", "bool", "night: the spotter is under a flare or fire template", False),
        Param("spotter_elevated", "bool", "the spotter is at a higher elevation than the target", False),
        Param("spotter_storey", "bool", "the elevation is an upper storey of a multi-level BUS", False),
        Param("flat_featureless", "bool", "the target is in Flat Featureless Terrain", False),
        POSITION_PARAM,
        Param("smoke", "choice", "a knocked-out vehicle between: none, smoking_vehicle (Down 1), burning_vehicle "
              "(Down 2)", "none", choices=("none", "smoking_vehicle", "burning_vehicle")),
        Param("los_through_fire", "bool", "the line of sight passes through a fire (a burning BUS or area)", False),
        Param("across_street_opposite", "bool", "spotter troops in a BUS conformed to a street, target troops in the "
              "BUS directly opposite", False),
    ),
    results=RESULTS,
    check=_check,
)
def spotting_range(r: Resolution, distance: int, target_terrain: str, target: str, target_activity: str,
                   visibility: str, target_illuminated: bool, spotter_illuminated: bool, spotter_elevated: bool,
                   spotter_storey: bool, flat_featureless: bool, target_position: str, smoke: str,
                   los_through_fire: bool, across_street_opposite: bool) -> Outcome:
    """Seed 000 spotting modifiers on the base chart (a stand-in ladder of distances, BF-1,
    BF-16): a sneaking target counts as stationary ("Sneak Manoeuvre Action"); night Down 2
    (poor visibility Down 3), dawn/dusk or poor day visibility Down 1, 1" minimum, no Up 1
    for elevation at night; a target under a flare or fire loses the night's Down 2 and an
    illuminated spotter takes Down 2 more (BF-17); fires block LOS (BF-18); upper storeys are
    higher elevation, dense concealment (streets) at most 4" ("Multi-Level BUS"); burning
    vehicles are smoke Down 2, smoking ones Down 1 ("Knocked Out Vehicle Table"); Improved
    Position and better Down 1 (BF-19); Flat Featureless Terrain Up 1; streets are dense edge
    or deep (BF-97), a BUS dense cover (BF-96), both 4" at most; roads in BUAs open, and
    troops in a BUS conformed to a street spot the troops in the BUS directly opposite
    ("Lanes, Streets & Roads & Rubble")."""
    if across_street_opposite:
        r.step("streets count as 1\" across or less: troops in a BUS conformed to the street automatically spot "
               "troops in the BUS directly opposite")
        return r.result("spotted", "across a street, directly opposite")
    if los_through_fire:
        r.step("line of sight is blocked by fires (BF-18)")
        return r.result("not spotted", "LOS blocked by fire")
    table = SPOTTING.read(r)
    chart = CHART_TERRAIN.get(target_terrain, target_terrain)
    base = table.rung(chart)
    as_chart = f" (as {chart.replace('_', ' ')})" if chart != target_terrain else ""
    r.step(f"target {target} in {target_terrain.replace('_', ' ')}{as_chart}: stationary troops seen at "
           f"{table.ladder_inches[base]}\"")
    shift = _up_down(r, table, {
        "visibility": visibility, "target_activity": target_activity, "target": target,
        "spotter_elevated": spotter_elevated, "spotter_storey": spotter_storey, "flat_featureless": flat_featureless,
        "target_illuminated": target_illuminated, "spotter_illuminated": spotter_illuminated,
        "target_position": target_position, "smoke": smoke})
    top = len(table.ladder_inches) - 1
    rung = min(max(base + shift, 0), top)
    reach = table.ladder_inches[rung]
    note = ""
    if base + shift < 0:
        note = " (1\" minimum remains)"
    elif base + shift > top:
        note = " (top of the chart)"
    if target_terrain in DENSE and reach > table.dense_max_inches:
        reach = table.dense_max_inches
        note = f" (dense concealment: {table.dense_max_inches}\" at most)"
    suspect = reach * table.suspected_multiplier
    r.step(f"net {'Up' if shift >= 0 else 'Down'} {abs(shift)}: SPOTTED within {reach}\"{note}, SUSPECTED within "
           f"{suspect}\"; target at {distance}\"")
    if distance <= reach:
        return r.result("spotted", f"{distance}\" within {reach}\"")
    if distance <= suspect:
        return r.result("suspected", f"{distance}\" within {suspect}\"")
    return r.result("not spotted", f"{distance}\" beyond {suspect}\"")
