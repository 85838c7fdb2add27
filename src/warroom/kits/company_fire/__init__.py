"""Company Fire's kit (seed 002): the game's parts above its rules, for the front ends, the AI and the tools."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any

from warroom.core.kit import Kit, Score, UnitTally
from warroom.kits.company_fire import facts

if TYPE_CHECKING:
    from warroom.core.game import Game, GameState


class CompanyFireKit(Kit):
    ruleset = "company-fire"
    label = "Company Fire"
    measure = "grid"

    def heading(self, obs: Mapping[str, Any]) -> str:
        return facts.heading(obs)

    def phase(self, obs: Mapping[str, Any]) -> tuple[Any, ...]:
        return facts.phase(obs)

    def enemy_known(self, obs: Mapping[str, Any]) -> frozenset[Any]:
        return facts.enemy_known(obs)

    def lost(self, obs: Mapping[str, Any]) -> dict[str, str]:
        return facts.lost(obs)

    def action_note(self, game: Game, state: GameState, action: Hashable) -> str:
        from warroom.rulesets.company_fire.game.odds import note_of

        return note_of(state, action)  # type: ignore[arg-type]

    def decisive(self) -> frozenset[str]:
        return facts.DECISIVE

    def score(self, game: Game, obs: Mapping[str, Any]) -> Score:
        from warroom.kits.company_fire.score import score

        return score(game, obs)

    def fire_kinds(self) -> frozenset[str]:
        """Individual, group and opportunity fire, a sniper's shot, anti-tank fire, a close assault (seed 002)."""
        return frozenset({"fire", "group_fire", "op_fire", "snipe", "at_fire", "assault"})

    def placed(self, obs: Mapping[str, Any]) -> dict[str, str]:
        return facts.placed(obs)

    def terminal_board(self, game: Game, obs: Mapping[str, Any]) -> Any:
        from warroom.kits.company_fire import terminal

        return terminal.draw(game, dict(obs))

    def terminal_map(self, game: Game, obs: Mapping[str, Any], width: int, height: int) -> Any:
        from warroom.kits.company_fire import terminal

        return terminal.fit_map(game, dict(obs), width, height)

    def terminal_status(self, game: Game, obs: Mapping[str, Any]) -> list[str]:
        from warroom.kits.company_fire import terminal

        return terminal.status_lines(dict(obs))

    def terminal_units(self, game: Game, obs: Mapping[str, Any]) -> Any:
        from warroom.kits.company_fire import terminal

        return terminal.units_table(dict(obs))

    def terminal_legend(self, game: Game) -> Any:
        from warroom.kits.company_fire import terminal

        return terminal.legend(game)

    # --- the web pages: the public map and the line of sight (kits/company_fire/web.py, sight.py) -------

    def web_map(self, game: Game) -> dict[str, Any]:
        from warroom.kits.company_fire.web import web_map

        return web_map(game)

    def sight(self, game: Game, obs: Mapping[str, Any], origin: str | None, target: str | None) -> dict[str, Any]:
        from warroom.kits.company_fire.sight import sight_between

        return sight_between(game, dict(obs), origin, target)

    # ---------------------------------------------------------------------------------------------------

    def picture(self, game: Game, obs: Mapping[str, Any] | None, title: str) -> Any:
        from warroom.kits.company_fire.picture import picture

        return picture(game, obs, title)

    def umpire_observation(self, game: Game, state: GameState) -> dict[str, Any]:
        from warroom.kits.company_fire.umpire import umpire_observation

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

    # --- the lab's trace ---------------------------------------------------------------------------------

    def tally(self, obs: Mapping[str, Any], side: str) -> list[UnitTally]:
        from warroom.kits.company_fire import lab

        return lab.tally(obs, side)


KIT = CompanyFireKit()
