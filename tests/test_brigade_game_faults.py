"""Brigade game (seed 004) rules that the game used to get wrong or never reach, each on a hand-built table with
the numbers worked out by hand from the seed's text: close order that expires (BR-187), fire walked once a move
(BR-188), the stuck throw only for ground reached (BR-189), the close ranges (BR-190), 105 mm batteries' vehicle
saves (BR-191), on-table batteries walking fire and observers calling on-table mortars (BR-192), tank hull MGs at
soft skins (BR-193); a move stopped short of an enemy it had not detected spots it (BR-205); and readings
kept with no test before: a company re-formed in a building (BR-195), HQs and observers at a loss (BR-198),
pistols at 1" (BR-190)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from brigade_tables import make, next_move, of, text, to_orders, unit
from warroom.rulesets.brigade.game import SCENARIOS, BrigadeState, load
from warroom.rulesets.brigade.game.actions import (
    Bombard,
    BombardFeature,
    Call,
    Continue,
    End,
    Fire,
    Hold,
    Move,
    PinChoice,
    PinOrder,
    Select,
    Walk,
)
from warroom.rulesets.brigade.game.common import Mission

RULE = pytest.mark.rule


def with_missions(state: BrigadeState, *missions: Mission) -> BrigadeState:
    return BrigadeState(state.ctx, state.move, state.phase, state.stage, state.selected, state.pending, state.units,
                        dict(state.pairs), tuple(missions), state.revealed, state.rng, state.log, state.result_data)


# --- 1. Advancing in close order (BR-187) -------------------------------------------------------------


@RULE("004", "Advancing in close order")
@RULE("004", "Saving throws")
def test_close_order_lasts_only_while_the_last_move_was_the_advance(tmp_path: Path) -> None:
    # A raw German company advances 6" in close order (at least half its 6" move): until its next move it cannot
    # be pinned and the Vickers' hits save at +1 (6+ in the open becomes 7+: none saved). Its next move it holds:
    # its last move is no longer an advance, so it is out of close order: the pin is offered and no +1.
    game = make(tmp_path, unit("GB-MG", "british", "gb_vickers", 24, 40),
                unit("DE-5", "german", "ge_grenadier_company", 24, 10, morale="raw"), first="german")
    s = to_orders(game.initial_state(1))
    s = s.apply(Select("DE-5")).apply(Move("DE-5", "enemy", False, True))
    assert "6.0\" to (24, 16)" in text(s) and "in close order" in text(s) and of(s, "DE-5").close
    # the british move just after: the Vickers at 24" (medium, 9 points: 3 groups on 4+)
    s = to_orders(s.apply(End()))
    fired = s.apply(Select("GB-MG")).apply(Fire("GB-MG", "DE-5"))
    said = text(fired)
    assert "1 \u00d7 MMG at medium range (24\"): 1 \u00d7 9 = 9 fire points" in said
    if "Result: NO HITS" not in said:
        assert fired.pending[0] != "pin"  # never pinned: no choice offered
        assert "+1 target in close order" in said and "saves needed on 7+" in said
    # the german move: it holds, and at the end of its move it is out of close order
    s = to_orders(s.apply(End()))
    s = s.apply(Select("DE-5")).apply(Hold("DE-5")).apply(End())
    assert "no longer in close order (BR-187)" in text(s) and not of(s, "DE-5").close
    s = to_orders(s)
    fired = s.apply(Select("GB-MG")).apply(Fire("GB-MG", "DE-5"))
    if "Result: NO HITS" not in text(fired):
        assert fired.pending[0] == "pin"  # it may opt for a pin marker again
        saved = text(fired.apply(PinChoice(False)))
        assert "close order" not in saved and "in the open, not pinned: saves on 6+" in saved


@RULE("004", "Advancing in close order")
def test_close_order_ends_when_the_unit_only_fires(tmp_path: Path) -> None:
    # Fired without moving (type A, then held): not an advance, so close order ends with the move.
    game = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 30),
                unit("DE-5", "german", "ge_grenadier_company", 24, 10), first="german")
    s = to_orders(game.initial_state(2))
    s = s.apply(Select("DE-5")).apply(Move("DE-5", "enemy", False, True))
    assert of(s, "DE-5").close
    s = next_move(s)
    s = s.apply(Select("DE-5")).apply(Fire("DE-5", "GB-1"))
    while s.to_act == "british" and s.pending:
        s = s.apply(PinChoice(False))
    if s.pending:
        s = s.apply(Hold("DE-5"))
    assert of(s, "DE-5").close  # still its move: its last move is the advance until the move ends
    s = s.apply(End())
    assert not of(s, "DE-5").close


# --- 2. Walking fire, once a move (BR-188) ------------------------------------------------------------


@RULE("004", "Mortar and indirect artillery Fire")
def test_fire_is_walked_or_kept_on_once_a_move(tmp_path: Path) -> None:
    # "walk fire 2\" a move": in phase 3 the FOO keeps the fire on or walks it once; after that neither is legal
    # again for that battery in the same move (before: walked 1.5" + 1.5" + ... in one phase).
    battery = '[[batteries]]\nid = "GB-RA"\nside = "british"\nfire = "artillery_83_105"\n'
    game = make(tmp_path, unit("GB-FOO", "british", "gb_foo", 24, 5),
                unit("DE-1", "german", "ge_grenadier_company", 24, 30),
                unit("DE-2", "german", "ge_grenadier_company", 25.2, 31.2, facing=90), extra=battery)
    s = to_orders(game.initial_state(3)).apply(End())
    s = to_orders(s).apply(End())  # the german move; british move 2, phase 3
    assert s.phase == "requests" and s.move == 2
    foo = s.ctx.index["GB-FOO"]
    # the fire landed last british move on DE-1's centre (24, 30)
    s = with_missions(s, Mission(0, foo, (24.0, 30.0), 0, (24.0, 30.0)))
    legal = s.legal_actions()
    assert Continue("GB-RA") in legal and Walk("GB-RA", "DE-2") in legal  # DE-2 is 1.7" away: hypot(1.2, 1.2)
    walked = s.apply(Walk("GB-RA", "DE-2"))
    assert not any(isinstance(a, Continue | Walk) for a in walked.legal_actions())
    kept = s.apply(Continue("GB-RA"))
    assert not any(isinstance(a, Continue | Walk) for a in kept.legal_actions())
    assert End() in kept.legal_actions()


# --- 3. The stuck throw only for ground reached (BR-189) ----------------------------------------------


ROUGH_AND_WOODS = ('[[table.features]]\nname = "Broken"\nkind = "rough_ground"\n'
                   'points = [[20, 11], [40, 11], [40, 14], [20, 14]]\n'
                   '[[table.features]]\nname = "Forest"\nkind = "woods"\n'
                   'points = [[20, 19], [40, 19], [40, 30], [20, 30]]\n')


@RULE("004", "Movement")
def test_no_stuck_throw_for_woods_the_move_never_reaches(tmp_path: Path) -> None:
    # A Panzer IV (medium tank: 10" in the open, 1 + D6 x 0.5 in rough ground) at y = 9 heads north: 2" of open
    # ground (2/10 of its move), then 3" of rough ground: at its best throw (6: 4") that is 3/4 of a move, leaving
    # 1/20 of a move, 1/2" of open ground: it ends at y = 14.5 at best, 4.5" short of the woods at y = 19. So it
    # throws for the rough ground only, never for the woods, and can never be stuck (rough ground is never
    # negative; only thick woods, D6 - 3, is).
    for seed in range(1, 41):
        game = make(tmp_path, unit("DE-PZ", "german", "ge_pz_iv_h", 30, 9, facing=0),
                    unit("GB-A", "british", "gb_rifle_company", 8, 46), features=ROUGH_AND_WOODS, first="german")
        s = to_orders(game.initial_state(seed))
        s = s.apply(Select("DE-PZ")).apply(Move("DE-PZ", "dir:0"))
        said = text(s)
        assert said.count("movement dice") == 1 and "rough" in said.lower()
        assert "stuck" not in said and not of(s, "DE-PZ").stuck
        assert 11.0 < of(s, "DE-PZ").anchor()[1] <= 14.5


@RULE("004", "Movement")
def test_the_stuck_throw_for_woods_the_move_enters(tmp_path: Path) -> None:
    # The same tank 1" short of the woods: 1/10 of its move gets it there, so it throws for the woods (D6 - 3; a
    # negative move on 1 or 2 throws the stuck D6, stuck on a 1: 2/6 x 1/6 = 1/18).
    stuck = 0
    for seed in range(1, 41):
        game = make(tmp_path, unit("DE-PZ", "german", "ge_pz_iv_h", 30, 18, facing=0),
                    unit("GB-A", "british", "gb_rifle_company", 8, 46), features=ROUGH_AND_WOODS, first="german")
        s = to_orders(game.initial_state(seed))
        s = s.apply(Select("DE-PZ")).apply(Move("DE-PZ", "dir:0"))
        said = text(s)
        assert said.count("movement dice") == 1 and "thick woods" in said.lower()
        stuck += of(s, "DE-PZ").stuck
    assert 0 < stuck < 12
    assert warroom.odds("brigade/move-distance", troops="medium_tanks", terrain="thick").as_dict()["stuck"] == F(1, 18)


# --- 4. Close ranges (BR-190) -------------------------------------------------------------------------


@RULE("004", "Small arms fire")
@RULE("004", "Saving throws")
def test_pioneers_close_to_flame_thrower_range(tmp_path: Path) -> None:
    # A British company of 10 figures stands in a line across x = 24 at y = 16.5, figures 1.25" apart: the two
    # middle ones at x = 23.38 and 24.62. German pioneers at (24, 10) move straight at it and stop where the
    # nearest enemy figure is 1" away: sqrt(1 - 0.62^2) = 0.78" short of y = 16.5, at y = 15.72 (5.7" moved).
    game = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 16.5),
                unit("DE-P", "german", "ge_pioneer_company", 24, 10), first="german")
    s = to_orders(game.initial_state(1))
    s = s.apply(Select("DE-P")).apply(Move("DE-P", "enemy", False, False))
    assert "5.7\" to (24, 15.72)" in text(s)
    s = next_move(s)
    s = s.apply(Select("DE-P")).apply(Fire("DE-P", "GB-1"))
    said = text(s)
    # range 0.78" rounded up: 1". Rifles 4 x 2 = 8, SMGs 2 x 3 = 6 (short); the flame-thrower (2") 12 points
    assert "fires at GB-1 (British rifle company) (1\")" in said
    assert "4 \u00d7 rifle at short range (1\"): 4 \u00d7 2 = 8 fire points" in said
    assert "1 \u00d7 flame-thrower at short range (1\"): 1 \u00d7 12 = 12 fire points" in said
    if s.pending and s.pending[0] == "pin":
        said = text(s.apply(PinChoice(False)))
    if "saves" in said:
        # in the open, not pinned: 6+, +1 for a firer within 2": no save (7+)
        assert "+1 firer within 2\" of the target" in said and "saves needed on 7+" in said


@RULE("004", "Firing at vehicles")
def test_at_grenades_at_one_inch(tmp_path: Path) -> None:
    # A Soviet SMG company (its specialist carries AT grenades) closes on an Sdkfz 250 to 1" (it stops 1" from the
    # vehicle's model: y = 16.5 - 1 = 15.5). Next move, halted: AT grenades hit on 5+ at up to 1"; attack 0
    # against 3 armour: D6 + 0 > 3 on 4+. Destroyed: 1/3 x 1/2 = 1/6.
    game = make(tmp_path, unit("DE-HT", "german", "ge_sdkfz_250", 24, 16.5),
                unit("RU-S", "british", "ru_smg_company", 24, 10))
    s = to_orders(game.initial_state(2))
    s = s.apply(Select("RU-S")).apply(Move("RU-S", "enemy", False, False))
    assert of(s, "RU-S").anchor() == (24.0, 15.5)
    s = next_move(s).apply(Select("RU-S")).apply(Fire("RU-S", "DE-HT"))
    said = text(s)
    assert "generic AT grenades (AT grenades) at 1\" (the \u22645\" column): hits on 5+" in said
    assert warroom.odds("brigade/anti-tank-fire", weapon="at_grenades", target="other", armour=3, facing="front",
                        range=1).as_dict()["destroyed"] == F(1, 6)


@RULE("004", "Detection")
def test_a_move_stopped_by_an_undetected_enemy_spots_it(tmp_path: Path) -> None:
    # Light woods from y = 16 to 34. A German company faces east at (24, 25): its nine figures stand in a file
    # 1.25" apart from y = 30 down to y = 20, its anchor at (24, 30). In cover it is seen within 4" of the anchor
    # (seed "Detection": 4/2), so a British company south of the woods sees nothing of it.
    woods = '[[table.features]]\nname = "Bois"\nkind = "light_woods"\npoints = [[0, 16], [48, 16], [48, 34], [0, 34]]\n'

    def moved_from(y: float) -> BrigadeState:
        game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, y),
                    unit("DE-1", "german", "ge_grenadier_company", 24, 25, facing=90), features=woods)
        s = to_orders(game.initial_state(1))
        assert s.observation("british")["enemy"] == []
        return s.apply(Select("GB-A")).apply(Move("GB-A", "dir:0", False, False))

    # From y = 13 the full 6" move ends at y = 19, 1" from the figure at y = 20 but not stopped by it: the anchors
    # are 11" apart, and the German company stays unseen.
    s = moved_from(13)
    assert of(s, "GB-A").anchor() == (24.0, 19.0)
    assert s.observation("british")["enemy"] == []
    # From y = 13.5 the move would reach y = 19.5; it stops 1" short of the figure at y = 20, at y = 19 (5.5"):
    # the stop finds the unit it was made for, which the mover spots (BR-205), and both sides are told.
    s = moved_from(13.5)
    assert "moves heading 0\u00b0: 5.5\" to (24, 19)." in text(s, "british")
    assert "halts 1\" short of DE-1 (German grenadier company), an enemy unit its side had not detected, and spots it" \
        in text(s, "british")
    assert "DE-1 (German grenadier company) is found: an unseen enemy unit halts 1\" short of it" in text(s, "german")
    assert [(e["id"], e["detected"]) for e in s.observation("british")["enemy"]] == [("DE-1", "spotted")]


# --- 5. 105 mm batteries (BR-191) ---------------------------------------------------------------------


@RULE("004", "Saving throws")
@RULE("004", "Mortar and indirect artillery Fire")
@RULE("004", "Breaching Cover")
def test_a_105mm_battery_is_105_plus_for_vehicle_saves() -> None:
    # "Soft skin vehicle hit by ... indirect fire from 105 m.m.+ artillery: 6+" (destroyed 5/6 by one battery);
    # "Open top armoured vehicle hit by indirect fire from 105 m.m.+ artillery: 3+" (destroyed 1/3). A 25pdr
    # battery (under 105 mm) is "other indirect fire": 4+ (1/2) and 2+ (1/6).
    soft = warroom.odds("brigade/indirect-fire-effect", firer="artillery_105", target="soft_skin").as_dict()
    assert soft["destroyed"] == F(5, 6)
    open_top = warroom.odds("brigade/indirect-fire-effect", firer="artillery_105", target="open_top").as_dict()
    assert open_top["destroyed"] == F(1, 3)
    assert warroom.odds("brigade/indirect-fire-effect", firer="artillery_83_105",
                        target="soft_skin").as_dict()["destroyed"] == F(1, 2)
    # and still "up to 105" for the zone (3" x 3") and for breaching a weak building (3+: 2/3 per battery)
    ruling = warroom.roll("brigade/indirect-deviation", firer="artillery_105", nation="german", seed=1)
    assert "3\" deep" in str(ruling) or "3\" \u00d7 3\"" in str(ruling) or "3\"" in str(ruling)
    one = warroom.odds("brigade/indirect-fire-effect", firer="artillery_105", figures=1, cover="hard",
                       breach="weak").as_dict()
    # breached on 3+ (2/3), then a pinned figure in hard cover saves on 2+ (5/6): killed 2/3 x 1/6 = 1/9
    assert sum(p for k, p in one.items() if "1 figure" in k) == F(1, 9)


def test_the_shipped_10_5cm_batteries_are_105mm() -> None:
    for name in ("ponyri", "hill_112"):
        game = load(SCENARIOS / f"{name}.toml")
        fires = {b.name: b.fire for b in game.ctx.batteries if "10.5cm" in (b.name or "")}
        assert fires and set(fires.values()) == {"artillery_105"}


# --- 7. Tank hull MGs at soft skins (BR-193) ----------------------------------------------------------


@RULE("004", "TANKS firing")
def test_a_tank_fires_its_hull_mg_with_its_main_gun_at_a_lorry(tmp_path: Path) -> None:
    # A Panzer IV at 8" from a lorry: the 75L48 (high velocity) hits on 2+ and a hit on a soft skin is a KO. On a
    # miss the hull MG fires too: tank MG at short range (8" <= 10"): 9 points, 3 groups on 4+; each hit a 6+ save,
    # any failure destroys. Destroyed by the MG: 1 - (1/2 + 1/2 x 1/6)^3 = 1 - (7/12)^3 = 1385/1728.
    seen_mg = False
    for seed in range(1, 60):
        game = make(tmp_path, unit("GB-T", "british", "gb_truck", 24, 18),
                    unit("DE-PZ", "german", "ge_pz_iv_h", 24, 10, facing=0), first="german")
        s = to_orders(game.initial_state(seed)).apply(Select("DE-PZ"))
        assert Fire("DE-PZ", "GB-T", 0) in s.legal_actions() and Fire("DE-PZ", "GB-T", 1) in s.legal_actions()
        done = s.apply(Fire("DE-PZ", "GB-T", 0))
        said = text(done)
        if "Result: MISS" in said:
            seen_mg = True
            assert "1 \u00d7 tank MG at short range (8\"): 1 \u00d7 9 = 9 fire points" in said
        else:
            assert "tank MG" not in said and of(done, "GB-T").status == "destroyed"
        # the MG mode: hull and turret MGs, 2 x 9 = 18 points
        mg = text(s.apply(Fire("DE-PZ", "GB-T", 1)))
        assert "2 \u00d7 tank MG at short range (8\"): 2 \u00d7 9 = 18 fire points" in mg and "Anti-tank" not in mg
        if seen_mg:
            break
    assert seen_mg
    assert warroom.odds("brigade/small-arms-fire", tank_mgs=1, range=8).as_dict()["3 hits"] == F(1, 8)


# --- 6. On-table batteries walk fire; observers call on-table mortars (BR-192) ------------------------


def _to_phase(state: BrigadeState, move: int, phase: str) -> BrigadeState:
    """End phases and moves until ``move``'s ``phase`` (the other side does nothing)."""
    while not (state.move == move and state.phase == phase):
        legal = state.legal_actions()
        state = state.apply(End() if End() in legal else legal[0])
    return state


