"""Entrenchments: what a team in a trench line gets.

Seed 001, "Entrenchments (P213)" (reading FB-17 for gun pits and tank pits).
"""

from __future__ import annotations

from warroom.core.chance import Outcome, Resolution
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.fow_bunkers.common import ENTRENCHMENTS, cite, load
from warroom.rulesets.fow_bunkers.info import INFO


class EntrenchmentTable(Table):
    trench_line_concealed: bool
    trench_line_bullet_proof: bool
    gone_to_ground_unless_shot: bool


TRENCH = load("entrenchments", EntrenchmentTable)

GONE = "concealed, bullet-proof cover, gone to ground"
NOT_GONE = "concealed, bullet-proof cover, not gone to ground"
PIT = "no trench-line rule: the base game's rule for the pit applies"
MOVED = {"no": "did not move", "moved": "moved", "at_the_double": "moved at the double"}


@procedure(
    INFO,
    "entrenchment",
    example={"moved": "at_the_double"},
    title="A team in a trench line",
    summary="Teams in trench lines are concealed and in bullet-proof cover, and gone to ground if they did not "
            "shoot, even if they moved.",
    rule=cite(ENTRENCHMENTS, readings=("FB-17",)),
    params=(
        Param("work", "choice", "the entrenchment: a trench line, a gun pit or a tank pit", "trench_line",
              choices=("trench_line", "gun_pit", "tank_pit")),
        Param("shot", "bool", "the team shot this turn", False),
        Param("moved", "choice", "how the team moved this turn", "no", choices=tuple(MOVED)),
        Param("shooter_in_same_trench", "bool", "the team is shot at by troops in the same trench line", False),
    ),
    results=(GONE, NOT_GONE, PIT),
)
def entrenchment(r: Resolution, work: str, shot: bool, moved: str, shooter_in_same_trench: bool) -> Outcome:
    """Seed 001 "Entrenchments (P213)": entrenchments include trench lines, gun pits and tank
    pits. Teams within trench lines are concealed and in bullet-proof cover, even if shot at
    by troops in the same trench line; troops in trench lines that don't shoot are gone to
    ground even if they moved, including at the double. The seed gives gun pits and tank
    pits no rule of their own (FB-17)."""
    if work != "trench_line":
        name = work.replace("_", " ")
        return r.result(PIT, f"the seed lists the {name} as an entrenchment but gives its rules only for trench "
                        "lines (FB-17)")
    r.step("the team is within a trench line: concealed and in bullet-proof cover"
           + (", even against troops in the same trench line" if shooter_in_same_trench else ""))
    if shot:
        return r.result(NOT_GONE, "it shot this turn, so it is not gone to ground")
    how = MOVED[moved]
    return r.result(GONE, f"it did not shoot: gone to ground although it {how}" if moved != "no"
                    else "it did not shoot: gone to ground")
