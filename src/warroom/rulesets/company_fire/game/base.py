"""Company Fire game: :class:`GameBase`, the static half of every state, and the game's dice.

A GameBase is what the rules read of a scenario, worked out once per game: its units and their types,
sides and classes (vehicles, SMFs, what each half-track or truck carries, CF-90), the board's spaces,
graphs and line-of-sight table, and the memos the rules keep across states (the last positions and
movement searches, design "State"). :class:`.game.CFGame` is a GameBase bound to the rules of play: a
state hands its game what the modules above the state do (playing an action, an observation, the odds
of an action), so that no module imports one that imports it.

:class:`_Dice` is the game's one PCG64 generator, set to a state's place in its stream (design "State":
the state keeps its generator's state as plain data, so ``apply`` is pure).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action, Codes
from warroom.rulesets.company_fire.game.common import UnitState
from warroom.rulesets.company_fire.game.scenario_types import Scenario
from warroom.rulesets.company_fire.geometry import king_distance
from warroom.rulesets.company_fire.los import los_table
from warroom.rulesets.company_fire.units import UnitType


class GameBase(ABC):
    """A Company Fire scenario as the rules read it: the static half of every state (:class:`.game.CFGame`)."""

    def __init__(self, scenario: Scenario, path: Path | None = None) -> None:
        self.scenario = scenario
        self.path = path
        self.scenario_name = scenario.name
        self.board = scenario.board
        self.los = los_table(scenario.board)
        self.units = scenario.units
        self.ids = tuple(u.id for u in self.units)
        self.index = {u.id: i for i, u in enumerate(self.units)}
        self.types: tuple[UnitType, ...] = tuple(u.type for u in self.units)
        self.side_of = tuple(u.side for u in self.units)
        self.smf = tuple(t.is_smf for t in self.types)
        self.vehicle = tuple(t.is_vehicle for t in self.types)
        self.armoured = tuple(t.armoured for t in self.types)
        self.has_vehicles = any(self.vehicle)
        self.faces = any(t.faces_an_edge for t in self.types)
        self.carries = tuple((t.vehicle.carries, t.vehicle.carries_smfs) if t.vehicle is not None else (0, 0)
                             for t in self.types)
        """Squads or teams, and SMFs, each unit carries (CF-90): (0, 0) but for half-tracks and trucks."""
        self.transport = any(c != (0, 0) for c in self.carries)
        self.may_ride = tuple(t.kind in ("squad", "weapon_team", "smf") for t in self.types)
        self.spaces = self.board.spaces()
        self.space_index = {s: i for i, s in enumerate(self.spaces)}
        self.clock_ends_at = scenario.rules.clock_ends_at
        self.dice = _Dice()
        self.touching = {s: frozenset(B.touching(self.board, s)) for s in self.spaces}
        self.near = B.touching_map(self.board)
        self.step_graphs = {mover: B.step_graph(self.board, mover) for mover in ("infantry", "vehicle")}
        self.scouts = tuple(i for i, t in enumerate(self.types) if t.has("scout"))
        self.positions: dict[tuple[Any, ...], dict[Any, Any]] = {}
        """What the rules worked out about each position seen lately (see :meth:`Rules.position_memo`)."""
        self._zones: dict[tuple[Space, int], frozenset[Space]] = {}
        self.searches: dict[tuple[Any, ...], dict[Space, tuple[Space, ...]]] = {}
        """Movement searches lately made, by what they depend on (see :meth:`Rules._destinations`)."""
        self.codes = Codes(self.ids, self.index, self.spaces, self.space_index)
        self.action_space = self.codes.action_space

    def zone(self, centre: Space, reach: int) -> frozenset[Space]:
        """The spaces within ``reach`` of ``centre`` counting diagonal steps as one (kept per centre and reach)."""
        key = (centre, reach)
        found = self._zones.get(key)
        if found is None:
            found = self._zones[key] = frozenset(s for s in self.spaces if king_distance(centre, s) <= reach)
        return found

    def unit_label(self, i: int) -> str:
        u = self.units[i]
        return f"{u.id} ({u.name + ', ' if u.name else ''}{u.type.label})"

    def set_up_units(self) -> tuple[UnitState, ...]:
        """Every unit as the scenario sets it up: in good order, under its blind or not, holding its space's bocage
        or not, with none of the card's markers, its smoke rounds, its facing and turret (CF-43, CF-65) and the
        carrier it starts in (CF-90)."""
        return tuple(UnitState(at=u.at, status="good_order", hidden=u.hidden, bocage=u.occupies_bocage, moved=False,
                               fired=False, done=False, rallied=False, op_fired=False, jammed=False,
                               smoke_rounds=u.smoke_rounds, facing=u.facing or "", turret=u.turret or "",
                               riding=self.index[u.riding] if u.riding else -1)
                     for u in self.units)

    # what a state asks of the rules above it (CFGame binds them) ----------------------------------------

    @abstractmethod
    def play(self, state: Any, action: Action) -> Any:
        """The state after ``action``, legal in ``state`` (``CFState.apply``)."""

    @abstractmethod
    def observe(self, state: Any, side: str, *, log: bool = True) -> dict[str, Any]:
        """What ``side`` may know of ``state`` (``CFState.observation``; ``log=False`` leaves the log out)."""

    @abstractmethod
    def odds(self, state: Any, action: Hashable) -> dict[str, dict[str, Fraction]]:
        """The exact odds of ``action`` in ``state`` (``CFState.odds``)."""


def rng_state(rng: np.random.Generator) -> tuple[int, int, int, int]:
    s = rng.bit_generator.state
    return (int(s["state"]["state"]), int(s["state"]["inc"]), int(s["has_uint32"]), int(s["uinteger"]))


class _Dice:
    """The game's one PCG64 generator, set to a state's place in its stream when that state throws dice.

    A state keeps its generator's state as plain numbers; making a generator anew for each action
    is slow, so a game keeps one and sets it, or, when it already stands where the state's stream
    does (the previous action left it there), hands it over as it is. Only the working copy that
    took it last may read it back.
    """

    __slots__ = ("bit", "generator", "owner", "stands_at")

    def __init__(self) -> None:
        self.bit = np.random.PCG64(0)
        self.generator = np.random.Generator(self.bit)
        self.stands_at: tuple[int, int, int, int] | None = None
        self.owner: object = None

    def take(self, owner: object, state: tuple[int, int, int, int]) -> np.random.Generator:
        if self.stands_at != state:
            self.bit.state = {"bit_generator": "PCG64", "state": {"state": state[0], "inc": state[1]},
                              "has_uint32": state[2], "uinteger": state[3]}
        self.stands_at = None
        self.owner = owner
        return self.generator

    def give_back(self, owner: object) -> tuple[int, int, int, int]:
        if self.owner is not owner:
            raise RuntimeError("the game's dice were taken by another working copy before this one finished")
        self.owner = None
        self.stands_at = rng_state(self.generator)
        return self.stands_at
