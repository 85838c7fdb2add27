"""Detection in the Brigade game: what each unit detects of each enemy unit, kept as pairs.

Seed 004 "Detection" (BR-110 ... BR-113): a unit becomes aware of or spots an enemy by the detection table
(procedure ``brigade/detection``'s rows, read through :func:`~warroom.rulesets.brigade.m_detection.detection_class`)
from the target's state (moving or firing in the open, at a cover edge, in cover, stationary in the open), the range
and line of sight, and holds it while it keeps the target in sight. Answers are kept per table under everything
they depend on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.common import AWARE, CLASS_NAMES, SPOTTED, Coord
from warroom.rulesets.brigade.game.effects import Board
from warroom.rulesets.brigade.m_detection import detection_class


class Detection:
    """Detection in the Brigade game: what each unit detects of each enemy unit, kept as pairs"""

    def recent(self: Board, i: int) -> bool:
        u = self.units[i]
        return u.moved >= self.move - 1 or u.fired >= self.move - 1

    def target_state(self: Board, e: int, observer: Coord) -> str:
        u = self.units[e]
        cover = self.ctx.cover(u.anchor(), self.ctx.body(e, self.units[e]), observer)
        if self.recent(e):
            if not cover.concealed:
                return "moving_or_firing_open"
            # within 1" of the edge of area cover, or anywhere in a building or works: a garrison fires from its
            # walls, windows and parapets (BR-110, BR-194)
            if u.fired >= self.move - 1 and u.moved < self.move - 1 and (cover.depth <= 1.0 or cover.breach):
                return "firing_from_cover_edge"
            return "in_cover"
        return "in_cover" if cover.concealed else "stationary_open"

    def row(self: Board, e: int) -> str:
        kind = self.t(e).kind
        return "vehicle" if kind == "vehicle" else "heavy_support" if kind == "gun" else "infantry"

    def fast(self: Board, o: int) -> bool:
        u = self.units[o]
        return self.t(o).kind == "vehicle" and u.moved >= self.move - 1 and u.moved_in > 6.0

    def _bound(self: Board, e: int, fast: bool) -> float:
        """The farthest the target could be detected from, before looking at cover (a cheap filter)."""
        row, recent = self.row(e), self.recent(e)
        u = self.units[e]
        if self.ctx.concealed_here(u.anchor(), self.ctx.body(e, self.units[e])):
            fired_only = recent and u.fired >= self.move - 1 and u.moved < self.move - 1
            top = 50.0 if fired_only else 4.0
            return top / 2 if fast else top
        if row == "vehicle" and recent:
            return math.inf
        top = (75.0 if recent else 40.0) if row != "vehicle" else 100.0
        if row == "heavy_support" and recent:
            top = 75.0
        return top / 2 if fast else top

    def pair_class(self: Board, o: int, e: int, held: int) -> int:
        """What observer ``o`` detects of enemy ``e`` now (0 unseen, 1 aware, 2 spotted), having held ``held``.

        A pure function of the two places, bodies and kinds, the observer's speed, the target's movement
        and fire and ``held``: remembered per table under those, so only new situations are measured."""
        ctx = self.ctx
        key = self._pair_key(o, e, held)
        got = ctx.detections.get(key)
        if got is None:
            got = self._pair_class(o, e, held, key[0], key[2], key[5])
            if len(ctx.detections) > 400_000:
                ctx.detections.clear()
            ctx.detections[key] = got
        return got

    def _pair_key(self: Board, o: int, e: int, held: int) -> tuple[Any, ...]:
        """Everything :meth:`pair_class` depends on: (observer's place, body, target's place, body, row, observer
        fast, target recent, target fired only, held)."""
        return _key(self._facts(o), self._facts(e), held)

    def _facts(self: Board, i: int) -> tuple[Coord, str, str, bool, bool, bool]:
        """What detection needs of a unit, as observer or target: place, body, row, fast vehicle, recently
        moved or fired, fired without moving."""
        u = self.units[i]
        recent = self.recent(i)
        return (u.anchor(), self.ctx.body(i, u), self.row(i), self.fast(i), recent,
                recent and u.fired >= self.move - 1 and u.moved < self.move - 1)

    def _pair_class(self: Board, o: int, e: int, held: int, a: Coord, b: Coord, fast: bool) -> int:
        d = geo.distance(a, b)
        if not held and d > self._bound(e, fast):
            return 0
        if not self.ctx.sight(a, self.ctx.body(o, self.units[o]), b, self.ctx.body(e, self.units[e]))[0]:
            return 0
        state = self.target_state(e, a)
        found = detection_class(self.row(e), state, d, observer_fast_vehicle=fast, line_of_sight=True,
                                already=CLASS_NAMES.get(held, "unseen"))
        return {"spotted": SPOTTED, "aware": AWARE}.get(found, 0)

    def refresh(self: Board, only: Iterable[int] | None = None, seen: Iterable[int] = ()) -> None:
        """Recompute what each unit detects of the enemy: for pairs with a unit in ``only`` (all if None), and
        pairs in which a unit of ``seen`` is the target (only how it may be seen has changed)."""
        ctx = self.ctx
        which = set(range(len(self.units))) if only is None else set(only)
        units = self.units
        on = [i for i, u in enumerate(units) if u.on and u.aboard < 0]  # riders are inside their vehicle (BR-170)
        for (o, e) in list(self.pairs):
            if not (units[o].on and units[e].on and units[o].aboard < 0 and units[e].aboard < 0):
                del self.pairs[(o, e)]
        todo = {(o, e) for w in which if units[w].on and units[w].aboard < 0 for k in on
                if ctx.side_of[k] != ctx.side_of[w] for o, e in ((w, k), (k, w))}
        todo |= {(k, w) for w in seen if units[w].on and units[w].aboard < 0 for k in on
                 if ctx.side_of[k] != ctx.side_of[w]}
        facts = {i: self._facts(i) for i in {i for pair in todo for i in pair}}
        memo = ctx.detections
        for o, e in sorted(todo):
            old = self.pairs.get((o, e))
            held = old[0] if old else 0
            fo = facts[o]
            key = _key(fo, facts[e], held)
            cls = memo.get(key)
            if cls is None:
                cls = self._pair_class(o, e, held, fo[0], key[2], fo[3])
                if len(memo) > 400_000:
                    memo.clear()
                memo[key] = cls
            if cls:
                self.pairs[(o, e)] = (cls, old[1] if old else self.move)
            elif old:
                del self.pairs[(o, e)]
        self.touched.clear()


def _key(fo: tuple[Any, ...], fe: tuple[Any, ...], held: int) -> tuple[Any, ...]:
    """A detection's memo key from the observer's and the target's facts (Builder._facts) and what was held."""
    return (fo[0], fo[1], fe[0], fe[1], fe[2], fo[3], fe[4], fe[5], held)
