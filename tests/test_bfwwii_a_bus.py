"""Seed 000 "Multi-Level BUS", "Destroying BUS and Rubble" and "Lanes, Streets & Roads & Rubble", against
numbers worked out by hand; and the readings the first-half procedures cite."""

import re
from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule


def _only(procedure: str, **params: object) -> str:
    odds = warroom.odds(procedure, params)
    (row,) = [r for r in odds.results if odds[r] == 1]
    return row


# --- multi-level BUS --------------------------------------------------------------------------------

LEVEL = "bfwwii-house/bus-level"


@RULE("000", "Multi-Level BUS")
def test_levels_by_floors_and_height() -> None:
    # ground and first floor: Level 0; 2nd-4th floor: 1; 5th-7th: 2; every 3 floors more
    for floor, level in ((0, 0), (1, 0), (2, 1), (4, 1), (5, 2), (7, 2), (8, 3)):
        assert _only(LEVEL, top_floor=floor) == f"Level {level} BUS"
    # under 45 ft: 0; up to 90 ft: 1; up to 135 ft: 2; every 45 ft more
    for feet, level in ((44, 0), (45, 1), (90, 1), (91, 2), (135, 2), (136, 3)):
        assert _only(LEVEL, height_ft=feet) == f"Level {level} BUS"
    # the Eusebius church tower "tall enough to count as level 3"
    odds = warroom.odds(LEVEL, height_ft=150, kind="tower")
    assert odds.results == ("Level 3 BUS",) and any("Level 4 obstruction" in s for s in odds.steps)
    with pytest.raises(UsageError, match="give top_floor"):
        warroom.odds(LEVEL)
    with pytest.raises(UsageError, match="a tower is a tall structure"):
        warroom.odds(LEVEL, top_floor=1, kind="tower")


MOVE = "bfwwii-house/bus-move"


@RULE("000", "Multi-Level BUS")
def test_moving_between_multi_level_bus() -> None:
    assert _only(MOVE, from_level=1, to_level=1, from_kind="continuous", to_kind="continuous") == "permitted"
    assert _only(MOVE, from_level=1, to_level=1, from_kind="continuous", to_kind="continuous",
                 share_side=False) == "only by leaving and re-entering via Level 0"
    assert _only(MOVE, from_level=2, to_level=1, from_kind="continuous", to_kind="continuous") == \
        "only by leaving and re-entering via Level 0"
    assert _only(MOVE, from_level=1, to_level=1, from_kind="block", to_kind="block") == \
        "only by leaving and re-entering via Level 0"
    assert _only(MOVE, from_level=3, to_level=1, from_kind="tower", to_kind="continuous") == \
        "only by leaving and re-entering via Level 0"
    # occupying from ground level: move in, select the level, align, cease movement
    assert _only(MOVE, from_level=0, to_level=2) == "permitted"
    # through friendly elements within the BUS; never through the enemy
    assert _only(MOVE, from_level=0, to_level=2, from_kind="block", to_kind="block", same_bus=True,
                 share_side=False) == "permitted"
    assert _only(MOVE, from_level=0, to_level=1, enemy_occupied=True) == "not permitted"
    # upper levels: troops only unless the scenario permits
    assert _only(MOVE, from_level=0, to_level=1, unit="gun") == "not permitted"
    assert _only(MOVE, from_level=0, to_level=1, unit="gun", scenario_permits=True) == "permitted"
    with pytest.raises(UsageError, match="one BUS"):
        warroom.odds(MOVE, same_bus=True, from_kind="block", to_kind="tower")


CLOSE = "bfwwii-house/bus-close-combat"


