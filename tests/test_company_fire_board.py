"""Company Fire's board: terrain tables against the seed, maps as text, movement facts, cover of a space.

Maps are drawn as rows of terrain codes (``.`` open, ``~`` swamp, ``p`` ploughed, ``l`` low
fields, ``m`` medium fields, ``f`` full grown fields, ``o`` orchards, ``W`` heavy woods, ``h``
hills, ``B`` buildings), column 0 on the left, row 0 at the top; edges are listed by space
and side (``"2,2 NW B"``: bocage on the north and west edges of space (2, 2)).
"""

from __future__ import annotations

import pickle
from fractions import Fraction
from pathlib import Path

import pytest

from warroom.core.errors import TableError, UsageError
from warroom.rulesets.company_fire.board import (
    TERRAIN,
    TERRAIN_FILE,
    Board,
    BoardError,
    LinearPiece,
    bocage_edges,
    close_assault_cover,
    cover_across_edge,
    crossing,
    destinations,
    edge_between,
    has_bocage,
    is_adjacent,
    king_distance,
    load_terrain,
    may_enter,
    may_occupy_bocage,
    must_stop_in,
    neighbours,
    open_board,
    orthogonal_distance,
    range_between,
    space_cover,
    space_edges,
    stacking_allows,
    step,
    touching,
)

RULE = pytest.mark.rule
NONE: frozenset[tuple[int, int]] = frozenset()
F0, F1 = Fraction(0), Fraction(1)


# --- the terrain tables are the seed's --------------------------------------------------------


@RULE("002", "Area Terrain")
def test_area_terrain_table_is_the_seeds() -> None:
    # Seed "Area Terrain": blocks LOS / cover / impassable to infantry / impassable to vehicles.
    seed = {
        "open": "NNNN", "swamp": "YYYY", "ploughed_fields": "NNNN", "low_fields": "NNNN",
        "medium_fields": "NYNN", "full_grown_fields": "YYNN", "orchards": "YYNN",
        "heavy_woods": "YYNY", "hills": "YYNN", "buildings": "YYNY",
    }
    assert set(TERRAIN.area) == set(seed)  # the seed's ten types, no more
    for name, flags in seed.items():
        t = TERRAIN.area[name]
        got = "".join("Y" if v else "N" for v in (t.blocks_los, t.cover, t.impassable_to_infantry,
                                                  t.impassable_to_vehicles))
        assert got == flags, name


@RULE("002", "Edge Terrain")
@RULE("002", "Bocage")
def test_edge_terrain_table_is_the_seeds() -> None:
    wall, full, partial = (TERRAIN.edge[k] for k in ("low_stone_wall", "bocage_full", "bocage_partial"))
    # Low stone wall: LOS No, cover Yes, infantry No, vehicles No (seed "Edge Terrain").
    assert (wall.blocks_los, wall.cover, wall.impassable_to_infantry, wall.impassable_to_vehicles) == (
        False, True, False, False)
    # Bocage: cover Yes; blocks LOS (even partial, CF-23); vehicles cannot pass a full edge but
    # cross a partial one; infantry move 1 space across a full edge only.
    assert full.blocks_los and partial.blocks_los and full.cover and partial.cover
    assert full.impassable_to_vehicles and not partial.impassable_to_vehicles
    assert full.single_space_move and not partial.single_space_move
    assert full.bocage and partial.bocage and not wall.bocage


@RULE("002", "Terrain")
def test_a_broken_terrain_file_names_the_problem(tmp_path: Path) -> None:
    text = TERRAIN_FILE.read_text()
    dup = tmp_path / "dup.toml"
    dup.write_text(text.replace('code = "~"', 'code = "."'))
    with pytest.raises(TableError, match=r"swamp.*code '\.'.*already used by 'open'"):
        load_terrain(dup)
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('range_metric = "orthogonal"', 'range_metric = "hex"'))
    with pytest.raises(TableError, match=r"\[board\], key range_metric"):
        load_terrain(bad)
    assert load_terrain() == TERRAIN


# --- maps as text -------------------------------------------------------------------------------


