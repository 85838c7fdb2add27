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


def _centre(figures: Any) -> str:
    xs, ys = [f[0] for f in figures], [f[1] for f in figures]
    return f'{sum(xs) / len(xs):.1f},{sum(ys) / len(ys):.1f}"'


def placed(obs: Mapping[str, Any]) -> dict[str, str]:
    """Where each unit the side sees stands on the table (seed 004, in inches from the table's corner): the centre
    of its stands, how many, and its facing; an enemy unit the side is only aware of (not detected) by where it
    is believed to be."""
    out: dict[str, str] = {}
    for u in obs["units"]:
        if u["status"] != "on" or not u["figures"] or u.get("aboard"):
            continue
        stands = len(u["figures"])
        out[u["id"]] = f"{_centre(u['figures'])}, {stands} stand{'s' if stands != 1 else ''}, facing {u['facing']:.0f}°"
    for e in obs["enemy"]:
        if e.get("figures"):
            stands = len(e["figures"])
            out[e["id"]] = (f"{_centre(e['figures'])}, {stands} stand{'s' if stands != 1 else ''}, facing "
                            f"{e.get('facing', 0):.0f}°")
        elif e.get("near"):
            out[e["id"]] = f"near {_centre([e['near']])} (not seen)"
    return out
