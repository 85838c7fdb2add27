"""The Battlefront: WWII base-game tables the whole house-rules ruleset leans on, registered once.

Seed 000 is a supplement: the fire combat table, the spotting chart, the Improve Position
table, the bail-out check, the bog-down table, the original mine passage chart, the close
combat table and the manoeuvre rules are in the BFWWII rulebook, not in the seeds. Each is
one named, replaceable base table, read by both halves of the ruleset (sections 1-13, the
``a_*`` modules, and sections 14-26, the ``b_*`` modules): an umpire replaces it once with
``--base-tables FILE`` holding a top-level ``[fire_combat]``, ``[improve_position]``,
``[bog_down]``, ``[spotting]``, ``[bail_out]``, ``[mine_passage]``, ``[close_combat]`` or
``[manoeuvre]`` table. warroom ships stand-ins under ``base/<name>.toml`` that say they are
reconstructions (readings BF-1, BF-52, BF-54, BF-63, BF-64, BF-66, BF-84).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self, TypeVar

from pydantic import BaseModel, Field, model_validator

from warroom.core.base_tables import BaseTable, register_base_table
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.info import INFO

T = TypeVar("T", bound=BaseModel)

BASE = Path(__file__).resolve().parent / "base"


def _register(name: str, schema: type[T], what: str) -> BaseTable[T]:
    return register_base_table(INFO.id, name, schema, BASE / f"{name}.toml", what)


# --- fire combat table (BF-1, BF-63) ---------------------------------------------------------------

NO_EFFECT = "no effect"
# The results the seed names, mildest first; both halves act on these names.
FIRE_RESULTS = (NO_EFFECT, "suppressed", "disordered", "knocked out")
TARGET_CLASSES = ("troops", "gun", "soft_vehicle", "armoured_vehicle")


class FireBand(Table):
    """One band of the fire combat table: this result at ``from_roll`` or more."""

    from_roll: int
    result: Literal["suppressed", "disordered", "knocked out"]


class FireColumn(Table):
    """The fire combat table's column for one target class: its bands, in rising order.

    A class the table never merely suppresses (vehicles) has no ``suppressed`` band.
    """

    label: str | None = None
    bands: tuple[FireBand, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ascending(self) -> Self:
        rolls = [b.from_roll for b in self.bands]
        if rolls != sorted(set(rolls)):
            raise ValueError("bands must be in rising order of from_roll, each roll once")
        severity = [FIRE_RESULTS.index(b.result) for b in self.bands]
        if severity != sorted(set(severity)):
            raise ValueError("each result once, and worse results from higher rolls: suppressed, disordered, "
                             "knocked out")
        return self

    def read(self, modified: int) -> str:
        """The result a modified roll gives."""
        found = NO_EFFECT
        for band in self.bands:
            if modified >= band.from_roll:
                found = band.result
        return found

    def results(self) -> tuple[str, ...]:
        """Every result of this column, mildest first."""
        return (NO_EFFECT, *(b.result for b in self.bands))

    def band_text(self, modified: int) -> str:
        """The row a modified roll falls in, as ``modified 9 at or above 8: disordered``."""
        below = self.bands[0].from_roll
        if modified < below:
            return f"modified {modified} below {below}: {NO_EFFECT}"
        band = max((b for b in self.bands if modified >= b.from_roll), key=lambda b: b.from_roll)
        return f"modified {modified} at or above {band.from_roll}: {band.result}"

    def band(self, result: str) -> str:
        """The modified rolls that give ``result``, as ``8-9``, ``10 or more`` or ``5 or less``."""
        if result == NO_EFFECT:
            return f"{self.bands[0].from_roll - 1} or less"
        for i, b in enumerate(self.bands):
            if b.result == result:
                if i + 1 == len(self.bands):
                    return f"{b.from_roll} or more"
                return f"{b.from_roll}-{self.bands[i + 1].from_roll - 1}"
        raise KeyError(result)


class FireColumns(Table):
    troops: FireColumn
    gun: FireColumn
    soft_vehicle: FireColumn
    armoured_vehicle: FireColumn


class FireCombatTable(Table):
    """BFWWII's fire combat table: one die plus the firer's tactical factor (attack strength against the
    target's class) and modifiers, read in the target class's column (BF-1, BF-63)."""

    die_sides: int = Field(ge=2)
    targets: FireColumns

    def target(self, kind: str) -> FireColumn:
        """The column of a target class (``troops``, ``gun``, ``soft_vehicle``, ``armoured_vehicle``)."""
        found: FireColumn = getattr(self.targets, kind)
        return found

    def label(self, kind: str) -> str:
        """A target class's column in words."""
        return self.target(kind).label or kind.replace("_", " ")


FIRE_COMBAT = _register("fire_combat", FireCombatTable, "Battlefront: WWII's fire combat table")

# --- Improve Position table (BF-1, BF-66) ---------------------------------------------------------------


class ImprovePositionTable(Table):
    """BFWWII's Improve Position roll: one die plus discipline rating and modifiers, ``succeeds_on`` or more."""

    die_sides: int = Field(ge=2)
    succeeds_on: int


IMPROVE_POSITION = _register("improve_position", ImprovePositionTable, "Battlefront: WWII's Improve Position table")

# --- bog-down table (BF-1, BF-64) -----------------------------------------------------------------------


class BogDownTerrain(Table):
    """Terrain modifiers for the terrain sections 1-13 send vehicles through."""

    partially_blocked_street: int
    rubble: int
    other: int


class BogDownMovers(Table):
    """Modifiers by what crosses (the obstacles of sections 14-26)."""

    troops: int
    tracked: int
    halftracked: int
    wheeled: int
    gun: int


class BogDownTable(Table):
    """BFWWII's bog-down check: one die, modified; bogged down at ``bogged_down_at_or_below`` or less."""

    die_sides: int = Field(ge=2)
    bogged_down_at_or_below: int
    terrain_modifiers: BogDownTerrain
    mover_modifiers: BogDownMovers


BOG_DOWN = _register("bog_down", BogDownTable, "Battlefront: WWII's bog-down table")

# --- spotting chart (BF-1) ----------------------------------------------------------------------------


class SpottingTerrain(Table):
    """The chart's distance for a stationary troop target in each terrain, in inches (a rung of the ladder)."""

    open: int
    sparse_edge: int
    sparse_deep: int
    dense_edge: int
    dense_deep: int
    bus: int


class SpottingTable(Table):
    """BFWWII's spotting chart as a ladder of distances moved up and down by Up/Down modifiers."""

    ladder_inches: tuple[int, ...] = Field(min_length=2)
    stationary_troops: SpottingTerrain
    moving_or_firing_up: int = Field(ge=0)
    vehicle_up: int = Field(ge=0)
    higher_elevation_up: int = Field(ge=0)
    dense_max_inches: int = Field(ge=1)
    suspected_multiplier: int = Field(ge=1)

    @model_validator(mode="after")
    def _on_the_ladder(self) -> Self:
        if list(self.ladder_inches) != sorted(set(self.ladder_inches)) or self.ladder_inches[0] < 1:
            raise ValueError("ladder_inches must rise, each distance once, from at least 1")
        for terrain, inches in self.stationary_troops.model_dump().items():
            if inches not in self.ladder_inches:
                raise ValueError(f"stationary_troops.{terrain} = {inches} is not a rung of ladder_inches")
        return self

    def rung(self, terrain: str) -> int:
        inches: int = getattr(self.stationary_troops, terrain)
        return self.ladder_inches.index(inches)


SPOTTING = _register("spotting", SpottingTable, "Battlefront: WWII's spotting chart")

# --- bail-out check (BF-1) ----------------------------------------------------------------------------


class BailOutTable(Table):
    """BFWWII's bail-out check: one die, modified; low is bad."""

    die_sides: int = Field(ge=2)
    knocked_out_at_or_below: int
    disordered_at_or_below: int

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.disordered_at_or_below < self.knocked_out_at_or_below:
            raise ValueError("disordered_at_or_below must be at least knocked_out_at_or_below")
        return self


BAIL_OUT = _register("bail_out", BailOutTable, "Battlefront: WWII's bail-out check")

# --- original mine passage chart (BF-54) ----------------------------------------------------------


class MinePassageChart(Table):
    """BFWWII's original mine passage chart: one die, four bands (reading BF-54)."""

    die_sides: int = Field(ge=2)
    knocked_out_at_most: int
    disordered_at_most: int
    halted_at_most: int

    @model_validator(mode="after")
    def _ordered(self) -> Self:
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


MINE_PASSAGE = _register("mine_passage", MinePassageChart, "Battlefront: WWII's original mine passage chart")

# --- close combat table (BF-84) -------------------------------------------------------------------


class CloseCombatTable(Table):
    """BFWWII's close combat table: what the loser suffers by the margin (reading BF-84)."""

    die_sides: int = Field(ge=2)
    fall_back_by: int = Field(ge=1)
    disordered_by: int = Field(ge=1)
    knocked_out_by: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> Self:
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


CLOSE_COMBAT = _register("close_combat", CloseCombatTable, "Battlefront: WWII's close combat table")

# --- available-action check (BF-52) ----------------------------------------------------------------


class ManoeuvreTable(Table):
    """An optional per-turn check for an available action (reading BF-52)."""

    die_sides: int = Field(ge=2)
    no_action_at_most: int


MANOEUVRE = _register("manoeuvre", ManoeuvreTable,
                      "an optional available-action check standing in for Battlefront: WWII's manoeuvre rules")
