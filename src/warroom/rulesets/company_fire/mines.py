"""Company Fire's Mines (beta): passing through, finding a path, following it, clearing.

Seed 002, "Mines (beta)". Damage is 3d6 hitting on 5–6 (CF-1) read on the hit table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.company_fire.common import (
    SMF_RESULTS,
    STATUS,
    TARGET_STATUS,
    UNIT_RESULTS,
    apply_hits,
    check_smf_status,
    cite,
    need,
    plural,
    src,
)
from warroom.rulesets.company_fire.fire import roll_hits
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables

MINES = "Mines (beta)"
READINGS = ("CF-1", "CF-2", "CF-12")

FIELD = Param("field", "choice", "whether the marked minefield is real or a dummy (the umpire knows)", "real",
              choices=("real", "dummy"))
UNIT = Param("target", "choice", "a unit (squad, team) or an SMF", "unit", choices=("unit", "smf"))


def _damage_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    rows = SMF_RESULTS if v["target"] == "smf" else UNIT_RESULTS
    return tuple(f"mines detonate: {row}" for row in rows)


def _detonate(r: Resolution, field: str, target: str, target_status: str) -> Outcome:
    """A failed roll: check the marker; a real field rolls 3d6 damage on the unit."""
    if field == "dummy":
        r.step("the marker is checked: a dummy, removed (CF-12)")
        return r.result("dummy: marker removed", "failed roll on a dummy field")
    r.step(f"the marker is checked: real mines, {tables().mines.damage_dice}d6 damage on the unit (CF-12)")
    outcome = apply_hits(r, roll_hits(r, tables().mines.damage_dice, label="mine damage"), target_status,
                         smf=target == "smf")
    return r.result(f"mines detonate: {outcome.result}", outcome.row)


@procedure(
    INFO,
    "minefield-passage",
    example={"field": "real"},
    title="Passing through a marked minefield",
    summary="A unit tries to pass through a space marked as mined: 1d6, through on 5-6, else the mines may bite.",
    rule=cite(MINES, STATUS, readings=READINGS),
    params=(FIELD, UNIT, TARGET_STATUS),
    results=lambda v: ("through", "dummy: marker removed", *_damage_rows(v)),
    check=check_smf_status,
)
def minefield_passage(r: Resolution, field: str, target: str, target_status: str) -> Outcome:
    """Seed 002 "Mines (beta)": each unit passing without stopping rolls 1d6 and gets through on
    5 or 6; on 1-4 the marker is checked and real mines roll 3d6 for damage; if the mines did
    not detonate the marker stays. A unit that fails stops in the mined space (CF-12)."""
    t = tables().mines
    r.step(f"the unit passes through the marked space without stopping: 1d6, through on {t.pass_on}+")
    roll = r.die(6, label="passage")
    if need(r, roll, roll, t.pass_on, "passage"):
        return r.result("through", f"{roll} \u2265 {t.pass_on}: through; the marker stays")
    r.step("the unit stops in the mined space")
    return _detonate(r, field, target, target_status)


@procedure(
    INFO,
    "minefield-find-path",
    example={"engineers": True},
    title="Finding a path through a marked minefield",
    summary="One unit or SMF looks for a path without clearing: 1d6 (+2 engineers), a path on 5+.",
    rule=cite(MINES, readings=("CF-12",)),
    params=(Param("engineers", "bool", "the searching unit is an engineer squad", False),),
    results=("path found", "no path found"),
)
def minefield_find_path(r: Resolution, engineers: bool) -> Outcome:
    """Seed 002 "Mines (beta)": a single unit or SMF rolls 1d6, +2 for engineers, and finds a path
    on 5+. A failed search finds nothing and sets nothing off (CF-12)."""
    t = tables().mines
    bonus = r.modifier("engineers", t.engineer_bonus, src(MINES, "finding a path")) if engineers else 0
    r.step(f"one unit searches for a path: 1d6, needing {t.find_path_on}+")
    roll = r.die(6, label="path search")
    if need(r, roll, roll + bonus, t.find_path_on, "path search"):
        return r.result("path found", f"{roll + bonus} \u2265 {t.find_path_on}: a path is found")
    return r.result("no path found", f"{roll + bonus} < {t.find_path_on}: no path")


@procedure(
    INFO,
    "minefield-follow-path",
    example={"field": "real"},
    title="Following a found path through a minefield",
    summary="Once a path is found, each following unit rolls 1d6 + 2 and passes on 5+.",
    rule=cite(MINES, STATUS, readings=READINGS),
    params=(FIELD, UNIT, TARGET_STATUS),
    results=lambda v: ("through", "dummy: marker removed", *_damage_rows(v)),
    check=check_smf_status,
)
def minefield_follow_path(r: Resolution, field: str, target: str, target_status: str) -> Outcome:
    """Seed 002 "Mines (beta)": successive units pass on 1d6 + 2 ≥ 5; any other result sets off a
    mine check, and real mines roll 3d6 for damage."""
    t = tables().mines
    bonus = r.modifier("following a found path", t.follow_path_bonus, src(MINES, "finding a path"))
    roll = r.die(6, label="follow path")
    if need(r, roll, roll + bonus, t.follow_path_on, "following the path"):
        return r.result("through", f"{roll + bonus} \u2265 {t.follow_path_on}: through")
    return _detonate(r, field, target, target_status)


CLEAR_ROWS = (
    "dummy: marker removed",
    "mines cleared",
    "tie: mines and one unit destroyed",
    "mines win by 1: 1 hit on each clearing unit",
    "mines win by 2: 2 hits on each clearing unit",
    "mines win by 3+: clearing units destroyed",
)


@procedure(
    INFO,
    "minefield-clear",
    example={"field": "real", "engineers": True},
    title="Clearing a marked minefield",
    summary="Units stopped in the mined space roll 1d6 (+2 engineers) against the mines' 1d6.",
    rule=cite(MINES, readings=("CF-12", "CF-13")),
    params=(FIELD, Param("engineers", "bool", "the clearing units include engineers", False)),
    results=CLEAR_ROWS,
)
def minefield_clear(r: Resolution, field: str, engineers: bool) -> Outcome:
    """Seed 002 "Mines (beta)", clearing: if real, 1d6 for the mines against 1d6 for the side
    clearing (+2 with engineers); high score wins and the difference is hits on each unit of
    the loser; the mines are destroyed on one hit or more; a tie destroys one unit and the
    mines (CF-13)."""
    t = tables().mines
    r.step("the clearing units stop in the marked space and check it")
    if field == "dummy":
        return r.result(CLEAR_ROWS[0], "a dummy marker")
    bonus = r.modifier("engineers clearing", t.engineer_bonus, src(MINES, "clearing")) if engineers else 0
    # Opposed roll: the clearing side's 1d6 against the mines' 1d6.
    rolls = r.difference(6, 6, label="opposed roll (clearing side, mines)")
    margin = rolls + bonus
    r.step(f"dice {rolls:+d}" + (f", engineers {bonus:+d}" if bonus else "") + f": margin {margin:+d}")
    if margin > 0:
        return r.result(CLEAR_ROWS[1], f"clearing side wins by {margin}: the mines are destroyed")
    if margin == 0:
        return r.result(CLEAR_ROWS[2], "tie: one clearing unit and the mines are destroyed")
    by = -margin
    return r.result(CLEAR_ROWS[2 + min(by, 3)], f"mines win by {by}: {plural(by, 'hit')} on each clearing unit")


@procedure(
    INFO,
    "minefield-unmarked",
    worse="later",  # seed 002 "Mines (beta)": the hit scale of "Unit Status, Hit Results and Rallying"
    example={"target": "unit"},
    title="Entering an unmarked minefield",
    summary="An enemy unit enters an unmarked real minefield: it stops, the field is marked, 3d6 damage.",
    rule=cite(MINES, STATUS, readings=("CF-1", "CF-2", "CF-12", "CF-52")),
    params=(UNIT, TARGET_STATUS),
    results=_damage_rows,
    check=check_smf_status,
)
def minefield_unmarked(r: Resolution, target: str, target_status: str) -> Outcome:
    """Seed 002 "Mines (beta)" with reading CF-52: an unmarked field is always real and only its
    owner knows of it; an enemy unit entering it stops there, the field becomes marked, and the
    unit takes the mines' 3d6 damage as after a failed pass (CF-12)."""
    r.step("the unit walks into an unmarked minefield: it stops, and the field is now marked (CF-52)")
    return _detonate(r, "real", target, target_status)
