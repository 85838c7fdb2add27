"""Company Fire narration read from a player's chair (seed 002): the op-fire choice names its target (CF-140), the
Move-card reduction is named as the card gives it (CF-141), recon by fire at a dummy reads as the firer saw it
(CF-142), a scout is not named twice, and a unit standing to take its hits says what it became."""

from __future__ import annotations

import pytest

from test_company_fire_fog import changed, on, opening
from warroom.core.api import roll
from warroom.core.chance import Card
from warroom.rulesets.company_fire.game import INDIVIDUAL, Action, CFState
from warroom.sim.playout import random_playout

RULE = pytest.mark.rule
FIRE_CARD = Card(4, "H")


def _states(name: str, seeds: range, n: int = 2_000) -> list[CFState]:
    from warroom.core.game import find_scenario, load_game

    game = load_game(*find_scenario(name))
    out: list[CFState] = []
    for seed in seeds:
        states, _ = random_playout(game, seed, n)
        out.extend(states)  # type: ignore[arg-type]
    return out


@RULE("002", "Opportunity Fire")
def test_cf140_each_op_fire_choice_names_the_mover_and_the_space_it_entered() -> None:
    seen = 0
    for s in _states("hedgerow_hell", range(1, 5)):
        d = s.decisions[0] if s.decisions else None
        if d is None or d.kind != "opfire" or d.data[0] != "move":
            continue
        mover, entered = s.game.ids[d.data[1]], d.data[3]
        assert s.units[d.data[1]].at == entered
        for a in s.legal_actions():
            if a.kind == "op_fire":
                seen += 1
                assert (a.other, a.space) == (mover, entered)
                assert str(a) == f"{a.unit} takes opportunity fire at {mover} in {entered[0]},{entered[1]}"
                assert s.game.decode(s.game.encode(a)) == a
    assert seen >= 3


@RULE("002", "Individual Unit Fire")
def test_cf141_the_move_card_die_is_named_by_the_card() -> None:
    # footnote *: -1 die firing on a Move card; CF-4: on a face card only for a unit that moved before firing.
    # A rifle squad (3 dice, seed table) at range 2 in the open: 2 dice either way.
    face = roll("company-fire/individual-fire", {"weapon": "rifle_squad", "range": 2, "card": "face", "moved": True},
                seed=1)
    move = roll("company-fire/individual-fire", {"weapon": "rifle_squad", "range": 2, "card": "move"}, seed=1)
    face_text, move_text = str(face), str(move)
    assert "firing after moving on a face card (as on a Move card)" in face_text
    assert "Move card" not in face_text.replace("(as on a Move card)", "")
    assert "firing on a Move card" in move_text
    assert "roll 2d6" in face_text and "roll 2d6" in move_text


@RULE("002", "Individual Unit Fire")
def test_cf142_recon_by_fire_at_a_dummy_reads_as_the_firer_saw_it() -> None:
    # crossroads_patrol: the defender's dummy blind at 1,1; sq1 moved to 1,5 fires at it (range 4) on a Fire card.
    s = on(changed(opening(), sq1={"at": (1, 5)}), FIRE_CARD, INDIVIDUAL)
    fire = Action("fire", "sq1", (1, 1))
    hit = 0
    for seed in range(1, 40):
        lines = s.replace(rng=opening(seed=seed).rng).apply(fire).narration("attacker")
        text = "\n".join(lines)
        assert "target: a blind, 4 spaces away, rolled for once as one good order unit" in text
        assert "target: one good order unit" not in text
        if "is revealed" in text:
            hit += 1
            assert lines[-1] in ("the hit on the blind at 1,1 found no one: it was a dummy",
                                 "the 2 hits on the blind at 1,1 found no one: it was a dummy")
    assert hit


@RULE("002", "Scouts")
def test_a_scout_revealing_a_blind_is_named_once() -> None:
    text = "\n".join(line for s in _states("hedgerow_hell", range(1, 4), 60) for line in s.narration())
    assert "(the scout at " in text and "scout scout" not in text


@RULE("002", "Hit Reduction")
def test_a_unit_taking_its_hits_says_what_it_became() -> None:
    for s in _states("hedgerow_hell", range(1, 8)):
        take = [a for a in s.legal_actions() if a.kind == "take_hits"]
        if take:
            j, _, result, _ = s.decisions[0].data
            after = s.apply(take[0]).narration()
            assert f"stands in {s.units[j].at[0]},{s.units[j].at[1]} and takes the hits: {result}" in after[0]
            return
    raise AssertionError("no retreat choice in the play-outs")
