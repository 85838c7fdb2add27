"""The players, by name: ``warroom ai list``, ``warroom.ai.player("heuristic", aggression=0.7)``.

A player is made by a factory registered under a name with a one-line summary; its options are the
factory's keyword arguments, typed by their defaults. A spec names a player and its options in one
string, as the command line takes it: ``search:think=2.0``, ``heuristic:aggression=0.7,slips=0.1``.
The strengths a person picks (``easy``, ``normal``, ``hard``) are specs too. A player published as a
package of its own plugs in through the ``warroom.players`` entry-point group: the entry point names a
factory, registered under the entry point's name.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

import numpy as np

from warroom.ai.view import View
from warroom.core.errors import UsageError, suggest

ENTRY_POINTS = "warroom.players"


@runtime_checkable
class Player(Protocol):
    """Chooses one of the view's legal actions; ``rng`` is the only source of its randomness, so the same view
    and generator state give the same choice."""

    name: str

    def choose(self, view: View, rng: np.random.Generator) -> Hashable: ...


def plays(p: Player, ruleset: str) -> bool:
    """Whether player ``p`` plays ``ruleset``: a player may name the games it plays in ``games``; one that
    does not plays every game."""
    games = getattr(p, "games", None)
    return games is None or ruleset in games


@dataclass(frozen=True)
class PlayerEntry:
    name: str
    summary: str
    factory: Callable[..., Player]

    def options(self) -> dict[str, Any]:
        """The factory's options and their defaults."""
        return {p.name: p.default for p in inspect.signature(self.factory).parameters.values()
                if p.kind is p.KEYWORD_ONLY or p.kind is p.POSITIONAL_OR_KEYWORD}


_PLAYERS: dict[str, PlayerEntry] = {}

STRENGTHS: dict[str, tuple[str, str]] = {
    "easy": ("heuristic:slips=0.35", "the heuristic, with deliberate slips"),
    "normal": ("heuristic", "the heuristic"),
    "hard": ("search:think=1.0", "search ahead over the odds, a CPU second a decision (so far no"
                                  " stronger than normal, and slower)"),
}
"""The strengths a person picks in the terminal and the browser, each a player spec. ``hard`` says what the
ladder has measured of it (docs/ladder.md, benchmarks/search.py): a player choosing it is told it has not yet
been measured stronger than ``normal``, and is slower."""


YARDSTICKS: dict[str, str] = {"normal-v1": "heuristic-v1"}
"""Names of the frozen yardsticks a strength is measured against (``normal-v1``: ``normal`` as it stood in
December 2026), read as their player's spec like a strength, but not offered to a person as one."""


def register_player(name: str, summary: str, factory: Callable[..., Player]) -> None:
    """Declare a player: ``factory(**options)`` makes one."""
    _PLAYERS[name] = PlayerEntry(name, summary, factory)


@functools.cache
def _load() -> None:
    """Warroom's own players, and any declared in the entry-point group."""
    from warroom.ai.players import BUILT_IN

    for name, summary, factory in BUILT_IN:
        register_player(name, summary, factory)

    for entry in sorted(entry_points(group=ENTRY_POINTS), key=lambda e: e.name):
        try:
            factory = entry.load()
        except ImportError as exc:
            raise UsageError(f"player '{entry.name}' ({entry.value}) cannot be imported: {exc}") from exc
        doc = (inspect.getdoc(factory) or "a player from a package of its own").splitlines()[0]
        register_player(entry.name, doc, factory)


def available() -> list[PlayerEntry]:
    """Every registered player, by name."""
    _load()
    return [_PLAYERS[k] for k in sorted(_PLAYERS)]


def _value(text: str, default: Any, option: str, name: str) -> Any:
    kind = type(default) if default is not None else str
    try:
        if kind is bool:
            if text.lower() in ("true", "yes", "1", "on"):
                return True
            if text.lower() in ("false", "no", "0", "off"):
                return False
            raise ValueError
        return kind(text)
    except ValueError:
        raise UsageError(f"{name}: option {option}={text!r} is not a {kind.__name__}") from None


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"search:think=2.0"`` -> ``("search", {"think": "2.0"})``; a strength name is read as its spec."""
    spec = spec.strip()
    if spec in STRENGTHS:
        spec = STRENGTHS[spec][0]
    spec = YARDSTICKS.get(spec, spec)
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"player spec {spec!r}: '{part}' is not option=value (e.g. search:think=2.0)")
        options[key.strip()] = value.strip()
    return name.strip(), options


def player(spec: str, **options: Any) -> Player:
    """A player by name or spec, with ``options`` (given here, they override the spec's): one clear error for
    an unknown player, an unknown option or a value of the wrong type."""
    _load()
    name, given = parse_spec(spec)
    if name not in _PLAYERS:
        known = sorted(_PLAYERS) + sorted(STRENGTHS)
        raise UsageError(f"unknown player '{name}'{suggest(name, known)}; players: {', '.join(sorted(_PLAYERS))}; "
                         f"strengths: {', '.join(STRENGTHS)}")
    entry = _PLAYERS[name]
    allowed = entry.options()
    typed: dict[str, Any] = {}
    for key, value in {**given, **options}.items():
        if key not in allowed:
            listing = ", ".join(f"{k}={v!r}" for k, v in allowed.items()) or "none"
            raise UsageError(f"player '{name}' has no option '{key}'{suggest(key, allowed)}; its options: {listing}")
        typed[key] = _value(value, allowed[key], key, name) if isinstance(value, str) else value
    try:
        return entry.factory(**typed)
    except ValueError as exc:
        raise UsageError(f"player '{name}': {exc}") from exc
