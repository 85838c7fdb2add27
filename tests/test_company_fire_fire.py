"""Company Fire fire procedures, against numbers worked out by hand from seed 002.

Every attack die hits on 5 or 6 (reading CF-1), so one die hits with p = 1/3 and
n dice give a binomial count: for 3d6, P(0, 1, 2, 3 hits) = 8/27, 12/27, 6/27, 1/27.
"""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule


@RULE("002", "Individual Unit Fire")
def test_rifle_squad_in_the_open_rolls_three_dice() -> None:
    odds = warroom.odds("individual-fire", weapon="rifle_squad")
    assert odds.as_dict() == {"good order": F(8, 27), "pinned": F(12, 27), "suppressed": F(6, 27),
                              "destroyed": F(1, 27)}


@RULE("002", "Individual Unit Fire")
def test_cover_takes_one_die_off() -> None:
    # 2d6: P(0) = 4/9, P(1) = 2 * 1/3 * 2/3 = 4/9, P(2) = 1/9; no third hit possible.
    odds = warroom.odds("individual-fire", weapon="rifle_squad", cover=True)
    assert odds.as_dict() == {"good order": F(4, 9), "pinned": F(4, 9), "suppressed": F(1, 9), "destroyed": 0}
    assert odds.results == ("good order", "pinned", "suppressed", "destroyed")  # zero rows kept


@RULE("002", "Individual Unit Fire")
def test_reductions_can_leave_no_dice() -> None:
    # SMG 2d6, -1 cover, -1 Move card: no dice, no effect (CF-6).
    odds = warroom.odds("individual-fire", weapon="smg_squad", cover=True, card="move")
    assert odds["good order"] == 1


@RULE("002", "Individual Unit Fire")
def test_move_card_and_face_card_after_moving_take_a_die_off() -> None:
    two_dice = {"good order": F(4, 9), "pinned": F(4, 9), "suppressed": F(1, 9), "destroyed": 0}
    assert warroom.odds("individual-fire", weapon="rifle_squad", card="move").as_dict() == two_dice
    assert warroom.odds("individual-fire", weapon="rifle_squad", card="face", moved=True).as_dict() == two_dice
    assert warroom.odds("individual-fire", weapon="rifle_squad", card="face")["good order"] == F(8, 27)


@RULE("002", "Individual Unit Fire")
def test_recon_by_fire_takes_one_die_off() -> None:
    assert warroom.odds("individual-fire", weapon="hmg", recon_by_fire=True)["good order"] == F(8, 27)


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_hmg_against_a_suppressed_unit() -> None:
    # 4d6: P(0) = 16/81, P(1) = 32/81. One hit on a suppressed unit is ignored (CF-2),
    # two or more suppress it again: destroyed.
    odds = warroom.odds("individual-fire", weapon="hmg", target_status="suppressed")
    assert odds["suppressed"] == F(48, 81)
    assert odds["destroyed"] == F(33, 81)
    assert odds["good order"] == 0 and odds["pinned"] == 0


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_a_pinned_target_ignores_another_pin() -> None:
    odds = warroom.odds("individual-fire", weapon="rifle_squad", target_status="pinned")
    assert odds.as_dict() == {"good order": 0, "pinned": F(20, 27), "suppressed": F(6, 27), "destroyed": F(1, 27)}


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_retreating_takes_one_hit_off() -> None:
    # 3d6 then one hit fewer: 0 or 1 hit -> none, 2 -> 1, 3 -> 2.
    odds = warroom.odds("individual-fire", weapon="rifle_squad", retreat=True)
    assert odds.as_dict() == {"good order": F(20, 27), "pinned": F(6, 27), "suppressed": F(1, 27), "destroyed": 0}


@RULE("002", "Individual Unit Fire")
def test_fire_refuses_what_the_rules_forbid() -> None:
    with pytest.raises(UsageError, match="effective range of 6 spaces"):
        warroom.odds("individual-fire", weapon="rifle_squad", range=7)
    with pytest.raises(UsageError, match="may not move and fire"):
        warroom.odds("individual-fire", weapon="mmg", card="face", moved=True)
    with pytest.raises(UsageError, match="small-arms"):
        warroom.odds("individual-fire", weapon="light_mortar", retreat=True)
    with pytest.raises(UsageError, match="did you mean 'rifle_squad'"):
        warroom.odds("individual-fire", weapon="rifle_sqaud")


