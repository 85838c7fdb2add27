"""The generic game interface, records, replay and the conformance suite, on a tiny game.

The tiny game ("Race"): two sides take turns; the side to act may advance (1d6 from the
state's own generator) or hold; each side has a secret reserve only it may see; the
first to 10 wins. It exists to test the machinery every full game relies on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from warroom.core import game as game_module
from warroom.core.errors import UsageError
from warroom.core.game import (
    ActionFacts,
    GameRecord,
    ReplayDiffers,
    Result,
    load_game,
    record_of,
    register_game,
    replay,
)
from warroom.tools.conformance import check_conformance

ACTIONS = ("advance", "hold")


@dataclass(frozen=True)
class RaceState:
    scores: tuple[int, int]
    reserves: tuple[int, int]
    turn: int
    rng: str  # the generator's state as JSON

    @property
    def to_act(self) -> str | None:
        return None if self.is_terminal() else ("red", "black")[self.turn % 2]

    def legal_actions(self) -> list[str]:
        return [] if self.is_terminal() else list(ACTIONS)

    def apply(self, action: Any) -> RaceState:
        if action not in self.legal_actions():
            raise UsageError(f"{action!r} is not legal here; legal: {', '.join(self.legal_actions())}")
        if action == "hold":
            return replace(self, turn=self.turn + 1)
        generator = np.random.Generator(np.random.PCG64())
        generator.bit_generator.state = json.loads(self.rng)
        roll = int(generator.integers(1, 7))
        scores = list(self.scores)
        scores[self.turn % 2] += roll
        return RaceState((scores[0], scores[1]), self.reserves, self.turn + 1,
                         json.dumps(generator.bit_generator.state))

    def is_terminal(self) -> bool:
        return max(self.scores) >= 10 or self.turn >= 40

    def result(self) -> Result:
        if max(self.scores) < 10:
            return {"winner": None, "reason": "turn limit"}
        return {"winner": "red" if self.scores[0] >= 10 else "black", "reason": "reached 10"}

    def observation(self, side: str) -> dict[str, Any]:
        mine = 0 if side == "red" else 1
        return {"scores": list(self.scores), "my_reserve": f"reserve-{side}-{self.reserves[mine]}",
                "to_act": self.to_act}

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "reserves": list(self.reserves), "turn": self.turn, "rng": self.rng}

    def narration(self, side: str | None = None) -> list[str]:
        return [f"scores {self.scores[0]}-{self.scores[1]}"]


@dataclass
class Race:
    ruleset: str = "race"
    version: str = "1"
    scenario_name: str = "race"
    sides: tuple[str, ...] = ("red", "black")

    def initial_state(self, seed: int) -> RaceState:
        generator = np.random.default_rng(seed)
        reserves = (int(generator.integers(1, 100)), int(generator.integers(1, 100)))
        return RaceState((0, 0), reserves, 0, json.dumps(generator.bit_generator.state))

    def state_from_json(self, data: dict[str, Any]) -> RaceState:
        return RaceState(tuple(data["scores"]), tuple(data["reserves"]), data["turn"], data["rng"])  # type: ignore[arg-type]

    def encode(self, action: Any) -> int:
        return ACTIONS.index(action)

    def decode(self, code: int) -> str:
        if not 0 <= code < len(ACTIONS):
            raise UsageError(f"no action has code {code}")
        return ACTIONS[code]

    def facts_of(self, action: Any) -> ActionFacts:
        return ActionFacts(kind=str(action), rolls_dice=action == "advance")  # of no unit, on no board


@pytest.fixture
def scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    game_module.games()  # the real games register first, so they are there again after the test
    monkeypatch.setattr(game_module, "_GAMES", {})
    register_game("race", lambda path: Race())
    path = tmp_path / "race.toml"
    path.write_text("name = 'race'\n")
    return path


def _secrets(state: Any, side: str) -> list[str]:
    other = 1 if side == "red" else 0
    return [f"reserve-{('red', 'black')[other]}-{state.reserves[other]}"]


def test_conformance_passes_for_a_correct_game(scenario: Path) -> None:
    report = check_conformance(Race(), scenario, range(40), secrets=_secrets, sides=("red", "black"))
    assert report.ok, report.failures
    assert report.playouts == 40 and report.states > 40


def test_conformance_catches_a_leak(scenario: Path) -> None:
    class Leaky(RaceState):
        def observation(self, side: str) -> dict[str, Any]:
            return {"all": [f"reserve-red-{self.reserves[0]}", f"reserve-black-{self.reserves[1]}"]}

    class LeakyRace(Race):
        def initial_state(self, seed: int) -> RaceState:
            s = super().initial_state(seed)
            return Leaky(s.scores, s.reserves, s.turn, s.rng)

    report = check_conformance(LeakyRace(), scenario, range(3), secrets=_secrets, sides=("red", "black"))
    assert not report.ok and "may not know" in report.failures[0]


def test_record_saves_atomically_and_replays(scenario: Path, tmp_path: Path) -> None:
    game = load_game("race", scenario)
    state, actions = game.initial_state(7), []
    while not state.is_terminal():
        actions.append("advance")
        state = state.apply("advance")
    saved = record_of(game, 7, actions, scenario).save(tmp_path / "game.json")
    again = replay(GameRecord.load(saved))
    assert again[-1].to_json() == state.to_json() and len(again) == len(actions) + 1
    assert not list(tmp_path.glob(".game.json.*"))  # no temporary file left behind


def _race_record(scenario: Path, seed: int = 7) -> tuple[GameRecord, list[str]]:
    """A whole race: black holds (no dice), red advances, so black's moves can be edited."""
    game = load_game("race", scenario)
    state, actions = game.initial_state(seed), []
    while not state.is_terminal():
        action = "advance" if state.to_act == "red" else "hold"
        actions.append(action)
        state = state.apply(action)
    return record_of(game, seed, actions, scenario), actions


