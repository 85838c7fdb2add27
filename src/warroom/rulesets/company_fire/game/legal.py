"""Company Fire game: the legal actions of a position, and the message for an illegal one.

:func:`legal_of` offers the acting side's actions segment by segment (seed "Initiative and Phase Sequence"):
fire missions (seed "Artillery"), leader moves (CF-62), rallies, group fire (seed "Group Fire"), close
assaults and the moves to close assault from (CF-58, CF-84), each unit's moves, fire and other actions in the
individual segment (acting once per card, CF-59 and CF-74; facing, pivots and buttoning up, CF-68 and CF-73;
mounting and dismounting, CF-91; what a rider may do, CF-93; bocage and mines), and reaction fire (seed
"Non-Phasing Reaction Fire"); or, when the rules hand a side a decision in the middle of an action, its
choices (CF-60). Actions that depend only on the position, the card and the units' own flags are kept with the
position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from warroom.core.errors import suggest
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.base import GameBase
from warroom.rulesets.company_fire.game.common import (
    ASSAULT,
    DECLARE,
    GROUP,
    INDIVIDUAL,
    LEADERS,
    MAX_RANGE,
    RALLY,
    REACTION,
    ROLES,
    Decision,
    other_side,
)
from warroom.rulesets.company_fire.game.rules import Rules
from warroom.rulesets.company_fire.geometry import king_distance, range_between, shares_edge
from warroom.rulesets.company_fire.initiative import Initiative
from warroom.rulesets.company_fire.los import visible_from
from warroom.rulesets.company_fire.vehicles import FACINGS, turn_steps


def legal_of(s: Rules) -> list[Action]:
    g = s.game
    if s.decisions:
        return _decision_actions(s, s.decisions[0])
    seg = s.init.segment
    side = other_side(s.init.phasing) if seg == REACTION else s.init.phasing
    out: list[Action] = [Action("end")]
    ids = g.ids
    mine = list(s.living(side))
    if seg == DECLARE:
        n = ROLES.index(side)
        he, smoke = s.missions[n]
        busy = {m.fo for m in s.declared}
        for i in mine:
            if not g.types[i].has("forward_observer") or i in busy or s.units[i].done or s.units[i].riding >= 0:
                continue
            seen = visible_from(g.los, s.units[i].at, s.blockers(), s.smoke_spaces(), s.held_bocage())  # type: ignore[arg-type]
            for sp in sorted(seen, key=lambda p: (p[1], p[0])):
                if sp == s.units[i].at:
                    continue
                if he > 0:
                    out.append(Action("declare_he", ids[i], sp))
                if smoke > 0:
                    out.append(Action("declare_smoke", ids[i], sp))
    elif seg == LEADERS:
        for i in mine:
            if g.types[i].leader and not s.units[i].moved and not s.units[i].done and s.units[i].riding < 0:
                out += _moves(s, "leader_move", i)
    elif seg == RALLY:
        for i in mine:
            u = s.units[i]
            if not g.smf[i] and u.status in ("pinned", "suppressed") and not u.rallied and not u.done:
                out.append(Action("rally", ids[i]))
    elif seg == GROUP:
        seen_spaces: set[Space] = set()
        for i in mine:
            here = s.units[i].at
            assert here is not None
            if here in seen_spaces or g.smf[i]:
                continue
            seen_spaces.add(here)
            firers = s.group_firers(here, side)
            if len(firers) < 2:
                continue
            reach = min(g.types[k].weapon.range_spaces for k in firers)  # type: ignore[union-attr]
            # CF-88: a group of small arms may not target a space holding only armoured vehicles (CF-71)
            small_arms = all(g.types[k].weapon.small_arms for k in firers)  # type: ignore[union-attr]
            for t in s.target_spaces(other_side(side), small_arms):
                if t != here and range_between(here, t) <= reach and s.sees(here, t):
                    out.append(Action("group_fire", ids[firers[0]], t))
    elif seg == ASSAULT:
        out += _assault_actions(s, side, mine)
    elif seg == INDIVIDUAL:
        out += _individual_actions(s, side, mine)
    elif seg == REACTION:
        for i in mine:
            u = s.units[i]
            ut = g.types[i]
            if u.status != "good_order" or u.done or u.riding >= 0:
                continue
            if ut.faces_an_edge and not u.op_fired and not u.hidden:  # pivot or turn to fire, "regardless of card
                # type" (CF-105); a unit under a blind does not (its pivot would name it)
                out += [a for a in _facing_actions(s, i, "fire") if a.kind != "button_up"]
            if ut.anti_tank is not None and not u.at_fired and not u.op_fired:
                out += [Action("at_fire", ids[i], sp, ids[j]) for sp, j in s.at_targets(i)]
            if ut.weapon is None or u.fired:
                continue
            if u.op_fired and not (ut.weapon.machine_gun and not u.jammed):
                continue
            if ut.has("sniper"):
                out += _snipe_actions(s, i)
                continue
            out += [Action("fire", ids[i], sp) for sp in s.fire_targets(i)]
    return out


def _assault_ready(s: Rules, i: int) -> bool:
    g = s.game
    u = s.units[i]
    t = g.types[i]
    if t.vehicle is not None:  # CF-84: a pinned vehicle may assault at a penalty; a soft-skin with no gun cannot
        return (u.status in ("good_order", "pinned") and not u.done and not u.fired and not u.at_fired
                and (t.weapon is not None or t.anti_tank is not None))
    return (not g.smf[i] and t.may_close_assault and u.status == "good_order" and not u.done
            and not u.fired and u.riding < 0)


def _assault_actions(s: Rules, side: str, mine: list[int]) -> list[Action]:
    """Close assaults and moves to close assault from: they depend on the position, the card and the flags of
    the side's units, so they are kept with the position."""
    memo = s._memo or s.memo()
    key = ("assault", side, s.card(), tuple([s.units[i] for i in mine]))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _assault_options(s, side, mine)
    return list(found)