@RULE("004", "Mortar and indirect artillery Fire")
def test_an_observer_calls_an_on_table_mortar(tmp_path: Path) -> None:
    # "Fire called down by an observer or other unit arrives after a delay of one period": the FOO calls the 3in
    # mortar section (which cannot see the Germans) in phase 3 of british move 1; the fire arrives in phase 4 of
    # british move 2, diced then as on-table fire (a white 6 is on target on table), a 2" x 2" zone (mortar up to
    # 82 mm); the section has fired in phase 4 and may not move or fire in phase 5 (Moving and Firing).
    game = make(tmp_path, unit("GB-FOO", "british", "gb_foo", 24, 5), unit("GB-MOR", "british", "gb_3in_mortar", 10, 3),
                unit("DE-1", "german", "ge_grenadier_company", 24, 30))
    s = game.initial_state(4)
    call = Call("GB-FOO", "GB-MOR", "DE-1")
    assert s.phase == "requests" and call in s.legal_actions()
    assert game.decode(game.encode(call)) == call
    s = s.apply(call)
    assert "the fire arrives next period" in text(s, "british") and text(s, "german") == ""
    assert [(m.unit, m.due) for m in s.missions] == [(s.ctx.index["GB-MOR"], 2)]
    assert call not in s.legal_actions()  # one call at a time
    s = _to_phase(s, 2, "orders") if s.move < 2 else s
    said = "\n".join(line for st in (s,) for line in st.narration(None))
    assert ("On-table fire called by an observer or HQ: GB-MOR (British 3in mortar section) arrives on the marker "
            "at (24, 30)") in said
    assert "2\" \u00d7 2\" zone" in said
    mortar = of(s, "GB-MOR")
    assert mortar.indirect and mortar.order == "4" and Select("GB-MOR") not in s.legal_actions()
    # on table, a white 6 is on target too: the fire always arrives
    odds = warroom.odds("brigade/indirect-deviation", firer="mortar_up_to_82", nation="other", on_table=True,
                        called=True).as_dict()
    assert "does not arrive" not in odds or odds["does not arrive"] == 0
    # the FOO may keep it on or walk it in its next phase 3
    s = _to_phase(s, 4, "requests")
    assert Continue("GB-MOR") in s.legal_actions()
    assert game.decode(game.encode(Continue("GB-MOR"))) == Continue("GB-MOR")


