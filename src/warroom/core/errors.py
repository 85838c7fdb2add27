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
    close = difflib.get_close_matches(word, list(allowed), n=3, cutoff=0.6)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)"
