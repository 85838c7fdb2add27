"""The search player (warroom.ai.search): legal, deterministic under an iteration budget, better than chance
where one move is plainly best, and one clear error for a bad option."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from warroom import ai
from warroom.ai.search import SearchPlayer, evaluate
from warroom.core.errors import UsageError
from warroom.core.game import Game, load_game, shipped_scenarios
from warroom.sim.playout import random_playout

RULE = pytest.mark.rule


def _game(ruleset: str, stem: str) -> Game:
    return load_game(ruleset, next(p for p in shipped_scenarios()[ruleset] if p.stem == stem))


def test_search_is_registered_with_its_options() -> None:
    entry = next(e for e in ai.available() if e.name == "search")
    assert {"think", "iterations", "rollout", "c"} <= set(entry.options())
    p = ai.player("search:iterations=20,rollout=1,c=0.5")
    assert isinstance(p, SearchPlayer) and (p.iterations, p.rollout, p.c) == (20, 1, 0.5)
    assert ai.plays(p, "company-fire") and ai.plays(p, "brigade") and not ai.plays(p, "a game with no sampler")


@pytest.mark.parametrize(("ruleset", "stem", "actions"), [("company-fire", "crossroads_patrol", 120),
                                                          ("company-fire", "hedgerow_hell", 60),
                                                          ("brigade", "ponyri", 40)])
def test_search_only_ever_returns_a_legal_action(ruleset: str, stem: str, actions: int) -> None:
    """Against random, on both sides; the loop refuses an illegal choice, so the game going on is the check; every
    choice is also among the view's legal actions."""
    game = _game(ruleset, stem)
    search = ai.player("search", iterations=12)
    chosen = []

    class Checked:
        name = "checked"

        def choose(self, view: ai.View, rng: np.random.Generator) -> Any:
            action = search.choose(view, rng)
            assert action in view.legal_actions
            chosen.append(action)
            return action

    for first in (True, False):
        sides = dict.fromkeys(game.sides, "random")
        sides[game.sides[0] if first else game.sides[1]] = Checked()  # type: ignore[assignment]
        played = ai.play(game, sides, seed=3, max_actions=actions)
        assert played.actions
    assert chosen


@pytest.mark.parametrize(("ruleset", "stem", "at"), [("company-fire", "crossroads_patrol", 18),
                                                     ("company-fire", "hedgerow_hell", 30),
                                                     ("brigade", "ponyri", 12)])
def test_the_same_view_generator_and_budget_give_the_same_action(ruleset: str, stem: str, at: int) -> None:
    game = _game(ruleset, stem)
    states, _ = random_playout(game, 9, at)
    state = states[-1]
    assert state.to_act is not None
    view = ai.View(game, state, state.to_act)
    picks = {str(ai.player("search", iterations=40).choose(view, np.random.default_rng(5))) for _ in range(3)}
    assert len(picks) == 1
    p = ai.player("search", iterations=40)
    p.choose(view, np.random.default_rng(5))
    assert p.last["iterations"] in (0, 40)


def _kill_shot() -> tuple[Game, Any, Any]:
    """A Crossroads Patrol position (random play, seed 9, 18 actions): the defender's individual move and fire
    segment, where one action, the MG firing on the suppressed squad at 3,7, destroys it 7 times in 27 and no
    other of its fifteen actions comes near (seed "Individual Unit Fire")."""
    game = _game("company-fire", "crossroads_patrol")
    state: Any = random_playout(game, 9, 18)[0][-1]
    return game, state, state.to_act


def _destroys(state: Any, action: Any) -> Fraction:
    odds = state.odds(action) if getattr(action, "kind", "") in ("fire", "group_fire", "assault") else {}
    return sum((r.get("destroyed", Fraction(0)) for r in odds.values()), Fraction(0))


@RULE("002", "Individual Unit Fire")
def test_search_takes_the_kill_shot_that_random_misses() -> None:
    game, state, side = _kill_shot()
    legal = state.legal_actions()
    odds = {a: _destroys(state, a) for a in legal}
    best = max(odds, key=lambda a: odds[a])
    assert odds[best] >= Fraction(1, 4) and sorted(odds.values())[-2] <= odds[best] / 2  # the position is as said
    view = ai.View(game, state, side)
    search = ai.player("search", iterations=1500, rollout=0, prior="none")
    assert [search.choose(view, np.random.default_rng(k)) for k in range(2)] == [best, best]
    rand = ai.player("random")
    assert sum(rand.choose(view, np.random.default_rng(k)) == best for k in range(30)) < 10


def test_the_evaluation_is_the_result_at_the_end_and_leans_with_the_points() -> None:
    """A finished game scores 1 to its winner and 0 to the loser; before the end, destroying an enemy unit (a
    victory point, CF-55) raises the score of the side that did."""
    game: Any = _game("company-fire", "crossroads_patrol")
    states, _ = random_playout(game, 1, 5000)
    end = states[-1]
    assert end.is_terminal()
    winner = end.result()["winner"]
    for side in game.sides:
        assert evaluate(end, side) == (0.5 if winner is None else 1.0 if side == winner else 0.0)
    start = game.initial_state(1)
    i = game.index["sq1"]
    hit = start.replace(units=tuple(u._replace(status="destroyed") if k == i else u for k, u in enumerate(start.units)))
    assert evaluate(hit, "defender") > evaluate(start, "defender") > 0.5 > evaluate(start, "attacker") > evaluate(
        hit, "attacker")


@pytest.mark.parametrize(("spec", "message"), [
    ("search:think=0", r"think=0\.0 is not a number of seconds above 0"),
    ("search:iterations=-3", r"iterations=-3 is not 0 \(use think\) or a positive number"),
    ("search:rollout=-1", r"rollout=-1 is not 0 or a positive number"),
    ("search:c=-0.5", r"c=-0\.5 is not an exploration constant of 0 or more"),
    ("search:policy=greedy", r"policy='greedy' is not one of auto, heuristic, cheap, random"),
    ("search:deals=0", r"deals=0 is not a positive number"),
    ("search:prior=oracle", r"prior='oracle' is not one of auto, none"),
    ("search:margin=2", r"margin=2\.0 is not between 0 and 1"),
    ("search:iterations=many", r"option iterations='many' is not a int"),
    ("search:depth=3", r"player 'search' has no option 'depth'"),
])
def test_a_bad_option_is_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        ai.player(spec)
