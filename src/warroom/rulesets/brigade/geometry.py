"""Distances, line of sight, cover and unit integrity on a Brigade table (movement along a path: paths.py).

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
* :func:`~warroom.rulesets.brigade.paths.path_cost` (in :mod:`.paths`): movement along a straight path,
  on the movement table of :mod:`.movement_table`.
* :func:`cover`: a target's cover against fire from a point, as seed 004 needs it: the save
  column (hard, soft, open), a vehicle's partial cover, concealment and the breaching class.
* :func:`integrity`: whether a company's figures keep within 1" of each other.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import shapely
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from warroom.core.errors import UsageError
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.brigade.info import SEED
from warroom.rulesets.brigade.movement_table import MOVEMENT, unit_of
from warroom.rulesets.brigade.table import (
    EPS,
    MAPPING,
    Battlefield,
    CoverClass,
    Feature,
    Layout,
    Piece,
    Role,
    effects,
    is_vehicle,
)
from warroom.rulesets.terrain_mines.info import SEED as TERRAIN_SEED

Point = tuple[float, float]
"""A point on the table, ``(x, y)`` in inches."""

for _seed, _section, _code in (
    (SEED, "Unit integrity", "brigade.geometry.integrity"),
    (SEED, "Advancing in close order", "brigade.geometry.integrity (close order)"),
    (SEED, "Saving throws", "brigade.geometry.cover"),
    (SEED, "Firing at vehicles", "brigade.geometry.cover (partial cover)"),
    (TERRAIN_SEED, "Terrain", "brigade.geometry.line_of_sight"),
    (TERRAIN_SEED, "Terrain", "brigade.geometry.cover"),
):
    register_rule_use(_seed, _section, _code)


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


def in_bounds(bf: Battlefield, *points: Point) -> None:
    for x, y in points:
        if not (-EPS <= x <= bf.width + EPS and -EPS <= y <= bf.depth + EPS):
            raise UsageError(f"point ({x:g}, {y:g}) is off the {bf.width:g}\" x {bf.depth:g}\" table")


# --- along a segment ----------------------------------------------------------------------------------


_POINT_OR_LINE = (0, 1)
"""shapely's type ids of a Point and a LineString."""


@dataclass(frozen=True)
class Segment:
    a: Point
    b: Point
    geom: Any
    length: float

    @classmethod
    def of(cls, a: Point, b: Point) -> Segment:
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
    seg = Segment(a.at, b.at, LineString([a.at, b.at]), length)
    pieces = [layout.pieces[j] for j in near]
    return _trace_hits(bf, a, b, seg, [(p, seg.spans(p.geom)) for p in pieces if p.geom.intersects(seg.geom)])


def _trace_hits(bf: Battlefield, a: _End, b: _End, seg: Segment, hits: list[tuple[Piece, list[tuple[float, float]]]]
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


def _trace_area(trace: _Trace, seg: Segment, spans: list[tuple[float, float]], profile: _Profile, a: _End,
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


def _trace_line(trace: _Trace, seg: Segment, spans: list[tuple[float, float]], profile: _Profile, a: _End,
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
    in_bounds(bf, a.at, b.at)
    return _sight(_trace(bf, _end(bf, a), _end(bf, b)))


def line_of_fire(bf: Battlefield, firer: Viewpoint, target: Viewpoint) -> Sight:
    """Whether ``firer`` may fire at ``target``: it must see it, and a vehicle firing over a ridge
    must be touching the ridge where the line crosses it (003 item 11, BR-16)."""
    in_bounds(bf, firer.at, target.at)
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
    in_bounds(bf, target.at, firer)
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
        line = Segment.of(firer, target.at)
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
    "Cover", "CoverSource", "Crossed", "Ground", "Integrity", "Point", "Sight", "Viewpoint", "cover", "distance",
    "distance_to", "features_at", "ground", "integrity", "line_of_fire", "line_of_sight",
]
