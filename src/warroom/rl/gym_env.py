"""The Gymnasium environment of one side of a scenario against a registered AI player, and its Gymnasium ids.

The opponent (``warroom ai list``: ``random``, ``heuristic``, ``easy``, ...) chooses from its own side's
:class:`~warroom.ai.view.View` only, with the generator :func:`warroom.ai.loop.decision_rng` gives it for the
game's seed and the actions taken so far, as :func:`warroom.ai.play` does: a seed gives one episode. A step is
the agent's action and then every opponent action up to the agent's next decision or the end; the reward is
the agent's side's (+1, 0, -1 at the end, and the shaped rewards asked for, :data:`warroom.rl.core.SHAPES`).

Every shipped scenario of a game with learning environments is registered as ``warroom/<game>-<scenario>-v0``,
the game named as its kit says (:attr:`warroom.core.kit.Kit.env_prefix`: ``warroom/CompanyFire-<scenario>-v0``,
``warroom/Brigade-<scenario>-v0``; ``import warroom.rl`` registers them; the side is the scenario's first unless
``side=`` is given).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from warroom.ai.loop import decision_rng
from warroom.ai.registry import Player, player
from warroom.ai.view import Seen, View
from warroom.core.errors import UsageError
from warroom.core.game import Game, shipped_scenarios
from warroom.core.kit import kit_of
from warroom.rl.aec import RENDER_MODES
from warroom.rl.core import Match, load, options
from warroom.rl.spaces import action_space, observation_space


class WarroomGym(gym.Env[dict[str, Any], Any]):
    """One side of a scenario against an AI player (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, game: Game, side: str | None = None, opponent: str | Player = "heuristic",
                 render_mode: str | None = None, history: bool = True, **opts: Any) -> None:
        self.match = Match(game, options(**opts))
        sides = self.match.sides
        self.side = sides[0] if side is None else side
        if self.side not in sides:
            raise UsageError(f"'{self.side}' is not a side of {game.scenario_name}; sides: {', '.join(sides)}")
        self.enemy = next(s for s in sides if s != self.side)
        self.opponent = player(opponent) if isinstance(opponent, str) else opponent
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise UsageError(f"render_mode is {render_mode!r}; allowed: {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self.history = history
        self.observation_space = observation_space(self.match)
        self.action_space = action_space(self.match)
        self.seed_of_game = 0
        self.actions_taken = 0
        self.steps = 0
        self._seen: list[Seen] = []

    def _obs(self) -> dict[str, np.ndarray]:
        return self.match.observe(self.side)

    def _opponent_moves(self) -> float:
        """Let the opponent act up to the agent's next decision or the end; the agent's reward meanwhile."""
        m = self.match
        reward = 0.0
        while m.to_act == self.enemy and not m.state.is_terminal():
            view = View(m.game, m.state, self.enemy, tuple(self._seen))
            action = self.opponent.choose(view, decision_rng(self.seed_of_game, self.actions_taken))
            if action not in m.state.legal_actions():
                raise UsageError(f"player {self.opponent.name} ({self.enemy}) chose {action}, which is not legal")
            self._play(action)
            reward += m.rewards()[self.side]
        return reward

    def _play(self, action: Any) -> None:
        by = self.match.to_act
        self.match.apply(action)
        self.actions_taken += 1
        if self.history:
            self._seen.append(Seen(by, action if by == self.enemy else None,
                                   tuple(self.match.state.narration(self.enemy))))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.seed_of_game = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        self.match.reset(self.seed_of_game)
        self.actions_taken = 0
        self.steps = 0
        self._seen = []
        self._opponent_moves()
        return self._obs(), {"seed": self.seed_of_game}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        m = self.match
        if m.state.is_terminal():
            return self._obs(), 0.0, True, False, {"result": m.state.result()}
        chosen = m.action(m.index_of(action))
        info: dict[str, Any] = {}
        reward = 0.0
        if chosen is None:
            rule = m.opts.illegal
            if rule == "raise":
                raise UsageError(f"action {action!r} is not one of {self.side}'s legal actions; choose an index "
                                 f"whose action_mask entry is 1 (env.action_masks())")
            info["illegal"] = True
            if rule == "lose":
                self.steps += 1
                return self._obs(), -1.0, True, False, info
            reward = -m.opts.illegal_penalty
        else:
            self._play(chosen)
            reward += m.rewards()[self.side]
            reward += self._opponent_moves()
        self.steps += 1
        terminated = m.state.is_terminal()
        truncated = not terminated and self.steps >= m.opts.max_cycles
        if terminated:
            info["result"] = m.state.result()
        return self._obs(), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The mask as booleans, for sb3-contrib's MaskablePPO (its ``action_masks()`` convention)."""
        return self._obs()[self.match.mask_key].astype(bool)

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.match.ansi()
        if self.render_mode == "rgb_array":
            return self.match.rgb()
        return None


def gym_env(scenario: str | Game, side: str | None = None, opponent: str | Player = "heuristic",
            **options: Any) -> WarroomGym:
    """The Gymnasium environment of ``side`` (the scenario's first side by default) against ``opponent``.

        from warroom import rl
        e = rl.gym_env("crossroads_patrol", "attacker", opponent="random")
        obs, info = e.reset(seed=7)
    """
    return WarroomGym(load(scenario), side, opponent, **options)


def env_id(ruleset: str, scenario: str) -> str:
    """The Gymnasium id of a shipped scenario: ``warroom/CompanyFire-crossroads_patrol-v0``."""
    prefix = kit_of(ruleset).env_prefix
    if not prefix:
        raise UsageError(f"no learning environment for {ruleset}: no Gymnasium id")
    return f"warroom/{prefix}-{scenario}-v0"


def register_envs() -> list[str]:
    """Register every shipped scenario of each game with learning environments with Gymnasium; the ids
    registered."""
    ids = []
    for ruleset, paths in shipped_scenarios().items():
        if not kit_of(ruleset).env_prefix:
            continue
        for path in paths:
            name = env_id(ruleset, path.stem)
            if name not in gym.registry:
                gym.register(id=name, entry_point="warroom.rl.gym_env:gym_env", kwargs={"scenario": path.stem},
                             disable_env_checker=False)
            ids.append(name)
    return ids
