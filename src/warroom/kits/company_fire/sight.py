"""Line of sight and range between two spaces of a Company Fire game, as one side may know them (the kit's
``sight``, for the game page: "hovering a target shows line of sight and the range").

The answer is the ruleset's own line of sight (:func:`warroom.rulesets.company_fire.los.visible_direct`, seed 002
"Line of Sight (LOS)", "Bocage", "Artillery"; readings CF-20 ... CF-26, CF-32) over the scenario's board, with what
blocks a line as units do read from the side's observation only (fog of war as a rule, CF-125 ... CF-130): every
unit on the table the side sees but a Single Mounted Figure, and every blind marker, real or dummy (CF-20, CF-48:
a blind blocks whatever is under it, so nothing hidden changes the answer); smoke; the bocage held by units the
side sees or by a blind (CF-25, CF-125). The range is the rules' range in spaces (CF-27). ``why`` names the first
thing on the line that blocks it, walking the line as ``visible_direct`` does.
"""

from __future__ import annotations

import re
from typing import Any

from warroom.core.errors import UsageError
from warroom.core.game import Game
from warroom.rulesets.company_fire.board import TERRAIN, Board, Space, has_bocage
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.los import (
    CornerPass,
    EdgeCross,
    edge_blocks,  # the line's own tests, so that ``why`` reads the line exactly as the rules do
    edge_exempt,
    line,
    linear_blocks,
    visible_direct,
    woods_pair,
)
from warroom.rulesets.company_fire.units import CATALOGUE

_SPACE = re.compile(r"\s*(\d{1,3})\s*,\s*(\d{1,3})\s*")
_HELD = ("good_order", "pinned")


def parse_space(text: str | None, board: Board, name: str) -> Space:
    """A space written ``x,y`` (column, row) on ``board``; one clear error otherwise."""
    found = _SPACE.fullmatch(text or "")
    allowed = f"columns 0-{board.width - 1}, rows 0-{board.height - 1}"
    if not found:
        raise UsageError(f"'{name}' must be a space written x,y (column,row: {allowed}); got {text!r}")
    space = (int(found[1]), int(found[2]))
    if not board.in_bounds(space):
        raise UsageError(f"'{name}' {space[0]},{space[1]} is off the {board.width} x {board.height} board ({allowed})")
    return space


def _sp(s: Space) -> str:
    return f"{s[0]},{s[1]}"


class Seen:
    """What blocks a line as units do, read from one side's observation (see the module's docstring)."""

    def __init__(self, board: Board, obs: dict[str, Any]) -> None:
        side = obs.get("side")
        self.who: dict[Space, str] = {}
        held: set[Space] = set()
        for u in obs.get("units", []):
            at = u.get("at")
            if not at or u.get("riding") or u.get("status") in ("destroyed", "removed"):
                continue
            space = (int(at[0]), int(at[1]))
            unit_type = CATALOGUE.get(u.get("type", ""))
            if unit_type is not None and unit_type.kind == "smf" and not u.get("hidden"):
                continue
            self.who.setdefault(space, f"{'your' if u.get('side') == side else 'the enemy'} {u.get('id')}")
            if u.get("occupies_bocage") and not u.get("hidden") and u.get("status") in _HELD:
                held.add(space)
        for b in obs.get("blinds", []):
            space = (int(b["at"][0]), int(b["at"][1]))
            self.who.setdefault(space, f"{'your' if b.get('side') == side else 'an enemy'} blind")
            if has_bocage(board, space):
                held.add(space)
        self.occupied = frozenset(self.who)
        self.smoke = frozenset((int(s["at"][0]), int(s["at"][1])) for s in obs.get("smoke", []))
        self.held = frozenset(held)


def why_blocked(board: Board, a: Space, b: Space, seen: Seen) -> str:
    """The first thing on the line from ``a`` to ``b`` that blocks it, with its rule; "" for a clear line."""
    if a == b:
        return ""
    for s in (a, b):
        if s in seen.smoke:
            return f"smoke in {_sp(s)} (seed \"Artillery\", CF-26)"
    a_held, b_held = a in seen.held, b in seen.held
    events = line(a, b)

    def edge(e: tuple[Space, Space]) -> str:
        kind = board.edge_kind(e)
        return f"{TERRAIN.edge[kind].label if kind else 'an edge'} between {_sp(e[0])} and {_sp(e[1])}"

    def in_space(s: Space) -> str:
        if s in seen.who:
            return f"{seen.who[s]} in {_sp(s)}"
        if s in seen.smoke:
            return f"smoke in {_sp(s)}"
        return f"{board.terrain(s).label.lower()} in {_sp(s)}"

    for event in events:
        if isinstance(event, EdgeCross):
            if edge_blocks(board, event.edge) and not edge_exempt(board, event.edge, a, b, a_held, b_held):
                return f"{edge(event.edge)} (seed \"Bocage\", CF-23)"
        elif isinstance(event, CornerPass):
            arms = [next((e for e in pair if edge_blocks(board, e) and not edge_exempt(board, e, a, b, a_held, b_held)),
                         None) for pair in (event.arms1, event.arms2)]
            ignore_area = len(events) == 1 and all(e is None for e in arms) and woods_pair(board, a, b)
            sides = []
            for arm, s in zip(arms, (event.side1, event.side2), strict=True):
                if arm is not None:
                    sides.append(edge(arm))
                elif s in seen.occupied or s in seen.smoke or (not ignore_area and board.terrain(s).blocks_los):
                    sides.append(in_space(s))
                else:
                    sides.append("")
            if all(sides):
                return f"the corner at {_sp(event.frm)}/{_sp(event.into)}: {sides[0]} and {sides[1]} (CF-21)"
        s = event.into
        if s == b:
            return ""
        if s in seen.occupied or s in seen.smoke or board.terrain(s).blocks_los:
            return f"{in_space(s)} (CF-20)"
        if linear_blocks(board, s, a, b):
            return f"linear terrain in {_sp(s)} (CF-32)"
    return ""


def sight(board: Board, obs: dict[str, Any], a: Space, b: Space) -> dict[str, Any]:
    """``{"range", "clear", "why"}`` from ``a`` to ``b``: the range in spaces (CF-27), whether the line of sight is
    clear by the rules (``visible_direct``) on what the side sees, and what blocks it ("" when clear)."""
    seen = Seen(board, obs)
    clear = visible_direct(board, a, b, seen.occupied, seen.smoke, seen.held)
    why = "" if clear else (why_blocked(board, a, b, seen) or "the line of sight is blocked")
    return {"range": range_between(a, b), "clear": clear, "why": why}


def sight_between(game: Game, obs: dict[str, Any], origin: str | None, target: str | None) -> dict[str, Any]:
    """:func:`sight` from space ``origin`` to ``target``, each written ``x,y`` on ``game``'s board, on what
    ``obs`` (one side's observation) shows; one clear error for a space badly written or off the board."""
    board = getattr(game, "board", None)
    if not isinstance(board, Board):
        raise UsageError(f"{game.scenario_name} is not a Company Fire game: it has no board of spaces")
    a, b = parse_space(origin, board, "from"), parse_space(target, board, "to")
    return sight(board, obs, a, b)
