"""Company Fire's line of sight and cover for an attack, exact and precomputed per board.

Seed 002, sections "Line of Sight (LOS)", "Bocage" (LOS, Shooting), "Appendix A:
Bocage Examples", "Artillery" (smoke), "Terrain" and "Linear Terrain (optional)".
Readings CF-20 ... CF-26, CF-30 ... CF-32 and CF-39 (docs/rulings.md).

The line runs from the centre of one space to the centre of the other. In doubled
coordinates (a space is 2 x 2, centres at odd coordinates, grid lines at even ones)
every point the line meets on a grid line is a whole number of steps along it, so the
walk (:func:`line`) is integer arithmetic only: it crosses an edge, or passes exactly
through a corner where four spaces meet, and never runs along a grid line.

How a line is read (the readings in brackets):

* the viewer's own space never blocks; the first blocking space on the line, by its
  area terrain or a non-SMF unit in it, is itself visible and nothing beyond it (CF-20);
* an edge of LOS-blocking terrain (bocage, full or partial, CF-23) stops the line
  before it, except between the two adjacent spaces that share it, and except for the
  bocage edges of an endpoint space whose bocage is occupied (CF-24, CF-25);
* a line through a corner is blocked when something blocking touches the corner on
  both sides of the line: an edge of the corner or a space beside it (CF-21); two
  adjacent spaces of woods, full grown fields or orchards see each other past blocking
  terrain beside their shared corner (CF-22);
* smoke blocks the line into and out of its space (CF-26);
* linear terrain of a blocking kind stops a line that crosses it in a space the line
  passes through (CF-32);
* line of sight has no range limit; weapon ranges limit fire (CF-39).

:class:`LosTable` compiles, for every ordered pair of spaces, what the line needs to
stay clear: either "blocked by the terrain whatever the units do", or the spaces that
must hold no non-SMF unit and no smoke, plus corner pairs of which not both may. A
query in play is then two set tests and a short loop. :func:`visible_direct` walks the
line instead; the two agree (tested), and the rules are symmetric, so a viewer sees a
space exactly when that space sees it (tested).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.company_fire.board import (
    NO_SPACES,
    TERRAIN,
    Board,
    BoardError,
    Edge,
    LinearPiece,
    Point,
    Space,
    edge_between,
)
from warroom.rulesets.company_fire.info import SEED

for _section, _where in (
    ("Line of Sight (LOS)", "company_fire.los.visible"),
    ("Bocage", "company_fire.los.visible"),
    ("Appendix A: Bocage Examples", "company_fire.los.visible"),
    ("Artillery", "company_fire.los.visible (smoke)"),
    ("Terrain", "company_fire.los.cover_for_attack"),
    ("Edge Terrain", "company_fire.los.cover_for_attack"),
    ("Linear Terrain (optional)", "company_fire.los.cover_for_attack"),
):
    register_rule_use(SEED, _section, _where)

# --- the walk along the line ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EdgeCross:
    """The line crosses ``edge`` from space ``frm`` into space ``into``."""

    edge: Edge
    frm: Space
    into: Space


@dataclass(frozen=True, slots=True)
class CornerPass:
    """The line passes exactly through the corner where ``frm``, ``into``, ``side1`` and ``side2`` meet.

    Going round the corner: ``frm``, arm ``arms1[0]``, ``side1``, arm ``arms1[1]``,
    ``into``, arm ``arms2[1]``, ``side2``, arm ``arms2[0]``. ``side1`` and its two arms
    lie on one side of the line, ``side2`` and its arms on the other. ``point`` is the
    corner as a grid point ``(x, y)``, the top-left corner of space ``(x, y)``.
    """

    point: tuple[int, int]
    frm: Space
    into: Space
    side1: Space
    side2: Space
    arms1: tuple[Edge, Edge]
    arms2: tuple[Edge, Edge]


Event = EdgeCross | CornerPass


@functools.lru_cache(maxsize=8192)
def line(a: Space, b: Space) -> tuple[Event, ...]:
    """What the centre-to-centre line from ``a`` to ``b`` passes through, in order (cached :func:`_walk`)."""
    return _walk(a, b)


def _walk(a: Space, b: Space) -> tuple[Event, ...]:
    """What the centre-to-centre line from ``a`` to ``b`` passes through, in order.

    Each event enters the next space, by an edge or through a corner; the last enters
    ``b``. Integer arithmetic only: the line crosses its i-th vertical grid line at
    t = (2i-1)/(2nx) and its j-th horizontal one at t = (2j-1)/(2ny), compared as
    (2i-1)*ny against (2j-1)*nx; equal means a corner.
    """
    (c, r), (cb, rb) = a, b
    nx, ny = abs(cb - c), abs(rb - r)
    sx = 1 if cb > c else -1
    sy = 1 if rb > r else -1
    events: list[Event] = []
    i = j = 1
    while i <= nx or j <= ny:
        if j > ny:
            order = -1
        elif i > nx:
            order = 1
        else:
            order = (2 * i - 1) * ny - (2 * j - 1) * nx
        here = (c, r)
        if order < 0:
            c += sx
            i += 1
            events.append(EdgeCross(edge_between(here, (c, r)), here, (c, r)))
        elif order > 0:
            r += sy
            j += 1
            events.append(EdgeCross(edge_between(here, (c, r)), here, (c, r)))
        else:
            side1, side2, into = (c + sx, r), (c, r + sy), (c + sx, r + sy)
            point = (max(c, c + sx), max(r, r + sy))
            events.append(CornerPass(point, here, into, side1, side2,
                                     (edge_between(here, side1), edge_between(side1, into)),
                                     (edge_between(here, side2), edge_between(side2, into))))
            c, r = into
            i += 1
            j += 1
    return tuple(events)


def spaces_on_line(a: Space, b: Space) -> tuple[Space, ...]:
    """The spaces the line from ``a`` to ``b`` enters, in order, ``b`` last (``a`` not included)."""
    return tuple(e.into for e in line(a, b))


# --- static facts of a board ------------------------------------------------------------------


def edge_blocks(board: Board, e: Edge) -> bool:
    """Whether edge ``e`` is of a kind that blocks line of sight (CF-23, CF-24)."""
    kind = board.edge_kind(e)
    return kind is not None and TERRAIN.edge[kind].blocks_los


def _edge_is_bocage(board: Board, e: Edge) -> bool:
    kind = board.edge_kind(e)
    return kind is not None and TERRAIN.edge[kind].bocage


def edge_exempt(board: Board, e: Edge, a: Space, b: Space, a_held: bool, b_held: bool) -> bool:
    """A blocking edge that does not block this line: between adjacent ``a`` and ``b`` (CF-24), or a
    bocage edge of an endpoint space whose bocage is occupied (CF-25)."""
    if e == (a, b) or e == (b, a):
        return True
    return ((a_held and a in e) or (b_held and b in e)) and _edge_is_bocage(board, e)


def _cross(p: Point, q: Point, r: Point) -> Fraction:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _on_segment(p: Point, q: Point, r: Point) -> bool:
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def segments_meet(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether closed segments p1-p2 and q1-q2 share a point (touching counts), exactly."""
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return ((d1 == 0 and _on_segment(q1, q2, p1)) or (d2 == 0 and _on_segment(q1, q2, p2))
            or (d3 == 0 and _on_segment(p1, p2, q1)) or (d4 == 0 and _on_segment(p1, p2, q2)))


