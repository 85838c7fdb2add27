"""Representative parameters for every registered procedure, and icepool's way to compute the same dice.

One :class:`Case` per procedure id (``warroom.procedures()``). ``params`` holds the
required parameters (and anything else worth pinning); every other parameter takes
its default. ``nodes`` is the chance nodes the procedure meets with those
parameters, as ``run.py`` writes them (``d6``, ``4d6≥5``, ``card of 52``, ...;
`` → `` between the nodes of one path through the chance tree, `` | `` between
paths, only the longest paths shown). The benchmark records the nodes the
procedure really meets and warns when they differ, so an icepool equivalent
cannot silently drift from the rules tables. ``icepool`` is a Python
expression, evaluated with ``icepool`` in scope, that computes the same dice
distribution directly; ``None`` when the procedure throws no dice or icepool has no
direct equivalent (``note`` says which).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

POOL_DICE = 40
"""The large pool the 10 ms target is stated for: ``POOL_DICE`` d6 hitting on 5+."""


@dataclass(frozen=True)
class Case:
    params: dict[str, Any] = field(default_factory=dict)
    nodes: str = ""
    icepool: str | None = None
    note: str = ""


CASES: dict[str, Case] = {
    # An HMG fires 4d6 (open target, Fire card), hits on 5+.
    "company-fire/individual-fire": Case({"weapon": "hmg"}, "4d6≥5", "4 @ (icepool.d6 >= 5)"),
    # Two rifle squads pool 3d6 + 3d6.
    "company-fire/group-fire": Case({"firers": "rifle_squad,rifle_squad"}, "6d6≥5", "6 @ (icepool.d6 >= 5)"),
    # An HMG op-fires 4d6: hits on 5+ and ones (two ones jam it) from the same throw.
    "company-fire/opportunity-fire": Case(
        {"weapon": "hmg"}, "4d6≥5 +1s",
        "4 @ icepool.d6.map(lambda x: icepool.Vector((int(x >= 5), int(x == 1))))",
    ),
    # A sniper fires 3d6 at a unit.
    "company-fire/sniper-fire": Case({}, "3d6≥5", "3 @ (icepool.d6 >= 5)"),
    "company-fire/hit-result": Case({"hits": 2}, "", None, "no dice"),
    "company-fire/smf-elimination": Case({"cause": "direct_fire"}, "", None, "no dice"),
    # HE in the open: 1d6 arrival (denied on 1), then 4d6 hitting on 5+.
    "company-fire/artillery": Case({}, "d6 → 4d6≥5", "(icepool.d6 <= 1).if_else(-1, 4 @ (icepool.d6 >= 5))"),
    # Attacker's 1d6 against the defender's 1d6: the margin.
    "company-fire/close-assault": Case({}, "1d6 against 1d6", "icepool.d6 - icepool.d6"),
    # 1d6 through on 5+, else a real field rolls 3d6 damage hitting on 5+.
    "company-fire/minefield-passage": Case({}, "d6 → 3d6≥5", "(icepool.d6 >= 5).if_else(-1, 3 @ (icepool.d6 >= 5))"),
    "company-fire/minefield-find-path": Case({}, "d6", "icepool.d6 >= 5"),
    # 1d6 + 2 through on 5+, else 3d6 damage.
    "company-fire/minefield-follow-path": Case(
        {}, "d6 → 3d6≥5", "(icepool.d6 + 2 >= 5).if_else(-1, 3 @ (icepool.d6 >= 5))",
    ),
    # Clearing side's 1d6 against the mines' 1d6.
    "company-fire/minefield-clear": Case({}, "1d6 against 1d6", "icepool.d6 - icepool.d6"),
    "company-fire/rally": Case({"status": "pinned"}, "d6", "icepool.d6 >= 4"),
    "company-fire/movement-test": Case({"destination": "cover"}, "d6", "icepool.d6 >= 4"),
    # One card from a full 52-card deck read as its kind: a die over the 52 cards' readings
    # (side and Move / Fire / face), weighted by how many cards read so.
    "company-fire/initiative-card": Case(
        {}, "card of 52",
        "icepool.Die([('red' if suit in 'HD' else 'black', 'face' if rank > 10 else 'odd' if rank % 2 else 'even')"
        " for suit in 'SHDC' for rank in range(1, 14)])",
    ),
    # Turns until 1d6 per turn takes the clock from 0 to 21 or more.
    "company-fire/game-clock": Case({}, "until turn: d6", "icepool.d6.time_to_sum(21)"),
}

POOL_ICEPOOL = f"{POOL_DICE} @ (icepool.d6 >= 5)"
"""icepool's own expression for the 40-die pool."""

QUICK_COLD = ("company-fire/individual-fire", "company-fire/close-assault", "company-fire/game-clock")
"""With ``--quick``, cold latency (one fresh process each) is measured for these procedures and the pool only."""
