"""Distances, line of sight, movement along a path, cover and unit integrity on a Brigade table.

Seed 004 "WW2 Rules for Brigade level games": "Movement" (the movement table, "Unit
integrity", "Advancing in close order"), "Saving throws" (hard cover, soft cover, the open)
and "Firing at vehicles" ("Target in partial cover"); seed 003 "Terrain, Buildings and Other
Features" as the terrain layer. Readings BR-1 ... BR-34 (docs/rulings.md).

Everything is a pure function of a :class:`~warroom.rulesets.brigade.table.Battlefield` and
plain values; distances are table inches, heights real feet. The queries a game asks most
(line of sight, cover) go through the table's STRtree, so they stay fast with many features.

* :func:`distance`, :func:`distance_to`, :func:`features_at`, :func:`ground`: where things are.
* :func:`line_of_sight` (reciprocal, BR-11) and :func:`line_of_fire` (the firer's own
  restrictions, BR-16): a :class:`Sight` saying visible or not and why.
* :func:`path_cost`: the facts a movement rule needs about a straight move, a :class:`MoveCost`
  with the terrain legs (seed 004's rate for each), the linear features crossed and their
  penalties, what may not be entered and why; :meth:`MoveCost.share` and :meth:`MoveCost.reach`
  turn the rates (and the movement dice, once thrown) into how much of a move it takes and how
  far a move gets.
* :func:`cover`: a target's cover against fire from a point, as seed 004 needs it: the save
  column (hard, soft, open), a vehicle's partial cover, concealment and the breaching class.
* :func:`integrity`: whether a company's figures keep within 1" of each other.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import shapely
from pydantic import Field, field_validator
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from warroom.core.errors import UsageError, suggest
from warroom.core.rule_uses import register_rule_use
from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.info import SEED
from warroom.rulesets.brigade.table import (
    COLUMN_WORDS,
    EPS,
    MAPPING,
    Battlefield,
    Column,
    CoverClass,
    Feature,
    Layout,
    Piece,
    Role,
    effects,
    is_vehicle,
)
from warroom.rulesets.terrain_mines.info import SEED as TERRAIN_SEED
from warroom.rulesets.terrain_mines.terrain import unit_kinds

MOVEMENT_FILE = Path(__file__).with_name("data") / "movement.toml"

Point = tuple[float, float]
"""A point on the table, ``(x, y)`` in inches."""

for _seed, _section, _code in (
    (SEED, "Movement", "brigade.geometry.path_cost"),
    (SEED, "Unit integrity", "brigade.geometry.integrity"),
    (SEED, "Advancing in close order", "brigade.geometry.integrity (close order)"),
    (SEED, "Saving throws", "brigade.geometry.cover"),
    (SEED, "Firing at vehicles", "brigade.geometry.cover (partial cover)"),
    (TERRAIN_SEED, "Terrain", "brigade.geometry.line_of_sight"),
    (TERRAIN_SEED, "Terrain", "brigade.geometry.path_cost"),
    (TERRAIN_SEED, "Terrain", "brigade.geometry.cover"),
):
    register_rule_use(_seed, _section, _code)


# --- the movement table (data/movement.toml) --------------------------------------------------------

_RATE = re.compile(r"^(?:(?P<base>\d+(?:\.\d+)?)\+)?d6(?:x(?P<times>\d+(?:\.\d+)?))?(?:-(?P<minus>\d+))?$")


@dataclass(frozen=True)
class Rate:
    """One entry of seed 004's movement table: inches, or a throw of one D6 (BR-6).

    ``base + per_pip * D6``; a fixed rate has ``per_pip == 0``. "A negative move distance
    counts as zero": :meth:`allowance` is never below 0, and :meth:`negative` says whether the
    throw made a negative move (a vehicle then throws for being stuck).
    """

    text: str
    base: Fraction
    per_pip: Fraction

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """``"6"``, ``"1 + (D6 x 0.5)"``, ``"(D6 - 3)"``, ``"1 +(D6)"``, ``"(D6x0.5)"``; ``"-"`` is None."""
        compact = re.sub(r"[\s()]", "", text).lower()
        if compact == "-":
            return None
        if re.fullmatch(r"\d+(?:\.\d+)?", compact):
            return cls(text, Fraction(compact), Fraction(0))
        found = _RATE.match(compact)
        if found is None:
            raise ValueError(f"'{text}' is not a rate: write inches (\"6\"), a throw "
                             "(\"1 + (D6 x 0.5)\", \"(D6 - 3)\") or \"-\"")
        base = Fraction(found["base"] or 0) - Fraction(found["minus"] or 0)
        return cls(text, base, Fraction(found["times"] or 1))

    @property
    def random(self) -> bool:
        return self.per_pip != 0

    def distance(self, roll: int | None = None) -> Fraction:
        """The move the rate gives, before "counts as zero": may be negative."""
        if self.random:
            if roll is None or not 1 <= roll <= 6:
                raise UsageError(f"the rate {self.text} needs the D6 thrown for it (1 to 6), not {roll}")
            return self.base + self.per_pip * roll
        return self.base

    def allowance(self, roll: int | None = None) -> Fraction:
        """Inches of move: "A negative move distance counts as zero"."""
        return max(Fraction(0), self.distance(roll))

    def negative(self, roll: int | None = None) -> bool:
        """Whether the move is negative (a move of exactly 0 is not: BR-6)."""
        return self.distance(roll) < 0

    @property
    def lowest(self) -> Fraction:
        return self.allowance(1) if self.random else self.base

    @property
    def highest(self) -> Fraction:
        return self.allowance(6) if self.random else self.base


class Mover(Table):
    """One row of seed 004's movement table and the seed-003 unit kind it moves as (BR-2)."""

    label: str
    unit: str
    road: str
    open: str
    rough: str
    thick: str

    @field_validator("road", "open", "rough", "thick")
    @classmethod
    def _is_rate(cls, value: str) -> str:
        Rate.parse(value)
        return value

    @field_validator("unit")
    @classmethod
    def _is_unit(cls, value: str) -> str:
        if value not in unit_kinds():
            raise ValueError(f"'{value}' is not a seed-003 unit kind ({', '.join(unit_kinds())})")
        return value

    def rate(self, column: Column) -> Rate | None:
        return _rates(self)[column]


