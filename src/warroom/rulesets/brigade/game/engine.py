"""The Brigade game: state, the move sequence, and every rule through the registered procedures.

Seed 004 "WW2 Rules for Brigade level games" as a complete game on a seed-003 table:

* "Move Sequence": sides alternate moves, a pair of moves a period; each move is 1) morale
  tests, 2) pin tests (left to right or right to left, the mover's choice), 3) artillery
  requests, 4) off-table fire (and on-table indirect fire, BR-57), 5) fire and movement by
  types A, B, C, D, E in that order; the other side only places pins and throws saves.
* "Detection": each side knows what its units have detected (aware or spotted), held while the
  acquiring unit keeps the target in sight (BR-110 ... BR-113).
* "Movement", "FIRING", "Morale", "Winning and Losing", and seed 003 "MINES".
* Cavalry mounted and on foot ("Mounting and dismounting": horse holders, horses under fire; BR-161 ...
  BR-163), troops riding transport vehicles ("Entering / leaving vehicles": capacity, embarking and
  disembarking, riders of a vehicle hit or knocked out; BR-170 ... BR-172), minefields spotted by chance
  and avoided once known (003 "MINES" b; BR-175, BR-176), pre registered defensive aiming points (BR-177),
  and artillery requested onto one with no enemy there (BR-184, BR-185).
* Cyclist infantry (the movement table's Bicycles row): riding, fighting on foot, and mounting again only at
  the bicycles they left (BR-179 ... BR-183).

Every die is thrown by :func:`warroom.core.api.roll` of a registered procedure with the state's
own generator, so the odds a player is shown and the result applied come from one code path.
Distances are table inches; a unit's place for sight, range and cover is the centre of its living
figures (BR-105). Readings BR-100 onwards (docs/rulings.md).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import shapely
import shapely.ops

from warroom.core.api import roll
from warroom.core.errors import UsageError
from warroom.core.ruling import Ruling
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.f_anti_tank import column as at_column
from warroom.rulesets.brigade.f_small_arms import band_points
from warroom.rulesets.brigade.f_tables import ANTI_TANK, FIRE, INDIRECT
from warroom.rulesets.brigade.game.actions import (
    DESTS,
    Advance,
    Bombard,
    BombardFeature,
    Continue,
    Deploy,
    Disembark,
    Dismount,
    Embark,
    End,
    Fire,
    FollowPlan,
    Hold,
    Limber,
    Mount,
    Move,
    MoveTo,
    PinChoice,
    PinOrder,
    Request,
    RequestPoint,
    Select,
    Walk,
    dest_words,
)
from warroom.rulesets.brigade.game.carrying import CONTACT, CarryingOrders, CarryingRules
from warroom.rulesets.brigade.game.common import (
    Coord,
    _act,
    _ceil_inches,
    _clip_segment,
    _hits,
    _killed,
    _max_inches,
    _pt,
    _r,
)
from warroom.rulesets.brigade.game.minefields import MinefieldSight
from warroom.rulesets.brigade.game.scenario import FORMATION_SPACING, Scenario, formation, holders_last
from warroom.rulesets.brigade.game.units import UnitType
from warroom.rulesets.brigade.info import INFO
from warroom.rulesets.brigade.m_detection import detection_class
from warroom.rulesets.brigade.m_morale import removed_at
from warroom.rulesets.brigade.table import MAPPING, is_vehicle

CLOSE_SPACING = 0.75
"""Close order: figures base to base (3/4" bases, BR-26)."""
KEEP_OFF = 2.0
"""No close combat (BR-120): a move stops 2" from the nearest enemy figure."""
MARGIN = 0.4
SPOTTED, AWARE = 2, 1
CLASS_NAMES = {SPOTTED: "spotted", AWARE: "aware"}
TYPE_INDEX = {t: i for i, t in enumerate("ABCDE")}
WALK_INCHES = INDIRECT.walking.inches_per_move


@dataclass(frozen=True)
class U:
    """One unit's changing state. ``figs`` are the living figures' base centres (a vehicle or gun: its
    model, crew alongside), ``roles`` each figure's weapon; ``moved``/``fired`` the move index it last
    moved or fired in; ``tested`` its dead at its last casualty test; ``order`` its type this move."""

    figs: tuple[Coord, ...]
    roles: tuple[str, ...]
    status: str = "on"
    pinned: bool = False
    stuck: bool = False
    limbered: bool = False
    facing: float = 0.0
    moved: int = -9
    moved_in: float = 0.0
    fired: int = -9
    close: bool = False
    tested: int = 0
    pending: bool = False
    order: str = ""
    indirect: bool = False
    plan: tuple[Coord, ...] = ()
    mines: tuple[int, ...] = ()
    mounted: bool = False
    holders: int = 0
    aboard: int = -1
    halves: int = 0
    bikes: tuple[Coord, ...] = ()

    @property
    def on(self) -> bool:
        return self.status == "on"

    @property
    def fighting(self) -> tuple[Coord, ...]:
        """The figures that fight: all but the horse holders of dismounted cavalry (the last ``holders``)."""
        return self.figs[:len(self.figs) - self.holders] if self.holders else self.figs

    @property
    def horse_lines(self) -> tuple[Coord, ...]:
        """Where the horse holders stand with the horses (dismounted cavalry)."""
        return self.figs[len(self.figs) - self.holders:] if self.holders else ()

    @functools.cached_property
    def centre(self) -> Coord:
        figs = self.fighting
        n = len(figs)
        if n == 1:
            return figs[0]
        return (_r(sum(f[0] for f in figs) / n), _r(sum(f[1] for f in figs) / n))

    def anchor(self) -> Coord:
        """The unit's place for sight, range and cover: the centre of its living figures (BR-105)."""
        return self.centre

    @functools.cached_property
    def code(self) -> str:
        """The unit as one compact string (its JSON form): figures, roles, status, flags (pinned, stuck,
        limbered, close, pending, indirect, mounted), facing, moved, inches moved, fired, tested, order, plan,
        mines, horse holders, the carrier it rides (-1: none), halves of its move spent carrying, and (only when
        there are any) where the bicycles of dismounted cyclists stand (BR-181)."""
        flags = "".join("1" if f else "0" for f in (self.pinned, self.stuck, self.limbered, self.close,
                                                     self.pending, self.indirect, self.mounted))
        return "|".join((
            ";".join(f"{x!r},{y!r}" for x, y in self.figs), ",".join(self.roles), self.status, flags,
            repr(self.facing), str(self.moved), repr(self.moved_in), str(self.fired), str(self.tested), self.order,
            ";".join(f"{x!r},{y!r}" for x, y in self.plan), ",".join(str(m) for m in self.mines),
            str(self.holders), str(self.aboard), str(self.halves))) + (
            "|" + ";".join(f"{x!r},{y!r}" for x, y in self.bikes) if self.bikes else "")

    @staticmethod
    def decode(text: str) -> U:
        got = _DECODED.get(text)
        if got is not None:
            return got
        parts = text.split("|")
        bikes = _points(parts.pop()) if len(parts) == 16 else ()
        (figs, roles, status, flags, facing, moved, moved_in, fired, tested, order, plan,
         mines, holders, aboard, halves) = parts
        f = [c == "1" for c in flags]
        unit = U(_points(figs), tuple(roles.split(",")) if figs else (), status, f[0], f[1], f[2], float(facing),
                 int(moved), float(moved_in), int(fired), f[3], int(tested), f[4], order, f[5], _points(plan),
                 tuple(int(m) for m in mines.split(",")) if mines else (), f[6], int(holders), int(aboard),
                 int(halves), bikes)
        if len(_DECODED) > 100_000:
            _DECODED.clear()
        _DECODED[text] = unit
        return unit


_DECODED: dict[str, U] = {}


def _points(text: str) -> tuple[Coord, ...]:
    if not text:
        return ()
    out = []
    for part in text.split(";"):
        x, y = part.split(",")
        out.append((float(x), float(y)))
    return tuple(out)


@dataclass(frozen=True)
class Mission:
    """Fire from an off-table battery: requested by ``caller`` at ``aim``, arriving on move ``due``;
    ``landed`` where it came down last (it may then be continued or walked, BR-80)."""

    battery: int
    caller: int
    aim: Coord
    due: int
    landed: Coord | None = None
    registered: bool = False

    def to_list(self) -> list[Any]:
        return [self.battery, self.caller, list(self.aim), self.due, list(self.landed) if self.landed else None,
                self.registered]

    @staticmethod
    def from_list(d: list[Any]) -> Mission:
        return Mission(d[0], d[1], (d[2][0], d[2][1]), d[3], (d[4][0], d[4][1]) if d[4] is not None else None,
                       bool(d[5]))


@dataclass(frozen=True)
class Event:
    """One line of narration: who may read it (None: both sides) and its text, where ``⟨i⟩`` names
    unit i to a side that knows it and "an unseen enemy unit" to one that does not."""

    sides: tuple[str, ...] | None
    text: str


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
        self.areas = tuple((f.name, layout.shapes[k], _pt(layout.shapes[k].representative_point().coords[0]))
                           for k, f in enumerate(self.field.features[:256])
                           if MAPPING.kinds[f.kind].layer in ("cover", "works"))
        self.area_aim = {name: at for name, _, at in self.areas}
        self.los_checks = 0

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
        if not seen or not self.ridges or not is_vehicle(geo.unit_of(abody)):
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

    def path(self, start: Coord, goal: Coord, row: str, tons: int) -> geo.MoveCost:
        key = ("path", start, goal, row, tons)
        got = self._cover.get(key)
        if got is None:
            got = geo.path_cost(self.field, start, goal, row, tons=tons)
            self._cover[key] = got
        return got

    def nearest_on(self, name: str, area: Any, at: Coord) -> Coord:
        """The point of area feature ``name`` (its shape ``area``) nearest ``at`` (``at`` itself inside it), to the
        hundredth of an inch; kept per table like the sight lines."""
        key = ("nearest", name, at)
        got = self._area.get(key)
        if got is None:
            got = at if area.covers(shapely.Point(at)) else _pt(shapely.ops.nearest_points(area, shapely.Point(at))[0]
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


# --- weapons of a unit ----------------------------------------------------------------------------


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


def _reach(counts: dict[str, int], rng: int) -> dict[str, int]:
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


# --- the state ------------------------------------------------------------------------------------


class LegalActions(tuple[Hashable, ...]):
    """The discrete legal actions, in a stable order; ``in`` also accepts a free-form move that is legal
    now (:class:`MoveTo`), so a record with one replays (BR-160)."""

    state: BrigadeState

    def __contains__(self, action: object) -> bool:
        if isinstance(action, MoveTo):
            try:
                self.state._check_move_to(action)
            except UsageError:
                return False
            return True
        return tuple.__contains__(self, action)


class BrigadeState(CarryingOrders):
    """One position of a Brigade game, immutable; see the module docstring."""

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
        self._legal: LegalActions | None = None
        self._json: dict[str, Any] | None = None
        self._known: dict[str, dict[int, int]] = {}
        self._applied: dict[Hashable, BrigadeState] = {}

    # --- the interface ---------------------------------------------------------------------------

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

    def result(self) -> dict[str, Any]:
        if self.result_data is not None:
            return dict(self.result_data)
        return {"winner": None, "reason": "the game is not over", **self._scores()}

    def legal_actions(self) -> LegalActions:
        if self._legal is None:
            legal = LegalActions(self._generate())
            legal.state = self
            self._legal = legal
        return self._legal

    def apply(self, action: Hashable) -> BrigadeState:
        if self.result_data is not None:
            raise UsageError(f"the game is over ({self.result_data['reason']}): no action is legal")
        legal = self.legal_actions()
        if isinstance(action, MoveTo):
            self._check_move_to(action)
        elif action not in legal:
            raise UsageError(self._why_not(action, legal))
        done = self._applied.get(action)
        if done is None:  # apply is a pure function of the state and the action: remember the answer
            b = Builder(self)
            b.do(action)
            done = b.freeze()
            if len(self._applied) < 8:
                self._applied[action] = done
        return done

    def narration(self, side: str | None = None) -> list[str]:
        """What the last action did, as ``side`` may read it (None: the umpire, everything)."""
        if side is not None and side not in self.ctx.sides:
            raise UsageError(f"unknown side '{side}'; sides: {', '.join(self.ctx.sides)}")
        known = self.known(side) if side is not None else None
        out = []
        for e in self.log:
            if side is not None and e.sides is not None and side not in e.sides:
                continue
            out.append(self._render(e.text, side, known))
        return out

    def _render(self, text: str, side: str | None, known: dict[int, int] | None) -> str:
        if "\u27e8" not in text:
            return text
        parts = text.split("\u27e8")
        out = [parts[0]]
        for part in parts[1:]:
            num, _, rest = part.partition("\u27e9")
            i = int(num)
            if side is None or self.ctx.side_of[i] == side or (known is not None and i in known):
                out.append(self.ctx.names[i])
            else:
                out.append("an unseen enemy unit")
            out.append(rest)
        return "".join(out)

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

    def observation(self, side: str) -> dict[str, Any]:
        if side not in self.ctx.sides:
            raise UsageError(f"unknown side '{side}'; sides: {', '.join(self.ctx.sides)}")
        ctx = self.ctx
        known = self.known(side)
        own, enemy = [], []
        for i, u in enumerate(self.units):
            if ctx.side_of[i] == side:
                own.append({"id": ctx.ids[i], "type": ctx.units[i].type, "status": u.status,
                            "figures": u.figs, "pinned": u.pinned, "stuck": u.stuck,
                            "limbered": u.limbered, "facing": u.facing, "order": u.order,
                            "dead": ctx.types[i].n_figures - len(u.figs) if u.on else None,
                            "plan": u.plan, "mounted": u.mounted, "horse_holders": u.holders,
                            "aboard": ctx.ids[u.aboard] if u.aboard >= 0 else None,
                            **({"bicycles": u.bikes[0]} if u.bikes else {})})
            elif i in known:
                if known[i] == SPOTTED:
                    enemy.append({"id": ctx.ids[i], "detected": "spotted", "type": ctx.units[i].type,
                                  "figures": u.fighting, "pinned": u.pinned, "facing": u.facing,
                                  "mounted": u.mounted})
                else:
                    x, y = u.anchor()
                    enemy.append({"id": ctx.ids[i], "detected": "aware", "kind": ctx.types[i].kind,
                                  "near": [round(x / 4) * 4, round(y / 4) * 4]})
        s = ctx.sides.index(side)
        fields = [{"name": m.name, "kind": m.kind, "corner": list(m.at), "size": list(m.size)}
                  for k, m in enumerate(ctx.minefields) if m.owner == side or k in self.revealed[s]]
        lost = {sd: self._lost(sd) for sd in ctx.sides}
        return {
            "side": side, "period": self.period, "move": self.move, "moving": self.moving_side, "phase": self.phase,
            "to_act": self.to_act, "units": own, "enemy": enemy, "minefields": fields,
            "missions": [{"battery": ctx.batteries[m.battery].id, "aim": list(m.aim), "due": m.due,
                          "landed": list(m.landed) if m.landed else None}
                         for m in self.missions if ctx.batteries[m.battery].side == side],
            "objectives": [{"name": o.name, "at": list(o.at), "points": o.points} for o in ctx.objectives],
            "aiming_points": [{"name": p.name, "at": list(p.at)} for p in ctx.aiming_points if p.side == side],
            "companies_lost": lost, "narration": self.narration(side),
            "result": self.result_data,
        }

    def to_json(self) -> dict[str, Any]:
        if self._json is None:
            self._json = {
                "format": "warroom-brigade-state/2",
                "scenario": self.ctx.scenario.name,
                "move": self.move, "phase": self.phase, "stage": self.stage, "selected": self.selected,
                "pending": list(self.pending),
                "units": [u.code for u in self.units],
                "pairs": ";".join(f"{o},{e},{c},{s}" for (o, e), (c, s) in sorted(self.pairs.items())),
                "missions": [m.to_list() for m in self.missions],
                "revealed": [sorted(r) for r in self.revealed],
                "rng": self.rng,
                "log": [[list(e.sides) if e.sides is not None else None, e.text] for e in self.log],
                "result": self.result_data,
            }
        return dict(self._json)

    @staticmethod
    def from_json(ctx: Context, data: dict[str, Any]) -> BrigadeState:
        try:
            if data.get("format") != "warroom-brigade-state/2" or data.get("scenario") != ctx.scenario.name:
                raise UsageError(f"not a state of the Brigade scenario '{ctx.scenario.name}'")
            units = tuple(U.decode(d) for d in data["units"])
            if len(units) != len(ctx.ids):
                raise UsageError(f"the state has {len(units)} units; the scenario has {len(ctx.ids)}")
            pairs = {(o, e): (c, s) for o, e, c, s in (map(int, p.split(",")) for p in data["pairs"].split(";") if p)}
            return BrigadeState(
                ctx, int(data["move"]), str(data["phase"]), int(data["stage"]), int(data["selected"]),
                tuple(data["pending"]), units, pairs, tuple(Mission.from_list(m) for m in data["missions"]),
                (frozenset(data["revealed"][0]), frozenset(data["revealed"][1])), data["rng"],
                tuple(Event(tuple(s) if s is not None else None, t) for s, t in data["log"]), data["result"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise UsageError(f"not a Brigade game state: {exc}") from None

    # --- scores ------------------------------------------------------------------------------------

    def _lost(self, side: str) -> int:
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

    def _scores(self) -> dict[str, Any]:
        ctx = self.ctx
        return {"companies": dict(ctx.companies), "companies_lost": {s: self._lost(s) for s in ctx.sides},
                "objective_points": {s: self.held(s) for s in ctx.sides}, "period": self.period}

    # --- legal actions -----------------------------------------------------------------------------

    def _side_units(self, side: str) -> Iterator[int]:
        for i, u in enumerate(self.units):
            if u.on and self.ctx.side_of[i] == side:
                yield i

    def _generate(self) -> list[Hashable]:
        if self.result_data is not None:
            return []
        if self.pending:
            kind = self.pending[0]
            if kind == "pin":
                return [PinChoice(True), PinChoice(False)]
            i = self.pending[1]
            uid = self.ctx.ids[i]
            if kind == "after_fire":
                out: list[Hashable] = [_act(Hold, uid)]
                out += [_act(Move, uid, d, True, False) for d in self._dests(i, half=True)]
                return out
            if kind == "after_advance":
                out = [_act(Hold, uid)]
                out += [_act(Fire, uid, self.ctx.ids[t], m) for t, m in self._targets(i, moving=True)]
                return out
            raise AssertionError(kind)
        side = self.moving_side
        if self.phase == "pins":
            return [PinOrder(True), PinOrder(False)]
        if self.phase == "requests":
            return [End(), *self._request_actions(side)]
        if self.phase == "indirect":
            out = [End()]
            for i in self._side_units(side):
                if self._can_bombard(i):
                    out += [_act(Bombard, self.ctx.ids[i], self.ctx.ids[t]) for t in self._bombard_targets(i)]
                    out += [_act(BombardFeature, self.ctx.ids[i], name) for name in self._area_targets(i)]
            return out
        if self.selected >= 0:
            return self._orders(self.selected)
        out = [End()]
        for i in self._side_units(side):
            u = self.units[i]
            if not u.order and not u.indirect and self._orders(i, probe=True):
                out.append(_act(Select, self.ctx.ids[i]))
        return out

    def _why_not(self, action: Hashable, legal: Sequence[Hashable]) -> str:
        words = ", ".join(str(a) for a in legal[:12]) + (f" ... ({len(legal)} in all)" if len(legal) > 12 else "")
        where = self._where_words()
        return f"{action} is not legal {where}; legal now: {words}"

    def _where_words(self) -> str:
        if self.pending and self.pending[0] == "pin":
            return f"while {self.ctx.ids[self.pending[1]]}'s side decides whether to take a pin marker"
        phase = {"pins": "in phase 2 (pin tests)", "requests": "in phase 3 (artillery requests)",
                 "indirect": "in phase 4 (off table and indirect fire)", "orders": "in phase 5 (fire and movement)"}
        return f"{phase.get(self.phase, self.phase)}, move {self.move + 1} ({self.moving_side})"

    # phase 3 ---------------------------------------------------------------------------------------

    def _callers(self, side: str) -> list[int]:
        return [i for i in self._side_units(side) if self.ctx.types[i].kind in ("observer", "hq")]

    def _request_actions(self, side: str) -> list[Hashable]:
        ctx = self.ctx
        out: list[Hashable] = []
        busy = {m.battery for m in self.missions}
        free = [k for k, b in enumerate(ctx.batteries) if b.side == side and k not in busy]
        for m in self.missions:
            if m.landed is None or m.due > self.move or ctx.batteries[m.battery].side != side:
                continue
            bid = ctx.batteries[m.battery].id
            if self.units[m.caller].on:
                out.append(Continue(bid))
                if ctx.types[m.caller].kind == "observer":
                    out += [Walk(bid, ctx.ids[e]) for e in self._walk_targets(m)]
        callers = self._callers(side)
        if free:
            points = [p.name for p in ctx.aiming_points if p.side == side]
            artillery = [k for k in free if not INDIRECT.firers[ctx.batteries[k].fire].mortar]  # type: ignore[index]
            for c in callers:
                targets = [e for (o, e), _ in self.pairs.items() if o == c and self.units[e].on]
                for k in free:
                    out += [Request(ctx.ids[c], ctx.batteries[k].id, ctx.ids[e]) for e in sorted(targets)]
                for k in artillery:  # defensive fire on a pre registered point, no enemy needed there (BR-184)
                    out += [_act(RequestPoint, ctx.ids[c], ctx.batteries[k].id, n) for n in points]
        return out

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

    # phase 4 ---------------------------------------------------------------------------------------

    def _indirect_class(self, i: int) -> str | None:
        t = self.ctx.types[i]
        if t.kind == "support" and t.mortar is not None:
            return t.mortar
        if t.kind == "gun" and t.indirect is not None and not self.units[i].limbered:
            return t.indirect
        return None

    def _can_bombard(self, i: int) -> bool:
        u = self.units[i]
        return not u.indirect and self._indirect_class(i) is not None

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
            if ctx.sight(here, body, edge, "infantry")[0]:
                out.append(name)
        return out

    def _bombard_targets(self, i: int) -> list[int]:
        """Enemies the unit itself has detected: area fire at a target visible to the firing unit (Timing)."""
        return sorted(e for (o, e), _ in self.pairs.items() if o == i and self.units[e].on)

    # phase 5 ---------------------------------------------------------------------------------------

    def _can_move(self, i: int) -> bool:
        u = self.units[i]
        t = self.ctx.types[i]
        if u.pinned or u.stuck or u.indirect or u.aboard >= 0 or u.halves >= 2:
            return False  # riders move only with their vehicle; a carrier may have spent its move (BR-171)
        return not (t.kind == "gun" and not u.limbered)

    def _can_fire(self, i: int, moving: bool) -> bool:
        u = self.units[i]
        t = self.ctx.types[i]
        if u.indirect or u.aboard >= 0:
            return False  # troops riding in a vehicle do not fire (BR-170)
        if t.bicycles and u.mounted:
            return False  # cyclists fight on foot: they dismount to fire (BR-180)
        if t.kind == "gun":
            return not u.limbered and not moving
        return not (t.kind == "support" and t.mortar is not None)

    def _orders(self, i: int, probe: bool = False) -> list[Hashable]:
        """The orders unit ``i`` may be given now: types at or after the current one (BR-121); a pinned unit
        may fire but not move (BR-123)."""
        ctx = self.ctx
        uid = ctx.ids[i]
        u = self.units[i]
        t = ctx.types[i]
        out: list[Hashable] = []
        stage = self.stage
        if not probe:
            out.append(_act(Hold, uid))
        if u.aboard >= 0:  # riders may only get out (BR-171)
            if stage <= 2 and self._may_disembark(i):
                out += [_act(Disembark, uid, d) for d in ("here", *self._dests(i, half=True, row="infantry"))]
            return out
        can_move = self._can_move(i)
        if probe and ((can_move and stage <= 2) or (t.kind == "gun" and stage <= 4 and not u.pinned)):
            return [_act(Hold, uid)]
        if stage <= 0 and self._can_fire(i, moving=False):
            for e, mode in self._targets(i, moving=False):
                out.append(_act(Fire, uid, ctx.ids[e], mode))
                if probe:
                    return out
        if stage <= 1 and can_move and self._can_fire(i, moving=True) and t.kind != "gun":
            for d in self._dests(i, half=True):
                out.append(_act(Advance, uid, d))
                if probe:
                    return out
        if stage <= 2 and can_move:
            if u.plan and not u.halves:
                out.append(_act(FollowPlan, uid))
            for d in self._dests(i, half=False):
                if not u.halves:  # a carrier that has spent half its move carrying moves only half (BR-171)
                    out.append(_act(Move, uid, d, False, False))
                out.append(_act(Move, uid, d, True, False))
                if t.kind in ("infantry", "cavalry") and (d.startswith("obj") or d == "enemy") \
                        and not (t.bicycles and u.mounted):  # cyclists close up on foot (BR-179)
                    out.append(_act(Move, uid, d, False, True))
                if probe:
                    return out
            out += self._carry_orders(i)
        if stage <= 3 and t.kind == "gun" and u.limbered and not u.pinned and not u.indirect:
            out += [_act(Deploy, uid, d) for d in ("here", *(self._dests(i, half=True) if can_move else ()))]
        if stage <= 4 and t.kind == "gun" and not u.limbered and not u.indirect and not u.pinned:
            out += [_act(Limber, uid, d) for d in ("here", *self._dests(i, half=True))]
        return out

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
            rng = _ceil_inches(geo.distance(here, there))
            for mode in self._modes(i, e):
                if self._fire_reaches(i, u, t, e, rng, mode):
                    out.append((e, mode))
        return out

    def _modes(self, i: int, e: int) -> tuple[int, ...]:
        t = self.ctx.types[i]
        te = self.ctx.types[e]
        if t.kind == "vehicle" and t.main is not None and te.kind != "vehicle" and t.turret_mgs:
            return (0, 1)
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
            return bool(_reach(small_arms(t, u, mode), rng))
        if t.kind == "gun" or (t.kind == "vehicle" and t.main is not None and mode == 0):
            return True  # HE fire points reach at any range (BR-72)
        return bool(_reach(small_arms(t, u, mode), rng))

    def _dests(self, i: int, half: bool, row: str | None = None) -> list[str]:
        """The destinations offered (BR-160): those whose point is at least 1/2" away. They depend only on where
        the unit is, how far it may move, its plan's next point and where the nearest enemy is: kept under those."""
        u = self.units[i]
        here = u.anchor()
        nearest = self._nearest(i)
        top = self._max_inches(i) if row is None else _max_inches(row)
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
        return _max_inches(self.ctx.mover(i, self.units[i]))

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
        return _pt((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))

    def _check_move_to(self, action: MoveTo) -> None:
        """A free-form move is legal where the same type of move to a destination would be (BR-160)."""
        ctx = self.ctx
        if action.unit not in ctx.index:
            raise UsageError(f"no unit '{action.unit}' in this scenario")
        i = ctx.index[action.unit]
        x, y = action.point
        if not (0 <= x <= ctx.width and 0 <= y <= ctx.depth):
            raise UsageError(f"{action}: ({x:g}, {y:g}) is off the {ctx.width:g}\" x {ctx.depth:g}\" table")
        legal = self.legal_actions()
        kinds = {"A": Move, "B": Advance, "C": Move, "D": Deploy, "E": Limber, "M": Mount, "S": Dismount,
                 "X": Disembark}
        if action.order not in kinds:
            raise UsageError(f"{action}: order must be A (the half move after firing), B, C, D, E, M (mount), "
                             "S (dismount) or X (disembark)")
        want = kinds[action.order]
        ok = [a for a in legal if isinstance(a, want) and getattr(a, "unit", None) == action.unit
              and (action.order != "A" or (self.pending and self.pending[0] == "after_fire"))
              and (action.order != "C" or not self.pending)]
        if not ok:
            raise UsageError(f"{action} is not legal {self._where_words()}: {action.unit} may not make a type "
                             f"{action.order} move now")
        u = self.units[i]
        t = ctx.types[i]
        row = {"M": "bicycles" if t.bicycles else "cavalry",
               "X": "support_weapons" if t.kind == "support" else "infantry"}.get(action.order, ctx.mover(i, u))
        start = u.anchor()
        if action.order == "M" and t.bicycles:  # cyclists mount beside their bicycles, and ride from there (BR-182)
            if geo.distance(start, u.bikes[0]) > CONTACT + 1e-9:
                raise UsageError(f"{action}: {action.unit} is {geo.distance(start, u.bikes[0]):.1f}\" from its "
                                 "bicycles; it rides on only when it mounts beside them (within 1 1/2\"); order it to "
                                 "mount where it stands to walk back to them first (BR-182)")
            start = u.bikes[0]
        elif action.order == "M":  # the unit mounts on its horse lines, and rides from there
            lines = u.horse_lines
            start = (_r(sum(p[0] for p in lines) / len(lines)), _r(sum(p[1] for p in lines) / len(lines)))
        cost = geo.path_cost(ctx.field, start, action.point, row, tons=ctx.types[i].tons)
        if not cost.passable:
            raise UsageError(f"{action}: {cost.blocked}")
        budget = 0.5 if action.order != "C" else 1.0
        top = {c: 6 for c in cost.random_columns}
        if cost.share(top) > budget + 1e-9:
            raise UsageError(f"{action}: the point is {cost.length:.1f}\" away, beyond the "
                             f"{'half ' if budget < 1 else ''}move of a {geo.mover(row).label} unit "
                             "over that ground even at its best throw")


# --- applying an action: a mutable builder -------------------------------------------------------


class Builder(CarryingRules, MinefieldSight):
    """A mutable copy of a state while an action is applied; :meth:`freeze` makes the new state."""

    def __init__(self, s: BrigadeState) -> None:
        self.s = s
        self.ctx = s.ctx
        self.move = s.move
        self.phase = s.phase
        self.stage = s.stage
        self.selected = s.selected
        self.pending: tuple[Any, ...] = s.pending
        self.units = list(s.units)
        self.pairs = dict(s.pairs)
        self.missions = list(s.missions)
        self.revealed = [set(s.revealed[0]), set(s.revealed[1])]
        self._gen: np.random.Generator | None = None
        self.log: list[Event] = []
        self.result: dict[str, Any] | None = None
        self.touched: set[int] = set()

    # --- plumbing ----------------------------------------------------------------------------------

    @property
    def gen(self) -> np.random.Generator:
        """The game's generator, restored from the state's when first needed (most actions throw no dice)."""
        if self._gen is None:
            self._gen = np.random.Generator(np.random.PCG64())
            self._gen.bit_generator.state = self.s.rng
        return self._gen

    def view(self) -> BrigadeState:
        """A read-only state of the builder as it is now (for the queries the state answers)."""
        return BrigadeState(self.ctx, self.move, self.phase, self.stage, self.selected, self.pending,
                            tuple(self.units), self.pairs, tuple(self.missions),
                            (frozenset(self.revealed[0]), frozenset(self.revealed[1])), {}, (), None)

    def freeze(self) -> BrigadeState:
        if self.touched:
            self.refresh(self.touched)
        self.check_victory()
        return BrigadeState(self.ctx, self.move, self.phase, self.stage, self.selected, self.pending,
                            tuple(self.units), self.pairs, tuple(self.missions),
                            (frozenset(self.revealed[0]), frozenset(self.revealed[1])),
                            dict(self._gen.bit_generator.state) if self._gen is not None else self.s.rng,
                            tuple(self.log), self.result)

    def say(self, text: str, sides: Iterable[str] | None = None) -> None:
        self.log.append(Event(tuple(sides) if sides is not None else None, text))

    def roll(self, procedure: str, params: dict[str, Any], sides: Iterable[str] | None = None,
             head: str = "") -> Ruling:
        ruling = roll(procedure, params, rng=self.gen)
        self.say((head + "\n" if head else "") + str(ruling), sides)
        return ruling

    def u(self, i: int) -> U:
        return self.units[i]

    def set(self, i: int, **changes: Any) -> U:
        self.units[i] = replace(self.units[i], **changes)
        return self.units[i]

    def t(self, i: int) -> UnitType:
        return self.ctx.types[i]

    def tag(self, i: int) -> str:
        return f"\u27e8{i}\u27e9"

    def own(self, i: int) -> tuple[str]:
        return (self.ctx.side_of[i],)

    # --- detection (seed 004 "Detection"; BR-110 ... BR-113) ---------------------------------------

    def recent(self, i: int) -> bool:
        u = self.units[i]
        return u.moved >= self.move - 1 or u.fired >= self.move - 1

    def target_state(self, e: int, observer: Coord) -> str:
        u = self.units[e]
        cover = self.ctx.cover(u.anchor(), self.ctx.body(e, self.units[e]), observer)
        if self.recent(e):
            if not cover.concealed:
                return "moving_or_firing_open"
            if u.fired >= self.move - 1 and u.moved < self.move - 1 and cover.depth <= 1.0:
                return "firing_from_cover_edge"
            return "in_cover"
        return "in_cover" if cover.concealed else "stationary_open"

    def row(self, e: int) -> str:
        kind = self.t(e).kind
        return "vehicle" if kind == "vehicle" else "heavy_support" if kind == "gun" else "infantry"

    def fast(self, o: int) -> bool:
        u = self.units[o]
        return self.t(o).kind == "vehicle" and u.moved >= self.move - 1 and u.moved_in > 6.0

    def _bound(self, e: int, fast: bool) -> float:
        """The farthest the target could be detected from, before looking at cover (a cheap filter)."""
        row, recent = self.row(e), self.recent(e)
        u = self.units[e]
        if self.ctx.concealed_here(u.anchor(), self.ctx.body(e, self.units[e])):
            fired_only = recent and u.fired >= self.move - 1 and u.moved < self.move - 1
            top = 50.0 if fired_only else 4.0
            return top / 2 if fast else top
        if row == "vehicle" and recent:
            return math.inf
        top = (75.0 if recent else 40.0) if row != "vehicle" else 100.0
        if row == "heavy_support" and recent:
            top = 75.0
        return top / 2 if fast else top

    def pair_class(self, o: int, e: int, held: int) -> int:
        """What observer ``o`` detects of enemy ``e`` now (0 unseen, 1 aware, 2 spotted), having held ``held``.

        A pure function of the two places, bodies and kinds, the observer's speed, the target's movement
        and fire and ``held``: remembered per table under those, so only new situations are measured."""
        ctx = self.ctx
        key = self._pair_key(o, e, held)
        got = ctx.detections.get(key)
        if got is None:
            got = self._pair_class(o, e, held, key[0], key[2], key[5])
            if len(ctx.detections) > 400_000:
                ctx.detections.clear()
            ctx.detections[key] = got
        return got

    def _pair_key(self, o: int, e: int, held: int) -> tuple[Any, ...]:
        """Everything :meth:`pair_class` depends on: (observer's place, body, target's place, body, row, observer
        fast, target recent, target fired only, held)."""
        return _key(self._facts(o), self._facts(e), held)

    def _facts(self, i: int) -> tuple[Coord, str, str, bool, bool, bool]:
        """What detection needs of a unit, as observer or target: place, body, row, fast vehicle, recently
        moved or fired, fired without moving."""
        u = self.units[i]
        recent = self.recent(i)
        return (u.anchor(), self.ctx.body(i, u), self.row(i), self.fast(i), recent,
                recent and u.fired >= self.move - 1 and u.moved < self.move - 1)

    def _pair_class(self, o: int, e: int, held: int, a: Coord, b: Coord, fast: bool) -> int:
        d = geo.distance(a, b)
        if not held and d > self._bound(e, fast):
            return 0
        if not self.ctx.sight(a, self.ctx.body(o, self.units[o]), b, self.ctx.body(e, self.units[e]))[0]:
            return 0
        state = self.target_state(e, a)
        found = detection_class(self.row(e), state, d, observer_fast_vehicle=fast, line_of_sight=True,
                                already=CLASS_NAMES.get(held, "unseen"))
        return {"spotted": SPOTTED, "aware": AWARE}.get(found, 0)

    def refresh(self, only: Iterable[int] | None = None, seen: Iterable[int] = ()) -> None:
        """Recompute what each unit detects of the enemy: for pairs with a unit in ``only`` (all if None), and
        pairs in which a unit of ``seen`` is the target (only how it may be seen has changed)."""
        ctx = self.ctx
        which = set(range(len(self.units))) if only is None else set(only)
        units = self.units
        on = [i for i, u in enumerate(units) if u.on and u.aboard < 0]  # riders are inside their vehicle (BR-170)
        for (o, e) in list(self.pairs):
            if not (units[o].on and units[e].on and units[o].aboard < 0 and units[e].aboard < 0):
                del self.pairs[(o, e)]
        todo = {(o, e) for w in which if units[w].on and units[w].aboard < 0 for k in on
                if ctx.side_of[k] != ctx.side_of[w] for o, e in ((w, k), (k, w))}
        todo |= {(k, w) for w in seen if units[w].on and units[w].aboard < 0 for k in on
                 if ctx.side_of[k] != ctx.side_of[w]}
        facts = {i: self._facts(i) for i in {i for pair in todo for i in pair}}
        memo = ctx.detections
        for o, e in sorted(todo):
            old = self.pairs.get((o, e))
            held = old[0] if old else 0
            fo = facts[o]
            key = _key(fo, facts[e], held)
            cls = memo.get(key)
            if cls is None:
                cls = self._pair_class(o, e, held, fo[0], key[2], fo[3])
                if len(memo) > 400_000:
                    memo.clear()
                memo[key] = cls
            if cls:
                self.pairs[(o, e)] = (cls, old[1] if old else self.move)
            elif old:
                del self.pairs[(o, e)]
        self.touched.clear()

    def known(self, side: str) -> dict[int, int]:
        return self.view().known(side)

    # --- victory (seed 004 "Winning and Losing"; BR-104, BR-130) ---------------------------------

    def check_victory(self) -> None:
        if self.result is not None:
            return
        ctx = self.ctx
        lost = {s: sum(1 for i in ctx.company_units[s] if not self.units[i].on) for s in ctx.sides}
        beaten = [s for s in ctx.sides if ctx.companies[s] and lost[s] >= ctx.companies[s] // 2 + 1]
        if beaten:
            v = self.view()
            winner = None if len(beaten) == 2 else ctx.enemy(beaten[0])
            reason = ("both sides lost half (50%+1) of their companies" if winner is None else
                      f"{beaten[0]} lost {v._lost(beaten[0])} of its {ctx.companies[beaten[0]]} companies, half "
                      f"(50%+1) or more (Winning and Losing)")
            self.finish(winner, reason)

    def finish(self, winner: str | None, reason: str) -> None:
        self.phase = "over"
        self.pending = ()
        self.selected = -1
        self.result = {"winner": winner, "reason": reason, **self.view()._scores()}
        self.say(f"The game is over: {reason}. " + (f"{winner} wins." if winner else "A draw."))

    def end_by_time(self) -> None:
        v = self.view()
        pts = {s: v.held(s) for s in self.ctx.sides}
        a, b = self.ctx.sides
        if pts[a] != pts[b]:
            w = a if pts[a] > pts[b] else b
            self.finish(w, f"the last period is over; {w} holds {pts[w]} objective points to "
                        f"{pts[self.ctx.enemy(w)]} (BR-130)")
        else:
            self.finish(None, f"the last period is over with the objectives shared {pts[a]} to {pts[b]} (BR-130)")

    # --- the move sequence -------------------------------------------------------------------------

    def begin_move(self, move: int) -> None:
        ctx = self.ctx
        self.move = move
        self.stage = 0
        self.selected = -1
        self.pending = ()
        if move >= ctx.n_moves:
            self.refresh({i for i, u in enumerate(self.units) if max(u.moved, u.fired) == move - 2})
            self.end_by_time()
            return
        side = ctx.side_moving(move)
        for i in range(len(self.units)):
            if ctx.side_of[i] == side and self.units[i].on:
                self.set(i, order="", indirect=False, halves=0)
        self.say(f"Period {move // 2 + 1}, move {move % 2 + 1}: {side} moves.")
        # phase 1: casualty tests for losses suffered (BR-55)
        for i in range(len(self.units)):
            u = self.units[i]
            if ctx.side_of[i] == side and u.on and u.pending:
                self.casualty_test(i)
        # what changed since the last refresh: units whose last move's movement or fire no longer counts
        # as "moving or firing" (BR-110), and any touched above
        stale = {i for i, u in enumerate(self.units) if max(u.moved, u.fired) == move - 2}
        # a stale unit is seen differently now; only a vehicle also sees differently (it is no longer fast)
        self.refresh({i for i in stale if self.ctx.types[i].kind == "vehicle"} | self.touched, seen=stale)
        self.check_victory()
        if self.result is not None:
            return
        self.spot_minefields(side)
        if any(self.units[i].pinned for i in range(len(self.units))
               if ctx.side_of[i] == side and self.units[i].on):
            self.phase = "pins"
            return
        self.after_pins()

    def after_pins(self) -> None:
        self.phase = "requests"
        if len(self.view()._generate()) > 1:
            return
        self.end_requests()

    def end_requests(self) -> None:
        # missions not kept on in phase 3 stop (BR-152)
        side = self.ctx.side_moving(self.move)
        kept = []
        for m in self.missions:
            if self.ctx.batteries[m.battery].side == side and m.landed is not None and m.due < self.move:
                continue
            kept.append(m)
        self.missions = kept
        self.phase = "indirect"
        self.arrivals()
        if self.result is not None:
            return
        if len(self.view()._generate()) > 1:
            return
        self.start_orders()

    def start_orders(self) -> None:
        self.phase = "orders"
        self.stage = 0
        self.selected = -1

    def end_move(self) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        # pre-planned paths: a unit given no order follows its plan, type C (BR-150)
        if self.stage <= 2:
            for i in range(len(self.units)):
                u = self.units[i]
                if ctx.side_of[i] == side and u.on and not u.order and u.plan and self.view()._can_move(i):
                    self.say(f"{self.tag(i)} follows its pre-planned path.", self.own(i))
                    self.follow_plan(i)
                    if self.result is not None:
                        return
        self.begin_move(self.move + 1)

    # --- doing an action -----------------------------------------------------------------------------

    def do(self, a: Hashable) -> None:
        ctx = self.ctx
        if isinstance(a, End):
            if self.phase == "requests":
                self.end_requests()
            elif self.phase == "indirect":
                self.start_orders()
            else:
                self.say(f"{ctx.side_moving(self.move)} ends its move.")
                self.end_move()
        elif isinstance(a, PinOrder):
            self.pin_tests(a.rightward)
        elif isinstance(a, PinChoice):
            self.resolve_pending_fire(a.take)
        elif isinstance(a, Select):
            self.selected = ctx.index[a.unit]
        elif isinstance(a, Hold):
            i = ctx.index[a.unit]
            if not self.pending:
                self.say(f"{self.tag(i)} holds.", self.own(i))
            self.done(i, self.units[i].order or "hold")
        elif isinstance(a, Fire):
            self.order_fire(ctx.index[a.unit], ctx.index[a.target], a.mode)
        elif isinstance(a, Advance):
            i = ctx.index[a.unit]
            self.begin_order(i, "B")
            p = self.s.dest_point(i, a.dest, True)
            assert p is not None
            self.move_unit(i, p, 0.5, f"advances {dest_words(a.dest)}")
            if self.result is None:
                self.after_advance(i)
        elif isinstance(a, Move):
            i = ctx.index[a.unit]
            follow = bool(self.pending)
            p = self.s.dest_point(i, a.dest, a.half or follow)
            assert p is not None
            if not follow:
                self.begin_order(i, "C")
            self.move_unit(i, p, 0.5 if (a.half or follow) else 1.0, f"moves {dest_words(a.dest)}", close=a.close)
            self.done(i, self.units[i].order)
        elif isinstance(a, MoveTo):
            self.move_to(a)
        elif isinstance(a, Deploy):
            i = ctx.index[a.unit]
            self.begin_order(i, "D")
            p = self.s.dest_point(i, a.dest, True)
            assert p is not None
            if a.dest != "here":
                self.move_unit(i, p, 0.5, f"moves {dest_words(a.dest)}")
            if self.units[i].on:
                self.set(i, limbered=False)
                self.say(f"{self.tag(i)} unlimbers (type D: it may not fire this move).", self.sides_seeing(i))
            self.done(i, "D")
        elif isinstance(a, Limber):
            i = ctx.index[a.unit]
            self.begin_order(i, "E")
            self.set(i, limbered=True)
            self.say(f"{self.tag(i)} limbers up (type E).", self.sides_seeing(i))
            p = self.s.dest_point(i, a.dest, True) if a.dest != "here" else None
            if p is not None:
                self.move_unit(i, p, 0.5, f"moves {dest_words(a.dest)}")
            self.done(i, "E")
        elif isinstance(a, FollowPlan):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.follow_plan(i)
            self.done(i, "C")
        elif isinstance(a, Dismount):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            if a.dest != "here":
                p = self.s.dest_point(i, a.dest, True)
                assert p is not None
                self.move_unit(i, p, 0.5, f"rides {dest_words(a.dest)}")
            if self.units[i].on:
                self.dismount(i)
                self.refresh([i])
            self.done(i, "C")
        elif isinstance(a, Mount):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.mount(i)
            self.other_half(i, a.dest, "rides")
            self.refresh([i])
            self.done(i, "C")
        elif isinstance(a, Embark):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.embark(i, ctx.index[a.carrier])
            self.done(i, "C")
        elif isinstance(a, Disembark):
            i = ctx.index[a.unit]
            self.begin_order(i, "C")
            self.disembark(i)
            self.other_half(i, a.dest, "moves")
            self.done(i, "C")
        elif isinstance(a, Request):
            self.request(ctx.index[a.caller], ctx.battery_index[a.battery], ctx.index[a.target])
        elif isinstance(a, RequestPoint):
            self.request_point(ctx.index[a.caller], ctx.battery_index[a.battery], a.point)
        elif isinstance(a, Continue | Walk):
            self.keep_fire(a)
        elif isinstance(a, Bombard):
            self.bombard(ctx.index[a.unit], ctx.index[a.target])
        elif isinstance(a, BombardFeature):
            self.bombard(ctx.index[a.unit], None, a.feature)
        else:
            raise UsageError(f"{a!r} is not a Brigade action")

    def begin_order(self, i: int, kind: str) -> None:
        self.stage = max(self.stage, TYPE_INDEX[kind])
        self.set(i, order=kind)
        self.selected = i

    def done(self, i: int, kind: str) -> None:
        if self.units[i].on:
            self.set(i, order=kind or "hold")
        self.selected = -1
        if self.pending and self.pending[0] != "pin":
            self.pending = ()

    def sides_seeing(self, i: int) -> tuple[str, ...]:
        """The unit's own side, and the enemy if it has detected the unit."""
        side = self.ctx.side_of[i]
        enemy = self.ctx.enemy(side)
        return (side, enemy) if any(e == i and self.ctx.side_of[o] == enemy for (o, e) in self.pairs) else (side,)

    # --- phase 1 and 2: morale (seed 004 "Morale"; BR-50 ... BR-56) --------------------------------

    def dead(self, i: int) -> int:
        return self.t(i).n_figures - len(self.units[i].figs)

    def casualty_test(self, i: int) -> None:
        u = self.units[i]
        t = self.t(i)
        dead = self.dead(i)
        split = geo.integrity(u.fighting, u.horse_lines).split
        ruling = self.roll("brigade/casualty-test", {
            "morale": self.ctx.units[i].morale, "figures": t.n_figures, "dead": dead,
            "dead_before": min(u.tested, dead - 1), "split": split, "close_order": u.close,
        }, head=f"{self.tag(i)}: casualty test, {dead} of {t.n_figures} lost" + (" (split)" if split else ""))
        self.set(i, pending=False, tested=dead)
        if ruling.result.startswith(("fails", "removed")):
            self.remove(i, "removed")

    def pin_tests(self, rightward: bool) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        pinned = [i for i in range(len(self.units)) if ctx.side_of[i] == side and self.units[i].on
                  and self.units[i].pinned]
        pinned.sort(key=lambda i: (self.units[i].anchor()[0], i), reverse=not rightward)
        self.say(f"{side} tests its pinned units " + ("left to right." if rightward else "right to left."), (side,))
        for i in pinned:
            t = self.t(i)
            kind = {"infantry": "infantry", "cavalry": "infantry", "support": "support_weapon", "gun": "gun",
                    "vehicle": "vehicle", "hq": "support_weapon", "observer": "support_weapon"}[t.kind]
            ruling = self.roll("brigade/pin-removal", {
                "morale": ctx.units[i].morale, "unit": kind, "figures": t.n_figures,
                "dead": self.dead(i) if kind != "vehicle" else 0, "unit_hq": t.kind == "hq"},
                head=f"{self.tag(i)}: pin test")
            if ruling.result == "pin removed":
                self.set(i, pinned=False)
            self.touched.add(i)
        self.after_pins()

    def pin(self, i: int) -> None:
        if self.units[i].on and not self.units[i].pinned:
            self.set(i, pinned=True)

    def never_pinned(self, i: int) -> bool:
        """Mounted cavalry and units advancing in close order are never pinned (Pin markers; dismounted cavalry
        fight as infantry and may be, BR-161)."""
        return (self.t(i).kind == "cavalry" and self.units[i].mounted) or self.units[i].close

    # --- losses ------------------------------------------------------------------------------------

    def kill(self, i: int, n: int, near: Coord, among: Sequence[int] | None = None) -> None:
        """``n`` figures of unit ``i`` die: those nearest ``near`` (the fire's origin) first, the specialist
        last ("Representing 'specialist' weapons"; BR-103)."""
        if n <= 0 or not self.units[i].on:
            return
        u = self.units[i]
        t = self.t(i)
        if t.kind == "vehicle":
            self.remove(i, "destroyed")
            return
        fighting = len(u.figs) - u.holders
        pool = list(among) if among is not None else list(range(fighting))  # direct fire hits the fighting men
        pool.sort(key=lambda k: (u.roles[k] in ANTI_TANK.weapons, geo.distance(u.figs[k], near), k))
        gone = set(pool[:n])
        figs = tuple(f for k, f in enumerate(u.figs) if k not in gone)
        roles = tuple(r for k, r in enumerate(u.roles) if k not in gone)
        holders = sum(1 for k in range(fighting, len(u.figs)) if k not in gone)
        self.set(i, figs=figs, roles=roles, holders=holders)
        self.touched.add(i)
        if u.holders and figs:
            self.horses_under_fire(i, u.holders, fighting - sum(1 for k in gone if k < fighting))
        dead = self.dead(i)
        if not figs:
            self.remove(i, "destroyed" if t.kind in ("support", "gun") else "removed")
            return
        if t.kind in ("infantry", "cavalry"):
            if dead >= removed_at(t.n_figures):
                self.roll("brigade/casualty-test", {
                    "morale": self.ctx.units[i].morale, "figures": t.n_figures, "dead": dead,
                    "dead_before": min(self.units[i].tested, dead - 1)},
                    head=f"{self.tag(i)}: {dead} of {t.n_figures} dead")
                self.remove(i, "removed")
            elif _band(dead, t.n_figures) > _band(self.units[i].tested, t.n_figures):
                self.set(i, pending=True)

    def remove(self, i: int, how: str, cause: str = "fire") -> None:
        """Unit ``i`` leaves the table (``how``: removed, destroyed); troops riding it escape (BR-172)."""
        if not self.units[i].on:
            return
        self.set(i, status=how, pinned=False, mines=(), aboard=-1)
        self.touched.add(i)
        self.say(f"{self.tag(i)} is {how} from the table." if how == "removed" else f"{self.tag(i)} is {how}.")
        for r in self.riders(i):
            self.escape(r, i, cause)
        self.missions = [m for m in self.missions if not (m.caller == i and m.landed is not None)]
        if self.selected == i:
            self.selected = -1

    # --- movement (seed 004 "Movement"; BR-5, BR-47, BR-105, BR-106, BR-120) ------------------------

    def follow_plan(self, i: int) -> None:
        u = self.units[i]
        if not u.plan:
            return
        self.move_unit(i, u.plan[0], 1.0, "follows its plan")
        u = self.units[i]
        if u.on and u.plan and geo.distance(u.anchor(), u.plan[0]) <= 0.5:
            self.set(i, plan=u.plan[1:])

    def move_to(self, a: MoveTo) -> None:
        i = self.ctx.index[a.unit]
        follow = bool(self.pending)
        if a.order == "A":
            self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.done(i, "A")
        elif a.order == "B":
            self.begin_order(i, "B")
            self.move_unit(i, a.point, 0.5, f"advances to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            if self.result is None:
                self.after_advance(i)
        elif a.order == "C" and not follow:
            self.begin_order(i, "C")
            self.move_unit(i, a.point, 1.0, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.done(i, "C")
        elif a.order == "D":
            self.begin_order(i, "D")
            self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            if self.units[i].on:
                self.set(i, limbered=False)
                self.say(f"{self.tag(i)} unlimbers.", self.sides_seeing(i))
            self.done(i, "D")
        elif a.order == "E":
            self.begin_order(i, "E")
            self.set(i, limbered=True)
            self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.done(i, "E")
        else:
            self.begin_order(i, "C")
            if a.order == "S":
                self.move_unit(i, a.point, 0.5, f"rides to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
                if self.units[i].on:
                    self.dismount(i)
            elif a.order == "M":
                self.mount(i)
                self.move_unit(i, a.point, 0.5, f"rides to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            else:
                self.disembark(i)
                self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.refresh([i])
            self.done(i, "C")

    def other_half(self, i: int, dest: str, verb: str) -> None:
        """The half move after getting on or off (BR-161, BR-171): towards ``dest`` as the unit now is."""
        if dest == "here":
            return
        p = self.view().dest_point(i, dest, True)
        assert p is not None
        self.move_unit(i, p, 0.5, f"{verb} {dest_words(dest)}")

    def move_unit(self, i: int, goal: Coord, budget: float, words: str, close: bool = False,
                  deliberate: bool = False) -> None:
        """Move unit ``i`` straight towards ``goal`` with ``budget`` of a move (1 or 1/2); ``deliberate``: a
        person's free-form move, which may enter a known minefield (BR-176)."""
        ctx = self.ctx
        u = self.units[i]
        t = self.t(i)
        row = ctx.mover(i, u)
        start = u.anchor()
        goal = _pt(goal)
        cost = ctx.path(start, goal, row, t.tons)
        rolls: dict[str, int] = {}
        stuck = False
        for col in cost.random_columns:
            ruling = self.roll("brigade/move-distance", {"troops": row, "terrain": col, "half_move": budget < 1},
                               self.own(i), head=f"{self.tag(i)}: movement dice")
            rolls[col] = int(ruling.dice[0].faces[0])
            if ruling.result == "stuck":
                stuck = True
        reach = cost.reach(rolls, budget)
        end = self.keep_off(i, start, reach.point)
        avoided = ""
        if not deliberate and self.ctx.minefields:
            end, avoided = self.avoid_known_fields(i, start, end)
        end = _pt(end)
        moved = geo.distance(start, end)
        heading = u.facing if moved < 1e-6 else math.degrees(math.atan2(end[0] - start[0], end[1] - start[1])) % 360
        # seed 003 "MINES": checks entering and leaving along the path (BR-140 ... BR-142)
        end, outcome = self.cross_mines(i, start, end)
        if outcome == "gone":
            return
        moved = geo.distance(start, end)
        if outcome == "stuck":
            stuck = True
        if t.kind == "vehicle" and moved > 0 and not stuck and any(leg.bog_check for leg in cost.legs):
            ruling = self.roll("terrain-mines/bog-down", {"unit": geo.unit_of(row)}, self.own(i),
                               head=f"{self.tag(i)}: moving in soft ground")
            if ruling.result == "bogged down":
                stuck = True
        highest = cost.reach({c: 6 for c in cost.random_columns}, 1.0).inches
        in_close = close and t.kind in ("infantry", "cavalry") and moved >= 0.5 * highest - 1e-9 and moved > 0
        u = self.units[i]  # the mines may have killed figures on the way
        if not u.on:
            return
        n = len(u.figs) - u.holders  # horse holders stay with the horses (BR-162)
        spacing = CLOSE_SPACING if close else FORMATION_SPACING
        figs = formation(end, n, heading, spacing) if n > 1 else (end,)
        figs = tuple((min(max(x, 0.0), ctx.width), min(max(y, 0.0), ctx.depth)) for x, y in figs) + u.horse_lines
        self.set(i, figs=figs, facing=round(heading, 1), moved=self.move, moved_in=round(moved, 2), close=in_close,
                 stuck=u.stuck or stuck, halves=min(2, u.halves + (1 if budget < 1 else 2)) if t.kind == "vehicle"
                 else u.halves)
        self.touched.add(i)
        for r in self.riders(i):  # the riders go with their vehicle (BR-170)
            self.set(r, figs=(end,) * len(self.units[r].figs), moved=self.move, facing=round(heading, 1))
        self.refresh([i])
        extra = "" if reach.reason == "reaches the end of the path" else f" ({reach.reason})"
        self.say(f"{self.tag(i)} {words}: {moved:.1f}\" to ({end[0]:g}, {end[1]:g}){extra}"
                 + (" in close order" if in_close else "") + (" and is stuck for the rest of the game" if stuck else "")
                 + ".", self.sides_seeing(i))
        if avoided:
            self.say(f"{self.tag(i)} halts at the edge of minefield '{avoided}', which its side knows (BR-176).",
                     self.own(i))

    def keep_off(self, i: int, start: Coord, end: Coord) -> Coord:
        """Stop a move short of 2" from every enemy figure (no close combat, BR-120)."""
        enemy = self.ctx.enemy(self.ctx.side_of[i])
        pts = [f for k, v in enumerate(self.units) if v.on and self.ctx.side_of[k] == enemy for f in v.figs]
        if not pts:
            return end
        if _segment_clear(start, end, pts, KEEP_OFF):
            return end  # no enemy figure within 2" of the path: nothing to stop short of
        arr = np.array(pts)
        steps = np.linspace(0.0, 1.0, 41)
        xs = start[0] + (end[0] - start[0]) * steps
        ys = start[1] + (end[1] - start[1]) * steps
        gaps = np.min(np.hypot(xs[:, None] - arr[None, :, 0], ys[:, None] - arr[None, :, 1]), axis=1)
        bad = np.nonzero((gaps < KEEP_OFF) & (gaps < gaps[0] + 1e-9))[0]
        bad = bad[bad > 0]
        if not len(bad):
            return end
        best = float(steps[int(bad[0]) - 1])
        return (start[0] + (end[0] - start[0]) * best, start[1] + (end[1] - start[1]) * best)

    def cross_mines(self, i: int, start: Coord, end: Coord) -> tuple[Coord, str]:
        """Seed 003 "MINES": a check on entering and one on leaving each field the path crosses; an
        immobilised vehicle stops in the field (BR-141)."""
        ctx = self.ctx
        if not ctx.minefields:
            return end, ""
        t = self.t(i)
        inside = set(self.units[i].mines)
        events: list[tuple[float, int, str]] = []
        for k, (x0, y0, x1, y1) in enumerate(ctx.mine_boxes):
            span = _clip_segment(start, end, (x0, y0, x1, y1))
            if span is None:
                if k in inside:
                    events.append((0.0, k, "leaving"))
                continue
            t0, t1 = span
            if (k not in inside and t0 > 0) or (k not in inside and t0 == 0):
                events.append((t0, k, "entering"))
            if t1 < 1.0:
                events.append((t1, k, "leaving"))
        if not events:
            return end, ""
        events.sort()
        outcome = ""
        final = end
        for f, k, check in events:
            m = ctx.minefields[k]
            at = (start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            enemy_side = self.ctx.enemy(m.owner)
            s_idx = ctx.sides.index(enemy_side)
            sides = (m.owner, enemy_side)
            if m.owner != ctx.side_of[i] and k not in self.revealed[s_idx]:
                self.revealed[s_idx].add(k)
            head = f"{self.tag(i)} {check} minefield '{m.name}'"
            if t.kind == "vehicle":
                target = "soft" if t.protection == "soft_skin" else "afv"
                result = ""
                if m.kind in ("at", "mixed"):
                    r = self.roll("terrain-mines/at-mine", {"target": target, "tons": t.tons, "check": check,
                                                            "density": m.density}, sides, head=head)
                    result = r.result
                if m.kind in ("ap", "mixed") and not result.startswith(("K", "I")):
                    r = self.roll("terrain-mines/ap-mine-vehicle", {"target": target, "tons": t.tons,
                                                                    "check": check, "density": m.density}, sides,
                                  head=head)
                    result = "I" if r.result == "immobilised" else result
                if m.kind in ("ap", "mixed") and target == "soft":
                    self.riders_hit_by_ap(i, check, m.density, sides, at)
                if result.startswith("K"):
                    self.set(i, figs=(_pt(at),))
                    for rider in self.riders(i):
                        self.set(rider, figs=(_pt(at),) * len(self.units[rider].figs))
                    self.remove(i, "destroyed", cause="mine")
                    return _pt(at), "gone"
                if result.startswith("I"):
                    final, outcome = _pt(at), "stuck"
                    inside.add(k)
                    if target == "soft":
                        self.riders_shaken(i, sides)
                    break
            elif m.kind in ("ap", "mixed"):
                r = self.roll("brigade/ap-mine-troops", {"check": check, "density": m.density,
                                                         "pinned": self.units[i].pinned}, sides, head=head)
                if r.result == "1 figure killed":
                    self.kill(i, 1, at)
                    if not self.units[i].on:
                        return _pt(at), "gone"
            if check == "entering":
                inside.add(k)
            else:
                inside.discard(k)
        self.set(i, mines=tuple(sorted(inside)))
        return final, outcome

    def after_advance(self, i: int) -> None:
        if self.units[i].on and self.s._can_fire(i, True):
            self.pending = ("after_advance", i)
            self.selected = i
        else:
            self.done(i, "B")

    # --- direct fire (seed 004 "FIRING"; BR-70 ... BR-77, BR-87 ... BR-90, BR-102, BR-107, BR-108) -----

    def order_fire(self, i: int, e: int, mode: int) -> None:
        moving = bool(self.pending) and self.pending[0] == "after_advance"
        if not moving:
            self.begin_order(i, "A")
        self.pending = ()
        self.fire(i, e, mode, moving)
        if self.pending:  # the target's side decides on a pin marker first
            self.pending = (*self.pending, "after_fire" if not moving else "done_B")
            return
        self.after_fire(i, moving)

    def after_fire(self, i: int, moving: bool) -> None:
        if self.result is not None:
            return
        if not moving and self.units[i].on and self.s._can_move(i) and self.view()._dests(i, True):
            self.pending = ("after_fire", i)
            self.selected = i
        else:
            self.done(i, "B" if moving else "A")

    def fire(self, i: int, e: int, mode: int, moving: bool) -> None:
        ctx = self.ctx
        u, eu = self.units[i], self.units[e]
        t, te = self.t(i), self.t(e)
        here, there = u.anchor(), eu.anchor()
        rng = _ceil_inches(geo.distance(here, there))
        cavalry_moving = t.kind == "cavalry" and u.mounted  # "Mounted cavalry always count as moving when firing"
        moving = moving or cavalry_moving
        known = self.known(ctx.side_of[i]).get(e, 0)
        part = known == AWARE
        acquired = self.pairs.get((i, e), (0, -99))[1]
        brief = acquired == self.move
        self.set(i, fired=self.move)
        self.touched.add(i)
        sides = (ctx.side_of[i], ctx.side_of[e])
        head = f"{self.tag(i)} fires at {self.tag(e)} ({rng}\")"
        self.say(head + (" moving" if moving else "") + (", firer pinned" if u.pinned else "")
                 + (", target only part detected" if part else "") + ".", sides)
        cover = ctx.cover(there, ctx.body(e, self.units[e]), here)
        if te.kind == "vehicle":
            weapon = at_weapon(t, u) if mode == 0 else None
            soft = te.protection == "soft_skin"
            if weapon is not None and at_column(ANTI_TANK.weapons[weapon].class_, rng) is not None \
                    and not (weapon == "autocannon" and soft):
                params: dict[str, Any] = {
                    "weapon": weapon, "range": rng, "moving_or_pinned": moving or u.pinned, "brief_sight": brief,
                    "partial_cover": cover.partial, "part_detected": part}
                if soft:
                    params["target"] = "soft_skin"
                else:
                    params.update(target="other", armour=self.armour(e, here), facing=self.facing_word(e, here))
                r = self.roll("brigade/anti-tank-fire", params, sides)
                if r.result == "destroyed":
                    self.remove(e, "destroyed")
                return
            counts = _reach(small_arms(t, u, mode), rng)
            hits = self.small_arms_hits(counts, rng, moving, u.pinned, part, sides)
            if hits:
                fire = "mg" if any(k in ("tank_mg", "mmg", "hmg", "autocannon") for k in counts) else "small_arms"
                r = self.roll("brigade/saving-throws", {"hits": hits, "target": "soft_skin", "fire": fire,
                                                        "brief_sight": brief, "within_2": rng <= 2}, sides)
                if r.result == "destroyed":
                    self.remove(e, "destroyed")
            return
        # at troops: HE (guns, tank main guns), small arms and MGs, flame-throwers (BR-71)
        he_hits = 0
        if t.kind == "gun" or (t.kind == "vehicle" and t.main is not None and mode == 0):
            assert t.he is not None
            r = self.roll("brigade/he-fire", {
                "calibre": t.he, "gun": "artillery" if t.kind == "gun" else "hv_tank_gun",
                "moving": moving and t.kind != "gun", "pinned": u.pinned, "part_detected": part}, sides)
            he_hits = _hits(r.result)
            if not self.never_pinned(e):
                self.pin(e)
                self.say(f"{self.tag(e)} is pinned by HE fire (Pin markers).", sides)
        counts = _reach(small_arms(t, u, mode), rng)
        flame = counts.pop("flamethrower", 0)
        sa_hits = self.small_arms_hits(counts, rng, moving, u.pinned, part, sides) if counts else 0
        fl_hits = self.small_arms_hits({"flamethrower": flame}, rng, moving, u.pinned, part, sides) if flame else 0
        ctxt = {"firer": i, "target": e, "save": cover.save, "brief": brief, "close": eu.close,
                "within": rng <= 2, "he": he_hits, "sa": sa_hits, "flame": fl_hits,
                "mg": any(k in ("tank_mg", "mmg", "hmg", "autocannon") for k in counts)}
        if (sa_hits or fl_hits) and not self.units[e].pinned and not self.never_pinned(e):
            self.pending = ("pin", e, json.dumps(ctxt, sort_keys=True))
            self.say(f"{self.tag(e)} is hit by small arms and may take a pin marker before its saving throws.",
                     sides)
            return
        self.saves(ctxt)

    def small_arms_hits(self, counts: dict[str, int], rng: int, moving: bool, pinned: bool, part: bool,
                        sides: tuple[str, ...]) -> int:
        params: dict[str, Any] = {"range": rng, "moving": moving, "pinned": pinned, "part_detected": part}
        keys = {"rifle": "rifles", "ar": "ars", "smg": "smgs", "pistol": "pistols", "tank_mg": "tank_mgs",
                "mmg": "mmgs", "hmg": "hmgs", "autocannon": "autocannons", "flamethrower": "flamethrowers"}
        for k, n in counts.items():
            params[keys[k]] = n
        r = self.roll("brigade/small-arms-fire", params, sides)
        return _hits(r.result)

    def resolve_pending_fire(self, take: bool) -> None:
        _, e, text, follow = self.pending
        ctxt = json.loads(text)
        self.pending = ()
        i = ctxt["firer"]
        sides = (self.ctx.side_of[i], self.ctx.side_of[e])
        if take:
            self.roll("brigade/pin-marker", {"unit": "infantry" if self.t(e).kind != "gun" else "gun",
                                             "fire": "small_arms"}, sides,
                      head=f"{self.tag(e)} takes a pin marker before its saving throws.")
            self.pin(e)
        else:
            self.say(f"{self.tag(e)} does not take a pin marker.", sides)
        self.saves(ctxt)
        self.selected = i
        self.after_fire(i, follow == "done_B")

    def saves(self, c: dict[str, Any]) -> None:
        i, e = c["firer"], c["target"]
        sides = (self.ctx.side_of[i], self.ctx.side_of[e])
        near = self.units[i].anchor()
        for hits, fire in ((c["he"], "he"), (c["sa"], "mg" if c["mg"] else "small_arms"), (c["flame"], "flame")):
            if not hits or not self.units[e].on:
                continue
            r = self.roll("brigade/saving-throws", {
                "hits": min(hits, 40), "cover": c["save"], "fire": fire, "pinned": self.units[e].pinned,
                "brief_sight": c["brief"], "close_order": c["close"], "within_2": c["within"]}, sides,
                head=f"{self.tag(e)} saves")
            self.kill(e, _killed(r.result), near)

    def facing_word(self, e: int, firer: Coord) -> str:
        """Front, side or rear: the firer's bearing from the target against its hull facing, 90° arcs (BR-89)."""
        u = self.units[e]
        x, y = u.anchor()
        bearing = math.degrees(math.atan2(firer[0] - x, firer[1] - y)) % 360
        off = abs((bearing - u.facing + 180) % 360 - 180)
        return "front" if off <= 45 else "rear" if off >= 135 else "side"

    def armour(self, e: int, firer: Coord) -> int:
        front, side, rear = self.t(e).vehicle_armour
        return {"front": front, "side": side, "rear": rear}[self.facing_word(e, firer)]

    # --- indirect fire (seed 004 "Mortar and indirect artillery Fire", "Timing", "Effect of indirect fire";
    #     BR-78 ... BR-86, BR-150 ... BR-153) ---------------------------------------------------------

    def request(self, c: int, k: int, e: int) -> None:
        """Phase 3: a request by an observer or battalion HQ on an enemy it detects (BR-151)."""
        ctx = self.ctx
        aim = self.units[e].anchor()
        side = ctx.side_of[c]
        point = self.registered_point(side, ctx.batteries[k].fire, aim)
        if point is not None:
            aim = point.at
        self.missions.append(Mission(k, c, aim, self.move + 2, registered=point is not None))
        self.say(f"{self.tag(c)} requests {ctx.batteries[k].id} ({ctx.batteries[k].name or ctx.batteries[k].fire}) "
                 f"on {self.tag(e)} at ({aim[0]:g}, {aim[1]:g})"
                 + (f", its pre registered defensive aiming point '{point.name}'" if point is not None else "")
                 + ": a marker is placed; the fire arrives next period (Timing).", (side,))

    def request_point(self, c: int, k: int, name: str) -> None:
        """Phase 3: a request by an observer or battalion HQ for an artillery battery on one of its side's pre
        registered defensive aiming points, whether or not an enemy is detected there: the marker goes on the point,
        and the fire arrives next period with -2 to its deviation ("Deduct 2 if the fire is artillery being brought
        down on a pre registered defensive aiming point"; "Timing"; BR-177, BR-184, BR-185)."""
        ctx = self.ctx
        side = ctx.side_of[c]
        point = next(p for p in ctx.aiming_points if p.side == side and p.name == name)
        aim = point.at
        self.missions.append(Mission(k, c, aim, self.move + 2, registered=True))
        b = ctx.batteries[k]
        self.say(f"{self.tag(c)} requests {b.id} ({b.name or b.fire}) on its pre registered defensive aiming point "
                 f"'{name}' at ({aim[0]:g}, {aim[1]:g}): defensive fire, a marker is placed; the fire arrives next "
                 "period, -2 to its deviation (Timing; BR-184).", (side,))

    def registered_point(self, side: str, fire: str, target: Coord) -> Any:
        """The side's pre registered defensive aiming point whose fire zone would cover ``target`` (within half
        the zone's width of it), if any: artillery called there comes down on the point, -2 to its deviation;
        mortars get no deduction ("Mortar and indirect artillery Fire"; BR-177)."""
        firer = INDIRECT.firers[fire]  # type: ignore[index]
        if firer.mortar:
            return None
        near = [(geo.distance(p.at, target), n, p) for n, p in enumerate(self.ctx.aiming_points)
                if p.side == side and geo.distance(p.at, target) <= firer.zone / 2]
        return min(near)[2] if near else None

    def keep_fire(self, a: Continue | Walk) -> None:
        ctx = self.ctx
        k = ctx.battery_index[a.battery]
        m = next(m for m in self.missions if m.battery == k)
        assert m.landed is not None
        side = ctx.batteries[k].side
        if isinstance(a, Walk):
            e = ctx.index[a.target]
            new = self.units[e].anchor()
            dist = geo.distance(m.landed, new)
            r = self.roll("brigade/walk-fire", {"caller": "observer", "distance": math.ceil(dist - 1e-9)}, (side,),
                          head=f"{self.tag(m.caller)} walks the fire of {a.battery} {dist:.1f}\" onto {self.tag(e)}")
            aim = new if r.result.startswith("walked") else m.landed
        else:
            aim = m.landed
            self.say(f"{self.tag(m.caller)} keeps {a.battery} firing where it landed.", (side,))
        self.missions = [x for x in self.missions if x.battery != k]
        self.missions.append(Mission(k, m.caller, aim, self.move, aim))
        # the fire is down already: it lands in phase 4 without new deviation dice (BR-153)

    def arrivals(self) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        due = [m for m in self.missions if ctx.batteries[m.battery].side == side and m.due == self.move]
        if not due:
            return
        groups: dict[tuple[Any, ...], list[Mission]] = {}
        for m in due:
            groups.setdefault((m.aim, ctx.batteries[m.battery].fire, m.landed is not None, m.registered),
                              []).append(m)
        rest = [m for m in self.missions if m not in due]
        for (aim, fire, walked, registered), ms in groups.items():
            caller = ms[0].caller
            origin = self.units[caller].anchor() if self.units[caller].on else aim
            names = ", ".join(ctx.batteries[m.battery].id for m in ms)
            if walked:
                landed: Coord | None = aim
                self.say(f"Off table fire: {names} ({fire}) comes down again at ({aim[0]:g}, {aim[1]:g}).")
            else:
                landed = self.deviate(fire, len(ms), aim, origin, called=True, on_table=False, registered=registered,
                                      head=f"Off table fire: {names} arrives on the marker at ({aim[0]:g}, "
                                           f"{aim[1]:g})")
            if landed is not None:
                self.zone_effect(fire, len(ms), landed, origin)
                rest += [replace(m, landed=landed, aim=landed) for m in ms if self.units[m.caller].on]
            if self.result is not None:
                break
        self.missions = rest

    def deviate(self, fire: str, batteries: int, aim: Coord, origin: Coord, called: bool, on_table: bool,
                head: str, registered: bool = False) -> Coord | None:
        nation = self.ctx.nation[self.ctx.side_moving(self.move)]
        params: dict[str, Any] = {"firer": fire, "nation": nation, "on_table": on_table, "batteries": batteries,
                                  "called": called}
        if registered:
            params["pre_registered"] = True
        r = self.roll("brigade/indirect-deviation", params, head=head)
        if r.result == "does not arrive":
            return None
        if r.result == "on target":
            return aim
        off, _, way = r.result.partition("\" ")
        d = float(off)
        dx, dy = aim[0] - origin[0], aim[1] - origin[1]
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        vec = {"short": (-ux, -uy), "long": (ux, uy), "left": (-uy, ux), "right": (uy, -ux)}[way]
        x = min(max(aim[0] + vec[0] * d, 0.0), self.ctx.width)
        y = min(max(aim[1] + vec[1] * d, 0.0), self.ctx.depth)
        self.say(f"The fire lands at ({x:.1f}, {y:.1f}).")
        return _pt((x, y))

    def zone_effect(self, fire: str, batteries: int, at: Coord, origin: Coord) -> None:
        """Everything with figures in the zone: breaching, pins and saves by indirect-fire-effect (BR-81 ...)."""
        ctx = self.ctx
        depth = INDIRECT.firers[fire].zone  # type: ignore[index]
        width = depth + INDIRECT.zone.width_per_extra_battery * (batteries - 1)
        dx, dy = at[0] - origin[0], at[1] - origin[1]
        n = math.hypot(dx, dy)
        ux, uy = (dx / n, dy / n) if n > 1e-6 else (0.0, 1.0)
        self.say(f"Fire zone {depth}\" deep by {width}\" wide centred on ({at[0]:g}, {at[1]:g}).")
        for i in range(len(self.units)):
            u = self.units[i]
            if not u.on or u.aboard >= 0:  # riders share their vehicle's fate (BR-172)
                continue
            inside = [k for k, (x, y) in enumerate(u.figs)
                      if abs((x - at[0]) * ux + (y - at[1]) * uy) <= depth / 2 + 1e-9
                      and abs(-(x - at[0]) * uy + (y - at[1]) * ux) <= width / 2 + 1e-9]
            if not inside:
                continue
            t = self.t(i)
            head = f"{self.tag(i)} is in the fire zone ({len(inside)} of its figures)"
            if t.kind == "vehicle":
                target = {"soft_skin": "soft_skin", "open_top": "open_top", "enclosed": "enclosed"}[t.protection or
                                                                                                   "enclosed"]
                r = self.roll("brigade/indirect-fire-effect", {"firer": fire, "batteries": batteries,
                                                               "target": target}, head=head)
                if r.result == "destroyed":
                    self.remove(i, "destroyed")
                else:
                    self.pin(i)
                continue
            cover = ctx.cover(u.anchor(), ctx.body(i, self.units[i]), at)
            breach = cover.breach if cover.save == "hard" and cover.breach else "none"
            r = self.roll("brigade/indirect-fire-effect", {
                "firer": fire, "batteries": batteries, "figures": min(len(inside), 12), "cover": cover.save,
                "breach": breach, "never_pinned": self.never_pinned(i)}, head=head)
            if r.result.startswith("pinned"):
                self.pin(i)
            self.kill(i, _killed(r.result.partition(", ")[2]), at, among=inside)
            self.touched.add(i)

    def bombard(self, i: int, e: int | None, feature: str = "") -> None:
        """Phase 4: on-table indirect fire at an enemy unit ``e`` the firer sees, or at a terrain ``feature``'s
        centre (BR-153, BR-178): it arrives at once and is diced as on-table fire."""
        fire = self.view()._indirect_class(i)
        assert fire is not None
        self.set(i, indirect=True, fired=self.move, order="4")
        self.touched.add(i)
        aim = self.units[e].anchor() if e is not None else self.ctx.area_aim[feature]
        here = self.units[i].anchor()
        what = f"{self.tag(e)}, which it can see" if e is not None else f"{feature}, a feature it can see (BR-178)"
        landed = self.deviate(fire, 1, aim, here, called=False, on_table=True,
                              head=f"{self.tag(i)} fires indirect at {what}: it arrives at once (Timing)")
        if landed is not None:
            self.zone_effect(fire, 1, landed, here)
        self.refresh([i])


def _key(fo: tuple[Any, ...], fe: tuple[Any, ...], held: int) -> tuple[Any, ...]:
    """A detection's memo key from the observer's and the target's facts (Builder._facts) and what was held."""
    return (fo[0], fo[1], fe[0], fe[1], fe[2], fo[3], fe[4], fe[5], held)


def _band(dead: int, figures: int) -> int:
    """The casualty column reached: 0 none, 1 a third, 2 a half, 3 two thirds (BR-52)."""
    return 3 if 3 * dead >= 2 * figures else 2 if 2 * dead >= figures else 1 if 3 * dead >= figures else 0


def _segment_clear(a: Coord, b: Coord, points: Sequence[Coord], gap: float) -> bool:
    """Whether every point is at least ``gap`` from the segment a-b (a cheap exact test before sampling)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    for x, y in points:
        px, py = x - a[0], y - a[1]
        t = 0.0 if n2 <= 0 else min(1.0, max(0.0, (px * dx + py * dy) / n2))
        ex, ey = px - t * dx, py - t * dy
        if ex * ex + ey * ey < gap * gap + 1e-6:
            return False
    return True





# --- the game -------------------------------------------------------------------------------------


class BrigadeGame:
    """The Brigade rules bound to a scenario (the :class:`warroom.core.game.Game` protocol)."""

    ruleset = INFO.id
    version = INFO.version

    def __init__(self, scenario: Scenario) -> None:
        self.ctx = Context(scenario)
        self.scenario = scenario
        self.scenario_name = scenario.name
        self.sides: tuple[str, ...] = scenario.sides
        from warroom.rulesets.brigade.game.codes import Codec

        self.codec = Codec(self.ctx)

    def initial_state(self, seed: int) -> BrigadeState:
        ctx = self.ctx
        units = []
        for i, spec in enumerate(ctx.units):
            t = ctx.types[i]
            figs = self.scenario.start_figures[i]
            roles = t.figures if t.figures else ("",) * len(figs)
            if self.scenario.holders[i]:  # a squadron set up dismounted: its horse holders are its last figures
                roles = tuple(roles[k] for k in holders_last(tuple(roles), self.scenario.holders[i]))
            facing = spec.facing if spec.facing is not None else next(
                s.facing for s in self.scenario.spec.sides if s.name == spec.side)
            units.append(U(tuple(_pt(f) for f in figs), tuple(roles), limbered=spec.limbered, facing=facing % 360,
                           plan=tuple(_pt(p) for p in spec.plan),
                           mounted=t.mounts and spec.mounted is not False,
                           holders=self.scenario.holders[i],
                           aboard=ctx.index[spec.aboard] if spec.aboard else -1,
                           bikes=(_pt(spec.at),) if t.bicycles and spec.mounted is False else ()))
        gen = np.random.default_rng(seed)
        start = BrigadeState(ctx, 0, "start", 0, -1, (), tuple(units), {}, (), (frozenset(), frozenset()),
                             dict(gen.bit_generator.state), (), None)
        b = Builder(start)
        b.refresh()
        b.pairs = {k: (c, -1) for k, (c, _) in b.pairs.items()}  # seen before the game began (BR-108)
        for s, side in enumerate(self.scenario.spec.sides):
            if not side.hidden_setup:  # deployed in the open: the enemy knows where (BR-111)
                for i in range(len(units)):
                    if ctx.side_of[i] == side.name:
                        for o in range(len(units)):
                            if ctx.side_of[o] != side.name and b.ctx.sight(units[o].anchor(), ctx.body(o, units[o]),
                                                                           units[i].anchor(), ctx.body(i, units[i]))[0]:
                                b.pairs[(o, i)] = (SPOTTED, -1)
            del s
        title = self.scenario.spec.title
        b.say(f"{title}: {ctx.n_moves // 2} periods; {ctx.first} moves first.")
        b.begin_move(0)
        return b.freeze()

    def state_from_json(self, data: dict[str, Any]) -> BrigadeState:
        return BrigadeState.from_json(self.ctx, data)

    def encode(self, action: Hashable) -> int:
        return self.codec.encode(action)

    def decode(self, code: int) -> Hashable:
        return self.codec.decode(code)


__all__ = ["BrigadeGame", "BrigadeState", "Builder", "Context", "LegalActions", "Mission", "U"]


# --- what the conformance suite checks ------------------------------------------------------------


def secrets(state: Any, side: str) -> list[str]:
    """What ``side`` may not know now: the ids of enemy units it has not detected, and the names of enemy
    minefields it has not found (as JSON strings, so one id is not mistaken for part of another)."""
    ctx: Context = state.ctx
    known = state.known(side)
    out = [json.dumps(ctx.ids[i]) for i in range(len(ctx.ids)) if ctx.side_of[i] != side and i not in known]
    s = ctx.sides.index(side)
    out += [json.dumps(m.name) for k, m in enumerate(ctx.minefields) if m.owner != side and k not in state.revealed[s]]
    return out


def invariants(state: Any) -> list[str]:
    """The game's invariants: figures on the table and matching their roles, companies removed at two
    thirds, pins, stuck and limbered only where the rules allow them, detection only of enemies."""
    ctx: Context = state.ctx
    out = []
    for i, u in enumerate(state.units):
        t = ctx.types[i]
        if len(u.figs) != len(u.roles):
            out.append(f"{ctx.ids[i]}: {len(u.figs)} figures but {len(u.roles)} roles")
        if u.on:
            if not 1 <= len(u.figs) <= t.n_figures:
                out.append(f"{ctx.ids[i]}: {len(u.figs)} figures on the table, of {t.n_figures}")
            if any(not (0 <= x <= ctx.width and 0 <= y <= ctx.depth) for x, y in u.figs):
                out.append(f"{ctx.ids[i]}: a figure is off the table")
            if t.kind in ("infantry", "cavalry") and t.n_figures - len(u.figs) >= removed_at(t.n_figures):
                out.append(f"{ctx.ids[i]}: two thirds dead but still on the table")
        if u.pinned and ((t.kind == "cavalry" and u.mounted) or not u.on):
            out.append(f"{ctx.ids[i]}: pinned, but mounted cavalry and units off the table are never pinned")
        if u.holders and (t.kind != "cavalry" or u.mounted or u.holders >= len(u.figs)):
            out.append(f"{ctx.ids[i]}: {u.holders} horse holders, but only dismounted cavalry with men fighting "
                       "have them")
        if u.mounted and not t.mounts:
            out.append(f"{ctx.ids[i]}: mounted, but it is neither cavalry nor cyclists")
        if u.bikes and (not t.bicycles or u.mounted or len(u.bikes) != 1):
            out.append(f"{ctx.ids[i]}: bicycles left on the table, but only dismounted cyclists leave theirs (BR-181)")
        if u.on and t.bicycles and not u.mounted and not u.bikes:
            out.append(f"{ctx.ids[i]}: cyclists on foot, but their bicycles are nowhere (BR-181)")
        if u.aboard >= 0:
            c = state.units[u.aboard]
            if not (u.on and c.on and ctx.types[u.aboard].carries >= len(u.figs) and all(f == c.anchor()
                                                                                         for f in u.figs)):
                out.append(f"{ctx.ids[i]}: rides {ctx.ids[u.aboard]}, but not as a rider may (BR-170)")
            if any(ctx.ids[i] in (ctx.ids[o], ctx.ids[e]) for o, e in state.pairs if i in (o, e)):
                out.append(f"{ctx.ids[i]}: rides a vehicle but sees or is seen (BR-170)")
    riders = [u.aboard for u in state.units if u.on and u.aboard >= 0]
    if len(riders) != len(set(riders)):
        out.append("a vehicle carries two units (BR-170)")
        if u.stuck and t.kind not in ("vehicle", "gun"):
            out.append(f"{ctx.ids[i]}: stuck, but only vehicles and towed guns get stuck (BR-46)")
        if u.limbered and t.kind != "gun":
            out.append(f"{ctx.ids[i]}: limbered, but it is no gun")
    for (o, e) in state.pairs:
        if ctx.side_of[o] == ctx.side_of[e]:
            out.append(f"{ctx.ids[o]} 'detects' its own side's {ctx.ids[e]}")
    return out
