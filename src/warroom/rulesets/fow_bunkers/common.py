"""Pieces the bunker procedures share: citations, skill scores, pools of hits, armour saves."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from warroom.core.chance import Resolution
from warroom.core.params import Param
from warroom.core.ruling import RuleRef
from warroom.core.tables import load_table
from warroom.rulesets.fow_bunkers.base_rules import ARMOUR, SKILL, TO_HIT
from warroom.rulesets.fow_bunkers.info import SEED

T = TypeVar("T", bound=BaseModel)

DATA = Path(__file__).with_name("data")
MINUS = "\u2212"
GE = "\u2265"

ENTRENCHMENTS = "Entrenchments (P213)"
GENERAL = "Bunkers General Rules"
SHOOTING = "Shooting at Bunkers (P218)"
ASSAULT = "Assaulting Bunkers (P221)"
SMOKE = "Firing Smoke at Bunkers (P222)"
GAPPING = "Gapping Obstacles (P225)"
WIRE = "Barbed Wire Entanglements (P227)"
AT_OBSTACLES = "Anti-tank Obstacles (P231)"
DEMOLITION = "Demolition Carriers (P233)"
FLAME = "Flamethrowers Flaming Bunkers (P199)"

SKILLS = ("conscript", "trained", "veteran")
BUNKERS = ("nest", "pill_box", "turret")
BUNKER_NAMES = {"nest": "Nest (a Tobruk)", "pill_box": "Pill Box", "turret": "Turret"}

EFFECTS = ("no effect", "bailed out", "destroyed")
_RANK = {effect: i for i, effect in enumerate(EFFECTS)}


def load(name: str, schema: type[T]) -> T:
    """One of the ruleset's seed tables, ``data/<name>.toml``, checked against ``schema``."""
    return load_table(DATA / f"{name}.toml", schema)


def cite(*sections: str, readings: tuple[str, ...] = ()) -> RuleRef:
    return RuleRef(SEED, sections, readings)


def src(section: str, detail: str = "") -> str:
    """A modifier's source, as printed in a ruling."""
    return f"001 {section}" + (f", {detail}" if detail else "")


def plural(n: int, word: str, words: str = "") -> str:
    """``1 hit``, ``2 hits``, ``3 successes``; ``words`` is the plural where adding s or es is wrong."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {words or (word + 'es' if word.endswith('s') else word + 's')}"


def hits_row(n: int) -> str:
    return "no hits" if n == 0 else plural(n, "hit")


def skill_param(name: str = "skill", who: str = "the team") -> Param:
    return Param(name, "choice", f"{who}'s Skill rating", "trained", choices=SKILLS)


def bunker_param(choices: tuple[str, ...] = BUNKERS) -> Param:
    names = ", ".join(f"{c} ({BUNKER_NAMES[c]})" for c in choices)
    return Param("bunker", "choice", f"the kind of bunker: {names}", choices=choices)


def skill_score(r: Resolution, skill: str, who: str) -> int:
    """The score a team's Skill Test needs, from the base table in force (FB-1)."""
    score = SKILL.read(r).skill_test.of(skill)
    r.step(f"{who} is {skill}: its Skill Tests pass on {score}+")
    return score


def test_text(roll: int, needs: int) -> str:
    return f"{roll} against {needs}+ \u2192 {'passed' if roll >= needs else 'failed'}"


def hits_pool(r: Resolution, dice: int, score: int, label: str) -> int:
    """How many of ``dice`` shots hit when each needs ``score`` on a d6 (FB-9).

    A score above 6 needs a 6 and then a second die (the base table's ``above_six``);
    one that would need more than 6 on the second die cannot hit.
    """
    if dice == 0:
        return 0
    if score <= 6:
        return r.successes(dice, 6, max(score, 1), label=label)
    then = TO_HIT.current()[0].above_six.seven_needs + score - 7
    if then > 6:
        r.step(f"a score of {score} cannot be made: no hits")
        return 0
    r.step(f"a score of {score}: each shot needs a 6, then {then}+ on a second die")
    sixes = r.successes(dice, 6, 6, label=f"{label} (sixes)")
    if sixes == 0:
        return 0
    return r.successes(sixes, 6, then, label=f"{label} (second dice)")


def armour_saves(
    r: Resolution, hits: int, armour: int, anti_tank: int, firepower: int, what: str
) -> str:
    """Each hit on an armoured target: an armour save, and a Firepower Test if it fails (FB-4).

    The saves are taken hit by hit (a short process: the hits left and the worst effect so
    far), stopping when the target is destroyed; returns the worst effect.
    """
    table = ARMOUR.read(r)
    r.step(f"each hit: d6 + armour {armour} against anti-tank {anti_tank}: more bounces off; "
           f"equal is a glancing hit (Firepower Test {firepower}+: {table.glancing.firepower_passed}, "
           f"else {table.glancing.firepower_failed}); less penetrates (Firepower Test {firepower}+: "
           f"{table.penetrating.firepower_passed}, else {table.penetrating.firepower_failed})")
    bands = (table.glancing.firepower_passed, table.glancing.firepower_failed,
             table.penetrating.firepower_passed, table.penetrating.firepower_failed)
    # The numbers are part of the state, so a cached distribution is never reused for other numbers.
    key: tuple[object, ...] = (armour, anti_tank, firepower, bands)
    start: tuple[int, int, tuple[object, ...]] = (hits, 0, key)

    def one_hit(rr: Resolution, state: tuple[int, int, tuple[object, ...]]) -> tuple[int, int, tuple[object, ...]]:
        left, worst, _ = state
        number = hits - left + 1
        save = rr.die(6, label="armour save")
        total = save + armour
        if total > anti_tank:
            effect = "no effect"
            text = f"save {save} + {armour} = {total} against anti-tank {anti_tank}: bounces off"
        else:
            kind = "glancing hit" if total == anti_tank else "penetrates"
            band = table.glancing if total == anti_tank else table.penetrating
            test = rr.die(6, label="firepower test")
            effect = band.firepower_passed if test >= firepower else band.firepower_failed
            text = (f"save {save} + {armour} = {total} against anti-tank {anti_tank}: {kind}; "
                    f"Firepower Test {test_text(test, firepower)} \u2192 {effect}")
        if rr.narrate and rr.explain:
            r.step(f"{what} hit {number}: {text}")
        return left - 1, max(worst, _RANK[effect]), key

    def finished(state: tuple[int, int, tuple[object, ...]]) -> bool:
        return state[0] == 0 or state[1] == _RANK["destroyed"]

    _turns, (_left, worst, _key) = r.until(start, one_hit, finished, max_steps=hits, label="hit")
    return EFFECTS[worst]
