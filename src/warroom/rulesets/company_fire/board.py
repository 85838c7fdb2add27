"""Company Fire's board: square spaces, area and edge terrain, roads, and the facts of moving on it.

Seed 002, sections "Grid Size", "Stacking", "Movement", "Terrain", "Area Terrain",
"Edge Terrain", "Linear Terrain (optional)" and "Special Terrain Rules" / "Bocage".
Readings CF-27 ... CF-38 (docs/rulings.md).

A :class:`Board` is W x H spaces addressed ``(col, row)``, column 0 on the left and
row 0 at the top. Each space has one area terrain and may have a road; each edge
between two orthogonally adjacent spaces may carry edge terrain; optional linear
terrain lies inside a space as a segment. Terrain properties are data
(``data/terrain.toml``, schema :class:`TerrainTables`), loaded at import.

Everything here is a pure function of immutable values: the board never holds
units. The dynamic facts of a game (enemy spaces, smoke, who occupies which
bocage) are passed in as frozensets, so the game can ask about any state.
Line of sight and cover for an attack are in :mod:`los`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from warroom.core.errors import UsageError
from warroom.core.rule_uses import register_rule_use
from warroom.core.tables import Table, load_table
from warroom.rulesets.company_fire.geometry import is_adjacent as is_adjacent
from warroom.rulesets.company_fire.geometry import king_distance as king_distance
from warroom.rulesets.company_fire.geometry import orthogonal_distance as orthogonal_distance
from warroom.rulesets.company_fire.geometry import range_between as range_between
from warroom.rulesets.company_fire.geometry import set_range_metric
from warroom.rulesets.company_fire.geometry import shares_edge as shares_edge
from warroom.rulesets.company_fire.info import SEED
from warroom.rulesets.company_fire.movement import destinations as move_destinations

TERRAIN_FILE = Path(__file__).with_name("data") / "terrain.toml"

Space = tuple[int, ...]
"""A space, ``(col, row)``. Typed as a tuple of ints of any length, not ``tuple[int, int]``: the native build
(hatch_build.py) unpacks a fixed-length tuple into C integers and packs a new tuple each time it is used as a
key or passed on, and spaces are dict keys and set members everywhere; kept as the tuple it is, a space
costs nothing to pass (a tenth fewer instructions per game)."""
"""A space as ``(col, row)``; ``(0, 0)`` is the top-left space."""

Edge = tuple[Space, Space]
"""An edge as the two spaces that share it, the smaller ``(col, row)`` first (see :func:`edge_between`)."""

Mover = Literal["infantry", "vehicle"]
"""Who moves: ``"infantry"`` for squads, weapon teams, guns and SMFs ("infantry and like units"), or ``"vehicle"``."""

SIDES: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""The four sides of a space and the step to the neighbour across each."""

NO_SPACES: frozenset[Space] = frozenset()


# --- the terrain tables -------------------------------------------------------------------------


class BoardRules(Table):
    range_metric: Literal["orthogonal", "king"]


class Stacking(Table):
    max_units: int = Field(ge=1)
    max_non_smf: int = Field(ge=0)


class Road(Table):
    opens_to_vehicles: bool
    opens_to_infantry: bool


class AreaTerrain(Table):
    label: str
    code: str = Field(min_length=1, max_length=1, pattern=r"^\S$")
    blocks_los: bool
    cover: bool
    impassable_to_infantry: bool
    impassable_to_vehicles: bool
    sees_into_adjacent: bool


class EdgeTerrain(Table):
    label: str
    code: str = Field(min_length=1, max_length=1, pattern=r"^\S$")
    blocks_los: bool
    cover: bool
    impassable_to_infantry: bool
    impassable_to_vehicles: bool
    single_space_move: bool
    bocage: bool


