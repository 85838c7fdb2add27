"""The generic conformance suite every full game must pass (docs/architecture.md "Tests that anchor the rules").

Over many seeded random play-outs it checks: legal actions exist unless the game is
over; ``apply`` never changes its input; states round-trip through JSON; action codes
round-trip and are unique; a replay of the record reproduces the game; observations
are plain JSON and hold nothing the side may not know; and the game's own
invariants hold in every state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from warroom.core.game import Game, GameState, record_of, replay
from warroom.sim.playout import random_playout

Secrets = Callable[[GameState, str], Iterable[str]]
Invariants = Callable[[GameState], Iterable[str]]


@dataclass
class ConformanceReport:
    """What the suite found: every failure with the play-out and step it happened at."""

    playouts: int = 0
    states: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def fail(self, seed: int, step: int, message: str) -> None:
        if len(self.failures) < 50:
            self.failures.append(f"seed {seed}, step {step}: {message}")


def check_conformance(
    game: Game,
    scenario: Path,
    seeds: Iterable[int],
    *,
    max_actions: int = 5000,
    secrets: Secrets | None = None,
    invariants: Invariants | None = None,
    sides: Iterable[str] = (),
    full_check_every: int = 1,
) -> ConformanceReport:
    """Run the suite over one random play-out per seed.

    Every state gets the cheap checks (actions exist unless over, codes unique and round-trip,
    invariants); the costly ones (JSON round trip, ``apply`` leaving its input alone, observations
    hiding the secrets) run on every ``full_check_every``-th state and on the last one, so a long
    suite can cover many play-outs in the same time. Every play-out is replayed from its record.
    """
    report = ConformanceReport()
    sides = tuple(sides)
    for seed in seeds:
        report.playouts += 1
        states, actions = random_playout(game, seed, max_actions)
        for step, state in enumerate(states):
            report.states += 1
            full = step % full_check_every == 0 or step == len(states) - 1
            _check_state(game, state, seed, step, report, secrets, invariants, sides, full)
            if full and step < len(actions):
                before = json.dumps(state.to_json(), sort_keys=True)
                state.apply(actions[step])
                if json.dumps(state.to_json(), sort_keys=True) != before:
                    report.fail(seed, step, f"apply({actions[step]}) changed the state it was given")
        final = states[-1]
        if not final.is_terminal() and len(actions) < max_actions:
            report.fail(seed, len(actions), "the play-out stopped before the game was over")
        record = record_of(game, seed, actions, scenario, states)
        replayed = replay(record, scenario)
        if json.dumps(replayed[-1].to_json(), sort_keys=True) != json.dumps(final.to_json(), sort_keys=True):
            report.fail(seed, len(actions), "replaying the record did not reproduce the game")
    return report


def _check_state(
    game: Game,
    state: GameState,
    seed: int,
    step: int,
    report: ConformanceReport,
    secrets: Secrets | None,
    invariants: Invariants | None,
    sides: tuple[str, ...],
    full: bool = True,
) -> None:
    legal = list(state.legal_actions())
    if state.is_terminal():
        if legal:
            report.fail(seed, step, "a finished game still offers actions")
        if state.to_act is not None:
            report.fail(seed, step, "a finished game still has a side to act")
        if "winner" not in state.result():
            report.fail(seed, step, "a finished game's result names no winner (None for a draw)")
    elif not legal:
        report.fail(seed, step, "no legal action in a game that is not over")
    codes = [game.encode(a) for a in legal]
    if len(set(codes)) != len(codes):
        report.fail(seed, step, "two legal actions share an integer code")
    for action, code in zip(legal, codes, strict=True):
        if game.decode(code) != action:
            report.fail(seed, step, f"action {action} does not decode from its code {code}")
    for problem in invariants(state) if invariants is not None else ():
        report.fail(seed, step, problem)
    if not full:
        return
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    again = game.state_from_json(json.loads(text))
    if json.dumps(again.to_json(), sort_keys=True) != text:
        report.fail(seed, step, "the state does not round-trip through JSON")
    elif list(again.legal_actions()) != legal:
        report.fail(seed, step, "the state read back from JSON offers different actions")
    for side in sides:
        seen = json.dumps(state.observation(side), sort_keys=True)
        for secret in secrets(state, side) if secrets is not None else ():
            if secret in seen:
                report.fail(seed, step, f"{side}'s observation shows {secret!r}, which {side} may not know")
