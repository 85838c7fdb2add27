"""Minefields: passage with the house rules' modifiers, and spotting a field.

Seed 000 "Minefield Rules" (new passage modifiers, types, densities, burial), "Laying
Mines" (spotting mines, dummy fields) and "Clearing Mines" (marking and following a
lane). The chart the modifiers apply to is BFWWII's original mine passage chart, a
replaceable base table ([mine_passage], reading BF-54).
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
from warroom.rulesets.bfwwii_house.b_common import CLEARING, DR, LAYING, MINEFIELDS, cite, data, shown_total, src
from warroom.rulesets.bfwwii_house.base_tables import MINE_PASSAGE
from warroom.rulesets.bfwwii_house.info import INFO


class PassageModifiers(Table):
    dense: int
    scattered: int
    surface_laid: int
    following_lane: int
    tracked_in_ap_field: int
    combat_engineer: int
    rapid_advance: int


class Laying(Table):
    field_actions: int = Field(ge=1)
    dummy_actions: int = Field(ge=1)
    most_stands: int = Field(ge=1)
    loads_per_platoon: int = Field(ge=0)


class Artillery(Table):
    dug_in_idf: int


class MineTables(Table):
    passage_modifiers: PassageModifiers
    laying: Laying
    artillery: Artillery


TABLES = data("b_mines", MineTables)
MODS = TABLES.passage_modifiers
DENSITIES = ("scattered", "normal", "dense")
NEW_MODIFIERS = "New Mine Passage Modifiers"

FIELD = Param("field", "choice", "the minefield's type (Mixed unless the scenario says otherwise)", "mixed",
              choices=("at", "ap", "mixed", "dummy"))
DENSITY = Param("density", "choice", "density of a pure AT or AP field", "normal", choices=DENSITIES)
AT_DENSITY = Param("at_density", "choice", "density of a mixed field's AT mines (Normal at most)", "normal",
                   choices=DENSITIES)
AP_DENSITY = Param("ap_density", "choice", "density of a mixed field's AP mines (Normal at most)", "normal",
                   choices=DENSITIES)
LAID = Param("laid", "choice", "buried (laid before the game only) or surface-laid", "buried",
             choices=("buried", "surface"))
FIELD_PARAMS = (FIELD, DENSITY, AT_DENSITY, AP_DENSITY, LAID)
MOVERS = ("troops", "tracked", "halftracked", "wheeled")


def check_field(v: Mapping[str, Any]) -> None:
    """Seed 000 "Minefield Rules", Minefield Types and Restrictions."""
    if v["field"] == "mixed":
        if v["density"] != "normal":
            raise UsageError(f"density={v['density']}: a mixed field gives its AT and AP densities separately; "
                             "use at_density=... ap_density=...")
        for key in ("at_density", "ap_density"):
            if v[key] == "dense":
                raise UsageError(f"{key}=dense: in a mixed field neither the AT nor the AP mines may be denser "
                                 "than Normal (000 Minefield Rules)")
    elif v["at_density"] != "normal" or v["ap_density"] != "normal":
        raise UsageError("at_density / ap_density are for a mixed field; a pure AT or AP field gives density=...")


def density_for(field: str, mover: str, density: str, at_density: str, ap_density: str) -> str:
    """The density a mover faces: a mixed field's AT mines for vehicles, AP mines for troops (BF-55)."""
    if field == "mixed":
        return ap_density if mover == "troops" else at_density
    if field == "dummy":
        return "normal"
    return density


