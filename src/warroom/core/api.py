"""The public Python API: exact odds, one played ruling, and batches of results."""

from __future__ import annotations

import dataclasses
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from warroom.core.base_tables import tables_in_force, using_base_tables
from warroom.core.chance import Outcome, Resolution, Weights
from warroom.core.errors import UsageError, check_seed, whole_number
from warroom.core.evaluate import (
    Cache,
    FacesGiven,
    NextThrow,
    Thrower,
    enumerate_tree,
    play,
    play_thrown,
    play_thrown_so_far,
    sample_batch,
)
from warroom.core.registry import ProcedureSpec, get_procedure, get_ruleset
from warroom.core.ruling import Modifier, Odds, Ruling

MAX_TRIALS = 1_000_000
"""The most Monte Carlo trials of ``odds`` (and ``sample`` with ``method="dice"``, which throws every die): about
ten seconds to a minute, the slowest procedures longest. The exact odds need no trials at all."""
MAX_SAMPLE = 10**15
"""The most results ``sample`` draws at once with ``method="batch"`` (split over the chance tree, not played)."""


_whole = whole_number
_seed = check_seed


def _generator(seed: int | None, rng: np.random.Generator | None) -> np.random.Generator:
    if rng is not None:
        if not isinstance(rng, np.random.Generator):
            raise UsageError(f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), not "
                             f"{type(rng).__name__}")
        return rng
    return np.random.default_rng(_seed(seed))


def _name(procedure: object) -> str:
    if not isinstance(procedure, str):
        raise UsageError(f"the procedure is named by a string such as 'rally' or 'company-fire/rally', not "
                         f"{type(procedure).__name__} {procedure!r:.40}")
    return procedure


def _base_tables(path: object) -> str | Path | None:
    if path is not None and not isinstance(path, str | Path):
        raise UsageError(f"base_tables is the path of a TOML file, not {type(path).__name__}")
    return path


_CACHES: OrderedDict[Hashable, Cache] = OrderedDict()


class _ProcessCache(dict[Hashable, Weights]):
    """The distributions of the processes a procedure runs, kept across calls per (procedure,
    parameters, base tables in force). Most procedures run no process, so the key is only
    worked out when one is met."""

    def __init__(self, spec: ProcedureSpec, values: Mapping[str, Any]) -> None:
        super().__init__()
        self._spec, self._values = spec, values
        self._shared: Cache | None = None

    def _kept(self) -> Cache:
        if self._shared is None:
            key = (self._spec.id, tuple(sorted(self._values.items())), tables_in_force(self._spec.ruleset))
            shared = _CACHES.get(key)
            if shared is None:
                shared = _CACHES[key] = {}
                if len(_CACHES) > 256:
                    _CACHES.popitem(last=False)
            else:
                _CACHES.move_to_end(key)
            self._shared = shared
        return self._shared

    def get(self, key: Hashable, default: Any = None) -> Any:
        return self._kept().get(key, default)

    def __setitem__(self, key: Hashable, value: Weights) -> None:
        self._kept()[key] = value


def _cache_for(spec: ProcedureSpec, values: Mapping[str, Any]) -> Cache:
    return _ProcessCache(spec, values)


def _checked(spec: ProcedureSpec, values: Mapping[str, Any], result: str,
             rows: tuple[str, ...] | None = None) -> str:
    """``result`` if it is one of the procedure's rows (``rows``, worked out once by a caller checking many)."""
    rows = spec.result_rows(values) if rows is None else rows
    if result not in rows:
        raise RuntimeError(f"{spec.id} produced '{result}', which is not one of its result rows {rows}")
    return result


def _params(params: object) -> dict[str, Any]:
    """The parameters given as a mapping: None, or a mapping of names (strings) to values."""
    if params is None:
        return {}
    if not isinstance(params, Mapping):
        raise UsageError(f"the parameters are a mapping of name to value (a dict), not {type(params).__name__}")
    for key in params:
        if not isinstance(key, str):
            raise UsageError(f"a parameter's name is a string, not {type(key).__name__} {key!r:.40}")
    return dict(params)


def _merged(params: Mapping[str, Any] | None, keywords: Mapping[str, Any]) -> dict[str, Any]:
    both = _params(params)
    for key, value in keywords.items():
        if key in both:
            raise UsageError(f"{key} is given twice")
        both[key] = value
    return both


