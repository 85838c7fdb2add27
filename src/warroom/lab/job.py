"""What a lab run plays, and one game of it with its trace.

A :class:`Job` is a scenario (by file and digest), the player on each side (canonical specs, as the ladder keys
them: :func:`warroom.ai.ladder.entrant`), the rule switches (:mod:`warroom.core.switches`), the umpire's base
tables, the first seed and whether every game is also played with the players exchanged (``swap_sides``).
Game *i* of a run has seed ``first_seed + i`` and is one :func:`warroom.ai.play`, so a run's games are the same
on one process, many, or a Ray cluster.

The trace of a game (:func:`play_task`) is read from each side's own view of its own units, which a side
always knows, and the objectives' holders as the rules count them at the end of each turn (Company Fire: the
turn; Brigade: the period):

- material: a side's units still fighting, each weighted by its state: Company Fire's good order 1, pinned
  0.75, suppressed 0.5 (seed 002 "Unit Status, Hit Results and Rallying": a pinned unit may not advance, a
  suppressed one may not fire), a destroyed or removed one 0; Brigade's share of its figures alive, a unit
  removed or destroyed 0 (seed 004 "Winning and Losing", BR-104);
- objectives held: Company Fire's ``held_by`` of each objective (CF-55); in Brigade, an objective held by a
  side with a unit's centre within its radius (3" unless given) and no enemy unit's (BR-130; transport and
  observers are not told apart here, so this count is the table's, not the final score's);
- where and what a side lost: a unit's type and its last place on the map when it was destroyed or removed;
  and the farthest column and row (or inches across and deep) a unit stood on, for the map's extent.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Hashable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from warroom.ai.ladder import entrant
from warroom.ai.loop import play
from warroom.ai.registry import player, plays
from warroom.core.base_tables import load_override, using_base_tables
from warroom.core.errors import UsageError
from warroom.core.game import Game, GameState, find_scenario, load_game, scenario_digest
from warroom.core.kit import kit_of
from warroom.core.switches import check_switches, with_switches

EVERY_SIDE = "*"
"""The key of ``players`` (in :func:`make_job`) whose player plays every side not named."""

@dataclass(frozen=True)
class Job:
    """What a run plays: the scenario, the players on ``sides`` (in order), the options, the seeds."""

    ruleset: str
    version: str
    scenario: str
    path: str
    sha256: str
    sides: tuple[str, str]
    players: tuple[str, str]
    rules: tuple[tuple[str, str], ...] = ()
    base_tables: str | None = None
    max_actions: int = 20_000
    first_seed: int = 1
    swap_sides: bool = False

    def options(self) -> dict[str, Any]:
        """Everything that makes the run's games what they are (the number of games aside): stored with the
        run, and compared when a run of the same name is resumed."""
        return {"ruleset": self.ruleset, "version": self.version, "scenario": self.scenario,
                "sha256": self.sha256, "players": dict(zip(self.sides, self.players, strict=True)),
                "rules": dict(self.rules), "base_tables": self.base_tables, "max_actions": self.max_actions,
                "first_seed": self.first_seed, "swap_sides": self.swap_sides}

    def tasks(self, games: int) -> list[Task]:
        """The run's games in order: seeds ``first_seed`` on, each also swapped when ``swap_sides``."""
        return [Task(self, self.first_seed + n, swapped) for n in range(games)
                for swapped in ((False, True) if self.swap_sides else (False,))]


@dataclass(frozen=True)
class Task:
    """One game of a job: its seed, and whether the players are exchanged."""

    job: Job
    seed: int
    swapped: bool

    @property
    def key(self) -> tuple[int, bool]:
        return (self.seed, self.swapped)

    def players(self) -> dict[str, str]:
        """The player spec on each side of this game."""
        specs = self.job.players[::-1] if self.swapped else self.job.players
        return dict(zip(self.job.sides, specs, strict=True))


def make_job(scenario_name: str, ruleset: str | None, players: Mapping[str, str], rules: Mapping[str, str],
             base_tables: Path | None, first_seed: int, swap_sides: bool, max_actions: int) -> Job:
    """The job of a command line, every part checked (one clear error naming what is allowed) before a game is
    played: the scenario, a player for each side that plays this game, the switches, the base tables."""
    game_id, path = find_scenario(scenario_name, ruleset)
    game = load_game(game_id, path)
    if len(game.sides) != 2:
        raise UsageError(f"{game.scenario_name} has {len(game.sides)} sides; the lab plays two-sided scenarios")
    sides = (game.sides[0], game.sides[1])
    extra = [s for s in players if s not in sides and s != EVERY_SIDE]
    if extra:
        raise UsageError(f"{', '.join(extra)} is not a side of {game.scenario_name}; its sides: {', '.join(sides)}")
    specs = []
    for side in sides:
        e = entrant(players.get(side, players.get(EVERY_SIDE, "random")))
        if not plays(player(e.spec), game_id):
            raise UsageError(f"player '{e.label}' does not play {game_id} ({game.scenario_name})")
        specs.append(e.spec)
    checked = check_switches(game_id, rules)
    if base_tables is not None:
        load_override(game_id, Path(base_tables))  # read and checked against the ruleset's tables, before any game
    # the same player on both sides plays the same game with the players exchanged (a game is given by its seed
    # and its players), so each seed is played once
    return Job(game_id, game.version, game.scenario_name, str(path), scenario_digest(path), sides,
               (specs[0], specs[1]), tuple(checked.items()), str(base_tables) if base_tables else None, max_actions,
               first_seed, swap_sides and specs[0] != specs[1])


