"""Bunkers and Fortifications (seed 001): the general rules, shooting at bunkers, smoke,
flame-throwers and entrenchments, against numbers worked out by hand from the seed text
and warroom's stand-in base tables (Skill Tests Conscript 5+, Trained 4+, Veteran 3+)."""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

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


# --- Bunkers General Rules ----------------------------------------------------------------


@RULE("001", "Bunkers General Rules")
def test_bunkers_pass_skill_tests_on_4_and_always_pass_motivation() -> None:
    assert odds("bunker-test", test="skill") == {"passes": F(1, 2), "fails": F(1, 2)}  # 4, 5, 6 of 6
    assert odds("bunker-test", test="motivation") == {"passes": 1, "fails": 0}
    assert odds("bunker-test", test="counterattack") == {"passes": 1, "fails": 0}
    assert odds("bunker-test", test="rally") == {"passes": 1, "fails": 0}  # automatic at the start of its turn
    ruling = warroom.roll(B + "bunker-test", test="skill", seed=2)
    (die,) = ruling.dice
    assert ruling.result == ("passes" if faces(die)[0] >= 4 else "fails")


# --- Shooting at Bunkers ------------------------------------------------------------------


@RULE("001", "Shooting at Bunkers (P218)")
def test_hits_on_a_bunker_use_the_shooters_skill() -> None:
    # 4 shots, Veteran: each hits on 3+, p = 2/3; P(k) = C(4, k) 2^k / 81.
    assert odds("bunker-hits", shots=4, skill="veteran") == {
        "no hits": F(1, 81), "1 hit": F(8, 81), "2 hits": F(24, 81), "3 hits": F(32, 81), "4 hits": F(16, 81),
    }
    # Conscript: 5+, p = 1/3; 2 shots both hit 1/9.
    assert odds("bunker-hits", shots=2, skill="conscript")["2 hits"] == F(1, 9)


@RULE("001", "Shooting at Bunkers (P218)")
def test_firepower_tests_pin_then_destroy_a_nest() -> None:
    # 4 shots, Trained (4+, 1/2), FP 6 (1/6): each shot is a hit with a passed FP test 1/12.
    # S = passed FP tests ~ Bin(4, 1/12): P(S=0) = (11/12)^4 = 14641/20736,
    # P(S=1) = 4 * 11^3 / 12^4 = 5324/20736; destroyed = the rest = 771/20736.
    # No hits at all: (1/2)^4 = 1296/20736.
    got = odds("shoot-bunker", bunker="nest", shots=4, firepower=6)
    assert got == {
        "no hits": F(1296, 20736),
        "hit, no effect": F(14641 - 1296, 20736),
        "pinned down": F(5324, 20736),
        "destroyed": F(771, 20736),
    }


@RULE("001", "Shooting at Bunkers (P218)")
def test_a_pinned_nest_falls_to_one_more_firepower_test() -> None:
    # FB-2: already pinned this turn, one passed FP test destroys: 1 - (11/12)^4.
    got = odds("shoot-bunker", bunker="nest", shots=4, firepower=6, pinned=True)
    assert got["destroyed"] == F(20736 - 14641, 20736)
    assert got["pinned down"] == 0


@RULE("001", "Shooting at Bunkers (P218)")
def test_shooting_only_pins_a_pill_box() -> None:
    # FB-3: any passed FP test pins, none destroys: 2 shots, Trained, FP 3 (2/3): per shot 1/2 * 2/3 = 1/3.
    got = odds("shoot-bunker", bunker="pill_box", shots=2, firepower=3)
    assert got == {"no hits": F(1, 4), "hit, no effect": F(4, 9) - F(1, 4), "pinned down": F(5, 9), "destroyed": 0}


@RULE("001", "Shooting at Bunkers (P218)")
def test_a_bunker_buster_destroys_on_any_hit() -> None:
    # 4 shots, Trained: destroyed unless all miss, 1 - 1/16.
    got = odds("shoot-bunker", bunker="pill_box", shots=4, firepower=5, bunker_buster=True)
    assert got == {"no hits": F(1, 16), "hit, no effect": 0, "pinned down": 0, "destroyed": F(15, 16)}
    turret = odds("shoot-turret", shots=1, skill="veteran", anti_tank=2, firepower=6, armour=12, bunker_buster=True)
    assert turret["destroyed"] == F(2, 3)


