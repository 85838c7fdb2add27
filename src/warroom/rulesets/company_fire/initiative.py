"""Company Fire's turn machine: the initiative deck, phases, segments, turns and the game clock.

Seed 002, "The Game Turn", "Initiative Deck", "Initiative and Phase Sequence", "Tracking Turns"
and "Game Clock (optional)". Pure functions over a frozen :class:`Initiative`; every
draw and clock roll goes through the registered procedures (``initiative-card`` reads
cards as this module does; ``clock-roll``), so the game's chance and the umpire's odds
are one code path. Readings CF-14 (Ace, Jokers, reshuffle) and CF-53 (a Joker only
advances the clock).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal, NamedTuple

import numpy as np

from warroom.core.chance import Card, parse_card, standard_deck
from warroom.core.rolled import Rolled, roll_for_play
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.company_fire.turn import card_kind

Role = Literal["attacker", "defender"]
CardKind = Literal["move", "fire", "face"]

SEGMENTS: tuple[tuple[str, frozenset[str]], ...] = (
    ("artillery arrival", frozenset({"fire"})),
    ("artillery declaration", frozenset({"fire"})),
    ("leader moves", frozenset({"move", "fire", "face"})),
    ("rally", frozenset({"move", "fire", "face"})),
    ("group fire", frozenset({"fire", "face"})),
    ("close assault", frozenset({"move", "face"})),
    ("individual move and fire", frozenset({"move", "fire", "face"})),
    ("reaction fire", frozenset({"move", "fire", "face"})),
)
"""Seed 002 "Initiative and Phase Sequence": the segments of a card, in order, and the cards they come
on. The seed's segments 1 and 2 (check for arrival, arrival) are one here: the arrival roll decides both.
Segments 1 to 3 say "(fire card only)", against group fire's "(fire or face card only)": artillery is
declared and arrives on Fire cards only, never on a face card (seed "Artillery": "On a fire card ...", "arrives
on NEXT fire card"). Every other segment comes on a face card."""

for _section in ("The Game Turn", "Initiative Deck", "Initiative and Phase Sequence", "Tracking Turns"):
    register_rule_use("002", _section, "company_fire.initiative")


class Initiative(NamedTuple):
    """Where the game stands in its cards: whose initiative, on which card, at which segment."""

    deck: tuple[Card, ...]
    card: Card | None
    phasing: Role
    colour_of: tuple[tuple[str, Role], ...]
    segment: int
    phases: int
    turn: int
    clock: int
    jokers: int

    @property
    def kind(self) -> CardKind:
        """The card in play: the opening card counts as a Move card (seed "Initiative and Phase Sequence")."""
        return _kind_of(self.card)

    @property
    def segment_name(self) -> str:
        return SEGMENTS[self.segment][0]

    def side_of(self, card: Card) -> Role:
        return dict(self.colour_of)[card.colour]


@functools.lru_cache(maxsize=64)
def _kind_of(card: Card | None) -> CardKind:
    if card is None:
        return "move"
    kind = card_kind(card)
    if kind == "joker":
        raise ValueError("a Joker is never the card in play")
    return "move" if kind == "move" else "fire" if kind == "fire" else "face"


def opening(attacker_colour: Literal["red", "black"], jokers: int = 0, clock: int = 0) -> Initiative:
    """The start of the game: the attacker has the initiative as if it had drawn a Move card."""
    defender_colour = "black" if attacker_colour == "red" else "red"
    colour_of: tuple[tuple[str, Role], ...] = ((attacker_colour, "attacker"), (defender_colour, "defender"))
    start = Initiative(standard_deck(jokers), None, "attacker", colour_of, 0, 1, 0, clock, jokers)
    return _first_segment(start)


def _first_segment(state: Initiative) -> Initiative:
    for index, (_, cards) in enumerate(SEGMENTS):
        if state.kind in cards:
            return _at_segment(state, index)
    raise ValueError("no segment for this card")


_SEGMENT = Initiative._fields.index("segment")


def _at_segment(state: Initiative, index: int) -> Initiative:
    """The same position in the cards at another segment (``_replace``, quicker: it is done every segment)."""
    values = list(state)
    values[_SEGMENT] = index
    return tuple.__new__(Initiative, values)


def end_segment(state: Initiative) -> Initiative | None:
    """The next segment of this card that the card allows, or None when the card is done."""
    for index in range(state.segment + 1, len(SEGMENTS)):
        if state.kind in SEGMENTS[index][1]:
            return _at_segment(state, index)
    return None


@dataclass(frozen=True)
class CardChange:
    """What happened when a card was finished: the new position and the rulings that decided it."""

    state: Initiative
    rulings: tuple[Rolled, ...]
    new_initiative: bool
    game_over: bool


def next_card(state: Initiative, rng: np.random.Generator, clock_ends_at: int | None) -> CardChange:
    """Draw the next card (seed "Initiative and Phase Sequence").

    A card of the phasing side's colour is another phase of the same initiative; a card of
    the other colour passes the initiative. When the initiative returns to the attacker, a
    turn is complete ("Tracking Turns"), and with the optional clock 1d6 is added to it at
    that moment ("Game Clock (optional)"). A Joker advances the clock without interrupting
    the initiative (CF-53); an empty deck is shuffled anew (CF-14). A Joker that brings the clock to its end
    does not interrupt the initiative either: the game ends when the current initiative does, at the next card
    of the other colour, with no further clock roll (CF-53).
    """
    rulings: list[Rolled] = []
    deck, clock = state.deck, state.clock
    while True:
        if not deck:
            deck = standard_deck(state.jokers)
        drawn = _drawn(deck, state.jokers)
        ruling = roll_for_play("company-fire/initiative-card", {"jokers": state.jokers, "drawn": drawn}, rng)
        rulings.append(ruling)
        card = _card_named(str(ruling.thrown[0][2][0]))
        deck = tuple(c for c in deck if c != card)
        if not card.is_joker:
            break
        if clock_ends_at is not None and clock < clock_ends_at:  # a clock at its end is rolled no more
            tick = _clock(clock, clock_ends_at, rng)
            rulings.append(tick)
            clock = int(tick.after["clock"])
    side = state.side_of(card)
    new_initiative = side != state.phasing
    turn, phases = state.turn, state.phases + 1
    if new_initiative and clock_ends_at is not None and clock >= clock_ends_at:
        # the clock ran out on a Joker during the initiative that has just ended: so does the game (CF-53)
        ended = turn + 1 if side == "attacker" else turn
        return CardChange(state._replace(deck=deck, clock=clock, turn=ended), tuple(rulings), new_initiative=True,
                          game_over=True)
    if new_initiative:
        phases = 1
        if side == "attacker":
            turn += 1
            if clock_ends_at is not None:
                tick = _clock(clock, clock_ends_at, rng)
                rulings.append(tick)
                clock = int(tick.after["clock"])
                if tick.result == "game over":
                    return CardChange(state._replace(deck=deck, clock=clock, turn=turn), tuple(rulings),
                                      new_initiative=True, game_over=True)
    following = _first_segment(state._replace(deck=deck, card=card, phasing=side, phases=phases, turn=turn,
                                       clock=clock))
    return CardChange(following, tuple(rulings), new_initiative, game_over=False)


def _clock(clock: int, ends_at: int, rng: np.random.Generator) -> Rolled:
    length = "short" if ends_at == 21 else "long"
    return roll_for_play("company-fire/clock-roll", {"clock": clock, "length": length}, rng)


def _drawn(deck: tuple[Card, ...], jokers: int) -> str:
    left = set(deck)
    return ",".join(str(c) for c in standard_deck(jokers) if c not in left)


def _card_named(text: str) -> Card:
    return parse_card(text)
