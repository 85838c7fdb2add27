"""What the Brigade game's modules share: the records a position is made of (a unit's state :class:`U`, an
off-table :class:`Mission`, a line of narration :class:`Event`), the game's constants, and small helpers: places to
the hundredth of an inch, action values made once, the longest move of a movement row, and the counts read from a
ruling's result."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from warroom.rulesets.brigade import movement_table
from warroom.rulesets.brigade.f_tables import INDIRECT

Coord = tuple[float, float]


def rounded(x: float) -> float:
    return round(float(x), 2)


def pt(p: Sequence[float]) -> Coord:
    return (rounded(p[0]), rounded(p[1]))


def onto_table(width: float, depth: float, p: Coord) -> Coord:
    """``p`` moved onto a ``width`` x ``depth`` table (a point off an edge goes to the edge)."""
    return (min(max(p[0], 0.0), width), min(max(p[1], 0.0), depth))


@functools.cache
def action_of(kind: Callable[..., Hashable], *args: Any) -> Hashable:
    """An action value, made once: actions are small immutable values, and legal actions are listed often."""
    return kind(*args)


@functools.cache
def max_inches(row_name: str) -> float:
    """The longest move of a movement-table row: its best rate at its best throw (destinations, BR-160)."""
    row = movement_table.mover(row_name)
    return max(float(r.highest) for c in ("road", "open", "rough", "thick")
               if (r := row.rate(c)) is not None)


def hits_of(result: str) -> int:
    return 0 if result.startswith("no") else int(result.split()[0])


def killed_of(result: str) -> int:
    return 0 if result.startswith("no") or not result else int(result.split()[0])


def ceil_inches(d: float) -> int:
    """A range in whole inches, rounded up, so a band's limit is never passed (BR-107)."""
    return max(0, math.ceil(d - 1e-9))