@functools.cache
def _rates(mover: Mover) -> dict[str, Rate | None]:
    return {column: Rate.parse(getattr(mover, column)) for column in COLUMN_WORDS}


class IntegrityRules(Table):
    """ "Unit integrity", horse holders, bases and close order, in inches (BR-26)."""

    spacing_inches: float = Field(gt=0)
    holder_reach_inches: float = Field(gt=0)
    base_inches: float = Field(ge=0)
    contact_inches: float = Field(ge=0)


class MovementTables(Table):
    movers: dict[str, Mover]
    integrity: IntegrityRules


def load_movement(path: Path = MOVEMENT_FILE) -> MovementTables:
    """Load and check a movement file (the shipped one unless ``path`` names another)."""
    return load_table(path, MovementTables)


MOVEMENT = load_movement()
"""Seed 004's movement table and integrity distances, loaded at import: a broken file shows at once."""


def mover(name: str) -> Mover:
    """The movement-table row ``name`` (``medium_tanks``); UsageError naming the rows if unknown."""
    try:
        return MOVEMENT.movers[name]
    except KeyError:
        raise UsageError(f"unknown troop type '{name}'{suggest(name, MOVEMENT.movers)}; the movement table's rows "
                         f"are: {', '.join(MOVEMENT.movers)}") from None


def unit_of(name: str) -> str:
    """The seed-003 unit kind of ``name``: a movement-table row (``medium_tanks``) or a unit kind (``tank``)."""
    if name in MOVEMENT.movers:
        return MOVEMENT.movers[name].unit
    if name in unit_kinds():
        return name
    known = (*MOVEMENT.movers, *unit_kinds())
    raise UsageError(f"unknown unit '{name}'{suggest(name, known)}; give a movement-table row "
                     f"({', '.join(MOVEMENT.movers)}) or a seed-003 unit kind ({', '.join(unit_kinds())})")


# --- where things are --------------------------------------------------------------------------------


def distance(a: Point, b: Point) -> float:
    """The distance in inches between two points (1" = 20 yards)."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def distance_to(bf: Battlefield, at: Point, name: str) -> float:
    """Inches from ``at`` to the feature ``name``: to its nearest edge, 0 inside an area (BR-34).

    A road, river or bridge is measured to its footprint (its width); a hill to its base contour.
    """
    layout = bf.layout
    i = layout.feature(name)
    feature = bf.features[i]
    shape = _footprint(bf, i) if feature.layer == "corridor" else layout.shapes[i]
    return float(shape.distance(ShapelyPoint(at)))


def _footprint(bf: Battlefield, i: int) -> Any:
    return next(p.geom for p in bf.layout.pieces if p.feature == i)


def features_at(bf: Battlefield, at: Point, reach: float = 0.0) -> tuple[Feature, ...]:
    """The features at ``at``: areas, hills and road, river or bridge footprints that hold it, and
    lines within ``reach`` inches of it (touching them), in the order of the table."""
    layout = bf.layout
    spot = ShapelyPoint(at)
    found: set[int] = set()
    for piece in layout.role_hits(spot, "cover", "contour", "corridor", "works"):
        found.add(piece.feature)
    probe = spot.buffer(reach) if reach > 0 else spot
    for piece in layout.role_hits(probe, "line"):
        if piece.geom.distance(spot) <= reach + EPS:
            found.add(piece.feature)
    return tuple(bf.features[i] for i in sorted(found))


@dataclass(frozen=True)
class Ground:
    """The ground at a point: the highest hill contour level holding it, and its height in feet (BR-9)."""

    level: int
    height_ft: float
    hill: str | None


def ground(bf: Battlefield, at: Point) -> Ground:
    """The ground at ``at``: level 0 and 0 ft off the hills; on a contour line, the higher level (BR-32)."""
    best = bf.layout.ground_piece(float(at[0]), float(at[1]))
    if best is None:
        return Ground(0, 0.0, None)
    return Ground(best.level, best.top_ft, bf.features[best.feature].name)


def _in_bounds(bf: Battlefield, *points: Point) -> None:
    for x, y in points:
        if not (-EPS <= x <= bf.width + EPS and -EPS <= y <= bf.depth + EPS):
            raise UsageError(f"point ({x:g}, {y:g}) is off the {bf.width:g}\" x {bf.depth:g}\" table")


# --- along a segment ----------------------------------------------------------------------------------


_POINT_OR_LINE = (0, 1)
"""shapely's type ids of a Point and a LineString."""


@dataclass(frozen=True)
class _Segment:
    a: Point
    b: Point
    geom: Any
    length: float

    @classmethod
    def of(cls, a: Point, b: Point) -> _Segment:
        return cls(a, b, LineString([a, b]), distance(a, b))

    def t(self, x: float, y: float) -> float:
        """Where the point (on the segment) lies along it, 0 at ``a`` to 1 at ``b``."""
        dx, dy = self.b[0] - self.a[0], self.b[1] - self.a[1]
        return min(1.0, max(0.0, ((x - self.a[0]) * dx + (y - self.a[1]) * dy) / (dx * dx + dy * dy)))

    def at(self, t: float) -> Point:
        return (self.a[0] + (self.b[0] - self.a[0]) * t, self.a[1] + (self.b[1] - self.a[1]) * t)

    def spans(self, geom: Any) -> list[tuple[float, float]]:
        """The stretches (t0, t1) of the segment inside ``geom``, and (t, t) where it only meets it at a point."""
        return self.spans_of(self.geom.intersection(geom))

    def spans_of(self, meet: Any) -> list[tuple[float, float]]:
        """The stretches (t0, t1) of an intersection of the segment with something (points as (t, t))."""
        out: list[tuple[float, float]] = []
        kind = shapely.get_type_id(meet)
        parts = [meet] if kind in _POINT_OR_LINE else shapely.get_parts(meet)
        for part in parts:
            if part.is_empty or (part is not meet and shapely.get_type_id(part) not in _POINT_OR_LINE):
                continue
            ts = [self.t(x, y) for x, y in shapely.get_coordinates(part).tolist()]
            out.append((min(ts), max(ts)))
        out.sort()
        return out


