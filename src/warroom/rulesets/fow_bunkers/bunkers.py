"""Bunkers: their general rules, and shooting at them.

Seed 001, "Bunkers General Rules" and "Shooting at Bunkers (P218)". The shooter's Skill
rating, the armour save and Firepower ratings come from the Flames of War base game
(base tables ``skill_ratings`` and ``armour``; readings FB-1, FB-4).
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
from warroom.rulesets.fow_bunkers.common import (
    ASSAULT,
    BUNKER_NAMES,
    GE,
    GENERAL,
    SHOOTING,
    armour_saves,
    bunker_param,
    cite,
    hits_row,
    load,
    plural,
    skill_param,
    skill_score,
    test_text,
)
from warroom.rulesets.fow_bunkers.info import INFO


class General(Table):
    skill_test_passes_on: int = Field(ge=1, le=6)
    motivation_always_passes: bool
    pinned_rally_automatically: bool


class Shooting(Table):
    max_range_inches: int = Field(ge=1)
    nest_destroyed_at_firepower_successes: int = Field(ge=1)


class BunkerTables(Table):
    general: General
    shooting: Shooting


BUNKER = load("bunkers", BunkerTables)

# --- general rules --------------------------------------------------------------------------

TESTS = ("motivation", "counterattack", "skill", "rally")
TEST_NAMES = {
    "motivation": "a Motivation Test",
    "counterattack": "the Motivation Test to counterattack in an assault",
    "skill": "a Skill Test",
    "rally": "rallying from Pinned Down at the start of its own turn",
}


@procedure(
    INFO,
    "bunker-test",
    example={"test": "skill"},
    title="A bunker's test",
    summary="Bunkers always pass Motivation Tests, pass Skill Tests on 4+, and rally automatically.",
    rule=cite(GENERAL, ASSAULT),
    params=(Param("test", "choice", "the test the bunker takes", choices=TESTS),),
    results=("passes", "fails"),
)
def bunker_test(r: Resolution, test: str) -> Outcome:
    """Seed 001 "Bunkers General Rules": bunkers (Nests, Pill Boxes and Turrets) are
    Independent Teams; they always pass Motivation Tests (the one to counterattack too,
    "Assaulting Bunkers"), pass Skill Tests on a 4+, and when Pinned Down rally automatically
    at the start of their own turn. They give Concealment and block line of sight like
    Buildings."""
    g = BUNKER.general
    r.step("bunkers are Independent Teams; they give Concealment and block line of sight like Buildings")
    r.step(f"a bunker takes {TEST_NAMES[test]}")
    if test in ("motivation", "counterattack"):
        return r.result("passes", "bunkers always pass Motivation Tests: no roll")
    if test == "rally":
        return r.result("passes", "a Pinned Down bunker rallies automatically at the start of its own turn: no roll")
    roll = r.die(6, label="skill test")
    r.step(f"Skill Test: {test_text(roll, g.skill_test_passes_on)}")
    if roll >= g.skill_test_passes_on:
        return r.result("passes", f"{roll} {GE} {g.skill_test_passes_on}: bunkers pass Skill Tests on 4+")
    return r.result("fails", f"{roll} < {g.skill_test_passes_on}: bunkers pass Skill Tests on 4+")


# --- shooting at bunkers --------------------------------------------------------------------

SHOTS = Param("shots", "int", "shots fired at the bunker (the shooting teams' ROF added up)", 2, minimum=1,
              maximum=30)
RANGE = Param("range", "int", "range from the shooting team to the bunker, in inches", 8, minimum=0,
              maximum=BUNKER.shooting.max_range_inches,
              why=f"bunkers can only be shot at by teams within {BUNKER.shooting.max_range_inches}\" (Shooting at "
                  "Bunkers, FB-19)")
ATTACKER = Param("attacker", "choice", "what is shooting: a team shooting directly, artillery or aircraft",
                 "direct", choices=("direct", "artillery", "aircraft"))
SPECIAL = Param("special_rule", "choice", "a special shooting rule the team wants to use", "none",
                choices=("none", "stabilisers", "volley_fire"))
FIREPOWER = Param("firepower", "int", "the weapon's Firepower rating: a Firepower Test passes on this or more "
                  "(rifles and MGs 6, most guns 3 or 4)", minimum=1, maximum=6)
BUSTER = Param("bunker_buster", "bool", "the weapon has the Bunker Buster rule (any hit destroys a bunker)", False)
SHOOTER_SKILL = skill_param(who="the shooting team")


def check_shooting(v: Mapping[str, Any], within: int | None = None) -> None:
    """Who may shoot at a bunker, and how (seed "Shooting at Bunkers")."""
    if v["attacker"] != "direct":
        raise UsageError(f"attacker={v['attacker']}: artillery and aircraft cannot target or harm a bunker "
                         "(Shooting at Bunkers); only teams shooting directly from within 16\" can")
    limit = BUNKER.shooting.max_range_inches if within is None else within
    if v["range"] > limit:
        raise UsageError(f"range={v['range']}: bunkers can only be shot at by teams within "
                         f"{BUNKER.shooting.max_range_inches}\" (Shooting at Bunkers)"
                         + (f", and this weapon reaches only {within}\"" if within is not None else ""))
    if v["special_rule"] != "none":
        name = "Stabilisers" if v["special_rule"] == "stabilisers" else "Volley Fire"
        raise UsageError(f"special_rule={v['special_rule']}: teams cannot use {name} when shooting at bunkers "
                         "unless their own rules specifically say so (Shooting at Bunkers); if they do, give "
                         "the shots it allows with special_rule=none")


def roll_to_hit(r: Resolution, shots: int, skill: str, range: int, what: str) -> int:
    """Seed "Shooting at Bunkers": each shot needs a Skill Test at the shooter's rating (FB-1)."""
    r.step(f"{plural(shots, 'shot')} at the {what} from {range}\" (within "
           f"{BUNKER.shooting.max_range_inches}\": it may be shot at)")
    score = skill_score(r, skill, "the shooting team")
    r.step(f"each shot needs a Skill Test to hit: {score}+, no other to-hit modifiers")
    hits = r.successes(shots, 6, score, label="skill tests to hit")
    r.step(f"{hits_row(hits)} on the {what}")
    return hits