@RULE("000", "Multi-Level BUS")
def test_the_seeds_close_combat_example() -> None:
    # A (Level 1) above B held by A's friends: only Y (adjacent continuous, same level), not W (block), not X/Z
    assert _only(CLOSE, target_level=1, attacker_at="adjacent_same_level", sector_below="defender") == \
        "may declare close combat"
    assert _only(CLOSE, target_level=1, attacker_at="adjacent_same_level", attacker_kind="block",
                 sector_below="defender") == "may not declare close combat"
    assert _only(CLOSE, target_level=1, attacker_at="within_1in_below", sector_below="defender") == \
        "may not declare close combat"
    # B vacant or hostile: A is perilous, X and Z within 1" of B may attack A; W still may not
    assert _only(CLOSE, target_level=1, attacker_at="within_1in_below", sector_below="vacant") == \
        "may declare close combat"
    assert _only(CLOSE, target_level=1, attacker_at="within_1in_below", sector_below="attacker_side") == \
        "may declare close combat"
    assert _only(CLOSE, target_level=1, attacker_at="adjacent_same_level", attacker_kind="block",
                 sector_below="vacant") == "may not declare close combat"
    # B itself: from within 1" of its aiming points, from X and Z, or from A if the enemy holds it
    for at in ("within_1in_below", "adjacent_same_level", "sector_above"):
        assert _only(CLOSE, target_level=0, attacker_at=at) == "may declare close combat"
    # X and Z must at least SUSPECT the occupants of A; the attacker must be able to occupy
    assert _only(CLOSE, target_level=1, sector_below="vacant", suspects=False) == "may not declare close combat"
    assert _only(CLOSE, target_level=1, sector_below="vacant", can_occupy=False) == "may not declare close combat"
    with pytest.raises(UsageError, match="no sector below"):
        warroom.odds(CLOSE, target_level=0, attacker_at="sector_below")


@RULE("000", "Multi-Level BUS")
def test_spotting_over_and_between_bus() -> None:
    over = "bfwwii-house/bus-spot-over"
    # the seed's cases: Level 0 cannot see through BUS; Level 1 not over Level 0; Level 2 over Level 0 (BF-38)
    assert _only(over, spotter_level=0, intervening_level=0) == "line of sight blocked"
    assert _only(over, spotter_level=1, intervening_level=0) == "line of sight blocked"
    assert _only(over, spotter_level=2, intervening_level=0) == "can see over"
    assert _only(over, spotter_level=2, intervening_level=1) == "line of sight blocked"
    between = "bfwwii-house/bus-spot-between"
    assert _only(between) == "may spot"
    assert _only(between, direction="diagonal") == "may not spot"
    assert _only(between, direction="diagonal", target_lower=True) == "may not spot"
    assert _only(between, direction="diagonal", target_lower=True, same_level_adjacent=False) == "may spot"
    assert _only(between, adjacent=False) == "may not spot"


@RULE("000", "Multi-Level BUS")
def test_the_seeds_spotting_between_bus_example() -> None:
    # The seed's diagram is missing (IMG); its text: "A can spot into Y, C and B but not into Z or D".
    between = "bfwwii-house/bus-spot-between"
    # Y beside A at the same level, C above or beside it, B below it: one sector up, down, left or right
    for _sector in ("Y", "C", "B"):
        assert _only(between, direction="orthogonal") == "may spot"
    # Z and D lie diagonally from A; A has an adjacent BUS at its own level (Y), so no diagonal spotting
    for _sector in ("Z", "D"):
        assert _only(between, direction="diagonal", target_lower=True, same_level_adjacent=True) == "may not spot"


# --- destroying BUS ---------------------------------------------------------------------------------

IDF = "bfwwii-house/idf-vs-bus"
BOMB = "bfwwii-house/bus-bombardment"


@RULE("000", "Destroying BUS and Rubble")
def test_idf_against_a_bus() -> None:
    # stone, all 4 aim points under the template, factor 0, Level 0: 8-10, 3/10
    assert warroom.odds(IDF)["an aim point turns to rubble"] == F(3, 10)
    # Level 2: +2, 6-10
    assert warroom.odds(IDF, bus_level=2)["an aim point turns to rubble"] == F(5, 10)
    # factor +2, 1 aim point outside the template -1 (BF-2): +1, 7-10; wooden with 1 rubbled already: collapses
    odds = warroom.odds(IDF, idf_factor=2, under_template=3, material="wooden", rubbled=1)
    assert odds["the BUS collapses into rubble"] == F(4, 10) and odds["no effect"] == F(6, 10)
    # a Level 1 stone BUS with 3 rubbled: the 4th brings the top level down (BF-36), +1 level: 7-10
    assert warroom.odds(IDF, bus_level=1, rubbled=3)["the top level collapses"] == F(4, 10)
    # continuous stone BUS collapses at 3 (BF-35)
    assert warroom.odds(IDF, bus_kind="continuous", bus_level=0, rubbled=2)["the BUS collapses into rubble"] == F(
        3, 10)
    # every aim point under the template already rubble: nothing left to hit
    assert warroom.odds(IDF, under_template=2, rubbled=2)["no effect"] == 1
    # 1 of the 3 rubbled is outside a 3-aim-point template: 1 unaffected under it still (+0 -1: 9-10)
    assert warroom.odds(IDF, under_template=3, rubbled=3, rubbled_outside=1)["the BUS collapses into rubble"] == F(
        2, 10)


