"""Rule coverage: the section list, the static marker scan, and coverage derived from the registry."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from warroom.core import registry, rule_uses
from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import TableError, UsageError
from warroom.core.registry import RulesetInfo
from warroom.core.rule_uses import register_rule_use
from warroom.core.ruling import RuleRef
from warroom.tools.coverage import (
    SectionCoverage,
    compute_coverage,
    coverage_json,
    coverage_text,
    load_seed_sections,
    scan_test_markers,
    section_key,
    unknown_references,
)

PROBE = RulesetInfo("coverage-probe", "Coverage probe", "0", "none", "test only", "002_e954d5c422be67ed.txt")


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture
def isolated_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the procedure registry and no declared uses, both restored after the test."""
    registry.procedures()  # import every ruleset first, so their procedures stay in the real registry
    monkeypatch.setattr(registry, "_PROCEDURES", dict(registry._PROCEDURES))
    monkeypatch.setattr(rule_uses, "_RULE_USES", {})


@pytest.fixture
def no_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """No procedures and no declared uses, as for rulesets not written yet; restored after the test."""
    registry.procedures()
    monkeypatch.setattr(registry, "_PROCEDURES", {})
    monkeypatch.setattr(rule_uses, "_RULE_USES", {})


def _probe(name: str, seed: str, *sections: str) -> str:
    def run(r: Resolution) -> Outcome:
        return r.result("done")

    registry.procedure(PROBE, name, title=name, summary="probe", rule=RuleRef(seed, sections), results=("done",))(run)
    return f"{PROBE.id}/{name}"


# --- the section list ---------------------------------------------------------------------------


def test_section_list_names_every_seed_and_its_ruleset() -> None:
    catalogue = load_seed_sections()
    assert [(s.number, s.ruleset) for s in catalogue.seeds] == [
        ("000", "bfwwii-house"),
        ("001", "fow-bunkers"),
        ("002", "company-fire"),
        ("003", "terrain-mines"),
        ("004", "brigade"),
    ]
    assert catalogue.seeds[2].file == "002_e954d5c422be67ed.txt"


def test_every_seed_has_nonempty_unique_section_names() -> None:
    for seed in load_seed_sections().seeds:
        names = [section_key(name) for section in seed.sections for name in section.names()]
        assert seed.sections
        assert all(names), seed.file
        assert len(names) == len(set(names)), seed.file


def test_company_fire_sections_are_its_table_of_contents() -> None:
    names = [s.name for s in load_seed_sections().seeds[2].sections]
    assert len(names) == 42
    assert names[:5] == ["Scale", "Ground", "Figures", "Grid Size", "Stacking"]
    assert names[-3:] == ["Bocage", "Mines (beta)", "Appendix A: Bocage Examples"]
    assert 'Determining "Front" armor attacks (the red zone)' in names


def test_house_rules_sections_drop_the_inventory_numbering() -> None:
    names = [s.name for s in load_seed_sections().seeds[0].sections]
    assert len(names) == 27
    assert names[8] == "Knocked Out Vehicle Table"
    assert not any(name[0].isdigit() or "CONTENTS" in name for name in names)


def test_a_name_given_to_two_sections_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sections.toml"
    path.write_text(
        '[[seeds]]\nfile = "009_abc.txt"\ntitle = "T"\nruleset = "probe"\n'
        'sections = [{ name = "Fire" }, { name = "Smoke", aliases = ["FIRE"] }]\n',
        encoding="utf-8",
    )
    with pytest.raises(TableError, match="already names section 'Fire'"):
        load_seed_sections(path)


# --- the marker scan ---------------------------------------------------------------------------


