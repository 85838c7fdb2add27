"""Seed 000 "Sneak Manoeuvre Action": how far a sneak goes and what it counts as."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import FLAT, SNEAK, cite, load_data
from warroom.rulesets.bfwwii_house.info import INFO


class SneakDistance(Table):
    open: float
    dense: float
    sparse: float


class Combination(Table):
    label: str
    sneaks: int
    counts_as_moving: bool
    note: str


class SneakTable(Table):
    distance_inches: SneakDistance
    combinations: dict[str, Combination]


TABLE = load_data("a_sneak", SneakTable)


def inches(value: float | Fraction) -> str:
    """1.5 as 1½", 0.5 as ½"."""
    f = Fraction(value).limit_denominator(4)
    whole, part = divmod(f, 1)
    frac = {Fraction(0): "", Fraction(1, 2): "\u00bd", Fraction(1, 4): "\u00bc", Fraction(3, 4): "\u00be"}[part]
    return f"{int(whole) if whole or not frac else ''}{frac}\""


def _distance(v: Mapping[str, Any]) -> Fraction:
    one: float = getattr(TABLE.distance_inches, v["terrain"])
    return Fraction(one).limit_denominator(4) * TABLE.combinations[v["actions"]].sneaks


def _row(v: Mapping[str, Any]) -> str:
    c = TABLE.combinations[v["actions"]]
    moving = ("counts as moving (the other action)" if c.counts_as_moving
              else "not moving for spotting or opportunity fire")
    return f"sneaks {inches(_distance(v))}, {moving}"


def _check(v: Mapping[str, Any]) -> None:
    if v["terrain"] == "impassable":
        raise UsageError("terrain=impassable: a unit can sneak into any terrain it can move into, never impassable "
                         "terrain")
    if v["unit"] == "vehicle" and v["bog_down_terrain"]:
        raise UsageError("bog_down_terrain=true: vehicles that need bog-down checks for the terrain they move "
                         "through may not claim a sneak move")
    if v["bog_down_terrain"] and v["unit"] != "vehicle":
        raise UsageError("bog_down_terrain=true is about vehicles; troops and guns leave it false")
    actions = v["actions"]
    if actions == "two_sneaks" and v["unit"] != "troops":
        raise UsageError("actions=two_sneaks: only troops may sneak twice in the same turn")
    if actions == "sneak_then_hull_down":
        if v["unit"] != "vehicle":
            raise UsageError("actions=sneak_then_hull_down: going hull down is for vehicles; use unit=vehicle")
        if v["flat_featureless"]:
            raise UsageError("actions=sneak_then_hull_down with flat_featureless=true: vehicles may not go hull "
                             "down in Flat Featureless Terrain")
    if actions == "sneak_then_emplace" and v["unit"] != "gun":
        raise UsageError("actions=sneak_then_emplace: emplacing is for guns; use unit=gun")


@procedure(
    INFO,
    "sneak",
    example={"terrain": "sparse"},
    title="Sneak manoeuvre action",
    summary="A sneak moves 1\" in open, 1/2\" in dense, 1 1/2\" in sparse terrain and does not count as moving.",
    rule=cite(SNEAK, FLAT, readings=("BF-15",)),
    params=(
        Param("terrain", "choice", "the terrain the unit sneaks through", choices=("open", "sparse", "dense",
                                                                                 "impassable")),
        Param("unit", "choice", "the unit sneaking", "troops", choices=("troops", "gun", "vehicle")),
        Param("actions", "choice", "the sneak and what it is combined with this turn", "sneak",
              choices=tuple(TABLE.combinations)),
        Param("bog_down_terrain", "bool", "the terrain calls for a bog-down check for this vehicle", False),
        Param("flat_featureless", "bool", "the terrain is Flat Featureless (no hull down)", False),
    ),
    results=lambda v: (_row(v),),
    check=_check,
)
def sneak(r: Resolution, terrain: str, unit: str, actions: str, bog_down_terrain: bool,
          flat_featureless: bool) -> Outcome:
    """Seed 000 "Sneak Manoeuvre Action": a sneak moves 1" in open terrain, 1/2" in dense and
    1 1/2" in sparse, following the normal movement rules, and may conform at the end. A
    vehicle that needs bog-down checks in the terrain cannot sneak; no unit sneaks into
    impassable terrain; only troops sneak twice in a turn. A sneak combines with a move or a
    displace (which count as moving, BF-15), or follows a breach, or precedes hull down or
    emplace. Spotting ignores the Moving or Firing modifier against a sneaking unit (see
    spotting-range, sneaking=true)."""
    c = TABLE.combinations[actions]
    one = Fraction(getattr(TABLE.distance_inches, terrain)).limit_denominator(4)
    r.step(f"{c.label}: a sneak moves {inches(one)} in {terrain} terrain (normal movement rules: facing, "
           "conforming at the end)")
    if c.note:
        r.step(c.note)
    r.step("spotting treats the unit as stationary in the terrain it moves through"
           + (" for the sneak" if c.counts_as_moving else ""))
    return r.result(_row({"terrain": terrain, "actions": actions}), c.label)