@dataclass(frozen=True)
class _Profile:
    """The ground under a segment: stretches (t0, t1, height) of each hill contour level it runs over."""

    levels: tuple[tuple[float, float, float], ...]

    def at(self, t: float) -> float:
        return max((h for t0, t1, h in self.levels if t0 - EPS <= t <= t1 + EPS), default=0.0)

    def cuts(self, t0: float, t1: float) -> list[float]:
        inner = sorted({u for s0, s1, _ in self.levels for u in (s0, s1) if t0 + EPS < u < t1 - EPS})
        return [t0, *inner, t1]


# --- line of sight --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Viewpoint:
    """One end of a sight line: where it is, what is there, on which storey of a building.

    ``unit`` is a movement-table row (``medium_tanks``) or a seed-003 unit kind (``tank``); its
    body (data/terrain.toml ``[bodies]``) gives the eye height, which is also the height an enemy
    must see of it, and how near a feature counts as touching it (BR-10, BR-21).
    """

    at: Point
    unit: str = "infantry"
    storey: int = 0


@dataclass(frozen=True)
class _End:
    at: Point
    unit: str
    reach: float
    ground_ft: float
    level: int
    eye_ft: float


def _end(bf: Battlefield, view: Viewpoint) -> _End:
    memo = bf.layout.memo
    key = ("end", view.at, view.unit, view.storey)
    got = memo.get(key)
    if got is None:
        got = _measure_end(bf, view)
        if len(memo) > 200_000:
            memo.clear()
        memo[key] = got
    return got


def _measure_end(bf: Battlefield, view: Viewpoint) -> _End:
    unit = unit_of(view.unit)
    body = MAPPING.bodies[unit]
    if view.storey < 0:
        raise UsageError(f"storey={view.storey}: give 0 for the ground floor or the storey above it")
    if view.storey and not any(f.kind == "building" and (f.storeys or 1) > view.storey
                               for f in features_at(bf, view.at)):
        raise UsageError(f"storey={view.storey} at {view.at}: there is no building that high there")
    here = ground(bf, view.at)
    eye = here.height_ft + view.storey * MAPPING.table.storey_ft + body.height_ft
    return _End(view.at, unit, body.reach, here.height_ft, here.level, eye)


@dataclass(frozen=True)
class Crossed:
    """A linear feature the sight line crosses, and how the line gets past it."""

    feature: str
    kind: str
    at: Point
    how: Literal["over", "touching_a", "touching_b", "blocked"]


@dataclass(frozen=True)
class Sight:
    """Whether two points see each other, and why (the first thing on the line that blocks it).

    ``blocked_by`` names every feature that blocks, in order along the line; ``woods_inches`` is
    the sight line's length inside woods below their canopy and ``woods_share`` that length as a
    share of each kind's seed-003 sighting limit (blocked above 1, BR-12); ``crossed`` the linear
    features it crosses. ``fire`` (from :func:`line_of_fire`) says whether the firer may fire
    along it.
    """

    visible: bool
    reason: str
    blocked_by: tuple[str, ...] = ()
    woods_inches: float = 0.0
    woods_share: float = 0.0
    crossed: tuple[Crossed, ...] = ()
    fire: bool = True

    def __bool__(self) -> bool:
        return self.visible


@dataclass
class _Trace:
    blocks: list[tuple[float, str, str]] = field(default_factory=list)
    crossed: list[tuple[float, Crossed]] = field(default_factory=list)
    woods_inches: float = 0.0
    woods_share: float = 0.0
    woods: list[str] = field(default_factory=list)


def _height(a: _End, b: _End, t: float) -> float:
    return a.eye_ft + (b.eye_ft - a.eye_ft) * t


def _below(a: _End, b: _End, profile: _Profile, t0: float, t1: float, screen: float) -> float:
    """How much (in t) of [t0, t1] the sight line runs lower than ``screen`` feet over the ground."""
    total = 0.0
    cuts = profile.cuts(t0, t1)
    for u0, u1 in itertools.pairwise(cuts):
        top = profile.at((u0 + u1) / 2) + screen
        h0, h1 = _height(a, b, u0) - top, _height(a, b, u1) - top
        if h0 < 0 and h1 < 0:
            total += u1 - u0
        elif h0 < 0 or h1 < 0:
            cross = u0 + (u1 - u0) * h0 / (h0 - h1)
            total += (cross - u0) if h0 < 0 else (u1 - cross)
    return total


def _line_exempt(kind: str, end: _End) -> bool:
    """Whether ``end``, touching a linear feature of ``kind`` where the line crosses it, sees past it."""
    if kind == "ridge":
        return True  # a unit on the crest sees over it (BR-16)
    fx = effects(kind, end.unit)
    if fx.los == "blocked_unless_touching":
        return True  # a vehicle touching a hedge (BR-14)
    return fx.protection == "hidden"  # troops in the hedgerow observe from it (BR-13)


_SIGHT_ROLES: tuple[Role, ...] = ("contour", "cover", "line")


def _trace(bf: Battlefield, a: _End, b: _End) -> _Trace:
    layout = bf.layout
    near = layout.segment_candidates(a.at, b.at, *_SIGHT_ROLES)
    length = distance(a.at, b.at)
    if length <= EPS or not near:
        return _Trace()  # nothing on the table lies near the line
    seg = _Segment(a.at, b.at, LineString([a.at, b.at]), length)
    pieces = [layout.pieces[j] for j in near]
    return _trace_hits(bf, a, b, seg, [(p, seg.spans(p.geom)) for p in pieces if p.geom.intersects(seg.geom)])


