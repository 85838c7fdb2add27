"""Company Fire's twins for the differential fog-of-war check (:mod:`warroom.tools.fog`): positions that differ
from one only in what a side cannot know of its enemy's blinds (CF-46, CF-47): a real blind turned dummy (its
hidden units taken off the table), a real blind and a dummy swapped (the blind's units moved into the dummy's
space, where the scenario set a blind), the occupation of bocage by hidden units flipped, one hidden unit moved
from a blind to another where stacking allows. Each is public once the blinds' spaces change in what the side
sees of them."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from warroom.core.game import GameState
from warroom.rulesets.company_fire import board as B
from warroom.tools.fog import Twin


def twins(state: Any, side: str, rng: random.Random) -> list[Twin]:
    """Company Fire twins for ``side``: its enemy's blinds changed in what lies under them (CF-46)."""
    g = state.game
    enemy = "defender" if side == "attacker" else "attacker"
    units = list(state.units)
    real: dict[Any, list[int]] = {}
    for i in state.living(enemy):
        if units[i].hidden:
            real.setdefault(units[i].at, []).append(i)
    dummies = [sp for who, sp in state.dummies if who == enemy]
    busy = {m.fo for m in state.declared}
    out: list[Twin] = []

    def public(spaces: Iterable[Any]) -> Callable[[GameState], Any]:
        wanted = tuple(spaces)
        return lambda s: tuple(sp in s.blind_spaces(enemy) for sp in wanted)  # type: ignore[attr-defined]

    def unseen(s: Any, x: Hashable) -> bool:
        i = g.index.get(getattr(x, "unit", None), -1)
        return i >= 0 and bool(s.units[i].hidden)

    def unit(i: int, **changes: Any) -> None:
        units[i] = units[i]._replace(**changes)

    movable = {sp: under for sp, under in real.items() if not busy.intersection(under)
               and all(units[i].riding < 0 and not g.carries[i][0] + g.carries[i][1] for i in under)}
    for sp, under in sorted(movable.items()):
        # a real blind turned dummy: its units off the table (as if never set up), a dummy in their space
        saved = list(units)
        for i in under:
            unit(i, at=None, status="removed", bocage=False)
        out.append(Twin(side, f"the {enemy}'s real blind at {sp} turned dummy",
                        state.replace(units=tuple(units), dummies=(*state.dummies, (enemy, sp))), public([sp]), unseen))
        units[:] = saved
        for d in dummies:
            # a dummy turned real: the blind's units moved into the dummy's space, the dummy into theirs
            for i in under:
                unit(i, at=d, bocage=units[i].bocage and _has_bocage(g, d))
            rest = (*[x for x in state.dummies if x != (enemy, d)], (enemy, sp))
            out.append(Twin(side, f"the {enemy}'s blinds at {sp} (real) and {d} (dummy) swapped",
                            state.replace(units=tuple(units), dummies=rest), public([sp, d]), unseen))
            units[:] = saved
        if _has_bocage(g, sp):
            for i in under:
                unit(i, bocage=not units[i].bocage)
            out.append(Twin(side, f"the occupation of the bocage at {sp} by the {enemy}'s hidden units flipped",
                            state.replace(units=tuple(units)), public([sp]), unseen))
            units[:] = saved
        if len(under) > 1:
            for other in sorted(real):
                if other == sp:
                    continue
                i = under[-1]
                if not state.space_takes(i, other):
                    continue
                unit(i, at=other, bocage=units[i].bocage and _has_bocage(g, other))
                out.append(Twin(side, f"{g.ids[i]} moved from the {enemy}'s blind at {sp} to its blind at {other}",
                                state.replace(units=tuple(units)), public([sp, other]), unseen))
                units[:] = saved
                break
    rng.shuffle(out)
    return out


def _has_bocage(g: Any, space: Any) -> bool:
    return B.has_bocage(g.board, space)