def odds(
    procedure: str,
    params: Mapping[str, Any] | None = None,
    /,
    *,
    trials: int = 0,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    base_tables: str | Path | None = None,
    **kw: Any,
) -> Odds:
    """Exact distribution of the procedure's results; with ``trials``, a Monte Carlo count beside it.

    Parameters come as a mapping, as keywords, or both. The Monte Carlo column throws
    every die face from a generator seeded with ``seed``. ``base_tables`` replaces the
    ruleset's stand-in base-game tables with the given file.

    ``trials`` is a whole number from 0 to :data:`MAX_TRIALS` and ``seed`` None or a whole number from 0;
    any bad argument raises :class:`UsageError`.
    """
    spec = get_procedure(_name(procedure))
    trials = _whole(trials, "trials", 0, MAX_TRIALS)
    seed = _seed(seed)
    base_tables = _base_tables(base_tables)
    if base_tables is not None:  # the parameters are checked against the tables in force
        with using_base_tables(spec.ruleset, base_tables):
            return odds(spec.id, _merged(params, kw), trials=trials, seed=seed, progress=progress)
    values = spec.bind(_merged(params, kw))
    run = spec.runner(values)
    totals, leaves = enumerate_tree(lambda r: run(r).result, _cache_for(spec, values), explain=True)
    rows = spec.result_rows(values)
    for result in totals:
        _checked(spec, values, result, rows)
    distribution = tuple((row, totals.get(row, Fraction(0))) for row in rows)
    modifiers: dict[Modifier, None] = {}
    for leaf in leaves:
        for m in leaf.modifiers:
            modifiers.setdefault(m, None)
    first = leaves[0]
    steps = first.steps[: first.first_chance] if first.first_chance is not None else first.steps
    sampled = None
    if trials:
        counts = sample(spec.id, trials, values, seed=seed, method="dice", progress=progress)
        sampled = tuple((row, counts.get(row, 0)) for row in rows)
    return Odds(
        spec.id, spec.title, spec.rule, values, tuple(modifiers), tuple(steps), distribution, len(leaves),
        sampled, trials, spec.worse,
    )


def roll(
    procedure: str,
    params: Mapping[str, Any] | None = None,
    /,
    *,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    base_tables: str | Path | None = None,
    dice: Sequence[str] | Thrower | None = None,
    **kw: Any,
) -> Ruling:
    """Play the procedure once with real dice and return the explained ruling.

    ``seed`` is None (fresh dice) or a whole number from 0; ``rng`` a numpy Generator to throw the dice with
    instead. ``dice`` takes the dice thrown at the table instead: the faces written down in the order the
    procedure throws them (``["3", "6", "5", "2"]``; a percentile roll as its number, a card as ``QH``), or a
    :data:`~warroom.core.evaluate.Thrower` asked for each throw as the procedure meets it; the ruling is the one
    a generator throwing those faces gives, marked as thrown at the table. Any bad argument raises
    :class:`UsageError`, the thrown dice's too (a wrong count, a face off the die, a word that is not a number,
    dice for a procedure that throws none).
    """
    procedure, base_tables = _name(procedure), _base_tables(base_tables)
    if dice is not None:
        if seed is not None or rng is not None:
            raise UsageError("dice thrown at the table take no seed: give the dice or a seed, not both")
        spec = get_procedure(procedure)
        with using_base_tables(spec.ruleset, base_tables):
            values = spec.bind(_merged(params, kw))
            return thrown(spec, values, dice)
    if base_tables is None and not kw and params is not None:
        spec, values, run = bound_procedure(procedure, params if type(params) is dict else _params(params))
        outcome, resolution = play(run, _generator(seed, rng))
        return ruling_of(spec, values, outcome, resolution)
    spec = get_procedure(procedure)
    if base_tables is not None:  # the parameters are checked against the tables in force
        with using_base_tables(spec.ruleset, base_tables):
            return roll(spec.id, _merged(params, kw), seed=seed, rng=rng)
    values = spec.bind(_merged(params, kw))
    outcome, resolution = play(spec.runner(values), _generator(seed, rng))
    return ruling_of(spec, values, outcome, resolution)


def thrown(spec: ProcedureSpec, values: Mapping[str, Any], dice: Sequence[str] | Thrower) -> Ruling:
    """The ruling of ``spec`` with checked parameters ``values``, played with dice thrown at the table."""
    given = FacesGiven(dice) if isinstance(dice, Sequence) and not isinstance(dice, str) else None
    thrower = given if given is not None else dice
    if not callable(thrower):
        raise UsageError("dice thrown at the table are a list of faces (3,6,5,2) or asked for one throw at a time")
    outcome, resolution, throws = play_thrown(spec.runner(values), thrower)
    if given is not None:
        given.finish(throws)
    return dataclasses.replace(ruling_of(spec, values, outcome, resolution), at_table=True)


