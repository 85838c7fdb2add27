"""Laying a minefield during play: engineering actions turn by turn, one to three stands.

Seed 000 "Laying Mines": only surface-laid, scattered fields during play; 9 engineering
actions for a field of one type, 5 for a dummy; up to three engineer stands combine
(9, 5 and 3 turns at the earliest); a mixed field is laid one type after the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.bfwwii_house.b_common import DR, ENGINEERING, LAYING, MINEFIELDS, cite, plural, turn_rows
from warroom.rulesets.bfwwii_house.b_engineering import (
    MANOEUVRE_ROLL,
    action_chance,
    earliest,
    run_actions,
    within_param,
)
from warroom.rulesets.bfwwii_house.b_mines import DENSITIES
from warroom.rulesets.bfwwii_house.b_mines import TABLES as MINE_TABLES
from warroom.rulesets.bfwwii_house.info import INFO

LAY = MINE_TABLES.laying
NO_MINES_GROUND = {"built_up": "built-up areas", "marsh": "marshy ground", "stream": "streams"}


def segments(field: str) -> tuple[int, ...]:
    """The engineering actions of each field to lay, in order (a mixed field is two: BF-58)."""
    if field == "dummy":
        return (LAY.dummy_actions,)
    if field == "mixed":
        return (LAY.field_actions, LAY.field_actions)
    return (LAY.field_actions,)


def _rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    first = earliest(segments(v["field"]), v["stands"], v["actions_done"])
    if not v["manoeuvre_roll"] and first <= v["within"]:
        return (f"laid in {plural(first, 'turn')}",)
    return turn_rows(first, v["within"], "laid", "not laid")  # within too short for the earliest: not laid


def _check(v: Mapping[str, Any]) -> None:
    if v["laid"] != "surface":
        raise UsageError("laid=buried: only surface minefields may be laid during a game; buried fields are laid "
                         "before the scenario begins")
    if v["density"] != "scattered":
        raise UsageError(f"density={v['density']}: only scattered minefields may be laid during a game")
    if v["ground"] in NO_MINES_GROUND:
        raise UsageError(f"ground={v['ground']}: mines may not be laid in {NO_MINES_GROUND[v['ground']]} "
                         "(000 Minefield Rules)")
    need = {"mixed": 2, "dummy": 0}.get(v["field"], 1)
    if v["mine_loads"] < need:
        raise UsageError(f"mine_loads={v['mine_loads']}: a {v['field']} field needs {need} field loads of mines "
                         f"(an engineer platoon usually carries {LAY.loads_per_platoon}, for one scattered field "
                         "of one type; the scenario may give more)")
    total = sum(segments(v["field"]))
    first = segments(v["field"])[0]
    if v["actions_done"] >= first:
        raise UsageError(f"actions_done={v['actions_done']}: the first field takes {first} engineering actions; "
                         "give the actions spent on the field now being laid" + (
                             f" (a mixed field is {total} in all, laid one type after the other)"
                             if v["field"] == "mixed" else ""))


@procedure(
    INFO,
    "lay-minefield",
    example={"field": "at", "stands": 2, "manoeuvre_roll": True},
    title="Laying a minefield during play",
    summary="Turns for 1-3 engineer stands to lay a scattered surface field (9 actions) or a dummy (5).",
    rule=cite(LAYING, MINEFIELDS, ENGINEERING, readings=("BF-52", "BF-58", "BF-59")),
    params=(
        Param("field", "choice", "the field to lay: one type (at, ap), mixed (both, one after the other) or a dummy",
              choices=("at", "ap", "mixed", "dummy")),
        Param("stands", "int", "engineer stands laying it together", 1, minimum=1, maximum=LAY.most_stands,
              why=f"up to {LAY.most_stands} engineer stands may combine their efforts to lay a minefield (000 Laying "
                  "Mines)"),
        Param("actions_done", "int", "engineering actions already spent on the field being laid (a mixed field: "
              "on the type now being laid)", 0, minimum=0, maximum=LAY.field_actions - 1,
              why=f"a field takes {LAY.field_actions} engineering actions; at {LAY.field_actions} it is laid"),
        Param("mine_loads", "int", "fields' worth of mines the engineers carry (a platoon: 1; scenario may differ)",
              LAY.loads_per_platoon, minimum=0, maximum=9),
        Param("density", "choice", "the density to lay", "scattered", choices=DENSITIES),
        Param("laid", "choice", "buried or surface-laid", "surface", choices=("surface", "buried")),
        Param("ground", "choice", "where the field goes", "open",
              choices=("open", "other", "paved_road", "built_up", "marsh", "stream")),
        MANOEUVRE_ROLL, DR, within_param(),
    ),
    results=_rows,
    check=_check,
)
def lay_minefield(r: Resolution, field: str, stands: int, actions_done: int, mine_loads: int, density: str,
                  laid: str, ground: str, manoeuvre_roll: bool, dr: int, within: int) -> Outcome:
    """Seed 000 "Laying Mines": only surface, scattered fields during play; 9 engineering actions for
    a 30 x 60 mm field of one type, 5 for a dummy; up to three engineer stands combine, one action
    each a turn, so 9, 5 and 3 turns at the earliest (BF-59; "Engineering Manoeuvre Actions", BF-52);
    a mixed field is laid one type after the other, spare actions of the first field's last turn
    lost (BF-58). "Minefield Rules": no mines in built-up areas, marshy ground or streams."""
    parts = segments(field)
    what = {"dummy": "a dummy field", "mixed": "a mixed field: the AT and AP fields one after the other"}.get(
        field, f"a scattered {field.upper()} field")
    r.step(f"{what}: {' + '.join(str(p) for p in parts)} engineering actions, {plural(stands, 'engineer stand')} "
           "working, one engineering action each a turn" + (f", {actions_done} already done" if actions_done else ""))
    r.step(f"at the earliest: {plural(earliest(parts, stands, actions_done), 'turn')} (000 Laying Mines)")
    sides, need = action_chance(r, manoeuvre_roll, dr)
    turns = run_actions(r, parts, stands, sides, need, actions_done, within, label="turn")
    if turns is None:
        return r.result(f"not laid within {plural(within, 'turn')}", "the field is unfinished")
    return r.result(f"laid in {plural(turns, 'turn')}", f"{sum(parts)} engineering actions spent: the field is laid")