def _play_out(record: GameRecord) -> Any:
    state = Race().initial_state(record.seed)
    for code in record.actions:
        state = state.apply(ACTIONS[code])
    return state


def test_a_record_holds_a_chained_digest_per_action(scenario: Path) -> None:
    record, actions = _race_record(scenario)
    assert record.digests is not None and len(record.digests) == len(actions)
    assert len(set(record.digests)) == len(actions)  # the chain never repeats, even where positions could
    assert record.final_digest is not None and record.final_digest.startswith(record.digests[-1])
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record and len(replay(again)) == len(actions) + 1


def _same_result_edit(scenario: Path) -> tuple[GameRecord, int]:
    """A record and an action of it that, turned from hold to advance, leaves a legal game with the same result."""
    for seed in range(1, 60):
        record, actions = _race_record(scenario, seed)
        for index, action in enumerate(actions):
            if action != "hold":
                continue
            codes = (*record.actions[:index], 0, *record.actions[index + 1:])
            state: Any = Race().initial_state(seed)
            for code in codes:
                if state.is_terminal():
                    break
                state = state.apply(ACTIONS[code])
            else:
                if state.is_terminal() and state.result() == _play_out(record).result():
                    return replace(record, actions=codes), index
    raise AssertionError("no edit leaves the same result")


def test_an_edited_action_with_the_same_winner_is_named(scenario: Path) -> None:
    """reliability audit §3: an edit that leaves the result unchanged was reported as the same game."""
    edited, index = _same_result_edit(scenario)
    with pytest.raises(ReplayDiffers, match=f"at action {index + 1} \\(advance\\)") as caught:
        replay(edited)
    assert caught.value.action == index + 1


def test_an_action_leaving_the_same_position_is_still_a_different_game(scenario: Path) -> None:
    """The digest is chained through the action codes, so even an edit that leaves an equal position shows."""
    record, _ = _race_record(scenario)
    digests = record.digests
    assert digests is not None
    forged = replace(record, digests=("0" * 16, *digests[1:]))
    with pytest.raises(ReplayDiffers, match=r"at action 1 .*no action agrees"):
        replay(forged)


