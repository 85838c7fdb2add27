"""The chance interface every rule procedure asks for its dice through.

docs/architecture.md "Chance: one code path for odds and play". A procedure is written once
against :class:`Resolution`. Each call such as ``r.successes(3, hits_on=5)`` is a
chance node. The node knows two things: its exact distribution (computed with
icepool where it fits, cached, as ``Fraction``s) and how to throw real dice with a
generator the caller owns. The evaluators in :mod:`warroom.core.evaluate` decide
which of the two a run uses.
"""

from __future__ import annotations

import abc
import functools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, NamedTuple, TypeVar

import icepool
import numpy as np

from warroom.core.errors import UsageError
from warroom.core.ruling import DiceRoll, Modifier

S = TypeVar("S", bound=Hashable)

Distribution = tuple[tuple[Any, Fraction], ...]


class Card(NamedTuple):
    """A playing card: rank 1 (Ace) to 13 (King), or 0 for a Joker; suit S H D C, or the Joker's number."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def colour(self) -> str:
        if self.is_joker:
            return "none"
        return "red" if self.suit in "HD" else "black"

    @property
    def is_face(self) -> bool:
        return self.rank >= 11

    def __str__(self) -> str:
        return _card_text(self.rank, self.suit)


@functools.lru_cache(maxsize=64)
def _card_text(rank: int, suit: str) -> str:
    if rank == 0:
        return f"Joker{suit}"
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank)) + suit


SUITS = ("S", "H", "D", "C")

SUIT_SIGNS = {"\u2660": "S", "\u2664": "S", "\u2665": "H", "\u2661": "H", "\u2666": "D", "\u2662": "D",
              "\u2663": "C", "\u2667": "C"}
"""A suit written as its sign (``Q\u2665``, ``10\u2660``) reads as its letter."""


@functools.lru_cache(maxsize=4)
@functools.lru_cache(maxsize=4)
def standard_deck(jokers: int = 0) -> tuple[Card, ...]:
    """A standard 52-card deck, with 0 to 2 Jokers."""
    cards = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    cards += [Card(0, str(i + 1)) for i in range(jokers)]
    return tuple(cards)


@functools.lru_cache(maxsize=512)
def parse_card(text: str) -> Card:
    """Read a card written as ``AS``, ``10H``, ``QD``, ``Q\u2665``, ``Joker1``; raises ``ValueError``."""
    t = "".join(SUIT_SIGNS.get(c, c) for c in text.strip()).upper()
    if t.startswith("JOKER"):
        n = t[5:] or "1"
        if n not in ("1", "2"):
            raise ValueError(f"'{text}' is not a card: Jokers are Joker1 and Joker2")
        return Card(0, n)
    if len(t) < 2 or t[-1] not in SUITS:
        raise ValueError(f"'{text}' is not a card: write rank then suit, e.g. AS, 10H, QD, 7C, Joker1")
    rank_text, suit = t[:-1], t[-1]
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    rank = ranks.get(rank_text)
    if rank is None:
        if not rank_text.isdigit() or not 2 <= int(rank_text) <= 10:
            raise ValueError(f"'{text}' is not a card: ranks are A, 2-10, J, Q, K")
        rank = int(rank_text)
    return Card(rank, suit)


# --- chance nodes --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Weights:
    """An exact distribution as whole-number weights over their total.

    The evaluators multiply and add integers on the hot path and make ``Fraction``s
    only once per result.
    """

    values: tuple[Any, ...]
    weights: tuple[int, ...]
    total: int

    def items(self) -> Distribution:
        return tuple((v, Fraction(w, self.total)) for v, w in zip(self.values, self.weights, strict=True))

    @staticmethod
    def of(distribution: Iterable[tuple[Any, Fraction]]) -> Weights:
        pairs = [(v, p) for v, p in distribution if p]
        total = math.lcm(*(p.denominator for _, p in pairs))
        return Weights(tuple(v for v, _ in pairs), tuple(int(p * total) for _, p in pairs), total)


def _from_icepool(die: icepool.Die, convert: Callable[[Any], Any] = int) -> Weights:
    items = list(die.items())
    return Weights(tuple(convert(v) for v, _ in items), tuple(q for _, q in items), die.denominator())


@functools.lru_cache(maxsize=256)
def _die_distribution(sides: int) -> Weights:
    return Weights(tuple(range(1, sides + 1)), (1,) * sides, sides)


@functools.lru_cache(maxsize=1024)
def _die_alike_distribution(sides: int, alike: Callable[[int], Hashable]) -> Weights:
    """One die's faces folded by what they lead to: the first face of each kind, weighted by how many faces are
    of that kind (``alike`` is kept by the cache, so a procedure hands the same function again)."""
    first: dict[Hashable, int] = {}
    counts: dict[Hashable, int] = {}
    for face in range(1, sides + 1):
        kind = alike(face)
        first.setdefault(kind, face)
        counts[kind] = counts.get(kind, 0) + 1
    return Weights(tuple(first.values()), tuple(counts.values()), sides)


@functools.lru_cache(maxsize=256)
def _difference_distribution(sides_a: int, sides_b: int) -> Weights:
    counts: dict[int, int] = {}
    for a in range(1, sides_a + 1):
        for b in range(1, sides_b + 1):
            counts[a - b] = counts.get(a - b, 0) + 1
    ordered = sorted(counts)
    return Weights(tuple(ordered), tuple(counts[d] for d in ordered), sides_a * sides_b)


_NOTHING = Weights((0,), (1,), 1)


@functools.lru_cache(maxsize=4096)
def _sum_distribution(count: int, sides: int) -> Weights:
    return _from_icepool(count @ icepool.d(sides)) if count else _NOTHING


@functools.lru_cache(maxsize=4096)
def _successes_distribution(count: int, sides: int, hits_on: int) -> Weights:
    return _from_icepool(count @ (icepool.d(sides) >= hits_on)) if count else _NOTHING


@functools.lru_cache(maxsize=4096)
def _successes_and_ones_distribution(count: int, sides: int, hits_on: int) -> Weights:
    if count == 0:
        return Weights(((0, 0),), (1,), 1)
    face = icepool.d(sides).map(lambda x: icepool.Vector((int(x >= hits_on), int(x == 1))))
    return _from_icepool(count @ face, lambda v: tuple(int(x) for x in v))


_DRAWS: dict[tuple[int, Callable[[Card], Any] | None], tuple[tuple[Card, ...], Weights]] = {}


def _draw_distribution(deck: tuple[Card, ...], read: Callable[[Card], Any] | None) -> Weights:
    """Uniform over the cards left, or over what they read as, weighted by how many cards read so.

    Keyed by the deck object itself (the entry keeps it alive): re-runs of a procedure hand
    the same deck again, and hashing 52 cards each time is slow.
    """
    found = _DRAWS.get((id(deck), read))
    if found is not None and found[0] is deck:
        return found[1]
    if len(_DRAWS) > 256:
        _DRAWS.clear()
    if read is None:
        weights = Weights(deck, (1,) * len(deck), len(deck))
    else:
        counts: dict[Any, int] = {}
        for card in deck:
            reading = read(card)
            counts[reading] = counts.get(reading, 0) + 1
        weights = Weights(tuple(counts), tuple(counts.values()), len(deck))
    _DRAWS[(id(deck), read)] = (deck, weights)
    return weights


class Node(NamedTuple):
    """One chance event: its exact distribution and how to throw it for real.

    ``counting`` names what a pool's successes are (hits, saves, kills) in a played ruling;
    it does not change the distribution.
    """

    kind: str
    args: tuple[Any, ...]
    counting: str = "hit"

    @property
    def spec(self) -> str:
        """The dice as an umpire names them: ``3d6 hitting on 5+``."""
        kind, args = self.kind, self.args
        if kind == "die":
            return f"1d{args[0]}"
        if kind == "sum":
            return f"{args[0]}d{args[1]}"
        if kind in ("successes", "successes_and_ones"):
            if self.counting != "hit":
                return f"{args[0]}d{args[1]}, each a {self.counting} on {args[2]}+"
            return f"{args[0]}d{args[1]} hitting on {args[2]}+"
        if kind == "difference":
            return f"1d{args[0]} against 1d{args[1]}"
        if kind == "percentile":
            return "d%"
        return "a card"

    def distribution(self) -> Weights:
        kind = self.kind
        if kind == "die":
            return _die_distribution(self.args[0])
        if kind == "successes":
            return _successes_distribution(*self.args)
        if kind == "difference":
            return _difference_distribution(*self.args)
        if kind == "sum":
            return _sum_distribution(*self.args)
        if kind == "successes_and_ones":
            return _successes_and_ones_distribution(*self.args)
        if kind == "percentile":
            return _die_distribution(100)
        if kind == "draw":
            return _draw_distribution(self.args[0], self.args[1])
        raise ValueError(f"unknown chance node {kind}")

    def enumerated(self) -> Weights:
        """The distribution the exact evaluator branches on: a die given ``alike`` branches once per kind of face
        (on its first face), since the run leads to the same end from every face of a kind; every other node, and
        play and sampling always, take the full :meth:`distribution`."""
        if self.kind == "die" and len(self.args) > 1:
            return _die_alike_distribution(self.args[0], self.args[1])
        return self.distribution()

    def describe(self, value: Any) -> str:
        """The value a throw came to, in words."""
        if self.kind == "successes":
            return f"{value} {self.counting}" + ("" if value == 1 else "es" if self.counting.endswith("s") else "s")
        if self.kind == "successes_and_ones":
            hits, ones = value
            return f"{hits} hit{'' if hits == 1 else 's'}, {ones} one{'' if ones == 1 else 's'}"
        if self.kind == "sum":
            return f"total {value}"
        if self.kind == "difference":
            return f"{value:+d}"
        return str(value)

    def throw(self, rng: np.random.Generator) -> tuple[Any, tuple[Any, ...]]:
        """Throw real dice: the value and the faces that gave it (the value is :meth:`read` of the faces)."""
        kind = self.kind
        if kind == "die":
            face = int(rng.integers(1, self.args[0] + 1))
            return face, (face,)
        if kind in ("sum", "successes", "successes_and_ones"):
            faces: tuple[Any, ...] = tuple(rng.integers(1, self.args[1] + 1, size=self.args[0]).tolist())
        elif kind == "difference":
            faces = tuple(int(rng.integers(1, sides + 1)) for sides in self.args)
        elif kind == "percentile":
            faces = tuple(int(v) for v in rng.integers(0, 10, size=2))
        elif kind == "draw":
            faces = (self.args[0][int(rng.integers(0, len(self.args[0])))],)
        else:
            raise ValueError(f"unknown chance node {kind}")
        return self.read(faces), faces

    def read(self, faces: Sequence[Any]) -> Any:
        """The value ``faces`` come to: a die's face; a pool's total, hits, or hits and ones; an opposed roll's
        first die less the second; a percentile roll's tens and units, 00 read as 100; a card drawn, or its
        reading. A throw's value is always the reading of its faces, whoever threw them."""
        kind = self.kind
        if kind == "die":
            return faces[0]
        if kind == "sum":
            return sum(faces)
        if kind == "successes":
            return sum(1 for f in faces if f >= self.args[2])
        if kind == "successes_and_ones":
            return sum(1 for f in faces if f >= self.args[2]), sum(1 for f in faces if f == 1)
        if kind == "difference":
            return faces[0] - faces[1]
        if kind == "percentile":
            value = faces[0] * 10 + faces[1]
            return value if value else 100
        if kind == "draw":
            card, read = faces[0], self.args[1]
            return card if read is None else read(card)
        raise ValueError(f"unknown chance node {kind}")

    @property
    def words(self) -> int:
        """How many things a person at the table reads off this throw: each die of a pool or an opposed roll,
        one number (1 to 100) for a percentile roll, one card for a draw."""
        if self.kind in ("sum", "successes", "successes_and_ones"):
            return int(self.args[0])
        if self.kind == "difference":
            return 2
        return 1

    def asking(self, label: str) -> str:
        """What a person at the table is asked to throw, what for, and how to read it: ``throw 3d6 for fire, hits
        on 5 or 6``; ``draw the initiative card (54 in the deck: the 52 cards and 2 jokers): name it, e.g. QH or
        joker``."""
        kind, args = self.kind, self.args
        if kind == "draw":
            deck: tuple[Card, ...] = args[0]
            example = next((c for c in (Card(12, "H"), *reversed(deck)) if c in deck and not c.is_joker), None)
            jokers = any(c.is_joker for c in deck)
            names = " or ".join(n for n in (str(example) if example else "", "joker" if jokers else "") if n)
            what = f"the {label}" if label.endswith("card") else f"a card for {label}"
            return f"draw {what} ({deck_left(deck)}): name it, e.g. {names}"
        if kind == "percentile":
            return f"throw the two percentile dice for {label}, read as 1 to 100 (00 is 100)"
        if kind == "difference":
            return f"throw 1d{args[0]} then 1d{args[1]} for {label}"
        if kind in ("successes", "successes_and_ones"):
            count, sides, hits_on = args[:3]
            counted = self.counting + ("es" if self.counting.endswith("s") else "s")
            faces = list(range(max(1, hits_on), sides + 1))
            if not faces:
                on = "none can"
            elif len(faces) == sides:
                on = "every die"
            elif len(faces) == 1:
                on = f"on a {faces[0]}"
            elif len(faces) <= 3:
                on = "on " + ", ".join(str(f) for f in faces[:-1]) + f" or {faces[-1]}"
            else:
                on = f"on {hits_on} or more"
            ones = ", and count the ones" if kind == "successes_and_ones" else ""
            return f"throw {count}d{sides} for {label}, {counted} {on}{ones}"
        if kind == "sum":
            return f"throw {args[0]}d{args[1]} for {label} (their total)"
        return f"throw {self.spec} for {label}"

    @property
    def dice_sides(self) -> tuple[int, ...]:
        """The faces of each die a person reads for this throw, in the order written (each die of a pool, an
        opposed roll's two dice); none for a percentile roll (one number) or a card."""
        if self.kind == "die":
            return (int(self.args[0]),)
        if self.kind == "difference":
            return (int(self.args[0]), int(self.args[1]))
        if self.kind in ("sum", "successes", "successes_and_ones"):
            return (int(self.args[1]),) * int(self.args[0])
        return ()

    def check_words(self, written: Sequence[str], label: str) -> None:
        """Check the first faces written toward this throw (at most :attr:`words`; the rest still to come), each
        as :meth:`faces_from` checks it: a :class:`ThrownDiceError` that says what the throw needs."""
        if len(written) > self.words:
            self.faces_from(written, label)
        if self.kind in ("draw", "percentile"):
            if written:
                self.faces_from(written, label)
            return
        what = self.asking(label)
        for word, die in zip(written, self.dice_sides, strict=False):
            _face(word, die, what)

    def faces_from(self, written: Sequence[str], label: str) -> tuple[Any, ...]:
        """The faces a person wrote down for this throw (:attr:`words` of them), checked: a
        :class:`ThrownDiceError` that says what this throw needs when a word is not a face of its die, not a
        number, or not a card still in the deck (a card may be written ``QH`` or ``Q\u2665``; ``joker``, any
        joker still in the deck)."""
        what = self.asking(label)
        if len(written) != self.words:
            raise ThrownDiceError(f"{what}: {self.words} {'faces' if self.words > 1 else 'face'} needed, "
                                  f"{len(written)} given")
        if self.kind == "draw":
            deck = self.args[0]
            try:
                card = parse_card(written[0])
            except ValueError as exc:
                raise ThrownDiceError(f"{what}: {exc}") from None
            if card.is_joker and written[0].strip().upper() == "JOKER":
                card = next((c for c in deck if c.is_joker), card)
            if card not in deck:
                if card.is_joker and not any(c.is_joker for c in deck):
                    raise ThrownDiceError(f"{what}: there is no joker left in the deck")
                raise ThrownDiceError(f"{what}: {card} is not in the deck (it has been drawn already)")
            return (card,)
        if self.kind == "percentile":
            number = _whole(written[0], what)
            if not 1 <= number <= 100 and not (number == 0 and written[0].strip() == "00"):
                raise ThrownDiceError(f"{what}: {written[0].strip()} is not a percentile roll (1 to 100, 00 is 100)")
            tens, units = divmod(number % 100, 10)
            return (tens, units)
        return tuple(_face(word, die, what) for word, die in zip(written, self.dice_sides, strict=True))


