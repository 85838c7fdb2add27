"""Company Fire's fire procedures: individual, group, opportunity and sniper fire, and the hit table.

Seed 002, sections "Individual Unit Fire", "Group Fire", "Opportunity Fire",
"Single Mounted Figures (SMFs)" and "Unit Status, Hit Results and Rallying".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.company_fire.common import (
    LEADER,
    SMF_RESULTS,
    STATUS,
    STATUS_NAMES,
    TARGET_STATUS,
    UNIT_RESULTS,
    apply_hits,
    check_smf_status,
    cite,
    plural,
    src,
)
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables

FIRE = "Individual Unit Fire"
SHOOTERS = ("smg_squad", "rifle_squad", "engineer_squad", "light_mortar", "mmg", "hmg", "vehicle_mg")
MACHINE_GUNS = ("mmg", "hmg", "vehicle_mg")

WEAPON = Param("weapon", "choice", "the firing unit", choices=SHOOTERS)
def _range_param(weapons: tuple[str, ...]) -> Param:
    """Range in spaces, up to the longest effective range among the weapons offered."""
    most = max(tables().weapons[w].range_spaces for w in weapons)
    return Param("range", "int", "range to the target space in spaces (edge steps)", 1, minimum=1, maximum=most,
                 why=f"no weapon here reaches beyond {plural(most, 'space')}")


RANGE = _range_param(SHOOTERS)
COVER = Param("cover", "bool", "the target space provides cover", False)
CARD = Param("card", "choice", "the card the firer acts on", "fire", choices=("fire", "move", "face"))
MOVED = Param("moved", "bool", "the firer moved earlier on this card (face card: move then fire)", False)
RECON = Param("recon_by_fire", "bool", "firing at blinds or hidden units (recon by fire)", False)
RETREAT = Param("retreat", "bool", "the target retreats one space away from the firer to take one hit fewer", False)
SHOOTER_PINNED = Param("shooter_pinned", "bool", "a pinned or suppressed vehicle fires its MG (one die less)",
                       False)


def _check_shooter(weapon: str, shooter_pinned: bool) -> None:
    if shooter_pinned and weapon != "vehicle_mg":
        raise UsageError(f"shooter_pinned=true is for a vehicle's MG (weapon=vehicle_mg), not a "
                         f"{_weapon_label(weapon)}: pinned infantry fire normally, suppressed infantry not at all "
                         "(Unit Status)")


def vehicle_penalty(r: Resolution, shooter_pinned: bool) -> int:
    """Seed "Vehicle Unit Status": a pinned or suppressed vehicle "may shoot with a penalty": one die less,
    as "Attacking vehicles" says for the main gun (reading CF-78)."""
    if not shooter_pinned:
        return 0
    return r.modifier("the vehicle is pinned or suppressed (buttoned up)", tables().fire.vehicle_shooter_pinned_dice,
                      src("Vehicle Unit Status", "CF-78"), "dice")


def _weapon_label(weapon: str) -> str:
    return tables().weapons[weapon].label


def _check_range(weapon: str, distance: int) -> None:
    w = tables().weapons[weapon]
    if distance > w.range_spaces:
        raise UsageError(
            f"range={distance} is beyond the {w.label}'s effective range of {plural(w.range_spaces, 'space')}"
        )


def _check_card(weapon: str, card: str, moved: bool) -> None:
    w = tables().weapons[weapon]
    if moved and card == "fire":
        raise UsageError(
            "moved=true with card=fire: a unit that moves on a Fire card may not fire (Moving on a Fire card)"
        )
    if moved and w.weapon_team:
        raise UsageError(f"a {w.label} may not move and fire on the same card (Movement, weapon teams)")


def _check_retreat(small_arms: bool, retreat: bool, what: str) -> None:
    if retreat and not small_arms:
        raise UsageError(
            f"retreat=true: only hits from small-arms fire can be reduced by retreating, not {what} (CF-3)"
        )


def fire_dice(
    r: Resolution, weapon: str, *, cover: bool, on_the_move: bool, recon_by_fire: bool, who: str = "",
    card: str = "move",
) -> int:
    """Seed 002 "Individual Unit Fire": the weapon's dice less one for each reduction (CF-4, CF-6)."""
    w = tables().weapons[weapon]
    f = tables().fire
    prefix = f"{who}: " if who else ""
    dice = w.dice
    r.step(f"{prefix}{w.label} rolls {w.dice}d6 at up to {plural(w.range_spaces, 'space')}")
    if cover:
        dice += r.modifier(f"{prefix}target space provides cover", f.cover_dice, src(FIRE, "footnote *"), "dice")
    if on_the_move:
        dice += r.modifier(f"{prefix}{move_card_label(card)}", f.move_card_dice, src(FIRE, "footnote *; CF-4"), "dice")
    if recon_by_fire:
        dice += r.modifier(f"{prefix}recon by fire", f.recon_by_fire_dice, src(FIRE, "Recon by Fire"), "dice")
    return max(0, dice)