@RULE("001", "Shooting at Bunkers (P218)")
def test_a_turret_takes_an_armour_save_like_a_tank() -> None:
    # Armour 9 against AT 11, FP 3+ (2/3). Save d6 + 9: 3-6 bounce (4/6); 2 glancing (1/6):
    # bailed out on FP, 1/6 * 2/3 = 1/9; 1 penetrates (1/6): destroyed 1/6 * 2/3 = 1/9, bailed out 1/18.
    # A hit: destroyed 1/9, bailed out 1/6. A shot (Trained, 1/2): destroyed 1/18, bailed out 1/12.
    # 4 shots: destroyed 1 - (17/18)^4; neither = (1 - 1/18 - 1/12)^4 = (31/36)^4; no hits (1/2)^4.
    got = odds("shoot-turret", shots=4, anti_tank=11, firepower=3, armour=9)
    assert got == {
        "no hits": F(1, 16),
        "hit, no effect": F(31, 36) ** 4 - F(1, 16),
        "bailed out": F(17, 18) ** 4 - F(31, 36) ** 4,
        "destroyed": 1 - F(17, 18) ** 4,
    }
    # One Veteran shot (2/3), AT 10 against armour 3: d6 + 3 < 10 always: penetrates; FP 4+ destroys.
    one = odds("shoot-turret", shots=1, skill="veteran", anti_tank=10, firepower=4, armour=3)
    assert one == {"no hits": F(1, 3), "hit, no effect": 0, "bailed out": F(1, 3), "destroyed": F(1, 3)}


@RULE("001", "Shooting at Bunkers (P218)")
def test_played_turret_ruling_explains_every_hit() -> None:
    ruling = warroom.roll(B + "shoot-turret", shots=6, anti_tank=11, firepower=3, armour=9, seed=3)
    hits = sum(1 for face in faces(ruling.dice[0]) if face >= 4)
    saves = [d for d in ruling.dice if d.label.endswith("armour save")]
    assert len(saves) <= hits
    text = str(ruling)
    if hits:
        assert "Turret hit 1:" in text and "armour save" in text
    assert ruling.result in ("no hits", "hit, no effect", "bailed out", "destroyed")


@RULE("001", "Shooting at Bunkers (P218)")
def test_played_nest_ruling_reads_its_dice() -> None:
    for seed in range(6):
        ruling = warroom.roll(B + "shoot-bunker", bunker="nest", shots=6, firepower=3, seed=seed)
        hits = sum(1 for face in faces(ruling.dice[0]) if face >= 4)
        passed = sum(1 for face in faces(ruling.dice[1]) if face >= 3) if hits else 0
        expected = "no hits" if hits == 0 else ["hit, no effect", "pinned down", "destroyed"][min(passed, 2)]
        assert ruling.result == expected
        assert ruling.after == ({"pinned": True} if expected == "pinned down" else {})


@RULE("001", "Shooting at Bunkers (P218)")
def test_who_may_not_shoot_at_a_bunker() -> None:
    with pytest.raises(UsageError, match=r"within 16"):
        warroom.odds(B + "shoot-bunker", bunker="nest", firepower=6, range=17)
    assert odds("bunker-hits", shots=1, range=16)["1 hit"] == F(1, 2)  # FB-19: 16" is within 16"
    for attacker in ("artillery", "aircraft"):
        with pytest.raises(UsageError, match="artillery and aircraft cannot target or harm a bunker"):
            warroom.odds(B + "shoot-turret", anti_tank=9, firepower=3, armour=5, attacker=attacker)
    with pytest.raises(UsageError, match=r"cannot use Volley Fire .* unless their own rules"):
        warroom.odds(B + "bunker-hits", special_rule="volley_fire")
    with pytest.raises(UsageError, match="cannot use Stabilisers"):
        warroom.odds(B + "shoot-bunker", bunker="pill_box", firepower=4, special_rule="stabilisers")
    with pytest.raises(UsageError, match="needs armour="):
        warroom.odds(B + "shoot-turret", anti_tank=9, firepower=3)


