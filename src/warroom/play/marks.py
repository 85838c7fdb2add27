"""What the enemy just did, as marks on a side's map: who fired at whom (a line from the firer to its target),
who fell (a cross where the unit stood), who moved where (an arrow along the places it was seen at), who came
into sight (a ring). Both front ends draw them (:func:`last_marks`) over the board until the side acts again.

Fog of war holds (docs/rulings.md CF-125 ... CF-130, seed 004 "Detection"): every mark is read from the side's
own observation before and after each enemy action (``state.observation(side)``, through the game kit's
:meth:`~warroom.core.kit.Kit.known_units`) and the side's narration of it. An action's own facts
(``game.facts_of``: its unit, its target, the space or point it aims at) are used only for a unit the side sees
before or after it: a hidden enemy's move is not drawn, a fire from a unit the side has not seen draws no line
(its target's fall is still marked, as the side saw it), and a unit that comes into sight is marked where it is,
never where it came from.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warroom.core.game import Game, GameState
from warroom.core.kit import KnownUnit, kit_of

Place = tuple[float, float]

LOSS_WORDS = ("destroyed", "removed", "eliminated")
"""The words of a narration line that tell a unit has fallen, for an enemy unit the side stops seeing."""


@dataclass(frozen=True)
class Mark:
    """One mark on the map: ``kind`` ``fire`` (``frm`` the firer's place, ``to`` the target's), ``move`` (``path``
    the places the unit was seen at, first to last), ``fell`` (``to`` where it stood) or ``seen`` (``to`` where
    it came into sight); the unit, its side, the target (a fire's), the action's number (from 1) and a line of
    text for the legend."""

    kind: str
    unit: str
    side: str
    step: int
    text: str
    frm: Place | None = None
    to: Place | None = None
    target: str | None = None
    path: tuple[Place, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The mark as the web API sends it (:class:`warroom.web.models.MarkFace`): ``origin`` the firer's or the
        mover's first place, ``at`` the target's, the fallen's, the seen's or the mover's last place."""
        return {"kind": self.kind, "unit": self.unit, "side": self.side, "step": self.step, "text": self.text,
                "origin": None if self.frm is None else list(self.frm),
                "at": None if self.to is None else list(self.to), "target": self.target,
                "path": [list(p) for p in self.path]}


def _place(value: Sequence[float] | None) -> Place | None:
    return None if value is None else (float(value[0]), float(value[1]))


def _where(p: Place, grid: bool) -> str:
    return f"{int(p[0])},{int(p[1])}" if grid else f'({p[0]:.0f}", {p[1]:.0f}")'


def window(bys: Sequence[str], side: str) -> range:
    """The actions (indices into the game's actions) the marks are of: every action since ``side``'s last own
    action, the enemy's replies to it included; all of them where the side has not acted yet."""
    last = max((n for n, by in enumerate(bys) if by == side), default=-1)
    return range(last + 1, len(bys))


def marks_of(game: Game, states: Sequence[GameState], bys: Sequence[str], actions: Sequence[Hashable], side: str,
             steps: range | None = None) -> list[Mark]:
    """The marks of the enemy actions in ``steps`` (default :func:`window`) as ``side`` saw them: ``states[n]``
    is the position before ``actions[n]``, taken by ``bys[n]``."""
    kit = kit_of(game)
    grid = kit.measure == "grid"
    fire_kinds = kit.fire_kinds()
    out: list[Mark] = []
    moves: dict[str, list[Place]] = {}
    moved_at: dict[str, tuple[int, str]] = {}
    steps = window(bys, side) if steps is None else steps
    if not steps:
        return out
    before = kit.known_units(game, states[steps[0]].observation(side, log=False))
    for n in steps:
        after = kit.known_units(game, states[n + 1].observation(side, log=False))
        said = states[n + 1].narration(side)
        if bys[n] != side:
            _fire(game, actions[n], n, before, after, fire_kinds, grid, out)
            for uid, now in after.items():
                was = before.get(uid)
                if now.side == side or now.out or now.at is None:
                    continue
                if was is None or was.at is None:
                    out.append(Mark("seen", uid, now.side, n + 1, f"{uid} came into sight at {_where(now.at, grid)}",
                                    to=now.at))
                elif math.dist(was.at, now.at) > 1e-6:
                    path = moves.setdefault(uid, [was.at])
                    path.append(now.at)
                    moved_at[uid] = (n + 1, now.side)
        for uid, then in before.items():
            later = after.get(uid)
            if then.out or then.at is None:
                continue
            if (later is not None and later.out) or (later is None and _told_fallen(uid, said)):
                out.append(Mark("fell", uid, then.side, n + 1, f"{uid} fell at {_where(then.at, grid)}", to=then.at))
        before = after
    for uid, path in moves.items():
        where = " → ".join(_where(p, grid) for p in (path[0], path[-1]))
        step, who = moved_at[uid]
        out.append(Mark("move", uid, who, step, f"{uid} moved {where}", frm=path[0], to=path[-1], path=tuple(path)))
    return sorted(out, key=lambda m: (m.step, m.kind != "move"))


def _told_fallen(uid: str, said: Sequence[str]) -> bool:
    named = re.compile(rf"(?<![\w-]){re.escape(uid)}(?![\w-])")
    return any(named.search(line) and any(w in line for w in LOSS_WORDS) for text in said
               for line in text.splitlines())


def _fire(game: Game, action: Hashable, n: int, before: Mapping[str, KnownUnit], after: Mapping[str, KnownUnit],
          fire_kinds: frozenset[str], grid: bool, out: list[Mark]) -> None:
    """A fire's line, where the side sees the firer (before or after the action) and knows what it aimed at."""
    facts = game.facts_of(action)
    if facts.kind not in fire_kinds or facts.unit is None:
        return
    firer = after.get(facts.unit) or before.get(facts.unit)
    frm = None
    for known in (after.get(facts.unit), before.get(facts.unit)):
        if known is not None and known.at is not None:
            frm = known.at
            break
    if firer is None or frm is None:
        return
    to: Place | None = None
    target = facts.target
    if target is not None:
        for known in (before.get(target), after.get(target)):
            if known is not None and known.at is not None:
                to = known.at
                break
        if to is None:
            target = None
    if to is None:
        to = _place(facts.space) or _place(facts.point)
    if to is None:
        return
    there = sorted(uid for uid, k in before.items() if k.at is not None and not k.out and k.side != firer.side
                   and math.dist(k.at, to) < 1e-6) if target is None and grid else []
    aim = target or _where(to, grid) + (f" ({', '.join(there)})" if there else "")
    out.append(Mark("fire", facts.unit, firer.side, n + 1, f"{facts.unit} fired at {aim}", frm=frm, to=to,
                    target=target))


def last_marks(game: Game, states: Sequence[GameState], bys: Sequence[str], actions: Sequence[Hashable],
               side: str) -> list[dict[str, Any]]:
    """The marks of the enemy's actions since ``side`` last acted, as plain JSON for the page and the terminal."""
    return [m.to_json() for m in marks_of(game, states, bys, actions, side)]


GLYPHS = {"fell": "X", "fire": "@", "move": ">", "seen": "+"}
"""The terminal's mark of each kind in a board cell: ``X`` a unit fell there, ``@`` a fire's target, ``>`` where a
move ended, ``+`` where a unit came into sight (the strongest mark of a place wins, in this order)."""

LEGEND = "X fell, @ fired at, > moved here, + came into sight"


def cell_glyphs(marks: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
    """Each marked place (a space, or a point in inches) and its glyph (:data:`GLYPHS`), from marks as
    :func:`last_marks` gives them."""
    order = list(GLYPHS)
    out: dict[Place, str] = {}
    for m in sorted(marks, key=lambda m: -order.index(m["kind"]) if m["kind"] in order else 1):
        if m["kind"] in GLYPHS and m.get("at") is not None:
            out[(float(m["at"][0]), float(m["at"][1]))] = GLYPHS[m["kind"]]
    return out


def legend_line(marks: Sequence[Mapping[str, Any]]) -> str:
    """The one line under the board that says what the marks are: the enemy's last actions as the side saw them,
    each told (empty when there are none)."""
    if not marks:
        return ""
    return f"The enemy's last actions ({LEGEND}): " + "; ".join(str(m["text"]) for m in marks) + "."
