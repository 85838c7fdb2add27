"""Company Fire's kit (seed 002): the game's parts above its rules, for the front ends, the AI and the tools."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from warroom.core.kit import Kit

if TYPE_CHECKING:
    from warroom.core.game import Game, GameState


class CompanyFireKit(Kit):
    ruleset = "company-fire"
    label = "Company Fire"
    measure = "grid"

    def heading(self, obs: Mapping[str, Any]) -> str:
        from warroom.terminal import board_cf

        return board_cf.heading(dict(obs))

    def phase(self, obs: Mapping[str, Any]) -> tuple[Any, ...]:
        from warroom.terminal import board_cf

        return tuple(board_cf.phase(dict(obs)))

    def enemy_known(self, obs: Mapping[str, Any]) -> frozenset[Any]:
        from warroom.terminal import board_cf

        return frozenset(board_cf.enemy_known(dict(obs)))

    def lost(self, obs: Mapping[str, Any]) -> dict[str, str]:
        from warroom.terminal import board_cf

        return dict(board_cf.lost(dict(obs)))

    def decisive(self) -> frozenset[str]:
        from warroom.terminal import board_cf

        return frozenset(board_cf.DECISIVE)

    def terminal_board(self, game: Game, obs: Mapping[str, Any]) -> Any:
        from warroom.terminal import board_cf

        return board_cf.draw(game, dict(obs))

    def picture(self, game: Game, obs: Mapping[str, Any] | None, title: str) -> Any:
        from warroom.kits.company_fire.picture import picture

        return picture(game, obs, title)

    def umpire_observation(self, game: Game, state: GameState) -> dict[str, Any]:
        from warroom.present.views import umpire_observation

        return umpire_observation(game, state)

    # --- the scenario before play (``warroom scenario show``) -----------------------------------------------

    def viewers(self, game: Game) -> tuple[str, ...]:
        from warroom.rulesets.company_fire.game.scenario_types import VIEWERS

        return tuple(VIEWERS)

    def show_scenario(self, game: Game, viewer: str) -> str:
        from warroom.kits.company_fire.picture import viewer_named
        from warroom.rulesets.company_fire.game.briefing import describe
        from warroom.rulesets.company_fire.game.scenario_types import VIEWERS

        return describe(game.scenario, viewer=VIEWERS[viewer_named(viewer)])  # type: ignore[attr-defined]

    def setup_observation(self, game: Game, viewer: str) -> dict[str, Any]:
        from warroom.kits.company_fire.picture import setup_observation

        return setup_observation(game.scenario, viewer)  # type: ignore[attr-defined]

    # --- the AI ------------------------------------------------------------------------------------------

    def heuristic(self) -> Any:
        from warroom.ai import heuristic_cf

        return heuristic_cf

    def belief(self) -> Any:
        from warroom.ai import belief_cf

        return belief_cf

    def encoder(self, game: Game) -> Any:
        from warroom.rl.planes_cf import CFEncoder

        return CFEncoder(game)

    def fog_twins(self) -> Callable[..., Any] | None:
        from warroom.tools.fog import _cf_twins

        return _cf_twins


KIT = CompanyFireKit()