def field_modifiers(r: Resolution, field: str, mover: str, density: str, at_density: str, ap_density: str,
                    laid: str) -> int:
    """The field's own passage modifiers (density, surface-laid, tracked in AP), recorded."""
    where = src(MINEFIELDS, NEW_MODIFIERS)
    total = 0
    if field == "dummy":
        r.step("a dummy field is treated as surface-laid, normal density until first passed (000 Laying Mines)")
        laid = "surface"
    faced = density_for(field, mover, density, at_density, ap_density)
    if field == "mixed":
        r.step(f"mixed field: {'troops face its AP' if mover == 'troops' else 'a vehicle faces its AT'} "
               f"mines, {faced} density (BF-55)")
    if faced == "dense":
        total += r.modifier("dense field", MODS.dense, where)
    elif faced == "scattered":
        total += r.modifier("scattered minefield", MODS.scattered, where)
    if laid == "surface":
        total += r.modifier("surface-laid mines", MODS.surface_laid, where)
    if field == "ap" and mover == "tracked":
        total += r.modifier("tracked vehicle in an AP minefield", MODS.tracked_in_ap_field, where)
    return total


def read_chart(r: Resolution, modifier: int) -> tuple[str, int]:
    """Roll the mine passage chart: (effect, modified roll)."""
    chart = MINE_PASSAGE.read(r)
    roll = r.die(chart.die_sides, label="mine passage")
    total = roll + modifier
    effect = chart.effect(total)
    r.step(f"mine passage: d{chart.die_sides} {shown_total(roll, total)} \u2192 {effect} "
           f"(chart {chart.band(effect)})")
    return effect, total


TROOPS_IN_AT = "no roll: only vehicles roll for an AT field"
DUMMY_REVEALED = "dummy revealed and removed"
EFFECTS = ("halted", "disordered", "knocked out")


def _passage_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["field"] == "at" and v["mover"] == "troops":
        return (TROOPS_IN_AT,)
    through = "traverses and marks a lane" if v["marking_lane"] else "traverses"
    if v["field"] == "dummy":
        return (through,) if v["secret_rolls"] else (through, DUMMY_REVEALED)
    return (through, *EFFECTS)


def _check_passage(v: Mapping[str, Any]) -> None:
    check_field(v)
    if v["engineer"] and v["mover"] != "troops":
        raise UsageError("engineer=true: the +2 is for a combat engineer stand (troops); set mover=troops")
    if v["rapid_advance"] and (v["marking_lane"] or v["following_lane"]):
        raise UsageError("rapid_advance=true: marking or following a lane takes a breach action, not a rapid "
                         "advance (000 Clearing Mines)")
    if v["marking_lane"] and v["following_lane"]:
        raise UsageError("marking_lane and following_lane: a unit following a marked lane is not marking one")
    if v["secret_rolls"] and v["field"] != "dummy":
        raise UsageError("secret_rolls=true is the umpire's option for dummy fields: a real field is rolled as usual")


