"""Company Fire rules of play on constructed positions: opportunity fire that rolls, artillery on Fire cards only,
group fire and snipers against armour, a leader's sacrifice during op fire, Jokers and the clock, mine clearing,
bocage after a failed test, longer play, and the readings CF-97 ... CF-108 (seed 002; docs/rulings.md).

Positions are shipped scenarios (or a copy with one line changed) with units placed, the card and segment set by
hand; every expected number is worked out in the comments from the seed's text. Dice-dependent outcomes loop over
the generator's seeds until the wanted roll comes up, and check what that roll must do.
"""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

import pytest

from warroom.core.chance import Card
from warroom.core.game import load_game
from warroom.rulesets.company_fire.game import (
    ASSAULT,
    DECLARE,
    GROUP,
    INDIVIDUAL,
    LEADERS,
    REACTION,
    Action,
    CFState,
)
from warroom.rulesets.company_fire.game.scenario import SCENARIO_DIR

RULE = pytest.mark.rule
BREAKOUT = SCENARIO_DIR / "hedgerow_breakout.toml"
CROSSROADS = SCENARIO_DIR / "crossroads_patrol.toml"
MUNASSIB = SCENARIO_DIR / "munassib_minefield.toml"
HELL = SCENARIO_DIR / "hedgerow_hell.toml"
JOKER = Card(0, "1")


def opening(path: Path, seed: int = 1) -> CFState:
    return load_game("company-fire", path).initial_state(seed)  # type: ignore[return-value]


def setup(state: CFState, **changes: dict[str, object]) -> CFState:
    """The same position with units changed by id (``sq1={"at": (3, 5), "status": "pinned"}``)."""
    units = list(state.units)
    for uid, change in changes.items():
        i = state.game.index[uid]
        units[i] = units[i]._replace(**change)
    return state.replace(units=tuple(units), decisions=())


def on(state: CFState, card: Card | None, segment: int, phasing: str = "attacker",
       deck: tuple[Card, ...] | None = None, clock: int | None = None) -> CFState:
    init = state.init._replace(card=card, segment=segment, phasing=phasing,
                               deck=state.init.deck if deck is None else deck,
                               clock=state.init.clock if clock is None else clock)
    return state.replace(init=init, decisions=())


def of(state: CFState, uid: str):  # type: ignore[no-untyped-def]
    return state.units[state.game.index[uid]]


def reroll(state: CFState, seed: int) -> CFState:
    """The same position with the dice of another seed."""
    return state.replace(rng=opening(CROSSROADS, seed).rng)


def finish_card(s: CFState) -> CFState:
    """End every segment of the card in play (both sides), up to the next card."""
    card, phasing = s.init.card, s.init.phasing
    while s.init.card == card and s.init.phasing == phasing and s.outcome is None:
        s = s.apply(Action("end"))
    return s


def said(s: CFState) -> str:
    return "\n".join(s.narration())


def breakout_revealed() -> CFState:
    base = opening(BREAKOUT)
    return setup(base, **{uid: {"hidden": False} for uid in ("Ustuf", "schreck", "gren", "MG", "PaK")})


# --- opportunity fire rolls (seed "Opportunity Fire", "Vehicle Opportunity Fire") -------------------------------


@RULE("002", "Opportunity Fire")
def test_a_rifle_squads_op_fire_rolls_in_a_scenario_with_vehicles() -> None:
    # Hedgerow Breakout has tanks, so op fire asks which weapon fires. sq1 moves 5,6 -> 5,5 on the opening Move
    # card (one space: no test). The panzerfaust squad at 5,3 holds the bocage, so it sees out: 5,5 is 0 + 2 = 2
    # spaces away, within a rifle's 6. Op fire is a rifle squad's individual fire: 3d6, no Move-card die off (the
    # firer is not phasing, CF-5), 5,5 is open ground and no cover edge is crossed into it: 3d6, hits on 5-6.
    s = on(setup(breakout_revealed(), sq1={"at": (5, 6)}), None, INDIVIDUAL).apply(Action("move", "sq1", (5, 5)))
    assert Action("op_fire", "gren", (5, 5), "sq1") in s.legal_actions()
    results = set()
    for seed in range(1, 60):
        t = reroll(s, seed).apply(Action("op_fire", "gren", (5, 5), "sq1"))
        text = said(t)
        assert "Opportunity fire" in text and "roll 3d6, each 5 or 6 a hit" in text
        faces = [int(x) for x in re.search(r"rolled ([\d, ]+) \u2192", text).group(1).split(", ")]  # type: ignore[union-attr]
        hits = sum(f >= 5 for f in faces)
        assert len(faces) == 3
        # 1 hit pins (it ends in 5,5), 2 suppress (back to 5,6), 3 destroy (seed "Hit Result", "Opportunity Fire").
        expected = {0: ("good_order", (5, 5)), 1: ("pinned", (5, 5)), 2: ("suppressed", (5, 6)),
                    3: ("destroyed", None)}[hits]
        assert (of(t, "sq1").status, of(t, "sq1").at) == expected
        assert of(t, "gren").op_fired
        results.add(hits)
    assert {0, 1, 2} <= results  # the rifle's op fire can miss, pin and suppress


@RULE("002", "Vehicle Opportunity Fire")
@RULE("002", "Attacking vehicles")
def test_an_anti_tank_guns_op_fire_at_a_tank_rolls() -> None:
    # T1 drives 4,4 -> 4,3 (the gate) facing N. The PaK 40 at 3,2 faces S: 4,3 is one ahead and one across, in its
    # front (CF-66), 1 + 1 = 2 spaces away (CF-27). Seed "Attacking vehicles": an anti-tank gun rolls 4d6, one less
    # attacking armour from the front (the PaK is in the 90 degree cone ahead of T1's bow, CF-79): 3d6. No cover
    # at 4,3 (open; the line enters through the corner of edges with no wall or bocage), not heavy, not on a Move
    # card for the non-phasing gun (CF-5), the gun in good order and not turned.
    s = on(setup(breakout_revealed(), T1={"at": (4, 4), "facing": "N"}), None, INDIVIDUAL)
    s = s.apply(Action("move", "T1", (4, 3)))
    assert Action("op_fire", "PaK", (4, 3), "T1") in s.legal_actions()
    t = s.apply(Action("op_fire", "PaK", (4, 3), "T1"))
    text = said(t)
    assert "Anti-tank fire" in text and "anti-tank gun rolls 4d6" in text and "roll 3d6, each 5 or 6 a hit" in text
    assert of(t, "PaK").op_fired and of(t, "PaK").at_fired


