"""Company Fire's vehicles: facing, arcs of sight and fire, the red zone, and anti-tank fire.

Seed 002, sections "Vehicles", "Vehicle Facing", "Vehicle Line of Sight", "Vehicle Unit Status",
"Attacking vehicles", "Determining \"Front\" armor attacks (the red zone)" and "Vehicle
Opportunity Fire". The seed's figures (the vehicle LOS illustration and the red zone) are
missing; readings CF-65 ... CF-83 (docs/rulings.md) give the geometry:

* a vehicle's bow and its turret each face one edge of its space, N, E, S or W (CF-65);
* the *front* of a facing is the 90 degree cone through that edge: a space ``along`` steps ahead
  and ``across`` steps to the side is in front when ``along > 0`` and ``|across| <= along`` (the
  diagonals ahead included). *Front and sides* is every space but the rear cone (``along < 0``
  and ``|across| <= -along``) (CF-66);
* the red zone (front armour) is the front of the target's bow (CF-79).

Everything here is a pure function of spaces and facings; :mod:`game` applies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.common import (
    STATUS,
    STATUS_NAMES,
    TARGET_STATUS,
    UNIT_RESULTS,
    apply_hits,
    cite,
    plural,
    src,
)
from warroom.rulesets.company_fire.fire import move_card_label, on_the_move, roll_hits
from warroom.rulesets.company_fire.info import INFO, SEED
from warroom.rulesets.company_fire.tables import tables
from warroom.rulesets.company_fire.units import UNITS

FACINGS = ("N", "E", "S", "W")
STEP: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}

VEHICLE_READINGS = ("CF-75", "CF-76", "CF-78", "CF-79", "CF-80", "CF-81", "CF-82")
"""The readings anti-tank fire applies beyond CF-1 ... CF-6 (docs/rulings.md)."""

ATTACKING = "Attacking vehicles"
RED_ZONE = "Determining \"Front\" armor attacks (the red zone)"
VEHICLE_LOS = "Vehicle Line of Sight"


def _frame(at: Space, facing: str, target: Space) -> tuple[int, int]:
    """``(along, across)``: how far ``target`` lies ahead of ``at`` along ``facing``, and to the side."""
    fx, fy = STEP[facing]
    dx, dy = target[0] - at[0], target[1] - at[1]
    return dx * fx + dy * fy, abs(dx * fy - dy * fx)


def in_front(at: Space, facing: str, target: Space) -> bool:
    """Whether ``target`` lies in the front of ``facing`` from ``at``: the 90 degree cone through that edge
    (CF-66). This is the "Front LOS", the arc a hull MG or a gun fires through, and the red zone (CF-79)."""
    along, across = _frame(at, facing, target)
    return along > 0 and across <= along


def in_front_or_sides(at: Space, facing: str, target: Space) -> bool:
    """Whether ``target`` lies in the front or the sides of ``facing``: all but the rear cone (CF-66)."""
    along, across = _frame(at, facing, target)
    return not (along < 0 and across <= -along)


def turn_steps(a: str, b: str) -> int:
    """Quarter turns from facing ``a`` to facing ``b``: 0, 1 (90 degrees) or 2 (180 degrees)."""
    d = abs(FACINGS.index(a) - FACINGS.index(b)) % 4
    return min(d, 4 - d)


def facing_towards(a: Space, b: Space) -> str:
    """The facing of a step from ``a`` to its edge neighbour ``b`` (a vehicle faces the way it last moved, CF-65)."""
    d = (b[0] - a[0], b[1] - a[1])
    for name, step in STEP.items():
        if step == d:
            return name
    raise ValueError(f"{a} to {b} is not a step through an edge")


def neighbour(at: Space, facing: str) -> Space:
    dx, dy = STEP[facing]
    return (at[0] + dx, at[1] + dy)


def sees_in_arc(at: Space, bow: str, turret: str | None, front_only: bool, target: Space) -> bool:
    """Seed "Vehicle Line of Sight" (CF-66, CF-67): the crew sees to the front and sides of the bow, a
    turret adds the front and sides of the turret; a buttoned-up or fixed-gun vehicle sees only the
    front of its bow and of its turret."""
    if front_only:
        return in_front(at, bow, target) or (turret is not None and in_front(at, turret, target))
    return in_front_or_sides(at, bow, target) or (turret is not None and in_front_or_sides(at, turret, target))


# --- anti-tank fire ------------------------------------------------------------------------------------

AT_WEAPONS = tuple(UNITS.anti_tank_weapons)
MAIN_GUNS = tuple(k for k in AT_WEAPONS if k.endswith("_gun"))
"""Guns: tank main guns, TD guns and anti-tank guns (they may fire at infantry too, CF-76)."""


def _at_check(v: Mapping[str, Any]) -> None:
    w = UNITS.anti_tank_weapons[v["weapon"]]
    if v["range"] > w.range_spaces:
        raise UsageError(f"range={v['range']} is beyond the {w.label}'s range of {plural(w.range_spaces, 'space')} "
                         "(Attacking vehicles)")
    if v["target"] != "armoured" and (v["front"] or v["heavy_target"]):
        raise UsageError("front and heavy_target are about an armoured target's armour: use target=armoured "
                         f"(target={v['target']})")
    if v["target"] == "unit" and v["weapon"] not in MAIN_GUNS:
        raise UsageError(f"target=unit: a {w.label} fires only at vehicles; main guns and anti-tank guns may fire "
                         "at a squad, team or gun (CF-76)")
    if v["turret_rotated"] and v["weapon"] not in ("tank_gun", "light_tank_gun"):
        raise UsageError(f"turret_rotated=true: a {w.label} has no turret; only a tank's main gun turns with "
                         "its turret (Attacking vehicles)")
    if v["moved"] and v["card"] == "fire":
        raise UsageError("moved=true with card=fire: a unit that moves on a Fire card may not fire "
                         "(Moving on a Fire card, CF-74)")


@procedure(
    INFO,
    "anti-tank-fire",
    worse="later",  # seed 002 "Vehicle Hit Results", "Unit Status, Hit Results and Rallying": the hit scale
    example={"weapon": "tank_gun", "range": 5, "front": True, "cover": True},
    title="Anti-tank fire",
    summary="A main gun, anti-tank gun or infantry anti-tank weapon fires at one vehicle (a gun also at one "
            "unit): dice less one for each reduction, hits on 5 or 6.",
    rule=cite(ATTACKING, RED_ZONE, "Vehicle Unit Status", "Vehicle Hit Results", STATUS,
              readings=("CF-1", "CF-4", "CF-5", "CF-6", *VEHICLE_READINGS)),
    params=(
        Param("weapon", "choice", "the anti-tank weapon firing", choices=AT_WEAPONS),
        Param("range", "int", "range to the target in spaces (edge steps)", 1, minimum=1,
              maximum=max(w.range_spaces for w in UNITS.anti_tank_weapons.values()),
              why="no anti-tank weapon reaches farther (Attacking vehicles)"),
        Param("target", "choice", "an armoured vehicle, a soft-skin vehicle, or a unit (squad, team, gun)",
              "armoured", choices=("armoured", "soft", "unit")),
        Param("front", "bool", "the firer is in the target's red zone: attacking its front armour", False),
        Param("cover", "bool", "the target is in cover against this attack", False),
        Param("heavy_target", "bool", "the target is a heavy tank or heavy tank destroyer", False),
        Param("card", "choice", "the card the firer acts on (op and reaction fire: fire)", "fire",
              choices=("fire", "move", "face")),
        Param("moved", "bool", "the firer moved earlier on this card (face card: move then fire)", False),
        Param("shooter_pinned", "bool", "the firer is pinned or suppressed", False),
        Param("turret_rotated", "bool", "the turret was turned this card before the main gun fired", False),
        TARGET_STATUS,
    ),
    results=UNIT_RESULTS,
    check=_at_check,
)
def anti_tank_fire(
    r: Resolution,
    weapon: str,
    range: int,
    target: str,
    front: bool,
    cover: bool,
    heavy_target: bool,
    card: str,
    moved: bool,
    shooter_pinned: bool,
    turret_rotated: bool,
    target_status: str,
) -> Outcome:
    """Seed 002 "Attacking vehicles": bazooka and panzerschreck 3d6 to 4 spaces, 4d6 at 2 spaces or
    less (CF-75); PIAT and panzerfaust 3d6 to 2 spaces; main guns, TDs and anti-tank guns 4d6 to 20
    spaces. One die less, cumulative, for each of: a light tank or light anti-tank gun (CF-82),
    firing on a Move card (CF-4; never op or reaction fire, CF-5), attacking an armoured vehicle from
    the front (the red zone, CF-79), a target vehicle in cover (CF-80), a heavy tank or TD (CF-81),
    a pinned or suppressed shooter (CF-78), and turning the turret and firing the main gun on the same
    card. Hits on 5 or 6 (CF-1), read on the hit table (seed "Vehicle Hit Results": as for infantry).
    A main gun at a squad, team or gun (CF-76) rolls the same dice with the reductions that apply."""
    w = UNITS.anti_tank_weapons[weapon]
    t = tables().anti_tank
    what = {"armoured": "armoured vehicle", "soft": "soft-skin vehicle", "unit": "unit"}[target]
    r.step(f"target: one {STATUS_NAMES[target_status]} {what}, {plural(range, 'space')} away")
    dice = w.dice_at(range)
    if dice != w.dice:
        r.step(f"{w.label} rolls {dice}d6 at {plural(w.close_range, 'space')} or less (an additional die; CF-75)")
    else:
        r.step(f"{w.label} rolls {dice}d6 at up to {plural(w.range_spaces, 'space')}")
    where = src(ATTACKING, "reduce by 1 die")
    if w.light:
        dice += r.modifier("light tank or anti-tank gun", t.light_gun, src(ATTACKING, "CF-82"), "dice")
    if on_the_move(card, moved):
        dice += r.modifier(move_card_label(card), t.move_card, src(ATTACKING, "CF-4"), "dice")
    if front:
        dice += r.modifier("attacking an armoured vehicle from the front (the red zone)", t.front_armour,
                           src(RED_ZONE, "CF-79"), "dice")
    if cover:
        dice += r.modifier("target in cover" if target == "unit" else "attacking a vehicle in cover",
                           t.cover, src(ATTACKING, "CF-80"), "dice")
    if heavy_target:
        dice += r.modifier("attacking a heavy tank or tank destroyer", t.heavy_target, src(ATTACKING, "CF-81"),
                           "dice")
    if shooter_pinned:
        dice += r.modifier("the shooter is pinned or suppressed", t.shooter_pinned, src(ATTACKING, "CF-78"), "dice")
    if turret_rotated:
        dice += r.modifier("turret turned and main gun fired on the same card", t.turret_rotated, where, "dice")
    hits = roll_hits(r, max(0, dice))
    return apply_hits(r, hits, target_status)


for _section, _where in (
    ("Vehicle Facing", "company_fire.vehicles.facing_towards"),
    ("Vehicle Line of Sight", "company_fire.vehicles.sees_in_arc"),
    ("Attacking vehicles", "company_fire.vehicles.anti_tank_fire"),
    (RED_ZONE, "company_fire.vehicles.in_front"),
):
    register_rule_use(SEED, _section, _where)
