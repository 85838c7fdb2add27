"""Company Fire scenarios: a scenario as loaded and checked, and what each viewer sees of its set-up.

:class:`Scenario` is what :func:`.scenario.load_scenario` makes of a scenario file: the board, the optional
rules (CF-53: the game clock or a number of turns, jokers, the optional attack methods, linear terrain), the two
sides with their colours (seed "Initiative Deck"), set-up zones, units as set up (riders aboard their carriers,
CF-96), dummy blinds (CF-46), fire missions (seed "Artillery", CF-50) and break points (CF-56), the minefields
(seed "Mines (beta)", CF-52) and the victory conditions (CF-54, CF-55). :meth:`Scenario.view` is the set-up as
one viewer knows it (CF-46, CF-52): a side sees all its own units, blinds and minefields, and of the enemy only
its visible units, its blinds and its minefield markers; the umpire sees everything.

Spaces are written ``"col,row"``, column 0 on the left, row 0 at the top, as on the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from warroom.core.errors import UsageError, suggest
from warroom.rulesets.company_fire.board import Board, Space
from warroom.rulesets.company_fire.tables import tables
from warroom.rulesets.company_fire.units import Experience, UnitType

Role = Literal["attacker", "defender"]
ROLES: tuple[Role, Role] = ("attacker", "defender")
Colour = Literal["red", "black"]
Facing = Literal["N", "E", "S", "W"]
GameEnd = Literal["clock_short", "clock_long", "turns"]
AttackResolution = Literal["standard", "faster", "longer"]
Viewer = Literal["public", "attacker", "defender", "umpire"]
"""Whose view of the set-up: ``public`` (what both sides see), a side's, or the umpire's (everything)."""
VIEWERS: dict[str, Viewer] = {"public": "public", "attacker": "attacker", "defender": "defender", "umpire": "umpire"}


def sp(space: Space) -> str:
    return f"{space[0]},{space[1]}"


@dataclass(frozen=True, slots=True)
class Zone:
    """A rectangle of spaces from ``first`` (top-left) to ``last`` (bottom-right), both included."""

    first: Space
    last: Space

    def __contains__(self, space: object) -> bool:
        if not isinstance(space, tuple) or len(space) != 2:
            return False
        c, r = space
        return bool(self.first[0] <= c <= self.last[0] and self.first[1] <= r <= self.last[1])

    def __str__(self) -> str:
        return f"{sp(self.first)} to {sp(self.last)}" if self.first != self.last else sp(self.first)


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit as the scenario sets it up."""

    id: str
    side: Role
    type: UnitType
    at: Space
    name: str
    experience: Experience
    platoon: str | None
    hidden: bool
    occupies_bocage: bool
    facing: Facing | None
    smoke_rounds: int
    turret: Facing | None = None
    riding: str | None = None
    """The id of the half-track or truck it starts aboard (reading CF-96)."""

    def describe(self) -> str:
        """``"Lt. Ward, platoon leader (1st platoon, regular)"``."""
        head = f"{self.name}, {self.type.label}" if self.name else self.type.label
        notes = [f"{self.platoon} platoon"] if self.platoon else []
        notes.append(self.experience)
        if self.facing:
            notes.append(f"facing {self.facing}")
        if self.turret and self.turret != self.facing:
            notes.append(f"turret {self.turret}")
        if self.smoke_rounds:
            notes.append(f"{self.smoke_rounds} smoke round{'s' if self.smoke_rounds > 1 else ''}")
        if self.occupies_bocage:
            notes.append("occupying the bocage")
        if self.hidden:
            notes.append("hidden")
        if self.riding:
            notes.append(f"riding in {self.riding}")
        return f"{head} ({', '.join(notes)})"


@dataclass(frozen=True, slots=True)
class FireMissions:
    """A side's artillery fire missions (reading CF-50): the side's, called by any of its FOs."""

    he: int
    smoke: int

    @property
    def total(self) -> int:
        return self.he + self.smoke


@dataclass(frozen=True, slots=True)
class Side:
    role: Role
    name: str
    colour: Colour
    setup_zone: tuple[Zone, ...]
    dummy_blinds: tuple[Space, ...]
    fire_missions: FireMissions
    break_at: int
    units: tuple[Unit, ...]

    @property
    def non_smf_units(self) -> tuple[Unit, ...]:
        """The units that count against the stacking limit and toward ``break_at``."""
        return tuple(u for u in self.units if u.type.counts_against_stacking_limit)

    @property
    def blinds(self) -> tuple[Space, ...]:
        """Every space holding one of the side's blinds at set-up: hidden units' spaces and dummies."""
        return tuple(sorted({u.at for u in self.units if u.hidden} | set(self.dummy_blinds),
                            key=lambda s: (s[1], s[0])))


