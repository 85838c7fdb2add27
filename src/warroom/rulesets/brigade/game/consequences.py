"""What follows in the Brigade game from what the rule families do, shared by several of them.

The rule families (:mod:`.detection`, :mod:`.morale`, :mod:`.move`, :mod:`.fire`, :mod:`.artillery`,
:mod:`.transport`, :mod:`.mines`) never import one another; what more than one of them brings about is here, as
functions of the working copy (:class:`~.effects.Builder`):

- what each unit detects, kept current as units move, fire and fall (seed 004 "Detection", BR-110 ... BR-113:
  the detection table by the target's state, range and line of sight, held while the target stays in sight);
- figures killed nearest the fire first and the specialist last (BR-103), pins (mounted cavalry and units in
  close order are never pinned, BR-161), a company removed at two thirds dead (BR-52) and a unit leaving the
  table (seed 004 "Morale");
- riders and horse holders: troops riding a vehicle go where it goes (BR-170), escape when it is destroyed
  (BR-172) and take the mines it meets (TM-25, TM-27); horses lost with their holders (BR-163);
- a unit's move along its path with the movement dice (seed 004 "Movement": BR-5, BR-47, BR-105, BR-189), no
  nearer than 1" to an enemy figure (BR-120, BR-190, BR-205), halting at the minefields its side knows (BR-176),
  and the checks entering and leaving each field it crosses (seed 003 "MINES": BR-140 ... BR-142), bog-down in
  soft ground.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade import movement_table
from warroom.rulesets.brigade.f_tables import ANTI_TANK
from warroom.rulesets.brigade.game.common import (
    AWARE,
    CLASS_NAMES,
    CLOSE_SPACING,
    KEEP_OFF,
    SPOTTED,
    Coord,
    clip_segment,
    killed_of,
    max_inches,
    onto_table,
    pt,
    segment_clear,
    stop_short,
)
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.scenario import FORMATION_SPACING, formation
from warroom.rulesets.brigade.m_detection import detection_class
from warroom.rulesets.brigade.m_morale import removed_at

# what each unit detects (seed 004 "Detection") ----------------------------------------------------------


def _recent(b: Builder, i: int) -> bool:
    """Whether the unit moved or fired in its side's last move or since: it counts as moving or firing (BR-110)."""
    u = b.units[i]
    return u.moved >= b.move - 1 or u.fired >= b.move - 1


def _target_state(b: Builder, e: int, observer: Coord) -> str:
    """The detection table's column for target ``e`` seen from ``observer`` (BR-110, BR-194)."""
    u = b.units[e]
    cover = b.ctx.cover(u.anchor(), b.ctx.body(e, b.units[e]), observer)
    if _recent(b, e):
        if not cover.concealed:
            return "moving_or_firing_open"
        # within 1" of the edge of area cover, or anywhere in a building or works: a garrison fires from its
        # walls, windows and parapets (BR-110, BR-194)
        if u.fired >= b.move - 1 and u.moved < b.move - 1 and (cover.depth <= 1.0 or cover.breach):
            return "firing_from_cover_edge"
        return "in_cover"
    return "in_cover" if cover.concealed else "stationary_open"


def _row(b: Builder, e: int) -> str:
    """The detection table's row for a target: vehicles, heavy support weapons (guns) or infantry."""
    kind = b.t(e).kind
    return "vehicle" if kind == "vehicle" else "heavy_support" if kind == "gun" else "infantry"


def _fast(b: Builder, o: int) -> bool:
    """A vehicle that moved more than 6" lately observes as a fast-moving vehicle (the detection table's
    observer_fast_vehicle)."""
    u = b.units[o]
    return b.t(o).kind == "vehicle" and u.moved >= b.move - 1 and u.moved_in > 6.0


def _bound(b: Builder, e: int, fast: bool) -> float:
    """The farthest the target could be detected from, before looking at cover (a cheap filter)."""
    row, recent = _row(b, e), _recent(b, e)
    u = b.units[e]
    if b.ctx.concealed_here(u.anchor(), b.ctx.body(e, b.units[e])):
        fired_only = recent and u.fired >= b.move - 1 and u.moved < b.move - 1
        top = 50.0 if fired_only else 4.0
        return top / 2 if fast else top
    if row == "vehicle" and recent:
        return math.inf
    top = (75.0 if recent else 40.0) if row != "vehicle" else 100.0
    if row == "heavy_support" and recent:
        top = 75.0
    return top / 2 if fast else top


