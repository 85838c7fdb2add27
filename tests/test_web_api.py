"""The JSON API of ``warroom serve`` (issue 17, "Play in the browser"), driven through FastAPI's TestClient.

Games of both games are played through the API as a person would (hot seat, a friend with their own link, an AI
opponent to the game's end); every refusal is checked for its status and its one clear message; the odds of a
dice action are exact; undo restores the view it took back; a second server on the same file resumes a game as
it was; and the view of twins of a position (states that differ only in what the side cannot know,
:mod:`warroom.tools.fog`) is byte-identical through the endpoint.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warroom.ai import register_player, registry
from warroom.cli.app import cli
from warroom.core.game import GameRecord, replay, rolls_by_itself, shipped_scenarios
from warroom.kits.company_fire.sight import sight
from warroom.rulesets.brigade.game.actions import Fire as BrigadeFire
from warroom.rulesets.company_fire.game.actions import Action as CFAction
from warroom.rulesets.company_fire.geometry import range_between
from warroom.tools.fog import twins
from warroom.web.app import create_app
from warroom.web.games import Games
from warroom.web.store import GameStore
from warroom.web.views import fresh_game, places

Json = dict[str, Any]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def service(client: TestClient) -> Games:
    games: Games = client.app.state.games  # type: ignore[attr-defined]
    return games


def new(client: TestClient, scenario: str, opponent: str, side: str | None = None, seed: int | None = 7,
        ruleset: str = "company-fire") -> Json:
    r = client.post("/api/games", json={"ruleset": ruleset, "scenario": scenario, "side": side,
                                        "opponent": opponent, "seed": seed})
    assert r.status_code == 201, r.text
    made: Json = r.json()
    return made


def view(client: TestClient, gid: str, token: str, side: str | None = None) -> Json:
    r = client.get(f"/api/games/{gid}", params={"token": token, **({"side": side} if side else {})})
    assert r.status_code == 200, r.text
    got: Json = r.json()
    return got


def act(client: TestClient, gid: str, token: str, v: Json, code: int, side: str | None = None) -> Json:
    body = {"token": token, "action": code, "step": v["step"], **({"side": side} if side else {})}
    r = client.post(f"/api/games/{gid}/actions", json=body)
    assert r.status_code == 200, r.text
    done: Json = r.json()
    return done


def settle(client: TestClient, gid: str, token: str, timeout: float = 60.0) -> Json:
    """The view once the AI has stopped thinking (polled, as a page would)."""
    deadline = time.monotonic() + timeout
    while True:
        v = view(client, gid, token)
        if not v["thinking"]:
            return v
        assert time.monotonic() < deadline, "the AI is still thinking"
        time.sleep(0.01)


# --- the lists ----------------------------------------------------------------------------------------------


def test_health_openapi_scenarios_and_opponents(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/scenarios", "/api/opponents", "/api/games", "/api/games/{game_id}",
                 "/api/games/{game_id}/odds", "/api/games/{game_id}/actions", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/events", "/api/games/{game_id}/record"):
        assert path in paths
    listed = client.get("/api/scenarios").json()
    shipped = {(r, p.stem) for r, paths_ in shipped_scenarios().items() for p in paths_}
    assert {(s["ruleset"], s["name"]) for s in listed} == shipped
    ponyri = next(s for s in listed if s["name"] == "ponyri")
    assert ponyri["title"] == "Ponyri station, 9 July 1943" and ponyri["sides"] == ["german", "soviet"]
    assert "Kursk" in ponyri["briefing"]
    crossroads = next(s for s in listed if s["name"] == "crossroads_patrol")
    assert crossroads["title"] == "Crossroads Patrol" and crossroads["sides"] == ["attacker", "defender"]
    names = [o["name"] for o in client.get("/api/opponents").json()]
    assert names[:3] == ["easy", "normal", "hard"] and {"random", "heuristic"} <= set(names)


# --- games played through the API ---------------------------------------------------------------------------


def test_a_hot_seat_company_fire_game(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "hotseat")
    (seat,) = made["seats"]
    assert seat["sides"] == ["attacker", "defender"] and seat["url"] == f"/play/{made['id']}?token={seat['token']}"
    gid, token, rng = made["id"], seat["token"], random.Random(1)
    for n in range(60):
        v = view(client, gid, token)
        assert v["step"] == n and v["side"] == v["to_act"] and v["my_turn"] and v["players"] == {
            "attacker": "human", "defender": "human"}
        other = view(client, gid, token, side="defender" if v["side"] == "attacker" else "attacker")
        assert other["actions"] == [] and not other["my_turn"] and other["step"] == n
        assert len(v["log"]) == n + 1 and len(other["log"]) == n + 1
        done = act(client, gid, token, v, rng.choice(v["actions"])["code"])
        assert done["step"] == n + 1 and done["view"]["step"] == n + 1
        assert done["narration"] == done["view"]["log"][-1]["narration"]
        assert done["view"]["log"][-1]["by"] == v["side"]
    last = view(client, gid, token)
    mine = [e for e in last["log"][1:] if e["by"] == last["side"]]
    theirs = [e for e in last["log"][1:] if e["by"] != last["side"]]
    assert all(e["text"] for e in mine) and theirs and all(e["text"] is None for e in theirs)


def test_a_friend_game_each_side_with_its_own_link(client: TestClient) -> None:
    made = new(client, "hedgerow_hell", "friend", side="defender", seed=None)  # between friends: a secret seed
    gid = made["id"]
    seats = {s["sides"][0]: s["token"] for s in made["seats"]}
    assert [s["sides"] for s in made["seats"]] == [["defender"], ["attacker"]]
    rng = random.Random(2)
    for n in range(40):
        to_act = view(client, gid, seats["attacker"])["to_act"]
        idle = "defender" if to_act == "attacker" else "attacker"
        v = view(client, gid, seats[to_act])
        assert v["side"] == to_act and v["seat_sides"] == [to_act] and v["step"] == n
        assert v["players"] == {"defender": "human", "attacker": "friend"}
        waiting = view(client, gid, seats[idle])
        assert waiting["side"] == idle and waiting["actions"] == []
        code = rng.choice(v["actions"])["code"]
        # the other person may not act for this side, nor act when it is not their turn
        r = client.post(f"/api/games/{gid}/actions", json={"token": seats[idle], "side": to_act, "action": code,
                                                           "step": n})
        assert r.status_code == 403 and f"does not play the {to_act}" in r.json()["detail"]
        r = client.post(f"/api/games/{gid}/actions", json={"token": seats[idle], "action": code, "step": n})
        assert r.status_code == 409 and "not the" in r.json()["detail"]
        act(client, gid, seats[to_act], v, code)


def play_against(client: TestClient, opponent: str, seed: int) -> None:
    made = new(client, "crossroads_patrol", opponent, side="defender", seed=seed)
    gid, token = made["id"], made["seats"][0]["token"]
    assert len(made["seats"]) == 1
    rng = random.Random(seed)
    r = client.get(f"/api/games/{gid}/record", params={"token": token})
    assert r.status_code == 409 and "once the game is over" in r.json()["detail"]
    v = settle(client, gid, token)  # the attacker (the AI) acts first
    assert v["step"] > 0 and v["players"] == {"defender": "human", "attacker": opponent}
    for _ in range(500):
        if v["over"]:
            break
        assert v["my_turn"] and v["actions"]
        act(client, gid, token, v, rng.choice(v["actions"])["code"])
        v = settle(client, gid, token)
    assert v["over"] and v["result"]["winner"] in ("attacker", "defender", None)
    assert not v["actions"] and v["to_act"] is None
    r = client.get(f"/api/games/{gid}/record", params={"token": token})
    assert r.status_code == 200
    record = GameRecord.from_json(r.json())
    assert len(record.actions) == v["step"] and record.notes["result"] == v["result"]
    states = replay(record)
    assert states[-1].is_terminal()


def test_a_game_against_random_to_its_end(client: TestClient) -> None:
    play_against(client, "random", 11)


def test_a_game_against_the_heuristic_to_its_end(client: TestClient) -> None:
    play_against(client, "heuristic", 12)


def test_a_brigade_game_begins(client: TestClient) -> None:
    made = new(client, "ponyri", "heuristic", side="soviet", seed=5, ruleset="brigade")
    gid, token = made["id"], made["seats"][0]["token"]
    v = settle(client, gid, token)  # the Germans move first
    assert v["title"] == "Ponyri station, 9 July 1943" and v["side"] == "soviet" and v["step"] > 0
    assert all(e["text"] is None for e in v["log"][1:])  # the German moves, as the Soviet read them
    rng = random.Random(5)
    for _ in range(12):
        assert v["my_turn"] and v["actions"]
        act(client, gid, token, v, rng.choice(v["actions"])["code"])
        v = settle(client, gid, token)
    assert v["step"] >= 12 and sum(e["by"] == "soviet" for e in v["log"]) == 12


# --- refusals -----------------------------------------------------------------------------------------------


def test_tokens(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "friend", side="attacker", seed=None)
    gid = made["id"]
    mine, friends = made["seats"][0]["token"], made["seats"][1]["token"]
    for params in ({}, {"token": ""}, {"token": "not-a-token"}, {"token": friends, "side": "attacker"}):
        r = client.get(f"/api/games/{gid}", params=params)
        assert r.status_code == 403, params
        assert r.json()["detail"]
    v = view(client, gid, mine)
    code = v["actions"][0]["code"]
    for body in ({"action": code, "step": 0}, {"token": "x" * 30, "action": code, "step": 0},
                 {"token": friends, "side": "attacker", "action": code, "step": 0}):
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 403, body
    for path in ("odds", "undo"):
        assert client.post(f"/api/games/{gid}/{path}", json={"token": "nope", "action": code}
                           if path == "odds" else {"token": "nope"}).status_code == 403
    assert client.get(f"/api/games/{gid}/record", params={"token": "nope"}).status_code == 403
    assert client.get(f"/api/games/{gid}/events", params={"token": "nope"}).status_code == 403
    assert view(client, gid, mine) == v  # nothing changed
    r = client.get("/api/games/nosuchgame", params={"token": mine})
    assert r.status_code == 404 and "no game" in r.json()["detail"]


def test_stale_steps_and_turns(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "hotseat")
    gid, token = made["id"], made["seats"][0]["token"]
    v = view(client, gid, token)
    act(client, gid, token, v, v["actions"][1]["code"])
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": v["actions"][1]["code"],
                                                       "step": v["step"]})
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    now = view(client, gid, token)
    idle = "defender" if now["to_act"] == "attacker" else "attacker"
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "side": idle, "step": now["step"],
                                                       "action": now["actions"][0]["code"]})
    assert r.status_code == 409 and f"not the {idle}'s turn" in r.json()["detail"]
    assert view(client, gid, token) == now


def test_bad_values(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "hotseat")
    gid, token = made["id"], made["seats"][0]["token"]
    v = view(client, gid, token)
    legal = {a["code"] for a in v["actions"]}
    bad = next(c for c in range(10**6) if c not in legal)
    for code in (bad, -1, 10**12):
        r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": code, "step": 0})
        assert r.status_code == 400 and f"action {code} is not one of" in r.json()["detail"]
        r = client.post(f"/api/games/{gid}/odds", json={"token": token, "action": code})
        assert r.status_code == 400
    r = client.get(f"/api/games/{gid}", params={"token": token, "side": "russians"})
    assert r.status_code == 400 and "sides: attacker, defender" in r.json()["detail"]
    body = {"ruleset": "company-fire", "scenario": "crossroads_patrol", "side": "attacker", "opponent": "random"}
    cases: list[tuple[Json, int, str]] = [
        ({"scenario": "crossroads"}, 404, "crossroads_patrol"),
        ({"ruleset": "chess"}, 400, "games: brigade, company-fire"),
        ({"side": "german"}, 400, "sides: attacker, defender"),
        ({"side": None}, 400, "choose your side"),
        ({"opponent": "grandmaster"}, 400, "strengths: easy, normal, hard; or a person: 'friend'"),
        ({"opponent": "human"}, 400, "choose a player or strength, 'friend' or 'hotseat'"),
        ({"opponent": "heuristic:boldness=3"}, 400, "its options"),
        ({"seed": -1}, 422, "seed"),
        ({"seed": "seven"}, 422, "seed"),
        ({"colour": "red"}, 422, "colour: Extra inputs are not permitted"),
    ]
    for change, status, words in cases:
        r = client.post("/api/games", json={**body, **change})
        assert r.status_code == status, (change, r.text)
        assert isinstance(r.json()["detail"], str) and words in r.json()["detail"], (change, r.text)
    r = client.post("/api/games", json={k: v for k, v in body.items() if k != "opponent"})
    assert r.status_code == 422 and "opponent" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/actions", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": v["actions"][0]["code"], "step": 0,
                                                       "pad": "x" * 70_000})
    assert r.status_code == 413 and "64 KiB" in r.json()["detail"]

    def chunks() -> Iterator[bytes]:
        yield b'{"token": "' + b"x" * 40_000
        yield b"x" * 40_000 + b'"}'

    r = client.post(f"/api/games/{gid}/undo", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert view(client, gid, token) == v


# --- odds and undo ------------------------------------------------------------------------------------------


def to_a_dice_action(client: TestClient, gid: str, token: str) -> Json:
    """Play the hot-seat game on (no-dice actions first) until the side to act has an action that rolls."""
    rng = random.Random(4)
    for _ in range(300):
        v = view(client, gid, token)
        if any(a["dice"] for a in v["actions"]):
            return v
        act(client, gid, token, v, rng.choice(v["actions"])["code"])
    raise AssertionError("no action with dice came up")


def test_odds(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "hotseat", seed=9)
    gid, token = made["id"], made["seats"][0]["token"]
    v = to_a_dice_action(client, gid, token)
    dice = [a for a in v["actions"] if a["dice"]]
    for a in dice[:5]:
        r = client.post(f"/api/games/{gid}/odds", json={"token": token, "action": a["code"]})
        assert r.status_code == 200, r.text
        odds = r.json()
        assert odds["dice"] and odds["action"] == a["code"] and odds["text"] == a["text"] and odds["odds"]
        assert len(odds["lines"]) == len(odds["odds"])
        for outcome in odds["odds"]:
            ps = [Fraction(o["exact"]) for o in outcome["outcomes"]]
            assert sum(ps) == 1
            # in the results' own order, as the game gives them (the Movement Test's passes before fails, a fire's
            # good order before pinned, suppressed and destroyed), not the likeliest first
            names = [o["result"] for o in outcome["outcomes"]]
            order = ["passes", "fails", "good order", "pinned", "suppressed", "destroyed"]
            assert [n for n in names if n in order] == [n for n in order if n in names]
            assert all(abs(float(p) - o["p"]) < 1e-12 for p, o in zip(ps, outcome["outcomes"], strict=True))
    quiet = next(a for a in v["actions"] if not a["dice"])
    odds = client.post(f"/api/games/{gid}/odds", json={"token": token, "action": quiet["code"]}).json()
    assert odds == {"action": quiet["code"], "text": quiet["text"], "dice": False, "odds": [], "lines": []}
    idle = "defender" if v["to_act"] == "attacker" else "attacker"
    r = client.post(f"/api/games/{gid}/odds", json={"token": token, "side": idle, "action": quiet["code"]})
    assert r.status_code == 409
    assert view(client, gid, token) == v


def test_undo(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "hotseat", seed=9)
    gid, token = made["id"], made["seats"][0]["token"]
    r = client.post(f"/api/games/{gid}/undo", json={"token": token})
    assert r.status_code == 409 and "nothing to undo" in r.json()["detail"]
    before = view(client, gid, token)
    quiet = next(a for a in before["actions"] if not a["dice"] and a["unit"])
    after = act(client, gid, token, before, quiet["code"])["view"]
    assert after["undo"] == {"can": True, "why": None}
    r = client.post(f"/api/games/{gid}/undo", json={"token": token, "side": before["side"]})
    assert r.status_code == 200 and r.json()["undone"] == 1
    assert r.json()["view"] == before == view(client, gid, token)
    v = to_a_dice_action(client, gid, token)
    rolled = next(a for a in v["actions"] if a["dice"])
    after = act(client, gid, token, v, rolled["code"])["view"]
    assert not after["undo"]["can"] and "chance" in after["undo"]["why"]
    r = client.post(f"/api/games/{gid}/undo", json={"token": token, "side": v["side"]})
    assert r.status_code == 409 and "it used chance" in r.json()["detail"]
    assert view(client, gid, token, side=v["side"]) == after


@pytest.mark.parametrize(("ruleset", "scenario", "side", "seed"), [("company-fire", "crossroads_patrol", "defender", 2),
                                                                  ("brigade", "ponyri", "german", 2)])
def test_undo_against_an_ai_takes_back_its_reply(client: TestClient, ruleset: str, scenario: str, side: str,
                                                 seed: int) -> None:
    made = new(client, scenario, "random", side=side, seed=seed, ruleset=ruleset)
    gid, token = made["id"], made["seats"][0]["token"]
    v = settle(client, gid, token)
    rng = random.Random(seed)
    for _ in range(300):  # until a quiet action hands the move to the AI, whose reply is quiet too
        assert not v["over"]
        quiet = [a for a in v["actions"] if not a["dice"]] or v["actions"]
        done = act(client, gid, token, v, rng.choice(quiet)["code"])
        after = settle(client, gid, token)
        if after["step"] > done["step"] and after["undo"]["can"]:
            r = client.post(f"/api/games/{gid}/undo", json={"token": token})
            assert r.status_code == 200 and r.json()["undone"] == after["step"] - v["step"]
            assert r.json()["view"] == v == view(client, gid, token)
            return
        v = after
    raise AssertionError("no undoable reply of the AI came up")


# --- persistence and fog ------------------------------------------------------------------------------------


def test_a_second_server_on_the_file_resumes_the_game(db: Path) -> None:
    with TestClient(create_app(db)) as first:
        made = new(first, "hedgerow_hell", "heuristic", side="attacker", seed=8)
        gid, token = made["id"], made["seats"][0]["token"]
        v = settle(first, gid, token)
        rng = random.Random(8)
        for _ in range(25):
            act(first, gid, token, v, rng.choice(v["actions"])["code"])
            v = settle(first, gid, token)
    with TestClient(create_app(db)) as second:
        assert view(second, gid, token) == v
        act(second, gid, token, v, v["actions"][0]["code"])
        assert settle(second, gid, token)["step"] > v["step"]
    row = GameStore(db).load(gid)
    assert row is not None and row.seats[0].token_sha256 != token and token not in db.read_bytes().decode("latin-1")


@pytest.mark.parametrize(("ruleset", "scenario", "checkpoints"), [("company-fire", "hedgerow_breakout", (3, 12, 30)),
                                                                  ("brigade", "ponyri", (3, 10, 25))])
def test_twins_read_the_same_through_the_endpoint(client: TestClient, ruleset: str, scenario: str,
                                                  checkpoints: tuple[int, ...]) -> None:
    """Fog of war (docs/rulings.md CF-125 ... CF-130; seed 004 "Detection"): the view a side is sent of a position
    and of each of its twins are the same bytes, and so are the odds of its actions; the side that knows the
    difference is sent different bytes (the comparison can fail)."""
    made = new(client, scenario, "hotseat", seed=1, ruleset=ruleset)
    gid, token = made["id"], made["seats"][0]["token"]
    games = service(client)
    rng = random.Random(3)

    def sent(side: str) -> tuple[bytes, list[bytes]]:
        r = client.get(f"/api/games/{gid}", params={"token": token, "side": side})
        actions = r.json()["actions"]
        odds = [client.post(f"/api/games/{gid}/odds", json={"token": token, "side": side, "action": a["code"]}).content
                for a in actions[:: max(1, len(actions) // 6)]]
        if ruleset == "company-fire":  # line of sight from the side's units to every fourth space of the map
            units = [u["at"] for u in r.json()["observation"]["units"] if u["side"] == side and u["at"]]
            odds += [client.get(f"/api/games/{gid}/sight", params={"token": token, "side": side,
                                                                   "from": f"{a[0]},{a[1]}", "to": f"{x},{y}"}).content
                     for a in units[:3] for x in range(0, 12, 2) for y in range(0, 12, 2)]
            assert all(b'"range"' in answer or b"off the" in answer for answer in odds[-len(units[:3]) * 36:])
        return r.content, odds

    compared = told_apart = 0
    for moves in checkpoints:
        while view(client, gid, token)["step"] < moves:
            v = view(client, gid, token)
            act(client, gid, token, v, rng.choice([a for a in v["actions"] if not a["dice"]] or v["actions"])["code"])
        real = games.session(gid)
        for side in real.game.sides:
            other = next(s for s in real.game.sides if s != side)
            mine, theirs = sent(side), sent(other)
            for twin in twins(ruleset, real.state, side, random.Random(moves))[:3]:
                shadow = type(real)(real.game, real.scenario, real.seed, real.players)
                shadow.states, shadow.steps, shadow.seen = [*real.states[:-1], twin.state], real.steps, real.seen
                games.install(gid, shadow)
                try:
                    assert sent(side) == mine, f"{side} reads the twin ({twin.what}) differently"
                    told_apart += sent(other) != theirs
                finally:
                    games.install(gid, real)
                compared += 1
    assert compared >= 3 * len(checkpoints), f"only {compared} twins were built"
    assert told_apart >= len(checkpoints)


def test_each_action_says_where_it_acts(client: TestClient) -> None:
    """The page acts on the map with the action's own space, route and target (from the action alone)."""
    made = new(client, "crossroads_patrol", "hotseat", side="attacker", seed=3)
    gid, token = made["id"], made["seats"][0]["token"]
    v = view(client, gid, token, "attacker")
    end = next(a for a in v["actions"] if a["text"] == "end the segment")
    assert (end["space"], end["via"], end["target"]) == (None, [], None)
    v = act(client, gid, token, v, end["code"], "attacker")["view"]
    by_text = {a["text"]: a for a in v["actions"]}
    route = by_text["sq1 moves to 0,6 via 1,6"]
    assert (route["space"], route["via"], route["target"]) == ([0, 6], [[1, 6]], None)
    assert by_text["sq1 moves to 1,6"]["via"] == []
    assert by_text["sq1 fires at 1,1"]["space"] == [1, 1] and by_text["sq1 fires at 1,1"]["dice"]
    brigade, cf = fresh_game("brigade", "ponyri"), fresh_game("company-fire", "crossroads_patrol")
    assert places(brigade, BrigadeFire("1st", "enemy-2")) == {"space": None, "via": [], "target": "enemy-2"}
    assert places(cf, CFAction("snipe", "sn", (2, 3), "sq4"))["target"] == "sq4"
    assert places(cf, CFAction("mount", "sq1", (2, 3), "ht1"))["target"] is None  # a carrier is not a target


