"""Battlefront: WWII base-game tables that sections 1-13 of the house rules lean on.

Seed 000 is a supplement: the fire combat table, the spotting chart, the Improve
Position table, the bail-out check and the bog-down table are in the BFWWII rulebook,
not in the seeds. Each is a named, replaceable base table (``--base-tables FILE`` with
a top-level ``[a_fire_combat]``, ``[a_spotting]``, ``[a_improve_position]``,
``[a_bail_out]`` or ``[a_bog_down]``); warroom ships stand-ins under ``base/`` that
say they are reconstructions (reading BF-1).
"""

from __future__ import annotations

from typing import Self

from pydantic import Field, model_validator

from warroom.core.base_tables import BaseTable, register_base_table
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import BASE
from warroom.rulesets.bfwwii_house.info import INFO

# --- fire combat table ------------------------------------------------------------------------------


class FireBand(Table):
    """One band of the fire combat table: this result at ``from_roll`` or more."""

    from_roll: int
    result: str = Field(min_length=1)


class FireTarget(Table):
    """The fire combat table's column for one target class."""

    label: str
    bands: tuple[FireBand, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ascending(self) -> Self:
        rolls = [b.from_roll for b in self.bands]
        if rolls != sorted(set(rolls)):
            raise ValueError("bands must be in rising order of from_roll, each roll once")
        return self

    def read(self, modified: int, nothing: str) -> str:
        """The result a modified roll gives."""
        found = nothing
        for band in self.bands:
            if modified >= band.from_roll:
                found = band.result
        return found

    def results(self, nothing: str) -> tuple[str, ...]:
        return (nothing, *(b.result for b in self.bands))

    def band_text(self, modified: int, nothing: str) -> str:
        below = self.bands[0].from_roll
        if modified < below:
            return f"modified {modified} below {below}: {nothing}"
        band = max((b for b in self.bands if modified >= b.from_roll), key=lambda b: b.from_roll)
        return f"modified {modified} at or above {band.from_roll}: {band.result}"


class FireTargets(Table):
    troops: FireTarget
    gun: FireTarget
    soft_vehicle: FireTarget
    armoured_vehicle: FireTarget


class FireCombatTable(Table):
    """BFWWII's fire combat table: one die plus the firer's tactical factor and modifiers."""

    die_sides: int = Field(ge=2)
    no_effect: str = "no effect"
    targets: FireTargets

    def target(self, kind: str) -> FireTarget:
        found: FireTarget = getattr(self.targets, kind)
        return found


FIRE_COMBAT: BaseTable[FireCombatTable] = register_base_table(
    INFO.id, "a_fire_combat", FireCombatTable, BASE / "a_fire_combat.toml",
    "Battlefront: WWII's fire combat table",
)

# --- spotting chart ---------------------------------------------------------------------------------


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


SPOTTING: BaseTable[SpottingTable] = register_base_table(
    INFO.id, "a_spotting", SpottingTable, BASE / "a_spotting.toml", "Battlefront: WWII's spotting chart",
)

# --- Improve Position table -------------------------------------------------------------------------


class ImprovePositionTable(Table):
    """BFWWII's Improve Position roll: one die plus discipline rating and modifiers, ``succeeds_on`` or more."""

    die_sides: int = Field(ge=2)
    succeeds_on: int


IMPROVE_POSITION: BaseTable[ImprovePositionTable] = register_base_table(
    INFO.id, "a_improve_position", ImprovePositionTable, BASE / "a_improve_position.toml",
    "Battlefront: WWII's Improve Position table",
)

# --- bail-out check ---------------------------------------------------------------------------------


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


BAIL_OUT: BaseTable[BailOutTable] = register_base_table(
    INFO.id, "a_bail_out", BailOutTable, BASE / "a_bail_out.toml", "Battlefront: WWII's bail-out check",
)

# --- bog-down table ---------------------------------------------------------------------------------


class BogDownTerrain(Table):
    """The bog-down table's terrain modifiers for the terrain these sections send vehicles through."""

    partially_blocked_street: int
    rubble: int
    other: int


class BogDownTable(Table):
    """BFWWII's bog-down check: one die, modified; bogged down at ``bogged_down_at_or_below`` or less."""

    die_sides: int = Field(ge=2)
    bogged_down_at_or_below: int
    terrain: BogDownTerrain


BOG_DOWN: BaseTable[BogDownTable] = register_base_table(
    INFO.id, "a_bog_down", BogDownTable, BASE / "a_bog_down.toml", "Battlefront: WWII's bog-down table",
)
