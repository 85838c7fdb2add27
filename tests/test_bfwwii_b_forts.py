"""Seed 000 "Concrete Bunkers and Fortifications" (and the AVRE of Hobart's "Funnies"), against numbers
worked out by hand. The fire combat table is warroom's stand-in (BF-63): the troops column, in which a
fort is read (BF-76), suppresses on a modified 6-7, disorders on 8-9 and knocks out on 10+."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
P = "bfwwii-house/"
COLLAPSE = "kill: the fort collapses, occupants destroyed, the area becomes rubble"
PETARD = {"firer": "avre_petard", "vehicle": True, "range": 3}


@RULE("000", "Concrete Bunkers and Fortifications")
@RULE("000", "Hobart's \"Funnies\"-Special Engineering Vehicles")
def test_an_avre_petard_wears_the_armour_down() -> None:
    # Petard 5 against armour 3: +2. No effect d10 1-3; suppressed d10 4-5; disordered 6-7; kill 8-10.
    odds = warroom.odds(P + "fort-fire", PETARD, attack=5, armour=3)
    assert odds.as_dict() == {
        "no effect": F(3, 10),
        "occupants suppressed; the fort's armour reduced to 2": F(2, 10),
        "occupants disordered; the fort's armour reduced to 2": F(2, 10),
        COLLAPSE: F(3, 10),
    }


@RULE("000", "Concrete Bunkers and Fortifications")
def test_armour_reduced_to_one_is_rubble_with_the_occupants_alive() -> None:
    # "If the armour value is reduced to 1, the fort is reduced to rubble, but the occupants survive."
    # A log bunker (armour 2), petard 4: +2 as above.
    odds = warroom.odds(P + "fort-fire", PETARD, attack=4, armour=2)
    assert odds["the fort is reduced to rubble; the occupants survive, suppressed"] == F(2, 10)
    assert odds["the fort is reduced to rubble; the occupants survive, disordered"] == F(2, 10)
    for seed in range(30):
        ruling = warroom.roll(P + "fort-fire", PETARD, attack=4, armour=2, seed=seed)
        if "rubble; the occupants survive" in ruling.result:
            assert ruling.after == {"armour": 1}
            return
    raise AssertionError("no rubble result in 30 seeds")


@RULE("000", "Concrete Bunkers and Fortifications")
def test_ordinary_direct_fire_only_touches_the_occupants() -> None:
    odds = warroom.odds(P + "fort-fire", firer="direct", attack=5, armour=3)
    assert odds.as_dict() == {"no effect": F(3, 10), "occupants suppressed": F(2, 10),
                              "occupants disordered": F(2, 10), COLLAPSE: F(3, 10)}
    # The unmodified strength must equal or exceed the armour to have any effect (BF-87).
    assert warroom.odds(P + "fort-fire", firer="shaped_charge", attack=2, armour=3).as_dict()["no effect"] == 1


@RULE("000", "Concrete Bunkers and Fortifications")
def test_who_may_fire_at_a_fort_and_how() -> None:
    with pytest.raises(UsageError, match="indirect artillery fire is useless against forts"):
        warroom.odds(P + "fort-fire", firer="artillery", attack=6)
    with pytest.raises(UsageError, match='maximum range against a fort is 5"'):
        warroom.odds(P + "fort-fire", firer="direct", attack=6, range=6)
    with pytest.raises(UsageError, match="must be emplaced"):
        warroom.odds(P + "fort-fire", firer="direct", attack=6, vehicle=True, emplaced=False)
    with pytest.raises(UsageError, match="SPOTTED, not suspected"):
        warroom.odds(P + "fort-fire", firer="direct", attack=6, spotted=False)
    with pytest.raises(UsageError, match="is rubble already"):
        warroom.odds(P + "fort-fire", firer="direct", attack=6, armour=1)
    with pytest.raises(UsageError, match="mapped before the game"):
        warroom.odds(P + "fort-fire", firer="dive_bomber", attack=6)
    # A pre-mapped dive bomber resolves as direct fire, range aside: 6 - 3 = +3, kill d10 7-10.
    bomber = warroom.odds(P + "fort-fire", firer="dive_bomber", attack=6, pre_mapped=True)
    assert bomber[COLLAPSE] == F(4, 10)


@RULE("000", "Concrete Bunkers and Fortifications")
def test_engineer_demolitions() -> None:
    # Two charges against armour 5: 4 + 2 - 5 = +1, after the demolition action (a 1 is a dud).
    # No effect d10 1-4; suppressed 5-6; disordered 7-8; kill 9-10; each times 9/10.
    odds = warroom.odds(P + "fort-demolition", charges=2, armour=5)
    assert odds.as_dict() == {
        "dud: the charges must be prepared again": F(1, 10),
        "no effect": F(9, 10) * F(4, 10),
        "occupants suppressed; the fort's armour reduced to 4": F(9, 10) * F(2, 10),
        "occupants disordered; the fort's armour reduced to 4": F(9, 10) * F(2, 10),
        COLLAPSE: F(9, 10) * F(2, 10),
        "cancelled: opportunity fire stopped the action this turn": 0,
    }
    # One charge of 4 against armour 6 still may hurt it (BF-75): -2, suppressed d10 8-9, disordered d10 10.
    big = warroom.odds(P + "fort-demolition", armour=6)
    assert big["occupants suppressed; the fort's armour reduced to 5"] == F(9, 10) * F(2, 10)
    assert big[COLLAPSE] == 0
    with pytest.raises(UsageError, match='within 1" of the fort'):
        warroom.odds(P + "fort-demolition", distance=2)
    with pytest.raises(UsageError, match="engineer units use demolitions"):
        warroom.odds(P + "fort-demolition", unit="other")


@RULE("000", "Concrete Bunkers and Fortifications")
def test_wearing_a_fort_down_shot_after_shot() -> None:
    # A log bunker (2), petard 2: each shot +0. Kill on d10 = 10 (1/10); suppressed/disordered on 6-9 (4/10)
    # takes the armour to 1: rubble, occupants alive; no effect 1-5 (1/2).
    odds = warroom.odds(P + "fort-siege", attacker="avre_petard", attack=2, armour=2, within=2)
    assert odds["collapses on attack 1: occupants destroyed"] == F(1, 10)
    assert odds["rubble on attack 1: occupants survive"] == F(4, 10)
    assert odds["collapses on attack 2: occupants destroyed"] == F(1, 2) * F(1, 10)
    assert odds["rubble on attack 2: occupants survive"] == F(1, 2) * F(4, 10)
    assert odds["still standing after 2 attacks"] == F(1, 4)
    # A petard weaker than the armour never hurts it.
    assert warroom.odds(P + "fort-siege", attacker="avre_petard", attack=4, armour=5, within=3)[
        "still standing after 3 attacks"] == 1
    # Demolitions, one charge against armour 3: dud 1/10; else +1: kill d10 9-10, so 9/10 x 2/10 on attack 1.
    demo = warroom.odds(P + "fort-siege", attacker="demolitions", armour=3, within=1)
    assert demo["collapses on attack 1: occupants destroyed"] == F(9, 50)


@RULE("000", "Concrete Bunkers and Fortifications")
def test_fire_on_the_occupants() -> None:
    # Attack 5 - armour 3 = +2, troops column.
    odds = warroom.odds(P + "fort-occupants-fire", attack=5, armour=3, fire="idf")
    assert odds.as_dict() == {"no effect": F(3, 10), "occupants suppressed": F(2, 10),
                              "occupants disordered": F(2, 10), "occupants knocked out": F(3, 10)}


@RULE("000", "Concrete Bunkers and Fortifications")
def test_close_combat_against_a_fort() -> None:
    # Attacker d10 + 2 against defenders d10 + armour 3: margin m = (a - d) - 1.
    odds = warroom.odds(P + "fort-close-combat", attacker="engineers", attacker_modifier=2, armour=3)
    # Stand-in (BF-84): loser by 1-2 falls back, 3-5 falls back disordered, 6+ knocked out; tie none.
    assert odds["no result"] == F(9, 100)  # a - d = 1
    assert odds["occupants knocked out"] == F(3 + 2 + 1, 100)  # a - d >= 7
    assert odds["attackers knocked out"] == F(5 + 4 + 3 + 2 + 1, 100)  # a - d <= -5
    assert sum(odds.as_dict().values()) == 1
    with pytest.raises(UsageError, match="only engineers, vehicles allowed to close combat built-up areas"):
        warroom.odds(P + "fort-close-combat", attacker="other", attacker_modifier=2)
    with pytest.raises(UsageError, match="lose all benefits of the fort"):
        warroom.odds(P + "fort-close-combat", attacker="avre", attacker_modifier=2, occupants_initiate=True)
    with pytest.raises(UsageError, match="close combat rating of 0"):
        warroom.odds(P + "fort-close-combat", attacker="assault_troops", attacker_modifier=2, attacker_rating=0)


@RULE("000", "Concrete Bunkers and Fortifications")
def test_siege_inputs_are_checked() -> None:
    with pytest.raises(UsageError, match="give the AVRE's unmodified attack strength"):
        warroom.odds(P + "fort-siege", attacker="avre_petard")
    with pytest.raises(UsageError, match="only the fort's armour as a modifier"):
        warroom.odds(P + "fort-siege", attacker="demolitions", attack=5)
    with pytest.raises(UsageError, match="is for attacker=demolitions"):
        warroom.odds(P + "fort-siege", attacker="avre_petard", attack=5, charges=2)


@RULE("000", "Concrete Bunkers and Fortifications")
def test_a_played_siege_counts_its_attacks() -> None:
    # Each petard shot shows one d10; the ruling's attack count is the number of shots rolled.
    for seed in range(10):
        ruling = warroom.roll(P + "fort-siege", attacker="avre_petard", attack=6, armour=4, within=10, seed=seed)
        shots = [d for d in ruling.dice if d.label.endswith("attack")]
        if ruling.result.startswith("still standing"):
            assert len(shots) == 10
        else:
            assert ruling.result.split(" on attack ")[1].startswith(f"{len(shots)}:")