def _trace_hits(bf: Battlefield, a: _End, b: _End, seg: _Segment, hits: list[tuple[Piece, list[tuple[float, float]]]]
                ) -> _Trace:
    """What lies on the sight line ``seg`` from ``a`` to ``b``, given the pieces it meets (in the STRtree's
    order) and the stretches of it each holds."""
    trace = _Trace()
    contours = [(t0, t1, p) for p, spans in hits if p.role == "contour" for t0, t1 in spans]
    profile = _Profile(tuple((t0, t1, p.top_ft) for t0, t1, p in contours))
    # hills: the line must clear the brow of every contour level it runs over (BR-32)
    for t0, t1, p in contours:
        for t in (t0, t1):
            if _height(a, b, t) < p.top_ft - EPS:
                trace.blocks.append((t, bf.features[p.feature].name,
                                     f"{bf.features[p.feature].label}, contour level {p.level} ({p.top_ft:g} ft), "
                                     f"rises above the line at {_fmt(seg.at(t))} (BR-32)"))
                break
    for p, spans in hits:
        if not spans:
            continue
        feature = bf.features[p.feature]
        if p.role == "cover":
            _trace_area(trace, seg, spans, profile, a, b, p, feature)
        elif p.role == "line":
            _trace_line(trace, seg, spans, profile, a, b, p, feature)
    if trace.woods_share > 1 + EPS:
        words = (f"the line runs {trace.woods_inches:.2f}\" through woods below the canopy, more than the sighting "
                 f"limit ({trace.woods_share:.2f} of it; 003: woods 3\", light woods 4\", heavy woods 2\"; BR-12)")
        trace.blocks += [(1.0, name, words) for name in trace.woods]
    return trace


def _trace_area(trace: _Trace, seg: _Segment, spans: list[tuple[float, float]], profile: _Profile, a: _End,
                b: _End, p: Piece, feature: Feature) -> None:
    kind = feature.kind
    fa, fb = effects(kind, a.unit), effects(kind, b.unit)
    if fa.los == "limited" and fa.sight_limit:
        inches = sum(_below(a, b, profile, t0, t1, p.top_ft) for t0, t1 in spans) * seg.length
        if inches > EPS:
            trace.woods_inches += inches
            trace.woods_share += inches / fa.sight_limit
            trace.woods.append(feature.name)
    elif kind == "building":
        if (spans[0][0] <= EPS and p.geom.covers(ShapelyPoint(a.at))) or (
                spans[-1][1] >= 1 - EPS and p.geom.covers(ShapelyPoint(b.at))):
            return  # an end in the building sees out of it (BR-18)
        for t0, t1 in spans:
            if _below(a, b, profile, t0, t1, p.top_ft) * seg.length > EPS:
                trace.blocks.append((t0, feature.name, f"{feature.label} stands in the way at "
                                     f"{_fmt(seg.at(t0))} (BR-18)"))
                return
    elif ("blocked_same_level" in (fa.los, fb.los) and a.level == b.level
          and sum(t1 - t0 for t0, t1 in spans) * seg.length > EPS):
            trace.blocks.append((spans[0][0], feature.name,
                                 f"{feature.label} blocks LOS on the same level for infantry, and an end is infantry "
                                 "(003 item 10, BR-17)"))


def _trace_line(trace: _Trace, seg: _Segment, spans: list[tuple[float, float]], profile: _Profile, a: _End,
                b: _End, p: Piece, feature: Feature) -> None:
    kind = feature.kind
    if effects(kind, a.unit).los == "clear" and effects(kind, b.unit).los == "clear":
        return
    for t0, t1 in spans:
        spot = seg.at(t0)
        lowest = min(_height(a, b, t) - profile.at(t) for t in (t0, t1))
        if lowest > p.top_ft + EPS:
            trace.crossed.append((t0, Crossed(feature.name, kind, spot, "over")))
            continue
        if t1 * seg.length <= a.reach + EPS and _line_exempt(kind, a):
            trace.crossed.append((t0, Crossed(feature.name, kind, spot, "touching_a")))
            continue
        if (1 - t0) * seg.length <= b.reach + EPS and _line_exempt(kind, b):
            trace.crossed.append((t0, Crossed(feature.name, kind, spot, "touching_b")))
            continue
        trace.crossed.append((t0, Crossed(feature.name, kind, spot, "blocked")))
        trace.blocks.append((t0, feature.name, _line_words(feature, p, spot)))


def _line_words(feature: Feature, p: Piece, spot: Point) -> str:
    if feature.kind == "ridge":
        return (f"{feature.label}, {p.top_ft:g} ft high, blocks the line at {_fmt(spot)}: neither end touches it "
                "nor sees over it from higher ground (003 item 11, BR-16)")
    if feature.kind == "hedge":
        return (f"{feature.label} blocks the line at {_fmt(spot)}: no LOS through it unless a vehicle is "
                "touching it there (003 item 6, BR-14)")
    if feature.kind == "bocage":
        return (f"{feature.label} blocks the line at {_fmt(spot)}: no LOS through it unless troops are in "
                "it there (003 item 5, BR-13)")
    return f"{feature.label} blocks the line at {_fmt(spot)}"


def _fmt(spot: Point) -> str:
    return f"({spot[0]:.3g}, {spot[1]:.3g})"


def _sight(trace: _Trace) -> Sight:
    crossed = tuple(c for _, c in sorted(trace.crossed, key=lambda item: item[0]))
    if trace.blocks:
        blocks = sorted(trace.blocks, key=lambda item: item[0])
        return Sight(False, blocks[0][2], tuple(dict.fromkeys(name for _, name, _ in blocks)),
                     trace.woods_inches, trace.woods_share, crossed, fire=False)
    notes = [f"sees over {c.kind.replace('_', ' ')} '{c.feature}' from higher ground" if c.how == "over"
             else f"sees past {c.kind.replace('_', ' ')} '{c.feature}', touching it" for c in crossed]
    if trace.woods_inches > EPS:
        notes.append(f"{trace.woods_inches:.2f}\" of woods, within the sighting limit ({trace.woods_share:.2f} of it)")
    return Sight(True, "clear" + (": " + "; ".join(notes) if notes else ": nothing on the line blocks it"), (),
                 trace.woods_inches, trace.woods_share, crossed)