@procedure(
    INFO,
    "minefield-traverse",
    worse="later",  # seed 000 "Minefield Rules": the passage chart, traverses, halted, disordered, knocked out
    example={"field": "mixed", "mover": "tracked", "laid": "surface", "dr": 1},
    title="Passing through a minefield",
    summary="BFWWII's mine passage chart with the house rules' modifiers (density, surface, lanes, engineers, dr).",
    rule=cite(MINEFIELDS, LAYING, CLEARING, readings=("BF-54", "BF-55", "BF-56", "BF-57", "BF-60")),
    params=(
        *FIELD_PARAMS,
        Param("mover", "choice", "what passes through", "troops", choices=MOVERS),
        DR,
        Param("engineer", "bool", "the stand is a combat engineer stand", False),
        Param("following_lane", "bool", "following a traversed path or marked lane (with a breach action)", False),
        Param("marking_lane", "bool", "trying to mark a lane (a breach action): a traverse marks it", False),
        Param("rapid_advance", "bool", "moving by rapid advance", False),
        Param("secret_rolls", "bool", "the umpire rolls passage in secret (dummy fields always traverse)", False),
    ),
    results=_passage_rows,
    check=_check_passage,
)
def mine_passage(r: Resolution, field: str, density: str, at_density: str, ap_density: str, laid: str, mover: str,
                 dr: int, engineer: bool, following_lane: bool, marking_lane: bool, rapid_advance: bool,
                 secret_rolls: bool) -> Outcome:
    """Seed 000 "Minefield Rules": the original chart's die and effects with the new modifiers
    (dense -1, scattered +1, surface-laid +1, following a lane +2, tracked vehicle in an AP field
    +1, +/-dr, combat engineer stand +2, rapid advance -1); all units roll for AP and mixed fields,
    only vehicles for AT fields (BF-56); a mixed field's density by the mover (BF-55). "Laying
    Mines", dummy fields: any result but traverse reveals and removes it; with secret rolls it is
    always traversed (BF-57). "Clearing Mines": a breach action and a traverse marks a lane;
    engineers +2 (BF-60). The chart: base table [mine_passage] (BF-54)."""
    if field == "at" and mover == "troops":
        r.step("troops in a pure AT field: only vehicles roll for AT fields (BF-56)")
        return r.result(TROOPS_IN_AT, "AT field, troops")
    if field == "dummy" and secret_rolls:
        r.step("the umpire rolls in secret: every attempt on a dummy field succeeds and the player is not told "
               "whether it was a dummy or luck (000 Laying Mines, Dummy minefields)")
        return r.result(_passage_rows({"field": field, "mover": mover, "marking_lane": marking_lane,
                                       "secret_rolls": True})[0], "dummy field, secret rolls")
    if marking_lane:
        r.step("a breach action to mark a lane: a traverse marks it for others to follow at +2 (000 Clearing Mines)")
    mods = field_modifiers(r, field, mover, density, at_density, ap_density, laid)
    where = src(MINEFIELDS, NEW_MODIFIERS)
    if following_lane:
        mods += r.modifier("following a traversed path or marked lane", MODS.following_lane, where)
    if dr:
        mods += r.modifier("discipline rating", dr, where)
    if engineer:
        mods += r.modifier("combat engineer stand", MODS.combat_engineer, where)
    if rapid_advance:
        mods += r.modifier("using rapid advance", MODS.rapid_advance, where)
    effect, total = read_chart(r, mods)
    if effect == "traverses":
        row = "traverses and marks a lane" if marking_lane else "traverses"
        return r.result(row, f"modified {total}: traverse")
    if field == "dummy":
        r.step("not a traverse: the field is revealed as a dummy and removed; the unit suffers nothing (BF-57)")
        return r.result(DUMMY_REVEALED, f"modified {total}: {effect}, on a dummy field")
    return r.result(effect, f"modified {total}: {effect}")


SPOT_ROWS = (
    "cannot be spotted: a buried field is found only when something blows up",
    "spotted as dug-in troops on the edge of dense cover",
    "spotted as dug-in troops deep in dense cover",
)


@procedure(
    INFO,
    "spot-minefield",
    example={"laid": "surface", "ground": "open"},
    title="Spotting a minefield",
    summary="How a minefield is spotted: buried never; surface-laid as dug-in troops, edge or deep in dense cover.",
    rule=cite(LAYING, MINEFIELDS),
    params=(LAID, Param("ground", "choice", "where the field lies", "open", choices=("open", "other"))),
    results=SPOT_ROWS,
)
def minefield_spotting(r: Resolution, laid: str, ground: str) -> Outcome:
    """Seed 000 "Laying Mines", Spotting mines: buried fields cannot be spotted; a surface field in the
    open is spotted as dug-in troops on the edge of dense cover, elsewhere as dug-in troops deep in
    dense cover (on the base game's spotting chart); once spotted the opponent is told its
    dimensions, nothing else changes. No dice."""
    if laid == "buried":
        return r.result(SPOT_ROWS[0], "buried field")
    r.step("if spotted, the opposing player is told the field's dimensions; its effect does not change")
    if ground == "open":
        return r.result(SPOT_ROWS[1], "surface field in the open")
    return r.result(SPOT_ROWS[2], "surface field not in the open")
