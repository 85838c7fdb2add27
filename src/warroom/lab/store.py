"""Where the lab keeps its runs: one SQLite file (``--db``; by default ``lab.sqlite3`` in the user data folder,
beside the ladder's file, :func:`warroom.ai.ladder_store.default_db`).

A run has a name and the options its games were played with (:meth:`warroom.lab.job.Job.options`); each game
is stored once under (run, seed, swapped), so running the same name again plays only the games it lacks. Games
are written in transactions of a few at a time: a run stopped part way (Ctrl-C, a kill, a crash) leaves every
game written before it and a file SQLite opens as it was.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from warroom.ai.ladder_store import default_db as ladder_db
from warroom.core.errors import UsageError
from warroom.core.files import database_made_whole
from warroom.lab.job import GameRow

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    name TEXT PRIMARY KEY,
    options TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run TEXT NOT NULL REFERENCES runs(name),
    seed INTEGER NOT NULL,
    swapped INTEGER NOT NULL,
    winner TEXT,
    finished INTEGER NOT NULL,
    actions INTEGER NOT NULL,
    data TEXT NOT NULL,
    played_at TEXT NOT NULL,
    PRIMARY KEY (run, seed, swapped)
);
"""


_GAME_COLUMNS = ("run", "seed", "swapped", "winner", "finished", "actions", "data", "played_at")


def default_db() -> Path:
    """The lab's file when ``--db`` is not given: ``lab.sqlite3`` in the user data folder."""
    return ladder_db().with_name("lab.sqlite3")


def check_writable(path: Path) -> None:
    """One clear error, before any game, if the file cannot be made or written (and no file left behind when it
    was not there before)."""
    if path.is_dir():
        raise UsageError(f"--db {path}: is a folder; give a file for the lab's games")
    opened: list[sqlite3.Connection] = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with database_made_whole(path, lambda: _close_all(opened)):
            opened.append(sqlite3.connect(path, timeout=30.0))
            with opened[0] as conn:
                _check_lab_file(conn, path)
                conn.executescript(_SCHEMA)
            conn.close()
    except (OSError, sqlite3.Error) as exc:
        raise UsageError(f"--db {path}: cannot be written ({exc}); choose another file with --db") from None


def _close_all(connections: list[sqlite3.Connection]) -> None:
    for conn in connections:
        conn.close()


def _check_lab_file(conn: sqlite3.Connection, path: Path) -> None:
    """One clear error for an SQLite file whose games table is not the lab's (a ladder's, say), before anything
    is written to it."""
    columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    if columns and columns != list(_GAME_COLUMNS):
        raise UsageError(f"--db {path}: not a lab file (its games table is another's, a ladder's say); give another "
                         f"file with --db")


class LabStore:
    """The lab's SQLite file, opened to add games (``write=True``, made if missing) or only to read them."""

    def __init__(self, path: Path, write: bool = True) -> None:
        self.path = path
        if write:
            with database_made_whole(path, self.close):
                self._open(path, write)
        else:
            self._open(path, write)

    def _open(self, path: Path, write: bool) -> None:
        try:
            if write:
                check_writable(path)
                self._conn = sqlite3.connect(path, timeout=30.0)
            else:
                if not path.is_file():
                    raise UsageError(f"--db {path}: no lab runs are stored there; play one with 'warroom simulate "
                                     f"SCENARIO --name RUN --db {path}'")
                self._conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)
            _check_lab_file(self._conn, path)
            row = self._conn.execute("SELECT value FROM meta WHERE key = 'lab_schema'").fetchone()
            if row is None and write:
                with self._conn:
                    self._conn.execute("INSERT INTO meta VALUES ('lab_schema', ?)", (str(SCHEMA_VERSION),))
            elif row is None or row[0] != str(SCHEMA_VERSION):
                raise UsageError(f"--db {path}: not a lab file of this warroom (schema "
                                 f"{'none' if row is None else row[0]}, this one reads {SCHEMA_VERSION})")
        except sqlite3.Error as exc:
            raise UsageError(f"--db {path}: {'cannot be written' if write else 'cannot be read'} as a lab file "
                             f"({exc})") from None

    _conn: sqlite3.Connection

    def close(self) -> None:
        conn = getattr(self, "_conn", None)  # None when opening failed before the connection was made
        if conn is not None:
            conn.close()

    def __enter__(self) -> LabStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open_run(self, name: str, options: dict[str, Any]) -> None:
        """Start the run ``name``, or go on with it: one clear error if it was made with other options."""
        row = self._conn.execute("SELECT options FROM runs WHERE name = ?", (name,)).fetchone()
        if row is not None:
            before = json.loads(row[0])
            if before != options:
                differ = sorted(k for k in {*before, *options} if before.get(k) != options.get(k))
                raise UsageError(f"run '{name}' was played with other options ({', '.join(differ)} differ: "
                                 f"{', '.join(f'{k}={before.get(k)!r}' for k in differ)}); give another --name")
            return
        with self._conn:
            self._conn.execute("INSERT INTO runs VALUES (?, ?, ?)",
                               (name, json.dumps(options, sort_keys=True),
                                datetime.now(UTC).isoformat(timespec="seconds")))

    def options(self, name: str) -> dict[str, Any]:
        """A stored run's options; one clear error naming the stored runs if there is none of that name."""
        row = self._conn.execute("SELECT options FROM runs WHERE name = ?", (name,)).fetchone()
        if row is None:
            runs = self.runs()
            raise UsageError(f"no run '{name}' in {self.path}; its runs: {', '.join(runs) or 'none'}")
        found: dict[str, Any] = json.loads(row[0])
        return found

    def runs(self) -> list[str]:
        return [r[0] for r in self._conn.execute("SELECT name FROM runs ORDER BY created_at, name")]

    def stored_keys(self, name: str) -> set[tuple[int, bool]]:
        return {(int(s), bool(w)) for s, w in self._conn.execute("SELECT seed, swapped FROM games WHERE run = ?",
                                                                   (name,))}

    def add(self, name: str, games: Iterable[GameRow]) -> int:
        """Store games in one transaction (one stored already is kept as it was); how many were new."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        rows = [(name, g.seed, int(g.swapped), g.winner, int(g.finished), g.actions, json.dumps(g.to_json()), now)
                for g in games]
        try:
            with self._conn:
                before = self._conn.total_changes
                self._conn.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
                return self._conn.total_changes - before
        except sqlite3.Error as exc:
            raise UsageError(f"--db {self.path}: cannot be written ({exc})") from None

    def games(self, name: str, seeds: tuple[int, int] | None = None) -> list[GameRow]:
        """A run's games in seed order (swapped after not), of the seeds from ``seeds[0]`` below ``seeds[1]``."""
        rows = self._conn.execute("SELECT seed, data FROM games WHERE run = ? ORDER BY seed, swapped", (name,))
        return [GameRow.from_json(json.loads(d)) for s, d in rows
                if seeds is None or seeds[0] <= int(s) < seeds[1]]
