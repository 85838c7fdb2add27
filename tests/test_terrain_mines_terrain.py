"""Seed 003 "Terrain, Buildings and Other Features": the terrain catalogue, its API, the terrain ruling
and the bog-down check, against the seed's own words and numbers."""

from __future__ import annotations

import dataclasses
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.cli import main
from warroom.core.errors import TableError, UsageError
from warroom.core.tables import load_table
from warroom.rulesets.terrain_mines.terrain import (
    SCALES,
    TERRAIN_FILE,
    Catalogue,
    terrain_effects,
    terrain_kinds,
    unit_kinds,
)

RULE = pytest.mark.rule
PROC = "terrain-mines/terrain"
BOG = "terrain-mines/bog-down"

# Every terrain type the seed names (items 1-14, Buildings, Bridges) and the solitary trees of item 2.
SEED_TERRAIN = {
    "clear", "woods", "light_woods", "heavy_woods", "solitary_tree", "bocage", "hedge", "primary_road",
    "secondary_road", "river", "hill", "wheat_field", "ridge", "scrub", "soft_ground", "rubble", "building",
    "stone_bridge", "other_bridge",
}
UNITS = ("tank", "tracked", "half_track", "armoured_car", "wheeled", "infantry", "cavalry")


# --- the catalogue --------------------------------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_the_catalogue_covers_every_terrain_scale_and_unit() -> None:
    assert set(terrain_kinds()) == SEED_TERRAIN
    assert tuple(unit_kinds()) == UNITS
    for kind in SEED_TERRAIN:
        for scale in SCALES:
            for unit in UNITS:
                fx = terrain_effects(kind, scale, unit)
                assert fx.movement in ("yes", "following", "crossing", "no", "judge")
                assert fx.movement_rule and fx.sighting_rule and fx.cover_rule
                assert (fx.speed is not None) == (fx.movement in ("yes", "following"))


@RULE("003", "Terrain, Buildings and Other Features")
def test_records_are_frozen_and_names_are_checked() -> None:
    fx = terrain_effects("woods", "1/72", "tank")
    with pytest.raises(dataclasses.FrozenInstanceError):
        fx.speed = F(1)  # type: ignore[misc]
    assert terrain_effects("hedgerow", "1/72", "infantry").terrain == "bocage"  # the seed's other name
    assert terrain_effects("marsh", "1/72", "tank").terrain == "soft_ground"
    with pytest.raises(UsageError, match="unknown terrain 'swamp'"):
        terrain_effects("swamp", "1/72", "tank")
    with pytest.raises(UsageError, match="unknown unit kind 'tnak' \\(did you mean 'tank'"):
        terrain_effects("woods", "1/72", "tnak")
    with pytest.raises(UsageError, match="scales are: 1/72, 1/285"):
        terrain_effects("woods", "1/300", "tank")


@RULE("003", "Terrain, Buildings and Other Features")
def test_woods() -> None:
    # "Tanks and troops move through at half speed." "Sighting is not possible more than 3 inches into the woods."
    tank = terrain_effects("woods", "1/72", "tank")
    assert (tank.movement, tank.speed, tank.rate, tank.los, tank.sight_limit_inches) == (
        "yes", F(1, 2), "off_road", "limited", 3.0)
    assert terrain_effects("woods", "1/72", "infantry").speed == F(1, 2)
    # Wheeled and half-tracked vehicles only following a tank within 6" (3" in 1/285).
    for unit in ("half_track", "wheeled", "armoured_car"):
        fx = terrain_effects("woods", "1/72", unit)
        assert (fx.movement, fx.follow, fx.follow_within_inches) == ("following", "fully_tracked", 6.0)
        assert terrain_effects("woods", "1/285", unit).follow_within_inches == 3.0
    assert terrain_effects("woods", "1/285", "tank").sight_limit_inches == 1.5  # TM-2: 3" halved
    assert tank.allowance(8) == 4.0  # half of an 8" off-road move


