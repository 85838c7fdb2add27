"""The Brigade game's table: a width x depth of inches holding the terrain features of a scenario.

Seed 004 "WW2 Rules for Brigade level games" ("Basic scales": 1" = 20 yards) has no terrain of
its own; its terrain layer is seed 003 "Terrain & Mines", whose catalogue is read through
:func:`warroom.rulesets.terrain_mines.terrain.terrain_effects` and never re-typed. What the
Brigade game adds - which seed-003 kind is which column of seed 004's movement table, which
gives hard or soft cover, how high things are for sight lines, and a few judge-defined kinds
seed 003 does not catalogue (walls, rough ground, trenches, fortifications) - is data
(``data/terrain.toml``), checked against the schema below when this module is imported.
Readings BR-1 ... BR-34 (docs/rulings.md).

A :class:`Battlefield` is built from plain data, as a scenario file gives it::

    Battlefield.from_data({"width": 72, "depth": 48, "features": [
        {"name": "Bois de Cerisy", "kind": "woods", "points": [[10, 10], [20, 10], [20, 18], [10, 18]]},
        {"name": "Crest", "kind": "ridge", "points": [[30, 0], [30, 48]], "height_ft": 15},
    ]})

Every problem - a bad kind, an outline that crosses itself, a feature off the table, two
ground covers overlapping, a ridge without the judge's height - raises one
:class:`BattlefieldError` naming the feature and what is wrong. The compiled geometry
(:class:`Layout`, with an STRtree over every piece) is built once, when the table is made;
the queries are in :mod:`warroom.rulesets.brigade.geometry` and
:mod:`warroom.rulesets.brigade.paths`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal, Self, get_args

import numpy as np
import shapely
from pydantic import Field, PrivateAttr, ValidationError, ValidationInfo, field_validator, model_validator
from shapely.geometry import LineString, Polygon, box
from shapely.strtree import STRtree
from shapely.validation import explain_validity

from warroom.core.errors import UsageError, suggest
from warroom.core.rule_uses import register_rule_use
from warroom.core.tables import Table, load_table, read_toml
from warroom.rulesets.brigade.info import SEED
from warroom.rulesets.terrain_mines.info import SEED as TERRAIN_SEED
from warroom.rulesets.terrain_mines.terrain import (
    OTHERS,
    TERRAIN_ALIASES,
    Protection,
    terrain_effects,
    terrain_kinds,
    unit_kinds,
)

TERRAIN_FILE = Path(__file__).with_name("data") / "terrain.toml"

Layer = Literal["cover", "relief", "line", "corridor", "works", "none"]
Column = Literal["road", "open", "rough", "thick"]
CoverClass = Literal["hard", "soft", "partial", "none"]
COLUMNS: tuple[Column, ...] = ("road", "open", "rough", "thick")
COLUMN_WORDS: dict[str, str] = {
    "road": "On road", "open": "In the open", "rough": "Rough ground / Open woods", "thick": "Thick woods",
}
OPTIONS = ("upper_levels", "level_height_ft", "height_ft", "storeys", "material", "lanes", "width", "fordable",
           "weight_limit_tons")
EPS = 1e-9

for _seed, _section, _code in (
    (SEED, "Basic scales", "brigade.table.Battlefield"),
    (TERRAIN_SEED, "Terrain, Buildings and Other Features", "brigade.table.Battlefield"),
):
    register_rule_use(_seed, _section, _code)


class BattlefieldError(UsageError):
    """A table that cannot be a Brigade battlefield: the message names the feature and what is wrong."""


# --- the Brigade reading of the terrain (data/terrain.toml) ---------------------------------------


class RoadWidths(Table):
    single: float = Field(gt=0)
    double: float = Field(gt=0)


class TableSizes(Table):
    """Scale and sizes the Brigade table uses (BR-1, BR-7 ... BR-9)."""

    terrain_scale: Literal["1/72", "1/285"]
    storey_ft: float = Field(gt=0)
    hill_level_ft: float = Field(gt=0)
    river_width: float = Field(gt=0)
    bridge_width: float = Field(gt=0)
    primary_road_width: RoadWidths
    secondary_road_width: float = Field(gt=0)
    readings: tuple[str, ...] = ()


class Body(Table):
    """What a kind of unit is for sight lines and touching (BR-10, BR-21)."""

    height_ft: float = Field(gt=0)
    reach: float = Field(gt=0)
    hull_ft: float | None = Field(None, gt=0)


class OwnKind(Table):
    """A judge-defined kind seed 003 does not catalogue: its effects, in seed 003's vocabulary."""

    name: str
    what: str
    los: Literal["clear"]
    protection: dict[str, Protection]
    movement: dict[str, Literal["yes", "no"]]


