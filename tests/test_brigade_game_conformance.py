"""The Brigade game against the generic conformance suite, perft counts from fixed positions, and a
golden transcript of one seeded game (regenerate the data with WARROOM_REGOLD=1)."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from warroom.core.game import load_game, record_of, replay
from warroom.rulesets.brigade.game import SCENARIOS, BrigadeState, invariants, secrets
from warroom.rulesets.brigade.game.actions import End, Select
from warroom.sim.playout import random_playout
from warroom.tools.conformance import check_conformance

RULE = pytest.mark.rule
REGOLD = os.environ.get("WARROOM_REGOLD") == "1"
DATA = Path(__file__).parent / "data" / "brigade_perft.json"
GOLDEN = Path(__file__).parent / "golden" / "brigade_ponyri.txt"
# 600 seeded random play-outs in all: the smaller scenario most, the larger ones too (butyrki, at the seed's
# brigade scale, costs about twice a ponyri game); in chunks of CHUNK, each its own test, so that a run on several
# cores (pytest -n auto) shares them out.
PLAYOUTS = {"ponyri": 350, "hill_112": 150, "butyrki": 100}
CHUNK = {"ponyri": 50, "hill_112": 50, "butyrki": 25}
"""Play-outs per test: about a minute of CPU each."""
JOBS = [(name, start, min(CHUNK[name], n - start)) for name, n in PLAYOUTS.items()
        for start in range(0, n, CHUNK[name])]


def test_the_chunks_cover_600_playouts() -> None:
    assert sum(count for _, _, count in JOBS) == sum(PLAYOUTS.values()) >= 600
    assert set(PLAYOUTS) == {p.stem for p in SCENARIOS.glob("*.toml")}  # every shipped scenario
    for name, n in PLAYOUTS.items():
        seeds = [seed for job, start, count in JOBS if job == name for seed in range(start, start + count)]
        assert seeds == list(range(n))


@pytest.mark.slow
@RULE("004", "Playing the Game")
@RULE("004", "Move Sequence")
@pytest.mark.parametrize(("name", "start", "count"), JOBS, ids=[f"{n}-{s}" for n, s, _ in JOBS])
def test_conformance_over_seeded_playouts(name: str, start: int, count: int) -> None:
    path = SCENARIOS / f"{name}.toml"
    game = load_game("brigade", path)
    report = check_conformance(game, path, range(start, start + count), sides=game.sides, secrets=secrets,
                               invariants=invariants)
    assert report.playouts == count
    assert not report.failures, report.failures[:10]


def _breakdown(state: BrigadeState) -> dict[str, int]:
    return dict(sorted(Counter(type(a).__name__ for a in state.legal_actions()).items()))


def _positions() -> dict[str, BrigadeState]:
    out = {}
    for name, seed, steps in (("ponyri", 3, 0), ("ponyri", 3, 40), ("hill_112", 5, 0), ("hill_112", 5, 77),
                              ("hill_112", 9, 4), ("hill_112", 9, 60), ("ponyri", 21, 16), ("butyrki", 2, 0),
                              ("butyrki", 2, 120)):
        game = load_game("brigade", SCENARIOS / f"{name}.toml")
        states, _ = random_playout(game, seed, steps)
        out[f"{name} seed {seed} after {steps} actions"] = states[-1]  # type: ignore[assignment]
    # the orders of a cavalry squadron (mount, dismount: BR-162) and of troops riding a lorry (BR-171)
    for name, seed, side, uid in (("ponyri", 4, "soviet", "RU-CAV"), ("hill_112", 4, "british", "GB-C")):
        game = load_game("brigade", SCENARIOS / f"{name}.toml")
        state: BrigadeState = game.initial_state(seed)  # type: ignore[assignment]
        while state.moving_side != side or state.phase != "orders":
            state = state.apply(End())
        out[f"{name} seed {seed}, {uid} selected in its side's first phase 5"] = state.apply(Select(uid))
    return out


def test_perft_counts_of_legal_actions() -> None:
    found = {key: {"count": len(s.legal_actions()), "to_act": s.to_act, "phase": s.phase, "by_kind": _breakdown(s)}
             for key, s in _positions().items()}
    if REGOLD or not DATA.exists():
        DATA.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    kept = json.loads(DATA.read_text())
    assert len(kept) >= 3
    for key, want in kept.items():
        got = found[key]
        assert got == want, (f"{key}: {got['count']} legal actions, expected {want['count']}; by kind "
                             f"{got['by_kind']} against {want['by_kind']}")


def _transcript() -> str:
    path = SCENARIOS / "ponyri.toml"
    game = load_game("brigade", path)
    states, actions = random_playout(game, 7, 5000)
    lines = [f"# {game.scenario.spec.title}: seed 7, random play (warroom.sim.playout.random_playout)"]
    lines += states[0].narration(None)
    for n, (state, action) in enumerate(zip(states[:-1], actions, strict=True), 1):
        after = states[n]
        lines.append(f"== {n}. {state.to_act}: {action} [code {game.encode(action)}]")
        lines += after.narration(None)
    lines.append(f"== result: {json.dumps(states[-1].result(), sort_keys=True)}")
    record = record_of(game, 7, actions, path)
    assert replay(record, path)[-1].to_json() == states[-1].to_json()
    return "\n".join(lines) + "\n"


@RULE("004", "Move Sequence")
def test_golden_transcript_of_a_seeded_game() -> None:
    text = _transcript()
    if REGOLD or not GOLDEN.exists():
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text(), "the transcript changed: diff it, and regenerate with WARROOM_REGOLD=1"


def test_narration_hides_what_a_side_has_not_seen() -> None:
    game = load_game("brigade", SCENARIOS / "ponyri.toml")
    states, _ = random_playout(game, 11, 5000)
    for state in states:
        for side in game.sides:
            told = "\n".join(state.narration(side))  # type: ignore[attr-defined]
            for secret in secrets(state, side):
                assert secret.strip('"') + " (" not in told, (side, secret)