def line_of_sight(bf: Battlefield, a: Viewpoint, b: Viewpoint) -> Sight:
    """Whether ``a`` and ``b`` see each other (reciprocal, BR-11), and the reason.

    The straight line between the two eyes (ground + storey + body height) is tested against:
    hill contour levels (it must clear the brow of every level it runs over, BR-32); woods
    (no more than the seed-003 sighting limit, 3" woods, 4" light, 2" heavy, of the line below
    the canopy, summed as shares, BR-12); buildings other than one an end stands in (BR-18);
    wheat fields, for infantry on the same level (BR-17); hedgerows, hedges and ridges where the
    line crosses them lower than their screen or height, unless an end may see past them
    touching them there (BR-13 ... BR-16).
    """
    _in_bounds(bf, a.at, b.at)
    return _sight(_trace(bf, _end(bf, a), _end(bf, b)))


def line_of_fire(bf: Battlefield, firer: Viewpoint, target: Viewpoint) -> Sight:
    """Whether ``firer`` may fire at ``target``: it must see it, and a vehicle firing over a ridge
    must be touching the ridge where the line crosses it (003 item 11, BR-16)."""
    _in_bounds(bf, firer.at, target.at)
    a, b = _end(bf, firer), _end(bf, target)
    sight = _sight(_trace(bf, a, b))
    if not sight.visible:
        return sight
    for crossing in sight.crossed:
        fx = effects(crossing.kind, a.unit)
        touching = distance(a.at, crossing.at) <= a.reach + EPS
        if crossing.kind == "ridge" and fx.fire_through == "only_touching" and not touching:
            return Sight(True, f"visible, but a vehicle must be touching ridge '{crossing.feature}' to fire over it "
                         "(003 item 11, BR-16)", (crossing.feature,), sight.woods_inches, sight.woods_share,
                         sight.crossed, fire=False)
    return sight


# --- movement along a straight path ------------------------------------------------------------------


@dataclass(frozen=True)
class Leg:
    """A stretch of a move through one terrain, ``start`` to ``end`` inches from where the move starts.

    ``column`` is seed 004's movement column for the terrain (BR-3) and ``rate`` the mover's
    entry in it (None: "-", it may not move there); ``share`` is seed 003's share of that rate
    where seed 004 has no column of its own (soft ground 1/3, scrub 2/3 for troops; BR-4).
    ``allowed``: ``yes``; ``following`` (only behind ``follow``, within ``follow_within``
    inches); ``judge`` (only because the judge placed it there); ``no`` (``why`` says why).
    """

    start: float
    end: float
    terrain: str
    feature: str | None
    column: Column
    rate: Rate | None
    share: Fraction
    allowed: str
    follow: str | None = None
    follow_within: float | None = None
    bog_check: bool = False
    bog_down_percent: int | None = None
    why: str = ""

    @property
    def length(self) -> float:
        return self.end - self.start

    @property
    def passable(self) -> bool:
        return self.allowed != "no"

    def allowance(self, roll: int | None = None) -> float:
        """Inches of a full move in this terrain (the D6 ``roll`` for a throw)."""
        if self.rate is None:
            return 0.0
        return float(self.rate.allowance(roll) * self.share)


@dataclass(frozen=True)
class Crossing:
    """A linear feature the move crosses, ``at`` inches from its start.

    ``allowed``: ``yes`` (no effect), ``crossing`` (with ``penalty_turns`` whole moves, or
    ``penalty_inches`` of movement, seed 003) or ``no`` (``why`` says why).
    """

    at: float
    point: Point
    feature: str
    kind: str
    allowed: str
    penalty_turns: int = 0
    penalty_inches: float | None = None
    why: str = ""


@dataclass(frozen=True)
class Reach:
    """How far along the path a move gets, where that is, and what stopped it."""

    inches: float
    point: Point
    reason: str


@dataclass(frozen=True)
class MoveCost:
    """The facts a movement rule needs about a straight move by a troop type (seed 004 "Movement")."""

    mover: str
    start: Point
    end: Point
    length: float
    legs: tuple[Leg, ...]
    crossings: tuple[Crossing, ...]

    @property
    def passable(self) -> bool:
        """Whether every leg may be entered and every linear feature crossed (penalties aside)."""
        return all(leg.passable for leg in self.legs) and all(c.allowed != "no" for c in self.crossings)

    @property
    def blocked(self) -> str:
        """Why the move may not be made, at the first place it fails; "" if it may."""
        stops = [(leg.start, leg.why) for leg in self.legs if not leg.passable]
        stops += [(c.at, c.why) for c in self.crossings if c.allowed == "no"]
        return min(stops)[1] if stops else ""

    @property
    def columns(self) -> dict[str, float]:
        """Inches of the move in each column of seed 004's movement table."""
        out: dict[str, float] = {}
        for leg in self.legs:
            out[leg.column] = out.get(leg.column, 0.0) + leg.length
        return out

    @property
    def random_columns(self) -> tuple[str, ...]:
        """The columns whose rate for this mover is a throw: the game throws one D6 for each per move (BR-5)."""
        return tuple(dict.fromkeys(leg.column for leg in self.legs if leg.rate is not None and leg.rate.random
                                   and leg.length > EPS))

    @property
    def penalty_turns(self) -> int:
        return sum(c.penalty_turns for c in self.crossings)

    def _allowance(self, leg: Leg, rolls: Mapping[str, int]) -> float:
        if leg.rate is not None and leg.rate.random and leg.column not in rolls:
            raise UsageError(f"the move crosses {COLUMN_WORDS[leg.column].lower()} ({leg.rate.text} for "
                             f"{mover(self.mover).label}): give the D6 thrown for it, rolls={{'{leg.column}': N}}")
        return leg.allowance(rolls.get(leg.column))

    def share(self, rolls: Mapping[str, int] | None = None) -> float:
        """The share of a full move the path takes (BR-5): each inch at the rate of the terrain it is in,
        a hedge's inches of penalty at the rate where it is crossed; ``inf`` if it cannot be made in
        moves (impassable, a rate of 0, or a crossing that takes whole moves)."""
        rolls = rolls or {}
        if not self.passable or self.penalty_turns:
            return math.inf
        total = 0.0
        for leg in self.legs:
            allowance = self._allowance(leg, rolls)
            extra = sum(c.penalty_inches or 0.0 for c in self.crossings if leg.start <= c.at < leg.end)
            need = leg.length + extra
            if need > EPS:
                if allowance <= 0:
                    return math.inf
                total += need / allowance
        return total

    def reach(self, rolls: Mapping[str, int] | None = None, budget: float = 1.0) -> Reach:
        """How far a move of ``budget`` (1 = a full move, 0.5 = "up to 1/2") gets along the path."""
        rolls = rolls or {}
        seg = _Segment.of(self.start, self.end)
        used, pos = 0.0, 0.0

        def stop(inches: float, reason: str) -> Reach:
            return Reach(inches, seg.at(inches / seg.length) if seg.length > EPS else self.start, reason)

        for leg in self.legs:
            if not leg.passable:
                return stop(leg.start, leg.why)
            allowance = self._allowance(leg, rolls)
            if allowance <= 0 and leg.length > EPS:
                return stop(leg.start, f"no move in {leg.terrain.replace('_', ' ')} this time "
                            f"({leg.rate.text if leg.rate else '-'} came to 0)")
            for c in [c for c in self.crossings if leg.start <= c.at < leg.end]:
                need = (c.at - pos) / allowance
                if used + need > budget + EPS:
                    return stop(pos + (budget - used) * allowance, "the move is used up")
                used, pos = used + need, c.at
                if c.allowed == "no":
                    return stop(pos, c.why)
                if c.penalty_turns:
                    return stop(pos, c.why)
                if c.penalty_inches:
                    need = c.penalty_inches / allowance
                    if used + need > budget + EPS:
                        return stop(pos, f"not enough move left for the {c.penalty_inches:g}\" penalty of "
                                    f"{c.kind} '{c.feature}'")
                    used += need
            need = (leg.end - pos) / allowance if leg.length > EPS else 0.0
            if used + need > budget + EPS:
                return stop(pos + (budget - used) * allowance, "the move is used up")
            used, pos = used + need, leg.end
        return stop(self.length, "reaches the end of the path")


