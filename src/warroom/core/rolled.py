"""A game's dice in play: a procedure played for the game, its explained ruling worded when first read.

docs/architecture.md "Rulings": every resolution gives the procedure, the rule it applies, its inputs, each
modifier with value and source, the dice and the result, and reads as an umpire would say it. A game's
rules read only the result and the dice of a roll; the words are read only through the narration
(``narration(side)``, a saved state, the terminal and the web pages), which a search, a simulation or an RL
environment never reads. So :func:`roll_for_play` plays the procedure once without explanation, keeping
what the rules read (the result, the table row, the dice by label) and the dice generator's state before the
first die; :attr:`Rolled.ruling` plays the same procedure again from that state with explanation on, the first
time it is read. The same generator state throws the same dice, so the ruling is, word for word, the one
``warroom.roll`` gives with the same generator.

Dice thrown at the table (:func:`dice_at_table`): while a game's action is applied in that context, every throw a
person at the table may see reads its faces from the faces given so far instead of the generator, and a throw
past them stops the action with :class:`ThrowNeeded`, which says what to throw next; the caller asks for it and
applies the action again with one more throw (the action is pure, so nothing was changed). A throw that only
the other side may see (a hidden unit's test) is thrown by warroom, from the game's generator, as in any game:
its faces are never asked of the person, so a hidden roll stays hidden.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

from warroom.core.api import bound_procedure, ruling_of
from warroom.core.chance import ChanceSource, Node, Process, Resolution
from warroom.core.evaluate import FacesGiven, play, play_thrown
from warroom.core.registry import ProcedureSpec
from warroom.core.ruling import DiceRoll, Ruling

_ROWS: dict[Any, tuple[str, ...]] = {}
"""Each bound procedure's result rows (by its runner), to check a result against without the ruling."""


class _Thrown(ChanceSource):
    """Throws real dice from the caller's generator and keeps each throw (label, value, faces)."""

    __slots__ = ("rng", "thrown")

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.thrown: list[tuple[str, Any, tuple[Any, ...]]] = []

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        value, faces = node.throw(self.rng)
        self.thrown.append((label, value, faces))
        return value

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        """Turn after turn, as play does (``warroom.core.evaluate``), without the words."""
        state = process.start
        if process.done(state):
            return 0, state
        for turn in range(1, process.max_steps + 1):
            state = process.step(Resolution(self, explain=False), state)
            if process.done(state):
                return turn, state
        return None, state


def written(node: Node, faces: Sequence[Any]) -> tuple[str, ...]:
    """The faces of one throw as a person writes them down (what :meth:`Node.faces_from` reads back): each die's
    face, a percentile roll's number (1 to 100), a card's short name (``QH``, ``Joker1``)."""
    if node.kind == "percentile":
        value = int(faces[0]) * 10 + int(faces[1])
        return (str(value or 100),)
    if node.kind == "draw":
        return tuple(str(card) for card in faces)
    return tuple(str(int(face)) for face in faces)


class ThrowNeeded(Exception):
    """An action applied with dice thrown at the table has come to a throw whose faces were not given.

    ``procedure`` is the procedure's id and ``title`` its name, ``label`` what the throw is for as the ruling
    names it, ``node`` the throw (its die, how many faces), ``asking`` the words a person is asked
    (``throw 3d6 for op fire, hits on 5 or 6``) and ``index`` how many throws of the action came before it."""

    def __init__(self, spec: ProcedureSpec, label: str, node: Node, index: int) -> None:
        self.procedure = spec.id
        self.title = spec.title
        self.label = label
        self.node = node
        self.index = index
        self.asking = node.asking(label)
        super().__init__(f"{spec.title}: {self.asking}")

    @property
    def faces(self) -> int:
        """How many things are read off the throw (:attr:`Node.words`)."""
        return self.node.words

    @property
    def sides(self) -> int | None:
        """The faces of each die thrown (6 for d6), 100 for a percentile roll, None for a card."""
        kind, args = self.node.kind, self.node.args
        if kind == "die":
            return int(args[0])
        if kind in ("sum", "successes", "successes_and_ones"):
            return int(args[1])
        if kind == "difference":
            return int(args[0])
        if kind == "percentile":
            return 100
        return None

    @property
    def cards(self) -> tuple[str, ...]:
        """For a card drawn, the cards it may be (those still in the deck); empty for dice."""
        if self.node.kind != "draw":
            return ()
        return tuple(dict.fromkeys(str(card) for card in self.node.args[0]))


@dataclasses.dataclass
class AtTable:
    """The dice of one action thrown at the table: the sides whose people throw (a throw only the other side may
    see is warroom's own), the faces given, throw by throw, and how many have been read."""

    sides: frozenset[str]
    given: Sequence[Sequence[str]]
    used: int = 0
    read: list[tuple[str, ...]] = dataclasses.field(default_factory=list)
    """The faces of each throw read so far, as :func:`written` writes them (what a record keeps)."""
    rolls: list[Rolled] = dataclasses.field(default_factory=list)
    """The rolls whose dice were thrown at the table, in order."""

    def sees(self, seen_by: Collection[str] | None) -> bool:
        return seen_by is None or not self.sides.isdisjoint(seen_by)


_NO_GENERATOR = np.random.Generator(np.random.PCG64(0))
"""Never thrown: a roll read from the table takes no die from a generator."""

_AT_TABLE: ContextVar[AtTable | None] = ContextVar("warroom_dice_at_table", default=None)


def thrown_at_table() -> bool:
    """Whether an action is being applied with dice thrown at the table now (:func:`dice_at_table`): a game that
    remembers the states its actions led to must neither read nor keep them then (the dice are not its own)."""
    return _AT_TABLE.get() is not None


