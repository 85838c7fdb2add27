"""Where a ladder keeps its games: one SQLite file, so later ladders add to it.

Each game is stored once, by its scenario (ruleset, version and the file's SHA-256), the player on each
side (a canonical spec, :func:`warroom.ai.ladder.entrant`) and its seed: a game already stored is not
played again. Every write is one transaction, so a ladder stopped part way (Ctrl-C, a crash, a full disk)
leaves every game written before it and a file SQLite opens as it was. The default file is
``ladder.sqlite3`` in the user data folder (``platformdirs.user_data_path("warroom")``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from warroom.core.errors import UsageError
from warroom.core.files import database_made_whole

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (spec TEXT PRIMARY KEY, label TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    ruleset TEXT NOT NULL,
    version TEXT NOT NULL,
    scenario TEXT NOT NULL,
    scenario_sha256 TEXT NOT NULL,
    first_side TEXT NOT NULL,
    second_side TEXT NOT NULL,
    first_player TEXT NOT NULL,
    second_player TEXT NOT NULL,
    seed INTEGER NOT NULL,
    winner TEXT,
    finished INTEGER NOT NULL,
    reason TEXT NOT NULL,
    actions INTEGER NOT NULL,
    first_seconds REAL NOT NULL,
    second_seconds REAL NOT NULL,
    played_at TEXT NOT NULL,
    PRIMARY KEY (ruleset, version, scenario_sha256, first_player, second_player, seed)
);
"""


def default_db() -> Path:
    """The ladder file when ``--db`` is not given: ``ladder.sqlite3`` in the user data folder."""
    return platformdirs.user_data_path("warroom") / "ladder.sqlite3"


@dataclass(frozen=True)
class StoredGame:
    """One finished (or cut short) ladder game: who played which side of which scenario, with what seed,
    and how it ended (``winner`` is a side, or None for a draw or a game cut short; ``finished`` tells them
    apart)."""

    ruleset: str
    version: str
    scenario: str
    scenario_sha256: str
    first_side: str
    second_side: str
    first_player: str
    second_player: str
    seed: int
    winner: str | None
    finished: bool
    reason: str
    actions: int
    first_seconds: float
    second_seconds: float

    @property
    def key(self) -> tuple[str, str, str, str, str, int]:
        """What makes a game the same game: its scenario, its players on their sides and its seed."""
        return (self.ruleset, self.version, self.scenario_sha256, self.first_player, self.second_player, self.seed)


_COLUMNS = ("ruleset", "version", "scenario", "scenario_sha256", "first_side", "second_side", "first_player",
            "second_player", "seed", "winner", "finished", "reason", "actions", "first_seconds", "second_seconds")


class LadderStore:
    """The ladder's SQLite file, opened to add games (``write=True``, made if missing) or only to read them."""

    def __init__(self, path: Path, write: bool = True) -> None:
        self.path = path
        try:
            if write:
                if path.is_dir():
                    raise UsageError(f"--db {path}: is a folder; give a file for the ladder's games")
                with database_made_whole(path, self.close):
                    self._conn = sqlite3.connect(path, timeout=30.0)
                    with self._conn:
                        self._conn.executescript(_SCHEMA)
                        self._check_version(write=True)
            else:
                if not path.is_file():
                    raise UsageError(f"--db {path}: no ladder is stored there; play one with 'warroom ladder "
                                     f"SCENARIO... --db {path}'")
                self._conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)
                self._check_version(write=False)
        except sqlite3.Error as exc:
            what = "cannot be written" if write else "cannot be read"
            raise UsageError(f"--db {path}: {what} as a ladder file ({exc})") from None

    def _check_version(self, write: bool) -> None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is None and write:
            self._conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif row is None or row[0] != str(SCHEMA_VERSION):
            found = "none" if row is None else row[0]
            raise UsageError(f"--db {self.path}: not a ladder file of this warroom (schema {found}, this one "
                             f"reads {SCHEMA_VERSION})")
        columns = {r[1] for r in self._conn.execute("PRAGMA table_info(games)")}
        if not set(_COLUMNS) <= columns:  # another program's file, or warroom's games file of `serve`
            raise UsageError(f"--db {self.path}: not a ladder file (its games table lacks the ladder's columns); "
                             f"choose another file")

    _conn: sqlite3.Connection

    def close(self) -> None:
        conn = getattr(self, "_conn", None)  # None when opening failed before the connection was made
        if conn is not None:
            conn.close()

    def __enter__(self) -> LadderStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def stored_keys(self, ruleset: str, version: str, sha256: str) -> set[tuple[str, str, int]]:
        """(first player, second player, seed) of every game stored for one scenario."""
        rows = self._conn.execute("SELECT first_player, second_player, seed FROM games WHERE ruleset = ? AND "
                                  "version = ? AND scenario_sha256 = ?", (ruleset, version, sha256))
        return {(a, b, int(s)) for a, b, s in rows}

    def add(self, games: Iterable[StoredGame]) -> int:
        """Store games in one transaction (a game already stored is kept as it was); how many were new."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        rows = [(*(int(v) if isinstance(v, bool) else v for v in (getattr(g, c) for c in _COLUMNS)), now)
                for g in games]
        marks = ", ".join("?" * (len(_COLUMNS) + 1))
        try:
            with self._conn:
                before = self._conn.total_changes
                self._conn.executemany(f"INSERT OR IGNORE INTO games ({', '.join(_COLUMNS)}, played_at) "
                                       f"VALUES ({marks})", rows)
                return self._conn.total_changes - before
        except sqlite3.Error as exc:
            raise UsageError(f"--db {self.path}: cannot be written ({exc})") from None

    def name_players(self, labels: dict[str, str]) -> None:
        """Remember the name each player spec was last given (a strength's name, say), for the tables."""
        try:
            with self._conn:
                self._conn.executemany("INSERT INTO players VALUES (?, ?) ON CONFLICT(spec) DO UPDATE SET "
                                       "label = excluded.label", sorted(labels.items()))
        except sqlite3.Error as exc:
            raise UsageError(f"--db {self.path}: cannot be written ({exc})") from None

    def labels(self) -> dict[str, str]:
        """The name each stored player spec was last given."""
        return dict(self._conn.execute("SELECT spec, label FROM players"))

    def games(self, scenarios: Sequence[tuple[str, str, str]] | None = None,
              players: Sequence[str] | None = None) -> list[StoredGame]:
        """The stored games, in a fixed order (scenario, seed, players): of the scenarios given as (ruleset,
        version, sha256), between the players given (every stored one when None)."""
        rows = self._conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM games ORDER BY ruleset, scenario, "
                                  f"scenario_sha256, version, seed, first_player, second_player")
        wanted = set(scenarios) if scenarios is not None else None
        among = set(players) if players is not None else None
        found = []
        for row in rows:
            values = dict(zip(_COLUMNS, row, strict=True))
            game = StoredGame(**{**values, "finished": bool(values["finished"])})
            if wanted is not None and (game.ruleset, game.version, game.scenario_sha256) not in wanted:
                continue
            if among is not None and not {game.first_player, game.second_player} <= among:
                continue
            found.append(game)
        return found
