"""The belief samplers (warroom.ai.belief): deals consistent with what a side has seen, covering every place the
rules allow, blind to hidden truth (fog twins, the real dice), and playable to the end."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from typing import Any

import numpy as np
import pytest

from warroom import ai
from warroom.ai.belief import NotDealable, dealer, sample_hidden
from warroom.core.game import Game, GameState, load_game, shipped_scenarios
from warroom.tools.fog import twins

RULE = pytest.mark.rule


def _game(ruleset: str, stem: str) -> Game:
    return load_game(ruleset, next(p for p in shipped_scenarios()[ruleset] if p.stem == stem))


def _walk(game: Game, seed: int, limit: int) -> list[tuple[GameState, dict[str, tuple[ai.Seen, ...]]]]:
    """Positions of a seeded random game, each with the history each side read up to it (as ai.play gives)."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    seen: dict[str, list[ai.Seen]] = {s: [] for s in game.sides}
    out = []
    while not state.is_terminal() and len(out) < limit:
        out.append((state, {s: tuple(v) for s, v in seen.items()}))
        action: Hashable = rng.choice(state.legal_actions())
        side = state.to_act
        after = state.apply(action)
        for s in game.sides:
            seen[s].append(ai.Seen(side, action if s == side else None, tuple(after.narration(s))))
        state = after
    return out


def _json(state: GameState) -> str:
    extra: Any = getattr(getattr(state, "ctx", None), "minefields", ())
    return json.dumps([state.to_json(), [m.model_dump() for m in extra]], sort_keys=True, default=str)


SCENARIOS = [(r, p.stem) for r in ("company-fire", "brigade") for p in shipped_scenarios()[r]]


@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "stem"), SCENARIOS)
def test_each_side_sees_in_a_deal_exactly_what_it_sees(ruleset: str, stem: str) -> None:
    """For positions of seeded random play, each side's observation of a deal equals its own (blinds, CF-46;
    detection, seed 004), and so do whose turn it is and the narration."""
    game = _game(ruleset, stem)
    every, limit = (6, 240) if ruleset == "company-fire" else (25, 200)
    dealt = 0
    for k, (state, history) in enumerate(_walk(game, 7, limit)[::every]):
        for side in game.sides:
            view = ai.View(game, state, side, history[side])
            try:
                deal = sample_hidden(view, np.random.default_rng(k))
            except NotDealable:
                continue
            dealt += 1
            assert deal.observation(side) == state.observation(side), f"{stem}, position {k * every}, {side}"
            assert deal.to_act == state.to_act
            assert deal.narration(side) == state.narration(side)
    assert dealt >= 4, f"{stem}: only {dealt} positions could be dealt"


def test_a_deal_keeps_the_legal_actions_of_the_side_to_act_on_most_positions() -> None:
    """What the observation does not carry (the card's flags of the side's own units, CF-73, CF-74) is read from
    the side's own actions this card: its legal actions in a deal are its real ones, but for rare cases."""
    game = _game("company-fire", "hedgerow_hell")
    same = total = 0
    for k, (state, history) in enumerate(_walk(game, 3, 300)[::3]):
        side = state.to_act
        assert side is not None
        try:
            deal = sample_hidden(ai.View(game, state, side, history[side]), np.random.default_rng(k))
        except NotDealable:
            continue
        total += 1
        same += {str(a) for a in deal.legal_actions()} == {str(a) for a in state.legal_actions()}
    assert total >= 20 and same >= 0.9 * total, (same, total)


