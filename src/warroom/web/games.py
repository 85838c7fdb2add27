"""The games of ``warroom serve``: each a :class:`~warroom.play.session.Session` (the game as its record holds it,
undo, the opponent's moves), kept in the games file and reached through a seat's token.

A game is built lazily from its row (:mod:`.store`) by replaying its action codes, so a server started again
goes on with every game where its last acknowledged action left it. Every change (a person's action, an undo,
an AI's action) is made under the game's lock and committed to the file before it is announced or answered.

An AI opponent thinks off the request threads, on a small pool: it is given a copy of the session and chooses
through :meth:`Session.opponent_move` (its own :class:`~warroom.ai.View`, the decision generator
``decision_rng(seed, actions taken)``), and its action is taken only if the game has not changed meanwhile (an
undo): else it thinks again on the new position. Each action it takes is committed and announced at once.

A side is told of a change by an event on the game's stream (its step, who is to act, whether it is over,
whether an AI is thinking): what every side may know. The view itself is fetched with the side's token.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import logging
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from warroom.ai import Seen, View, player, plays
from warroom.core.errors import UsageError
from warroom.core.game import Game, secret_seed
from warroom.core.kit import kit_of
from warroom.core.rolled import ThrowNeeded
from warroom.play.marks import last_marks
from warroom.play.session import Session
from warroom.play.summary import summary_lines
from warroom.play.table import how_to_write, throw_lines
from warroom.web.errors import Conflict, Forbidden, NotFound, Refused
from warroom.web.store import GameStore, Seat, StoredGame, new_row
from warroom.web.views import (
    action_face,
    action_odds,
    bound_game,
    fresh_game,
    plain,
    scenario_path,
    side_view,
    title_of,
)

log = logging.getLogger("warroom.web")

PEOPLE = ("human", "friend")
"""How a row names a side a person plays: the game's maker (and both sides in hot seat), and a friend."""
HOTSEAT, FRIEND = "hotseat", "friend"
KEPT = 200
"""Games kept in memory, the least recently used beyond it let go (built again from the file when next asked
for), unless an AI is thinking in it or someone listens to it."""
KEEPALIVE = 15.0
"""Seconds between the comment lines that keep an idle event stream open."""
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


Event = dict[str, Any]


@dataclass(eq=False)
class Live:
    """A game in memory: its row's fixed parts, the game, the session, and who listens for its changes."""

    row: StoredGame
    game: Game
    session: Session
    lock: threading.Lock = field(default_factory=threading.Lock)
    changes: int = 0
    """Bumped on every change, so an AI's choice on a position that has since changed is dropped."""
    thinking_now: bool = False
    """A task is choosing the AI's move, or is about to."""
    ai_game: Game | None = None
    """The AI's own instance of the game, used only by the one task thinking for it."""
    failed: str | None = None
    """Why the AI player stopped (an error of the player), if it did."""
    retired: bool = False
    """The session no longer matches the file (a write failed): the game is built again from the file."""
    subscribers: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Event | None]]] = field(default_factory=list)
    summary: list[str] | None = None
    """The finished game's summary (:mod:`warroom.play.summary`: result, losses, decisive moments), worked out
    once."""

    @property
    def ai_to_act(self) -> bool:
        s = self.session
        side = s.state.to_act
        return not s.over() and side is not None and s.players.get(side) is not None

    @property
    def thinking(self) -> bool:
        return self.ai_to_act and self.failed is None and self.session.pending is None

    def event(self) -> Event:
        s = self.session
        over = s.over()
        event = {"step": len(s.steps), "to_act": None if over else s.state.to_act, "over": over,
                 "thinking": self.thinking}
        if s.table:  # a game of table dice: whether a throw at the table is awaited
            event["throw"] = s.pending is not None
        return event


@dataclass
class Subscription:
    """One open event stream: the first event (the game as it is) and the queue of the next (None: the end)."""

    first: Event
    queue: asyncio.Queue[Event | None]
    close: Callable[[], None]


def _shadow(session: Session, game: Game) -> Session:
    """A copy of the session on ``game`` (another instance of the same game, the AI's own), at the same position
    with the same history, for the AI to choose and take its move on without touching the game being played."""
    twin = copy.copy(session)
    twin.game = game
    twin.states = [game.state_from_json(session.state.to_json())]
    twin.steps = list(session.steps)
    twin.seen = {side: list(seen) for side, seen in session.seen.items()}
    return twin


