"""The pages of ``warroom serve``, played as a person plays them: by clicks, in Debian's chromium (Playwright).

The browser tests start the real server (``python -m warroom serve``) on a free loopback port with a fresh games
file, and drive the lobby and the game page: a hot-seat Company Fire game with the odds shown before a fire, a
game against the computer until it has answered, a Brigade game to its first fire, undo, and the lobby's list of
the person's games. Each saves a screenshot to ``$WARROOM_ARTIFACTS`` (default: pytest's tmp_path). Without
chromium they are skipped, except under CI (``CI=true``), where a missing browser is a failure.

The quick tests at the top check the routes themselves through FastAPI's test client: the pages, their assets
(and nothing outside them), and the public maps with one clear 404 for an unknown scenario.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from warroom.web.pages import STATIC, router

# --- the routes, without a browser -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(router)
    return TestClient(app)


def test_the_lobby_and_the_game_page_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and lobby.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/lobby.js">' in lobby.text
    game = client.get("/play/abc123?token=t")
    assert game.status_code == 200 and '<script type="module" src="/static/js/game.js">' in game.text
    bad = client.get("/play/no%20such$id")
    assert bad.status_code == 404 and "a game's id is letters, digits" in bad.json()["detail"]


def test_every_asset_is_served_with_its_type_and_nothing_else(client: TestClient) -> None:
    files = [p for p in STATIC.rglob("*") if p.is_file()]
    assert {p.suffix for p in files} <= {".html", ".css", ".js", ".svg"}
    for path in files:
        answer = client.get(f"/static/{path.relative_to(STATIC).as_posix()}")
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].split(";")[0] in (
            "text/html", "text/css", "text/javascript", "image/svg+xml"), path
    for bad in ("/static/../pages.py", "/static/%2e%2e/pages.py", "/static/js/../../maps.py", "/static/nothing.js",
                "/static/js"):
        answer = client.get(bad)
        assert answer.status_code == 404, bad


def test_the_pages_load_nothing_from_another_site() -> None:
    """No CDN: every script, sheet and import is a path of this server."""
    for path in STATIC.rglob("*"):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text()
            assert not re.search(r"(src|href)=\"(https?:)?//", text), path
            assert not re.search(r"""(import|from)\s*\(?\s*["'](https?:)?//""", text), path
            assert "@import url(http" not in text, path
    imports = set()
    for path in (STATIC / "js").glob("*.js"):
        imports |= set(re.findall(r'from "\./([a-z_]+\.js)"', path.read_text()))
    assert imports and all((STATIC / "js" / name).is_file() for name in imports)


def test_public_maps_and_a_clear_404(client: TestClient) -> None:
    cf = client.get("/api/maps/company-fire/crossroads_patrol")
    assert cf.status_code == 200
    assert cf.json()["width"] == 8 and len(cf.json()["spaces"]) == 64
    brigade = client.get("/api/maps/brigade/ponyri")
    assert brigade.status_code == 200 and brigade.json()["kind"] == "table"
    unknown = client.get("/api/maps/brigade/ponyr")
    assert unknown.status_code == 404
    assert unknown.json()["detail"] == "no brigade scenario 'ponyr' (did you mean 'ponyri'?); scenarios: butyrki, " \
                                       "hill_112, ponyri"
    assert client.get("/api/maps/chess/ponyri").json()["detail"].startswith("no game 'chess'")


# --- the browser ------------------------------------------------------------------------------------------------


def _chromium() -> str:
    path = os.environ.get("WARROOM_CHROMIUM") or shutil.which("chromium")
    if not path:
        if os.environ.get("CI") == "true":
            pytest.fail("the browser tests need Debian's chromium (apt-get install chromium) or WARROOM_CHROMIUM set "
                        "to a chromium binary; CI must run them")
        pytest.skip("no chromium (install Debian's chromium or set WARROOM_CHROMIUM)")
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server, ``python -m warroom serve``, on a free loopback port and a fresh games file."""
    _chromium()
    port = _free_port()
    folder = tmp_path_factory.mktemp("serve")
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "warroom", "serve", "--port", str(port), "--db",
                             str(folder / "games.sqlite")], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as answer:
                    if json.load(answer) == {"ok": True}:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail(f"warroom serve did not start: {(folder / 'server.log').read_text()[-2000:]}")
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path)
        yield b
        b.close()


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("WARROOM_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context at 1280 x 800; any error the page's script throws fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert not errors, errors


def start_game(page: Any, base: str, ruleset: str, scenario: str, opponent: str, side: str | None = None,
               seed: int = 7) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#preview svg")
    page.select_option("#ruleset", ruleset)
    page.select_option("#scenario", scenario)
    page.wait_for_selector("#preview svg[aria-label]")
    if side:
        page.select_option("#side", side)
    page.select_option("#opponent", opponent)
    if opponent != "friend":  # a game between friends takes no chosen seed (its dice are secret)
        page.fill("#seed", str(seed))
    page.click("#start")
    if opponent != "friend":
        page.wait_for_url(re.compile(r"/play/[^/?]+\?token="))


def uncover(page: Any) -> str:
    """Hot seat: the cover is up and shows nothing of either side; the named side goes on."""
    page.wait_for_selector("#cover:not(.hidden)")
    assert page.locator("#board .counter").count() == 0 and page.locator("#actions button").count() == 0
    side = page.inner_text("#cover-title").removeprefix("Pass the screen to the ").strip()
    page.click("#cover-go")
    page.wait_for_selector("#status .turn")
    return side


def ready(page: Any) -> None:
    page.wait_for_function("() => { const t = document.querySelector('#turn'); return t && "
                           "(t.textContent.includes('Your turn') || t.textContent.includes('over')) }")


def step_of(page: Any) -> int:
    """The view's step (the actions taken so far), as the page last drew it."""
    return int(page.evaluate("() => Number(document.body.dataset.step)"))


def moved_on(page: Any, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.step) !== {before} || "
                           "document.querySelector('#error').textContent !== ''")
    assert page.inner_text("#error") == ""


