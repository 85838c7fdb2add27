"""Company Fire fog of war: the readings CF-125 ... CF-131 on constructed positions (seed 002; blinds CF-46 ...
CF-48, CF-57, CF-63).

Each test builds a position from a shipped scenario's opening (crossroads_patrol: the defender's real blind
"orchard" at 6,1 and a dummy at 1,1; hedgerow_breakout: four real blinds and a dummy along the bocage of rows 3
and 4) and checks what the rule gives, worked out from the seed and the reading, and that a twin differing
only in what lies under a blind gives the attacker the same.
"""

from __future__ import annotations

from typing import Any

import pytest

from warroom.core.chance import Card
from warroom.core.game import find_scenario, load_game
from warroom.rulesets.company_fire.game import GROUP, INDIVIDUAL, LEADERS, RALLY, Action, CFState, Mission
from warroom.rulesets.company_fire.game.artillery import artillery_arrives
from warroom.rulesets.company_fire.game.effects import Play

RULE = pytest.mark.rule
FIRE_CARD = Card(4, "H")


def opening(name: str = "crossroads_patrol", seed: int = 1) -> CFState:
    return load_game(*find_scenario(name)).initial_state(seed)  # type: ignore[return-value]


def changed(s: CFState, **units: dict[str, Any]) -> CFState:
    """The position with units' fields changed, by id."""
    out = list(s.units)
    for uid, fields in units.items():
        i = s.game.index[uid]
        out[i] = out[i]._replace(**fields)
    return s.replace(units=tuple(out), decisions=())


def on(s: CFState, card: Card | None, segment: int, phasing: str = "attacker") -> CFState:
    return s.replace(init=s.init._replace(card=card, segment=segment, phasing=phasing), decisions=())


def orchard_dummy(s: CFState) -> CFState:
    """The twin of a crossroads position in which the orchard blind at 6,1 is a dummy (the squad never set up)."""
    return changed(s, orchard={"at": None, "status": "removed"}).replace(
        dummies=(*s.dummies, ("defender", (6, 1))))


def no_visible_defenders(s: CFState) -> CFState:
    gone = {"at": None, "status": "removed"}
    return changed(s, Uffz=gone, gren=gone, MG=gone)


@RULE("002", "Bocage")
@RULE("002", "Line of Sight (LOS)")
def test_cf125_every_blind_in_a_bocage_space_holds_it_whatever_is_under_it() -> None:
    s = opening("hedgerow_breakout")
    # blinds: Ustuf + schreck at 2,3, gren at 5,3, MG at 6,3, PaK at 3,2, a dummy at 7,3; rows 3 and 4 have the
    # bocage. Held: the four blinds in row 3 (2,3 5,3 6,3 7,3), not the PaK's 3,2 (no bocage there).
    assert s.held_bocage() == {(2, 3), (5, 3), (6, 3), (7, 3)}
    flipped = changed(s, MG={"bocage": False}, gren={"bocage": False})
    assert flipped.held_bocage() == s.held_bocage()
    states, _ = _playout("hedgerow_breakout", 0, 12)
    checked = 0
    for st in states:  # the audit's position: T1, T2 and bzk firing at 6,3 hung on the MG's flag
        if st.to_act == "attacker" and st.units[st.game.index["MG"]].hidden:  # once revealed, its flag is public
            twin = changed(st, MG={"bocage": not st.units[st.game.index["MG"]].bocage})
            assert [str(a) for a in twin.legal_actions()] == [str(a) for a in st.legal_actions()]
            checked += 1
    assert checked


def _playout(name: str, seed: int, n: int) -> tuple[list[CFState], list[Any]]:
    from warroom.sim.playout import random_playout

    return random_playout(load_game(*find_scenario(name)), seed, n)  # type: ignore[return-value]


