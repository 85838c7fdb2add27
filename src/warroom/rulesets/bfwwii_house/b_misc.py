"""Miscellaneous additional rules and restrictions: transport, overruns, bogged-down vehicles in
close combat, and who may initiate close combat.

Seed 000 "Miscellaneous Additional Rules and Restrictions" (its last heading,
"Restrictions on Close Combat", ends the file: reading BF-81).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_visibility import VISIBILITY, condition, vsrc
from warroom.rulesets.bfwwii_house.b_common import (
    ATTACKER_RATING,
    MISC,
    TARGET_STATE,
    check_may_initiate,
    cite,
    close_combat,
    data,
    may_initiate,
    roll_fire,
    shown_total,
    src,
)
from warroom.rulesets.bfwwii_house.base_tables import BOG_DOWN, FIRE_RESULTS
from warroom.rulesets.bfwwii_house.info import INFO


class Overrun(Table):
    grenades_vs_open_topped: int


class BoggedDown(Table):
    versus_concealed_troops: int


class MiscTables(Table):
    overrun: Overrun
    bogged_down: BoggedDown


TABLES = data("b_misc", MiscTables)

TRANSPORT_ROWS = {
    "soft_skin": "not part of the ME's size; a casualty if destroyed",
    "armoured": "part of the ME's size, and a casualty if destroyed",
}


@procedure(
    INFO,
    "transport-counts",
    example={"transport": "soft_skin"},
    title="Transport vehicles, ME size and casualties",
    summary="Soft-skin transport is not counted in the ME's size but is a casualty if lost; armoured is both.",
    rule=cite(MISC),
    params=(Param("transport", "choice", "the kind of transport vehicle", choices=tuple(TRANSPORT_ROWS)),),
    results=lambda v: (TRANSPORT_ROWS[v["transport"]],),
)
def transport_counts(r: Resolution, transport: str) -> Outcome:
    """Seed 000 "Miscellaneous Additional Rules and Restrictions", Transport Vehicles for ME Size and
    Casualties: soft-skin transport does not count towards overall ME size but counts as casualties
    if destroyed; armoured transport counts towards both. No dice."""
    return r.result(TRANSPORT_ROWS[transport], f"{transport.replace('_', '-')} transport")


@procedure(
    INFO,
    "overrun-defensive-fire",
    worse="later",  # seed 000 "Miscellaneous Additional Rules and Restrictions": the fire results, in order
    example={"attack": 3, "open_topped": True},
    title="Defensive fire against an overrunning vehicle",
    summary="Troops without AT weapons get +1 (grenades) firing defensively at open-topped AFVs overrunning them.",
    rule=cite(MISC, readings=("BF-63", "BF-83")),
    params=(
        Param("attack", "int", "the troops' attack strength against the vehicle", minimum=-5, maximum=15),
        Param("open_topped", "bool", "the overrunning armoured vehicle is open-topped", True),
        Param("at_weapons", "bool", "the troops have anti-tank weapons (PIAT, bazooka, Panzerfaust, Panzerschreck)",
              False),
        Param("overrun", "bool", "the vehicle is conducting an overrun of the firing troops", True),
        Param("other_modifiers", "int", "any other base-game modifiers", 0, minimum=-15, maximum=10),
    ),
    results=FIRE_RESULTS,
)
def overrun_defensive_fire(r: Resolution, attack: int, open_topped: bool, at_weapons: bool, overrun: bool,
                           other_modifiers: int) -> Outcome:
    """Seed 000 "Miscellaneous Additional Rules and Restrictions", Overrunning with Open Topped
    Armoured Vehicles: troops without anti-tank weapons firing defensively at open-topped armoured
    vehicles conducting an overrun add +1 to their fire roll (grenades, BF-83). Read on the fire
    combat table's armoured-vehicle column ([fire_combat], BF-63)."""
    mods = r.modifier("attack strength", attack, "the troops")
    if overrun and open_topped and not at_weapons:
        mods += r.modifier("grenades against an open-topped AFV overrunning them",
                           TABLES.overrun.grenades_vs_open_topped, src(MISC, "Overrunning with Open Topped AFVs"))
    elif overrun and open_topped:
        r.step("the troops have anti-tank weapons: no grenade bonus (BF-83)")
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, "armoured_vehicle", label="defensive fire")
    return r.result(result, row)


