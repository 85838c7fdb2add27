"""Company Fire's other dice procedures, against numbers worked out by hand from seed 002."""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule


@RULE("002", "Artillery")
def test_he_mission_in_the_open() -> None:
    # 1 in 6 denied; else 4d6 at 5-6: P(0) = 16/81, P(3+) = 9/81.
    odds = warroom.odds("artillery", mission="he")
    assert odds["denied"] == F(1, 6)
    assert odds["good order"] == F(5, 6) * F(16, 81)
    assert odds["destroyed"] == F(5, 6) * F(9, 81)


@RULE("002", "Artillery")
def test_he_mission_on_cover_rolls_three_dice() -> None:
    assert warroom.odds("artillery", mission="he", cover=True)["destroyed"] == F(5, 6) * F(1, 27)


@RULE("002", "Artillery")
def test_he_mission_can_eliminate_a_lone_smf() -> None:
    odds = warroom.odds("artillery", target="smf")
    assert odds.as_dict() == {"denied": F(1, 6), "good order": F(5, 6) * F(48, 81), "destroyed": F(5, 6) * F(33, 81)}


@RULE("002", "Artillery")
def test_smoke_mission() -> None:
    assert warroom.odds("artillery", mission="smoke").as_dict() == {"denied": F(1, 6), "smoke placed": F(5, 6)}
    with pytest.raises(UsageError):
        warroom.odds("artillery", mission="smoke", cover=True)


@RULE("002", "Bocage")
def test_unobserved_fire_across_bocage_is_recon_by_fire() -> None:
    assert warroom.odds("artillery", observed=False)["good order"] == F(5, 6) * F(8, 27)  # 3d6


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_rally() -> None:
    assert warroom.odds("rally", status="pinned")["rallied"] == F(1, 2)  # 4+
    assert warroom.odds("rally", status="suppressed")["rallied"] == F(1, 3)  # 5+
    # green -1, company commander +2: 5+ needs 4 on the die.
    assert warroom.odds("rally", status="suppressed", experience="green", leader="cc")["rallied"] == F(1, 2)
    # both leaders: the better bonus, +2, not +3 (CF-7): 4+ needs 2.
    assert warroom.odds("rally", status="pinned", leader="both")["rallied"] == F(5, 6)
    # no enemy LOS +1, veteran +1, CC +2: cannot fail.
    odds = warroom.odds("rally", status="pinned", enemy_los=False, experience="veteran", leader="cc")
    assert odds.as_dict() == {"rallied": 1, "failed": 0}


@RULE("002", "Movement")
def test_movement_test() -> None:
    assert warroom.odds("movement-test", destination="open")["passes"] == F(1, 3)
    assert warroom.odds("movement-test", destination="cover")["passes"] == F(1, 2)
    assert warroom.odds("movement-test", destination="cover", experience="veteran", leader="pl")["passes"] == F(5, 6)
    odds = warroom.odds("movement-test", destination="open", experience="green", enemy_op_fire_los=True)
    assert odds.as_dict() == {"passes": 0, "fails": 1}  # needs a 7
    with pytest.raises(UsageError, match="leader"):
        warroom.odds("movement-test", destination="open", fall_back=True)


@RULE("002", "Close Assault")
def test_close_assault_without_modifiers() -> None:
    odds = warroom.odds("close-assault")
    # Difference of two d6: 0 in 6/36, each of +-1 in 5/36, +-2 in 4/36, +-3 or more in 6/36.
    assert [odds[r] for r in odds.results] == [F(6, 36), F(4, 36), F(5, 36), F(6, 36), F(5, 36), F(4, 36),
                                                F(6, 36)]


@RULE("002", "Close Assault")
def test_close_assault_smg_squad() -> None:
    odds = warroom.odds("close-assault", att_smg=True)
    # attacker +2: margin m = a - d + 2.
    assert [odds[r] for r in odds.results] == [F(15, 36), F(6, 36), F(5, 36), F(4, 36), F(3, 36), F(2, 36),
                                                F(1, 36)]


@RULE("002", "Close Assault")
def test_close_assault_every_modifier() -> None:
    # Attacker: CC +2, a second good-order unit +1, SMG +2, vehicle MG +1, reinforced cover -1,
    # AT weapons against the defender's tank +2 = +7.
    # Defender: PL +1, a second good-order unit +1, two MGs +2, pinned -1, suppressed -2,
    # only weapon teams -1, friendly tank +3 = +3. Net +4 to the attacker.
    odds = warroom.odds(
        "close-assault", att_leader="cc", att_good_order=2, att_smg=True, att_vehicle_mgs=1, reinforced_cover=True,
        att_at_weapons=True, def_leader="pl", def_good_order=2, def_mgs=2, def_pinned=True, def_suppressed=True,
        def_only_weapon_teams=True, def_tank=True,
    )
    assert odds["tie: losses 1:1"] == F(2, 36)  # a - d = -4
    assert odds["attackers win by 3+: defenders destroyed"] == F(26, 36)  # a - d >= -1: 21/36 + 5/36
    assert odds["defenders win by 3+: attackers destroyed"] == 0  # a - d <= -7 cannot happen
    labels = {m.label: m.value for m in odds.modifiers}
    assert sum(v for k, v in labels.items() if k.startswith("attacker") or k.startswith("company")) == 7
    assert sum(v for k, v in labels.items() if k.startswith("defender") or k.startswith("platoon")) == 3


