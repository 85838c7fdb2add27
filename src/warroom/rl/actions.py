"""Fixed, stable action indices for learning agents: a ``Discrete(N)`` per scenario, and its factorised
(unit, verb, target) form.

A game's own integer codes (``game.encode``, docs/architecture.md "The game interface") are stable but
sparse: Company Fire's run to millions (a kind, a unit, a space and another unit, routes above them), Brigade's
lie in fixed ranges with gaps. An :class:`ActionTable` packs them into ``0 ... N-1`` for one scenario: each
verb (a Company Fire action kind, a Brigade action class) is a block of the index, holding the acting unit
(when the verb has one) times the verb's *target*, a mixed-radix number over the verb's other fields (a
space, another unit, a destination, a battery, ...). Only the scenario's counts of units, spaces, batteries,
features and aiming points size the blocks, so the same scenario always gives the same ``N`` and the same
index for the same action.

Two fields are not fixed values of an action but its place among the legal actions of one position:

* a Company Fire move that may choose its route (reading CF-120) names the spaces it passes through; the index
  holds the route's rank among the routes the position offers to the same space, least risk first as
  ``legal_actions()`` lists them (at most :data:`ROUTES`);
* a Company Fire op fire names its target unit, or, before a close assault, the space assaulted from (CF-140),
  and anti-tank fire names its target unit and the space it stands in: the index holds the unit (a unit stands
  in one space) or the space.

So an index is decoded through the position's legal actions (:meth:`ActionTable.legal`), never alone, and a
position where two legal actions would share an index is an error raised at once, not a wrong mask: the
tests walk thousands of positions of every shipped scenario to show it never happens.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from warroom.core.errors import UsageError
from warroom.core.game import Game
from warroom.core.kit import NotInKit, kit_of, kits

ROUTES = 6
"""The most routes to one space a Company Fire position may offer a unit (reading CF-120 keeps only routes that
no other route to the space beats, so few are left; the tests find at most 3 in the shipped scenarios)."""


class IndexClash(RuntimeError):
    """Two legal actions of one position fell on one index, or a field lies outside its block: the table does not
    fit the game (a bug, never a player's mistake)."""


@dataclass(frozen=True)
class Verb:
    """One block of the index: a verb, whether it names an acting unit, and the sizes of its target's fields."""

    name: str
    has_unit: bool
    dims: tuple[int, ...]
    targets: int = field(init=False)
    """How many targets the verb has: the product of its fields' sizes."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", math.prod(self.dims))


# An action's parts, as a game's splitter gives them: the verb's place in the table, the acting unit's index
# (-1 for none) and the target's field values (a route's rank is added by ActionTable.legal).
Parts = tuple[int, int, tuple[int, ...]]


class ActionTable:
    """The fixed action index of one scenario (see the module's docstring).

    ``size`` is ``N``; ``verbs`` the blocks in order; ``units`` the scenario's unit ids (the unit axis of the
    factorised form, with one more value, ``len(units)``, for a verb without a unit); ``max_targets`` the
    target axis. :meth:`legal` gives a position's legal actions by index, and the mask is built from it.
    """

    def __init__(self, units: Sequence[str], verbs: Sequence[Verb], split: Callable[[Hashable], Parts],
                 routed: frozenset[int] = frozenset()) -> None:
        self.units = tuple(units)
        self.verbs = tuple(verbs)
        self.verb_index = {v.name: k for k, v in enumerate(self.verbs)}
        self._split = split
        self._routed = routed
        self.offsets: list[int] = []
        n = 0
        for v in self.verbs:
            self.offsets.append(n)
            n += (len(self.units) if v.has_unit else 1) * v.targets
        self.size = n
        self.max_targets = max(v.targets for v in self.verbs)
        self._parts: dict[Hashable, Parts] = {}
        self._known: dict[Hashable, tuple[Hashable | None, int]] = {}

    def parts(self, action: Hashable) -> Parts:
        got = self._parts.get(action)
        if got is None:
            got = self._split(action)
            verb = self.verbs[got[0]]
            dims = verb.dims[:-1] if got[0] in self._routed else verb.dims
            if len(got[2]) != len(dims) or any(not 0 <= x < d for x, d in zip(got[2], dims, strict=True)):
                raise IndexClash(f"{action}: fields {got[2]} do not fit the block {verb.name} {verb.dims}")
            self._parts[action] = got
        return got

    def _flat(self, verb: int, unit: int, target: int) -> int:
        v = self.verbs[verb]
        return self.offsets[verb] + (unit * v.targets if v.has_unit else 0) + target

    def _target(self, verb: int, fields: tuple[int, ...]) -> int:
        t = 0
        for x, d in zip(fields, self.verbs[verb].dims, strict=True):
            t = t * d + x
        return t

    def legal(self, actions: Sequence[Hashable]) -> dict[int, Hashable]:
        """The legal actions of one position by their index (every action listed, none lost: a clash raises)."""
        out: dict[int, Hashable] = {}
        ranks: dict[Hashable, int] = {}
        known = self._known
        for a in actions:
            got = known.get(a)
            if got is None:
                got = self._base(a)
            key, index = got
            if key is not None:  # a move that chooses its route: the rank among the routes to its space
                rank = ranks.get(key, 0)
                ranks[key] = rank + 1
                if rank >= ROUTES:
                    raise IndexClash(f"{a}: more than {ROUTES} routes to one space")
                index += rank
            if index in out:
                raise IndexClash(f"{a} and {out[index]} share the index {index}")
            out[index] = a
        return out

    def _base(self, action: Hashable) -> tuple[Hashable | None, int]:
        """An action's index, worked out once: for a routed verb the index of its route ranked 0 (the rank is the
        last and least digit of the target) and the key its rank is counted under, else the index and None."""
        verb, unit, fields = self.parts(action)
        if verb in self._routed:
            got: tuple[Hashable | None, int] = ((verb, unit, fields),
                                                 self._flat(verb, unit, self._target(verb, (*fields, 0))))
        else:
            got = (None, self._flat(verb, unit, self._target(verb, fields)))
        self._known[action] = got
        return got

    def mask(self, legal: dict[int, Hashable]) -> np.ndarray:
        """The action mask (``int8``, 1 for a legal index) of a position's :meth:`legal` actions."""
        m = np.zeros(self.size, dtype=np.int8)
        if legal:
            m[np.fromiter(legal, dtype=np.int64, count=len(legal))] = 1
        return m

    def structured(self, index: int) -> tuple[int, int, int]:
        """The (unit, verb, target) of a flat index; the unit is ``len(units)`` for a verb without one."""
        if not 0 <= index < self.size:
            raise UsageError(f"action index {index} is outside 0 ... {self.size - 1}")
        verb = int(np.searchsorted(self.offsets, index, side="right")) - 1
        rest = index - self.offsets[verb]
        v = self.verbs[verb]
        unit, target = divmod(rest, v.targets) if v.has_unit else (len(self.units), rest)
        return unit, verb, target

    def flat(self, unit: int, verb: int, target: int) -> int | None:
        """The flat index of a (unit, verb, target), or None when no action has that shape (a unit given to a verb
        without one, or a target past the verb's block)."""
        if not 0 <= verb < len(self.verbs):
            return None
        v = self.verbs[verb]
        if not 0 <= target < v.targets:
            return None
        if v.has_unit != (0 <= unit < len(self.units)) or (not v.has_unit and unit != len(self.units)):
            return None
        return self._flat(verb, unit if v.has_unit else 0, target)

    def unit_verb_mask(self, legal: dict[int, Hashable]) -> np.ndarray:
        """For the factorised form: which (unit, verb) pairs have a legal target, shape (units + 1, verbs)."""
        m = np.zeros((len(self.units) + 1, len(self.verbs)), dtype=np.int8)
        for index in legal:
            unit, verb, _ = self.structured(index)
            m[unit, verb] = 1
        return m


