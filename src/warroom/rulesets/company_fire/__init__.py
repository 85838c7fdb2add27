"""Company Fire (seed 002_e954d5c422be67ed.txt): grid rules, a company a side."""

from warroom.rulesets.company_fire import (
    artillery,
    board,
    close_assault,
    fire,
    game,
    initiative,
    los,
    mines,
    morale,
    switches,
    turn,
    units,
    vehicles,
)
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables

tables()  # load and check the rules tables when the ruleset registers: a broken file shows at once

__all__ = [
    "INFO", "artillery", "board", "close_assault", "fire", "game", "initiative", "los", "mines", "morale", "switches",
    "turn", "units", "vehicles",
]
