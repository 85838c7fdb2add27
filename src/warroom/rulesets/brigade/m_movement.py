"""Movement: the distance a unit moves in a terrain (thrown where the table says so), vehicles
stuck on a negative move, and the half-move actions (mount, dismount, embark, disembark, limber,
unlimber).

Seed 004 "WW2 Rules for Brigade level games", "Movement" (the movement table, "A negative move
distance counts as zero", the stuck throw, "Mounting and dismounting", "Entering / leaving
vehicles") and "Move Sequence" (types A-E: half moves, limbering and unlimbering). The movement
table is data/movement.toml, read through :mod:`warroom.rulesets.brigade.movement_table` (one copy of
the seed's numbers); the stuck throw and the half-move actions are data/m_movement.toml.
Readings BR-2, BR-3, BR-5, BR-6 and BR-45 ... BR-49 (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.ruling import RuleRef
from warroom.core.tables import Table, load_table
from warroom.rulesets.brigade.info import INFO, SEED
from warroom.rulesets.brigade.movement_table import MOVEMENT, Rate

DATA_FILE = Path(__file__).with_name("data") / "m_movement.toml"
MOVE = "Movement"
SEQUENCE = "Move Sequence"
TROOPS = tuple(MOVEMENT.movers)
TERRAINS = ("road", "open", "rough", "thick")
TERRAIN_WORDS = {"road": "on road", "open": "in the open", "rough": "in rough ground / open woods",
                 "thick": "in thick woods"}
VEHICLE_UNITS = frozenset({"tank", "tracked", "half_track", "armoured_car", "wheeled"})
STUCK = "stuck"


class Stuck(Table):
    die: int = Field(ge=2)
    stuck_on: int = Field(ge=1)


class Action(Table):
    label: str
    share: Fraction


class Holders(Table):
    one_in: int = Field(ge=1)


class MovementDice(Table):
    stuck: Stuck
    actions: dict[str, Action]
    horse_holders: Holders


TABLE = load_table(DATA_FILE, MovementDice)
ACTIONS = tuple(TABLE.actions)


def is_vehicle(troops: str) -> bool:
    """Whether a movement-table row is a vehicle for the stuck throw (horse-drawn wagons and artillery are, BR-46)."""
    return MOVEMENT.movers[troops].unit in VEHICLE_UNITS


def inches(x: Fraction) -> str:
    """A distance as the umpire says it: 2\", 2\u00bd\", 1\u00bc\"."""
    whole, part = divmod(x, 1)
    frac = {Fraction(0): "", Fraction(1, 2): "\u00bd", Fraction(1, 4): "\u00bc", Fraction(3, 4): "\u00be"}.get(part)
    if frac is None:
        return f"{float(x):g}\""
    return (f"{whole}" if whole or not frac else "") + frac + "\""


def _rate(troops: str, terrain: str) -> Rate | None:
    return MOVEMENT.movers[troops].rate(terrain)  # type: ignore[arg-type]


def _scale(half_move: bool) -> Fraction:
    return Fraction(1, 2) if half_move else Fraction(1)


def _move_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    rate = _rate(v["troops"], v["terrain"])
    if rate is None:
        return ()
    scale = _scale(v["half_move"])
    if not rate.random:
        return (inches(rate.base * scale),)
    distances = sorted({rate.allowance(roll) * scale for roll in range(1, 7)})
    rows = tuple(inches(d) for d in distances)
    if is_vehicle(v["troops"]) and any(rate.negative(roll) for roll in range(1, 7)):
        rows += (STUCK,)
    return rows


def _move_check(v: Mapping[str, Any]) -> None:
    row = MOVEMENT.movers[v["troops"]]
    if _rate(v["troops"], v["terrain"]) is None:
        raise UsageError(f"troops={v['troops']} may not move {TERRAIN_WORDS[v['terrain']]}: the movement table has "
                         f"'-' for {row.label} there (BR-4)")


