"""Company Fire game: the state, :class:`CFState`, one position of a game, immutable; and its JSON form.

A state is built from the records of :mod:`.common` (units, minefields, fire missions, smoke, decisions, log
lines: design "State"), the initiative deck and segment (:mod:`warroom.rulesets.company_fire.initiative`) and
its generator's place in its stream. The side to act is the phasing side, the other side in the reaction
segment (seed "Initiative and Phase Sequence", "Non-Phasing Reaction Fire"), or the side a decision in the
middle of an action waits on (CF-60); until the game is over, the result is the victory points so far (CF-55).
A state answers the rules' queries (:class:`.rules.Rules`) and gives its legal actions (:mod:`.legal`); what
the modules above it do, it hands to its game (:class:`.base.GameBase`): ``apply`` (:mod:`.play`),
``observation`` (:mod:`.observe`) and ``odds`` (:mod:`.odds`). ``to_json`` and ``CFGame.state_from_json`` are
each other's inverse.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from fractions import Fraction
from typing import Any, cast

from warroom.core.chance import Card, parse_card
from warroom.core.errors import UsageError
from warroom.core.game import Result
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.base import GameBase
from warroom.rulesets.company_fire.game.common import (
    REACTION,
    Decision,
    LogLine,
    MineState,
    Mission,
    Smoke,
    UnitState,
    other_side,
)
from warroom.rulesets.company_fire.game.legal import legal_of, why_illegal
from warroom.rulesets.company_fire.game.rules import Rules, points_of
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.initiative import SEGMENTS, Initiative


class CFState(Rules):
    """One position of a Company Fire game. Nothing changes a state once made: :meth:`apply` works on a
    :class:`Play` copy and freezes it into the next state; its sequences are tuples.

    A plain class (not a dataclass) with every field set in ``__init__``, so that it compiles to a native
    class (README "Speed"); :meth:`replace` is ``dataclasses.replace`` for it."""

    __slots__ = (
        "_cache",
        "_memo",
        "decisions",
        "declared",
        "dummies",
        "game",
        "held",
        "init",
        "log",
        "mines",
        "missions",
        "outcome",
        "rng",
        "smoke",
        "steps",
        "units",
    )

    held: tuple[str, ...]
    log: tuple[LogLine, ...]
    rng: tuple[int, int, int, int]
    outcome: dict[str, Any] | None
    steps: int
    _cache: dict[str, Any]

    def __init__(self, game: GameBase, units: tuple[UnitState, ...], dummies: tuple[tuple[str, Space], ...],
                 mines: tuple[MineState, ...], init: Initiative, missions: tuple[tuple[int, int], ...],
                 declared: tuple[Mission, ...], smoke: tuple[Smoke, ...], held: tuple[str, ...],
                 decisions: tuple[Decision, ...], log: tuple[LogLine, ...], rng: tuple[int, int, int, int],
                 outcome: dict[str, Any] | None, steps: int, legal: list[Action] | None = None,
                 memo: dict[Any, Any] | None = None) -> None:
        self.game = game
        self.units = units
        self.dummies = dummies
        self.mines = mines
        self.init = init
        self.missions = missions
        self.declared = declared
        self.smoke = smoke
        self.held = held
        self.decisions = decisions
        self.log = log
        self.rng = rng
        self.outcome = outcome
        self.steps = steps
        self._cache = {} if legal is None else {"legal": legal}
        self._memo = memo

    def replace(self, **changes: Any) -> CFState:
        """A copy with some fields changed (``dataclasses.replace``), its answers worked out afresh."""
        fields = {name: getattr(self, name) for name in _STATE_FIELDS}
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"CFState has no field {', '.join(sorted(unknown))}: its fields are {', '.join(fields)}")
        fields.update(changes)
        return CFState(**fields)

    def __repr__(self) -> str:
        return f"CFState({self.game.scenario_name!r}, turn {self.init.turn}, {self.segment_name}, step {self.steps})"

    @property
    def to_act(self) -> str | None:
        if self.outcome is not None:
            return None
        if self.decisions:
            return self.decisions[0].side
        return other_side(self.init.phasing) if self.init.segment == REACTION else self.init.phasing

    def memo(self) -> dict[Any, Any]:
        m = self._memo
        if m is None:
            m = self.position_memo()
            self._memo = m
        return m

    def legal_actions(self) -> list[Action]:
        if "legal" not in self._cache:
            self._cache["legal"] = [] if self.outcome is not None else legal_of(self)
        return list(self._cache["legal"])

    def apply(self, action: Hashable) -> CFState:
        legal = self.legal_actions()
        if action not in legal:
            raise UsageError(why_illegal(self, action, legal))
        if type(action) is not Action:  # a plain tuple equal to a legal Action: play the Action itself
            action = legal[legal.index(action)]
        after: CFState = self.game.play(self, action)
        return after

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def result(self) -> Result:
        if self.outcome is not None:
            return cast(Result, dict(self.outcome))
        return {"winner": None, "reason": "the game is still on", "points": points_of(self)}

    def narration(self, side: str | None = None) -> list[str]:
        return [line.text for line in self.log if side is None or line.audience in ("all", side)]

    def observation(self, side: str, *, log: bool = True) -> dict[str, Any]:
        return self.game.observe(self, side, log=log)

    def to_json(self) -> dict[str, Any]:
        return _state_to_json(self)

    def odds(self, action: Hashable) -> dict[str, dict[str, Fraction]]:
        """The exact distribution of results of each roll the action makes (a target, a test), before it is
        taken (the same procedures and parameters as playing it; :mod:`.odds`); empty when it rolls no die."""
        return self.game.odds(self, action)

    @property
    def segment_name(self) -> str:
        return SEGMENTS[self.init.segment][0]


_STATE_FIELDS = ("game", "units", "dummies", "mines", "init", "missions", "declared", "smoke", "held", "decisions",
                 "log", "rng", "outcome", "steps")
"""CFState's fields, as ``__init__`` takes them (:meth:`CFState.replace`)."""