@dataclass(frozen=True, slots=True)
class Minefield:
    """A mined space (seed "Mines (beta)", reading CF-52)."""

    at: Space
    laid_by: Role
    real: bool
    marked: bool


@dataclass(frozen=True, slots=True)
class Objective:
    name: str
    at: Space
    points: int
    held_by: Role


@dataclass(frozen=True, slots=True)
class OptionalRules:
    """The scenario's options (reading CF-53)."""

    game_end: GameEnd
    turns: int | None
    jokers: bool
    attack_resolution: AttackResolution
    linear_terrain: bool

    @property
    def clock_ends_at(self) -> int | None:
        """The game clock total that ends the game (seed "Game Clock (optional)"), or ``None`` for fixed turns."""
        clock = tables().game_clock
        return {"clock_short": clock.short_game_ends_at, "clock_long": clock.long_game_ends_at}.get(self.game_end)


@dataclass(frozen=True, slots=True)
class Victory:
    """How the game is won (readings CF-54 ... CF-56)."""

    objectives: tuple[Objective, ...]
    destroyed_unit: int
    destroyed_leader: int
    ties: Literal["attacker", "defender", "draw"]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A checked Company Fire scenario, ready for the game to set up."""

    source: str
    name: str
    place: str
    date: str
    briefing: str
    board: Board
    rules: OptionalRules
    attacker: Side
    defender: Side
    minefields: tuple[Minefield, ...]
    victory: Victory

    def side(self, role: Role) -> Side:
        return self.attacker if role == "attacker" else self.defender

    def enemy(self, role: Role) -> Side:
        return self.defender if role == "attacker" else self.attacker

    def side_of_colour(self, colour: Colour) -> Side:
        """The side a card of this colour gives the initiative to (seed "Initiative Deck")."""
        return self.attacker if self.attacker.colour == colour else self.defender

    @property
    def units(self) -> tuple[Unit, ...]:
        return self.attacker.units + self.defender.units

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        ids = [u.id for u in self.units]
        raise UsageError(f"{self.name}: no unit {unit_id!r}{suggest(unit_id, ids)}; units: {', '.join(ids)}")

    def view(self, viewer: Viewer) -> SetupView:
        """What ``viewer`` knows of the set-up (readings CF-46, CF-52): a side sees all its own
        units, blinds and minefields, and of the enemy only its visible units, its blinds (not
        what is under them) and its minefield markers (not whether they are real)."""
        units: list[Unit] = []
        blinds: list[Blind] = []
        for side in (self.attacker, self.defender):
            knows = viewer in (side.role, "umpire")
            units.extend(u for u in side.units if knows or not u.hidden)
            for space in side.blinds:
                under = sum(1 for u in side.units if u.at == space and u.hidden)
                blinds.append(Blind(space, side.role, under if knows else None))
        mines = tuple(
            MineMark(m.at, m.laid_by, ("real" if m.real else "dummy") if viewer in (m.laid_by, "umpire") else "marker",
                     m.marked)
            for m in self.minefields
            if m.marked or viewer in (m.laid_by, "umpire")
        )
        return SetupView(viewer, tuple(units), tuple(blinds), mines)


@dataclass(frozen=True, slots=True)
class Blind:
    """A blind marker: ``units`` under it as far as the viewer knows (0 a dummy, ``None`` unknown)."""

    at: Space
    side: Role
    units: int | None


@dataclass(frozen=True, slots=True)
class MineMark:
    """A minefield as a viewer knows it: ``"real"``, ``"dummy"``, or a ``"marker"`` it cannot tell."""

    at: Space
    laid_by: Role
    seen_as: Literal["real", "dummy", "marker"]
    marked: bool


@dataclass(frozen=True, slots=True)
class SetupView:
    """The set-up as one viewer sees it (:meth:`Scenario.view`)."""

    viewer: Viewer
    units: tuple[Unit, ...]
    blinds: tuple[Blind, ...]
    minefields: tuple[MineMark, ...]
