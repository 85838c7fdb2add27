"""Flame-throwers flaming bunkers.

Seed 001, "Flamethrowers Flaming Bunkers (P199)". The flame-thrower's Firepower and range
are the Flames of War base game's (base table ``weapons``; reading FB-16); hitting a bunker
takes a Skill Test as any shooting at bunkers does ("Shooting at Bunkers", FB-1).
"""

from __future__ import annotations

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.fow_bunkers.base_rules import WEAPONS
from warroom.rulesets.fow_bunkers.bunkers import BUNKER, roll_to_hit
from warroom.rulesets.fow_bunkers.common import (
    BUNKER_NAMES,
    FLAME,
    SHOOTING,
    bunker_param,
    cite,
    load,
    plural,
    skill_param,
)
from warroom.rulesets.fow_bunkers.info import INFO


class FlameTable(Table):
    max_move_inches: int = Field(ge=0)
    one_use: bool


FLAME_DATA = load("flamethrowers", FlameTable)

ROWS = {
    "nest": ("no hits", "pinned down", "destroyed"),
    "pill_box": ("no hits", "pinned down"),
    "turret": ("no hits", "may not Defensive Fire this turn", "bailed out"),
}


@procedure(
    INFO,
    "flame-bunker",
    worse="later",  # seed 001 "Flamethrowers Flaming Bunkers (P199)": no hits, pinned down, destroyed
    example={"bunker": "nest", "shots": 2},
    title="Flame-thrower against a bunker",
    summary="A flame hit pins a Nest or Pill Box automatically and destroys a Nest on a Firepower Test; a Turret "
            "takes a Firepower Test instead of an armour save. The flame-thrower is then used up.",
    rule=cite(FLAME, SHOOTING, readings=("FB-1", "FB-16", "FB-19")),
    params=(
        bunker_param(),
        Param("shots", "int", "the flame-thrower's shots (its ROF)", 1, minimum=1, maximum=4),
        skill_param(who="the flame-thrower team"),
        Param("moved", "int", "inches the flame-thrower moved this turn", 0, minimum=0,
              maximum=FLAME_DATA.max_move_inches,
              why=f"a flame-thrower can fire on the move, but cannot move more than {FLAME_DATA.max_move_inches}\" "
                  "and shoot (Flamethrowers Flaming Bunkers)"),
        Param("range", "int", "range to the bunker, in inches (the base table's flame-thrower reaches less)", 2,
              minimum=0, maximum=BUNKER.shooting.max_range_inches,
              why=f"bunkers can only be shot at by teams within {BUNKER.shooting.max_range_inches}\" (Shooting at "
                  "Bunkers, FB-19)"),
    ),
    results=lambda v: ROWS[v["bunker"]],
)
def flame_bunker(r: Resolution, bunker: str, shots: int, skill: str, moved: int, range: int) -> Outcome:
    """Seed 001 "Flamethrowers Flaming Bunkers (P199)": flame-throwers are one-use weapons,
    removed once used but not counted as destroyed; they fire on the move with no penalty but
    cannot move more than 6" and shoot. A flame-thrower hit automatically passes the
    Firepower Test to pin down a Nest or Pill Box and destroys a Nest with a successful
    Firepower Test (the same hit, FB-16), but cannot destroy a Pill Box. A Turret hit takes
    no armour save: a Firepower Test for the flame-thrower; passed, the Turret is Bailed
    Out; otherwise it may not conduct Defensive Fire this turn. The flame-thrower's
    Firepower and range are the base game's (FB-16); to hit, a Skill Test (FB-1), within 16"
    of the bunker (FB-19)."""
    flame = WEAPONS.read(r).flame_thrower
    if range > flame.range_inches:
        raise UsageError(f"range={range}: a flame-thrower reaches only {flame.range_inches}\" (base table weapons)")
    name = BUNKER_NAMES[bunker]
    if moved:
        r.step(f"the flame-thrower moved {moved}\": it fires on the move with no penalty")
    hits = roll_to_hit(r, shots, skill, range, name)
    if FLAME_DATA.one_use:
        r.step("the flame-thrower is used up: removed, but not counted as destroyed")
    if hits == 0:
        return r.result("no hits", "every Skill Test to hit failed")
    fp = flame.firepower
    if bunker == "pill_box":
        return r.result("pinned down", f"{plural(hits, 'flame hit')}: a Pill Box is pinned down automatically, but "
                        "flame cannot destroy it")
    if bunker == "nest":
        r.step(f"a flame hit pins the Nest down automatically; a Firepower Test ({fp}+) for each hit destroys it")
    else:
        r.step(f"no armour save: a Firepower Test ({fp}+) for each flame hit; passed, the Turret is Bailed Out")
    passed = r.successes(hits, 6, fp, label="firepower tests")
    if bunker == "nest":
        if passed:
            return r.result("destroyed", "a flame hit with a successful Firepower Test destroys a Nest")
        return r.result("pinned down", "pinned down automatically; no Firepower Test passed")
    if passed:
        return r.result("bailed out", "a Firepower Test passed: the Turret is Bailed Out")
    return r.result("may not Defensive Fire this turn", "no Firepower Test passed: the Turret may not conduct "
                    "Defensive Fire this turn")
