"""``warroom demo``: a short tour of exact odds and played rulings."""

from __future__ import annotations

import click
import numpy as np

from warroom.cli.common import console
from warroom.core import api
from warroom.present.odds import odds_table


@click.command()
def demo() -> None:
    """A short tour: the seed's own group-fire example, odds and played rulings."""
    console.print("[bold]warroom[/bold]: exact odds and explained rulings for Company Fire\n")
    console.print("The seed's worked example (Group Fire): two rifle squads fire at three squads in cover.\n"
                  "Each squad gives 3d6 less 1 for cover, so the pool is 4d6, rolled once per target unit.\n")
    console.print(odds_table(api.odds("group-fire", firers="rifle_squad,rifle_squad", cover=True)))
    console.print("\nThe same attack played out with seeded dice, once for each of the three target units:\n")
    rng = np.random.default_rng(1944)
    for unit in (1, 2, 3):
        ruling = api.roll("group-fire", {"firers": "rifle_squad,rifle_squad", "cover": True}, rng=rng)
        if unit == 1:
            click.echo(str(ruling))
        else:
            click.echo(f"  target unit {unit}: {ruling.dice[0]}; {ruling.row}")
    click.echo()
    console.print("A close assault: two good-order squads with an SMG squad and the platoon leader\n"
                  "against a pinned squad with an MMG in the space.\n")
    console.print(odds_table(api.odds("close-assault", att_good_order=2, att_smg=True, att_leader="pl",
                             def_good_order=1, def_pinned=True, def_mgs=1, trials=20000, seed=1)))
    console.print("\nHow long will the game last? The optional game clock from 0:\n")
    console.print(odds_table(api.odds("game-clock")))
    console.print("\nAn umpire's ruling from a supplement: the Terrain & Mines worked example. A British truck\n"
                  "carrying a squad crosses an AT minefield; the umpire's rolls were 100 entering and 87 leaving.\n")
    truck = {"field": "at", "target": "soft", "passengers": True}
    click.echo(str(api.roll("terrain-mines/mine-passage", {**truck, "rolls": "100,87"}, seed=1)))
    console.print("\nAnd the odds of that crossing before any die is thrown:\n")
    console.print(odds_table(api.odds("terrain-mines/mine-passage", truck)))
    console.print("\nNext: 'warroom procedures' lists every procedure; 'warroom odds PROCEDURE --help' its parameters.")