class TerrainTables(Table):
    board: BoardRules
    stacking: Stacking
    road: Road
    area: dict[str, AreaTerrain]
    edge: dict[str, EdgeTerrain]

    @model_validator(mode="after")
    def _codes_unique(self) -> TerrainTables:
        for kind, rows in (("area", self.area), ("edge", self.edge)):
            seen: dict[str, str] = {}
            for name, row in rows.items():
                if row.code in seen:
                    raise ValueError(f"{kind} terrain {name!r} uses code {row.code!r}, "
                                     f"already used by {seen[row.code]!r}")
                if row.code in rows and row.code != name:
                    raise ValueError(f"{kind} terrain {name!r} uses code {row.code!r}, the name of another terrain")
                seen[row.code] = name
        if "open" not in self.area:
            raise ValueError("area terrain needs 'open' (the terrain of a space a map leaves blank)")
        return self


def load_terrain(path: Path = TERRAIN_FILE) -> TerrainTables:
    """Load and check a terrain file (the shipped one unless ``path`` names another)."""
    return load_table(path, TerrainTables)


TERRAIN: TerrainTables = load_terrain()
set_range_metric(TERRAIN.board.range_metric)  # geometry.range_between counts as the table says (CF-27)
"""Company Fire's terrain tables, loaded and checked at import: a broken file shows at once."""

for _section, _where in (
    ("Grid Size", "company_fire.board.Board"),
    ("Stacking", "company_fire.board.stacking_allows"),
    ("Movement", "company_fire.board.destinations"),
    ("Vehicle Movement", "company_fire.board.destinations"),
    ("Terrain", "company_fire.board.TERRAIN"),
    ("Area Terrain", "company_fire.board.may_enter"),
    ("Edge Terrain", "company_fire.board.crossing"),
    ("Linear Terrain (optional)", "company_fire.board.LinearPiece"),
    ("Bocage", "company_fire.board.may_occupy_bocage"),
):
    register_rule_use(SEED, _section, _where)

_AREA_BY_CODE = {row.code: name for name, row in TERRAIN.area.items()}
_EDGE_BY_CODE = {row.code: name for name, row in TERRAIN.edge.items()}


def area_terrain(name: str) -> AreaTerrain:
    """The area terrain row called ``name`` (``"heavy_woods"``)."""
    try:
        return TERRAIN.area[name]
    except KeyError:
        raise BoardError(f"unknown area terrain {name!r}; allowed: {_allowed(TERRAIN.area)}") from None


def edge_terrain(name: str) -> EdgeTerrain:
    """The edge terrain row called ``name`` (``"bocage_full"``)."""
    try:
        return TERRAIN.edge[name]
    except KeyError:
        raise BoardError(f"unknown edge terrain {name!r}; allowed: {_allowed(TERRAIN.edge)}") from None


def _allowed(rows: Mapping[str, AreaTerrain] | Mapping[str, EdgeTerrain]) -> str:
    return ", ".join(f"{name} ({row.code})" for name, row in rows.items())


class BoardError(UsageError):
    """A map that cannot be a Company Fire board: the message says where and what is allowed."""


# --- linear terrain -----------------------------------------------------------------------------

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True, slots=True)
class LinearPiece:
    """Optional linear terrain (seed "Linear Terrain (optional)"): a segment inside one space.

    ``start`` and ``end`` are in the space's own units, ``(0, 0)`` its top-left corner
    and ``(1, 1)`` its bottom-right, x to the right and y down; the segment lies in
    the closed square. ``kind`` is an edge terrain name: the piece has that terrain's
    properties where a line crosses it (reading CF-32).
    """

    space: Space
    kind: str
    start: Point
    end: Point

    def global_points(self) -> tuple[Point, Point]:
        """The segment's ends in board units (a space is 1 x 1, the board's top-left corner is (0, 0))."""
        c, r = self.space
        return ((c + self.start[0], r + self.start[1]), (c + self.end[0], r + self.end[1]))


