"""The search player: determinised Monte Carlo tree search over the engine's chance model (issue 16, item 3).

Each iteration takes a full state dealt from the side's view by the game's belief sampler
(:mod:`warroom.ai.belief`: hidden things dealt where the rules allow) with its dice seeded afresh from the
search's generator; up to ``deals`` of them are dealt anew (the k-th at iteration k squared, so a short search
is not all dealing), the others play those deals again with new dice
(dealing reads the view once, :func:`warroom.ai.belief.dealer`; a deal's legal actions are kept, so an
iteration costs little more than its own actions). It descends a tree of the side's own decisions while the
side is to act, choosing at each by PUCT (``Q + c * P * sqrt(N) / (1 + n)``, the mean ``Q`` of an untried
action its parent's) over the actions legal in the deal, as information-set MCTS does; ``P`` is the prior
(:mod:`warroom.ai.search_prior`): at the root the heuristic's own scores of the legal actions, a softmax at
``temperature`` (Company Fire; in Brigade a share on the heuristic's choice), below it a prior by kind of
action, or the heuristic's again once a node has had ``widen`` visits. It expands one new decision, plays the
enemy's answers in the middle of the side's action by the rollout policy (:func:`answering`: CF-60's stand or
retreat under fire, Brigade's pin markers; else a fire would be scored before its result), lets the enemy
answer with up to ``reply`` more actions (its op fire or reaction fire), plays ``rollout`` more actions by the
rollout policy (both sides: the heuristic where it plays the game, else a cheap weighted random policy) and
scores the position it reaches from the side's point of view (:func:`warroom.ai.search_prior.evaluate`: the
result where the game is over, else victory points, break points, the state of each side's units and the
attacker's reach toward the objectives), backing the score up the path. The action chosen is the root's most
visited; with ``prior=auto`` the heuristic's own choice is kept unless another has more visits and a mean
better by more than ``margin``. ``prior=none`` is plain UCT (Kocsis and Szepesvári, counted over the children
legal in the deal) with no prior and nothing kept.

Options: ``think`` CPU seconds a decision (1.0: the search's own thread's processor time, never the clock on the
wall, so a busy machine slows a decision but does not weaken it), or ``iterations`` a fixed budget (0: use
``think``); ``rollout``
actions after the leaf (0: the leaf is evaluated, the fastest); ``reply`` the enemy's answers played before
evaluating (0); ``c`` the exploration constant (1.0); ``prior`` ``auto`` or ``none``; ``temperature`` of the
heuristic prior (0.5); ``widen`` visits before a node below the root takes the heuristic's prior (0: never);
``margin`` (0.02); ``deals`` (32); ``policy`` the rollout policy (``auto``). The defaults are the best measured
(benchmarks/search.py).

The search reads only the view: the deals are made from the side's observation and history, so the same view,
generator and ``iterations`` give the same action whatever the hidden truth (tests/test_ai.py, cannot-cheat).
With ``iterations`` given, ``think`` is ignored (deterministic budgets, for tests and benchmarks).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from warroom.ai.belief import NotDealable, dealer, reseed, sampler_games
from warroom.ai.heuristic import Tactics, tactics
from warroom.ai.search_prior import Prior, evaluate, heuristic_prior, kind, kind_prior, late_of, weights_of
from warroom.ai.view import View
from warroom.core.game import GameState

PRIORS = ("auto", "none")
"""What the search starts from: ``auto`` PUCT over a prior from the heuristic where it plays the game
(:mod:`warroom.ai.search_prior`), its own choice kept unless the search finds an action better by more than
``margin``; ``none`` UCT with no prior."""
POLICIES = ("auto", "heuristic", "cheap", "random")
"""Rollout policies: ``auto`` the heuristic where it plays the game, else ``cheap``; ``cheap`` a weighted random
policy that prefers what fights to what waits; ``random`` any legal action."""

def cheap_choice(actions: Sequence[Hashable], rng: np.random.Generator, weights: Mapping[str, float]) -> Hashable:
    """One of ``actions``, weighted by kind (:func:`warroom.ai.search_prior.weights_of`)."""
    w = [weights.get(kind(a), 1.0) for a in actions]
    r = rng.random() * sum(w)
    for a, x in zip(actions, w, strict=True):
        r -= x
        if r < 0:
            return a
    return actions[-1]


class _Node:
    __slots__ = ("available", "children", "prior", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.prior: Prior | None = None


class SearchPlayer:
    """Determinised MCTS over dealt states (module docstring)."""

    name = "search"

    def __init__(self, think: float = 1.0, iterations: int = 0, rollout: int = 0, c: float = 1.0,
                 policy: str = "auto", deals: int = 32, prior: str = "auto", margin: float = 0.02,
                 temperature: float = 0.5, widen: int = 0, reply: int = 0) -> None:
        if not think > 0:
            raise ValueError(f"think={think} is not a number of CPU seconds above 0")
        if iterations < 0:
            raise ValueError(f"iterations={iterations} is not 0 (use think) or a positive number of iterations")
        if rollout < 0:
            raise ValueError(f"rollout={rollout} is not 0 or a positive number of actions")
        if not c >= 0:
            raise ValueError(f"c={c} is not an exploration constant of 0 or more")
        if deals < 1:
            raise ValueError(f"deals={deals} is not a positive number of dealt positions")
        if prior not in PRIORS:
            raise ValueError(f"prior={prior!r} is not one of {', '.join(PRIORS)}")
        if not 0 <= margin <= 1:
            raise ValueError(f"margin={margin} is not between 0 and 1")
        if policy not in POLICIES:
            raise ValueError(f"policy={policy!r} is not one of {', '.join(POLICIES)}")
        if not temperature > 0:
            raise ValueError(f"temperature={temperature} is not a number above 0")
        if reply < 0:
            raise ValueError(f"reply={reply} is not 0 or a positive number of the enemy's actions")
        if widen < 0:
            raise ValueError(f"widen={widen} is not 0 (never) or a positive number of visits")
        self.think = think
        self.iterations = iterations
        self.rollout = rollout
        self.c = c
        self.policy = policy
        self.deals = deals
        self.prior = prior
        self.margin = margin
        self.temperature = temperature
        self.widen = widen
        self.reply = reply
        self.games = sampler_games()
        """The games search plays: those with a belief sampler (it plays only on dealt states)."""
        self._root = _Node()
        self._late = 0.0
        self._tactics: Tactics | None = None
        """The heuristic's tactics for the game of the decision being searched (None: it has none)."""
        self._weights: Mapping[str, float] = {}
        """The weights of the prior by kind for the game of the decision being searched."""
        self.last: dict[str, Any] = {}
        """What the last decision's search did: iterations, seconds, each root action's visits and mean."""

    def __repr__(self) -> str:
        return (f"search:think={self.think},iterations={self.iterations},rollout={self.rollout},c={self.c},"
                f"prior={self.prior}")

    # policies --------------------------------------------------------------------------------------------

    def _policy(self) -> Callable[[Any, np.random.Generator, Any], Hashable]:
        weights = self._weights
        use = self.policy
        module = self._tactics
        if use == "auto":
            use = "heuristic" if module is not None else "cheap"
        if use == "heuristic":
            if module is not None:
                def heuristic(state: Any, rng: np.random.Generator, game: Any) -> Hashable:
                    side = state.to_act
                    action: Hashable = module.choose(View(game, state, side), rng, 0.5)
                    return action
                return heuristic
            use = "cheap"
        if use == "random":
            return lambda state, rng, game: (lambda legal: legal[int(rng.integers(len(legal)))])(state.legal_actions())
        return lambda state, rng, game: cheap_choice(state.legal_actions(), rng, weights)

    # the search ------------------------------------------------------------------------------------------

    def choose(self, view: View, rng: np.random.Generator) -> Hashable:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ruleset = view.game.ruleset
        self._tactics = tactics(ruleset)
        self._weights = weights_of(ruleset)
        policy = self._policy()
        try:
            deal = dealer(view)
        except NotDealable:
            deal = None
        if deal is None:  # a position the sampler cannot deal: the rollout policy's own choice
            self.last = {"iterations": 0, "fallback": True}
            return self._fallback(view, rng, policy)
        root = self._root = _Node()
        first: Hashable | None = None
        if self.prior == "auto":
            if self._tactics is not None:
                first, root.prior = heuristic_prior(view, rng, self.temperature, self._tactics)
            else:
                root.prior = kind_prior(legal, self._weights)
        side = view.side
        allowed = set(legal)
        start = time.thread_time()
        deadline = start + self.think
        n = 0
        budget = self.iterations
        pool: list[GameState] = []
        while (n < budget) if budget else (n == 0 or time.thread_time() < deadline):
            if len(pool) < self.deals and len(pool) ** 2 <= n:  # deals grow as the root of the iterations
                state = deal(rng)
                if not pool:
                    self._late = late_of(state)  # the clock and the turn are public: every deal has the same
                pool.append(state)
            else:
                state = reseed(ruleset, pool[n % len(pool)], rng)
            n += 1
            self._iterate(root, state, side, allowed, rng, policy, view.game)
        self.last = {"iterations": n, "seconds": time.thread_time() - start,
                     "root": {str(a): (ch.visits, ch.total / ch.visits if ch.visits else 0.0)
                              for a, ch in root.children.items()}}
        if not root.children:
            return self._fallback(view, rng, policy)
        order = {a: k for k, a in enumerate(legal)}
        best = max((a for a in root.children if a in allowed),
                   key=lambda a: (root.children[a].visits, root.children[a].total, -order[a]))
        if first is not None:
            self.last["prior"] = str(first)
            mine, theirs = root.children.get(first), root.children[best]
            if first in allowed and (mine is None or not mine.visits or theirs.visits <= mine.visits
                                     or theirs.total / theirs.visits <= mine.total / mine.visits + self.margin):
                return first
        return best

    def _fallback(self, view: View, rng: np.random.Generator, policy: Any) -> Hashable:
        module = self._tactics
        if self.policy in ("auto", "heuristic") and module is not None:
            return module.choose(view, rng, 0.5)
        return cheap_choice(view.legal_actions, rng, self._weights)

    def _iterate(self, root: _Node, state: Any, side: str, allowed: set[Hashable], rng: np.random.Generator,
                 policy: Any, game: Any) -> None:
        path = [root]
        node = root
        expanded = False
        steps = 0
        limit = 200  # actions of a descent, the enemy's included: a guard against a segment that never ends
        while not state.is_terminal() and steps < limit:
            if state.to_act != side:  # the side's run of decisions is over: the rollout plays on
                break
            actions = state.legal_actions()
            if node is root:
                actions = [a for a in actions if a in allowed]
                if not actions:
                    return
            if self.prior == "none":
                action = self._uct(node, actions, rng)
            else:
                action = self._puct(node, actions, state, side, rng, game)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node()
                expanded = True
            state = state.apply(action)
            steps += 1
            node = child
            path.append(node)
            if expanded:
                break
        for _ in range(ANSWERS):  # the enemy's answers in the middle of the side's action (CF-60, BR "Pin markers")
            if state.is_terminal() or state.to_act == side or not answering(state):
                break
            state = state.apply(policy(state, rng, game))
        for _ in range(self.reply):  # the enemy's answer to the side's last action (op fire, reaction fire)
            if state.is_terminal() or state.to_act == side:
                break
            state = state.apply(policy(state, rng, game))
        for _ in range(self.rollout):
            if state.is_terminal():
                break
            state = state.apply(policy(state, rng, game))
        value = evaluate(state, side, self._late)
        for nd in path:
            nd.visits += 1
            nd.total += value

    def _uct(self, node: _Node, actions: list[Hashable], rng: np.random.Generator) -> Hashable:
        """UCT (Kocsis and Szepesvári) over the children legal in this deal; a fresh action first, at random."""
        for a in actions:
            child = node.children.get(a)
            if child is not None:
                child.available += 1
        fresh = [a for a in actions if a not in node.children]
        if fresh:
            return fresh[int(rng.integers(len(fresh)))]
        log_n = math.log(max(1, node.visits))
        return max(actions, key=lambda a: _ucb(node.children[a], log_n, self.c))

    def _puct(self, node: _Node, actions: list[Hashable], state: Any, side: str, rng: np.random.Generator,
              game: Any) -> Hashable:
        """PUCT (as AlphaZero): the action with the best ``Q + c * P * sqrt(N) / (1 + n)``, ``P`` the prior, an
        untried action's ``Q`` its parent's mean. Below the root the prior is by kind of action until the node
        has been visited ``widen`` times, then the heuristic's (``widen=0``: by kind always)."""
        prior = node.prior
        module = self._tactics
        deep = self.widen and node.visits >= self.widen and module is not None
        if prior is None or (deep and node.visits == self.widen and node is not self._root):
            if deep:
                prior = heuristic_prior(View(game, state, side), rng, self.temperature, module)[1]
            else:
                prior = kind_prior(actions, self._weights)
            node.prior = prior
        floor = min(prior.values())
        sqrt_n = math.sqrt(max(1, node.visits))
        fpu = node.total / node.visits if node.visits else 0.5
        c = self.c
        best: Hashable = actions[0]
        best_v = -math.inf
        children = node.children
        for a in actions:
            ch = children.get(a)
            p = prior.get(a, floor)
            if ch is None or not ch.visits:
                v = fpu + c * p * sqrt_n
            else:
                v = ch.total / ch.visits + c * p * sqrt_n / (1 + ch.visits)
            if v > best_v:
                best, best_v = a, v
        return best


