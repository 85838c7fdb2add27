"""Seed 000 "Improved Position Clarifications": cover, enfilade, close combat and Improve Position.

The section's two tables are data (``data/a_positions.toml``) and rule: each calculator
reads its cell and explains it by the section's rules (most beneficial cover, not
cumulative; enfilade / outflanked terms where a position is subject to them). Night
and Flat Featureless Terrain add their terms; upper storeys of a multi-level BUS give
an improved position no benefit.
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
from warroom.rulesets.bfwwii_house.a_common import (
    FLAT,
    IP,
    MULTI,
    NIGHT_GOOD,
    NIGHT_POOR,
    cite,
    die_range,
    load_data,
    plural,
    plus,
    quiet,
    signed,
    src,
)
from warroom.rulesets.bfwwii_house.a_flat import TABLE as FLAT_TABLE
from warroom.rulesets.bfwwii_house.a_visibility import VISIBILITY, condition, vsrc
from warroom.rulesets.bfwwii_house.base_tables import IMPROVE_POSITION
from warroom.rulesets.bfwwii_house.info import INFO


class ByCover(Table):
    open: int
    soft: int
    hard: int
    bus: int

    def of(self, cover: str) -> int:
        value: int = getattr(self, cover)
        return value


class ByIdfTarget(Table):
    non_bus: int
    bus: int


class Position(Table):
    label: str
    short: str
    exempt_from_flank: bool
    df_front: ByCover
    df_enfilade: ByCover
    idf: ByIdfTarget
    cc_front: ByCover
    cc_outflanked: ByCover
    move: str
    spotting_down: int = Field(ge=0)
    manoeuvre: int
    construct_with: str
    construct_rolls: int | None = None


class PositionsTable(Table):
    enfilade_modifier: int
    outflanked_modifier: int
    positions: dict[str, Position]


TABLE = load_data("a_positions", PositionsTable)
POSITIONS = tuple(TABLE.positions)
COVERS = ("open", "soft", "hard", "bus")
COVER_NAMES = {"open": "open", "soft": "soft cover", "hard": "hard cover", "bus": "a BUS"}
IP_KINDS = ("improved", "dug_in")

POSITION_PARAM = Param("target_position", "choice", "the target's position: nil, improved (basic IP), dug_in "
                       "(enhanced IP), entrenched, pillbox_log, pillbox_concrete", "nil", choices=POSITIONS)
COVER_PARAM = Param("cover", "choice", "the target's cover: open, soft, hard, bus", "open", choices=COVERS)
STOREY_PARAM = Param("bus_level", "int", "the level of a multi-level BUS the target occupies (0: ground level)", 0,
                     minimum=0, maximum=6)


def _check_storey(v: Mapping[str, Any]) -> None:
    if v["bus_level"] and v["cover"] != "bus":
        raise UsageError(f"bus_level={v['bus_level']} needs cover=bus: levels are storeys of a multi-level BUS")
    if v["bus_level"] and v["target_position"] in ("entrenched", "pillbox_log", "pillbox_concrete"):
        raise UsageError(f"target_position={v['target_position']} with bus_level={v['bus_level']}: trenchlines and "
                         "pill-boxes are not on the upper storeys of a BUS")


def effective_position(r: Resolution | None, position: str, bus_level: int) -> str:
    """BF-24: an improved position on Level 1 or higher gives no benefit (only a Command Post)."""
    if bus_level and position in IP_KINDS:
        if r is not None:
            r.step(f"Level {bus_level} BUS: an improved position there gives no benefit other than designating it a "
                   "Command Post (BF-24): read as no position")
        return "nil"
    return position


def _cover_candidates(position: str, cover: str) -> list[tuple[str, int]]:
    """DF Rule 1: each cover or position that could give the modifier, before taking the best."""
    out: list[tuple[str, int]] = []
    if cover != "open":
        out.append((COVER_NAMES[cover], -1))
    if position == "improved":
        out.append(("basic IP in hard cover or BUS", -2) if cover in ("hard", "bus") else ("basic IP", -1))
    elif position != "nil":
        out.append((TABLE.positions[position].label, TABLE.positions[position].df_front.of(cover)))
    return out


def fire_terms(r: Resolution, position: str, cover: str, fire: str) -> int:
    """The Improved Position table's DF or IDF modifier, explained term by term; returns the table's value."""
    p = TABLE.positions[position]
    if fire == "idf":
        column = "bus" if cover == "bus" else "non_bus"
        value: int = getattr(p.idf, column)
        where = "a BUS" if cover == "bus" else "non-BUS"
        return r.modifier(f"IDF against {p.label}, {where}", value, src(IP, f"IDF table, {p.short}"))
    front = p.df_front.of(cover)
    candidates = _cover_candidates(position, cover)
    if candidates:
        best = min(candidates, key=lambda c: c[1])
        others = [f"{name} {signed(v)}" for name, v in candidates if (name, v) != best]
        why = f"most beneficial: {best[0]}" + (f" (not cumulative with {', '.join(others)})" if others else "")
    else:
        why = "no cover in the open"
    total = r.modifier(f"cover, {why}", front, src(IP, f"Direct Fire Rule 1; DF Front, {p.short}"))
    if fire == "df_enfilade":
        term = p.df_enfilade.of(cover) - front
        if term:
            total += r.modifier("enfilade fire", term, src(IP, f"Direct Fire Rule 2; DF Enfilade, {p.short}"))
        else:
            who = "BUS" if cover == "bus" else p.label
            r.step(f"enfilade: units in {who} are not subject to enfilade fire (Direct Fire Rule 2)")
    return total


def _fire_check(v: Mapping[str, Any]) -> None:
    _check_storey(v)
    c = condition(v["visibility"])
    if v["target_illuminated"] and not c.night:
        raise UsageError(f"target_illuminated=true at visibility={v['visibility']}: flares and fires lighting a "
                         "target are part of the Night Rules")
    if v["linear_cover"] != "none" and v["cover"] in ("open", "bus"):
        raise UsageError(f"linear_cover={v['linear_cover']} needs cover=soft or hard: the linear feature's cover")
    if v["flat_featureless"] and v["cover"] != "open":
        raise UsageError("flat_featureless=true: units in Flat Featureless Terrain have no terrain cover; use "
                         "cover=open")


def _fire_total(r: Resolution, v: Mapping[str, Any]) -> int:
    cover = v["cover"]
    if v["linear_cover"] == "not_crossed":
        r.step(f"linear {COVER_NAMES[cover]}: the line of sight does not cross it, so it gives no cover (BF-26)")
        cover = "open"
    position = effective_position(r, v["target_position"], v["bus_level"])
    total = fire_terms(r, position, cover, v["fire"])
    c = condition(v["visibility"])
    if v["fire"] != "idf":
        if c.direct_fire:
            if v["target_illuminated"]:
                r.step("target under a flare or fire template: no night modifier for direct fire against it")
            else:
                total += r.modifier(f"direct fire at {c.label}", c.direct_fire, vsrc(v["visibility"], "Firing"))
        if v["flat_featureless"]:
            total += r.modifier("target in Flat Featureless Terrain", FLAT_TABLE.direct_fire, src(FLAT, "Firing"))
    return total


def _fire_row(v: Mapping[str, Any]) -> tuple[str, ...]:
    return (f"fire modifier {signed(_fire_total(quiet(), v))}",)


@procedure(
    INFO,
    "fire-modifiers",
    example={"target_position": "improved", "cover": "hard", "fire": "df_enfilade"},
    title="Cover and position fire modifier",
    summary="The Improved Position table's DF (front or enfilade) or IDF modifier, with night and Flat "
            "Featureless Terrain terms.",
    rule=cite(IP, NIGHT_GOOD, NIGHT_POOR, FLAT, MULTI, readings=("BF-20", "BF-22", "BF-24", "BF-26")),
    params=(
        POSITION_PARAM, COVER_PARAM,
        Param("fire", "choice", "df_front, df_enfilade (direct fire from a flank) or idf", "df_front",
              choices=("df_front", "df_enfilade", "idf")),
        Param("linear_cover", "choice", "the cover is a linear feature: none (area cover), crossed (LOS crosses it), "
              "not_crossed", "none", choices=("none", "crossed", "not_crossed")),
        STOREY_PARAM, VISIBILITY,
        Param("target_illuminated", "bool", "night: the target is under a flare or fire template", False),
        Param("flat_featureless", "bool", "the target is in Flat Featureless Terrain", False),
    ),
    results=_fire_row,
    check=_fire_check,
)
def fire_modifiers(r: Resolution, target_position: str, cover: str, fire: str, linear_cover: str, bus_level: int,
                   visibility: str, target_illuminated: bool, flat_featureless: bool) -> Outcome:
    """Seed 000 "Improved Position Clarifications", Direct Fire: -1 soft cover, hard cover or
    basic IP; -2 basic IP in hard cover or BUS, or enhanced IP (dug-in); -3 concrete pill-box;
    the most beneficial only, not cumulative; combined with the enfilade modifier, except
    for units in a BUS, trenchline or pill-box; linear cover only where LOS crosses it
    (BF-26); the DF/IDF table is the authority (BF-20). Night: -1 for all direct fire unless
    the target is lit by a flare or fire; Flat Featureless Terrain +1 for direct fire;
    an IP on an upper storey of a multi-level BUS gives no benefit (BF-24)."""
    total = _fire_total(r, {"target_position": target_position, "cover": cover, "fire": fire,
                            "linear_cover": linear_cover, "bus_level": bus_level, "visibility": visibility,
                            "target_illuminated": target_illuminated, "flat_featureless": flat_featureless})
    p = TABLE.positions[target_position]
    column = {"df_front": "DF Front", "df_enfilade": "DF Enfilade", "idf": "IDF"}[fire]
    return r.result(f"fire modifier {signed(total)}", f"{p.short}, {column}, {COVER_NAMES[cover]}")


# --- close combat ------------------------------------------------------------------------------------


def _cc_check(v: Mapping[str, Any]) -> None:
    _check_storey(v)


def _cc_total(r: Resolution, v: Mapping[str, Any]) -> int:
    position = effective_position(r, v["target_position"], v["bus_level"])
    p = TABLE.positions[position]
    cover = v["cover"]
    front = p.cc_front.of(cover)
    if front:
        reasons = [n for n, ok in (("hard cover", cover == "hard"), ("a BUS", cover == "bus"),
                                   (p.label, position not in ("nil", "improved"))) if ok]
        total = r.modifier(f"defender in {' / '.join(reasons)} (any one: not cumulative)", front,
                           src(IP, f"Close Combat Rule 1; CC Front, {p.short}"))
    else:
        total = 0
        r.step("no close combat modifier for the defender's cover or position"
               + (" (none for a basic improved position)" if position == "improved" else ""))
    c = condition(v["visibility"])
    if v["aspect"] == "outflanked":
        term = p.cc_outflanked.of(cover) - front
        if term:
            if c.cc_outflanked is not None:
                total += r.modifier(f"DEF: outflanked ({c.label}: {signed(c.cc_outflanked)} instead of "
                                    f"{signed(term)})", c.cc_outflanked, vsrc(v["visibility"], "Close Combat; BF-23"))
            else:
                total += r.modifier("DEF: outflanked", term, src(IP, f"Close Combat Rule 2; CC Outflanked, {p.short}"))
        else:
            who = "a BUS" if cover == "bus" else p.label
            r.step(f"units in {who} are not subject to the outflanked modifier (Close Combat Rule 2)")
    if v["vehicle_vs_troops_in_concealment"]:
        if c.cc_vehicle_vs_troops_in_concealment is not None:
            total += r.modifier(f"DEF/ATT: vehicle vs. troops in concealment ({c.label})",
                                c.cc_vehicle_vs_troops_in_concealment, vsrc(v["visibility"], "Close Combat"))
        else:
            r.step("vehicle vs. troops in concealment: the base close combat table's modifier, not in this total")
    return total


def _cc_row(v: Mapping[str, Any]) -> tuple[str, ...]:
    return (f"close combat modifier {signed(_cc_total(quiet(), v))}",)


@procedure(
    INFO,
    "cc-modifiers",
    example={"target_position": "dug_in", "cover": "open", "aspect": "outflanked", "visibility": "night_good"},
    title="Close combat: cover, position and night modifiers",
    summary="The Improved Position table's close combat modifier (front or outflanked), with the night's -2 "
            "outflanked and -3 vehicle vs troops in concealment.",
    rule=cite(IP, NIGHT_GOOD, NIGHT_POOR, MULTI, readings=("BF-20", "BF-22", "BF-23", "BF-24")),
    params=(
        POSITION_PARAM, COVER_PARAM,
        Param("aspect", "choice", "the defender attacked from the front or outflanked", "front",
              choices=("front", "outflanked")),
        STOREY_PARAM, VISIBILITY,
        Param("vehicle_vs_troops_in_concealment", "bool", "a vehicle against troops in concealment (either side)",
              False),
    ),
    results=_cc_row,
    check=_cc_check,
)
def cc_modifiers(r: Resolution, target_position: str, cover: str, aspect: str, bus_level: int, visibility: str,
                 vehicle_vs_troops_in_concealment: bool) -> Outcome:
    """Seed 000 "Improved Position Clarifications", Close Combat: +1 for any one of hard cover,
    BUS, enhanced IP or pill-box (none for a basic IP); units in a BUS, trenchline or
    pill-box are not subject to the -1 outflanked modifier; the CC table is the authority
    (BF-20). Night Rules: "DEF: outflanked" becomes -2 (BF-23) and "DEF/ATT: vehicle vs.
    troops in concealment" -3. An IP on an upper storey gives no benefit (BF-24)."""
    total = _cc_total(r, {"target_position": target_position, "cover": cover, "aspect": aspect,
                          "bus_level": bus_level, "visibility": visibility,
                          "vehicle_vs_troops_in_concealment": vehicle_vs_troops_in_concealment})
    p = TABLE.positions[target_position]
    column = "CC Front" if aspect == "front" else "CC Outflanked"
    return r.result(f"close combat modifier {signed(total)}", f"{p.short}, {column}, {COVER_NAMES[cover]}")


