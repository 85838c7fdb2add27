"""Seed 003 item 13, Soft Ground/Marsh: the bog-down check, made on each move in it.

"Triples movement cost. Chance to "bog down" must be determined by the judge prior to the
game. A default percentage if this is not done is 20%." Reading TM-11: vehicles only, one
percentile roll per move in which a vehicle enters or moves in soft ground, bogged on a
roll of the chance or less; a bogged vehicle moves no further (the seed gives no way out,
so it stays until the judge rules otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.terrain_mines.common import TERRAIN, Dice, below, chance_param, cite, pct, rolls_param, say_roll
from warroom.rulesets.terrain_mines.info import INFO
from warroom.rulesets.terrain_mines.terrain import UNITS, catalogue

MOST_MOVES = 12
BOGGED, FREE = "bogged down", "not bogged down"


def bog_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    moves = v["moves"]
    if moves == 1:
        return (BOGGED, FREE)
    return (*(f"bogged down on move {k}" for k in range(1, moves + 1)), f"not bogged down in {moves} moves")


def _check(v: Mapping[str, Any]) -> None:
    kind = catalogue().units[v["unit"]]
    if not kind.vehicle:
        raise UsageError(f"unit={v['unit']}: only vehicles bog down (TM-11); soft ground triples the movement cost "
                         f"of {kind.label} but it makes no bog-down check")
    if len(v["rolls"]) > v["moves"]:
        raise UsageError(f"rolls: {len(v['rolls'])} given for {v['moves']} move{'' if v['moves'] == 1 else 's'}: "
                         "one roll per move")


DEFAULT = catalogue().terrain["soft_ground"].bog_down_percent or 0


@procedure(
    INFO,
    "bog-down",
    example={"unit": "tank", "moves": 3},
    title="Bog-down in soft ground or marsh",
    summary="A vehicle moving in soft ground or marsh checks each move: bogged down on 01 to the judge's chance "
            "(default 20%).",
    rule=cite(TERRAIN, readings=("TM-11",)),
    params=(
        Param("unit", "choice", "the vehicle's kind", "tank", choices=UNITS),
        chance_param("chance", f"the judge's bog-down chance, %; the seed's default is {DEFAULT}%", DEFAULT),
        Param("moves", "int", "moves the vehicle makes in the soft ground, one check each", 1, minimum=1,
              maximum=MOST_MOVES),
        rolls_param(MOST_MOVES),
    ),
    results=bog_rows,
    check=_check,
)
def bog_down(r: Resolution, unit: str, chance: int, moves: int, rolls: tuple[int, ...]) -> Outcome:
    """Seed 003 "Terrain, Buildings and Other Features", item 13 Soft Ground/Marsh: "Chance to
    "bog down" must be determined by the judge prior to the game. A default percentage if
    this is not done is 20%." Reading TM-11: one percentile check per move, vehicles only;
    a bogged vehicle stays bogged."""
    d = Dice(r, rolls)
    label = catalogue().units[unit].label
    who = "the judge's" if chance != DEFAULT else "the seed's default"
    odds = f"on 01\u2013{pct(chance)}" if chance else "never"
    r.step(f"a {label} moves in soft ground/marsh ({moves} move{'' if moves == 1 else 's'}, movement costs triple): "
           f"each move it bogs down {odds}, {who} {chance}%")
    bands = below(chance, BOGGED, FREE)
    for move in range(1, moves + 1):
        band, roll = d.roll(f"move {move}: bog-down", bands)
        say_roll(r, roll, bands, band, f"move {move}")
        if band == BOGGED:
            d.unused()
            r.step("the vehicle is bogged down and moves no further (TM-11)")
            if moves == 1:
                return r.result(BOGGED, f"01\u2013{pct(chance)}: bogged down")
            return r.result(f"bogged down on move {move}", f"move {move}: 01\u2013{pct(chance)}, bogged down")
    d.unused()
    if moves == 1:
        return r.result(FREE, f"over {pct(chance)}: moves on")
    return r.result(f"not bogged down in {moves} moves", f"no roll of {pct(chance)} or less in {moves} moves")
