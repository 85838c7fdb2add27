"""The PettingZoo AEC environment of a Company Fire or Brigade scenario: the agents are the scenario's sides.

Two turn orders (option ``turns``):

* ``"game"`` (the default): the agent selected is the side the rules give the decision to (seed 002
  "Initiative and Phase Sequence", seed 004 "Move Sequence"), which may act many times running;
  ``max_cycles`` is the most actions of the episode before it is truncated;
* ``"cycle"``: the sides are asked in turn, one step each a cycle, as PettingZoo's parallel API and its
  ``max_cycles`` test expect; a side asked when the rules give the decision to the other has one legal action,
  wait (the index after the table's, or the verb after the last in the structured form); ``max_cycles`` is the
  number of cycles. :func:`parallel_env` is this order as a parallel environment.

An action that is not legal (its mask entry 0) raises :class:`~warroom.core.errors.UsageError` (``illegal=
"raise"``), loses the game for its side (``"lose"``, as PettingZoo's board games do), or is skipped with the
reward ``-illegal_penalty`` (``"skip"``), the state unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import aec_to_parallel  # type: ignore[import-untyped]

from warroom.core.errors import UsageError
from warroom.core.game import Game
from warroom.rl.core import Match, load, options
from warroom.rl.spaces import action_space, observation_space

RENDER_MODES = ("ansi", "rgb_array")


class WarroomAEC(AECEnv):  # type: ignore[misc]
    """A scenario as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {"name": "warroom_v0", "render_modes": list(RENDER_MODES),  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, game: Game, turns: str = "game", render_mode: str | None = None, **opts: Any) -> None:
        super().__init__()
        if turns not in ("game", "cycle"):
            raise UsageError(f"turns is {turns!r}; allowed: game (the side the rules choose acts), cycle (the "
                             f"sides in turn, waiting when it is not theirs)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise UsageError(f"render_mode is {render_mode!r}; allowed: {', '.join(RENDER_MODES)}")
        self.match = Match(game, options(**opts))
        self.turns = turns
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"warroom_{game.scenario_name}_v0",
                         "is_parallelizable": turns == "cycle"}
        self.possible_agents = list(self.match.sides)
        extra = 1 if turns == "cycle" else 0
        self.wait = self.match.table.size if extra else -1
        self._obs_space = observation_space(self.match, extra)
        self._act_space = action_space(self.match, extra)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seeds = np.random.default_rng()
        self._cache: dict[str, dict[str, np.ndarray]] = {}
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(seed) if seed is not None else int(self._seeds.integers(2**31))
        self.match.reset(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"seed": game_seed} for a in self.agents}
        self.steps = 0
        self._cache = {}
        self._turn = 0
        self.agent_selection = self._select()

    def _select(self) -> str:
        if self.turns == "cycle":
            return self.possible_agents[self._turn % len(self.possible_agents)]
        return self.match.to_act or self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        got = self._cache.get(agent)
        if got is None:
            got = self.match.observe(agent)
            if self.turns == "cycle":
                waiting = self.match.to_act is not None and self.match.to_act != agent
                key = self.match.mask_key
                got[key] = np.append(got[key], np.int8(waiting))
                if "unit_verb_mask" in got:
                    column = np.zeros((got["unit_verb_mask"].shape[0], 1), dtype=np.int8)
                    column[-1, 0] = waiting
                    got["unit_verb_mask"] = np.hstack([got["unit_verb_mask"], column])
            self._cache[agent] = got
        return got

    def _is_wait(self, action: Any) -> bool:
        if self.turns != "cycle":
            return False
        if self.match.opts.actions == "structured":
            arr = np.asarray(action).reshape(-1)
            return arr.size == 3 and int(arr[0]) == len(self.match.table.units) and \
                int(arr[1]) == len(self.match.table.verbs) and int(arr[2]) == 0
        return bool(np.asarray(action).size == 1 and int(np.asarray(action).reshape(())) == self.wait)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        m = self.match
        ours = m.to_act == agent
        chosen = m.action(m.index_of(action)) if ours else None
        if self._is_wait(action) and not ours:
            self.infos[agent] = {"waited": True}
        elif chosen is None:
            self._illegal(agent, action)
        else:
            m.apply(chosen)
            self._cache = {}
            self.rewards = m.rewards()
            self.infos[agent] = {}
        self.steps += 1
        self._turn += 1
        if m.state.is_terminal() or any(self.terminations.values()):
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= m.opts.max_cycles * (len(self.agents) if self.turns == "cycle" else 1):
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._select()
        self._accumulate_rewards()

    def _illegal(self, agent: str, action: Any) -> None:
        rule = self.match.opts.illegal
        if rule == "raise":
            who = "it is not its turn" if self.match.to_act != agent else "its action mask is 0 there"
            raise UsageError(f"{agent} chose {action!r}, which is not one of its legal actions ({who}); "
                             f"choose an index whose action_mask entry is 1")
        self.infos[agent] = {"illegal": True}
        if rule == "lose":
            self.rewards = {a: (-1.0 if a == agent else 1.0) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards[agent] = -self.match.opts.illegal_penalty

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.match.ansi()
        if self.render_mode == "rgb_array":
            return self.match.rgb()
        return None

    def close(self) -> None:
        self._cache = {}


def env(scenario: str | Game, **options: Any) -> WarroomAEC:
    """The PettingZoo AEC environment of a shipped scenario (``"crossroads_patrol"``, ``"ponyri"``), a scenario
    file or a loaded game. Options: ``turns``, ``render_mode`` (``"ansi"``, ``"rgb_array"``), ``max_cycles``,
    ``actions`` (``"flat"``, ``"structured"``), ``shaping`` (``{"objective_points": 0.1, "losses": 0.05}``),
    ``illegal``, ``illegal_penalty``, ``render_side`` (docs/rl.md).

        from warroom import rl
        e = rl.env("crossroads_patrol", render_mode="ansi")
        e.reset(seed=7)
    """
    return WarroomAEC(load(scenario), **options)


def parallel_env(scenario: str | Game, **options: Any) -> Any:
    """The scenario as a PettingZoo parallel environment: the AEC environment with ``turns="cycle"``, each
    parallel step a cycle (every side steps once; the side not to act should send the wait index)."""
    options = {**options, "turns": "cycle"}
    return aec_to_parallel(env(scenario, **options))
