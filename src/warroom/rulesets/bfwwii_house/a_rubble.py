"""Seed 000 "Destroying BUS and Rubble": IDF and DF turning BUS aim points to rubble, collapses, bail-outs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import (
    MULTI,
    RUBBLE,
    STREETS,
    cite,
    die_range,
    load_data,
    plural,
    plus,
    signed,
    src,
)
from warroom.rulesets.bfwwii_house.base_tables import BAIL_OUT, FIRE_COMBAT
from warroom.rulesets.bfwwii_house.info import INFO


class ByMaterial(Table):
    stone: int
    wooden: int


class CollapseAfter(Table):
    normal: ByMaterial
    tower: ByMaterial
    continuous: ByMaterial


class BailOutMods(Table):
    disordered: int
    suppressed: int
    good_order: int


class RubbleTable(Table):
    die_sides: int = Field(ge=2)
    aim_points: int = Field(ge=1)
    rubble_on: int
    per_aim_point_not_under_template: int
    per_bus_level: int
    rubble_strip: str
    collapse_after: CollapseAfter
    df_rubble_from: ByMaterial
    bail_out: BailOutMods


TABLE = load_data("a_rubble", RubbleTable)
KINDS = ("normal", "continuous", "tower")
READINGS = ("BF-2", "BF-3", "BF-35", "BF-36", "BF-99")
TOWER_GROUND = ("a Level 0 tower is a tower whose top has collapsed: its ground level stands and keeps the tower's "
                "count of aim points (BF-36, BF-99)")


def collapse_at(material: str, kind: str) -> int:
    """Aim points turned to rubble before the whole BUS (or a layer of it) collapses (BF-35)."""
    by: ByMaterial = getattr(TABLE.collapse_after, kind)
    at: int = getattr(by, material)
    return at


def layers(kind: str, level: int) -> tuple[int, ...]:
    """The levels of a structure's layers, top first (BF-36): a tower is its top and its ground level."""
    if kind == "tower" and level > 0:
        return (level, 0)
    return tuple(range(level, -1, -1))


MATERIAL = Param("material", "choice", "what the BUS is built of", "stone", choices=("stone", "wooden"))
KIND = Param("bus_kind", "choice", "normal (a Level 0 or block BUS), continuous or tower (multi-level BUS)", "normal",
             choices=KINDS)
LEVEL = Param("bus_level", "int", "the BUS's level (its highest standing level): +1 to the roll a level", 0,
              minimum=0, maximum=4)
UNDER = Param("under_template", "int", "the BUS's aim points under the template", 4, minimum=1, maximum=4)
FACTOR = Param("idf_factor", "int", "the IDF factor against TGsV (the firing battery's; base game)", 0, minimum=-5,
               maximum=10)


def _idf_modifiers(r: Resolution, idf_factor: int, under_template: int, level: int) -> int:
    t = TABLE
    mods = 0
    if idf_factor:
        mods += r.modifier("IDF factor against TGsV", idf_factor, src(RUBBLE, "IDF Firing against BUS"))
    outside = t.aim_points - under_template
    if outside:
        mods += r.modifier(f"{plural(outside, 'aim point')} of the BUS not under the template",
                           outside * t.per_aim_point_not_under_template, src(RUBBLE, "IDF Firing against BUS; BF-2"))
    if level:
        mods += r.modifier(f"Level {level} BUS", level * t.per_bus_level, src(RUBBLE, "IDF Firing against BUS"))
    return mods


IDF_ROWS = ("no effect", "an aim point turns to rubble", "the top level collapses", "the BUS collapses into rubble")


def _idf_check(v: Mapping[str, Any]) -> None:
    at = collapse_at(v["material"], v["bus_kind"])
    if v["rubbled"] >= at:
        raise UsageError(f"rubbled={v['rubbled']}: this level collapsed at {at} aim points of rubble")
    outside = TABLE.aim_points - v["under_template"]
    if v["rubbled_outside"] > v["rubbled"]:
        raise UsageError("rubbled_outside is part of rubbled: it cannot be more")
    if v["rubbled_outside"] > outside:
        raise UsageError(f"rubbled_outside={v['rubbled_outside']}: only {outside} of the BUS's aim points are "
                         "outside the template")
    if v["rubbled"] - v["rubbled_outside"] > v["under_template"]:
        raise UsageError(f"rubbled={v['rubbled']}: more rubbled aim points under the template than are under it; "
                         "give rubbled_outside")


