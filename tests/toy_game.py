"""A third game, made only to prove that a game plugs in by registering itself and a kit (docs/architecture.md
"Adding a game"): *Hilltop*, two squads on a 3x3 grid.

The rules, all of them: red starts at 0,0 and blue at 2,2; red acts first and the sides take turns. On its turn a
side moves its squad one space up, down, left or right (not onto the other squad), fires at the enemy squad when
it is in the same row or column (one six-sided die: 5 or 6 hits, and a hit squad is out of the game), or holds.
The game ends when a squad is out (the other side wins) or after 12 turns: then the side whose squad is on the
hill (the centre, 1,1) wins, and otherwise it is a draw. Both sides see everything; the dice come from the
state's own seeded generator, whose position (the number of dice thrown) is part of the state.

Nothing in warroom's packages knows this game: :func:`install` registers it with the core and its kit, and the
tests play it through the CLI, the terminal session, the web API and the simulator.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from warroom.core.errors import UsageError
from warroom.core.game import ActionFacts, register_game
from warroom.core.kit import Kit, register_kit

RULESET = "hilltop"
SIDES = ("red", "blue")
TURNS = 12
HILL = (1, 1)
STEPS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}
SCENARIO_TEXT = 'game = "hilltop"\nname = "Hilltop"\n'


@dataclass(frozen=True)
class Action:
    kind: str  # "move", "fire" or "hold"
    way: str = ""

    def __str__(self) -> str:
        return {"move": f"move {self.way}", "fire": "fire at the enemy squad", "hold": "hold"}[self.kind]


ACTIONS = (Action("hold"), Action("fire"), *(Action("move", w) for w in STEPS))


@dataclass(frozen=True)
class HilltopState:
    seed: int
    at: tuple[tuple[int, int] | None, tuple[int, int] | None]
    turn: int = 1
    thrown: int = 0
    log: tuple[str, ...] = ()

    @property
    def to_act(self) -> str | None:
        return None if self.is_terminal() else SIDES[(self.turn - 1) % 2]

    def _me(self) -> int:
        return (self.turn - 1) % 2

    def legal_actions(self) -> Sequence[Hashable]:
        if self.is_terminal():
            return []
        me, other = self.at[self._me()], self.at[1 - self._me()]
        assert me is not None and other is not None
        out: list[Hashable] = [Action("hold")]
        if me[0] == other[0] or me[1] == other[1]:
            out.append(Action("fire"))
        for way, (dx, dy) in STEPS.items():
            x, y = me[0] + dx, me[1] + dy
            if 0 <= x < 3 and 0 <= y < 3 and (x, y) != other:
                out.append(Action("move", way))
        return out

    def apply(self, action: Hashable) -> HilltopState:
        if action not in self.legal_actions():
            raise UsageError(f"'{action}' is not a legal action of this Hilltop position")
        assert isinstance(action, Action)
        me = self._me()
        at = list(self.at)
        thrown, lines = self.thrown, [f"{SIDES[me]}: {action}"]
        if action.kind == "move":
            here = at[me]
            assert here is not None
            dx, dy = STEPS[action.way]
            at[me] = (here[0] + dx, here[1] + dy)
        elif action.kind == "fire":
            die = int(np.random.default_rng([self.seed, thrown]).integers(1, 7))
            thrown += 1
            hit = die >= 5
            lines.append(f"  1d6 rolled {die}: {'a hit, the enemy squad is out' if hit else 'a miss'}")
            if hit:
                at[1 - me] = None
        return replace(self, at=(at[0], at[1]), turn=self.turn + 1, thrown=thrown, log=tuple(lines))

    def odds(self, action: Hashable) -> dict[str, dict[str, Fraction]]:
        if action not in self.legal_actions():
            raise UsageError(f"'{action}' is not a legal action of this Hilltop position")
        if isinstance(action, Action) and action.kind == "fire":
            return {"the enemy squad": {"out": Fraction(1, 3), "missed": Fraction(2, 3)}}
        return {}

    def is_terminal(self) -> bool:
        return None in self.at or self.turn > TURNS

    def result(self) -> dict[str, Any]:
        if not self.is_terminal():
            return {"winner": None, "reason": "the game goes on", "points": {s: 0 for s in SIDES}}
        if None in self.at:
            winner = SIDES[self.at.index(None) ^ 1]
            return {"winner": winner, "reason": "the enemy squad is out", "points": {s: 0 for s in SIDES}}
        on_hill = [s for s, p in zip(SIDES, self.at, strict=True) if p == HILL]
        points = {s: int(s in on_hill) for s in SIDES}
        if on_hill:
            return {"winner": on_hill[0], "reason": "holds the hill at the end", "points": points}
        return {"winner": None, "reason": "nobody holds the hill at the end", "points": points}

    def observation(self, side: str, *, log: bool = True) -> dict[str, Any]:
        if side not in SIDES:
            raise UsageError(f"'{side}' is not a side of Hilltop; sides: {', '.join(SIDES)}")
        mine = SIDES.index(side)
        own, enemy = self.at[mine], self.at[1 - mine]
        return {"side": side, "turn": self.turn, "to_act": self.to_act,
                "units": [] if own is None else [{"id": f"{side}-squad", "at": list(own)}],
                "enemy": [] if enemy is None else [{"id": f"{SIDES[1 - mine]}-squad", "at": list(enemy)}],
                "log": list(self.log) if log else []}

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "at": [None if p is None else list(p) for p in self.at], "turn": self.turn,
                "rng": self.thrown, "log": list(self.log)}

    def narration(self, side: str | None = None) -> list[str]:
        return list(self.log)


class HilltopGame:
    ruleset = RULESET
    version = "1"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.scenario_name = path.stem

    @property
    def sides(self) -> tuple[str, ...]:
        return SIDES

    def initial_state(self, seed: int) -> HilltopState:
        return HilltopState(seed, ((0, 0), (2, 2)))

    def state_from_json(self, data: dict[str, Any]) -> HilltopState:
        at = tuple(None if p is None else (int(p[0]), int(p[1])) for p in data["at"])
        return HilltopState(int(data["seed"]), (at[0], at[1]), int(data["turn"]), int(data["rng"]),
                            tuple(data["log"]))

    def encode(self, action: Hashable) -> int:
        return ACTIONS.index(action)  # type: ignore[arg-type]

    def facts_of(self, action: Hashable) -> ActionFacts:
        assert isinstance(action, Action)
        return ActionFacts(kind=action.kind, rolls_dice=action.kind == "fire")

    def decode(self, code: int) -> Hashable:
        if not 0 <= code < len(ACTIONS):
            raise UsageError(f"action code {code} is not a Hilltop action (0 to {len(ACTIONS) - 1})")
        return ACTIONS[code]


def load(path: Path) -> HilltopGame:
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    if 'game = "hilltop"' not in text:
        raise UsageError(f"{path}: not a Hilltop scenario (it says game = \"hilltop\")")
    return HilltopGame(Path(path))


class HilltopKit(Kit):
    """Hilltop's kit: only what it does its own way; every other part is the plain :class:`Kit`'s."""

    ruleset = RULESET
    label = "Hilltop"

    def heading(self, obs: Any) -> str:
        return f"turn {obs['turn']} of {TURNS}, {obs['to_act'] or 'nobody'} to act"

    def lost(self, obs: Any) -> dict[str, str]:
        return {} if obs["units"] else {f"{obs['side']}-squad": "shot"}

    def terminal_board(self, game: Any, obs: Any) -> str:
        marks = {tuple(u["at"]): "R" if u["id"].startswith("red") else "B" for u in [*obs["units"], *obs["enemy"]]}
        return "\n".join(" ".join(marks.get((x, y), "^" if (x, y) == HILL else ".") for x in range(3))
                         for y in range(3))


def install(folder: Path) -> Path:
    """Register Hilltop and its kit; its one scenario is written to ``folder``."""
    scenario = folder / "hilltop.toml"
    scenario.write_text(SCENARIO_TEXT, encoding="utf-8")
    register_game(RULESET, load, lambda: [scenario])
    register_kit(HilltopKit())
    return scenario
