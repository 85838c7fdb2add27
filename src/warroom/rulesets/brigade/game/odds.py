"""Brigade game: the exact odds of an action before it is taken (``BrigadeState.odds``; BR-200 ... BR-204).

Direct fire (seed 004 "FIRING", as :func:`.fire.fire` plays it) is a chain of rolls: HE, small-arms
and flame-thrower hits, the pin marker the target's side may choose, then a saving throw for each kind of hit,
each killing figures until the company is removed (BR-52, BR-103). :func:`odds` gives the distribution of what
the firer cares about, worked out exactly by enumerating every roll with ``core.api.odds`` (never sampled): per
target, the figures lost or "removed" (troops), or whether a vehicle is destroyed (BR-200). Where the target's
side may take a pin marker before its saves, both answers are given, "if it takes a pin marker" and "if it does
not" (BR-201); choosing, :class:`PinChoice` has the odds of the saves that follow.

A move whose path crosses ground whose distance is rolled has the movement dice of each such column, and a
vehicle's soft-ground check (seed 004 "Movement", BR-202); on-table indirect fire, where it lands and its effect
on the unit aimed at; walking fire, its roll (seed 004 "Mortar and indirect artillery Fire"). Pin tests
(:class:`PinOrder`, seed 004 "Morale" phase 2) give each pinned unit's chance to lose its pin. Ending the move
has the movement dice of the units it sends along their pre-planned paths; the rolls the turn sequence makes
then (the next side's casualty tests, spotting minefields, artillery arriving) belong to no decision (BR-203).

Only what the acting side may know is read: the target is a unit it has detected (an undetected unit is never
a target), with its figures, cover and pin once spotted; a unit only part detected shows the hits the fire scores
on it (or whether an anti-tank shot hits), its figures, pin, cover and armour being unknown; a move's unfound
minefields never appear (BR-204).
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from warroom.core.api import odds as exact_odds
from warroom.core.errors import UsageError
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade import movement_table
from warroom.rulesets.brigade.f_tables import INDIRECT
from warroom.rulesets.brigade.game.actions import (
    Advance,
    Bombard,
    BombardFeature,
    Deploy,
    Disembark,
    Dismount,
    End,
    Fire,
    Limber,
    Mount,
    Move,
    MoveTo,
    PinChoice,
    PinOrder,
    Walk,
)
from warroom.rulesets.brigade.game.common import WALK_INCHES, hits_of, killed_of, pt
from warroom.rulesets.brigade.game.consequences import dead_figures, never_pinned
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.fire import (
    aim,
    at_params,
    he_params,
    save_context,
    save_params,
    save_rolls,
    small_arms_params,
    soft_skin_save_params,
    weapons_in_reach,
)
from warroom.rulesets.brigade.game.state import BrigadeState
from warroom.rulesets.brigade.game.transport import disembark, mount
from warroom.rulesets.brigade.m_morale import removed_at

Dist = dict[str, Fraction]


def _dist(procedure: str, params: dict[str, Any]) -> Dist:
    return dict(exact_odds(procedure, params).distribution)


def _hit_dist(procedure: str, params: dict[str, Any]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for result, p in _dist(procedure, params).items():
        if p:
            h = hits_of(result)
            out[h] = out.get(h, Fraction(0)) + p
    return out


def odds(state: BrigadeState, action: Hashable) -> dict[str, Dist]:
    """The exact odds of ``action`` (see the module docstring); empty for an action that rolls no die."""
    if state.result_data is not None:
        raise UsageError(f"the game is over ({state.result_data['reason']}): no action is legal")
    if isinstance(action, MoveTo):  # a person's free-form move, checked as apply checks it
        state.check_move_to(action)
        return _move_to(state, action)
    legal = state.legal_actions()
    if action not in legal:
        raise UsageError(state.why_not(action, legal))
    if isinstance(action, Fire):
        return _fire(state, action)
    if isinstance(action, PinChoice):
        _, e, text, _ = state.pending
        ctxt = json.loads(text)
        b = Builder(state)
        label = f"{state.ctx.ids[e]}: figures lost"
        return {label: _outcomes(b, e, ctxt, action.take or b.units[e].pinned)}
    if isinstance(action, PinOrder):
        return _pin_tests(state, action.rightward)
    if isinstance(action, End):
        return _planned(state)
    if isinstance(action, Move):
        return _move(state, action.unit, action.dest, action.half or bool(state.pending))
    if isinstance(action, (Advance, Deploy, Dismount)):
        return _move(state, action.unit, action.dest, True)
    if isinstance(action, (Limber, Mount, Disembark)) and action.dest != "here":
        # the half move after the change, as the unit then moves (BR-48, BR-161, BR-171)
        b = Builder(state)
        i = state.ctx.index[action.unit]
        if isinstance(action, Limber):
            b.set(i, limbered=True)
        elif isinstance(action, Mount):
            mount(b, i)
        else:
            disembark(b, i)
        return _move(b.view(), action.unit, action.dest, True)
    if isinstance(action, (Bombard, BombardFeature)):
        return _bombard(state, action)
    if isinstance(action, Walk):
        return _walk(state, action)
    return {}


def _walk(state: BrigadeState, a: Walk) -> dict[str, Dist]:
    """Seed 004 "Mortar and indirect artillery Fire": walking the fire onto a unit, as
    :func:`.artillery.keep_fire` rolls it."""
    ctx = state.ctx
    m = next(m for m in state.missions if ctx.mission_id(m) == a.battery)  # a battery, or a called unit (BR-192)
    assert m.landed is not None
    dist = geo.distance(m.landed, state.units[ctx.index[a.target]].anchor())
    return {f"{a.battery} walked onto {a.target}": _dist("brigade/walk-fire", {
        "caller": "observer", "distance": math.ceil(dist - 1e-9)})}


def _bombard(state: BrigadeState, a: Bombard | BombardFeature) -> dict[str, Dist]:
    """Phase 4 on-table indirect fire (BR-153, BR-178), as :func:`.artillery.bombard` rolls it: where
    it lands (the deviation), and on a unit aimed at, the effect on it if the fire lands on target (BR-202: as if
    reached; the other units a zone may catch are not foreseen, an undetected one never, BR-204)."""
    ctx = state.ctx
    i = ctx.index[a.unit]
    fire = state.indirect_class(i)
    assert fire is not None
    here = state.units[i].anchor()
    e = ctx.index[a.target] if isinstance(a, Bombard) else None
    aim = state.units[e].anchor() if e is not None else ctx.area_aim[a.feature]  # type: ignore[union-attr]
    what = ctx.ids[e] if e is not None else a.feature  # type: ignore[union-attr]
    u = state.units[i]
    last = u.fall[0] if u.fall and u.fired == state.move - 2 else None  # where it landed last move
    out: dict[str, Dist] = {}
    if last is not None and geo.distance(last, aim) <= WALK_INCHES + 1e-9:
        # over open sights, walked 2" without new deviation dice if the firer sees where it landed (BR-192)
        dist = geo.distance(last, aim)
        sees_last = ctx.sight(here, ctx.body(i, u), last, "infantry")[0]
        out[f"{a.unit}'s fire on {what}: walked on from where it landed last move"] = _dist(
            "brigade/walk-fire", {"caller": "open_sights", "distance": math.ceil(dist - 1e-9), "sees_last": sees_last})
        if sees_last:
            last = aim
    if last != aim:
        out[f"{a.unit}'s fire on {what}: where it lands"] = _dist("brigade/indirect-deviation", {
            "firer": fire, "nation": ctx.nation[ctx.side_moving(state.move)], "on_table": True, "batteries": 1,
            "called": False})
    if e is None:
        return out
    u, t = state.units[e], ctx.types[e]
    depth = INDIRECT.firers[fire].zone  # type: ignore[index]
    dx, dy = aim[0] - here[0], aim[1] - here[1]
    n = math.hypot(dx, dy)
    ux, uy = (dx / n, dy / n) if n > 1e-6 else (0.0, 1.0)
    inside = [k for k, (x, y) in enumerate(u.figs)
              if abs((x - aim[0]) * ux + (y - aim[1]) * uy) <= depth / 2 + 1e-9
              and abs(-(x - aim[0]) * uy + (y - aim[1]) * ux) <= depth / 2 + 1e-9]
    if u.aboard >= 0 or not inside:
        return out
    label = f"{what}: if the fire lands on target"
    if t.kind == "vehicle":
        out[label] = _dist("brigade/indirect-fire-effect", {"firer": fire, "batteries": 1,
                                                            "target": t.protection or "enclosed"})
        return out
    cover = ctx.cover(u.anchor(), ctx.body(e, u), aim)
    b = Builder(state)
    out[label] = _dist("brigade/indirect-fire-effect", {
        "firer": fire, "batteries": 1, "figures": min(len(inside), 12), "cover": cover.save,
        "breach": cover.breach if cover.save == "hard" and cover.breach else "none",
        "never_pinned": never_pinned(b, e)})
    return out


def _move_to(state: BrigadeState, a: MoveTo) -> dict[str, Dist]:
    """A free-form move (:func:`.move.move_to`): the movement dice of its path, as the unit moves after
    limbering, mounting or getting off (BR-202)."""
    i = state.ctx.index[a.unit]
    half = bool(state.pending) or state.free_budget(i, a.order) < 1
    if a.order in ("E", "M", "X"):
        b = Builder(state)
        if a.order == "E":
            b.set(i, limbered=True)
        elif a.order == "M":
            mount(b, i)
        else:
            disembark(b, i)
        state = b.view()
    return _dice(state, a.unit, a.point, half)


def _move(state: BrigadeState, unit: str, dest: str, half: bool) -> dict[str, Dist]:
    """Seed 004 "Movement", as :func:`.consequences.move_unit` rolls: the movement dice of each terrain column of
    the path whose distance is rolled, and a vehicle's soft-ground check if its path has one (BR-202: given as
    if reached; BR-204: minefields are not shown, the side's known ones are kept off and unfound ones are unknown)."""
    goal = state.dest_point(state.ctx.index[unit], dest, half)
    return {} if goal is None else _dice(state, unit, goal, half)