# --- close combat against a bogged-down vehicle ------------------------------------------------------------

SURRENDERS = "vehicle surrenders: bogged down, it cannot fall back (counts as knocked out)"
BOGS_FALLING_BACK = "vehicle bogs down in the first inch of falling back: surrenders (counts as knocked out)"


def _bogged_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["bogged"]:
        vehicle: tuple[str, ...] = ("vehicle knocked out", SURRENDERS)
    elif v["fall_back_bog_check"]:
        vehicle = ("vehicle knocked out", BOGS_FALLING_BACK, "vehicle falls back disordered", "vehicle falls back")
    else:
        vehicle = ("vehicle knocked out", "vehicle falls back disordered", "vehicle falls back")
    return (*vehicle, "no result", "troops fall back", "troops fall back disordered", "troops knocked out")


def _check_bogged(v: Mapping[str, Any]) -> None:
    check_may_initiate(v)
    if v["bogged"] and v["fall_back_bog_check"]:
        raise UsageError("fall_back_bog_check is for a vehicle not yet bogged down (one already bogged down "
                         "cannot fall back at all)")


@procedure(
    INFO,
    "close-combat-bogged-vehicle",
    example={"bogged": True, "troops_modifier": 1, "vehicle_modifier": 2},
    title="Close combat with a bogged-down vehicle",
    summary="A bogged-down vehicle takes -2 as against concealed troops; a fall-back result makes it surrender.",
    rule=cite(MISC, readings=("BF-41", "BF-64", "BF-81", "BF-82", "BF-84", "BF-89")),
    params=(
        Param("bogged", "bool", "the vehicle is bogged down now", True),
        Param("troops_modifier", "int", "the troops' close combat strength and modifiers, all told", 0,
              minimum=-10, maximum=15),
        Param("vehicle_modifier", "int", "the vehicle's close combat strength and modifiers, all told, "
              "without any concealment modifier", 0, minimum=-10, maximum=15),
        Param("troops_concealed", "bool", "the troops are in concealment", False),
        Param("fall_back_bog_check", "bool",
              "a vehicle not bogged down would fall back through terrain calling for bog-down checks", False),
        Param("vehicle_kind", "choice", "the vehicle's running gear, for a bog-down check", "tracked",
              choices=("tracked", "halftracked", "wheeled")),
        ATTACKER_RATING, TARGET_STATE,
        VISIBILITY,
    ),
    results=_bogged_rows,
    check=_check_bogged,
)
def close_combat_bogged_vehicle(r: Resolution, bogged: bool, troops_modifier: int, vehicle_modifier: int,
                                troops_concealed: bool, fall_back_bog_check: bool, vehicle_kind: str,
                                attacker_rating: int, target_state: str, visibility: str) -> Outcome:
    """Seed 000 "Miscellaneous Additional Rules and Restrictions", Close Combating Bogged Down Vehicles
    (the seed's "Bugged Down"): a bogged-down vehicle applies the -2 "versus troops in concealment"
    modifier whether or not the troops are concealed; a bogged-down vehicle with a fall-back result
    surrenders and counts as knocked out (BF-82); a vehicle not bogged down that must fall back
    through terrain calling for bog-down checks and bogs down in the first inch surrenders (the seed's
    "dog down"; [bog_down], BF-64), with the light's bog-down modifier of the Night Rules and "Dawn / Dusk
    Rules or Day Poor Visibility" (BF-41, BF-89). "Restrictions on Close Combat": BF-81. Close combat table:
    [close_combat] (BF-84)."""
    r.step("troops in close combat with a vehicle" + (" that is bogged down" if bogged else ""))
    if troops_modifier:
        r.modifier("troops' close combat strength and modifiers", troops_modifier, "the base game")
    vehicle = vehicle_modifier
    if vehicle_modifier:
        r.modifier("vehicle's close combat strength and modifiers", vehicle_modifier, "the base game",
                   applies_to="vehicle")
    if bogged:
        vehicle += r.modifier("bogged down: versus troops in concealment, concealed or not",
                              TABLES.bogged_down.versus_concealed_troops, src(MISC, "Close Combating Bogged Down "
                                                                              "Vehicles"), applies_to="vehicle")
    elif troops_concealed:
        vehicle += r.modifier("versus troops in concealment", TABLES.bogged_down.versus_concealed_troops,
                              "the base game", applies_to="vehicle")
    loser, result, margin = close_combat(r, troops_modifier, vehicle)
    if result == "no result":
        return r.result("no result", f"margin {margin}: both sides hold")
    if loser == "attacker":
        text = result if result == "knocked out" else result.replace("falls", "fall")
        return r.result(f"troops {text}", f"vehicle wins by {-margin}: the troops {text}")
    row = f"troops win by {margin}: the vehicle {result}"
    if result == "knocked out":
        return r.result("vehicle knocked out", row)
    if bogged:
        r.step("a bogged-down vehicle cannot fall back: it surrenders and counts as knocked out (BF-82)")
        return r.result(SURRENDERS, row)
    if fall_back_bog_check:
        t = BOG_DOWN.read(r)
        mod: int = getattr(t.mover_modifiers, vehicle_kind)
        if mod:
            r.modifier(f"{vehicle_kind} vehicle", mod, "the base game's bog-down table", applies_to="bog-down")
        light = condition(visibility)
        if light.bog_down:
            mod += r.modifier(light.label, light.bog_down, vsrc(visibility, "Manoeuvre; BF-41, BF-89"),
                              applies_to="bog-down")
        roll = r.die(t.die_sides, label="bog-down check, first inch of the fall back")
        total = roll + mod
        r.step(f"bog-down check in the first inch: d{t.die_sides} {shown_total(roll, total)} against "
               f"{t.bogged_down_at_or_below} or less")
        if total <= t.bogged_down_at_or_below:
            return r.result(BOGS_FALLING_BACK, row + f"; bog-down {total} \u2264 {t.bogged_down_at_or_below}")
    return r.result(f"vehicle {result}", row)


