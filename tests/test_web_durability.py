"""``warroom serve`` as a person runs it: a real server on a loopback port, played over HTTP, killed with SIGKILL
mid-game and started again on the same games file. Every action it acknowledged is there, none twice, each
side's view is what it was, and play goes on; the event stream announces each change; a port in use is one
clear error."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

import warroom
from warroom.web.store import GameStore
from warroom.web.views import fresh_game

SRC = str(Path(warroom.__file__).parents[1])
Json = dict[str, Any]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: Path, port: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "warroom", "serve", "--port", str(port), "--db", str(db)],
                            env={**os.environ, "PYTHONPATH": SRC, "PYTHONUNBUFFERED": "1"}, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@contextmanager
def serving(db: Path) -> Iterator[tuple[subprocess.Popen[str], httpx.Client]]:
    port = free_port()
    proc = start(db, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                try:
                    if client.get("/healthz").json() == {"ok": True}:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
            yield proc, client
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def view(client: httpx.Client, gid: str, token: str, side: str | None = None) -> Json:
    r = client.get(f"/api/games/{gid}", params={"token": token, **({"side": side} if side else {})})
    assert r.status_code == 200, r.text
    got: Json = r.json()
    return got


def settle(client: httpx.Client, gid: str, token: str) -> Json:
    deadline = time.monotonic() + 60
    while (v := view(client, gid, token))["thinking"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return v


def act(client: httpx.Client, gid: str, token: str, v: Json, rng: random.Random) -> Json:
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "step": v["step"],
                                                       "action": rng.choice(v["actions"])["code"]})
    assert r.status_code == 200, r.text
    done: Json = r.json()
    return done


def events(client: httpx.Client, gid: str, token: str) -> Iterator[Json]:
    """The game's events, read from its stream as they come."""
    with client.stream("GET", f"/api/games/{gid}/events", params={"token": token}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        kind = None
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line.removeprefix("event: ")
            elif line.startswith("data: "):
                assert kind == "step"
                yield json.loads(line.removeprefix("data: "))


def test_killed_mid_game_the_server_comes_back_with_every_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    rng = random.Random(17)
    with serving(db) as (proc, client):
        hot = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                              "opponent": "hotseat", "seed": 4}).json()
        ai = client.post("/api/games", json={"ruleset": "brigade", "scenario": "ponyri", "side": "soviet",
                                             "opponent": "random", "seed": 4}).json()
        hot_id, hot_token = hot["id"], hot["seats"][0]["token"]
        ai_id, ai_token = ai["id"], ai["seats"][0]["token"]

        stream = events(client, hot_id, hot_token)
        assert next(stream) == {"step": 0, "to_act": "attacker", "over": False, "thinking": False}
        v = view(client, hot_id, hot_token)
        for n in range(20):
            done = act(client, hot_id, hot_token, v, rng)
            event = next(stream)
            assert event["step"] == n + 1 == done["step"] and event["to_act"] == done["view"]["to_act"]
            v = view(client, hot_id, hot_token)  # the side to act's (hot seat)
        stream.close()

        w = settle(client, ai_id, ai_token)
        for _ in range(10):
            act(client, ai_id, ai_token, w, rng)
            w = settle(client, ai_id, ai_token)

        last = act(client, hot_id, hot_token, v, rng)["view"]  # acknowledged, then the server is killed at once
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL
        assert proc.stdout is not None
        assert "warroom serves at http://127.0.0.1:" in proc.stdout.read()

    stored = GameStore(db).load(hot_id)
    assert stored is not None and stored.step == last["step"] == 21
    with serving(db) as (_, client):
        assert view(client, hot_id, hot_token, last["side"]) == last
        assert view(client, ai_id, ai_token) == w
        assert len(last["log"]) == last["step"] + 1
        for _ in range(5):
            v = act(client, hot_id, hot_token, view(client, hot_id, hot_token), rng)["view"]
        assert v["step"] == 26
        act(client, ai_id, ai_token, w, rng)
        assert settle(client, ai_id, ai_token)["step"] > w["step"]


def test_a_port_in_use_is_one_clear_error(tmp_path: Path) -> None:
    with serving(tmp_path / "games.sqlite") as (_, client):
        port = client.base_url.port
        assert port is not None
        second = start(tmp_path / "other.sqlite", port)
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2
        assert err.strip() == (f"warroom: error: cannot listen on 127.0.0.1:{port}: it is in use (another "
                               f"server?); choose another with --port")


def test_ctrl_c_ends_the_event_streams_and_stops_cleanly(tmp_path: Path) -> None:
    with serving(tmp_path / "games.sqlite") as (proc, client):
        made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                               "opponent": "hotseat", "seed": 1}).json()
        stream = events(client, made["id"], made["seats"][0]["token"])
        assert next(stream)["step"] == 0
        proc.send_signal(signal.SIGINT)
        assert list(stream) == []  # the stream ends, nothing more on it
        assert proc.wait(timeout=30) == 0
        assert proc.stderr is not None and "Traceback" not in proc.stderr.read()
        assert proc.stdout is not None and proc.stdout.read().endswith("warroom serve stopped\n")


def to_act_in(db: Path, gid: str) -> tuple[int, str | None]:
    """The stored game's step and the side to act there, read from the games file (no request to the server)."""
    store = GameStore(db)
    try:
        row = store.load(gid)
    finally:
        store.close()
    assert row is not None
    game = fresh_game(row.ruleset, row.scenario)
    state = game.initial_state(row.seed)
    for code in row.actions:
        state = state.apply(game.decode(code))
    return row.step, None if state.is_terminal() else state.to_act


def test_killed_while_the_ai_thinks_it_thinks_again_as_the_server_starts(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with serving(db) as (proc, client):
        made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                               "side": "defender", "opponent": "search:think=0.2", "seed": 2}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        stream = events(client, gid, token)
        first = next(stream)
        assert first["thinking"] and first["to_act"] == "attacker"
        moved = next(stream)  # the AI's first action, committed and announced
        assert moved["step"] == 1
        os.kill(proc.pid, signal.SIGKILL)  # most likely mid-thought on its second
        proc.wait()
    stored = GameStore(db).load(gid)
    assert stored is not None and stored.step >= 1
    step, side = to_act_in(db, gid)
    assert side == "attacker"  # the AI's turn (Crossroads Patrol's attacker opens with a segment of moves)
    with serving(db) as (_, client):
        # nothing asks for the game: the server resumed the AI as it started, and its next move reaches the file
        deadline = time.monotonic() + 60
        while to_act_in(db, gid)[0] == step:
            assert time.monotonic() < deadline, "the AI did not move after the restart"
            time.sleep(0.05)
        later = settle(client, gid, token)  # the AI plays on to the defender's turn
        assert later["my_turn"] and later["step"] > step
        assert (later["step"], later["to_act"]) == to_act_in(db, gid)  # all of it in the file, nothing doubled
        assert later["log"][-1]["step"] == later["step"] and len(later["log"]) == later["step"] + 1
