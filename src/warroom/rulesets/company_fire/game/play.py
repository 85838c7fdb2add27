"""Company Fire game: play: taking an action, dispatching it to its rule family, and the turn sequence.

:func:`resolve` is ``CFState.apply`` for a legal action. :func:`act` hands the action to the function of its
rule family (:data:`_HANDLERS`: :mod:`.move`, :mod:`.fire`, :mod:`.assault`, :mod:`.artillery`, :mod:`.morale`,
:mod:`.mines`, :mod:`.transport`); :func:`advance` then resolves everything up to the next real decision: what
follows from the position alone (scouts, seed "Single Mounted Figures (SMFs)"; blinds kept whole, CF-63;
objectives held, CF-54; a side's break point, CF-56), artillery arriving (seed "Artillery"), segments in which
the side to act has nothing to do, and the next card (seed "Initiative and Phase Sequence", "Tracking Turns",
"Game Clock (optional)"; smoke clearing, CF-51). The game ends on the clock, on the turn limit or at a side's
break point; the side with more points wins, a tie as the scenario says (CF-55).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from warroom.rulesets.company_fire.game.actions import KINDS, Action
from warroom.rulesets.company_fire.game.artillery import (
    artillery_arrives,
    do_declare_he,
    do_declare_smoke,
    do_mortar_smoke,
)
from warroom.rulesets.company_fire.game.assault import do_assault, do_lose, do_occupy, do_stay
from warroom.rulesets.company_fire.game.common import ARRIVAL, RALLY, ROLES, Decision, UnitState, other_side, sp
from warroom.rulesets.company_fire.game.consequences import eliminate
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.fire import do_at_fire, do_fire, do_group_fire, do_op_fire, do_pass, do_snipe
from warroom.rulesets.company_fire.game.legal import legal_of
from warroom.rulesets.company_fire.game.mines import do_clear_mines, do_find_path
from warroom.rulesets.company_fire.game.morale import (
    do_decline,
    do_rally,
    do_retreat,
    do_sacrifice,
    do_take_hits,
)
from warroom.rulesets.company_fire.game.move import (
    do_assault_move,
    do_button_up,
    do_fall_back,
    do_leader_move,
    do_move,
    do_occupy_bocage,
    do_pivot,
    do_turret,
)
from warroom.rulesets.company_fire.game.observe import blinds_whole, reveal_space
from warroom.rulesets.company_fire.game.rules import losses_of, points_of
from warroom.rulesets.company_fire.game.state import CFState
from warroom.rulesets.company_fire.game.transport import do_dismount, do_mount
from warroom.rulesets.company_fire.initiative import SEGMENTS, end_segment, next_card


def resolve(s: CFState, a: Action) -> CFState:
    """The state after the legal action ``a``: taken on a working copy, everything that follows without a
    decision resolved, and frozen (``CFState.apply``)."""
    p = Play(s)
    act(p, a)
    advance(p)
    return p.freeze()


def act(p: Play, a: Action) -> None:
    """Take ``a``: a decision the rules handed a side comes off the queue, and the rule family resolves it."""
    p.steps += 1
    g = p.game
    i = g.index.get(a.unit, -1)
    handler = _HANDLERS[a.kind]
    if p.decisions and a.kind in ("op_fire", "pass", "retreat", "take_hits", "sacrifice", "decline", "lose",
                                  "occupy", "stay"):
        decision = cast("list[Decision]", p.decisions).pop(0)
        p.decision = decision
    handler(p, a, i)


def do_end(p: Play, a: Action, i: int) -> None:
    p.say(f"the {p.acting_side()} ends the {SEGMENTS[p.init.segment][0]} segment")
    next_segment(p)


def advance(p: Play) -> None:
    """Resolve everything up to the next real decision: scouts, arrivals, empty segments, new cards."""
    guard = 0
    while p.outcome is None:
        guard += 1
        if guard > 10_000:
            raise RuntimeError("the game made no progress (a rules loop)")
        if p.memo() is not p.settled:
            # what follows from the position alone: each is a no-op on a position already settled
            scouts_look(p)
            blinds_whole(p)
            update_objectives(p)
            if check_break(p):
                return
            p.settled = p.memo()
        if p.decisions:
            p.legal = legal_of(p)
            return
        if p.init.segment == ARRIVAL:
            artillery_arrives(p)
            next_segment(p)
            continue
        actions = legal_of(p)
        if any(a.kind != "end" for a in actions) or apparently_acts(p):
            p.legal = actions
            return
        next_segment(p)


def apparently_acts(p: Play) -> bool:
    """CF-127: a side with a blind on the table is given every segment a unit under a blind could act in (all
    but rally: a hidden unit is always in good order), and ends it itself, whether its blinds hide units that
    can act or only dummies; so the enemy never learns, from a segment skipped, that a blind is a dummy."""
    return p.init.segment not in (ARRIVAL, RALLY) and bool(p.blind_spaces(p.acting_side()))


def scouts_look(p: Play) -> None:
    """Seed "Scouts": a scout reveals every blind in its LOS, and then leaves the table."""
    g = p.game
    for j in g.scouts:
        if not p.alive(j) or p.units[j].hidden:
            continue
        side = g.side_of[j]
        at = p.units[j].at
        seen = [s for s in sorted(p.blind_spaces(other_side(side))) if p.sees(at, s)]  # type: ignore[arg-type]
        if seen:
            p.say(f"{p.name(j)} sees the blinds at {', '.join(sp(s) for s in seen)}")
            for s in seen:
                reveal_space(p, other_side(side), s, f"the scout at {sp(at)} sees it")
            eliminate(p, j, "removed")


def next_segment(p: Play) -> None:
    following = end_segment(p.init)
    if following is not None:
        p.init = following
        return
    end_card(p)


def end_card(p: Play) -> None:
    """The card is done: markers of the phase come off, declared missions wait for the next card, and
    the next card is drawn (seed "Initiative and Phase Sequence", "Opportunity Fire", "Artillery")."""
    units = cast("list[UnitState]", p.units)
    for i, u in enumerate(units):
        if u.moved or u.fired or u.done or u.rallied or u.op_fired or u.jammed or u.at_fired or u.pivoted \
                or u.turned:
            units[i] = u._replace(moved=False, fired=False, done=False, rallied=False, op_fired=False,
                                  jammed=False, at_fired=False, pivoted=False, turned=False)
    # only the card's flags changed: the position, and what was worked out about it, stay
    p.declared = [m._replace(ready=True) for m in p.declared]
    before = p.init
    change = next_card(p.init, p.rng, p.game.clock_ends_at)
    for r in change.rulings:
        p.tell(r)
    p.init = change.state
    ends = p.game.clock_ends_at
    if not change.game_over and ends is not None and before.clock < ends <= p.init.clock:
        p.say(f"the game clock has reached its end on a Joker, which does not interrupt the initiative: the game "
              f"ends when the {before.phasing}'s initiative does (CF-53)")
    if change.game_over:
        finish(p, "the game clock has run out (seed \"Game Clock (optional)\")")
        return
    rules = p.game.scenario.rules
    if change.new_initiative and p.init.phasing == "attacker" and rules.game_end == "turns" \
            and rules.turns is not None and p.init.turn >= rules.turns:
        finish(p, f"{rules.turns} turns have been played (seed \"Tracking Turns\")")
        return
    if change.new_initiative:
        side = p.init.phasing
        gone = [s for s in p.smoke if s.side == side]
        if gone:
            p.smoke = [s for s in p.smoke if s.side != side]
            p.touch()
            p.say(f"the {side}'s smoke clears from {', '.join(sp(s.space) for s in gone)}: it has the "
                  "initiative again (seed \"Artillery\")")
        p.say(f"-- the {side} has the initiative (turn {p.init.turn + 1}) --")
    card = p.init.card
    p.say(f"card {card}: a {p.init.kind} card for the {p.init.phasing}"
          f"{'' if before.phasing != p.init.phasing else ' (another phase of its initiative)'}")


def finish(p: Play, reason: str) -> None:
    points = points_of(p)
    a, d = points["attacker"], points["defender"]
    if a != d:
        winner: str | None = "attacker" if a > d else "defender"
        why = f"{reason}; {a} point{'' if a == 1 else 's'} to {d}"
    else:
        ties = p.game.scenario.victory.ties
        winner = None if ties == "draw" else ties
        why = f"{reason}; {a} point{'' if a == 1 else 's'} each, so the tie goes to {ties} (CF-55)"
    p.outcome = {"winner": winner, "reason": why, "points": points, "turn": p.init.turn}
    p.decisions = []
    p.say(f"GAME OVER: {why}. " + (f"The {winner} wins." if winner else "A draw."))
    p.legal = []


def check_break(p: Play) -> bool:
    """CF-56: a side whose destroyed squads, teams and guns reach ``break_at`` concedes."""
    broken = [side for side in ROLES if losses_of(p, side) >= p.game.scenario.side(side).break_at]  # type: ignore[arg-type]
    if not broken:
        return False
    if len(broken) == 2:
        finish(p, "both sides reached their break points together (CF-56)")
        return True
    side = broken[0]
    winner = other_side(side)
    p.outcome = {"winner": winner, "reason": f"the {side} has lost {losses_of(p, side)} squads, teams and "
                 f"guns and concedes (break point, CF-56)", "points": points_of(p), "turn": p.init.turn}
    p.decisions = []
    p.say(f"GAME OVER: {p.outcome['reason']}. The {winner} wins.")
    p.legal = []
    return True


def update_objectives(p: Play) -> None:
    """CF-54: an objective is held by the side that last had a squad, team or gun in it alone."""
    g = p.game
    for k, o in enumerate(g.scenario.victory.objectives):
        here = [i for i in p.at(o.at) if not g.smf[i]]
        sides = {g.side_of[i] for i in here}
        if len(sides) == 1:
            side = sides.pop()
            if p.held[k] != side:
                p.held[k] = side
                p.say(f"the {side} now holds {o.name} ({sp(o.at)}, {o.points} points; CF-54)")


_HANDLERS: dict[str, Callable[[Play, Action, int], None]] = {
    "end": do_end,
    "move": do_move,
    "fire": do_fire,
    "group_fire": do_group_fire,
    "assault": do_assault,
    "assault_move": do_assault_move,
    "rally": do_rally,
    "leader_move": do_leader_move,
    "declare_he": do_declare_he,
    "declare_smoke": do_declare_smoke,
    "snipe": do_snipe,
    "mortar_smoke": do_mortar_smoke,
    "occupy_bocage": do_occupy_bocage,
    "fall_back": do_fall_back,
    "find_path": do_find_path,
    "clear_mines": do_clear_mines,
    "op_fire": do_op_fire,
    "pass": do_pass,
    "retreat": do_retreat,
    "take_hits": do_take_hits,
    "sacrifice": do_sacrifice,
    "decline": do_decline,
    "lose": do_lose,
    "occupy": do_occupy,
    "stay": do_stay,
    "at_fire": do_at_fire,
    "button_up": do_button_up,
    "pivot": do_pivot,
    "turret": do_turret,
    "mount": do_mount,
    "dismount": do_dismount,
}
"""The rule family's function that resolves each kind of action (:func:`act`)."""
if set(_HANDLERS) != set(KINDS):
    raise AssertionError(f"no rule resolves {sorted(set(KINDS) - set(_HANDLERS))}")
