"""Smoke and bunkers: bunkers see through smoke; a smoke bombardment aimed at a bunker.

Seed 001, "Firing Smoke at Bunkers (P222)". The score to hit a team and ranging in are the
Flames of War base game's (base table ``to_hit``; readings FB-9, FB-10, FB-11).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from warroom.core.chance import Outcome, Resolution
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.fow_bunkers.assault import to_hit_score
from warroom.rulesets.fow_bunkers.base_rules import TO_HIT
from warroom.rulesets.fow_bunkers.common import SMOKE, cite, hits_pool, hits_row, load, plural, skill_param, src
from warroom.rulesets.fow_bunkers.info import INFO


class SmokeTable(Table):
    bunkers_ignore_smoke: bool
    aiming_point_skill: Literal["conscript", "trained", "veteran"]
    aiming_point_concealed: bool


SMOKE_DATA = load("smoke", SmokeTable)


@procedure(
    INFO,
    "bunker-shooting",
    worse="later",  # seed 001 "Firing Smoke at Bunkers (P222)": a count of hits
    example={"shots": 3, "through_smoke": True},
    title="A bunker shooting (through smoke)",
    summary="A bunker's shots at a team: it does not treat a target seen through smoke as Concealed and Gone to "
            "Ground.",
    rule=cite(SMOKE, readings=("FB-9", "FB-10")),
    params=(
        Param("shots", "int", "the bunker's shots (its ROF; several bunkers' shots added up)", 2, minimum=1,
              maximum=12),
        skill_param("target_skill", "the target team"),
        Param("through_smoke", "bool", "the target is seen through smoke", False),
        Param("concealed", "bool", "the target is concealed by terrain (not by the smoke)", False),
        Param("gone_to_ground", "bool", "the target has gone to ground (counts only if concealed)", False),
        Param("long_range", "bool", "the target is over 16\" away", False),
    ),
    results=lambda v: tuple(hits_row(n) for n in range(v["shots"] + 1)),
)
def bunker_shooting(
    r: Resolution, shots: int, target_skill: str, through_smoke: bool, concealed: bool, gone_to_ground: bool,
    long_range: bool,
) -> Outcome:
    """Seed 001 "Firing Smoke at Bunkers (P222)": bunkers do not treat targets seen through
    smoke as Concealed and Gone to Ground (FB-10: the target's own concealment by terrain
    still counts). The score to hit is the base game's (FB-9)."""
    if through_smoke:
        mods = TO_HIT.current()[0].modifiers
        r.step(f"another team would count the target as Concealed and Gone to Ground (+{mods.concealed} and "
               f"+{mods.gone_to_ground} to the score needed); a bunker does not")
    score = to_hit_score(r, target_skill, long_range=long_range, concealed=concealed,
                         gone_to_ground=gone_to_ground, through_smoke=through_smoke)
    r.step(f"{plural(shots, 'shot')}, each hitting on {score}+")
    hits = hits_pool(r, shots, score, "bunker shooting")
    return r.result(hits_row(hits), f"each shot hits on {score}+")


def _ranging_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    attempts = TO_HIT.current()[0].ranging_in.attempts
    return (*(f"ranged in on attempt {n}" for n in range(1, attempts + 1)), "fails to range in")


@procedure(
    INFO,
    "smoke-on-bunker",
    example={},
    title="Smoke bombardment aimed at a bunker",
    summary="A Smoke Bombardment may use a bunker as its Aiming Point, treating it as a Concealed Trained team.",
    rule=cite(SMOKE, readings=("FB-11",)),
    params=(Param("other_modifier", "int", "any other modifier the base game adds to the score needed to range "
                  "in (e.g. +1 at long range)", 0, minimum=-2, maximum=3),),
    results=_ranging_rows,
)
def smoke_on_bunker(r: Resolution, other_modifier: int) -> Outcome:
    """Seed 001 "Firing Smoke at Bunkers (P222)": Smoke Bombardments can use a bunker as
    Aiming Point, treating it as a Concealed Trained team. Ranging in is the base game's
    (FB-11): the score to hit that team, each later attempt needing one more."""
    t = TO_HIT.read(r)
    skill = SMOKE_DATA.aiming_point_skill
    score = t.score_by_target.of(skill)
    r.step(f"the bunker is the Aiming Point, treated as a Concealed {skill.capitalize()} team: {score}+ before "
           "modifiers")
    if SMOKE_DATA.aiming_point_concealed:
        score += r.modifier("Aiming Point treated as Concealed", t.modifiers.concealed, src(SMOKE))
    if other_modifier:
        score += r.modifier("other base-game modifiers", other_modifier, "base game")
    extra = t.ranging_in.extra_per_attempt
    r.step(f"{plural(t.ranging_in.attempts, 'attempt')} to range in: {score}+ first"
           + (f", {extra} more for each further attempt" if extra else ""))
    for attempt in range(1, t.ranging_in.attempts + 1):
        needs = score + extra * (attempt - 1)
        if hits_pool(r, 1, needs, f"ranging in, attempt {attempt}"):
            return r.result(f"ranged in on attempt {attempt}", f"attempt {attempt} needed {needs}+: ranged in; "
                            "the smoke is placed")
        r.step(f"attempt {attempt} ({needs}+) missed")
    return r.result("fails to range in", f"{plural(t.ranging_in.attempts, 'attempt')} missed: no smoke this turn")
