"""Company Fire game: the game's own invariants, which the conformance suite checks in every state.

Stacking (seed "Stacking"; riders do not count, and a carrier holds no more than it carries, CF-90), SMFs in
good order or gone (seed "Single Mounted Figures (SMFs)"), no unit in an enemy's space, one blind covering a whole
space (CF-46, CF-63), riders hidden with their carrier (CF-95), every gun and vehicle facing an edge (CF-43,
CF-65), and no unit on the table once destroyed or removed.
"""

from __future__ import annotations

from typing import Any

from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.state import CFState
from warroom.rulesets.company_fire.vehicles import FACINGS


def invariants(state: Any) -> list[str]:
    """The game's own invariants: stacking, statuses, no unit in an enemy space, blinds whole."""
    s: CFState = state
    g = s.game
    problems: list[str] = []
    spaces: dict[Space, list[int]] = {}
    for i in s.living():
        spaces.setdefault(s.units[i].at, []).append(i)  # type: ignore[arg-type]
        if g.smf[i] and s.units[i].status != "good_order":
            problems.append(f"SMF {g.ids[i]} is {s.units[i].status}")
    for sp, here in spaces.items():
        if len({g.side_of[i] for i in here}) > 1:
            problems.append(f"units of both sides in {sp}: {[g.ids[i] for i in here]}")
        aboard = [i for i in here if s.units[i].riding >= 0]
        for i in aboard:
            c = s.units[i].riding
            if not s.alive(c) or s.units[c].at != sp or g.side_of[c] != g.side_of[i] or not g.may_ride[i]:
                problems.append(f"{g.ids[i]} rides in {g.ids[c]}, which is not a friendly carrier in {sp}")
            if s.units[i].hidden != s.units[c].hidden:
                problems.append(f"{g.ids[i]} rides in {g.ids[c]} but one of them is hidden and the other not")
        for c in {s.units[i].riding for i in aboard}:
            teams = sum(1 for i in aboard if s.units[i].riding == c and not g.smf[i])
            smfs = sum(1 for i in aboard if s.units[i].riding == c and g.smf[i])
            if teams > g.carries[c][0] or smfs > g.carries[c][1]:
                problems.append(f"{g.ids[c]} carries more than it may: {teams} squads or teams, {smfs} SMFs")
        here = [i for i in here if s.units[i].riding < 0]
        non_smf = sum(1 for i in here if not g.smf[i])
        if not B.stacking_allows(non_smf, len(here) - non_smf):
            problems.append(f"stacking broken in {sp}: {[g.ids[i] for i in here]}")
        if len({s.units[i].hidden for i in here}) > 1:
            problems.append(f"a blind covers part of {sp} only")
    for i, u in enumerate(s.units):
        if g.types[i].faces_an_edge and u.facing not in FACINGS:
            problems.append(f"{g.ids[i]} faces {u.facing!r}, not an edge")
        if u.status in ("destroyed", "removed") and u.at is not None:
            problems.append(f"{g.ids[i]} is {u.status} but still on the table")
        if u.riding >= 0 and u.at is None:
            problems.append(f"{g.ids[i]} is off the table but still rides in {g.ids[u.riding]}")
    return problems
