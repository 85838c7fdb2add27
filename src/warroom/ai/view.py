"""What a player is given: one side's view of a game, never the game's state.

A :class:`View` holds the side's observation, its legal actions when it is to act, the exact odds of
those actions and the history of the game as the side has read it. Each of these is something the
differential fog test (``tests/test_fog_differential.py``) proves independent of what the side cannot
know, so a player built only on a view cannot cheat, and ``tests/test_ai.py`` checks that every
registered player, given twins of a position that differ only in hidden things, chooses the same.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warroom.core.errors import UsageError
from warroom.core.game import Game, GameState


@dataclass(frozen=True)
class Seen:
    """One action of the game as a side read it: who acted, the action itself only when the side took it
    (an enemy's action is known by what the side read of it), and the narration the side read."""

    by: str | None
    action: Hashable | None
    narration: tuple[str, ...]


class View:
    """One side's view of a game at one moment.

    ``game`` is the game bound to its scenario (the map, the sides, the action codes: all public);
    ``side`` the side the view is of; ``observation`` what the side may know; ``legal_actions`` its
    choices (empty when another side is to act); ``odds(action)`` the exact odds of one of them;
    ``history`` every action so far as the side read it. The state itself is not reachable from a view.
    """

    __slots__ = ("_state", "game", "history", "side")

    def __init__(self, game: Game, state: GameState, side: str, history: tuple[Seen, ...] = ()) -> None:
        if side not in game.sides:
            raise UsageError(f"'{side}' is not a side of {game.scenario_name}; sides: {', '.join(game.sides)}")
        self.game = game
        self.side = side
        self.history = history
        self._state = state

    @property
    def to_act(self) -> str | None:
        """The side to act (public: whose turn it is), or None when the game is over."""
        return self._state.to_act

    @property
    def my_turn(self) -> bool:
        return self._state.to_act == self.side

    @property
    def observation(self) -> dict[str, Any]:
        return self._state.observation(self.side)

    @property
    def legal_actions(self) -> tuple[Hashable, ...]:
        return tuple(self._state.legal_actions()) if self.my_turn else ()

    def odds(self, action: Hashable) -> dict[str, dict[str, Fraction]]:
        """The exact odds of one of the side's legal actions, as the side may know them (empty: no dice)."""
        if not self.my_turn:
            raise UsageError(f"it is not {self.side}'s turn: odds are given for the side to act")
        return self._state.odds(action)

    @property
    def narration(self) -> tuple[str, ...]:
        """What the last action did, as the side read it."""
        return tuple(self._state.narration(self.side))

    def __repr__(self) -> str:
        return f"View({self.game.scenario_name!r}, side={self.side!r}, to_act={self.to_act!r})"