@dataclass(frozen=True)
class _Terms:
    terrain: str
    feature: str | None
    column: Column
    rate: Rate | None
    share: Fraction
    allowed: str
    follow: str | None
    follow_within: float | None
    bog_check: bool
    bog_down_percent: int | None
    why: str


def _terms(bf: Battlefield, row: Mover, at: Point, tons: int, judge_placed: bool) -> _Terms:
    """The terrain at ``at`` and what it means for a mover (BR-3, BR-4, BR-7, BR-8)."""
    unit = row.unit
    here = bf.layout.point_hits(float(at[0]), float(at[1]), "cover", "corridor")
    by_kind = {bf.features[p.feature].kind: bf.features[p.feature] for p in here}
    bridge = by_kind.get("stone_bridge") or by_kind.get("other_bridge")
    river = by_kind.get("river")
    road = by_kind.get("primary_road") or by_kind.get("secondary_road")
    cover = next((bf.features[p.feature] for p in here if p.role == "cover"), None)

    def rate_terms(terrain: str, feature: Feature | None, column: Column, share: Fraction = Fraction(1),
                   allowed: str = "yes", why: str = "", **extra: Any) -> _Terms:
        rate = row.rate(column)
        if rate is None and allowed != "no":
            allowed, why = "no", (f"{row.label} may not move in {COLUMN_WORDS[column].lower()} (seed 004 movement "
                                  f"table: \"-\"), and {_where(feature)} is {COLUMN_WORDS[column].lower()} "
                                  "(BR-3)")
        return _Terms(terrain, feature.name if feature else None, column, rate, share, allowed,
                      extra.get("follow"), extra.get("follow_within"), extra.get("bog_check", False),
                      extra.get("bog_down_percent"), why)

    if bridge is not None:
        kind = MAPPING.kinds[bridge.kind]
        assert kind.column is not None
        limit = bridge.weight_limit_tons
        if limit is not None and is_vehicle(unit) and tons > limit:
            return rate_terms(bridge.kind, bridge, kind.column, allowed="no",
                              why=f"{tons} t is over the {limit} t weight limit of bridge {bridge.label} (003 Bridges)")
        return rate_terms(bridge.kind, bridge, kind.column)
    if river is not None:
        fx = effects("river", unit, ford=bool(river.fordable))
        if fx.allowed == "no":
            return rate_terms("river", river, "open", allowed="no",
                              why=f"river {river.label} is not fordable (003 item 8): cross it by a bridge (BR-8)")
        return rate_terms("river", river, "open")
    if road is not None:
        column = MAPPING.kinds[road.kind].column
        assert column is not None
        return rate_terms(road.kind, road, column)
    if cover is None:
        return rate_terms("clear", None, "open")
    kind = MAPPING.kinds[cover.kind]
    assert kind.column is not None
    fx = effects(cover.kind, unit, judge_placed=judge_placed)
    if fx.allowed == "no":
        return rate_terms(cover.kind, cover, kind.column, allowed="no",
                          why=f"{row.label} may not enter {cover.label}: \"{fx.rule}\" (003)"
                          + (" - unless the judge placed it there before the game (judge_placed)"
                             if fx.needs == "judge_placed" else ""))
    share = fx.share if kind.share_from_003 else Fraction(1)
    return rate_terms(cover.kind, cover, kind.column, share, "judge" if fx.allowed == "judge" else fx.allowed,
                      follow=fx.follow, follow_within=fx.follow_within, bog_check=fx.bog_check,
                      bog_down_percent=fx.bog_down_percent)


def _where(feature: Feature | None) -> str:
    return feature.label if feature is not None else "clear ground"


