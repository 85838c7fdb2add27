"""The Flames of War base-game tables that the bunker quick-play rules lean on.

Seed 001 is a crib sheet for Flames of War (v3 page numbers P199-P233): it names Skill
Tests, Firepower Tests, armour saves, Defensive Fire, Smoke, Slow and Very Difficult Going
and flame-throwers without giving their numbers. Each is a named, replaceable base table
(``--base-tables FILE`` with a top-level ``[skill_ratings]``, ``[to_hit]``, ``[armour]``,
``[weapons]`` or ``[going]``); warroom ships stand-ins under ``base/`` that say they are
reconstructions (reading FB-1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from warroom.core.base_tables import BaseTable, register_base_table
from warroom.core.tables import Table
from warroom.rulesets.fow_bunkers.info import INFO

BASE = Path(__file__).with_name("base")

Effect = Literal["no effect", "bailed out", "destroyed"]


class Ratings(Table):
    """A score needed on one d6 for each skill rating."""

    conscript: int = Field(ge=1, le=7)
    trained: int = Field(ge=1, le=7)
    veteran: int = Field(ge=1, le=7)

    def of(self, skill: str) -> int:
        score: int = getattr(self, skill)
        return score


class SkillRatings(Table):
    """Flames of War's Skill Test scores, and the score an assaulting team hits on."""

    skill_test: Ratings
    assault_to_hit: Ratings


class ToHitModifiers(Table):
    long_range_inches: int = Field(ge=1)
    long_range: int
    concealed: int
    gone_to_ground: int


class AboveSix(Table):
    seven_needs: int = Field(ge=2, le=6)


class RangingIn(Table):
    attempts: int = Field(ge=1, le=6)
    extra_per_attempt: int = Field(ge=0)


class DefensiveFire(Table):
    stops_assault_at_hits: int = Field(ge=1)


class ToHit(Table):
    """Flames of War's score to hit a team: by the target's skill, with modifiers."""

    score_by_target: Ratings
    modifiers: ToHitModifiers
    above_six: AboveSix
    ranging_in: RangingIn
    defensive_fire: DefensiveFire


class SaveBand(Table):
    firepower_passed: Effect
    firepower_failed: Effect


class Armour(Table):
    """Flames of War's armour save: d6 + armour against the weapon's anti-tank rating."""

    glancing: SaveBand
    penetrating: SaveBand


class FlameThrower(Table):
    firepower: int = Field(ge=1, le=6)
    range_inches: int = Field(ge=1)


class AssaultWeapon(Table):
    tank_assault: int = Field(ge=0)
    firepower: int = Field(ge=1, le=6)


class Weapons(Table):
    """The weapon ratings the seed leans on: flame-throwers, and assault hits on armour."""

    flame_thrower: FlameThrower
    assault: AssaultWeapon


class GoingKind(Table):
    bogging_check: bool


class Going(Table):
    """Flames of War's Slow Going and Very Difficult Going, for vehicles crossing wire."""

    slow_going: GoingKind
    very_difficult_going: GoingKind


SKILL: BaseTable[SkillRatings] = register_base_table(
    INFO.id, "skill_ratings", SkillRatings, BASE / "skill_ratings.toml",
    "Flames of War's Skill ratings (Conscript 5+, Trained 4+, Veteran 3+)",
)
TO_HIT: BaseTable[ToHit] = register_base_table(
    INFO.id, "to_hit", ToHit, BASE / "to_hit.toml",
    "Flames of War's score to hit a team (by the target's skill, with modifiers)",
)
ARMOUR: BaseTable[Armour] = register_base_table(
    INFO.id, "armour", Armour, BASE / "armour.toml", "Flames of War's armour save",
)
WEAPONS: BaseTable[Weapons] = register_base_table(
    INFO.id, "weapons", Weapons, BASE / "weapons.toml",
    "Flames of War's weapon ratings (flame-thrower, assault hits on armour)",
)
GOING: BaseTable[Going] = register_base_table(
    INFO.id, "going", Going, BASE / "going.toml", "Flames of War's Slow and Very Difficult Going",
)
