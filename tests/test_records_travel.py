"""Game records that travel: a record names a shipped scenario by its name and SHA-256 (never a path) and holds
the text of any other, so it replays on another install; a changed scenario is refused by its hash; every record
is checked by a pydantic model of its format, and anything hostile in it is one clear error."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_run import one_error, run
from warroom.core import game as game_module
from warroom.core.errors import UsageError
from warroom.core.game import (
    RECORD_FORMAT,
    GameRecord,
    load_game,
    record_of,
    replay,
    scenario_digest,
    shipped_scenarios,
)

GOLDEN = Path(__file__).parent / "golden" / "records"


def shipped(ruleset: str, name: str) -> Path:
    return next(p for p in shipped_scenarios()[ruleset] if p.stem == name)


def another_install(monkeypatch: pytest.MonkeyPatch, folder: Path, edit: str = "") -> Path:
    """Company Fire's shipped scenarios as another install has them: copies in ``folder`` (``edit`` appended to
    crossroads_patrol's), and no file at the path this install keeps them."""
    folder.mkdir()
    for path in shipped_scenarios()["company-fire"]:
        shutil.copy(path, folder / path.name)
    if edit:
        with (folder / "crossroads_patrol.toml").open("a", encoding="utf-8") as out:
            out.write(edit)
    monkeypatch.setitem(game_module._SHIPPED, "company-fire", lambda: sorted(folder.glob("*.toml")))
    return folder


