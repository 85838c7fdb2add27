"""Acting on the map (issue 17, "The game page": "click a unit, then a target or destination (routes shown as
paths) ... hovering a target shows line of sight and the range"), in Debian's chromium against the real
``warroom serve``: a move by clicking the destination space, the menu of routes when several reach it, a fire by
clicking the target's counter with the odds first, and a Brigade fire by clicking the enemy company.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from test_web_pages import (  # the browser, the server and the page helpers of the game page's own tests
    artifacts,
    browser,
    choose,
    hand_over_if_asked,
    moved_on,
    page,
    ready,
    server,
    start_game,
    step_of,
    take,
    uncover,
)

__all__ = ["artifacts", "browser", "page", "server"]  # fixtures, used by name

C = 100  # a Company Fire space in the map's SVG units (board_cf.js)


def point_of(page: Any, x: float, y: float) -> tuple[float, float]:
    """The page point of the map's SVG point (x, y)."""
    got = page.evaluate("""([x, y]) => { const svg = document.querySelector('#board svg');
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
        return [p.x, p.y]; }""", [x, y])
    return float(got[0]), float(got[1])


def click_space(page: Any, at: tuple[int, int], fx: float = 0.12, fy: float = 0.2) -> None:
    """Click a space of the Company Fire map at the fraction (fx, fy) of it (the corner: clear of its counters)."""
    x, y = point_of(page, (at[0] + fx) * C, (at[1] + fy) * C)
    page.mouse.click(x, y)


def route_points(page: Any) -> list[tuple[float, float]]:
    text = page.get_attribute("#board g.hints polyline.route", "points") or ""
    return [(float(a), float(b)) for a, b in (p.split(",") for p in text.split())]


def centre(at: tuple[int, int]) -> tuple[float, float]:
    return ((at[0] + 0.5) * C, (at[1] + 0.5) * C)


FIRE = re.compile(r"^\S+ fires at \d+,\d+")


def back_to_a_fire(page: Any) -> None:
    """Hot seat: pass the screen and let the defender hold its fire until the attacker may fire again."""
    for _ in range(40):
        if hand_over_if_asked(page):
            continue
        ready(page)
        if page.get_attribute("body", "data-side") == "attacker" and page.locator(
                "#actions button[data-dice=true]", has_text=FIRE).count():
            return
        take(page, choose(page, ("hold fire", "end the segment", "end")))
    pytest.fail("the attacker was offered no fire")


@pytest.mark.slow
def test_company_fire_moves_and_fires_by_clicks_on_the_map(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "hotseat", side="attacker", seed=3)
    assert uncover(page) == "attacker"
    ready(page)
    take(page, page.locator("#actions button", has_text="end the segment"))
    ready(page)
    page.click('#board .counter[data-unit="sq1"]')
    marked = {m.get_attribute("data-at") for m in page.locator("#board rect.can-act").all()}
    assert {"1,6", "0,7", "0,6", "2,6", "1,1"} <= marked  # where sq1 may go, and the space it may fire at
    assert "5,5" not in marked
    # two routes reach 0,6: a menu of both at the click, the first focused, its route drawn as a path
    before = step_of(page)
    click_space(page, (0, 6))
    page.wait_for_selector("#map-menu")
    items = page.locator("#map-menu [role=menuitem]")
    assert sorted(t.split("\n")[0] for t in items.all_inner_texts()) == ["sq1 moves to 0,6 via 0,7",
                                                                        "sq1 moves to 0,6 via 1,6"]
    first = page.evaluate("() => document.activeElement.textContent")
    via = (1, 6) if "via 1,6" in first else (0, 7)
    assert route_points(page) == [centre((1, 7)), centre(via), centre((0, 6))]
    page.screenshot(path=str(artifacts / "map-acting-routes.png"))
    page.keyboard.press("ArrowDown")
    other = (0, 7) if via == (1, 6) else (1, 6)
    assert route_points(page) == [centre((1, 7)), centre(other), centre((0, 6))]
    page.keyboard.press("Escape")  # nothing taken: the menu goes, the route with it
    assert page.locator("#map-menu").count() == 0 and step_of(page) == before
    assert page.locator("#board g.hints polyline.route").count() == 0
    # one action names 1,6: a click there takes it as its button does (the odds first if it rolls dice)
    dice = page.get_attribute('#actions button:text-is("sq1 moves to 1,6"), #actions button:has-text("sq1 moves to '
                              '1,6")', "data-dice")
    click_space(page, (1, 6))
    if dice == "true":
        page.wait_for_selector("#odds:not(.hidden) .bar-row")
        assert page.inner_text("#odds-action").startswith("sq1 moves to 1,6")
        page.click("#odds-confirm")
    moved_on(page, before)
    assert "sq1 moves to 1,6" in page.inner_text("#log")
    back_to_a_fire(page)
    # a fire: the unit's counter, then the target's counter (a blind here), the odds before the dice
    fire = page.locator("#actions button[data-dice=true]", has_text=FIRE).first
    text = fire.inner_text().split("\n")[0]
    found = re.match(r"(\S+) fires at (\d+),(\d+)", text)
    assert found
    unit, at = found[1], (int(found[2]), int(found[3]))
    page.click(f'#board .counter[data-unit="{unit}"]')
    hit = page.evaluate("""([x, y]) => { const svg = document.querySelector('#board svg');
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
        return document.elementFromPoint(p.x, p.y)?.closest('.counter')?.getAttribute('aria-label') || ''; }""",
                        list(centre(at)))
    assert hit and "your" not in hit.lower()  # the click lands on the enemy's counter or blind
    before = step_of(page)
    click_space(page, at, 0.5, 0.5)
    page.wait_for_selector("#odds:not(.hidden) .bar-row")
    assert page.inner_text("#odds-action").startswith(f"{unit} fires at {at[0]},{at[1]}")
    page.screenshot(path=str(artifacts / "map-acting-fire-odds.png"))
    page.click("#odds-confirm")
    moved_on(page, before)
    assert page.is_visible("#ruling-panel") and f"{unit} fires at" in page.inner_text("#ruling")


