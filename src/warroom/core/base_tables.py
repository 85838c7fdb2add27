"""Base-game tables that a supplement leans on but its seed does not include.

DESIGN.md "Rules as data": where a supplement needs a table from a base game that
is not in the seeds (Battlefront: WWII's fire combat chart, Flames of War's skill
tests, ...), the table is a data file the umpire can replace. warroom ships a
stand-in for each; a procedure that reads one says so in its ruling, and names the
file it read. ``warroom odds/roll --base-tables FILE`` (or ``base_tables=`` in the
API) points a ruleset at the umpire's own file, checked against the same schema.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from warroom.core.chance import Resolution
from warroom.core.errors import UsageError
from warroom.core.tables import load_table

T = TypeVar("T", bound=BaseModel)

_OVERRIDES: ContextVar[dict[str, Path]] = ContextVar("base_table_overrides", default={})  # noqa: B039
_LOADED: dict[tuple[str, Path, float], Any] = {}


@dataclass(frozen=True)
class BaseTables(Generic[T]):
    """A ruleset's replaceable base-game tables: their schema and warroom's stand-in file."""

    ruleset: str
    schema: type[T]
    stand_in: Path
    what: str

    def current(self) -> tuple[T, Path, bool]:
        """The tables in force: (tables, file, whether it is warroom's stand-in)."""
        path = _OVERRIDES.get().get(self.ruleset, self.stand_in)
        try:
            stamp = path.stat().st_mtime
        except OSError:
            raise UsageError(f"--base-tables {path}: no such file") from None
        key = (self.ruleset, path, stamp)
        if key not in _LOADED:
            _LOADED[key] = load_table(path, self.schema)
        return _LOADED[key], path, path == self.stand_in

    def read(self, r: Resolution) -> T:
        """The tables in force, with a step in the ruling saying whose they are."""
        tables, path, stand_in = self.current()
        if stand_in:
            r.step(f"uses warroom's STAND-IN for {self.what} ({path.name}); "
                   "give your own with --base-tables FILE")
        else:
            r.step(f"uses {self.what} from {path}")
        return tables


_REGISTERED: dict[str, BaseTables[Any]] = {}


def register_base_tables(ruleset: str, schema: type[T], stand_in: Path, what: str) -> BaseTables[T]:
    """Declare a ruleset's base tables; the stand-in is checked at once."""
    tables: BaseTables[T] = BaseTables(ruleset, schema, stand_in, what)
    load_table(stand_in, schema)
    _REGISTERED[ruleset] = tables
    return tables


def registered(ruleset: str) -> BaseTables[Any] | None:
    return _REGISTERED.get(ruleset)


@contextlib.contextmanager
def using_base_tables(ruleset: str, path: str | Path | None) -> Iterator[None]:
    """Within the block, ``ruleset`` reads its base tables from ``path`` (checked first)."""
    if path is None:
        yield
        return
    tables = _REGISTERED.get(ruleset)
    if tables is None:
        with_tables = ", ".join(sorted(_REGISTERED)) or "none yet"
        raise UsageError(f"--base-tables: ruleset {ruleset} has no base-game tables to replace "
                         f"(rulesets with base tables: {with_tables})")
    file = Path(path)
    if not file.is_file():
        raise UsageError(f"--base-tables {file}: no such file")
    load_table(file, tables.schema)
    token = _OVERRIDES.set({**_OVERRIDES.get(), ruleset: file})
    try:
        yield
    finally:
        _OVERRIDES.reset(token)
