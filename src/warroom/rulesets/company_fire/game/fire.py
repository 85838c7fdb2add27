"""Company Fire game: direct fire: individual and group fire, recon by fire, snipers, anti-tank fire, and
opportunity fire.

Seed "Individual Unit Fire", "Group Fire", "Opportunity Fire", "Non-Phasing Reaction Fire" and "Attacking
vehicles": each unit in the target space is rolled for separately, or as the scenario's optional attack method
says (seed "Optional Methods for Resolving Attacks", CF-53), and a small-arms target may retreat to take a hit
fewer (seed "Hit Reduction", CF-3); fire at a blind is recon by fire, at one die less (CF-47); small arms never
roll against armoured vehicles, and fire at a space never rolls for riders (CF-71, CF-93); a main gun, gun or
anti-tank weapon attacks one unit (CF-75 ... CF-82); opportunity fire may pin a mover where it stands, send it
back a space, or meet a close assault (CF-60, CF-83); a sniper fires once, at a unit, and leaves the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import Decision, other_side, sp
from warroom.rulesets.company_fire.game.consequences import (
    apply_result,
    close_assault,
    continue_move,
    eliminate,
    hit_table,
    hits_of,
    may_assault_now,
    result_or_retreat,
)
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.observe import reveal, reveal_space
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.los import cover_for_attack
from warroom.rulesets.company_fire.vehicles import in_front


def fire_params(p: Play, i: int, target: Space, j: int, recon: bool) -> dict[str, Any]:
    g = p.game
    here = p.units[i].at
    assert here is not None
    phasing = g.side_of[i] == p.init.phasing
    return {
        "weapon": g.types[i].weapon_key, "range": range_between(here, target),
        "cover": bool(cover_for_attack(g.board, here, target, p.smoke_spaces())),
        "card": p.card() if phasing else "fire", "moved": p.units[i].moved if phasing else False,
        "recon_by_fire": recon, "target_status": p.units[j].status if j >= 0 else "good_order",
        "retreat": False,
        **({"shooter_pinned": p.units[i].status != "good_order"} if g.vehicle[i] else {}),
    }


def at_params(p: Play, i: int, j: int) -> dict[str, Any]:
    """The anti-tank-fire procedure's parameters for unit ``i`` firing at unit ``j`` (seed "Attacking
    vehicles"; CF-76 ... CF-82)."""
    g = p.game
    u, v = p.units[i], p.units[j]
    here, there = u.at, v.at
    assert here is not None and there is not None
    phasing = g.side_of[i] == p.init.phasing
    tj = g.types[j]
    armoured = g.armoured[j]
    return {
        "weapon": g.types[i].anti_tank_key, "range": range_between(here, there),
        "target": "armoured" if armoured else "soft" if g.vehicle[j] else "unit",
        "front": armoured and in_front(there, v.facing, here),
        "cover": bool(cover_for_attack(g.board, here, there, p.smoke_spaces())),
        "heavy_target": armoured and tj.vehicle is not None and tj.vehicle.heavy,
        "card": p.card() if phasing else "fire", "moved": u.moved if phasing else False,
        "shooter_pinned": u.status != "good_order", "turret_rotated": u.turned,
        "target_status": v.status,
    }


def victims(p: Play, side: str, space: Space, small_arms: bool = False) -> tuple[list[int], bool]:
    """The units an attack on ``space`` rolls for (small arms: not armoured vehicles, CF-71), and whether it is
    recon by fire at a blind."""
    g = p.game
    units = [j for j in p.at(space, side) if not g.smf[j] and not (small_arms and g.armoured[j])
             and p.units[j].riding < 0]  # fire is at the carrier, never its riders (CF-93)
    blind = space in p.blind_spaces(side)
    return units, blind


def do_fire(p: Play, a: Action, i: int) -> None:
    g = p.game
    assert a.space is not None
    reveal(p, i, "it fires")
    t = g.types[i]
    p.set(i, fired=True, done=p.one_action_only(i) and (t.anti_tank is None or p.units[i].at_fired))
    enemy = other_side(g.side_of[i])
    weapon = t.weapon
    small_arms = bool(weapon and weapon.small_arms)
    units, blind = victims(p, enemy, a.space, small_arms)
    about = f"{p.name(i)} fires at {sp(a.space)}"
    if blind:
        recon_by_fire(p, enemy, a.space, about, lambda j: fire_params(p, i, a.space, j, True),  # type: ignore[arg-type]
                      "individual-fire", small_arms, p.units[i].at)
        return
    attack(p, units, about, lambda j: fire_params(p, i, a.space, j, False), "individual-fire",  # type: ignore[arg-type]
           small_arms, p.units[i].at)


def do_at_fire(p: Play, a: Action, i: int) -> None:
    """Seed "Attacking vehicles": a main gun or anti-tank weapon attacks one unit (CF-76)."""
    g = p.game
    j = g.index[a.other]
    reveal(p, i, "it fires")
    t = g.types[i]
    p.set(i, at_fired=True, done=p.one_action_only(i) and (t.weapon is None or p.units[i].fired))
    here = p.units[i].at
    there = p.units[j].at
    assert here is not None and there is not None
    r = p.ruling("anti-tank-fire", at_params(p, i, j),
                 f"{p.name(i)} fires its {t.anti_tank.label} at {p.name(j)} in {sp(there)}")  # type: ignore[union-attr]
    apply_result(p, j, r.result, "anti_tank", here)


