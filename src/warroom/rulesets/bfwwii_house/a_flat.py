"""Seed 000 "Flat Featureless Terrain": what the qualifier does and where it may be given."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import FLAT, cite, load_data, signed, src
from warroom.rulesets.bfwwii_house.info import INFO


class FlatTable(Table):
    spotting_up: int
    direct_fire: int
    improve_position: int
    hull_down_allowed: bool
    ground: dict[str, bool]


TABLE = load_data("a_flat", FlatTable)


def check_ground(ground: str) -> None:
    if not TABLE.ground[ground]:
        raise UsageError(f"ground={ground}: rough or rocky ground may never be designated Flat and Featureless; "
                         "only open, soft, marshy, muddy ground or snow")


def _row(v: Mapping[str, Any]) -> str:
    t = TABLE
    if v["unit"] == "vehicle":
        return f"spotted Up {t.spotting_up}, direct fire {signed(t.direct_fire)}, no hull down"
    return (f"spotted Up {t.spotting_up}, direct fire {signed(t.direct_fire)}, Improve Position "
            f"{signed(t.improve_position)}")


@procedure(
    INFO,
    "flat-featureless",
    example={"ground": "open", "unit": "troops"},
    title="Flat Featureless Terrain",
    summary="Up 1 to spot units in it, +1 direct fire against them, no hull down, -1 to Improve Position.",
    rule=cite(FLAT),
    params=(
        Param("ground", "choice", "the ground type the scenario qualifies", "open", choices=tuple(TABLE.ground)),
        Param("unit", "choice", "the unit in it", "troops", choices=("troops", "gun", "vehicle")),
    ),
    results=lambda v: (_row(v),),
    check=lambda v: check_ground(v["ground"]),
)
def flat_featureless(r: Resolution, ground: str, unit: str) -> Outcome:
    """Seed 000 "Flat Featureless Terrain": a scenario may qualify open, soft / marshy / muddy
    ground or snow (never rough or rocky) as Flat Featureless (air-fields, mudflats, large
    open beaches, frozen lakes). Up 1 spotting against units in it; +1 fire combat modifier
    for direct fire against them; vehicles may not go hull down in it; -1 Improve Position
    modifier for troops or guns in it. spotting-range, fire-modifiers, improve-position and
    sneak take flat_featureless=true."""
    t = TABLE
    r.modifier("spotting units in it (Up)", t.spotting_up, src(FLAT, "Spotting"), "rungs")
    r.modifier("direct fire against units in it", t.direct_fire, src(FLAT, "Firing"))
    if unit == "vehicle":
        r.step("vehicles may not go hull down in Flat Featureless Terrain")
    else:
        r.modifier(f"Improve Position roll for {unit} in it", t.improve_position, src(FLAT, "Manoeuvre"))
    return r.result(_row({"unit": unit}), f"Flat Featureless {ground} ground")
