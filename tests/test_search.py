"""The search player (warroom.ai.search): legal, deterministic under an iteration budget, better than chance
where one move is plainly best, and one clear error for a bad option."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from warroom import ai
from warroom.ai.heuristic import HeuristicPlayer
from warroom.ai.search import SearchPlayer, _Node
from warroom.ai.search_prior import evaluate, heuristic_prior, kind_prior, late_of, weights_of
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
    ("search:think=0", r"think=0\.0 is not a number of CPU seconds above 0"),
    ("search:iterations=-3", r"iterations=-3 is not 0 \(use think\) or a positive number"),
    ("search:rollout=-1", r"rollout=-1 is not 0 or a positive number"),
    ("search:c=-0.5", r"c=-0\.5 is not an exploration constant of 0 or more"),
    ("search:policy=greedy", r"policy='greedy' is not one of auto, heuristic, cheap, random"),
    ("search:deals=0", r"deals=0 is not a positive number"),
    ("search:prior=oracle", r"prior='oracle' is not one of auto, none"),
    ("search:margin=2", r"margin=2\.0 is not between 0 and 1"),
    ("search:temperature=0", r"temperature=0\.0 is not a number above 0"),
    ("search:reply=-2", r"reply=-2 is not 0 or a positive number of the enemy's actions"),
    ("search:widen=-1", r"widen=-1 is not 0 \(never\) or a positive number of visits"),
    ("search:iterations=many", r"option iterations='many' is not a int"),
    ("search:depth=3", r"player 'search' has no option 'depth'"),
])
def test_a_bad_option_is_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        ai.player(spec)


def _positions(ruleset: str, stem: str, seed: int, count: int) -> tuple[Game, list[Any]]:
    """Positions of a heuristic-against-heuristic game where the side to act has a real choice."""
    game = _game(ruleset, stem)
    found: list[Any] = []

    def grab(state: Any, action: Any, after: Any) -> None:
        if len(found) < count and state.to_act is not None and len(state.legal_actions()) > 2:
            found.append(state)

    ai.play(game, dict.fromkeys(game.sides, "heuristic"), seed=seed, max_actions=400, history=False, on_action=grab)
    return game, found


@pytest.mark.parametrize(("ruleset", "stem"), [("company-fire", "crossroads_patrol"), ("brigade", "ponyri")])
def test_the_prior_is_the_heuristics_choice_and_sums_to_one(ruleset: str, stem: str) -> None:
    """The heuristic's choice (as the heuristic player makes it, from the same generator) has the largest prior;
    every legal action has a prior above 0 and they sum to 1."""
    game, positions = _positions(ruleset, stem, 4, 12)
    assert len(positions) >= 8
    for state in positions:
        view = ai.View(game, state, state.to_act)
        choice, prior = heuristic_prior(view, np.random.default_rng(1), 0.5)
        assert choice == HeuristicPlayer().choose(view, np.random.default_rng(1))
        assert set(prior) == set(view.legal_actions) and all(p > 0 for p in prior.values())
        assert sum(prior.values()) == pytest.approx(1.0)
        assert prior[choice] == max(prior.values())


@pytest.mark.parametrize(("ruleset", "stem"), [("company-fire", "crossroads_patrol"),
                                               ("company-fire", "hedgerow_hell"), ("brigade", "ponyri")])
def test_a_search_of_a_few_iterations_keeps_the_heuristics_choice(ruleset: str, stem: str) -> None:
    """With the prior (``prior=auto``) and a budget too small to learn anything, search plays as the heuristic:
    its choice is kept unless the search finds better by more than ``margin``, and PUCT spends the few
    iterations it has on the prior's favourites."""
    game, positions = _positions(ruleset, stem, 2, 10)
    search = ai.player("search", iterations=3)
    heuristic = ai.player("heuristic")
    for state in positions:
        view = ai.View(game, state, state.to_act)
        assert search.choose(view, np.random.default_rng(7)) == heuristic.choose(view, np.random.default_rng(7))


def test_puct_picks_the_action_with_the_higher_prior_at_equal_values() -> None:
    """PUCT's ``Q + c * P * sqrt(N) / (1 + n)``: at equal means and visits the higher prior wins, whichever
    comes first; a far better mean outweighs the prior; an untried action is worth its parent's mean plus its
    prior's share."""
    game, positions = _positions("company-fire", "crossroads_patrol", 4, 1)
    state = positions[0]
    a, b = state.legal_actions()[:2]
    player = SearchPlayer(iterations=1, c=1.0)
    for first, second in ((a, b), (b, a)):
        node = _Node()
        node.visits, node.total = 20, 10.0
        for act in (a, b):
            child = node.children[act] = _Node()
            child.visits, child.total = 10, 5.0
        node.prior = {first: 0.3, second: 0.7}
        assert player._puct(node, [first, second], state, state.to_act, np.random.default_rng(0), game) == second
        node.children[first].total = 9.0  # a mean of 0.9 against 0.5
        assert player._puct(node, [first, second], state, state.to_act, np.random.default_rng(0), game) == first
    node = _Node()
    node.visits, node.total = 4, 3.0
    child = node.children[a] = _Node()
    child.visits, child.total = 4, 1.0  # tried: a mean of 0.25, below its parent's 0.75
    node.prior = {a: 0.5, b: 0.5}
    assert player._puct(node, [a, b], state, state.to_act, np.random.default_rng(0), game) == b


