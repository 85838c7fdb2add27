"""The Brigade game's indirect fire: deviation, the fire zone, walking fire, and its effect.

Seed 004 "WW2 Rules for Brigade level games", "FIRING": "Mortar and indirect artillery Fire",
"Timing", "Effect of indirect fire", "Breaching Cover", "Saving throws" and "Notes". Readings
BR-78 ... BR-86 (docs/rulings.md).

* ``indirect-deviation``: the white and red dice: where the fire lands, and its zone.
* ``walk-fire``: whether fire already down may be walked 2" without dicing again.
* ``indirect-fire-effect``: one unit or vehicle in the zone: breaching, pins, saves per battery.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.rulesets.brigade.f_small_arms import plural, throw_saves
from warroom.rulesets.brigade.f_tables import FIRE, INDIRECT, src
from warroom.rulesets.brigade.info import INFO, SEED

DEVIATE = "Mortar and indirect artillery Fire"
EFFECT = "Effect of indirect fire"
BREACH = "Breaching Cover"
SAVES = "Saving throws"

FIRERS = tuple(INDIRECT.firers)
FIRER = Param("firer", "choice", "what fires: a mortar up to or over 82 mm, or artillery up to 82, 83 to under 105, "
              "of 105 (BR-191) or over 105 mm", choices=FIRERS)
BATTERIES = Param("batteries", "int", "batteries (or mortar sections) called down on the same point", 1,
                  minimum=1, maximum=6)
DIRECTIONS = ("short", "long", "left", "right")


def zone(firer: str, batteries: int) -> tuple[int, int]:
    """(depth, width) of the fire zone in inches: the class's square, 1" wider per extra battery (BR-79)."""
    side = INDIRECT.firers[firer].zone  # type: ignore[index]
    return side, side + INDIRECT.zone.width_per_extra_battery * (batteries - 1)


def _deduction(v: Mapping[str, Any]) -> int:
    d = INDIRECT.deviation
    if INDIRECT.firers[v["firer"]].mortar:
        return 0
    total = d.british_american_artillery if v["nation"] in ("british", "american") else 0
    return total + (d.pre_registered_artillery if v["pre_registered"] else 0)


