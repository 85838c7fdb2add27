"""Assaulting bunkers: the assault itself, the bunkers' Defensive Fire and counterattack.

Seed 001, "Assaulting Bunkers (P221)" (and "Firing Smoke at Bunkers (P222)" for targets
seen through smoke). The score an assaulting team hits on, the Tank Assault rating of a
team hitting a Turret, and Defensive Fire's score to hit and the hits that stop an assault
come from the Flames of War base game (readings FB-6, FB-7, FB-9).
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
from warroom.rulesets.fow_bunkers.base_rules import SKILL, TO_HIT, WEAPONS
from warroom.rulesets.fow_bunkers.common import (
    ASSAULT,
    BUNKER_NAMES,
    GENERAL,
    SMOKE,
    armour_saves,
    bunker_param,
    cite,
    hits_pool,
    hits_row,
    load,
    plural,
    skill_param,
    src,
)
from warroom.rulesets.fow_bunkers.info import INFO


class AssaultTable(Table):
    defensive_fire_range_inches: int = Field(ge=1)
    turret_top_armour: int = Field(ge=0)
    counterattack_hits_on: int = Field(ge=1, le=6)
    consolidate_min_inches: int = Field(ge=0)


ASSAULT_DATA = load("assault", AssaultTable)

TEAMS = ("infantry", "bulldozer", "tank")


def _assault_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["bunker"] == "turret":
        return ("no hits", "hit, no effect", "bailed out", "destroyed")
    return ("no hits", "destroyed")


def _check_assault(v: Mapping[str, Any]) -> None:
    bunker, team, teams = v["bunker"], v["team"], v["teams"]
    if team == "tank":
        raise UsageError("team=tank: tanks cannot assault bunkers (Assaulting Bunkers); a Bulldozer can, in the "
                         "same way as an infantry team")
    if v["all_round"] and bunker != "nest":
        raise UsageError(f"all_round=true is for a Nest with all-around fields of fire, not a "
                         f"{BUNKER_NAMES[bunker]}; leave it out")
    if v["tank_assault"] and (bunker != "turret" or team != "infantry"):
        raise UsageError("tank_assault is the Tank Assault rating of infantry assaulting a Turret; a Nest or Pill "
                         "Box is destroyed by any hit and a Bulldozer destroys a Turret it hits, so leave it out")
    slits = v["firing_slits"]
    if bunker == "turret" or (bunker == "nest" and v["all_round"]):
        if slits != 1:
            raise UsageError("firing_slits: every team in contact can assault a Turret or a Nest with all-around "
                             "fields of fire; leave firing_slits out")
        return
    if teams > slits:
        raise UsageError(f"teams={teams} with firing_slits={slits}: only one team can assault each firing slit "
                         f"(Assaulting Bunkers); at most {plural(slits, 'team')} can assault this "
                         f"{BUNKER_NAMES[bunker]}")


@procedure(
    INFO,
    "assault-bunker",
    worse="later",  # seed 001 "Assaulting Bunkers (P221)": no hits, hit, bailed out, destroyed
    example={"bunker": "turret", "teams": 3, "tank_assault": 5},
    title="Assaulting a bunker",
    summary="Teams in contact roll to hit: a hit destroys a Nest or Pill Box; a Turret saves with Top Armour 1.",
    rule=cite(ASSAULT, readings=("FB-4", "FB-6", "FB-7", "FB-8")),
    params=(
        bunker_param(),
        Param("teams", "int", "assaulting teams in contact with the bunker", 1, minimum=1, maximum=12),
        Param("team", "choice", "what is assaulting: infantry teams, Bulldozers, or tanks (which may not)",
              "infantry", choices=TEAMS),
        skill_param(who="the assaulting teams"),
        Param("firing_slits", "int", "the bunker's firing slits (one team may assault each; not for a Turret "
              "or an all-round Nest)", 1, minimum=1, maximum=8),
        Param("all_round", "bool", "the Nest has all-around fields of fire (every team in contact may assault it)",
              False),
        Param("tank_assault", "int", "the assaulting infantry's Tank Assault rating against a Turret; "
              "0 = the base table's ordinary infantry (stand-in 2)", 0, minimum=0, maximum=20),
    ),
    results=_assault_rows,
    check=_check_assault,
)
def assault_bunker(
    r: Resolution, bunker: str, teams: int, team: str, skill: str, firing_slits: int, all_round: bool,
    tank_assault: int,
) -> Outcome:
    """Seed 001 "Assaulting Bunkers (P221)": only one team can assault each Firing Slit; all
    teams in contact can assault a Nest with all-around fields of fire or a Turret (the
    number of slits is the bunker's own, FB-8). Nests and Pill Boxes are automatically
    destroyed if hit; Turrets make an Armour Save with a Top Armour of 1 (FB-7, the save of
    FB-4). Tanks cannot assault bunkers; Bulldozers assault as infantry and destroy a Turret
    they hit (P226). Each assaulting team rolls one die, hitting on its own Skill rating
    (FB-6)."""
    name = BUNKER_NAMES[bunker]
    who = "Bulldozer" if team == "bulldozer" else "infantry team"
    if bunker == "turret" or all_round:
        r.step(f"{plural(teams, who)} in contact assault the {name}: every team in contact may")
    else:
        r.step(f"{plural(teams, who)} assault the {name} through its {plural(firing_slits, 'firing slit')}: "
               "one team to each slit")
    score = SKILL.read(r).assault_to_hit.of(skill)
    r.step(f"each assaulting team rolls one die and hits on its Skill rating: {skill}, {score}+ (FB-6)")
    hits = r.successes(teams, 6, score, label="assault to hit")
    if hits == 0:
        return r.result("no hits", "no assaulting team hit")
    if bunker != "turret":
        return r.result("destroyed", f"{plural(hits, 'hit')}: a Nest or Pill Box is automatically destroyed if hit")
    if team == "bulldozer":
        return r.result("destroyed", "a Turret hit by a Bulldozer in an assault is automatically destroyed (P226)")
    weapons = WEAPONS.read(r)
    rating = tank_assault
    if rating:
        r.step(f"the assaulting infantry's Tank Assault rating: {rating}")
    else:
        rating = weapons.assault.tank_assault
        r.step(f"ordinary infantry: Tank Assault {rating} (stand-in), firepower {weapons.assault.firepower}+")
    top = ASSAULT_DATA.turret_top_armour
    r.step(f"the Turret makes an Armour Save with a Top Armour of {top}")
    effect = armour_saves(r, hits, top, rating, weapons.assault.firepower, "Turret")
    if effect == "no effect":
        return r.result("hit, no effect", f"{plural(hits, 'hit')}: every armour save held")
    return r.result(effect, f"Top Armour {top} against Tank Assault {rating}: {effect}")


# --- defensive fire ---------------------------------------------------------------------------


def _stop_at() -> int:
    return TO_HIT.current()[0].defensive_fire.stops_assault_at_hits


def _defensive_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    stop = _stop_at()
    rows = []
    for n in range(v["bunkers"] * v["shots_per_bunker"] + 1):
        verdict = "the assault is stopped" if n >= stop else "the assault goes in"
        rows.append(f"{hits_row(n)}: {verdict}")
    return tuple(rows)


def to_hit_score(
    r: Resolution, target_skill: str, *, long_range: bool, concealed: bool, gone_to_ground: bool,
    through_smoke: bool,
) -> int:
    """The score a bunker needs to hit a team (the base game's, FB-9), ignoring smoke (FB-10)."""
    t = TO_HIT.read(r)
    score = t.score_by_target.of(target_skill)
    r.step(f"the target teams are {target_skill}: hit on {score}+ before modifiers")
    mods = t.modifiers
    if long_range:
        score += r.modifier(f"long range (over {mods.long_range_inches}\")", mods.long_range, "base game (stand-in)")
    if through_smoke:
        r.step("the target is seen through smoke: a bunker does not treat it as Concealed and Gone to Ground")
    if concealed:
        score += r.modifier("target concealed (by terrain)", mods.concealed, "base game (stand-in)")
        if gone_to_ground:
            score += r.modifier("target gone to ground", mods.gone_to_ground, "base game (stand-in)")
    elif gone_to_ground:
        r.step("the target has gone to ground but is not concealed: no modifier")
    if through_smoke:
        r.modifier("smoke (not Concealed and Gone to Ground to a bunker)", 0, src(SMOKE))
    return score


@procedure(
    INFO,
    "bunker-defensive-fire",
    worse="later",  # seed 001 "Assaulting Bunkers (P221)": a count of hits on the assaulting teams
    example={"bunkers": 2, "shots_per_bunker": 2, "farthest": 10},
    title="Bunkers' Defensive Fire",
    summary="Every bunker within 16\" of an assaulted bunker may Defensive Fire at the assaulting teams.",
    rule=cite(ASSAULT, SMOKE, readings=("FB-9", "FB-10")),
    params=(
        Param("bunkers", "int", "bunkers firing: the assaulted one and others within 16\" of it", 1, minimum=1,
              maximum=6),
        Param("shots_per_bunker", "int", "each bunker's shots (its ROF)", 2, minimum=1, maximum=4),
        Param("farthest", "int", "inches from the assaulted bunker to the farthest bunker firing", 0, minimum=0,
              maximum=ASSAULT_DATA.defensive_fire_range_inches,
              why=f"only bunkers within {ASSAULT_DATA.defensive_fire_range_inches}\" of the assaulted bunker can "
                  "Defensive Fire (Assaulting Bunkers); count only those as bunkers="),
        skill_param("target_skill", "the assaulting teams"),
        Param("long_range", "bool", "the assaulting teams are over 16\" from the firing bunkers", False),
        Param("concealed", "bool", "the assaulting teams are concealed by terrain", False),
        Param("through_smoke", "bool", "the assaulting teams are seen through smoke", False),
    ),
    results=_defensive_rows,
)
def bunker_defensive_fire(
    r: Resolution, bunkers: int, shots_per_bunker: int, farthest: int, target_skill: str, long_range: bool,
    concealed: bool, through_smoke: bool,
) -> Outcome:
    """Seed 001 "Assaulting Bunkers (P221)": when a bunker is assaulted, all bunkers within
    16" can Defensive Fire. The score to hit (the target's skill, +1 long range, +1
    concealed; assaulting teams have moved and are not gone to ground) and the five hits
    that pin the assaulting platoon and stop the assault are the base game's (FB-9).
    "Firing Smoke at Bunkers (P222)": bunkers do not treat targets seen through smoke as
    Concealed and Gone to Ground (FB-10)."""
    r.step(f"{plural(bunkers, 'bunker')} within {ASSAULT_DATA.defensive_fire_range_inches}\" of the assaulted "
           f"bunker (the farthest {farthest}\") Defensive Fire, {plural(shots_per_bunker, 'shot')} each")
    score = to_hit_score(r, target_skill, long_range=long_range, concealed=concealed, gone_to_ground=False,
                         through_smoke=through_smoke)
    shots = bunkers * shots_per_bunker
    r.step(f"{plural(shots, 'shot')}, each hitting on {score}+")
    hits = hits_pool(r, shots, score, "defensive fire")
    stop = _stop_at()
    verdict = "the assault is stopped" if hits >= stop else "the assault goes in"
    if hits >= stop:
        row = f"{hits_row(hits)} ({stop} or more): the assaulting platoon is Pinned Down and falls back"
    else:
        row = f"{hits_row(hits)}, fewer than {stop}: the assaulting teams hit take their saves; the rest charge in"
    return r.result(f"{hits_row(hits)}: {verdict}", row)


# --- counterattack and consolidation -------------------------------------------------------------


@procedure(
    INFO,
    "bunker-counterattack",
    worse="later",  # seed 001 "Assaulting Bunkers (P221)": a count of hits
    example={"bunkers": 2},
    title="Bunkers counterattack",
    summary="Bunkers always pass the Motivation Test to counterattack and hit on 4+.",
    rule=cite(ASSAULT, GENERAL, readings=("FB-20",)),
    params=(Param("bunkers", "int", "bunkers in contact with the assaulting teams (one die each)", 1, minimum=1,
                  maximum=6),),
    results=lambda v: tuple(hits_row(n) for n in range(v["bunkers"] + 1)),
)
def bunker_counterattack(r: Resolution, bunkers: int) -> Outcome:
    """Seed 001 "Assaulting Bunkers (P221)": bunkers always pass Motivation Tests to
    counterattack and hit on a score of 4+ (FB-20: one die for each bunker in contact, as each
    team in an assault rolls one die; the hits are the base game's assault hits)."""
    on = ASSAULT_DATA.counterattack_hits_on
    r.step("bunkers always pass the Motivation Test to counterattack: no roll")
    r.step(f"{plural(bunkers, 'bunker')} in contact roll one die each, hitting on {on}+")
    hits = r.successes(bunkers, 6, on, label="counterattack")
    return r.result(hits_row(hits), f"{hits_row(hits)} on the assaulting teams, resolved as the base game's "
                    "assault hits")


@procedure(
    INFO,
    "consolidate-near-bunker",
    example={"distance": 3},
    title="Consolidating near a bunker",
    summary="Victorious teams cannot consolidate within 2\" of a bunker.",
    rule=cite(ASSAULT, readings=("FB-19",)),
    params=(Param("distance", "int", "inches from the end of the team's consolidation move to the nearest bunker",
                  minimum=0, maximum=200),),
    results=("may consolidate there", f"may not: within {ASSAULT_DATA.consolidate_min_inches}\" of a bunker"),
)
def consolidate_near_bunker(r: Resolution, distance: int) -> Outcome:
    """Seed 001 "Assaulting Bunkers (P221)": victorious teams cannot consolidate within 2"
    of a bunker (FB-19: "within" includes 2" itself)."""
    least = ASSAULT_DATA.consolidate_min_inches
    if distance <= least:
        return r.result(f"may not: within {least}\" of a bunker", f"{distance}\" is within {least}\"")
    return r.result("may consolidate there", f"{distance}\" is not within {least}\" of a bunker")