@procedure(
    INFO,
    "idf-vs-bus",
    worse="later",  # seed 000 "Destroying BUS and Rubble": no effect < aim point < top level < BUS
    example={"idf_factor": 2, "under_template": 3, "material": "wooden", "rubbled": 1},
    title="IDF against a BUS: rubble",
    summary="A BUS under an IDF template: one d10, +/- IDF factor, -1 an aim point not under it, +1 a level; 8+ "
            "turns an unaffected aim point under it to rubble.",
    rule=cite(RUBBLE, MULTI, STREETS, readings=READINGS),
    params=(
        FACTOR, UNDER, MATERIAL, KIND, LEVEL,
        Param("rubbled", "int", "aim points of this level already turned to rubble", 0, minimum=0, maximum=3),
        Param("rubbled_outside", "int", "how many of those are not under the template", 0, minimum=0, maximum=3),
    ),
    results=IDF_ROWS,
    check=_idf_check,
)
def idf_vs_bus(r: Resolution, idf_factor: int, under_template: int, material: str, bus_kind: str, bus_level: int,
               rubbled: int, rubbled_outside: int) -> Outcome:
    """Seed 000 "Destroying BUS and Rubble", IDF Firing against BUS: roll a d10 (BF-3), +/-
    the IDF factor against TGsV, -1 for each aim point of the BUS not under the template
    (BF-2), +1 for each level. 8 or more: one of the aim points under the template that is
    still unaffected (at random) turns to rubble, with a 20 mm rubble strip along that
    side (one strip makes a street a defile, two block it); troops conformed to it lose IP
    but are still in a BUS. Stone BUS collapse when 4 aim points are rubble, wooden at 2;
    towers 2 / 1, continuous 3 / 1 (BF-35); multi-level structures one layer at a time from
    the top (BF-36), a tower's ground level left standing keeping the tower's count (BF-99);
    occupants of a collapsed BUS take a bail-out check, guns are destroyed."""
    t = TABLE
    at = collapse_at(material, bus_kind)
    stack = layers(bus_kind, bus_level)
    if bus_kind == "tower" and bus_level == 0:
        r.step(TOWER_GROUND)
    mods = _idf_modifiers(r, idf_factor, under_template, bus_level)
    free = under_template - (rubbled - rubbled_outside)
    r.step(f"{material} {bus_kind} BUS, Level {bus_level}: {rubbled} of {at} aim points rubble"
           + (f" (this layer; {len(stack) - 1} more below)" if len(stack) > 1 else "")
           + f"; {plural(free, 'unaffected aim point')} under the template")
    faces = die_range(t.rubble_on - mods, t.die_sides, t.die_sides)
    r.step(f"1d{t.die_sides}{plus(mods)}: rubble on {t.rubble_on}+ ({faces})")
    roll = r.die(t.die_sides, label="IDF against BUS")
    total = roll + mods
    if total < t.rubble_on:
        return r.result("no effect", f"modified {total}: less than {t.rubble_on}")
    if free == 0:
        r.step("every aim point under the template is already rubble")
        return r.result("no effect", f"modified {total}: no unaffected aim point under the template")
    if free > 1:
        which = r.die(free, label="which unaffected aim point")
        r.step(f"aim point {which} of the {free} unaffected under the template turns to rubble")
    r.step(f"a {t.rubble_strip}; troops conformed to it may not claim IP, but are still in a BUS")
    now = rubbled + 1
    if now < at:
        return r.result("an aim point turns to rubble", f"modified {total}: {t.rubble_on}+; {now} of {at}",
                        after={"rubbled": now})
    if len(stack) > 1:
        below = stack[1]
        r.step(f"Level {bus_level} collapses: the structure now stands at Level {below} (BF-36); occupants of the "
               "collapsed level take a bail-out check, guns in it are destroyed (collapsed-bus)")
        return r.result("the top level collapses", f"modified {total}: {now} of {at} aim points",
                        after={"bus_level": below, "rubbled": 0, "rubbled_outside": 0})
    r.step("the whole BUS collapses and is turned to rubble: occupying troops take a bail-out check, guns are "
           "destroyed (collapsed-bus)")
    return r.result("the BUS collapses into rubble", f"modified {total}: {now} of {at} aim points")


class Bombardment(NamedTuple):
    layer: int  # index into the layers, top first
    rubbled: int  # aim points of this layer rubbled (all under the template)


def _bombard_check(v: Mapping[str, Any]) -> None:
    at = collapse_at(v["material"], v["bus_kind"])
    if v["under_template"] < at:
        raise UsageError(f"under_template={v['under_template']}: only aim points under the template turn to rubble, "
                         f"and a {v['material']} {v['bus_kind']} BUS collapses at {at}: it can never collapse")


def _bombard_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    first = sum(_layer_counts(v))
    turns = int(v["turns"])
    return (*(f"collapses on turn {t}" for t in range(first, turns + 1)),
            f"still standing after {plural(turns, 'turn')}")


