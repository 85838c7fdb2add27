"""Detection in the Brigade game: what each side has detected as the game begins, and as each move begins.

Seed 004 "Detection" (BR-108, BR-110, BR-111): what a unit detects as the game begins it has held since before
the game, never a brief sight (BR-108), and a side that did not set up hidden is spotted wherever the enemy has
line of sight to it (BR-111); a unit's movement or fire counts for detection in the move it was made and the next,
so as a move begins the units whose movement or fire no longer counts are seen again as they now stand (BR-110).
The detection table itself (procedure ``brigade/detection``'s rows, read through
:func:`~warroom.rulesets.brigade.m_detection.detection_class`) is consulted whenever a unit changes, by
:func:`.consequences.refresh`, which every rule family shares.
"""

from __future__ import annotations

from warroom.rulesets.brigade.game.common import SPOTTED
from warroom.rulesets.brigade.game.consequences import refresh
from warroom.rulesets.brigade.game.effects import Builder


def before_the_game(b: Builder) -> None:
    """What each unit detects as the game begins (BR-108, BR-111)."""
    ctx = b.ctx
    units = b.units
    refresh(b)
    b.pairs = {k: (c, -1) for k, (c, _) in b.pairs.items()}  # seen before the game began (BR-108)
    for side in ctx.scenario.spec.sides:
        if not side.hidden_setup:  # deployed in the open: the enemy knows where (BR-111)
            for i in range(len(units)):
                if ctx.side_of[i] == side.name:
                    for o in range(len(units)):
                        if ctx.side_of[o] != side.name and ctx.sight(units[o].anchor(), ctx.body(o, units[o]),
                                                                     units[i].anchor(), ctx.body(i, units[i]))[0]:
                            b.pairs[(o, i)] = (SPOTTED, -1)


def _stale(b: Builder) -> set[int]:
    """The units whose last movement or fire was two moves ago: it no longer counts as "moving or firing"
    (BR-110)."""
    return {i for i, u in enumerate(b.units) if max(u.moved, u.fired) == b.move - 2}


def as_the_move_begins(b: Builder) -> None:
    """What changed since the last look: a unit whose movement or fire no longer counts is seen differently now,
    and only a vehicle among them also sees differently (it is no longer fast); and any unit changed since
    (the casualty tests of phase 1) is looked at again (BR-110)."""
    stale = _stale(b)
    refresh(b, {i for i in stale if b.ctx.types[i].kind == "vehicle"} | b.touched, seen=stale)


def as_the_game_ends(b: Builder) -> None:
    """The last look, after the last move: the units whose movement or fire no longer counts (BR-110)."""
    refresh(b, _stale(b))
