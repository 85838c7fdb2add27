"""Company Fire's turn machinery: the initiative deck and the optional game clock.

Seed 002, "Initiative Deck", "Initiative and Phase Sequence", "Game Clock (optional)".
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Card, Outcome, Resolution, parse_card, standard_deck
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.rulesets.company_fire.common import cite, plural
from warroom.rulesets.company_fire.info import INFO
from warroom.rulesets.company_fire.tables import tables

DECK = "Initiative Deck"
CLOCK = "Game Clock (optional)"

CARD_ROWS = (
    "red: Move card", "red: Fire card", "red: face card (move and/or fire)",
    "black: Move card", "black: Fire card", "black: face card (move and/or fire)",
    "Joker: event or game clock",
)


def card_kind(card: Card) -> str:
    """Seed 002 "Initiative Deck": odd = Move, even = Fire, face = either or both (the Ace is odd, CF-14)."""
    if card.is_joker:
        return "joker"
    if card.is_face:
        return "face"
    return "move" if card.rank % 2 else "fire"


@functools.lru_cache(maxsize=64)
def card_row(card: Card) -> str:
    if card.is_joker:
        return CARD_ROWS[6]
    kind = card_kind(card)
    return next(row for row in CARD_ROWS if row.startswith(card.colour) and kind in row.lower())


_CARD_NAMED = {str(c): c for c in standard_deck(2)}


@functools.lru_cache(maxsize=1024)
def remaining_deck(jokers: int, drawn: str) -> tuple[Card, ...]:
    """The initiative deck less the cards already drawn; all reshuffled when none is left (CF-14)."""
    deck = standard_deck(jokers)
    in_deck = frozenset(deck)
    by_name = _CARD_NAMED
    out: set[Card] = set()
    for text in drawn.split(","):
        card = by_name.get(text)
        if card is None:
            if not text.strip():
                continue
            try:
                card = parse_card(text)
            except ValueError as exc:
                raise UsageError(f"drawn: {exc}") from None
        if card not in in_deck:
            raise UsageError(f"drawn: {card} is not in a deck with {plural(jokers, 'Joker')}")
        if card in out:
            raise UsageError(f"drawn: {card} is listed twice")
        out.add(card)
    left = tuple(c for c in deck if c not in out)
    return left or deck


def _check_drawn(v: Mapping[str, Any]) -> None:
    remaining_deck(v["jokers"], v["drawn"])


@procedure(
    INFO,
    "initiative-card",
    example={"jokers": 2, "drawn": "AS,2H,KD"},
    title="Initiative card",
    summary="The next card from the initiative deck: which side acts, and on what kind of card.",
    rule=cite(DECK, "Initiative and Phase Sequence", readings=("CF-14",)),
    params=(
        Param("jokers", "int", "Jokers in the deck (optional rule)", 0, minimum=0, maximum=2),
        Param("drawn", "cards", "cards already drawn since the last shuffle, e.g. AS,10H,QD", ""),
    ),
    results=CARD_ROWS,
    check=_check_drawn,
)
def initiative_card(r: Resolution, jokers: int, drawn: str) -> Outcome:
    """Seed 002 "Initiative Deck": red is one side, black the other; odd cards are Move cards,
    even cards Fire cards, face cards let units move, fire, or both; Jokers (optional) are
    events or advance the game clock. Cards are drawn without replacement; successive cards of
    one colour are further phases of the same initiative."""
    deck = remaining_deck(jokers, drawn)
    r.step(f"{plural(len(deck), 'card')} left in the deck")
    row: str = r.draw_as(deck, card_row, label="initiative card")
    return r.result(row, "odd Move, even Fire, J Q K either or both (Ace odd, CF-14)")


def _clock_check(v: Mapping[str, Any]) -> None:
    end = _clock_end(v["length"])
    if v["clock"] >= end:
        raise UsageError(f"clock={v['clock']}: the game is already over at {end} or more")


def _clock_end(length: str) -> int:
    t = tables().game_clock
    return t.short_game_ends_at if length == "short" else t.long_game_ends_at


def _clock_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    left = _clock_end(v["length"]) - v["clock"]
    return tuple(f"ends after {plural(n, 'more turn')}" for n in range(1, left + 1))


CLOCK_PARAMS = (
    Param("clock", "int", "the game clock's total so far", 0, minimum=0,
          maximum=tables().game_clock.long_game_ends_at - 1,
          why=f"the game is over at {tables().game_clock.long_game_ends_at} (a long game) or more"),
    Param("length", "choice", "short game (ends at 21) or long game (ends at 30)", "short", choices=("short", "long")),
)


@procedure(
    INFO,
    "game-clock",
    example={"clock": 9},
    title="Game clock",
    summary="How many more turns the game lasts: 1d6 added at the end of each defender initiative, over at 21 (30).",
    rule=cite(CLOCK, "Tracking Turns"),
    params=CLOCK_PARAMS,
    results=_clock_rows,
    check=_clock_check,
)
def game_clock(r: Resolution, clock: int, length: str) -> Outcome:
    """Seed 002 "Game Clock (optional)": at the end of each defender initiative roll 1d6 and add
    it to the clock; when the total is 21 or more (30 for a longer game) the game is over. A
    turn is one attacker and one defender initiative ("Tracking Turns")."""
    end = _clock_end(length)
    sides = tables().game_clock.die_sides
    r.step(f"clock at {clock}; 1d6 is added at the end of each defender initiative; the game ends at {end}+")
    turns, total = r.until(clock, lambda rr, t: t + rr.die(sides, label="clock"), lambda t: t >= end,
                           max_steps=end, label="turn")
    if turns is None:  # cannot happen: every roll adds at least 1
        raise RuntimeError("the game clock did not reach its end")
    return r.result(f"ends after {plural(turns, 'more turn')}", f"clock reaches {total}")


@procedure(
    INFO,
    "clock-roll",
    example={"clock": 17},
    title="Game clock roll",
    summary="The end-of-defender-initiative roll: 1d6 added to the clock; the game ends at 21 (30).",
    rule=cite(CLOCK, "Tracking Turns"),
    params=CLOCK_PARAMS,
    results=("the game goes on", "game over"),
    check=_clock_check,
)
def clock_roll(r: Resolution, clock: int, length: str) -> Outcome:
    """Seed 002 "Game Clock (optional)": at the end of each defender initiative, when the
    initiative returns to the attacker, roll 1d6 and add it to the clock; at 21 or more (30
    for a longer game) the game is over. The new total is carried to the next turn."""
    end = _clock_end(length)
    roll = r.die(tables().game_clock.die_sides, label="game clock")
    total = clock + roll
    r.step(f"clock {clock} + {roll} = {total}, against {end}")
    if total >= end:
        return r.result("game over", f"{total} \u2265 {end}", after={"clock": total})
    return r.result("the game goes on", f"{total} < {end}", after={"clock": total})
