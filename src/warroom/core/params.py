"""Typed procedure parameters: name, type, allowed values, default, help.

A parameter reads a value given as text (``key=value`` on the command line) or as
a Python value (the API), and refuses anything else with one line that says what
is allowed.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Literal

from warroom.core.chance import parse_card
from warroom.core.errors import UsageError, suggest

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
"""A whole number as the command line writes one: ASCII digits, an optional sign."""

Kind = Literal["int", "bool", "choice", "choices", "cards"]

_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off"}


_SPELLING: dict[str, str] = {}
"""Each way a card has been written, to its standard spelling (a few hundred at most)."""


def _spelled(token: str) -> str:
    if not token.strip():
        return ""
    text = str(parse_card(token))
    if len(_SPELLING) < 4096:
        _SPELLING[token] = text
    return text


@functools.lru_cache(maxsize=1024)
def _cards_text(text: str) -> str:
    """Comma-separated cards in their standard spelling (``as, 10h`` → ``AS,10H``); raises ``ValueError``."""
    spelling = _SPELLING
    return ",".join([t for t in (spelling[v] if v in spelling else _spelled(v) for v in text.split(",")) if t])


class _Required:
    def __repr__(self) -> str:
        return "required"


REQUIRED: Any = _Required()


@dataclass(frozen=True)
class Param:
    """One parameter of a procedure."""

    name: str
    kind: Kind
    help: str
    default: Any = REQUIRED
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    min_items: int = 1
    max_items: int | None = None
    why: str = ""
    """For a number: why the range stops where it does, said when a value outside it is refused."""
    label: str = ""
    """The field's name as a form shows it, in the seed's words (:meth:`title`); ``""``: read from :attr:`help`."""

    def title(self) -> str:
        """The parameter as a person names it on a form: its :attr:`label`, else the words of its :attr:`help` up to
        the first aside (``"a good-order enemy unit has LOS to the unit"`` reads ``A good-order enemy unit has LOS
        to the unit``; ``"the kind of unit (TM-3: ...)"`` reads ``The kind of unit``), never the parameter's name,
        which is for the command line."""
        text = self.label or self.help
        for stop in (" (", ": ", "; "):
            text = text.split(stop)[0]
        text = text.strip() or self.name.replace("_", " ")
        return text[:1].upper() + text[1:]

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def allowed(self) -> str:
        """What values are allowed, in words."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            if self.minimum is not None and self.maximum is not None:
                return f"a whole number from {self.minimum} to {self.maximum}"
            if self.minimum is not None:
                return f"a whole number of at least {self.minimum}"
            return "a whole number"
        if self.kind == "cards":
            return "a comma-separated list of playing cards such as AS,10H,QD,Joker1 (or nothing)"
        names = ", ".join(self.choices)
        if self.kind == "choice":
            return f"one of {names}"
        most = f"{self.max_items}" if self.max_items is not None else "any number of"
        return f"a comma-separated list of {self.min_items} to {most} of {names}"

    def default_text(self) -> str:
        if self.required:
            return "required"
        if isinstance(self.default, bool):
            return str(self.default).lower()
        if isinstance(self.default, tuple):
            return ",".join(self.default)
        return str(self.default)

    def read(self, value: Any, bounded: bool = True) -> Any:
        """Check a value (text or Python) and return it in its proper type.

        ``bounded=False`` takes a whole number outside the range: a state a procedure leaves
        behind (a clock past the end, a fort worn down to rubble) that is no valid start.
        """
        if (self.kind == "int" and type(value) is int  # the common case of the API, checked without text
                and (not bounded or ((self.minimum is None or value >= self.minimum)
                                     and (self.maximum is None or value <= self.maximum)))):
            return value
        if self.kind == "cards" and isinstance(value, str):
            try:
                return _cards_text(value)
            except ValueError as exc:
                raise UsageError(f"{self.name}: {exc}") from None
        bad = f"{self.name}={value!s} is not allowed: {self.name} is {self.allowed()}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise UsageError(bad)
        if self.kind == "int":
            if isinstance(value, bool):
                raise UsageError(bad)
            text = str(value).strip()
            if not _WHOLE_NUMBER.fullmatch(text):  # Python's int() also reads "1_0" and other scripts' digits
                raise UsageError(bad)
            try:
                number = int(text)
            except ValueError:  # more digits than Python reads
                raise UsageError(bad) from None
            if bounded and ((self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            )):
                raise UsageError(bad + (f": {self.why}" if self.why else ""))
            return number
        if self.kind == "choice":
            text = str(value).strip().lower().replace("-", "_")
            if text not in self.choices:
                raise UsageError(bad + suggest(text, self.choices))
            return text
        if self.kind == "cards":
            cards = value if isinstance(value, (list, tuple)) else [str(value)]
            try:
                return ",".join(t for t in (_cards_text(str(item)) for item in cards) if t)
            except ValueError as exc:
                raise UsageError(f"{self.name}: {exc}") from None
        items = value if isinstance(value, (list, tuple)) else [v for v in str(value).split(",") if v.strip()]
        out = []
        for item in items:
            text = str(item).strip().lower().replace("-", "_")
            if text not in self.choices:
                raise UsageError(f"{self.name}: '{item}' is not allowed: each item is one of "
                                 f"{', '.join(self.choices)}" + suggest(text, self.choices))
            out.append(text)
        if len(out) < self.min_items or (self.max_items is not None and len(out) > self.max_items):
            raise UsageError(bad)
        return tuple(out)
