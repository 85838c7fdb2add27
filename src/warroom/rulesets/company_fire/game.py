"""Company Fire as a complete, rules-enforced game (seed 002; docs/design/company-fire-game.md).

A :class:`CFGame` is a scenario (``scenario.py``) bound to the rules; a :class:`CFState` is one
position of it, immutable. ``apply`` works on a :class:`_Play` (a mutable copy), resolves the
action and everything that follows without a decision (artillery arrival, card draws, the game
clock, segments in which the side to act has nothing to do), and freezes the result. Every die
goes through a registered procedure (``warroom.core.api.roll``) with the state's own generator,
so the odds :meth:`CFState.odds` shows and the result applied come from one code path.

Readings: CF-40 ... CF-56 (scenarios, set-up, victory) and CF-57 ... CF-63 (the game's own:
which enemies a side reckons with, the close-assault move, acting once per card, the decisions
the engine asks for, leaders sacrificed and moving, blinds kept whole) in docs/rulings.md; the
vehicle rules CF-65 ... CF-89 in docs/rulings.md (facing and turret, arcs of sight
and fire, buttoning up, vehicle movement and pivots, forced moves, anti-tank fire, vehicle op fire
and close assault); transport CF-90 ... CF-96 in docs/rulings.md: who rides in what and
how riders count for stacking (CF-90), mounting and dismounting (CF-91), riders moving with their
carrier (CF-92), what riders may do and what may hit them (CF-93), passengers when the carrier is hit
(CF-94), riders and fog of war (CF-95).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np

from warroom.core.api import odds as exact_odds
from warroom.core.api import roll
from warroom.core.chance import Card, parse_card
from warroom.core.errors import UsageError, suggest
from warroom.core.game import register_game
from warroom.core.rule_uses import register_rule_use
from warroom.core.ruling import Ruling
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.geometry import king_distance, range_between, shares_edge
from warroom.rulesets.company_fire.info import INFO, SEED
from warroom.rulesets.company_fire.initiative import SEGMENTS, Initiative, end_segment, next_card, opening
from warroom.rulesets.company_fire.los import cover_for_attack, los_table, visible, visible_from
from warroom.rulesets.company_fire.movement import destinations as move_destinations
from warroom.rulesets.company_fire.scenario import Scenario, load_scenario
from warroom.rulesets.company_fire.tables import tables
from warroom.rulesets.company_fire.units import UnitType
from warroom.rulesets.company_fire.vehicles import (
    FACINGS,
    facing_towards,
    in_front,
    sees_in_arc,
    turn_steps,
)

ARRIVAL, DECLARE, LEADERS, RALLY, GROUP, ASSAULT, INDIVIDUAL, REACTION = range(8)
ROLES = ("attacker", "defender")
ALIVE = frozenset({"good_order", "pinned", "suppressed"})
STATUS_WORD = {"good order": "good_order", "pinned": "pinned", "suppressed": "suppressed", "destroyed": "destroyed"}
MAX_RANGE = 10  # the longest small-arms range (MMG, HMG, sniper): how far an unseen blind may threaten

KINDS = (
    "end", "move", "fire", "group_fire", "assault", "assault_move", "rally", "leader_move", "declare_he",
    "declare_smoke", "snipe", "mortar_smoke", "occupy_bocage", "fall_back", "find_path", "clear_mines",
    "op_fire", "pass", "retreat", "take_hits", "sacrifice", "decline", "lose", "occupy", "stay",
    "at_fire", "button_up", "pivot_N", "pivot_E", "pivot_S", "pivot_W", "turret_N", "turret_E", "turret_S",
    "turret_W", "mount", "dismount",
)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def _sp(space: Space | None) -> str:
    return "-" if space is None else f"{space[0]},{space[1]}"


class Action(NamedTuple):
    """One decision: ``kind`` (one of :data:`KINDS`), the unit acting, a space, another unit.

    Readable (``str``), hashable, and with a stable integer code per scenario (:meth:`CFGame.encode`).
    """

    kind: str
    unit: str = ""
    space: Space | None = None
    other: str = ""

    def __str__(self) -> str:
        k, u, s, o = self.kind, self.unit, _sp(self.space), self.other
        return {
            "end": "end the segment",
            "move": f"{u} moves to {s}",
            "fire": f"{u} fires at {s}",
            "group_fire": f"group fire from {u}'s space at {s}",
            "assault": f"{u}{' and ' + o if o else ''} close assault {s}",
            "assault_move": f"{u} moves to {s} to close assault",
            "rally": f"{u} tries to rally",
            "leader_move": f"{u} (leader) moves to {s}",
            "declare_he": f"{u} calls an HE mission on {s}",
            "declare_smoke": f"{u} calls a smoke mission on {s}",
            "snipe": f"{u} snipes at {o}",
            "mortar_smoke": f"{u} fires smoke at {s}",
            "occupy_bocage": f"{u} occupies the bocage",
            "fall_back": f"{u} falls back to {s}",
            "find_path": f"{u} looks for a path through the minefield at {s}",
            "clear_mines": f"{u} clears the minefield at {s}",
            "op_fire": f"{u} takes opportunity fire",
            "pass": "hold fire",
            "retreat": f"{u} retreats to {s} to take one hit fewer",
            "take_hits": f"{u} stands and takes the hits",
            "sacrifice": f"{o} sacrifices himself to save {u}",
            "decline": f"no leader is sacrificed for {u}",
            "lose": f"{u} is lost in the tie",
            "occupy": f"the assaulting units occupy {s}",
            "stay": "the assaulting units stay where they are",
            "at_fire": f"{u} fires its anti-tank weapon at {o} in {s}",
            "button_up": f"{u} buttons up",
            "mount": f"{u} mounts {o}",
            "dismount": f"{u} dismounts in {s}",
        }.get(k) or (f"{u} pivots to face {k[-1]}" if k.startswith("pivot") else f"{u} turns its turret to {k[-1]}")


class UnitState(NamedTuple):
    """A unit's changing facts. ``at`` is None once it has left the table."""

    at: Space | None
    status: str  # good_order, pinned, suppressed, destroyed (counts for victory), removed (by the rules)
    hidden: bool
    bocage: bool
    moved: bool
    fired: bool
    done: bool
    rallied: bool
    op_fired: bool
    jammed: bool
    smoke_rounds: int
    facing: str = ""  # N, E, S, W for vehicles and guns (CF-43, CF-65)
    turret: str = ""  # a turreted vehicle's turret (CF-65)
    at_fired: bool = False  # fired its anti-tank weapon or main gun this card (CF-74)
    pivoted: bool = False  # pivoted in place this card (CF-73)
    turned: bool = False  # turned its turret this card (CF-73)
    riding: int = -1  # the index of the half-track or truck it rides in, -1 when on foot (CF-90)


_UNIT_FIELD = {name: k for k, name in enumerate(UnitState._fields)}


class MineState(NamedTuple):
    at: Space
    laid_by: str
    real: bool
    marked: bool
    path: bool
    gone: bool


class Mission(NamedTuple):
    """A fire mission declared by ``side``'s observer ``fo`` on ``space``; ``ready`` from the next card."""

    side: str
    fo: int
    space: Space
    kind: str
    ready: bool


class Smoke(NamedTuple):
    space: Space
    side: str


class Decision(NamedTuple):
    """A decision the rules hand to one side in the middle of an action (reading CF-60)."""

    kind: str  # opfire, retreat, sacrifice, lose, occupy, ca_retreat
    side: str
    data: tuple[Any, ...]


class LogLine(NamedTuple):
    text: str
    audience: str  # "all", or the one side that may read it


# --- the game ------------------------------------------------------------------------------------------


