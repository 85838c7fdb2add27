"""Company Fire's score as one side may know it (seed 002 has no victory conditions of its own: "Tracking Turns",
"Game Clock (optional)" and readings CF-54 ... CF-56 give them): who holds each objective and why, the points
of enemy squads, teams, guns and leaders destroyed, how near each side is to its break point, and the turns or
the clock left.

Read from the side's observation (``state.observation(side)``) and the scenario's public rules (the objectives'
points, ``destroyed_unit``, ``destroyed_leader``, each side's ``break_at`` and number of squads, teams and guns,
as the briefing prints them) alone: an enemy unit the side has not seen is never counted, and none can change the
score unseen (an objective changes hands only to a unit on the table, CF-54; a unit is destroyed only when hit,
which reveals it, CF-47).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from warroom.core.kit import Score, ScoreItem, plural

if TYPE_CHECKING:
    from warroom.core.game import Game

SIDES = ("attacker", "defender")


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _type_of(game: Any, unit_id: str) -> Any:
    """The unit type of a unit the observation names (its id is on the table for the side)."""
    return game.types[game.ids.index(unit_id)]


def _objective(game: Any, obs: Mapping[str, Any], o: Mapping[str, Any], points: int) -> ScoreItem:
    """CF-54: an objective is held by the side that last had a squad, team or gun in it with no enemy there; a
    leader (a single mounted figure) does not take one."""
    at = list(o["at"])
    holder = str(o["held_by"])
    here = [u for u in obs["units"] if u.get("at") is not None and list(u["at"]) == at
            and u.get("status") not in ("destroyed", "removed")]
    holds = {s: [u["id"] for u in here if u["side"] == s and not _type_of(game, u["id"]).is_smf] for s in SIDES}
    leaders = {s: [u["id"] for u in here if u["side"] == s and _type_of(game, u["id"]).is_smf] for s in SIDES}
    enemy = _other(holder)
    blind = any(list(b["at"]) == at for b in obs.get("blinds", ()))
    if holds[holder] and holds[enemy]:
        why = (f"both sides are in it; it stays the {holder}'s until the {holder} has no unit left there "
               "(CF-54)")
    elif holds[holder]:
        why = f"its {', '.join(holds[holder])} {'is' if len(holds[holder]) == 1 else 'are'} in it"
    elif leaders[enemy]:
        who = ", ".join(leaders[enemy])
        why = (f"the {enemy}'s {who} {'is' if len(leaders[enemy]) == 1 else 'are'} in it, but a leader does not "
               "hold an objective: a squad, team or gun does (CF-54)")
    elif here or blind:
        why = f"it stays the {holder}'s: no {enemy} squad, team or gun has taken it (CF-54)"
    else:
        why = (f"nobody is in it; it stays the {holder}'s until {_a(enemy)} squad, team or gun enters it with no "
               f"{holder} unit there (CF-54)")
    x, y = at
    return ScoreItem(holder, "objective", f"{o['name']} ({x},{y})", points, why)


def _time_left(game: Any, obs: Mapping[str, Any]) -> str:
    """Seed "Tracking Turns" (a turn: one attacker and one defender initiative) or "Game Clock (optional)" (1d6 at
    the end of each defender initiative; the game ends at 21, or 30 for a longer game), as the scenario chooses
    (CF-53)."""
    rules = game.scenario.rules
    turn = int(obs["turn"])
    if obs.get("result"):
        return "the game is over"
    ends = rules.clock_ends_at
    if ends is not None:
        return (f"clock {obs['clock']} of {ends}: the game ends when it reaches {ends} (1d6 is added at the end of "
                "each defender initiative)")
    if rules.turns is not None:
        left = int(rules.turns) - turn
        more = "the last turn" if left <= 0 else f"{plural(left, 'more turn')} after this one"
        return f"turn {turn} of {rules.turns}: {more}"
    return f"turn {turn}"


def score(game: Game, obs: Mapping[str, Any]) -> Score:
    """The score as ``obs``'s side knows it (CF-54 ... CF-56): the objectives held and why, the enemy units and
    leaders destroyed, each side's losses against its break point, and the time left."""
    g: Any = game
    v = g.scenario.victory
    side = str(obs["side"])
    items: list[ScoreItem] = []
    for o, spec in zip(obs["objectives"], v.objectives, strict=True):
        items.append(_objective(g, obs, o, int(spec.points)))
    lost = dict.fromkeys(SIDES, 0)
    for u in obs["units"]:
        if u.get("status") != "destroyed":
            continue
        t = _type_of(g, u["id"])
        scorer = _other(u["side"])
        if not t.is_smf:
            lost[u["side"]] += 1
            items.append(ScoreItem(scorer, "destroyed", f"the {u['side']}'s {u['id']} ({t.label})",
                                   int(v.destroyed_unit), f"destroyed; the {scorer} scores it (CF-55)"))
        elif t.leader:
            items.append(ScoreItem(scorer, "leader", f"the {u['side']}'s {u['id']} ({t.label})",
                                   int(v.destroyed_leader), f"eliminated; the {scorer} scores it (CF-55)"))
    points = dict.fromkeys(SIDES, 0)
    for i in items:
        if i.side in points:
            points[i.side] += i.points
    standing = []
    for s in SIDES:
        spec = g.scenario.side(s)
        total, at = len(spec.non_smf_units), int(spec.break_at)
        more = at - lost[s]
        near = "it has conceded" if more <= 0 else "" if obs.get("result") else \
            f"{more} more destroyed and it concedes"
        standing.append(f"the {s}: {lost[s]} of its {total} squads, teams and guns destroyed; it concedes at "
                        f"{at} (CF-56)" + (f": {near}" if near else ""))
    tie = "a draw" if v.ties == "draw" else f"the {v.ties} wins"
    standing.append(f"at the end more points wins; on equal points {tie} (CF-55)")
    return Score(side, points, tuple(items), tuple(standing), _time_left(g, obs))
