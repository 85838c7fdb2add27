"""Bunkers and Fortifications (seed 001): gapping obstacles, barbed wire, anti-tank obstacles
and demolition carriers, against numbers worked out by hand (Skill Tests Conscript 5+,
Trained 4+, Veteran 3+, warroom's stand-in)."""

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


# --- Gapping Obstacles ---------------------------------------------------------------------


@RULE("001", "Gapping Obstacles (P225)")
def test_non_pioneers_reroll_successes() -> None:
    # Trained, 4+: a non-Pioneer team gaps only if it passes twice, 1/4; two teams 1 - (3/4)^2.
    assert odds("gap-obstacle", obstacle="barbed_wire", team="infantry", teams=2) == {
        "gapped": F(7, 16), "not gapped": F(9, 16),
    }
    assert odds("gap-obstacle", obstacle="minefield", team="pioneer", skill="conscript")["gapped"] == F(1, 3)


@RULE("001", "Gapping Obstacles (P225)")
def test_pioneer_supply_rerolls_failures() -> None:
    # Trained Pioneers with supply: 1 - (1/2)^2 = 3/4; Veteran: 1 - (1/3)^2 = 8/9.
    assert odds("gap-obstacle", obstacle="street_barricade", pioneer_supply=True)["gapped"] == F(3, 4)
    assert odds("gap-obstacle", obstacle="barbed_wire", skill="veteran", pioneer_supply=True)["gapped"] == F(8, 9)


@RULE("001", "Gapping Obstacles (P225)")
def test_played_gapping_shows_the_rerolls() -> None:
    for seed in range(8):
        ruling = warroom.roll(B + "gap-obstacle", obstacle="barbed_wire", team="infantry", teams=3, seed=seed)
        first = sum(f >= 4 for f in faces(ruling.dice[0]))
        second = sum(f >= 4 for f in faces(ruling.dice[1])) if first else 0
        assert len(ruling.dice) == (2 if first else 1)
        assert ruling.result == ("gapped" if second else "not gapped")


@RULE("001", "Anti-tank Obstacles (P231)")
def test_bulldozers_gap_with_one_skill_test() -> None:
    for obstacle in ("anti_tank", "rough_terrain", "barbed_wire", "street_barricade"):
        assert odds("gap-obstacle", obstacle=obstacle, team="bulldozer")["gapped"] == F(1, 2)


@RULE("001", "Gapping Obstacles (P225)")
def test_who_may_not_gap() -> None:
    base = {"obstacle": "barbed_wire"}
    for bad, why in (
        ({"square_against": False}, "up square against the obstacle"),
        ({"pinned": True}, "Pinned Down team cannot gap"),
        ({"moved": True}, "moved in the Movement Step cannot gap"),
        ({"gone_to_ground": True}, "cannot be Gone to Ground"),
        ({"shot": True}, "instead of shooting"),
        ({"team": "bulldozer", "pioneer_supply": True}, "do not give Bulldozers a re-roll"),
        ({"team": "infantry", "pioneer_supply": True}, "does not say how the two combine"),
        ({"obstacle": "minefield", "team": "bulldozer"}, "not minefields"),
        ({"obstacle": "rough_terrain"}, "only Bulldozers clear a path through rough terrain"),
        ({"obstacle": "anti_tank"}, "six successful Skill Tests"),
    ):
        with pytest.raises(UsageError, match=why):
            warroom.odds(B + "gap-obstacle", {**base, **bad})


# --- Anti-tank Obstacles: six successes ------------------------------------------------------


@RULE("001", "Anti-tank Obstacles (P231)")
def test_one_turn_on_an_anti_tank_obstacle_counts_toward_six() -> None:
    # Two Trained Pioneers, 3 so far: Bin(2, 1/2) more.
    assert odds("gap-anti-tank-obstacle", teams=2, successes_so_far=3) == {
        "gapped": 0, "3 of 6 successes": F(1, 4), "4 of 6 successes": F(1, 2), "5 of 6 successes": F(1, 4),
    }
    assert odds("gap-anti-tank-obstacle", teams=2, successes_so_far=5) == {"gapped": F(3, 4),
                                                                          "5 of 6 successes": F(1, 4)}
    # The count is carried to the next turn.
    ruling = warroom.roll(B + "gap-anti-tank-obstacle", teams=2, successes_so_far=3, seed=1)
    gained = sum(f >= 4 for f in faces(ruling.dice[0]))
    assert ruling.after == {"successes_so_far": 3 + gained}
    assert odds("gap-anti-tank-obstacle", team="bulldozer") == {"gapped": F(1, 2), "not gapped": F(1, 2)}
    with pytest.raises(UsageError, match="already gone"):
        warroom.odds(B + "gap-anti-tank-obstacle", successes_so_far=6)
    # A Bulldozer removes it after one success: one already made, it is gone.
    with pytest.raises(UsageError, match="1 success gap the obstacle for team=bulldozer"):
        warroom.odds(B + "gap-anti-tank-obstacle", team="bulldozer", successes_so_far=1)


