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
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np

from warroom.core.api import bound_procedure, ruling_of
from warroom.core.chance import ChanceSource, Node, Process, Resolution
from warroom.core.evaluate import play
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


class Rolled:
    """One procedure played for the game: its result, table row and dice at once; its ruling when read."""

    __slots__ = ("_after", "_ruling", "_run", "_spec", "_start", "_unless", "_values", "result", "row", "thrown")

    def __init__(self, procedure: str, params: Mapping[str, Any], rng: np.random.Generator) -> None:
        spec, values, run = bound_procedure(procedure, params)
        self._spec: ProcedureSpec = spec
        self._values = values
        self._run = run
        self._start = rng.bit_generator.state
        source = _Thrown(rng)
        outcome = run(Resolution(source, explain=False))
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
        if self._ruling is None:
            bit: np.random.BitGenerator = getattr(np.random, str(self._start["bit_generator"]))()
            bit.state = self._start
            outcome, resolution = play(self._run, np.random.Generator(bit), explain=True)
            ruling = ruling_of(self._spec, self._values, outcome, resolution)
            self._ruling = dataclasses.replace(ruling, unless=self._unless) if self._unless else ruling
        return self._ruling

    def __str__(self) -> str:
        return str(self.ruling)


def roll_for_play(procedure: str, params: Mapping[str, Any], rng: np.random.Generator) -> Rolled:
    """Play ``procedure`` once with ``params`` and the game's dice (``rng``); its ruling is worded when read."""
    return Rolled(procedure, params, rng)
