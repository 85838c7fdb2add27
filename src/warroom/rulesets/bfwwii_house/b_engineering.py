"""Engineering manoeuvre actions: the demolition action, removing a demolition, multi-action tasks.

Seed 000 "Engineering Manoeuvre Actions" and the engineering tasks of the obstacle
sections (Clearing Mines, Barbed Wire, Anti-Tank Ditches, Dragons Teeth or AT
Obstacles, Bocage Hedgerows, Roadblocks, Concrete Bunkers and Fortifications, Hobart's
"Funnies").
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.b_common import (
    BOCAGE,
    BRIDGING,
    CLEARING,
    DITCHES,
    DR,
    ENGINEERING,
    FORTS,
    FUNNIES,
    ROADBLOCKS,
    TEETH,
    WIRE,
    cite,
    data,
    plural,
    signed,
    turn_rows,
)
from warroom.rulesets.bfwwii_house.base_tables import MANOEUVRE
from warroom.rulesets.bfwwii_house.info import INFO


class Demolition(Table):
    die_sides: int = Field(ge=2)
    dud_at_most: int = Field(ge=0)


class RemoveDemolition(Table):
    emplace_within_inches: int = Field(ge=0)


class Turns(Table):
    within: int = Field(ge=1)
    most: int = Field(ge=1)


class DemolitionTarget(Table):
    label: str
    section: str
    success: str


class Task(Table):
    label: str
    section: str
    actions: int = Field(ge=1)
    actions_with_culin: int | None = None
    kind: Literal["engineering", "manoeuvre"]
    units: tuple[str, ...] = Field(min_length=1)
    earth_only: bool = False
    then: str


class EngineeringTables(Table):
    demolition: Demolition
    remove_demolition: RemoveDemolition
    turns: Turns
    demolition_targets: dict[str, DemolitionTarget]
    tasks: dict[str, Task]


TABLES = data("b_engineering", EngineeringTables)

OP_FIRE = Param(
    "opportunity_fire", "choice",
    "the worst result enemy opportunity fire inflicted on the unit as it acted this turn", "none",
    choices=("none", "suppressed", "disordered", "knocked_out"),
)
ACTIONS_AVAILABLE = Param("actions_available", "int", "manoeuvre actions the unit has left this turn", 1,
                          minimum=1, maximum=4,
                          why="a unit must have at least one available action to perform an engineering action")
FIRED_OFFENSIVE = Param("fired_offensive", "bool", "the unit fired in this turn's offensive fire phase", False)
FIRED_DEFENSIVE = Param("fired_defensive", "bool",
                        "the unit fired in the defensive fire phase of the previous player turn", False)
RESTRICTIONS = (ACTIONS_AVAILABLE, FIRED_OFFENSIVE, FIRED_DEFENSIVE)
CANCELLED = "cancelled: opportunity fire stopped the action this turn"


def check_restrictions(v: Mapping[str, Any], what: str = "an engineering action") -> None:
    """Seed 000 "Engineering Manoeuvre Actions", Restrictions on Engineering Actions."""
    if v["fired_offensive"]:
        raise UsageError(f"fired_offensive=true: a unit performing {what} may not fire in the offensive fire phase")
    if v["fired_defensive"]:
        raise UsageError(f"fired_defensive=true: a unit that fired defensively in the previous player turn may not "
                         f"perform {what} this turn")


def opportunity_fire_cancels(r: Resolution, opportunity_fire: str) -> bool:
    """A Disorder or Knocked-Out from opportunity fire cancels the action this turn (reading BF-53)."""
    if opportunity_fire in ("disordered", "knocked_out"):
        r.step(f"opportunity fire {opportunity_fire.replace('_', ' ')} the unit: the engineering action is "
               "cancelled for this turn (a prepared demolition stays prepared; work done stays done)")
        return True
    if opportunity_fire == "suppressed":
        r.step("opportunity fire only suppressed the unit: the action goes ahead")
    return False


# --- the demolition action -------------------------------------------------------------------------

TARGETS = tuple(TABLES.demolition_targets)


def _demolition_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    target = TABLES.demolition_targets[v["target"]]
    dud = "dud: the bridge still stands; prepare it again" if v["target"] == "bridge" else \
        "dud: must be prepared again"
    return (f"success: {target.success}", dud, CANCELLED)


def _check_demolition(v: Mapping[str, Any]) -> None:
    check_restrictions(v, "a demolition action")
    if not v["prepared"]:
        raise UsageError("prepared=false: a demolition action can only be done on a prepared demolition; "
                         "prepare it first (engineering-task lists how many engineering actions that takes)")


@procedure(
    INFO,
    "demolition-action",
    example={"target": "wire"},
    title="Demolition action",
    summary="Blow a prepared demolition: d10, any roll but 1 succeeds; a 1 is a dud and must be prepared again.",
    rule=cite(ENGINEERING, WIRE, DITCHES, TEETH, BOCAGE, ROADBLOCKS, CLEARING, BRIDGING, readings=("BF-53",)),
    params=(
        Param("target", "choice", "what the demolition was prepared on", "prepared", choices=TARGETS),
        Param("prepared", "bool", "the demolition has been prepared (or the scenario gives it prepared)", True),
        OP_FIRE, *RESTRICTIONS,
    ),
    results=_demolition_rows,
    check=_check_demolition,
)
def demolition_action(r: Resolution, target: str, prepared: bool, opportunity_fire: str, actions_available: int,
                      fired_offensive: bool, fired_defensive: bool) -> Outcome:
    """Seed 000 "Engineering Manoeuvre Actions", Demolition Action: only on a prepared demolition;
    roll a d10, on any roll but a 1 the demolition succeeds (with the effect its section gives:
    Barbed Wire, Anti-Tank Ditches, Dragons Teeth, Bocage, Roadblocks, line charges under
    Clearing Mines, Bridging); on a 1 it was a dud and must be prepared again. A Disorder or
    Knocked-Out from opportunity fire cancels it for the turn (reading BF-53)."""
    t = TABLES.demolition
    goal = TABLES.demolition_targets[target]
    r.step(f"demolition action on {goal.label}")
    if opportunity_fire_cancels(r, opportunity_fire):
        return r.result(CANCELLED, "opportunity fire: Disorder or Knocked-Out cancels the engineering action")
    roll = r.die(t.die_sides, label="demolition")
    if roll <= t.dud_at_most:
        r.step(f"d{t.die_sides} rolled {roll}: a dud")
        return r.result(_demolition_rows({"target": target})[1], f"{roll}: dud")
    r.step(f"d{t.die_sides} rolled {roll}: the demolition goes off")
    return r.result(f"success: {goal.success}", f"{roll}: any roll but {t.dud_at_most} succeeds")


# --- removing a demolition -----------------------------------------------------------------------


def _check_remove(v: Mapping[str, Any]) -> None:
    check_restrictions(v, "a remove demolition action")
    if not v["prepared"]:
        raise UsageError("prepared=false: a remove demolition action can only be done on a prepared demolition")
    if not v["emplaced"]:
        raise UsageError("emplaced=false: the unit must first emplace adjacent (within 1\") to the demolition")


@procedure(
    INFO,
    "remove-demolition",
    example={"distance": 1},
    title="Remove demolition action",
    summary="Emplace within 1\" of a prepared demolition, then an engineering action removes it (no dice).",
    rule=cite(ENGINEERING, FORTS, readings=("BF-53",)),
    params=(
        Param("distance", "int", "inches from the unit to the prepared demolition", 1, minimum=0,
              maximum=TABLES.remove_demolition.emplace_within_inches,
              why=f"to remove a demolition the unit must emplace adjacent to it, within "
                  f"{TABLES.remove_demolition.emplace_within_inches}\""),
        Param("emplaced", "bool", "the unit has emplaced there", True),
        Param("prepared", "bool", "there is a prepared demolition to remove", True),
        Param("in_fort", "bool", "the unit is an occupant of the fort the charge is laid against", False),
        OP_FIRE, *RESTRICTIONS,
    ),
    results=("demolition removed", CANCELLED),
    check=_check_remove,
)
def remove_demolition(r: Resolution, distance: int, emplaced: bool, prepared: bool, in_fort: bool,
                      opportunity_fire: str, actions_available: int, fired_offensive: bool,
                      fired_defensive: bool) -> Outcome:
    """Seed 000 "Engineering Manoeuvre Actions", Remove Demolition Action: only on a prepared
    demolition; the unit emplaces within 1" and performs an engineering action; no dice. Seed 000
    "Concrete Bunkers and Fortifications": an enemy removing a charge laid against a fort must
    emplace outside it and loses the fort's benefits. Opportunity fire: reading BF-53."""
    r.step(f"the unit is emplaced {distance}\" from the prepared demolition")
    if in_fort:
        r.step("a fort's occupant must emplace outside the fort to remove the charge: it loses every benefit of "
               "the fort (000 Concrete Bunkers and Fortifications)")
    if opportunity_fire_cancels(r, opportunity_fire):
        return r.result(CANCELLED, "opportunity fire: Disorder or Knocked-Out cancels the engineering action")
    return r.result("demolition removed", "one engineering action removes a prepared demolition")