def _layer_counts(v: Mapping[str, Any]) -> tuple[int, ...]:
    """Aim points to rubble for each layer, top first: the structure's count for every layer (BF-35, BF-36)."""
    at = collapse_at(v["material"], v["bus_kind"])
    return (at,) * len(layers(v["bus_kind"], v["bus_level"]))


@procedure(
    INFO,
    "bus-bombardment",
    example={"idf_factor": 2, "material": "wooden", "turns": 5},
    title="Turns of IDF to bring a BUS down",
    summary="One IDF template on a BUS every turn: the exact distribution of the turn it collapses into rubble.",
    rule=cite(RUBBLE, MULTI, readings=READINGS),
    params=(FACTOR, UNDER, MATERIAL, KIND, LEVEL,
            Param("turns", "int", "turns of bombardment to look at", 6, minimum=1, maximum=20)),
    results=_bombard_rows,
    check=_bombard_check,
)
def bus_bombardment(r: Resolution, idf_factor: int, under_template: int, material: str, bus_kind: str,
                    bus_level: int, turns: int) -> Outcome:
    """Seed 000 "Destroying BUS and Rubble" turn by turn: one IDF template over the same aim
    points every turn; each turn one d10 (+/- IDF factor, -1 an aim point not under the
    template, +1 a standing level) turns an unaffected aim point under it to rubble on 8+.
    A layer collapses at its count of rubbled aim points (stone 4, wooden 2; towers 2 / 1;
    continuous 3 / 1, BF-35), multi-level structures one layer at a time from the top, each
    fresh layer's aim points unaffected again (BF-36); a Level 0 tower is the ground level a
    collapsed top leaves, with the tower's count (BF-99)."""
    counts = _layer_counts({"bus_kind": bus_kind, "bus_level": bus_level, "material": material})
    levels = layers(bus_kind, bus_level)
    if bus_kind == "tower" and bus_level == 0:
        r.step(TOWER_GROUND)
    r.step(f"{material} {bus_kind} BUS, Level {bus_level}: layers "
           + ", ".join(f"Level {lv} ({plural(c, 'aim point')} to collapse)"
                       for lv, c in zip(levels, counts, strict=True)))
    t = TABLE
    outside = (t.aim_points - under_template) * t.per_aim_point_not_under_template
    mods_by_layer = tuple(idf_factor + outside + lv * t.per_bus_level for lv in levels)
    r.step("rubble on 8+: " + ", ".join(
        f"Level {lv} 1d{t.die_sides}{plus(m)} ({die_range(t.rubble_on - m, t.die_sides, t.die_sides)})"
        for lv, m in zip(levels, mods_by_layer, strict=True)))

    def step(rr: Resolution, state: Bombardment) -> Bombardment:
        mods = mods_by_layer[state.layer]
        roll = rr.die(t.die_sides, label=f"Level {levels[state.layer]} ({signed(mods)})")
        if roll + mods < t.rubble_on:
            return state
        rubbled = state.rubbled + 1
        if rubbled >= counts[state.layer]:
            return Bombardment(state.layer + 1, 0)
        return Bombardment(state.layer, rubbled)

    taken, final = r.until(Bombardment(0, 0), step, lambda s: s.layer >= len(levels), max_steps=turns,
                           label="turn")
    if taken is None:
        left = f"Level {levels[final.layer]} standing, {final.rubbled} aim points rubble"
        return r.result(f"still standing after {plural(turns, 'turn')}", left)
    return r.result(f"collapses on turn {taken}", "every layer down")


# --- DF against a BUS ----------------------------------------------------------------------------------


RUBBLED = "knocked out, the aim point turns to rubble"


def _df_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["target"] == "bus":
        return ("no effect", "the aim point turns to rubble")
    table = FIRE_COMBAT.current()[0]
    return (*table.target(v["target"]).results(), RUBBLED)


