"""Artillery in the Brigade game: requests, arrivals, deviation and the fire zone, on-table
indirect fire.

Seed 004 "Mortar and indirect artillery Fire", "Timing", "Effect of indirect fire" (BR-78 ... BR-86, BR-150 ...
BR-153): off-table fire requested in phase 3 by an observer or HQ that has detected the target, arriving a move
later, continued or walked onto a new target; pre registered aiming points (BR-177, BR-184, BR-185); on-table
indirect fire in phase 4 at a unit or a terrain feature the firer sees (BR-178); the deviation and the fire zone.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.f_tables import INDIRECT
from warroom.rulesets.brigade.game.actions import Continue, Walk
from warroom.rulesets.brigade.game.common import Coord, Mission, _killed, _pt
from warroom.rulesets.brigade.game.effects import Board


class Artillery:
    """Artillery in the Brigade game: requests, arrivals, deviation and the fire zone, on-table"""

    def request(self: Board, c: int, k: int, e: int) -> None:
        """Phase 3: a request by an observer or battalion HQ on an enemy it detects (BR-151)."""
        ctx = self.ctx
        aim = self.units[e].anchor()
        side = ctx.side_of[c]
        point = self.registered_point(side, ctx.batteries[k].fire, aim)
        if point is not None:
            aim = point.at
        self.missions.append(Mission(k, c, aim, self.move + 2, registered=point is not None))
        self.say(f"{self.tag(c)} requests {ctx.batteries[k].id} ({ctx.batteries[k].name or ctx.batteries[k].fire}) "
                 f"on {self.tag(e)} at ({aim[0]:g}, {aim[1]:g})"
                 + (f", its pre registered defensive aiming point '{point.name}'" if point is not None else "")
                 + ": a marker is placed; the fire arrives next period (Timing).", (side,))

    def request_point(self: Board, c: int, k: int, name: str) -> None:
        """Phase 3: a request by an observer or battalion HQ for an artillery battery on one of its side's pre
        registered defensive aiming points, whether or not an enemy is detected there: the marker goes on the point,
        and the fire arrives next period with -2 to its deviation ("Deduct 2 if the fire is artillery being brought
        down on a pre registered defensive aiming point"; "Timing"; BR-177, BR-184, BR-185)."""
        ctx = self.ctx
        side = ctx.side_of[c]
        point = next(p for p in ctx.aiming_points if p.side == side and p.name == name)
        aim = point.at
        self.missions.append(Mission(k, c, aim, self.move + 2, registered=True))
        b = ctx.batteries[k]
        self.say(f"{self.tag(c)} requests {b.id} ({b.name or b.fire}) on its pre registered defensive aiming point "
                 f"'{name}' at ({aim[0]:g}, {aim[1]:g}): defensive fire, a marker is placed; the fire arrives next "
                 "period, -2 to its deviation (Timing; BR-184).", (side,))

    def registered_point(self: Board, side: str, fire: str, target: Coord) -> Any:
        """The side's pre registered defensive aiming point whose fire zone would cover ``target`` (within half
        the zone's width of it), if any: artillery called there comes down on the point, -2 to its deviation;
        mortars get no deduction ("Mortar and indirect artillery Fire"; BR-177)."""
        firer = INDIRECT.firers[fire]  # type: ignore[index]
        if firer.mortar:
            return None
        near = [(geo.distance(p.at, target), n, p) for n, p in enumerate(self.ctx.aiming_points)
                if p.side == side and geo.distance(p.at, target) <= firer.zone / 2]
        return min(near)[2] if near else None

    def keep_fire(self: Board, a: Continue | Walk) -> None:
        ctx = self.ctx
        k = ctx.battery_index[a.battery]
        m = next(m for m in self.missions if m.battery == k)
        assert m.landed is not None
        side = ctx.batteries[k].side
        if isinstance(a, Walk):
            e = ctx.index[a.target]
            new = self.units[e].anchor()
            dist = geo.distance(m.landed, new)
            r = self.roll("brigade/walk-fire", {"caller": "observer", "distance": math.ceil(dist - 1e-9)}, (side,),
                          head=f"{self.tag(m.caller)} walks the fire of {a.battery} {dist:.1f}\" onto {self.tag(e)}")
            aim = new if r.result.startswith("walked") else m.landed
        else:
            aim = m.landed
            self.say(f"{self.tag(m.caller)} keeps {a.battery} firing where it landed.", (side,))
        self.missions = [x for x in self.missions if x.battery != k]
        self.missions.append(Mission(k, m.caller, aim, self.move, aim))

    def arrivals(self: Board) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        due = [m for m in self.missions if ctx.batteries[m.battery].side == side and m.due == self.move]
        if not due:
            return
        groups: dict[tuple[Any, ...], list[Mission]] = {}
        for m in due:
            groups.setdefault((m.aim, ctx.batteries[m.battery].fire, m.landed is not None, m.registered),
                              []).append(m)
        rest = [m for m in self.missions if m not in due]
        for (aim, fire, walked, registered), ms in groups.items():
            caller = ms[0].caller
            origin = self.units[caller].anchor() if self.units[caller].on else aim
            names = ", ".join(ctx.batteries[m.battery].id for m in ms)
            if walked:
                landed: Coord | None = aim
                self.say(f"Off table fire: {names} ({fire}) comes down again at ({aim[0]:g}, {aim[1]:g}).")
            else:
                landed = self.deviate(fire, len(ms), aim, origin, called=True, on_table=False, registered=registered,
                                      head=f"Off table fire: {names} arrives on the marker at ({aim[0]:g}, "
                                           f"{aim[1]:g})")
            if landed is not None:
                self.zone_effect(fire, len(ms), landed, origin)
                rest += [replace(m, landed=landed, aim=landed) for m in ms if self.units[m.caller].on]
            if self.result is not None:
                break
        self.missions = rest

    def deviate(self: Board, fire: str, batteries: int, aim: Coord, origin: Coord, called: bool, on_table: bool,
                head: str, registered: bool = False) -> Coord | None:
        nation = self.ctx.nation[self.ctx.side_moving(self.move)]
        params: dict[str, Any] = {"firer": fire, "nation": nation, "on_table": on_table, "batteries": batteries,
                                  "called": called}
        if registered:
            params["pre_registered"] = True
        r = self.roll("brigade/indirect-deviation", params, head=head)
        if r.result == "does not arrive":
            return None
        if r.result == "on target":
            return aim
        off, _, way = r.result.partition("\" ")
        d = float(off)
        dx, dy = aim[0] - origin[0], aim[1] - origin[1]
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        vec = {"short": (-ux, -uy), "long": (ux, uy), "left": (-uy, ux), "right": (uy, -ux)}[way]
        x = min(max(aim[0] + vec[0] * d, 0.0), self.ctx.width)
        y = min(max(aim[1] + vec[1] * d, 0.0), self.ctx.depth)
        self.say(f"The fire lands at ({x:.1f}, {y:.1f}).")
        return _pt((x, y))

    def zone_effect(self: Board, fire: str, batteries: int, at: Coord, origin: Coord) -> None:
        """Everything with figures in the zone: breaching, pins and saves by indirect-fire-effect (BR-81 ...)."""
        ctx = self.ctx
        depth = INDIRECT.firers[fire].zone  # type: ignore[index]
        width = depth + INDIRECT.zone.width_per_extra_battery * (batteries - 1)
        dx, dy = at[0] - origin[0], at[1] - origin[1]
        n = math.hypot(dx, dy)
        ux, uy = (dx / n, dy / n) if n > 1e-6 else (0.0, 1.0)
        self.say(f"Fire zone {depth}\" deep by {width}\" wide centred on ({at[0]:g}, {at[1]:g}).")
        for i in range(len(self.units)):
            u = self.units[i]
            if not u.on or u.aboard >= 0:  # riders share their vehicle's fate (BR-172)
                continue
            inside = [k for k, (x, y) in enumerate(u.figs)
                      if abs((x - at[0]) * ux + (y - at[1]) * uy) <= depth / 2 + 1e-9
                      and abs(-(x - at[0]) * uy + (y - at[1]) * ux) <= width / 2 + 1e-9]
            if not inside:
                continue
            t = self.t(i)
            head = f"{self.tag(i)} is in the fire zone ({len(inside)} of its figures)"
            if t.kind == "vehicle":
                target = {"soft_skin": "soft_skin", "open_top": "open_top", "enclosed": "enclosed"}[t.protection or
                                                                                                   "enclosed"]
                r = self.roll("brigade/indirect-fire-effect", {"firer": fire, "batteries": batteries,
                                                               "target": target}, head=head)
                if r.result == "destroyed":
                    self.remove(i, "destroyed")
                else:
                    self.pin(i)
                continue
            cover = ctx.cover(u.anchor(), ctx.body(i, self.units[i]), at)
            breach = cover.breach if cover.save == "hard" and cover.breach else "none"
            r = self.roll("brigade/indirect-fire-effect", {
                "firer": fire, "batteries": batteries, "figures": min(len(inside), 12), "cover": cover.save,
                "breach": breach, "never_pinned": self.never_pinned(i)}, head=head)
            if r.result.startswith("pinned"):
                self.pin(i)
            self.kill(i, _killed(r.result.partition(", ")[2]), at, among=inside)
            self.touched.add(i)

    def bombard(self: Board, i: int, e: int | None, feature: str = "") -> None:
        """Phase 4: on-table indirect fire at an enemy unit ``e`` the firer sees, or at a terrain ``feature``'s
        centre (BR-153, BR-178): it arrives at once and is diced as on-table fire."""
        fire = self.view()._indirect_class(i)
        assert fire is not None
        self.set(i, indirect=True, fired=self.move, order="4")
        self.touched.add(i)
        aim = self.units[e].anchor() if e is not None else self.ctx.area_aim[feature]
        here = self.units[i].anchor()
        what = f"{self.tag(e)}, which it can see" if e is not None else f"{feature}, a feature it can see (BR-178)"
        landed = self.deviate(fire, 1, aim, here, called=False, on_table=True,
                              head=f"{self.tag(i)} fires indirect at {what}: it arrives at once (Timing)")
        if landed is not None:
            self.zone_effect(fire, 1, landed, here)
        self.refresh([i])
