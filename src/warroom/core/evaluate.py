"""The three ways to run a procedure written against :class:`Resolution`.

- :func:`exact`: enumerate every chance outcome and return exact ``Fraction``s.
  The procedure is re-run once per leaf of its chance tree, each run following a
  recorded prefix of choices (an odometer over the nodes met), so ordinary Python
  control flow (sequences, branches, loops) needs no special form. Aggregated
  nodes keep the tree small: a 40-die pool is one node of 41 outcomes.
- :func:`play`: throw real dice from a generator the caller owns and return a
  :class:`Ruling` with every face thrown.
- :func:`sample_batch`: draw many results at once. The batch is split over each
  node's outcomes by a multinomial draw and each distinct branch is run once, so
  the cost follows the size of the tree, not the number of draws.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from warroom.core.chance import (
    Card,
    ChanceSource,
    Distribution,
    Node,
    Outcome,
    Process,
    Resolution,
    ThrownDiceError,
    Weights,
)
from warroom.core.ruling import DiceRoll

Run = Callable[[Resolution], Any]


Cache = dict[Hashable, Weights]


class _Enumerate(ChanceSource):
    """Follows a prefix of outcome indices, then takes the first outcome of each new node."""

    __slots__ = ("cache", "den", "indices", "num", "sizes")

    def __init__(self, prefix: list[int], cache: Cache) -> None:
        self.indices = prefix  # the prefix to follow, extended with 0 at each new node
        self.sizes: list[int] = []
        self.num = 1
        self.den = 1
        self.cache = cache

    def _choose(self, dist: Weights) -> Any:
        sizes = self.sizes
        pos = len(sizes)
        if pos < len(self.indices):
            index = self.indices[pos]
        else:
            index = 0
            self.indices.append(0)
        sizes.append(len(dist.values))
        self.num *= dist.weights[index]
        self.den *= dist.total
        return dist.values[index]

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        return self._choose(node.enumerated())

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        # A re-run with the same prefix meets the same process: key it by its place in the tree.
        key = ("process", tuple(self.indices[: len(self.sizes)]), process.label, process.start, process.max_steps)
        dist = self.cache.get(key)
        if dist is None:
            dist = Weights.of(process_distribution(process, self.cache))
            self.cache[key] = dist
        value: tuple[int | None, Any] = self._choose(dist)
        return value


def enumerate_tree(run: Run, cache: Cache | None = None, explain: bool = False) -> tuple[
    dict[Any, Fraction], list[Resolution]
]:
    """Run ``run`` once per leaf of its chance tree: the exact distribution of what it returns.

    Also returns the resolutions of the leaves when ``explain`` is set (for modifiers).
    """
    weights, explained = _walk(run, {} if cache is None else cache, explain)
    by_value: dict[Any, dict[int, int]] = {}
    for (value, den), num in weights.items():
        by_value.setdefault(value, {})[den] = num
    return {value: _total(by_den) for value, by_den in by_value.items()}, explained


def _walk(run: Run, cache: Cache, explain: bool) -> tuple[dict[tuple[Any, int], int], list[Resolution]]:
    """Every leaf of ``run``'s chance tree, as whole-number weights by (value, denominator), values in the order
    they are first met."""
    weights: dict[tuple[Any, int], int] = {}
    explained: list[Resolution] = []
    prefix: list[int] = []
    while True:
        source = _Enumerate(prefix, cache)
        resolution = Resolution(source, explain=explain, narrate=False)
        key = (run(resolution), source.den)
        weights[key] = weights.get(key, 0) + source.num
        if explain:
            explained.append(resolution)
        indices, sizes = source.indices, source.sizes
        i = len(sizes) - 1
        while i >= 0 and indices[i] + 1 >= sizes[i]:
            i -= 1
        if i < 0:
            break
        prefix = indices[:i]
        prefix.append(indices[i] + 1)
    return weights, explained


def _step_weights(process: Process[Any], state: Any, cache: Cache) -> Weights:
    """One step of ``process`` from ``state``: the states it leads to, as whole-number weights over one total."""
    weights, _ = _walk(functools.partial(_step, process, state), cache, False)
    total = math.lcm(*(den for _, den in weights))
    by_value: dict[Any, int] = {}
    for (value, den), num in weights.items():
        by_value[value] = by_value.get(value, 0) + num * (total // den)
    return Weights(tuple(by_value), tuple(by_value.values()), total)


def _total(by_denominator: dict[int, int]) -> Fraction:
    """Add whole-number weights over several denominators into one exact fraction."""
    if len(by_denominator) == 1:
        ((den, num),) = by_denominator.items()
        return Fraction(num, den)
    common = math.lcm(*by_denominator)
    return Fraction(sum(num * (common // den) for den, num in by_denominator.items()), common)


def _step(process: Process[Any], state: Any, r: Resolution) -> Any:
    return process.step(r, state)


def process_distribution(process: Process[Any], cache: Cache | None = None) -> Distribution:
    """Exact distribution of (turns taken, final state) of a :class:`Process`.

    States are folded turn by turn; each state's step is enumerated once. Within a turn every state's chance is
    a whole number over one denominator (the last turn's times the common multiple of this turn's steps), so the
    fold multiplies and adds integers and makes a ``Fraction`` only for each finished state.
    """
    cache = {} if cache is None else cache
    if process.done(process.start):
        return (((0, process.start), Fraction(1)),)
    finished: dict[tuple[int | None, Any], Fraction] = {}
    current: dict[Any, int] = {process.start: 1}
    den = 1
    steps: dict[Any, Weights] = {}
    for turn in range(1, process.max_steps + 1):
        taken: list[tuple[int, Weights]] = []
        for state, num in current.items():
            step = steps.get(state)
            if step is None:
                step = steps[state] = _step_weights(process, state, cache)
            taken.append((num, step))
        scale = math.lcm(*(step.total for _, step in taken))
        den *= scale
        ended: dict[Any, int] = {}
        following: dict[Any, int] = {}
        for num, step in taken:
            by = num * (scale // step.total)
            for new_state, w in zip(step.values, step.weights, strict=True):
                into = ended if process.done(new_state) else following
                into[new_state] = into.get(new_state, 0) + by * w
        for new_state, n in ended.items():
            finished[(turn, new_state)] = Fraction(n, den)
        current = following
        if not current:
            break
    for state, num in current.items():
        finished[(None, state)] = Fraction(num, den)
    return tuple(finished.items())


class _Play(ChanceSource):
    """Throws real dice from the caller's generator and records them."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        value, faces = node.throw(self.rng)
        if resolution.explain:
            _record(node, label, value, faces, resolution)
        return value

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        state = process.start
        if process.done(state):
            return 0, state
        for turn in range(1, process.max_steps + 1):
            child = Resolution(self, explain=resolution.explain)
            self.turn_begins(process, turn, child)
            state = process.step(child, state)
            if resolution.explain:
                resolution.steps.extend(f"{process.label} {turn}: {text}" for text in child.steps)
                resolution.modifiers.extend(child.modifiers)
                resolution.dice.extend(DiceRoll(f"{process.label} {turn}, {d.label}", d.spec, d.faces, d.value,
                                                d.shown) for d in child.dice)
            if process.done(state):
                return turn, state
        return None, state

    def turn_begins(self, process: Process[Any], turn: int, child: Resolution) -> None:
        """Turn ``turn`` of ``process`` is about to be played in ``child`` (dice thrown at the table name it)."""