class KindMap(Table):
    """The Brigade reading of one terrain kind."""

    layer: Layer
    placed: str | None = None
    column: Column | None = None
    screen_ft: float | None = Field(None, gt=0)
    share_from_003: bool = False
    troops: Literal["hard", "soft", "none"] = "none"
    vehicles: Literal["partial", "none"] = "none"
    cover_where: Literal["inside", "touching", "bridge_side"] = "inside"
    breach: Literal["weak", "strong", "fortification"] | None = None
    options: tuple[str, ...] = ()
    required: dict[str, str] = Field(default_factory=dict)
    own: OwnKind | None = None
    readings: tuple[str, ...] = ()

    @field_validator("readings")
    @classmethod
    def _reading_ids(cls, readings: tuple[str, ...]) -> tuple[str, ...]:
        for reading in readings:
            if not reading.startswith("BR-") or not reading[3:].isdigit() or not 1 <= int(reading[3:]) <= 39:
                raise ValueError(f"'{reading}' is not a reading of this table "
                                 "(BR-1 ... BR-39, docs/rulings.md)")
        return readings

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.layer == "none") != (self.placed is not None):
            raise ValueError("`placed` (why the kind is not placed) is given exactly for layer = \"none\"")
        if self.layer in ("cover", "relief", "corridor", "works") and self.column is None:
            raise ValueError(f"a {self.layer} kind needs its movement `column`")
        stray = set(self.options) - set(OPTIONS)
        if stray:
            raise ValueError(f"options {sorted(stray)} are not feature fields ({', '.join(OPTIONS)})")
        if set(self.required) - set(self.options):
            raise ValueError("every `required` field must be one of the kind's `options`")
        return self


class TerrainMapping(Table):
    """The whole file: sizes, bodies, the protection map and every kind."""

    table: TableSizes
    bodies: dict[str, Body]
    protection: dict[str, Literal["hard", "soft", "partial", "none", "own"]]
    kinds: dict[str, KindMap]
    materials: dict[Literal["wood", "brick", "stone"], Literal["weak", "strong", "fortification"]]

    @model_validator(mode="after")
    def _complete(self) -> Self:
        seed_kinds = set(terrain_kinds())
        units = unit_kinds()
        for key, kind in self.kinds.items():
            if key in seed_kinds and kind.own is not None:
                raise ValueError(f"kinds.{key}: seed 003 catalogues it; its effects are seed 003's, not `own`")
            if key not in seed_kinds and kind.own is None:
                raise ValueError(f"kinds.{key}: not a seed-003 kind, so it needs its effects in [kinds.{key}.own]")
            if kind.own is not None:
                for part, entries in (("protection", kind.own.protection), ("movement", kind.own.movement)):
                    if OTHERS not in entries and set(units) - set(entries):
                        raise ValueError(f"kinds.{key}.own.{part}: no entry for "
                                         f"{', '.join(sorted(set(units) - set(entries)))} (add them or 'others')")
                    if set(entries) - set(units) - {OTHERS}:
                        raise ValueError(f"kinds.{key}.own.{part}: unknown unit kinds "
                                         f"{sorted(set(entries) - set(units) - {OTHERS})}")
        missing = seed_kinds - set(self.kinds)
        if missing:
            raise ValueError(f"kinds: no Brigade reading for the seed-003 kinds {sorted(missing)}")
        if set(units) != set(self.bodies):
            raise ValueError(f"bodies: give exactly the seed-003 unit kinds {sorted(units)}")
        for key, body in self.bodies.items():
            if units[key].vehicle != (body.hull_ft is not None):
                raise ValueError(f"bodies.{key}: hull_ft is given exactly for vehicles")
        if set(self.protection) != set(get_args(Protection)):
            raise ValueError(f"protection: map exactly the seed-003 protections {sorted(get_args(Protection))}")
        tallest = max(body.height_ft for body in self.bodies.values())
        for key in ("hedge", "bocage"):
            screen = self.kinds[key].screen_ft
            if screen is None or screen <= tallest:
                raise ValueError(f"kinds.{key}.screen_ft must be above every body's height ({tallest:g} ft): seed 003 "
                                 "lets no LOS through it on the same level (BR-15)")
        return self


