"""Bunkers and Fortifications (seed 001), "Assaulting Bunkers (P221)": numbers worked out by
hand from the seed and warroom's stand-ins (assaulting teams hit on their Skill rating, FB-6;
Tank Assault 2 with firepower 1+, FB-7; Defensive Fire hitting Trained teams on 3+, FB-9)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError
from warroom.core.ruling import DiceRoll

RULE = pytest.mark.rule
B = "fow-bunkers/"


def faces(roll: DiceRoll) -> list[int]:
    return [int(face) for face in roll.faces]


def odds(name: str, **params: object) -> dict[str, F]:
    return warroom.odds(B + name, params).as_dict()


@RULE("001", "Assaulting Bunkers (P221)")
def test_nests_and_pill_boxes_are_destroyed_if_hit() -> None:
    # Two Veteran teams at two firing slits, each hitting on 3+: destroyed 1 - (1/3)^2.
    assert odds("assault-bunker", bunker="pill_box", teams=2, firing_slits=2, skill="veteran") == {
        "no hits": F(1, 9), "destroyed": F(8, 9),
    }
    # An all-round Nest: five Conscript teams (5+): 1 - (2/3)^5.
    assert odds("assault-bunker", bunker="nest", teams=5, all_round=True, skill="conscript")["destroyed"] == (
        1 - F(2, 3) ** 5)


@RULE("001", "Assaulting Bunkers (P221)")
def test_a_turret_saves_with_top_armour_1() -> None:
    # Tank Assault 5 against Top Armour 1: d6 + 1 > 5 for 5, 6 (bounce, 2/6); = 5 for 4 (glancing,
    # FP 1+: bailed out, 1/6); < 5 for 1-3 (penetrates, FP 1+: destroyed, 3/6).
    # A team (Trained, 1/2): destroyed 1/4, bailed out 1/12. Three teams:
    # destroyed 1 - (3/4)^3; neither (2/3)^3; no hits (1/2)^3.
    assert odds("assault-bunker", bunker="turret", teams=3, tank_assault=5) == {
        "no hits": F(1, 8),
        "hit, no effect": F(8, 27) - F(1, 8),
        "bailed out": F(27, 64) - F(8, 27),
        "destroyed": 1 - F(27, 64),
    }
    # Ordinary infantry, Tank Assault 2 (stand-in): only a 1 (1 + 1 = 2) is a glancing hit, bailing
    # it out; nothing penetrates. Per team 1/2 * 1/6 = 1/12.
    plain = odds("assault-bunker", bunker="turret", teams=3)
    assert plain == {"no hits": F(1, 8), "hit, no effect": F(11, 12) ** 3 - F(1, 8),
                     "bailed out": 1 - F(11, 12) ** 3, "destroyed": 0}


@RULE("001", "Assaulting Bunkers (P221)")
def test_a_bulldozer_destroys_a_turret_it_hits() -> None:
    assert odds("assault-bunker", bunker="turret", team="bulldozer") == {
        "no hits": F(1, 2), "hit, no effect": 0, "bailed out": 0, "destroyed": F(1, 2),
    }
    ruling = warroom.roll(B + "assault-bunker", bunker="turret", team="bulldozer", skill="veteran", seed=4)
    hit = faces(ruling.dice[0])[0] >= 3
    assert ruling.result == ("destroyed" if hit else "no hits")
    if hit:
        assert "P226" in ruling.row


@RULE("001", "Assaulting Bunkers (P221)")
def test_who_may_assault_a_bunker() -> None:
    with pytest.raises(UsageError, match="tanks cannot assault bunkers"):
        warroom.odds(B + "assault-bunker", bunker="nest", team="tank")
    with pytest.raises(UsageError, match="only one team can assault each firing slit"):
        warroom.odds(B + "assault-bunker", bunker="pill_box", teams=3, firing_slits=2)
    with pytest.raises(UsageError, match="only one team can assault each firing slit"):
        warroom.odds(B + "assault-bunker", bunker="nest", teams=2)
    with pytest.raises(UsageError, match="all-around fields of fire, not a Pill Box"):
        warroom.odds(B + "assault-bunker", bunker="pill_box", all_round=True)
    with pytest.raises(UsageError, match="every team in contact can assault a Turret"):
        warroom.odds(B + "assault-bunker", bunker="turret", firing_slits=2)
    with pytest.raises(UsageError, match="tank_assault is the Tank Assault rating"):
        warroom.odds(B + "assault-bunker", bunker="nest", tank_assault=5)


@RULE("001", "Assaulting Bunkers (P221)")
def test_bunkers_within_16_inches_defensive_fire() -> None:
    # Three bunkers, two shots each, at Trained teams (3+, 2/3): 5 or more hits stop the assault.
    got = odds("bunker-defensive-fire", bunkers=3, farthest=16)
    assert got["5 hits: the assault is stopped"] == 6 * F(2, 3) ** 5 * F(1, 3)
    assert got["6 hits: the assault is stopped"] == F(2, 3) ** 6
    assert got["4 hits: the assault goes in"] == 15 * F(2, 3) ** 4 * F(1, 3) ** 2
    # Veteran (4+), long range +1, concealed +1: 6+.
    hard = odds("bunker-defensive-fire", bunkers=1, shots_per_bunker=1, target_skill="veteran", long_range=True,
                concealed=True)
    assert hard == {"no hits: the assault goes in": F(5, 6), "1 hit: the assault goes in": F(1, 6)}
    with pytest.raises(UsageError, match="only bunkers within 16\" of the assaulted bunker can Defensive Fire"):
        warroom.odds(B + "bunker-defensive-fire", farthest=17)


@RULE("001", "Firing Smoke at Bunkers (P222)")
def test_defensive_fire_through_smoke() -> None:
    # Seen through smoke: no Concealed and Gone to Ground for a bunker; Trained 3+ stands.
    smoke = odds("bunker-defensive-fire", bunkers=1, shots_per_bunker=1, through_smoke=True)
    assert smoke["1 hit: the assault goes in"] == F(2, 3)


@RULE("001", "Assaulting Bunkers (P221)")
def test_bunkers_counterattack_hitting_on_4() -> None:
    assert odds("bunker-counterattack", bunkers=2) == {"no hits": F(1, 4), "1 hit": F(1, 2), "2 hits": F(1, 4)}
    ruling = warroom.roll(B + "bunker-counterattack", bunkers=3, seed=7)
    assert "always pass the Motivation Test to counterattack" in str(ruling)
    hits = sum(f >= 4 for f in faces(ruling.dice[0]))
    assert ruling.result == {0: "no hits", 1: "1 hit"}.get(hits, f"{hits} hits")


@RULE("001", "Assaulting Bunkers (P221)")
def test_no_consolidation_within_2_inches() -> None:
    assert odds("consolidate-near-bunker", distance=2)['may not: within 2" of a bunker'] == 1  # FB-19
    assert odds("consolidate-near-bunker", distance=3)["may consolidate there"] == 1
