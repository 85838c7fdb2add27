"""What the search starts from and what it scores: the heuristic's view of a decision as a prior over the legal
actions (PUCT), and the worth of a position to a side at the leaves (:func:`evaluate`).

The prior of a decision is a softmax of the heuristic's own scores of each legal action where its tactics give
them (:meth:`warroom.ai.heuristic.Tactics.scores`; Company Fire's :func:`warroom.ai.heuristic_cf.score`: the
exact odds of each fire, rally and assault, the risk and progress of each move), so the tree spends its
iterations on what a sensible player would consider; a game whose heuristic gives no scores (Brigade) puts
``HEURISTIC_SHARE`` of the prior on the heuristic's choice and the rest evenly. A game with no heuristic has a
prior by kind of action, weighed as the game's kit says (:meth:`warroom.core.kit.Kit.kind_weights`).

Priors are read from a :class:`~warroom.ai.view.View`: at the root the side's own view, deeper in the tree the
side's view of a dealt state (the search plays only on dealt states, :mod:`warroom.ai.belief`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from warroom.ai.heuristic import Tactics, tactics
from warroom.ai.view import View
from warroom.core.game import GameState
from warroom.core.kit import kit_of
from warroom.rulesets.company_fire.geometry import range_between

HEURISTIC_SHARE = 0.5
"""The prior's share on the heuristic's choice where the heuristic gives a choice but no scores (Brigade)."""

Prior = dict[Hashable, float]
"""Each legal action's prior probability (summing to 1)."""


def kind(action: Hashable) -> str:
    """An action's kind: Company Fire's ``kind`` field, else its class's name (Brigade)."""
    return str(getattr(action, "kind", type(action).__name__))


def weights_of(ruleset: str) -> Mapping[str, float]:
    """Each kind of action's weight in ``ruleset``'s prior by kind (its kit's
    :meth:`~warroom.core.kit.Kit.kind_weights`; a kind not named weighs 1)."""
    return kit_of(ruleset).kind_weights()


def kind_prior(actions: Sequence[Hashable], weights: Mapping[str, float]) -> Prior:
    """A prior by kind of action alone (:func:`weights_of`)."""
    w = [weights.get(kind(a), 1.0) for a in actions]
    total = sum(w)
    return {a: x / total for a, x in zip(actions, w, strict=True)}


def heuristic_prior(view: View, rng: np.random.Generator, temperature: float,
                    module: Tactics | None = None) -> tuple[Hashable, Prior]:
    """The heuristic's choice (aggression 1/2) and a prior over ``view.legal_actions``, from ``module`` (by
    default the tactics of the view's game, :func:`warroom.ai.heuristic.tactics`).

    Tactics that score every legal action (Company Fire): the best is the choice (ties broken by ``rng``, as the
    heuristic breaks them), the prior ``exp(score / temperature)`` normalised. Tactics that give no scores
    (Brigade): their choice, with :data:`HEURISTIC_SHARE` of the prior."""
    legal = view.legal_actions
    if module is None:
        module = tactics(view.game.ruleset)
        if module is None:
            raise ValueError(f"no heuristic for {view.game.ruleset}: no heuristic prior")
    scores = module.scores(view, 0.5)
    if scores is not None:
        best = max(scores)
        top = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        choice = top[int(rng.integers(len(top)))] if len(top) > 1 else top[0]
        w = [math.exp((s - best) / temperature) for s in scores]
        total = sum(w)
        return choice, {a: x / total for a, x in zip(legal, w, strict=True)}
    choice = module.choose(view, rng, 0.5)
    rest = (1.0 - HEURISTIC_SHARE) / len(legal)
    prior = dict.fromkeys(legal, rest)
    prior[choice] = prior.get(choice, 0.0) + HEURISTIC_SHARE
    return choice, prior


# --- the worth of a position ---------------------------------------------------------------------------

CF_STATUS_WORTH = {"good_order": 1.0, "pinned": 0.7, "suppressed": 0.4}
"""What a unit still in the fight is worth at each status (seed "Unit Status, Hit Results and Rallying": a pinned
unit may not advance, a suppressed one may not fire); destroyed and removed units are worth nothing."""