def take(page: Any, button: Any, confirm: bool = True) -> None:
    """Click an action: one with dice shows the odds first (confirmed here); one without is taken at once."""
    before = step_of(page)
    dice = button.get_attribute("data-dice") == "true"
    button.click()
    if dice:
        page.wait_for_selector("#odds:not(.hidden) .bar-row")
        if not confirm:
            return
        page.click("#odds-confirm")
    moved_on(page, before)


def choose(page: Any, prefer: tuple[str, ...]) -> Any:
    buttons = page.locator("#actions button").all()
    assert buttons, "no action to take"
    texts = [b.inner_text() for b in buttons]
    for word in prefer:
        for button, text in zip(buttons, texts, strict=True):
            if word in text:
                return button
    return buttons[0]


def hand_over_if_asked(page: Any) -> bool:
    if page.locator("#hand-over").count() and page.is_visible("#hand-over"):
        page.click("#hand-over")
        uncover(page)
        return True
    return False


@pytest.mark.slow
def test_hot_seat_company_fire_with_the_odds_before_a_fire(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "hotseat", side="attacker", seed=3)
    assert uncover(page) == "attacker"
    ready(page)
    # the attacker sees the defender's hidden squad only as a blind (CF-46): no counter, no word of it
    assert page.locator('#board [data-unit="orchard"]').count() == 0
    assert not re.search(r"\borchard\b", page.inner_text("body"))
    assert page.locator("#board svg .counter").count() >= 7
    assert "Turn" in page.inner_text("#status") and "Segment" in page.inner_text("#status")
    page.click('#board .counter[data-unit="Lt"]')  # a counter on the map selects its unit's actions
    assert page.locator('#actions .group.selected[data-unit="Lt"]').count() == 1
    assert page.evaluate("() => document.activeElement.closest('.group')?.dataset.unit") == "Lt"
    # the focused action ("Lt (leader) moves to 3,6") marks the space it names on the map
    assert page.locator("#board g.hints rect").count() == 1
    page.screenshot(path=str(artifacts / "cf-game.png"))
    taken, saw_odds, covers = 0, False, 0
    for _ in range(120):
        if hand_over_if_asked(page):
            covers += 1
            continue
        ready(page)
        if "over" in page.inner_text("#turn"):
            break
        fire = page.locator("#actions button[data-dice=true]", has_text=re.compile(r" fires at ")).all()
        if fire and not saw_odds:
            fire[0].click()
            page.wait_for_selector("#odds:not(.hidden) .bar-row")
            bars = page.locator("#odds .bar-row").all()
            assert bars and all(re.search(r"\d+\.\d%|<0\.1%|>99\.9%", b.inner_text()) for b in bars)
            assert all(re.search(r"\b\d+(/\d+)?\b", b.locator(".num small").inner_text()) for b in bars)
            assert page.locator("#odds h3").count() >= 1
            page.screenshot(path=str(artifacts / "odds-dialog.png"))
            before = step_of(page)
            page.keyboard.press("Escape")  # nothing is rolled: the dialog goes, the game has not moved
            assert page.is_hidden("#odds") and step_of(page) == before
            assert page.evaluate("() => document.activeElement.dataset.dice") == "true"  # back on the action
            page.keyboard.press("Enter")  # the keyboard reaches it too
            page.wait_for_selector("#odds:not(.hidden) .bar-row")
            assert page.evaluate("() => document.activeElement.id") == "odds-confirm"
            if page.locator("#odds .worse").count():
                assert "pinned or worse" in page.inner_text("#odds")
            page.click("#odds-confirm")
            moved_on(page, before)
            assert page.is_visible("#ruling-panel") and page.inner_text("#ruling").strip()
            saw_odds, taken = True, taken + 1
            continue
        take(page, choose(page, (" fires at ", "moves to", "rally", "takes the hits", "end")))
        taken += 1
        if taken >= 40 and saw_odds:
            break
    assert taken >= 25 and saw_odds and covers >= 1
    assert re.search(r"CF-\d+", page.inner_text("#log"))  # rule ids kept as text
    links = page.locator("#log a")  # the rule ids and seed sections link to the rules pages, in a new tab
    assert links.count() > 0
    assert all(re.fullmatch(r"/rules/(\d{3}#[a-z0-9-]+|rulings#[A-Z]{2}-\d+)", link.get_attribute("href") or "")
               and link.get_attribute("target") == "_blank" for link in links.all())
    page.screenshot(path=str(artifacts / "cf-game-later.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    board = page.locator("#board svg").bounding_box()
    panel = page.locator(".side-panel").bounding_box()
    assert board["width"] <= 390 and board["width"] > 300
    assert panel["y"] >= board["y"] + board["height"] - 1  # the panels stack under the map
    page.screenshot(path=str(artifacts / "phone-size.png"), full_page=True)


@pytest.mark.slow
def test_a_game_against_the_computer_until_it_answers(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "random", side="attacker", seed=11)
    ready(page)
    assert page.locator("#cover:not(.hidden)").count() == 0  # one person, no cover
    assert page.locator("#log .by.setup").count() == 1 and page.locator("#log .by.enemy").count() == 0
    for _ in range(60):
        ready(page)
        if page.locator('#log .by.enemy[data-by="defender"]').count():
            break
        take(page, choose(page, ("end the segment", "end")))
    else:
        pytest.fail("the computer never acted")
    ready(page)
    assert page.locator('#log .by.enemy[data-by="defender"]').count() >= 1
    enemy_entries = page.locator("#log li", has=page.locator(".by.enemy")).all()
    assert all("(what you saw of it)" in e.inner_text() for e in enemy_entries)  # the enemy's orders stay its own
    page.screenshot(path=str(artifacts / "vs-computer.png"))


@pytest.mark.slow
def test_undo_takes_back_an_action_without_dice(page: Any, server: str) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "random", side="attacker", seed=5)
    ready(page)
    assert page.is_disabled("#undo") and page.get_attribute("#undo", "title")
    move = page.locator("#actions button[data-dice=false]", has_text="moves to").first
    text = move.inner_text()
    before, entries = step_of(page), page.locator("#log li").count()
    take(page, move)
    assert page.is_visible("#ruling-panel") and step_of(page) == before + 1
    assert page.locator("#log li").count() == entries + 1
    page.wait_for_selector("#undo:not([disabled])")
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.step) === {before}")
    assert page.locator("#log li").count() == entries
    assert "Undone" in page.inner_text("#ruling")
    assert page.locator("#actions button", has_text=text).count() == 1  # the same choice is open again
    assert page.is_disabled("#undo")


