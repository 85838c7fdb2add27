"""What the umpire sees of a position, in the form of a side's observation, for a board to be drawn over.

The umpire may see everything (docs/architecture.md "Fog of war is a rule": a side's view holds only what the
side has seen; the umpire's is every side's own view together). Company Fire: each side's units as it sees them
itself (hidden ones under their blinds), its minefields and marked missions. Brigade (seed 004 "Detection": what
spotting shows): the second side's units on the table as spotted enemies of the first, with their figures.
"""

from __future__ import annotations

import json
from typing import Any

from warroom.core.game import Game, GameState


def plain(data: Any) -> Any:
    """``data`` as plain JSON values (a result may hold tuples or numbers of numpy)."""
    return json.loads(json.dumps(data, default=str))


def umpire_observation(game: Game, state: GameState) -> dict[str, Any]:
    """Every side's own units, minefields, missions and aiming points together, in the form of the first side's
    observation (so a board drawn from a side's observation draws it); ``"umpire"`` is True in it."""
    sides = game.sides
    views = {side: plain(state.observation(side)) for side in sides}
    out: dict[str, Any] = dict(views[sides[0]])
    out["umpire"] = True
    if game.ruleset == "company-fire":
        out["units"] = [u for side in sides for u in views[side]["units"] if u["side"] == side]
        out["minefields"] = [m for side in sides for m in views[side]["minefields"] if m["laid_by"] == side]
        out["fire_missions_marked"] = [m for side in sides for m in views[side]["fire_missions_marked"]
                                       if m["side"] == side]
    elif game.ruleset == "brigade":
        others = [u for side in sides[1:] for u in views[side]["units"] if u["status"] == "on" and not u["aboard"]]
        out["enemy"] = [{"id": u["id"], "detected": "spotted", "type": u["type"], "figures": u["figures"],
                         "pinned": u["pinned"], "facing": u["facing"], "mounted": u["mounted"]} for u in others]
        seen = {m["name"] for m in out["minefields"]}
        out["minefields"] += [m for side in sides[1:] for m in views[side]["minefields"] if m["name"] not in seen]
        out["missions"] = [m for side in sides for m in views[side]["missions"]]
        out["aiming_points"] = [p for side in sides for p in views[side]["aiming_points"]]
    return out