# --- Firing Smoke at Bunkers --------------------------------------------------------------


@RULE("001", "Firing Smoke at Bunkers (P222)")
def test_bunkers_see_through_smoke() -> None:
    # Trained target: 3+ (2/3), smoke adds nothing for a bunker: 3 shots, Bin(3, 2/3).
    assert odds("bunker-shooting", shots=3, through_smoke=True) == {
        "no hits": F(1, 27), "1 hit": F(6, 27), "2 hits": F(12, 27), "3 hits": F(8, 27),
    }
    # The target's own concealment and going to ground still count: Veteran 4+, concealed +1,
    # gone to ground +1, long range +1 = 7: a 6 then 4+ (stand-in), 1/6 * 1/2 = 1/12.
    own = odds("bunker-shooting", shots=1, target_skill="veteran", through_smoke=True, concealed=True,
               gone_to_ground=True, long_range=True)
    assert own == {"no hits": F(11, 12), "1 hit": F(1, 12)}
    # Gone to ground without concealment gives no modifier: Trained 3+.
    assert odds("bunker-shooting", shots=1, gone_to_ground=True)["1 hit"] == F(2, 3)


@RULE("001", "Firing Smoke at Bunkers (P222)")
def test_a_smoke_bombardment_ranges_in_on_a_bunker_as_a_concealed_trained_team() -> None:
    # Trained 3+, Concealed +1: 4+, then 5+, then 6+ (stand-in ranging in).
    assert odds("smoke-on-bunker") == {
        "ranged in on attempt 1": F(1, 2),
        "ranged in on attempt 2": F(1, 2) * F(1, 3),
        "ranged in on attempt 3": F(1, 2) * F(2, 3) * F(1, 6),
        "fails to range in": F(1, 2) * F(2, 3) * F(5, 6),
    }
    # +1 more: 5+, 6+, then 7 = a 6 then 4+ (1/12).
    harder = odds("smoke-on-bunker", other_modifier=1)
    assert harder["ranged in on attempt 3"] == F(2, 3) * F(5, 6) * F(1, 12)
    assert harder["fails to range in"] == F(2, 3) * F(5, 6) * F(11, 12)


# --- Flamethrowers Flaming Bunkers --------------------------------------------------------


@RULE("001", "Flamethrowers Flaming Bunkers (P199)")
def test_flame_pins_a_nest_and_may_destroy_it() -> None:
    # 2 shots, Trained (1/2); a hit pins automatically, destroys on FP 6 (1/6), FB-16.
    # Per shot destroying 1/12: destroyed 1 - (11/12)^2 = 23/144; no hits 1/4; pinned the rest.
    assert odds("flame-bunker", bunker="nest", shots=2) == {
        "no hits": F(1, 4), "pinned down": F(121, 144) - F(1, 4), "destroyed": F(23, 144),
    }


@RULE("001", "Flamethrowers Flaming Bunkers (P199)")
def test_flame_cannot_destroy_a_pill_box() -> None:
    assert odds("flame-bunker", bunker="pill_box", shots=2) == {"no hits": F(1, 4), "pinned down": F(3, 4)}


@RULE("001", "Flamethrowers Flaming Bunkers (P199)")
def test_flame_on_a_turret_bails_it_out_or_stops_its_defensive_fire() -> None:
    # One Veteran shot (2/3): FP 6 bails out (1/6), else no Defensive Fire this turn.
    assert odds("flame-bunker", bunker="turret", skill="veteran") == {
        "no hits": F(1, 3), "may not Defensive Fire this turn": F(2, 3) * F(5, 6), "bailed out": F(2, 3) * F(1, 6),
    }
    ruling = warroom.roll(B + "flame-bunker", bunker="turret", moved=6, seed=1)
    text = str(ruling)
    assert "used up: removed, but not counted as destroyed" in text and "on the move with no penalty" in text