@pytest.mark.slow
def test_brigade_fires_by_a_click_on_the_enemy_company(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "brigade", "ponyri", "hotseat", side="german", seed=7)
    uncover(page)
    for _ in range(200):
        if hand_over_if_asked(page):
            continue
        ready(page)
        fire = page.locator("#actions button", has_text=re.compile(r": fire at ")).all()
        if fire:
            break
        take(page, choose(page, ("select", "advance", "move heading")))
    else:
        pytest.fail("no fire in 200 actions")
    found = re.match(r"(\S+): fire at (\S+)", fire[0].inner_text())
    assert found
    unit, target = found[1], found[2]
    texts = [b.inner_text().split("\n")[0] for b in fire]
    aimed = [t for t in texts if t.startswith(f"{unit}: fire at {target}")]
    enemy = page.locator(f'#board .counter.enemy[data-unit="{target}"]')
    assert enemy.count() == 1 and "can-act" not in (enemy.get_attribute("class") or "")  # nothing selected yet
    page.click(f'#board .counter.own[data-unit="{unit}"]')
    assert "can-act" in (enemy.get_attribute("class") or "")  # the selected company may fire at it: marked
    before = step_of(page)
    enemy.click()
    if len(aimed) > 1:  # its main gun or its machine guns: a menu of both
        page.wait_for_selector("#map-menu")
        assert sorted(t.split("\n")[0] for t in page.locator("#map-menu [role=menuitem]").all_inner_texts()) \
            == sorted(aimed)
        page.keyboard.press("Enter")
    page.wait_for_selector("#odds:not(.hidden) .bar-row")
    assert page.inner_text("#odds-action").startswith(f"{unit}: fire at {target}")
    page.screenshot(path=str(artifacts / "map-acting-brigade-odds.png"))
    page.click("#odds-confirm")
    moved_on(page, before)
    assert f"{unit}: fire at {target}" in page.inner_text("#ruling")


def sight_text(page: Any) -> str:
    page.wait_for_selector("#board g.sight text.sight-text")
    return str(page.text_content("#board g.sight text.sight-text"))


@pytest.mark.slow
def test_company_fire_line_of_sight_and_range_on_hover(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "hotseat", side="attacker", seed=3)
    uncover(page)
    ready(page)
    take(page, page.locator("#actions button", has_text="end the segment"))
    ready(page)
    x, y = point_of(page, *centre((4, 2)))
    page.mouse.move(x, y)  # nothing selected: no line
    page.wait_for_timeout(200)
    assert page.locator("#board g.sight *").count() == 0
    page.click('#board .counter[data-unit="sq1"]')  # at 1,7
    x, y = point_of(page, 4.5 * C, 2.8 * C)
    page.mouse.move(x, y)
    page.wait_for_function("() => (document.querySelector('#board g.sight text')?.textContent || '').includes('4,2') "
                           "|| (document.querySelector('#board g.sight text')?.textContent || '').includes('range 8')")
    assert sight_text(page) == "range 8 spaces; line of sight blocked by buildings in 3,3 (CF-20)"
    line = page.locator("#board g.sight line.sight-line")
    assert (float(line.get_attribute("x1")), float(line.get_attribute("y1"))) == centre((1, 7))
    assert (float(line.get_attribute("x2")), float(line.get_attribute("y2"))) == centre((4, 2))
    page.screenshot(path=str(artifacts / "map-sight-blocked.png"))
    x, y = point_of(page, 1.3 * C, 1.8 * C)
    page.mouse.move(x, y)
    page.wait_for_function("() => document.querySelector('#board g.sight text')?.textContent.startsWith('range 6')")
    assert sight_text(page) == "range 6 spaces; line of sight clear"
    page.screenshot(path=str(artifacts / "map-sight-clear.png"))
    page.mouse.move(5, 5)  # off the map: the line goes
    page.wait_for_function("() => !document.querySelector('#board g.sight line')")


