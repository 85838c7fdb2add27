"""Company Fire game: the exact odds of an action before it is taken (design "Odds before acting").

:func:`odds_of` builds the procedure parameters that playing the action would use, from the same functions
(:mod:`.fire`, :mod:`.assault`), and asks ``warroom.core.api.odds`` for the distribution of results on each
target: fire and recon by fire (seed "Individual Unit Fire", CF-47), group fire (seed "Group Fire"), anti-tank
fire (seed "Attacking vehicles", CF-76), sniper fire (seed "Single Mounted Figures (SMFs)"), HE missions (seed
"Artillery") and close assaults (seed "Close Assault", CF-84, CF-89); and, CF-135 ... CF-138, opportunity fire (seed
"Opportunity Fire", the weapon :meth:`op_weapon` picks), the Movement Test of a move that needs one and the passage
of each marked minefield on its way (seed "Movement", "Mines (beta)"), rally (seed "Unit Status, Hit Results and
Rallying"), looking for a path and clearing mines (seed "Mines (beta)") and smoke missions (seed "Artillery").
An action that rolls no die has no odds: an empty answer.

:func:`plan_of` is the list of rolls an action makes, each as (label, procedure, parameters), in the order play
makes them; :func:`odds_of` evaluates each exactly. Everything is read as the acting side may know it (CF-130,
CF-135: a marked minefield is rolled for as if real).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from warroom.core.api import odds as exact_odds
from warroom.core.errors import UsageError
from warroom.core.game import CONDITIONAL
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import ROLES, other_side, sp
from warroom.rulesets.company_fire.game.consequences import assault_params
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.fire import at_params, fire_params, victims
from warroom.rulesets.company_fire.game.legal import why_illegal
from warroom.rulesets.company_fire.game.move import route_of, takes_movement_test
from warroom.rulesets.company_fire.game.state import CFState
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.los import cover_for_attack
from warroom.rulesets.company_fire.vehicles import facing_towards

NO_DICE = frozenset({
    "end", "pass", "retreat", "take_hits", "sacrifice", "decline", "lose", "occupy", "stay",
    "button_up", "pivot", "turret", "mount", "dismount", "occupy_bocage", "mortar_smoke",
})
"""The kinds of action that roll no die of their own: their odds are empty. What follows them is another
decision or a table read without dice; the initiative card, the game clock and artillery arriving are the turn
sequence's, and a roll another decision lets go on (an assault that goes in when the defenders hold their op
fire) is shown with the action that set it going (CF-137, CF-138)."""

Plan = list[tuple[str, str, dict[str, Any]]]


def odds_of(s: CFState, a: Hashable) -> dict[str, dict[str, Fraction]]:
    """Design "Odds before acting": the exact distribution of every roll :func:`plan_of` lists, by its label."""
    return {label: dict(exact_odds(f"company-fire/{proc}", params).distribution)
            for label, proc, params in plan_of(s, a)}


FIRE_KINDS = frozenset({"fire", "group_fire", "op_fire"})
"""The kinds whose rolls are attacks by the fire table's dice (seed "Individual Unit Fire", "Group Fire",
"Opportunity Fire"): a roll of theirs that throws no die cannot hit."""

NO_DICE_NOTE = "cannot hit: no dice after reductions (CF-147)"


def note_of(s: CFState, action: Hashable) -> str:
    """CF-147: a fire whose every roll is left with no dice by its reductions (CF-6) is still a legal action, a
    unit's fire for the card that reveals nothing (seed "Recon by Fire": only a result other than a miss reveals
    a blind), and is listed with :data:`NO_DICE_NOTE`; any other action has no note (``""``). Read from the
    action's own rolls (:func:`plan_of`) as the acting side may know them: a roll that throws no die has one
    outcome and no chance in it."""
    a = action if type(action) is Action else None
    if a is None:
        legal = s.legal_actions()
        if action not in legal:
            raise UsageError(why_illegal(s, action, legal))
        a = legal[legal.index(action)]
    if a.kind not in FIRE_KINDS:
        return ""
    plan = plan_of(s, a)
    if plan and all(exact_odds(f"company-fire/{proc}", params).leaves == 1 for _, proc, params in plan):
        return NO_DICE_NOTE
    return ""


def plan_of(s: CFState, action: Hashable) -> Plan:
    """The rolls playing ``action`` makes, each as (label, procedure, parameters), as the acting side may know
    them; an illegal action is one :class:`UsageError`."""
    g = s.game
    legal = s.legal_actions()
    if action not in legal:
        raise UsageError(why_illegal(s, action, legal))
    a = action if type(action) is Action else legal[legal.index(action)]  # a plain tuple equal to an Action
    if a.kind in NO_DICE:
        return []
    p = Play(s)
    i = g.index.get(a.unit, -1)
    out: Plan = []

    if a.kind == "fire":
        assert a.space is not None
        enemy = other_side(g.side_of[i])
        weapon = g.types[i].weapon
        # small arms roll at no armoured vehicle (CF-71), as fire.do_fire
        units, blind = victims(p, enemy, a.space, bool(weapon and weapon.small_arms))
        if blind:  # CF-130: a blind is one target, whatever is under it
            units = []
            out.append((f"blind at {sp(a.space)}", "individual-fire", fire_params(p, i, a.space, -1, True)))
        for j in units:
            out.append((g.ids[j], "individual-fire", fire_params(p, i, a.space, j, False)))
    elif a.kind == "group_fire":
        assert a.space is not None
        here = s.units[i].at
        side = g.side_of[i]
        firers = p.group_firers(here, side)  # type: ignore[arg-type]
        small_arms = all(g.types[k].weapon.small_arms for k in firers)  # type: ignore[union-attr]
        units, blind = victims(p, other_side(side), a.space, small_arms)  # CF-71, as fire.do_group_fire
        for j in [-1] if blind else units:  # CF-130: a blind is one target
            out.append((g.ids[j] if j >= 0 else f"blind at {sp(a.space)}", "group-fire", {
                "firers": tuple(g.types[k].weapon_key for k in firers), "leader": s.leaders_in(here, side),  # type: ignore[arg-type]
                "range": range_between(here, a.space),  # type: ignore[arg-type]
                "cover": bool(cover_for_attack(g.board, here, a.space, s.smoke_spaces())),  # type: ignore[arg-type]
                "card": s.card(), "recon_by_fire": blind,
                "pinned_firers": any(s.units[k].status == "pinned" for k in firers),
                "target_status": s.units[j].status if j >= 0 else "good_order"}))
    elif a.kind == "declare_he":
        out += _he_plan(p, a.space, g.side_of[i])  # type: ignore[arg-type]
    elif a.kind == "declare_smoke":
        assert a.space is not None
        out.append((f"smoke on {sp(a.space)}", "artillery", {"mission": "smoke"}))
    elif a.kind == "assault":
        assert a.space is not None
        attackers = [i] + ([g.index[a.other]] if a.other else [])
        defenders = [j for j in s.at(a.space, other_side(g.side_of[i])) if not g.smf[j] and s.units[j].riding < 0]
        here = s.units[i].at
        out.append((f"close assault on {sp(a.space)}", "close-assault",
                    assault_params(s, attackers, here, defenders, a.space)))  # type: ignore[arg-type]
    elif a.kind == "at_fire":
        out.append((a.other, "anti-tank-fire", at_params(p, i, g.index[a.other])))
    elif a.kind == "snipe":
        j = g.index[a.other]
        here, there = s.units[i].at, s.units[j].at
        smf = g.smf[j]
        out.append((a.other, "sniper-fire", {
            "target": "smf" if smf else "unit", "range": range_between(here, there),  # type: ignore[arg-type]
            "cover": bool(cover_for_attack(g.board, here, there, s.smoke_spaces())),  # type: ignore[arg-type]
            "target_status": "good_order" if smf else s.units[j].status}))
    elif a.kind == "op_fire":
        out += _op_fire_plan(p, i)
    elif a.kind in ("move", "assault_move", "fall_back", "leader_move"):
        out += _move_plan(p, a, i)
    elif a.kind == "rally":
        u = s.units[i]
        side = g.side_of[i]
        out.append((f"{a.unit} rallies", "rally", {  # as morale.do_rally, CF-126
            "status": u.status, "enemy_los": p.apparent_watchers(side, u.at, good_order=True),  # type: ignore[arg-type]
            "experience": g.units[i].experience, "leader": p.leaders_in(u.at, side)}))  # type: ignore[arg-type]
    elif a.kind == "find_path":
        assert a.space is not None
        out.append((f"path through the minefield at {sp(a.space)}", "minefield-find-path",
                    {"engineers": g.types[i].has("engineer")}))
    elif a.kind == "clear_mines":
        assert a.space is not None
        side = g.side_of[i]
        clearers = [j for j in p.at(a.space, side) if not p.units[j].done]
        out.append((f"clearing the minefield at {sp(a.space)} (if it is real)", "minefield-clear", {  # CF-135
            "field": "real", "engineers": any(g.types[j].has("engineer") for j in clearers)}))
    else:  # pragma: no cover - every kind of KINDS is above or in NO_DICE (tests/test_game_odds.py)
        raise AssertionError(f"no odds plan for the action kind {a.kind!r}")
    return out


def _he_plan(p: Play, space: Space, side: str) -> Plan:
    """CF-136: an HE mission's odds as if it arrived now, on what the declaring side sees in the space (a blind is
    one good-order unit, CF-129, CF-130; no unit, an empty space), observed as the space is now (bocage and the
    side's observers)."""
    g = p.game
    cover = B.space_cover(g.board, space, p.smoke_spaces())
    observers = [j for j in p.living(side) if g.types[j].has("forward_observer")]
    observed = (not B.has_bocage(g.board, space)
                or any(p.sees(p.units[j].at, space) for j in observers))  # type: ignore[arg-type]
    base = {"mission": "he", "cover": cover, "observed": observed}
    if any(space in p.blind_spaces(who) for who in ROLES):  # CF-129, CF-130
        return [(f"blind at {sp(space)}", "artillery", {**base, "target": "unit", "target_status": "good_order"})]
    here = [j for j in p.at(space) if not p.units[j].hidden]
    targets = [j for j in here if not g.smf[j]] or [j for j in here if g.smf[j]]
    if not targets:  # nothing the side can see there: the mission lands on an empty space, as play rolls it
        return [(f"nothing in {sp(space)} now", "artillery", {"mission": "he", "target": "none",
                                                              "observed": observed})]
    return [(g.ids[j], "artillery", {**base, "target": "smf" if g.smf[j] else "unit",
                                     "target_status": "good_order" if g.smf[j] else p.units[j].status,
                                     "arrival_checked": n > 0})
            for n, j in enumerate(targets)]


def _op_fire_plan(p: Play, i: int) -> Plan:
    """Seed "Opportunity Fire": a roll at each target of the decision, with the weapon ``op_weapon`` picks (as
    fire.do_op_fire)."""
    g = p.game
    d = p.decisions[0]
    firer_at = p.units[i].at
    assert firer_at is not None
    targets = [d.data[1]] if d.data[0] == "move" else [j for j in d.data[1] if p.alive(j)]
    special = g.has_vehicles or g.types[i].anti_tank is not None
    out: Plan = []
    for j in targets:
        at = p.units[j].at
        assert at is not None
        how = p.op_weapon(i, at, j) if special else "small"
        if how is None:
            continue
        if how == "at":
            out.append((g.ids[j], "anti-tank-fire", at_params(p, i, j)))
            continue
        params: dict[str, Any] = {
            "weapon": g.types[i].weapon_key, "range": range_between(firer_at, at),
            "cover": bool(cover_for_attack(g.board, firer_at, at, p.smoke_spaces())),
            "target_status": p.units[j].status}
        if g.vehicle[i]:
            params["shooter_pinned"] = p.units[i].status != "good_order"
        out.append((g.ids[j], "opportunity-fire", params))
    return out


def _move_plan(p: Play, a: Action, i: int) -> Plan:
    """Seed "Movement" (the Movement Test, as move.start_move) and "Mines (beta)" (CF-12, CF-52, CF-135, CF-137):
    the test when the move needs one, then a passage roll for each marked enemy minefield the path goes through
    (not the one it ends in, where it stops), each given as if reached."""
    g = p.game
    assert a.space is not None
    kind = a.kind
    side = g.side_of[i]
    path = route_of(p, a, i)  # the route the action names (CF-120)
    u = p.units[i]
    out: Plan = []
    if takes_movement_test(p, i, kind, path):
        dest = path[-1]
        out.append((f"{a.unit}: Movement Test (failing, it stays put)", "movement-test", {
            "destination": "cover" if B.space_cover(g.board, dest, p.smoke_spaces()) else "open",
            "enemy_op_fire_los": p.in_enemy_los(side, dest, op_fire_only=True, mover=i),
            "experience": g.units[i].experience,
            "leader": p.leaders_in(u.at, side),  # type: ignore[arg-type]
            "fall_back": kind == "fall_back"}))
    target = {"target": "smf" if g.smf[i] else "unit", "target_status": "good_order" if g.smf[i] else u.status}
    for s in path[:-1]:
        # only the marked fields: an unmarked one is unknown to the mover (CF-52) and never shown
        m = next((m for m in p.mines if not m.gone and m.marked and m.at == s and m.laid_by != side), None)
        if m is None:
            continue
        out.append((f"{a.unit}: passing the marked minefield at {sp(s)} (if it is real)",
                    "minefield-follow-path" if m.path else "minefield-passage", {"field": "real", **target}))
    return out + _op_fire_risk(p, a, i, path)


def _op_fire_risk(p: Play, a: Action, i: int, path: tuple[Space, ...]) -> Plan:
    """CF-148 (seed "Opportunity Fire", "Vehicle Opportunity Fire"): for each space of the path and each enemy unit
    the mover's side knows (on the table, not under a blind: CF-57) that could op fire at the mover there, as play
    asks it (:meth:`op_firers`: free to op fire, in range and in sight, the mover standing in that space; the
    weapon :meth:`op_weapon` picks, as fire.do_op_fire), the roll that op fire would make, labelled by whom and
    where: odds conditional on the enemy's choosing to fire there. An SMF draws no op fire (seed "Single Mounted
    Figures (SMFs)"). A vehicle's move is given its own rolls only: the op fire a moving vehicle draws (its facing
    and arcs step by step, "Vehicle Opportunity Fire") is not yet worked out here. ``p`` is the plan's working
    copy: the mover is walked along the path in it."""
    g = p.game
    if g.smf[i] or g.vehicle[i]:
        return []
    enemy = other_side(g.side_of[i])
    known = [k for k in p.living(enemy) if not p.units[k].hidden and p.units[k].at is not None]
    out: Plan = []
    prev = p.units[i].at
    assert prev is not None
    for s in path:
        p.set(i, at=s, facing=facing_towards(prev, s)) if g.vehicle[i] else p.set(i, at=s)
        for k in known:
            there = p.units[k].at
            assert there is not None
            if not (p.may_op_fire(k, s, i) and p.sees(there, s)):
                continue
            how = p.op_weapon(k, s, i) if g.has_vehicles or g.types[k].anti_tank is not None else "small"
            if how is None:
                continue
            label = f"{CONDITIONAL}{g.ids[k]} ({sp(there)}) takes opportunity fire at {a.unit} in {sp(s)}"
            if how == "at":
                out.append((label, "anti-tank-fire", at_params(p, k, i)))
                continue
            params: dict[str, Any] = {
                "weapon": g.types[k].weapon_key, "range": range_between(there, s),
                "cover": bool(cover_for_attack(g.board, there, s, p.smoke_spaces())),
                "target_status": p.units[i].status}
            if g.vehicle[k]:
                params["shooter_pinned"] = p.units[k].status != "good_order"
            out.append((label, "opportunity-fire", params))
        prev = s
    return out
