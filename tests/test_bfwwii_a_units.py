"""Seed 000 "Base Sizes", "Grazing Fire", "Sneak Manoeuvre Action" and "British Artillery – Replacement of
FOO Casualties", against numbers worked out by hand."""

from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule


@RULE("000", "Base Sizes")
def test_base_sizes() -> None:
    def size(element: str) -> str:
        odds = warroom.odds("bfwwii-house/base-size", element=element)
        assert len(odds.results) == 1 and odds[odds.results[0]] == 1
        return odds.results[0]

    assert size("troops") == "30 mm x 30 mm, 3 figures"
    assert size("two_figure_troops") == "30 mm x 30 mm, 2 figures"
    assert size("light_gun") == "40 mm x 40 mm, 3 crew"
    assert size("medium_gun").startswith("40 mm x 60 mm") and size("medium_gun").endswith("4 crew")
    assert size("heavy_gun").startswith("40 mm x 80 mm") and size("heavy_gun").endswith("5 crew")
    assert size("bus").startswith("40 mm x 40 mm")
    assert size("minefield").startswith("60 mm x 30 mm")
    assert size("wire").startswith("60 mm x 15 mm") and size("roadblock").startswith("60 mm x 15 mm")
    assert size("rubble_strip") == "40 mm x 20 mm" and size("rubble_area") == "40 mm x 40 mm"
    assert size("company_command") == "30 mm x 30 mm, 2 figures"  # BF-11


# --- grazing fire --------------------------------------------------------------------------------------

GRAZE = "bfwwii-house/grazing-fire"


@RULE("000", "Grazing Fire")
def test_grazing_fire_attack_at_minus_one() -> None:
    # tactical factor 3, template -1: d10 + 2 on the stand-in troops column (BF-1):
    # no effect below 6 (faces 1-3), suppressed 6-7 (4-5), disordered 8-9 (6-7), knocked out 10+ (8-10)
    odds = warroom.odds(GRAZE, tactical_factor=3)
    assert odds.as_dict() == {"not attacked": 0, "no effect": F(3, 10), "suppressed": F(2, 10),
                              "disordered": F(2, 10), "knocked out": F(3, 10)}
    assert [(m.label, m.value) for m in odds.modifiers] == [("grazing fire template", -1)]
    assert any("STAND-IN" in s for s in odds.steps)


@RULE("000", "Grazing Fire")
def test_grazing_fire_hits_everyone_under_the_template() -> None:
    # a friendly unit outside the 90 degree arc but under the template is attacked just the same
    odds = warroom.odds(GRAZE, tactical_factor=3, role="under_template", bearing=60)
    assert odds["knocked out"] == F(3, 10)
    # an armoured vehicle moving through it: tactical factor 1 - 1 = +0, KO on a 10, disordered on 8-9
    odds = warroom.odds(GRAZE, tactical_factor=1, target="armoured_vehicle", role="moving_through")
    assert odds.as_dict() == {"not attacked": 0, "no effect": F(7, 10), "disordered": F(2, 10),
                              "knocked out": F(1, 10)}


@RULE("000", "Grazing Fire")
def test_grazing_fire_stops_at_dense_terrain() -> None:
    assert warroom.odds(GRAZE, tactical_factor=3, dense_terrain="deep")["not attacked"] == 1
    assert warroom.odds(GRAZE, tactical_factor=3, dense_terrain="behind")["not attacked"] == 1
    # on the edge: attacked, here with -1 more for its cover (given): d10 + 1, KO on 9-10
    assert warroom.odds(GRAZE, tactical_factor=3, dense_terrain="edge", other_modifiers=-1)["knocked out"] == F(2, 10)


