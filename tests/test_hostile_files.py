"""Files written whole or not at all, and files read only as UTF-8 within a size limit (warroom.core.files).

A full disk and a read-only folder are simulated by making the write or the temporary file fail with the
errors the system gives (ENOSPC, EACCES): running as root, a folder's mode would not stop the write. Each
case checks the one error names the path and the reason, that an older file at the path is byte-for-byte
as it was, and that no temporary or empty file is left behind.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
from pathlib import Path

import matplotlib.figure
import pytest

from hostile import refused, run, snapshot
from warroom.core import files
from warroom.core.errors import TableError, UsageError

FULL = OSError(errno.ENOSPC, "No space left on device")
DENIED = PermissionError(errno.EACCES, "Permission denied")


def test_write_text_puts_the_whole_text_at_the_path_and_nothing_else(tmp_path: Path) -> None:
    out = files.write_text(tmp_path / "a.json", "[1, 2]\n", "record")
    assert out.read_text() == "[1, 2]\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_a_full_disk_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.json").write_text("old\n")

    def full(fd: int) -> None:
        raise FULL

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(UsageError, match=r"^cannot save to .*a\.json: no space left on the device$"):
        files.write_text(tmp_path / "a.json", "new\n" * 1000, "record")
    assert snapshot(tmp_path) == {"a.json": b"old\n"}


def test_a_read_only_folder_is_one_error_naming_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(*args: object, **kw: object) -> tuple[int, str]:
        raise DENIED

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    with pytest.raises(UsageError, match=r"^cannot save to .*b\.png: permission denied$"):
        files.write_text(tmp_path / "b.png", "x")
    assert snapshot(tmp_path) == {}


@pytest.mark.parametrize(("path", "says"), [
    ("", "empty path"), (".", "empty path"), ("sub", "it is a folder"), ("sub/", "it is a folder"),
    ("missing/x.json", "the folder missing does not exist"), ("nul\0.json", "NUL character"),
])
def test_an_unusable_path_is_refused_before_anything_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                path: str, says: str) -> None:
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=says):
        files.write_text(path, "x")
    assert snapshot(tmp_path) == {}


def test_a_link_is_written_through_and_kept(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    files.write_text(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "new"


def test_a_device_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "full.png").symlink_to("/dev/full")
    with pytest.raises(UsageError, match="not a regular file"):
        files.write_text(tmp_path / "full.png", "x")
    assert Path("/dev/full").is_char_device()


def test_nothing_written_is_an_error_not_an_empty_file(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="nothing was written"), files.writing(tmp_path / "c.svg"):
        pass
    assert snapshot(tmp_path) == {}


def _savefig_on_a_full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """matplotlib writes part of the file, then the disk is full."""

    def partial(self: matplotlib.figure.Figure, fname: object, *args: object, **kw: object) -> None:
        Path(str(fname)).write_bytes(b"\x89PNG partial")
        raise FULL

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", partial)


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_a_chart_on_a_full_disk_is_one_error_and_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         suffix: str) -> None:
    _savefig_on_a_full_disk(monkeypatch)
    monkeypatch.chdir(tmp_path)
    outcome = run(["odds", "rally", "status=pinned", "--plot", f"chart{suffix}"], category="files: full disk")
    refused(outcome)
    assert f"chart{suffix}: no space left on the device" in outcome.err
    assert snapshot(tmp_path) == {}


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_map_on_a_full_disk_is_one_error_and_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       suffix: str) -> None:
    _savefig_on_a_full_disk(monkeypatch)
    monkeypatch.chdir(tmp_path)
    (tmp_path / f"map{suffix}").write_bytes(b"an older map")
    outcome = run(["scenario", "show", "crossroads_patrol", "--png", f"map{suffix}"], category="files: full disk")
    assert outcome.code == 2 and outcome.err.startswith("warroom: error: cannot save to"), outcome
    assert snapshot(tmp_path) == {f"map{suffix}": b"an older map"}


def test_a_record_on_a_full_disk_keeps_the_older_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text('{"an": "older record"}\n')

    def full(fd: int) -> None:
        raise FULL

    monkeypatch.setattr(os, "fsync", full)
    outcome = run(["playout", "crossroads_patrol", "--max-actions", "20", "--save", "game.json"],
                  category="files: full disk")
    assert outcome.code == 2 and outcome.err.splitlines()[-1] == (
        "warroom: error: cannot save to game.json: no space left on the device"), outcome
    assert snapshot(tmp_path) == {"game.json": b'{"an": "older record"}\n'}


def test_a_record_in_a_read_only_folder_is_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)

    def denied(*args: object, **kw: object) -> tuple[int, str]:
        raise DENIED

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    outcome = run(["playout", "crossroads_patrol", "--max-actions", "20", "--save", "game.json"],
                  category="files: read-only folder")
    assert outcome.code == 2 and outcome.err.splitlines()[-1] == (
        "warroom: error: cannot save to game.json: permission denied"), outcome
    assert snapshot(tmp_path) == {}


# --- reading -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "says"), [
    (b"\xff\xfex\x00=\x001\x00", "is UTF-16"),
    (b"x = 1\n\xe9\n", "is not UTF-8 text (byte 6 is 0xe9)"),
    (bytes(range(256)), "is not UTF-8 text"),
])
def test_a_file_that_is_not_utf8_is_one_error(tmp_path: Path, data: bytes, says: str) -> None:
    (tmp_path / "t.toml").write_bytes(data)
    with pytest.raises(TableError, match=re.escape(says)):
        files.read_text(tmp_path / "t.toml", "the table", error=TableError)


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_bytes(b"\xef\xbb\xbfx = 1\n")
    assert files.read_text(tmp_path / "t.toml") == "x = 1\n"


def test_a_file_over_the_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    (tmp_path / "big.toml").write_bytes(b"# " + b"x" * 1000)
    with pytest.raises(UsageError, match="larger than 100 bytes"):
        files.read_text(tmp_path / "big.toml", limit=100)
    assert files.MAX_INPUT_BYTES == 4_000_000


def test_a_folder_or_a_missing_file_is_one_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"cannot read the file .*: it is a folder"):
        files.read_text(tmp_path)
    with pytest.raises(UsageError, match=r"cannot read the file .*: No such file"):
        files.read_text(tmp_path / "nope")


def test_output_to_a_full_disk_is_one_error_not_a_traceback() -> None:
    """``warroom ... > /dev/full``: a real process, its standard output a full device."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "warroom", "odds", "rally", "status=pinned", "--json"],
                              stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "warroom: error: cannot write the output: No space left on device\n"


