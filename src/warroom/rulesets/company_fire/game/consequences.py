"""Company Fire game: the consequences that more than one rule family sets off, below them all.

The rule families (:mod:`.move`, :mod:`.fire`, :mod:`.assault`, :mod:`.artillery`, :mod:`.morale`, :mod:`.mines`,
:mod:`.transport`) never import one another (an import-linter contract in pyproject keeps it so); what one family's
action brings about in another's rules is here, a function of the working copy (:class:`.effects.Play`):

- a hit-table result applied to a unit (seed "Unit Status, Hit Results and Rallying"): a hidden unit hit is
  revealed (CF-47); a suppressed unit abandons the bocage (seed "Bocage"); a vehicle newly suppressed by an
  attack moves one space away from it (seed "Vehicle Hit Results", CF-70); a unit destroyed with a leader in its
  space leaves its side the choice of sacrificing him instead (seed "Single Mounted Figures (SMFs)", CF-61);
  SMFs left with no unit of their space go with it; a destroyed carrier's riders bail out (CF-94), a suppressed
  one's are pinned with it (CF-94); a small-arms target may retreat a space to take a hit fewer (seed "Hit
  Reduction", CF-3; a vehicle too, CF-85);
- minefields entered and left (seed "Mines (beta)"; CF-12, CF-52, CF-104);
- a move walked a space at a time (:func:`continue_move`): lone enemy SMFs overrun (CF-34), mines, blinds next to
  the mover revealed, and the enemy's opportunity fire at each space entered in its sight (seed "Movement",
  "Opportunity Fire"; CF-60, CF-100), begun by :mod:`.move` and resumed after opportunity fire by :mod:`.fire`;
- a close assault rolled (seed "Close Assault"; CF-8, and vehicles CF-84, CF-89: :func:`close_assault`), declared
  by :mod:`.assault` and rolled there or after the defenders' opportunity fire by :mod:`.fire`.
"""

from __future__ import annotations

from typing import Any, cast

from warroom.core.api import odds as exact_odds
from warroom.core.rolled import Rolled
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.common import ALIVE, MAX_RANGE, Decision, other_side, sp
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.observe import reveal, reveal_space
from warroom.rulesets.company_fire.game.rules import Rules
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.vehicles import facing_towards, in_front

# --- results on units ------------------------------------------------------------------------------------------

STATUS_WORD = {"good order": "good_order", "pinned": "pinned", "suppressed": "suppressed", "destroyed": "destroyed"}


def hit_table(p: Play, j: int, hits: int, what: str) -> str:
    """The hit table read for ``hits`` on unit ``j``; an SMF ignores a pin and is eliminated on a suppressed or
    destroyed result (seed "Single Mounted Figures (SMFs)")."""
    smf = p.game.smf[j]
    r = p.ruling("hit-result", {"hits": hits, "target_status": "good_order" if smf else p.units[j].status,
                                "target": "smf" if smf else "unit", "retreat": False},
                 f"{p.name(j)} takes {hits} hit{'s' if hits != 1 else ''} from the same {what}")
    return r.result


def apply_result(p: Play, j: int, result: str, cause: str, source: Space | None = None) -> None:
    """Apply a hit-table result to unit ``j`` (seed "Unit Status, Hit Results and Rallying", SMFs). A vehicle
    newly suppressed by an attack from ``source`` must move one space away from it (seed "Vehicle Hit
    Results", CF-70)."""
    if source is not None and p.game.vehicle[j] and STATUS_WORD[result] == "suppressed" \
            and p.units[j].status != "suppressed":
        _apply_result(p, j, result, cause)
        forced_move(p, j, source)
        return
    _apply_result(p, j, result, cause)


def forced_move(p: Play, j: int, source: Space) -> None:
    """CF-70: a suppressed vehicle moves one space away from the enemy that hit it; the owner chooses
    among several spaces; with none it stays. It backs away: its facing stays."""
    if not p.alive(j):
        return
    options = p.assault_retreats(j, source)
    if not options:
        p.say(f"{p.name(j)} is suppressed but has no space to move away to: it stays (CF-70)")
    elif len(options) == 1:
        p.set(j, at=options[0])
        p.say(f"{p.name(j)} is suppressed and must move one space away from the enemy: to "
              f"{sp(options[0])} (seed \"Vehicle Hit Results\")")
    else:
        cast("list[Decision]", p.decisions).append(Decision("ca_retreat", p.game.side_of[j], (j, source)))