@procedure(
    INFO,
    "bunker-hits",
    worse="later",  # seed 001 "Shooting at Bunkers (P218)": a count of hits
    example={"shots": 4, "skill": "veteran"},
    title="Hits on a bunker",
    summary="How many of several shots at a bunker hit: a Skill Test for each at the shooter's rating.",
    rule=cite(SHOOTING, readings=("FB-1", "FB-19")),
    params=(SHOTS, SHOOTER_SKILL, RANGE, ATTACKER, SPECIAL),
    results=lambda v: tuple(hits_row(n) for n in range(v["shots"] + 1)),
    check=check_shooting,
)
def bunker_hits(r: Resolution, shots: int, skill: str, range: int, attacker: str, special_rule: str) -> Outcome:
    """Seed 001 "Shooting at Bunkers (P218)": bunkers can only be shot at by teams within
    16", needing a Skill Test to hit (the shooter's rating, FB-1; range measured team to
    bunker, 16" allowed, FB-19); no Stabilisers or Volley Fire; artillery and aircraft
    cannot target them."""
    hits = roll_to_hit(r, shots, skill, range, "bunker")
    return r.result(hits_row(hits), f"Skill Tests at {skill}: {hits_row(hits)}")


NEST_ROWS = ("no hits", "hit, no effect", "pinned down", "destroyed")


