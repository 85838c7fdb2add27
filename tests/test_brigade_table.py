"""The Brigade table: features from plain data, the Brigade reading of seed 003's terrain, bad data.

Seed 004 "WW2 Rules for Brigade level games" (1" = 20 yards) on seed 003's terrain. Every
expected value is worked out by hand from the seeds and the readings BR-1 ... BR-34
(docs/rulings.md), never read back from the engine's own tables.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pydantic
import pytest

from warroom.core.errors import TableError, UsageError
from warroom.core.tables import load_table
from warroom.rulesets.brigade.movement_table import MOVEMENT, MovementTables, Rate, mover, unit_of
from warroom.rulesets.brigade.table import (
    TERRAIN_FILE,
    Battlefield,
    BattlefieldError,
    TerrainMapping,
    effects,
    kind_key,
)
from warroom.rulesets.terrain_mines.terrain import terrain_kinds

RULE = pytest.mark.rule


def rect(x: float, y: float, w: float, h: float) -> list[list[float]]:
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]


def table(*features: dict[str, Any], width: float = 72, depth: float = 48) -> Battlefield:
    return Battlefield.from_data({"width": width, "depth": depth, "features": list(features)})


def fails(match: str, *features: dict[str, Any]) -> str:
    with pytest.raises(BattlefieldError, match=match) as err:
        table(*features)
    return str(err.value)


# --- building a table --------------------------------------------------------------------------------


@RULE("004", "Basic scales")
@RULE("003", "Terrain, Buildings and Other Features")
def test_a_table_from_plain_data_holds_every_kind_of_feature() -> None:
    bf = table(
        {"name": "Bois", "kind": "woods", "points": rect(20, 10, 10, 10)},
        {"name": "Copse", "kind": "light woods", "points": rect(40, 10, 4, 4)},
        {"name": "Forest", "kind": "heavy-woods", "points": rect(2, 2, 5, 5)},
        {"name": "Wheat", "kind": "wheat", "points": rect(55, 30, 10, 10)},
        {"name": "Brush", "kind": "scrub", "points": rect(20, 30, 4, 4)},
        {"name": "Marsh", "kind": "marsh", "points": rect(30, 30, 4, 4)},
        {"name": "Ruins", "kind": "rubble", "points": rect(40, 30, 3, 3)},
        {"name": "Farm", "kind": "building", "material": "stone", "storeys": 2, "points": rect(33, 5, 3, 3)},
        {"name": "Hill 112", "kind": "hill", "points": rect(0, 30, 12, 18), "upper_levels": [rect(2, 34, 8, 10)]},
        {"name": "Bocage", "kind": "hedgerow", "points": [[14, 30], [14, 48]]},
        {"name": "Hedge", "kind": "hedges", "points": [[50, 0], [50, 20]]},
        {"name": "N13", "kind": "road", "lanes": 2, "points": [[0, 25], [72, 25]]},
        {"name": "Track", "kind": "secondary_road", "points": [[36, 0], [36, 24]]},
        {"name": "Aure", "kind": "river", "points": [[60, 0], [60, 48]]},
        {"name": "Pont", "kind": "bridge", "weight_limit_tons": 30, "points": [[58, 25], [62, 25]]},
        {"name": "Crest", "kind": "ridge", "height_ft": 15, "points": [[45, 40], [54, 47]]},
        {"name": "Wall", "kind": "wall", "points": [[20, 40], [30, 40]]},
        {"name": "Rocks", "kind": "rough_ground", "points": rect(44, 20, 3, 3)},
        {"name": "Slits", "kind": "slit_trench", "points": rect(21, 11, 1, 1)},
        {"name": "Pillbox", "kind": "fortification", "points": rect(48, 30, 1, 1)},
    )
    assert len(bf.features) == 20
    # aliases are read as seed 003's kinds (hedgerow = bocage, road = primary road, bridge = stone bridge)
    assert [bf.feature(n).kind for n in ("Bocage", "N13", "Pont", "Marsh", "Copse")] == [
        "bocage", "primary_road", "stone_bridge", "soft_ground", "light_woods"]
    assert bf.feature("Farm").label == "'Farm' (Building)"
    # the slit trench may lie in the woods: works sit in any ground but a building (BR-27)
    assert {p.role for p in bf.layout.pieces} == {"cover", "contour", "line", "corridor", "works"}


@RULE("003", "Terrain, Buildings and Other Features")
def test_hill_levels_add_their_height_and_roads_rivers_bridges_have_widths() -> None:
    bf = table(
        {"name": "H", "kind": "hill", "points": rect(0, 0, 20, 20), "upper_levels": [rect(2, 2, 16, 16),
                                                                                    rect(5, 5, 5, 5)]},
        {"name": "K", "kind": "hill", "level_height_ft": 30, "points": rect(30, 0, 10, 10)},
        {"name": "One", "kind": "primary_road", "lanes": 1, "points": [[0, 30], [72, 30]]},
        {"name": "Two", "kind": "primary_road", "lanes": 2, "points": [[0, 40], [72, 40]]},
        {"name": "River", "kind": "river", "points": [[60, 0], [60, 48]]},
        {"name": "Wide", "kind": "river", "width": 4, "points": [[66, 0], [66, 48]]},
    )
    contours = [(p.level, p.top_ft) for p in bf.layout.pieces if p.role == "contour"]
    # 20 ft a level unless given (BR-9): levels 1, 2, 3 of H at 20, 40, 60 ft; K's one level at 30 ft
    assert contours == [(1, 20.0), (2, 40.0), (3, 60.0), (1, 30.0)]
    areas = {bf.features[p.feature].name: p.geom.area for p in bf.layout.pieces if p.role == "corridor"}
    # single lane 1" x 72", double lane 1.5" x 72", river 2" x 48", a 4" river 4" x 48" (BR-7, BR-8)
    assert areas == pytest.approx({"One": 72.0, "Two": 108.0, "River": 96.0, "Wide": 192.0})


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_table_loads_from_a_toml_file_and_is_frozen(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('width = 48\ndepth = 36\n\n[[features]]\nname = "Bois"\nkind = "woods"\n'
                    "points = [[1, 1], [5, 1], [5, 5], [1, 5]]\n")
    bf = Battlefield.load(path)
    assert (bf.width, bf.depth, bf.features[0].points[2]) == (48, 36, (5.0, 5.0))
    with pytest.raises(pydantic.ValidationError):
        bf.width = 60
    bad = tmp_path / "bad.toml"
    bad.write_text("width = [\n")
    with pytest.raises(BattlefieldError, match="not valid TOML"):
        Battlefield.load(bad)
    with pytest.raises(BattlefieldError, match="cannot read"):
        Battlefield.load(tmp_path / "gone.toml")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(path.read_text().replace('kind = "woods"', 'kind = "wods"'))
    with pytest.raises(BattlefieldError, match=r"wrong\.toml: feature 'Bois': unknown terrain kind 'wods' "
                                               r"\(did you mean 'woods'\?\)"):
        Battlefield.load(wrong)


# --- bad feature data: one clear error naming the feature ----------------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_bad_outlines_and_lines_are_named() -> None:
    fails(r"feature 'Bowtie' \(Woods\): its outline is not a simple polygon \(Self-intersection",
          {"name": "Bowtie", "kind": "woods", "points": [[0, 0], [4, 4], [0, 4], [4, 0]]})
    fails(r"feature 'Sliver' \(Scrub\): an area needs at least 3 distinct points in its outline, not 2",
          {"name": "Sliver", "kind": "scrub", "points": [[0, 0], [4, 4], [0, 0]]})
    fails(r"'Flat' \(Rubble\): its outline encloses no area",
          {"name": "Flat", "kind": "rubble", "points": [[0, 0], [2, 2], [4, 4]]})
    fails(r"feature 'Far' \(Woods\): point \(80, 4\) is off the 72\" x 48\" table",
          {"name": "Far", "kind": "woods", "points": [[70, 0], [80, 4], [70, 4]]})
    fails(r"'Dot' \(Hedges\): its points are all at one place",
          {"name": "Dot", "kind": "hedge", "points": [[3, 3], [3, 3]]})
    fails(r"'Stub' \(Hedges\): a line needs at least 2 points, not 1", {"name": "Stub", "kind": "hedge",
                                                                         "points": [[3, 3]]})
    fails(r"'Loop' \(Hedgerow \(Bocage\)\): the line crosses itself",
          {"name": "Loop", "kind": "bocage", "points": [[0, 0], [4, 4], [4, 0], [0, 4]]})


@RULE("003", "Terrain, Buildings and Other Features")
def test_what_must_not_overlap_does_not() -> None:
    fails(r"features 'A' \(Woods\) and 'B' \(Wheat field\) overlap \(4 sq in\): a point of the table has one ground "
          r"cover", {"name": "A", "kind": "woods", "points": rect(0, 0, 4, 4)},
          {"name": "B", "kind": "wheat_field", "points": rect(2, 2, 4, 4)})
    fails(r"hills 'A' \(Hill\) and 'B' \(Hill\) overlap", {"name": "A", "kind": "hill", "points": rect(0, 0, 4, 4)},
          {"name": "B", "kind": "hill", "points": rect(3, 3, 4, 4)})
    fails(r"'H' \(Hill\): contour level 2 must lie inside level 1",
          {"name": "H", "kind": "hill", "points": rect(0, 0, 4, 4), "upper_levels": [rect(2, 2, 4, 4)]})
    fails(r"works 'S' \(Slit trench\) overlap building 'F' \(Building\)",
          {"name": "F", "kind": "building", "material": "wood", "points": rect(0, 0, 4, 4)},
          {"name": "S", "kind": "slit_trench", "points": rect(1, 1, 1, 1)})
    fails(r"'Pont' \(Stone bridge\): a bridge must span a river, and this one meets none",
          {"name": "Pont", "kind": "stone_bridge", "points": [[10, 10], [14, 10]]})
    fails(r"'A' \(Hedges\): the name is already used by feature 'A' \(Woods\)",
          {"name": "A", "kind": "woods", "points": rect(0, 0, 4, 4)},
          {"name": "A", "kind": "hedge", "points": [[10, 0], [10, 4]]})
    # touching is not overlapping: woods and a wheat field sharing an edge are fine
    assert len(table({"name": "A", "kind": "woods", "points": rect(0, 0, 4, 4)},
                     {"name": "B", "kind": "wheat_field", "points": rect(4, 0, 4, 4)}).features) == 2


@RULE("003", "Terrain, Buildings and Other Features")
def test_the_judges_decisions_are_required_and_fields_fit_their_kind() -> None:
    text = fails(r"'Crest' \(Ridge\): give height_ft: a judge must designate the height of ridges",
                 {"name": "Crest", "kind": "ridge", "points": [[0, 0], [9, 9]]})
    assert "003 item 11" in text
    fails(r"'Farm' \(Building\): give material: .* \"wood\", \"brick\" or \"stone\"",
          {"name": "Farm", "kind": "building", "points": rect(0, 0, 2, 2)})
    fails(r"'N13' \(Primary road\): give lanes: the judge must make clear whether each primary road is single or "
          r"double lane", {"name": "N13", "kind": "primary_road", "points": [[0, 0], [9, 0]]})
    fails(r"'Bois' \(Woods\): storeys is not for this kind; it is for: Building",
          {"name": "Bois", "kind": "woods", "storeys": 2, "points": rect(0, 0, 2, 2)})
    fails(r"'Aure' \(River\): height_ft is not for this kind; it is for: Ridge",
          {"name": "Aure", "kind": "river", "height_ft": 3, "points": [[0, 0], [9, 0]]})
    fails(r"'Open' \(Clear\): clear ground is the table itself: leave it out",
          {"name": "Open", "kind": "clear", "points": rect(0, 0, 2, 2)})
    fails(r"'Oak' \(Solitary tree\): solitary trees do not block LOS at 1/72",
          {"name": "Oak", "kind": "tree", "points": rect(0, 0, 2, 2)})
    fails(r"feature 'X': unknown terrain kind 'swamp'; kinds are: woods, light_woods",
          {"name": "X", "kind": "swamp", "points": rect(0, 0, 2, 2)})


@RULE("003", "Terrain, Buildings and Other Features")
def test_malformed_values_name_the_feature_by_number_and_the_field() -> None:
    with pytest.raises(BattlefieldError, match=r"scenario\.toml: feature 2 'Bad': points\.1\.0: Input should be a "
                                               r"valid number"):
        Battlefield.from_data({"width": 72, "depth": 48, "features": [
            {"name": "Good", "kind": "woods", "points": rect(0, 0, 2, 2)},
            {"name": "Bad", "kind": "woods", "points": [[0, 0], ["x", 1], [2, 2]]},
        ]}, "scenario.toml")
    with pytest.raises(BattlefieldError, match=r"feature 1 'M': material: Input should be 'wood', 'brick' or "
                                               r"'stone'"):
        table({"name": "M", "kind": "building", "material": "straw", "points": rect(0, 0, 2, 2)})
    with pytest.raises(BattlefieldError, match=r"width: Input should be greater than 0"):
        table(width=0)
    with pytest.raises(BattlefieldError, match=r"feature 1: name: Field required"):
        table({"kind": "woods", "points": rect(0, 0, 2, 2)})
    with pytest.raises(BattlefieldError, match=r"no feature called 'Bios' on this table \(did you mean 'Bois'\?\)"):
        table({"name": "Bois", "kind": "woods", "points": rect(0, 0, 2, 2)}).feature("Bios")


# --- the Brigade reading of seed 003 and the movement table as data -------------------------------------


@RULE("003", "Terrain, Buildings and Other Features")
def test_every_seed_003_kind_has_a_brigade_reading_and_the_catalogue_is_reused() -> None:
    from warroom.rulesets.brigade.table import MAPPING
    assert set(terrain_kinds()) <= set(MAPPING.kinds)
    # the catalogue's words come through unchanged: a tank in woods moves "at half speed" (003 item 2),
    # a half-track only following a tank within 6" at 1/72 (BR-1)
    assert effects("woods", "tank").rule == "Tanks and troops move through at half speed."
    half = effects("woods", "half_track")
    assert (half.allowed, half.follow, half.follow_within, half.sight_limit) == ("following", "fully_tracked", 6.0, 3.0)
    assert effects("hedge", "tank").penalty_inches == 4.0
    # the judge-defined kinds carry their own effects (BR-28)
    assert (effects("wall", "infantry").protection, effects("wall", "wheeled").allowed) == ("wall", "no")
    assert kind_key("Hedgerow") == "bocage" and kind_key("walls") == "wall"
    with pytest.raises(UsageError, match=r"unknown terrain kind 'wodds' \(did you mean 'woods'\?\)"):
        kind_key("wodds")


@RULE("003", "Terrain, Buildings and Other Features")
def test_a_broken_mapping_file_is_refused_with_the_key(tmp_path: Path) -> None:
    text = TERRAIN_FILE.read_text()
    low = tmp_path / "terrain.toml"
    low.write_text(text.replace("screen_ft = 10.0", "screen_ft = 8.0"))
    with pytest.raises(TableError, match=r"kinds\.hedge\.screen_ft must be above every body's height \(9 ft\)"):
        load_table(low, TerrainMapping)
    gone = tmp_path / "gone.toml"
    gone.write_text(text.replace("[kinds.scrub]", "[kinds.scrubland]"))
    with pytest.raises(TableError, match=r"kinds\.scrubland: not a seed-003 kind"):
        load_table(gone, TerrainMapping)
    bad_reading = tmp_path / "reading.toml"
    bad_reading.write_text(text.replace('readings = ["BR-29"]', 'readings = ["BR-99"]'))
    with pytest.raises(TableError, match=r"'BR-99' is not a reading of this table"):
        load_table(bad_reading, TerrainMapping)


@RULE("004", "Movement")
def test_the_movement_table_reads_as_the_seed_writes_it() -> None:
    assert len(MOVEMENT.movers) == 13  # the seed's thirteen rows
    medium = mover("medium_tanks")
    assert (medium.label, medium.unit) == ("Medium tanks", "tank")
    road, rough, thick = medium.rate("road"), medium.rate("rough"), medium.rate("thick")
    assert road is not None and rough is not None and thick is not None
    assert not road.random and road.allowance() == Fraction(12)
    # "1 + (D6 x 0.5)": a 3 gives 1 + 1.5 = 2.5" (no rounding, BR-6); a 6 gives 4"
    assert [rough.allowance(3), rough.allowance(6), rough.lowest, rough.highest] == [
        Fraction(5, 2), Fraction(4), Fraction(3, 2), Fraction(4)]
    # "(D6 - 3)": a 2 gives -1, counted as 0 and negative; a 3 gives 0, not negative (BR-6)
    assert thick.allowance(2) == 0 and thick.negative(2)
    assert thick.allowance(3) == 0 and not thick.negative(3)
    # cavalry "1 +(D6)" thrown 4: 5"; "(D6x0.5)" thrown 5: 2.5"
    c_rough, c_thick = mover("cavalry").rate("rough"), mover("cavalry").rate("thick")
    assert c_rough is not None and c_thick is not None
    assert [c_rough.allowance(4), c_thick.allowance(5)] == [Fraction(5), Fraction(5, 2)]
    # "-": may not move there
    assert (mover("jeeps_armoured_cars").rate("thick"), mover("bicycles").rate("rough")) == (None, None)
    assert (unit_of("horse_drawn"), unit_of("support_weapons"), unit_of("tank")) == ("wheeled", "infantry", "tank")
    with pytest.raises(UsageError, match=r"the rate \(D6 - 3\) needs the D6 thrown for it \(1 to 6\), not None"):
        thick.allowance()
    with pytest.raises(UsageError, match=r"unknown troop type 'medium_tank' \(did you mean 'medium_tanks'"):
        mover("medium_tank")
    with pytest.raises(UsageError, match=r"unknown unit 'panzer'"):
        unit_of("panzer")


@RULE("004", "Movement")
def test_rates_parse_the_seeds_spellings_and_refuse_others(tmp_path: Path) -> None:
    # the seed writes "1 +(D6)", "(D6x0.5)", "(D6-3)" as well as "1 + (D6 x 0.5)"
    parsed = {text: Rate.parse(text) for text in ("1 +(D6)", "(D6x0.5)", "(D6-3)", "6")}
    assert {t: (r.base, r.per_pip) for t, r in parsed.items() if r} == {
        "1 +(D6)": (Fraction(1), Fraction(1)), "(D6x0.5)": (Fraction(0), Fraction(1, 2)),
        "(D6-3)": (Fraction(-3), Fraction(1)), "6": (Fraction(6), Fraction(0))}
    assert Rate.parse("-") is None
    path = tmp_path / "movement.toml"
    path.write_text(Path(__file__).parents[1].joinpath(
        "src/warroom/rulesets/brigade/data/movement.toml").read_text().replace('thick = "4"', 'thick = "2D6"'))
    with pytest.raises(TableError, match=r"table \[movers\], key infantry\.thick: .*'2D6' is not a rate"):
        load_table(path, MovementTables)


@RULE("003", "Terrain, Buildings and Other Features")
def test_every_reading_cited_is_written_down_once() -> None:
    root = Path(__file__).parents[1]
    # docs/rulings.md, and the readings waiting in docs/rulings.d/ to be merged into it
    docs = (root / "docs" / "rulings.md", *sorted((root / "docs").glob("rulings.d/*.md")))
    doc = "\n".join(p.read_text() for p in docs)
    rows = [line.split("|")[1].strip() for line in doc.splitlines() if line.startswith("| BR-")]
    assert len(rows) == len(set(rows))
    brigade = root / "src" / "warroom" / "rulesets" / "brigade"
    cited: set[str] = set()
    for path in [*brigade.glob("*.py"), *brigade.glob("data/*.toml"), *Path(__file__).parent.glob("test_brigade_*")]:
        cited |= set(re.findall(r"BR-\d+", path.read_text()))
    cited -= {"BR-39", "BR-99"}  # the range named in a message, and the broken file's bad id
    assert cited <= set(rows), sorted(cited - set(rows))