def test_line_of_sight_is_the_rules_on_what_the_side_sees(client: TestClient) -> None:
    """GET /sight: the range in spaces (CF-27) and the rules' line of sight (seed "Line of Sight (LOS)", CF-20 ...
    CF-26) on the map, smoke and the units and blinds the side sees: the same as the game's own answer for every
    pair of spaces (a blind blocks as its unit would, so nothing hidden is needed); one clear 4xx otherwise."""
    made = new(client, "crossroads_patrol", "hotseat", side="attacker", seed=3)
    gid, token = made["id"], made["seats"][0]["token"]
    state = service(client).session(gid).state
    board = state.game.board  # type: ignore[attr-defined]

    def ask(frm: str, to: str, **extra: str) -> Any:
        return client.get(f"/api/games/{gid}/sight", params={"token": token, "from": frm, "to": to, **extra})

    spaces = [(x, y) for x in range(board.width) for y in range(board.height)]
    for a in spaces[::3]:
        for b in spaces:
            got = ask(f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", side="defender" if a[0] % 2 else "attacker").json()
            assert got["clear"] == state.sees(a, b), (a, b)  # type: ignore[attr-defined]
            assert got["range"] == range_between(a, b)  # the rules' range (CF-27: edge steps)
            assert bool(got["why"]) != got["clear"] and "the line of sight is blocked" not in got["why"]
    assert ask("1,7", "4,2").json() == {"range": 8, "clear": False, "why": "buildings in 3,3 (CF-20)"}
    assert ask("0,7", "7,0").json()["why"] == "an enemy blind in 6,1 (CF-20)"  # a blind, whatever is under it
    assert client.get(f"/api/games/{gid}/sight", params={"from": "1,1", "to": "1,2"}).status_code == 403
    off = ask("1,7", "8,0")
    assert off.status_code == 400 and off.json()["detail"] == "'to' 8,0 is off the 8 x 8 board (columns 0-7, rows 0-7)"
    assert ask("1;7", "1,1").json()["detail"].startswith("'from' must be a space written x,y")
    assert client.get(f"/api/games/{gid}/sight", params={"token": token, "to": "1,1"}).status_code == 400
    brigade = new(client, "ponyri", "hotseat", seed=1, ruleset="brigade")
    r = client.get(f"/api/games/{brigade['id']}/sight", params={"token": brigade["seats"][0]["token"], "from": "1,1",
                                                               "to": "2,2"})
    assert r.status_code == 400 and "Company Fire" in r.json()["detail"]


def test_why_names_a_blocker_on_every_blocked_line_of_a_bocage_map() -> None:
    """Each blocked line of Hedgerow Breakout's bocage says what blocks it, with its rule."""
    game = fresh_game("company-fire", "hedgerow_breakout")
    state = game.initial_state(1)
    board = game.board  # type: ignore[attr-defined]
    obs = state.observation("attacker")
    spaces = [(x, y) for x in range(board.width) for y in range(board.height)]
    reasons = set()
    for a in spaces[::5]:
        for b in spaces:
            got = sight(board, obs, a, b)
            assert bool(got["why"]) != got["clear"] and "the line of sight is blocked" not in got["why"], (a, b)
            reasons.add(re.sub(r".*\((.*)\)$", r"\1", got["why"]))
    assert {"seed \"Bocage\", CF-23", "CF-20"} <= reasons


# --- events and concurrency ---------------------------------------------------------------------------------


def read_events(lines: Iterator[str], count: int) -> tuple[list[Json], int]:
    """The next ``count`` events of a stream, and how many keep-alive comments came between them."""
    got: list[Json] = []
    comments = 0
    for line in lines:
        if line.startswith(":"):
            comments += 1
        elif line.startswith("data: "):
            got.append(json.loads(line.removeprefix("data: ")))
            if len(got) == count:
                break
        else:
            assert line in ("", "event: step"), line
    return got, comments


def test_the_event_stream(db: Path) -> None:
    with TestClient(create_app(db, keepalive=0.05)) as client:
        made = new(client, "crossroads_patrol", "random", side="defender", seed=11)
        gid, token = made["id"], made["seats"][0]["token"]
        v = settle(client, gid, token)
        with client.stream("GET", f"/api/games/{gid}/events", params={"token": token}) as r:
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
            lines = r.iter_lines()
            (first,), _ = read_events(lines, 1)
            assert first == {"step": v["step"], "to_act": "defender", "over": False, "thinking": False}
            assert [next(lines) for _ in range(3)] == ["", ": keep-alive", ""]  # the game is quiet
            for _ in range(100):  # until an action of the defender hands the move to the AI
                ends = [a for a in v["actions"] if a["text"].startswith("end")] or v["actions"]
                done = act(client, gid, token, v, ends[0]["code"])
                after = settle(client, gid, token)
                changes = after["step"] - v["step"]
                got, _ = read_events(lines, changes)
                assert [e["step"] for e in got] == list(range(v["step"] + 1, after["step"] + 1))
                assert got[0] == {"step": done["step"], "to_act": done["view"]["to_act"], "over": False,
                                  "thinking": done["view"]["thinking"]}
                assert got[-1] == {"step": after["step"], "to_act": after["to_act"], "over": after["over"],
                                   "thinking": False}
                v = after
                if changes > 1:  # the AI replied, thinking while it was to act
                    assert all(e["thinking"] and e["to_act"] == "attacker" for e in got[:-1])
                    break
            else:
                raise AssertionError("the AI never replied")
        live = service(client)._live[gid]
        deadline = time.monotonic() + 10
        while live.subscribers:  # the stream ended with the client
            assert time.monotonic() < deadline
            time.sleep(0.02)


def test_two_people_acting_at_once_one_action_is_taken(client: TestClient) -> None:
    made = new(client, "crossroads_patrol", "hotseat")
    gid, token = made["id"], made["seats"][0]["token"]
    v = view(client, gid, token)
    codes = [a["code"] for a in v["actions"][:8]]

    def post(code: int) -> int:
        return client.post(f"/api/games/{gid}/actions", json={"token": token, "action": code, "step": 0}).status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = sorted(pool.map(post, codes))
    assert statuses == [200] + [409] * (len(codes) - 1)
    assert view(client, gid, token)["step"] == 1
    assert GameStore(client.app.state.db_path).load(gid).step == 1  # type: ignore[attr-defined,union-attr]


def test_games_let_go_of_are_built_again_from_the_file(db: Path) -> None:
    with TestClient(create_app(db, kept=2)) as client:
        made = [new(client, "crossroads_patrol", "hotseat", seed=n) for n in range(4)]
        views = []
        for m in made:
            v = view(client, m["id"], m["seats"][0]["token"])
            views.append(act(client, m["id"], m["seats"][0]["token"], v, v["actions"][-1]["code"])["view"])
        assert len(service(client)._live) == 2
        for m, v in zip(made, views, strict=True):
            token = m["seats"][0]["token"]
            assert view(client, m["id"], token, side=v["side"]) == v
            now = view(client, m["id"], token)
            assert act(client, m["id"], token, now, now["actions"][0]["code"])["step"] == 2
        assert len(service(client)._live) == 2


def test_games_of_one_scenario_played_at_once(client: TestClient) -> None:
    """Each game plays on its own instance of its game (a Company Fire game's states share their game's dice):
    games of one scenario, people and AIs acting in all of them at once, never take each other's dice."""
    made = [new(client, "crossroads_patrol", "hotseat" if n % 2 else "random", side=None if n % 2 else "defender",
                seed=n) for n in range(8)]

    def play(m: Json) -> int:
        gid, token, rng = m["id"], m["seats"][0]["token"], random.Random(m["id"])
        for _ in range(25):
            v = settle(client, gid, token)
            if v["over"]:
                break
            act(client, gid, token, v, rng.choice(v["actions"])["code"])
        step: int = settle(client, gid, token)["step"]
        return step

    with ThreadPoolExecutor(max_workers=8) as pool:
        steps = list(pool.map(play, made))
    assert all(step >= 25 for step in steps)
    for m, step in zip(made, steps, strict=True):
        record = service(client).session(m["id"]).record()
        assert len(record.actions) == step
        assert len(replay(record)) == step + 1  # every position as the record's digests say


def test_an_ai_that_fails_stops_and_the_game_stays_as_committed(client: TestClient) -> None:
    class Broken:
        name = "broken"

        def choose(self, view: Any, rng: Any) -> Any:
            raise ValueError("no idea")

    register_player("broken", "a player that fails (test)", lambda: Broken())
    try:
        made = new(client, "crossroads_patrol", "broken", side="defender")
        gid, token = made["id"], made["seats"][0]["token"]
        v = settle(client, gid, token)
        assert v["step"] == 0 and v["to_act"] == "attacker" and not v["my_turn"] and not v["thinking"]
        assert service(client).wait_idle(gid) == {"step": 0, "to_act": "attacker", "over": False, "thinking": False}
    finally:
        registry._PLAYERS.pop("broken")


def test_the_serve_command_s_help() -> None:
    out = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "warroom serve --open" in out and "--db" in out and "--port" in out


def test_a_player_of_another_game_is_refused(client: TestClient) -> None:
    class BrigadeOnly:
        name = "brigade-only"
        games = ("brigade",)

        def choose(self, view: Any, rng: Any) -> Any:
            return view.legal_actions[0]

    register_player("brigade-only", "plays Brigade only (test)", lambda: BrigadeOnly())
    try:
        r = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                            "side": "attacker", "opponent": "brigade-only"})
        assert r.status_code == 400
        assert r.json()["detail"] == "player brigade-only does not play company-fire; it plays brigade"
        made = new(client, "ponyri", "brigade-only", side="german", ruleset="brigade")
        v = view(client, made["id"], made["seats"][0]["token"])
        assert v["players"] == {"german": "human", "soviet": "brigade-only"}
    finally:
        registry._PLAYERS.pop("brigade-only")


