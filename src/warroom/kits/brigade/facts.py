"""Brigade's facts of one side's observation (seed 004), for the play session and the front ends: the period,
move and phase, what the side knows of the enemy, which of its units are out of the game and the figures lost.
Pure functions of the observation (``state.observation(side)``), never of the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DECISIVE = frozenset({"destroyed", "removed"})
"""The losses the summary counts among the decisive moments: a unit destroyed, or removed by its casualty test."""


def phase(obs: Mapping[str, Any]) -> tuple[Any, ...]:
    """What changes when a move or phase does: the board is drawn again then."""
    return obs["period"], obs["move"], obs["moving"], obs["phase"]


def move_in_period(obs: Mapping[str, Any]) -> int:
    """Seed 004 "Move Sequence": each side moves once a period; the first side's move is move 1, the other's 2."""
    return int(obs["move"]) % 2 + 1


def heading(obs: Mapping[str, Any]) -> str:
    """The period, the move within it (1 or 2, as the narration counts them: the observation's ``move`` counts
    every move of the game from 0), the side moving, the phase and the side to act; at the end, why it ended."""
    if obs["phase"] == "over":
        reason = (obs.get("result") or {}).get("reason")
        return f"The game is over: {reason}." if reason else "The game is over."
    return (f"Period {obs['period']}, move {move_in_period(obs)}: the {obs['moving']} moving, phase: "
            f"{obs['phase']}; "
            f"to act: {obs['to_act'] or 'nobody (the game is over)'}")


def enemy_known(obs: Mapping[str, Any]) -> frozenset[Any]:
    """Everything the side knows of the enemy: the units it has detected or is aware of, and where, and the
    enemy minefields it has found."""
    units = {(e["id"], e["detected"], tuple(map(tuple, e.get("figures", ()))), tuple(e.get("near", ())))
             for e in obs["enemy"]}
    mines = {("mines", m["name"]) for m in obs["minefields"]}  # its own, and the enemy's it has found
    return frozenset(units | mines)


def lost(obs: Mapping[str, Any]) -> dict[str, str]:
    """The side's own units out of the game, each with how."""
    return {u["id"]: u["status"] for u in obs["units"] if u["status"] != "on"}


def figures_lost(obs: Mapping[str, Any]) -> int:
    """The figures the side's units still on the table have lost."""
    return sum(u["dead"] or 0 for u in obs["units"])