@RULE("000", "Destroying BUS and Rubble")
def test_idf_against_a_bus_leaves_its_state() -> None:
    for seed in range(10):
        ruling = warroom.roll(IDF, rubbled=1, seed=seed)
        if ruling.result == "an aim point turns to rubble":
            assert ruling.after == {"rubbled": 2}
            assert any("strip of rubble" in s for s in ruling.steps)
        else:
            assert ruling.result == "no effect" and ruling.after == {}
    with pytest.raises(UsageError, match="collapsed at 2"):
        warroom.odds(IDF, material="wooden", rubbled=2)
    with pytest.raises(UsageError, match="cannot be more"):
        warroom.odds(IDF, rubbled=1, rubbled_outside=2)
    with pytest.raises(UsageError, match="give rubbled_outside"):
        warroom.odds(IDF, under_template=2, rubbled=3)


@RULE("000", "Destroying BUS and Rubble")
def test_turns_of_bombardment() -> None:
    # wooden (2 aim points to collapse), factor +2, all under: 6-10, 1/2 a turn.
    # collapse on turn t: (t-1) (1/2)^t: 1/4, 2/8, 3/16, 4/32; standing after 5: 1 - 13/16 = 3/16
    odds = warroom.odds(BOMB, idf_factor=2, material="wooden", turns=5)
    assert [odds[r] for r in odds.results] == [F(1, 4), F(1, 4), F(3, 16), F(1, 8), F(3, 16)]
    # a Level 2 stone tower: its top (2 aim points, +2: 6-10, 1/2) then its ground level (2 aim points,
    # 8-10, 3/10) (BF-35, BF-36): the soonest is turn 4, (1/2)^2 (3/10)^2 = 9/400
    tower = warroom.odds(BOMB, material="stone", bus_kind="tower", bus_level=2, turns=6)
    assert tower["collapses on turn 4"] == F(9, 400)
    with pytest.raises(UsageError, match="it can never collapse"):
        warroom.odds(BOMB, under_template=3, material="stone")


@RULE("000", "Destroying BUS and Rubble")
def test_direct_fire_rubbles_an_aim_point() -> None:
    # tactical factor 4 at troops in a wooden BUS, stand-in table (BF-1): modified 5-14
    # no effect on a 1; suppressed 2-3; disordered 4-5; KO 6 (10); KO with 11+ (faces 7-10) rubbles: 4/10
    odds = warroom.odds("bfwwii-house/df-vs-bus", tactical_factor=4, material="wooden")
    assert odds.as_dict() == {"no effect": F(1, 10), "suppressed": F(2, 10), "disordered": F(2, 10),
                              "knocked out": F(1, 10), "knocked out, the aim point turns to rubble": F(4, 10)}
    # stone needs 12+: faces 8-10
    stone = warroom.odds("bfwwii-house/df-vs-bus", tactical_factor=4, material="stone")
    assert stone["knocked out, the aim point turns to rubble"] == F(3, 10) and stone["knocked out"] == F(2, 10)
    # the BUS fired at for itself (BF-37)
    bus = warroom.odds("bfwwii-house/df-vs-bus", tactical_factor=4, material="stone", target="bus")
    assert bus.as_dict() == {"no effect": F(7, 10), "the aim point turns to rubble": F(3, 10)}


