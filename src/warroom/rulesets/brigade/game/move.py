"""Movement in the Brigade game: moving a unit along its path with the movement dice.

Seed 004 "Movement" (BR-5, BR-47, BR-105, BR-106, BR-120): a move or half move towards a destination with the
movement dice of each terrain column the path crosses, stuck on a throw of the stuck row, no closer than 2" to an
enemy figure (BR-120), close order (BR-26); pre-planned paths (BR-150); free-form moves (BR-160); seed 003
"MINES": checks entering and leaving each field the path crosses (BR-140 ... BR-142), bog-down in soft ground.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade import movement_table
from warroom.rulesets.brigade.game.actions import MoveTo, dest_words
from warroom.rulesets.brigade.game.common import CLOSE_SPACING, KEEP_OFF, SPOTTED, Coord, clip_segment, pt
from warroom.rulesets.brigade.game.effects import Board
from warroom.rulesets.brigade.game.scenario import FORMATION_SPACING, formation


class Movement:
    """Movement in the Brigade game: moving a unit along its path with the movement dice"""

    def follow_plan(self: Board, i: int) -> None:
        u = self.units[i]
        if not u.plan:
            return
        self.move_unit(i, u.plan[0], 1.0, "follows its plan")
        u = self.units[i]
        if u.on and u.plan and geo.distance(u.anchor(), u.plan[0]) <= 0.5:
            self.set(i, plan=u.plan[1:])

    def move_to(self: Board, a: MoveTo) -> None:
        i = self.ctx.index[a.unit]
        follow = bool(self.pending)
        if a.order == "A":
            self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.done(i, "A")
        elif a.order == "B":
            self.begin_order(i, "B")
            self.move_unit(i, a.point, 0.5, f"advances to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            if self.result is None:
                self.after_advance(i)
        elif a.order == "C" and not follow:
            self.begin_order(i, "C")
            self.move_unit(i, a.point, 1.0, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.done(i, "C")
        elif a.order == "D":
            self.begin_order(i, "D")
            self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            if self.units[i].on:
                self.set(i, limbered=False)
                self.say(f"{self.tag(i)} unlimbers.", self.sides_seeing(i))
            self.done(i, "D")
        elif a.order == "E":
            self.begin_order(i, "E")
            self.set(i, limbered=True)
            self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.done(i, "E")
        else:
            self.begin_order(i, "C")
            if a.order == "S":
                self.move_unit(i, a.point, 0.5, f"rides to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
                if self.units[i].on:
                    self.dismount(i)
            elif a.order == "M":
                self.mount(i)
                self.move_unit(i, a.point, 0.5, f"rides to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            else:
                self.disembark(i)
                self.move_unit(i, a.point, 0.5, f"moves to ({a.point[0]:g}, {a.point[1]:g})", deliberate=True)
            self.refresh([i])
            self.done(i, "C")

    def other_half(self: Board, i: int, dest: str, verb: str) -> None:
        """The half move after getting on or off (BR-161, BR-171): towards ``dest`` as the unit now is."""
        if dest == "here":
            return
        p = self.view().dest_point(i, dest, True)
        assert p is not None
        self.move_unit(i, p, 0.5, f"{verb} {dest_words(dest)}")

    def move_unit(self: Board, i: int, goal: Coord, budget: float, words: str, close: bool = False,
                  deliberate: bool = False) -> None:
        """Move unit ``i`` straight towards ``goal`` with ``budget`` of a move (1 or 1/2); ``deliberate``: a
        person's free-form move, which may enter a known minefield (BR-176)."""
        ctx = self.ctx
        u = self.units[i]
        t = self.t(i)
        row = ctx.mover(i, u)
        start = u.anchor()
        goal = pt(goal)
        cost = ctx.path(start, goal, row, t.tons)
        rolls: dict[str, int] = {}
        stuck = False
        for leg in cost.legs:  # in path order: dice only for ground the move actually reaches (BR-189)
            col = leg.column
            if leg.rate is None or not leg.rate.random or leg.length <= 1e-9 or col in rolls:
                continue
            best = {c: rolls.get(c, 6) for c in cost.random_columns}
            if cost.reach(best, budget).inches <= leg.start + 1e-9:
                break  # the move ends before this ground even at the best throw for it
            ruling = self.roll("brigade/move-distance", {"troops": row, "terrain": col, "half_move": budget < 1},
                               self.own(i), head=f"{self.tag(i)}: movement dice")
            rolls[col] = int(ruling.dice[0].faces[0])
            if ruling.result == "stuck":
                stuck = True
        reach = cost.reach(rolls, budget)
        end = self.keep_off(i, start, reach.point)
        stopped = end != reach.point
        avoided = ""
        if not deliberate and self.ctx.minefields:
            end, avoided = self.avoid_known_fields(i, start, end)
        end = pt(end)
        moved = geo.distance(start, end)
        heading = u.facing if moved < 1e-6 else math.degrees(math.atan2(end[0] - start[0], end[1] - start[1])) % 360
        # seed 003 "MINES": checks entering and leaving along the path (BR-140 ... BR-142)
        end, outcome = self.cross_mines(i, start, end)
        if outcome == "gone":
            return
        moved = geo.distance(start, end)
        if outcome == "stuck":
            stuck = True
        if t.kind == "vehicle" and moved > 0 and not stuck and any(leg.bog_check for leg in cost.legs):
            ruling = self.roll("terrain-mines/bog-down", {"unit": movement_table.unit_of(row)}, self.own(i),
                               head=f"{self.tag(i)}: moving in soft ground")
            if ruling.result == "bogged down":
                stuck = True
        highest = cost.reach({c: 6 for c in cost.random_columns}, 1.0).inches
        in_close = close and t.kind in ("infantry", "cavalry") and moved >= 0.5 * highest - 1e-9 and moved > 0
        u = self.units[i]  # the mines may have killed figures on the way
        if not u.on:
            return
        n = len(u.figs) - u.holders  # horse holders stay with the horses (BR-162)
        spacing = CLOSE_SPACING if close else FORMATION_SPACING
        figs = formation(end, n, heading, spacing) if n > 1 else (end,)
        figs = tuple((min(max(x, 0.0), ctx.width), min(max(y, 0.0), ctx.depth)) for x, y in figs) + u.horse_lines
        self.set(i, figs=figs, facing=round(heading, 1), moved=self.move, moved_in=round(moved, 2), close=in_close,
                 stuck=u.stuck or stuck, halves=min(2, u.halves + (1 if budget < 1 else 2)) if t.kind == "vehicle"
                 else u.halves)
        self.touched.add(i)
        for r in self.riders(i):  # the riders go with their vehicle (BR-170)
            self.set(r, figs=(end,) * len(self.units[r].figs), moved=self.move, facing=round(heading, 1))
        self.refresh([i])
        extra = "" if reach.reason == "reaches the end of the path" else f" ({reach.reason})"
        self.say(f"{self.tag(i)} {words}: {moved:.1f}\" to ({end[0]:g}, {end[1]:g}){extra}"
                 + (" in close order" if in_close else "") + (" and is stuck for the rest of the game" if stuck else "")
                 + ".", self.sides_seeing(i))
        if avoided:
            self.say(f"{self.tag(i)} halts at the edge of minefield '{avoided}', which its side knows (BR-176).",
                     self.own(i))
        if stopped and self.units[i].on:
            self.contact(i)

    def contact(self: Board, i: int) -> None:
        """A move stopped 1" short of enemy figures (BR-190) finds the units they belong to: one its side had not
        detected is spotted by the mover, and both sides are told (BR-205). Without this the stop itself, a
        fraction of an inch, would tell the side where an enemy it cannot see stands."""
        ctx = self.ctx
        side = ctx.side_of[i]
        at = self.units[i].anchor()
        near = [k for k, v in enumerate(self.units) if v.on and v.aboard < 0 and ctx.side_of[k] != side
                and any(geo.distance(at, f) <= KEEP_OFF + 1e-3 for f in v.figs)]
        if not near:
            return
        known = self.known(side)
        for k in near:
            if k in known:
                continue
            self.pairs[(i, k)] = (SPOTTED, self.move)
            self.say(f"{self.tag(i)} halts 1\" short of {self.tag(k)}, an enemy unit its side had not detected, "
                     "and spots it (BR-205).", self.own(i))
            self.say(f"{self.tag(k)} is found: {self.tag(i)} halts 1\" short of it and spots it (BR-205).",
                     (ctx.side_of[k],))

    def keep_off(self: Board, i: int, start: Coord, end: Coord) -> Coord:
        """Stop a move where it would come within 1" of an enemy figure (centre to centre: bases never touch, no
        close combat; BR-120 as amended by BR-190). A unit already nearer may not close further."""
        enemy = self.ctx.enemy(self.ctx.side_of[i])
        pts = [f for k, v in enumerate(self.units) if v.on and self.ctx.side_of[k] == enemy for f in v.figs]
        if not pts or _segment_clear(start, end, pts, KEEP_OFF):
            return end  # no enemy figure within 1" of the path: nothing to stop short of
        return _stop_short(start, end, pts, KEEP_OFF)

    def cross_mines(self: Board, i: int, start: Coord, end: Coord) -> tuple[Coord, str]:
        """Seed 003 "MINES": a check on entering and one on leaving each field the path crosses; an
        immobilised vehicle stops in the field (BR-141)."""
        ctx = self.ctx
        if not ctx.minefields:
            return end, ""
        t = self.t(i)
        inside = set(self.units[i].mines)
        events: list[tuple[float, int, str]] = []
        for k, (x0, y0, x1, y1) in enumerate(ctx.mine_boxes):
            span = clip_segment(start, end, (x0, y0, x1, y1))
            if span is None:
                if k in inside:
                    events.append((0.0, k, "leaving"))
                continue
            t0, t1 = span
            if (k not in inside and t0 > 0) or (k not in inside and t0 == 0):
                events.append((t0, k, "entering"))
            if t1 < 1.0:
                events.append((t1, k, "leaving"))
        if not events:
            return end, ""
        events.sort()
        outcome = ""
        final = end
        for f, k, check in events:
            m = ctx.minefields[k]
            at = (start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            enemy_side = self.ctx.enemy(m.owner)
            s_idx = ctx.sides.index(enemy_side)
            sides = (m.owner, enemy_side)
            if m.owner != ctx.side_of[i] and k not in self.revealed[s_idx]:
                self.revealed[s_idx].add(k)
            head = f"{self.tag(i)} {check} minefield '{m.name}'"
            if t.kind == "vehicle":
                target = "soft" if t.protection == "soft_skin" else "afv"
                result = ""
                if m.kind in ("at", "mixed"):
                    r = self.roll("terrain-mines/at-mine", {"target": target, "tons": t.tons, "check": check,
                                                            "density": m.density}, sides, head=head)
                    result = r.result
                if m.kind in ("ap", "mixed") and not result.startswith(("K", "I")):
                    r = self.roll("terrain-mines/ap-mine-vehicle", {"target": target, "tons": t.tons,
                                                                    "check": check, "density": m.density}, sides,
                                  head=head)
                    result = "I" if r.result == "immobilised" else result
                if m.kind in ("ap", "mixed") and target == "soft":
                    self.riders_hit_by_ap(i, check, m.density, sides, at)
                if result.startswith("K"):
                    self.set(i, figs=(pt(at),))
                    for rider in self.riders(i):
                        self.set(rider, figs=(pt(at),) * len(self.units[rider].figs))
                    self.remove(i, "destroyed", cause="mine")
                    return pt(at), "gone"
                if result.startswith("I"):
                    final, outcome = pt(at), "stuck"
                    inside.add(k)
                    if target == "soft":
                        self.riders_shaken(i, sides)
                    break
            elif m.kind in ("ap", "mixed"):
                r = self.roll("brigade/ap-mine-troops", {"check": check, "density": m.density,
                                                         "pinned": self.units[i].pinned}, sides, head=head)
                if r.result == "1 figure killed":
                    self.kill(i, 1, at)
                    if not self.units[i].on:
                        return pt(at), "gone"
            if check == "entering":
                inside.add(k)
            else:
                inside.discard(k)
        self.set(i, mines=tuple(sorted(inside)))
        return final, outcome

    def after_advance(self: Board, i: int) -> None:
        if self.units[i].on and self.s._can_fire(i, True):
            self.pending = ("after_advance", i)
            self.selected = i
        else:
            self.done(i, "B")


def _segment_clear(a: Coord, b: Coord, points: Sequence[Coord], gap: float) -> bool:
    """Whether every point is at least ``gap`` from the segment a-b (a cheap exact test before sampling)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    for x, y in points:
        px, py = x - a[0], y - a[1]
        t = 0.0 if n2 <= 0 else min(1.0, max(0.0, (px * dx + py * dy) / n2))
        ex, ey = px - t * dx, py - t * dy
        if ex * ex + ey * ey < gap * gap + 1e-6:
            return False
    return True


def _stop_short(a: Coord, b: Coord, points: Sequence[Coord], gap: float) -> Coord:
    """The farthest point along a-b before the path first comes nearer than ``gap`` to one of ``points``
    (worked out exactly: where the path meets the circle of radius ``gap`` round each point); from a start
    already nearer than ``gap`` to a point, the path may not close on it at all."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    if n2 <= 1e-12:
        return a
    limit = 1.0
    for x, y in points:
        px, py = a[0] - x, a[1] - y
        half_b = px * dx + py * dy  # half the linear term of |a - p + t (b - a)|^2 = gap^2
        c = px * px + py * py - gap * gap
        if c < 0:
            if half_b < 0:
                limit = 0.0  # already nearer than gap, and the move closes on it
            continue
        disc = half_b * half_b - n2 * c
        if disc < 0 or half_b >= 0:
            continue  # the path never comes within gap, or moves away from the point
        t = (-half_b - math.sqrt(disc)) / n2
        limit = min(limit, max(0.0, t))
    return (a[0] + dx * limit, a[1] + dy * limit)