@RULE("004", "Mortar and indirect artillery Fire")
def test_an_on_table_mortar_walks_its_own_fire_over_open_sights(tmp_path: Path) -> None:
    # A mortar firing over open sights "can 'walk' fire 2\" a move without dicing again for accuracy" if it sees
    # where the fire landed last move and where it goes. Last british move its fire landed at (24, 30); now it fires
    # at DE-2, hypot(1.2, 1.2) = 1.7" from there: walked, no deviation dice. At DE-3, 6" away: diced anew.
    game = make(tmp_path, unit("GB-MOR", "british", "gb_3in_mortar", 24, 14),
                unit("DE-1", "german", "ge_grenadier_company", 24, 30),
                unit("DE-2", "german", "ge_grenadier_company", 25.2, 31.2, facing=90),
                unit("DE-3", "german", "ge_grenadier_company", 30, 30, facing=90))
    s = _to_phase(game.initial_state(5), 2, "indirect")
    i = s.ctx.index["GB-MOR"]
    units = list(s.units)
    units[i] = replace(units[i], fall=((24.0, 30.0),), fired=0)
    s = BrigadeState(s.ctx, s.move, s.phase, s.stage, s.selected, s.pending, tuple(units), dict(s.pairs),
                     s.missions, s.revealed, s.rng, s.log, s.result_data)
    assert Bombard("GB-MOR", "DE-2") in s.legal_actions()
    walked = s.apply(Bombard("GB-MOR", "DE-2"))
    said = text(walked)
    assert "walks its fire 1.7\" from where it landed last move" in said and "walked without dicing" in said.lower()
    assert "white die" not in said and "Fire zone 2\" deep by 2\" wide centred on (25.2, 31.2)" in said
    assert of(walked, "GB-MOR").fall == ((25.2, 31.2),)
    far = text(s.apply(Bombard("GB-MOR", "DE-3")))
    assert "walks its fire" not in far and "white die" in far
    # fire that landed two moves ago (fired = -2 is not the last move) is not walked
    units[i] = replace(units[i], fired=-2)
    stale = BrigadeState(s.ctx, s.move, s.phase, s.stage, s.selected, s.pending, tuple(units), dict(s.pairs),
                         s.missions, s.revealed, s.rng, s.log, s.result_data)
    assert "white die" in text(stale.apply(Bombard("GB-MOR", "DE-2")))
    assert warroom.odds("brigade/walk-fire", caller="open_sights", distance=2).as_dict()["walked without dicing"] == 1