@RULE("000", "Destroying BUS and Rubble")
def test_troops_in_a_collapsing_bus() -> None:
    collapsed = "bfwwii-house/collapsed-bus"
    # stand-in bail-out check (BF-1): d10, 4 or less KO, 5-7 disordered, 8+ good order.
    # suppressed +2: KO on 1-2, disordered 3-5, good order 6-10
    assert warroom.odds(collapsed, state="suppressed").as_dict() == {
        "knocked out": F(2, 10), "bails out disordered": F(3, 10), "bails out in good order": F(5, 10)}
    # good order +3: KO on a 1, disordered 2-4; disordered +1: KO on 1-3
    assert warroom.odds(collapsed)["knocked out"] == F(1, 10)
    assert warroom.odds(collapsed, state="disordered")["knocked out"] == F(3, 10)
    # guns are destroyed
    assert warroom.odds(collapsed, occupant="gun").as_dict() == {"gun destroyed": 1}


# --- streets and roads ------------------------------------------------------------------------------

STREET = "bfwwii-house/street-movement"


@RULE("000", "Lanes, Streets & Roads & Rubble")
def test_streets_and_roads() -> None:
    assert _only(STREET) == "street: troops full speed; a defile"
    assert _only(STREET, unit="vehicle") == "street: vehicles half speed; a defile"
    assert _only(STREET, unit="vehicle", rubble_strips=1).endswith("vehicles half speed and a bog-down check; a defile")
    assert "troops full speed (unaffected)" in _only(STREET, rubble_strips=1)
    assert _only(STREET, rubble_strips=2).startswith("blocked: treated as rubble")
    # a narrow street is partially blocked already (BF-39); one strip more blocks it
    assert _only(STREET, way="narrow_street", unit="vehicle").endswith("a bog-down check; a defile")
    assert _only(STREET, way="narrow_street", rubble_strips=1).startswith("blocked")
    # roads: paved, full speed, never double through BUS, not a defile; 1 strip a street, 2 rubble
    assert _only(STREET, way="road", unit="vehicle") == \
        "road through a BUA: vehicles full speed (paved), never double speed through BUS"
    assert _only(STREET, way="road", unit="vehicle", rubble_strips=1) == "street: vehicles half speed; a defile"
    assert _only(STREET, way="road", rubble_strips=2).startswith("blocked")
    with pytest.raises(UsageError, match="lanes are not represented"):
        warroom.odds(STREET, way="lane")


@RULE("000", "Lanes, Streets & Roads & Rubble")
@RULE("000", "Night Rules - Poor Visibility")
@RULE("000", "Dawn / Dusk Rules or Day Poor Visibility")
def test_bog_down_check_by_light() -> None:
    bog = "bfwwii-house/bog-down-check"
    # stand-in (BF-1): d10, bogged down on 2 or less
    assert warroom.odds(bog)["bogged down"] == F(2, 10)
    # night, poor visibility -2: 1-4
    assert warroom.odds(bog, visibility="night_poor")["bogged down"] == F(4, 10)
    # night, good visibility -1 and dawn -1: 1-3
    assert warroom.odds(bog, visibility="night_good")["bogged down"] == F(3, 10)
    assert warroom.odds(bog, visibility="dawn_dusk")["bogged down"] == F(3, 10)
    # rubble (stand-in -1) at night in poor visibility: -3, 1-5
    assert warroom.odds(bog, terrain="rubble", visibility="night_poor")["bogged down"] == F(5, 10)


# --- readings -------------------------------------------------------------------------------------------


def test_every_reading_the_first_half_cites_is_in_its_rulings_file() -> None:
    text = (Path(__file__).parents[1] / "docs" / "rulings.md").read_text()
    every = re.findall(r"^\| (BF-\d+) \|", text, flags=re.M)
    assert len(every) == len(set(every))
    # The first half's table: the ids run BF-1 ... BF-41, then later readings take the next free ids.
    first_half = text.split("## Battlefront: WWII house rules, sections 1–13")[1].split("\n## ")[0]
    ids = re.findall(r"^\| (BF-\d+) \|", first_half, flags=re.M)
    cited = set()
    for spec in warroom.procedures("bfwwii-house"):
        if not spec.run.__module__.rsplit(".", 1)[-1].startswith("a_"):
            continue
        assert (spec.run.__doc__ or "").startswith("Seed 000"), spec.id
        for reading in spec.rule.readings:
            assert reading in ids, f"{spec.id} cites {reading}, missing from docs/rulings.md"
            cited.add(reading)
    assert all(1 <= int(i[3:]) <= 49 or int(i[3:]) >= 89 for i in ids)
    assert cited == set(ids), set(ids) - cited