# --- no input is a server error -----------------------------------------------------------------------------

VALUES = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                   st.floats(allow_nan=False, allow_infinity=False),
                   st.text(max_size=40), st.lists(st.integers(), max_size=3),
                   st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))
FIELDS = ["token", "side", "action", "step", "ruleset", "scenario", "opponent", "seed", "extra"]


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Json]]:
    with TestClient(create_app(tmp_path_factory.mktemp("fuzz") / "games.sqlite"),
                    raise_server_exceptions=False) as client:
        yield client, new(client, "crossroads_patrol", "hotseat")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/games", "/api/games/{id}/odds", "/api/games/{id}/actions", "/api/games/{id}/undo"]),
       body=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=6), real_token=st.booleans(),
       real_step=st.booleans())
def test_no_body_is_a_server_error(fuzzed: tuple[TestClient, Json], path: str, body: Json, real_token: bool,
                                   real_step: bool) -> None:
    client, made = fuzzed
    if real_token and "token" in body:
        body["token"] = made["seats"][0]["token"]
    if real_step and "step" in body:
        body["step"] = len(service(client).session(made["id"]).steps)
    r = client.post(path.format(id=made["id"]), json=body)
    assert r.status_code in (200, 201, 400, 403, 404, 409, 422), (r.status_code, r.text)
    if r.status_code >= 400:
        assert isinstance(r.json()["detail"], str) and r.json()["detail"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.text(min_size=1, max_size=80), token=st.text(max_size=60), side=st.text(max_size=20))