def _facts(b: Builder, i: int) -> tuple[Coord, str, str, bool, bool, bool]:
    """What detection needs of a unit, as observer or target: place, body, row, fast vehicle, recently
    moved or fired, fired without moving."""
    u = b.units[i]
    recent = _recent(b, i)
    return (u.anchor(), b.ctx.body(i, u), _row(b, i), _fast(b, i), recent,
            recent and u.fired >= b.move - 1 and u.moved < b.move - 1)


def _pair_class(b: Builder, o: int, e: int, held: int, here: Coord, there: Coord, fast: bool) -> int:
    """What observer ``o`` at ``here`` detects of enemy ``e`` at ``there`` (0 unseen, 1 aware, 2 spotted), having
    held ``held``: the detection table's row and column by range and line of sight."""
    d = geo.distance(here, there)
    if not held and d > _bound(b, e, fast):
        return 0
    if not b.ctx.sight(here, b.ctx.body(o, b.units[o]), there, b.ctx.body(e, b.units[e]))[0]:
        return 0
    state = _target_state(b, e, here)
    found = detection_class(_row(b, e), state, d, observer_fast_vehicle=fast, line_of_sight=True,
                            already=CLASS_NAMES.get(held, "unseen"))
    return {"spotted": SPOTTED, "aware": AWARE}.get(found, 0)


def refresh(b: Builder, only: Iterable[int] | None = None, seen: Iterable[int] = ()) -> None:
    """Recompute what each unit detects of the enemy: for pairs with a unit in ``only`` (all if None), and
    pairs in which a unit of ``seen`` is the target (only how it may be seen has changed)."""
    ctx = b.ctx
    which = set(range(len(b.units))) if only is None else set(only)
    units = b.units
    on = [i for i, u in enumerate(units) if u.on and u.aboard < 0]  # riders are inside their vehicle (BR-170)
    for (o, e) in list(b.pairs):
        if not (units[o].on and units[e].on and units[o].aboard < 0 and units[e].aboard < 0):
            del b.pairs[(o, e)]
    todo = {(o, e) for w in which if units[w].on and units[w].aboard < 0 for k in on
            if ctx.side_of[k] != ctx.side_of[w] for o, e in ((w, k), (k, w))}
    todo |= {(k, w) for w in seen if units[w].on and units[w].aboard < 0 for k in on
             if ctx.side_of[k] != ctx.side_of[w]}
    facts = {i: _facts(b, i) for i in {i for pair in todo for i in pair}}
    memo = ctx.detections
    for o, e in sorted(todo):
        old = b.pairs.get((o, e))
        held = old[0] if old else 0
        fo = facts[o]
        key = _key(fo, facts[e], held)
        cls = memo.get(key)
        if cls is None:
            cls = _pair_class(b, o, e, held, fo[0], key[2], fo[3])
            if len(memo) > 400_000:
                memo.clear()
            memo[key] = cls
        if cls:
            b.pairs[(o, e)] = (cls, old[1] if old else b.move)
        elif old:
            del b.pairs[(o, e)]
    b.touched.clear()


def _key(fo: tuple[Any, ...], fe: tuple[Any, ...], held: int) -> tuple[Any, ...]:
    """A detection's memo key from the observer's and the target's facts (:func:`_facts`) and what was
    held: (observer's place, body, target's place, body, row, observer fast, target recent, target fired only,
    held)."""
    return (fo[0], fo[1], fe[0], fe[1], fe[2], fo[3], fe[4], fe[5], held)


# losses (seed 004 "Morale") ------------------------------------------------------------------------------


def dead_figures(b: Builder, i: int) -> int:
    """The figures unit ``i`` has lost."""
    return b.t(i).n_figures - len(b.units[i].figs)


def pin(b: Builder, i: int) -> None:
    """A pin marker on unit ``i`` (Pin markers), if it is on the table and not pinned already."""
    if b.units[i].on and not b.units[i].pinned:
        b.set(i, pinned=True)


def never_pinned(b: Builder, i: int) -> bool:
    """Mounted cavalry and units advancing in close order are never pinned (Pin markers; dismounted cavalry
    fight as infantry and may be, BR-161)."""
    return (b.t(i).kind == "cavalry" and b.units[i].mounted) or b.units[i].close


