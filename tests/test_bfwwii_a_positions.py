"""Seed 000 "Improved Position Clarifications", "Flat Featureless Terrain", the night and dawn rules and
spotting, against the seed's own tables typed in here and numbers worked out by hand."""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError
from warroom.core.ruling import Odds

RULE = pytest.mark.rule
FIRE = "bfwwii-house/fire-modifiers"
CC = "bfwwii-house/cc-modifiers"

COVERS = ("open", "soft", "hard", "bus")
# The seed's DF / IDF table, typed from seed 000 lines 366-373:
# DF Front (Open Soft Hard BUS), DF Enfilade (Open Soft Hard BUS), IDF (Non-BUS BUS)
SEED_DF = {
    "nil": ((0, -1, -1, -1), (1, 0, 0, -1), (0, -1)),
    "improved": ((-1, -1, -2, -2), (0, 0, -1, -2), (0, -1)),
    "dug_in": ((-2, -2, -2, -2), (-1, -1, -1, -2), (-1, -1)),
    "entrenched": ((-2, -2, -2, -2), (-2, -2, -2, -2), (-1, -1)),
    "pillbox_log": ((-2, -2, -2, -2), (-2, -2, -2, -2), (-2, -2)),
    "pillbox_concrete": ((-3, -3, -3, -3), (-3, -3, -3, -3), (-3, -3)),
}
# The CC table, seed 000 lines 383-390: CC Front, CC Outflanked (Open Soft Hard BUS)
SEED_CC = {
    "nil": ((0, 0, 1, 1), (-1, -1, 0, 1)),
    "improved": ((0, 0, 1, 1), (-1, -1, 0, 1)),
    "dug_in": ((1, 1, 1, 1), (0, 0, 0, 1)),
    "entrenched": ((1, 1, 1, 1), (1, 1, 1, 1)),
    "pillbox_log": ((1, 1, 1, 1), (1, 1, 1, 1)),
    "pillbox_concrete": ((1, 1, 1, 1), (1, 1, 1, 1)),
}


def _value(odds: Odds, prefix: str) -> int:
    (row,) = odds.results
    assert odds[row] == 1 and row.startswith(prefix)
    return int(row.removeprefix(prefix).replace("\u2212", "-").replace("+", ""))


@RULE("000", "Improved Position Clarifications")
def test_every_cell_of_the_df_idf_table() -> None:
    for position, (front, enfilade, idf) in SEED_DF.items():
        for i, cover in enumerate(COVERS):
            assert _value(warroom.odds(FIRE, target_position=position, cover=cover), "fire modifier ") == front[i]
            assert _value(warroom.odds(FIRE, target_position=position, cover=cover, fire="df_enfilade"),
                          "fire modifier ") == enfilade[i]
            assert _value(warroom.odds(FIRE, target_position=position, cover=cover, fire="idf"),
                          "fire modifier ") == idf[1 if cover == "bus" else 0]


@RULE("000", "Improved Position Clarifications")
def test_the_df_rules_explain_the_table() -> None:
    # DF Rule 1: -1 soft, hard cover or basic IP; -2 basic IP in hard cover or BUS, or enhanced IP (dug-in);
    # -3 concrete pill-box; the most beneficial only. Rule 2: +1 enfilade except BUS, trenchline, pill-box.
    position_value = {"nil": 0, "dug_in": -2, "entrenched": -2, "pillbox_log": -2, "pillbox_concrete": -3}
    for position, (front, enfilade, _idf) in SEED_DF.items():
        for i, cover in enumerate(COVERS):
            cover_value = 0 if cover == "open" else -1
            own = (-2 if cover in ("hard", "bus") else -1) if position == "improved" else position_value[position]
            assert min(cover_value, own) == front[i], (position, cover)
            exempt = cover == "bus" or position in ("entrenched", "pillbox_log", "pillbox_concrete")
            assert front[i] + (0 if exempt else 1) == enfilade[i], (position, cover)


