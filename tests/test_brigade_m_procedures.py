"""Brigade detection, movement dice, morale and move sequence, against numbers worked out by hand
from seed 004 ("WW2 Rules for Brigade level games")."""

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError
from warroom.rulesets.brigade.m_detection import detection_class

RULE = pytest.mark.rule


def one(name: str, **kw: object) -> str:
    """The single certain result of a calculator."""
    odds = warroom.odds(f"brigade/{name}", **kw).as_dict()
    certain = [row for row, p in odds.items() if p == 1]
    assert len(certain) == 1, odds
    return certain[0]


# --- Detection --------------------------------------------------------------------------------------

@RULE("004", "Detection")
def test_infantry_stationary_in_the_open() -> None:
    # Infantry stationary in the open: 40/15 -> spotted within 15", aware within 40", unseen beyond.
    assert one("detection-distance", target="infantry", target_state="stationary_open", distance=15) == "spotted"
    assert one("detection-distance", target="infantry", target_state="stationary_open", distance=16) == "aware"
    assert one("detection-distance", target="infantry", target_state="stationary_open", distance=40) == "aware"
    assert one("detection-distance", target="infantry", target_state="stationary_open", distance=41) == "unseen"


@RULE("004", "Detection")
def test_each_row_and_column() -> None:
    # Heavy support weapons stationary 40/25: 25" spotted; firing from edge of cover 50/10: 45" aware.
    assert one("detection-distance", target="heavy_support", target_state="stationary_open", distance=25) == "spotted"
    assert one("detection-distance", target="heavy_support", target_state="firing_from_cover_edge",
               distance=45) == "aware"
    # Infantry firing from edge of cover 40/10: 45" unseen (the gun row reaches 50").
    assert one("detection-distance", target="infantry", target_state="firing_from_cover_edge", distance=45) == "unseen"
    # In cover 4/2 for every row: 3" aware, 2" spotted, 5" unseen.
    assert one("detection-distance", target="vehicle", target_state="in_cover", distance=3) == "aware"
    assert one("detection-distance", target="building_trench", target_state="in_cover", distance=2) == "spotted"
    assert one("detection-distance", target="infantry", target_state="in_cover", distance=5) == "unseen"
    # Moving infantry 75/50: 60" aware.
    assert one("detection-distance", target="infantry", target_state="moving_or_firing_open", distance=60) == "aware"


@RULE("004", "Detection")
def test_auto_is_spotted_at_any_distance_in_sight() -> None:
    # Vehicles moving or firing in the open: Auto; buildings in the open: Auto.
    assert one("detection-distance", target="vehicle", target_state="moving_or_firing_open", distance=500) == "spotted"
    assert one("detection-distance", target="building_trench", target_state="stationary_open",
               distance=300, observer_fast_vehicle=True) == "spotted"
    assert one("detection-distance", target="vehicle", target_state="moving_or_firing_open", distance=10,
               line_of_sight=False) == "unseen"


@RULE("004", "Detection")
def test_fast_vehicle_observer_detects_at_half_distance() -> None:
    # Vehicles stationary 100/50, halved: 50/25. 30" -> aware (not spotted as at full distance).
    assert one("detection-distance", target="vehicle", target_state="stationary_open", distance=30) == "spotted"
    assert one("detection-distance", target="vehicle", target_state="stationary_open", distance=30,
               observer_fast_vehicle=True) == "aware"
    # Moving infantry 75/50 halved: 37.5/25. 37" aware, 38" unseen.
    assert one("detection-distance", target="infantry", target_state="moving_or_firing_open", distance=37,
               observer_fast_vehicle=True) == "aware"
    assert one("detection-distance", target="infantry", target_state="moving_or_firing_open", distance=38,
               observer_fast_vehicle=True) == "unseen"
    # The game's function takes a measured distance: 37.5" is still within 37.5".
    assert detection_class("infantry", "moving_or_firing_open", 37.5, observer_fast_vehicle=True) == "aware"
    assert detection_class("infantry", "moving_or_firing_open", 37.6, observer_fast_vehicle=True) == "unseen"


@RULE("004", "Detection")
def test_detection_persists_while_in_sight() -> None:
    # Spotted at 10" stationary in the open, it moved into cover 20" away: 4/2 says unseen, but it stays spotted.
    assert one("detection-distance", target="infantry", target_state="in_cover", distance=20,
               already="spotted") == "spotted"
    ruling = warroom.roll("brigade/detection-distance", target="infantry", target_state="in_cover", distance=10,
                          already="aware", seed=1)
    assert ruling.result == "aware"
    assert "held from before" in ruling.row


