"""Distances between the squares of a Company Fire board (seed 002 "Movement", readings CF-27 and CF-35).

Plain functions of two spaces ``(col, row)``, kept apart from the board's data classes so that they compile
with the rest of the engine (hatch_build.py); :mod:`warroom.rulesets.company_fire.board` re-exports them and
sets the range metric from its terrain table when it loads.
"""

from __future__ import annotations

Space = tuple[int, ...]  # (col, row): see board.Space for why not tuple[int, int]

_range_is_king = False
"""Whether weapon ranges count a diagonal step as one space (``[board] range_metric = "king"``)."""


def set_range_metric(metric: str) -> None:
    """How :func:`range_between` counts: ``"orthogonal"`` (edge steps) or ``"king"``."""
    global _range_is_king
    if metric not in ("orthogonal", "king"):
        raise ValueError(f"range metric {metric!r}: allowed are 'orthogonal' and 'king'")
    _range_is_king = metric == "king"


def shares_edge(a: Space, b: Space) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def is_adjacent(a: Space, b: Space) -> bool:
    """Whether two different spaces share an edge or a corner (reading CF-35)."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def orthogonal_distance(a: Space, b: Space) -> int:
    """Edge steps between two spaces: ``|dcol| + |drow|``."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def king_distance(a: Space, b: Space) -> int:
    """King moves between two spaces: ``max(|dcol|, |drow|)``."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def range_between(a: Space, b: Space) -> int:
    """The range in spaces from ``a`` to ``b`` for weapon ranges (reading CF-27).

    The seed never says how range is counted. warroom counts edge steps, as a unit
    moves (seed "Movement": through the edges only): a space diagonally adjacent is
    at range 2. The metric is data (``[board] range_metric`` in ``data/terrain.toml``):
    ``"king"`` counts a diagonal as 1.
    """
    if _range_is_king:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