def _apply_result(p: Play, j: int, result: str, cause: str) -> None:
    g = p.game
    status = STATUS_WORD[result]
    u = p.units[j]
    if u.hidden and status != u.status:
        reveal(p, j, "it was hit")
    if g.smf[j]:
        if status == "destroyed":
            eliminate(p, j, "destroyed")
        return
    if status == u.status:
        return
    if status == "destroyed":
        leaders = [k for k in p.at(u.at, g.side_of[j])  # type: ignore[arg-type]
                   if g.types[k].leader]
        if leaders:
            sacrifice = Decision("sacrifice", g.side_of[j], (j, tuple(leaders)))
            cast("list[Decision]", p.decisions).insert(0, sacrifice)
            return
        eliminate(p, j, "destroyed")
        return
    p.set(j, status=status, bocage=u.bocage and status != "suppressed")
    if u.bocage and status == "suppressed":
        p.say(f"{p.name(j)} is suppressed and abandons the bocage (seed \"Bocage\")")
    if status == "suppressed":
        shake_riders(p, j)


def eliminate(p: Play, j: int, how: str) -> None:
    """Take a unit off the table: ``destroyed`` (counts for victory) or ``removed`` by the rules."""
    g = p.game
    at = p.units[j].at
    hidden = p.units[j].hidden and how != "destroyed"
    aboard = p.riders(j) if g.transport and g.vehicle[j] else []
    p.set(j, status=how, at=None, hidden=hidden, bocage=False, riding=-1)
    p.say(f"{p.name(j)} is {'destroyed' if how == 'destroyed' else 'removed from the table'}",
          p.game.side_of[j] if hidden else "all")
    # a forward observer's mission already called still arrives (CF-107)
    if at is None or g.smf[j]:
        return
    if aboard:
        bail_out(p, j, at, aboard)
    side = g.side_of[j]
    here = p.at(at, side)
    if here and all(g.smf[k] for k in here):
        for k in here:
            p.ruling("smf-elimination", {"cause": "stack_destroyed", "alone": False},
                     f"{p.name(k)} was with the units destroyed in {sp(at)}")
            eliminate(p, k, "destroyed")


def bail_out(p: Play, j: int, at: Space, aboard: list[int]) -> None:
    """CF-94: the riders of a destroyed carrier bail out into its space, each suppressed (destroyed if it
    already was); one the stacking limit leaves no room for is lost with the carrier. SMFs then follow the
    seed's rule for SMFs left without their units (:func:`eliminate`)."""
    g = p.game
    for k in aboard:
        p.set(k, riding=-1)
    p.say(f"{', '.join(p.name(k) for k in aboard)} bail{'s' if len(aboard) == 1 else ''} out of "
          f"{p.name(j)} in {sp(at)} (CF-94)")
    for k in sorted(aboard, key=lambda x: g.smf[x]):
        if not p.alive(k) or g.smf[k]:
            continue
        if not p.space_takes(k, at):
            p.say(f"{p.name(k)} has no room in {sp(at)} (seed \"Stacking\"): lost with its carrier")
            eliminate(p, k, "destroyed")
            continue
        result = "destroyed" if p.units[k].status == "suppressed" else "suppressed"
        if result == "suppressed":
            p.say(f"{p.name(k)} is suppressed as it bails out (CF-94)")
        else:
            p.say(f"{p.name(k)} was already suppressed: bailing out finishes it (CF-94)")
        _apply_result(p, k, result, "bail_out")


def result_or_retreat(p: Play, j: int, result: str, hits: int, small_arms: bool, source: Space | None,
                      rolled: Rolled | None = None, tell: bool = False) -> None:
    """Apply ``result`` to unit ``j``, or offer its side the hit-reduction retreat (seed "Hit Reduction", CF-3);
    offered, the ruling ``rolled`` says in its result line what the retreat would make it (CF-149), or, with
    ``tell`` (a roll made for a blind, whose ruling is the same whatever was under it: CF-131), a line after it
    does."""
    if small_arms and hits > 0 and source is not None and not p.game.smf[j] \
            and p.retreat_options(j, source):
        retreat = Decision("retreat", p.game.side_of[j], (j, hits, result, source))
        cast("list[Decision]", p.decisions).append(retreat)
        if rolled is not None:
            fewer = retreat_result(hits, p.units[j].status)
            if fewer != result:
                rolled.unless(f"unless it retreats (retreating: {fewer.upper()})")
        elif tell:
            fewer = retreat_result(hits, p.units[j].status)
            if fewer != result:
                p.say(f"{p.name(j)}: {result.upper()} unless it retreats (retreating: {fewer.upper()}; CF-149)")
        return
    apply_result(p, j, result, "direct_fire", source)


