"""Many random games of a scenario: the simulation the designers' report is made of."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from warroom.cli import cli
from warroom.core.errors import UsageError
from warroom.core.game import find_scenario, load_game
from warroom.sim.playout import play_random, random_playout
from warroom.sim.simulate import simulate, wilson_interval


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game(*find_scenario("crossroads_patrol"))


def test_a_simulated_game_is_the_play_out_of_the_same_seed(game) -> None:  # type: ignore[no-untyped-def]
    for seed in (1, 2, 3):
        states, actions = random_playout(game, seed, 20_000)
        final, n = play_random(game, seed)
        assert n == len(actions)
        assert final.result() == states[-1].result()


def test_the_report_adds_up(game) -> None:  # type: ignore[no-untyped-def]
    seen: list[int] = []
    report = simulate(game, 6, first_seed=10, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5, 6]
    assert report.games == 6 and len(report.actions) == 6
    assert sum(report.winners.values()) == 6
    assert sum(report.reasons.values()) == 6 - report.unfinished
    data = report.to_json()
    assert data["seeds"] == [10, 15]
    assert sum(o["games"] for o in data["outcomes"].values()) == 6
    winners = [play_random(game, seed)[0].result()["winner"] or "draw" for seed in range(10, 16)]
    for side in ("attacker", "defender", "draw"):
        assert data["outcomes"][side]["games"] == winners.count(side)


def test_endings_are_counted_together_without_their_numbers() -> None:
    from warroom.sim.simulate import reason_kind

    assert reason_kind('6 turns have been played (seed "Tracking Turns"); 0 points to 4') == \
        "n turns have been played"
    assert reason_kind("the defender has lost 3 squads, teams and guns and concedes (break point, CF-56)") == \
        "the defender has lost n squads, teams and guns and concedes"
    assert reason_kind("the last period is over with the objectives shared 0 to 0 (BR-130)") == \
        "the last period is over with the objectives shared n to n"
    assert reason_kind("") == "no reason given"


def test_an_ending_reads_as_told_when_every_game_told_it_alike(game) -> None:  # type: ignore[no-untyped-def]
    report = simulate(game, 3, first_seed=1)
    report.reasons.clear()
    report.told.clear()
    for reason in ("6 turns have been played (seed \"Tracking Turns\"); 0 points to 4",
                   "6 turns have been played (seed \"Tracking Turns\"); 1 points to 4",
                   "the defender has lost 3 squads, teams and guns and concedes (break point, CF-56)",
                   "the defender has lost 4 squads, teams and guns and concedes (break point, CF-56)"):
        final = type("Final", (), {"is_terminal": lambda self: True,
                                   "result": lambda self, r=reason: {"winner": None, "reason": r}})()
        report.add(final, 10)
    assert report.to_json()["reasons"] == {"6 turns have been played": 2,
                                           "the defender has lost n squads, teams and guns and concedes": 2}


def test_a_game_cut_short_counts_as_unfinished(game) -> None:  # type: ignore[no-untyped-def]
    report = simulate(game, 2, max_actions=3)
    assert report.unfinished == 2 and report.winners["unfinished"] == 2
    assert report.actions == [3, 3]


def test_wilson_interval_by_hand() -> None:
    # 5 of 10, z = 1.96: centre (0.5 + 0.19208) / 1.38416 = 0.5; half-width
    # 1.96 * sqrt(0.025 + 0.009604) / 1.38416 = 1.96 * 0.186022 / 1.38416 = 0.263411
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.5 - 0.263411, abs=1e-5)
    assert high == pytest.approx(0.5 + 0.263411, abs=1e-5)
    # 0 of 100: the interval is [0, z^2 / (n + z^2)] = [0, 3.8416 / 103.8416] = [0, 0.036995]
    low, high = wilson_interval(0, 100)
    assert low == 0.0 and high == pytest.approx(0.036995, abs=1e-5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_simulating_no_games_is_refused(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UsageError, match="at least 1 game"):
        simulate(game, 0)


def test_the_command_reports_shares_and_reasons(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    db = ["--db", str(tmp_path / "lab.sqlite3")]
    out = runner.invoke(cli, ["simulate", "crossroads_patrol", "--games", "4", "--seed", "3", *db])
    assert out.exit_code == 0, out.output
    assert "4 random-vs-random games, seeds 3 to 6" in out.output
    assert "95% interval" in out.output and "How the games ended" in out.output
    data = json.loads(runner.invoke(cli, ["simulate", "crossroads_patrol", "--games", "4", "--seed", "3",
                                          "--json", *db]).output)
    assert data["games"] == 4 and data["scenario"] == "Crossroads Patrol"
    bad = runner.invoke(cli, ["simulate", "crossroads_patrol", "--games", "0", *db])
    assert bad.exit_code != 0 and "--games" in bad.output


def test_a_batch_leaves_the_collector_as_it_found_it_and_a_heap_frozen_for_good_frozen() -> None:
    """A batch (warroom.sim.playout.batch_collector) freezes the heap and collects seldom while it runs, then
    puts the thresholds back; it unfreezes the heap only if the heap was not frozen for the whole process
    before (freeze_heap_once, as a learning environment or ``warroom play`` does). In a fresh interpreter, as
    the collector is the process's."""
    script = (
        "import gc\n"
        "from warroom.sim.playout import batch_collector, freeze_heap_once\n"
        "before = gc.get_threshold()\n"
        "with batch_collector():\n"
        "    print(gc.get_threshold()[0], gc.get_freeze_count() > 10_000)\n"
        "print(gc.get_threshold() == before, gc.get_freeze_count())\n"
        "freeze_heap_once()\n"
        "frozen = gc.get_freeze_count()\n"
        "with batch_collector():\n"
        "    pass\n"
        "print(gc.get_threshold() == before, gc.get_freeze_count() >= frozen > 10_000)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["50000", "True", "True", "0", "True", "True"]