def test_a_db_of_the_other_kind_is_one_clear_error(tmp_path: Path) -> None:
    """``warroom ladder --db`` given the games file of ``warroom serve``, and the other way round: SQLite opens
    both, and each is refused by its columns instead of failing later with a database error."""
    from warroom.ai.ladder_store import LadderStore
    from warroom.web.store import GameStore

    GameStore(tmp_path / "games.sqlite")
    with pytest.raises(UsageError, match="not a ladder file"):
        LadderStore(tmp_path / "games.sqlite")
    LadderStore(tmp_path / "ladder.sqlite").close()
    with pytest.raises(UsageError, match="is not a games file of warroom serve"):
        GameStore(tmp_path / "ladder.sqlite")
    (tmp_path / "junk.sqlite").write_bytes(b"not a database at all" * 100)
    with pytest.raises(UsageError, match="cannot open the games file"):
        GameStore(tmp_path / "junk.sqlite")
    with pytest.raises(UsageError, match="cannot be written as a ladder file"):
        LadderStore(tmp_path / "junk.sqlite")


def test_a_record_past_the_action_limit_is_refused_before_it_is_checked(tmp_path: Path) -> None:
    from warroom.core.game import MAX_RECORD_ACTIONS, RECORD_FORMAT, GameRecord

    head = (f'{{"format": "{RECORD_FORMAT}", "ruleset": "company-fire", "version": "0", "scenario": "x", '
            f'"scenario_sha256": "{"0" * 64}", "seed": 1, "digests": [], "final_digest": "{"0" * 64}", ')
    (tmp_path / "long.json").write_text(head + '"actions": [' + ",".join(["0"] * (MAX_RECORD_ACTIONS + 1)) + "]}")
    with pytest.raises(UsageError, match="field 'actions' is list: a list of at most 100,000 action codes"):
        GameRecord.load(tmp_path / "long.json")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(UsageError, match="nested too deep"):
        GameRecord.load(tmp_path / "deep.json")
    (tmp_path / "bytes.json").write_bytes(b"\xff\xfe{\x00}\x00")
    with pytest.raises(UsageError, match="is UTF-16"):
        GameRecord.load(tmp_path / "bytes.json")
