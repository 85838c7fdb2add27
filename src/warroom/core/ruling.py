"""Rulings: what a procedure decided, why, and with which dice.

docs/architecture.md "Rulings": every resolution returns the procedure, the rule it applies
(seed file and section, plus the ``docs/rulings.md`` ids of readings taken), its
inputs, each modifier with value and source, the dice when played, the table row
used and the result. A ruling reads as an umpire would say it and as JSON.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

Worse = Literal["later", "earlier"]
"""Which way a procedure's result rows get worse, in the order given: ``later`` (best first: good order,
pinned, suppressed, destroyed) or ``earlier`` (worst first: killed, immobilised, no effect)."""


@dataclass(frozen=True)
class RuleRef:
    """Where a procedure's rule is written: a seed file, its sections, readings taken."""

    seed: str
    sections: tuple[str, ...]
    readings: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self._text

    @functools.cached_property
    def _text(self) -> str:
        where = "; ".join(f'"{s}"' for s in self.sections)
        text = f"{self.seed}, {where}"
        if self.readings:
            text += "; readings " + ", ".join(self.readings)
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "sections": list(self.sections), "readings": list(self.readings)}


@dataclass(frozen=True)
class Modifier:
    """One term added to a roll or to a number of dice, with the rule it comes from."""

    label: str
    value: int
    source: str
    applies_to: str = "roll"

    def __str__(self) -> str:
        return f"{self.signed()} {self.label}  [{self.source}]"

    def signed(self) -> str:
        unit = {"dice": " die" if abs(self.value) == 1 else " dice"}.get(self.applies_to, "")
        sign = "+" if self.value >= 0 else "\u2212"
        return f"{sign}{abs(self.value)}{unit}"

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "source": self.source, "applies_to": self.applies_to}


@dataclass(frozen=True)
class DiceRoll:
    """Dice actually thrown while a procedure was played."""

    label: str
    spec: str
    faces: tuple[int | str, ...]
    value: Any

    shown: str = ""

    def __str__(self) -> str:
        faces = ", ".join(str(f) for f in self.faces)
        verb = "drew" if self.spec == "a card" else f"{self.spec} rolled"
        if not self.faces:
            return f"{self.label}: {self.spec} \u2192 {self.shown}"
        if len(self.faces) == 1 and str(self.faces[0]) == self.shown:
            return f"{self.label}: {verb} {faces}"
        return f"{self.label}: {verb} {faces} \u2192 {self.shown}"

    def to_dict(self) -> dict[str, Any]:
        value = self.value if isinstance(self.value, (int, str)) else list(self.value)
        return {"label": self.label, "spec": self.spec, "faces": list(self.faces), "value": value,
                "reads": self.shown}


@dataclass(frozen=True)
class Ruling:
    """The explained outcome of one played procedure."""

    procedure: str
    title: str
    rule: RuleRef
    inputs: dict[str, Any]
    modifiers: tuple[Modifier, ...]
    dice: tuple[DiceRoll, ...]
    steps: tuple[str, ...]
    row: str
    result: str
    after: dict[str, Any] = field(default_factory=dict)
    style: str = "table"
    """``table`` or ``umpire``: how the ruling ends (its ruleset's ``rulings``)."""
    at_table: bool = False
    """Whether the dice were thrown at the table (read from the players' own dice) rather than by warroom."""
    unless: str = ""
    """A choice still open that would change the result, and what it would make it (``"unless it retreats
    (retreating: SUPPRESSED)"``), said after the result; ``""`` when the result is final (a game's rules set it
    where they offer the choice, CF-149)."""

    def __str__(self) -> str:
        lines = [f"{self.title} \u2014 {self.rule}"]
        if self.at_table:
            lines.append("  (the dice thrown at the table)")
        lines += [f"  {s}" for s in self.steps if s]
        if self.style == "umpire":
            said = self.result[:1].upper() + self.result[1:]
            why = f" ({self.row})" if self.row and self.row != self.result else ""
            unless = f", {self.unless}" if self.unless else ""
            lines.append(f"  Ruling: {said}{why}{unless}.")
        else:
            if self.row:
                lines.append(f"  Table: {self.row}")
            lines.append(f"  Result: {self.result.upper()}" + (f" {self.unless}" if self.unless else ""))
        if self.after:
            lines.append("  Now: " + ", ".join(f"{k}={show_value(v)}" for k, v in self.after.items()))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure,
            "title": self.title,
            "rule": self.rule.to_dict(),
            "inputs": _jsonable(self.inputs),
            "modifiers": [m.to_dict() for m in self.modifiers],
            "dice": [d.to_dict() for d in self.dice],
            "steps": list(self.steps),
            "row": self.row,
            "result": self.result,
            "after": _jsonable(self.after),
            **({"dice_thrown": "at the table"} if self.at_table else {}),
            **({"unless": self.unless} if self.unless else {}),
            "text": str(self),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