def thrown_so_far(spec: ProcedureSpec, values: Mapping[str, Any], written: Sequence[str]) -> Ruling | NextThrow:
    """The procedure played with the faces thrown at the table so far (in the order thrown, each as ``--dice``
    takes it): the ruling, marked as thrown at the table, once they cover every throw it makes; else the next
    throw to ask for (what to throw and why, the faces already written toward it, the ruling's steps until it).
    A face that is not one, or faces left over, raise :class:`~warroom.core.chance.ThrownDiceError`; nothing is
    kept between calls, so the same faces always give the same answer."""
    if isinstance(written, str) or not isinstance(written, Sequence) or not all(isinstance(w, str) for w in written):
        raise UsageError("the faces thrown so far are a list of words (3, 6, QH, 57)")
    played = play_thrown_so_far(spec.runner(values), written)
    if isinstance(played, NextThrow):
        return played
    outcome, resolution, throws = played
    ruling = ruling_of(spec, values, outcome, resolution)
    return dataclasses.replace(ruling, at_table=True) if throws else ruling


_BOUND: dict[Hashable, tuple[ProcedureSpec, dict[str, Any], Callable[[Resolution], Outcome]]] = {}


def bound_procedure(
    procedure: str, params: Mapping[str, Any]
) -> tuple[ProcedureSpec, dict[str, Any], Callable[[Resolution], Outcome]]:
    """The procedure, its checked parameters and its runner, kept for parameters seen before.

    A game rolls the same few procedures with the same few parameters thousands of times;
    checking them is pure, so it is done once per distinct call and base tables in force (a
    bounded number are kept).
    """
    try:
        key: Hashable = (procedure, tuple(params.items()), tables_in_force(procedure.partition("/")[0]))
        hash(key)
    except TypeError:
        key = None
    found = _BOUND.get(key) if key is not None else None
    if found is None:
        spec = get_procedure(procedure)
        values = spec.bind(_params(params))
        found = (spec, values, spec.runner(values))
        if key is not None:
            if len(_BOUND) >= 4096:
                _BOUND.clear()
            _BOUND[key] = found
    return found


def ruling_of(spec: ProcedureSpec, values: Mapping[str, Any], outcome: Outcome, resolution: Resolution) -> Ruling:
    return Ruling(
        spec.id, spec.title, spec.rule, dict(values), tuple(resolution.modifiers), tuple(resolution.dice),
        tuple(resolution.steps), outcome.row, _checked(spec, values, outcome.result),
        _after(spec, values, outcome), get_ruleset(spec.ruleset).rulings,
    )


def _after(spec: ProcedureSpec, values: Mapping[str, Any], outcome: Outcome) -> dict[str, Any]:
    """The parameters this resolution changed, checked as parameters are."""
    if not outcome.after:
        return {}
    bound = spec.bind({**values, **outcome.after}, check=False)
    return {key: bound[key] for key in outcome.after}


def sample(
    procedure: str,
    trials: int,
    params: Mapping[str, Any] | None = None,
    /,
    *,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    method: str = "batch",
    progress: Callable[[int], None] | None = None,
    **kw: Any,
) -> Counter[str]:
    """Draw ``trials`` results: ``method="batch"`` splits the batch over the chance tree (at most
    :data:`MAX_SAMPLE` at once); ``method="dice"`` plays every trial, throwing each die face (at most
    :data:`MAX_TRIALS`). Any bad argument raises :class:`UsageError`."""
    spec = get_procedure(_name(procedure))
    if method not in ("batch", "dice"):
        raise UsageError(f"method={method!r:.40} is not allowed: 'batch' or 'dice'")
    trials = _whole(trials, "trials", 0, MAX_SAMPLE if method == "batch" else MAX_TRIALS)
    values = spec.bind(_merged(params, kw))
    run = spec.runner(values)
    generator = _generator(seed, rng)
    if method == "batch":
        return sample_batch(run, trials, generator, _cache_for(spec, values))
    counts: Counter[str] = Counter()
    for done in range(1, trials + 1):
        outcome, _resolution = play(run, generator, explain=False)
        counts[outcome.result] += 1
        if progress is not None and (done % 1000 == 0 or done == trials):
            progress(done)
    return counts