def roll_hits(r: Resolution, dice: int, label: str = "fire") -> int:
    """Throw the attack dice and count hits on 5 or 6 (CF-1)."""
    d = tables().dice
    if dice == 0:
        r.step("no dice left after reductions: the attack cannot hit (CF-6)")
        return 0
    r.step(f"roll {dice}d6, each 5 or 6 a hit")
    return r.successes(dice, d.sides, d.hits_on, label=label)


def retreat_to_reduce(r: Resolution, hits: int, retreat: bool) -> int:
    """Seed 002 "Unit Status, Hit Results and Rallying", Hit Reduction: retreat one space for one hit fewer."""
    by = tables().hit_results.retreat_reduces_by
    if retreat and hits > 0:
        fewer = max(0, hits - by)
        r.step(f"the target retreats one space away from the firer: {plural(hits, 'hit')} \u2192 {fewer}")
        return fewer
    return hits


def _individual_check(v: Mapping[str, Any]) -> None:
    _check_range(v["weapon"], v["range"])
    _check_card(v["weapon"], v["card"], v["moved"])
    _check_retreat(tables().weapons[v["weapon"]].small_arms, v["retreat"], f"a {_weapon_label(v['weapon'])}")
    _check_shooter(v["weapon"], v["shooter_pinned"])


def on_the_move(card: str, moved: bool) -> bool:
    """CF-4: the Move-card reduction applies on a Move card, or on a face card after moving."""
    return card == "move" or (card == "face" and moved)


def move_card_label(card: str) -> str:
    """CF-141: the reduction as the table would name it, on a Move card or on a face card after moving (CF-4)."""
    return "firing after moving on a face card (as on a Move card)" if card == "face" else "firing on a Move card"


@procedure(
    INFO,
    "individual-fire",
    worse="later",  # seed 002 "Unit Status, Hit Results and Rallying": good order, pinned, suppressed, destroyed
    example={"weapon": "rifle_squad", "range": 4, "cover": True},
    title="Individual unit fire",
    summary="One squad or weapon team fires at one unit in a target space.",
    rule=cite(FIRE, STATUS, readings=("CF-1", "CF-2", "CF-3", "CF-4", "CF-6", "CF-9")),
    params=(WEAPON, RANGE, COVER, CARD, MOVED, RECON, TARGET_STATUS, RETREAT, SHOOTER_PINNED),
    results=UNIT_RESULTS,
    check=_individual_check,
)
def individual_fire(
    r: Resolution,
    weapon: str,
    range: int,
    cover: bool,
    card: str,
    moved: bool,
    recon_by_fire: bool,
    target_status: str,
    retreat: bool,
    shooter_pinned: bool,
) -> Outcome:
    """Seed 002 "Individual Unit Fire": dice by weapon, −1 die each for cover, a Move card and
    recon by fire; hits on 5–6; dice rolled for each unit in the target space separately
    (this resolves one of them) and read on the hit table. A vehicle's hull MG fires as an MMG
    (CF-77), one die less when the vehicle is pinned or suppressed (CF-78)."""
    if recon_by_fire:  # CF-142: as the firer sees it, a blind; CF-131 rolls once for it, as one good-order unit
        r.step(f"target: a blind, {plural(range, 'space')} away, rolled for once as one good order unit "
               "(what is under it is not known; CF-131)")
    else:
        r.step(f"target: one {STATUS_NAMES[target_status]} unit, {plural(range, 'space')} away "
               "(dice are rolled separately for each unit in the space)")
    dice = fire_dice(r, weapon, cover=cover, on_the_move=on_the_move(card, moved), recon_by_fire=recon_by_fire,
                     card=card)
    dice = max(0, dice + vehicle_penalty(r, shooter_pinned))
    hits = retreat_to_reduce(r, roll_hits(r, dice), retreat)
    return apply_hits(r, hits, target_status)