@RULE("001", "Flamethrowers Flaming Bunkers (P199)")
def test_flame_thrower_limits() -> None:
    with pytest.raises(UsageError, match="cannot move more than 6\" and shoot"):
        warroom.odds(B + "flame-bunker", bunker="nest", moved=7)
    with pytest.raises(UsageError, match="reaches only 4\""):
        warroom.odds(B + "flame-bunker", bunker="nest", range=5)


# --- Entrenchments ------------------------------------------------------------------------

GONE = "concealed, bullet-proof cover, gone to ground"


@RULE("001", "Entrenchments (P213)")
def test_a_team_in_a_trench_line() -> None:
    assert odds("entrenchment", moved="at_the_double")[GONE] == 1  # gone to ground even at the double
    assert odds("entrenchment", shot=True)["concealed, bullet-proof cover, not gone to ground"] == 1
    ruling = warroom.roll(B + "entrenchment", shooter_in_same_trench=True, seed=1)
    assert ruling.result == GONE and "even against troops in the same trench line" in str(ruling)
    pit = odds("entrenchment", work="gun_pit")  # FB-17
    assert pit["no trench-line rule: the base game's rule for the pit applies"] == 1


# --- base tables, readings, the registry --------------------------------------------------


@RULE("001", "Shooting at Bunkers (P218)")
def test_the_umpires_own_base_tables_replace_the_stand_ins(tmp_path: Path) -> None:
    stand_in = warroom.odds(B + "shoot-turret", shots=1, skill="veteran", anti_tank=10, firepower=4, armour=3)
    assert "STAND-IN" in " ".join(stand_in.steps)
    own = tmp_path / "fow.toml"
    own.write_text(
        "[skill_ratings.skill_test]\nconscript = 5\ntrained = 4\nveteran = 2\n"
        "[skill_ratings.assault_to_hit]\nconscript = 5\ntrained = 4\nveteran = 3\n"
        '[armour.glancing]\nfirepower_passed = "destroyed"\nfirepower_failed = "bailed out"\n'
        '[armour.penetrating]\nfirepower_passed = "destroyed"\nfirepower_failed = "destroyed"\n'
    )
    # Veteran now 2+ (5/6); any penetration destroys.
    mine = warroom.odds(B + "shoot-turret", shots=1, skill="veteran", anti_tank=10, firepower=4, armour=3,
                        base_tables=own)
    assert mine.as_dict() == {"no hits": F(1, 6), "hit, no effect": 0, "bailed out": 0, "destroyed": F(5, 6)}
    assert "STAND-IN" not in " ".join(mine.steps)
    again = warroom.odds(B + "shoot-turret", shots=1, skill="veteran", anti_tank=10, firepower=4, armour=3)
    assert again.as_dict() == stand_in.as_dict()


def test_every_procedure_cites_seed_001_and_its_readings_are_written_down() -> None:
    text = (Path(__file__).parents[1] / "docs" / "rulings.md").read_text()
    assert "## Bunkers and Fortifications quick-play rules" in text
    written = set(re.findall(r"^\| (FB-\d+) \|", text, flags=re.MULTILINE))
    cited: set[str] = set()
    for spec in warroom.procedures("fow-bunkers"):
        assert spec.rule.seed == "001_e8ee080316da271e.txt"
        assert spec.run.__doc__ and "Seed 001" in spec.run.__doc__, spec.id
        for reading in spec.rule.readings:
            assert reading in written, f"{spec.id} cites {reading}"
            assert reading in spec.run.__doc__, (spec.id, reading)
        cited |= set(spec.rule.readings)
    assert written == cited


def test_every_example_resolves_fast() -> None:
    import time

    for spec in warroom.procedures("fow-bunkers"):
        warroom.odds(spec.id, spec.example)
        start = time.perf_counter()
        warroom.odds(spec.id, spec.example)
        assert time.perf_counter() - start < 0.05, spec.id