def test_a_record_cut_short_is_refused(scenario: Path) -> None:
    record, _ = _race_record(scenario)
    assert record.digests is not None
    cut = replace(record, actions=record.actions[:-2], digests=record.digests[:-2])
    with pytest.raises(ReplayDiffers, match="actions were cut from its end") as caught:
        replay(cut)
    assert caught.value.action is None
    with pytest.raises(UsageError, match="the record has been cut or extended"):
        GameRecord.from_json({**record.to_json(), "actions": list(record.actions[:-2])})


def test_a_record_of_the_first_format_replays_without_digests(scenario: Path, tmp_path: Path) -> None:
    record, actions = _race_record(scenario)
    old = {key: value for key, value in record.to_json().items()
           if key not in ("digests", "final_digest", "scenario_text")}
    old["format"] = "warroom-game-record/1"
    old["scenario"] = str(scenario.resolve())  # the first format named the scenario by its path
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    loaded = GameRecord.load(path)
    assert loaded.digests is None and loaded.format == "warroom-game-record/1"
    assert len(replay(loaded)) == len(actions) + 1
    assert loaded.to_json() == old


def test_replay_refuses_another_scenario_or_version(scenario: Path, tmp_path: Path) -> None:
    game = load_game("race", scenario)
    record = record_of(game, 1, ["hold"], scenario)
    scenario.write_text("name = 'changed'\n")
    assert len(replay(record)) == 2  # the record holds the scenario it was played on
    with pytest.raises(UsageError, match="not the one the record was made with"):
        replay(record, scenario)
    with pytest.raises(UsageError, match="whose rules differ"):
        replay(replace(record, version="0", scenario_sha256=game_module.scenario_digest(scenario)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "not a game record"),
        ('{"format": "other"}', "format is 'other'"),
        ('{"format": "warroom-game-record/1", "ruleset": "race", "version": "1", "scenario": "s", '
         '"scenario_sha256": "x", "seed": "1", "actions": []}', "field 'seed' is \"1\": a game's seed is a whole"),
        ('{"format": "warroom-game-record/1", "ruleset": "race", "version": "1", "scenario": "s", '
         '"scenario_sha256": "x", "seed": 1, "actions": [-1]}', r"field 'actions' \(item 1\) is -1: a list of"),
        ('{"format": "warroom-game-record/1", "ruleset": "race", "version": "1", "scenario": "s", '
         '"scenario_sha256": "x", "seed": -3, "actions": []}', "field 'seed' is -3: a game's seed is a whole number "
         "from 0 to 2"),
        ('{"format": "warroom-game-record/2", "ruleset": "race", "version": "1", "scenario": "s", '
         '"scenario_sha256": "x", "seed": 1, "actions": [1], "digests": ["xyz"], "final_digest": ""}',
         r"field 'digests' \(item 1\) is \"xyz\": a list of 16-digit hexadecimal"),
        ('{"format": "warroom-game-record/2", "ruleset": "race", "version": "1", "scenario": "s", '
         '"scenario_sha256": "x", "seed": 1, "actions": [1], "digests": ["0123456789abcdef"]}',
         "field 'final_digest' is missing: a 64-digit"),
    ],
)
def test_a_broken_record_is_one_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(UsageError, match=message):
        GameRecord.load(path)


def test_unknown_game_and_missing_scenario(scenario: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"'rase' is not a playable game \(did you mean 'race'"):
        load_game("rase", scenario)
    with pytest.raises(UsageError, match="no such file"):
        load_game("race", tmp_path / "nope.toml")


def test_a_shipped_scenario_is_loaded_by_its_name() -> None:
    game = load_game("company-fire", "crossroads_patrol")
    assert game.scenario_name.lower().startswith("crossroads")
    with pytest.raises(UsageError, match=r"no scenario file or shipped scenario 'crossroad' \(did you mean "
                                         r"'crossroads_patrol'\?\)"):
        load_game("company-fire", "crossroad")
    with pytest.raises(UsageError, match="no scenario file or shipped scenario 'ponyri'"):
        load_game("company-fire", "ponyri")  # a Brigade scenario is not a Company Fire one
