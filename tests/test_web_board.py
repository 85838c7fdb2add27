"""The Company Fire board in the browser, for what only some positions show: a tank's turret turned off its hull's
facing (seed 002 "Vehicle Facing": "A turret and the vehicle's bow do not need to point at the same edge"), drawn
as a line from the counter the way the gun points, beside the dot of the hull's facing."""

from __future__ import annotations

import random
from typing import Any

import httpx2 as httpx
import pytest

import warroom
from test_web_pages import browser, page, server, uncover

__all__ = ["browser", "page", "server"]  # fixtures, used by name


def turned_turret(seed: int) -> tuple[list[int], str, str]:
    """Action codes of a random game of Ambush at the Ford up to the first position where a tank's turret is not
    where its hull faces, with the tank and the turret's way."""
    game = warroom.load_game("company-fire", "ambush_at_the_ford")
    state, rng, codes = game.initial_state(seed), random.Random(seed), []
    while not state.is_terminal() and len(codes) < 2000:
        action = rng.choice(state.legal_actions())
        codes.append(game.encode(action))
        state = state.apply(action)
        for u in state.observation("attacker")["units"]:
            if u.get("turret") and u.get("facing") and u["turret"] != u["facing"]:
                return codes, u["id"], u["turret"]
    pytest.fail("no turret turned in the game")


@pytest.mark.slow
def test_a_turret_turned_off_the_hull_is_drawn(page: Any, server: str) -> None:
    codes, tank, way = turned_turret(0)
    client = httpx.Client(base_url=server, timeout=30)
    made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "ambush_at_the_ford",
                                           "side": "attacker", "opponent": "hotseat", "seed": 0}).json()
    token = made["seats"][0]["token"]
    for step, code in enumerate(codes):
        view = client.get(f"/api/games/{made['id']}", params={"token": token}).json()
        answer = client.post(f"/api/games/{made['id']}/actions",
                             json={"token": token, "side": view["to_act"], "action": code, "step": step})
        assert answer.status_code == 200, answer.text
    page.goto(server + made["seats"][0]["url"])
    uncover(page)
    counter = page.locator(f'#board .counter[data-unit="{tank}"]')
    assert counter.locator("line.turret").count() == 1
    assert f"turret {way}" in (counter.get_attribute("aria-label") or "")
    others = page.locator("#board .counter line.turret").count()
    assert others == 1  # no other counter has a turret turned: the line is the one tank's