# --- artillery on Fire cards only (seed "Initiative and Phase Sequence", "Artillery") --------------------------


@RULE("002", "Artillery")
@RULE("002", "Initiative and Phase Sequence")
def test_artillery_is_declared_and_arrives_on_fire_cards_only() -> None:
    # Munassib: the attacker (black) has a forward observer at 4,10. On its Fire card 4S it calls HE on 5,9.
    s = on(opening(MUNASSIB), Card(4, "S"), DECLARE, deck=(Card(12, "S"),))
    s = s.apply(Action("declare_he", "FOO", (5, 9)))
    # Next: the queen of spades, a face card of the same colour: another phase, but segments 1-3 are "(fire card
    # only)": no arrival, no declaration; the card opens with the leaders' moves and the mission waits.
    s = finish_card(s)
    assert s.init.card == Card(12, "S") and s.init.kind == "face" and s.segment_name == "leader moves"
    assert len(s.declared) == 1 and not any(a.kind.startswith("declare") for a in s.legal_actions())
    # The next Fire card (6S) of the side: it arrives, rolled for ("arrives on NEXT fire card for that side").
    s = finish_card(s.replace(init=s.init._replace(deck=(Card(6, "S"),))))
    assert s.init.card == Card(6, "S") and not s.declared
    assert "the attacker's HE mission on 5,9" in said(s)


# --- group fire at armour (CF-88) ------------------------------------------------------------------------------


@RULE("002", "Group Fire")
@RULE("002", "Attacking vehicles")
def test_group_fire_is_not_offered_at_a_space_holding_only_armour() -> None:
    # The grenadiers and the schreck squad both hold the bocage of 2,3 (they see out); a Sherman alone at 2,5.
    # Small arms never roll against armour and a group of them may not target an armour-only space (CF-71, CF-88).
    s = setup(breakout_revealed(), gren={"at": (2, 3), "bocage": True}, T1={"at": (2, 5)}, T2={"at": (7, 8)})
    s = on(s, Card(4, "S"), GROUP, phasing="defender")
    assert not [a for a in s.legal_actions() if a.kind == "group_fire"]
    # With a rifle squad beside the tank, the space is a target (the squad is rolled for, the tank is not).
    with_squad = on(setup(s, sq1={"at": (2, 5)}), Card(4, "S"), GROUP, phasing="defender")
    assert Action("group_fire", "schreck", (2, 5)) in with_squad.legal_actions()


# --- a leader's sacrifice during op fire (seed "Opportunity Fire", CF-61, CF-99) -------------------------------


def _sacrifice_position() -> CFState:
    """Crossroads Patrol: the platoon leader stands at 3,6; sq2 moves 3,7 -> 3,6 -> 3,5 and the MG at 4,2 op
    fires at it in 3,6 with 3 hits (the first seed that gives that)."""
    base = setup(opening(CROSSROADS), Lt={"at": (3, 6)})
    s = on(base, None, INDIVIDUAL)
    for seed in range(1, 2000):
        t = reroll(s, seed).apply(Action("move", "sq2", (3, 5)))
        if not t.decisions or t.decisions[0].kind != "opfire" or of(t, "sq2").at != (3, 6):
            continue
        u = t.apply(Action("op_fire", "MG", (3, 6), "sq2"))
        if u.decisions and u.decisions[0].kind == "sacrifice":
            return u
    raise AssertionError("no seed destroyed sq2 by op fire in 3,6")


@RULE("002", "Opportunity Fire")
@RULE("002", "Single Mounted Figures (SMFs)")
def test_a_unit_saved_by_its_leader_from_op_fire_ends_where_it_was_before_it() -> None:
    # sq2 passed its Movement Test (two spaces in the MG's LOS) and entered 3,6, where Lt stands; the MG's op fire
    # scored 3 hits: destroyed, unless the leader is sacrificed (seed "Platoon Leaders and Company Commanders").
    s = _sacrifice_position()
    assert set(s.legal_actions()) == {Action("decline", "sq2"), Action("sacrifice", "sq2", None, "Lt")}
    saved = s.apply(Action("sacrifice", "sq2", None, "Lt"))
    # CF-61, CF-99: the unit stays, suppressed; suppressed by op fire, it ends in the space it was in before it,
    # 3,7, and goes no further: no second op-fire window at 3,5.
    assert of(saved, "sq2").status == "suppressed" and of(saved, "sq2").at == (3, 7)
    assert of(saved, "Lt").status == "destroyed" and not saved.decisions
    assert "ends in 3,7, the space it left" in said(saved)
    # Declined, the squad is destroyed where it stood, and the leader left alone with its destroyed unit goes with
    # it (seed "SMFs are eliminated if they are in a grid-space with non-SMF units and those units are eliminated").
    lost = s.apply(Action("decline", "sq2"))
    assert of(lost, "sq2").status == "destroyed" and of(lost, "Lt").status == "destroyed" and not lost.decisions
    assert of(lost, "sq2").at is None


# --- Jokers and the game clock (seed "Initiative Deck", CF-53) ---------------------------------------------------


