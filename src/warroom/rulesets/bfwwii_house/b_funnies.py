"""Hobart's "Funnies": DD tanks swimming, the Conger, and fire on them.

Seed 000 Hobart's "Funnies"-Special Engineering Vehicles. The AVRE's petard is
``fort-fire firer=avre_petard``; the ARK is ``engineering-task task=ark`` and
``obstacle-crossing obstacle=ark``; the Bobbin lane is ``obstacle-crossing
obstacle=bobbin_lane``.
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
from warroom.rulesets.bfwwii_house.b_common import ENGINEERING, FUNNIES, cite, data, plural, roll_fire, signed, src
from warroom.rulesets.bfwwii_house.b_engineering import OP_FIRE
from warroom.rulesets.bfwwii_house.b_engineering import TABLES as ENGINEERING_TABLES
from warroom.rulesets.bfwwii_house.base_tables import FIRE_COMBAT
from warroom.rulesets.bfwwii_house.info import INFO


class DD(Table):
    die_sides: int = Field(ge=2)
    sinks_at_most: int
    rough_water: int
    inches_per_action: int
    most_phases: int = Field(ge=1)


class Conger(Table):
    lane_long_inches: int
    lane_wide_inches: int
    obstacles: tuple[str, ...]


class FunniesTables(Table):
    dd: DD
    conger: Conger


TABLES = data("b_funnies", FunniesTables)
DD_T = TABLES.dd


def _dd_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    phases = v["phases"]
    return (f"swims all {plural(phases, 'phase')}", *(f"sinks in phase {k}" for k in range(1, phases + 1)))


@procedure(
    INFO,
    "dd-swim",
    example={"phases": 3, "rough": True},
    title="A DD tank swimming",
    summary="A d10 at the end of every amphibious movement phase: 1 sinks it (1-2 in rough water).",
    rule=cite(FUNNIES, readings=("BF-78",)),
    params=(
        Param("phases", "int", "movement phases the tank swims (4\" a movement action, skirts up)", 1,
              minimum=1, maximum=DD_T.most_phases),
        Param("rough", "bool", "the scenario specifies rough water", False),
    ),
    results=_dd_rows,
)
def dd_swim(r: Resolution, phases: int, rough: bool) -> Outcome:
    """Seed 000 Hobart's "Funnies", DD Shermans: with skirts deployed 4" a movement action through
    any depth of water, no firing; at the end of every movement phase that it moves amphibiously,
    a d10: on 1 it sinks, -1 in rough water (so 1-2, BF-78); skirts dropped, a normal Sherman."""
    r.step(f"skirts up: {DD_T.inches_per_action}\" a movement action through any depth of water; it may not fire")
    mod = r.modifier("rough water", DD_T.rough_water, src(FUNNIES, "DD Shermans")) if rough else 0
    r.step(f"at the end of each amphibious movement phase a d{DD_T.die_sides}"
           + (f" {signed(mod)}" if mod else "") + f" sinks it on a modified {DD_T.sinks_at_most} or less")
    key = (DD_T.die_sides, DD_T.sinks_at_most, mod)

    def step(rr: Resolution, state: tuple[bool, Any]) -> tuple[bool, Any]:
        return rr.die(DD_T.die_sides, label="sinking check") + mod <= DD_T.sinks_at_most, key

    sunk_in, _ = r.until((False, key), step, lambda s: s[0], max_steps=phases, label="phase")
    if sunk_in is None:
        return r.result(f"swims all {plural(phases, 'phase')}", "no sinking roll failed: drop the skirts ashore")
    return r.result(f"sinks in phase {sunk_in}", f"sinking check failed in phase {sunk_in}: sunk and destroyed")


CONGER_CLEARED = (f"lane cleared: {TABLES.conger.lane_long_inches}\" long by {TABLES.conger.lane_wide_inches}\" "
                  "wide, crossed with no breach action")
CONGER_ROWS = (
    CONGER_CLEARED,
    "dud: no lane",
    "the AVRE is knocked out by opportunity fire (a Disorder counts as a KO)",
)


def _check_conger(v: Mapping[str, Any]) -> None:
    if v["obstacle"] not in TABLES.conger.obstacles:
        raise UsageError(f"obstacle={v['obstacle']}: the Conger works against "
                         f"{', '.join(TABLES.conger.obstacles)} (000 Hobart's \"Funnies\", Conger)")
    if v["used"]:
        raise UsageError("used=true: the Conger can be used only once, even if it failed; the vehicle is now a "
                         "normal AVRE")
    if not v["conformed"]:
        raise UsageError("conformed=false: the Conger must first conform to the edge of the obstacle")
    if not v["fired_last_turn"]:
        raise UsageError("fired_last_turn=false: the engineering action (firing the rocket, pumping the "
                         "nitro-glycerine) comes in the turn before the demolition action, in consecutive turns")


@procedure(
    INFO,
    "conger",
    example={"obstacle": "minefield"},
    title="Conger: blowing a lane with nitro-glycerine",
    summary="The turn after its engineering action, a demolition action (d10, 2+) blows a 3\" x 2\" lane; one use.",
    rule=cite(FUNNIES, ENGINEERING, readings=("BF-79", "BF-80")),
    params=(
        Param("obstacle", "choice", "the obstacle", choices=("minefield", "wire", "dragons_teeth", "roadblock",
                                                            "at_ditch", "bocage")),
        Param("conformed", "bool", "the Conger is conformed to the obstacle's edge", True),
        Param("fired_last_turn", "bool", "its engineering action (rocket and nitro) was done last turn", True),
        Param("used", "bool", "this Conger has been used before", False),
        OP_FIRE,
    ),
    results=CONGER_ROWS,
    check=_check_conger,
)
def conger(r: Resolution, obstacle: str, conformed: bool, fired_last_turn: bool, used: bool,
           opportunity_fire: str) -> Outcome:
    """Seed 000 Hobart's "Funnies", Conger: conform to the edge of a minefield, wire, dragon's teeth
    or roadblock; an engineering action fires the rocket and pumps the nitro-glycerine; in the next
    turn a successful demolition action (Seed 000 "Engineering Manoeuvre Actions": d10, 1 a dud)
    blows a 3" x 2" lane where the obstacle ceases to exist, crossed without a breach action; one
    use, even if it fails (BF-79). A Disorder on the towing AVRE is a Knock-Out (BF-80)."""
    r.step(f"the demolition action, the turn after the rocket was fired across the {obstacle.replace('_', ' ')}")
    if opportunity_fire in ("disordered", "knocked_out"):
        r.step("towing 200 gallons of nitro-glycerine: a Disorder on the AVRE is a Knock-Out instead (BF-80)")
        return r.result(CONGER_ROWS[2], f"opportunity fire: {opportunity_fire.replace('_', ' ')}")
    dem = ENGINEERING_TABLES.demolition
    roll = r.die(dem.die_sides, label="demolition")
    r.step("the Conger is spent either way: the vehicle reverts to a normal AVRE")
    if roll <= dem.dud_at_most:
        return r.result("dud: no lane", f"demolition {roll}: dud")
    return r.result(CONGER_CLEARED, f"demolition {roll}: any roll but {dem.dud_at_most} succeeds")


FUNNY = {
    "dd_swimming": ("a DD tank moving amphibiously", "sunk: a Disorder destroys a swimming DD tank"),
    "conger_avre": ("an AVRE towing a Conger", "knocked out"),
}


def _funny_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    """The armoured-vehicle column's results in force, a Disorder read as the vehicle's fate (one row each)."""
    rows: list[str] = []
    for result in FIRE_COMBAT.current()[0].target("armoured_vehicle").results():
        row = FUNNY[v["vehicle"]][1] if result == "disordered" else result
        if row not in rows:
            rows.append(row)
    return tuple(rows)


@procedure(
    INFO,
    "fire-on-funny",
    example={"vehicle": "dd_swimming", "attack": 4},
    title="Fire on a swimming DD tank or a Conger's AVRE",
    summary="An ordinary fire combat roll, but any Disorder destroys a swimming DD tank or a Conger-towing AVRE.",
    rule=cite(FUNNIES, readings=("BF-63", "BF-80")),
    params=(
        Param("vehicle", "choice", "the target", choices=tuple(FUNNY)),
        Param("attack", "int", "the firer's attack strength against armoured vehicles (V)", minimum=-5, maximum=15),
        Param("other_modifiers", "int", "any other base-game modifiers (armour, range, ...)", 0,
              minimum=-15, maximum=10),
    ),
    results=_funny_rows,
)
def fire_on_funny(r: Resolution, vehicle: str, attack: int, other_modifiers: int) -> Outcome:
    """Seed 000 Hobart's "Funnies": any DISORDER combat result destroys a DD tank using amphibious
    movement; if any attack on a Conger-towing AVRE scores a DISORDER, the AVRE is KNOCKED-OUT
    instead (BF-80). The fire combat table, armoured vehicle column: [fire_combat] (BF-63)."""
    label, disorder = FUNNY[vehicle]
    r.step(f"fire on {label}")
    mods = r.modifier("attack strength", attack, "the firer")
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, "armoured_vehicle", label="fire combat")
    if result == "disordered":
        why = ("a Disorder destroys a swimming DD tank" if vehicle == "dd_swimming"
               else "a Disorder on a Conger's AVRE is a KO (BF-80)")
        return r.result(disorder, f"{row}; {why}")
    return r.result(result, row)