class Games:
    """Every game of one server, over the games file ``store``; ``workers`` AIs may think at once."""

    def __init__(self, store: GameStore, workers: int = 2, keepalive: float = KEEPALIVE,
                 kept: int = KEPT) -> None:
        self.store = store
        self.keepalive = keepalive
        self.kept = kept
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="warroom-ai")
        self._closed = False

    def end_streams(self) -> None:
        """End every event stream (the server is stopping: it waits for its open connections to end)."""
        with self._lock:
            lives = list(self._live.values())
        for live in lives:
            with live.lock:
                self._send(live, None)

    def close(self) -> None:
        """Stop the AIs (a move being chosen is dropped: it was not committed) and end every event stream."""
        self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.end_streams()

    def resume(self) -> threading.Thread:
        """At start: in a thread of its own, load every unfinished game with an AI player, so an AI whose turn
        it is (it was thinking when the server stopped) thinks again at once, not when the game is next asked
        for (no GET starts a change). Started by the application's startup; returns the thread."""
        thread = threading.Thread(target=self._resume, name="warroom-resume", daemon=True)
        thread.start()
        return thread

    def _resume(self) -> None:
        for game_id, players in self.store.unfinished():
            if self._closed:
                return
            if all(who in PEOPLE for who in players.values()):
                continue
            try:
                self._get(game_id)  # built from the file; its AI set thinking if it is to act (_changed)
            except Exception:  # one game that cannot be resumed does not stop the others
                log.exception("game %s could not be resumed", game_id)

    # games in memory -------------------------------------------------------------------------------------

    def _build(self, row: StoredGame) -> Live:
        """The session of a row: the players made from their specs, the actions replayed (each one legal)."""
        game = fresh_game(row.ruleset, row.scenario)
        try:
            players = {side: None if who in PEOPLE else player(who) for side, who in row.players.items()}
            session = Session(game, scenario_path(row.ruleset, row.scenario), row.seed, players,
                              table=row.faces is not None, seed_chosen=row.seed_chosen)
            for n, code in enumerate(row.actions):
                session.take(game.decode(code), row.faces[n] if row.faces is not None else ())
        except UsageError as exc:
            raise Conflict(f"game {row.id} cannot be resumed under {game.ruleset}@{game.version} (it was made "
                           f"under @{row.version}): {exc}") from None
        return Live(row, game, session)

    def _keep(self, live: Live) -> None:
        """Keep ``live`` in memory, letting go of the least recently used games over :attr:`kept` (under
        ``self._lock``)."""
        self._live[live.row.id] = live
        self._live.move_to_end(live.row.id)
        for old in list(self._live.values())[:max(0, len(self._live) - self.kept)]:
            if not old.lock.acquire(blocking=False):
                continue
            try:
                if not old.thinking_now and not old.subscribers:
                    old.retired = True
                    del self._live[old.row.id]
            finally:
                old.lock.release()

    def _get(self, game_id: str) -> Live:
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is not None and not live.retired:
            return live
        row = self.store.load(game_id) if _ID.fullmatch(game_id) else None
        if row is None:
            raise NotFound(f"no game '{game_id}' on this server")
        built = self._build(row)
        with self._lock:
            live = self._live.get(game_id)
            if live is None or live.retired:
                live = built
                self._keep(live)
        with live.lock:
            self._changed(live, announce=False)
        return live

    @contextmanager
    def _locked(self, game_id: str) -> Iterator[Live]:
        """The game, under its lock (built again from the file if it was retired meanwhile)."""
        for _ in range(3):
            live = self._get(game_id)
            with live.lock:
                if live.retired:
                    continue
                yield live
                return
        raise Conflict(f"game {game_id} is being loaded again; try again")

    def install(self, game_id: str, session: Session) -> None:
        """Test support: serve ``session`` as game ``game_id`` (already made), e.g. positioned at a twin state;
        the view is then built by the same path as every request's."""
        with self._locked(game_id) as live:
            live.session = session

    def session(self, game_id: str) -> Session:
        """The game's session as it is now (for tests and tools on the server side, never sent to a client)."""
        with self._locked(game_id) as live:
            return live.session

    # seats and sides -------------------------------------------------------------------------------------

    def _seat(self, live: Live, token: str | None) -> Seat:
        if not token:
            raise Forbidden("this game needs a seat's token: ?token=... on a GET, \"token\" in the body of a "
                            "POST (it is in the link the game was made with)")
        digest = token_hash(token)
        found = None
        for seat in live.row.seats:  # every seat compared, in constant time
            if secrets.compare_digest(digest, seat.token_sha256):
                found = seat
        if found is None:
            raise Forbidden("this token does not play this game")
        return found

    def _side(self, live: Live, token: str | None, side: str | None) -> tuple[Seat, str]:
        """The seat of ``token`` and the side asked for: ``side``, or the side to act when the seat plays it, or
        the seat's first side."""
        seat = self._seat(live, token)
        if not side:
            to_act = live.session.state.to_act
            return seat, to_act if to_act in seat.sides else seat.sides[0]
        sides = live.game.sides
        if side not in sides:
            raise Refused(f"'{side}' is not a side of {title_of(live.game)}; sides: {', '.join(sides)}")
        if side not in seat.sides:
            raise Forbidden(f"this token does not play the {side}; it plays the {' and the '.join(seat.sides)}")
        return seat, side

    def _legal(self, live: Live, side: str, code: int) -> Any:
        """The action of ``code``, one of ``side``'s legal actions now; else one clear refusal."""
        s = live.session
        if s.over():
            raise Conflict("the game is over")
        if s.state.to_act != side:
            raise Conflict(f"it is not the {side}'s turn: the {s.state.to_act} is to act")
        legal = {live.game.encode(a): a for a in s.state.legal_actions()}
        if code not in legal and (free := self._free_action(live, code)) is not None:
            return free
        if code not in legal:
            raise Refused(f"action {code} is not one of the {side}'s legal actions now: choose one of the "
                          f"{len(legal)} codes of the view's actions")
        return legal[code]

    @staticmethod
    def _free_action(live: Live, code: int) -> Any:
        """The action of ``code`` when it is legal though not listed (a Brigade move to a point, BR-160), else None."""
        try:
            action = live.game.decode(code)
        except UsageError:
            return None
        return action if action in live.session.state.legal_actions() else None

    # what a side is sent ---------------------------------------------------------------------------------

    def _view(self, live: Live, seat: Seat, side: str) -> dict[str, Any]:
        s, game = live.session, live.game
        opening = Seen(None, None, tuple(s.states[0].narration(side)))
        body = side_view(game, s.state, side, (opening, *s.history(side)))
        why = "the game is over" if s.over() else s.why_no_undo(side)
        if s.pending is not None and not s.over():
            why = "a throw at the table is awaited"
        return {"id": live.row.id, "ruleset": game.ruleset, "scenario": live.row.scenario, "title": title_of(game),
                "side": side, "sides": list(game.sides), "seat_sides": list(seat.sides), "step": body["step"],
                "to_act": body["to_act"], "my_turn": body["my_turn"], "over": body["over"],
                "result": body["result"], "observation": body["observation"], "log": body["log"],
                "actions": body["actions"] if s.pending is None else [], "undo": {"can": why is None, "why": why},
                "players": dict(live.row.players), "thinking": live.thinking, "summary": self._summary(live),
                "dice": "table" if s.table else "warroom", "throw": self._throw(live, side), "score": body["score"],
                "marks": last_marks(game, s.states, [step.by for step in s.steps], s.actions, side),
                "seed": {"chosen": s.seed_chosen, "commitment": s.commitment}}

    @staticmethod
    def _throw(live: Live, side: str) -> dict[str, Any] | None:
        """The throw awaited at the table, for a side whose people throw (what, what for, its odds, how to write
        it); never which unit of the enemy's throws (its action is named only once taken, as the side reads it)."""
        s = live.session
        if s.pending is None or side not in s.table_sides:
            return None
        need = s.pending.need
        own = s.pending.by == side
        return {"by": s.pending.by, "action": str(s.pending.action) if own else None, "index": need.index,
                "title": need.title, "asking": need.asking, "faces": need.faces, "die": need.sides,
                "cards": list(need.cards), "lines": throw_lines(need), "how": how_to_write(need)}

    @staticmethod
    def _summary(live: Live) -> list[str] | None:
        """At the end, the game's summary as both front ends give it: the result and why, each side's losses and the
        decisive moments (the game is over: nothing is hidden any more, as in the replay's umpire's view)."""
        s = live.session
        if not s.over():
            return None
        if live.summary is None:
            live.summary = summary_lines(live.game, s.states, [step.by for step in s.steps], s.actions)
        return live.summary

    def view(self, game_id: str, token: str | None, side: str | None) -> dict[str, Any]:
        with self._locked(game_id) as live:
            seat, side = self._side(live, token, side)
            return self._view(live, seat, side)

    def odds(self, game_id: str, token: str | None, side: str | None, code: int) -> dict[str, Any]:
        """The exact odds of one of the side's legal actions, as the side may know them."""
        with self._locked(game_id) as live:
            _, side = self._side(live, token, side)
            action = self._legal(live, side, code)
            return action_odds(live.game, action, View(live.game, live.session.state, side).odds(action))

    def sight(self, game_id: str, token: str | None, side: str | None, frm: str | None,
              to: str | None) -> dict[str, Any]:
        """Line of sight and range from ``frm`` to ``to`` (a grid's spaces, ``x,y``) on what the side sees: the game
        kit's ``sight``; a game that answers none, or a place badly written, is one clear refusal (400)."""
        with self._locked(game_id) as live:
            _, side = self._side(live, token, side)
            game = live.game
            return kit_of(game).sight(game, View(game, live.session.state, side).observation, frm, to)

    def reach(self, game_id: str, token: str | None, side: str | None, unit: str, to: str | None,
              snap: bool) -> dict[str, Any]:
        """The ground the side's ``unit`` can reach now and the lawful move to ``to`` (the game kit's ``reach``, on
        the side's own unit and what the side knows); the moves as the view's actions are sent."""
        with self._locked(game_id) as live:
            _, side = self._side(live, token, side)
            game, state = live.game, live.session.state
            got = kit_of(game).reach(game, state, side, unit, to, snap)
            face = {k: None if got[k] is None else action_face(game, state, got[k]) for k in ("action", "snapped")}
            return {**got, **face}

    def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The game's record, once it is over (before, it would show a side the enemy's actions)."""
        with self._locked(game_id) as live:
            self._seat(live, token)
            if not live.session.over():
                raise Conflict("the record is given once the game is over: it holds the enemy's actions")
            return live.session.record().to_json()

    # changes ---------------------------------------------------------------------------------------------

    def create(self, ruleset: str, scenario: str, side: str | None, opponent: str,
               seed: int | None, dice: str = "warroom") -> dict[str, Any]:
        """A new game: the person plays ``side`` against ``opponent`` (a player spec or strength), or with a
        friend (two seats), or both sides at one screen (``hotseat``, one seat); ``dice``: ``warroom``'s, or
        ``table``, thrown by the people at the table (every throw they may see, the AI's actions' too)."""
        if dice not in ("warroom", "table"):
            raise Refused(f"dice '{dice}': choose 'warroom' (warroom throws them) or 'table' (thrown at the table)")
        game = bound_game(ruleset, scenario)
        sides = game.sides
        opponent, side = opponent.strip(), side or None
        if side is not None and side not in sides:
            raise Refused(f"'{side}' is not a side of {title_of(game)}; sides: {', '.join(sides)}")
        if opponent == HOTSEAT:
            players = dict.fromkeys(sides, "human")
            seat_sides = [tuple(sides)]
        else:
            if side is None:
                raise Refused(f"choose your side of {title_of(game)}: {', '.join(sides)}")
            others = tuple(s for s in sides if s != side)
            if opponent == FRIEND:
                if seed is not None:  # its creator would know every die of both sides
                    raise Refused("a game between friends takes no chosen seed: whoever chose it would know every "
                                  "die to come; warroom draws a secret one and both of you see its seal")
                players = {s: "human" if s == side else FRIEND for s in sides}
                seat_sides = [(side,), others]
            else:
                if opponent in PEOPLE:
                    raise Refused(f"opponent '{opponent}': choose a player or strength, '{FRIEND}' or '{HOTSEAT}'")
                try:  # a bad spec is one clear error now, not when the game is loaded
                    chosen = player(opponent)
                except UsageError as exc:
                    raise Refused(f"{exc}; or a person: '{FRIEND}' (their own link) or '{HOTSEAT}' "
                                  f"(one screen)") from None
                if not plays(chosen, ruleset):
                    raise Refused(f"player {chosen.name} does not play {ruleset}; it plays "
                                  f"{', '.join(getattr(chosen, 'games', ())) or 'no game yet'}")
                players = {s: "human" if s == side else opponent for s in sides}
                seat_sides = [(side,)]
        tokens = [secrets.token_urlsafe(24) for _ in seat_sides]
        seats = tuple(Seat(tuple(ss), token_hash(t)) for ss, t in zip(seat_sides, tokens, strict=True))
        row = new_row(secrets.token_urlsafe(9), ruleset, game.version, scenario,
                      secret_seed() if seed is None else seed, players, seats, table=dice == "table",
                      seed_chosen=seed is not None)
        try:
            live = self._build(row)
        except ThrowNeeded:
            raise Conflict(f"{title_of(game)}'s opening throws dice: play it at the table in the terminal (warroom "
                           f"play {scenario} --dice table), which asks for the opening throw") from None
        self.store.create(row)
        with self._lock:
            self._keep(live)
        with live.lock:
            self._changed(live, announce=False)
        return {"id": row.id, "ruleset": ruleset, "scenario": scenario,
                "seats": [{"sides": list(seat.sides), "token": t, "url": f"/play/{row.id}?token={t}"}
                          for seat, t in zip(seats, tokens, strict=True)]}

    def act(self, game_id: str, token: str | None, side: str | None, code: int, step: int) -> dict[str, Any]:
        """Take one of the side's legal actions, chosen on the view of ``step``; committed before the answer."""
        with self._locked(game_id) as live:
            seat, side = self._side(live, token, side)
            s = live.session
            if step != len(s.steps):
                raise Conflict(f"the game has moved on: it is at step {len(s.steps)}, the action was chosen at step "
                               f"{step}; load the view again")
            if s.pending is not None:
                raise Conflict(f"a throw at the table is awaited ({s.pending.need.asking}): give its faces first")
            action = self._legal(live, side, code)
            try:
                s.take(action)
            except ThrowNeeded:  # the action waits for the faces thrown at the table (POST .../throw)
                self._send(live, live.event())
                return {"step": len(s.steps), "narration": [], "view": self._view(live, seat, side)}
            self._commit(live, len(s.steps) - 1, s)
            self._changed(live)
            return {"step": len(s.steps), "narration": list(s.state.narration(side)),
                    "view": self._view(live, seat, side)}

    def throw(self, game_id: str, token: str | None, side: str | None, faces: list[str], step: int) -> dict[str, Any]:
        """The faces of the throw awaited at the table (a person's action or the AI's): the action goes on to its
        next throw, or is taken and committed; faces that are not the throw's are one refusal (400), nothing
        changed."""
        with self._locked(game_id) as live:
            seat, side = self._side(live, token, side)
            s = live.session
            if s.pending is None:
                raise Conflict("no throw is awaited: the game waits for an action, not for dice")
            if side not in s.table_sides:
                raise Forbidden(f"the {side} does not throw at the table; the {' and the '.join(s.table_sides)} do")
            if step != len(s.steps):
                raise Conflict(f"the game has moved on: it is at step {len(s.steps)}, the throw was given at step "
                               f"{step}; load the view again")
            by = s.pending.by
            try:
                s.throw(faces)
            except ThrowNeeded:
                self._send(live, live.event())
                return {"step": len(s.steps), "narration": [], "view": self._view(live, seat, side)}
            except UsageError as exc:
                raise Refused(str(exc)) from None
            self._commit(live, len(s.steps) - 1, s)
            self._changed(live)
            return {"step": len(s.steps), "narration": list(s.state.narration(side)) if by == side else [],
                    "view": self._view(live, seat, side)}

    def undo(self, game_id: str, token: str | None, side: str | None) -> dict[str, Any]:
        """Take back the side's last action and what followed it (:meth:`Session.undo`), or 409 with why not."""
        with self._locked(game_id) as live:
            seat, side = self._side(live, token, side)
            s = live.session
            if s.over():
                raise Conflict("cannot undo: the game is over")
            at = len(s.steps)
            if s.pending is not None:
                raise Conflict("cannot undo: a throw at the table is awaited; give its faces first")
            try:
                undone = s.undo(side)
            except UsageError as exc:
                raise Conflict(str(exc)) from None
            self._commit(live, at, s)
            self._changed(live)
            return {"undone": len(undone), "view": self._view(live, seat, side)}

    def _commit(self, live: Live, at_step: int, session: Session) -> None:
        """Write ``session``'s actions to the file, the row being at ``at_step``; on any failure the game is
        retired (built again from the file by the next request), so memory never holds what the file does
        not."""
        over = session.over()
        try:
            self.store.save_actions(live.row.id, at_step, tuple(live.game.encode(a) for a in session.actions), over,
                                    plain(session.state.result()) if over else None,
                                    session.faces if session.table else None)
        except BaseException:
            self._retire(live)
            raise

    def _retire(self, live: Live) -> None:
        live.retired = True
        with self._lock:
            if self._live.get(live.row.id) is live:
                del self._live[live.row.id]
        self._send(live, None)

    def _changed(self, live: Live, announce: bool = True) -> None:
        """After a change (under the game's lock): announce it, and set the AI thinking if it is to act (again,
        after a person's change, if it had stopped on an error)."""
        live.changes += 1
        if announce:
            live.failed = None
        if live.thinking and not live.thinking_now and not self._closed:
            live.thinking_now = True
            self._pool.submit(self._think, live)
        if announce:
            self._send(live, live.event())

    def _think(self, live: Live) -> None:
        """The AI's moves, one after another while it is to act; each committed and announced as taken.

        The AI chooses and takes its move (:meth:`Session.opponent_move`) on a copy of the session over its own
        instance of the game, outside the game's lock, so a person may look at the game meanwhile; the game then
        takes the same action, if it is still at the position the AI thought on (an undo may have come first)."""
        try:
            while True:
                with live.lock:
                    if live.retired or self._closed or not live.thinking:
                        live.thinking_now = False
                        return
                    if live.ai_game is None:
                        live.ai_game = fresh_game(live.row.ruleset, live.row.scenario)
                    shadow, changes = _shadow(live.session, live.ai_game), live.changes
                table = live.session.table
                action = shadow.opponent_choice() if table else shadow.opponent_move()
                with live.lock:
                    if live.retired or live.changes != changes:
                        continue  # the game changed while the AI thought (an undo): think again on it
                    s = live.session
                    if table:  # its throws are the people's: the action waits for them (POST .../throw)
                        try:
                            s.take(action)
                        except ThrowNeeded:
                            live.thinking_now = False
                            self._send(live, live.event())
                            return
                    else:
                        s.take(action)
                    if not table and s.state.to_json() != shadow.state.to_json():
                        raise RuntimeError(f"the AI's action {action} left another position in its copy of the game")
                    self._commit(live, len(s.steps) - 1, s)
                    live.changes += 1
                    self._send(live, live.event())
        except Exception as exc:  # a player's error stops it, and says so; the game stays as committed
            log.exception("the AI of game %s stopped", live.row.id)
            with live.lock:
                live.failed = f"the AI stopped: {exc}"
                live.thinking_now = False
                self._send(live, live.event())

    # events ----------------------------------------------------------------------------------------------

    def _send(self, live: Live, event: Event | None) -> None:
        for loop, queue in list(live.subscribers):
            try:
                loop.call_soon_threadsafe(queue.put_nowait, event)
            except RuntimeError:  # its loop is closed
                live.subscribers.remove((loop, queue))

    def subscribe(self, game_id: str, token: str | None, side: str | None,
                  loop: asyncio.AbstractEventLoop) -> Subscription:
        """An event stream of the game for the side of ``token`` (checked now), fed on ``loop``."""
        with self._locked(game_id) as live:
            self._side(live, token, side)
            queue: asyncio.Queue[Event | None] = asyncio.Queue()
            entry = (loop, queue)
            live.subscribers.append(entry)
            first = live.event()

        def close() -> None:
            with live.lock:
                if entry in live.subscribers:
                    live.subscribers.remove(entry)

        return Subscription(first, queue, close)

    def wait_idle(self, game_id: str, timeout: float = 60.0) -> dict[str, Any]:
        """Test and tool support: wait until no AI is to act (or it failed); the game's event as it is then."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._locked(game_id) as live:
                if not live.thinking:
                    return live.event()
            time.sleep(0.02)
        raise TimeoutError(f"game {game_id}: the AI is still thinking after {timeout} s")