# --- multi-action tasks ----------------------------------------------------------------------------


def action_chance(r: Resolution, manoeuvre_roll: bool, dr: int) -> tuple[int, int]:
    """The die and the face a stand needs to have an action available this turn (reading BF-52).

    Without the manoeuvre roll every stand has its action every turn: (1, 1).
    """
    if not manoeuvre_roll:
        r.step("every stand has an engineering action available every turn (one each a turn: BF-52)")
        return 1, 1
    t = MANOEUVRE.read(r)
    need = t.no_action_at_most + 1 - dr
    r.step(f"each stand rolls a d{t.die_sides} + dr ({signed(dr)}) every turn and has an action on a modified "
           f"{t.no_action_at_most + 1}+" + (f", a {max(need, 1)}+ on the die" if dr else "") + " (BF-52)")
    return t.die_sides, need


def run_actions(r: Resolution, segments: tuple[int, ...], stands: int, sides: int, need: int, done: int,
                within: int, label: str = "turn") -> int | None:
    """Turns to finish ``segments`` of engineering actions, one after another, ``stands`` working.

    Each turn every stand with an action available adds one action to the segment in hand;
    actions left over when a segment ends are lost (reading BF-58). ``done`` actions of the
    first segment are already in. Returns the turns taken, or None if not done ``within``.
    """
    first = segments[0]
    # The constants ride in the state: the exact evaluator caches a process by its label and start,
    # so a different base table in force must give a different start.
    key = (segments, stands, sides, need)
    start = (len(segments), min(done, first), key)

    def step(rr: Resolution, state: tuple[int, int, Any]) -> tuple[int, int, Any]:
        left, progress, _ = state
        if need <= 1:
            acting = stands
        elif need > sides:
            acting = 0
        else:
            acting = rr.successes(stands, sides, need, label="stands with an action")
        progress += acting
        if progress >= segments[len(segments) - left]:
            return left - 1, 0, key
        return left, progress, key

    turns, _ = r.until(start, step, lambda s: s[0] == 0, max_steps=within, label=label)
    return turns