@RULE("000", "Improved Position Clarifications")
def test_improved_position_in_hard_cover_under_enfilade() -> None:
    # most beneficial: basic IP in hard cover -2 (not cumulative with hard cover -1), enfilade +1: -1
    odds = warroom.odds(FIRE, target_position="improved", cover="hard", fire="df_enfilade")
    assert [m.value for m in odds.modifiers] == [-2, 1]
    assert "not cumulative with hard cover" in odds.modifiers[0].label
    # linear hard cover the LOS does not cross: as open, basic IP -1, enfilade +1: 0 (BF-26)
    assert _value(warroom.odds(FIRE, target_position="improved", cover="hard", fire="df_enfilade",
                               linear_cover="not_crossed"), "fire modifier ") == 0


@RULE("000", "Night Rules - Good Visibility")
@RULE("000", "Flat Featureless Terrain")
@RULE("000", "Multi-Level BUS")
def test_fire_modifiers_at_night_flat_and_upstairs() -> None:
    # night: -1 for all direct fire; IP in a BUS under enfilade -2: -3
    assert _value(warroom.odds(FIRE, target_position="improved", cover="bus", fire="df_enfilade",
                               visibility="night_good"), "fire modifier ") == -3
    # lit by a flare: no night -1
    assert _value(warroom.odds(FIRE, target_position="improved", cover="bus", visibility="night_poor",
                               target_illuminated=True), "fire modifier ") == -2
    # IDF is not direct fire: no night modifier
    assert _value(warroom.odds(FIRE, cover="bus", fire="idf", visibility="night_good"), "fire modifier ") == -1
    # Flat Featureless: +1 for direct fire; at night +1 - 1
    assert _value(warroom.odds(FIRE, flat_featureless=True), "fire modifier ") == 1
    assert _value(warroom.odds(FIRE, flat_featureless=True, visibility="night_good"), "fire modifier ") == 0
    # an IP on Level 1 gives no benefit (BF-24): as no position in a BUS, -1 (not -2)
    assert _value(warroom.odds(FIRE, target_position="improved", cover="bus", bus_level=1), "fire modifier ") == -1


@RULE("000", "Improved Position Clarifications")
def test_fire_modifiers_bad_input() -> None:
    with pytest.raises(UsageError, match="part of the Night Rules"):
        warroom.odds(FIRE, target_illuminated=True)
    with pytest.raises(UsageError, match="needs cover=bus"):
        warroom.odds(FIRE, bus_level=1)
    with pytest.raises(UsageError, match="needs cover=soft or hard"):
        warroom.odds(FIRE, linear_cover="crossed")
    with pytest.raises(UsageError, match="no terrain cover"):
        warroom.odds(FIRE, cover="soft", flat_featureless=True)
    with pytest.raises(UsageError, match="not on the upper storeys"):
        warroom.odds(FIRE, target_position="entrenched", cover="bus", bus_level=2)


@RULE("000", "Improved Position Clarifications")
def test_every_cell_of_the_cc_table() -> None:
    for position, (front, outflanked) in SEED_CC.items():
        for i, cover in enumerate(COVERS):
            assert _value(warroom.odds(CC, target_position=position, cover=cover),
                          "close combat modifier ") == front[i]
            assert _value(warroom.odds(CC, target_position=position, cover=cover, aspect="outflanked"),
                          "close combat modifier ") == outflanked[i]
            # CC Rule 2: outflanked -1, except BUS, trenchline, pill-box
            exempt = cover == "bus" or position in ("entrenched", "pillbox_log", "pillbox_concrete")
            assert front[i] - (0 if exempt else 1) == outflanked[i]


@RULE("000", "Night Rules - Good Visibility")
@RULE("000", "Night Rules - Poor Visibility")
def test_close_combat_at_night() -> None:
    # dug-in, open, outflanked at night: +1, outflanked -2 instead of -1 (BF-23): -1
    assert _value(warroom.odds(CC, target_position="dug_in", aspect="outflanked", visibility="night_good"),
                  "close combat modifier ") == -1
    # no position in the open, outflanked, poor visibility: -2
    assert _value(warroom.odds(CC, aspect="outflanked", visibility="night_poor"), "close combat modifier ") == -2
    # a BUS stays exempt from the outflanked modifier at night: +1
    assert _value(warroom.odds(CC, cover="bus", aspect="outflanked", visibility="night_good"),
                  "close combat modifier ") == 1
    # vehicle vs. troops in concealment at night: -3; soft cover, front: 0 - 3
    assert _value(warroom.odds(CC, cover="soft", visibility="night_good", vehicle_vs_troops_in_concealment=True),
                  "close combat modifier ") == -3
    # by day that term is the base table's, not in the total
    assert _value(warroom.odds(CC, cover="soft", vehicle_vs_troops_in_concealment=True),
                  "close combat modifier ") == 0


