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
import re
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
from warroom.rulesets.brigade.game.common import hits_of
from warroom.rulesets.company_fire.game import Action
from warroom.rulesets.company_fire.game.base import rng_state
from warroom.rulesets.company_fire.game.odds import NO_DICE, plan_of

Z = 4.5
KINDS_WITH_DICE = ("fire", "group_fire", "declare_he", "declare_smoke", "assault", "at_fire", "snipe", "op_fire",
                   "move", "assault_move", "fall_back", "leader_move", "rally", "find_path", "clear_mines")
DECLARED = ("declare_he", "declare_smoke")  # rolled when the mission arrives, a card later (CF-136)


def kind_of(action: Hashable) -> str:
    return str(getattr(action, "kind", type(action).__name__))


def reseeded(game: Game, state: GameState, seed: int) -> GameState:
    """The same position with its generator in another state."""
    data = state.to_json()
    gen = np.random.default_rng(seed)
    if game.ruleset == "company-fire":
        data["rng"] = [str(v) for v in rng_state(gen)]
    else:
        data["rng"] = dict(gen.bit_generator.state)
    return game.state_from_json(data)


def rulings_in(state: GameState) -> list[tuple[str, str, str]]:
    """(the line before it, title, result) of each ruling the last action's narration holds, in order."""
    out: list[tuple[str, str, str]] = []
    for text in state.narration(None):
        title = None
        head = ""
        before = ""
        for line in text.split("\n"):
            if " \u2014 " in line and not line.startswith(" "):
                title, head = line.split(" \u2014 ")[0], before
            elif line.startswith("  Result: ") and title is not None:
                # CF-149: a result a retreat may still lessen says so after it ("... unless it retreats (...)")
                out.append((head, title, line.removeprefix("  Result: ").split(" unless ")[0]))
                title = None
            before = line
    return out


def by_order(plan: list[tuple[str, str]], rulings: list[tuple[str, str, str]]) -> dict[str, str]:
    """Each label's result: the k-th ruling of its procedure for the k-th label rolled with that procedure (a
    title given as "title|words" counts only the rulings whose line before holds the words)."""
    seen: Counter[str] = Counter()
    out: dict[str, str] = {}
    for label, key in plan:
        title, _, words = key.partition("|")
        found = [r for h, t, r in rulings if t == title and words in h]
        k = seen[key]
        seen[key] += 1
        if k < len(found):
            out[label] = found[k]
    return out


def titled(procedure: str) -> str:
    return get_procedure(procedure).title


OP_FIRE_RISK = re.compile(r"^if (\S+) \((\d+),(\d+)\) takes opportunity fire at \S+ in (\d+),(\d+)$")
"""CF-148: a move's line for the op fire it may draw from a known enemy unit, conditional on its firing there."""


def op_fire_read(state: GameState, firer: str, space: tuple[int, int]) -> str | None:
    """CF-148: the result of the op fire ``firer`` takes at the mover in ``space`` when the enemy chooses it: the
    windows before it passed (the enemy holding its fire), that one taken; None when the mover never stands there
    in the firer's sight (a failed Movement Test, a stop on the way)."""
    cur = state
    while not cur.is_terminal():
        acts = cur.legal_actions()
        mine = [a for a in acts if kind_of(a) == "op_fire" and a.unit == firer and a.space == space]  # type: ignore[attr-defined]
        if mine:
            shots = [r for _, t, r in rulings_in(cur.apply(mine[0]))
                     if t in (titled("company-fire/opportunity-fire"), titled("company-fire/anti-tank-fire"))]
            return shots[0] if shots else None
        if Action("pass") not in acts or not any(kind_of(a) == "op_fire" for a in acts):
            return None
        cur = cur.apply(Action("pass"))
    return None


