"""The Brigade heuristic's reading of a view: the side's own units, the enemy it has detected, the objectives,
the known minefields and the plan (attack or defence), all from what the view shows.

Only public things are read: the side's observation (its own units, the enemy units it has detected, the
minefields it laid or found; seed 004 "Detection", BR-110 ... BR-113), the scenario's objectives, their
radius and which side moves first (the scenario file both players read before the game, seed 004 "Playing
the Game"), and the unit catalogue (the Appendix's lists, ``data/game_units.toml``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.view import View
from warroom.rulesets.brigade import movement_table
from warroom.rulesets.brigade.game.common import clip_segment
from warroom.rulesets.brigade.game.units import TYPES, UnitType

Point = tuple[float, float]

FIRE_SUPPORT = ("support", "hq", "observer")
"""Kinds that do not hold ground or close with the enemy: MGs and mortars, HQs, observers."""


def centre(points: list[Any]) -> Point:
    n = len(points)
    return (sum(float(p[0]) for p in points) / n, sum(float(p[1]) for p in points) / n)


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def best_inches(row: str) -> float:
    """A full move at its best over open ground or road for movement-table row ``row`` (seed 004 "Movement")."""
    mover = movement_table.mover(row)
    best = 0.0
    for column in ("road", "open"):
        rate = mover.rate(column)
        if rate is not None:
            best = max(best, float(rate.highest))
    return best


@dataclass
class Own:
    id: str
    type: UnitType
    at: Point
    pinned: bool
    dead: int
    figures: int
    mounted: bool
    aboard: str | None
    limbered: bool
    order: str

    @property
    def kind(self) -> str:
        return self.type.kind

    @property
    def share_dead(self) -> float:
        return self.dead / max(1, self.dead + self.figures)

    @property
    def row(self) -> str:
        if self.type.bicycles and not self.mounted:
            return "infantry"
        if self.kind == "cavalry" and not self.mounted:
            return "infantry"
        return self.type.mover

    @property
    def holds_ground(self) -> bool:
        """Whether the unit counts for an objective: not a transport, observer or rider (BR-130, BR-170)."""
        return not self.type.transport and self.kind != "observer" and self.aboard is None


@dataclass
class Enemy:
    id: str
    at: Point
    spotted: bool
    kind: str
    type: UnitType | None
    pinned: bool
    figures: tuple[Point, ...] = ()

    @property
    def armoured(self) -> bool:
        return self.kind == "vehicle" and (self.type is None or self.type.protection != "soft_skin")


@dataclass
class Objective:
    index: int
    name: str
    at: Point
    points: int
    radius: float


@dataclass
class Board:
    side: str
    attacking: bool
    move: int
    moves: int
    own: dict[str, Own]
    enemy: dict[str, Enemy]
    objectives: list[Objective]
    minefields: list[tuple[float, float, float, float]]
    width: float
    depth: float
    terrain: Any = None
    """The scenario's table (``view.game.ctx``: the ground, public to both sides), for where a move ends."""
    goals: dict[str, Objective | None] = field(default_factory=dict)

    @property
    def late(self) -> bool:
        """In the last period: the objectives are counted when it ends (BR-130)."""
        return self.move >= self.moves - 2

    def nearest_enemy(self, at: Point) -> tuple[Enemy | None, float]:
        best, d = None, math.inf
        for e in self.enemy.values():
            k = distance(at, e.at)
            if k < d:
                best, d = e, k
        return best, d

    def enemy_near(self, at: Point, radius: float) -> list[Enemy]:
        return [e for e in self.enemy.values() if distance(at, e.at) <= radius]

    def move_end(self, u: Own, goal: Point, budget: float) -> Point:
        """Where a move of ``budget`` (1 or 1/2) straight towards ``goal`` ends over the table's ground, at middling
        movement dice (seed 004 "Movement": buildings, woods and obstacles stop or slow it; BR-160)."""
        start = (round(u.at[0], 2), round(u.at[1], 2))
        end = (round(goal[0], 2), round(goal[1], 2))
        if self.terrain is None or start == end:
            return end
        cost = self.terrain.path(start, end, u.row, u.type.tons)
        reach = cost.reach({c: 4 for c in cost.random_columns}, budget)
        return self.stop_short(u.at, (float(reach.point[0]), float(reach.point[1])))

    def crosses_minefield(self, a: Point, b: Point, margin: float = 0.5) -> bool:
        """Whether the straight path a-b enters (or passes within ``margin`` of) a known minefield other than
        one the unit already stands in (BR-142)."""
        return any(not _inside(a, box) and _segment_hits_box(a, b, box) for box in self._fields(margin))

    def _fields(self, margin: float) -> list[tuple[float, float, float, float]]:
        return [(x0 - margin, y0 - margin, x0 + w + margin, y0 + h + margin) for x0, y0, w, h in self.minefields]

    def stop_short(self, a: Point, b: Point, keep: float = 1.2) -> Point:
        """Where a move a-b stops short of the enemy figures the side has spotted: no move comes within 1" of an
        enemy figure (BR-120 as amended by BR-190, no close combat), so a line of enemy bars the way."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        if length2 < 1e-12:
            return b
        first = 1.0
        for e in self.enemy.values():
            for f in e.figures:
                fx, fy = a[0] - f[0], a[1] - f[1]
                # |a + t (b - a) - f| = keep: the first t in [0, 1] where the path comes that near
                bq = 2 * (fx * dx + fy * dy)
                c = fx * fx + fy * fy - keep * keep
                if c <= 0:
                    continue  # already that near: the engine lets it not close further; not modelled
                disc = bq * bq - 4 * length2 * c
                if disc < 0:
                    continue
                t = (-bq - math.sqrt(disc)) / (2 * length2)
                if 0.0 <= t < first:
                    first = t
        return (a[0] + dx * first, a[1] + dy * first)

    def path_length(self, a: Point, goal: Point, margin: float = 1.5) -> float:
        """How far ``a`` is from ``goal`` going round the known minefields (seed 003 MINES: go round, not
        through): straight when clear, else by the field corner that makes the shortest clear path."""
        if not self.crosses_minefield(a, goal):
            return distance(a, goal)
        best = distance(a, goal) + 50.0
        for x0, y0, x1, y1 in self._fields(margin):
            for c in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
                c = (min(max(c[0], 0.0), self.width), min(max(c[1], 0.0), self.depth))
                if self.crosses_minefield(a, c):
                    continue
                rest = distance(c, goal) + (10.0 if self.crosses_minefield(c, goal) else 0.0)
                best = min(best, distance(a, c) + rest)
        return best


def _inside(p: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _segment_hits_box(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether segment a-b meets the box (x0, y0, x1, y1): the engine's own clipping."""
    return clip_segment(a, b, box) is not None


