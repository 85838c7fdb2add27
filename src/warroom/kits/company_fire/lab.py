"""Company Fire's game as the lab's trace counts it: a unit's material by its status, objectives by who holds
them (seed 002 "Unit Status, Hit Results and Rallying"; CF-54)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.kit import UnitTally

WORTH = {"good_order": 1.0, "pinned": 0.75, "suppressed": 0.5}
"""What a unit in each status counts for in a side's material (any other status: 0)."""


def tally(obs: Mapping[str, Any], side: str) -> list[UnitTally]:
    """The side's own units (the observation also shows the enemy units it sees): status as strength."""
    out = []
    for u in obs.get("units", ()):
        if u.get("side", side) != side:
            continue
        status = str(u.get("status", ""))
        at = (float(u["at"][0]), float(u["at"][1])) if u.get("at") is not None else None
        out.append(UnitTally(u["id"], u["type"], status not in ("destroyed", "removed"), at, WORTH.get(status, 0.0),
                             1.0, u.get("aboard") is not None))
    return out
