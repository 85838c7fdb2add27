"""Detection: how far an enemy is part-detected (aware) or spotted, and whether it stays so.

Seed 004 "WW2 Rules for Brigade level games", "Detection": the three classes of enemy
(unseen, aware/part detected, spotted), the table of distances by the target's kind and state,
the halved distance of a vehicle observer that moved more than 6", and the rule that a target
once detected stays so while it stays in the acquiring unit's line of sight. Readings BR-40 ...
BR-44 (docs/rulings.md).

No dice are thrown: detection is automatic within the distance (BR-40). The procedure is a
calculator; :func:`detection_class` gives the same answer to the game for any measured distance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.info import INFO, SEED

DATA_FILE = Path(__file__).with_name("data") / "m_detection.toml"
SECTION = "Detection"
CLASSES = ("spotted", "aware", "unseen")
STATES = ("moving_or_firing_open", "stationary_open", "in_cover", "firing_from_cover_edge")
STATE_WORDS = {
    "moving_or_firing_open": "moving or firing in the open",
    "stationary_open": "stationary in the open",
    "in_cover": "in cover",
    "firing_from_cover_edge": "firing from the edge of cover",
}


@dataclass(frozen=True)
class Cell:
    """One cell of the table: ``auto``, not applicable, or aware / spotted distances in inches."""

    text: str
    auto: bool = False
    aware: int | None = None
    spotted: int | None = None

    @classmethod
    def parse(cls, text: str) -> Cell:
        t = text.strip().lower()
        if t == "auto":
            return cls(text, auto=True)
        if t == "-":
            return cls(text)
        parts = t.split("/")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(f"'{text}' is not a detection cell: write \"AWARE/SPOTTED\" (\"75/50\"), "
                             "\"auto\" or \"-\"")
        aware, spotted = (int(p) for p in parts)
        if spotted > aware:
            raise ValueError(f"'{text}': the spotted distance must not exceed the aware distance (BR-40)")
        return cls(text, aware=aware, spotted=spotted)

    @property
    def applies(self) -> bool:
        return self.auto or self.aware is not None


class TargetRow(Table):
    label: str
    moving_or_firing_open: str
    stationary_open: str
    in_cover: str
    firing_from_cover_edge: str

    @field_validator(*STATES)
    @classmethod
    def _is_cell(cls, value: str) -> str:
        Cell.parse(value)
        return value

    def cell(self, state: str) -> Cell:
        return Cell.parse(str(getattr(self, state)))


class Observer(Table):
    fast_vehicle_moved_over: int = Field(ge=0)
    fast_vehicle_divisor: int = Field(ge=1)


class DetectionTable(Table):
    targets: dict[str, TargetRow]
    observer: Observer


TABLE = load_table(DATA_FILE, DetectionTable)
TARGETS = tuple(TABLE.targets)


def _rank(cls: str) -> int:
    return CLASSES.index(cls)


def detection_class(target: str, state: str, distance: float | Fraction, *, observer_fast_vehicle: bool = False,
                    line_of_sight: bool = True, already: str = "unseen") -> str:
    """"spotted", "aware" or "unseen" for a measured distance in inches (BR-40 ... BR-44)."""
    if not line_of_sight:
        return "unseen"
    cell = TABLE.targets[target].cell(state)
    if not cell.applies:
        raise UsageError(f"target={target} has no state {state} (the table's '-')")
    if cell.auto:
        found = "spotted"
    else:
        div = TABLE.observer.fast_vehicle_divisor if observer_fast_vehicle else 1
        assert cell.aware is not None and cell.spotted is not None
        d = Fraction(distance)
        found = ("spotted" if d <= Fraction(cell.spotted, div)
                 else "aware" if d <= Fraction(cell.aware, div) else "unseen")
    return min(found, already, key=_rank)


def _inches(x: Fraction) -> str:
    whole = int(x)
    return f"{whole}\u00bd\"" if x - whole == Fraction(1, 2) else f"{x}\""


def _check(v: Mapping[str, Any]) -> None:
    cell = TABLE.targets[v["target"]].cell(v["target_state"])
    if not cell.applies:
        raise UsageError(f"target={v['target']} with target_state={v['target_state']}: the seed's table has '-' there "
                         "(a building or trench does not fire from the edge of cover, BR-43); use target_state="
                         "moving_or_firing_open, stationary_open or in_cover")
    if v["already"] != "unseen" and not v["line_of_sight"]:
        raise UsageError(f"already={v['already']} with line_of_sight=false: a detected target stays detected only "
                         "until it leaves the line of sight of the unit that acquired it; once out of sight it is "
                         "unseen (leave already out)")


@procedure(
    INFO,
    "detection-distance",
    example={"target": "infantry", "target_state": "stationary_open", "distance": 30},
    title="Detection (aware or spotted)",
    summary="Whether an enemy at a distance is spotted, aware (part detected) or unseen, by the detection table; "
            "a vehicle observer that moved over 6\" detects at half distance.",
    rule=RuleRef(SEED, (SECTION,), readings=("BR-11", "BR-25", "BR-40", "BR-41", "BR-42", "BR-43", "BR-44")),
    params=(
        Param("target", "choice", "the target's row: infantry (infantry, MGs, mortars), heavy_support (guns, BR-44), "
              "vehicle, building_trench (the work itself, BR-43)", choices=TARGETS),
        Param("target_state", "choice", "the target's column: moving_or_firing_open, stationary_open, in_cover "
              "(BR-25), firing_from_cover_edge", choices=STATES),
        Param("distance", "int", "inches from the observer to the target", minimum=0, maximum=500),
        Param("observer_fast_vehicle", "bool", "the observer is a vehicle that moved more than 6\" in its last move",
              False),
        Param("line_of_sight", "bool", "the observer has line of sight to the target (BR-11)", True),
        Param("already", "choice", "what the observer had already detected of the target, which has stayed in its "
              "line of sight since", "unseen", choices=CLASSES[::-1]),
    ),
    results=CLASSES,
    check=_check,
)
def detection_distance(r: Resolution, target: str, target_state: str, distance: int, observer_fast_vehicle: bool,
                       line_of_sight: bool, already: str) -> Outcome:
    """Seed 004 "Detection": the table's AWARE/SPOTTED distances (BR-40) for the target's row and
    state; "Auto" is spotted at any distance in line of sight (BR-41); a vehicle observer that moved
    more than 6" in its last move halves every distance, not "Auto" (BR-42); "-" is no such state
    (BR-43); "Heavy support weapons" are guns (BR-44); "in cover" as BR-25; detection is automatic,
    no dice (BR-40), and persists while the target stays in line of sight."""
    row = TABLE.targets[target]
    cell = row.cell(target_state)
    where = f"{row.label}, {STATE_WORDS[target_state]}"
    if not line_of_sight:
        r.step("no line of sight to the target: it is unseen, whatever the distance (BR-11), and any earlier "
               "detection of it is lost")
        return r.result("unseen", f"{where}: out of sight")
    if cell.auto:
        r.step(f"{where}: \"Auto\", spotted at any distance while in line of sight (BR-41)")
        if observer_fast_vehicle:
            r.step("the observer's fast move halves distances, but \"Auto\" has none to halve (BR-42)")
        return r.result("spotted", f"{where}: Auto")
    assert cell.aware is not None and cell.spotted is not None
    aware, spotted = Fraction(cell.aware), Fraction(cell.spotted)
    r.step(f"{where}: {cell.text} \u2014 aware within {cell.aware}\", spotted within {cell.spotted}\" (BR-40)")
    if observer_fast_vehicle:
        div = TABLE.observer.fast_vehicle_divisor
        aware, spotted = aware / div, spotted / div
        r.step(f"the observer is a vehicle that moved more than {TABLE.observer.fast_vehicle_moved_over}\" in its "
               f"last move: half distance, aware within {_inches(aware)}, spotted within {_inches(spotted)} (BR-42)")
    if distance <= spotted:
        found, why = "spotted", f"{distance}\" \u2264 {_inches(spotted)}: spotted"
    elif distance <= aware:
        found, why = "aware", f"{distance}\" \u2264 {_inches(aware)}: aware (part detected)"
    else:
        found, why = "unseen", f"{distance}\" > {_inches(aware)}: unseen"
    r.step(why)
    if _rank(already) < _rank(found):
        r.step(f"the target was already {already} and has stayed in the observer's line of sight: it remains {already}")
        return r.result(already, f"{where}: {cell.text}, held from before")
    if found == "spotted":
        r.step("spotted: may be fired at")
    elif found == "aware":
        r.step("aware: its general location is known; it may be fired at with the part-detected penalty, and an "
               "observer may call indirect fire on it")
    else:
        r.step("unseen: it may not be fired at (area weapons may still fire at a terrain feature)")
    return r.result(found, f"{where}: {cell.text}")