def path_cost(bf: Battlefield, start: Point, end: Point, troops: str, *, tons: int = 0, judge_placed: bool = False,
              hedgerow_cutters: bool = False) -> MoveCost:
    """The facts of a straight move from ``start`` to ``end`` by ``troops`` (a movement-table row).

    The path is cut into legs at every edge of ground cover, road, river or bridge; each leg
    carries its terrain, seed 004's column and rate for the mover, seed 003's share where seed
    004 has none, and whether it may be entered. Hedgerows, hedges, walls and ridges crossed
    strictly between the ends are listed with seed 003's penalties. ``tons`` is a vehicle's
    weight for a bridge's limit; ``judge_placed`` a vehicle the judge placed in heavy woods or a
    building; ``hedgerow_cutters`` a tank fitted with them.
    """
    row = mover(troops)
    _in_bounds(bf, start, end)
    if hedgerow_cutters and not unit_kinds()[row.unit].fully_tracked:
        raise UsageError(f"hedgerow_cutters: cutters are fitted to tanks and other fully tracked vehicles, not to "
                         f"{row.label} (003 item 5)")
    if judge_placed and not is_vehicle(row.unit):
        raise UsageError(f"judge_placed is for vehicles the judge places in heavy woods or a building, not {row.label}")
    seg = _Segment.of(start, end)
    layout = bf.layout
    if seg.length <= EPS:
        terms = _terms(bf, row, start, tons, judge_placed)
        legs: tuple[Leg, ...] = (Leg(0.0, 0.0, **vars(terms)),)
        return MoveCost(troops, start, end, 0.0, legs, ())
    pieces = [layout.pieces[j] for j in layout.segment_candidates(start, end, "cover", "corridor", "line")
              if layout.pieces[j].geom.intersects(seg.geom)]  # role_hits of the segment, boxes first
    cuts = {0.0, 1.0}
    for p in pieces:
        if p.role != "line":
            for t0, t1 in seg.spans(p.geom):
                cuts.update((t0, t1))
    ordered = sorted(cuts)
    built: list[Leg] = []
    for t0, t1 in itertools.pairwise(ordered):
        if (t1 - t0) * seg.length <= 1e-7:
            continue
        terms = _terms(bf, row, seg.at((t0 + t1) / 2), tons, judge_placed)
        if built and _same(built[-1], terms):
            built[-1] = Leg(built[-1].start, t1 * seg.length, **vars(terms))
        else:
            built.append(Leg(t0 * seg.length, t1 * seg.length, **vars(terms)))
    crossings: list[Crossing] = []
    for p in pieces:
        if p.role != "line":
            continue
        feature = bf.features[p.feature]
        for t0, t1 in seg.spans(p.geom):
            at = t0 * seg.length
            if t0 != t1 or at <= 1e-7 or at >= seg.length - 1e-7:
                continue  # along the line, or only meeting it at an end, is not crossing it (BR-33)
            crossings.append(_crossing(feature, row, at, seg.at(t0), hedgerow_cutters))
    crossings.sort(key=lambda c: c.at)
    return MoveCost(troops, start, end, seg.length, tuple(built), tuple(crossings))


def _same(leg: Leg, terms: _Terms) -> bool:
    return all(getattr(leg, name) == value for name, value in vars(terms).items())


def _crossing(feature: Feature, row: Mover, at: float, spot: Point, cutters: bool) -> Crossing:
    fx = effects(feature.kind, row.unit, hedgerow_cutters=cutters)
    if fx.allowed in ("no", "judge"):
        why = f"{row.label} may not cross {feature.label}: \"{fx.rule}\" (003)"
        if fx.needs == "hedgerow_cutters":
            why += " - only with hedgerow cutters"
        return Crossing(at, spot, feature.name, feature.kind, "no", why=why)
    if fx.allowed == "crossing":
        if fx.penalty_turns:
            moves = "one whole move" if fx.penalty_turns == 1 else f"{fx.penalty_turns} whole moves"
            why = (f"crossing {feature.label} takes {moves}: the unit stops at it and crosses in its next "
                   f"move (\"{fx.rule}\", 003; BR-33)")
        else:
            why = f"crossing {feature.label} costs {fx.penalty_inches:g}\" of movement (\"{fx.rule}\", 003)"
        return Crossing(at, spot, feature.name, feature.kind, "crossing", fx.penalty_turns, fx.penalty_inches, why)
    return Crossing(at, spot, feature.name, feature.kind, "yes", why=f"{feature.label}: no movement effect")


# --- cover --------------------------------------------------------------------------------------------

SaveCover = Literal["hard", "soft", "open"]
_SAVE_ORDER = {"open": 0, "soft": 1, "hard": 2}
_BREACH_ORDER = {"weak": 0, "strong": 1, "fortification": 2}


@dataclass(frozen=True)
class CoverSource:
    """One feature that gives the target cover, what it gives, and why."""

    feature: str
    kind: str
    gives: CoverClass
    why: str


@dataclass(frozen=True)
class Cover:
    """A target's cover against fire from a point, in seed 004's terms (BR-22 ... BR-25).

    ``save``: the saving-throw row for figures, "In hard cover", "In soft cover" or "In the
    open" (vehicles save by their own rows, so for them it stays ``open``); ``partial``: a
    vehicle's "Target in partial cover" (+1 to hit); ``concealed``: in cover for Detection;
    ``breach``: the breaching class (weak, strong, fortification) of the building or works the
    target is in, for indirect fire; ``depth``: inches inside its area cover.
    """

    save: SaveCover
    partial: bool
    concealed: bool
    breach: str | None
    depth: float
    sources: tuple[CoverSource, ...]

    @property
    def reason(self) -> str:
        if not self.sources:
            return "in the open: nothing gives it cover against this fire"
        return "; ".join(f"{s.gives} cover from {s.why}" for s in self.sources)


def _class_for(kind: str, unit: str, protection: str, ridge_ft: float | None = None) -> CoverClass:
    """Seed 003's protection of ``kind`` for ``unit`` as seed 004 cover (BR-22, BR-23)."""
    read = MAPPING.protection[protection]
    entry = MAPPING.kinds[kind]
    vehicle = is_vehicle(unit)
    if read == "own":
        return entry.vehicles if vehicle else entry.troops
    if vehicle:
        if protection == "hull_down_judge":
            hull = MAPPING.bodies[unit].hull_ft or 0.0
            return "partial" if ridge_ft is not None and ridge_ft >= hull else "none"
        return "none" if read == "none" else "partial"
    return "none" if read == "partial" else read