@RULE("004", "Detection")
def test_detection_bad_input() -> None:
    with pytest.raises(UsageError, match="'-' there"):
        warroom.odds("brigade/detection-distance", target="building_trench", target_state="firing_from_cover_edge",
                     distance=5)
    with pytest.raises(UsageError, match="leave already out"):
        warroom.odds("brigade/detection-distance", target="infantry", target_state="in_cover", distance=5,
                     already="spotted", line_of_sight=False)


# --- Movement ---------------------------------------------------------------------------------------

@RULE("004", "Movement")
def test_fixed_rates() -> None:
    # Infantry 6 in the open; medium tanks 12 on road; jeeps 18 in the open; support weapons 3 in thick woods.
    assert one("move-distance", troops="infantry", terrain="open") == '6"'
    assert one("move-distance", troops="medium_tanks", terrain="road") == '12"'
    assert one("move-distance", troops="jeeps_armoured_cars", terrain="open") == '18"'
    assert one("move-distance", troops="support_weapons", terrain="thick") == '3"'
    # Half move: support weapons in the open 5 -> 2½".
    assert one("move-distance", troops="support_weapons", terrain="open", half_move=True) == '2½"'


@RULE("004", "Movement")
def test_tank_in_rough_ground() -> None:
    # 1 + (D6 x 0.5): 1½, 2, 2½, 3, 3½, 4 each 1/6; never negative, so no stuck throw.
    odds = warroom.odds("brigade/move-distance", troops="slow_tanks", terrain="rough").as_dict()
    assert odds == {'1½"': F(1, 6), '2"': F(1, 6), '2½"': F(1, 6), '3"': F(1, 6), '3½"': F(1, 6), '4"': F(1, 6)}


@RULE("004", "Movement")
def test_tank_in_thick_woods_and_the_stuck_throw() -> None:
    # (D6 - 3): 1 -> -2, 2 -> -1 (negative, count as 0, throw: 1 = stuck); 3 -> 0; 4,5,6 -> 1,2,3.
    # stuck = 2/6 x 1/6 = 1/18; 0" = 1/6 (a 3) + 2/6 x 5/6 = 3/18 + 5/18 = 4/9.
    odds = warroom.odds("brigade/move-distance", troops="very_fast_tanks", terrain="thick").as_dict()
    assert odds == {'0"': F(4, 9), '1"': F(1, 6), '2"': F(1, 6), '3"': F(1, 6), "stuck": F(1, 18)}


@RULE("004", "Movement")
def test_horse_drawn_in_rough_ground_and_half_move() -> None:
    # Horse drawn (D6-3) in rough ground, a half move: 0, ½, 1, 1½; stuck 1/18 as above.
    odds = warroom.odds("brigade/move-distance", troops="horse_drawn", terrain="rough", half_move=True).as_dict()
    assert odds == {'0"': F(4, 9), '½"': F(1, 6), '1"': F(1, 6), '1½"': F(1, 6), "stuck": F(1, 18)}


@RULE("004", "Movement")
def test_cavalry_rates() -> None:
    # Cavalry 1 + D6 in rough ground: 2..7 each 1/6; D6 x 0.5 in thick woods: ½..3; never stuck (not a vehicle).
    assert warroom.odds("brigade/move-distance", troops="cavalry", terrain="rough").as_dict() == {
        f'{n}"': F(1, 6) for n in range(2, 8)}
    assert set(warroom.odds("brigade/move-distance", troops="cavalry", terrain="thick").as_dict()) == {
        '½"', '1"', '1½"', '2"', '2½"', '3"'}


@RULE("004", "Movement")
def test_played_stuck_ruling() -> None:
    seen = set()
    for seed in range(60):
        ruling = warroom.roll("brigade/move-distance", troops="medium_tanks", terrain="thick", seed=seed)
        seen.add(ruling.result)
        if ruling.result == "stuck":
            assert "may not move again during the game" in " ".join(ruling.steps)
    assert "stuck" in seen and '3"' in seen


@RULE("004", "Movement")
def test_move_bad_input() -> None:
    with pytest.raises(UsageError, match="may not move in thick woods"):
        warroom.odds("brigade/move-distance", troops="jeeps_armoured_cars", terrain="thick")
    with pytest.raises(UsageError, match="may not move in rough"):
        warroom.odds("brigade/move-distance", troops="bicycles", terrain="rough")