@pytest.mark.slow
def test_brigade_to_its_first_fire(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "brigade", "ponyri", "hotseat", side="german", seed=7)
    uncover(page)
    ready(page)
    assert page.locator("#board svg .stand").count() >= 20
    assert "Period" in page.inner_text("#status") and "Phase" in page.inner_text("#status")
    own = page.locator("#board .counter.own").first
    unit = own.get_attribute("data-unit")
    own.click()
    assert page.locator(f'#board .counter.own.selected[data-unit="{unit}"]').count() == 1
    for _ in range(200):
        if hand_over_if_asked(page):
            continue
        ready(page)
        fire = page.locator("#actions button", has_text=re.compile(r": fire at ")).all()
        if fire:
            page.screenshot(path=str(artifacts / "brigade-game.png"))
            before = step_of(page)
            fire[0].click()
            page.wait_for_selector("#odds:not(.hidden) .bar-row")
            assert "figures lost" in page.inner_text("#odds")
            page.screenshot(path=str(artifacts / "brigade-odds.png"))
            page.click("#odds-confirm")
            moved_on(page, before)
            assert page.inner_text("#ruling").strip()
            break
        take(page, choose(page, ("select", "advance", "move heading")))
    else:
        pytest.fail("no fire in 200 actions")
    page.screenshot(path=str(artifacts / "brigade-after-fire.png"))