# --- Readings reviewed: building garrisons, HE pins, the HE column, own gun pits (BR-194 ... BR-199) -------


BUILDING = ('[[table.features]]\nname = "Ferme"\nkind = "building"\nmaterial = "brick"\n'
            'points = [[21, 28], [27, 28], [27, 32], [21, 32]]\n')


@RULE("004", "Detection")
def test_a_garrison_firing_from_a_building_is_seen_from_its_edge(tmp_path: Path) -> None:
    # A British company stands in a 6" x 4" brick building along y = 30, 2" from its nearest wall (not within 1"
    # of the edge). It fires at a German company 9.5" away in the open. The Germans see it by the "Firing from edge
    # of cover" column, 40/10 (BR-194): 9.5" <= 10" is spotted. By the "In cover" column (4/2) it stayed unseen.
    figures = [[21.5 + 0.55 * k, 30] for k in range(10)]
    game = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 30, figures=figures),
                unit("DE-1", "german", "ge_grenadier_company", 24, 20.5), features=BUILDING)
    s = to_orders(game.initial_state(1))
    assert s.observation("german")["enemy"] == []  # stationary in cover: 4/2
    s = s.apply(Select("GB-1")).apply(Fire("GB-1", "DE-1"))
    assert "(10\")" in text(s)  # 9.5" rounded up
    while s.pending:
        s = s.apply(PinChoice(False)) if s.to_act == "german" else s.apply(Hold("GB-1"))
    s = s.apply(End())
    assert [(e["id"], e["detected"]) for e in s.observation("german")["enemy"]] == [("GB-1", "spotted")]


