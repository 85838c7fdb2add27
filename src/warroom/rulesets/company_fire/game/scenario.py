"""Company Fire scenarios: the TOML format, and loading and checking a scenario file.

The seed (002) has no scenario rules: "Scale" asks for a platoon to a company a side,
"Initiative and Phase Sequence" for an attacker who starts with a free Move card,
"Artillery" for fire missions whose number it never gives, "Individual Unit Fire" and
"Scouts" for blinds and hidden units it never describes, "Mines (beta)" for real and
dummy minefields, "Game Clock (optional)" and "Optional Methods for Resolving Attacks"
for options; victory it leaves to the players. warroom's readings for all of these are
CF-40 ... CF-56 (docs/rulings.md).

A scenario file holds::

    name, place, date, briefing
    [map]                rows of terrain codes, edges, roads, linear (Board.from_rows)
    [rules]              game_end = clock_short | clock_long | turns (+ turns), jokers,
                         attack_resolution = standard | faster | longer, linear_terrain
    [sides.attacker]     name, colour (red | black), experience, setup_zone,
    [sides.defender]     dummy_blinds, fire_missions = {he, smoke}, break_at
    [[forces.attacker]]  id, type, at, name, experience, platoon, hidden,
    [[forces.defender]]  occupies_bocage, facing (guns, vehicles), turret (turreted vehicles),
                         smoke_rounds (mortars), riding (the id of the half-track or truck it
                         starts aboard, at the carrier's space; readings CF-90, CF-96)
    [[minefields]]       at, laid_by, real, marked
    [victory]            destroyed_unit, destroyed_leader, ties, [[victory.objectives]]

Spaces are written ``"col,row"``, column 0 on the left, row 0 at the top, as on the map.
:func:`load_scenario` checks the file against the schema and then against the rules
(set-up, stacking, terrain, missions, options, victory: readings CF-36, CF-43, CF-44, CF-46,
CF-49, CF-50, CF-52 ... CF-54, CF-56, CF-86, CF-87, CF-90, CF-95, CF-96) and raises
:class:`ScenarioError`, one line naming the file, the field and what is allowed, for the
first problem. The scenario it makes, and what each viewer sees of its set-up, are in
:mod:`.scenario_types`; :func:`.briefing.describe` renders a briefing and a text map as
one side (or nobody, or the umpire) sees the set-up, :mod:`.render` a picture of the map.
"""

from __future__ import annotations

import re
import textwrap
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, Field, ValidationError

from warroom.core.errors import UsageError, suggest
from warroom.core.rule_uses import register_rule_use
from warroom.core.tables import Table, read_toml
from warroom.rulesets.company_fire.board import (
    TERRAIN,
    Board,
    BoardError,
    Space,
    has_bocage,
    is_adjacent,
    may_enter,
    space_cover,
    space_edges,
    stacking_allows,
)
from warroom.rulesets.company_fire.game.scenario_types import (
    AttackResolution,
    Colour,
    Facing,
    FireMissions,
    GameEnd,
    Minefield,
    Objective,
    OptionalRules,
    Role,
    Scenario,
    Side,
    Unit,
    Victory,
    Zone,
    sp,
)
from warroom.rulesets.company_fire.info import SEED
from warroom.rulesets.company_fire.units import Experience, UnitsError, unit_type

SCENARIO_DIR = Path(__file__).parent.parent / "scenarios"


MAX_BOARD = 20
"""The most columns and rows of a Company Fire map (the shipped maps are up to 14 x 11): line of sight is worked
out between every pair of spaces, so its table grows as the square of the spaces (a 24 x 24 map already takes
seconds to set up, a 48 x 48 one gigabytes)."""


class ScenarioError(UsageError):
    """A scenario file that cannot be played: one line naming the file, the field and what is allowed."""


# --- the file's schema --------------------------------------------------------------------------


class UnitEntry(Table):
    id: str = Field(min_length=1)
    type: str
    at: str
    name: str = ""
    experience: Experience | None = None
    platoon: str | None = None
    hidden: bool = False
    occupies_bocage: bool = False
    facing: Facing | None = None
    turret: Facing | None = None
    smoke_rounds: int = Field(default=0, ge=0)
    riding: str | None = None


class FireMissionsEntry(Table):
    he: int = Field(default=0, ge=0)
    smoke: int = Field(default=0, ge=0)


