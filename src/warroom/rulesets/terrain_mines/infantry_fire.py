"""The Infantry Fire Table that seed 003 leans on but does not include: a replaceable base table.

Seed 003 "MINES": an AP mine "has a firepower equivalent of 2" against troops, and "troops in
a soft vehicle affected by an anti-tank mine must roll for survival (firepower equivalent of
"2", defense of "1")" on "the Infantry Fire Table" (the worked example). That table is on a
sibling page not in the seeds, so it is registered here as the base table ``infantry_fire``
with warroom's stand-in ``base/infantry_fire.toml`` (TM-28); the umpire replaces it with
``--base-tables FILE``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Self

from pydantic import Field, model_validator

from warroom.core.base_tables import BaseTable, register_base_table
from warroom.core.errors import UsageError
from warroom.core.tables import Table
from warroom.rulesets.terrain_mines.common import Bands, Dice, say_roll
from warroom.rulesets.terrain_mines.info import INFO

STAND_IN = Path(__file__).with_name("base") / "infantry_fire.toml"

# The three results a roll on the table can give, worst first (TM-28).
ELIMINATED, PINNED, UNHURT = "eliminated", "pinned", "unhurt"
FIRE_RESULTS = (ELIMINATED, PINNED, UNHURT)


class FireCell(Table):
    """One cell: firepower against defense, read on a percentile roll (low is bad for the target)."""

    firepower: int = Field(ge=1)
    defense: int = Field(ge=1)
    eliminated_up_to: int = Field(ge=0, le=100)
    pinned_up_to: int = Field(ge=0, le=100)

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.pinned_up_to < self.eliminated_up_to:
            raise ValueError("pinned_up_to must be at least eliminated_up_to (pinned is read above eliminated)")
        return self

    def bands(self) -> Bands:
        return _fire_bands(self.eliminated_up_to, self.pinned_up_to)


@functools.cache
def _fire_bands(eliminated_up_to: int, pinned_up_to: int) -> Bands:
    """The cell as bands, leaving out a band no roll reaches (e.g. no "pinned" when both bounds are equal)."""
    edges: list[tuple[int, str]] = []
    for top, band in ((eliminated_up_to, ELIMINATED), (pinned_up_to, PINNED), (100, UNHURT)):
        if top > (edges[-1][0] if edges else 0):
            edges.append((top, band))
    return Bands(tuple(edges))


class InfantryFireTable(Table):
    """The Infantry Fire Table: one cell per (firepower, defense)."""

    cells: tuple[FireCell, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> Self:
        seen: set[tuple[int, int]] = set()
        for cell in self.cells:
            key = (cell.firepower, cell.defense)
            if key in seen:
                raise ValueError(f"two cells for firepower {key[0]}, defense {key[1]}")
            seen.add(key)
        return self

    def cell(self, firepower: int, defense: int) -> FireCell:
        for c in self.cells:
            if c.firepower == firepower and c.defense == defense:
                return c
        have = ", ".join(str(c.defense) for c in self.cells if c.firepower == firepower) or "none"
        raise UsageError(f"the Infantry Fire Table in force has no cell for firepower {firepower}, defense {defense} "
                         f"(defenses it has for firepower {firepower}: {have})")

    def defenses(self, firepower: int) -> tuple[int, ...]:
        return tuple(sorted(c.defense for c in self.cells if c.firepower == firepower))


INFANTRY_FIRE: BaseTable[InfantryFireTable] = register_base_table(
    INFO.id, "infantry_fire", InfantryFireTable, STAND_IN,
    "the Infantry Fire Table (firepower against defense, read on percentile dice)",
)


def fire_roll(d: Dice, table: InfantryFireTable, label: str, firepower: int, defense: int, what: str) -> str:
    """One roll on the Infantry Fire Table: eliminated, pinned or unhurt (TM-28).

    ``table`` is the table in force, read once with ``INFANTRY_FIRE.read(r)`` before the
    first die, so the ruling says once whose table it is.
    """
    r = d.r
    cell = table.cell(firepower, defense)
    bands = cell.bands()
    band, roll = d.roll(label, bands)
    say_roll(r, roll, bands, band, f"{what}, firepower {firepower} against defense {defense}")
    return band


def worst(a: str, b: str) -> str:
    """The worse of two Infantry Fire Table results: several rolls on one squad keep the worst (TM-27)."""
    order = {UNHURT: 0, PINNED: 1, ELIMINATED: 2}
    return a if order.get(a, 0) >= order.get(b, 0) else b
