"""Company Fire's unit catalogue and scenarios: the seed's unit table, the shipped scenarios, and
one clear line for every way a scenario can be wrong.

Readings CF-40 ... CF-56 (docs/rulings.md). Maps are written as rows
of terrain codes, column 0 on the left and row 0 at the top; spaces as ``"col,row"``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from warroom.core.errors import TableError, UsageError
from warroom.rulesets.company_fire.board import Board, is_adjacent
from warroom.rulesets.company_fire.game.briefing import describe
from warroom.rulesets.company_fire.game.scenario import ScenarioError, load_scenario, shipped_scenarios
from warroom.rulesets.company_fire.game.scenario_types import ROLES
from warroom.rulesets.company_fire.units import CATALOGUE, UNITS_FILE, UnitTables, load_units, unit_type

RULE = pytest.mark.rule

SHIPPED = shipped_scenarios()


# --- a small scenario to break, written as data ------------------------------------------------


def base() -> dict[str, Any]:
    """A valid 6 x 6 scenario: a wood (2,0), a swamp (2,2), an orchard (2,4), a wall south of (1,1)."""
    return {
        "name": "Test",
        "briefing": "A test.",
        "map": {
            "rows": ["..W...", "......", "..~...", "......", "..o...", "......"],
            "edges": ["1,1 S w"],
        },
        "rules": {"game_end": "clock_short"},
        "sides": {
            "attacker": {"name": "Reds", "colour": "red", "setup_zone": ["0,4 5,5"], "break_at": 2,
                         "fire_missions": {"he": 1}},
            "defender": {"name": "Blacks", "colour": "black", "setup_zone": ["0,0 5,1"], "break_at": 1,
                         "dummy_blinds": ["2,0"]},
        },
        "forces": {
            "attacker": [
                {"id": "a1", "type": "rifle_squad", "at": "0,5", "platoon": "1"},
                {"id": "a2", "type": "rifle_squad", "at": "1,5", "platoon": "1"},
                {"id": "pl", "type": "platoon_leader", "at": "0,5", "platoon": "1"},
                {"id": "fo", "type": "forward_observer", "at": "1,5"},
            ],
            "defender": [
                {"id": "d1", "type": "rifle_squad", "at": "1,1", "hidden": True},
                {"id": "mg", "type": "hmg", "at": "4,0"},
            ],
        },
        "minefields": [{"at": "3,2", "laid_by": "defender", "real": True, "marked": True}],
        "victory": {"objectives": [{"name": "the farm", "at": "4,0", "points": 2}]},
    }


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    raise TypeError(v)


def to_toml(data: dict[str, Any], prefix: str = "") -> str:
    """Just enough TOML for a scenario: scalars and lists, tables, arrays of tables."""
    lines = [f"{k} = {_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not (isinstance(v, list) and v and isinstance(v[0], dict))]
    for k, v in data.items():
        name = f"{prefix}{k}"
        if isinstance(v, dict):
            lines += [f"[{name}]", to_toml(v, name + ".")]
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            for item in v:
                lines += [f"[[{name}]]", to_toml(item, name + ".")]
    return "\n".join(lines)


def write(tmp_path: Path, data: dict[str, Any], name: str = "scenario.toml") -> Path:
    path = tmp_path / name
    path.write_text(to_toml(data), encoding="utf-8")
    return path


def refused(tmp_path: Path, data: dict[str, Any]) -> str:
    """The one-line error for a scenario that must be refused; it starts with the file's name."""
    path = write(tmp_path, data)
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    message = str(err.value)
    assert "\n" not in message, message
    assert message.startswith(f"{path}: "), message
    assert isinstance(err.value, UsageError)
    return message.removeprefix(f"{path}: ")


def test_the_base_scenario_is_valid(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, base()))
    assert s.board.width == 6 and s.board.height == 6
    assert [u.id for u in s.attacker.units] == ["a1", "a2", "pl", "fo"]
    assert s.defender.blinds == ((2, 0), (1, 1))
    assert s.attacker.fire_missions.he == 1 and s.attacker.fire_missions.smoke == 0


# --- the unit catalogue is the seed's ---------------------------------------------------------


