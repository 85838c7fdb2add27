"""Seed 000 "Knocked Out Vehicle Table" and "Fire", against numbers worked out by hand.

Every roll is one d10 (reading BF-3): each face 1/10. Lost minus signs are restored (BF-2).
"""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
KO = "bfwwii-house/ko-vehicle"


@RULE("000", "Knocked Out Vehicle Table")
def test_ko_vehicle_without_modifiers() -> None:
    # d10: 8-10 burns (3/10), 6-7 smokes (2/10), 1-5 does not burn (5/10)
    assert warroom.odds(KO).as_dict() == {"burns fiercely": F(3, 10), "smokes": F(2, 10), "does not burn": F(5, 10)}


@RULE("000", "Knocked Out Vehicle Table")
def test_pre_1944_sherman_hit_by_an_88() -> None:
    # +2 pre-1944 Sherman (BF-4: +2 in all, not +1 and +2) +1 88 mm: +3
    # burns on 5-10 (6/10), smokes on 3-4 (2/10), none on 1-2 (2/10)
    odds = warroom.odds(KO, prone_to_burn="sherman_pre_1944", large_calibre=True)
    assert odds.as_dict() == {"burns fiercely": F(6, 10), "smokes": F(2, 10), "does not burn": F(2, 10)}
    assert sorted(m.value for m in odds.modifiers) == [1, 2]


@RULE("000", "Knocked Out Vehicle Table")
def test_jeep_destroyed_by_indirect_fire() -> None:
    # -1 indirect fire, -1 soft, -1 small (BF-5): -3; burns needs 11 (never), smokes 9-10, none 1-8
    odds = warroom.odds(KO, cause="indirect_fire", soft=True, small=True)
    assert odds.as_dict() == {"burns fiercely": 0, "smokes": F(2, 10), "does not burn": F(8, 10)}
    assert [m.value for m in odds.modifiers] == [-1, -1, -1]


@RULE("000", "Knocked Out Vehicle Table")
def test_russian_tank_in_close_combat_and_fire_suppression() -> None:
    # +1 Russian tank -1 close combat: 0
    assert warroom.odds(KO, cause="close_combat", prone_to_burn="russian_tank")["burns fiercely"] == F(3, 10)
    # -1 fire suppression (BF-6): burns on 9-10
    assert warroom.odds(KO, fire_suppression=True)["burns fiercely"] == F(2, 10)


@RULE("000", "Knocked Out Vehicle Table")
def test_a_played_ko_ruling_follows_its_die() -> None:
    for seed in range(8):
        ruling = warroom.roll(KO, prone_to_burn="sherman", seed=seed)
        total = int(ruling.dice[0].faces[0]) + 1  # +1 Sherman
        expected = "burns fiercely" if total >= 8 else "smokes" if total >= 6 else "does not burn"
        assert ruling.result == expected
        assert "Vehicles prone to burn" in ruling.modifiers[0].source
    burns = next(warroom.roll(KO, prone_to_burn="sherman_pre_1944", large_calibre=True, seed=s) for s in range(20)
                 if warroom.roll(KO, prone_to_burn="sherman_pre_1944", large_calibre=True, seed=s).result
                 == "burns fiercely")
    assert "smoke (Down 2)" in str(burns) and "crew is killed" in str(burns)


@RULE("000", "Knocked Out Vehicle Table")
def test_ko_vehicle_bad_combinations() -> None:
    with pytest.raises(UsageError, match="are tanks, not soft vehicles"):
        warroom.odds(KO, soft=True, prone_to_burn="sherman")
    with pytest.raises(UsageError, match="destroyed in close combat was not"):
        warroom.odds(KO, cause="close_combat", large_calibre=True)


# --- Fire ---------------------------------------------------------------------------------------------

START = "bfwwii-house/fire-start"
CHECK = "bfwwii-house/fire-check"


@RULE("000", "Fire")
def test_large_template_checks_twice() -> None:
    # wooden +1, IDF factor +1: starts on 8-10 (3/10) each check; two checks: 1 - (7/10)^2 = 51/100
    odds = warroom.odds(START, source="large_he_template", attack_factor=1, terrain="wooden_building")
    assert odds.as_dict() == {"fire starts": F(51, 100), "no fire": F(49, 100)}
    # a small template: one check, 3/10
    assert warroom.odds(START, attack_factor=1, terrain="wooden_building")["fire starts"] == F(3, 10)