# --- the board ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    """A Company Fire board: ``width`` x ``height`` spaces (seed "Grid Size") and their terrain.

    ``area`` holds each space's area terrain name, row by row from the top
    (index ``col + row * width``); ``roads`` the spaces with a road; ``edges`` the
    edge terrain as ``(edge, name)`` pairs (kept sorted, so equal maps compare equal);
    ``linear`` the optional linear pieces. Build one with :meth:`from_rows`.
    """

    width: int
    height: int
    area: tuple[str, ...]
    roads: frozenset[Space] = NO_SPACES
    edges: tuple[tuple[Edge, str], ...] = ()
    linear: tuple[LinearPiece, ...] = ()
    _edge_map: dict[Edge, str] = field(init=False, repr=False, compare=False, hash=False)
    _linear_map: dict[Space, tuple[LinearPiece, ...]] = field(init=False, repr=False, compare=False, hash=False)
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "area", tuple(self.area))
        if self.width < 1 or self.height < 1:
            raise BoardError(f"a board needs at least 1 x 1 spaces, not {self.width} x {self.height}")
        if len(self.area) != self.width * self.height:
            raise BoardError(f"a {self.width} x {self.height} board needs {self.width * self.height} area terrain "
                             f"entries, not {len(self.area)}")
        for i, name in enumerate(self.area):
            if name not in TERRAIN.area:
                raise BoardError(f"space {self.space_of(i)}: unknown area terrain {name!r}; "
                                 f"allowed: {_allowed(TERRAIN.area)}")
        for space in self.roads:
            self._check_space(space, "road")
        edge_map: dict[Edge, str] = {}
        for e, name in self.edges:
            a, b = e
            self._check_space(a, "edge")
            self._check_space(b, "edge")
            if edge_between(a, b) != e:
                raise BoardError(f"edge {e}: an edge is two orthogonally adjacent spaces, the smaller first")
            edge_terrain(name)
            if e in edge_map and edge_map[e] != name:
                raise BoardError(f"edge between {a} and {b} is given twice: {edge_map[e]} and {name}")
            edge_map[e] = name
        linear_map: dict[Space, list[LinearPiece]] = {}
        for piece in self.linear:
            self._check_space(piece.space, "linear terrain")
            edge_terrain(piece.kind)
            for x, y in (piece.start, piece.end):
                if not (0 <= x <= 1 and 0 <= y <= 1):
                    raise BoardError(f"linear terrain in space {piece.space}: point ({x}, {y}) is outside the "
                                     "space; use coordinates from 0 to 1 inside it")
            linear_map.setdefault(piece.space, []).append(piece)
        object.__setattr__(self, "edges", tuple(sorted(edge_map.items())))
        object.__setattr__(self, "roads", frozenset(self.roads))
        object.__setattr__(self, "_edge_map", edge_map)
        object.__setattr__(self, "_linear_map", {s: tuple(p) for s, p in linear_map.items()})
        object.__setattr__(self, "_hash", hash((self.width, self.height, self.area, self.roads, self.edges,
                                                self.linear)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Board], tuple[object, ...]]:
        # Rebuilt through __init__, so the cached hash is computed in the process that loads it.
        return (Board, (self.width, self.height, self.area, self.roads, self.edges, self.linear))

    def _check_space(self, space: Space, what: str) -> None:
        if not self.in_bounds(space):
            raise BoardError(f"{what} at {space} is off the {self.width} x {self.height} board "
                             f"(columns 0-{self.width - 1}, rows 0-{self.height - 1})")

    # -- addressing

    def in_bounds(self, space: Space) -> bool:
        c, r = space
        return 0 <= c < self.width and 0 <= r < self.height

    def index(self, space: Space) -> int:
        """The space's position in :attr:`area` (``col + row * width``)."""
        return space[0] + space[1] * self.width

    def space_of(self, index: int) -> Space:
        return (index % self.width, index // self.width)

    def spaces(self) -> tuple[Space, ...]:
        """Every space, row by row from the top."""
        return tuple((c, r) for r in range(self.height) for c in range(self.width))

    # -- terrain

    def area_at(self, space: Space) -> str:
        """The name of the space's area terrain."""
        return self.area[self.index(space)]

    def terrain(self, space: Space) -> AreaTerrain:
        """The area terrain row of the space."""
        return TERRAIN.area[self.area[self.index(space)]]

    def has_road(self, space: Space) -> bool:
        return space in self.roads

    def edge_at(self, a: Space, b: Space) -> str | None:
        """The edge terrain name on the edge between orthogonal neighbours ``a`` and ``b``, or ``None``."""
        return self._edge_map.get(edge_between(a, b))

    def edge_kind(self, e: Edge) -> str | None:
        """The edge terrain name on edge ``e`` (already in :func:`edge_between` form), or ``None``."""
        return self._edge_map.get(e)

    def linear_in(self, space: Space) -> tuple[LinearPiece, ...]:
        """The linear terrain pieces inside the space."""
        return self._linear_map.get(space, ())

    # -- maps as text

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        edges: Iterable[str | tuple[Space, str, str]] = (),
        roads: Iterable[Space | str] = (),
        linear: Iterable[str | LinearPiece] = (),
    ) -> Board:
        """A board from a map written as text, as a test or a scenario file writes it.

        ``rows``: one string per row, top row first, one area terrain code per space
        (spaces between codes are ignored): ``.`` open, ``~`` swamp, ``p`` ploughed
        fields, ``l`` low fields, ``m`` medium fields, ``f`` full grown fields, ``o``
        orchards, ``W`` heavy woods, ``h`` hills, ``B`` buildings (the codes are in
        ``data/terrain.toml``).

        ``edges``: ``"col,row SIDES KIND"``, e.g. ``"2,2 NW bocage_full"``: the edge
        terrain KIND (a name or its code: ``w`` low stone wall, ``B`` bocage, ``b``
        partial bocage) on the given sides (letters of ``NESW``) of space (col, row);
        or ``((col, row), sides, kind)``.

        ``roads``: spaces with a road, as ``(col, row)`` or ``"col,row"``.

        ``linear``: ``"col,row KIND x1,y1 x2,y2"``, e.g. ``"3,1 w 0,1/4 1,1/4"``: a
        piece from (x1, y1) to (x2, y2) in the space's own units (0 to 1, y down),
        or a :class:`LinearPiece`.
        """
        grid = [row.replace(" ", "") for row in rows]
        if not grid or not grid[0]:
            raise BoardError("a map needs at least one row of terrain codes")
        width = len(grid[0])
        area: list[str] = []
        for r, row in enumerate(grid):
            if len(row) != width:
                raise BoardError(f"map row {r} has {len(row)} spaces, row 0 has {width}: every row must be as long")
            for c, code in enumerate(row):
                if code not in _AREA_BY_CODE:
                    raise BoardError(f"map row {r}, column {c}: unknown terrain code {code!r}; "
                                     f"allowed: {_allowed(TERRAIN.area)}")
                area.append(_AREA_BY_CODE[code])
        edge_list: list[tuple[Edge, str]] = []
        for spec in edges:
            space, sides, kind = _parse_edge(spec) if isinstance(spec, str) else spec
            name = _edge_name(kind)
            if not sides or any(s not in SIDES for s in sides):
                raise BoardError(f"edge {spec!r}: sides are letters of NESW, not {sides!r}")
            for side in sides:
                dc, dr = SIDES[side]
                other = (space[0] + dc, space[1] + dr)
                if not (0 <= other[0] < width and 0 <= other[1] < len(grid)):
                    raise BoardError(f"edge {spec!r}: side {side} of {space} is the board's border, "
                                     "which has no space beyond it")
                edge_list.append((edge_between(space, other), name))
        road_list = [_parse_space(s) if isinstance(s, str) else s for s in roads]
        pieces = [_parse_linear(p) if isinstance(p, str) else p for p in linear]
        return cls(width, len(grid), tuple(area), frozenset(road_list), tuple(edge_list), tuple(pieces))

    def to_rows(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The map as :meth:`from_rows` reads it: (rows, edges, roads, linear).

        ``Board.from_rows(*board.to_rows()) == board``.
        """
        rows = tuple("".join(TERRAIN.area[self.area[c + r * self.width]].code for c in range(self.width))
                     for r in range(self.height))
        edges = tuple(f"{a[0]},{a[1]} {'E' if b[0] > a[0] else 'S'} {name}" for (a, b), name in self.edges)
        roads = tuple(f"{c},{r}" for c, r in sorted(self.roads))
        linear = tuple(f"{p.space[0]},{p.space[1]} {p.kind} {p.start[0]},{p.start[1]} {p.end[0]},{p.end[1]}"
                       for p in self.linear)
        return rows, edges, roads, linear


def open_board(width: int, height: int) -> Board:
    """A board of open ground and nothing else."""
    return Board(width, height, ("open",) * (width * height))


def _parse_space(text: str) -> Space:
    try:
        c, r = (int(part) for part in text.split(","))
    except ValueError:
        raise BoardError(f"{text!r} is not a space; write col,row such as 3,2") from None
    return (c, r)


def _parse_edge(spec: str) -> tuple[Space, str, str]:
    parts = spec.split()
    if len(parts) != 3:
        raise BoardError(f"edge {spec!r}: write 'col,row SIDES KIND', such as '2,2 NW bocage_full'")
    return _parse_space(parts[0]), parts[1].upper(), parts[2]


def _edge_name(kind: str) -> str:
    if kind in TERRAIN.edge:
        return kind
    if kind in _EDGE_BY_CODE:
        return _EDGE_BY_CODE[kind]
    raise BoardError(f"unknown edge terrain {kind!r}; allowed: {_allowed(TERRAIN.edge)}")


def _parse_linear(spec: str) -> LinearPiece:
    parts = spec.split()
    if len(parts) != 4:
        raise BoardError(f"linear terrain {spec!r}: write 'col,row KIND x1,y1 x2,y2', such as '3,1 w 0,1/4 1,1/4'")

    def point(text: str) -> Point:
        try:
            x, y = (Fraction(v) for v in text.split(","))
        except ValueError:
            raise BoardError(f"linear terrain {spec!r}: {text!r} is not a point; write x,y such as 0,1/4") from None
        return (x, y)

    return LinearPiece(_parse_space(parts[0]), _edge_name(parts[1]), point(parts[2]), point(parts[3]))


# --- adjacency and range ------------------------------------------------------------------------


def edge_between(a: Space, b: Space) -> Edge:
    """The edge shared by orthogonal neighbours ``a`` and ``b``, as ``(smaller, larger)``."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise BoardError(f"{a} and {b} share no edge: an edge lies between two orthogonally adjacent spaces")
    return (a, b) if a < b else (b, a)


def space_edges(board: Board, space: Space) -> tuple[Edge, ...]:
    """The edges of the space that lie inside the board (its border has none), in N, E, S, W order."""
    return tuple(edge_between(space, n) for n in neighbours(board, space))


def neighbours(board: Board, space: Space) -> tuple[Space, ...]:
    """The spaces across the space's edges, N, E, S, W: the only steps a move may take.

    Seed "Movement": "Movement may be made through the edges only."
    """
    c, r = space
    return tuple(n for n in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)) if board.in_bounds(n))


