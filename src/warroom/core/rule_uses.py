"""Declarations that code other than a registered procedure implements a seed section.

A ruleset's game code calls :func:`register_rule_use` when it is imported; rule coverage
(:mod:`warroom.tools.coverage`) reads them with the procedures' own citations, so the
matrix of rules implemented and tested is worked out from the code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleUse:
    """A declaration that some code implements one seed section."""

    seed: str
    section: str
    where: str


_RULE_USES: dict[RuleUse, None] = {}


def register_rule_use(seed: str, section: str, where: str) -> RuleUse:
    """Declare that code other than a registered procedure implements a seed section.

    Game code calls this at import time, e.g. ``register_rule_use("002", "Stacking",
    "company_fire.state.State.legal_actions")``; registered procedures need not, their
    ``RuleRef`` is read from the registry. ``seed`` is the seed number or file name and
    ``where`` names the code. Declaring the same use twice keeps one. A seed or section
    that does not exist is not refused here but listed by :func:`warroom.tools.coverage.unknown_references`.
    """
    if not where.strip():
        raise ValueError("register_rule_use needs 'where': the code that implements the section")
    use = RuleUse(seed, section, where)
    _RULE_USES.setdefault(use, None)
    return use


def rule_uses() -> tuple[RuleUse, ...]:
    """Every use declared with :func:`register_rule_use`, in the order declared."""
    return tuple(_RULE_USES)
