"""The ladder (warroom.ai.ladder, `warroom ladder`): its intervals and ratings, the games it keeps in SQLite and
adds to, its reproducibility on one process or two, and the command's tables and bad input.

The games are played by the random player and a cheap scripted one registered here only (it takes the first
legal action), on Crossroads Patrol, the cheapest Company Fire scenario."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import test_cli
from warroom.ai import View, available, ladder
from warroom.ai import registry as player_registry
from warroom.ai.ladder_store import LadderStore, StoredGame
from warroom.core.errors import UsageError
from warroom.sim.simulate import wilson_interval


class FirstPlayer:
    """Always the first legal action: cheap, and no randomness at all."""

    name = "first"

    def choose(self, view: View, rng: np.random.Generator) -> Hashable:
        return view.legal_actions[0]


class IllegalPlayer(FirstPlayer):
    """A player that breaks the rules: the loop refuses its choice."""

    name = "illegal"

    def choose(self, view: View, rng: np.random.Generator) -> Hashable:
        return "no such action"


class BrigadeOnlyPlayer(FirstPlayer):
    """A player that plays Brigade only."""

    name = "brigade-only"
    games = ("brigade",)


@pytest.fixture(autouse=True)
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test players, registered for one test (a forked worker process inherits them)."""
    available()  # warroom's own players first, so the ones added here are taken away after
    for name, cls in (("first", FirstPlayer), ("brigade-only", BrigadeOnlyPlayer), ("illegal", IllegalPlayer)):
        monkeypatch.setitem(player_registry._PLAYERS, name,
                            player_registry.PlayerEntry(name, cls.__doc__ or "", cls))
    yield


def crossroads() -> ladder.Scenario:
    return ladder.scenario("crossroads_patrol")


def run(store: LadderStore, games: int, seed: int = 1, workers: int = 1, players: str = "random,first",
        mirror: bool = False) -> ladder.LadderRun:
    return ladder.run_ladder(store, [crossroads()], ladder.entrants(players.split(",")), games, seed, workers,
                             mirror)


def outcomes(store: LadderStore) -> list[tuple[Any, ...]]:
    """Every stored game but its thinking times, which differ from run to run."""
    return [(*g.key, g.winner, g.finished, g.reason, g.actions) for g in store.games()]


# Intervals and ratings


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    # p = 1/2, z = 1.96: centre (0.5 + 0.19208) / 1.38416 = 0.5, half 1.96 * sqrt(0.025 + 0.009604) / 1.38416
    (5, 10, 0.2366, 0.7634),
    # p = 0: centre 0.19208 / 1.38416 = 0.13877 and half 1.96 * 0.098 / 1.38416 = 0.13877
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    # p = 81/263 = 0.30798: centre 0.31535 / 1.014607 = 0.31081, half 1.96 * 0.028710 / 1.014607 = 0.05546
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_intervals_match_hand_worked_values(wins: int, games: int, low: float, high: float) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-5)
    tally = ladder.Tally(games=games, wins=wins)
    assert tally.rate()[1:] == pytest.approx((low, high), abs=5e-5)
    assert tally.to_json()["interval95"] == pytest.approx([low, high], abs=5e-5)


def test_wilson_intervals_agree_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for wins, games in ((0, 1), (3, 7), (81, 263), (199, 200)):
        ci = stats.binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
        assert wilson_interval(wins, games) == pytest.approx((ci.low, ci.high), abs=1e-3)


def game(first: str, second: str, seed: int, winner: str | None, finished: bool = True) -> StoredGame:
    return StoredGame("company-fire", "1", "Test", "ab" * 32, "attacker", "defender", first, second, seed,
                      winner, finished, "", 10, 0.0, 0.0)


