"""Seed 003 "MINES": AT and AP mine checks, passengers and spotting a field (the whole passage: mine_passage).

Every roll is "with two percentile dice", made "by the owner of the mines". The AT effect
table reads K 01-20, I 21-85, N 86-100 after the modifiers (soft vehicle +15%, over 20 t
-05%, over 40 t -10%), whose sign the worked example fixes: a "+15%" is taken off the roll
(TM-21). The numbers live in ``data/mines.toml``; the Infantry Fire Table the seed leans on
is the replaceable base table ``infantry_fire`` (TM-28).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table, load_table
from warroom.rulesets.terrain_mines.common import (
    DENSITY,
    MINES,
    Bands,
    Dice,
    below,
    cite,
    pct,
    rolls_param,
    say_roll,
    src,
)
from warroom.rulesets.terrain_mines.infantry_fire import (
    ELIMINATED,
    FIRE_RESULTS,
    INFANTRY_FIRE,
    InfantryFireTable,
    fire_roll,
)
from warroom.rulesets.terrain_mines.info import INFO

MINES_FILE = Path(__file__).with_name("data") / "mines.toml"

# --- the numbers ------------------------------------------------------------------------------------


class AtEffect(Table):
    kill_up_to: int = Field(ge=0, le=100)
    immobilise_up_to: int = Field(ge=0, le=100)
    unmodified_100_no_effect: bool


class AtModifiers(Table):
    soft_vehicle_percent: int
    over_heavy_percent: int
    heavy_over_tons: int = Field(gt=0)
    over_very_heavy_percent: int
    very_heavy_over_tons: int = Field(gt=0)


class ApVehicle(Table):
    light_under_tons: int = Field(gt=0)
    light_chance_percent: int = Field(ge=0, le=100)
    heavy_chance_percent: int = Field(ge=0, le=100)


class ApTroops(Table):
    firepower: int = Field(ge=1)
    soft_vehicle_defense: int = Field(ge=1)


class BailOut(Table):
    succeeds_up_to: int = Field(ge=0, le=100)


class Survival(Table):
    firepower: int = Field(ge=1)
    defense: int = Field(ge=1)


class Weights(Table):
    heaviest_tons: int = Field(gt=0)
    heaviest_soft_tons: int = Field(gt=0)


class MineTables(Table):
    mine_unit_inches: dict[Literal["1/72", "1/285"], int] = Field(min_length=2)
    at_effect: AtEffect
    at_modifiers: AtModifiers
    ap_vehicle: ApVehicle
    ap_troops: ApTroops
    bail_out: BailOut
    soft_vehicle_survival: Survival
    weights: Weights


@functools.cache
def tables(path: Path = MINES_FILE) -> MineTables:
    """The mine numbers of seed 003, loaded and checked on first use."""
    return load_table(path, MineTables)


tables()  # a broken file shows at import


def mine_unit_inches(scale: str) -> int:
    """The side of the standard mine unit, a square: 2" at 1/72, 1" at 1/285 (seed MINES)."""
    if scale not in ("1/72", "1/285"):
        raise UsageError(f"unknown scale '{scale}'; scales are: 1/72, 1/285")
    return tables().mine_unit_inches[scale]  # type: ignore[index]


# --- shared terms -------------------------------------------------------------------------------------

K, I, N = "K", "I", "N"  # noqa: E741  (the seed's letters)
MISS = "no mine met"
VEHICLES = ("afv", "soft")
TROOPS = ("infantry", "cavalry")
TARGET_WORDS = {"afv": "an AFV", "soft": "a soft vehicle", "infantry": "infantry on foot", "cavalry": "cavalry"}
EFFECT_WORDS = {K: "killed", I: "immobilised", N: "no effect"}

AT_TRIGGER = ("troops on foot or mounted do not set off AT mines: \"AT mines cannot be triggered by troops walking "
              "through the minefield\" (003 MINES, TM-29)")

TARGET = Param("target", "choice", "what crosses the mine line: afv (tank, other tracked AFV, half-track, armoured "
               "car), soft (unarmoured vehicle), or troops (infantry, cavalry)", choices=(*VEHICLES, *TROOPS))
TONS = Param("tons", "int", "the vehicle's weight in tons, rounded up; 0 = not given (needed for an AFV; a soft "
             "vehicle is taken as under 20 t)", 0, minimum=0)
CHECK = Param("check", "choice", "which check: entering or leaving the field", "entering",
              choices=("entering", "leaving"))


@dataclass(frozen=True)
class JudgeChance(Param):
    """A judge's percentage that may be left to the seed's default (shown in words)."""

    default_words: str = ""

    def default_text(self) -> str:
        return self.default_words

    def read(self, value: Any, bounded: bool = True) -> Any:
        return None if value is None else super().read(value, bounded)


AP_CHANCE = JudgeChance(
    "ap_chance", "int", "the judge's chance that an AP mine immobilises the vehicle, altering the seed's",
    None, minimum=0, maximum=100, default_words="the seed's: 20% under 20 t, otherwise 10%",
)


def weight_check(v: Mapping[str, Any]) -> None:
    """A weight that makes sense for the target (TM-31)."""
    w = tables().weights
    target, tons = v["target"], v["tons"]
    if target in TROOPS:
        if tons:
            raise UsageError(f"tons={tons}: a weight is for vehicles, not {TARGET_WORDS[target]}")
        return
    if tons > w.heaviest_tons:
        raise UsageError(f"tons={tons}: no vehicle weighs over {w.heaviest_tons} t (the heaviest tank built, "
                         "the Maus, weighed 188 t); give the weight in tons, rounded up")
    if target == "soft" and tons > w.heaviest_soft_tons:
        raise UsageError(f"tons={tons} with target=soft: a soft-skinned vehicle over {w.heaviest_soft_tons} t is "
                         "not one the rules know; an armoured vehicle is target=afv")
    if target == "afv" and not tons:
        raise UsageError("target=afv needs its weight, tons=N (rounded up): the AT modifiers are for vehicles over "
                         "20 t and over 40 t, and AP mines immobilise vehicles under 20 t more often")


def too_many_rolls(v: Mapping[str, Any], order: list[str]) -> None:
    rolls = v["rolls"]
    if len(rolls) > len(order):
        raise UsageError(f"rolls: {len(rolls)} given, but this asks for at most {len(order)} "
                         f"({'; '.join(order)})")


def at_bands(r: Resolution, soft: bool, tons: int) -> Bands:
    """The AT effect table with the vehicle's modifiers, each recorded (TM-21, TM-22, TM-23)."""
    t, m = tables().at_effect, tables().at_modifiers
    total = 0
    if soft:
        total += r.modifier("soft vehicle", m.soft_vehicle_percent,
                            src(MINES, "AT modifiers: +15%, taken off the roll (TM-21)"))
    if tons > m.very_heavy_over_tons:
        total += r.modifier(f"vehicle over {m.very_heavy_over_tons} tons", m.over_very_heavy_percent,
                            src(MINES, "AT modifiers: −10%, added to the roll, not with −05% too (TM-21, TM-22)"))
    elif tons > m.heavy_over_tons:
        total += r.modifier(f"vehicle over {m.heavy_over_tons} tons", m.over_heavy_percent,
                            src(MINES, "AT modifiers: −05%, added to the roll (TM-21)"))
    # The seed's "+N%" makes the vehicle worse off: it is taken off the roll (TM-21).
    return Bands(((t.kill_up_to, K), (t.immobilise_up_to, I), (100, N)), shift=-total,
                 natural_100=N if t.unmodified_100_no_effect else None)


