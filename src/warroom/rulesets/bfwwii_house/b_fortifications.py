"""Concrete bunkers and fortifications: the fort's armour, fire on it, petards, demolitions, assault.

Seed 000 "Concrete Bunkers and Fortifications" (and Hobart's "Funnies", AVRE). The fire
combat and close combat tables are base tables ([fire_combat], [close_combat]).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.b_common import (
    ATTACKER_RATING,
    ENGINEERING,
    FORTS,
    FUNNIES,
    MISC,
    TARGET_STATE,
    check_may_initiate,
    cite,
    close_combat,
    data,
    roll_fire,
    signed,
    src,
)
from warroom.rulesets.bfwwii_house.b_engineering import CANCELLED, OP_FIRE, opportunity_fire_cancels
from warroom.rulesets.bfwwii_house.b_engineering import TABLES as ENGINEERING_TABLES
from warroom.rulesets.bfwwii_house.base_tables import FIRE_COMBAT, TARGET_CLASSES
from warroom.rulesets.bfwwii_house.info import INFO


class Fort(Table):
    log_bunker: int
    small_concrete: int
    largest: int
    rubble_at_or_below: int
    dr: int
    column: str


class FortDirectFire(Table):
    max_range_inches: int = Field(ge=0)
    armour_loss: int = Field(ge=0)


class FortDemolition(Table):
    within_inches: int = Field(ge=0)
    attack: int
    per_additional_charge: int


class FortCloseCombat(Table):
    attackers: tuple[str, ...]


class FortTables(Table):
    fort: Fort
    direct_fire: FortDirectFire
    demolition: FortDemolition
    close_combat: FortCloseCombat


TABLES = data("b_fortifications", FortTables)
FORT = TABLES.fort
ARMOUR = Param("armour", "int", "the fort's armour value now (log bunker 2, small concrete bunker 3, large 4-6)",
               FORT.small_concrete, minimum=FORT.rubble_at_or_below + 1, maximum=12,
               why=f"a fort whose armour is reduced to {FORT.rubble_at_or_below} is rubble already (000 Concrete "
                   "Bunkers and Fortifications, BF-74)")

NO_EFFECT = "no effect"
COLLAPSE = "kill: the fort collapses, occupants destroyed, the area becomes rubble"


def _reduced(armour: int, result: str) -> str:
    left = armour - TABLES.direct_fire.armour_loss
    if left <= FORT.rubble_at_or_below:
        return f"the fort is reduced to rubble; the occupants survive, {result}"
    return f"occupants {result}; the fort's armour reduced to {left}"


def _fort_rows(armour: int, reduces: bool) -> tuple[str, ...]:
    if reduces:
        return (NO_EFFECT, _reduced(armour, "suppressed"), _reduced(armour, "disordered"), COLLAPSE)
    return (NO_EFFECT, "occupants suppressed", "occupants disordered", COLLAPSE)


def _fort_result(r: Resolution, result: str, row: str, armour: int, reduces: bool, why: str) -> Outcome:
    """Read a fire result against the fort itself."""
    if result == "knocked out":
        return r.result(COLLAPSE, row)
    if result == "no effect":
        return r.result(NO_EFFECT, row)
    if not reduces:
        r.step(f"{result}: the occupants are {result}; no other effect on the structure")
        return r.result(f"occupants {result}", row)
    left = armour - TABLES.direct_fire.armour_loss
    r.step(f"{result} or better from {why}: the fort's armour drops permanently from {armour} to {left}")
    if left <= FORT.rubble_at_or_below:
        r.step(f"armour {left}: the fort is reduced to rubble, but the occupants survive (BF-74)")
    return r.result(_reduced(armour, result), row, after={"armour": left})


# --- direct fire on the fort ----------------------------------------------------------------------------

FIRERS = ("direct", "shaped_charge", "avre_petard", "dive_bomber", "artillery")


def _check_fire(v: Mapping[str, Any]) -> None:
    firer = v["firer"]
    if firer == "artillery":
        raise UsageError("firer=artillery: indirect artillery fire is useless against forts (000 Concrete Bunkers "
                         "and Fortifications); its occupants can be attacked (fort-occupants-fire)")
    if firer == "dive_bomber":
        if not v["pre_mapped"]:
            raise UsageError("firer=dive_bomber: dive bombers may attack a fort only if the scenario allows it, "
                             "the fort's position mapped before the game; set pre_mapped=true if so")
        return
    if v["pre_mapped"]:
        raise UsageError("pre_mapped is for firer=dive_bomber")
    if v["vehicle"] and not v["emplaced"]:
        raise UsageError("emplaced=false: a vehicle must be emplaced to attack a fort")
    if firer == "avre_petard" and not v["vehicle"]:
        raise UsageError("firer=avre_petard: the AVRE is a vehicle; set vehicle=true (and emplaced=true)")
    if not v["spotted"]:
        raise UsageError("spotted=false: the fort must be SPOTTED, not suspected, to be fired at")


@procedure(
    INFO,
    "fort-fire",
    worse="later",  # seed 000 "Concrete Bunkers and Fortifications": no effect, suppressed, disordered, kill
    example={"firer": "avre_petard", "attack": 5, "armour": 3, "vehicle": True, "range": 3},
    title="Direct fire on a fort",
    summary="Fire at the structure itself: strength at least its armour, 5\" at most, -armour; "
            "AVRE petards wear the armour down.",
    rule=cite(FORTS, FUNNIES, readings=("BF-63", "BF-74", "BF-76", "BF-87")),
    params=(
        Param("firer", "choice", "direct (T,G,sV strength), shaped_charge (infantry bazooka/Panzerfaust: V), "
              "avre_petard (BR-13), dive_bomber (T,G,sV of the bomber), artillery (IDF)", choices=FIRERS),
        Param("attack", "int", "the unmodified attack strength used (see firer)", minimum=0, maximum=15),
        ARMOUR,
        Param("range", "int", "range to the fort in inches (not asked of dive bombers)", 1, minimum=0,
              maximum=TABLES.direct_fire.max_range_inches,
              why=f"the maximum range against a fort is {TABLES.direct_fire.max_range_inches}\" (pin-point fire at "
                  "an embrasure, door or weak point)"),
        Param("vehicle", "bool", "the firer is a vehicle", False),
        Param("emplaced", "bool", "the firing vehicle is emplaced", True),
        Param("spotted", "bool", "the fort is SPOTTED (not merely suspected)", True),
        Param("pre_mapped", "bool", "the scenario allows dive bombers: the fort was mapped before the game", False),
        Param("other_modifiers", "int", "any other base-game modifiers (no enfilade bonus, no fort dr)", 0,
              minimum=-10, maximum=10),
    ),
    results=lambda v: _fort_rows(v["armour"], v["firer"] == "avre_petard"),
    check=_check_fire,
)
def fort_fire(r: Resolution, firer: str, attack: int, armour: int, range: int, vehicle: bool, emplaced: bool,
              spotted: bool, pre_mapped: bool, other_modifiers: int) -> Outcome:
    """Seed 000 "Concrete Bunkers and Fortifications", Attacking the Fort: IDF is useless; dive
    bombers only if pre-mapped, T,G,sV resolved as direct fire; direct fire uses T,G,sV (infantry
    shaped charges V), the unmodified strength must equal or exceed the armour to have any effect
    (BF-87), at most 5", a vehicle emplaced, the target spotted, no enfilade bonus; resolved with the
    armour as a negative modifier and the fort at dr 0; Suppressed/Disordered only suppress or
    disorder the occupants; a kill collapses it, occupants destroyed, rubble (BF-76). The AVRE
    (BR-13, Hobart's "Funnies"): Suppressed or better also cuts the armour by 1 for good; at 1 the
    fort is rubble and the occupants survive (BF-74). The fire combat table: [fire_combat] (BF-63)."""
    petard = firer == "avre_petard"
    what = {"direct": "T,G,sV strength", "shaped_charge": "V strength (infantry shaped-charge weapon)",
            "avre_petard": "the AVRE's 40 lb petard", "dive_bomber": "the bomber's T,G,sV, as direct fire"}[firer]
    r.step(f"fire on the fort itself with {what}: strength {attack} against armour {armour}")
    if attack < armour:
        r.step(f"the unmodified strength {attack} is less than the fort's armour {armour}: no effect (BF-87)")
        return r.result(NO_EFFECT, f"strength {attack} < armour {armour}")
    r.step("no enfilade bonus against a structure; the fort's discipline rating is 0 whoever is inside")
    mods = r.modifier("attack strength", attack, "the firer")
    mods += r.modifier("fort armour", -armour, src(FORTS, "Attacking the Fort"))
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, FORT.column, label="fire on the fort")
    return _fort_result(r, result, row, armour, petard, "an AVRE petard")


# --- demolitions against the fort ------------------------------------------------------------------------


def _demolition_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    return ("dud: the charges must be prepared again", *_fort_rows(v["armour"], True), CANCELLED)


def _check_demolition(v: Mapping[str, Any]) -> None:
    if v["unit"] == "other":
        raise UsageError("unit=other: engineer units use demolitions on a fort (an AVRE only where the scenario "
                         "lets it act as combat engineers)")


@procedure(
    INFO,
    "fort-demolition",
    example={"charges": 2, "armour": 5},
    title="Engineer demolitions against a fort",
    summary="Detonate every ready charge at once: a demolition action, then a direct fire attack of 4 "
            "(+2 a charge) -armour.",
    rule=cite(FORTS, ENGINEERING, readings=("BF-53", "BF-63", "BF-74", "BF-75", "BF-76", "BF-93")),
    params=(
        Param("charges", "int", "prepared charges, all set off together (one engineering action each to prepare)",
              1, minimum=1, maximum=12),
        ARMOUR,
        Param("distance", "int", "inches from the engineer to the fort", 1, minimum=0,
              maximum=TABLES.demolition.within_inches,
              why=f"the engineer must move within {TABLES.demolition.within_inches}\" of the fort"),
        Param("unit", "choice", "who sets the charges (avre: an AVRE the scenario lets act as engineers)",
              "engineers", choices=("engineers", "avre", "other")),
        OP_FIRE,
    ),
    results=_demolition_rows,
    check=_check_demolition,
)
def fort_demolition(r: Resolution, charges: int, armour: int, distance: int, unit: str,
                    opportunity_fire: str) -> Outcome:
    """Seed 000 "Concrete Bunkers and Fortifications": an engineer within 1" prepares each
    demolition with one engineering action and detonates with a successful demolition action
    (Seed 000 "Engineering Manoeuvre Actions": d10, a 1 is a dud, BF-75); all ready charges go
    together, however many are ready (BF-93); attack value 4, +2 for each additional charge,
    resolved as direct fire with only the
    armour as modifier (no "strength at least armour" test, BF-75); Suppressed or better cuts the
    armour by 1 for good, at 1 rubble with the occupants alive (BF-74); a kill collapses it (BF-76).
    Opportunity fire: BF-53. Fire combat table: [fire_combat] (BF-63)."""
    d = TABLES.demolition
    r.step(f"{charges} charge{'s' if charges > 1 else ''} detonated together by a demolition action; if they go "
           "off, a direct fire attack on the fort with only its armour as a modifier:")
    mods = r.modifier("demolition attack value", d.attack, src(FORTS, "demolitions"))
    if charges > 1:
        mods += r.modifier(f"additional charges: {charges - 1}", d.per_additional_charge * (charges - 1),
                           src(FORTS, "demolitions"))
    mods += r.modifier("fort armour", -armour, src(FORTS, "Attacking the Fort"))
    if opportunity_fire_cancels(r, opportunity_fire):
        return r.result(CANCELLED, "opportunity fire: Disorder or Knocked-Out cancels the engineering action")
    dem = ENGINEERING_TABLES.demolition
    roll = r.die(dem.die_sides, label="demolition")
    if roll <= dem.dud_at_most:
        r.step(f"demolition d{dem.die_sides} rolled {roll}: a dud; every charge must be prepared again (BF-75)")
        return r.result("dud: the charges must be prepared again", f"demolition {roll}: dud")
    r.step(f"demolition d{dem.die_sides} rolled {roll}: the charges go off")
    result, row = roll_fire(r, mods, FORT.column, label="demolition attack")
    return _fort_result(r, result, row, armour, True, "demolitions")


# --- fire on the occupants ---------------------------------------------------------------------------------


@procedure(
    INFO,
    "fort-occupants-fire",
    worse="later",  # seed 000 "Concrete Bunkers and Fortifications": no effect, suppressed, disordered, knocked out
    example={"attack": 5, "armour": 3},
    title="Fire on the occupants of a fort",
    summary="A normal attack on the troops or guns inside, the fort's armour as a negative modifier (DF or IDF).",
    rule=cite(FORTS, readings=("BF-63",)),
    params=(
        Param("attack", "int", "the firer's attack strength against the occupants' class, or the IDF factor",
              minimum=-5, maximum=15),
        ARMOUR,
        Param("fire", "choice", "direct fire, or IDF (a template on the fort)", "direct", choices=("direct", "idf")),
        Param("occupants", "choice", "the occupants' target class", "troops", choices=TARGET_CLASSES),
        Param("other_modifiers", "int", "any other base-game modifiers", 0, minimum=-10, maximum=10),
    ),
    results=("no effect", "occupants suppressed", "occupants disordered", "occupants knocked out"),
)
def fort_occupants_fire(r: Resolution, attack: int, armour: int, fire: str, occupants: str,
                        other_modifiers: int) -> Outcome:
    """Seed 000 "Concrete Bunkers and Fortifications", Attacking the occupants of the Fort using
    Direct Fire: regular attack methods with the fort's armour as a negative modifier; units in
    forts under IDF templates are attacked the same way. Fire combat table: [fire_combat] (BF-63)."""
    r.step(f"{'an IDF template on' if fire == 'idf' else 'direct fire at'} the occupants of the fort")
    mods = r.modifier("attack strength", attack, "the firer")
    mods += r.modifier("fort armour", -armour, src(FORTS, "Attacking the occupants"))
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, occupants, label="fire on the occupants")
    return r.result("no effect" if result == "no effect" else f"occupants {result}", row)


# --- close combat against the occupants -----------------------------------------------------------------

CC_ROWS = (
    "occupants knocked out", "occupants fall back disordered", "occupants fall back", "no result",
    "attackers fall back", "attackers fall back disordered", "attackers knocked out",
)


def _check_cc(v: Mapping[str, Any]) -> None:
    if v["attacker"] not in TABLES.close_combat.attackers:
        raise UsageError("attacker=other: only engineers, vehicles allowed to close combat built-up areas "
                         "(flamethrowers, the AVRE) and scenario assault troops may close combat units in a fort")
    if v["occupants_initiate"]:
        raise UsageError("occupants_initiate=true: occupants who initiate close combat lose all benefits of the "
                         "fort; resolve it as ordinary close combat, without the armour")
    check_may_initiate(v)


@procedure(
    INFO,
    "fort-close-combat",
    example={"attacker": "engineers", "attacker_modifier": 2, "armour": 3},
    title="Close combat against the occupants of a fort",
    summary="Only engineers, flamethrowers, AVREs and assault troops; defenders start from the fort's armour.",
    rule=cite(FORTS, MISC, readings=("BF-77", "BF-81", "BF-84")),
    params=(
        Param("attacker", "choice", "who attacks", choices=("engineers", "flamethrower", "avre", "assault_troops",
                                                              "other")),
        Param("attacker_modifier", "int", "the attacker's close combat strength and modifiers, all told",
              minimum=-10, maximum=15),
        ARMOUR,
        Param("defender_modifiers", "int", "the defenders' other close combat modifiers", 0, minimum=-10, maximum=10),
        Param("occupants_initiate", "bool", "the occupants are the ones initiating", False),
        ATTACKER_RATING, TARGET_STATE,
    ),
    results=CC_ROWS,
    check=_check_cc,
)
def fort_close_combat(r: Resolution, attacker: str, attacker_modifier: int, armour: int, defender_modifiers: int,
                      occupants_initiate: bool, attacker_rating: int, target_state: str) -> Outcome:
    """Seed 000 "Concrete Bunkers and Fortifications", Attacking the occupants of the Fort using
    Close Combat: only engineers, vehicles allowed to close combat built-up areas (flamethrowers,
    AVRE) and scenario assault troops; the defenders use the armour as their base close combat
    strength plus every other modifier (BF-77); occupants who initiate lose the fort. Seed 000
    "Restrictions on Close Combat" (BF-81). Close combat table: [close_combat] (BF-84)."""
    r.step(f"{attacker.replace('_', ' ')} close with the fort's occupants, whose base strength is the armour, "
           f"{armour}")
    if attacker_modifier:
        r.modifier("attacker's close combat strength and modifiers", attacker_modifier, "the base game")
    defence = r.modifier("fort armour as base close combat strength", armour, src(FORTS, "Close Combat"),
                         applies_to="defender")
    if defender_modifiers:
        defence += r.modifier("defenders' other modifiers", defender_modifiers, "the base game",
                              applies_to="defender")
    loser, result, margin = close_combat(r, attacker_modifier, defence)
    if result == "no result":
        return r.result("no result", f"margin {margin}: both sides hold")
    side = "occupants" if loser == "defender" else "attackers"
    text = result if result == "knocked out" else result.replace("falls", "fall")
    return r.result(f"{side} {text}", f"{'attacker' if margin > 0 else 'defender'} wins by {abs(margin)}: "
                    f"the {side} {text}")



# --- wearing a fort down, attack after attack -------------------------------------------------------------


def _siege_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    rows: list[str] = []
    for n in range(1, v["within"] + 1):
        rows += [f"collapses on attack {n}: occupants destroyed", f"rubble on attack {n}: occupants survive"]
    return (*rows, f"still standing after {v['within']} attacks")


def _check_siege(v: Mapping[str, Any]) -> None:
    if v["attacker"] == "avre_petard":
        if v["charges"] != 1:
            raise UsageError("charges=... is for attacker=demolitions")
        if v["attack"] < 1:
            raise UsageError("attacker=avre_petard: give the AVRE's unmodified attack strength, attack=N")
    elif v["attack"] or v["other_modifiers"]:
        raise UsageError("attack= and other_modifiers= are for attacker=avre_petard; demolitions attack at 4, "
                         "+2 a further charge, with only the fort's armour as a modifier")


@procedure(
    INFO,
    "fort-siege",
    example={"attacker": "avre_petard", "attack": 6, "armour": 5, "within": 8},
    title="Wearing a fort down, attack after attack",
    summary="AVRE petard shots or rounds of demolitions until the fort collapses or is rubble: attacks needed.",
    rule=cite(FORTS, FUNNIES, ENGINEERING, readings=("BF-63", "BF-74", "BF-75", "BF-76", "BF-87", "BF-88",
                                                     "BF-93")),
    params=(
        Param("attacker", "choice", "avre_petard (one shot an attack) or demolitions (one detonation of the "
              "ready charges an attack)", choices=("avre_petard", "demolitions")),
        Param("attack", "int", "the AVRE's unmodified strength (ignored for demolitions)", 0, minimum=0, maximum=15),
        Param("charges", "int", "charges prepared for each detonation (demolitions)", 1, minimum=1, maximum=12),
        ARMOUR,
        Param("other_modifiers", "int", "any other base-game modifiers to each petard shot", 0,
              minimum=-10, maximum=10),
        Param("within", "int", "how many attacks ahead to give the odds for", 10, minimum=1, maximum=40),
    ),
    results=_siege_rows,
    check=_check_siege,
)
def fort_siege(r: Resolution, attacker: str, attack: int, charges: int, armour: int, other_modifiers: int,
               within: int) -> Outcome:
    """Seed 000 "Concrete Bunkers and Fortifications": an AVRE petard (Hobart's "Funnies") or engineer
    demolitions cut the fort's armour by 1 for good on Suppressed or better; at 1 it is rubble and the
    occupants survive (BF-74); a kill collapses it with the occupants (BF-76). Attack after attack
    until one or the other (BF-88): a petard shot needs its unmodified strength at least the armour
    as it now stands (BF-87); a detonation is a demolition action first (a dud wastes it, the charges
    prepared again: BF-75), then 4 +2 a further charge -armour, every ready charge at once (BF-93).
    [fire_combat] (BF-63)."""
    dem = ENGINEERING_TABLES.demolition
    d = TABLES.demolition
    column_name = FORT.column
    if attacker == "avre_petard":
        strength = attack + other_modifiers
        r.step(f"each attack is one petard shot: d10 + {attack} - armour; it needs strength {attack} at least the "
               "armour as it now stands")
    else:
        strength = d.attack + d.per_additional_charge * (charges - 1)
        r.step(f"each attack is a detonation of {charges} charge{'s' if charges > 1 else ''} (each prepared "
               "with its own engineering action, one a unit a turn, then all set off together by a demolition "
               f"action): a d{dem.die_sides} dud on {dem.dud_at_most}, else attack {strength} - armour")
    table = FIRE_COMBAT.read(r)
    column = table.target(column_name)
    loss = TABLES.direct_fire.armour_loss
    key = (attacker, strength, attack, table.die_sides, column, dem.die_sides, dem.dud_at_most, loss,
           FORT.rubble_at_or_below)

    def step(rr: Resolution, state: tuple[int, int, Any]) -> tuple[int, int, Any]:
        now = state[0]
        if attacker == "avre_petard" and attack < now:
            if rr.narrate:
                rr.step(f"armour {now}: the petard's strength {attack} is below it, no effect (BF-87)")
            return state
        if attacker == "demolitions" and rr.die(dem.die_sides, label="demolition") <= dem.dud_at_most:
            if rr.narrate:
                rr.step("a dud: the charges must be prepared again (BF-75)")
            return state
        roll = rr.die(table.die_sides, label="attack")
        result = column.read(roll + strength - now)
        if rr.narrate:
            rr.step(f"armour {now}: {roll} {signed(strength - now)} = modified {roll + strength - now}: {result}")
        if result == "knocked out":
            return now, 1, key
        if result == "no effect":
            return state
        left = now - loss
        return left, (2 if left <= FORT.rubble_at_or_below else 0), key

    attacks, end = r.until((armour, 0, key), step, lambda s: s[1] != 0, max_steps=within, label="attack")
    if attacks is None:
        return r.result(f"still standing after {within} attacks", f"armour now {end[0]}", after={"armour": end[0]})
    if end[1] == 1:
        return r.result(f"collapses on attack {attacks}: occupants destroyed", "a kill: the fort collapses")
    return r.result(f"rubble on attack {attacks}: occupants survive", f"armour worn down to {end[0]}: rubble")