def _centre(s: Space) -> Point:
    return (Fraction(2 * s[0] + 1, 2), Fraction(2 * s[1] + 1, 2))


def line_crosses(piece: LinearPiece, a: Space, b: Space) -> bool:
    """Whether the centre-to-centre line from ``a`` to ``b`` meets the linear piece (CF-32)."""
    p, q = piece.global_points()
    return segments_meet(_centre(a), _centre(b), p, q)


def linear_blocks(board: Board, s: Space, a: Space, b: Space) -> bool:
    """Whether a blocking linear piece in space ``s`` meets the line from ``a`` to ``b`` (CF-32)."""
    return any(TERRAIN.edge[p.kind].blocks_los and line_crosses(p, a, b) for p in board.linear_in(s))


def _check(board: Board, *spaces: Space) -> None:
    for s in spaces:
        if not board.in_bounds(s):
            raise BoardError(f"space {s} is off the {board.width} x {board.height} board "
                             f"(columns 0-{board.width - 1}, rows 0-{board.height - 1})")


def woods_pair(board: Board, a: Space, b: Space) -> bool:
    """Two adjacent spaces of woods, full grown fields and similar terrain (CF-22)."""
    return board.terrain(a).sees_into_adjacent and board.terrain(b).sees_into_adjacent


# --- the direct computation ---------------------------------------------------------------------


