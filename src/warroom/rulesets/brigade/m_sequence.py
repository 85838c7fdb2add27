"""The move sequence: the phases of one side's move, in order, with the procedures an umpire uses.

Seed 004 "WW2 Rules for Brigade level games", "Move Sequence". Readings BR-55, BR-57, BR-58
(docs/rulings.md). A calculator: no dice.
"""

from __future__ import annotations

from warroom.core.chance import Outcome, Resolution
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.rulesets.brigade.info import INFO, SEED

PHASES: tuple[tuple[str, str, str], ...] = (
    ("1", "Test Morale",
     "each infantry or cavalry unit whose losses reached a new column of the casualty table since its last move "
     "tests (casualty-test; BR-55); units at 2/3 dead are removed"),
    ("2", "Dice to remove pinned markers",
     "each pinned unit throws (pin-removal), working across the table left to right or right to left, the moving "
     "player's choice; a unit that fails may not move and fires as pinned"),
    ("3", "Artillery requests",
     "for each request by an observer or battalion commander place a small marker at the centre of the target "
     "area; the fire arrives one period later"),
    ("4", "Off table fire",
     "off-table fire, and indirect fire from the table (BR-57): a unit that fires here may not move or fire again "
     "this move"),
    ("5", "Fire and movement",
     "all type A (fire halted, then move up to 1/2), then B (move up to 1/2, then fire moving), then C (move "
     "without firing), then D (move up to 1/2, then unlimber; may not fire), then E (limber up, then move up to "
     "1/2); move-distance for random rates, half-move-action for mounting, embarking and limbering"),
)
FIRE_MOVE_TYPES = ("A", "B", "C", "D", "E")
PHASE_CHOICES = ("all", *(p[0] for p in PHASES))


@procedure(
    INFO,
    "move-sequence",
    example={"phase": "all"},
    title="Move sequence",
    summary="The phases of a side's move in order (a pair of moves is a period), and what the other side does "
            "meanwhile.",
    rule=RuleRef(SEED, ("Move Sequence",), readings=("BR-55", "BR-57", "BR-58")),
    params=(
        Param("phase", "choice", "one phase (1-5) or all", "all", choices=PHASE_CHOICES),
        Param("period", "int", "the period being played (a pair of moves, about 2 minutes)", 1, minimum=1,
              maximum=999),
        Param("first_mover", "bool", "this is the first of the period's two moves (BR-58)", True),
    ),
    results=("sequence",),
)
def move_sequence(r: Resolution, phase: str, period: int, first_mover: bool) -> Outcome:
    """Seed 004 "Move Sequence": sides alternate moves, a pair of moves is a period of about 2
    minutes; a move is phases 1-5 in order, phase 5 by type A, B, C, D, E; the side not moving
    only places pin markers and throws saving throws. Casualty tests in phase 1 (BR-55); indirect
    fire from the table in phase 4 (BR-57); which side moves first is the scenario's (BR-58)."""
    which = "first" if first_mover else "second"
    r.step(f"period {period}, the {which} move of the pair (about 2 minutes a period; who moves first is the "
           "scenario's, BR-58)")
    shown = [p for p in PHASES if phase in ("all", p[0])]
    for number, name, what in shown:
        r.step(f"{number}) {name}: {what}")
    r.step("the other side only places pin markers and throws saving throws during this move; each phase or "
           "sub-phase is finished before the next")
    if not first_mover:
        r.step(f"after this move period {period} ends; period {period + 1} begins")
    label = "phases 1-5" if phase == "all" else f"phase {phase}"
    return r.result("sequence", f"period {period}, {which} move: {label}")