@RULE("002", "Initiative Deck")
@RULE("002", "Game Clock (optional)")
def test_a_joker_ending_the_clock_lets_the_initiative_finish() -> None:
    # Munassib plays to 30 with Jokers. Clock 29, the attacker's (black) Move card 5S ends; the Joker comes up:
    # 1d6 takes the clock to 30 or more, but a Joker does not interrupt the initiative: the next black card is
    # another phase of it.
    s = on(opening(MUNASSIB), Card(5, "S"), REACTION, deck=(JOKER, Card(7, "S")), clock=29)
    for seed in range(1, 40):
        t = reroll(s, seed).apply(Action("end"))
        if t.init.card == Card(7, "S") and JOKER not in t.init.deck:
            break
    else:
        raise AssertionError("the Joker never came first")
    assert t.outcome is None and t.init.clock >= 30 and t.init.phasing == "attacker"
    assert "the game ends when the attacker's initiative does (CF-53)" in said(t)
    # The attacker plays its card out; the next card is red, the defender's: the attacker's initiative is over,
    # and so is the game, with no further clock roll.
    over = finish_card(t.replace(init=t.init._replace(deck=(Card(4, "H"),))))
    assert over.outcome is not None and "game clock" in over.outcome["reason"]
    assert "clock-roll" not in said(over).split("drew 4H")[-1].lower()


@RULE("002", "Initiative Deck")
def test_a_joker_after_the_clock_ran_out_is_not_rolled_for() -> None:
    # The clock already stands at its end (a Joker earlier in this initiative): another Joker rolls nothing.
    s = on(opening(MUNASSIB), Card(5, "S"), REACTION, deck=(JOKER,), clock=31)
    t = s.apply(Action("end"))
    assert t.outcome is None or "game clock" in t.outcome["reason"]
    assert "Game clock roll" not in said(t)


# --- mine clearing (seed "Mines (beta)", "Single Mounted Figures (SMFs)", CF-98) ---------------------------------


@RULE("002", "Mines (beta)")
def test_the_player_names_who_clears_and_an_smf_clearing_dies_when_suppressed() -> None:
    # Munassib's marked real field at 1,5: the engineers RE-1, the rifle squad 1-1 and the platoon leader 1PL
    # stand in it on the attacker's Move card.
    s = setup(opening(MUNASSIB), **{"RE-1": {"at": (1, 5)}, "1-1": {"at": (1, 5)}, "1PL": {"at": (1, 5)}})
    s = on(s, Card(5, "S"), INDIVIDUAL)
    clearing = {a for a in s.legal_actions() if a.kind == "clear_mines"}
    # Each squad alone, or with one more unit of the space (CF-98); the leader never alone.
    assert clearing == {
        Action("clear_mines", "RE-1", (1, 5)), Action("clear_mines", "RE-1", (1, 5), "1-1"),
        Action("clear_mines", "RE-1", (1, 5), "1PL"), Action("clear_mines", "1-1", (1, 5)),
        Action("clear_mines", "1-1", (1, 5), "RE-1"), Action("clear_mines", "1-1", (1, 5), "1PL"),
    }
    assert str(Action("clear_mines", "RE-1", (1, 5), "1PL")) == "RE-1 clears the minefield at 1,5, with 1PL"
    # The mines win by 2 (1d6 against the clearers' 1d6 + 2 for engineers): 2 hits on each clearer. RE-1 is
    # suppressed; the leader, an SMF, is eliminated on a suppressed result; 1-1 took no part and is untouched.
    for seed in range(1, 400):
        t = reroll(s, seed).apply(Action("clear_mines", "RE-1", (1, 5), "1PL"))
        if "mines win by 2" in said(t).lower():
            break
    else:
        raise AssertionError("no seed gave the mines a win by 2")
    assert of(t, "RE-1").status == "suppressed" and of(t, "1PL").status == "destroyed"
    assert of(t, "1-1").status == "good_order" and not of(t, "1-1").done


# --- bocage after a failed Movement Test (seed "Bocage") -----------------------------------------------------------


@RULE("002", "Bocage")
@RULE("002", "Movement")
def test_no_occupying_bocage_after_a_failed_movement_test() -> None:
    # sq1 at 0,4, under the full bocage of 0,3's south edge, on the attacker's face card 12H. It tries to move two
    # spaces, to 1,5, in the LOS of the enemy holding the hedge: the Movement Test (seed "Movement").
    s = on(setup(breakout_revealed(), sq1={"at": (0, 4)}), Card(12, "H"), INDIVIDUAL)
    assert Action("occupy_bocage", "sq1") not in s.legal_actions()  # it has not moved into the space
    failed = None
    for seed in range(1, 80):
        t = reroll(s, seed).apply(Action("move", "sq1", (1, 5)))
        assert "Movement Test" in said(t)
        if "stays put" in said(t):
            failed = t
            break
    assert failed is not None
    # Failed: it stays put and does nothing more this card; it did not move into the space, so it may not occupy.
    assert of(failed, "sq1").at == (0, 4) and of(failed, "sq1").done
    assert Action("occupy_bocage", "sq1") not in failed.legal_actions()
    # One space to 1,4 (under the gate's partial bocage on 1,3's south edge) needs no test: moved in, it may occupy.
    moved = s.apply(Action("move", "sq1", (1, 4))).apply(Action("pass"))  # the enemy holds its fire
    assert of(moved, "sq1").at == (1, 4) and Action("occupy_bocage", "sq1") in moved.legal_actions()


# --- snipers and armour (CF-71) --------------------------------------------------------------------------------


@RULE("002", "Single Mounted Figures (SMFs)")
@RULE("002", "Attacking vehicles")
def test_a_sniper_does_not_shoot_an_armoured_vehicle(tmp_path: Path) -> None:
    text = BREAKOUT.read_text(encoding="utf-8") + '\n[[forces.defender]]\nid = "sn"\ntype = "sniper"\nat = "4,1"\n'
    path = tmp_path / "breakout_with_sniper.toml"
    path.write_text(text, encoding="utf-8")
    # The sniper at 4,1 looks down the lane (column 4, a road through the gate's partial bocage, which blocks LOS
    # only where it is crossed into a space other than the next, CF-23, CF-24): put T1 and sq1 beside each other
    # at 4,2 and 5,2, one space away, in plain sight.
    s = setup(opening(path), **{uid: {"hidden": False} for uid in ("Ustuf", "schreck", "MG", "PaK")},
              T1={"at": (4, 2), "facing": "N"}, sq1={"at": (5, 2)}, gren={"at": (5, 0), "hidden": False})
    s = on(s, Card(4, "S"), INDIVIDUAL, phasing="defender")
    snipes = {a.other for a in s.legal_actions() if a.kind == "snipe"}
    assert "sq1" in snipes and "T1" not in snipes