@RULE("003", "Terrain, Buildings and Other Features")
def test_light_and_heavy_woods() -> None:
    # Light woods: tracked and semi-tracked at ½ off-road speed (TM-1); armoured cars follow AFV tracks; 4".
    for unit in ("tank", "tracked", "half_track"):
        assert terrain_effects("light_woods", "1/72", unit).speed == F(1, 2)
    car = terrain_effects("light_woods", "1/72", "armoured_car")
    assert (car.movement, car.follow, car.speed) == ("following", "afv", F(1, 2))
    assert terrain_effects("light_woods", "1/72", "tank").sight_limit_inches == 4.0
    assert terrain_effects("light_woods", "1/285", "tank").sight_limit_inches == 2.0
    # Heavy woods: no vehicles unless the judge placed them; sighting stops at 2" (1" in 1/285).
    assert terrain_effects("heavy_woods", "1/72", "tank").movement == "no"
    assert terrain_effects("heavy_woods", "1/72", "tank", judge_placed=True).movement == "judge"
    assert terrain_effects("heavy_woods", "1/72", "infantry").sight_limit_inches == 2.0
    assert terrain_effects("heavy_woods", "1/285", "infantry").sight_limit_inches == 1.0


@RULE("003", "Terrain, Buildings and Other Features")
def test_solitary_trees() -> None:
    # "Solitary trees do not block LOS in 1/72 scale (in 1/285, the judge must declare ...)".
    assert terrain_effects("solitary_tree", "1/72", "tank").los == "clear"
    assert terrain_effects("solitary_tree", "1/285", "tank").los == "judge"


@RULE("003", "Terrain, Buildings and Other Features")
def test_bocage_and_hedges() -> None:
    # Bocage: troops cross with a one-turn penalty; tanks only with hedgerow cutters; no LOS or firing through.
    assert terrain_effects("bocage", "1/72", "infantry").penalty_turns == 1
    assert terrain_effects("bocage", "1/72", "tank").movement == "no"
    cut = terrain_effects("bocage", "1/72", "tank", hedgerow_cutters=True)
    assert (cut.movement, cut.penalty_turns, cut.los, cut.fire_through) == ("crossing", 1, "blocked", "no")
    assert terrain_effects("bocage", "1/72", "half_track").movement == "no"  # TM-5
    assert terrain_effects("bocage", "1/72", "infantry").protection == "hidden"
    # Hedges: fully tracked vehicles cross with a 4" penalty (2" at 1/285, TM-2); infantry delayed one turn;
    # no LOS or firing through unless the vehicle is touching.
    hedge = terrain_effects("hedge", "1/72", "tank")
    assert (hedge.movement, hedge.penalty_inches, hedge.los, hedge.fire_through) == (
        "crossing", 4.0, "blocked_unless_touching", "only_touching")
    assert terrain_effects("hedge", "1/285", "tracked").penalty_inches == 2.0
    assert terrain_effects("hedge", "1/72", "infantry").penalty_turns == 1
    assert terrain_effects("hedge", "1/72", "wheeled").movement == "no"


@RULE("003", "Terrain, Buildings and Other Features")
def test_roads_rivers_hills_wheat_and_ridges() -> None:
    assert terrain_effects("primary_road", "1/72", "wheeled").rate == "on_road"
    assert terrain_effects("secondary_road", "1/72", "wheeled").rate == "secondary_road"
    # Rivers are non-fordable unless the judge designates otherwise.
    assert terrain_effects("river", "1/72", "tank").movement == "no"
    assert terrain_effects("river", "1/72", "tank", ford=True).movement == "yes"
    assert terrain_effects("hill", "1/72", "tank").los == "contours"
    # Wheat: blocks LOS on the same level for infantry only.
    assert terrain_effects("wheat_field", "1/72", "infantry").los == "blocked_same_level"
    assert terrain_effects("wheat_field", "1/72", "cavalry").los == "clear"
    assert terrain_effects("wheat_field", "1/72", "tank").los == "clear"
    # Ridge: blocks LOS unless sighting from a hill; to fire over it a vehicle must be touching it.
    ridge = terrain_effects("ridge", "1/72", "tank")
    assert (ridge.los, ridge.fire_through, ridge.protection) == (
        "blocked_unless_from_hill", "only_touching", "hull_down_judge")


