"""Movement along a straight path on a Brigade table: the terrain legs, the linear features crossed, what may
not be entered, and how much of a move a path takes.

Seed 004 "Movement" (the movement table's rates, the penalties for crossing linear features) on seed 003
"Terrain, Buildings and Other Features"; readings BR-1 ... BR-34 (docs/rulings.md). :func:`path_cost` gives a
:class:`MoveCost`; :meth:`MoveCost.share` and :meth:`MoveCost.reach` turn the rates (and the movement dice, once
thrown) into how much of a move it takes and how far a move gets.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warroom.core.errors import UsageError
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.brigade.geometry import Point, Segment, in_bounds
from warroom.rulesets.brigade.info import SEED
from warroom.rulesets.brigade.movement_table import Mover, Rate, mover
from warroom.rulesets.brigade.table import COLUMN_WORDS, EPS, MAPPING, Battlefield, Column, Feature, effects, is_vehicle
from warroom.rulesets.terrain_mines.info import SEED as TERRAIN_SEED
from warroom.rulesets.terrain_mines.terrain import unit_kinds

for _seed, _section, _code in (
    (SEED, "Movement", "brigade.paths.path_cost"),
    (TERRAIN_SEED, "Terrain", "brigade.paths.path_cost"),
):
    register_rule_use(_seed, _section, _code)


@dataclass(frozen=True)
class Leg:
    """A stretch of a move through one terrain, ``start`` to ``end`` inches from where the move starts.

    ``column`` is seed 004's movement column for the terrain (BR-3) and ``rate`` the mover's
    entry in it (None: "-", it may not move there); ``share`` is seed 003's share of that rate
    where seed 004 has no column of its own (soft ground 1/3, scrub 2/3 for troops; BR-4).
    ``allowed``: ``yes``; ``following`` (only behind ``follow``, within ``follow_within``
    inches); ``judge`` (only because the judge placed it there); ``no`` (``why`` says why).
    """

    start: float
    end: float
    terrain: str
    feature: str | None
    column: Column
    rate: Rate | None
    share: Fraction
    allowed: str
    follow: str | None = None
    follow_within: float | None = None
    bog_check: bool = False
    bog_down_percent: int | None = None
    why: str = ""

    @property
    def length(self) -> float:
        return self.end - self.start

    @property
    def passable(self) -> bool:
        return self.allowed != "no"

    def allowance(self, roll: int | None = None) -> float:
        """Inches of a full move in this terrain (the D6 ``roll`` for a throw)."""
        if self.rate is None:
            return 0.0
        return float(self.rate.allowance(roll) * self.share)


@dataclass(frozen=True)
class Crossing:
    """A linear feature the move crosses, ``at`` inches from its start.

    ``allowed``: ``yes`` (no effect), ``crossing`` (with ``penalty_turns`` whole moves, or
    ``penalty_inches`` of movement, seed 003) or ``no`` (``why`` says why).
    """

    at: float
    point: Point
    feature: str
    kind: str
    allowed: str
    penalty_turns: int = 0
    penalty_inches: float | None = None
    why: str = ""


@dataclass(frozen=True)
class Reach:
    """How far along the path a move gets, where that is, and what stopped it."""

    inches: float
    point: Point
    reason: str


@dataclass(frozen=True)
class MoveCost:
    """The facts a movement rule needs about a straight move by a troop type (seed 004 "Movement")."""

    mover: str
    start: Point
    end: Point
    length: float
    legs: tuple[Leg, ...]
    crossings: tuple[Crossing, ...]

    @property
    def passable(self) -> bool:
        """Whether every leg may be entered and every linear feature crossed (penalties aside)."""
        return all(leg.passable for leg in self.legs) and all(c.allowed != "no" for c in self.crossings)

    @property
    def blocked(self) -> str:
        """Why the move may not be made, at the first place it fails; "" if it may."""
        stops = [(leg.start, leg.why) for leg in self.legs if not leg.passable]
        stops += [(c.at, c.why) for c in self.crossings if c.allowed == "no"]
        return min(stops)[1] if stops else ""

    @property
    def columns(self) -> dict[str, float]:
        """Inches of the move in each column of seed 004's movement table."""
        out: dict[str, float] = {}
        for leg in self.legs:
            out[leg.column] = out.get(leg.column, 0.0) + leg.length
        return out

    @property
    def random_columns(self) -> tuple[str, ...]:
        """The columns whose rate for this mover is a throw: the game throws one D6 for each per move (BR-5)."""
        return tuple(dict.fromkeys(leg.column for leg in self.legs if leg.rate is not None and leg.rate.random
                                   and leg.length > EPS))

    @property
    def penalty_turns(self) -> int:
        return sum(c.penalty_turns for c in self.crossings)

    def _allowance(self, leg: Leg, rolls: Mapping[str, int]) -> float:
        if leg.rate is not None and leg.rate.random and leg.column not in rolls:
            raise UsageError(f"the move crosses {COLUMN_WORDS[leg.column].lower()} ({leg.rate.text} for "
                             f"{mover(self.mover).label}): give the D6 thrown for it, rolls={{'{leg.column}': N}}")
        return leg.allowance(rolls.get(leg.column))

    def share(self, rolls: Mapping[str, int] | None = None) -> float:
        """The share of a full move the path takes (BR-5): each inch at the rate of the terrain it is in,
        a hedge's inches of penalty at the rate where it is crossed; ``inf`` if it cannot be made in
        moves (impassable, a rate of 0, or a crossing that takes whole moves)."""
        rolls = rolls or {}
        if not self.passable or self.penalty_turns:
            return math.inf
        total = 0.0
        for leg in self.legs:
            allowance = self._allowance(leg, rolls)
            extra = sum(c.penalty_inches or 0.0 for c in self.crossings if leg.start <= c.at < leg.end)
            need = leg.length + extra
            if need > EPS:
                if allowance <= 0:
                    return math.inf
                total += need / allowance
        return total

    def reach(self, rolls: Mapping[str, int] | None = None, budget: float = 1.0) -> Reach:
        """How far a move of ``budget`` (1 = a full move, 0.5 = "up to 1/2") gets along the path."""
        rolls = rolls or {}
        seg = Segment.of(self.start, self.end)
        used, pos = 0.0, 0.0

        def stop(inches: float, reason: str) -> Reach:
            return Reach(inches, seg.at(inches / seg.length) if seg.length > EPS else self.start, reason)

        for leg in self.legs:
            if not leg.passable:
                return stop(leg.start, leg.why)
            allowance = self._allowance(leg, rolls)
            if allowance <= 0 and leg.length > EPS:
                return stop(leg.start, f"no move in {leg.terrain.replace('_', ' ')} this time "
                            f"({leg.rate.text if leg.rate else '-'} came to 0)")
            for c in [c for c in self.crossings if leg.start <= c.at < leg.end]:
                need = (c.at - pos) / allowance
                if used + need > budget + EPS:
                    return stop(pos + (budget - used) * allowance, "the move is used up")
                used, pos = used + need, c.at
                if c.allowed == "no":
                    return stop(pos, c.why)
                if c.penalty_turns:
                    return stop(pos, c.why)
                if c.penalty_inches:
                    need = c.penalty_inches / allowance
                    if used + need > budget + EPS:
                        return stop(pos, f"not enough move left for the {c.penalty_inches:g}\" penalty of "
                                    f"{c.kind} '{c.feature}'")
                    used += need
            need = (leg.end - pos) / allowance if leg.length > EPS else 0.0
            if used + need > budget + EPS:
                return stop(pos + (budget - used) * allowance, "the move is used up")
            used, pos = used + need, leg.end
        return stop(self.length, "reaches the end of the path")


