"""The fire spreading through a block, made fast (issue 22: any procedure's odds under 200 ms) without changing any
figure: seed 000 "Fire" folded over every state of the block, turn by turn.

``tests/data/fire_spread_odds_before.json`` holds what the code before the change gave (recorded once, at commit
519cc49, by the old fold: a d10 enumerated face by face, the states' chances as ``Fraction``s) for fire-spread and
fire-turn at several inputs: the full odds (every row's exact chance, the steps, the modifiers), the number of chance
outcomes, and the rulings played with seeds 1 to 3. The new fold must give every one of them again. The two parts
of the change are tested on their own too: a die told which faces are ``alike`` branches once per kind in the
exact odds and nowhere else, and the process fold in whole numbers equals a plain fold in fractions.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from warroom.core import api
from warroom.core.chance import Process, Resolution
from warroom.core.evaluate import enumerate_tree, play, process_distribution, sample_batch

RULE = pytest.mark.rule
BEFORE = json.loads((Path(__file__).parent / "data" / "fire_spread_odds_before.json").read_text(encoding="utf-8"))


@RULE("000", "Fire")
@pytest.mark.parametrize("case", BEFORE, ids=lambda c: f"{c['procedure']} {c['params']}")
def test_the_odds_and_rulings_are_those_recorded_before(case: dict[str, Any]) -> None:
    odds = api.odds(case["procedure"], case["params"])
    assert [[name, str(p)] for name, p in odds.distribution] == case["distribution"]
    assert odds.to_dict() == case["odds"]
    assert odds.leaves == case["leaves"]
    for seed, was in zip((1, 2, 3), case["rulings"], strict=True):
        ruling = api.roll(case["procedure"], case["params"], seed=seed).to_dict()
        assert {"result": ruling["result"], "steps": ruling["steps"], "dice": ruling["dice"]} == was


def _parity(face: int) -> str:
    return "even" if face % 2 == 0 else "odd"


def _parity_run(alike: bool) -> Any:
    def run(r: Resolution) -> str:
        face = r.die(6, label="d6", alike=_parity if alike else None)
        return f"{_parity(face)} then {r.die(4, label='d4')}"

    return run


def test_a_die_told_its_alike_faces_branches_once_per_kind() -> None:
    folded, leaves = enumerate_tree(_parity_run(True), explain=True)
    full, every = enumerate_tree(_parity_run(False), explain=True)
    assert folded == full and sum(folded.values()) == 1
    assert (len(leaves), len(every)) == (2 * 4, 6 * 4)


def test_a_die_told_its_alike_faces_plays_and_samples_as_before() -> None:
    for seed in range(5):
        with_alike, r1 = play(_parity_run(True), np.random.default_rng(seed))
        without, r2 = play(_parity_run(False), np.random.default_rng(seed))
        assert with_alike == without and r1.dice == r2.dice and r1.steps == r2.steps
    a = sample_batch(_parity_run(True), 5000, np.random.default_rng(7))
    b = sample_batch(_parity_run(False), 5000, np.random.default_rng(7))
    assert a == b


def _fraction_fold(process: Process[Any]) -> dict[tuple[int | None, Any], Fraction]:
    """A plain fold in fractions, as the code before: the reference for the fold in whole numbers."""
    finished: dict[tuple[int | None, Any], Fraction] = defaultdict(Fraction)
    current: dict[Any, Fraction] = {process.start: Fraction(1)}
    for turn in range(1, process.max_steps + 1):
        following: dict[Any, Fraction] = defaultdict(Fraction)
        for state, p in current.items():
            step, _ = enumerate_tree(lambda r, s=state: process.step(r, s))
            for new, q in step.items():
                (finished if process.done(new) else following)[(turn, new) if process.done(new) else new] += p * q
        current = following
    for state, p in current.items():
        finished[(None, state)] += p
    return dict(finished)


def test_the_fold_in_whole_numbers_is_the_fold_in_fractions() -> None:
    """Steps of mixed denominators (a d6, a d10 or a card-like 1 in 3) and a process that may not finish."""

    def step(r: Resolution, s: int) -> int:
        if s % 3 == 0:
            return s + r.die(6, label="d6")
        if s % 3 == 1:
            return s + (r.die(10, label="d10") > 7)
        return s + 2 * (r.die(3, label="d3") == 1)

    process: Process[int] = Process("turns", 0, step, lambda s: s >= 9, 6)
    got = dict(process_distribution(process))
    assert got == _fraction_fold(process)
    assert sum(got.values()) == 1 and any(turn is None for turn, _ in got)
    assert list(got) == list(_fraction_fold(process))  # the same order: the leaves (and modifiers) keep theirs


@RULE("000", "Fire")
def test_a_row_check_branches_three_ways() -> None:
    """Seed 000 "Fire": a check spreads, burns on or goes out; 8-9 turns an aim point to rubble but leaves the row
    as burning on, so the exact odds of one check are three branches, not ten; play still throws every face."""
    from warroom.rulesets.bfwwii_house.a_fire import UNBURNT, Turn, check_one

    def one_check(r: Resolution) -> tuple[int, ...]:
        return check_one(r, Turn(0, (1, UNBURNT)), "wooden", "normal", 0).row

    rows, leaves = enumerate_tree(one_check, explain=True)
    assert len(leaves) == 3
    # wooden +1: 1-3 out (3/10), 4-8 on (5/10), 9-10 spreads downwind (2/10)
    assert rows == {(-1, UNBURNT): Fraction(3, 10), (1, UNBURNT): Fraction(5, 10), (1, -2): Fraction(2, 10)}
    faces = Counter(api.roll("bfwwii-house/fire-turn", {"row": "1,u"}, seed=s).dice[0].faces[0] for s in range(60))
    assert len(faces) == 10