@RULE("000", "Improved Position Clarifications")
def test_what_a_position_does() -> None:
    ip = warroom.odds("bfwwii-house/position-effects", position="improved").results[0]
    assert ip == "on moving: Lost; spotting Down 1; manoeuvre +1; construct: 1 Roll"
    dug = warroom.odds("bfwwii-house/position-effects", position="dug_in").results[0]
    assert dug == "on moving: Remain; spotting Down 1; manoeuvre +1; construct: 2 Rolls"
    assert warroom.odds("bfwwii-house/position-effects", position="pillbox_concrete").results[0].endswith("Scenario")


IMPROVE = "bfwwii-house/improve-position"


@RULE("000", "Improved Position Clarifications")
def test_turns_to_dig_in() -> None:
    # stand-in IP table: d10 + dr, 6+ (BF-1). Basic IP, dr 0: 1/2 a turn; turn t: (1/2)^t; 6 turns missed 1/64
    odds = warroom.odds(IMPROVE)
    assert [odds[r] for r in odds.results] == [F(1, 2), F(1, 4), F(1, 8), F(1, 16), F(1, 32), F(1, 64), F(1, 64)]
    # dug-in takes 2 successes (BF-25); dr +1: 3/5 a roll. Turn 2: 9/25; turn 3: 2 x (3/5)^2 x 2/5 = 36/125
    odds = warroom.odds(IMPROVE, goal="dug_in", dr=1)
    assert odds["Dug-In on turn 2"] == F(9, 25) and odds["Dug-In on turn 3"] == F(36, 125)
    # from a basic IP, dug-in needs one more success
    assert warroom.odds(IMPROVE, goal="dug_in", start="improved")["Dug-In on turn 1"] == F(1, 2)


@RULE("000", "Flat Featureless Terrain")
@RULE("000", "Multi-Level BUS")
def test_improve_position_flat_ground_and_upstairs() -> None:
    # Flat Featureless -1: succeeds on 7-10, 4/10
    assert warroom.odds(IMPROVE, flat_featureless=True)["Improved Position on turn 1"] == F(4, 10)
    # Level 1: only to designate a Command Post
    with pytest.raises(UsageError, match="Command Post"):
        warroom.odds(IMPROVE, bus_level=1)
    assert warroom.odds(IMPROVE, bus_level=1, command_post=True)["Improved Position on turn 1"] == F(1, 2)
    with pytest.raises(UsageError, match="only be occupied by troops"):
        warroom.odds(IMPROVE, bus_level=1, command_post=True, unit="gun")
    with pytest.raises(UsageError, match="already has that position"):
        warroom.odds(IMPROVE, start="improved")


@RULE("000", "Flat Featureless Terrain")
def test_flat_featureless_effects() -> None:
    troops = warroom.odds("bfwwii-house/flat-featureless", ground="snow")
    assert troops.results == ("spotted Up 1, direct fire +1, Improve Position \u22121",)
    vehicle = warroom.odds("bfwwii-house/flat-featureless", ground="muddy", unit="vehicle")
    assert vehicle.results == ("spotted Up 1, direct fire +1, no hull down",)
    with pytest.raises(UsageError, match="may never be designated Flat and Featureless"):
        warroom.odds("bfwwii-house/flat-featureless", ground="rocky")


# --- spotting ------------------------------------------------------------------------------------------

SPOT = "bfwwii-house/spotting-range"


def _result(**params: object) -> str:
    odds = warroom.odds(SPOT, params)
    (row,) = [r for r in odds.results if odds[r] == 1]
    return row


