"""The Brigade game's actions: small frozen values with a readable string and a stable integer code.

A move (seed 004 "Move Sequence") asks the moving side for: the order of the pin tests (phase 2),
artillery requests (on a detected enemy, ``Request``, or on a pre registered aiming point,
``RequestPoint``), walking or continuing fire (phase 3), on-table indirect fire (phase 4), then
in phase 5 one unit at a time is selected and given its order, types A to E in that order:

* ``Fire`` halted (type A; then ``Move`` up to half or ``Hold``), ``Advance`` up to half then
  ``Fire`` moving or ``Hold`` (type B), ``Move`` without firing (type C, full or half, open or
  close order), ``Deploy`` (type D: move up to half, unlimber), ``Limber`` (type E: limber, move
  up to half), ``FollowPlan`` (its pre-planned path, type C), ``Hold`` (no order).
* Cavalry ``Mount`` and ``Dismount``, troops ``Embark`` in and ``Disembark`` from transport vehicles: type C
  orders (half a move for the action, half a move to ride or walk; BR-162, BR-171).
* The side being fired at answers ``PinChoice`` when small arms hit a unit that may opt for a pin.

A move names its destination: ``MoveTo`` (a point, quantised to 0.1") is the game's own move, legal where the
rules allow it (``state.move_to(unit, (x, y))`` makes one or says how far the unit gets; readings BR-160, BR-212);
``legal_actions()`` does not list every point. The listed destinations are an action abstraction for the AI
players and the learning environments, which choose from a fixed set per unit: eight headings (0 = towards
greater y, the far edge from the first side; 90 = greater x), towards each objective (up to four), towards or
away from the nearest detected enemy, along its plan, or in place; each is followed in a straight line as far
as the move gets.
"""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS = tuple(range(0, 360, 45))
DESTS: tuple[str, ...] = (*(f"dir:{d}" for d in DIRECTIONS), "obj:0", "obj:1", "obj:2", "obj:3", "enemy", "away",
                          "plan", "here")
DEST_INDEX = {d: i for i, d in enumerate(DESTS)}
ORDER_TYPES = ("A", "B", "C", "D", "E")


def dest_words(dest: str) -> str:
    if dest.startswith("dir:"):
        return f"heading {dest[4:]}\u00b0"
    if dest.startswith("obj:"):
        return f"towards objective {int(dest[4:]) + 1}"
    return {"enemy": "towards the nearest enemy", "away": "away from the nearest enemy", "plan": "along its plan",
            "here": "where it stands"}[dest]


@dataclass(frozen=True)
class End:
    """End the current phase (requests, indirect fire) or, in phase 5, the move."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class PinOrder:
    """Phase 2: test the pinned units working across the table left to right (or right to left)."""

    rightward: bool

    def __str__(self) -> str:
        return "test pins " + ("left to right" if self.rightward else "right to left")


@dataclass(frozen=True)
class PinChoice:
    """The side fired at: take a pin marker before the saving throws (save as pinned), or not."""

    take: bool

    def __str__(self) -> str:
        return "take a pin marker" if self.take else "do not take a pin marker"


@dataclass(frozen=True)
class Select:
    unit: str

    def __str__(self) -> str:
        return f"select {self.unit}"


@dataclass(frozen=True)
class Hold:
    """No (further) order for the unit this move."""

    unit: str

    def __str__(self) -> str:
        return f"{self.unit}: hold"


@dataclass(frozen=True)
class Fire:
    """Direct fire at a detected enemy; ``mode`` 1 is a tank's hull and turret MGs instead of its main gun."""

    unit: str
    target: str
    mode: int = 0

    def __str__(self) -> str:
        return f"{self.unit}: fire at {self.target}" + (" with its machine guns" if self.mode else "")


@dataclass(frozen=True)
class Advance:
    """Type B: move up to half, then fire moving."""

    unit: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit}: advance {dest_words(self.dest)} (up to half a move, then fire)"


@dataclass(frozen=True)
class Move:
    """Type C (or the half move after a type A fire): move without firing."""

    unit: str
    dest: str
    half: bool = False
    close: bool = False

    def __str__(self) -> str:
        how = " in close order" if self.close else ""
        return f"{self.unit}: move {dest_words(self.dest)}{' (half a move)' if self.half else ''}{how}"


@dataclass(frozen=True)
class Deploy:
    """Type D: a limbered gun moves up to half, then unlimbers."""

    unit: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit}: move {dest_words(self.dest)} (up to half) and unlimber"


@dataclass(frozen=True)
class Limber:
    """Type E: an unlimbered gun limbers up, then moves up to half."""

    unit: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit}: limber up and move {dest_words(self.dest)} (up to half)"


@dataclass(frozen=True)
class Mount:
    """Dismounted cavalry take to their horses (half a move), then ride up to half towards ``dest`` (type C,
    no fire; "Mounting and dismounting", BR-162)."""

    unit: str
    dest: str

    def __str__(self) -> str:
        ride = "" if self.dest == "here" else f" and ride {dest_words(self.dest)} (up to half)"
        return f"{self.unit}: mount{ride}"


@dataclass(frozen=True)
class Dismount:
    """Mounted cavalry ride up to half towards ``dest``, then dismount there (half a move), leaving one figure in
    four with the horses (type C, no fire; "Mounting and dismounting", BR-162)."""

    unit: str
    dest: str

    def __str__(self) -> str:
        return (f"{self.unit}: " + ("" if self.dest == "here" else f"ride {dest_words(self.dest)} (up to half) and ")
                + "dismount")