# --- Company Fire ---------------------------------------------------------------------------------------------

_CF_SHAPES: dict[str, str] = {
    **dict.fromkeys(("end", "pass", "stay"), ""),
    "occupy": "s",
    **dict.fromkeys(("rally", "occupy_bocage", "take_hits", "lose", "button_up", "decline", "pivot", "turret"), "u"),
    **dict.fromkeys(("fire", "group_fire", "assault_move", "declare_he", "declare_smoke", "mortar_smoke",
                     "find_path", "retreat", "dismount"), "us"),
    **dict.fromkeys(("move", "leader_move", "fall_back"), "usr"),
    **dict.fromkeys(("snipe", "sacrifice", "mount", "at_fire"), "uo"),
    **dict.fromkeys(("assault", "clear_mines"), "uso"),
    "op_fire": "ut",
}
"""Which fields each Company Fire action kind (seed 002; ``actions.KINDS``) names: u the acting unit, s a space,
o another unit (``uso``: perhaps none), r a route's rank (CF-120), t a unit or else a space (op fire, CF-140).
Anti-tank fire names its target and the space it stands in: the unit alone tells them apart. A pivot and a turret
are a verb for each edge they turn to (``actions.VERBS``, CF-73), so the edge is no field."""


def cf_table(game: Any) -> ActionTable:
    """The :class:`ActionTable` of a Company Fire game (its kit's ``action_table``)."""
    from warroom.rulesets.company_fire.game.actions import FACED_KINDS, VERB_INDEX, VERBS

    ids: tuple[str, ...] = tuple(game.ids)
    index = {u: k for k, u in enumerate(ids)}
    spaces = game.space_index
    nu, ns = len(ids), len(game.spaces)
    dims = {"": (), "u": (), "s": (ns,), "us": (ns,), "usr": (ns, ROUTES), "uo": (nu,), "uso": (ns, nu + 1),
            "ut": (nu + ns,)}
    verbs = [Verb(f"{k} {f}" if f else k, _CF_SHAPES[k].startswith("u"), dims[_CF_SHAPES[k]]) for k, f in VERBS]
    routed = frozenset(n for n, (k, _) in enumerate(VERBS) if _CF_SHAPES[k] == "usr")

    def split(a: Hashable) -> Parts:
        kind, unit, space, other, facing = a.kind, a.unit, a.space, a.other, a.facing  # type: ignore[attr-defined]
        shape = _CF_SHAPES[kind]
        u = index[unit] if unit else -1
        if ("u" in shape) != bool(unit):
            raise IndexClash(f"{a}: the kind {kind} is read {'with' if 'u' in shape else 'without'} a unit")
        s = spaces[space] if space is not None else -1
        o = index[other] if other else -1
        if shape in ("", "u"):
            fields: tuple[int, ...] = ()
        elif shape in ("s", "us", "usr"):
            fields = (s,)
        elif shape == "uo":
            fields = (o,)
        elif shape == "uso":
            fields = (s, o + 1)
        else:
            fields = (o,) if o >= 0 else (nu + s,)
        unused = {"s": space is not None and "s" not in shape and shape not in ("uo", "ut"),
                  "o": bool(other) and "o" not in shape and shape != "ut"}
        if any(unused.values()):
            raise IndexClash(f"{a}: names a field the kind {kind} is read without")
        verb = VERB_INDEX.get((kind, facing))
        if verb is None:
            raise IndexClash(f"{a}: the kind {kind} is read {'with' if kind in FACED_KINDS else 'without'} an edge")
        return verb, u, fields

    return ActionTable(ids, verbs, split, routed)


