"""A game a person plays: the record so far, the opponent's moves, undo, save and resume; no screen.

A :class:`Session` holds a game as its record holds it (the scenario, the seed and the actions) with the state
after each action, and for each action whether it can be taken back. A front end shows it and reads the
player's commands (the terminal's screen, the web's games). Undo takes back the last action of a person and
everything after it, but never an action that used chance (a die, a card: the game's generator moved, so its
result is known and would come again) nor one that showed a person something new of the enemy (a blind revealed,
a unit detected): the game is then replayed from its record without the undone actions, as if they had never
been taken. What a side knows of the enemy is its game kit's reading of its observation
(``kit_of(game).enemy_known``); whether an action may roll dice, its game's ``facts_of``.

With dice thrown at the table (``table=True``), the people's players throw every die they may see, whoever's
action it is (the AI's too): taking an action stops at each throw with :class:`ThrowNeeded` (what to throw), and
the front end asks for the faces and goes on (:meth:`Session.throw`, or a ``thrower`` that asks); warroom throws
only what the people may not see. The record keeps the faces, so the game replays exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warroom.ai import Player, Seen, View, decision_rng, plays
from warroom.core.errors import UsageError
from warroom.core.game import (
    Game,
    GameRecord,
    GameState,
    apply_at_table,
    initial_at_table,
    record_of,
    replay,
    rolls_by_itself,
    scenario_digest,
    seed_commitment,
)
from warroom.core.kit import kit_of
from warroom.core.rolled import ThrowNeeded

Thrower = Callable[[ThrowNeeded], Sequence[str]]
"""Asks the person at the table for one throw (what to throw: a :class:`ThrowNeeded`) and gives the faces
written down (``["6", "2", "5"]``), checked by ``need.node.faces_from`` (a front end asks again until they are the
throw's; faces that are not are one clear error)."""


@dataclass(frozen=True)
class Pending:
    """An action begun with dice thrown at the table, waiting for its next throw: by whom, the action, the faces
    of the throws made so far and what to throw next."""

    by: str
    action: Hashable
    faces: tuple[tuple[str, ...], ...]
    need: ThrowNeeded


@dataclass(frozen=True)
class Step:
    """One action taken: by whom, what it was, and whether it may be taken back (``why_not`` says why not)."""

    by: str
    action: Hashable
    chance: bool
    revealed: tuple[str, ...]
    """The people's sides that learnt something new of the enemy from it (in hot seat the other side learns it
    only when the screen passes to it, by when it has acted, so its knowledge does not stop an undo)."""

    def why_not(self, side: str) -> str | None:
        """Why ``side`` may not take this action back, or None when it may."""
        if self.chance:
            return "it used chance (dice or a card), whose result you have seen"
        if side in self.revealed:
            return f"it showed the {side} something new of the enemy"
        return None


def _rng(state: GameState) -> Any:
    return state.to_json().get("rng")


class Session:
    """One game: ``players`` gives each side its player, ``None`` for a person at the keyboard."""

    def __init__(self, game: Game, scenario: Path, seed: int, players: Mapping[str, Player | None],
                 table: bool = False, opening: Sequence[Sequence[str]] = (), thrower: Thrower | None = None,
                 seed_chosen: bool = True) -> None:
        """With ``table``, the opening position's throws (a first card) are ``opening`` and then asked of
        ``thrower``; without one, a throw past ``opening`` is :class:`ThrowNeeded`, and the front end makes the
        session again with one more. ``seed_chosen``: the seed was a person's choice (its dice and the AI's
        choices can be foreseen: for solo or hot-seat games and analysis), not warroom's secret one."""
        missing = [s for s in game.sides if s not in players]
        if missing:
            raise UsageError(f"no player for {', '.join(missing)}; sides: {', '.join(game.sides)}")
        for p in players.values():
            if p is not None and not plays(p, game.ruleset):
                games = ", ".join(getattr(p, "games", ())) or "no game yet"
                raise UsageError(f"player {p.name} does not play {game.ruleset}; it plays {games}")
        self.game = game
        self.scenario = scenario
        self.seed = seed
        self.seed_chosen = seed_chosen
        self.players = dict(players)
        self.people = tuple(s for s in game.sides if players[s] is None)
        self.table = table
        """Whether the dice are thrown at the table by the people (their sides: :attr:`table_sides`)."""
        self.opening: tuple[tuple[str, ...], ...] = tuple(tuple(str(f).strip() for f in t) for t in opening)
        """With table dice: the throws of the opening position."""
        self.states: list[GameState] = [self._opening(thrower) if table else game.initial_state(seed)]
        self.steps: list[Step] = []
        self.seen: dict[str, list[Seen]] = {s: [] for s in game.sides}
        """The game so far as each side read it: the history of its player's view."""
        self.faces: list[tuple[tuple[str, ...], ...]] = []
        """With table dice: for each action taken, the faces of each throw made at the table."""
        self.pending: Pending | None = None
        """With table dice: the action waiting for its next throw, if any (:meth:`throw` goes on with it)."""

    @property
    def commitment(self) -> str:
        """The seal on the game's dice (:func:`~warroom.core.game.seed_commitment`), shown to the players at the
        start; the record shows the seed when the game is over."""
        return seed_commitment(self.game.ruleset, self.game.version, scenario_digest(Path(self.scenario)), self.seed)

    @property
    def table_sides(self) -> tuple[str, ...]:
        """The sides whose people throw at the table: the people's, or, with none at the keyboard, every side."""
        return self.people or tuple(self.game.sides)

    # the game so far ---------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def actions(self) -> list[Hashable]:
        return [s.action for s in self.steps]

    def over(self) -> bool:
        return self.state.is_terminal()

    def observation(self, side: str) -> dict[str, Any]:
        return self.state.observation(side)

    def history(self, side: str) -> tuple[Seen, ...]:
        """The game so far as ``side`` read it, for its player's view."""
        return tuple(self.seen[side])

    # taking actions ----------------------------------------------------------------------------------

    def take(self, action: Hashable, faces: Sequence[Sequence[str]] = (), thrower: Thrower | None = None) -> \
            GameState:
        """Take ``action`` (legal for the side to act, else one clear error) and remember whether it may be
        taken back.

        With table dice, ``faces`` are the faces of its throws made so far; each throw past them is asked of
        ``thrower`` or, without one, stops the action: :class:`ThrowNeeded` says what to throw, and
        :attr:`pending` holds the action until :meth:`throw` gives the faces. Nothing changes until the action is
        whole."""
        before = self.state
        side = before.to_act
        if side is None:
            raise UsageError("the game is over")
        if self.pending is not None and (self.pending.action != action or self.pending.by != side):
            raise UsageError(f"'{self.pending.action}' waits for its next throw: {self.pending.need.asking}")
        if action not in before.legal_actions():
            raise UsageError(f"'{action}' is not a legal action now")
        chance = self.game.facts_of(action).rolls_dice and rolls_by_itself(before.odds(action))
        kit = kit_of(self.game)
        known = {s: kit.enemy_known(before.observation(s)) for s in self.people}
        thrown: tuple[tuple[str, ...], ...] = ()
        if not self.table:
            after = before.apply(action)
        else:
            after, thrown = self._at_table(side, action, faces, thrower)
        chance = chance or bool(thrown) or _rng(after) != _rng(before)
        revealed = tuple(s for s in self.people if kit.enemy_known(after.observation(s)) != known[s])
        self.steps.append(Step(side, action, chance, revealed))
        self.states.append(after)
        if self.table:
            self.faces.append(thrown)
        for s in self.game.sides:
            self.seen[s].append(Seen(side, action if s == side else None, tuple(after.narration(s))))
        return after

    def _opening(self, thrower: Thrower | None) -> GameState:
        given = list(self.opening)
        while True:
            try:
                state = initial_at_table(self.game, self.seed, self.table_sides, given)
            except ThrowNeeded as need:
                if thrower is None:
                    raise
                throw = tuple(str(f).strip() for f in thrower(need))
                need.node.faces_from(throw, need.label)
                given.append(throw)
                continue
            self.opening = tuple(given)
            return state

    def _at_table(self, side: str, action: Hashable, faces: Sequence[Sequence[str]],
                  thrower: Thrower | None) -> tuple[GameState, tuple[tuple[str, ...], ...]]:
        """The state after ``action`` with the faces thrown at the table, asking ``thrower`` for each throw past
        ``faces``, and the faces of every throw it made (faces that are not the throw's: one clear error)."""
        given = [tuple(str(f) for f in throw) for throw in faces]
        while True:
            try:
                after = apply_at_table(self.state, action, self.table_sides, given)
            except ThrowNeeded as need:
                if thrower is None:
                    self.pending = Pending(side, action, tuple(given), need)
                    raise
                throw = tuple(str(f).strip() for f in thrower(need))
                need.node.faces_from(throw, need.label)  # faces that are not the throw's: one clear error
                given.append(throw)
                continue
            self.pending = None
            return after, tuple(given)

    def throw(self, faces: Sequence[str]) -> GameState:
        """Give the faces of the next throw of the action waiting for it (:attr:`pending`): the state once the
        action is whole, or :class:`ThrowNeeded` again for the throw after; faces that are not the throw's are
        one clear error, and the action still waits."""
        pending = self.pending
        if pending is None:
            raise UsageError("no throw is awaited: the game waits for an action, not for dice")
        throw = tuple(str(f).strip() for f in faces)
        pending.need.node.faces_from(throw, pending.need.label)  # one clear error, nothing changed
        return self.take(pending.action, (*pending.faces, throw))

    def opponent_choice(self) -> Hashable:
        """The side to act is a player's: the action it chooses from its own view (not yet taken)."""
        side = self.state.to_act
        assert side is not None
        chosen = self.players[side]
        if chosen is None:
            raise UsageError(f"the {side} is played by a person")
        if self.pending is not None:
            return self.pending.action
        view = View(self.game, self.state, side, self.history(side))
        action = chosen.choose(view, decision_rng(self.seed, len(self.steps)))
        if action not in self.state.legal_actions():
            raise UsageError(f"player {chosen.name} ({side}) chose {action}, which is not a legal action")
        return action

    def opponent_move(self, thrower: Thrower | None = None) -> Hashable:
        """The side to act is a player's: it chooses from its own view, and the action is taken (with table
        dice, its throws asked of ``thrower``, or :class:`ThrowNeeded` with the action kept in :attr:`pending`)."""
        action = self.opponent_choice()
        self.take(action, self.pending.faces if self.pending is not None else (), thrower)
        return action

    # undo ---------------------------------------------------------------------------------------------

    def why_no_undo(self, side: str) -> str | None:
        """Why ``side`` may not undo now (its last action, or an action after it, may not be taken back), or
        None when it may."""
        mine = [n for n, step in enumerate(self.steps) if step.by == side]
        if not mine:
            return f"nothing to undo: the {side} has taken no action yet"
        first = mine[-1]
        for step in self.steps[first:]:
            why = step.why_not(side)
            if why is not None:  # the other side's action is named only as its side: its text may hold secrets
                what = f"your action '{step.action}'" if step.by == side else f"the {step.by}'s action after it"
                return f"cannot undo {what}: {why}"
        others = [step for step in self.steps[first:] if step.by != side and step.by in self.people]
        if others:
            return f"cannot undo: the {others[0].by} has acted since; only the last to act may undo"
        return None

    def undo(self, side: str) -> list[Step]:
        """Take back ``side``'s last action and every action after it; the steps undone. One clear error when
        there is none, or when it or an action after it may not be taken back (:meth:`why_no_undo`)."""
        why = self.why_no_undo(side)
        if why is not None:
            raise UsageError(why)
        first = max(n for n, step in enumerate(self.steps) if step.by == side)
        undone = self.steps[first:]
        self._replay(self.steps[:first])
        return undone

    def _replay(self, steps: list[Step]) -> None:
        """The game again from its record without the undone actions (each position checked against the record
        of the game as it was)."""
        recorded = self.record().digests
        states = [self.game.initial_state(self.seed) if not self.table else
                  initial_at_table(self.game, self.seed, self.table_sides, self.opening)]
        for n, step in enumerate(steps):
            states.append(states[-1].apply(step.action) if not self.table else
                          apply_at_table(states[-1], step.action, self.table_sides, self.faces[n]))
        again = record_of(self.game, self.seed, [s.action for s in steps], self.scenario, states).digests
        if recorded is None or again != recorded[:len(steps)]:
            raise UsageError("the game replayed without the undone actions differs from its record")
        self.states, self.steps = states, list(steps)
        del self.faces[len(steps):]
        for s in self.seen:
            del self.seen[s][len(steps):]

    # records ------------------------------------------------------------------------------------------

    def record(self) -> GameRecord:
        table = (self.table_sides, self.faces) if self.table else None
        rec = record_of(self.game, self.seed, self.actions, self.scenario, self.states, table, self.opening)
        notes: dict[str, Any] = {"players": {s: "human" if p is None else repr(p) for s, p in self.players.items()},
                                 "seed": "chosen" if self.seed_chosen else "secret", "commitment": self.commitment}
        if self.over():
            notes["result"] = json.loads(json.dumps(self.state.result()))
        return GameRecord(**{**rec.__dict__, "notes": notes})

    def save(self, path: Path) -> Path:
        """The record written whole to ``path`` (a temporary file renamed over it: never half written)."""
        return self.record().save(path)

    @classmethod
    def resume(cls, game: Game, scenario: Path, path: Path, players: Mapping[str, Player | None]) -> Session:
        """The game saved at ``path``, replayed (every position checked against the record's digests), ready to
        go on."""
        record = GameRecord.load(path)
        if record.ruleset != game.ruleset:
            raise UsageError(f"{path} is a record of a {record.ruleset} game, not of {game.ruleset} "
                             f"({game.scenario_name})")
        replay(record, scenario)  # the same scenario file, rules and game, or one clear error
        session = cls(game, scenario, record.seed, players, table=record.table_sides is not None,
                      opening=record.opening_faces, seed_chosen=record.notes.get("seed") != "secret")
        if record.table_sides is not None and set(record.table_sides) != set(session.table_sides):
            raise UsageError(f"{path} was played with the dice of the {' and '.join(record.table_sides)} thrown at the "
                             f"table; resume it with the same people's sides")
        for n, action in enumerate(game.decode(code) for code in record.actions):
            session.take(action, record.faces[n] if record.faces is not None else ())
        return session