def cf_outcomes(game: Game, state: GameState, action: Hashable, seed: int) -> dict[str, str]:
    rolls = plan_of(state, action)  # type: ignore[arg-type]
    plan = [(label, titled(f"company-fire/{proc}")) for label, proc, _ in rolls if not OP_FIRE_RISK.match(label)]
    after = reseeded(game, state, seed).apply(action)
    rulings = rulings_in(after)
    hold = Action("pass")
    if kind_of(action) == "assault" and after.to_act != state.to_act and hold in after.legal_actions():
        # CF-137: the assault's odds are its roll as if it goes in; the defenders hold their op fire
        rulings += rulings_in(after.apply(hold))
    out = by_order(plan, rulings)
    for label, _, _ in rolls:
        risk = OP_FIRE_RISK.match(label)
        if risk:
            firer, space = risk.group(1), (int(risk.group(4)), int(risk.group(5)))
            found = op_fire_read(after, firer, space)
            if found is not None:
                out[label] = found
    return out


def brigade_outcomes(game: Game, state: GameState, action: Hashable, seed: int) -> dict[str, str]:
    odds = state.odds(action)  # type: ignore[attr-defined]
    after = reseeded(game, state, seed).apply(action)
    out: dict[str, str] = {}
    plan: list[tuple[str, str]] = []
    for label, dist in odds.items():
        if "figures lost" in label or set(dist) == {"destroyed", "survives"}:  # BR-200: read from the target
            target = action.target if isinstance(action, Fire) else state.ctx.ids[state.pending[1]]  # type: ignore[attr-defined]
            end = after
            if "(if" in label and any(isinstance(x, PinChoice) for x in after.legal_actions()):
                end = after.apply(PinChoice("takes" in label))
            out[label] = lost(state, end, target, label)
        elif label.endswith("hits (part detected)"):  # BR-204: the hits scored, read from the rulings
            rulings = rulings_in(after)
            if "hit" in dist:
                shots = [r for _, t, r in rulings if t == titled("brigade/anti-tank-fire")]
                out[label] = "miss" if shots[0].upper() in ("MISS", "CANNOT HIT") else "hit"
            else:
                rolled = (titled("brigade/small-arms-fire"), titled("brigade/he-fire"))
                out[label] = str(sum(hits_of(r.lower()) for _, t, r in rulings if t in rolled))
        elif label.endswith("pin test"):
            # the line before the ruling names the unit: "GB-A (A Company, 4th Dorsets): pin test"
            plan.append((label, f"{titled('brigade/pin-removal')}|{label.split(':')[0]} ("))
        elif "movement dice" in label:
            plan.append((label, titled("brigade/move-distance")))
        elif "soft ground" in label:
            plan.append((label, titled("terrain-mines/bog-down")))
        elif label.endswith("where it lands"):
            plan.append((label, titled("brigade/indirect-deviation")))
        elif label.endswith("if the fire lands on target"):
            target = state.ctx.index[label.split(":")[0]]  # type: ignore[attr-defined]
            plan.append((label, f"{titled('brigade/indirect-fire-effect')}|\u27e8{target}\u27e9 is in the fire zone"))
        elif " walked onto " in label or label.endswith("walked on from where it landed last move"):
            plan.append((label, titled("brigade/walk-fire")))
        else:
            plan.append((label, titled("brigade/anti-tank-fire")))
    out.update(by_order(plan, rulings_in(after)))
    landed = [r for label, r in out.items() if label.endswith("where it lands")]
    if landed and landed[0].upper() != "ON TARGET":  # the effect is given as if the fire lands on target
        out = {label: r for label, r in out.items() if not label.endswith("if the fire lands on target")}
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