def touching(board: Board, space: Space) -> tuple[Space, ...]:
    """The spaces sharing an edge or a corner with the space (up to 8), clockwise from the north.

    Seed "Movement": a unit "must stop movement if they enter a space that shares an edge or corner
    with an enemy unit"; reading CF-35 takes this as what "adjacent" means for close assault too.
    """
    c, r = space
    ring = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
    return tuple(n for n in ((c + dc, r + dr) for dc, dr in ring) if board.in_bounds(n))


# --- stacking -----------------------------------------------------------------------------------


def stacking_allows(non_smf: int, smf: int) -> bool:
    """Seed "Stacking": whether a space may hold this many friendly units.

    Up to three units including SMFs, of which at most two may be vehicles,
    infantry sections, weapon teams or guns (the ``non_smf`` units).
    """
    t = TERRAIN.stacking
    return non_smf >= 0 and smf >= 0 and non_smf <= t.max_non_smf and non_smf + smf <= t.max_units


# --- moving across edges and into spaces -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Crossing:
    """The facts of one step from a space into a neighbour, for one kind of mover.

    ``allowed``: the step may be taken. ``reason``: why not (empty when allowed).
    ``edge``: the edge terrain crossed, or ``None``. ``single_space_move``: the step
    crosses a full bocage edge, so an infantry move that takes it must be this one
    space (seed "Bocage", Movement; reading CF-33); the game applies it.
    """

    allowed: bool
    reason: str = ""
    edge: str | None = None
    single_space_move: bool = False

    def __bool__(self) -> bool:
        return self.allowed


