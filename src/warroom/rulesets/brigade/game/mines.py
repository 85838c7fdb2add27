"""Minefields in the Brigade game that a side can see: spotting an exposed field by chance, and keeping out of
the fields a side knows.

Seed 003 "MINES" (b): "Whether the mines are hidden or exposed (i.e., does the opponent has a chance to
detect them?). Specify the minimum distance required to spot the minefield and the % chance to see it."
Readings TM-30, BR-142, BR-175 and BR-176 (docs/rulings.md). The mixin is part of
:class:`~warroom.rulesets.brigade.game.play.Builder` (written against
:class:`~warroom.rulesets.brigade.game.effects.Board`); the checks on entering and leaving a field are the
builder's own (``cross_mines`` in :mod:`.move`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.common import Coord, ceil_inches, clip_segment, pt
from warroom.rulesets.brigade.game.effects import Board

if TYPE_CHECKING:
    pass


class MinefieldSight:
    """Which minefields a side knows, the chance to spot an exposed one, and halting at a known one's edge."""

    def known_field(self: Board, side: str, k: int) -> bool:
        """Whether ``side`` knows where minefield ``k`` is: it laid it, or has found or spotted it (BR-142, BR-175)."""
        return self.ctx.minefields[k].owner == side or k in self.revealed[self.ctx.sides.index(side)]

    def spot_minefields(self: Board, side: str) -> None:
        """Seed 003 "MINES" (b): at the start of its side's move each unit within the judge's distance of an
        exposed enemy minefield its side has not found, and seeing its nearest edge, tries once to spot it
        (terrain-mines/minefield-spotting); a hidden field is only found by entering it (TM-30, BR-175)."""
        ctx = self.ctx
        s_idx = ctx.sides.index(side)
        for k, m in enumerate(ctx.minefields):
            if not m.exposed or self.known_field(side, k):
                continue
            x0, y0, x1, y1 = ctx.mine_boxes[k]
            for i in self._side_units(side):
                u = self.units[i]
                if u.aboard >= 0:
                    continue
                here = u.anchor()
                edge = (min(max(here[0], x0), x1), min(max(here[1], y0), y1))
                gap = ceil_inches(geo.distance(here, edge))
                if gap > m.spot_within or not ctx.sight(here, ctx.body(i, u), pt(edge), "infantry")[0]:
                    continue
                # the judge rolls: a side that fails does not learn that there was a field to see (the umpire's
                # narration only); one that succeeds is told where it is
                r = self.roll("terrain-mines/minefield-spotting", {
                    "field": "exposed", "distance": gap, "within": m.spot_within, "chance": m.spot_chance},
                    (), head=f"{self.tag(i)} looks for minefield '{m.name}' {gap}\" away")
                if r.result == "spotted":
                    self.revealed[s_idx].add(k)
                    self.say(f"{self.tag(i)} spots minefield '{m.name}' ({m.kind.upper()}, {m.size[0]:g}\" x "
                             f"{m.size[1]:g}\" at ({m.at[0]:g}, {m.at[1]:g})).", (side,))
                    break

    def _side_units(self: Board, side: str) -> list[int]:
        return [i for i, u in enumerate(self.units) if u.on and self.ctx.side_of[i] == side]

    def avoid_known_fields(self: Board, i: int, start: Coord, end: Coord) -> tuple[Coord, str]:
        """A move ordered to a destination stops at the edge of a minefield the unit's side knows (its own, or
        one it has found or spotted), 1/10" short; one that starts inside it goes on (BR-176)."""
        side = self.ctx.side_of[i]
        first, name = 1.0, ""
        for k, box in enumerate(self.ctx.mine_boxes):
            if not self.known_field(side, k):
                continue
            span = clip_segment(start, end, box)
            if span is not None and span[0] > 0 and span[0] < first:
                first, name = span[0], self.ctx.minefields[k].name
        if not name:
            return end, ""
        length = geo.distance(start, end)
        t = max(0.0, first - 0.1 / length) if length > 0 else 0.0
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t), name
