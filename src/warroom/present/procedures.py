"""A procedure as a person meets it: its help text, and its parameters read from ``key=value`` words."""

from __future__ import annotations

from collections.abc import Iterable

from warroom.core.errors import UsageError
from warroom.core.registry import ProcedureSpec


def parse_pairs(spec: ProcedureSpec, words: Iterable[str], options: str | None = None) -> dict[str, str]:
    """Read ``key=value`` words for ``spec``; anything else is a usage error naming what is allowed.

    ``options`` lists the options of the command reading the words, for the error a word starting
    with ``-`` gets (an unknown option rather than a parameter).
    """
    out: dict[str, str] = {}
    for word in words:
        if options is not None and word.startswith("-"):
            raise UsageError(f"unknown option '{word}'; options are {options}")
        key, sep, value = word.partition("=")
        if not sep or not key:
            names = ", ".join(p.name for p in spec.params) or "none"
            raise UsageError(f"'{word}' is not key=value; parameters of {spec.id} are: {names}")
        if key.replace("-", "_") in (k.replace("-", "_") for k in out):
            raise UsageError(f"{key} is given twice")
        out[key] = value
    return out


def procedure_help(spec: ProcedureSpec) -> str:
    """What a procedure resolves, the rule it applies, how to call it, and every parameter's allowed values."""
    lines = [
        f"{spec.id}: {spec.title}",
        f"  {spec.summary}",
        f"  Rule: {spec.rule}",
        "",
        f"Usage: warroom odds {spec.name} [key=value ...] [--json] [--plot FILE] [--trials N --seed S]",
        f"       warroom roll {spec.name} [key=value ...] [--seed S | --dice FACES|ask] [--json]",
        "",
        "Parameters:",
    ]
    for p in spec.params:
        lines.append(f"  {p.name}  ({p.allowed()}; default {p.default_text()})")
        lines.append(f"      {p.help}")
    if not spec.params:
        lines.append("  none")
    return "\n".join(lines)