@RULE("002", "Individual Unit Fire")
def test_company_fire_deals_use_every_blind_and_both_kinds_of_blind() -> None:
    """CF-46: a hidden unit may be under any of its side's blind markers; over many deals every blind of the
    enemy hides a unit at some deal and is a dummy at another, and a hidden unit is never where no blind is."""
    for stem in ("crossroads_patrol", "hedgerow_hell", "ambush_at_the_ford"):
        game: Any = _game("company-fire", stem)
        state: Any = game.initial_state(1)
        side = "attacker"
        deal = dealer(ai.View(game, state, side))
        blinds = {tuple(b["at"]) for b in state.observation(side)["blinds"] if b["side"] == "defender"}
        hidden = [i for i, u in enumerate(state.units) if u.hidden and game.side_of[i] == "defender"]
        assert blinds and hidden
        used: set[Any] = set()
        dummies: set[Any] = set()
        for k in range(200):
            d: Any = deal(np.random.default_rng(k))
            at = {d.units[i].at for i in hidden}
            assert at <= blinds, f"{stem}: a hidden unit dealt where no blind is"
            used |= at
            dummies |= {sp for who, sp in d.dummies if who == "defender"}
        assert used == blinds, f"{stem}: blinds never dealt a unit: {blinds - used}"
        if len(hidden) > 1 or len(blinds) > 1:
            assert dummies, f"{stem}: no deal has a dummy"


@RULE("002", "Mines (beta)")
def test_company_fire_deals_the_enemys_minefields_real_or_dummy_and_the_unmarked_anywhere_in_its_zone() -> None:
    """CF-52: the attacker sees the defender's marked minefields but not which are real, nor where its unmarked
    one lies: over deals each marked one is real at one deal and a dummy at another, as many are real as the
    scenario lays, and the unmarked one is dealt on many spaces of the defender's set-up zone, never on a
    marked one."""
    game: Any = _game("company-fire", "munassib_minefield")
    state: Any = game.initial_state(2)
    deal = dealer(ai.View(game, state, "attacker"))
    mines = game.scenario.minefields
    laid = sum(1 for m in mines if m.laid_by == "defender" and m.real)
    marked = {tuple(m["at"]) for m in state.observation("attacker")["minefields"]}
    assert marked and any(not m.marked for m in mines)
    real: dict[Any, set[bool]] = {}
    hidden_at: set[Any] = set()
    for k in range(100):
        d: Any = deal(np.random.default_rng(k))
        enemy = [m for m in d.mines if m.laid_by == "defender"]
        assert len(enemy) == len(mines) and sum(m.real for m in enemy) == laid
        for m in enemy:
            if m.marked:
                real.setdefault(m.at, set()).add(m.real)
            else:
                assert m.at not in marked
                assert any(m.at in z for z in game.scenario.defender.setup_zone)
                hidden_at.add(m.at)
    assert set(real) == marked and all(v == {True, False} for v in real.values())
    assert len(hidden_at) >= 10


@RULE("004", "Detection")
@pytest.mark.parametrize("stem", [p.stem for p in shipped_scenarios()["brigade"]])
def test_brigade_deals_place_undetected_units_over_the_whole_band_they_could_be_in(stem: str) -> None:
    """Seed 004 "Detection": an undetected enemy unit may be anywhere in the band the enemy deployed in: over
    deals, each undetected unit is dealt into every ninth of that band (three across, three deep), and the side
    never knows more of the enemy than it did."""
    from warroom.ai.belief_brigade import _band

    game: Any = _game("brigade", stem)
    state: Any = game.initial_state(1)
    side = game.sides[0]
    enemy = game.sides[1]
    ctx = game.ctx
    view = ai.View(game, state, side)
    deal = dealer(view)
    hidden = [i for i in range(len(ctx.ids)) if ctx.side_of[i] == enemy and i not in state.known(side)
              and state.units[i].aboard < 0]
    assert hidden
    lo, hi = _band(ctx, enemy, 0)
    cells: dict[int, set[tuple[int, int]]] = {i: set() for i in hidden}
    for k in range(40):
        d: Any = deal(np.random.default_rng(k))
        assert set(d.known(side)) == set(state.known(side))
        for i in hidden:
            x, y = d.units[i].anchor()
            cells[i].add((min(2, int(3 * x / ctx.width)), min(2, int(3 * (y - lo) / max(1e-9, hi - lo)))))
    every = {(a, b) for a in range(3) for b in range(3)}
    covered = sum(1 for c in cells.values() if c == every)
    assert covered >= len(hidden) // 2, f"{stem}: {covered} of {len(hidden)} undetected units dealt over the band"


