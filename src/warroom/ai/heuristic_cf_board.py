"""The Company Fire heuristic's reading of the position: what one side's view shows, put in the shape its
tactics need (:class:`Position`), and the map's static facts (walking distances, cover, line of sight).

Everything here comes from the view: the side's observation (its own units in full, the enemy's units on the
table, enemy blinds as markers, minefields as CF-52 lets the side know them) and the game's public data (the
board, the unit catalogue, the scenario's victory conditions). Nothing reads the game's state, and nothing reads
the scenario's order of battle, which places the enemy's hidden units.
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.view import View
from warroom.rulesets.company_fire.board import Board, Space, space_cover
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.los import LosTable, visible
from warroom.rulesets.company_fire.units import UnitType, unit_type

STATUS_RANK = {"good_order": 0, "pinned": 1, "suppressed": 2, "destroyed": 3}
"""Seed "Unit Status, Hit Results and Rallying": good order, pinned, suppressed, destroyed, each worse."""

BLIND_RANGE = 6
"""What a blind may hold is unknown; the heuristic fears it as a rifle squad (seed "Individual Unit Fire": range
6), the commonest unit under a blind."""

FAR = 99
"""The walking distance of a space that cannot be reached."""


@functools.lru_cache(maxsize=16)
def distances(board: Board, graph_key: int, graph: tuple[tuple[Space, tuple[Space, ...]], ...]) -> dict[
        Space, dict[Space, int]]:
    """Walking distance in steps between every two spaces, on the board's step graph (seed "Movement": through
    the edges only, never across impassable terrain). ``graph_key`` only tells boards apart in the cache."""
    steps = dict(graph)
    out: dict[Space, dict[Space, int]] = {}
    for start in board.spaces():
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for there in steps.get(here, ()):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    todo.append(there)
        out[start] = seen
    return out


@functools.cache
def kind(type_name: str) -> UnitType:
    """A unit type from the public catalogue (``data/units.toml``)."""
    return unit_type(type_name)


@dataclass
class Unit:
    """One unit as the side sees it."""

    id: str
    side: str
    type: UnitType
    at: Space
    status: str
    done: bool = False
    moved: bool = False
    fired: bool = False
    hidden: bool = False

    @property
    def rank(self) -> int:
        return STATUS_RANK.get(self.status, 0)

    @property
    def holds(self) -> bool:
        """Whether it counts for holding an objective and toward the break point: a squad, team or gun, not an
        SMF (CF-54, CF-56)."""
        return not self.type.is_smf

    @property
    def reach(self) -> int:
        w = self.type.weapon
        return w.range_spaces if w is not None else 0


@dataclass
class Position:
    """The position as one side's view shows it, with the map facts the tactics use."""

    view: View
    side: str
    enemy: str
    obs: dict[str, Any]
    board: Board
    los: LosTable
    mine: list[Unit]
    foes: list[Unit]
    blinds: list[Space]
    smoke: frozenset[Space]
    occupied: frozenset[Space]
    objectives: list[tuple[Space, int, str]]
    mined: frozenset[Space]
    """Known enemy minefields (marked, CF-52) through which no path has been found."""
    dist: dict[Space, dict[Space, int]]
    turn: int
    turns: int
    break_at: dict[str, int]
    losses: dict[str, int]
    points: dict[str, int]
    """The points as the side can count them now (CF-55): objectives held, enemy units and leaders destroyed."""
    ties: str
    late: float
    """How far the game has run, 0 at the start to 1 in its last turn (seed "Tracking Turns"; by the game
    clock where the scenario ends the game by it, seed "Game Clock (optional)")."""
    _seen: dict[tuple[Space, Space], bool] = field(default_factory=dict)

    @classmethod
    def of(cls, view: View) -> Position:
        obs = view.observation
        game: Any = view.game
        side = view.side
        enemy = next(s for s in game.sides if s != side)
        mine: list[Unit] = []
        foes: list[Unit] = []
        losses = dict.fromkeys(game.sides, 0)
        victory = game.scenario.victory
        points = dict.fromkeys(game.sides, 0)
        for u in obs["units"]:
            t = kind(u["type"])
            if u["status"] == "destroyed":
                other = enemy if u["side"] == side else side
                if not t.is_smf:
                    losses[u["side"]] += 1
                    points[other] += victory.destroyed_unit
                elif t.leader:
                    points[other] += victory.destroyed_leader
                continue
            if u["at"] is None or u.get("riding"):
                continue
            unit = Unit(u["id"], u["side"], t, (u["at"][0], u["at"][1]), u["status"], bool(u.get("done")),
                        bool(u.get("moved")), bool(u.get("fired")), bool(u.get("hidden")))
            (mine if u["side"] == side else foes).append(unit)
        blinds: list[Space] = [(b["at"][0], b["at"][1]) for b in obs["blinds"] if b["side"] == enemy]
        smoke = frozenset((x["at"][0], x["at"][1]) for x in obs["smoke"])
        occupied = frozenset([u.at for u in mine + foes if not u.type.is_smf] + blinds)
        objectives: list[tuple[Space, int, str]] = [((o["at"][0], o["at"][1]), _points(game, o["name"]),
                                                     str(o["held_by"])) for o in obs["objectives"]]
        mined = frozenset((m["at"][0], m["at"][1]) for m in obs["minefields"]
                          if m["laid_by"] != side and not m.get("path_found"))
        for o in objectives:
            points[o[2]] = points.get(o[2], 0) + o[1]
        board = game.board
        graph = tuple((s, tuple(t for t, _ in steps)) for s, steps in game.step_graphs["infantry"].items())
        sc = game.scenario
        turns = int(sc.rules.turns or 0)
        if game.clock_ends_at:
            late = min(1.0, float(obs["clock"]) / float(game.clock_ends_at))
        else:
            late = min(1.0, (int(obs["turn"]) - 1) / max(1, turns - 1))
        return cls(view, side, enemy, obs, board, game.los, mine, foes, blinds, smoke, occupied, objectives, mined,
                   distances(board, hash(board), graph), int(obs["turn"]), int(sc.rules.turns or 99),
                   {"attacker": sc.attacker.break_at, "defender": sc.defender.break_at}, losses, points,
                   str(victory.ties), late)

    # --- map facts ----------------------------------------------------------------------------------------

    def sees(self, a: Space, b: Space) -> bool:
        """Seed "Line of Sight (LOS)": whether ``b`` is in sight from ``a`` among the units the side knows of."""
        key = (a, b)
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = visible(self.los, a, b, self.occupied - {a, b}, self.smoke)
        return found

    def cover(self, s: Space) -> bool:
        """The space's own cover (seed "Terrain", reading CF-36)."""
        return space_cover(self.board, s, self.smoke)

    def walk(self, a: Space, b: Space) -> int:
        return self.dist.get(a, {}).get(b, FAR)

    def threats(self, s: Space) -> float:
        """How much enemy fire can reach space ``s``: each known enemy unit able to fire (not suppressed, seed
        "Unit Status, Hit Results and Rallying") in range and in sight, and each enemy blind in rifle range and
        sight counted at half (it may be a dummy, CF-47)."""
        total = 0.0
        for f in self.foes:
            if f.reach and f.status != "suppressed" and range_between(f.at, s) <= f.reach and self.sees(f.at, s):
                total += 1.5 if f.type.weapon and f.type.weapon.machine_gun else 1.0
        for b in self.blinds:
            if range_between(b, s) <= BLIND_RANGE and self.sees(b, s):
                total += 0.5
        return total

    def assault_danger(self, s: Space) -> float:
        """How many enemy units could close on space ``s`` and assault it next (seed "Close Assault": a unit
        that moves next to an enemy may assault it; a tank adds 3, another armoured vehicle 2; seed "Vehicle
        Movement": a tank moves 2 to 4 spaces, a squad 2)."""
        total = 0.0
        for f in self.foes:
            if f.status != "good_order" or not f.type.may_close_assault:
                continue
            reach = 4 if f.type.is_vehicle else 3
            if range_between(f.at, s) <= reach:
                total += 1.5 if f.type.is_vehicle else 0.6
        return total

    def armour_threat(self) -> int:
        """How many enemy armoured vehicles other than tanks could still close assault, at most two, and none
        while an enemy tank is about (seed "Close Assault": not suppressed; its vehicle modifiers: another AFV adds
        2 and its MG 1, which a stack of infantry can outmatch; a tank adds 3, and its main gun, seed "Attacking
        vehicles", like all fire rolls for each unit in the space it hits, seed "Individual Unit Fire", so
        against tanks a stack is only a bigger target)."""
        if any(f.type.vehicle is not None and f.type.vehicle.close_assault == "tank" for f in self.foes):
            return 0
        return min(2, sum(1 for f in self.foes if f.type.armoured and f.type.may_close_assault
                          and f.status != "suppressed"))

    @staticmethod
    def assault_defence(stack: list[Unit]) -> int:
        """The close-assault defence modifiers of the units in one space against a vehicle (seed "Close Assault",
        the defender's modifiers): +1 for a platoon leader (+2 a company commander), +1 for each good-order unit
        beyond the first, +1 for each MG not suppressed, +2 for infantry with an anti-tank weapon; -1 for a
        pinned unit, -2 for a suppressed one, -1 when only weapons teams stand there."""
        units = [f for f in stack if not f.type.is_smf]
        total = max((f.type.leader_bonus for f in stack if f.type.leader), default=0)
        total += max(0, sum(1 for f in units if f.rank == 0) - 1)
        total += sum(1 for f in units if f.rank < 2 and f.type.weapon is not None and f.type.weapon.machine_gun)
        if any(f.type.anti_tank is not None and f.rank < 2 for f in units):
            total += 2
        if any(f.rank == 1 for f in units):
            total -= 1
        if any(f.rank == 2 for f in units):
            total -= 2
        if units and all(f.type.weapon_crew for f in units):
            total -= 1
        return total

    def goals(self) -> list[tuple[Space, int]]:
        """The objectives the side does not hold, with their points (CF-54, CF-55)."""
        return [(at, pts) for at, pts, held in self.objectives if held != self.side]

    def behind(self) -> bool:
        """Whether the side would lose were the game to end now (CF-55: more points win, ties as the scenario
        says)."""
        mine, theirs = self.points.get(self.side, 0), self.points.get(self.enemy, 0)
        return mine < theirs or (mine == theirs and self.ties != self.side)

    def held(self) -> list[tuple[Space, int]]:
        return [(at, pts) for at, pts, held in self.objectives if held == self.side]

    def friends_at(self, s: Space, besides: str = "") -> list[Unit]:
        return [u for u in self.mine if u.at == s and u.id != besides]

    def foes_at(self, s: Space) -> list[Unit]:
        return [u for u in self.foes if u.at == s]

    def enemy_spaces(self) -> set[Space]:
        return {f.at for f in self.foes} | set(self.blinds)


def _points(game: Any, name: str) -> int:
    for o in game.scenario.victory.objectives:
        if o.name == name:
            return int(o.points)
    return 1
