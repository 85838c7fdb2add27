"""Brigade scenarios: a TOML file with the table, the sides, the forces (figure positions, hidden
set-up, pre-planned paths), off-table batteries, minefields and victory conditions.

Seed 004 "Playing the Game / Winning and Losing" (one player designs forces, terrain and
deployment; each side maps its deployment and the paths its units follow; victory conditions
or the 50%+1 companies rule) and seed 003 "MINES" (the judge's minefields). Every fault is one
:class:`ScenarioError` naming the file, the field and what is allowed; never a traceback.
Readings BR-100 onwards (docs/rulings.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError

from warroom.core.errors import UsageError, suggest
from warroom.core.tables import Table, read_toml
from warroom.rulesets.brigade.f_tables import INDIRECT
from warroom.rulesets.brigade.game.units import TYPES, UnitType
from warroom.rulesets.brigade.m_morale import CLASSES
from warroom.rulesets.brigade.m_movement import TABLE as MOVE_TABLE
from warroom.rulesets.brigade.table import Battlefield, BattlefieldError

Morale = Literal["elite", "veteran", "trained", "raw"]
Nation = Literal["german", "british", "american", "other"]
Coord = tuple[float, float]
HOLDERS = MOVE_TABLE.horse_holders
FORMATION_SPACING = 1.25
"""Figures are placed 1 1/4" apart, centre to centre (a 1/2" gap between 3/4" bases; BR-106)."""


class ScenarioError(UsageError):
    """A scenario that cannot be played: the message names the file, the field and what is allowed."""


class SideSpec(Table):
    name: str = Field(min_length=1, pattern=r"^[a-z][a-z0-9_]*$")
    nation: Nation
    label: str = ""
    facing: float = Field(0.0, ge=-360, le=360)
    hidden_setup: bool = True


class ObjectiveSpec(Table):
    name: str = Field(min_length=1)
    at: Coord
    points: int = Field(1, ge=1, le=10)
    radius: float = Field(3.0, gt=0, le=12)


class UnitSpec(Table):
    id: str = Field(min_length=1, max_length=24, pattern=r"^[A-Za-z][A-Za-z0-9_./-]*$")
    side: str
    type: str
    name: str = ""
    morale: Morale = "trained"
    at: Coord
    facing: float | None = Field(None, ge=-360, le=360)
    figures: tuple[Coord, ...] | None = None
    limbered: bool = False
    plan: tuple[Coord, ...] = ()
    battalion: str = ""
    mounted: bool | None = None
    aboard: str = ""


class BatterySpec(Table):
    id: str = Field(min_length=1, max_length=24, pattern=r"^[A-Za-z][A-Za-z0-9_./-]*$")
    side: str
    name: str = ""
    fire: str


class AimingPointSpec(Table):
    """A pre registered defensive aiming point of a side's artillery (Mortar and indirect artillery Fire)."""

    side: str
    name: str = Field(min_length=1)
    at: Coord


class MinefieldSpec(Table):
    name: str = Field(min_length=1)
    owner: str
    kind: Literal["at", "ap", "mixed"]
    at: Coord
    size: Coord = (2.0, 2.0)
    density: int = Field(100, ge=0, le=100)
    exposed: bool = False
    spot_within: int = Field(0, ge=0, le=100)
    spot_chance: int = Field(0, ge=0, le=100)


class ScenarioSpec(Table):
    name: str = Field(min_length=1, pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1)
    briefing: str = ""
    periods: int = Field(ge=1, le=40)
    first: str
    table: dict[str, Any]
    sides: tuple[SideSpec, SideSpec]
    objectives: tuple[ObjectiveSpec, ...] = ()
    units: tuple[UnitSpec, ...] = Field(min_length=2)
    batteries: tuple[BatterySpec, ...] = ()
    minefields: tuple[MinefieldSpec, ...] = ()
    aiming_points: tuple[AimingPointSpec, ...] = ()


class Scenario:
    """A checked scenario: the spec, the battlefield, and each unit's type and starting figures."""

    def __init__(self, spec: ScenarioSpec, field: Battlefield, path: Path) -> None:
        self.spec = spec
        self.field = field
        self.path = path
        self.sides = tuple(s.name for s in spec.sides)
        self.types: tuple[UnitType, ...] = tuple(TYPES[u.type] for u in spec.units)
        at = {u.id: u.at for u in spec.units}
        self.start_figures: tuple[tuple[Coord, ...], ...] = tuple(
            (at[u.aboard],) * TYPES[u.type].n_figures if u.aboard else _figures(spec, u) for u in spec.units)
        self.holders: tuple[int, ...] = tuple(holders_of(TYPES[u.type].n_figures) if dismounted(u) else 0
                                              for u in spec.units)

    @property
    def name(self) -> str:
        return self.spec.name