def test_scan_finds_markers_on_functions_classes_and_pytestmark(tmp_path: Path) -> None:
    tests = _write(tmp_path / "tests", {
        "test_fire.py": """
            import pytest

            pytestmark = pytest.mark.rule("003", "MINES")

            @pytest.mark.rule("002", "Individual Unit Fire")
            @pytest.mark.parametrize("dice", [1, 2])
            def test_fire(dice):
                pass

            @pytest.mark.slow
            def test_unmarked():
                pass

            @pytest.mark.rule("002_e954d5c422be67ed.txt", "Group Fire")
            class TestGroup:
                pytestmark = [pytest.mark.rule("002", "Firing")]

                def test_pool(self):
                    pass

                def helper(self):
                    pass
            """,
        "sub/test_stacking.py": """
            from pytest import mark as m

            pytestmark = [m.rule("002", "Stacking"), m.slow]

            async def test_three_units():
                pass
            """,
        "test_aliased.py": """
            import pytest as pt

            rule = pt.mark.rule

            @rule(seed="002", section="Artillery")
            def test_smoke():
                pass
            """,
        "helpers.py": """
            import pytest

            @pytest.mark.rule("002", "Facing")
            def test_not_collected():
                pass
            """,
    })
    found = {(m.test, m.seed, m.section) for m in scan_test_markers(tests).markers}
    assert found == {
        ("tests/test_fire.py::test_fire", "003", "MINES"),
        ("tests/test_fire.py::test_fire", "002", "Individual Unit Fire"),
        ("tests/test_fire.py::test_unmarked", "003", "MINES"),
        ("tests/test_fire.py::TestGroup::test_pool", "003", "MINES"),
        ("tests/test_fire.py::TestGroup::test_pool", "002_e954d5c422be67ed.txt", "Group Fire"),
        ("tests/test_fire.py::TestGroup::test_pool", "002", "Firing"),
        ("tests/sub/test_stacking.py::test_three_units", "002", "Stacking"),
        ("tests/test_aliased.py::test_smoke", "002", "Artillery"),
    }


def test_scan_reports_markers_it_cannot_read(tmp_path: Path) -> None:
    tests = _write(tmp_path / "tests", {
        "test_bad.py": """
            import pytest

            SECTION = "Rally"

            @pytest.mark.rule("002")
            def test_no_section():
                pass

            @pytest.mark.rule("002", SECTION)
            def test_not_literal():
                pass

            @pytest.mark.rule("002", "Stacking")
            def check_stacking():
                pass
            """,
        "broken_test.py": "def test_(:\n",
    })
    scan = scan_test_markers(tests)
    assert scan.markers == ()
    problems = "\n".join(scan.problems)
    assert "tests/broken_test.py: cannot be read" in problems
    assert "test_no_section: pytest.mark.rule is missing its section" in problems
    assert "test_not_literal: pytest.mark.rule's section must be a string literal" in problems
    assert "check_stacking: rule marker on a function pytest does not collect" in problems


# --- coverage --------------------------------------------------------------------------------


def _section(ruleset: str, name: str, tests_dir: Path) -> SectionCoverage:
    (seed,) = compute_coverage(ruleset, tests_dir).seeds
    return next(s for s in seed.sections if s.section == name)


@pytest.mark.usefixtures("isolated_registry")
def test_registered_procedure_implements_its_sections(tmp_path: Path) -> None:
    probe = _probe("stacking-probe", "002_e954d5c422be67ed.txt", "Stacking", "recon by fire")
    tests = _write(tmp_path / "tests", {
        "test_probe.py": """
            import pytest

            @pytest.mark.rule("002", "Stacking")
            def test_stack():
                pass
            """,
    })
    stacking = _section("company-fire", "Stacking", tests)
    assert probe in stacking.procedures
    assert stacking.tests == ("tests/test_probe.py::test_stack",)
    assert stacking.status == "implemented+tested"
    fire = _section("company-fire", "Individual Unit Fire", tests)  # cited by its alias
    assert probe in fire.procedures
    assert _section("company-fire", "Scale", tests).status == "not implemented"


@pytest.mark.usefixtures("isolated_registry")
def test_statuses_untested_and_tested_only(tmp_path: Path) -> None:
    probe = _probe("facing-probe", "002", "Facing")
    tests = _write(tmp_path / "tests", {
        "test_only.py": """
            import pytest

            @pytest.mark.rule("002", "Ground")
            def test_ground_scale():
                pass
            """,
    })
    facing = _section("company-fire", "Facing", tests)
    assert facing.implemented_by == (probe,)
    assert facing.status == "implemented, untested"
    assert _section("company-fire", "Ground", tests).status == "tested only"


@pytest.mark.usefixtures("no_code")
def test_declared_use_implements_a_section_of_a_ruleset_without_procedures(tmp_path: Path) -> None:
    register_rule_use("003", "Minefields", "terrain_mines.minefield.enter")
    mines = _section("terrain-mines", "MINES", tmp_path)
    assert mines.declared == ("terrain_mines.minefield.enter",)
    assert mines.status == "implemented, untested"
    assert _section("terrain-mines", "Terrain, Buildings and Other Features", tmp_path).status == "not implemented"


