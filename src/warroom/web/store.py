"""Where ``warroom serve`` keeps its games: one SQLite file, a row a game.

A row holds what makes the game (ruleset, its version, the shipped scenario's name, the seed), who plays each
side, the seats with the SHA-256 of each seat's token (never the token), the action codes taken so far, and
whether the game is over with its result, and, for a game played with the dice thrown at the table, the faces of
every throw made at the table, action by action. A game is its record: the server replays the codes (with those
faces) to resume it. Schema 2 added the faces; a file of schema 1 is brought up to it when opened.

Every change is one transaction, committed (``synchronous=FULL``, a write-ahead journal) before the request that
made it is answered, so a server killed at any moment comes back with every action it acknowledged and no
other. A change names the step it was made at: a row that has moved on since (another server on the same file)
is refused, never overwritten. The default file is ``games.sqlite`` in the user data folder
(``platformdirs.user_data_path("warroom")``), beside the ladder's.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from warroom.core.errors import UsageError
from warroom.core.files import database_made_whole
from warroom.web.errors import Conflict

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    version TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,
    seats TEXT NOT NULL,
    actions TEXT NOT NULL,
    step INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    over INTEGER NOT NULL,
    result TEXT,
    faces TEXT
);
"""


def default_db() -> Path:
    """The games file when ``--db`` is not given: ``games.sqlite`` in the user data folder."""
    return platformdirs.user_data_path("warroom") / "games.sqlite"


@dataclass(frozen=True)
class Seat:
    """The sides one token plays, and the SHA-256 (hex) of the token."""

    sides: tuple[str, ...]
    token_sha256: str


@dataclass(frozen=True)
class StoredGame:
    """One game as its row holds it. ``players`` gives each side ``"human"``, ``"friend"`` or a player spec."""

    id: str
    ruleset: str
    version: str
    scenario: str
    seed: int
    players: dict[str, str]
    seats: tuple[Seat, ...]
    actions: tuple[int, ...]
    created: str
    updated: str
    over: bool
    result: dict[str, Any] | None
    faces: tuple[tuple[tuple[str, ...], ...], ...] | None = None
    """For a game played with the dice thrown at the table, the faces of each throw made at the table, action by
    action; None for a game of warroom's dice."""

    @property
    def step(self) -> int:
        return len(self.actions)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class GameStore:
    """The games file. Thread-safe: one connection, one writer or reader at a time."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with database_made_whole(self.path, self._close_opened):
                self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.executescript(_SCHEMA)
                found = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
        except (OSError, sqlite3.Error) as exc:
            raise UsageError(f"cannot open the games file {self.path}: {exc}") from None
        if not {"id", "seats", "actions", "step"} <= columns:  # another program's file, or a ladder file
            raise UsageError(f"{self.path} is not a games file of warroom serve (its games table lacks the "
                             f"columns); choose another file with --db")
        if found is not None and found[0] == "1" and "faces" not in columns:  # schema 1: no table dice yet
            self._db.execute("ALTER TABLE games ADD COLUMN faces TEXT")
            self._db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
            found = (str(SCHEMA_VERSION),)
        if found is None:
            self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif found[0] != str(SCHEMA_VERSION):
            raise UsageError(f"{self.path} holds games of schema {found[0]}; this warroom reads schema "
                             f"{SCHEMA_VERSION}: choose another file with --db")
        self._lock = threading.Lock()

    _db: sqlite3.Connection

    def _close_opened(self) -> None:
        db = getattr(self, "_db", None)  # None when opening failed before the connection was made
        if db is not None:
            db.close()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, game: StoredGame) -> None:
        """Add a new game (one transaction)."""
        seats = [{"sides": list(s.sides), "token_sha256": s.token_sha256} for s in game.seats]
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO games (id, ruleset, version, scenario, seed, players, seats, actions, step, created, "
                    "updated, over, result, faces) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game.id, game.ruleset, game.version, game.scenario, game.seed, json.dumps(game.players),
                     json.dumps(seats), json.dumps(list(game.actions)), game.step, game.created, game.updated,
                     int(game.over), None if game.result is None else json.dumps(game.result),
                     None if game.faces is None else json.dumps(game.faces)))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def load(self, game_id: str) -> StoredGame | None:
        """The game with that id, or None."""
        with self._lock:
            row = self._db.execute("SELECT id, ruleset, version, scenario, seed, players, seats, actions, created, "
                                   "updated, over, result, faces FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        seats = tuple(Seat(tuple(s["sides"]), s["token_sha256"]) for s in json.loads(row[6]))
        return StoredGame(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), seats,
                          tuple(json.loads(row[7])), row[8], row[9], bool(row[10]),
                          None if row[11] is None else json.loads(row[11]),
                          None if row[12] is None else tuple(tuple(tuple(t) for t in f) for f in json.loads(row[12])))

    def ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def unfinished(self) -> list[tuple[str, dict[str, str]]]:
        """Every game not over, oldest first, with its players (side: "human", "friend" or an AI's spec)."""
        with self._lock:
            rows = self._db.execute("SELECT id, players FROM games WHERE over = 0 ORDER BY created").fetchall()
        return [(r[0], json.loads(r[1])) for r in rows]

    def save_actions(self, game_id: str, at_step: int, actions: tuple[int, ...], over: bool,
                     result: dict[str, Any] | None, faces: Any = None) -> None:
        """The game's actions are now ``actions`` (one more after an action, fewer after an undo), with ``faces``,
        the throws made at the table for each (a game of table dice), committed in one transaction;
        :class:`Conflict` when the row is not at ``at_step``."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                done = self._db.execute(
                    "UPDATE games SET actions = ?, step = ?, updated = ?, over = ?, result = ?, faces = ? WHERE id = ? "
                    "AND step = ?", (json.dumps(list(actions)), len(actions), _now(), int(over),
                                     None if result is None else json.dumps(result),
                                     None if faces is None else json.dumps(faces), game_id, at_step)).rowcount
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            if done != 1:
                self._db.execute("ROLLBACK")
                raise Conflict(f"game {game_id} is no longer at step {at_step}: it was changed elsewhere; "
                               f"load it again")
            self._db.execute("COMMIT")


def new_row(game_id: str, ruleset: str, version: str, scenario: str, seed: int, players: dict[str, str],
            seats: tuple[Seat, ...], table: bool = False) -> StoredGame:
    """The row of a game not yet begun (``table``: its dice thrown at the table)."""
    now = _now()
    return StoredGame(game_id, ruleset, version, scenario, seed, players, seats, (), now, now, False, None,
                      () if table else None)
