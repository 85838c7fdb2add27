"""Seed 000 night and poor-visibility rules: the modifiers and restrictions they set.

Sections "Night Rules - Good Visibility", "Dawn / Dusk Rules or Day Poor Visibility" and
"Night Rules - Poor Visibility". Spotting is in :mod:`a_spotting`, direct fire and close
combat in :mod:`a_positions`, the bog-down check in :mod:`a_streets`; this module holds
the table, the manoeuvre and call-for-fire calculators and the flares.
"""

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
    cite,
    load_data,
    signed,
    src,
)
from warroom.rulesets.bfwwii_house.info import INFO


class Condition(Table):
    label: str
    night: bool
    spotting_down: int
    elevation_up_allowed: bool
    direct_fire: int
    call_for_fire_suspected: int
    bog_down: int
    troops_command_inches: int | None = None
    vehicles_command_inches: int | None = None
    panicked_last_manoeuvre: int = 0
    cc_vehicle_vs_troops_in_concealment: int | None = None
    cc_outflanked: int | None = None
    discipline_levels_lower: int = 0


class VisibilityTable(Table):
    flare_cancels_down: int
    night_vision_loss_down: int
    conditions: dict[str, Condition]


TABLE = load_data("a_visibility", VisibilityTable)
CONDITIONS = tuple(TABLE.conditions)

VISIBILITY = Param("visibility", "choice", "light and visibility: day, dawn_dusk, day_poor (poor day visibility), "
                   "night_good, night_poor", "day", choices=CONDITIONS)


def condition(visibility: str) -> Condition:
    return TABLE.conditions[visibility]


def section_of(visibility: str) -> str:
    """The seed section that sets this visibility's values."""
    return {"dawn_dusk": DAWN, "day_poor": DAWN, "night_good": NIGHT_GOOD, "night_poor": NIGHT_POOR}.get(
        visibility, NIGHT_GOOD)


def vsrc(visibility: str, detail: str = "") -> str:
    return src(section_of(visibility), detail)


ALL_VISIBILITY = (NIGHT_GOOD, DAWN, NIGHT_POOR)


# --- manoeuvre ---------------------------------------------------------------------------------------


def _manoeuvre_check(v: Mapping[str, Any]) -> None:
    c = condition(v["visibility"])
    if v["panicked_last"] and v["unit"] != "troops":
        raise UsageError("panicked_last=true is for unit=troops: the Night Rules' \u22121 is for troops that "
                         "panicked on their last manoeuvre roll; vehicles take no such modifier (BF-90)")
    if v["rapid_advance"] and c.night and not v["on_paved_road"]:
        raise UsageError(f"rapid_advance=true at {c.label}: no rapid advance at night except moving on paved roads "
                         "(and then at full speed, not double speed); set on_paved_road=true or move normally")


def _manoeuvre_row(v: Mapping[str, Any]) -> tuple[str, ...]:
    return (f"manoeuvre roll {signed(_manoeuvre_total(v))}",)


def _manoeuvre_total(v: Mapping[str, Any]) -> int:
    c = condition(v["visibility"])
    total = 0
    if v["in_command"] and _command_holds(c, v):
        total += 1
    if not v["enemy_in_los"] and not c.night:
        total += 2
    if v["panicked_last"] and c.night and v["unit"] == "troops":
        total += c.panicked_last_manoeuvre
    return total


def _command_holds(c: Condition, v: Mapping[str, Any]) -> bool:
    radius = c.troops_command_inches if v["unit"] == "troops" else c.vehicles_command_inches
    if radius is None:
        return True
    if v["commander_distance"] > radius:
        return False
    return v["unit"] == "troops" or bool(v["commander_los"])


