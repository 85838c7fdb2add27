"""What the learning environments share, free of PettingZoo and Gymnasium: a game in play, each side's
observation as tensors, the action index and mask, rewards and pictures.

A :class:`Match` holds one game's state and reads it for a side only through ``state.observation(side)`` and,
when the side is to act, ``state.legal_actions()`` (docs/architecture.md "The game interface": fog of war is a
rule, and both are what the differential fog test proves independent of what the side cannot know). The
tensors of an observation (:mod:`.planes_cf`, :mod:`.planes_brigade`) and the action mask are functions of
those alone, so twins of a position give equal tensors (``tests/test_rl_fog.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from warroom.core.errors import UsageError, suggest
from warroom.core.game import Game, GameState, find_scenario, load_game
from warroom.core.kit import kit_of
from warroom.rl.actions import ActionTable, action_table, learning_games
from warroom.sim.playout import collect_young_seldom, freeze_heap_once

SHAPES = ("objective_points", "losses")
"""The named shaped rewards (docs/rl.md "Rewards"), each read from the side's own observation:

* ``objective_points``: the change in objective points the side holds less those the enemy holds (Company Fire:
  the objectives' holders, readings CF-54, CF-55; Brigade: the objectives with own figures within their radius
  and no enemy figure the side has spotted, seed 004 "Winning and Losing", BR-100), per point;
* ``losses``: the change in enemy losses the side has seen less its own (Company Fire: units destroyed;
  Brigade: companies lost, seed 004 "Winning and Losing", BR-104), per unit or company.
"""


@dataclass(frozen=True)
class Options:
    """The options every environment takes (docs/rl.md "Options")."""

    max_cycles: int = 10_000
    actions: str = "flat"
    shaping: tuple[tuple[str, float], ...] = ()
    illegal: str = "raise"
    illegal_penalty: float = 0.0
    render_side: str | None = None
    tune_gc: bool = True


def options(max_cycles: int = 10_000, actions: str = "flat", shaping: Mapping[str, float] | None = None,
            illegal: str = "raise", illegal_penalty: float = 0.0, render_side: str | None = None,
            tune_gc: bool = True) -> Options:
    """Check the options, one clear :class:`UsageError` naming what is allowed."""
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
        raise UsageError(f"max_cycles is {max_cycles!r}: give a whole number from 1")
    if actions not in ("flat", "structured"):
        raise UsageError(f"actions is {actions!r}; allowed: flat (one Discrete index), structured (unit, verb, "
                         f"target)")
    shaping = dict(shaping or {})
    for name, weight in shaping.items():
        if name not in SHAPES:
            raise UsageError(f"no shaped reward {name!r}{suggest(str(name), SHAPES)}; allowed: {', '.join(SHAPES)}")
        if isinstance(weight, bool) or not isinstance(weight, int | float) or not np.isfinite(weight):
            raise UsageError(f"shaped reward {name}: the weight {weight!r} is not a finite number")
    if illegal not in ("raise", "lose", "skip"):
        raise UsageError(f"illegal is {illegal!r}; allowed: raise (an error), lose (the side loses), skip "
                         f"(nothing happens)")
    if not isinstance(illegal_penalty, int | float) or isinstance(illegal_penalty, bool):
        raise UsageError(f"illegal_penalty is {illegal_penalty!r}: give a number")
    if not isinstance(tune_gc, bool):
        raise UsageError(f"tune_gc is {tune_gc!r}: give True (tune the garbage collector for play) or False")
    return Options(max_cycles, actions, tuple(sorted((k, float(w)) for k, w in shaping.items())), illegal,
                   float(illegal_penalty), render_side, tune_gc)


def load(scenario: str | Game) -> Game:
    """A Company Fire or Brigade game by its shipped scenario's name, a scenario file, or a game already loaded."""
    if not isinstance(scenario, str):
        game = scenario
    else:
        ruleset, path = find_scenario(scenario)
        game = load_game(ruleset, path)
    if not kit_of(game).env_prefix:
        raise UsageError(f"no learning environment for {game.ruleset}; games: {', '.join(learning_games())}")
    return game