# --- what a position does -------------------------------------------------------------------------------


def _effects_row(v: Mapping[str, Any]) -> str:
    p = TABLE.positions[v["position"]]
    if v["position"] == "nil":
        return "no position: no move, spotting, manoeuvre or construction effects"
    return (f"on moving: {p.move}; spotting Down {p.spotting_down}; manoeuvre {signed(p.manoeuvre)}; "
            f"construct: {p.construct_with}")


@procedure(
    INFO,
    "position-effects",
    example={"position": "dug_in"},
    title="What a position does",
    summary="The Move, Spotting, Manoeuvre and Construct columns of the Improved Position table.",
    rule=cite(IP, readings=("BF-19", "BF-20")),
    params=(Param("position", "choice", "the position", choices=POSITIONS),),
    results=lambda v: (_effects_row(v),),
)
def position_effects(r: Resolution, position: str) -> Outcome:
    """Seed 000 "Improved Position Clarifications", the CC table's other columns: an improved
    position is lost when the unit moves, better positions remain; each gives Down 1 to
    spot units in it (BF-19) and +1 to the manoeuvre roll; a basic IP takes 1 successful
    Improve Position roll, dug-in 2, the rest are set by the scenario."""
    p = TABLE.positions[position]
    if position != "nil":
        moving = {"Lost": "is lost", "Remain": "remains"}.get(p.move, p.move)
        r.step(f"{p.label}: when the unit moves, the position {moving}")
        r.modifier("spotting units in it (Down)", -p.spotting_down, src(IP, "Spotting column"), "rungs")
        r.modifier("manoeuvre roll", p.manoeuvre, src(IP, "Manoeuvre column"))
        r.step(f"to build: {p.construct_with}" + (" (successful Improve Position rolls)" if p.construct_rolls else ""))
    return r.result(_effects_row({"position": position}), p.short)