@dataclass(frozen=True)
class Embark:
    """Troops move up to half a move into contact with a transport of their side and get in (the other half;
    type C, no fire; "Entering / leaving vehicles", BR-171)."""

    unit: str
    carrier: str

    def __str__(self) -> str:
        return f"{self.unit}: embark in {self.carrier}"


@dataclass(frozen=True)
class Disembark:
    """Troops get out of their vehicle (half a move), in contact with it, then move up to half towards ``dest``
    (type C, no fire; "Entering / leaving vehicles", BR-171)."""

    unit: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit}: disembark" + ("" if self.dest == "here" else
                                             f" and move {dest_words(self.dest)} (up to half)")


@dataclass(frozen=True)
class FollowPlan:
    unit: str

    def __str__(self) -> str:
        return f"{self.unit}: follow its pre-planned path"


@dataclass(frozen=True)
class Request:
    """Phase 3: an observer or battalion commander calls an off-table battery onto a detected enemy."""

    caller: str
    battery: str
    target: str

    def __str__(self) -> str:
        return f"{self.caller}: request {self.battery} on {self.target}"


@dataclass(frozen=True)
class RequestPoint:
    """Phase 3: an observer or battalion commander calls an off-table artillery battery onto one of its side's pre
    registered defensive aiming points, with no enemy needed there (defensive fire; BR-184)."""

    caller: str
    battery: str
    point: str

    def __str__(self) -> str:
        return f"{self.caller}: request {self.battery} on aiming point '{self.point}'"


@dataclass(frozen=True)
class Call:
    """Phase 3: an observer or battalion commander calls an on-table mortar section or gun of its side (one that
    fires indirect) onto an enemy the caller has detected; the fire arrives a period later (Timing; BR-192)."""

    caller: str
    unit: str
    target: str

    def __str__(self) -> str:
        return f"{self.caller}: call the fire of {self.unit} on {self.target}"


@dataclass(frozen=True)
class Walk:
    """Phase 3: an observer walks fire already down up to 2" onto a detected enemy (``battery``: an off-table
    battery's id, or the id of an on-table unit it called, BR-192)."""

    battery: str
    target: str

    def __str__(self) -> str:
        return f"walk the fire of {self.battery} onto {self.target}"


@dataclass(frozen=True)
class Continue:
    """Phase 3: the fire of a battery stays on where it landed last move."""

    battery: str

    def __str__(self) -> str:
        return f"{self.battery}: keep firing"


@dataclass(frozen=True)
class Bombard:
    """Phase 4: an on-table mortar or gun fires indirect at an enemy it sees itself (arrives at once)."""

    unit: str
    target: str

    def __str__(self) -> str:
        return f"{self.unit}: indirect fire on {self.target}"


FREE_ORDERS = (*ORDER_TYPES, "M", "S", "X", "K")
"""Free-form orders: the types A-E, and M (mount, then ride to the point), S (ride to the point, then
dismount), X (disembark, then move to the point) and K (type C in close order: "Advancing in close order",
BR-26, BR-187)."""


@dataclass(frozen=True)
class BombardFeature:
    """Phase 4: an on-table mortar or gun fires indirect at a terrain feature it can see, at its centre ("Area
    weapons may fire at a geographical feature", Detection; BR-178)."""

    unit: str
    feature: str

    def __str__(self) -> str:
        return f"{self.unit}: indirect fire on {self.feature}"


@dataclass(frozen=True)
class MoveTo:
    """A move to a point (quantised to 0.1"), the game's own: ``order`` is the type (A's half move after firing,
    B, C, D or E) or M (mount then ride), S (ride then dismount), X (disembark then move), K (type C in close
    order); checked when applied
    (``check_move_to``; ``state.move_to`` makes one, BR-212)."""

    unit: str
    x10: int
    y10: int
    order: str = "C"

    @property
    def point(self) -> tuple[float, float]:
        return (self.x10 / 10, self.y10 / 10)

    def __str__(self) -> str:
        where = f"({self.x10 / 10:g}, {self.y10 / 10:g})"
        if self.order == "M":
            return f"{self.unit}: mount and ride to {where}"
        if self.order == "S":
            return f"{self.unit}: ride to {where} and dismount"
        if self.order == "X":
            return f"{self.unit}: disembark and move to {where}"
        if self.order == "K":
            return f"{self.unit}: move to {where} in close order (type C)"
        return f"{self.unit}: move to {where} (type {self.order})"


Action = (End | PinOrder | PinChoice | Select | Hold | Fire | Advance | Move | Deploy | Limber | FollowPlan | Request
          | RequestPoint | Call | Walk | Continue | Bombard | BombardFeature | MoveTo | Mount | Dismount | Embark
          | Disembark)

__all__ = ["DESTS", "DEST_INDEX", "FREE_ORDERS", "ORDER_TYPES", "Action", "Advance", "Bombard", "BombardFeature",
           "Call", "Continue", "Deploy",
           "Disembark", "Dismount", "Embark", "End", "Fire", "FollowPlan", "Hold", "Limber", "Mount", "Move", "MoveTo",
           "PinChoice", "PinOrder", "Request", "RequestPoint", "Select", "Walk", "dest_words"]