def _rally_text(s: CFState) -> str:
    t = s.apply(Action("rally", "sq1"))
    return next(line for line in t.narration("attacker") if "tries to rally" in line)


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_cf126_a_blind_seeing_the_rallying_unit_denies_the_plus_one_real_or_dummy() -> None:
    # sq1 pinned at 1,7: of the defender, only the dummy at 1,1 sees 1,7 (the orchard at 6,1 does not; gren and
    # the Uffz at 3,2 and the MG at 4,2 do not). A blind counts as a good-order enemy (CF-126): no +1, 4+ to pass.
    s = on(changed(opening(), sq1={"at": (1, 7), "status": "pinned"}), None, RALLY)
    text = _rally_text(s)
    assert "+1 no good-order enemy" not in text and "needing 4+" in text
    assert _rally_text(orchard_dummy(s)) == text
    # at 5,6, with the visible defenders gone, neither blind sees the squad: +1.
    far = no_visible_defenders(changed(s, sq1={"at": (5, 6)}))
    assert "+1 no good-order enemy unit has LOS" in _rally_text(far)
    assert _rally_text(orchard_dummy(far)) == _rally_text(far)


@RULE("002", "Hit Reduction")
def test_cf126_a_hit_reduction_retreat_avoids_spaces_a_blind_sees() -> None:
    # sq1 at 1,6 hit by the MG at 4,2 (range 3 + 4 = 7): one space farther is 0,6 or 1,7 (range 8). The dummy at
    # 1,1 sees 0,6; its line to 1,7 passes sq1's own space. So only 1,7; without the dummy, both.
    s = changed(opening(), sq1={"at": (1, 6)})
    j = s.game.index["sq1"]
    assert s.retreat_options(j, (4, 2)) == [(1, 7)]
    assert sorted(s.replace(dummies=()).retreat_options(j, (4, 2))) == [(0, 6), (1, 7)]
    assert orchard_dummy(s).retreat_options(j, (4, 2)) == [(1, 7)]


@RULE("002", "Initiative and Phase Sequence")
def test_cf127_a_side_with_only_dummies_is_given_its_segment_and_ends_it() -> None:
    # The defender's Fire card, leader moves, with no unit on the table: after it ends the segment, rally (no
    # one to rally) is passed over and group fire comes: the defender has blinds, so it is given the segment.
    s = on(no_visible_defenders(opening()), FIRE_CARD, LEADERS, phasing="defender")
    for twin in (s, orchard_dummy(s)):
        t = twin.apply(Action("end"))
        assert (t.to_act, t.segment_name) == ("defender", "group fire")
        assert [a.kind for a in t.legal_actions()] == ["end"]
        assert t.narration("attacker") == s.apply(Action("end")).narration("attacker")
    # with no blind at all, the defender's empty segments are passed over: the attacker acts next
    bare = changed(s, orchard={"at": None, "status": "removed"}).replace(dummies=())
    t = bare.apply(Action("end"))
    assert t.to_act == "attacker"


@RULE("002", "Stacking")
@RULE("002", "Individual Unit Fire")
def test_cf128_a_unit_stopping_in_its_own_dummy_space_reveals_it() -> None:
    # The Uffz at 2,1 moves into the defender's dummy at 1,1 (one space): the dummy is revealed and removed.
    s = on(changed(opening(), Uffz={"at": (2, 1)}), None, LEADERS, phasing="defender")
    t = s.apply(Action("leader_move", "Uffz", (1, 1)))
    assert ("defender", (1, 1)) not in t.dummies
    assert any("blind at 1,1 is revealed (a unit on the table joined it): a dummy, removed" in line
               for line in t.narration("attacker"))
    # into the real orchard blind at 6,1 from 5,1: the orchard squad is revealed (CF-63)
    r = on(changed(opening(), Uffz={"at": (5, 1)}), None, LEADERS, phasing="defender")
    u = r.apply(Action("leader_move", "Uffz", (6, 1)))
    assert not u.units[u.game.index["orchard"]].hidden


def _he_on(s: CFState, space: tuple[int, int]) -> list[str]:
    mission = Mission("attacker", s.game.index["Lt"], space, "he", True)
    p = Play(on(s.replace(declared=(mission,)), FIRE_CARD, 0))
    artillery_arrives(p)
    return [line.text for line in p.log if line.audience in ("all", "attacker")]  # the log of this step