def kill(b: Builder, i: int, n: int, near: Coord, among: Sequence[int] | None = None) -> None:
    """``n`` figures of unit ``i`` die: those nearest ``near`` (the fire's origin) first, the specialist
    last ("Representing 'specialist' weapons"; BR-103)."""
    if n <= 0 or not b.units[i].on:
        return
    u = b.units[i]
    t = b.t(i)
    if t.kind == "vehicle":
        remove(b, i, "destroyed")
        return
    fighting = len(u.figs) - u.holders
    pool = list(among) if among is not None else list(range(fighting))  # direct fire hits the fighting men
    pool.sort(key=lambda k: (u.roles[k] in ANTI_TANK.weapons, geo.distance(u.figs[k], near), k))
    gone = set(pool[:n])
    figs = tuple(f for k, f in enumerate(u.figs) if k not in gone)
    roles = tuple(r for k, r in enumerate(u.roles) if k not in gone)
    holders = sum(1 for k in range(fighting, len(u.figs)) if k not in gone)
    b.set(i, figs=figs, roles=roles, holders=holders)
    b.touched.add(i)
    if u.holders and figs:
        horses_under_fire(b, i, u.holders, fighting - sum(1 for k in gone if k < fighting))
    dead = dead_figures(b, i)
    if not figs:
        remove(b, i, "destroyed" if t.kind in ("support", "gun") else "removed")
        return
    if t.kind in ("infantry", "cavalry"):
        if dead >= removed_at(t.n_figures):
            b.roll("brigade/casualty-test", {
                "morale": b.ctx.units[i].morale, "figures": t.n_figures, "dead": dead,
                "dead_before": min(b.units[i].tested, dead - 1)},
                head=f"{b.tag(i)}: {dead} of {t.n_figures} dead")
            remove(b, i, "removed")
        elif _band(dead, t.n_figures) > _band(b.units[i].tested, t.n_figures):
            b.set(i, pending=True)


def remove(b: Builder, i: int, how: str, cause: str = "fire") -> None:
    """Unit ``i`` leaves the table (``how``: removed, destroyed); troops riding it escape (BR-172)."""
    if not b.units[i].on:
        return
    b.set(i, status=how, pinned=False, mines=(), aboard=-1)
    b.touched.add(i)
    b.say(f"{b.tag(i)} is {how} from the table." if how == "removed" else f"{b.tag(i)} is {how}.")
    for r in riders(b, i):
        escape(b, r, i, cause)
    b.missions = [m for m in b.missions if not (m.caller == i and m.landed is not None) and m.unit != i]
    if b.selected == i:
        b.selected = -1


def _band(dead: int, figures: int) -> int:
    """The casualty column reached: 0 none, 1 a third, 2 a half, 3 two thirds (BR-52)."""
    return 3 if 3 * dead >= 2 * figures else 2 if 2 * dead >= figures else 1 if 3 * dead >= figures else 0


# riders and horse holders (seed 004 "Entering / leaving vehicles", "Mounting and dismounting") -----------


def onto(b: Builder, p: Coord) -> Coord:
    """A point put on the table (onto its edge if off it), to the hundredth of an inch."""
    return pt(onto_table(b.ctx.width, b.ctx.depth, p))


def riders(b: Builder, c: int) -> list[int]:
    """The units riding in vehicle ``c``."""
    return [r for r, u in enumerate(b.units) if u.on and u.aboard == c]


def place_beside(b: Builder, i: int, c: int) -> None:
    """Put unit ``i`` on the ground in contact with vehicle ``c``: a line across the vehicle's facing, 1" behind
    it (BR-171); in a minefield, it is in the field (it checks on leaving, BR-141)."""
    cu = b.units[c]
    x, y = cu.anchor()
    rad = math.radians(cu.facing)
    at = onto(b, (x - math.sin(rad), y - math.cos(rad)))
    n = len(b.units[i].figs)
    figs = formation(at, n, cu.facing) if n > 1 else (at,)
    # on the ground inside a minefield they check on leaving it, as a unit that stopped there (BR-141)
    inside = tuple(k for k, (x0, y0, x1, y1) in enumerate(b.ctx.mine_boxes)
                   if x0 <= at[0] <= x1 and y0 <= at[1] <= y1)
    b.set(i, figs=tuple(onto(b, p) for p in figs), aboard=-1, moved=b.move,
          facing=cu.facing, mines=inside)