# --- Improve Position rolls -------------------------------------------------------------------------


def _ip_check(v: Mapping[str, Any]) -> None:
    goal, start = TABLE.positions[v["goal"]], TABLE.positions[v["start"]]
    if (start.construct_rolls or 0) >= (goal.construct_rolls or 0):
        raise UsageError(f"start={v['start']} goal={v['goal']}: the unit already has that position or better")
    if v["bus_level"] and not v["command_post"]:
        raise UsageError(f"bus_level={v['bus_level']}: an Improve Position on Level 1 or higher gives no benefit other "
                         "than designating a Command Post (Multi-Level BUS, BF-24); set command_post=true for that")
    if v["bus_level"] and v["unit"] == "gun":
        raise UsageError(f"bus_level={v['bus_level']} with unit=gun: Level 1 and higher BUS may only be occupied by "
                         "troops unless the scenario permits")
    if v["flat_featureless"] and v["bus_level"]:
        raise UsageError("flat_featureless=true with bus_level: a BUS is not Flat Featureless ground")


def _ip_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    need = _rolls_needed(v)
    done = TABLE.positions[v["goal"]].short
    turns = int(v["turns"])
    rows = tuple(f"{done} on turn {t}" for t in range(need, turns + 1))
    return (*rows, f"not {done} within {plural(turns, 'turn')}")