# --- longer play (seed "Optional Methods for Resolving Attacks", CF-97) -----------------------------------------


@RULE("002", "Optional Methods for Resolving Attacks")
def test_longer_play_gives_the_odd_hit_to_the_least_wounded_unit(tmp_path: Path) -> None:
    text = CROSSROADS.read_text(encoding="utf-8").replace('attack_resolution = "standard"',
                                                          'attack_resolution = "longer"')
    assert 'attack_resolution = "longer"' in text
    path = tmp_path / "crossroads_longer.toml"
    path.write_text(text, encoding="utf-8")
    # The grenadiers (pinned) and the MG (good order) share the houses at 4,2; the space lists the grenadiers
    # first. sq1 and sq2 group fire from 3,6 with their leader (range 1 + 4 = 5, a rifle's 6; the houses are
    # cover: 3d6 - 1 = 2d6 a squad, + 1d6 for the leader = 5d6, seed "Group Fire"). Longer play rolls once and
    # divides the hits: 3 hits are 3 // 2 = 1 each and the odd one to the least wounded, the MG in good order:
    # MG 2 hits (suppressed), grenadiers 1 (already pinned: a pin is ignored, they stay pinned).
    s = setup(opening(path), gren={"at": (4, 2), "status": "pinned"}, Uffz={"at": (4, 2)}, sq1={"at": (3, 6)},
              sq2={"at": (3, 6)}, Lt={"at": (3, 6)})
    s = on(s, Card(4, "H"), GROUP)
    action = Action("group_fire", "sq1", (4, 2))
    assert action in s.legal_actions()
    for seed in range(1, 2000):
        t = reroll(s, seed).apply(action)
        three = "longer play: 3 hits shared among 2 units" in said(t)
        while t.decisions and t.decisions[0].kind == "retreat":  # stand and take the hits
            t = t.apply(next(a for a in t.legal_actions() if a.kind == "take_hits"))
        if three:
            break
    else:
        raise AssertionError("no seed rolled 3 hits")
    assert of(t, "MG").status == "suppressed" and of(t, "gren").status == "pinned"


# --- the doubtful readings decided: CF-100 ... CF-108 -------------------------------------------------------------


@RULE("002", "Moving on a Fire Card")
@RULE("002", "Initiative and Phase Sequence")
def test_a_leader_moves_one_space_with_the_test_on_a_fire_card() -> None:
    # CF-101: "On a fire card, any non-vehicle unit may attempt to move 1 grid space by passing the Movement Test",
    # leaders in segment 4 included. Lt at 3,7 (the last row) on the attacker's (red) Fire card 4H: the three spaces
    # one edge step away, 2,7 4,7 3,6, and no farther.
    base = opening(CROSSROADS)
    fire = on(base, Card(4, "H"), LEADERS)
    assert {a.space for a in fire.legal_actions() if a.kind == "leader_move"} == {(2, 7), (4, 7), (3, 6)}
    moved = fire.apply(Action("leader_move", "Lt", (3, 6)))
    assert "Movement Test" in said(moved)
    # On a Move card the segment-4 move is the leader's full 2 spaces, with no test (CF-62): 3,5 is two steps.
    move = on(base, Card(5, "H"), LEADERS)
    assert Action("leader_move", "Lt", (3, 5)) in move.legal_actions()
    assert "Movement Test" not in said(move.apply(Action("leader_move", "Lt", (3, 5))))


@RULE("002", "Individual Unit Fire")
def test_a_mortars_spotting_leader_within_1_space_is_one_edge_step_away() -> None:
    # CF-103: "within 1 space" is 1 of range, counted in edge steps (CF-27). The mortar at 2,7 sees no enemy (the
    # rise at 2,6 is a hill). Its platoon leader at 1,6, diagonally next to it (2 steps), sees the blinds at 0,3
    # and 2,2, both within the mortar's 6 (2 + 4 and 0 + 5): he is not within 1 space, so no indirect fire. At 1,7
    # (1 step) he is, and the mortar may fire at both.
    s = setup(opening(MUNASSIB), **{"1-mortar": {"at": (2, 7)}})
    mortar = s.game.index["1-mortar"]
    diagonal = on(setup(s, **{"1PL": {"at": (1, 6)}}), Card(4, "S"), INDIVIDUAL)
    assert diagonal.sees((1, 6), (0, 3)) and diagonal.sees((1, 6), (2, 2))
    assert diagonal.fire_targets(mortar) == []
    beside = on(setup(s, **{"1PL": {"at": (1, 7)}}), Card(4, "S"), INDIVIDUAL)
    assert set(beside.fire_targets(mortar)) == {(0, 3), (2, 2)}


@RULE("002", "Mines (beta)")
def test_a_unit_moving_out_of_a_marked_minefield_rolls_to_get_through() -> None:
    # CF-104: 1-1 stands in the marked real field at 1,5 and moves out to 1,6 on the attacker's Move card 5S. It
    # rolls as one passing through: 1d6, 5-6 and it goes on; 1-4: the field is real, 3d6 hit it there and it
    # stays (CF-12).
    s = on(setup(opening(MUNASSIB), **{"1-1": {"at": (1, 5)}}), Card(5, "S"), INDIVIDUAL)
    outcomes = set()
    for seed in range(1, 40):
        t = reroll(s, seed).apply(Action("move", "1-1", (1, 6)))
        text = said(t)
        assert "moves out of the marked minefield at 1,5" in text
        roll = int(re.search(r"rolled (\d)", text).group(1))  # type: ignore[union-attr]
        where = of(t, "1-1").at
        if roll >= 5:
            assert where == (1, 6)
            outcomes.add("through")
        else:
            assert where in ((1, 5), None) and "stays in 1,5" in text and "3d6" in text
            assert where is None or of(t, "1-1").done  # it does nothing more this card
            outcomes.add("stays")
    assert outcomes == {"through", "stays"}
    # Walking in to stop there rolls nothing (the seed's roll is for passing through; the clearers stop there).
    stop = on(setup(opening(MUNASSIB), **{"1-1": {"at": (1, 6)}}), Card(5, "S"), INDIVIDUAL)
    entered = stop.apply(Action("move", "1-1", (1, 5)))
    assert of(entered, "1-1").at == (1, 5) and "stops in the marked minefield at 1,5" in said(entered)