@pytest.fixture
def saved(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A Company Fire game saved by `warroom playout crossroads_patrol --seed 7 --save`."""
    path = tmp_path / "made" / "game.json"
    path.parent.mkdir()
    code, _, err = run(capsys, monkeypatch, "playout", "crossroads_patrol", "--seed", "7", "--save", str(path))
    assert code == 0, err
    return path


def test_a_shipped_scenario_is_recorded_by_name_and_hash_with_no_path(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == RECORD_FORMAT == "warroom-game-record/3"
    assert data["ruleset"] == "company-fire" and data["scenario"] == "crossroads_patrol"
    assert data["scenario_sha256"] == scenario_digest(shipped("company-fire", "crossroads_patrol"))
    assert "scenario_text" not in data  # a shipped scenario is found by its name: its text is not copied
    text = json.dumps(data)
    assert ".toml" not in text and str(shipped("company-fire", "crossroads_patrol").parent) not in text


def test_a_record_moved_to_another_folder_and_install_replays(
        saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    moved = tmp_path / "friend" / "their game.json"
    moved.parent.mkdir()
    shutil.move(saved, moved)
    another_install(monkeypatch, tmp_path / "their-install")
    monkeypatch.chdir(tmp_path / "friend")
    code, out, err = run(capsys, monkeypatch, "replay", "their game.json")
    assert code == 0, err
    assert "The replay reproduces the recorded game exactly" in out


def test_a_changed_scenario_is_refused_naming_both_hashes(
        saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    recorded = scenario_digest(shipped("company-fire", "crossroads_patrol"))
    folder = another_install(monkeypatch, tmp_path / "changed-install", edit="\n# an edited copy\n")
    theirs = scenario_digest(folder / "crossroads_patrol.toml")
    assert theirs != recorded
    code, _, err = run(capsys, monkeypatch, "replay", str(saved))
    line = one_error(err)
    assert code == 2 and "not the one the record was made with" in line
    assert f"sha256 {theirs}" in line and f"sha256 {recorded}" in line
    # and a file given with --scenario is held to the same hash
    code, _, err = run(capsys, monkeypatch, "replay", str(saved), "--scenario", str(folder / "crossroads_patrol.toml"))
    assert code == 2 and f"sha256 {theirs}" in one_error(err)


def test_a_custom_scenario_travels_inside_its_record(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    mine = tmp_path / "my_patrol.toml"
    text = shipped("company-fire", "crossroads_patrol").read_text(encoding="utf-8") + "\n# my own copy\n"
    mine.write_text(text, encoding="utf-8")
    record_file = tmp_path / "mine.json"
    code, _, err = run(capsys, monkeypatch, "playout", str(mine), "--seed", "3", "--save", str(record_file))
    assert code == 0, err
    data = json.loads(record_file.read_text(encoding="utf-8"))
    assert data["scenario"] == "my_patrol.toml" and data["scenario_text"] == text
    assert data["scenario_sha256"] == scenario_digest(mine)
    mine.unlink()  # the friend has no such file
    code, out, err = run(capsys, monkeypatch, "replay", str(record_file))
    assert code == 0, err
    assert "reproduces the recorded game exactly" in out
    # the text it holds is pinned by the hash: an edited one is refused
    data["scenario_text"] = text.replace("# my own copy", "# my own copy, edited")
    record_file.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, "replay", str(record_file))
    assert code == 2 and "has been edited" in one_error(err)


def _json_record(saved: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saved.read_text(encoding="utf-8"))
    return data


HOSTILE: list[tuple[str, Any, str]] = [
    ("seed", 1.5, "field 'seed' is 1.5: a game's seed is a whole number from 0 to 2**63 - 1"),
    ("seed", "7", "field 'seed' is \"7\": a game's seed is a whole number"),
    ("seed", -1, "field 'seed' is -1: a game's seed is a whole number from 0"),
    ("seed", 10**30, "field 'seed' is 1000000000000000000000000000000: a game's seed"),
    ("seed", True, "field 'seed' is true: a game's seed"),
    ("seed", None, "field 'seed' is null: a game's seed"),
    ("actions", "1,2,3", "field 'actions' is \"1,2,3\": a list of at most 100,000 action codes"),
    ("actions", [1.5], "field 'actions' (item 1) is 1.5: a list of"),
    ("ruleset", 5, "field 'ruleset' is 5: the game's ruleset, as text"),
    ("notes", [], "field 'notes' is list: an object"),
    ("digests", "abc", "field 'digests' is \"abc\": a list of 16-digit hexadecimal digests"),
    ("scenario_sha256", "xyz", "field 'scenario_sha256' is \"xyz\": the scenario's SHA-256, 64 hexadecimal"),
    ("scenario_text", 12, "field 'scenario_text' is 12: the scenario file's text"),
    ("cheat", "yes", "unknown field 'cheat' in a warroom-game-record/3 record (its fields: format, ruleset"),
]


@pytest.mark.parametrize(("name", "value", "message"), HOSTILE, ids=[f"{n}={v!r:.20}" for n, v, _ in HOSTILE])
def test_a_hostile_record_field_is_one_clear_error(
        saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str, value: Any,
        message: str) -> None:
    data = _json_record(saved)
    data[name] = value
    saved.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        GameRecord.load(saved)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    code, _, err = run(capsys, monkeypatch, "replay", str(saved))
    assert code == 2 and message in one_error(err)


@pytest.mark.parametrize(("raw", "message"), [
    (bytes(range(128, 256)), "a game record is not UTF-8 text (byte 0 is 0x80)"),
    ('{"format": 1}'.encode("utf-16"), "a game record is UTF-16; save it as UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "not a game record"),
    (b"", "not valid JSON"),
    (b'{"format": "warroom-game-record/3"}', "field 'ruleset' is missing: the game's ruleset, as text"),
], ids=["random bytes", "utf-16", "deep nesting", "5000-digit number", "empty", "missing fields"])
def test_a_file_that_is_not_a_record_is_one_clear_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, raw: bytes,
        message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    code, _, err = run(capsys, monkeypatch, "replay", str(path))
    assert code == 2 and message in one_error(err)


def test_a_record_of_the_older_formats_with_a_path_still_replays(
        saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Formats 1 and 2 named the scenario by its path where they were made; the shipped scenario is found by its
    SHA-256 wherever that path was."""
    data = _json_record(saved)
    data["format"] = "warroom-game-record/2"
    data["scenario"] = "/home/someone/else/warroom/rulesets/company_fire/scenarios/crossroads_patrol.toml"
    saved.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, monkeypatch, "replay", str(saved))
    assert code == 0 and "reproduces the recorded game exactly" in out, err
    first = {k: v for k, v in data.items() if k not in ("digests", "final_digest")}
    first["format"] = "warroom-game-record/1"
    saved.write_text(json.dumps(first), encoding="utf-8")
    code, out, err = run(capsys, monkeypatch, "replay", str(saved))
    assert code == 0 and "saved without position digests" in out, err
    # a custom scenario of an old record is read at its path, still checked by its hash
    custom = tmp_path / "custom.toml"
    shutil.copy(shipped("company-fire", "crossroads_patrol"), custom)
    with custom.open("a", encoding="utf-8") as out_file:
        out_file.write("\n# another scenario\n")
    game = load_game("company-fire", custom)
    record = record_of(game, 4, [], custom)
    old = {k: v for k, v in record.to_json().items() if k != "scenario_text"}
    old.update(format="warroom-game-record/2", scenario=str(custom.resolve()))
    assert len(replay(GameRecord.from_json(old))) == 1
    custom.write_text("# changed since\n", encoding="utf-8")
    with pytest.raises(UsageError, match="its contents differ"):
        replay(GameRecord.from_json(old))