def visible_direct(
    board: Board,
    a: Space,
    b: Space,
    occupied: frozenset[Space] = NO_SPACES,
    smoke: frozenset[Space] = NO_SPACES,
    occupied_bocage: frozenset[Space] = NO_SPACES,
) -> bool:
    """Whether space ``b`` is in line of sight from space ``a``, by walking the line.

    ``occupied``: spaces holding a non-SMF unit of either side (the endpoints' own units
    never block); ``smoke``: spaces marked with smoke; ``occupied_bocage``: spaces whose
    bocage is occupied by the units the question is about (the viewer's, the
    target's). Seed "Line of Sight (LOS)", "Bocage" (LOS), "Artillery" (smoke);
    readings CF-20 ... CF-26, CF-32. Same answer as :func:`visible`, slower.
    """
    _check(board, a, b)
    if a == b:
        return True
    if a in smoke or b in smoke:
        return False
    a_held, b_held = a in occupied_bocage, b in occupied_bocage
    events = line(a, b)
    for event in events:
        if isinstance(event, EdgeCross):
            if edge_blocks(board, event.edge) and not edge_exempt(board, event.edge, a, b, a_held, b_held):
                return False
        else:
            arms_block = [any(edge_blocks(board, e) and not edge_exempt(board, e, a, b, a_held, b_held) for e in arms)
                          for arms in (event.arms1, event.arms2)]
            ignore_area = len(events) == 1 and not any(arms_block) and woods_pair(board, a, b)
            side_block = [s in occupied or s in smoke or (not ignore_area and board.terrain(s).blocks_los)
                          for s in (event.side1, event.side2)]
            if (arms_block[0] or side_block[0]) and (arms_block[1] or side_block[1]):
                return False
        s = event.into
        if s == b:
            return True
        if s in occupied or s in smoke or board.terrain(s).blocks_los or linear_blocks(board, s, a, b):
            return False
    return True  # pragma: no cover - the last event always enters b


# --- the precomputed table ----------------------------------------------------------------------

_Clear = tuple[frozenset[Space], tuple[tuple[Space, Space], ...]]
"""A line that terrain does not block: the spaces that must hold no unit and no smoke, and the
corner pairs of spaces of which not both may."""


class _ByBocage:
    """The entries of a line that differ by whether the endpoints' bocage is occupied.

    ``v[2 * a_held + b_held]``; ``None`` where terrain blocks the line.
    """

    __slots__ = ("v",)

    def __init__(self, v: tuple[_Clear | None, _Clear | None, _Clear | None, _Clear | None]) -> None:
        self.v = v

    def swapped(self) -> _ByBocage:
        return _ByBocage((self.v[0], self.v[2], self.v[1], self.v[3]))


_Entry = _Clear | _ByBocage | None


def _event_needs(
    board: Board, event: Event, a: Space, b: Space, a_held: bool, b_held: bool, single: bool
) -> tuple[tuple[Space, ...], tuple[Space, Space] | None] | None:
    """What one event of the line needs to stay clear: ``None`` if terrain blocks it, else the
    spaces that must hold no unit or smoke and a corner pair of which not both may."""
    if isinstance(event, EdgeCross):
        if edge_blocks(board, event.edge) and not edge_exempt(board, event.edge, a, b, a_held, b_held):
            return None
        return (), None
    arms1, arms2 = (any(edge_blocks(board, e) and not edge_exempt(board, e, a, b, a_held, b_held) for e in arms)
                    for arms in (event.arms1, event.arms2))
    ignore_area = single and not arms1 and not arms2 and woods_pair(board, a, b)
    static1 = arms1 or (not ignore_area and board.terrain(event.side1).blocks_los)
    static2 = arms2 or (not ignore_area and board.terrain(event.side2).blocks_los)
    if static1 and static2:
        return None
    if static1:
        return (event.side2,), None
    if static2:
        return (event.side1,), None
    return (), (event.side1, event.side2)