@RULE("002", "Vehicle Movement")
def test_a_suppressed_vehicle_moves_away_on_a_fire_card_too() -> None:
    # CF-105: "Suppressed vehicles may move away from the enemy at half the off-road rate (round down), in lieu of
    # a rally test", on any card: a Sherman (3 off road) suppressed at 4,5 moves 3 // 2 = 1 space, farther from the
    # nearest enemy, on the attacker's Fire card 4H, with no Movement Test.
    s = on(setup(breakout_revealed(), T1={"at": (4, 5), "status": "suppressed"}), Card(4, "H"), INDIVIDUAL)
    away = {a.space for a in s.legal_actions() if a.kind == "fall_back" and a.unit == "T1"}
    assert away and all(abs(x - 4) + abs(y - 5) == 1 for x, y in away)
    assert (4, 6) in away and (4, 4) not in away
    t = s.apply(Action("fall_back", "T1", (4, 6)))
    assert of(t, "T1").at == (4, 6) and of(t, "T1").rallied and "Movement Test" not in said(t)


@RULE("002", "Vehicle Hit Reduction")
@RULE("002", "Hit Reduction")
@RULE("002", "Vehicle Hit Results")
def test_a_truck_hit_by_small_arms_may_retreat_to_take_a_hit_fewer(tmp_path: Path) -> None:
    # Seed "Vehicle Hit Reduction": "As per infantry" (seed "Hit Reduction": hits from small-arms fire, not op
    # fire, are reduced by 1 by retreating one space away from the firer); reading CF-85: only a soft-skin meets
    # small arms (CF-71), and it keeps its facing. A truck facing S at 5,3, in the open, and sq2 at 5,6, three
    # spaces away in a straight line: a rifle squad rolls 3d6, each 5 or 6 a hit. Seed "Vehicle Hit Results":
    # one hit pins a vehicle, two suppress it. Retreating, the truck goes back to 5,2 (four spaces from the firer)
    # and one hit becomes none (it stays in good order), two become one (pinned, not suppressed).
    text = CROSSROADS.read_text(encoding="utf-8") + ('\n[[forces.defender]]\nid = "lorry"\ntype = "truck"\n'
                                                     'at = "5,3"\nfacing = "S"\n')
    path = tmp_path / "crossroads_with_a_truck.toml"
    path.write_text(text, encoding="utf-8")
    s = on(setup(opening(path), sq2={"at": (5, 6)}, lorry={"hidden": False}), Card(4, "H"), INDIVIDUAL)
    fire = Action("fire", "sq2", (5, 3))
    assert fire in s.legal_actions()
    seen: dict[int, str] = {}
    for seed in range(1, 400):
        t = reroll(s, seed).apply(fire)
        hits = re.search(r"fire: 3d6 hitting on 5\+ rolled (\d), (\d), (\d) → (\d) hits?", said(t))
        assert hits, said(t)
        n = int(hits.group(4))
        assert n == sum(int(d) >= 5 for d in hits.groups()[:3])  # the count worked by hand from the dice
        if n in seen or n not in (1, 2):
            continue
        assert t.decisions and t.decisions[0].kind == "retreat" and t.decisions[0].side == "defender"
        offered = [a for a in t.legal_actions() if a.kind == "retreat"]
        # 5,2, 4,3 and 6,3 are each a space farther from sq2 (range in edge steps, CF-27), but 4,3 and 6,3 lie in
        # the sight of the other attackers, which a retreat may not enter (seed "Hit Reduction")
        assert [a.space for a in offered] == [(5, 2)]
        stood = t.apply(next(a for a in t.legal_actions() if a.kind == "take_hits"))
        assert of(stood, "lorry").status == ("pinned" if n == 1 else "suppressed")
        back = t.apply(offered[0])
        lorry = of(back, "lorry")
        assert lorry.at == (5, 2) and lorry.facing == "S"
        seen[n] = lorry.status
        if len(seen) == 2:
            break
    assert seen == {1: "good_order", 2: "pinned"}


@RULE("002", "Attacking vehicles")
@RULE("002", "Non-Phasing Reaction Fire")
def test_a_gun_may_pivot_and_fire_in_reaction_fire() -> None:
    # CF-105: "Tracked vehicles may rotate up to 180 degrees in place and fire, (regardless of card type)"; only op
    # fire forbids rotating. The PaK at 3,2 faces N; T1 stands in the gate at 4,3, behind it. In the defender's
    # reaction fire it pivots to face S and then fires at T1.
    s = on(setup(breakout_revealed(), T1={"at": (4, 3)}, PaK={"facing": "N"}), Card(13, "H"), REACTION)
    assert Action("at_fire", "PaK", (4, 3), "T1") not in s.legal_actions()
    assert Action("pivot", "PaK", facing="S") in s.legal_actions()
    t = s.apply(Action("pivot", "PaK", facing="S"))
    assert Action("at_fire", "PaK", (4, 3), "T1") in t.legal_actions()


@RULE("002", "Artillery")
def test_a_mission_arrives_though_its_observer_was_lost() -> None:
    # CF-107: the attacker's observer calls HE on 5,9 on its Fire card 4S and is then lost; the mission, called and
    # marked, still arrives on the side's next Fire card (the only cancellation the seed gives is the 1 rolled).
    from warroom.rulesets.company_fire.game.consequences import eliminate
    from warroom.rulesets.company_fire.game.effects import Play

    s = on(opening(MUNASSIB), Card(4, "S"), DECLARE, deck=(Card(6, "S"),))
    s = s.apply(Action("declare_he", "FOO", (5, 9)))
    p = Play(s)
    eliminate(p, s.game.index["FOO"], "destroyed")
    s = p.freeze()
    assert len(s.declared) == 1
    s = finish_card(s)
    assert s.init.card == Card(6, "S") and not s.declared and "the attacker's HE mission on 5,9" in said(s)


