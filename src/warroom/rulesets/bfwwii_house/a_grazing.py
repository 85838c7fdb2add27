"""Seed 000 "Grazing Fire": an MG's template that attacks every unit under it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import GRAZING, cite, load_data, plus, src
from warroom.rulesets.bfwwii_house.base_tables import FIRE_COMBAT
from warroom.rulesets.bfwwii_house.info import INFO


class GrazingTable(Table):
    template_length_inches: int
    near_width_bases: int
    far_width_bases: int
    arc_half_angle_degrees: int
    attack_modifier: int


TABLE = load_data("a_grazing", GrazingTable)

NOT_ATTACKED = "not attacked"
TARGETS = ("troops", "gun", "soft_vehicle", "armoured_vehicle")
POSITIONS = ("none", "improved", "dug_in", "entrenched", "pillbox_log", "pillbox_concrete")


def _results(v: Mapping[str, Any]) -> tuple[str, ...]:
    table = FIRE_COMBAT.current()[0]
    return (NOT_ATTACKED, *table.target(v["target"]).results())


def _check(v: Mapping[str, Any]) -> None:
    if v["mg"] == "lmg":
        raise UsageError("mg=lmg: LMGs are limited to point fire; only troop-class MMGs and HMGs may use grazing fire")
    if v["mg"] == "vehicle_mg":
        raise UsageError("mg=vehicle_mg: vehicle-mounted machineguns are limited to point fire; only troop-class "
                         "MMGs and HMGs may use grazing fire")
    if v["mg_position"] == "none":
        raise UsageError("mg_position=none: to use grazing fire the machinegun must be in an improved position "
                         "(basic IP or better, BF-12)")
    half = TABLE.arc_half_angle_degrees
    if v["role"] == "designated" and v["placed"] == "enemy_manoeuvre_start":
        raise UsageError("role=designated with placed=enemy_manoeuvre_start: a template laid at the start of the enemy "
                         "manoeuvre phase needs no target; the units it attacks are under_template or moving_through")
    if v["role"] == "designated" and v["bearing"] > half:
        raise UsageError(f"bearing={v['bearing']}: the designated target must lie within {half} degrees of the MG's "
                         f"facing (the template's {2 * half} degree arc); units outside the arc can only be hit as "
                         "role=under_template or moving_through")


@procedure(
    INFO,
    "grazing-fire",
    example={"tactical_factor": 3, "target": "troops"},
    title="Grazing fire attack",
    summary="A troop MMG/HMG in an improved position lays a 10\" template; each unit under it is attacked at -1.",
    rule=cite(GRAZING, readings=("BF-1", "BF-12", "BF-13", "BF-14")),
    params=(
        Param("tactical_factor", "int", "the MG's tactical factor against the unit's class (its unit card)",
              minimum=-5, maximum=15),
        Param("target", "choice", "the class of the unit attacked", "troops", choices=TARGETS),
        Param("mg", "choice", "the firing machinegun", "mmg", choices=("mmg", "hmg", "lmg", "vehicle_mg")),
        Param("mg_position", "choice", "the MG's position", "improved", choices=POSITIONS),
        Param("role", "choice", "designated (the target the template was laid on), under_template (any other unit, "
              "friend or foe, with an aiming point under it), moving_through (a unit that moves into or through it)",
              "designated", choices=("designated", "under_template", "moving_through")),
        Param("placed", "choice", "when the template was laid: offensive_fire, defensive_fire, opportunity_fire, or "
              "enemy_manoeuvre_start (instead of defensive fire, even with no target)", "offensive_fire",
              choices=("offensive_fire", "defensive_fire", "opportunity_fire", "enemy_manoeuvre_start")),
        Param("bearing", "int", "degrees between the MG's facing and the unit (the designated target within 45)", 0,
              minimum=0, maximum=180),
        Param("distance", "int", "inches from the MG's front aiming point along the template", 5, minimum=0,
              maximum=TABLE.template_length_inches,
              why=f"the template is {TABLE.template_length_inches}\" long; a unit farther from the MG's front aiming "
                  "point is not under it"),
        Param("dense_terrain", "choice", "the unit and dense area terrain: none, edge (on its edge), deep (deep in "
              "it), behind (beyond it from the MG)", "none", choices=("none", "edge", "deep", "behind")),
        Param("other_modifiers", "int", "the base fire combat modifiers that apply to this unit (cover, position...), "
              "summed", 0, minimum=-10, maximum=10),
    ),
    results=_results,
    check=_check,
)
def grazing_fire(r: Resolution, tactical_factor: int, target: str, mg: str, mg_position: str, role: str,
                 placed: str, bearing: int, distance: int, dense_terrain: str, other_modifiers: int) -> Outcome:
    """Seed 000 "Grazing Fire": only a troop-class MMG or HMG in an improved position (BF-12)
    may graze. The template (10" trapezoid, 1 base wide near, 2 far) starts at the front
    aiming point with its centre line within 45 degrees of the facing; the designated
    target must be in that arc but every unit, friend or foe, with an aiming point under it
    is attacked with an additional -1, and a unit moving into or through it is attacked at
    once. It does not pass through dense area terrain: units on the edge are attacked, not
    those deep in or behind it (BF-14). The attack is read on the base fire combat table
    (a stand-in, BF-1; BF-13)."""
    t = TABLE
    when = {"offensive_fire": "in offensive fire", "defensive_fire": "in defensive fire",
            "opportunity_fire": "in opportunity fire",
            "enemy_manoeuvre_start": "at the start of the enemy manoeuvre phase, instead of defensive fire"}[placed]
    r.step(f"{mg.upper()} grazing fire laid {when}: a {t.template_length_inches}\" template, {t.near_width_bases} base "
           f"wide at the MG, {t.far_width_bases} at the far end; it stays in place, unmoved, until the end of this "
           "player turn")
    who = {"designated": "the designated target", "under_template": "a unit with an aiming point under the template",
           "moving_through": "a unit moving into or through the template (attacked at once)"}[role]
    r.step(f"attacked: {who}, {distance}\" along the template")
    if dense_terrain in ("deep", "behind"):
        where = "deep in" if dense_terrain == "deep" else "behind"
        r.step("the template does not pass through dense area terrain")
        return r.result(NOT_ATTACKED, f"{where} dense area terrain: not affected")
    table = FIRE_COMBAT.read(r)
    column = table.target(target)
    mods = r.modifier("grazing fire template", t.attack_modifier, src(GRAZING))
    if dense_terrain == "edge":
        r.step("on the edge of dense area terrain: still under the template")
    if other_modifiers:
        mods += r.modifier("base fire combat modifiers given", other_modifiers, "given")
    total_mod = tactical_factor + mods
    r.step(f"roll 1d{table.die_sides}{plus(tactical_factor)} (tactical factor){plus(mods)} on the fire combat "
           f"table, {table.label(target)} column")
    roll = r.die(table.die_sides, label="grazing fire")
    modified = roll + total_mod
    return r.result(column.read(modified), column.band_text(modified))
