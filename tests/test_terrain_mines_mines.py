"""Seed 003 "MINES": every mine procedure against numbers worked out by hand from the seed text.

Percentile rolls are 01-100, each 1/100. The AT table reads K 01-20, I 21-85, N 86-100 after
the modifiers; "+15%" (soft) comes off the roll, "-05%" / "-10%" (over 20 t / over 40 t) is
added to it (TM-21, TM-22); an unmodified 100 is always N (TM-23). Troops' rolls use the
Infantry Fire Table stand-in, firepower 2 against defense 1: eliminated 01-16, pinned
17-50, unhurt 51-100 (its file says how those were made; TM-28).
"""

from __future__ import annotations

import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.cli import main
from warroom.core.errors import TableError, UsageError
from warroom.rulesets.terrain_mines.mines import mine_unit_inches

RULE = pytest.mark.rule
AT = "terrain-mines/at-mine"
AP_VEHICLE = "terrain-mines/ap-mine-vehicle"
AP_TROOPS = "terrain-mines/ap-mine-troops"
BAIL = "terrain-mines/bail-out"
SURVIVAL = "terrain-mines/soft-vehicle-survival"
PASSAGE = "terrain-mines/mine-passage"
SPOT = "terrain-mines/minefield-spotting"


# --- the AT effect table --------------------------------------------------------------------------


@RULE("003", "MINES")
def test_at_table_for_a_light_afv() -> None:
    # 10 t AFV, no modifier: K 01-20, I 21-85, N 86-100.
    assert warroom.odds(AT, target="afv", tons=10).as_dict() == {
        "K: killed": F(20, 100), "I: immobilised": F(65, 100), "N: no effect": F(15, 100)}


@RULE("003", "MINES")
def test_exactly_20_tons_is_not_over_20() -> None:
    # TM-22: "over" is strictly more, so 20 t reads as the light AFV.
    assert warroom.odds(AT, target="afv", tons=20)["K: killed"] == F(20, 100)


@RULE("003", "MINES")
def test_over_20_tons_adds_5_to_the_roll() -> None:
    # "-05%" is added to the roll (TM-21): K needs roll + 5 <= 20 -> 01-15 (15); I roll 16-80 (65); N 81-100 (20).
    odds = warroom.odds(AT, target="afv", tons=30)
    assert odds.as_dict() == {"K: killed": F(15, 100), "I: immobilised": F(65, 100), "N: no effect": F(20, 100)}
    assert [m.value for m in odds.modifiers] == [-5]


@RULE("003", "MINES")
def test_over_40_tons_is_not_cumulative() -> None:
    # TM-22: -10% only: K 01-10 (10), I 11-75 (65), N 76-100 (25). Cumulative -15% would give K 5, N 30.
    odds = warroom.odds(AT, target="afv", tons=45)
    assert odds.as_dict() == {"K: killed": F(10, 100), "I: immobilised": F(65, 100), "N: no effect": F(25, 100)}
    assert [m.value for m in odds.modifiers] == [-10]


@RULE("003", "MINES")
def test_soft_vehicle_and_the_unmodified_100() -> None:
    # Soft: roll - 15. K: roll <= 35 (35). I: 36-99 (64). N: only an unmodified 100 (1), TM-23.
    odds = warroom.odds(AT, target="soft")
    assert odds.as_dict() == {"K: killed": F(35, 100), "I: immobilised": F(64, 100), "N: no effect": F(1, 100)}
    assert [(m.label, m.value) for m in odds.modifiers] == [("soft vehicle", 15)]


@RULE("003", "MINES")
def test_density_is_a_separate_roll_first() -> None:
    # TM-20: density 50% -> half the checks meet no mine; the rest read the soft table.
    odds = warroom.odds(AT, target="soft", density=50)
    assert odds.as_dict() == {"K: killed": F(35, 200), "I: immobilised": F(64, 200), "N: no effect": F(1, 200),
                              "no mine met": F(1, 2)}
    assert warroom.odds(AT, target="soft", density=0)["no mine met"] == 1  # a dummy field


