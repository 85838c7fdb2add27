"""Whole games played by clicks in the browser, to their end (issue 17, "Tests": a hot-seat Company Fire game and
a game against the heuristic played to the end), in Debian's chromium against the real ``warroom serve``.

The person plays as a cautious player does on Crossroads Patrol (seed "Tracking Turns": six turns): a fire when
one is offered now and then, otherwise the end of the segment, so that the game runs its six turns in a little
over a hundred actions. At the end the page shows the result and why, and the game record, fetched from the link
the page offers, replays with warroom's own replay (its digests checked), so the game the page showed is the game
the rules played.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from test_web_pages import (  # the browser, the server and the page helpers of the game page's own tests
    artifacts,
    browser,
    choose,
    hand_over_if_asked,
    page,
    ready,
    server,
    start_game,
    take,
    uncover,
)
from warroom.core.game import GameRecord, replay

__all__ = ["artifacts", "browser", "page", "server"]  # fixtures, used by name

PREFER = ("end the segment", "end")


def play_to_the_end(page: Any, fire_every: int, most: int) -> int:
    """Take actions until the page says the game is over; every ``fire_every``-th action a fire when one is
    offered. Hot seat: the screen is passed whenever it is asked for. The number of actions this page took."""
    taken = 0
    for _ in range(most):
        if hand_over_if_asked(page):
            continue
        ready(page)
        if "over" in page.inner_text("#turn"):
            return taken
        fires = page.locator("#actions button[data-dice=true]", has_text=re.compile(r" fires at ")).all()
        button = fires[0] if fires and taken % fire_every == 0 else choose(page, PREFER)
        take(page, button)
        taken += 1
    pytest.fail(f"the game was not over after {most} steps of the page")


def the_end(page: Any, server: str, artifacts: Path, name: str) -> dict[str, Any]:
    banner = page.inner_text("#banner")
    assert "The game is over" in banner
    link = page.locator("#banner a", has_text="The game record")
    with urllib.request.urlopen(server + link.get_attribute("href"), timeout=10) as answer:
        record = GameRecord.from_json(json.load(answer))
    final = replay(record)[-1]  # every position checked against the record's digests
    assert final.is_terminal()
    assert str(final.result()["reason"]) in banner  # the page told the result the rules came to
    summary = page.inner_text("#summary")  # and the game's summary: the actions, the losses, the decisive moments
    assert f"{len(record.actions)} actions were taken." in summary and "Losses:" in summary
    assert "Decisive moments" in summary
    page.screenshot(path=str(artifacts / name), full_page=True)
    return dict(final.result())


@pytest.mark.slow
def test_a_hot_seat_company_fire_game_to_its_end(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "hotseat", side="attacker", seed=5)
    assert uncover(page) == "attacker"
    taken = play_to_the_end(page, fire_every=7, most=600)
    assert taken >= 100
    result = the_end(page, server, artifacts, "cf-hot-seat-over.png")
    assert result["turn"] == 6 and "6 turns have been played" in page.inner_text("#banner")
    assert result["winner"] in ("attacker", "defender")


@pytest.mark.slow
def test_a_game_against_the_heuristic_to_its_end(page: Any, server: str, artifacts: Path) -> None:
    start_game(page, server, "company-fire", "crossroads_patrol", "heuristic", side="attacker", seed=9)
    ready(page)
    taken = play_to_the_end(page, fire_every=5, most=400)
    assert taken >= 5
    assert page.locator('#log .by.enemy[data-by="defender"]').count() >= 5  # the heuristic played its side
    result = the_end(page, server, artifacts, "cf-vs-heuristic-over.png")
    assert result["winner"] in ("attacker", "defender")