def _record(node: Node, label: str, value: Any, faces: tuple[Any, ...], resolution: Resolution) -> None:
    """The dice of one throw, kept in the resolution's ruling as they were thrown."""
    if node.kind == "draw":
        faces = tuple(str(card) for card in faces)
        value = str(value) if isinstance(value, Card) else value
    resolution.record_dice(DiceRoll(label, node.spec, faces, value, node.describe(value)))


Thrower = Callable[[Node, str], tuple[Any, ...]]
"""Where thrown dice come from: given a throw (its node, and its label as a ruling names it), the faces a person
threw for it (checked by :meth:`Node.faces_from`)."""


class _Thrown(_Play):
    """Reads the faces of every throw from a :data:`Thrower` (dice thrown at the table) instead of a generator:
    the same procedure, the same readings of the faces, so the same faces give the same ruling. A pool of no dice
    is read as thrown without asking (it has no face to give).

    A throw within a process (``Resolution.until``) is asked for by the name the ruling gives it (``turn 2,
    clock``). A thrower with a ``before(steps)`` method is handed the ruling's steps so far before each throw, so
    whoever throws may read why the dice are asked for (``on 1 the mission is denied``)."""

    def __init__(self, thrower: Thrower) -> None:
        self.thrower = thrower
        self.throws = 0
        self.root: Resolution | None = None
        self.within: list[list[Any]] = []  # each process being played: [its label, the turn, that turn's steps]

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        if node.words:
            named = ", ".join([*(f"{frame[0]} {frame[1]}" for frame in self.within), label])
            before = getattr(self.thrower, "before", None)
            if before is not None:
                before(self.steps_so_far())
            faces = self.thrower(node, named)
            self.throws += 1
        else:  # a pool of no dice: nothing to throw, nothing to ask
            faces = ()
        value = node.read(faces)
        if resolution.explain:
            _record(node, label, value, faces, resolution)
        return value

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        self.within.append([process.label, 0, resolution])
        try:
            return super().resolve_process(process, resolution)
        finally:
            self.within.pop()

    def turn_begins(self, process: Process[Any], turn: int, child: Resolution) -> None:
        self.within[-1][1:] = [turn, child]

    def steps_so_far(self) -> tuple[str, ...]:
        """The steps of the ruling until now, as the ruling will say them (a process's turn named before them)."""
        steps = list(self.root.steps) if self.root is not None else []
        prefix = ""
        for label, turn, child in self.within:
            if not turn:
                break
            prefix += f"{label} {turn}: "
            steps += [prefix + text for text in child.steps]
        return tuple(steps)