@functools.cache
def job_game(ruleset: str, path: str, rules: tuple[tuple[str, str], ...]) -> Game:
    """The job's game with its switches set, made once a process."""
    game: Game = with_switches(load_game(ruleset, path), dict(rules))
    return game


@dataclass
class GameRow:
    """One game as the lab keeps it."""

    seed: int
    swapped: bool
    players: dict[str, str]
    winner: str | None
    finished: bool
    reason: str
    actions: int
    turns: int
    seconds: float
    losses: dict[str, dict[str, int]] = field(default_factory=dict)
    fell: list[tuple[str, str, float, float]] = field(default_factory=list)
    trace: list[tuple[int, dict[str, float], dict[str, int]]] = field(default_factory=list)
    deciding: list[str] = field(default_factory=list)
    extent: tuple[float, float] = (0.0, 0.0)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameRow:
        return GameRow(**{**data, "fell": [tuple(f) for f in data["fell"]],
                          "trace": [tuple(t) for t in data["trace"]],
                          "extent": tuple(data.get("extent", (0.0, 0.0)))})


def citations(text: str) -> list[str]:
    """The rules a text cites: ruling ids (CF-56, BR-130) and quoted or bracketed seed sections."""
    found = re.findall(r"\b[A-Z]{2,4}-\d+\b", text)
    found += [f'"{s}"' for s in re.findall(r'"([^"]+)"', text)]
    found += [f'"{s}"' for s in re.findall(r"\(([A-Z][a-z]+(?: [a-z]+)* [A-Z][a-z]+(?: [A-Za-z]+)*)\)", text)]
    return list(dict.fromkeys(found))


class _Tracer:
    """Follows a game action by action: each side's losses, where they fell, and its material and objectives at
    the end of each turn."""

    def __init__(self, game: Game, first: GameState) -> None:
        self.sides = game.sides
        self.kit = kit_of(game)
        self.units: dict[str, dict[str, tuple[str, bool, tuple[float, float] | None, float]]] = {}
        self.start: dict[str, dict[str, float]] = {s: {} for s in self.sides}
        self.losses: dict[str, dict[str, int]] = {s: {} for s in self.sides}
        self.fell: list[tuple[str, str, float, float]] = []
        self.trace: dict[int, tuple[dict[str, float], dict[str, int]]] = {}
        self.turn = 0
        self.extent = (0.0, 0.0)
        self.see(first, start=True)

    def see(self, state: GameState, start: bool = False) -> None:
        views = {s: state.observation(s) for s in self.sides}
        turn = views[self.sides[0]].get("turn", views[self.sides[0]].get("period", 0))
        self.turn = int(turn) if isinstance(turn, int) else self.turn
        material: dict[str, float] = {}
        places: dict[str, list[tuple[float, float]]] = {}
        for side, view in views.items():
            total = 0.0
            seen = self.units.setdefault(side, {})
            for u in self.kit.tally(view, side):
                if start:
                    self.start[side][u.id] = u.full
                worth = u.strength / self.start[side].get(u.id, u.full)
                total += worth
                before = seen.get(u.id)
                if before is not None and before[1] and not u.alive:
                    self.losses[side][u.type] = self.losses[side].get(u.type, 0) + 1
                    if before[2] is not None:
                        self.fell.append((side, u.type, *before[2]))
                seen[u.id] = (u.type, u.alive, u.at if u.at is not None else (before[2] if before else None), worth)
                if u.alive and u.at is not None and not u.aboard:
                    places.setdefault(side, []).append(u.at)
                    self.extent = (max(self.extent[0], u.at[0]), max(self.extent[1], u.at[1]))
            material[side] = round(total, 3)
        held = self.kit.objectives_held(views[self.sides[0]], places, self.sides)
        self.trace[0 if start else max(self.turn, 1)] = (material, held)


def play_task(task: Task) -> GameRow:
    """Play one game of a job with :func:`warroom.ai.play` and keep its result and trace."""
    job = task.job
    game = job_game(job.ruleset, job.path, job.rules)
    specs = task.players()
    start = time.perf_counter()
    tracer = _Tracer(game, game.initial_state(task.seed))

    def after(_before: GameState, _action: Hashable, state: GameState) -> None:
        tracer.see(state)

    with using_base_tables(job.ruleset, job.base_tables):
        played = play(game, {s: player(p) for s, p in specs.items()}, task.seed, scenario=Path(job.path),
                      max_actions=job.max_actions, history=False, on_action=after)
    finished = played.final.is_terminal()
    reason = str(played.result.get("reason", ""))
    last = " ".join(played.final.narration(None)[-3:]) if finished else ""
    return GameRow(task.seed, task.swapped, specs, played.result.get("winner") if finished else None, finished,
                   reason, len(played.actions), max(tracer.turn, 1), round(time.perf_counter() - start, 4),
                   tracer.losses, tracer.fell, [(t, m, h) for t, (m, h) in sorted(tracer.trace.items())],
                   citations(reason) or citations(last), tracer.extent)
