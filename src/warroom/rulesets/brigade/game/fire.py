"""Direct fire in the Brigade game: small arms, HE and anti-tank fire, pins and saving throws.

Seed 004 "FIRING" (BR-70 ... BR-77, BR-87 ... BR-90, BR-102, BR-107, BR-108): fire points by weapon and range to
hits, the fire of a moving unit and of mounted cavalry, the pin marker the target's side chooses, saving throws by
cover, anti-tank fire by facing and armour, the half move after firing (type A) and the fire after advancing (type B).

A shot is first taken as what it is before any die (:func:`aim`, a :class:`Shot`); the procedures' parameters are
built from it by :func:`at_params`, :func:`he_params`, :func:`small_arms_params`, :func:`soft_skin_save_params`
and :func:`save_params`, which play here and the odds (:mod:`.odds`) both use, so the two cannot drift apart.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.f_anti_tank import column as at_column
from warroom.rulesets.brigade.f_tables import ANTI_TANK
from warroom.rulesets.brigade.game.actions import Fire, PinChoice
from warroom.rulesets.brigade.game.common import AWARE, Coord, ceil_inches, hits_of, killed_of
from warroom.rulesets.brigade.game.consequences import kill, never_pinned, pin, remove
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.rules import at_weapon, in_reach, small_arms

_KEYS = {"rifle": "rifles", "ar": "ars", "smg": "smgs", "pistol": "pistols", "tank_mg": "tank_mgs", "mmg": "mmgs",
         "hmg": "hmgs", "autocannon": "autocannons", "flamethrower": "flamethrowers"}
"""The small-arms-fire procedure's parameter for each weapon's count."""

MG = ("tank_mg", "mmg", "hmg", "autocannon")
"""The weapons whose hits save as machine-gun fire."""


@dataclass(frozen=True)
class Shot:
    """Unit ``firer``'s fire at unit ``target`` (in ``mode``) as it is before a die is thrown."""

    firer: int
    target: int
    mode: int
    here: Coord
    """Where the firer is (the fire's origin)."""
    range: int
    """In whole inches, rounded up (BR-107)."""
    moving: bool
    """After an advance (type B), or mounted cavalry: "Mounted cavalry always count as moving when firing"."""
    pinned: bool
    """The firer is pinned."""
    part: bool
    """The target is only part detected (aware, not spotted)."""
    brief: bool
    """The target was first detected this move (brief sight, BR-108)."""
    cover: geo.Cover
    """The target's cover from the firer."""


def aim(b: Builder, i: int, e: int, mode: int, moving: bool) -> Shot:
    """Unit ``i``'s fire at unit ``e`` in ``mode`` (``moving``: after its advance), before any die."""
    ctx = b.ctx
    u, eu = b.units[i], b.units[e]
    here, there = u.anchor(), eu.anchor()
    return Shot(i, e, mode, here, ceil_inches(geo.distance(here, there)),
                moving or (b.t(i).kind == "cavalry" and u.mounted), u.pinned,
                b.known(ctx.side_of[i]).get(e, 0) == AWARE, b.pairs.get((i, e), (0, -99))[1] == b.move,
                ctx.cover(there, ctx.body(e, eu), here))


def at_params(b: Builder, s: Shot) -> dict[str, Any] | None:
    """The anti-tank-fire procedure's parameters for a shot at a vehicle (BR-87 ... BR-90): None when the firer
    has no anti-tank weapon (it fires in mode 0 only) that reaches, or only an autocannon at a soft skin; it then
    fires its small arms."""
    t, u = b.t(s.firer), b.units[s.firer]
    weapon = at_weapon(t, u) if s.mode == 0 else None
    soft = b.t(s.target).protection == "soft_skin"
    if weapon is None or at_column(ANTI_TANK.weapons[weapon].class_, s.range) is None \
            or (weapon == "autocannon" and soft):
        return None
    params: dict[str, Any] = {
        "weapon": weapon, "range": s.range, "moving_or_pinned": s.moving or s.pinned, "brief_sight": s.brief,
        "partial_cover": s.cover.partial, "part_detected": s.part}
    if soft:
        params["target"] = "soft_skin"
    else:
        params.update(target="other", armour=armour(b, s.target, s.here), facing=facing_word(b, s.target, s.here))
    return params