@RULE("000", "Fire")
def test_fire_start_modifiers() -> None:
    # flamethrower +4 on open ground -2: +2, starts on 8-10
    assert warroom.odds(START, source="flamethrower", terrain="open")["fire starts"] == F(3, 10)
    # water feature -5: 10 + 0 - 5 never reaches 10
    assert warroom.odds(START, terrain="water", attack_factor=4)["fire starts"] == 0
    # wooden +1, raining -2, IDF factor +2: +1, starts on 9-10
    assert warroom.odds(START, terrain="wooden_building", weather="raining", attack_factor=2)["fire starts"] == F(2, 10)
    # a tank's direct fire, tactical factor 3 at 2", cleared woods -1, hot and dry +1: +3, starts on 7-10
    odds = warroom.odds(START, source="direct_fire", firer="tank", attack_factor=3, terrain="cleared_woods",
                        weather="hot_dry")
    assert odds["fire starts"] == F(4, 10)


@RULE("000", "Fire")
def test_fire_start_bad_input() -> None:
    with pytest.raises(UsageError, match="not panzerfausts or PIATs"):
        warroom.odds(START, source="close_combat", firer="piat")
    with pytest.raises(UsageError, match="needs firer"):
        warroom.odds(START, source="direct_fire")
    with pytest.raises(UsageError, match="adds \\+4, nothing else"):
        warroom.odds(START, source="flamethrower", attack_factor=2)
    with pytest.raises(UsageError, match="is for source=direct_fire or close_combat"):
        warroom.odds(START, firer="tank")


@RULE("000", "Fire")
def test_fire_check_stone_building() -> None:
    # stone +0: spreads 10 (1/10), 8-9 burns on and an aim point turns to rubble (2/10), 5-7 (3/10), 1-4 out (4/10)
    odds = warroom.odds(CHECK, terrain="stone_building")
    assert odds.as_dict() == {"spreads": F(1, 10), "burns on, an aim point turns to rubble": F(2, 10),
                              "burns on, the BUS collapses into rubble": 0, "burns on": F(3, 10),
                              "burns out": F(4, 10)}


@RULE("000", "Fire")
def test_fire_check_fought_after_four_turns() -> None:
    # wooden +1, fighting -2 (BF-34), 4 turns burning -1 (BF-29): -2
    # spreads needs 12 (never); 8-9 needs a 10 (1/10); 5-7 needs 7-9 (3/10); out on 1-6 (6/10)
    odds = warroom.odds(CHECK, terrain="wooden_building", turns_burning=4, fighting=True)
    assert odds["spreads"] == 0 and odds["burns on, an aim point turns to rubble"] == F(1, 10)
    assert odds["burns on"] == F(3, 10) and odds["burns out"] == F(6, 10)
    # 3 turns: no age modifier yet; 8 turns: -2
    assert warroom.odds(CHECK, terrain="stone_building", turns_burning=3)["burns out"] == F(4, 10)
    assert warroom.odds(CHECK, terrain="stone_building", turns_burning=8)["burns out"] == F(6, 10)


@RULE("000", "Fire")
@RULE("000", "Destroying BUS and Rubble")
def test_fire_rubble_collapses_a_wooden_bus() -> None:
    # wooden +1, one aim point already rubble: the next 8-9 (faces 7-8) is the second, and a wooden BUS collapses
    odds = warroom.odds(CHECK, terrain="wooden_building", rubbled=1)
    assert odds["burns on, the BUS collapses into rubble"] == F(2, 10)
    assert odds["burns on, an aim point turns to rubble"] == 0
    assert odds["spreads"] == F(2, 10) and odds["burns out"] == F(3, 10)


@RULE("000", "Fire")
@RULE("000", "Knocked Out Vehicle Table")
def test_a_burning_vehicle_never_goes_out() -> None:
    # in the open -2: spreading needs 12: it only burns on (BF-31)
    assert warroom.odds(CHECK, terrain="open", vehicle_fire=True).as_dict() == {"spreads": 0, "burns on": 1}
    # by woods with underbrush in hot, dry weather: +1, spreads on 9-10
    odds = warroom.odds(CHECK, terrain="woods_with_underbrush", weather="hot_dry", vehicle_fire=True)
    assert odds.as_dict() == {"spreads": F(2, 10), "burns on": F(8, 10)}


@RULE("000", "Fire")
def test_fire_check_leaves_its_state_for_the_next_turn() -> None:
    for seed in range(12):
        ruling = warroom.roll(CHECK, terrain="wooden_building", turns_burning=2, seed=seed)
        if ruling.result == "burns out":
            assert ruling.after == {"burning": False}
        elif "rubble" in ruling.result:
            assert ruling.after == {"turns_burning": 3, "rubbled": 1}
        else:
            assert ruling.after == {"turns_burning": 3}
    with pytest.raises(UsageError, match="the fire is out"):
        warroom.odds(CHECK, burning=False)
    with pytest.raises(UsageError, match="collapsed at 2"):
        warroom.odds(CHECK, terrain="wooden_building", rubbled=2)
    with pytest.raises(UsageError, match="not a building"):
        warroom.odds(CHECK, terrain="stone_building", vehicle_fire=True)


