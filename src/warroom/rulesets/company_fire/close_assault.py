"""Company Fire's close assault: each side 1d6 plus modifiers; the margin is hits on each loser.

Seed 002, "Close Assault" (and "Vehicle Close Assault", "Bocage" for the cover term).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import Modifier
from warroom.rulesets.company_fire.common import cite, plural, src
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables

ASSAULT = "Close Assault"

RESULTS = (
    "attackers win by 3+: defenders destroyed",
    "attackers win by 2: 2 hits on each defender",
    "attackers win by 1: 1 hit on each defender",
    "tie: losses 1:1",
    "defenders win by 1: 1 hit on each attacker",
    "defenders win by 2: 2 hits on each attacker",
    "defenders win by 3+: attackers destroyed",
)


def _side(prefix: str, who: str) -> tuple[Param, ...]:
    return (
        Param(f"{prefix}_leader", "choice", f"{who} leaders in the space: none, pl, cc, both", "none",
              choices=("none", "pl", "cc", "both")),
        Param(f"{prefix}_good_order", "int", f"{who} good-order units in the space", 1, minimum=0, maximum=2),
        Param(f"{prefix}_smg", "bool", f"a non-suppressed {who} SMG squad is present", False),
        Param(f"{prefix}_at_grenades", "bool", f"{who} infantry carry AT grenades or satchel charges", False),
        Param(f"{prefix}_at_weapons", "bool", f"{who} infantry carry anti-tank weapons", False),
        Param(f"{prefix}_tank", "bool", f"a friendly tank is with the {who}s", False),
        Param(f"{prefix}_afv", "bool", f"another friendly AFV (not a tank) is with the {who}s", False),
        Param(f"{prefix}_vehicle", "bool", f"the {who} side includes a vehicle (implied by a tank or AFV)", False),
    )


PARAMS = (
    *_side("att", "attacker"),
    Param("att_vehicle_mgs", "int", "non-suppressed vehicle MGs facing the target in the attacker's space", 0,
          minimum=0, maximum=2),
    Param("att_pinned_vehicle", "bool", "a pinned vehicle takes part in the attack (it assaults at a penalty)",
          False),
    *_side("def", "defender"),
    Param("def_mgs", "int", "non-suppressed MGs in the defender's space (MG teams and vehicle MGs facing the "
          "attacker; not a squad's LMG)", 0, minimum=0, maximum=2),
    Param("reinforced_cover", "bool", "the target space gives the defender reinforced cover, such as a pillbox", False),
    Param("def_pinned", "bool", "a pinned unit is in the defender's space", False),
    Param("def_suppressed", "bool", "a suppressed unit is in the defender's space", False),
    Param("def_only_weapon_teams", "bool", "the defender's space holds only weapon teams", False),
)


def _check(v: Mapping[str, Any]) -> None:
    if v["att_good_order"] == 0 and not v["att_pinned_vehicle"]:
        raise UsageError("att_good_order=0: only good-order units (or a pinned vehicle, at a penalty) may close "
                         "assault; at least 1 is needed")
    if v["def_good_order"] == 0 and not (v["def_pinned"] or v["def_suppressed"]):
        raise UsageError("def_good_order=0 with neither def_pinned nor def_suppressed: the target space must hold a "
                         "defending unit")


def _has_vehicle(v: Mapping[str, Any], side: str) -> bool:
    return bool(v[f"{side}_vehicle"] or v[f"{side}_tank"] or v[f"{side}_afv"])


def _score_terms(v: Mapping[str, Any], side: str) -> tuple[Modifier, ...]:
    """Seed 002 "Close Assault": one side's modifiers (CF-7, CF-8)."""
    t = tables().close_assault
    enemy = "def" if side == "att" else "att"
    who = "attacker" if side == "att" else "defender"
    terms: list[Modifier] = []

    def add(label: str, value: int, detail: str = "") -> None:
        terms.append(Modifier(label, value, src(ASSAULT, detail)))

    leader = v[f"{side}_leader"]
    if leader in ("cc", "both"):
        add(f"company commander with the {who}s", tables().leader_bonus.company_commander, "CF-7")
    elif leader == "pl":
        add(f"platoon leader with the {who}s", tables().leader_bonus.platoon_leader)
    extra = max(0, v[f"{side}_good_order"] - 1)
    if extra:
        add(f"{who}: {plural(extra, 'good-order unit')} beyond the first", extra * t.per_good_order_unit_beyond_first)
    if v[f"{side}_smg"]:
        add(f"{who}: non-suppressed SMG squad present", t.smg_squad)
    if side == "att":
        if v["att_vehicle_mgs"]:
            add(f"attacker: {plural(v['att_vehicle_mgs'], 'vehicle MG')}", v["att_vehicle_mgs"] * t.vehicle_mg)
        if v["reinforced_cover"]:
            add("attacker: target has reinforced cover", t.reinforced_cover, "CF-8")
        if v["att_pinned_vehicle"]:
            terms.append(Modifier("attacker: a pinned vehicle assaults at a penalty", t.attacker_pinned_vehicle,
                                  src("Vehicle Unit Status", "CF-84")))
    else:
        if v["def_mgs"]:
            add(f"defender: {plural(v['def_mgs'], 'MG')}", v["def_mgs"] * t.defender_mg, "CF-8")
        if v["def_pinned"]:
            add("defender: pinned unit in the space", t.defender_pinned)
        if v["def_only_weapon_teams"]:
            add("defender: only weapon teams in the space", t.defender_only_weapon_teams)
        if v["def_suppressed"]:
            add("defender: suppressed unit(s) in the space", t.defender_suppressed)
    if _has_vehicle(v, enemy):
        if v[f"{side}_at_grenades"]:
            add(f"{who}: AT grenades or satchel charges against a vehicle", t.at_grenades, "vehicles")
        if v[f"{side}_at_weapons"]:
            add(f"{who}: anti-tank weapons against a vehicle", t.at_weapons, "vehicles")
    if v[f"{side}_tank"]:
        add(f"{who}: friendly tank", t.friendly_tank, "vehicles")
    if v[f"{side}_afv"]:
        add(f"{who}: other friendly AFV", t.friendly_afv, "vehicles; CF-8")
    return tuple(terms)