@RULE("002", "Opportunity Fire")
@RULE("002", "Movement")
def test_each_space_a_move_enters_opens_its_own_op_fire_window_for_one_firer() -> None:
    # CF-100 (kept): "Only a single unit with LOS to the destination grid space may fire", the destination being
    # the space just entered. Crossroads Patrol with the grenadiers at 2,2 and the orchard squad (revealed) at 5,2,
    # both rifle squads; the MG is suppressed (no op fire) so that only these two can fire. sq2 moves 3,7 -> 3,6 ->
    # 3,5 on the attacker's Move card 5H. Both squads see 3,6 and 3,5, in a rifle's 6: 2,2 is 1 + 4 = 5 and
    # 1 + 3 = 4 away, 5,2 is 2 + 4 = 6 and 2 + 3 = 5.
    base = setup(opening(CROSSROADS), gren={"at": (2, 2)}, orchard={"hidden": False, "at": (5, 2)},
                 MG={"status": "suppressed"})
    s = on(base, Card(5, "H"), INDIVIDUAL)
    move = Action("move", "sq2", (3, 5))
    # Two spaces ending in enemy LOS: the Movement Test (seed "Movement"), into open ground 5+, +1 for the platoon
    # leader in 3,7, -1 for a destination an enemy who can op fire sees: 5+ on 1d6, 2/6 = 1/3.
    # CF-148: then, for each space entered and each squad that sees it, the op fire it may take: a rifle squad's
    # 3d6 hitting on 5+ at a unit in the open, 0 hits (8/27) good order, 1 (12/27) pinned, 2 (6/27) suppressed,
    # 3 (1/27) destroyed.
    fire = {"good order": F(8, 27), "pinned": F(4, 9), "suppressed": F(2, 9), "destroyed": F(1, 27)}
    assert s.odds(move) == {"sq2: Movement Test (failing, it stays put)": {"passes": F(1, 3), "fails": F(2, 3)},
                            **{f"if {u} ({at}) takes opportunity fire at sq2 in {there}": fire
                               for there in ("3,6", "3,5") for u, at in (("gren", "2,2"), ("orchard", "5,2"))}}
    for seed in range(1, 200):
        t = reroll(s, seed).apply(move)
        if t.decisions and t.decisions[0].kind == "opfire" and of(t, "sq2").at == (3, 6):
            break
    else:
        raise AssertionError("no seed passed the Movement Test")
    # The first window, at 3,6: either squad may fire, each alone; there is no action firing both (no pooled dice).
    first = {Action("op_fire", "gren", (3, 6), "sq2"), Action("op_fire", "orchard", (3, 6), "sq2")}
    assert set(t.legal_actions()) == {Action("pass")} | first
    # One rifle squad's op fire: 3d6 (open ground, no die off for the non-phasing firer), hits on 5-6, p = 1/3:
    # no hit (2/3)^3 = 8/27; 1 hit (pinned) 3 x 1/3 x 4/9 = 4/9; 2 (suppressed) 3 x 1/9 x 2/3 = 2/9; 3 (destroyed)
    # 1/27.
    one_squad = {"good order": F(8, 27), "pinned": F(4, 9), "suppressed": F(2, 9), "destroyed": F(1, 27)}
    assert t.odds(Action("op_fire", "gren", (3, 6), "sq2")) == {"sq2": one_squad}
    # The grenadiers fire and miss (the first seed that gives no hit): sq2 goes on to 3,5.
    for seed in range(1, 200):
        u = reroll(t, seed).apply(Action("op_fire", "gren", (3, 6), "sq2"))
        if of(u, "sq2").status == "good_order":
            break
    else:
        raise AssertionError("no seed missed")
    assert "roll 3d6, each 5 or 6 a hit" in said(u) and said(u).count("takes opportunity fire") == 1
    # The window at 3,6 closed with that one shot (the orchard squad did not fire there). At 3,5 a second window
    # opens; the grenadiers have op fired this phase (not an MG: once a phase), the orchard squad has not.
    assert of(u, "sq2").at == (3, 5) and of(u, "gren").op_fired and not of(u, "orchard").op_fired
    assert set(u.legal_actions()) == {Action("pass"), Action("op_fire", "orchard", (3, 5), "sq2")}
    assert u.odds(Action("op_fire", "orchard", (3, 5), "sq2")) == {"sq2": one_squad}
    v = u.apply(Action("op_fire", "orchard", (3, 5), "sq2"))
    assert "orchard (rifle squad) takes opportunity fire at sq2 (rifle squad) in 3,5" in said(v)
    assert of(v, "orchard").op_fired and not v.decisions