def attack(p: Play, units: list[int], about: str, params: Callable[[int], dict[str, Any]], procedure: str,
           small_arms: bool, source: Space | None) -> None:
    """Roll for each unit in the target space separately (or as the scenario's attack method says)
    and apply the results, offering a small-arms target the hit reduction retreat (seed "Hit
    Reduction", CF-3)."""
    method = p.game.scenario.rules.attack_resolution
    first: int | None = None
    rank = _least_wounded_first(p, units)
    for n, j in enumerate(units):
        if n > 0 and method != "standard" and first is not None:
            hits = first if method == "faster" else _share(first, len(units), rank[n])
            res = hit_table(p, j, hits, "attack (" + method + " play)")
            result_or_retreat(p, j, res, hits, small_arms, source)
            continue
        r = p.ruling(procedure, params(j), f"{about}: at {p.name(j)}")
        hits = hits_of(r)
        if method != "standard":
            first = hits
            if method == "longer":
                share = _share(hits, len(units), rank[0])
                if share != hits:
                    r = p.ruling("hit-result", {"hits": share, "target_status": p.units[j].status,
                                                "target": "unit", "retreat": False},
                                 f"longer play: {hits} hits shared among {len(units)} units")
        result_or_retreat(p, j, r.result, hits, small_arms, source, r)


_WOUNDS = {"good_order": 0, "pinned": 1, "suppressed": 2}


def _least_wounded_first(p: Play, units: list[int]) -> list[int]:
    """Each unit's place (0 first) in the order longer play hands out the hits that do not divide equally:
    "assign hits first to the least wounded unit, then the next least, and so on" (seed "Optional Methods for
    Resolving Attacks"): good order before pinned before suppressed; units equally wounded in the order the
    target space lists them (CF-97)."""
    order = sorted(range(len(units)), key=lambda n: (_WOUNDS.get(p.units[units[n]].status, 3), n))
    rank = [0] * len(units)
    for place, n in enumerate(order):
        rank[n] = place
    return rank


def _share(hits: int, n: int, k: int) -> int:
    """Longer play: ``hits`` divided among ``n`` units as equally as may be; the unit ``k``-th in the order of
    :func:`_least_wounded_first` takes one of the remainder if ``k`` is below it."""
    return hits // n + (1 if k < hits % n else 0)


def recon_by_fire(p: Play, enemy: str, space: Space, about: str, params: Callable[[int], dict[str, Any]],
                  procedure: str, small_arms: bool, source: Space | None) -> None:
    """Seed "Recon by Fire": fire at a blind at one die less; any hit reveals it (CF-47), and the
    result then applies to the units revealed; a dummy hit is removed. CF-131: the blind is rolled for once,
    as one good-order unit (a hidden unit always is), whatever is under it, and a hit's result applies to
    each unit revealed, so the enemy reads the same roll of a dummy and of a blind hiding one or more."""
    units = [j for j in p.at(space, enemy) if p.units[j].hidden and not p.game.smf[j]]
    r = p.ruling(procedure, params(-1), f"{about}: recon by fire at a blind")
    hits = hits_of(r)
    if not hits:
        p.say(f"no hits: the blind at {sp(space)} stays unrevealed")
        return
    reveal_space(p, enemy, space, "recon by fire scored a hit")
    if not units:  # CF-142: the roll read as the firer saw it, then what the hit found
        shot = "the hit" if hits == 1 else f"the {hits} hits"
        p.say(f"{shot} on the blind at {sp(space)} found no one: it was a dummy")
    for j in units:  # the blind's one ruling is the same whatever was under it (CF-131): the retreat told after
        if p.alive(j):
            result_or_retreat(p, j, r.result, hits, small_arms, source, tell=True)


def do_group_fire(p: Play, a: Action, i: int) -> None:
    g = p.game
    assert a.space is not None
    here = p.units[i].at
    assert here is not None
    side = g.side_of[i]
    firers = p.group_firers(here, side)
    for k in firers:
        reveal(p, k, "it fires")
        p.set(k, fired=True, done=True)
    enemy = other_side(side)
    leader = p.leaders_in(here, side)
    small_arms = all(g.types[k].weapon.small_arms for k in firers)  # type: ignore[union-attr]
    units, blind = victims(p, enemy, a.space, small_arms)

    def params(j: int) -> dict[str, Any]:
        return {
            "firers": tuple(g.types[k].weapon_key for k in firers), "leader": leader,
            "range": range_between(here, a.space),  # type: ignore[arg-type]
            "cover": bool(cover_for_attack(g.board, here, a.space, p.smoke_spaces())),  # type: ignore[arg-type]
            "card": p.card(), "recon_by_fire": blind,
            "pinned_firers": any(p.units[k].status == "pinned" for k in firers),
            "target_status": p.units[j].status if j >= 0 else "good_order", "retreat": False,
        }

    about = f"group fire by {', '.join(p.name(k) for k in firers)} at {sp(a.space)}"
    if blind:
        recon_by_fire(p, enemy, a.space, about, params, "group-fire", small_arms, here)
    else:
        attack(p, units, about, params, "group-fire", small_arms, here)


