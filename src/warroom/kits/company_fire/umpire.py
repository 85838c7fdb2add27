"""What the umpire sees of a Company Fire position (:meth:`warroom.core.kit.Kit.umpire_observation`): each side's
units as it sees them itself (hidden ones under their blinds, CF-46), its minefields (CF-52) and its marked fire
missions (seed 002 "Artillery"), together in the form of the first side's observation."""

from __future__ import annotations

from typing import Any

from warroom.core.game import Game, GameState
from warroom.present.views import plain


def umpire_observation(game: Game, state: GameState) -> dict[str, Any]:
    """Every side's own units, minefields and marked missions together, in the form of the first side's
    observation; ``"umpire"`` is True in it."""
    sides = game.sides
    views = {side: plain(state.observation(side)) for side in sides}
    out: dict[str, Any] = dict(views[sides[0]])
    out["umpire"] = True
    out["units"] = [u for side in sides for u in views[side]["units"] if u["side"] == side]
    out["minefields"] = [m for side in sides for m in views[side]["minefields"] if m["laid_by"] == side]
    out["fire_missions_marked"] = [m for side in sides for m in views[side]["fire_missions_marked"]
                                   if m["side"] == side]
    return out