def _max_off(v: Mapping[str, Any]) -> int:
    if INDIRECT.firers[v["firer"]].mortar:
        return -(-6 // INDIRECT.deviation.mortar_divisor)
    return 6 + _deduction(v)


def deviation_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    most = _max_off(v)
    rows = ["on target"] + [f"{n}\" {d}" for d in DIRECTIONS for n in range(1, most + 1)]
    return (*rows, "does not arrive")


def _deviation_check(v: Mapping[str, Any]) -> None:
    if v["pre_registered"] and INDIRECT.firers[v["firer"]].mortar:
        raise UsageError("pre_registered=true with a mortar: the -2 is for artillery brought down on a pre "
                         "registered defensive aiming point (Mortar and indirect artillery Fire)")


@procedure(
    INFO,
    "indirect-deviation",
    example={"firer": "artillery_83_105", "nation": "british"},
    title="Indirect fire deviation",
    summary="White die: 1 short, 2 long, 3 left, 4 right, 5 on target, 6 on target if on table or German, "
            "British or American, else no fire; red die: inches off (mortars half, rounded up; British and "
            "American artillery -1; pre registered artillery -2; 0 or less on target).",
    rule=RuleRef(SEED, (DEVIATE, "FIRING"), readings=("BR-78", "BR-79", "BR-85")),
    params=(
        FIRER,
        Param("nation", "choice", "the firing side's nationality (other: Russian, Italian, Japanese, French ...)",
              choices=("german", "british", "american", "other")),
        Param("on_table", "bool", "the firing battery is on the table", False),
        Param("pre_registered", "bool", "artillery brought down on a pre registered defensive aiming point", False),
        BATTERIES,
        Param("called", "bool", "called down by an observer or another unit (arrives a period after the request) "
              "rather than at a target the firing unit can see (arrives at once)", True),
    ),
    results=deviation_rows,
    check=_deviation_check,
)
def indirect_deviation(r: Resolution, firer: str, nation: str, on_table: bool, pre_registered: bool,
                       batteries: int, called: bool) -> Outcome:
    """Seed 004 "Mortar and indirect artillery Fire" and "Timing": the white die gives the direction
    (short and long along the line of fire, left and right across it), the red die the inches off
    (BR-78); the fire zone is centred where it lands (BR-79)."""
    f = INDIRECT.firers[firer]  # type: ignore[index]
    d = INDIRECT.deviation
    if called:
        r.step(f"called fire: marked when requested, it arrives a period later and is diced for now [{src('Timing')}]")
    else:
        r.step(f"area fire at a target the firing unit can see: it arrives at once [{src('Timing')}]")
    depth, width = zone(firer, batteries)
    wider = f", {batteries - 1}\" wider for {plural(batteries - 1, 'extra battery', 'extra batteries')}" \
        if batteries > 1 else ""
    zone_text = f"fire zone {depth}\" deep \u00d7 {width}\" wide"
    r.step(f"{f.label}: a {f.zone}\" \u00d7 {f.zone}\" zone{wider}: {zone_text} (BR-79)")
    white = r.die(6, label="white die")
    if white == 5:
        return r.result("on target", row=f"white 5: on target; {zone_text}")
    if white == 6:
        if on_table or nation in d.six_on_target_nations:
            why = "the battery is on table" if on_table else f"{nation.capitalize()} fire"
            return r.result("on target", row=f"white 6: on target ({why}); {zone_text}")
        return r.result("does not arrive", row="white 6: off-table battery, not German, British or American")
    direction = d.white[white]
    red = r.die(6, label="red die")
    if f.mortar:
        off = -(-red // d.mortar_divisor)
        r.step(f"mortar: red {red} halved, rounded up: {off}\"")
    else:
        off = red
        if nation in ("british", "american"):
            off += r.modifier(f"{nation.capitalize()} artillery", d.british_american_artillery, src(DEVIATE))
        if pre_registered:
            off += r.modifier("pre registered defensive aiming point", d.pre_registered_artillery, src(DEVIATE))
    if off <= 0:
        r.step(f"{off}\" off: zero or less counts as on target (BR-78)")
        return r.result("on target", row=f"white {white} ({direction}), red {red}: {off}\"; {zone_text}")
    return r.result(f"{off}\" {direction}", row=f"white {white} ({direction}), red {red}; {zone_text}")


# -- walk-fire ---------------------------------------------------------------------------------
WALK_ROWS = ("walked without dicing", "new fire: dice for deviation")


def _walk_check(v: Mapping[str, Any]) -> None:
    if v["caller"] == "commander":
        raise UsageError("caller=commander: unit commanders calling on supporting artillery or mortars can tell it "
                         "to start or stop but may not walk it (Mortar and indirect artillery Fire)")


@procedure(
    INFO,
    "walk-fire",
    example={"caller": "observer", "distance": 2},
    title="Walking indirect fire",
    summary="An artillery observer, or a battery firing over open sights, may walk fire up to 2\" a move without "
            "dicing again if it sees both where the fire landed and where it goes; unit commanders may not.",
    rule=RuleRef(SEED, (DEVIATE,), readings=("BR-80",)),
    params=(
        Param("caller", "choice", "who directs the fire: an artillery observer, a battery or mortar firing over "
              "open sights, or a unit commander", choices=("observer", "open_sights", "commander")),
        Param("distance", "int", "inches between last move's aiming point and the new one", minimum=0, maximum=200),
        Param("sees_last", "bool", "the caller can see where the fire landed last move", True),
        Param("sees_new", "bool", "the caller can see the area the fire is to move to", True),
    ),
    results=WALK_ROWS,
    check=_walk_check,
)
def walk_fire(r: Resolution, caller: str, distance: int, sees_last: bool, sees_new: bool) -> Outcome:
    """Seed 004 "Mortar and indirect artillery Fire": walking fire 2" a move (BR-80)."""
    most = INDIRECT.walking.inches_per_move
    if distance > most:
        r.step(f"{distance}\" is more than the {most}\" fire may be walked in a move")
        return r.result(WALK_ROWS[1], row=f"more than {most}\"")
    if not (sees_last and sees_new):
        missing = "where the fire landed last move" if not sees_last else "the area it is to move to"
        r.step(f"the caller cannot see {missing}")
        return r.result(WALK_ROWS[1], row="not seen")
    r.step(f"moved {distance}\" (at most {most}\"), both areas seen: no new deviation dice; "
           "the zone keeps its size")
    return r.result(WALK_ROWS[0], row=f"walked {distance}\"")


# -- indirect-fire-effect ----------------------------------------------------------------------
TARGETS = ("troops", "soft_skin", "open_top", "enclosed")
BREACHES = ("none", "weak", "strong", "fortification")


def _killed(n: int) -> str:
    return "no casualties" if n == 0 else plural(n, "figure") + " killed"


def effect_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    target = v["target"]
    if target == "enclosed":
        return ("pinned",)
    if target != "troops":
        return ("pinned", "destroyed")
    n = v["figures"]
    if v["never_pinned"]:
        return tuple(f"not pinned, {_killed(k)}" for k in range(n + 1))
    rows = tuple(f"pinned, {_killed(k)}" for k in range(n + 1))
    if v["breach"] == "fortification":
        return ("not pinned, no casualties", *rows)
    return rows


def _effect_check(v: Mapping[str, Any]) -> None:
    target = v["target"]
    if target != "troops":
        for name, default in (("figures", 1), ("cover", "open"), ("breach", "none"), ("never_pinned", False)):
            if v[name] != default:
                raise UsageError(f"{name}={str(v[name]).lower()} with target={target}: one vehicle model is resolved "
                                 "at a time and vehicles save by their own rows whatever their cover (BR-24); "
                                 f"leave {name} unset")
        return
    if v["breach"] != "none" and v["cover"] != "hard":
        raise UsageError(f"breach={v['breach']} needs cover=hard: buildings, trenches and fortifications are hard "
                         "cover (BR-22)")


def _breach_score(firer: str, breach: str) -> int | None:
    return INDIRECT.firers[firer].breach.get(breach)  # type: ignore[index]


@procedure(
    INFO,
    "indirect-fire-effect",
    example={"firer": "artillery_83_105", "batteries": 2, "figures": 6, "cover": "hard", "breach": "weak"},
    title="Effect of indirect fire on a unit in the zone",
    summary="Everything in the zone is pinned (troops in fortifications only if breached); each battery that "
            "reaches them (in works, one that breaches: D6 against the breaching table) makes every surviving "
            "figure save in the pinned column; vehicles save by their own rows, any failure destroys them.",
    rule=RuleRef(SEED, (EFFECT, BREACH, SAVES),
                 readings=("BR-81", "BR-82", "BR-83", "BR-84", "BR-86", "BR-74")),
    params=(
        FIRER,
        BATTERIES,
        Param("target", "choice", "what is in the zone: troops, a soft-skin vehicle, an open top armoured vehicle, "
              "an enclosed armoured vehicle", "troops", choices=TARGETS),
        Param("figures", "int", "the unit's figures within the fire zone", 1, minimum=1, maximum=12),
        Param("cover", "choice", "the troops' cover (geometry's cover().save)", "open",
              choices=("hard", "soft", "open")),
        Param("breach", "choice", "the breaching class of the works or building they are in (geometry's "
              "cover().breach): weak (slit trench, 'weak' building), strong (pre-dug trench, 'strong' building), "
              "fortification, or none", "none", choices=BREACHES),
        Param("never_pinned", "bool", "cavalry, or a unit advancing in close order: never pinned", False),
    ),
    results=effect_rows,
    check=_effect_check,
)
def indirect_fire_effect(r: Resolution, firer: str, batteries: int, target: str, figures: int, cover: str,
                         breach: str, never_pinned: bool) -> Outcome:
    """Seed 004 "Effect of indirect fire", "Breaching Cover", "Saving throws" and "Notes": pins, a
    breaching D6 per battery for troops in works or buildings (BR-82), one save per figure per
    battery reaching them in the pinned column (BR-81, BR-83), vehicles by their rows (BR-84)."""
    f = INDIRECT.firers[firer]  # type: ignore[index]
    s = FIRE.saves
    r.step(f"{plural(batteries, 'battery', 'batteries')} of {f.label} on the zone")
    if target == "enclosed":
        r.step(f"an enclosed armoured vehicle hit by indirect fire is pinned automatically [{src('Notes')}]")
        return r.result("pinned", row="enclosed armoured vehicle")
    if target in ("soft_skin", "open_top"):
        if target == "soft_skin":
            row = s["soft_skin_mg"] if f.heavy else s["soft_skin_rifle"]
        else:
            row = s["open_top_heavy"] if f.heavy else s["open_top"]
        r.step(f"{row.label}: {plural(batteries, 'save')} on {row.pinned}+, one per battery; any failure destroys it "
               "(BR-84)")
        saved = throw_saves(r, batteries, row.pinned)
        if saved < batteries:
            return r.result("destroyed", row=row.label)
        r.step(f"it made its saves: a vehicle surviving indirect fire is pinned [{src('Notes')}]")
        return r.result("pinned", row=row.label)
    score = _breach_score(firer, breach) if breach != "none" else None
    fortified = breach == "fortification"
    if breach != "none":
        if score is None:
            r.step(f"{f.label} cannot breach a fortification: no saves, and troops in a fortification are "
                   f"pinned only if it is breached [{src(BREACH)}]")
            return r.result("not pinned, no casualties", row="fortification not breachable")
        how = "breached automatically" if score == 0 else f"breached on {score}+ on a D6"
        r.step(f"{breach} cover: each battery's fire is {how}, one die per battery (BR-82)")
    pinned = not never_pinned and not fortified
    if never_pinned:
        r.step("cavalry or a unit advancing in close order is never pinned: the not pinned column (BR-81)")
    elif fortified:
        r.step(f"troops in a fortification are pinned only if the fire breaches it [{src(EFFECT)}]")
    else:
        r.step(f"all units in the zone are pinned: saves in the pinned column [{src(EFFECT)}] (BR-81)")
    save = s[cover]  # type: ignore[index]
    need_pinned, need_free = save.pinned, save.not_pinned
    r.step(f"{save.label}: saves {need_pinned}+ pinned, {need_free}+ not pinned; each surviving figure saves "
           "once for each battery that reaches it (BR-83)")

    def volley(rr: Resolution, state: tuple[int, int, bool]) -> tuple[int, int, bool]:
        done, alive, reached = state
        if score is not None and score > 0 and rr.successes(1, 6, score, label="breaching die", counting="breach") == 0:
            return done + 1, alive, reached
        now_pinned = pinned or (fortified and not never_pinned)
        need = need_pinned if now_pinned else need_free
        return done + 1, throw_saves(rr, alive, need), True

    _, (_, alive, reached) = r.until((0, figures, False), volley, lambda st: st[0] >= batteries,
                                     max_steps=batteries, label="batteries")
    dead = figures - alive
    if fortified and not reached and not never_pinned:
        return r.result("not pinned, no casualties", row="fortification not breached")
    state = "pinned" if (pinned or (fortified and not never_pinned)) else "not pinned"
    return r.result(f"{state}, {_killed(dead)}", row=f"{save.label}, {breach if breach != 'none' else 'no works'}")
