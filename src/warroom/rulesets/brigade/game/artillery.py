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
from warroom.rulesets.brigade.game.actions import Bombard, BombardFeature, Call, Continue, Request, RequestPoint, Walk
from warroom.rulesets.brigade.game.common import WALK_INCHES, Coord, Mission, killed_of, pt
from warroom.rulesets.brigade.game.consequences import kill, never_pinned, pin, refresh, remove
from warroom.rulesets.brigade.game.effects import Builder


def request(b: Builder, a: Request) -> None:
    """Phase 3: a request by an observer or battalion HQ on an enemy it detects (BR-151)."""
    ctx = b.ctx
    c, k, e = ctx.index[a.caller], ctx.battery_index[a.battery], ctx.index[a.target]
    aim = b.units[e].anchor()
    side = ctx.side_of[c]
    point = registered_point(b, side, ctx.batteries[k].fire, aim)
    if point is not None:
        aim = point.at
    b.missions.append(Mission(k, c, aim, b.move + 2, registered=point is not None))
    b.say(f"{b.tag(c)} requests {ctx.batteries[k].id} ({ctx.batteries[k].name or ctx.batteries[k].fire}) "
          f"on {b.tag(e)} at ({aim[0]:g}, {aim[1]:g})"
          + (f", its pre registered defensive aiming point '{point.name}'" if point is not None else "")
          + ": a marker is placed; the fire arrives next period (Timing).", (side,))


def request_point(b: Builder, a: RequestPoint) -> None:
    """Phase 3: a request by an observer or battalion HQ for an artillery battery on one of its side's pre
    registered defensive aiming points, whether or not an enemy is detected there: the marker goes on the point,
    and the fire arrives next period with -2 to its deviation ("Deduct 2 if the fire is artillery being brought
    down on a pre registered defensive aiming point"; "Timing"; BR-177, BR-184, BR-185)."""
    ctx = b.ctx
    c, k, name = ctx.index[a.caller], ctx.battery_index[a.battery], a.point
    side = ctx.side_of[c]
    point = next(p for p in ctx.aiming_points if p.side == side and p.name == name)
    aim = point.at
    b.missions.append(Mission(k, c, aim, b.move + 2, registered=True))
    battery = ctx.batteries[k]
    b.say(f"{b.tag(c)} requests {battery.id} ({battery.name or battery.fire}) on its pre registered defensive aiming "
          f"point '{name}' at ({aim[0]:g}, {aim[1]:g}): defensive fire, a marker is placed; the fire arrives next "
          "period, -2 to its deviation (Timing; BR-184).", (side,))


def call(b: Builder, a: Call) -> None:
    """Phase 3: an observer or battalion HQ calls an on-table mortar section or gun of its side onto an enemy it
    detects: a marker on the enemy's centre, the fire arriving in phase 4 of the side's next move, diced for
    deviation then as on-table fire ("Fire called down by an observer or other unit arrives after a delay of one
    period", Timing; "Unit commanders calling on supporting artillery or mortars", Mortar and indirect
    artillery Fire; BR-192)."""
    c, k, e = b.ctx.index[a.caller], b.ctx.index[a.unit], b.ctx.index[a.target]
    aim = b.units[e].anchor()
    b.missions.append(Mission(-1, c, aim, b.move + 2, unit=k))
    b.say(f"{b.tag(c)} calls the fire of {b.tag(k)} on {b.tag(e)} at ({aim[0]:g}, {aim[1]:g}): a "
          "marker is placed; the fire arrives next period (Timing; BR-192).", b.own(c))


def registered_point(b: Builder, side: str, fire: str, target: Coord) -> Any:
    """The side's pre registered defensive aiming point whose fire zone would cover ``target`` (within half
    the zone's width of it), if any: artillery called there comes down on the point, -2 to its deviation;
    mortars get no deduction ("Mortar and indirect artillery Fire"; BR-177)."""
    firer = INDIRECT.firers[fire]  # type: ignore[index]
    if firer.mortar:
        return None
    near = [(geo.distance(p.at, target), n, p) for n, p in enumerate(b.ctx.aiming_points)
            if p.side == side and geo.distance(p.at, target) <= firer.zone / 2]
    return min(near)[2] if near else None