@RULE("000", "Grazing Fire")
def test_who_may_graze() -> None:
    with pytest.raises(UsageError, match="LMGs are limited to point fire"):
        warroom.odds(GRAZE, tactical_factor=3, mg="lmg")
    with pytest.raises(UsageError, match="vehicle-mounted machineguns are limited to point fire"):
        warroom.odds(GRAZE, tactical_factor=3, mg="vehicle_mg")
    with pytest.raises(UsageError, match="must be in an improved position"):
        warroom.odds(GRAZE, tactical_factor=3, mg_position="none")
    with pytest.raises(UsageError, match="within 45 degrees"):
        warroom.odds(GRAZE, tactical_factor=3, bearing=50)
    with pytest.raises(UsageError, match='10" long'):
        warroom.odds(GRAZE, tactical_factor=3, distance=11)
    with pytest.raises(UsageError, match="needs no target"):
        warroom.odds(GRAZE, tactical_factor=3, placed="enemy_manoeuvre_start")
    # laid at the start of the enemy manoeuvre phase with no target: a unit moving through is attacked
    assert warroom.odds(GRAZE, tactical_factor=3, placed="enemy_manoeuvre_start",
                        role="moving_through")["knocked out"] == F(3, 10)
    # an HMG dug in (better than a basic IP, BF-12) may graze
    assert warroom.odds(GRAZE, tactical_factor=3, mg="hmg", mg_position="dug_in")["knocked out"] == F(3, 10)


@RULE("000", "Grazing Fire")
def test_grazing_fire_reads_the_umpires_own_fire_table(tmp_path: Path) -> None:
    own = tmp_path / "bfwwii.toml"
    own.write_text("""
[fire_combat]
die_sides = 10
[fire_combat.targets.troops]
label = "troops"
bands = [{ from_roll = 9, result = "knocked out" }]
[fire_combat.targets.gun]
label = "gun"
bands = [{ from_roll = 9, result = "knocked out" }]
[fire_combat.targets.soft_vehicle]
label = "soft vehicle"
bands = [{ from_roll = 9, result = "knocked out" }]
[fire_combat.targets.armoured_vehicle]
label = "armoured vehicle"
bands = [{ from_roll = 9, result = "knocked out" }]
""")
    # d10 + 2, knocked out on 9+: faces 7-10
    odds = warroom.odds(GRAZE, tactical_factor=3, base_tables=own)
    assert odds.as_dict() == {"not attacked": 0, "no effect": F(6, 10), "knocked out": F(4, 10)}
    assert not any("STAND-IN" in s for s in odds.steps)


# --- sneak -------------------------------------------------------------------------------------------

SNEAK = "bfwwii-house/sneak"


@RULE("000", "Sneak Manoeuvre Action")
def test_sneak_distances() -> None:
    assert warroom.odds(SNEAK, terrain="open").results == ('sneaks 1", not moving for spotting or opportunity fire',)
    assert warroom.odds(SNEAK, terrain="dense").results[0].startswith('sneaks \u00bd"')
    assert warroom.odds(SNEAK, terrain="sparse").results[0].startswith('sneaks 1\u00bd"')
    # two sneaks (troops only) in sparse terrain: 3", still not a rapid advance nor moving
    assert warroom.odds(SNEAK, terrain="sparse", actions="two_sneaks").results == (
        'sneaks 3", not moving for spotting or opportunity fire',)
    # a move action and a sneak: the move is moving (BF-15)
    assert warroom.odds(SNEAK, terrain="open", actions="move_and_sneak").results[0].endswith("counts as moving "
                                                                                            "(the other action)")
    assert "not moving" in warroom.odds(SNEAK, terrain="open", actions="breach_then_sneak").results[0]
    assert warroom.odds(SNEAK, terrain="open", unit="gun", actions="sneak_then_emplace").results[0].startswith(
        'sneaks 1"')


@RULE("000", "Sneak Manoeuvre Action")
@RULE("000", "Flat Featureless Terrain")
def test_who_may_sneak() -> None:
    with pytest.raises(UsageError, match="never impassable"):
        warroom.odds(SNEAK, terrain="impassable")
    with pytest.raises(UsageError, match="may not claim a sneak"):
        warroom.odds(SNEAK, terrain="sparse", unit="vehicle", bog_down_terrain=True)
    with pytest.raises(UsageError, match="only troops may sneak twice"):
        warroom.odds(SNEAK, terrain="open", unit="gun", actions="two_sneaks")
    with pytest.raises(UsageError, match="may not go hull down in Flat Featureless"):
        warroom.odds(SNEAK, terrain="open", unit="vehicle", actions="sneak_then_hull_down", flat_featureless=True)
    with pytest.raises(UsageError, match="use unit=gun"):
        warroom.odds(SNEAK, terrain="open", actions="sneak_then_emplace")