class CFGame:
    """A Company Fire scenario bound to the rules: the static half of every state."""

    ruleset = INFO.id
    version = INFO.version
    sides = ROLES

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
        self._zones: dict[tuple[Space, int], frozenset[Space]] = {}
        self.searches: dict[tuple[Any, ...], dict[Space, tuple[Space, ...]]] = {}
        """Movement searches lately made, by what they depend on (see :meth:`_Rules._destinations`)."""
        """What the rules worked out about each position seen lately (see :meth:`_Rules.position_memo`)."""
        n_units, n_spaces = len(self.units) + 1, len(self.spaces) + 1
        self._radix = (n_units, n_spaces, n_units)
        self.action_space = len(KINDS) * n_units * n_spaces * n_units

    def zone(self, centre: Space, reach: int) -> frozenset[Space]:
        """The spaces within ``reach`` of ``centre`` counting diagonal steps as one (kept per centre and reach)."""
        key = (centre, reach)
        found = self._zones.get(key)
        if found is None:
            found = self._zones[key] = frozenset(s for s in self.spaces if king_distance(centre, s) <= reach)
        return found

    # encoding ---------------------------------------------------------------------------------------

    def encode(self, action: Hashable) -> int:
        if not isinstance(action, Action) or action.kind not in KIND_INDEX:
            raise UsageError(f"{action!r} is not a Company Fire action")
        nu, ns, _ = self._radix
        u = self.index[action.unit] if action.unit else nu - 1
        s = self.space_index[action.space] if action.space is not None else ns - 1
        o = self.index[action.other] if action.other else nu - 1
        return ((KIND_INDEX[action.kind] * nu + u) * ns + s) * nu + o

    def decode(self, code: int) -> Action:
        if not isinstance(code, int) or not 0 <= code < self.action_space:
            raise UsageError(f"action code {code!r} is not one of this scenario's (0 to {self.action_space - 1})")
        nu, ns, _ = self._radix
        code, o = divmod(code, nu)
        code, s = divmod(code, ns)
        k, u = divmod(code, nu)
        return Action(KINDS[k], self.ids[u] if u < nu - 1 else "", self.spaces[s] if s < ns - 1 else None,
                      self.ids[o] if o < nu - 1 else "")

    # states -----------------------------------------------------------------------------------------

    def initial_state(self, seed: int) -> CFState:
        sc = self.scenario
        units = tuple(UnitState(u.at, "good_order", u.hidden, u.occupies_bocage, False, False, False, False, False,
                                False, u.smoke_rounds, u.facing or "", u.turret or "",
                                riding=self.index[u.riding] if u.riding else -1) for u in self.units)
        dummies = tuple(sorted((side.role, s) for side in (sc.attacker, sc.defender) for s in side.dummy_blinds))
        mines = tuple(MineState(m.at, m.laid_by, m.real, m.marked, False, False) for m in sc.minefields)
        init = opening(sc.attacker.colour, 2 if sc.rules.jokers else 0)
        missions = ((sc.attacker.fire_missions.he, sc.attacker.fire_missions.smoke),
                    (sc.defender.fire_missions.he, sc.defender.fire_missions.smoke))
        held = tuple(o.held_by for o in sc.victory.objectives)
        rng = np.random.Generator(np.random.PCG64(seed))
        start = CFState(self, units, dummies, mines, init, missions, (), (), held, (), (), _rng_state(rng), None, 0)
        play = _Play(start)
        play.say(f"{sc.name}: {sc.attacker.name} attack {sc.defender.name}. The attacker opens as if it had drawn "
                 "a Move card (seed \"Initiative and Phase Sequence\").")
        play.advance()
        return play.freeze()

    def state_from_json(self, data: dict[str, Any]) -> CFState:
        try:
            return _state_from_json(self, data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise UsageError(f"not a Company Fire state of {self.scenario_name}: {exc}") from None

    def unit_label(self, i: int) -> str:
        u = self.units[i]
        return f"{u.id} ({u.name + ', ' if u.name else ''}{u.type.label})"


def load(path: Path) -> CFGame:
    """The game loader registered for ``company-fire``: a scenario file to a :class:`CFGame`."""
    return CFGame(load_scenario(path), Path(path))


def _shipped() -> tuple[Path, ...]:
    from warroom.rulesets.company_fire.scenario import shipped_scenarios

    return shipped_scenarios()


register_game(INFO.id, load, _shipped)


def _rng_state(rng: np.random.Generator) -> tuple[int, int, int, int]:
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
        self.stands_at = _rng_state(self.generator)
        return self.stands_at


_POSITIONS_KEPT = 256


def _keys(name: str) -> dict[Any, str]:
    """Memo keys per side, made once: a string made once keeps its hash."""
    return {side: f"{name} {side}" for side in (None, "attacker", "defender")}


_LIVING, _BLINDS, _KNOWN, _ENEMY_SETS, _LOSSES = (
    _keys(n) for n in ("living", "blinds", "known", "enemy sets", "losses"))
_FULL = {(side, smf): f"full {side} {smf}" for side in ("attacker", "defender") for smf in (False, True)}
_FLAGS = frozenset({"moved", "fired", "done", "rallied", "op_fired", "jammed", "smoke_rounds", "at_fired", "pivoted",
                    "turned"})
"""Unit fields that are not part of the position (:meth:`_Rules.position_memo`)."""


# --- queries shared by the frozen state and the working copy ------------------------------------------


class _Rules(ABC):
    """What the rules ask of a position: who is where, who sees what, what each unit may do."""

    __slots__ = ()
    game: CFGame
    units: Sequence[UnitState]
    dummies: Iterable[tuple[str, Space]]
    mines: Sequence[MineState]
    init: Initiative
    missions: Sequence[tuple[int, int]]
    declared: Sequence[Mission]
    smoke: Sequence[Smoke]
    decisions: Sequence[Decision]
    _memo: dict[Any, Any] | None
    """The position's memo once looked up (hot queries read it as ``self._memo or self.memo()``)."""

    # where things are ---------------------------------------------------------------------------------

    @abstractmethod
    def memo(self) -> dict[Any, Any]:
        """Answers about this position, kept until it changes."""

    def position_memo(self) -> dict[Any, Any]:
        """The answers kept for this position, shared by every state with the same position.

        The position is where each unit is, its status, whether it is hidden and whether it holds
        bocage, the dummy blinds, the smoke and the minefields: all that the memoised queries read. Flags of the
        card (moved, fired, op fired...) are not part of it, so the states of one card mostly share
        their answers. The game keeps a bounded number of positions.
        """
        where: tuple[Any, ...]
        if self.game.transport:  # who rides decides targets, stacking and actions (CF-90 ... CF-95)
            where = tuple([(u.at, u.status, u.hidden, u.bocage, u.facing, u.turret, u.riding) for u in self.units])
        elif self.game.faces:  # facing and turret decide sight and fire (CF-65, CF-66)
            where = tuple([(u.at, u.status, u.hidden, u.bocage, u.facing, u.turret) for u in self.units])
        else:
            where = tuple([(u.at, u.status, u.hidden, u.bocage) for u in self.units])
        key = (where, frozenset(self.dummies), frozenset([s.space for s in self.smoke]), tuple(self.mines))
        positions = self.game.positions
        found = positions.get(key)
        if found is None:
            if len(positions) >= _POSITIONS_KEPT:
                positions.clear()
            found = positions[key] = {}
        return found

    def alive(self, i: int) -> bool:
        u = self.units[i]
        return u.at is not None and u.status in ALIVE

    def living(self, side: str | None = None) -> list[int]:
        m = self._memo or self.memo()
        key = _LIVING[side]
        if key not in m:
            g = self.game
            m[key] = [i for i, u in enumerate(self.units)
                      if u.at is not None and u.status in ALIVE and (side is None or g.side_of[i] == side)]
        return m[key]  # type: ignore[no-any-return]

    def at(self, space: Space, side: str | None = None) -> list[int]:
        m = self._memo or self.memo()
        if "at" not in m:
            where: dict[Space | None, list[int]] = {}
            for i in self.living():
                where.setdefault(self.units[i].at, []).append(i)
            m["at"] = where
        here = m["at"].get(space, [])
        if side is None:
            return list(here)
        return [i for i in here if self.game.side_of[i] == side]

    def riders(self, c: int) -> list[int]:
        """The living units riding in carrier ``c`` (CF-90)."""
        return [k for k in self.living() if self.units[k].riding == c]

    def room_aboard(self, c: int, k: int) -> bool:
        """Whether unit ``k`` fits in carrier ``c`` beside its riders: ``carries`` squads or teams and
        ``carries_smfs`` SMFs (CF-90)."""
        g = self.game
        teams, smfs = g.carries[c]
        aboard = self.riders(c)
        if g.smf[k]:
            return sum(1 for x in aboard if g.smf[x]) < smfs
        return sum(1 for x in aboard if not g.smf[x]) < teams

    def space_takes(self, k: int, space: Space) -> bool:
        """Whether unit ``k`` may stand in ``space`` beside the friends on foot there (seed "Stacking": riders
        do not count while aboard, CF-90)."""
        g = self.game
        here = [x for x in self.at(space, g.side_of[k]) if self.units[x].riding < 0 and x != k]
        n = sum(1 for x in here if not g.smf[x])
        return B.stacking_allows(n + (0 if g.smf[k] else 1), len(here) - n + (1 if g.smf[k] else 0))

    def smoke_spaces(self) -> frozenset[Space]:
        m = self._memo or self.memo()
        if "smoke" not in m:
            m["smoke"] = frozenset(s.space for s in self.smoke)
        return m["smoke"]  # type: ignore[no-any-return]

    def blockers(self) -> frozenset[Space]:
        """Spaces that block LOS as units do: non-SMF units, and every blind, real or dummy (CF-20, CF-48)."""
        m = self._memo or self.memo()
        if "blockers" not in m:
            g = self.game
            out = {self.units[i].at for i in self.living() if not g.smf[i] or self.units[i].hidden}
            out.update(s for _, s in self.dummies)
            m["blockers"] = frozenset(s for s in out if s is not None)
        return m["blockers"]  # type: ignore[no-any-return]

    def held_bocage(self) -> frozenset[Space]:
        m = self._memo or self.memo()
        if "held" not in m:
            m["held"] = frozenset(u.at for u in self.units
                                  if u.bocage and u.at is not None and u.status in ("good_order", "pinned"))
        return m["held"]  # type: ignore[no-any-return]

    def sees(self, a: Space, b: Space) -> bool:
        m = self._memo or self.memo()
        key = (a, b)
        seen = m.get(key)
        if seen is None:
            seen = m[key] = visible(self.game.los, a, b, self.blockers(), self.smoke_spaces(), self.held_bocage())
        return seen

    def blind_spaces(self, side: str) -> frozenset[Space]:
        """The spaces holding ``side``'s blind markers: hidden units and dummies (CF-46)."""
        m = self._memo or self.memo()
        key = _BLINDS[side]
        if key not in m:
            out = {self.units[i].at for i in self.living(side) if self.units[i].hidden}
            out.update(s for who, s in self.dummies if who == side)
            m[key] = frozenset(s for s in out if s is not None)
        return m[key]  # type: ignore[no-any-return]

    def known_enemies(self, side: str) -> list[Space]:
        """Where ``side`` knows or must assume the enemy is: its revealed units and its blinds (CF-57)."""
        m = self._memo or self.memo()
        key = _KNOWN[side]
        if key not in m:
            enemy = _other(side)
            spaces = {self.units[i].at for i in self.living(enemy) if not self.units[i].hidden}
            spaces |= self.blind_spaces(enemy)
            m[key] = sorted(s for s in spaces if s is not None)
        return m[key]  # type: ignore[no-any-return]

    def in_enemy_los(self, side: str, space: Space, *, op_fire_only: bool = False, mover: int = -1) -> bool:
        """Whether a known enemy (CF-57) sees ``space``; with ``op_fire_only``, one that could op fire there
        (at ``mover``, when the question is about one). A vehicle sees only within its arcs (CF-66)."""
        enemy = _other(side)
        vehicle = self.game.vehicle
        blinds = self.blind_spaces(enemy)
        for s in self.known_enemies(side):
            if s in blinds:
                if (not op_fire_only or range_between(s, space) <= MAX_RANGE) and self.sees(s, space):
                    return True
                continue
            for i in self.at(s, enemy):
                if op_fire_only and not self.may_op_fire(i, space, mover):
                    continue
                if self.sees(s, space) and (not vehicle[i] or self.arc_sees(i, space)):
                    return True
        return False

    # vehicles: arcs, weapons (seed "Vehicle Line of Sight", "Attacking vehicles") ------------------------

    def front_only(self, i: int) -> bool:
        """CF-67: a fixed-gun vehicle (a TD) sees its front only; a closed-top vehicle is buttoned up, and
        sees its front only, while pinned or suppressed."""
        t = self.game.types[i]
        v = t.vehicle
        assert v is not None
        return (not v.turret and t.anti_tank is not None) or (v.closed_top and self.units[i].status != "good_order")

    def arc_sees(self, i: int, target: Space) -> bool:
        """Whether vehicle ``i``'s crew can look at ``target``: its arcs, not the terrain (CF-66, CF-67)."""
        u = self.units[i]
        return sees_in_arc(u.at, u.facing, u.turret or None, self.front_only(i), target)  # type: ignore[arg-type]

    def unit_sees(self, i: int, target: Space) -> bool:
        """Whether unit ``i`` sees ``target``: LOS from its space, and for a vehicle its arcs."""
        at = self.units[i].at
        assert at is not None
        return self.sees(at, target) and (not self.game.vehicle[i] or self.arc_sees(i, target))

    def mg_arc(self, i: int, target: Space) -> bool:
        """A vehicle's hull MG fires only through the edge its bow faces (CF-77); others all round."""
        u = self.units[i]
        return not self.game.vehicle[i] or in_front(u.at, u.facing, target)  # type: ignore[arg-type]

    def gun_arc(self, i: int, target: Space) -> bool:
        """A main gun fires through the edge its turret points at (a fixed gun, or an anti-tank gun, through
        the edge it faces); infantry anti-tank weapons fire all round (CF-76)."""
        u = self.units[i]
        if not u.facing:
            return True
        return in_front(u.at, u.turret or u.facing, target)  # type: ignore[arg-type]

    def buttoned(self, i: int) -> bool:
        """CF-67: a closed-top vehicle is buttoned up exactly while pinned or suppressed."""
        v = self.game.types[i].vehicle
        return v is not None and v.closed_top and self.units[i].status in ("pinned", "suppressed")

    def op_weapon(self, i: int, target: Space, j: int) -> str | None:
        """Which weapon unit ``i`` may take op fire with at unit ``j`` entering ``target``: ``"at"`` (main gun,
        anti-tank gun or weapon), ``"small"`` (its fire-table weapon or hull MG), or None. Seed "Opportunity
        Fire", "Vehicle Opportunity Fire", readings CF-71, CF-76, CF-83."""
        g = self.game
        u, t = self.units[i], g.types[i]
        if u.at is None or t.is_smf or u.riding >= 0:
            return None
        buttoned = self.buttoned(i)
        if u.status != "good_order" and not (buttoned and u.status == "pinned"):
            return None
        dist = range_between(u.at, target)
        at_vehicle = j >= 0 and g.vehicle[j]
        ranges = tables().vehicle_opportunity_fire
        gun = t.anti_tank
        gun_ok = (gun is not None and not u.op_fired and not u.at_fired and dist <= gun.range_spaces
                  and (at_vehicle or (t.anti_tank_key or "").endswith("_gun"))
                  and (not buttoned or (at_vehicle and dist <= ranges.buttoned_gun_range))
                  and self.gun_arc(i, target))
        w = t.weapon
        small_ok = (w is not None and not (j >= 0 and g.armoured[j])
                    and not (u.jammed if w.machine_gun else u.op_fired)
                    and dist <= (ranges.buttoned_mg_range if buttoned else w.range_spaces)
                    and not (buttoned and at_vehicle) and self.mg_arc(i, target))
        if at_vehicle:
            return "at" if gun_ok else "small" if small_ok else None
        return "small" if small_ok else "at" if gun_ok else None

    def leaders_in(self, space: Space, side: str) -> str:
        kinds = {self.game.types[i].leader for i in self.at(space, side)}
        pl, cc = "platoon_leader" in kinds, "company_commander" in kinds
        return "both" if pl and cc else "pl" if pl else "cc" if cc else "none"

    def own_leader_present(self, i: int) -> bool:
        """CF-44: the unit's own platoon leader or its side's company commander shares its space."""
        g = self.game
        me = g.units[i]
        for j in self.at(self.units[i].at, g.side_of[i]):  # type: ignore[arg-type]
            t = g.types[j]
            if t.leader == "company_commander" or (t.leader == "platoon_leader" and me.platoon
                                                    and g.units[j].platoon == me.platoon):
                return True
        return False

    # what a unit may do ------------------------------------------------------------------------------

    def card(self) -> str:
        return self.init.kind

    def may_move(self, i: int) -> bool:
        u, t = self.units[i], self.game.types[i]
        if u.moved or u.done or u.status not in ("good_order", "pinned"):
            return False
        if t.vehicle is not None:  # CF-74: a tank never moves after its main gun fired; fire then move: face card
            if u.at_fired and not t.vehicle.moves_and_fires_gun:
                return False
            return not ((u.fired or u.at_fired) and self.card() != "face")
        return not ((u.fired or u.at_fired) and (self.card() != "face" or not t.move_and_fire))

    def may_fire(self, i: int) -> bool:
        u, t = self.units[i], self.game.types[i]
        if t.vehicle is not None:  # CF-74, CF-78: a hull MG, after a move too but not on a Fire card
            return t.weapon is not None and not u.fired and not u.done and not (u.moved and self.card() == "fire")
        if t.weapon is None or u.fired or u.done or u.status == "suppressed":
            return False
        return not (u.moved and (self.card() != "face" or not t.move_and_fire))

    def may_at_fire(self, i: int) -> bool:
        """Seed "Attacking vehicles": an anti-tank weapon, main gun or gun fires once a card; infantry fire it and
        their small arms on the same card; tanks never move and fire the main gun, TDs do (CF-74)."""
        u, t = self.units[i], self.game.types[i]
        if t.anti_tank is None or u.at_fired or u.done:
            return False
        if t.vehicle is not None:
            return not u.moved or (self.card() != "fire" and t.vehicle.moves_and_fires_gun)
        if u.status == "suppressed":
            return False
        return not (u.moved and (self.card() != "face" or not t.move_and_fire))

    def at_targets(self, i: int) -> list[tuple[Space, int]]:
        """What unit ``i``'s anti-tank weapon may fire at: one enemy vehicle on the table, or for a gun one squad,
        team or gun (CF-76), in range and LOS, through the gun's arc."""
        g = self.game
        here = self.units[i].at
        t = g.types[i]
        assert here is not None and t.anti_tank is not None
        reach = t.anti_tank.range_spaces
        gun = (t.anti_tank_key or "").endswith("_gun")
        out = []
        for j in self.living(_other(g.side_of[i])):
            u = self.units[j]
            if g.smf[j] or u.hidden or u.at is None or (not gun and not g.vehicle[j]) or u.riding >= 0:
                continue
            if u.at != here and range_between(here, u.at) <= reach and self.sees(here, u.at) \
                    and self.gun_arc(i, u.at):
                out.append((u.at, j))
        return out

    def may_op_fire(self, i: int, target: Space, j: int = -1) -> bool:
        """Seed "Opportunity Fire" and "Unit Status": good order, a weapon in range, not op-fired this
        phase (an MG: not jammed). Snipers fire only at a declared target, never as op fire. ``j`` is
        the unit that moves (-1: a squad); vehicles and anti-tank weapons as :meth:`op_weapon` says."""
        g = self.game
        u, t = self.units[i], g.types[i]
        if t.anti_tank is not None or g.vehicle[i] or (j >= 0 and g.vehicle[j]):
            return self.op_weapon(i, target, j) is not None
        if u.status != "good_order" or t.weapon is None or t.is_smf or u.riding >= 0:
            return False
        if t.weapon.machine_gun:
            if u.jammed:
                return False
        elif u.op_fired:
            return False
        return u.at is not None and range_between(u.at, target) <= t.weapon.range_spaces

    def op_firers(self, side: str, target: Space, j: int = -1) -> list[int]:
        """``side``'s units able to op fire at ``target`` (at unit ``j`` entering it) now."""
        return [i for i in self.living(side) if self.may_op_fire(i, target, j)
                and self.sees(self.units[i].at, target)]  # type: ignore[arg-type]

    def fire_targets(self, i: int) -> list[Space]:
        """Spaces unit ``i`` may fire at: enemy units it sees, or blinds (recon by fire), in range; a light
        mortar also indirectly at spaces a friendly leader within 1 space sees (seed footnote **)."""
        g = self.game
        here = self.units[i].at
        assert here is not None
        t = g.types[i]
        assert t.weapon is not None
        side = g.side_of[i]
        enemy = _other(side)
        reach = t.weapon.range_spaces
        targets = [s for s in self.target_spaces(enemy, t.weapon.small_arms) if s != here
                   and range_between(here, s) <= reach]
        if not t.has("indirect_fire"):
            if g.vehicle[i]:
                return [s for s in targets if self.sees(here, s) and self.mg_arc(i, s)]
            return [s for s in targets if self.sees(here, s)]
        spotters = [here] + [self.units[j].at for j in self.living(side)  # type: ignore[misc]
                             if g.types[j].leader and king_distance(self.units[j].at, here) <= 1]  # type: ignore[arg-type]
        return [s for s in targets if any(self.sees(p, s) for p in spotters)]

    def target_spaces(self, enemy: str, small_arms: bool = False) -> list[Space]:
        """Spaces holding ``enemy``'s revealed non-SMF units, or its blinds; for small arms, not the spaces
        holding only armoured vehicles, which small arms cannot hurt (CF-71)."""
        m = self._memo or self.memo()
        g = self.game
        small_arms = small_arms and g.has_vehicles
        key = ("targets", enemy, small_arms)
        found = m.get(key)
        if found is None:
            spaces = {self.units[i].at for i in self.living(enemy) if not g.smf[i] and not self.units[i].hidden
                      and not (small_arms and g.armoured[i]) and self.units[i].riding < 0}
            spaces |= self.blind_spaces(enemy)
            found = m[key] = sorted(s for s in spaces if s is not None)
        return found

    def full_spaces(self, i: int) -> frozenset[Space]:
        """Spaces unit ``i`` may neither pass nor stop in: friendly spaces at the stacking limit, and enemy
        blinds (CF-46: a blind is never entered; moving next to it reveals it, CF-47).

        The units are counted as they stand, the mover included: its own space may come out full, which
        no move asks (a move never comes back to where it started), so the answer is the same for every
        unit of a side that is, or is not, an SMF, and is kept with the position.
        """
        g = self.game
        side, smf = g.side_of[i], g.smf[i]
        m = self._memo or self.memo()
        key = _FULL[side, smf]
        found = m.get(key)
        if found is None:
            counts: dict[Space, list[int]] = {}
            for j in self.living(side):
                if self.units[j].riding >= 0:  # riders do not count while aboard (CF-90)
                    continue
                c = counts.setdefault(self.units[j].at, [0, 0])  # type: ignore[arg-type]
                c[0 if not g.smf[j] else 1] += 1
            full = {s for s, (n, k) in counts.items()
                    if not B.stacking_allows(n + (0 if smf else 1), k + (1 if smf else 0))}
            full |= self.blind_spaces(_other(side))
            found = m[key] = frozenset(full)
        return found

    def enemy_sets(self, side: str) -> tuple[frozenset[Space], frozenset[Space]]:
        """(spaces with revealed enemy units other than SMFs alone, spaces with revealed enemy SMFs alone)."""
        m = self._memo or self.memo()
        key = _ENEMY_SETS[side]
        found = m.get(key)
        if found is None:
            found = m[key] = self._enemy_sets(side)
        return found

    def _enemy_sets(self, side: str) -> tuple[frozenset[Space], frozenset[Space]]:
        g = self.game
        enemy = _other(side)
        solid: set[Space] = set()
        smfs: set[Space] = set()
        for j in self.living(enemy):
            u = self.units[j]
            if u.hidden or u.at is None:
                continue
            (smfs if g.smf[j] else solid).add(u.at)
        return frozenset(solid), frozenset(smfs - solid)

    def destinations(self, i: int, rate: int, road_rate: int | None = None) -> dict[Space, tuple[Space, ...]]:
        m = self._memo or self.memo()
        key = ("dest", i, rate, road_rate)
        if key not in m:
            m[key] = self._destinations(i, rate, road_rate)
        return m[key]  # type: ignore[no-any-return]

    def _destinations(self, i: int, rate: int, road_rate: int | None = None) -> dict[Space, tuple[Space, ...]]:
        g = self.game
        solid, smfs = self.enemy_sets(g.side_of[i])
        here = self.units[i].at
        assert here is not None
        # A move of ``rate`` steps only ever looks at spaces within ``rate + 1`` of its start (the last step
        # asks whether an enemy touches the space entered), so only what lies there decides it.
        zone = g.zone(here, max(rate, road_rate or 0) + 1)
        full, smoke = self.full_spaces(i), self.smoke_spaces()
        solid, full = solid & zone, full & zone
        if smfs:
            smfs = smfs & zone
        if smoke:
            smoke = smoke & zone
        mover: B.Mover = "vehicle" if g.vehicle[i] else "infantry"
        key = (here, rate, solid, smfs, full, smoke) if mover == "infantry" else \
            (here, rate, solid, smfs, full, smoke, mover, road_rate)
        found = g.searches.get(key)
        if found is None:
            if len(g.searches) >= _POSITIONS_KEPT * 4:
                g.searches.clear()
            # board.destinations, its board's graphs looked up once per game
            found = g.searches[key] = move_destinations(g.step_graphs[mover], g.near, g.board.roads, here, rate,
                                                        road_rate, solid, smfs, full, smoke)
        return found

    def nearest_enemy(self, side: str, space: Space) -> int:
        known = self.known_enemies(side)
        return min((range_between(space, s) for s in known), default=99)

    def move_options(self, i: int, kind: str) -> dict[Space, tuple[Space, ...]]:
        """Where unit ``i`` may move now (seed "Movement", "Unit Status", "Moving on a Fire Card")."""
        g = self.game
        t, u = g.types[i], self.units[i]
        side = g.side_of[i]
        if t.vehicle is not None:
            return self.vehicle_move_options(i, kind)
        if kind == "fall_back":
            if self.card() != "move" or u.status != "suppressed" or u.moved or u.done or not self.own_leader_present(i):
                return {}
            assert u.at is not None
            near = self.nearest_enemy(side, u.at)
            return {s: p for s, p in self.destinations(i, 1).items()
                    if self.nearest_enemy(side, s) > near
                    and (not self.in_enemy_los(side, s) or B.space_cover(g.board, s, self.smoke_spaces()))}
        if not self.may_move(i):
            return {}
        rate = 1 if self.card() == "fire" else t.movement_spaces
        options = self.destinations(i, rate)
        if u.status == "pinned":  # seed "Unit Status": only away from the enemy, out of its LOS
            assert u.at is not None
            near = self.nearest_enemy(side, u.at)
            options = {s: p for s, p in options.items()
                       if self.nearest_enemy(side, s) > near and not self.in_enemy_los(side, s)}
        return options

    def vehicle_move_options(self, i: int, kind: str) -> dict[Space, tuple[Space, ...]]:
        """Seed "Vehicle Movement" (CF-72): the class's rate, on-road when the whole move is on road (CF-38);
        on a Fire card half the off-road rate (rounded down) after a Movement Test; pinned, one less; a
        suppressed vehicle moves away from the enemy at half the off-road rate instead of rallying."""
        g = self.game
        v = g.types[i].vehicle
        u = self.units[i]
        assert v is not None and u.at is not None
        side = g.side_of[i]
        card = self.card()
        if kind == "fall_back":
            if u.status != "suppressed" or card == "fire" or u.moved or u.done or u.rallied:
                return {}
            near = self.nearest_enemy(side, u.at)
            return {s: p for s, p in self.destinations(i, v.off_road // 2).items()
                    if self.nearest_enemy(side, s) > near}
        if not self.may_move(i):
            return {}
        less = 1 if u.status == "pinned" else 0
        if card == "fire":
            rate, road = v.off_road // 2 - less, None
        else:
            rate, road = v.off_road - less, v.on_road - less
        if rate <= 0 and not road:
            return {}
        return self.destinations(i, max(rate, 0), road)

    def needs_test(self, i: int, path: tuple[Space, ...]) -> bool:
        """Seed "Movement": every move on a Fire card; on a Move or face card, an infantry squad's two-space
        move unless it starts and stays out of enemy LOS (footnote *). Weapon teams and SMFs move freely."""
        if self.card() == "fire":
            return True
        t = self.game.types[i]
        if t.kind != "squad" or len(path) < 2:
            return False
        side = self.game.side_of[i]
        start = self.units[i].at
        assert start is not None
        return any(self.in_enemy_los(side, s) for s in (start, *path))

    def group_firers(self, space: Space, side: str) -> list[int]:
        """Seed "Group Fire": units that began the phase in the space, not suppressed; pinned ones only with
        a leader present."""
        g = self.game
        leader = self.leaders_in(space, side) != "none"
        return [k for k in self.at(space, side) if not g.smf[k] and not g.vehicle[k] and self.may_fire(k)
                and not self.units[k].moved and self.units[k].riding < 0
                and (self.units[k].status == "good_order" or leader)]

    def retreat_options(self, j: int, source: Space) -> list[Space]:
        """Seed "Hit Reduction": one space farther from the unit that fired, not into the LOS of another
        enemy unit, within the movement rules."""
        g = self.game
        u = self.units[j]
        if u.at is None:
            return []
        side = g.side_of[j]
        enemy = _other(side)
        d0 = range_between(u.at, source)
        out = []
        others = [k for k in self.living(enemy) if self.units[k].at != source]
        for s in self.destinations(j, 1):
            if range_between(s, source) <= d0 or self.at(s, enemy):
                continue
            if any(self.unit_sees(k, s) for k in others):
                continue
            out.append(s)
        return out

    def assault_retreats(self, j: int, away_from: Space) -> list[Space]:
        here = self.units[j].at
        if here is None:
            return []
        d0 = range_between(here, away_from)
        enemy = _other(self.game.side_of[j])
        return [s for s in self.destinations(j, 1) if range_between(s, away_from) > d0 and not self.at(s, enemy)]


# --- the frozen state ---------------------------------------------------------------------------------


class CFState(_Rules):
    """One position of a Company Fire game. Nothing changes a state once made: :meth:`apply` works on a
    :class:`_Play` copy and freezes it into the next state; its sequences are tuples.

    A plain class (not a dataclass) with every field set in ``__init__``, so that it compiles to a native
    class (README "Speed"); :meth:`replace` is ``dataclasses.replace`` for it."""

    __slots__ = (
        "_cache",
        "_memo",
        "decisions",
        "declared",
        "dummies",
        "game",
        "held",
        "init",
        "log",
        "mines",
        "missions",
        "outcome",
        "rng",
        "smoke",
        "steps",
        "units",
    )

    held: tuple[str, ...]
    log: tuple[LogLine, ...]
    rng: tuple[int, int, int, int]
    outcome: dict[str, Any] | None
    steps: int
    _cache: dict[str, Any]

    def __init__(self, game: CFGame, units: tuple[UnitState, ...], dummies: tuple[tuple[str, Space], ...],
                 mines: tuple[MineState, ...], init: Initiative, missions: tuple[tuple[int, int], ...],
                 declared: tuple[Mission, ...], smoke: tuple[Smoke, ...], held: tuple[str, ...],
                 decisions: tuple[Decision, ...], log: tuple[LogLine, ...], rng: tuple[int, int, int, int],
                 outcome: dict[str, Any] | None, steps: int, legal: list[Action] | None = None,
                 memo: dict[Any, Any] | None = None) -> None:
        self.game = game
        self.units = units
        self.dummies = dummies
        self.mines = mines
        self.init = init
        self.missions = missions
        self.declared = declared
        self.smoke = smoke
        self.held = held
        self.decisions = decisions
        self.log = log
        self.rng = rng
        self.outcome = outcome
        self.steps = steps
        self._cache = {} if legal is None else {"legal": legal}
        self._memo = memo

    def replace(self, **changes: Any) -> CFState:
        """A copy with some fields changed (``dataclasses.replace``), its answers worked out afresh."""
        fields = {name: getattr(self, name) for name in _STATE_FIELDS}
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"CFState has no field {', '.join(sorted(unknown))}: its fields are {', '.join(fields)}")
        fields.update(changes)
        return CFState(**fields)

    def __repr__(self) -> str:
        return f"CFState({self.game.scenario_name!r}, turn {self.init.turn}, {self.segment_name}, step {self.steps})"

    @property
    def to_act(self) -> str | None:
        if self.outcome is not None:
            return None
        if self.decisions:
            return self.decisions[0].side
        return _other(self.init.phasing) if self.init.segment == REACTION else self.init.phasing

    def memo(self) -> dict[Any, Any]:
        m = self._memo
        if m is None:
            m = self.position_memo()
            self._memo = m
        return m

    def legal_actions(self) -> list[Action]:
        if "legal" not in self._cache:
            self._cache["legal"] = [] if self.outcome is not None else _legal(self)
        return list(self._cache["legal"])

    def apply(self, action: Hashable) -> CFState:
        legal = self.legal_actions()
        if action not in legal:
            raise UsageError(_illegal(self, action, legal))
        play = _Play(self)
        play.act(action)
        play.advance()
        return play.freeze()

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def result(self) -> dict[str, Any]:
        if self.outcome is not None:
            return dict(self.outcome)
        return {"winner": None, "reason": "the game is still on", "points": _points(self)}

    def narration(self, side: str | None = None) -> list[str]:
        return [line.text for line in self.log if side is None or line.audience in ("all", side)]

    def observation(self, side: str) -> dict[str, Any]:
        return _observation(self, side)

    def to_json(self) -> dict[str, Any]:
        return _state_to_json(self)

    def odds(self, action: Action) -> dict[str, dict[str, Fraction]]:
        """The exact distribution of results on each target of a fire, group fire, artillery call or
        close assault, before it is taken (the same procedures and parameters as playing it)."""
        return _odds(self, action)

    @property
    def segment_name(self) -> str:
        return SEGMENTS[self.init.segment][0]


_STATE_FIELDS = ("game", "units", "dummies", "mines", "init", "missions", "declared", "smoke", "held", "decisions",
                 "log", "rng", "outcome", "steps")
"""CFState's fields, as ``__init__`` takes them (:meth:`CFState.replace`)."""


# --- the working copy ---------------------------------------------------------------------------------


class _Play(_Rules):
    """A mutable copy of a state while an action is resolved."""

    __slots__ = (
        "_memo",
        "_rng",
        "_rng_state",
        "decision",
        "decisions",
        "declared",
        "dummies",
        "game",
        "held",
        "init",
        "legal",
        "log",
        "mines",
        "missions",
        "outcome",
        "settled",
        "smoke",
        "steps",
        "units",
    )

    def __init__(self, s: CFState) -> None:
        self.game = s.game
        # the base's read-only sequences, here lists (and a set) that the resolution changes in place
        self.units = list(s.units)
        self.dummies = set(s.dummies)
        self.mines = list(s.mines)
        self.init = s.init
        self.missions = list(s.missions)
        self.declared = list(s.declared)
        self.smoke = list(s.smoke)
        self.held = list(s.held)
        self.decisions = list(s.decisions)
        self.log: list[LogLine] = []
        self._rng: np.random.Generator | None = None
        self._rng_state = s.rng
        self.outcome = s.outcome
        self.steps = s.steps
        self.legal: list[Action] | None = None
        self.decision: Decision | None = None
        self._memo: dict[Any, Any] | None = s._memo
        self.settled = self._memo
        """The memo of the last position whose consequences (scouts, blinds, objectives, break) were applied:
        a frozen state's position always is."""

    def memo(self) -> dict[Any, Any]:
        if self._memo is None:
            self._memo = self.position_memo()
        return self._memo

    def touch(self) -> None:
        """The position may have changed: look its answers up again when next asked."""
        self._memo = None

    @property
    def rng(self) -> np.random.Generator:
        if self._rng is None:
            self._rng = self.game.dice.take(self, self._rng_state)
        return self._rng

    def freeze(self) -> CFState:
        return CFState(
            self.game, tuple(self.units), tuple(sorted(self.dummies)), tuple(self.mines), self.init,
            tuple(self.missions), tuple(self.declared), tuple(self.smoke), tuple(self.held), tuple(self.decisions),
            tuple(self.log), self._rng_state if self._rng is None else self.game.dice.give_back(self), self.outcome,
            self.steps, self.legal, self._memo)

    # narration -----------------------------------------------------------------------------------------

    def say(self, text: str, audience: str = "all") -> None:
        self.log.append(LogLine(text, audience))

    def ruling(self, procedure: str, params: dict[str, Any], about: str, audience: str = "all") -> Ruling:
        r = roll(f"company-fire/{procedure}", params, rng=self.rng)
        self.say(f"{about}\n{r}", audience)
        return r

    def name(self, i: int) -> str:
        return self.game.unit_label(i)

    def public_name(self, i: int) -> str:
        """A unit as everyone may read of it: a unit under a blind is not named (CF-46)."""
        if self.units[i].hidden:
            return f"a unit under the blind at {_sp(self.units[i].at)}"
        return self.name(i)

    def set_mine(self, k: int, **changes: Any) -> None:
        cast("list[MineState]", self.mines)[k] = self.mines[k]._replace(**changes)
        self.touch()

    def set(self, i: int, **changes: Any) -> None:
        values = list(self.units[i])
        for name, value in changes.items():
            values[_UNIT_FIELD[name]] = value
        # as ``_replace``, without its checks (the names are ours)
        cast("list[UnitState]", self.units)[i] = tuple.__new__(UnitState, values)
        if not _FLAGS.issuperset(changes):
            self.touch()
            g = self.game
            if g.transport and g.carries[i][0] + g.carries[i][1] and changes.get("at") is not None:
                for k in self.riders(i):  # CF-92: riders go where their carrier goes
                    cast("list[UnitState]", self.units)[k] = self.units[k]._replace(at=changes["at"])

    # the flow of the game ---------------------------------------------------------------------------

    def acting_side(self) -> str:
        return _other(self.init.phasing) if self.init.segment == REACTION else self.init.phasing

    def advance(self) -> None:
        """Resolve everything up to the next real decision: scouts, arrivals, empty segments, new cards."""
        guard = 0
        while self.outcome is None:
            guard += 1
            if guard > 10_000:
                raise RuntimeError("the game made no progress (a rules loop)")
            if self.memo() is not self.settled:
                # what follows from the position alone: each is a no-op on a position already settled
                self.scouts_look()
                self.blinds_whole()
                self.update_objectives()
                if self.check_break():
                    return
                self.settled = self.memo()
            if self.decisions:
                self.legal = _legal(self)
                return
            if self.init.segment == ARRIVAL:
                self.artillery_arrives()
                self.next_segment()
                continue
            actions = _legal(self)
            if any(a.kind != "end" for a in actions):
                self.legal = actions
                return
            self.next_segment()

    def blinds_whole(self) -> None:
        """CF-63: a blind covers a whole space; a unit on the table joining hidden friends reveals them."""
        for i in self.living():
            u = self.units[i]
            if u.hidden and any(not self.units[j].hidden for j in self.at(u.at, self.game.side_of[i])):  # type: ignore[arg-type]
                self.reveal(i, "a unit on the table joined it")

    def next_segment(self) -> None:
        following = end_segment(self.init)
        if following is not None:
            self.init = following
            return
        self.end_card()

    def end_card(self) -> None:
        """The card is done: markers of the phase come off, declared missions wait for the next card, and
        the next card is drawn (seed "Initiative and Phase Sequence", "Opportunity Fire", "Artillery")."""
        units = cast("list[UnitState]", self.units)
        for i, u in enumerate(units):
            if u.moved or u.fired or u.done or u.rallied or u.op_fired or u.jammed or u.at_fired or u.pivoted \
                    or u.turned:
                units[i] = u._replace(moved=False, fired=False, done=False, rallied=False, op_fired=False,
                                      jammed=False, at_fired=False, pivoted=False, turned=False)
        # only the card's flags changed: the position, and what was worked out about it, stay
        self.declared = [m._replace(ready=True) for m in self.declared]
        before = self.init
        change = next_card(self.init, self.rng, self.game.clock_ends_at)
        for r in change.rulings:
            self.say(str(r))
        self.init = change.state
        if change.game_over:
            self.finish("the game clock has run out (seed \"Game Clock (optional)\")")
            return
        rules = self.game.scenario.rules
        if change.new_initiative and self.init.phasing == "attacker" and rules.game_end == "turns" \
                and rules.turns is not None and self.init.turn >= rules.turns:
            self.finish(f"{rules.turns} turns have been played (seed \"Tracking Turns\")")
            return
        if change.new_initiative:
            side = self.init.phasing
            gone = [s for s in self.smoke if s.side == side]
            if gone:
                self.smoke = [s for s in self.smoke if s.side != side]
                self.touch()
                self.say(f"the {side}'s smoke clears from {', '.join(_sp(s.space) for s in gone)}: it has the "
                         "initiative again (seed \"Artillery\")")
            self.say(f"-- the {side} has the initiative (turn {self.init.turn + 1}) --")
        card = self.init.card
        self.say(f"card {card}: a {self.init.kind} card for the {self.init.phasing}"
                 f"{'' if before.phasing != self.init.phasing else ' (another phase of its initiative)'}")

    def finish(self, reason: str) -> None:
        points = _points(self)
        a, d = points["attacker"], points["defender"]
        if a != d:
            winner: str | None = "attacker" if a > d else "defender"
            why = f"{reason}; {a} points to {d}"
        else:
            ties = self.game.scenario.victory.ties
            winner = None if ties == "draw" else ties
            why = f"{reason}; {a} points each, so the tie goes to {ties} (CF-55)"
        self.outcome = {"winner": winner, "reason": why, "points": points, "turn": self.init.turn}
        self.decisions = []
        self.say(f"GAME OVER: {why}. " + (f"The {winner} wins." if winner else "A draw."))
        self.legal = []

    def check_break(self) -> bool:
        """CF-56: a side whose destroyed squads, teams and guns reach ``break_at`` concedes."""
        broken = [side for side in ROLES if _losses(self, side) >= self.game.scenario.side(side).break_at]  # type: ignore[arg-type]
        if not broken:
            return False
        if len(broken) == 2:
            self.finish("both sides reached their break points together (CF-56)")
            return True
        side = broken[0]
        winner = _other(side)
        self.outcome = {"winner": winner, "reason": f"the {side} has lost {_losses(self, side)} squads, teams and "
                        f"guns and concedes (break point, CF-56)", "points": _points(self), "turn": self.init.turn}
        self.decisions = []
        self.say(f"GAME OVER: {self.outcome['reason']}. The {winner} wins.")
        self.legal = []
        return True

    def update_objectives(self) -> None:
        """CF-54: an objective is held by the side that last had a squad, team or gun in it alone."""
        g = self.game
        for k, o in enumerate(g.scenario.victory.objectives):
            here = [i for i in self.at(o.at) if not g.smf[i]]
            sides = {g.side_of[i] for i in here}
            if len(sides) == 1:
                side = sides.pop()
                if self.held[k] != side:
                    self.held[k] = side
                    self.say(f"the {side} now holds {o.name} ({_sp(o.at)}, {o.points} points; CF-54)")

    # actions -----------------------------------------------------------------------------------------

    def act(self, a: Action) -> None:
        self.steps += 1
        g = self.game
        i = g.index.get(a.unit, -1)
        name = a.kind[:-2] if a.kind[-2:-1] == "_" and a.kind[-1] in "NESW" else a.kind
        handler: Callable[[Action, int], None] = getattr(self, f"do_{name}")
        if self.decisions and a.kind in ("op_fire", "pass", "retreat", "take_hits", "sacrifice", "decline", "lose",
                                         "occupy", "stay"):
            decision = cast("list[Decision]", self.decisions).pop(0)
            self.decision = decision
        handler(a, i)

    def one_action_only(self, i: int) -> bool:
        """Each unit acts once per card (seed "Initiative and Phase Sequence"): on a Move card it moves or
        fires (CF-4), on a Fire card it fires or makes its one-space move; on a face card it may move and
        fire, in either order, unless it is a weapon team or gun. Reaction fire ends the unit's card."""
        if self.init.segment == REACTION or self.card() != "face" or not self.game.types[i].move_and_fire:
            return True
        u = self.units[i]
        return u.moved and u.fired

    def do_end(self, a: Action, i: int) -> None:
        self.say(f"the {self.acting_side()} ends the {SEGMENTS[self.init.segment][0]} segment")
        self.next_segment()

    # -- moving

    def reveal(self, i: int, why: str) -> None:
        """CF-47: a blind is revealed: every unit under it is set on the table."""
        at = self.units[i].at
        if not self.units[i].hidden or at is None:
            return
        side = self.game.side_of[i]
        under = [j for j in self.at(at, side) if self.units[j].hidden]
        for j in under:
            self.set(j, hidden=False)
        self.say(f"the {side}'s blind at {_sp(at)} is revealed ({why}): {', '.join(self.name(j) for j in under)} "
                 "(CF-47)")

    def reveal_space(self, side: str, space: Space, why: str) -> bool:
        """Reveal ``side``'s blind at ``space``; True if units were under it, False for a dummy (removed)."""
        if (side, space) in self.dummies:
            cast("set[tuple[str, Space]]", self.dummies).discard((side, space))
            self.touch()
            self.say(f"the {side}'s blind at {_sp(space)} is revealed ({why}): a dummy, removed (CF-47)")
            return False
        hidden = [j for j in self.at(space, side) if self.units[j].hidden]
        if hidden:
            self.reveal(hidden[0], why)
            return True
        return False

    def do_move(self, a: Action, i: int) -> None:
        self.start_move(a, i, "move")

    def do_assault_move(self, a: Action, i: int) -> None:
        self.start_move(a, i, "assault_move")

    def do_leader_move(self, a: Action, i: int) -> None:
        self.start_move(a, i, "leader_move")

    def do_fall_back(self, a: Action, i: int) -> None:
        self.start_move(a, i, "fall_back")

    def start_move(self, a: Action, i: int, kind: str) -> None:
        g = self.game
        assert a.space is not None
        if kind == "leader_move":
            options = self.destinations(i, g.types[i].movement_spaces)
        else:
            options = self.move_options(i, "fall_back" if kind == "fall_back" else "move")
        path = options[a.space]
        u = self.units[i]
        assert u.at is not None
        side = g.side_of[i]
        on_fire_card = self.card() == "fire"
        vehicle = g.vehicle[i]
        done = kind in ("leader_move", "fall_back") or (kind == "move" and self.one_action_only(i))
        if vehicle and kind == "move":  # CF-74: a vehicle may fire after its move, except on a Fire card
            done = on_fire_card
        self.set(i, moved=True, done=done)
        if vehicle and kind == "fall_back":
            self.set(i, rallied=True)
            self.say(f"{self.name(i)} is suppressed and moves away from the enemy at half its off-road rate, "
                     "instead of a rally test (seed \"Vehicle Movement\", CF-72)")
        if kind == "assault_move":
            self.set(i, done=False)
        if self.units[i].hidden:
            self.reveal(i, "it moves")
        if (kind == "fall_back" and not vehicle) or (kind != "leader_move" and self.needs_test(i, path)):
            dest = path[-1]
            params = {
                "destination": "cover" if B.space_cover(g.board, dest, self.smoke_spaces()) else "open",
                "enemy_op_fire_los": self.in_enemy_los(side, dest, op_fire_only=True, mover=i),
                "experience": g.units[i].experience,
                "leader": self.leaders_in(u.at, side),
                "fall_back": kind == "fall_back",
            }
            why = "falls back" if kind == "fall_back" else "moves on a Fire card" if on_fire_card else \
                "moves two spaces in enemy LOS"
            r = self.ruling("movement-test", params, f"{self.name(i)} {why} to {_sp(dest)}: Movement Test")
            if r.result != "passes":
                self.set(i, done=True)
                self.say(f"{self.name(i)} stays put in {_sp(u.at)}")
                return
        route = " \u2192 ".join(_sp(s) for s in (u.at, *path))
        self.say(f"{self.name(i)} sets off: {route}")
        self.continue_move(i, u.at, path)

    def continue_move(self, i: int, prev: Space, path: tuple[Space, ...]) -> None:
        """Walk the path a step at a time: enemy SMFs overrun, mines, blinds revealed, smoke, and
        opportunity fire at each space entered in enemy LOS (seed "Movement", "Opportunity Fire")."""
        g = self.game
        side = g.side_of[i]
        enemy = _other(side)
        blinds = self.blind_spaces(enemy)  # the mover's steps leave the enemy's blinds as they are
        vehicle = g.vehicle[i]
        for k, s in enumerate(path):
            last = k == len(path) - 1
            if vehicle:  # CF-65: a vehicle faces the way it moves
                self.set(i, at=s, facing=facing_towards(prev, s))
            else:
                self.set(i, at=s)
            lone = [j for j, v in enumerate(self.units) if v.at == s and g.side_of[j] == enemy and v.status in ALIVE]
            if lone:  # only enemy SMFs can be here: they are overrun (CF-34)
                for j in lone:
                    self.ruling("smf-elimination", {"cause": "enemy_enters", "alone": True},
                                f"{self.name(i)} enters {_sp(s)}, held only by {self.name(j)}")
                    self.eliminate(j, "destroyed")
                return
            if not self.mines_on_entry(i, s, last):
                return
            if self.units[i].status not in ALIVE:
                return
            stop = False
            near = g.touching[s]
            for space in sorted(b for b in blinds if b in near):
                if self.reveal_space(enemy, space, f"{self.name(i)} moves next to it"):
                    stop = True
                blinds = self.blind_spaces(enemy)
            if stop and not last:
                self.say(f"{self.name(i)} must stop in {_sp(s)}: enemy units next to it (seed \"Movement\")")
            if not g.smf[i] and self.units[i].status in ALIVE:
                firers = self.op_firers(enemy, s, i)
                apparent = firers or any(self.sees(b, s) and range_between(b, s) <= MAX_RANGE
                                         for b in self.blind_spaces(enemy))
                if apparent:
                    rest = () if stop else path[k + 1:]
                    decision = Decision("opfire", enemy, ("move", i, prev, s, rest))
                    cast("list[Decision]", self.decisions).insert(0, decision)
                    return
            if stop:
                return
            prev = s

    def mines_on_entry(self, i: int, s: Space, last: bool) -> bool:
        """Seed "Mines (beta)" with CF-12 and CF-52: True when the unit may go on from ``s``."""
        g = self.game
        side = g.side_of[i]
        for k, m in enumerate(self.mines):
            if m.gone or m.at != s or m.laid_by == side:
                continue
            target = {"target": "smf" if g.smf[i] else "unit",
                      "target_status": "good_order" if g.smf[i] else self.units[i].status}
            if not m.marked:
                self.set_mine(k, marked=True)
                r = self.ruling("minefield-unmarked", target, f"{self.name(i)} enters {_sp(s)}")
                self.apply_result(i, r.result.removeprefix("mines detonate: "), "minefield")
                return False
            if last:
                self.say(f"{self.name(i)} stops in the marked minefield at {_sp(s)}")
                return False
            proc = "minefield-follow-path" if m.path else "minefield-passage"
            r = self.ruling(proc, {"field": "real" if m.real else "dummy", **target},
                            f"{self.name(i)} tries to pass through the marked minefield at {_sp(s)}")
            if r.result == "through":
                return True
            if r.result.startswith("dummy"):
                self.set_mine(k, gone=True)
            else:
                self.apply_result(i, r.result.removeprefix("mines detonate: "), "minefield")
            self.say(f"{self.name(i)} stops in {_sp(s)} (CF-12)")
            return False
        return True

    def do_op_fire(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        g = self.game
        context = d.data[0]
        self.reveal(i, "it fires")
        firer_at = self.units[i].at
        assert firer_at is not None
        if context == "move":
            _, mover, prev, s, rest = d.data
            targets = [mover]
        else:
            targets = [j for j in d.data[1] if self.alive(j)]
        self.set(i, op_fired=True)
        jammed = False
        results: dict[int, str] = {}
        special = g.has_vehicles or g.types[i].anti_tank is not None
        for j in targets:
            at = self.units[j].at
            assert at is not None
            how = self.op_weapon(i, at, j) if special else "small"
            if how is None:
                continue
            about = f"{self.name(i)} takes opportunity fire at {self.name(j)} in {_sp(at)}"
            if how == "at":
                self.set(i, at_fired=True)
                r = self.ruling("anti-tank-fire", self.at_params(i, j), about)
                results[j] = r.result
                continue
            params = {"weapon": g.types[i].weapon_key, "range": range_between(firer_at, at),
                      "cover": bool(cover_for_attack(g.board, firer_at, at, self.smoke_spaces())),
                      "target_status": self.units[j].status}
            if g.vehicle[i]:
                params["shooter_pinned"] = self.units[i].status != "good_order"
            r = self.ruling("opportunity-fire", params, about)
            res = r.result
            if res.endswith(", MG jammed"):
                jammed = True
                res = res.removesuffix(", MG jammed")
            results[j] = res
        if jammed:
            self.set(i, jammed=True)
        for j, res in results.items():
            self.apply_result(j, res, "direct_fire", None if context == "move" else firer_at)
        if context == "move":
            if not self.alive(mover):
                return
            status = self.units[mover].status
            if results.get(mover) == "pinned" and status == "pinned":
                self.say(f"{self.name(mover)} is pinned by op fire and ends its move in {_sp(s)}")
                return
            if results.get(mover) == "suppressed":
                self.set(mover, at=prev, bocage=False)
                self.say(f"{self.name(mover)} is suppressed by op fire and ends in {_sp(prev)}, the space it left")
                return
            if rest:
                self.continue_move(mover, s, rest)
        else:
            self.close_assault([j for j in d.data[1] if self.alive(j) and self.may_assault_now(j)], d.data[2])

    def do_pass(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        self.say(f"the {d.side} holds its fire")
        if d.data[0] == "move":
            _, mover, _, s, rest = d.data
            if rest:
                self.continue_move(mover, s, rest)
        else:
            self.close_assault(list(d.data[1]), d.data[2])

    def hit_table(self, j: int, hits: int, what: str) -> str:
        r = self.ruling("hit-result", {"hits": hits, "target_status": self.units[j].status,
                                       "target": "unit", "retreat": False},
                        f"{self.name(j)} takes {hits} hit{'s' if hits != 1 else ''} from the same {what}")
        return r.result

    # -- results on units

    def may_assault_now(self, j: int) -> bool:
        """Good order, or a pinned vehicle (it assaults at a penalty, CF-84)."""
        st = self.units[j].status
        return st == "good_order" or (st == "pinned" and self.game.vehicle[j])

    def apply_result(self, j: int, result: str, cause: str, source: Space | None = None) -> None:
        """Apply a hit-table result to unit ``j`` (seed "Unit Status, Hit Results and Rallying", SMFs). A vehicle
        newly suppressed by an attack from ``source`` must move one space away from it (seed "Vehicle Hit
        Results", CF-70)."""
        if source is not None and self.game.vehicle[j] and STATUS_WORD[result] == "suppressed" \
                and self.units[j].status != "suppressed":
            self._apply_result(j, result, cause)
            self.forced_move(j, source)
            return
        self._apply_result(j, result, cause)

    def forced_move(self, j: int, source: Space) -> None:
        """CF-70: a suppressed vehicle moves one space away from the enemy that hit it; the owner chooses
        among several spaces; with none it stays. It backs away: its facing stays."""
        if not self.alive(j):
            return
        options = self.assault_retreats(j, source)
        if not options:
            self.say(f"{self.name(j)} is suppressed but has no space to move away to: it stays (CF-70)")
        elif len(options) == 1:
            self.set(j, at=options[0])
            self.say(f"{self.name(j)} is suppressed and must move one space away from the enemy: to "
                     f"{_sp(options[0])} (seed \"Vehicle Hit Results\")")
        else:
            cast("list[Decision]", self.decisions).append(Decision("ca_retreat", self.game.side_of[j], (j, source)))

    def _apply_result(self, j: int, result: str, cause: str) -> None:
        g = self.game
        status = STATUS_WORD[result]
        u = self.units[j]
        if u.hidden and status != u.status:
            self.reveal(j, "it was hit")
        if g.smf[j]:
            if status == "destroyed":
                self.eliminate(j, "destroyed")
            return
        if status == u.status:
            return
        if status == "destroyed":
            leaders = [k for k in self.at(u.at, g.side_of[j])  # type: ignore[arg-type]
                       if g.types[k].leader]
            if leaders:
                sacrifice = Decision("sacrifice", g.side_of[j], (j, tuple(leaders)))
                cast("list[Decision]", self.decisions).insert(0, sacrifice)
                return
            self.eliminate(j, "destroyed")
            return
        self.set(j, status=status, bocage=u.bocage and status != "suppressed")
        if u.bocage and status == "suppressed":
            self.say(f"{self.name(j)} is suppressed and abandons the bocage (seed \"Bocage\")")
        if status == "suppressed":
            self.shake_riders(j)

    def shake_riders(self, j: int) -> None:
        """CF-94: the good-order riders (squads and teams) of a carrier left suppressed are pinned with it."""
        g = self.game
        if not (g.transport and g.vehicle[j]):
            return
        shaken = [k for k in self.riders(j) if self.units[k].status == "good_order" and not g.smf[k]]
        for k in shaken:
            self.set(k, status="pinned")
        if shaken:
            self.say(f"{', '.join(self.name(k) for k in shaken)}, riding in {self.name(j)}, "
                     f"{'is' if len(shaken) == 1 else 'are'} pinned with it (CF-94)")

    def eliminate(self, j: int, how: str) -> None:
        """Take a unit off the table: ``destroyed`` (counts for victory) or ``removed`` by the rules."""
        g = self.game
        at = self.units[j].at
        hidden = self.units[j].hidden and how != "destroyed"
        aboard = self.riders(j) if g.transport and g.vehicle[j] else []
        self.set(j, status=how, at=None, hidden=hidden, bocage=False, riding=-1)
        self.say(f"{self.name(j)} is {'destroyed' if how == 'destroyed' else 'removed from the table'}",
                 self.game.side_of[j] if hidden else "all")
        self.declared = [m for m in self.declared if m.fo != j]
        if at is None or g.smf[j]:
            return
        if aboard:
            self.bail_out(j, at, aboard)
        side = g.side_of[j]
        here = self.at(at, side)
        if here and all(g.smf[k] for k in here):
            for k in here:
                self.ruling("smf-elimination", {"cause": "stack_destroyed", "alone": False},
                            f"{self.name(k)} was with the units destroyed in {_sp(at)}")
                self.eliminate(k, "destroyed")

    def bail_out(self, j: int, at: Space, aboard: list[int]) -> None:
        """CF-94: the riders of a destroyed carrier bail out into its space, each suppressed (destroyed if it
        already was); one the stacking limit leaves no room for is lost with the carrier. SMFs then follow the
        seed's rule for SMFs left without their units (:meth:`eliminate`)."""
        g = self.game
        for k in aboard:
            self.set(k, riding=-1)
        self.say(f"{', '.join(self.name(k) for k in aboard)} bail{'s' if len(aboard) == 1 else ''} out of "
                 f"{self.name(j)} in {_sp(at)} (CF-94)")
        for k in sorted(aboard, key=lambda x: g.smf[x]):
            if not self.alive(k) or g.smf[k]:
                continue
            if not self.space_takes(k, at):
                self.say(f"{self.name(k)} has no room in {_sp(at)} (seed \"Stacking\"): lost with its carrier")
                self.eliminate(k, "destroyed")
                continue
            result = "destroyed" if self.units[k].status == "suppressed" else "suppressed"
            if result == "suppressed":
                self.say(f"{self.name(k)} is suppressed as it bails out (CF-94)")
            else:
                self.say(f"{self.name(k)} was already suppressed: bailing out finishes it (CF-94)")
            self._apply_result(k, result, "bail_out")

    def do_mount(self, a: Action, i: int) -> None:
        """CF-91: a squad, team or SMF climbs into a friendly half-track or truck in its space; that is its
        action for the card."""
        c = self.game.index[a.other]
        self.set(i, riding=c, moved=True, done=True, bocage=False)
        self.say(f"{self.name(i)} mounts {self.name(c)} in {_sp(self.units[i].at)} (CF-91)")

    def do_dismount(self, a: Action, i: int) -> None:
        """CF-91: a rider gets down into its carrier's space, stacking permitting (seed "Stacking"); it is the
        unit's move for the card: on a face card a squad may still fire."""
        c = self.units[i].riding
        self.set(i, riding=-1, moved=True)
        self.set(i, done=self.one_action_only(i))
        self.say(f"{self.name(i)} dismounts from {self.name(c)} in {_sp(self.units[i].at)} (CF-91)")

    def do_sacrifice(self, a: Action, i: int) -> None:
        leader = self.game.index[a.other]
        self.say(f"{self.name(leader)} is sacrificed to save {self.name(i)}, which stays suppressed (seed \"Single "
                 "Mounted Figures (SMFs)\", CF-61)")
        self.eliminate(leader, "destroyed")
        self.set(i, status="suppressed", bocage=False)
        self.shake_riders(i)  # a carrier saved so is left suppressed, its riders shaken as by any suppression

    def do_decline(self, a: Action, i: int) -> None:
        self.eliminate(i, "destroyed")

    # -- fire

    def fire_params(self, i: int, target: Space, j: int, recon: bool) -> dict[str, Any]:
        g = self.game
        here = self.units[i].at
        assert here is not None
        phasing = g.side_of[i] == self.init.phasing
        return {
            "weapon": g.types[i].weapon_key, "range": range_between(here, target),
            "cover": bool(cover_for_attack(g.board, here, target, self.smoke_spaces())),
            "card": self.card() if phasing else "fire", "moved": self.units[i].moved if phasing else False,
            "recon_by_fire": recon, "target_status": self.units[j].status if j >= 0 else "good_order",
            "retreat": False,
            **({"shooter_pinned": self.units[i].status != "good_order"} if g.vehicle[i] else {}),
        }

    def at_params(self, i: int, j: int) -> dict[str, Any]:
        """The anti-tank-fire procedure's parameters for unit ``i`` firing at unit ``j`` (seed "Attacking
        vehicles"; CF-76 ... CF-82)."""
        g = self.game
        u, v = self.units[i], self.units[j]
        here, there = u.at, v.at
        assert here is not None and there is not None
        phasing = g.side_of[i] == self.init.phasing
        tj = g.types[j]
        armoured = g.armoured[j]
        return {
            "weapon": g.types[i].anti_tank_key, "range": range_between(here, there),
            "target": "armoured" if armoured else "soft" if g.vehicle[j] else "unit",
            "front": armoured and in_front(there, v.facing, here),
            "cover": bool(cover_for_attack(g.board, here, there, self.smoke_spaces())),
            "heavy_target": armoured and tj.vehicle is not None and tj.vehicle.heavy,
            "card": self.card() if phasing else "fire", "moved": u.moved if phasing else False,
            "shooter_pinned": u.status != "good_order", "turret_rotated": u.turned,
            "target_status": v.status,
        }

    def victims(self, side: str, space: Space, small_arms: bool = False) -> tuple[list[int], bool]:
        """The units an attack on ``space`` rolls for (small arms: not armoured vehicles, CF-71), and whether it is
        recon by fire at a blind."""
        g = self.game
        units = [j for j in self.at(space, side) if not g.smf[j] and not (small_arms and g.armoured[j])
                 and self.units[j].riding < 0]  # fire is at the carrier, never its riders (CF-93)
        blind = space in self.blind_spaces(side)
        return units, blind

    def do_fire(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        self.reveal(i, "it fires")
        t = g.types[i]
        self.set(i, fired=True, done=self.one_action_only(i) and (t.anti_tank is None or self.units[i].at_fired))
        enemy = _other(g.side_of[i])
        weapon = t.weapon
        small_arms = bool(weapon and weapon.small_arms)
        units, blind = self.victims(enemy, a.space, small_arms)
        about = f"{self.name(i)} fires at {_sp(a.space)}"
        if blind:
            self.recon_by_fire(enemy, a.space, about, lambda j: self.fire_params(i, a.space, j, True),  # type: ignore[arg-type]
                               "individual-fire", small_arms, self.units[i].at)
            return
        self.attack(units, about, lambda j: self.fire_params(i, a.space, j, False), "individual-fire",  # type: ignore[arg-type]
                    small_arms, self.units[i].at)

    def do_at_fire(self, a: Action, i: int) -> None:
        """Seed "Attacking vehicles": a main gun or anti-tank weapon attacks one unit (CF-76)."""
        g = self.game
        j = g.index[a.other]
        self.reveal(i, "it fires")
        t = g.types[i]
        self.set(i, at_fired=True, done=self.one_action_only(i) and (t.weapon is None or self.units[i].fired))
        here = self.units[i].at
        there = self.units[j].at
        assert here is not None and there is not None
        r = self.ruling("anti-tank-fire", self.at_params(i, j),
                        f"{self.name(i)} fires its {t.anti_tank.label} at {self.name(j)} in {_sp(there)}")  # type: ignore[union-attr]
        self.apply_result(j, r.result, "anti_tank", here)

    def do_pivot(self, a: Action, i: int) -> None:
        """CF-73: a vehicle (or gun) turns in place to face another edge; tracked up to 180, wheeled 90."""
        f = a.kind[-1]
        u = self.units[i]
        self.set(i, facing=f, pivoted=True)
        self.say(f"{self.name(i)} pivots in place from {u.facing} to face {f} (seed \"Attacking vehicles\", CF-73)")

    def do_turret(self, a: Action, i: int) -> None:
        f = a.kind[-1]
        u = self.units[i]
        self.set(i, turret=f, turned=True)
        self.say(f"{self.name(i)} turns its turret from {u.turret} to {f}: its main gun fires at one die less this "
                 "card (seed \"Attacking vehicles\")")

    def do_button_up(self, a: Action, i: int) -> None:
        self.set(i, status="pinned")
        self.say(f"{self.name(i)} buttons up and takes a pin marker; it moves at the pinned rate (seed \"Vehicle Unit "
                 "Status\", CF-68)")

    def attack(self, units: list[int], about: str, params: Callable[[int], dict[str, Any]], procedure: str,
               small_arms: bool, source: Space | None) -> None:
        """Roll for each unit in the target space separately (or as the scenario's attack method says)
        and apply the results, offering a small-arms target the hit reduction retreat (seed "Hit
        Reduction", CF-3)."""
        method = self.game.scenario.rules.attack_resolution
        first: int | None = None
        for n, j in enumerate(units):
            if n > 0 and method != "standard" and first is not None:
                hits = first if method == "faster" else _share(first, len(units), n)
                res = self.hit_table(j, hits, "attack (" + method + " play)")
                self.result_or_retreat(j, res, hits, small_arms, source)
                continue
            r = self.ruling(procedure, params(j), f"{about}: at {self.name(j)}")
            hits = _hits_of(r)
            if method != "standard":
                first = hits
                if method == "longer":
                    share = _share(hits, len(units), 0)
                    if share != hits:
                        r = self.ruling("hit-result", {"hits": share, "target_status": self.units[j].status,
                                                       "target": "unit", "retreat": False},
                                        f"longer play: {hits} hits shared among {len(units)} units")
            self.result_or_retreat(j, r.result, hits, small_arms, source)

    def result_or_retreat(self, j: int, result: str, hits: int, small_arms: bool, source: Space | None) -> None:
        if small_arms and hits > 0 and source is not None and not self.game.smf[j] \
                and self.retreat_options(j, source):
            retreat = Decision("retreat", self.game.side_of[j], (j, hits, result, source))
            cast("list[Decision]", self.decisions).append(retreat)
            return
        self.apply_result(j, result, "direct_fire", source)

    def do_retreat(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None and a.space is not None
        if d.kind == "ca_retreat":
            self.set(i, at=a.space, bocage=False)
            why = "Vehicle Hit Results" if self.game.vehicle[i] else "Close Assault"
            self.say(f"{self.name(i)} is suppressed and retreats to {_sp(a.space)} (seed \"{why}\")")
            return
        j, hits, _, source = d.data
        r = self.ruling("hit-result", {"hits": hits, "target_status": self.units[j].status, "target": "unit",
                                       "retreat": True},
                        f"{self.name(j)} retreats from {_sp(self.units[j].at)} to {_sp(a.space)}, one space away "
                        f"from the firer at {_sp(source)}")
        self.set(j, at=a.space, bocage=False, hidden=False)
        self.apply_result(j, r.result, "direct_fire")

    def do_take_hits(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        j, _, result, _ = d.data
        self.apply_result(j, result, "direct_fire")

    def recon_by_fire(self, enemy: str, space: Space, about: str, params: Callable[[int], dict[str, Any]],
                      procedure: str, small_arms: bool, source: Space | None) -> None:
        """Seed "Recon by Fire": fire at a blind at one die less; any hit reveals it (CF-47), and the
        result then applies to the units revealed; a dummy hit is removed."""
        units = [j for j in self.at(space, enemy) if self.units[j].hidden and not self.game.smf[j]]
        rolls: list[tuple[int, Ruling]] = []
        for j in units or [-1]:
            r = self.ruling(procedure, params(j), f"{about}: recon by fire at a blind")
            rolls.append((j, r))
        if not any(_hits_of(r) for _, r in rolls):
            self.say(f"no hits: the blind at {_sp(space)} stays unrevealed")
            return
        self.reveal_space(enemy, space, "recon by fire scored a hit")
        for j, r in rolls:
            if j >= 0:
                self.result_or_retreat(j, r.result, _hits_of(r), small_arms, source)

    def do_group_fire(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        here = self.units[i].at
        assert here is not None
        side = g.side_of[i]
        firers = self.group_firers(here, side)
        for k in firers:
            self.reveal(k, "it fires")
            self.set(k, fired=True, done=True)
        enemy = _other(side)
        leader = self.leaders_in(here, side)
        small_arms = all(g.types[k].weapon.small_arms for k in firers)  # type: ignore[union-attr]
        units, blind = self.victims(enemy, a.space, small_arms)

        def params(j: int) -> dict[str, Any]:
            return {
                "firers": tuple(g.types[k].weapon_key for k in firers), "leader": leader,
                "range": range_between(here, a.space),  # type: ignore[arg-type]
                "cover": bool(cover_for_attack(g.board, here, a.space, self.smoke_spaces())),  # type: ignore[arg-type]
                "card": self.card(), "recon_by_fire": blind,
                "pinned_firers": any(self.units[k].status == "pinned" for k in firers),
                "target_status": self.units[j].status if j >= 0 else "good_order", "retreat": False,
            }

        about = f"group fire by {', '.join(self.name(k) for k in firers)} at {_sp(a.space)}"
        if blind:
            self.recon_by_fire(enemy, a.space, about, params, "group-fire", small_arms, here)
        else:
            self.attack(units, about, params, "group-fire", small_arms, here)

    def do_snipe(self, a: Action, i: int) -> None:
        g = self.game
        j = g.index[a.other]
        here, there = self.units[i].at, self.units[j].at
        assert here is not None and there is not None
        self.reveal(i, "it fires")
        smf = g.smf[j]
        params = {"target": "smf" if smf else "unit", "range": range_between(here, there),
                  "cover": bool(cover_for_attack(g.board, here, there, self.smoke_spaces())),
                  "target_status": "good_order" if smf else self.units[j].status, "retreat": False}
        r = self.ruling("sniper-fire", params, f"{self.name(i)} snipes at {self.name(j)} in {_sp(there)}")
        self.eliminate(i, "removed")
        if smf:
            self.apply_result(j, r.result, "sniper_fire")
        else:
            self.result_or_retreat(j, r.result, _hits_of(r), True, here)

    def do_mortar_smoke(self, a: Action, i: int) -> None:
        assert a.space is not None
        self.reveal(i, "it fires")
        self.set(i, fired=True, done=True, smoke_rounds=self.units[i].smoke_rounds - 1)
        side = self.game.side_of[i]
        self.smoke = [s for s in self.smoke if s.space != a.space] + [Smoke(a.space, side)]
        self.touch()
        self.say(f"{self.name(i)} fires a smoke round at {_sp(a.space)}: smoke blocks LOS into and out of the space "
                 f"until the {side} regains the initiative (CF-51; {self.units[i].smoke_rounds} left)")

    # -- rally, bocage, mines

    def do_rally(self, a: Action, i: int) -> None:
        g = self.game
        u = self.units[i]
        assert u.at is not None
        side = g.side_of[i]
        enemy_los = any(self.units[k].status == "good_order" and not g.smf[k]
                        and self.sees(self.units[k].at, u.at)  # type: ignore[arg-type]
                        for k in self.living(_other(side)))
        params = {"status": u.status, "enemy_los": enemy_los, "experience": g.units[i].experience,
                  "leader": self.leaders_in(u.at, side)}
        r = self.ruling("rally", params, f"{self.name(i)} tries to rally", "all" if not u.hidden else side)
        self.set(i, rallied=True)
        if r.result == "rallied":
            self.set(i, status="good_order" if u.status == "pinned" else "pinned")
        else:
            self.set(i, done=True)

    def do_occupy_bocage(self, a: Action, i: int) -> None:
        self.set(i, bocage=True)
        self.say(f"{self.name(i)} occupies the bocage of {_sp(self.units[i].at)} (seed \"Bocage\")")

    def do_find_path(self, a: Action, i: int) -> None:
        g = self.game
        k = next(n for n, m in enumerate(self.mines) if m.at == a.space and not m.gone)
        self.set(i, done=True, moved=True, fired=True)
        r = self.ruling("minefield-find-path", {"engineers": g.types[i].has("engineer")},
                        f"{self.name(i)} looks for a path through the minefield at {_sp(a.space)}")
        if r.result == "path found":
            self.set_mine(k, path=True)

    def do_clear_mines(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        k = next(n for n, m in enumerate(self.mines) if m.at == a.space and not m.gone)
        m = self.mines[k]
        side = g.side_of[i]
        clearers = [j for j in self.at(a.space, side) if not self.units[j].done]
        for j in clearers:
            self.set(j, done=True, moved=True, fired=True)
        r = self.ruling("minefield-clear", {"field": "real" if m.real else "dummy",
                                            "engineers": any(g.types[j].has("engineer") for j in clearers)},
                        f"{', '.join(self.name(j) for j in clearers)} clear the minefield at {_sp(a.space)}")
        if r.result.startswith("dummy") or r.result == "mines cleared":
            self.set_mine(k, gone=True)
        elif r.result.startswith("tie"):
            self.set_mine(k, gone=True)
            self.eliminate(clearers[0], "destroyed")
        else:
            hits = int(r.result.split("by ")[1][0])
            for j in clearers:
                if self.alive(j):
                    self.apply_result(j, self.hit_table(j, hits, "mines"), "minefield")

    # -- artillery

    def do_declare_he(self, a: Action, i: int) -> None:
        self.declare(a, i, "he")

    def do_declare_smoke(self, a: Action, i: int) -> None:
        self.declare(a, i, "smoke")

    def declare(self, a: Action, i: int, kind: str) -> None:
        """Seed "Artillery": on a Fire card a forward observer marks a space in its LOS; the mission arrives
        on the side's next Fire card. The mission is used when declared (CF-50); a hidden FO stays hidden."""
        assert a.space is not None
        side = self.game.side_of[i]
        n = ROLES.index(side)
        he, smoke = self.missions[n]
        cast("list[tuple[int, int]]", self.missions)[n] = (he - 1, smoke) if kind == "he" else (he, smoke - 1)
        self.set(i, done=True, fired=True)
        cast("list[Mission]", self.declared).append(Mission(side, i, a.space, kind, False))
        self.say(f"{self.name(i)} calls a{'n HE' if kind == 'he' else ' smoke'} mission on {_sp(a.space)}; it "
                 f"arrives on the {side}'s next Fire card", side if self.units[i].hidden else "all")
        if self.units[i].hidden:
            self.say(f"the {side} marks {_sp(a.space)} as an artillery target", _other(side))

    def artillery_arrives(self) -> None:
        g = self.game
        side = self.init.phasing
        arriving = [m for m in self.declared if m.side == side and m.ready]
        if not arriving:
            return
        self.declared = [m for m in self.declared if not (m.side == side and m.ready)]
        for m in arriving:
            enemy_units = [j for j in self.at(m.space) if not g.smf[j]]
            smfs = [j for j in self.at(m.space) if g.smf[j]]
            observers = [j for j in self.living(side) if g.types[j].has("forward_observer")]
            observed = (not B.has_bocage(g.board, m.space)
                        or any(self.sees(self.units[j].at, m.space) for j in observers))  # type: ignore[arg-type]
            cover = B.space_cover(g.board, m.space, self.smoke_spaces())
            about = f"the {side}'s {'HE' if m.kind == 'he' else 'smoke'} mission on {_sp(m.space)}"
            if m.kind == "smoke":
                r = self.ruling("artillery", {"mission": "smoke"}, about)
                if r.result == "smoke placed":
                    self.smoke = [s for s in self.smoke if s.space != m.space] + [Smoke(m.space, side)]
                    self.touch()
                continue
            targets = enemy_units or smfs
            if not targets:
                self.ruling("artillery", {"mission": "he", "target": "none", "observed": observed}, about)
                continue
            first = True
            results: list[tuple[int, str]] = []
            hit_blind = False
            for j in targets:
                smf = g.smf[j]
                r = self.ruling("artillery", {"mission": "he", "cover": cover, "observed": observed,
                                              "target": "smf" if smf else "unit",
                                              "target_status": "good_order" if smf else self.units[j].status,
                                              "arrival_checked": not first},
                                f"{about}: on {self.public_name(j)}")
                first = False
                if r.result == "denied":
                    break
                results.append((j, r.result))
                hit_blind = hit_blind or (self.units[j].hidden and _hits_of(r) > 0)
            if hit_blind:
                self.reveal_space(g.side_of[targets[0]], m.space, "the shells scored a hit")
            for j, res in results:
                if self.alive(j):
                    self.apply_result(j, res, "artillery_he")
        self.retire_observers(side)

    def retire_observers(self, side: str) -> None:
        """CF-50: when a side has no missions left (and none on the way), its forward observers leave."""
        n = ROLES.index(side)
        if sum(self.missions[n]) == 0 and not any(m.side == side for m in self.declared):
            for j in list(self.living(side)):
                if self.game.types[j].has("forward_observer"):
                    self.eliminate(j, "removed")

    # -- scouts

    def scouts_look(self) -> None:
        """Seed "Scouts": a scout reveals every blind in its LOS, and then leaves the table."""
        g = self.game
        for j in g.scouts:
            if not self.alive(j) or self.units[j].hidden:
                continue
            side = g.side_of[j]
            at = self.units[j].at
            seen = [s for s in sorted(self.blind_spaces(_other(side))) if self.sees(at, s)]  # type: ignore[arg-type]
            if seen:
                self.say(f"{self.name(j)} sees the blinds at {', '.join(_sp(s) for s in seen)}")
                for s in seen:
                    self.reveal_space(_other(side), s, f"the scout {g.ids[j]} sees it")
                self.eliminate(j, "removed")

    # -- close assault

    def do_assault(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        attackers = [i] + ([g.index[a.other]] if a.other else [])
        for j in attackers:
            self.reveal(j, "it assaults")
            self.set(j, done=True, fired=True, moved=True)
        side = g.side_of[i]
        enemy = _other(side)
        here = self.units[i].at
        assert here is not None
        self.say(f"{' and '.join(self.name(j) for j in attackers)} close assault {_sp(a.space)}")
        defenders = self.at(a.space, enemy)
        if any(self.may_op_fire(k, here, j) and self.sees(self.units[k].at, here)  # type: ignore[arg-type]
               for k in defenders for j in attackers):
            opfire = Decision("opfire", enemy, ("assault", tuple(attackers), a.space))
            cast("list[Decision]", self.decisions).insert(0, opfire)
            return
        self.close_assault(attackers, a.space)

    def close_assault(self, attackers: list[int], target: Space) -> None:
        """Seed "Close Assault": both sides roll 1d6 plus modifiers (the procedure); the margin is hits on
        each losing unit; suppressed losers retreat or are destroyed; a tie loses units 1:1 (CF-8)."""
        g = self.game
        attackers = [j for j in attackers if self.alive(j) and self.may_assault_now(j)]
        if not attackers:
            self.say("no attacker is left in good order: the close assault does not go in (seed \"Close Assault\")")
            return
        side = g.side_of[attackers[0]]
        enemy = _other(side)
        defenders = [j for j in self.at(target, enemy) if not g.smf[j] and self.units[j].riding < 0]
        if not defenders:
            self.say(f"no defender is left in {_sp(target)}")
            return
        here = self.units[attackers[0]].at
        assert here is not None
        params = _assault_params(self, attackers, here, defenders, target)
        r = self.ruling("close-assault", params, f"close assault on {_sp(target)}")
        result = r.result
        if result.startswith("tie"):
            n = min(len(attackers), len(defenders))
            cast("list[Decision]", self.decisions)[0:0] = [Decision("lose", side, (tuple(attackers), n)),
                                   Decision("lose", enemy, (tuple(defenders), n))]
            self.settle_losses()
            return
        hits = 3 if "3+" in result else int(result.split("by ")[1][0])
        losers, winners = (defenders, attackers) if result.startswith("attackers") else (attackers, defenders)
        win_space = self.units[winners[0]].at
        for j in losers:
            if not self.alive(j):
                continue
            res = self.hit_table(j, hits, "close assault")
            if res == "suppressed":
                self.apply_result(j, res, "close_assault")
                options = self.assault_retreats(j, win_space)  # type: ignore[arg-type]
                if not options:
                    self.say(f"{self.name(j)} is suppressed and cannot retreat: destroyed (seed \"Close Assault\")")
                    self.eliminate(j, "destroyed")
                elif len(options) == 1:
                    self.set(j, at=options[0])
                    self.say(f"{self.name(j)} is suppressed and retreats to {_sp(options[0])}")
                else:
                    cast("list[Decision]", self.decisions).append(Decision("ca_retreat", g.side_of[j], (j, win_space)))
            else:
                self.apply_result(j, res, "close_assault")
        if result.startswith("attackers") and not [j for j in self.at(target, enemy) if not g.smf[j]]:
            survivors = tuple(j for j in attackers if self.alive(j))
            if survivors:
                cast("list[Decision]", self.decisions).append(Decision("occupy", side, (survivors, target)))

    def settle_losses(self) -> None:
        """Tie losses with no choice (as many to lose as took part) are taken at once."""
        while self.decisions and self.decisions[0].kind == "lose":
            units, n = self.decisions[0].data
            left = [j for j in units if self.alive(j)]
            if n <= 0 or not left:
                cast("list[Decision]", self.decisions).pop(0)
                continue
            if len(left) <= n:
                cast("list[Decision]", self.decisions).pop(0)
                for j in left:
                    self.eliminate(j, "destroyed")
                continue
            return

    def do_lose(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        units, n = d.data
        self.eliminate(i, "destroyed")
        if n > 1:
            cast("list[Decision]", self.decisions).insert(0, Decision("lose", d.side, (units, n - 1)))
        self.settle_losses()

    def do_occupy(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        survivors, target = d.data
        movers = [j for j in survivors if self.alive(j)]
        side = d.side
        enemy = _other(side)
        for j in self.at(target, enemy):  # SMFs left in the space are overrun (CF-34)
            self.eliminate(j, "destroyed")
        for j in movers:
            self.set(j, at=target, bocage=False)
        self.say(f"{', '.join(self.name(j) for j in movers)} occupy {_sp(target)} (no op fire; seed \"Close "
                 "Assault\")")

    def do_stay(self, a: Action, i: int) -> None:
        self.say("the assaulting units stay where they are")



def _share(hits: int, n: int, k: int) -> int:
    """Longer play: ``hits`` divided among ``n`` units as equally as may be, the first ones first."""
    return hits // n + (1 if k < hits % n else 0)


def _hits_of(r: Ruling) -> int:
    for d in r.dice:
        if d.label in ("fire", "op fire", "HE", "sniper", "mine damage") and isinstance(d.value, int):
            return int(d.value)
    return 0


def _losses(s: _Rules, side: str) -> int:
    memo = s._memo or s.memo()
    key = _LOSSES[side]
    found = memo.get(key)
    if found is None:
        g = s.game
        found = memo[key] = sum(1 for i, u in enumerate(s.units)
                                if g.side_of[i] == side and not g.smf[i] and u.status == "destroyed")
    return found


def _points(s: Any) -> dict[str, int]:
    """CF-55: objectives held, and points for enemy units and leaders destroyed."""
    g: CFGame = s.game
    v = g.scenario.victory
    points = {"attacker": 0, "defender": 0}
    for o, holder in zip(v.objectives, s.held, strict=True):
        points[holder] += o.points
    for i, u in enumerate(s.units):
        if u.status != "destroyed":
            continue
        enemy = _other(g.side_of[i])
        if not g.smf[i]:
            points[enemy] += v.destroyed_unit
        elif g.types[i].leader:
            points[enemy] += v.destroyed_leader
    return points


def _assault_params(s: _Rules, attackers: list[int], here: Space, defenders: list[int],
                    target: Space) -> dict[str, Any]:
    g = s.game
    side = g.side_of[attackers[0]]
    enemy = _other(side)
    good_def = [j for j in defenders if s.units[j].status == "good_order"]
    return {
        "att_leader": s.leaders_in(here, side),
        "att_good_order": min(2, len(attackers)),
        "att_smg": any(g.types[j].has("smg_assault") for j in attackers),
        "def_leader": s.leaders_in(target, enemy),
        "def_good_order": min(2, len(good_def)),
        "def_smg": any(g.types[j].has("smg_assault") and s.units[j].status != "suppressed" for j in defenders),
        "def_mgs": sum(1 for j in defenders if g.types[j].has("mg_op_fire") and s.units[j].status != "suppressed"),
        "reinforced_cover": any(s.units[j].bocage for j in defenders) and B.has_bocage(g.board, target),
        "def_pinned": any(s.units[j].status == "pinned" for j in defenders),
        "def_suppressed": any(s.units[j].status == "suppressed" for j in defenders),
        "def_only_weapon_teams": all(g.types[j].weapon_crew for j in defenders),
    } | (_vehicle_assault_params(s, attackers, here, defenders, target) if g.has_vehicles else {})


def _vehicle_assault_params(s: _Rules, attackers: list[int], here: Space, defenders: list[int],
                            target: Space) -> dict[str, Any]:
    """Seed "Close Assault" vehicle terms (CF-84, CF-89): vehicle MGs count when the bow faces the enemy's
    space; +3 a friendly tank, +2 another AFV; AT grenades (engineers) and AT weapons against a vehicle; a
    pinned vehicle attacks at a penalty and is not a good-order unit."""
    g = s.game
    out: dict[str, Any] = {}
    for prefix, units, enemy_space in (("att", attackers, target), ("def", defenders, here)):
        types = [g.types[j] for j in units]
        vehicles = [j for j in units if g.vehicle[j]]
        out[f"{prefix}_vehicle"] = bool(vehicles)
        out[f"{prefix}_tank"] = any(g.types[j].vehicle.close_assault == "tank" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_afv"] = any(g.types[j].vehicle.close_assault == "afv" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_at_grenades"] = any(t.has("at_grenades") for t in types)
        out[f"{prefix}_at_weapons"] = any(t.anti_tank is not None and t.kind == "squad" for t in types)
        mgs = len([j for j in vehicles if g.types[j].weapon is not None and s.units[j].status != "suppressed"
                   and in_front(s.units[j].at, s.units[j].facing, enemy_space)])  # type: ignore[arg-type]
        if prefix == "att":
            out["att_vehicle_mgs"] = min(2, mgs)
        else:
            out["def_mgs"] = min(2, mgs + sum(1 for j in units if not g.vehicle[j] and g.types[j].has("mg_op_fire")
                                               and s.units[j].status != "suppressed"))
    pinned = [j for j in attackers if s.units[j].status == "pinned"]
    out["att_pinned_vehicle"] = bool(pinned)
    out["att_good_order"] = min(2, len(attackers) - len(pinned))
    return out


# --- legal actions --------------------------------------------------------------------------------------


def _legal(s: _Rules) -> list[Action]:
    g = s.game
    if s.decisions:
        return _decision_actions(s, s.decisions[0])
    seg = s.init.segment
    side = _other(s.init.phasing) if seg == REACTION else s.init.phasing
    out: list[Action] = [Action("end")]
    ids = g.ids
    mine = list(s.living(side))
    if seg == DECLARE:
        n = ROLES.index(side)
        he, smoke = s.missions[n]
        busy = {m.fo for m in s.declared}
        for i in mine:
            if not g.types[i].has("forward_observer") or i in busy or s.units[i].done or s.units[i].riding >= 0:
                continue
            seen = visible_from(g.los, s.units[i].at, s.blockers(), s.smoke_spaces(), s.held_bocage())  # type: ignore[arg-type]
            for sp in sorted(seen, key=lambda p: (p[1], p[0])):
                if sp == s.units[i].at:
                    continue
                if he > 0:
                    out.append(Action("declare_he", ids[i], sp))
                if smoke > 0:
                    out.append(Action("declare_smoke", ids[i], sp))
    elif seg == LEADERS:
        for i in mine:
            if g.types[i].leader and not s.units[i].moved and not s.units[i].done and s.units[i].riding < 0:
                out += [Action("leader_move", ids[i], sp) for sp in s.destinations(i, g.types[i].movement_spaces)]
    elif seg == RALLY:
        for i in mine:
            u = s.units[i]
            if not g.smf[i] and u.status in ("pinned", "suppressed") and not u.rallied and not u.done:
                out.append(Action("rally", ids[i]))
    elif seg == GROUP:
        seen_spaces: set[Space] = set()
        for i in mine:
            here = s.units[i].at
            assert here is not None
            if here in seen_spaces or g.smf[i]:
                continue
            seen_spaces.add(here)
            firers = s.group_firers(here, side)
            if len(firers) < 2:
                continue
            reach = min(g.types[k].weapon.range_spaces for k in firers)  # type: ignore[union-attr]
            for t in s.target_spaces(_other(side)):
                if t != here and range_between(here, t) <= reach and s.sees(here, t):
                    out.append(Action("group_fire", ids[firers[0]], t))
    elif seg == ASSAULT:
        out += _assault_actions(s, side, mine)
    elif seg == INDIVIDUAL:
        out += _individual_actions(s, side, mine)
    elif seg == REACTION:
        for i in mine:
            u = s.units[i]
            ut = g.types[i]
            if u.status != "good_order" or u.done or u.riding >= 0:
                continue
            if ut.anti_tank is not None and not u.at_fired and not u.op_fired:
                out += [Action("at_fire", ids[i], sp, ids[j]) for sp, j in s.at_targets(i)]
            if ut.weapon is None or u.fired:
                continue
            if u.op_fired and not (ut.weapon.machine_gun and not u.jammed):
                continue
            if ut.has("sniper"):
                out += _snipe_actions(s, i)
                continue
            out += [Action("fire", ids[i], sp) for sp in s.fire_targets(i)]
    return out


def _assault_ready(s: _Rules, i: int) -> bool:
    g = s.game
    u = s.units[i]
    t = g.types[i]
    if t.vehicle is not None:  # CF-84: a pinned vehicle may assault at a penalty; a soft-skin with no gun cannot
        return (u.status in ("good_order", "pinned") and not u.done and not u.fired and not u.at_fired
                and (t.weapon is not None or t.anti_tank is not None))
    return (not g.smf[i] and t.may_close_assault and u.status == "good_order" and not u.done
            and not u.fired and u.riding < 0)


def _assault_actions(s: _Rules, side: str, mine: list[int]) -> list[Action]:
    """Close assaults and moves to close assault from: they depend on the position, the card and the flags of
    the side's units, so they are kept with the position."""
    memo = s._memo or s.memo()
    key = ("assault", side, s.card(), tuple([s.units[i] for i in mine]))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _assault_options(s, side, mine)
    return list(found)


def _assault_options(s: _Rules, side: str, mine: list[int]) -> list[Action]:
    g = s.game
    ids = g.ids
    out: list[Action] = []
    solid, _ = s.enemy_sets(side)
    enemy = _other(side)
    targets = [t for t in solid if any(not g.smf[j] for j in s.at(t, enemy))]
    by_space: dict[Space, list[int]] = {}
    for i in mine:
        if _assault_ready(s, i):
            by_space.setdefault(s.units[i].at, []).append(i)  # type: ignore[arg-type]
    for here, units in sorted(by_space.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for t in sorted(targets, key=lambda p: (p[1], p[0])):
            if king_distance(here, t) != 1:
                continue
            if len(units) == 2:
                out.append(Action("assault", ids[units[0]], t, ids[units[1]]))
                out.append(Action("assault", ids[units[1]], t))
            out.append(Action("assault", ids[units[0]], t))
    # a move into a space next to the enemy, to close assault from it (CF-58)
    if targets:
        for i in mine:
            if not _assault_ready(s, i) or not s.may_move(i) or s.card() == "fire":
                continue
            start = s.units[i].at
            assert start is not None
            v = g.types[i].vehicle
            reach = (v.on_road if v else g.types[i].movement_spaces) + 1  # a move ends within its rate of its start
            if not any(king_distance(start, t) <= reach for t in targets):
                continue
            for sp in s.move_options(i, "move"):
                if any(king_distance(sp, t) == 1 for t in targets):
                    out.append(Action("assault_move", ids[i], sp))
    return out


def _snipe_actions(s: _Rules, i: int) -> list[Action]:
    g = s.game
    here = s.units[i].at
    assert here is not None
    out = []
    for j in s.living(_other(g.side_of[i])):
        u = s.units[j]
        if u.hidden or u.at is None or range_between(here, u.at) > MAX_RANGE or u.at == here or u.riding >= 0:
            continue
        if s.sees(here, u.at):
            out.append(Action("snipe", g.ids[i], None, g.ids[j]))
    return out


def _individual_actions(s: _Rules, side: str, mine: list[int]) -> list[Action]:
    out: list[Action] = []
    card = s.card()
    memo = s._memo or s.memo()
    for i in mine:
        u = s.units[i]
        key = ("individual", i, card, u)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _unit_actions(s, side, i, card)
        out += found
    return out


def _unit_actions(s: _Rules, side: str, i: int, card: str) -> list[Action]:
    """What unit ``i`` may do in the individual segment: it depends on the position, the card and the
    unit's own flags only, so it is kept with the position (``_individual_actions``)."""
    g = s.game
    ids = g.ids
    out: list[Action] = []
    u = s.units[i]
    ut = g.types[i]
    here = u.at
    assert here is not None
    if g.transport and (u.riding >= 0 or g.may_ride[i]):
        out += _transport_actions(s, side, i, card)
        if u.riding >= 0:  # CF-93: a rider does nothing else but rally
            return out
    out += [Action("move", ids[i], sp) for sp in s.move_options(i, "move")]
    if u.status == "suppressed":  # only a suppressed unit falls back (move_options says when)
        out += [Action("fall_back", ids[i], sp) for sp in s.move_options(i, "fall_back")]
    if ut.anti_tank is not None and s.may_at_fire(i):
        out += [Action("at_fire", ids[i], sp, ids[j]) for sp, j in s.at_targets(i)]
    if ut.faces_an_edge:
        out += _facing_actions(s, i, card)
    if s.may_fire(i):
        if ut.has("sniper"):
            out += _snipe_actions(s, i)
        elif not ut.is_smf:
            targets = s.fire_targets(i)
            out += [Action("fire", ids[i], sp) for sp in targets]
            if u.smoke_rounds > 0:
                reach = ut.weapon.range_spaces  # type: ignore[union-attr]
                out += [Action("mortar_smoke", ids[i], sp) for sp in _mortar_smoke_targets(s, i, reach)]
    if g.vehicle[i]:
        return out
    if (u.moved and not u.bocage and card in ("move", "face") and u.status != "suppressed"
            and B.may_occupy_bocage(g.board, here, _enemy_bocage(s, side))):
        out.append(Action("occupy_bocage", ids[i]))
    if not u.done and not u.moved and not u.fired and u.status == "good_order":
        for m in s.mines:
            if m.gone or not m.marked or m.laid_by == side:
                continue
            if m.at == here and not g.smf[i]:
                out.append(Action("clear_mines", ids[i], m.at))
            elif shares_edge(here, m.at) and not m.path:
                out.append(Action("find_path", ids[i], m.at))
    return out


def _transport_actions(s: _Rules, side: str, i: int, card: str) -> list[Action]:
    """CF-91: on a Move or face card a unit that may still move mounts a friendly half-track or truck in its
    space with room for it (CF-90), not a suppressed one; a rider dismounts into its carrier's space if the
    stacking limit allows (seed "Stacking"). A suppressed rider stays aboard."""
    g = s.game
    u = s.units[i]
    if card == "fire" or not s.may_move(i):
        return []
    if u.riding >= 0:
        here = u.at
        assert here is not None
        return [Action("dismount", g.ids[i], here)] if s.space_takes(i, here) else []
    return [Action("mount", g.ids[i], None, g.ids[c]) for c in s.at(u.at, side)  # type: ignore[arg-type]
            if g.carries[c] != (0, 0) and s.units[c].status != "suppressed" and s.room_aboard(c, i)]


def _facing_actions(s: _Rules, i: int, card: str) -> list[Action]:
    """CF-73: pivot in place once a card (tracked vehicles and guns to any edge, up to 180 degrees; wheeled
    vehicles 90); turn a turret once a card; CF-68: button up on a Move or face card before moving."""
    g = s.game
    u, t = s.units[i], g.types[i]
    uid = g.ids[i]
    out: list[Action] = []
    if u.done or u.status == "suppressed":
        return out
    v = t.vehicle
    if not u.pivoted and not u.at_fired:
        out += [Action(f"pivot_{f}", uid) for f in FACINGS
                if f != u.facing and (v is None or v.tracked or turn_steps(u.facing, f) == 1)]
    if v is None:
        return out
    if v.turret and not u.turned and not u.at_fired:
        out += [Action(f"turret_{f}", uid) for f in FACINGS if f != u.turret]
    if v.closed_top and u.status == "good_order" and card in ("move", "face") and not u.moved:
        out.append(Action("button_up", uid))
    return out


def _mortar_smoke_targets(s: _Rules, i: int, reach: int) -> list[Space]:
    g = s.game
    here = s.units[i].at
    assert here is not None
    side = g.side_of[i]
    spotters = [here] + [s.units[j].at for j in s.living(side)  # type: ignore[misc]
                         if g.types[j].leader and king_distance(s.units[j].at, here) <= 1]  # type: ignore[arg-type]
    out = []
    for sp in g.spaces:
        if sp == here or range_between(here, sp) > reach:
            continue
        if any(s.sees(p, sp) for p in spotters):
            out.append(sp)
    return out


def _enemy_bocage(s: _Rules, side: str) -> frozenset[Space]:
    return frozenset(s.units[j].at for j in s.living(_other(side))  # type: ignore[misc]
                     if s.units[j].bocage and s.units[j].status != "suppressed")


def _decision_actions(s: _Rules, d: Decision) -> list[Action]:
    g = s.game
    ids = g.ids
    if d.kind == "opfire":
        if d.data[0] == "move":
            space = d.data[3]
            firers = s.op_firers(d.side, space, d.data[1])
        else:
            _, attackers, target = d.data
            here = s.units[attackers[0]].at
            firers = [k for k in s.at(target, d.side) if any(s.may_op_fire(k, here, j) for j in attackers)
                      and s.sees(s.units[k].at, here)]  # type: ignore[arg-type]
        return [Action("pass")] + [Action("op_fire", ids[k]) for k in firers]
    if d.kind == "retreat":
        j, _, _, source = d.data
        return [Action("take_hits", ids[j])] + [Action("retreat", ids[j], sp)
                                                for sp in s.retreat_options(j, source)]
    if d.kind == "sacrifice":
        j, leaders = d.data
        return [Action("decline", ids[j])] + [Action("sacrifice", ids[j], None, ids[k]) for k in leaders
                                              if s.alive(k)]
    if d.kind == "lose":
        units, _ = d.data
        return [Action("lose", ids[j]) for j in units if s.alive(j)]
    if d.kind == "occupy":
        _, target = d.data
        return [Action("stay"), Action("occupy", "", target)]
    if d.kind == "ca_retreat":
        j, away = d.data
        return [Action("retreat", ids[j], sp) for sp in s.assault_retreats(j, away)]
    raise AssertionError(d.kind)


def _illegal(s: CFState, action: Any, legal: list[Action]) -> str:
    if not isinstance(action, Action):
        return f"{action!r} is not a Company Fire action"
    if s.outcome is not None:
        return f"the game is over ({s.outcome['reason']}): no action is legal"
    if action.unit and action.unit not in s.game.index:
        return f"no unit {action.unit!r}{suggest(action.unit, s.game.ids)}"
    same = [a for a in legal if a.kind == action.kind and a.unit == action.unit]
    where = f"in the {s.segment_name} segment of the {s.init.phasing}'s {s.init.kind} card"
    if s.decisions:
        where = f"while the {s.decisions[0].side} decides ({s.decisions[0].kind})"
    if same:
        return f"'{action}' is not legal {where}; {action.unit or 'this'} may: " + "; ".join(str(a) for a in same[:8])
    kinds = sorted({a.kind for a in legal})
    return f"'{action}' is not legal {where}; the {s.to_act} may: {', '.join(kinds)}"


# --- odds before acting -----------------------------------------------------------------------------------


def _odds(s: CFState, a: Action) -> dict[str, dict[str, Fraction]]:
    """Design "Odds before acting": the procedure and parameters ``apply`` would use, per target."""
    g = s.game
    if a not in s.legal_actions():
        raise UsageError(_illegal(s, a, s.legal_actions()))
    p = _Play(s)
    i = g.index.get(a.unit, -1)
    out: dict[str, dict[str, Fraction]] = {}

    def dist(proc: str, params: dict[str, Any]) -> dict[str, Fraction]:
        return dict(exact_odds(f"company-fire/{proc}", params).distribution)

    if a.kind == "fire":
        assert a.space is not None
        enemy = _other(g.side_of[i])
        units, blind = p.victims(enemy, a.space)
        if blind:
            out[f"blind at {_sp(a.space)}"] = dist("individual-fire", p.fire_params(i, a.space, -1, True))
        for j in units:
            out[g.ids[j]] = dist("individual-fire", p.fire_params(i, a.space, j, False))
    elif a.kind == "group_fire":
        assert a.space is not None
        here = s.units[i].at
        side = g.side_of[i]
        firers = p.group_firers(here, side)  # type: ignore[arg-type]
        units, blind = p.victims(_other(side), a.space)
        for j in units or [-1]:
            out[g.ids[j] if j >= 0 else f"blind at {_sp(a.space)}"] = dist("group-fire", {
                "firers": tuple(g.types[k].weapon_key for k in firers), "leader": s.leaders_in(here, side),  # type: ignore[arg-type]
                "range": range_between(here, a.space),  # type: ignore[arg-type]
                "cover": bool(cover_for_attack(g.board, here, a.space, s.smoke_spaces())),  # type: ignore[arg-type]
                "card": s.card(), "recon_by_fire": blind,
                "pinned_firers": any(s.units[k].status == "pinned" for k in firers),
                "target_status": s.units[j].status if j >= 0 else "good_order"})
    elif a.kind in ("declare_he",):
        assert a.space is not None
        cover = B.space_cover(g.board, a.space, s.smoke_spaces())
        for j in s.at(a.space):
            if not g.smf[j]:
                out[g.ids[j]] = dist("artillery", {"mission": "he", "cover": cover,
                                                   "target_status": s.units[j].status})
        if not out:
            out[f"a unit in {_sp(a.space)}"] = dist("artillery", {"mission": "he", "cover": cover})
    elif a.kind == "assault":
        assert a.space is not None
        attackers = [i] + ([g.index[a.other]] if a.other else [])
        defenders = [j for j in s.at(a.space, _other(g.side_of[i])) if not g.smf[j] and s.units[j].riding < 0]
        here = s.units[i].at
        out[f"close assault on {_sp(a.space)}"] = dist(
            "close-assault", _assault_params(s, attackers, here, defenders, a.space))  # type: ignore[arg-type]
    elif a.kind == "at_fire":
        out[a.other] = dist("anti-tank-fire", p.at_params(i, g.index[a.other]))
    elif a.kind == "snipe":
        j = g.index[a.other]
        here, there = s.units[i].at, s.units[j].at
        smf = g.smf[j]
        out[a.other] = dist("sniper-fire", {
            "target": "smf" if smf else "unit", "range": range_between(here, there),  # type: ignore[arg-type]
            "cover": bool(cover_for_attack(g.board, here, there, s.smoke_spaces())),  # type: ignore[arg-type]
            "target_status": "good_order" if smf else s.units[j].status})
    else:
        raise UsageError(f"odds are given for fire, anti-tank fire, group fire, sniper fire, HE missions and close "
                         f"assaults, not for '{a}'")
    return out


# --- fog of war ---------------------------------------------------------------------------------------------


def _observation(s: CFState, side: str) -> dict[str, Any]:
    """What ``side`` may know (design "Fog of war"): its own units in full; enemy units on the table; enemy
    blinds as markers only; minefields as CF-52 says; the log lines it may read."""
    if side not in ROLES:
        raise UsageError(f"no side {side!r}; sides: attacker, defender")
    g = s.game
    units = []
    for i, u in enumerate(s.units):
        mine = g.side_of[i] == side
        if not mine and u.hidden:
            continue
        entry: dict[str, Any] = {"id": g.ids[i], "side": g.side_of[i], "type": g.types[i].name,
                 "at": list(u.at) if u.at is not None else None, "status": u.status,
                 "occupies_bocage": u.bocage}
        if u.facing:
            entry["facing"] = u.facing
        if u.turret:
            entry["turret"] = u.turret
        if u.riding >= 0:
            entry["riding"] = g.ids[u.riding]
        if mine:
            entry.update(hidden=u.hidden, moved=u.moved, fired=u.fired, done=u.done, smoke_rounds=u.smoke_rounds)
        units.append(entry)
    blinds = [{"side": who, "at": list(sp)} for who in ROLES for sp in sorted(s.blind_spaces(who))]
    mines = []
    for m in s.mines:
        if m.gone:
            continue
        if m.laid_by == side:
            mines.append({"at": list(m.at), "laid_by": m.laid_by, "real": m.real, "marked": m.marked})
        elif m.marked:
            mines.append({"at": list(m.at), "laid_by": m.laid_by, "marked": True, "path_found": m.path})
    n = ROLES.index(side)
    return {
        "side": side, "to_act": s.to_act, "turn": s.init.turn + 1, "clock": s.init.clock,
        "card": str(s.init.card) if s.init.card else "opening Move card", "card_kind": s.init.kind,
        "phasing": s.init.phasing, "segment": s.segment_name,
        "units": units, "blinds": blinds, "minefields": mines,
        "smoke": [{"at": list(x.space), "side": x.side} for x in s.smoke],
        "fire_missions_left": {"he": s.missions[n][0], "smoke": s.missions[n][1]},
        "fire_missions_marked": [{"at": list(m.space), "kind": m.kind if m.side == side else "unknown",
                                  "side": m.side} for m in s.declared],
        "objectives": [{"name": o.name, "at": list(o.at), "held_by": h}
                       for o, h in zip(g.scenario.victory.objectives, s.held, strict=True)],
        "log": s.narration(side),
        "decision": s.decisions[0].kind if s.decisions and s.decisions[0].side == side else None,
        "result": s.outcome,
    }


def secrets(state: Any, side: str) -> list[str]:
    """For the conformance suite: what ``side`` may not see, as it would appear in JSON: the ids of enemy
    units under blinds."""
    s: CFState = state
    g = s.game
    return [json.dumps(g.ids[i]) for i in s.living(_other(side)) if s.units[i].hidden]


def invariants(state: Any) -> list[str]:
    """The game's own invariants: stacking, statuses, no unit in an enemy space, blinds whole."""
    s: CFState = state
    g = s.game
    problems: list[str] = []
    spaces: dict[Space, list[int]] = {}
    for i in s.living():
        spaces.setdefault(s.units[i].at, []).append(i)  # type: ignore[arg-type]
        if g.smf[i] and s.units[i].status != "good_order":
            problems.append(f"SMF {g.ids[i]} is {s.units[i].status}")
    for sp, here in spaces.items():
        if len({g.side_of[i] for i in here}) > 1:
            problems.append(f"units of both sides in {sp}: {[g.ids[i] for i in here]}")
        aboard = [i for i in here if s.units[i].riding >= 0]
        for i in aboard:
            c = s.units[i].riding
            if not s.alive(c) or s.units[c].at != sp or g.side_of[c] != g.side_of[i] or not g.may_ride[i]:
                problems.append(f"{g.ids[i]} rides in {g.ids[c]}, which is not a friendly carrier in {sp}")
            if s.units[i].hidden != s.units[c].hidden:
                problems.append(f"{g.ids[i]} rides in {g.ids[c]} but one of them is hidden and the other not")
        for c in {s.units[i].riding for i in aboard}:
            teams = sum(1 for i in aboard if s.units[i].riding == c and not g.smf[i])
            smfs = sum(1 for i in aboard if s.units[i].riding == c and g.smf[i])
            if teams > g.carries[c][0] or smfs > g.carries[c][1]:
                problems.append(f"{g.ids[c]} carries more than it may: {teams} squads or teams, {smfs} SMFs")
        here = [i for i in here if s.units[i].riding < 0]
        non_smf = sum(1 for i in here if not g.smf[i])
        if not B.stacking_allows(non_smf, len(here) - non_smf):
            problems.append(f"stacking broken in {sp}: {[g.ids[i] for i in here]}")
        if len({s.units[i].hidden for i in here}) > 1:
            problems.append(f"a blind covers part of {sp} only")
    for i, u in enumerate(s.units):
        if g.types[i].faces_an_edge and u.facing not in FACINGS:
            problems.append(f"{g.ids[i]} faces {u.facing!r}, not an edge")
        if u.status in ("destroyed", "removed") and u.at is not None:
            problems.append(f"{g.ids[i]} is {u.status} but still on the table")
        if u.riding >= 0 and u.at is None:
            problems.append(f"{g.ids[i]} is off the table but still rides in {g.ids[u.riding]}")
    return problems


# --- JSON ---------------------------------------------------------------------------------------------------


def _tup(x: Any) -> Any:
    return tuple(_tup(v) for v in x) if isinstance(x, list) else x


def _state_to_json(s: CFState) -> dict[str, Any]:
    i = s.init
    return {
        "ruleset": INFO.id, "version": INFO.version, "scenario": s.game.scenario_name,
        "units": [[list(u.at) if u.at else None, *u[1:]] for u in s.units],
        "dummies": [[side, list(sp)] for side, sp in s.dummies],
        "mines": [[list(m.at), *m[1:]] for m in s.mines],
        "initiative": {"deck": [str(c) for c in i.deck], "card": str(i.card) if i.card else None,
                       "phasing": i.phasing, "colour_of": [list(x) for x in i.colour_of], "segment": i.segment,
                       "phases": i.phases, "turn": i.turn, "clock": i.clock, "jokers": i.jokers},
        "missions": [list(m) for m in s.missions],
        "declared": [[m.side, m.fo, list(m.space), m.kind, m.ready] for m in s.declared],
        "smoke": [[list(x.space), x.side] for x in s.smoke],
        "held": list(s.held),
        "decisions": [[d.kind, d.side, json.loads(json.dumps(d.data))] for d in s.decisions],
        "log": [[line.text, line.audience] for line in s.log],
        "rng": [str(v) for v in s.rng],
        "outcome": s.outcome,
        "steps": s.steps,
    }


def _card(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


def _state_from_json(g: CFGame, d: dict[str, Any]) -> CFState:
    if d.get("ruleset") != INFO.id or d.get("scenario") != g.scenario_name:
        raise ValueError(f"the state is of {d.get('ruleset')!r}, scenario {d.get('scenario')!r}")
    i = d["initiative"]
    init = Initiative(tuple(parse_card(c) for c in i["deck"]), _card(i["card"]), i["phasing"],
                      tuple((a, b) for a, b in i["colour_of"]), int(i["segment"]), int(i["phases"]), int(i["turn"]),
                      int(i["clock"]), int(i["jokers"]))
    units = tuple(UnitState(tuple(u[0]) if u[0] else None, *u[1:]) for u in d["units"])
    if len(units) != len(g.units):
        raise ValueError("the number of units differs from the scenario's")
    return CFState(
        g, units, tuple((a, (b[0], b[1])) for a, b in d["dummies"]),
        tuple(MineState((m[0][0], m[0][1]), *m[1:]) for m in d["mines"]), init,
        tuple((a, b) for a, b in d["missions"]),
        tuple(Mission(m[0], m[1], (m[2][0], m[2][1]), m[3], m[4]) for m in d["declared"]),
        tuple(Smoke((x[0][0], x[0][1]), x[1]) for x in d["smoke"]), tuple(d["held"]),
        tuple(Decision(k, side, _tup(data)) for k, side, data in d["decisions"]),
        tuple(LogLine(t, a) for t, a in d["log"]), tuple(int(v) for v in d["rng"]),  # type: ignore[arg-type]
        d["outcome"], int(d["steps"]))


for _section in ("Stacking", "The Game Turn", "Initiative and Phase Sequence", "Tracking Turns",
                 "Game Clock (optional)", "Unit Status, Hit Results and Rallying", "Line of Sight (LOS)",
                 "Optional Methods for Resolving Attacks", "Artillery", "Movement", "Close Assault",
                 "Individual Unit Fire", "Opportunity Fire", "Group Fire", "Non-Phasing Reaction Fire",
                 "Single Mounted Figures (SMFs)", "Bocage", "Mines (beta)"):
    register_rule_use(SEED, _section, "company_fire.game")