@RULE("001", "Anti-tank Obstacles (P231)")
def test_turns_to_gap_an_anti_tank_obstacle() -> None:
    # Three Trained Pioneers with Pioneer Supply: each passes with 1/2 + 1/2 * 1/2 = 3/4, so a
    # turn brings Bin(3, 3/4) successes. Six need two turns at least:
    # turn 2: 3 and 3, (27/64)^2; by turn 3: Bin(9, 3/4) >= 6 =
    # (84 * 3^6 + 36 * 3^7 + 9 * 3^8 + 3^9) / 4^9 = 218700/262144.
    got = odds("gap-anti-tank-obstacle-turns", teams=3, pioneer_supply=True)
    assert got["gapped in turn 1"] == 0
    assert got["gapped in turn 2"] == F(27, 64) ** 2
    assert got["gapped in turn 3"] == F(218700, 262144) - F(27, 64) ** 2
    assert sum(got.values()) == 1
    last = list(got)[-1]
    assert last.startswith("not gapped within") and got[last] < F(1, 10**6)


@RULE("001", "Anti-tank Obstacles (P231)")
def test_a_bulldozer_takes_a_geometric_number_of_turns() -> None:
    # One Trained Bulldozer, one success needed: turn n with (1/2)^n; listed until the rest is under
    # one in a million: 2^-20 < 10^-6 < 2^-19.
    got = odds("gap-anti-tank-obstacle-turns", team="bulldozer")
    assert [got[f"gapped in turn {n}"] for n in range(1, 21)] == [F(1, 2**n) for n in range(1, 21)]
    assert got["not gapped within 20 turns"] == F(1, 2**20)
    assert len(got) == 21


@RULE("001", "Anti-tank Obstacles (P231)")
def test_a_played_multi_turn_gapping_reads_turn_by_turn() -> None:
    ruling = warroom.roll(B + "gap-anti-tank-obstacle-turns", team="infantry", teams=3, seed=4)
    turns = int(ruling.result.rsplit(" ", 1)[1])
    assert f"turn {turns}:" in str(ruling) and f"turn {turns + 1}:" not in str(ruling)
    total = 0
    for n in range(1, turns + 1):
        first = next(d for d in ruling.dice if d.label == f"turn {n}, skill tests to gap")
        again = [d for d in ruling.dice if d.label == f"turn {n}, re-rolled successes"]
        assert len(again) == (1 if any(f >= 4 for f in faces(first)) else 0)
        total += sum(f >= 4 for f in faces(again[0])) if again else 0
    assert total >= 6


@RULE("001", "Anti-tank Obstacles (P231)")
def test_crossing_and_sheltering_behind_an_anti_tank_obstacle() -> None:
    assert odds("anti-tank-obstacle", team="man_packed_gun")["crosses"] == 1
    assert odds("anti-tank-obstacle", team="infantry", action="behind")["concealed and in bullet-proof cover"] == 1
    assert odds("anti-tank-obstacle", team="vehicle", action="behind")["no concealment or cover from the obstacle"] == 1
    with pytest.raises(UsageError, match="only infantry and man-packed gun teams can cross an Anti-tank Obstacle"):
        warroom.odds(B + "anti-tank-obstacle", team="vehicle")


# --- Barbed Wire Entanglements -------------------------------------------------------------


@RULE("001", "Barbed Wire Entanglements (P227)")
def test_crossing_barbed_wire() -> None:
    assert odds("cross-barbed-wire", team="infantry") == {"crosses": F(1, 2), "fails to cross this turn": F(1, 2)}
    # Conscript Pioneers re-roll a failure: 1 - (2/3)^2.
    assert odds("cross-barbed-wire", team="pioneer", skill="conscript")["crosses"] == F(5, 9)
    # Slow Going to fully-tracked vehicles (no bogging check, stand-in); Very Difficult Going to
    # half-tracks: a Skill Test (Veteran 3+) to avoid bogging down.
    assert odds("cross-barbed-wire", team="fully_tracked") == {"crosses": 1, "bogged down": 0}
    assert odds("cross-barbed-wire", team="half_tracked", skill="veteran") == {"crosses": F(2, 3),
                                                                              "bogged down": F(1, 3)}
    assert odds("cross-barbed-wire", team="train") == {"crosses": 1}  # FB-14
    with pytest.raises(UsageError, match="other teams cannot"):
        warroom.odds(B + "cross-barbed-wire", team="wheeled")


