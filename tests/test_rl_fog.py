"""Fog of war on the learning environments' tensors (docs/rulings.md CF-46 ... CF-48, CF-57, CF-125 ... CF-131;
seed 004 "Detection"): twins of a position that differ only in what a side cannot know (built by
:mod:`warroom.tools.fog`, as tests/test_fog_differential.py does for the observations) give that side equal
planes, vectors and action masks, for every shipped scenario of both games. A planted leak shows the check
can fail."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from warroom.core.game import GameState, load_game, shipped_scenarios
from warroom.rl.actions import action_table
from warroom.rl.core import Match, options
from warroom.sim.playout import random_playout
from warroom.tools.fog import twin_games, twins

RULE = pytest.mark.rule
SCENARIOS = [(r, p) for r, ps in shipped_scenarios().items() if r in twin_games() for p in ps]


def tensors(match: Match, state: GameState, side: str) -> list[bytes]:
    """The side's planes, vector and action mask as bytes (the mask of the legal actions when it is to act)."""
    planes, vector = match.encoder.encode(state.observation(side))
    legal = match.table.legal(state.legal_actions()) if state.to_act == side and not state.is_terminal() else {}
    return [planes.tobytes(), vector.tobytes(), match.table.mask(legal).tobytes()]


def differences(ruleset: str, path: Path, seeds: range, every: int, encode: Any = tensors) -> tuple[int, list[str]]:
    game = load_game(ruleset, path)
    match = Match(game, options())
    built, found = 0, []
    for seed in seeds:
        states, _ = random_playout(game, seed, 1500)
        rng = random.Random(seed)
        for k, state in enumerate(states[::every]):
            for side in game.sides:
                for twin in twins(ruleset, state, side, rng):
                    built += 1
                    if encode(match, state, side) != encode(match, twin.state, side):
                        found.append(f"{path.stem} seed {seed} state {k * every} {side}: {twin.what}")
    return built, found


@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "path"), SCENARIOS, ids=[p.stem for _, p in SCENARIOS])
def test_twins_give_equal_tensors(ruleset: str, path: Path) -> None:
    built, found = differences(ruleset, path, range(3) if path.stem == "crossroads_patrol" else range(1),
                               every=2 if path.stem == "crossroads_patrol" else 25)
    assert built >= 5, f"only {built} twins were built"
    assert not found, "\n".join(found[:10])


@pytest.mark.slow
@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "path"), SCENARIOS, ids=[p.stem for _, p in SCENARIOS])
def test_twins_give_equal_tensors_over_seeded_games(ruleset: str, path: Path) -> None:
    built, found = differences(ruleset, path, range(1, 5), every=4)
    assert built > 0
    assert not found, "\n".join(found[:10])


def leaky(match: Match, state: GameState, side: str) -> list[bytes]:
    """A planted leak: the tensors also count the enemy's dummy blinds (read from the state, not the view)."""
    out = tensors(match, state, side)
    dummies = sum(1 for who, _ in state.dummies if who != side)  # type: ignore[attr-defined]
    return [*out, np.int64(dummies).tobytes()]


def test_a_planted_leak_is_found() -> None:
    path = next(p for r, p in SCENARIOS if p.stem == "hedgerow_breakout")
    built, found = differences("company-fire", path, range(1), every=5, encode=leaky)
    assert built > 0 and found


def test_the_mask_is_the_table_of_the_legal_actions() -> None:
    """The mask in the tensors above is the table's, the same one the environments give."""
    game = load_game("company-fire", "crossroads_patrol")
    match = Match(game, options())
    match.reset(3)
    side = match.to_act
    assert side is not None
    expected = action_table(game).mask(action_table(game).legal(match.state.legal_actions()))
    assert match.observe(side)["action_mask"].tobytes() == expected.tobytes()
