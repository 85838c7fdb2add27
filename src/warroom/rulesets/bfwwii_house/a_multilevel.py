"""Seed 000 "Multi-Level BUS": levels, moving between them, close combat and spotting."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import IP, MULTI, cite, load_data
from warroom.rulesets.bfwwii_house.info import INFO


class Kind(Table):
    label: str
    note: str


class MultiLevelTable(Table):
    level_0_top_floor: int
    floors_per_level: int
    level_0_below_feet: int
    feet_per_level: int
    obstruction_above_level: int
    close_combat_reach_inches: int
    field_of_observation_inches: int
    dense_concealment_max_inches: int
    kinds: dict[str, Kind]


TABLE = load_data("a_multilevel", MultiLevelTable)
KINDS = tuple(TABLE.kinds)


def level_by_floor(top_floor: int) -> int:
    """Level 0 to the first floor; then one level every 3 floors (2nd-4th: 1, 5th-7th: 2...)."""
    t = TABLE
    if top_floor <= t.level_0_top_floor:
        return 0
    return (top_floor - t.level_0_top_floor - 1) // t.floors_per_level + 1


def level_by_height(feet: int) -> int:
    """Under 45 ft: Level 0; up to 90 ft: 1; up to 135 ft: 2; one level every 45 ft."""
    t = TABLE
    if feet < t.level_0_below_feet:
        return 0
    return max(1, math.ceil((feet - t.level_0_below_feet) / t.feet_per_level))


def _level_check(v: Mapping[str, Any]) -> None:
    if v["top_floor"] < 0 and v["height_ft"] == 0:
        raise UsageError("give top_floor=N (the highest floor above the ground floor: first floor = 1) or "
                         "height_ft=N (the structure's height)")
    if v["kind"] == "tower" and _level(v) == 0:
        raise UsageError("kind=tower: a tower is a tall structure (Level 1 or more); this one is Level 0")


def _level(v: Mapping[str, Any]) -> int:
    by_floor = level_by_floor(v["top_floor"]) if v["top_floor"] >= 0 else 0
    by_height = level_by_height(v["height_ft"]) if v["height_ft"] else 0
    return max(by_floor, by_height)


@procedure(
    INFO,
    "bus-level",
    example={"top_floor": 3, "kind": "continuous"},
    title="Multi-level BUS: its level",
    summary="A structure's level from its floors or height, and what the level means for spotting, occupants and "
            "improved positions.",
    rule=cite(MULTI, IP, readings=("BF-24", "BF-38", "BF-105")),
    params=(
        Param("top_floor", "int", "its highest floor above the ground floor (first floor = 1; -1: not given)", -1,
              minimum=-1, maximum=60),
        Param("height_ft", "int", "its height in feet (0: not given)", 0, minimum=0, maximum=1000),
        Param("kind", "choice", "continuous, block or tower", "block", choices=KINDS),
    ),
    results=lambda v: (f"Level {_level(v)} BUS",),
    check=_level_check,
)
def bus_level(r: Resolution, top_floor: int, height_ft: int, kind: str) -> Outcome:
    """Seed 000 "Multi-Level BUS", Definitions: basement, ground and first floor or under 45 ft
    is Level 0 (normal rules); a 2nd-4th floor or up to 90 ft Level 1; 5th-7th or up to 135
    ft Level 2; and so on every 3 floors or 45 ft (either measure: the higher level, BF-105).
    A Level N BUS is at level N for spotting and a Level N+1 obstruction. Level 0 takes any troops
    or guns and an IP there in hard cover counts as improved hard cover; Level 1 and up
    troops only (unless the scenario permits) and an IP only designates a Command Post
    (BF-24). Continuous, Block and Tower sub-designations."""
    level = _level({"top_floor": top_floor, "height_ft": height_ft})
    t = TABLE
    k = t.kinds[kind]
    if level == 0:
        r.step("a one-level building: the sub-designations (continuous, block, tower) are for multi-level BUS")
    else:
        r.step(f"{k.label}: {k.note}")
    r.step(f"at level {level} for spotting; a Level {level + t.obstruction_above_level} obstruction to spotting")
    if level == 0:
        r.step("normal BFWWII rules; any troops or guns; Improve Position allowed, in hard cover it counts as "
               "improved hard cover")
    else:
        r.step("Multi-Level BUS rules; troops only unless the scenario permits; Improve Position gives no benefit "
               "other than designating a Command Post (BF-24)")
    return r.result(f"Level {level} BUS", f"{kind}, Level {level}")


# --- moving ------------------------------------------------------------------------------------------

MOVE_RESULTS = ("permitted", "only by leaving and re-entering via Level 0", "not permitted")


def _move_outcome(v: Mapping[str, Any]) -> tuple[str, str]:
    if v["to_level"] >= 1 and v["unit"] != "troops" and not v["scenario_permits"]:
        return "not permitted", f"Level {v['to_level']} may only be occupied by troops unless the scenario permits"
    if v["enemy_occupied"]:
        return "not permitted", "an element cannot move through (or into) a BUS occupied by an enemy unit"
    if v["to_kind"] == "tower" and 0 < v["to_level"] < v["tower_level"]:
        return "not permitted", (f"Level {v['to_level']} of a Level {v['tower_level']} tower is an intervening "
                                 "level, insufficiently substantial to occupy: only the ground level and Level "
                                 f"{v['tower_level']} can be occupied (BF-91)")
    if v["same_bus"]:
        return "permitted", "within the BUS, through friendly elements, to another level"
    if v["from_level"] == 0:
        return "permitted", "move into the BUS, select the level, align facing to a side at that level, cease moving"
    if (v["from_kind"] == v["to_kind"] == "continuous" and v["from_level"] == v["to_level"]
            and v["share_side"]):
        return "permitted", "upper storey to upper storey between continuous BUS at the same level, sharing a side"
    why = []
    if v["from_kind"] != "continuous" or v["to_kind"] != "continuous":
        why.append("block and tower BUS have no way between upper storeys")
    if v["from_level"] != v["to_level"]:
        why.append("the levels differ")
    if not v["share_side"]:
        why.append("the BUS share no side")
    return "only by leaving and re-entering via Level 0", "; ".join(why)


def _move_check(v: Mapping[str, Any]) -> None:
    if v["same_bus"] and v["from_kind"] != v["to_kind"]:
        raise UsageError(f"same_bus=true: one BUS, so from_kind and to_kind are the same (from_kind="
                         f"{v['from_kind']}, to_kind={v['to_kind']})")
    towers = [side for side in ("from", "to") if v[f"{side}_kind"] == "tower"]
    if v["tower_level"] and not towers:
        raise UsageError("tower_level=... is for a tower: give from_kind=tower or to_kind=tower")
    if "to" in towers and v["to_level"] >= 1:
        if not v["tower_level"]:
            raise UsageError(f"to_kind=tower to_level={v['to_level']}: give tower_level=N, the tower's own level "
                             "(its top): a tower's intervening levels cannot be occupied (000 Multi-Level BUS, "
                             "Tower; BF-91)")
        if v["to_level"] > v["tower_level"]:
            raise UsageError(f"to_level={v['to_level']}: the tower is Level {v['tower_level']}; it has no Level "
                             f"{v['to_level']}")
    if ("from" in towers and v["tower_level"] and (v["same_bus"] or "to" not in towers)
            and v["from_level"] not in (0, v["tower_level"])):
        raise UsageError(f"from_level={v['from_level']}: in a Level {v['tower_level']} tower an element can "
                         f"only be at the ground level or on Level {v['tower_level']} (BF-91)")
    if v["unit"] != "troops" and v["from_level"] >= 1 and not v["scenario_permits"]:
        raise UsageError(f"unit={v['unit']} on Level {v['from_level']}: only troops occupy upper levels unless the "
                         "scenario permits")


@procedure(
    INFO,
    "bus-move",
    example={"from_level": 1, "to_level": 1, "from_kind": "continuous", "to_kind": "continuous"},
    title="Multi-level BUS: moving between levels and BUS",
    summary="Whether an element may move to a level of a multi-level BUS directly, only via Level 0, or not at all.",
    rule=cite(MULTI, readings=("BF-91", "BF-95")),
    params=(
        Param("from_level", "int", "the level the element is on now (0: ground level or outside the BUS)", 0,
              minimum=0, maximum=6),
        Param("to_level", "int", "the level it wants to occupy", 1, minimum=0, maximum=6),
        Param("from_kind", "choice", "the BUS it is in now", "block", choices=KINDS),
        Param("to_kind", "choice", "the BUS it moves to", "block", choices=KINDS),
        Param("same_bus", "bool", "moving to another level of the same BUS", False),
        Param("share_side", "bool", "the two BUS share a common side (not asked when same_bus=true)", True),
        Param("tower_level", "int", "a tower's own level, its top (0: no tower); only the ground level and this "
              "level can be occupied", 0, minimum=0, maximum=6),
        Param("enemy_occupied", "bool", "the BUS to enter or pass through holds an enemy unit", False),
        Param("unit", "choice", "troops, gun or vehicle", "troops", choices=("troops", "gun", "vehicle")),
        Param("scenario_permits", "bool", "the scenario lets non-troops occupy upper levels", False),
    ),
    results=MOVE_RESULTS,
    check=_move_check,
)
def bus_move(r: Resolution, from_level: int, to_level: int, from_kind: str, to_kind: str, same_bus: bool,
             share_side: bool, tower_level: int, enemy_occupied: bool, unit: str, scenario_permits: bool) -> Outcome:
    """Seed 000 "Multi-Level BUS", Movement into Multi-Level BUS: occupying a BUS is moving in,
    selecting the level, aligning facing to a side at that level and ceasing all movement;
    friendly-occupied BUS may be moved through, enemy-occupied ones not; from an upper storey
    an element may move to another Continuous BUS only at the same level and sharing a
    side; from Block and Tower BUS only by exiting and re-entering via Level 0. Sub-Designations,
    Tower: "intervening levels are insufficiently substantial to occupy": in a Level N tower only
    the ground level and Level N can be occupied (BF-91). Moving within one BUS asks nothing of
    shared sides (BF-95)."""
    result, why = _move_outcome({"from_level": from_level, "to_level": to_level, "from_kind": from_kind,
                                 "to_kind": to_kind, "same_bus": same_bus, "share_side": share_side,
                                 "tower_level": tower_level,
                                 "enemy_occupied": enemy_occupied, "unit": unit,
                                 "scenario_permits": scenario_permits})
    r.step(why)
    return r.result(result, why)


# --- close combat ------------------------------------------------------------------------------------

ATTACKER_AT = ("within_1in_below", "adjacent_same_level", "adjacent_other_level", "sector_above", "sector_below")


def _cc_outcome(v: Mapping[str, Any]) -> tuple[bool, str]:
    level, at = v["target_level"], v["attacker_at"]
    if not v["can_occupy"]:
        return False, "the attacker must be able to occupy the BUS if victorious"
    if not v["suspects"]:
        return False, "the attacker must at least SUSPECT the occupants (spotting rules)"
    if at == "adjacent_other_level":
        return False, "close combat between BUS only from a sector at the same level"
    if at == "sector_above":
        return True, "from the sector above (held by the attacker's side)"
    if at == "sector_below":
        return True, "from the sector below, held by the attacker's side"
    if level == 0:
        if at == "within_1in_below":
            return True, f"within {TABLE.close_combat_reach_inches}\" of the BUS aiming points"
        return True, "from an adjacent sector at ground level"
    if at == "adjacent_same_level":
        if v["target_kind"] == v["attacker_kind"] == "continuous":
            return True, "from an adjacent continuous BUS at the same level"
        return False, "never across a block (or tower) BUS: their upper storeys have no way between them"
    if v["sector_below"] == "defender":
        return False, ("the sector below is held by the defender's side: only troops in an adjacent continuous BUS "
                       "at the same level may close combat the upper storey")
    below = v["sector_below"].replace("_", " ")
    return True, (f"the sector below is {below}: within {TABLE.close_combat_reach_inches}\" of it (the occupants' "
                  "position is perilous)")


def _ml_cc_check(v: Mapping[str, Any]) -> None:
    if v["target_level"] == 0 and v["attacker_at"] == "sector_below":
        raise UsageError("attacker_at=sector_below: a Level 0 sector has no sector below it")
    if v["target_level"] == 0 and v["sector_below"] != "vacant":
        raise UsageError("sector_below is for an upper-storey target (target_level 1 or more)")
    if v["attacker_at"] == "sector_below" and v["sector_below"] != "attacker_side":
        raise UsageError(f"attacker_at=sector_below with sector_below={v['sector_below']}: an attacker in the sector "
                         "below holds it for its side; give sector_below=attacker_side (BF-98)")


@procedure(
    INFO,
    "bus-close-combat",
    example={"target_level": 1, "attacker_at": "within_1in_below", "sector_below": "vacant"},
    title="Multi-level BUS: who may declare close combat",
    summary="Whether an element may declare close combat against a sector of a multi-level BUS.",
    rule=cite(MULTI, readings=("BF-98",)),
    params=(
        Param("target_level", "int", "the level of the sector attacked", 1, minimum=0, maximum=6),
        Param("attacker_at", "choice", "where the attacker is: within_1in_below (within 1\" of the BUS / of the "
              "sector below), adjacent_same_level (an adjacent BUS's sector at the target's level), "
              "adjacent_other_level, sector_above, sector_below (held by its side)", "within_1in_below",
              choices=ATTACKER_AT),
        Param("target_kind", "choice", "the target's BUS", "continuous", choices=KINDS),
        Param("attacker_kind", "choice", "the attacker's BUS, when it is in one", "continuous", choices=KINDS),
        Param("sector_below", "choice", "an upper target: the sector below is held by the defender's side, vacant, "
              "or by the attacker's side", "vacant", choices=("defender", "vacant", "attacker_side")),
        Param("can_occupy", "bool", "the attacker could occupy the sector if victorious", True),
        Param("suspects", "bool", "the attacker at least SUSPECTS the occupants", True),
    ),
    results=("may declare close combat", "may not declare close combat"),
    check=_ml_cc_check,
)
def bus_close_combat(r: Resolution, target_level: int, attacker_at: str, target_kind: str, attacker_kind: str,
                     sector_below: str, can_occupy: bool, suspects: bool) -> Outcome:
    """Seed 000 "Multi-Level BUS", Close Combat in Multi-Level BUS: declared by an element
    within 1" of the BUS that could occupy it if victorious and at least SUSPECTS the
    occupants. An upper sector (A) can be attacked from an adjacent continuous BUS at the
    same level (Y), never across a block BUS (W); if the sector below (B) is vacant or
    hostile, also from within 1" of it (X, Z). A ground sector (B) from within 1" of its
    aiming points, from adjacent ground sectors (X, Z) or from an enemy-held sector above.
    Any upper level is read as the seed's Level 1 example with the level beneath as its sector
    below; an attacker in the sector below holds it; the "can still spot and shoot" note goes
    with the refusal (BF-98)."""
    ok, why = _cc_outcome({"target_level": target_level, "attacker_at": attacker_at, "target_kind": target_kind,
                           "attacker_kind": attacker_kind, "sector_below": sector_below, "can_occupy": can_occupy,
                           "suspects": suspects})
    r.step(why)
    if ok:
        return r.result("may declare close combat", why)
    r.step("troops that cannot close combat a sector may still spot and shoot at it (BF-98)")
    return r.result("may not declare close combat", why)


# --- spotting ----------------------------------------------------------------------------------------


def _over_outcome(v: Mapping[str, Any]) -> tuple[bool, str]:
    spotter, bus = v["spotter_level"], v["intervening_level"]
    obstruction = bus + TABLE.obstruction_above_level
    if spotter > obstruction:
        return True, (f"a Level {spotter} spotter sees over a Level {bus} BUS (a Level {obstruction} obstruction, "
                      "BF-38)")
    return False, f"a Level {spotter} spotter cannot see over a Level {bus} BUS (a Level {obstruction} obstruction)"


@procedure(
    INFO,
    "bus-spot-over",
    example={"spotter_level": 2, "intervening_level": 0},
    title="Multi-level BUS: spotting over an intervening BUS",
    summary="Whether a spotter on a level of a BUS can see over an intervening BUS.",
    rule=cite(MULTI, readings=("BF-38",)),
    params=(
        Param("spotter_level", "int", "the spotter's level (0: ground level)", 0, minimum=0, maximum=6),
        Param("intervening_level", "int", "the level of the BUS in between", 0, minimum=0, maximum=6),
    ),
    results=("can see over", "line of sight blocked"),
)
def bus_spot_over(r: Resolution, spotter_level: int, intervening_level: int) -> Outcome:
    """Seed 000 "Multi-Level BUS", Spotting from and over Multi-Level BUS: a Level N BUS is a
    Level N+1 obstruction; a spotter at Level 0 cannot see through intervening BUS, at
    Level 1 not over a Level 0 BUS (rooftops), at Level 2 or higher over Level 0 BUS. warroom
    reads the base dead-zone rule (p.17) as: a spotter sees over a BUS whose obstruction
    level is below its own (BF-38). Upper storeys count as higher elevation (spotting-range);
    the 4" limit for dense concealment (streets) is unchanged."""
    ok, why = _over_outcome({"spotter_level": spotter_level, "intervening_level": intervening_level})
    r.step(why)
    if spotter_level:
        r.step("a spotter on an upper storey is at a higher elevation (Up 1, not at night: spotting-range)")
    return r.result("can see over" if ok else "line of sight blocked", why)