def earliest(segments: tuple[int, ...], stands: int, done: int) -> int:
    """The fewest turns, every stand acting every turn (reading BF-59)."""
    first = math.ceil(max(segments[0] - done, 0) / stands)
    return first + sum(math.ceil(s / stands) for s in segments[1:])


TASKS = tuple(TABLES.tasks)
UNITS = ("engineers", "assault_troops", "troops", "avre", "dozer", "flail_tank", "fascine_vehicle",
         "bridge_layer", "ark")
MANOEUVRE_ROLL = Param(
    "manoeuvre_roll", "bool",
    "roll each turn for an available action (warroom's stand-in check); false: every stand acts every turn",
    False,
)


WIDE_DEFAULT = 2
"""A wide AT ditch's engineering actions when the scenario gives none: "more than one", the least that is (BF-85)."""


TASK_PARAMS = (
    Param("task", "choice", "the task", choices=TASKS),
    Param("unit", "choice", "who does it (avre: an AVRE the scenario lets act as combat engineers)",
          "engineers", choices=UNITS),
    Param("actions_done", "int", "engineering actions already spent on it (by this or another unit)", 0,
          minimum=0, maximum=19, why="no task takes more than 20 actions (a wide AT ditch: wide_ditch_actions)"),
    Param("culin_cutter", "bool",
          "a tank with a Culin hedgerow cutter has spent a manoeuvre action conformed at the spot", False),
    Param("ditch", "choice", "the AT ditch variant (ditch tasks)", "standard",
          choices=("standard", "concrete_lined", "wide")),
    Param("wide_ditch_actions", "int", "engineering actions the scenario sets for each task on a wide AT ditch "
          "(\"more than one\": at least 2, BF-85)", WIDE_DEFAULT, minimum=WIDE_DEFAULT, maximum=20,
          why="a wide AT ditch needs more than one engineering action (BF-85)"),
)
"""The parameters that name a task and its progress, shared by the task's odds and its turn-by-turn tracker."""


