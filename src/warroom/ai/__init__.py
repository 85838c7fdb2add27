"""Players for both games: one interface, a registry, and the loop that plays a game with them.

A player is given a :class:`View` of the game as one side sees it and returns one of its legal actions
(:class:`Player`); it never receives the state. ``player("heuristic", aggression=0.7)`` makes one by name,
``play(game, {side: player, ...}, seed=...)`` plays a game to its end. See docs/architecture.md "Players".
"""

from warroom.ai.loop import Played, decision_rng, play
from warroom.ai.registry import (
    STRENGTHS,
    Player,
    PlayerEntry,
    available,
    parse_spec,
    player,
    plays,
    register_player,
)
from warroom.ai.view import Seen, View

__all__ = ["STRENGTHS", "Played", "Player", "PlayerEntry", "Seen", "View", "available", "decision_rng",
           "parse_spec", "play", "player", "plays", "register_player"]