@RULE("003", "MINES")
def test_a_played_at_check_shows_the_modified_roll() -> None:
    ruling = warroom.roll(AT, target="soft", check="leaving", rolls="87")
    assert ruling.result == "I: immobilised"
    assert any("87 \u2212 15 = 72 \u2192 I (21\u201385)" in step for step in ruling.steps)
    assert ruling.dice[0].value == 87
    thrown = warroom.roll(AT, target="afv", tons=30, seed=3)
    (die,) = thrown.dice
    tens, units = die.faces
    roll = (10 * int(tens) + int(units)) or 100
    assert die.value == roll
    assert thrown.result == ("K: killed" if roll + 5 <= 20 else "I: immobilised" if roll + 5 <= 85 else "N: no effect")


# --- the worked example ---------------------------------------------------------------------------


@RULE("003", "MINES")
def test_worked_example_the_british_truck() -> None:
    # Luigi throws 100 entering: no effect (an unmodified 100, TM-23). Leaving he throws 87; the truck is soft,
    # 87 - 15 = 72: I, "Blew the tires off of the truck". The squad then rolls for survival on the Infantry
    # Fire Table, firepower 2, defense 1: with the stand-in, eliminated 16/100, pinned 34/100, unhurt 50/100.
    params = {"field": "at", "target": "soft", "passengers": True, "rolls": "100,87"}
    odds = warroom.odds(PASSAGE, params)
    assert {row: p for row, p in odds.distribution if p} == {
        "I on leaving; squad eliminated": F(16, 100), "I on leaving; squad pinned": F(34, 100),
        "I on leaving; squad unhurt": F(50, 100)}
    ruling = warroom.roll(PASSAGE, {**params, "rolls": "100,87,45"})
    assert ruling.result == "I on leaving; squad pinned"  # 45: pinned on 17-50
    assert [d.value for d in ruling.dice] == [100, 87, 45]
    text = str(ruling)
    assert "an unmodified 100, always N" in text
    assert "87 \u2212 15 = 72 \u2192 I (21\u201385)" in text
    assert "survival roll, firepower 2 against defense 1: 45 \u2192 pinned" in text
    assert "STAND-IN" in text and "TM-23" in text


@RULE("003", "MINES")
def test_worked_example_with_seeded_dice_for_the_squad() -> None:
    ruling = warroom.roll(PASSAGE, field="at", target="soft", passengers=True, rolls="100,87", seed=7)
    assert [d.value for d in ruling.dice][:2] == [100, 87]
    survival = ruling.dice[2]
    assert survival.label == "leaving: survival"
    expected = "eliminated" if survival.value <= 16 else "pinned" if survival.value <= 50 else "unhurt"
    assert ruling.result == f"I on leaving; squad {expected}"


@RULE("003", "MINES")
def test_worked_example_from_the_command_line(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["warroom", "roll", "terrain-mines/mine-passage", "field=at", "target=soft",
                                      "passengers=true", "rolls=100,87,00"])
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, _ = capsys.readouterr()
    assert code == 0
    assert "87 \u2212 15 = 72" in out and "Result: I ON LEAVING; SQUAD UNHURT" in out  # 00 = 100: unhurt


# --- the whole passage ------------------------------------------------------------------------------


@RULE("003", "MINES")
def test_passage_of_a_soft_vehicle() -> None:
    # Entering: K 35/100, I 64/100, N 1/100 (only 100). Leaving only after N: x 1/100 each (TM-24).
    assert warroom.odds(PASSAGE, field="at", target="soft").as_dict() == {
        "K on entering": F(35, 100), "I on entering": F(64, 100), "K on leaving": F(35, 10000),
        "I on leaving": F(64, 10000), "no effect": F(1, 10000)}