GROUP = "Group Fire"


def _group_check(v: Mapping[str, Any]) -> None:
    if v["card"] == "move":
        raise UsageError("card=move: a group fire may not be attempted on a Move card (Group Fire); use fire or face")
    for weapon in v["firers"]:
        _check_range(weapon, v["range"])
    if v["pinned_firers"] and v["leader"] == "none":
        raise UsageError("pinned_firers=true needs leader=pl, cc or both: pinned units join a group fire only "
                         "with a platoon leader or company commander in the space (Group Fire)")
    small_arms = all(tables().weapons[w].small_arms for w in v["firers"])
    _check_retreat(small_arms, v["retreat"], "a group fire with a light mortar")


@procedure(
    INFO,
    "group-fire",
    worse="later",  # seed 002 "Unit Status, Hit Results and Rallying": the same hit scale
    example={"firers": "rifle_squad,rifle_squad", "cover": True},
    title="Group fire",
    summary="Units that began the phase in one space pool their dice at one target space.",
    rule=cite(GROUP, FIRE, STATUS, readings=("CF-1", "CF-2", "CF-3", "CF-6", "CF-10")),
    params=(
        Param("firers", "choices", "the units firing together (two: the stacking limit)", choices=SHOOTERS,
              min_items=2, max_items=2),
        LEADER,
        RANGE,
        COVER,
        Param("card", "choice", "the card: group fire is never on a Move card", "fire",
              choices=("fire", "face", "move")),
        RECON,
        Param("pinned_firers", "bool", "some firers are pinned (allowed only with a leader present)", False),
        TARGET_STATUS,
        RETREAT,
    ),
    results=UNIT_RESULTS,
    check=_group_check,
)
def group_fire(
    r: Resolution,
    firers: tuple[str, ...],
    leader: str,
    range: int,
    cover: bool,
    card: str,
    recon_by_fire: bool,
    pinned_firers: bool,
    target_status: str,
    retreat: bool,
) -> Outcome:
    """Seed 002 "Group Fire": each firer's individual dice (with its reductions) pooled, +1 die
    if the platoon leader, company commander or both are present; the pool is rolled for each
    unit in the target space (this resolves one of them)."""
    if pinned_firers:
        r.step("pinned firers join because a leader is in the space")
    pool = 0
    for i, weapon in enumerate(firers, start=1):
        pool += fire_dice(r, weapon, cover=cover, on_the_move=False, recon_by_fire=recon_by_fire, who=f"firer {i}")
    if leader != "none":
        who = {"pl": "platoon leader", "cc": "company commander", "both": "platoon leader and company commander"}
        pool += r.modifier(f"{who[leader]} present", tables().fire.leader_group_fire_dice, src(GROUP), "dice")
    r.step(f"pool: {pool}d6, rolled for each enemy unit in the target space")
    hits = retreat_to_reduce(r, roll_hits(r, pool), retreat)
    return apply_hits(r, hits, target_status)


OP_FIRE = "Opportunity Fire"
OP_FIRE_SHOOTERS = SHOOTERS