@dataclass(frozen=True)
class _Terms:
    terrain: str
    feature: str | None
    column: Column
    rate: Rate | None
    share: Fraction
    allowed: str
    follow: str | None
    follow_within: float | None
    bog_check: bool
    bog_down_percent: int | None
    why: str


def _terms(bf: Battlefield, row: Mover, at: Point, tons: int, judge_placed: bool) -> _Terms:
    """The terrain at ``at`` and what it means for a mover (BR-3, BR-4, BR-7, BR-8)."""
    unit = row.unit
    here = bf.layout.point_hits(float(at[0]), float(at[1]), "cover", "corridor")
    by_kind = {bf.features[p.feature].kind: bf.features[p.feature] for p in here}
    bridge = by_kind.get("stone_bridge") or by_kind.get("other_bridge")
    river = by_kind.get("river")
    road = by_kind.get("primary_road") or by_kind.get("secondary_road")
    cover = next((bf.features[p.feature] for p in here if p.role == "cover"), None)

    def rate_terms(terrain: str, feature: Feature | None, column: Column, share: Fraction = Fraction(1),
                   allowed: str = "yes", why: str = "", **extra: Any) -> _Terms:
        rate = row.rate(column)
        if rate is None and allowed != "no":
            allowed, why = "no", (f"{row.label} may not move in {COLUMN_WORDS[column].lower()} (seed 004 movement "
                                  f"table: \"-\"), and {_where(feature)} is {COLUMN_WORDS[column].lower()} "
                                  "(BR-3)")
        return _Terms(terrain, feature.name if feature else None, column, rate, share, allowed,
                      extra.get("follow"), extra.get("follow_within"), extra.get("bog_check", False),
                      extra.get("bog_down_percent"), why)

    if bridge is not None:
        kind = MAPPING.kinds[bridge.kind]
        assert kind.column is not None
        limit = bridge.weight_limit_tons
        if limit is not None and is_vehicle(unit) and tons > limit:
            return rate_terms(bridge.kind, bridge, kind.column, allowed="no",
                              why=f"{tons} t is over the {limit} t weight limit of bridge {bridge.label} (003 Bridges)")
        return rate_terms(bridge.kind, bridge, kind.column)
    if river is not None:
        fx = effects("river", unit, ford=bool(river.fordable))
        if fx.allowed == "no":
            return rate_terms("river", river, "open", allowed="no",
                              why=f"river {river.label} is not fordable (003 item 8): cross it by a bridge (BR-8)")
        return rate_terms("river", river, "open")
    if road is not None:
        column = MAPPING.kinds[road.kind].column
        assert column is not None
        return rate_terms(road.kind, road, column)
    if cover is None:
        return rate_terms("clear", None, "open")
    kind = MAPPING.kinds[cover.kind]
    assert kind.column is not None
    fx = effects(cover.kind, unit, judge_placed=judge_placed)
    if fx.allowed == "no":
        return rate_terms(cover.kind, cover, kind.column, allowed="no",
                          why=f"{row.label} may not enter {cover.label}: \"{fx.rule}\" (003)"
                          + (" - unless the judge placed it there before the game (judge_placed)"
                             if fx.needs == "judge_placed" else ""))
    share = fx.share if kind.share_from_003 else Fraction(1)
    return rate_terms(cover.kind, cover, kind.column, share, "judge" if fx.allowed == "judge" else fx.allowed,
                      follow=fx.follow, follow_within=fx.follow_within, bog_check=fx.bog_check,
                      bog_down_percent=fx.bog_down_percent)