@RULE("002", "Grid Size")
def test_from_rows_reads_a_map() -> None:
    board = Board.from_rows(
        [". W ~",
         "m B h"],
        edges=["0,0 E w", "1,1 N bocage_partial", "2,0 SW B"],
        roads=["0,1", (1, 1)],
        linear=["0,1 w 0,1/4 1,1/4"],
    )
    assert (board.width, board.height) == (3, 2)
    assert board.area_at((1, 0)) == "heavy_woods" and board.area_at((2, 0)) == "swamp"
    assert board.area_at((0, 1)) == "medium_fields" and board.terrain((1, 1)).label == "buildings"
    assert board.edge_at((0, 0), (1, 0)) == "low_stone_wall" == board.edge_at((1, 0), (0, 0))
    assert board.edge_at((1, 0), (1, 1)) == "bocage_partial"
    assert board.edge_at((2, 0), (2, 1)) == "bocage_full" and board.edge_at((1, 0), (2, 0)) == "bocage_full"
    assert board.edge_at((0, 1), (1, 1)) is None
    assert board.roads == {(0, 1), (1, 1)} and board.has_road((0, 1)) and not board.has_road((0, 0))
    (piece,) = board.linear_in((0, 1))
    assert piece.kind == "low_stone_wall"
    assert piece.global_points() == ((Fraction(0), Fraction(5, 4)), (Fraction(1), Fraction(5, 4)))
    assert board.linear_in((0, 0)) == ()
    assert Board.from_rows(*board.to_rows()) == board


@RULE("002", "Grid Size")
def test_boards_are_frozen_values() -> None:
    one = Board.from_rows(["..", ".."], edges=["0,0 E B", "0,0 S w"])
    two = Board.from_rows(["..", ".."], edges=[((0, 0), "S", "low_stone_wall"), "1,0 W bocage_full"])
    assert one == two and hash(one) == hash(two) and len({one, two}) == 1
    assert one == Board(2, 2, ("open",) * 4, edges=tuple(reversed(one.edges)))
    assert one != open_board(2, 2)
    with pytest.raises(AttributeError):
        one.width = 3  # type: ignore[misc]
    linear = Board.from_rows(["..", ".."], edges=["0,0 E B"], roads=["1,1"], linear=["0,1 w 0,1/4 1,1/4"])
    again = pickle.loads(pickle.dumps(linear))  # for a process pool of simulated games
    assert again == linear and hash(again) == hash(linear) and again.edge_at((0, 0), (1, 0)) == "bocage_full"
    assert again.linear_in((0, 1)) == linear.linear_in((0, 1))
    assert Board(2, 1, ["open", "hills"]).area == ("open", "hills")  # type: ignore[arg-type]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"rows": [".x"]}, r"row 0, column 1: unknown terrain code 'x'; allowed: open \(\.\), swamp \(~\)"),
    ({"rows": ["..", "..."]}, "map row 1 has 3 spaces, row 0 has 2"),
    ({"rows": []}, "at least one row"),
    ({"rows": [".."], "edges": ["1,0 E B"]}, r"side E of \(1, 0\) is the board's border"),
    ({"rows": [".."], "edges": ["0,0 X B"]}, "sides are letters of NESW"),
    ({"rows": [".."], "edges": ["0,0 E hedge"]}, r"unknown edge terrain 'hedge'; allowed: low_stone_wall \(w\)"),
    ({"rows": [".."], "edges": ["0,0 E"]}, "write 'col,row SIDES KIND'"),
    ({"rows": [".."], "edges": ["0,0 E B", "1,0 W w"]}, "given twice: bocage_full and low_stone_wall"),
    ({"rows": [".."], "roads": ["2,0"]}, r"road at \(2, 0\) is off the 2 x 1 board"),
    ({"rows": [".."], "roads": ["a"]}, "'a' is not a space"),
    ({"rows": [".."], "linear": ["0,0 w 0,0 2,0"]}, r"point \(2, 0\) is outside the space"),
    ({"rows": [".."], "linear": ["0,0 w 0,0"]}, "write 'col,row KIND x1,y1 x2,y2'"),
    ({"rows": [".."], "linear": ["0,0 w 0,x 1,1"]}, "'0,x' is not a point"),
])
@RULE("002", "Grid Size")
def test_bad_maps_say_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BoardError, match=message) as err:
        Board.from_rows(**kwargs)  # type: ignore[arg-type]
    assert isinstance(err.value, UsageError)  # shown as one line, never a traceback


