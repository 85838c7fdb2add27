"""Seed 003 "MINES": the whole passage of a minefield, entering and leaving, with passengers.

One procedure plays a vehicle or troops through a field from the first check to the last: the AT
and AP checks entering and leaving (TM-20 ... TM-27 in docs/rulings.md), the squads a hit vehicle
carries (bail-out and survival, TM-28 and TM-29), and the rolls an umpire has already made (TM-31),
on the checks of :mod:`warroom.rulesets.terrain_mines.mines`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from warroom.core.chance import ChanceSource, Node, Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import Modifier
from warroom.rulesets.terrain_mines.common import (
    DENSITY,
    MINES,
    Bands,
    Dice,
    cite,
    rolls_param,
)
from warroom.rulesets.terrain_mines.infantry_fire import (
    ELIMINATED,
    INFANTRY_FIRE,
    UNHURT,
    InfantryFireTable,
    fire_roll,
    worst,
)
from warroom.rulesets.terrain_mines.info import INFO
from warroom.rulesets.terrain_mines.mines import (
    AP_CHANCE,
    AT_TRIGGER,
    EFFECT_WORDS,
    TARGET,
    TARGET_WORDS,
    TONS,
    TROOPS,
    VEHICLES,
    I,
    K,
    ap_vehicle_chance,
    ap_vehicle_check,
    at_bands,
    at_check,
    bail_out_roll,
    density_gate,
    describe_at,
    survival_roll,
    tables,
    too_many_rolls,
    weight_check,
)

Field_ = Literal["at", "ap", "mixed"]
CHECKS = ("entering", "leaving")
VEHICLE_OUTCOMES = ("K on entering", "I on entering", "K on leaving", "I on leaving", "no effect")
TROOP_OUTCOMES = ("eliminated on entering", "eliminated on leaving", "pinned", "unhurt")


def passage_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    """Every result a passage can end in, for this field, target and load."""
    field, target, passengers = v["field"], v["target"], v["passengers"]
    if target in TROOPS:
        return TROOP_OUTCOMES
    outcomes = [o for o in VEHICLE_OUTCOMES if field != "ap" or not o.startswith("K")]
    if not passengers:
        return tuple(outcomes)
    rows: list[str] = []
    for o in outcomes:
        squads: tuple[str, ...]
        if target == "afv":
            squads = ("squad bailed out", "squad eliminated") if o.startswith("K") else ("squad unhurt",)
        elif o == "no effect" and field == "at":
            squads = ("squad unhurt",)
        else:
            squads = ("squad eliminated", "squad pinned", "squad unhurt")
        rows += [f"{o}; {s}" for s in squads]
    return tuple(rows)


def passage_order(v: Mapping[str, Any]) -> list[str]:
    """The rolls a passage may ask for, in order, most first (for the rolls= parameter)."""
    gate = v["density"] < 100
    order: list[str] = []
    for check in CHECKS:
        if v["target"] in TROOPS:
            order += ([f"{check} density"] if gate else []) + [f"{check} AP fire"]
            continue
        if v["field"] in ("at", "mixed"):
            order += ([f"{check} AT density"] if gate else []) + [f"{check} AT effect"]
            if v["passengers"]:
                order.append(f"{check} squad bail-out or survival")
        if v["field"] in ("ap", "mixed"):
            order += ([f"{check} AP density"] if gate else []) + [f"{check} AP on the vehicle"]
            if v["passengers"] and v["target"] == "soft":
                order.append(f"{check} AP fire on the squad")
    return order


def _check_passage(v: Mapping[str, Any]) -> None:
    target, field = v["target"], v["field"]
    if target in TROOPS:
        if field == "at":
            raise UsageError(f"target={target} with field=at: {AT_TRIGGER}")
        if v["passengers"]:
            raise UsageError("passengers=true is for a vehicle carrying a squad, not troops on foot")
    elif v["defense"] != 1:
        raise UsageError("defense is for troops on foot; troops riding a soft vehicle are at defense 1 (TM-25)")
    if v["ap_chance"] is not None and (field == "at" or target in TROOPS):
        raise UsageError("ap_chance is the judge's chance that AP mines immobilise a vehicle: it needs field=ap or "
                         "mixed and a vehicle")
    weight_check(v)
    if target in TROOPS:
        have = INFANTRY_FIRE.current()[0].defenses(tables().ap_troops.firepower)
        if v["defense"] not in have:
            raise UsageError(f"defense={v['defense']}: the Infantry Fire Table in force has defenses "
                             f"{', '.join(map(str, have))} for firepower {tables().ap_troops.firepower}")
    too_many_rolls(v, passage_order(v))


@dataclass(frozen=True)
class PassagePlan:
    """What a passage needs that no die changes, worked out once per call (``prepare``)."""

    field: str
    target: str
    tons: int
    passengers: bool
    defense: int
    density: int
    rolls: tuple[int, ...]
    at: Bands | None
    at_modifiers: tuple[Modifier, ...]
    ap_chance: int
    ap_words: str

    @property
    def soft(self) -> bool:
        return self.target == "soft"


def _plan(v: Mapping[str, Any]) -> PassagePlan:
    rec = Resolution(_NoDice(), explain=True)
    at = at_bands(rec, v["target"] == "soft", v["tons"]) if v["field"] != "ap" and v["target"] in VEHICLES else None
    chance, words = 0, ""
    if v["field"] != "at" and v["target"] in VEHICLES:
        chance = ap_vehicle_chance(rec, v["tons"], v["target"] == "soft", v["ap_chance"])
        words = rec.steps[-1]
    return PassagePlan(v["field"], v["target"], v["tons"], v["passengers"], v["defense"], v["density"], v["rolls"],
                       at, tuple(rec.modifiers), chance, words)


class _NoDice(ChanceSource):
    """For working out modifiers before any die: asking for one is a bug."""

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        raise RuntimeError("no dice while preparing")

    def resolve_process(self, process: Any, resolution: Resolution) -> Any:
        raise RuntimeError("no dice while preparing")


# A check point's state: (checks made, vehicle "mobile"/K/I, the check it happened on, the squad,
# the umpire's rolls used, the fire-table cells in force). Hashable and few, so the exact odds
# fold the two check points over states instead of branching on every die of both.
State = tuple[int, str, str, str, int, Any]


def _check_point(plan: PassagePlan, table: InfantryFireTable | None, r: Resolution, state: State) -> State:
    """One check point, entering or leaving: the AT check, then the AP check (TM-24 to TM-27)."""
    index, vehicle, when, squad, used, key = state
    check = CHECKS[index]
    d = Dice(r, plan.rolls, used)
    if plan.at is not None:
        band = at_check(d, check, plan.at, plan.density)
        if band in (K, I):
            vehicle, when = band, check
            if plan.passengers and not plan.soft and band == K:
                squad = "bailed out" if bail_out_roll(d, f"{check}: ") else ELIMINATED
            elif plan.passengers and plan.soft:
                assert table is not None
                squad = worst(squad, survival_roll(d, table, f"{check}: "))
            elif plan.passengers:
                r.step("the AFV is only immobilised: its squad is unhurt (TM-27)")
            if band == K:
                r.step("the vehicle is destroyed: the passage ends")
                return index + 1, vehicle, when, squad, d.used, key
    riders_exposed = plan.passengers and plan.soft and squad != ELIMINATED
    if plan.field != "at" and (vehicle == "mobile" or riders_exposed) and density_gate(d, f"{check} (AP)",
                                                                                      plan.density):
        if vehicle == "mobile" and ap_vehicle_check(d, check, plan.ap_chance):
            vehicle, when = I, check
        if riders_exposed:
            assert table is not None
            r.step("troops in a soft vehicle take the AP mine's roll too (TM-25)")
            ap = tables().ap_troops
            squad = worst(squad, fire_roll(d, table, f"{check}: AP fire on the squad", ap.firepower,
                                           ap.soft_vehicle_defense, "the AP mine's fire on the squad"))
    if vehicle != "mobile" and check == "entering":
        r.step("the vehicle is Immobilised in the field: it makes no leaving check (TM-24)")
    return index + 1, vehicle, when, squad, d.used, key


def _passage_over(state: State) -> bool:
    return state[0] == len(CHECKS) or state[1] != "mobile"


def _vehicle_passage(r: Resolution, plan: PassagePlan, table: InfantryFireTable | None) -> State:
    """Entering then leaving. A played ruling runs the check points in turn; exact odds and
    samples fold them (``r.until``), keyed by the tables in force."""
    key = None
    if table is not None:
        s, ap = tables().soft_vehicle_survival, tables().ap_troops
        key = (table.cell(s.firepower, s.defense).bands(), table.cell(ap.firepower, ap.soft_vehicle_defense).bands())
    state: State = (0, "mobile", "", UNHURT if plan.passengers else "", 0, key)
    if r.explain and r.narrate:
        while not _passage_over(state):
            state = _check_point(plan, table, r, state)
        return state
    _, final = r.until(state, functools.partial(_check_point, plan, table), _passage_over,
                       max_steps=len(CHECKS), label="check point")
    return final


def _troop_passage(r: Resolution, d: Dice, defense: int, density: int, table: InfantryFireTable) -> str:
    fp = tables().ap_troops.firepower
    result = UNHURT
    for check in CHECKS:
        if not density_gate(d, check, density):
            continue
        hit = fire_roll(d, table, f"{check}: AP fire", fp, defense, f"{check}, the AP mine's fire")
        if hit == ELIMINATED:
            return f"eliminated on {check}"
        result = worst(result, hit)
    return result


@procedure(
    INFO,
    "mine-passage",
    example={"field": "at", "target": "soft", "passengers": True},
    title="A passage through a minefield, entering and leaving",
    summary="A vehicle (with or without a squad) or troops cross a minefield: every check entering and leaving, "
            "and what happens to passengers.",
    rule=cite(MINES, readings=("TM-20", "TM-21", "TM-22", "TM-23", "TM-24", "TM-25", "TM-26", "TM-27", "TM-28",
                               "TM-29", "TM-31")),
    params=(
        Param("field", "choice", "the minefield: at, ap or mixed", choices=("at", "ap", "mixed")),
        TARGET, TONS,
        Param("passengers", "bool", "the vehicle carries a squad", False),
        Param("defense", "int", "troops on foot: their defense on the Infantry Fire Table", 1, minimum=1,
              maximum=20),
        DENSITY, AP_CHANCE, rolls_param(12),
    ),
    results=passage_rows,
    check=_check_passage,
    prepare=_plan,
)
def mine_passage(r: Resolution, plan: PassagePlan) -> Outcome:
    """Seed 003 "MINES", the whole passage: "Check for effect entering and leaving", by the mine
    owner on two percentile dice; AT effect K 01-20 / I 21-85 / N 86-100 with the modifiers;
    AP mines immobilise a vehicle on 20% (under 20 t) or 10%; troops in/on an AFV destroyed by
    an AT mine bail out on 01-25; troops in a soft vehicle affected by an AT mine roll for
    survival (firepower 2, defense 1) and take the AP mine's roll too; troops on foot take
    the AP mine's firepower 2 and do not set off AT mines. The worked example (a British
    truck with a squad: 100 entering, 87 - 15 = 72 leaving, Immobilised) is
    ``field=at target=soft passengers=true rolls=100,87``. Readings TM-20 to TM-29, TM-31."""
    target, passengers = plan.target, plan.passengers
    table = INFANTRY_FIRE.read(r) if target in TROOPS or (passengers and plan.soft) else None
    kind = {"at": "an AT", "ap": "an AP", "mixed": "a mixed AT and AP"}[plan.field]
    load = " carrying a squad" if passengers else ""
    r.step(f"{TARGET_WORDS[target]}{f' of {plan.tons} t' if plan.tons else ''}{load} crosses {kind} minefield: "
           "the mine owner checks on entering and on leaving")
    if target in TROOPS:
        assert table is not None
        r.step(AT_TRIGGER.split(":")[0] + f" (TM-29): only the AP mines' firepower {tables().ap_troops.firepower} "
               "counts")
        d = Dice(r, plan.rolls)
        result = _troop_passage(r, d, plan.defense, plan.density, table)
        d.unused()
        return r.result(result, f"{TARGET_WORDS[target]}: {result}")
    r.apply(plan.at_modifiers)
    if plan.at is not None:
        r.step("AT mines: " + describe_at(plan.at))
    if plan.ap_words:
        r.step(plan.ap_words)
    _, vehicle, when, squad, used, _ = _vehicle_passage(r, plan, table)
    Dice(r, plan.rolls, used).unused()
    outcome = "no effect" if vehicle == "mobile" else f"{vehicle} on {when}"
    words = "gets through the field" if vehicle == "mobile" else f"is {EFFECT_WORDS[vehicle]} on {when}"
    if not passengers:
        return r.result(outcome, f"the vehicle {words}")
    return r.result(f"{outcome}; squad {squad}", f"the vehicle {words}; its squad is {squad}")


