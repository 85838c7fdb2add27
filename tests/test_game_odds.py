"""The odds before acting agree with the engine: ``state.odds(action)`` against a Monte Carlo of ``apply``.

Over seeded positions of every shipped scenario of both games, each kind of action that rolls dice is applied
many times from the same position, its generator reseeded each time, and each outcome the odds name is classified
from what the engine did: the result of the ruling it rolled for that outcome (read from the narration, in the
order the rolls are made), or, for Brigade fire, the figures the target lost (BR-200, BR-201: the pin choice taken
both ways). Each result's exact probability must lie within the 4.5-sigma Wilson interval of its frequency, a
result of probability 0 must never be seen, and nothing outside the odds may happen. A planted wrong distribution
fails the same check. The quick version takes a few positions of each kind; the slow one many more.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import warroom
from warroom.core.game import Game, GameState, shipped_scenarios
from warroom.core.registry import get_procedure
from warroom.rulesets.brigade.game.actions import Fire, PinChoice
from warroom.rulesets.company_fire.game.base import _rng_state
from warroom.rulesets.company_fire.game.odds import NO_DICE, _plan

Z = 4.5
KINDS_WITH_DICE = ("fire", "group_fire", "declare_he", "declare_smoke", "assault", "at_fire", "snipe", "op_fire",
                   "move", "assault_move", "fall_back", "rally", "find_path", "clear_mines")
DECLARED = ("declare_he", "declare_smoke")  # rolled when the mission arrives, a card later (CF-136)


def kind_of(action: Hashable) -> str:
    return str(getattr(action, "kind", type(action).__name__))


def reseeded(game: Game, state: GameState, seed: int) -> GameState:
    """The same position with its generator in another state."""
    data = state.to_json()
    gen = np.random.default_rng(seed)
    if game.ruleset == "company-fire":
        data["rng"] = [str(v) for v in _rng_state(gen)]
    else:
        data["rng"] = dict(gen.bit_generator.state)
    return game.state_from_json(data)


def rulings_in(state: GameState) -> list[tuple[str, str]]:
    """(title, result) of each ruling the last action's narration holds, in order."""
    out: list[tuple[str, str]] = []
    for text in state.narration(None):
        title = None
        for line in text.split("\n"):
            if " \u2014 " in line and not line.startswith(" "):
                title = line.split(" \u2014 ")[0]
            elif line.startswith("  Result: ") and title is not None:
                out.append((title, line.removeprefix("  Result: ")))
                title = None
    return out


def by_order(plan: list[tuple[str, str]], rulings: list[tuple[str, str]]) -> dict[str, str]:
    """Each label's result: the k-th ruling of its procedure for the k-th label rolled with that procedure."""
    seen: Counter[str] = Counter()
    out: dict[str, str] = {}
    for label, title in plan:
        found = [r for t, r in rulings if t == title]
        k = seen[title]
        seen[title] += 1
        if k < len(found):
            out[label] = found[k]
    return out


def titled(procedure: str) -> str:
    return get_procedure(procedure).title


def cf_outcomes(game: Game, state: GameState, action: Hashable, seed: int) -> dict[str, str]:
    plan = [(label, titled(f"company-fire/{proc}")) for label, proc, _ in _plan(state, action)]  # type: ignore[arg-type]
    return by_order(plan, rulings_in(reseeded(game, state, seed).apply(action)))


def brigade_outcomes(game: Game, state: GameState, action: Hashable, seed: int) -> dict[str, str]:
    labels = list(state.odds(action))  # type: ignore[attr-defined]
    after = reseeded(game, state, seed).apply(action)
    out: dict[str, str] = {}
    plan: list[tuple[str, str]] = []
    for label in labels:
        if "figures lost" in label or isinstance(action, Fire) and "destroyed" in state.odds(action)[label] \
                and "survives" in state.odds(action)[label]:
            target = action.target if isinstance(action, Fire) else state.ctx.ids[state.pending[1]]  # type: ignore[attr-defined]
            end = after
            if "(if" in label and any(isinstance(x, PinChoice) for x in after.legal_actions()):
                end = after.apply(PinChoice("takes" in label))
            out[label] = lost(state, end, target, label)
        elif label.endswith("pin test"):
            plan.append((label, titled("brigade/pin-removal")))
        elif "movement dice" in label:
            plan.append((label, titled("brigade/move-distance")))
        elif "soft ground" in label:
            plan.append((label, titled("terrain-mines/bog-down")))
        else:
            plan.append((label, titled("brigade/anti-tank-fire")))
    out.update(by_order(plan, rulings_in(after)))
    return out


def lost(before: Any, after: Any, target: str, label: str) -> str:
    e = before.ctx.index[target]
    if "figures lost" not in label:
        return "survives" if after.units[e].on else "destroyed"
    if not after.units[e].on:
        return "removed"
    return str(len(before.units[e].figs) - len(after.units[e].figs))


def outcomes(game: Game, state: GameState, action: Hashable, seed: int) -> dict[str, str]:
    return (cf_outcomes if game.ruleset == "company-fire" else brigade_outcomes)(game, state, action, seed)