@RULE("003", "MINES")
def test_passage_of_a_heavy_afv_with_a_squad() -> None:
    # 30 t: K 15, I 65, N 20 (per 100). A destroyed AFV's squad bails out on 01-25, else it is eliminated;
    # an immobilised AFV's squad is unhurt (TM-27).
    odds = warroom.odds(PASSAGE, field="at", target="afv", tons=30, passengers=True)
    assert odds.as_dict() == {
        "K on entering; squad bailed out": F(15, 100) * F(1, 4),
        "K on entering; squad eliminated": F(15, 100) * F(3, 4),
        "I on entering; squad unhurt": F(65, 100),
        "K on leaving; squad bailed out": F(20, 100) * F(15, 100) * F(1, 4),
        "K on leaving; squad eliminated": F(20, 100) * F(15, 100) * F(3, 4),
        "I on leaving; squad unhurt": F(20, 100) * F(65, 100), "no effect; squad unhurt": F(20, 100) * F(20, 100),
    }


@RULE("003", "MINES")
def test_passage_of_a_soft_vehicle_with_a_squad() -> None:
    odds = warroom.odds(PASSAGE, field="at", target="soft", passengers=True)
    # Affected (K or I) -> survival roll: K on entering then eliminated = 35/100 x 16/100.
    assert odds["K on entering; squad eliminated"] == F(35, 100) * F(16, 100)
    assert odds["I on entering; squad unhurt"] == F(64, 100) * F(50, 100)
    assert odds["no effect; squad unhurt"] == F(1, 10000)
    assert sum(odds.as_dict().values()) == 1


@RULE("003", "MINES")
def test_passage_through_an_ap_field() -> None:
    # AP mines immobilise a 10 t vehicle on 01-20: entering 20/100, leaving 80/100 x 20/100.
    assert warroom.odds(PASSAGE, field="ap", target="afv", tons=10).as_dict() == {
        "I on entering": F(20, 100), "I on leaving": F(16, 100), "no effect": F(64, 100)}
    # The judge alters the chance to 50%.
    assert warroom.odds(PASSAGE, field="ap", target="afv", tons=10, ap_chance=50)["no effect"] == F(1, 4)


@RULE("003", "MINES")
def test_passage_through_a_mixed_field() -> None:
    # 30 t AFV, TM-26: AT first (K 15, I 65, N 20), then AP on the survivors of N (I on 01-10).
    # I on entering = 65/100 + 20/100 x 10/100 = 67/100; going on: 20/100 x 90/100 = 18/100.
    odds = warroom.odds(PASSAGE, field="mixed", target="afv", tons=30)
    assert odds.as_dict() == {
        "K on entering": F(15, 100), "I on entering": F(67, 100), "K on leaving": F(18, 100) * F(15, 100),
        "I on leaving": F(18, 100) * F(67, 100), "no effect": F(18, 100) * F(20, 100) * F(90, 100)}


@RULE("003", "MINES")
def test_mixed_field_with_a_squad_in_a_soft_vehicle() -> None:
    odds = warroom.odds(PASSAGE, field="mixed", target="soft", passengers=True)
    # A truck killed by the AT check takes no AP check (TM-26): as in an AT field, 35/100 x 16/100.
    assert odds["K on entering; squad eliminated"] == F(35, 100) * F(16, 100)
    # Immobilised entering with the squad unhurt: AT I (64/100), survival unhurt (1/2) and the AP roll on the
    # squad unhurt (1/2); or AT N (1/100), AP immobilises (20/100), AP roll on the squad unhurt (1/2).
    assert odds["I on entering; squad unhurt"] == F(64, 100) * F(1, 4) + F(1, 100) * F(20, 100) * F(1, 2)


@RULE("003", "MINES")
def test_troops_on_foot_cross_an_ap_field() -> None:
    # Firepower 2 against defense 1, entering and leaving: eliminated 16, pinned 34, unhurt 50 (per 100).
    odds = warroom.odds(PASSAGE, field="ap", target="infantry")
    assert odds.as_dict() == {
        "eliminated on entering": F(16, 100), "eliminated on leaving": F(84, 100) * F(16, 100),
        "pinned": F(34 * 34 + 34 * 50 + 50 * 34, 10000), "unhurt": F(50 * 50, 10000)}
    assert warroom.odds(PASSAGE, field="mixed", target="cavalry").as_dict() == odds.as_dict()