TURN = "bfwwii-house/fire-turn"
SPREAD = "bfwwii-house/fire-spread"


@RULE("000", "Fire")
def test_one_turn_of_a_burning_row() -> None:
    # row 3,1,u,u (wooden): BUS 1 and 2 each +1: spread on 9-10 (2/10), out on 1-3 (3/10), on 4-8 (5/10).
    # BUS 1 cannot spread (BUS 2 burns, no upwind neighbour); BUS 2 spreads to BUS 3 (BF-30).
    # 0 burning: both out (3/10)(3/10) = 9/100; 3: BUS 1 on (7/10) x BUS 2 spreads (2/10) = 14/100
    # 1: (7/10)(3/10) + (3/10)(5/10) = 36/100; 2: (7/10)(5/10) + (3/10)(2/10) = 41/100
    odds = warroom.odds(TURN, row="3,1,u,u")
    assert odds.as_dict() == {"0 BUS burning": F(9, 100), "1 BUS burning": F(36, 100), "2 BUS burning": F(41, 100),
                              "3 BUS burning": F(14, 100), "4 BUS burning": 0}


@RULE("000", "Fire")
def test_fire_turn_carries_the_row() -> None:
    for seed in range(10):
        ruling = warroom.roll(TURN, row="3,1,u,u", seed=seed)
        row = ruling.after["row"]
        assert len(row) == 4 and row[3] == "u"
        assert row[0] in ("4", "x") and row[1] in ("2", "x") and row[2] in ("1", "u")
        assert ruling.result == f"{sum(1 for a in row if a not in ('u', 'x'))} BUS burning"
    with pytest.raises(UsageError, match="no BUS in it is burning"):
        warroom.odds(TURN, row="u,x,u")
    with pytest.raises(UsageError, match="is not burning"):
        warroom.odds(TURN, row="1,u", fighting_at=2)


@RULE("000", "Fire")
def test_fire_spread_two_buildings_two_turns() -> None:
    # wooden +1 each check: spread 2/10, on 5/10, out 3/10.
    # after turn 1: A (BUS 1 on, BUS 2 unburnt) 5/10; B (both burning) 2/10; C (out) 3/10.
    # turn 2: A -> 2 burning 2/10, 1 5/10, 0 3/10; B -> each out 3/10 independently (no spread possible)
    # P(2) = 5/10*2/10 + 2/10*49/100 = 198/1000; P(1) = 5/10*5/10 + 2/10*42/100 = 334/1000
    # P(0) = 5/10*3/10 + 2/10*9/100 + 3/10 = 468/1000
    odds = warroom.odds(SPREAD, buildings=2, turns=2)
    assert [odds[r] for r in odds.results] == [F(468, 1000), F(334, 1000), F(198, 1000)]
    assert odds.results[0] == "0 BUS burning after 2 turns"
    # BUS that burned at all: BUS 2 caught in turn 1 (2/10) or in turn 2 (5/10 x 2/10): 3/10
    burned = warroom.odds(SPREAD, buildings=2, turns=2, count="burned")
    assert burned["2 BUS burnt or burning after 2 turns"] == F(3, 10)
    # one turn: 0 with 3/10, 1 with 5/10, 2 with 2/10
    one = warroom.odds(SPREAD, buildings=2, turns=1)
    assert [one[r] for r in one.results] == [F(3, 10), F(5, 10), F(2, 10)]


@RULE("000", "Fire")
def test_fire_burns_down_after_four_turns() -> None:
    # a lone wooden BUS: checks 1-3 at +1 (out on 1-3), check 4 at +1 -1 = 0 (out on 1-4) (BF-29)
    # still burning after 4 turns: (7/10)^3 x 6/10 = 2058/10000
    odds = warroom.odds(SPREAD, buildings=1, turns=4)
    assert odds["1 BUS burning after 4 turns"] == F(2058, 10000)


@RULE("000", "Fire")
def test_fire_spread_limits_and_speed() -> None:
    with pytest.raises(UsageError, match="at most 48"):
        warroom.odds(SPREAD, buildings=6, turns=12)
    with pytest.raises(UsageError, match="only 3 BUS"):
        warroom.odds(SPREAD, buildings=3, ignition=4)
    odds = warroom.odds(SPREAD, buildings=6, turns=8, weather="hot_dry")
    assert sum(odds.as_dict().values()) == 1 and len(odds.results) == 7
    ruling = warroom.roll(SPREAD, buildings=4, turns=6, seed=3)
    assert ruling.result.endswith("after 6 turns") and all(d.spec == "1d10" for d in ruling.dice)