@contextmanager
def dice_at_table(sides: Collection[str], given: Sequence[Sequence[str]]) -> Iterator[AtTable]:
    """Within it, the dice of the game a person at the table may see are the faces ``given`` (a list of the faces
    of each throw, as written down), in order; a throw past them raises :class:`ThrowNeeded`. After the action,
    ``used`` on the context says how many throws were read (fewer than given: the caller gave too many)."""
    table = AtTable(frozenset(sides), tuple(tuple(g) for g in given))
    token = _AT_TABLE.set(table)
    try:
        yield table
    finally:
        _AT_TABLE.reset(token)


class _FromTable(_Thrown):
    """The faces of each throw from the table's list, checked against the throw; past its end, the throw is
    asked for (:class:`ThrowNeeded`)."""

    __slots__ = ("spec", "table", "words")

    def __init__(self, spec: ProcedureSpec, table: AtTable) -> None:
        super().__init__(_NO_GENERATOR)
        self.spec = spec
        self.table = table
        self.words: list[str] = []

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        table = self.table
        if table.used >= len(table.given):
            raise ThrowNeeded(self.spec, label, node, table.used)
        faces = node.faces_from(table.given[table.used], label)
        table.used += 1
        words = written(node, faces)
        table.read.append(words)
        self.words.extend(words)
        value = node.read(faces)
        self.thrown.append((label, value, faces))
        return value


class Rolled:
    """One procedure played for the game: its result, table row and dice at once; its ruling when read.

    ``seen_by`` names the sides that may read the roll (None: both); with dice thrown at the table
    (:func:`dice_at_table`), a roll a person at the table may see reads the faces they threw."""

    __slots__ = ("_after", "_ruling", "_run", "_spec", "_start", "_unless", "_values", "at_table", "result", "row",
                 "thrown")

    def __init__(self, procedure: str, params: Mapping[str, Any], rng: np.random.Generator,
                 seen_by: Collection[str] | None = None) -> None:
        spec, values, run = bound_procedure(procedure, params)
        self._spec: ProcedureSpec = spec
        self._values = values
        self._run = run
        table = _AT_TABLE.get()
        self.at_table = table is not None and table.sees(seen_by)
        """Whether the dice were thrown at the table (read from a person's faces, not the generator)."""
        source: _Thrown
        if self.at_table:
            assert table is not None
            source = _FromTable(spec, table)
            self._start: Any = source.words  # the faces as written down, to word the ruling from
        else:
            self._start = rng.bit_generator.state
            source = _Thrown(rng)
        outcome = run(Resolution(source, explain=False))
        if table is not None and self.at_table:
            table.rolls.append(self)
        rows = _ROWS.get(run)
        if rows is None:
            if len(_ROWS) >= 4096:
                _ROWS.clear()
            rows = _ROWS[run] = spec.result_rows(values)
        if outcome.result not in rows:
            raise RuntimeError(f"{spec.id} produced '{outcome.result}', which is not one of its result rows {rows}")
        self.result: str = outcome.result
        self.row: str = outcome.row
        self.thrown: tuple[tuple[str, Any, tuple[Any, ...]], ...] = tuple(source.thrown)
        """Every throw in the order made: its label, the value read and the faces (a card drawn is its face)."""
        self._after = outcome.after
        self._ruling: Ruling | None = None
        self._unless = ""

    def unless(self, text: str) -> None:
        """Say in the ruling's result line that a choice still open would change the result (``"unless it
        retreats (retreating: SUPPRESSED)"``, :attr:`warroom.core.ruling.Ruling.unless`); the rules read the
        result as it stands."""
        self._unless = text
        if self._ruling is not None:
            self._ruling = dataclasses.replace(self._ruling, unless=text)

    @property
    def after(self) -> dict[str, Any]:
        """The parameters the roll changed (a clock's new total), checked as parameters are."""
        if not self._after:
            return {}
        bound = self._spec.bind({**self._values, **self._after}, check=False)
        return {key: bound[key] for key in self._after}

    @property
    def procedure(self) -> str:
        return self._spec.id

    @property
    def dice(self) -> tuple[DiceRoll, ...]:
        """The dice as the ruling shows them (labels, faces, how they read): this words the ruling."""
        return self.ruling.dice

    @property
    def ruling(self) -> Ruling:
        """The explained ruling: the procedure played again, with its words, from the generator's state
        before the first die of this roll."""
        if self._ruling is None and self.at_table:
            outcome, resolution, _ = play_thrown(self._run, FacesGiven(self._start), explain=True)
            self._ruling = dataclasses.replace(ruling_of(self._spec, self._values, outcome, resolution),
                                               at_table=True, unless=self._unless)
        if self._ruling is None:
            bit: np.random.BitGenerator = getattr(np.random, str(self._start["bit_generator"]))()
            bit.state = self._start
            outcome, resolution = play(self._run, np.random.Generator(bit), explain=True)
            ruling = ruling_of(self._spec, self._values, outcome, resolution)
            self._ruling = dataclasses.replace(ruling, unless=self._unless) if self._unless else ruling
        return self._ruling

    def __str__(self) -> str:
        return str(self.ruling)


def roll_for_play(procedure: str, params: Mapping[str, Any], rng: np.random.Generator,
                  seen_by: Collection[str] | None = None) -> Rolled:
    """Play ``procedure`` once with ``params`` and the game's dice (``rng``); its ruling is worded when read.
    ``seen_by``: the sides that may read the roll (None: both), for dice thrown at the table."""
    return Rolled(procedure, params, rng, seen_by)