@RULE("003", "MINES")
def test_passage_folds_its_check_points_and_play_agrees() -> None:
    params = {"field": "mixed", "target": "soft", "passengers": True, "density": 60}
    odds = warroom.odds(PASSAGE, params)
    assert sum(odds.as_dict().values()) == 1
    assert odds.leaves <= len(odds.results)  # one leaf per final state, not one per die of both check points
    counts = warroom.sample(PASSAGE, 4000, params, seed=5, method="dice")
    assert set(counts) <= {row for row, p in odds.distribution if p}


# --- AP mines -----------------------------------------------------------------------------------------


@RULE("003", "MINES")
def test_ap_mines_on_vehicles() -> None:
    # 20% under 20 t; otherwise 10% (exactly 20 t is not under 20, TM-22); the judge may alter it.
    assert warroom.odds(AP_VEHICLE, target="afv", tons=19)["immobilised"] == F(20, 100)
    assert warroom.odds(AP_VEHICLE, target="afv", tons=20)["immobilised"] == F(10, 100)
    assert warroom.odds(AP_VEHICLE, target="afv", tons=60)["immobilised"] == F(10, 100)
    assert warroom.odds(AP_VEHICLE, target="soft")["immobilised"] == F(20, 100)
    assert warroom.odds(AP_VEHICLE, target="afv", tons=60, ap_chance=35)["immobilised"] == F(35, 100)
    assert warroom.odds(AP_VEHICLE, target="afv", tons=10, density=50).as_dict() == {
        "immobilised": F(1, 2) * F(20, 100), "no effect": F(1, 2) * F(80, 100), "no mine met": F(1, 2)}


@RULE("003", "MINES")
def test_ap_mines_on_troops() -> None:
    assert warroom.odds(AP_TROOPS).as_dict() == {"eliminated": F(16, 100), "pinned": F(34, 100),
                                                 "unhurt": F(50, 100)}
    assert warroom.odds(AP_TROOPS, riding="soft_vehicle").as_dict() == warroom.odds(AP_TROOPS).as_dict()
    # Defense 2 in the stand-in: eliminated 01-08, pinned up to 25.
    assert warroom.odds(AP_TROOPS, defense=2)["eliminated"] == F(8, 100)


@RULE("003", "MINES")
def test_bail_out_and_survival() -> None:
    assert warroom.odds(BAIL).as_dict() == {"bailed out": F(25, 100), "squad eliminated": F(75, 100)}
    assert warroom.roll(BAIL, rolls="25").result == "bailed out"
    assert warroom.roll(BAIL, rolls="26").result == "squad eliminated"
    assert warroom.odds(SURVIVAL).as_dict() == {"eliminated": F(16, 100), "pinned": F(34, 100),
                                                "unhurt": F(50, 100)}
    assert warroom.roll(SURVIVAL, vehicle_result="killed", rolls="16").result == "eliminated"


@RULE("003", "MINES")
def test_the_umpires_own_infantry_fire_table(tmp_path: Path) -> None:
    own = tmp_path / "fire.toml"
    own.write_text("[infantry_fire]\n[[infantry_fire.cells]]\nfirepower = 2\ndefense = 1\n"
                   "eliminated_up_to = 40\npinned_up_to = 40\n")
    odds = warroom.odds(SURVIVAL, base_tables=own)
    assert odds.as_dict() == {"eliminated": F(40, 100), "pinned": 0, "unhurt": F(60, 100)}
    assert not any("STAND-IN" in s for s in odds.steps) and any(str(own) in s for s in odds.steps)
    # The passage with the umpire's table, then the stand-in again: no stale cached odds.
    with_own = warroom.odds(PASSAGE, {"field": "at", "target": "soft", "passengers": True, "rolls": "100,87"},
                            base_tables=own)
    assert with_own["I on leaving; squad eliminated"] == F(40, 100)
    again = warroom.odds(PASSAGE, {"field": "at", "target": "soft", "passengers": True, "rolls": "100,87"})
    assert again["I on leaving; squad eliminated"] == F(16, 100)
    bad = tmp_path / "bad.toml"
    bad.write_text("[infantry_fire]\n[[infantry_fire.cells]]\nfirepower = 2\ndefense = 1\n"
                   "eliminated_up_to = 50\npinned_up_to = 40\n")
    with pytest.raises(TableError, match="pinned_up_to must be at least eliminated_up_to"):
        warroom.odds(SURVIVAL, base_tables=bad)


