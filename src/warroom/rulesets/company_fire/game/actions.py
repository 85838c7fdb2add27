"""Company Fire game: the actions, their readable text and their stable integer codes.

An :class:`Action` is one decision (design "Actions"): a kind from :data:`KINDS`, the unit acting, a space,
another unit, for a move that may choose its route the spaces it passes through (CF-120), and for a pivot or a
turret the edge it turns to (CF-73). :class:`Codes` numbers a scenario's actions,
``((verb * units + unit) * spaces + space) * units + other`` over the :data:`VERBS` (each kind, a pivot's and a
turret's once for each edge) and the scenario's units and spaces (the last of each standing for none): every
action but a move with a chosen route falls in an action space of fixed size (masks, learning environments); a
route's spaces are digits above it (``code + route * action_space``, the route a number in base spaces + 1 with
digits 1 and up). Verbs are only ever appended (the transport kinds of CF-91 came last), so every earlier code is
kept. The codes live here rather than in a module of their own: they are a few lines over :data:`VERBS`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from warroom.core.errors import UsageError
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.common import sp

KINDS = (
    "end", "move", "fire", "group_fire", "assault", "assault_move", "rally", "leader_move", "declare_he",
    "declare_smoke", "snipe", "mortar_smoke", "occupy_bocage", "fall_back", "find_path", "clear_mines",
    "op_fire", "pass", "retreat", "take_hits", "sacrifice", "decline", "lose", "occupy", "stay",
    "at_fire", "button_up", "pivot", "turret", "mount", "dismount",
)
"""The kinds of action, in the order of their codes."""
FACED_KINDS = frozenset({"pivot", "turret"})
"""The kinds whose action names an edge (``Action.facing``, CF-73)."""
EDGES = ("N", "E", "S", "W")
"""The edges a pivot or a turret may turn to, in the order of their codes."""
VERBS: tuple[tuple[str, str], ...] = tuple((k, f) for k in KINDS for f in (EDGES if k in FACED_KINDS else ("",)))
"""Each kind with the edge it names, in the order of the action codes: a pivot and a turret once for each edge
(the codes the records were first written with, when each pivot and each turret turn was a kind of its own)."""
VERB_INDEX = {v: i for i, v in enumerate(VERBS)}
_LONGEST_ROUTE = 16
"""More spaces passed through than any move's rate allows: a code naming more is not an action."""


class Action(NamedTuple):
    """One decision: ``kind`` (one of :data:`KINDS`), the unit acting, a space, another unit, a route, an edge.

    Readable (``str``), hashable, and with a stable integer code per scenario (:meth:`CFGame.encode`).
    """

    kind: str
    unit: str = ""
    space: Space | None = None
    other: str = ""
    via: tuple[Space, ...] = ()
    """The spaces a move passes through on its way to ``space``, where it may choose among routes (CF-120)."""
    facing: str = ""
    """The edge a pivot or a turret turns to, N, E, S or W (CF-73); empty for every other kind."""

    def __str__(self) -> str:
        k, u, s, o = self.kind, self.unit, sp(self.space), self.other
        route = f" via {' and '.join(sp(w) for w in self.via)}" if self.via else ""
        return {
            "end": "end the segment",
            "move": f"{u} moves to {s}{route}",
            "fire": f"{u} fires at {s}",
            "group_fire": f"group fire from {u}'s space at {s}",
            "assault": f"{u}{' and ' + o if o else ''} close assault {s}",
            "assault_move": f"{u} moves to {s} to close assault",
            "rally": f"{u} tries to rally",
            "leader_move": f"{u} (leader) moves to {s}{route}",
            "declare_he": f"{u} calls an HE mission on {s}",
            "declare_smoke": f"{u} calls a smoke mission on {s}",
            "snipe": f"{u} snipes at {o}",
            "mortar_smoke": f"{u} fires smoke at {s}",
            "occupy_bocage": f"{u} occupies the bocage",
            "fall_back": f"{u} falls back to {s}{route}",
            "find_path": f"{u} looks for a path through the minefield at {s}",
            "clear_mines": f"{u} clears the minefield at {s}" + (f", with {o}" if o else ""),
            "op_fire": f"{u} takes opportunity fire at {o or 'the units assaulting from'} {'in ' if o else ''}{s}",
            "pass": "hold fire",
            "retreat": f"{u} retreats to {s} to take one hit fewer",
            "take_hits": f"{u} stands and takes the hits",
            "sacrifice": f"{o} sacrifices himself to save {u}",
            "decline": f"no leader is sacrificed for {u}",
            "lose": f"{u} is lost in the tie",
            "occupy": f"the assaulting units occupy {s}",
            "stay": "the assaulting units stay where they are",
            "at_fire": f"{u} fires its anti-tank weapon at {o} in {s}",
            "button_up": f"{u} buttons up",
            "pivot": f"{u} pivots to face {self.facing}",
            "turret": f"{u} turns its turret to {self.facing}",
            "mount": f"{u} mounts {o}",
            "dismount": f"{u} dismounts in {s}",
        }[k]


class Codes:
    """The stable integer codes of one scenario's actions (:meth:`.game.CFGame.encode`)."""

    __slots__ = ("action_space", "ids", "index", "radix", "space_index", "spaces")

    def __init__(self, ids: tuple[str, ...], index: dict[str, int], spaces: Sequence[Space],
                 space_index: dict[Space, int]) -> None:
        self.ids = ids
        self.index = index
        self.spaces = spaces
        self.space_index = space_index
        n_units, n_spaces = len(ids) + 1, len(spaces) + 1
        self.radix = (n_units, n_spaces, n_units)
        self.action_space = len(VERBS) * n_units * n_spaces * n_units

    def encode(self, action: Hashable) -> int:
        verb = VERB_INDEX.get((action.kind, action.facing), -1) if isinstance(action, Action) else -1
        if not isinstance(action, Action) or verb < 0:
            raise UsageError(f"{action!r} is not a Company Fire action")
        nu, ns, _ = self.radix
        u = self.index[action.unit] if action.unit else nu - 1
        s = self.space_index[action.space] if action.space is not None else ns - 1
        o = self.index[action.other] if action.other else nu - 1
        route = 0
        for w in reversed(action.via):  # CF-120: the route's spaces, each a digit 1 ... spaces, above the rest
            route = route * ns + self.space_index[w] + 1
        return ((verb * nu + u) * ns + s) * nu + o + route * self.action_space

    def decode(self, code: int) -> Action:
        if not isinstance(code, int) or isinstance(code, bool) or code < 0:
            raise UsageError(f"action code {code!r} is not one of this scenario's (a whole number from 0)")
        nu, ns, _ = self.radix
        given = code
        route, code = divmod(code, self.action_space)
        via: list[Space] = []
        while route:
            route, digit = divmod(route, ns)
            if digit == 0 or len(via) >= _LONGEST_ROUTE:
                raise UsageError(f"action code {given!r} is not one of this scenario's (no move has that route)")
            via.append(self.spaces[digit - 1])
        code, o = divmod(code, nu)
        code, s = divmod(code, ns)
        k, u = divmod(code, nu)
        kind, facing = VERBS[k]
        return Action(kind, self.ids[u] if u < nu - 1 else "", self.spaces[s] if s < ns - 1 else None,
                      self.ids[o] if o < nu - 1 else "", tuple(via), facing)
