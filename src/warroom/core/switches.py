"""Rule switches: the optional rules and the recorded readings with a real alternative that a game lets a
designer turn, by name (``warroom rules options RULESET``, ``warroom simulate ... --rule KEY=VALUE``).

A ruleset declares each switch with :func:`register_switch`: its key, the values it takes, the value the
game plays when the switch is not given, the rule it turns (seed section or ``docs/rulings.md`` id) and a
function that makes the game with the switch set. :func:`with_switches` checks a designer's choices (one
clear error naming what is allowed) and returns the game so made; the game's own code is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from warroom.core.errors import UsageError, suggest


@dataclass(frozen=True)
class Switch:
    """One switch of a ruleset: ``apply(game, value)`` is the game with the switch set to ``value``."""

    ruleset: str
    key: str
    summary: str
    values: tuple[str, ...]
    default: str
    rule: str
    apply: Callable[[Any, str], Any]

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "key": self.key, "summary": self.summary, "values": list(self.values),
                "default": self.default, "rule": self.rule}


_SWITCHES: dict[str, dict[str, Switch]] = {}


def register_switch(switch: Switch) -> Switch:
    """Declare a ruleset's switch; its default must be one of its values."""
    if switch.default not in switch.values:
        raise ValueError(f"switch {switch.ruleset}/{switch.key}: default {switch.default!r} is not one of its values")
    _SWITCHES.setdefault(switch.ruleset, {})[switch.key] = switch
    return switch


def switches(ruleset: str) -> list[Switch]:
    """The switches a ruleset declares, by key (the ruleset is imported first, so its switches are known); a game
    registered with no ruleset of procedures behind it (:func:`warroom.core.game.register_game` alone) has none."""
    from warroom.core.game import games
    from warroom.core.registry import get_ruleset

    try:
        get_ruleset(ruleset)
    except UsageError:
        if ruleset not in games():
            raise
    return [s for _, s in sorted(_SWITCHES.get(ruleset, {}).items())]


def check_switches(ruleset: str, chosen: Mapping[str, str]) -> dict[str, str]:
    """The choices checked: every key a switch of ``ruleset`` and every value one it takes; one clear error
    otherwise. Returns them in key order."""
    known = {s.key: s for s in switches(ruleset)}
    for key, value in chosen.items():
        if key not in known:
            listing = ", ".join(known) or "none"
            raise UsageError(f"--rule {key}={value}: {ruleset} has no rule switch '{key}'{suggest(key, known)}; "
                             f"its switches: {listing} ('warroom rules options {ruleset}')")
        if value not in known[key].values:
            raise UsageError(f"--rule {key}={value}: '{value}' is not a value of {key}; it takes "
                             f"{', '.join(known[key].values)}")
    return dict(sorted(chosen.items()))


def with_switches(game: Any, chosen: Mapping[str, str]) -> Any:
    """``game`` with the chosen switches set (checked first, by :func:`check_switches`)."""
    checked = check_switches(game.ruleset, chosen)
    known = {s.key: s for s in switches(game.ruleset)}
    for key, value in checked.items():
        game = known[key].apply(game, value)
    return game


def parse_rules(texts: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``("attack_resolution=faster", ...)`` -> ``{"attack_resolution": "faster"}``; one clear error for a word
    that is not KEY=VALUE or a key given twice."""
    out: dict[str, str] = {}
    for text in texts:
        key, eq, value = text.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise UsageError(f"--rule {text!r}: give KEY=VALUE, e.g. --rule attack_resolution=faster")
        if key in out:
            raise UsageError(f"--rule {key}: given twice")
        out[key] = value
    return out
