"""Base-game tables that a supplement leans on but its seed does not include.

docs/architecture.md "Rules as data": where a supplement needs a table from a base game that
is not in the seeds (Battlefront: WWII's fire combat chart, Flames of War's skill
tests, ...), the table is data the umpire can replace. Each such table is a named
set registered by its ruleset with a schema and warroom's stand-in file. A
procedure reading one says so in its ruling and names the file.

``warroom odds/roll --base-tables FILE`` (``base_tables=`` in the API) points a
ruleset at the umpire's own TOML file. Its top-level tables are named after the
sets (``[fire_combat]``, ``[spotting]`` ...); the sets it has replace the stand-ins,
each checked against the same schema, and the sets it lacks stay stand-ins.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from warroom.core.chance import Resolution
from warroom.core.errors import TableError, UsageError
from warroom.core.tables import load_table, read_toml

T = TypeVar("T", bound=BaseModel)

# ruleset -> set name -> (tables, file they came from)
_OVERRIDES: ContextVar[dict[str, dict[str, tuple[Any, Path]]]] = ContextVar("base_table_overrides", default={})  # noqa: B039


@dataclass(frozen=True)
class BaseTable(Generic[T]):
    """One replaceable base-game table of a ruleset: its name, schema and warroom's stand-in."""

    ruleset: str
    name: str
    schema: type[T]
    stand_in: Path
    what: str

    def current(self) -> tuple[T, Path, bool]:
        """The table in force: (table, file, whether it is warroom's stand-in)."""
        override = _OVERRIDES.get().get(self.ruleset, {}).get(self.name)
        if override is not None:
            tables: T = override[0]
            return tables, override[1], False
        return _stand_in(self), self.stand_in, True

    def read(self, r: Resolution) -> T:
        """The table in force, with a step in the ruling saying whose it is."""
        tables, path, stand_in = self.current()
        seen = _READ.get()
        if seen is not None and stand_in:
            seen.add(f"{self.name} ({self.what})")
        if stand_in:
            r.step(f"uses warroom's STAND-IN for {self.what} ([{self.name}] in {path.name}); "
                   "give your own with --base-tables FILE")
        else:
            r.step(f"uses {self.what} from [{self.name}] in {path}")
        return tables


_STAND_INS: dict[tuple[str, str], Any] = {}
_READ: ContextVar[set[str] | None] = ContextVar("base_tables_read", default=None)


@contextlib.contextmanager
def recording_stand_ins() -> Iterator[set[str]]:
    """Within the block, collect the stand-in base tables that procedures read."""
    seen: set[str] = set()
    token = _READ.set(seen)
    try:
        yield seen
    finally:
        _READ.reset(token)


def _stand_in(table: BaseTable[T]) -> T:
    key = (table.ruleset, table.name)
    if key not in _STAND_INS:
        _STAND_INS[key] = load_table(table.stand_in, table.schema)
    loaded: T = _STAND_INS[key]
    return loaded


_REGISTERED: dict[str, dict[str, BaseTable[Any]]] = {}


def register_base_table(ruleset: str, name: str, schema: type[T], stand_in: Path, what: str) -> BaseTable[T]:
    """Declare one of a ruleset's base-game tables; the stand-in file is checked at once."""
    table: BaseTable[T] = BaseTable(ruleset, name, schema, stand_in, what)
    sets = _REGISTERED.setdefault(ruleset, {})
    if name in sets:
        raise ValueError(f"base table {ruleset}/{name} registered twice")
    _stand_in(table)
    sets[name] = table
    return table


def base_tables_of(ruleset: str) -> dict[str, BaseTable[Any]]:
    """The named base-game tables a ruleset reads."""
    return dict(_REGISTERED.get(ruleset, {}))


def tables_in_force(ruleset: str) -> tuple[tuple[str, str], ...]:
    """Which of a ruleset's base tables are replaced, and from which file: part of any cache key."""
    replaced = _OVERRIDES.get().get(ruleset)
    if not replaced:  # the usual case, asked on every roll
        return ()
    return tuple(sorted((name, str(path)) for name, (_, path) in replaced.items()))


def load_override(ruleset: str, path: Path) -> dict[str, tuple[Any, Path]]:
    """Read the umpire's file: every top-level table must be one of the ruleset's sets."""
    sets = _REGISTERED.get(ruleset)
    if not sets:
        with_tables = ", ".join(sorted(_REGISTERED)) or "none yet"
        raise UsageError(f"--base-tables: ruleset {ruleset} has no base-game tables to replace "
                         f"(rulesets with base tables: {with_tables})")
    if not path.is_file():
        raise UsageError(f"--base-tables {path}: no such file")
    raw = read_toml(path, TableError, "the base-tables file")
    out: dict[str, tuple[Any, Path]] = {}
    for name, body in raw.items():
        if name not in sets:
            raise TableError(f"{path}: table [{name}] is not a base table of {ruleset}; "
                             f"its base tables are: {', '.join(sorted(sets))}")
        try:
            out[name] = (sets[name].schema.model_validate(body), path)
        except ValidationError as exc:
            first = exc.errors()[0]
            key = ".".join(str(part) for part in first["loc"]) or "(the table itself)"
            raise TableError(f"{path}: table [{name}], key {key}: {first['msg']}") from None
    if not out:
        raise TableError(f"{path}: holds no tables; give one or more of: {', '.join(sorted(sets))}")
    return out


@contextlib.contextmanager
def using_base_tables(ruleset: str, path: str | Path | None) -> Iterator[None]:
    """Within the block, ``ruleset`` reads the base tables that ``path`` holds (checked first)."""
    if path is None:
        yield
        return
    loaded = load_override(ruleset, Path(path))
    current = _OVERRIDES.get()
    token = _OVERRIDES.set({**current, ruleset: {**current.get(ruleset, {}), **loaded}})
    try:
        yield
    finally:
        _OVERRIDES.reset(token)