def _rolls_needed(v: Mapping[str, Any]) -> int:
    goal = TABLE.positions[v["goal"]].construct_rolls or 0
    start = TABLE.positions[v["start"]].construct_rolls or 0
    return goal - start


@procedure(
    INFO,
    "improve-position",
    example={"goal": "dug_in", "dr": 1},
    title="Improve Position: turns to dig in",
    summary="Turns of Improve Position rolls until a basic IP (1 success) or dug-in (2 successes), Flat "
            "Featureless -1.",
    rule=cite(IP, FLAT, MULTI, readings=("BF-1", "BF-24", "BF-25")),
    params=(
        Param("goal", "choice", "the position sought: improved (basic IP) or dug_in", "improved",
              choices=IP_KINDS),
        Param("start", "choice", "the position the unit has now", "nil", choices=("nil", "improved")),
        Param("unit", "choice", "troops or gun", "troops", choices=("troops", "gun")),
        Param("dr", "int", "the unit's discipline rating, added to each roll", 0, minimum=-3, maximum=3),
        Param("flat_featureless", "bool", "the unit is in Flat Featureless Terrain", False),
        STOREY_PARAM,
        Param("command_post", "bool", "on Level 1+: the IP is only to designate a Command Post", False),
        Param("turns", "int", "turns of rolling to look at", 6, minimum=1, maximum=20),
    ),
    results=_ip_rows,
    check=_ip_check,
)
def improve_position(r: Resolution, goal: str, start: str, unit: str, dr: int, flat_featureless: bool,
                     bus_level: int, command_post: bool, turns: int) -> Outcome:
    """Seed 000 "Improved Position Clarifications" (Construct: a basic IP takes 1 successful
    roll, dug-in 2) on the base Improve Position table (a stand-in: d10 + dr, 6 or more,
    BF-1), one roll a turn, dug-in counting every success from nothing (BF-25); Flat
    Featureless Terrain -1 for troops or guns; on Level 1+ of a multi-level BUS only to
    designate a Command Post (BF-24). A Level 0 BUS in hard cover counts as improved hard
    cover (fire-modifiers, cover=bus or hard)."""
    table = IMPROVE_POSITION.read(r)
    need = _rolls_needed({"goal": goal, "start": start})
    done = TABLE.positions[goal].short
    mods = 0
    if dr:
        mods += r.modifier("discipline rating", dr, "base Improve Position table")
    if flat_featureless:
        mods += r.modifier(f"{unit} in Flat Featureless Terrain", FLAT_TABLE.improve_position,
                           src(FLAT, "Manoeuvre"))
    if bus_level:
        r.step(f"Level {bus_level} BUS: the position only designates a Command Post")
    faces = die_range(table.succeeds_on - mods, table.die_sides, table.die_sides)
    r.step(f"one Improve Position roll a turn: 1d{table.die_sides}{plus(mods)}, {table.succeeds_on}+ succeeds "
           f"({faces}); {done} needs {plural(need, 'more success', 'more successes')}")

    def step(rr: Resolution, successes: int) -> int:
        roll = rr.die(table.die_sides, label=f"Improve Position ({successes} of {need} done)")
        return successes + (1 if roll + mods >= table.succeeds_on else 0)

    taken, final = r.until(0, step, lambda s: s >= need, max_steps=turns, label="turn")
    if taken is None:
        return r.result(f"not {done} within {plural(turns, 'turn')}", f"{final} of {need} successes")
    return r.result(f"{done} on turn {taken}", f"{need} successes in {plural(taken, 'turn')}")
