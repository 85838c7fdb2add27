"""The second half of the house rules (seed 000, sections 14-26): what its procedures share.

Section names, citations, the discipline-rating parameter, and this half's resolutions on
the Battlefront: WWII base tables the seeds do not hold (the fire combat table, the
Improve Position table, the close combat table). The base tables themselves are shared
with the first half and registered once in :mod:`base_tables`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from warroom.core.chance import Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.ruling import RuleRef
from warroom.core.tables import load_table
from warroom.rulesets.bfwwii_house.base_tables import CLOSE_COMBAT, FIRE_COMBAT, IMPROVE_POSITION
from warroom.rulesets.bfwwii_house.info import SEED

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


# --- shared resolutions ------------------------------------------------------------------------


def roll_fire(r: Resolution, modifier: int, target_class: str, label: str = "fire combat") -> tuple[str, str]:
    """One roll on the fire combat table's ``target_class`` column: (result, the table row used)."""
    t = FIRE_COMBAT.read(r)
    column = t.target(target_class)
    name = t.label(target_class)
    roll = r.die(t.die_sides, label=label)
    total = roll + modifier
    result = column.read(total)
    r.step(f"{label}: d{t.die_sides} {shown_total(roll, total)} on the {name} column \u2192 {result}")
    return result, f"fire combat, {name} {column.band(result)}: {result} (modified {total})"


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
