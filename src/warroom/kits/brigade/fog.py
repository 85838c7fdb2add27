"""Brigade's twins for the differential fog-of-war check (:mod:`warroom.tools.fog`): positions that differ from
one only in what a side has not detected (seed 004 "Detection"; BR-142): an enemy unit it has not detected moved
a little, an enemy minefield it has not found moved a little, away from every unit. The one is public once the
side detects the unit or the narration speaks of it, the other once the field is found."""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from collections.abc import Callable, Hashable
from typing import Any

from warroom.core.game import GameState
from warroom.rulesets.brigade.game.state import BrigadeState
from warroom.tools.fog import Twin


def twins(state: Any, side: str, rng: random.Random) -> list[Twin]:
    """Brigade twins for ``side``: an enemy unit it has not detected moved, and an enemy minefield it has not
    found moved (seed 004 "Detection"; BR-142), each by a couple of inches."""
    ctx = state.ctx
    known = state.known(side)
    out: list[Twin] = []
    data = state.to_json()
    callers = {m.caller for m in state.missions}  # where fire it called falls depends on where it stands
    hidden = [i for i, u in enumerate(state.units) if ctx.side_of[i] != side and u.on and i not in known
              and u.aboard < 0 and not ctx.types[i].transport and i not in callers]
    rng.shuffle(hidden)
    for i in hidden[:2]:
        u = state.units[i]
        dx, dy = rng.choice([(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)])
        figs = tuple((x + dx, y + dy) for x, y in u.figs)
        if not all(0 <= x <= ctx.width and 0 <= y <= ctx.depth for x, y in figs):
            continue
        moved = dataclasses.replace(u, figs=figs, bikes=tuple((x + dx, y + dy) for x, y in u.bikes))
        d = dict(data)
        d["units"] = [v if k != i else moved.code for k, v in enumerate(data["units"])]
        twin = BrigadeState.from_json(ctx, d)
        out.append(Twin(side, f"the undetected {ctx.ids[i]} moved by ({dx}, {dy})", twin,
                        _known_unit(side, i), _names(ctx.ids[i]), symmetric=False))
    s = ctx.sides.index(side)
    for k, m in enumerate(ctx.minefields):
        if m.owner == side or k in state.revealed[s]:
            continue
        dx, dy = rng.choice([(2.0, 0.0), (-2.0, 0.0), (0.0, 2.0), (0.0, -2.0)])
        x0, y0 = m.at[0] + dx, m.at[1] + dy
        box = (min(m.at[0], x0) - 2, min(m.at[1], y0) - 2, max(m.at[0], x0) + m.size[0] + 2,
               max(m.at[1], y0) + m.size[1] + 2)
        if x0 < 0 or y0 < 0 or x0 + m.size[0] > ctx.width or y0 + m.size[1] > ctx.depth:
            continue
        if any(box[0] <= x <= box[2] and box[1] <= y <= box[3] for u in state.units if u.on for x, y in u.figs):
            continue
        moved_ctx = copy.copy(ctx)
        fields = list(ctx.minefields)
        fields[k] = m.model_copy(update={"at": (x0, y0)})
        moved_ctx.minefields = tuple(fields)
        moved_ctx.mine_boxes = tuple((f.at[0], f.at[1], f.at[0] + f.size[0], f.at[1] + f.size[1]) for f in fields)
        twin = BrigadeState.from_json(moved_ctx, data)
        out.append(Twin(side, f"the unfound minefield {m.name} moved by ({dx}, {dy})", twin, _found_field(s, k),
                        symmetric=False))
    return out


def _known_unit(side: str, i: int) -> Callable[[GameState], Any]:
    """Public once the side detects the unit, or once the narration speaks of it (fire falling on it tells the
    firer "an unseen enemy unit is in the fire zone", which depends on where it stands)."""
    tag = f"\u27e8{i}\u27e9"
    return lambda st: (i in st.known(side), any(tag in e.text for e in st.log))  # type: ignore[attr-defined]


def _names(unit_id: str) -> Callable[[GameState, Hashable], bool]:
    pattern = re.compile(rf"(?<![\w-]){re.escape(unit_id)}(?![\w-])")
    return lambda st, x: bool(pattern.search(str(x)))


def _found_field(s: int, k: int) -> Callable[[GameState], Any]:
    return lambda st: k in st.revealed[s]  # type: ignore[attr-defined]
