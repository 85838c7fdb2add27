"""What a Brigade game knows of its scenario and what a position may be asked without changing it.

:class:`Context`: the scenario's units, sides, codes and the geometry caches, built once a game. The weapons a
unit fires with (small arms, BR-71, BR-102; its anti-tank weapon). :class:`Position`: a position's data, and the
rule queries both the legal actions and play ask: who moves (seed 004 "Move Sequence"), what each side has
detected (BR-112), objective points held (BR-130), which units may move or fire (BR-121, BR-123, BR-170, BR-180),
whom a unit may fire at and how (BR-71, BR-72), where a move may go (the destinations, BR-160), and the targets of
artillery requests and on-table indirect fire (BR-80, BR-153, BR-178).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Iterator
from typing import Any, cast

import shapely
import shapely.ops

from warroom.core.game import Result
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade import movement_table, paths
from warroom.rulesets.brigade.f_anti_tank import column as at_column
from warroom.rulesets.brigade.f_small_arms import band_points
from warroom.rulesets.brigade.f_tables import ANTI_TANK, FIRE
from warroom.rulesets.brigade.game.actions import DESTS
from warroom.rulesets.brigade.game.common import (
    MARGIN,
    WALK_INCHES,
    Coord,
    Event,
    Mission,
    U,
    ceil_inches,
    max_inches,
    pt,
)
from warroom.rulesets.brigade.game.scenario import Scenario
from warroom.rulesets.brigade.game.units import UnitType
from warroom.rulesets.brigade.table import MAPPING, is_vehicle

_CACHES: dict[str, tuple[dict[Any, Any], ...]] = {}
"""Sight, fire, cover and detection answers per table (pure functions of the table, two points and the
units' states), shared by every game on the same table, so a replay or a second game does not measure again."""

class Context:
    """What a game knows of its scenario, built once: units, sides, codes and the geometry caches."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        spec = scenario.spec
        self.field = scenario.field
        self.sides = scenario.sides
        self.nation = {s.name: s.nation for s in spec.sides}
        self.units = spec.units
        self.types: tuple[UnitType, ...] = scenario.types
        self.ids = tuple(u.id for u in spec.units)
        self.index = {u: i for i, u in enumerate(self.ids)}
        self.side_of = tuple(u.side for u in spec.units)
        self.batteries = spec.batteries
        self.battery_index = {b.id: i for i, b in enumerate(spec.batteries)}
        self.objectives = spec.objectives
        self.minefields = spec.minefields
        self.aiming_points = spec.aiming_points
        self.n_moves = 2 * spec.periods
        self.first = spec.first
        self.names = tuple(f"{u.id} ({u.name or t.label})" for u, t in zip(spec.units, self.types, strict=True))
        self.mine_boxes = tuple((m.at[0], m.at[1], m.at[0] + m.size[0], m.at[1] + m.size[1]) for m in spec.minefields)
        self.company_units = {s: tuple(i for i, t in enumerate(self.types)
                                       if self.side_of[i] == s and t.counts_as_company) for s in self.sides}
        self.companies = {s: len(self.company_units[s]) for s in self.sides}
        self.width, self.depth = self.field.width, self.field.depth
        caches = _CACHES.setdefault(json.dumps(spec.table, sort_keys=True), ({}, {}, {}, {}, {}))
        if len(_CACHES) > 8:
            _CACHES.pop(next(iter(_CACHES)))
        self._sight, self._fire, self._area, self._cover, self.detections = caches
        self.ridges = any(f.kind == "ridge" for f in self.field.features)
        self.dest_memo: dict[Any, list[str]] = {}
        # area features indirect fire may aim at (the first 256 of the table, BR-178): name, shape, aiming point
        layout = self.field.layout
        self.areas = tuple((f.name, layout.shapes[k], pt(layout.shapes[k].representative_point().coords[0]))
                           for k, f in enumerate(self.field.features[:256])
                           if MAPPING.kinds[f.kind].layer in ("cover", "works"))
        self.area_aim = {name: at for name, _, at in self.areas}
        self.los_checks = 0
        self.play: Callable[[Any, Hashable], Any] | None = None
        """The rules of play (:func:`.play.apply`), set by the game (:mod:`.game`)."""
        self.odds: Callable[[Any, Hashable], Any] | None = None
        """The odds before acting (:func:`.odds.odds`), set by the game (:mod:`.game`)."""

    def mission_side(self, m: Mission) -> str:
        """The side whose fire mission ``m`` is: its battery's, or its on-table unit's (BR-192)."""
        return self.side_of[m.unit] if m.unit >= 0 else self.batteries[m.battery].side

    def mission_id(self, m: Mission) -> str:
        """The id that names mission ``m``'s guns: the off-table battery's, or the on-table unit's (BR-192)."""
        return self.ids[m.unit] if m.unit >= 0 else self.batteries[m.battery].id

    def side_moving(self, move: int) -> str:
        other = self.sides[1] if self.first == self.sides[0] else self.sides[0]
        return self.first if move % 2 == 0 else other

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def mover(self, i: int, u: U) -> str:
        """The movement-table row the unit moves by now: an unlimbered gun as a support weapon, dismounted
        cavalry and cyclists on foot as infantry (BR-161, BR-179)."""
        t = self.types[i]
        if t.kind == "gun" and not u.limbered:
            return "support_weapons"
        if t.mounts and not u.mounted:
            return "infantry"
        return t.mover

    def body(self, i: int, u: U) -> str:
        """The unit's body for sight lines (BR-10): its movement row (dismounted cavalry stand as infantry, and
        cyclists always do, on their bicycles or not: BR-179)."""
        t = self.types[i]
        if t.kind == "gun":
            return "support_weapons"
        if (t.kind == "cavalry" and not u.mounted) or t.bicycles:
            return "infantry"
        return t.mover

    def sight(self, a: Coord, abody: str, b: Coord, bbody: str) -> tuple[bool, bool]:
        """(a and b see each other, a may fire at b), cached: sight is reciprocal (BR-11), so one line
        serves both ways; only a vehicle on a table with ridges needs its own line of fire (BR-16)."""
        key = self._sight_key(a, abody, b, bbody)
        seen = self._sight.get(key)
        if seen is None:
            if len(self._sight) > 400_000:
                self._sight.clear()
                self._fire.clear()
            self.los_checks += 1
            seen = geo.line_of_sight(self.field, geo.Viewpoint(a, abody), geo.Viewpoint(b, bbody)).visible
            self._sight[key] = seen
        if not seen or not self.ridges or not is_vehicle(movement_table.unit_of(abody)):
            return seen, seen
        fkey = (a, abody, b, bbody)
        fire = self._fire.get(fkey)
        if fire is None:
            fire = geo.line_of_fire(self.field, geo.Viewpoint(a, abody), geo.Viewpoint(b, bbody)).fire
            self._fire[fkey] = fire
        return seen, fire

    @staticmethod
    def _sight_key(a: Coord, abody: str, b: Coord, bbody: str) -> tuple[Coord, str, Coord, str]:
        return (a, abody, b, bbody) if (a, abody) <= (b, bbody) else (b, bbody, a, abody)

    def path(self, start: Coord, goal: Coord, row: str, tons: int) -> paths.MoveCost:
        key = ("path", start, goal, row, tons)
        got = self._cover.get(key)
        if got is None:
            got = paths.path_cost(self.field, start, goal, row, tons=tons)
            self._cover[key] = got
        return got

    def nearest_on(self, name: str, area: Any, at: Coord) -> Coord:
        """The point of area feature ``name`` (its shape ``area``) nearest ``at`` (``at`` itself inside it), to the
        hundredth of an inch; kept per table like the sight lines."""
        key = ("nearest", name, at)
        got = self._area.get(key)
        if got is None:
            got = at if area.covers(shapely.Point(at)) else pt(shapely.ops.nearest_points(area, shapely.Point(at))[0]
                                                                  .coords[0])
            self._area[key] = got
        return got

    def concealed_here(self, at: Coord, body: str) -> bool:
        """Whether area cover at ``at`` conceals the unit from every direction (a cheap bound for detection)."""
        key = (at, body)
        got = self._area.get(key)
        if got is None:
            if len(self._area) > 200_000:
                self._area.clear()
            got = any(MAPPING.kinds[f.kind].layer in ("cover", "works")
                      and geo.cover(self.field, geo.Viewpoint(at, body), at).concealed
                      for f in geo.features_at(self.field, at)[:1])
            self._area[key] = got
        return got

    def cover(self, at: Coord, body: str, firer: Coord) -> geo.Cover:
        key = (at, body, firer)
        got = self._cover.get(key)
        if got is None:
            if len(self._cover) > 200_000:
                self._cover.clear()
            got = geo.cover(self.field, geo.Viewpoint(at, body), firer)
            self._cover[key] = got
        return got

def small_arms(t: UnitType, u: U, mode: int) -> dict[str, int]:
    """The counts for small-arms-fire of a unit's fire at troops (BR-71, BR-102)."""
    counts: dict[str, int] = {}
    if t.kind in ("infantry", "cavalry", "hq", "observer"):
        for role in u.roles[:len(u.roles) - u.holders]:  # horse holders hold horses, not rifles (BR-162)
            key = role if role in FIRE.weapons else "rifle"
            counts[key] = counts.get(key, 0) + 1
    elif t.kind == "support" and t.weapon is not None:
        counts[t.weapon] = 1
    elif t.kind == "vehicle":
        mgs = (1 if t.hull_mg else 0) + (t.turret_mgs if mode == 1 or t.main is None else 0)
        if mgs:
            counts["tank_mg"] = mgs
        if t.autocannon:
            counts["autocannon"] = t.autocannon
    return counts

def in_reach(counts: dict[str, int], rng: int) -> dict[str, int]:
    return {k: n for k, n in counts.items() if band_points(k, rng) is not None}

def at_weapon(t: UnitType, u: U) -> str | None:
    """The unit's anti-tank weapon, if it has one that may fire: a gun's, a tank's main gun, an armoured
    car's autocannon, a company's specialist while he lives ('specialist' weapons)."""
    if t.kind == "gun":
        return t.at_weapon
    if t.kind == "vehicle":
        return t.main or ("autocannon" if t.autocannon else None)
    if t.kind == "infantry":
        return next((r for r in u.roles if r in ANTI_TANK.weapons), None)
    return None


class Position:
    """The data of a position and the rule queries asked of it; :class:`~.state.BrigadeState` is one,
    and the builder's :meth:`~.play.Builder.view`."""

    __slots__ = ("_applied", "_json", "_known", "_legal", "ctx", "log", "missions", "move", "pairs", "pending",
                 "phase", "result_data", "revealed", "rng", "selected", "stage", "units")

    def __init__(self, ctx: Context, move: int, phase: str, stage: int, selected: int, pending: tuple[Any, ...],
                 units: tuple[U, ...], pairs: dict[tuple[int, int], tuple[int, int]], missions: tuple[Mission, ...],
                 revealed: tuple[frozenset[int], frozenset[int]], rng: dict[str, Any], log: tuple[Event, ...],
                 result_data: dict[str, Any] | None) -> None:
        self.ctx = ctx
        self.move = move
        self.phase = phase
        self.stage = stage
        self.selected = selected
        self.pending = pending
        self.units = units
        self.pairs = pairs
        self.missions = missions
        self.revealed = revealed
        self.rng = rng
        self.log = log
        self.result_data = result_data
        self._legal: Any = None
        self._json: dict[str, Any] | None = None
        self._known: dict[str, dict[int, int]] = {}
        self._applied: dict[Hashable, Any] = {}

    @property
    def period(self) -> int:
        return self.move // 2 + 1

    @property
    def moving_side(self) -> str:
        return self.ctx.side_moving(self.move)

    @property
    def to_act(self) -> str | None:
        if self.result_data is not None:
            return None
        if self.pending and self.pending[0] == "pin":
            return str(self.ctx.side_of[self.pending[1]])
        return self.moving_side

    def is_terminal(self) -> bool:
        return self.result_data is not None

    def result(self) -> Result:
        if self.result_data is not None:
            return cast(Result, dict(self.result_data))
        return cast(Result, {"winner": None, "reason": "the game is not over", **self.scores()})

    def known(self, side: str) -> dict[int, int]:
        """The enemy units ``side`` has detected now, and how (1 aware, 2 spotted): the best of its units'
        (BR-112)."""
        got = self._known.get(side)
        if got is not None:
            return got
        best: dict[int, int] = {}
        for (o, e), (cls, _) in self.pairs.items():
            if self.ctx.side_of[o] == side and self.units[e].on and cls > best.get(e, 0):
                best[e] = cls
        self._known[side] = best
        return best

    def lost(self, side: str) -> int:
        units = self.units
        return sum(1 for i in self.ctx.company_units[side] if not units[i].on)

    def held(self, side: str) -> int:
        """Objective points held: a unit of the side within the objective's radius and none of the enemy's
        (BR-130); transports, observers and troops riding in vehicles do not hold ground (BR-170)."""
        points = 0
        for o in self.ctx.objectives:
            near = {s: False for s in self.ctx.sides}
            for i, u in enumerate(self.units):
                t = self.ctx.types[i]
                if u.on and not t.transport and t.kind != "observer" and u.aboard < 0 \
                        and geo.distance(u.anchor(), o.at) <= o.radius:
                    near[self.ctx.side_of[i]] = True
            if near[side] and not near[self.ctx.enemy(side)]:
                points += o.points
        return points

    def scores(self) -> dict[str, Any]:
        ctx = self.ctx
        return {"companies": dict(ctx.companies), "companies_lost": {s: self.lost(s) for s in ctx.sides},
                "objective_points": {s: self.held(s) for s in ctx.sides}, "period": self.period}

    def _side_units(self, side: str) -> Iterator[int]:
        for i, u in enumerate(self.units):
            if u.on and self.ctx.side_of[i] == side:
                yield i

    def _callers(self, side: str) -> list[int]:
        return [i for i in self._side_units(side) if self.ctx.types[i].kind in ("observer", "hq")]

    def _walk_targets(self, m: Mission) -> list[int]:
        assert m.landed is not None
        c = m.caller
        out = []
        cu = self.units[c]
        if not self.ctx.sight(cu.anchor(), self.ctx.body(c, self.units[c]), m.landed, "infantry")[0]:
            return []
        for (o, e), _ in sorted(self.pairs.items()):
            if o == c and self.units[e].on and 0 < geo.distance(self.units[e].anchor(), m.landed) <= WALK_INCHES:
                out.append(e)
        return out

    def indirect_class(self, i: int) -> str | None:
        t = self.ctx.types[i]
        if t.kind == "support" and t.mortar is not None:
            return t.mortar
        if t.kind == "gun" and t.indirect is not None and not self.units[i].limbered:
            return t.indirect
        return None

    def _callable(self, side: str) -> list[int]:
        """On-table mortar sections and guns of ``side`` an observer or HQ may call (BR-192): unlimbered, firing
        indirect, not riding, with no called fire of their own under way."""
        busy = {m.unit for m in self.missions if m.unit >= 0}
        return [i for i in self._side_units(side)
                if i not in busy and self.units[i].aboard < 0 and self.indirect_class(i) is not None]

    def _can_bombard(self, i: int) -> bool:
        u = self.units[i]
        return not u.indirect and self.indirect_class(i) is not None

    def _area_targets(self, i: int) -> list[str]:
        """The area features (buildings, woods, scrub, rubble, works...) the unit sees: a line of sight to a man on
        the feature's edge nearest it ("Area weapons may fire at a geographical feature"; BR-178)."""
        ctx = self.ctx
        u = self.units[i]
        here = u.anchor()
        body = ctx.body(i, u)
        out = []
        for name, area, _ in ctx.areas:
            edge = ctx.nearest_on(name, area, here)
            if edge == here:
                continue  # not at the feature it stands in: its own position (BR-199)
            if ctx.sight(here, body, edge, "infantry")[0]:
                out.append(name)
        return out

    def _bombard_targets(self, i: int) -> list[int]:
        """Enemies the unit itself has detected: area fire at a target visible to the firing unit (Timing)."""
        return sorted(e for (o, e), _ in self.pairs.items() if o == i and self.units[e].on)

    def can_move(self, i: int) -> bool:
        u = self.units[i]
        t = self.ctx.types[i]
        if u.pinned or u.stuck or u.indirect or u.aboard >= 0 or u.halves >= 2:
            return False  # riders move only with their vehicle; a carrier may have spent its move (BR-171)
        return not (t.kind == "gun" and not u.limbered)

    def can_fire(self, i: int, moving: bool) -> bool:
        u = self.units[i]
        t = self.ctx.types[i]
        if u.indirect or u.aboard >= 0:
            return False  # troops riding in a vehicle do not fire (BR-170)
        if t.bicycles and u.mounted:
            return False  # cyclists fight on foot: they dismount to fire (BR-180)
        if t.kind == "gun":
            return not u.limbered and not moving
        return not (t.kind == "support" and t.mortar is not None)

    def _targets(self, i: int, moving: bool) -> list[tuple[int, int]]:
        """(target, mode) pairs unit ``i`` may fire at: detected by its side, in its line of fire, in reach."""
        ctx = self.ctx
        u = self.units[i]
        t = ctx.types[i]
        side = ctx.side_of[i]
        known = self.known(side)
        here = u.anchor()
        body = ctx.body(i, self.units[i])
        out = []
        for e in sorted(known):
            eu = self.units[e]
            there = eu.anchor()
            if not ctx.sight(here, body, there, ctx.body(e, self.units[e]))[1]:
                continue
            rng = ceil_inches(geo.distance(here, there))
            for mode in self._modes(i, e):
                if self._fire_reaches(i, u, t, e, rng, mode):
                    out.append((e, mode))
        return out

    def _modes(self, i: int, e: int) -> tuple[int, ...]:
        t = self.ctx.types[i]
        te = self.ctx.types[e]
        if t.kind == "vehicle" and t.main is not None and t.turret_mgs \
                and (te.kind != "vehicle" or te.protection == "soft_skin"):
            return (0, 1)  # main gun and hull MG, or hull and turret MGs: at troops and soft skins (BR-193)
        return (0,)

    def _fire_reaches(self, i: int, u: U, t: UnitType, e: int, rng: int, mode: int) -> bool:
        te = self.ctx.types[e]
        armoured = te.kind == "vehicle" and te.protection != "soft_skin"
        weapon = at_weapon(t, u) if mode == 0 else None
        if te.kind == "vehicle":
            if weapon is not None and at_column(ANTI_TANK.weapons[weapon].class_, rng) is not None \
                    and not (weapon == "autocannon" and not armoured):
                return True
            if armoured:
                return False
            return bool(in_reach(small_arms(t, u, mode), rng))
        if t.kind == "gun" or (t.kind == "vehicle" and t.main is not None and mode == 0):
            return True  # HE fire points reach at any range (BR-72)
        return bool(in_reach(small_arms(t, u, mode), rng))

    def dests(self, i: int, half: bool, row: str | None = None) -> list[str]:
        """The destinations offered (BR-160): those whose point is at least 1/2" away. They depend only on where
        the unit is, how far it may move, its plan's next point and where the nearest enemy is: kept under those."""
        u = self.units[i]
        here = u.anchor()
        nearest = self._nearest(i)
        top = self._max_inches(i) if row is None else max_inches(row)
        key = (here, top, half, u.plan[0] if u.plan else None,
               self.units[nearest].anchor() if nearest is not None else None)
        memo = self.ctx.dest_memo
        got = memo.get(key)
        if got is None:
            got = []
            for d in DESTS:
                if d == "here":
                    continue
                p = self.dest_point(i, d, half, nearest, top)
                if p is not None and geo.distance(here, p) >= 0.5:
                    got.append(d)
            if len(memo) > 100_000:
                memo.clear()
            memo[key] = got
        return list(got)

    def _nearest(self, i: int) -> int | None:
        known = self.known(self.ctx.side_of[i])
        if not known:
            return None
        here = self.units[i].anchor()
        return min(known, key=lambda k: (geo.distance(here, self.units[k].anchor()), k))

    def _max_inches(self, i: int) -> float:
        return max_inches(self.ctx.mover(i, self.units[i]))

    def dest_point(self, i: int, dest: str, half: bool, nearest: int | bool | None = False,
                   top: float | None = None) -> Coord | None:
        """The point destination ``dest`` names for unit ``i`` (BR-160); headings and "away" reach as far as its
        move (or ``top`` inches, a full move of another row) goes at its best."""
        ctx = self.ctx
        u = self.units[i]
        here = u.anchor()
        reach = (self._max_inches(i) if top is None else top) * (0.5 if half else 1.0)
        if dest.startswith("dir:"):
            a = math.radians(int(dest[4:]))
            return self._clip(here, (here[0] + reach * math.sin(a), here[1] + reach * math.cos(a)))
        if dest.startswith("obj:"):
            k = int(dest[4:])
            return ctx.objectives[k].at if k < len(ctx.objectives) else None
        if dest == "plan":
            return u.plan[0] if u.plan else None
        if dest == "here":
            return here
        e = self._nearest(i) if nearest is False else nearest
        if e is None or e is True:
            return None
        there = self.units[e].anchor()
        if dest == "enemy":
            return there
        d = geo.distance(here, there)
        if d < 1e-6:
            return None
        away = (here[0] + (here[0] - there[0]) / d * reach, here[1] + (here[1] - there[1]) / d * reach)
        return self._clip(here, away)

    def _clip(self, a: Coord, b: Coord) -> Coord:
        lo_x, lo_y, hi_x, hi_y = MARGIN, MARGIN, self.ctx.width - MARGIN, self.ctx.depth - MARGIN
        t = 1.0
        for p0, p1, lo, hi in ((a[0], b[0], lo_x, hi_x), (a[1], b[1], lo_y, hi_y)):
            if p1 < lo and p1 != p0:
                t = min(t, max(0.0, (lo - p0) / (p1 - p0)))
            elif p1 > hi and p1 != p0:
                t = min(t, max(0.0, (hi - p0) / (p1 - p0)))
        return pt((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