class FacesGiven:
    """A :data:`Thrower` over faces written down in advance, in the order the procedure throws them (``3,6,5,2``:
    a die's face, each die of a pool, a percentile roll's number, a card such as ``QH``); :meth:`finish` says
    when some were left over."""

    def __init__(self, written: Sequence[str]) -> None:
        self.written = [w.strip() for w in written]
        self.used = 0

    def __call__(self, node: Node, label: str) -> tuple[Any, ...]:
        left = self.written[self.used:]
        if len(left) < node.words:
            given = ", ".join(self.written) or "none"
            raise ThrownDiceError(f"too few dice: next the procedure must {node.asking(label)}, "
                                  f"{node.words} {'faces' if node.words > 1 else 'face'}, but only "
                                  f"{len(left)} {'is' if len(left) == 1 else 'are'} left of those given ({given})")
        faces = node.faces_from(left[:node.words], label)
        self.used += node.words
        return faces

    def finish(self, throws: int) -> None:
        extra = self.written[self.used:]
        if extra and not throws:
            raise ThrownDiceError("this procedure throws no dice with these parameters: it takes no dice thrown at the "
                                  "table (no --dice)")
        if extra:
            raise ThrownDiceError(f"too many dice: the procedure threw {self.used} "
                                  f"{'face' if self.used == 1 else 'faces'} in all; left over: {', '.join(extra)}")


def play(run: Run, rng: np.random.Generator, explain: bool = True) -> tuple[Outcome, Resolution]:
    """Run once with real dice; returns what the run returned and its resolution."""
    resolution = Resolution(_Play(rng), explain=explain)
    return run(resolution), resolution


def play_thrown(run: Run, thrower: Thrower, explain: bool = True) -> tuple[Outcome, Resolution, int]:
    """Run once with dice thrown at the table, each throw's faces asked of ``thrower`` as the run meets it
    (a later throw may depend on an earlier one); returns what the run returned, its resolution and the number
    of throws."""
    source = _Thrown(thrower)
    resolution = source.root = Resolution(source, explain=explain)
    return run(resolution), resolution, source.throws


