"""Distances, line of sight, movement, cover and unit integrity on small Brigade tables built by hand.

Tables are a few rectangles and lines in inches (x across, y into the table). Every expected
answer is worked out by hand in a comment from the seeds (004 "WW2 Rules for Brigade level
games", 003 "Terrain & Mines") and the readings BR-1 ... BR-34 (docs/rulings.md):
eyes (BR-10) infantry 6 ft, cavalry and tanks 9 ft, other vehicles 8 ft; reach (BR-21) infantry
1/2", tanks 1 1/2"; hill levels 20 ft (BR-9); hedge screen 10 ft (BR-15); woods limits 3" / 4" /
2" with canopies 40 / 30 / 50 ft (BR-12).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warroom.core.errors import UsageError
from warroom.rulesets.brigade.geometry import (
    Viewpoint,
    cover,
    distance,
    distance_to,
    features_at,
    ground,
    integrity,
    line_of_fire,
    line_of_sight,
)
from warroom.rulesets.brigade.paths import path_cost
from warroom.rulesets.brigade.table import Battlefield

RULE = pytest.mark.rule
V = Viewpoint


def rect(x: float, y: float, w: float, h: float) -> list[list[float]]:
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]


def table(*features: dict[str, Any]) -> Battlefield:
    return Battlefield.from_data({"width": 72, "depth": 48, "features": list(features)})


def sees(bf: Battlefield, a: Viewpoint, b: Viewpoint) -> bool:
    """LOS both ways: it is reciprocal (BR-11)."""
    there, back = line_of_sight(bf, a, b), line_of_sight(bf, b, a)
    assert there.visible == back.visible, (a, b, there.reason, back.reason)
    return there.visible


# --- distances and where things are ----------------------------------------------------------------


@RULE("004", "Basic scales")
def test_distances_in_inches() -> None:
    bf = table(
        {"name": "Bois", "kind": "woods", "points": rect(20, 10, 10, 10)},
        {"name": "Hedge", "kind": "hedge", "points": [[50, 0], [50, 20]]},
        {"name": "N13", "kind": "primary_road", "lanes": 1, "points": [[0, 30], [72, 30]]},
        {"name": "Hill", "kind": "hill", "points": rect(0, 36, 10, 10), "upper_levels": [rect(2, 38, 6, 6)]},
    )
    assert distance((0, 0), (3, 4)) == 5.0  # 3-4-5: 100 yards at 20 yards an inch
    assert distance_to(bf, (17, 15), "Bois") == 3.0  # 20 - 17
    assert distance_to(bf, (33, 24), "Bois") == 5.0  # to the corner (30, 20): 3-4-5
    assert distance_to(bf, (25, 15), "Bois") == 0.0  # inside
    assert distance_to(bf, (46, 23), "Hedge") == 5.0  # to its end (50, 20): 4-3-5
    assert distance_to(bf, (10, 35), "N13") == 4.5  # 35 - 30, less the half width of a 1" road
    assert distance_to(bf, (12, 40), "Hill") == 2.0  # to the base contour
    assert [f.name for f in features_at(bf, (49.6, 10), reach=0.5)] == ["Hedge"]
    assert features_at(bf, (49.4, 10), reach=0.5) == ()
    assert [f.name for f in features_at(bf, (25, 30.4))] == ["N13"]
    assert (ground(bf, (5, 40)).level, ground(bf, (5, 40)).height_ft) == (2, 40.0)
    assert (ground(bf, (1, 37)).level, ground(bf, (9, 45)).height_ft, ground(bf, (15, 40)).height_ft) == (1, 20.0,
                                                                                                           0.0)
    assert ground(bf, (2, 40)).level == 2  # on the contour line: the higher level (BR-32)


@given(st.tuples(st.floats(0, 72), st.floats(0, 48)), st.tuples(st.floats(0, 72), st.floats(0, 48)),
       st.tuples(st.floats(0, 72), st.floats(0, 48)))
@settings(database=None, max_examples=200, deadline=None)
@RULE("004", "Basic scales")
def test_distance_is_a_metric(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> None:
    assert distance(a, a) == 0.0
    assert distance(a, b) >= 0.0
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c) + 1e-9


# --- line of sight: woods ----------------------------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_woods_are_seen_into_3_inches_and_no_further() -> None:
    bf = table({"name": "Bois", "kind": "woods", "points": rect(20, 10, 10, 10)})
    assert sees(bf, V((15, 15)), V((23, 15)))  # 3" into the woods: "not possible more than 3 inches into"
    s = line_of_sight(bf, V((15, 15)), V((23.1, 15)))
    assert not s.visible and s.blocked_by == ("Bois",)
    assert s.woods_inches == pytest.approx(3.1) and s.woods_share == pytest.approx(3.1 / 3)
    assert "3.10\" through woods" in s.reason
    assert sees(bf, V((22, 15)), V((5, 15)))  # a unit 2" inside sees out of the near edge
    assert not sees(bf, V((22, 15)), V((40, 15)))  # but not out of the far edge, 8" away
    assert not sees(bf, V((21, 15)), V((28, 15)))  # 7" of woods between two units inside
    assert not sees(bf, V((15, 15)), V((35, 15)))  # through the whole 10" wood
    assert sees(bf, V((15, 5)), V((35, 5)))  # past it


@RULE("003", "Terrain, Buildings and Other Features")
def test_woods_of_several_kinds_on_one_line_add_up_as_shares_of_their_limits() -> None:
    bf = table(
        {"name": "Strip", "kind": "woods", "points": rect(20, 0, 2, 20)},
        {"name": "Copse", "kind": "light_woods", "points": rect(25, 0, 1.5, 10)},
        {"name": "Thin", "kind": "light_woods", "points": rect(25, 10, 1, 10)},
        {"name": "Dense", "kind": "heavy_woods", "points": rect(40, 0, 2, 20)},
        {"name": "Thicket", "kind": "heavy_woods", "points": rect(50, 0, 2.5, 20)},
    )
    # 2" of woods and 1.5" of light woods: 2/3 + 1.5/4 = 25/24 > 1: blocked
    s = line_of_sight(bf, V((10, 5)), V((30, 5)))
    assert not s.visible and s.woods_share == pytest.approx(25 / 24)
    # 2" of woods and 1" of light woods: 2/3 + 1/4 = 11/12: seen through both
    s = line_of_sight(bf, V((10, 15)), V((30, 15)))
    assert s.visible and s.woods_share == pytest.approx(11 / 12)
    assert sees(bf, V((36, 5)), V((46, 5)))  # 2" of heavy woods: 2/2 = 1, just seen through
    assert not sees(bf, V((46, 5)), V((56, 5)))  # 2.5" of heavy woods: "stopped at 2 inches"


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_line_from_high_ground_passes_over_the_canopy() -> None:
    hill = {"name": "Hill", "kind": "hill", "points": rect(0, 5, 14, 20),
            "upper_levels": [rect(1, 6, 11, 18), rect(2, 7, 8, 16)]}
    woods = {"name": "Bois", "kind": "woods", "points": rect(20, 10, 4, 10)}
    # On level 3 (60 ft) an infantry eye is at 66 ft; the target at (60, 15) is at 6 ft. Over x the line
    # is 66 - 60 (x - 5) / 55 ft: 49.6 ft at x = 20 and 45.3 ft at x = 24, above the 40 ft canopy, so
    # the 4" of woods do not count. Brows: 60.5 ft at x = 10 (level 3, 60 ft), 58.4 at x = 12 (40 ft),
    # 56.2 at x = 14 (20 ft): all clear.
    s = line_of_sight(table(hill, woods), V((5, 15)), V((60, 15)))
    assert s.visible and s.woods_inches == 0.0
    # on the flat the same 4" of woods are more than 3": blocked
    assert not sees(table(woods), V((5, 15)), V((60, 15)))
    # but a target just beyond the wood is in the hill's own dead ground: to (30, 15) the line falls
    # 60 ft over 25", to 66 - 60 * 5 / 25 = 54 ft at the level-3 brow x = 10, under its 60 ft
    s = line_of_sight(table(hill, woods), V((5, 15)), V((30, 15)))
    assert not s.visible and s.blocked_by[0] == "Hill"


# --- line of sight: hills and ridges -----------------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_ridge_blocks_on_the_same_level_and_is_seen_over_from_a_hill() -> None:
    bf = table(
        {"name": "Hill 112", "kind": "hill", "points": rect(0, 10, 10, 28), "upper_levels": [rect(0, 14, 6, 20)]},
        {"name": "Crest", "kind": "ridge", "height_ft": 15, "points": [[30, 0], [30, 48]]},
    )
    # same level: the line is at 6 ft where it crosses the 15 ft ridge
    s = line_of_sight(bf, V((20, 5)), V((40, 5)))
    assert not s.visible and s.blocked_by == ("Crest",) and "15 ft high" in s.reason
    # from level 2 of the hill (40 ft + 6 = 46 ft) at (5, 24) to (50, 24) at 6 ft: at x = 30 the line is
    # 46 - 40 * 25 / 45 = 23.8 ft, over the 15 ft ridge; the brows: 45.1 ft at x = 6, 41.6 ft at x = 10
    s = line_of_sight(bf, V((5, 24)), V((50, 24)))
    assert s.visible and [c.how for c in s.crossed] == ["over"]
    assert sees(bf, V((5, 24)), V((50, 24)))
    # a target 3" behind the ridge is in dead ground: 46 - 40 * 25 / 28 = 10.3 ft < 15 ft
    assert not sees(bf, V((5, 24)), V((33, 24)))
    # a unit touching the ridge (0.4" from it, within its 1/2" reach) sees over it, and is seen
    assert sees(bf, V((29.6, 5)), V((40, 5)))
    assert not sees(bf, V((29.4, 5)), V((40, 5)))  # 0.6" away is not touching


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_vehicle_fires_over_a_ridge_only_touching_it() -> None:
    bf = table(
        {"name": "Hill 112", "kind": "hill", "points": rect(0, 10, 10, 28), "upper_levels": [rect(0, 14, 6, 20)]},
        {"name": "Crest", "kind": "ridge", "height_ft": 15, "points": [[30, 0], [30, 48]]},
    )
    # a tank on the hill sees over the ridge (49 ft eye, 9 ft target: 49 - 40 * 25 / 45 = 26.8 ft > 15)
    fire = line_of_fire(bf, V((5, 24), "tank"), V((50, 24), "tank"))
    assert fire.visible and not fire.fire and "must be touching ridge 'Crest'" in fire.reason
    # troops on the hill fire wherever they see (BR-16)
    assert line_of_fire(bf, V((5, 24), "infantry"), V((50, 24), "tank")).fire
    # a tank 1" from the ridge touches it (reach 1 1/2") and fires over it
    touching = line_of_fire(bf, V((29, 5), "tank"), V((40, 5), "tank"))
    assert touching.visible and touching.fire
    # its target, 10" beyond, sees it back but may not fire back over the ridge
    back = line_of_fire(bf, V((40, 5), "tank"), V((29, 5), "tank"))
    assert back.visible and not back.fire


@RULE("003", "Terrain, Buildings and Other Features")
def test_the_brow_of_a_contour_level_hides_what_lies_back_from_it() -> None:
    bf = table({"name": "Plateau", "kind": "hill", "points": rect(0, 0, 14, 30)})
    # from the foot at (20, 15), 6 ft, to (12, 15) on the 20 ft level, 26 ft: at the brow x = 14 the
    # line is 6 + 20 * 6 / 8 = 21 ft, above 20 ft: seen
    assert sees(bf, V((20, 15)), V((12, 15)))
    # to (8, 15): at x = 14 the line is 6 + 20 * 6 / 12 = 16 ft, below the brow: hidden
    s = line_of_sight(bf, V((20, 15)), V((8, 15)))
    assert not s.visible and "contour level 1 (20 ft)" in s.reason
    # two units on the plateau see each other; a line grazing the brow exactly is not blocked (BR-32)
    assert sees(bf, V((2, 2)), V((12, 28)))
    assert sees(bf, V((24, 15)), V((14, 15), "infantry"))


# --- line of sight: hedges, hedgerows, walls ----------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_hedge_blocks_unless_a_vehicle_touches_it_where_the_line_crosses() -> None:
    bf = table({"name": "Hedge", "kind": "hedge", "points": [[50, 0], [50, 20]]})
    assert not sees(bf, V((45, 10), "tank"), V((55, 10), "tank"))
    # a tank 1" from the hedge touches it (reach 1 1/2"): it sees through, and is seen
    s = line_of_sight(bf, V((49, 10), "tank"), V((55, 10), "tank"))
    assert s.visible and [c.how for c in s.crossed] == ["touching_a"]
    assert sees(bf, V((45, 10), "infantry"), V((50.8, 10), "medium_tanks"))  # the target vehicle touches it
    # infantry touching a hedge do not see through it: seed 003 gives the exception to the vehicle
    assert not sees(bf, V((49.6, 10), "infantry"), V((55, 10), "tank"))
    # the tank touches the hedge at (50, 12), but the line crosses it at (50, 6), 6.1" away
    assert not sees(bf, V((49, 12), "tank"), V((51, 0), "tank"))
    # lines alongside the hedge, not crossing it, are clear; a line along the hedge itself is blocked
    assert sees(bf, V((48, 2), "tank"), V((48, 18), "tank"))
    assert sees(bf, V((51, 2), "tank"), V((51, 18), "tank"))
    assert not sees(bf, V((50, 2), "tank"), V((50, 18), "tank"))
    # past its end
    assert sees(bf, V((45, 25), "infantry"), V((55, 25), "infantry"))


@RULE("003", "Terrain, Buildings and Other Features")
def test_higher_ground_sees_over_a_hedge_beyond_its_dead_ground() -> None:
    bf = table(
        {"name": "Farm", "kind": "building", "material": "brick", "storeys": 2, "points": rect(30, 8, 4, 4)},
        {"name": "Hedge", "kind": "hedge", "points": [[50, 0], [50, 20]]},
    )
    # infantry on the upper storey: 12 + 6 = 18 ft. To a tank (9 ft) at (60, 10) the line is
    # 18 - 9 * 18 / 28 = 12.2 ft at the hedge, over its 10 ft screen: seen
    assert sees(bf, V((32, 10), "infantry", storey=1), V((60, 10), "tank"))
    # to a tank at (52, 10): 18 - 9 * 18 / 20 = 9.9 ft at the hedge, under the screen: hidden
    assert not sees(bf, V((32, 10), "infantry", storey=1), V((52, 10), "tank"))
    # from the ground floor (6 ft) neither
    assert not sees(bf, V((32, 10), "infantry"), V((60, 10), "tank"))
    with pytest.raises(UsageError, match=r"storey=2 at \(32, 10\): there is no building that high there"):
        line_of_sight(bf, V((32, 10), "infantry", storey=2), V((60, 10)))


@RULE("003", "Terrain, Buildings and Other Features")
def test_troops_in_a_hedgerow_observe_from_it_and_vehicles_never_see_through() -> None:
    bf = table({"name": "Bocage", "kind": "bocage", "points": [[10, 30], [10, 48]]})
    assert sees(bf, V((9.7, 40), "infantry"), V((20, 40), "tank"))  # troops in it (0.3" off, reach 1/2")
    assert sees(bf, V((10.5, 40), "cavalry"), V((0.5, 40), "infantry"))  # cavalry too (TM-3)
    assert not sees(bf, V((9, 40), "tank"), V((20, 40), "tank"))  # a tank touching it does not
    assert not sees(bf, V((5, 40), "infantry"), V((20, 40), "infantry"))


@RULE("003", "Terrain, Buildings and Other Features")
def test_walls_rivers_roads_and_bridges_do_not_block_sight() -> None:
    bf = table(
        {"name": "Wall", "kind": "wall", "points": [[20, 0], [20, 20]]},
        {"name": "Aure", "kind": "river", "points": [[40, 0], [40, 48]]},
        {"name": "Pont", "kind": "stone_bridge", "points": [[38, 25], [42, 25]]},
        {"name": "N13", "kind": "primary_road", "lanes": 1, "points": [[0, 25], [72, 25]]},
        {"name": "Ruins", "kind": "rubble", "points": rect(50, 0, 5, 5)},
        {"name": "Marsh", "kind": "soft_ground", "points": rect(60, 0, 5, 5)},
        {"name": "Brush", "kind": "scrub", "points": rect(50, 10, 5, 5)},
    )
    assert sees(bf, V((10, 10)), V((70, 2)))
    assert sees(bf, V((10, 25)), V((70, 25)))
    assert sees(bf, V((45, 12)), V((60, 12)))  # through scrub: no LOS effect (BR-19)


# --- line of sight: wheat fields and buildings -------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_wheat_field_blocks_infantry_on_the_same_level_only() -> None:
    bf = table(
        {"name": "Wheat", "kind": "wheat_field", "points": rect(55, 30, 10, 10)},
        {"name": "Knoll", "kind": "hill", "points": rect(40, 30, 6, 10)},
    )
    s = line_of_sight(bf, V((50, 35), "infantry"), V((70, 35), "tank"))
    assert not s.visible and s.blocked_by == ("Wheat",) and "infantry" in s.reason
    assert not sees(bf, V((50, 35), "infantry"), V((70, 35), "infantry"))
    assert not sees(bf, V((50, 35), "tank"), V((60, 35), "infantry"))  # infantry in the wheat are hidden
    assert sees(bf, V((50, 35), "tank"), V((70, 35), "tank"))  # "for infantry only"
    assert sees(bf, V((50, 35), "cavalry"), V((70, 35), "half_tracks"))
    # infantry on the knoll (level 1) look across the wheat (level 0): not the same level
    assert sees(bf, V((43, 35), "infantry"), V((70, 35), "infantry"))


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_building_blocks_the_line_but_not_the_units_inside_it() -> None:
    bf = table({"name": "Farm", "kind": "building", "material": "stone", "points": rect(30, 8, 4, 4)})
    s = line_of_sight(bf, V((25, 10)), V((40, 10)))
    assert not s.visible and s.reason.startswith("'Farm' (Building) stands in the way at (30, 10)")
    assert sees(bf, V((32, 10)), V((40, 10)))  # from inside, out of a window
    assert sees(bf, V((25, 10)), V((32, 10)))
    assert sees(bf, V((25, 7)), V((40, 7)))  # past it


@RULE("003", "Terrain, Buildings and Other Features")
def test_bad_viewpoints_are_refused() -> None:
    bf = table()
    with pytest.raises(UsageError, match=r"point \(80, 10\) is off the 72\" x 48\" table"):
        line_of_sight(bf, V((80, 10)), V((10, 10)))
    with pytest.raises(UsageError, match=r"unknown unit 'tanks'.*did you mean"):
        line_of_sight(bf, V((8, 10), "tanks"), V((10, 10)))
    assert line_of_sight(bf, V((8, 10)), V((8, 10))).visible  # a point sees itself


SYMMETRY_TABLE = table(
    {"name": "Bois", "kind": "woods", "points": rect(10, 5, 8, 8)},
    {"name": "Copse", "kind": "light_woods", "points": rect(25, 30, 5, 6)},
    {"name": "Forest", "kind": "heavy_woods", "points": rect(40, 2, 6, 10)},
    {"name": "Wheat", "kind": "wheat_field", "points": rect(50, 25, 10, 8)},
    {"name": "Farm", "kind": "building", "material": "brick", "storeys": 2, "points": rect(30, 15, 3, 3)},
    {"name": "Hill", "kind": "hill", "points": rect(0, 30, 14, 18), "upper_levels": [rect(3, 34, 8, 10)]},
    {"name": "Ridge", "kind": "ridge", "height_ft": 12, "points": [[20, 20], [40, 46]]},
    {"name": "Hedge", "kind": "hedge", "points": [[60, 0], [62, 20]]},
    {"name": "Bocage", "kind": "bocage", "points": [[66, 20], [66, 48]]},
    {"name": "Wall", "kind": "wall", "points": [[20, 0], [20, 4]]},
)


@given(st.tuples(st.floats(0, 72), st.floats(0, 48)), st.tuples(st.floats(0, 72), st.floats(0, 48)),
       st.sampled_from(["infantry", "cavalry", "tank", "half_track", "wheeled"]))
@settings(database=None, max_examples=300, deadline=None)
@RULE("003", "Terrain, Buildings and Other Features")
def test_line_of_sight_is_reciprocal_for_the_same_height_class(a: tuple[float, float], b: tuple[float, float],
                                                                unit: str) -> None:
    there = line_of_sight(SYMMETRY_TABLE, V(a, unit), V(b, unit))
    back = line_of_sight(SYMMETRY_TABLE, V(b, unit), V(a, unit))
    assert there.visible == back.visible, (there.reason, back.reason)
    assert set(there.blocked_by) == set(back.blocked_by)


# --- movement along a path ----------------------------------------------------------------------------


@RULE("004", "Movement")
def test_a_move_is_cut_into_legs_with_the_seeds_rate_for_each() -> None:
    bf = table({"name": "Bois", "kind": "woods", "points": rect(20, 10, 10, 10)})
    m = path_cost(bf, (10, 15), (40, 15), "medium_tanks")
    assert [(leg.terrain, leg.column) for leg in m.legs] == [("clear", "open"), ("woods", "thick"),
                                                               ("clear", "open")]
    assert [x for leg in m.legs for x in (leg.start, leg.end)] == pytest.approx([0, 10, 10, 20, 20, 30])
    assert [leg.rate.text for leg in m.legs if leg.rate] == ["10", "(D6 - 3)", "10"]
    assert m.columns == pytest.approx({"open": 20.0, "thick": 10.0}) and m.random_columns == ("thick",)
    # thick woods thrown 5: D6 - 3 = 2". Share: 10/10 + 10/2 + 10/10 = 7 moves
    assert m.share({"thick": 5}) == pytest.approx(7.0)
    # a full move reaches the edge of the woods (10" at 10"); 1.5 moves get 1" into them (0.5 x 2")
    assert m.reach({"thick": 5}).inches == pytest.approx(10.0)
    r = m.reach({"thick": 5}, budget=1.5)
    assert r.inches == pytest.approx(11.0) and r.point == pytest.approx((21.0, 15.0))
    # thrown 2: -1, "counts as zero": no move in the woods
    assert m.share({"thick": 2}) == math.inf
    assert "no move in woods" in m.reach({"thick": 2}, budget=3).reason
    with pytest.raises(UsageError, match=r"give the D6 thrown for it, rolls=\{'thick': N\}"):
        m.share()
    # infantry: 6" in the open, 4" in thick woods: 10/6 + 10/4 + 10/6 = 35/6
    assert path_cost(bf, (10, 15), (40, 15), "infantry").share() == pytest.approx(35 / 6)
    # wheeled vehicles and half-tracks: "-" in thick woods (and seed 003's following does not open them, BR-4)
    wheels = path_cost(bf, (10, 15), (40, 15), "other_wheeled")
    assert not wheels.passable and "may not move in thick woods" in wheels.blocked
    assert wheels.reach().inches == pytest.approx(10.0)


@RULE("004", "Movement")
def test_roads_bridges_and_rivers() -> None:
    bf = table(
        {"name": "N13", "kind": "primary_road", "lanes": 1, "points": [[0, 24], [72, 24]]},
        {"name": "Aure", "kind": "river", "points": [[60, 0], [60, 48]]},
        {"name": "Pont", "kind": "stone_bridge", "weight_limit_tons": 30, "points": [[58, 24], [62, 24]]},
        {"name": "Track", "kind": "secondary_road", "points": [[30, 0], [30, 20]]},
        {"name": "Bois", "kind": "heavy_woods", "points": rect(25, 5, 10, 10)},
    )
    # on the road: 24" at the road rate 12" = 2 moves; 0.4" off the centre line is still on a 1" road
    assert path_cost(bf, (0, 24), (24, 24), "medium_tanks").share() == pytest.approx(2.0)
    assert path_cost(bf, (0, 24.4), (24, 24.4), "medium_tanks").share() == pytest.approx(2.0)
    assert path_cost(bf, (0, 24.6), (24, 24.6), "medium_tanks").share() == pytest.approx(2.4)  # 24/10
    # over the bridge: road 50-58, bridge 58-62 (on road), road 62-70
    m = path_cost(bf, (50, 24), (70, 24), "medium_tanks", tons=25)
    assert [(leg.terrain, leg.column) for leg in m.legs] == [("primary_road", "road"), ("stone_bridge", "road"),
                                                               ("primary_road", "road")]
    assert [x for leg in m.legs for x in (leg.start, leg.end)] == pytest.approx([0, 8, 8, 12, 12, 20])
    assert m.passable and m.share() == pytest.approx(20 / 12)
    heavy = path_cost(bf, (50, 24), (70, 24), "medium_tanks", tons=32)
    assert heavy.blocked == "32 t is over the 30 t weight limit of bridge 'Pont' (Stone bridge) (003 Bridges)"
    assert heavy.reach().inches == pytest.approx(8.0)
    # the river off the bridge
    wet = path_cost(bf, (50, 30), (70, 30), "infantry")
    assert not wet.passable and "river 'Aure' (River) is not fordable" in wet.blocked
    assert wet.reach(budget=5).inches == pytest.approx(9.0)  # to the river's near bank at x = 59
    fordable = table({"name": "Ford", "kind": "river", "fordable": True, "points": [[60, 0], [60, 48]]})
    ford = path_cost(fordable, (50, 30), (70, 30), "infantry")
    assert ford.passable and [leg.column for leg in ford.legs] == ["open", "open", "open"]
    # a secondary road through heavy woods: the open rate, whatever it runs through (BR-3); off it the
    # woods bar vehicles (003 item 4) unless the judge placed one there
    assert path_cost(bf, (30, 0), (30, 20), "medium_tanks").share() == pytest.approx(2.0)  # 20/10
    woods = path_cost(bf, (26, 0), (26, 20), "medium_tanks")
    assert not woods.passable and "may not enter 'Bois' (Heavy Woods)" in woods.blocked
    placed = path_cost(bf, (26, 6), (26, 14), "medium_tanks", judge_placed=True)
    assert placed.passable and placed.legs[0].allowed == "judge" and placed.legs[0].rate.text == "(D6 - 3)"  # type: ignore[union-attr]


@RULE("004", "Movement")
def test_crossing_hedges_and_hedgerows() -> None:
    bf = table({"name": "Hedge", "kind": "hedge", "points": [[50, 0], [50, 20]]},
               {"name": "Bocage", "kind": "bocage", "points": [[20, 0], [20, 20]]})
    tank = path_cost(bf, (45, 10), (55, 10), "medium_tanks")
    (c,) = tank.crossings
    assert c.at == pytest.approx(5.0) and (c.allowed, c.penalty_inches) == ("crossing", 4.0)
    # "a 4 inch movement penalty": (10 + 4) / 10 = 1.4 moves. A full move: 5" to the hedge (0.5), the
    # penalty (0.4), then 1" more (0.1): 6". With 0.8 of a move it cannot pay the penalty: stops at 5"
    assert tank.share() == pytest.approx(1.4)
    assert tank.reach().inches == pytest.approx(6.0)
    short = tank.reach(budget=0.8)
    assert short.inches == pytest.approx(5.0) and "not enough move left for the 4\" penalty" in short.reason
    infantry = path_cost(bf, (45, 10), (55, 10), "infantry")
    assert infantry.penalty_turns == 1 and infantry.share() == math.inf
    stop = infantry.reach(budget=5)
    assert stop.inches == pytest.approx(5.0) and "takes one whole move" in stop.reason
    trucks = path_cost(bf, (45, 10), (55, 10), "half_tracks")
    assert not trucks.passable and "may not cross 'Hedge' (Hedges)" in trucks.blocked
    # bocage: tanks only with hedgerow cutters, with a one-turn penalty
    assert "only with hedgerow cutters" in path_cost(bf, (15, 10), (25, 10), "medium_tanks").blocked
    cut = path_cost(bf, (15, 10), (25, 10), "medium_tanks", hedgerow_cutters=True)
    assert cut.passable and cut.crossings[0].penalty_turns == 1
    with pytest.raises(UsageError, match=r"cutters are fitted to tanks and other fully tracked vehicles, not to "
                                         r"Other wheeled"):
        path_cost(bf, (15, 10), (25, 10), "other_wheeled", hedgerow_cutters=True)
    # reaching a hedge, leaving it or running along it is not crossing it (BR-33)
    assert path_cost(bf, (45, 10), (50, 10), "infantry").crossings == ()
    assert path_cost(bf, (50, 10), (55, 10), "infantry").crossings == ()
    assert path_cost(bf, (50, 2), (50, 18), "infantry").crossings == ()


@RULE("004", "Movement")
def test_open_woods_rough_ground_scrub_and_marsh() -> None:
    bf = table(
        {"name": "Copse", "kind": "light_woods", "points": rect(10, 0, 10, 10)},
        {"name": "Brush", "kind": "scrub", "points": rect(10, 20, 10, 10)},
        {"name": "Marsh", "kind": "soft_ground", "points": rect(40, 0, 6, 10)},
        {"name": "Ruins", "kind": "rubble", "points": rect(40, 20, 6, 10)},
    )
    # light woods are open woods: a half-track moves 1 + D6 x 0.5; a jeep only following AFV tracks (003 item 3)
    half = path_cost(bf, (12, 5), (18, 5), "half_tracks")
    assert (half.legs[0].column, half.legs[0].allowed, half.legs[0].allowance(4)) == ("rough", "yes", 3.0)
    jeep = path_cost(bf, (12, 5), (18, 5), "jeeps_armoured_cars")
    assert (jeep.legs[0].allowed, jeep.legs[0].follow) == ("following", "afv")
    # scrub: troops at 2/3 of the open rate (6 x 2/3 = 4"), vehicles unaffected (10")
    assert path_cost(bf, (12, 25), (18, 25), "infantry").legs[0].allowance() == pytest.approx(4.0)
    assert path_cost(bf, (12, 25), (18, 25), "medium_tanks").legs[0].allowance() == pytest.approx(10.0)
    # marsh "triples movement cost": 6" of it take infantry 6 / (6/3) = 3 moves; vehicles check bog-down
    assert path_cost(bf, (40, 5), (46, 5), "infantry").share() == pytest.approx(3.0)
    bog = path_cost(bf, (40, 5), (46, 5), "medium_tanks").legs[0]
    assert (bog.bog_check, bog.bog_down_percent) == (True, 20) and bog.allowance() == pytest.approx(10 / 3)
    # rubble is rough ground: bicycles "-" may not; infantry 6"
    assert "Bicycles may not move in rough ground" in path_cost(bf, (40, 25), (46, 25), "bicycles").blocked
    assert path_cost(bf, (40, 25), (46, 25), "infantry").share() == pytest.approx(1.0)
    with pytest.raises(UsageError, match=r"judge_placed is for vehicles"):
        path_cost(bf, (40, 25), (46, 25), "infantry", judge_placed=True)


# --- cover ---------------------------------------------------------------------------------------------


COVER_TABLE = table(
    {"name": "Bois", "kind": "woods", "points": rect(20, 10, 10, 10)},
    {"name": "Farm", "kind": "building", "material": "stone", "points": rect(33, 5, 3, 3)},
    {"name": "Barn", "kind": "building", "material": "wood", "points": rect(40, 5, 3, 3)},
    {"name": "Ruins", "kind": "rubble", "points": rect(50, 5, 4, 4)},
    {"name": "Wall", "kind": "wall", "points": [[10, 30], [20, 30]]},
    {"name": "Hedge", "kind": "hedge", "points": [[30, 30], [40, 30]]},
    {"name": "Crest", "kind": "ridge", "height_ft": 6, "points": [[50, 30], [60, 30]]},
    {"name": "Bank", "kind": "ridge", "height_ft": 4, "points": [[50, 40], [60, 40]]},
    {"name": "Wheat", "kind": "wheat_field", "points": rect(2, 2, 6, 6)},
    {"name": "Brush", "kind": "scrub", "points": rect(2, 12, 6, 6)},
    {"name": "Pillbox", "kind": "fortification", "points": rect(22, 12, 1, 1)},
    {"name": "Aure", "kind": "river", "points": [[66, 0], [66, 48]]},
    {"name": "Pont", "kind": "stone_bridge", "points": [[64, 24], [68, 24]]},
)


@RULE("004", "Saving throws")
def test_area_cover_is_hard_or_soft_from_any_direction() -> None:
    woods = cover(COVER_TABLE, V((25, 15)), (0, 0))
    assert (woods.save, woods.concealed, woods.depth) == ("soft", True, 5.0)
    assert cover(COVER_TABLE, V((25, 15)), (26, 16)).save == "soft"  # fired on from inside the same wood
    farm = cover(COVER_TABLE, V((34, 6)), (0, 0))
    assert (farm.save, farm.breach) == ("hard", "strong")  # stone: a 'strong' building (BR-18)
    assert cover(COVER_TABLE, V((41, 6)), (0, 0)).breach == "weak"  # wood: 'weak'
    # rubble: infantry as a wall (hard); an AFV hull down (I), partial cover; cavalry nothing (TM-3)
    assert cover(COVER_TABLE, V((52, 7)), (0, 0)).save == "hard"
    tank = cover(COVER_TABLE, V((52, 7), "tank"), (0, 0))
    assert (tank.save, tank.partial) == ("open", True)
    assert cover(COVER_TABLE, V((52, 7), "cavalry"), (0, 0)).save == "open"
    # the pillbox in the woods: the best cover counts, and its breaching class
    pillbox = cover(COVER_TABLE, V((22.5, 12.5)), (0, 0))
    assert (pillbox.save, pillbox.breach, {s.feature for s in pillbox.sources}) == ("hard", "fortification",
                                                                                  {"Bois", "Pillbox"})
    open_ground = cover(COVER_TABLE, V((45, 20)), (0, 0))
    assert (open_ground.save, open_ground.partial, open_ground.concealed, open_ground.sources) == (
        "open", False, False, ())
    assert open_ground.reason.startswith("in the open")


@RULE("004", "Saving throws")
def test_wheat_conceals_but_does_not_protect_and_scrub_is_soft_for_troops() -> None:
    wheat = cover(COVER_TABLE, V((5, 5)), (40, 40))
    assert (wheat.save, wheat.concealed) == ("open", True)
    assert cover(COVER_TABLE, V((5, 5), "tank"), (40, 40)).concealed is False
    brush = cover(COVER_TABLE, V((5, 15)), (40, 40))
    assert (brush.save, brush.concealed) == ("soft", True)
    assert cover(COVER_TABLE, V((5, 15), "tank"), (40, 40)).partial is False  # no effect on AFVs


@RULE("004", "Saving throws")
def test_a_wall_or_hedge_covers_a_unit_touching_it_against_fire_crossing_it() -> None:
    # infantry 0.3" behind the wall (north of it), fired on from the south: the fire crosses the wall
    behind = cover(COVER_TABLE, V((15, 30.3)), (15, 20))
    assert behind.save == "hard" and "touching it with the fire crossing it" in behind.reason
    # fired on from the north, its own side: the wall is behind it
    assert cover(COVER_TABLE, V((15, 30.3)), (15, 40)).save == "open"
    assert cover(COVER_TABLE, V((15, 31)), (15, 20)).save == "open"  # 1" back is not touching (1/2")
    # an AFV touching the wall: partial; a soft vehicle: nothing (BR-28)
    assert cover(COVER_TABLE, V((15, 31), "tank"), (15, 20)).partial
    assert not cover(COVER_TABLE, V((15, 30.5), "other_wheeled"), (15, 20)).partial
    assert cover(COVER_TABLE, V((35, 30.3)), (35, 20)).save == "soft"  # a hedge: soft
    assert cover(COVER_TABLE, V((35, 31), "tank"), (35, 20)).partial


@RULE("004", "Firing at vehicles")
def test_a_ridge_gives_hull_down_if_it_is_as_high_as_the_hull() -> None:
    # the 6 ft crest is above a 5 ft hull: partial cover; the 4 ft bank is not
    assert cover(COVER_TABLE, V((55, 31), "tank"), (55, 20)).partial
    assert not cover(COVER_TABLE, V((55, 41), "tank"), (55, 20)).partial
    assert not cover(COVER_TABLE, V((55, 29), "tank"), (55, 20)).partial  # the ridge is behind it
    assert cover(COVER_TABLE, V((55, 30.3)), (55, 20)).save == "hard"  # troops on the crest (BR-22)


@RULE("004", "Firing at vehicles")
def test_a_stone_bridge_covers_against_fire_across_its_side_not_along_it() -> None:
    side = cover(COVER_TABLE, V((66, 24)), (66, 40))
    assert side.save == "hard" and "across its side" in side.reason  # infantry: a stone wall
    assert cover(COVER_TABLE, V((66, 24)), (40, 24)).save == "open"  # along the roadway
    assert cover(COVER_TABLE, V((66, 24), "other_wheeled"), (66, 40)).partial  # any vehicle: hull down (I)
    assert cover(COVER_TABLE, V((66, 24), "cavalry"), (66, 40)).save == "open"


# --- unit integrity -------------------------------------------------------------------------------------


@RULE("004", "Unit integrity")
def test_figures_within_1_inch_of_each_other_hold_together() -> None:
    # bases 3/4": centres 1.75" apart leave a 1" gap: still together; 1.76" apart: split
    assert integrity([(0, 0), (1.75, 0)]).intact
    apart = integrity([(0, 0), (1.76, 0)])
    assert apart.split and apart.groups == ((0,), (1,)) and apart.widest_gap == pytest.approx(1.01)
    # a chain holds even though its ends are far apart; a casualty in the middle leaves a gap
    assert integrity([(0, 0), (1.5, 0), (3, 0), (4.5, 0)]).intact
    gap = integrity([(0, 0), (1.5, 0), (4.5, 0)])
    assert gap.groups == ((0, 1), (2,)) and gap.widest_gap == pytest.approx(2.25)
    # horse holders within 6" of the rest: 6.75" centre to centre is a 6" gap
    assert integrity([(0, 0), (1, 0)], holders=[(0, 6.75)]).intact
    stray = integrity([(0, 0), (1, 0)], holders=[(0, 6.8)])
    assert stray.split and stray.stray_holders == (0,)


@RULE("004", "Advancing in close order")
def test_close_order_is_every_figure_in_base_to_base_contact() -> None:
    assert integrity([(0, 0), (0.75, 0), (1.5, 0)]).close_order  # a line, bases touching
    assert integrity([(0, 0), (0, 0.8)]).close_order  # a column, 1/20" apart
    loose = integrity([(0, 0), (0.9, 0)])
    assert loose.intact and not loose.close_order  # 0.15" apart: together, not in close order