def describe_at(bands: Bands) -> str:
    """The AT table as it reads for this vehicle: ``rolls d% and takes 15 off: K 01–20, ...``."""
    shift = bands.shift
    how = "" if not shift else f" and takes {-shift} off" if shift < 0 else f" and adds {shift}"
    natural = "; an unmodified 100 is always N (TM-23)" if bands.natural_100 and shift < 0 else ""
    return f"the mine owner rolls d%{how}: K {bands.span(K)}, I {bands.span(I)}, N {bands.span(N)}{natural}"


def density_gate(d: Dice, check: str, density: int) -> bool:
    """The judge's density, a separate roll before the effect (TM-20): true if a mine is met."""
    if density >= 100:
        return True
    gate = below(density, "meets a mine", MISS)
    band, roll = d.roll(f"{check}: density {density}%", gate)
    say_roll(d.r, roll, gate, band, f"{check}, density {density}%")
    return band != MISS


def at_check(d: Dice, check: str, bands: Bands, density: int) -> str:
    """One AT check for a vehicle: the density gate if set, then the effect table (K, I, N or no mine)."""
    if not density_gate(d, check, density):
        return MISS
    band, roll = d.roll(f"{check}: AT mine effect", bands)
    say_roll(d.r, roll, bands, band, f"{check}, AT effect", f": {EFFECT_WORDS[band]}")
    return band


