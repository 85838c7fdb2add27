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
        from warroom.present.board_map import board_figure

        return board_figure(game, None if obs is None else dict(obs), title)

    def umpire_observation(self, game: Game, state: GameState) -> dict[str, Any]:
        from warroom.kits.company_fire.umpire import umpire_observation

        return umpire_observation(game, state)

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
        from warroom.kits.company_fire.fog import twins

        return twins

    # --- what the AI, the learning environments, the lab and the CLI read of the game ---------------------

    env_prefix = "CompanyFire"

    def kind_weights(self) -> Mapping[str, float]:
        from warroom.kits.company_fire.prior import KIND_WEIGHTS

        return KIND_WEIGHTS

    def action_table(self, game: Game) -> Any:
        from warroom.rl.actions import cf_table

        return cf_table(game)


KIT = CompanyFireKit()
