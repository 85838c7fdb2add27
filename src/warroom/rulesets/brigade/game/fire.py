"""Direct fire in the Brigade game: small arms, HE and anti-tank fire, pins and saving throws.

Seed 004 "FIRING" (BR-70 ... BR-77, BR-87 ... BR-90, BR-102, BR-107, BR-108): fire points by weapon and range to
hits, the fire of a moving unit and of mounted cavalry, the pin marker the target's side chooses, saving throws by
cover, anti-tank fire by facing and armour, the half move after firing (type A) and the fire after advancing (type B).
"""

from __future__ import annotations

import json
import math
from typing import Any

from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.f_anti_tank import column as at_column
from warroom.rulesets.brigade.f_tables import ANTI_TANK
from warroom.rulesets.brigade.game.common import AWARE, Coord, ceil_inches, hits_of, killed_of
from warroom.rulesets.brigade.game.effects import Board
from warroom.rulesets.brigade.game.rules import at_weapon, in_reach, small_arms


class DirectFire:
    """Direct fire in the Brigade game: small arms, HE and anti-tank fire, pins and saving throws"""

    def order_fire(self: Board, i: int, e: int, mode: int) -> None:
        moving = bool(self.pending) and self.pending[0] == "after_advance"
        if not moving:
            self.begin_order(i, "A")
        self.pending = ()
        self.fire(i, e, mode, moving)
        if self.pending:  # the target's side decides on a pin marker first
            self.pending = (*self.pending, "after_fire" if not moving else "done_B")
            return
        self.after_fire(i, moving)

    def after_fire(self: Board, i: int, moving: bool) -> None:
        if self.result is not None:
            return
        if not moving and self.units[i].on and self.s._can_move(i) and self.view()._dests(i, True):
            self.pending = ("after_fire", i)
            self.selected = i
        else:
            self.done(i, "B" if moving else "A")

    def fire(self: Board, i: int, e: int, mode: int, moving: bool) -> None:
        ctx = self.ctx
        u, eu = self.units[i], self.units[e]
        t, te = self.t(i), self.t(e)
        here, there = u.anchor(), eu.anchor()
        rng = ceil_inches(geo.distance(here, there))
        cavalry_moving = t.kind == "cavalry" and u.mounted  # "Mounted cavalry always count as moving when firing"
        moving = moving or cavalry_moving
        known = self.known(ctx.side_of[i]).get(e, 0)
        part = known == AWARE
        acquired = self.pairs.get((i, e), (0, -99))[1]
        brief = acquired == self.move
        self.set(i, fired=self.move)
        self.touched.add(i)
        sides = (ctx.side_of[i], ctx.side_of[e])
        head = f"{self.tag(i)} fires at {self.tag(e)} ({rng}\")"
        self.say(head + (" moving" if moving else "") + (", firer pinned" if u.pinned else "")
                 + (", target only part detected" if part else "") + ".", sides)
        cover = ctx.cover(there, ctx.body(e, self.units[e]), here)
        if te.kind == "vehicle":
            weapon = at_weapon(t, u) if mode == 0 else None
            soft = te.protection == "soft_skin"
            if weapon is not None and at_column(ANTI_TANK.weapons[weapon].class_, rng) is not None \
                    and not (weapon == "autocannon" and soft):
                params: dict[str, Any] = {
                    "weapon": weapon, "range": rng, "moving_or_pinned": moving or u.pinned, "brief_sight": brief,
                    "partial_cover": cover.partial, "part_detected": part}
                if soft:
                    params["target"] = "soft_skin"
                else:
                    params.update(target="other", armour=self.armour(e, here), facing=self.facing_word(e, here))
                r = self.roll("brigade/anti-tank-fire", params, sides)
                if r.result == "destroyed":
                    self.remove(e, "destroyed")
                    return
                if not (soft and t.kind == "vehicle"):
                    return
                # "hull (machine) gun (if any) plus it's main armament": the hull MG fires too, at a soft skin
                # (TANKS firing; BR-193)
                counts = in_reach({k: n for k, n in small_arms(t, u, mode).items() if k == "tank_mg"}, rng)
                if not counts:
                    return
            else:
                counts = in_reach(small_arms(t, u, mode), rng)
            hits = self.small_arms_hits(counts, rng, moving, u.pinned, part, sides)
            if hits:
                fire = "mg" if any(k in ("tank_mg", "mmg", "hmg", "autocannon") for k in counts) else "small_arms"
                r = self.roll("brigade/saving-throws", {"hits": hits, "target": "soft_skin", "fire": fire,
                                                        "brief_sight": brief, "within_2": rng <= 2}, sides)
                if r.result == "destroyed":
                    self.remove(e, "destroyed")
            return
        # at troops: HE (guns, tank main guns), small arms and MGs, flame-throwers (BR-71)
        he_hits = 0
        if t.kind == "gun" or (t.kind == "vehicle" and t.main is not None and mode == 0):
            assert t.he is not None
            hv = t.main is not None and ANTI_TANK.weapons[t.main].class_ == "hv"  # the HE column by gun (BR-197)
            r = self.roll("brigade/he-fire", {
                "calibre": t.he, "gun": "artillery" if t.kind == "gun" else "hv_tank_gun" if hv else "tank_gun",
                "moving": moving and t.kind != "gun", "pinned": u.pinned, "part_detected": part}, sides)
            he_hits = hits_of(r.result)
            if he_hits and not self.never_pinned(e):  # "if hit by HE fire": a miss pins no one (BR-196)
                self.pin(e)
                self.say(f"{self.tag(e)} is pinned by HE fire (Pin markers).", sides)
        counts = in_reach(small_arms(t, u, mode), rng)
        flame = counts.pop("flamethrower", 0)
        sa_hits = self.small_arms_hits(counts, rng, moving, u.pinned, part, sides) if counts else 0
        fl_hits = self.small_arms_hits({"flamethrower": flame}, rng, moving, u.pinned, part, sides) if flame else 0
        ctxt = {"firer": i, "target": e, "save": cover.save, "brief": brief, "close": eu.close,
                "within": rng <= 2, "he": he_hits, "sa": sa_hits, "flame": fl_hits,
                "mg": any(k in ("tank_mg", "mmg", "hmg", "autocannon") for k in counts)}
        if (sa_hits or fl_hits) and not self.units[e].pinned and not self.never_pinned(e):
            self.pending = ("pin", e, json.dumps(ctxt, sort_keys=True))
            self.say(f"{self.tag(e)} is hit by small arms and may take a pin marker before its saving throws.",
                     sides)
            return
        self.saves(ctxt)

    def small_arms_hits(self: Board, counts: dict[str, int], rng: int, moving: bool, pinned: bool, part: bool,
                        sides: tuple[str, ...]) -> int:
        params: dict[str, Any] = {"range": rng, "moving": moving, "pinned": pinned, "part_detected": part}
        keys = {"rifle": "rifles", "ar": "ars", "smg": "smgs", "pistol": "pistols", "tank_mg": "tank_mgs",
                "mmg": "mmgs", "hmg": "hmgs", "autocannon": "autocannons", "flamethrower": "flamethrowers"}
        for k, n in counts.items():
            params[keys[k]] = n
        r = self.roll("brigade/small-arms-fire", params, sides)
        return hits_of(r.result)

    def resolve_pending_fire(self: Board, take: bool) -> None:
        _, e, text, follow = self.pending
        ctxt = json.loads(text)
        self.pending = ()
        i = ctxt["firer"]
        sides = (self.ctx.side_of[i], self.ctx.side_of[e])
        if take:
            self.roll("brigade/pin-marker", {"unit": "infantry" if self.t(e).kind != "gun" else "gun",
                                             "fire": "small_arms"}, sides,
                      head=f"{self.tag(e)} takes a pin marker before its saving throws.")
            self.pin(e)
        else:
            self.say(f"{self.tag(e)} does not take a pin marker.", sides)
        self.saves(ctxt)
        self.selected = i
        self.after_fire(i, follow == "done_B")

    def saves(self: Board, c: dict[str, Any]) -> None:
        i, e = c["firer"], c["target"]
        sides = (self.ctx.side_of[i], self.ctx.side_of[e])
        near = self.units[i].anchor()
        for hits, fire in ((c["he"], "he"), (c["sa"], "mg" if c["mg"] else "small_arms"), (c["flame"], "flame")):
            if not hits or not self.units[e].on:
                continue
            r = self.roll("brigade/saving-throws", {
                "hits": min(hits, 40), "cover": c["save"], "fire": fire, "pinned": self.units[e].pinned,
                "brief_sight": c["brief"], "close_order": c["close"], "within_2": c["within"]}, sides,
                head=f"{self.tag(e)} saves")
            self.kill(e, killed_of(r.result), near)

    def facing_word(self: Board, e: int, firer: Coord) -> str:
        """Front, side or rear: the firer's bearing from the target against its hull facing, 90° arcs (BR-89)."""
        u = self.units[e]
        x, y = u.anchor()
        bearing = math.degrees(math.atan2(firer[0] - x, firer[1] - y)) % 360
        off = abs((bearing - u.facing + 180) % 360 - 180)
        return "front" if off <= 45 else "rear" if off >= 135 else "side"

    def armour(self: Board, e: int, firer: Coord) -> int:
        front, side, rear = self.t(e).vehicle_armour
        return {"front": front, "side": side, "rear": rear}[self.facing_word(e, firer)]