@pytest.mark.slow
def test_brigade_distance_on_hover(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "brigade", "ponyri", "hotseat", side="german", seed=7)
    uncover(page)
    ready(page)
    own = page.locator("#board .counter.own").first
    unit = own.get_attribute("data-unit")
    own.click()
    view = page.evaluate("""async () => { const q = new URLSearchParams(location.search);
        const id = location.pathname.split('/').pop();
        const r = await fetch(`/api/games/${id}?token=${q.get('token')}&side=${document.body.dataset.side}`);
        return r.json(); }""")
    figures = next(u["figures"] for u in view["observation"]["units"] if u["id"] == unit)
    cx = sum(f[0] for f in figures) / len(figures)
    cy = sum(f[1] for f in figures) / len(figures)
    target = (min(cx + 12.0, view["observation"].get("width", 60) - 1), max(cy - 9.0, 1.0))
    x, y = point_of(page, target[0] * 10, target[1] * 10)  # 10 SVG units an inch (board_brigade.js)
    page.mouse.move(x, y)
    text = sight_text(page)
    found = re.fullmatch(rf'(\d+\.\d)" from {re.escape(unit or "")}\'s nearest figure \((\d+\.\d)" from its centre\)',
                         text)
    assert found, text
    nearest = min(((fx - target[0]) ** 2 + (fy - target[1]) ** 2) ** 0.5 for fx, fy in figures)
    middle = ((cx - target[0]) ** 2 + (cy - target[1]) ** 2) ** 0.5
    assert abs(float(found[1]) - nearest) <= 0.15 and abs(float(found[2]) - middle) <= 0.15
    page.screenshot(path=str(artifacts / "map-brigade-distance.png"))


@pytest.mark.slow
@pytest.mark.rule("004", "Movement")
def test_brigade_moves_a_company_to_a_point_clicked_on_the_map(page: Any, server: str, artifacts: Path) -> None:
    """Select a company: its reach (the server's, by the movement table) is drawn; a click inside it moves the
    company there; a click beyond it is refused with how far it gets, and the snapped move offered (BR-212)."""
    start_game(page, server, "brigade", "ponyri", "hotseat", side="german", seed=7)
    uncover(page)
    for _ in range(40):
        ready(page)
        selects = page.locator("#actions button", has_text=re.compile(r"^select ")).all()
        if selects:
            break
        take(page, choose(page, ("end",)))
    else:
        pytest.fail("no unit to select in 40 actions")
    assert page.locator("#board g.compass").count() == 1  # the headings' compass beside the table
    # the table is legible: no terrain name under a company's stands or its counter (aesthetics: labels clear)
    covered = page.evaluate("""() => {
        const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
        const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const pieces = boxes('#board .stand, #board .frame');
        return [...document.querySelectorAll('#board text.name')].filter((t) => {
            const r = t.getBoundingClientRect(); return pieces.some((p) => hit(r, p)); }).map((t) => t.textContent);
    }""")
    assert covered == [], covered
    unit = selects[0].inner_text().split("\n")[0].removeprefix("select ")
    page.click(f'#board .counter.own[data-unit="{unit}"]')
    page.wait_for_selector("#board polygon.reach")
    outline = [tuple(map(float, p.split(","))) for p in
               (page.get_attribute("#board polygon.reach", "points") or "").split()]
    assert len(outline) >= 12
    view = page.evaluate("""async () => { const q = new URLSearchParams(location.search);
        const id = location.pathname.split('/').pop();
        const r = await fetch(`/api/games/${id}?token=${q.get('token')}&side=${document.body.dataset.side}`);
        return r.json(); }""")
    figures = next(u["figures"] for u in view["observation"]["units"] if u["id"] == unit)
    cx = sum(f[0] for f in figures) / len(figures)
    cy = sum(f[1] for f in figures) / len(figures)
    page.screenshot(path=str(artifacts / "map-brigade-reach.png"))
    # beyond the reach on its first heading: refused, saying how far it gets, with the snapped move offered
    far = outline[0]
    beyond = (cx + (far[0] / 10 - cx) * 1.6, cy + (far[1] / 10 - cy) * 1.6)
    x, y = point_of(page, beyond[0] * 10, beyond[1] * 10)
    page.mouse.click(x, y)
    page.wait_for_selector("#snap-move")
    assert re.search(rf'{re.escape(unit)} can go \d+\.\d" towards', page.inner_text("#error"))
    # halfway to the edge of its reach: the move is taken (the odds first when the ground rolls dice)
    half = (cx + (far[0] / 10 - cx) * 0.5, cy + (far[1] / 10 - cy) * 0.5)
    before = step_of(page)
    x, y = point_of(page, half[0] * 10, half[1] * 10)
    page.mouse.click(x, y)
    page.wait_for_function(f"() => Number(document.body.dataset.step) !== {before} || "
                           "!document.querySelector('#odds').classList.contains('hidden')")
    if page.is_visible("#odds"):
        page.click("#odds-confirm")
    moved_on(page, before)
    ruling = page.inner_text("#ruling")
    assert f"{unit}: move to (" in ruling and "moves to (" in ruling
    page.screenshot(path=str(artifacts / "map-brigade-moved.png"))