def _meets_bocage(board: Board, event: Event, at_start: bool) -> bool:
    """Whether the line's first event (``at_start``) or last event meets a bocage edge of its endpoint."""
    if isinstance(event, EdgeCross):
        edges: tuple[Edge, ...] = (event.edge,)
    else:
        k = 0 if at_start else 1
        edges = (event.arms1[k], event.arms2[k])
    return any(_edge_is_bocage(board, e) for e in edges)


def _event(here: Space, into: Space) -> Event:
    """The event of a line stepping from ``here`` into ``into`` (an edge or, diagonally, a corner)."""
    if here[0] == into[0] or here[1] == into[1]:
        return EdgeCross(edge_between(here, into), here, into)
    (c, r), (c2, r2) = here, into
    side1, side2 = (c2, r), (c, r2)
    return CornerPass((max(c, c2), max(r, r2)), here, into, side1, side2,
                      (edge_between(here, side1), edge_between(side1, into)),
                      (edge_between(here, side2), edge_between(side2, into)))


class _Static:
    """A board's static LOS facts as flat arrays, for building the table fast.

    ``area[c + r*W]``: the space's area terrain blocks. ``across[x + r*(W+1)]``: the edge on the
    vertical grid line x in row r (between (x-1, r) and (x, r)) blocks. ``down[c + y*W]``: the edge
    on the horizontal grid line y in column c (between (c, y-1) and (c, y)) blocks. ``linear``:
    spaces holding a linear piece of a blocking kind.
    """

    def __init__(self, board: Board) -> None:
        w, h = board.width, board.height
        self.area = [board.terrain(s).blocks_los for s in board.spaces()]
        self.across = [False] * ((w + 1) * h)
        self.down = [False] * (w * (h + 1))
        for (p, q), kind in board.edges:
            if TERRAIN.edge[kind].blocks_los:
                if p[1] == q[1]:
                    self.across[q[0] + q[1] * (w + 1)] = True
                else:
                    self.down[q[0] + q[1] * w] = True
        self.linear = {p.space for p in board.linear if TERRAIN.edge[p.kind].blocks_los}


def _compile(board: Board, st: _Static, a: Space, b: Space) -> _Entry:
    """What the line from ``a`` to ``b`` needs to stay clear, in every state of the endpoints' bocage.

    The same integer walk as :func:`line`, without building events: only the first and the last
    event can meet an endpoint's bocage (or be the shared edge of adjacent spaces), so they are
    read per state; the rest of the line is static, and the walk stops at the first terrain block.
    """
    (c, r), (cb, rb) = a, b
    nx, ny = abs(cb - c), abs(rb - r)
    sx = 1 if cb > c else -1
    sy = 1 if rb > r else -1
    w = board.width
    w1 = w + 1
    area, across, down = st.area, st.across, st.down
    clear: list[Space] = []
    pairs: list[tuple[Space, Space]] = []
    ends: list[Event] = []
    i = j = 1
    while True:
        if j > ny:
            order = -1
        elif i > nx:
            order = 1
        else:
            order = (2 * i - 1) * ny - (2 * j - 1) * nx
        here = (c, r)
        first = i == 1 and j == 1
        if order < 0:
            x = c if sx < 0 else c + 1
            c += sx
            i += 1
            last = c == cb and r == rb
            if not (first or last) and across[x + r * w1]:
                return None
        elif order > 0:
            y = r if sy < 0 else r + 1
            r += sy
            j += 1
            last = c == cb and r == rb
            if not (first or last) and down[c + y * w]:
                return None
        else:
            x = c if sx < 0 else c + 1
            y = r if sy < 0 else r + 1
            c1 = c + sx
            r1 = r + sy
            last = c1 == cb and r1 == rb
            if not (first or last):
                static1 = across[x + r * w1] or down[c1 + y * w] or area[c1 + r * w]
                static2 = down[c + y * w] or across[x + r1 * w1] or area[c + r1 * w]
                if static1 and static2:
                    return None
                if static1:
                    clear.append((c, r1))
                elif static2:
                    clear.append((c1, r))
                else:
                    pairs.append(((c1, r), (c, r1)))
            c, r = c1, r1
            i += 1
            j += 1
        into = (c, r)
        if first or last:
            ends.append(_event(here, into))
        if last:
            break
        if area[c + r * w] or (into in st.linear and linear_blocks(board, into, a, b)):
            return None
        clear.append(into)

    single = len(ends) == 1  # the line's only event: a and b are adjacent

    def state(a_held: bool, b_held: bool) -> _Clear | None:
        more: list[Space] = []
        more_pairs: list[tuple[Space, Space]] = []
        for event in ends:
            needs = _event_needs(board, event, a, b, a_held, b_held, single)
            if needs is None:
                return None
            more += needs[0]
            if needs[1] is not None:
                more_pairs.append(needs[1])
        spaces = frozenset(clear + more)
        return (spaces if spaces else NO_SPACES, tuple(pairs + more_pairs))

    plain = state(False, False)
    a_bocage = _meets_bocage(board, ends[0], at_start=True)
    b_bocage = _meets_bocage(board, ends[-1], at_start=False)
    if not (a_bocage or b_bocage):
        return plain
    held_a = state(True, False) if a_bocage else plain
    held_b = state(False, True) if b_bocage else plain
    both = state(True, True) if a_bocage and b_bocage else (held_a if a_bocage else held_b)
    if held_a == plain and held_b == plain and both == plain:
        return plain
    return _ByBocage((plain, held_b, held_a, both))