@RULE("002", "Close Assault")
def test_at_grenades_count_only_against_a_vehicle() -> None:
    assert warroom.odds("close-assault", att_at_grenades=True).as_dict() == warroom.odds("close-assault").as_dict()
    with_vehicle = warroom.odds("close-assault", att_at_grenades=True, def_vehicle=True)
    assert with_vehicle["tie: losses 1:1"] == F(5, 36)  # +1: a - d = -1


@RULE("002", "Mines (beta)")
def test_passing_a_real_minefield() -> None:
    odds = warroom.odds("minefield-passage", field="real")
    # Through on 5-6; else 3d6 damage at 5-6.
    assert odds.as_dict() == {
        "through": F(1, 3), "dummy: marker removed": 0, "mines detonate: good order": F(2, 3) * F(8, 27),
        "mines detonate: pinned": F(2, 3) * F(12, 27), "mines detonate: suppressed": F(2, 3) * F(6, 27),
        "mines detonate: destroyed": F(2, 3) * F(1, 27),
    }
    assert warroom.odds("minefield-passage", field="dummy")["dummy: marker removed"] == F(2, 3)


@RULE("002", "Mines (beta)")
def test_finding_and_following_a_path() -> None:
    assert warroom.odds("minefield-find-path")["path found"] == F(1, 3)
    assert warroom.odds("minefield-find-path", engineers=True)["path found"] == F(2, 3)
    assert warroom.odds("minefield-follow-path")["through"] == F(2, 3)  # 1d6 + 2 >= 5
    assert warroom.odds("minefield-follow-path", target="smf")["mines detonate: destroyed"] == F(1, 3) * F(7, 27)


@RULE("002", "Mines (beta)")
def test_clearing_mines() -> None:
    odds = warroom.odds("minefield-clear", field="real")
    assert [odds[r] for r in odds.results] == [0, F(15, 36), F(6, 36), F(5, 36), F(4, 36), F(6, 36)]
    engineers = warroom.odds("minefield-clear", field="real", engineers=True)
    assert [engineers[r] for r in engineers.results] == [0, F(26, 36), F(4, 36), F(3, 36), F(2, 36), F(1, 36)]


@RULE("002", "Initiative Deck")
def test_initiative_card_from_a_full_deck() -> None:
    odds = warroom.odds("initiative-card")
    # Per colour: A,3,5,7,9 of two suits = 10 Move cards; 2,4,6,8,10 = 10 Fire; J,Q,K = 6 face.
    assert odds["red: Move card"] == F(10, 52)
    assert odds["black: Fire card"] == F(10, 52)
    assert odds["red: face card (move and/or fire)"] == F(6, 52)
    assert odds["Joker: event or game clock"] == 0


@RULE("002", "Initiative Deck")
def test_initiative_card_without_replacement() -> None:
    odds = warroom.odds("initiative-card", jokers=2, drawn="AS,2H")
    assert odds["black: Move card"] == F(9, 52)
    assert odds["red: Fire card"] == F(9, 52)
    assert odds["Joker: event or game clock"] == F(2, 52)
    with pytest.raises(UsageError, match="twice"):
        warroom.odds("initiative-card", drawn="AS,AS")
    with pytest.raises(UsageError, match="not a card"):
        warroom.odds("initiative-card", drawn="ZZ")


@RULE("002", "Initiative Deck")
def test_exhausted_deck_is_reshuffled() -> None:
    suits, ranks = "SHDC", ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    everything = ",".join(r + s for s in suits for r in ranks)
    assert warroom.odds("initiative-card", drawn=everything)["red: Move card"] == F(10, 52)


@RULE("002", "Game Clock (optional)")
def test_game_clock() -> None:
    assert warroom.odds("game-clock", clock=15)["ends after 1 more turn"] == F(1, 6)
    assert warroom.odds("game-clock", clock=20).as_dict() == {"ends after 1 more turn": 1}
    from_zero = warroom.odds("game-clock")
    # At least 4 turns (3 * 6 = 18 < 21); 4d6 >= 21 in 20 + 10 + 4 + 1 = 35 of 1296.
    assert from_zero["ends after 3 more turns"] == 0
    assert from_zero["ends after 4 more turns"] == F(35, 1296)
    assert from_zero["ends after 21 more turns"] == F(1, 6**20)  # twenty 1s leave it at 20; any 21st roll ends it
    assert warroom.odds("game-clock", clock=24, length="long")["ends after 1 more turn"] == F(1, 6)
    with pytest.raises(UsageError, match="already over"):
        warroom.odds("game-clock", clock=21)


@RULE("002", "Game Clock (optional)")
def test_clock_roll_carries_the_total() -> None:
    assert warroom.odds("clock-roll", clock=17)["game over"] == F(3, 6)  # 4, 5 or 6 reach 21
    assert warroom.odds("clock-roll", clock=14)["game over"] == 0  # 14 + 6 = 20
    ruling = warroom.roll("clock-roll", clock=17, seed=2)
    rolled = int(ruling.dice[0].faces[0])
    assert ruling.after == {"clock": 17 + rolled}
    assert ruling.result == ("game over" if 17 + rolled >= 21 else "the game goes on")
