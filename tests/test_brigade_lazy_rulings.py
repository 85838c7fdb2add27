"""Brigade words a ruling only when its narration is read (``warroom.core.rolled`` through ``Builder.roll``).

What is checked: a play-out that reads no narration words no ruling; a game's narration read long after the rolls
(every state kept, read last to first, after the game's dice have moved on) is the narration of the golden
records, which were read as each action was taken; and a line of narration is worded once, when first read.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from warroom.core import rolled
from warroom.core.game import load_game
from warroom.rulesets.brigade.game.common import Event
from warroom.sim.playout import play_random

GOLDEN = Path(__file__).parent / "golden" / "records"


def test_a_play_out_that_reads_no_narration_words_no_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    made, worded = [], []
    real = rolled.Rolled.ruling.fget
    assert real is not None

    def ruling(self: rolled.Rolled) -> Any:
        if self._ruling is None:
            worded.append(self.procedure)
        return real(self)

    init = rolled.Rolled.__init__

    def counted(self: rolled.Rolled, *args: Any) -> None:
        made.append(args[0])
        init(self, *args)

    monkeypatch.setattr(rolled.Rolled, "ruling", property(ruling))
    monkeypatch.setattr(rolled.Rolled, "__init__", counted)
    state, _ = play_random(load_game("brigade", "ponyri"), 5)
    assert state.is_terminal() and made and not worded


def test_a_line_of_narration_is_worded_once_when_first_read() -> None:
    calls = []

    def words() -> str:
        calls.append(1)
        return "\u27e80\u27e9: casualty test \u2014 worded"

    line = Event(("british",), words)
    assert calls == []  # nothing worded while the line is only kept
    assert line.text == "\u27e80\u27e9: casualty test \u2014 worded" and line.text == line.text
    assert calls == [1]
    assert line == Event(("british",), "\u27e80\u27e9: casualty test \u2014 worded")


@pytest.mark.parametrize("scenario", ["ponyri", "hill_112", "butyrki"])
def test_narration_read_late_is_the_golden_narration(scenario: str) -> None:
    game = load_game("brigade", scenario)
    sides = tuple(game.sides)
    records = json.loads(gzip.decompress((GOLDEN / f"brigade__{scenario}.json.gz").read_bytes()))
    for kept in records[:2]:
        state = game.initial_state(kept["seed"])
        states = []
        for code in kept["actions"]:
            state = state.apply(game.decode(code))
            states.append(state)
        # read last to first: every ruling is worded after the game's dice have moved on
        umpire_lines = [s.narration(None) for s in reversed(states)][::-1]
        side_lines = {side: [s.narration(side) for s in reversed(states)][::-1] for side in sides}
        umpire = hashlib.sha256()
        for lines in umpire_lines:
            umpire.update(("\n".join(lines) + "\n\x00").encode())
        assert umpire.hexdigest()[:32] == kept["narration"], f"{scenario} seed {kept['seed']}: umpire's narration"
        for side in sides:
            digest = hashlib.sha256()
            for lines in side_lines[side]:
                digest.update(("\n".join(lines) + "\n\x00").encode())
            assert digest.hexdigest()[:32] == kept["narration_by_side"][side], f"{scenario} seed {kept['seed']}: {side}"
