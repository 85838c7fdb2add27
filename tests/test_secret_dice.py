"""Secret dice: a game's seed drawn from the system's randomness and sealed by a commitment the players see at the
start, the seed in the record once the game is over, and ``warroom replay --verify`` checking the seal; a seed a
person chooses is marked so (its dice can be foreseen) and refused between friends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from warroom.ai import player
from warroom.cli.app import cli as main
from warroom.core.game import MAX_SEED, find_scenario, load_game, scenario_digest, secret_seed, seed_commitment
from warroom.play.session import Session
from warroom.web.app import create_app


def test_a_secret_seed_uses_the_whole_63_bits() -> None:
    seeds = {secret_seed() for _ in range(64)}
    assert len(seeds) == 64 and all(0 <= s <= MAX_SEED for s in seeds)
    assert max(seeds) > 2**56  # not the 31 bits a person could search through


def _finished(tmp_path: Path, seed: int, chosen: bool) -> Path:
    ruleset, path = find_scenario("crossroads_patrol")
    game = load_game(ruleset, path)
    s = Session(game, path, seed, {"attacker": player("random"), "defender": player("random")}, seed_chosen=chosen)
    while not s.over():
        s.opponent_move()
    return s.save(tmp_path / "game.json")


def test_the_commitment_verifies_and_a_changed_seed_does_not(tmp_path: Path) -> None:
    seed = secret_seed()
    saved = _finished(tmp_path, seed, chosen=False)
    data = json.loads(saved.read_text())
    commitment = seed_commitment("company-fire", data["version"], data["scenario_sha256"], seed)
    assert data["notes"]["commitment"] == commitment and data["notes"]["seed"] == "secret"
    runner = CliRunner()
    ok = runner.invoke(main, ["replay", str(saved), "--verify", commitment])
    assert ok.exit_code == 0, ok.output
    assert f"The seal holds: commitment {commitment} is of seed {seed}" in ok.output
    assert runner.invoke(main, ["replay", str(saved), "--verify"]).exit_code == 0  # the record's own seal
    # the seed changed in the record (and the game replayed under it would differ): the seal says so
    other = "0" * 63 + "1"
    bad = runner.invoke(main, ["replay", str(saved), "--verify", other])
    assert bad.exit_code != 0 and "the seal does not match" in bad.output + str(bad.exception)
    bad = runner.invoke(main, ["replay", str(saved), "--verify", "xyz"])
    assert bad.exit_code != 0 and "64 hexadecimal digits" in bad.output + str(bad.exception)


def test_a_chosen_seed_is_marked_so(tmp_path: Path) -> None:
    saved = _finished(tmp_path, 7, chosen=True)
    out = CliRunner().invoke(main, ["replay", str(saved), "--verify"])
    assert out.exit_code == 0 and "a seed chosen by a person: its dice could be foreseen" in out.output


def test_the_web_seals_a_game_and_refuses_a_chosen_seed_between_friends(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite")) as client:
        made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                               "side": "attacker", "opponent": "random"}).json()
        v = client.get(f"/api/games/{made['id']}", params={"token": made["seats"][0]["token"]}).json()
        assert v["seed"]["chosen"] is False and len(v["seed"]["commitment"]) == 64
        session = client.app.state.games.session(made["id"])  # type: ignore[attr-defined]
        assert str(session.seed) not in json.dumps(v)  # the seed itself is never sent while the game is on
        _, path = find_scenario("crossroads_patrol")
        assert v["seed"]["commitment"] == seed_commitment("company-fire", session.game.version,
                                                          scenario_digest(path), session.seed)
        # the player's twin of the game from what it sees (any seed it could guess) is not the served game
        guess = load_game("company-fire", path).initial_state(0)
        assert session.seed != 0 and guess.to_json()["rng"] != session.states[0].to_json()["rng"]
        r = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                            "side": "attacker", "opponent": "friend", "seed": 3})
        assert r.status_code == 400 and "between friends takes no chosen seed" in r.json()["detail"]
        chosen = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                                 "side": "attacker", "opponent": "random", "seed": 3}).json()
        v = client.get(f"/api/games/{chosen['id']}", params={"token": chosen["seats"][0]["token"]}).json()
        assert v["seed"]["chosen"] is True


@pytest.mark.parametrize("seed", [None, "5"])
def test_warroom_play_prints_the_seal_or_says_the_seed_was_chosen(seed: str | None) -> None:
    args = ["play", "crossroads_patrol", "--as", "attacker", "--vs", "random", *(["--seed", seed] if seed else [])]
    out = CliRunner().invoke(main, args, input="quit\n")
    if seed is None:
        assert "the dice sealed by commitment " in out.output and "seed " not in out.output.split(":")[0]
    else:
        assert "seed 5 (chosen: its dice, and the opponent's choices, can be foreseen)" in out.output