def test_the_kind_prior_favours_fire_over_ending_the_segment() -> None:
    weights = weights_of("company-fire")
    _, positions = _positions("company-fire", "crossroads_patrol", 4, 40)
    fires = [s for s in positions if {"fire", "end"} <= {a.kind for a in s.legal_actions()}]
    assert fires
    prior = kind_prior(fires[0].legal_actions(), weights)
    fire = next(p for a, p in prior.items() if a.kind == "fire")
    end = next(p for a, p in prior.items() if a.kind == "end")
    assert fire == pytest.approx(10 * end) and sum(prior.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(("widen", "reply"), [(0, 0), (4, 0), (0, 2)])
def test_the_search_with_priors_is_deterministic(widen: int, reply: int) -> None:
    game, positions = _positions("company-fire", "hedgerow_hell", 1, 30)
    state = positions[-1]
    view = ai.View(game, state, state.to_act)
    picks = set()
    for _ in range(3):
        p = ai.player("search", iterations=60, widen=widen, reply=reply)
        picks.add((str(p.choose(view, np.random.default_rng(5))), str(p.last["root"])))
    assert len(picks) == 1


def test_the_evaluation_weighs_the_break_point_and_the_attackers_reach() -> None:
    """CF-56: a side one loss from its break point is worth less than its units alone say; CF-54: an attacker's
    squad nearer an objective the defender holds is worth more to the attacker."""
    game: Any = _game("company-fire", "crossroads_patrol")
    start = game.initial_state(1)
    i = game.index["sq1"]

    def with_unit(s: Any, k: int, **changes: Any) -> Any:
        return s.replace(units=tuple(u._replace(**changes) if j == k else u for j, u in enumerate(s.units)))

    # sq1 destroyed (break_at 2: one more and the attacker concedes) against sq1 merely removed from the count
    lost = with_unit(start, i, status="destroyed")
    gone = with_unit(start, i, status="removed")
    assert evaluate(lost, "attacker") < evaluate(gone, "attacker")
    near = with_unit(start, i, at=(3, 4))
    assert evaluate(near, "attacker") > evaluate(start, "attacker")
    assert evaluate(near, "defender") < evaluate(start, "defender")


def test_reply_lets_the_enemy_answer_before_the_leaf_is_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed "Opportunity Fire", "Non-Phasing Reaction Fire": with ``reply`` the enemy's answer to the side's last
    action is played (by the heuristic) before the position is scored; without it, a leaf may be a position where
    the enemy is still to answer. Either way, the enemy's answers in the middle of the side's action (CF-60: stand
    or retreat under fire) are played before a leaf is scored, so an attack is scored with its result."""
    import warroom.ai.search as search_module

    game, positions = _positions("company-fire", "crossroads_patrol", 4, 40)
    state = next(s for s in positions if any(a.kind == "end" and s.apply(a).to_act != s.to_act
                                             for a in s.legal_actions()))  # ending the segment hands over
    side = state.to_act
    view = ai.View(game, state, side)
    for reply in (0, 400):
        leaves: list[Any] = []

        def recording(s: Any, who: str, late: float | None = None, leaves: list[Any] = leaves) -> float:
            assert not (s.to_act != who and search_module.answering(s))  # CF-60: answers are played first
            leaves.append(s.to_act)
            return evaluate(s, who, late)

        monkeypatch.setattr(search_module, "evaluate", recording)
        ai.player("search", iterations=60, reply=reply, prior="none").choose(view, np.random.default_rng(3))
        enemy = [t for t in leaves if t not in (side, None)]
        assert (len(enemy) > 0) if reply == 0 else not enemy


def test_points_weigh_more_late_and_a_search_weighs_its_leaves_at_its_roots_time() -> None:
    """CF-55: the points held at the end are the result, so the evaluation weighs them more as the game nears its
    end (``late``, by turns in Crossroads Patrol, CF-53); a search passes its root's ``late``, so a leaf where the
    clock has moved on is not worth more for that alone."""
    game: Any = _game("company-fire", "crossroads_patrol")
    states, _ = random_playout(game, 1, 5000)
    lates = [late_of(s) for s in states]
    assert lates[0] == 0.0 and lates == sorted(lates) and 0 < lates[-2] <= 1.0
    start = game.initial_state(1)  # the defender holds both objectives: 4 points to 0
    assert evaluate(start, "defender", late=1.0) > evaluate(start, "defender", late=0.0) > 0.5
    assert evaluate(start, "defender") == evaluate(start, "defender", late=0.0)
    later = next(s for s in states if late_of(s) > 0 and not s.is_terminal())
    assert evaluate(later, "defender") == evaluate(later, "defender", late=late_of(later))