@pytest.mark.slow
def test_the_lobby_lists_a_started_game_and_a_friends_link(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "random", side="attacker", seed=2)
    ready(page)
    game_url = page.url
    game_id = game_url.split("/play/")[1].split("?")[0]
    start_game(page, server, "company-fire", "villa_rogatti", "friend")
    page.wait_for_selector("#invite:not(.hidden)")
    link = page.input_value("#invite-link")
    assert re.match(rf"{re.escape(server)}/play/[^/?]+\?token=[\w-]+", link)
    mine = page.get_attribute("#my-link", "href")
    assert mine and mine.split("token=")[1] != link.split("token=")[1]
    page.goto(server + "/")
    page.wait_for_function("() => [...document.querySelectorAll('#games .state')].every(s => s.textContent !== '...')")
    item = page.locator(f'#games li[data-game="{game_id}"]')
    assert item.count() == 1
    assert "Crossroads Patrol" in item.inner_text() and "your turn" in item.inner_text()
    assert page.locator("#games li").count() >= 2
    villa = page.locator("#games li", has_text="The Houses on the Ridge")
    count = page.locator("#games li").count()
    villa.first.locator("button.forget").click()  # forgetting takes it off this browser's list only
    assert page.locator("#games li").count() == count - 1
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    item.locator("a.resume").click()
    page.wait_for_url(game_url)


@pytest.mark.slow
def test_a_friend_sees_the_game_move_live(browser: Any, page: Any, server: str) -> None:
    """Two people, two browsers: what one does reaches the other's page through the event stream, no reload."""
    start_game(page, server, "company-fire", "crossroads_patrol", "friend", side="attacker", seed=4)
    page.wait_for_selector("#invite:not(.hidden)")
    link = page.input_value("#invite-link")
    page.click("#my-link")
    ready(page)
    friend = browser.new_context(viewport={"width": 1280, "height": 800})
    other = friend.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        other.goto(link)
        other.wait_for_selector("#turn")
        assert other.locator("#cover:not(.hidden)").count() == 0  # their own side only: no cover
        assert "Waiting for the attacker" in other.inner_text("#turn")
        assert other.evaluate("() => document.body.dataset.side") == "defender"
        assert other.locator("#actions button").count() == 0
        before = step_of(other)
        take(page, choose(page, ("moves to",)))
        other.wait_for_function(f"() => Number(document.body.dataset.step) > {before}")
        assert other.locator("#log li").count() == step_of(other) + 1  # the set-up and one entry an action
    finally:
        friend.close()
    assert not errors, errors