@RULE("000", "Sneak Manoeuvre Action")
def test_the_seeds_sneak_example() -> None:
    # infantry sneaking up to the edge of sparse cover: visible at 5" instead of the normal 10"
    assert _result(distance=5, target_terrain="sparse_edge", target_activity="sneaking") == "spotted"
    assert _result(distance=6, target_terrain="sparse_edge", target_activity="sneaking") != "spotted"
    assert _result(distance=10, target_terrain="sparse_edge", target_activity="moving_or_firing") == "spotted"
    assert _result(distance=11, target_terrain="sparse_edge", target_activity="moving_or_firing") != "spotted"


@RULE("000", "Night Rules - Good Visibility")
@RULE("000", "Night Rules - Poor Visibility")
@RULE("000", "Dawn / Dusk Rules or Day Poor Visibility")
def test_spotting_in_the_dark() -> None:
    # stand-in ladder 1, 2, 3, 5, 10, 20, 40"; stationary troops in the open 20" (BF-1)
    assert _result(distance=20) == "spotted" and _result(distance=21) == "suspected"
    # dawn Down 1: 10"; night Down 2: 5"; poor night Down 3: 3"
    assert _result(distance=10, visibility="dawn_dusk") == "spotted"
    assert _result(distance=11, visibility="day_poor") == "suspected"
    assert _result(distance=5, visibility="night_good") == "spotted"
    assert _result(distance=6, visibility="night_good") == "suspected"
    assert _result(distance=3, visibility="night_poor") == "spotted"
    assert _result(distance=4, visibility="night_poor") == "suspected"
    # 1" minimum remains: dense deep (1") at night is still 1"
    assert _result(distance=1, target_terrain="dense_deep", visibility="night_poor") == "spotted"
    # no Up 1 for higher elevation at night; by day 40"
    assert _result(distance=40, spotter_elevated=True) == "spotted"
    assert _result(distance=6, spotter_elevated=True, visibility="night_good") == "suspected"


@RULE("000", "Night Rules - Good Visibility")
@RULE("000", "Night Rules - Poor Visibility")
def test_flares_and_fires_light_targets_and_blind_spotters() -> None:
    # a target under a flare loses the Down 2: 20"
    assert _result(distance=20, visibility="night_good", target_illuminated=True) == "spotted"
    # in poor visibility one Down remains (BF-17): 10"
    assert _result(distance=10, visibility="night_poor", target_illuminated=True) == "spotted"
    assert _result(distance=11, visibility="night_poor", target_illuminated=True) == "suspected"
    # a spotter under a flare: Down 2 more, 20" -> 2"
    assert _result(distance=2, visibility="night_good", spotter_illuminated=True) == "spotted"
    assert _result(distance=3, visibility="night_good", spotter_illuminated=True) == "suspected"
    # fires block LOS (BF-18)
    assert _result(distance=1, los_through_fire=True) == "not spotted"
    with pytest.raises(UsageError, match="part of the Night Rules"):
        warroom.odds(SPOT, distance=5, target_illuminated=True)


@RULE("000", "Flat Featureless Terrain")
@RULE("000", "Improved Position Clarifications")
@RULE("000", "Knocked Out Vehicle Table")
@RULE("000", "Multi-Level BUS")
@RULE("000", "Lanes, Streets & Roads & Rubble")
def test_other_spotting_modifiers() -> None:
    # Flat Featureless Up 1: 40"
    assert _result(distance=40, flat_featureless=True) == "spotted"
    # in an improved position Down 1 (BF-19): 10"
    assert _result(distance=11, target_position="improved") == "suspected"
    # a burning vehicle between: smoke Down 2, 5"; a smoking one Down 1, 10"
    assert _result(distance=6, smoke="burning_vehicle") == "suspected"
    assert _result(distance=10, smoke="smoking_vehicle") == "spotted"
    # an upper storey is higher elevation: Up 1
    assert _result(distance=40, spotter_elevated=True, spotter_storey=True) == "spotted"
    # a moving vehicle in a street: dense edge 2", Up 2 -> 5", but dense concealment is 4" at most
    assert _result(distance=4, target_terrain="street", target="vehicle",
                   target_activity="moving_or_firing") == "spotted"
    assert _result(distance=5, target_terrain="street", target="vehicle",
                   target_activity="moving_or_firing") == "suspected"
    # troops across a street, BUS directly opposite: spotted automatically
    assert _result(distance=3, target_terrain="bus", across_street_opposite=True, visibility="night_poor") == "spotted"
    # a road in a BUA is open for spotting
    assert _result(distance=20, target_terrain="road_in_bua") == "spotted"
    assert _result(distance=41, target_terrain="road_in_bua") == "not spotted"