@RULE("002", "Movement")
def test_movement_rates_are_the_seeds_table() -> None:
    # Seed "Movement" table: infantry squad 2, weapon team 1, single mounted figure 2.
    # CF-41: SMG and engineer squads are squads; a gun moves as a weapon team; scouts as SMFs.
    rates = {
        "rifle_squad": 2, "smg_squad": 2, "engineer_squad": 2,
        "light_mortar": 1, "mmg": 1, "hmg": 1,
        "anti_tank_gun": 1, "light_anti_tank_gun": 1,
        "platoon_leader": 2, "company_commander": 2, "sniper": 2, "forward_observer": 2, "scout": 2,
        # squads with anti-tank weapons are squads; vehicles move at their class's off-road rate (seed
        # "Vehicle Movement": light 4, medium 3, heavy 2, half-track 3, wheeled 3)
        "bazooka_squad": 2, "panzerschreck_squad": 2, "piat_squad": 2, "panzerfaust_squad": 2,
        "light_tank": 4, "medium_tank": 3, "heavy_tank": 2, "light_tank_destroyer": 4, "medium_tank_destroyer": 3,
        "heavy_tank_destroyer": 2, "half_track": 3, "armoured_car": 3, "truck": 3,
    }
    assert {name: t.movement_spaces for name, t in CATALOGUE.items()} == rates
    # Footnote **: weapon teams never move and fire on one card (CF-41: guns neither).
    assert {name for name, t in CATALOGUE.items() if not t.move_and_fire} == {
        "light_mortar", "mmg", "hmg", "anti_tank_gun", "light_anti_tank_gun"}


@RULE("002", "Individual Unit Fire")
def test_weapons_are_the_seeds_fire_table() -> None:
    # Seed "Individual Unit Fire": SMG 1 / 2d6, rifle 6 / 3d6, light mortar 6 / 3d6, MMG 10 / 3d6,
    # HMG 10 / 4d6, sniper 10 (3d6, "Snipers"). CF-9: an engineer squad fires as a rifle squad.
    fire = {
        "smg_squad": ("smg_squad", 1, 2), "rifle_squad": ("rifle_squad", 6, 3),
        "engineer_squad": ("engineer_squad", 6, 3), "light_mortar": ("light_mortar", 6, 3),
        "mmg": ("mmg", 10, 3), "hmg": ("hmg", 10, 4), "sniper": ("sniper", 10, 3),
        # squads with anti-tank weapons keep their rifles; a vehicle MG is an MMG (CF-77); TDs have none
        **{f"{w}_squad": ("rifle_squad", 6, 3) for w in ("bazooka", "panzerschreck", "piat", "panzerfaust")},
        **{v: ("vehicle_mg", 10, 3) for v in ("light_tank", "medium_tank", "heavy_tank", "half_track",
                                              "armoured_car")},
    }
    armed = {name: (t.weapon_key, t.weapon.range_spaces, t.weapon.dice)
             for name, t in CATALOGUE.items() if t.weapon is not None}
    assert armed == fire
    assert {n for n, t in CATALOGUE.items() if t.has("indirect_fire")} == {"light_mortar"}
    # "Opportunity Fire": MGs may op fire more than once a phase.
    assert {n for n, t in CATALOGUE.items() if t.has("mg_op_fire")} == {
        "mmg", "hmg", "light_tank", "medium_tank", "heavy_tank", "half_track", "armoured_car"}


@RULE("002", "Attacking vehicles")
def test_anti_tank_guns_are_the_seeds_row() -> None:
    # "Tank main guns, tank destroyers, and anti-tank guns: 20 spaces, 4d6"; a light gun one die less.
    at, light = unit_type("anti_tank_gun"), unit_type("light_anti_tank_gun")
    assert at.anti_tank is not None and (at.anti_tank.range_spaces, at.anti_tank.dice, at.anti_tank.light) == (
        20, 4, False)
    assert light.anti_tank is not None and light.anti_tank.light
    assert at.weapon is None and at.faces_an_edge  # seed "Facing": anti-tank guns face; CF-43


@RULE("002", "Stacking")
def test_what_counts_against_the_stacking_limit() -> None:
    # "no more than 2 may be a vehicle, infantry section, weapon team, or gun": SMFs do not count.
    smfs = {"platoon_leader", "company_commander", "sniper", "forward_observer", "scout"}
    assert {n for n, t in CATALOGUE.items() if not t.counts_against_stacking_limit} == smfs
    assert all(t.is_smf == (n in smfs) for n, t in CATALOGUE.items())


@RULE("002", "Close Assault")
def test_who_may_close_assault() -> None:
    # "Weapon crews (MG, mortar, anti-tank gun, etc.) may not initiate close assault"; SMFs cannot either.
    crews = {"light_mortar", "mmg", "hmg", "anti_tank_gun", "light_anti_tank_gun"}
    assert {n for n, t in CATALOGUE.items() if t.weapon_crew} == crews
    vehicles = {n for n, t in CATALOGUE.items() if t.is_vehicle}
    assert len(vehicles) == 9
    at_squads = {f"{w}_squad" for w in ("bazooka", "panzerschreck", "piat", "panzerfaust")}
    assert {n for n, t in CATALOGUE.items() if t.may_close_assault} == {
        "rifle_squad", "smg_squad", "engineer_squad", *at_squads, *vehicles}
    assert {n for n, t in CATALOGUE.items() if t.has("smg_assault")} == {"smg_squad"}  # +2 SMG squad