def test_a_record_neither_shipped_nor_holding_its_scenario_says_what_to_do(saved: Path) -> None:
    record = GameRecord.load(saved)
    lost = GameRecord(**{**record.__dict__, "scenario": "someone_elses.toml", "scenario_sha256": "ab" * 32})
    with pytest.raises(UsageError, match=r"not shipped with this warroom and the record does not hold its text: "
                                         r"give its file with --scenario FILE"):
        replay(lost)


def test_a_record_round_trips_through_its_file(saved: Path, tmp_path: Path) -> None:
    record = GameRecord.load(saved)
    again = record.save(tmp_path / "again.json")
    assert GameRecord.load(again) == record
    with pytest.raises(UsageError, match=r"the folder .* does not exist"):
        record.save(tmp_path / "nowhere" / "x.json")
    with pytest.raises(UsageError, match="give a file name"):
        record.save(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.json", "made"]  # no temporary file left


GOLDEN_FILES = sorted(GOLDEN.glob("*.json.gz"))


@pytest.mark.slow
@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.name.removesuffix(".json.gz") for p in GOLDEN_FILES])
def test_every_golden_game_saved_as_a_record_replays_identically(path: Path, tmp_path: Path) -> None:
    """The first golden game of each shipped scenario (tests/golden/records), saved as a game record and loaded
    again, replays to the golden result, and the record holds the scenario by name."""
    ruleset, name = path.name.removesuffix(".json.gz").split("__")
    golden = json.loads(gzip.decompress(path.read_bytes()))
    first = golden[0] if isinstance(golden, list) else golden["records"][0]
    scenario = shipped(ruleset, name)
    game = load_game(ruleset, scenario)
    actions = [game.decode(c) for c in first["actions"]]
    record = record_of(game, first["seed"], actions, scenario)
    assert record.scenario == name and record.scenario_text is None
    loaded = GameRecord.load(record.save(tmp_path / "g.json"))
    states = replay(loaded)
    assert len(states) == len(first["actions"]) + 1
    end = states[-1]
    assert (end.result() if end.is_terminal() else None) == first["result"]


@pytest.mark.parametrize(("text", "message"), [
    ("a = " + "[" * 100_000, "the scenario evil.toml the record holds: not valid TOML here: arrays or tables are"),
    ("\x00 junk", "the scenario evil.toml the record holds: not valid TOML"),
    ("name = 'x'\n", "the scenario evil.toml the record holds: "),
], ids=["deep nesting", "not TOML", "not a scenario"])
def test_a_hostile_scenario_held_in_a_record_is_one_clear_error(
        saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str,
        message: str) -> None:
    data = _json_record(saved)
    data.update(scenario="evil.toml", scenario_text=text,
                scenario_sha256=hashlib.sha256(text.encode("utf-8")).hexdigest())
    saved.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, "replay", str(saved))
    line = one_error(err)
    assert code == 2 and message in line and "warroom-record-" not in line  # never the temporary folder


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**40), max_value=10**40) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELDS = ["format", "ruleset", "version", "scenario", "scenario_sha256", "seed", "actions", "notes", "digests",
          "final_digest", "scenario_text", "extra"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, min_size=1, max_size=3),
       dropped=st.sets(st.sampled_from(FIELDS[:10]), max_size=2))
def test_any_mutated_record_loads_or_is_one_clear_error(saved: Path, edits: dict[str, Any], dropped: set[str]) -> None:
    """Whatever a record's fields are changed to or whichever are dropped, reading it either gives a record or
    raises one :class:`UsageError` of one line; never another exception."""
    data = {k: v for k, v in _json_record(saved).items() if k not in dropped}
    data.update(edits)
    try:
        record = GameRecord.from_json(json.loads(json.dumps(data)), "mutated")
    except UsageError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("mutated: ")
        return
    assert record.to_json()["seed"] == data["seed"]