ANSWERS = 8
"""At most this many of the enemy's answers in the middle of an action are played before a leaf is scored."""


def answering(state: Any) -> bool:
    """Whether the side to act is answering in the middle of the other side's action, its result waiting on the
    answer: Company Fire's decisions (CF-60: stand and take the hits or retreat, which losses to take), Brigade's
    pin markers (seed 004 "Pin markers"). A leaf there would be scored before the action's result lands."""
    if hasattr(state, "decisions"):
        return bool(state.decisions)
    legal = state.legal_actions()
    return bool(legal) and kind(legal[0]) in ("PinChoice", "PinOrder")


def _ucb(node: _Node, log_n: float, c: float) -> float:
    if node.visits == 0:
        return math.inf
    return node.total / node.visits + c * math.sqrt(max(log_n, math.log(max(1, node.available))) / node.visits)


def search_player(think: float = 1.0, iterations: int = 0, rollout: int = 0, c: float = 1.0,
                  policy: str = "auto", deals: int = 32, prior: str = "auto", margin: float = 0.02,
                  temperature: float = 0.5, widen: int = 0, reply: int = 0) -> SearchPlayer:
    """Determinised MCTS over dealt states (think: CPU seconds a decision; iterations: a fixed budget instead)."""
    return SearchPlayer(think, iterations, rollout, c, policy, deals, prior, margin, temperature, widen, reply)
