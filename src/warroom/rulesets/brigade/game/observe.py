"""What a side of a Brigade game may know: its observation, the narration as it may read it, and
what it may not know (for the conformance suite's fog-of-war checks).

Seed 004 "Detection": a side sees its own units, the enemy units it has detected (spotted: where and what; aware:
roughly where and what kind; BR-110 ... BR-113), the minefields it laid or has found (BR-142, BR-175), its own
missions and aiming points. A line of narration names a unit only to a side that knows it.
"""

from __future__ import annotations

import json
from typing import Any

from warroom.core.errors import UsageError
from warroom.rulesets.brigade.game.common import SPOTTED
from warroom.rulesets.brigade.game.rules import Context, Position


class SideView(Position):
    """A position as each side may see it."""

    __slots__ = ()

    def narration(self, side: str | None = None) -> list[str]:
        """What the last action did, as ``side`` may read it (None: the umpire, everything)."""
        if side is not None and side not in self.ctx.sides:
            raise UsageError(f"unknown side '{side}'; sides: {', '.join(self.ctx.sides)}")
        known = self.known(side) if side is not None else None
        out = []
        for e in self.log:
            if side is not None and e.sides is not None and side not in e.sides:
                continue
            out.append(self._render(e.text, side, known))
        return out

    def _render(self, text: str, side: str | None, known: dict[int, int] | None) -> str:
        if "\u27e8" not in text:
            return text
        parts = text.split("\u27e8")
        out = [parts[0]]
        for part in parts[1:]:
            num, _, rest = part.partition("\u27e9")
            i = int(num)
            if side is None or self.ctx.side_of[i] == side or (known is not None and i in known):
                out.append(self.ctx.names[i])
            else:
                out.append("an unseen enemy unit")
            out.append(rest)
        return "".join(out)

    def observation(self, side: str, *, log: bool = True) -> dict[str, Any]:
        if side not in self.ctx.sides:
            raise UsageError(f"unknown side '{side}'; sides: {', '.join(self.ctx.sides)}")
        ctx = self.ctx
        known = self.known(side)
        own, enemy = [], []
        for i, u in enumerate(self.units):
            if ctx.side_of[i] == side:
                own.append({"id": ctx.ids[i], "type": ctx.units[i].type, "status": u.status,
                            "figures": u.figs, "pinned": u.pinned, "stuck": u.stuck,
                            "limbered": u.limbered, "facing": u.facing, "order": u.order,
                            "dead": ctx.types[i].n_figures - len(u.figs) if u.on else None,
                            "plan": u.plan, "mounted": u.mounted, "horse_holders": u.holders,
                            "aboard": ctx.ids[u.aboard] if u.aboard >= 0 else None,
                            **({"bicycles": u.bikes[0]} if u.bikes else {})})
            elif i in known:
                if known[i] == SPOTTED:
                    enemy.append({"id": ctx.ids[i], "detected": "spotted", "type": ctx.units[i].type,
                                  "figures": u.fighting, "pinned": u.pinned, "facing": u.facing,
                                  "mounted": u.mounted})
                else:
                    x, y = u.anchor()
                    enemy.append({"id": ctx.ids[i], "detected": "aware", "kind": ctx.types[i].kind,
                                  "near": [round(x / 4) * 4, round(y / 4) * 4]})
        s = ctx.sides.index(side)
        fields = [{"name": m.name, "kind": m.kind, "corner": list(m.at), "size": list(m.size)}
                  for k, m in enumerate(ctx.minefields) if m.owner == side or k in self.revealed[s]]
        lost = {sd: self.lost(sd) for sd in ctx.sides}
        out = {
            "side": side, "period": self.period, "move": self.move, "moving": self.moving_side, "phase": self.phase,
            "to_act": self.to_act, "units": own, "enemy": enemy, "minefields": fields,
            "missions": [{"battery": ctx.mission_id(m), "aim": list(m.aim), "due": m.due,
                          "landed": list(m.landed) if m.landed else None}
                         for m in self.missions if ctx.mission_side(m) == side],
            "objectives": [{"name": o.name, "at": list(o.at), "points": o.points} for o in ctx.objectives],
            "aiming_points": [{"name": p.name, "at": list(p.at)} for p in ctx.aiming_points if p.side == side],
            "companies_lost": lost, "narration": self.narration(side) if log else None,
            "result": self.result_data,
        }
        if not log:  # the narration left out (and not worded), for a reader that does not read it
            del out["narration"]
        return out


def secrets(state: Any, side: str) -> list[str]:
    """What ``side`` may not know now: the ids of enemy units it has not detected, and the names of enemy
    minefields it has not found (as JSON strings, so one id is not mistaken for part of another)."""
    ctx: Context = state.ctx
    known = state.known(side)
    out = [json.dumps(ctx.ids[i]) for i in range(len(ctx.ids)) if ctx.side_of[i] != side and i not in known]
    s = ctx.sides.index(side)
    out += [json.dumps(m.name) for k, m in enumerate(ctx.minefields) if m.owner != side and k not in state.revealed[s]]
    return out