def retreat_result(hits: int, status: str) -> str:
    """CF-149: the hit table's result for a unit of ``status`` that retreats to take one hit fewer, as the
    retreat reads it (:func:`.morale.do_retreat`: the hit-result procedure with ``retreat``); certain, no die."""
    odds = exact_odds("company-fire/hit-result", {"hits": hits, "target_status": status, "target": "unit",
                                                   "retreat": True})
    return next(row for row, chance in odds.distribution if chance == 1)


def hits_of(r: Rolled) -> int:
    for label, value, _ in r.thrown:
        if label in ("fire", "op fire", "HE", "sniper", "mine damage") and isinstance(value, int):
            return int(value)
    return 0


def shake_riders(p: Play, j: int) -> None:
    """CF-94: the good-order riders (squads and teams) of a carrier left suppressed are pinned with it."""
    g = p.game
    if not (g.transport and g.vehicle[j]):
        return
    shaken = [k for k in p.riders(j) if p.units[k].status == "good_order" and not g.smf[k]]
    for k in shaken:
        p.set(k, status="pinned")
    if shaken:
        p.say(f"{', '.join(p.name(k) for k in shaken)}, riding in {p.name(j)}, "
              f"{'is' if len(shaken) == 1 else 'are'} pinned with it (CF-94)")


# --- minefields -----------------------------------------------------------------------------------------------


def _mine_target(p: Play, i: int) -> dict[str, str]:
    """The minefield procedures' target terms for unit ``i``: an SMF always rolls as in good order."""
    smf = p.game.smf[i]
    return {"target": "smf" if smf else "unit", "target_status": "good_order" if smf else p.units[i].status}


def _through_marked(p: Play, i: int, k: int, target: dict[str, str], about: str) -> bool:
    """Seed "Mines (beta)", CF-12: unit ``i`` rolls to get through the marked minefield ``k``: 5-6 (after a
    found path 1d6 + 2, 5+) and it goes (True); otherwise a dummy is removed, or a real field does its 3d6."""
    m = p.mines[k]
    proc = "minefield-follow-path" if m.path else "minefield-passage"
    r = p.ruling(proc, {"field": "real" if m.real else "dummy", **target}, about)
    if r.result == "through":
        return True
    if r.result.startswith("dummy"):
        p.set_mine(k, gone=True)
    else:
        apply_result(p, i, r.result.removeprefix("mines detonate: "), "minefield")
    return False


def mines_on_entry(p: Play, i: int, s: Space, last: bool) -> bool:
    """Seed "Mines (beta)" with CF-12 and CF-52: True when the unit may go on from ``s``. An unmarked enemy
    minefield goes off under it and is marked; a marked one it stops in stops it; one it passes through it must
    get through (:func:`_through_marked`), or it stops there."""
    side = p.game.side_of[i]
    for k, m in enumerate(p.mines):
        if m.gone or m.at != s or m.laid_by == side:
            continue
        target = _mine_target(p, i)
        if not m.marked:
            p.set_mine(k, marked=True)
            r = p.ruling("minefield-unmarked", target, f"{p.name(i)} enters {sp(s)}")
            apply_result(p, i, r.result.removeprefix("mines detonate: "), "minefield")
            return False
        if last:
            p.say(f"{p.name(i)} stops in the marked minefield at {sp(s)}")
            return False
        if _through_marked(p, i, k, target, f"{p.name(i)} tries to pass through the marked minefield at {sp(s)}"):
            return True
        p.say(f"{p.name(i)} stops in {sp(s)} (CF-12)")
        return False
    return True


def mines_on_leaving(p: Play, i: int, s: Space) -> bool:
    """CF-104: a unit moving out of a marked enemy minefield it stands in (it stopped there, or a failed pass
    stopped it) finishes crossing it, and rolls as a unit passing through does (:func:`_through_marked`); if it
    does not get through, it stays (CF-12). True when the unit may set off."""
    side = p.game.side_of[i]
    for k, m in enumerate(p.mines):
        if m.gone or m.at != s or m.laid_by == side or not m.marked:
            continue
        about = f"{p.name(i)} moves out of the marked minefield at {sp(s)}: it must get through it (CF-104)"
        if _through_marked(p, i, k, _mine_target(p, i), about):
            return True
        p.say(f"{p.name(i)} stays in {sp(s)} (CF-12, CF-104)")
        return False
    return True


# --- a move, a space at a time -------------------------------------------------------------------------------


