"""Company Fire game: fog of war: blinds revealed and kept whole, and what each side may know.

A blind (CF-46) is revealed when a unit under it moves, fires, assaults or is hit, when an enemy moves next to
it, when recon by fire or artillery scores a hit on it, or when a scout sees it: every unit under it is set on
the table, and a dummy is removed (:func:`reveal`, :func:`reveal_space`, CF-47). A unit on the table joining
hidden friends reveals them (:func:`blinds_whole`, CF-63). :func:`observation_of` is what a side may know (design
"Fog of war"): its own units in full; enemy units on the table, riders with their carriers (CF-95); enemy blinds
as markers only; minefields as CF-52 says; the log lines it may read. :func:`secrets` lists, for the conformance
suite, what a side may not see.
"""

from __future__ import annotations

import json
from typing import Any, cast

from warroom.core.errors import UsageError
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.common import ROLES, other_side, sp
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.state import CFState


def reveal(p: Play, i: int, why: str) -> None:
    """CF-47: a blind is revealed: every unit under it is set on the table."""
    at = p.units[i].at
    if not p.units[i].hidden or at is None:
        return
    side = p.game.side_of[i]
    under = [j for j in p.at(at, side) if p.units[j].hidden]
    for j in under:
        p.set(j, hidden=False)
    p.say(f"the {side}'s blind at {sp(at)} is revealed ({why}): {', '.join(p.name(j) for j in under)} "
          "(CF-47)")


def reveal_space(p: Play, side: str, space: Space, why: str) -> bool:
    """Reveal ``side``'s blind at ``space``; True if units were under it, False for a dummy (removed)."""
    if (side, space) in p.dummies:
        cast("set[tuple[str, Space]]", p.dummies).discard((side, space))
        p.touch()
        p.say(f"the {side}'s blind at {sp(space)} is revealed ({why}): a dummy, removed (CF-47)")
        return False
    hidden = [j for j in p.at(space, side) if p.units[j].hidden]
    if hidden:
        reveal(p, hidden[0], why)
        return True
    return False


def blinds_whole(p: Play) -> None:
    """CF-63: a blind covers a whole space; a unit on the table joining hidden friends reveals them. CF-128: a
    unit on the table joining its own side's dummy reveals it too (the dummy is removed), so that a unit
    standing in a blind's space never tells the enemy the blind is a dummy."""
    for i in p.living():
        u = p.units[i]
        if u.hidden and any(not p.units[j].hidden for j in p.at(u.at, p.game.side_of[i])):  # type: ignore[arg-type]
            reveal(p, i, "a unit on the table joined it")
    for side, space in sorted(p.dummies):
        if any(not p.units[j].hidden for j in p.at(space, side)):
            reveal_space(p, side, space, "a unit on the table joined it")


def observation_of(s: CFState, side: str, log: bool = True) -> dict[str, Any]:
    """What ``side`` may know (design "Fog of war"): its own units in full; enemy units on the table; enemy
    blinds as markers only; minefields as CF-52 says; the log lines it may read (left out with ``log=False``,
    which spares wording them)."""
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
    blinds = [{"side": who, "at": list(at)} for who in ROLES for at in sorted(s.blind_spaces(who))]
    mines = []
    for m in s.mines:
        if m.gone:
            continue
        if m.laid_by == side:
            mines.append({"at": list(m.at), "laid_by": m.laid_by, "real": m.real, "marked": m.marked})
        elif m.marked:
            mines.append({"at": list(m.at), "laid_by": m.laid_by, "marked": True, "path_found": m.path})
    n = ROLES.index(side)
    out = {
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
        "log": s.narration(side) if log else None,
        "decision": s.decisions[0].kind if s.decisions and s.decisions[0].side == side else None,
        "result": s.outcome,
    }
    if not log:
        del out["log"]
    return out


def secrets(state: Any, side: str) -> list[str]:
    """For the conformance suite: what ``side`` may not see, as it would appear in JSON: the ids of enemy
    units under blinds."""
    s: CFState = state
    g = s.game
    return [json.dumps(g.ids[i]) for i in s.living(other_side(side)) if s.units[i].hidden]