def read(view: View) -> Board:
    """The board as ``view``'s side knows it."""
    obs = view.observation
    scenario = view.game.scenario  # type: ignore[attr-defined]
    spec = scenario.spec
    own: dict[str, Own] = {}
    for u in obs["units"]:
        if u["status"] != "on" or not u["figures"]:
            continue
        figs = u["figures"]
        holders = u.get("horse_holders") or 0
        fighting = figs[:len(figs) - holders] if holders else figs
        own[u["id"]] = Own(u["id"], TYPES[u["type"]], centre(fighting), bool(u["pinned"]), int(u["dead"] or 0),
                           len(figs), bool(u["mounted"]), u["aboard"], bool(u["limbered"]), u["order"] or "")
    enemy: dict[str, Enemy] = {}
    for e in obs["enemy"]:
        if e["detected"] == "spotted":
            t = TYPES.get(e["type"])
            at = centre(e["figures"]) if e["figures"] else (0.0, 0.0)
            figs = tuple((float(f[0]), float(f[1])) for f in e["figures"])
            enemy[e["id"]] = Enemy(e["id"], at, True, t.kind if t else "infantry", t, bool(e["pinned"]), figs)
        else:
            near = e["near"]
            enemy[e["id"]] = Enemy(e["id"], (float(near[0]), float(near[1])), False, e["kind"], None, False)
    radius = {o.name: float(o.radius) for o in spec.objectives}
    objectives = [Objective(k, o["name"], (float(o["at"][0]), float(o["at"][1])), int(o["points"]),
                            radius.get(o["name"], 3.0)) for k, o in enumerate(obs["objectives"])]
    mines = [(float(m["corner"][0]), float(m["corner"][1]), float(m["size"][0]), float(m["size"][1]))
             for m in obs["minefields"]]
    # The side that moves first is the attacker in every shipped scenario's briefing (seed 004 "Playing the
    # Game": the designer sets the sides' tasks); the other holds the objectives.
    attacking = spec.first == view.side
    board = Board(view.side, attacking, int(obs["move"]), int(spec.periods) * 2, own, enemy, objectives, mines,
                  float(spec.table["width"]), float(spec.table["depth"]), view.game.ctx)  # type: ignore[attr-defined]
    board.goals = _goals(board)
    return board


def _goals(board: Board) -> dict[str, Objective | None]:
    """The objective each ground unit makes for (or holds), objectives taken in order of their points: seed 004
    "Winning and Losing" (the designer's victory conditions: objective points held at the end, BR-130)."""
    goals: dict[str, Objective | None] = {}
    if not board.objectives:
        return goals
    by_value = sorted(board.objectives, key=lambda o: (-o.points, o.index))
    load = {o.index: 0 for o in board.objectives}
    units = sorted(board.own.values(), key=lambda u: u.id)
    for u in units:
        if not u.holds_ground and u.aboard is None:
            goals[u.id] = None
            continue
        # the nearest objective, counting its value: a unit already on one stays on it
        on = [o for o in board.objectives if distance(u.at, o.at) <= o.radius]
        if on:
            pick = on[0]
        else:
            costs = [(distance(u.at, o.at) / (1.0 + 0.5 * o.points) + 6.0 * load[o.index] / max(1, o.points), n)
                     for n, o in enumerate(by_value)]
            pick = by_value[min(costs)[1]]
        load[pick.index] += 1
        goals[u.id] = pick
    return goals
