"""Company Fire's transport: infantry riding in half-tracks and trucks (seed 002 "Stacking", the Vehicles
sections; readings CF-90 ... CF-96 in docs/rulings.md).

Positions are built from the transport scenario "Cobra Breakout" (three M3 half-tracks, each with a squad
aboard, the platoon leader riding in HT1) with units placed by hand. Every expectation is worked out in the
comments from the seed's stacking rule and the readings, not read back from the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import warroom
from warroom.core.chance import Card
from warroom.core.game import load_game
from warroom.rulesets.company_fire import game as G
from warroom.rulesets.company_fire.game import ASSAULT, INDIVIDUAL, RALLY, VERB_INDEX, Action, CFState, Mission
from warroom.rulesets.company_fire.game.artillery import artillery_arrives
from warroom.rulesets.company_fire.game.consequences import apply_result, assault_params, eliminate
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.morale import do_sacrifice
from warroom.rulesets.company_fire.game.scenario import SCENARIO_DIR, ScenarioError, load_scenario

RULE = pytest.mark.rule
ROOT = Path(__file__).parents[1]
COBRA = SCENARIO_DIR / "cobra_breakout.toml"
MOVE_CARD = Card(3, "H")  # odd: a Move card; hearts are red, the attacker's colour in Cobra Breakout
FIRE_CARD = Card(4, "H")  # even: a Fire card
FACE_CARD = Card(12, "H")  # a face card: move and fire
DEFENDER_FIRE = Card(4, "S")


def opening(seed: int = 1) -> CFState:
    return load_game("company-fire", COBRA).initial_state(seed)  # type: ignore[return-value]


def setup(state: CFState, **changes: dict[str, object]) -> CFState:
    """The same position with units changed by id; ``riding`` given as the carrier's id."""
    g = state.game
    units = list(state.units)
    for uid, change in changes.items():
        change = dict(change)
        if isinstance(change.get("riding"), str):
            change["riding"] = g.index[change["riding"]]  # type: ignore[index]
        i = g.index[uid]
        units[i] = units[i]._replace(**change)
    return state.replace(units=tuple(units), decisions=())


def on(state: CFState, card: Card | None, segment: int, phasing: str = "attacker") -> CFState:
    init = state.init._replace(card=card, segment=segment, phasing=phasing)
    return state.replace(init=init, decisions=())


def of(state: CFState, uid: str) -> G.UnitState:
    return state.units[state.game.index[uid]]


def mine(state: CFState, uid: str) -> list[Action]:
    return [a for a in state.legal_actions() if a.unit == uid]


def revealed(state: CFState) -> CFState:
    return setup(state, **{uid: {"hidden": False} for uid in ("mg", "pf", "g2")})


# --- set-up -------------------------------------------------------------------------------------------------


@RULE("002", "Stacking")
@RULE("002", "Vehicles")
def test_riders_start_aboard_and_do_not_count_for_stacking() -> None:
    s = opening()
    g = s.game
    # CF-90: a half-track takes one squad or team and one SMF.
    assert g.carries[g.index["HT1"]] == (1, 1) and g.carries[g.index["1sq"]] == (0, 0)
    assert of(s, "1sq").riding == g.index["HT1"] and of(s, "PL").riding == g.index["HT1"]
    assert of(s, "bz").riding == g.index["HT3"] and of(s, "HT1").riding == -1
    # 3,8 holds HT1 with 1sq and PL aboard: on foot only HT1 (one of the two non-SMFs a space takes).
    assert of(s, "1sq").at == of(s, "HT1").at == (3, 8)
    assert G.invariants(s) == []
    # A tank carries nothing (CF-90).
    ford = load_game("company-fire", SCENARIO_DIR / "ambush_at_the_ford.toml")
    assert ford.carries[ford.index["P1"]] == (0, 0) and ford.carries[ford.index["SPW"]] == (1, 1)  # type: ignore[attr-defined]


