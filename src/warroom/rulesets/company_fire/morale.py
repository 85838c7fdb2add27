"""Company Fire's rally and Movement Test: one d6 against a number, with modifiers.

Seed 002, "Unit Status, Hit Results and Rallying" (Rally) and "Movement" (Movement Test,
Fall Back, Moving on a Fire Card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.company_fire.common import (
    EXPERIENCE,
    LEADER,
    STATUS,
    cite,
    experience_bonus,
    leader_bonus,
    need,
    src,
)
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables


@procedure(
    INFO,
    "rally",
    example={"status": "suppressed", "leader": "pl"},
    title="Rally",
    summary="A pinned (4+) or suppressed (5+) unit tries to rally one step on 1d6.",
    rule=cite(STATUS, readings=("CF-7",)),
    params=(
        Param("status", "choice", "the unit's status", choices=("pinned", "suppressed")),
        Param("enemy_los", "bool", "a good-order enemy unit has LOS to the unit", True),
        EXPERIENCE,
        LEADER,
    ),
    results=("rallied", "failed"),
)
def rally(r: Resolution, status: str, enemy_los: bool, experience: str, leader: str) -> Outcome:
    """Seed 002 "Unit Status, Hit Results and Rallying", Rally: 1d6 needing 4+ (pinned) or 5+
    (suppressed); +1 if no good-order enemy has LOS; green −1, veteran +1; +1 platoon leader or
    +2 company commander in the space (the better, CF-7). Success: suppressed → pinned,
    pinned → good order; failure ends the unit's actions for the card."""
    t = tables().rally
    needs = t.pinned_needs if status == "pinned" else t.suppressed_needs
    r.step(f"a {status} unit rallies on 1d6, needing {needs}+")
    mods = 0
    if not enemy_los:
        mods += r.modifier("no good-order enemy unit has LOS to the unit", t.no_enemy_los, src(STATUS, "Rally"))
    mods += experience_bonus(r, experience, STATUS)
    mods += leader_bonus(r, leader, STATUS)
    roll = r.die(6, label="rally")
    if need(r, roll, roll + mods, needs, "rally"):
        after = "pinned" if status == "suppressed" else "good order"
        return r.result("rallied", f"{roll + mods} \u2265 {needs}: {status} \u2192 {after}")
    r.step("the unit may take no further action this card")
    return r.result("failed", f"{roll + mods} < {needs}: stays {status}")


MOVE = "Movement"


def _movement_check(v: Mapping[str, Any]) -> None:
    if v["leader"] == "none" and v["fall_back"]:
        raise UsageError("fall_back=true needs leader=pl, cc or both: a suppressed unit falls back only with its "
                         "platoon leader or the company commander in the space (Fall Back)")


@procedure(
    INFO,
    "movement-test",
    example={"destination": "open", "enemy_op_fire_los": True},
    title="Movement Test",
    summary="1d6 to move in enemy LOS, to move on a Fire card, or to fall back: 4+ into cover, 5+ into the open.",
    rule=cite(MOVE, readings=("CF-7",)),
    params=(
        Param("destination", "choice", "the terrain of the destination space", choices=("cover", "open")),
        Param("enemy_op_fire_los", "bool", "the destination is in LOS of an enemy unit able to op fire", False),
        EXPERIENCE,
        Param("leader", "choice", "leaders in the starting space: none, pl, cc, both", "none",
              choices=("none", "pl", "cc", "both")),
        Param("fall_back", "bool", "a suppressed unit falling back (Move card only, leader present)", False),
    ),
    results=("passes", "fails"),
    check=_movement_check,
)
def movement_test(
    r: Resolution, destination: str, enemy_op_fire_los: bool, experience: str, leader: str, fall_back: bool
) -> Outcome:
    """Seed 002 "Movement", Movement Test: 1d6 needing 4+ if the destination is cover, 5+ if
    open; veteran +1, green −1; platoon leader in the starting space +1 or company commander
    +2 (the better, CF-7); −1 if the destination is in LOS of an enemy who can op fire."""
    t = tables().movement_test
    needs = t.cover_needs if destination == "cover" else t.open_needs
    if fall_back:
        r.step("a suppressed unit falls back one space away from the enemy with its leader")
    r.step(f"Movement Test on 1d6 into {destination}, needing {needs}+")
    mods = experience_bonus(r, experience, MOVE)
    mods += leader_bonus(r, leader, MOVE, where="in the starting space")
    if enemy_op_fire_los:
        mods += r.modifier("destination in LOS of an enemy who can op fire", t.destination_in_enemy_op_fire_los,
                           src(MOVE, "Movement Test"))
    roll = r.die(6, label="Movement Test")
    if need(r, roll, roll + mods, needs, "Movement Test"):
        return r.result("passes", f"{roll + mods} \u2265 {needs}: the unit moves")
    return r.result("fails", f"{roll + mods} < {needs}: the unit stays put")