@procedure(
    INFO,
    "visibility-manoeuvre",
    example={"visibility": "night_good", "commander_distance": 3},
    title="Manoeuvre at night or in poor visibility",
    summary="The command, enemy-proximity and panic terms of the manoeuvre roll, rapid advance, bog-down and "
            "discipline rating, by visibility.",
    rule=cite(NIGHT_GOOD, DAWN, NIGHT_POOR, readings=("BF-2", "BF-21", "BF-22", "BF-90")),
    params=(
        VISIBILITY,
        Param("unit", "choice", "the unit rolling", "troops", choices=("troops", "vehicle")),
        Param("in_command", "bool", "the base game's +1 command modifier would apply (by day)", True),
        Param("commander_distance", "int", "inches to its commander", 0, minimum=0, maximum=100),
        Param("commander_los", "bool", "a vehicle: its commander is in line of sight", True),
        Param("enemy_in_los", "bool", "the unit has LOS to a spotted or suspected enemy", True),
        Param("panicked_last", "bool", "troops that panicked on their last manoeuvre roll", False),
        Param("rapid_advance", "bool", "the unit wants to rapid advance", False),
        Param("on_paved_road", "bool", "the move is on paved roads", False),
        Param("night_trained", "bool", "night combat-trained (or the scenario already rates it for the night)",
              False),
    ),
    results=_manoeuvre_row,
    check=_manoeuvre_check,
)
def visibility_manoeuvre(r: Resolution, visibility: str, unit: str, in_command: bool, commander_distance: int,
                         commander_los: bool, enemy_in_los: bool, panicked_last: bool, rapid_advance: bool,
                         on_paved_road: bool, night_trained: bool) -> Outcome:
    """Seed 000 Night Rules (Manoeuvre, Discipline Rating) and Dawn / Dusk: at night no +1
    command modifier for troops beyond 2" of their commander (1" in poor visibility), nor
    for vehicles beyond 4" (2") or out of its LOS; no +2 enemy proximity modifier for having
    no LOS to a spotted or suspected enemy; -1 if troops panicked on their last manoeuvre
    roll (troops only: the list gives troops and vehicles their own lines, BF-90); no rapid
    advance except on paved roads, at full speed not double; bog-down -1
    (-2 in poor visibility; -1 at dawn, dusk or poor day visibility); every unit one
    discipline level lower unless night combat-trained (BF-21, BF-22)."""
    c = condition(visibility)
    source = vsrc(visibility, "Manoeuvre")
    r.step(f"{c.label}; {unit}")
    if in_command:
        radius = c.troops_command_inches if unit == "troops" else c.vehicles_command_inches
        if _command_holds(c, {"unit": unit, "commander_distance": commander_distance,
                              "commander_los": commander_los}):
            r.modifier("command", 1, "base game" if radius is None else
                       f"base game, kept at night within {radius}\" ({source})")
        else:
            need = f"within {radius}\"" + (" and in LOS of" if unit == "vehicle" else " of")
            who = "troops" if unit == "troops" else "vehicles"
            r.step(f"no +1 command modifier: {who} at night must be {need} their commander "
                   f"({commander_distance}\" away{'' if unit == 'troops' or commander_los else ', no LOS'})")
    else:
        r.step("no command modifier (the base game's conditions are not met)")
    if not enemy_in_los:
        if c.night:
            r.step("no +2 enemy proximity modifier at night for having no LOS to a spotted or suspected enemy")
        else:
            r.modifier("no LOS to a spotted or suspected enemy", 2, "base game")
    if panicked_last:
        if c.night:
            r.modifier("troops panicked on their last manoeuvre roll", c.panicked_last_manoeuvre, source)
        else:
            r.step("panicked last roll: no extra modifier by day")
    if c.bog_down:
        r.step(f"bog-down table {signed(c.bog_down)} (bog-down-check applies it)")
    if c.night:
        if rapid_advance:
            r.step("rapid advance on paved roads only, at full speed, not double speed")
        else:
            r.step("no rapid advance except on paved roads; paved roads give full speed, not double speed")
        if c.discipline_levels_lower and not night_trained:
            r.step(f"discipline rating {c.discipline_levels_lower} level lower than normal (not night "
                   "combat-trained)")
        elif night_trained:
            r.step("discipline rating unchanged: night combat-trained or already rated by the scenario")
    total = _manoeuvre_total({"visibility": visibility, "unit": unit, "in_command": in_command,
                              "commander_distance": commander_distance, "commander_los": commander_los,
                              "enemy_in_los": enemy_in_los, "panicked_last": panicked_last})
    return r.result(f"manoeuvre roll {signed(total)}", "command, enemy proximity and panic terms")


# --- call for fire -----------------------------------------------------------------------------------


def _cff_total(v: Mapping[str, Any]) -> int:
    return condition(v["visibility"]).call_for_fire_suspected if v["target"] == "suspected" else 0


@procedure(
    INFO,
    "call-for-fire-visibility",
    example={"visibility": "night_good", "target": "suspected"},
    title="Call for fire at night",
    summary="-1 on the call for fire against a SUSPECTED target at night; spotted and predesignated targets "
            "unaffected.",
    rule=cite(NIGHT_GOOD, NIGHT_POOR, readings=("BF-2", "BF-22")),
    params=(
        VISIBILITY,
        Param("target", "choice", "the target of the call for fire", "suspected",
              choices=("spotted", "suspected", "predesignated")),
    ),
    results=lambda v: (f"call for fire {signed(_cff_total(v))}",),
)
def call_for_fire_visibility(r: Resolution, visibility: str, target: str) -> Outcome:
    """Seed 000 Night Rules (Firing): -1 on Call for Fire against SUSPECTED targets; calls
    for fire against spotted or predesignated targets are unaffected (good and poor
    visibility alike)."""
    c = condition(visibility)
    value = _cff_total({"visibility": visibility, "target": target})
    if value:
        r.modifier(f"call for fire at night against a SUSPECTED target ({c.label})", value,
                   vsrc(visibility, "Firing"))
    elif c.night:
        r.step(f"a {target} target: the night does not affect the call for fire")
    else:
        r.step(f"{c.label}: no visibility modifier to the call for fire")
    return r.result(f"call for fire {signed(value)}", c.label)


