"""Brigade's belief sampler: a full position dealt from what one side has seen (:mod:`warroom.ai.belief`).

What the side sees is taken from its observation (seed 004 "Detection", BR-110 ... BR-113, BR-142): its own
units in full, the enemy units it has spotted (where and what), those it is aware of (roughly where: the
observation's 4-inch grid), the minefields it laid or found, its own fire missions, the move and phase, the
companies each side has lost, the narration. What it cannot see is dealt:

* each enemy unit it is only aware of: its formation, as the scenario sets it up, moved to a point of the grid
  square it is known to be near;
* each undetected enemy unit: placed where it could be, in the band of the table the enemy deployed in
  (the scenario's side of the table; "Deployment": each side maps its deployment in secret, hidden_setup) widened
  by how far it could have marched since (a 6-inch bound per enemy move), and dealt again (up to
  :data:`TRIES` times) where one of the side's units would detect it now (the engine's own detection, BR-110: a
  unit in plain sight would be known); as
  many undetected enemy companies as the side has seen lost are dealt lost (BR-121);
* each enemy minefield the side has not found (BR-142): moved to the enemy's band, clear of every unit;
* what the enemy detects of the side's units: worked out by the engine's detection from the dealt positions.

The flags the observation does not carry (when a unit last moved or fired, casualty tests) start clear; the
stage of a selected unit's orders is the one whose orders are the side's legal actions. A pin choice of the
enemy's in the middle of fire (BR-120) is :class:`NotDealable`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from warroom.ai.belief import NotDealable, fresh_seed
from warroom.ai.view import View
from warroom.rulesets.brigade.game.common import Event, Mission, U
from warroom.rulesets.brigade.game.consequences import refresh
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.state import BrigadeState

MARCH = 6.0
"""Inches an undetected unit is taken to cover per move of its side since the start (a bound of ordinary
movement, seed 004 "Movement")."""
TRIES = 3
"""Placements tried for an undetected unit before one in sight of the side is kept."""


def _template(game: Any) -> tuple[U, ...]:
    tpl = getattr(game, "_belief_template", None)
    if tpl is None:
        tpl = game.initial_state(0).units
        game._belief_template = tpl
    return tpl  # type: ignore[no-any-return]


def _centre(figs: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    return (sum(f[0] for f in figs) / len(figs), sum(f[1] for f in figs) / len(figs))


def _shifted(u: U, to: tuple[float, float], width: float, depth: float) -> U:
    cx, cy = _centre(u.figs)
    dx, dy = to[0] - cx, to[1] - cy
    xs = [f[0] + dx for f in u.figs]
    ys = [f[1] + dy for f in u.figs]
    dx += max(0.0, -min(xs)) - max(0.0, max(xs) - width)  # kept on the table
    dy += max(0.0, -min(ys)) - max(0.0, max(ys) - depth)
    figs = tuple((round(f[0] + dx, 2), round(f[1] + dy, 2)) for f in u.figs)
    bikes = tuple((round(b[0] + dx, 2), round(b[1] + dy, 2)) for b in u.bikes)
    return U(figs, u.roles, facing=u.facing, mounted=u.mounted, holders=u.holders, limbered=u.limbered,
             bikes=bikes)


def _band(ctx: Any, side: str, moves: int) -> tuple[float, float]:
    """The band of the table (from-to in depth) ``side`` deployed in, widened by its march since."""
    ys = [f[1] for i, figs in enumerate(ctx.scenario.start_figures) if ctx.side_of[i] == side for f in figs]
    reach = MARCH * moves
    return max(0.0, min(ys) - reach), min(float(ctx.depth), max(ys) + reach)


def _legal_strings(state: BrigadeState) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def dealer(view: View) -> Callable[[np.random.Generator], BrigadeState]:
    """A function that deals a position from a generator (:func:`deal`); :class:`NotDealable` up front where the
    position cannot be dealt."""
    obs = view.observation
    game: Any = view.game
    ctx = game.ctx
    if obs["result"] is not None or obs["to_act"] != ctx.side_moving(int(obs["move"])):
        raise NotDealable("a finished game or a pin choice in the middle of fire (BR-120) is not dealt")
    return lambda rng: deal(view, rng)


def deal(view: View, rng: np.random.Generator) -> BrigadeState:
    """A Brigade position consistent with everything ``view``'s side has seen (module docstring)."""
    g: Any = view.game
    ctx = g.ctx
    obs = view.observation
    side = view.side
    enemy = next(s for s in ctx.sides if s != side)
    if obs["result"] is not None:
        raise NotDealable("a finished game is not dealt")
    moving = ctx.side_moving(int(obs["move"]))
    if obs["to_act"] != moving:
        raise NotDealable("a pin choice in the middle of fire (BR-120) is not dealt: its particulars are hidden")
    tpl = _template(g)
    units: list[U] = list(tpl)
    width, depth = float(ctx.width), float(ctx.depth)

    for e in obs["units"]:
        i = ctx.index[e["id"]]
        t = tpl[i]
        figs = tuple(tuple(f) for f in e["figures"])
        units[i] = U(figs, t.roles[:len(figs)] if len(t.roles) >= len(figs) else t.roles, status=e["status"],
                     pinned=e["pinned"], stuck=e["stuck"], limbered=e["limbered"], facing=e["facing"],
                     order=e["order"], plan=tuple(e["plan"]), mounted=e["mounted"], holders=e["horse_holders"],
                     aboard=ctx.index[e["aboard"]] if e["aboard"] is not None else -1,
                     bikes=(tuple(e["bicycles"]),) if "bicycles" in e else ())

    known: dict[int, int] = {}
    for e in obs["enemy"]:
        i = ctx.index[e["id"]]
        t = tpl[i]
        if e["detected"] == "spotted":
            known[i] = 2
            figs = tuple(tuple(f) for f in e["figures"])
            units[i] = U(figs, t.roles[:len(figs)], pinned=e["pinned"], facing=e["facing"],
                         mounted=e["mounted"])
        else:
            known[i] = 1
            near = e["near"]
            at = (near[0] + float(rng.uniform(-1.9, 1.9)), near[1] + float(rng.uniform(-1.9, 1.9)))
            moved = _shifted(t, at, width, depth)
            # kept in the grid square the side knows it is near
            cx, cy = _centre(moved.figs if not moved.holders else moved.figs[:len(moved.figs) - moved.holders])
            if [round(cx / 4) * 4, round(cy / 4) * 4] != list(near):
                moved = _shifted(t, (float(near[0]), float(near[1])), width, depth)
            units[i] = moved

    hidden = [i for i in range(len(tpl)) if ctx.side_of[i] == enemy and i not in known and tpl[i].aboard < 0]
    riders = [i for i in range(len(tpl)) if ctx.side_of[i] == enemy and i not in known and tpl[i].aboard >= 0]
    lost_n = int(obs["companies_lost"][enemy])
    company = [i for i in hidden if i in ctx.company_units[enemy]]
    lost = {company[int(k)] for k in rng.permutation(len(company))[:lost_n]}
    enemy_moves = (int(obs["move"]) + (1 if ctx.first == enemy else 0)) // 2
    band = _band(ctx, enemy, enemy_moves)
    for i in hidden:
        if i in lost:
            units[i] = U(tpl[i].figs, tpl[i].roles, status="destroyed", facing=tpl[i].facing)
        else:
            at = (float(rng.uniform(0.0, width)), float(rng.uniform(*band)))
            units[i] = _shifted(tpl[i], at, width, depth)
    for i in riders:  # aboard an undetected carrier: with it, as the scenario sets them up (BR-170)
        carrier = tpl[i].aboard
        units[i] = U((units[carrier].figs[0],) * len(tpl[i].figs), tpl[i].roles, aboard=carrier,
                     status=units[carrier].status)

    s = ctx.sides.index(side)
    revealed_mine = frozenset(k for k, m in enumerate(ctx.minefields)
                              if m.owner != side and any(f["name"] == m.name for f in obs["minefields"]))
    deal_ctx = ctx
    unfound = [k for k, m in enumerate(ctx.minefields) if m.owner == enemy and k not in revealed_mine]
    if unfound:
        fields = list(ctx.minefields)
        standing = [f for u in units if u.on for f in u.figs]
        for k in unfound:
            m = fields[k]
            for _ in range(TRIES):
                x0 = float(rng.uniform(0.0, max(0.0, width - m.size[0])))
                y0 = float(rng.uniform(band[0], max(band[0], min(band[1], depth - m.size[1]))))
                x1, y1 = x0 + m.size[0] + 2, y0 + m.size[1] + 2
                if not any(x0 - 2 <= x <= x1 and y0 - 2 <= y <= y1 for x, y in standing):
                    fields[k] = m.model_copy(update={"at": (round(x0, 1), round(y0, 1))})
                    break
        deal_ctx = copy.copy(ctx)
        deal_ctx.minefields = tuple(fields)
        deal_ctx.mine_boxes = tuple((f.at[0], f.at[1], f.at[0] + f.size[0], f.at[1] + f.size[1]) for f in fields)

    missions: list[Mission] = []
    own_on = [i for i in range(len(tpl)) if ctx.side_of[i] == side and units[i].on] or [
        i for i in range(len(tpl)) if ctx.side_of[i] == side]
    for m in obs["missions"]:
        bid = m["battery"]
        if bid in ctx.battery_index:
            battery, unit, caller = ctx.battery_index[bid], -1, own_on[0]
        else:
            battery, unit = -1, ctx.index[bid]
            caller = unit
        landed = tuple(m["landed"]) if m["landed"] is not None else None
        missions.append(Mission(battery, caller, tuple(m["aim"]), int(m["due"]), landed, False, unit))

    revealed: list[frozenset[int]] = [frozenset(), frozenset()]
    revealed[s] = revealed_mine
    dice = dict(np.random.default_rng(fresh_seed(rng)).bit_generator.state)
    log = tuple(Event((side,), text) for text in obs["narration"])
    move, phase = int(obs["move"]), str(obs["phase"])

    def build(selected: int, stage: int, pending: tuple[Any, ...]) -> BrigadeState:
        state = BrigadeState(deal_ctx, move, phase, stage, selected, pending, tuple(units), {}, tuple(missions),
                             (revealed[0], revealed[1]), dice, log, None)
        return state

    # what each side detects: the engine's detection from the dealt positions; an undetected unit dealt in
    # sight of the side is dealt again elsewhere in its band
    b = Builder(build(-1, 0, ()))
    refresh(b)
    for _ in range(TRIES):
        seen = {e for (o, e) in b.pairs if ctx.side_of[o] == side and e not in known}
        if not seen:
            break
        for i in seen:
            at = (float(rng.uniform(0.0, width)), float(rng.uniform(*band)))
            b.units[i] = _shifted(tpl[i], at, width, depth)
        refresh(b, seen)
    units[:] = b.units
    pairs = {k: v for k, v in b.pairs.items() if ctx.side_of[k[0]] != side}
    observers = [i for i in own_on if units[i].on and units[i].aboard < 0] or own_on
    for i, cls in known.items():
        # which of the side's units see it: the engine's detection from the dealt positions, none better than
        # the side's best (BR-112), and the best at least once
        mine = {o: v for (o, e), v in b.pairs.items() if e == i and ctx.side_of[o] == side}
        for o, (c, since) in mine.items():
            pairs[(o, i)] = (min(c, cls), since)
        if not any(c >= cls for c, _ in mine.values()):
            o = max(mine, key=lambda k: mine[k][0]) if mine else observers[0]
            pairs[(o, i)] = (cls, mine[o][1] if o in mine else move)

    def final(selected: int, stage: int, pending: tuple[Any, ...]) -> BrigadeState:
        return BrigadeState(deal_ctx, move, phase, stage, selected, pending, tuple(units), dict(pairs),
                            tuple(missions), (revealed[0], revealed[1]), dice, log, None)

    if not view.my_turn or phase != "orders":
        return final(-1, 0, ())
    legal: tuple[Hashable, ...] = view.legal_actions
    names = {type(a).__name__ for a in legal}
    unit_ids = {getattr(a, "unit", None) for a in legal} - {None}
    if "Hold" in names and len(unit_ids) == 1:
        i = ctx.index[next(iter(unit_ids))]
        pending = ("after_advance", i) if "Fire" in names else ("after_fire", i)
        return final(-1, 0, pending)
    if "End" in names or "Select" in names or len(unit_ids) != 1:
        return final(-1, 0, ())
    selected = ctx.index[next(iter(unit_ids))]
    wanted = sorted(str(a) for a in legal)
    for stage in range(6):  # the stage of the selected unit's orders whose orders these are
        state = final(selected, stage, ())
        if _legal_strings(state) == wanted:
            return state
    return final(selected, 0, ())


def reseed(state: BrigadeState, rng: np.random.Generator) -> BrigadeState:
    """``state`` with its dice seeded afresh from ``rng``: a search deals a position once and plays it again with
    new dice."""
    dice = dict(np.random.default_rng(fresh_seed(rng)).bit_generator.state)
    return BrigadeState(state.ctx, state.move, state.phase, state.stage, state.selected, state.pending, state.units,
                        dict(state.pairs), state.missions, state.revealed, dice, state.log, state.result_data)