def may_enter(board: Board, space: Space, mover: Mover) -> Crossing:
    """Whether the space's area terrain lets the mover in (seed "Area Terrain"; a road opens it, CF-29)."""
    t = board.terrain(space)
    road = board.has_road(space)
    if mover == "vehicle" and t.impassable_to_vehicles and not (road and TERRAIN.road.opens_to_vehicles):
        return Crossing(False, f"{t.label} is impassable to vehicles (no road in {space})")
    if mover == "infantry" and t.impassable_to_infantry and not (road and TERRAIN.road.opens_to_infantry):
        return Crossing(False, f"{t.label} is impassable to infantry (no road in {space})")
    return Crossing(True)


def crossing(board: Board, a: Space, b: Space, mover: Mover) -> Crossing:
    """Whether the mover may cross the edge between orthogonal neighbours ``a`` and ``b``.

    Seed "Edge Terrain" and "Bocage", Movement: a low stone wall is passable; vehicles
    cannot pass a full bocage edge but cross a partial one normally; infantry cross
    either, but a full bocage edge limits the move to that one space
    (``single_space_move``).
    """
    name = board.edge_at(a, b)
    if name is None:
        return Crossing(True)
    t = TERRAIN.edge[name]
    if mover == "vehicle" and t.impassable_to_vehicles:
        return Crossing(False, f"vehicles cannot cross {t.label} (edge {a}-{b})", name)
    if mover == "infantry" and t.impassable_to_infantry:
        return Crossing(False, f"infantry cannot cross {t.label} (edge {a}-{b})", name)
    return Crossing(True, "", name, single_space_move=mover == "infantry" and t.single_space_move)