@functools.cache
def mapping(path: Path = TERRAIN_FILE) -> TerrainMapping:
    """The Brigade reading of the terrain, loaded and checked on first use."""
    return load_table(path, TerrainMapping)


MAPPING = mapping()
"""The Brigade reading of the terrain, loaded at import: a broken file shows at once."""

SCALE = MAPPING.table.terrain_scale

OWN_ALIASES: tuple[tuple[str, str], ...] = (
    ("walls", "wall"), ("stone_wall", "wall"), ("rough", "rough_ground"), ("trench", "slit_trench"),
    ("slit_trenches", "slit_trench"), ("pre_dug", "pre_dug_trench"), ("fort", "fortification"),
    ("fortifications", "fortification"),
)


def kind_key(name: str) -> str:
    """The key of terrain kind ``name`` (aliases allowed: ``hedgerow`` is ``bocage``); UsageError if unknown."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = dict((*TERRAIN_ALIASES, *OWN_ALIASES)).get(key, key)
    if key not in MAPPING.kinds:
        placed = [k for k, m in MAPPING.kinds.items() if m.layer != "none"]
        raise UsageError(f"unknown terrain kind '{name}'{suggest(key, placed)}; kinds are: {', '.join(placed)}")
    return key


def kind_name(key: str) -> str:
    """The kind's name as the seed writes it ("Hedgerow (Bocage)")."""
    own = MAPPING.kinds[key].own
    return own.name if own is not None else terrain_kinds()[key].name


# --- what a kind does to a unit: seed 003's catalogue, or the judge-defined kinds ---------------


@dataclass(frozen=True)
class KindEffects:
    """What terrain ``kind`` does to a ``unit`` (a seed-003 unit kind), in seed 003's vocabulary.

    ``allowed``: yes | following | crossing | no | judge (seed 003's movement); ``share`` the
    part of the rate seed 003 gives (used only where seed 004 has no column, BR-4); ``los``
    and ``sight_limit`` seed 003's sighting; ``protection`` seed 003's protection.
    """

    kind: str
    unit: str
    allowed: str
    share: Fraction
    follow: str | None
    follow_within: float | None
    penalty_turns: int
    penalty_inches: float | None
    needs: str | None
    bog_check: bool
    bog_down_percent: int | None
    los: str
    sight_limit: float | None
    fire_through: str
    protection: str
    rule: str


@functools.lru_cache(maxsize=4096)
def effects(kind: str, unit: str, *, ford: bool = False, judge_placed: bool = False,
            hedgerow_cutters: bool = False) -> KindEffects:
    """The effects of terrain ``kind`` on seed-003 unit kind ``unit`` at the Brigade scale (BR-1)."""
    own = MAPPING.kinds[kind].own
    if own is not None:
        allowed = own.movement.get(unit) or own.movement[OTHERS]
        return KindEffects(
            kind=kind, unit=unit, allowed=allowed, share=Fraction(1), follow=None, follow_within=None,
            penalty_turns=0, penalty_inches=None, needs=None, bog_check=False, bog_down_percent=None,
            los=own.los, sight_limit=None, fire_through="as_los",
            protection=own.protection.get(unit) or own.protection[OTHERS], rule=own.what,
        )
    fx = terrain_effects(kind, SCALE, unit, ford=ford, judge_placed=judge_placed, hedgerow_cutters=hedgerow_cutters)
    return KindEffects(
        kind=kind, unit=unit, allowed=fx.movement, share=fx.speed if fx.speed is not None else Fraction(1),
        follow=fx.follow, follow_within=fx.follow_within_inches, penalty_turns=fx.penalty_turns,
        penalty_inches=fx.penalty_inches, needs=fx.needs if not fx.needs_met else None, bog_check=fx.bog_check,
        bog_down_percent=fx.bog_down_percent, los=fx.los, sight_limit=fx.sight_limit_inches,
        fire_through=fx.fire_through, protection=fx.protection, rule=fx.movement_rule,
    )


