"""Company Fire's unit catalogue: the kinds of unit a scenario's forces are drawn from.

Seed 002, sections "Figures", "Stacking", "Movement", "Individual Unit Fire", "Close
Assault", "Facing", "Attacking vehicles" and "Single Mounted Figures (SMFs)". Readings
CF-9, CF-41 ... CF-43 (docs/rulings.md).

The catalogue is data (``data/units.toml``, schema :class:`UnitTables`), loaded and
checked at import against the weapons of ``tables.toml``. A unit type is a kind
(squad, weapon team, gun, SMF: movement rate, whether it counts against the stacking
limit, whether it may move and fire or close assault) plus its own weapon, anti-tank
weapon and abilities. A vehicle type also names its vehicle class (``[vehicle_classes.*]``:
seed "Vehicle Movement" rates, tracked or wheeled, turret, closed top, armour, heavy;
readings CF-65 ... CF-77). :func:`unit_type` looks a type up by name; a bad name gets one
line with suggestions.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from warroom.core.errors import UsageError, suggest
from warroom.core.rule_uses import register_rule_use
from warroom.core.tables import Table, load_table
from warroom.rulesets.company_fire.info import SEED
from warroom.rulesets.company_fire.tables import Weapon, tables

UNITS_FILE = Path(__file__).with_name("data") / "units.toml"

Kind = Literal["squad", "weapon_team", "gun", "smf", "vehicle"]
"""What a unit is."""

PlayableKind = Kind

Ability = Literal["smg_assault", "engineer", "indirect_fire", "mg_op_fire", "sniper", "forward_observer", "scout",
                  "leader", "at_grenades"]

Experience = Literal["green", "regular", "veteran"]
"""Troop quality (seed "Unit Status, Hit Results and Rallying", Rally; "Movement Test")."""

EXPERIENCES: tuple[Experience, ...] = ("green", "regular", "veteran")



class UnitsError(UsageError):
    """A unit catalogue or a unit type name that cannot be used: the message says what is allowed."""


# --- the schema of units.toml -------------------------------------------------------------------


class KindRow(Table):
    label: str
    movement_spaces: int = Field(ge=0)
    counts_against_stacking_limit: bool
    weapon_crew: bool
    move_and_fire: bool
    may_close_assault: bool
    faces_an_edge: bool


class AntiTankWeapon(Table):
    label: str
    range_spaces: int = Field(ge=1)
    dice: int = Field(ge=1)
    light: bool
    close_range: int = Field(default=0, ge=0)
    close_dice: int = Field(default=0, ge=0)

    def dice_at(self, distance: int) -> int:
        """The dice at a range: bazookas and panzerschrecks roll more at 2 spaces or less (CF-75)."""
        return self.close_dice if self.close_range and distance <= self.close_range else self.dice


class VehicleClass(Table):
    label: str
    off_road: int = Field(ge=1)
    on_road: int = Field(ge=1)
    tracked: bool
    turret: bool
    closed_top: bool
    armoured: bool
    heavy: bool
    moves_and_fires_gun: bool
    close_assault: Literal["tank", "afv", "none"]
    carries: int = Field(default=0, ge=0)
    """Squads or weapon teams it carries (reading CF-90); SMFs ride besides, up to ``carries_smfs``."""
    carries_smfs: int = Field(default=0, ge=0)


class UnitTypeRow(Table):
    label: str
    kind: Kind
    weapon: str | None = None
    anti_tank: str | None = None
    abilities: tuple[Ability, ...] = ()
    leader: Literal["platoon_leader", "company_commander"] | None = None
    vehicle: str | None = None


class UnitTables(Table):
    kinds: dict[PlayableKind, KindRow]
    anti_tank_weapons: dict[str, AntiTankWeapon]
    vehicle_classes: dict[str, VehicleClass]
    units: dict[str, UnitTypeRow]

    @model_validator(mode="after")
    def _consistent(self) -> UnitTables:
        weapons = tables().weapons
        for name, row in self.units.items():
            where = f"unit type {name!r}"
            if (row.kind == "vehicle") != (row.vehicle is not None):
                raise ValueError(f"{where}: a vehicle (kind 'vehicle') and a `vehicle` class go together")
            if row.vehicle is not None and row.vehicle not in self.vehicle_classes:
                raise ValueError(f"{where}: vehicle {row.vehicle!r} is not a [vehicle_classes.*] row; "
                                 f"allowed: {', '.join(self.vehicle_classes)}")
            if row.kind not in self.kinds:
                raise ValueError(f"{where}: kind {row.kind!r} has no [kinds.{row.kind}] row")
            if row.weapon is not None and row.weapon not in weapons:
                raise ValueError(f"{where}: weapon {row.weapon!r} is not a [weapons.*] row of tables.toml; "
                                 f"allowed: {', '.join(weapons)}")
            if row.anti_tank is not None and row.anti_tank not in self.anti_tank_weapons:
                raise ValueError(f"{where}: anti_tank {row.anti_tank!r} is not an [anti_tank_weapons.*] row; "
                                 f"allowed: {', '.join(self.anti_tank_weapons)}")
            _check_abilities(where, row, weapons)
            if row.weapon == "vehicle_mg" and row.kind != "vehicle":
                raise ValueError(f"{where}: 'vehicle_mg' is a vehicle's hull MG")
        return self


def _check_abilities(where: str, row: UnitTypeRow, weapons: dict[str, Weapon]) -> None:
    abilities = set(row.abilities)
    weapon = weapons[row.weapon] if row.weapon else None
    if ("leader" in abilities) != (row.leader is not None):
        raise ValueError(f"{where}: the 'leader' ability and a `leader` bonus key go together")
    if row.leader is not None and row.kind != "smf":
        raise ValueError(f"{where}: leaders are single mounted figures (kind 'smf')")
    for ability in ("sniper", "forward_observer", "scout"):
        if ability in abilities and row.kind != "smf":
            raise ValueError(f"{where}: a {ability} is a single mounted figure (kind 'smf')")
    if ("mg_op_fire" in abilities) != bool(weapon and weapon.machine_gun):
        raise ValueError(f"{where}: 'mg_op_fire' goes with a machine-gun weapon (machine_gun = true in tables.toml)")
    if "sniper" in abilities and row.weapon != "sniper":
        raise ValueError(f"{where}: a sniper fires the 'sniper' weapon")
    if "indirect_fire" in abilities and weapon is None:
        raise ValueError(f"{where}: 'indirect_fire' needs a weapon to fire")


def load_units(path: Path = UNITS_FILE) -> UnitTables:
    """Load and check a unit catalogue (the shipped one unless ``path`` names another)."""
    return load_table(path, UnitTables)


# --- unit types as the game uses them -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitType:
    """One unit type with its kind's rules folded in.

    ``movement_spaces``: seed "Movement" table (squad 2, weapon team 1, SMF 2; a gun 1,
    CF-41). ``counts_against_stacking_limit``: one of the two vehicles, sections, weapon
    teams or guns a space may hold (seed "Stacking"); SMFs do not. ``weapon``: the
    ``tables.toml`` weapon it fires at infantry (``None`` for a leader, observer, scout
    or gun). ``anti_tank``: its weapon against vehicles, if any.
    """

    name: str
    label: str
    kind: PlayableKind
    kind_label: str
    movement_spaces: int
    counts_against_stacking_limit: bool
    weapon_crew: bool
    move_and_fire: bool
    may_close_assault: bool
    faces_an_edge: bool
    weapon_key: str | None
    weapon: Weapon | None
    anti_tank: AntiTankWeapon | None
    anti_tank_key: str | None
    abilities: frozenset[Ability]
    leader: Literal["platoon_leader", "company_commander"] | None
    leader_bonus: int
    vehicle: VehicleClass | None = None

    @property
    def is_smf(self) -> bool:
        return self.kind == "smf"

    @property
    def is_vehicle(self) -> bool:
        return self.vehicle is not None

    @property
    def armoured(self) -> bool:
        """An armoured vehicle: small arms cannot hurt it (CF-71)."""
        return self.vehicle is not None and self.vehicle.armoured

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities


def _build(units: UnitTables) -> dict[str, UnitType]:
    weapons = tables().weapons
    bonus = tables().leader_bonus
    out: dict[str, UnitType] = {}
    for name, row in units.units.items():
        kind = units.kinds[row.kind]
        vclass = units.vehicle_classes[row.vehicle] if row.vehicle else None
        out[name] = UnitType(
            name=name,
            label=row.label,
            kind=row.kind,
            kind_label=kind.label,
            movement_spaces=vclass.off_road if vclass else kind.movement_spaces,
            counts_against_stacking_limit=kind.counts_against_stacking_limit,
            weapon_crew=kind.weapon_crew,
            move_and_fire=kind.move_and_fire,
            may_close_assault=kind.may_close_assault,
            faces_an_edge=kind.faces_an_edge,
            weapon_key=row.weapon,
            weapon=weapons[row.weapon] if row.weapon else None,
            anti_tank=units.anti_tank_weapons[row.anti_tank] if row.anti_tank else None,
            anti_tank_key=row.anti_tank,
            abilities=frozenset(row.abilities),
            leader=row.leader,
            leader_bonus=getattr(bonus, row.leader) if row.leader else 0,
            vehicle=vclass,
        )
    return out


UNITS: UnitTables = load_units()
"""The unit catalogue, loaded and checked at import: a broken file shows at once."""

CATALOGUE: dict[str, UnitType] = _build(UNITS)
"""Every playable unit type by name."""

for _section, _where in (
    ("Figures", "company_fire.units.CATALOGUE"),
    ("Stacking", "company_fire.units.UnitType.counts_against_stacking_limit"),
    ("Movement", "company_fire.units.UnitType.movement_spaces"),
    ("Single Mounted Figures (SMFs)", "company_fire.units.CATALOGUE"),
    ("Facing", "company_fire.units.UnitType.faces_an_edge"),
    ("Vehicles", "company_fire.units.VehicleClass"),
    ("Vehicle Movement", "company_fire.units.VehicleClass"),
):
    register_rule_use(SEED, _section, _where)


def unit_type(name: str) -> UnitType:
    """The unit type called ``name``; an unknown name raises :class:`UnitsError` with suggestions."""
    try:
        return CATALOGUE[name]
    except KeyError:
        pass
    raise UnitsError(f"unknown unit type {name!r}{suggest(name, CATALOGUE)}; allowed: {', '.join(CATALOGUE)}")
