"""The command line's rough edges, as a newcomer meets them: statuses that are worked out, the rules' own words
from an installed warroom, the base tables as a file to edit, 80-column terminals, ``| head``, ``python -m``,
the licence and the version, and shell completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from fractions import Fraction
from importlib.metadata import version
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete

import warroom
from cli_run import one_error, run
from warroom.cli import cli, common
from warroom.core import registry, rules_text
from warroom.core.api import odds
from warroom.core.base_tables import base_tables_of, recording_stand_ins
from warroom.core.game import shipped_scenarios
from warroom.tools import coverage

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")


@pytest.fixture
def eighty() -> Iterator[None]:
    """The command's console as an 80-column terminal prints."""
    saved = common.console._width
    common.console._width = 80
    try:
        yield
    finally:
        common.console._width = saved


def table_cells(out: str) -> list[str]:
    """Every cell of every row of a rich table, stripped (a cell wrapped over lines gives a cell per line)."""
    return [cell.strip() for line in out.splitlines() if line.startswith("│") for cell in line.strip("│").split("│")]


# --- warroom rulesets: a status worked out, never written -----------------------------------------------------------


def test_rulesets_status_is_worked_out_from_the_registry_and_coverage(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "rulesets")
    assert code == 0 and "in progress" not in out
    statuses = coverage.ruleset_statuses()
    # the counts, as seed_sections.toml lists the sections and the rulesets register their procedures
    assert (statuses["bfwwii-house"].sections, statuses["fow-bunkers"].sections) == (27, 10)
    assert (statuses["terrain-mines"].sections, statuses["company-fire"].sections, statuses["brigade"].sections) \
        == (2, 42, 8)
    assert statuses["company-fire"].game and statuses["brigade"].game and not statuses["fow-bunkers"].game
    assert statuses["company-fire"].procedures == len(registry.procedures("company-fire"))
    assert str(statuses["fow-bunkers"]) == "20 procedures; all 10 seed sections implemented"
    cf = statuses["company-fire"]
    # Ground (the ground scale), Firing (the designer's note on ranges) and Special Terrain Rules (a heading over
    # Bocage and Mines) hold no rule: 42 - 3 = 39 sections with a rule, each implemented
    assert (cf.notes, cf.missing, cf.implemented) == (3, (), 39)
    assert str(cf) == "the full game, 19 procedures; all 39 seed sections with a rule implemented (3 more are notes)"
    report = coverage.compute_coverage("company-fire", tests=False, stand_ins=False)
    assert cf.implemented == report.seeds[0].implemented
    flat = " ".join(out.replace("│", " ").split())  # a wrapped cell, read on across its lines
    assert "20 procedures; all 10 seed sections implemented" in flat
    assert "all 39 seed sections with a rule implemented (3 more are notes)" in flat
    assert "no code implements yet" not in flat


def test_a_section_that_holds_no_rule_is_a_note_not_a_gap(tmp_path: Path) -> None:
    sections = {s.section: s for s in coverage.compute_coverage("company-fire", tmp_path).seeds[0].sections}
    assert sections["Ground"].status == "a note, no rule" and "ground scale" in sections["Ground"].note
    assert sections["Special Terrain Rules"].status == "a note, no rule"
    assert sections["Scale"].status == "implemented, untested" and sections["Scale"].note == ""
    missing = coverage.ruleset_statuses()["company-fire"]
    assert "Ground" not in missing.missing


def test_a_status_follows_coverage_when_what_is_declared_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the games' declared rule uses, the sections only game code implements drop out of the status."""
    before = coverage.ruleset_statuses()["company-fire"]
    monkeypatch.setattr(coverage, "rule_uses", lambda: ())
    after = coverage.ruleset_statuses()["company-fire"]
    assert after.implemented < before.implemented and "Stacking" in after.missing
    assert str(after) == (f"the full game, 19 procedures; {after.implemented} of 39 seed sections with a rule "
                          "implemented")


# --- warroom rules show / search ------------------------------------------------------------------------------------


def test_rules_show_a_ruling_by_its_id(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, monkeypatch, "rules", "show", "CF-7")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("CF-7  (Company Fire")
    assert lines[2] == "Question: A platoon leader and the company commander both present."
    assert lines[3].startswith("Reading:  One leader bonus, the better: +2 for the company commander")
    assert run(capsys, monkeypatch, "rules", "show", "cf-7")[1] == out  # any case
    data = json.loads(run(capsys, monkeypatch, "rules", "show", "CF-7", "--json")[1])
    assert data["id"] == "CF-7" and data == rules_text.rulings()["CF-7"]