@procedure(
    INFO,
    "move-distance",
    example={"troops": "medium_tanks", "terrain": "thick"},
    title="Move distance in a terrain",
    summary="How far a unit moves in one terrain by the movement table, throwing the D6 where the table says "
            "(rough ground, woods); a vehicle with a negative move is stuck for good on a 1.",
    rule=RuleRef(SEED, (MOVE, SEQUENCE), readings=("BR-2", "BR-3", "BR-5", "BR-6", "BR-45", "BR-46", "BR-47")),
    params=(
        Param("troops", "choice", "the movement table's row", choices=TROOPS),
        Param("terrain", "choice", "the table's column: road, open, rough (rough ground / open woods, BR-3), "
              "thick (thick woods)", choices=TERRAINS),
        Param("half_move", "bool", "a half move (Move Sequence types A, B, D, E, or after a half-move action)",
              False),
    ),
    results=_move_rows,
    check=_move_check,
)
def move_distance(r: Resolution, troops: str, terrain: str, half_move: bool) -> Outcome:
    """Seed 004 "Movement": the table's rate for the row (BR-2) and column (BR-3); a throw is
    "1 + (D6 x 0.5)", "(D6 - 3)", "1 +(D6)" or "(D6x0.5)", unrounded (BR-6), thrown once per move
    for the column (BR-5); "A negative move distance counts as zero", and a vehicle that has one
    throws a D6, stuck for the game on a 1 (BR-6; horse-drawn wagons and artillery are vehicles,
    BR-46; a stuck vehicle never comes free, BR-45). A half move (Move Sequence A, B, D, E) is half
    the distance thrown (BR-47)."""
    row = MOVEMENT.movers[troops]
    rate = _rate(troops, terrain)
    assert rate is not None
    scale = _scale(half_move)
    where = f"{row.label} {TERRAIN_WORDS[terrain]}"
    half = " \u00d7 \u00bd (a half move, BR-47)" if half_move else ""
    if not rate.random:
        d = rate.base * scale
        r.step(f"{where}: {inches(rate.base)}{half}")
        return r.result(inches(d), f"{where}: {rate.text}")
    r.step(f"{where}: {rate.text} inches, thrown for this move (BR-5), not rounded (BR-6){half}")
    roll = r.die(6, label=f"movement D6 ({rate.text})")
    raw = rate.distance(roll)
    if raw < 0:
        r.step(f"{rate.text} with a {roll} = {raw}\": a negative move, counted as zero (BR-6)")
        if not is_vehicle(troops):
            return r.result(inches(Fraction(0)), f"{where}: negative move")
        t = TABLE.stuck
        r.step(f"a vehicle with a negative move throws a D{t.die}: {t.stuck_on} = permanently stuck")
        check = r.die(t.die, label="stuck D6")
        if check <= t.stuck_on:
            r.step(f"stuck D6 {check}: the vehicle is stuck and may not move again during the game (BR-45)")
            return r.result(STUCK, f"{where}: negative move, stuck on {check}")
        r.step(f"stuck D6 {check}: not stuck, but it moves 0\" this move")
        return r.result(inches(Fraction(0)), f"{where}: negative move, stuck D6 {check}")
    d = max(Fraction(0), raw) * scale
    r.step(f"{rate.text} with a {roll} = {inches(raw)}" + (f", half is {inches(d)}" if half_move else "")
           + (" (exactly 0 is not a negative move, BR-6)" if raw == 0 else ""))
    return r.result(inches(d), f"{where}: {rate.text}, D6 {roll}")


# --- half-move actions -----------------------------------------------------------------------------

ON_FOOT = ("infantry", "support_weapons")
TOWS = tuple(t for t in TROOPS if is_vehicle(t))
LEFT = "half a move left"


