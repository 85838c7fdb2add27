"""Schema of Company Fire's rules tables (``tables.toml``), loaded once and frozen."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field

from warroom.core.tables import Table, load_table

TABLES_FILE = Path(__file__).with_name("tables.toml")


class Dice(Table):
    sides: int = Field(ge=2)
    hits_on: int = Field(ge=1)


class HitResults(Table):
    pinned_at: int = Field(ge=1)
    suppressed_at: int = Field(ge=1)
    destroyed_at: int = Field(ge=1)
    retreat_reduces_by: int = Field(ge=0)


class Weapon(Table):
    label: str
    range_spaces: int = Field(ge=1)
    dice: int = Field(ge=1)
    small_arms: bool
    weapon_team: bool = False
    machine_gun: bool = False


class Fire(Table):
    cover_dice: int
    move_card_dice: int
    recon_by_fire_dice: int
    leader_group_fire_dice: int
    mg_jam_ones: int = Field(ge=1)
    vehicle_shooter_pinned_dice: int


class AntiTank(Table):
    light_gun: int
    move_card: int
    front_armour: int
    cover: int
    heavy_target: int
    shooter_pinned: int
    turret_rotated: int


class VehicleOpFire(Table):
    buttoned_mg_range: int = Field(ge=1)
    buttoned_gun_range: int = Field(ge=1)


class Rally(Table):
    pinned_needs: int
    suppressed_needs: int
    no_enemy_los: int


class Experience(Table):
    green: int
    regular: int
    veteran: int


class LeaderBonus(Table):
    platoon_leader: int
    company_commander: int


class MovementTest(Table):
    cover_needs: int
    open_needs: int
    destination_in_enemy_op_fire_los: int


class Artillery(Table):
    open_dice: int = Field(ge=1)
    cover_dice: int = Field(ge=1)
    denied_on: int = Field(ge=0)


class CloseAssault(Table):
    die_sides: int = Field(ge=2)
    per_good_order_unit_beyond_first: int
    smg_squad: int
    vehicle_mg: int
    defender_mg: int
    reinforced_cover: int
    defender_pinned: int
    defender_only_weapon_teams: int
    defender_suppressed: int
    at_grenades: int
    at_weapons: int
    friendly_tank: int
    friendly_afv: int
    attacker_pinned_vehicle: int


class Mines(Table):
    pass_on: int
    damage_dice: int = Field(ge=1)
    find_path_on: int
    engineer_bonus: int
    follow_path_bonus: int
    follow_path_on: int


class GameClock(Table):
    short_game_ends_at: int = Field(ge=1)
    long_game_ends_at: int = Field(ge=1)
    die_sides: int = Field(ge=2)


class CompanyFireTables(Table):
    dice: Dice
    hit_results: HitResults
    weapons: dict[str, Weapon]
    fire: Fire
    anti_tank: AntiTank
    vehicle_opportunity_fire: VehicleOpFire
    rally: Rally
    experience: Experience
    leader_bonus: LeaderBonus
    movement_test: MovementTest
    artillery: Artillery
    close_assault: CloseAssault
    mines: Mines
    game_clock: GameClock


@functools.cache
def tables(path: Path = TABLES_FILE) -> CompanyFireTables:
    """The Company Fire tables, loaded and checked on first use."""
    return load_table(path, CompanyFireTables)