# --- flares ------------------------------------------------------------------------------------------


def _flare_check(v: Mapping[str, Any]) -> None:
    if not condition(v["visibility"]).night:
        raise UsageError(f"visibility={v['visibility']}: flares are part of the Night Rules")
    if v["firer"] == "other":
        raise UsageError("firer=other: only commanders and weapons capable of indirect fire can fire flares")
    if v["fired_as"] == "indirect" and v["firer"] != "idf_capable":
        raise UsageError("fired_as=indirect: flares fired as indirect fire only by elements capable of indirect fire")
    if v["fired_as"] == "direct" and v["aimed_at"] == "terrain_feature":
        raise UsageError("aimed_at=terrain_feature: a direct-fire flare may only be fired at a unit the firer has "
                         "SPOTTED or SUSPECTED")


def _flare_row(v: Mapping[str, Any]) -> str:
    if v["fired_as"] == "direct":
        return "small IDF template, until the end of this player turn"
    return f"twice the weapon's {v['weapon_template']} IDF template, until your next indirect fire phase"


@procedure(
    INFO,
    "flare",
    example={"visibility": "night_good", "fired_as": "indirect"},
    title="Flares",
    summary="Who may fire a flare, its size and how long it lasts; what it does to spotting and fire.",
    rule=cite(NIGHT_GOOD, NIGHT_POOR, readings=("BF-17", "BF-22")),
    params=(
        VISIBILITY,
        Param("fired_as", "choice", "fired as direct fire (offensive or defensive) or as indirect fire", "direct",
              choices=("direct", "indirect")),
        Param("firer", "choice", "the element firing: commander, idf_capable (a weapon capable of indirect fire), "
              "other", "idf_capable", choices=("commander", "idf_capable", "other")),
        Param("aimed_at", "choice", "a SPOTTED or SUSPECTED unit, or a prominent terrain feature", "unit",
              choices=("unit", "terrain_feature")),
        Param("weapon_template", "choice", "the weapon's own IDF template (indirect flares are twice its size)",
              "small", choices=("small", "large")),
        Param("rounds_left", "int", "flare rounds the element has left (scenario; normally one)", 1, minimum=1,
              maximum=20, why="an element with no flare rounds left cannot fire a flare"),
    ),
    results=lambda v: (_flare_row(v),),
    check=_flare_check,
)
def flare(r: Resolution, visibility: str, fired_as: str, firer: str, aimed_at: str, weapon_template: str,
          rounds_left: int) -> Outcome:
    """Seed 000 Night Rules (Flares): commanders and weapons capable of indirect fire fire
    flares (rounds set by the scenario). Indirect flares (by Call for Fire or self-spotted,
    at a prominent terrain feature or a SPOTTED/SUSPECTED unit) are twice the weapon's IDF
    template and last until the player's next indirect fire phase; direct flares (only at
    SPOTTED/SUSPECTED units) are a small IDF template lasting to the end of the player turn.
    A unit under a flare loses the night's Down 2 as a spotting target and the -1 as a DF
    target, and spots at an additional Down 2 (BF-17); a unit leaving an indirect flare is
    a disappearing target for opportunity fire, the first-inch restriction still applying."""
    if fired_as == "indirect":
        r.step("fired as indirect fire: by Call for Fire or self-spotted; normal restrictions on later manoeuvre "
               "and direct fire")
    else:
        r.step("fired as direct fire (offensive or defensive): normal restrictions on later manoeuvre and fire")
    r.step(f"{rounds_left - 1} flare round{'' if rounds_left - 1 == 1 else 's'} left after this one")
    left = condition(visibility).spotting_down - TABLE.flare_cancels_down
    r.step(f"units with an aiming point under it: no night Down {TABLE.flare_cancels_down} as spotting targets"
           + (f" (the poor visibility's Down {left} remains, BF-17)" if left > 0 else "")
           + f", no night {signed(condition(visibility).direct_fire)} as DF targets; they spot at an additional "
           f"Down {TABLE.night_vision_loss_down}")
    if fired_as == "indirect":
        r.step("a unit manoeuvring out of it is a disappearing target for opportunity fire (first-inch "
               "restriction still applies)")
    return r.result(_flare_row({"fired_as": fired_as, "weapon_template": weapon_template}),
                    f"flare fired as {fired_as} fire")
