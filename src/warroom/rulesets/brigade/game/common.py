"""Small helpers the Brigade game's modules share: places to the hundredth of an inch, action values made
once, the longest move of a movement row, and the counts read from a ruling's result."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from warroom.rulesets.brigade import geometry as geo

Coord = tuple[float, float]


def _r(x: float) -> float:
    return round(float(x), 2)


def _pt(p: Sequence[float]) -> Coord:
    return (_r(p[0]), _r(p[1]))


def _on_table(width: float, depth: float, p: Coord) -> Coord:
    """``p`` moved onto a ``width`` x ``depth`` table (a point off an edge goes to the edge)."""
    return (min(max(p[0], 0.0), width), min(max(p[1], 0.0), depth))


@functools.cache
def _act(kind: Callable[..., Hashable], *args: Any) -> Hashable:
    """An action value, made once: actions are small immutable values, and legal actions are listed often."""
    return kind(*args)


@functools.cache
def _max_inches(row_name: str) -> float:
    """The longest move of a movement-table row: its best rate at its best throw (destinations, BR-160)."""
    row = geo.mover(row_name)
    return max(float(r.highest) for c in ("road", "open", "rough", "thick")
               if (r := row.rate(c)) is not None)


def _hits(result: str) -> int:
    return 0 if result.startswith("no") else int(result.split()[0])


def _killed(result: str) -> int:
    return 0 if result.startswith("no") or not result else int(result.split()[0])


def _ceil_inches(d: float) -> int:
    """A range in whole inches, rounded up, so a band's limit is never passed (BR-107)."""
    return max(0, math.ceil(d - 1e-9))


def _clip_segment(a: Coord, b: Coord, box: tuple[float, float, float, float]) -> tuple[float, float] | None:
    """The stretch (t0, t1) of segment a-b inside the box (Liang-Barsky), or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return (t0, t1)