@RULE("002", "Single Mounted Figures (SMFs)")
def test_smfs_and_their_abilities() -> None:
    # Rally / Movement Test: platoon leader +1, company commander +2.
    assert unit_type("platoon_leader").leader_bonus == 1
    assert unit_type("company_commander").leader_bonus == 2
    assert unit_type("sniper").has("sniper") and unit_type("scout").has("scout")
    assert unit_type("forward_observer").has("forward_observer")
    assert unit_type("engineer_squad").has("engineer")  # Mines (beta): +2 for engineers


@RULE("002", "Figures")
def test_unknown_and_vehicle_unit_types_are_refused_with_suggestions() -> None:
    with pytest.raises(UsageError, match=r"unknown unit type 'rifle_sqaud' \(did you mean 'rifle_squad'\?\); "
                                         r"allowed: rifle_squad, smg_squad"):
        unit_type("rifle_sqaud")
    # Vehicles play now (seed "Vehicles"): a vehicle type is a unit type with its class.
    assert unit_type("medium_tank").is_vehicle and unit_type("medium_tank").vehicle.label == "medium tank"  # type: ignore[union-attr]


@RULE("002", "Figures")
def test_a_broken_catalogue_names_the_problem(tmp_path: Path) -> None:
    text = UNITS_FILE.read_text(encoding="utf-8")
    vehicle = tmp_path / "vehicle.toml"
    vehicle.write_text(text + '\n[units.sherman]\nlabel = "Sherman"\nkind = "vehicle"\n', encoding="utf-8")
    with pytest.raises(TableError, match="a vehicle \\(kind 'vehicle'\\) and a `vehicle` class go together"):
        load_units(vehicle)
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(text.replace('vehicle = "medium_tank"', 'vehicle = "panther"', 1), encoding="utf-8")
    with pytest.raises(TableError, match=r"vehicle 'panther' is not a \[vehicle_classes.\*\] row"):
        load_units(unknown)
    weapon = tmp_path / "weapon.toml"
    weapon.write_text(text.replace('weapon = "hmg"', 'weapon = "hmg42"'), encoding="utf-8")
    with pytest.raises(TableError, match=r"weapon 'hmg42' is not a \[weapons.\*\] row of tables.toml"):
        load_units(weapon)
    mg = tmp_path / "mg.toml"
    mg.write_text(text.replace('abilities = ["mg_op_fire"]', "abilities = []", 1), encoding="utf-8")
    with pytest.raises(TableError, match="'mg_op_fire' goes with a machine-gun weapon"):
        load_units(mg)
    assert isinstance(load_units(), UnitTables)


# --- the shipped scenarios ----------------------------------------------------------------------


@RULE("002", "Scale")
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_scenario_loads_and_is_a_platoon_to_a_company(path: Path) -> None:
    s = load_scenario(path)
    assert len(SHIPPED) == 7  # four infantry scenarios, two armoured (vehicle rules), one with transport
    assert s.briefing.count("\n\n") >= 2  # a few paragraphs
    # A platoon (three squads) to a company (twelve squads and teams) a side (seed "Scale").
    assert 3 <= len(s.attacker.non_smf_units) <= 12
    assert 3 <= len(s.defender.non_smf_units) <= len(s.attacker.non_smf_units)
    assert {s.attacker.colour, s.defender.colour} == {"red", "black"}
    assert s.victory.objectives and all(o.held_by == "defender" for o in s.victory.objectives)
    assert any(u.hidden for u in s.defender.units) and s.defender.dummy_blinds


@RULE("002", "Stacking")
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_set_up_obeys_stacking_and_starts_out_of_contact(path: Path) -> None:
    # Checked here by hand, not through the loader: at most 3 units and 2 non-SMFs of a side to a
    # space; no space shared by both sides; no unit next to an enemy unit or blind (CF-49).
    s = load_scenario(path)
    for side in (s.attacker, s.defender):
        for space in {u.at for u in side.units}:
            # riders aboard a half-track or truck do not count while aboard (reading CF-90)
            here = [u for u in side.units if u.at == space and u.riding is None]
            assert len(here) <= 3 and sum(1 for u in here if not u.type.is_smf) <= 2, (side.role, space)
            assert len({u.hidden for u in here}) == 1
    enemy_of_attacker = {u.at for u in s.defender.units} | set(s.defender.dummy_blinds)
    enemy_of_defender = {u.at for u in s.attacker.units} | set(s.attacker.dummy_blinds)
    for u in s.attacker.units:
        assert all(u.at != e and not is_adjacent(u.at, e) for e in enemy_of_attacker), u.id
    for u in s.defender.units:
        assert all(u.at != e and not is_adjacent(u.at, e) for e in enemy_of_defender), u.id