class SideEntry(Table):
    name: str = Field(min_length=1)
    colour: Colour
    experience: Experience = "regular"
    setup_zone: tuple[str, ...] = Field(min_length=1)
    dummy_blinds: tuple[str, ...] = ()
    fire_missions: FireMissionsEntry = FireMissionsEntry()
    break_at: int = Field(ge=1)


class SidesEntry(Table):
    attacker: SideEntry
    defender: SideEntry


class ForcesEntry(Table):
    attacker: tuple[UnitEntry, ...] = Field(min_length=1)
    defender: tuple[UnitEntry, ...] = Field(min_length=1)


class MapEntry(Table):
    rows: tuple[str, ...] = Field(min_length=1)
    edges: tuple[str, ...] = ()
    roads: tuple[str, ...] = ()
    linear: tuple[str, ...] = ()


class MinefieldEntry(Table):
    at: str
    laid_by: Role
    real: bool
    marked: bool


class RulesEntry(Table):
    game_end: GameEnd
    turns: int | None = Field(default=None, ge=1)
    jokers: bool = False
    attack_resolution: AttackResolution = "standard"
    linear_terrain: bool = False


class ObjectiveEntry(Table):
    name: str = Field(min_length=1)
    at: str
    points: int = Field(ge=1)
    held_by: Role = "defender"


class VictoryEntry(Table):
    objectives: tuple[ObjectiveEntry, ...] = ()
    destroyed_unit: int = Field(default=1, ge=0)
    destroyed_leader: int = Field(default=1, ge=0)
    ties: Literal["attacker", "defender", "draw"] = "defender"


class ScenarioFile(Table):
    name: str = Field(min_length=1)
    place: str = ""
    date: str = ""
    briefing: str = Field(min_length=1)
    map: MapEntry
    rules: RulesEntry
    sides: SidesEntry
    forces: ForcesEntry
    minefields: tuple[MinefieldEntry, ...] = ()
    victory: VictoryEntry


for _section, _where in (
    ("Scale", "company_fire.game.scenario.load_scenario"),
    ("Stacking", "company_fire.game.scenario.load_scenario"),
    ("Initiative Deck", "company_fire.game.scenario_types.Scenario.side_of_colour"),
    ("Initiative and Phase Sequence", "company_fire.game.scenario_types.Scenario.attacker"),
    ("Game Clock (optional)", "company_fire.game.scenario_types.OptionalRules.clock_ends_at"),
    ("Tracking Turns", "company_fire.game.scenario_types.OptionalRules.turns"),
    ("Optional Methods for Resolving Attacks", "company_fire.game.scenario_types.OptionalRules.attack_resolution"),
    ("Artillery", "company_fire.game.scenario_types.FireMissions"),
    ("Mines (beta)", "company_fire.game.scenario_types.Minefield"),
    ("Individual Unit Fire", "company_fire.game.scenario_types.Blind"),
    ("Single Mounted Figures (SMFs)", "company_fire.game.scenario.load_scenario"),
):
    register_rule_use(SEED, _section, _where)


# --- loading ------------------------------------------------------------------------------------


def shipped_scenarios() -> tuple[Path, ...]:
    """The scenario files that come with warroom."""
    return tuple(sorted(SCENARIO_DIR.glob("*.toml")))


def load_scenario(path: str | Path) -> Scenario:
    """Load and check a scenario file; any problem raises :class:`ScenarioError` (one line)."""
    path = Path(path)
    raw = read_toml(path, ScenarioError, "the scenario")
    try:
        data = ScenarioFile.model_validate(raw)
    except ValidationError as exc:
        raise ScenarioError(f"{path}: {_schema_problem(exc)}") from None
    return _Checker(path, data).scenario()


def _schema_problem(exc: ValidationError) -> str:
    errors = exc.errors()
    # A misspelt key shows as both "unknown key" and "missing": the unknown key, with its suggestion, says more.
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    loc = tuple(first["loc"])
    extra = exc.error_count() - 1
    more = f" (and {extra} more problem{'s' if extra > 1 else ''})" if extra else ""
    kind = first["type"]
    if kind == "extra_forbidden":
        key = str(loc[-1])
        allowed = _keys_at(ScenarioFile, loc[:-1])
        where = _field(loc[:-1]) or "the top level"
        return f"{where}: unknown key {key!r}{suggest(key, allowed)}; allowed: {', '.join(allowed)}{more}"
    if kind == "missing":
        return f"{_field(loc)}: required and missing{more}"
    got = first.get("input")
    shown = f" (got {got!r})" if isinstance(got, str | int | float | bool) else ""
    msg = first["msg"].replace("a valid tuple", "a list (a TOML array)")
    return f"{_field(loc)}: {msg[0].lower()}{msg[1:]}{shown}{more}"