@dataclass(frozen=True)
class NextThrow:
    """The throw a procedure asks for next, after the faces written so far (:func:`play_thrown_so_far`): the
    throw (its node and the name the ruling gives it), the faces already written toward it (the first dice of a
    pool), the ruling's steps until it, and how many throws and faces came before it."""

    node: Node
    label: str
    given: tuple[str, ...]
    steps: tuple[str, ...]
    throws: int
    used: int

    @property
    def asking(self) -> str:
        return self.node.asking(self.label)


class _Wanted(Exception):
    def __init__(self, wanted: NextThrow) -> None:
        super().__init__(wanted.asking)
        self.wanted = wanted


class _FacesSoFar(FacesGiven):
    """The faces written so far: each throw they cover is read from them; the first they do not cover is
    :class:`NextThrow` (raised as :class:`_Wanted`), its first faces checked if some are written."""

    def __init__(self, written: Sequence[str]) -> None:
        super().__init__(written)
        self.throws = 0
        self.steps: tuple[str, ...] = ()

    def before(self, steps: tuple[str, ...]) -> None:
        self.steps = steps

    def __call__(self, node: Node, label: str) -> tuple[Any, ...]:
        left = tuple(self.written[self.used:])
        if len(left) < node.words:
            node.check_words(left, label)
            raise _Wanted(NextThrow(node, label, left, self.steps, self.throws, self.used))
        faces = super().__call__(node, label)
        self.throws += 1
        return faces


def play_thrown_so_far(run: Run, written: Sequence[str]) -> tuple[Outcome, Resolution, int] | NextThrow:
    """Play with the faces written so far at the table (in the order thrown), one throw at a time: the ruling's
    run when they cover every throw the run makes (as :func:`play_thrown`), else the next throw to ask for. A face
    that is not one, or faces left over at the end, raise :class:`ThrownDiceError` as :class:`FacesGiven` does."""
    given = _FacesSoFar(written)
    try:
        outcome, resolution, throws = play_thrown(run, given)
    except _Wanted as wanted:
        return wanted.wanted
    given.finish(throws)
    return outcome, resolution, throws


class _Branch(Exception):
    def __init__(self, dist: Weights) -> None:
        self.dist = dist


class _Split(ChanceSource):
    """Follows a prefix; at a new node it stops the run so the batch can be split there."""

    __slots__ = ("cache", "pos", "prefix")

    def __init__(self, prefix: tuple[int, ...], cache: Cache) -> None:
        self.prefix = prefix
        self.pos = 0
        self.cache = cache

    def _follow(self, dist_of: Callable[[], Weights]) -> Any:
        dist = dist_of()
        if self.pos == len(self.prefix):
            raise _Branch(dist)
        value = dist.values[self.prefix[self.pos]]
        self.pos += 1
        return value

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        return self._follow(node.distribution)

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        key = ("process", self.prefix[: self.pos], process.label, process.start, process.max_steps)

        def dist() -> Weights:
            found = self.cache.get(key)
            if found is None:
                found = Weights.of(process_distribution(process, self.cache))
                self.cache[key] = found
            return found

        value: tuple[int | None, Any] = self._follow(dist)
        return value


def sample_batch(run: Run, trials: int, rng: np.random.Generator, cache: Cache | None = None) -> Counter[Any]:
    """Draw ``trials`` independent results of ``run``; returns how often each came out."""
    counts: Counter[Any] = Counter()
    cache = {} if cache is None else cache
    probabilities: dict[Weights, np.ndarray] = {}
    stack: list[tuple[tuple[int, ...], int]] = [((), trials)]
    while stack:
        prefix, n = stack.pop()
        try:
            value = run(Resolution(_Split(prefix, cache), explain=False))
        except _Branch as branch:
            pvals = probabilities.get(branch.dist)
            if pvals is None:
                pvals = np.array(branch.dist.weights, dtype=float) / branch.dist.total
                probabilities[branch.dist] = pvals
            for index, drawn in enumerate(rng.multinomial(n, pvals)):
                if drawn:
                    stack.append(((*prefix, index), int(drawn)))
            continue
        counts[value.result if isinstance(value, Outcome) else value] += n
    return counts
