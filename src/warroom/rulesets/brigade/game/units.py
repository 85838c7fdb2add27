"""The Brigade game's unit types, as data (``data/game_units.toml``), checked when imported.

Seed 004 "WW2 Rules for Brigade level games": "Troop types", "Unit organisation" (companies of
3 to 12 figures, support weapon sections of 2 or 3 crew, a gun and 3 crew a battery, each
vehicle a unit), "Representing 'specialist' weapons" and the Appendix (sample equipment and A.T.
attack values, read from ``data/f_anti_tank.toml``). Reading BR-101.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.f_tables import ANTI_TANK, FIRE, INDIRECT
from warroom.rulesets.brigade.movement_table import MOVEMENT

UNITS_FILE = Path(__file__).parent.parent / "data" / "game_units.toml"

Kind = Literal["infantry", "cavalry", "support", "gun", "vehicle", "hq", "observer"]
FIGURE_KINDS = ("infantry", "cavalry", "hq", "observer")
SMALL_ARMS = tuple(FIRE.weapons)
AT_WEAPONS = tuple(ANTI_TANK.weapons)


class UnitType(Table):
    """One kind of unit a scenario may field (BR-101)."""

    label: str
    kind: Kind
    mover: str
    figures: tuple[str, ...] = ()
    crew: int = Field(0, ge=0, le=3)
    weapon: Literal["mmg", "hmg", "flamethrower"] | None = None
    mortar: str | None = None
    at_weapon: str | None = None
    he: Literal["up_to_45", "mm_46_77", "mm_78_105", "over_105"] | None = None
    indirect: str | None = None
    vehicle: str | None = None
    armour: tuple[int, int, int] | None = None
    protection: Literal["enclosed", "open_top", "soft_skin"] | None = None
    tons: int = Field(0, ge=0, le=200)
    main: str | None = None
    hull_mg: bool = False
    turret_mgs: int = Field(0, ge=0, le=3)
    autocannon: int = Field(0, ge=0, le=2)
    transport: bool = False
    carries: int = Field(0, ge=0, le=12)
    bicycles: bool = False

    @model_validator(mode="after")
    def _fits_its_kind(self) -> Self:
        if self.mover not in MOVEMENT.movers:
            raise ValueError(f"mover '{self.mover}' is not a row of the movement table ({', '.join(MOVEMENT.movers)})")
        if self.kind in FIGURE_KINDS:
            low, high = (3, 12) if self.kind in ("infantry", "cavalry") else (1, 3)
            if not low <= len(self.figures) <= high:
                raise ValueError(f"a {self.kind} unit has {low} to {high} figures (Unit organisation), "
                                 f"not {len(self.figures)}")
            specialists = [f for f in self.figures if f not in SMALL_ARMS]
            for f in specialists:
                if f not in AT_WEAPONS:
                    raise ValueError(f"figure weapon '{f}' is neither a small arm ({', '.join(SMALL_ARMS)}) nor an "
                                     f"anti-tank weapon ({', '.join(AT_WEAPONS)})")
            if len(specialists) > 1:
                raise ValueError("a company has at most one specialist figure ('specialist' weapons)")
        elif self.figures:
            raise ValueError(f"a {self.kind} unit has crew, not figures")
        if self.kind in ("support", "gun") and not 2 <= self.crew <= 3:
            raise ValueError(f"a {self.kind} has a crew of 2 or 3 figures (Unit organisation)")
        if self.kind == "support" and (self.weapon is None) == (self.mortar is None):
            raise ValueError("a support weapon section has either a weapon (mmg, hmg, flamethrower) or a mortar")
        for name in ("mortar", "indirect"):
            value = getattr(self, name)
            if value is not None and value not in INDIRECT.firers:
                raise ValueError(f"{name} '{value}' is not a fire class ({', '.join(INDIRECT.firers)})")
        if self.mortar is not None and not INDIRECT.firers[self.mortar].mortar:  # type: ignore[index]
            raise ValueError(f"mortar '{self.mortar}' is an artillery class, not a mortar")
        for name in ("at_weapon", "main"):
            value = getattr(self, name)
            if value is not None and value not in ANTI_TANK.weapons:
                raise ValueError(f"{name} '{value}' is not an anti-tank weapon of the Appendix")
        if self.kind == "gun" and (self.at_weapon is None or self.he is None):
            raise ValueError("a gun battery needs its at_weapon and its he class")
        if self.kind == "vehicle":
            if self.protection is None:
                raise ValueError("a vehicle needs its protection: enclosed, open_top or soft_skin")
            if self.protection != "soft_skin" and self.vehicle is None and self.armour is None:
                raise ValueError("an armoured vehicle needs its Appendix `vehicle` row or its armour [front, side, "
                                 "rear]")
            if self.vehicle is not None and self.vehicle not in ANTI_TANK.vehicles:
                raise ValueError(f"vehicle '{self.vehicle}' is not in the Appendix ({', '.join(ANTI_TANK.vehicles)})")
            if self.main is not None and self.he is None:
                raise ValueError("a vehicle with a main gun needs its he class")
            if self.tons < 1:
                raise ValueError("a vehicle needs its weight in tons (seed 003's mines)")
            if self.transport and not self.carries:
                raise ValueError("a transport vehicle needs `carries`: how many figures one model carries (BR-170)")
        elif self.carries:
            raise ValueError(f"a {self.kind} unit carries no troops; only vehicles do (`carries`, BR-170)")
        if self.bicycles and (self.kind != "infantry" or self.mover != "bicycles"):
            raise ValueError("`bicycles` is for an infantry company that rides the movement table's Bicycles row: "
                             "kind = \"infantry\", mover = \"bicycles\" (BR-179)")
        if self.mover == "bicycles" and not self.bicycles:
            raise ValueError("a unit that moves by the Bicycles row is cyclist infantry: give it bicycles = true "
                             "(it rides mounted and fights on foot, BR-179)")
        return self

    @property
    def vehicle_armour(self) -> tuple[int, int, int]:
        if self.vehicle is not None:
            v = ANTI_TANK.vehicles[self.vehicle]
            return v.front, v.side, v.rear
        return self.armour or (0, 0, 0)

    @property
    def n_figures(self) -> int:
        return len(self.figures) if self.figures else self.crew if self.kind != "vehicle" else 1

    @property
    def rides(self) -> bool:
        """Whether the unit may ride in a transport vehicle: troops on foot and their support weapons (seed
        004 "Troop types": transport vehicles are "used for troop or weapon transport"; BR-170); cyclists have their
        bicycles and do not ride (BR-183)."""
        return self.kind in ("infantry", "support", "hq", "observer") and not self.bicycles

    @property
    def mounts(self) -> bool:
        """Whether the unit mounts and dismounts ("Mounting and dismounting"): cavalry on their horses, cyclist
        infantry on their bicycles (BR-162, BR-179)."""
        return self.kind == "cavalry" or self.bicycles

    @property
    def counts_as_company(self) -> bool:
        """"Each fighting vehicle counts as a company, transport vehicles are ignored. MGs and mortars are
        ignored, artillery pieces count as the equivalent of a company" (Winning and Losing; BR-104)."""
        if self.kind in ("infantry", "cavalry", "gun"):
            return True
        return self.kind == "vehicle" and not self.transport


class UnitCatalogue(Table):
    types: dict[str, UnitType]


CATALOGUE = load_table(UNITS_FILE, UnitCatalogue)
TYPES = CATALOGUE.types

__all__ = ["CATALOGUE", "FIGURE_KINDS", "TYPES", "UnitType"]