@dataclass(frozen=True, eq=False)
class LosTable:
    """Line of sight on one board, precomputed for every ordered pair of spaces.

    Build it once per board (:func:`los_table`, cached); query it with :func:`visible`
    and :func:`visible_from` on any state of units, smoke and occupied bocage.
    """

    board: Board
    entries: tuple[_Entry, ...]
    row: dict[Space, int]  # a space's first entry as viewer: its index times the number of spaces
    column: dict[Space, int]  # a space's offset as target: its index

    @classmethod
    def build(cls, board: Board) -> LosTable:
        n = board.width * board.height
        spaces = board.spaces()
        entries: list[_Entry] = [None] * (n * n)
        st = _Static(board)
        for ia, a in enumerate(spaces):
            entries[ia * n + ia] = (NO_SPACES, ())
            for ib in range(ia + 1, n):
                entry = _compile(board, st, a, spaces[ib])
                entries[ia * n + ib] = entry
                # The rules are symmetric (tested against visible_direct both ways), so b to a is a to b
                # with the endpoints' roles swapped.
                entries[ib * n + ia] = entry.swapped() if isinstance(entry, _ByBocage) else entry
        return cls(board, tuple(entries), {s: i * n for i, s in enumerate(spaces)},
                   {s: i for i, s in enumerate(spaces)})

    def off_board(self, *spaces: Space) -> BoardError:
        """The error for a query naming a space that is not on the board."""
        try:
            _check(self.board, *spaces)
        except BoardError as err:
            return err
        return BoardError(f"spaces {spaces} are not (col, row) tuples of this board")


@functools.lru_cache(maxsize=16)
def los_table(board: Board) -> LosTable:
    """The board's :class:`LosTable`, built on first use and kept for the next 15 boards."""
    return LosTable.build(board)


def visible(
    table: LosTable,
    a: Space,
    b: Space,
    occupied: frozenset[Space] = NO_SPACES,
    smoke: frozenset[Space] = NO_SPACES,
    occupied_bocage: frozenset[Space] = NO_SPACES,
) -> bool:
    """Whether space ``b`` is in line of sight from space ``a`` (seed "Line of Sight (LOS)").

    ``occupied``: spaces holding a non-SMF unit of either side (the endpoints' own
    units never block); ``smoke``: spaces marked with smoke; ``occupied_bocage``:
    spaces whose bocage is occupied by the units the question is about. Readings
    CF-20 ... CF-26, CF-32. Seed "Bocage", Shooting, blocks direct fire exactly where
    it blocks LOS, so this is also whether ``a`` may fire directly at ``b``.
    """
    try:
        entry = table.entries[table.row[a] + table.column[b]]
    except KeyError:
        raise table.off_board(a, b) from None
    if a in smoke or b in smoke:
        return a == b
    if entry is None:
        return False
    if isinstance(entry, _ByBocage):
        entry = entry.v[2 * (a in occupied_bocage) + (b in occupied_bocage)]
        if entry is None:
            return False
    clear, pairs = entry
    if not (clear.isdisjoint(occupied) and clear.isdisjoint(smoke)):
        return False
    return not any((s1 in occupied or s1 in smoke) and (s2 in occupied or s2 in smoke) for s1, s2 in pairs)


