"""The second half of the house rules as data: its tables, its base-table stand-ins and its readings."""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.base_tables import base_tables_of, using_base_tables
from warroom.core.errors import TableError

RULE = pytest.mark.rule
ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src" / "warroom" / "rulesets" / "bfwwii_house"
RULINGS = ROOT / "docs" / "rulings.md"
OURS = [spec for spec in warroom.procedures("bfwwii-house") if spec.run.__module__.split(".")[-1].startswith("b_")]


def test_every_stand_in_says_it_is_one() -> None:
    # One base table per Battlefront: WWII table, shared by both halves of the ruleset.
    names = set(base_tables_of("bfwwii-house"))
    assert names == {"mine_passage", "bog_down", "improve_position", "fire_combat", "close_combat", "manoeuvre",
                     "spotting", "bail_out"}
    assert {p.stem for p in (PACKAGE / "base").glob("*.toml")} == names
    for name in names:
        text = (PACKAGE / "base" / f"{name}.toml").read_text()
        assert text.startswith("# warroom's STAND-IN for"), name
        assert "NOT the publisher's" in text and "--base-tables" in text and "reconstruction" in text, name
        assert f"[{name}]" in text, name


FIRE_BANDS = """
[fire_combat]
die_sides = 10
[fire_combat.targets.troops]
bands = [{ from_roll = 9, result = "suppressed" }, { from_roll = 8, result = "disordered" },
         { from_roll = 10, result = "knocked out" }]
[fire_combat.targets.gun]
bands = [{ from_roll = 10, result = "knocked out" }]
[fire_combat.targets.soft_vehicle]
bands = [{ from_roll = 10, result = "knocked out" }]
[fire_combat.targets.armoured_vehicle]
bands = [{ from_roll = 10, result = "knocked out" }]
"""


def test_a_bad_umpire_table_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(FIRE_BANDS)
    with pytest.raises(TableError, match=r"\[fire_combat\].*rising order"), using_base_tables("bfwwii-house", bad):
        pass
    # Both halves act on the results the seed names: no other result, and worse results from higher rolls.
    bad.write_text(FIRE_BANDS.replace('from_roll = 9, result = "suppressed"', 'from_roll = 6, result = "pinned"'))
    with pytest.raises(TableError, match=r"\[fire_combat\].*result"), using_base_tables("bfwwii-house", bad):
        pass
    bad.write_text(FIRE_BANDS.replace('from_roll = 9, result = "suppressed"', 'from_roll = 6, result = "disordered"')
                   .replace('from_roll = 8, result = "disordered"', 'from_roll = 8, result = "suppressed"'))
    with pytest.raises(TableError, match=r"\[fire_combat\].*worse results"), using_base_tables("bfwwii-house", bad):
        pass
    # The bog-down table carries both halves' modifiers: terrain (sections 1-13) and mover (14-26).
    bad.write_text("[bog_down]\ndie_sides = 10\nbogged_down_at_or_below = 2\n[bog_down.mover_modifiers]\n"
                   "troops = 0\ntracked = 0\nhalftracked = -1\nwheeled = -2\ngun = -1\n")
    with pytest.raises(TableError, match=r"\[bog_down\].*terrain_modifiers"), using_base_tables("bfwwii-house", bad):
        pass


@RULE("000", "Grazing Fire")
@RULE("000", "Barbed Wire")
def test_one_fire_combat_table_serves_both_halves(tmp_path: Path) -> None:
    own = tmp_path / "own.toml"
    own.write_text(FIRE_BANDS.replace('{ from_roll = 9, result = "suppressed" }, ', "")
                   .replace('from_roll = 8, result = "disordered"', 'from_roll = 7, result = "disordered"')
                   .replace("from_roll = 10, result = \"knocked out\" }]\n[fire_combat.targets.gun]",
                            "from_roll = 9, result = \"knocked out\" }]\n[fire_combat.targets.gun]"))
    # Stand-in troops column: KO on a modified 10+. Own: disordered 7-8, KO 9+.
    # Sections 1-13, grazing fire, tactical factor 3, template -1: d10 + 2, KO on faces 7-10 (own) vs 8-10.
    graze = {"tactical_factor": 3}
    assert warroom.odds("bfwwii-house/grazing-fire", graze)["knocked out"] == F(3, 10)
    assert warroom.odds("bfwwii-house/grazing-fire", graze, base_tables=own)["knocked out"] == F(4, 10)
    # Sections 14-26, artillery on wire, read on the same troops column: IDF factor 4, log pill-box -2:
    # d10 + 2, a KO gaps the wire: faces 8-10 (stand-in) vs 7-10 (own).
    wire = warroom.odds("bfwwii-house/artillery-on-wire", idf_factor=4)
    own_wire = warroom.odds("bfwwii-house/artillery-on-wire", idf_factor=4, base_tables=own)
    assert wire["a gap is blown in the wire"] == F(3, 10)
    assert own_wire["a gap is blown in the wire"] == F(4, 10)
    assert any("STAND-IN" in s and "[fire_combat]" in s for s in wire.steps)
    assert any("[fire_combat]" in s and str(own) in s for s in own_wire.steps)
    # The umpire's table names its columns in the ruling as the stand-in does: troops.
    ruling = warroom.roll("bfwwii-house/artillery-on-wire", idf_factor=4, base_tables=own, seed=1)
    assert ruling.row.startswith("fire combat, troops ")


@RULE("000", "Bridging")
def test_the_bulge_bridges_are_scenario_data() -> None:
    text = (PACKAGE / "data" / "b_bridging.toml").read_text()
    # The seed: Stavelot 4 or 5, Trois-Ponts about 8, Neufmolin 1 or 2.
    for name, low, high in (("stavelot", 4, 5), ("trois_ponts", 8, 8), ("neufmolin", 1, 2)):
        block = text.split(f"[demolition_bridges.{name}]")[1].split("[")[0]
        assert f"demolitions_low = {low}" in block and f"demolitions_high = {high}" in block


def test_every_procedure_cites_its_seed_and_readings_we_record() -> None:
    assert len(OURS) >= 25
    # Any BF reading: the second half also cites the first half's (BF-41: every bog-down check).
    recorded = set(re.findall(r"^\| (BF-\d+) \|", RULINGS.read_text(), flags=re.M))
    assert recorded
    for spec in OURS:
        assert spec.rule.seed == "000_df70b73452d18b57.txt"
        assert spec.run.__doc__ and "Seed 000" in spec.run.__doc__, spec.id
        for reading in spec.rule.readings:
            assert reading in recorded, f"{spec.id} cites {reading}, missing from {RULINGS.name}"
            assert reading in spec.run.__doc__ or reading in (spec.run.__module__ or ""), f"{spec.id}: {reading}"
        for p in spec.params:
            assert p.help and p.allowed()
