"""The one registry of rulesets and their procedures, found by name.

Rulesets register their facts (id, version, scale, status) and their procedures
(id, rule citation, typed parameters, result rows). The CLI, the Python API and
rule coverage read everything from here. The rulesets are found through the
``warroom.rulesets`` entry points, so the core imports none of them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Literal

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError, suggest
from warroom.core.params import Param
from warroom.core.ruling import RuleRef, Worse


@dataclass(frozen=True)
class RulesetInfo:
    """The fixed facts of a ruleset, declared up front."""

    id: str
    title: str
    version: str
    scale: Literal["grid", "inch", "none"]
    status: str
    seed: str
    chance: str = "dice and cards, exact odds by enumeration"
    information: str = "perfect (umpire procedures)"
    rulings: Literal["table", "umpire"] = "table"
    """How its rulings end: ``table`` names the table row read and prints the result in capitals
    (the full games' narration); ``umpire`` says the result as an umpire would at the table, with
    what decided it in brackets."""


Results = tuple[str, ...] | Callable[[Mapping[str, Any]], tuple[str, ...]]



@dataclass(frozen=True)
class ProcedureSpec:
    """A registered procedure: what it is, the rule it applies, its parameters and result rows."""

    ruleset: str
    name: str
    title: str
    summary: str
    rule: RuleRef
    params: tuple[Param, ...]
    results: Results
    run: Callable[..., Outcome]
    check: Callable[[Mapping[str, Any]], None] | None = field(default=None)
    example: Mapping[str, Any] = field(default_factory=dict)
    prepare: Callable[[Mapping[str, Any]], Any] | None = field(default=None)
    worse: Worse | None = field(default=None)
    """Declared only where the seed's rows are a severity scale for the one the procedure befalls (the unit
    fired at, the vehicle crossing, the building shelled): its rows, in the order given, get worse ``later`` or
    ``earlier``. None (the default) for rows of no order, which no front end may invent."""

    @property
    def id(self) -> str:
        return f"{self.ruleset}/{self.name}"

    def param(self, name: str) -> Param:
        return self._by_name[name]

    @functools.cached_property
    def _by_name(self) -> dict[str, Param]:
        return {p.name: p for p in self.params}

    def bind(self, given: Mapping[str, Any], check: bool = True) -> dict[str, Any]:
        """Check the given parameters and fill in defaults; raises :class:`UsageError`.

        ``check=False`` checks each value's type but neither its range nor the combination
        (a state a procedure leaves behind, such as a clock past the end or a fort worn down to
        rubble, need not be a valid start).
        """
        by_name = self._by_name
        values: dict[str, Any] = {}
        for key, value in given.items():
            param = by_name.get(key)
            if param is None:
                name = key.strip().replace("-", "_")
                param = by_name.get(name)
                if param is None:
                    names = list(by_name)
                    allowed = ", ".join(names) if names else "none"
                    raise UsageError(
                        f"{self.id} has no parameter '{key}'{suggest(name, names)}; its parameters are: {allowed}"
                    )
            values[param.name] = param.read(value) if check else param.read(value, bounded=False)
        for p in self.params:
            if p.name not in values:
                if p.required:
                    raise UsageError(f"{self.id} needs {p.name}=..., {p.allowed()} ({p.help})")
                values[p.name] = p.default
        if check and self.check is not None:
            self.check(values)
        return values

    def result_rows(self, values: Mapping[str, Any]) -> tuple[str, ...]:
        return self.results(values) if callable(self.results) else self.results

    def runner(self, values: Mapping[str, Any]) -> Callable[[Resolution], Outcome]:
        """The procedure bound to its parameters, ready to run once per chance branch.

        A procedure registered with ``prepare`` gets ``prepare(values)`` instead of its
        parameters: the part that needs no dice (its modifiers), worked out once per
        call rather than once per branch.
        """
        if self.prepare is not None:
            prepared = self.prepare(values)

            def run_prepared(r: Resolution) -> Outcome:
                return self.run(r, prepared)

            return run_prepared

        def run(r: Resolution) -> Outcome:
            return self.run(r, **values)

        return run


_RULESETS: dict[str, RulesetInfo] = {}
_PROCEDURES: dict[str, ProcedureSpec] = {}


def register_ruleset(info: RulesetInfo) -> RulesetInfo:
    if info.id in _RULESETS and _RULESETS[info.id] != info:
        raise ValueError(f"ruleset {info.id} registered twice")
    _RULESETS[info.id] = info
    return info


def procedure(
    ruleset: RulesetInfo,
    name: str,
    *,
    title: str,
    summary: str,
    rule: RuleRef,
    params: tuple[Param, ...] = (),
    results: Results,
    check: Callable[[Mapping[str, Any]], None] | None = None,
    example: Mapping[str, Any] | None = None,
    prepare: Callable[[Mapping[str, Any]], Any] | None = None,
    worse: Worse | None = None,
) -> Callable[[Callable[..., Outcome]], Callable[..., Outcome]]:
    """Register a rule procedure (a function of a :class:`Resolution` and its parameters).

    ``example`` is a typical set of parameters (every required one given): the docs,
    tests and benchmarks run each procedure with it. ``worse`` declares that the result rows are a
    severity scale in the seed, getting worse ``later`` or ``earlier`` in the order given (see
    :attr:`ProcedureSpec.worse`): cite the seed's scale where it is declared.
    """

    def wrap(fn: Callable[..., Outcome]) -> Callable[..., Outcome]:
        spec = ProcedureSpec(ruleset.id, name, title, summary, rule, params, results, fn, check, example or {},
                             prepare, worse)
        if spec.id in _PROCEDURES:
            raise ValueError(f"procedure {spec.id} registered twice")
        _PROCEDURES[spec.id] = spec
        return fn

    return wrap


ENTRY_POINTS = "warroom.rulesets"
"""The entry-point group a ruleset package declares itself in (``[project.entry-points."warroom.rulesets"]``):
each entry names the module whose import registers the ruleset."""


@functools.cache
def _load() -> None:
    """Import every ruleset declared in the entry-point group, once; importing one registers it.

    The core names no ruleset: warroom's own five are declared in its ``pyproject.toml``, and a ruleset
    published as a package of its own plugs in the same way. A ruleset that fails to import is one error
    naming it, never a traceback from deep inside.
    """
    found = entry_points(group=ENTRY_POINTS)
    if not found:
        raise UsageError(f"no rulesets are installed (no '{ENTRY_POINTS}' entry points): install warroom with "
                         "'pip install -e .' (or 'pip install .') so its rulesets are declared")
    for entry in sorted(found, key=lambda e: e.name):
        try:
            entry.load()
        except ImportError as exc:
            raise UsageError(f"ruleset '{entry.name}' ({entry.value}) cannot be imported: {exc}") from exc


def rulesets() -> list[RulesetInfo]:
    _load()
    return list(_RULESETS.values())


def get_ruleset(ruleset_id: str) -> RulesetInfo:
    _load()
    if not isinstance(ruleset_id, str) or ruleset_id not in _RULESETS:
        ruleset_id = str(ruleset_id)
        raise UsageError(
            f"unknown ruleset '{ruleset_id}'{suggest(ruleset_id, _RULESETS)}; rulesets are: {', '.join(_RULESETS)}"
        )
    return _RULESETS[ruleset_id]


def procedures(ruleset_id: str | None = None) -> list[ProcedureSpec]:
    _load()
    if ruleset_id is not None:
        get_ruleset(ruleset_id)
    return [p for p in _PROCEDURES.values() if ruleset_id is None or p.ruleset == ruleset_id]


def get_procedure(name: str) -> ProcedureSpec:
    """Find a procedure by its full id (``ruleset/name``) or by its name alone when that is unique."""
    _load()
    if not isinstance(name, str):
        raise UsageError(f"a procedure is named by a string such as 'rally' or 'company-fire/rally', not "
                         f"{type(name).__name__} {name!r:.40}")
    if name in _PROCEDURES:
        return _PROCEDURES[name]
    matches = [p for p in _PROCEDURES.values() if p.name == name]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise UsageError(f"'{name}' names several procedures: {', '.join(p.id for p in matches)}; give the full id")
    short = {p.name for p in _PROCEDURES.values()} | set(_PROCEDURES)
    raise UsageError(f"unknown procedure '{name}'{suggest(name, short)}; 'warroom procedures' lists them")
