"""Seed 000 "Knocked Out Vehicle Table": does a destroyed vehicle burn, smoke or neither."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import KO, cite, die_range, load_data, plus, src
from warroom.rulesets.bfwwii_house.info import INFO


class KoModifiers(Table):
    indirect_fire_or_close_combat: int
    soft_vehicle: int
    small_vehicle: int
    fire_suppression_system: int
    large_calibre: int


class ProneToBurn(Table):
    label: str
    modifier: int


class KoEffects(Table):
    burns_fiercely: str
    smokes: str
    does_not_burn: str


class KoVehicleTable(Table):
    die_sides: int = Field(ge=2)
    burns_fiercely_from: int
    smokes_from: int
    modifiers: KoModifiers
    prone_to_burn: dict[str, ProneToBurn]
    effects: KoEffects


TABLE = load_data("a_ko_vehicle", KoVehicleTable)

KO_RESULTS = ("burns fiercely", "smokes", "does not burn")
TANKS_ONLY = ("panther_low_fuel", "russian_tank", "sherman", "sherman_pre_1944")


def _check(v: Mapping[str, Any]) -> None:
    if v["soft"] and v["prone_to_burn"] in TANKS_ONLY:
        raise UsageError(f"prone_to_burn={v['prone_to_burn']} with soft=true: the seed's vehicles prone to burn "
                         "(Panthers, Russian tanks, Shermans) are tanks, not soft vehicles")
    if v["large_calibre"] and v["cause"] == "close_combat":
        raise UsageError("large_calibre=true with cause=close_combat: a vehicle destroyed in close combat was not "
                         "destroyed by a large-calibre (88 mm or over) weapon; use cause=direct_fire or indirect_fire")


def ko_modifiers(r: Resolution, cause: str, large_calibre: bool, soft: bool, small: bool, prone_to_burn: str,
                 fire_suppression: bool) -> int:
    """Every modifier of the Knocked Out Vehicle Table that applies, recorded with its source."""
    m = TABLE.modifiers
    total = 0
    if cause in ("indirect_fire", "close_combat"):
        how = "by indirect fire" if cause == "indirect_fire" else "in close combat"
        total += r.modifier(f"destroyed {how}", m.indirect_fire_or_close_combat, src(KO, "BF-2"))
    if soft:
        total += r.modifier("soft vehicle", m.soft_vehicle, src(KO, "BF-2"))
    if small:
        total += r.modifier("small vehicle", m.small_vehicle, src(KO, "BF-2, BF-5"))
    if fire_suppression:
        total += r.modifier("modern fire suppression system", m.fire_suppression_system, src(KO, "BF-2, BF-6"))
    if large_calibre:
        total += r.modifier("destroyed by a large-calibre weapon (88 mm or over)", m.large_calibre, src(KO))
    prone = TABLE.prone_to_burn[prone_to_burn]
    if prone.modifier:
        total += r.modifier(f"prone to burn: {prone.label}", prone.modifier, src(KO, "Vehicles prone to burn; BF-4"))
    return total


@procedure(
    INFO,
    "ko-vehicle",
    example={"prone_to_burn": "sherman_pre_1944", "large_calibre": True},
    title="Knocked out vehicle: does it burn?",
    summary="When a vehicle is destroyed, one d10 and modifiers: 8+ burns fiercely, 6-7 smokes, 5 or less no fire.",
    rule=cite(KO, readings=("BF-2", "BF-3", "BF-4", "BF-5", "BF-6")),
    params=(
        Param("cause", "choice", "how the vehicle was destroyed", "direct_fire",
              choices=("direct_fire", "indirect_fire", "close_combat")),
        Param("large_calibre", "bool", "destroyed by a large-calibre weapon (88 mm or over)", False),
        Param("soft", "bool", "a soft (unarmoured) vehicle", False),
        Param("small", "bool", "a small vehicle: jeep, kubelwagen, motorcycle (BF-5)", False),
        Param("prone_to_burn", "choice", "a vehicle prone to burn (or a scenario's +1/+2)", "none",
              choices=tuple(TABLE.prone_to_burn)),
        Param("fire_suppression", "bool", "a modern vehicle with a fire suppression system (never in WWII)", False),
    ),
    results=KO_RESULTS,
    check=_check,
)
def ko_vehicle(r: Resolution, cause: str, large_calibre: bool, soft: bool, small: bool, prone_to_burn: str,
               fire_suppression: bool) -> Outcome:
    """Seed 000 "Knocked Out Vehicle Table": when a vehicle is destroyed throw one die (a d10,
    BF-3) and modify it: -1 destroyed by indirect fire or in close combat, -1 soft, -1 small,
    -1 fire suppression (signs restored, BF-2), +1 large calibre (88 mm+), +1 or +2 for a
    vehicle prone to burn (one of them, BF-4). 8 or more burns fiercely, 6-7 smokes, 5 or
    less does not burn; the effects last the rest of the game."""
    sides = TABLE.die_sides
    mods = ko_modifiers(r, cause, large_calibre, soft, small, prone_to_burn, fire_suppression)
    burns, smokes = TABLE.burns_fiercely_from, TABLE.smokes_from
    r.step(f"roll 1d{sides}{plus(mods)}: burns fiercely on "
           f"{die_range(burns - mods, sides, sides)}, smokes on {die_range(smokes - mods, burns - 1 - mods, sides)}")
    roll = r.die(sides, label="KO vehicle table")
    total = roll + mods
    if total >= burns:
        r.step(f"the vehicle burns fiercely: {TABLE.effects.burns_fiercely}")
        return r.result("burns fiercely", f"modified {total}: {burns} or more, vehicle burns fiercely")
    if total >= smokes:
        r.step(f"the vehicle smokes: {TABLE.effects.smokes}")
        return r.result("smokes", f"modified {total}: {smokes}\u2013{burns - 1}, vehicle smokes")
    r.step(f"the vehicle does not burn: {TABLE.effects.does_not_burn}")
    return r.result("does not burn", f"modified {total}: {smokes - 1} or less, vehicle does not burn")
