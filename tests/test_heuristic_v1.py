"""``heuristic-v1`` is frozen: the yardstick every later player is measured against plays as it played when it was
frozen (December 2026). Its games against itself on fixed seeds are pinned by their action codes
(``tests/data/heuristic_v1_games.json``); a change to the heuristic that moves one is a new player, not v1."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from warroom.ai import play, player
from warroom.ai.registry import STRENGTHS
from warroom.core.game import find_scenario, load_game

PINNED = json.loads((Path(__file__).parent / "data" / "heuristic_v1_games.json").read_text())


@pytest.mark.parametrize("key", sorted(PINNED))
def test_heuristic_v1_plays_its_pinned_games(key: str) -> None:
    name, seed = key.split("/")
    ruleset, path = find_scenario(name)
    game = load_game(ruleset, path)
    played = play(game, {s: player("heuristic-v1") for s in game.sides}, int(seed), scenario=path, history=False)
    codes = [game.encode(a) for a in played.actions]
    assert len(codes) == PINNED[key]["actions"]
    assert hashlib.sha256(json.dumps(codes).encode()).hexdigest() == PINNED[key]["codes_sha256"]
    assert played.result["winner"] == PINNED[key]["winner"]


def test_the_yardstick_is_named_as_such() -> None:
    made = player("heuristic-v1")
    assert repr(made) == "heuristic-v1" and made.name == "heuristic-v1"
    assert "normal-v1" not in STRENGTHS  # a yardstick, not a strength a person is offered
    assert repr(player("normal-v1")) == "heuristic-v1"