@RULE("002", "Stacking")
@RULE("002", "Vehicles")
def test_the_loader_refuses_riders_the_rules_do_not_allow(tmp_path: Path) -> None:
    text = COBRA.read_text()
    for old, new, message in (
        ('riding = "HT2"', 'riding = "HT9"', "not one of the attacker's half-tracks or trucks"),
        ('riding = "HT2"', 'riding = "bz"', "not one of the attacker's half-tracks or trucks"),
        ('at = "4,8"\nriding = "HT2"', 'at = "4,8"\nriding = "HT1"', "rides in 'HT1' at 3,8: set it up at the same"),
        ('at = "4,8"\nriding = "HT2"', 'at = "3,8"\nriding = "HT1"', "carries 1 squad or team and 1 SMF"),
        ('at = "4,8"\nriding = "HT2"', 'at = "4,8"\nriding = "HT2"\nhidden = true', "neither hidden nor"),
        ('id = "2sq"\ntype = "rifle_squad"', 'id = "2sq"\ntype = "half_track"\nfacing = "N"',
         "only squads, weapon teams and SMFs ride"),
    ):
        path = tmp_path / "bad.toml"
        path.write_text(text.replace(old, new, 1))
        with pytest.raises(ScenarioError, match=re.escape(message)):
            load_scenario(path)
    # Riders are left out of the count, units on foot are not: HT2 and 2sq on foot at 3,8 with HT1 make three
    # non-SMFs (seed "Stacking": no more than two).
    path = tmp_path / "crowded.toml"
    path.write_text(text.replace('at = "4,8"\nfacing', 'at = "3,8"\nfacing', 1)
                    .replace('at = "4,8"\nriding = "HT2"', 'at = "3,8"', 1))
    with pytest.raises(ScenarioError, match="no more than 2"):
        load_scenario(path)


# --- mounting and dismounting ---------------------------------------------------------------------------------


@RULE("002", "Stacking")
@RULE("002", "Movement")
def test_a_squad_mounts_a_carrier_in_its_space_on_a_move_card() -> None:
    base = setup(opening(), **{"1sq": {"riding": -1}})  # 1sq on foot beside HT1 at 3,8
    s = on(base, MOVE_CARD, INDIVIDUAL)
    assert Action("mount", "1sq", None, "HT1") in mine(s, "1sq")
    assert not [a for a in mine(s, "1sq") if a.kind == "mount" and a.other != "HT1"]  # HT2 is at 4,8
    # Not on a Fire card (CF-91), not into a suppressed carrier, not into a full one (one squad, CF-90).
    assert not [a for a in mine(on(base, FIRE_CARD, INDIVIDUAL), "1sq") if a.kind == "mount"]
    assert Action("mount", "1sq", None, "HT1") not in mine(on(setup(base, HT1={"status": "suppressed"}),
                                                              MOVE_CARD, INDIVIDUAL), "1sq")
    full = setup(base, HT2={"at": (2, 8)}, **{"2sq": {"at": (3, 8), "riding": "HT1"}})
    assert Action("mount", "1sq", None, "HT1") not in mine(on(full, MOVE_CARD, INDIVIDUAL), "1sq")
    # Mounting is the squad's action for the card; the half-track may then drive off with it.
    after = s.apply(Action("mount", "1sq", None, "HT1"))
    assert of(after, "1sq").riding == s.game.index["HT1"] and of(after, "1sq").done
    assert "1sq (rifle squad) mounts HT1 (M3 'Able', half-track) in 3,8 (CF-91)" in after.narration()
    drive = next(a for a in mine(after, "HT1") if a.kind == "move" and a.space == (3, 6))
    moved = after.apply(drive)
    # Each step is a space entered (op fire may be offered on the way): the riders are wherever HT1 is.
    while moved.decisions:
        moved = moved.apply(Action("pass"))
    assert of(moved, "HT1").at == (3, 6) and of(moved, "1sq").at == (3, 6) and of(moved, "PL").at == (3, 6)
    assert G.invariants(moved) == []


@RULE("002", "Stacking")
def test_dismounting_obeys_the_stacking_limit() -> None:
    # HT2 (2sq and, here, PL aboard) and HT3 (bz aboard) share 4,8: on foot, two non-SMFs already.
    s = on(setup(opening(), HT3={"at": (4, 8)}, bz={"at": (4, 8)}, PL={"at": (4, 8), "riding": "HT2"}),
           MOVE_CARD, INDIVIDUAL)
    assert G.invariants(s) == []
    # Seed "Stacking": no more than two of a space's three units may be vehicles, squads, teams or guns, so
    # 2sq cannot get down (it would be a third); the SMF makes three units, two of them non-SMFs: allowed.
    assert not [a for a in mine(s, "2sq") if a.kind == "dismount"]
    assert Action("dismount", "PL", (4, 8)) in mine(s, "PL")
    # With HT3 gone, 2sq may: HT2 and 2sq are two non-SMFs.
    alone = on(setup(s, HT3={"at": (5, 8)}, bz={"at": (5, 8)}), MOVE_CARD, INDIVIDUAL)
    after = alone.apply(Action("dismount", "2sq", (4, 8)))
    assert of(after, "2sq").riding == -1 and of(after, "2sq").at == (4, 8) and of(after, "2sq").done
    assert of(after, "HT2").at == (4, 8)