def clip_segment(a: Coord, b: Coord, box: tuple[float, float, float, float]) -> tuple[float, float] | None:
    """The stretch (t0, t1) of segment a-b inside the box (Liang-Barsky), or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return (t0, t1)


CLOSE_SPACING = 0.75
"""Close order: figures base to base (3/4" bases, BR-26)."""

KEEP_OFF = 1.0
"""No close combat (BR-120): a move stops 1" (centre to centre: a quarter inch between 3/4" bases) from the
nearest enemy figure, so the seed's 1" and 2" ranges (pistols, AT grenades, flame-throwers, "within 2\"") come
into play (BR-190)."""

MARGIN = 0.4

SPOTTED, AWARE = 2, 1

CLASS_NAMES = {SPOTTED: "spotted", AWARE: "aware"}

TYPE_INDEX = {t: i for i, t in enumerate("ABCDE")}

WALK_INCHES = INDIRECT.walking.inches_per_move

CONTACT = 1.5
"""Troops are in contact with a vehicle when their centre is within 1 1/2" of it (a figure's base touching a
model, BR-21's reach of a half-track; BR-171), and cyclists with their bicycles (BR-182)."""
BIKE_REACH = 3.0 + CONTACT
"""How far from its bicycles a cyclist company on foot may be ordered to mount: half its move on foot (the
infantry row's 6" at best, halved) and then contact (BR-182)."""

@dataclass(frozen=True)
class U:
    """One unit's changing state. ``figs`` are the living figures' base centres (a vehicle or gun: its
    model, crew alongside), ``roles`` each figure's weapon; ``moved``/``fired`` the move index it last
    moved or fired in; ``tested`` its dead at its last casualty test; ``order`` its type this move."""

    figs: tuple[Coord, ...]
    roles: tuple[str, ...]
    status: str = "on"
    pinned: bool = False
    stuck: bool = False
    limbered: bool = False
    facing: float = 0.0
    moved: int = -9
    moved_in: float = 0.0
    fired: int = -9
    close: bool = False
    tested: int = 0
    pending: bool = False
    order: str = ""
    indirect: bool = False
    plan: tuple[Coord, ...] = ()
    mines: tuple[int, ...] = ()
    mounted: bool = False
    holders: int = 0
    aboard: int = -1
    halves: int = 0
    bikes: tuple[Coord, ...] = ()
    fall: tuple[Coord, ...] = ()
    """Where the unit's own indirect fire (over open sights, phase 4) landed when it last fired (BR-192)."""

    @property
    def on(self) -> bool:
        return self.status == "on"

    @property
    def fighting(self) -> tuple[Coord, ...]:
        """The figures that fight: all but the horse holders of dismounted cavalry (the last ``holders``)."""
        return self.figs[:len(self.figs) - self.holders] if self.holders else self.figs

    @property
    def horse_lines(self) -> tuple[Coord, ...]:
        """Where the horse holders stand with the horses (dismounted cavalry)."""
        return self.figs[len(self.figs) - self.holders:] if self.holders else ()

    @functools.cached_property
    def centre(self) -> Coord:
        figs = self.fighting
        n = len(figs)
        if n == 1:
            return figs[0]
        return (rounded(sum(f[0] for f in figs) / n), rounded(sum(f[1] for f in figs) / n))

    def anchor(self) -> Coord:
        """The unit's place for sight, range and cover: the centre of its living figures (BR-105)."""
        return self.centre

    @functools.cached_property
    def code(self) -> str:
        """The unit as one compact string (its JSON form): figures, roles, status, flags (pinned, stuck,
        limbered, close, pending, indirect, mounted), facing, moved, inches moved, fired, tested, order, plan,
        mines, horse holders, the carrier it rides (-1: none), halves of its move spent carrying, and (only when
        there are any) where the bicycles of dismounted cyclists stand (BR-181), and (marked ``@``) where its own
        indirect fire last landed (BR-192)."""
        flags = "".join("1" if f else "0" for f in (self.pinned, self.stuck, self.limbered, self.close,
                                                     self.pending, self.indirect, self.mounted))
        return "|".join((
            ";".join(f"{x!r},{y!r}" for x, y in self.figs), ",".join(self.roles), self.status, flags,
            repr(self.facing), str(self.moved), repr(self.moved_in), str(self.fired), str(self.tested), self.order,
            ";".join(f"{x!r},{y!r}" for x, y in self.plan), ",".join(str(m) for m in self.mines),
            str(self.holders), str(self.aboard), str(self.halves))) + (
            "|" + ";".join(f"{x!r},{y!r}" for x, y in self.bikes) if self.bikes else "") + (
            "|@" + ";".join(f"{x!r},{y!r}" for x, y in self.fall) if self.fall else "")

    @staticmethod
    def decode(text: str) -> U:
        got = _DECODED.get(text)
        if got is not None:
            return got
        parts = text.split("|")
        fall = _points(parts.pop()[1:]) if parts[-1].startswith("@") else ()
        bikes = _points(parts.pop()) if len(parts) == 16 else ()
        (figs, roles, status, flags, facing, moved, moved_in, fired, tested, order, plan,
         mines, holders, aboard, halves) = parts
        f = [c == "1" for c in flags]
        unit = U(_points(figs), tuple(roles.split(",")) if figs else (), status, f[0], f[1], f[2], float(facing),
                 int(moved), float(moved_in), int(fired), f[3], int(tested), f[4], order, f[5], _points(plan),
                 tuple(int(m) for m in mines.split(",")) if mines else (), f[6], int(holders), int(aboard),
                 int(halves), bikes, fall)
        if len(_DECODED) > 100_000:
            _DECODED.clear()
        _DECODED[text] = unit
        return unit

_DECODED: dict[str, U] = {}

def _points(text: str) -> tuple[Coord, ...]:
    if not text:
        return ()
    out = []
    for part in text.split(";"):
        x, y = part.split(",")
        out.append((float(x), float(y)))
    return tuple(out)

@dataclass(frozen=True)
class Mission:
    """Called fire: from off-table battery ``battery`` or (``unit`` >= 0, ``battery`` -1) an on-table mortar or
    gun (BR-192), requested by ``caller`` at ``aim``, arriving on move ``due``; ``landed`` where it came down last
    (it may then be continued or walked, BR-80)."""

    battery: int
    caller: int
    aim: Coord
    due: int
    landed: Coord | None = None
    registered: bool = False
    unit: int = -1

    def to_list(self) -> list[Any]:
        return [self.battery, self.caller, list(self.aim), self.due, list(self.landed) if self.landed else None,
                self.registered] + ([self.unit] if self.unit >= 0 else [])

    @staticmethod
    def from_list(d: list[Any]) -> Mission:
        return Mission(d[0], d[1], (d[2][0], d[2][1]), d[3], (d[4][0], d[4][1]) if d[4] is not None else None,
                       bool(d[5]), int(d[6]) if len(d) > 6 else -1)

class Event:
    """One line of narration: who may read it (None: both sides) and its text, where ``⟨i⟩`` names
    unit i to a side that knows it and "an unseen enemy unit" to one that does not.

    A ruling's line is given as a function that words it (:class:`warroom.core.rolled.Rolled`): it is called
    when the line is first read, and its text kept; a play-out that never reads the narration never words it.
    """

    __slots__ = ("_text", "sides")

    def __init__(self, sides: tuple[str, ...] | None, text: str | Callable[[], str]) -> None:
        self.sides = sides
        self._text = text

    @property
    def text(self) -> str:
        text = self._text
        if not isinstance(text, str):
            text = self._text = text()
        return text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.sides, self.text) == (other.sides, other.text)

    def __hash__(self) -> int:
        return hash((self.sides, self.text))

    def __repr__(self) -> str:
        return f"Event({self.sides!r}, {self.text!r})"

    def __reduce__(self) -> tuple[type[Event], tuple[tuple[str, ...] | None, str]]:
        return Event, (self.sides, self.text)


def segment_clear(a: Coord, b: Coord, points: Sequence[Coord], gap: float) -> bool:
    """Whether every point is at least ``gap`` from the segment a-b (a cheap exact test before sampling)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    for x, y in points:
        px, py = x - a[0], y - a[1]
        t = 0.0 if n2 <= 0 else min(1.0, max(0.0, (px * dx + py * dy) / n2))
        ex, ey = px - t * dx, py - t * dy
        if ex * ex + ey * ey < gap * gap + 1e-6:
            return False
    return True


def stop_short(a: Coord, b: Coord, points: Sequence[Coord], gap: float) -> Coord:
    """The farthest point along a-b before the path first comes nearer than ``gap`` to one of ``points``
    (worked out exactly: where the path meets the circle of radius ``gap`` round each point); from a start
    already nearer than ``gap`` to a point, the path may not close on it at all."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    if n2 <= 1e-12:
        return a
    limit = 1.0
    for x, y in points:
        px, py = a[0] - x, a[1] - y
        half_b = px * dx + py * dy  # half the linear term of |a - p + t (b - a)|^2 = gap^2
        c = px * px + py * py - gap * gap
        if c < 0:
            if half_b < 0:
                limit = 0.0  # already nearer than gap, and the move closes on it
            continue
        disc = half_b * half_b - n2 * c
        if disc < 0 or half_b >= 0:
            continue  # the path never comes within gap, or moves away from the point
        t = (-half_b - math.sqrt(disc)) / n2
        limit = min(limit, max(0.0, t))
    return (a[0] + dx * limit, a[1] + dy * limit)