@RULE("002", "Grid Size")
def test_direct_construction_is_checked() -> None:
    with pytest.raises(BoardError, match="needs 4 area terrain entries, not 3"):
        Board(2, 2, ("open",) * 3)
    with pytest.raises(BoardError, match="unknown area terrain 'jungle'"):
        Board(1, 1, ("jungle",))
    with pytest.raises(BoardError, match="at least 1 x 1"):
        Board(0, 3, ())
    with pytest.raises(BoardError, match="share no edge"):
        Board(2, 2, ("open",) * 4, edges=((((0, 0), (1, 1)), "low_stone_wall"),))
    with pytest.raises(BoardError, match="smaller first"):
        Board(2, 1, ("open",) * 2, edges=((((1, 0), (0, 0)), "low_stone_wall"),))
    with pytest.raises(BoardError, match="off the"):
        Board(1, 1, ("open",), linear=(LinearPiece((1, 0), "low_stone_wall", (F0, F0), (F1, F1)),))


# --- adjacency, range, stacking -------------------------------------------------------------


@RULE("002", "Movement")
def test_moves_go_through_edges_and_adjacency_includes_corners() -> None:
    board = open_board(4, 3)
    assert neighbours(board, (0, 0)) == ((1, 0), (0, 1))  # a corner space: 2 edges inside the board
    assert neighbours(board, (1, 0)) == ((2, 0), (1, 1), (0, 0))
    assert neighbours(board, (1, 1)) == ((1, 0), (2, 1), (1, 2), (0, 1))  # N, E, S, W
    assert len(touching(board, (0, 0))) == 3 and len(touching(board, (1, 0))) == 5
    assert touching(board, (1, 1)) == ((1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0))
    assert is_adjacent((1, 1), (2, 2)) and is_adjacent((1, 1), (1, 2)) and not is_adjacent((1, 1), (3, 1))
    assert not is_adjacent((1, 1), (1, 1))
    assert space_edges(board, (0, 0)) == (((0, 0), (1, 0)), ((0, 0), (0, 1)))
    with pytest.raises(BoardError, match="share no edge"):
        edge_between((0, 0), (1, 1))


@RULE("002", "Grid Size")
@RULE("002", "Individual Unit Fire")
def test_range_counts_edge_steps() -> None:
    # CF-27: range is |dcol| + |drow|; a diagonal neighbour is 2 spaces away, as a unit walks it.
    assert range_between((0, 0), (3, 4)) == 3 + 4
    assert range_between((2, 2), (3, 3)) == 2 and range_between((2, 2), (2, 3)) == 1
    assert range_between((5, 1), (5, 1)) == 0
    assert orthogonal_distance((6, 0), (0, 6)) == 12 and king_distance((6, 0), (0, 6)) == 6  # the alternative
    assert TERRAIN.board.range_metric == "orthogonal"


@RULE("002", "Stacking")
def test_stacking() -> None:
    # Up to three friendly units including SMFs, at most two of them non-SMF.
    assert stacking_allows(2, 1) and stacking_allows(0, 3) and stacking_allows(1, 2) and stacking_allows(0, 0)
    assert not stacking_allows(3, 0)  # three squads
    assert not stacking_allows(2, 2)  # four units
    assert not stacking_allows(-1, 1)


# --- crossing edges and entering spaces ---------------------------------------------------------


