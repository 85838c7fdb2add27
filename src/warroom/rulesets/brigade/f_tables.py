"""Schemas of the Brigade game's FIRING tables (``data/f_fire.toml``, ``data/f_indirect.toml``,
``data/f_anti_tank.toml``), loaded and checked once, when this module is imported.

Seed 004 "WW2 Rules for Brigade level games": "FIRING" (small arms, HE fire points, converting
fire points to hits, saving throws, indirect fire, breaching cover, firing at vehicles) and the
"Appendix" (sample equipment and A.T. attack values). Readings BR-70 ... BR-99
(docs/rulings.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.info import SEED

DATA = Path(__file__).with_name("data")


def src(section: str, detail: str = "") -> str:
    """A modifier's source, as printed in a ruling."""
    return f"004 {section}" + (f", {detail}" if detail else "")


# -- direct fire -------------------------------------------------------------------------------
class Band(Table):
    up_to: int = Field(ge=1)
    points: float = Field(gt=0)


class SmallArm(Table):
    label: str
    bands: tuple[Band, ...] = Field(min_length=1, max_length=3)

    @model_validator(mode="after")
    def _rising(self) -> SmallArm:
        ups = [b.up_to for b in self.bands]
        if ups != sorted(set(ups)):
            raise ValueError("bands must rise in range")
        return self

    @property
    def max_range(self) -> int:
        return self.bands[-1].up_to


class HeClass(Table):
    label: str
    artillery: int = Field(ge=1)
    hv_tank_gun: int = Field(ge=1)


class Conversion(Table):
    group_size: int = Field(ge=2)
    group_hits_on: int = Field(ge=2, le=6)
    remainder_hits_on: dict[int, int]


class PartDetected(Table):
    group_hits_on: int = Field(ge=2, le=6)
    remainders_hit: bool


class Conversions(Table):
    steady: Conversion
    moving_or_pinned: Conversion
    part_detected: PartDetected


class Save(Table):
    label: str
    pinned: int = Field(ge=1, le=7)
    not_pinned: int = Field(ge=1, le=7)


class SaveModifiers(Table):
    brief_sight: int
    close_order: int
    within_2: int
    within_inches: int = Field(ge=1)


SmallArmName = Literal["pistol", "smg", "rifle", "ar", "tank_mg", "mmg", "hmg", "autocannon", "flamethrower"]
HeName = Literal["up_to_45", "mm_46_77", "mm_78_105", "over_105"]
SaveName = Literal[
    "hard", "soft", "open", "soft_skin_mg", "soft_skin_rifle", "open_top_heavy", "open_top", "escaping"
]


class FireTables(Table):
    weapons: dict[SmallArmName, SmallArm]
    he: dict[HeName, HeClass]
    conversion: Conversions
    saves: dict[SaveName, Save]
    save_modifiers: SaveModifiers


# -- indirect fire -----------------------------------------------------------------------------
class Deviation(Table):
    white: dict[int, str]
    six_on_target_nations: tuple[str, ...]
    mortar_divisor: int = Field(ge=1)
    british_american_artillery: int
    pre_registered_artillery: int




class Firer(Table):
    label: str
    mortar: bool
    zone: int = Field(ge=1)
    heavy: bool
    breach: dict[str, int]


class Zone(Table):
    width_per_extra_battery: int = Field(ge=0)


class Walking(Table):
    inches_per_move: int = Field(ge=1)


FirerName = Literal["mortar_up_to_82", "mortar_over_82", "artillery_up_to_82", "artillery_83_105",
                    "artillery_105", "artillery_over_105"]


class IndirectTables(Table):
    deviation: Deviation
    firers: dict[FirerName, Firer]
    zone: Zone
    walking: Walking


# -- anti-tank fire ----------------------------------------------------------------------------
class Hitting(Table):
    moving_or_pinned: int
    brief_sight: int
    partial_cover: int
    part_detected: int


class Kill(Table):
    close_under: int
    close_bonus: int
    far_over: int
    far_penalty: int


class GunClass(Table):
    label: str
    to_hit: tuple[int, ...] = Field(min_length=1)
    max_range: int | None = None
    range_adjusted: bool


class AtWeapon(Table):
    label: str
    attack: int
    class_: str = Field(alias="class")


class Vehicle(Table):
    label: str
    armament: str
    gun: str | None = None
    speed: str
    front: int
    side: int
    rear: int


class AntiTankTables(Table):
    columns: tuple[int, ...]
    hitting: Hitting
    kill: Kill
    classes: dict[str, GunClass]
    weapons: dict[str, AtWeapon]
    vehicles: dict[str, Vehicle]

    @model_validator(mode="after")
    def _consistent(self) -> AntiTankTables:
        for name, c in self.classes.items():
            if len(c.to_hit) > len(self.columns):
                raise ValueError(f"class {name} has more to-hit scores than the table has columns")
        for name, w in self.weapons.items():
            if w.class_ not in self.classes:
                raise ValueError(f"weapon {name} names an unknown class {w.class_}")
        for name, v in self.vehicles.items():
            if v.gun is not None and v.gun not in self.weapons:
                raise ValueError(f"vehicle {name} names an unknown gun {v.gun}")
        return self


FIRE = load_table(DATA / "f_fire.toml", FireTables)
INDIRECT = load_table(DATA / "f_indirect.toml", IndirectTables)
ANTI_TANK = load_table(DATA / "f_anti_tank.toml", AntiTankTables)

__all__ = ["ANTI_TANK", "FIRE", "INDIRECT", "SEED", "src"]