def _between_outcome(v: Mapping[str, Any]) -> tuple[bool, str]:
    reach = TABLE.field_of_observation_inches
    if not v["adjacent"]:
        return False, f"the field of observation is limited to adjacent BUS and targets within {reach}\" of the base"
    if v["direction"] == "orthogonal":
        return True, "one sector up, down, left or right"
    if v["target_lower"] and not v["same_level_adjacent"]:
        return True, "diagonally into a lower BUS, with no adjacent BUS at the spotter's level"
    if not v["target_lower"]:
        return False, "not on diagonals (the target is not lower)"
    return False, "not on diagonals: there is an adjacent BUS at the spotter's level"


@procedure(
    INFO,
    "bus-spot-between",
    example={"direction": "diagonal", "target_lower": True, "same_level_adjacent": False},
    title="Multi-level BUS: spotting between BUS",
    summary="Whether a spotter in a multi-level BUS may spot into a sector of a neighbouring BUS.",
    rule=cite(MULTI),
    params=(
        Param("direction", "choice", "orthogonal (one sector up, down, left or right) or diagonal", "orthogonal",
              choices=("orthogonal", "diagonal")),
        Param("adjacent", "bool", "the target is in an adjacent BUS (or within 1\" of the BUS base)", True),
        Param("target_lower", "bool", "the target sector is in a lower-level BUS", False),
        Param("same_level_adjacent", "bool", "there is an adjacent BUS at the spotter's level", True),
    ),
    results=("may spot", "may not spot"),
)
def bus_spot_between(r: Resolution, direction: str, adjacent: bool, target_lower: bool,
                     same_level_adjacent: bool) -> Outcome:
    """Seed 000 "Multi-Level BUS", Spotting between Multi-Level BUS: LOS stays blocked by BUS
    the spotter cannot see over; the field of observation is limited to adjacent BUS and
    targets within 1" of the BUS base; spotting between multi-level BUS (continuous, block
    or tower alike) goes one sector up, down, left or right, not diagonally unless into a
    lower-level BUS where there is no adjacent BUS at the spotter's level. "If you can spot
    it and it is in range you can shoot at it" and "spotted by one, suspected by the entire
    ME" are unchanged."""
    ok, why = _between_outcome({"direction": direction, "adjacent": adjacent, "target_lower": target_lower,
                                "same_level_adjacent": same_level_adjacent})
    r.step(why)
    if ok:
        r.step("if it is in range it may be shot at; spotted by one element, it is suspected by the entire ME")
    return r.result("may spot" if ok else "may not spot", why)