# --- spotting and the mine unit ----------------------------------------------------------------------


@RULE("003", "MINES")
def test_spotting_a_field() -> None:
    assert warroom.odds(SPOT, distance=6, within=8, chance=35)["spotted"] == F(35, 100)
    assert warroom.odds(SPOT, distance=10, within=8, chance=35)["too far to spot"] == 1
    assert warroom.odds(SPOT, field="hidden")["hidden: cannot be spotted"] == 1


@RULE("003", "MINES")
def test_the_standard_mine_unit() -> None:
    assert mine_unit_inches("1/72") == 2 and mine_unit_inches("1/285") == 1


# --- bad input: one clear line each ------------------------------------------------------------------------


@RULE("003", "MINES")
@pytest.mark.parametrize(("procedure", "params", "message"), [
    (AT, {"target": "infantry"}, "do not set off AT mines"),
    (AT, {"target": "cavalry"}, "cannot be triggered by troops walking"),
    (PASSAGE, {"field": "at", "target": "infantry"}, "do not set off AT mines"),
    (AT, {"target": "afv", "tons": 30, "immobilised": True, "check": "leaving"},
     "Immobilised vehicle does not leave the minefield, so it makes no leaving check"),
    (AT, {"target": "afv", "tons": 30, "immobilised": True}, "cannot move into a minefield"),
    (AT, {"target": "afv"}, "target=afv needs its weight"),
    (AT, {"target": "afv", "tons": 250}, "no vehicle weighs over 200 t"),
    (AT, {"target": "soft", "tons": 35}, "soft-skinned vehicle over 20 t"),
    (AT, {"target": "afv", "tons": -3}, "tons is a whole number of at least 0"),
    (AT, {"target": "soft", "density": 101}, "density is a whole number from 0 to 100"),
    (AT, {"target": "soft", "density": -1}, "density is a whole number from 0 to 100"),
    (AP_VEHICLE, {"target": "afv", "tons": 10, "ap_chance": 120}, "ap_chance is a whole number from 0 to 100"),
    (AP_VEHICLE, {"target": "infantry"}, "procedure ap-mine-troops"),
    (AP_TROOPS, {"riding": "afv"}, "not hit by AP mines"),
    (AP_TROOPS, {"riding": "soft_vehicle", "defense": 3}, "at defense 1"),
    (AP_TROOPS, {"defense": 9}, "has defenses 1, 2, 3, 4"),
    (BAIL, {"vehicle": "soft"}, "do not bail out"),
    (BAIL, {"vehicle_result": "immobilised"}, "only troops in or on an AFV destroyed"),
    (SURVIVAL, {"vehicle_result": "no_effect"}, "\"affected\" \\(K or I\\)"),
    (SURVIVAL, {"vehicle": "afv"}, "roll only for bail-out"),
    (PASSAGE, {"field": "at", "target": "soft", "rolls": "100,87,45"}, "asks for at most 2"),
    (PASSAGE, {"field": "at", "target": "soft", "rolls": "100,abc"}, "'abc' is not a percentile roll"),
    (PASSAGE, {"field": "at", "target": "soft", "rolls": "101"}, "'101' is not a percentile roll"),
    (PASSAGE, {"field": "ap", "target": "infantry", "passengers": True}, "passengers=true is for a vehicle"),
    (PASSAGE, {"field": "at", "target": "afv", "tons": 30, "ap_chance": 15}, "needs field=ap or mixed"),
    (PASSAGE, {"field": "at", "target": "soft", "defense": 2}, "defense is for troops on foot"),
    (SPOT, {"field": "exposed", "distance": 5, "chance": 20}, "minimum distance required to spot"),
    (SPOT, {"field": "exposed", "distance": 5, "within": 8}, "% chance to see"),
    (SPOT, {"field": "hidden", "within": 8}, "no chance to detect hidden mines"),
])
def test_bad_input_is_one_clear_line(procedure: str, params: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message) as err:
        warroom.odds(procedure, params)
    assert "\n" not in str(err.value)