def within_param(default: int | None = None) -> Param:
    return Param("within", "int", "how many turns ahead to give the odds for", default or TABLES.turns.within,
                 minimum=1, maximum=TABLES.turns.most)


def task_actions(v: Mapping[str, Any]) -> int:
    task = TABLES.tasks[v["task"]]
    if v["culin_cutter"] and task.actions_with_culin is not None:
        return task.actions_with_culin
    if v["ditch"] == "wide" and task.section == DITCHES and task.kind == "engineering":
        return int(v["wide_ditch_actions"])
    return task.actions


def _task_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    needed = task_actions(v)
    if not v["manoeuvre_roll"]:
        return (f"done in {plural(earliest((needed,), 1, v['actions_done']), 'turn')}",)
    return turn_rows(earliest((needed,), 1, v["actions_done"]), v["within"], "done", "not done")


def _check_task(v: Mapping[str, Any]) -> None:
    task = TABLES.tasks[v["task"]]
    if v["unit"] not in task.units:
        raise UsageError(f"unit={v['unit']}: '{task.label}' is done by {' or '.join(task.units)} "
                         f"(000 {task.section})")
    if v["culin_cutter"] and task.actions_with_culin is None:
        raise UsageError("culin_cutter=true: a Culin hedgerow cutter only shortens preparing a bocage charge "
                         "(task=bocage_demolition)")
    if v["ditch"] != "standard" and task.section != DITCHES:
        raise UsageError(f"ditch={v['ditch']}: the ditch variant applies only to the anti-tank ditch tasks")
    if v["ditch"] == "concrete_lined" and task.earth_only:
        raise UsageError("ditch=concrete_lined: a concrete-lined AT ditch cannot be filled by hand or by dozer; "
                         "use explosives, fascines or bridging (000 Anti-Tank Ditches, variants)")
    if v["wide_ditch_actions"] != WIDE_DEFAULT and (v["ditch"] != "wide" or task.kind != "engineering"):
        raise UsageError("wide_ditch_actions is only for an engineering task on a wide AT ditch (ditch=wide); "
                         + ("a fascine is one ordinary action and fills one section whatever the ditch (BF-101)"
                            if task.kind != "engineering" else f"this ditch is ditch={v['ditch']}"))
    if v["actions_done"] >= task_actions(v):
        raise UsageError(f"actions_done={v['actions_done']}: the task takes {task_actions(v)} action(s); it is "
                         "already done")


@procedure(
    INFO,
    "engineering-task",
    example={"task": "dozer_bocage", "unit": "dozer", "manoeuvre_roll": True},
    title="An engineering task of several actions",
    summary="How many turns an engineering task takes: its engineering actions, one a turn (obstacle sections).",
    rule=cite(ENGINEERING, CLEARING, WIRE, DITCHES, TEETH, BOCAGE, ROADBLOCKS, FORTS, FUNNIES,
              readings=("BF-52", "BF-53", "BF-85", "BF-86", "BF-101")),
    params=(
        *TASK_PARAMS,
        MANOEUVRE_ROLL, DR, within_param(),
    ),
    results=_task_rows,
    check=_check_task,
)
def engineering_task(r: Resolution, task: str, unit: str, actions_done: int, culin_cutter: bool, ditch: str,
                     wide_ditch_actions: int, manoeuvre_roll: bool, dr: int, within: int) -> Outcome:
    """Seed 000 "Engineering Manoeuvre Actions": tasks of several engineering actions are tracked and
    may use non-consecutive turns or another unit; one engineering action a unit a turn (BF-52).
    The counts are the sections' own: Clearing Mines (line charge 1, discarding a flail 1), Barbed
    Wire (1), Anti-Tank Ditches (dozer 1, demolition 1, fascine 1 ordinary action (BF-86), bridge
    layer 1; concrete-lined and wide variants, BF-85), Dragons Teeth (dozer 2, demolition 1),
    Bocage Hedgerows (dozer 2, demolition 2 or 1 after a Culin cutter), Roadblocks (dozer 2,
    demolition 2), Concrete Bunkers (1 a charge), Hobart's "Funnies" (ARK 1). Opportunity fire: BF-53.
    The wide-ditch count is of engineering actions: a fascine stays one ordinary action (BF-101)."""
    t = TABLES.tasks[task]
    needed = task_actions({"task": task, "culin_cutter": culin_cutter, "ditch": ditch,
                           "wide_ditch_actions": wide_ditch_actions})
    kind = "engineering action" if t.kind == "engineering" else "ordinary manoeuvre action"
    r.step(f"{t.label}: {plural(needed, kind)} (000 {t.section})"
           + (f", {actions_done} already done" if actions_done else ""))
    if culin_cutter:
        r.step("a Culin-cutter tank has worked the spot: the charge takes one engineering action")
    if t.kind != "engineering" and ditch == "wide":
        r.step("a wide ditch: each fascine vehicle fills one section with its one action; the scenario says how "
               "many sections, and so fascines, the crossing needs (BF-101)")
    r.step("a Disorder or Knocked-Out from opportunity fire cancels a turn's action (BF-53"
           + (", taken for the fascine's ordinary action too: BF-101)" if t.kind != "engineering" else ")"))
    sides, need = action_chance(r, manoeuvre_roll, dr)
    turns = run_actions(r, (needed,), 1, sides, need, actions_done, within)
    if turns is None:
        return r.result(f"not done within {plural(within, 'turn')}", "the task is still unfinished")
    return r.result(f"done in {plural(turns, 'turn')}", f"done: {t.then}")



