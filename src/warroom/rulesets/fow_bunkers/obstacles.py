"""Obstacles: gapping them (one turn, and anti-tank obstacles over many), crossing barbed
wire and anti-tank obstacles, mine flails and rollers, assault bridges.

Seed 001, "Gapping Obstacles (P225)", "Barbed Wire Entanglements (P227)" and "Anti-tank
Obstacles (P231)". Skill Tests and going are the Flames of War base game's (base tables
``skill_ratings`` and ``going``; readings FB-1, FB-14).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.fow_bunkers.base_rules import GOING, SKILL
from warroom.rulesets.fow_bunkers.common import (
    AT_OBSTACLES,
    GAPPING,
    GE,
    WIRE,
    cite,
    load,
    plural,
    skill_param,
    skill_score,
    test_text,
)
from warroom.rulesets.fow_bunkers.info import INFO


class Gapping(Table):
    anti_tank_successes_needed: int = Field(ge=1, le=12)
    bulldozer_anti_tank_successes_needed: int = Field(ge=1, le=12)
    most_turns_listed: int = Field(ge=1, le=1000)


GoingName = Literal["slow_going", "very_difficult_going"]


class Wire(Table):
    fully_tracked: GoingName
    half_tracked: GoingName


class ObstacleTables(Table):
    gapping: Gapping
    wire: Wire


OBSTACLE_DATA = load("obstacles", ObstacleTables)

OBSTACLES = ("barbed_wire", "street_barricade", "minefield", "rough_terrain", "anti_tank")
OBSTACLE_NAMES = {
    "barbed_wire": "Barbed Wire Entanglement",
    "street_barricade": "Street Barricade",
    "minefield": "Minefield",
    "rough_terrain": "rough terrain",
    "anti_tank": "Anti-tank Obstacle",
}
GAP_TEAMS = ("pioneer", "infantry", "bulldozer")
TEAM_NAMES = {
    "pioneer": ("Pioneer team", "Pioneer teams"),
    "infantry": ("infantry team (not Pioneers)", "infantry teams (not Pioneers)"),
    "bulldozer": ("Bulldozer", "Bulldozers"),
}

# --- who may gap -------------------------------------------------------------------------------

CONDITIONS = (
    Param("square_against", "bool", "the team started the turn up square against the obstacle", True),
    Param("moved", "bool", "the team moved in the Movement Step", False),
    Param("pinned", "bool", "the team is Pinned Down", False),
    Param("gone_to_ground", "bool", "the team wants to be Gone to Ground this turn", False),
    Param("shot", "bool", "the team shot this turn", False),
)


def _check_team(v: Mapping[str, Any]) -> None:
    """Seed "Gapping Obstacles": who may try to gap, and which re-rolls they may claim (FB-12)."""
    if not v["square_against"]:
        raise UsageError("square_against=false: a team must start the turn up square against the obstacle to gap "
                         "it (Gapping Obstacles)")
    if v["pinned"]:
        raise UsageError("pinned=true: a Pinned Down team cannot gap an obstacle (Gapping Obstacles); rally first")
    if v["moved"]:
        raise UsageError("moved=true: a team that moved in the Movement Step cannot gap an obstacle this turn "
                         "(Gapping Obstacles)")
    if v["gone_to_ground"]:
        raise UsageError("gone_to_ground=true: a team gapping an obstacle cannot be Gone to Ground; it counts as "
                         "having moved and is not Concealed in the open (Gapping Obstacles)")
    if v["shot"]:
        raise UsageError("shot=true: a team gaps an obstacle instead of shooting, not as well (Gapping Obstacles)")
    team, supply = v["team"], v["pioneer_supply"]
    if supply and team == "bulldozer":
        raise UsageError("pioneer_supply=true with team=bulldozer: Pioneer Supply vehicles do not give Bulldozers "
                         "a re-roll of their Skill Test (Anti-tank Obstacles, P226)")
    if supply and team == "infantry":
        raise UsageError("pioneer_supply=true with team=infantry: a team that is not Pioneers re-rolls its "
                         "successful Skill Tests, and Pioneer Supply would have it re-roll its failed ones too; the "
                         "seed does not say how the two combine, so warroom does not rule it (FB-12): give "
                         "team=pioneer, or pioneer_supply=false")


def _check_obstacle(v: Mapping[str, Any]) -> None:
    _check_team(v)
    obstacle, team = v["obstacle"], v["team"]
    if team == "bulldozer" and obstacle == "minefield":
        raise UsageError("obstacle=minefield with team=bulldozer: Bulldozers gap Barbed Wire, Street Barricades and "
                         "Anti-tank Obstacles and clear rough terrain (P226), not minefields; infantry gap them, "
                         "and mine flails and rollers gap them by crossing (see mine-flail)")
    if team != "bulldozer" and obstacle == "rough_terrain":
        raise UsageError(f"obstacle=rough_terrain with team={team}: only Bulldozers clear a path through rough "
                         "terrain (Gapping Obstacles)")
    if team != "bulldozer" and obstacle == "anti_tank":
        raise UsageError(f"obstacle=anti_tank with team={team}: an Anti-tank Obstacle needs six successful Skill "
                         "Tests, counted across turns: use gap-anti-tank-obstacle (one turn) or "
                         "gap-anti-tank-obstacle-turns (turns to gap it)")


def gap_tests(r: Resolution, team: str, teams: int, score: int, supply: bool, narrate: bool = True) -> int:
    """This turn's successful gapping Skill Tests, after re-rolls (FB-12).

    Teams that are not Pioneers re-roll their successes (a success stands only if the re-roll
    passes too); teams in command distance of a Pioneer Supply vehicle re-roll failures.
    """
    first = r.successes(teams, 6, score, label="skill tests to gap")
    if team == "infantry":
        if first == 0:
            return 0
        if narrate:
            r.step(f"not Pioneers: {plural(first, 'successful test')} re-rolled, standing only on {score}+ again")
        return r.successes(first, 6, score, label="re-rolled successes")
    if supply and first < teams:
        if narrate:
            r.step(f"Pioneer Supply: {plural(teams - first, 'failed test')} re-rolled")
        return first + r.successes(teams - first, 6, score, label="re-rolled failures")
    return first


def _explain_tests(r: Resolution, team: str, teams: int, skill: str, supply: bool) -> int:
    r.step(f"{plural(teams, *TEAM_NAMES[team])} {'tries' if teams == 1 else 'try'} to gap instead of shooting; "
           "a team gapping counts as having moved and is not Concealed in the open")
    score = skill_score(r, skill, "each team")
    if team == "infantry":
        r.step("teams that are not Pioneers re-roll successful Skill Tests")
    elif team == "bulldozer":
        r.step("a Bulldozer gaps as a Pioneer team does (P226), without a Pioneer Supply re-roll")
    elif supply:
        r.step("within command distance of a Pioneer Supply vehicle: failed Skill Tests re-rolled")
    return score


TEAM = Param("team", "choice", "the teams gapping: Pioneer teams, other infantry teams, or Bulldozers", "pioneer",
             choices=GAP_TEAMS)
TEAMS = Param("teams", "int", "teams of that kind trying on this obstacle section this turn", 1, minimum=1,
              maximum=6)
SUPPLY = Param("pioneer_supply", "bool", "the teams are within command distance of a Pioneer Supply vehicle", False)
GAP_SKILL = skill_param(who="the gapping team")


@procedure(
    INFO,
    "gap-obstacle",
    example={"obstacle": "barbed_wire", "team": "infantry", "teams": 2},
    title="Gapping an obstacle",
    summary="Infantry take a Skill Test instead of shooting (non-Pioneers re-roll successes, Pioneer Supply "
            "re-rolls failures); Bulldozers gap wire, barricades, anti-tank obstacles and rough terrain.",
    rule=cite(GAPPING, WIRE, AT_OBSTACLES, readings=("FB-1", "FB-12")),
    params=(
        Param("obstacle", "choice", "the obstacle section", choices=OBSTACLES),
        TEAM,
        TEAMS,
        GAP_SKILL,
        SUPPLY,
        *CONDITIONS,
    ),
    results=("gapped", "not gapped"),
    check=_check_obstacle,
)
def gap_obstacle(
    r: Resolution, obstacle: str, team: str, teams: int, skill: str, pioneer_supply: bool, square_against: bool,
    moved: bool, pinned: bool, gone_to_ground: bool, shot: bool,
) -> Outcome:
    """Seed 001 "Gapping Obstacles (P225)": a team that started the turn up square against the
    obstacle, is not Pinned Down, did not move in the Movement Step and is not Gone to Ground
    takes a Skill Test instead of shooting; teams that are not Pioneers re-roll successful
    Skill Tests; teams within command distance of a Pioneer Supply vehicle re-roll failed
    ones (the two together are not ruled, FB-12). If gapped, the whole section is removed.
    Bulldozers need a single passed Skill Test to gap an Anti-tank Obstacle or clear a path
    through rough terrain, and gap wire and barricades like Pioneers ("Barbed Wire
    Entanglements", "Anti-tank Obstacles", P226)."""
    name = OBSTACLE_NAMES[obstacle]
    r.step(f"the obstacle: {'a path through ' if obstacle == 'rough_terrain' else 'a '}{name}")
    score = _explain_tests(r, team, teams, skill, pioneer_supply)
    passed = gap_tests(r, team, teams, score, pioneer_supply)
    if passed:
        done = "a path is cleared" if obstacle == "rough_terrain" else "the whole obstacle section is removed"
        return r.result("gapped", f"{plural(passed, 'Skill Test')} passed: {done}")
    return r.result("not gapped", "no Skill Test passed (after re-rolls)")


# --- anti-tank obstacles: six successes --------------------------------------------------------


def _needed(team: str) -> int:
    g = OBSTACLE_DATA.gapping
    return g.bulldozer_anti_tank_successes_needed if team == "bulldozer" else g.anti_tank_successes_needed


def _check_at(v: Mapping[str, Any]) -> None:
    _check_team(v)
    need = _needed(v["team"])
    if v["successes_so_far"] >= need:
        raise UsageError(f"successes_so_far={v['successes_so_far']}: {plural(need, 'success', 'successes')} gap the "
                         f"obstacle for team={v['team']}; it is already gone")


def _at_turn_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    if v["team"] == "bulldozer":
        return ("gapped", "not gapped")
    need = _needed(v["team"])
    return ("gapped", *(f"{k} of {need} successes" for k in range(v["successes_so_far"], need)))


SO_FAR = Param("successes_so_far", "int", "successful gapping Skill Tests already made on this section in earlier "
               "turns", 0, minimum=0, maximum=OBSTACLE_DATA.gapping.anti_tank_successes_needed - 1,
               why=f"{OBSTACLE_DATA.gapping.anti_tank_successes_needed} successes gap the obstacle; it is already gone")


@procedure(
    INFO,
    "gap-anti-tank-obstacle",
    example={"team": "pioneer", "teams": 2, "successes_so_far": 3},
    title="Gapping an anti-tank obstacle: one turn",
    summary="One turn's gapping Skill Tests on an Anti-tank Obstacle: six successes, counted across turns, gap "
            "it; a Bulldozer needs one.",
    rule=cite(AT_OBSTACLES, GAPPING, readings=("FB-1", "FB-12", "FB-13")),
    params=(TEAM, TEAMS, GAP_SKILL, SUPPLY, SO_FAR, *CONDITIONS),
    results=_at_turn_rows,
    check=_check_at,
)
def gap_anti_tank_obstacle(
    r: Resolution, team: str, teams: int, skill: str, pioneer_supply: bool, successes_so_far: int,
    square_against: bool, moved: bool, pinned: bool, gone_to_ground: bool, shot: bool,
) -> Outcome:
    """Seed 001 "Anti-tank Obstacles (P231)" and "Gapping Obstacles (P225)": Anti-tank
    Obstacles require six successful gapping attempts; the successes accumulate across turns
    and teams on one section (FB-13) and the count is carried to the next turn. Each team
    takes one Skill Test with its re-rolls (FB-12). A Bulldozer removes it after one success;
    Pioneer Supply gives Bulldozers no re-roll."""
    need = _needed(team)
    if team == "bulldozer":
        r.step(f"a Bulldozer removes an Anti-tank Obstacle after {plural(need, 'success')}")
    else:
        r.step(f"an Anti-tank Obstacle needs {need} successful Skill Tests; {successes_so_far} made so far")
    score = _explain_tests(r, team, teams, skill, pioneer_supply)
    passed = gap_tests(r, team, teams, score, pioneer_supply)
    total = passed + (0 if team == "bulldozer" else successes_so_far)
    if total >= need:
        return r.result("gapped", f"{plural(passed, 'success')} this turn: {total} {GE} {need}, the obstacle is "
                        "removed")
    if team == "bulldozer":
        return r.result("not gapped", "the Bulldozer's Skill Test failed")
    return r.result(f"{total} of {need} successes", f"{plural(passed, 'success')} this turn: {total} of {need}",
                    after={"successes_so_far": total})


@functools.lru_cache(maxsize=256)
def _turn_limit(team: str, teams: int, skill_score: int, supply: bool, so_far: int) -> int:
    """Turns to list: until the chance of not being through is below one in a million (FB-13)."""
    p = (7 - skill_score) / 6 if skill_score <= 6 else 0.0
    if team == "infantry":
        p = p * p
    elif supply and team == "pioneer":
        p = p + (1 - p) * p
    need = _needed(team) - (0 if team == "bulldozer" else so_far)
    gain = [0.0] * (teams + 1)
    for k in range(teams + 1):
        gain[k] = math.comb(teams, k) * p**k * (1 - p) ** (teams - k)
    state = [0.0] * need
    state[0] = 1.0
    most = OBSTACLE_DATA.gapping.most_turns_listed
    for turn in range(1, most + 1):
        following = [0.0] * need
        for have, q in enumerate(state):
            for k, g in enumerate(gain):
                if have + k < need:
                    following[have + k] += q * g
        state = following
        if sum(state) < 1e-6:
            return turn
    return most


def _limit(v: Mapping[str, Any]) -> int:
    score = SKILL.current()[0].skill_test.of(v["skill"])
    return _turn_limit(v["team"], v["teams"], score, v["pioneer_supply"], v["successes_so_far"])


def _at_turns_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    most = _limit(v)
    return (*(f"gapped in turn {n}" for n in range(1, most + 1)), f"not gapped within {most} turns")


@procedure(
    INFO,
    "gap-anti-tank-obstacle-turns",
    example={"team": "pioneer", "teams": 3, "pioneer_supply": True},
    title="Gapping an anti-tank obstacle: turns to gap it",
    summary="The turns the same teams take to make the six successes that gap an Anti-tank Obstacle (a "
            "Bulldozer: one), trying every turn.",
    rule=cite(AT_OBSTACLES, GAPPING, readings=("FB-1", "FB-12", "FB-13")),
    params=(TEAM, TEAMS, GAP_SKILL, SUPPLY, SO_FAR, *CONDITIONS),
    results=_at_turns_rows,
    check=_check_at,
)
def gap_anti_tank_obstacle_turns(
    r: Resolution, team: str, teams: int, skill: str, pioneer_supply: bool, successes_so_far: int,
    square_against: bool, moved: bool, pinned: bool, gone_to_ground: bool, shot: bool,
) -> Outcome:
    """Seed 001 "Anti-tank Obstacles (P231)" and "Gapping Obstacles (P225)": six successful
    gapping attempts, accumulated across turns (FB-13), each turn every team taking one Skill
    Test with its re-rolls (FB-12); a Bulldozer needs one success. The turns are listed until
    the chance of still not being through is below one in a million (the last row)."""
    need = _needed(team)
    have = 0 if team == "bulldozer" else successes_so_far
    r.step(f"{need} successes needed, {have} so far; the same teams try every turn, meeting the conditions "
           "to gap each turn")
    score = _explain_tests(r, team, teams, skill, pioneer_supply)
    most = _limit({"team": team, "teams": teams, "skill": skill, "pioneer_supply": pioneer_supply,
                   "successes_so_far": successes_so_far})

    def turn(rr: Resolution, state: tuple[int, tuple[Any, ...]]) -> tuple[int, tuple[Any, ...]]:
        count, key = state
        gained = gap_tests(rr, team, teams, score, pioneer_supply, narrate=False)
        total = min(need, count + gained)
        if rr.narrate and rr.explain:  # played: one line per turn (the dice follow it)
            played.append(total)
            r.step(f"turn {len(played)}: {plural(gained, 'success')} after re-rolls, {total} of {need}")
        return total, key

    played: list[int] = []

    # The numbers are part of the state, so a cached distribution is never reused for other numbers.
    key = (team, teams, score, pioneer_supply)
    turns, _state = r.until((have, key), turn, lambda s: s[0] >= need, max_steps=most, label="turn")
    if turns is None:
        return r.result(f"not gapped within {most} turns", f"fewer than {need} successes after {most} turns")
    return r.result(f"gapped in turn {turns}", f"{need} successes reached in turn {turns}")


# --- crossing barbed wire ---------------------------------------------------------------------

WIRE_TEAMS = ("infantry", "man_packed_gun", "pioneer", "fully_tracked", "half_tracked", "train", "wheeled", "other")
FOOT = ("infantry", "man_packed_gun", "pioneer")
WIRE_TEAM_NAMES = {
    "infantry": "infantry team", "man_packed_gun": "man-packed gun team", "pioneer": "Pioneer team",
    "fully_tracked": "fully-tracked vehicle", "half_tracked": "half-tracked vehicle", "train": "train",
}


def _wire_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    team = v["team"]
    if team in FOOT:
        return ("crosses", "fails to cross this turn")
    if team == "train":
        return ("crosses",)
    return ("crosses", "bogged down")


def _check_wire(v: Mapping[str, Any]) -> None:
    if v["team"] in ("wheeled", "other"):
        raise UsageError(f"team={v['team']}: only infantry, man-packed gun teams and fully- or half-tracked vehicles "
                         "can cross a Barbed Wire Entanglement (trains ignore it); other teams cannot (Barbed Wire "
                         "Entanglements): gap it first (gap-obstacle)")


@procedure(
    INFO,
    "cross-barbed-wire",
    example={"team": "pioneer", "skill": "conscript"},
    title="Crossing barbed wire",
    summary="Infantry and man-packed guns need a Skill Test (Pioneers re-roll failures); wire is Slow Going to "
            "fully-tracked and Very Difficult Going to half-tracked vehicles.",
    rule=cite(WIRE, readings=("FB-1", "FB-14")),
    params=(
        Param("team", "choice", "the team crossing", choices=WIRE_TEAMS),
        skill_param(who="the crossing team"),
    ),
    results=_wire_rows,
    check=_check_wire,
)
def cross_barbed_wire(r: Resolution, team: str, skill: str) -> Outcome:
    """Seed 001 "Barbed Wire Entanglements (P227)": infantry and man-packed gun teams must pass
    a Skill Test to cross (one that fails stays on its side this turn, FB-14); Pioneer teams
    may re-roll failed Skill Tests. Wire is Slow Going to fully-tracked vehicles and Very
    Difficult Going to half-tracked ones (the base game's going, FB-14); trains ignore it
    (FB-14 reads "Trains" literally); other teams cannot cross."""
    name = WIRE_TEAM_NAMES[team]
    if team == "train":
        return r.result("crosses", "trains ignore Barbed Wire Entanglements")
    if team in FOOT:
        score = skill_score(r, skill, f"the {name}")
        r.step(f"a {name} must pass a Skill Test to cross the wire"
               + ("; Pioneers may re-roll a failed one" if team == "pioneer" else ""))
        roll = r.die(6, label="skill test")
        r.step(f"Skill Test: {test_text(roll, score)}")
        if roll < score and team == "pioneer":
            roll = r.die(6, label="re-rolled skill test")
            r.step(f"re-rolled: {test_text(roll, score)}")
        if roll >= score:
            return r.result("crosses", f"Skill Test passed on {score}+: across the wire")
        return r.result("fails to cross this turn", f"Skill Test failed: the {name} stays at the wire")
    going_name = OBSTACLE_DATA.wire.fully_tracked if team == "fully_tracked" else OBSTACLE_DATA.wire.half_tracked
    going = getattr(GOING.read(r), going_name)
    words = going_name.replace("_", " ").title()
    r.step(f"wire is {words} to a {name}")
    if not going.bogging_check:
        return r.result("crosses", f"{words}: slower, but no bogging check")
    score = skill_score(r, skill, f"the {name}")
    r.step(f"{words}: a Skill Test to avoid bogging down")
    roll = r.die(6, label="bogging check")
    r.step(f"bogging check: {test_text(roll, score)}")
    if roll >= score:
        return r.result("crosses", f"{words}: bogging check passed")
    return r.result("bogged down", f"{words}: bogging check failed, the vehicle is Bogged Down on the wire")


# --- anti-tank obstacles: crossing and cover ---------------------------------------------------

AT_TEAMS = ("infantry", "man_packed_gun", "gun", "vehicle")


def _check_at_cross(v: Mapping[str, Any]) -> None:
    if v["action"] == "cross" and v["team"] not in ("infantry", "man_packed_gun"):
        raise UsageError(f"team={v['team']}: only infantry and man-packed gun teams can cross an Anti-tank Obstacle "
                         "(Anti-tank Obstacles); gap it first (six successes, or one by a Bulldozer)")


@procedure(
    INFO,
    "anti-tank-obstacle",
    example={"team": "infantry", "action": "behind"},
    title="Anti-tank obstacle: crossing and cover",
    summary="Only infantry and man-packed guns can cross; they are Concealed and in Bullet-proof cover "
            "immediately behind it.",
    rule=cite(AT_OBSTACLES),
    params=(
        Param("team", "choice", "the team", choices=AT_TEAMS),
        Param("action", "choice", "cross the obstacle, or stand immediately behind it", "cross",
              choices=("cross", "behind")),
    ),
    results=("crosses", "concealed and in bullet-proof cover", "no concealment or cover from the obstacle"),
    check=_check_at_cross,
)
def anti_tank_obstacle(r: Resolution, team: str, action: str) -> Outcome:
    """Seed 001 "Anti-tank Obstacles (P231)": only infantry and man-packed gun teams can
    cross; the obstacle gives Concealment and Bullet-proof cover to infantry and man-packed
    gun teams immediately behind it."""
    foot = team in ("infantry", "man_packed_gun")
    if action == "cross":
        return r.result("crosses", "infantry and man-packed gun teams can cross an Anti-tank Obstacle")
    if foot:
        return r.result("concealed and in bullet-proof cover",
                        "infantry and man-packed gun teams immediately behind it: Concealment and Bullet-proof cover")
    return r.result("no concealment or cover from the obstacle",
                    "the obstacle shelters only infantry and man-packed gun teams")


# --- mine flails and rollers; assault bridges --------------------------------------------------


@procedure(
    INFO,
    "mine-flail",
    example={"skill": "trained"},
    title="Mine flail or roller crossing a minefield",
    summary="Flails and rollers need no Motivation Test to enter a minefield, and gap it if they cross.",
    rule=cite(GAPPING, readings=("FB-1", "FB-18")),
    params=(
        Param("device", "choice", "a mine flail or a mine roller", "flail", choices=("flail", "roller")),
        skill_param(who="the flail or roller tank"),
    ),
    results=("crosses: the minefield is gapped", "hit by the mines: not gapped"),
)
def mine_flail(r: Resolution, device: str, skill: str) -> Outcome:
    """Seed 001 "Gapping Obstacles (P225)": mine flails and rollers do not need a Motivation
    Test to enter a minefield, and gap a minefield if they cross successfully. Crossing is the
    base game's minefield test, taken as a Skill Test; a failed one means the mines hit the
    tank, resolved by the base game, and the field is not gapped (FB-18)."""
    r.step(f"a mine {device} enters the minefield without a Motivation Test")
    score = SKILL.read(r).skill_test.of(skill)
    r.step(f"crossing the minefield: a Skill Test, {skill}, {score}+ (FB-18)")
    roll = r.die(6, label="crossing")
    r.step(f"crossing: {test_text(roll, score)}")
    if roll >= score:
        return r.result("crosses: the minefield is gapped", "it crossed successfully: the minefield is gapped")
    return r.result("hit by the mines: not gapped", "failed: the mines hit it (the base game resolves the hit)")


@procedure(
    INFO,
    "assault-bridge",
    example={},
    title="Placing an assault bridge",
    summary="An assault bridge is placed instead of shooting; it is Slow Going.",
    rule=cite(GAPPING),
    params=(Param("shot", "bool", "the bridge-layer shot this turn", False),),
    results=("placed: the bridge is Slow Going",),
    check=lambda v: _no_shooting(v["shot"]),
)
def assault_bridge(r: Resolution, shot: bool) -> Outcome:
    """Seed 001 "Gapping Obstacles (P225)": assault bridges are placed instead of shooting;
    the assault bridge is Slow Going."""
    r.step("the bridge-layer places its bridge instead of shooting")
    return r.result("placed: the bridge is Slow Going", "teams crossing by the bridge treat it as Slow Going")


def _no_shooting(shot: bool) -> None:
    if shot:
        raise UsageError("shot=true: an assault bridge is placed instead of shooting, so a bridge-layer that shot "
                         "this turn cannot place it (Gapping Obstacles)")
