"""The Brigade movement table (data/movement.toml): each kind of troops' rate over each kind of ground, the
movement dice, and the rules of unit integrity.

Seed 004 "Movement" (the movement table, "Unit integrity", "Advancing in close order") on the terrain kinds of
seed 003 "Terrain, Buildings and Other Features"; readings BR-1 ... BR-9 and BR-26 (docs/rulings.md). The queries
on a table are in :mod:`.geometry` and :mod:`.paths`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from pydantic import Field, field_validator

from warroom.core.errors import UsageError, suggest
from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.table import COLUMN_WORDS, Column
from warroom.rulesets.terrain_mines.terrain import unit_kinds

MOVEMENT_FILE = Path(__file__).with_name("data") / "movement.toml"

_RATE = re.compile(r"^(?:(?P<base>\d+(?:\.\d+)?)\+)?d6(?:x(?P<times>\d+(?:\.\d+)?))?(?:-(?P<minus>\d+))?$")


@dataclass(frozen=True)
class Rate:
    """One entry of seed 004's movement table: inches, or a throw of one D6 (BR-6).

    ``base + per_pip * D6``; a fixed rate has ``per_pip == 0``. "A negative move distance
    counts as zero": :meth:`allowance` is never below 0, and :meth:`negative` says whether the
    throw made a negative move (a vehicle then throws for being stuck).
    """

    text: str
    base: Fraction
    per_pip: Fraction

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """``"6"``, ``"1 + (D6 x 0.5)"``, ``"(D6 - 3)"``, ``"1 +(D6)"``, ``"(D6x0.5)"``; ``"-"`` is None."""
        compact = re.sub(r"[\s()]", "", text).lower()
        if compact == "-":
            return None
        if re.fullmatch(r"\d+(?:\.\d+)?", compact):
            return cls(text, Fraction(compact), Fraction(0))
        found = _RATE.match(compact)
        if found is None:
            raise ValueError(f"'{text}' is not a rate: write inches (\"6\"), a throw "
                             "(\"1 + (D6 x 0.5)\", \"(D6 - 3)\") or \"-\"")
        base = Fraction(found["base"] or 0) - Fraction(found["minus"] or 0)
        return cls(text, base, Fraction(found["times"] or 1))

    @property
    def random(self) -> bool:
        return self.per_pip != 0

    def distance(self, roll: int | None = None) -> Fraction:
        """The move the rate gives, before "counts as zero": may be negative."""
        if self.random:
            if roll is None or not 1 <= roll <= 6:
                raise UsageError(f"the rate {self.text} needs the D6 thrown for it (1 to 6), not {roll}")
            return self.base + self.per_pip * roll
        return self.base

    def allowance(self, roll: int | None = None) -> Fraction:
        """Inches of move: "A negative move distance counts as zero"."""
        return max(Fraction(0), self.distance(roll))

    def negative(self, roll: int | None = None) -> bool:
        """Whether the move is negative (a move of exactly 0 is not: BR-6)."""
        return self.distance(roll) < 0

    @property
    def lowest(self) -> Fraction:
        return self.allowance(1) if self.random else self.base

    @property
    def highest(self) -> Fraction:
        return self.allowance(6) if self.random else self.base


class Mover(Table):
    """One row of seed 004's movement table and the seed-003 unit kind it moves as (BR-2)."""

    label: str
    unit: str
    road: str
    open: str
    rough: str
    thick: str

    @field_validator("road", "open", "rough", "thick")
    @classmethod
    def _is_rate(cls, value: str) -> str:
        Rate.parse(value)
        return value

    @field_validator("unit")
    @classmethod
    def _is_unit(cls, value: str) -> str:
        if value not in unit_kinds():
            raise ValueError(f"'{value}' is not a seed-003 unit kind ({', '.join(unit_kinds())})")
        return value

    def rate(self, column: Column) -> Rate | None:
        return _rates(self)[column]


@functools.cache
def _rates(mover: Mover) -> dict[str, Rate | None]:
    return {column: Rate.parse(getattr(mover, column)) for column in COLUMN_WORDS}


class IntegrityRules(Table):
    """ "Unit integrity", horse holders, bases and close order, in inches (BR-26)."""

    spacing_inches: float = Field(gt=0)
    holder_reach_inches: float = Field(gt=0)
    base_inches: float = Field(ge=0)
    contact_inches: float = Field(ge=0)


class MovementTables(Table):
    movers: dict[str, Mover]
    integrity: IntegrityRules


def load_movement(path: Path = MOVEMENT_FILE) -> MovementTables:
    """Load and check a movement file (the shipped one unless ``path`` names another)."""
    return load_table(path, MovementTables)


MOVEMENT = load_movement()
"""Seed 004's movement table and integrity distances, loaded at import: a broken file shows at once."""


def mover(name: str) -> Mover:
    """The movement-table row ``name`` (``medium_tanks``); UsageError naming the rows if unknown."""
    try:
        return MOVEMENT.movers[name]
    except KeyError:
        raise UsageError(f"unknown troop type '{name}'{suggest(name, MOVEMENT.movers)}; the movement table's rows "
                         f"are: {', '.join(MOVEMENT.movers)}") from None


def unit_of(name: str) -> str:
    """The seed-003 unit kind of ``name``: a movement-table row (``medium_tanks``) or a unit kind (``tank``)."""
    if name in MOVEMENT.movers:
        return MOVEMENT.movers[name].unit
    if name in unit_kinds():
        return name
    known = (*MOVEMENT.movers, *unit_kinds())
    raise UsageError(f"unknown unit '{name}'{suggest(name, known)}; give a movement-table row "
                     f"({', '.join(MOVEMENT.movers)}) or a seed-003 unit kind ({', '.join(unit_kinds())})")