def continue_move(p: Play, i: int, prev: Space, path: tuple[Space, ...]) -> None:
    """Walk the path a step at a time: enemy SMFs overrun, mines, blinds revealed, smoke, and
    opportunity fire at each space entered in enemy LOS, one unit firing in each window (seed "Movement",
    "Opportunity Fire"; CF-100)."""
    g = p.game
    side = g.side_of[i]
    enemy = other_side(side)
    blinds = p.blind_spaces(enemy)  # the mover's steps leave the enemy's blinds as they are
    vehicle = g.vehicle[i]
    for k, s in enumerate(path):
        last = k == len(path) - 1
        if vehicle:  # CF-65: a vehicle faces the way it moves
            p.set(i, at=s, facing=facing_towards(prev, s))
        else:
            p.set(i, at=s)
        lone = [j for j, v in enumerate(p.units) if v.at == s and g.side_of[j] == enemy and v.status in ALIVE]
        if lone:  # only enemy SMFs can be here: they are overrun (CF-34)
            for j in lone:
                p.ruling("smf-elimination", {"cause": "enemy_enters", "alone": True},
                         f"{p.name(i)} enters {sp(s)}, held only by {p.name(j)}")
                eliminate(p, j, "destroyed")
            return
        if not mines_on_entry(p, i, s, last):
            return
        if p.units[i].status not in ALIVE:
            return
        stop = False
        near = g.touching[s]
        for space in sorted(b for b in blinds if b in near):
            if reveal_space(p, enemy, space, f"{p.name(i)} moves next to it"):
                stop = True
            blinds = p.blind_spaces(enemy)
        if stop and not last:
            p.say(f"{p.name(i)} must stop in {sp(s)}: enemy units next to it (seed \"Movement\")")
        if not g.smf[i] and p.units[i].status in ALIVE:
            firers = p.op_firers(enemy, s, i)
            apparent = firers or any(p.sees(b, s) and range_between(b, s) <= MAX_RANGE
                                     for b in p.blind_spaces(enemy))
            if apparent:
                rest = () if stop else path[k + 1:]
                decision = Decision("opfire", enemy, ("move", i, prev, s, rest))
                cast("list[Decision]", p.decisions).insert(0, decision)
                return
        if stop:
            return
        prev = s


# --- close assault -------------------------------------------------------------------------------------------


def may_assault_now(p: Play, j: int) -> bool:
    """Good order, or a pinned vehicle (it assaults at a penalty, CF-84)."""
    st = p.units[j].status
    return st == "good_order" or (st == "pinned" and p.game.vehicle[j])


def close_assault(p: Play, attackers: list[int], target: Space) -> None:
    """Seed "Close Assault": both sides roll 1d6 plus modifiers (the procedure); the margin is hits on
    each losing unit; suppressed losers retreat or are destroyed; a tie loses units 1:1 (CF-8)."""
    g = p.game
    attackers = [j for j in attackers if p.alive(j) and may_assault_now(p, j)]
    if not attackers:
        p.say("no attacker is left in good order: the close assault does not go in (seed \"Close Assault\")")
        return
    side = g.side_of[attackers[0]]
    enemy = other_side(side)
    defenders = [j for j in p.at(target, enemy) if not g.smf[j] and p.units[j].riding < 0]
    if not defenders:
        p.say(f"no defender is left in {sp(target)}")
        return
    here = p.units[attackers[0]].at
    assert here is not None
    params = assault_params(p, attackers, here, defenders, target)
    r = p.ruling("close-assault", params, f"close assault on {sp(target)}")
    result = r.result
    if result.startswith("tie"):
        n = min(len(attackers), len(defenders))
        cast("list[Decision]", p.decisions)[0:0] = [Decision("lose", side, (tuple(attackers), n)),
                               Decision("lose", enemy, (tuple(defenders), n))]
        settle_losses(p)
        return
    hits = 3 if "3+" in result else int(result.split("by ")[1][0])
    losers, winners = (defenders, attackers) if result.startswith("attackers") else (attackers, defenders)
    win_space = p.units[winners[0]].at
    for j in losers:
        if not p.alive(j):
            continue
        res = hit_table(p, j, hits, "close assault")
        if res == "suppressed":
            apply_result(p, j, res, "close_assault")
            options = p.assault_retreats(j, win_space)  # type: ignore[arg-type]
            if not options:
                p.say(f"{p.name(j)} is suppressed and cannot retreat: destroyed (seed \"Close Assault\")")
                eliminate(p, j, "destroyed")
            elif len(options) == 1:
                p.set(j, at=options[0])
                p.say(f"{p.name(j)} is suppressed and retreats to {sp(options[0])}")
            else:
                cast("list[Decision]", p.decisions).append(Decision("ca_retreat", g.side_of[j], (j, win_space)))
        else:
            apply_result(p, j, res, "close_assault")
    if result.startswith("attackers") and not [j for j in p.at(target, enemy) if not g.smf[j]]:
        survivors = tuple(j for j in attackers if p.alive(j))
        if survivors:
            cast("list[Decision]", p.decisions).append(Decision("occupy", side, (survivors, target)))