def wilson(p: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of a frequency ``p`` seen in ``n`` trials: where the exact probability must be."""
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def disagreements(odds: dict[str, dict[str, Fraction]], samples: list[dict[str, str]]) -> list[str]:
    """Where the sampled outcomes and the exact odds disagree."""
    out: list[str] = []
    for label, dist in odds.items():
        seen = [s[label] for s in samples if label in s]
        if not seen:
            continue
        keys = {k.upper(): k for k in dist}
        counts = Counter(keys.get(r.upper(), r) for r in seen)
        for result in counts:
            if result not in dist:
                out.append(f"{label}: {result!r} happened, not among {sorted(dist)}")
        n = len(seen)
        for result, p in dist.items():
            k = counts.get(result, 0)
            if p == 0 and k:
                out.append(f"{label}: {result!r} has probability 0 and happened {k} times")
                continue
            lo, hi = wilson(k / n, n)
            if not lo - 1e-9 <= p <= hi + 1e-9:
                out.append(f"{label}: {result!r} {k}/{n} = {k / n:.3f} (interval {lo:.3f}-{hi:.3f}), exact "
                           f"{float(p):.3f}")
    return out


def positions(game: Game, seed: int, steps: int, per_kind: int) -> Iterator[tuple[GameState, Hashable]]:
    """Positions of a seeded random play-out, with a legal action of each kind that has odds, up to ``per_kind``
    of each kind."""
    rng = random.Random(seed)
    taken: Counter[str] = Counter()
    s = game.initial_state(seed=seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        acts = list(s.legal_actions())
        by_kind: dict[str, list[Hashable]] = {}
        for a in acts:
            if kind_of(a) not in DECLARED:
                by_kind.setdefault(kind_of(a), []).append(a)
        for kind, options in sorted(by_kind.items()):
            if taken[kind] >= per_kind:
                continue
            a = rng.choice(options)
            if s.odds(a):  # type: ignore[attr-defined]
                taken[kind] += 1
                yield s, a
        s = s.apply(rng.choice(acts))


def check(ruleset: str, path: Path, seed: int, steps: int, per_kind: int, trials: int) -> tuple[set[str], list[str]]:
    game = warroom.load_game(ruleset, path)
    kinds: set[str] = set()
    bad: list[str] = []
    for state, action in positions(game, seed, steps, per_kind):
        odds = state.odds(action)  # type: ignore[attr-defined]
        samples = [outcomes(game, state, action, 10_000 + k) for k in range(trials)]
        kinds.add(kind_of(action))
        bad += [f"{path.stem} seed {seed}, {action}: {d}" for d in disagreements(odds, samples)]
    return kinds, bad


def scenarios() -> list[tuple[str, Path]]:
    return [(game, path) for game, paths in shipped_scenarios().items() for path in paths]


@pytest.mark.rule("002_e954d5c422be67ed.txt", "Individual Unit Fire")
@pytest.mark.parametrize(("ruleset", "path"), scenarios(), ids=lambda x: getattr(x, "stem", x))
def test_odds_agree_with_the_engine_quick(ruleset: str, path: Path) -> None:
    kinds, bad = check(ruleset, path, seed=1, steps=120, per_kind=1, trials=150)
    assert kinds, f"no action with odds in 120 steps of {path.stem}"
    assert not bad, "\n".join(bad[:10])


@pytest.mark.slow
@pytest.mark.rule("004_ee81681d1981bc90.txt", "FIRING")
@pytest.mark.parametrize(("ruleset", "path"), scenarios(), ids=lambda x: getattr(x, "stem", x))
def test_odds_agree_with_the_engine(ruleset: str, path: Path) -> None:
    for seed in range(2, 5):
        _, bad = check(ruleset, path, seed=seed, steps=400, per_kind=3, trials=400)
        assert not bad, "\n".join(bad[:10])


def test_a_planted_wrong_distribution_fails_the_check() -> None:
    """The check can fail: the same samples against odds with the likeliest and least likely results swapped."""
    game = warroom.load_game("company-fire", next(p for g, p in scenarios() if g == "company-fire"))
    for state, action in positions(game, 1, 200, 1):
        odds = state.odds(action)  # type: ignore[attr-defined]
        label, dist = next(iter(odds.items()))
        ranked = sorted(dist, key=lambda r: dist[r])
        if dist[ranked[-1]] - dist[ranked[0]] < Fraction(1, 4):
            continue
        samples = [outcomes(game, state, action, 10_000 + k) for k in range(150)]
        if sum(label in s for s in samples) < 100:
            continue
        assert not disagreements(odds, samples)
        planted = {**dist, ranked[0]: dist[ranked[-1]], ranked[-1]: dist[ranked[0]]}
        assert disagreements({label: planted}, samples)
        return
    pytest.fail("no position to plant a wrong distribution in")


def test_every_company_fire_kind_has_odds_or_none() -> None:
    """Each kind of action either rolls no die (empty odds) or is planned (never an error for a legal action)."""
    from warroom.rulesets.company_fire.game.actions import KINDS

    assert set(KINDS) == set(NO_DICE) | set(KINDS_WITH_DICE)
    assert not set(NO_DICE) & set(KINDS_WITH_DICE)