@RULE("004", "Pin markers")
def test_he_that_misses_pins_no_one(tmp_path: Path) -> None:
    # "automatically given a pin marker if hit by HE fire": a 6pdr's HE (46-77 mm artillery piece: 6 points, two
    # groups on 4+) misses with (1/2)^2 = 1/4 and then does not pin; any hit pins (BR-196).
    seen = set()
    for seed in range(1, 30):
        game = make(tmp_path, unit("GB-ATG", "british", "gb_6pdr", 24, 10),
                    unit("DE-1", "german", "ge_grenadier_company", 24, 20))
        s = to_orders(game.initial_state(seed)).apply(Select("GB-ATG")).apply(Fire("GB-ATG", "DE-1"))
        said = text(s)
        missed = "Result: NO HITS" in said
        assert of(s, "DE-1").pinned != missed
        assert ("is pinned by HE fire" in said) != missed
        seen.add(missed)
        if seen == {True, False}:
            break
    assert seen == {True, False}
    assert warroom.odds("brigade/he-fire", calibre="mm_46_77").as_dict()["no hits"] == F(1, 4)


@RULE("004", "FIRING")
def test_he_column_by_tank_gun(tmp_path: Path) -> None:
    # HE FIRE POINTS: 46-77 mm is 6 points as an artillery piece, 4 as a "High Velocity Tank gun". The Sherman's 75
    # is not high velocity (LG 50 mm +, BR-90): 6 points (BR-197); the Firefly's 77 mm is: 4.
    for kind, points, words in (("gb_sherman", 6, "tank gun, not high velocity"),
                                ("gb_firefly", 4, "high velocity tank gun")):
        game = make(tmp_path, unit("GB-T", "british", kind, 24, 10),
                    unit("DE-1", "german", "ge_grenadier_company", 24, 20))
        s = to_orders(game.initial_state(1)).apply(Select("GB-T")).apply(Fire("GB-T", "DE-1", 0))
        assert f"{words}" in text(s) and f"1 \u00d7 {points} = {points} HE fire points" in text(s)
    assert warroom.odds("brigade/he-fire", calibre="mm_46_77", gun="tank_gun", moving=True).as_dict()["no hits"] \
        == F(1, 2) * F(5, 6)  # 6 points moving: 6 / 4 = 1 group on 4+, remainder 2 on a 6


