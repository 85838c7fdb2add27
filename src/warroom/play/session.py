"""A game a person plays: the record so far, the opponent's moves, undo, save and resume; no screen.

A :class:`Session` holds a game as its record holds it (the scenario, the seed and the actions) with the state
after each action, and for each action whether it can be taken back. A front end shows it and reads the
player's commands (the terminal's screen, the web's games). Undo takes back the last action of a person and
everything after it, but never an action that used chance (a die, a card: the game's generator moved, so its
result is known and would come again) nor one that showed a person something new of the enemy (a blind revealed,
a unit detected): the game is then replayed from its record without the undone actions, as if they had never
been taken. What a side knows of the enemy is its game kit's reading of its observation
(``kit_of(game).enemy_known``); whether an action may roll dice, its game's ``facts_of``.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warroom.ai import Player, Seen, View, decision_rng, plays
from warroom.core.errors import UsageError
from warroom.core.game import Game, GameRecord, GameState, record_of, replay, rolls_by_itself
from warroom.core.kit import kit_of


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

    def __init__(self, game: Game, scenario: Path, seed: int, players: Mapping[str, Player | None]) -> None:
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
        self.players = dict(players)
        self.people = tuple(s for s in game.sides if players[s] is None)
        self.states: list[GameState] = [game.initial_state(seed)]
        self.steps: list[Step] = []
        self.seen: dict[str, list[Seen]] = {s: [] for s in game.sides}
        """The game so far as each side read it: the history of its player's view."""

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

    def take(self, action: Hashable) -> GameState:
        """Take ``action`` (legal for the side to act, else one clear error) and remember whether it may be
        taken back."""
        before = self.state
        side = before.to_act
        if side is None:
            raise UsageError("the game is over")
        if action not in before.legal_actions():
            raise UsageError(f"'{action}' is not a legal action now")
        chance = self.game.facts_of(action).rolls_dice and rolls_by_itself(before.odds(action))
        kit = kit_of(self.game)
        known = {s: kit.enemy_known(before.observation(s)) for s in self.people}
        after = before.apply(action)
        chance = chance or _rng(after) != _rng(before)
        revealed = tuple(s for s in self.people if kit.enemy_known(after.observation(s)) != known[s])
        self.steps.append(Step(side, action, chance, revealed))
        self.states.append(after)
        for s in self.game.sides:
            self.seen[s].append(Seen(side, action if s == side else None, tuple(after.narration(s))))
        return after

    def opponent_move(self) -> Hashable:
        """The side to act is a player's: it chooses from its own view, and the action is taken."""
        side = self.state.to_act
        assert side is not None
        chosen = self.players[side]
        if chosen is None:
            raise UsageError(f"the {side} is played by a person")
        view = View(self.game, self.state, side, self.history(side))
        action = chosen.choose(view, decision_rng(self.seed, len(self.steps)))
        if action not in self.state.legal_actions():
            raise UsageError(f"player {chosen.name} ({side}) chose {action}, which is not a legal action")
        self.take(action)
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
        states = [self.game.initial_state(self.seed)]
        for step in steps:
            states.append(states[-1].apply(step.action))
        again = record_of(self.game, self.seed, [s.action for s in steps], self.scenario, states).digests
        if recorded is None or again != recorded[:len(steps)]:
            raise UsageError("the game replayed without the undone actions differs from its record")
        self.states, self.steps = states, list(steps)
        for s in self.seen:
            del self.seen[s][len(steps):]

    # records ------------------------------------------------------------------------------------------

    def record(self) -> GameRecord:
        rec = record_of(self.game, self.seed, self.actions, self.scenario, self.states)
        notes: dict[str, Any] = {"players": {s: "human" if p is None else repr(p) for s, p in self.players.items()}}
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
        session = cls(game, scenario, record.seed, players)
        for action in (game.decode(code) for code in record.actions):
            session.take(action)
        return session
