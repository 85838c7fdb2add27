"""The umpire's desk: rulings and odds at the table, one command line at a time.

An umpire types a procedure and its parameters and reads the ruling with the odds
of every result; names a tracker to keep a procedure's parameters from turn to turn
(a fire burning through a village, a minefield thinned by shelling, the game
clock) and advances it; and can point a ruleset at their own base-game tables.
The prompt around it (history, completion, JSON lines for scripts) is in
:mod:`warroom.umpire.prompt`.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from warroom.core import api
from warroom.core.base_tables import load_override, using_base_tables
from warroom.core.errors import UsageError, WarroomError, suggest
from warroom.core.registry import ProcedureSpec, get_procedure, get_ruleset, procedures
from warroom.core.ruling import show_value
from warroom.present.odds import odds_of_result
from warroom.present.procedures import parse_pairs, procedure_help

MAX_LINE = 65_536
"""The longest command line the desk reads (64 Ki characters): far beyond any real command, and short enough to
answer at once (splitting a line into words takes time that grows faster than the line)."""

COMMANDS = {
    "roll": "roll PROCEDURE key=value ... [--dice 3,6,5,2]   play it once with the desk's dice (or the dice thrown at "
            "the table): the ruling, and the odds of that result",
    "odds": "odds PROCEDURE key=value ...   the exact odds of every result",
    "track": "track NAME PROCEDURE key=value ...   keep a procedure and its parameters under a name",
    "advance": "advance NAME [--dice 3,6,5,2]   roll a tracker and carry the state it leaves into its parameters",
    "set": "set NAME key=value ...   change a tracker's parameters",
    "trackers": "trackers   list the trackers and their parameters",
    "untrack": "untrack NAME   forget a tracker",
    "procedures": "procedures [RULESET]   list procedures",
    "help": "help [PROCEDURE]   this list, or a procedure's parameters",
    "base-tables": "base-tables RULESET FILE   use your own base-game tables for RULESET from now on",
    "quit": "quit   leave the desk (also exit, or Ctrl-D)",
}


@dataclass
class Tracker:
    """A procedure and its parameters, kept from turn to turn."""

    name: str
    spec: ProcedureSpec
    values: dict[str, Any]
    turns: int = 0
    history: list[str] = field(default_factory=list)

    def describe(self) -> str:
        shown = ", ".join(f"{k}={show_value(v)}" for k, v in self.values.items() if _differs(self.spec, k, v))
        return f"{self.name}: {self.spec.id} ({shown or 'defaults'}); {self.turns} turns advanced"


@dataclass(frozen=True)
class Reply:
    """What the desk says back: text for a person, data for a script."""

    text: str
    data: dict[str, Any]
    done: bool = False


class Desk:
    """The desk's state (dice, trackers, base tables) and its commands."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self._thrown: list[str] | None = None
        self.trackers: dict[str, Tracker] = {}
        self.base_tables: dict[str, Path] = {}

    # --- entry --------------------------------------------------------------------------
    def execute(self, line: str) -> Reply:
        """Run one command line; bad input comes back as a one-line error reply, never an exception.

        A line longer than :data:`MAX_LINE` characters, or holding a character that is not Unicode (a lone
        surrogate, a byte that was not UTF-8), is refused before it is read; no reply ever holds one.
        """
        if len(line) > MAX_LINE:
            return _error(f"that line is longer than {MAX_LINE:,} characters, the most a desk line holds")
        if not _is_unicode(line):
            return _error("that line holds a character that is not valid Unicode (a lone surrogate or a byte that "
                          "is not UTF-8)")
        try:
            words = shlex.split(line)
        except ValueError as exc:
            return _error(f"cannot read that line: {exc}")
        if not words:
            return Reply("", {"ok": True})
        try:
            return self._dispatch(words)
        except WarroomError as exc:
            return _error(str(exc))
        except RecursionError:
            return _error("that line is nested too deep to read")
        except Exception as exc:  # the desk outlives a fault in warroom: its trackers and dice are kept
            return _error(f"warroom could not answer that ({type(exc).__name__}: {exc}); this is a fault in "
                          f"warroom, please report it with the line")

    def _dispatch(self, words: list[str]) -> Reply:
        self._thrown = None
        words, self._thrown = _thrown_dice(words)
        head, rest = words[0], words[1:]
        if self._thrown is not None and head not in ("roll", "advance") and head not in self.trackers:
            try:
                get_procedure(head)
            except UsageError:
                raise UsageError("--dice goes with roll PROCEDURE ... or advance NAME: the faces thrown at the "
                                 "table, in order (3,6,5,2; d% as 1-100; a card as QH)") from None
        if head in ("quit", "exit"):
            return Reply("", {"ok": True, "command": "quit"}, done=True)
        if head == "help":
            return self._help(rest)
        if head == "procedures":
            specs = procedures(rest[0] if rest else None)
            text = "\n".join(f"{s.id:<40} {s.summary}" for s in specs)
            return Reply(text, {"ok": True, "procedures": [s.id for s in specs]})
        if head == "odds":
            spec, values = self._procedure(rest, "odds")
            return self._odds(spec, values)
        if head == "roll":
            if len(rest) == 1 and rest[0] in self.trackers:
                tracker = self.trackers[rest[0]]
                return self._roll(tracker.spec, tracker.values)
            spec, values = self._procedure(rest, "roll")
            return self._roll(spec, values)
        if head == "track":
            return self._track(rest)
        if head == "advance":
            return self._advance(rest)
        if head == "set":
            return self._set(rest)
        if head == "trackers":
            listed = "\n".join(t.describe() for t in self.trackers.values())
            text = listed or "no trackers yet: track NAME PROCEDURE ..."
            data = {name: {"procedure": t.spec.id, "params": _jsonable(t.values), "turns": t.turns}
                    for name, t in self.trackers.items()}
            return Reply(text, {"ok": True, "trackers": data})
        if head == "untrack":
            name = self._tracker_name(rest, "untrack")
            del self.trackers[name]
            return Reply(f"{name} forgotten", {"ok": True, "untracked": name})
        if head == "base-tables":
            return self._base_tables(rest)
        if head in self.trackers and not rest:
            tracker = self.trackers[head]
            return self._roll(tracker.spec, tracker.values)
        # A bare procedure name rolls it.
        spec, values = self._procedure(words, "roll")
        return self._roll(spec, values)

    # --- commands -----------------------------------------------------------------------
    def _help(self, rest: list[str]) -> Reply:
        if rest:
            spec = get_procedure(rest[0])
            return Reply(procedure_help(spec), {"ok": True, "procedure": spec.id,
                                                "params": [p.name for p in spec.params]})
        lines = ["Commands:"] + [f"  {text}" for text in COMMANDS.values()]
        lines.append("A procedure name alone rolls it; a tracker name alone rolls the tracker without advancing it.")
        return Reply("\n".join(lines), {"ok": True, "commands": list(COMMANDS)})

    def _procedure(self, words: list[str], verb: str) -> tuple[ProcedureSpec, dict[str, Any]]:
        if not words:
            raise UsageError(f"{verb} needs a PROCEDURE; 'procedures' lists them")
        spec = get_procedure(words[0])
        values = spec.bind(parse_pairs(spec, words[1:]))
        return spec, values

    def _odds(self, spec: ProcedureSpec, values: dict[str, Any]) -> Reply:
        with self._tables(spec):
            odds = api.odds(spec.id, values)
        return Reply(str(odds), {"ok": True, "odds": odds.to_dict()})

    def _played(self, spec: ProcedureSpec, values: dict[str, Any]) -> Any:
        """The ruling with the desk's dice, or with the dice thrown at the table given by ``--dice``."""
        thrown, self._thrown = self._thrown, None
        if thrown is not None:
            return api.roll(spec.id, values, dice=thrown)
        return api.roll(spec.id, values, rng=self.rng)

    def _roll(self, spec: ProcedureSpec, values: dict[str, Any]) -> Reply:
        with self._tables(spec):
            ruling = self._played(spec, values)
            odds = api.odds(spec.id, values)
        text = f"{ruling}\n  Odds of this result: {odds_of_result(odds, ruling)}"
        return Reply(text, {"ok": True, "ruling": ruling.to_dict(), "odds": odds.to_dict()})

    def _track(self, rest: list[str]) -> Reply:
        if len(rest) < 2:
            raise UsageError("track needs NAME PROCEDURE [key=value ...], e.g. track clock company-fire/clock-roll")
        name = rest[0]
        if name in COMMANDS or not name.replace("-", "").replace("_", "").isalnum():
            raise UsageError(f"'{name}' cannot name a tracker: use letters, digits, - or _, and not a command name")
        spec, values = self._procedure(rest[1:], "track")
        self.trackers[name] = Tracker(name, spec, values)
        with self._tables(spec):
            odds = api.odds(spec.id, values)
        return Reply(f"tracking {self.trackers[name].describe()}\n{odds}",
                     {"ok": True, "tracker": name, "params": _jsonable(values), "odds": odds.to_dict()})

    def _tracker_name(self, rest: list[str], verb: str) -> str:
        if not rest:
            raise UsageError(f"{verb} needs a tracker NAME; 'trackers' lists them")
        name = rest[0]
        if name not in self.trackers:
            known = ", ".join(self.trackers) or "none yet"
            raise UsageError(f"no tracker '{name}'{suggest(name, self.trackers)}; trackers: {known}")
        return name

    def _advance(self, rest: list[str]) -> Reply:
        tracker = self.trackers[self._tracker_name(rest, "advance")]
        with self._tables(tracker.spec):
            ruling = self._played(tracker.spec, tracker.values)  # a bad throw changes nothing: raised before
        tracker.turns += 1
        tracker.history.append(ruling.result)
        finished = True
        try:
            tracker.values = tracker.spec.bind({**tracker.values, **ruling.after})
            finished = False
        except UsageError as exc:
            tracker.values = tracker.spec.bind({**tracker.values, **ruling.after}, check=False)
            note = f"  {tracker.name} is finished: {exc}"
        text = f"{tracker.name}, turn {tracker.turns}:\n{ruling}"
        if not ruling.after:
            text += "\n  (nothing carried to the next turn: the parameters stay as they were)"
        if finished:
            text += "\n" + note
        return Reply(text, {"ok": True, "tracker": tracker.name, "turn": tracker.turns, "ruling": ruling.to_dict(),
                            "params": _jsonable(tracker.values), "finished": finished})

    def _set(self, rest: list[str]) -> Reply:
        tracker = self.trackers[self._tracker_name(rest, "set")]
        tracker.values = tracker.spec.bind({**tracker.values, **parse_pairs(tracker.spec, rest[1:])})
        return Reply(tracker.describe(), {"ok": True, "tracker": tracker.name, "params": _jsonable(tracker.values)})

    def _base_tables(self, rest: list[str]) -> Reply:
        if len(rest) != 2:
            raise UsageError("base-tables needs RULESET FILE, e.g. base-tables bfwwii-house my-tables.toml")
        ruleset, path = rest[0], Path(rest[1]).expanduser()
        get_ruleset(ruleset)
        loaded = load_override(ruleset, path)
        self.base_tables[ruleset] = path
        return Reply(f"{ruleset} now reads {', '.join(sorted(loaded))} from {path}",
                     {"ok": True, "ruleset": ruleset, "tables": sorted(loaded), "file": str(path)})

    def _tables(self, spec: ProcedureSpec) -> Any:
        return using_base_tables(spec.ruleset, self.base_tables.get(spec.ruleset))

    # --- completion ---------------------------------------------------------------------
    def completions(self, text_before_cursor: str) -> list[str]:
        """What may come next: commands, procedures, trackers, parameter names and values."""
        words = text_before_cursor.split()
        starting_new = text_before_cursor.endswith(" ") or not words
        current = "" if starting_new else words[-1]
        done = words if starting_new else words[:-1]
        ids = [s.id for s in procedures()]
        names = [s.name for s in procedures()]
        if not done:
            pool = [*COMMANDS, *self.trackers, *ids, *names]
            return sorted({w for w in pool if w.startswith(current)})
        head = done[0]
        if head in ("advance", "set", "untrack") and len(done) == 1:
            return sorted(n for n in self.trackers if n.startswith(current))
        if head in ("help", "odds", "roll") and len(done) == 1:
            return sorted({w for w in [*ids, *names, *(self.trackers if head == "roll" else [])]
                           if w.startswith(current)})
        if head == "track" and len(done) == 2:
            return sorted({w for w in [*ids, *names] if w.startswith(current)})
        spec = self._spec_in(done)
        if spec is None:
            return []
        key, eq, value = current.partition("=")
        if eq:
            param = next((p for p in spec.params if p.name == key), None)
            if param is None:
                return []
            options = list(param.choices) if param.kind in ("choice", "choices") else (
                ["true", "false"] if param.kind == "bool" else [])
            return [f"{key}={o}" for o in options if o.startswith(value)]
        given = {w.partition("=")[0] for w in done}
        return [f"{p.name}=" for p in spec.params if p.name.startswith(current) and p.name not in given]

    def _spec_in(self, done: list[str]) -> ProcedureSpec | None:
        candidates = done[2:3] if done[0] == "track" else done[1:2] if done[0] in ("odds", "roll", "help") else \
            done[1:2] if done[0] == "set" else done[:1]
        for word in candidates:
            if word in self.trackers:
                return self.trackers[word].spec
            try:
                return get_procedure(word)
            except UsageError:
                return None
        return None


def _differs(spec: ProcedureSpec, name: str, value: Any) -> bool:
    param = spec.param(name)
    return param.required or value != param.default


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _thrown_dice(words: list[str]) -> tuple[list[str], list[str] | None]:
    """The words of a command line without ``--dice FACES``, and the faces (``3,6,5,2``: the dice thrown at the
    table, in the order thrown), or None when it gives none."""
    if "--dice" not in words:
        return words, None
    at = words.index("--dice")
    faces = [w for w in " ".join(words[at + 1:at + 2]).replace(",", " ").split() if w]
    if not faces or faces == ["ask"]:
        raise UsageError("--dice needs the faces thrown at the table, in order, after it: --dice 3,6,5,2 (d% as "
                         "1-100; a card as QH)")
    rest = words[:at] + words[at + 2:]
    if "--dice" in rest:
        raise UsageError("--dice is given twice: give every face thrown after one --dice, in order")
    if not rest:
        raise UsageError("--dice goes with roll PROCEDURE ... or advance NAME")
    return rest, faces


def _error(message: str) -> Reply:
    return Reply(f"error: {message}", {"ok": False, "error": message})
