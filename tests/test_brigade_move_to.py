"""A Brigade move to a point (seed 004 "Movement", the movement table; readings BR-160, BR-190, BR-212) and the
close-order threshold (seed 004 "Advancing in close order", BR-187, BR-211).

Every distance is worked out by hand from the seed's movement table (infantry: 6" on road, in the open and in
rough ground, 4" in thick woods; "Other wheeled": 24" on road, 15" in the open) on the 48" x 48" test table of
``brigade_tables``.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from brigade_tables import make, of, text, to_orders, unit
from warroom.core.errors import UsageError
from warroom.rulesets.brigade.game import BrigadeState
from warroom.rulesets.brigade.game.actions import DESTS, Fire, Hold, Move, MoveTo, Select

RULE = pytest.mark.rule

WOODS = ('[[table.features]]\nname = "Bois"\nkind = "heavy_woods"\n'
         'points = [[0, 12], [48, 12], [48, 30], [0, 30]]\n')
ROAD = ('[[table.features]]\nname = "Chaussee"\nkind = "primary_road"\nlanes = 1\n'
        'points = [[10, 0], [10, 48]]\n')


def company(tmp_path: Path, *more: str, at: tuple[float, float] = (24, 10), features: str = "") -> BrigadeState:
    """A British rifle company (infantry) in phase 5, a German company far off unless ``more`` gives others."""
    units = more or (unit("DE-1", "german", "ge_grenadier_company", 40, 44),)
    g = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", *at), *units, features=features)
    return to_orders(g.initial_state(1))


@RULE("004", "Movement")
def test_open_ground_reach_is_a_full_move(tmp_path: Path) -> None:
    # Infantry in the open: 6" a move. From (24, 10), 24,16 is 6" away (reachable), 24,16.5 is 6.5" (not).
    s = company(tmp_path)
    a = s.move_to("GB-1", (24, 16))
    assert a == MoveTo("GB-1", 240, 160, "C")
    after = s.apply(a)
    assert of(after, "GB-1").anchor() == (24.0, 16.0) and "6.0\" to (24, 16)" in text(after)
    with pytest.raises(UsageError, match=r"GB-1 can go 6\.0\" towards 24,16\.5 \(to 24\.0,16\.0\), not the 6\.5\""):
        s.move_to("GB-1", (24, 16.5))
    # diagonally: 3,4,5 -> (24 + 3.6, 10 + 4.8) is 6" away
    diagonal = of(s.apply(s.move_to("GB-1", (27.6, 14.8))), "GB-1").anchor()
    assert math.dist(diagonal, (27.6, 14.8)) < 0.02  # its figures' line formed there, to 0.01"
    # the unit need not be selected first: the move selects it (BR-212); selected, the same
    assert s.apply(Select("GB-1")).move_to("GB-1", (24, 16)) == a


@RULE("004", "Movement")
def test_woods_take_their_own_rate(tmp_path: Path) -> None:
    # Thick woods begin at y = 12. From (24, 10): 2" of open ground take 2/6 of the move; the other 4/6 go at the
    # 4" of thick woods: 4 x 4/6 = 2.667". The unit reaches y = 14.667, 4.7" from its start.
    s = company(tmp_path, features=WOODS)
    assert s.move_to("GB-1", (24, 14.6)) == MoveTo("GB-1", 240, 146, "C")
    woods = r"can go 4\.7\" towards 24,16 \(to 24\.0,14\.7\).*4\" a move in thick woods"
    with pytest.raises(UsageError, match=woods) as e:
        s.move_to("GB-1", (24, 16))
    assert "6\" a move in the open" in str(e.value) and "beyond the move" in str(e.value)
    snapped = s.move_to("GB-1", (24, 16), snap=True)
    assert snapped == MoveTo("GB-1", 240, 146, "C")
    assert of(s.apply(snapped), "GB-1").anchor() == (24.0, 14.6)


@RULE("004", "Movement")
def test_a_truck_goes_further_along_a_road(tmp_path: Path) -> None:
    # "Other wheeled": 24" on road, 15" in the open. On the road up x = 10 from y = 5: 24" to y = 29.
    # Across the road from (4, 5) to the east: all open ground bar the road's width, so about 15".
    truck = unit("GB-T", "british", "gb_truck", 10, 5)
    g = make(tmp_path, truck, unit("DE-1", "german", "ge_grenadier_company", 40, 44), features=ROAD)
    s = to_orders(g.initial_state(1))
    assert s.move_to("GB-T", (10, 29)).point == (10, 29)
    with pytest.raises(UsageError, match=r"can go 24\.0\" towards 10,30"):
        s.move_to("GB-T", (10, 30))
    # off the road, eastwards: the first inch or so is on the road's half width, the rest in the open at 15"
    with pytest.raises(UsageError) as e:
        s.move_to("GB-T", (40, 5))
    inches = float(str(e.value).split("can go ")[1].split('"')[0])
    assert 15.0 <= inches < 16.0


@RULE("004", "Movement")
def test_the_move_stops_one_inch_short_of_a_known_enemy(tmp_path: Path) -> None:
    # A German company 4" ahead; GB-1 has detected it. A move stops 1" from its nearest figure (BR-190): the
    # line up x = 24 meets the circle of radius 1" round the nearest figure on that line.
    s = company(tmp_path, unit("DE-1", "german", "ge_grenadier_company", 24, 14))
    assert s.ctx.index["DE-1"] in s.known("british")
    figs = of(s, "DE-1").figs
    stop_y = min(y - math.sqrt(1 - (x - 24) ** 2) for x, y in figs if abs(x - 24) < 1)
    with pytest.raises(UsageError, match=r"stops 1\" short of the enemy \(BR-190\)") as e:
        s.move_to("GB-1", (24, 14))
    assert f"to 24.0,{stop_y:.1f})" in str(e.value)
    a = s.move_to("GB-1", (24, 14), snap=True)
    assert a.point[1] <= stop_y and stop_y - a.point[1] < 0.2
    after = s.apply(a)
    assert all(math.dist(of(after, "GB-1").anchor(), f) >= 1 - 1e-6 for f in figs)


def test_move_to_refuses_clearly(tmp_path: Path) -> None:
    s = company(tmp_path)
    with pytest.raises(UsageError, match="no unit 'XX-9'"):
        s.move_to("XX-9", (1, 1))
    with pytest.raises(UsageError, match="off the 48\" x 48\" table"):
        s.move_to("GB-1", (24, 50))
    with pytest.raises(UsageError, match="may not move"):
        s.move_to("DE-1", (40, 40))  # not the moving side's unit


def test_move_to_is_legal_and_coded_without_changing_the_discrete_codes(tmp_path: Path) -> None:
    s = company(tmp_path).apply(Select("GB-1"))
    a = s.move_to("GB-1", (24, 15))
    legal = s.legal_actions()
    assert a in legal and a not in tuple(legal)  # legal, not enumerated
    from warroom.rulesets.brigade.game.codes import Codec

    codec = Codec(s.ctx)
    assert codec.decode(codec.encode(a)) == a
    assert codec.encode(Move("GB-1", DESTS[0], False, False)) == 12_000 + (0 * len(DESTS) + 0) * 4
    # the discrete choices are still offered, for the AI and the learning environments
    assert Move("GB-1", "dir:0", False, False) in legal


def test_the_reach_outline_is_the_furthest_point_on_each_heading(tmp_path: Path) -> None:
    s = company(tmp_path, features=WOODS)
    outline = s.reach_outline("GB-1", rays=8)
    assert len(outline) == 8
    here = of(s, "GB-1").anchor()
    # heading 0 (+y) into the woods: 4.667"; heading 180 (-y): 6" of open ground; heading 90: 6" in the open
    assert math.isclose(math.dist(here, outline[0]), 4 + 2 / 3, abs_tol=0.02)
    assert math.isclose(math.dist(here, outline[4]), 6, abs_tol=0.02)
    assert math.isclose(math.dist(here, outline[2]), 6, abs_tol=0.02)


@RULE("004", "Moving and Firing")
def test_after_firing_the_point_move_is_the_half_move_of_type_a(tmp_path: Path) -> None:
    s = company(tmp_path, unit("DE-1", "german", "ge_grenadier_company", 24, 20))
    s = s.apply(Select("GB-1"))
    fire = next(a for a in s.legal_actions() if isinstance(a, Fire))
    s = s.apply(fire)
    while s.pending and s.pending[0] == "pin":
        s = s.apply(s.legal_actions()[0])
    if s.pending and s.pending[0] == "after_fire":
        assert Hold("GB-1") in s.legal_actions()
        a = s.move_to("GB-1", (21, 10))
        assert a.order == "A"
        with pytest.raises(UsageError, match=r"can go 3\.0\""):  # half of 6"
            s.move_to("GB-1", (20, 10))


# --- "Advancing in close order": half its maximum possible move (BR-187, BR-211) ---------------------------


@RULE("004", "Advancing in close order")
def test_a_short_step_to_the_enemy_is_not_close_order(tmp_path: Path) -> None:
    # The seed: close order needs a unit that "advanced at least half its maximum possible move distance in its
    # last move". A raw company's move is 6": half is 3". 2" from a British company it steps only 1.2" (the 1"
    # stop): not in close order, though the way to its goal was only 1.2".
    g = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 12.0),
             unit("DE-5", "german", "ge_grenadier_company", 24, 10, morale="raw"), first="german")
    s = to_orders(g.initial_state(1)).apply(Select("DE-5"))
    s = s.apply(Move("DE-5", "enemy", False, True))
    assert "1.2\"" in text(s) and "in close order" not in text(s)
    assert not of(s, "DE-5").close


@RULE("004", "Advancing in close order")
def test_an_advance_of_half_the_move_is_close_order(tmp_path: Path) -> None:
    # 10" from the enemy, the same company advances in close order: it moves its full 6" (>= 3"): close order.
    g = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 20.0),
             unit("DE-5", "german", "ge_grenadier_company", 24, 10, morale="raw"), first="german")
    s = to_orders(g.initial_state(1)).apply(Select("DE-5"))
    s = s.apply(Move("DE-5", "enemy", False, True))
    assert "6.0\"" in text(s) and "in close order" in text(s) and of(s, "DE-5").close
    # and one whose advance is only 3" (the enemy 5" away: 4" less the 1" stop ... 3.x"): at least half: close order
    g = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 14.2),
             unit("DE-5", "german", "ge_grenadier_company", 24, 10, morale="raw"), first="german")
    s = to_orders(g.initial_state(1)).apply(Select("DE-5"))
    s = s.apply(Move("DE-5", "enemy", False, True))
    moved = of(s, "DE-5").moved_in
    assert moved >= 3 and of(s, "DE-5").close


# --- the terminal: UNIT to X,Y ------------------------------------------------------------------------------


def test_the_terminal_takes_a_move_to_a_point(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from warroom.core.game import load_game
    from warroom.play.session import Session
    from warroom.terminal.screen import Screen

    make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 10),
         unit("DE-1", "german", "ge_grenadier_company", 40, 44))  # writes test.toml
    game = load_game("brigade", tmp_path / "test.toml")
    session = Session(game, tmp_path / "test.toml", 1, {"british": None, "german": None})
    while session.state.phase != "orders":
        session.take(session.state.legal_actions()[0])
    script = iter(["help", "GB-1 to 24,20", "gb-1 to 24,20 snap"])
    out = io.StringIO()

    def read(prompt: str) -> str:
        if prompt.endswith("] "):
            return "y"
        line = next(script, None)
        if line is None:
            raise EOFError
        return line

    screen = Screen(session, Console(file=out, width=160, color_system=None), read=read)
    assert not screen.run()
    shown = out.getvalue()
    assert "UNIT to X,Y" in shown  # the help says how
    assert "Headings: 0\u00b0 = towards greater y" in shown  # the board's compass
    # 10" away: refused, saying how far it gets (6" in the open) ...
    assert "GB-1 can go 6.0\" towards 24,20 (to 24.0,16.0)" in shown
    # ... and with snap it goes there
    assert "> GB-1: move to (24, 16) (type C)" in shown
    assert of(session.state, "GB-1").anchor() == (24.0, 16.0)


@RULE("004", "Advancing in close order")
def test_a_move_to_a_point_in_close_order(tmp_path: Path) -> None:
    # K: type C in close order, as the close-order moves offered (towards the enemy or an objective, BR-26). A raw
    # company 10" from the enemy moves 6" to a point in close order: at least half its 6" best move (BR-211).
    g = make(tmp_path, unit("GB-1", "british", "gb_rifle_company", 24, 20.0),
             unit("DE-5", "german", "ge_grenadier_company", 24, 10, morale="raw"), first="german")
    s = to_orders(g.initial_state(1))
    a = s.move_to("DE-5", (24, 16), order="K")
    assert str(a) == "DE-5: move to (24, 16) in close order (type C)"
    after = s.apply(a)
    assert of(after, "DE-5").close and "in close order" in text(after)
    short = s.apply(s.move_to("DE-5", (24, 12), order="K"))  # 2" of its 6": not in close order
    assert not of(short, "DE-5").close
    from warroom.rulesets.brigade.game.codes import Codec

    codec = Codec(s.ctx)
    codes = {codec.encode(MoveTo("DE-5", 240, 160, o)) for o in ("C", "K", "X")}
    assert len(codes) == 3 and codec.decode(codec.encode(a)) == a
    from warroom.kits.brigade.moving import typed_action

    assert typed_action(g, s, "DE-5 to 24,16 close") == a
    assert typed_action(g, s, "de-5: move to (24, 16) in close order") == a
    assert typed_action(g, s, "select DE-5") is None
