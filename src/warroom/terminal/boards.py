"""Each game's board as the terminal draws it, found by the game's ruleset.

A board module (:mod:`.board_cf`, :mod:`.board_brigade`) reads one side's observation only, never the state,
and defines ``draw(game, obs)`` (a rich renderable: the map, the units the side sees, their status),
``heading(obs)`` (the turn, card or phase, and who is to act), ``phase(obs)`` (a key that changes with each
card or phase: the board is drawn again when it does), ``enemy_known(obs)`` (all the side knows of the enemy,
to tell when an action has shown it something new), ``lost(obs)`` (the side's own units out of the game, each
with how) and ``DECISIVE`` (the hows the summary counts as decisive moments); a game whose units lose figures
one by one (Brigade) adds ``figures_lost(obs)``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from rich.console import RenderableType

from warroom.core.errors import UsageError
from warroom.core.game import Game

BOARD_MODULES = {"company-fire": "warroom.terminal.board_cf", "brigade": "warroom.terminal.board_brigade"}


def board_module(game: Game) -> ModuleType:
    name = BOARD_MODULES.get(game.ruleset)
    if name is None:
        raise UsageError(f"the terminal cannot draw {game.ruleset} yet; it plays {', '.join(BOARD_MODULES)}")
    return importlib.import_module(name)


def draw(game: Game, obs: dict[str, Any]) -> RenderableType:
    renderable: RenderableType = board_module(game).draw(game, obs)
    return renderable


def heading(game: Game, obs: dict[str, Any]) -> str:
    return str(board_module(game).heading(obs))


def phase(game: Game, obs: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(board_module(game).phase(obs))


def enemy_known(game: Game, obs: dict[str, Any]) -> frozenset[Any]:
    return frozenset(board_module(game).enemy_known(obs))


def lost(game: Game, obs: dict[str, Any]) -> dict[str, str]:
    return dict(board_module(game).lost(obs))


def decisive(game: Game) -> frozenset[str]:
    return frozenset(board_module(game).DECISIVE)


def figures_lost(game: Game, obs: dict[str, Any]) -> int | None:
    """The figures the side has lost, in a game whose units lose them one by one; None in one whose do not."""
    count = getattr(board_module(game), "figures_lost", None)
    return None if count is None else int(count(obs))