MAY = "may initiate close combat"
MAY_NOT = "may not initiate: close combat rating 0 and the target is not disadvantaged"


@procedure(
    INFO,
    "may-initiate-close-combat",
    example={"attacker_rating": 0, "target_state": "suppressed"},
    title="Who may initiate close combat",
    summary="A unit rated 0 against its target may initiate only if the target is suppressed, disordered or "
            "concealed.",
    rule=cite(MISC, readings=("BF-81",)),
    params=(ATTACKER_RATING, TARGET_STATE),
    results=lambda v: ((MAY,) if may_initiate(v["attacker_rating"], v["target_state"]) else (MAY_NOT,)),
)
def may_initiate_close_combat(r: Resolution, attacker_rating: int, target_state: str) -> Outcome:
    """Seed 000 "Miscellaneous Additional Rules and Restrictions", Restrictions on Close Combat: any
    unit with a close combat rating of 0 against the desired target may not initiate close combat
    unless the target is disadvantaged against it by being suppressed, disordered or in
    concealment. The file ends with this sentence (BF-81). No dice."""
    if may_initiate(attacker_rating, target_state):
        why = (f"rating {attacker_rating} against the target" if attacker_rating
               else f"rating 0, but the target is {target_state}")
        return r.result(MAY, why)
    return r.result(MAY_NOT, "rating 0, target neither suppressed, disordered nor concealed")
