"""Roll with the dice thrown at the table at the umpire's desk: ``POST /api/desk/{ruleset}/{procedure}/throw``
answers the next throw to ask for after the faces given so far, or the ruling with the odds of its result; the
same faces as ``warroom roll --dice`` give the same ruling; a bad face is one 4xx line saying what is needed."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from test_web_desk_pages import _open, page  # the desk on a phone (390 x 844, touch), shared
from test_web_pages import artifacts, browser, server  # the browser and the real server, shared
from warroom.core import api
from warroom.web.app import create_app

__all__ = ["artifacts", "browser", "page", "server"]  # fixtures, used by name

ARTILLERY = "/api/desk/company-fire/artillery/throw"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("throws") / "g.sqlite"))


def _throw(client: TestClient, path: str, faces: list[str], **params: object) -> dict[str, object]:
    answer = client.post(path, json={"params": params, "faces": faces})
    assert answer.status_code == 200, answer.text
    data: dict[str, object] = answer.json()
    return data


@pytest.mark.rule("002", "Artillery")
def test_an_artillery_mission_is_asked_for_throw_by_throw(client: TestClient) -> None:
    """Seed 002 "Artillery": 1d6 for the arrival (a 1 denies it), then 4d6 HE on a unit in the open, hits on 5 or
    6: arrival 3, then 5, 6, 1, 2 is two hits, suppressed; its odds are 5/6 (arrived) x 6 (1/3)^2 (2/3)^2 = 20/81."""
    first = _throw(client, ARTILLERY, [])
    assert first["faces"] == [] and "ruling" not in first
    assert first["next"] == {"number": 1, "label": "arrival", "spec": "1d6", "asking": "throw 1d6 for arrival",
                             "kind": "dice", "count": 1, "given": [], "sides": [6], "cards": []}
    assert any("on 1 it is denied" in step for step in first["steps"])  # type: ignore[attr-defined]
    he = _throw(client, ARTILLERY, ["3"])
    assert he["next"] == {"number": 2, "label": "HE", "spec": "4d6 hitting on 5+",
                          "asking": "throw 4d6 for HE, hits on 5 or 6", "kind": "dice", "count": 4, "given": [],
                          "sides": [6, 6, 6, 6], "cards": []}
    assert "arrival: 1d6 rolled 3" in he["steps"]  # type: ignore[operator]
    partly = _throw(client, ARTILLERY, ["3", "5", "6"])
    assert partly["next"]["given"] == ["5", "6"]  # type: ignore[index]
    done = _throw(client, ARTILLERY, ["3", "5", "6", "1", "2"])
    assert "next" not in done
    ruling = done["ruling"]
    assert ruling["result"] == "suppressed" and ruling["dice_thrown"] == "at the table"  # type: ignore[index]
    assert ruling == api.roll("company-fire/artillery", {}, dice=["3", "5", "6", "1", "2"]).to_dict()
    assert Fraction(done["odds_of_result"]["exact"]) == Fraction(20, 81)  # type: ignore[index]
    assert done["odds_of_result"]["text"] == "suppressed 20/81 (24.691%)"  # type: ignore[index]
    denied = _throw(client, ARTILLERY, ["1"])
    assert denied["ruling"]["result"] == "denied"  # type: ignore[index]


def test_a_card_and_a_percentile_roll_are_asked_for_as_such(client: TestClient) -> None:
    card = _throw(client, "/api/desk/company-fire/initiative-card/throw", [], jokers=2, drawn="AS,2H,KD")
    asked = card["next"]
    assert asked["kind"] == "card" and asked["count"] == 1 and asked["sides"] == []  # type: ignore[index]
    assert len(asked["cards"]) == 51 and "AS" not in asked["cards"] and "Joker2" in asked["cards"]  # type: ignore
    drawn = _throw(client, "/api/desk/company-fire/initiative-card/throw", ["Q\u2665"], jokers=2, drawn="AS,2H,KD")
    assert drawn["ruling"]["dice"][0]["faces"] == ["QH"]  # type: ignore[index]
    mine = _throw(client, "/api/desk/terrain-mines/at-mine/throw", [], target="afv", tons=30, density=60)
    assert mine["next"]["kind"] == "percentile" and mine["next"]["count"] == 1  # type: ignore[index]
    met = _throw(client, "/api/desk/terrain-mines/at-mine/throw", ["45", "22"], target="afv", tons=30, density=60)
    assert met["ruling"]["result"] == "I: immobilised"  # type: ignore[index]


def test_a_procedure_that_throws_nothing_answers_its_ruling_and_refuses_dice(client: TestClient) -> None:
    path = "/api/desk/company-fire/hit-result/throw"
    ruling = _throw(client, path, [], hits=2)["ruling"]
    assert ruling["result"] == "suppressed" and "dice_thrown" not in ruling  # type: ignore[index]
    refused = client.post(path, json={"params": {"hits": 2}, "faces": ["3"]})
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith("this procedure throws no dice with these parameters")


@pytest.mark.parametrize("path,params,faces,said", [
    (ARTILLERY, {}, ["7"], "throw 1d6 for arrival: 7 is not a face of a d6 (1 to 6)"),
    (ARTILLERY, {}, ["six"], "throw 1d6 for arrival: 'six' is not a number"),
    (ARTILLERY, {}, ["3", "5", "0"], "throw 4d6 for HE, hits on 5 or 6: 0 is not a face of a d6 (1 to 6)"),
    (ARTILLERY, {}, ["1", "4"], "too many dice: the procedure threw 1 face in all; left over: 4"),
    ("/api/desk/company-fire/initiative-card/throw", {"drawn": "KD"}, ["KD"],
     "KD is not in the deck (it has been drawn already)"),
    ("/api/desk/company-fire/initiative-card/throw", {}, ["ZZ"], "'ZZ' is not a card"),
    ("/api/desk/company-fire/initiative-card/throw", {}, ["joker"], "there is no joker left in the deck"),
    ("/api/desk/terrain-mines/at-mine/throw", {"target": "afv", "tons": 30}, ["101"],
     "101 is not a percentile roll (1 to 100, 00 is 100)"),
    ("/api/desk/company-fire/rally/throw", {"status": "nope"}, [], "status=nope is not allowed"),
])
def test_a_bad_face_is_one_400_saying_what_the_throw_needs(client: TestClient, path: str,
                                                          params: dict[str, object], faces: list[str],
                                                          said: str) -> None:
    answer = client.post(path, json={"params": params, "faces": faces})
    assert answer.status_code == 400 and said in answer.json()["detail"], answer.text
    assert "\n" not in answer.json()["detail"]


def test_a_session_reads_its_own_base_tables_and_an_unknown_one_is_404(client: TestClient) -> None:
    """With a desk session the throw reads the session's tables as Roll does; a stand-in read is named."""
    key = client.post("/api/desk/sessions").json()["id"]
    path = "/api/desk/fow-bunkers/gap-anti-tank-obstacle-turns/throw"
    first = client.post(path, json={"params": {}, "faces": [], "session": key})
    assert first.status_code == 200 and first.json()["next"]["kind"] == "dice"
    assert any("STAND-IN" in step for step in first.json()["steps"])
    gone = client.post(ARTILLERY, json={"params": {}, "faces": [], "session": "nope"})
    assert gone.status_code == 404 and gone.json()["detail"].startswith("no desk session 'nope'")


