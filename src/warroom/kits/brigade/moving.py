"""A Brigade move to a point, for the front ends (the kit's ``reach`` and ``typed_action``): the ground a unit can
reach now, the lawful move to a point the page or the player names, and the terminal's ``RU-1 to 40,30``.

The engine decides (``BrigadeState.move_to``, ``reach_outline``: seed 004 "Movement", readings BR-160, BR-190,
BR-212); this module only reads the request and answers for the side's own unit, from what that side knows.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Hashable
from typing import Any, cast

from warroom.core.errors import UsageError
from warroom.core.game import Game, GameState
from warroom.rulesets.brigade.game import BrigadeState

TYPED = re.compile(r"^\s*(?P<unit>[A-Za-z0-9_.-]+)\s*:?\s*(?:(?:move|go)\s+)?to\s+\(?\s*(?P<x>-?\d+(?:\.\d*)?)"
                   r"\s*[, ]\s*(?P<y>-?\d+(?:\.\d*)?)\s*\)?\s*(?P<close>(?:in\s+)?close(?:\s+order)?)?"
                   r"\s*(?P<snap>snap|!)?\s*$", re.IGNORECASE)
"""``RU-1 to 40,30`` (also ``RU-1: move to (40, 30)``); ``close`` (``in close order``) after it: a type C move in
close order (BR-26); ``snap`` or ``!`` last: as far as it lawfully gets."""


def _unit_id(state: BrigadeState, name: str) -> str:
    ids = state.ctx.ids
    if name in state.ctx.index:
        return name
    folded = [u for u in ids if u.lower() == name.lower()]
    if len(folded) == 1:
        return folded[0]
    raise UsageError(f"no unit '{name}' in this scenario; units: {', '.join(ids)}")


def typed_action(game: Game, state: GameState, text: str) -> Hashable | None:
    """The move ``text`` names (``UNIT to X,Y`` [snap]), checked by the engine; None for any other text."""
    found = TYPED.match(text)
    if found is None:
        return None
    s = cast(BrigadeState, state)
    unit = _unit_id(s, found["unit"])
    if s.to_act is not None and s.ctx.side_of[s.ctx.index[unit]] != s.to_act:
        raise UsageError(f"{unit} is not a unit of the {s.to_act}, who is to act")
    return s.move_to(unit, (float(found["x"]), float(found["y"])), order="K" if found["close"] else None,
                     snap=bool(found["snap"]))


def _point(to: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in to.split(","))
    except ValueError:
        raise UsageError(f"'{to}' is not a point: write x,y in inches (e.g. 40,30)") from None
    return x, y


def reach(game: Game, state: GameState, side: str, unit: str, to: str | None, snap: bool) -> dict[str, Any]:
    """The kit's ``reach`` (:meth:`warroom.core.kit.Kit.reach`) for ``side``'s own ``unit``."""
    s = cast(BrigadeState, state)
    if unit not in s.ctx.index or s.ctx.side_of[s.ctx.index[unit]] != side:
        raise UsageError(f"'{unit}' is not a unit of the {side}")
    out: dict[str, Any] = {"unit": unit, "outline": [], "why": None, "action": None, "refused": None,
                           "snapped": None}
    if s.to_act != side:
        out["why"] = f"it is not the {side}'s turn"
        return out
    try:
        out["outline"] = [[round(x, 2), round(y, 2)] for x, y in s.reach_outline(unit)]
    except UsageError as exc:
        out["why"] = str(exc)
        return out
    if to is None:
        return out
    point = _point(to)
    try:
        out["action"] = s.move_to(unit, point, snap=snap)
    except UsageError as exc:
        out["refused"] = str(exc)
    if out["action"] is None or snap:
        with contextlib.suppress(UsageError):
            out["snapped"] = s.move_to(unit, point, snap=True)
    return out