def step(board: Board, a: Space, b: Space, mover: Mover) -> Crossing:
    """One step of a move from ``a`` into neighbour ``b``: the edge crossed and ``b``'s area terrain."""
    if not board.in_bounds(b):
        return Crossing(False, f"{b} is off the board")
    if not shares_edge(a, b):
        return Crossing(False, f"{a} to {b} is not a step through an edge (seed \"Movement\": edges only)")
    across = crossing(board, a, b, mover)
    if not across:
        return across
    into = may_enter(board, b, mover)
    if not into:
        return Crossing(False, into.reason, across.edge)
    return across


def must_stop_in(board: Board, space: Space, enemy: frozenset[Space], smoke: frozenset[Space] = NO_SPACES) -> bool:
    """Whether a unit entering the space must end its move there.

    Seed "Movement": it shares an edge or a corner with a space holding an enemy unit
    (``enemy``: every space with an enemy unit, SMFs included, CF-34); seed "Artillery":
    it is marked with smoke.
    """
    return space in smoke or space in enemy or any(n in enemy for n in touching(board, space))


def destinations(
    board: Board,
    start: Space,
    mover: Mover,
    rate: int,
    *,
    road_rate: int | None = None,
    enemy: frozenset[Space] = NO_SPACES,
    enemy_smfs: frozenset[Space] = NO_SPACES,
    full: frozenset[Space] = NO_SPACES,
    smoke: frozenset[Space] = NO_SPACES,
) -> dict[Space, tuple[Space, ...]]:
    """Every space a move of up to ``rate`` spaces may end in, each with a shortest path to it.

    Seed "Movement": through edges only; never into or through a space holding an enemy
    unit (``enemy``); through friendly spaces only within stacking (``full``: spaces the
    mover may neither pass nor stop in, which the game works out); a unit entering a
    space that shares an edge or corner with an enemy must stop. Seed "Single Mounted
    Figures (SMFs)": a space holding only enemy SMFs (``enemy_smfs``) may be entered,
    which eliminates them, and the move ends there (CF-34). Seed "Artillery": a unit
    entering smoke must stop. Seed "Bocage": vehicles never cross full bocage, and an
    infantry move that crosses it is that one space (CF-33). Seed "Vehicle Movement":
    ``road_rate`` applies when the whole move, the start included, is on road spaces
    (CF-38). The path (start excluded) is the one the game checks for op fire. The game
    still decides the free two-space move out of enemy LOS and the Movement Test.
    """
    if rate < 0:
        raise BoardError(f"a move of {rate} spaces: a movement rate is 0 or more")
    return move_destinations(step_graph(board, mover), touching_map(board), board.roads, start, rate, road_rate,
                             enemy, enemy_smfs, full, smoke)