@RULE("004", "Detection")
def test_a_gun_does_not_shell_the_feature_it_stands_in(tmp_path: Path) -> None:
    # "Area weapons may fire at a geographical feature": a 25pdr in its gun pits may fire at the copse it sees, not
    # at its own pits (BR-199).
    pits = ('[[table.features]]\nname = "Gun pits"\nkind = "slit_trench"\npoints = [[22, 8], [26, 8], [26, 12], '
            '[22, 12]]\n[[table.features]]\nname = "Copse"\nkind = "woods"\npoints = [[20, 30], [28, 30], '
            '[28, 36], [20, 36]]\n')
    game = make(tmp_path, unit("GB-G", "british", "gb_25pdr", 24, 10),
                unit("DE-1", "german", "ge_grenadier_company", 5, 45), features=pits)
    s = game.initial_state(1)
    assert s.phase == "indirect"
    areas = [a.feature for a in s.legal_actions() if isinstance(a, BombardFeature)]
    assert areas == ["Copse"]


# --- Readings kept without a test before: a company re-formed in a building, HQs and observers, pistols -------


def _ferme(x0: float, x1: float) -> str:
    """A brick building (hard cover, seed 003 and BR-22) from x0 to x1, y 28 to 32."""
    return ('[[table.features]]\nname = "Ferme"\nkind = "building"\nmaterial = "brick"\n'
            f'points = [[{x0}, 28], [{x1}, 28], [{x1}, 32], [{x0}, 32]]\n')


