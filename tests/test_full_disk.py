"""A database warroom cannot write is never left behind: a full disk at the first write (``simulate --db``,
``ladder --db``, ``serve --db``) is one clear error and no file, where it used to leave a 0-byte database; a
database that was there before is left as it was."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest


def _disk_full() -> None:
    """The child process may write no byte to any file: each write fails as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


COMMANDS = {
    "simulate": ["simulate", "crossroads_patrol", "--games", "3"],
    "ladder": ["ladder", "crossroads_patrol", "--players", "random,easy", "--games", "1"],
    "serve": ["serve", "--port", "0"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_database_that_cannot_be_written_is_not_left_behind(command: str, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    done = subprocess.run([sys.executable, "-m", "warroom", *COMMANDS[command], "--db", str(db)],
                          capture_output=True, text=True, preexec_fn=_disk_full, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warroom: error: ") and str(db) in lines[0], done.stderr
    assert sorted(os.listdir(tmp_path)) == [], "a file left behind"


def test_a_database_there_before_is_kept_when_it_cannot_be_written(tmp_path: Path) -> None:
    db = tmp_path / "not-a-database.sqlite3"
    db.write_bytes(b"not SQLite at all")
    done = subprocess.run([sys.executable, "-m", "warroom", *COMMANDS["simulate"], "--db", str(db)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "warroom: error:" in done.stderr
    assert db.read_bytes() == b"not SQLite at all"