def _tup(x: Any) -> Any:
    return tuple(_tup(v) for v in x) if isinstance(x, list) else x


def _state_to_json(s: CFState) -> dict[str, Any]:
    i = s.init
    return {
        "ruleset": INFO.id, "version": INFO.version, "scenario": s.game.scenario_name,
        "units": [[list(u.at) if u.at else None, *u[1:]] for u in s.units],
        "dummies": [[side, list(sp)] for side, sp in s.dummies],
        "mines": [[list(m.at), *m[1:]] for m in s.mines],
        "initiative": {"deck": [str(c) for c in i.deck], "card": str(i.card) if i.card else None,
                       "phasing": i.phasing, "colour_of": [list(x) for x in i.colour_of], "segment": i.segment,
                       "phases": i.phases, "turn": i.turn, "clock": i.clock, "jokers": i.jokers},
        "missions": [list(m) for m in s.missions],
        "declared": [[m.side, m.fo, list(m.space), m.kind, m.ready] for m in s.declared],
        "smoke": [[list(x.space), x.side] for x in s.smoke],
        "held": list(s.held),
        "decisions": [[d.kind, d.side, json.loads(json.dumps(d.data))] for d in s.decisions],
        "log": [[line.text, line.audience] for line in s.log],
        "rng": [str(v) for v in s.rng],
        "outcome": s.outcome,
        "steps": s.steps,
    }


def _card(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


def read_state(g: GameBase, d: dict[str, Any]) -> CFState:
    if d.get("ruleset") != INFO.id or d.get("scenario") != g.scenario_name:
        raise ValueError(f"the state is of {d.get('ruleset')!r}, scenario {d.get('scenario')!r}")
    i = d["initiative"]
    init = Initiative(tuple(parse_card(c) for c in i["deck"]), _card(i["card"]), i["phasing"],
                      tuple((a, b) for a, b in i["colour_of"]), int(i["segment"]), int(i["phases"]), int(i["turn"]),
                      int(i["clock"]), int(i["jokers"]))
    units = tuple(UnitState(tuple(u[0]) if u[0] else None, *u[1:]) for u in d["units"])
    if len(units) != len(g.units):
        raise ValueError("the number of units differs from the scenario's")
    return CFState(
        g, units, tuple((a, (b[0], b[1])) for a, b in d["dummies"]),
        tuple(MineState((m[0][0], m[0][1]), *m[1:]) for m in d["mines"]), init,
        tuple((a, b) for a, b in d["missions"]),
        tuple(Mission(m[0], m[1], (m[2][0], m[2][1]), m[3], m[4]) for m in d["declared"]),
        tuple(Smoke((x[0][0], x[0][1]), x[1]) for x in d["smoke"]), tuple(d["held"]),
        tuple(Decision(k, side, _tup(data)) for k, side, data in d["decisions"]),
        tuple(LogLine(t, a) for t, a in d["log"]), tuple(int(v) for v in d["rng"]),  # type: ignore[arg-type]
        d["outcome"], int(d["steps"]))
