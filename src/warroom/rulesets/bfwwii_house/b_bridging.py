"""Bridging: building a pontoon bridge span by span, preparing and destroying bridges.

Seed 000 "Bridging". The Improve Position roll, the fire combat table and the close
combat die are base tables ([improve_position], [fire_combat], [close_combat]).
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
from warroom.rulesets.bfwwii_house.b_common import (
    BRIDGING,
    DR,
    ENGINEERING,
    IP_CLARIFICATIONS,
    MISC,
    cite,
    data,
    plural,
    roll_fire,
    signed,
    src,
    turn_rows,
)
from warroom.rulesets.bfwwii_house.b_engineering import MANOEUVRE_ROLL, action_chance, within_param
from warroom.rulesets.bfwwii_house.base_tables import CLOSE_COMBAT, IMPROVE_POSITION
from warroom.rulesets.bfwwii_house.info import INFO


class Building(Table):
    swollen_river: int
    several_units: int
    within_inches: int = Field(ge=0)


class BridgeCloseCombat(Table):
    bridge_modifier: int


class BridgeFire(Table):
    pontoon_dug_in_idf: int


class DemolitionBridge(Table):
    label: str
    demolitions_low: int = Field(ge=1)
    demolitions_high: int = Field(ge=1)
    history: str


class BridgingTables(Table):
    building: Building
    close_combat: BridgeCloseCombat
    fire: BridgeFire
    demolition_bridges: dict[str, DemolitionBridge]


TABLES = data("b_bridging", BridgingTables)
BUILD = TABLES.building


def _dice(r: Resolution, units: int, sides: int, need: int, label: str) -> int:
    """How many of ``units`` stands pass a per-stand check of ``need``+ on a d``sides``."""
    if need <= 1:
        return units
    if need > sides:
        return 0
    return r.successes(units, sides, need, label=label, counting="success")


# --- building ---------------------------------------------------------------------------------------


def _build_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    return turn_rows(v["spans"] - v["spans_done"], v["within"], "bridge built", "not built")


def _check_build(v: Mapping[str, Any]) -> None:
    if not v["t_class"]:
        raise UsageError("t_class=false: only T class units can build a treadway/pontoon bridge (000 Bridging)")
    if v["spans_done"] >= v["spans"]:
        raise UsageError(f"spans_done={v['spans_done']}: the bridge needs {v['spans']} span(s); it is already built")


@procedure(
    INFO,
    "bridge-build",
    example={"spans": 2, "units": 2, "dr": 1},
    title="Building a pontoon or treadway bridge",
    summary="Span by span: each turn an engineering action and an Improve Position roll; turns to finish.",
    rule=cite(BRIDGING, ENGINEERING, readings=("BF-52", "BF-66", "BF-69", "BF-92")),
    params=(
        Param("spans", "int", "spans the scenario says the obstacle needs", 1, minimum=1, maximum=40),
        Param("spans_done", "int", "spans already placed (fewer than spans)", 0, minimum=0, maximum=39),
        Param("units", "int", "T class units working on the span (one designated primary builder)", 1,
              minimum=1, maximum=6),
        Param("dr", "int", "discipline rating of the primary bridge builder", 0, minimum=-3, maximum=3),
        Param("swollen", "bool", "bridging a swollen river (scenario condition)", False),
        Param("t_class", "bool", "the builders are T class units", True),
        Param("distance", "int", "inches from the builders to the dismounted bridging equipment", 2,
              minimum=0, maximum=BUILD.within_inches,
              why=f"the builders must be conformed to the gap within {BUILD.within_inches}\" of the dismounted "
                  "bridging equipment"),
        MANOEUVRE_ROLL, within_param(),
    ),
    results=_build_rows,
    check=_check_build,
)
def bridge_build(r: Resolution, spans: int, spans_done: int, units: int, dr: int, swollen: bool, t_class: bool,
                 distance: int, manoeuvre_roll: bool, within: int) -> Outcome:
    """Seed 000 "Bridging", Building Pontoon Bridges: each span needs the units conformed within 2"
    of the dismounted equipment to spend an engineering action and roll on the Improve Position
    table, +/-dr of the primary builder, -1 swollen river, +1 if more than one unit works the span
    (at most +1); a success completes one span; the bridge is built when all spans are placed.
    One roll a turn (BF-69); only T class units build; as many spans as the scenario says, a
    major river's bridge started nearly complete (BF-92). IP table: [improve_position] (BF-66).
    With manoeuvre_roll, an available-action check per unit per turn (BF-52)."""
    left = spans - spans_done
    r.step(f"{plural(left, 'span')} to place, {plural(units, 'unit')} working"
           + (f" ({spans_done} already placed)" if spans_done else ""))
    ip = IMPROVE_POSITION.read(r)
    base = 0
    if dr:
        base += r.modifier("discipline rating of the primary bridge builder", dr, src(BRIDGING, "Building"))
    if swollen:
        base += r.modifier("bridging a swollen river", BUILD.swollen_river, src(BRIDGING, "Building"))
    if units > 1 and not manoeuvre_roll:
        base += r.modifier("more than one unit on the span (at most +1)", BUILD.several_units,
                           src(BRIDGING, "Building"))
    sides, need = action_chance(r, manoeuvre_roll, dr) if manoeuvre_roll else (1, 1)
    if manoeuvre_roll:
        r.step(f"+{BUILD.several_units} on a turn when more than one unit has its action (at most +1)")
    r.step(f"each turn one Improve Position roll: d{ip.die_sides} {signed(base)} against {ip.succeeds_on}+ "
           "completes a span (BF-69)")

    key = (ip.die_sides, ip.succeeds_on, base, sides, need)  # in the state: see run_actions

    def step(rr: Resolution, state: tuple[int, Any]) -> tuple[int, Any]:
        built = state[0]
        acting = _dice(rr, units, sides, need, "units with an action") if manoeuvre_roll else units
        if acting == 0:
            return state
        bonus = BUILD.several_units if manoeuvre_roll and acting > 1 else 0
        roll = rr.die(ip.die_sides, label="span (IP roll)")
        total = roll + base + bonus
        placed = total >= ip.succeeds_on
        if rr.narrate:
            rr.step(f"span: {roll} {signed(base + bonus)} = modified {total}: "
                    + (f"{ip.succeeds_on}+, a span is placed" if placed else f"less than {ip.succeeds_on}, no span"))
        return (built + 1, key) if placed else state

    turns, _ = r.until((0, key), step, lambda s: s[0] >= left, max_steps=within, label="turn")
    if turns is None:
        return r.result(f"not built within {plural(within, 'turn')}", "spans still missing")
    return r.result(f"bridge built in {plural(turns, 'turn')}",
                    "all spans placed: crossing it takes a breach action; it is a defile for opportunity fire")


# --- preparing a bridge for demolition -----------------------------------------------------------------

BRIDGES = (*TABLES.demolition_bridges, "custom")


def _demolitions(v: Mapping[str, Any]) -> int:
    if v["demolitions"]:
        return int(v["demolitions"])
    return TABLES.demolition_bridges[v["bridge"]].demolitions_high


def _prep_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    left = _demolitions(v) - v["demolitions_done"]
    first = -(-left // v["units"])
    return turn_rows(first, v["within"], "prepared", "not prepared")


def _check_prep(v: Mapping[str, Any]) -> None:
    if v["bridge"] == "custom":
        if not v["demolitions"]:
            raise UsageError("bridge=custom: give the scenario's number of demolitions, demolitions=N")
    elif v["demolitions"]:
        b = TABLES.demolition_bridges[v["bridge"]]
        if not b.demolitions_low <= v["demolitions"] <= b.demolitions_high:
            span = (f"{b.demolitions_low}" if b.demolitions_low == b.demolitions_high
                    else f"{b.demolitions_low} or {b.demolitions_high}")
            raise UsageError(f"demolitions={v['demolitions']}: the seed equates {b.label} to {span} demolitions; "
                             "for another count use bridge=custom")
    if v["demolitions_done"] >= _demolitions(v):
        raise UsageError(f"demolitions_done={v['demolitions_done']}: the bridge needs {_demolitions(v)}; it is "
                         "already prepared (blow it: demolition-action target=bridge)")


@procedure(
    INFO,
    "bridge-demolition-prep",
    example={"bridge": "neufmolin", "units": 1},
    title="Preparing a bridge for demolition",
    summary="The scenario's number of demolitions, each an Improve Position success; turns until all are ready.",
    rule=cite(BRIDGING, ENGINEERING, readings=("BF-52", "BF-66", "BF-70")),
    params=(
        Param("bridge", "choice", "one of the seed's Battle of the Bulge bridges, or custom", "custom",
              choices=BRIDGES),
        Param("demolitions", "int", "demolitions the scenario requires (0: the seed's figure for the bridge)", 0,
              minimum=0, maximum=20),
        Param("demolitions_done", "int", "demolitions already prepared (fewer than the bridge needs)", 0, minimum=0,
              maximum=19, why="a bridge needs at most 20 demolitions (demolitions=...)"),
        Param("units", "int", "units preparing demolitions, each rolling once a turn", 1, minimum=1, maximum=6),
        DR, MANOEUVRE_ROLL, within_param(),
    ),
    results=_prep_rows,
    check=_check_prep,
)
def bridge_demolition_prep(r: Resolution, bridge: str, demolitions: int, demolitions_done: int, units: int,
                           dr: int, manoeuvre_roll: bool, within: int) -> Outcome:
    """Seed 000 "Bridging", Destroying Bridges by demolition: the scenario sets the number of
    demolitions; each needs a successful Improve Position roll; once all are prepared a successful
    demolition action destroys the bridge. The seed's guide: Stavelot 4 or 5, Trois-Ponts about 8,
    Neufmolin 1 or 2 (data/b_bridging.toml; the higher figure unless one is given, BF-70). Each
    preparing unit rolls once a turn (BF-70). IP table: [improve_position] (BF-66). With
    manoeuvre_roll, an available-action check per unit per turn (BF-52)."""
    needed = _demolitions({"bridge": bridge, "demolitions": demolitions})
    if bridge != "custom":
        b = TABLES.demolition_bridges[bridge]
        r.step(f"{b.label}: {b.history}")
    left = needed - demolitions_done
    r.step(f"{plural(left, 'demolition')} to prepare, {plural(units, 'unit')} each rolling the Improve Position "
           "table once a turn")
    ip = IMPROVE_POSITION.read(r)
    if dr:
        r.modifier("discipline rating", dr, "the preparing units")
    need_ip = ip.succeeds_on - dr
    sides, need = action_chance(r, manoeuvre_roll, dr)

    key = (ip.die_sides, need_ip, sides, need)  # in the state: see run_actions

    def step(rr: Resolution, state: tuple[int, Any]) -> tuple[int, Any]:
        acting = _dice(rr, units, sides, need, "units with an action") if manoeuvre_roll else units
        return state[0] + _dice(rr, acting, ip.die_sides, need_ip, "demolitions prepared (IP rolls)"), key

    turns, _ = r.until((0, key), step, lambda s: s[0] >= left, max_steps=within, label="turn")
    if turns is None:
        return r.result(f"not prepared within {plural(within, 'turn')}", "demolitions still to prepare")
    return r.result(f"prepared in {plural(turns, 'turn')}",
                    "all demolitions prepared: a successful demolition action destroys the bridge")


# --- close combat against a bridge ---------------------------------------------------------------------------


def _check_cc(v: Mapping[str, Any]) -> None:
    if v["target"] == "permanent":
        raise UsageError("target=permanent: permanent bridges may not be destroyed with close combat; use "
                         "artillery (fire-on-bridge) or demolition")


@procedure(
    INFO,
    "bridge-close-combat",
    example={"attacker_modifier": 1},
    title="Close combat against a pontoon bridge",
    summary="The bridge guards roll at 0; an attacker's modified roll equal or higher destroys the bridge.",
    rule=cite(BRIDGING, MISC, readings=("BF-73", "BF-81", "BF-84", "BF-103")),
    params=(
        Param("target", "choice", "an emplaced pontoon bridge, dismounted bridging equipment, or a permanent bridge",
              "pontoon", choices=("pontoon", "equipment", "permanent")),
        Param("attacker_modifier", "int", "the attacker's close combat strength and modifiers, all told", 0,
              minimum=-10, maximum=10),
        Param("attacker_rating", "int", "the attacker's unmodified close combat rating against the bridge", 1,
              minimum=1, maximum=10,
              why="a unit rated 0 against its target may initiate close combat only against a suppressed, "
                  "disordered or concealed target, and a bridge is never any of these (000 Restrictions on Close "
                  "Combat; BF-81, BF-103)"),
    ),
    results=("bridge destroyed", "bridge stands"),
    check=_check_cc,
)
def bridge_close_combat(r: Resolution, target: str, attacker_modifier: int, attacker_rating: int) -> Outcome:
    """Seed 000 "Bridging", Destroying Pontoon Bridges by Close Combat: emplaced pontoon bridges and
    dismounted bridging equipment defend at modifier 0 and may not initiate; an attacker's modified
    roll equal or higher than the bridge's destroys it; permanent bridges are immune. Each side
    rolls the base game's close combat die ([close_combat], BF-84; BF-73). "Restrictions on Close
    Combat" (BF-81): a unit rated 0 against the bridge may never initiate, since a bridge is never
    suppressed, disordered or concealed (BF-103)."""
    t = CLOSE_COMBAT.read(r)
    bridge = TABLES.close_combat.bridge_modifier
    r.step(f"the attacker, rated {attacker_rating} against the bridge, may initiate (BF-81, BF-103)")
    r.step(f"the bridge guards roll d{t.die_sides} {signed(bridge)}; the attacker d{t.die_sides} "
           f"{signed(attacker_modifier)}")
    if attacker_modifier:
        r.modifier("attacker's close combat modifiers", attacker_modifier, "the base game")
    d = r.difference(t.die_sides, t.die_sides, label="close combat (attacker, bridge)")
    margin = d + attacker_modifier - bridge
    if margin >= 0:
        return r.result("bridge destroyed", f"attacker {signed(margin)} over the bridge: equal or higher")
    return r.result("bridge stands", f"attacker {signed(margin)}: lower than the bridge")


# --- fire on bridges ----------------------------------------------------------------------------------------

FIRE_TARGETS = {
    "equipment": ("bridging equipment, not yet in place: a Medium G class target", "gun", "the span is destroyed"),
    "pontoon_span": ("a constructed pontoon span: a dug-in Med gun target", "gun", "one span is destroyed"),
    "permanent": ("a permanent bridge, attacked as an armoured vehicle", "armoured_vehicle",
                  "the bridge is destroyed"),
}


def _fire_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    return ("no effect", FIRE_TARGETS[v["target"]][2])


def _check_fire(v: Mapping[str, Any]) -> None:
    if v["target"] == "permanent" and v["armour"] < 1:
        raise UsageError("target=permanent: give the scenario's armour strength for the bridge, armour=N")
    if v["target"] != "permanent" and v["armour"]:
        raise UsageError("armour=... is for target=permanent (the scenario's armour for a permanent bridge)")


@procedure(
    INFO,
    "fire-on-bridge",
    example={"target": "pontoon_span", "attack": 4},
    title="Fire on bridging equipment or a bridge",
    summary="Equipment as a Medium G target, a pontoon span as a dug-in Med gun, a permanent bridge by armour: "
            "only KO counts.",
    rule=cite(BRIDGING, IP_CLARIFICATIONS, readings=("BF-63", "BF-71", "BF-72")),
    params=(
        Param("target", "choice", "what is fired at", choices=tuple(FIRE_TARGETS)),
        Param("attack", "int", "the firer's attack strength against that class (G for equipment and spans, "
              "V for a permanent bridge)", minimum=-5, maximum=15),
        Param("armour", "int", "the scenario's armour strength of a permanent bridge", 0, minimum=0, maximum=20),
        Param("other_modifiers", "int", "any other base-game modifiers to the attack", 0, minimum=-10, maximum=10),
    ),
    results=_fire_rows,
    check=_check_fire,
)
def fire_on_bridge(r: Resolution, target: str, attack: int, armour: int, other_modifiers: int) -> Outcome:
    """Seed 000 "Bridging": before it is in place, bridging equipment is spotted and attacked as a
    Medium G class target (mounted equipment cannot bail out and is lost with its transport); a
    constructed pontoon span is fired at as a dug-in Med gun (-1 under IDF: "Improved Position
    Clarifications", BF-72); permanent bridges are attacked as armoured vehicles with the
    scenario's armour (BF-71). Suppression and Disorder have no effect; only a knocked-out result
    counts. The fire combat table: [fire_combat] (BF-63)."""
    label, column, destroyed = FIRE_TARGETS[target]
    r.step(label)
    mods = r.modifier("attack strength", attack, "the firer")
    if target == "pontoon_span":
        mods += r.modifier("dug-in Med gun under IDF", TABLES.fire.pontoon_dug_in_idf,
                           src(IP_CLARIFICATIONS, "Dug-In, IDF Non-BUS"))
    if target == "permanent":
        mods += r.modifier("bridge armour", -armour, src(BRIDGING, "scenario armour (BF-71)"))
    if target == "equipment":
        r.step("mounted bridging equipment may not bail out and is destroyed with its transport")
    if other_modifiers:
        mods += r.modifier("other modifiers", other_modifiers, "the base game")
    result, row = roll_fire(r, mods, column, label="fire on the bridge")
    if result == "knocked out":
        return r.result(destroyed, row)
    if result != "no effect":
        r.step(f"{result}: suppression and disorder have no effect on a bridge")
    return r.result("no effect", row)