def ap_vehicle_chance(r: Resolution, tons: int, soft: bool, judge: int | None) -> int:
    """The chance an AP mine immobilises the vehicle: 20% under 20 t, else 10%, or the judge's (TM-22, TM-25)."""
    a = tables().ap_vehicle
    if judge is not None:
        r.step(f"AP mines immobilise on 01\u2013{pct(judge)}: the judge's chance (\"This may be altered at the "
               "judge's discretion\")")
        return judge
    light = tons < a.light_under_tons if tons else soft
    chance = a.light_chance_percent if light else a.heavy_chance_percent
    weight = (f"{tons} t is {'under' if light else 'not under'} {a.light_under_tons} tons" if tons
              else f"a soft vehicle of weight not given is taken as under {a.light_under_tons} tons")
    r.step(f"AP mines immobilise the vehicle on 01\u2013{pct(chance)}: {weight} (003 MINES, TM-22)")
    return chance


def ap_vehicle_check(d: Dice, check: str, chance: int) -> bool:
    bands = below(chance, I, N)
    band, roll = d.roll(f"{check}: AP mine on the vehicle", bands)
    say_roll(d.r, roll, bands, band, f"{check}, AP mine on the vehicle", f": {EFFECT_WORDS[band]}")
    return band == I


def _mine_rows(density: int, rows: tuple[str, ...]) -> tuple[str, ...]:
    return (*rows, MISS) if density < 100 else rows


# --- one AT check ----------------------------------------------------------------------------------

AT_ROWS = ("K: killed", "I: immobilised", "N: no effect")


def _check_at(v: Mapping[str, Any]) -> None:
    if v["target"] in TROOPS:
        raise UsageError(f"target={v['target']}: {AT_TRIGGER}; AP mines: procedure ap-mine-troops")
    if v["immobilised"]:
        if v["check"] == "leaving":
            raise UsageError("immobilised=true with check=leaving: an Immobilised vehicle does not leave the "
                             "minefield, so it makes no leaving check (TM-24)")
        raise UsageError("immobilised=true: an Immobilised vehicle cannot move into a minefield, so it makes "
                         "no check (TM-24)")
    weight_check(v)
    too_many_rolls(v, (["density roll"] if v["density"] < 100 else []) + ["AT effect roll"])


