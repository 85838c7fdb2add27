"""Company Fire game: the working copy, :class:`Play`, the next state under construction while an action is resolved.

A Play is a mutable copy of a :class:`.state.CFState` (lists where the state has tuples) with the helpers
every rule family uses to change it: :meth:`Play.set` (a unit's fields; a carrier's riders go where it goes,
CF-92) and :meth:`Play.set_mine`, :meth:`Play.say` and :meth:`Play.ruling` (every die through a registered
procedure with the state's own generator), a unit's name as everyone may read it (CF-46), and whether a unit's
action ends its card (seed "Initiative and Phase Sequence", CF-4, CF-59). It looks the position's answers up again only
once the position has changed (design "State"). The rules of play are functions of a Play in the rule family
modules (:mod:`.move`, :mod:`.fire` ...), dispatched by :mod:`.play`; :meth:`Play.freeze` makes the next state.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from warroom.core.rolled import Rolled, roll_for_play
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import REACTION, Decision, LogLine, MineState, UnitState, other_side, sp
from warroom.rulesets.company_fire.game.rules import Rules
from warroom.rulesets.company_fire.game.state import CFState

_UNIT_FIELD = {name: k for k, name in enumerate(UnitState._fields)}


_FLAGS = frozenset({"moved", "fired", "done", "rallied", "op_fired", "jammed", "smoke_rounds", "at_fired", "pivoted",
                    "turned"})
"""Unit fields that are not part of the position (:meth:`Rules.position_memo`)."""


class Play(Rules):
    """A mutable copy of a state while an action is resolved."""

    __slots__ = (
        "_memo",
        "_rng",
        "_rng_state",
        "decision",
        "decisions",
        "declared",
        "dummies",
        "game",
        "held",
        "init",
        "legal",
        "log",
        "mines",
        "missions",
        "outcome",
        "settled",
        "smoke",
        "steps",
        "units",
    )

    def __init__(self, s: CFState) -> None:
        self.game = s.game
        # the base's read-only sequences, here lists (and a set) that the resolution changes in place
        self.units = list(s.units)
        self.dummies = set(s.dummies)
        self.mines = list(s.mines)
        self.init = s.init
        self.missions = list(s.missions)
        self.declared = list(s.declared)
        self.smoke = list(s.smoke)
        self.held = list(s.held)
        self.decisions = list(s.decisions)
        self.log: list[LogLine] = []
        self._rng: np.random.Generator | None = None
        self._rng_state = s.rng
        self.outcome = s.outcome
        self.steps = s.steps
        self.legal: list[Action] | None = None
        self.decision: Decision | None = None
        self._memo: dict[Any, Any] | None = s._memo
        self.settled = self._memo
        """The memo of the last position whose consequences (scouts, blinds, objectives, break) were applied:
        a frozen state's position always is."""

    def memo(self) -> dict[Any, Any]:
        if self._memo is None:
            self._memo = self.position_memo()
        return self._memo

    def touch(self) -> None:
        """The position may have changed: look its answers up again when next asked."""
        self._memo = None

    @property
    def rng(self) -> np.random.Generator:
        if self._rng is None:
            self._rng = self.game.dice.take(self, self._rng_state)
        return self._rng

    def freeze(self) -> CFState:
        return CFState(
            self.game, tuple(self.units), tuple(sorted(self.dummies)), tuple(self.mines), self.init,
            tuple(self.missions), tuple(self.declared), tuple(self.smoke), tuple(self.held), tuple(self.decisions),
            tuple(self.log), self._rng_state if self._rng is None else self.game.dice.give_back(self), self.outcome,
            self.steps, self.legal, self._memo)

    # narration -----------------------------------------------------------------------------------------

    def say(self, text: str, audience: str = "all") -> None:
        self.log.append(LogLine(text, audience))

    def ruling(self, procedure: str, params: dict[str, Any], about: str, audience: str = "all") -> Rolled:
        """Roll a Company Fire procedure with the game's dice and narrate it under ``about``; the ruling's
        words are built when the narration is first read (:mod:`warroom.core.rolled`)."""
        r = roll_for_play(f"company-fire/{procedure}", params, self.rng, None if audience == "all" else (audience,))
        self.log.append(LogLine(lambda: f"{about}\n{r.ruling}", audience))
        return r

    def tell(self, r: Rolled, audience: str = "all") -> None:
        """Narrate a roll made elsewhere (the next card, the clock) by its ruling alone, worded when read."""
        self.log.append(LogLine(lambda: str(r.ruling), audience))

    def name(self, i: int) -> str:
        return self.game.unit_label(i)

    def public_name(self, i: int) -> str:
        """A unit as everyone may read of it: a unit under a blind is not named (CF-46)."""
        if self.units[i].hidden:
            return f"a unit under the blind at {sp(self.units[i].at)}"
        return self.name(i)

    def set_mine(self, k: int, **changes: Any) -> None:
        cast("list[MineState]", self.mines)[k] = self.mines[k]._replace(**changes)
        self.touch()

    def set(self, i: int, **changes: Any) -> None:
        values = list(self.units[i])
        for name, value in changes.items():
            values[_UNIT_FIELD[name]] = value
        # as ``_replace``, without its checks (the names are ours)
        cast("list[UnitState]", self.units)[i] = tuple.__new__(UnitState, values)
        if not _FLAGS.issuperset(changes):
            self.touch()
            g = self.game
            if g.transport and g.carries[i][0] + g.carries[i][1] and changes.get("at") is not None:
                for k in self.riders(i):  # CF-92: riders go where their carrier goes
                    cast("list[UnitState]", self.units)[k] = self.units[k]._replace(at=changes["at"])

    # the flow of the game ---------------------------------------------------------------------------

    def acting_side(self) -> str:
        return other_side(self.init.phasing) if self.init.segment == REACTION else self.init.phasing

    def one_action_only(self, i: int) -> bool:
        """Each unit acts once per card (seed "Initiative and Phase Sequence"): on a Move card it moves or
        fires (CF-4), on a Fire card it fires or makes its one-space move; on a face card it may move and
        fire, in either order, unless it is a weapon team or gun. Reaction fire ends the unit's card."""
        if self.init.segment == REACTION or self.card() != "face" or not self.game.types[i].move_and_fire:
            return True
        u = self.units[i]
        return u.moved and u.fired
