"""Actions with a declared face (``game.facts_of``, :class:`warroom.core.game.ActionFacts`): what each game says an
action is, checked by hand against the action (a move's unit and destination, a fire's target), and whether it
rolls dice against the game's own odds (``state.odds``) over every legal action of many positions."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from warroom.core.errors import UsageError
from warroom.core.game import ActionFacts, Game, GameState, load_game, shipped_scenarios
from warroom.rulesets.brigade.game.actions import (
    Call,
    Continue,
    Embark,
    End,
    Fire,
    Hold,
    Limber,
    Move,
    MoveTo,
    PinChoice,
    Request,
    RequestPoint,
    Select,
    Walk,
)
from warroom.rulesets.company_fire.game.actions import Action

ALWAYS_ROLL = {
    "company-fire": {"fire", "group_fire", "assault", "at_fire", "snipe", "op_fire", "rally", "declare_he",
                     "declare_smoke", "find_path"},
    "brigade": {"fire", "pin_choice", "pin_order", "bombard", "bombard_feature", "walk"},
}
"""The kinds whose every instance rolls: for them ``rolls_dice`` is True and the odds are never empty."""


@pytest.fixture(scope="module")
def cf() -> Game:
    return load_game("company-fire", "crossroads_patrol")


@pytest.fixture(scope="module")
def brigade() -> Game:
    return load_game("brigade", "ponyri")


def test_company_fire_facts_by_hand(cf: Game) -> None:
    move = cf.facts_of(Action("move", "sq1", (0, 6), "", ((1, 6),)))
    assert move == ActionFacts(kind="move", unit="sq1", space=(0, 6), route=((1, 6),), rolls_dice=True)
    assert cf.facts_of(Action("fire", "sq1", (1, 1))) == ActionFacts(kind="fire", unit="sq1", space=(1, 1))
    assert cf.facts_of(Action("snipe", "sn", None, "sq4")).target == "sq4"  # a snipe's other is its target
    at = cf.facts_of(Action("at_fire", "bz", (3, 2), "t1"))
    assert (at.unit, at.target, at.space, at.rolls_dice) == ("bz", "t1", (3, 2), True)
    mount = cf.facts_of(Action("mount", "sq1", (2, 3), "ht1"))
    assert (mount.target, mount.rolls_dice) == (None, False)  # a carrier is not a target; mounting rolls nothing
    sacrifice = cf.facts_of(Action("sacrifice", "sq1", None, "pl1"))
    assert (sacrifice.unit, sacrifice.target) == ("sq1", None)  # the unit saved; the leader is no target
    assert cf.facts_of(Action("end")) == ActionFacts(kind="end", rolls_dice=False)
    assert cf.facts_of(Action("op_fire", "mg", (4, 4))).target is None  # at the units assaulting from a space
    for kind, edge in (("pivot", "N"), ("pivot", "W"), ("turret", "E"), ("turret", "S")):
        facts = cf.facts_of(Action(kind, "t1", facing=edge))
        assert (facts.kind, facts.unit, facts.rolls_dice) == (kind, "t1", False)
    with pytest.raises(UsageError, match="not a Company Fire action"):
        cf.facts_of(Fire("1st", "enemy-2"))


def test_brigade_facts_by_hand(brigade: Game) -> None:
    assert brigade.facts_of(Fire("1st", "e2")) == ActionFacts(kind="fire", unit="1st", target="e2")
    move = brigade.facts_of(Move("1st", "dir:45", half=True))
    assert (move.kind, move.unit, move.target, move.point, move.space, move.rolls_dice) == (
        "move", "1st", None, None, None, True)  # a heading, not a point: it may cross ground rolled for
    assert brigade.facts_of(MoveTo("1st", 105, 203, "C")).point == (10.5, 20.3)
    assert brigade.facts_of(Request("fo", "bty", "e2")) == ActionFacts(kind="request", unit="fo", target="e2",
                                                                       rolls_dice=False)
    point = brigade.facts_of(RequestPoint("fo", "bty", "crossing"))
    assert (point.unit, point.target) == ("fo", None)  # an aiming point is no unit
    call = brigade.facts_of(Call("fo", "mortars", "e2"))
    assert (call.unit, call.target, call.rolls_dice) == ("mortars", "e2", False)  # the dice fall when it arrives
    assert brigade.facts_of(Walk("bty", "e2")) == ActionFacts(kind="walk", unit="bty", target="e2")
    assert brigade.facts_of(Continue("bty")).unit == "bty"
    assert brigade.facts_of(End()).unit is None and brigade.facts_of(End()).rolls_dice  # units along their plans
    assert not brigade.facts_of(PinChoice(True)).unit and brigade.facts_of(PinChoice(True)).rolls_dice
    for quiet in (Select("1st"), Hold("1st"), Embark("1st", "lorry"), Limber("gun", "here")):
        assert not brigade.facts_of(quiet).rolls_dice, quiet
    assert brigade.facts_of(Limber("gun", "dir:0")).rolls_dice  # the half move after limbering
    with pytest.raises(UsageError, match="not a Brigade action"):
        brigade.facts_of(Action("end"))


def _positions(game: Game, seed: int, steps: int) -> list[GameState]:
    rng, state = random.Random(seed), game.initial_state(seed)
    out = [state]
    while not state.is_terminal() and len(out) < steps:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        out.append(state)
    return out


@pytest.mark.parametrize("ruleset,path", [(r, p) for r, paths in sorted(shipped_scenarios().items())
                                          for p in sorted(paths)], ids=lambda x: getattr(x, "stem", x))
def test_the_facts_agree_with_the_action_and_its_odds(ruleset: str, path: Path) -> None:
    """Over every legal action of a game's positions: an action whose odds roll anything says it rolls dice (no
    action that rolls says it does not, so a front end may leave the odds of the others unasked); a kind that
    always rolls says so and has odds; the unit and the target are named in the action's text, and so are a
    Company Fire action's space and the spaces of its route."""
    game = load_game(ruleset, path)
    seen: set[str] = set()
    for seed in (1, 2):
        for state in _positions(game, seed, 120):
            for action in state.legal_actions():
                facts = game.facts_of(action)
                dice = bool(state.odds(action))
                assert facts.rolls_dice or not dice, f"{action} rolls dice, its facts say it does not"
                if facts.kind in ALWAYS_ROLL[ruleset]:
                    assert facts.rolls_dice and dice, action
                text = str(action)
                for unit in (facts.unit, facts.target):
                    if unit is not None:
                        assert re.search(rf"(?<![\w-]){re.escape(unit)}(?![\w-])", text), (action, unit)
                if facts.space is not None:
                    assert f"{facts.space[0]},{facts.space[1]}" in text, action
                for w in facts.route:
                    assert f"{w[0]},{w[1]}" in text, action
                seen.add(facts.kind)
    assert "end" in seen or "select" in seen
