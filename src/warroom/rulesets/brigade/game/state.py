"""A position of a Brigade game, immutable: the game interface, and its JSON form.

:class:`BrigadeState` is a :class:`~.rules.Position` with its legal actions (:mod:`.legal`) and its sides' views
(:mod:`.observe`). ``apply`` and ``odds`` hand the action to the game's rules of play and odds (``Context.play``,
``Context.odds``, set by :mod:`.game` to :func:`.play.apply`, :func:`.odds.odds`), so the state's module needs no
module above it.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, cast

from warroom.core.errors import UsageError
from warroom.core.rolled import thrown_at_table
from warroom.rulesets.brigade.game.actions import MoveTo
from warroom.rulesets.brigade.game.common import Event, Mission, U
from warroom.rulesets.brigade.game.legal import Orders
from warroom.rulesets.brigade.game.observe import SideView
from warroom.rulesets.brigade.game.rules import Context


class BrigadeState(Orders, SideView):
    """One position of a Brigade game, immutable; see the module docstring."""

    __slots__ = ()

    def apply(self, action: Hashable) -> BrigadeState:
        if self.result_data is not None:
            raise UsageError(f"the game is over ({self.result_data['reason']}): no action is legal")
        legal = self.legal_actions()
        if isinstance(action, MoveTo):
            self.check_move_to(action)
        elif action not in legal:
            raise UsageError(self.why_not(action, legal))
        assert self.ctx.play is not None, "a state of a game: its context knows the rules of play"
        if thrown_at_table():  # the dice are the table's, not the state's generator: nothing to remember
            return cast(BrigadeState, self.ctx.play(self, action))
        done = self._applied.get(action)
        if done is None:  # apply is a pure function of the state and the action: remember the answer
            done = cast(BrigadeState, self.ctx.play(self, action))
            if len(self._applied) < 8:
                self._applied[action] = done
        return done

    def odds(self, action: Hashable) -> dict[str, dict[str, Fraction]]:
        """The exact odds of ``action`` before it is taken, by outcome (:mod:`.odds`); empty when it rolls no die."""
        assert self.ctx.odds is not None, "a state of a game: its context knows the odds"
        return cast("dict[str, dict[str, Fraction]]", self.ctx.odds(self, action))

    def to_json(self) -> dict[str, Any]:
        if self._json is None:
            self._json = {
                "format": "warroom-brigade-state/2",
                "scenario": self.ctx.scenario.name,
                "move": self.move, "phase": self.phase, "stage": self.stage, "selected": self.selected,
                "pending": list(self.pending),
                "units": [u.code for u in self.units],
                "pairs": ";".join(f"{o},{e},{c},{s}" for (o, e), (c, s) in sorted(self.pairs.items())),
                "missions": [m.to_list() for m in self.missions],
                "revealed": [sorted(r) for r in self.revealed],
                "rng": self.rng,
                "log": [[list(e.sides) if e.sides is not None else None, e.text] for e in self.log],
                "result": self.result_data,
            }
        return dict(self._json)

    @staticmethod
    def from_json(ctx: Context, data: dict[str, Any]) -> BrigadeState:
        try:
            if data.get("format") != "warroom-brigade-state/2" or data.get("scenario") != ctx.scenario.name:
                raise UsageError(f"not a state of the Brigade scenario '{ctx.scenario.name}'")
            units = tuple(U.decode(d) for d in data["units"])
            if len(units) != len(ctx.ids):
                raise UsageError(f"the state has {len(units)} units; the scenario has {len(ctx.ids)}")
            pairs = {(o, e): (c, s) for o, e, c, s in (map(int, p.split(",")) for p in data["pairs"].split(";") if p)}
            return BrigadeState(
                ctx, int(data["move"]), str(data["phase"]), int(data["stage"]), int(data["selected"]),
                tuple(data["pending"]), units, pairs, tuple(Mission.from_list(m) for m in data["missions"]),
                (frozenset(data["revealed"][0]), frozenset(data["revealed"][1])), data["rng"],
                tuple(Event(tuple(s) if s is not None else None, t) for s, t in data["log"]), data["result"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise UsageError(f"not a Brigade game state: {exc}") from None