@RULE("002", "Grid Size")
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_map_round_trips_through_to_rows(path: Path) -> None:
    s = load_scenario(path)
    rows, edges, roads, linear = s.board.to_rows()
    assert Board.from_rows(rows, edges, roads, linear) == s.board
    again = load_scenario(path)
    assert again == s and hash(again) == hash(s)


@RULE("002", "Bocage")
def test_hedgerow_hell_is_bocage_with_a_sunken_lane() -> None:
    s = load_scenario(next(p for p in SHIPPED if p.stem == "hedgerow_hell"))
    kinds = {kind for _, kind in s.board.edges}
    assert kinds == {"bocage_full", "bocage_partial"}
    # The lane: a road down column 5, banked with bocage on both sides (gates are partial bocage).
    assert all(s.board.has_road((5, r)) for r in range(s.board.height))
    assert all(s.board.edge_at((4, r), (5, r)) and s.board.edge_at((5, r), (6, r)) for r in range(s.board.height))
    assert [u.id for u in s.defender.units if u.occupies_bocage] == ["rifles-2", "rifles-3", "MG42", "MG34",
                                                                     "sniper"]


@RULE("002", "Mines (beta)")
def test_devils_garden_has_real_dummy_and_unmarked_mines() -> None:
    s = load_scenario(next(p for p in SHIPPED if p.stem == "munassib_minefield"))
    fields = {(m.real, m.marked) for m in s.minefields}
    assert fields == {(True, True), (False, True), (True, False)}
    assert s.rules.jokers and s.rules.clock_ends_at == 30
    attacker = s.view("attacker")
    assert all(m.seen_as == "marker" for m in attacker.minefields)
    assert len(attacker.minefields) == sum(1 for m in s.minefields if m.marked)  # the unmarked one unseen
    assert {m.seen_as for m in s.view("defender").minefields} == {"real", "dummy"}


@RULE("002", "Linear Terrain (optional)")
def test_the_village_uses_linear_terrain_and_fixed_turns() -> None:
    s = load_scenario(next(p for p in SHIPPED if p.stem == "villa_rogatti"))
    assert s.rules.linear_terrain and len(s.board.linear) == 4
    assert s.rules.game_end == "turns" and s.rules.turns == 8 and s.rules.clock_ends_at is None
    assert {"buildings", "orchards"} <= set(s.board.area) and ("low_stone_wall" in {k for _, k in s.board.edges})


# --- what each side sees ------------------------------------------------------------------------


@RULE("002", "Individual Unit Fire")
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_a_side_sees_its_own_units_and_only_the_enemys_visible_ones(path: Path) -> None:
    s = load_scenario(path)
    for role in ROLES:
        view, own, enemy = s.view(role), s.side(role), s.enemy(role)
        assert set(own.units) <= set(view.units)
        assert not [u for u in view.units if u.side == enemy.role and u.hidden]
        assert all(b.units is None for b in view.blinds if b.side == enemy.role)
        assert {b.at for b in view.blinds if b.side == enemy.role} == set(enemy.blinds)
        text = describe(s, role)
        for u in enemy.units:
            listed = f"  {u.id:<8} {f'{u.at[0]},{u.at[1]}':>5}  "  # a line of the forces list
            assert (listed in text) != u.hidden, f"{role}: {u.id} listed {listed in text}, hidden {u.hidden}"
    public = s.view("public")
    assert not [u for u in public.units if u.hidden]
    umpire = s.view("umpire")
    assert set(umpire.units) == set(s.units)


@RULE("002", "Individual Unit Fire")
def test_describe_draws_the_map_as_the_attacker_sees_it(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, base()))
    text = describe(s, "attacker")
    assert text.startswith("TEST\n\nA test.\n")
    map_lines = text[text.index("Map (the attacker's view):"):].splitlines()[1:13]
    # Cells: terrain, road, mark (* objective, M mine marker), units (A1, D1, d? a blind).
    # The wall south of (1,1) is drawn under it; the hidden rifle squad at (1,1) is a blind.
    assert map_lines == [
        "    0     1     2     3     4     5",
        " 0  .     .     W  d? .     . *D1 .",
        "",
        " 1  .     .  d? .     .     .     .",
        "          -----",
        " 2  .     .     ~     . M   .     .",
        "",
        " 3  .     .     .     .     .     .",
        "",
        " 4  .     .     o     .     .     .",
        "",
        " 5  .  A2 .  A2 .     .     .     .",
    ]
    umpire = describe(s, "umpire")
    assert " 0  .     .     W  d0 .     . *D1 ." in umpire and " 1  .     .  d1 ." in umpire
    assert "Game clock: at the end of each defender initiative roll 1d6 and add it; the game ends when the total " \
           "reaches 21." in " ".join(text.split("\n"))