@procedure(
    INFO,
    "df-vs-bus",
    worse="later",  # seed 000 "Destroying BUS and Rubble": no effect, suppressed, disordered, knocked out
    example={"tactical_factor": 4, "material": "wooden"},
    title="Direct fire at a BUS: rubble",
    summary="A DF knock-out with a modified roll of 12+ (stone) or 11+ (wooden) turns the aim point fired at to "
            "rubble.",
    rule=cite(RUBBLE, readings=("BF-1", "BF-37")),
    params=(
        Param("tactical_factor", "int", "the firer's tactical factor against the target (its unit card)",
              minimum=-5, maximum=15),
        Param("target", "choice", "what is fired at: the element in the BUS (its class), or the BUS itself",
              "troops", choices=("troops", "gun", "soft_vehicle", "armoured_vehicle", "bus")),
        MATERIAL,
        Param("other_modifiers", "int", "the base fire combat modifiers that apply (cover from fire-modifiers...), "
              "summed", 0, minimum=-10, maximum=10),
    ),
    results=_df_rows,
)
def df_vs_bus(r: Resolution, tactical_factor: int, target: str, material: str, other_modifiers: int) -> Outcome:
    """Seed 000 "Destroying BUS and Rubble", DF Firing against BUS: if a BUS or an element in it
    is targeted by DF and the firer achieves a KO result with a modified roll of 12 or more
    (stone) or 11 or more (wooden), the aim point fired at turns to rubble as for IDF. The
    roll is read on the base fire combat table (a stand-in, BF-1); a BUS fired at for
    itself is rubbled by the same modified roll (BF-37)."""
    table = FIRE_COMBAT.read(r)
    need = getattr(TABLE.df_rubble_from, material)
    mods = tactical_factor
    r.step(f"tactical factor {signed(tactical_factor)}")
    if other_modifiers:
        mods += r.modifier("base fire combat modifiers given", other_modifiers, "given")
    r.step(f"1d{table.die_sides}{plus(mods)}; a {material} aim point turns to rubble on a KO with {need}+ "
           f"({die_range(need - mods, table.die_sides, table.die_sides)})")
    roll = r.die(table.die_sides, label="direct fire")
    total = roll + mods
    if target == "bus":
        if total >= need:
            r.step(f"a {TABLE.rubble_strip}")
            return r.result("the aim point turns to rubble", f"modified {total}: {need} or more (BF-37)")
        return r.result("no effect", f"modified {total}: less than {need}")
    column = table.target(target)
    result = column.read(total)
    if result == "knocked out" and total >= need:
        r.step(f"a {TABLE.rubble_strip}")
        return r.result(RUBBLED, f"modified {total}: a KO with {need} or more")
    return r.result(result, column.band_text(total))


# --- troops and guns in a collapsing BUS -------------------------------------------------------------


def _collapse_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["occupant"] == "gun":
        return ("gun destroyed",)
    return ("knocked out", "bails out disordered", "bails out in good order")


@procedure(
    INFO,
    "collapsed-bus",
    worse="earlier",  # seed 000 "Destroying BUS and Rubble": knocked out, bails out disordered, bails out in good order
    example={"state": "suppressed"},
    title="Troops caught in a collapsing BUS",
    summary="Troops take a bail-out check at +1 disordered, +2 suppressed, +3 good order; guns are destroyed.",
    rule=cite(RUBBLE, readings=("BF-1",)),
    params=(
        Param("occupant", "choice", "troops or a gun in the BUS", "troops", choices=("troops", "gun")),
        Param("state", "choice", "the troops' state when the BUS collapsed", "good_order",
              choices=("good_order", "suppressed", "disordered")),
    ),
    results=_collapse_rows,
)
def collapsed_bus(r: Resolution, occupant: str, state: str) -> Outcome:
    """Seed 000 "Destroying BUS and Rubble", Troops in Collapsed BUS: troops caught in a BUS
    that collapses into rubble take a bail-out check at +1 if disordered, +2 if suppressed,
    +3 if in good order (the base bail-out check is a stand-in, BF-1); guns caught in it are
    destroyed."""
    if occupant == "gun":
        r.step("guns caught in a BUS that collapses are destroyed")
        return r.result("gun destroyed", "guns in a collapsed BUS")
    table = BAIL_OUT.read(r)
    mods = r.modifier(f"{state.replace('_', ' ')} when the BUS collapsed", getattr(TABLE.bail_out, state),
                      src(RUBBLE, "Troops in Collapsed BUS"))
    s = table.die_sides
    ko, dis = table.knocked_out_at_or_below, table.disordered_at_or_below
    r.step(f"bail-out check 1d{s}{plus(mods)}: knocked out on {ko} or less ({die_range(1, ko - mods, s)}), "
           f"disordered to {dis} ({die_range(ko + 1 - mods, dis - mods, s)})")
    roll = r.die(s, label="bail-out check")
    total = roll + mods
    if total <= table.knocked_out_at_or_below:
        return r.result("knocked out", f"modified {total}: {table.knocked_out_at_or_below} or less")
    if total <= table.disordered_at_or_below:
        return r.result("bails out disordered", f"modified {total}: {table.knocked_out_at_or_below + 1}"
                        f"\u2013{table.disordered_at_or_below}")
    return r.result("bails out in good order", f"modified {total}: {table.disordered_at_or_below + 1} or more")
