"""Demolition carriers (Goliaths and the like).

Seed 001, "Demolition Carriers (P233)". The controlling team's Skill rating is the Flames of
War base game's (base table ``skill_ratings``; reading FB-1); what is hit automatically
follows reading FB-15.
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
from warroom.rulesets.fow_bunkers.common import DEMOLITION, cite, load, plural, skill_param, skill_score, test_text
from warroom.rulesets.fow_bunkers.info import INFO


class DemolitionTable(Table):
    move_inches: int = Field(ge=1)
    goliath_firepower: int = Field(ge=1, le=6)


DEMO = load("demolition", DemolitionTable)

TARGETS = ("infantry", "man_packed_gun", "gun", "vehicle", "bailed_out_vehicle", "bogged_down_vehicle", "building",
           "bunker", "obstacle")
TARGET_NAMES = {
    "infantry": "an infantry team", "man_packed_gun": "a man-packed gun team", "gun": "a gun team (not man-packed)",
    "vehicle": "a vehicle", "bailed_out_vehicle": "a Bailed Out vehicle",
    "bogged_down_vehicle": "a Bogged Down vehicle", "building": "a Building", "bunker": "a bunker",
    "obstacle": "an obstacle",
}
AUTOMATIC = ("man_packed_gun", "bailed_out_vehicle", "bogged_down_vehicle", "building")
"""Hit without a Skill Test whatever their state; an infantry team only when Dug In (FB-21)."""


def automatic(target: str, dug_in: bool) -> bool:
    """Seed 001 "Demolition Carriers": "A Dug in Infantry or Man-packed Gun team (whether Dug In or Not)"
    (FB-21)."""
    return target in AUTOMATIC or (target == "infantry" and dug_in)


def _rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    target = v["target"]
    if automatic(target, v["dug_in"]) and target in ("infantry", "man_packed_gun"):
        return ("hit",)
    if target == "infantry":
        return ("misses", "hit")
    if target == "building":
        return (f"{plural(v['teams_inside'], 'team')} inside hit",)
    if target == "gun":
        return ("misses", "hit")
    effect = {"vehicle": "bogged down", "bailed_out_vehicle": "bogged down", "bogged_down_vehicle": "destroyed",
              "bunker": "destroyed", "obstacle": "gapped"}[target]
    rows = ("hit, no effect", effect)
    return rows if automatic(target, v["dug_in"]) else ("misses", *rows)


def _check(v: Mapping[str, Any]) -> None:
    if v["controller_destroyed"]:
        raise UsageError("controller_destroyed=true: a Demolition carrier is destroyed if its controlling team is "
                         "destroyed (Demolition Carriers); it does nothing more")
    if v["controller_moved"] or v["controller_pinned"] or v["controller_shot"]:
        why = ("moved" if v["controller_moved"] else "is Pinned Down" if v["controller_pinned"] else "shot")
        raise UsageError(f"the controlling team {why}: only a controlling team that did not move and is not Pinned "
                         "Down switches on the carrier, instead of shooting (Demolition Carriers)")
    if v["carrier"] == "goliath" and v["firepower"] not in (0, DEMO.goliath_firepower):
        raise UsageError(f"firepower={v['firepower']}: a Goliath Demolition carrier has Firepower "
                         f"{DEMO.goliath_firepower}+ (Demolition Carriers); leave firepower out")
    if v["carrier"] == "other" and v["firepower"] == 0:
        raise UsageError("carrier=other needs firepower=N: the carrier's Firepower rating (a Goliath's is 4+)")
    if v["dug_in"] and v["target"] not in ("infantry", "man_packed_gun", "gun"):
        raise UsageError(f"dug_in=true is for a team (target=infantry, man_packed_gun or gun), not "
                         f"target={v['target']}")
    if v["teams_inside"] != 1 and v["target"] != "building":
        raise UsageError("teams_inside is for a carrier sent into a Building; leave it out for other targets")


@procedure(
    INFO,
    "demolition-carrier",
    example={"target": "vehicle", "distance": 12},
    title="Demolition carrier",
    summary="A carrier driven up to 16\" into its target: some targets are hit automatically, others need a Skill "
            "Test; a Firepower Test bogs down a vehicle, destroys a bunker or gaps an obstacle.",
    rule=cite(DEMOLITION, readings=("FB-1", "FB-15", "FB-21")),
    params=(
        Param("target", "choice", "what the carrier is sent against", choices=TARGETS),
        Param("carrier", "choice", "a Goliath (Firepower 4+) or another carrier", "goliath",
              choices=("goliath", "other")),
        Param("firepower", "int", "another carrier's Firepower rating (0: a Goliath's 4+)", 0, minimum=0, maximum=6),
        skill_param("controller_skill", "the controlling team"),
        Param("distance", "int", "inches from the carrier to the target", 8, minimum=0, maximum=DEMO.move_inches,
              why=f"the carrier moves {DEMO.move_inches}\" to contact its target (Demolition Carriers); a target "
                  "farther off is out of its reach"),
        Param("teams_inside", "int", "teams inside the Building (target=building)", 1, minimum=1, maximum=12),
        Param("dug_in", "bool", "the team is Dug In (an infantry team is hit automatically only then, FB-21)", False),
        Param("controller_moved", "bool", "the controlling team moved this turn", False),
        Param("controller_pinned", "bool", "the controlling team is Pinned Down", False),
        Param("controller_shot", "bool", "the controlling team shot this turn", False),
        Param("controller_destroyed", "bool", "the controlling team has been destroyed", False),
    ),
    results=_rows,
    check=_check,
)
def demolition_carrier(
    r: Resolution, target: str, carrier: str, firepower: int, controller_skill: str, distance: int,
    teams_inside: int, dug_in: bool, controller_moved: bool, controller_pinned: bool, controller_shot: bool,
    controller_destroyed: bool,
) -> Outcome:
    """Seed 001 "Demolition Carriers (P233)": a carrier is destroyed if its controlling team
    is; a controlling team that did not move and is not Pinned Down, instead of shooting,
    switches it on and moves it 16" to contact the target. Dug In infantry teams, man-packed gun
    teams dug in or not, and Bogged Down or Bailed Out vehicles are hit automatically (FB-21);
    otherwise a Skill Test (the controlling team's) is needed (FB-15). A vehicle hit is Bogged Down on
    a successful Firepower Test, or Destroyed if it was already Bogged Down; it hits every
    team inside a Building; a successful Firepower Test destroys a bunker or gaps an
    obstacle. A Goliath has Firepower 4+."""
    fp = DEMO.goliath_firepower if carrier == "goliath" else firepower
    what = "a Goliath" if carrier == "goliath" else "the carrier"
    r.step(f"instead of shooting, the controlling team switches on {what} (Firepower {fp}+) and drives it "
           f"{distance}\" into contact with {TARGET_NAMES[target]}")
    if target == "building":
        return r.result(f"{plural(teams_inside, 'team')} inside hit", "it hits every team inside a Building")
    if automatic(target, dug_in):
        r.step(f"{TARGET_NAMES[target]}{', Dug In,' if dug_in else ''} is hit automatically (FB-21)")
    else:
        score = skill_score(r, controller_skill, "the controlling team")
        roll = r.die(6, label="skill test to hit")
        r.step(f"a Skill Test to hit: {test_text(roll, score)}")
        if roll < score:
            return r.result("misses", f"Skill Test failed: {what} misses")
    if target in ("infantry", "man_packed_gun", "gun"):
        return r.result("hit", f"the team takes a hit with Firepower {fp}+, resolved by the base game")
    test = r.die(6, label="firepower test")
    r.step(f"Firepower Test: {test_text(test, fp)}")
    if test < fp:
        return r.result("hit, no effect", "Firepower Test failed")
    if target == "bogged_down_vehicle":
        return r.result("destroyed", "a vehicle already Bogged Down is Destroyed instead")
    if target in ("vehicle", "bailed_out_vehicle"):
        return r.result("bogged down", "a vehicle hit is Bogged Down on a successful Firepower Test")
    if target == "bunker":
        return r.result("destroyed", "a successful Firepower Test destroys a bunker")
    return r.result("gapped", "a successful Firepower Test gaps an obstacle")