@procedure(
    INFO,
    "at-mine",
    worse="earlier",  # seed 003 "MINES": K (killed), I (immobilised), N (no effect), worst first
    example={"target": "afv", "tons": 30},
    title="AT mine check",
    summary="One AT mine check for a vehicle entering or leaving a field: d% with modifiers, K 01-20, "
            "I 21-85, N 86-100.",
    rule=cite(MINES, readings=("TM-20", "TM-21", "TM-22", "TM-23", "TM-24", "TM-29", "TM-31")),
    params=(TARGET, TONS, CHECK,
            Param("immobilised", "bool", "the vehicle is already Immobilised", False),
            DENSITY, rolls_param(2)),
    results=lambda v: _mine_rows(v["density"], AT_ROWS),
    check=_check_at,
)
def at_mine(r: Resolution, target: str, tons: int, check: str, immobilised: bool, density: int,
            rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "MINES": "The effect of an anti-tank mine on a vehicle is as follows (check
    entering and leaving)": percentile K 01-20, I 21-85, N 86-100, with soft vehicle +15%,
    over 20 tons -05%, over 40 tons -10%. Readings TM-20 (density gate), TM-21 (sign of the
    modifiers), TM-22 (over 40 t not cumulative; "over" is strictly more), TM-23 (unmodified
    100), TM-24 (no check for an Immobilised vehicle), TM-29 (troops do not set off AT
    mines), TM-31 (weights)."""
    d = Dice(r, rolls)
    soft = target == "soft"
    r.step(f"{TARGET_WORDS[target]}{f' of {tons} t' if tons else ''} {check} an AT minefield")
    bands = at_bands(r, soft, tons)
    r.step(describe_at(bands))
    band = at_check(d, check, bands, density)
    d.unused()
    if band == MISS:
        return r.result(MISS, f"density roll over {density}%: no mine met")
    row = AT_ROWS[(K, I, N).index(band)]
    return r.result(row, f"{band} {bands.span(band)} on the AT mine table" + (
        "; an Immobilised vehicle stays in the field and makes no leaving check (TM-24)" if band == I else ""))


# --- AP mines ----------------------------------------------------------------------------------------

AP_VEHICLE_ROWS = ("immobilised", "no effect")


def _check_ap_vehicle(v: Mapping[str, Any]) -> None:
    if v["target"] in TROOPS:
        raise UsageError(f"target={v['target']}: troops take the AP mine's fire, procedure ap-mine-troops")
    weight_check(v)
    too_many_rolls(v, (["density roll"] if v["density"] < 100 else []) + ["AP roll"])


@procedure(
    INFO,
    "ap-mine-vehicle",
    worse="earlier",  # seed 003 "MINES": immobilised, no effect, worst first
    example={"target": "afv", "tons": 30},
    title="AP mine check on a vehicle",
    summary="One AP mine check for a vehicle: immobilised on 01-20 under 20 t, 01-10 otherwise, or the judge's %.",
    rule=cite(MINES, readings=("TM-20", "TM-22", "TM-25", "TM-31")),
    params=(TARGET, TONS, CHECK, AP_CHANCE, DENSITY, rolls_param(2)),
    results=lambda v: _mine_rows(v["density"], AP_VEHICLE_ROWS),
    check=_check_ap_vehicle,
)
def ap_mine_vehicle(r: Resolution, target: str, tons: int, check: str, ap_chance: int | None, density: int,
                    rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "MINES": "The % chance of immobilization of a tank by anti-personnel mines is 20%
    for vehicles under 20 tons; otherwise it is 10%. This may be altered at the judge's
    discretion." Readings TM-20 (density gate), TM-22 (exactly 20 t is not under 20 t),
    TM-25 (every vehicle, checked entering and leaving; troops in a soft vehicle also take
    the AP roll: procedure ap-mine-troops), TM-31 (weights)."""
    d = Dice(r, rolls)
    r.step(f"{TARGET_WORDS[target]}{f' of {tons} t' if tons else ''} {check} an AP minefield")
    chance = ap_vehicle_chance(r, tons, target == "soft", ap_chance)
    if not density_gate(d, check, density):
        d.unused()
        return r.result(MISS, f"density roll over {density}%: no mine met")
    hit = ap_vehicle_check(d, check, chance)
    d.unused()
    if hit:
        return r.result("immobilised", f"01\u2013{pct(chance)}: immobilised; it makes no leaving check (TM-24)")
    return r.result("no effect", f"over {pct(chance)}: no effect")


def _check_ap_troops(v: Mapping[str, Any]) -> None:
    riding, defense = v["riding"], v["defense"]
    if riding == "afv":
        raise UsageError("riding=afv: only \"troops in soft vehicles must take this roll also\" (003 MINES); troops "
                         "in or on an AFV are not hit by AP mines (TM-25)")
    if riding == "soft_vehicle" and defense != tables().ap_troops.soft_vehicle_defense:
        raise UsageError(f"defense={defense} with riding=soft_vehicle: troops in a soft vehicle take the AP roll at "
                         f"defense {tables().ap_troops.soft_vehicle_defense}, as for an AT mine (TM-25)")
    have = INFANTRY_FIRE.current()[0].defenses(tables().ap_troops.firepower)
    if defense not in have:
        raise UsageError(f"defense={defense}: the Infantry Fire Table in force has defenses "
                         f"{', '.join(map(str, have))} for firepower {tables().ap_troops.firepower}")
    too_many_rolls(v, (["density roll"] if v["density"] < 100 else []) + ["Infantry Fire Table roll"])


