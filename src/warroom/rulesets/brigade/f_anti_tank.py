"""The Brigade game's anti-tank fire: the to-hit table, then D6 + attack value against armour.

Seed 004 "WW2 Rules for Brigade level games", "FIRING": "Firing at vehicles" ("Hitting",
"Converting a hit to a kill"), and the "Appendix" ("Details of Sample Equipment", "A.T. Attack
values for sample guns"). Readings BR-87 ... BR-90 (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.rulesets.brigade.f_tables import ANTI_TANK, src
from warroom.rulesets.brigade.info import INFO, SEED

HITTING = "Firing at vehicles"
KILL = "Converting a hit to a kill"
RESULTS = ("cannot hit", "miss", "hit, no effect", "destroyed")
WEAPONS = (*ANTI_TANK.weapons, "other")
TARGETS = (*ANTI_TANK.vehicles, "soft_skin", "other")


def gun_of(v: Mapping[str, Any]) -> tuple[str, int, str]:
    """(label, attack value, to-hit class) of the firing weapon."""
    if v["weapon"] == "other":
        return f"a {ANTI_TANK.classes[v['gun_class']].label} gun", v["attack"], v["gun_class"]
    w = ANTI_TANK.weapons[v["weapon"]]
    return w.label, w.attack, w.class_


def column(gun_class: str, distance: int) -> int | None:
    """The to-hit table column for ``distance`` (headers are maxima, BR-87), or None out of range."""
    c = ANTI_TANK.classes[gun_class]
    if c.max_range is not None and distance > c.max_range:
        return None
    for i, up_to in enumerate(ANTI_TANK.columns[: len(c.to_hit)]):
        if distance <= up_to:
            return i
    return None


def _check(v: Mapping[str, Any]) -> None:
    if v["weapon"] == "other":
        if v["gun_class"] == "none" or v["attack"] is None or v["attack"] == -99:
            raise UsageError("weapon=other needs gun_class=... and attack=... (its A.T. attack value)")
    elif v["gun_class"] != "none" or v["attack"] != -99:
        raise UsageError(f"weapon={v['weapon']} has its class and attack value in the Appendix; give gun_class and "
                         "attack only with weapon=other")
    if v["target"] == "other" and v["armour"] == -1:
        raise UsageError("target=other needs armour=... (the armour value on the facing hit)")
    if v["target"] != "other" and v["armour"] != -1:
        raise UsageError(f"target={v['target']} has its armour in the Appendix; give armour only with target=other")
    if v["target"] == "soft_skin" and v["facing"] != "front":
        raise UsageError("target=soft_skin: any hit is an automatic KO, so leave facing unset")
    if v["weapon"] == "autocannon" and v["target"] == "soft_skin":
        raise UsageError("weapon=autocannon at a soft-skin vehicle: auto-cannon fire at soft skins with fire points "
                         "(small-arms-fire, then saving-throws on 6+) (BR-90)")
    label, _, gun_class = gun_of(v)
    if column(gun_class, v["range"]) is None:
        c = ANTI_TANK.classes[gun_class]
        most = c.max_range if c.max_range is not None else ANTI_TANK.columns[len(c.to_hit) - 1]
        raise UsageError(f"range={v['range']} is beyond {label}'s reach of {most}\" on the to-hit table "
                         "(Firing at vehicles)")


@procedure(
    INFO,
    "anti-tank-fire",
    example={"weapon": "6pdr", "target": "pz_iv_h", "facing": "side", "range": 20},
    title="Anti-tank fire",
    summary="A D6 against the to-hit table by gun class and range (+2 moving or pinned, +1 brief sight, +1 "
            "partial cover, +2 part detected; over 6 cannot hit), then D6 + attack value (+1 under 15\", -1 over "
            "40\" for guns) must exceed the armour; a hit on a soft skin is a KO.",
    rule=RuleRef(SEED, (HITTING, KILL, "Appendix"), readings=("BR-87", "BR-88", "BR-89", "BR-90")),
    params=(
        Param("weapon", "choice", "the firing weapon from the Appendix (tank guns by their tank), or other",
              choices=WEAPONS),
        Param("target", "choice", "the target vehicle from the Appendix, a soft-skin vehicle, or other",
              choices=TARGETS),
        Param("facing", "choice", "the armour facing hit (the game's geometry decides it, BR-89)", "front",
              choices=("front", "side", "rear")),
        Param("range", "int", "range in inches", minimum=0, maximum=100),
        Param("moving_or_pinned", "bool", "the firer is moving or pinned", False),
        Param("brief_sight", "bool", "the target has been in sight for less than half a move", False),
        Param("partial_cover", "bool", "the target is in partial cover (geometry's cover().partial)", False),
        Param("part_detected", "bool", "the target is only part detected", False),
        Param("gun_class", "choice", "with weapon=other: its row of the to-hit table", "none",
              choices=("none", *ANTI_TANK.classes)),
        Param("attack", "int", "with weapon=other: its A.T. attack value", -99, minimum=-99, maximum=20),
        Param("armour", "int", "with target=other: its armour value on the facing hit", -1, minimum=-1, maximum=20),
    ),
    results=RESULTS,
    check=_check,
)
def anti_tank_fire(r: Resolution, weapon: str, target: str, facing: str, range: int, moving_or_pinned: bool,
                   brief_sight: bool, partial_cover: bool, part_detected: bool, gun_class: str, attack: int,
                   armour: int) -> Outcome:
    """Seed 004 "Firing at vehicles": "Hitting" by class and range with its modifiers (BR-87), then
    "Converting a hit to a kill" (BR-88, BR-89) with the Appendix's attack values and armour (BR-90)."""
    label, value, cls = gun_of({"weapon": weapon, "gun_class": gun_class, "attack": attack})
    c = ANTI_TANK.classes[cls]
    col = column(cls, range)
    assert col is not None
    need = c.to_hit[col]
    r.step(f"{label} ({c.label}) at {range}\" (the \u2264{ANTI_TANK.columns[col]}\" column): hits on {need}+")
    h = ANTI_TANK.hitting
    if moving_or_pinned:
        need += r.modifier("firing whilst moving or pinned", h.moving_or_pinned, src(HITTING))
    if brief_sight:
        need += r.modifier("target in sight less than half a move", h.brief_sight, src(HITTING))
    if partial_cover:
        need += r.modifier("target in partial cover", h.partial_cover, src(HITTING))
    if part_detected:
        need += r.modifier("target only part detected", h.part_detected, src(HITTING))
    if need > 6:
        r.step(f"{need}+ needed: a final score more than 6 cannot hit")
        return r.result("cannot hit", row=f"needs {need}")
    if r.successes(1, 6, need, label="to-hit die", counting="hit") == 0:
        return r.result("miss", row=f"to hit {need}+")
    if target == "soft_skin":
        r.step(f"a hit on a soft-skin vehicle from a weapon on the table is an automatic KO [{src(KILL)}]")
        return r.result("destroyed", row="soft skin: automatic KO")
    if target == "other":
        armour_value, what = armour, "the target"
    else:
        v = ANTI_TANK.vehicles[target]
        armour_value, what = getattr(v, facing), v.label
    r.step(f"{what} {facing} armour {armour_value}; attack value {value}")
    k = ANTI_TANK.kill
    if c.range_adjusted and range < k.close_under:
        value += r.modifier(f"range under {k.close_under}\"", k.close_bonus, src(KILL))
    elif c.range_adjusted and range > k.far_over:
        value += r.modifier(f"range over {k.far_over}\"", k.far_penalty, src(KILL))
    beat = armour_value - value  # the D6 must exceed this
    row = f"attack {value} vs {facing} armour {armour_value}"
    if beat < 1:
        r.step(f"D6 + {value} always exceeds {armour_value}: destroyed whatever the die")
        return r.result("destroyed", row=row)
    r.step(f"destroyed if D6 + {value} exceeds {armour_value}: needs {beat + 1}+ on the D6")
    if beat + 1 > 6:
        return r.result("hit, no effect", row=f"attack {value} vs armour {armour_value}: cannot penetrate")
    kill = r.successes(1, 6, beat + 1, label="kill die", counting="kill")
    return r.result("destroyed" if kill else "hit, no effect", row=row)
