"""The second half of the house rules (seed 000, sections 14-26): what its procedures share.

Section names, citations, the discipline-rating parameter, and the Battlefront: WWII
base tables these sections lean on (the seeds do not hold them): the original mine
passage chart, the bog-down table, the Improve Position table, the fire combat table,
the close combat table and an optional manoeuvre check. Each is a replaceable base
table (``--base-tables FILE``) with warroom's stand-in under ``base/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, Field, model_validator

from warroom.core.base_tables import BaseTable, register_base_table
from warroom.core.chance import Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.ruling import RuleRef
from warroom.core.tables import Table, load_table
from warroom.rulesets.bfwwii_house.info import INFO, SEED

HERE = Path(__file__).parent
MINUS = "\u2212"

# Section names as src/warroom/data/seed_sections.toml lists them.
ENGINEERING = "Engineering Manoeuvre Actions"
MINEFIELDS = "Minefield Rules"
LAYING = "Laying Mines"
CLEARING = "Clearing Mines"
WIRE = "Barbed Wire"
DITCHES = "Anti-Tank Ditches"
TEETH = "Dragons Teeth or AT Obstacles"
BOCAGE = "Bocage Hedgerows"
ROADBLOCKS = "Roadblocks"
BRIDGING = "Bridging"
FORTS = "Concrete Bunkers and Fortifications"
FUNNIES = "Hobart's \"Funnies\"-Special Engineering Vehicles"
MISC = "Miscellaneous Additional Rules and Restrictions"
IP_CLARIFICATIONS = "Improved Position Clarifications"

T = TypeVar("T", bound=BaseModel)


def cite(*sections: str, readings: tuple[str, ...] = ()) -> RuleRef:
    return RuleRef(SEED, sections, readings)


def src(section: str, detail: str = "") -> str:
    """A modifier's source as a ruling prints it."""
    return f"000 {section}" + (f", {detail}" if detail else "")


def data(name: str, schema: type[T]) -> T:
    """Load one of this half's rules tables, ``data/<name>.toml``, checked against ``schema``."""
    return load_table(HERE / "data" / f"{name}.toml", schema)


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def shown_total(roll: int, total: int) -> str:
    """``7 + 2 = 9`` (or ``7`` when nothing modifies it)."""
    mods = total - roll
    return f"{roll} {'+' if mods >= 0 else MINUS} {abs(mods)} = {total}" if mods else f"{total}"


DR = Param("dr", "int", "discipline rating (dr) of the unit, added to its roll", 0, minimum=-3, maximum=3)


def turn_rows(first: int, within: int, done: str, not_done: str) -> tuple[str, ...]:
    """``"<done> in N turns"`` for N from ``first`` to ``within``, then the not-finished row."""
    rows = tuple(f"{done} in {plural(n, 'turn')}" for n in range(first, within + 1))
    return (*rows, f"{not_done} within {plural(within, 'turn')}")


# --- base tables -----------------------------------------------------------------------------


class MinePassageChart(Table):
    """BFWWII's original mine passage chart: one die, four bands (reading BF-54)."""

    die_sides: int = Field(ge=2)
    knocked_out_at_most: int
    disordered_at_most: int
    halted_at_most: int

    @model_validator(mode="after")
    def _ordered(self) -> MinePassageChart:
        if not self.knocked_out_at_most <= self.disordered_at_most <= self.halted_at_most:
            raise ValueError("knocked_out_at_most <= disordered_at_most <= halted_at_most")
        return self

    def effect(self, total: int) -> str:
        if total <= self.knocked_out_at_most:
            return "knocked out"
        if total <= self.disordered_at_most:
            return "disordered"
        if total <= self.halted_at_most:
            return "halted"
        return "traverses"

    def band(self, effect: str) -> str:
        """The chart row of an effect, in words."""
        if effect == "knocked out":
            return f"{self.knocked_out_at_most} or less"
        if effect == "disordered":
            return f"{self.knocked_out_at_most + 1}-{self.disordered_at_most}"
        if effect == "halted":
            return f"{self.disordered_at_most + 1}-{self.halted_at_most}"
        return f"{self.halted_at_most + 1} or more"


