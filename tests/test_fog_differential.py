"""Fog of war as a rule (docs/rulings.md CF-46 ... CF-48, CF-57, CF-63, CF-125 ... CF-131; seed 004 "Detection"):
a side reads a game only through its own view, and what it reads never depends on what it cannot know.

Over states of seeded random games of every shipped scenario of each game with hidden information
(enumerated from the registry, so a new scenario is picked up), :mod:`warroom.tools.fog` builds twins of the
state that differ only in what one side cannot know (Company Fire: a real blind turned dummy, a dummy turned
real, the bocage flags of hidden units flipped, a hidden unit moved between blinds; Brigade: an undetected
unit moved, an unfound minefield moved) and checks that the side's observation, to_act, segment or phase,
narration, legal actions when it acts and the odds of some of them are the same in both, then after each of a
few actions taken on both. Zero differences is the result. A self-test plants a leak to show the check can fail.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from warroom.core.game import GameState, load_game, shipped_scenarios
from warroom.sim.playout import random_playout
from warroom.tools.fog import FogReport, check_fog, fog_differences, state_odds, twin_games, twins

RULE = pytest.mark.rule

SEEDS = {"company-fire": 12, "brigade": 6}
"""Seeded random games per shipped scenario of each game (the whole run: about 40 s of CPU)."""
CHUNK = {"company-fire": 4, "brigade": 2}
EVERY = 2
"""Every second state of each game is a starting point for twins (with two twins per side, four actions on)."""

SCENARIOS = [(ruleset, path) for ruleset, paths in shipped_scenarios().items() if ruleset in twin_games()
             for path in paths]
FOG_CHUNKS = [(ruleset, path, start, min(CHUNK[ruleset], SEEDS[ruleset] - start)) for ruleset, path in SCENARIOS
              for start in range(0, SEEDS[ruleset], CHUNK[ruleset])]


def run(ruleset: str, path: Path, seeds: range, every: int = EVERY, odds: Any = state_odds,
        limit: int | None = None, table: bool = False) -> FogReport:
    game = load_game(ruleset, path)
    report = FogReport()
    for seed in seeds:
        states, _ = random_playout(game, seed, 3000)
        check_fog(ruleset, game, states[:limit:every], seed, odds=odds, report=report, table=table)
    return report


def test_every_game_with_hidden_information_has_a_twin_builder_and_its_scenarios_are_all_run() -> None:
    assert {"company-fire", "brigade"} <= set(twin_games())
    for ruleset, paths in shipped_scenarios().items():
        if ruleset not in twin_games():
            continue
        for path in paths:
            covered = [s for r, p, start, n in FOG_CHUNKS if r == ruleset and p == path
                       for s in range(start, start + n)]
            assert covered == list(range(SEEDS[ruleset])), path.name


@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "path"), [("company-fire", p) for r, p in SCENARIOS
                                               if r == "company-fire" and p.stem == "hedgerow_breakout"]
                         + [("brigade", p) for r, p in SCENARIOS if r == "brigade"][:1],
                         ids=lambda x: getattr(x, "stem", x))
def test_fog_on_a_few_states(ruleset: str, path: Path) -> None:
    """The quick version: the first states of one game."""
    report = run(ruleset, path, range(1), every=1, limit=30)
    assert report.twins >= 20, f"only {report.twins} twins were built"
    assert report.ok, "\n".join(report.differences)


@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "path"), [("company-fire", p) for r, p in SCENARIOS
                                               if r == "company-fire" and p.stem == "hedgerow_breakout"]
                         + [("brigade", p) for r, p in SCENARIOS if r == "brigade"][:1],
                         ids=lambda x: getattr(x, "stem", x))
def test_fog_with_the_dice_thrown_at_the_table(ruleset: str, path: Path) -> None:
    """With the dice thrown at the table, what a side is asked to throw is the same in twins that differ only in
    what it cannot know (a hidden unit's own rolls are warroom's), and so is all it reads after."""
    report = run(ruleset, path, range(2), every=4, limit=200, table=True)
    assert report.twins >= 20, f"only {report.twins} twins were built"
    assert report.ok, "\n".join(report.differences)


@pytest.mark.slow
@RULE("002", "Individual Unit Fire")
@RULE("004", "Detection")
@pytest.mark.parametrize(("ruleset", "path", "start", "count"), FOG_CHUNKS,
                         ids=[f"{r}-{p.stem}-{s}" for r, p, s, _ in FOG_CHUNKS])
def test_fog_differential_over_seeded_games(ruleset: str, path: Path, start: int, count: int) -> None:
    report = run(ruleset, path, range(start, start + count))
    assert report.twins > 0, f"{path.name}: no twin was built (the scenario hides nothing?)"
    assert report.ok, "\n".join(report.differences)


# --- the check can fail ----------------------------------------------------------------------------------------


def leaky_odds(state: GameState, action: Hashable) -> Any:
    """A planted leak: the odds of fire at a space also count the enemy's hidden units there."""
    out = state_odds(state, action)
    space = getattr(action, "space", None)
    if out is not None and space is not None:
        hidden = [i for i in state.at(space) if state.units[i].hidden]  # type: ignore[attr-defined]
        out = {**out, "units under it": len(hidden)}
    return out


def hedgerow() -> Path:
    return next(p for r, p in SCENARIOS if r == "company-fire" and p.stem == "hedgerow_breakout")


def test_a_planted_leak_in_the_odds_is_found() -> None:
    report = run("company-fire", hedgerow(), range(1), every=1, odds=leaky_odds, limit=30)
    assert not report.ok
    assert any("odds of" in d for d in report.differences)


def test_a_planted_leak_in_the_observation_is_found() -> None:
    """A twin whose state shows the side one hidden unit more is told apart by the observation."""
    game = load_game("company-fire", hedgerow())
    state = game.initial_state(1)
    rng = random.Random(1)
    twin = next(t for t in twins("company-fire", state, "attacker", rng) if "turned dummy" in t.what)
    units = list(twin.state.units)  # type: ignore[attr-defined]
    i = next(k for k, u in enumerate(units) if u.at is None)
    units[i] = state.units[i]._replace(hidden=False)  # type: ignore[attr-defined]
    leaked = type(twin)(twin.side, twin.what, twin.state.replace(units=tuple(units)),  # type: ignore[attr-defined]
                        twin.public, twin.unseen)
    assert any("observation differs in" in d for d in fog_differences(leaked, state, rng))