@RULE("002", "Stacking")
@RULE("002", "Initiative and Phase Sequence")
def test_the_vehicle_drops_them_somewhere_else_and_on_a_face_card_they_fire() -> None:
    base = revealed(opening())
    # HT2 with 2sq aboard has driven to 4,4 this card; the German squad g1 is at 5,1, 4 spaces off (edge steps).
    s = on(setup(base, HT2={"at": (4, 4), "moved": True}, **{"2sq": {"at": (4, 4)}}), FACE_CARD, INDIVIDUAL)
    assert [a.kind for a in mine(s, "2sq")] == ["dismount"]  # aboard it may only get down
    after = s.apply(Action("dismount", "2sq", (4, 4)))
    # On a face card the dismount is the squad's move; it may still fire (rifle squad, 6 spaces).
    assert not of(after, "2sq").done
    assert Action("fire", "2sq", (5, 1)) in mine(after, "2sq")
    assert not [a for a in mine(after, "2sq") if a.kind in ("move", "dismount", "mount")]
    # On a Move card it is the whole card (CF-4): done.
    plain = on(s, MOVE_CARD, INDIVIDUAL).apply(Action("dismount", "2sq", (4, 4)))
    assert of(plain, "2sq").done and not mine(plain, "2sq")


@RULE("002", "Vehicle Unit Status")
def test_a_suppressed_rider_stays_aboard_and_may_rally() -> None:
    s = setup(opening(), **{"2sq": {"status": "suppressed"}})
    assert not [a for a in mine(on(s, MOVE_CARD, INDIVIDUAL), "2sq") if a.kind == "dismount"]
    assert Action("rally", "2sq") in mine(on(s, MOVE_CARD, RALLY), "2sq")


# --- riders in combat -------------------------------------------------------------------------------------------


@RULE("002", "Attacking vehicles")
@RULE("002", "Individual Unit Fire")
def test_fire_is_at_the_carrier_never_its_riders() -> None:
    base = revealed(opening())
    s = on(setup(base, HT2={"at": (4, 4)}, **{"2sq": {"at": (4, 4)}}), DEFENDER_FIRE, INDIVIDUAL, "defender")
    # g1 at 5,1 sees 4,4 at 4 spaces: the space holds an armoured half-track and its riders only, so it is
    # no small-arms target (CF-71, CF-93).
    assert Action("fire", "g1", (4, 4)) not in mine(s, "g1")
    on_foot = on(setup(s, **{"2sq": {"riding": -1}}), DEFENDER_FIRE, INDIVIDUAL, "defender")
    assert Action("fire", "g1", (4, 4)) in mine(on_foot, "g1")
    # The panzerfaust at 6,3 (HT2 moved to 6,5, 2 spaces): it fires at the half-track, never at 2sq.
    pf = on(setup(base, HT2={"at": (6, 5)}, **{"2sq": {"at": (6, 5)}}), DEFENDER_FIRE, INDIVIDUAL, "defender")
    shots = [a for a in mine(pf, "pf") if a.kind == "at_fire"]
    assert shots == [Action("at_fire", "pf", (6, 5), "HT2")]