@RULE("002", "Close Assault")
@RULE("002", "Bocage")
def test_only_occupied_bocage_gives_the_close_assault_cover_term() -> None:
    # CF-102 (kept, CF-8): "If the defender is occupying the bocage, then use bocage as cover modifier, if not,
    # use the terrain of the space"; the only cover term of the close-assault list is "Attacker only, -1 if
    # target space provides defender with reinforced cover". Each side rolls 1d6; the margin is the attacker's die
    # minus the defender's, k, plus the attacker's modifiers less the defender's. k = d1 - d2 falls on
    # 0 with 6/36, +-1 5/36, +-2 4/36, +-3 3/36, +-4 2/36, +-5 1/36.
    #
    # One rifle squad (sq1, at 5,4) assaults the panzerfaust squad holding the bocage of 5,3 (Hedgerow Breakout,
    # revealed): one good-order unit a side, no leader, no SMG, no MG, no vehicle. Occupied bocage is reinforced
    # cover: margin k - 1. Attackers by 3+: k >= 4, 3/36; by 2: k = 3, 3/36; by 1: k = 2, 4/36; tie: k = 1,
    # 5/36; defenders by 1: k = 0, 6/36; by 2: k = -1, 5/36; by 3+: k <= -2, 10/36.
    held = on(setup(breakout_revealed(), sq1={"at": (5, 4)}), Card(5, "H"), ASSAULT)
    action = Action("assault", "sq1", (5, 3))
    assert action in held.legal_actions()
    assert held.odds(action) == {"close assault on 5,3": {
        "attackers win by 3+: defenders destroyed": F(3, 36),
        "attackers win by 2: 2 hits on each defender": F(3, 36),
        "attackers win by 1: 1 hit on each defender": F(4, 36),
        "tie: losses 1:1": F(5, 36),
        "defenders win by 1: 1 hit on each attacker": F(6, 36),
        "defenders win by 2: 2 hits on each attacker": F(5, 36),
        "defenders win by 3+: attackers destroyed": F(10, 36)}}

    def even_at(space: str) -> dict[str, dict[str, F]]:
        """With no modifier at all the margin is k: by 3+ either way 6/36, by 2 4/36, by 1 5/36, tie 6/36."""
        return {f"close assault on {space}": {
            "attackers win by 3+: defenders destroyed": F(6, 36),
            "attackers win by 2: 2 hits on each defender": F(4, 36),
            "attackers win by 1: 1 hit on each defender": F(5, 36),
            "tie: losses 1:1": F(6, 36),
            "defenders win by 1: 1 hit on each attacker": F(5, 36),
            "defenders win by 2: 2 hits on each attacker": F(4, 36),
            "defenders win by 3+: attackers destroyed": F(6, 36)}}

    # The same squads with the bocage not occupied: the terrain of 5,3 is read, open ground: no term.
    open_space = on(setup(breakout_revealed(), sq1={"at": (5, 4)}, gren={"bocage": False}), Card(5, "H"), ASSAULT)
    assert open_space.odds(action) == even_at("5,3")
    # Ordinary cover: Crossroads Patrol's grenadiers alone in the houses at 3,2 (buildings: cover, not
    # reinforced; their leader moved away), assaulted by sq1 from 3,1: no term either.
    houses = on(setup(opening(CROSSROADS), sq1={"at": (3, 1)}, Uffz={"at": (0, 0)}), Card(5, "H"), ASSAULT)
    in_houses = Action("assault", "sq1", (3, 2))
    assert in_houses in houses.legal_actions()
    assert houses.odds(in_houses) == even_at("3,2")
    # The narration names the term only for the occupied bocage.
    for seed in range(1, 20):
        t = reroll(held, seed).apply(action)
        while t.decisions and t.decisions[0].kind == "opfire":  # the defenders hold their op fire
            t = t.apply(Action("pass"))
        text = said(t)
        if "close assault on 5,3" in text:
            break
    assert "\u22121 attacker: target has reinforced cover" in text
    t = houses.apply(in_houses)
    while t.decisions and t.decisions[0].kind == "opfire":
        t = t.apply(Action("pass"))
    assert "close assault on 3,2" in said(t) and "reinforced cover" not in said(t)
    assert "attacker's modifiers +0, defender's +0" in said(t)


@RULE("002", "Bocage")
@RULE("002", "Artillery")
@RULE("002", "Individual Unit Fire")
def test_fire_across_bocage_is_observed_by_a_forward_observer_or_the_mortars_own_spotter() -> None:
    # CF-106 (kept): "Indirect fire from across the bocage edge without direct observation by a Forward Observer or
    # other eligible unit is recon by fire" (one die less). Hedgerow Hell: the Fallschirmjaeger squad rifles-2,
    # revealed and not holding the hedge, stands in 3,5 (open ground, full bocage on its south edge); its leader
    # is moved away to 1,1. The American observer FO at 3,6 shares that bocage edge, so he sees 3,5, and calls HE
    # on it on the attacker's Fire card 4H; it lands on the next, 6H.
    base = setup(opening(HELL), **{"rifles-2": {"hidden": False, "bocage": False}, "Zug": {"at": (1, 1)},
                                   "FO": {"at": (3, 6)}})
    s = on(base, Card(4, "H"), DECLARE, deck=(Card(6, "H"),))
    call = Action("declare_he", "FO", (3, 5))
    # Observed, open ground: 1d6 arrival (denied on a 1: 1/6), then 4d6 hitting on 5-6 (p = 1/3): no hit
    # (2/3)^4 = 16/81, 1 hit 4 x 1/3 x 8/27 = 32/81, 2 hits 6 x 1/9 x 4/9 = 24/81, 3 or 4 hits 8/81 + 1/81 =
    # 9/81; each x 5/6.
    assert s.odds(call) == {"rifles-2": {"denied": F(1, 6), "good order": F(16, 81) * F(5, 6),
                                         "pinned": F(32, 81) * F(5, 6), "suppressed": F(24, 81) * F(5, 6),
                                         "destroyed": F(9, 81) * F(5, 6)}}
    called = s.apply(call)

    def lands(position: CFState) -> str:
        """The narration of the mission landing on 6H (the first seed whose arrival roll is not a 1)."""
        for seed in range(1, 40):
            t = finish_card(reroll(position, seed))
            assert t.init.card == Card(6, "H")
            if "HE: " in said(t):
                return said(t)
        raise AssertionError("the mission was denied on every seed")

    # The observer still sees 3,5 as it lands: observed, 4d6.
    seen = lands(called)
    assert "HE: 4d6 per unit in the target space (open)" in seen and "roll 4d6, each 5 or 6 a hit" in seen
    assert "recon by fire" not in seen
    # The observer has gone back to 6,9, from where the hedge hides 3,5; a rifle squad, its platoon leader and
    # the company commander stand in 3,6 and see 3,5, but none of them is a forward observer: unobserved, recon by
    # fire, 4d6 - 1 = 3d6.
    assert not called.sees((6, 9), (3, 5)) and called.sees((3, 6), (3, 5))
    blind = setup(called, FO={"at": (6, 9)}, **{"1-1": {"at": (3, 6)}, "1PL": {"at": (3, 6)}, "CC": {"at": (3, 6)}})
    unseen = lands(blind)
    assert "\u22121 die unobserved indirect fire across bocage: recon by fire" in unseen
    assert "roll 3d6, each 5 or 6 a hit" in unseen
    # The "other eligible unit" is the light mortar's spotter: a Platoon Leader or Company Commander within 1
    # space who sees the target (footnote **). The mortar at 3,7 does not see 3,5 (the hedge is two spaces off);
    # 3,6 is one edge step from it. Only a leader there makes 3,5 a target: not a rifle squad, not the forward
    # observer.
    hedge = setup(opening(HELL), **{"rifles-2": {"hidden": False, "bocage": False}, "Zug": {"at": (1, 1)},
                                    "mortar": {"at": (3, 7)}, "CC": {"at": (9, 9)}, "scout": {"at": (8, 9)}})
    mortar = hedge.game.index["mortar"]
    assert not hedge.sees((3, 7), (3, 5))
    for who in ("1-1", "FO"):
        assert (3, 5) not in on(setup(hedge, **{who: {"at": (3, 6)}}), Card(4, "H"), INDIVIDUAL).fire_targets(mortar)
    for who in ("1PL", "CC"):
        spotted = on(setup(hedge, **{who: {"at": (3, 6)}}), Card(4, "H"), INDIVIDUAL)
        assert (3, 5) in spotted.fire_targets(mortar)
    # So its fire is observed, never recon by fire: 3d6, one less for the bocage edge it crosses into 3,5 (seed
    # "Edge Terrain": cover for attacks crossing that edge) = 2d6 on 5-6: no hit 4/9, 1 hit 2 x 1/3 x 2/3 = 4/9,
    # 2 hits 1/9. Recon by fire would have taken it to 1d6.
    fire = Action("fire", "mortar", (3, 5))
    assert spotted.odds(fire) == {"rifles-2": {"good order": F(4, 9), "pinned": F(4, 9), "suppressed": F(1, 9),
                                               "destroyed": F(0)}}
    shot = said(spotted.apply(fire))
    assert "roll 2d6, each 5 or 6 a hit" in shot and "recon by fire" not in shot