class MoverModifiers(Table):
    troops: int
    tracked: int
    halftracked: int
    wheeled: int
    gun: int


class BogDownTable(Table):
    """BFWWII's bog-down table (reading BF-64)."""

    die_sides: int = Field(ge=2)
    bogged_at_most: int
    mover_modifiers: MoverModifiers


class ImprovePositionTable(Table):
    """BFWWII's Improve Position table (reading BF-66)."""

    die_sides: int = Field(ge=2)
    succeeds_on: int


FIRE_RESULTS = ("no effect", "suppressed", "disordered", "knocked out")
TARGET_CLASSES = ("troops", "gun", "soft_vehicle", "armoured_vehicle")


class FireColumn(Table):
    """One target class's column: the modified roll from which each result begins.

    ``suppressed_from`` is absent for a class the table never suppresses (vehicles).
    """

    suppressed_from: int | None = None
    disordered_from: int
    knocked_out_from: int

    @model_validator(mode="after")
    def _ordered(self) -> FireColumn:
        low = self.suppressed_from if self.suppressed_from is not None else self.disordered_from
        if not low <= self.disordered_from <= self.knocked_out_from:
            raise ValueError("suppressed_from <= disordered_from <= knocked_out_from")
        return self

    def result(self, total: int) -> str:
        if total >= self.knocked_out_from:
            return "knocked out"
        if total >= self.disordered_from:
            return "disordered"
        if self.suppressed_from is not None and total >= self.suppressed_from:
            return "suppressed"
        return "no effect"

    def band(self, result: str) -> str:
        if result == "knocked out":
            return f"{self.knocked_out_from} or more"
        if result == "disordered":
            return f"{self.disordered_from}-{self.knocked_out_from - 1}"
        if result == "suppressed":
            return f"{self.suppressed_from}-{self.disordered_from - 1}"
        low = self.suppressed_from if self.suppressed_from is not None else self.disordered_from
        return f"{low - 1} or less"


class FireColumns(Table):
    troops: FireColumn
    gun: FireColumn
    soft_vehicle: FireColumn
    armoured_vehicle: FireColumn


class FireCombatTable(Table):
    """BFWWII's fire combat table: one die plus attack strength and modifiers, by target class (BF-63)."""

    die_sides: int = Field(ge=2)
    targets: FireColumns

    def column(self, target_class: str) -> FireColumn:
        found: FireColumn = getattr(self.targets, target_class)
        return found


class CloseCombatTable(Table):
    """BFWWII's close combat table: what the loser suffers by the margin (reading BF-84)."""

    die_sides: int = Field(ge=2)
    fall_back_by: int = Field(ge=1)
    disordered_by: int = Field(ge=1)
    knocked_out_by: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> CloseCombatTable:
        if not self.fall_back_by <= self.disordered_by <= self.knocked_out_by:
            raise ValueError("fall_back_by <= disordered_by <= knocked_out_by")
        return self

    def loser(self, margin: int) -> str:
        """What the side that lost by ``margin`` (> 0) suffers; ``no result`` below the first band."""
        if margin >= self.knocked_out_by:
            return "knocked out"
        if margin >= self.disordered_by:
            return "falls back disordered"
        if margin >= self.fall_back_by:
            return "falls back"
        return "no result"


class ManoeuvreTable(Table):
    """An optional per-turn check for an available action (reading BF-52)."""

    die_sides: int = Field(ge=2)
    no_action_at_most: int


def _base(name: str, schema: type[T], what: str) -> BaseTable[T]:
    return register_base_table(INFO.id, name, schema, HERE / "base" / f"{name}.toml", what)


