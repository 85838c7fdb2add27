"""Seed 000 "Fire": fires starting, burning, spreading downwind and burning out.

One table serves every check (BF-28): a d10 plus terrain, weather, the attack's factor,
fire fighting and -1 for every 4 turns burning; 10+ starts or spreads, 8-9 burns on (in a
BUS an aim point turns to rubble), 5-7 burns on, 4 or less goes out. ``fire-start`` and
``fire-check`` are single rolls; ``fire-turn`` burns one turn of a row of BUS and leaves
the row for the next turn; ``fire-spread`` runs a row of BUS for N turns and gives the
exact distribution of buildings burning.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import (
    FIRE,
    KO,
    RUBBLE,
    cite,
    die_range,
    load_data,
    plural,
    plus,
    signed,
    src,
)
from warroom.rulesets.bfwwii_house.a_rubble import collapse_at
from warroom.rulesets.bfwwii_house.info import INFO


class Terrain(Table):
    label: str
    modifier: int
    bus: bool


class Labelled(Table):
    label: str
    modifier: int


class Check(Table):
    label: str
    count: int = Field(ge=1)


class FireTable(Table):
    die_sides: int = Field(ge=2)
    spreads_from: int
    rubble_from: int
    continues_from: int
    turns_per_step: int = Field(ge=1)
    per_step: int
    fighting_fire: int
    flamethrower_factor: int
    terrain: dict[str, Terrain]
    weather: dict[str, Labelled]
    checks: dict[str, Check]
    firers: dict[str, bool]


TABLE = load_data("a_fire", FireTable)
READINGS = ("BF-2", "BF-3", "BF-28", "BF-29")

TERRAIN = Param("terrain", "choice", "what is burning (or would catch fire)", "wooden_building",
                choices=tuple(TABLE.terrain))
WEATHER = Param("weather", "choice", "the weather: normal, hot_dry, damp_wet, raining", "normal",
                choices=tuple(TABLE.weather))
MATERIAL = Param("material", "choice", "what the BUS are built of", "wooden", choices=("wooden", "stone"))


def age_modifier(turns_burning: int) -> int:
    """-1 for every 4 whole turns the fire has been burning (BF-29)."""
    return (turns_burning // TABLE.turns_per_step) * TABLE.per_step


def band(total: int) -> str:
    t = TABLE
    if total >= t.spreads_from:
        return "spreads"
    if total >= t.rubble_from:
        return "rubble"
    if total >= t.continues_from:
        return "continues"
    return "out"


def _band_faces(mods: int) -> str:
    t = TABLE
    s = t.die_sides
    return (f"{t.spreads_from}+ ({die_range(t.spreads_from - mods, s, s)}) starts or spreads, "
            f"{t.rubble_from}\u2013{t.spreads_from - 1} "
            f"({die_range(t.rubble_from - mods, t.spreads_from - 1 - mods, s)}) "
            f"burns on, {t.continues_from}\u2013{t.rubble_from - 1} "
            f"({die_range(t.continues_from - mods, t.rubble_from - 1 - mods, s)}) burns on, "
            f"{t.continues_from - 1} or less ({die_range(1, t.continues_from - 1 - mods, s)}) goes out")


def terrain_weather(r: Resolution, terrain: str, weather: str) -> int:
    t = TABLE
    total = 0
    ter = t.terrain[terrain]
    if ter.modifier:
        total += r.modifier(ter.label, ter.modifier, src(FIRE, "BF-2"))
    else:
        r.step(f"{ter.label}: +0")
    w = t.weather[weather]
    if w.modifier:
        total += r.modifier(w.label, w.modifier, src(FIRE, "environmental factors"))
    return total


# --- a fire starting ------------------------------------------------------------------------------


def _start_check(v: Mapping[str, Any]) -> None:
    source = v["source"]
    if source in ("direct_fire", "close_combat"):
        if v["firer"] == "none":
            raise UsageError(f"source={source} needs firer=...: the HE-capable element (infantry_gun, atg, tank, "
                             "mortar, howitzer)")
        if not TABLE.firers[v["firer"]]:
            raise UsageError(f"firer={v['firer']}: only HE-capable elements (75 mm infantry guns, ATGs, tanks, "
                             "mortars, howitzers; not panzerfausts or PIATs) can start a fire (BF-27)")
    elif v["firer"] != "none":
        raise UsageError(f"firer={v['firer']} is for source=direct_fire or close_combat; leave it out for {source}")
    if source == "flamethrower" and v["attack_factor"]:
        raise UsageError("attack_factor with source=flamethrower: a flamethrower adds +4, nothing else (BF-33)")


@procedure(
    INFO,
    "fire-start",
    example={"source": "large_he_template", "attack_factor": 1, "terrain": "wooden_building"},
    title="Does a fire start?",
    summary="HE (one check a small template, two a large, one a DF or CC instance) or a flamethrower: a fire "
            "starts on a modified 10+ on a d10.",
    rule=cite(FIRE, readings=(*READINGS, "BF-27", "BF-33")),
    params=(
        Param("source", "choice", "what may start the fire", "small_he_template", choices=tuple(TABLE.checks)),
        TERRAIN, WEATHER,
        Param("attack_factor", "int", "the indirect fire factor (with +1/+2 for concentration, thickened...) or the "
              "tactical factor at 2\" of the HE-capable element", 0, minimum=-5, maximum=10),
        Param("firer", "choice", "for direct fire or close combat: the element using its TSVG characteristics",
              "none", choices=("none", *TABLE.firers)),
    ),
    results=("fire starts", "no fire"),
    check=_start_check,
)
def fire_start(r: Resolution, source: str, terrain: str, weather: str, attack_factor: int, firer: str) -> Outcome:
    """Seed 000 "Fire": BUAs, woods and crops can catch fire from HE (direct or indirect) or
    flamethrowers. Check once for a small HE template, twice for a large one, once for each
    direct fire or close combat by an HE-capable element (BF-27) or flamethrower: a d10 with
    the terrain and weather modifiers and the indirect fire or tactical factor at 2" (+4 for
    a flamethrower, BF-33); 10 or more starts a fire (BF-28). A fire in a BUS covers the
    BUS; in the open it is the size of a small IDF template."""
    t = TABLE
    check = t.checks[source]
    mods = terrain_weather(r, terrain, weather)
    if source == "flamethrower":
        mods += r.modifier("flamethrower", t.flamethrower_factor, src(FIRE))
    elif attack_factor:
        what = "tactical factor at 2\"" if source in ("direct_fire", "close_combat") else "indirect fire factor"
        mods += r.modifier(what, attack_factor, src(FIRE, "BF-33"))
    need = t.spreads_from - mods
    r.step(f"{check.label}: {plural(check.count, 'check')}, 1d{t.die_sides}{plus(mods)}, a fire starts on "
           f"{t.spreads_from}+ ({die_range(need, t.die_sides, t.die_sides)})")
    where = "the whole BUS" if t.terrain[terrain].bus else "a small IDF template"
    for n in range(1, check.count + 1):
        roll = r.die(t.die_sides, label=f"fire check {n}")
        if roll + mods >= t.spreads_from:
            r.step(f"the fire covers {where}; troops or guns under it are disordered after their next manoeuvre "
                   "phase if they stay while it burns")
            return r.result("fire starts", f"check {n}: modified {roll + mods}, {t.spreads_from} or more")
    return r.result("no fire", f"modified less than {t.spreads_from} on every check")


# --- one check of a burning fire ---------------------------------------------------------------------


BUS_ROWS = ("spreads", "burns on, an aim point turns to rubble", "burns on, the BUS collapses into rubble", "burns on",
            "burns out")
AREA_ROWS = ("spreads", "burns on", "burns out")
VEHICLE_ROWS = ("spreads", "burns on")


def _check_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["vehicle_fire"]:
        return VEHICLE_ROWS
    return BUS_ROWS if TABLE.terrain[v["terrain"]].bus else AREA_ROWS


def _material(terrain: str) -> str:
    return "stone" if terrain == "stone_building" else "wooden"


def _fire_check_check(v: Mapping[str, Any]) -> None:
    if not v["burning"]:
        raise UsageError("burning=false: the fire is out; nothing is left to check")
    bus = TABLE.terrain[v["terrain"]].bus
    if v["vehicle_fire"] and bus:
        raise UsageError("vehicle_fire=true: give the terrain the burning vehicle stands in, not a building")
    if not bus and (v["rubbled"] or v["bus_kind"] != "normal"):
        raise UsageError("rubbled and bus_kind are for a fire in a BUS (terrain=wooden_building or stone_building)")
    if bus:
        at = collapse_at(_material(v["terrain"]), v["bus_kind"])
        if v["rubbled"] >= at:
            raise UsageError(f"rubbled={v['rubbled']}: this BUS collapsed at {at} aim points of rubble")


@procedure(
    INFO,
    "fire-check",
    example={"terrain": "wooden_building", "turns_burning": 4, "fighting": True},
    title="A burning fire's turn: spread, burn on or go out",
    summary="Each turn each fire is checked: 10+ spreads downwind, 8-9 burns on (a BUS loses an aim point to "
            "rubble), 5-7 burns on, 4 or less goes out.",
    rule=cite(FIRE, RUBBLE, KO, readings=(*READINGS, "BF-31", "BF-32", "BF-34")),
    params=(
        TERRAIN, WEATHER,
        Param("turns_burning", "int", "whole turns the fire has been burning (1 at its first check)", 1, minimum=1,
              maximum=60),
        Param("fighting", "bool", "troops spend a manoeuvre action fighting this fire (no other move or fire)", False),
        Param("vehicle_fire", "bool", "the fire is a burning vehicle (it burns the rest of the game)", False),
        Param("rubbled", "int", "a BUS: aim points already turned to rubble", 0, minimum=0, maximum=3),
        Param("bus_kind", "choice", "a BUS: normal, or a multi-level continuous or tower BUS (collapses sooner)",
              "normal", choices=("normal", "continuous", "tower")),
        Param("burning", "bool", "the fire is still burning (a tracker sets it false when it goes out)", True),
    ),
    results=_check_rows,
    check=_fire_check_check,
)
def fire_check(r: Resolution, terrain: str, weather: str, turns_burning: int, fighting: bool, vehicle_fire: bool,
               rubbled: int, bus_kind: str, burning: bool) -> Outcome:
    """Seed 000 "Fire": each turn each fire (vehicle fires too) is checked on the same table:
    the terrain, weather, -2 if troops spend a manoeuvre action fighting it (BF-34), -1 for
    every 4 turns it has burned (BF-29); 10+ spreads to the closest downwind adjacent aim
    point (or downwind in the open), never across a road or water; 8-9 burns on and in a BUS
    a random aim point turns to rubble, the BUS collapsing at the "Destroying BUS and
    Rubble" count (BF-32); 5-7 burns on; 4 or less goes out. A burning vehicle burns for the
    rest of the game ("Knocked Out Vehicle Table", BF-31). Leaves the fire's state for the
    next turn."""
    t = TABLE
    mods = terrain_weather(r, terrain, weather)
    if fighting:
        mods += r.modifier("troops fighting the fire", t.fighting_fire, src(FIRE, "BF-2, BF-34"))
    age = age_modifier(turns_burning)
    if age:
        mods += r.modifier(f"burning {plural(turns_burning, 'turn')}", age, src(FIRE, "BF-29"))
    r.step(f"1d{t.die_sides}{plus(mods)}: {_band_faces(mods)}")
    roll = r.die(t.die_sides, label="fire check")
    total = roll + mods
    outcome = band(total)
    later = {"turns_burning": turns_burning + 1}
    if vehicle_fire:
        if outcome == "spreads":
            return r.result("spreads", f"modified {total}: {t.spreads_from}+, spreads downwind", after=later)
        r.step("a burning vehicle burns for the rest of the game (BF-31)")
        return r.result("burns on", f"modified {total}: the vehicle burns on", after=later)
    bus = t.terrain[terrain].bus
    if outcome != "out":
        r.step("troops or guns under the fire are disordered after their next manoeuvre phase if they stay there")
    if outcome == "spreads":
        r.step("spreads to the closest downwind adjacent aim point in the BUA (or downwind in the open); if that "
               "already burns, to the nearest available aim point or combustible area; never across a road or water")
        return r.result("spreads", f"modified {total}: {t.spreads_from} or more", after=later)
    if outcome == "rubble" and bus:
        at = collapse_at(_material(terrain), bus_kind)
        if rubbled + 1 >= at:
            r.step(f"one aim point (at random) turns to rubble: {rubbled + 1} of {at}, the BUS collapses; occupying "
                   "troops take a bail-out check, guns are destroyed (collapsed-bus)")
            return r.result("burns on, the BUS collapses into rubble",
                            f"modified {total}: {t.rubble_from}\u2013{t.spreads_from - 1}",
                            after={**later, "rubbled": rubbled + 1})
        r.step(f"one aim point (at random) turns to rubble ({rubbled + 1} of {at} to collapse)")
        return r.result("burns on, an aim point turns to rubble",
                        f"modified {total}: {t.rubble_from}\u2013{t.spreads_from - 1}",
                        after={**later, "rubbled": rubbled + 1})
    if outcome in ("rubble", "continues"):
        return r.result("burns on", f"modified {total}: {t.continues_from}\u2013{t.spreads_from - 1}", after=later)
    return r.result("burns out", f"modified {total}: {t.continues_from - 1} or less, extinguished or burnt out",
                    after={"burning": False})


# --- a row of BUS burning, turn by turn ------------------------------------------------------------

UNBURNT = 0
OUT = -1
CAUGHT = -2  # caught fire this turn: first checked next turn
BURNING = 99  # burning, at the end of a multi-turn run (how long no longer matters)


class Turn(NamedTuple):
    """One turn of a burning row in progress: the next BUS to check and the row so far."""

    at: int
    row: tuple[int, ...]


@functools.lru_cache(maxsize=4096)
def row_modifier(material: str, weather: str, fighting_at: int, position: int, age: int) -> int:
    t = TABLE
    ter = t.terrain[f"{material}_building"]
    mods = ter.modifier + t.weather[weather].modifier + age_modifier(age)
    if fighting_at == position + 1:
        mods += t.fighting_fire
    return mods


def spread_target(row: tuple[int, ...], i: int) -> int | None:
    """BF-30: downwind neighbour if unburnt, else the upwind neighbour if unburnt, else nowhere."""
    for j in (i + 1, i - 1):
        if 0 <= j < len(row) and row[j] == UNBURNT:
            return j
    return None


def next_burning(row: tuple[int, ...], start: int) -> int:
    """The first BUS from ``start`` on that was burning when the turn began (``len(row)`` if none)."""
    for j in range(start, len(row)):
        if row[j] >= 1:
            return j
    return len(row)


@functools.lru_cache(maxsize=256)
def row_effect(mods: int) -> Callable[[int], str]:
    """What a face does to a row at these modifiers: spreads, goes out, or burns on (8-9's aim point turned to
    rubble is told in the ruling but changes no BUS of the row), so the exact odds branch three ways, not ten."""

    def effect(face: int) -> str:
        outcome = band(face + mods)
        return "burns on" if outcome in ("rubble", "continues") else outcome

    return effect


def check_one(rr: Resolution, state: Turn, material: str, weather: str, fighting_at: int, turn: int = 0) -> Turn:
    """Check the burning BUS at ``state.at`` and move on to the next burning one.

    The row it leaves depends on the die only through :func:`row_effect`, which the die is told (``alike``):
    the exact fold branches once per effect, play throws the die as ever."""
    i, row = state
    mods = row_modifier(material, weather, fighting_at, i, row[i])
    label = (f"turn {turn}, " if turn else "") + f"BUS {i + 1} ({signed(mods)})"
    total = rr.die(TABLE.die_sides, label=label, alike=row_effect(mods)) + mods
    outcome = band(total)
    j = spread_target(row, i) if outcome == "spreads" else None
    if outcome == "out":
        row = (*row[:i], OUT, *row[i + 1:])
    elif j is not None:
        row = (*row[:j], CAUGHT, *row[j + 1:])
    if rr.narrate:
        rr.step(f"{'turn ' + str(turn) + ', ' if turn else ''}BUS {i + 1}, modified {total}: "
                + _what_it_did(outcome, i, j))
    return Turn(next_burning(row, i + 1), row)


def _what_it_did(outcome: str, i: int, j: int | None) -> str:
    """What one BUS's check did, as the umpire says it (BF-30, BF-100)."""
    t = TABLE
    if outcome == "out":
        return f"{t.continues_from - 1} or less, the fire goes out for good"
    if outcome == "spreads":
        if j is None:
            return f"{t.spreads_from}+ would spread it, but neither neighbour can catch: it burns on (BF-30)"
        return (f"{t.spreads_from}+, it burns on and spreads to BUS {j + 1} "
                + ("downwind" if j > i else "upwind, the BUS downwind having burned (BF-30)"))
    if outcome == "rubble":
        return (f"{t.rubble_from}\u2013{t.spreads_from - 1}, it burns on and one of its aim points (at random) turns "
                "to rubble, counted toward its collapse (give it as rubbled= to its later checks, BF-100)")
    return f"{t.continues_from}\u2013{t.rubble_from - 1}, it burns on"