def is_vehicle(unit: str) -> bool:
    return unit_kinds()[unit].vehicle


# --- features and the battlefield ------------------------------------------------------------------

Coord = tuple[float, float]
Ring = tuple[Coord, ...]


class Feature(Table):
    """One terrain feature: a name, a kind, and its outline (an area) or course (a line), in inches.

    Kind-specific fields (the judge's decisions): ``upper_levels`` and ``level_height_ft`` for a
    hill (its contour levels above the base, each inside the one before, and the height each
    adds); ``height_ft`` for a ridge (required); ``storeys`` and ``material`` for a building;
    ``lanes`` for a primary road (required); ``width`` for roads, rivers and bridges; ``fordable``
    for a river; ``weight_limit_tons`` for a bridge.
    """

    name: str = Field(min_length=1)
    kind: str
    points: Ring
    upper_levels: tuple[Ring, ...] = ()
    level_height_ft: float | None = Field(None, gt=0, le=1000)
    height_ft: float | None = Field(None, gt=0, le=1000)
    storeys: int | None = Field(None, ge=1, le=20)
    material: Literal["wood", "brick", "stone"] | None = None
    lanes: Literal[1, 2] | None = None
    width: float | None = Field(None, gt=0, le=24)
    fordable: bool | None = None
    weight_limit_tons: int | None = Field(None, ge=1, le=200)

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value: str, info: ValidationInfo) -> str:
        try:
            return kind_key(value)
        except UsageError as exc:
            raise BattlefieldError(f"feature '{info.data.get('name', '?')}': {exc}") from None

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> Self:
        kind = MAPPING.kinds[self.kind]
        where = f"feature '{self.name}' ({kind_name(self.kind)})"
        if kind.layer == "none":
            raise BattlefieldError(f"{where}: {kind.placed}")
        for option in OPTIONS:
            value = getattr(self, option)
            given = bool(value) if option == "upper_levels" else value is not None
            if given and option not in kind.options:
                users = [kind_name(k) for k, m in MAPPING.kinds.items() if option in m.options]
                raise BattlefieldError(f"{where}: {option} is not for this kind; it is for: {', '.join(users)}")
        for option, why in kind.required.items():
            if getattr(self, option) is None:
                raise BattlefieldError(f"{where}: give {option}: {why}")
        return self

    @property
    def layer(self) -> Layer:
        return MAPPING.kinds[self.kind].layer

    @property
    def label(self) -> str:
        """``'Bois de Cerisy' (Woods)``, as rulings and errors name it."""
        return f"'{self.name}' ({kind_name(self.kind)})"


Role = Literal["cover", "contour", "line", "corridor", "works"]
ROLES: tuple[Role, ...] = ("cover", "contour", "line", "corridor", "works")
ROLE_CODE = {role: i for i, role in enumerate(ROLES)}


@dataclass(frozen=True)
class Piece:
    """One indexed piece of a feature: its ground cover, a contour level, a line, a corridor, works.

    ``top_ft`` is the height a sight line must clear over the piece's ground: a screen (woods
    canopy, hedge, a building's roof), a ridge's height, or for a contour its ground height.
    """

    feature: int
    role: Role
    geom: Any
    top_ft: float
    level: int = 0