@RULE("004", "Mounting and dismounting")
def test_dismount_and_horse_holders() -> None:
    # Half a move to dismount, the other half as infantry in the open: 6 / 2 = 3"; 9 figures -> 3 holders.
    ruling = warroom.roll("brigade/half-move-action", action="dismount", troops="infantry", terrain="open",
                          figures=9, seed=1)
    assert ruling.result == "half a move left"
    assert '3" left' in ruling.row
    assert "at least 3 hold the horses" in " ".join(ruling.steps)
    # Mounting then moving half as cavalry on road: 16 / 2 = 8".
    assert '8" left' in warroom.roll("brigade/half-move-action", action="mount", troops="cavalry",
                                     terrain="road", seed=1).row


@RULE("004", "Entering / leaving vehicles")
def test_embark_limber() -> None:
    # Disembark then move 3" as infantry in the open; limber then move half of a horse-drawn team's 8" road: 4".
    assert '3" left' in warroom.roll("brigade/half-move-action", action="disembark", troops="infantry", seed=1).row
    ruling = warroom.roll("brigade/half-move-action", action="limber", troops="horse_drawn", terrain="road", seed=1)
    assert '4" left' in ruling.row and "limbered guns may not fire" in " ".join(ruling.steps)
    # A random rate: half of 1 + (D6 x 0.5), to be thrown.
    assert "move-distance" in warroom.roll("brigade/half-move-action", action="unlimber", troops="half_tracks",
                                           terrain="rough", seed=1).row


@RULE("004", "Mounting and dismounting")
def test_half_move_action_bad_input() -> None:
    with pytest.raises(UsageError, match="action=mount is for cavalry"):
        warroom.odds("brigade/half-move-action", action="mount", troops="medium_tanks")
    with pytest.raises(UsageError, match="a limbered gun moves as its tow"):
        warroom.odds("brigade/half-move-action", action="limber", troops="infantry")
    with pytest.raises(UsageError, match="figures is for horse holders"):
        warroom.odds("brigade/half-move-action", action="embark", troops="infantry", figures=6)
    with pytest.raises(UsageError, match="'-' there"):
        warroom.odds("brigade/half-move-action", action="limber", troops="other_wheeled", terrain="thick")


# --- Morale -----------------------------------------------------------------------------------------

@RULE("004", "Pin markers")
def test_pin_removal_by_class() -> None:
    # Elite 2+ -> 5/6; trained 3+ -> 4/6; raw and veteran 4+ -> 3/6.
    for morale, p in (("elite", F(5, 6)), ("trained", F(2, 3)), ("raw", F(1, 2)), ("veteran", F(1, 2))):
        assert warroom.odds("brigade/pin-removal", morale=morale, figures=8)["pin removed"] == p


@RULE("004", "Pin markers")
def test_pin_removal_modifiers() -> None:
    # Trained 3, 6 of 12 dead = 2 x 25% -> needs 5: 2/6.
    assert warroom.odds("brigade/pin-removal", morale="trained", figures=12, dead=6)["pin removed"] == F(1, 3)
    # Trained 3, 2 of 12 dead (under 25%) -> 3: 4/6.
    assert warroom.odds("brigade/pin-removal", morale="trained", figures=12, dead=2)["pin removed"] == F(2, 3)
    # Elite unit HQ: 2 - 1 = 1 -> always.
    assert warroom.odds("brigade/pin-removal", morale="elite", figures=6, unit_hq=True)["pin removed"] == 1
    # Raw gun crew, 2 of 3 dead: 4 + 2 (66% = two quarters) = 6 -> 1/6.
    assert warroom.odds("brigade/pin-removal", morale="raw", unit="gun", figures=3, dead=2)["pin removed"] == F(1, 6)
    # Veteran MG section, 2 of 2... not allowed; 1 of 2 dead = 50%: 4 + 2 = 6 -> 1/6; unit HQ -> 5: 2/6.
    assert warroom.odds("brigade/pin-removal", morale="veteran", unit="support_weapon", figures=2, dead=1,
                        unit_hq=True)["pin removed"] == F(1, 3)


@RULE("004", "Pin markers")
def test_pin_removal_bad_input() -> None:
    with pytest.raises(UsageError, match="never pinned"):
        warroom.odds("brigade/pin-removal", morale="elite", unit="cavalry")
    with pytest.raises(UsageError, match="two thirds dead"):
        warroom.odds("brigade/pin-removal", morale="elite", figures=9, dead=6)
    with pytest.raises(UsageError, match="no figures to lose"):
        warroom.odds("brigade/pin-removal", morale="elite", unit="vehicle", figures=3, dead=1)