def keep_fire(b: Builder, a: Continue | Walk) -> None:
    """Phase 3: a battery's fire (or a called unit's) that came down last move is kept on where it landed, or an
    observer walks it onto an enemy it detects (BR-80, BR-152, BR-188)."""
    ctx = b.ctx
    m = next(m for m in b.missions if ctx.mission_id(m) == a.battery)
    assert m.landed is not None
    side = ctx.mission_side(m)
    if isinstance(a, Walk):
        e = ctx.index[a.target]
        new = b.units[e].anchor()
        dist = geo.distance(m.landed, new)
        r = b.roll("brigade/walk-fire", {"caller": "observer", "distance": math.ceil(dist - 1e-9)}, (side,),
                   head=f"{b.tag(m.caller)} walks the fire of {a.battery} {dist:.1f}\" onto {b.tag(e)}")
        aim = new if r.result.startswith("walked") else m.landed
    else:
        aim = m.landed
        b.say(f"{b.tag(m.caller)} keeps {a.battery} firing where it landed.", (side,))
    b.missions = [x for x in b.missions if x is not m]
    b.missions.append(Mission(m.battery, m.caller, aim, b.move, aim, unit=m.unit))


def arrivals(b: Builder) -> None:
    """Phase 4: the side's fire due this move comes down, each group on one marker together: off-table fire and
    called on-table fire are diced for deviation (walked fire comes down where it was walked), then the zone's
    effect (Timing, BR-150 ... BR-153, BR-192)."""
    ctx = b.ctx
    side = ctx.side_moving(b.move)
    due = [m for m in b.missions if ctx.mission_side(m) == side and m.due == b.move]
    if not due:
        return
    groups: dict[tuple[Any, ...], list[Mission]] = {}
    rest = [m for m in b.missions if m not in due]
    view = b.view()
    for m in due:
        if m.unit >= 0:  # called on-table fire (BR-192): the unit must still be able to fire indirect
            fire = view.indirect_class(m.unit) if b.units[m.unit].on and b.units[m.unit].aboard < 0 \
                else None
            if fire is None:
                b.say(f"The fire called from {b.tag(m.unit)} does not come down: it can no longer fire "
                      "indirect (BR-192).", (side,))
                continue
        else:
            fire = ctx.batteries[m.battery].fire
        groups.setdefault((m.aim, fire, m.landed is not None, m.registered, m.unit >= 0), []).append(m)
    for (aim, fire, walked, registered, on_table), ms in groups.items():
        caller = ms[0].caller
        origin = b.units[caller].anchor() if b.units[caller].on else aim
        # an on-table unit is named by its tag, so a side that has not detected it reads "an unseen enemy unit"
        names = ", ".join(b.tag(m.unit) if m.unit >= 0 else ctx.mission_id(m) for m in ms)
        what = "On-table fire called by an observer or HQ" if on_table else "Off table fire"
        for m in ms:
            if m.unit >= 0:  # it fires in phase 4: it may not move or fire in phase 5 (Moving and Firing)
                b.set(m.unit, indirect=True, fired=b.move, order="4")
                b.touched.add(m.unit)
        if walked:
            landed: Coord | None = aim
            b.say(f"{what}: {names} ({fire}) comes down again at ({aim[0]:g}, {aim[1]:g}).")
        else:
            landed = deviate(b, fire, len(ms), aim, origin, called=True, on_table=on_table,
                             registered=registered,
                             head=f"{what}: {names} arrives on the marker at ({aim[0]:g}, {aim[1]:g})")
        if landed is not None:
            zone_effect(b, fire, len(ms), landed, origin)
            rest += [replace(m, landed=landed, aim=landed) for m in ms if b.units[m.caller].on]
        if b.result is not None:
            break
    b.missions = rest


def deviate(b: Builder, fire: str, batteries: int, aim: Coord, origin: Coord, called: bool, on_table: bool,
            head: str, registered: bool = False) -> Coord | None:
    """Where fire aimed at ``aim`` lands: the deviation dice, short, long, left or right of the line from
    ``origin`` (BR-78, BR-79, BR-177); None when it does not arrive."""
    nation = b.ctx.nation[b.ctx.side_moving(b.move)]
    params: dict[str, Any] = {"firer": fire, "nation": nation, "on_table": on_table, "batteries": batteries,
                              "called": called}
    if registered:
        params["pre_registered"] = True
    r = b.roll("brigade/indirect-deviation", params, head=head)
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
    x = min(max(aim[0] + vec[0] * d, 0.0), b.ctx.width)
    y = min(max(aim[1] + vec[1] * d, 0.0), b.ctx.depth)
    b.say(f"The fire lands at ({x:.1f}, {y:.1f}).")
    return pt((x, y))


