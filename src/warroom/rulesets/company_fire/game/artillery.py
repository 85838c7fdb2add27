"""Company Fire game: artillery and smoke (seed "Artillery"; CF-50, CF-51).

On a Fire card a forward observer marks a space in its LOS; the mission is used when declared, and arrives on
the side's next Fire card (CF-50): HE on every unit in the space, riders included (CF-93), observed or not;
smoke that blocks LOS into and out of the space until the side regains the initiative (CF-51). A side with no
missions left, and none on the way, loses its forward observers (CF-50). A light mortar fires its smoke rounds
itself (seed "Individual Unit Fire", CF-51).
"""

from __future__ import annotations

from typing import Any, cast

from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import ROLES, Mission, Smoke, other_side, sp
from warroom.rulesets.company_fire.game.consequences import apply_result, eliminate, hits_of
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.observe import reveal, reveal_space


def do_declare_he(p: Play, a: Action, i: int) -> None:
    declare(p, a, i, "he")


def do_declare_smoke(p: Play, a: Action, i: int) -> None:
    declare(p, a, i, "smoke")


def declare(p: Play, a: Action, i: int, kind: str) -> None:
    """Seed "Artillery": on a Fire card a forward observer marks a space in its LOS; the mission arrives
    on the side's next Fire card. The mission is used when declared (CF-50); a hidden FO stays hidden."""
    assert a.space is not None
    side = p.game.side_of[i]
    n = ROLES.index(side)
    he, smoke = p.missions[n]
    cast("list[tuple[int, int]]", p.missions)[n] = (he - 1, smoke) if kind == "he" else (he, smoke - 1)
    p.set(i, done=True, fired=True)
    cast("list[Mission]", p.declared).append(Mission(side, i, a.space, kind, ready=False))
    p.say(f"{p.name(i)} calls a{'n HE' if kind == 'he' else ' smoke'} mission on {sp(a.space)}; it "
          f"arrives on the {side}'s next Fire card", side if p.units[i].hidden else "all")
    if p.units[i].hidden:
        p.say(f"the {side} marks {sp(a.space)} as an artillery target", other_side(side))


def artillery_arrives(p: Play) -> None:
    g = p.game
    side = p.init.phasing
    arriving = [m for m in p.declared if m.side == side and m.ready]
    if not arriving:
        return
    p.declared = [m for m in p.declared if not (m.side == side and m.ready)]
    for m in arriving:
        enemy_units = [j for j in p.at(m.space) if not g.smf[j]]
        smfs = [j for j in p.at(m.space) if g.smf[j]]
        observers = [j for j in p.living(side) if g.types[j].has("forward_observer")]
        # observed across bocage: by a forward observer of the side seeing the space as it lands (CF-106)
        observed = (not B.has_bocage(g.board, m.space)
                    or any(p.sees(p.units[j].at, m.space) for j in observers))  # type: ignore[arg-type]
        cover = B.space_cover(g.board, m.space, p.smoke_spaces())
        about = f"the {side}'s {'HE' if m.kind == 'he' else 'smoke'} mission on {sp(m.space)}"
        if m.kind == "smoke":
            r = p.ruling("artillery", {"mission": "smoke"}, about)
            if r.result == "smoke placed":
                p.smoke = [s for s in p.smoke if s.space != m.space] + [Smoke(m.space, side)]
                p.touch()
            continue
        blind = next((who for who in ROLES if m.space in p.blind_spaces(who)), None)
        if blind is not None:
            he_on_blind(p, blind, m.space, about, {"mission": "he", "cover": cover, "observed": observed,
                                                    "target": "unit", "target_status": "good_order"})
            continue
        targets = enemy_units or smfs
        if not targets:
            p.ruling("artillery", {"mission": "he", "target": "none", "observed": observed}, about)
            continue
        first = True
        results: list[tuple[int, str]] = []
        hit_blind = False
        for j in targets:
            smf = g.smf[j]
            r = p.ruling("artillery", {"mission": "he", "cover": cover, "observed": observed,
                                       "target": "smf" if smf else "unit",
                                       "target_status": "good_order" if smf else p.units[j].status,
                                       "arrival_checked": not first},
                         f"{about}: on {p.public_name(j)}")
            first = False
            if r.result == "denied":
                break
            results.append((j, r.result))
            hit_blind = hit_blind or (p.units[j].hidden and hits_of(r) > 0)
        if hit_blind:
            reveal_space(p, g.side_of[targets[0]], m.space, "the shells scored a hit")
        for j, res in results:
            if p.alive(j):
                apply_result(p, j, res, "artillery_he")
    retire_observers(p, side)


def he_on_blind(p: Play, side: str, space: Space, about: str, params: dict[str, Any]) -> None:
    """CF-129: HE on a blind, real or dummy, is rolled once, as on one good-order unit in the space, so the
    enemy reads the same roll whatever is under it. No hit (or the mission denied): the blind stays unrevealed.
    A hit reveals it (CF-47 (3); a dummy is removed), and the result applies to each unit that was under it."""
    r = p.ruling("artillery", params, f"{about}: on the blind at {sp(space)}")
    if r.result == "denied" or hits_of(r) == 0:
        p.say(f"no hits: the blind at {sp(space)} stays unrevealed")
        return
    under = [j for j in p.at(space, side) if p.units[j].hidden]
    reveal_space(p, side, space, "the shells scored a hit")
    for j in under:
        if p.alive(j):
            apply_result(p, j, r.result, "artillery_he")


def retire_observers(p: Play, side: str) -> None:
    """CF-50: when a side has no missions left (and none on the way), its forward observers leave."""
    n = ROLES.index(side)
    if sum(p.missions[n]) == 0 and not any(m.side == side for m in p.declared):
        for j in list(p.living(side)):
            if p.game.types[j].has("forward_observer"):
                eliminate(p, j, "removed")


def do_mortar_smoke(p: Play, a: Action, i: int) -> None:
    assert a.space is not None
    reveal(p, i, "it fires")
    p.set(i, fired=True, done=True, smoke_rounds=p.units[i].smoke_rounds - 1)
    side = p.game.side_of[i]
    p.smoke = [s for s in p.smoke if s.space != a.space] + [Smoke(a.space, side)]
    p.touch()
    p.say(f"{p.name(i)} fires a smoke round at {sp(a.space)}: smoke blocks LOS into and out of the space "
          f"until the {side} regains the initiative (CF-51; {p.units[i].smoke_rounds} left)")