def _op_results(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["weapon"] in MACHINE_GUNS:
        return UNIT_RESULTS + tuple(f"{row}, MG jammed" for row in UNIT_RESULTS)
    return UNIT_RESULTS


def _op_check(v: Mapping[str, Any]) -> None:
    _check_range(v["weapon"], v["range"])
    _check_shooter(v["weapon"], v["shooter_pinned"])


@procedure(
    INFO,
    "opportunity-fire",
    example={"weapon": "hmg", "range": 5},
    title="Opportunity fire",
    summary="A single non-phasing unit fires at a unit that moved into a space in its LOS; MGs jam on two 1s.",
    rule=cite(OP_FIRE, FIRE, STATUS, readings=("CF-1", "CF-2", "CF-5")),
    params=(Param("weapon", "choice", "the firing unit", choices=OP_FIRE_SHOOTERS), RANGE, COVER, TARGET_STATUS,
            SHOOTER_PINNED),
    results=_op_results,
    check=_op_check,
)
def opportunity_fire(r: Resolution, weapon: str, range: int, cover: bool, target_status: str,
                     shooter_pinned: bool) -> Outcome:
    """Seed 002 "Opportunity Fire": one unit fires as Individual Unit Fire, only at the unit that
    triggered it; no hit reduction by retreat; an MG that rolls two or more 1s may not op fire
    again this phase (and so not react, CF-5 and "Non-Phasing Reaction Fire"). A buttoned-up
    (pinned) closed-top vehicle's MG op fires at one die less (seed "Vehicle Opportunity Fire",
    CF-78)."""
    r.step(f"the moving {STATUS_NAMES[target_status]} unit entered a space in the firer's LOS")
    dice = fire_dice(r, weapon, cover=cover, on_the_move=False, recon_by_fire=False)
    dice = max(0, dice + vehicle_penalty(r, shooter_pinned))
    jammed = False
    d = tables().dice
    if weapon in MACHINE_GUNS and dice:
        r.step(f"roll {dice}d6, each 5 or 6 a hit; two or more 1s and the MG may not op fire again this phase")
        hits, ones = r.successes_and_ones(dice, d.sides, d.hits_on, label="op fire")
        jammed = ones >= tables().fire.mg_jam_ones
        if jammed:
            r.step(f"{plural(ones, 'one')} rolled: the MG may not op fire again this phase")
    else:
        hits = roll_hits(r, dice, label="op fire")
    outcome = apply_hits(r, hits, target_status)
    if outcome.result == "pinned":
        r.step("pinned by op fire: the unit stops in the space it entered")
    elif outcome.result == "suppressed":
        r.step("suppressed by op fire: the unit ends its move in the space it left")
    if jammed:
        return r.result(f"{outcome.result}, MG jammed", outcome.row)
    return outcome


SMF = "Single Mounted Figures (SMFs)"


def _sniper_check(v: Mapping[str, Any]) -> None:
    _check_range("sniper", v["range"])
    check_smf_status(v)


@procedure(
    INFO,
    "sniper-fire",
    worse="later",  # seed 002 "Unit Status, Hit Results and Rallying": the hit scale (an SMF: good order or destroyed)
    example={"target": "smf", "range": 6},
    title="Sniper fire",
    summary="A sniper fires 3d6 at one declared unit or SMF in LOS, then leaves the table.",
    rule=cite(SMF, FIRE, STATUS, readings=("CF-1", "CF-2", "CF-11")),
    params=(
        Param("target", "choice", "what the sniper targets: a unit, or an SMF (leader, observer, scout…)", "unit",
              choices=("unit", "smf")),
        _range_param(("sniper",)),
        COVER,
        TARGET_STATUS,
        RETREAT,
    ),
    results=lambda v: SMF_RESULTS if v["target"] == "smf" else UNIT_RESULTS,
    check=_sniper_check,
)
def sniper_fire(r: Resolution, target: str, range: int, cover: bool, target_status: str, retreat: bool) -> Outcome:
    """Seed 002 "Single Mounted Figures (SMFs)", Snipers: 3d6 at a declared target; no cover
    adjustment against an SMF (CF-11: cover counts against other units); the sniper is then
    removed."""
    if target == "smf":
        r.step("the sniper declares an SMF as its target")
        if cover:
            r.step("cover is not counted against an SMF")
        dice = fire_dice(r, "sniper", cover=False, on_the_move=False, recon_by_fire=False)
    else:
        dice = fire_dice(r, "sniper", cover=cover, on_the_move=False, recon_by_fire=False)
    hits = retreat_to_reduce(r, roll_hits(r, dice, label="sniper"), retreat and target == "unit")
    outcome = apply_hits(r, hits, target_status, smf=target == "smf")
    r.step("the sniper has fired and is removed from the table")
    return outcome


@procedure(
    INFO,
    "hit-result",
    worse="later",  # seed 002 "Unit Status, Hit Results and Rallying": the hit scale
    example={"hits": 2, "target_status": "pinned"},
    title="Hit result",
    summary="What a number of hits from one attack does to a unit or an SMF (no dice).",
    rule=cite(STATUS, SMF, readings=("CF-2", "CF-3")),
    params=(
        Param("hits", "int", "hits scored on the unit in one attack", minimum=0, maximum=40),
        TARGET_STATUS,
        Param("target", "choice", "a unit, or an SMF", "unit", choices=("unit", "smf")),
        RETREAT,
    ),
    results=lambda v: SMF_RESULTS if v["target"] == "smf" else UNIT_RESULTS,
    check=lambda v: _sniper_check({"range": 1, **v}),
)
def hit_result(r: Resolution, hits: int, target_status: str, target: str, retreat: bool) -> Outcome:
    """Seed 002 "Unit Status, Hit Results and Rallying", Hit Result and Hit Reduction."""
    return apply_hits(r, retreat_to_reduce(r, hits, retreat), target_status, smf=target == "smf")


CAUSES = ("sniper_fire", "direct_fire", "light_mortar", "artillery_he", "minefield", "stack_destroyed", "enemy_enters")


def _smf_check(v: Mapping[str, Any]) -> None:
    cause, alone = v["cause"], v["alone"]
    if cause == "enemy_enters" and not alone:
        raise UsageError("cause=enemy_enters needs alone=true: the enemy may not enter a space its foes hold "
                         "with other units (Stacking)")
    if cause == "stack_destroyed" and alone:
        raise UsageError("cause=stack_destroyed needs alone=false: it is the SMF's companions that were eliminated")
    if cause in ("stack_destroyed", "enemy_enters") and v["attack_result"] != "none":
        raise UsageError(f"cause={cause} involves no attack result: leave attack_result out")


@procedure(
    INFO,
    "smf-elimination",
    worse="later",  # seed 002 "Single Mounted Figures (SMFs)": good order, or eliminated
    example={"cause": "artillery_he", "attack_result": "suppressed"},
    title="SMF elimination",
    summary="Whether a single mounted figure (leader, observer, sniper, scout) is eliminated.",
    rule=cite(SMF),
    params=(
        Param("cause", "choice", "what happened to the SMF or its space", choices=CAUSES),
        Param("alone", "bool", "the SMF is the only unit in its space", True),
        Param("attack_result", "choice", "the result an attack on the SMF's space came to, read on the hit table",
              "none", choices=("none", "pinned", "suppressed", "destroyed")),
    ),
    results=SMF_RESULTS,
    check=_smf_check,
)
def smf_elimination(r: Resolution, cause: str, alone: bool, attack_result: str) -> Outcome:
    """Seed 002 "Single Mounted Figures (SMFs)": an SMF is in good order or destroyed.

    It ignores pins and is eliminated on suppressed or destroyed; alone in its space
    it cannot be eliminated by direct fire (except a sniper's) or light-mortar fire,
    but can be by minefields and HE artillery; it dies with the non-SMF units of
    its space, and alone it is eliminated when the enemy enters its space.
    """
    if cause == "stack_destroyed":
        return r.result("destroyed", "the non-SMF units in its space were eliminated \u2192 the SMF is eliminated")
    if cause == "enemy_enters":
        return r.result("destroyed", "alone when the enemy moves into its space \u2192 eliminated")
    if cause in ("direct_fire", "light_mortar"):
        what = "direct fire" if cause == "direct_fire" else "indirect light mortar fire"
        if alone:
            return r.result("good order", f"alone in its space, an SMF cannot be eliminated by {what}")
        return r.result("good order", f"SMFs are not targets of {what}; it shares the fate of its space's units")
    if attack_result in ("suppressed", "destroyed"):
        return r.result("destroyed", f"{attack_result} result on an SMF \u2192 eliminated")
    if attack_result == "pinned":
        return r.result("good order", "pinned result on an SMF \u2192 ignored")
    return r.result("good order", "no result \u2192 no effect")
