"""One colour convention in every picture of a board (warroom.present.picture.side_colours): the viewer's own side
blue and the enemy red, the scenario's first side blue where the view is no one side's (the umpire's, the public
set-up). The set-up picture (``warroom scenario show --png``) and the in-game picture (``warroom replay --png``)
of the same scenario draw each side in the same colour, read from the figures' counters."""

from __future__ import annotations

import random
from typing import Any

import pytest
from matplotlib.colors import to_hex

from warroom.cli.game_views import observation_of
from warroom.core.game import Game, GameState, load_game
from warroom.core.kit import kit_of
from warroom.present.picture import BLUE, RED


def _colours(game: Game, obs: dict[str, Any]) -> dict[str, str]:
    """Each unit counter's fill in the picture of ``obs``, by unit id (the counters carry ``unit:ID`` gids)."""
    fig = kit_of(game).picture(game, obs, "t")
    return {str(p.get_gid())[5:]: to_hex(p.get_facecolor()) for p in fig.axes[0].patches
            if str(p.get_gid()).startswith("unit:")}


def _played(game: Game, actions: int, seed: int = 3) -> GameState:
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(list(state.legal_actions())))
    return state


def _sides_of(game: Game, *observations: dict[str, Any]) -> dict[str, str]:
    """Every unit's side, from what the observations list (Brigade lists the enemy apart, without a side)."""
    out: dict[str, str] = {}
    for obs in observations:
        own = obs.get("side") or game.sides[0]
        for u in obs.get("units", ()):
            out[u["id"]] = u.get("side", own)
        for e in obs.get("enemy", ()):
            out.setdefault(e["id"], next(s for s in game.sides if s != own))
    return out


@pytest.mark.parametrize(("ruleset", "scenario", "actions"), [
    ("company-fire", "hedgerow_breakout", 60),
    ("company-fire", "munassib_minefield", 40),
    ("brigade", "ponyri", 80),
])
@pytest.mark.parametrize("viewer", ["side0", "side1", "umpire"])
def test_the_set_up_and_the_game_draw_a_side_in_the_same_colour(ruleset: str, scenario: str, actions: int,
                                                                  viewer: str) -> None:
    game = load_game(ruleset, scenario)
    kit = kit_of(game)
    side = None if viewer == "umpire" else game.sides[int(viewer[-1])]
    setup_obs = kit.setup_observation(game, side or "umpire")
    game_obs = observation_of(game, _played(game, actions), side)
    setup, later = _colours(game, setup_obs), _colours(game, game_obs)
    assert setup and later
    sides = _sides_of(game, setup_obs, game_obs, observation_of(game, game.initial_state(1), None))
    blue = side or game.sides[0]
    for unit, colour in [*setup.items(), *later.items()]:
        assert colour == to_hex(BLUE.fill if sides[unit] == blue else RED.fill), unit
    both = setup.keys() & later.keys()
    assert both and all(setup[u] == later[u] for u in both)
    drawn = {sides[u] for u in [*setup, *later]}
    assert drawn == set(game.sides)  # each side is drawn in at least one of the two pictures


def test_the_public_set_up_draws_the_first_side_blue() -> None:
    game = load_game("company-fire", "hedgerow_breakout")
    obs = kit_of(game).setup_observation(game, "public")
    sides = _sides_of(game, observation_of(game, game.initial_state(1), None))
    colours = _colours(game, obs)
    assert {sides[u] for u in colours} == {"attacker"}  # the defender's units start under blinds
    assert set(colours.values()) == {to_hex(BLUE.fill)}
