"""Errors that warroom shows a user as one clear line."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class WarroomError(Exception):
    """A problem a user can fix: the message says what is wrong and what is allowed."""


class UsageError(WarroomError):
    """A bad name, value or combination given on the command line or to the API."""


class TableError(WarroomError):
    """A rules-data file that does not load or does not match its schema."""


def suggest(word: str, allowed: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest allowed names, or ``""``."""
    if not isinstance(word, str):  # a bad call from Python: no name to be near
        return ""
    close = difflib.get_close_matches(word, list(allowed), n=3, cutoff=0.6)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)"


def whole_number(value: object, name: str, low: int, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (no upper bound if None); a bool, a float, a string
    or a number out of range is one :class:`UsageError` naming ``name`` and what is allowed."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise UsageError(f"{name} must be a whole number, not {type(value).__name__} {value!r:.40}")
    number = value.__index__()
    if number < low or (high is not None and number > high):
        allowed = f"from {low:,} to {high:,}" if high is not None else f"{low:,} or more"
        raise UsageError(f"{name}={number:,} is out of range: allowed {allowed}")
    return int(number)


def check_seed(seed: object) -> int | None:
    """A seed of the dice: None (fresh dice) or a whole number from 0 (numpy's generators take no negative seed)."""
    return None if seed is None else whole_number(seed, "seed", 0)