# --- manoeuvre, call for fire, flares -----------------------------------------------------------------

MAN = "bfwwii-house/visibility-manoeuvre"


def _man(**params: object) -> str:
    (row,) = warroom.odds(MAN, params).results
    return row


@RULE("000", "Night Rules - Good Visibility")
@RULE("000", "Night Rules - Poor Visibility")
def test_command_at_night() -> None:
    # troops: +1 only within 2" at night (1" in poor visibility) (BF-21)
    assert _man(visibility="night_good", commander_distance=2) == "manoeuvre roll +1"
    assert _man(visibility="night_good", commander_distance=3) == "manoeuvre roll 0"
    assert _man(visibility="night_poor", commander_distance=2) == "manoeuvre roll 0"
    # vehicles: within 4" and in LOS (2" in poor visibility)
    assert _man(visibility="night_good", unit="vehicle", commander_distance=4) == "manoeuvre roll +1"
    assert _man(visibility="night_good", unit="vehicle", commander_distance=4, commander_los=False) == \
        "manoeuvre roll 0"
    assert _man(visibility="night_poor", unit="vehicle", commander_distance=3) == "manoeuvre roll 0"
    # by day: +1 command, +2 with no LOS to the enemy; at night the +2 is lost and a panic costs -1
    assert _man(commander_distance=10, enemy_in_los=False) == "manoeuvre roll +3"
    assert _man(visibility="night_good", commander_distance=1, enemy_in_los=False) == "manoeuvre roll +1"
    assert _man(visibility="night_good", commander_distance=1, panicked_last=True) == "manoeuvre roll 0"
    with pytest.raises(UsageError, match="no rapid advance at night except moving on paved roads"):
        warroom.odds(MAN, visibility="night_good", rapid_advance=True)
    odds = warroom.odds(MAN, visibility="night_good", rapid_advance=True, on_paved_road=True)
    assert any("full speed, not double speed" in s for s in odds.steps)
    assert any("1 level lower" in s for s in odds.steps)
    assert not any("level lower" in s for s in warroom.odds(MAN, visibility="night_good", night_trained=True).steps)


@RULE("000", "Night Rules - Good Visibility")
def test_call_for_fire_at_night() -> None:
    cff = "bfwwii-house/call-for-fire-visibility"
    assert warroom.odds(cff, visibility="night_good", target="suspected").results == ("call for fire \u22121",)
    assert warroom.odds(cff, visibility="night_poor", target="spotted").results == ("call for fire 0",)
    assert warroom.odds(cff, visibility="night_good", target="predesignated").results == ("call for fire 0",)
    assert warroom.odds(cff, visibility="day", target="suspected").results == ("call for fire 0",)


@RULE("000", "Night Rules - Good Visibility")
def test_flares() -> None:
    flare = "bfwwii-house/flare"
    assert warroom.odds(flare, visibility="night_good").results == (
        "small IDF template, until the end of this player turn",)
    assert warroom.odds(flare, visibility="night_good", fired_as="indirect", weapon_template="large").results == (
        "twice the weapon's large IDF template, until your next indirect fire phase",)
    with pytest.raises(UsageError, match="part of the Night Rules"):
        warroom.odds(flare, visibility="dawn_dusk")
    with pytest.raises(UsageError, match="only commanders and weapons capable of indirect fire"):
        warroom.odds(flare, visibility="night_good", firer="other")
    with pytest.raises(UsageError, match="only by elements capable of indirect fire"):
        warroom.odds(flare, visibility="night_good", firer="commander", fired_as="indirect")
    with pytest.raises(UsageError, match="SPOTTED or SUSPECTED"):
        warroom.odds(flare, visibility="night_good", aimed_at="terrain_feature")
    with pytest.raises(UsageError, match="no flare rounds left"):
        warroom.odds(flare, visibility="night_good", rounds_left=0)