def test_a_body_of_the_wrong_shape_is_one_422(client: TestClient) -> None:
    for body in ({"params": {}, "faces": [3]}, {"params": {}, "faces": ["1" * 17]},
                 {"params": {}, "faces": ["1"] * 601}, {"params": {}, "faces": "3"}, {"faces": [], "seed": 3}):
        answer = client.post(ARTILLERY, json=body)
        assert answer.status_code == 422 and "\n" not in answer.json()["detail"], body


def test_the_throw_route_is_in_the_openapi_description(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    route = paths["/api/desk/{ruleset}/{procedure}/throw"]["post"]
    assert route["description"] and set(route["responses"]) >= {"200", "400", "404", "422"}


# --- the page, on a phone ----------------------------------------------------------------------------------------

def test_roll_with_my_dice_on_a_phone(page: Any, artifacts: Path) -> None:
    """An artillery mission with the dice thrown at the table, at 390 x 844: the desk asks for the arrival (six big
    faces), then the HE pool; a face undone is given again; the ruling is ``warroom roll --dice 3,5,6,1,2``'s, with
    the odds of its result. An initiative card is picked from the cards left in the deck."""
    _open(page, "artillery", "company-fire/artillery")
    page.click("#roll-mine")
    page.wait_for_selector("#table-asking")
    assert page.inner_text("#table-asking") == "throw 1d6 for arrival"
    faces = page.locator("#table-dice button.face")
    assert faces.count() == 6 and faces.first.bounding_box()["height"] >= 56
    assert "on 1 it is denied" in page.inner_text("#table-dice .so-far")
    page.screenshot(path=str(artifacts / "desk-my-dice-arrival.png"))
    page.tap('#table-dice button.face[aria-label="3"]')
    page.wait_for_function("() => document.querySelector('#table-asking')?.textContent.startsWith('throw 4d6')")
    assert page.inner_text("#table-asking") == "throw 4d6 for HE, hits on 5 or 6"
    for face in ("5", "6", "4"):
        page.tap(f'#table-dice button.face[aria-label="{face}"]')
    assert page.locator("#table-dice .slot.given").count() == 3
    page.tap("#table-undo")
    assert page.locator("#table-dice .slot.given").count() == 2
    page.screenshot(path=str(artifacts / "desk-my-dice-he.png"))
    page.tap('#table-dice button.face[aria-label="1"]')
    page.tap('#table-dice button.face[aria-label="2"]')
    page.wait_for_selector("#ruling:not([hidden]) .result")
    ruling = api.roll("company-fire/artillery", {}, dice=["3", "5", "6", "1", "2"])
    assert page.inner_text("#ruling .result strong").lower() == ruling.result == "suppressed"
    assert "Odds of this result: suppressed 20/81 (24.691%)" in page.inner_text("#ruling")
    assert "the dice thrown at the table: 3, 5, 6, 1, 2" in page.inner_text("#ruling")
    assert page.locator("#table-dice").is_hidden()
    assert "(the dice thrown at the table)" in page.inner_text("#rulings")
    page.screenshot(path=str(artifacts / "desk-my-dice-ruling.png"))

    _open(page, "initiative card", "company-fire/initiative-card")
    page.fill("#p-drawn", "AS,2H,KD")
    page.click("#roll-mine")
    page.wait_for_selector("#table-dice button.card")
    assert page.locator('#table-dice button.card[aria-label="K♦"]').is_disabled()
    page.screenshot(path=str(artifacts / "desk-my-dice-card.png"))
    page.tap('#table-dice button.card[aria-label="Q♥"]')
    page.wait_for_selector("#ruling:not([hidden]) .result")
    assert page.inner_text("#ruling .result strong").lower() == "red: face card (move and/or fire)"


def test_percentile_rolls_in_a_number_box_and_a_bad_one_told_on_the_page(page: Any, artifacts: Path) -> None:
    """An AT mine check (seed 003 "MINES", density 60%): the two percentile dice read as one number in a box; 101
    is refused in the server's words and taken back; 45 meets a mine and 22 (+5 over 20 t) is I: immobilised."""
    page.fill("#q", "at mine")
    page.click('#list button.proc[data-id="terrain-mines/at-mine"]')
    page.click('label[for="p-target-0"]')  # afv (required: no odds until it is chosen)
    page.fill("#p-tons", "30")
    page.fill("#p-density", "60")
    page.click("#roll-mine")
    page.wait_for_selector("#table-number")
    assert page.inner_text("#table-asking").startswith("throw the two percentile dice for entering: density 60%")
    page.fill("#table-number", "101")
    page.press("#table-number", "Enter")
    page.wait_for_function("() => document.querySelector('#table-dice .error')?.textContent.includes('101')")
    assert "101 is not a percentile roll (1 to 100, 00 is 100)" in page.inner_text("#table-dice .error")
    assert page.inner_text("#table-dice").count("No faces given yet.") == 1
    page.screenshot(path=str(artifacts / "desk-my-dice-percentile.png"))
    page.fill("#table-number", "45")
    page.press("#table-number", "Enter")
    page.wait_for_function("() => document.querySelector('#table-asking')?.textContent.includes('AT mine effect')")
    page.fill("#table-number", "22")
    page.press("#table-number", "Enter")
    page.wait_for_selector("#ruling:not([hidden]) .result")
    assert page.inner_text("#ruling .result strong").lower() == "i: immobilised"