def test_rules_show_a_seed_section_by_name(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, monkeypatch, "rules", "show", "002", "Opportunity Fire")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == '002 Company Fire, section "Opportunity Fire" (002_e954d5c422be67ed.txt)'
    assert lines[2] == "Opportunity Fire"
    assert ("- Only a single unit with LOS to the destination grid space may fire, using the method for Individual "
            "Stand Firing.") in lines
    assert "Group Fire" not in lines  # the next section's heading: the text stops before it
    # the same section by the ruleset's id and in other words' case, unquoted
    assert run(capsys, monkeypatch, "rules", "show", "company-fire", "opportunity", "fire")[1] == out
    listing = run(capsys, monkeypatch, "rules", "show", "004")[1]
    assert listing.startswith("004 WW2 Rules for Brigade level games") and "8 sections" in listing.splitlines()[0]


def test_rules_show_wraps_between_words_at_80_columns(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "80")
    out = run(capsys, monkeypatch, "rules", "show", "CF-7")[1]
    assert out.splitlines()[1:3] == ["Section:  Unit Status, Hit Results and Rallying (Rally); Movement (Movement",
                                     "          Test); Close Assault"]
    out = run(capsys, monkeypatch, "rules", "show", "002", "Opportunity Fire")[1]
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "- Only a single unit with LOS to the destination grid space may fire, using the\n  method for " in out


@pytest.mark.parametrize(("args", "says"), [
    (("CF-9999",), "warroom: error: no ruling 'CF-9999' (did you mean 'CF-99'"),
    (("XY-7",), "warroom: error: no ruling 'XY-7'"),
    (("002", "Oportunity Fire"), "has no section 'Oportunity Fire' (did you mean 'Opportunity Fire'"),
    (("002", "opportunity"), "(did you mean 'Opportunity Fire' or 'Vehicle Opportunity Fire'?)"),
    (("009", "Movement"), "warroom: error: no seed '009' (did you mean"),
])
def test_rules_show_unknown_is_one_error_with_close_matches(capsys, monkeypatch, args, says) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, monkeypatch, "rules", "show", *args)
    assert code == 2 and out == "" and says in one_error(err)