def deck_left(deck: Sequence[Card]) -> str:
    """The cards still in a deck, in words: ``49 in the deck: 47 of the 52 cards and 2 jokers``."""
    jokers = sum(1 for c in deck if c.is_joker)
    cards = len(deck) - jokers
    said = "the 52 cards" if cards == 52 else f"{cards} of the 52 cards"
    if jokers:
        said += f" and {jokers} joker{'' if jokers == 1 else 's'}"
    return f"{len(deck)} in the deck: {said}"


def _face(word: str, die: int, what: str) -> int:
    face = _whole(word, what)
    if not 1 <= face <= die:
        raise ThrownDiceError(f"{what}: {face} is not a face of a d{die} (1 to {die})")
    return face


class ThrownDiceError(UsageError):
    """Dice written down at the table that are not what the throw needs: the message says what it needs."""


def _whole(word: str, what: str) -> int:
    text = word.strip()
    if not text.isdigit() or len(text) > 3:
        raise ThrownDiceError(f"{what}: '{text}' is not a number")
    return int(text)


class ChanceSource(abc.ABC):
    """What a :class:`Resolution` asks when it meets a chance node. Evaluators implement it."""

    __slots__ = ()

    @abc.abstractmethod
    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        """The value of ``node`` on this run."""

    @abc.abstractmethod
    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        """Turns taken and final state of ``process`` on this run."""