@RULE("002", "Bocage")
@RULE("002", "Edge Terrain")
def test_crossing_edges() -> None:
    board = Board.from_rows(["....", "...."], edges=["0,0 E w", "1,0 E B", "2,0 E b"])
    wall, full, partial = ((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (3, 0))
    assert crossing(board, *wall, "infantry") and crossing(board, *wall, "vehicle")
    assert not crossing(board, *wall, "infantry").single_space_move
    # Full bocage: infantry may cross, on a move of that one space; vehicles may not.
    inf = crossing(board, *full, "infantry")
    assert inf.allowed and inf.single_space_move and inf.edge == "bocage_full"
    veh = crossing(board, *full, "vehicle")
    assert not veh and "vehicles cannot cross bocage" in veh.reason
    # Partial bocage: both cross normally.
    assert crossing(board, *partial, "vehicle") and not crossing(board, *partial, "infantry").single_space_move
    assert crossing(board, (0, 1), (1, 1), "vehicle") == crossing(board, (0, 1), (1, 1), "infantry")


@RULE("002", "Area Terrain")
def test_entering_area_terrain_and_roads() -> None:
    board = Board.from_rows(["~WBh", "~WBf"], roads=["0,1", "1,1", "2,1"])
    assert not may_enter(board, (0, 0), "infantry") and not may_enter(board, (0, 0), "vehicle")
    assert may_enter(board, (1, 0), "infantry") and not may_enter(board, (1, 0), "vehicle")  # heavy woods
    assert "heavy woods is impassable to vehicles" in may_enter(board, (1, 0), "vehicle").reason
    assert not may_enter(board, (2, 0), "vehicle") and may_enter(board, (3, 0), "vehicle")  # buildings, hills
    assert may_enter(board, (3, 1), "vehicle")  # full grown fields
    # "Assumes no road is present in the space": a road opens them (CF-29, the swamp to infantry too).
    assert may_enter(board, (1, 1), "vehicle") and may_enter(board, (2, 1), "vehicle")
    assert may_enter(board, (0, 1), "vehicle") and may_enter(board, (0, 1), "infantry")


@RULE("002", "Movement")
def test_a_step_is_an_edge_and_the_space_beyond() -> None:
    board = Board.from_rows([".W", ".."], edges=["0,1 E B"])
    assert step(board, (0, 0), (1, 0), "infantry")
    blocked = step(board, (0, 0), (1, 0), "vehicle")
    assert not blocked and "impassable to vehicles" in blocked.reason
    assert not step(board, (0, 0), (1, 1), "infantry")  # diagonal: edges only
    assert "edges only" in step(board, (0, 0), (1, 1), "infantry").reason
    assert not step(board, (0, 0), (-1, 0), "infantry")
    assert step(board, (0, 1), (1, 1), "infantry").single_space_move
    assert not step(board, (0, 1), (1, 1), "vehicle")


@RULE("002", "Movement")
def test_destinations_stop_next_to_the_enemy() -> None:
    # Open 5 x 3, infantry at (0,1) moving 2, enemy at (4,0).
    #   row 0: . . . . E
    #   row 1: U . . . .
    #   row 2: . . . . .
    board = open_board(5, 3)
    enemy = frozenset({(4, 0)})
    got = destinations(board, (0, 1), "infantry", 2, enemy=enemy)
    # Two edge steps reach (0,0),(1,1),(0,2) in one and (1,0),(2,1),(1,2) in two; none touches (4,0).
    assert set(got) == {(0, 0), (1, 1), (0, 2), (1, 0), (2, 1), (1, 2)}
    assert got[(2, 1)] == ((1, 1), (2, 1))
    # From (2,1) with 2 moves: (3,1) touches the enemy's corner, so a unit entering it stops there;
    # (3,0) touches its edge: stop. (4,1) and (4,2) would need a third step or passing (3,1).
    got = destinations(board, (2, 1), "infantry", 2, enemy=enemy)
    assert (3, 1) in got and (3, 0) in got and (4, 1) not in got and (4, 0) not in got
    assert got[(3, 2)] == ((2, 2), (3, 2))  # (3,2) is not adjacent to (4,0): no stop
    assert must_stop_in(board, (3, 1), enemy) and not must_stop_in(board, (3, 2), enemy)


@RULE("002", "Movement")
@RULE("002", "Artillery")
@RULE("002", "Stacking")
def test_destinations_respect_smoke_and_full_spaces() -> None:
    board = open_board(4, 1)
    # Smoke in (1,0): a unit entering it stops there (seed "Artillery").
    assert set(destinations(board, (0, 0), "infantry", 3, smoke=frozenset({(1, 0)}))) == {(1, 0)}
    # A space the mover may neither pass nor stop in (stacking): nothing beyond it on a 1-row board.
    assert destinations(board, (0, 0), "infantry", 3, full=frozenset({(1, 0)})) == {}
    # Never into or through an enemy space.
    assert destinations(board, (0, 0), "infantry", 3, enemy=frozenset({(2, 0)})) == {(1, 0): ((1, 0),)}
    assert destinations(board, (0, 0), "infantry", 0) == {}
    with pytest.raises(BoardError, match="0 or more"):
        destinations(board, (0, 0), "infantry", -1)


@RULE("002", "Single Mounted Figures (SMFs)")
@RULE("002", "Movement")
def test_a_lone_enemy_smf_may_be_entered_and_stops_the_move() -> None:
    # row 0: U . S . .     a lone enemy SMF at (2,0): "automatically eliminated if the enemy moves
    #                      into the space"; it is still an enemy unit, so (1,0) touching it is a stop.
    board = open_board(5, 1)
    smf = frozenset({(2, 0)})
    assert set(destinations(board, (0, 0), "infantry", 3, enemy_smfs=smf)) == {(1, 0)}
    assert destinations(board, (1, 0), "infantry", 3, enemy_smfs=smf) == {(0, 0): ((0, 0),), (2, 0): ((2, 0),)}
    assert must_stop_in(board, (2, 0), smf)


@RULE("002", "Bocage")
def test_destinations_across_full_bocage_are_one_space() -> None:
    # row 0: . . . .     bocage on the east edge of (0,0); partial bocage on the east edge of (0,1)
    # row 1: . . . .
    board = Board.from_rows(["....", "...."], edges=["0,0 E B", "0,1 E b"])
    got = destinations(board, (0, 0), "infantry", 2)
    # (1,0) straight across the bocage is a one-space move, so (2,0) is not reached that way, and
    # going round by (0,1), (1,1) takes 3 steps to (1,0) and 4 to (2,0).
    assert got[(1, 0)] == ((1, 0),)
    assert set(got) == {(1, 0), (0, 1), (1, 1)}  # (1,1) through the partial bocage, moving normally
    # A vehicle may not cross full bocage, but crosses the partial bocage normally.
    assert set(destinations(board, (0, 0), "vehicle", 3)) == {(0, 1), (1, 1), (2, 1), (1, 0)}
    assert destinations(board, (0, 0), "vehicle", 3)[(1, 0)] == ((0, 1), (1, 1), (1, 0))
    # Crossing bocage as the second step is not allowed: from (0,1) up to (0,0) then east.
    assert (1, 0) in destinations(board, (0, 1), "infantry", 2)  # via (1,1), 2 steps, no bocage
    assert destinations(board, (0, 1), "infantry", 2)[(1, 0)] == ((1, 1), (1, 0))


@RULE("002", "Vehicle Movement")
def test_road_rate_only_for_a_move_wholly_on_road() -> None:
    # A road along row 0; a medium tank moves 3 off road, 4 on road.
    board = Board.from_rows(["......", "......"], roads=[f"{c},0" for c in range(6)])
    got = destinations(board, (0, 0), "vehicle", 3, road_rate=4)
    assert got[(4, 0)] == ((1, 0), (2, 0), (3, 0), (4, 0))  # 4 spaces, all on road
    assert (5, 0) not in got and (3, 1) not in got  # (3,1): leaves the road, so 3 spaces only
    assert (2, 1) in got
    # Starting off the road: off-road rate only.
    assert (4, 0) not in destinations(board, (0, 1), "vehicle", 3, road_rate=4)


# --- cover of a space and edges -----------------------------------------------------------------


@RULE("002", "Area Terrain")
@RULE("002", "Artillery")
def test_cover_of_a_space() -> None:
    board = Board.from_rows([".lmfWB"], edges=["0,0 E w"])
    assert [space_cover(board, (c, 0)) for c in range(6)] == [False, False, True, True, True, True]
    assert space_cover(board, (0, 0), smoke=frozenset({(0, 0)}))  # "count as in cover"
    assert cover_across_edge(board, (0, 0), (1, 0)) and cover_across_edge(board, (1, 0), (0, 0))
    assert not cover_across_edge(board, (1, 0), (2, 0))


@RULE("002", "Bocage")
def test_occupying_bocage() -> None:
    # row 0:  .   . | .     bocage (| and =) on the east and south edges of (1,0): (2,0) shares
    #               =       the east one, (1,1) the south one; partial bocage (:) between (0,1)
    # row 1:  . : .   .     and (1,1).
    board = Board.from_rows(["...", "..."], edges=["1,0 ES B", "0,1 E b"])
    assert bocage_edges(board, (1, 0)) == (((1, 0), (2, 0)), ((1, 0), (1, 1)))
    assert has_bocage(board, (2, 0)) and has_bocage(board, (0, 1)) and not has_bocage(board, (0, 0))
    assert may_occupy_bocage(board, (1, 0), NONE)
    assert not may_occupy_bocage(board, (0, 0), NONE)  # no bocage to occupy
    # The enemy holds the bocage of (2,0), which shares (1,0)'s east edge: that edge is taken.
    assert not may_occupy_bocage(board, (1, 0), frozenset({(2, 0)}))
    assert may_occupy_bocage(board, (1, 0), frozenset({(0, 1)}))  # (0,1)'s bocage is not (1,0)'s
    assert not may_occupy_bocage(board, (1, 0), frozenset({(1, 0)}))
    # Close assault: bocage is the defender's cover only if it occupies it; else the space's terrain.
    assert close_assault_cover(board, (1, 0), frozenset({(1, 0)}))
    assert not close_assault_cover(board, (1, 0), NONE)
    woods = Board.from_rows(["W."])
    assert close_assault_cover(woods, (0, 0), NONE)