@pytest.mark.usefixtures("isolated_registry")
def test_unknown_sections_and_seeds_are_reported(tmp_path: Path) -> None:
    probe = _probe("bad-probe", "002", "Fire Combat Table")
    register_rule_use("009", "Anything", "nowhere.at_all")
    tests = _write(tmp_path / "tests", {
        "test_typo.py": """
            import pytest

            @pytest.mark.rule("002", "Group Fires")
            def test_typo():
                pass
            """,
    })
    unknown = {(u.kind, u.by, u.section): u.problem for u in unknown_references(tests_dir=tests)}
    assert "which seed 002 does not have" in unknown["procedure", probe, "Fire Combat Table"]
    assert "did you mean 'Group Fire'" in unknown["test", "tests/test_typo.py::test_typo", "Group Fires"]
    assert "not one of the seeds" in unknown["declared", "nowhere.at_all", "Anything"]
    only_company_fire = {(u.kind, u.by) for u in unknown_references("company-fire", tests)}
    assert only_company_fire == {("procedure", probe), ("test", "tests/test_typo.py::test_typo")}
    assert "Group Fires" in coverage_text("company-fire", tests)


def test_no_registered_procedure_or_declared_use_cites_an_unknown_section(tmp_path: Path) -> None:
    assert [str(u) for u in unknown_references(tests_dir=tmp_path)] == []


def test_every_rule_marker_in_this_repository_names_a_known_section() -> None:
    report = compute_coverage(tests_dir=Path(__file__).parent)
    assert [str(u) for u in report.unknown if u.kind == "test"] == []
    assert list(report.problems) == []


def test_unknown_ruleset_is_a_usage_error_listing_the_rulesets() -> None:
    with pytest.raises(UsageError) as raised:
        compute_coverage("company_fire")
    message = str(raised.value)
    assert "\n" not in message
    assert "did you mean 'company-fire'" in message
    assert message.endswith("rulesets are: bfwwii-house, fow-bunkers, company-fire, terrain-mines, brigade")


def test_missing_tests_directory_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        compute_coverage("brigade", tmp_path / "absent")


# --- output ----------------------------------------------------------------------------------------


def test_rendered_text_has_a_summary_line_per_seed(tmp_path: Path) -> None:
    report = compute_coverage(tests_dir=tmp_path)
    text = coverage_text(tests_dir=tmp_path, width=200)
    for seed in report.seeds:
        assert seed.summary() in text
    company_fire = next(s for s in report.seeds if s.seed.ruleset == "company-fire")
    assert company_fire.summary() == (
        f"company-fire: {company_fire.implemented}/42 sections implemented, {company_fire.tested} tested"
    )
    assert "Appendix A: Bocage Examples" in text


@pytest.mark.usefixtures("no_code")
def test_rulesets_without_code_list_every_section_as_not_implemented(tmp_path: Path) -> None:
    text = coverage_text(tests_dir=tmp_path, width=200)
    for line in (
        "bfwwii-house: 0/27 sections implemented, 0 tested",
        "fow-bunkers: 0/10 sections implemented, 0 tested",
        "company-fire: 0/42 sections implemented, 0 tested",
        "terrain-mines: 0/2 sections implemented, 0 tested",
        "brigade: 0/8 sections implemented, 0 tested",
    ):
        assert line in text
    # company-fire's Ground, Firing and Special Terrain Rules hold no rule: notes, not gaps
    assert text.count("not implemented") == 27 + 10 + 42 + 2 + 8 - 3 and text.count("a note, no rule") == 3


@pytest.mark.usefixtures("no_code")
def test_json_is_plain_data(tmp_path: Path) -> None:
    data = coverage_json("brigade", tmp_path)
    assert json.loads(json.dumps(data)) == data
    (seed,) = data["seeds"]
    assert seed["ruleset"] == "brigade"
    assert seed["summary"] == "brigade: 0/8 sections implemented, 0 tested"
    assert {s["status"] for s in seed["sections"]} == {"not implemented"}
    assert seed["sections"][0] == {
        "section": "Definitions", "status": "not implemented", "procedures": [], "declared": [], "tests": [],
        "stand_in_base_tables": [], "note": "",
    }