def settle_losses(p: Play) -> None:
    """Tie losses with no choice (as many to lose as took part) are taken at once."""
    while p.decisions and p.decisions[0].kind == "lose":
        units, n = p.decisions[0].data
        left = [j for j in units if p.alive(j)]
        if n <= 0 or not left:
            cast("list[Decision]", p.decisions).pop(0)
            continue
        if len(left) <= n:
            cast("list[Decision]", p.decisions).pop(0)
            for j in left:
                eliminate(p, j, "destroyed")
            continue
        return


def assault_params(s: Rules, attackers: list[int], here: Space, defenders: list[int],
                    target: Space) -> dict[str, Any]:
    g = s.game
    side = g.side_of[attackers[0]]
    enemy = other_side(side)
    good_def = [j for j in defenders if s.units[j].status == "good_order"]
    return {
        "att_leader": s.leaders_in(here, side),
        "att_good_order": min(2, len(attackers)),
        "att_smg": any(g.types[j].has("smg_assault") for j in attackers),
        "def_leader": s.leaders_in(target, enemy),
        "def_good_order": min(2, len(good_def)),
        "def_smg": any(g.types[j].has("smg_assault") and s.units[j].status != "suppressed" for j in defenders),
        "def_mgs": sum(1 for j in defenders if g.types[j].has("mg_op_fire") and s.units[j].status != "suppressed"),
        # CF-8, CF-102: occupied bocage is reinforced cover; no terrain of the table is, and ordinary cover is no term
        "reinforced_cover": any(s.units[j].bocage for j in defenders) and B.has_bocage(g.board, target),
        "def_pinned": any(s.units[j].status == "pinned" for j in defenders),
        "def_suppressed": any(s.units[j].status == "suppressed" for j in defenders),
        "def_only_weapon_teams": all(g.types[j].weapon_crew for j in defenders),
    } | (_vehicle_assault_params(s, attackers, here, defenders, target) if g.has_vehicles else {})


def _vehicle_assault_params(s: Rules, attackers: list[int], here: Space, defenders: list[int],
                            target: Space) -> dict[str, Any]:
    """Seed "Close Assault" vehicle terms (CF-84, CF-89): vehicle MGs count when the bow faces the enemy's
    space; +3 a friendly tank, +2 another AFV; AT grenades (engineers) and AT weapons against a vehicle; a
    pinned vehicle attacks at a penalty and is not a good-order unit."""
    g = s.game
    out: dict[str, Any] = {}
    for prefix, units, enemy_space in (("att", attackers, target), ("def", defenders, here)):
        types = [g.types[j] for j in units]
        vehicles = [j for j in units if g.vehicle[j]]
        out[f"{prefix}_vehicle"] = bool(vehicles)
        out[f"{prefix}_tank"] = any(g.types[j].vehicle.close_assault == "tank" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_afv"] = any(g.types[j].vehicle.close_assault == "afv" for j in vehicles)  # type: ignore[union-attr]
        out[f"{prefix}_at_grenades"] = any(t.has("at_grenades") for t in types)
        out[f"{prefix}_at_weapons"] = any(t.anti_tank is not None and t.kind == "squad" for t in types)
        mgs = len([j for j in vehicles if g.types[j].weapon is not None and s.units[j].status != "suppressed"
                   and in_front(s.units[j].at, s.units[j].facing, enemy_space)])  # type: ignore[arg-type]
        if prefix == "att":
            out["att_vehicle_mgs"] = min(2, mgs)
        else:
            out["def_mgs"] = min(2, mgs + sum(1 for j in units if not g.vehicle[j] and g.types[j].has("mg_op_fire")
                                               and s.units[j].status != "suppressed"))
    pinned = [j for j in attackers if s.units[j].status == "pinned"]
    out["att_pinned_vehicle"] = bool(pinned)
    out["att_good_order"] = min(2, len(attackers) - len(pinned))
    return out
