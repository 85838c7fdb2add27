"""One game played to its end by players, each seeing only its own side's view: the loop the ladder, the
simulator, the terminal and users' scripts share.

    import warroom
    from warroom import ai
    game = warroom.load_game("company-fire", "crossroads_patrol")
    played = ai.play(game, {"attacker": ai.player("heuristic"), "defender": ai.player("random")}, seed=7)
    played.result, played.record.to_json()

Each decision's generator is seeded from the game's seed and the number of actions taken so far, so a game
is given by its seed and its players, and a player given the same view and seed chooses the same action.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from warroom.ai.registry import Player, player
from warroom.ai.view import Seen, View
from warroom.core.errors import UsageError
from warroom.core.game import Game, GameRecord, GameState, Result, load_game, record_of, shipped_scenarios

DECISION_STREAM = 0x5EED_A1
"""Mixed into each decision's seed, so the players' generators are apart from the game's dice."""


def decision_rng(seed: int, actions_taken: int) -> np.random.Generator:
    """The generator a player is given for the decision after ``actions_taken`` actions of game ``seed``."""
    return np.random.default_rng([DECISION_STREAM, seed, actions_taken])


@dataclass
class Played:
    """A finished (or cut short) game: its record, result, last state, actions, and each side's thinking time (CPU
    seconds of the thread that chose, never the wall clock)."""

    record: GameRecord | None
    result: Result
    final: GameState
    actions: list[Hashable]
    seconds: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)


def _players(game: Game, players: Mapping[str, Player | str]) -> dict[str, Player]:
    missing = [s for s in game.sides if s not in players]
    extra = [s for s in players if s not in game.sides]
    if missing or extra:
        raise UsageError(f"{game.scenario_name}: give one player per side ({', '.join(game.sides)})"
                         + (f"; no player for {', '.join(missing)}" if missing else "")
                         + (f"; {', '.join(extra)} is not a side" if extra else ""))
    return {s: player(p) if isinstance(p, str) else p for s, p in players.items()}


@functools.cache
def _shipped(ruleset: str, name: str) -> Path | None:
    """The shipped scenario file of the game named ``name``, if it is one."""
    for path in shipped_scenarios().get(ruleset, []):
        if load_game(ruleset, path).scenario_name == name:
            return path
    return None


def play(game: Game, players: Mapping[str, Player | str], seed: int, scenario: Path | None = None,
         max_actions: int = 20_000, history: bool = True,
         on_action: Callable[[GameState, Hashable, GameState], None] | None = None) -> Played:
    """Play one game from ``game.initial_state(seed)`` to its end, each side's player choosing from its own
    :class:`View`. ``scenario`` (the file the game was loaded from; looked up among the shipped scenarios when
    not given) makes the record; ``history=False`` leaves the views' history empty, for speed; ``on_action``
    is called with each state, the action and the next state. A player's choice that is not legal is one
    clear error naming the player and the action."""
    chosen = _players(game, players)
    if scenario is None:
        scenario = _shipped(game.ruleset, game.scenario_name)
    state = game.initial_state(seed)
    states: list[GameState] = [state]
    actions: list[Hashable] = []
    seen: dict[str, list[Seen]] = {s: [] for s in game.sides}
    seconds = dict.fromkeys(game.sides, 0.0)
    decisions = dict.fromkeys(game.sides, 0)
    while not state.is_terminal() and len(actions) < max_actions:
        side = state.to_act
        assert side is not None
        view = View(game, state, side, tuple(seen[side]))
        start = time.thread_time()
        action = chosen[side].choose(view, decision_rng(seed, len(actions)))
        seconds[side] += time.thread_time() - start
        decisions[side] += 1
        if action not in state.legal_actions():
            raise UsageError(f"player {chosen[side].name} ({side}) chose {action}, which is not a legal action")
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        if history:
            for s in game.sides:
                seen[s].append(Seen(side, action if s == side else None, tuple(after.narration(s))))
        actions.append(action)
        states.append(after)
        state = after
    record = record_of(game, seed, actions, scenario, states) if scenario is not None else None
    result: Result = state.result() if state.is_terminal() else {"winner": None,
                                                                 "reason": f"cut short after {len(actions)} actions"}
    if record is not None:
        record = GameRecord(**{**record.__dict__, "notes": {"result": result,
                                                            "players": {s: p.name for s, p in chosen.items()}}})
    return Played(record, result, state, actions, seconds, decisions)
