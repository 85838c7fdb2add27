"""Company Fire game: :class:`CFGame`, a scenario bound to the rules; the working copy :class:`_Play`, which
resolves an action; the odds before acting, fog of war and the invariants.

A :class:`CFGame` is a :class:`.base.GameBase` (the scenario as the rules read it) bound to the rules of play; a
:class:`.state.CFState` is one position of it, immutable. ``apply`` works on a :class:`_Play` (a mutable copy),
resolves the action and everything that follows without a decision (artillery arrival, card draws, the game
clock, segments in which the side to act has nothing to do), and freezes the result. Every die goes through a
registered procedure (``warroom.core.api.roll``) with the state's own generator, so the odds
:meth:`CFState.odds` shows and the result applied come from one code path.

Readings: CF-40 ... CF-56 (scenarios, set-up, victory) and CF-57 ... CF-63 (the game's own: which enemies a
side reckons with, the close-assault move, acting once per card, the decisions the engine asks for, leaders
sacrificed and moving, blinds kept whole) in docs/rulings.md; the vehicle rules CF-65 ... CF-89 (facing and
turret, arcs of sight and fire, buttoning up, vehicle movement and pivots, forced moves, anti-tank fire,
vehicle op fire and close assault); transport CF-90 ... CF-96: mounting and dismounting (CF-91), riders
moving with their carrier (CF-92), what riders may do and what may hit them (CF-93), passengers when the
carrier is hit (CF-94), riders and fog of war (CF-95).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import numpy as np

from warroom.core.api import odds as exact_odds
from warroom.core.api import roll
from warroom.core.coverage import register_rule_use
from warroom.core.errors import UsageError
from warroom.core.ruling import Ruling
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.base import GameBase, _rng_state
from warroom.rulesets.company_fire.game.common import (
    ALIVE,
    ARRIVAL,
    MAX_RANGE,
    REACTION,
    ROLES,
    Decision,
    LogLine,
    MineState,
    Mission,
    Smoke,
    UnitState,
    _other,
    _sp,
)
from warroom.rulesets.company_fire.game.legal import _illegal, _legal
from warroom.rulesets.company_fire.game.rules import _losses, _points, _Rules
from warroom.rulesets.company_fire.game.state import CFState, _state_from_json
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.info import INFO, SEED
from warroom.rulesets.company_fire.initiative import SEGMENTS, end_segment, next_card, opening
from warroom.rulesets.company_fire.los import cover_for_attack
from warroom.rulesets.company_fire.scenario import load_scenario, shipped_scenarios
from warroom.rulesets.company_fire.vehicles import FACINGS, facing_towards, in_front

STATUS_WORD = {"good order": "good_order", "pinned": "pinned", "suppressed": "suppressed", "destroyed": "destroyed"}


_UNIT_FIELD = {name: k for k, name in enumerate(UnitState._fields)}


_FLAGS = frozenset({"moved", "fired", "done", "rallied", "op_fired", "jammed", "smoke_rounds", "at_fired", "pivoted",
                    "turned"})
"""Unit fields that are not part of the position (:meth:`_Rules.position_memo`)."""


class _Play(_Rules):
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

    def ruling(self, procedure: str, params: dict[str, Any], about: str, audience: str = "all") -> Ruling:
        r = roll(f"company-fire/{procedure}", params, rng=self.rng)
        self.say(f"{about}\n{r}", audience)
        return r

    def name(self, i: int) -> str:
        return self.game.unit_label(i)

    def public_name(self, i: int) -> str:
        """A unit as everyone may read of it: a unit under a blind is not named (CF-46)."""
        if self.units[i].hidden:
            return f"a unit under the blind at {_sp(self.units[i].at)}"
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
        return _other(self.init.phasing) if self.init.segment == REACTION else self.init.phasing

    def advance(self) -> None:
        """Resolve everything up to the next real decision: scouts, arrivals, empty segments, new cards."""
        guard = 0
        while self.outcome is None:
            guard += 1
            if guard > 10_000:
                raise RuntimeError("the game made no progress (a rules loop)")
            if self.memo() is not self.settled:
                # what follows from the position alone: each is a no-op on a position already settled
                self.scouts_look()
                self.blinds_whole()
                self.update_objectives()
                if self.check_break():
                    return
                self.settled = self.memo()
            if self.decisions:
                self.legal = _legal(self)
                return
            if self.init.segment == ARRIVAL:
                self.artillery_arrives()
                self.next_segment()
                continue
            actions = _legal(self)
            if any(a.kind != "end" for a in actions):
                self.legal = actions
                return
            self.next_segment()

    def blinds_whole(self) -> None:
        """CF-63: a blind covers a whole space; a unit on the table joining hidden friends reveals them."""
        for i in self.living():
            u = self.units[i]
            if u.hidden and any(not self.units[j].hidden for j in self.at(u.at, self.game.side_of[i])):  # type: ignore[arg-type]
                self.reveal(i, "a unit on the table joined it")

    def next_segment(self) -> None:
        following = end_segment(self.init)
        if following is not None:
            self.init = following
            return
        self.end_card()

    def end_card(self) -> None:
        """The card is done: markers of the phase come off, declared missions wait for the next card, and
        the next card is drawn (seed "Initiative and Phase Sequence", "Opportunity Fire", "Artillery")."""
        units = cast("list[UnitState]", self.units)
        for i, u in enumerate(units):
            if u.moved or u.fired or u.done or u.rallied or u.op_fired or u.jammed or u.at_fired or u.pivoted \
                    or u.turned:
                units[i] = u._replace(moved=False, fired=False, done=False, rallied=False, op_fired=False,
                                      jammed=False, at_fired=False, pivoted=False, turned=False)
        # only the card's flags changed: the position, and what was worked out about it, stay
        self.declared = [m._replace(ready=True) for m in self.declared]
        before = self.init
        change = next_card(self.init, self.rng, self.game.clock_ends_at)
        for r in change.rulings:
            self.say(str(r))
        self.init = change.state
        if change.game_over:
            self.finish("the game clock has run out (seed \"Game Clock (optional)\")")
            return
        rules = self.game.scenario.rules
        if change.new_initiative and self.init.phasing == "attacker" and rules.game_end == "turns" \
                and rules.turns is not None and self.init.turn >= rules.turns:
            self.finish(f"{rules.turns} turns have been played (seed \"Tracking Turns\")")
            return
        if change.new_initiative:
            side = self.init.phasing
            gone = [s for s in self.smoke if s.side == side]
            if gone:
                self.smoke = [s for s in self.smoke if s.side != side]
                self.touch()
                self.say(f"the {side}'s smoke clears from {', '.join(_sp(s.space) for s in gone)}: it has the "
                         "initiative again (seed \"Artillery\")")
            self.say(f"-- the {side} has the initiative (turn {self.init.turn + 1}) --")
        card = self.init.card
        self.say(f"card {card}: a {self.init.kind} card for the {self.init.phasing}"
                 f"{'' if before.phasing != self.init.phasing else ' (another phase of its initiative)'}")

    def finish(self, reason: str) -> None:
        points = _points(self)
        a, d = points["attacker"], points["defender"]
        if a != d:
            winner: str | None = "attacker" if a > d else "defender"
            why = f"{reason}; {a} points to {d}"
        else:
            ties = self.game.scenario.victory.ties
            winner = None if ties == "draw" else ties
            why = f"{reason}; {a} points each, so the tie goes to {ties} (CF-55)"
        self.outcome = {"winner": winner, "reason": why, "points": points, "turn": self.init.turn}
        self.decisions = []
        self.say(f"GAME OVER: {why}. " + (f"The {winner} wins." if winner else "A draw."))
        self.legal = []

    def check_break(self) -> bool:
        """CF-56: a side whose destroyed squads, teams and guns reach ``break_at`` concedes."""
        broken = [side for side in ROLES if _losses(self, side) >= self.game.scenario.side(side).break_at]  # type: ignore[arg-type]
        if not broken:
            return False
        if len(broken) == 2:
            self.finish("both sides reached their break points together (CF-56)")
            return True
        side = broken[0]
        winner = _other(side)
        self.outcome = {"winner": winner, "reason": f"the {side} has lost {_losses(self, side)} squads, teams and "
                        f"guns and concedes (break point, CF-56)", "points": _points(self), "turn": self.init.turn}
        self.decisions = []
        self.say(f"GAME OVER: {self.outcome['reason']}. The {winner} wins.")
        self.legal = []
        return True

    def update_objectives(self) -> None:
        """CF-54: an objective is held by the side that last had a squad, team or gun in it alone."""
        g = self.game
        for k, o in enumerate(g.scenario.victory.objectives):
            here = [i for i in self.at(o.at) if not g.smf[i]]
            sides = {g.side_of[i] for i in here}
            if len(sides) == 1:
                side = sides.pop()
                if self.held[k] != side:
                    self.held[k] = side
                    self.say(f"the {side} now holds {o.name} ({_sp(o.at)}, {o.points} points; CF-54)")

    # actions -----------------------------------------------------------------------------------------

    def act(self, a: Action) -> None:
        self.steps += 1
        g = self.game
        i = g.index.get(a.unit, -1)
        name = a.kind[:-2] if a.kind[-2:-1] == "_" and a.kind[-1] in "NESW" else a.kind
        handler: Callable[[Action, int], None] = getattr(self, f"do_{name}")
        if self.decisions and a.kind in ("op_fire", "pass", "retreat", "take_hits", "sacrifice", "decline", "lose",
                                         "occupy", "stay"):
            decision = cast("list[Decision]", self.decisions).pop(0)
            self.decision = decision
        handler(a, i)

    def one_action_only(self, i: int) -> bool:
        """Each unit acts once per card (seed "Initiative and Phase Sequence"): on a Move card it moves or
        fires (CF-4), on a Fire card it fires or makes its one-space move; on a face card it may move and
        fire, in either order, unless it is a weapon team or gun. Reaction fire ends the unit's card."""
        if self.init.segment == REACTION or self.card() != "face" or not self.game.types[i].move_and_fire:
            return True
        u = self.units[i]
        return u.moved and u.fired

    def do_end(self, a: Action, i: int) -> None:
        self.say(f"the {self.acting_side()} ends the {SEGMENTS[self.init.segment][0]} segment")
        self.next_segment()

    # -- moving

    def reveal(self, i: int, why: str) -> None:
        """CF-47: a blind is revealed: every unit under it is set on the table."""
        at = self.units[i].at
        if not self.units[i].hidden or at is None:
            return
        side = self.game.side_of[i]
        under = [j for j in self.at(at, side) if self.units[j].hidden]
        for j in under:
            self.set(j, hidden=False)
        self.say(f"the {side}'s blind at {_sp(at)} is revealed ({why}): {', '.join(self.name(j) for j in under)} "
                 "(CF-47)")

    def reveal_space(self, side: str, space: Space, why: str) -> bool:
        """Reveal ``side``'s blind at ``space``; True if units were under it, False for a dummy (removed)."""
        if (side, space) in self.dummies:
            cast("set[tuple[str, Space]]", self.dummies).discard((side, space))
            self.touch()
            self.say(f"the {side}'s blind at {_sp(space)} is revealed ({why}): a dummy, removed (CF-47)")
            return False
        hidden = [j for j in self.at(space, side) if self.units[j].hidden]
        if hidden:
            self.reveal(hidden[0], why)
            return True
        return False

    def do_move(self, a: Action, i: int) -> None:
        self.start_move(a, i, "move")

    def do_assault_move(self, a: Action, i: int) -> None:
        self.start_move(a, i, "assault_move")

    def do_leader_move(self, a: Action, i: int) -> None:
        self.start_move(a, i, "leader_move")

    def do_fall_back(self, a: Action, i: int) -> None:
        self.start_move(a, i, "fall_back")

    def start_move(self, a: Action, i: int, kind: str) -> None:
        g = self.game
        assert a.space is not None
        if kind == "leader_move":
            options = self.destinations(i, g.types[i].movement_spaces)
        else:
            options = self.move_options(i, "fall_back" if kind == "fall_back" else "move")
        path = options[a.space]
        u = self.units[i]
        assert u.at is not None
        side = g.side_of[i]
        on_fire_card = self.card() == "fire"
        vehicle = g.vehicle[i]
        done = kind in ("leader_move", "fall_back") or (kind == "move" and self.one_action_only(i))
        if vehicle and kind == "move":  # CF-74: a vehicle may fire after its move, except on a Fire card
            done = on_fire_card
        self.set(i, moved=True, done=done)
        if vehicle and kind == "fall_back":
            self.set(i, rallied=True)
            self.say(f"{self.name(i)} is suppressed and moves away from the enemy at half its off-road rate, "
                     "instead of a rally test (seed \"Vehicle Movement\", CF-72)")
        if kind == "assault_move":
            self.set(i, done=False)
        if self.units[i].hidden:
            self.reveal(i, "it moves")
        if (kind == "fall_back" and not vehicle) or (kind != "leader_move" and self.needs_test(i, path)):
            dest = path[-1]
            params = {
                "destination": "cover" if B.space_cover(g.board, dest, self.smoke_spaces()) else "open",
                "enemy_op_fire_los": self.in_enemy_los(side, dest, op_fire_only=True, mover=i),
                "experience": g.units[i].experience,
                "leader": self.leaders_in(u.at, side),
                "fall_back": kind == "fall_back",
            }
            why = "falls back" if kind == "fall_back" else "moves on a Fire card" if on_fire_card else \
                "moves two spaces in enemy LOS"
            r = self.ruling("movement-test", params, f"{self.name(i)} {why} to {_sp(dest)}: Movement Test")
            if r.result != "passes":
                self.set(i, done=True)
                self.say(f"{self.name(i)} stays put in {_sp(u.at)}")
                return
        route = " \u2192 ".join(_sp(s) for s in (u.at, *path))
        self.say(f"{self.name(i)} sets off: {route}")
        self.continue_move(i, u.at, path)

    def continue_move(self, i: int, prev: Space, path: tuple[Space, ...]) -> None:
        """Walk the path a step at a time: enemy SMFs overrun, mines, blinds revealed, smoke, and
        opportunity fire at each space entered in enemy LOS (seed "Movement", "Opportunity Fire")."""
        g = self.game
        side = g.side_of[i]
        enemy = _other(side)
        blinds = self.blind_spaces(enemy)  # the mover's steps leave the enemy's blinds as they are
        vehicle = g.vehicle[i]
        for k, s in enumerate(path):
            last = k == len(path) - 1
            if vehicle:  # CF-65: a vehicle faces the way it moves
                self.set(i, at=s, facing=facing_towards(prev, s))
            else:
                self.set(i, at=s)
            lone = [j for j, v in enumerate(self.units) if v.at == s and g.side_of[j] == enemy and v.status in ALIVE]
            if lone:  # only enemy SMFs can be here: they are overrun (CF-34)
                for j in lone:
                    self.ruling("smf-elimination", {"cause": "enemy_enters", "alone": True},
                                f"{self.name(i)} enters {_sp(s)}, held only by {self.name(j)}")
                    self.eliminate(j, "destroyed")
                return
            if not self.mines_on_entry(i, s, last):
                return
            if self.units[i].status not in ALIVE:
                return
            stop = False
            near = g.touching[s]
            for space in sorted(b for b in blinds if b in near):
                if self.reveal_space(enemy, space, f"{self.name(i)} moves next to it"):
                    stop = True
                blinds = self.blind_spaces(enemy)
            if stop and not last:
                self.say(f"{self.name(i)} must stop in {_sp(s)}: enemy units next to it (seed \"Movement\")")
            if not g.smf[i] and self.units[i].status in ALIVE:
                firers = self.op_firers(enemy, s, i)
                apparent = firers or any(self.sees(b, s) and range_between(b, s) <= MAX_RANGE
                                         for b in self.blind_spaces(enemy))
                if apparent:
                    rest = () if stop else path[k + 1:]
                    decision = Decision("opfire", enemy, ("move", i, prev, s, rest))
                    cast("list[Decision]", self.decisions).insert(0, decision)
                    return
            if stop:
                return
            prev = s

    def mines_on_entry(self, i: int, s: Space, last: bool) -> bool:
        """Seed "Mines (beta)" with CF-12 and CF-52: True when the unit may go on from ``s``."""
        g = self.game
        side = g.side_of[i]
        for k, m in enumerate(self.mines):
            if m.gone or m.at != s or m.laid_by == side:
                continue
            target = {"target": "smf" if g.smf[i] else "unit",
                      "target_status": "good_order" if g.smf[i] else self.units[i].status}
            if not m.marked:
                self.set_mine(k, marked=True)
                r = self.ruling("minefield-unmarked", target, f"{self.name(i)} enters {_sp(s)}")
                self.apply_result(i, r.result.removeprefix("mines detonate: "), "minefield")
                return False
            if last:
                self.say(f"{self.name(i)} stops in the marked minefield at {_sp(s)}")
                return False
            proc = "minefield-follow-path" if m.path else "minefield-passage"
            r = self.ruling(proc, {"field": "real" if m.real else "dummy", **target},
                            f"{self.name(i)} tries to pass through the marked minefield at {_sp(s)}")
            if r.result == "through":
                return True
            if r.result.startswith("dummy"):
                self.set_mine(k, gone=True)
            else:
                self.apply_result(i, r.result.removeprefix("mines detonate: "), "minefield")
            self.say(f"{self.name(i)} stops in {_sp(s)} (CF-12)")
            return False
        return True

    def do_op_fire(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        g = self.game
        context = d.data[0]
        self.reveal(i, "it fires")
        firer_at = self.units[i].at
        assert firer_at is not None
        if context == "move":
            _, mover, prev, s, rest = d.data
            targets = [mover]
        else:
            targets = [j for j in d.data[1] if self.alive(j)]
        self.set(i, op_fired=True)
        jammed = False
        results: dict[int, str] = {}
        special = g.has_vehicles or g.types[i].anti_tank is not None
        for j in targets:
            at = self.units[j].at
            assert at is not None
            how = self.op_weapon(i, at, j) if special else "small"
            if how is None:
                continue
            about = f"{self.name(i)} takes opportunity fire at {self.name(j)} in {_sp(at)}"
            if how == "at":
                self.set(i, at_fired=True)
                r = self.ruling("anti-tank-fire", self.at_params(i, j), about)
                results[j] = r.result
                continue
            params = {"weapon": g.types[i].weapon_key, "range": range_between(firer_at, at),
                      "cover": bool(cover_for_attack(g.board, firer_at, at, self.smoke_spaces())),
                      "target_status": self.units[j].status}
            if g.vehicle[i]:
                params["shooter_pinned"] = self.units[i].status != "good_order"
            r = self.ruling("opportunity-fire", params, about)
            res = r.result
            if res.endswith(", MG jammed"):
                jammed = True
                res = res.removesuffix(", MG jammed")
            results[j] = res
        if jammed:
            self.set(i, jammed=True)
        for j, res in results.items():
            self.apply_result(j, res, "direct_fire", None if context == "move" else firer_at)
        if context == "move":
            if not self.alive(mover):
                return
            status = self.units[mover].status
            if results.get(mover) == "pinned" and status == "pinned":
                self.say(f"{self.name(mover)} is pinned by op fire and ends its move in {_sp(s)}")
                return
            if results.get(mover) == "suppressed":
                self.set(mover, at=prev, bocage=False)
                self.say(f"{self.name(mover)} is suppressed by op fire and ends in {_sp(prev)}, the space it left")
                return
            if rest:
                self.continue_move(mover, s, rest)
        else:
            self.close_assault([j for j in d.data[1] if self.alive(j) and self.may_assault_now(j)], d.data[2])

    def do_pass(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        self.say(f"the {d.side} holds its fire")
        if d.data[0] == "move":
            _, mover, _, s, rest = d.data
            if rest:
                self.continue_move(mover, s, rest)
        else:
            self.close_assault(list(d.data[1]), d.data[2])

    def hit_table(self, j: int, hits: int, what: str) -> str:
        r = self.ruling("hit-result", {"hits": hits, "target_status": self.units[j].status,
                                       "target": "unit", "retreat": False},
                        f"{self.name(j)} takes {hits} hit{'s' if hits != 1 else ''} from the same {what}")
        return r.result

    # -- results on units

    def may_assault_now(self, j: int) -> bool:
        """Good order, or a pinned vehicle (it assaults at a penalty, CF-84)."""
        st = self.units[j].status
        return st == "good_order" or (st == "pinned" and self.game.vehicle[j])

    def apply_result(self, j: int, result: str, cause: str, source: Space | None = None) -> None:
        """Apply a hit-table result to unit ``j`` (seed "Unit Status, Hit Results and Rallying", SMFs). A vehicle
        newly suppressed by an attack from ``source`` must move one space away from it (seed "Vehicle Hit
        Results", CF-70)."""
        if source is not None and self.game.vehicle[j] and STATUS_WORD[result] == "suppressed" \
                and self.units[j].status != "suppressed":
            self._apply_result(j, result, cause)
            self.forced_move(j, source)
            return
        self._apply_result(j, result, cause)

    def forced_move(self, j: int, source: Space) -> None:
        """CF-70: a suppressed vehicle moves one space away from the enemy that hit it; the owner chooses
        among several spaces; with none it stays. It backs away: its facing stays."""
        if not self.alive(j):
            return
        options = self.assault_retreats(j, source)
        if not options:
            self.say(f"{self.name(j)} is suppressed but has no space to move away to: it stays (CF-70)")
        elif len(options) == 1:
            self.set(j, at=options[0])
            self.say(f"{self.name(j)} is suppressed and must move one space away from the enemy: to "
                     f"{_sp(options[0])} (seed \"Vehicle Hit Results\")")
        else:
            cast("list[Decision]", self.decisions).append(Decision("ca_retreat", self.game.side_of[j], (j, source)))

    def _apply_result(self, j: int, result: str, cause: str) -> None:
        g = self.game
        status = STATUS_WORD[result]
        u = self.units[j]
        if u.hidden and status != u.status:
            self.reveal(j, "it was hit")
        if g.smf[j]:
            if status == "destroyed":
                self.eliminate(j, "destroyed")
            return
        if status == u.status:
            return
        if status == "destroyed":
            leaders = [k for k in self.at(u.at, g.side_of[j])  # type: ignore[arg-type]
                       if g.types[k].leader]
            if leaders:
                sacrifice = Decision("sacrifice", g.side_of[j], (j, tuple(leaders)))
                cast("list[Decision]", self.decisions).insert(0, sacrifice)
                return
            self.eliminate(j, "destroyed")
            return
        self.set(j, status=status, bocage=u.bocage and status != "suppressed")
        if u.bocage and status == "suppressed":
            self.say(f"{self.name(j)} is suppressed and abandons the bocage (seed \"Bocage\")")
        if status == "suppressed":
            self.shake_riders(j)

    def shake_riders(self, j: int) -> None:
        """CF-94: the good-order riders (squads and teams) of a carrier left suppressed are pinned with it."""
        g = self.game
        if not (g.transport and g.vehicle[j]):
            return
        shaken = [k for k in self.riders(j) if self.units[k].status == "good_order" and not g.smf[k]]
        for k in shaken:
            self.set(k, status="pinned")
        if shaken:
            self.say(f"{', '.join(self.name(k) for k in shaken)}, riding in {self.name(j)}, "
                     f"{'is' if len(shaken) == 1 else 'are'} pinned with it (CF-94)")

    def eliminate(self, j: int, how: str) -> None:
        """Take a unit off the table: ``destroyed`` (counts for victory) or ``removed`` by the rules."""
        g = self.game
        at = self.units[j].at
        hidden = self.units[j].hidden and how != "destroyed"
        aboard = self.riders(j) if g.transport and g.vehicle[j] else []
        self.set(j, status=how, at=None, hidden=hidden, bocage=False, riding=-1)
        self.say(f"{self.name(j)} is {'destroyed' if how == 'destroyed' else 'removed from the table'}",
                 self.game.side_of[j] if hidden else "all")
        self.declared = [m for m in self.declared if m.fo != j]
        if at is None or g.smf[j]:
            return
        if aboard:
            self.bail_out(j, at, aboard)
        side = g.side_of[j]
        here = self.at(at, side)
        if here and all(g.smf[k] for k in here):
            for k in here:
                self.ruling("smf-elimination", {"cause": "stack_destroyed", "alone": False},
                            f"{self.name(k)} was with the units destroyed in {_sp(at)}")
                self.eliminate(k, "destroyed")

    def bail_out(self, j: int, at: Space, aboard: list[int]) -> None:
        """CF-94: the riders of a destroyed carrier bail out into its space, each suppressed (destroyed if it
        already was); one the stacking limit leaves no room for is lost with the carrier. SMFs then follow the
        seed's rule for SMFs left without their units (:meth:`eliminate`)."""
        g = self.game
        for k in aboard:
            self.set(k, riding=-1)
        self.say(f"{', '.join(self.name(k) for k in aboard)} bail{'s' if len(aboard) == 1 else ''} out of "
                 f"{self.name(j)} in {_sp(at)} (CF-94)")
        for k in sorted(aboard, key=lambda x: g.smf[x]):
            if not self.alive(k) or g.smf[k]:
                continue
            if not self.space_takes(k, at):
                self.say(f"{self.name(k)} has no room in {_sp(at)} (seed \"Stacking\"): lost with its carrier")
                self.eliminate(k, "destroyed")
                continue
            result = "destroyed" if self.units[k].status == "suppressed" else "suppressed"
            if result == "suppressed":
                self.say(f"{self.name(k)} is suppressed as it bails out (CF-94)")
            else:
                self.say(f"{self.name(k)} was already suppressed: bailing out finishes it (CF-94)")
            self._apply_result(k, result, "bail_out")

    def do_mount(self, a: Action, i: int) -> None:
        """CF-91: a squad, team or SMF climbs into a friendly half-track or truck in its space; that is its
        action for the card."""
        c = self.game.index[a.other]
        self.set(i, riding=c, moved=True, done=True, bocage=False)
        self.say(f"{self.name(i)} mounts {self.name(c)} in {_sp(self.units[i].at)} (CF-91)")

    def do_dismount(self, a: Action, i: int) -> None:
        """CF-91: a rider gets down into its carrier's space, stacking permitting (seed "Stacking"); it is the
        unit's move for the card: on a face card a squad may still fire."""
        c = self.units[i].riding
        self.set(i, riding=-1, moved=True)
        self.set(i, done=self.one_action_only(i))
        self.say(f"{self.name(i)} dismounts from {self.name(c)} in {_sp(self.units[i].at)} (CF-91)")

    def do_sacrifice(self, a: Action, i: int) -> None:
        leader = self.game.index[a.other]
        self.say(f"{self.name(leader)} is sacrificed to save {self.name(i)}, which stays suppressed (seed \"Single "
                 "Mounted Figures (SMFs)\", CF-61)")
        self.eliminate(leader, "destroyed")
        self.set(i, status="suppressed", bocage=False)
        self.shake_riders(i)  # a carrier saved so is left suppressed, its riders shaken as by any suppression

    def do_decline(self, a: Action, i: int) -> None:
        self.eliminate(i, "destroyed")

    # -- fire

    def fire_params(self, i: int, target: Space, j: int, recon: bool) -> dict[str, Any]:
        g = self.game
        here = self.units[i].at
        assert here is not None
        phasing = g.side_of[i] == self.init.phasing
        return {
            "weapon": g.types[i].weapon_key, "range": range_between(here, target),
            "cover": bool(cover_for_attack(g.board, here, target, self.smoke_spaces())),
            "card": self.card() if phasing else "fire", "moved": self.units[i].moved if phasing else False,
            "recon_by_fire": recon, "target_status": self.units[j].status if j >= 0 else "good_order",
            "retreat": False,
            **({"shooter_pinned": self.units[i].status != "good_order"} if g.vehicle[i] else {}),
        }

    def at_params(self, i: int, j: int) -> dict[str, Any]:
        """The anti-tank-fire procedure's parameters for unit ``i`` firing at unit ``j`` (seed "Attacking
        vehicles"; CF-76 ... CF-82)."""
        g = self.game
        u, v = self.units[i], self.units[j]
        here, there = u.at, v.at
        assert here is not None and there is not None
        phasing = g.side_of[i] == self.init.phasing
        tj = g.types[j]
        armoured = g.armoured[j]
        return {
            "weapon": g.types[i].anti_tank_key, "range": range_between(here, there),
            "target": "armoured" if armoured else "soft" if g.vehicle[j] else "unit",
            "front": armoured and in_front(there, v.facing, here),
            "cover": bool(cover_for_attack(g.board, here, there, self.smoke_spaces())),
            "heavy_target": armoured and tj.vehicle is not None and tj.vehicle.heavy,
            "card": self.card() if phasing else "fire", "moved": u.moved if phasing else False,
            "shooter_pinned": u.status != "good_order", "turret_rotated": u.turned,
            "target_status": v.status,
        }

    def victims(self, side: str, space: Space, small_arms: bool = False) -> tuple[list[int], bool]:
        """The units an attack on ``space`` rolls for (small arms: not armoured vehicles, CF-71), and whether it is
        recon by fire at a blind."""
        g = self.game
        units = [j for j in self.at(space, side) if not g.smf[j] and not (small_arms and g.armoured[j])
                 and self.units[j].riding < 0]  # fire is at the carrier, never its riders (CF-93)
        blind = space in self.blind_spaces(side)
        return units, blind

    def do_fire(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        self.reveal(i, "it fires")
        t = g.types[i]
        self.set(i, fired=True, done=self.one_action_only(i) and (t.anti_tank is None or self.units[i].at_fired))
        enemy = _other(g.side_of[i])
        weapon = t.weapon
        small_arms = bool(weapon and weapon.small_arms)
        units, blind = self.victims(enemy, a.space, small_arms)
        about = f"{self.name(i)} fires at {_sp(a.space)}"
        if blind:
            self.recon_by_fire(enemy, a.space, about, lambda j: self.fire_params(i, a.space, j, True),  # type: ignore[arg-type]
                               "individual-fire", small_arms, self.units[i].at)
            return
        self.attack(units, about, lambda j: self.fire_params(i, a.space, j, False), "individual-fire",  # type: ignore[arg-type]
                    small_arms, self.units[i].at)

    def do_at_fire(self, a: Action, i: int) -> None:
        """Seed "Attacking vehicles": a main gun or anti-tank weapon attacks one unit (CF-76)."""
        g = self.game
        j = g.index[a.other]
        self.reveal(i, "it fires")
        t = g.types[i]
        self.set(i, at_fired=True, done=self.one_action_only(i) and (t.weapon is None or self.units[i].fired))
        here = self.units[i].at
        there = self.units[j].at
        assert here is not None and there is not None
        r = self.ruling("anti-tank-fire", self.at_params(i, j),
                        f"{self.name(i)} fires its {t.anti_tank.label} at {self.name(j)} in {_sp(there)}")  # type: ignore[union-attr]
        self.apply_result(j, r.result, "anti_tank", here)

    def do_pivot(self, a: Action, i: int) -> None:
        """CF-73: a vehicle (or gun) turns in place to face another edge; tracked up to 180, wheeled 90."""
        f = a.kind[-1]
        u = self.units[i]
        self.set(i, facing=f, pivoted=True)
        self.say(f"{self.name(i)} pivots in place from {u.facing} to face {f} (seed \"Attacking vehicles\", CF-73)")

    def do_turret(self, a: Action, i: int) -> None:
        f = a.kind[-1]
        u = self.units[i]
        self.set(i, turret=f, turned=True)
        self.say(f"{self.name(i)} turns its turret from {u.turret} to {f}: its main gun fires at one die less this "
                 "card (seed \"Attacking vehicles\")")

    def do_button_up(self, a: Action, i: int) -> None:
        self.set(i, status="pinned")
        self.say(f"{self.name(i)} buttons up and takes a pin marker; it moves at the pinned rate (seed \"Vehicle Unit "
                 "Status\", CF-68)")

    def attack(self, units: list[int], about: str, params: Callable[[int], dict[str, Any]], procedure: str,
               small_arms: bool, source: Space | None) -> None:
        """Roll for each unit in the target space separately (or as the scenario's attack method says)
        and apply the results, offering a small-arms target the hit reduction retreat (seed "Hit
        Reduction", CF-3)."""
        method = self.game.scenario.rules.attack_resolution
        first: int | None = None
        for n, j in enumerate(units):
            if n > 0 and method != "standard" and first is not None:
                hits = first if method == "faster" else _share(first, len(units), n)
                res = self.hit_table(j, hits, "attack (" + method + " play)")
                self.result_or_retreat(j, res, hits, small_arms, source)
                continue
            r = self.ruling(procedure, params(j), f"{about}: at {self.name(j)}")
            hits = _hits_of(r)
            if method != "standard":
                first = hits
                if method == "longer":
                    share = _share(hits, len(units), 0)
                    if share != hits:
                        r = self.ruling("hit-result", {"hits": share, "target_status": self.units[j].status,
                                                       "target": "unit", "retreat": False},
                                        f"longer play: {hits} hits shared among {len(units)} units")
            self.result_or_retreat(j, r.result, hits, small_arms, source)

    def result_or_retreat(self, j: int, result: str, hits: int, small_arms: bool, source: Space | None) -> None:
        if small_arms and hits > 0 and source is not None and not self.game.smf[j] \
                and self.retreat_options(j, source):
            retreat = Decision("retreat", self.game.side_of[j], (j, hits, result, source))
            cast("list[Decision]", self.decisions).append(retreat)
            return
        self.apply_result(j, result, "direct_fire", source)

    def do_retreat(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None and a.space is not None
        if d.kind == "ca_retreat":
            self.set(i, at=a.space, bocage=False)
            why = "Vehicle Hit Results" if self.game.vehicle[i] else "Close Assault"
            self.say(f"{self.name(i)} is suppressed and retreats to {_sp(a.space)} (seed \"{why}\")")
            return
        j, hits, _, source = d.data
        r = self.ruling("hit-result", {"hits": hits, "target_status": self.units[j].status, "target": "unit",
                                       "retreat": True},
                        f"{self.name(j)} retreats from {_sp(self.units[j].at)} to {_sp(a.space)}, one space away "
                        f"from the firer at {_sp(source)}")
        self.set(j, at=a.space, bocage=False, hidden=False)
        self.apply_result(j, r.result, "direct_fire")

    def do_take_hits(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        j, _, result, _ = d.data
        self.apply_result(j, result, "direct_fire")

    def recon_by_fire(self, enemy: str, space: Space, about: str, params: Callable[[int], dict[str, Any]],
                      procedure: str, small_arms: bool, source: Space | None) -> None:
        """Seed "Recon by Fire": fire at a blind at one die less; any hit reveals it (CF-47), and the
        result then applies to the units revealed; a dummy hit is removed."""
        units = [j for j in self.at(space, enemy) if self.units[j].hidden and not self.game.smf[j]]
        rolls: list[tuple[int, Ruling]] = []
        for j in units or [-1]:
            r = self.ruling(procedure, params(j), f"{about}: recon by fire at a blind")
            rolls.append((j, r))
        if not any(_hits_of(r) for _, r in rolls):
            self.say(f"no hits: the blind at {_sp(space)} stays unrevealed")
            return
        self.reveal_space(enemy, space, "recon by fire scored a hit")
        for j, r in rolls:
            if j >= 0:
                self.result_or_retreat(j, r.result, _hits_of(r), small_arms, source)

    def do_group_fire(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        here = self.units[i].at
        assert here is not None
        side = g.side_of[i]
        firers = self.group_firers(here, side)
        for k in firers:
            self.reveal(k, "it fires")
            self.set(k, fired=True, done=True)
        enemy = _other(side)
        leader = self.leaders_in(here, side)
        small_arms = all(g.types[k].weapon.small_arms for k in firers)  # type: ignore[union-attr]
        units, blind = self.victims(enemy, a.space, small_arms)

        def params(j: int) -> dict[str, Any]:
            return {
                "firers": tuple(g.types[k].weapon_key for k in firers), "leader": leader,
                "range": range_between(here, a.space),  # type: ignore[arg-type]
                "cover": bool(cover_for_attack(g.board, here, a.space, self.smoke_spaces())),  # type: ignore[arg-type]
                "card": self.card(), "recon_by_fire": blind,
                "pinned_firers": any(self.units[k].status == "pinned" for k in firers),
                "target_status": self.units[j].status if j >= 0 else "good_order", "retreat": False,
            }

        about = f"group fire by {', '.join(self.name(k) for k in firers)} at {_sp(a.space)}"
        if blind:
            self.recon_by_fire(enemy, a.space, about, params, "group-fire", small_arms, here)
        else:
            self.attack(units, about, params, "group-fire", small_arms, here)

    def do_snipe(self, a: Action, i: int) -> None:
        g = self.game
        j = g.index[a.other]
        here, there = self.units[i].at, self.units[j].at
        assert here is not None and there is not None
        self.reveal(i, "it fires")
        smf = g.smf[j]
        params = {"target": "smf" if smf else "unit", "range": range_between(here, there),
                  "cover": bool(cover_for_attack(g.board, here, there, self.smoke_spaces())),
                  "target_status": "good_order" if smf else self.units[j].status, "retreat": False}
        r = self.ruling("sniper-fire", params, f"{self.name(i)} snipes at {self.name(j)} in {_sp(there)}")
        self.eliminate(i, "removed")
        if smf:
            self.apply_result(j, r.result, "sniper_fire")
        else:
            self.result_or_retreat(j, r.result, _hits_of(r), True, here)

    def do_mortar_smoke(self, a: Action, i: int) -> None:
        assert a.space is not None
        self.reveal(i, "it fires")
        self.set(i, fired=True, done=True, smoke_rounds=self.units[i].smoke_rounds - 1)
        side = self.game.side_of[i]
        self.smoke = [s for s in self.smoke if s.space != a.space] + [Smoke(a.space, side)]
        self.touch()
        self.say(f"{self.name(i)} fires a smoke round at {_sp(a.space)}: smoke blocks LOS into and out of the space "
                 f"until the {side} regains the initiative (CF-51; {self.units[i].smoke_rounds} left)")

    # -- rally, bocage, mines

    def do_rally(self, a: Action, i: int) -> None:
        g = self.game
        u = self.units[i]
        assert u.at is not None
        side = g.side_of[i]
        enemy_los = any(self.units[k].status == "good_order" and not g.smf[k]
                        and self.sees(self.units[k].at, u.at)  # type: ignore[arg-type]
                        for k in self.living(_other(side)))
        params = {"status": u.status, "enemy_los": enemy_los, "experience": g.units[i].experience,
                  "leader": self.leaders_in(u.at, side)}
        r = self.ruling("rally", params, f"{self.name(i)} tries to rally", "all" if not u.hidden else side)
        self.set(i, rallied=True)
        if r.result == "rallied":
            self.set(i, status="good_order" if u.status == "pinned" else "pinned")
        else:
            self.set(i, done=True)

    def do_occupy_bocage(self, a: Action, i: int) -> None:
        self.set(i, bocage=True)
        self.say(f"{self.name(i)} occupies the bocage of {_sp(self.units[i].at)} (seed \"Bocage\")")

    def do_find_path(self, a: Action, i: int) -> None:
        g = self.game
        k = next(n for n, m in enumerate(self.mines) if m.at == a.space and not m.gone)
        self.set(i, done=True, moved=True, fired=True)
        r = self.ruling("minefield-find-path", {"engineers": g.types[i].has("engineer")},
                        f"{self.name(i)} looks for a path through the minefield at {_sp(a.space)}")
        if r.result == "path found":
            self.set_mine(k, path=True)

    def do_clear_mines(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        k = next(n for n, m in enumerate(self.mines) if m.at == a.space and not m.gone)
        m = self.mines[k]
        side = g.side_of[i]
        clearers = [j for j in self.at(a.space, side) if not self.units[j].done]
        for j in clearers:
            self.set(j, done=True, moved=True, fired=True)
        r = self.ruling("minefield-clear", {"field": "real" if m.real else "dummy",
                                            "engineers": any(g.types[j].has("engineer") for j in clearers)},
                        f"{', '.join(self.name(j) for j in clearers)} clear the minefield at {_sp(a.space)}")
        if r.result.startswith("dummy") or r.result == "mines cleared":
            self.set_mine(k, gone=True)
        elif r.result.startswith("tie"):
            self.set_mine(k, gone=True)
            self.eliminate(clearers[0], "destroyed")
        else:
            hits = int(r.result.split("by ")[1][0])
            for j in clearers:
                if self.alive(j):
                    self.apply_result(j, self.hit_table(j, hits, "mines"), "minefield")

    # -- artillery

    def do_declare_he(self, a: Action, i: int) -> None:
        self.declare(a, i, "he")

    def do_declare_smoke(self, a: Action, i: int) -> None:
        self.declare(a, i, "smoke")

    def declare(self, a: Action, i: int, kind: str) -> None:
        """Seed "Artillery": on a Fire card a forward observer marks a space in its LOS; the mission arrives
        on the side's next Fire card. The mission is used when declared (CF-50); a hidden FO stays hidden."""
        assert a.space is not None
        side = self.game.side_of[i]
        n = ROLES.index(side)
        he, smoke = self.missions[n]
        cast("list[tuple[int, int]]", self.missions)[n] = (he - 1, smoke) if kind == "he" else (he, smoke - 1)
        self.set(i, done=True, fired=True)
        cast("list[Mission]", self.declared).append(Mission(side, i, a.space, kind, False))
        self.say(f"{self.name(i)} calls a{'n HE' if kind == 'he' else ' smoke'} mission on {_sp(a.space)}; it "
                 f"arrives on the {side}'s next Fire card", side if self.units[i].hidden else "all")
        if self.units[i].hidden:
            self.say(f"the {side} marks {_sp(a.space)} as an artillery target", _other(side))

    def artillery_arrives(self) -> None:
        g = self.game
        side = self.init.phasing
        arriving = [m for m in self.declared if m.side == side and m.ready]
        if not arriving:
            return
        self.declared = [m for m in self.declared if not (m.side == side and m.ready)]
        for m in arriving:
            enemy_units = [j for j in self.at(m.space) if not g.smf[j]]
            smfs = [j for j in self.at(m.space) if g.smf[j]]
            observers = [j for j in self.living(side) if g.types[j].has("forward_observer")]
            observed = (not B.has_bocage(g.board, m.space)
                        or any(self.sees(self.units[j].at, m.space) for j in observers))  # type: ignore[arg-type]
            cover = B.space_cover(g.board, m.space, self.smoke_spaces())
            about = f"the {side}'s {'HE' if m.kind == 'he' else 'smoke'} mission on {_sp(m.space)}"
            if m.kind == "smoke":
                r = self.ruling("artillery", {"mission": "smoke"}, about)
                if r.result == "smoke placed":
                    self.smoke = [s for s in self.smoke if s.space != m.space] + [Smoke(m.space, side)]
                    self.touch()
                continue
            targets = enemy_units or smfs
            if not targets:
                self.ruling("artillery", {"mission": "he", "target": "none", "observed": observed}, about)
                continue
            first = True
            results: list[tuple[int, str]] = []
            hit_blind = False
            for j in targets:
                smf = g.smf[j]
                r = self.ruling("artillery", {"mission": "he", "cover": cover, "observed": observed,
                                              "target": "smf" if smf else "unit",
                                              "target_status": "good_order" if smf else self.units[j].status,
                                              "arrival_checked": not first},
                                f"{about}: on {self.public_name(j)}")
                first = False
                if r.result == "denied":
                    break
                results.append((j, r.result))
                hit_blind = hit_blind or (self.units[j].hidden and _hits_of(r) > 0)
            if hit_blind:
                self.reveal_space(g.side_of[targets[0]], m.space, "the shells scored a hit")
            for j, res in results:
                if self.alive(j):
                    self.apply_result(j, res, "artillery_he")
        self.retire_observers(side)

    def retire_observers(self, side: str) -> None:
        """CF-50: when a side has no missions left (and none on the way), its forward observers leave."""
        n = ROLES.index(side)
        if sum(self.missions[n]) == 0 and not any(m.side == side for m in self.declared):
            for j in list(self.living(side)):
                if self.game.types[j].has("forward_observer"):
                    self.eliminate(j, "removed")

    # -- scouts

    def scouts_look(self) -> None:
        """Seed "Scouts": a scout reveals every blind in its LOS, and then leaves the table."""
        g = self.game
        for j in g.scouts:
            if not self.alive(j) or self.units[j].hidden:
                continue
            side = g.side_of[j]
            at = self.units[j].at
            seen = [s for s in sorted(self.blind_spaces(_other(side))) if self.sees(at, s)]  # type: ignore[arg-type]
            if seen:
                self.say(f"{self.name(j)} sees the blinds at {', '.join(_sp(s) for s in seen)}")
                for s in seen:
                    self.reveal_space(_other(side), s, f"the scout {g.ids[j]} sees it")
                self.eliminate(j, "removed")

    # -- close assault

    def do_assault(self, a: Action, i: int) -> None:
        g = self.game
        assert a.space is not None
        attackers = [i] + ([g.index[a.other]] if a.other else [])
        for j in attackers:
            self.reveal(j, "it assaults")
            self.set(j, done=True, fired=True, moved=True)
        side = g.side_of[i]
        enemy = _other(side)
        here = self.units[i].at
        assert here is not None
        self.say(f"{' and '.join(self.name(j) for j in attackers)} close assault {_sp(a.space)}")
        defenders = self.at(a.space, enemy)
        if any(self.may_op_fire(k, here, j) and self.sees(self.units[k].at, here)  # type: ignore[arg-type]
               for k in defenders for j in attackers):
            opfire = Decision("opfire", enemy, ("assault", tuple(attackers), a.space))
            cast("list[Decision]", self.decisions).insert(0, opfire)
            return
        self.close_assault(attackers, a.space)

    def close_assault(self, attackers: list[int], target: Space) -> None:
        """Seed "Close Assault": both sides roll 1d6 plus modifiers (the procedure); the margin is hits on
        each losing unit; suppressed losers retreat or are destroyed; a tie loses units 1:1 (CF-8)."""
        g = self.game
        attackers = [j for j in attackers if self.alive(j) and self.may_assault_now(j)]
        if not attackers:
            self.say("no attacker is left in good order: the close assault does not go in (seed \"Close Assault\")")
            return
        side = g.side_of[attackers[0]]
        enemy = _other(side)
        defenders = [j for j in self.at(target, enemy) if not g.smf[j] and self.units[j].riding < 0]
        if not defenders:
            self.say(f"no defender is left in {_sp(target)}")
            return
        here = self.units[attackers[0]].at
        assert here is not None
        params = _assault_params(self, attackers, here, defenders, target)
        r = self.ruling("close-assault", params, f"close assault on {_sp(target)}")
        result = r.result
        if result.startswith("tie"):
            n = min(len(attackers), len(defenders))
            cast("list[Decision]", self.decisions)[0:0] = [Decision("lose", side, (tuple(attackers), n)),
                                   Decision("lose", enemy, (tuple(defenders), n))]
            self.settle_losses()
            return
        hits = 3 if "3+" in result else int(result.split("by ")[1][0])
        losers, winners = (defenders, attackers) if result.startswith("attackers") else (attackers, defenders)
        win_space = self.units[winners[0]].at
        for j in losers:
            if not self.alive(j):
                continue
            res = self.hit_table(j, hits, "close assault")
            if res == "suppressed":
                self.apply_result(j, res, "close_assault")
                options = self.assault_retreats(j, win_space)  # type: ignore[arg-type]
                if not options:
                    self.say(f"{self.name(j)} is suppressed and cannot retreat: destroyed (seed \"Close Assault\")")
                    self.eliminate(j, "destroyed")
                elif len(options) == 1:
                    self.set(j, at=options[0])
                    self.say(f"{self.name(j)} is suppressed and retreats to {_sp(options[0])}")
                else:
                    cast("list[Decision]", self.decisions).append(Decision("ca_retreat", g.side_of[j], (j, win_space)))
            else:
                self.apply_result(j, res, "close_assault")
        if result.startswith("attackers") and not [j for j in self.at(target, enemy) if not g.smf[j]]:
            survivors = tuple(j for j in attackers if self.alive(j))
            if survivors:
                cast("list[Decision]", self.decisions).append(Decision("occupy", side, (survivors, target)))

    def settle_losses(self) -> None:
        """Tie losses with no choice (as many to lose as took part) are taken at once."""
        while self.decisions and self.decisions[0].kind == "lose":
            units, n = self.decisions[0].data
            left = [j for j in units if self.alive(j)]
            if n <= 0 or not left:
                cast("list[Decision]", self.decisions).pop(0)
                continue
            if len(left) <= n:
                cast("list[Decision]", self.decisions).pop(0)
                for j in left:
                    self.eliminate(j, "destroyed")
                continue
            return

    def do_lose(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        units, n = d.data
        self.eliminate(i, "destroyed")
        if n > 1:
            cast("list[Decision]", self.decisions).insert(0, Decision("lose", d.side, (units, n - 1)))
        self.settle_losses()

    def do_occupy(self, a: Action, i: int) -> None:
        d = self.decision
        assert d is not None
        survivors, target = d.data
        movers = [j for j in survivors if self.alive(j)]
        side = d.side
        enemy = _other(side)
        for j in self.at(target, enemy):  # SMFs left in the space are overrun (CF-34)
            self.eliminate(j, "destroyed")
        for j in movers:
            self.set(j, at=target, bocage=False)
        self.say(f"{', '.join(self.name(j) for j in movers)} occupy {_sp(target)} (no op fire; seed \"Close "
                 "Assault\")")

    def do_stay(self, a: Action, i: int) -> None:
        self.say("the assaulting units stay where they are")


def _share(hits: int, n: int, k: int) -> int:
    """Longer play: ``hits`` divided among ``n`` units as equally as may be, the first ones first."""
    return hits // n + (1 if k < hits % n else 0)


def _hits_of(r: Ruling) -> int:
    for d in r.dice:
        if d.label in ("fire", "op fire", "HE", "sniper", "mine damage") and isinstance(d.value, int):
            return int(d.value)
    return 0


def _assault_params(s: _Rules, attackers: list[int], here: Space, defenders: list[int],
                    target: Space) -> dict[str, Any]:
    g = s.game
    side = g.side_of[attackers[0]]
    enemy = _other(side)
    good_def = [j for j in defenders if s.units[j].status == "good_order"]
    return {
        "att_leader": s.leaders_in(here, side),
        "att_good_order": min(2, len(attackers)),
        "att_smg": any(g.types[j].has("smg_assault") for j in attackers),
        "def_leader": s.leaders_in(target, enemy),
        "def_good_order": min(2, len(good_def)),
        "def_smg": any(g.types[j].has("smg_assault") and s.units[j].status != "suppressed" for j in defenders),
        "def_mgs": sum(1 for j in defenders if g.types[j].has("mg_op_fire") and s.units[j].status != "suppressed"),
        "reinforced_cover": any(s.units[j].bocage for j in defenders) and B.has_bocage(g.board, target),
        "def_pinned": any(s.units[j].status == "pinned" for j in defenders),
        "def_suppressed": any(s.units[j].status == "suppressed" for j in defenders),
        "def_only_weapon_teams": all(g.types[j].weapon_crew for j in defenders),
    } | (_vehicle_assault_params(s, attackers, here, defenders, target) if g.has_vehicles else {})


def _vehicle_assault_params(s: _Rules, attackers: list[int], here: Space, defenders: list[int],
                            target: Space) -> dict[str, Any]:
    """Seed "Close Assault" vehicle terms (CF-84, CF-89): vehicle MGs count when the bow faces the enemy's
    space; +3 a friendly tank, +2 another AFV; AT grenades (engineers) and AT weapons against a vehicle; a
    pinned vehicle attacks at a penalty and is not a good-order unit."""
    g = s.game
    out: dict[str, Any] = {}
    for prefix, units, enemy_space in (("att", attackers, target), ("def", defenders, here)):
        types = [g.types[j] for j in units]
        vehicles = [j for j in units if g.vehicle[j]]
        out[f"{prefix}_vehicle"] = bool(vehicles)
        out[f"{prefix}_tank"] = any(g.types[j].vehicle.close_assault == "tank" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_afv"] = any(g.types[j].vehicle.close_assault == "afv" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_at_grenades"] = any(t.has("at_grenades") for t in types)
        out[f"{prefix}_at_weapons"] = any(t.anti_tank is not None and t.kind == "squad" for t in types)
        mgs = len([j for j in vehicles if g.types[j].weapon is not None and s.units[j].status != "suppressed"
                   and in_front(s.units[j].at, s.units[j].facing, enemy_space)])  # type: ignore[arg-type]
        if prefix == "att":
            out["att_vehicle_mgs"] = min(2, mgs)
        else:
            out["def_mgs"] = min(2, mgs + sum(1 for j in units if not g.vehicle[j] and g.types[j].has("mg_op_fire")
                                               and s.units[j].status != "suppressed"))
    pinned = [j for j in attackers if s.units[j].status == "pinned"]
    out["att_pinned_vehicle"] = bool(pinned)
    out["att_good_order"] = min(2, len(attackers) - len(pinned))
    return out


def _odds(s: CFState, a: Action) -> dict[str, dict[str, Fraction]]:
    """Design "Odds before acting": the procedure and parameters ``apply`` would use, per target."""
    g = s.game
    if a not in s.legal_actions():
        raise UsageError(_illegal(s, a, s.legal_actions()))
    p = _Play(s)
    i = g.index.get(a.unit, -1)
    out: dict[str, dict[str, Fraction]] = {}

    def dist(proc: str, params: dict[str, Any]) -> dict[str, Fraction]:
        return dict(exact_odds(f"company-fire/{proc}", params).distribution)

    if a.kind == "fire":
        assert a.space is not None
        enemy = _other(g.side_of[i])
        units, blind = p.victims(enemy, a.space)
        if blind:
            out[f"blind at {_sp(a.space)}"] = dist("individual-fire", p.fire_params(i, a.space, -1, True))
        for j in units:
            out[g.ids[j]] = dist("individual-fire", p.fire_params(i, a.space, j, False))
    elif a.kind == "group_fire":
        assert a.space is not None
        here = s.units[i].at
        side = g.side_of[i]
        firers = p.group_firers(here, side)  # type: ignore[arg-type]
        units, blind = p.victims(_other(side), a.space)
        for j in units or [-1]:
            out[g.ids[j] if j >= 0 else f"blind at {_sp(a.space)}"] = dist("group-fire", {
                "firers": tuple(g.types[k].weapon_key for k in firers), "leader": s.leaders_in(here, side),  # type: ignore[arg-type]
                "range": range_between(here, a.space),  # type: ignore[arg-type]
                "cover": bool(cover_for_attack(g.board, here, a.space, s.smoke_spaces())),  # type: ignore[arg-type]
                "card": s.card(), "recon_by_fire": blind,
                "pinned_firers": any(s.units[k].status == "pinned" for k in firers),
                "target_status": s.units[j].status if j >= 0 else "good_order"})
    elif a.kind in ("declare_he",):
        assert a.space is not None
        cover = B.space_cover(g.board, a.space, s.smoke_spaces())
        for j in s.at(a.space):
            if not g.smf[j]:
                out[g.ids[j]] = dist("artillery", {"mission": "he", "cover": cover,
                                                   "target_status": s.units[j].status})
        if not out:
            out[f"a unit in {_sp(a.space)}"] = dist("artillery", {"mission": "he", "cover": cover})
    elif a.kind == "assault":
        assert a.space is not None
        attackers = [i] + ([g.index[a.other]] if a.other else [])
        defenders = [j for j in s.at(a.space, _other(g.side_of[i])) if not g.smf[j] and s.units[j].riding < 0]
        here = s.units[i].at
        out[f"close assault on {_sp(a.space)}"] = dist(
            "close-assault", _assault_params(s, attackers, here, defenders, a.space))  # type: ignore[arg-type]
    elif a.kind == "at_fire":
        out[a.other] = dist("anti-tank-fire", p.at_params(i, g.index[a.other]))
    elif a.kind == "snipe":
        j = g.index[a.other]
        here, there = s.units[i].at, s.units[j].at
        smf = g.smf[j]
        out[a.other] = dist("sniper-fire", {
            "target": "smf" if smf else "unit", "range": range_between(here, there),  # type: ignore[arg-type]
            "cover": bool(cover_for_attack(g.board, here, there, s.smoke_spaces())),  # type: ignore[arg-type]
            "target_status": "good_order" if smf else s.units[j].status})
    else:
        raise UsageError(f"odds are given for fire, anti-tank fire, group fire, sniper fire, HE missions and close "
                         f"assaults, not for '{a}'")
    return out


def _observation(s: CFState, side: str) -> dict[str, Any]:
    """What ``side`` may know (design "Fog of war"): its own units in full; enemy units on the table; enemy
    blinds as markers only; minefields as CF-52 says; the log lines it may read."""
    if side not in ROLES:
        raise UsageError(f"no side {side!r}; sides: attacker, defender")
    g = s.game
    units = []
    for i, u in enumerate(s.units):
        mine = g.side_of[i] == side
        if not mine and u.hidden:
            continue
        entry: dict[str, Any] = {"id": g.ids[i], "side": g.side_of[i], "type": g.types[i].name,
                 "at": list(u.at) if u.at is not None else None, "status": u.status,
                 "occupies_bocage": u.bocage}
        if u.facing:
            entry["facing"] = u.facing
        if u.turret:
            entry["turret"] = u.turret
        if u.riding >= 0:
            entry["riding"] = g.ids[u.riding]
        if mine:
            entry.update(hidden=u.hidden, moved=u.moved, fired=u.fired, done=u.done, smoke_rounds=u.smoke_rounds)
        units.append(entry)
    blinds = [{"side": who, "at": list(sp)} for who in ROLES for sp in sorted(s.blind_spaces(who))]
    mines = []
    for m in s.mines:
        if m.gone:
            continue
        if m.laid_by == side:
            mines.append({"at": list(m.at), "laid_by": m.laid_by, "real": m.real, "marked": m.marked})
        elif m.marked:
            mines.append({"at": list(m.at), "laid_by": m.laid_by, "marked": True, "path_found": m.path})
    n = ROLES.index(side)
    return {
        "side": side, "to_act": s.to_act, "turn": s.init.turn + 1, "clock": s.init.clock,
        "card": str(s.init.card) if s.init.card else "opening Move card", "card_kind": s.init.kind,
        "phasing": s.init.phasing, "segment": s.segment_name,
        "units": units, "blinds": blinds, "minefields": mines,
        "smoke": [{"at": list(x.space), "side": x.side} for x in s.smoke],
        "fire_missions_left": {"he": s.missions[n][0], "smoke": s.missions[n][1]},
        "fire_missions_marked": [{"at": list(m.space), "kind": m.kind if m.side == side else "unknown",
                                  "side": m.side} for m in s.declared],
        "objectives": [{"name": o.name, "at": list(o.at), "held_by": h}
                       for o, h in zip(g.scenario.victory.objectives, s.held, strict=True)],
        "log": s.narration(side),
        "decision": s.decisions[0].kind if s.decisions and s.decisions[0].side == side else None,
        "result": s.outcome,
    }


def secrets(state: Any, side: str) -> list[str]:
    """For the conformance suite: what ``side`` may not see, as it would appear in JSON: the ids of enemy
    units under blinds."""
    s: CFState = state
    g = s.game
    return [json.dumps(g.ids[i]) for i in s.living(_other(side)) if s.units[i].hidden]


def invariants(state: Any) -> list[str]:
    """The game's own invariants: stacking, statuses, no unit in an enemy space, blinds whole."""
    s: CFState = state
    g = s.game
    problems: list[str] = []
    spaces: dict[Space, list[int]] = {}
    for i in s.living():
        spaces.setdefault(s.units[i].at, []).append(i)  # type: ignore[arg-type]
        if g.smf[i] and s.units[i].status != "good_order":
            problems.append(f"SMF {g.ids[i]} is {s.units[i].status}")
    for sp, here in spaces.items():
        if len({g.side_of[i] for i in here}) > 1:
            problems.append(f"units of both sides in {sp}: {[g.ids[i] for i in here]}")
        aboard = [i for i in here if s.units[i].riding >= 0]
        for i in aboard:
            c = s.units[i].riding
            if not s.alive(c) or s.units[c].at != sp or g.side_of[c] != g.side_of[i] or not g.may_ride[i]:
                problems.append(f"{g.ids[i]} rides in {g.ids[c]}, which is not a friendly carrier in {sp}")
            if s.units[i].hidden != s.units[c].hidden:
                problems.append(f"{g.ids[i]} rides in {g.ids[c]} but one of them is hidden and the other not")
        for c in {s.units[i].riding for i in aboard}:
            teams = sum(1 for i in aboard if s.units[i].riding == c and not g.smf[i])
            smfs = sum(1 for i in aboard if s.units[i].riding == c and g.smf[i])
            if teams > g.carries[c][0] or smfs > g.carries[c][1]:
                problems.append(f"{g.ids[c]} carries more than it may: {teams} squads or teams, {smfs} SMFs")
        here = [i for i in here if s.units[i].riding < 0]
        non_smf = sum(1 for i in here if not g.smf[i])
        if not B.stacking_allows(non_smf, len(here) - non_smf):
            problems.append(f"stacking broken in {sp}: {[g.ids[i] for i in here]}")
        if len({s.units[i].hidden for i in here}) > 1:
            problems.append(f"a blind covers part of {sp} only")
    for i, u in enumerate(s.units):
        if g.types[i].faces_an_edge and u.facing not in FACINGS:
            problems.append(f"{g.ids[i]} faces {u.facing!r}, not an edge")
        if u.status in ("destroyed", "removed") and u.at is not None:
            problems.append(f"{g.ids[i]} is {u.status} but still on the table")
        if u.riding >= 0 and u.at is None:
            problems.append(f"{g.ids[i]} is off the table but still rides in {g.ids[u.riding]}")
    return problems


class CFGame(GameBase):
    """A Company Fire scenario bound to the rules: the static half of every state."""

    ruleset = INFO.id
    version = INFO.version
    sides = ROLES

    # encoding ---------------------------------------------------------------------------------------

    def encode(self, action: Hashable) -> int:
        return self.codes.encode(action)

    def decode(self, code: int) -> Action:
        return self.codes.decode(code)

    # states -----------------------------------------------------------------------------------------

    def initial_state(self, seed: int) -> CFState:
        sc = self.scenario
        units = tuple(UnitState(u.at, "good_order", u.hidden, u.occupies_bocage, False, False, False, False, False,
                                False, u.smoke_rounds, u.facing or "", u.turret or "",
                                riding=self.index[u.riding] if u.riding else -1) for u in self.units)
        dummies = tuple(sorted((side.role, s) for side in (sc.attacker, sc.defender) for s in side.dummy_blinds))
        mines = tuple(MineState(m.at, m.laid_by, m.real, m.marked, False, False) for m in sc.minefields)
        init = opening(sc.attacker.colour, 2 if sc.rules.jokers else 0)
        missions = ((sc.attacker.fire_missions.he, sc.attacker.fire_missions.smoke),
                    (sc.defender.fire_missions.he, sc.defender.fire_missions.smoke))
        held = tuple(o.held_by for o in sc.victory.objectives)
        rng = np.random.Generator(np.random.PCG64(seed))
        start = CFState(self, units, dummies, mines, init, missions, (), (), held, (), (), _rng_state(rng), None, 0)
        play = _Play(start)
        play.say(f"{sc.name}: {sc.attacker.name} attack {sc.defender.name}. The attacker opens as if it had drawn "
                 "a Move card (seed \"Initiative and Phase Sequence\").")
        play.advance()
        return play.freeze()

    def state_from_json(self, data: dict[str, Any]) -> CFState:
        try:
            return _state_from_json(self, data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise UsageError(f"not a Company Fire state of {self.scenario_name}: {exc}") from None

    # what a state hands to its game (GameBase) ------------------------------------------------------

    def play(self, state: Any, action: Action) -> Any:
        play = _Play(state)
        play.act(action)
        play.advance()
        return play.freeze()

    def observe(self, state: Any, side: str) -> dict[str, Any]:
        return _observation(state, side)

    def odds(self, state: Any, action: Action) -> dict[str, dict[str, Fraction]]:
        return _odds(state, action)


def load(path: Path) -> CFGame:
    """The game loader registered for ``company-fire``: a scenario file to a :class:`CFGame`."""
    return CFGame(load_scenario(path), Path(path))


def shipped() -> tuple[Path, ...]:
    """The scenario files that come with the game."""
    return shipped_scenarios()


for _section in ("Stacking", "The Game Turn", "Initiative and Phase Sequence", "Tracking Turns",
                 "Game Clock (optional)", "Unit Status, Hit Results and Rallying", "Line of Sight (LOS)",
                 "Optional Methods for Resolving Attacks", "Artillery", "Movement", "Close Assault",
                 "Individual Unit Fire", "Opportunity Fire", "Group Fire", "Non-Phasing Reaction Fire",
                 "Single Mounted Figures (SMFs)", "Bocage", "Mines (beta)"):
    register_rule_use(SEED, _section, "company_fire.game")
