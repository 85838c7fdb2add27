"""Minefields in the Brigade game that a side can see: spotting an exposed field by chance.

Seed 003 "MINES" (b): "Whether the mines are hidden or exposed (i.e., does the opponent has a chance to
detect them?). Specify the minimum distance required to spot the minefield and the % chance to see it."
Readings TM-30 and BR-175 (docs/rulings.md). Which fields a side knows, keeping out of them (BR-142, BR-176) and
the checks on entering and leaving a field (BR-140 ... BR-142) are part of a unit's move
(:func:`.consequences.move_unit`).
"""

from __future__ import annotations

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game.common import ceil_inches, pt
from warroom.rulesets.brigade.game.consequences import known_field
from warroom.rulesets.brigade.game.effects import Builder


def spot_minefields(b: Builder, side: str) -> None:
    """Seed 003 "MINES" (b): at the start of its side's move each unit within the judge's distance of an
    exposed enemy minefield its side has not found, and seeing its nearest edge, tries once to spot it
    (terrain-mines/minefield-spotting); a hidden field is only found by entering it (TM-30, BR-175)."""
    ctx = b.ctx
    s_idx = ctx.sides.index(side)
    for k, m in enumerate(ctx.minefields):
        if not m.exposed or known_field(b, side, k):
            continue
        x0, y0, x1, y1 = ctx.mine_boxes[k]
        for i in _side_units(b, side):
            u = b.units[i]
            if u.aboard >= 0:
                continue
            here = u.anchor()
            edge = (min(max(here[0], x0), x1), min(max(here[1], y0), y1))
            gap = ceil_inches(geo.distance(here, edge))
            if gap > m.spot_within or not ctx.sight(here, ctx.body(i, u), pt(edge), "infantry")[0]:
                continue
            # the judge rolls: a side that fails does not learn that there was a field to see (the umpire's
            # narration only); one that succeeds is told where it is
            r = b.roll("terrain-mines/minefield-spotting", {
                "field": "exposed", "distance": gap, "within": m.spot_within, "chance": m.spot_chance},
                (), head=f"{b.tag(i)} looks for minefield '{m.name}' {gap}\" away")
            if r.result == "spotted":
                b.revealed[s_idx].add(k)
                b.say(f"{b.tag(i)} spots minefield '{m.name}' ({m.kind.upper()}, {m.size[0]:g}\" x "
                      f"{m.size[1]:g}\" at ({m.at[0]:g}, {m.at[1]:g})).", (side,))
                break


def _side_units(b: Builder, side: str) -> list[int]:
    return [i for i, u in enumerate(b.units) if u.on and b.ctx.side_of[i] == side]
