"""The scenario balance lab (warroom simulate): rule switches, runs kept and resumed, the same games on any
number of workers or on Ray, the numbers worked out by hand, compare, the report, and bad input."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_company_fire_play_rules import CROSSROADS, on, reroll, said, setup
from warroom.cli import cli
from warroom.core.errors import UsageError
from warroom.core.game import find_scenario, load_game
from warroom.core.switches import check_switches, parse_rules, with_switches
from warroom.lab import run as lab_run
from warroom.lab.compare import two_proportions
from warroom.lab.job import GameRow, citations, make_job
from warroom.lab.stats import RunStats, decisive_at, lead_changes, leaders
from warroom.lab.store import LabStore
from warroom.rulesets.company_fire.game import GROUP, Action
from warroom.rulesets.company_fire.initiative import Card

RULE = pytest.mark.rule


def job(scenario: str = "crossroads_patrol", swap: bool = False, **players: str):  # type: ignore[no-untyped-def]
    return make_job(scenario, None, players, {}, None, 1, swap, 20_000)


def rows(store: LabStore, name: str) -> list[dict[str, object]]:
    return [{k: v for k, v in g.to_json().items() if k != "seconds"} for g in store.games(name)]


# --- rule switches ------------------------------------------------------------------------------------------------


@RULE("002", "Optional Methods for Resolving Attacks")
def test_faster_play_rolls_once_for_every_unit_in_the_space() -> None:
    # Seed "Optional Methods for Resolving Attacks", Faster Play: "roll once and apply the result to each unit in
    # the target space". sq1 and sq2 group fire with their leader from 3,6 at the houses at 4,2, where the
    # grenadiers and the MG stand: standard play rolls the group fire twice (once a unit), faster play once, and
    # the MG takes the same hits as the grenadiers on the hit table.
    game = load_game("company-fire", CROSSROADS)
    faster = with_switches(game, {"attack_resolution": "faster"})
    assert game.scenario.rules.attack_resolution == "standard"
    assert faster.scenario.rules.attack_resolution == "faster"
    action = Action("group_fire", "sq1", (4, 2))
    told = {}
    for name, g in (("standard", game), ("faster", faster)):
        s = setup(g.initial_state(1), gren={"at": (4, 2)}, Uffz={"at": (4, 2)}, sq1={"at": (3, 6)},
                  sq2={"at": (3, 6)}, Lt={"at": (3, 6)})
        s = on(s, Card(4, "H"), GROUP)
        assert action in s.legal_actions()
        told[name] = said(reroll(s, 5).apply(action))
    assert told["standard"].count("group fire") >= 2 and "(faster play)" not in told["standard"]
    assert "attack (faster play)" in told["faster"]


@RULE("004", "Winning and Losing")
def test_without_objectives_only_the_half_companies_rule_decides() -> None:
    # Seed 004 "Winning and Losing": victory conditions are the designer's; "otherwise the first side to lose half
    # (50%+1) of it's original number of companies loses". Ponyri seed 3, random play: with its objectives the
    # Soviets hold 3 points to 0 at the end of the last period and win (BR-130); with objectives=off the same
    # game, no side broken, is a draw.
    from warroom.sim.playout import play_random

    game = load_game(*find_scenario("ponyri"))
    with_objectives = play_random(game, 3)[0].result()
    without = play_random(with_switches(game, {"objectives": "off"}), 3)[0].result()
    assert with_objectives["winner"] == "soviet" and with_objectives["objective_points"] == {"german": 0,
                                                                                             "soviet": 3}
    assert without["winner"] is None and without["objective_points"] == {"german": 0, "soviet": 0}
    assert without["companies_lost"]["german"] < 4 and without["companies_lost"]["soviet"] < 4


def test_rule_switches_are_listed_and_checked() -> None:
    runner = CliRunner()
    listed = json.loads(runner.invoke(cli, ["rules", "options", "company-fire", "--json"]).output)
    assert [(s["key"], s["values"], s["default"]) for s in listed] == [
        ("attack_resolution", ["standard", "faster", "longer"], "standard")]
    assert "CF-53" in listed[0]["rule"]
    assert [s["key"] for s in json.loads(runner.invoke(cli, ["rules", "options", "brigade", "--json"]).output)] \
        == ["objectives"]
    with pytest.raises(UsageError, match=r"no rule switch 'attack_resolutio'.*did you mean 'attack_resolution'"):
        check_switches("company-fire", {"attack_resolutio": "faster"})
    with pytest.raises(UsageError, match="takes standard, faster, longer"):
        check_switches("company-fire", {"attack_resolution": "quick"})
    with pytest.raises(UsageError, match="KEY=VALUE"):
        parse_rules(["objectives"])


# --- the numbers, by hand -----------------------------------------------------------------------------------------


def _row(seed: int, winner: str | None, trace: list, swapped: bool = False, actions: int = 10) -> GameRow:  # type: ignore[type-arg]
    players = {"attacker": "b", "defender": "a"} if swapped else {"attacker": "a", "defender": "b"}
    return GameRow(seed, swapped, players, winner, True, "r", actions, len(trace) - 1, 0.1, trace=trace)


def test_leads_lead_changes_and_the_decisive_turn_by_hand() -> None:
    # Start 4 material a side. Turn 1: level objectives, attacker 4/4 against defender 3/4: attacker ahead.
    # Turn 2: the defender holds 1 objective to 0: defender ahead. Turn 3: level in everything: nobody.
    # Turn 4: the defender holds 2 to 1: defender ahead. Leaders A, D, -, D: one change (A to D), and the
    # defender led from turn 4 on after a turn with no leader, so it took the lead it kept after 3 of 4 turns.
    trace = [(0, {"attacker": 4.0, "defender": 4.0}, {"attacker": 0, "defender": 0}),
             (1, {"attacker": 4.0, "defender": 3.0}, {"attacker": 0, "defender": 0}),
             (2, {"attacker": 4.0, "defender": 3.0}, {"attacker": 0, "defender": 1}),
             (3, {"attacker": 3.0, "defender": 3.0}, {"attacker": 0, "defender": 0}),
             (4, {"attacker": 3.0, "defender": 3.0}, {"attacker": 1, "defender": 2})]
    lead = leaders(_row(1, "defender", trace), ("attacker", "defender"))
    assert lead == ["attacker", "defender", None, "defender"]
    assert lead_changes(lead) == 1
    assert decisive_at(lead, "defender") == 0.75
    assert decisive_at(lead, None) is None


def test_side_bias_apart_from_player_bias_by_hand() -> None:
    # Four games, seeds 1 and 2 each played both ways: player a wins every game (twice as attacker, twice as
    # defender), so the attacker wins 2 of 4 (side bias 50%) and a beats b 4 of 4 (player bias 100%).
    flat = [(0, {}, {})]
    games = [_row(1, "attacker", flat), _row(1, "defender", flat, swapped=True), _row(2, "attacker", flat),
             _row(2, "defender", flat, swapped=True)]
    stats = RunStats("x", {"players": {"attacker": "a", "defender": "b"}, "swap_sides": True}, games)
    bias = stats.bias()
    assert (bias["side"]["games"], bias["side"]["share"]) == (2, 0.5)
    assert (bias["player"]["player"], bias["player"]["games"], bias["player"]["share"]) == ("a", 4, 1.0)


def test_two_proportion_test_by_hand() -> None:
    # 30 of 100 against 50 of 100: pooled 0.4, se = sqrt(0.4 * 0.6 * 0.02) = 0.069282, z = 0.2 / 0.069282
    # = 2.88675; two-sided p = erfc(2.88675 / sqrt 2) = 0.003892.
    z, p = two_proportions(30, 100, 50, 100)
    assert z == pytest.approx(2.88675, abs=1e-4)
    assert p == pytest.approx(0.003892, abs=1e-5)
    assert two_proportions(0, 10, 0, 10) == (0.0, 1.0)


def test_citations_of_an_ending() -> None:
    assert citations('6 turns have been played (seed "Tracking Turns"); 0 points to 4') == ['"Tracking Turns"']
    assert citations("soviet lost 4 of its 6 companies, half (50%+1) or more (Winning and Losing)") == \
        ['"Winning and Losing"']
    assert citations("the defender has lost 3 squads (break point, CF-56)") == ["CF-56"]


# --- runs: the same games anywhere, kept, resumed -----------------------------------------------------------------


def test_one_worker_or_two_play_the_same_games(tmp_path: Path) -> None:
    j = job(swap=True, attacker="heuristic:slips=0.5")
    with LabStore(tmp_path / "one.sqlite3") as one, LabStore(tmp_path / "two.sqlite3") as two:
        assert lab_run.run_job(one, "r", j, 3, workers=1).played == 6
        assert lab_run.run_job(two, "r", j, 3, workers=2).played == 6
        assert rows(one, "r") == rows(two, "r")
        assert [(g.seed, g.swapped) for g in one.games("r")] == [(1, False), (1, True), (2, False), (2, True),
                                                                 (3, False), (3, True)]
        swapped = one.games("r")[1]
        assert swapped.players == {"attacker": "random", "defender": "heuristic:slips=0.5"}
        again = lab_run.run_job(one, "r", j, 4, workers=1)
        assert (again.played, again.stored) == (2, 6)  # only seed 4, both ways


def test_a_run_of_the_same_name_with_other_options_is_refused(tmp_path: Path) -> None:
    with LabStore(tmp_path / "lab.sqlite3") as store:
        lab_run.run_job(store, "r", job(), 1)
        with pytest.raises(UsageError, match=r"run 'r' was played with other options.*players"):
            lab_run.run_job(store, "r", job(attacker="heuristic"), 1)


def test_a_run_stopped_by_ctrl_c_keeps_every_game_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = lab_run.play_task
    played: list[int] = []

    def stopping(task):  # type: ignore[no-untyped-def]
        if len(played) == 5:
            raise KeyboardInterrupt
        played.append(task.seed)
        return real(task)

    monkeypatch.setattr(lab_run, "play_task", stopping)
    path = tmp_path / "lab.sqlite3"
    with LabStore(path) as store, pytest.raises(KeyboardInterrupt):
        lab_run.run_job(store, "r", job(), 12)  # stopped at the 6th game, before any batch of 8 was stored
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT seed FROM games ORDER BY seed").fetchall() == [(1,), (2,), (3,), (4,), (5,)]
    monkeypatch.setattr(lab_run, "play_task", real)
    with LabStore(path) as store:
        done = lab_run.run_job(store, "r", job(), 7)
        assert (done.played, done.stored, len(store.games("r"))) == (2, 5, 7)


@pytest.mark.slow
def test_a_run_killed_part_way_keeps_its_games_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "lab.sqlite3"
    command = [sys.executable, "-m", "warroom", "simulate", "crossroads_patrol", "--games", "400", "--db",
               str(path), "--name", "k", "--json"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(path, timeout=5)) as conn:
                if conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] >= lab_run.STORE_EVERY:
                    break
            time.sleep(0.2)
    finally:
        proc.kill()  # SIGKILL: no clean-up of any kind
        proc.wait()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with LabStore(path) as store:
        kept = rows(store, "k")
        assert lab_run.STORE_EVERY <= len(kept) < 400
        n = len(kept) + 3
        done = lab_run.run_job(store, "k", job(), n)
        assert (done.played, done.stored) == (3, len(kept))  # only the games missing
        assert rows(store, "k")[:len(kept)] == kept
    with LabStore(tmp_path / "fresh.sqlite3") as fresh:
        lab_run.run_job(fresh, "k", job(), n)
        with LabStore(path) as store:
            assert rows(fresh, "k") == rows(store, "k")


@pytest.mark.slow
def test_ray_plays_the_same_games_as_the_pool(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    j = job()
    lab_run.start_local_ray(num_cpus=2)
    try:
        with LabStore(tmp_path / "ray.sqlite3") as on_ray, LabStore(tmp_path / "pool.sqlite3") as pool:
            assert lab_run.run_job(on_ray, "r", j, 20, backend="ray").played == 20
            assert lab_run.run_job(pool, "r", j, 20, workers=2).played == 20
            assert rows(on_ray, "r") == rows(pool, "r")
        # a local Ray plays at this process's priority, as the pool does (Ray's own default is nice 15)
        assert ray.get(ray.remote(lambda: os.nice(0)).remote()) == os.nice(0)
    finally:
        ray.shutdown()


# --- the command --------------------------------------------------------------------------------------------------


def test_the_command_a_report_and_a_comparison(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "lab.sqlite3")
    base = ["simulate", "crossroads_patrol", "--games", "4", "--db", db]
    first = runner.invoke(cli, [*base, "--name", "std", "--report", str(tmp_path / "std.html")])
    assert first.exit_code == 0, first.output
    assert "4 random-vs-random games, seeds 1 to 4" in first.output and "95% interval" in first.output
    page = (tmp_path / "std.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and "src=" not in page and "<script" not in page
    assert "Crossroads Patrol" in page and "units fell" in page
    data = json.loads(runner.invoke(cli, [*base, "--name", "faster", "--rule", "attack_resolution=faster",
                                          "--json"]).output)
    assert data["games"] == 4 and data["options"]["rules"] == {"attack_resolution": "faster"}
    again = json.loads(runner.invoke(cli, [*base, "--name", "std", "--json"]).output)
    assert (again["played"], again["already_stored"]) == (0, 4)
    out = runner.invoke(cli, ["simulate", "compare", "std", "faster", "--db", db, "--report",
                              str(tmp_path / "cmp.html")])
    assert out.exit_code == 0, out.output
    assert "rules" in out.output and "Mann-Whitney" in out.output and "defender wins" in out.output
    assert (tmp_path / "cmp.html").read_text(encoding="utf-8").count("<svg") >= 3


@pytest.mark.parametrize(("args", "says"), [
    (["--attacker", "nobody"], "unknown player 'nobody'"),
    (["--attacker", "heuristic:boldness=1"], "player 'heuristic' has no option 'boldness'"),
    (["--player", "german=random"], "german is not a side of Crossroads Patrol"),
    (["--rule", "jokers=on"], "company-fire has no rule switch 'jokers'"),
    (["--game", "brigade"], "crossroads_patrol"),
    (["--games", "0"], "--games"),
    (["--workers", "none"], "--workers none"),
    (["--db", "/proc/lab.sqlite3"], "--db /proc/lab.sqlite3: cannot be written"),
    (["--report", "/proc/x/report.html"], "--report /proc/x/report.html: cannot be written"),
    (["--report", "report.txt"], "give an .html file"),
    (["--base-tables", "tables.toml"], "--base-tables: ruleset company-fire has no base-game tables to replace"),
])
def test_bad_input_is_one_clear_error_before_any_game(tmp_path: Path, args: list[str], says: str) -> None:
    db = tmp_path / "lab.sqlite3"
    command = [sys.executable, "-m", "warroom", "simulate", "crossroads_patrol", "--games", "2",
               *(["--db", str(db)] if "--db" not in args else []), *args]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warroom: error: ") and says in lines[0], done.stderr
    if db.exists():
        with contextlib.closing(sqlite3.connect(db)) as conn:
            assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)


def test_players_by_side_name_or_for_every_side() -> None:
    # hill_112's sides are british and german: --player heuristic plays both, --player german=random overrides one.
    from warroom.cli.simulate import _players
    from warroom.lab.job import EVERY_SIDE

    chosen = _players(None, None, ("heuristic", "german=random"))
    assert chosen == {EVERY_SIDE: "heuristic", "german": "random"}
    j = make_job("hill_112", None, chosen, {}, None, 1, False, 20_000)
    assert j.sides == ("british", "german") and j.players == ("heuristic", "random")
    assert make_job("hill_112", None, {}, {}, None, 1, False, 20_000).players == ("random", "random")
    with pytest.raises(UsageError, match="attacker is not a side of hill_112; its sides: british, german"):
        make_job("hill_112", None, {"attacker": "heuristic"}, {}, None, 1, False, 20_000)
    with pytest.raises(UsageError, match="given twice"):
        _players("random", None, ("attacker=heuristic",))
    # the same player on both sides: the game with the players exchanged is the same game, played once
    same = make_job("hill_112", None, {EVERY_SIDE: "heuristic"}, {}, None, 1, True, 20_000)
    assert not same.swap_sides and [t.key for t in same.tasks(2)] == [(1, False), (2, False)]


def test_a_ladder_file_is_not_taken_for_a_lab_file(tmp_path: Path) -> None:
    from warroom.ai.ladder_store import LadderStore
    from warroom.lab.store import check_writable

    path = tmp_path / "ladder.sqlite3"
    LadderStore(path).close()
    with pytest.raises(UsageError, match="not a lab file"):
        check_writable(path)
    with pytest.raises(UsageError, match="not a lab file"):
        LabStore(path, write=False)
    with contextlib.closing(sqlite3.connect(path)) as conn:  # nothing of the lab's was written to it
        assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == \
            {"meta", "players", "games"}


def test_a_local_ray_joins_one_already_running_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--backend ray`` with no ``--address`` starts a Ray instance whose workers play at this process's priority;
    where ``ray start`` already runs one on this machine, Ray refuses settings for it, and the run joins it as it
    is. Ray stood in for: its answers as Ray 2 gives them."""
    calls: list[dict[str, object]] = []

    class Running:
        @staticmethod
        def init(**kwargs: object) -> None:
            calls.append(kwargs)
            if "_system_config" in kwargs:
                raise ValueError("When connecting to an existing cluster, _system_config must not be provided.")

    monkeypatch.setattr(lab_run, "_ray", lambda **_: Running)
    lab_run.start_local_ray()
    assert calls[0]["_system_config"] == {"worker_niceness": os.nice(0)}
    assert "_system_config" not in calls[1] and "num_cpus" not in calls[1]

    class Broken:
        @staticmethod
        def init(**kwargs: object) -> None:
            raise ValueError("When connecting to an existing cluster, _system_config must not be provided.") \
                if "_system_config" in kwargs else ConnectionError("the GCS did not answer")

    monkeypatch.setattr(lab_run, "_ray", lambda **_: Broken)
    with pytest.raises(UsageError, match="cannot join the Ray instance running on this machine"):
        lab_run.start_local_ray()
