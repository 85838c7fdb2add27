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


Risk = frozenset[tuple[str, Space]]
"""What passing through spaces risks, as the mover's side knows it: ``("seen", space)`` for a space in a known
enemy's LOS, ``("mines", space)`` for a marked enemy minefield, ``("blind", space)`` for a space next to an
enemy blind (reading CF-120)."""

Label = tuple[Risk, tuple[Space, ...]]


def routes(
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
    risk: dict[Space, Risk],
) -> dict[Space, tuple[tuple[Space, ...], ...]]:
    """Every route worth offering to each space :func:`destinations` reaches (seed "Movement", reading CF-120).

    A route's risk is what the spaces it passes through (not its start, not its end, which every route to the
    end shares) risk, from ``risk``. Routes are kept when no other route to the same space risks only a part
    of what they risk (a Pareto front over set inclusion), the shortest of those risking the same, least risk
    first, then shortest, then in search order. Risk only grows along a path, so a search keeping at each space
    only the labels no other label there dominates finds them all.
    """
    if rate <= 2 and (road_rate is None or road_rate <= rate or start not in roads):
        return _short_routes(graph, near, start, rate, enemy, enemy_smfs, full, smoke, risk)
    found = _routes(graph, near, roads, start, rate, enemy, enemy_smfs, full, smoke, risk, False)
    if road_rate is not None and road_rate > rate and start in roads:
        for space, labels in _routes(graph, near, roads, start, road_rate, enemy, enemy_smfs, full, smoke, risk,
                                     True).items():
            found[space] = found.get(space, []) + labels
    return {space: _pareto(labels) for space, labels in found.items()}


def _least_risk_first(label: Label) -> tuple[int, int]:
    return (len(label[0]), len(label[1]))


def _routes(
    graph: Graph,
    near: dict[Space, frozenset[Space]],
    roads: frozenset[Space],
    start: Space,
    rate: int,
    enemy: frozenset[Space],
    enemy_smfs: frozenset[Space],
    full: frozenset[Space],
    smoke: frozenset[Space],
    risk: dict[Space, Risk],
    roads_only: bool,
) -> dict[Space, list[Label]]:
    """The breadth-first search of :func:`search`, keeping at each space every (risk, must stop) label that
    no other label there dominates, and every route reaching a space with such a label."""
    any_enemy = enemy | enemy_smfs
    none: Risk = frozenset()
    kept: dict[Space, list[tuple[Risk, bool]]] = {start: [(none, False)]}
    ends: dict[Space, list[Label]] = {}
    queue: deque[tuple[Space, bool, Risk, tuple[Space, ...]]] = deque([(start, False, none, ())])
    while queue:
        here, stopped, carried, path = queue.popleft()
        if stopped or len(path) >= rate:
            continue
        passed = carried | risk.get(here, none) if path else carried
        for there, single in graph[here]:
            if there in enemy or there in full or there == start or there in path:
                continue
            if roads_only and there not in roads:
                continue
            if single and path:
                continue
            stop = single or there in smoke or not near[there].isdisjoint(any_enemy)
            labels = kept.get(there, [])
            if any(r <= passed and (s is False or stop) for r, s in labels):
                continue
            kept[there] = [(r, s) for r, s in labels if not (passed <= r and (stop is False or s))] + [(passed, stop)]
            route = (*path, there)
            ends.setdefault(there, []).append((passed, route))
            queue.append((there, stop, passed, route))
    return ends


def _short_routes(
    graph: Graph,
    near: dict[Space, frozenset[Space]],
    start: Space,
    rate: int,
    enemy: frozenset[Space],
    enemy_smfs: frozenset[Space],
    full: frozenset[Space],
    smoke: frozenset[Space],
    risk: dict[Space, Risk],
) -> dict[Space, tuple[tuple[Space, ...], ...]]:
    """:func:`routes` for a move of one or two steps, where a route is its one space passed through: the same
    steps allowed as :func:`search`, the routes kept as :func:`routes` keeps them."""
    any_enemy = enemy | enemy_smfs
    none: Risk = frozenset()
    first: dict[Space, tuple[tuple[Space, ...], ...]] = {}
    labels: dict[Space, list[Label]] = {}
    for there, single in graph[start]:
        if there in enemy or there in full:
            continue
        first[there] = ((there,),)
        if rate < 2 or single or there in smoke or not near[there].isdisjoint(any_enemy):
            continue
        passed = risk.get(there, none)
        for beyond, across in graph[there]:
            if beyond in enemy or beyond in full or beyond == start or across:
                continue
            labels.setdefault(beyond, []).append((passed, (there, beyond)))
    out = dict(first)
    for space, found in labels.items():
        if space in out:
            continue
        out[space] = _pareto(found)
    return out


def _pareto(labels: list[Label]) -> tuple[tuple[Space, ...], ...]:
    """The routes no other route to the same space beats: none risks only a part of what they risk, and of
    routes risking the same the first found (the shortest); least risk first, then shortest."""
    if len(labels) == 1:
        return (labels[0][1],)
    first: dict[Risk, tuple[Space, ...]] = {}  # of routes risking the same, the first found
    for r, path in labels:
        first.setdefault(r, path)
    if len(first) == 1:
        return (labels[0][1],)
    risks = list(first)
    kept = [(r, path) for r, path in first.items() if not any(other < r for other in risks)]
    kept.sort(key=_least_risk_first)
    return tuple([path for _, path in kept])
