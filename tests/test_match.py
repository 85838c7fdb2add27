"""``warroom match``: two players side-swapped on common seeds, the score with its Wilson interval, each side's
wins, and the sign test over the seeds (:mod:`warroom.ai.match`)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from cli_run import one_error, run
from warroom.ai.ladder import Entrant, scenario
from warroom.ai.ladder_store import StoredGame
from warroom.ai.match import match_report, score_of


def _game(first: str, second: str, seed: int, winner: str | None) -> StoredGame:
    return StoredGame("company-fire", "1", "x", "sha", "attacker", "defender", first, second, seed, winner,
                      winner is not None, "", 10, 0.0, 0.0)


def test_a_match_scores_each_seed_by_its_pair_of_games_worked_by_hand() -> None:
    """Four seeds, both orders: seed 1 A wins both (pair 2: won), seed 2 A wins as attacker and loses as
    defender (pair 1: even), seed 3 a draw and a loss (pair 1/2: lost), seed 4 A wins as defender, the other
    game a draw (pair 3/2: won); seed 5 has one game only. A's points: 2 + 1 + 1/2 + 3/2 + 1 (seed 5) = 6 of 9."""
    games = [_game("A", "B", 1, "attacker"), _game("B", "A", 1, "defender"),
             _game("A", "B", 2, "attacker"), _game("B", "A", 2, "attacker"),
             _game("A", "B", 3, None), _game("B", "A", 3, "attacker"),
             _game("A", "B", 4, None), _game("B", "A", 4, "defender"),
             _game("A", "B", 5, "attacker"), _game("A", "C", 1, "defender")]
    s = score_of(games, "A", "B", range(1, 6))
    assert (s.games, s.points) == (9, 6)
    assert (s.wins_first, s.games_first, s.wins_second, s.games_second) == (3, 5, 2, 4)
    assert (s.pairs_won, s.pairs_lost, s.pairs_even, s.missing) == (2, 1, 1, [5])
    assert s.sign_p == 1.0  # 2 of 3 decided seeds: P(|X - 1.5| >= 0.5) = 1 for X ~ B(3, 1/2)
    # the Wilson interval of 6 of 9 at z = 1.96, by hand
    z, n, p = 1.96, 9, 6 / 9
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert s.interval == pytest.approx((centre - half, centre + half))


def test_the_sign_test_is_exact_binomial() -> None:
    """A wins 9 seeds and loses 1: two-sided p = 2 * (C(10,0) + C(10,1)) / 2**10 = 22/1024."""
    games = [g for k in range(10) for g in (_game("A", "B", k, "attacker" if k < 9 else "defender"),
                                             _game("B", "A", k, "defender" if k < 9 else "attacker"))]
    s = score_of(games, "A", "B", range(10))
    assert (s.pairs_won, s.pairs_lost) == (9, 1)
    assert s.sign_p == pytest.approx(22 / 1024)


def test_the_report_pools_the_scenarios_and_says_whether_the_two_are_told_apart() -> None:
    sc = scenario("crossroads_patrol")
    games = [StoredGame(sc.ruleset, sc.version, sc.name, sc.sha256, "attacker", "defender", f, s, k, w, True, "",
                        1, 0.0, 0.0)
             for k in range(20) for f, s, w in (("A", "B", "attacker"), ("B", "A", "defender"))]
    report = match_report(games, Entrant("A", "A"), Entrant("B", "B"), [sc], range(20))
    assert report.pooled.share == 1.0 and report.pooled.pairs_won == 20
    assert "A is the stronger: the interval is above 50%" in report.lines()[-1]
    assert report.to_json()["scenarios"][0]["scenario"] == "crossroads_patrol"


def test_warroom_match_plays_both_orders_on_the_same_seeds(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = str(tmp_path / "match.sqlite3")
    code, out, err = run(capsys, monkeypatch, "match", "random", "heuristic", "--scenarios", "crossroads_patrol",
                         "--games", "2", "--seed", "40", "--workers", "1", "--db", db, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["played"] == 4 and data["seeds"] == [40, 41]
    pooled = data["pooled"]
    assert pooled["games"] == 4 and pooled["first_side"]["games"] == 2 and pooled["second_side"]["games"] == 2
    assert pooled["seeds"]["won"] + pooled["seeds"]["lost"] + pooled["seeds"]["even"] == 2
    code, out, err = run(capsys, monkeypatch, "match", "random", "heuristic", "--scenarios", "crossroads_patrol",
                         "--games", "2", "--seed", "40", "--workers", "1", "--db", db)
    assert code == 0 and "0 games played now" in out and "4 already stored" in out
    assert "random against heuristic, side-swapped on seeds 40 to 41" in out


@pytest.mark.parametrize("args,message", [
    (["normal", "heuristic", "--scenarios", "crossroads_patrol"], "are the same player"),
    (["normal", "easy", "--scenarios", "nope"], "no scenario file or shipped scenario 'nope'"),
    (["normal", "easy", "--scenarios", ","], "--scenarios needs at least one scenario"),
    (["normal", "nobody", "--scenarios", "crossroads_patrol"], "nobody"),
    (["normal", "easy", "--scenarios", "crossroads_patrol", "--games", "0"], "--games 0"),
])
def test_a_bad_match_is_one_clear_error_before_any_game(args: list[str], message: str,
                                                        capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, _, err = run(capsys, monkeypatch, "match", *args, "--db", str(tmp_path / "m.sqlite3"))
    assert code == 2 and message in one_error(err)
    assert not (tmp_path / "m.sqlite3").exists()