def test_rules_search_finds_sections_and_readings_with_every_word(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    hits = rules_text.search("opportunity fire", limit=500)
    assert hits[0].ref == '002 "Opportunity Fire"' and hits[1].ref == '002 "Vehicle Opportunity Fire"'
    assert {"section", "ruling"} == {h.kind for h in hits} and "CF-83" in {h.ref for h in hits}
    texts = {f'{s.number} "{sec.name}"': f"{sec.name} {sec.text}" for s in rules_text.seeds() for sec in s.sections}
    for hit in hits:
        if hit.kind == "section":
            folded = rules_text.section_key(texts[hit.ref])
            assert "opportunity" in folded and "fire" in folded
    code, out, _ = run(capsys, monkeypatch, "rules", "search", "opportunity", "fire", "--limit", "3")
    assert code == 0 and out.splitlines()[0].startswith('002 "Opportunity Fire"  Company Fire: Opportunity Fire')
    assert out.splitlines()[-1] == 'Open one: warroom rules show 002 "Opportunity Fire"'
    assert run(capsys, monkeypatch, "rules", "search", "zqxjv")[1] == "no seed section or reading holds all of: zqxjv\n"


def test_the_cli_and_the_web_read_the_rules_with_one_reader() -> None:
    from warroom.web import rules as web_rules

    assert web_rules.seeds is rules_text.seeds and web_rules.rulings is rules_text.rulings
    assert coverage.load_seed_sections is rules_text.load_seed_sections


# --- warroom tables export ------------------------------------------------------------------------------------------


def test_tables_export_round_trip_every_procedure_reads_the_same_odds(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Each ruleset's export, given back with --base-tables, gives every procedure that reads a base table the same
    odds as warroom's stand-in, now read from the file."""
    checked = 0
    for ruleset in ("terrain-mines", "fow-bunkers", "bfwwii-house"):
        code, out, _ = run(capsys, monkeypatch, "tables", "export", ruleset)
        assert code == 0
        exported = tmp_path / f"{ruleset}.toml"
        exported.write_text(out, encoding="utf-8")
        assert set(tomllib.loads(out)) == set(base_tables_of(ruleset))
        for spec in registry.procedures(ruleset):
            with recording_stand_ins() as seen:
                stand_in = odds(spec.id, dict(spec.example))
            if not seen:
                continue
            with recording_stand_ins() as still:
                own = odds(spec.id, dict(spec.example), base_tables=exported)
            assert own.distribution == stand_in.distribution, spec.id
            assert not still, spec.id  # no stand-in read: every table came from the file
            checked += 1
    assert checked >= 40


def test_an_edited_export_changes_the_odds_by_hand(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """An AP mine is firepower 2 against the troops' defense 1 (TM-28): the stand-in eliminates on 01-16 and pins
    on 17-50 of percentile dice; edited to 30 and 80, eliminated 30/100, pinned 50/100, unhurt 20/100."""
    out = run(capsys, monkeypatch, "tables", "export", "terrain-mines", "--output", str(tmp_path / "t.toml"))[2]
    assert "terrain-mines's base-game tables written to" in out
    text = (tmp_path / "t.toml").read_text(encoding="utf-8")
    cell = "{ firepower = 2, defense = 1, eliminated_up_to = 16, pinned_up_to = 50 }"
    assert cell in text
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace(cell, cell.replace("16", "30").replace("50", "80")), encoding="utf-8")
    before = dict(odds("terrain-mines/ap-mine-troops", {"defense": 1}).distribution)
    after = dict(odds("terrain-mines/ap-mine-troops", {"defense": 1}, base_tables=mine).distribution)
    assert before == {"eliminated": Fraction(16, 100), "pinned": Fraction(34, 100), "unhurt": Fraction(50, 100)}
    assert after == {"eliminated": Fraction(30, 100), "pinned": Fraction(50, 100), "unhurt": Fraction(20, 100)}


@pytest.mark.parametrize(("ruleset", "says"), [
    ("brigadee", "unknown ruleset 'brigadee' (did you mean 'brigade'?); rulesets with base-game tables: "),
    ("brigade", "ruleset brigade has no base-game tables to replace; rulesets with base-game tables: "),
])
def test_tables_export_of_no_tables_is_one_error(capsys, monkeypatch, ruleset, says) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, monkeypatch, "tables", "export", ruleset)
    assert code == 2 and out == "" and says in one_error(err)


def test_tables_export_to_a_missing_folder_writes_nothing(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "nofolder" / "t.toml"
    code, _, err = run(capsys, monkeypatch, "tables", "export", "fow-bunkers", "-o", str(target))
    assert code == 2 and "does not exist" in one_error(err) and not target.parent.exists()


# --- 80 columns: never cut a name a user must type ------------------------------------------------------------------


def test_procedures_at_80_columns_show_every_id_whole(capsys, monkeypatch, eighty) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "procedures")
    cells = set(table_cells(out))
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    assert {spec.id for spec in registry.procedures()} <= cells


def test_an_80_column_terminal_as_the_shell_says_it() -> None:
    """COLUMNS=80 in the environment, as a terminal of that width sets it: every procedure id whole."""
    env = {**os.environ, "PYTHONPATH": SRC, "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", "warroom", "procedures", "brigade"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0 and max(len(line) for line in done.stdout.splitlines()) == 80
    assert {spec.id for spec in registry.procedures("brigade")} <= set(table_cells(done.stdout))


def test_rulesets_and_ai_list_at_80_columns_show_every_name_whole(capsys, monkeypatch, eighty) -> None:  # type: ignore[no-untyped-def]
    from warroom.ai import STRENGTHS, available

    out = run(capsys, monkeypatch, "rulesets")[1]
    cells = set(table_cells(out))
    assert {info.id for info in registry.rulesets()} | {"000", "001", "002", "003", "004"} <= cells
    out = run(capsys, monkeypatch, "ai", "list")[1]
    cells = set(table_cells(out))
    assert {entry.name for entry in available()} | set(STRENGTHS) <= cells
    assert all(len(line) <= 80 for line in out.splitlines())


def test_scenario_list_at_80_columns_shows_every_file_name_whole(capsys, monkeypatch, eighty) -> None:  # type: ignore[no-untyped-def]
    out = run(capsys, monkeypatch, "scenario", "list")[1]
    files = {path.stem for paths in shipped_scenarios().values() for path in paths}  # the names to type
    assert files <= set(table_cells(out)) and "…" not in "".join(line.split("│")[1] for line in out.splitlines()
                                                                 if line.startswith("│"))


def test_rules_coverage_at_80_columns_is_a_list_that_breaks_no_name(capsys, monkeypatch, eighty) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "rules", "coverage", "company-fire")
    lines = out.splitlines()
    assert code == 0 and all(len(line) <= 80 for line in lines) and "┃" not in out
    flat = " ".join(out.split())  # lines wrap only between words: read on, every name is whole
    report = coverage.compute_coverage("company-fire")
    for section in report.seeds[0].sections:
        assert any(line.startswith(f"{section.section}  {section.status}") for line in lines), section.section
        for code_name in section.declared:
            assert code_name in flat, code_name
            assert not any(line.rstrip().endswith(code_name[:-1]) for line in lines)  # never cut inside a name
    assert lines[-1].startswith("company-fire: ") or "company-fire: " in out


# --- | head, python -m, licence, version ---------------------------------------------------------------------------


@pytest.mark.parametrize("args", [("procedures",), ("playout", "hedgerow_hell", "--seed", "3")])
def test_a_closed_pipe_ends_the_command_with_status_0(args: tuple[str, ...]) -> None:
    """``python -m warroom ... | head -2``: the reader takes two lines and goes; the output (68 KB, 88 KB) is more
    than a pipe holds, so the command meets the closed pipe mid-write."""
    env = {**os.environ, "PYTHONPATH": SRC, "COLUMNS": "120"}
    with subprocess.Popen([sys.executable, "-m", "warroom", *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = [proc.stdout.readline() for _ in range(2)]
        proc.stdout.close()
        err = proc.stderr.read()
        status = proc.wait(timeout=120)
    assert all(first) and status == 0 and err == b"", err.decode()


def test_shell_pipeline_into_head_exits_0() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run(["bash", "-o", "pipefail", "-c", f"'{sys.executable}' -m warroom procedures | head -3"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.count("\n") == 3 and done.stderr == ""


def test_licence_and_version_are_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["license"] == "MIT" and licence.startswith("MIT License\n")
    assert "Copyright (c) the warroom authors" in licence and 'THE SOFTWARE IS PROVIDED "AS IS"' in licence
    assert warroom.__version__ == version("warroom") == project["version"]
    for path in (ROOT / "src" / "warroom").rglob("*.py"):
        if path.name != "info.py":  # a ruleset's own version is its own
            assert f'"{project["version"]}"' not in path.read_text(encoding="utf-8"), path


def test_version_option_prints_the_package_version(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert run(capsys, monkeypatch, "--version")[1] == f"warroom, version {version('warroom')}\n"


# --- shell completion -------------------------------------------------------------------------------------------


def complete(*words: str) -> list[str]:
    """What the shell is offered for the last word of ``warroom WORDS``."""
    completer = ShellComplete(cli, {}, "warroom", "_WARROOM_COMPLETE")
    return [item.value for item in completer.get_completions(list(words[:-1]), words[-1])]


def test_completion_of_procedures_scenarios_and_rules() -> None:
    assert complete("odds", "ral") == ["rally"]
    assert complete("roll", "anti") == ["anti-tank-obstacle", "brigade/anti-tank-fire", "company-fire/anti-tank-fire"]
    assert complete("odds", "company-fire/gr") == ["company-fire/group-fire"]
    assert complete("playout", "hedg")[:2] == ["hedgerow_breakout", "hedgerow_hell"]
    assert complete("play", "pon")[0] == "ponyri" and complete("play", "hill")[0] == "hill_112"
    assert complete("scenario", "show", "cross")[0] == "crossroads_patrol"
    assert complete("procedures", "b") == ["bfwwii-house", "brigade"]
    assert complete("rules", "show", "CF-7") == ["CF-7"] + [f"CF-{n}" for n in range(70, 80)]
    assert complete("rules", "show", "002", "Opp") == ["Opportunity Fire"]
    assert complete("tables", "export", "f") == ["fow-bunkers"]


def test_completion_of_a_procedures_key_value_words() -> None:
    """Rally's parameters (seed "Unit Status, Hit Results and Rallying"): status, enemy_los, experience, leader."""
    assert complete("odds", "rally", "") == ["status=", "enemy_los=", "experience=", "leader="]
    assert complete("odds", "rally", "status=") == ["status=pinned", "status=suppressed"]
    assert complete("roll", "rally", "status=pinned", "") == ["enemy_los=", "experience=", "leader="]
    assert complete("odds", "rally", "enemy_los=") == ["enemy_los=true", "enemy_los=false"]
    assert "firers=rifle_squad,hmg" in complete("odds", "group-fire", "firers=rifle_squad,")
    assert complete("odds", "rally", "status", "=", "su") == ["suppressed"]  # bash splits a word at "="
    assert complete("odds", "no-such-procedure", "st") == []


def test_completion_through_the_shell_protocol() -> None:
    """What bash does: source the script, then ask with COMP_WORDS and COMP_CWORD."""
    env = {**os.environ, "PYTHONPATH": SRC, "_WARROOM_COMPLETE": "bash_source"}
    script = subprocess.run([sys.executable, "-m", "warroom"], capture_output=True, text=True, env=env, timeout=60)
    assert "_WARROOM_COMPLETE=bash_complete" in script.stdout and "complete -o nosort -F" in script.stdout
    env.update({"_WARROOM_COMPLETE": "bash_complete", "COMP_WORDS": "warroom playout crossr", "COMP_CWORD": "2"})
    asked = subprocess.run([sys.executable, "-m", "warroom"], capture_output=True, text=True, env=env, timeout=60)
    assert asked.stdout.splitlines()[0] == "plain,crossroads_patrol"
