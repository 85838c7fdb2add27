"""Obstacles: crossing them, Improve Position tasks on them, and creating a roadblock.

Seed 000 "Barbed Wire", "Anti-Tank Ditches", "Dragons Teeth or AT Obstacles", "Bocage
Hedgerows", "Roadblocks", "Bridging" (crossing an emplaced bridge) and Hobart's
"Funnies" (ARK, Bobbin and Conger lanes). The bog-down check and the Improve Position
roll are base tables ([bog_down], [improve_position]).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_visibility import VISIBILITY, condition, vsrc
from warroom.rulesets.bfwwii_house.b_common import (
    BOCAGE,
    BRIDGING,
    CLEARING,
    DITCHES,
    DR,
    ENGINEERING,
    FUNNIES,
    ROADBLOCKS,
    TEETH,
    WIRE,
    cite,
    data,
    roll_fire,
    roll_improve_position,
    shown_total,
    src,
)
from warroom.rulesets.bfwwii_house.b_engineering import TABLES as ENGINEERING_TABLES
from warroom.rulesets.bfwwii_house.b_engineering import WIDE_DEFAULT
from warroom.rulesets.bfwwii_house.base_tables import BOG_DOWN
from warroom.rulesets.bfwwii_house.info import INFO

Effect = Literal["impassable", "breach_bog_down", "breach", "none"]


class Crossing(Table):
    label: str
    section: str
    troops: Effect
    tracked: Effect
    halftracked: Effect
    wheeled: Effect
    gun: Effect
    gapped_by: tuple[str, ...] = ()
    note: str = ""

    def effect(self, mover: str) -> Effect:
        found: Effect = getattr(self, mover)
        return found


class IpTask(Table):
    label: str
    section: str
    success: str


class Roadblock(Table):
    clear_road: int
    forested_road: int


class WireArtillery(Table):
    log_pillbox: int


class ObstacleTables(Table):
    crossing: dict[str, Crossing]
    ip_tasks: dict[str, IpTask]
    roadblock: Roadblock
    wire_artillery: WireArtillery


TABLES = data("b_obstacles", ObstacleTables)
MOVERS = ("troops", "tracked", "halftracked", "wheeled", "gun")

NONE = "crosses: no action needed"
BREACH = "crosses with a breach action"
CHECKED = "crosses after passing a bog-down check"
GAPPED = "crosses and leaves a gap"
BOGGED = "bogged down in the obstacle"
IMPASSABLE = "impassable"


def _check_crossing(v: Mapping[str, Any]) -> None:
    if v["hedgerow_cutter"] and (v["mover"] == "troops" or not v["obstacle"].startswith("bocage")):
        raise UsageError("hedgerow_cutter=true is for a vehicle at bocage (obstacle=bocage or bocage_gap)")


def _crossing_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    c = TABLES.crossing[v["obstacle"]]
    effect = c.effect(v["mover"])
    if effect == "impassable":
        return (IMPASSABLE,)
    if effect == "none":
        return (NONE,)
    if effect == "breach":
        return (BREACH,)
    return (GAPPED if v["mover"] in c.gapped_by else CHECKED, BOGGED)


@procedure(
    INFO,
    "obstacle-crossing",
    example={"obstacle": "wire", "mover": "tracked"},
    title="Crossing an obstacle",
    summary="What a unit needs to cross wire, ditches, AT obstacles, bocage, bridges and lanes; the bog-down check.",
    rule=cite(WIRE, DITCHES, TEETH, BOCAGE, BRIDGING, CLEARING, FUNNIES, readings=("BF-41", "BF-64", "BF-65",
                                                                                 "BF-89", "BF-94")),
    params=(
        Param("obstacle", "choice", "the obstacle, gapped, filled or bridged as it now is",
              choices=tuple(TABLES.crossing)),
        Param("mover", "choice", "what crosses", "troops", choices=MOVERS),
        Param("hedgerow_cutter", "bool", "the vehicle has a hedgerow cutting device (bocage)", False),
        VISIBILITY,
    ),
    results=_crossing_rows,
    check=_check_crossing,
)
def obstacle_crossing(r: Resolution, obstacle: str, mover: str, hedgerow_cutter: bool,
                      visibility: str) -> Outcome:
    """Seed 000 "Barbed Wire" (a gap is one terrain effect better; tracked and half-tracked vehicles
    that breach and pass the bog-down check gap the wire), "Anti-Tank Ditches" (impassable to
    vehicles; filled sections and fascines a breach/bog-down check; bridged: breach, no check),
    "Dragons Teeth or AT Obstacles", "Bocage Hedgerows" (a gap one effect better; a vehicle that
    breaches leaves a gap; flank armour unless a hedgerow cutter), "Bridging" (breach; a defile),
    "Clearing Mines" (line-charge lane) and Hobart's "Funnies" (ARK, Bobbin, Conger). Ungapped
    bocage and the effect ladder: BF-65. The bog-down check: base table [bog_down] (BF-64), with the
    light's modifier of "Night Rules - Good Visibility", "Dawn / Dusk Rules or Day Poor Visibility"
    and "Night Rules - Poor Visibility" (-1, -1, -2 "on Bog Down table"; every check, BF-41, BF-89).
    A hedgerow cutter lifts only the forced flank armour: the vehicle is hit on the armour facing
    the fire (BF-94)."""
    c = TABLES.crossing[obstacle]
    effect = c.effect(mover)
    r.step(f"{mover} at {c.label} (000 {c.section})")
    if c.note:
        r.step(c.note)
    if obstacle == "bocage" and mover not in ("troops",) and effect != "impassable":
        r.step("breaching: if hit by direct fire it uses "
               + ("the armour facing the fire, as anywhere else: with a hedgerow cutter it does not go over "
                  "the hedge belly up (BF-94)" if hedgerow_cutter else
                  "its flank armour, whichever way the fire comes (it goes over the hedgerow, exposing its "
                  "belly)"))
    if effect == "impassable":
        return r.result(IMPASSABLE, f"{c.label}: impassable to {mover}")
    if effect == "none":
        return r.result(NONE, f"{c.label}: no action for {mover}")
    if effect == "breach":
        return r.result(BREACH, f"{c.label}: a breach action for {mover}")
    t = BOG_DOWN.read(r)
    modifier: int = getattr(t.mover_modifiers, mover)
    if modifier:
        r.modifier(f"{mover} mover", modifier, "the base game's bog-down table")
    light = condition(visibility)
    if light.bog_down:
        modifier += r.modifier(light.label, light.bog_down, vsrc(visibility, "Manoeuvre; BF-41, BF-89"))
    r.step(f"a breach action and a bog-down check: bogged down on a modified {t.bogged_down_at_or_below} or less")
    roll = r.die(t.die_sides, label="bog-down check")
    total = roll + modifier
    r.step(f"bog-down check: d{t.die_sides} {shown_total(roll, total)}")
    if total <= t.bogged_down_at_or_below:
        return r.result(BOGGED, f"modified {total} \u2264 {t.bogged_down_at_or_below}: bogged down")
    if mover in c.gapped_by:
        return r.result(GAPPED, f"modified {total}: through, and the crossing leaves a gap (000 {c.section})")
    return r.result(CHECKED, f"modified {total} > {t.bogged_down_at_or_below}: through")


def _ip_success(v: Mapping[str, Any]) -> str:
    done = "success: " + TABLES.ip_tasks[v["task"]].success
    if v["ditch"] != "wide":
        return done
    now = v["successes_done"] + 1
    if now >= v["wide_ditch_actions"]:
        return done + f" (the last of the wide ditch's {v['wide_ditch_actions']})"
    return f"success: {now} of the {v['wide_ditch_actions']} successes a wide ditch needs"


def _ip_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    return (_ip_success(v), "failure: no effect this turn")


def _check_ip(v: Mapping[str, Any]) -> None:
    if v["task"] == "fill_ditch" and v["ditch"] == "concrete_lined":
        raise UsageError("ditch=concrete_lined: a concrete-lined AT ditch cannot be filled in by hand; use "
                         "explosives, fascines or bridging (000 Anti-Tank Ditches, variants)")
    if v["task"] == "fill_ditch" and not v["conformed"]:
        raise UsageError("conformed=false: the stand must occupy or be conformed to the ditch")
    if v["task"] == "wire_gap" and not v["conformed"]:
        raise UsageError("conformed=false: the stand must conform to the wire to cut a gap")
    if v["ditch"] != "standard" and v["task"] != "fill_ditch":
        raise UsageError("ditch=... is for task=fill_ditch")
    if v["ditch"] != "wide" and (v["wide_ditch_actions"] != WIDE_DEFAULT or v["successes_done"]):
        raise UsageError("wide_ditch_actions and successes_done are for ditch=wide")
    if v["successes_done"] >= v["wide_ditch_actions"]:
        raise UsageError(f"successes_done={v['successes_done']}: the wide ditch needs {v['wide_ditch_actions']}; "
                         "it is already filled")


@procedure(
    INFO,
    "improve-position-task",
    example={"task": "wire_gap", "dr": 1},
    title="An Improve Position task on an obstacle",
    summary="Cut wire by hand or fill an AT ditch: one roll on BFWWII's Improve Position table, +/-dr.",
    rule=cite(WIRE, DITCHES, readings=("BF-66", "BF-85", "BF-104")),
    params=(
        Param("task", "choice", "wire_gap (cut wire by hand) or fill_ditch (collapse an AT ditch's sides)",
              choices=tuple(TABLES.ip_tasks)),
        DR,
        Param("conformed", "bool", "the troop stand is conformed to (or occupying) the obstacle", True),
        Param("ditch", "choice", "the AT ditch variant", "standard", choices=("standard", "concrete_lined", "wide")),
        Param("other_modifiers", "int", "any other base-game Improve Position modifiers", 0,
              minimum=-5, maximum=5),
        Param("wide_ditch_actions", "int", "a wide ditch: the scenario's count for each task on it (at least 2, "
              "BF-85), here successful Improve Position rolls", WIDE_DEFAULT, minimum=2, maximum=20,
              why="a wide AT ditch needs more than one action (BF-85)"),
        Param("successes_done", "int", "a wide ditch: successful rolls already made on it", 0, minimum=0,
              maximum=19, why="a wide ditch needs at most 20 (wide_ditch_actions)"),
    ),
    results=_ip_rows,
    check=_check_ip,
)
def improve_position_task(r: Resolution, task: str, dr: int, conformed: bool, ditch: str,
                          other_modifiers: int, wide_ditch_actions: int, successes_done: int) -> Outcome:
    """Seed 000 "Barbed Wire", Creating gaps in Wire manually: a conformed troop stand that
    succeeds on the Improve Position table makes a gap. "Anti-Tank Ditches", filling it in: an
    improve position action occupying or conformed to the ditch; success lets a single vehicle
    cross with a breach/bog-down check; not a concrete-lined ditch (BF-85). A wide ditch takes the
    scenario's count (at least 2) of successful rolls, one a turn (BF-85, BF-104). The IP table:
    base table [improve_position] (BF-66)."""
    t = TABLES.ip_tasks[task]
    r.step(f"{t.label} (000 {t.section}): an Improve Position roll")
    mods = r.modifier("discipline rating", dr, "the unit") if dr else 0
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    if ditch == "wide":
        r.step(f"a wide ditch: {wide_ditch_actions} successful rolls fill it, {successes_done} made so far "
               "(BF-85, BF-104)")
    ok, row = roll_improve_position(r, mods)
    if ok:
        return r.result(_ip_success({"task": task, "ditch": ditch, "wide_ditch_actions": wide_ditch_actions,
                                     "successes_done": successes_done}), row)
    return r.result("failure: no effect this turn", row)


CREATED = "roadblock created"
PREP_FAILED = "preparation fails: no roadblock"
DUD = "dud: the demolition must be prepared again"


@procedure(
    INFO,
    "roadblock-create",
    example={"road": "forested", "dr": 1},
    title="Creating a roadblock with explosives",
    summary="Wire the trees (an Improve Position check, -1 clear road, +1 forested), then blow them: d10, 2+.",
    rule=cite(ROADBLOCKS, ENGINEERING, readings=("BF-50", "BF-66", "BF-67")),
    params=(
        Param("road", "choice", "the road: through a clear area with no trees, forested or tree-lined, or other",
              "other", choices=("clear", "forested", "other")),
        DR,
        Param("prepared", "bool", "the trees are already wired (the Improve Position check was passed)", False),
    ),
    results=(CREATED, PREP_FAILED, DUD),
)
def roadblock_create(r: Resolution, road: str, dr: int, prepared: bool) -> Outcome:
    """Seed 000 "Roadblocks", Creating a roadblock: a successful Improve Position check, -1 for a road
    through a clear area (the seed's lost minus sign, BF-50), +1 through a forested area or
    tree-lined lane; then a successful demolition roll creates it (BF-67): the demolition action of
    "Engineering Manoeuvre Actions", a d10 on which only a 1 fails. The IP table: [improve_position]
    (BF-66)."""
    if not prepared:
        r.step("wiring the trees: an Improve Position check (BF-67)")
        mods = r.modifier("discipline rating", dr, "the unit") if dr else 0
        if road == "clear":
            mods += r.modifier("road through a clear area with no trees", TABLES.roadblock.clear_road,
                               src(ROADBLOCKS, "Creating a roadblock (BF-50)"))
        elif road == "forested":
            mods += r.modifier("road through a forested area or tree-lined lane", TABLES.roadblock.forested_road,
                               src(ROADBLOCKS, "Creating a roadblock"))
        ok, row = roll_improve_position(r, mods, label="wiring the trees")
        if not ok:
            return r.result(PREP_FAILED, row)
    else:
        r.step("the trees are already wired for demolition")
    d = ENGINEERING_TABLES.demolition
    roll = r.die(d.die_sides, label="demolition")
    if roll <= d.dud_at_most:
        r.step(f"demolition d{d.die_sides} rolled {roll}: a dud")
        return r.result(DUD, f"demolition {roll}: dud")
    r.step(f"demolition d{d.die_sides} rolled {roll}: BLAM, the road disappears")
    return r.result(CREATED, f"demolition {roll}: any roll but {d.dud_at_most} succeeds")


@procedure(
    INFO,
    "artillery-on-wire",
    example={"idf_factor": 4},
    title="Artillery fire on barbed wire",
    summary="A template on wire: a separate IDF attack on it as troops in a log pill-box (-2); a KO gaps it.",
    rule=cite(WIRE, readings=("BF-63", "BF-68")),
    params=(
        Param("idf_factor", "int", "the fire mission's IDF attack factor against troops", minimum=-5, maximum=12),
        Param("other_modifiers", "int", "any other base-game modifiers to the IDF attack", 0,
              minimum=-10, maximum=10),
    ),
    results=("no effect", "a gap is blown in the wire"),
)
def artillery_on_wire(r: Resolution, idf_factor: int, other_modifiers: int) -> Outcome:
    """Seed 000 "Barbed Wire", Creating gaps in Wire with Artillery Fire: a wire obstacle under an
    artillery template takes a separate IDF attack as troops in a log pill-box (-2); a knocked-out
    result makes a gap; nothing else affects it (BF-68). Fire combat table: [fire_combat] (BF-63)."""
    r.step("a separate IDF attack on the wire, as troops in a log pill-box")
    mods = r.modifier("IDF factor against troops", idf_factor, "the fire mission") if idf_factor else 0
    mods += r.modifier("troops in a log pill-box", TABLES.wire_artillery.log_pillbox,
                       src(WIRE, "Creating gaps in Wire with Artillery Fire"))
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, "troops", label="IDF on the wire")
    if result == "knocked out":
        return r.result("a gap is blown in the wire", row)
    if result != "no effect":
        r.step(f"{result}: only a knocked-out result gaps the wire")
    return r.result("no effect", row)