# --- Brigade --------------------------------------------------------------------------------------------------


def brigade_table(game: Any) -> ActionTable:
    """The :class:`ActionTable` of a Brigade game (its kit's ``action_table``)."""
    from warroom.rulesets.brigade.game import actions as A

    ctx = game.ctx
    ids: tuple[str, ...] = tuple(ctx.ids)
    unit = {u: k for k, u in enumerate(ids)}
    batteries = {b.id: k for k, b in enumerate(ctx.batteries)}
    features = {f.name: k for k, f in enumerate(ctx.field.features)}
    points = {p.name: k for k, p in enumerate(ctx.aiming_points)}
    n, nb, nd = len(ids), max(1, len(batteries)), len(A.DESTS)
    nf, npts = max(1, len(features)), max(1, len(points))
    dest = A.DEST_INDEX
    shooters = nb + n
    """Indirect fire walked or kept on is by an off-table battery or an on-table unit (BR-192)."""

    def shooter(name: str) -> int:
        return batteries[name] if name in batteries else nb + unit[name]

    table: list[tuple[type, bool, tuple[int, ...], Callable[[Any], tuple[int, tuple[int, ...]]]]] = [
        (A.End, False, (), lambda a: (-1, ())),
        (A.PinOrder, False, (2,), lambda a: (-1, (int(a.rightward),))),
        (A.PinChoice, False, (2,), lambda a: (-1, (int(a.take),))),
        (A.Select, True, (), lambda a: (unit[a.unit], ())),
        (A.Hold, True, (), lambda a: (unit[a.unit], ())),
        (A.FollowPlan, True, (), lambda a: (unit[a.unit], ())),
        (A.Fire, True, (n, 2), lambda a: (unit[a.unit], (unit[a.target], a.mode))),
        (A.Advance, True, (nd,), lambda a: (unit[a.unit], (dest[a.dest],))),
        (A.Move, True, (nd, 2, 2), lambda a: (unit[a.unit], (dest[a.dest], int(a.half), int(a.close)))),
        (A.Deploy, True, (nd,), lambda a: (unit[a.unit], (dest[a.dest],))),
        (A.Limber, True, (nd,), lambda a: (unit[a.unit], (dest[a.dest],))),
        (A.Mount, True, (nd,), lambda a: (unit[a.unit], (dest[a.dest],))),
        (A.Dismount, True, (nd,), lambda a: (unit[a.unit], (dest[a.dest],))),
        (A.Disembark, True, (nd,), lambda a: (unit[a.unit], (dest[a.dest],))),
        (A.Embark, True, (n,), lambda a: (unit[a.unit], (unit[a.carrier],))),
        (A.Request, True, (nb, n), lambda a: (unit[a.caller], (batteries[a.battery], unit[a.target]))),
        (A.RequestPoint, True, (nb, npts), lambda a: (unit[a.caller], (batteries[a.battery], points[a.point]))),
        (A.Call, True, (n, n), lambda a: (unit[a.caller], (unit[a.unit], unit[a.target]))),
        (A.Walk, False, (shooters, n), lambda a: (-1, (shooter(a.battery), unit[a.target]))),
        (A.Continue, False, (shooters,), lambda a: (-1, (shooter(a.battery),))),
        (A.Bombard, True, (n,), lambda a: (unit[a.unit], (unit[a.target],))),
        (A.BombardFeature, True, (nf,), lambda a: (unit[a.unit], (features[a.feature],))),
    ]
    verbs = [Verb(cls.__name__, has_unit, dims) for cls, has_unit, dims, _ in table]
    by_class = {cls: (k, read) for k, (cls, _, _, read) in enumerate(table)}

    def split(a: Hashable) -> Parts:
        found = by_class.get(type(a))
        if found is None:
            raise IndexClash(f"{a}: no block for a {type(a).__name__} (a free-form move is not offered as a legal "
                             f"action, BR-160)")
        k, read = found
        u, fields = read(a)
        return k, u, fields

    return ActionTable(ids, verbs, split)


def learning_games() -> tuple[str, ...]:
    """The games that have learning environments: those whose kit names them (``env_prefix``)."""
    return tuple(r for r, kit in kits().items() if kit.env_prefix)


def action_table(game: Game) -> ActionTable:
    """The :class:`ActionTable` of a game, from its kit (:meth:`warroom.core.kit.Kit.action_table`)."""
    try:
        table: ActionTable = kit_of(game).action_table(game)
    except NotInKit as exc:
        raise UsageError(f"{exc}; games: {', '.join(learning_games())}") from None
    return table