@RULE("002", "Game Clock (optional)")
def test_game_end_rules(tmp_path: Path) -> None:
    # Seed "Game Clock (optional)": the game is over at 21, or 30 for a longer game.
    data = base()
    assert load_scenario(write(tmp_path, data)).rules.clock_ends_at == 21
    data["rules"] = {"game_end": "clock_long", "jokers": True}
    assert load_scenario(write(tmp_path, data)).rules.clock_ends_at == 30
    data["rules"] = {"game_end": "turns", "turns": 6, "attack_resolution": "longer"}
    rules = load_scenario(write(tmp_path, data)).rules
    assert rules.clock_ends_at is None and rules.turns == 6 and rules.attack_resolution == "longer"


@RULE("002", "Initiative Deck")
def test_the_colours_give_the_initiative(tmp_path: Path) -> None:
    data = base()
    data["sides"]["attacker"]["colour"], data["sides"]["defender"]["colour"] = "black", "red"
    s = load_scenario(write(tmp_path, data))
    assert s.side_of_colour("red").role == "defender" and s.side_of_colour("black").role == "attacker"
    assert s.enemy("attacker") is s.defender and s.unit("mg").type.name == "hmg"
    with pytest.raises(UsageError, match=r"no unit 'mgg' \(did you mean 'mg'\?\); units: a1, a2, pl, fo, d1, mg"):
        s.unit("mgg")


# --- one clear line for every bad scenario -----------------------------------------------------


Change = Callable[[dict[str, Any]], None]
"""A change to the base scenario's data, making it wrong in one way."""


def _unit(role: str, **fields: Any) -> Change:
    def change(d: dict[str, Any]) -> None:
        d["forces"][role].append(fields)
    return change


def _set(*keys: str | int, value: Any) -> Change:
    def change(d: dict[str, Any]) -> None:
        target: Any = d
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value
    return change


def _drop(*keys: str) -> Change:
    def change(d: dict[str, Any]) -> None:
        target: Any = d
        for k in keys[:-1]:
            target = target[k]
        del target[keys[-1]]
    return change


def _compose(*changes: Change) -> Change:
    def change(d: dict[str, Any]) -> None:
        for c in changes:
            c(d)
    return change


def check(tmp_path: Path, change: Change, expected: str) -> None:
    data = copy.deepcopy(base())
    change(data)
    message = refused(tmp_path, data)
    assert message.startswith(expected), message


def test_file_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=f"^{bad}: not valid TOML"):
        load_scenario(bad)
    with pytest.raises(ScenarioError, match="cannot read the scenario"):
        load_scenario(tmp_path / "gone.toml")


SCHEMA_CASES = [
    (_set("victroy", value={}), "the top level: unknown key 'victroy' (did you mean 'victory'?); allowed: name,"),
    (_set("forces", "attacker", 0, "hiden", value=True),
     "forces.attacker[0]: unknown key 'hiden' (did you mean 'hidden'?); allowed: id, type, at,"),
    (_set("forces", "attacker", 1, "experience", value="elite"),
     "forces.attacker[1].experience: input should be 'green', 'regular' or 'veteran' (got 'elite')"),
    (_drop("sides", "attacker", "break_at"), "sides.attacker.break_at: required and missing"),
    (_set("sides", "defender", "fire_missions", value={"he": -1}),
     "sides.defender.fire_missions.he: input should be greater than or equal to 0 (got -1)"),
    (_set("rules", "game_end", value="sunset"),
     "rules.game_end: input should be 'clock_short', 'clock_long' or 'turns' (got 'sunset')"),
]


