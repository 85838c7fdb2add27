"""The Brigade game's direct fire at troops: fire points, converting them to hits, saving throws.

Seed 004 "WW2 Rules for Brigade level games", "FIRING": "Small arms fire" (ranges and fire
points), "HE FIRE POINTS (artillery & guns)", "Converting Fire points to Hits", "Saving throws",
"Modifiers" and "Notes". Readings BR-70 ... BR-77 (docs/rulings.md).

* ``fire-points-to-hits``: any total of fire points, in groups of 3 (or 4 moving or pinned).
* ``small-arms-fire``: a unit's weapons at a range give the points, then the hits.
* ``he-fire``: guns firing HE directly, by calibre, then the hits.
* ``saving-throws``: N hits on troops or a soft-skin vehicle, the casualties.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.rulesets.brigade.f_tables import FIRE, src
from warroom.rulesets.brigade.info import INFO, SEED

SMALL_ARMS = "Small arms fire"
HE = "HE Fire Points"
CONVERT = "Converting Fire points to Hits"
SAVES = "Saving throws"

MOVING = Param("moving", "bool", "the firers move this move (type B, fire moving; mounted cavalry always)", False)
PINNED = Param("pinned", "bool", "the firers are pinned", False)
PART = Param("part_detected", "bool", "the target is only part detected (aware), not spotted", False)

MAX_POINTS = 400


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def hit_row(n: int) -> str:
    return "no hits" if n == 0 else plural(n, "hit")


def max_hits(points: int, moving_or_pinned: bool, part_detected: bool) -> int:
    """The most hits a number of points can give (every die a hit)."""
    c = FIRE.conversion.moving_or_pinned if moving_or_pinned else FIRE.conversion.steady
    groups, rest = divmod(points, c.group_size)
    extra = 1 if rest in c.remainder_hits_on and not part_detected else 0
    return groups + extra


def hit_rows(points: int, moving_or_pinned: bool, part_detected: bool) -> tuple[str, ...]:
    return tuple(hit_row(n) for n in range(max_hits(points, moving_or_pinned, part_detected) + 1))


def convert(r: Resolution, points: int, moving_or_pinned: bool, part_detected: bool) -> int:
    """Seed 004 "Converting Fire points to Hits": groups of 3 hit on 4-6, a remainder of 2 on
    5-6 and of 1 on 6; moving or pinned groups of 4, remainders 3 on 5-6 and 2 on 6; at a part
    detected target groups hit on 6 and remainders nothing (BR-73)."""
    conv = FIRE.conversion
    c = conv.moving_or_pinned if moving_or_pinned else conv.steady
    why = "firers moving or pinned" if moving_or_pinned else "firers halted and not pinned"
    groups, rest = divmod(points, c.group_size)
    group_on = conv.part_detected.group_hits_on if part_detected else c.group_hits_on
    rest_on = None if (part_detected and not conv.part_detected.remainders_hit) else c.remainder_hits_on.get(rest)
    r.step(f"{plural(points, 'fire point')} \u00f7 {c.group_size} ({why}) = "
           f"{plural(groups, 'group')}, remainder {rest}")
    hits = 0
    if groups:
        target = " (target only part detected)" if part_detected else ""
        r.step(f"throw {plural(groups, 'die', 'dice')}, one per group, each hitting on {group_on}+{target}")
        hits += r.successes(groups, 6, group_on, label="group dice")
    if rest and rest_on is not None:
        r.step(f"remainder {rest}: one more die, hitting on {rest_on}+")
        hits += r.successes(1, 6, rest_on, label="remainder die")
    elif rest:
        why_not = "remainders achieve nothing at a part detected target" if part_detected else \
            f"a remainder of {rest} gives nothing"
        r.step(f"remainder {rest}: {why_not}")
    if not groups and (not rest or rest_on is None):
        r.step("no die to throw: the fire cannot hit")
    return hits


def _moving_or_pinned(r: Resolution, moving: bool, pinned: bool) -> bool:
    if moving:
        r.step(f"the firers are moving: divide by four [{src(CONVERT)}]")
    if pinned:
        r.step(f"the firers are pinned: divide by four [{src(CONVERT)}]")
    return moving or pinned


# -- fire-points-to-hits -----------------------------------------------------------------------
@procedure(
    INFO,
    "fire-points-to-hits",
    worse="later",  # seed 004 "Converting Fire points to Hits": a count of hits
    example={"points": 14},
    title="Converting fire points to hits",
    summary="A total of fire points in groups of 3 (4 if moving or pinned) hitting on 4-6, the remainder "
            "on 5-6 or 6; at a part detected target groups hit on 6 and remainders nothing.",
    rule=RuleRef(SEED, (CONVERT,), readings=("BR-70", "BR-73")),
    params=(
        Param("points", "int", "the fire points, summed and any odd .5 rounded down", minimum=0,
              maximum=MAX_POINTS),
        MOVING, PINNED, PART,
    ),
    results=lambda v: hit_rows(v["points"], v["moving"] or v["pinned"], v["part_detected"]),
)
def fire_points_to_hits(r: Resolution, points: int, moving: bool, pinned: bool, part_detected: bool) -> Outcome:
    """Seed 004 "Converting Fire points to Hits" (BR-70, BR-73)."""
    hits = convert(r, points, _moving_or_pinned(r, moving, pinned), part_detected)
    return r.result(hit_row(hits), row=f"{points} points")


# -- small-arms-fire ---------------------------------------------------------------------------
COUNTS = (
    ("rifles", "rifle", "figures firing rifles", 30),
    ("ars", "ar", "figures firing automatic rifles (AR)", 30),
    ("smgs", "smg", "figures firing SMGs", 30),
    ("pistols", "pistol", "figures firing pistols", 30),
    ("tank_mgs", "tank_mg", "tank machine guns", 6),
    ("mmgs", "mmg", "MMGs", 6),
    ("hmgs", "hmg", "HMGs", 6),
    ("autocannons", "autocannon", "auto-cannon", 6),
    ("flamethrowers", "flamethrower", "flame-throwers", 3),
)


def band_points(weapon: str, distance: int) -> tuple[float, str] | None:
    """The weapon's fire points at ``distance`` and the band's name, or None beyond its range (BR-70)."""
    names = ("short", "medium", "long")
    for i, band in enumerate(FIRE.weapons[weapon].bands):  # type: ignore[index]
        if distance <= band.up_to:
            return band.points, names[i]
    return None


def total_half_points(values: Mapping[str, Any]) -> int:
    """Twice the summed fire points (an exact count of halves)."""
    halves = 0
    for key, weapon, _, _ in COUNTS:
        n = values[key]
        got = band_points(weapon, values["range"]) if n else None
        if got is not None:
            halves += round(got[0] * 2) * n
    return halves


def _small_arms_check(v: Mapping[str, Any]) -> None:
    given = [(key, weapon) for key, weapon, _, _ in COUNTS if v[key]]
    if not given:
        raise UsageError("no firers: give at least one of " + ", ".join(k for k, *_ in COUNTS) + " (e.g. rifles=6)")
    if v["flamethrowers"] and len(given) > 1:
        raise UsageError("flamethrowers cannot be combined with other weapons in one fire: flame-thrower hits "
                         "ignore cover (Notes), so resolve them on their own (BR-71)")
    if total_half_points(v) == 0:
        reach = ", ".join(f"{FIRE.weapons[w].label} {FIRE.weapons[w].max_range}\""  # type: ignore[index]
                          for _, w in given)
        raise UsageError(f"range={v['range']} is beyond every firer's long range ({reach}): "
                         "out-of-range weapons add no fire points (Small arms fire)")


@procedure(
    INFO,
    "small-arms-fire",
    worse="later",  # seed 004 "Converting Fire points to Hits": a count of hits
    example={"rifles": 8, "ars": 1, "range": 8},
    title="Small arms fire",
    summary="Fire points of each figure or weapon by range band (short, medium, long), summed with any odd "
            ".5 rounded down, then converted to hits.",
    rule=RuleRef(SEED, (SMALL_ARMS, CONVERT), readings=("BR-70", "BR-71", "BR-73")),
    params=(
        *(Param(key, "int", help, 0, minimum=0, maximum=most) for key, _, help, most in COUNTS),
        Param("range", "int", "range to the target in inches", minimum=0, maximum=100),
        MOVING, PINNED, PART,
    ),
    results=lambda v: hit_rows(total_half_points(v) // 2, v["moving"] or v["pinned"], v["part_detected"]),
    check=_small_arms_check,
)
def small_arms_fire(r: Resolution, range: int, moving: bool, pinned: bool, part_detected: bool,
                    **counts: int) -> Outcome:
    """Seed 004 "Small arms fire" and "Converting Fire points to Hits": each weapon's points in its
    range band (a band's figure is its maximum range, BR-70), per figure or per weapon (BR-71),
    summed, an odd .5 rounded down, then grouped (BR-73)."""
    halves = 0
    for key, weapon, _, _ in COUNTS:
        n = counts[key]
        if not n:
            continue
        label = FIRE.weapons[weapon].label  # type: ignore[index]
        got = band_points(weapon, range)
        if got is None:
            r.step(f"{n} \u00d7 {label}: beyond long range at {range}\", no fire points")
            continue
        pts, band = got
        halves += round(pts * 2) * n
        r.step(f"{n} \u00d7 {label} at {band} range ({range}\"): {n} \u00d7 {pts:g} = {n * pts:g} fire points")
    points = halves // 2
    if halves % 2:
        r.step(f"{halves / 2:g} fire points: the odd .5 is rounded down to {points} (BR-70)")
    hits = convert(r, points, _moving_or_pinned(r, moving, pinned), part_detected)
    return r.result(hit_row(hits), row=f"{points} fire points at {range}\"")


# -- he-fire -----------------------------------------------------------------------------------
HE_CLASSES = ("up_to_45", "mm_46_77", "mm_78_105", "over_105")


def _he_points(v: Mapping[str, Any]) -> int:
    he = FIRE.he[v["calibre"]]
    per = he.hv_tank_gun if v["gun"] == "hv_tank_gun" else he.artillery
    return int(per * v["guns"])


def _he_check(v: Mapping[str, Any]) -> None:
    if v["gun"] == "artillery" and v["moving"]:
        raise UsageError("gun=artillery with moving=true: unlimbered artillery may not move and fire, and limbered "
                         "guns may not fire (Moving and Firing)")


@procedure(
    INFO,
    "he-fire",
    worse="later",  # seed 004 "HE Fire Points": a count of hits
    example={"guns": 1, "calibre": "mm_46_77"},
    title="HE fire points (artillery and guns firing directly)",
    summary="HE fire points per gun by calibre (artillery piece or high velocity tank gun), at any range, "
            "converted to hits like small arms.",
    rule=RuleRef(SEED, (HE, CONVERT), readings=("BR-72", "BR-73")),
    params=(
        Param("guns", "int", "gun models firing at the target (each artillery model is a battery)", 1,
              minimum=1, maximum=6),
        Param("calibre", "choice", "the gun's calibre class: up to 45 mm, 46-77 mm, 78-105 mm, over 105 mm",
              choices=HE_CLASSES),
        Param("gun", "choice", "an artillery piece, a high velocity tank gun, or a tank gun that is not high velocity "
              "(the artillery piece column, BR-197)", "artillery", choices=("artillery", "hv_tank_gun", "tank_gun")),
        MOVING, PINNED, PART,
    ),
    results=lambda v: hit_rows(_he_points(v), v["moving"] or v["pinned"], v["part_detected"]),
    check=_he_check,
)
def he_fire(r: Resolution, guns: int, calibre: str, gun: str, moving: bool, pinned: bool,
            part_detected: bool) -> Outcome:
    """Seed 004 "HE FIRE POINTS (artillery & guns)" and "Converting Fire points to Hits": points per
    gun, the same at any range, grouped like small arms (BR-72, BR-73)."""
    he = FIRE.he[calibre]  # type: ignore[index]
    per = he.hv_tank_gun if gun == "hv_tank_gun" else he.artillery
    what = {"artillery": "artillery piece", "hv_tank_gun": "high velocity tank gun",
            "tank_gun": "tank gun, not high velocity (the artillery piece column, BR-197)"}[gun]
    points = per * guns
    r.step(f"{guns} \u00d7 {he.label} {what}: {guns} \u00d7 {per} = {points} HE fire points (any range, BR-72)")
    hits = convert(r, points, _moving_or_pinned(r, moving, pinned), part_detected)
    r.step("hit by HE fire: the target unit is pinned (Pin markers)" if hits else
           "no hits: HE that misses pins no one (\"if hit by HE fire\", Pin markers; BR-196)")
    return r.result(hit_row(hits), row=f"{points} HE fire points")


# -- saving-throws -----------------------------------------------------------------------------
TARGETS = ("troops", "soft_skin", "escaping")
FIRE_KINDS = ("small_arms", "mg", "he", "flame")


def casualty_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["target"] == "soft_skin":
        return ("survives", "destroyed")
    return tuple("no casualties" if n == 0 else plural(n, "figure") + " killed" for n in range(v["hits"] + 1))


def _saves_check(v: Mapping[str, Any]) -> None:
    target = v["target"]
    if target != "troops" and v["cover"] != "open":
        raise UsageError(f"cover={v['cover']} with target={target}: only troops save by cover; vehicles save by "
                         "their own rows and cover gives them partial cover only (BR-24)")
    if target != "troops" and v["close_order"]:
        raise UsageError(f"close_order=true with target={target}: only troops advance in close order (Modifiers)")
    if target == "soft_skin" and v["fire"] == "he":
        raise UsageError("fire=he at a soft-skin vehicle: guns fire at vehicles on the to-hit table, and a hit on a "
                         "soft-skin vehicle is an automatic KO; use anti-tank-fire (BR-76)")
    if target == "escaping" and (v["fire"] != "small_arms" or v["brief_sight"] or v["within_2"]):
        raise UsageError("target=escaping: figures escaping a destroyed vehicle save on 3+ with no fire type and "
                         "no direct fire modifiers; leave fire, brief_sight and within_2 unset (Saving throws)")


def save_needed(r: Resolution, target: str, cover: str, fire: str, pinned: bool, brief_sight: bool,
                close_order: bool, within_2: bool) -> tuple[int, str]:
    """The score a saving throw needs after the modifiers, and the table row used (BR-74 ... BR-76)."""
    s = FIRE.saves
    if target == "escaping":
        row = s["escaping"]
        r.step(f"{row.label}: {row.pinned}+ (the escapers are pinned automatically, Notes)")
        return row.pinned, row.label
    if target == "soft_skin":
        row = s["soft_skin_rifle"] if fire == "small_arms" else s["soft_skin_mg"]
        if fire == "flame":
            r.step("a flame-thrower hit on a soft-skin vehicle is saved as an MG hit (BR-76)")
    else:
        key = "open" if fire == "flame" else cover
        if fire == "flame" and cover != "open":
            r.step(f"flame-thrower: cover is ignored, the target tests as if in the open [{src('Notes')}]")
        row = s[key]  # type: ignore[index]
    need = row.pinned if pinned else row.not_pinned
    state = "pinned" if pinned else "not pinned"
    r.step(f"{row.label}, {state}: saves on {need}+ [{src(SAVES)}]")
    m = FIRE.save_modifiers
    if brief_sight:
        need += r.modifier("firer could see the target for less than half a move", m.brief_sight,
                           src("Modifiers", "direct fire"))
    if close_order:
        need += r.modifier("target in close order", m.close_order, src("Modifiers", "direct fire"))
    if within_2:
        need += r.modifier(f"firer within {m.within_inches}\" of the target", m.within_2,
                           src("Modifiers", "direct fire"))
    return need, f"{row.label}, {state}"


def throw_saves(r: Resolution, hits: int, need: int, label: str = "saving throws") -> int:
    """How many of ``hits`` saving throws succeed at ``need``+ (BR-74)."""
    if need <= 1:
        r.step(f"saves needed on {need}+: every throw saves (BR-74)")
        return hits
    if need > 6:
        r.step(f"saves needed on {need}+: no throw can save (BR-74)")
        return 0
    r.step(f"throw {plural(hits, 'saving throw')}, each saving on {need}+")
    return r.successes(hits, 6, need, label=label, counting="save")


@procedure(
    INFO,
    "saving-throws",
    worse="later",  # seed 004 "Saving throws": a count of figures killed (a gun: survives or destroyed)
    example={"hits": 4, "cover": "soft"},
    title="Saving throws against direct fire",
    summary="One saving throw per hit by cover and pin state (hard 2+/3+, soft 3+/4+, open 5+/6+; soft-skin "
            "vehicles 4+ or 6+), -1 brief sight, +1 close order, +1 within 2\"; each failure kills a figure.",
    rule=RuleRef(SEED, (SAVES, "FIRING"), readings=("BR-74", "BR-75", "BR-76", "BR-77")),
    params=(
        Param("hits", "int", "hits scored on the target", minimum=1, maximum=40),
        Param("target", "choice", "troops; a soft-skin vehicle (any failure destroys it); or figures escaping "
              "a destroyed vehicle (one throw each)", "troops", choices=TARGETS),
        Param("cover", "choice", "the troops' cover against this fire (geometry's cover().save)", "open",
              choices=("hard", "soft", "open")),
        Param("fire", "choice", "the fire: small_arms (rifle, SMG, pistol, AR), mg (MGs, auto-cannon), he "
              "(guns' HE fire points) or flame (flame-thrower: cover ignored)", "small_arms", choices=FIRE_KINDS),
        Param("pinned", "bool", "the target is pinned (including a pin it opts to take before saving)", False),
        Param("brief_sight", "bool", "the firer could see the target for less than half a move", False),
        Param("close_order", "bool", "the target troops are in close order", False),
        Param("within_2", "bool", "the firer is within 2\" of the target", False),
    ),
    results=casualty_rows,
    check=_saves_check,
)
def saving_throws(r: Resolution, hits: int, target: str, cover: str, fire: str, pinned: bool,
                  brief_sight: bool, close_order: bool, within_2: bool) -> Outcome:
    """Seed 004 "Saving throws", "Modifiers" and "Notes": one throw per hit; a failure kills a figure;
    a soft-skin vehicle dices once per hit and any failure destroys it (BR-74 ... BR-76)."""
    need, row = save_needed(r, target, cover, fire, pinned, brief_sight, close_order, within_2)
    saved = throw_saves(r, hits, need)
    failed = hits - saved
    if target == "soft_skin":
        return r.result("destroyed" if failed else "survives", row=row)
    return r.result("no casualties" if failed == 0 else plural(failed, "figure") + " killed", row=row)