def cover(bf: Battlefield, target: Viewpoint, firer: Point) -> Cover:
    """The cover of ``target`` against fire from ``firer`` (BR-22 ... BR-25).

    Areas (woods, scrub, rubble, buildings, trenches) protect a target inside them from any
    direction; hedgerows, hedges, walls and ridges protect a target touching them against fire
    whose line crosses them within its reach; a stone bridge protects those on it against fire
    crossing its side. The best cover counts.
    """
    _in_bounds(bf, target.at, firer)
    unit = unit_of(target.unit)
    body = MAPPING.bodies[unit]
    layout = bf.layout
    spot, areas, lines = _cover_pieces(layout, target.at, body.reach)
    apart = distance(firer, target.at) > EPS
    fire: Any = None  # the line of fire, drawn only when a bridge's side needs it
    sources: list[CoverSource] = []
    concealed = False
    breach: str | None = None
    depth = 0.0
    for p in areas:
        feature = bf.features[p.feature]
        entry = MAPPING.kinds[feature.kind]
        fx = effects(feature.kind, unit)
        if fx.los in ("sighting_rules", "blocked_same_level"):
            concealed = True
        if entry.cover_where == "bridge_side":
            if not apart:
                continue
            fire = fire if fire is not None else LineString([firer, target.at])
            if not _crosses_side(bf, p.feature, fire):
                continue
        elif p.role == "corridor":
            continue
        gives = _class_for(feature.kind, unit, fx.protection)
        if gives == "none":
            continue
        if p.role != "corridor":
            depth = max(depth, float(p.geom.exterior.distance(spot)))
        where = "across its side" if entry.cover_where == "bridge_side" else "inside it"
        sources.append(CoverSource(feature.name, feature.kind, gives, f"{feature.label}, {where}"))
        klass = MAPPING.materials[feature.material] if feature.material else entry.breach
        if klass is not None and (breach is None or _BREACH_ORDER[klass] > _BREACH_ORDER[breach]):
            breach = klass
    if apart and lines:
        line = _Segment.of(firer, target.at)
        for p in lines:
            feature = bf.features[p.feature]
            if not any(distance(line.at(t1), target.at) <= body.reach + EPS for _, t1 in line.spans(p.geom)):
                continue  # the fire does not cross it where the target touches it (BR-24)
            fx = effects(feature.kind, unit)
            gives = _class_for(feature.kind, unit, fx.protection, feature.height_ft)
            if gives != "none":
                sources.append(CoverSource(feature.name, feature.kind, gives,
                                           f"{feature.label}, touching it with the fire crossing it"))
    classes = [s.gives for s in sources]
    save: SaveCover = "open"
    for gives in classes:
        if gives in ("hard", "soft") and _SAVE_ORDER[gives] > _SAVE_ORDER[save]:
            save = "hard" if gives == "hard" else "soft"
    partial = "partial" in classes
    return Cover(save, partial, concealed or bool(sources), breach, depth, tuple(sources))


def _cover_pieces(layout: Layout, at: Point, reach: float) -> tuple[Any, list[Piece], list[Piece]]:
    """The point ``at``, the area pieces holding it and the line pieces within ``reach`` of it (kept per point)."""
    key = ("cover", at, reach)
    got = layout.memo.get(key)
    if got is None:
        spot = ShapelyPoint(at)
        got = (spot, layout.role_hits(spot, "cover", "works", "corridor"), layout.role_hits(spot.buffer(reach), "line"))
        if len(layout.memo) > 200_000:
            layout.memo.clear()
        layout.memo[key] = got
    return got


def _crosses_side(bf: Battlefield, i: int, fire: Any) -> bool:
    """Whether the line of fire crosses a long side of bridge ``i`` (not along the roadway)."""
    span = bf.layout.shapes[i]
    half = bf.layout.width_of(bf.features[i]) / 2
    return any(fire.intersects(span.offset_curve(offset)) for offset in (half, -half))


# --- unit integrity -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Integrity:
    """Whether a company's figures keep together (seed 004 "Unit integrity", BR-26).

    ``groups``: the figures (indexes) that hold together, each within 1" of another of its group;
    ``widest_gap``: the largest gap (base edge to base edge) the figures must bridge to hold
    together; ``stray_holders``: horse holders more than 6" from the rest; ``close_order``: every
    figure in base to base contact with the others ("Advancing in close order").
    """

    groups: tuple[tuple[int, ...], ...]
    widest_gap: float
    stray_holders: tuple[int, ...]
    close_order: bool

    @property
    def intact(self) -> bool:
        return len(self.groups) <= 1 and not self.stray_holders

    @property
    def split(self) -> bool:
        """"The unit is split (more than 1" between figures, or horse-holders more than 6" away)"."""
        return not self.intact


def _gap(a: Point, b: Point) -> float:
    return max(0.0, distance(a, b) - MOVEMENT.integrity.base_inches)


def integrity(figures: Sequence[Point], holders: Sequence[Point] = ()) -> Integrity:
    """The integrity of a company whose figures stand at ``figures`` (base centres), with horse
    holders at ``holders`` (BR-26): gaps are measured base edge to base edge, bases 3/4" across."""
    rules = MOVEMENT.integrity
    n = len(figures)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    edges = sorted((_gap(figures[i], figures[j]), i, j) for i in range(n) for j in range(i + 1, n))
    widest = 0.0
    joined = 0
    for gap, i, j in edges:
        ri, rj = root(i), root(j)
        if ri != rj:
            parent[ri] = rj
            widest = max(widest, gap)
            joined += 1
            if joined == n - 1:
                break
    parent = list(range(n))
    for gap, i, j in edges:
        if gap <= rules.spacing_inches + EPS:
            parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(i)
    stray = tuple(k for k, h in enumerate(holders)
                  if not figures or min(_gap(h, f) for f in figures) > rules.holder_reach_inches + EPS)
    return Integrity(tuple(tuple(g) for g in sorted(groups.values())), widest, stray,
                     n > 0 and widest <= rules.contact_inches + EPS)


__all__ = [
    "Cover", "CoverSource", "Crossed", "Crossing", "Ground", "Integrity", "Leg", "MoveCost", "Mover", "Rate",
    "Reach", "Sight", "Viewpoint", "cover", "distance", "distance_to", "features_at", "ground", "integrity",
    "line_of_fire", "line_of_sight", "mover", "path_cost", "unit_of",
]