@RULE("002", "Scale")
@pytest.mark.parametrize(("change", "expected"), SCHEMA_CASES)
def test_schema_problems_name_the_field_and_what_is_allowed(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


TERRAIN_CASES = [
    (_set("map", "rows", 1, value="..X..."),
     "map.rows: map row 1, column 2: unknown terrain code 'X'; allowed: open (.), swamp (~)"),
    (_set("map", "rows", 1, value="....."), "map.rows: map row 1 has 5 spaces, row 0 has 6"),
    (_set("map", "edges", value=["1,1 S w", "0,0 N B"]),
     "map.edges[1]: edge '0,0 N B': side N of (0, 0) is the board's border"),
    (_set("map", "edges", value=["1,1 S hedge"]), "map.edges[0]: unknown edge terrain 'hedge'; allowed:"),
    (_set("map", "roads", value=["9,9"]), "map.roads[0]: road at (9, 9) is off the 6 x 6 board"),
    (_compose(_set("sides", "attacker", "setup_zone", value=["0,2 5,5"]),
              _unit("attacker", id="a3", type="rifle_squad", at="2,2")),
     "forces.attacker[4].at: unit 'a3' (rifle squad) cannot be at 2,2: swamp is impassable to infantry (no road "
     "in (2, 2)); allowed: a space infantry may enter"),
]


@RULE("002", "Area Terrain")
@pytest.mark.parametrize(("change", "expected"), TERRAIN_CASES)
def test_map_and_terrain_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


SETUP_CASES = [
    (_set("forces", "attacker", 0, "type", value="rifel_squad"),
     "forces.attacker[0].type: unknown unit type 'rifel_squad' (did you mean 'rifle_squad'"),
    (_set("forces", "attacker", 0, "type", value="half_track"),
     "forces.attacker[0].facing: unit "),  # a vehicle now plays, and faces an edge (CF-65)
    (_set("forces", "attacker", 0, "at", value="7,5"),
     "forces.attacker[0].at: 7,5 is off the 6 x 6 map (columns 0-5, rows 0-5)"),
    (_set("forces", "attacker", 0, "at", value="0;5"),
     "forces.attacker[0].at: '0;5' is not a space; write col,row such as 3,2"),
    (_set("forces", "attacker", 0, "at", value="0,3"),
     "forces.attacker[0].at: unit 'a1' at 0,3 is outside the attacker's set-up zone (0,4 to 5,5) (reading CF-49)"),
    (_set("forces", "attacker", 0, "id", value="a 1"),
     "forces.attacker[0].id: 'a 1': an id is one word with no spaces, such as 1-2 or MG42"),
    (_set("forces", value={"attacker": {"id": "a1"}, "defender": []}),
     "forces.attacker: input should be a list (a TOML array) (and 1 more problem)"),
    (_set("forces", "defender", 1, "id", value="a1"),
     "forces.defender[1].id: 'a1' is already the id of forces.attacker[0]; every unit needs its own id"),
    (_compose(_unit("attacker", id="a3", type="mmg", at="1,5"), _unit("attacker", id="a4", type="sniper", at="1,5")),
     "forces.attacker[5].at: 1,5 would hold 'a2', 'fo', 'a3', 'a4': at most 3 units of a side to a space, no more "
     "than 2 of them squads, teams or guns (seed \"Stacking\")"),
    (_compose(*(_unit("attacker", id=f"b{i}", type="rifle_squad", at="3,5") for i in (1, 2, 3))),
     "forces.attacker[6].at: 3,5 would hold 'b1', 'b2', 'b3': at most 3 units"),
    (_compose(_set("sides", "attacker", "setup_zone", value=["0,0 5,5"]),
              _set("forces", "attacker", 0, "at", value="4,0")),
     "forces.attacker[0].at: unit 'a1' at 4,0 shares the space with the defender's unit 'mg'"),
    (_compose(_set("sides", "attacker", "setup_zone", value=["0,0 5,5"]),
              _set("forces", "attacker", 0, "at", value="5,1")),
     "forces.attacker[0].at: unit 'a1' at 5,1 touches the defender's unit 'mg' at 4,0; sides set up out of "
     "contact, not sharing an edge or corner (reading CF-49)"),
    (_set("sides", "attacker", "setup_zone", value=["5,5 0,4"]),
     "sides.attacker.setup_zone[0]: '5,5 0,4': write the top-left space first, then the bottom-right one"),
]


@RULE("002", "Stacking")
@pytest.mark.parametrize(("change", "expected"), SETUP_CASES)
def test_set_up_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


BLIND_CASES = [
    (_set("forces", "defender", 1, "hidden", value=True),
     "forces.defender[1].hidden: unit 'mg' at 4,0 is in the open (open, no wall or bocage on its edges); blinds "
     "go only where area terrain gives cover or an edge of the space is a wall or bocage (reading CF-46)"),
    (_unit("defender", id="d2", type="mmg", at="1,1"),
     "forces.defender[2].hidden: unit 'd2' is visible but 'd1' in the same space 1,1 is not; one blind covers "
     "a whole space"),
    (_set("sides", "defender", "dummy_blinds", value=["2,0", "5,0"]),
     "sides.defender.dummy_blinds[1]: a dummy blind at 5,0 is in the open"),
    (_set("sides", "defender", "dummy_blinds", value=["1,1"]),
     "sides.defender.dummy_blinds[0]: 1,1 holds the defender's own units; a dummy blind goes in an empty space"),
    (_set("sides", "defender", "dummy_blinds", value=["2,0", "2,0"]),
     "sides.defender.dummy_blinds[1]: 2,0 already has a dummy blind; one blind to a space"),
    (_set("sides", "defender", "dummy_blinds", value=["2,4"]),
     "sides.defender.dummy_blinds[0]: a dummy blind at 2,4 is outside the defender's set-up zone"),
    (_set("forces", "attacker", 0, "smoke_rounds", value=2),
     "forces.attacker[0].smoke_rounds: unit 'a1' (rifle squad): only light mortars fire smoke"),
]


@RULE("002", "Individual Unit Fire")
@pytest.mark.parametrize(("change", "expected"), BLIND_CASES)
def test_blind_and_hidden_set_up_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


@RULE("002", "Individual Unit Fire")
def test_a_blind_next_to_the_enemy_is_refused(tmp_path: Path) -> None:
    data = base()
    data["sides"]["defender"]["setup_zone"] = ["0,0 5,4"]
    data["sides"]["defender"]["dummy_blinds"] = ["2,4"]  # the orchard, touching a2 at 1,5
    assert refused(tmp_path, data) == (
        "forces.attacker[1].at: unit 'a2' at 1,5 touches the defender's blind at 2,4; sides set up out of contact, "
        "not sharing an edge or corner (reading CF-49)")
    data = base()
    data["sides"]["defender"]["setup_zone"] = ["0,0 5,3"]
    data["forces"]["defender"].append({"id": "d3", "type": "rifle_squad", "at": "3,3"})
    data["sides"]["attacker"]["dummy_blinds"] = ["2,4"]
    assert refused(tmp_path, data) == (
        "sides.attacker.dummy_blinds[0]: a dummy blind at 2,4 is in or next to the defender's unit 'd3' at 3,3; "
        "sides set up out of contact (reading CF-49)")


ARTILLERY_CASES = [
    (_set("forces", "attacker", 3, "type", value="scout"),
     "sides.attacker.fire_missions: 1 fire missions but no forward_observer in forces.attacker to call them"),
    (_set("sides", "attacker", "fire_missions", value={"he": 0, "smoke": 0}),
     "sides.attacker.fire_missions: forward observer 'fo' has no fire missions to call"),
]


@RULE("002", "Artillery")
@pytest.mark.parametrize(("change", "expected"), ARTILLERY_CASES)
def test_fire_mission_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


MINE_CASES = [
    (_set("minefields", value=[{"at": "3,2", "laid_by": "defender", "real": False, "marked": False}]),
     "minefields[0].marked: a dummy minefield is only a marker: it must be marked = true (reading CF-52)"),
    (_set("minefields", value=[{"at": "1,5", "laid_by": "defender", "real": True, "marked": True}]),
     "minefields[0].at: unit 'a2' starts in the minefield at 1,5; no unit starts in a mined space"),
    (_set("minefields", value=[{"at": "3,2", "laid_by": "defender", "real": True, "marked": True},
                               {"at": "3,2", "laid_by": "attacker", "real": True, "marked": False}]),
     "minefields[1].at: 3,2 is already a minefield; one to a space"),
    (_set("minefields", value=[{"at": "3,9", "laid_by": "defender", "real": True, "marked": True}]),
     "minefields[0].at: 3,9 is off the 6 x 6 map"),
    (_set("minefields", value=[{"at": "3,2", "laid_by": "nobody", "real": True, "marked": True}]),
     "minefields[0].laid_by: input should be 'attacker' or 'defender' (got 'nobody')"),
]


@RULE("002", "Mines (beta)")
@pytest.mark.parametrize(("change", "expected"), MINE_CASES)
def test_minefield_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


RULES_CASES = [
    (_set("rules", value={"game_end": "turns"}), "rules.turns: game_end = 'turns' needs the number of turns"),
    (_set("rules", value={"game_end": "clock_long", "turns": 5}),
     "rules.turns: game_end = 'clock_long' ends the game by the game clock; give turns only with game_end = 'turns'"),
    (_set("rules", value={"game_end": "turns", "turns": 5, "jokers": True}),
     "rules.jokers: jokers advance the game clock (reading CF-53), and a game of fixed turns has none"),
    (_set("map", "linear", value=["3,3 w 0,1/2 1,1/2"]),
     "map.linear: linear terrain is an optional rule (seed \"Linear Terrain (optional)\"): set "
     "rules.linear_terrain = true, or remove map.linear"),
    (_set("map", "linear", value=["3,3 w 0,1/2 2,1/2"]),
     "map.linear[0]: linear terrain in space (3, 3): point (2, 1/2) is outside the space"),
]


@RULE("002", "Game Clock (optional)")
@pytest.mark.parametrize(("change", "expected"), RULES_CASES)
def test_optional_rule_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


@RULE("002", "Initiative Deck")
def test_both_sides_the_same_colour_is_refused(tmp_path: Path) -> None:
    data = base()
    data["sides"]["defender"]["colour"] = "red"
    assert refused(tmp_path, data).startswith(
        "sides.defender.colour: both sides are red; the initiative deck needs one side red and the other black")


UNIT_CASES = [
    (_unit("attacker", id="gun", type="anti_tank_gun", at="3,5"),
     "forces.attacker[4].facing: unit 'gun' (anti-tank gun) faces an edge of its space (seed \"Facing\", reading "
     "CF-43); give facing = N, E, S or W"),
    (_set("forces", "attacker", 0, "facing", value="N"),
     "forces.attacker[0].facing: unit 'a1' (rifle squad): facing matters only for guns"),
    (_set("forces", "attacker", 0, "facing", value="NE"),
     "forces.attacker[0].facing: input should be 'N', 'E', 'S' or 'W' (got 'NE')"),
    (_unit("attacker", id="pl2", type="platoon_leader", at="3,5", platoon="1"),
     "forces.attacker[4].platoon: the '1' platoon already has a leader, 'pl'; one per platoon"),
    (_unit("attacker", id="pl2", type="platoon_leader", at="3,5"),
     "forces.attacker[4].platoon: unit 'pl2' (platoon leader) needs the platoon it leads (reading CF-44)"),
    (_compose(_unit("defender", id="cc", type="company_commander", at="4,0"),
              _unit("defender", id="cc2", type="company_commander", at="5,0")),
     "forces.defender[3].type: the defender already has a company commander, 'cc'; one per side"),
    (_unit("defender", id="cc", type="company_commander", at="4,0", platoon="1"),
     "forces.defender[2].platoon: unit 'cc' (company commander) leads the whole company; leave platoon out"),
]


@RULE("002", "Single Mounted Figures (SMFs)")
@pytest.mark.parametrize(("change", "expected"), UNIT_CASES)
def test_unit_entry_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


@RULE("002", "Bocage")
def test_occupying_bocage_needs_bocage(tmp_path: Path) -> None:
    data = base()
    data["forces"]["defender"][0]["occupies_bocage"] = True  # (1,1) has a wall, not bocage
    assert refused(tmp_path, data) == (
        "forces.defender[0].occupies_bocage: unit 'd1' at 1,1: the space has no bocage edge to occupy "
        "(seed \"Bocage\")")
    data["map"]["edges"] = ["1,1 S B"]
    assert load_scenario(write(tmp_path, data)).defender.units[0].occupies_bocage


VICTORY_CASES = [
    (_set("victory", "objectives", 0, "at", value="6,0"),
     "victory.objectives[0].at: 6,0 is off the 6 x 6 map (columns 0-5, rows 0-5)"),
    (_set("victory", "objectives", 0, "at", value="2,2"),
     "victory.objectives[0].at: objective 'the farm' cannot be at 2,2: swamp is impassable to infantry"),
    (_set("victory", "objectives", value=[{"name": "a", "at": "4,0", "points": 1},
                                          {"name": "b", "at": "4,0", "points": 1}]),
     "victory.objectives[1].at: 4,0 is already the objective 'a'; one objective to a space"),
    (_set("victory", "objectives", 0, "held_by", value="attacker"),
     "victory.objectives[0].held_by: 'attacker', but the defender's unit 'mg' starts in 'the farm' and so holds it "
     "(reading CF-54)"),
    (_set("victory", "objectives", 0, "points", value=0),
     "victory.objectives[0].points: input should be greater than or equal to 1 (got 0)"),
    (_set("sides", "attacker", "break_at", value=3),
     "sides.attacker.break_at: 3 is more than the 2 squads, teams and guns the attacker has; allowed: 1 to 2"),
    (_compose(_set("forces", "defender", value=[{"id": "s", "type": "sniper", "at": "4,0"}]),
              _set("victory", "objectives", value=[])),
     "forces.defender: a side needs at least one squad, team or gun"),
    (_set("victory", "ties", value="nobody"),
     "victory.ties: input should be 'attacker', 'defender' or 'draw' (got 'nobody')"),
]


@RULE("002", "Scale")
@pytest.mark.parametrize(("change", "expected"), VICTORY_CASES)
def test_victory_problems(tmp_path: Path, change: Change, expected: str) -> None:
    check(tmp_path, change, expected)


@RULE("002", "Scale")
def test_victory_defaults(tmp_path: Path) -> None:
    v = load_scenario(write(tmp_path, base())).victory
    assert (v.destroyed_unit, v.destroyed_leader, v.ties) == (1, 1, "defender")
    assert [(o.name, o.at, o.points, o.held_by) for o in v.objectives] == [("the farm", (4, 0), 2, "defender")]