@RULE("001", "Barbed Wire Entanglements (P227)")
def test_bulldozers_gap_barbed_wire_like_pioneers() -> None:
    assert odds("gap-obstacle", obstacle="barbed_wire", team="bulldozer", skill="veteran")["gapped"] == F(2, 3)


# --- Gapping Obstacles: flails, rollers, bridges ---------------------------------------------


@RULE("001", "Gapping Obstacles (P225)")
def test_mine_flails_and_assault_bridges() -> None:
    assert odds("mine-flail", skill="veteran") == {"crosses: the minefield is gapped": F(2, 3),
                                                   "hit by the mines: not gapped": F(1, 3)}
    ruling = warroom.roll(B + "mine-flail", device="roller", seed=3)
    assert "without a Motivation Test" in str(ruling)
    assert odds("assault-bridge") == {"placed: the bridge is Slow Going": 1}
    with pytest.raises(UsageError, match="placed instead of shooting"):
        warroom.odds(B + "assault-bridge", shot=True)


# --- Demolition Carriers ---------------------------------------------------------------------


@RULE("001", "Demolition Carriers (P233)")
def test_a_goliath_against_a_vehicle() -> None:
    # A Skill Test to hit (Trained 1/2), then Firepower 4+ (1/2) bogs it down.
    assert odds("demolition-carrier", target="vehicle") == {
        "misses": F(1, 2), "hit, no effect": F(1, 4), "bogged down": F(1, 4),
    }


@RULE("001", "Demolition Carriers (P233)")
def test_automatic_hits() -> None:
    # Bogged Down: hit automatically; FP 4+ destroys it.
    assert odds("demolition-carrier", target="bogged_down_vehicle") == {"hit, no effect": F(1, 2),
                                                                        "destroyed": F(1, 2)}
    assert odds("demolition-carrier", target="bailed_out_vehicle") == {"hit, no effect": F(1, 2),
                                                                       "bogged down": F(1, 2)}
    assert odds("demolition-carrier", target="man_packed_gun") == {"hit": 1}
    # "A Dug in Infantry or Man-packed Gun team (whether Dug In or Not)": infantry only when Dug In (FB-21).
    assert odds("demolition-carrier", target="infantry", dug_in=True, controller_skill="conscript") == {"hit": 1}
    assert odds("demolition-carrier", target="man_packed_gun", dug_in=True) == {"hit": 1}
    # Infantry in the open: the conscript controller's Skill Test, 5+ on a d6: hit 2/6.
    assert odds("demolition-carrier", target="infantry", controller_skill="conscript") == {"misses": F(2, 3),
                                                                                          "hit": F(1, 3)}
    assert odds("demolition-carrier", target="building", teams_inside=3) == {"3 teams inside hit": 1}


@RULE("001", "Demolition Carriers (P233)")
def test_bunkers_and_obstacles_need_a_skill_test() -> None:
    # Veteran 3+ (2/3) then a Goliath's FP 4+ (1/2).
    assert odds("demolition-carrier", target="bunker", controller_skill="veteran") == {
        "misses": F(1, 3), "hit, no effect": F(1, 3), "destroyed": F(1, 3),
    }
    # Another carrier with FP 2+: 1/2 * 5/6 gaps the obstacle.
    assert odds("demolition-carrier", target="obstacle", carrier="other", firepower=2)["gapped"] == F(5, 12)
    assert odds("demolition-carrier", target="gun")["hit"] == F(1, 2)


@RULE("001", "Demolition Carriers (P233)")
def test_demolition_carrier_limits() -> None:
    for bad, why in (
        ({"distance": 17}, "moves 16\" to contact its target"),
        ({"controller_moved": True}, "did not move and is not Pinned"),
        ({"controller_pinned": True}, "did not move and is not Pinned"),
        ({"controller_shot": True}, "instead of shooting"),
        ({"controller_destroyed": True}, "destroyed if its controlling team is destroyed"),
        ({"firepower": 3}, "a Goliath Demolition carrier has Firepower 4\\+"),
        ({"carrier": "other"}, "needs firepower=N"),
        ({"teams_inside": 2}, "teams_inside is for a carrier sent into a Building"),
    ):
        with pytest.raises(UsageError, match=why):
            warroom.odds(B + "demolition-carrier", {"target": "vehicle", **bad})