@RULE("004", "Unit integrity")
@RULE("004", "Basic scales")
@RULE("004", "Detection")
@RULE("004", "Saving throws")
def test_a_company_in_a_building_has_its_cover_where_its_centre_is(tmp_path: Path) -> None:
    # BR-195 (kept; BR-105, BR-106): a British rifle company (10 figures) at (24, 24) moves 6" heading north and
    # re-forms in a line across its move centred on (24, 30), figures 1.25" apart: x = 24 +- 0.62, 1.88, 3.12,
    # 4.38, 5.62, from 18.38 to 29.62. A German company stands at (24, 38), 8" from that centre, and stays put.
    def moved(x0: float, x1: float, seed: int) -> BrigadeState:
        game = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 24),
                    unit("DE-1", "german", "ge_grenadier_company", 24, 38), features=_ferme(x0, x1))
        s = to_orders(game.initial_state(seed))
        s = s.apply(Select("GB-1")).apply(Move("GB-1", "dir:0", False, False))
        assert "6.0\" to (24, 30)" in text(s) and of(s, "GB-1").anchor() == (24.0, 30.0)
        return s.apply(End())  # the german move

    def inside(s: BrigadeState, x0: float, x1: float) -> int:
        return sum(1 for x, y in of(s, "GB-1").figs if x0 <= x <= x1 and 28 <= y <= 32)

    # The building from x = 21 to 27: the centre is inside; 4 figures (22.12 ... 25.88) are in it and 6 stand
    # outside the walls, 3 at each end. The company is in cover: "In cover" 4/2, so at 8" the Germans do not see
    # it, though it moved this period (moving in the open would be 75/50: spotted).
    walls = moved(21, 27, 1)
    assert inside(walls, 21, 27) == 4 and len(of(walls, "GB-1").figs) == 10
    assert walls.observation("german")["enemy"] == []
    # The same line with the building from x = 25 to 31: again 4 figures (25.88 ... 29.62) inside, but the centre
    # (24, 30) is not: the company is in the open, moving: 8" <= 50" is spotted, and the Germans' fire is saved on
    # "In the open, Not Pinned" 6+ (no +1: the firer is 8" off, not within 2").
    for seed in range(1, 40):
        street = moved(25, 31, seed)
        assert inside(street, 25, 31) == 4
        assert [(e["id"], e["detected"]) for e in street.observation("german")["enemy"]] == [("GB-1", "spotted")]
        fired = to_orders(street).apply(Select("DE-1")).apply(Fire("DE-1", "GB-1"))
        if fired.pending and fired.pending[0] == "pin":
            said = text(fired.apply(PinChoice(False)))
            break
    else:
        raise AssertionError("the Germans never hit the company in the street")
    assert "in the open, not pinned: saves on 6+" in said
    # In the building the company is seen once it fires ("Firing from edge of cover" 40/10 anywhere in a building,
    # BR-194: 8" <= 10" is spotted), and the Germans' hits are saved "In hard cover, Not Pinned" 3+, the six men
    # outside the walls included: the figures only show the company's frontage.
    for seed in range(1, 40):
        s = to_orders(moved(21, 27, seed).apply(End()))  # the germans do nothing; british move 2
        s = s.apply(Select("GB-1")).apply(Fire("GB-1", "DE-1"))
        while s.pending:
            s = s.apply(PinChoice(False)) if s.to_act == "german" else s.apply(Hold("GB-1"))
        s = to_orders(s.apply(End()))
        if of(s, "DE-1").status != "on":
            continue
        assert [(e["id"], e["detected"]) for e in s.observation("german")["enemy"]] == [("GB-1", "spotted")]
        fired = s.apply(Select("DE-1")).apply(Fire("DE-1", "GB-1"))
        if fired.pending and fired.pending[0] == "pin":
            said = text(fired.apply(PinChoice(False)))
            break
    else:
        raise AssertionError("the Germans never hit the company in the building")
    assert "in hard cover, not pinned: saves on 3+" in said


def _fire_and_pin(s: BrigadeState, firer: str, target: str) -> tuple[BrigadeState, str]:
    """``firer`` fires at ``target``, which takes a pin marker if hit; the firer then holds. The position after,
    and the narration of every step."""
    s = s.apply(Select(firer)).apply(Fire(firer, target))
    said = [text(s)]
    while s.pending:
        s = s.apply(PinChoice(True)) if s.to_act != s.ctx.side_of[s.ctx.index[firer]] else s.apply(Hold(firer))
        said.append(text(s))
    return s, "\n".join(said)


