"""Company Fire's line of sight and cover for an attack, on small maps drawn by hand.

Maps are rows of terrain codes (``.`` open, ``W`` heavy woods, ``f`` full grown fields, ``o``
orchards, ``m`` medium fields, ``B`` buildings, ...), column 0 on the left, row 0 at the top;
edges are listed by space and side (``"2,2 NW B"``: bocage on the north and west edges of
(2, 2); ``b`` partial bocage, ``w`` low stone wall). Lines run centre to centre: in space
units the centre of (c, r) is (c + 1/2, r + 1/2).

Every expected answer is worked out by hand from the seed text and the readings CF-20 ...
CF-39 (docs/rulings.md), never read back from the engine's tables.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warroom.rulesets.company_fire.board import TERRAIN, Board, BoardError, Space, open_board
from warroom.rulesets.company_fire.los import (
    CornerPass,
    EdgeCross,
    LosTable,
    cover_for_attack,
    entry_edges,
    line,
    los_table,
    segments_meet,
    spaces_on_line,
    visible,
    visible_direct,
    visible_from,
)

RULE = pytest.mark.rule
Spaces = frozenset[Space]
NONE: Spaces = frozenset()


def sees(board: Board, a: Space, b: Space, occupied: Spaces = NONE, smoke: Spaces = NONE,
         held: Spaces = NONE) -> bool:
    """LOS by the precomputed table, checked against the direct walk and the reverse direction."""
    got = visible(los_table(board), a, b, occupied, smoke, held)
    assert got == visible_direct(board, a, b, occupied, smoke, held), (a, b)
    assert got == visible(los_table(board), b, a, occupied, smoke, held), (a, b, "not symmetric")
    return got


# --- the walk along the line --------------------------------------------------------------------


@RULE("002", "Line of Sight (LOS)")
def test_a_straight_line_crosses_edges() -> None:
    assert spaces_on_line((0, 0), (3, 0)) == ((1, 0), (2, 0), (3, 0))
    assert all(isinstance(e, EdgeCross) for e in line((0, 0), (3, 0)))
    assert [e.edge for e in line((2, 3), (2, 1)) if isinstance(e, EdgeCross)] == [((2, 2), (2, 3)), ((2, 1), (2, 2))]
    assert line((1, 1), (1, 1)) == ()


@RULE("002", "Line of Sight (LOS)")
def test_a_diagonal_passes_through_corners() -> None:
    # (0,0) to (2,2): the line y = x meets the grid only at the points (1,1) and (2,2).
    events = line((0, 0), (2, 2))
    assert all(isinstance(e, CornerPass) for e in events)
    first = events[0]
    assert isinstance(first, CornerPass)
    assert first.point == (1, 1) and first.frm == (0, 0) and first.into == (1, 1)
    assert {first.side1, first.side2} == {(1, 0), (0, 1)}
    assert first.arms1 == (((0, 0), (1, 0)), ((1, 0), (1, 1)))  # (0,0)|(1,0), then (1,0)|(1,1)
    assert first.arms2 == (((0, 0), (0, 1)), ((0, 1), (1, 1)))
    assert spaces_on_line((2, 0), (0, 2)) == ((1, 1), (0, 2))


@RULE("002", "Line of Sight (LOS)")
def test_a_knights_move_line() -> None:
    # (0,0) to (2,1): from (1/2, 1/2) to (5/2, 3/2), slope 1/2. x = 1 at y = 3/4 (row 0);
    # y = 1 at x = 3/2 (column 1); x = 2 at y = 5/4 (row 1). Three edges: (1,0), (1,1), (2,1).
    assert spaces_on_line((0, 0), (2, 1)) == ((1, 0), (1, 1), (2, 1))
    assert all(isinstance(e, EdgeCross) for e in line((0, 0), (2, 1)))
    # (0,0) to (3,1): slope 1/3, x = 2 at y = 1 exactly: a corner between (1,0), (2,0), (1,1), (2,1).
    events = line((0, 0), (3, 1))
    assert [type(e).__name__ for e in events] == ["EdgeCross", "CornerPass", "EdgeCross"]
    corner = events[1]
    assert isinstance(corner, CornerPass) and corner.point == (2, 1)
    assert (corner.frm, corner.into, {corner.side1, corner.side2}) == ((1, 0), (2, 1), {(2, 0), (1, 1)})


def brute_force_line(a: Space, b: Space) -> list[tuple[str, Space]]:
    """The spaces the line enters, found with Fractions: every t where x or y is a whole number."""
    (xa, ya), (xb, yb) = [(Fraction(2 * c + 1, 2), Fraction(2 * r + 1, 2)) for c, r in (a, b)]
    times: set[Fraction] = set()
    for lo, hi in ((xa, xb), (ya, yb)):
        if lo != hi:
            for k in range(min(int(lo), int(hi)) + 1, max(int(lo), int(hi)) + 1):
                times.add((k - lo) / (hi - lo))
    out: list[tuple[str, Space]] = []
    ordered = sorted(times)
    for i, t in enumerate(ordered):
        after = (t + (ordered[i + 1] if i + 1 < len(ordered) else Fraction(1))) / 2
        x, y = xa + (xb - xa) * t, ya + (yb - ya) * t
        kind = "corner" if x.denominator == 1 and y.denominator == 1 else "edge"
        out.append((kind, (int(xa + (xb - xa) * after), int(ya + (yb - ya) * after))))
    return out


@RULE("002", "Line of Sight (LOS)")
@settings(database=None)  # no .hypothesis directory left in the work tree
@given(st.tuples(st.integers(0, 9), st.integers(0, 9)), st.tuples(st.integers(0, 9), st.integers(0, 9)))
def test_the_integer_walk_matches_a_fraction_walk(a: Space, b: Space) -> None:
    got = [("corner" if isinstance(e, CornerPass) else "edge", e.into) for e in line(a, b)]
    assert got == brute_force_line(a, b)


# --- the basic rules ----------------------------------------------------------------------------


@RULE("002", "Line of Sight (LOS)")
def test_open_ground_and_the_first_blocking_space() -> None:
    # row 0: U . W . T      the woods at (2,0) is seen (CF-20), (3,0) and (4,0) behind it are not.
    # row 1: . . . . .
    board = Board.from_rows(["..W..", "....."])
    assert sees(board, (0, 0), (1, 0)) and sees(board, (0, 0), (2, 0))
    assert not sees(board, (0, 0), (3, 0)) and not sees(board, (0, 0), (4, 0))
    assert sees(board, (0, 1), (4, 1))  # row 1 is open
    # A unit in the woods sees out of its own space (the viewer's space never blocks).
    assert sees(board, (2, 0), (4, 0)) and sees(board, (2, 0), (0, 1))
    # Every blocking area type blocks; the others do not.
    for name, t in TERRAIN.area.items():
        row = "." + t.code + "."
        assert sees(Board.from_rows([row]), (0, 0), (2, 0)) is not t.blocks_los, name


@RULE("002", "Line of Sight (LOS)")
@RULE("002", "Single Mounted Figures (SMFs)")
def test_units_block_and_smfs_do_not() -> None:
    # row 0: U . X . T     X: a non-SMF unit of either side. The game passes the spaces that
    #                        hold a non-SMF unit; a space with only an SMF is not among them.
    board = open_board(5, 1)
    squad = frozenset({(2, 0)})
    assert sees(board, (0, 0), (2, 0), squad)  # the unit's own space is seen (it can be shot at)
    assert not sees(board, (0, 0), (3, 0), squad) and not sees(board, (0, 0), (4, 0), squad)
    assert sees(board, (0, 0), (4, 0), NONE)  # only an SMF in (2,0): not passed as occupied
    # Units in the two endpoint spaces never block their own line.
    assert sees(board, (0, 0), (4, 0), frozenset({(0, 0), (4, 0)}))


@RULE("002", "Edge Terrain")
def test_a_low_stone_wall_does_not_block() -> None:
    board = Board.from_rows(["...."], edges=["1,0 E w", "2,0 W w"])
    assert sees(board, (0, 0), (3, 0))


# --- bocage -------------------------------------------------------------------------------------


@RULE("002", "Bocage")
def test_bocage_blocks_except_between_the_spaces_sharing_it() -> None:
    # row 0: . . | . .      full bocage on the east edge of (1,0)
    board = Board.from_rows(["...."], edges=["1,0 E B"])
    assert sees(board, (1, 0), (2, 0))  # adjacent spaces sharing the bocage edge
    assert sees(board, (0, 0), (1, 0))  # the line stops before the edge: (1,0) is seen
    assert not sees(board, (0, 0), (2, 0)) and not sees(board, (1, 0), (3, 0))
    assert not sees(board, (0, 0), (3, 0))
    # Partial bocage blocks LOS the same (CF-23).
    partial = Board.from_rows(["...."], edges=["1,0 E b"])
    assert sees(partial, (1, 0), (2, 0)) and not sees(partial, (0, 0), (2, 0))


@RULE("002", "Bocage")
def test_occupied_bocage_sees_and_is_seen_through_its_own_edges() -> None:
    # row 0: .  . | . | . | .     bocage on the west and east edges of (2,0) and the east edge of (3,0)
    #  col:  0  1   2   3   4
    board = Board.from_rows(["....."], edges=["2,0 EW B", "3,0 E B"])
    held = frozenset({(2, 0)})
    assert not sees(board, (0, 0), (2, 0))  # across (2,0)'s west bocage, not adjacent
    assert sees(board, (0, 0), (2, 0), held=held)  # its occupiers "can be seen normally"
    assert sees(board, (2, 0), (0, 0), held=held)  # ... and "have normal LOS extending out"
    assert not sees(board, (2, 0), (4, 0), held=held)  # the bocage east of (3,0) is not theirs
    assert not sees(board, (1, 0), (3, 0), held=held)  # a line through (2,0) from elsewhere: still blocked
    # Both ends holding their bocage: (2,0) and (4,0) with (3,0) between, each edge someone's own.
    assert sees(board, (2, 0), (4, 0), held=frozenset({(2, 0), (4, 0)}))
    assert not sees(board, (2, 0), (4, 0), held=frozenset({(4, 0)}))


# --- lines through corners ----------------------------------------------------------------------

# A diagonal from (0,0) to (1,1) passes the corner point (1,1); round it: the quadrant (0,0),
# arm N (between (0,0) and (1,0)), quadrant (1,0), arm E (between (1,0) and (1,1)), quadrant
# (1,1), arm S (between (1,1) and (0,1)), quadrant (0,1), arm W (between (0,1) and (0,0)).
# N, E and (1,0) lie on one side of the line; S, W and (0,1) on the other (CF-21).
ARMS = {"N": "0,0 E", "E": "1,0 S", "S": "0,1 E", "W": "0,0 S"}
# The same four arms round the corner point (2,2), the middle corner of the diagonal (0,0)-(3,3).
MIDDLE_ARMS = {"N": "1,1 E", "E": "2,1 S", "S": "1,2 E", "W": "1,1 S"}


@pytest.mark.parametrize(("arms", "clear"), [
    ("", True),
    ("N", True), ("E", True), ("S", True), ("W", True),  # "only one edge ... is bocage has LOS"
    ("NW", False),  # both edges of the viewer's corner: "LOS is blocked"
    ("ES", False),  # both edges of the target's corner
    ("NS", False), ("EW", False),  # a straight hedge line through the corner
    ("NE", True), ("SW", True),  # both edges of a side space's corner: the line passes beside them
    ("NES", False), ("NESW", False),
])
@RULE("002", "Bocage")
def test_a_diagonal_through_a_corner_with_bocage(arms: str, clear: bool) -> None:
    edges = [f"{ARMS[arm]} B" for arm in arms]
    board = Board.from_rows(["...", "...", "..."], edges=edges)
    assert sees(board, (0, 0), (1, 1)) is clear
    assert sees(board, (0, 0), (2, 2)) is clear  # a longer diagonal through the same corner
    middle = Board.from_rows(["...."] * 4, edges=[f"{MIDDLE_ARMS[arm]} B" for arm in arms])
    assert sees(middle, (0, 0), (3, 3)) is clear  # the corner in the middle of the line
    assert sees(middle, (1, 1), (2, 2)) is clear


@RULE("002", "Line of Sight (LOS)")
def test_a_corner_between_blocking_spaces() -> None:
    # row 0: U W .    woods beside the corner on one side only: the line squeezes past (CF-21)
    # row 1: . . .
    # row 2: . . T
    one = Board.from_rows([".W.", "...", "..."])
    assert sees(one, (0, 0), (2, 2))
    # Woods on both sides of the corner: blocked, as for two bocage edges.
    both = Board.from_rows([".W.", "W..", "..."])
    assert not sees(both, (0, 0), (2, 2)) and not sees(both, (0, 0), (1, 1))
    # A unit beside the corner counts as a side: woods + unit block, a unit alone does not.
    assert not sees(one, (0, 0), (2, 2), frozenset({(0, 1)}))
    assert sees(open_board(3, 3), (0, 0), (2, 2), frozenset({(0, 1)}))
    assert not sees(open_board(3, 3), (0, 0), (2, 2), frozenset({(0, 1), (1, 0)}))
    # The same in the middle of a longer line: (0,0)-(3,3) passes the corner point (2,2) between
    # the woods (2,1) and the open (1,2); a unit in (1,2) closes it, a unit in (3,2) does not matter.
    long = Board.from_rows(["....", "..W.", "....", "...."])
    assert sees(long, (0, 0), (3, 3)) and sees(long, (0, 0), (3, 3), frozenset({(3, 2)}))
    assert not sees(long, (0, 0), (3, 3), frozenset({(1, 2)}))
    # A bocage arm on one side and woods on the other side: blocked.
    mixed = Board.from_rows([".W.", "...", "..."], edges=["0,1 E B"])  # arm S of the corner (1,1)
    assert not sees(mixed, (0, 0), (2, 2))
    # ... a bocage arm and woods on the same side: clear.
    same = Board.from_rows([".W.", "...", "..."], edges=["1,0 S B"])  # arm E
    assert sees(same, (0, 0), (2, 2))


@RULE("002", "Line of Sight (LOS)")
def test_adjacent_woods_see_into_each_other() -> None:
    # row 0: W W     all woods: (0,0) and (1,1) are adjacent through a corner with woods
    # row 1: W W     on both sides; "two adjacent spaces of woods ... can see into each other" (CF-22)
    woods = Board.from_rows(["WW", "WW"])
    assert sees(woods, (0, 0), (1, 1)) and sees(woods, (1, 0), (0, 1))
    assert sees(woods, (0, 0), (1, 0))  # edge-adjacent: always
    assert sees(Board.from_rows(["oW", "Wf"]), (0, 0), (1, 1))  # orchards to full grown fields
    # Open ground next to the woods is not "woods and similar": blocked by the two sides.
    assert not sees(Board.from_rows([".W", "WW"]), (0, 0), (1, 1))
    assert not sees(Board.from_rows(["BB", "BB"]), (0, 0), (1, 1))  # buildings are not similar
    # "with no blocking edge terrain": one bocage arm at the corner and the woods beside it block.
    assert not sees(Board.from_rows(["WW", "WW"], edges=["0,0 E B"]), (0, 0), (1, 1))
    # Two woods spaces apart: only the first is seen.
    row = Board.from_rows(["WWW"])
    assert sees(row, (0, 0), (1, 0)) and not sees(row, (0, 0), (2, 0))


@RULE("002", "Line of Sight (LOS)")
def test_knights_move_lines_and_what_they_pass() -> None:
    # (0,0) to (2,1) passes (1,0) then (1,1), and only touches no corner.
    #   row 0: U ? .
    #   row 1: ? ? T
    assert not sees(Board.from_rows([".W.", "..."]), (0, 0), (2, 1))
    assert not sees(Board.from_rows(["...", ".W."]), (0, 0), (2, 1))
    assert sees(Board.from_rows(["...", "W.."]), (0, 0), (2, 1))  # (0,1) is off the line
    # (0,0) to (3,1) passes the corner (2,1): (2,0) and (1,1) beside it. One side woods: clear.
    assert sees(Board.from_rows(["..W.", "...."]), (0, 0), (3, 1))
    assert not sees(Board.from_rows(["..W.", ".W.."]), (0, 0), (3, 1))


# --- smoke --------------------------------------------------------------------------------------


@RULE("002", "Artillery")
def test_smoke_blocks_into_and_out_of_its_space() -> None:
    board = open_board(4, 3)
    smoke = frozenset({(1, 0)})
    assert not sees(board, (0, 0), (1, 0), smoke=smoke)  # into, even adjacent
    assert not sees(board, (1, 0), (0, 0), smoke=smoke)  # out of
    assert not sees(board, (0, 0), (3, 0), smoke=smoke)  # through
    assert sees(board, (0, 0), (3, 1), smoke=smoke) is False  # (0,0)-(3,1) passes (1,0): blocked
    assert sees(board, (0, 1), (3, 1), smoke=smoke)  # a line not touching it
    # Smoke beside a corner counts as a side, like a unit (CF-21, CF-26).
    assert sees(board, (0, 0), (2, 2), smoke=frozenset({(0, 1)}))
    assert not sees(board, (0, 0), (2, 2), smoke=frozenset({(0, 1)}), occupied=frozenset({(1, 0)}))
    assert visible_from(los_table(board), (1, 0), smoke=smoke) == {(1, 0)}


# --- the seed's example -------------------------------------------------------------------------


@RULE("002", "Appendix A: Bocage Examples")
def test_appendix_a_example_1() -> None:
    """Seed "Appendix A: Bocage Examples", Example 1, on a reconstructed figure.

    The figure is missing from the seed; only its text survives: "Y and Z are not
    occupying the bocage. Units A, C and D have LOS to the space occupied by Y and Z.
    Unit B does not have LOS." warroom's reconstruction, on open ground, Y and Z in
    (2,2) with bocage on its north and west edges:

        row 0:  .  .  .  .  .
        row 1:  E  .  A  C  .        A: across the north bocage, adjacent (LOS)
        row 2:  B  . [YZ] .  .       C: diagonal through a corner with one bocage edge (LOS)
        row 3:  .  .  .  .  .        D: two spaces south through an open edge (LOS)
        row 4:  .  .  D  .  .        B: two spaces west, across the west bocage (no LOS)

    (Space (1,1) is E, this test's addition: diagonal through the corner with both
    bocage edges, no LOS.)
    """
    board = Board.from_rows(["....."] * 5, edges=["2,2 NW B"])
    yz, a, b, c, d, e = (2, 2), (2, 1), (0, 2), (3, 1), (2, 4), (1, 1)
    units = frozenset({yz, a, b, c, d, e})
    assert sees(board, a, yz, units) and sees(board, c, yz, units) and sees(board, d, yz, units)
    assert not sees(board, b, yz, units)
    assert not sees(board, e, yz, units)
    # Had Y and Z occupied the bocage, B would see them ("can be seen normally"), and E too.
    held = frozenset({yz})
    assert sees(board, b, yz, units, held=held) and sees(board, e, yz, units, held=held)


# --- linear terrain -----------------------------------------------------------------------------


@RULE("002", "Linear Terrain (optional)")
def test_linear_terrain_example() -> None:
    """Seed "Linear Terrain (optional)": "A has LOS to B, but B gets a cover bonus for the low wall.
    C has LOS to B and B counts as being in the open because C's LOS does not cross any linear
    terrain." The figure is missing; reconstruction: B in (2,2) with a low wall across the top
    quarter of its space, from (0, 1/4) to (1, 1/4); A two spaces north at (2,0); C two east at (4,2).
    A's line, x = 5/2, meets the wall at (5/2, 9/4); C's line, y = 5/2, passes below it.
    """
    board = Board.from_rows(["....."] * 4, linear=["2,2 w 0,1/4 1,1/4"])
    a, b, c = (2, 0), (2, 2), (4, 2)
    assert sees(board, a, b) and sees(board, c, b)
    assert cover_for_attack(board, a, b) and not cover_for_attack(board, c, b)
    assert cover_for_attack(board, a, b).sources == ("low stone wall (linear terrain) crossed by the line",)
    # A line that just touches the wall's end counts as crossing it (CF-32): from (0,1) the line
    # (1/2, 3/2) to (5/2, 5/2) has y = 9/4 at x = 2, the wall's west end.
    assert cover_for_attack(board, (0, 1), b)


@RULE("002", "Linear Terrain (optional)")
def test_blocking_linear_terrain_stops_the_line() -> None:
    # Linear bocage across the middle of (1,0), north to south: a line through (1,0) crosses it.
    board = Board.from_rows(["...", "..."], linear=["1,0 B 1/2,0 1/2,1"])
    assert sees(board, (0, 0), (1, 0))  # the piece's space itself is seen
    assert not sees(board, (0, 0), (2, 0))
    assert sees(board, (1, 0), (2, 0)) and sees(board, (1, 0), (0, 0))  # the viewer's own piece
    assert sees(board, (0, 1), (2, 1))
    assert segments_meet((Fraction(0), Fraction(0)), (Fraction(2), Fraction(2)),
                         (Fraction(1), Fraction(1)), (Fraction(3), Fraction(0)))  # touching counts
    assert not segments_meet((Fraction(0), Fraction(0)), (Fraction(1), Fraction(0)),
                             (Fraction(2), Fraction(0)), (Fraction(3), Fraction(0)))


# --- cover for an attack ------------------------------------------------------------------------


@RULE("002", "Edge Terrain")
def test_a_stone_wall_covers_only_attacks_crossing_it() -> None:
    # row 0: . . . .
    # row 1: . . . .
    # row 2: . . T .      a low stone wall on the north edge of the target's space (2,2)
    # row 3: . . . .
    board = Board.from_rows(["...."] * 4, edges=["2,2 N w"])
    t = (2, 2)
    assert cover_for_attack(board, (2, 0), t) and cover_for_attack(board, (2, 1), t)  # from the north
    assert cover_for_attack(board, (3, 0), t)  # 1 across, 2 down: enters by the north edge
    assert not cover_for_attack(board, (0, 2), t) and not cover_for_attack(board, (2, 3), t)  # west, south
    assert not cover_for_attack(board, (0, 1), t)  # 2 across, 1 down: enters by the west edge
    # Through the target's north-east corner (true diagonal): one of its edges there is the wall (CF-30).
    assert cover_for_attack(board, (3, 1), t) and cover_for_attack(board, (0, 0), t)
    assert not cover_for_attack(board, (3, 3), t)  # south-east corner: no wall
    assert entry_edges((3, 1), t) == (((2, 2), (3, 2)), ((2, 1), (2, 2)))
    # The wall is the target's: a target north of it, attacked from the south, crosses it too.
    assert cover_for_attack(board, (2, 3), (2, 1))
    # A wall on the attacker's own far edge is not the target's: no cover.
    far = Board.from_rows(["...."] * 4, edges=["2,0 S w"])
    assert not cover_for_attack(far, (2, 0), (2, 3))


@RULE("002", "Terrain")
@RULE("002", "Bocage")
@RULE("002", "Artillery")
def test_cover_sources_do_not_add_up() -> None:
    # Medium fields in a space behind a bocage edge, with smoke: three reasons, one "in cover" (CF-31).
    board = Board.from_rows(["..m"], edges=["1,0 E b"])
    cover = cover_for_attack(board, (1, 0), (2, 0), smoke=frozenset({(2, 0)}))
    assert cover.in_cover and cover.sources == (
        "medium height fields in the target space",
        "partial bocage on the edge the line crosses into the target space",
        "smoke in the target space",
    )
    assert not cover_for_attack(board, (0, 0), (1, 0))  # open, no edge crossed into (1,0) with terrain
    assert cover_for_attack(Board.from_rows(["..."], edges=["1,0 E B"]), (1, 0), (2, 0)).sources == (
        "bocage on the edge the line crosses into the target space",)  # "treat target as in cover"
    assert cover_for_attack(board, (2, 0), (2, 0)).in_cover  # no line: the space's own terrain
    assert entry_edges((1, 1), (1, 1)) == ()


# --- tables and the whole board ---------------------------------------------------------------


@RULE("002", "Line of Sight (LOS)")
def test_visible_from_lists_every_space_in_sight() -> None:
    # row 0: . . W .
    # row 1: U . . .      U at (0,1); a squad at (2,1); bocage on the south edge of (0,1)
    # row 2: . . . .
    board = Board.from_rows(["..W.", "....", "...."], edges=["0,1 S B"])
    got = visible_from(los_table(board), (0, 1), occupied=frozenset({(0, 1), (2, 1)}))
    # Row 1: (1,1) and (2,1), the squad's space, are seen; (3,1) is behind the squad.
    # Row 0: (0,0) adjacent; (1,0) diagonal through a corner with nothing beside it; (2,0), the
    # woods, by the line (1/2,3/2)-(5/2,1/2) through (1,1) and (1,0). (3,0): the line
    # (1/2,3/2)-(7/2,1/2) enters (1,1), then passes the corner point (2,1) beside the squad's
    # (2,1) and the open (1,0), clear, but then enters the woods (2,0): blocked.
    # Row 2: (0,2) across the bocage, adjacent: seen. (1,2): the diagonal through the corner
    # (1,2) has the bocage arm on one side only: seen. (2,2): the line (1/2,3/2)-(5/2,5/2) enters
    # (1,1), (1,2), (2,2): seen. (3,2): the line (1/2,3/2)-(7/2,5/2) enters (1,1), passes the
    # corner point (2,2) beside the squad (one side only), enters (2,2), then (3,2): seen.
    assert got == {(0, 1), (1, 1), (2, 1), (0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2), (3, 2)}
    table = los_table(board)
    for b in board.spaces():
        assert (b in got) == visible(table, (0, 1), b, frozenset({(0, 1), (2, 1)}))


@RULE("002", "Line of Sight (LOS)")
def test_the_table_is_built_once_per_board() -> None:
    board = Board.from_rows(["..W", "..."])
    assert los_table(board) is los_table(Board.from_rows(["..W", "..."]))
    assert isinstance(los_table(board), LosTable) and los_table(board).board == board
    assert visible(los_table(board), (1, 1), (1, 1), smoke=frozenset({(1, 1)}))  # a space sees itself


@RULE("002", "Line of Sight (LOS)")
def test_spaces_off_the_board_are_refused() -> None:
    board = Board.from_rows(["..W", "..."])
    table = los_table(board)
    with pytest.raises(BoardError, match=r"space \(3, 0\) is off the 3 x 2 board \(columns 0-2, rows 0-1\)"):
        visible(table, (0, 0), (3, 0))
    with pytest.raises(BoardError, match=r"space \(0, -1\) is off"):
        visible(table, (0, -1), (0, 0))
    with pytest.raises(BoardError, match="off the"):
        visible_from(table, (5, 5))
    with pytest.raises(BoardError, match="off the"):
        visible_direct(board, (0, 0), (0, 2))
    with pytest.raises(BoardError, match="off the"):
        cover_for_attack(board, (0, 0), (9, 9))


# --- properties on random boards --------------------------------------------------------------

CODES = [t.code for t in TERRAIN.area.values()]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, Spaces, Spaces, Spaces]:
    w, h = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    rows = ["".join(draw(st.lists(st.sampled_from(["."] * 4 + CODES), min_size=w, max_size=w))) for _ in range(h)]
    edges: list[str] = []
    for r in range(h):
        for c in range(w):
            for side, ok in (("E", c + 1 < w), ("S", r + 1 < h)):
                kind = draw(st.sampled_from(["", "", "", "w", "B", "b"]))
                if ok and kind:
                    edges.append(f"{c},{r} {side} {kind}")
    linear = draw(st.lists(st.sampled_from(["w", "B"]).map(lambda k: f"0,0 {k} 0,1/3 1,2/3"), max_size=1))
    board = Board.from_rows(rows, edges, linear=linear)
    spaces = st.frozensets(st.sampled_from(board.spaces()), max_size=4)
    return board, draw(spaces), draw(st.frozensets(st.sampled_from(board.spaces()), max_size=2)), draw(spaces)


@RULE("002", "Line of Sight (LOS)")
@RULE("002", "Bocage")
@settings(max_examples=150, deadline=None, database=None)
@given(positions())
def test_los_is_symmetric_and_the_table_agrees_with_the_walk(
    position: tuple[Board, Spaces, Spaces, Spaces],
) -> None:
    # The seed's rules are symmetric: every blocker is symmetric, and occupied bocage works both
    # ways ("have normal LOS extending out of the space and can be seen normally").
    board, occupied, smoke, held = position
    table = LosTable.build(board)
    for a in board.spaces():
        seen = visible_from(table, a, occupied, smoke, held)
        for b in board.spaces():
            direct = visible_direct(board, a, b, occupied, smoke, held)
            assert visible(table, a, b, occupied, smoke, held) == direct, (a, b)
            assert (b in seen) == direct, (a, b)
            assert visible_direct(board, b, a, occupied, smoke, held) == direct, (a, b, "asymmetric")