@RULE("002", "Artillery")
def test_cf129_he_on_a_blind_is_one_roll_real_or_dummy() -> None:
    s = opening()
    for seed in range(1, 12):
        t = s.replace(rng=opening(seed=seed).rng)
        real, dummy = _he_on(t, (6, 1)), _he_on(orchard_dummy(t), (6, 1))
        rolls = [line for line in real if "on the blind at 6,1" in line]
        assert len(rolls) == 1 and "Result:" in rolls[0]
        assert "no one" not in "".join(dummy)
        if any("stays unrevealed" in line for line in real):
            assert real == dummy  # a miss: the same words, real or dummy
        else:
            assert real[0] == dummy[0]  # a hit: the same roll, then the blind revealed (a dummy removed)
            assert any("a dummy, removed" in line for line in dummy)


def orchard_at_the_dummy(s: CFState) -> CFState:
    """The twin of a crossroads position in which the orchard squad was set up under the blind at 1,1, and the
    dummy at 6,1."""
    return changed(s, orchard={"at": (1, 1)}).replace(dummies=(("defender", (6, 1)),))


@RULE("002", "Individual Unit Fire")
def test_cf130_cf131_recon_by_fire_is_one_roll_and_its_odds_one_target() -> None:
    # sq1 at 1,5 fires at the blind at 1,1 (range 4, in a rifle squad's 6): the dummy, or in the twin the
    # orchard squad. One roll either way (CF-131); the odds name the blind only (CF-130).
    s = on(changed(opening(), sq1={"at": (1, 5)}), FIRE_CARD, INDIVIDUAL)
    fire = Action("fire", "sq1", (1, 1))
    assert fire in s.legal_actions()
    twin = orchard_at_the_dummy(s)
    assert list(s.odds(fire)) == ["blind at 1,1"] and s.odds(fire) == twin.odds(fire)
    for seed in range(1, 12):
        a = s.replace(rng=opening(seed=seed).rng).apply(fire).narration("attacker")
        b = twin.replace(rng=opening(seed=seed).rng).apply(fire).narration("attacker")
        assert sum("recon by fire at a blind" in line for line in a) == 1
        roll = next(k for k, line in enumerate(a) if "recon by fire at a blind" in line)
        assert a[:roll + 1] == b[:roll + 1]  # the one roll, the same
        if "stays unrevealed" in a[roll + 1]:
            assert a == b


@RULE("002", "Group Fire")
def test_group_fire_at_a_blind_is_one_roll() -> None:
    s = on(changed(opening(), sq1={"at": (1, 5)}, sq2={"at": (1, 5)}), FIRE_CARD, GROUP)
    fire = next(a for a in s.legal_actions() if a.kind == "group_fire" and a.space == (1, 1))
    twin = orchard_at_the_dummy(s)
    assert list(s.odds(fire)) == ["blind at 1,1"] and s.odds(fire) == twin.odds(fire)
    for t in (s, twin):
        assert sum("recon by fire at a blind" in line for line in t.apply(fire).narration("attacker")) == 1


@RULE("002", "Attacking vehicles")
def test_cf109_a_gun_under_a_blind_that_pivots_is_revealed() -> None:
    # hedgerow_breakout: the PaK 40 sets up under a blind at 3,2. On the defender's Move card it may pivot (CF-73),
    # but the pivot is the gun's own: it is revealed first (CF-109), so no narration names a unit still hidden.
    s = on(opening("hedgerow_breakout"), Card(3, "S"), INDIVIDUAL, phasing="defender")
    pak = s.game.index["PaK"]
    assert s.units[pak].hidden
    pivot = next(a for a in s.legal_actions() if a.unit == "PaK" and a.kind == "pivot")
    t = s.apply(pivot)
    seen = t.narration("attacker")
    assert not t.units[pak].hidden
    assert seen[0].startswith("the defender's blind at 3,2 is revealed (it pivots): PaK")
    assert "pivots in place" in seen[1]
