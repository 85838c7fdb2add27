"""Seed 000 "Minefield Rules", "Laying Mines" and "Clearing Mines", against numbers worked out by hand.

The mine passage chart is the base game's; most tests give their own chart ([mine_passage]) so the
arithmetic is written here: KO on a modified 2 or less, disordered 3-4, halted 5-6, traverse 7+.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
P = "bfwwii-house/"

CHART = """
[mine_passage]
die_sides = 10
knocked_out_at_most = 2
disordered_at_most = 4
halted_at_most = 6
"""


@pytest.fixture
def chart(tmp_path: Path) -> Path:
    path = tmp_path / "chart.toml"
    path.write_text(CHART)
    return path


def passage(chart: Path, **params: object) -> dict[str, F]:
    return warroom.odds(P + "minefield-traverse", params, base_tables=chart).as_dict()


@RULE("000", "Minefield Rules")
def test_a_plain_field_reads_the_chart(chart: Path) -> None:
    # Mixed, normal, buried, troops, dr 0: no modifier. KO d10 1-2, disordered 3-4, halted 5-6, traverse 7-10.
    assert passage(chart) == {"traverses": F(4, 10), "halted": F(2, 10), "disordered": F(2, 10),
                              "knocked out": F(2, 10)}


@RULE("000", "Minefield Rules")
def test_the_new_modifiers_add_up(chart: Path) -> None:
    # Dense AP field, troops, combat engineer +2, dense -1, dr +1: +2.
    # Traverse on d10 >= 5: 6/10; KO on a modified 2 or less: none.
    odds = passage(chart, field="ap", density="dense", engineer=True, dr=1)
    assert odds == {"traverses": F(6, 10), "halted": F(2, 10), "disordered": F(2, 10), "knocked out": 0}
    # Scattered +1, surface-laid +1, rapid advance -1: +1 -> traverse d10 >= 6: 5/10; KO d10 = 1.
    odds = passage(chart, field="ap", density="scattered", laid="surface", rapid_advance=True)
    assert odds["traverses"] == F(5, 10) and odds["knocked out"] == F(1, 10)
    # Following a marked lane +2: traverse d10 >= 5.
    assert passage(chart, following_lane=True)["traverses"] == F(6, 10)


@RULE("000", "Minefield Rules")
def test_tracked_vehicles_in_ap_fields_and_troops_in_at_fields(chart: Path) -> None:
    # Tracked vehicle moving through an AP minefield +1: traverse d10 >= 6.
    assert passage(chart, field="ap", mover="tracked")["traverses"] == F(5, 10)
    assert passage(chart, field="ap", mover="wheeled")["traverses"] == F(4, 10)
    # Only vehicles roll for AT fields (BF-56).
    assert passage(chart, field="at", mover="troops") == {"no roll: only vehicles roll for an AT field": 1}
    assert passage(chart, field="at", mover="wheeled")["knocked out"] == F(2, 10)


@RULE("000", "Minefield Rules")
def test_a_mixed_field_has_a_density_for_each_mover(chart: Path) -> None:
    # AT scattered (+1) for vehicles, AP normal (0) for troops (BF-55); the tracked +1 is for pure AP fields.
    assert passage(chart, at_density="scattered", mover="tracked")["traverses"] == F(5, 10)
    assert passage(chart, at_density="scattered", mover="troops")["traverses"] == F(4, 10)
    assert passage(chart, ap_density="scattered", mover="troops")["traverses"] == F(5, 10)


@RULE("000", "Minefield Rules")
def test_a_mixed_field_denser_than_normal_is_refused() -> None:
    for key in ("at_density", "ap_density"):
        with pytest.raises(UsageError, match="neither the AT nor the AP mines may be denser than Normal"):
            warroom.odds(P + "minefield-traverse", {key: "dense"})
    with pytest.raises(UsageError, match="gives its AT and AP densities separately"):
        warroom.odds(P + "minefield-traverse", field="mixed", density="scattered")
    with pytest.raises(UsageError, match="for a mixed field"):
        warroom.odds(P + "minefield-traverse", field="ap", at_density="scattered")


@RULE("000", "Clearing Mines")
def test_marking_a_lane(chart: Path) -> None:
    # A breach action and a traverse marks a lane; combat engineers +2 (BF-60): traverse on d10 >= 5.
    odds = passage(chart, marking_lane=True, engineer=True)
    assert odds["traverses and marks a lane"] == F(6, 10)
    with pytest.raises(UsageError, match="breach action, not a rapid advance"):
        warroom.odds(P + "minefield-traverse", marking_lane=True, rapid_advance=True)
    with pytest.raises(UsageError, match="combat engineer stand"):
        warroom.odds(P + "minefield-traverse", engineer=True, mover="tracked")


@RULE("000", "Laying Mines")
def test_a_dummy_field(chart: Path) -> None:
    # Treated as surface-laid (+1), normal density: traverse d10 >= 6 -> 5/10; anything else reveals it (BF-57).
    assert passage(chart, field="dummy") == {"traverses": F(5, 10), "dummy revealed and removed": F(5, 10)}
    # Umpire's secret rolls: always traversed.
    assert passage(chart, field="dummy", secret_rolls=True) == {"traverses": 1}
    with pytest.raises(UsageError, match="dummy fields"):
        warroom.odds(P + "minefield-traverse", secret_rolls=True)


@RULE("000", "Minefield Rules")
def test_the_stand_in_chart_says_so() -> None:
    # warroom's stand-in: KO 1 or less, disordered 2-3, halted 4-5, traverse 6+ (BF-54).
    odds = warroom.odds(P + "minefield-traverse")
    assert odds.as_dict() == {"traverses": F(5, 10), "halted": F(2, 10), "disordered": F(2, 10),
                              "knocked out": F(1, 10)}
    assert any("STAND-IN" in s and "[mine_passage]" in s for s in odds.steps)


@RULE("000", "Laying Mines")
def test_spotting_mines() -> None:
    assert warroom.odds(P + "spot-minefield", laid="buried").as_dict()[
        "cannot be spotted: a buried field is found only when something blows up"] == 1
    assert warroom.odds(P + "spot-minefield", laid="surface", ground="open")[
        "spotted as dug-in troops on the edge of dense cover"] == 1
    assert warroom.odds(P + "spot-minefield", laid="surface", ground="other")[
        "spotted as dug-in troops deep in dense cover"] == 1


# --- laying ---------------------------------------------------------------------------------------------


@RULE("000", "Laying Mines")
def test_the_seeds_worked_example_nine_five_three_turns() -> None:
    # "if one engineer stand were to lay a minefield, it would be completed at the earliest in 9 turns.
    #  Two stands could get it done in 5 turns, and 3 stands in 3 turns": 9 actions, ceil(9/n).
    for stands, turns in ((1, 9), (2, 5), (3, 3)):
        for field in ("at", "ap"):
            assert warroom.odds(P + "lay-minefield", field=field, stands=stands).as_dict() == {
                f"laid in {turns} turns": 1}


@RULE("000", "Laying Mines")
def test_a_dummy_takes_five_actions_and_a_mixed_field_two_fields() -> None:
    # Dummy: 5 actions -> 5, 3, 2 turns. Mixed: 9 + 9 one after the other (BF-58) -> 18, 5+5, 3+3.
    for stands, dummy, mixed in ((1, 5, 18), (2, 3, 10), (3, 2, 6)):
        assert warroom.odds(P + "lay-minefield", field="dummy", stands=stands).as_dict() == {
            f"laid in {dummy} turns": 1}
        assert warroom.odds(P + "lay-minefield", field="mixed", stands=stands, mine_loads=2).as_dict() == {
            f"laid in {mixed} turns": 1}


@RULE("000", "Laying Mines")
def test_laying_with_an_available_action_check() -> None:
    # Stand-in check (BF-52): no action on a modified 2 or less -> p = 8/10 per stand per turn.
    p, q = F(4, 5), F(1, 5)
    three = warroom.odds(P + "lay-minefield", field="at", stands=3, manoeuvre_roll=True)
    assert three["laid in 3 turns"] == p**9  # all nine stand-turns act
    assert "laid in 2 turns" not in three.results  # never sooner than the seed's 3
    two = warroom.odds(P + "lay-minefield", field="at", stands=2, manoeuvre_roll=True)
    # 5 turns = 10 stand-turns; done at turn 5 iff 9 or 10 of them act (8 at most in 4 turns).
    assert two["laid in 5 turns"] == p**10 + 10 * p**9 * q
    assert sum(two.as_dict().values()) == 1
    one = warroom.odds(P + "lay-minefield", field="at", stands=1, manoeuvre_roll=True, within=10)
    # One stand: 9 actions by turn 10 -> negative binomial: P(9) = p^9, P(10) = 9 p^9 q.
    assert one["laid in 9 turns"] == p**9 and one["laid in 10 turns"] == 9 * p**9 * q
    assert one["not laid within 10 turns"] == 1 - p**9 - 9 * p**9 * q


@RULE("000", "Laying Mines")
def test_laying_restrictions() -> None:
    with pytest.raises(UsageError, match="up to 3 engineer stands"):
        warroom.odds(P + "lay-minefield", field="at", stands=4)
    with pytest.raises(UsageError, match="only surface minefields may be laid during a game"):
        warroom.odds(P + "lay-minefield", field="at", laid="buried")
    with pytest.raises(UsageError, match="only scattered minefields may be laid"):
        warroom.odds(P + "lay-minefield", field="at", density="normal")
    with pytest.raises(UsageError, match="marshy ground"):
        warroom.odds(P + "lay-minefield", field="ap", ground="marsh")
    with pytest.raises(UsageError, match="usually carries 1, for one scattered field of one type"):
        warroom.odds(P + "lay-minefield", field="mixed")
    with pytest.raises(UsageError, match="takes 9 engineering actions"):
        warroom.odds(P + "lay-minefield", field="at", actions_done=9)
    # Four actions already in, two stands: 5 left -> 3 turns.
    assert warroom.odds(P + "lay-minefield", field="at", stands=2, actions_done=4).as_dict() == {
        "laid in 3 turns": 1}


# --- clearing -------------------------------------------------------------------------------------------


@RULE("000", "Clearing Mines")
def test_a_flail_clears_unless_knocked_out(chart: Path) -> None:
    # AT field, dense (-1), tracked, no AP bonus: KO on d10 - 1 <= 2 -> d10 1-3.
    odds = warroom.odds(P + "flail", field="at", density="dense", base_tables=chart)
    assert odds.as_dict() == {"traverses: lane cleared": F(7, 10), "flail damaged: halts disordered, no lane": F(3, 10)}
    # AP field: tracked +1 -> KO on d10 = 1.
    assert warroom.odds(P + "flail", field="ap", base_tables=chart)["traverses: lane cleared"] == F(9, 10)
    with pytest.raises(UsageError, match="damaged flail cannot be used"):
        warroom.odds(P + "flail", flail_damaged=True)


@RULE("000", "Clearing Mines")
def test_artillery_thins_a_field() -> None:
    # IDF factor 3, dug-in troops -1 (Improved Position Clarifications, IDF Non-BUS): +2.
    # Stand-in fire table (BF-63), troops column: KO on a modified 10+ -> d10 8-10: 3/10.
    odds = warroom.odds(P + "artillery-on-minefield", field="at", density="dense", idf_factor=3)
    assert odds.as_dict() == {"no effect": F(7, 10), "density reduced to normal": F(3, 10)}
    scattered = warroom.odds(P + "artillery-on-minefield", field="ap", density="scattered", idf_factor=3)
    assert scattered["knocked out, but the field is already scattered: no change"] == F(3, 10)
    mixed = warroom.odds(P + "artillery-on-minefield", field="mixed", idf_factor=3)
    assert mixed["density reduced: AT scattered, AP scattered"] == F(3, 10)


@RULE("000", "Clearing Mines")
def test_a_played_artillery_ko_leaves_the_new_density() -> None:
    for seed in range(40):
        ruling = warroom.roll(P + "artillery-on-minefield", field="mixed", at_density="normal",
                              ap_density="scattered", idf_factor=3, seed=seed)
        if ruling.result != "no effect":
            assert int(ruling.dice[0].faces[0]) >= 8
            assert ruling.after == {"at_density": "scattered", "ap_density": "scattered"}
            return
    raise AssertionError("no knocked-out result in 40 seeds")


@RULE("000", "Laying Mines")
def test_a_played_laying_counts_the_actions_turn_by_turn() -> None:
    # Each turn shows how many of the stands had an action; the field is laid the turn the total reaches 5.
    for seed in range(10):
        ruling = warroom.roll(P + "lay-minefield", field="dummy", stands=2, manoeuvre_roll=True, seed=seed)
        acted = [int(d.value) for d in ruling.dice]
        assert sum(acted) >= 5 and sum(acted[:-1]) < 5
        assert ruling.result == f"laid in {len(acted)} turns"
