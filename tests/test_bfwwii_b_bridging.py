"""Seed 000 "Bridging", against numbers worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
P = "bfwwii-house/"
HALF = F(1, 2)


@RULE("000", "Bridging")
def test_one_span_one_unit() -> None:
    # Stand-in IP table (BF-66): d10 + dr >= 6, so p = 1/2 a turn; turns to the first success: (1/2)^n.
    odds = warroom.odds(P + "bridge-build", within=5)
    assert [odds[f"bridge built in {n} turn{'s' if n > 1 else ''}"] for n in range(1, 6)] == [
        HALF, HALF**2, HALF**3, HALF**4, HALF**5]
    assert odds["not built within 5 turns"] == HALF**5


@RULE("000", "Bridging")
def test_span_modifiers() -> None:
    # Two units (+1, at most +1) and the primary builder's dr +1: d10 >= 4, p = 7/10. Two spans:
    # P(2 turns) = p^2; P(3 turns) = 2 p^2 q.
    odds = warroom.odds(P + "bridge-build", spans=2, units=3, dr=1, within=4)
    p, q = F(7, 10), F(3, 10)
    assert odds["bridge built in 2 turns"] == p**2
    assert odds["bridge built in 3 turns"] == 2 * p**2 * q
    assert odds["bridge built in 4 turns"] == 3 * p**2 * q**2
    # Swollen river -1, one unit: d10 >= 7, p = 4/10.
    assert warroom.odds(P + "bridge-build", swollen=True, within=2)["bridge built in 1 turn"] == F(4, 10)
    # Two spans already placed of three: one to go.
    assert warroom.odds(P + "bridge-build", spans=3, spans_done=2, within=1)["bridge built in 1 turn"] == HALF


@RULE("000", "Bridging")
def test_the_several_units_bonus_needs_two_acting_units(tmp_path: Path) -> None:
    # Own available-action table: each unit acts on 6+ (p = 1/2). Own IP: 6+.
    own = tmp_path / "own.toml"
    own.write_text("[manoeuvre]\ndie_sides = 10\nno_action_at_most = 5\n"
                   "[improve_position]\ndie_sides = 10\nsucceeds_on = 6\n")
    odds = warroom.odds(P + "bridge-build", units=2, manoeuvre_roll=True, within=1, base_tables=own)
    # Both act (1/4): +1, d10 >= 5, 6/10. One acts (1/2): d10 >= 6, 5/10. None (1/4): no roll.
    assert odds["bridge built in 1 turn"] == F(1, 4) * F(6, 10) + F(1, 2) * F(5, 10)


@RULE("000", "Bridging")
def test_building_restrictions() -> None:
    with pytest.raises(UsageError, match="only T class units"):
        warroom.odds(P + "bridge-build", t_class=False)
    with pytest.raises(UsageError, match='within 2"'):
        warroom.odds(P + "bridge-build", distance=3)
    with pytest.raises(UsageError, match="already built"):
        warroom.odds(P + "bridge-build", spans=2, spans_done=2)


@RULE("000", "Bridging")
def test_the_seeds_bulge_bridges() -> None:
    # The seed: Stavelot 4 or 5 demolitions, Trois-Ponts about 8, Neufmolin 1 or 2 (BF-70: the higher figure).
    # Neufmolin, 2 demolitions, one unit at p = 1/2 (stand-in IP): P(n turns) = (n - 1) / 2^n.
    neuf = warroom.odds(P + "bridge-demolition-prep", bridge="neufmolin", within=4)
    assert [neuf[f"prepared in {n} turns"] for n in (2, 3, 4)] == [F(1, 4), F(2, 8), F(3, 16)]
    assert warroom.odds(P + "bridge-demolition-prep", bridge="neufmolin", demolitions=1, within=1)[
        "prepared in 1 turn"] == HALF
    # Trois-Ponts, 8 demolitions, two units: at least 4 turns; all 8 rolls succeed: (1/2)^8.
    trois = warroom.odds(P + "bridge-demolition-prep", bridge="trois_ponts", units=2, within=4)
    assert "prepared in 3 turns" not in trois.results
    assert trois["prepared in 4 turns"] == HALF**8
    # Stavelot: 5 by default, 4 if the umpire says; not 6.
    stav = warroom.odds(P + "bridge-demolition-prep", bridge="stavelot", units=5, within=1)
    assert stav["prepared in 1 turn"] == HALF**5
    with pytest.raises(UsageError, match="equates Stavelot: a stone bridge to 4 or 5 demolitions"):
        warroom.odds(P + "bridge-demolition-prep", bridge="stavelot", demolitions=6)
    with pytest.raises(UsageError, match="give the scenario's number of demolitions"):
        warroom.odds(P + "bridge-demolition-prep")
    ruling = warroom.roll(P + "bridge-demolition-prep", bridge="stavelot", seed=2)
    assert any("the demolitions were unsuccessful" in s for s in ruling.steps)


@RULE("000", "Bridging")
def test_close_combat_against_a_bridge() -> None:
    # Bridge d10 + 0 against attacker d10 + 1: destroyed if a + 1 >= b, i.e. a - b >= -1:
    # 55/100 (a >= b) + 9/100 (a - b = -1).
    odds = warroom.odds(P + "bridge-close-combat", attacker_modifier=1)
    assert odds.as_dict() == {"bridge destroyed": F(64, 100), "bridge stands": F(36, 100)}
    assert warroom.odds(P + "bridge-close-combat", target="equipment")["bridge destroyed"] == F(55, 100)
    with pytest.raises(UsageError, match="may not be destroyed with close combat"):
        warroom.odds(P + "bridge-close-combat", target="permanent")


@RULE("000", "Bridging")
def test_fire_on_bridges() -> None:
    # Stand-in fire table (BF-63). Permanent bridge: V 8 - armour 3 = +5, armoured-vehicle column, KO 10+:
    # d10 >= 5, 6/10; disorder has no effect.
    odds = warroom.odds(P + "fire-on-bridge", target="permanent", attack=8, armour=3)
    assert odds.as_dict() == {"no effect": F(4, 10), "the bridge is destroyed": F(6, 10)}
    # Pontoon span, dug-in Med gun under IDF -1 (BF-72): 4 - 1 = +3, gun column KO d10 >= 7.
    assert warroom.odds(P + "fire-on-bridge", target="pontoon_span", attack=4)["one span is destroyed"] == F(4, 10)
    # Equipment as a Medium G target: +4, KO d10 >= 6.
    assert warroom.odds(P + "fire-on-bridge", target="equipment", attack=4)["the span is destroyed"] == F(5, 10)
    with pytest.raises(UsageError, match="scenario's armour strength"):
        warroom.odds(P + "fire-on-bridge", target="permanent", attack=8)
    with pytest.raises(UsageError, match="is for target=permanent"):
        warroom.odds(P + "fire-on-bridge", target="equipment", attack=8, armour=2)
