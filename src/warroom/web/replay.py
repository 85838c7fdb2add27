"""The replay viewer of ``warroom serve``: a finished game of the server, or an uploaded game record, stepped
forward and back from either side's view or the umpire's.

A replay is always a game record (:class:`~warroom.core.game.GameRecord`) played again by
:func:`warroom.core.game.replay`, which checks the rules version, the scenario's digest and each position's
digest: a record that does not replay is refused, never shown half. The server's own games give their record
only once they are over (``Games.record``: before, it would hold the enemy's actions), so a replay never shows a
running game; an uploaded record is replayed only on a shipped scenario (found by the digest the record holds),
never on a path the record names.

- ``GET /replay/{game_id}?token=T`` and ``GET /replay`` (a record file chosen on the page): the viewer.
- ``GET /api/games/{game_id}/replay?token=T``: the finished game's replay; ``POST /api/replays`` with the record
  JSON as the body (up to 4 MiB, :data:`MAX_RECORD`; every other body is limited to 64 KiB): an uploaded one.
  Both answer the replay's summary: its ``id``, the game, the sides, the views, the number of steps, the result,
  and the log of each view (who acted, the action's text when the view may read it, the narration).
- ``GET /api/replays/{id}/steps/{n}?view=V``: the position after ``n`` actions as view ``V`` sees it: a side's
  ``observation(side)`` and ``narration(side)``, or, when the recorded game is over, the umpire's
  (:func:`umpire_observation`: every side's own units together, and the narration for no side); the default is
  the umpire's, or the first side's for a game not yet over.

Replays are kept in memory by id (the first 32 hex digits of the SHA-256 of the record), the least recently
used let go beyond :data:`KEPT`; a step of one let go is 404, and the page asks for the replay again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from warroom.core.errors import UsageError
from warroom.core.game import Game, GameRecord, GameState, games, replay, scenario_digest
from warroom.present.views import umpire_observation
from warroom.web import models as m
from warroom.web.errors import NotFound, Refused
from warroom.web.games import Games
from warroom.web.pages import STATIC
from warroom.web.views import bound_game, plain, shipped, title_of

router = APIRouter()

UPLOAD = "/api/replays"
"""The path a record is uploaded to: its body limit is :data:`MAX_RECORD`, not the API's 64 KiB."""
MAX_RECORD = 4 * 1024 * 1024
RECORD_LIMIT_TEXT = "a game record uploaded for a replay is at most 4 MiB"
MAX_ACTIONS = 20_000
"""The most actions an uploaded record may hold (the longest games are a few hundred)."""
KEPT = 16
"""Replays kept in memory."""
UMPIRE = "umpire"


