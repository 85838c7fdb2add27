"""Clearing mines: flail tanks and artillery fire on a minefield.

Seed 000 "Clearing Mines". Marking a lane is a passage roll (``minefield-traverse
marking_lane=true``); a line charge is an engineering action and a demolition action
(``engineering-task task=line_charge``, ``demolition-action target=line_charge``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.bfwwii_house.b_common import CLEARING, DR, IP_CLARIFICATIONS, MINEFIELDS, cite, roll_fire, src
from warroom.rulesets.bfwwii_house.b_mines import (
    AP_DENSITY,
    AT_DENSITY,
    DENSITY,
    DUMMY_REVEALED,
    FIELD_PARAMS,
    NEW_MODIFIERS,
    TABLES,
    check_field,
    field_modifiers,
    read_chart,
)
from warroom.rulesets.bfwwii_house.info import INFO

CLEARED = "traverses: lane cleared"
DAMAGED = "flail damaged: halts disordered, no lane"


def _flail_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["field"] == "dummy":
        return ("traverses: lane cleared (a dummy)", DUMMY_REVEALED)
    return (CLEARED, DAMAGED)


def _check_flail(v: Mapping[str, Any]) -> None:
    check_field(v)
    if v["flail_damaged"]:
        raise UsageError("flail_damaged=true: a damaged flail cannot be used for mine clearing; discarding it takes "
                         "one engineering action (engineering-task task=discard_flail)")


@procedure(
    INFO,
    "flail",
    example={"field": "ap"},
    title="Flail tank clearing a lane",
    summary="A flail tank rolls the mine passage chart: anything but KO clears a lane; KO damages the flail.",
    rule=cite(CLEARING, MINEFIELDS, readings=("BF-54", "BF-55", "BF-57", "BF-61")),
    params=(*FIELD_PARAMS, DR,
            Param("flail_damaged", "bool", "the tank's flail is already damaged", False)),
    results=_flail_rows,
    check=_check_flail,
)
def flail(r: Resolution, field: str, density: str, at_density: str, ap_density: str, laid: str, dr: int,
          flail_damaged: bool) -> Outcome:
    """Seed 000 "Clearing Mines", Flail tanks: at half cross-country speed, no fire while flailing;
    roll on the mine passage chart; any result but knocked out traverses and clears a lane; a
    knocked-out result damages the flail, the tank halts disordered and makes no lane. The roll
    takes the tracked vehicle's usual modifiers (BF-61), a mixed field's AT density (BF-55). A dummy:
    BF-57. The chart: base table [mine_passage] (BF-54)."""
    r.step("flail on: the tank moves at half its cross-country speed and may not fire (offensive or defensive)")
    mods = field_modifiers(r, field, "tracked", density, at_density, ap_density, laid)
    if dr:
        mods += r.modifier("discipline rating", dr, src(MINEFIELDS, NEW_MODIFIERS))
    effect, total = read_chart(r, mods)
    if field == "dummy":
        if effect == "traverses":
            return r.result("traverses: lane cleared (a dummy)", f"modified {total}: traverse")
        r.step("not a traverse: the field is revealed as a dummy and removed (BF-57)")
        return r.result(DUMMY_REVEALED, f"modified {total}: {effect}, on a dummy field")
    if effect == "knocked out":
        r.step("a knocked-out result does not destroy the tank: the flail is damaged; no fire until it is discarded")
        return r.result(DAMAGED, f"modified {total}: knocked out")
    return r.result(CLEARED, f"modified {total}: {effect}, which for a flail has no effect")


LOWER = {"dense": "normal", "normal": "scattered", "scattered": "scattered"}


def _ko_row(v: Mapping[str, Any]) -> str:
    if v["field"] == "mixed":
        at, ap = LOWER[v["at_density"]], LOWER[v["ap_density"]]
        if (at, ap) == (v["at_density"], v["ap_density"]):
            return "knocked out, but the field is already scattered: no change"
        return f"density reduced: AT {at}, AP {ap}"
    if v["density"] == "scattered":
        return "knocked out, but the field is already scattered: no change"
    return f"density reduced to {LOWER[v['density']]}"


@procedure(
    INFO,
    "artillery-on-minefield",
    example={"field": "at", "density": "dense", "idf_factor": 3},
    title="Artillery fire on a minefield",
    summary="A template on a minefield attacks it as dug-in troops; a KO lowers its density one step.",
    rule=cite(CLEARING, IP_CLARIFICATIONS, readings=("BF-62", "BF-63")),
    params=(
        Param("field", "choice", "the minefield's type", "mixed", choices=("at", "ap", "mixed")),
        DENSITY, AT_DENSITY, AP_DENSITY,
        Param("idf_factor", "int", "the fire mission's IDF attack factor against troops",
              minimum=-5, maximum=12),
        Param("other_modifiers", "int", "any other base-game modifiers to the IDF attack", 0,
              minimum=-10, maximum=10),
    ),
    results=lambda v: ("no effect", _ko_row(v)),
    check=check_field,
)
def artillery_on_minefield(r: Resolution, field: str, density: str, at_density: str, ap_density: str,
                           idf_factor: int, other_modifiers: int) -> Outcome:
    """Seed 000 "Clearing Mines", Clearing minefields with Artillery Fire: treat the field as dug-in
    troops (IDF against dug-in, non-BUS: -1, Seed 000 "Improved Position Clarifications"; BF-62);
    a knocked-out result lowers the density one category, never below scattered; a mixed field's
    AT and AP densities both drop (BF-62). The fire combat table: base table [fire_combat] (BF-63)."""
    r.step("the field is attacked as dug-in troops")
    mods = r.modifier("IDF factor against troops", idf_factor, "the fire mission") if idf_factor else 0
    mods += r.modifier("dug-in troops under IDF", TABLES.artillery.dug_in_idf,
                       src(IP_CLARIFICATIONS, "Dug-In, IDF Non-BUS"))
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, "troops", label="IDF on the minefield")
    if result != "knocked out":
        if result != "no effect":
            r.step(f"{result}: only a knocked-out result affects a minefield")
        return r.result("no effect", row)
    ko = _ko_row({"field": field, "density": density, "at_density": at_density, "ap_density": ap_density})
    if field == "mixed":
        after = {"at_density": LOWER[at_density], "ap_density": LOWER[ap_density]}
    else:
        after = {"density": LOWER[density]}
    r.step("knocked out: the density drops one category, never below scattered")
    return r.result(ko, row, after=after)
