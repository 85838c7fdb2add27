"""Company Fire game: the constants, small helpers and record types that every module of the game reads.

The eight segments of a card (seed "Initiative and Phase Sequence"), the two sides, the statuses of a unit on
the table (seed "Unit Status, Hit Results and Rallying") and the longest small-arms range; and the immutable
records a position is made of: :class:`UnitState` (facing and turret, CF-43 and CF-65; the card's flags,
CF-73 and CF-74; the carrier it rides in, CF-90), :class:`MineState` (seed "Mines (beta)", CF-52),
:class:`Mission` (seed "Artillery", CF-50), :class:`Smoke` (CF-51), :class:`Decision` (a choice the rules
hand a side in the middle of an action, CF-60) and :class:`LogLine`. The records sit here, below
:mod:`.rules`, which reads them; :class:`.state.CFState` is the position that holds them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from warroom.rulesets.company_fire.board import Space

ARRIVAL, DECLARE, LEADERS, RALLY, GROUP, ASSAULT, INDIVIDUAL, REACTION = range(8)
ROLES = ("attacker", "defender")
ALIVE = frozenset({"good_order", "pinned", "suppressed"})
MAX_RANGE = 10  # the longest small-arms range (MMG, HMG, sniper): how far an unseen blind may threaten


def other_side(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def sp(space: Space | None) -> str:
    return "-" if space is None else f"{space[0]},{space[1]}"


class UnitState(NamedTuple):
    """A unit's changing facts. ``at`` is None once it has left the table."""

    at: Space | None
    status: str  # good_order, pinned, suppressed, destroyed (counts for victory), removed (by the rules)
    hidden: bool
    bocage: bool
    moved: bool
    fired: bool
    done: bool
    rallied: bool
    op_fired: bool
    jammed: bool
    smoke_rounds: int
    facing: str = ""  # N, E, S, W for vehicles and guns (CF-43, CF-65)
    turret: str = ""  # a turreted vehicle's turret (CF-65)
    at_fired: bool = False  # fired its anti-tank weapon or main gun this card (CF-74)
    pivoted: bool = False  # pivoted in place this card (CF-73)
    turned: bool = False  # turned its turret this card (CF-73)
    riding: int = -1  # the index of the half-track or truck it rides in, -1 when on foot (CF-90)


class MineState(NamedTuple):
    at: Space
    laid_by: str
    real: bool
    marked: bool
    path: bool
    gone: bool


class Mission(NamedTuple):
    """A fire mission declared by ``side``'s observer ``fo`` on ``space``; ``ready`` from the next card."""

    side: str
    fo: int
    space: Space
    kind: str
    ready: bool


class Smoke(NamedTuple):
    space: Space
    side: str


class Decision(NamedTuple):
    """A decision the rules hand to one side in the middle of an action (reading CF-60)."""

    kind: str  # opfire, retreat, sacrifice, lose, occupy, ca_retreat
    side: str
    data: tuple[Any, ...]


class LogLine:
    """One line of the narration and who may read it: "all", or the one side.

    A ruling's line is given as a function that words it (:class:`..rolled.Rolled`): it is called when the line
    is first read, and its text kept; a play-out that never reads the narration never words it.
    """

    __slots__ = ("_text", "audience")

    def __init__(self, text: str | Callable[[], str], audience: str = "all") -> None:
        self._text = text
        self.audience = audience

    @property
    def text(self) -> str:
        text = self._text
        if not isinstance(text, str):
            text = self._text = text()
        return text

    def __iter__(self) -> Iterator[str]:
        return iter((self.text, self.audience))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LogLine) and (self.text, self.audience) == (other.text, other.audience)

    def __hash__(self) -> int:
        return hash((self.text, self.audience))

    def __repr__(self) -> str:
        return f"LogLine({self.text!r}, {self.audience!r})"

    def __reduce__(self) -> tuple[type[LogLine], tuple[str, str]]:
        return LogLine, (self.text, self.audience)