@RULE("003", "Terrain, Buildings and Other Features")
def test_scrub_soft_ground_rubble_buildings_and_bridges() -> None:
    # Scrub: infantry and cavalry at 2/3; vehicles unaffected; no sighting effect on AFVs.
    assert terrain_effects("scrub", "1/72", "cavalry").speed == F(2, 3)
    assert terrain_effects("scrub", "1/72", "tank").speed == 1
    assert terrain_effects("scrub", "1/72", "tank").los == "clear"
    # Soft ground triples the movement cost; vehicles check for bog-down, 20% unless the judge sets it.
    marsh = terrain_effects("soft_ground", "1/72", "half_track")
    assert (marsh.speed, marsh.bog_check, marsh.bog_down_percent) == (F(1, 3), True, 20)
    assert terrain_effects("soft_ground", "1/72", "infantry").bog_check is False
    # Rubble: infantry as a wall; AFVs hull down (I); at 1/285 judged by the model.
    assert terrain_effects("rubble", "1/72", "infantry").protection == "wall"
    assert terrain_effects("rubble", "1/72", "tank").hull_down == "granted"
    assert terrain_effects("rubble", "1/285", "tank").hull_down == "judged_by_model"
    assert terrain_effects("rubble", "1/72", "wheeled").protection == "none_given"
    assert terrain_effects("building", "1/72", "tank").movement == "no"
    assert terrain_effects("building", "1/72", "infantry").los == "judge"
    # Stone bridges do not block LOS; vehicles hull down (I); infantry a stone wall.
    assert terrain_effects("stone_bridge", "1/72", "wheeled").protection == "hull_down_I"
    assert terrain_effects("stone_bridge", "1/72", "infantry").protection == "stone_wall"
    assert terrain_effects("other_bridge", "1/72", "tank").los == "judge"


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_broken_catalogue_is_refused_with_the_key(tmp_path: Path) -> None:
    text = TERRAIN_FILE.read_text()
    missing = tmp_path / "missing.toml"
    missing.write_text(text.replace('tank = { allowed = "yes", speed = "1/2", rule = "Tanks and troops move '
                                    'through at half speed." }\n', "", 1))
    with pytest.raises(TableError, match=r"terrain woods\.movement: no entry for tank"):
        load_table(missing, Catalogue)
    bad_speed = tmp_path / "speed.toml"
    bad_speed.write_text(text.replace('speed = "2/3"', 'speed = "3/2"', 1))
    with pytest.raises(TableError, match="must be a share of the rate"):
        load_table(bad_speed, Catalogue)
    one_scale = tmp_path / "scale.toml"
    one_scale.write_text(text.replace('[terrain.clear.scale."1/285"]\n', "", 1))
    with pytest.raises(TableError, match="terrain clear"):
        load_table(one_scale, Catalogue)


# --- the terrain ruling ------------------------------------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_terrain_ruling_cites_every_term() -> None:
    ruling = warroom.roll(PROC, terrain="woods", unit="half_track", speed=8)
    assert ruling.result == "moves only following"
    text = str(ruling)
    assert "within 6\"" in text and "1/2 of its off-road speed = 4\" of its 8\"" in text
    assert "Sighting is not possible more than 3 inches into the woods." in text
    assert "003 Terrain item 2" in text and "TM-4" in text
    odds = warroom.odds(PROC, terrain="woods", unit="half_track", scale="1/285")
    assert odds["moves only following"] == 1 and "within 3\"" in "\n".join(odds.steps)


@RULE("003", "Terrain, Buildings and Other Features")
def test_terrain_ruling_rows() -> None:
    def row(**kw: object) -> str:
        return warroom.roll(PROC, kw).result

    assert row(terrain="clear", unit="wheeled") == "moves normally"
    assert row(terrain="scrub", unit="infantry") == "moves at reduced speed"
    assert row(terrain="hedgerow", unit="tank", hedgerow_cutters=True) == "crosses with a penalty"
    assert row(terrain="bocage", unit="tank") == "may not enter"
    assert row(terrain="heavy_woods", unit="tank", judge_placed=True) == "only where the judge placed it"
    assert row(terrain="river", unit="infantry", ford=True) == "moves normally"
    assert row(terrain="stone_bridge", unit="tank", tons=45, bridge_limit=40) == "may not enter"
    assert row(terrain="stone_bridge", unit="tank", tons=35, bridge_limit=40) == "moves normally"
    hedge = "\n".join(warroom.roll(PROC, terrain="hedge", unit="tank", touching=True).steps)
    assert "LOS: open through it, the vehicle touching it" in hedge
    ridge = "\n".join(warroom.roll(PROC, terrain="ridge", unit="infantry", from_hill=True).steps)
    assert "sighting from a hill" in ridge


