"""Company Fire's vehicles and anti-tank combat (seed 002, the Vehicles sections; readings CF-65 ... CF-89 in
docs/rulings.md).

Every expected number is worked out in the comments from the seed's text: the dice of "Attacking vehicles",
the rates of "Vehicle Movement", the arcs of "Vehicle Line of Sight" as CF-66 draws them. Positions are built
from the armoured scenario "Hedgerow Breakout" with units placed by hand.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import warroom
from warroom.core.chance import Card
from warroom.core.errors import UsageError
from warroom.core.game import load_game
from warroom.core.registry import procedures
from warroom.rulesets.company_fire import game as G
from warroom.rulesets.company_fire.game import ASSAULT, INDIVIDUAL, REACTION, VERB_INDEX, Action, CFState
from warroom.rulesets.company_fire.game.consequences import apply_result, assault_params
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.play import end_card
from warroom.rulesets.company_fire.game.scenario import SCENARIO_DIR, ScenarioError, load_scenario
from warroom.rulesets.company_fire.units import unit_type
from warroom.rulesets.company_fire.vehicles import in_front, in_front_or_sides, sees_in_arc, turn_steps

RULE = pytest.mark.rule
ROOT = Path(__file__).parents[1]
BREAKOUT = SCENARIO_DIR / "hedgerow_breakout.toml"
FIRE_CARD = Card(4, "H")  # an even card: a Fire card, red (the attacker's colour in Hedgerow Breakout)
FACE_CARD = Card(12, "H")


def odds(name: str, **params: object) -> dict[str, Fraction]:
    return dict(warroom.odds(f"company-fire/{name}", params).distribution)


def opening(seed: int = 1) -> CFState:
    return load_game("company-fire", BREAKOUT).initial_state(seed)  # type: ignore[return-value]


def setup(state: CFState, **changes: dict[str, object]) -> CFState:
    """The same position with units changed by id (``T1={"at": (3, 5), "facing": "E"}``)."""
    units = list(state.units)
    for uid, change in changes.items():
        i = state.game.index[uid]
        units[i] = units[i]._replace(**change)
    return state.replace(units=tuple(units), decisions=())


def on(state: CFState, card: Card | None, segment: int, phasing: str = "attacker") -> CFState:
    init = state.init._replace(card=card, segment=segment, phasing=phasing)
    return state.replace(init=init, decisions=())


def revealed(state: CFState) -> CFState:
    """Every defender unit set on the table (the dummy blind stays)."""
    return setup(state, **{uid: {"hidden": False} for uid in ("Ustuf", "schreck", "gren", "MG", "PaK")})


def moves(state: CFState, uid: str) -> set[tuple[int, int]]:
    return {a.space for a in state.legal_actions() if a.kind == "move" and a.unit == uid}  # type: ignore[misc]


def of(state: CFState, uid: str) -> G.UnitState:
    return state.units[state.game.index[uid]]


# --- the catalogue --------------------------------------------------------------------------------------


@RULE("002", "Vehicle Movement")
def test_vehicle_classes_carry_the_seeds_rates() -> None:
    # Seed "Vehicle Movement" table: off road / on road.
    expected = {"light_tank": (4, 5), "medium_tank": (3, 4), "heavy_tank": (2, 3), "light_tank_destroyer": (4, 5),
                "medium_tank_destroyer": (3, 4), "heavy_tank_destroyer": (2, 3), "half_track": (3, 5),
                "armoured_car": (3, 6), "truck": (3, 6)}
    for name, (off, on_road) in expected.items():
        v = unit_type(name).vehicle
        assert v is not None and (v.off_road, v.on_road) == (off, on_road), name
    # Tracked pivot 180, wheeled 90; TDs move and fire, tanks do not (seed "Attacking vehicles").
    assert unit_type("medium_tank").vehicle.tracked and not unit_type("armoured_car").vehicle.tracked  # type: ignore[union-attr]
    assert unit_type("medium_tank_destroyer").vehicle.moves_and_fires_gun  # type: ignore[union-attr]
    assert not unit_type("medium_tank").vehicle.moves_and_fires_gun  # type: ignore[union-attr]
    assert unit_type("medium_tank").counts_against_stacking_limit  # seed "Stacking": a vehicle counts


# --- geometry: arcs and the red zone (CF-66, CF-79) -----------------------------------------------------


@RULE("002", "Vehicle Line of Sight")
@RULE("002", "Determining \"Front\" armor attacks (the red zone)")
def test_front_and_side_arcs() -> None:
    at = (5, 5)
    # Facing N (row numbers grow to the south): straight ahead, and the diagonals ahead, are front.
    assert in_front(at, "N", (5, 4)) and in_front(at, "N", (4, 4)) and in_front(at, "N", (7, 3))
    # Two across, one ahead: outside the 90 degree cone, in the side arc.
    assert not in_front(at, "N", (7, 4)) and in_front_or_sides(at, "N", (7, 4))
    # Straight to the side: a side. Behind, and the diagonals behind: the rear.
    assert in_front_or_sides(at, "N", (8, 5)) and not in_front(at, "N", (8, 5))
    assert not in_front_or_sides(at, "N", (5, 6)) and not in_front_or_sides(at, "N", (4, 6))
    # Facing E: ahead is to the east.
    assert in_front(at, "E", (6, 5)) and not in_front(at, "E", (4, 5))
    # A buttoned-up tank facing N with its turret E sees the front of both only: (7, 5) east yes, (5, 7) south no.
    assert sees_in_arc(at, "N", "E", True, (7, 5)) and not sees_in_arc(at, "N", "E", True, (5, 7))
    # Unbuttoned, the crew sees the sides too: the turret facing E adds its sides, N and S: (5, 7) is seen.
    assert sees_in_arc(at, "N", "E", False, (5, 7))
    # A vehicle with no turret, unbuttoned, facing N: the rear (5, 7) is not seen.
    assert not sees_in_arc(at, "N", None, False, (5, 7))


@RULE("002", "Attacking vehicles")
def test_quarter_turns() -> None:
    # Tracked vehicles rotate up to 180 degrees (2 quarter turns), wheeled up to 90 (1).
    assert turn_steps("N", "S") == 2 and turn_steps("N", "E") == 1 and turn_steps("W", "N") == 1
    assert turn_steps("E", "E") == 0


# --- anti-tank fire: every reduction (seed "Attacking vehicles") ----------------------------------------


@RULE("002", "Attacking vehicles")
def test_a_main_gun_rolls_four_dice_and_hits_on_five_or_six() -> None:
    # 4d6, each hit 1/3. P(0) = (2/3)^4 = 16/81; P(1) = 4 (1/3)(2/3)^3 = 32/81; P(2) = 6 (1/9)(4/9) = 24/81;
    # P(3+) = 4 (1/27)(2/3) + 1/81 = 9/81. Hit table: 1 pinned, 2 suppressed, 3 destroyed.
    assert odds("anti-tank-fire", weapon="tank_gun", range=10) == {
        "good order": Fraction(16, 81), "pinned": Fraction(32, 81), "suppressed": Fraction(24, 81),
        "destroyed": Fraction(9, 81)}


@RULE("002", "Attacking vehicles")
@RULE("002", "Determining \"Front\" armor attacks (the red zone)")
def test_front_armour_and_cover_each_take_a_die() -> None:
    # 4d6 - 1 (front) - 1 (cover) = 2d6: P(0) = 4/9, P(1) = 2 (1/3)(2/3) = 4/9, P(2) = 1/9.
    assert odds("anti-tank-fire", weapon="tank_gun", range=5, front=True, cover=True) == {
        "good order": Fraction(4, 9), "pinned": Fraction(4, 9), "suppressed": Fraction(1, 9),
        "destroyed": Fraction(0)}


@RULE("002", "Attacking vehicles")
def test_the_bazooka_rolls_an_extra_die_at_two_spaces_or_less() -> None:
    # CF-75: 4d6 at 2 spaces (destroyed on 3+ hits: 9/81 = 1/9), 3d6 at 3 spaces (3 hits: 1/27).
    assert odds("anti-tank-fire", weapon="bazooka", range=2)["destroyed"] == Fraction(1, 9)
    assert odds("anti-tank-fire", weapon="panzerschreck", range=3)["destroyed"] == Fraction(1, 27)
    # PIAT and panzerfaust: 3d6 at up to 2 spaces, no extra die.
    assert odds("anti-tank-fire", weapon="piat", range=1)["destroyed"] == Fraction(1, 27)


@RULE("002", "Attacking vehicles")
@RULE("002", "Vehicle Unit Status")
def test_every_reduction_stacks() -> None:
    # Light gun, Move card, front, cover, heavy target, shooter pinned, turret turned: 4 - 7 = no dice (CF-6).
    assert odds("anti-tank-fire", weapon="light_tank_gun", range=3, card="move", front=True, cover=True,
                heavy_target=True, shooter_pinned=True, turret_rotated=True)["good order"] == 1
    # Light gun, heavy target and a pinned shooter: 4 - 3 = 1d6: pinned on 5-6, 1/3.
    assert odds("anti-tank-fire", weapon="light_anti_tank_gun", range=3, heavy_target=True,
                shooter_pinned=True) == {"good order": Fraction(2, 3), "pinned": Fraction(1, 3),
                                         "suppressed": Fraction(0), "destroyed": Fraction(0)}
    # A face card after moving takes the Move-card die (CF-4); without moving it does not.
    assert odds("anti-tank-fire", weapon="tank_gun", range=3, card="face", moved=True) == \
        odds("anti-tank-fire", weapon="tank_gun", range=3, cover=True)
    assert odds("anti-tank-fire", weapon="tank_gun", range=3, card="face")["destroyed"] == Fraction(9, 81)


@RULE("002", "Attacking vehicles")
def test_a_played_anti_tank_ruling_shows_dice_and_reductions() -> None:
    r = warroom.roll("company-fire/anti-tank-fire", {"weapon": "tank_gun", "range": 4, "front": True}, seed=2)
    assert [m.value for m in r.modifiers] == [-1]
    assert len(r.dice) == 1 and len(r.dice[0].faces) == 3  # 4d6 less the front die
    hits = sum(1 for f in r.dice[0].faces if f >= 5)
    assert r.result == ["good order", "pinned", "suppressed", "destroyed"][hits]
    assert "red zone" in str(r) and "CF-79" in str(r)


@RULE("002", "Attacking vehicles")
def test_anti_tank_fire_refuses_what_the_rules_forbid() -> None:
    with pytest.raises(UsageError, match="beyond the panzerfaust's range of 2 spaces"):
        warroom.odds("company-fire/anti-tank-fire", {"weapon": "panzerfaust", "range": 3})
    with pytest.raises(UsageError, match="fires only at vehicles"):
        warroom.odds("company-fire/anti-tank-fire", {"weapon": "piat", "range": 1, "target": "unit"})
    with pytest.raises(UsageError, match="has no turret"):
        warroom.odds("company-fire/anti-tank-fire", {"weapon": "anti_tank_gun", "range": 1, "turret_rotated": True})
    with pytest.raises(UsageError, match="use target=armoured"):
        warroom.odds("company-fire/anti-tank-fire", {"weapon": "tank_gun", "range": 1, "target": "soft",
                                                     "front": True})
    with pytest.raises(UsageError, match="may not fire"):
        warroom.odds("company-fire/anti-tank-fire", {"weapon": "tank_gun", "range": 1, "card": "fire", "moved": True})


@RULE("002", "Vehicle Unit Status")
@RULE("002", "Vehicle Opportunity Fire")
def test_a_pinned_vehicle_fires_its_mg_at_one_die_less() -> None:
    # Vehicle MG = MMG 3d6 (CF-77); pinned: 2d6 (CF-78): P(0) = 4/9.
    assert odds("individual-fire", weapon="vehicle_mg", range=3, shooter_pinned=True)["good order"] == Fraction(4, 9)
    # Op fire: 0 hits on 2d6 is 4/9, of which both dice 1 (1/36) also jams the MG: 4/9 - 1/36 = 5/12.
    op = odds("opportunity-fire", weapon="vehicle_mg", range=3, shooter_pinned=True)
    assert op["good order"] == Fraction(5, 12) and op["good order, MG jammed"] == Fraction(1, 36)
    with pytest.raises(UsageError, match="for a vehicle's MG"):
        warroom.odds("company-fire/individual-fire", {"weapon": "rifle_squad", "shooter_pinned": True})


@RULE("002", "Vehicle Close Assault")
@RULE("002", "Vehicle Unit Status")
def test_close_assault_vehicle_terms() -> None:
    # A lone pinned tank assaults: +3 tank, -1 pinned vehicle (CF-84) = +2 against a plain defender (no terms).
    # Opposed d6: attacker wins by 3+ when d_att - d_def >= 1: 15/36 = 5/12.
    d = odds("close-assault", att_good_order=0, att_pinned_vehicle=True, att_tank=True)
    assert d["attackers win by 3+: defenders destroyed"] == Fraction(5, 12)
    # The defender's bazooka squad counts +2 only because the attacker has a vehicle: margin 0 on equal dice.
    d2 = odds("close-assault", att_tank=True, def_at_weapons=True)  # +3 against +2: attacker +1
    assert d2["tie: losses 1:1"] == Fraction(5, 36)  # d_att - d_def = -1: 5/36
    with pytest.raises(UsageError, match="or a pinned vehicle"):
        warroom.odds("company-fire/close-assault", {"att_good_order": 0})


# --- the game: movement (seed "Vehicle Movement", CF-72) -----------------------------------------------


@RULE("002", "Vehicle Movement")
def test_road_rate_only_when_the_whole_move_is_on_road() -> None:
    s = on(opening(), None, INDIVIDUAL)
    # T2 (medium tank) at 4,8 on the lane: on road 4 spaces up the lane to 4,4; off road 3.
    m = moves(s, "T2")
    assert (4, 4) in m and (4, 3) not in m
    # 3,5 needs 4 steps and leaves the road: beyond the off-road 3. 1,8 is 3 steps (through friends at 3,8? no:
    # 3,8 is empty, 2,8 holds a squad and the leader: a tank may pass, 2 non-SMF units at most).
    assert (3, 5) not in m and (1, 8) in m and (0, 8) not in m


@RULE("002", "Vehicle Movement")
@RULE("002", "Vehicle Unit Status")
def test_pinned_vehicles_move_one_less_and_a_fire_card_halves_the_rate() -> None:
    s = on(setup(opening(), T2={"status": "pinned"}), None, INDIVIDUAL)
    m = moves(s, "T2")
    assert (4, 5) in m and (4, 4) not in m  # on road 4 - 1 = 3
    # Fire card: half the off-road rate, 3 // 2 = 1, after a Movement Test, on road or not.
    f = on(opening(), FIRE_CARD, INDIVIDUAL)
    assert moves(f, "T2") == {(4, 7), (3, 8), (5, 8)}
    # A pinned medium tank on a Fire card: 1 - 1 = 0, no move.
    fp = on(setup(opening(), T2={"status": "pinned"}), FIRE_CARD, INDIVIDUAL)
    assert moves(fp, "T2") == set()


@RULE("002", "Vehicle Facing")
@RULE("002", "Vehicle Movement")
def test_a_vehicle_faces_the_way_it_moved_and_may_fire_its_mg_after_but_not_its_main_gun() -> None:
    s = on(revealed(opening()), None, INDIVIDUAL)
    t = s.apply(Action("move", "T2", (3, 8)))  # 4,8 to 3,8: one step west
    assert of(t, "T2").at == (3, 8) and of(t, "T2").facing == "W" and of(t, "T2").turret == "N"
    # A tank may not move and fire its main gun on one card (seed "Attacking vehicles").
    assert not [a for a in t.legal_actions() if a.kind == "at_fire" and a.unit == "T2"]


@RULE("002", "Vehicle Movement")
@RULE("002", "Bocage")
def test_vehicles_do_not_cross_full_bocage() -> None:
    s = on(setup(opening(), T1={"at": (3, 4)}), None, INDIVIDUAL)
    options = s.move_options(s.game.index["T1"], "move")
    # 3,4 to 3,3 crosses full bocage: not for a vehicle. 4,4 to 4,3 is the lane's gate (partial): allowed,
    # so 3,3 is reached only round by the gate, in 3 of the medium tank's 3 steps.
    assert options[(4, 3)] == ((4, 4), (4, 3))
    assert options[(3, 3)] == ((4, 4), (4, 3), (3, 3))


# --- the game: pivots, turret, buttoning up (CF-68, CF-73) ----------------------------------------------


@RULE("002", "Attacking vehicles")
@RULE("002", "Vehicle Unit Status")
def test_pivot_turret_and_button_up_actions() -> None:
    s = on(opening(), None, INDIVIDUAL)
    acts = {(a.kind, a.facing) for a in s.legal_actions() if a.unit == "T1"}
    # Tracked: pivot to any of the other three edges; the turret to any other edge; button up on a Move card.
    assert {("pivot", "E"), ("pivot", "S"), ("pivot", "W"), ("turret", "E"), ("turret", "S"), ("turret", "W"),
            ("button_up", "")} <= acts
    assert ("pivot", "N") not in acts and ("turret", "N") not in acts
    t = s.apply(Action("pivot", "T1", facing="E"))
    assert of(t, "T1").facing == "E" and of(t, "T1").turret == "N"  # the turret keeps its compass direction
    assert not [a for a in t.legal_actions() if a.unit == "T1" and a.kind == "pivot"]  # once a card
    b = s.apply(Action("button_up", "T1"))
    assert of(b, "T1").status == "pinned"
    # Buttoned up, at the pinned rate: 3 - 1 = 2 off road.
    assert max(abs(x - 3) + abs(y - 7) for x, y in moves(b, "T1")) == 2
    # Not on a Fire card.
    assert "button_up" not in {a.kind for a in on(opening(), FIRE_CARD, INDIVIDUAL).legal_actions()}


def test_a_pivot_and_a_turret_turn_name_their_edge_and_keep_their_codes() -> None:
    # One kind each, the edge in ``facing``; each edge keeps the code it had when it was a kind of its own, 27 ...
    # 34 (pivot N, E, S, W, then turret N, E, S, W), and its words: records and learning environments read both.
    assert [VERB_INDEX[(k, f)] for k in ("pivot", "turret") for f in "NESW"] == list(range(27, 35))
    g = opening().game
    nu, ns = len(g.ids) + 1, len(g.spaces) + 1
    t1 = g.index["T1"]
    assert g.encode(Action("pivot", "T1", facing="E")) == ((28 * nu + t1) * ns + ns - 1) * nu + nu - 1
    for f in "NESW":
        for a in (Action("pivot", "T1", facing=f), Action("turret", "T1", facing=f)):
            assert g.decode(g.encode(a)) == a
    assert str(Action("pivot", "T1", facing="E")) == "T1 pivots to face E"
    assert str(Action("turret", "T1", facing="S")) == "T1 turns its turret to S"
    for wrong in (Action("pivot", "T1"), Action("turret", "T1", facing="X"), Action("fire", "T1", (3, 5), facing="N")):
        with pytest.raises(UsageError, match="is not a Company Fire action"):
            g.encode(wrong)


@RULE("002", "Initiative and Phase Sequence")
@RULE("002", "Attacking vehicles")
def test_a_vehicles_card_limits_come_off_with_the_card() -> None:
    # A pivot, a turret turn and a main-gun shot are each once a card (seed "Attacking vehicles", CF-73, CF-74):
    # when the card is done they come off with the other markers of the phase, so a tank that did all three
    # may do them again on the next card.
    s = setup(on(opening(), None, INDIVIDUAL), T1={"pivoted": True, "turned": True, "at_fired": True, "moved": True})
    assert not [a for a in s.legal_actions() if a.unit == "T1" and a.kind in ("pivot", "turret")]
    play = Play(s)
    end_card(play)
    t = play.freeze()
    u = of(t, "T1")
    assert not (u.pivoted or u.turned or u.at_fired or u.moved)
    again = {(a.kind, a.facing) for a in on(t, None, INDIVIDUAL).legal_actions() if a.unit == "T1"}
    assert {("pivot", "E"), ("pivot", "S"), ("pivot", "W"), ("turret", "E"), ("turret", "S"), ("turret", "W")} <= again


@RULE("002", "Attacking vehicles")
def test_wheeled_vehicles_pivot_ninety_degrees(tmp_path: Path) -> None:
    text = BREAKOUT.read_text().replace('type = "medium_tank"\nname = "Sherman \'Cannonball\'"',
                                        'type = "armoured_car"\nname = "M8 Greyhound"')
    path = tmp_path / "wheeled.toml"
    path.write_text(text)
    s = on(load_game("company-fire", path).initial_state(1), None, INDIVIDUAL)  # type: ignore[arg-type]
    pivots = {a.facing for a in s.legal_actions() if a.unit == "T1" and a.kind == "pivot"}
    assert pivots == {"E", "W"}  # facing N: 90 degrees either way, not 180


# --- the game: anti-tank fire from a position ------------------------------------------------------------


@RULE("002", "Attacking vehicles")
@RULE("002", "Determining \"Front\" armor attacks (the red zone)")
def test_a_panzerschreck_from_the_side_and_from_the_front() -> None:
    # T1 at 3,5 facing N; the panzerschreck squad at 3,3 is 2 spaces straight ahead: in the red zone.
    base = revealed(opening())
    s = on(setup(base, T1={"at": (3, 5)}, schreck={"at": (3, 3)}), FIRE_CARD, INDIVIDUAL, phasing="defender")
    front = s.odds(Action("at_fire", "schreck", (3, 5), "T1"))["T1"]
    # 4d6 at 2 spaces (CF-75), -1 front = 3d6: destroyed 1/27; T1 in the open, no cover.
    assert front["destroyed"] == Fraction(1, 27)
    # Pivoted to face E, the tank shows its side: 4d6, destroyed 9/81.
    side = setup(s, T1={"facing": "E"})
    assert side.odds(Action("at_fire", "schreck", (3, 5), "T1"))["T1"]["destroyed"] == Fraction(9, 81)


@RULE("002", "Attacking vehicles")
@RULE("002", "Vehicle Line of Sight")
def test_a_main_gun_fires_through_its_turret_and_the_mg_through_the_bow() -> None:
    base = revealed(opening())
    # T1 at 3,6 facing N, turret N. The MMG revealed at 6,4: dx 3, dy -2 ahead: outside the front cone of N
    # (across 3 > along 2), so neither the MG nor the main gun may fire at it; turn the turret E and the gun may.
    s = on(setup(base, T1={"at": (3, 6)}, MG={"at": (6, 4)}), FACE_CARD, INDIVIDUAL)
    assert Action("at_fire", "T1", (6, 4), "MG") not in s.legal_actions()
    assert Action("fire", "T1", (6, 4)) not in s.legal_actions()
    t = s.apply(Action("turret", "T1", facing="E"))
    assert Action("at_fire", "T1", (6, 4), "MG") in t.legal_actions()
    # Main gun at a team (CF-76): 4d6, -1 the turret turned this card = 3d6; the MG in the open.
    assert t.odds(Action("at_fire", "T1", (6, 4), "MG"))["MG"]["good order"] == Fraction(8, 27)


@RULE("002", "Attacking vehicles")
def test_small_arms_do_not_target_armoured_vehicles() -> None:
    base = revealed(opening())
    s = on(setup(base, T1={"at": (5, 5)}, gren={"at": (5, 3)}), FIRE_CARD, INDIVIDUAL, phasing="defender")
    acts = [a for a in s.legal_actions() if a.unit == "gren"]
    assert Action("fire", "gren", (5, 5)) not in acts  # only an armoured vehicle there (CF-71)
    assert Action("at_fire", "gren", (5, 5), "T1") in acts  # the panzerfaust, 2 spaces


@RULE("002", "Vehicle Hit Results")
def test_a_suppressed_vehicle_moves_one_space_away() -> None:
    base = revealed(opening())
    s = on(setup(base, T1={"at": (3, 5)}, schreck={"at": (3, 3)}), FIRE_CARD, INDIVIDUAL, phasing="defender")
    p = Play(s)
    apply_result(p, s.game.index["T1"], "suppressed", "anti_tank", (3, 3))
    # Away from 3,3 (range 2): 3,6 (range 3), 2,5 or 4,5 (range 3): three spaces, so the attacker decides.
    assert p.decisions and p.decisions[0].kind == "ca_retreat" and p.decisions[0].side == "attacker"
    state = p.freeze()
    assert {a.space for a in state.legal_actions()} == {(3, 6), (2, 5), (4, 5)}
    after = state.apply(Action("retreat", "T1", (3, 6)))
    assert of(after, "T1").at == (3, 6) and of(after, "T1").facing == "N"  # it backs away


@RULE("002", "Vehicle Opportunity Fire")
def test_a_buttoned_tank_op_fires_its_mg_only_within_four_spaces() -> None:
    base = revealed(opening())
    s = setup(base, T1={"at": (3, 7), "status": "pinned"})
    g = s.game
    t1, schreck = g.index["T1"], g.index["schreck"]
    # A squad entering 3,2 (5 spaces ahead): beyond the buttoned MG's 4 (seed "Vehicle Opportunity Fire").
    assert s.op_weapon(t1, (3, 2), schreck) is None
    # At 3,3 (4 ahead): the MG may.
    assert s.op_weapon(t1, (3, 3), schreck) == "small"
    # Good order: MG out to 10.
    assert setup(s, T1={"status": "good_order"}).op_weapon(t1, (3, 2), schreck) == "small"


@RULE("002", "Vehicle Close Assault")
def test_close_assault_reads_the_vehicle_terms_from_the_position() -> None:
    base = revealed(opening())
    s = on(setup(base, T1={"at": (2, 4)}, sq1={"at": (2, 4)}), None, ASSAULT)
    g = s.game
    params = assault_params(s, [g.index["T1"], g.index["sq1"]], (2, 4), [g.index["schreck"]], (2, 3))
    # T1 faces N: the enemy's space 2,3 is straight ahead, so its MG counts (+1); a tank (+3); the defenders'
    # panzerschreck counts against the tank (+2).
    assert params["att_vehicle_mgs"] == 1 and params["att_tank"] and not params["att_afv"]
    assert params["def_at_weapons"] and params["att_vehicle"] and params["att_good_order"] == 2
    facing_away = setup(s, T1={"facing": "S"})
    assert assault_params(facing_away, [g.index["T1"]], (2, 4), [g.index["schreck"]], (2, 3))[
        "att_vehicle_mgs"] == 0


@RULE("002", "Non-Phasing Reaction Fire")
@RULE("002", "Attacking vehicles")
def test_reaction_fire_with_an_anti_tank_gun() -> None:
    base = revealed(opening())
    s = on(setup(base, T1={"at": (4, 3)}), Card(13, "H"), REACTION)
    # The PaK at 3,2 faces S: T1 in the gate at 4,3 is one ahead and one across, in its arc (CF-66).
    assert Action("at_fire", "PaK", (4, 3), "T1") in s.legal_actions()
    # Behind the hedge at 3,5 the tank is out of its LOS (full bocage on 3,3's south edge): the gun has nothing
    # to fire at (it may still pivot, CF-105).
    hidden = on(setup(base, T1={"at": (3, 5)}), Card(13, "H"), REACTION)
    assert not [a for a in hidden.legal_actions() if a.unit == "PaK" and a.kind in ("at_fire", "fire")]
    # Pivoted to face N, the gun cannot fire at 4,3 behind it.
    assert Action("at_fire", "PaK", (4, 3), "T1") not in setup(s, PaK={"facing": "N"}).legal_actions()


# --- scenarios and readings -------------------------------------------------------------------------------


@RULE("002", "Vehicles")
def test_vehicle_set_up_is_checked(tmp_path: Path) -> None:
    text = BREAKOUT.read_text()
    for old, new, message in (
        ('at = "3,7"\nfacing = "N"', 'at = "3,7"', "faces an edge"),
        ('at = "3,7"\nfacing = "N"', 'at = "3,7"\nfacing = "N"\nhidden = true', "does not start under a blind"),
        ('id = "sq1"\ntype = "rifle_squad"', 'id = "sq1"\ntype = "rifle_squad"\nturret = "N"', "has no turret"),
    ):
        path = tmp_path / "bad.toml"
        path.write_text(text.replace(old, new, 1))
        with pytest.raises(ScenarioError, match=message):
            load_scenario(path)


def test_every_company_fire_reading_cited_is_written_down() -> None:
    docs = (ROOT / "docs" / "rulings.md").read_text() + "".join(
        p.read_text() for p in sorted((ROOT / "docs" / "rulings.d").glob("*.md")))
    written = set(re.findall(r"^\| (CF-\d+) \|", docs, re.M))
    from warroom.rulesets.company_fire.vehicles import VEHICLE_READINGS

    for spec in procedures():
        if spec.id.startswith("company-fire/"):
            for reading in spec.rule.readings:
                assert reading in written, f"{spec.id} cites {reading}"
    assert set(VEHICLE_READINGS) <= written
    assert {f"CF-{n}" for n in range(65, 90)} <= written


@RULE("002", "Attacking vehicles")
@RULE("002", "Vehicle Unit Status")
def test_an_armoured_car_may_move_and_fire_its_gun(tmp_path: Path) -> None:
    # "Tanks may not move and attack with their main gun on the same card" names tanks; the seed sets armoured
    # cars apart from tanks ("Tanks and closed top: tank destroyers, armored cars, scout cars, etc."), so an
    # armoured car moves and then fires its gun (reading CF-150), where the tank beside it may not.
    assert unit_type("armoured_car").vehicle.moves_and_fires_gun  # type: ignore[union-attr]
    text = BREAKOUT.read_text().replace('type = "medium_tank"\nname = "Sherman \'Cyclone\'"',
                                        'type = "armoured_car"\nname = "M8 Greyhound"')
    path = tmp_path / "car.toml"
    path.write_text(text)
    move_card = Card(5, "H")  # an odd card: a Move card
    car = on(revealed(load_game("company-fire", path).initial_state(1)), move_card, INDIVIDUAL)  # type: ignore[arg-type]
    tank = on(revealed(opening()), move_card, INDIVIDUAL)
    for s in (car, tank):
        to = next(a for a in s.legal_actions() if a.kind == "move" and a.unit == "T2" and a.space == (1, 8))
        t = s.apply(to)  # 4,8 to 1,8: from there the German grenadiers at 5,3 are in the gun's sight
        guns = [str(a) for a in t.legal_actions() if a.kind == "at_fire" and a.unit == "T2"]
        if s is car:
            assert "T2 fires its anti-tank weapon at gren in 5,3" in guns
        else:
            assert guns == []  # the Sherman: "Tanks may not move and attack with their main gun"