class Encoder(Protocol):
    """A game's observations as tensors (its kit's :meth:`~warroom.core.kit.Kit.encoder`: :mod:`.planes_cf`,
    :mod:`.planes_brigade`), read from one side's observation alone."""

    shape: tuple[int, int, int]
    """The planes' shape: channels x rows x columns."""
    planes: list[str]
    vector: list[str]
    p: dict[str, int]
    """Each plane's channel, by name."""
    own_units: list[str]
    """The planes of the side's own units (the picture draws them); ``enemy_units`` those of the enemy's seen."""
    enemy_units: list[str]

    def encode(self, obs: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        """The planes and the vector of a side's observation."""
        ...

    def ansi(self, planes: np.ndarray) -> str:
        """The board as text, from the planes."""
        ...

    def tally(self, obs: dict[str, Any], side: str) -> tuple[float, float]:
        """(objective points own less enemy's, enemy losses less own) as ``side``'s observation shows them."""
        ...


class Match:
    """One game in play for learning environments; the state is never handed out, only each side's tensors.

    With ``tune_gc`` (the default) the first environment of a process freezes the heap out of the garbage
    collector's walks and collects the youngest generation seldom, for the rest of the process, as a batch of
    simulated games does (:func:`warroom.sim.playout.freeze_heap_once`, :func:`~warroom.sim.playout.
    collect_young_seldom`): the game makes almost no cyclic garbage, and the full collections over everything
    imported cost a quarter of the game's own time (docs/rl.md "Speed")."""

    def __init__(self, game: Game, opts: Options) -> None:
        self.game = game
        self.opts = opts
        self.sides: tuple[str, ...] = tuple(game.sides)
        self.table: ActionTable = action_table(game)
        self.encoder: Encoder = kit_of(game).encoder(game)
        self.state: GameState = game.initial_state(0)
        self._legal: dict[int, Hashable] | None = None
        self._tally: dict[str, tuple[float, float]] = {}
        if opts.tune_gc:  # after the tables are built, so the first environment's are frozen with the rest
            freeze_heap_once()
            collect_young_seldom()

    def reset(self, seed: int) -> None:
        self.state = self.game.initial_state(seed)
        self._legal = None
        self._tally = {s: self.tally(s) for s in self.sides}

    @property
    def to_act(self) -> str | None:
        return self.state.to_act

    def legal(self) -> dict[int, Hashable]:
        """The side to act's legal actions by index (empty when the game is over)."""
        if self._legal is None:
            self._legal = {} if self.state.is_terminal() else self.table.legal(self.state.legal_actions())
        return self._legal

    def observe(self, side: str) -> dict[str, np.ndarray]:
        """The side's observation as tensors: planes, vector and the action mask, all zeros when the side is not to
        act. The structured form calls the mask ``flat_mask`` (it is over the flat index, not a tuple of masks
        of the three parts as Gymnasium's MultiDiscrete would read an ``action_mask``) and adds the (unit, verb)
        mask."""
        planes, vector = self.encoder.encode(self.state.observation(side, log=False))
        legal = self.legal() if self.state.to_act == side else {}
        if self.opts.actions == "structured":
            return {"planes": planes, "vector": vector, "flat_mask": self.table.mask(legal),
                    "unit_verb_mask": self.table.unit_verb_mask(legal)}
        return {"planes": planes, "vector": vector, "action_mask": self.table.mask(legal)}

    @property
    def mask_key(self) -> str:
        """The observation's key of the flat mask: ``action_mask``, or ``flat_mask`` in the structured form."""
        return "flat_mask" if self.opts.actions == "structured" else "action_mask"

    def index_of(self, action: Any) -> int | None:
        """The flat index an agent's action names (an int, or a (unit, verb, target) in the structured form), or
        None when it names no index of the table."""
        if self.opts.actions == "structured":
            try:
                unit, verb, target = (int(x) for x in np.asarray(action).reshape(-1))
            except (TypeError, ValueError):
                return None
            return self.table.flat(unit, verb, target)
        if type(action) is int:  # the usual case, without numpy's conversions
            index = action
        else:
            try:
                index = int(np.asarray(action).reshape(()))
            except (TypeError, ValueError):
                return None
        return index if 0 <= index < self.table.size else None

    def action(self, index: int | None) -> Hashable | None:
        """The legal action at ``index``, or None when it is not one."""
        return None if index is None else self.legal().get(index)

    def apply(self, action: Hashable) -> None:
        self.state = self.state.apply(action)
        self._legal = None

    def outcome(self) -> dict[str, float]:
        """+1 to the winner, -1 to the loser, 0 to both in a draw (the game's result: Company Fire
        readings CF-54, CF-55; seed 004 "Winning and Losing")."""
        winner = self.state.result().get("winner")
        return {s: 0.0 if winner is None else (1.0 if s == winner else -1.0) for s in self.sides}

    def tally(self, side: str) -> tuple[float, float]:
        """(objective points own less enemy's, enemy losses less own) as the side's observation shows them
        (the game's encoder's :meth:`Encoder.tally`)."""
        return self.encoder.tally(self.state.observation(side, log=False), side)

    def rewards(self) -> dict[str, float]:
        """Each side's reward for the last action: the outcome once the game is over, plus the shaped rewards."""
        out = self.outcome() if self.state.is_terminal() else dict.fromkeys(self.sides, 0.0)
        if self.opts.shaping:
            weights = dict(self.opts.shaping)
            for s in self.sides:
                before = self._tally[s]
                now = self.tally(s)
                self._tally[s] = now
                out[s] += weights.get("objective_points", 0.0) * (now[0] - before[0])
                out[s] += weights.get("losses", 0.0) * (now[1] - before[1])
        return out

    def render_side(self) -> str:
        side = self.opts.render_side or self.state.to_act or self.sides[0]
        if side not in self.sides:
            raise UsageError(f"render_side is {side!r}; sides: {', '.join(self.sides)}")
        return side

    def ansi(self) -> str:
        side = self.render_side()
        planes, _ = self.encoder.encode(self.state.observation(side))
        head = f"{self.game.scenario_name}, as {side} sees it; to act: {self.state.to_act or 'nobody (over)'}"
        return f"{head}\n{self.encoder.ansi(planes)}\n"

    def rgb(self) -> np.ndarray:
        from warroom.rl.render import picture

        side = self.render_side()
        planes, _ = self.encoder.encode(self.state.observation(side))
        return picture(self.encoder, planes)
