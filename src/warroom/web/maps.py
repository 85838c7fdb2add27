"""A scenario's public map as JSON, for the pages to draw a side's observation over.

The map is what every side may know from the scenario before play, and nothing of its hidden set-up: no unit,
no blind, no minefield, no battery, no aiming point (those reach a side only through its own observation). What
it holds is the game kit's ``web_map`` (:func:`warroom.core.kit.kit_of`): a grid's spaces and edges for Company
Fire (``warroom.kits.company_fire.web``), a table's terrain features in inches for Brigade
(``warroom.kits.brigade.web``); this module serves the maps of the shipped scenarios, by name only.
"""

from __future__ import annotations

import functools
from typing import Any

from warroom.core.errors import UsageError, suggest
from warroom.core.game import Game, load_game, shipped_scenarios
from warroom.core.kit import kit_of


class UnknownMap(UsageError):
    """A map asked for by a game or scenario name that is not shipped: the message lists what is."""


def public_map(game: Game) -> dict[str, Any]:
    """The public map of ``game``'s scenario (see the module's docstring), as plain JSON data, with how its board is
    measured (the kit's ``measure``: ``grid`` spaces or ``inches``), which is what the page draws and marks by."""
    kit = kit_of(game)
    return {**kit.web_map(game), "measure": kit.measure}


def shipped_names(ruleset: str) -> list[str]:
    """The names of ``ruleset``'s shipped scenarios (``crossroads_patrol``)."""
    return sorted(path.stem for path in shipped_scenarios().get(ruleset, ()))


@functools.lru_cache(maxsize=64)
def shipped_map(ruleset: str, scenario: str) -> dict[str, Any]:
    """The public map of a shipped scenario, by its game and name only (never a path: a request cannot make the
    server read a file of its choosing). :class:`UnknownMap` names what is allowed."""
    games = sorted(shipped_scenarios())
    if ruleset not in games:
        raise UnknownMap(f"no game '{ruleset}'{suggest(ruleset, games)}; games: {', '.join(games)}")
    names = shipped_names(ruleset)
    if scenario not in names:
        raise UnknownMap(f"no {ruleset} scenario '{scenario}'{suggest(scenario, names)}; "
                         f"scenarios: {', '.join(names)}")
    return public_map(load_game(ruleset, scenario))