@procedure(
    INFO,
    "shoot-bunker",
    worse="later",  # seed 001 "Shooting at Bunkers (P218)": no hits, hit, pinned down, destroyed
    example={"bunker": "nest", "shots": 4, "firepower": 6},
    title="Shooting at a Nest or Pill Box",
    summary="Skill Tests to hit, then a Firepower Test per hit: one pins a Nest or Pill Box, a second destroys "
            "a Nest; a Bunker Buster hit destroys.",
    rule=cite(SHOOTING, GENERAL, readings=("FB-1", "FB-2", "FB-3", "FB-5", "FB-19")),
    params=(
        bunker_param(("nest", "pill_box")),
        SHOTS,
        SHOOTER_SKILL,
        FIREPOWER,
        BUSTER,
        Param("pinned", "bool", "the bunker is already Pinned Down this turn (a Nest is then destroyed by one "
              "successful Firepower Test)", False),
        RANGE,
        ATTACKER,
        SPECIAL,
    ),
    results=NEST_ROWS,
    check=check_shooting,
)
def shoot_bunker(
    r: Resolution, bunker: str, shots: int, skill: str, firepower: int, bunker_buster: bool, pinned: bool,
    range: int, attacker: str, special_rule: str,
) -> Outcome:
    """Seed 001 "Shooting at Bunkers (P218)": only teams within 16" (FB-19) may shoot, with a
    Skill Test to hit (FB-1); a successful
    Firepower Test Pins Down a Nest or Pill Box; a second one destroys a Nest (FB-2: the
    second in the same enemy turn, since a pinned bunker rallies at the start of its own
    turn; several hits in one shooting count in order). Shooting only pins a Pill Box (FB-3).
    Any hit from a Bunker Buster destroys a bunker (FB-5)."""
    name = BUNKER_NAMES[bunker]
    if pinned:
        r.step(f"the {name} is already Pinned Down this turn")
    hits = roll_to_hit(r, shots, skill, range, name)
    if hits == 0:
        return r.result("no hits", "every Skill Test to hit failed")
    if bunker_buster:
        return r.result("destroyed", "a hit from a Bunker Buster destroys a bunker")
    r.step(f"a Firepower Test for each hit: {firepower}+")
    passed = r.successes(hits, 6, firepower, label="firepower tests")
    r.step(f"{plural(passed, 'Firepower Test')} passed")
    if bunker == "nest":
        needed = BUNKER.shooting.nest_destroyed_at_firepower_successes - (1 if pinned else 0)
        if passed >= needed:
            how = "a successful Firepower Test on a pinned Nest" if pinned else "a second successful Firepower Test"
            return r.result("destroyed", f"{how} destroys a Nest")
    if passed:
        row = "a successful Firepower Test pins down a " + ("Nest" if bunker == "nest" else "Pill Box")
        if bunker == "pill_box":
            row += "; shooting cannot destroy a Pill Box"
        return r.result("pinned down", row, after={"pinned": True})
    return r.result("hit, no effect", "no Firepower Test passed")


@procedure(
    INFO,
    "shoot-turret",
    worse="later",  # seed 001 "Shooting at Bunkers (P218)": no hits, hit, bailed out, destroyed
    example={"shots": 4, "anti_tank": 11, "firepower": 3, "armour": 9},
    title="Shooting at a Turret bunker",
    summary="Skill Tests to hit, then an armour save for each hit, like a tank; a Bunker Buster hit destroys.",
    rule=cite(SHOOTING, readings=("FB-1", "FB-4", "FB-5", "FB-19")),
    params=(
        SHOTS,
        SHOOTER_SKILL,
        Param("anti_tank", "int", "the weapon's Anti-tank rating", minimum=0, maximum=30),
        FIREPOWER,
        Param("armour", "int", "the Turret's armour rating (all shots hit the turret)", minimum=0, maximum=20),
        BUSTER,
        RANGE,
        ATTACKER,
        SPECIAL,
    ),
    results=("no hits", "hit, no effect", "bailed out", "destroyed"),
    check=check_shooting,
)
def shoot_turret(
    r: Resolution, shots: int, skill: str, anti_tank: int, firepower: int, armour: int, bunker_buster: bool,
    range: int, attacker: str, special_rule: str,
) -> Outcome:
    """Seed 001 "Shooting at Bunkers (P218)": Turrets take an Armoured Vehicle Save like a
    tank team, and all shots hit the turret: one armour rating for every hit (FB-4, the save
    from the base table ``armour``). Only teams within 16" (FB-19) may shoot, with a Skill
    Test to hit (FB-1); a Bunker Buster hit destroys (FB-5)."""
    hits = roll_to_hit(r, shots, skill, range, "Turret")
    if hits == 0:
        return r.result("no hits", "every Skill Test to hit failed")
    if bunker_buster:
        return r.result("destroyed", "a hit from a Bunker Buster destroys a bunker")
    effect = armour_saves(r, hits, armour, anti_tank, firepower, "Turret")
    if effect == "no effect":
        return r.result("hit, no effect", f"{plural(hits, 'hit')}: every armour save held or no Firepower Test passed")
    return r.result(effect, f"armour save and Firepower Test: {effect} (the worst of {plural(hits, 'hit')})")
