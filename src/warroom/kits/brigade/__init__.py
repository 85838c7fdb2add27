"""The Brigade game's kit (seed 004): the game's parts above its rules, for the front ends, the AI and the tools."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from warroom.core.kit import Kit, KnownUnit, NotInKit, Score, UnitTally
from warroom.kits.brigade import facts

if TYPE_CHECKING:
    from warroom.core.game import Game, GameState


class BrigadeKit(Kit):
    ruleset = "brigade"
    label = "WW2 Rules for Brigade level games"
    measure = "inches"

    def heading(self, obs: Mapping[str, Any]) -> str:
        return facts.heading(obs)

    def phase(self, obs: Mapping[str, Any]) -> tuple[Any, ...]:
        return facts.phase(obs)

    def enemy_known(self, obs: Mapping[str, Any]) -> frozenset[Any]:
        return facts.enemy_known(obs)

    def lost(self, obs: Mapping[str, Any]) -> dict[str, str]:
        return facts.lost(obs)

    def decisive(self) -> frozenset[str]:
        return facts.DECISIVE

    def placed(self, obs: Mapping[str, Any]) -> dict[str, str]:
        return facts.placed(obs)

    def figures_lost(self, obs: Mapping[str, Any]) -> int | None:
        return facts.figures_lost(obs)

    def score(self, game: Game, obs: Mapping[str, Any]) -> Score:
        from warroom.kits.brigade.score import score

        return score(game, obs)

    def known_units(self, game: Game, obs: Mapping[str, Any]) -> dict[str, KnownUnit]:
        from warroom.kits.brigade.score import known_units

        return known_units(game, obs)

    def fire_kinds(self) -> frozenset[str]:
        """Direct fire, a bombardment, walking or keeping a battery's fire (seed 004 FIRING)."""
        return frozenset({"fire", "bombard", "walk", "continue"})

    def terminal_board(self, game: Game, obs: Mapping[str, Any]) -> Any:
        from warroom.kits.brigade import terminal

        return terminal.draw(game, dict(obs))

    def terminal_map(self, game: Game, obs: Mapping[str, Any], width: int, height: int) -> Any:
        from warroom.kits.brigade import terminal

        return terminal.fit_map(game, dict(obs), width, height)

    def terminal_status(self, game: Game, obs: Mapping[str, Any]) -> list[str]:
        from warroom.kits.brigade import terminal

        return terminal.status_lines(dict(obs))

    def terminal_units(self, game: Game, obs: Mapping[str, Any]) -> Any:
        from warroom.kits.brigade import terminal

        return terminal.units_table(dict(obs))

    def terminal_legend(self, game: Game) -> Any:
        from warroom.kits.brigade import terminal

        return terminal.legend(game)

    # --- the web pages: the public map (kits/brigade/web.py); no line-of-sight query ------------------------

    def web_map(self, game: Game) -> dict[str, Any]:
        from warroom.kits.brigade.web import web_map

        return web_map(game)

    def sight(self, game: Game, obs: Mapping[str, Any], origin: str | None, target: str | None) -> dict[str, Any]:
        raise NotInKit(f"line of sight is answered for Company Fire's spaces, not for a {game.ruleset} game (the "
                       "Brigade table's distances are measured on the page)")

    def reach(self, game: Game, state: GameState, side: str, unit: str, to: str | None,
              snap: bool) -> dict[str, Any]:
        from warroom.kits.brigade.moving import reach

        return reach(game, state, side, unit, to, snap)

    def typed_action(self, game: Game, state: GameState, text: str) -> Hashable | None:
        from warroom.kits.brigade.moving import typed_action

        return typed_action(game, state, text)

    typed_help = ("  UNIT to X,Y    move a unit to a point, in inches (its id, then: to 40,30; add close for\n"
                  "                 close order, snap to go as far as it lawfully gets that way). Headings:\n"
                  "                 0 = towards greater y (down the map), 90 = towards greater x (right)")

    # ---------------------------------------------------------------------------------------------------

    def picture(self, game: Game, obs: Mapping[str, Any] | None, title: str) -> Any:
        from warroom.kits.brigade.picture import picture

        return picture(game, obs, title)

    def umpire_observation(self, game: Game, state: GameState) -> dict[str, Any]:
        from warroom.kits.brigade.umpire import umpire_observation

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
        from warroom.kits.brigade.fog import twins

        return twins

    # --- what the AI, the learning environments, the lab and the CLI read of the game ---------------------

    env_prefix = "Brigade"
    tells_action_text = False
    """A side's own action is told by what its narration says: selecting a unit or ending a segment says
    nothing and is not told."""

    def kind_weights(self) -> Mapping[str, float]:
        from warroom.kits.brigade.prior import KIND_WEIGHTS

        return KIND_WEIGHTS

    def action_table(self, game: Game) -> Any:
        from warroom.rl.actions import brigade_table

        return brigade_table(game)

    # --- the lab's trace ---------------------------------------------------------------------------------

    def tally(self, obs: Mapping[str, Any], side: str) -> list[UnitTally]:
        from warroom.kits.brigade import lab

        return lab.tally(obs, side)

    def objectives_held(self, obs: Mapping[str, Any], places: Mapping[str, Sequence[tuple[float, float]]],
                        sides: Sequence[str]) -> dict[str, int]:
        from warroom.kits.brigade import lab

        return lab.objectives_held(obs, places, sides)


KIT = BrigadeKit()