# --- replacement of FOO casualties -------------------------------------------------------------------

ROLL = "bfwwii-house/foo-replacement-roll"
FOO = "bfwwii-house/foo-replacement"


@RULE("000", "British Artillery – Replacement of FOO Casualties")
def test_first_roll_for_a_replacement() -> None:
    # a FOO on table: d10, 10 or more: 1/10
    assert warroom.odds(ROLL, british_foo_on_table=True)["replacement FOO arrives"] == F(1, 10)
    # no British FOO on table: +1, 9-10
    assert warroom.odds(ROLL)["replacement FOO arrives"] == F(2, 10)


@RULE("000", "British Artillery – Replacement of FOO Casualties")
def test_third_roll_with_a_second_casualty_waiting() -> None:
    # roll 3: +2 (BF-8); one more casualty waiting +1 (BF-7); no FOO on table +1: +4, arrives on 6-10
    odds = warroom.odds(ROLL, roll_number=3, waiting=2)
    assert odds["replacement FOO arrives"] == F(5, 10)
    assert sorted(m.value for m in odds.modifiers) == [1, 1, 2]
    # two replacements already destroyed: -2, arrives on 8-10
    assert warroom.odds(ROLL, roll_number=3, waiting=2, replacements_destroyed=2)["replacement FOO arrives"] == F(
        3, 10)


@RULE("000", "British Artillery – Replacement of FOO Casualties")
def test_turns_until_the_replacement_arrives() -> None:
    # no FOO on table: turn t is at +t, arrives with (t+1)/10
    # turn 1: 2/10; turn 2: 8/10 x 3/10 = 24/100; turn 3: 8/10 x 7/10 x 4/10 = 224/1000; turn 9 at +9 always
    odds = warroom.odds(FOO)
    assert odds["replacement arrives on turn 1"] == F(2, 10)
    assert odds["replacement arrives on turn 2"] == F(24, 100)
    assert odds["replacement arrives on turn 3"] == F(224, 1000)
    assert odds.results[-1] == "replacement arrives on turn 9"
    # (8/10)(7/10)(6/10)(5/10)(4/10)(3/10)(2/10)(1/10) = 40320/10^8 left for turn 9
    assert odds["replacement arrives on turn 9"] == F(40320, 10**8)


@RULE("000", "British Artillery – Replacement of FOO Casualties")
def test_two_casualties_one_at_a_time() -> None:
    # first: +1 (one more waiting) +1 (no FOO on table) at roll 1: 9-10, 3/10;
    # then the bonus resets and the replacement is on table (BF-9): the second's first roll needs a 10, 1/10
    odds = warroom.odds(FOO, waiting=2)
    assert odds.results[0] == "last replacement arrives on turn 2"
    assert odds["last replacement arrives on turn 2"] == F(3, 10) * F(1, 10)
    assert warroom.odds(FOO, waiting=2, until="first")["replacement arrives on turn 1"] == F(3, 10)


@RULE("000", "British Artillery – Replacement of FOO Casualties")
def test_foo_roll_leaves_the_next_turns_state() -> None:
    seen = set()
    for seed in range(30):
        ruling = warroom.roll(ROLL, roll_number=2, waiting=2, seed=seed)
        total = int(ruling.dice[0].faces[0]) + 1 + 1 + 1  # roll 2, one more waiting, no FOO on table
        if total >= 10:
            assert ruling.result == "replacement FOO arrives"
            assert ruling.after == {"roll_number": 1, "waiting": 1, "british_foo_on_table": True}
        else:
            assert ruling.result == "no replacement yet" and ruling.after == {"roll_number": 3}
        seen.add(ruling.result)
    assert len(seen) == 2


@RULE("000", "British Artillery – Replacement of FOO Casualties")
def test_foo_replacement_bad_input() -> None:
    with pytest.raises(UsageError, match="only to British artillery FOOs"):
        warroom.odds(ROLL, observer="mortar_foo")
    with pytest.raises(UsageError, match="nothing to roll for"):
        warroom.odds(FOO, waiting=0)