def _field(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _keys_at(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The keys the schema allows at ``loc`` (for an unknown-key message)."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(part, int):
            args = [a for a in get_args(current) if a is not Ellipsis]
            current = args[0] if args else None
        elif isinstance(current, type) and issubclass(current, BaseModel):
            current = current.model_fields[part].annotation
        else:
            return []
    current = _unwrap(current)
    return list(current.model_fields) if isinstance(current, type) and issubclass(current, BaseModel) else []


def _unwrap(tp: Any) -> Any:
    if get_origin(tp) in (Union, types.UnionType):
        rest = [a for a in get_args(tp) if a is not type(None)]
        return rest[0] if len(rest) == 1 else tp
    return tp


_SPACE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")


class _Checker:
    """The checks after the schema: each raises a one-line :class:`ScenarioError` naming the field."""

    def __init__(self, path: Path, data: ScenarioFile) -> None:
        self.path = path
        self.data = data

    def fail(self, field: str, what: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {field}: {what}")

    # -- pieces

    def board(self) -> Board:
        m = self.data.map
        widest = max(len(row.replace(" ", "")) for row in m.rows)
        if len(m.rows) > MAX_BOARD or widest > MAX_BOARD:
            raise self.fail("map.rows", f"the map is {widest} x {len(m.rows)} spaces; a Company Fire map is at most "
                            f"{MAX_BOARD} x {MAX_BOARD} (the shipped ones are up to 14 x 11)")
        # Each entry alone first, so an error names the entry; then the whole map (edges given twice).
        pieces: list[tuple[str, dict[str, list[str]]]] = [("map.rows", {})]
        for key in ("edges", "roads", "linear"):
            pieces.extend((f"map.{key}[{i}]", {key: [text]}) for i, text in enumerate(getattr(m, key)))
        for field, extra in pieces:
            try:
                Board.from_rows(m.rows, **extra)
            except BoardError as exc:
                raise self.fail(field, str(exc)) from None
        try:
            return Board.from_rows(m.rows, m.edges, m.roads, m.linear)
        except BoardError as exc:
            raise self.fail("map", str(exc)) from None

    def space(self, board: Board, field: str, text: str) -> Space:
        match = _SPACE.match(text)
        if not match:
            raise self.fail(field, f"{text!r} is not a space; write col,row such as 3,2 "
                                   "(column 0 on the left, row 0 at the top)")
        space = (int(match[1]), int(match[2]))
        if not board.in_bounds(space):
            raise self.fail(field, f"{sp(space)} is off the {board.width} x {board.height} map "
                                   f"(columns 0-{board.width - 1}, rows 0-{board.height - 1})")
        return space

    def enterable(self, board: Board, field: str, space: Space, what: str, vehicle: bool = False) -> None:
        into = may_enter(board, space, "vehicle" if vehicle else "infantry")
        if not into:
            raise self.fail(field, f"{what} cannot be at {sp(space)}: {into.reason}; "
                                   f"allowed: a space {'vehicles' if vehicle else 'infantry'} may enter")

    def zone(self, board: Board, field: str, text: str) -> Zone:
        parts = text.split()
        if len(parts) not in (1, 2):
            raise self.fail(field, f"{text!r} is not a zone; write 'col,row col,row' (top-left and "
                                   "bottom-right spaces) such as '0,8 11,9', or one space")
        first = self.space(board, field, parts[0])
        last = self.space(board, field, parts[-1])
        if first[0] > last[0] or first[1] > last[1]:
            raise self.fail(field, f"{text!r}: write the top-left space first, then the bottom-right one")
        return Zone(first, last)

    def rules(self, board: Board) -> OptionalRules:
        r = self.data.rules
        if r.game_end == "turns" and r.turns is None:
            raise self.fail("rules.turns", "game_end = 'turns' needs the number of turns (a turn is one attacker "
                                           "and one defender initiative, seed \"Tracking Turns\")")
        if r.game_end != "turns" and r.turns is not None:
            raise self.fail("rules.turns", f"game_end = {r.game_end!r} ends the game by the game clock; give "
                                           "turns only with game_end = 'turns'")
        if r.jokers and r.game_end == "turns":
            raise self.fail("rules.jokers", "jokers advance the game clock (reading CF-53), and a game of fixed "
                                            "turns has none; use game_end = 'clock_short' or 'clock_long', "
                                            "or jokers = false")
        if board.linear and not r.linear_terrain:
            raise self.fail("map.linear", "linear terrain is an optional rule (seed \"Linear Terrain "
                                          "(optional)\"): set rules.linear_terrain = true, or remove map.linear")
        return OptionalRules(r.game_end, r.turns, r.jokers, r.attack_resolution, r.linear_terrain)

    def units(self, board: Board, role: Role, side: SideEntry, zones: tuple[Zone, ...],
              seen_ids: dict[str, str]) -> tuple[Unit, ...]:
        out: list[Unit] = []
        platoon_leaders: dict[str, str] = {}
        commander: str | None = None
        for i, entry in enumerate(getattr(self.data.forces, role)):
            base = f"forces.{role}[{i}]"
            try:
                kind = unit_type(entry.type)
            except UnitsError as exc:
                raise self.fail(f"{base}.type", str(exc)) from None
            what = f"unit {entry.id!r}"
            if not re.fullmatch(r"\S+", entry.id):
                raise self.fail(f"{base}.id", f"{entry.id!r}: an id is one word with no spaces, such as 1-2 or MG42")
            if entry.id in seen_ids:
                raise self.fail(f"{base}.id", f"{entry.id!r} is already the id of {seen_ids[entry.id]}; "
                                              "every unit needs its own id")
            seen_ids[entry.id] = f"{base}"
            at = self.space(board, f"{base}.at", entry.at)
            self.enterable(board, f"{base}.at", at, f"{what} ({kind.label})", kind.is_vehicle)
            if not any(at in z for z in zones):
                raise self.fail(f"{base}.at", f"{what} at {sp(at)} is outside the {role}'s set-up zone "
                                              f"({'; '.join(map(str, zones))}) (reading CF-49)")
            if kind.faces_an_edge and entry.facing is None:
                raise self.fail(f"{base}.facing", f"{what} ({kind.label}) faces an edge of its space (seed "
                                                  "\"Facing\", reading CF-43); give facing = N, E, S or W")
            if not kind.faces_an_edge and entry.facing is not None:
                raise self.fail(f"{base}.facing", f"{what} ({kind.label}): facing matters only for guns and vehicles "
                                                  "(seed \"Facing\"); leave it out")
            turreted = kind.vehicle is not None and kind.vehicle.turret
            if entry.turret is not None and not turreted:
                raise self.fail(f"{base}.turret", f"{what} ({kind.label}) has no turret (seed \"Vehicle Facing\"); "
                                                  "leave turret out")
            if kind.is_vehicle and entry.hidden:
                raise self.fail(f"{base}.hidden", f"{what} ({kind.label}): a vehicle does not start under a blind "
                                                  "(reading CF-87); leave hidden out")
            if kind.is_vehicle and entry.occupies_bocage:
                raise self.fail(f"{base}.occupies_bocage", f"{what} ({kind.label}): only infantry and like units "
                                                           "occupy bocage (reading CF-86)")
            if entry.smoke_rounds and not kind.has("indirect_fire"):
                raise self.fail(f"{base}.smoke_rounds", f"{what} ({kind.label}): only light mortars fire smoke "
                                                        "(seed \"Individual Unit Fire\"); leave it out")
            if entry.occupies_bocage and not has_bocage(board, at):
                raise self.fail(f"{base}.occupies_bocage", f"{what} at {sp(at)}: the space has no bocage edge "
                                                           "to occupy (seed \"Bocage\")")
            if kind.leader == "platoon_leader":
                if entry.platoon is None:
                    raise self.fail(f"{base}.platoon", f"{what} (platoon leader) needs the platoon it leads "
                                                       "(reading CF-44)")
                if entry.platoon in platoon_leaders:
                    raise self.fail(f"{base}.platoon", f"the {entry.platoon!r} platoon already has a leader, "
                                                       f"{platoon_leaders[entry.platoon]!r}; one per platoon")
                platoon_leaders[entry.platoon] = entry.id
            if kind.leader == "company_commander":
                if commander is not None:
                    raise self.fail(f"{base}.type", f"the {role} already has a company commander, {commander!r}; "
                                                    "one per side (reading CF-44)")
                if entry.platoon is not None:
                    raise self.fail(f"{base}.platoon", f"{what} (company commander) leads the whole company; "
                                                       "leave platoon out")
                commander = entry.id
            out.append(Unit(entry.id, role, kind, at, entry.name, entry.experience or side.experience,
                            entry.platoon, entry.hidden, entry.occupies_bocage, entry.facing, entry.smoke_rounds,
                            (entry.turret or entry.facing) if turreted else None, entry.riding))
        self.riders(role, out)
        return tuple(out)

    def riders(self, role: Role, units: list[Unit]) -> None:
        """Reading CF-96: a unit set up aboard a friendly half-track or truck, in its space, within what it
        carries (CF-90); a rider is never hidden (CF-95)."""
        by_id = {u.id: u for u in units}
        aboard: dict[str, list[Unit]] = {}
        for i, u in enumerate(units):
            if u.riding is None:
                continue
            base = f"forces.{role}[{i}].riding"
            carrier = by_id.get(u.riding)
            v = carrier.type.vehicle if carrier is not None else None
            if carrier is None or v is None or (v.carries == 0 and v.carries_smfs == 0):
                carriers = [x.id for x in units if x.type.vehicle is not None and x.type.vehicle.carries]
                raise self.fail(base, f"unit {u.id!r} rides in {u.riding!r}, which is not one of the {role}'s "
                                      "half-tracks or trucks (reading CF-90); carriers: "
                                      f"{', '.join(carriers) or 'none'}")
            if u.type.kind not in ("squad", "weapon_team", "smf"):
                raise self.fail(base, f"unit {u.id!r} ({u.type.label}): only squads, weapon teams and SMFs ride "
                                      "(reading CF-90)")
            if u.at != carrier.at:
                raise self.fail(f"forces.{role}[{i}].at", f"unit {u.id!r} rides in {carrier.id!r} at "
                                                          f"{sp(carrier.at)}: set it up at the same space")
            if u.hidden or u.occupies_bocage:
                raise self.fail(base, f"unit {u.id!r} rides in {carrier.id!r}: a rider is neither hidden nor in the "
                                      "bocage (readings CF-87, CF-95)")
            here = aboard.setdefault(carrier.id, [])
            here.append(u)
            smfs = sum(1 for x in here if x.type.is_smf)
            if len(here) - smfs > v.carries or smfs > v.carries_smfs:
                raise self.fail(base, f"{carrier.id!r} ({v.label}) carries {v.carries} squad or team and "
                                      f"{v.carries_smfs} SMF (reading CF-90): "
                                      f"{', '.join(x.id for x in here)} do not fit")

    def stacking(self, role: Role, units: tuple[Unit, ...]) -> None:
        held: dict[Space, list[Unit]] = {}
        for i, u in enumerate(units):
            if u.riding is not None:  # riders do not count while aboard (seed "Stacking", CF-90)
                continue
            held.setdefault(u.at, []).append(u)
            here = held[u.at]
            non_smf = sum(1 for x in here if x.type.counts_against_stacking_limit)
            if not stacking_allows(non_smf, len(here) - non_smf):
                t = TERRAIN.stacking
                raise self.fail(f"forces.{role}[{i}].at",
                                f"{sp(u.at)} would hold {', '.join(repr(x.id) for x in here)}: at most "
                                f"{t.max_units} units of a side to a space, no more than {t.max_non_smf} of "
                                "them squads, teams or guns (seed \"Stacking\")")
            if any(x.hidden != u.hidden for x in here):
                other = next(x for x in here if x.hidden != u.hidden)
                raise self.fail(f"forces.{role}[{i}].hidden",
                                f"unit {u.id!r} is {'hidden' if u.hidden else 'visible'} but {other.id!r} in "
                                f"the same space {sp(u.at)} is not; one blind covers a whole space, so hide "
                                "all of a space's units or none (reading CF-46)")

    def hiding_place(self, board: Board, field: str, space: Space, what: str) -> None:
        if not _concealing(board, space):
            raise self.fail(field, f"{what} at {sp(space)} is in the open ({board.terrain(space).label}, no "
                                   "wall or bocage on its edges); blinds go only where area terrain gives cover "
                                   "or an edge of the space is a wall or bocage (reading CF-46)")

    def side(self, board: Board, role: Role, seen_ids: dict[str, str]) -> Side:
        entry: SideEntry = getattr(self.data.sides, role)
        zones = tuple(self.zone(board, f"sides.{role}.setup_zone[{i}]", z) for i, z in enumerate(entry.setup_zone))
        units = self.units(board, role, entry, zones, seen_ids)
        self.stacking(role, units)
        for i, u in enumerate(units):
            if u.hidden:
                self.hiding_place(board, f"forces.{role}[{i}].hidden", u.at, f"unit {u.id!r}")
        blinds: list[Space] = []
        for i, text in enumerate(entry.dummy_blinds):
            field = f"sides.{role}.dummy_blinds[{i}]"
            at = self.space(board, field, text)
            self.enterable(board, field, at, "a dummy blind")
            if at in blinds:
                raise self.fail(field, f"{sp(at)} already has a dummy blind; one blind to a space")
            if any(u.at == at for u in units):
                raise self.fail(field, f"{sp(at)} holds the {role}'s own units; a dummy blind goes in an "
                                       "empty space (reading CF-46)")
            if not any(at in z for z in zones):
                raise self.fail(field, f"a dummy blind at {sp(at)} is outside the {role}'s set-up zone "
                                       f"({'; '.join(map(str, zones))}) (reading CF-49)")
            self.hiding_place(board, field, at, "a dummy blind")
            blinds.append(at)
        fm = entry.fire_missions
        observers = [u for u in units if u.type.has("forward_observer")]
        if fm.he + fm.smoke and not observers:
            raise self.fail(f"sides.{role}.fire_missions", f"{fm.he + fm.smoke} fire missions but no "
                                                           "forward_observer in forces." + role + " to call them "
                                                           "(seed \"Artillery\", reading CF-50); add one or "
                                                           "give 0")
        if observers and not fm.he + fm.smoke:
            raise self.fail(f"sides.{role}.fire_missions", f"forward observer {observers[0].id!r} has no fire "
                                                           "missions to call; give he and/or smoke missions "
                                                           "(reading CF-50) or leave the observer out")
        non_smf = sum(1 for u in units if u.type.counts_against_stacking_limit)
        if non_smf == 0:
            raise self.fail(f"forces.{role}", "a side needs at least one squad, team or gun (single mounted "
                                              "figures cannot hold ground or be the side's strength)")
        if entry.break_at > non_smf:
            raise self.fail(f"sides.{role}.break_at", f"{entry.break_at} is more than the {non_smf} squads, teams "
                                                      f"and guns the {role} has; allowed: 1 to {non_smf} "
                                                      "(reading CF-56)")
        return Side(role, entry.name, entry.colour, zones, tuple(blinds), FireMissions(fm.he, fm.smoke),
                    entry.break_at, units)

    def contact(self, attacker: Side, defender: Side) -> None:
        """Reading CF-49: no unit or blind starts in or next to (edge or corner) an enemy's space."""
        for side, enemy in ((attacker, defender), (defender, attacker)):
            enemy_spaces = {u.at: f"unit {u.id!r}" for u in enemy.units}
            enemy_spaces.update({b: "blind" for b in enemy.dummy_blinds if b not in enemy_spaces})
            for i, u in enumerate(side.units):
                if u.at in enemy_spaces:
                    raise self.fail(f"forces.{side.role}[{i}].at",
                                    f"unit {u.id!r} at {sp(u.at)} shares the space with the {enemy.role}'s "
                                    f"{enemy_spaces[u.at]}; units may not be in enemy-occupied spaces "
                                    "(seed \"Stacking\")")
                for space, what in enemy_spaces.items():
                    if is_adjacent(u.at, space):
                        raise self.fail(f"forces.{side.role}[{i}].at",
                                        f"unit {u.id!r} at {sp(u.at)} touches the {enemy.role}'s {what} at "
                                        f"{sp(space)}; sides set up out of contact, not sharing an edge or "
                                        "corner (reading CF-49)")
            for i, b in enumerate(side.dummy_blinds):
                for space, what in enemy_spaces.items():
                    if b == space or is_adjacent(b, space):
                        raise self.fail(f"sides.{side.role}.dummy_blinds[{i}]",
                                        f"a dummy blind at {sp(b)} is in or next to the {enemy.role}'s "
                                        f"{what} at {sp(space)}; sides set up out of contact (reading CF-49)")

    def minefields(self, board: Board, attacker: Side, defender: Side) -> tuple[Minefield, ...]:
        out: list[Minefield] = []
        occupied: dict[Space, str] = {}
        for u in attacker.units + defender.units:
            occupied.setdefault(u.at, u.id)
        blinds = set(attacker.dummy_blinds) | set(defender.dummy_blinds)
        for i, m in enumerate(self.data.minefields):
            field = f"minefields[{i}].at"
            at = self.space(board, field, m.at)
            if any(x.at == at for x in out):
                raise self.fail(field, f"{sp(at)} is already a minefield; one to a space")
            if not m.real and not m.marked:
                raise self.fail(f"minefields[{i}].marked", "a dummy minefield is only a marker: it must be "
                                                           "marked = true (reading CF-52)")
            if at in occupied:
                raise self.fail(field, f"unit {occupied[at]!r} starts in the minefield at {sp(at)}; no unit "
                                       "starts in a mined space (reading CF-52)")
            if at in blinds:
                raise self.fail(field, f"a dummy blind starts in the minefield at {sp(at)}; no blind starts in "
                                       "a mined space (reading CF-52)")
            self.enterable(board, field, at, "a minefield")
            out.append(Minefield(at, m.laid_by, m.real, m.marked))
        return tuple(out)

    def victory(self, board: Board, attacker: Side, defender: Side) -> Victory:
        v = self.data.victory
        out: list[Objective] = []
        for i, o in enumerate(v.objectives):
            field = f"victory.objectives[{i}]"
            at = self.space(board, f"{field}.at", o.at)
            self.enterable(board, f"{field}.at", at, f"objective {o.name!r}")
            for other in out:
                if other.at == at:
                    raise self.fail(f"{field}.at", f"{sp(at)} is already the objective {other.name!r}; "
                                                   "one objective to a space")
                if other.name == o.name:
                    raise self.fail(f"{field}.name", f"{o.name!r} names another objective too; give each its "
                                                     "own name")
            for side in (attacker, defender):
                holder = next((u for u in side.non_smf_units if u.at == at), None)
                if holder is not None and side.role != o.held_by:
                    raise self.fail(f"{field}.held_by",
                                    f"{o.held_by!r}, but the {side.role}'s unit {holder.id!r} starts in "
                                    f"{o.name!r} and so holds it (reading CF-54); write held_by = "
                                    f"'{side.role}' or move the unit")
            out.append(Objective(o.name, at, o.points, o.held_by))
        return Victory(tuple(out), v.destroyed_unit, v.destroyed_leader, v.ties)

    def scenario(self) -> Scenario:
        d = self.data
        board = self.board()
        rules = self.rules(board)
        if d.sides.attacker.colour == d.sides.defender.colour:
            raise self.fail("sides.defender.colour", f"both sides are {d.sides.attacker.colour}; the initiative "
                                                     "deck needs one side red and the other black (seed "
                                                     "\"Initiative Deck\")")
        seen_ids: dict[str, str] = {}
        attacker = self.side(board, "attacker", seen_ids)
        defender = self.side(board, "defender", seen_ids)
        self.contact(attacker, defender)
        minefields = self.minefields(board, attacker, defender)
        victory = self.victory(board, attacker, defender)
        return Scenario(str(self.path), d.name, d.place, d.date, textwrap.dedent(d.briefing).strip(), board, rules,
                        attacker, defender, minefields, victory)


def _concealing(board: Board, space: Space) -> bool:
    """Reading CF-46: a space where a blind may be set up: area terrain giving cover (CF-36), or an edge
    (or linear piece) of cover-giving edge terrain, a wall or a hedge to lie behind."""
    if space_cover(board, space):
        return True
    edges = (board.edge_kind(e) for e in space_edges(board, space))
    if any(k is not None and TERRAIN.edge[k].cover for k in edges):
        return True
    return any(TERRAIN.edge[p.kind].cover for p in board.linear_in(space))