@procedure(
    INFO,
    "close-assault",
    example={"att_good_order": 2, "att_smg": True, "att_leader": "pl", "def_pinned": True, "def_mgs": 1},
    title="Close assault",
    summary="Attacker and defender each roll 1d6 plus modifiers; the margin is hits on each losing unit.",
    rule=cite(ASSAULT, "Vehicle Close Assault", readings=("CF-7", "CF-8")),
    params=PARAMS,
    results=RESULTS,
    check=_check,
    prepare=lambda v: (_score_terms(v, "att"), _score_terms(v, "def")),
)
def close_assault(r: Resolution, terms: tuple[tuple[Modifier, ...], tuple[Modifier, ...]]) -> Outcome:
    """Seed 002 "Close Assault": each side rolls 1d6 and adds its modifiers; high score wins and
    the difference is the hits on each participating unit of the loser (a unit suppressed must
    retreat one space or is destroyed); a tie destroys units 1:1; if the defenders are wiped out
    the attackers may occupy the space without drawing op fire."""
    sides = tables().close_assault.die_sides
    r.step("each side rolls 1d6 and adds its modifiers; high score wins")
    attack_mods = r.apply(terms[0])
    defence_mods = r.apply(terms[1])
    rolls = r.difference(sides, sides, label="opposed roll (attacker, defender)")
    margin = rolls + attack_mods - defence_mods
    if r.narrating:
        r.step(f"dice {rolls:+d}, attacker's modifiers {attack_mods:+d}, defender's {defence_mods:+d}: "
               f"margin {margin:+d}")
    if margin == 0:
        r.step("tie: units of both sides are destroyed 1:1, each owner choosing (CF-8)")
        return r.result(RESULTS[3], "scores equal")
    winners, losers = ("attackers", "defender") if margin > 0 else ("defenders", "attacker")
    by = abs(margin)
    index = (3 - min(by, 3)) if margin > 0 else (3 + min(by, 3))
    if by == 2:
        r.step(f"a {losers} suppressed by the assault must retreat one space away or is destroyed")
    if margin >= 2:
        r.step("if every defender is destroyed, the attackers may occupy the space (no op fire)")
    return r.result(RESULTS[index], f"{winners} win by {by}: {plural(by, 'hit')} on each {losers}")