@dataclass(eq=False)
class Replayed:
    """A record played again: the game (for its sides and action texts) and every position, the opening first."""

    id: str
    name: str
    record: GameRecord
    game: Game
    states: list[GameState]
    lock: threading.Lock = field(default_factory=threading.Lock)
    made: dict[str, Any] | None = None
    """The summary, once made."""

    @property
    def over(self) -> bool:
        return self.states[-1].is_terminal()

    @property
    def views(self) -> list[str]:
        """Each side's, and the umpire's once the game is over (issue 17: never the umpire's of a game going on)."""
        return [*self.game.sides, UMPIRE] if self.over else list(self.game.sides)

    def check_view(self, view: str | None) -> str:
        if view is None or view == "":
            return UMPIRE if self.over else self.game.sides[0]
        if view not in self.views:
            why = "" if self.over else " (the umpire's is shown once the game is over)"
            raise Refused(f"'{view}' is not a view of this replay; views: {', '.join(self.views)}{why}")
        return view

    def log(self, view: str) -> list[dict[str, Any]]:
        """The game as ``view`` read it: the set-up's narration, then each action (its text only for the side's
        own actions, or every action for the umpire) with the narration the view read of it."""
        side = None if view == UMPIRE else view
        out = []
        for n, state in enumerate(self.states):
            by = self.states[n - 1].to_act if n else None
            text = None
            if n and (side is None or by == side):
                text = str(self.game.decode(self.record.actions[n - 1]))
            out.append({"step": n, "by": by or "", "text": text, "narration": list(state.narration(side))})
        return out

    def summary(self) -> dict[str, Any]:
        """What the viewer reads first: the game, its views and steps, the result, and each view's log (made once:
        a replay does not change)."""
        with self.lock:
            if self.made is None:
                self.made = self._summary({view: self.log(view) for view in self.views})
            return self.made

    def _summary(self, logs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
        last = self.states[-1]
        return {"id": self.id, "ruleset": self.record.ruleset, "scenario": self.name, "title": title_of(self.game),
                "version": self.record.version, "seed": self.record.seed, "sides": list(self.game.sides),
                "views": self.views, "steps": len(self.record.actions),
                "over": self.over, "result": plain(last.result()) if self.over else None,
                "logs": logs}

    def step(self, n: int, view: str) -> dict[str, Any]:
        """The position after ``n`` actions as ``view`` sees it."""
        if not 0 <= n < len(self.states):
            raise Refused(f"step {n} is not in this replay: its steps are 0 (the set-up) to {len(self.states) - 1}")
        state = self.states[n]
        with self.lock:
            observation = (umpire_observation(self.game, state) if view == UMPIRE
                           else plain(state.observation(view)))
            narration = list(state.narration(None if view == UMPIRE else view))
        by = self.states[n - 1].to_act if n else None
        text = None
        if n and (view in (UMPIRE, by)):
            text = str(self.game.decode(self.record.actions[n - 1]))
        over = state.is_terminal()
        return {"id": self.id, "step": n, "steps": len(self.record.actions), "view": view, "by": by or "",
                "text": text, "narration": narration, "to_act": None if over else state.to_act, "over": over,
                "result": plain(state.result()) if over else None, "observation": observation}


# --- finding and replaying a record ---------------------------------------------------------------------------


class Replays:
    """The replays in memory, by id."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._kept: OrderedDict[str, Replayed] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, replay_id: str) -> Replayed:
        with self._lock:
            found = self._kept.get(replay_id)
            if found is not None:
                self._kept.move_to_end(replay_id)
        if found is None:
            raise NotFound(f"no replay '{replay_id[:64]}' on this server now: open the game's replay again, or "
                           f"upload the record again")
        return found

    def add(self, record: GameRecord) -> Replayed:
        """The replay of ``record`` (made once, then kept); one clear error when it does not replay."""
        replay_id = record_id(record)
        with self._lock:
            found = self._kept.get(replay_id)
        if found is not None:
            return found
        name, path = shipped_scenario(record)
        game = bound_game(record.ruleset, name)
        if game.version != record.version:
            raise Refused(f"the record was made with {record.ruleset}@{record.version}; this server plays "
                          f"{record.ruleset}@{game.version}, whose rules differ: replay it with that version of "
                          f"warroom")
        try:
            states = replay(record, path)
        except UsageError as exc:
            raise Refused(f"the record does not replay: {exc}") from None
        except (ValueError, LookupError, TypeError, ArithmeticError) as exc:  # a code or value no game makes
            raise Refused(f"the record does not replay: a value of it is not one the game makes ({exc})") from None
        made = Replayed(replay_id, name, record, game, states)
        with self._lock:
            self._kept[replay_id] = made
            self._kept.move_to_end(replay_id)
            while len(self._kept) > self.kept:
                self._kept.popitem(last=False)
        return made


def record_id(record: GameRecord) -> str:
    text = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@functools.cache
def _digests(ruleset: str) -> dict[str, str]:
    """The SHA-256 of each shipped scenario of ``ruleset``, to its name."""
    return {scenario_digest(path): name for name, path in shipped(ruleset).items()}


def shipped_scenario(record: GameRecord) -> tuple[str, Path]:
    """The shipped scenario a record was played on (its name and file), found by the digest the record holds;
    one clear error when the server has no such scenario."""
    names = shipped(record.ruleset)
    if not names:
        raise Refused(f"the record is of '{record.ruleset}', which this server does not play; it plays "
                      f"{', '.join(sorted(r for r in games() if shipped(r)))}")
    name = _digests(record.ruleset).get(record.scenario_sha256)
    if name is not None:
        return name, names[name]
    stem = Path(record.scenario).stem
    if stem in names:
        raise Refused(f"the record's scenario '{stem}' is not the one this server ships (its contents differ): the "
                      f"record was made with another version of the scenario")
    raise Refused(f"the record's scenario '{record.scenario}' is not one this server ships; {record.ruleset} "
                  f"scenarios: {', '.join(sorted(names))}")


def read_record(body: bytes) -> GameRecord:
    """An uploaded record: JSON, a game record, within :data:`MAX_ACTIONS`; else one clear error."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # ValueError: JSONDecodeError, 5000 digits
        where = f" ({exc.msg} at line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise Refused(f"the upload is not JSON{where}: choose a game record file (warroom playout --save, or the "
                      f"record a finished game offers)") from None
    record = GameRecord.from_json(data, "the uploaded file")
    if not 0 <= record.seed < 2**63:
        raise Refused(f"the record's seed is {record.seed}: a game's seed is a whole number from 0 to 2**63 - 1")
    if len(record.actions) > MAX_ACTIONS:
        raise Refused(f"the record holds {len(record.actions)} actions; a replay here holds at most {MAX_ACTIONS}")
    return record


# --- routes -----------------------------------------------------------------------------------------------------


_MAKING = threading.Lock()


def _replays(request: Request) -> Replays:
    """The app's replays, made with its first replay."""
    state = request.app.state
    with _MAKING:
        if not hasattr(state, "replays"):
            state.replays = Replays()
    found: Replays = state.replays
    return found


@router.get("/replay", response_class=HTMLResponse, include_in_schema=False)
@router.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
def replay_page(game_id: str | None = None) -> HTMLResponse:
    """The replay viewer: a finished game of the server (``/replay/{id}?token=T``) or a record file chosen on the
    page (``/replay``)."""
    text = (STATIC / "replay.html").read_text(encoding="utf-8")
    return HTMLResponse(text, headers={"Cache-Control": "no-cache"})


@router.get("/api/games/{game_id}/replay", response_model=m.ReplaySummary, response_model_exclude_unset=True,
            responses=m.GAME_REFUSALS)
def game_replay(game_id: str, request: Request, token: str | None = None) -> dict[str, Any]:
    """A finished game's replay (its record, given once the game is over, played again)."""
    service: Games = request.app.state.games
    record = GameRecord.from_json(service.record(game_id, token), f"game {game_id}'s record")
    return _replays(request).add(record).summary()


@router.post(UPLOAD, response_model=m.ReplaySummary, response_model_exclude_unset=True,
             responses=m.refusals(400, 413), openapi_extra={"requestBody": {"required": True, "content": {
    "application/json": {"schema": {"type": "object", "description": "a game record (GameRecord JSON)"}}}}})
async def upload(request: Request) -> dict[str, Any]:
    """An uploaded game record's replay: refused (400) when it is not JSON or not a record, is of another rules
    version or another scenario, or does not replay; 413 over 4 MiB."""
    body = await request.body()
    record = read_record(body)
    replays = _replays(request)
    made = await run_in_threadpool(replays.add, record)
    return await run_in_threadpool(made.summary)


@router.get("/api/replays/{replay_id}/steps/{step}", response_model=m.ReplayStep, response_model_exclude_unset=True,
            responses=m.refusals(400, 404, 422))
def replay_step(replay_id: str, step: int, request: Request, view: str | None = None) -> dict[str, Any]:
    """The position after ``step`` actions as ``view`` (a side, or ``umpire``, the default) sees it."""
    made = _replays(request).get(replay_id)
    return made.step(step, made.check_view(view))