@RULE("002", "Opportunity Fire")
@RULE("002", "Close Assault")
def test_riders_neither_fire_nor_op_fire_nor_assault() -> None:
    base = revealed(opening())
    # HT1 (PL, 1sq aboard) at 5,3, next to nothing; HT2 (2sq aboard) at 5,2, next to g1 at 5,1.
    s = setup(base, HT2={"at": (5, 2)}, **{"2sq": {"at": (5, 2)}})
    g = s.game
    assert not s.may_op_fire(g.index["2sq"], (5, 1)) and s.op_weapon(g.index["2sq"], (5, 1), -1) is None
    assault = on(s, MOVE_CARD, ASSAULT)
    assert not mine(assault, "2sq")  # it must dismount first
    assert Action("assault", "HT2", (5, 1)) in mine(assault, "HT2")
    # g1 assaulting HT2's space: only HT2 defends (CF-93): the same odds as a space with HT2 alone.
    d = on(s, MOVE_CARD, ASSAULT, "defender")
    odds = d.odds(Action("assault", "g1", (5, 2)))
    params = assault_params(d, [g.index["g1"]], (5, 1), [g.index["HT2"]], (5, 2))
    assert odds["close assault on 5,2"] == dict(warroom.odds("company-fire/close-assault", params).distribution)
    assert params["def_good_order"] == 1 and params["def_afv"]  # the half-track alone, +2 another AFV


@RULE("002", "Artillery")
def test_artillery_he_rolls_for_riders_too() -> None:
    s = on(setup(opening(), HT2={"at": (4, 4)}, **{"2sq": {"at": (4, 4)}}), DEFENDER_FIRE, 0, "defender")
    p = Play(s)
    p.declared = [Mission("defender", s.game.index["Lt"], (4, 4), "he", True)]
    artillery_arrives(p)
    text = "\n".join(line.text for line in p.log)
    # Seed "Artillery": every unit in the target space, riders included (open-topped carriers, CF-93).
    assert "on HT2 (M3 'Baker', half-track)" in text and "on 2sq (rifle squad)" in text


# --- when the carrier is hit ------------------------------------------------------------------------------------


@RULE("002", "Vehicle Hit Results")
def test_a_suppressed_carrier_pins_its_riders_and_takes_them_along() -> None:
    base = revealed(opening())
    s = on(setup(base, HT2={"at": (6, 5)}, **{"2sq": {"at": (6, 5)}}), DEFENDER_FIRE, INDIVIDUAL, "defender")
    p = Play(s)
    apply_result(p, s.game.index["HT2"], "suppressed", "anti_tank", (6, 3))
    state = p.freeze()
    # CF-94: 2sq (good order) is shaken: pinned.
    assert of(state, "2sq").status == "pinned" and of(state, "HT2").status == "suppressed"
    assert "riding in HT2 (M3 'Baker', half-track), is pinned with it (CF-94)" in "\n".join(state.narration())
    # CF-70: away from 6,3 (range 2): 6,6 (3), 5,5 or 7,5 (3): the attacker chooses; 2sq goes too (CF-92).
    assert state.decisions[0].kind == "ca_retreat"
    assert {a.space for a in state.legal_actions()} == {(6, 6), (5, 5), (7, 5)}
    after = state.apply(Action("retreat", "HT2", (5, 5)))
    assert of(after, "HT2").at == of(after, "2sq").at == (5, 5)
    assert G.invariants(after) == []


@RULE("002", "Vehicle Hit Results")
@RULE("002", "Single Mounted Figures (SMFs)")
def test_a_destroyed_carrier_throws_out_its_riders() -> None:
    base = setup(opening(), HT2={"at": (4, 4)}, **{"2sq": {"at": (4, 4)}})
    g = base.game
    p = Play(base)
    eliminate(p, g.index["HT2"], "destroyed")
    s = p.freeze()
    # CF-94: 2sq bails out into 4,4, suppressed; the half-track is off the table.
    assert of(s, "HT2").at is None and of(s, "2sq").at == (4, 4)
    assert of(s, "2sq").status == "suppressed" and of(s, "2sq").riding == -1
    assert "2sq (rifle squad) bails out of HT2 (M3 'Baker', half-track) in 4,4 (CF-94)" in s.narration()
    assert "2sq (rifle squad) is suppressed as it bails out (CF-94)" in s.narration()
    # Already suppressed, it is destroyed ("suppressed a second time").
    p = Play(setup(base, **{"2sq": {"status": "suppressed"}}))
    eliminate(p, g.index["HT2"], "destroyed")
    assert of(p.freeze(), "2sq").status == "destroyed"
    # HT1 with 1sq and PL: 1sq bails out suppressed and PL stays with it; PL alone aboard is eliminated with the
    # carrier (seed "SMFs are eliminated if they are in a grid-space with non-SMF units and those units are
    # eliminated").
    p = Play(base)
    eliminate(p, g.index["HT1"], "destroyed")
    both = p.freeze()
    assert of(both, "PL").status == "good_order" and of(both, "PL").at == (3, 8) and of(both, "PL").riding == -1
    assert of(both, "1sq").status == "suppressed"
    p = Play(setup(base, **{"1sq": {"riding": -1, "at": (2, 8)}}))
    eliminate(p, g.index["HT1"], "destroyed")
    alone = p.freeze()
    assert of(alone, "PL").status == "destroyed" and of(alone, "PL").at is None
    assert G.invariants(alone) == []


