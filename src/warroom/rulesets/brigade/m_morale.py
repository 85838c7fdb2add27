"""Morale: pin markers (who is pinned, and the D6 to remove one) and casualty tests (the table by
class and losses, the split unit's +1, removal at two thirds dead).

Seed 004 "WW2 Rules for Brigade level games", "Morale" ("Pin markers", "Casualties") with
"Advancing in close order" (never pinned, never tests, still removed at 2/3) and the "Move
Sequence" (tests in phase 1, pins diced in phase 2). Readings BR-26 and BR-50 ... BR-56
(docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.info import INFO, SEED

DATA_FILE = Path(__file__).with_name("data") / "m_morale.toml"
MORALE = "Morale"
SEQUENCE = "Move Sequence"
CLASSES = ("elite", "veteran", "trained", "raw")
Cell = int | Literal["ok", "removed"]


class PinRemoval(Table):
    elite: int = Field(ge=1)
    veteran: int = Field(ge=1)
    trained: int = Field(ge=1)
    raw: int = Field(ge=1)
    per_quarter_dead: int
    unit_hq: int


class Band(Table):
    lost: Fraction
    elite: Cell
    veteran: Cell
    trained: Cell
    raw: Cell


class Casualties(Table):
    split_penalty: int
    bands: tuple[Band, ...]


class MoraleTable(Table):
    pin_removal: PinRemoval
    casualties: Casualties


TABLE = load_table(DATA_FILE, MoraleTable)
REMOVED_AT = max(b.lost for b in TABLE.casualties.bands if b.elite == "removed")

MORALE_PARAM = Param("morale", "choice", "the unit's morale class", choices=CLASSES)
FIGURES = Param("figures", "int", "the unit's original number of figures (a company or squadron has 3 to 12)",
                minimum=3, maximum=12)


def removed_at(figures: int) -> int:
    """Dead figures at which a company is removed: two thirds of its original number, rounded up (BR-52)."""
    return -(-figures * REMOVED_AT.numerator // REMOVED_AT.denominator)


def _frac(dead: int, figures: int) -> str:
    return f"{dead} of {figures}"


# --- pin markers -----------------------------------------------------------------------------------

PIN_UNITS = ("infantry", "support_weapon", "gun", "vehicle", "cavalry")


def _pin_check(v: Mapping[str, Any]) -> None:
    unit, figures, dead = v["unit"], v["figures"], v["dead"]
    if unit == "cavalry" or v["close_order"]:
        raise UsageError("cavalry units and units advancing in close order are never pinned, so never dice to "
                         "remove a pin marker (Pin markers)")
    if unit == "vehicle" and dead:
        raise UsageError("unit=vehicle: a vehicle has no figures to lose; leave dead out (it stays until destroyed)")
    if dead >= figures:
        raise UsageError(f"dead={dead} of figures={figures}: the unit is gone; dead must be less than figures")
    if unit == "infantry" and dead >= removed_at(figures):
        raise UsageError(f"dead={dead} of figures={figures}: an infantry company with two thirds dead "
                         f"({removed_at(figures)}) has been removed from the table (Casualties)")


@procedure(
    INFO,
    "pin-removal",
    example={"morale": "trained", "figures": 8, "dead": 2},
    title="Removing a pin marker",
    summary="A pinned unit throws a D6 at the start of its move: elite 2+, trained 3+, raw or veteran 4+; "
            "+1 for each 25% of the unit dead, -1 a unit HQ. A failure may not move and fires with penalties.",
    rule=RuleRef(SEED, (MORALE, SEQUENCE), readings=("BR-50", "BR-51")),
    params=(
        MORALE_PARAM,
        Param("unit", "choice", "what is pinned: infantry (a company), support_weapon (MG or mortar section), gun "
              "(a battery), vehicle", "infantry", choices=PIN_UNITS),
        Param("figures", "int", "the unit's original figures (crew for a weapon or gun; 1 for a vehicle)", 1,
              minimum=1, maximum=12),
        Param("dead", "int", "figures of the unit dead so far", 0, minimum=0, maximum=11),
        Param("unit_hq", "bool", "the unit is a unit HQ (BR-51)", False),
        Param("close_order", "bool", "the unit is advancing in close order", False),
    ),
    results=("pin removed", "stays pinned"),
    check=_pin_check,
)
def pin_removal(r: Resolution, morale: str, unit: str, figures: int, dead: int, unit_hq: bool,
                close_order: bool) -> Outcome:
    """Seed 004 "Pin markers": in phase 2 of its move ("Move Sequence") each pinned unit throws a D6
    needing elite 2, trained 3, raw or veteran 4; +1 for each full 25% of the unit dead (BR-50);
    -1 for a unit HQ (BR-51). A needed score of 1 or less always succeeds and over 6 never (BR-50)."""
    t = TABLE.pin_removal
    base: int = getattr(t, morale)
    r.step(f"{morale} unit: removes its pin marker on a D6 score of {base}+")
    needed = base
    quarters = 4 * dead // figures
    if quarters:
        needed += r.modifier(f"{_frac(dead, figures)} dead: {quarters} \u00d7 25% (BR-50)",
                             quarters * t.per_quarter_dead, "004 Pin markers", "score needed")
    if unit_hq:
        needed += r.modifier("unit HQ (BR-51)", t.unit_hq, "004 Pin markers", "score needed")
    if needed > 6:
        r.step(f"needs {needed}: no D6 can make it, the pin marker stays (BR-50)")
        return r.result("stays pinned", f"{morale}: needs {needed}")
    if needed <= 1:
        r.step(f"needs {needed}: any D6 succeeds (BR-50)")
        return r.result("pin removed", f"{morale}: needs {needed}")
    roll = r.die(6, label="pin D6")
    if roll >= needed:
        r.step(f"D6 {roll} \u2265 {needed}: the pin marker is removed")
        return r.result("pin removed", f"{morale}: needs {needed}+")
    r.step(f"D6 {roll} < {needed}: stays pinned \u2014 may not move this move and fires as pinned")
    return r.result("stays pinned", f"{morale}: needs {needed}+")


PIN_FIRE = ("he", "small_arms")


@procedure(
    INFO,
    "pin-marker",
    example={"unit": "infantry", "fire": "small_arms"},
    title="Is the unit pinned?",
    summary="HE pins automatically; small-arms fire lets the unit opt for a pin marker before its saving throws; "
            "cavalry and units advancing in close order are never pinned.",
    rule=RuleRef(SEED, (MORALE, "Movement"), readings=("BR-26", "BR-53")),
    params=(
        Param("unit", "choice", "the unit hit", choices=PIN_UNITS),
        Param("fire", "choice", "what hit it: he (artillery, mortar or gun HE), small_arms", choices=PIN_FIRE),
        Param("close_order", "bool", "an infantry unit advancing in close order (BR-26: base to base, advanced at "
              "least half its move in its last move)", False),
        Param("already_pinned", "bool", "the unit already has a pin marker", False),
    ),
    results=("pinned", "may opt to be pinned", "not pinned"),
)
def pin_marker(r: Resolution, unit: str, fire: str, close_order: bool, already_pinned: bool) -> Outcome:
    """Seed 004 "Pin markers": cavalry and units advancing in close order (BR-26) are never pinned;
    any other unit is pinned automatically by HE and may opt to be pinned by small-arms fire before
    throwing its saving throws (pinned units save better). A unit holds one pin marker (BR-53)."""
    if unit == "cavalry" or close_order:
        who = "cavalry" if unit == "cavalry" else "a unit advancing in close order"
        r.step(f"{who} is never pinned")
        return r.result("not pinned", "never pinned")
    if already_pinned:
        r.step("already pinned: a unit holds one pin marker; it saves as pinned (BR-53)")
        return r.result("pinned", "already pinned")
    if fire == "he":
        r.step("hit by HE: automatically given a pin marker (the passive side places it during the enemy's move)")
        return r.result("pinned", "HE: automatic")
    r.step("hit by small-arms fire: the owner may opt to take a pin marker before dicing for saving throws "
           "(then saving as pinned)")
    return r.result("may opt to be pinned", "small arms: owner's choice")


# --- casualty tests -------------------------------------------------------------------------------

CASUALTY_RESULTS = ("OK (no test)", "passes test", "fails test: removed", "removed (2/3 lost)")


def _band_reached(dead: int, figures: int) -> Band | None:
    reached = [b for b in TABLE.casualties.bands if dead >= b.lost * figures]
    return reached[-1] if reached else None


def _casualty_check(v: Mapping[str, Any]) -> None:
    figures, dead, before = v["figures"], v["dead"], v["dead_before"]
    if dead > figures:
        raise UsageError(f"dead={dead} is more than figures={figures}")
    if before >= dead:
        raise UsageError(f"dead_before={before} must be less than dead={dead}: a casualty test follows the loss of "
                         "figures (Casualties)")


@procedure(
    INFO,
    "casualty-test",
    example={"morale": "raw", "figures": 12, "dead": 4},
    title="Casualty test (company or squadron)",
    summary="When an infantry or cavalry unit's losses first reach 1/3 or 1/2 it may test on a D6 (raw 3-6 at 1/3, "
            "5-6 at 1/2; trained 3-6 at 1/2), +1 if split; at 2/3 lost it is removed.",
    rule=RuleRef(SEED, (MORALE, SEQUENCE, "Movement"), readings=("BR-26", "BR-52", "BR-54", "BR-55", "BR-56")),
    params=(
        MORALE_PARAM,
        FIGURES,
        Param("dead", "int", "figures dead after this loss", minimum=1, maximum=12),
        Param("dead_before", "int", "figures dead before this loss", 0, minimum=0, maximum=11),
        Param("split", "bool", "the unit is split: more than 1\" between figures, or horse holders more than 6\" "
              "away (BR-26)", False),
        Param("close_order", "bool", "advancing in close order: never takes morale tests", False),
    ),
    results=CASUALTY_RESULTS,
    check=_casualty_check,
)
def casualty_test(r: Resolution, morale: str, figures: int, dead: int, dead_before: int, split: bool,
                  close_order: bool) -> Outcome:
    """Seed 004 "Casualties": the table by class and losses (1/3, 1/2, 2/3 of the original figures,
    BR-52); a unit tests once when its losses first reach a column, on the column reached (the
    highest, if one loss passes two, BR-54), in its side's next phase 1 (BR-55); +1 to the score if
    split (BR-26); removed on a failure, or automatically at 2/3 dead; a unit advancing in close
    order never tests but is still removed at 2/3 (BR-56)."""
    limit = removed_at(figures)
    r.step(f"{_frac(dead, figures)} dead (was {dead_before}); removed at two thirds, {limit} dead (BR-52)")
    if dead >= limit:
        r.step("two thirds of the unit are dead: it is removed from the table")
        return r.result("removed (2/3 lost)", f"{_frac(dead, figures)} lost: 2/3")
    band = _band_reached(dead, figures)
    if band is None:
        r.step(f"losses below {TABLE.casualties.bands[0].lost}: no test")
        return r.result("OK (no test)", f"{_frac(dead, figures)} lost: under 1/3")
    col = f"{band.lost} lost"
    if _band_reached(dead_before, figures) == band:
        r.step(f"the unit had already reached {col} before this loss and tested then (BR-54): no new test")
        return r.result("OK (no test)", f"{col}: already reached")
    cell: Cell = getattr(band, morale)
    if cell == "ok" or close_order:
        if close_order and cell != "ok":
            r.step("advancing in close order: never takes morale tests (it is still removed at 2/3, BR-56)")
        else:
            r.step(f"{morale}, {col}: OK")
        return r.result("OK (no test)", f"{morale}, {col}: " + ("close order" if close_order and cell != "ok"
                                                                 else "OK"))
    assert isinstance(cell, int)
    needed = cell
    r.step(f"{morale}, {col}: test, {cell}-6 OK")
    if split:
        needed += r.modifier("unit split (BR-26)", TABLE.casualties.split_penalty, "004 Casualties",
                             "score needed")
    if needed > 6:
        r.step(f"needs {needed}: no D6 can make it, the unit is removed")
        return r.result("fails test: removed", f"{morale}, {col}: needs {needed}")
    roll = r.die(6, label="casualty test D6")
    if roll >= needed:
        r.step(f"D6 {roll} \u2265 {needed}: the unit stays")
        return r.result("passes test", f"{morale}, {col}: {needed}-6 OK")
    r.step(f"D6 {roll} < {needed}: the unit is rendered incapable of further action and removed")
    return r.result("fails test: removed", f"{morale}, {col}: {needed}-6 OK")