@RULE("004", "Pin markers")
def test_pin_marker() -> None:
    assert one("pin-marker", unit="infantry", fire="he") == "pinned"
    assert one("pin-marker", unit="gun", fire="small_arms") == "may opt to be pinned"
    assert one("pin-marker", unit="cavalry", fire="he") == "not pinned"
    assert one("pin-marker", unit="infantry", fire="he", close_order=True) == "not pinned"


@RULE("004", "Casualties")
def test_casualty_table() -> None:
    # Raw at 1/3 lost (4 of 12): test, 3-6 OK -> 4/6.
    odds = warroom.odds("brigade/casualty-test", morale="raw", figures=12, dead=4)
    assert odds["passes test"] == F(2, 3) and odds["fails test: removed"] == F(1, 3)
    # Raw at 1/2 (6 of 12, having tested at 1/3): 5-6 -> 2/6.
    assert warroom.odds("brigade/casualty-test", morale="raw", figures=12, dead=6,
                        dead_before=4)["passes test"] == F(1, 3)
    # Trained at 1/3: OK; at 1/2: 3-6 -> 4/6.
    assert one("casualty-test", morale="trained", figures=12, dead=4) == "OK (no test)"
    assert warroom.odds("brigade/casualty-test", morale="trained", figures=12, dead=6)["passes test"] == F(2, 3)
    # Elite and veteran: OK at 1/2.
    assert one("casualty-test", morale="veteran", figures=12, dead=7) == "OK (no test)"
    # 2/3 lost: removed, whatever the class (8 of 12; 6 of 9; 7 of 10 as 2/3 of 10 = 6.67).
    assert one("casualty-test", morale="elite", figures=12, dead=8) == "removed (2/3 lost)"
    assert one("casualty-test", morale="elite", figures=9, dead=6) == "removed (2/3 lost)"
    assert one("casualty-test", morale="elite", figures=10, dead=6) == "OK (no test)"
    assert one("casualty-test", morale="elite", figures=10, dead=7) == "removed (2/3 lost)"


@RULE("004", "Casualties")
def test_casualty_thresholds_and_split() -> None:
    # 3 of 10 is under 1/3: no test even for raw.
    assert one("casualty-test", morale="raw", figures=10, dead=3) == "OK (no test)"
    # Raw, 5 of 12 having tested at 4: still the 1/3 column, no new test.
    assert one("casualty-test", morale="raw", figures=12, dead=5, dead_before=4) == "OK (no test)"
    # Split +1: raw 1/3 needs 4 -> 3/6; raw 1/2 needs 6 -> 1/6.
    assert warroom.odds("brigade/casualty-test", morale="raw", figures=12, dead=4, split=True)["passes test"] == F(1, 2)
    assert warroom.odds("brigade/casualty-test", morale="raw", figures=12, dead=6, split=True)["passes test"] == F(1, 6)
    # Close order never tests but is removed at 2/3.
    assert one("casualty-test", morale="raw", figures=12, dead=6, close_order=True) == "OK (no test)"
    assert one("casualty-test", morale="raw", figures=12, dead=8, close_order=True) == "removed (2/3 lost)"


@RULE("004", "Casualties")
def test_casualty_played_and_bad_input() -> None:
    ruling = warroom.roll("brigade/casualty-test", morale="raw", figures=6, dead=2, seed=3)
    assert ruling.result in ("passes test", "fails test: removed")
    assert ruling.dice
    with pytest.raises(UsageError, match="must be less than dead"):
        warroom.odds("brigade/casualty-test", morale="raw", figures=6, dead=2, dead_before=2)
    with pytest.raises(UsageError, match="more than figures"):
        warroom.odds("brigade/casualty-test", morale="raw", figures=6, dead=7)


# --- Move sequence ----------------------------------------------------------------------------------

@RULE("004", "Move Sequence")
def test_move_sequence_lists_the_phases_in_order() -> None:
    ruling = warroom.roll("brigade/move-sequence", seed=1)
    text = "\n".join(ruling.steps)
    order = [text.index(f"{n}) ") for n in range(1, 6)]
    assert order == sorted(order)
    assert "Test Morale" in text and "Fire and movement" in text
    assert text.index("type A") < text.index("then B") < text.index("then C") < text.index("then D") < \
        text.index("then E")
    last = warroom.roll("brigade/move-sequence", phase="2", period=3, first_mover=False, seed=1)
    assert "period 4 begins" in " ".join(last.steps) and "Fire and movement" not in " ".join(last.steps)
