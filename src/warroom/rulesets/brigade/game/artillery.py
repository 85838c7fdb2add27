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
from warroom.rulesets.brigade.game.common import WALK_INCHES, Coord, Mission, killed_of, pt
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

    def call(self: Board, c: int, k: int, e: int) -> None:
        """Phase 3: an observer or battalion HQ calls an on-table mortar section or gun of its side onto an enemy it
        detects: a marker on the enemy's centre, the fire arriving in phase 4 of the side's next move, diced for
        deviation then as on-table fire ("Fire called down by an observer or other unit arrives after a delay of one
        period", Timing; "Unit commanders calling on supporting artillery or mortars", Mortar and indirect
        artillery Fire; BR-192)."""
        aim = self.units[e].anchor()
        self.missions.append(Mission(-1, c, aim, self.move + 2, unit=k))
        self.say(f"{self.tag(c)} calls the fire of {self.tag(k)} on {self.tag(e)} at ({aim[0]:g}, {aim[1]:g}): a "
                 "marker is placed; the fire arrives next period (Timing; BR-192).", self.own(c))

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
        m = next(m for m in self.missions if ctx.mission_id(m) == a.battery)
        assert m.landed is not None
        side = ctx.mission_side(m)
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
        self.missions = [x for x in self.missions if x is not m]
        self.missions.append(Mission(m.battery, m.caller, aim, self.move, aim, unit=m.unit))

    def arrivals(self: Board) -> None:
        ctx = self.ctx
        side = ctx.side_moving(self.move)
        due = [m for m in self.missions if ctx.mission_side(m) == side and m.due == self.move]
        if not due:
            return
        groups: dict[tuple[Any, ...], list[Mission]] = {}
        rest = [m for m in self.missions if m not in due]
        view = self.view()
        for m in due:
            if m.unit >= 0:  # called on-table fire (BR-192): the unit must still be able to fire indirect
                fire = view._indirect_class(m.unit) if self.units[m.unit].on and self.units[m.unit].aboard < 0 \
                    else None
                if fire is None:
                    self.say(f"The fire called from {self.tag(m.unit)} does not come down: it can no longer fire "
                             "indirect (BR-192).", (side,))
                    continue
            else:
                fire = ctx.batteries[m.battery].fire
            groups.setdefault((m.aim, fire, m.landed is not None, m.registered, m.unit >= 0), []).append(m)
        for (aim, fire, walked, registered, on_table), ms in groups.items():
            caller = ms[0].caller
            origin = self.units[caller].anchor() if self.units[caller].on else aim
            # an on-table unit is named by its tag, so a side that has not detected it reads "an unseen enemy unit"
            names = ", ".join(self.tag(m.unit) if m.unit >= 0 else ctx.mission_id(m) for m in ms)
            what = "On-table fire called by an observer or HQ" if on_table else "Off table fire"
            for m in ms:
                if m.unit >= 0:  # it fires in phase 4: it may not move or fire in phase 5 (Moving and Firing)
                    self.set(m.unit, indirect=True, fired=self.move, order="4")
                    self.touched.add(m.unit)
            if walked:
                landed: Coord | None = aim
                self.say(f"{what}: {names} ({fire}) comes down again at ({aim[0]:g}, {aim[1]:g}).")
            else:
                landed = self.deviate(fire, len(ms), aim, origin, called=True, on_table=on_table,
                                      registered=registered,
                                      head=f"{what}: {names} arrives on the marker at ({aim[0]:g}, {aim[1]:g})")
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
        return pt((x, y))

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
            self.kill(i, killed_of(r.result.partition(", ")[2]), at, among=inside)
            self.touched.add(i)

    def bombard(self: Board, i: int, e: int | None, feature: str = "") -> None:
        """Phase 4: on-table indirect fire at an enemy unit ``e`` the firer sees, or at a terrain ``feature``'s
        centre (BR-153, BR-178): it arrives at once and is diced as on-table fire."""
        fire = self.view()._indirect_class(i)
        assert fire is not None
        u = self.units[i]
        last = u.fall[0] if u.fall and u.fired == self.move - 2 else None  # where it landed last move
        self.set(i, indirect=True, fired=self.move, order="4")
        self.touched.add(i)
        aim = self.units[e].anchor() if e is not None else self.ctx.area_aim[feature]
        here = u.anchor()
        what = f"{self.tag(e)}, which it can see" if e is not None else f"{feature}, a feature it can see (BR-178)"
        head = f"{self.tag(i)} fires indirect at {what}: it arrives at once (Timing)"
        landed: Coord | None = None
        if last is not None and geo.distance(last, aim) <= WALK_INCHES + 1e-9:
            # "artillery and mortar batteries firing over open sights can 'walk' fire 2\" a move without dicing
            # again for accuracy" if they see where it landed and where it goes (BR-80, BR-192)
            dist = geo.distance(last, aim)
            sees_last = self.ctx.sight(here, self.ctx.body(i, u), last, "infantry")[0]
            r = self.roll("brigade/walk-fire", {"caller": "open_sights", "distance": math.ceil(dist - 1e-9),
                                                "sees_last": sees_last},
                          head=f"{head}; it walks its fire {dist:.1f}\" from where it landed last move")
            if r.result.startswith("walked"):
                landed = aim
                self.say(f"The fire comes down at ({aim[0]:g}, {aim[1]:g}) without new deviation dice.")
        if landed is None:
            landed = self.deviate(fire, 1, aim, here, called=False, on_table=True, head=head)
        self.set(i, fall=(landed,) if landed is not None else ())
        if landed is not None:
            self.zone_effect(fire, 1, landed, here)
        self.refresh([i])
