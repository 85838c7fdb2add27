"""A third game plugs in by registering itself and its kit, and plays through every front end and tool without a
line of theirs changed (docs/architecture.md "Adding a game"): the toy *Hilltop* (``tests/toy_game.py``), known to
no package of warroom's, is played by ``warroom playout`` and ``replay``, in the terminal by ``warroom play``,
through the web API to its end with its record replayed, and by ``warroom simulate``."""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import toy_game
from cli_run import run
from warroom.core import game as core_game
from warroom.core import kit as core_kit
from warroom.core.game import GameRecord, replay
from warroom.web import maps, views
from warroom.web import replay as replay_pages
from warroom.web.app import create_app


@pytest.fixture
def hilltop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Hilltop registered through the core's public functions, for this test only (every shipped game registered
    first, so that the registries put back after the test still hold them)."""
    core_game.games()
    monkeypatch.setattr(core_game, "_GAMES", dict(core_game._GAMES))
    monkeypatch.setattr(core_game, "_SHIPPED", dict(core_game._SHIPPED))
    monkeypatch.setattr(core_kit, "_REGISTERED", dict(core_kit._REGISTERED))
    _forget_what_the_server_keeps()
    scenario = toy_game.install(tmp_path)
    yield scenario
    core_kit._declared.cache_clear()
    _forget_what_the_server_keeps()


def _forget_what_the_server_keeps() -> None:
    """The web server keeps the shipped scenarios it found for its life: a test that adds a game and then takes
    it away makes it look again."""
    for kept in (views.scenarios, views.shipped, views.bound_game, replay_pages._digests, maps.shipped_map):
        kept.cache_clear()


def test_the_cli_plays_it_out_and_replays_it(hilltop: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    saved = tmp_path / "game.json"
    code, out, err = run(capsys, monkeypatch, "playout", str(hilltop), "--game", "hilltop", "--seed", "4",
                         "--save", str(saved), "--board")
    assert code == 0, err
    assert "red: " in out and "^" in out  # the narration, and the kit's board with the hill
    record = GameRecord.load(saved)
    assert (record.ruleset, record.scenario) == ("hilltop", "hilltop")  # a scenario its game ships, by name
    states = replay(record)
    assert states[-1].is_terminal()
    code, out, err = run(capsys, monkeypatch, "replay", str(saved))
    assert code == 0, err


def test_a_person_plays_it_in_the_terminal(hilltop: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 12))  # hold, every turn
    saved = tmp_path / "played.json"
    code, out, err = run(capsys, monkeypatch, "play", str(hilltop), "--game", "hilltop", "--as", "red", "--vs",
                         "random", "--seed", "3", "--save", str(saved))
    assert code == 0, err
    lines = out.splitlines()
    assert "Your actions, the red:" in out and any(  # the kit's board (its rows begin the lines: actions beside)
        lines[n].startswith("R . .") and lines[n + 1].startswith(". ^ .") and lines[n + 2].startswith(". . B")
        for n in range(len(lines) - 2))
    assert "The game is over." in out
    record = GameRecord.load(saved)
    assert record.notes["players"] == {"red": "human", "blue": "random"}
    assert replay(record)[-1].is_terminal()


def test_two_people_play_it_through_the_web_api(hilltop: Path, tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite")) as client:
        listed = [s for s in client.get("/api/scenarios").json() if s["ruleset"] == "hilltop"]
        assert [s["name"] for s in listed] == ["hilltop"] and listed[0]["sides"] == ["red", "blue"]
        made = client.post("/api/games", json={"ruleset": "hilltop", "scenario": "hilltop", "side": "red",
                                               "opponent": "random", "seed": 3})
        assert made.status_code == 201, made.text
        gid, token = made.json()["id"], made.json()["seats"][0]["token"]
        deadline = time.monotonic() + 60
        while True:
            view = client.get(f"/api/games/{gid}", params={"token": token}).json()
            if view["over"]:
                break
            assert time.monotonic() < deadline
            if view["thinking"] or not view["actions"]:
                time.sleep(0.01)
                continue
            hold = next(a for a in view["actions"] if a["text"] == "hold")
            acted = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": hold["code"],
                                                                   "step": view["step"]})
            assert acted.status_code == 200, acted.text
        record = GameRecord.from_json(client.get(f"/api/games/{gid}/record", params={"token": token}).json())
        assert record.ruleset == "hilltop" and len(record.actions) >= 1
        assert replay(record)[-1].is_terminal()
        assert client.get(f"/play/{gid}", params={"token": token}).status_code == 200


def test_the_simulator_plays_many(hilltop: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, "simulate", str(hilltop), "--game", "hilltop", "--games", "30",
                         "--workers", "1", "--db", str(tmp_path / "lab.sqlite3"), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["games"] == 30
