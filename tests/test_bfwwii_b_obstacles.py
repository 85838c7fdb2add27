"""Seed 000 "Barbed Wire", "Anti-Tank Ditches", "Dragons Teeth or AT Obstacles", "Bocage Hedgerows" and
"Roadblocks", against numbers worked out by hand.

Bog-down checks and Improve Position rolls use tables written out here ([bog_down], [improve_position]),
or warroom's stand-in where a test says so.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
P = "bfwwii-house/"

OWN = """
[bog_down]
die_sides = 10
bogged_down_at_or_below = 3
[bog_down.terrain_modifiers]
partially_blocked_street = 0
rubble = -1
other = 0
[bog_down.mover_modifiers]
troops = 1
tracked = 0
halftracked = -1
wheeled = -2
gun = -2

[improve_position]
die_sides = 10
succeeds_on = 7
"""


@pytest.fixture
def own(tmp_path: Path) -> Path:
    path = tmp_path / "own.toml"
    path.write_text(OWN)
    return path


def crossing(obstacle: str, mover: str, base: Path | None = None) -> dict[str, F]:
    return warroom.odds(P + "obstacle-crossing", obstacle=obstacle, mover=mover, base_tables=base).as_dict()


@RULE("000", "Barbed Wire")
def test_wire_and_gaps(own: Path) -> None:
    # Ungapped wire: troops, tracked, half-tracked breach/bog-down; a track that passes makes a gap.
    # Own table: bogged on a modified 3 or less; tracked 0 -> d10 1-3.
    assert crossing("wire", "tracked", own) == {"crosses and leaves a gap": F(7, 10),
                                                "bogged down in the obstacle": F(3, 10)}
    # half-tracked -1 -> d10 1-4.
    assert crossing("wire", "halftracked", own)["bogged down in the obstacle"] == F(4, 10)
    # troops +1 -> d10 1-2; troops do not gap the wire.
    assert crossing("wire", "troops", own) == {"crosses after passing a bog-down check": F(8, 10),
                                               "bogged down in the obstacle": F(2, 10)}
    # Wheeled vehicles and guns: ungapped wire is impassable; a gap needs a breach/bog-down check (-2: d10 1-5).
    assert crossing("wire", "wheeled") == {"impassable": 1}
    assert crossing("wire_gap", "gun", own)["bogged down in the obstacle"] == F(5, 10)
    # A gap is a breach action only for troops and tracks.
    assert crossing("wire_gap", "troops") == {"crosses with a breach action": 1}
    assert crossing("wire_gap", "halftracked") == {"crosses with a breach action": 1}


@RULE("000", "Barbed Wire")
def test_wire_with_the_stand_in_bog_down_table() -> None:
    # Stand-in (BF-64): bogged on a modified 2 or less, wheeled -2 -> d10 1-4.
    odds = warroom.odds(P + "obstacle-crossing", obstacle="wire_gap", mover="wheeled")
    assert odds.as_dict() == {"crosses after passing a bog-down check": F(6, 10),
                              "bogged down in the obstacle": F(4, 10)}
    assert any("STAND-IN" in s and "[bog_down]" in s for s in odds.steps)


@RULE("000", "Anti-Tank Ditches")
def test_anti_tank_ditches() -> None:
    for mover in ("tracked", "halftracked", "wheeled", "gun"):
        assert crossing("at_ditch", mover) == {"impassable": 1}
    assert crossing("at_ditch", "troops") == {"crosses with a breach action": 1}  # leaving it
    # Filled in (or a fascine): breach/bog-down; bridged: breach, no bog-down check.
    assert "bogged down in the obstacle" in crossing("at_ditch_filled", "tracked")
    assert crossing("at_ditch_bridged", "wheeled") == {"crosses with a breach action": 1}


@RULE("000", "Dragons Teeth or AT Obstacles")
def test_dragons_teeth() -> None:
    assert crossing("dragons_teeth", "troops") == {"crosses: no action needed": 1}
    assert crossing("dragons_teeth", "tracked") == {"impassable": 1}
    # Reduced: troops no change, vehicles breach/bog-down check.
    assert crossing("dragons_teeth_reduced", "troops") == {"crosses: no action needed": 1}
    assert set(crossing("dragons_teeth_reduced", "wheeled")) == {"crosses after passing a bog-down check",
                                                                 "bogged down in the obstacle"}


@RULE("000", "Bocage Hedgerows")
def test_bocage_and_its_gaps() -> None:
    # The gap (seed): troops no action, tracked a breaching action, wheeled a breach/bog-down check.
    assert crossing("bocage_gap", "troops") == {"crosses: no action needed": 1}
    assert crossing("bocage_gap", "tracked") == {"crosses with a breach action": 1}
    assert "bogged down in the obstacle" in crossing("bocage_gap", "wheeled")
    # Ungapped, one effect worse (BF-65); a vehicle that gets through leaves a gap.
    assert crossing("bocage", "troops") == {"crosses with a breach action": 1}
    assert crossing("bocage", "wheeled") == {"impassable": 1}
    assert "crosses and leaves a gap" in crossing("bocage", "tracked")
    ruling = warroom.roll(P + "obstacle-crossing", obstacle="bocage", mover="tracked", seed=1)
    assert any("flank armour" in s for s in ruling.steps)
    cutter = warroom.roll(P + "obstacle-crossing", obstacle="bocage", mover="tracked", hedgerow_cutter=True, seed=1)
    assert not any("flank armour" in s for s in cutter.steps)


@RULE("000", "Bridging")
@RULE("000", "Hobart's \"Funnies\"-Special Engineering Vehicles")
@RULE("000", "Clearing Mines")
def test_bridges_and_lanes() -> None:
    assert crossing("bridge", "wheeled") == {"crosses with a breach action": 1}
    assert crossing("ark", "tracked") == {"crosses with a breach action": 1}
    assert crossing("conger_lane", "wheeled") == {"crosses: no action needed": 1}
    assert crossing("bobbin_lane", "wheeled") == {"crosses: no action needed": 1}
    assert crossing("line_charge_lane", "troops") == {"crosses with a breach action": 1}


@RULE("000", "Barbed Wire")
@RULE("000", "Anti-Tank Ditches")
def test_improve_position_tasks(own: Path) -> None:
    # Own IP table: 7+ on d10 + dr. dr +1 -> d10 >= 6: 5/10.
    odds = warroom.odds(P + "improve-position-task", task="wire_gap", dr=1, base_tables=own)
    assert odds.as_dict() == {"success: a gap is made in the wire": F(5, 10), "failure: no effect this turn": F(5, 10)}
    # Stand-in (BF-66): 6+ -> dr 0: 5/10; other modifiers -1: 4/10.
    fill = warroom.odds(P + "improve-position-task", task="fill_ditch", other_modifiers=-1)
    assert fill["success: the ditch is filled enough for a single vehicle: a breach/bog-down check to cross"] == F(
        4, 10)
    with pytest.raises(UsageError, match="cannot be filled in by hand"):
        warroom.odds(P + "improve-position-task", task="fill_ditch", ditch="concrete_lined")
    with pytest.raises(UsageError, match="must conform to the wire"):
        warroom.odds(P + "improve-position-task", task="wire_gap", conformed=False)


@RULE("000", "Roadblocks")
def test_creating_a_roadblock(own: Path) -> None:
    # Own IP 7+; road through a clear area -1 (the seed's lost minus sign, BF-50): d10 >= 8, 3/10.
    # Then the demolition d10: 9/10 succeed.
    odds = warroom.odds(P + "roadblock-create", road="clear", base_tables=own)
    assert odds.as_dict() == {"roadblock created": F(3, 10) * F(9, 10),
                              "preparation fails: no roadblock": F(7, 10),
                              "dud: the demolition must be prepared again": F(3, 10) * F(1, 10)}
    # Forested +1, dr +1: d10 >= 5: 6/10.
    assert warroom.odds(P + "roadblock-create", road="forested", dr=1, base_tables=own)["roadblock created"] == F(
        6, 10) * F(9, 10)
    # Already wired: only the demolition roll.
    assert warroom.odds(P + "roadblock-create", prepared=True).as_dict() == {
        "roadblock created": F(9, 10), "preparation fails: no roadblock": 0,
        "dud: the demolition must be prepared again": F(1, 10)}


@RULE("000", "Roadblocks")
def test_a_played_roadblock_names_the_minus_sign_reading() -> None:
    ruling = warroom.roll(P + "roadblock-create", road="clear", seed=3)
    (clear,) = [m for m in ruling.modifiers if "clear area" in m.label]
    assert clear.value == -1 and "BF-50" in clear.source and "BF-50" in ruling.rule.readings


@RULE("000", "Barbed Wire")
def test_artillery_on_wire() -> None:
    # IDF factor 4, troops in a log pill-box -2: +2. Stand-in troops column (BF-63): KO 10+ -> d10 8-10.
    odds = warroom.odds(P + "artillery-on-wire", idf_factor=4)
    assert odds.as_dict() == {"no effect": F(7, 10), "a gap is blown in the wire": F(3, 10)}