def evaluate(state: GameState, side: str, late: float | None = None) -> float:
    """The worth of ``state`` to ``side``, 0 (lost) to 1 (won): the result where the game is over (a draw 1/2),
    else a logistic of the victory points (weighing more as the game nears its end), the units each side still
    has in the fight and how near each side is to its break point. Company Fire: points (CF-55), break points
    (CF-56), units by status (seed "Unit Status, Hit Results and Rallying") and the attacker's reach toward the
    objectives it does not hold (CF-54). Brigade: objective points and companies lost (seed 004 "Victory").

    ``late`` is how near the end the game is (:func:`late_of`), by default the state's own; a search gives its
    root's, so that leaves a card apart are weighed alike (else ending a segment would look good to the side
    ahead merely because the clock moved on)."""
    if state.is_terminal():
        winner = state.result().get("winner")
        return 0.5 if winner is None else 1.0 if winner == side else 0.0
    s: Any = state
    if hasattr(s, "held") and hasattr(s, "game"):  # Company Fire
        score = _cf_score(s, side, late_of(s) if late is None else late)
    else:  # Brigade
        r = s.result()
        other = next(x for x in r["companies"] if x != side)
        lost = r["companies_lost"]
        obj = r["objective_points"]
        score = (obj[side] - obj[other]) * 0.3 + (lost[other] - lost[side]) * 0.6
    return 1.0 / (1.0 + math.exp(-score))


def _cf_score(s: Any, side: str, late: float) -> float:
    g = s.game
    v = g.scenario.victory
    other = "defender" if side == "attacker" else "attacker"
    pts = s.result()["points"]
    mat = 0.0
    losses = {"attacker": 0, "defender": 0}
    attackers: list[Any] = []
    for i, u in enumerate(s.units):
        mine = g.side_of[i] == side
        if u.status == "destroyed" and not g.smf[i]:
            losses[g.side_of[i]] += 1
        if "sniper" in g.types[i].abilities:
            continue  # a sniper is removed once it fires (seed "Single Mounted Figures (SMFs)"): its shot is its worth
        w = CF_STATUS_WORTH.get(u.status, 0.0) * (0.5 if g.smf[i] else 1.5 if g.vehicle[i] else 1.0)
        mat += w if mine else -w
        if g.side_of[i] == "attacker" and u.at is not None and not g.smf[i] and u.status in ("good_order", "pinned"):
            attackers.append(u.at)
    # CF-56: a side one loss from its break point is one shot from losing the game
    brink = 0.0
    for who, sign in ((side, -1.0), (other, 1.0)):
        left = g.scenario.side(who).break_at - losses[who]
        if left <= 1:
            brink += sign
    # CF-54: the attacker's units within reach of the objectives it does not hold
    reach = 0.0
    for o, holder in zip(v.objectives, s.held, strict=True):
        if holder == "attacker" or not attackers:
            continue
        near = min(range_between(o.at, a) for a in attackers)
        reach += o.points * max(0.0, 1.0 - near / 8.0)
    reach *= 1.0 if side == "attacker" else -1.0
    ahead: float = pts.get(side, 0) - pts.get(other, 0)
    return ahead * 0.3 * (1.0 + 2.0 * late) + mat * 0.6 + brink * 0.5 + reach * 0.08


def late_of(state: GameState) -> float:
    """How far a Company Fire game is toward its end, 0 to 1: by the game clock where the scenario ends the game
    by it (seed "Game Clock (optional)"), else by turns (CF-53); the points held then are the result (CF-55).
    0 for other games (their evaluation does not weigh it)."""
    s: Any = state
    if not (hasattr(s, "held") and hasattr(s, "game")):
        return 0.0
    g = s.game
    if g.clock_ends_at:
        clock: float = s.init.clock / g.clock_ends_at
        return min(1.0, clock)
    turns = g.scenario.rules.turns or 0
    return min(1.0, s.init.turn / max(1, turns - 1)) if turns else 0.0
