"""A web game with the dice thrown at the table (seed 002: every die the rules throw is thrown by the person at the
table): the view says which throw is awaited and its odds, the faces go in throw by throw (the computer's actions'
throws too), bad faces are refused with nothing changed, the games file keeps the faces so a restarted server goes
on with the same game, and the record replays exactly. The browser's throw panel is tried in Playwright."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from test_web_pages import browser, server
from warroom.core.game import GameRecord, replay
from warroom.web.app import create_app

__all__ = ["browser", "server"]  # fixtures, used by name

Json = dict[str, Any]


def _faces(t: Json, rng: np.random.Generator) -> list[str]:
    if t["die"] is None:
        return [t["cards"][int(rng.integers(len(t["cards"])))]]
    if t["die"] == 100:
        return [str(int(rng.integers(1, 101)))]
    return [str(int(rng.integers(1, t["die"] + 1))) for _ in range(t["faces"])]


def _play(client: TestClient, gid: str, token: str, rng: np.random.Generator, limit: int) -> tuple[Json, int, int]:
    """Play the person's side at random and throw every die asked, until the game ends or ``limit`` actions."""
    throws = ai_throws = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        v = client.get(f"/api/games/{gid}", params={"token": token}).json()
        if v["over"] or v["step"] >= limit:
            return v, throws, ai_throws
        t = v["throw"]
        if t is not None:
            assert t["lines"][0] == f"{t['title']}: {t['asking']}"
            if t["by"] != v["side"]:
                assert t["action"] is None  # the computer's action is named only once taken, as the side reads it
                ai_throws += 1
            faces = _faces(t, rng)
            r = client.post(f"/api/games/{gid}/throw", json={"token": token, "faces": faces, "step": v["step"]})
            assert r.status_code == 200, r.text
            throws += 1
        elif v["my_turn"]:
            a = v["actions"][int(rng.integers(len(v["actions"])))]
            r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": a["code"], "step": v["step"]})
            assert r.status_code == 200, r.text
        else:
            time.sleep(0.01)
    pytest.fail("the game did not come to its end in time")


@pytest.mark.rule("002", "Opportunity Fire")
def test_a_web_game_at_the_table_to_its_end(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    rng = np.random.default_rng(4)
    with TestClient(create_app(db)) as client:
        made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                               "side": "attacker", "opponent": "random", "seed": 5, "dice": "table"})
        assert made.status_code == 201, made.text
        gid, token = made.json()["id"], made.json()["seats"][0]["token"]
        v, throws, _ = _play(client, gid, token, rng, 25)
        assert v["dice"] == "table"
        # bad faces of an awaited throw: one clear refusal, and the throw is still awaited
        while v["throw"] is None and not v["over"]:
            v, more, _ = _play(client, gid, token, rng, v["step"] + 1)
            throws += more
            v = client.get(f"/api/games/{gid}", params={"token": token}).json()
            if v["throw"] is None and v["my_turn"]:
                with_dice = [a for a in v["actions"] if a["dice"]]
                if with_dice:
                    client.post(f"/api/games/{gid}/actions",
                                json={"token": token, "action": with_dice[0]["code"], "step": v["step"]})
                    v = client.get(f"/api/games/{gid}", params={"token": token}).json()
        if v["throw"] is not None:
            t = v["throw"]
            bad = client.post(f"/api/games/{gid}/throw", json={"token": token, "faces": ["99"] * t["faces"],
                                                                "step": v["step"]})
            assert bad.status_code == 400 and "not a" in bad.json()["detail"]
            assert client.get(f"/api/games/{gid}", params={"token": token}).json()["throw"] == t
            assert v["actions"] == [] and not v["undo"]["can"]
    # a server started again on the file goes on with the same game (the faces kept, the throw asked again)
    with TestClient(create_app(db)) as client:
        again = client.get(f"/api/games/{gid}", params={"token": token}).json()
        assert again["step"] == v["step"] and again["observation"]["units"] == v["observation"]["units"]
        v, more, ai_throws = _play(client, gid, token, rng, 10_000)
        throws += more
        assert v["over"] and throws > 5 and ai_throws > 0
        record = client.get(f"/api/games/{gid}/record", params={"token": token}).json()
    rec = GameRecord.from_json(record)
    assert rec.format == "warroom-game-record/4" and rec.table_sides == ("attacker",)
    assert replay(rec)[-1].is_terminal()


def test_table_dice_refusals(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite")) as client:
        r = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                            "side": "attacker", "opponent": "random", "dice": "loaded"})
        assert r.status_code == 422
        made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                               "side": "attacker", "opponent": "random", "dice": "table"}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        r = client.post(f"/api/games/{gid}/throw", json={"token": token, "faces": ["6"], "step": 0})
        assert r.status_code == 409 and "no throw is awaited" in r.json()["detail"]
        r = client.post(f"/api/games/{gid}/throw", json={"token": token, "faces": [], "step": 0})
        assert r.status_code == 422
        plain = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                                "side": "attacker", "opponent": "random"}).json()
        v = client.get(f"/api/games/{plain['id']}", params={"token": plain["seats"][0]["token"]}).json()
        assert v["dice"] == "warroom" and v["throw"] is None


@pytest.mark.slow
def test_the_throw_panel_in_the_browser_on_a_phone(browser: Any, server: str, tmp_path: Path) -> None:
    """Start a game with the dice thrown at the table, act until a throw is asked, tap its faces on a phone-sized
    page, and read the ruling thrown with them."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(server + "/")
    pg.wait_for_selector("#preview svg")
    pg.select_option("#ruleset", "company-fire")
    pg.select_option("#scenario", "crossroads_patrol")
    pg.wait_for_selector("#preview svg[aria-label]")
    pg.select_option("#side", "attacker")
    pg.select_option("#opponent", "random")
    pg.fill("#seed", "5")
    pg.select_option("#dice", "table")
    pg.click("#start")
    pg.wait_for_url(re.compile(r"/play/[^/?]+\?token="))
    for _ in range(80):
        pg.wait_for_function("() => { const t = document.querySelector('#turn'); return t && "
                             "(t.textContent.includes('Your turn') || t.textContent.includes('Throw'))}")
        if pg.is_visible("#throw-panel"):
            break
        buttons = pg.locator("#actions button").all()
        fire = [b for b in buttons if b.get_attribute("data-dice") == "true"]
        (fire or buttons)[0].click()
        if pg.is_visible("#odds:not(.hidden)"):
            pg.click("#odds-confirm")
        pg.wait_for_timeout(100)
    else:
        pytest.fail("no throw was asked at the table")
    assert pg.locator(".throw-face").count() == 6  # a d6: a button a face
    shot = Path(os.environ.get("WARROOM_ARTIFACTS") or tmp_path)
    shot.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(shot / "table-throw-phone.png"), full_page=False)
    for _ in range(60):  # tap a 6 for each face asked, throw after throw, until the action is whole
        pg.wait_for_timeout(150)
        face = pg.locator("#throw-panel:not(.hidden) .throw-face:not([disabled])")
        if face.count() == 0 and pg.locator("#throw-panel:not(.hidden)").count() == 0:
            break
        if face.count():
            face.nth(5).click()
    pg.wait_for_selector("#ruling-panel:not(.hidden)")
    assert "(the dice thrown at the table)" in pg.inner_text("#ruling") + pg.inner_text("#log")
    pg.screenshot(path=str(shot / "table-ruling-phone.png"), full_page=False)
    assert not errors, errors
    context.close()