def do_snipe(p: Play, a: Action, i: int) -> None:
    g = p.game
    j = g.index[a.other]
    here, there = p.units[i].at, p.units[j].at
    assert here is not None and there is not None
    reveal(p, i, "it fires")
    smf = g.smf[j]
    params = {"target": "smf" if smf else "unit", "range": range_between(here, there),
              "cover": bool(cover_for_attack(g.board, here, there, p.smoke_spaces())),
              "target_status": "good_order" if smf else p.units[j].status, "retreat": False}
    r = p.ruling("sniper-fire", params, f"{p.name(i)} snipes at {p.name(j)} in {sp(there)}")
    eliminate(p, i, "removed")
    if smf:
        apply_result(p, j, r.result, "sniper_fire")
    else:
        result_or_retreat(p, j, r.result, hits_of(r), True, here, r)


def do_op_fire(p: Play, a: Action, i: int) -> None:
    """Seed "Opportunity Fire", "Vehicle Opportunity Fire": the chosen unit fires one weapon (CF-83) at the unit
    that entered the space (or the units about to close assault it), and only then is marked as having op fired.
    Pinned, the mover ends its move where it is; suppressed, in the space it left; destroyed with a leader there,
    its owner may sacrifice him (CF-99)."""
    d = p.decision
    assert d is not None
    g = p.game
    context = d.data[0]
    reveal(p, i, "it fires")
    firer_at = p.units[i].at
    assert firer_at is not None
    if context == "move":
        _, mover, prev, s, rest = d.data
        targets = [mover]
    else:
        targets = [j for j in d.data[1] if p.alive(j)]
    # The weapon is chosen while the firer is still free to op fire: marking it first would refuse every weapon
    # but an MG (seed "Opportunity Fire", "Vehicle Opportunity Fire"; CF-83).
    special = g.has_vehicles or g.types[i].anti_tank is not None
    weapons: list[tuple[int, str]] = []
    for j in targets:
        at = p.units[j].at
        assert at is not None
        how = p.op_weapon(i, at, j) if special else "small"
        if how is not None:
            weapons.append((j, how))
    p.set(i, op_fired=True)
    jammed = False
    results: dict[int, str] = {}
    for j, how in weapons:
        at = p.units[j].at
        assert at is not None
        about = f"{p.name(i)} takes opportunity fire at {p.name(j)} in {sp(at)}"
        if how == "at":
            p.set(i, at_fired=True)
            r = p.ruling("anti-tank-fire", at_params(p, i, j), about)
            results[j] = r.result
            continue
        params = {"weapon": g.types[i].weapon_key, "range": range_between(firer_at, at),
                  "cover": bool(cover_for_attack(g.board, firer_at, at, p.smoke_spaces())),
                  "target_status": p.units[j].status}
        if g.vehicle[i]:
            params["shooter_pinned"] = p.units[i].status != "good_order"
        r = p.ruling("opportunity-fire", params, about)
        res = r.result
        if res.endswith(", MG jammed"):
            jammed = True
            res = res.removesuffix(", MG jammed")
        results[j] = res
    if jammed:
        p.set(i, jammed=True)
    for j, res in results.items():
        apply_result(p, j, res, "direct_fire", None if context == "move" else firer_at)
    if context == "move":
        if not p.alive(mover):
            return
        if results.get(mover) == "destroyed":
            # destroyed with a leader in the space: the owner may sacrifice him (CF-61), and the unit so saved
            # is suppressed by this op fire, so it ends in the space it left and moves no further (seed
            # "Opportunity Fire", CF-99); declined, it is destroyed. Either way its move ends here.
            back = [k for k, e in enumerate(p.decisions) if e.kind == "sacrifice" and e.data[0] == mover]
            for k in back:
                cast("list[Decision]", p.decisions)[k] = Decision("sacrifice", p.decisions[k].side,
                                                                  (*p.decisions[k].data[:2], prev))
            return
        status = p.units[mover].status
        if results.get(mover) == "pinned" and status == "pinned":
            p.say(f"{p.name(mover)} is pinned by op fire and ends its move in {sp(s)}")
            return
        if results.get(mover) == "suppressed":
            p.set(mover, at=prev, bocage=False)
            p.say(f"{p.name(mover)} is suppressed by op fire and ends in {sp(prev)}, the space it left")
            return
        if rest:
            continue_move(p, mover, s, rest)
    else:
        close_assault(p, [j for j in d.data[1] if p.alive(j) and may_assault_now(p, j)], d.data[2])


def do_pass(p: Play, a: Action, i: int) -> None:
    d = p.decision
    assert d is not None
    p.say(f"the {d.side} holds its fire")
    if d.data[0] == "move":
        _, mover, _, s, rest = d.data
        if rest:
            continue_move(p, mover, s, rest)
    else:
        close_assault(p, list(d.data[1]), d.data[2])
