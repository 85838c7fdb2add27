"""Pieces the first-half procedures of the BFWWII house rules share (seed 000, sections 1-13).

Section names follow ``warroom/data/seed_sections.toml`` (the body's names: the seed
numbers two sections "5.", see the inventory's seed-wide notes).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from warroom.core.chance import ChanceSource, Node, Process, Resolution
from warroom.core.ruling import RuleRef
from warroom.core.tables import Table, load_table
from warroom.rulesets.bfwwii_house.info import SEED

T = TypeVar("T", bound=Table)

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

MINUS = "\u2212"

BASE_SIZES = "Base Sizes"
GRAZING = "Grazing Fire"
SNEAK = "Sneak Manoeuvre Action"
FOO = "British Artillery – Replacement of FOO Casualties"
MULTI = "Multi-Level BUS"
NIGHT_GOOD = "Night Rules - Good Visibility"
DAWN = "Dawn / Dusk Rules or Day Poor Visibility"
NIGHT_POOR = "Night Rules - Poor Visibility"
KO = "Knocked Out Vehicle Table"
FIRE = "Fire"
IP = "Improved Position Clarifications"
FLAT = "Flat Featureless Terrain"
RUBBLE = "Destroying BUS and Rubble"
STREETS = "Lanes, Streets & Roads & Rubble"



def cite(*sections: str, readings: tuple[str, ...] = ()) -> RuleRef:
    """A rule citation of seed 000."""
    return RuleRef(SEED, sections, readings)


def src(section: str, detail: str = "") -> str:
    """A modifier's source as a ruling prints it."""
    return f"000 {section}" + (f", {detail}" if detail else "")


def signed(value: int) -> str:
    """+1, 0, \u22122 as the seed's tables print them."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def load_data(name: str, schema: type[T]) -> T:
    """Load ``data/<name>.toml`` against its schema (at import, so a broken file shows at once)."""
    return load_table(DATA / f"{name}.toml", schema)


def die_range(low: int, high: int, sides: int) -> str:
    """The faces of a die from ``low`` to ``high`` (clamped to the die) in words."""
    low, high = max(low, 1), min(high, sides)
    if low > high:
        return "no face"
    if low == high:
        return f"a {low}"
    return f"{low}\u2013{high}"


def plus(value: int) -> str:
    """A term added to a roll as written out: `` + 3``, `` − 1`` or nothing for 0."""
    if value > 0:
        return f" + {value}"
    if value < 0:
        return f" {MINUS} {-value}"
    return ""


class _NoChance(ChanceSource):
    """For working out a calculator's result row outside a ruling: it throws no dice."""

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        raise RuntimeError("a calculator's result row needs no dice")

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        raise RuntimeError("a calculator's result row needs no dice")


def quiet() -> Resolution:
    """A resolution that records nothing and throws no dice (result rows of calculators)."""
    return Resolution(_NoChance(), explain=False)