def test_no_query_is_a_server_error(fuzzed: tuple[TestClient, Json], game: str, token: str, side: str) -> None:
    client, made = fuzzed
    for gid in (game, made["id"]):
        for tail in ("", "/record"):
            r = client.get(f"/api/games/{quote(gid, safe='')}{tail}", params={"token": token, "side": side})
            assert r.status_code in (400, 403, 404, 409), (r.status_code, r.text)


def test_an_undo_while_the_ai_thinks_drops_its_choice(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    slow = threading.Event()

    class Slow:
        name = "slow"

        def choose(self, view: Any, rng: Any) -> Any:
            if slow.is_set():
                time.sleep(0.4)
            return view.legal_actions[0]

    register_player("slow", "takes its time (test)", lambda: Slow())
    try:
        made = new(client, "crossroads_patrol", "slow", side="attacker", seed=3)
        gid, token = made["id"], made["seats"][0]["token"]
        rng = random.Random(3)
        for _ in range(100):
            v = settle(client, gid, token)
            state = service(client).session(gid).state
            handing = [a for a in v["actions"] if not a["dice"]
                       and not rolls_by_itself(state.odds(state.game.decode(a["code"])))
                       and state.apply(state.game.decode(a["code"])).to_act == "defender"]
            if handing and not handing[0]["text"].startswith("end"):
                break
            act(client, gid, token, v, rng.choice([a for a in v["actions"] if not a["dice"]] or v["actions"])["code"])
        else:
            raise AssertionError("no quiet action handing the move to the AI came up")
        slow.set()
        done = act(client, gid, token, v, handing[0]["code"])
        assert done["view"]["thinking"] and done["view"]["to_act"] == "defender"
        r = client.post(f"/api/games/{gid}/undo", json={"token": token})  # while it thinks
        assert r.status_code == 200 and r.json()["undone"] == 1 and r.json()["view"] == v
        time.sleep(0.8)  # its choice on the position taken back comes, and is dropped
        assert view(client, gid, token) == v
        assert not [r for r in caplog.records if r.name == "warroom.web"], "the AI stopped on an error"
        done = act(client, gid, token, v, handing[0]["code"])
        assert settle(client, gid, token)["step"] > done["step"]  # and it answers the move made again
    finally:
        registry._PLAYERS.pop("slow")


def test_numbers_only_as_json_numbers(client: TestClient) -> None:
    """An action code, a step or a seed is a JSON number: ``true``, ``"1"`` or ``1.0`` is one clear 422, never read
    as action 1."""
    made = new(client, "crossroads_patrol", "random", side="attacker", seed=3)
    token = made["seats"][0]["token"]
    for code in (True, "1", 1.0):
        r = client.post(f"/api/games/{made['id']}/odds", json={"token": token, "action": code})
        assert r.status_code == 422 and r.json() == {"detail": "action: Input should be a valid integer"}
        r = client.post(f"/api/games/{made['id']}/actions", json={"token": token, "action": code, "step": 0})
        assert r.status_code == 422
    r = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                        "side": "attacker", "opponent": "random", "seed": "3"})
    assert r.status_code == 422 and "seed" in r.json()["detail"]
    assert view(client, made["id"], token)["step"] == 0  # nothing was taken