@RULE("002", "Attacking vehicles")
@RULE("002", "Initiative and Phase Sequence")
def test_after_moving_on_a_move_card_a_tank_fires_its_mg_not_its_gun_and_a_tank_destroyer_fires_its_gun(
        tmp_path: Path) -> None:
    # CF-108 (kept): "Tanks may not move and attack with their main gun on the same card" leaves the tank's MG
    # free after a move; "Tank destroyers may move and fire their gun in the same turn"; the Move card's -1 die
    # (CF-4) applies to both. Hedgerow Breakout with the second Sherman made an M10 (a medium tank destroyer).
    sherman = 'type = "medium_tank"\nname = "Sherman \'Cyclone\'"'
    text = BREAKOUT.read_text(encoding="utf-8").replace(sherman, 'type = "medium_tank_destroyer"\nname = "M10"')
    assert 'type = "medium_tank_destroyer"' in text
    path = tmp_path / "breakout_with_a_tank_destroyer.toml"
    path.write_text(text, encoding="utf-8")
    base = setup(opening(path), **{uid: {"hidden": False} for uid in ("Ustuf", "schreck", "gren", "MG", "PaK")},
                 T1={"at": (4, 5), "facing": "N", "turret": "N"}, T2={"at": (5, 5), "facing": "N"})
    s = on(base, Card(5, "H"), INDIVIDUAL)
    # Before moving, the Sherman may fire its main gun (it has not moved this card).
    assert Action("at_fire", "T1", (5, 3), "gren") in s.legal_actions()
    # The Sherman moves up the lane, 4,5 -> 4,4, facing N; the enemy holds its op fire.
    tank = s.apply(Action("move", "T1", (4, 4)))
    while tank.decisions:
        tank = tank.apply(Action("pass"))
    assert of(tank, "T1").at == (4, 4) and of(tank, "T1").moved
    # No main gun now, at anything; its hull MG may fire at the panzerfaust squad holding the bocage of 5,3, one
    # ahead and one across, through the bow's edge (CF-77).
    assert not [a for a in tank.legal_actions() if a.kind == "at_fire" and a.unit == "T1"]
    mg = Action("fire", "T1", (5, 3))
    assert mg in tank.legal_actions()
    # The vehicle MG is an MMG, 3d6; -1 the target holds the bocage (cover in either case, seed "Bocage"); -1 on a
    # Move card: 1d6 on 5-6, pinned 1/3.
    assert tank.odds(mg) == {"gren": {"good order": F(2, 3), "pinned": F(1, 3), "suppressed": F(0),
                                      "destroyed": F(0)}}
    # The M10 moves 5,5 -> 5,4, facing N, and may then fire its gun at the panzerfaust squad across the hedge
    # (adjacent: bocage does not stop fire into the next space).
    td = s.apply(Action("move", "T2", (5, 4)))
    while td.decisions:
        td = td.apply(Action("pass"))
    assert of(td, "T2").at == (5, 4) and of(td, "T2").moved
    gun = Action("at_fire", "T2", (5, 3), "gren")
    assert gun in td.legal_actions()
    # Tank destroyer guns roll 4d6; -1 on a Move card, -1 the target in cover: 2d6 on 5-6 (no hit 4/9, 1 hit
    # 2 x 1/3 x 2/3 = 4/9, 2 hits 1/9).
    assert td.odds(gun) == {"gren": {"good order": F(4, 9), "pinned": F(4, 9), "suppressed": F(1, 9),
                                     "destroyed": F(0)}}
    assert "roll 2d6, each 5 or 6 a hit" in said(td.apply(gun))
    # On a Fire card a vehicle that moves does not fire (CF-72): the M10, moving 1 space after passing its test,
    # is done for the card.
    fire_card = on(base, Card(4, "H"), INDIVIDUAL)
    for seed in range(1, 60):
        moved = reroll(fire_card, seed).apply(Action("move", "T2", (5, 4)))
        while moved.decisions:
            moved = moved.apply(Action("pass"))
        if of(moved, "T2").at == (5, 4):
            break
    else:
        raise AssertionError("the M10 never passed its Movement Test")
    assert not [a for a in moved.legal_actions() if a.unit == "T2" and a.kind in ("at_fire", "fire")]
