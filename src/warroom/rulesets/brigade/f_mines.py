"""Anti-personnel mines against troops in the Brigade game.

Seed 003 "Terrain & Mines", "MINES": "An AP has a firepower equivalent of "2"", checked on
entering and on leaving a minefield, with the judge's density as a "% chance to affect". Seed
003 reads that firepower on its own Infantry Fire Table, which is not in the seeds; the Brigade
game has its own fire table, so here the mine's firepower is 2 of seed 004's fire points
("Converting Fire points to Hits": a remainder of 2 throws one die hitting on 5 or 6) and each
hit is saved as a hit on troops in the open ("Saving throws"), by the troops' pin state.
Reading BR-140 (docs/rulings.md). Vehicles use seed 003's own AT and AP checks
(terrain-mines/at-mine, terrain-mines/ap-mine-vehicle).
"""

from __future__ import annotations

from warroom.core.chance import Outcome, Resolution
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.rulesets.brigade.f_small_arms import convert, plural, throw_saves
from warroom.rulesets.brigade.f_tables import FIRE
from warroom.rulesets.brigade.info import INFO, SEED
from warroom.rulesets.terrain_mines.info import SEED as TERRAIN_SEED

AP_FIRE_POINTS = 2
RESULTS = ("no mine met", "no casualties", "1 figure killed")


@procedure(
    INFO,
    "ap-mine-troops",
    example={"check": "entering"},
    title="AP mines against troops (Brigade fire points)",
    summary="Troops entering or leaving an AP or mixed minefield: the judge's density decides whether a mine "
            "is met (d%, 100 = always); a mine is 2 fire points (one die hitting on 5+), saved in the open.",
    rule=RuleRef(TERRAIN_SEED, ("MINES",), readings=("BR-140",)),
    params=(
        Param("check", "choice", "which check: entering or leaving the field", "entering",
              choices=("entering", "leaving")),
        Param("density", "int", "the judge's mine density, % chance a check meets a mine; 100 = every check",
              100, minimum=0, maximum=100),
        Param("pinned", "bool", "the troops are pinned (they save in the pinned column)", False),
    ),
    results=RESULTS,
)
def ap_mine_troops(r: Resolution, check: str, density: int, pinned: bool) -> Outcome:
    """Seed 003 "MINES" (AP firepower 2, checks entering and leaving, density) read in seed 004's
    terms (BR-140): 2 fire points converted as in 004 "Converting Fire points to Hits", each hit
    saved as troops "In the open" (004 "Saving throws"), mines ignoring cover."""
    r.step(f"{check} the minefield: one AP check (003 MINES)")
    if density < 100:
        r.step(f"the judge's density: a mine is met on d% 01-{density:02d}")
        if r.percentile(label="density d%") > density:
            return r.result("no mine met", row=f"density {density}%")
    r.step(f"an AP mine has a firepower equivalent of {AP_FIRE_POINTS}: {AP_FIRE_POINTS} fire points (BR-140)")
    hits = convert(r, AP_FIRE_POINTS, False, False)
    if not hits:
        return r.result("no casualties", row="no hit")
    row = FIRE.saves["open"]
    need = row.pinned if pinned else row.not_pinned
    r.step(f"{plural(hits, 'hit')}: saved as troops in the open, {'pinned' if pinned else 'not pinned'}, on "
           f"{need}+ (mines ignore cover, BR-140)")
    saved = throw_saves(r, hits, need)
    return r.result("no casualties" if saved == hits else "1 figure killed", row=f"{row.label}, {need}+")


__all__ = ["AP_FIRE_POINTS", "SEED", "ap_mine_troops"]