def _where(feature: Feature | None) -> str:
    return feature.label if feature is not None else "clear ground"


def path_cost(bf: Battlefield, start: Point, end: Point, troops: str, *, tons: int = 0, judge_placed: bool = False,
              hedgerow_cutters: bool = False) -> MoveCost:
    """The facts of a straight move from ``start`` to ``end`` by ``troops`` (a movement-table row).

    The path is cut into legs at every edge of ground cover, road, river or bridge; each leg
    carries its terrain, seed 004's column and rate for the mover, seed 003's share where seed
    004 has none, and whether it may be entered. Hedgerows, hedges, walls and ridges crossed
    strictly between the ends are listed with seed 003's penalties. ``tons`` is a vehicle's
    weight for a bridge's limit; ``judge_placed`` a vehicle the judge placed in heavy woods or a
    building; ``hedgerow_cutters`` a tank fitted with them.
    """
    row = mover(troops)
    in_bounds(bf, start, end)
    if hedgerow_cutters and not unit_kinds()[row.unit].fully_tracked:
        raise UsageError(f"hedgerow_cutters: cutters are fitted to tanks and other fully tracked vehicles, not to "
                         f"{row.label} (003 item 5)")
    if judge_placed and not is_vehicle(row.unit):
        raise UsageError(f"judge_placed is for vehicles the judge places in heavy woods or a building, not {row.label}")
    seg = Segment.of(start, end)
    layout = bf.layout
    if seg.length <= EPS:
        terms = _terms(bf, row, start, tons, judge_placed)
        legs: tuple[Leg, ...] = (Leg(0.0, 0.0, **vars(terms)),)
        return MoveCost(troops, start, end, 0.0, legs, ())
    pieces = [layout.pieces[j] for j in layout.segment_candidates(start, end, "cover", "corridor", "line")
              if layout.pieces[j].geom.intersects(seg.geom)]  # role_hits of the segment, boxes first
    cuts = {0.0, 1.0}
    for p in pieces:
        if p.role != "line":
            for t0, t1 in seg.spans(p.geom):
                cuts.update((t0, t1))
    ordered = sorted(cuts)
    built: list[Leg] = []
    for t0, t1 in itertools.pairwise(ordered):
        if (t1 - t0) * seg.length <= 1e-7:
            continue
        terms = _terms(bf, row, seg.at((t0 + t1) / 2), tons, judge_placed)
        if built and _same(built[-1], terms):
            built[-1] = Leg(built[-1].start, t1 * seg.length, **vars(terms))
        else:
            built.append(Leg(t0 * seg.length, t1 * seg.length, **vars(terms)))
    crossings: list[Crossing] = []
    for p in pieces:
        if p.role != "line":
            continue
        feature = bf.features[p.feature]
        for t0, t1 in seg.spans(p.geom):
            at = t0 * seg.length
            if t0 != t1 or at <= 1e-7 or at >= seg.length - 1e-7:
                continue  # along the line, or only meeting it at an end, is not crossing it (BR-33)
            crossings.append(_crossing(feature, row, at, seg.at(t0), hedgerow_cutters))
    crossings.sort(key=lambda c: c.at)
    return MoveCost(troops, start, end, seg.length, tuple(built), tuple(crossings))


