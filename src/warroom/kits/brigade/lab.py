"""The Brigade game as the lab's trace counts it: a unit's material by the figures it has left, where it stands by
the centre of its figures, an objective held by the one side with a unit within its radius (seed 004 "Winning and
Losing"; BR-130)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from warroom.core.kit import UnitTally

RADIUS = 3.0
"""An objective's radius in inches when the scenario gives none (BR-130)."""


def tally(obs: Mapping[str, Any], side: str) -> list[UnitTally]:
    out = []
    for u in obs.get("units", ()):
        if u.get("side", side) != side:
            continue
        figures = u.get("figures") or ()
        alive = u.get("status") == "on"
        at = (sum(f[0] for f in figures) / len(figures), sum(f[1] for f in figures) / len(figures)) \
            if figures else None
        out.append(UnitTally(u["id"], u["type"], alive, at, float(len(figures)) if alive else 0.0,
                             float(max(len(figures), 1)), u.get("aboard") is not None))
    return out


def objectives_held(obs: Mapping[str, Any], places: Mapping[str, Sequence[tuple[float, float]]],
                    sides: Sequence[str]) -> dict[str, int]:
    held = dict.fromkeys(sides, 0)
    for o in obs.get("objectives", ()):
        radius = float(o.get("radius", RADIUS))
        near = [s for s in sides if any(math.dist(p, o["at"]) <= radius for p in places.get(s, ()))]
        if len(near) == 1:
            held[near[0]] += 1
    return held
