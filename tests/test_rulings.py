"""Rulings, rules data, parameters and the registry (docs/architecture.md "Rulings", "Rules as data")."""

from __future__ import annotations

import json
from pathlib import Path

import pydantic
import pytest

import warroom
from warroom.core.errors import TableError, UsageError
from warroom.core.tables import load_table
from warroom.rulesets.company_fire.tables import TABLES_FILE, CompanyFireTables, tables


def test_a_ruling_says_everything_and_json_carries_the_same() -> None:
    ruling = warroom.roll("individual-fire", weapon="rifle_squad", cover=True, card="move", seed=3)
    assert ruling.procedure == "company-fire/individual-fire"
    assert ruling.rule.seed == "002_e954d5c422be67ed.txt" and "Individual Unit Fire" in ruling.rule.sections
    assert "CF-1" in ruling.rule.readings
    assert [m.value for m in ruling.modifiers] == [-1, -1]
    assert all(m.source.startswith("002 Individual Unit Fire") for m in ruling.modifiers)
    assert len(ruling.dice) == 1 and len(ruling.dice[0].faces) == 1  # 3d6 less two dice
    hits = sum(1 for f in ruling.dice[0].faces if f >= 5)
    assert ruling.result == ("pinned" if hits else "good order")
    text = str(ruling)
    assert "target space provides cover" in text and ruling.row in text and ruling.result.upper() in text
    data = json.loads(ruling.to_json())
    assert data["result"] == ruling.result and data["row"] == ruling.row
    assert data["dice"][0]["faces"] == list(ruling.dice[0].faces)
    assert [m["label"] for m in data["modifiers"]] == [m.label for m in ruling.modifiers]
    assert data["inputs"]["weapon"] == "rifle_squad" and data["text"] == text


def test_odds_json_lists_every_row_as_an_exact_fraction() -> None:
    data = json.loads(warroom.odds("individual-fire", weapon="rifle_squad", cover=True).to_json())
    assert [r["result"] for r in data["results"]] == ["good order", "pinned", "suppressed", "destroyed"]
    assert [r["probability"] for r in data["results"]] == ["4/9", "4/9", "1/9", "0"]


def test_tables_load_frozen() -> None:
    t = tables()
    assert t.dice.hits_on == 5 and t.weapons["hmg"].dice == 4
    with pytest.raises(pydantic.ValidationError):
        t.dice.hits_on = 4  # type: ignore[misc]


def test_a_broken_table_names_file_table_and_key(tmp_path: Path) -> None:
    broken = tmp_path / "tables.toml"
    broken.write_text(TABLES_FILE.read_text().replace('dice = 4', 'dice = "four"'))
    with pytest.raises(TableError) as err:
        load_table(broken, CompanyFireTables)
    assert str(broken) in str(err.value) and "[weapons]" in str(err.value) and "hmg.dice" in str(err.value)
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("[dice\n")
    with pytest.raises(TableError, match="not valid TOML"):
        load_table(bad_toml, CompanyFireTables)
    missing = tmp_path / "gone.toml"
    with pytest.raises(TableError, match="cannot read"):
        load_table(missing, CompanyFireTables)
    extra = tmp_path / "extra.toml"
    extra.write_text(TABLES_FILE.read_text().replace("[rally]", "[rally]\nbonus = 3"))
    with pytest.raises(TableError, match=r"\[rally\], key bonus"):
        load_table(extra, CompanyFireTables)


def test_registry_lists_rulesets_and_procedures() -> None:
    ids = [r.id for r in warroom.list_rulesets()]
    assert "company-fire" in ids
    cf = next(r for r in warroom.list_rulesets() if r.id == "company-fire")
    assert cf.scale == "grid" and cf.version
    procs = warroom.procedures("company-fire")
    assert len(procs) >= 16
    for spec in procs:
        assert spec.rule.seed == "002_e954d5c422be67ed.txt"
        assert spec.run.__doc__ and "002" in spec.run.__doc__, f"{spec.id} docstring must cite its seed section"
        for p in spec.params:
            assert p.help and p.allowed()


def test_bad_parameters_say_what_is_allowed() -> None:
    with pytest.raises(UsageError, match=r"has no parameter 'weapn' \(did you mean 'weapon'\?\)"):
        warroom.odds("individual-fire", weapn="hmg")
    with pytest.raises(UsageError, match=r"needs weapon=\.\.\., one of"):
        warroom.odds("individual-fire")
    with pytest.raises(UsageError, match="a whole number from 1 to 10: no weapon here reaches beyond 10 spaces"):
        warroom.odds("individual-fire", weapon="hmg", range=0)
    with pytest.raises(UsageError, match="true or false"):
        warroom.odds("individual-fire", weapon="hmg", cover="maybe")
    with pytest.raises(UsageError, match="unknown procedure 'rallly' \\(did you mean 'rally'"):
        warroom.odds("rallly")
    with pytest.raises(UsageError, match="unknown ruleset"):
        warroom.procedures("company-fir")


def test_every_reading_cited_is_recorded_in_docs_rulings() -> None:
    text = (Path(__file__).parents[1] / "docs" / "rulings.md").read_text()
    for spec in warroom.procedures():
        for reading in spec.rule.readings:
            assert f"| {reading} |" in text, f"{spec.id} cites {reading}, missing from docs/rulings.md"