class Layout:
    """The compiled geometry of a battlefield: one shapely shape per feature and an STRtree of pieces."""

    def __init__(self, field: Battlefield) -> None:
        self.features = field.features
        self.bounds = box(0.0, 0.0, field.width, field.depth)
        self.index: dict[str, int] = {}
        self._ground: dict[tuple[float, float], Piece | None] = {}
        self.shapes: list[Any] = []
        pieces: list[Piece] = []
        for i, feature in enumerate(field.features):
            if feature.name in self.index:
                raise BattlefieldError(f"feature {feature.label}: the name is already used by feature "
                                       f"{field.features[self.index[feature.name]].label}; names must be unique")
            self.index[feature.name] = i
            shape, own = self._compile(i, feature, field)
            self.shapes.append(shape)
            pieces += own
        self.pieces = tuple(pieces)
        self.geoms = np.array([p.geom for p in self.pieces], dtype=object)
        self.roles = np.array([ROLE_CODE[p.role] for p in self.pieces], dtype=np.int8)
        self.tree = STRtree(self.geoms)
        shapely.prepare(self.geoms)
        # the tree's own order of its pieces (a query lists what it finds in this order) and their boxes,
        # for the segment queries of line of sight, which test boxes first (see segment_candidates)
        everything = box(-1e9, -1e9, 1e9, 1e9)
        self.tree_order = tuple(int(j) for j in self.tree.query(everything))
        self._boxes = tuple((j, ROLE_CODE[self.pieces[j].role], *self.pieces[j].geom.bounds) for j in self.tree_order)
        self.memo: dict[Any, Any] = {}
        """Answers of pure queries on this table (a point's ground and pieces, a sight line's end), kept."""
        self._check_overlaps()

    # --- compiling one feature ---------------------------------------------------------------

    def _outside(self, feature: Feature, points: Ring) -> None:
        for x, y in points:
            if not (-EPS <= x <= self.bounds.bounds[2] + EPS and -EPS <= y <= self.bounds.bounds[3] + EPS):
                raise BattlefieldError(
                    f"feature {feature.label}: point ({x:g}, {y:g}) is off the {self.bounds.bounds[2]:g}\" x "
                    f"{self.bounds.bounds[3]:g}\" table (x from 0 to the width, y from 0 to the depth)")

    def _polygon(self, feature: Feature, ring: Ring, what: str = "outline") -> Any:
        points = list(ring[:-1] if len(ring) > 3 and ring[0] == ring[-1] else ring)
        if len(set(points)) < 3:
            raise BattlefieldError(f"feature {feature.label}: an area needs at least 3 distinct points in its {what}, "
                                   f"not {len(set(points))}")
        self._outside(feature, ring)
        polygon = Polygon(points)
        if polygon.convex_hull.area <= EPS:
            raise BattlefieldError(f"feature {feature.label}: its {what} encloses no area (its points are in a line)")
        if not polygon.is_valid:
            raise BattlefieldError(f"feature {feature.label}: its {what} is not a simple polygon "
                                   f"({explain_validity(polygon)}): list the corners in order round the edge")
        return polygon

    def _line(self, feature: Feature) -> Any:
        if len(feature.points) < 2:
            raise BattlefieldError(f"feature {feature.label}: a line needs at least 2 points, "
                                   f"not {len(feature.points)}")
        self._outside(feature, feature.points)
        line = LineString(feature.points)
        if line.length <= EPS:
            raise BattlefieldError(f"feature {feature.label}: its points are all at one place: a line needs length")
        if not line.is_simple:
            raise BattlefieldError(f"feature {feature.label}: the line crosses itself; give it as two features")
        return line

    def width_of(self, feature: Feature) -> float:
        """The width of a road, river or bridge: its own, or the table's default for its kind."""
        sizes = MAPPING.table
        if feature.width is not None:
            return feature.width
        if feature.kind == "river":
            return sizes.river_width
        if feature.kind in ("stone_bridge", "other_bridge"):
            return sizes.bridge_width
        if feature.kind == "primary_road":
            return sizes.primary_road_width.double if feature.lanes == 2 else sizes.primary_road_width.single
        return sizes.secondary_road_width

    def _compile(self, i: int, feature: Feature, field: Battlefield) -> tuple[Any, list[Piece]]:
        kind = MAPPING.kinds[feature.kind]
        layer = kind.layer
        if layer == "relief":
            step = feature.level_height_ft or MAPPING.table.hill_level_ft
            outline = self._polygon(feature, feature.points, "base contour")
            levels = [Piece(i, "contour", outline, step, 1)]
            for n, ring in enumerate(feature.upper_levels, start=2):
                polygon = self._polygon(feature, ring, f"contour level {n}")
                if not levels[-1].geom.covers(polygon) or polygon.area >= levels[-1].geom.area - EPS:
                    raise BattlefieldError(f"feature {feature.label}: contour level {n} must lie inside level {n - 1}")
                levels.append(Piece(i, "contour", polygon, step * n, n))
            return outline, levels
        if layer in ("cover", "works"):
            polygon = self._polygon(feature, feature.points)
            top = kind.screen_ft or 0.0
            if feature.kind == "building":
                top = (feature.storeys or 1) * MAPPING.table.storey_ft
            return polygon, [Piece(i, layer, polygon, top)]
        line = self._line(feature)
        if layer == "line":
            top = feature.height_ft if feature.kind == "ridge" and feature.height_ft else kind.screen_ft or 0.0
            return line, [Piece(i, "line", line, top)]
        footprint = line.buffer(self.width_of(feature) / 2, cap_style="flat").intersection(self.bounds)
        return line, [Piece(i, "corridor", footprint, 0.0)]

    # --- what must not overlap -----------------------------------------------------------------

    def _pairs(self, role: Role, other: Role | None = None) -> list[tuple[Piece, Piece]]:
        first = [p for p in self.pieces if p.role == role and (role != "contour" or p.level == 1)]
        second = first if other is None else [p for p in self.pieces if p.role == other]
        found = []
        for n, a in enumerate(first):
            for b in second[n + 1:] if other is None else second:
                if a.feature != b.feature and a.geom.intersection(b.geom).area > 1e-6:
                    found.append((a, b))
        return found

    def _check_overlaps(self) -> None:
        names = self.features
        for a, b in self._pairs("cover"):
            raise BattlefieldError(
                f"features {names[a.feature].label} and {names[b.feature].label} overlap "
                f"({a.geom.intersection(b.geom).area:.2g} sq in): a point of the table has one ground cover; "
                "cut one out of the other (BR-27)")
        for a, b in self._pairs("contour"):
            raise BattlefieldError(
                f"hills {names[a.feature].label} and {names[b.feature].label} overlap: a hill on a hill is one hill "
                "with upper_levels (BR-27)")
        for a, b in self._pairs("works"):
            raise BattlefieldError(f"works {names[a.feature].label} and {names[b.feature].label} overlap (BR-27)")
        for a, b in self._pairs("works", "cover"):
            if names[b.feature].kind == "building":
                raise BattlefieldError(f"works {names[a.feature].label} overlap building {names[b.feature].label}: "
                                       "a building is its own cover (BR-27)")
        rivers = [p.geom for p in self.pieces if names[p.feature].kind == "river"]
        for p in self.pieces:
            feature = names[p.feature]
            if feature.kind in ("stone_bridge", "other_bridge") and not any(p.geom.intersects(r) for r in rivers):
                raise BattlefieldError(f"feature {feature.label}: a bridge must span a river, and this one meets none "
                                       "(BR-27)")

    # --- lookups -------------------------------------------------------------------------------

    def feature(self, name: str) -> int:
        """The index of the feature called ``name``; BattlefieldError if there is none."""
        try:
            return self.index[name]
        except KeyError:
            raise BattlefieldError(f"no feature called '{name}' on this table{suggest(name, self.index)}") from None

    def role_hits(self, geom: Any, *roles: Role, predicate: str = "intersects") -> list[Piece]:
        """The pieces of the given roles that ``geom`` meets (STRtree query, then the exact predicate)."""
        hits = self.tree.query(geom, predicate=predicate)
        codes = {ROLE_CODE[r] for r in roles}
        return [self.pieces[int(j)] for j in hits if int(self.roles[j]) in codes]

    def segment_candidates(self, a: tuple[float, float], b: tuple[float, float], *roles: Role) -> list[int]:
        """The pieces of the given roles whose bounding boxes meet the segment a-b's, in the order an STRtree
        query lists them: a superset of the pieces the segment meets, for an exact intersection after."""
        codes = {ROLE_CODE[r] for r in roles}
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        return [j for j, code, bx0, by0, bx1, by1 in self._boxes
                if code in codes and bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1]

    def point_hits(self, x: float, y: float, *roles: Role) -> list[Piece]:
        """The pieces of the given roles holding the point (x, y), as ``role_hits`` of the point lists them
        (boxes first, then the exact test on the prepared shapes; no point object is made)."""
        codes = {ROLE_CODE[r] for r in roles}
        pieces = self.pieces
        return [pieces[j] for j, code, bx0, by0, bx1, by1 in self._boxes
                if code in codes and bx0 <= x <= bx1 and by0 <= y <= by1
                and shapely.intersects_xy(pieces[j].geom, x, y)]

    def ground_piece(self, x: float, y: float) -> Piece | None:
        """The highest contour level holding the point (x, y), cached per point (games ask for the same spots)."""
        key = (x, y)
        if key in self._ground:
            return self._ground[key]
        best: Piece | None = None
        for piece in self.point_hits(x, y, "contour"):
            if best is None or piece.level > best.level:
                best = piece
        if len(self._ground) > 50_000:
            self._ground.clear()
        self._ground[key] = best
        return best