def holders_of(figures: int) -> int:
    """Horse holders of a dismounted cavalry unit: one figure in every four, or part of four (BR-48)."""
    return -(-figures // HOLDERS.one_in)


def holders_last(roles: tuple[str, ...], holders: int) -> tuple[int, ...]:
    """The figures of a cavalry unit in the order fighting men first, horse holders last: the holders are
    riflemen where there are enough, never the specialist (he dies last, and fights; BR-162)."""
    n = len(roles)
    order = sorted(range(n), key=lambda k: (roles[k] == "rifle", k))
    return (*sorted(order[:n - holders]), *sorted(order[n - holders:]))


def dismounted(u: UnitSpec) -> bool:
    return TYPES[u.type].kind == "cavalry" and u.mounted is False


def horse_lines(centre: Coord, facing: float, holders: int) -> tuple[Coord, ...]:
    """Where horse holders stand: in a line 2" behind the point where their unit dismounted (BR-162)."""
    rad = math.radians(facing)
    back = (round(centre[0] - 2.0 * math.sin(rad), 2), round(centre[1] - 2.0 * math.cos(rad), 2))
    return formation(back, holders, facing)


def facing_of(spec: ScenarioSpec, unit: UnitSpec) -> float:
    if unit.facing is not None:
        return unit.facing % 360
    return next(s.facing for s in spec.sides if s.name == unit.side) % 360


def formation(centre: Coord, n: int, facing: float, spacing: float = FORMATION_SPACING) -> tuple[Coord, ...]:
    """``n`` figures in a line across ``facing`` (degrees, 0 = towards +y), centred on ``centre``."""
    if n <= 1:
        return (centre,)
    rad = math.radians(facing)
    across = (math.cos(rad), -math.sin(rad))
    half = (n - 1) / 2
    return tuple((round(centre[0] + across[0] * spacing * (k - half), 2),
                  round(centre[1] + across[1] * spacing * (k - half), 2)) for k in range(n))


def _where(loc: tuple[Any, ...], data: Mapping[str, Any]) -> str:
    parts: list[str] = []
    node: Any = data
    for part in loc:
        if isinstance(part, int):
            name = node[part].get("id") or node[part].get("name") if isinstance(node, list) and part < len(node) \
                and isinstance(node[part], Mapping) else None
            parts[-1] += f"[{part + 1}" + (f" '{name}'" if name else "") + "]"
        else:
            parts.append(str(part))
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(parts) or "(the file itself)"


def _fail(path: Path, field: str, message: str) -> ScenarioError:
    return ScenarioError(f"{path}: {field}: {message}")


def load_scenario(path: Path) -> Scenario:
    """Read and check a scenario file; every problem is one :class:`ScenarioError`."""
    path = Path(path)
    data = read_toml(path, ScenarioError, "the scenario")
    try:
        spec = ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "missing":
            message = "required but not given"
        elif first["type"] == "extra_forbidden":
            message = "not a field of this table (check the spelling)"
        elif first["type"] == "literal_error":
            message = f"{first.get('input')!r} is not allowed: {message.removeprefix('Input should be ')}"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise _fail(path, _where(tuple(first["loc"]), data), message + more) from None
    try:
        field = Battlefield.from_data(spec.table, f"{path}: table")
    except BattlefieldError as exc:
        raise ScenarioError(str(exc)) from None
    _check(path, spec, field)
    return Scenario(spec, field, path)


def _on_table(field: Battlefield, point: Coord) -> bool:
    return 0 <= point[0] <= field.width and 0 <= point[1] <= field.depth


def _check(path: Path, spec: ScenarioSpec, field: Battlefield) -> None:
    sides = [s.name for s in spec.sides]
    if sides[0] == sides[1]:
        raise _fail(path, "sides", f"the two sides need different names, not both '{sides[0]}'")
    if spec.first not in sides:
        raise _fail(path, "first", f"'{spec.first}' is not a side; allowed: {', '.join(sides)}")
    names = [o.name for o in spec.objectives]
    if len(set(names)) != len(names):
        raise _fail(path, "objectives", "objective names must be unique")
    if len(spec.objectives) > 4:
        raise _fail(path, "objectives", f"at most 4 objectives, not {len(spec.objectives)}")
    for n, o in enumerate(spec.objectives, 1):
        if not _on_table(field, o.at):
            raise _fail(path, f"objectives[{n} '{o.name}'].at", f"{list(o.at)} is off the {field.width:g}\" x "
                        f"{field.depth:g}\" table")
    ids: set[str] = set()
    if len(spec.units) > 64:
        raise _fail(path, "units", f"at most 64 units, not {len(spec.units)}")
    per_side = {s: 0 for s in sides}
    for n, u in enumerate(spec.units, 1):
        where = f"units[{n} '{u.id}']"
        if u.id in ids:
            raise _fail(path, f"{where}.id", f"'{u.id}' is already used; unit ids must be unique")
        ids.add(u.id)
        if u.side not in sides:
            raise _fail(path, f"{where}.side", f"'{u.side}' is not a side; allowed: {', '.join(sides)}")
        per_side[u.side] += 1
        if u.type not in TYPES:
            raise _fail(path, f"{where}.type", f"unknown unit type '{u.type}'{suggest(u.type, TYPES)}; types: "
                        f"{', '.join(TYPES)}")
        kind = TYPES[u.type]
        for label, point in (("at", u.at), *((f"figures[{k}]", p) for k, p in enumerate(u.figures or (), 1)),
                             *((f"plan[{k}]", p) for k, p in enumerate(u.plan, 1))):
            if not _on_table(field, point):
                raise _fail(path, f"{where}.{label}", f"{list(point)} is off the {field.width:g}\" x "
                            f"{field.depth:g}\" table (x from 0 to {field.width:g}, y from 0 to {field.depth:g})")
        if u.figures is not None and len(u.figures) != kind.n_figures:
            raise _fail(path, f"{where}.figures", f"a {kind.label} has {kind.n_figures} figures; give that many "
                        f"positions, not {len(u.figures)} (or leave figures out to form a line at `at`)")
        if u.limbered and kind.kind != "gun":
            raise _fail(path, f"{where}.limbered", "only a gun battery is limbered or unlimbered")
        if u.mounted is not None and not kind.mounts:
            raise _fail(path, f"{where}.mounted", "only cavalry are mounted or dismounted, and cyclists on their "
                        "bicycles (Mounting and dismounting; BR-179)")
        for k, p in enumerate(_figures(spec, u), 1):
            if not _on_table(field, p):
                raise _fail(path, f"{where}", f"figure {k} of the line formed at {list(u.at)} falls off the table "
                            f"at {list(p)}; move the unit in or give its figures")
    _check_aboard(path, spec)
    _check_placement(path, spec, field)
    for side, count in per_side.items():
        if count == 0:
            raise _fail(path, "units", f"side '{side}' has no units")
    for n, b in enumerate(spec.batteries, 1):
        where = f"batteries[{n} '{b.id}']"
        if b.id in ids:
            raise _fail(path, f"{where}.id", f"'{b.id}' is already used; ids must be unique")
        ids.add(b.id)
        if b.side not in sides:
            raise _fail(path, f"{where}.side", f"'{b.side}' is not a side; allowed: {', '.join(sides)}")
        if b.fire not in INDIRECT.firers:
            raise _fail(path, f"{where}.fire", f"'{b.fire}' is not a fire class; allowed: "
                        f"{', '.join(INDIRECT.firers)}")
    if len(spec.batteries) > 16:
        raise _fail(path, "batteries", f"at most 16 off-table batteries, not {len(spec.batteries)}")
    points = [a.name for a in spec.aiming_points]
    if len(set(points)) != len(points) or len(points) > 16:
        raise _fail(path, "aiming_points", "at most 16 aiming points, with unique names")
    for n, a in enumerate(spec.aiming_points, 1):
        where = f"aiming_points[{n} '{a.name}']"
        if a.side not in sides:
            raise _fail(path, f"{where}.side", f"'{a.side}' is not a side; allowed: {', '.join(sides)}")
        if not _on_table(field, a.at):
            raise _fail(path, f"{where}.at", f"{list(a.at)} is off the {field.width:g}\" x {field.depth:g}\" table")
    for n, m in enumerate(spec.minefields, 1):
        where = f"minefields[{n} '{m.name}']"
        if m.owner not in sides:
            raise _fail(path, f"{where}.owner", f"'{m.owner}' is not a side; allowed: {', '.join(sides)}")
        x0, y0 = m.at
        if not (_on_table(field, (x0, y0)) and _on_table(field, (x0 + m.size[0], y0 + m.size[1]))):
            raise _fail(path, f"{where}", "the field must lie on the table (at is its corner, size its width and "
                        "depth)")
        if m.size[0] < 2 or m.size[1] < 2 or m.size[0] % 2 or m.size[1] % 2:
            raise _fail(path, f"{where}.size", f"{list(m.size)}: a minefield is made of 2\" square mine units "
                        "(003 MINES): give even whole inches, at least [2, 2]")
        if m.exposed and m.spot_chance == 0:
            raise _fail(path, f"{where}.spot_chance", "an exposed minefield needs the judge's % chance to see it "
                        "(003 MINES b)")


BASE = 0.75
"""A figure's base, 3/4" across (BR-106): two units whose centres are closer than this stand on one spot."""


def _start_row(u: UnitSpec) -> str:
    """The movement-table row a unit stands by as it is set up (as the game's mover: an unlimbered gun is a
    support weapon, dismounted cavalry and cyclists on foot are infantry; BR-161, BR-179)."""
    kind = TYPES[u.type]
    if kind.kind == "gun" and not u.limbered:
        return "support_weapons"
    if kind.mounts and u.mounted is False:
        return "infantry"
    return kind.mover


def _check_placement(path: Path, spec: ScenarioSpec, field: Battlefield) -> None:
    """Where the units are set up (seed 004 "Playing the Game": each side maps its deployment; BR-206): no two
    units on one spot (their centres, where a company is (BR-105), at least a base, 3/4", apart), and no figure
    in ground its movement row may not enter (seed 004's "-", seed 003's "no"; BR-4), as the judge places them
    (a vehicle the judge puts in heavy woods or a building may stand there). Units riding a vehicle are inside
    it and are not checked."""
    from warroom.rulesets.brigade.movement_table import mover
    from warroom.rulesets.brigade.paths import path_cost  # the movement rules need the table's geometry
    from warroom.rulesets.brigade.table import is_vehicle

    placed: list[tuple[str, Coord]] = []
    for n, u in enumerate(spec.units, 1):
        if u.aboard:
            continue
        where = f"units[{n} '{u.id}']"
        row = _start_row(u)
        vehicle = is_vehicle(mover(row).unit)
        for k, p in enumerate(_figures(spec, u), 1):
            cost = path_cost(field, p, p, row, tons=TYPES[u.type].tons, judge_placed=vehicle)
            if not cost.passable:
                raise _fail(path, where, f"figure {k} at {list(p)} stands where {u.id} may not be: {cost.blocked} "
                            "(BR-206)")
        for other, centre in placed:
            if math.dist(u.at, centre) < BASE - 1e-9:
                raise _fail(path, f"{where}.at", f"{list(u.at)} is on '{other}' at {list(centre)}: two units may not "
                            "stand on one spot; their centres must be at least 3/4\" (a figure's base) apart (BR-206)")
        placed.append((u.id, u.at))


def _check_aboard(path: Path, spec: ScenarioSpec) -> None:
    """Units that start the game riding a transport (seed 004 "Entering / leaving vehicles"; BR-170)."""
    units = {u.id: u for u in spec.units}
    taken: dict[str, str] = {}
    for n, u in enumerate(spec.units, 1):
        if not u.aboard:
            continue
        where = f"units[{n} '{u.id}'].aboard"
        kind = TYPES[u.type]
        carrier = units.get(u.aboard)
        if carrier is None:
            raise _fail(path, where, f"'{u.aboard}' is not a unit of this scenario; give the id of the vehicle it "
                        "rides")
        ride = TYPES[carrier.type]
        if not kind.rides:
            raise _fail(path, where, f"a {kind.label} does not ride in vehicles: only infantry, support weapon "
                        "sections, HQs and observers do (BR-170)")
        if carrier.side != u.side or not ride.carries:
            raise _fail(path, where, f"'{u.aboard}' is not a vehicle of its own side that carries troops")
        if carrier.aboard:
            raise _fail(path, where, f"'{u.aboard}' itself rides in another vehicle")
        if kind.n_figures > ride.carries:
            raise _fail(path, where, f"a {ride.label} carries {ride.carries} figures; {u.id} has {kind.n_figures} "
                        "(BR-170)")
        if u.aboard in taken:
            raise _fail(path, where, f"'{u.aboard}' already carries {taken[u.aboard]}: one unit to a vehicle (BR-170)")
        taken[u.aboard] = u.id


def _figures(spec: ScenarioSpec, u: UnitSpec) -> tuple[Coord, ...]:
    if u.figures is not None:
        return u.figures
    n = TYPES[u.type].n_figures
    if dismounted(u):  # the fighting figures in a line at `at`, the horse holders behind them
        held = holders_of(n)
        return formation(u.at, n - held, facing_of(spec, u)) + horse_lines(u.at, facing_of(spec, u), held)
    return formation(u.at, n, facing_of(spec, u))


__all__ = ["CLASSES", "FORMATION_SPACING", "Scenario", "ScenarioError", "ScenarioSpec", "formation", "holders_last",
           "holders_of", "horse_lines", "load_scenario"]