def _dice(state: BrigadeState, unit: str, goal: tuple[float, float], half: bool) -> dict[str, Dist]:
    """The movement dice of the unit's path to ``goal``, and a vehicle's soft-ground check."""
    ctx = state.ctx
    i = ctx.index[unit]
    u = state.units[i]
    t = ctx.types[i]
    row = ctx.mover(i, u)
    cost = ctx.path(u.anchor(), pt(goal), row, t.tons)
    budget = 0.5 if half else 1.0
    best = {c: 6 for c in cost.random_columns}
    out: dict[str, Dist] = {}
    seen: set[str] = set()
    for leg in cost.legs:  # as move_unit rolls them: in path order, for ground the move may reach (BR-189)
        col = leg.column
        if leg.rate is None or not leg.rate.random or leg.length <= 1e-9 or col in seen:
            continue
        if cost.reach(best, budget).inches <= leg.start + 1e-9:
            break  # not reached even at the best throws
        label = f"{unit}: movement dice in {col} ground" + (" (if the move gets that far)" if seen else "")
        seen.add(col)
        out[label] = _dist("brigade/move-distance", {"troops": row, "terrain": col, "half_move": half})
    if t.kind == "vehicle" and any(leg.bog_check for leg in cost.legs):
        out[f"{unit}: soft ground (if it moves)"] = _dist("terrain-mines/bog-down",
                                                          {"unit": movement_table.unit_of(row)})
    return out