MAX_FEATURES = 100
"""The most terrain features a table holds (the shipped scenarios have 10 to 12): sight, cover and movement are
worked out over every feature, and thousands of them would make each move take minutes."""


class Battlefield(Table):
    """A Brigade table: ``width`` x ``depth`` inches (x across, y into the table) and its terrain features.

    Frozen; validated when made (:class:`BattlefieldError` names the feature and the fault).
    ``layout`` is the compiled geometry the queries in :mod:`.geometry` use.
    """

    width: float = Field(gt=0, le=2000)
    depth: float = Field(gt=0, le=2000)
    features: tuple[Feature, ...] = ()
    _layout: Layout = PrivateAttr()

    @field_validator("features", mode="before")
    @classmethod
    def _not_too_many(cls, value: Any) -> Any:
        if isinstance(value, list | tuple) and len(value) > MAX_FEATURES:
            raise ValueError(f"at most {MAX_FEATURES} terrain features on a table, not {len(value)}")
        return value

    def model_post_init(self, context: Any, /) -> None:
        self._layout = Layout(self)

    @property
    def layout(self) -> Layout:
        # straight from pydantic's store of private attributes: the sight and movement queries ask for the
        # layout many times a move, and the attribute lookup through BaseModel.__getattr__ is slow
        return self.__pydantic_private__["_layout"]  # type: ignore[index,no-any-return]

    def feature(self, name: str) -> Feature:
        """The feature called ``name``; BattlefieldError if there is none."""
        return self.features[self._layout.feature(name)]

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str = "battlefield") -> Battlefield:
        """A battlefield from plain data (a scenario's ``width``, ``depth`` and ``features`` list of tables).

        Every fault raises one :class:`BattlefieldError` that starts with ``source`` and names the
        feature (by number and name) and the field.
        """
        try:
            return cls.model_validate(dict(data))
        except ValidationError as exc:
            raise BattlefieldError(f"{source}: {_describe(exc, data)}") from None
        except BattlefieldError as exc:
            raise BattlefieldError(f"{source}: {exc}") from None

    @classmethod
    def load(cls, path: Path) -> Battlefield:
        """A battlefield from a TOML file with ``width``, ``depth`` and ``[[features]]``."""
        return cls.from_data(read_toml(path, BattlefieldError, "the table"), str(path))


def _describe(exc: ValidationError, data: Mapping[str, Any]) -> str:
    """The first problem of a validation error, naming the feature by number and name."""
    first = exc.errors()[0]
    loc = list(first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
    if len(loc) >= 2 and loc[0] == "features" and isinstance(loc[1], int):
        n = loc[1]
        raw = data.get("features", [])
        name = raw[n].get("name") if n < len(raw) and isinstance(raw[n], Mapping) else None
        who = f"feature {n + 1}" + (f" '{name}'" if name else "")
        field = ".".join(str(part) for part in loc[2:]) or "(the feature itself)"
        return f"{who}: {field}: {message}{more}"
    field = ".".join(str(part) for part in loc) or "(the table itself)"
    return f"{field}: {message}{more}"
