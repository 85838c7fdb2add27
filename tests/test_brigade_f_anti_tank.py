"""Seed 004 FIRING (Firing at vehicles) and the Appendix's sample equipment. Worked by hand."""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError


@pytest.mark.rule("004", "FIRING")
def test_six_pounder_against_sherman_front_at_long_range() -> None:
    # 6pdr (LG 50mm+, attack 7) at 45": the <=50" column needs 4+ (1/2); over 40" -1 -> 6.
    # Sherman front 9: D6 + 6 > 9 needs 4+ (1/2). destroyed = 1/4.
    odds = warroom.odds("brigade/anti-tank-fire", weapon="6pdr", target="sherman", range=45)
    assert odds.as_dict() == {"cannot hit": 0, "miss": F(1, 2), "hit, no effect": F(1, 4), "destroyed": F(1, 4)}


@pytest.mark.rule("004", "Appendix")
def test_tiger_front_against_the_17pdr_close_and_the_2pdr() -> None:
    # 17pdr attack 10, under 15" +1 = 11; Tiger front 13: needs 3+ (4/6); hit on 2+ (5/6): 5/6*4/6 = 5/9.
    assert warroom.odds("brigade/anti-tank-fire", weapon="17pdr", target="tiger", range=10)["destroyed"] == F(5, 9)
    # 2pdr attack 4 at 20": D6 + 4 can never exceed 13.
    assert warroom.odds("brigade/anti-tank-fire", weapon="2pdr", target="tiger", range=20)["destroyed"] == 0
    # range exactly 15": no adjustment: 17pdr 10 vs Tiger side 9 needs 0+ -> destroyed on any hit: 5/6.
    assert warroom.odds("brigade/anti-tank-fire", weapon="17pdr", target="tiger", facing="side",
                        range=15)["destroyed"] == F(5, 6)


@pytest.mark.rule("004", "FIRING")
def test_hitting_modifiers_and_cannot_hit() -> None:
    # Panzerfaust at 5": 2+, +2 moving, +1 partial cover -> 5+ (1/3); attack 9 (no range bonus) vs T34/76 front 10:
    # needs 2+ (5/6). destroyed = 5/18.
    odds = warroom.odds("brigade/anti-tank-fire", weapon="panzerfaust", target="t34_76", range=5, moving_or_pinned=True,
                        partial_cover=True)
    assert odds["destroyed"] == F(5, 18)
    # low velocity at 45" needs 6, part detected +2 -> 8: cannot hit.
    assert warroom.odds("brigade/anti-tank-fire", weapon="short_75", target="sherman", range=45,
                        part_detected=True)["cannot hit"] == 1


@pytest.mark.rule("004", "FIRING")
def test_soft_skin_and_generic_weapons() -> None:
    # AT rifle at 20" (<=25" column: 5+) on a soft skin: any hit is a KO: 1/3.
    assert warroom.odds("brigade/anti-tank-fire", weapon="at_rifle", target="soft_skin",
                        range=20)["destroyed"] == F(1, 3)
    # autocannon (attack -1, small LG) at 20" (2+) on a Sdkfz 222 side 3: D6 - 1 + 1 (under 15? no, 20") ...
    # D6 - 1 > 3 needs 5+: 5/6 * 1/3 = 5/18.
    assert warroom.odds("brigade/anti-tank-fire", weapon="autocannon", target="sdkfz_222", facing="side",
                        range=20)["destroyed"] == F(5, 18)
    # other gun: LG 50 mm+ with attack 8 vs armour 10 at 30" (3+): D6 + 8 > 10 needs 3+: 4/6*4/6 = 4/9.
    assert warroom.odds("brigade/anti-tank-fire", weapon="other", gun_class="lg50", attack=8, target="other", armour=10,
                        range=30)["destroyed"] == F(4, 9)


@pytest.mark.rule("004", "FIRING")
def test_anti_tank_refusals() -> None:
    with pytest.raises(UsageError, match="reach of 1"):
        warroom.odds("brigade/anti-tank-fire", weapon="at_grenades", target="sherman", range=2)
    with pytest.raises(UsageError, match="reach of 50"):
        warroom.odds("brigade/anti-tank-fire", weapon="2pdr", target="sherman", range=60)
    with pytest.raises(UsageError, match="fire points"):
        warroom.odds("brigade/anti-tank-fire", weapon="autocannon", target="soft_skin", range=10)
    with pytest.raises(UsageError, match="gun_class"):
        warroom.odds("brigade/anti-tank-fire", weapon="other", target="sherman", range=10)
    with pytest.raises(UsageError, match="armour"):
        warroom.odds("brigade/anti-tank-fire", weapon="6pdr", target="other", range=10)