@procedure(
    INFO,
    "ap-mine-troops",
    worse="earlier",  # seed 003 "MINES": eliminated, pinned, unhurt, worst first
    example={"defense": 1},
    title="AP mine fire on troops",
    summary="An AP mine fires at troops on foot, or riding a soft vehicle, with firepower 2 on the Infantry "
            "Fire Table.",
    rule=cite(MINES, readings=("TM-20", "TM-25", "TM-28")),
    params=(
        Param("riding", "choice", "where the troops are: on_foot, soft_vehicle, afv", "on_foot",
              choices=("on_foot", "soft_vehicle", "afv")),
        Param("defense", "int", "the troops' defense on the Infantry Fire Table (1 = in the open, or riding a soft "
              "vehicle)", 1, minimum=1, maximum=20),
        CHECK, DENSITY, rolls_param(2),
    ),
    results=lambda v: _mine_rows(v["density"], FIRE_RESULTS),
    check=_check_ap_troops,
)
def ap_mine_troops(r: Resolution, riding: str, defense: int, check: str, density: int,
                   rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "MINES": "An AP has a firepower equivalent of "2." Troops in soft vehicles must
    take this roll also." Read on the Infantry Fire Table (base table infantry_fire, warroom's
    stand-in unless replaced). Readings TM-20 (density gate), TM-25 (troops in a soft vehicle
    at defense 1; not troops in an AFV), TM-28 (the table and its results)."""
    d = Dice(r, rolls)
    table = INFANTRY_FIRE.read(r)
    fp = tables().ap_troops.firepower
    who = "troops on foot" if riding == "on_foot" else "troops riding a soft vehicle"
    r.step(f"{who} {check} an AP minefield: firepower {fp} (\"An AP has a firepower equivalent of 2\")")
    if not density_gate(d, check, density):
        d.unused()
        return r.result(MISS, f"density roll over {density}%: no mine met")
    result = fire_roll(d, table, f"{check}: Infantry Fire Table", fp, defense, "the AP mine's fire")
    d.unused()
    return r.result(result, f"Infantry Fire Table, firepower {fp} against defense {defense}: {result}")


# --- passengers -----------------------------------------------------------------------------------------

BAIL_ROWS = ("bailed out", "squad eliminated")


def _check_bail(v: Mapping[str, Any]) -> None:
    if v["vehicle"] == "soft":
        raise UsageError("vehicle=soft: troops in a soft vehicle do not bail out; they roll for survival "
                         "(procedure soft-vehicle-survival)")
    if v["vehicle_result"] != "killed":
        raise UsageError(f"vehicle_result={v['vehicle_result']}: only troops in or on an AFV destroyed by an AT mine "
                         "roll for bail-out; the passengers of an Immobilised AFV are unhurt (TM-27)")


def bail_out_roll(d: Dice, when: str) -> bool:
    chance = tables().bail_out.succeeds_up_to
    bands = below(chance, "bailed out", ELIMINATED)
    band, roll = d.roll(f"{when}bail-out", bands)
    say_roll(d.r, roll, bands, band, "the squad's bail-out roll")
    return band != ELIMINATED


@procedure(
    INFO,
    "bail-out",
    example={},
    title="Bail-out from an AFV destroyed by an AT mine",
    summary="Troops in or on an AFV destroyed by an AT mine bail out on 01-25; otherwise the squad is eliminated.",
    rule=cite(MINES, readings=("TM-27",)),
    params=(
        Param("vehicle", "choice", "the vehicle the troops ride: afv or soft", "afv", choices=VEHICLES),
        Param("vehicle_result", "choice", "what the AT mine did to the vehicle", "killed",
              choices=("killed", "immobilised")),
        rolls_param(1),
    ),
    results=BAIL_ROWS,
    check=_check_bail,
)
def bail_out(r: Resolution, vehicle: str, vehicle_result: str, rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "MINES": "Troops in/on an AFV destroyed by an anti-tank mine must roll for
    bail-out (01-25%). If unsuccessful, the squad is eliminated." Reading TM-27."""
    d = Dice(r, rolls)
    r.step("an AFV carrying troops is destroyed (K) by an AT mine: the squad rolls for bail-out, 01\u201325")
    out = bail_out_roll(d, "")
    d.unused()
    if out:
        return r.result(BAIL_ROWS[0], "01\u201325: the squad bails out")
    return r.result(BAIL_ROWS[1], "26\u2013100: the bail-out fails, the squad is eliminated")


def _check_survival(v: Mapping[str, Any]) -> None:
    if v["vehicle"] == "afv":
        raise UsageError("vehicle=afv: troops in or on an AFV roll only for bail-out, and only when it is destroyed "
                         "(procedure bail-out); the survival roll is for troops in a soft vehicle")
    if v["vehicle_result"] == "no_effect":
        raise UsageError("vehicle_result=no_effect: only troops in a soft vehicle \"affected\" (K or I) by an AT mine "
                         "roll for survival (TM-27)")


def survival_roll(d: Dice, table: InfantryFireTable, when: str) -> str:
    s = tables().soft_vehicle_survival
    return fire_roll(d, table, f"{when}survival", s.firepower, s.defense, "the squad's survival roll")