def _action_check(v: Mapping[str, Any]) -> None:
    action, troops = v["action"], v["troops"]
    if _rate(troops, v["terrain"]) is None:
        raise UsageError(f"troops={troops} may not move {TERRAIN_WORDS[v['terrain']]}: the movement table has '-' "
                         "there (BR-4)")
    if action in ("mount", "dismount"):
        if troops not in ("cavalry", "infantry"):
            raise UsageError(f"action={action} is for cavalry: give troops=cavalry (moving mounted) or "
                             "troops=infantry (moving dismounted) for the half move left (BR-48)")
        if action == "dismount" and v["figures"] < 2:
            raise UsageError("action=dismount needs figures=2 or more: one figure in every four holds the horses "
                             "and the rest fight dismounted")
    elif v["figures"] != 0:
        raise UsageError(f"figures is for horse holders (action=dismount or mount), not action={action}")
    if action in ("embark", "disembark") and troops not in (*ON_FOOT, *TOWS):
        raise UsageError(f"action={action}: give troops=infantry or support_weapons (the troops' half move) or the "
                         f"carrier's row ({', '.join(TOWS)}) for the carrier's half move (BR-49)")
    if action in ("limber", "unlimber") and troops not in TOWS:
        raise UsageError(f"action={action}: a limbered gun moves as its tow; give the tow's row "
                         f"({', '.join(TOWS)})")


@procedure(
    INFO,
    "half-move-action",
    example={"action": "dismount", "troops": "infantry", "terrain": "open", "figures": 9},
    title="Mount, dismount, embark, disembark, limber, unlimber",
    summary="Each takes half a move: what is left of the move, who holds the horses, and what the unit may not do.",
    rule=RuleRef(SEED, (MOVE, SEQUENCE), readings=("BR-26", "BR-47", "BR-48", "BR-49")),
    params=(
        Param("action", "choice", "the half-move action", choices=ACTIONS),
        Param("troops", "choice", "the movement-table row the unit moves as in the other half (infantry after "
              "dismounting, cavalry after mounting, the tow for a limbered gun, the carrier for a vehicle)",
              choices=TROOPS),
        Param("terrain", "choice", "the terrain of the other half move", "open", choices=TERRAINS),
        Param("figures", "int", "figures in the cavalry unit (mount, dismount: horse holders)", 0, minimum=0,
              maximum=60),
    ),
    results=(LEFT,),
    check=_action_check,
)
def half_move_action(r: Resolution, action: str, troops: str, terrain: str, figures: int) -> Outcome:
    """Seed 004 "Mounting and dismounting" (half a move; one figure in four holds the horses
    within 6", BR-48), "Entering / leaving vehicles" (half a move; embarking needs contact,
    disembarking leaves the troops in contact, BR-49) and "Move Sequence" types D and E (move up
    to half then unlimber, may not fire; limber then move up to half). The half left is moved at
    the rate of what the unit is in it (BR-47, BR-48)."""
    a = TABLE.actions[action]
    row = MOVEMENT.movers[troops]
    rate = _rate(troops, terrain)
    assert rate is not None
    left = 1 - a.share
    r.step(f"{a.label}: takes {a.share} of a move")
    if rate.random:
        rest = f"{left} of {rate.text} (throw it: move-distance troops={troops} terrain={terrain} half_move=true)"
    else:
        rest = inches(rate.base * left)
    r.step(f"the rest of the move, as {row.label} {TERRAIN_WORDS[terrain]} ({rate.text}\" a move): {rest}")
    if action == "dismount":
        holders = -(-figures // TABLE.horse_holders.one_in)
        r.step(f"{figures} figures: at least {holders} hold the horses (one in every {TABLE.horse_holders.one_in}, "
               f"BR-48) and must stay within 6\" of the rest; {figures - holders} fight dismounted")
        r.step("a unit whose horse holders are more than 6\" away is split (+1 to casualty tests)")
    elif action == "mount":
        r.step("the horse holders must be with the unit to mount (BR-48); mounted cavalry count as moving when "
               "firing, and are never pinned")
    elif action == "embark":
        r.step("the troops must be in contact with the vehicle to embark; the carrier spends the same half move "
               "(BR-49)")
    elif action == "disembark":
        r.step("the troops are left in contact with the vehicle and may move away in the other half (BR-49)")
    elif action == "unlimber":
        r.step("type D: move up to half, then unlimber; the gun may not fire this move (unlimbered artillery may "
               "not move and fire)")
    else:
        r.step("type E: limber up, then move up to half; limbered guns may not fire")
    return r.result(LEFT, f"{a.label}: {rest} left")
