"""The chance core: one procedure, exact odds and play (docs/architecture.md "Chance")."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction as F
from typing import Any

import numpy as np
import pytest

import warroom
from warroom.core.chance import Card, Node, Process, Resolution, parse_card, standard_deck
from warroom.core.evaluate import enumerate_tree, play, process_distribution, sample_batch


def exact(run: Any) -> dict[Any, F]:
    return enumerate_tree(run)[0]


def test_one_die_and_a_sum() -> None:
    assert exact(lambda r: r.die(8)) == {face: F(1, 8) for face in range(1, 9)}
    two = exact(lambda r: r.dice_sum(2, 6))
    assert two[7] == F(6, 36) and two[2] == F(1, 36) and sum(two.values()) == 1


def test_successes_in_a_pool() -> None:
    # 40 dice hitting on 5-6: P(k) = C(40, k) 2^(40-k) / 3^40.
    dist = exact(lambda r: r.successes(40, 6, 5))
    assert all(dist[k] == F(math.comb(40, k) * 2 ** (40 - k), 3**40) for k in range(41))


def test_successes_and_ones() -> None:
    dist = exact(lambda r: r.successes_and_ones(2, 6, 5))
    assert dist[(0, 2)] == F(1, 36)
    assert dist[(1, 1)] == F(2 * 2, 36)  # one die 1, the other 5 or 6, either order
    assert sum(dist.values()) == 1


def test_percentile_reads_00_as_100() -> None:
    dist = exact(lambda r: r.percentile())
    assert dist == {v: F(1, 100) for v in range(1, 101)}

    class Zeros:
        def integers(self, low: int, high: int, size: int | None = None) -> Any:
            return np.zeros(size or 1, dtype=int) if size else 0

    value, faces = Node("percentile", ()).throw(Zeros())  # type: ignore[arg-type]
    assert value == 100 and faces == (0, 0)


def test_cards_without_replacement() -> None:
    assert len(standard_deck()) == 52 and len(set(standard_deck(2))) == 54
    assert parse_card("10h") == Card(10, "H") and str(parse_card("joker2")) == "Joker2"

    def two_reds(r: Resolution) -> bool:
        deck = list(standard_deck())
        first = r.draw(deck)
        deck.remove(first)
        second = r.draw(deck)
        return first.colour == second.colour == "red"

    assert exact(two_reds)[True] == F(26, 52) * F(25, 51)


def test_sequences_and_branches() -> None:
    def mission(r: Resolution) -> str:
        if r.die(6) == 1:
            return "denied"
        return "hit" if r.successes(2, 6, 5) else "miss"

    assert exact(mission) == {"denied": F(1, 6), "hit": F(5, 6) * F(5, 9), "miss": F(5, 6) * F(4, 9)}


def test_a_process_until_done() -> None:
    process = Process("turn", 0, lambda r, s: s + r.successes(1, 6, 5), lambda s: s >= 2, max_steps=3)
    dist = dict(process_distribution(process))
    assert dist[(2, 2)] == F(1, 9)
    assert dist[(3, 2)] == 2 * F(1, 3) * F(2, 3) * F(1, 3)
    assert sum(dist.values()) == 1 and dist[(None, 1)] + dist[(None, 0)] == 1 - F(1, 9) - F(4, 27)


def test_play_uses_only_the_callers_generator() -> None:
    def run(r: Resolution) -> Any:
        return r.dice_sum(5, 6), r.draw(standard_deck(1)), r.percentile()

    first = play(run, np.random.default_rng(42))[0]
    again = play(run, np.random.default_rng(42))[0]
    assert first == again


def test_batch_sampler_reproduces_with_its_seed() -> None:
    def run(r: Resolution) -> int:
        return r.successes(10)

    assert sample_batch(run, 10_000, np.random.default_rng(5)) == sample_batch(run, 10_000, np.random.default_rng(5))
    assert sum(sample_batch(run, 12_345, np.random.default_rng(6)).values()) == 12_345


def _agrees(exact_p: F, count: int, trials: int) -> bool:
    """Within 5 standard errors (plus one count): a false alarm about once in 3 million rows."""
    p = float(exact_p)
    return abs(count / trials - p) <= 5 * math.sqrt(p * (1 - p) / trials) + 1 / trials


@pytest.mark.parametrize("spec", warroom.procedures(), ids=lambda s: s.id)
def test_every_procedure_sums_to_one_and_agrees_with_monte_carlo(spec: Any) -> None:
    odds = warroom.odds(spec.id, spec.example)
    assert sum(p for _, p in odds.distribution) == 1
    assert odds.results == spec.result_rows(spec.bind(spec.example))
    trials = 20_000
    for method, seed in (("dice", 11), ("batch", 12)):
        counts: Counter[str] = warroom.sample(spec.id, trials, spec.example, seed=seed, method=method)
        assert set(counts) <= set(odds.results)
        for row, p in odds.distribution:
            assert _agrees(p, counts.get(row, 0), trials), (method, row, p, counts.get(row, 0))


def test_a_card_read_as_its_kind_counts_cards() -> None:
    def colour(card: Card) -> str:
        return card.colour

    def run(r: Resolution) -> str:
        return str(r.draw_as(standard_deck(2), colour))

    assert exact(run) == {"black": F(26, 54), "red": F(26, 54), "none": F(2, 54)}
    value, faces = Node("draw", (standard_deck(), colour)).throw(np.random.default_rng(1))
    assert value == faces[0].colour


def test_a_pool_names_what_it_counts_in_a_ruling() -> None:
    _, resolution = play(lambda r: r.successes(3, 6, 4, label="saving throws", counting="save"),
                         np.random.default_rng(2))
    (roll,) = resolution.dice
    saved = sum(1 for f in roll.faces if int(f) >= 4)
    assert roll.shown == f"{saved} save" + ("" if saved == 1 else "s")
    assert exact(lambda r: r.successes(2, 6, 4, counting="save")) == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