def zone_effect(b: Builder, fire: str, batteries: int, at: Coord, origin: Coord) -> None:
    """Everything with figures in the zone: breaching, pins and saves by indirect-fire-effect (BR-81 ...)."""
    ctx = b.ctx
    depth = INDIRECT.firers[fire].zone  # type: ignore[index]
    width = depth + INDIRECT.zone.width_per_extra_battery * (batteries - 1)
    dx, dy = at[0] - origin[0], at[1] - origin[1]
    n = math.hypot(dx, dy)
    ux, uy = (dx / n, dy / n) if n > 1e-6 else (0.0, 1.0)
    b.say(f"Fire zone {depth}\" deep by {width}\" wide centred on ({at[0]:g}, {at[1]:g}).")
    for i in range(len(b.units)):
        u = b.units[i]
        if not u.on or u.aboard >= 0:  # riders share their vehicle's fate (BR-172)
            continue
        inside = [k for k, (x, y) in enumerate(u.figs)
                  if abs((x - at[0]) * ux + (y - at[1]) * uy) <= depth / 2 + 1e-9
                  and abs(-(x - at[0]) * uy + (y - at[1]) * ux) <= width / 2 + 1e-9]
        if not inside:
            continue
        t = b.t(i)
        head = f"{b.tag(i)} is in the fire zone ({len(inside)} of its figures)"
        if t.kind == "vehicle":
            target = {"soft_skin": "soft_skin", "open_top": "open_top", "enclosed": "enclosed"}[t.protection or
                                                                                               "enclosed"]
            r = b.roll("brigade/indirect-fire-effect", {"firer": fire, "batteries": batteries,
                                                        "target": target}, head=head)
            if r.result == "destroyed":
                remove(b, i, "destroyed")
            else:
                pin(b, i)
            continue
        cover = ctx.cover(u.anchor(), ctx.body(i, b.units[i]), at)
        breach = cover.breach if cover.save == "hard" and cover.breach else "none"
        r = b.roll("brigade/indirect-fire-effect", {
            "firer": fire, "batteries": batteries, "figures": min(len(inside), 12), "cover": cover.save,
            "breach": breach, "never_pinned": never_pinned(b, i)}, head=head)
        if r.result.startswith("pinned"):
            pin(b, i)
        kill(b, i, killed_of(r.result.partition(", ")[2]), at, among=inside)
        b.touched.add(i)


def bombard(b: Builder, i: int, e: int | None, feature: str = "") -> None:
    """Phase 4: on-table indirect fire at an enemy unit ``e`` the firer sees, or at a terrain ``feature``'s
    centre (BR-153, BR-178): it arrives at once and is diced as on-table fire."""
    fire = b.view().indirect_class(i)
    assert fire is not None
    u = b.units[i]
    last = u.fall[0] if u.fall and u.fired == b.move - 2 else None  # where it landed last move
    b.set(i, indirect=True, fired=b.move, order="4")
    b.touched.add(i)
    aim = b.units[e].anchor() if e is not None else b.ctx.area_aim[feature]
    here = u.anchor()
    what = f"{b.tag(e)}, which it can see" if e is not None else f"{feature}, a feature it can see (BR-178)"
    head = f"{b.tag(i)} fires indirect at {what}: it arrives at once (Timing)"
    landed: Coord | None = None
    if last is not None and geo.distance(last, aim) <= WALK_INCHES + 1e-9:
        # "artillery and mortar batteries firing over open sights can 'walk' fire 2\" a move without dicing
        # again for accuracy" if they see where it landed and where it goes (BR-80, BR-192)
        dist = geo.distance(last, aim)
        sees_last = b.ctx.sight(here, b.ctx.body(i, u), last, "infantry")[0]
        r = b.roll("brigade/walk-fire", {"caller": "open_sights", "distance": math.ceil(dist - 1e-9),
                                         "sees_last": sees_last},
                   head=f"{head}; it walks its fire {dist:.1f}\" from where it landed last move")
        if r.result.startswith("walked"):
            landed = aim
            b.say(f"The fire comes down at ({aim[0]:g}, {aim[1]:g}) without new deviation dice.")
    if landed is None:
        landed = deviate(b, fire, 1, aim, here, called=False, on_table=True, head=head)
    b.set(i, fall=(landed,) if landed is not None else ())
    if landed is not None:
        zone_effect(b, fire, 1, landed, here)
    refresh(b, [i])


def do_bombard(b: Builder, a: Bombard) -> None:
    """Phase 4: on-table indirect fire at an enemy unit the firer sees (BR-153)."""
    bombard(b, b.ctx.index[a.unit], b.ctx.index[a.target])


def do_bombard_feature(b: Builder, a: BombardFeature) -> None:
    """Phase 4: on-table indirect fire at the centre of a terrain feature the firer sees (BR-178)."""
    bombard(b, b.ctx.index[a.unit], None, a.feature)
