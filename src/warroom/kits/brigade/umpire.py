"""What the umpire sees of a Brigade position (:meth:`warroom.core.kit.Kit.umpire_observation`), as spotting
shows it (seed 004 "Detection"): the second side's units on the table as spotted enemies of the first, with
their figures, and every side's minefields, missions and aiming points, in the form of the first side's
observation."""

from __future__ import annotations

from typing import Any

from warroom.core.game import Game, GameState
from warroom.present.views import plain


def umpire_observation(game: Game, state: GameState) -> dict[str, Any]:
    """Every side's own units, minefields, missions and aiming points together, in the form of the first side's
    observation; ``"umpire"`` is True in it."""
    sides = game.sides
    views = {side: plain(state.observation(side)) for side in sides}
    out: dict[str, Any] = dict(views[sides[0]])
    out["umpire"] = True
    others = [u for side in sides[1:] for u in views[side]["units"] if u["status"] == "on" and not u["aboard"]]
    out["enemy"] = [{"id": u["id"], "detected": "spotted", "type": u["type"], "figures": u["figures"],
                     "pinned": u["pinned"], "facing": u["facing"], "mounted": u["mounted"]} for u in others]
    seen = {m["name"] for m in out["minefields"]}
    out["minefields"] += [m for side in sides[1:] for m in views[side]["minefields"] if m["name"] not in seen]
    out["missions"] = [m for side in sides for m in views[side]["missions"]]
    out["aiming_points"] = [p for side in sides for p in views[side]["aiming_points"]]
    return out