def _assault_options(s: Rules, side: str, mine: list[int]) -> list[Action]:
    g = s.game
    ids = g.ids
    out: list[Action] = []
    solid, _ = s.enemy_sets(side)
    enemy = other_side(side)
    targets = [t for t in solid if any(not g.smf[j] for j in s.at(t, enemy))]
    by_space: dict[Space, list[int]] = {}
    for i in mine:
        if _assault_ready(s, i):
            by_space.setdefault(s.units[i].at, []).append(i)  # type: ignore[arg-type]
    for here, units in sorted(by_space.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for t in sorted(targets, key=lambda p: (p[1], p[0])):
            if king_distance(here, t) != 1:
                continue
            if len(units) == 2:
                out.append(Action("assault", ids[units[0]], t, ids[units[1]]))
                out.append(Action("assault", ids[units[1]], t))
            out.append(Action("assault", ids[units[0]], t))
    # a move into a space next to the enemy, to close assault from it (CF-58)
    if targets:
        for i in mine:
            if not _assault_ready(s, i) or not s.may_move(i) or s.card() == "fire":
                continue
            start = s.units[i].at
            assert start is not None
            v = g.types[i].vehicle
            reach = (v.on_road if v else g.types[i].movement_spaces) + 1  # a move ends within its rate of its start
            if not any(king_distance(start, t) <= reach for t in targets):
                continue
            for sp in s.move_options(i, "move"):
                if any(king_distance(sp, t) == 1 for t in targets):
                    out.append(Action("assault_move", ids[i], sp))
    return out


def _moves(s: Rules, kind: str, i: int) -> list[Action]:
    """A move to each space the unit may reach, naming the spaces it passes through where routes differ in what
    they risk (CF-120)."""
    uid = s.game.ids[i]
    out: list[Action] = []
    for space, found in s.move_routes(i, kind).items():
        if len(found) == 1:
            out.append(Action(kind, uid, space))
        else:
            out += [Action(kind, uid, space, "", path[:-1]) for path in found]
    return out


def _snipe_actions(s: Rules, i: int) -> list[Action]:
    """Seed "Snipers": a sniper declares one enemy unit on the table in its LOS within 10 spaces; never an
    armoured vehicle, which small arms, snipers among them, cannot hurt (CF-71), nor a rider (CF-93)."""
    g = s.game
    here = s.units[i].at
    assert here is not None
    out = []
    for j in s.living(other_side(g.side_of[i])):
        u = s.units[j]
        if u.hidden or u.at is None or range_between(here, u.at) > MAX_RANGE or u.at == here or u.riding >= 0 \
                or g.armoured[j]:
            continue
        if s.sees(here, u.at):
            out.append(Action("snipe", g.ids[i], None, g.ids[j]))
    return out


def _individual_actions(s: Rules, side: str, mine: list[int]) -> list[Action]:
    out: list[Action] = []
    card = s.card()
    memo = s._memo or s.memo()
    for i in mine:
        u = s.units[i]
        key = ("individual", i, card, u)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _unit_actions(s, side, i, card)
        out += found
    if s.mines:
        out += _clearing_actions(s, side, mine)
    return out


def _unit_actions(s: Rules, side: str, i: int, card: str) -> list[Action]:
    """What unit ``i`` may do in the individual segment: it depends on the position, the card and the
    unit's own flags only, so it is kept with the position (``_individual_actions``)."""
    g = s.game
    ids = g.ids
    out: list[Action] = []
    u = s.units[i]
    ut = g.types[i]
    here = u.at
    assert here is not None
    if g.transport and (u.riding >= 0 or g.may_ride[i]):
        out += _transport_actions(s, side, i, card)
        if u.riding >= 0:  # CF-93: a rider does nothing else but rally
            return out
    out += _moves(s, "move", i)
    if u.status == "suppressed":  # only a suppressed unit falls back (move_routes says when)
        out += _moves(s, "fall_back", i)
    if ut.anti_tank is not None and s.may_at_fire(i):
        out += [Action("at_fire", ids[i], sp, ids[j]) for sp, j in s.at_targets(i)]
    if ut.faces_an_edge:
        out += _facing_actions(s, i, card)
    if s.may_fire(i):
        if ut.has("sniper"):
            out += _snipe_actions(s, i)
        elif not ut.is_smf:
            targets = s.fire_targets(i)
            out += [Action("fire", ids[i], sp) for sp in targets]
            if u.smoke_rounds > 0:
                reach = ut.weapon.range_spaces  # type: ignore[union-attr]
                out += [Action("mortar_smoke", ids[i], sp) for sp in _mortar_smoke_targets(s, i, reach)]
    if g.vehicle[i]:
        return out
    if (u.moved and not u.bocage and card in ("move", "face") and u.status != "suppressed"
            and B.may_occupy_bocage(g.board, here, s.enemy_bocage(side))):
        out.append(Action("occupy_bocage", ids[i]))
    if not u.done and not u.moved and not u.fired and u.status == "good_order":
        for m in s.mines:
            if m.gone or not m.marked or m.laid_by == side:
                continue
            if shares_edge(here, m.at) and not m.path:
                out.append(Action("find_path", ids[i], m.at))
    return out


def _may_clear(s: Rules, i: int) -> bool:
    """A unit that may still act this card and work at mines: on foot, in good order, not yet moved or fired
    (seed "Mines (beta)": "a unit must stop in the grid space"; vehicles never clear, CF-86)."""
    u = s.units[i]
    return (not s.game.vehicle[i] and u.riding < 0 and u.status == "good_order" and not u.done and not u.moved
            and not u.fired)


def _clearing_actions(s: Rules, side: str, mine: list[int]) -> list[Action]:
    """CF-98: the player names who clears a marked enemy minefield its units stand in: a squad, team or gun that
    may still act, alone or with one more such unit of the space (an SMF too). They depend on the other units'
    flags, so they are worked out afresh (not kept with the position as :func:`_unit_actions` is)."""
    g = s.game
    ids = g.ids
    out: list[Action] = []
    for m in s.mines:
        if m.gone or not m.marked or m.laid_by == side:
            continue
        party = [i for i in s.at(m.at, side) if _may_clear(s, i)]
        for i in party:
            if g.smf[i]:
                continue
            out.append(Action("clear_mines", ids[i], m.at))
            out += [Action("clear_mines", ids[i], m.at, ids[j]) for j in party if j != i]
    return out


def _transport_actions(s: Rules, side: str, i: int, card: str) -> list[Action]:
    """CF-91: on a Move or face card a unit that may still move mounts a friendly half-track or truck in its
    space with room for it (CF-90), not a suppressed one; a rider dismounts into its carrier's space if the
    stacking limit allows (seed "Stacking"). A suppressed rider stays aboard."""
    g = s.game
    u = s.units[i]
    if card == "fire" or not s.may_move(i):
        return []
    if u.riding >= 0:
        here = u.at
        assert here is not None
        return [Action("dismount", g.ids[i], here)] if s.space_takes(i, here) else []
    return [Action("mount", g.ids[i], None, g.ids[c]) for c in s.at(u.at, side)  # type: ignore[arg-type]
            if g.carries[c] != (0, 0) and s.units[c].status != "suppressed" and s.room_aboard(c, i)]


def _facing_actions(s: Rules, i: int, card: str) -> list[Action]:
    """CF-73: pivot in place once a card (tracked vehicles and guns to any edge, up to 180 degrees; wheeled
    vehicles 90); turn a turret once a card; CF-68: button up on a Move or face card before moving."""
    g = s.game
    u, t = s.units[i], g.types[i]
    uid = g.ids[i]
    out: list[Action] = []
    if u.done or u.status == "suppressed":
        return out
    v = t.vehicle
    if not u.pivoted and not u.at_fired:
        out += [Action("pivot", uid, facing=f) for f in FACINGS
                if f != u.facing and (v is None or v.tracked or turn_steps(u.facing, f) == 1)]
    if v is None:
        return out
    if v.turret and not u.turned and not u.at_fired:
        out += [Action("turret", uid, facing=f) for f in FACINGS if f != u.turret]
    if v.closed_top and u.status == "good_order" and card in ("move", "face") and not u.moved:
        out.append(Action("button_up", uid))
    return out


def _mortar_smoke_targets(s: Rules, i: int, reach: int) -> list[Space]:
    g = s.game
    here = s.units[i].at
    assert here is not None
    side = g.side_of[i]
    spotters = [here] + [s.units[j].at for j in s.living(side)  # type: ignore[misc]
                         if g.types[j].leader and range_between(s.units[j].at, here) <= 1]  # type: ignore[arg-type]
    out = []
    for sp in g.spaces:
        if sp == here or range_between(here, sp) > reach:
            continue
        if any(s.sees(p, sp) for p in spotters):
            out.append(sp)
    return out


def _decision_actions(s: Rules, d: Decision) -> list[Action]:
    g = s.game
    ids = g.ids
    if d.kind == "opfire":  # CF-140: each choice names the target and the space it is in
        if d.data[0] == "move":
            space = d.data[3]
            firers = s.op_firers(d.side, space, d.data[1])
            return [Action("pass")] + [Action("op_fire", ids[k], space, ids[d.data[1]]) for k in firers]
        _, attackers, target = d.data
        here = s.units[attackers[0]].at
        firers = [k for k in s.at(target, d.side) if any(s.may_op_fire(k, here, j) for j in attackers)
                  and s.sees(s.units[k].at, here)]  # type: ignore[arg-type]
        named = ids[attackers[0]] if len(attackers) == 1 else ""
        return [Action("pass")] + [Action("op_fire", ids[k], here, named) for k in firers]
    if d.kind == "retreat":
        j, _, _, source = d.data
        return [Action("take_hits", ids[j])] + [Action("retreat", ids[j], sp)
                                                for sp in s.retreat_options(j, source)]
    if d.kind == "sacrifice":
        j, leaders = d.data[0], d.data[1]  # (a third item: where a mover saved from op fire ends, CF-61)
        return [Action("decline", ids[j])] + [Action("sacrifice", ids[j], None, ids[k]) for k in leaders
                                              if s.alive(k)]
    if d.kind == "lose":
        units, _ = d.data
        return [Action("lose", ids[j]) for j in units if s.alive(j)]
    if d.kind == "occupy":
        _, target = d.data
        return [Action("stay"), Action("occupy", "", target)]
    if d.kind == "ca_retreat":
        j, away = d.data
        return [Action("retreat", ids[j], sp) for sp in s.assault_retreats(j, away)]
    raise AssertionError(d.kind)


class _Position(Protocol):
    """What the message for an illegal action reads of a position (:class:`.state.CFState` has it)."""

    game: GameBase
    init: Initiative
    decisions: Sequence[Decision]
    outcome: dict[str, Any] | None

    @property
    def segment_name(self) -> str: ...

    @property
    def to_act(self) -> str | None: ...


def why_illegal(s: _Position, action: Any, legal: list[Action]) -> str:
    if not isinstance(action, Action):
        return f"{action!r} is not a Company Fire action"
    if s.outcome is not None:
        return f"the game is over ({s.outcome['reason']}): no action is legal"
    if action.unit and action.unit not in s.game.index:
        return f"no unit {action.unit!r}{suggest(action.unit, s.game.ids)}"
    same = [a for a in legal if a.kind == action.kind and a.unit == action.unit]
    where = f"in the {s.segment_name} segment of the {s.init.phasing}'s {s.init.kind} card"
    if s.decisions:
        where = f"while the {s.decisions[0].side} decides ({s.decisions[0].kind})"
    if same:
        return f"'{action}' is not legal {where}; {action.unit or 'this'} may: " + "; ".join(str(a) for a in same[:8])
    kinds = sorted({a.kind for a in legal})
    return f"'{action}' is not legal {where}; the {s.to_act} may: {', '.join(kinds)}"