@dataclass(frozen=True)
class Odds:
    """The exact distribution of a procedure's results, every result row present."""

    procedure: str
    title: str
    rule: RuleRef
    inputs: dict[str, Any]
    modifiers: tuple[Modifier, ...]
    steps: tuple[str, ...]
    distribution: tuple[tuple[str, Fraction], ...]
    leaves: int
    sampled: tuple[tuple[str, int], ...] | None = field(default=None)
    trials: int = 0
    worse: Worse | None = None
    """Which way the rows get worse, where the procedure declares its rows a severity scale; None otherwise."""

    def __getitem__(self, result: str) -> Fraction:
        for name, p in self.distribution:
            if name == result:
                return p
        raise KeyError(result)

    @property
    def results(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.distribution)

    def as_dict(self) -> dict[str, Fraction]:
        return dict(self.distribution)

    def or_worse(self) -> tuple[Fraction, ...] | None:
        """Each result's chance of that result or a worse one, in row order, for rows of a declared severity
        scale (``worse``); None for rows of no order. The worst row's is its own probability, the best's is 1."""
        if self.worse is None:
            return None
        chances = [p for _, p in self.distribution]
        if self.worse == "earlier":
            return tuple(sum(chances[: i + 1], Fraction(0)) for i in range(len(chances)))
        return tuple(sum(chances[i:], Fraction(0)) for i in range(len(chances)))

    def __str__(self) -> str:
        lines = [f"{self.title} \u2014 {self.rule}"]
        lines += [f"  {s}" for s in self.steps if s]
        shown = set(self.steps)
        for m in self.modifiers:
            if str(m) not in shown:
                lines.append(f"  on some branches: {m}")
        width = max(len(n) for n, _ in self.distribution)
        sampled = dict(self.sampled or ())
        for name, p in self.distribution:
            row = f"  {name:<{width}}  {p!s:>14}  {percent(p):>8}"
            if self.sampled is not None:
                row += f"  {percent(sampled.get(name, 0) / self.trials):>8}"
            lines.append(row)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "procedure": self.procedure,
            "title": self.title,
            "rule": self.rule.to_dict(),
            "inputs": _jsonable(self.inputs),
            "modifiers": [m.to_dict() for m in self.modifiers],
            "steps": list(self.steps),
            "results": [
                {"result": name, "probability": str(p), "percent": round(float(p) * 100, 6)}
                for name, p in self.distribution
            ],
        }
        cumulative = self.or_worse()
        if cumulative is not None:
            out["worse"] = self.worse
            for row, c in zip(out["results"], cumulative, strict=True):
                row.update(or_worse=str(c), or_worse_percent=round(float(c) * 100, 6))
        if self.sampled is not None:
            counts = dict(self.sampled)
            out["monte_carlo"] = {
                "trials": self.trials,
                "counts": {name: counts.get(name, 0) for name, _ in self.distribution},
            }
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


def percent(p: Fraction | float) -> str:
    """A probability as a percentage; a tiny non-zero one is not shown as 0."""
    if 0 < p < Fraction(1, 100000):
        return "<0.001%"
    return f"{float(p):.3%}"


def show_value(value: Any) -> str:
    """A parameter's value as it is typed: ``true``, ``rifle_squad,rifle_squad``, ``7``."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in values.items():
        out[k] = list(v) if isinstance(v, tuple) else v
    return out
