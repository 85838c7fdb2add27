"""The Brigade game's invariants, checked by the conformance suite in every state of its play-outs."""

from __future__ import annotations

from typing import Any

from warroom.rulesets.brigade.game.rules import Context
from warroom.rulesets.brigade.m_morale import removed_at


def invariants(state: Any) -> list[str]:
    """The game's invariants: figures on the table and matching their roles, companies removed at two
    thirds, pins, stuck and limbered only where the rules allow them, detection only of enemies."""
    ctx: Context = state.ctx
    out = []
    for i, u in enumerate(state.units):
        t = ctx.types[i]
        if len(u.figs) != len(u.roles):
            out.append(f"{ctx.ids[i]}: {len(u.figs)} figures but {len(u.roles)} roles")
        if u.on:
            if not 1 <= len(u.figs) <= t.n_figures:
                out.append(f"{ctx.ids[i]}: {len(u.figs)} figures on the table, of {t.n_figures}")
            if any(not (0 <= x <= ctx.width and 0 <= y <= ctx.depth) for x, y in u.figs):
                out.append(f"{ctx.ids[i]}: a figure is off the table")
            if t.kind in ("infantry", "cavalry") and t.n_figures - len(u.figs) >= removed_at(t.n_figures):
                out.append(f"{ctx.ids[i]}: two thirds dead but still on the table")
        if u.pinned and ((t.kind == "cavalry" and u.mounted) or not u.on):
            out.append(f"{ctx.ids[i]}: pinned, but mounted cavalry and units off the table are never pinned")
        if u.holders and (t.kind != "cavalry" or u.mounted or u.holders >= len(u.figs)):
            out.append(f"{ctx.ids[i]}: {u.holders} horse holders, but only dismounted cavalry with men fighting "
                       "have them")
        if u.mounted and not t.mounts:
            out.append(f"{ctx.ids[i]}: mounted, but it is neither cavalry nor cyclists")
        if u.bikes and (not t.bicycles or u.mounted or len(u.bikes) != 1):
            out.append(f"{ctx.ids[i]}: bicycles left on the table, but only dismounted cyclists leave theirs (BR-181)")
        if u.on and t.bicycles and not u.mounted and not u.bikes:
            out.append(f"{ctx.ids[i]}: cyclists on foot, but their bicycles are nowhere (BR-181)")
        if u.aboard >= 0:
            c = state.units[u.aboard]
            if not (u.on and c.on and ctx.types[u.aboard].carries >= len(u.figs) and all(f == c.anchor()
                                                                                         for f in u.figs)):
                out.append(f"{ctx.ids[i]}: rides {ctx.ids[u.aboard]}, but not as a rider may (BR-170)")
            if any(ctx.ids[i] in (ctx.ids[o], ctx.ids[e]) for o, e in state.pairs if i in (o, e)):
                out.append(f"{ctx.ids[i]}: rides a vehicle but sees or is seen (BR-170)")
    riders = [u.aboard for u in state.units if u.on and u.aboard >= 0]
    if len(riders) != len(set(riders)):
        out.append("a vehicle carries two units (BR-170)")
        if u.stuck and t.kind not in ("vehicle", "gun"):
            out.append(f"{ctx.ids[i]}: stuck, but only vehicles and towed guns get stuck (BR-46)")
        if u.limbered and t.kind != "gun":
            out.append(f"{ctx.ids[i]}: limbered, but it is no gun")
    for (o, e) in state.pairs:
        if ctx.side_of[o] == ctx.side_of[e]:
            out.append(f"{ctx.ids[o]} 'detects' its own side's {ctx.ids[e]}")
    return out
