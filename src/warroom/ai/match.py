"""A match: two players, side-swapped on common seeds, and how far the result can be trusted.

``warroom match A B --scenarios ... --games N --seed S``: on each scenario, for each seed ``S`` to ``S + N - 1``,
A plays the first side against B, and B plays the first side against A, with the same seed, so both orders meet
the same dice and the same set-up (common random numbers). The games are played and kept by the ladder
(:func:`warroom.ai.ladder.run_ladder` with no mirror games), so a match is the same on one worker or many and a
later match with more seeds adds to it. The seeds are fixed before the run: they are the command's own numbers.

What it gives (:func:`match_report`), per scenario and pooled: A's score, a win 1 and a draw (or a game cut
short) 1/2, with its 95% Wilson interval; A's wins on each side; and a paired test over the seeds. A seed's pair
of games scores A 0, 1/2, 1, 3/2 or 2; the pairs in which A scored more than 1 are those A won on that seed's
dice, those under 1 lost, the rest even. The sign test (two-sided, exact binomial at 1/2 over the decided pairs)
asks whether A wins more seeds than it loses; it is free of the side bias a scenario has, which both orders share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scipy.stats import binomtest

from warroom.ai.ladder import Entrant, Scenario
from warroom.ai.ladder_store import StoredGame
from warroom.sim.simulate import wilson_interval


@dataclass
class Score:
    """A's games in one scenario (or pooled): each order's wins, draws and losses, and the seeds' pairs."""

    games: int = 0
    points: Fraction = Fraction(0)
    wins_first: int = 0
    games_first: int = 0
    wins_second: int = 0
    games_second: int = 0
    pairs_won: int = 0
    pairs_lost: int = 0
    pairs_even: int = 0
    missing: list[int] = field(default_factory=list)
    """Seeds whose pair of games is not both stored (a match stopped part way): left out of the paired test."""

    @property
    def share(self) -> float:
        return float(self.points / self.games) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of A's score (a draw as half a win)."""
        return wilson_interval(float(self.points), self.games) if self.games else (0.0, 1.0)

    @property
    def sign_p(self) -> float:
        """The two-sided p-value of the sign test over the seeds A won or lost on (1.0 with none decided)."""
        decided = self.pairs_won + self.pairs_lost
        return float(binomtest(self.pairs_won, decided, 0.5).pvalue) if decided else 1.0

    def add(self, other: Score) -> None:
        for name in ("games", "points", "wins_first", "games_first", "wins_second", "games_second", "pairs_won",
                     "pairs_lost", "pairs_even"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.missing += other.missing

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"games": self.games, "score": round(self.share, 4), "interval": [round(low, 4), round(high, 4)],
                "points": float(self.points), "first_side": {"games": self.games_first, "wins": self.wins_first},
                "second_side": {"games": self.games_second, "wins": self.wins_second},
                "seeds": {"won": self.pairs_won, "lost": self.pairs_lost, "even": self.pairs_even,
                          "sign_test_p": round(self.sign_p, 6), "unpaired": self.missing}}


def _points(game: StoredGame, side_of_a: str) -> Fraction:
    if game.winner is None:
        return Fraction(1, 2)
    return Fraction(1) if game.winner == side_of_a else Fraction(0)


def score_of(games: Sequence[StoredGame], a: str, b: str, seeds: range) -> Score:
    """A's score in one scenario's games between ``a`` and ``b`` (specs) on ``seeds``, both orders."""
    by_order: dict[tuple[str, int], StoredGame] = {}
    for g in games:
        if g.seed in seeds and {g.first_player, g.second_player} == {a, b}:
            by_order[(g.first_player, g.seed)] = g
    out = Score()
    for seed in seeds:
        pair: list[Fraction] = []
        for first in (a, b):
            found = by_order.get((first, seed))
            if found is None:
                continue
            p = _points(found, found.first_side if first == a else found.second_side)
            out.games += 1
            out.points += p
            if first == a:
                out.games_first += 1
                out.wins_first += p == 1
            else:
                out.games_second += 1
                out.wins_second += p == 1
            pair.append(p)
        if len(pair) < 2:
            out.missing.append(seed)
            continue
        total = sum(pair, Fraction(0))
        if total > 1:
            out.pairs_won += 1
        elif total < 1:
            out.pairs_lost += 1
        else:
            out.pairs_even += 1
    return out


@dataclass
class MatchReport:
    """A match's scores by scenario and pooled, A's point of view."""

    a: Entrant
    b: Entrant
    seeds: range
    scenarios: list[tuple[Scenario, Score]]

    @property
    def pooled(self) -> Score:
        out = Score()
        for _, s in self.scenarios:
            out.add(s)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"a": {"player": self.a.label, "spec": self.a.spec}, "b": {"player": self.b.label, "spec": self.b.spec},
                "seeds": [self.seeds.start, self.seeds.stop - 1],
                "scenarios": [{"scenario": sc.path.stem, "title": sc.name, "ruleset": sc.ruleset, **s.to_json()}
                              for sc, s in self.scenarios],
                "pooled": self.pooled.to_json()}

    def lines(self) -> list[str]:
        """The report as a person reads it: a line a scenario, then the pooled score and what it shows."""
        out = [f"{self.a.label} against {self.b.label}, side-swapped on seeds {self.seeds.start} to "
               f"{self.seeds.stop - 1} (each seed played in both orders; a draw or a game cut short counts 1/2)"]
        width = max(6, *(len(sc.path.stem) for sc, _ in self.scenarios))
        for sc, s in [*self.scenarios, *([] if len(self.scenarios) < 2 else [(None, self.pooled)])]:
            name = "pooled" if sc is None else sc.path.stem
            low, high = s.interval
            out.append(f"  {name:<{width}}  {self.a.label} {s.share:6.1%} ({low:.1%} to {high:.1%}) of {s.games}; "
                       f"first side {s.wins_first}/{s.games_first}, second {s.wins_second}/{s.games_second}; "
                       f"seeds won {s.pairs_won}, lost {s.pairs_lost}, even {s.pairs_even} "
                       f"(sign test p = {s.sign_p:.3g})")
        p = self.pooled
        low, high = p.interval
        if low > 0.5:
            verdict = f"{self.a.label} is the stronger: the interval is above 50%"
        elif high < 0.5:
            verdict = f"{self.b.label} is the stronger: the interval is below 50%"
        else:
            verdict = "the two are not told apart: the interval spans 50%"
        out.append(f"  {verdict}.")
        if p.missing:
            out.append(f"  {len(p.missing)} seed pairs are not both played yet and are left out of the paired test.")
        return out


def match_report(games: Sequence[StoredGame], a: Entrant, b: Entrant, scenarios: Sequence[Scenario],
                 seeds: range) -> MatchReport:
    """The match between ``a`` and ``b`` on ``scenarios`` and ``seeds``, from the stored games."""
    by_scenario: dict[tuple[str, str, str], list[StoredGame]] = {}
    for g in games:
        by_scenario.setdefault((g.ruleset, g.version, g.scenario_sha256), []).append(g)
    return MatchReport(a, b, seeds, [(s, score_of(by_scenario.get(s.key, []), a.spec, b.spec, seeds))
                                     for s in scenarios])