def end_of_turn(row: tuple[int, ...]) -> tuple[int, ...]:
    """Every fire burns a turn longer; fires caught this turn have burned one."""
    return tuple(1 if a == CAUGHT else a + 1 if a >= 1 else a for a in row)


@functools.lru_cache(maxsize=1024)
def same_fire(age: int, checks_left: int) -> int:
    """The youngest age of fire that burns on as ``age`` does over the checks left: the same -1 for every 4 turns
    burning (BF-29) at each of them. Two rows differing only so lead to the same odds, so a run over several turns
    folds them into one state; with 4 or more checks left no two ages are alike."""
    want = [age_modifier(age + j) for j in range(checks_left)]
    for younger in range(1, age):
        if [age_modifier(younger + j) for j in range(checks_left)] == want:
            return younger
    return age


ROW_ITEMS = ("u", "x", *(str(n) for n in range(1, 61)))


def parse_row(items: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(UNBURNT if s == "u" else OUT if s == "x" else int(s) for s in items)


def show_row(row: tuple[int, ...]) -> tuple[str, ...]:
    return tuple("u" if a == UNBURNT else "x" if a == OUT else "B" if a == BURNING else str(a) for a in row)


def describe_checks(r: Resolution, material: str, weather: str, fighting_at: int) -> None:
    """The modifiers every check of a row takes, in one step."""
    t = TABLE
    ter, w = t.terrain[f"{material}_building"], t.weather[weather]
    base = ter.modifier + w.modifier
    parts = [f"{ter.label} {signed(ter.modifier)}"] + ([f"{w.label} {signed(w.modifier)}"] if w.modifier else [])
    text = (f"each check: 1d{t.die_sides}{plus(base)} ({', '.join(parts)}), {signed(t.per_step)} for every "
            f"{t.turns_per_step} turns burning")
    if fighting_at:
        text += f", {signed(t.fighting_fire)} at BUS {fighting_at} (troops fight it)"
    r.step(text + f"; {t.spreads_from}+ spreads, {t.continues_from - 1} or less goes out")


def _turn_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(f"{n} BUS burning" for n in range(len(v["row"]) + 1))


def _turn_check(v: Mapping[str, Any]) -> None:
    row = parse_row(v["row"])
    if not any(a >= 1 for a in row):
        raise UsageError("row: no BUS in it is burning; the fire is out (u unburnt, x burnt out, a number: "
                         "turns burning)")
    if v["fighting_at"] > len(row):
        raise UsageError(f"fighting_at={v['fighting_at']}: the row has only {len(row)} BUS")
    if v["fighting_at"] and row[v["fighting_at"] - 1] < 1:
        raise UsageError(f"fighting_at={v['fighting_at']}: BUS {v['fighting_at']} is not burning")


def _describe(before: tuple[int, ...], after: tuple[int, ...]) -> list[str]:
    out = []
    for i, (a, b) in enumerate(zip(before, after, strict=True), start=1):
        if a == UNBURNT and b >= 1:
            out.append(f"BUS {i} catches fire")
        elif a >= 1 and b == OUT:
            out.append(f"BUS {i} goes out")
    return out


ROW_HELP = ("the BUS of one block in a line downwind, upwind first, up to the road or water that stops the fire: "
            "u unburnt, x burnt out, a number the turns it has been burning")


@procedure(
    INFO,
    "fire-turn",
    example={"row": "3,1,u,u"},
    title="A row of BUS burning: one turn",
    summary="Every burning BUS in a row downwind is checked; spreads go to the next BUS downwind. Leaves the row "
            "for the next turn.",
    rule=cite(FIRE, readings=(*READINGS, "BF-30", "BF-34", "BF-100")),
    params=(
        Param("row", "choices", ROW_HELP, choices=ROW_ITEMS, min_items=1, max_items=6),
        MATERIAL, WEATHER,
        Param("fighting_at", "int", "the BUS (1 = upwind end) whose fire troops fight this turn, 0 for none", 0,
              minimum=0, maximum=6),
    ),
    results=_turn_rows,
    check=_turn_check,
)
def fire_turn(r: Resolution, row: tuple[str, ...], material: str, weather: str, fighting_at: int) -> Outcome:
    """Seed 000 "Fire", one turn for a block of BUS in a line downwind (BF-30): each BUS
    burning at the start of the turn is checked, upwind first, with the building and
    weather modifiers, -2 where troops fight it (BF-34) and -1 for every 4 turns it has
    burned (BF-29). 10+ spreads to the next BUS downwind, or if that one is burning or burnt
    out to the upwind neighbour; 4 or less puts it out for good; a BUS that catches fire is
    first checked next turn. 8-9 turns one aim point of that BUS to rubble: the ruling says which
    BUS, from the same die (BF-100); fire-check counts the rubble toward collapse, one BUS at a
    time."""
    start = parse_row(row)
    n = len(start)
    r.step(f"{plural(n, 'BUS', 'BUS')} in a line downwind (BUS 1 upwind); {material} buildings, "
           f"{TABLE.weather[weather].label}")
    describe_checks(r, material, weather, fighting_at)

    def step(rr: Resolution, state: Turn) -> Turn:
        return check_one(rr, state, material, weather, fighting_at)

    _taken, final = r.until(Turn(next_burning(start, 0), start), step, lambda s: s.at >= n, max_steps=n,
                            label="step")
    new = end_of_turn(final.row)
    for line in _describe(start, new):
        r.step(line)
    burning = sum(1 for a in new if a >= 1)
    return r.result(f"{burning} BUS burning", "the row now reads " + ",".join(show_row(new)),
                    after={"row": show_row(new)})


MAX_BUS_TURNS = 48


class Burn(NamedTuple):
    """The multi-turn process: the turn under way, the next BUS to check, the row."""

    turn: int
    at: int
    row: tuple[int, ...]


def _spread_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    what = "burning" if v["count"] == "burning" else "burnt or burning"
    return tuple(f"{k} BUS {what} after {plural(v['turns'], 'turn')}" for k in range(v["buildings"] + 1))


def _spread_check(v: Mapping[str, Any]) -> None:
    if v["ignition"] > v["buildings"]:
        raise UsageError(f"ignition={v['ignition']}: the row has only {v['buildings']} BUS")
    if v["fighting_at"] > v["buildings"]:
        raise UsageError(f"fighting_at={v['fighting_at']}: the row has only {v['buildings']} BUS")
    if v["buildings"] * v["turns"] > MAX_BUS_TURNS:
        raise UsageError(f"buildings={v['buildings']} turns={v['turns']}: the exact odds fold over every state of "
                         f"the block, turn by turn; keep buildings x turns at most {MAX_BUS_TURNS} (e.g. 6 BUS for 8 "
                         "turns, 4 BUS for 12), or follow it a turn at a time with fire-turn")


@procedure(
    INFO,
    "fire-spread",
    example={"buildings": 4, "turns": 6},
    title="A fire spreading through a block: buildings burning after N turns",
    summary="A fire in one BUS of a block checked every turn, spreading downwind BUS by BUS: the exact "
            "distribution of BUS burning after N turns.",
    rule=cite(FIRE, readings=(*READINGS, "BF-30", "BF-34")),
    params=(
        Param("buildings", "int", "BUS in the block, in a line downwind up to the road or water that stops the fire",
              4, minimum=1, maximum=6),
        Param("ignition", "int", "the BUS that caught fire last turn, 1 = the upwind end", 1, minimum=1, maximum=6),
        MATERIAL, WEATHER,
        Param("turns", "int", "turns to run", 6, minimum=1, maximum=12),
        Param("fighting_at", "int", "a BUS whose fire troops fight every turn it burns, 0 for none", 0, minimum=0,
              maximum=6),
        Param("count", "choice", "count the BUS burning at the end, or every BUS that burned", "burning",
              choices=("burning", "burned")),
    ),
    results=_spread_rows,
    check=_spread_check,
)
def fire_spread(r: Resolution, buildings: int, ignition: int, material: str, weather: str, turns: int,
                fighting_at: int, count: str) -> Outcome:
    """Seed 000 "Fire" over several turns, for a block of BUS in a line downwind (BF-30):
    the fire caught in one BUS last turn; every turn every burning BUS is checked (upwind
    first) with the building and weather modifiers, -2 where troops fight it (BF-34) and -1
    for every 4 turns it has burned (BF-29); 10+ spreads to the next BUS downwind (else the
    upwind neighbour), 4 or less puts it out for good. The result counts the BUS burning
    (or that burned) after the last turn; the fold is exact."""
    start = tuple(1 if i == ignition - 1 else UNBURNT for i in range(buildings))
    r.step(f"{plural(buildings, 'BUS', 'BUS')} in a line downwind, BUS {ignition} caught fire last turn; {material} "
           f"buildings, {TABLE.weather[weather].label}; {plural(turns, 'turn')}")
    describe_checks(r, material, weather, fighting_at)

    def step(rr: Resolution, state: Burn) -> Burn:
        # one BUS a step, every BUS every turn, so every run takes turns x buildings steps
        # and the exact odds fold over few final states
        row = state.row
        if row[state.at] >= 1:
            row = check_one(rr, Turn(state.at, row), material, weather, fighting_at, state.turn).row
        if state.at + 1 < buildings:
            return Burn(state.turn, state.at + 1, row)
        row = end_of_turn(row)
        if state.turn == turns:  # keep which BUS burn, not for how long
            return Burn(turns + 1, 0, tuple(BURNING if a >= 1 else a for a in row))
        left = turns - state.turn  # keep how long each burns only as far as the checks left can tell
        return Burn(state.turn + 1, 0, tuple(same_fire(a, left) if a >= 1 else a for a in row))

    def done(state: Burn) -> bool:
        return state.turn > turns

    _taken, final = r.until(Burn(1, 0, start), step, done, max_steps=turns * buildings, label="step")
    row = final.row
    if count == "burning":
        k = sum(1 for a in row if a >= 1)
        what = "burning"
    else:
        k = sum(1 for a in row if a != UNBURNT)
        what = "burnt or burning"
    return r.result(f"{k} BUS {what} after {plural(turns, 'turn')}", ",".join(show_row(row)))