def _planned(state: BrigadeState) -> dict[str, Dist]:
    """Ending the move sends each unit of the side given no order along its pre-planned path (BR-150, as
    :func:`.play.end_move`): its movement dice (BR-203: the rest is the turn sequence's)."""
    ctx = state.ctx
    if state.phase != "orders" or state.stage > 2:
        return {}
    side = ctx.side_moving(state.move)
    out: dict[str, Dist] = {}
    for i, u in enumerate(state.units):
        if ctx.side_of[i] == side and u.on and not u.order and u.plan and state.can_move(i):
            for label, dist in _dice(state, ctx.ids[i], u.plan[0], False).items():
                out[f"{label} (its pre-planned path)"] = dist
    return out


def _pin_tests(state: BrigadeState, rightward: bool) -> dict[str, Dist]:
    """Seed 004 "Morale" phase 2: each pinned unit of the side tests, in the order the side works across the
    table, as :func:`.morale.pin_tests`."""
    ctx = state.ctx
    side = ctx.side_moving(state.move)
    b = Builder(state)
    out: dict[str, Dist] = {}
    pinned = [i for i, u in enumerate(state.units) if ctx.side_of[i] == side and u.on and u.pinned]
    pinned.sort(key=lambda i: (state.units[i].anchor()[0], i), reverse=not rightward)
    for i in pinned:
        t = ctx.types[i]
        kind = {"infantry": "infantry", "cavalry": "infantry", "support": "support_weapon", "gun": "gun",
                "vehicle": "vehicle", "hq": "support_weapon", "observer": "support_weapon"}[t.kind]
        out[f"{ctx.ids[i]}: pin test"] = _dist("brigade/pin-removal", {
            "morale": ctx.units[i].morale, "unit": kind, "figures": t.n_figures,
            "dead": dead_figures(b, i) if kind != "vehicle" else 0, "unit_hq": t.kind == "hq"})
    return out


