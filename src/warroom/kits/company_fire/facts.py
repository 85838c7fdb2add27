"""Company Fire's facts of one side's observation (seed 002), for the play session and the front ends: what the
turn is, what the side knows of the enemy, which of its units are out of the game. Pure functions of the
observation (``state.observation(side)``), never of the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DECISIVE = frozenset({"destroyed"})
"""The losses the summary counts among the decisive moments: a unit destroyed (counting for victory), not one the
rules take off the table (a scout that has spotted, a sniper that has fired)."""


def phase(obs: Mapping[str, Any]) -> tuple[Any, ...]:
    """What changes when a card or segment does: the board is drawn again then."""
    return obs["turn"], obs["card"], obs["phasing"], obs["segment"]


def heading(obs: Mapping[str, Any]) -> str:
    """The turn, the game clock, the card drawn and its kind, the side phasing, the segment and the side to act
    (seed 002 "Initiative and Phase Sequence")."""
    return (f"Turn {obs['turn']}, clock {obs['clock']}: {obs['card']} ({obs['card_kind']}), the {obs['phasing']} "
            f"phasing, segment: {obs['segment']}; to act: {obs['to_act'] or 'nobody (the game is over)'}")


def enemy_known(obs: Mapping[str, Any]) -> frozenset[Any]:
    """Everything the side knows of the enemy: its units on the table, its blinds and its minefield markers."""
    side = obs["side"]
    units = {("unit", u["id"], tuple(u["at"] or ()), u["status"]) for u in obs["units"] if u["side"] != side}
    blinds = {("blind", tuple(b["at"])) for b in obs["blinds"] if b["side"] != side}
    mines = {("mines", tuple(m["at"]), m.get("path_found")) for m in obs["minefields"] if m["laid_by"] != side}
    return frozenset(units | blinds | mines)


def lost(obs: Mapping[str, Any]) -> dict[str, str]:
    """The side's own units that are out of the game, each with how (destroyed counts for victory; removed by
    the rules)."""
    side = obs["side"]
    return {u["id"]: u["status"] for u in obs["units"]
            if u["side"] == side and u["status"] in ("destroyed", "removed")}


def _space(at: Any) -> str:
    return ",".join(str(v) for v in at)


def placed(obs: Mapping[str, Any]) -> dict[str, str]:
    """Where each unit and blind the side sees stands (seed 002 "The Playing Area": a space is column,row), with a
    vehicle's facing (hull, and turret where it has one); a unit off the table is not placed."""
    out: dict[str, str] = {}
    for u in obs["units"]:
        if not u.get("at") or u["status"] in ("destroyed", "removed"):
            continue
        where = _space(u["at"])
        if u.get("facing"):
            where += f" facing {u['facing']}"
        if u.get("turret"):
            where += f", turret {u['turret']}"
        out[f"{u['id']} ({u['side']})"] = where
    counts: dict[str, int] = {}
    for b in obs["blinds"]:
        key = f"{b['side']} blind at {_space(b['at'])}"
        counts[key] = counts.get(key, 0) + 1
        out[key if counts[key] == 1 else f"{key} ({counts[key]})"] = _space(b["at"])
    return out
