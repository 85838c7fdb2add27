"""Company Fire's turn machine: cards, phases, segments, turns and the game clock (seed 002)."""

from __future__ import annotations

import numpy as np
import pytest

from warroom.core.chance import Card
from warroom.rulesets.company_fire.initiative import SEGMENTS, Initiative, end_segment, next_card, opening

RULE = pytest.mark.rule


def segments_of(state: Initiative) -> list[str]:
    names = [state.segment_name]
    following: Initiative | None = state
    while (following := end_segment(following)) is not None:  # type: ignore[arg-type]
        names.append(following.segment_name)
    return names


@RULE("002", "Initiative and Phase Sequence")
def test_the_attacker_opens_as_if_on_a_move_card() -> None:
    start = opening("red")
    assert start.phasing == "attacker" and start.card is None and start.kind == "move"
    # A Move card has no artillery and no group fire segments.
    assert segments_of(start) == ["leader moves", "rally", "close assault", "individual move and fire",
                                  "reaction fire"]


@RULE("002", "Initiative and Phase Sequence")
def test_segments_of_a_fire_card_and_a_face_card() -> None:
    fire = opening("red")._replace(card=Card(4, "H"), segment=0)
    assert segments_of(fire) == ["artillery arrival", "artillery declaration", "leader moves", "rally",
                                 "group fire", "individual move and fire", "reaction fire"]
    # Segments 1 to 3 are "(fire card only)": a face card has every segment but the artillery ones.
    face = opening("red")._replace(card=Card(12, "H"), segment=0)
    assert face.kind == "face"
    assert segments_of(end_segment(face)._replace(segment=2)) == [name for name, _ in SEGMENTS[2:]]  # type: ignore[union-attr]
    assert face.segment_name == "artillery arrival" and end_segment(face).segment_name == "leader moves"  # type: ignore[union-attr]


@RULE("002", "Initiative and Phase Sequence")
def test_a_card_of_the_same_colour_is_another_phase() -> None:
    start = opening("red")
    only_red_five = start._replace(deck=(Card(5, "H"),))
    change = next_card(only_red_five, np.random.default_rng(0), None)
    assert not change.new_initiative and change.state.phasing == "attacker" and change.state.phases == 2
    assert change.state.kind == "move" and change.state.card == Card(5, "H")  # 5 is odd: a Move card


@RULE("002", "Tracking Turns")
def test_the_initiative_passes_and_a_turn_ends_when_it_returns() -> None:
    start = opening("red")
    to_defender = next_card(start._replace(deck=(Card(4, "S"),)), np.random.default_rng(0), None)
    assert to_defender.new_initiative and to_defender.state.phasing == "defender"
    assert to_defender.state.kind == "fire" and to_defender.state.turn == 0
    back = next_card(to_defender.state._replace(deck=(Card(1, "D"),)), np.random.default_rng(0), None)
    assert back.state.phasing == "attacker" and back.state.turn == 1 and back.state.kind == "move"  # Ace: odd


@RULE("002", "Game Clock (optional)")
def test_the_clock_is_rolled_when_the_initiative_returns_to_the_attacker() -> None:
    defender_phasing = opening("red", clock=10)._replace(phasing="defender", deck=(Card(7, "H"),))
    change = next_card(defender_phasing, np.random.default_rng(3), 21)
    clock_roll = change.rulings[-1]
    assert clock_roll.procedure == "company-fire/clock-roll"
    assert change.state.clock == 10 + int(clock_roll.dice[0].faces[0]) and not change.game_over
    nearly_over = defender_phasing._replace(clock=20)
    assert next_card(nearly_over, np.random.default_rng(3), 21).game_over  # any roll reaches 21


@RULE("002", "Initiative Deck")
def test_a_joker_advances_the_clock_and_the_deck_is_reshuffled() -> None:
    only_joker = opening("red", jokers=1, clock=5)._replace(deck=(Card(0, "1"),))
    change = next_card(only_joker, np.random.default_rng(1), 30)
    kinds = [r.procedure for r in change.rulings]
    assert kinds[:2] == ["company-fire/initiative-card", "company-fire/clock-roll"]  # the Joker, then the clock
    assert change.state.clock > 5 and change.state.card is not None and not change.state.card.is_joker
    assert len(change.state.deck) == 53 - 1  # shuffled anew (52 + 1 Joker), one card drawn


@RULE("002", "Initiative Deck")
def test_a_game_is_the_same_game_with_the_same_seed() -> None:
    def cards(seed: int) -> list[str]:
        rng, state, out = np.random.default_rng(seed), opening("black", jokers=2), []
        for _ in range(60):
            change = next_card(state, rng, 30)
            if change.game_over:
                break
            state = change.state
            out.append(f"{state.card}:{state.phasing}:{state.turn}:{state.clock}")
        return out

    assert cards(7) == cards(7) and cards(7) != cards(8)