def escape(b: Builder, r: int, c: int, cause: str) -> None:
    """Troops riding vehicle ``c`` when it is destroyed (BR-172): by fire, each figure saves on 3+ ("Escaping
    from a destroyed vehicle") and the survivors are pinned beside the wreck ("Notes"); by an AT mine, the
    squad rolls as seed 003 says (an AFV: bail-out 01-25; a soft vehicle: survival on the Infantry Fire Table),
    and those who live are pinned beside the wreck."""
    ct = b.t(c)
    u = b.units[r]
    n = len(u.figs)
    place_beside(b, r, c)
    if cause == "mine":
        if ct.protection == "soft_skin":
            res = b.roll("terrain-mines/soft-vehicle-survival", {"vehicle": "soft", "vehicle_result": "killed"},
                         head=f"{b.tag(r)} rides {b.tag(c)}, destroyed by an AT mine").result
        else:
            res = b.roll("terrain-mines/bail-out", {}, head=f"{b.tag(r)} rides {b.tag(c)}, destroyed "
                         "by an AT mine").result
        if res in ("eliminated", "squad eliminated"):
            kill(b, r, n, b.units[c].anchor(), among=range(n))
            return
    else:
        ruling = b.roll("brigade/saving-throws", {"hits": min(n, 40), "target": "escaping"},
                        head=f"{b.tag(r)} escapes from {b.tag(c)}")
        kill(b, r, killed_of(ruling.result), b.units[c].anchor(), among=range(n))
    if b.units[r].on:
        pin(b, r)
        b.say(f"{b.tag(r)} is out of the wreck of {b.tag(c)}, pinned (Notes).")
    b.touched.add(r)


def horses_under_fire(b: Builder, i: int, holders_before: int, fighting_left: int) -> None:
    """Horse holders killed: when the last of them falls the horses are lost and the unit fights on foot
    for the rest of the game; when the last fighting man falls the holders ride off with the horses, and the
    unit is mounted again at its horse lines (BR-163)."""
    u = b.units[i]
    if not u.on:
        return
    if fighting_left == 0 and u.holders:
        lines = u.horse_lines
        b.set(i, figs=lines, mounted=True, holders=0, pinned=False)
        b.say(f"{b.tag(i)}: its last fighting men are down; the horse holders mount and ride with the "
              "horses (BR-163).", b.sides_seeing(i))
    elif holders_before and not u.holders and not u.mounted:
        b.say(f"{b.tag(i)}: its horse holders are down and the horses are lost; it fights on foot for the "
              "rest of the game (BR-163).", b.sides_seeing(i))


def riders_hit_by_ap(b: Builder, c: int, check: str, density: int, sides: tuple[str, ...], at: Coord) -> None:
    """"Troops in soft vehicles must take this roll also": riders of a soft vehicle in an AP field take the AP
    mine's 2 fire points at each check (TM-25, BR-140, BR-172)."""
    for r in riders(b, c):
        ruling = b.roll("brigade/ap-mine-troops", {"check": check, "density": density,
                                                   "pinned": b.units[r].pinned}, sides,
                        head=f"{b.tag(r)}, riding {b.tag(c)}, {check} the minefield")
        if ruling.result == "1 figure killed":
            kill(b, r, 1, at, among=range(len(b.units[r].figs)))


def riders_shaken(b: Builder, c: int, sides: tuple[str, ...]) -> None:
    """Riders of a soft vehicle immobilised by an AT mine roll for survival on the Infantry Fire Table
    (seed 003 "MINES"; TM-27, BR-172): eliminated, pinned or unhurt; they stay aboard."""
    for r in riders(b, c):
        res = b.roll("terrain-mines/soft-vehicle-survival", {"vehicle": "soft", "vehicle_result":
                                                             "immobilised"}, sides,
                     head=f"{b.tag(r)} rides {b.tag(c)}, immobilised by an AT mine").result
        if res == "eliminated":
            n = len(b.units[r].figs)
            kill(b, r, n, b.units[c].anchor(), among=range(n))
        elif res == "pinned":
            pin(b, r)


# a unit's move (seed 004 "Movement", seed 003 "MINES") ---------------------------------------------------


