"""Seed 000 Hobart's "Funnies" and "Miscellaneous Additional Rules and Restrictions", by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
P = "bfwwii-house/"


@RULE("000", "Hobart's \"Funnies\"-Special Engineering Vehicles")
def test_a_dd_tank_swimming() -> None:
    # d10 each phase, sinks on 1: 9/10 afloat a phase.
    calm = warroom.odds(P + "dd-swim", phases=3)
    assert calm.as_dict() == {"swims all 3 phases": F(9, 10) ** 3, "sinks in phase 1": F(1, 10),
                              "sinks in phase 2": F(9, 100), "sinks in phase 3": F(81, 1000)}
    # Rough water -1: sinks on 1-2.
    rough = warroom.odds(P + "dd-swim", phases=2, rough=True)
    assert rough.as_dict() == {"swims all 2 phases": F(16, 25), "sinks in phase 1": F(1, 5),
                               "sinks in phase 2": F(4, 25)}


@RULE("000", "Hobart's \"Funnies\"-Special Engineering Vehicles")
def test_the_conger() -> None:
    odds = warroom.odds(P + "conger", obstacle="dragons_teeth")
    assert odds['lane cleared: 3" long by 2" wide, crossed with no breach action'] == F(9, 10)
    assert odds["dud: no lane"] == F(1, 10)
    # A Disorder on the towing AVRE is a Knock-Out.
    assert warroom.odds(P + "conger", obstacle="wire", opportunity_fire="disordered")[
        "the AVRE is knocked out by opportunity fire (a Disorder counts as a KO)"] == 1
    with pytest.raises(UsageError, match="works against minefield, wire, dragons_teeth, roadblock"):
        warroom.odds(P + "conger", obstacle="at_ditch")
    with pytest.raises(UsageError, match="only once, even if it failed"):
        warroom.odds(P + "conger", obstacle="wire", used=True)
    with pytest.raises(UsageError, match="consecutive turns"):
        warroom.odds(P + "conger", obstacle="wire", fired_last_turn=False)


@RULE("000", "Hobart's \"Funnies\"-Special Engineering Vehicles")
def test_a_disorder_destroys_a_swimming_dd_or_a_conger_avre() -> None:
    # Stand-in armoured-vehicle column (BF-63): disordered 8-9, KO 10+. Attack 4: disordered d10 4-5, KO d10 6+.
    dd = warroom.odds(P + "fire-on-funny", vehicle="dd_swimming", attack=4)
    assert dd.as_dict() == {"no effect": F(3, 10), "sunk: a Disorder destroys a swimming DD tank": F(2, 10),
                            "knocked out": F(5, 10)}
    # A Conger's AVRE: the Disorder (2/10) is a knock-out, with the KO proper (5/10): one row, 7/10.
    conger = warroom.odds(P + "fire-on-funny", vehicle="conger_avre", attack=4)
    assert conger.as_dict() == {"no effect": F(3, 10), "knocked out": F(7, 10)}


@RULE("000", "Miscellaneous Additional Rules and Restrictions")
def test_transport_and_me_size() -> None:
    assert warroom.odds(P + "transport-counts", transport="soft_skin").as_dict() == {
        "not part of the ME's size; a casualty if destroyed": 1}
    assert warroom.odds(P + "transport-counts", transport="armoured").as_dict() == {
        "part of the ME's size, and a casualty if destroyed": 1}


@RULE("000", "Miscellaneous Additional Rules and Restrictions")
def test_grenades_against_an_open_topped_overrun() -> None:
    # Attack 3, +1 grenades: +4 on the armoured-vehicle column: disordered d10 4-5, KO d10 6+.
    odds = warroom.odds(P + "overrun-defensive-fire", attack=3)
    assert odds.as_dict() == {"no effect": F(3, 10), "suppressed": 0, "disordered": F(2, 10),
                              "knocked out": F(5, 10)}
    # Troops with a Panzerfaust get no +1: +3, KO d10 7+.
    assert warroom.odds(P + "overrun-defensive-fire", attack=3, at_weapons=True)["knocked out"] == F(4, 10)
    assert warroom.odds(P + "overrun-defensive-fire", attack=3, open_topped=False)["knocked out"] == F(4, 10)


@RULE("000", "Miscellaneous Additional Rules and Restrictions")
def test_close_combat_with_a_bogged_down_vehicle() -> None:
    # Troops d10 + 1 against the vehicle d10 + 2 - 2 (bogged: as against concealed troops): m = (a - b) + 1.
    # Stand-in (BF-84): loser by 1-2 falls back, 3-5 falls back disordered, 6+ KO.
    odds = warroom.odds(P + "close-combat-bogged-vehicle", troops_modifier=1, vehicle_modifier=2)
    assert odds["vehicle knocked out"] == F(5 + 4 + 3 + 2 + 1, 100)  # a - b >= 5
    # Any fall back result: the bogged vehicle surrenders (BF-82): a - b from 0 to 4.
    assert odds["vehicle surrenders: bogged down, it cannot fall back (counts as knocked out)"] == F(
        10 + 9 + 8 + 7 + 6, 100)
    assert odds["no result"] == F(9, 100)  # a - b = -1
    # The -2 applies once, concealed or not.
    concealed = warroom.odds(P + "close-combat-bogged-vehicle", troops_modifier=1, vehicle_modifier=2,
                             troops_concealed=True)
    assert concealed.as_dict() == odds.as_dict()


@RULE("000", "Miscellaneous Additional Rules and Restrictions")
def test_a_vehicle_bogging_down_as_it_falls_back_surrenders() -> None:
    # Not bogged, even (m = a - b); a wheeled vehicle falling back through bog-down terrain: stand-in bog-down
    # (BF-64) bogs it on d10 - 2 <= 2, i.e. d10 1-4: 4/10.
    odds = warroom.odds(P + "close-combat-bogged-vehicle", bogged=False, fall_back_bog_check=True,
                        vehicle_kind="wheeled")
    falls_back = F(9 + 8, 100)  # m 1-2
    disordered = F(7 + 6 + 5, 100)  # m 3-5
    assert odds["vehicle bogs down in the first inch of falling back: surrenders (counts as knocked out)"] == (
        falls_back + disordered) * F(4, 10)
    assert odds["vehicle falls back"] == falls_back * F(6, 10)
    assert odds["vehicle falls back disordered"] == disordered * F(6, 10)
    with pytest.raises(UsageError, match="cannot fall back at all"):
        warroom.odds(P + "close-combat-bogged-vehicle", bogged=True, fall_back_bog_check=True)


@RULE("000", "Restrictions on Close Combat")
def test_restrictions_on_close_combat() -> None:
    # The file's last sentence (BF-81): rated 0, a unit needs a suppressed, disordered or concealed target.
    assert warroom.odds(P + "may-initiate-close-combat", attacker_rating=0).as_dict() == {
        "may not initiate: close combat rating 0 and the target is not disadvantaged": 1}
    for state in ("suppressed", "disordered", "concealed"):
        assert warroom.odds(P + "may-initiate-close-combat", attacker_rating=0, target_state=state).as_dict() == {
            "may initiate close combat": 1}
    assert warroom.odds(P + "may-initiate-close-combat", attacker_rating=2).as_dict() == {
        "may initiate close combat": 1}
    with pytest.raises(UsageError, match="close combat rating of 0"):
        warroom.odds(P + "close-combat-bogged-vehicle", attacker_rating=0)
