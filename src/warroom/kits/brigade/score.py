"""The Brigade game's score as one side may know it (seed 004 "Winning and Losing"; BR-104, BR-130): who would hold
each objective if the last period ended now and why, each side's companies lost against the half (50%+1) that
loses the game, and the periods left.

Read from the side's observation (``state.observation(side)``) and the scenario's public rules (the objectives'
points and radii, each side's number of companies, the periods) alone: the side's own units where they stand, and
of the enemy only the units it has detected (spotted: their figures; aware: roughly where, as the observation
rounds it, BR-110 ... BR-113). An enemy unit it has not detected is never counted, so the panel says that it
reads the table as far as the side can see.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from warroom.core.kit import KnownUnit, Score, ScoreItem, plural

if TYPE_CHECKING:
    from warroom.core.game import Game


def _centre(figures: Sequence[Sequence[float]]) -> tuple[float, float] | None:
    """A unit's place for range and objectives: the centre of its figures (BR-105)."""
    if not figures:
        return None
    return (sum(f[0] for f in figures) / len(figures), sum(f[1] for f in figures) / len(figures))


def _holds(ctx: Any, unit_id: str) -> bool:
    """Whether a unit of this id may hold ground: transports and observers do not (BR-130, BR-170)."""
    t = ctx.types[ctx.ids.index(unit_id)]
    return not t.transport and t.kind != "observer"


def known_units(game: Game, obs: Mapping[str, Any]) -> dict[str, KnownUnit]:
    """Every unit the side knows of and where: its own by the centre of their figures (``None`` when off the
    table), the enemy's it has spotted likewise, those it is only aware of where the observation puts them."""
    side = str(obs["side"])
    enemy = next(s for s in game.sides if s != side)
    out = {u["id"]: KnownUnit(side, _centre(u.get("figures") or ()), u.get("status") != "on")
           for u in obs["units"]}
    for e in obs["enemy"]:
        at = _centre(e.get("figures") or ()) if e.get("detected") == "spotted" else \
            (float(e["near"][0]), float(e["near"][1]))
        out[e["id"]] = KnownUnit(enemy, at, False)
    return out


def _near(game: Game, obs: Mapping[str, Any], at: Sequence[float], radius: float) -> dict[str, list[str]]:
    """Each side's units the side knows of within ``radius`` of ``at`` that hold ground: its own on the table,
    not riding, not transports or observers; the enemy's it has detected (one it is only aware of counts where
    it is thought to be, its kind unknown: it may hold); and under ``"none"`` its own there that hold none."""
    g: Any = game
    ctx = g.ctx
    side = str(obs["side"])
    enemy = next(s for s in game.sides if s != side)
    out: dict[str, list[str]] = {side: [], enemy: []}
    out["none"] = []  # the side's own units within the radius that hold no ground
    for u in obs["units"]:
        c = _centre(u.get("figures") or ())
        if u.get("status") != "on" or c is None or math.dist(c, at) > radius:
            continue
        out[side if u.get("aboard") is None and _holds(ctx, u["id"]) else "none"].append(u["id"])
    for e in obs["enemy"]:
        if e.get("detected") == "spotted":
            c = _centre(e.get("figures") or ())
            holds = _holds(ctx, e["id"])
        else:
            c, holds = (float(e["near"][0]), float(e["near"][1])), True
        if c is not None and holds and math.dist(c, at) <= radius:
            out[enemy].append(e["id"])
    return out


def _objective(game: Game, obs: Mapping[str, Any], spec: Any) -> ScoreItem:
    """BR-130: at the end of the last period a side holds an objective if one of its units (not transport or
    observers) has its centre within the objective's radius and no enemy unit has."""
    side = str(obs["side"])
    enemy = next(s for s in game.sides if s != side)
    near = _near(game, obs, spec.at, float(spec.radius))
    r = f'{spec.radius:g}"'
    x, y = spec.at
    what = f"{spec.name} ({x:g},{y:g})"
    if near[side] and near[enemy]:
        return ScoreItem(None, "objective", what, int(spec.points),
                         f"both sides are within {r}: {', '.join(near[side])} and {', '.join(near[enemy])} (BR-130)")
    for s in (side, enemy):
        if near[s]:
            return ScoreItem(s, "objective", what, int(spec.points),
                             f"{', '.join(near[s])} within {r} and no {enemy if s == side else side} unit"
                             f"{' seen there' if s == side else ''} (BR-130)")
    if near["none"]:
        return ScoreItem(None, "objective", what, int(spec.points),
                         f"{', '.join(near['none'])} {'is' if len(near['none']) == 1 else 'are'} within {r}, but "
                         "observers, transports and troops riding hold no ground (BR-130, BR-170)")
    return ScoreItem(None, "objective", what, int(spec.points),
                     f"no unit that holds ground is within {r} (transports and observers do not; BR-130)")


def score(game: Game, obs: Mapping[str, Any]) -> Score:
    """The score as ``obs``'s side knows it: the objectives as they would be held now, the companies lost
    against the 50%+1 that loses (seed 004 "Winning and Losing"), the periods left."""
    g: Any = game
    ctx = g.ctx
    side = str(obs["side"])
    items = tuple(_objective(game, obs, o) for o in ctx.objectives)
    points = dict.fromkeys(game.sides, 0)
    for i in items:
        if i.side in points:
            points[i.side] += i.points
    standing = []
    for s in game.sides:
        total = int(ctx.companies[s])
        lost = int(obs["companies_lost"][s])
        loses = total // 2 + 1
        left = loses - lost
        more = f": {left} more" if left > 0 and not obs.get("result") else ""
        standing.append(f"{s}: {lost} of its {plural(total, 'company', 'companies')} lost; it loses at {loses} "
                        f"(half, 50%+1; Winning and Losing){more}")
    standing.append("after the last period more objective points wins; equal points is a draw (BR-130)")
    periods = int(g.scenario.spec.periods)
    period = int(obs["period"])
    if obs.get("result"):
        time = "the game is over"
    else:
        left = periods - period
        time = f"period {period} of {periods}: " + ("the last period" if left <= 0 else
                                                    f"{plural(left, 'more period')} after this one")
    note = "" if obs.get("umpire") else (f"as far as {side} can see: an enemy unit it has not detected may stand "
                                         "within an objective's radius")
    return Score("umpire" if obs.get("umpire") else side, points, items, tuple(standing), time, note,
                 heading="Objective points" if obs.get("result") else "Objective points if the game ended now")