@RULE("003", "Terrain, Buildings and Other Features")
@pytest.mark.parametrize(("params", "message"), [
    ({"terrain": "bocage", "unit": "wheeled", "hedgerow_cutters": True}, "not to a wheeled soft vehicle"),
    ({"terrain": "woods", "unit": "tank", "hedgerow_cutters": True}, "only matters for terrain=bocage"),
    ({"terrain": "woods", "unit": "tank", "ford": True}, "only matters for terrain=river"),
    ({"terrain": "heavy_woods", "unit": "infantry", "judge_placed": True}, "is for vehicles"),
    ({"terrain": "hedge", "unit": "infantry", "touching": True}, "not infantry"),
    ({"terrain": "woods", "unit": "tank", "from_hill": True}, "only matters for terrain=ridge"),
    ({"terrain": "stone_bridge", "unit": "infantry", "tons": 3}, "a weight is for vehicles"),
    ({"terrain": "stone_bridge", "unit": "tank", "bridge_limit": 40}, "give the vehicle's weight too"),
    ({"terrain": "stone_bridge", "unit": "tank", "tons": 300}, "tons is a whole number from 0 to 200"),
    ({"terrain": "swamp", "unit": "tank"}, "terrain=swamp is not allowed"),
])
def test_terrain_bad_input(params: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        warroom.odds(PROC, params)


# --- bog-down -------------------------------------------------------------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_bog_down_default_and_per_move() -> None:
    # Default 20%: bogged on 01-20.
    assert warroom.odds(BOG).as_dict() == {"bogged down": F(20, 100), "not bogged down": F(80, 100)}
    # Three moves, one check each: 1/5, 4/5 x 1/5, (4/5)^2 x 1/5, (4/5)^3.
    assert warroom.odds(BOG, unit="wheeled", moves=3).as_dict() == {
        "bogged down on move 1": F(1, 5), "bogged down on move 2": F(4, 25), "bogged down on move 3": F(16, 125),
        "not bogged down in 3 moves": F(64, 125)}
    assert warroom.odds(BOG, chance=35)["bogged down"] == F(35, 100)  # the judge's chance
    assert warroom.odds(BOG, chance=0)["bogged down"] == 0
    ruling = warroom.roll(BOG, moves=3, rolls="55,07")
    assert ruling.result == "bogged down on move 2" and [d.value for d in ruling.dice] == [55, 7]


@RULE("003", "Terrain, Buildings and Other Features")
@pytest.mark.parametrize(("params", "message"), [
    ({"unit": "infantry"}, "only vehicles bog down"),
    ({"chance": 120}, "chance is a whole number from 0 to 100"),
    ({"chance": -5}, "chance is a whole number from 0 to 100"),
    ({"moves": 2, "rolls": "10,20,30"}, "one roll per move"),
])
def test_bog_down_bad_input(params: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        warroom.odds(BOG, params)


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_bad_value_on_the_command_line_is_one_line(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["warroom", "odds", "terrain-mines/bog-down", "chance=150"])
    with pytest.raises(SystemExit) as exit_:
        main()
    _, err = capsys.readouterr()
    assert exit_.value.code == 2
    assert err.strip().count("\n") == 0 and "chance is a whole number from 0 to 100" in err


# --- readings and citations ---------------------------------------------------------------------------------


@RULE("003", "MINES")
@RULE("003", "Terrain, Buildings and Other Features")
def test_every_reading_is_written_down_and_every_procedure_cites_its_seed() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "rulings.md").read_text()
    assert "## Terrain & Mines" in doc
    cited: set[str] = set()
    for spec in warroom.procedures("terrain-mines"):
        assert spec.run.__doc__ and "Seed 003" in spec.run.__doc__, spec.id
        cited.update(spec.rule.readings)
    for kind in terrain_kinds():
        for scale in SCALES:
            for unit in UNITS:
                cited.update(terrain_effects(kind, scale, unit).readings)
    for reading in sorted(cited):
        assert f"| {reading} |" in doc, f"{reading} is cited but not in docs/rulings.md"
    written = {line.split("|")[1].strip() for line in doc.splitlines() if line.startswith("| TM-")}
    assert written == cited  # no reading written down that nothing applies