def test_the_rating_puts_a_player_that_always_wins_above_one_that_always_loses() -> None:
    games = []
    for seed in range(1, 21):  # "strong" wins every game, from either side, against either opponent
        games += [game("strong", "weak", seed, "attacker"), game("weak", "strong", seed, "defender"),
                  game("strong", "middle", seed, "attacker"), game("middle", "strong", seed, "defender"),
                  game("middle", "weak", seed, "attacker"), game("weak", "middle", seed, "defender")]
    st = ladder.standings(games)
    assert [r.player for r in st.ratings] == ["strong", "middle", "weak"]
    strong, weak = st.ratings[0], st.ratings[-1]
    assert strong.interval[0] > weak.interval[1]  # intervals apart: the order is not chance
    assert (strong.record.wins, strong.record.losses, weak.record.wins, weak.record.losses) == (80, 0, 0, 80)
    pairing = next(p for p in st.pairings if {p.player, p.opponent} == {"strong", "weak"})
    assert pairing.player == "strong" and pairing.total.wins == 40 and pairing.total.rate()[1] > 0.9
    assert {side: t.wins for side, t in pairing.as_side.items()} == {"attacker": 20, "defender": 20}


def test_the_rating_does_not_weigh_later_games_more() -> None:
    """docs/ladder.md "How to read the tables": a player's strength does not change from game to game, so the
    order the games are rated in must not decide the ratings. "a" wins 22 of 40 games against "b", b's 18 wins
    all coming last by seed: a is rated above b, and by as much when the seeds run the other way (rated game by
    game in seed order alone, openskill put b above a here)."""
    def games(late: str, early: str) -> list[StoredGame]:
        out = []
        for seed in range(1, 41):
            winner = early if seed <= 22 else late
            out.append(game("a", "b", seed, "attacker" if winner == "a" else "defender"))
        return out

    first = ladder.standings(games(late="b", early="a"))
    second = ladder.standings(games(late="a", early="b"))
    for st, wins in ((first, 22), (second, 18)):
        mu = {r.player: r.mu for r in st.ratings}
        record = {r.player: r.record.wins for r in st.ratings}
        assert record == {"a": wins, "b": 40 - wins}
        assert (mu["a"] > mu["b"]) == (wins > 20)
    gap = {k: {r.player: r.mu for r in st.ratings} for k, st in (("first", first), ("second", second))}
    assert gap["first"]["a"] - gap["first"]["b"] == pytest.approx(gap["second"]["b"] - gap["second"]["a"], abs=0.5)
    pairing = first.pairings[0]
    assert (pairing.player, pairing.total.wins) == ("a", 22)  # told from the better-rated player's side


def test_draws_and_games_cut_short_rank_both_players_equal() -> None:
    games = [game("a", "b", s, None, finished=s % 2 == 0) for s in range(1, 11)]
    st = ladder.standings(games)
    a, b = sorted(st.ratings, key=lambda r: r.player)
    assert a.mu == pytest.approx(b.mu) and a.record.draws == 10 and a.record.unfinished == 5
    bias = next(x for x in st.side_bias if x.players is None)
    assert (bias.first.wins, bias.first.draws, bias.first.losses) == (0, 10, 0)


def test_the_side_bias_counts_every_pairing_and_each_mirror_match() -> None:
    games = [game("a", "a", 1, "attacker"), game("a", "a", 2, "defender"), game("a", "a", 3, "attacker"),
             game("a", "b", 1, "defender"), game("b", "a", 1, "defender")]
    by = {b.players: b for b in ladder.standings(games).side_bias}
    assert (by[None].first.games, by[None].first.wins) == (5, 2)
    assert (by["a"].first.games, by["a"].first.wins) == (3, 2)
    assert "b" not in by  # b never played itself


# Players on the ladder


def test_players_are_named_by_their_canonical_spec() -> None:
    easy = ladder.entrant("easy")
    assert easy == ladder.Entrant("heuristic:slips=0.35", "easy")
    assert ladder.entrant("heuristic:aggression=0.5").spec == "heuristic"  # an option at its default
    assert ladder.entrant("heuristic:slips=0.1,aggression=0.7").spec == "heuristic:aggression=0.7,slips=0.1"
    with pytest.raises(UsageError, match=r"'normal' and 'heuristic' are the same player \(heuristic\)"):
        ladder.entrants(["normal", "heuristic"])


# Playing and storing


