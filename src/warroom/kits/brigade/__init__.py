"""The Brigade game's kit (seed 004): the game's parts above its rules, for the front ends, the AI and the tools."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from warroom.core.kit import Kit

if TYPE_CHECKING:
    from warroom.core.game import Game, GameState


class BrigadeKit(Kit):
    ruleset = "brigade"
    label = "WW2 Rules for Brigade level games"
    measure = "inches"

    def heading(self, obs: Mapping[str, Any]) -> str:
        from warroom.terminal import board_brigade

        return board_brigade.heading(dict(obs))

    def phase(self, obs: Mapping[str, Any]) -> tuple[Any, ...]:
        from warroom.terminal import board_brigade

        return tuple(board_brigade.phase(dict(obs)))

    def enemy_known(self, obs: Mapping[str, Any]) -> frozenset[Any]:
        from warroom.terminal import board_brigade

        return frozenset(board_brigade.enemy_known(dict(obs)))

    def lost(self, obs: Mapping[str, Any]) -> dict[str, str]:
        from warroom.terminal import board_brigade

        return dict(board_brigade.lost(dict(obs)))

    def decisive(self) -> frozenset[str]:
        from warroom.terminal import board_brigade

        return frozenset(board_brigade.DECISIVE)

    def figures_lost(self, obs: Mapping[str, Any]) -> int | None:
        from warroom.terminal import board_brigade

        return int(board_brigade.figures_lost(dict(obs)))

    def terminal_board(self, game: Game, obs: Mapping[str, Any]) -> Any:
        from warroom.terminal import board_brigade

        return board_brigade.draw(game, dict(obs))

    def picture(self, game: Game, obs: Mapping[str, Any] | None, title: str) -> Any:
        from warroom.kits.brigade.picture import picture

        return picture(game, obs, title)

    def umpire_observation(self, game: Game, state: GameState) -> dict[str, Any]:
        from warroom.present.views import umpire_observation

        return umpire_observation(game, state)

    # --- the scenario before play (``warroom scenario show``) -----------------------------------------------

    def show_scenario(self, game: Game, viewer: str) -> str:
        from warroom.kits.brigade.setup import briefing

        return briefing(game, viewer)

    def setup_observation(self, game: Game, viewer: str) -> dict[str, Any]:
        from warroom.kits.brigade.setup import setup_observation

        return setup_observation(game, viewer)

    # --- the AI ------------------------------------------------------------------------------------------

    def heuristic(self) -> Any:
        from warroom.ai import heuristic_brigade

        return heuristic_brigade

    def belief(self) -> Any:
        from warroom.ai import belief_brigade

        return belief_brigade

    def encoder(self, game: Game) -> Any:
        from warroom.rl.planes_brigade import BrigadeEncoder

        return BrigadeEncoder(game)

    def fog_twins(self) -> Callable[..., Any] | None:
        from warroom.tools.fog import _brigade_twins

        return _brigade_twins


KIT = BrigadeKit()
