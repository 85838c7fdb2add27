"""Seed 000 "Engineering Manoeuvre Actions" and the engineering tasks, against numbers worked out by hand.

The demolition die is the seed's own d10; multi-turn odds with the optional manoeuvre roll use an
available-action table written out in each test (base table [manoeuvre]), so the arithmetic does
not depend on warroom's stand-in.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

import warroom
from warroom.core.errors import UsageError

RULE = pytest.mark.rule
P = "bfwwii-house/"


def tables(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "base.toml"
    path.write_text(text)
    return path


@RULE("000", "Engineering Manoeuvre Actions")
def test_demolition_action_fails_only_on_a_one() -> None:
    # d10: any roll but 1 succeeds -> 9/10; 1 is a dud -> 1/10.
    odds = warroom.odds(P + "demolition-action")
    assert odds.as_dict() == {
        "success: the demolition is successful": F(9, 10),
        "dud: must be prepared again": F(1, 10),
        "cancelled: opportunity fire stopped the action this turn": 0,
    }


@RULE("000", "Bridging")
@RULE("000", "Barbed Wire")
def test_demolition_effects_follow_their_section() -> None:
    wire = warroom.odds(P + "demolition-action", target="wire")
    assert wire["success: a gap is blown in the wire"] == F(9, 10)
    bridge = warroom.odds(P + "demolition-action", target="bridge")
    # Bridging: "If unsuccessful, the bridge still stands".
    assert bridge["dud: the bridge still stands; prepare it again"] == F(1, 10)


@RULE("000", "Engineering Manoeuvre Actions")
def test_opportunity_fire_disorder_or_ko_cancels_the_action() -> None:
    for result in ("disordered", "knocked_out"):
        odds = warroom.odds(P + "demolition-action", opportunity_fire=result)
        assert odds["cancelled: opportunity fire stopped the action this turn"] == 1
    # A Suppressed result does not stop it (BF-53).
    assert warroom.odds(P + "demolition-action", opportunity_fire="suppressed")[
        "success: the demolition is successful"] == F(9, 10)


@RULE("000", "Engineering Manoeuvre Actions")
def test_a_played_demolition_shows_its_die() -> None:
    for seed in range(6):
        ruling = warroom.roll(P + "demolition-action", target="bocage", seed=seed)
        (die,) = ruling.dice
        assert die.spec == "1d10"
        face = die.faces[0]
        expected = "dud: must be prepared again" if face == 1 else "success: a gap is blown in the hedgerow"
        assert ruling.result == expected
        assert "BF-53" in ruling.rule.readings


@RULE("000", "Engineering Manoeuvre Actions")
def test_engineering_restrictions_are_refused() -> None:
    with pytest.raises(UsageError, match="at least one available action"):
        warroom.odds(P + "demolition-action", actions_available=0)
    with pytest.raises(UsageError, match="may not fire in the offensive fire phase"):
        warroom.odds(P + "demolition-action", fired_offensive=True)
    with pytest.raises(UsageError, match="fired defensively in the previous player turn"):
        warroom.odds(P + "demolition-action", fired_defensive=True)
    with pytest.raises(UsageError, match="only be done on a prepared demolition"):
        warroom.odds(P + "demolition-action", prepared=False)


@RULE("000", "Engineering Manoeuvre Actions")
@RULE("000", "Concrete Bunkers and Fortifications")
def test_removing_a_demolition() -> None:
    assert warroom.odds(P + "remove-demolition").as_dict() == {
        "demolition removed": 1, "cancelled: opportunity fire stopped the action this turn": 0}
    ruling = warroom.roll(P + "remove-demolition", in_fort=True, seed=1)
    assert any("loses every benefit of the fort" in s for s in ruling.steps)
    with pytest.raises(UsageError, match='within 1"'):
        warroom.odds(P + "remove-demolition", distance=2)
    with pytest.raises(UsageError, match="must first emplace"):
        warroom.odds(P + "remove-demolition", emplaced=False)
    with pytest.raises(UsageError, match="only be done on a prepared demolition"):
        warroom.odds(P + "remove-demolition", prepared=False)


@RULE("000", "Bocage Hedgerows")
@RULE("000", "Dragons Teeth or AT Obstacles")
@RULE("000", "Roadblocks")
def test_task_counts_are_the_sections_own() -> None:
    # One engineering action a turn (BF-52): the seed's action counts are the turns.
    cases = {
        ("dozer_bocage", "dozer"): 2, ("bocage_demolition", "engineers"): 2, ("dozer_at_obstacle", "dozer"): 2,
        ("at_obstacle_demolition", "engineers"): 1, ("dozer_roadblock", "dozer"): 2,
        ("roadblock_demolition", "engineers"): 2, ("wire_demolition", "assault_troops"): 1,
        ("line_charge", "engineers"): 1, ("discard_flail", "flail_tank"): 1, ("ark", "ark"): 1,
        ("fascine", "fascine_vehicle"): 1, ("dozer_fill_ditch", "dozer"): 1, ("fort_demolition", "engineers"): 1,
    }
    for (task, unit), turns in cases.items():
        odds = warroom.odds(P + "engineering-task", task=task, unit=unit)
        assert odds.as_dict() == {f"done in {turns} turn{'s' if turns > 1 else ''}": 1}, task


@RULE("000", "Bocage Hedgerows")
def test_culin_cutter_halves_the_bocage_charge() -> None:
    # "reduced to one engineering action if a tank with a cullin hedgerow cutter spends one maneuver action"
    odds = warroom.odds(P + "engineering-task", task="bocage_demolition", culin_cutter=True)
    assert odds.as_dict() == {"done in 1 turn": 1}
    with pytest.raises(UsageError, match="Culin"):
        warroom.odds(P + "engineering-task", task="dozer_bocage", unit="dozer", culin_cutter=True)


@RULE("000", "Anti-Tank Ditches")
def test_ditch_variants() -> None:
    with pytest.raises(UsageError, match="concrete-lined AT ditch cannot be filled by hand or by dozer"):
        warroom.odds(P + "engineering-task", task="dozer_fill_ditch", unit="dozer", ditch="concrete_lined")
    # Explosives still work on a concrete-lined ditch.
    assert warroom.odds(P + "engineering-task", task="ditch_demolition", ditch="concrete_lined").as_dict() == {
        "done in 1 turn": 1}
    # "more than one": the scenario's count, 2 when it gives none (BF-85); 1 is refused.
    assert warroom.odds(P + "engineering-task", task="ditch_demolition", ditch="wide").as_dict() == {
        "done in 2 turns": 1}
    with pytest.raises(UsageError, match="more than one engineering action"):
        warroom.odds(P + "engineering-task", task="ditch_demolition", ditch="wide", wide_ditch_actions=1)
    wide = warroom.odds(P + "engineering-task", task="ditch_demolition", ditch="wide", wide_ditch_actions=3)
    assert wide.as_dict() == {"done in 3 turns": 1}


@RULE("000", "Engineering Manoeuvre Actions")
def test_who_may_do_a_task_and_work_already_done() -> None:
    with pytest.raises(UsageError, match="done by dozer"):
        warroom.odds(P + "engineering-task", task="dozer_roadblock", unit="engineers")
    with pytest.raises(UsageError, match="done by engineers or avre"):
        warroom.odds(P + "engineering-task", task="roadblock_demolition", unit="troops")
    # Another unit carries on a task: 1 of 2 dozer actions done leaves 1 turn.
    assert warroom.odds(P + "engineering-task", task="dozer_roadblock", unit="dozer", actions_done=1).as_dict() == {
        "done in 1 turn": 1}
    with pytest.raises(UsageError, match="already done"):
        warroom.odds(P + "engineering-task", task="dozer_roadblock", unit="dozer", actions_done=2)


@RULE("000", "Engineering Manoeuvre Actions")
def test_a_task_with_an_available_action_check(tmp_path: Path) -> None:
    # Own table: no action on a modified 4 or less -> with dr 0 a stand acts on 5+: p = 6/10 = 3/5.
    own = tables(tmp_path, "[manoeuvre]\ndie_sides = 10\nno_action_at_most = 4\n")
    odds = warroom.odds(P + "engineering-task", task="dozer_bocage", unit="dozer", manoeuvre_roll=True, within=4,
                        base_tables=own)
    # Two actions at p per turn: P(T = n) = (n-1) p^2 q^(n-2).
    assert odds["done in 2 turns"] == F(9, 25)
    assert odds["done in 3 turns"] == 2 * F(9, 25) * F(2, 5)
    assert odds["done in 4 turns"] == 3 * F(9, 25) * F(4, 25)
    # Not done within 4: at most one action in 4 turns: q^4 + 4 p q^3.
    assert odds["not done within 4 turns"] == F(2, 5) ** 4 + 4 * F(3, 5) * F(2, 5) ** 3
    # dr +2: a modified 5+ needs a 3+ on the die: p = 8/10.
    better = warroom.odds(P + "engineering-task", task="dozer_bocage", unit="dozer", manoeuvre_roll=True, dr=2,
                          within=4, base_tables=own)
    assert better["done in 2 turns"] == F(4, 5) ** 2


@RULE("000", "Engineering Manoeuvre Actions")
def test_a_replaced_table_is_not_served_from_the_cache(tmp_path: Path) -> None:
    # The same parameters with and without the umpire's table in one process give each its own odds.
    params = {"task": "dozer_bocage", "unit": "dozer", "manoeuvre_roll": True, "within": 3}
    stand_in = warroom.odds(P + "engineering-task", params)["done in 2 turns"]
    own = tables(tmp_path, "[manoeuvre]\ndie_sides = 10\nno_action_at_most = 0\n")
    assert warroom.odds(P + "engineering-task", params, base_tables=own)["done in 2 turns"] == 1
    assert warroom.odds(P + "engineering-task", params)["done in 2 turns"] == stand_in
    # The stand-in: no action on 2 or less -> p = 8/10 (warroom's reconstruction, BF-52).
    assert stand_in == F(16, 25)


@RULE("000", "Engineering Manoeuvre Actions")
def test_one_turn_of_an_engineering_task_carries_its_progress() -> None:
    turn = "bfwwii-house/engineering-turn"
    # A dozer gaps bocage in two engineering actions; every stand acts every turn (BF-52).
    assert warroom.odds(turn, task="dozer_bocage", unit="dozer")["one more action done"] == 1
    assert warroom.odds(turn, task="dozer_bocage", unit="dozer", actions_done=1)["task finished"] == 1
    # With the stand-in manoeuvre check, d10 with no action on 1-2: an action 8 times in 10.
    odds = warroom.odds(turn, task="dozer_bocage", unit="dozer", manoeuvre_roll=True)
    assert odds.as_dict() == {"task finished": 0, "one more action done": F(8, 10), "no action this turn": F(2, 10)}
    ruling = warroom.roll(turn, task="dozer_bocage", unit="dozer", actions_done=1, seed=3)
    assert ruling.after == {"actions_done": 2} and ruling.result == "task finished"
    # A Disorder from opportunity fire cancels the turn's action (BF-53); a suppression does not.
    assert warroom.odds(turn, task="dozer_bocage", unit="dozer", opportunity_fire="disordered")[
        "no action this turn"] == 1
    assert warroom.odds(turn, task="dozer_bocage", unit="dozer", opportunity_fire="suppressed")[
        "one more action done"] == 1
    with pytest.raises(UsageError, match="already done"):
        warroom.odds(turn, task="dozer_bocage", unit="dozer", actions_done=2)