@RULE("002", "Group Fire")
def test_the_seeds_group_fire_example() -> None:
    """Seed: two rifle squads firing on three rifle squads in cover: each contributes 2d6
    (3d6 minus 1 for cover), 4d6 rolled per enemy unit."""
    odds = warroom.odds("group-fire", firers="rifle_squad,rifle_squad", cover=True)
    # 4d6 hitting on 5-6: P(k hits) = C(4,k) 2^(4-k) / 81 = 16, 32, 24, 8, 1 over 81.
    assert odds.as_dict() == {"good order": F(16, 81), "pinned": F(32, 81), "suppressed": F(24, 81),
                              "destroyed": F(9, 81)}
    for seed in range(3):  # rolled once per target unit, each time with four dice
        ruling = warroom.roll("group-fire", firers="rifle_squad,rifle_squad", cover=True, seed=seed)
        assert len(ruling.dice) == 1 and len(ruling.dice[0].faces) == 4


@RULE("002", "Group Fire")
def test_a_leader_adds_one_die_to_the_pool() -> None:
    odds = warroom.odds("group-fire", firers="rifle_squad,rifle_squad", cover=True, leader="both")
    assert odds["good order"] == F(32, 243)  # 5d6: (2/3)^5


@RULE("002", "Group Fire")
def test_group_fire_limits() -> None:
    with pytest.raises(UsageError, match="Move card"):
        warroom.odds("group-fire", firers="rifle_squad,rifle_squad", card="move")
    with pytest.raises(UsageError, match="leader"):
        warroom.odds("group-fire", firers="rifle_squad,rifle_squad", pinned_firers=True)
    with pytest.raises(UsageError, match="effective range of 1 space"):
        warroom.odds("group-fire", firers="smg_squad,hmg", range=2)  # shortest range rules the group
    with pytest.raises(UsageError):
        warroom.odds("group-fire", firers="rifle_squad")


@RULE("002", "Opportunity Fire")
def test_mg_op_fire_jams_on_two_ones() -> None:
    odds = warroom.odds("opportunity-fire", weapon="hmg")
    # P(two or more 1s in 4d6) = 1 - (625 + 500)/1296 = 171/1296.
    jammed = sum(p for row, p in odds.distribution if row.endswith("MG jammed"))
    assert jammed == F(171, 1296)
    # No hit and at least two 1s: each die is a 1 (1/6) or 2-4 (1/2):
    # 6*(1/36)(1/4) + 4*(1/216)(1/2) + 1/1296 = 67/1296.
    assert odds["good order, MG jammed"] == F(67, 1296)
    assert sum(odds.as_dict().values()) == 1


@RULE("002", "Opportunity Fire")
def test_rifle_op_fire_never_jams_and_ignores_the_move_card() -> None:
    odds = warroom.odds("opportunity-fire", weapon="rifle_squad")
    assert odds.results == ("good order", "pinned", "suppressed", "destroyed")
    assert odds["good order"] == F(8, 27)  # full 3d6: no Move-card die off for op fire (CF-5)


@RULE("002", "Single Mounted Figures (SMFs)")
def test_sniper_ignores_cover_against_an_smf() -> None:
    odds = warroom.odds("sniper-fire", target="smf", cover=True)
    assert odds.as_dict() == {"good order": F(20, 27), "destroyed": F(7, 27)}  # 2+ hits of 3d6
    assert warroom.odds("sniper-fire", target="unit", cover=True)["good order"] == F(4, 9)  # 2d6 (CF-11)


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_hit_table() -> None:
    def after(hits: int, status: str = "good_order", target: str = "unit", retreat: bool = False) -> str:
        ruling = warroom.roll("hit-result", hits=hits, target_status=status, target=target, retreat=retreat)
        return ruling.result

    assert [after(h) for h in range(5)] == ["good order", "pinned", "suppressed", "destroyed", "destroyed"]
    assert [after(h, "suppressed") for h in range(3)] == ["suppressed", "suppressed", "destroyed"]
    assert after(3, retreat=True) == "suppressed"
    assert [after(h, target="smf") for h in range(3)] == ["good order", "good order", "destroyed"]


@RULE("002", "Single Mounted Figures (SMFs)")
def test_smf_elimination() -> None:
    def fate(**kw: object) -> str:
        return warroom.roll("smf-elimination", **kw).result

    assert fate(cause="direct_fire") == "good order"
    assert fate(cause="light_mortar") == "good order"
    assert fate(cause="artillery_he", attack_result="pinned") == "good order"
    assert fate(cause="artillery_he", attack_result="suppressed") == "destroyed"
    assert fate(cause="minefield", attack_result="destroyed") == "destroyed"
    assert fate(cause="stack_destroyed", alone=False) == "destroyed"
    assert fate(cause="enemy_enters") == "destroyed"
    with pytest.raises(UsageError, match="alone=true"):
        fate(cause="enemy_enters", alone=False)