@RULE("002", "Vehicle Hit Results")
@RULE("002", "Single Mounted Figures (SMFs)")
def test_a_carrier_saved_by_its_leader_is_left_suppressed_with_its_riders_shaken() -> None:
    # HT1 carries 1sq and PL. A destroying result on HT1 offers PL's sacrifice (seed "SMFs", CF-61): HT1 stays,
    # suppressed, and 1sq (good order) is pinned with it as with any suppression of its carrier (CF-94).
    base = opening()
    g = base.game
    p = Play(base)
    do_sacrifice(p, Action("sacrifice", "HT1", None, "PL"), g.index["HT1"])
    s = p.freeze()
    assert of(s, "PL").status == "destroyed"
    assert of(s, "HT1").status == "suppressed" and of(s, "1sq").status == "pinned"
    assert of(s, "1sq").riding == g.index["HT1"]
    assert G.invariants(s) == []


@RULE("002", "Vehicle Hit Results")
def test_a_pinned_carrier_leaves_its_riders_alone() -> None:
    s = setup(opening(), HT2={"at": (4, 4)}, **{"2sq": {"at": (4, 4)}})
    p = Play(s)
    apply_result(p, s.game.index["HT2"], "pinned", "anti_tank", (4, 1))
    after = p.freeze()
    assert of(after, "HT2").status == "pinned" and of(after, "2sq").status == "good_order"
    assert of(after, "2sq").riding == s.game.index["HT2"]


# --- fog of war, codes -----------------------------------------------------------------------------------------


@RULE("002", "Vehicles")
def test_observations_show_riders_and_a_hidden_carriers_riders_stay_hidden() -> None:
    s = opening()
    seen = {u["id"]: u for u in s.observation("defender")["units"]}
    assert seen["1sq"]["riding"] == "HT1" and seen["PL"]["riding"] == "HT1" and "riding" not in seen["HT1"]
    # CF-95: a carrier under a blind hides its riders with it (no scenario does this, CF-87, but the rule holds).
    hidden = setup(s, HT1={"hidden": True}, PL={"hidden": True}, **{"1sq": {"hidden": True}})
    ids = {u["id"] for u in hidden.observation("defender")["units"]}
    assert not ids & {"HT1", "PL", "1sq"}
    assert '"1sq"' in G.secrets(hidden, "defender") and G.invariants(hidden) == []
    half = setup(s, HT1={"hidden": True})
    assert any("rides in HT1 but one of them is hidden" in p for p in G.invariants(half))


def test_transport_actions_have_stable_codes() -> None:
    g = opening().game
    # The new kinds come after every earlier one, so earlier codes are unchanged.
    assert VERB_INDEX[("turret", "W")] == 34 and VERB_INDEX[("mount", "")] == 35 and VERB_INDEX[("dismount", "")] == 36
    for a in (Action("mount", "1sq", None, "HT1"), Action("dismount", "2sq", (4, 8))):
        assert g.decode(g.encode(a)) == a
    assert str(Action("mount", "1sq", None, "HT1")) == "1sq mounts HT1"
    assert str(Action("dismount", "2sq", (4, 8))) == "2sq dismounts in 4,8"


def test_the_transport_readings_are_written_down() -> None:
    text = (ROOT / "docs" / "rulings.md").read_text()
    written = re.findall(r"^\| (CF-\d+) \|", text, re.M)
    assert [w for w in written if 90 <= int(w[3:]) <= 96] == [f"CF-{n}" for n in range(90, 97)]
    source = "".join(p.read_text() for p in sorted((ROOT / "src" / "warroom" / "rulesets" / "company_fire" / "game")
                                                  .glob("*.py")))
    for n in range(90, 96):
        assert f"CF-{n}" in source, f"CF-{n} is applied in the game package and cited there"
    assert "CF-96" in (ROOT / "src" / "warroom" / "rulesets" / "company_fire" / "game" / "scenario.py").read_text()