def _fire(state: BrigadeState, a: Fire) -> dict[str, Dist]:
    """Seed 004 "FIRING", as :func:`.fire.fire` plays it, with its parameters (:func:`.fire.aim` ...); BR-200,
    BR-201."""
    ctx = state.ctx
    b = Builder(state)
    i, e = ctx.index[a.unit], ctx.index[a.target]
    s = aim(b, i, e, a.mode, bool(state.pending) and state.pending[0] == "after_advance")
    eu = b.units[e]
    name = a.target
    if b.t(e).kind == "vehicle":
        at = at_params(b, s)
        if at is not None:
            shot = _dist("brigade/anti-tank-fire", at)
            if s.part:  # BR-204: its armour and facing unknown, only whether the shot hits (they do not change it)
                hit = sum((p for r, p in shot.items() if r not in ("miss", "cannot hit")), Fraction(0))
                return {f"{name}: hits (part detected)": {"hit": hit, "miss": 1 - hit}}
            return {name: shot}
        counts = weapons_in_reach(b, s)
        hits = _hit_dist("brigade/small-arms-fire", small_arms_params(s, counts))
        if s.part:
            return {f"{name}: hits (part detected)": {str(h): p for h, p in sorted(hits.items())}}
        destroyed = Fraction(0)
        for h, p in hits.items():
            if h:
                saves = _dist("brigade/saving-throws", soft_skin_save_params(s, h, counts))
                destroyed += p * saves["destroyed"]
        return {name: {"destroyed": destroyed, "survives": 1 - destroyed}}
    he: dict[int, Fraction] = {0: Fraction(1)}
    pinned = eu.pinned
    he_fire = he_params(b, s)
    if he_fire is not None:
        he = _hit_dist("brigade/he-fire", he_fire)
        pinned = pinned or not never_pinned(b, e)  # HE fire pins (Pin markers)
    counts = weapons_in_reach(b, s)
    flame = counts.pop("flamethrower", 0)
    sa = _hit_dist("brigade/small-arms-fire", small_arms_params(s, counts)) if counts else {0: Fraction(1)}
    fl = _hit_dist("brigade/small-arms-fire", small_arms_params(s, {"flamethrower": flame})) if flame \
        else {0: Fraction(1)}
    if s.part:  # BR-204: the figures, pin and cover of a part-detected unit are unknown: the hits it takes
        total_hits: dict[int, Fraction] = {}
        for h1, p1 in he.items():
            for h2, p2 in sa.items():
                for h3, p3 in fl.items():
                    total_hits[h1 + h2 + h3] = total_hits.get(h1 + h2 + h3, Fraction(0)) + p1 * p2 * p3
        return {f"{name}: hits (part detected)": {str(h): p for h, p in sorted(total_hits.items())}}
    chooses = not pinned and not never_pinned(b, e)
    choices = (True, False) if chooses else (pinned,)
    out: dict[str, Dist] = {}
    for take in choices:
        total: Dist = {}
        for h1, p1 in he.items():
            for h2, p2 in sa.items():
                for h3, p3 in fl.items():
                    # a pin marker is offered only when small arms hit (BR-201); HE alone saves as it stands
                    as_pinned = pinned or (take and (h2 > 0 or h3 > 0))
                    ctxt = save_context(b, s, counts, h1, h2, h3)
                    for result, q in _outcomes(b, e, ctxt, as_pinned).items():
                        total[result] = total.get(result, Fraction(0)) + p1 * p2 * p3 * q
        label = f"{name}: figures lost" + ("" if not chooses else
                                           " (if it takes a pin marker)" if take else " (if it does not)")
        out[label] = dict(sorted(total.items(), key=_order))
    return out


def _order(item: tuple[str, Fraction]) -> tuple[int, int]:
    return (1, 0) if item[0] == "removed" else (0, int(item[0]))


def _outcomes(b: Builder, e: int, c: dict[str, Any], pinned: bool) -> Dist:
    """The figures unit ``e`` loses to the saving throws of :func:`.fire.saves`, each kill as
    :func:`.consequences.kill` takes it: a company with two thirds dead, or none left, is "removed"."""
    u = b.units[e]
    t = b.t(e)
    start = t.n_figures - len(u.figs)
    fighting = len(u.figs) - u.holders
    # state: fighting figures killed so far, or -1 once removed
    states: dict[int, Fraction] = {0: Fraction(1)}
    for hits, fire in save_rolls(c):
        if not hits:
            continue
        kills: dict[int, Fraction] = {}
        for result, p in _dist("brigade/saving-throws", save_params(c, hits, fire, pinned)).items():
            if p:
                kills[killed_of(result)] = kills.get(killed_of(result), Fraction(0)) + p
        after: dict[int, Fraction] = {}
        for k, p in states.items():
            if k < 0:
                after[k] = after.get(k, Fraction(0)) + p
                continue
            for n, q in kills.items():
                if n <= 0:
                    new = k
                elif t.kind == "vehicle":
                    new = -1
                else:
                    new = min(fighting, k + n)
                    dead = start + new
                    if new == len(u.figs) or (t.kind in ("infantry", "cavalry") and dead >= removed_at(t.n_figures)):
                        new = -1
                after[new] = after.get(new, Fraction(0)) + p * q
        states = after
    return {("removed" if k < 0 else str(k)): p for k, p in sorted(states.items(), key=lambda kv: (kv[0] < 0, kv[0]))}