@dataclass(frozen=True)
class Process(Generic[S]):
    """A chance process run step by step until it is done (a multi-turn task, a game clock).

    ``step(r, state)`` is itself written against the chance interface. The exact
    evaluator folds over the distribution of states turn by turn (states must be
    hashable), so the number of turns to finish comes out exactly; play runs the
    steps with real dice.
    """

    label: str
    start: S
    step: Callable[[Resolution, S], S]
    done: Callable[[S], bool]
    max_steps: int


class Resolution:
    """The context a procedure runs in: chance nodes, modifiers, steps, the result.

    Procedures call ``r.die``, ``r.dice_sum``, ``r.successes``, ``r.percentile``,
    ``r.draw`` and ``r.until`` for chance; ``r.modifier`` and ``r.step`` to explain;
    and return ``r.result(result, row=...)``.
    """

    __slots__ = ("dice", "explain", "first_chance", "modifiers", "narrate", "source", "steps")

    def __init__(self, source: ChanceSource, explain: bool = True, narrate: bool = True) -> None:
        self.source = source
        self.modifiers: list[Modifier] = []
        self.steps: list[str] = []
        self.dice: list[DiceRoll] = []
        self.explain = explain
        self.narrate = narrate
        self.first_chance: int | None = None

    # chance ---------------------------------------------------------------------------
    def die(self, sides: int = 6, label: str = "die", alike: Callable[[int], Hashable] | None = None) -> int:
        """One die of ``sides`` faces.

        ``alike(face)`` (optional) names what a face leads to, where the run uses the face for nothing else
        than that and its narration (a band of a table: spreads, burns on, goes out): the exact odds then branch
        once per kind rather than once per face, on the kind's first face; play throws the die and gets the face
        thrown, as without it. Hand the same function for the same reading (a cached one), so its folding is
        worked out once.
        """
        node = Node("die", (sides,)) if alike is None else Node("die", (sides, alike))
        return int(self._ask(node, label))

    def dice_sum(self, count: int, sides: int = 6, label: str = "dice") -> int:
        """The total of ``count`` dice of ``sides`` faces."""
        return int(self._ask(Node("sum", (count, sides)), label))

    def successes(
        self, count: int, sides: int = 6, hits_on: int = 5, label: str = "dice", counting: str = "hit"
    ) -> int:
        """How many of ``count`` dice show ``hits_on`` or more (``counting`` names them in a ruling: saves...)."""
        return int(self._ask(Node("successes", (count, sides, hits_on), counting), label))

    def successes_and_ones(
        self, count: int, sides: int = 6, hits_on: int = 5, label: str = "dice"
    ) -> tuple[int, int]:
        """Hits (``hits_on`` or more) and ones in the same throw of ``count`` dice."""
        node = Node("successes_and_ones", (count, sides, hits_on))
        value: tuple[int, int] = self._ask(node, label)
        return value

    def difference(self, sides_a: int = 6, sides_b: int = 6, label: str = "opposed dice") -> int:
        """One die for each of two sides, the first less the second (an opposed roll)."""
        return int(self._ask(Node("difference", (sides_a, sides_b)), label))

    def percentile(self, label: str = "percentile") -> int:
        """Two d10 read as tens and units, 00 read as 100: 1 to 100."""
        return int(self._ask(Node("percentile", ()), label))

    def draw(self, deck: Sequence[Card], label: str = "card") -> Card:
        """One card drawn from ``deck`` (the cards still in it), without replacement."""
        if not deck:
            raise ValueError("cannot draw from an empty deck")
        cards = deck if isinstance(deck, tuple) else tuple(deck)
        card: Card = self._ask(Node("draw", (cards, None)), label)
        return card

    def draw_as(self, deck: Sequence[Card], read: Callable[[Card], Any], label: str = "card") -> Any:
        """One card drawn from ``deck``, read at once as ``read(card)`` (a Move card, a red card...).

        The exact odds count cards by their reading instead of branching on every card;
        play draws a real card and shows it.
        """
        if not deck:
            raise ValueError("cannot draw from an empty deck")
        cards = deck if isinstance(deck, tuple) else tuple(deck)
        return self._ask(Node("draw", (cards, read)), label)

    def until(
        self,
        start: S,
        step: Callable[[Resolution, S], S],
        done: Callable[[S], bool],
        *,
        max_steps: int,
        label: str = "turns",
    ) -> tuple[int | None, S]:
        """Run ``step`` turn after turn from ``start`` until ``done``: (turns taken, final state).

        Turns taken is ``None`` when the process is not done after ``max_steps``.
        """
        process: Process[S] = Process(label, start, step, done, max_steps)
        if self.first_chance is None:
            self.first_chance = len(self.steps)
        return self.source.resolve_process(process, self)

    def _ask(self, node: Node, label: str) -> Any:
        if self.first_chance is None:
            self.first_chance = len(self.steps)
        return self.source.resolve(node, label, self)

    # explanation ------------------------------------------------------------------------
    def modifier(self, label: str, value: int, source: str, applies_to: str = "roll") -> int:
        """Record a modifier and return its value, so it can be summed where it is stated."""
        if self.explain:
            modifier = Modifier(label, value, source, applies_to)
            self.modifiers.append(modifier)
            if self.narrate or self.first_chance is None:
                self.steps.append(str(modifier))
        return value

    def apply(self, modifiers: Iterable[Modifier]) -> int:
        """Record modifiers worked out beforehand and return their sum."""
        total = 0
        for m in modifiers:
            total += self.modifier(m.label, m.value, m.source, m.applies_to)
        return total

    def record_dice(self, roll: DiceRoll) -> None:
        """Record dice thrown in play, in the narrative too."""
        if self.explain:
            self.dice.append(roll)
            self.steps.append(str(roll))

    @property
    def narrating(self) -> bool:
        """Whether a step recorded now is kept: procedures may skip building costly text otherwise."""
        return self.explain and (self.narrate or self.first_chance is None)

    def step(self, text: str) -> None:
        """Record one step of the ruling as the umpire would say it.

        Without ``narrate`` (exact odds), only the steps before the first chance node are kept:
        they are the same on every branch.
        """
        if self.explain and (self.narrate or self.first_chance is None):
            self.steps.append(text)

    def result(self, result: str, row: str = "", after: Mapping[str, Any] | None = None) -> Outcome:
        """The result row this run ends in, and the table row that gave it.

        ``after`` gives the procedure's parameters as they stand after this resolution
        (a clock's new total, the buildings now burning): an umpire's tracker carries
        them into the next turn.
        """
        return Outcome(result, row, after)


class Outcome(NamedTuple):
    """What a procedure returns: the result, the table row used, and the state it leaves."""

    result: str
    row: str
    after: Mapping[str, Any] | None = None


Procedure = Callable[..., Outcome]
