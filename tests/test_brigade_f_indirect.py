"""Seed 004 FIRING: indirect fire deviation, walking, breaching and its effect. Worked by hand."""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError


@pytest.mark.rule("004", "FIRING")
def test_deviation_off_table_russian_artillery() -> None:
    # white 5 on target (1/6); white 6 does not arrive (1/6); each direction 1/6 x red 1/6 = 1/36 per inch.
    odds = warroom.odds("brigade/indirect-deviation", firer="artillery_83_105", nation="other")
    assert odds["on target"] == F(1, 6)
    assert odds["does not arrive"] == F(1, 6)
    assert odds["6\" left"] == F(1, 36)


@pytest.mark.rule("004", "FIRING")
def test_deviation_british_pre_registered() -> None:
    # British artillery -1 and pre registered -2: red 1-3 on target. 5 or 6 on white (2/6) + 4/6 * 3/6 = 2/3.
    odds = warroom.odds("brigade/indirect-deviation", firer="artillery_over_105", nation="british", pre_registered=True)
    assert odds["on target"] == F(2, 3)
    assert odds["3\" short"] == F(1, 36)
    assert "4\" short" not in odds.results


@pytest.mark.rule("004", "FIRING")
def test_deviation_mortar_halves_rounding_up() -> None:
    # mortar: red 1-2 -> 1", 3-4 -> 2", 5-6 -> 3"; German: white 6 on target.
    odds = warroom.odds("brigade/indirect-deviation", firer="mortar_up_to_82", nation="german")
    assert odds["on target"] == F(1, 3)
    assert odds["1\" long"] == F(2, 36)
    # an off-table non-German mortar's 6 does not arrive; on table it does.
    assert warroom.odds("brigade/indirect-deviation", firer="mortar_up_to_82", nation="other",
                        on_table=True)["on target"] == F(1, 3)
    with pytest.raises(UsageError, match="artillery"):
        warroom.odds("brigade/indirect-deviation", firer="mortar_over_82", nation="german", pre_registered=True)


@pytest.mark.rule("004", "FIRING")
def test_zone_size_and_extra_batteries() -> None:
    ruling = warroom.roll("brigade/indirect-deviation", firer="artillery_over_105", nation="german", batteries=3,
                          seed=4)
    assert "fire zone 4\" deep \u00d7 6\" wide" in str(ruling)
    ruling = warroom.roll("brigade/indirect-deviation", firer="mortar_up_to_82", nation="german", seed=4)
    assert "fire zone 2\" deep \u00d7 2\" wide" in str(ruling)


@pytest.mark.rule("004", "FIRING")
def test_walking_fire() -> None:
    assert warroom.odds("brigade/walk-fire", caller="observer", distance=2)["walked without dicing"] == 1
    assert warroom.odds("brigade/walk-fire", caller="open_sights", distance=3)["new fire: dice for deviation"] == 1
    assert warroom.odds("brigade/walk-fire", caller="observer", distance=1,
                        sees_last=False)["new fire: dice for deviation"] == 1
    with pytest.raises(UsageError, match="may not walk"):
        warroom.odds("brigade/walk-fire", caller="commander", distance=1)


@pytest.mark.rule("004", "FIRING")
def test_troops_in_the_open() -> None:
    # 2 figures in the open, 2 batteries, pinned column 5+ (1/3).
    # A figure survives both batteries with (1/3)^2 = 1/9; none killed = 1/81.
    odds = warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105", batteries=2, figures=2)
    assert odds["pinned, no casualties"] == F(1, 81)
    assert odds["pinned, 2 figures killed"] == F(64, 81)


@pytest.mark.rule("004", "FIRING")
def test_breaching_a_slit_trench() -> None:
    # 1 figure in a slit trench (weak), 105 mm artillery breaches on 3+ (2/3); hard pinned 2+ (dies 1/6).
    # killed = 2/3 * 1/6 = 1/9.
    odds = warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105", cover="hard", breach="weak")
    assert odds.as_dict() == {"pinned, no casualties": F(8, 9), "pinned, 1 figure killed": F(1, 9)}
    # over 105 mm breaches a slit trench automatically (0): killed 1/6.
    assert warroom.odds("brigade/indirect-fire-effect", firer="artillery_over_105", cover="hard",
                        breach="weak")["pinned, 1 figure killed"] == F(1, 6)


@pytest.mark.rule("004", "FIRING")
def test_fortification() -> None:
    # mortars cannot breach a fortification: not pinned, no saves.
    assert warroom.odds("brigade/indirect-fire-effect", firer="mortar_over_82", cover="hard",
                        breach="fortification")["not pinned, no casualties"] == 1
    # over 105 mm breaches on 5+ (1/3): unbreached 2/3 = not pinned; breached then 2+ save.
    odds = warroom.odds("brigade/indirect-fire-effect", firer="artillery_over_105", cover="hard",
                        breach="fortification")
    assert odds.as_dict() == {"not pinned, no casualties": F(2, 3), "pinned, no casualties": F(1, 3) * F(5, 6),
                              "pinned, 1 figure killed": F(1, 3) * F(1, 6)}


@pytest.mark.rule("004", "FIRING")
def test_never_pinned_and_vehicles() -> None:
    # cavalry in the open save 6+ (not pinned): killed 5/6.
    assert warroom.odds("brigade/indirect-fire-effect", firer="mortar_up_to_82",
                        never_pinned=True)["not pinned, 1 figure killed"] == F(5, 6)
    # soft skin under 2 batteries of 105 mm+: 6+ each; survives 1/36, then pinned.
    assert warroom.odds("brigade/indirect-fire-effect", firer="artillery_over_105", batteries=2,
                        target="soft_skin")["pinned"] == F(1, 36)
    # soft skin under other fire 4+; open top under 105 mm+ 3+ and other 2+.
    assert warroom.odds("brigade/indirect-fire-effect", firer="mortar_over_82", target="soft_skin")["pinned"] == F(1, 2)
    over_105 = warroom.odds("brigade/indirect-fire-effect", firer="artillery_over_105", target="open_top")
    assert over_105["pinned"] == F(2, 3)
    up_to_105 = warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105", target="open_top")
    assert up_to_105["pinned"] == F(5, 6)
    assert warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105", target="enclosed").as_dict() == {
        "pinned": 1}
    with pytest.raises(UsageError, match="one vehicle model"):
        warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105", target="enclosed", figures=3)
    with pytest.raises(UsageError, match="hard cover"):
        warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105", cover="soft", breach="weak")