@functools.lru_cache(maxsize=32)
def step_graph(board: Board, mover: Mover) -> dict[Space, tuple[tuple[Space, bool], ...]]:
    """Every step the mover may take from each space, with whether it crosses full bocage: the board's
    static part of :func:`step`, worked out once per board."""
    graph: dict[Space, tuple[tuple[Space, bool], ...]] = {}
    for here in board.spaces():
        out = []
        for there in neighbours(board, here):
            move = step(board, here, there, mover)
            if move:
                out.append((there, move.single_space_move))
        graph[here] = tuple(out)
    return graph


@functools.lru_cache(maxsize=32)
def touching_map(board: Board) -> dict[Space, frozenset[Space]]:
    return {s: frozenset((s, *touching(board, s))) for s in board.spaces()}


# --- cover of a space and across an edge ------------------------------------------------------


def space_cover(board: Board, space: Space, smoke: frozenset[Space] = NO_SPACES) -> bool:
    """Whether the space itself provides cover: its area terrain, or smoke on it (reading CF-36).

    This is the "space provides cover" of seed "Artillery" (HE 3d6 instead of 4d6) and the
    "destination is cover" of the Movement Test. Edge terrain is cover only against an
    attack that crosses it: see :func:`los.cover_for_attack`.
    """
    return board.terrain(space).cover or space in smoke


def cover_across_edge(board: Board, a: Space, b: Space) -> bool:
    """Whether the edge between neighbours ``a`` and ``b`` gives a target on either side cover
    against an attack crossing it (seed "Edge Terrain": low stone wall, bocage)."""
    name = board.edge_at(a, b)
    return name is not None and TERRAIN.edge[name].cover


# --- bocage -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def bocage_edges(board: Board, space: Space) -> tuple[Edge, ...]:
    """The bocage edges (full or partial) of the space."""
    return tuple(e for e in space_edges(board, space) if (k := board.edge_kind(e)) and TERRAIN.edge[k].bocage)


def has_bocage(board: Board, space: Space) -> bool:
    return bool(bocage_edges(board, space))


def may_occupy_bocage(board: Board, space: Space, enemy_bocage: frozenset[Space]) -> bool:
    """Seed "Bocage", Occupying Bocage: a unit entering the space may occupy all its bocage edges
    if none of them is occupied by the enemy.

    ``enemy_bocage`` holds the spaces whose bocage the enemy occupies; an edge is shared,
    so the enemy holding the bocage of the space across a bocage edge holds that edge too.
    (Occupying costs no movement, and is done on Move or face cards only: the game's part.)
    """
    mine = bocage_edges(board, space)
    if not mine or space in enemy_bocage:
        return False
    return not any(other in enemy_bocage for e in mine for other in e if other != space)


def close_assault_cover(board: Board, defender: Space, occupied_bocage: frozenset[Space]) -> bool:
    """Seed "Bocage", Close Assault: bocage is the defender's cover if it occupies the bocage,
    otherwise the terrain of its space."""
    if defender in occupied_bocage and has_bocage(board, defender):
        return True
    return board.terrain(defender).cover
