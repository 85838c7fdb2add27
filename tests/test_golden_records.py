"""Golden records: seeded random play-outs of every shipped scenario of both games, kept as data.

Each record holds the seed, every action's code, and digests of what the game said and left:
the umpire's narration of every action, each side's narration of every action (fog of war),
each side's last observation and the last state's JSON. Replaying the actions must give the
same digests byte for byte, so a change that only moves code (docs/architecture.md) provably
changes no game. A change of the rules changes them on purpose: regenerate the data with
``WARROOM_REGOLD=1 pytest tests/test_golden_records.py`` and say why in the commit.

The play-outs are the random players of ``warroom playout`` (the same seed, the same game).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from warroom.core.game import load_game, shipped_scenarios
from warroom.sim.playout import random_choice

DATA = Path(__file__).parent / "golden" / "records"
GAMES = 20
MAX_ACTIONS = 3000
SCENARIOS = [(ruleset, path) for ruleset, paths in shipped_scenarios().items() for path in paths]


def _digest(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _play(ruleset: str, path: Path, seed: int, actions: list[int] | None = None) -> dict[str, Any]:
    """One game, chosen by the random player of ``seed`` or given as ``actions`` (codes), as a record."""
    game = load_game(ruleset, path)
    state = game.initial_state(seed)
    sides = tuple(game.sides)
    choose = random_choice(seed)
    codes: list[int] = []
    umpire = hashlib.sha256()
    by_side = {side: hashlib.sha256() for side in sides}
    step = 0
    limit = MAX_ACTIONS if actions is None else len(actions)
    while not state.is_terminal() and step < limit:
        if actions is None:
            action = choose(state)
        else:
            action = game.decode(actions[step])
            assert action in state.legal_actions(), f"seed {seed} action {step + 1}: {action} is no longer legal"
        codes.append(game.encode(action))
        state = state.apply(action)
        umpire.update(("\n".join(state.narration(None)) + "\n\x00").encode())
        for side in sides:
            by_side[side].update(("\n".join(state.narration(side)) + "\n\x00").encode())
        step += 1
    return {
        "seed": seed,
        "actions": codes,
        "narration": umpire.hexdigest()[:32],
        "narration_by_side": {side: h.hexdigest()[:32] for side, h in by_side.items()},
        "observation": {side: _digest(state.observation(side)) for side in sides},
        "state": _digest(state.to_json()),
        "result": state.result() if state.is_terminal() else None,
    }


def _file(ruleset: str, path: Path) -> Path:
    return DATA / f"{ruleset}__{path.stem}.json.gz"


@pytest.mark.parametrize(("ruleset", "path"), SCENARIOS, ids=[f"{r}:{p.stem}" for r, p in SCENARIOS])
def test_golden_records_replay_identically(ruleset: str, path: Path) -> None:
    target = _file(ruleset, path)
    if os.environ.get("WARROOM_REGOLD"):
        records = [_play(ruleset, path, seed) for seed in range(1, GAMES + 1)]
        DATA.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress(json.dumps(records, indent=0).encode(), mtime=0))
    assert target.exists(), f"no golden records for {ruleset}:{path.stem}; make them with WARROOM_REGOLD=1"
    records = json.loads(gzip.decompress(target.read_bytes()))
    assert len(records) == GAMES
    for kept in records:
        again = _play(ruleset, path, kept["seed"], kept["actions"])
        for key in ("actions", "narration", "narration_by_side", "observation", "state", "result"):
            assert again[key] == kept[key], f"{ruleset}:{path.stem} seed {kept['seed']}: {key} differs"


@pytest.mark.parametrize(("ruleset", "path"), SCENARIOS[:1], ids=[f"{r}:{p.stem}" for r, p in SCENARIOS[:1]])
def test_a_golden_record_is_the_random_players_game(ruleset: str, path: Path) -> None:
    """The recorded actions are the ones the seeded random player chooses: the records are the
    games ``warroom playout`` plays, not any legal sequence."""
    kept = json.loads(gzip.decompress(_file(ruleset, path).read_bytes()))[0]
    again = _play(ruleset, path, kept["seed"])
    assert again == kept
