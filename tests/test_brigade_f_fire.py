"""Seed 004 FIRING: small arms, HE fire points, converting points to hits, saving throws. Worked by hand."""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError


@pytest.mark.rule("004", "FIRING")
def test_fourteen_points_halted() -> None:
    # 14 / 3 = 4 groups (4+, p 1/2) remainder 2 (one die on 5+, p 1/3).
    # P(0) = (1/16)(2/3) = 1/24; P(5) = (1/16)(1/3) = 1/48.
    odds = warroom.odds("brigade/fire-points-to-hits", points=14)
    assert odds["no hits"] == F(1, 24)
    assert odds["5 hits"] == F(1, 48)
    # P(1) = 4/16 * 2/3 + 1/16 * 1/3 = 8/48 + 1/48 = 9/48
    assert odds["1 hit"] == F(9, 48)


@pytest.mark.rule("004", "FIRING")
def test_remainder_one_needs_six_and_moving_divides_by_four() -> None:
    # 4 points halted: 1 group + remainder 1 (6 only): P(2 hits) = 1/2 * 1/6 = 1/12.
    assert warroom.odds("brigade/fire-points-to-hits", points=4)["2 hits"] == F(1, 12)
    # 4 points moving: one group of 4, no remainder: hits 1/2.
    assert warroom.odds("brigade/fire-points-to-hits", points=4, moving=True).as_dict() == {"no hits": F(1, 2),
                                                                                   "1 hit": F(1, 2)}
    # 7 points pinned: 1 group + remainder 3 (5+): P(0) = 1/2 * 2/3 = 1/3.
    assert warroom.odds("brigade/fire-points-to-hits", points=7, pinned=True)["no hits"] == F(1, 3)
    # 5 points pinned: remainder 1 gives nothing: at most 1 hit.
    assert warroom.odds("brigade/fire-points-to-hits", points=5, pinned=True).results == ("no hits", "1 hit")


@pytest.mark.rule("004", "FIRING")
def test_part_detected_groups_hit_on_six_and_remainders_nothing() -> None:
    # 8 points at a part detected target: 2 groups on 6, remainder 2 nothing: P(0) = 25/36.
    odds = warroom.odds("brigade/fire-points-to-hits", points=8, part_detected=True)
    assert odds.as_dict() == {"no hits": F(25, 36), "1 hit": F(10, 36), "2 hits": F(1, 36)}


@pytest.mark.rule("004", "FIRING")
def test_small_arms_points_by_range_band() -> None:
    # 3 rifles at 8" (medium, 1.5 each) = 4.5 -> rounded down 4: 1 group + remainder 1.
    ruling = warroom.roll("brigade/small-arms-fire", rifles=3, range=8, seed=1)
    assert ruling.row == "4 fire points at 8\""
    assert "rounded down to 4" in str(ruling)
    # boundary: 5" is short range: 2 rifles x 2 = 4 points.
    assert warroom.roll("brigade/small-arms-fire", rifles=2, range=5, seed=1).row == "4 fire points at 5\""
    # MMG at 60" = long, 6 points: two groups on 4+: P(2) = 1/4.
    assert warroom.odds("brigade/small-arms-fire", mmgs=1, range=60)["2 hits"] == F(1, 4)
    # SMGs do not reach 20"; rifles do (1 each): 6 rifles + 4 SMGs = 6 points.
    assert warroom.roll("brigade/small-arms-fire", rifles=6, smgs=4, range=20, seed=2).row == "6 fire points at 20\""


@pytest.mark.rule("004", "FIRING")
def test_small_arms_refusals() -> None:
    with pytest.raises(UsageError, match="beyond every firer"):
        warroom.odds("brigade/small-arms-fire", smgs=4, range=11)
    with pytest.raises(UsageError, match="no firers"):
        warroom.odds("brigade/small-arms-fire", range=3)
    with pytest.raises(UsageError, match="ignore cover"):
        warroom.odds("brigade/small-arms-fire", flamethrowers=1, rifles=2, range=2)


@pytest.mark.rule("004", "FIRING")
def test_he_fire_points() -> None:
    # one 25pdr-class gun (78-105 mm artillery): 9 points = 3 groups on 4+: P(3) = 1/8.
    assert warroom.odds("brigade/he-fire", calibre="mm_78_105")["3 hits"] == F(1, 8)
    # high velocity tank gun 46-77 mm: 4 points, pinned: 1 group of 4: P(1) = 1/2.
    assert warroom.odds("brigade/he-fire", calibre="mm_46_77", gun="hv_tank_gun", pinned=True)["1 hit"] == F(1, 2)
    with pytest.raises(UsageError, match="unlimbered artillery"):
        warroom.odds("brigade/he-fire", calibre="mm_46_77", moving=True)


@pytest.mark.rule("004", "FIRING")
def test_saving_throws_by_cover_and_pin() -> None:
    # 2 hits in the open, not pinned: save 6+; both die (5/6)^2 = 25/36.
    assert warroom.odds("brigade/saving-throws", hits=2)["2 figures killed"] == F(25, 36)
    # pinned in hard cover: 2+; 1 hit dies 1/6.
    assert warroom.odds("brigade/saving-throws", hits=1, cover="hard", pinned=True)["1 figure killed"] == F(1, 6)
    # soft cover, not pinned 4+, firer within 2" (+1) -> 5+: one hit dies 2/3.
    assert warroom.odds("brigade/saving-throws", hits=1, cover="soft", within_2=True)["1 figure killed"] == F(2, 3)
    # hard pinned 2+, brief sight -1 -> 1+: always saves.
    assert warroom.odds("brigade/saving-throws", hits=3, cover="hard", pinned=True,
                        brief_sight=True)["no casualties"] == 1
    # open, not pinned 6+, close order +1 -> 7+: no save.
    assert warroom.odds("brigade/saving-throws", hits=2, close_order=True)["2 figures killed"] == 1


@pytest.mark.rule("004", "FIRING")
def test_flame_and_vehicles_and_escapers() -> None:
    # flame-thrower ignores cover: hard cover tests as open, not pinned 6+.
    assert warroom.odds("brigade/saving-throws", hits=1, cover="hard", fire="flame")["1 figure killed"] == F(5, 6)
    # soft skin hit twice by rifle fire: 4+ each, survives 1/4.
    assert warroom.odds("brigade/saving-throws", hits=2, target="soft_skin")["survives"] == F(1, 4)
    # soft skin hit once by an MG: 6+, survives 1/6.
    assert warroom.odds("brigade/saving-throws", hits=1, target="soft_skin", fire="mg")["survives"] == F(1, 6)
    # 3 escapers at 3+: all survive (2/3)^3 = 8/27.
    assert warroom.odds("brigade/saving-throws", hits=3, target="escaping")["no casualties"] == F(8, 27)
    with pytest.raises(UsageError, match="anti-tank-fire"):
        warroom.odds("brigade/saving-throws", hits=1, target="soft_skin", fire="he")
    with pytest.raises(UsageError, match="partial cover"):
        warroom.odds("brigade/saving-throws", hits=1, target="soft_skin", cover="soft")
    with pytest.raises(UsageError, match="close order"):
        warroom.odds("brigade/saving-throws", hits=1, target="soft_skin", close_order=True)
    with pytest.raises(UsageError, match="escaping"):
        warroom.odds("brigade/saving-throws", hits=1, target="escaping", within_2=True)