@procedure(
    INFO,
    "soft-vehicle-survival",
    worse="earlier",  # seed 003 "MINES": eliminated, pinned, unhurt, worst first
    example={},
    title="Survival of troops in a soft vehicle hit by an AT mine",
    summary="Troops in a soft vehicle affected by an AT mine roll for survival: firepower 2, defense 1, "
            "Infantry Fire Table.",
    rule=cite(MINES, readings=("TM-27", "TM-28")),
    params=(
        Param("vehicle", "choice", "the vehicle the troops ride: afv or soft", "soft", choices=VEHICLES),
        Param("vehicle_result", "choice", "what the AT mine did to the vehicle", "immobilised",
              choices=("killed", "immobilised", "no_effect")),
        rolls_param(1),
    ),
    results=FIRE_RESULTS,
    check=_check_survival,
)
def soft_vehicle_survival(r: Resolution, vehicle: str, vehicle_result: str, rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "MINES": "Troops in a soft vehicle affected by an anti-tank mine must roll for
    survival (firepower equivalent of "2", defense of "1")", on the Infantry Fire Table (the
    worked example): base table infantry_fire. Readings TM-27 (affected = K or I), TM-28."""
    d = Dice(r, rolls)
    table = INFANTRY_FIRE.read(r)
    r.step(f"a soft vehicle carrying troops is {EFFECT_WORDS[K if vehicle_result == 'killed' else I]} by an AT "
           "mine: the squad rolls for survival")
    result = survival_roll(d, table, "")
    d.unused()
    s = tables().soft_vehicle_survival
    return r.result(result, f"Infantry Fire Table, firepower {s.firepower} against defense {s.defense}: {result}")


# --- spotting a field -------------------------------------------------------------------------------------

SPOT_ROWS = ("spotted", "not spotted", "too far to spot", "hidden: cannot be spotted")


def _check_spot(v: Mapping[str, Any]) -> None:
    if v["field"] == "hidden":
        if v["within"] or v["chance"] is not None:
            raise UsageError("field=hidden: the opponent has no chance to detect hidden mines, so within and chance "
                             "do not apply (TM-30)")
        return
    if not v["within"]:
        raise UsageError("field=exposed: the judge must specify the minimum distance required to spot the field "
                         "(within=INCHES)")
    if v["chance"] is None:
        raise UsageError("field=exposed: the judge must specify the % chance to see the field (chance=0..100)")
    too_many_rolls(v, ["spotting roll"])


@procedure(
    INFO,
    "minefield-spotting",
    example={"field": "exposed", "distance": 6, "within": 8, "chance": 50},
    title="Spotting a minefield",
    summary="An observer tries to see an exposed minefield within the judge's distance, at the judge's % chance.",
    rule=cite(MINES, readings=("TM-30",)),
    params=(
        Param("field", "choice", "hidden (the opponent has no chance to detect it) or exposed", "exposed",
              choices=("hidden", "exposed")),
        Param("distance", "int", "inches from the observer to the minefield", 0, minimum=0, maximum=500),
        Param("within", "int", "the judge's minimum distance required to spot the field, in inches", 0,
              minimum=0, maximum=500),
        JudgeChance("chance", "int", "the judge's % chance to see the field", None, minimum=0, maximum=100,
                    default_words="required for an exposed field"),
        rolls_param(1),
    ),
    results=SPOT_ROWS,
    check=_check_spot,
)
def minefield_spotting(r: Resolution, field: str, distance: int, within: int, chance: int | None,
                       rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "MINES" (b): "Whether the mines are hidden or exposed (i.e., does the opponent
    has a chance to detect them?). Specify the minimum distance required to spot the
    minefield and the % chance to see it." Reading TM-30: a hidden field cannot be spotted;
    an exposed one is spotted by an observer within the judge's distance on a percentile
    roll of the judge's chance or less, once per observer per turn."""
    d = Dice(r, rolls)
    if field == "hidden":
        r.step("the mines are hidden: the opponent has no chance to detect them (TM-30)")
        return r.result(SPOT_ROWS[3], "hidden mines")
    assert chance is not None
    if distance > within:
        r.step(f"the observer is {distance}\" away: the judge's distance to spot it is {within}\"")
        d.unused()
        return r.result(SPOT_ROWS[2], f"{distance}\" > {within}\"")
    r.step(f"the observer is {distance}\" away, within the judge's {within}\": d%, seen on 01\u2013{pct(chance)}")
    bands = below(chance, "spotted", "not spotted")
    band, roll = d.roll("spotting", bands)
    say_roll(r, roll, bands, band, "spotting roll")
    d.unused()
    return r.result(band, f"the judge's {chance}% chance: {band}")
