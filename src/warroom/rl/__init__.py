"""Reinforcement-learning environments for both full games (docs/rl.md): PettingZoo and Gymnasium, observations
read from one side's view only, action masks computed from the rules' legal actions.

    from warroom import rl
    aec = rl.env("crossroads_patrol")                                 # PettingZoo AEC, agents = the sides
    one = rl.gym_env("ponyri", "german", opponent="heuristic")        # Gymnasium, against an AI player
    gymnasium.make("warroom/CompanyFire-crossroads_patrol-v0")         # registered on import

PettingZoo and Gymnasium come with the ``rl`` extra: ``pip install "warroom[rl]"``.
"""

from __future__ import annotations

from warroom.core.errors import UsageError

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as exc:  # pragma: no cover - only without the extra
    raise UsageError(f'warroom.rl needs {exc.name}: pip install "warroom[rl]"') from None

from warroom.rl.actions import ActionTable, action_table
from warroom.rl.aec import WarroomAEC, env, parallel_env
from warroom.rl.core import SHAPES, Match
from warroom.rl.gym_env import WarroomGym, env_id, gym_env, register_envs

__all__ = ["SHAPES", "ActionTable", "Match", "WarroomAEC", "WarroomGym", "action_table", "env", "env_id",
           "gym_env", "parallel_env", "register_envs"]

register_envs()
