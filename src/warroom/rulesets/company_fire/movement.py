"""The movement search of Company Fire (seed 002 "Movement", "Bocage", "Vehicle Movement"), on plain data.

:func:`warroom.rulesets.company_fire.board.destinations` states the rules and hands the board's
step graph to :func:`destinations`. The search is kept apart from the board's data classes so that
it compiles with the rest of the engine (hatch_build.py); it reads nothing but its arguments.
"""

from __future__ import annotations

from collections import deque

Space = tuple[int, ...]  # (col, row): see board.Space for why not tuple[int, int]


Graph = dict[Space, tuple[tuple[Space, bool], ...]]


def destinations(
    graph: Graph,
    near: dict[Space, frozenset[Space]],
    roads: frozenset[Space],
    start: Space,
    rate: int,
    road_rate: int | None,
    enemy: frozenset[Space],
    enemy_smfs: frozenset[Space],
    full: frozenset[Space],
    smoke: frozenset[Space],
) -> dict[Space, tuple[Space, ...]]:
    """:func:`search` at ``rate``, and from a road space along roads at ``road_rate`` where that reaches a
    space in fewer steps (CF-38); nearest first, then by row and column."""
    found = search(graph, near, roads, start, rate, enemy, enemy_smfs, full, smoke, False)
    if road_rate is not None and road_rate > rate and start in roads:
        for space, path in search(graph, near, roads, start, road_rate, enemy, enemy_smfs, full, smoke, True).items():
            if space not in found or len(path) < len(found[space]):
                found[space] = path
    return dict(sorted(found.items(), key=_nearest_first))


def _nearest_first(item: tuple[Space, tuple[Space, ...]]) -> tuple[int, int, int]:
    return (len(item[1]), item[0][1], item[0][0])


def search(
    graph: Graph,
    near: dict[Space, frozenset[Space]],
    roads: frozenset[Space],
    start: Space,
    rate: int,
    enemy: frozenset[Space],
    enemy_smfs: frozenset[Space],
    full: frozenset[Space],
    smoke: frozenset[Space],
    roads_only: bool,
) -> dict[Space, tuple[Space, ...]]:
    """Every space a move of up to ``rate`` steps from ``start`` ends in, with the first shortest path found.

    ``graph`` gives each space's steps (the space stepped to, and whether the step crosses full bocage,
    which makes it the whole move); ``near`` each space with the spaces touching it. A step never enters
    ``enemy`` or ``full`` or goes back to ``start``; with ``roads_only`` it stays on ``roads``. A space
    touching an enemy unit or SMF, or holding smoke, or reached across full bocage, ends the move.

    A breadth-first search over (space, must stop there): a space may be a stop on one path and a
    waypoint on another.
    """
    any_enemy = enemy | enemy_smfs
    found: dict[Space, tuple[Space, ...]] = {}
    seen: set[tuple[Space, bool]] = {(start, False)}
    queue: deque[tuple[Space, bool, tuple[Space, ...]]] = deque([(start, False, ())])
    while queue:
        here, stopped, path = queue.popleft()
        if stopped or len(path) >= rate:
            continue
        for there, single in graph[here]:
            if there in enemy or there in full or there == start:
                continue
            if roads_only and there not in roads:
                continue
            if single and path:
                continue
            stop = single or there in smoke or not near[there].isdisjoint(any_enemy)
            if (there, stop) in seen or (there, False) in seen:
                continue
            seen.add((there, stop))
            route = (*path, there)
            if there not in found:
                found[there] = route
            queue.append((there, stop, route))
    return found