def positions(game: Game, seed: int, steps: int, per_kind: int,
              only: tuple[str, ...] | None = None) -> Iterator[tuple[GameState, Hashable]]:
    """Positions of a seeded random play-out, with a legal action of each kind that has odds (of the kinds
    ``only`` names, else all but op fire and declarations: see :func:`test_op_fire_odds_agree_with_the_engine`,
    :func:`test_declared_missions_odds_agree_with_their_arrival`), up to ``per_kind`` of each kind."""
    rng = random.Random(seed)
    taken: Counter[str] = Counter()
    s = game.initial_state(seed=seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        acts = list(s.legal_actions())
        by_kind: dict[str, list[Hashable]] = {}
        for a in acts:
            if kind_of(a) in only if only is not None else kind_of(a) not in (*DECLARED, "op_fire"):
                by_kind.setdefault(kind_of(a), []).append(a)
        for kind, options in sorted(by_kind.items()):
            if taken[kind] >= per_kind:
                continue
            a = rng.choice(options)
            if s.odds(a):  # type: ignore[attr-defined]
                taken[kind] += 1
                yield s, a
        s = s.apply(rng.choice(acts))


def check(ruleset: str, path: Path, seed: int, steps: int, per_kind: int, trials: int,
          only: tuple[str, ...] | None = None) -> tuple[set[str], list[str]]:
    game = warroom.load_game(ruleset, path)
    kinds: set[str] = set()
    bad: list[str] = []
    for state, action in positions(game, seed, steps, per_kind, only):
        odds = state.odds(action)  # type: ignore[attr-defined]
        samples = [outcomes(game, state, action, 10_000 + k) for k in range(trials)]
        kinds.add(kind_of(action))
        if not any(label in x for label in odds for x in samples):
            bad.append(f"{path.stem} seed {seed}, {action}: none of {sorted(odds)} was ever read from the engine")
        bad += [f"{path.stem} seed {seed}, {action}: {d}" for d in disagreements(odds, samples)]
    return kinds, bad


def scenarios() -> list[tuple[str, Path]]:
    return [(game, path) for game, paths in shipped_scenarios().items() for path in paths]


@pytest.mark.rule("002", "Individual Unit Fire")
@pytest.mark.parametrize(("ruleset", "path"), scenarios(), ids=lambda x: getattr(x, "stem", x))
def test_odds_agree_with_the_engine_quick(ruleset: str, path: Path) -> None:
    kinds, bad = check(ruleset, path, seed=1, steps=120, per_kind=1, trials=150)
    assert kinds, f"no action with odds in 120 steps of {path.stem}"
    assert not bad, "\n".join(bad[:10])


@pytest.mark.slow
@pytest.mark.rule("004", "FIRING")
@pytest.mark.parametrize(("ruleset", "path"), scenarios(), ids=lambda x: getattr(x, "stem", x))
def test_odds_agree_with_the_engine(ruleset: str, path: Path) -> None:
    for seed in range(2, 5):
        _, bad = check(ruleset, path, seed=seed, steps=400, per_kind=3, trials=400)
        assert not bad, "\n".join(bad[:10])


@pytest.mark.rule("002", "Opportunity Fire")
def test_op_fire_odds_agree_with_the_engine() -> None:
    bad: list[str] = []
    for ruleset, path in scenarios():
        if ruleset == "company-fire":
            _, found = check(ruleset, path, seed=1, steps=200, per_kind=3, trials=150, only=("op_fire",))
            bad += found
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


# --- worked by hand from the seeds, on constructed positions ----------------------------------------------------


def cf_position(scenario: str, card: Any, segment: int, **where: tuple[int, int] | None) -> Any:
    from warroom.rulesets.company_fire.game.scenario import SCENARIO_DIR

    s = warroom.load_game("company-fire", SCENARIO_DIR / f"{scenario}.toml").initial_state(1)
    units = list(s.units)  # type: ignore[attr-defined]
    for uid, at in where.items():
        i = s.game.index[uid]  # type: ignore[attr-defined]
        units[i] = units[i]._replace(at=at) if at is not None else units[i]._replace(at=None, status="destroyed")
    init = s.init._replace(card=card, segment=segment, phasing="attacker")  # type: ignore[attr-defined]
    return s.replace(units=tuple(units), init=init, decisions=())  # type: ignore[attr-defined]


@pytest.mark.rule("002", "Mines (beta)")
def test_passing_a_marked_minefield_real_or_dummy_reads_the_same() -> None:
    # Seed "Mines (beta)": 1d6, through on 5-6 (1/3); on 1-4 (2/3) a real field fires 3d6 at the unit, hits on
    # 5-6 as small arms (p = 1/3 a die): none (2/3)^3 = 8/27, one 3(1/3)(4/9) = 12/27 pinned, two 3(1/9)(2/3) =
    # 6/27 suppressed, three 1/27 destroyed; each times 2/3. CF-135: the mover cannot tell the real field at
    # 3,5 from the dummy at 2,5, so both show the real field's odds. Munassib: 1-3 moves two spaces north
    # from 3,6 to 3,4 across 3,5, and from 2,6 to 2,4 across 2,5.
    from warroom.rulesets.company_fire.game import INDIVIDUAL, Action

    expected = {"through": Fraction(1, 3), "dummy: marker removed": Fraction(0),
                "mines detonate: good order": Fraction(2, 3) * Fraction(8, 27),
                "mines detonate: pinned": Fraction(2, 3) * Fraction(12, 27),
                "mines detonate: suppressed": Fraction(2, 3) * Fraction(6, 27),
                "mines detonate: destroyed": Fraction(2, 3) * Fraction(1, 27)}
    for column, real in ((3, True), (2, False)):
        s = cf_position("munassib_minefield", None, INDIVIDUAL, **{"1-3": (column, 6)})
        assert s.mines[[m.at for m in s.mines].index((column, 5))].real is real
        move = Action("move", "1-3", (column, 4))
        assert move in s.legal_actions()
        assert s.odds(move)[f"1-3: passing the marked minefield at {column},5 (if it is real)"] == expected


@pytest.mark.rule("002", "Mines (beta)")
def test_finding_a_path_and_clearing_mines() -> None:
    # Find a path: 1d6, +2 for engineers, 5+: a rifle squad 2/6 = 1/3, engineers (3+) 4/6 = 2/3.
    # Clear: engineers d6 + 2 against the mines' d6, high wins; with k = mines - clearers' die, P(k) =
    # (6 - |k|)/36: cleared when k <= 1, 26/36; a tie k = 2, 4/36; mines by 1, 2, 3+: 3/36, 2/36, 1/36.
    from warroom.rulesets.company_fire.game import INDIVIDUAL, Action

    s = cf_position("munassib_minefield", None, INDIVIDUAL, **{"1-3": (3, 6), "RE-1": (4, 6), "RE-2": (6, 5)})
    assert s.odds(Action("find_path", "1-3", (3, 5))) == {
        "path through the minefield at 3,5": {"path found": Fraction(1, 3), "no path found": Fraction(2, 3)}}
    assert s.odds(Action("find_path", "RE-1", (4, 5)))["path through the minefield at 4,5"]["path found"] == \
        Fraction(2, 3)
    clear = s.odds(Action("clear_mines", "RE-2", (6, 5)))["clearing the minefield at 6,5 (if it is real)"]
    assert [p for p in clear.values() if p] == [Fraction(n, 36) for n in (26, 4, 3, 2, 1)]


@pytest.mark.rule("002", "Unit Status, Hit Results and Rallying")
def test_rally_odds_read_the_position() -> None:
    # Seed: a pinned unit rallies on 4+; +1 when no good-order enemy has LOS (every enemy gone here, and no
    # blinds); +1 for the platoon leader in the space. sq2 (regular) with Lt: 2+, 5/6; alone: 3+, 4/6.
    from warroom.rulesets.company_fire.game import RALLY, Action

    gone: dict[str, tuple[int, int] | None] = {u: None for u in ("MG", "gren", "Uffz")}
    s = cf_position("crossroads_patrol", None, RALLY, **gone)
    s = s.replace(dummies=(), units=tuple(u._replace(hidden=False) for u in s.units))
    units = list(s.units)
    units[s.game.index["sq2"]] = units[s.game.index["sq2"]]._replace(status="pinned")
    for i, g_side in enumerate(s.game.side_of):
        if g_side == "defender":
            units[i] = units[i]._replace(at=None, status="destroyed")
    s = s.replace(units=tuple(units))
    assert s.odds(Action("rally", "sq2"))["sq2 rallies"]["rallied"] == Fraction(5, 6)
    alone = s.replace(units=tuple(u._replace(at=(5, 7)) if s.game.ids[k] == "Lt" else u
                                  for k, u in enumerate(s.units)))
    assert alone.odds(Action("rally", "sq2"))["sq2 rallies"]["rallied"] == Fraction(4, 6)


@pytest.mark.rule("002", "Movement")
def test_no_dice_no_odds_and_an_illegal_action_is_one_error() -> None:
    from warroom.core.errors import UsageError
    from warroom.rulesets.company_fire.game import Action

    s = warroom.load_game("company-fire", next(p for g, p in scenarios() if g == "company-fire")).initial_state(1)
    assert all(s.odds(a) == {} for a in s.legal_actions() if a.kind in NO_DICE)  # type: ignore[attr-defined]
    with pytest.raises(UsageError):
        s.odds(Action("rally", "nobody"))  # type: ignore[attr-defined]


SAVE_NEEDS = {"hard": (2, 3), "soft": (3, 4), "open": (5, 6)}
"""Seed 004 "Saving throws": the score needed, pinned and not pinned, by cover."""


@pytest.mark.rule("004", "Saving throws")
@pytest.mark.rule("004", "Pin markers")
def test_brigade_saves_after_the_pin_choice_worked_by_hand() -> None:
    # The first small-arms hits on an unpinned company of a seeded Brigade play-out (no HE, no flame): each hit
    # is saved on the seed's score for its cover, pinned or not, -1 if the firer saw it briefly, +1 within 2"
    # or in close order; each failed save kills a figure, so the figures lost are binomial in the hits; two
    # thirds dead removes the company (BR-52). Taking the pin marker saves as pinned (BR-201).
    import json

    game = warroom.load_game("brigade", next(p for g, p in scenarios() if g == "brigade" and p.stem == "hill_112"))
    for seed in range(1, 8):
        s = game.initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            c = json.loads(s.pending[2]) if s.pending and s.pending[0] == "pin" else None  # type: ignore[attr-defined]
            if c is not None and not c["he"] and not c["flame"]:
                e = s.pending[1]  # type: ignore[attr-defined]
                unit = s.units[e]  # type: ignore[attr-defined]
                figures = s.ctx.types[e].n_figures  # type: ignore[attr-defined]
                for take in (True, False):
                    need = SAVE_NEEDS[c["save"]][0 if take else 1] - c["brief"] + c["within"] + c["close"]
                    fail = Fraction(min(max(need - 1, 0), 6), 6)
                    expected: dict[str, Fraction] = {}
                    for k in range(c["sa"] + 1):
                        p = math.comb(c["sa"], k) * fail ** k * (1 - fail) ** (c["sa"] - k)
                        dead = figures - len(unit.figs) + min(k, len(unit.figs))
                        key = "removed" if 3 * dead >= 2 * figures or k >= len(unit.figs) else str(k)
                        expected[key] = expected.get(key, Fraction(0)) + p
                    got = s.odds(PinChoice(take))[f"{game.ctx.ids[e]}: figures lost"]  # type: ignore[attr-defined]
                    assert {k: v for k, v in got.items() if v} == {k: v for k, v in expected.items() if v}
                return
            s = s.apply(rng.choice(s.legal_actions()))
    pytest.fail("no pin choice after small-arms hits in seven play-outs")


@pytest.mark.rule("004", "FIRING")
def test_brigade_fire_odds_enumerate_the_rolls_play_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A Sherman (a 75mm, not a high-velocity gun) fires at a German company: play rolls its HE on the tank gun
    # column (BR-197) and its machine guns as small arms; the odds enumerate the same procedures with the
    # same parameters, built by the same functions (game.fire.he_params, small_arms_params ...).
    from brigade_tables import make, to_orders, unit
    from warroom.rulesets.brigade.game import effects
    from warroom.rulesets.brigade.game import odds as brigade_odds
    from warroom.rulesets.brigade.game.actions import Select

    game = make(tmp_path, unit("GB-SH", "british", "gb_sherman", 20, 10),
                unit("DE-1", "german", "ge_grenadier_company", 20, 30))
    s = to_orders(game.initial_state(1)).apply(Select("GB-SH"))
    fire = next(a for a in s.legal_actions() if isinstance(a, Fire) and a.target == "DE-1" and a.mode == 0)
    enumerated: list[tuple[str, dict[str, Any]]] = []
    rolled: list[tuple[str, dict[str, Any]]] = []
    exact, roll = brigade_odds.exact_odds, effects.roll_for_play

    def enumerate_(procedure: str, params: dict[str, Any]) -> Any:
        enumerated.append((procedure, dict(params)))
        return exact(procedure, params)

    def roll_(procedure: str, params: dict[str, Any], rng: np.random.Generator, seen_by: Any = None) -> Any:
        rolled.append((procedure, dict(params)))
        return roll(procedure, params, rng, seen_by)

    monkeypatch.setattr(brigade_odds, "exact_odds", enumerate_)
    monkeypatch.setattr(effects, "roll_for_play", roll_)
    s.odds(fire)
    s.apply(fire)
    shots = [(p, params) for p, params in rolled if p in ("brigade/he-fire", "brigade/small-arms-fire")]
    assert [p for p, _ in shots] == ["brigade/he-fire", "brigade/small-arms-fire"]
    assert shots[0][1]["gun"] == "tank_gun"
    for shot in shots:
        assert shot in enumerated


@pytest.mark.rule("002", "Mines (beta)")
def test_minefield_odds_agree_with_the_engine() -> None:
    """Random play rarely crosses or clears a marked field: the Monte Carlo of those, on constructed positions of
    Munassib (1-3 crossing the real field at 3,5; engineers clearing the real one at 6,5; finding a path)."""
    from warroom.rulesets.company_fire.game import INDIVIDUAL, Action

    s = cf_position("munassib_minefield", None, INDIVIDUAL, **{"1-3": (3, 6), "RE-1": (4, 6), "RE-2": (6, 5)})
    game = s.game
    for action in (Action("move", "1-3", (3, 4)), Action("clear_mines", "RE-2", (6, 5)),
                   Action("find_path", "RE-1", (4, 5))):
        odds = s.odds(action)
        samples = [outcomes(game, s, action, 20_000 + k) for k in range(300)]
        for label in odds:
            assert sum(label in x for x in samples) >= 30, f"{label}: seldom rolled"
        assert not disagreements(odds, samples), disagreements(odds, samples)


def test_the_odds_read_as_a_line_per_outcome() -> None:
    from warroom.present.odds import action_odds_lines

    odds = {"g2": {"good order": Fraction(8, 27), "pinned": Fraction(4, 9), "destroyed": Fraction(0)},
            "sq1: Movement Test": {"passes": Fraction(1, 2), "fails": Fraction(1, 2)}}
    # the results in their own order (good order before pinned), as percentages; the fractions with ``exact``
    assert action_odds_lines(odds) == ["odds, g2: good order 29.630%, pinned 44.444%",
                                       "odds, sq1: Movement Test: passes 50.000%, fails 50.000%"]
    assert action_odds_lines(odds, exact=True)[0] == "odds, g2: good order 8/27 (29.630%), pinned 4/9 (44.444%)"
    assert action_odds_lines({}) == []


@pytest.mark.parametrize("scenario", ["hedgerow_hell", "hill_112"])
def test_playout_shows_the_odds_before_each_dice_action(scenario: str) -> None:
    import json

    from click.testing import CliRunner

    from warroom.cli import cli

    runner = CliRunner()
    out = runner.invoke(cli, ["playout", scenario, "--odds", "--max-actions", "150"])
    assert out.exit_code == 0, out.output
    assert "  odds, " in out.output
    data = json.loads(runner.invoke(cli, ["playout", scenario, "--odds", "--max-actions", "150", "--json"]).output)
    assert len(data["odds"]) == len(data["record"]["actions"]) and any(data["odds"])
    plain = runner.invoke(cli, ["playout", scenario, "--max-actions", "150"])
    assert "  odds, " not in plain.output


@pytest.mark.rule("004", "Movement")
def test_a_free_form_move_has_the_movement_dice_of_its_path() -> None:
    """A person's move to a point (not among the listed actions) has the movement dice of its path, and they
    agree with the engine: tried as far towards a listed move's destination as the unit may reach."""
    from warroom.core.errors import UsageError
    from warroom.rulesets.brigade.game.actions import Move, MoveTo

    found = ((path, state, action) for g, path in scenarios() if g == "brigade" for seed in (4, 5, 6)
             for state, action in positions(warroom.load_game("brigade", path), seed, 600, 40, only=("Move",)))
    for path, state, action in found:
        game = warroom.load_game("brigade", path)
        assert isinstance(action, Move)
        i = state.ctx.index[action.unit]  # type: ignore[attr-defined]
        (x0, y0), (x, y) = state.units[i].anchor(), state.dest_point(i, action.dest, False)  # type: ignore[attr-defined]
        odds: dict[str, dict[str, Fraction]] = {}
        for f in (k / 40 for k in range(39, 0, -1)):
            free = MoveTo(action.unit, round((x0 + (x - x0) * f) * 10), round((y0 + (y - y0) * f) * 10), "C")
            try:
                odds = state.odds(free)  # type: ignore[attr-defined]
            except UsageError:  # beyond the unit's reach
                continue
            break
        if not odds:
            continue
        samples = [outcomes(game, state, free, 30_000 + k) for k in range(150)]
        # every roll the odds name is read from the engine (one the move may not reach only where it does)
        assert all(label in x for x in samples for label in odds if "(if the move gets that far)" not in label)
        assert all(any(label in x for x in samples) for label in odds)
        assert not disagreements(odds, samples)
        return
    pytest.fail("no move with movement dice to try as a free-form move")


def arrival_outcomes(game: Game, state: GameState, action: Hashable, seed: int) -> dict[str, str]:
    """A declared mission's rolls, read when it arrives: after the declaration every side only ends its segments,
    so the position it lands on is the one it was declared on (CF-136)."""
    plan = [(label, f"{titled('company-fire/artillery')}|mission on {action.space[0]},{action.space[1]}")  # type: ignore[attr-defined]
            for label, _, _ in plan_of(state, action)]  # type: ignore[arg-type]
    s = reseeded(game, state, seed).apply(action)
    end = Action("end")
    for _ in range(60):
        got = by_order(plan, rulings_in(s))
        if got or s.is_terminal() or end not in s.legal_actions():
            return got
        s = s.apply(end)
    return {}


@pytest.mark.rule("002", "Artillery")
def test_declared_missions_odds_agree_with_their_arrival() -> None:
    """CF-136: a declaration's odds are its mission's as if it arrived now; with nothing else done before it
    arrives, that is what the engine rolls."""
    checked: set[str] = set()
    for ruleset, path in scenarios():
        if ruleset != "company-fire":
            continue
        game = warroom.load_game(ruleset, path)
        for state, action in positions(game, 1, 300, 2, only=DECLARED):
            odds = state.odds(action)  # type: ignore[attr-defined]
            samples = [arrival_outcomes(game, state, action, 40_000 + k) for k in range(100)]
            if sum(bool(x) for x in samples) < 50:
                continue  # the game ends first, or the units stand where ending segments moves them
            assert not disagreements(odds, samples), disagreements(odds, samples)
            checked.add(kind_of(action))
    assert checked == set(DECLARED)


@pytest.mark.rule("004", "Detection")
def test_fire_at_a_part_detected_unit_reads_nothing_the_firer_cannot_know() -> None:
    """BR-204: the odds of fire at a unit only part detected are the same whatever its pin and figures; at a
    spotted unit, which the firer sees, the pin changes them (the saves)."""
    import dataclasses

    from warroom.rulesets.brigade.game.common import AWARE
    from warroom.rulesets.brigade.game.state import BrigadeState

    path = next(p for g, p in scenarios() if g == "brigade" and p.stem == "hill_112")
    game = warroom.load_game("brigade", path)
    seen = {"part": False, "spotted": False}
    for seed in range(1, 5):
        for state, action in positions(game, seed, 400, 20, only=("Fire",)):
            assert isinstance(action, Fire)
            ctx = state.ctx  # type: ignore[attr-defined]
            i, e = ctx.index[action.unit], ctx.index[action.target]
            u = state.units[e]  # type: ignore[attr-defined]
            if ctx.types[e].kind == "vehicle" or len(u.figs) < 3:
                continue
            data = state.to_json()
            changed = dataclasses.replace(u, pinned=not u.pinned, figs=u.figs[:-1], roles=u.roles[:-1])
            data["units"] = [c if k != e else changed.code for k, c in enumerate(data["units"])]
            twin = BrigadeState.from_json(ctx, data)
            part = state.known(ctx.side_of[i]).get(e) == AWARE  # type: ignore[attr-defined]
            if part:
                assert state.odds(action) == twin.odds(action)  # type: ignore[attr-defined]
            else:
                assert state.odds(action) != twin.odds(action)  # type: ignore[attr-defined]
            seen["part" if part else "spotted"] = True
            if all(seen.values()):
                return
    pytest.fail(f"no fire at both kinds of target: {seen}")


@pytest.mark.rule("004", "Movement")
def test_ending_the_move_has_the_dice_of_the_pre_planned_paths() -> None:
    """BR-203: a unit given no order follows its pre-planned path when its side ends the move; the End's odds are
    its movement dice, and agree with the engine (a plan set by hand towards ground whose distance is rolled)."""
    import dataclasses

    from warroom.rulesets.brigade.game.actions import End, Move
    from warroom.rulesets.brigade.game.state import BrigadeState

    found = ((path, state, action) for g, path in scenarios() if g == "brigade" for seed in (4, 5, 6)
             for state, action in positions(warroom.load_game("brigade", path), seed, 600, 40, only=("Move",)))
    for path, state, action in found:
        game = warroom.load_game("brigade", path)
        assert isinstance(action, Move)
        if state.pending or action.half:  # type: ignore[attr-defined]
            continue
        ctx = state.ctx  # type: ignore[attr-defined]
        i = ctx.index[action.unit]
        u = state.units[i]  # type: ignore[attr-defined]
        goal = state.dest_point(i, action.dest, False)  # type: ignore[attr-defined]
        data = state.to_json()
        data["units"] = [c if k != i else dataclasses.replace(u, plan=(goal,)).code
                         for k, c in enumerate(data["units"])]
        data["selected"] = -1  # no unit in hand: the side may end its move
        planned = BrigadeState.from_json(ctx, data)
        if End() not in planned.legal_actions():
            continue
        odds = planned.odds(End())
        if not odds:
            continue
        assert all(label.endswith("(its pre-planned path)") for label in odds)
        samples = [outcomes(game, planned, End(), 50_000 + k) for k in range(150)]
        # every roll the odds name is read from the engine (one the move may not reach only where it does)
        assert all(label in x for x in samples for label in odds if "(if the move gets that far)" not in label)
        assert all(any(label in x for x in samples) for label in odds)
        assert not disagreements(odds, samples)
        return
    pytest.fail("no position to plan a path across ground whose distance is rolled")
