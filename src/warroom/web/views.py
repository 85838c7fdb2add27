"""What the browser is sent of a game: one side's view as JSON, the odds of one of its actions, the scenarios.

:func:`side_view` is the one function that turns a position into what a side is sent: its observation
(``state.observation(side)``), the narration it read of each action, its legal actions with their codes, whether
they roll dice and what they are (``game.facts_of``: the unit, where they act), whose turn it is and the result.
The score is its game kit's reading of that observation (``kit_of(game).score``).
It reads nothing else of the state, so twins of a position that differ only in what the side cannot know give the
same bytes (fog of war as a rule, docs/rulings.md CF-125 ... CF-130, seed 004 "Detection";
``tests/test_web_api.py`` checks it through the endpoint).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Hashable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from warroom.ai import STRENGTHS, Seen, available
from warroom.core.errors import UsageError, suggest
from warroom.core.game import (
    ActionFacts,
    Game,
    GameState,
    games,
    load_game,
    rolls_by_itself,
    shipped_scenarios,
)
from warroom.core.kit import kit_of
from warroom.present.odds import action_odds_lines
from warroom.web.errors import NotFound


def plain(data: Any) -> Any:
    """``data`` as plain JSON values (a result may hold tuples or numbers of numpy)."""
    return json.loads(json.dumps(data, default=str))


def side_view(game: Game, state: GameState, side: str, history: Sequence[Seen]) -> dict[str, Any]:
    """One side's view of ``state``: ``history`` is the game as the side read it, the opening first (``by`` None:
    the set-up's narration), then one entry per action. Only the side's own actions carry their text."""
    over = state.is_terminal()
    to_act = None if over else state.to_act
    my_turn = to_act == side
    actions = [_action(game, state, a) for a in state.legal_actions()] if my_turn else []
    log = [{"step": n, "by": seen.by or "", "text": None if seen.action is None else str(seen.action),
            "narration": list(seen.narration)} for n, seen in enumerate(history)]
    observation = plain(state.observation(side))
    return {"side": side, "step": len(history) - 1, "to_act": to_act, "my_turn": my_turn, "over": over,
            "result": plain(state.result()) if over else None, "observation": observation,
            "log": log, "actions": actions, "score": plain(kit_of(game).score(game, observation).to_json())}


def places(game: Game, action: Hashable) -> dict[str, Any]:
    """Where an action acts, read from what its game says the action is (``game.facts_of``: the side's own legal
    action, so nothing hidden): the space it names (``[x, y]``: where a move goes, what a fire or a mission aims
    at; Company Fire, CF-120), the spaces a move passes through on its way in order (``via``), and the enemy unit
    it aims at (``target``: a Brigade fire's or request's company, a Company Fire snipe's or anti-tank fire's
    unit); ``None`` and ``[]`` where it names none. The page acts on the map with them (click a unit, then a space
    or a target)."""
    return _places(game.facts_of(action))


def _places(facts: ActionFacts) -> dict[str, Any]:
    return {"space": None if facts.space is None else [int(v) for v in facts.space],
            "via": [[int(v) for v in w] for w in facts.route], "target": facts.target}


def _action(game: Game, state: GameState, action: Hashable) -> dict[str, Any]:
    """One legal action as the side to act is sent it: its code and text, the unit it is of, whether it rolls
    dice (its odds are worked out only for a kind that may), where it acts (:func:`places`), and its game kit's
    ``note`` where taking it cannot do what it seems to offer (``""`` for none; CF-147)."""
    facts = game.facts_of(action)
    return {"code": game.encode(action), "text": str(action), "unit": facts.unit or "",
            "dice": facts.rolls_dice and rolls_by_itself(state.odds(action)), **_places(facts),
            "note": kit_of(game).action_note(game, state, action)}


def action_face(game: Game, state: GameState, action: Hashable) -> dict[str, Any]:
    """One of the side's legal actions as the view sends it (:func:`_action`), for an action not listed (a Brigade
    move to a point)."""
    return _action(game, state, action)


def exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def action_odds(game: Game, action: Hashable, odds: dict[str, dict[str, Fraction]]) -> dict[str, Any]:
    """The odds of one action as the side to act may know them (``state.odds``): each outcome it rolls for, its
    results in the order of the results themselves (good order before pinned, 0 figures lost before 1, as the
    game gives them) with the exact fraction, and the lines the terminal prints."""
    return {"action": game.encode(action), "text": str(action), "dice": bool(odds),
            "odds": [{"label": label,
                      "outcomes": [{"result": r, "p": float(p), "exact": exact(p)} for r, p in dist.items()]}
                     for label, dist in odds.items()],
            "lines": action_odds_lines(odds)}


# --- scenarios and opponents ----------------------------------------------------------------------------------


@functools.cache
def shipped(ruleset: str) -> dict[str, Path]:
    """The shipped scenario files of ``ruleset`` by name (the file's stem)."""
    return {p.stem: p for p in shipped_scenarios().get(ruleset, [])}


def scenario_path(ruleset: str, name: str) -> Path:
    """The shipped scenario ``name`` of game ``ruleset``: only shipped scenarios are played on the server (never a
    path). One clear error naming the games or the scenarios."""
    known = games()
    if ruleset not in known:
        raise UsageError(f"'{ruleset}' is not a playable game{suggest(ruleset, known)}; games: {', '.join(known)}")
    names = shipped(ruleset)
    if name not in names:
        raise NotFound(f"no {ruleset} scenario '{name}'{suggest(name, list(names))}; scenarios: "
                          f"{', '.join(sorted(names))}")
    return names[name]


def fresh_game(ruleset: str, name: str) -> Game:
    """The game of a shipped scenario, loaded anew: a game's engine is used by one thread at a time (Company
    Fire's states share their game's one generator, set to each state's place in its stream as it throws)."""
    return load_game(ruleset, scenario_path(ruleset, name))


@functools.cache
def bound_game(ruleset: str, name: str) -> Game:
    """The game of a shipped scenario, loaded once, for what it says of itself (sides, title, version): never
    to play on, which a game of its own does (:func:`fresh_game`)."""
    return fresh_game(ruleset, name)


def title_of(game: Game) -> str:
    """The scenario's title: Brigade's ``title``, Company Fire's name."""
    scenario = getattr(game, "scenario", None)
    spec = getattr(scenario, "spec", scenario)
    return str(getattr(spec, "title", None) or game.scenario_name)


def briefing_of(game: Game) -> str:
    """The scenario's briefing, the text both sides read before play."""
    scenario = getattr(game, "scenario", None)
    spec = getattr(scenario, "spec", scenario)
    return str(getattr(spec, "briefing", "") or "").strip()


@functools.cache
def scenarios() -> tuple[dict[str, Any], ...]:
    """Every shipped scenario of every game: ruleset, name, title, sides and briefing."""
    out = []
    for ruleset in shipped_scenarios():
        for name in sorted(shipped(ruleset)):
            game = bound_game(ruleset, name)
            out.append({"ruleset": ruleset, "name": name, "title": title_of(game), "sides": list(game.sides),
                        "briefing": briefing_of(game)})
    return tuple(out)


def opponents() -> list[dict[str, str]]:
    """The strengths a person picks (easy, normal, hard) and then every registered player."""
    out = [{"name": name, "text": f"{text} ({spec})"} for name, (spec, text) in STRENGTHS.items()]
    out += [{"name": entry.name, "text": entry.summary} for entry in available()]
    return out
