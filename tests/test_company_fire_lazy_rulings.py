"""Company Fire words a ruling only when its narration is read (``warroom.core.rolled``).

What is checked: a roll made for play gives the same result, the same dice and, once read, the same ruling
character for character as ``warroom.roll`` with the same generator, and leaves the generator where
``warroom.roll`` leaves it; and a game's narration read long after the rolls (every state kept, read last to
first, after the game's dice have moved on) is the narration of the golden records, which were read as each
action was taken.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from warroom.core.api import roll
from warroom.core.chance import Card
from warroom.core.game import load_game
from warroom.core.registry import procedures
from warroom.core.rolled import roll_for_play
from warroom.rulesets.company_fire.game import LogLine

GOLDEN = Path(__file__).parent / "golden" / "records"
CF_PROCEDURES = [spec for spec in procedures("company-fire") if spec.example]


@pytest.mark.parametrize("spec", CF_PROCEDURES, ids=[spec.id for spec in CF_PROCEDURES])
def test_a_roll_for_play_is_warroom_roll_worded_later(spec) -> None:  # type: ignore[no-untyped-def]
    for seed in range(12):
        eager_rng, lazy_rng = np.random.default_rng(seed), np.random.default_rng(seed)
        eager = roll(spec.id, dict(spec.example), rng=eager_rng)
        lazy = roll_for_play(spec.id, dict(spec.example), lazy_rng)
        # both generators moved on by the same dice, before the lazy ruling is worded
        assert eager_rng.integers(0, 2**62) == lazy_rng.integers(0, 2**62)
        assert lazy.result == eager.result and lazy.row == eager.row and lazy.after == eager.after
        # the same throws: a ruling labels a turn of a process "turn 2, clock"; a card shows as its name
        assert len(lazy.thrown) == len(eager.dice)
        for (label, value, _), shown in zip(lazy.thrown, eager.dice, strict=True):
            assert shown.label == label or shown.label.endswith(f", {label}")
            assert shown.value == (str(value) if isinstance(value, Card) else value)
        assert str(lazy) == str(eager)
        assert lazy.ruling.to_dict() == eager.to_dict()


def test_a_log_line_is_worded_once_when_first_read() -> None:
    calls = []

    def words() -> str:
        calls.append(1)
        return "Movement Test \u2014 worded"

    line = LogLine(words, "attacker")
    assert calls == []  # nothing worded while the line is only kept
    assert line.text == "Movement Test \u2014 worded" and line.text == "Movement Test \u2014 worded"
    assert calls == [1]
    assert tuple(line) == ("Movement Test \u2014 worded", "attacker") and line == LogLine("Movement Test \u2014 worded",
                                                                                          "attacker")


@pytest.mark.parametrize("scenario", ["crossroads_patrol", "hedgerow_hell", "munassib_minefield", "villa_rogatti"])
def test_narration_read_late_is_the_golden_narration(scenario: str) -> None:
    game = load_game("company-fire", scenario)
    sides = tuple(game.sides)
    records = json.loads(gzip.decompress((GOLDEN / f"company-fire__{scenario}.json.gz").read_bytes()))
    for kept in records[:3]:
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
