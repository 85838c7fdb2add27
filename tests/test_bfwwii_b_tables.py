"""The second half of the house rules as data: its tables, its base-table stand-ins and its readings."""

from __future__ import annotations

import re
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
    names = {n for n in base_tables_of("bfwwii-house") if n.startswith("b_")}
    assert names == {"b_mine_passage", "b_bog_down", "b_improve_position", "b_fire_combat", "b_close_combat",
                     "b_manoeuvre"}
    for name in names:
        text = (PACKAGE / "base" / f"{name}.toml").read_text()
        assert text.startswith("# warroom's STAND-IN for"), name
        assert "NOT the publisher's table" in text and "--base-tables" in text and "reconstruction" in text


def test_a_bad_umpire_table_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[b_fire_combat]\ndie_sides = 10\n[b_fire_combat.targets.troops]\nsuppressed_from = 9\n"
                   "disordered_from = 8\nknocked_out_from = 10\n")
    with pytest.raises(TableError, match=r"\[b_fire_combat\]"), using_base_tables("bfwwii-house", bad):
        pass


@RULE("000", "Bridging")
def test_the_bulge_bridges_are_scenario_data() -> None:
    text = (PACKAGE / "data" / "b_bridging.toml").read_text()
    # The seed: Stavelot 4 or 5, Trois-Ponts about 8, Neufmolin 1 or 2.
    for name, low, high in (("stavelot", 4, 5), ("trois_ponts", 8, 8), ("neufmolin", 1, 2)):
        block = text.split(f"[demolition_bridges.{name}]")[1].split("[")[0]
        assert f"demolitions_low = {low}" in block and f"demolitions_high = {high}" in block


def test_every_procedure_cites_its_seed_and_readings_we_record() -> None:
    assert len(OURS) >= 25
    recorded = {r for r in re.findall(r"^\| (BF-\d+) \|", RULINGS.read_text(), flags=re.M) if 50 <= int(r[3:]) <= 99}
    assert recorded
    for spec in OURS:
        assert spec.rule.seed == "000_df70b73452d18b57.txt"
        assert spec.run.__doc__ and "Seed 000" in spec.run.__doc__, spec.id
        for reading in spec.rule.readings:
            assert reading in recorded, f"{spec.id} cites {reading}, missing from {RULINGS.name}"
            assert reading in spec.run.__doc__ or reading in (spec.run.__module__ or ""), f"{spec.id}: {reading}"
        for p in spec.params:
            assert p.help and p.allowed()
