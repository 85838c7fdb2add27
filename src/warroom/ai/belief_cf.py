"""Company Fire's belief sampler: a full position dealt from what one side has seen (:mod:`warroom.ai.belief`).

What the side sees is taken from its observation (design "Fog of war", CF-125 ... CF-130): its own units, blinds,
minefields and fire missions in full; the enemy's units on the table; the enemy's blind markers; the enemy's
marked minefields; the card, segment, turn and clock; the objectives; the narration. What it cannot see is dealt:

* which enemy blind hides which hidden enemy unit, and which are dummies (CF-46): blinds never move (a unit
  under a blind that moves is revealed, CF-47), so every hidden unit stands under one of the blind markers the
  side sees, as stacking allows (seed "Stacking"), riders with their carriers (CF-90, CF-95); a blind with no
  unit under it is a dummy. Whether a hidden unit in a bocage space occupies the bocage is a coin (seed
  "Bocage"; the fog twins flip it).
* the enemy's unmarked minefields (seed "Mines (beta)", CF-52): as many as the scenario lays unmarked and
  the side has not found, on spaces of the enemy's set-up zone where no unit stands; whether each enemy
  minefield is real or a dummy, from the scenario's count of real ones.
* the cards left in the initiative deck (seed "Initiative Deck", CF-14): the deck less every card the side
  read drawn since the last shuffle; the phases of the current initiative, counted from the same draws.
* the enemy's fire missions: the kind and observer of each one it has marked, and how many it has left
  (seed "Artillery", CF-50).

The flags a side's observation does not carry (a unit's card flags beyond moved, fired and done; a jammed
weapon) start clear, and a choice in the middle of an action (CF-60) is :class:`NotDealable`: its particulars
(a mover's remaining path) are not in the observation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np

from warroom.ai.belief import NotDealable, fresh_seed
from warroom.ai.view import View
from warroom.core.chance import Card, parse_card, standard_deck
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.base import rng_state
from warroom.rulesets.company_fire.game.common import (
    REACTION,
    LogLine,
    MineState,
    Mission,
    Smoke,
    UnitState,
    other_side,
)
from warroom.rulesets.company_fire.game.state import CFState
from warroom.rulesets.company_fire.initiative import SEGMENTS, Initiative

_DRAW = re.compile(r"initiative card: drew (\S+)")
_SEGMENT_INDEX = {name: k for k, (name, _) in enumerate(SEGMENTS)}


def _space(x: Any) -> Space:
    return (int(x[0]), int(x[1]))


def _cards(view: View, jokers: int, phasing: str, colour_of: dict[str, str],
           current: Card | None) -> tuple[tuple[Card, ...], int]:
    """The cards left in the deck and the phases of the current initiative, from the draws the side read (every
    draw is told to both sides, seed "Initiative and Phase Sequence"); the deck is shuffled anew when empty
    (CF-14). With no history (a view made without one), the deck is full but for the card in play."""
    full = standard_deck(jokers)
    deck = list(full)
    phases, owner, drawn_any = 1, "attacker", False
    for seen in view.history:
        for line in seen.narration:
            for text in _DRAW.findall(line):
                try:
                    card = parse_card(text)
                except ValueError:
                    continue
                drawn_any = True
                if not deck:
                    deck = list(full)
                if card in deck:
                    deck.remove(card)
                if card.is_joker:
                    continue
                side = colour_of.get(card.colour, owner)
                phases = phases + 1 if side == owner else 1
                owner = side
    if not drawn_any:
        deck = [c for c in full if c != current]
        phases = 1
    if owner != phasing:
        phases = 1
    return tuple(deck), phases


_FLAG_OF = {"rally": "rallied", "op_fire": "op_fired", "at_fire": "at_fired", "pivot": "pivoted", "turret": "turned"}


def _card_flags(view: View) -> tuple[dict[str, set[str]], set[tuple[str, Any]]]:
    """The side's own units' flags of the card in play that its observation does not carry (rallied, op fired,
    anti-tank fired, pivoted, turned, jammed: CF-73, CF-74, seed "Opportunity Fire"), and the fire missions it
    declared on this card (not ready until the next, seed "Artillery"), from its own actions since the last draw
    (the card's flags come off when a card is done)."""
    flags: dict[str, set[str]] = {}
    declared: set[tuple[str, Any]] = set()
    for seen in view.history:
        if seen.by == view.side and seen.action is not None:
            kind = getattr(seen.action, "kind", "")
            unit = getattr(seen.action, "unit", "")
            if kind in _FLAG_OF:
                flags.setdefault(unit, set()).add(_FLAG_OF[kind])
            if kind == "op_fire" and any("MG jammed" in line for line in seen.narration):
                flags.setdefault(unit, set()).add("jammed")
            if kind in ("declare_he", "declare_smoke"):
                declared.add((kind.removeprefix("declare_"), seen.action.space))  # type: ignore[attr-defined]
        if any(_DRAW.search(line) for line in seen.narration):
            flags, declared = {}, set()
    return flags, declared


def deal(view: View, rng: np.random.Generator) -> CFState:
    """A Company Fire position consistent with everything ``view``'s side has seen (module docstring)."""
    return dealer(view)(rng)


def dealer(view: View) -> Callable[[np.random.Generator], CFState]:
    """What :func:`deal` reads of the view, read once: a function that deals a position from a generator (a
    search deals many from one view). :class:`NotDealable` where the position cannot be dealt."""
    g: Any = view.game
    sc = g.scenario
    obs = view.observation
    side = view.side
    enemy = other_side(side)
    if obs["decision"] is not None or obs["result"] is not None:
        raise NotDealable("a decision in the middle of an action (CF-60) or a finished game is not dealt")
    segment = _SEGMENT_INDEX[obs["segment"]]
    expected = other_side(obs["phasing"]) if segment == REACTION else obs["phasing"]
    if obs["to_act"] != expected:
        raise NotDealable("a decision in the middle of an action (CF-60) is not dealt: its particulars are hidden")

    # units: the scenario's set-up, then what the side sees of each
    flags, just_declared = _card_flags(view)
    base: list[UnitState] = list(g.set_up_units())
    seen: set[int] = set()
    for e in obs["units"]:
        i = g.index[e["id"]]
        seen.add(i)
        at = _space(e["at"]) if e["at"] is not None else None
        riding = g.index[e["riding"]] if "riding" in e else -1
        unit = base[i]._replace(at=at, status=e["status"], hidden=bool(e.get("hidden", False)),
                                bocage=bool(e["occupies_bocage"]), facing=e.get("facing", ""),
                                turret=e.get("turret", ""), riding=riding)
        if e["side"] == side:
            unit = unit._replace(moved=e["moved"], fired=e["fired"], done=e["done"], smoke_rounds=e["smoke_rounds"],
                                 **dict.fromkeys(flags.get(e["id"], ()), True))
        base[i] = unit

    blinds = {who: [_space(b["at"]) for b in obs["blinds"] if b["side"] == who] for who in (side, enemy)}
    own_hidden_at = {base[i].at for i in seen if g.side_of[i] == side and base[i].hidden}
    own_dummies: list[tuple[str, Space]] = [(side, sp) for sp in blinds[side] if sp not in own_hidden_at]

    # the enemy's hidden units: each group (a carrier and its riders, CF-90) under one of its blind markers
    missing = [i for i in range(len(g.units)) if g.side_of[i] == enemy and i not in seen]
    riders: dict[int, list[int]] = {}
    groups: list[list[int]] = []
    for i in missing:
        r = base[i].riding
        if r >= 0 and r in missing:
            riders.setdefault(r, []).append(i)
    for i in missing:
        if not (base[i].riding >= 0 and base[i].riding in missing):
            groups.append([i, *riders.get(i, [])])
    vehicle_spaces = g.step_graphs["vehicle"]
    bocage_at = {sp: B.has_bocage(g.board, sp) for sp in blinds[enemy]}

    # minefields: own in full, the enemy's marked ones as seen, its unmarked ones dealt (CF-52)
    scenario_enemy = [m for m in sc.minefields if m.laid_by == enemy]
    reals = [m.real for m in scenario_enemy]
    seen_mines = [(_space(m["at"]), m) for m in obs["minefields"]]
    mined = {at for at, _ in seen_mines}
    marked_at_start = {m.at for m in scenario_enemy if m.marked}
    found = sum(1 for at, m in seen_mines if m["laid_by"] == enemy and at not in marked_at_start)
    unknown = max(0, sum(1 for m in scenario_enemy if not m.marked) - found)
    zone = getattr(sc, enemy).setup_zone
    standing = {u.at for i, u in enumerate(base) if u.at is not None and i in seen} | set(blinds[enemy])
    free = [sp for sp in g.spaces if any(sp in z for z in zone) and sp not in standing and sp not in mined]

    # fire missions (CF-50): own as seen, the enemy's kind and observer dealt
    own_left = (int(obs["fire_missions_left"]["he"]), int(obs["fire_missions_left"]["smoke"]))
    fos = {who: [i for i in range(len(g.units)) if g.side_of[i] == who and g.types[i].has("forward_observer")]
           or [i for i in range(len(g.units)) if g.side_of[i] == who] for who in (side, enemy)}
    marked_missions = [(m["side"], m["kind"], _space(m["at"])) for m in obs["fire_missions_marked"]]
    start = getattr(sc, enemy).fire_missions
    enemy_declared = sum(1 for who, _, _ in marked_missions if who == enemy)
    enemy_left = (max(0, start.he - enemy_declared), start.smoke)
    missions = (own_left, enemy_left) if side == "attacker" else (enemy_left, own_left)

    colour_of: Any = ((sc.attacker.colour, "attacker"), (sc.defender.colour, "defender"))
    jokers = 2 if sc.rules.jokers else 0
    card = None if obs["card"] == "opening Move card" else parse_card(obs["card"])
    deck, phases = _cards(view, jokers, obs["phasing"], dict(colour_of), card)
    init = Initiative(deck, card, obs["phasing"], colour_of, segment, phases, int(obs["turn"]) - 1,
                      int(obs["clock"]), jokers)
    held = tuple(o["held_by"] for o in obs["objectives"])
    log = tuple(LogLine(text, side) for text in obs["log"])
    smoke = tuple(Smoke(_space(x["at"]), x["side"]) for x in obs["smoke"])
    steps = len(view.history)

    def draw(rng: np.random.Generator) -> CFState:
        units = list(base)
        count: dict[Space, list[int]] = {sp: [0, 0] for sp in blinds[enemy]}  # non-SMF, SMF units under each
        for k in rng.permutation(len(groups)):
            group = groups[int(k)]
            head = group[0]
            smf = 1 if g.smf[head] else 0
            allowed = [sp for sp in blinds[enemy]
                       if B.stacking_allows(count[sp][0] + 1 - smf, count[sp][1] + smf)
                       and (not g.vehicle[head] or vehicle_spaces.get(sp))] or list(blinds[enemy])
            if not allowed:  # no blind left: the units are off the table, as the side reads it
                for i in group:
                    units[i] = units[i]._replace(at=None, status="removed", hidden=True, bocage=False)
                continue
            sp = allowed[int(rng.integers(len(allowed)))]
            count[sp][0] += 1 - smf
            count[sp][1] += smf
            bocage = bocage_at[sp] and bool(rng.integers(2))
            for n, i in enumerate(group):
                units[i] = units[i]._replace(at=sp, status="good_order", hidden=True, bocage=bocage and n == 0,
                                             riding=head if n else -1)
        dummies = own_dummies + [(enemy, sp) for sp in blinds[enemy] if count[sp] == [0, 0]]

        real_pool = list(reals)
        rng.shuffle(real_pool)
        mines: list[MineState] = []
        for at, m in seen_mines:
            if m["laid_by"] == side:
                mines.append(MineState(at, side, real=bool(m["real"]), marked=bool(m["marked"]), path=False,
                                       gone=False))
            else:
                mines.append(MineState(at, enemy, real=real_pool.pop() if real_pool else True, marked=True,
                                       path=bool(m["path_found"]), gone=False))
        if unknown:
            for k in rng.permutation(len(free))[:unknown]:
                mines.append(MineState(free[int(k)], enemy, real=real_pool.pop() if real_pool else True, marked=False,
                                       path=False, gone=False))

        declared: list[Mission] = []
        for who, kind, at in marked_missions:
            if who == side:
                declared.append(Mission(who, fos[who][0], at, kind, ready=(kind, at) not in just_declared))
            else:
                fo = fos[who][int(rng.integers(len(fos[who])))]
                declared.append(Mission(who, fo, at, "he" if rng.integers(2) else "smoke", ready=True))
        dice = rng_state(np.random.Generator(np.random.PCG64(fresh_seed(rng))))
        return CFState(g, tuple(units), tuple(sorted(dummies)), tuple(mines), init, missions, tuple(declared),
                       smoke, held, decisions=(), log=log, rng=dice, outcome=None, steps=steps)

    return draw


def reseed(state: CFState, rng: np.random.Generator) -> CFState:
    """``state`` with its dice seeded afresh from ``rng``, keeping what was worked out about its position (its
    legal actions and the rules' memo do not depend on the dice): a search deals a position once and plays it
    again with new dice."""
    dice = rng_state(np.random.Generator(np.random.PCG64(fresh_seed(rng))))
    s: Any = state
    return CFState(s.game, s.units, s.dummies, s.mines, s.init, s.missions, s.declared, s.smoke, s.held,
                   s.decisions, s.log, dice, s.outcome, s.steps, legal=s.legal_actions(), memo=s.memo())