MINE_PASSAGE = _base("b_mine_passage", MinePassageChart, "Battlefront: WWII's original mine passage chart")
BOG_DOWN = _base("b_bog_down", BogDownTable, "Battlefront: WWII's bog-down table (breach/bog-down check)")
IMPROVE_POSITION = _base("b_improve_position", ImprovePositionTable, "Battlefront: WWII's Improve Position table")
FIRE_COMBAT = _base("b_fire_combat", FireCombatTable, "Battlefront: WWII's fire combat table")
CLOSE_COMBAT = _base("b_close_combat", CloseCombatTable, "Battlefront: WWII's close combat table")
MANOEUVRE = _base("b_manoeuvre", ManoeuvreTable,
                  "an optional available-action check standing in for Battlefront: WWII's manoeuvre rules")


# --- shared resolutions ------------------------------------------------------------------------


def roll_fire(r: Resolution, modifier: int, target_class: str, label: str = "fire combat") -> tuple[str, str]:
    """One roll on the fire combat table's ``target_class`` column: (result, the table row used)."""
    t = FIRE_COMBAT.read(r)
    column = t.column(target_class)
    roll = r.die(t.die_sides, label=label)
    total = roll + modifier
    result = column.result(total)
    r.step(f"{label}: d{t.die_sides} {shown_total(roll, total)} on the {target_class.replace('_', ' ')} column "
           f"\u2192 {result}")
    return result, f"fire combat, {target_class.replace('_', ' ')} {column.band(result)}: {result} (modified {total})"


def roll_improve_position(r: Resolution, modifier: int, label: str = "improve position") -> tuple[bool, str]:
    """One roll on the Improve Position table: (success, the table row used)."""
    t = IMPROVE_POSITION.read(r)
    roll = r.die(t.die_sides, label=label)
    total = roll + modifier
    ok = total >= t.succeeds_on
    r.step(f"{label}: d{t.die_sides} {shown_total(roll, total)} against {t.succeeds_on}+ \u2192 "
           + ("succeeds" if ok else "fails"))
    verdict, sign = ("success", "\u2265") if ok else ("failure", "<")
    return ok, f"IP table {total} {sign} {t.succeeds_on}: {verdict}"


# --- close combat ---------------------------------------------------------------------------------

ATTACKER_RATING = Param("attacker_rating", "int",
                        "the attacker's unmodified close combat rating against this target", 1, minimum=0, maximum=10)
TARGET_STATE = Param("target_state", "choice", "the target's state as the attacker initiates close combat", "none",
                     choices=("none", "suppressed", "disordered", "concealed"))


def may_initiate(rating: int, target_state: str) -> bool:
    """Seed 000 "Restrictions on Close Combat" (reading BF-81)."""
    return rating > 0 or target_state != "none"


def check_may_initiate(v: Mapping[str, Any]) -> None:
    if not may_initiate(v["attacker_rating"], v["target_state"]):
        raise UsageError("attacker_rating=0: a unit with a close combat rating of 0 against the target may not "
                         "initiate close combat unless the target is suppressed, disordered or in concealment "
                         "(000 Restrictions on Close Combat)")


def close_combat(r: Resolution, attacker: int, defender: int) -> tuple[str, str, int]:
    """Both sides roll the close combat die plus their modifiers: (loser, its result, margin).

    ``loser`` is ``"attacker"``, ``"defender"`` or ``"neither"``.
    """
    t = CLOSE_COMBAT.read(r)
    r.step(f"close combat: attacker d{t.die_sides} {signed(attacker)} against defender d{t.die_sides} "
           f"{signed(defender)}")
    d = r.difference(t.die_sides, t.die_sides, label="close combat (attacker, defender)")
    margin = d + attacker - defender
    if margin == 0:
        return "neither", "no result", 0
    loser = "defender" if margin > 0 else "attacker"
    return loser, t.loser(abs(margin)), margin