def test_games_are_stored_and_a_second_ladder_adds_without_replaying(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[ladder.Match] = []
    real = ladder.play_match

    def counting(match: ladder.Match) -> StoredGame:
        played.append(match)
        return real(match)

    monkeypatch.setattr(ladder, "play_match", counting)
    progress: list[tuple[int, int]] = []
    with LadderStore(tmp_path / "ladder.sqlite3") as store:
        first = ladder.run_ladder(store, [crossroads()], ladder.entrants(["random", "first"]), 2, mirror=False,
                                  progress=lambda done, total: progress.append((done, total)))
        assert (first.played, first.stored) == (4, 0)  # 2 pairings (a side each) x 2 seeds
        assert progress[0] == (0, 4) and progress[-1] == (4, 4)
        assert len(store.games()) == 4
        played.clear()
        second = run(store, 3)
        assert (second.played, second.stored) == (2, 4)
        assert sorted((m.first, m.second, m.seed) for m in played) == [("first", "random", 3), ("random", "first", 3)]
        assert len(store.games()) == 6
    # a later process opens the same file and finds the games
    with LadderStore(tmp_path / "ladder.sqlite3", write=False) as store:
        assert len(store.games()) == 6
        assert store.labels() == {"random": "random", "first": "first"}


def test_a_ladder_stopped_part_way_keeps_the_games_written_before(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    real = ladder.play_match
    calls = 0

    def failing(match: ladder.Match) -> StoredGame:
        nonlocal calls
        calls += 1
        if calls == 10:
            raise KeyboardInterrupt
        return real(match)

    monkeypatch.setattr(ladder, "play_match", failing)
    path = tmp_path / "ladder.sqlite3"
    with LadderStore(path) as store, pytest.raises(KeyboardInterrupt):
        run(store, 6)  # 12 games, stopped at the 10th
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (9,)
    monkeypatch.setattr(ladder, "play_match", real)
    with LadderStore(path) as store:
        assert (run(store, 6).played, len(store.games())) == (3, 12)


def test_a_ladder_killed_part_way_leaves_a_sound_file(tmp_path: Path) -> None:
    path = tmp_path / "ladder.sqlite3"
    command = [sys.executable, "-m", "warroom", "ladder", "crossroads_patrol", "--players", "random", "--games",
               "500", "--workers", "1", "--db", str(path), "--json"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(path, timeout=5)) as conn:
                if conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] >= ladder.STORE_EVERY:
                    break
            time.sleep(0.2)
    finally:
        proc.kill()  # SIGKILL: no clean-up of any kind
        proc.wait()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with LadderStore(path) as store:
        kept = len(store.games())
        assert ladder.STORE_EVERY <= kept < 500
        assert (run(store, 1, players="random", mirror=True).stored) == 1  # seed 1 is not played again


def test_the_same_seed_gives_the_same_ladder(tmp_path: Path) -> None:
    with LadderStore(tmp_path / "a.sqlite3") as a, LadderStore(tmp_path / "b.sqlite3") as b:
        run(a, 3, seed=11, mirror=True)
        run(b, 3, seed=11, mirror=True)
        assert outcomes(a) == outcomes(b)
        assert ladder.standings(a.games()).to_json() == ladder.standings(b.games()).to_json()
        assert {g.seed for g in a.games()} == {11, 12, 13}
        assert len(a.games()) == 4 * 3  # random and first, each on each side against each (itself too)


def test_two_worker_processes_give_the_same_ladder_as_one(tmp_path: Path) -> None:
    with LadderStore(tmp_path / "one.sqlite3") as one, LadderStore(tmp_path / "two.sqlite3") as two:
        assert run(one, 4, workers=1).played == 8
        assert run(two, 4, workers=2).played == 8
        assert outcomes(one) == outcomes(two)
        assert ladder.standings(one.games()).to_json() == ladder.standings(two.games()).to_json()


def test_an_error_in_a_worker_process_stops_the_ladder_with_that_error(tmp_path: Path) -> None:
    path = tmp_path / "ladder.sqlite3"
    with LadderStore(path) as store:
        with pytest.raises(UsageError, match=r"player illegal .* chose no such action, which is not a legal action"):
            run(store, 3, workers=2, players="random,illegal", mirror=True)
        assert all("illegal" not in (g.first_player, g.second_player) for g in store.games())
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_changed_scenario_file_is_a_different_scenario(tmp_path: Path) -> None:
    edited = tmp_path / "crossroads.toml"
    edited.write_bytes(crossroads().path.read_bytes() + b"\n# edited\n")
    with LadderStore(tmp_path / "ladder.sqlite3") as store:
        run(store, 1)
        again = ladder.run_ladder(store, [ladder.scenario(str(edited))], ladder.entrants(["random", "first"]), 1,
                                   mirror=False)
        assert (again.played, again.stored) == (2, 0)
        names = {p.scenario for p in ladder.standings(store.games()).pairings}
        assert len(names) == 2 and all(n.startswith("Crossroads Patrol (") for n in names)


def test_a_file_that_is_not_a_ladder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("INSERT INTO meta VALUES ('schema', '99')")
    conn.close()
    with pytest.raises(UsageError, match="not a ladder file of this warroom"):
        LadderStore(path)


# The command


def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    return test_cli.run(capsys, monkeypatch, "ladder", *args)


@pytest.mark.parametrize(("args", "message"), [
    (["nowhere", "--players", "random"], "no scenario file or shipped scenario 'nowhere'"),
    (["crossroads_patrol", "--players", "randon"], "unknown player 'randon' (did you mean 'random'?)"),
    (["crossroads_patrol", "--players", "random:think=2"], "player 'random' has no option 'think'"),
    (["crossroads_patrol", "--players", "random,brigade-only"],
     "player 'brigade-only' does not play company-fire (Crossroads Patrol); it plays brigade"),
    (["crossroads_patrol", "--players", "random", "--games", "0"], "--games 0: play from 1 to 1,000,000 games"),
    (["crossroads_patrol", "--players", "random", "--games", "10000000000"],
     "--games 10000000000: play from 1 to 1,000,000 games per pairing and side"),
    (["crossroads_patrol", "--players", "random", "--workers", "0"], "--workers 0: use from 1 to 1024 worker"),
    (["crossroads_patrol", "--players", "random", "--json", "--markdown"], "choose one of --json and --markdown"),
    ([], "name at least one scenario"),
    (["crossroads_patrol", "--players", ","], "give at least one player"),
])
def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                     tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = cli(capsys, monkeypatch, *args, "--db", str(tmp_path / "ladder.sqlite3"))
    assert code == 2 and out == ""
    assert err.startswith("warroom: error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "ladder.sqlite3").exists()  # nothing is written for bad input


@pytest.mark.parametrize("where", ["missing/ladder.sqlite3", ".", "not-a-db"])
def test_a_db_path_that_cannot_be_written_is_one_clear_line(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                            where: str) -> None:
    (tmp_path / "not-a-db").write_text("some notes, not a database\n")
    code, out, err = cli(capsys, monkeypatch, "crossroads_patrol", "--players", "random", "--games", "1",
                         "--db", str(tmp_path / where))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"warroom: error: --db {tmp_path / where}: ")


def test_show_needs_a_stored_ladder(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    code, _, err = cli(capsys, monkeypatch, "--show", "--db", str(tmp_path / "none.sqlite3"))
    assert code == 2 and "no ladder is stored there" in err
    assert not (tmp_path / "none.sqlite3").exists()


def test_json_output(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = str(tmp_path / "ladder.sqlite3")
    code, out, _ = cli(capsys, monkeypatch, "crossroads_patrol", "--players", "random,first", "--games", "2",
                       "--seed", "5", "--workers", "1", "--db", db, "--json")
    assert code == 0
    data = json.loads(out)  # the whole of stdout is the JSON: no progress in it
    assert (data["played"], data["already_stored"], data["seeds"], data["games"]) == (8, 0, [5, 6], 8)
    assert data["scenarios"][0]["scenario"] == "Crossroads Patrol"
    assert data["scenarios"][0]["sides"] == ["attacker", "defender"]
    assert {p["player"] for p in data["ratings"]} == {"random", "first"}
    assert sum(r["games"] for r in data["ratings"]) == 8  # 4 games between them, each counted for both
    [pairing] = data["pairings"]
    assert pairing["games"] == 4 and set(pairing["as"]) == {"attacker", "defender"}
    assert pairing["wins"] + pairing["draws"] + pairing["losses"] == 4
    assert 0 <= pairing["interval95"][0] <= pairing["win_rate"] <= pairing["interval95"][1] <= 1
    bias = {b["players"]: b for b in data["side_bias"]}
    assert set(bias) == {"all", "random vs random", "first vs first"} and bias["all"]["games"] == 8
    # played again: nothing new, the same tables
    code, again, _ = cli(capsys, monkeypatch, "crossroads_patrol", "--players", "random,first", "--games", "2",
                         "--seed", "5", "--db", db, "--json")
    later = json.loads(again)
    assert (later["played"], later["already_stored"]) == (0, 8)
    assert {k: later[k] for k in ("pairings", "ratings", "side_bias")} == {
        k: data[k] for k in ("pairings", "ratings", "side_bias")}
    # shown without playing: the same tables, and the scenario found from the stored games
    code, shown, _ = cli(capsys, monkeypatch, "--show", "--db", db, "--json")
    stored = json.loads(shown)
    assert "played" not in stored and stored["scenarios"][0]["sha256"] == data["scenarios"][0]["sha256"]
    assert {k: stored[k] for k in ("pairings", "ratings", "side_bias")} == {
        k: data[k] for k in ("pairings", "ratings", "side_bias")}


def test_the_progress_bar_goes_to_a_terminal_on_stderr_never_into_the_json(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = cli(capsys, monkeypatch, "crossroads_patrol", "--players", "first", "--games", "2",
                         "--workers", "1", "--db", str(tmp_path / "ladder.sqlite3"), "--json")
    assert code == 0 and json.loads(out)["played"] == 2
    assert "ladder" in err and "2/2" in err  # the bar, with its count of games


def test_markdown_output_and_show(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                  tmp_path: Path) -> None:
    db = str(tmp_path / "ladder.sqlite3")
    code, out, _ = cli(capsys, monkeypatch, "crossroads_patrol", "--players", "random,first", "--games", "1",
                       "--no-mirror", "--workers", "1", "--db", db, "--markdown")
    assert code == 0
    for title in ("### Ratings", "### Pairings", "### Side bias"):
        assert title in out
    rows = [line for line in out.splitlines() if line.startswith("|")]
    widths = {line.count(" | ") for line in rows if not line.startswith("|-")}
    assert len(rows) == (2 + 2) + (2 + 1) + (2 + 1)  # heading and rule, then the rows: 2 players, 1 pair, 1 scenario
    assert "| Crossroads Patrol | all games | 2 |" in out
    assert len(widths) == 3  # each table's rows as wide as its heading

    def refuse(match: ladder.Match) -> StoredGame:
        raise AssertionError("--show played a game")

    monkeypatch.setattr(ladder, "play_match", refuse)
    code, shown, _ = cli(capsys, monkeypatch, "--show", "--db", db, "--markdown")
    assert code == 0 and shown.split("\n", 1)[1] == out.split("\n", 1)[1]  # the same tables
    code, table, _ = cli(capsys, monkeypatch, "crossroads_patrol", "--show", "--db", db)
    assert code == 0 and "Ratings" in table and "first" in table and "random" in table


def test_strengths_are_shown_by_the_name_they_were_given(tmp_path: Path) -> None:
    with LadderStore(tmp_path / "ladder.sqlite3") as store:
        store.name_players({"heuristic:slips=0.35": "easy"})
        store.add([game("heuristic:slips=0.35", "random", 1, "attacker")])
        st = ladder.standings(store.games(), store.labels())
    assert [st.labels[r.player] for r in st.ratings] == ["easy", "random"]