def he_params(b: Builder, s: Shot) -> dict[str, Any] | None:
    """The HE fire procedure's parameters of a gun, or of a tank's main gun in mode 0, at troops (BR-71): the HE
    column by gun (BR-197); None for a unit that fires no HE."""
    t = b.t(s.firer)
    if not (t.kind == "gun" or (t.kind == "vehicle" and t.main is not None and s.mode == 0)):
        return None
    assert t.he is not None
    hv = t.main is not None and ANTI_TANK.weapons[t.main].class_ == "hv"
    return {"calibre": t.he, "gun": "artillery" if t.kind == "gun" else "hv_tank_gun" if hv else "tank_gun",
            "moving": s.moving and t.kind != "gun", "pinned": s.pinned, "part_detected": s.part}


def weapons_in_reach(b: Builder, s: Shot) -> dict[str, int]:
    """The firer's small arms, MGs and flame-throwers that reach the target, by weapon (BR-71, BR-102)."""
    return in_reach(small_arms(b.t(s.firer), b.units[s.firer], s.mode), s.range)


def small_arms_params(s: Shot, counts: dict[str, int]) -> dict[str, Any]:
    """The small-arms-fire procedure's parameters for the weapons ``counts`` of the shot."""
    params: dict[str, Any] = {"range": s.range, "moving": s.moving, "pinned": s.pinned, "part_detected": s.part}
    for k, n in counts.items():
        params[_KEYS[k]] = n
    return params


def soft_skin_save_params(s: Shot, hits: int, counts: dict[str, int]) -> dict[str, Any]:
    """The saving-throws procedure's parameters for a soft-skinned vehicle hit ``hits`` times by ``counts``."""
    return {"hits": hits, "target": "soft_skin", "fire": "mg" if any(k in MG for k in counts) else "small_arms",
            "brief_sight": s.brief, "within_2": s.range <= 2}


def save_context(b: Builder, s: Shot, counts: dict[str, int], he: int, sa: int, flame: int) -> dict[str, Any]:
    """What the troops' saving throws after the shot depend on: its HE, small-arms and flame-thrower hits, the
    cover, brief sight, the target's close order and whether the fire is from within 2" (kept as JSON in the
    state while the target's side decides on a pin marker)."""
    return {"firer": s.firer, "target": s.target, "save": s.cover.save, "brief": s.brief,
            "close": b.units[s.target].close, "within": s.range <= 2, "he": he, "sa": sa, "flame": flame,
            "mg": any(k in MG for k in counts)}


