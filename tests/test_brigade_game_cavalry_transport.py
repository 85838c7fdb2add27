"""The Brigade game (seed 004) with cavalry mounted and on foot, troops riding transport vehicles, and
minefields spotted (seed 003 "MINES" b): each rule worked out by hand from the seeds and checked in the
game. Readings BR-161 ... BR-176 (docs/rulings.md).

Tables are flat 48" x 48" (no terrain unless given), so sight lines are clear and ranges are plain
distances between unit centres (BR-105). Expected numbers are computed in comments.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

import warroom
from brigade_tables import make, next_move, of, text, to_orders, unit
from warroom.core.errors import UsageError
from warroom.rulesets.brigade import geometry as geo
from warroom.rulesets.brigade.game import BrigadeGame, BrigadeState, Builder, invariants
from warroom.rulesets.brigade.game.actions import (
    BombardFeature,
    Disembark,
    Dismount,
    Embark,
    End,
    Fire,
    Hold,
    Mount,
    Move,
    MoveTo,
    Request,
    Select,
)
from warroom.rulesets.brigade.game.consequences import kill, remove
from warroom.rulesets.brigade.game.play import freeze

RULE = pytest.mark.rule


SQUADRON = ("GB-CAV", "british", "ru_cavalry_squadron")  # 6 rifles and 2 SMGs, mounted


# --- Mounting and dismounting -----------------------------------------------------------------------


@RULE("004", "Mounting and dismounting")
def test_dismounting_leaves_one_figure_in_four_with_the_horses(tmp_path: Path) -> None:
    # 8 figures: ceil(8 / 4) = 2 horse holders (one in every four, BR-48), riflemen (the SMGs fight,
    # BR-162), in a line 2" behind the squadron (facing 0, so at y = 10 - 2 = 8); 6 fight on foot at y = 10.
    game = make(tmp_path, unit(*SQUADRON, 10, 10), unit("DE-1", "german", "ge_grenadier_company", 40, 45))
    s = to_orders(game.initial_state(1))
    assert of(s, "GB-CAV").mounted
    s = s.apply(Select("GB-CAV"))
    assert Dismount("GB-CAV", "here") in s.legal_actions()
    s = s.apply(Dismount("GB-CAV", "here"))
    u = of(s, "GB-CAV")
    assert not u.mounted and u.holders == 2 and len(u.figs) == 8
    assert u.roles == ("rifle", "rifle", "rifle", "rifle", "smg", "smg", "rifle", "rifle")
    assert all(y == 10 for _, y in u.fighting) and all(y == 8 for _, y in u.horse_lines)
    assert [x for x, _ in u.horse_lines] == [9.38, 10.62]  # 10 -/+ 1.25 / 2, to the hundredth
    assert u.anchor() == (10.0, 10.0)  # the centre of the fighting men (BR-162)
    said = text(s)
    assert "8 figures: at least 2 hold the horses (one in every 4, BR-48)" in said
    assert "2 horse holders stay with the horses at (9.38, 8)" in said
    assert not invariants(s)


@RULE("004", "Movement")
@RULE("004", "Mounting and dismounting")
def test_cavalry_ride_16_inches_and_walk_6_on_foot(tmp_path: Path) -> None:
    # Movement table: cavalry 16" in the open, infantry 6". Mounted, a full move north is 16" (10 -> 26);
    # dismounted the same squadron walks 6" (10 -> 16) and leaves its horse holders where they were.
    game = make(tmp_path, unit(*SQUADRON, 10, 10), unit("DE-1", "german", "ge_grenadier_company", 40, 45))
    s = to_orders(game.initial_state(1)).apply(Select("GB-CAV")).apply(Move("GB-CAV", "dir:0"))
    assert of(s, "GB-CAV").anchor() == (10.0, 26.0)
    s = to_orders(game.initial_state(1)).apply(Select("GB-CAV")).apply(Dismount("GB-CAV", "here"))
    s = next_move(s).apply(Select("GB-CAV")).apply(Move("GB-CAV", "dir:0"))
    u = of(s, "GB-CAV")
    assert u.anchor() == (10.0, 16.0) and all(y == 8 for _, y in u.horse_lines)
    # the holders are now 16 - 8 = 8" behind, 8 - 3/4 = 7 1/4" base to base: more than 6": split (BR-26)
    assert geo.integrity(u.fighting, u.horse_lines).split
    s = next_move(s).apply(Select("GB-CAV"))
    assert not [a for a in s.legal_actions() if isinstance(a, Mount)]  # holders not with the unit (BR-48)


@RULE("004", "Mounting and dismounting")
def test_mounting_takes_half_a_move_then_rides_half(tmp_path: Path) -> None:
    # Mount (half a move) on the horse lines, centred on (10, 8); then ride up to half of 16" = 8" north:
    # (10, 8 + 8) = (10, 16).
    game = make(tmp_path, unit(*SQUADRON, 10, 10), unit("DE-1", "german", "ge_grenadier_company", 40, 45))
    s = to_orders(game.initial_state(1)).apply(Select("GB-CAV")).apply(Dismount("GB-CAV", "here"))
    s = next_move(s).apply(Select("GB-CAV"))
    assert Mount("GB-CAV", "dir:0") in s.legal_actions()
    s = s.apply(Mount("GB-CAV", "dir:0"))
    u = of(s, "GB-CAV")
    assert u.mounted and u.holders == 0 and len(u.figs) == 8 and u.anchor() == (10.0, 16.0)
    said = text(s)
    assert "mounts at its horse lines (10, 8)" in said and "8.0\" to (10, 16)" in said


@RULE("004", "Detection")
@RULE("004", "Mounting and dismounting")
def test_cavalry_on_foot_hide_in_wheat_as_infantry(tmp_path: Path) -> None:
    # 003 Wheat Field: "Blocks LOS (on the same level) for infantry only" (BR-17). A Panzer IV 20" away,
    # across a wheat field, looks at a squadron stationary in the open (Detection, the "Infantry" row: 40/15).
    # Mounted, the squadron is cavalry, seen over the wheat (TM-9): aware at 20" (15 < 20 <= 40). Dismounted
    # it stands as infantry (BR-161): the wheat blocks the line, and it is unseen.
    wheat = ('[[table.features]]\nname = "Wheat"\nkind = "wheat_field"\n'
             'points = [[0, 18], [48, 18], [48, 22], [0, 22]]\n')
    for mounted, seen in ((True, ["aware"]), (False, [])):
        game = make(tmp_path, unit(*SQUADRON, 24, 10, mounted=mounted),
                    unit("DE-PZ", "german", "ge_pz_iv_h", 24, 30), extra=wheat)
        s = game.initial_state(1)
        assert [e["detected"] for e in s.observation("german")["enemy"]] == seen


@RULE("004", "Moving and Firing")
@RULE("004", "Small arms fire")
def test_mounted_cavalry_always_fire_as_moving(tmp_path: Path) -> None:
    # At 4" (short): mounted, all 8 fire: 6 rifles x 2 + 2 SMGs x 3 = 18 points; "Mounted cavalry always
    # count as moving when firing": 18 / 4 = 4 groups, remainder 2. Dismounted, the 2 holders do not fire:
    # 4 rifles x 2 + 2 SMGs x 3 = 14 points, halted: 14 / 3 = 4 groups, remainder 2.
    def fire(mounted: bool) -> str:
        game = make(tmp_path, unit(*SQUADRON, 24, 10, mounted=mounted),
                    unit("DE-1", "german", "ge_grenadier_company", 24, 14))
        s = to_orders(game.initial_state(2)).apply(Select("GB-CAV")).apply(Fire("GB-CAV", "DE-1"))
        return text(s)

    said = fire(True)
    assert "6 \u00d7 rifle at short range (4\"): 6 \u00d7 2 = 12 fire points" in said
    assert "18 fire points \u00f7 4 (firers moving or pinned) = 4 groups, remainder 2" in said
    said = fire(False)
    assert "4 \u00d7 rifle at short range (4\"): 4 \u00d7 2 = 8 fire points" in said
    assert "14 fire points \u00f7 3 (firers halted and not pinned) = 4 groups, remainder 2" in said
    moving = warroom.odds("brigade/small-arms-fire", rifles=6, smgs=2, range=4, moving=True).as_dict()
    assert moving["5 hits"] == F(1, 96)  # four 4+ dice and a remainder 2 on a 6: (1/2)^4 x 1/6


@RULE("004", "Pin markers")
def test_he_pins_cavalry_on_foot_but_never_mounted(tmp_path: Path) -> None:
    # "Cavalry units ... are never 'pinned'" - mounted (BR-161); "any other unit is automatically given a
    # pin marker if hit by HE fire". A 6pdr fires HE at the squadron 10" away.
    def shot(mounted: bool) -> Any:
        game = make(tmp_path, unit("GB-ATG", "british", "gb_6pdr", 24, 10),
                    unit("DE-CAV", "german", "ru_cavalry_squadron", 24, 20, mounted=mounted))
        s = to_orders(game.initial_state(4)).apply(Select("GB-ATG")).apply(Fire("GB-ATG", "DE-CAV"))
        return of(s, "DE-CAV"), text(s)

    u, said = shot(True)
    assert not u.pinned and "DE-CAV (Soviet cavalry squadron) is pinned by HE fire" not in said
    u, said = shot(False)
    assert u.pinned and "DE-CAV (Soviet cavalry squadron) is pinned by HE fire (Pin markers)" in said


@RULE("004", "Mounting and dismounting")
def test_horses_lost_when_the_last_holder_falls(tmp_path: Path) -> None:
    # BR-163: killing both horse holders loses the horses; the squadron cannot mount again.
    game = make(tmp_path, unit(*SQUADRON, 10, 10, mounted=False), unit("DE-1", "german", "ge_grenadier_company",
                                                                        40, 45))
    s = to_orders(game.initial_state(1))
    u = of(s, "GB-CAV")
    assert u.holders == 2 and u.horse_lines == ((9.38, 8.0), (10.62, 8.0))
    b = Builder(s)
    kill(b, s.ctx.index["GB-CAV"], 2, (10, 0), among=(6, 7))  # the two holders, under indirect fire
    s = freeze(b)
    u = of(s, "GB-CAV")
    assert u.holders == 0 and not u.mounted and len(u.figs) == 6
    assert "the horses are lost; it fights on foot for the rest of the game" in text(s)
    s = s.apply(Select("GB-CAV"))
    assert not [a for a in s.legal_actions() if isinstance(a, Mount)]


# --- Entering / leaving vehicles ----------------------------------------------------------------------


def lorry_game(tmp_path: Path, company_at: tuple[float, float] | None = None) -> BrigadeGame:
    rider = (unit("GB-A", "british", "gb_rifle_company", 20, 20, aboard="GB-TCV") if company_at is None else
             unit("GB-A", "british", "gb_rifle_company", *company_at))
    return make(tmp_path, rider, unit("GB-TCV", "british", "gb_truck", 20, 20),
                unit("DE-1", "german", "ge_grenadier_company", 20, 46))


@RULE("004", "Entering / leaving vehicles")
def test_riders_go_with_their_lorry_unseen(tmp_path: Path) -> None:
    # A 3-ton lorry (other wheeled: 15" in the open) carries the company (10 figures <= 12, BR-170). A full
    # move north: (20, 20) -> (20, 35); the riders are where the lorry is, and the Germans 11" away see the
    # lorry but not who rides in it.
    s = to_orders(lorry_game(tmp_path).initial_state(1))
    assert of(s, "GB-A").aboard == s.ctx.index["GB-TCV"]
    s = s.apply(Select("GB-TCV")).apply(Move("GB-TCV", "dir:0"))
    assert of(s, "GB-TCV").anchor() == (20.0, 35.0)
    assert set(of(s, "GB-A").figs) == {(20.0, 35.0)}
    seen = [e["id"] for e in s.observation("german")["enemy"]]
    assert seen == ["GB-TCV"]
    assert not invariants(s)


@RULE("004", "Entering / leaving vehicles")
def test_disembarking_takes_half_a_move_of_troops_and_lorry(tmp_path: Path) -> None:
    # The company gets out in contact, 1" behind the lorry (facing 0: at y = 19), then may walk half of 6" =
    # 3" (19 -> 22). The lorry has spent half its move: it may move half (7 1/2"), not a full 15".
    s = to_orders(lorry_game(tmp_path).initial_state(1)).apply(Select("GB-A"))
    assert next(a for a in s.legal_actions() if isinstance(a, Disembark)) == Disembark("GB-A", "here")
    s = s.apply(Disembark("GB-A", "dir:0"))
    u = of(s, "GB-A")
    assert u.aboard == -1 and u.anchor() == (20.0, 22.0)
    assert "the troops are left in contact with the vehicle and may move away in the other half" in text(s)
    s = s.apply(Select("GB-TCV"))
    assert Move("GB-TCV", "dir:0", half=True) in s.legal_actions()
    assert Move("GB-TCV", "dir:0") not in s.legal_actions()
    with pytest.raises(UsageError, match="not legal"):
        s.apply(Move("GB-TCV", "dir:0"))
    s = s.apply(Move("GB-TCV", "dir:0", half=True))
    assert of(s, "GB-TCV").anchor() == (20.0, 27.5)


@RULE("004", "Entering / leaving vehicles")
def test_embarking_needs_the_lorry_within_half_a_move(tmp_path: Path) -> None:
    # Reach: half of 6" and 1 1/2" of contact = 4 1/2". A company 4" from the lorry may embark; one 5" away
    # may not.
    s = to_orders(lorry_game(tmp_path, (20, 16)).initial_state(1)).apply(Select("GB-A"))
    assert Embark("GB-A", "GB-TCV") in s.legal_actions()
    s = s.apply(Embark("GB-A", "GB-TCV"))
    assert of(s, "GB-A").aboard == s.ctx.index["GB-TCV"] and "GB-A (" in text(s) and "embarks in" in text(s)
    assert of(s, "GB-TCV").halves == 1
    s = to_orders(lorry_game(tmp_path, (20, 15)).initial_state(1)).apply(Select("GB-A"))
    assert Embark("GB-A", "GB-TCV") not in s.legal_actions()


@RULE("004", "Saving throws")
@RULE("004", "Entering / leaving vehicles")
def test_riders_of_a_destroyed_lorry_save_on_3_and_are_pinned(tmp_path: Path) -> None:
    # "Escaping from a destroyed vehicle 3+"; "Troops who escape from a destroyed vehicle are automatically
    # pinned" (BR-172). Ten figures each save on 3+: none lost (2/3)^10 = 1024/59049; all lost (1/3)^10.
    odds = warroom.odds("brigade/saving-throws", hits=10, target="escaping").as_dict()
    assert odds["no casualties"] == F(1024, 59049) and odds["10 figures killed"] == F(1, 59049)
    s = to_orders(lorry_game(tmp_path).initial_state(1))
    b = Builder(s)
    remove(b, s.ctx.index["GB-TCV"], "destroyed")
    s = freeze(b)
    said = text(s)
    assert "escaping from a destroyed vehicle: 3+" in said
    u = of(s, "GB-A")
    result = next(line for line in said.splitlines() if line.startswith("  Result: "))
    killed = 0 if "NO CASUALTIES" in result else int(result.split()[1])
    assert u.aboard == -1 and len(u.figs) == 10 - killed
    if u.on:
        assert u.pinned and u.anchor() == (20.0, 19.0)  # beside the wreck, 1" behind it


@RULE("003", "MINES")
@RULE("004", "Entering / leaving vehicles")
def test_riders_of_a_lorry_in_an_at_minefield(tmp_path: Path) -> None:
    # Seed 003: a soft vehicle: K on 01-20 +15% = a roll of 01-35, I 36-100 (21-85 +15), an unmodified 00 is N
    # (TM-23). Riders of a soft vehicle "affected" (K or I) roll for survival: firepower 2 against defense 1:
    # eliminated 01-16, pinned 17-50, unhurt 51-100 (TM-28's stand-in).
    assert warroom.odds("terrain-mines/at-mine", target="soft", tons=5).as_dict() == {
        "K: killed": F(35, 100), "I: immobilised": F(64, 100), "N: no effect": F(1, 100)}
    survival = warroom.odds("terrain-mines/soft-vehicle-survival", vehicle_result="killed").as_dict()
    assert survival == {"eliminated": F(16, 100), "pinned": F(34, 100), "unhurt": F(50, 100)}
    field = ('[[minefields]]\nname = "Riegel"\nowner = "german"\nkind = "at"\nat = [18, 24]\nsize = [4, 2]\n')
    seen = set()
    for seed in range(40):
        game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 20, 20, aboard="GB-TCV"),
                    unit("GB-TCV", "british", "gb_truck", 20, 20),
                    unit("DE-1", "german", "ge_grenadier_company", 20, 46), extra=field)
        s = to_orders(game.initial_state(seed)).apply(Select("GB-TCV")).apply(Move("GB-TCV", "dir:0"))
        said = text(s)
        lorry, company = of(s, "GB-TCV"), of(s, "GB-A")
        if "Result: K" in said:
            seen.add("K")
            assert not lorry.on and company.aboard == -1
            assert "Survival of troops in a soft vehicle hit by an AT mine" in said
            assert company.on == ("Result: ELIMINATED" not in said)
            assert not company.on or company.pinned
        elif "Result: I" in said:
            seen.add("I")
            assert lorry.stuck and "Survival of troops in a soft vehicle hit by an AT mine" in said
            assert company.on == ("Result: ELIMINATED" not in said)
            if company.on:  # they stay aboard the immobilised lorry
                assert company.aboard == s.ctx.index["GB-TCV"] and company.pinned == ("Result: PINNED" in said)
        if seen == {"K", "I"}:
            break
    assert seen == {"K", "I"}


@RULE("004", "Entering / leaving vehicles")
def test_free_form_mount_dismount_and_disembark_codes(tmp_path: Path) -> None:
    # The new orders have stable codes of their own; the older free-form codes keep their meaning.
    game = lorry_game(tmp_path)
    s = to_orders(game.initial_state(1))
    for a in (Mount("GB-A", "dir:0"), Dismount("GB-A", "here"), Embark("GB-A", "GB-TCV"),
              Disembark("GB-A", "obj:0"), MoveTo("GB-A", 200, 230, "X"), MoveTo("GB-A", 200, 230, "M"),
              MoveTo("GB-A", 200, 230, "S"), MoveTo("GB-A", 200, 230, "C")):
        assert game.decode(game.encode(a)) == a
    # a free-form type C move: 1,000,000 + ((unit x 5 + 2) x 481 + x) x 481 + y (48" table: 481 points)
    assert game.encode(MoveTo("GB-A", 200, 230, "C")) == 1_000_000 + ((0 * 5 + 2) * 481 + 200) * 481 + 230
    s = s.apply(Select("GB-A")).apply(MoveTo("GB-A", 200, 220, "X"))
    assert of(s, "GB-A").anchor() == (20.0, 22.0) and of(s, "GB-A").aboard == -1
    with pytest.raises(UsageError, match="beyond the half move"):
        to_orders(game.initial_state(1)).apply(Select("GB-A")).apply(MoveTo("GB-A", 200, 260, "X"))


# --- minefields: chance spotting (seed 003 "MINES" b) ------------------------------------------------------


def british_move(game: BrigadeGame, side: str | None = "british") -> tuple[BrigadeState, str]:
    """The Germans move first and end their move; the state at the start of the British move, and what
    ``side`` (None: the umpire) was told on the way."""
    s = game.initial_state(1)
    told = []
    while s.moving_side != "british":
        s = s.apply(End())
        told += s.narration(side)
    return s, "\n".join(told)


def field_game(tmp_path: Path, exposed: bool, at_y: float) -> BrigadeGame:
    field = ('[[minefields]]\nname = "Riegel"\nowner = "german"\nkind = "ap"\nat = [16, 22]\nsize = [10, 2]\n'
             + ("exposed = true\nspot_within = 8\nspot_chance = 100\n" if exposed else ""))
    return make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 20, at_y),
                unit("DE-1", "german", "ge_grenadier_company", 40, 46), extra=field, first="german")


@RULE("003", "MINES")
def test_an_exposed_field_is_spotted_within_the_judges_distance(tmp_path: Path) -> None:
    # The company at (20, 15): the field's nearest edge is (20, 22), 7" away, within the judge's 8": it rolls
    # d% against 100% at the start of its side's move, and its side now sees the field. At (20, 13) it is 9"
    # away: no roll. A hidden field is never spotted, only found by entering it (TM-30, BR-175).
    assert warroom.odds("terrain-mines/minefield-spotting", distance=7, within=8, chance=30).as_dict()[
        "spotted"] == F(30, 100)
    s, told = british_move(field_game(tmp_path, True, 15))
    assert [m["name"] for m in s.observation("british")["minefields"]] == ["Riegel"]
    assert "spots minefield 'Riegel' (AP, 10\" x 2\" at (16, 22))" in told
    assert "spotting roll: " not in told  # the judge's roll: a side is told only what it sees
    _, umpire = british_move(field_game(tmp_path, True, 15), None)
    assert "looks for minefield 'Riegel' 7\" away" in umpire
    assert "within the judge's 8\": d%, seen on 01\u2013100" in umpire
    for exposed, y in ((True, 13), (False, 15)):
        s, told = british_move(field_game(tmp_path, exposed, y))
        assert s.observation("british")["minefields"] == []
        assert "Riegel" not in told


@RULE("003", "MINES")
def test_a_known_field_stops_a_move_at_its_edge(tmp_path: Path) -> None:
    # The company at (20, 15) has spotted the field whose edge is at y = 22. Ordered 6" north (to y = 21) it
    # is short of it; from (20, 17) 6" north would end at 23, inside: it halts 1/10" short, at y = 21.9
    # (BR-176). A free-form move into it is the player's own choice, and the AP check is made.
    s, _ = british_move(field_game(tmp_path, True, 17))
    s = to_orders(s)
    assert [m["name"] for m in s.observation("british")["minefields"]] == ["Riegel"]
    moved = s.apply(Select("GB-A")).apply(Move("GB-A", "dir:0"))
    assert of(moved, "GB-A").anchor() == (20.0, 21.9)
    assert "halts at the edge of minefield 'Riegel', which its side knows" in text(moved, "british")
    into = s.apply(Select("GB-A")).apply(MoveTo("GB-A", 200, 230, "C"))
    assert "entering minefield 'Riegel'" in text(into)


# --- pre registered defensive aiming points ---------------------------------------------------------------


@RULE("004", "Mortar and indirect artillery Fire")
def test_fire_called_onto_a_pre_registered_point(tmp_path: Path) -> None:
    # A 25pdr battery (83-105 mm: a 3" zone) registered on (24, 30). The Germans stand at (24, 31), 1" from
    # it, within half the zone (1 1/2"): the FOO's request comes down on the point, and its deviation takes
    # British -1 and pre registered -2 (BR-177). White 5 or 6 (British) is on target: 2/6; white 1-4 with a
    # red die of 3 or less (3 - 3 = 0) is too: 4/6 x 3/6 = 1/3. On target 2/6 + 1/3 = 2/3.
    assert warroom.odds("brigade/indirect-deviation", firer="artillery_83_105", nation="british", called=True,
                        pre_registered=True).as_dict()["on target"] == F(2, 3)
    extra = ('[[batteries]]\nid = "GB-RA"\nside = "british"\nfire = "artillery_83_105"\n'
             '[[aiming_points]]\nside = "british"\nname = "DF 1"\nat = [24, 30]\n')
    game = make(tmp_path, unit("GB-FOO", "british", "gb_foo", 24, 20),
                unit("DE-1", "german", "ge_grenadier_company", 24, 31), extra=extra)
    s = game.initial_state(9)
    assert s.observation("british")["aiming_points"] == [{"name": "DF 1", "at": [24, 30]}]
    assert s.observation("german")["aiming_points"] == []
    s = s.apply(Request("GB-FOO", "GB-RA", "DE-1"))
    assert "at (24, 30), its pre registered defensive aiming point 'DF 1'" in text(s, "british")
    assert [(m.aim, m.registered) for m in s.missions] == [((24, 30), True)]
    s = to_orders(s.apply(End())).apply(End())  # german move
    s = to_orders(s).apply(End())
    while s.phase == "requests":
        s = s.apply(End())
    said = text(s)
    assert "\u22122 pre registered defensive aiming point" in said and "\u22121 British artillery" in said
    # 3" away, beyond half the zone: an ordinary request on the company itself
    game = make(tmp_path, unit("GB-FOO", "british", "gb_foo", 24, 20),
                unit("DE-1", "german", "ge_grenadier_company", 24, 33), extra=extra)
    s = game.initial_state(9).apply(Request("GB-FOO", "GB-RA", "DE-1"))
    assert [(m.aim, m.registered) for m in s.missions] == [((24, 33), False)]


# --- area fire at a terrain feature -------------------------------------------------------------------------


@RULE("004", "Detection")
@RULE("004", "Mortar and indirect artillery Fire")
def test_a_mortar_fires_at_a_wood_it_can_see(tmp_path: Path) -> None:
    # "Area weapons may fire at a geographical feature" (Detection NOTE; BR-178). A 3in mortar section at
    # (24, 5) sees the near edge of a light wood (16..32 x 16..20) at (24, 16): it may fire at the wood, aimed
    # at its centre (24, 18), with no enemy detected; and at the farm (its corner (34, 14) is in sight). The
    # line to the Bosquet's nearest point (38, 20) runs through the farm (at y = 18 it is at x = 36.1, inside
    # 34..46): the Bosquet is hidden. On table, British: white 5 or 6 is on target (1/3).
    features = ('[[table.features]]\nname = "Bois"\nkind = "light_woods"\n'
                'points = [[16, 16], [32, 16], [32, 20], [16, 20]]\n'
                '[[table.features]]\nname = "Ferme"\nkind = "building"\nmaterial = "stone"\n'
                'points = [[34, 14], [46, 14], [46, 18], [34, 18]]\n'
                '[[table.features]]\nname = "Bosquet"\nkind = "woods"\n'
                'points = [[38, 20], [42, 20], [42, 24], [38, 24]]\n')
    game = make(tmp_path, unit("GB-MOR", "british", "gb_3in_mortar", 24, 5),
                unit("DE-1", "german", "ge_grenadier_company", 5, 46), extra=features)
    s = game.initial_state(2)
    while s.phase == "requests":
        s = s.apply(End())
    assert s.phase == "indirect"
    offered = [a for a in s.legal_actions() if isinstance(a, BombardFeature)]
    assert offered == [BombardFeature("GB-MOR", "Bois"), BombardFeature("GB-MOR", "Ferme")]
    assert game.decode(game.encode(offered[0])) == offered[0]
    s = s.apply(offered[0])
    said = text(s)
    assert "GB-MOR (British 3in mortar section) fires indirect at Bois, a feature it can see (BR-178)" in said
    assert "mortar up to 82 mm: a 2\" \u00d7 2\" zone" in said
    assert ("centred on (24, 18)" in said) == ("Result: ON TARGET" in said)
    assert warroom.odds("brigade/indirect-deviation", firer="mortar_up_to_82", nation="british",
                        on_table=True).as_dict()["on target"] == F(1, 3)


# --- scenario files ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("units", "message"), [
    (unit("GB-A", "british", "gb_rifle_company", 10, 10, mounted=True), "only cavalry are mounted"),
    (unit("GB-A", "british", "gb_rifle_company", 10, 10, aboard="GB-X"), "'GB-X' is not a unit of this scenario"),
    (unit("GB-A", "british", "gb_rifle_company", 10, 10, aboard="GB-T")
     + unit("GB-T", "british", "gb_sherman", 10, 10), "is not a vehicle of its own side that carries troops"),
    (unit("GB-A", "british", "gb_rifle_company", 10, 10, aboard="DE-T")
     + unit("DE-T", "german", "ge_sdkfz_251", 30, 30), "is not a vehicle of its own side that carries troops"),
    (unit("GB-A", "british", "ru_cavalry_squadron", 10, 10, aboard="GB-T")
     + unit("GB-T", "british", "gb_truck", 10, 10), "does not ride in vehicles"),
    (unit("GB-A", "british", "ge_grenadier_company", 10, 10, aboard="GB-T")
     + unit("GB-T", "british", "ge_sdkfz_251", 10, 10), "carries 4 figures; GB-A has 9"),
    (unit("GB-A", "british", "gb_bn_hq", 10, 10, aboard="GB-T") + unit("GB-B", "british", "gb_foo", 10, 10,
                                                                         aboard="GB-T")
     + unit("GB-T", "british", "gb_truck", 10, 10), "already carries GB-A: one unit to a vehicle"),
])
def test_bad_riders_and_mounts_in_a_scenario(tmp_path: Path, units: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        make(tmp_path, units, unit("DE-1", "german", "ge_grenadier_company", 40, 40))


@pytest.mark.parametrize(("point", "message"), [
    ('side = "french"\nname = "DF"\nat = [10, 10]', "aiming_points\\[1 'DF'\\].side: 'french' is not a side"),
    ('side = "british"\nname = "DF"\nat = [10, 60]', "aiming_points\\[1 'DF'\\].at: \\[10.0, 60.0\\] is off the"),
])
def test_bad_aiming_points_in_a_scenario(tmp_path: Path, point: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 10, 10),
             unit("DE-1", "german", "ge_grenadier_company", 40, 40), extra=f"[[aiming_points]]\n{point}\n")


def test_hold_is_always_an_order_for_riders(tmp_path: Path) -> None:
    s = to_orders(lorry_game(tmp_path).initial_state(1)).apply(Select("GB-A"))
    assert s.legal_actions()[0] == Hold("GB-A")