@pytest.mark.rule("004", "Movement")
def test_brigade_reach_and_a_move_to_a_point_through_the_api(client: TestClient) -> None:
    """The reach of a side's own company and its move to a point (BR-212): a point in reach is a legal action the
    side may post though it is not listed; an enemy unit's reach is refused, and so is a game moved by spaces."""
    made = new(client, "ponyri", "friend", side="german", seed=None, ruleset="brigade")
    gid = made["id"]
    tokens = {s["sides"][0]: s["token"] for s in made["seats"]}
    v = view(client, gid, tokens["german"])
    for _ in range(20):
        if any(a["text"].startswith("select ") for a in v["actions"]):
            break
        v = act(client, gid, tokens["german"], v, next(a["code"] for a in v["actions"] if a["text"] == "end"))["view"]
    unit = next(a["unit"] for a in v["actions"] if a["text"].startswith("select "))
    url = f"/api/games/{gid}/reach"
    r = client.get(url, params={"token": tokens["german"], "unit": unit})
    assert r.status_code == 200, r.text
    outline = r.json()["outline"]
    assert len(outline) == 72 and r.json()["why"] is None
    at = next(u for u in v["observation"]["units"] if u["id"] == unit)["figures"]
    cx, cy = sum(f[0] for f in at) / len(at), sum(f[1] for f in at) / len(at)
    near = (round(cx + (outline[0][0] - cx) / 2, 1), round(cy + (outline[0][1] - cy) / 2, 1))
    r = client.get(url, params={"token": tokens["german"], "unit": unit, "to": f"{near[0]},{near[1]}"})
    move = r.json()["action"]
    assert move is not None and move["text"].startswith(f"{unit}: move to (") and r.json()["refused"] is None
    assert move["code"] not in {a["code"] for a in v["actions"]}  # legal, though not listed
    far = (cx + (outline[0][0] - cx) * 2, cy + (outline[0][1] - cy) * 2)
    r = client.get(url, params={"token": tokens["german"], "unit": unit, "to": f"{far[0]:.1f},{far[1]:.1f}"})
    assert r.json()["action"] is None and f"{unit} can go " in r.json()["refused"] and r.json()["snapped"]
    done = act(client, gid, tokens["german"], v, move["code"])
    assert any("moves to (" in line for line in done["narration"])
    # the soviet may not ask for a german company's reach, nor the german for a soviet's
    soviet = view(client, gid, tokens["soviet"], "soviet")["observation"]["units"][0]["id"]
    assert client.get(url, params={"token": tokens["soviet"], "unit": unit}).status_code in (400, 403)
    assert client.get(url, params={"token": tokens["german"], "unit": soviet}).status_code == 400
    cf = new(client, "crossroads_patrol", "hotseat")
    r = client.get(f"/api/games/{cf['id']}/reach", params={"token": cf["seats"][0]["token"], "unit": "sq1"})
    assert r.status_code == 400 and "moves by spaces" in r.json()["detail"]
