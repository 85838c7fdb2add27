"""Company Fire's artillery: arrival with the 1-in-6 denial, HE and smoke.

Seed 002, "Artillery" (and "Special Terrain Rules: Bocage" for unobserved fire).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.company_fire.common import (
    SMF_RESULTS,
    STATUS,
    STATUS_NAMES,
    TARGET_STATUS,
    UNIT_RESULTS,
    apply_hits,
    check_smf_status,
    cite,
    src,
)
from warroom.rulesets.company_fire.fire import roll_hits
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables

ARTILLERY = "Artillery"
BOCAGE = "Bocage"


def _results(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["mission"] == "smoke":
        return ("denied", "smoke placed")
    if v["target"] == "none":
        return ("denied", "arrived on an empty space")
    return ("denied",) + (SMF_RESULTS if v["target"] == "smf" else UNIT_RESULTS)


def _check(v: Mapping[str, Any]) -> None:
    if v["mission"] == "smoke" and (v["target"] != "unit" or v["target_status"] != "good_order" or v["cover"]):
        raise UsageError("mission=smoke places a smoke marker and rolls no damage: give no target, target_status "
                         "or cover")
    if v["arrival_checked"] and v["mission"] == "smoke":
        raise UsageError("arrival_checked=true is for the second and later units under an HE mission; smoke rolls "
                         "nothing more once it has arrived")
    if v["target"] == "none" and (v["arrival_checked"] or v["target_status"] != "good_order"):
        raise UsageError("target=none is an HE mission on an empty space: only its arrival roll is made")
    check_smf_status(v)


@procedure(
    INFO,
    "artillery",
    example={"mission": "he", "cover": True},
    title="Artillery fire mission",
    summary="A fire mission arriving on the next Fire card: denied on a 1, then HE 4d6 open / 3d6 cover, or smoke.",
    rule=cite(ARTILLERY, STATUS, readings=("CF-1", "CF-2", "CF-15")),
    params=(
        Param("mission", "choice", "HE or smoke", "he", choices=("he", "smoke")),
        Param("cover", "bool", "the target space provides cover", False),
        TARGET_STATUS,
        Param("target", "choice", "a unit in the target space, an SMF alone there, or none (an empty space)", "unit",
              choices=("unit", "smf", "none")),
        Param("observed", "bool", "a Forward Observer (or eligible unit) sees the target; unobserved fire across "
              "bocage is recon by fire, \u22121 die", True),
        Param("arrival_checked", "bool", "the mission's arrival roll is already made (the second and later units "
              "in the space: HE is rolled per unit, the arrival once)", False),
    ),
    results=_results,
    check=_check,
)
def artillery(
    r: Resolution, mission: str, cover: bool, target_status: str, target: str, observed: bool, arrival_checked: bool
) -> Outcome:
    """Seed 002 "Artillery": on the next Fire card roll 1d6, a 1 denies the mission (it still
    counts). HE rolls 4d6 per unit in the target space if open, 3d6 if in cover, hits on 5–6,
    read on the hit table; SMFs alone can be eliminated by HE (seed "Single Mounted Figures").
    Smoke blocks LOS into and out of the space until the firer regains the initiative."""
    t = tables().artillery
    if arrival_checked:
        r.step("the mission has arrived (its arrival roll was made for the first unit in the space)")
    else:
        r.step(f"{'HE' if mission == 'he' else 'smoke'} mission arrives on the firer's next Fire card; "
               f"1d6, on {t.denied_on} it is denied")
        arrival = r.die(6, label="arrival")
        if arrival <= t.denied_on:
            r.step("denied: the mission counts toward the total and the marker is removed")
            return r.result("denied", f"arrival roll {arrival} \u2192 denied")
    if target == "none":
        return r.result("arrived on an empty space", f"arrival roll {arrival} \u2192 the shells land on no one")
    if mission == "smoke":
        r.step("smoke blocks LOS into and out of the space; units there count as in cover; a unit entering stops")
        return r.result("smoke placed", f"arrival roll {arrival} \u2192 smoke arrives")
    dice = t.cover_dice if cover else t.open_dice
    r.step(f"HE: {dice}d6 per unit in the target space ({'cover' if cover else 'open'})"
           + ("" if target == "unit" else "; an SMF alone can be eliminated by HE"))
    if not observed:
        dice += r.modifier("unobserved indirect fire across bocage: recon by fire", tables().fire.recon_by_fire_dice,
                           src(BOCAGE, "Shooting"), "dice")
    hits = roll_hits(r, max(0, dice), label="HE")
    if target == "unit":
        r.step(f"the target is a {STATUS_NAMES[target_status]} unit")
    return apply_hits(r, hits, target_status, smf=target == "smf")