def visible_from(
    table: LosTable,
    a: Space,
    occupied: frozenset[Space] = NO_SPACES,
    smoke: frozenset[Space] = NO_SPACES,
    occupied_bocage: frozenset[Space] = NO_SPACES,
) -> frozenset[Space]:
    """Every space in line of sight from ``a`` (``a`` itself included), on the given state."""
    if a not in table.row:
        raise table.off_board(a)
    if a in smoke:
        return frozenset((a,))
    board = table.board
    base = table.row[a]
    blockers = occupied | smoke
    a_held = 2 * (a in occupied_bocage)
    seen: list[Space] = []
    entries = table.entries
    for ib, b in enumerate(board.spaces()):
        entry = entries[base + ib]
        if entry is None or b in smoke:
            continue
        if isinstance(entry, _ByBocage):
            entry = entry.v[a_held + (b in occupied_bocage)]
            if entry is None:
                continue
        clear, pairs = entry
        if not clear.isdisjoint(blockers):
            continue
        if any(s1 in blockers and s2 in blockers for s1, s2 in pairs):
            continue
        seen.append(b)
    return frozenset(seen)


# --- cover for an attack ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cover:
    """Whether a target is in cover against one attack, and every reason it is.

    Seed "Terrain": "Mixed terrain in a single space do not provide additional cover
    advantages", so cover is yes or no however many reasons there are (CF-31).
    """

    in_cover: bool
    sources: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.in_cover


def entry_edges(attacker: Space, target: Space) -> tuple[Edge, ...]:
    """The target's edges the line from ``attacker`` crosses to enter the target's space.

    One edge, or through a corner the target's two edges at that corner (CF-30). Found
    in O(1): the last grid line crossed is vertical when the line runs more across
    than down, horizontal when more down, both at once on a true diagonal.
    """
    dc, dr = target[0] - attacker[0], target[1] - attacker[1]
    if dc == 0 and dr == 0:
        return ()
    sx = (dc > 0) - (dc < 0)
    sy = (dr > 0) - (dr < 0)
    across = edge_between(target, (target[0] - sx, target[1])) if dc else None
    down = edge_between(target, (target[0], target[1] - sy)) if dr else None
    if abs(dc) > abs(dr):
        return (across,) if across else ()
    if abs(dr) > abs(dc):
        return (down,) if down else ()
    return tuple(e for e in (across, down) if e)


def cover_for_attack(
    board: Board, attacker: Space, target: Space, smoke: frozenset[Space] = NO_SPACES
) -> Cover:
    """Whether a target in space ``target`` is in cover against an attack from space ``attacker``.

    Seed "Area Terrain" (the target space's terrain), "Edge Terrain" (edge terrain on
    the edge the line crosses into the target space; through a corner, either of the
    target's two edges there, CF-30), "Bocage" ("treat target as in cover"), "Linear
    Terrain (optional)" (a piece in the target space the line crosses, CF-32) and
    "Artillery" (smoke in the target space). Several reasons give no more cover (CF-31).
    """
    _check(board, attacker, target)
    sources: list[str] = []
    t = board.terrain(target)
    if t.cover:
        sources.append(f"{t.label} in the target space")
    for e in entry_edges(attacker, target):
        kind = board.edge_kind(e)
        if kind is not None and TERRAIN.edge[kind].cover:
            sources.append(f"{TERRAIN.edge[kind].label} on the edge the line crosses into the target space")
    if attacker != target:
        for piece in board.linear_in(target):
            if TERRAIN.edge[piece.kind].cover and line_crosses(piece, attacker, target):
                sources.append(f"{TERRAIN.edge[piece.kind].label} (linear terrain) crossed by the line")
    if target in smoke:
        sources.append("smoke in the target space")
    return Cover(bool(sources), tuple(sources))
