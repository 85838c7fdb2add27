"""The Brigade game (seed 004) played on small hand-built tables: each rule worked out by hand from
the seed, then checked in the game: the narration (the ruling the engine threw) and the state after.

Tables are flat 48" x 48" (no terrain unless given), so every line of sight is clear and ranges are
plain distances between the centres of units (BR-105). Expected numbers are computed in comments.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

import warroom
from brigade_tables import make, text, to_orders, unit
from warroom.core.errors import UsageError
from warroom.rulesets.brigade.game import BrigadeState
from warroom.rulesets.brigade.game.actions import (
    End,
    Fire,
    Hold,
    Move,
    MoveTo,
    PinChoice,
    PinOrder,
    Request,
    Select,
)

RULE = pytest.mark.rule


def with_unit(state: BrigadeState, uid: str, **changes: Any) -> BrigadeState:
    """The same position with one unit changed (for setting up a test)."""
    i = state.ctx.index[uid]
    units = list(state.units)
    units[i] = replace(units[i], **changes)
    return BrigadeState(state.ctx, state.move, state.phase, state.stage, state.selected, state.pending,
                        tuple(units), dict(state.pairs), state.missions, state.revealed, state.rng, state.log,
                        state.result_data)


# --- Detection ----------------------------------------------------------------------------------------


@RULE("004", "Detection")
def test_detection_distances_in_the_game(tmp_path: Path) -> None:
    # Infantry stationary in the open: 40/15. A company 30" away is aware (15 < 30 <= 40), one 12" away
    # spotted, one 44" away unseen. The German side's observation shows only what it detected (BR-111).
    game = make(tmp_path,
                unit("GB-A", "british", "gb_rifle_company", 10, 5),
                unit("DE-1", "german", "ge_grenadier_company", 10, 35),
                unit("DE-2", "german", "ge_grenadier_company", 30, 17, facing=270),
                unit("DE-3", "german", "ge_grenadier_company", 40, 45))
    s = game.initial_state(1)
    seen = {e["id"]: e["detected"] for e in s.observation("british")["enemy"]}
    # DE-1: 30"; DE-2: hypot(20, 12) = 23.3" (aware); DE-3: hypot(30, 40) = 50" (unseen)
    assert seen == {"DE-1": "aware", "DE-2": "aware"}
    aware = next(e for e in s.observation("british")["enemy"] if e["id"] == "DE-1")
    assert set(aware) == {"id", "detected", "kind", "near"}  # no figures of a unit only part detected
    game = make(tmp_path,
                unit("GB-A", "british", "gb_rifle_company", 10, 5),
                unit("DE-1", "german", "ge_grenadier_company", 10, 17))
    s = game.initial_state(1)
    assert [e["detected"] for e in s.observation("british")["enemy"]] == ["spotted"]  # 12" <= 15"


@RULE("004", "Detection")
def test_troops_in_woods_are_seen_only_within_4_inches(tmp_path: Path) -> None:
    # In cover: 4/2. Woods from y=20 to 30; a German company at its centre (y=25) stands 5" inside. A
    # British company 5" from it is unseen; one 3" from it... cannot be (it would be in the woods), so
    # the test puts the British 30" away in the open: unseen (the cover row applies, BR-25).
    woods = '[[table.features]]\nname = "Bois"\nkind = "light_woods"\npoints = [[0, 20], [48, 20], [48, 30], [0, 30]]\n'
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, 2),
                unit("DE-1", "german", "ge_grenadier_company", 24, 21, facing=90), features=woods)
    s = game.initial_state(1)
    # 19" away, 1" inside light woods (sight limit 4": the line is clear), in cover: 4/2 -> unseen
    assert s.observation("british")["enemy"] == []


# --- Small arms fire, Converting Fire points to Hits, Saving throws ----------------------------------


@RULE("004", "Converting Fire points to Hits")
@RULE("004", "Small arms fire")
def test_a_company_fires_and_the_target_opts_for_a_pin(tmp_path: Path) -> None:
    # A British rifle company: 6 rifles, 2 ARs, 1 SMG and the PIAT man (a rifle at troops, BR-102).
    # At 8" (medium): 7 rifles x 1.5 = 10.5, 2 ARs x 2 = 4, 1 SMG x 1 = 1: 15.5, rounded down to 15:
    # 5 groups hitting on 4+, no remainder.
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, 10),
                unit("DE-1", "german", "ge_grenadier_company", 24, 18))
    s = to_orders(game.initial_state(3))
    assert Select("GB-A") in s.legal_actions()
    s = s.apply(Select("GB-A"))
    assert Fire("GB-A", "DE-1") in s.legal_actions()
    s = s.apply(Fire("GB-A", "DE-1"))
    said = text(s)
    assert "15.5 fire points: the odd .5 is rounded down to 15" in said
    assert "15 fire points \u00f7 3 (firers halted and not pinned) = 5 groups, remainder 0" in said
    odds = warroom.odds("brigade/small-arms-fire", rifles=7, ars=2, smgs=1, range=8).as_dict()
    assert odds["no hits"] == F(1, 32)  # (1/2)^5
    assert odds["5 hits"] == F(1, 32)
    hits = next(int(line.split()[-2]) for line in said.splitlines() if line.strip().startswith("group dice"))
    if hits == 0:
        assert s.to_act == "british" and s.pending and s.pending[0] == "after_fire"
        return
    # the target's side decides on the pin before its saves (BR-122)
    assert s.to_act == "german" and list(s.legal_actions()) == [PinChoice(True), PinChoice(False)]
    before = len(s.units[s.ctx.index["DE-1"]].figs)
    s = s.apply(PinChoice(True))
    said = text(s)
    # in the open, pinned: saves on 5+ (Saving throws)
    assert "in the open, pinned: saves on 5+" in said
    after = s.units[s.ctx.index["DE-1"]]
    killed = next((int(w.split()[0]) for w in said.splitlines() if "figure" in w and "killed" in w
                   and w.strip().startswith("Result")), 0)
    assert after.pinned and before - len(after.figs) == killed
    assert s.to_act == "british" and s.pending[0] == "after_fire"  # type A: it may now move up to half


@RULE("004", "Saving throws")
@RULE("004", "Converting Fire points to Hits")
def test_soft_cover_and_part_detected_in_the_game(tmp_path: Path) -> None:
    # A German company 1 1/2" inside light woods (soft cover) and 3 1/2" from a Vickers section: in cover
    # (4/2) it is only part detected (aware). The MMG at 4" (short): 12 fire points, 4 groups hitting on 6
    # only (part detected). Not pinned it saves on 4+ in soft cover (Saving throws).
    woods = ('[[table.features]]\nname = "Bois"\nkind = "light_woods"\n'
             'points = [[16, 16], [32, 16], [32, 20], [16, 20]]\n')
    game = make(tmp_path, unit("GB-MG", "british", "gb_vickers", 24, 14),
                unit("DE-1", "german", "ge_grenadier_company", 24, 17.5, facing=90), features=woods)
    s = to_orders(game.initial_state(5))
    assert [e["detected"] for e in s.observation("british")["enemy"]] == ["aware"]
    s = s.apply(Select("GB-MG")).apply(Fire("GB-MG", "DE-1"))
    said = text(s)
    assert "1 \u00d7 MMG at short range (4\"): 1 \u00d7 12 = 12 fire points" in said
    assert "each hitting on 6+ (target only part detected)" in said
    assert warroom.odds("brigade/fire-points-to-hits", points=12, part_detected=True).as_dict()["no hits"] == \
        F(5, 6) ** 4
    if s.to_act == "german":
        s = s.apply(PinChoice(False))
        assert "in soft cover, not pinned: saves on 4+" in text(s).lower()


# --- Firing at vehicles --------------------------------------------------------------------------------


@RULE("004", "Firing at vehicles")
@RULE("004", "Converting a hit to a kill")
def test_a_6pdr_hits_a_panzer_iv_in_the_side(tmp_path: Path) -> None:
    # 6pdr (LG 50 mm+, attack 7) at 20" (the <=25" column): hits on 2+. The Panzer IV faces 180 (-y);
    # the gun is to its west, so the shot is on its side (90 degrees off its facing, BR-89): armour 6.
    # D6 + 7 > 6 always: destroyed on any hit, 5/6.
    game = make(tmp_path, unit("GB-ATG", "british", "gb_6pdr", 10, 24),
                unit("DE-PZ", "german", "ge_pz_iv_h", 30, 24))
    s = to_orders(game.initial_state(11))
    s = s.apply(Select("GB-ATG")).apply(Fire("GB-ATG", "DE-PZ"))
    said = text(s)
    assert "(LG 50 mm +) at 20\" (the \u226425\" column): hits on 2+" in said
    assert "hits on 2+" in said and "Table: to hit 2+" in said  # no modifier: seen before this move
    if "Result: MISS" not in said:
        assert "the target side armour 6; attack value 7" in said
    assert warroom.odds("brigade/anti-tank-fire", weapon="6pdr", target="other", armour=6, facing="side",
                        range=20).as_dict()["destroyed"] == F(5, 6)
    destroyed = "Result: DESTROYED" in said
    assert (s.units[s.ctx.index["DE-PZ"]].status == "destroyed") == destroyed


# --- Movement ------------------------------------------------------------------------------------------


@RULE("004", "Movement")
def test_infantry_moves_six_inches_in_the_open(tmp_path: Path) -> None:
    # Infantry in the open: 6" a move, 3" a half move; the company re-forms across its heading (BR-106).
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, 5),
                unit("DE-1", "german", "ge_grenadier_company", 24, 46))
    s = to_orders(game.initial_state(2))
    s = s.apply(Select("GB-A")).apply(Move("GB-A", "dir:0"))
    u = s.units[s.ctx.index["GB-A"]]
    assert u.anchor() == (24.0, 11.0) and u.moved == 0 and u.order == "C"
    assert "moves heading 0\u00b0: 6.0\" to (24, 11)" in text(s)
    s2 = s.apply(Select("GB-A")) if Select("GB-A") in s.legal_actions() else None
    assert s2 is None  # one order a move
    # a free-form move is checked: 7" is beyond a full infantry move of 6" (BR-160)
    t = to_orders(game.initial_state(2)).apply(Select("GB-A"))
    with pytest.raises(UsageError, match="beyond the move"):
        t.apply(MoveTo("GB-A", 240, 120, "C"))
    moved = t.apply(MoveTo("GB-A", 260, 100, "C"))
    assert moved.units[moved.ctx.index["GB-A"]].anchor() == (26.0, 10.0)


@RULE("004", "Move Sequence")
def test_types_a_to_e_in_order(tmp_path: Path) -> None:
    # "Do all type A, then B, C, D and finally type E": after a type C move, no unit may fire halted.
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 14, 10),
                unit("GB-B", "british", "gb_rifle_company", 34, 10),
                unit("DE-1", "german", "ge_grenadier_company", 24, 20))
    s = to_orders(game.initial_state(4))
    s = s.apply(Select("GB-A")).apply(Move("GB-A", "dir:180", half=True))
    s = s.apply(Select("GB-B"))
    assert not any(isinstance(a, Fire) for a in s.legal_actions())
    with pytest.raises(UsageError, match="not legal"):
        s.apply(Fire("GB-B", "DE-1"))
    assert s.apply(Hold("GB-B")).stage == 2


# --- Morale --------------------------------------------------------------------------------------------


@RULE("004", "Pin markers")
def test_pin_tests_in_phase_2(tmp_path: Path) -> None:
    # A pinned elite company tests at the start of its move: D6 2+ (Pin markers), 5/6.
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 10, 5, morale="elite"),
                unit("DE-1", "german", "ge_grenadier_company", 40, 45))
    s = to_orders(game.initial_state(6))
    s = with_unit(s, "GB-A", pinned=True)
    s = s.apply(End())  # british end; german move 1
    s = to_orders(s).apply(End())  # german end: british move 2 starts with the pin test
    assert s.phase == "pins" and list(s.legal_actions()) == [PinOrder(True), PinOrder(False)]
    s = s.apply(PinOrder(True))
    said = text(s)
    assert "elite unit: removes its pin marker on a D6 score of 2+" in said
    assert s.units[0].pinned == ("STAYS PINNED" in said)
    assert warroom.odds("brigade/pin-removal", morale="elite").as_dict()["pin removed"] == F(5, 6)


@RULE("004", "Casualties")
def test_a_raw_company_tests_at_a_third_lost_in_phase_1(tmp_path: Path) -> None:
    # A raw German grenadier company (9 figures) that lost 3 (1/3): "Test, 3-6 OK" in its next phase 1.
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 10, 5),
                unit("DE-1", "german", "ge_grenadier_company", 40, 45, morale="raw"))
    s = game.initial_state(8)
    i = s.ctx.index["DE-1"]
    u = s.units[i]
    s = with_unit(s, "DE-1", figs=u.figs[:6], roles=u.roles[:6], pending=True)
    s = to_orders(s).apply(End())  # the german move begins with phase 1
    said = text(s)
    assert "casualty test, 3 of 9 lost" in said and "raw, 1/3 lost: test, 3-6 OK" in said
    assert (s.units[i].status == "removed") == ("FAILS TEST" in said)
    assert warroom.odds("brigade/casualty-test", morale="raw", figures=9, dead=3).as_dict()["passes test"] == F(2, 3)


# --- Indirect fire -------------------------------------------------------------------------------------


@RULE("004", "Mortar and indirect artillery Fire")
def test_a_request_arrives_a_period_later(tmp_path: Path) -> None:
    # The FOO requests a 25pdr battery (artillery 83-105 mm: a 3" x 3" zone) on a German company it has
    # detected; the fire arrives in phase 4 of the british next move (a period later), diced then.
    battery = '[[batteries]]\nid = "GB-RA"\nside = "british"\nfire = "artillery_83_105"\n'
    game = make(tmp_path, unit("GB-FOO", "british", "gb_foo", 24, 5),
                unit("DE-1", "german", "ge_grenadier_company", 24, 30), extra=battery)
    s = game.initial_state(9)
    assert s.phase == "requests"
    s = s.apply(Request("GB-FOO", "GB-RA", "DE-1"))
    assert "a marker is placed; the fire arrives next period" in text(s, "british")
    assert text(s, "german") == ""  # the request is the british side's own
    assert [m.due for m in s.missions] == [2]
    s = to_orders(s.apply(End())).apply(End())  # german move
    s = to_orders(s).apply(End())  # british move 2: phase 3 ends, the fire arrives in phase 4
    while s.phase in ("requests",):
        s = s.apply(End())
    said = text(s)
    assert "Off table fire: GB-RA arrives on the marker" in said and "white die" in said


# --- Winning and losing --------------------------------------------------------------------------------


@RULE("004", "Winning and Losing")
def test_losing_half_plus_one_of_the_companies_loses(tmp_path: Path) -> None:
    # The Germans have 3 companies: losing 3 // 2 + 1 = 2 of them loses the game (MG sections and HQs
    # do not count, BR-104).
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 10, 5),
                unit("DE-1", "german", "ge_grenadier_company", 40, 45),
                unit("DE-2", "german", "ge_grenadier_company", 30, 45),
                unit("DE-3", "german", "ge_grenadier_company", 20, 45),
                unit("DE-MG", "german", "ge_mg42_hmg", 5, 45))
    s = to_orders(game.initial_state(1))
    s = with_unit(with_unit(s, "DE-1", status="removed"), "DE-MG", status="destroyed")
    assert not s.apply(End()).is_terminal()
    s = with_unit(s, "DE-2", status="removed")
    done = s.apply(End())
    assert done.is_terminal() and done.to_act is None and done.legal_actions() == ()
    assert done.result()["winner"] == "british" and done.result()["companies_lost"]["german"] == 2


# --- Minefields (seed 003 MINES) ------------------------------------------------------------------------


@RULE("003", "MINES")
def test_troops_crossing_an_ap_field_check_on_entering(tmp_path: Path) -> None:
    # AP mines against troops: 2 fire points, one die hitting on 5+, saved in the open on 6+:
    # a figure dies with 1/3 x 5/6 = 5/18 (BR-140).
    field = ('[[minefields]]\nname = "Belt"\nowner = "german"\nkind = "ap"\nat = [20, 8]\nsize = [8, 2]\n')
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, 5),
                unit("DE-1", "german", "ge_grenadier_company", 24, 40), extra=field)
    s = to_orders(game.initial_state(4))
    assert s.observation("british")["minefields"] == []  # hidden until found (BR-142)
    s = s.apply(Select("GB-A")).apply(Move("GB-A", "dir:0"))
    said = text(s)
    assert "GB-A (British rifle company) entering minefield 'Belt'" in said and "AP mines against troops" in said
    assert [f["name"] for f in s.observation("british")["minefields"]] == ["Belt"]
    assert warroom.odds("brigade/ap-mine-troops").as_dict()["1 figure killed"] == F(5, 18)


def test_illegal_actions_say_why(tmp_path: Path) -> None:
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, 5),
                unit("DE-1", "german", "ge_grenadier_company", 24, 40))
    s = game.initial_state(1)
    with pytest.raises(UsageError, match=r"is not legal in phase 5|is not legal in phase 3|legal now: end"):
        s.apply(Select("DE-1"))
    with pytest.raises(UsageError, match="no action has code"):
        game.decode(99_999_999_999 * 0 + 9_999)
    assert game.decode(game.encode(Move("GB-A", "obj:1", True, False))) == Move("GB-A", "obj:1", True, False)


@RULE("003", "MINES")
def test_ap_mine_procedure_by_hand() -> None:
    # density 40%: a mine is met on d% 01-40 (2/5); then 2 fire points: one die hitting on 5+ (1/3);
    # pinned troops in the open save on 5+, so the hit kills on 1-4 (2/3): 2/5 x 1/3 x 2/3 = 4/45.
    odds = warroom.odds("brigade/ap-mine-troops", density=40, pinned=True).as_dict()
    assert odds == {"no mine met": F(3, 5), "no casualties": F(14, 45), "1 figure killed": F(4, 45)}
    with pytest.raises(UsageError, match="density is a whole number from 0 to 100"):
        warroom.odds("brigade/ap-mine-troops", density=120)
    ruling = warroom.roll("brigade/ap-mine-troops", seed=3)
    assert ruling.dice[0].label == "remainder die" and ruling.result in ("no casualties", "1 figure killed")