def save_rolls(c: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    """The saving throws troops make after the shot (:func:`save_context`), in order: hits and kind of fire."""
    return (c["he"], "he"), (c["sa"], "mg" if c["mg"] else "small_arms"), (c["flame"], "flame")


def save_params(c: dict[str, Any], hits: int, fire: str, pinned: bool) -> dict[str, Any]:
    """The saving-throws procedure's parameters for ``hits`` of kind ``fire`` on troops (pinned or not)."""
    return {"hits": min(hits, 40), "cover": c["save"], "fire": fire, "pinned": pinned, "brief_sight": c["brief"],
            "close_order": c["close"], "within_2": c["within"]}


# the rules of play -------------------------------------------------------------------------------------


def do_fire(b: Builder, a: Fire) -> None:
    """Type A fire (then the half move of type A), or the fire after an advance (type B)."""
    ctx = b.ctx
    i, e = ctx.index[a.unit], ctx.index[a.target]
    moving = bool(b.pending) and b.pending[0] == "after_advance"
    if not moving:
        b.begin_order(i, "A")
    b.pending = ()
    fire(b, i, e, a.mode, moving)
    if b.pending:  # the target's side decides on a pin marker first
        b.pending = (*b.pending, "after_fire" if not moving else "done_B")
        return
    after_fire(b, i, moving)


def after_fire(b: Builder, i: int, moving: bool) -> None:
    """After type A fire a unit that may still move is offered its half move; else its order is done."""
    if b.result is not None:
        return
    if not moving and b.units[i].on and b.s.can_move(i) and b.view().dests(i, True):
        b.pending = ("after_fire", i)
        b.selected = i
    else:
        b.done(i, "B" if moving else "A")


def fire(b: Builder, i: int, e: int, mode: int, moving: bool) -> None:
    """Unit ``i`` fires at unit ``e``: at a vehicle, anti-tank fire or small arms and the vehicle's saving throw;
    at troops, HE, small arms and flame-throwers, the pin marker the target's side may choose, then the saves."""
    ctx = b.ctx
    s = aim(b, i, e, mode, moving)
    t = b.t(i)
    b.set(i, fired=b.move)
    b.touched.add(i)
    sides = (ctx.side_of[i], ctx.side_of[e])
    head = f"{b.tag(i)} fires at {b.tag(e)} ({s.range}\")"
    b.say(head + (" moving" if s.moving else "") + (", firer pinned" if s.pinned else "")
          + (", target only part detected" if s.part else "") + ".", sides)
    if b.t(e).kind == "vehicle":
        params = at_params(b, s)
        if params is not None:
            r = b.roll("brigade/anti-tank-fire", params, sides)
            if r.result == "destroyed":
                remove(b, e, "destroyed")
                return
            if not (params["target"] == "soft_skin" and t.kind == "vehicle"):
                return
            # "hull (machine) gun (if any) plus it's main armament": the hull MG fires too, at a soft skin
            # (TANKS firing; BR-193)
            counts = {k: n for k, n in weapons_in_reach(b, s).items() if k == "tank_mg"}
            if not counts:
                return
        else:
            counts = weapons_in_reach(b, s)
        hits = small_arms_hits(b, s, counts, sides)
        if hits:
            r = b.roll("brigade/saving-throws", soft_skin_save_params(s, hits, counts), sides)
            if r.result == "destroyed":
                remove(b, e, "destroyed")
        return
    # at troops: HE (guns, tank main guns), small arms and MGs, flame-throwers (BR-71)
    he_hits = 0
    he = he_params(b, s)
    if he is not None:
        he_hits = hits_of(b.roll("brigade/he-fire", he, sides).result)
        if he_hits and not never_pinned(b, e):  # "if hit by HE fire": a miss pins no one (BR-196)
            pin(b, e)
            b.say(f"{b.tag(e)} is pinned by HE fire (Pin markers).", sides)
    counts = weapons_in_reach(b, s)
    flame = counts.pop("flamethrower", 0)
    sa_hits = small_arms_hits(b, s, counts, sides) if counts else 0
    fl_hits = small_arms_hits(b, s, {"flamethrower": flame}, sides) if flame else 0
    ctxt = save_context(b, s, counts, he_hits, sa_hits, fl_hits)
    if (sa_hits or fl_hits) and not b.units[e].pinned and not never_pinned(b, e):
        b.pending = ("pin", e, json.dumps(ctxt, sort_keys=True))
        b.say(f"{b.tag(e)} is hit by small arms and may take a pin marker before its saving throws.", sides)
        return
    saves(b, ctxt)


def small_arms_hits(b: Builder, s: Shot, counts: dict[str, int], sides: tuple[str, ...]) -> int:
    """The hits of the shot's weapons ``counts`` (the small-arms-fire procedure)."""
    return hits_of(b.roll("brigade/small-arms-fire", small_arms_params(s, counts), sides).result)


def do_pin_choice(b: Builder, a: PinChoice) -> None:
    """The target's side takes a pin marker before its saving throws, or does not (Pin markers, BR-201)."""
    _, e, text, follow = b.pending
    ctxt = json.loads(text)
    b.pending = ()
    i = ctxt["firer"]
    sides = (b.ctx.side_of[i], b.ctx.side_of[e])
    if a.take:
        b.roll("brigade/pin-marker", {"unit": "infantry" if b.t(e).kind != "gun" else "gun",
                                      "fire": "small_arms"}, sides,
               head=f"{b.tag(e)} takes a pin marker before its saving throws.")
        pin(b, e)
    else:
        b.say(f"{b.tag(e)} does not take a pin marker.", sides)
    saves(b, ctxt)
    b.selected = i
    after_fire(b, i, follow == "done_B")


def saves(b: Builder, c: dict[str, Any]) -> None:
    """The target's saving throws for each kind of hit (:func:`save_context`), each killing figures nearest the
    firer first."""
    i, e = c["firer"], c["target"]
    sides = (b.ctx.side_of[i], b.ctx.side_of[e])
    near = b.units[i].anchor()
    for hits, fire in save_rolls(c):
        if not hits or not b.units[e].on:
            continue
        r = b.roll("brigade/saving-throws", save_params(c, hits, fire, b.units[e].pinned), sides,
                   head=f"{b.tag(e)} saves")
        kill(b, e, killed_of(r.result), near)


def facing_word(b: Builder, e: int, firer: Coord) -> str:
    """Front, side or rear: the firer's bearing from the target against its hull facing, 90° arcs (BR-89)."""
    u = b.units[e]
    x, y = u.anchor()
    bearing = math.degrees(math.atan2(firer[0] - x, firer[1] - y)) % 360
    off = abs((bearing - u.facing + 180) % 360 - 180)
    return "front" if off <= 45 else "rear" if off >= 135 else "side"


def armour(b: Builder, e: int, firer: Coord) -> int:
    """The target vehicle's armour on the face the firer sees (BR-89)."""
    front, side, rear = b.t(e).vehicle_armour
    return {"front": front, "side": side, "rear": rear}[facing_word(b, e, firer)]