@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "stem"), [("company-fire", "hedgerow_breakout"),
                                               ("company-fire", "cobra_breakout"), ("brigade", "ponyri"),
                                               ("brigade", "hill_112")])
def test_fog_twins_give_the_same_deal_for_the_same_generator(ruleset: str, stem: str) -> None:
    """A deal is made from what the side has seen only: twins of a position that differ in what the side cannot
    know (tools/fog.py: blinds real or dummy, an undetected unit or unfound minefield moved) deal alike."""
    game = _game(ruleset, stem)
    rng = random.Random(4)
    pairs = 0
    for k, (state, _) in enumerate(_walk(game, 4, 300)[::4]):
        side = state.to_act
        if side is None:
            continue
        for twin in twins(ruleset, state, side, rng)[:2]:
            try:
                a = sample_hidden(ai.View(game, state, side), np.random.default_rng(k))
            except NotDealable:
                continue
            b = sample_hidden(ai.View(game, twin.state, side), np.random.default_rng(k))
            assert _json(a) == _json(b), f"{stem}: {twin.what} changes the deal"
            pairs += 1
    assert pairs >= 3


@pytest.mark.parametrize(("ruleset", "stem"), [("company-fire", "crossroads_patrol"), ("brigade", "ponyri")])
def test_the_real_dice_do_not_leak_into_a_deal(ruleset: str, stem: str) -> None:
    """The dealt state's dice are seeded from the sampler's generator: a position with other dice to come deals
    the same, and two generators deal different dice."""
    game: Any = _game(ruleset, stem)
    state: Any = _walk(game, 2, 30)[-1][0]
    side = state.to_act
    other = game.initial_state(99).rng
    moved = state.replace(rng=other) if ruleset == "company-fire" else type(state).from_json(
        game.ctx, {**state.to_json(), "rng": other})
    a = sample_hidden(ai.View(game, state, side), np.random.default_rng(5))
    b = sample_hidden(ai.View(game, moved, side), np.random.default_rng(5))
    c = sample_hidden(ai.View(game, state, side), np.random.default_rng(6))
    assert _json(a) == _json(b)
    assert a.to_json()["rng"] != c.to_json()["rng"]
    assert a.to_json()["rng"] != state.to_json()["rng"]


@pytest.mark.parametrize(("ruleset", "stem", "at"), [("company-fire", "crossroads_patrol", 40),
                                                     ("company-fire", "hedgerow_hell", 60),
                                                     ("brigade", "ponyri", 40)])
def test_a_deal_plays_on_to_the_end(ruleset: str, stem: str, at: int) -> None:
    """A dealt state is a game like any other: its legal actions apply, to the end of the game."""
    game = _game(ruleset, stem)
    walk = _walk(game, 8, at + 30)
    for state, history in walk[at:]:
        side = state.to_act
        assert side is not None
        try:
            deal = sample_hidden(ai.View(game, state, side, history[side]), np.random.default_rng(1))
        except NotDealable:
            continue
        break
    else:
        pytest.fail(f"no position of {stem} could be dealt")
    rng = random.Random(1)
    steps = 0
    while not deal.is_terminal() and steps < 6000:
        deal = deal.apply(rng.choice(deal.legal_actions()))
        steps += 1
    assert deal.is_terminal(), f"{stem}: the dealt game did not end in {steps} actions"
    assert deal.result()["winner"] in (*game.sides, None)


def test_a_choice_in_the_middle_of_an_action_is_not_dealt() -> None:
    """CF-60: a decision in the middle of an action carries particulars the side's observation does not (an
    enemy mover's path): the sampler says so rather than guess."""
    game = _game("company-fire", "hedgerow_hell")
    for state, history in _walk(game, 5, 600):
        s: Any = state
        if s.decisions:
            side = s.decisions[0].side
            with pytest.raises(NotDealable, match="CF-60"):
                sample_hidden(ai.View(game, state, side, history[side]), np.random.default_rng(0))
            return
    pytest.fail("no decision in the middle of an action in 600 random actions")