def move_unit(b: Builder, i: int, goal: Coord, budget: float, words: str, close: bool = False,
              deliberate: bool = False) -> None:
    """Move unit ``i`` straight towards ``goal`` with ``budget`` of a move (1 or 1/2); ``deliberate``: a
    person's free-form move, which may enter a known minefield (BR-176)."""
    ctx = b.ctx
    u = b.units[i]
    t = b.t(i)
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
        ruling = b.roll("brigade/move-distance", {"troops": row, "terrain": col, "half_move": budget < 1},
                        b.own(i), head=f"{b.tag(i)}: movement dice")
        rolls[col] = int(ruling.thrown[0][2][0])  # the movement D6, read without wording the ruling
        if ruling.result == "stuck":
            stuck = True
    reach = cost.reach(rolls, budget)
    end = _keep_off(b, i, start, reach.point)
    stopped = end != reach.point
    avoided = ""
    if not deliberate and b.ctx.minefields:
        end, avoided = _avoid_known_fields(b, i, start, end)
    end = pt(end)
    moved = geo.distance(start, end)
    heading = u.facing if moved < 1e-6 else math.degrees(math.atan2(end[0] - start[0], end[1] - start[1])) % 360
    # seed 003 "MINES": checks entering and leaving along the path (BR-140 ... BR-142)
    end, outcome = _cross_mines(b, i, start, end)
    if outcome == "gone":
        return
    moved = geo.distance(start, end)
    if outcome == "stuck":
        stuck = True
    if t.kind == "vehicle" and moved > 0 and not stuck and any(leg.bog_check for leg in cost.legs):
        ruling = b.roll("terrain-mines/bog-down", {"unit": movement_table.unit_of(row)}, b.own(i),
                        head=f"{b.tag(i)}: moving in soft ground")
        if ruling.result == "bogged down":
            stuck = True
    # "advanced at least half its maximum possible move distance": half the unit's best move at its best throw,
    # not half the way to the move's goal, which the 1" stop may make a step (BR-187, BR-211)
    highest = max_inches(row)
    in_close = close and t.kind in ("infantry", "cavalry") and moved >= 0.5 * highest - 1e-9 and moved > 0
    u = b.units[i]  # the mines may have killed figures on the way
    if not u.on:
        return
    n = len(u.figs) - u.holders  # horse holders stay with the horses (BR-162)
    spacing = CLOSE_SPACING if close else FORMATION_SPACING
    figs = formation(end, n, heading, spacing) if n > 1 else (end,)
    figs = tuple((min(max(x, 0.0), ctx.width), min(max(y, 0.0), ctx.depth)) for x, y in figs) + u.horse_lines
    b.set(i, figs=figs, facing=round(heading, 1), moved=b.move, moved_in=round(moved, 2), close=in_close,
          stuck=u.stuck or stuck, halves=min(2, u.halves + (1 if budget < 1 else 2)) if t.kind == "vehicle"
          else u.halves)
    b.touched.add(i)
    for r in riders(b, i):  # the riders go with their vehicle (BR-170)
        b.set(r, figs=(end,) * len(b.units[r].figs), moved=b.move, facing=round(heading, 1))
    refresh(b, [i])
    extra = "" if reach.reason == "reaches the end of the path" else f" ({reach.reason})"
    b.say(f"{b.tag(i)} {words}: {moved:.1f}\" to ({end[0]:g}, {end[1]:g}){extra}"
          + (" in close order" if in_close else "") + (" and is stuck for the rest of the game" if stuck else "")
          + ".", b.sides_seeing(i))
    if avoided:
        b.say(f"{b.tag(i)} halts at the edge of minefield '{avoided}', which its side knows (BR-176).",
              b.own(i))
    if stopped and b.units[i].on:
        _contact(b, i)


def _keep_off(b: Builder, i: int, start: Coord, end: Coord) -> Coord:
    """Stop a move where it would come within 1" of an enemy figure (centre to centre: bases never touch, no
    close combat; BR-120 as amended by BR-190). A unit already nearer may not close further."""
    enemy = b.ctx.enemy(b.ctx.side_of[i])
    pts = [f for k, v in enumerate(b.units) if v.on and b.ctx.side_of[k] == enemy for f in v.figs]
    if not pts or segment_clear(start, end, pts, KEEP_OFF):
        return end  # no enemy figure within 1" of the path: nothing to stop short of
    return stop_short(start, end, pts, KEEP_OFF)