def _same(leg: Leg, terms: _Terms) -> bool:
    return all(getattr(leg, name) == value for name, value in vars(terms).items())


def _crossing(feature: Feature, row: Mover, at: float, spot: Point, cutters: bool) -> Crossing:
    fx = effects(feature.kind, row.unit, hedgerow_cutters=cutters)
    if fx.allowed in ("no", "judge"):
        why = f"{row.label} may not cross {feature.label}: \"{fx.rule}\" (003)"
        if fx.needs == "hedgerow_cutters":
            why += " - only with hedgerow cutters"
        return Crossing(at, spot, feature.name, feature.kind, "no", why=why)
    if fx.allowed == "crossing":
        if fx.penalty_turns:
            moves = "one whole move" if fx.penalty_turns == 1 else f"{fx.penalty_turns} whole moves"
            why = (f"crossing {feature.label} takes {moves}: the unit stops at it and crosses in its next "
                   f"move (\"{fx.rule}\", 003; BR-33)")
        else:
            why = f"crossing {feature.label} costs {fx.penalty_inches:g}\" of movement (\"{fx.rule}\", 003)"
        return Crossing(at, spot, feature.name, feature.kind, "crossing", fx.penalty_turns, fx.penalty_inches, why)
    return Crossing(at, spot, feature.name, feature.kind, "yes", why=f"{feature.label}: no movement effect")