@RULE("004", "Casualties")
@RULE("004", "Pin markers")
def test_battalion_hqs_and_observers_take_no_casualty_tests_and_leave_with_their_last_figure(
        tmp_path: Path) -> None:
    # BR-198 (kept): the casualty table is for companies and squadrons. Two Vickers sections fire at 10" (short,
    # 12 points: 4 groups on 4+) at a German battalion HQ (3 figures: pistol, SMG, rifle) and a German artillery
    # observer (2 figures), both trained, in the open; each takes the pin marker, so saves on 5+. Wanted: the HQ
    # loses 2 of its 3 (two thirds: a trained company would be removed), the observer 1 of its 2 (a half: a trained
    # company would test), and in the next british move the HQ's last figure dies.
    for seed in range(1, 300):
        game = make(tmp_path, unit("GB-MG1", "british", "gb_vickers", 24, 40),
                    unit("GB-MG2", "british", "gb_vickers", 34, 40),
                    unit("DE-HQ", "german", "ge_bn_hq", 24, 30), unit("DE-FO", "german", "ge_fo", 34, 30))
        s = to_orders(game.initial_state(seed))
        s, first = _fire_and_pin(s, "GB-MG1", "DE-HQ")
        s, second = _fire_and_pin(s, "GB-MG2", "DE-FO")
        if len(of(s, "DE-HQ").figs) != 1 or len(of(s, "DE-FO").figs) != 1:
            continue
        # Both stay on the table, with no casualty test, now or at the start of their side's move (phase 1).
        assert of(s, "DE-HQ").status == "on" and of(s, "DE-FO").status == "on"
        assert "2 FIGURES KILLED" in first and "1 FIGURE KILLED" in second
        assert "casualty test" not in (first + second).lower() and "removed" not in first + second
        assert not of(s, "DE-HQ").pending and not of(s, "DE-FO").pending
        german = s.apply(End())
        assert "casualty test" not in text(german).lower() and german.phase == "pins"
        # Phase 2: both pinned, both test. The HQ: trained 3+, +2 for 2 of 3 dead (66%: two full 25%s), -1 "Unit
        # HQ": 4+. The observer is no unit HQ (BR-51): trained 3+, +2 for 1 of 2 dead (50%): 5+.
        tested = german.apply(PinOrder(True))
        said = text(tested)
        hq, fo = said.split("DE-FO (German artillery observer): pin test")
        hq = hq.split("DE-HQ (German battalion HQ): pin test")[1]
        assert "+2 2 of 3 dead: 2 \u00d7 25% (BR-50)" in hq and "\u22121 unit HQ (BR-51)" in hq
        assert "needs 4+" in hq
        assert "+2 1 of 2 dead: 2 \u00d7 25% (BR-50)" in fo and "unit HQ" not in fo and "needs 5+" in fo
        # The british move: the Vickers fires at the HQ again; when its last figure dies it leaves the table.
        again, last = _fire_and_pin(to_orders(tested.apply(End())), "GB-MG1", "DE-HQ")
        if of(again, "DE-HQ").figs:
            continue
        assert of(again, "DE-HQ").status == "removed"
        assert "DE-HQ (German battalion HQ) is removed from the table." in last
        break
    else:
        raise AssertionError("no seed gave the wanted losses")


@RULE("004", "Small arms fire")
@RULE("004", "Converting Fire points to Hits")
@RULE("004", "Saving throws")
def test_a_battalion_hq_closes_to_pistol_range_and_fires_its_pistol(tmp_path: Path) -> None:
    # BR-190 (brigade fault 4, issue 14): a move stops 1" from the nearest enemy figure, so the pistol's 1" range
    # is reached. A British battalion HQ (3 figures: pistol, SMG, rifle) at (24, 23.5) moves at a German grenadier
    # company whose 9 figures stand in a line across x = 24 at y = 30, one of them at (24, 30). Its middle figure
    # heads straight at that one; its figures stop 1" short of the enemy's, at y = 29, after 5.5" of its 6".
    game = make(tmp_path, unit("GB-HQ", "british", "gb_bn_hq", 24, 23.5),
                unit("DE-1", "german", "ge_grenadier_company", 24, 30))
    s = to_orders(game.initial_state(1))
    s = s.apply(Select("GB-HQ")).apply(Move("GB-HQ", "enemy", False, False))
    assert "5.5\" to (24, 29)" in text(s) and of(s, "GB-HQ").anchor() == (24.0, 29.0)
    s = next_move(s).apply(Select("GB-HQ"))
    fire = Fire("GB-HQ", "DE-1")
    # Halted, at 1" (centre to centre): pistol 1 x 1 = 1, SMG 1 x 3 = 3, rifle 1 x 2 = 2: 6 points, 6 / 3 = 2
    # groups on 4+ with no remainder. (Without the pistol, 5 points: one group on 4+ and a remainder of 2 on 5+.)
    # Hits: none 1/4, one 1/2, two 1/4. Saves: in the open, +1 for a firer within 2" of the target: unpinned 7+,
    # none saved; pinned 6+, each hit kills 5/6: none lost 1/4 + 1/2 x 1/6 + 1/4 x 1/36 = 49/144, one
    # 1/2 x 5/6 + 1/4 x 2 x 5/6 x 1/6 = 70/144, two 1/4 x 25/36 = 25/144.
    assert s.odds(fire) == {
        "DE-1: figures lost (if it takes a pin marker)": {"0": F(49, 144), "1": F(70, 144), "2": F(25, 144)},
        "DE-1: figures lost (if it does not)": {"0": F(1, 4), "1": F(1, 2), "2": F(1, 4)}}
    said = text(s.apply(fire))
    assert "fires at DE-1 (German grenadier company) (1\")" in said
    assert "1 \u00d7 pistol at short range (1\"): 1 \u00d7 1 = 1 fire points" in said
    assert "6 fire points \u00f7 3 (firers halted and not pinned) = 2 groups, remainder 0" in said
