"""What the umpire sees of a position, in the form of a side's observation, for a board to be drawn over.

The umpire may see everything (docs/architecture.md "Fog of war is a rule": a side's view holds only what the
side has seen; the umpire's is every side's own view together). How a game's sides' views are put together is
its kit's (:meth:`warroom.core.kit.Kit.umpire_observation`).
"""

from __future__ import annotations

import json
from typing import Any

from warroom.core.game import Game, GameState
from warroom.core.kit import kit_of


def plain(data: Any) -> Any:
    """``data`` as plain JSON values (a result may hold tuples or numbers of numpy)."""
    return json.loads(json.dumps(data, default=str))


def umpire_observation(game: Game, state: GameState) -> dict[str, Any]:
    """Every side's own units, minefields, missions and aiming points together, in the form of the first side's
    observation (so a board drawn from a side's observation draws it); ``"umpire"`` is True in it. The game's
    kit puts them together."""
    return kit_of(game).umpire_observation(game, state)