def _check_turn(v: Mapping[str, Any]) -> None:
    """The task, then Restrictions on Engineering Actions for an engineering action (BF-102)."""
    _check_task(v)
    if TABLES.tasks[v["task"]].kind == "engineering":
        check_restrictions(v)
    elif v["fired_offensive"] or v["fired_defensive"]:
        raise UsageError("fired_offensive / fired_defensive: the restrictions on firing are for engineering "
                         "actions; placing a fascine is an ordinary manoeuvre action (BF-86, BF-101), whose base-game "
                         "rules on firing warroom does not have: leave them false")


@procedure(
    INFO,
    "engineering-turn",
    example={"task": "dozer_bocage", "unit": "dozer", "manoeuvre_roll": True},
    title="One turn of work on an engineering task",
    summary="One turn's engineering action on a task of several: the progress it carries to the next turn.",
    rule=cite(ENGINEERING, CLEARING, WIRE, DITCHES, TEETH, BOCAGE, ROADBLOCKS, FORTS, FUNNIES,
              readings=("BF-52", "BF-53", "BF-85", "BF-86", "BF-101", "BF-102")),
    params=(
        *TASK_PARAMS,
        MANOEUVRE_ROLL, DR, OP_FIRE, *RESTRICTIONS,
    ),
    results=("task finished", "one more action done", "no action this turn"),
    check=_check_turn,
)
def engineering_turn(r: Resolution, task: str, unit: str, actions_done: int, culin_cutter: bool, ditch: str,
                     wide_ditch_actions: int, manoeuvre_roll: bool, dr: int, opportunity_fire: str,
                     actions_available: int, fired_offensive: bool, fired_defensive: bool) -> Outcome:
    """Seed 000 "Engineering Manoeuvre Actions": a task of several engineering actions is tracked
    from turn to turn and may use non-consecutive turns or another unit; one engineering action a
    unit a turn (BF-52). This is one turn of the umpire's tracker: the new count of actions done is
    carried into the next turn (``engineering-task`` gives the odds of the turns still to come).
    Opportunity fire that disorders or knocks out the unit cancels its action (BF-53); the action
    counts of wide and concrete-lined ditches (BF-85) and of fascines (BF-86) are the task's; a
    fascine is one ordinary action on a wide ditch too (BF-101). Restrictions on Engineering Actions:
    a unit with no available action, that fired in this turn's offensive fire phase or in the
    previous player turn's defensive fire phase, makes no engineering action (BF-102)."""
    t = TABLES.tasks[task]
    needed = task_actions({"task": task, "culin_cutter": culin_cutter, "ditch": ditch,
                           "wide_ditch_actions": wide_ditch_actions})
    r.step(f"{t.label}: {actions_done} of {needed} action(s) done (000 {t.section})")
    if opportunity_fire_cancels(r, opportunity_fire):
        return r.result("no action this turn", f"{actions_done} of {needed} done",
                        after={"actions_done": actions_done})
    sides, need = action_chance(r, manoeuvre_roll, dr)
    acted = need <= 1 or (need <= sides and r.successes(1, sides, need, label="action available") == 1)
    if not acted:
        return r.result("no action this turn", f"{actions_done} of {needed} done",
                        after={"actions_done": actions_done})
    done = actions_done + 1
    if done >= needed:
        return r.result("task finished", f"done: {t.then}", after={"actions_done": done})
    return r.result("one more action done", f"{done} of {needed} done", after={"actions_done": done})