def _contact(b: Builder, i: int) -> None:
    """A move stopped 1" short of enemy figures (BR-190) finds the units they belong to: one its side had not
    detected is spotted by the mover, and both sides are told (BR-205). Without this the stop itself, a
    fraction of an inch, would tell the side where an enemy it cannot see stands."""
    ctx = b.ctx
    side = ctx.side_of[i]
    at = b.units[i].anchor()
    near = [k for k, v in enumerate(b.units) if v.on and v.aboard < 0 and ctx.side_of[k] != side
            and any(geo.distance(at, f) <= KEEP_OFF + 1e-3 for f in v.figs)]
    if not near:
        return
    known = b.known(side)
    for k in near:
        if k in known:
            continue
        b.pairs[(i, k)] = (SPOTTED, b.move)
        b.say(f"{b.tag(i)} halts 1\" short of {b.tag(k)}, an enemy unit its side had not detected, "
              "and spots it (BR-205).", b.own(i))
        b.say(f"{b.tag(k)} is found: {b.tag(i)} halts 1\" short of it and spots it (BR-205).",
              (ctx.side_of[k],))


def _cross_mines(b: Builder, i: int, start: Coord, end: Coord) -> tuple[Coord, str]:
    """Seed 003 "MINES": a check on entering and one on leaving each field the path crosses; an
    immobilised vehicle stops in the field (BR-141)."""
    ctx = b.ctx
    if not ctx.minefields:
        return end, ""
    t = b.t(i)
    inside = set(b.units[i].mines)
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
        enemy_side = b.ctx.enemy(m.owner)
        s_idx = ctx.sides.index(enemy_side)
        sides = (m.owner, enemy_side)
        if m.owner != ctx.side_of[i] and k not in b.revealed[s_idx]:
            b.revealed[s_idx].add(k)
        head = f"{b.tag(i)} {check} minefield '{m.name}'"
        if t.kind == "vehicle":
            target = "soft" if t.protection == "soft_skin" else "afv"
            result = ""
            if m.kind in ("at", "mixed"):
                r = b.roll("terrain-mines/at-mine", {"target": target, "tons": t.tons, "check": check,
                                                     "density": m.density}, sides, head=head)
                result = r.result
            if m.kind in ("ap", "mixed") and not result.startswith(("K", "I")):
                r = b.roll("terrain-mines/ap-mine-vehicle", {"target": target, "tons": t.tons,
                                                             "check": check, "density": m.density}, sides,
                           head=head)
                result = "I" if r.result == "immobilised" else result
            if m.kind in ("ap", "mixed") and target == "soft":
                riders_hit_by_ap(b, i, check, m.density, sides, at)
            if result.startswith("K"):
                b.set(i, figs=(pt(at),))
                for rider in riders(b, i):
                    b.set(rider, figs=(pt(at),) * len(b.units[rider].figs))
                remove(b, i, "destroyed", cause="mine")
                return pt(at), "gone"
            if result.startswith("I"):
                final, outcome = pt(at), "stuck"
                inside.add(k)
                if target == "soft":
                    riders_shaken(b, i, sides)
                break
        elif m.kind in ("ap", "mixed"):
            r = b.roll("brigade/ap-mine-troops", {"check": check, "density": m.density,
                                                  "pinned": b.units[i].pinned}, sides, head=head)
            if r.result == "1 figure killed":
                kill(b, i, 1, at)
                if not b.units[i].on:
                    return pt(at), "gone"
        if check == "entering":
            inside.add(k)
        else:
            inside.discard(k)
    b.set(i, mines=tuple(sorted(inside)))
    return final, outcome


def known_field(b: Builder, side: str, k: int) -> bool:
    """Whether ``side`` knows where minefield ``k`` is: it laid it, or has found or spotted it (BR-142, BR-175)."""
    return b.ctx.minefields[k].owner == side or k in b.revealed[b.ctx.sides.index(side)]


def _avoid_known_fields(b: Builder, i: int, start: Coord, end: Coord) -> tuple[Coord, str]:
    """A move ordered to a destination stops at the edge of a minefield the unit's side knows (its own, or
    one it has found or spotted), 1/10" short; one that starts inside it goes on (BR-176)."""
    side = b.ctx.side_of[i]
    first, name = 1.0, ""
    for k, box in enumerate(b.ctx.mine_boxes):
        if not known_field(b, side, k):
            continue
        span = clip_segment(start, end, box)
        if span is not None and span[0] > 0 and span[0] < first:
            first, name = span[0], b.ctx.minefields[k].name
    if not name:
        return end, ""
    length = geo.distance(start, end)
    t = max(0.0, first - 0.1 / length) if length > 0 else 0.0
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t), name
