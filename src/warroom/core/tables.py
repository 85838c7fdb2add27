"""Rules as data: TOML tables checked against a pydantic schema and frozen.

docs/architecture.md "Rules as data". A table file that does not parse or does not match its
schema raises :class:`TableError` naming the file, the table and the key.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from warroom.core.errors import TableError, WarroomError
from warroom.core.files import read_text


class Table(BaseModel):
    """Base of every rules table: frozen after loading, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


T = TypeVar("T", bound=BaseModel)


def read_toml(path: Path, error: type[WarroomError], what: str) -> dict[str, Any]:
    """The TOML file at ``path`` as data; a file that cannot be read or is not TOML raises ``error`` with one
    line naming the file and ``what`` it was to be ("the scenario", "rules table"): also a file that is not UTF-8
    or is larger than :data:`warroom.core.files.MAX_INPUT_BYTES`."""
    text = read_text(path, what, error=error)
    return parse_toml(text, path, error)


def parse_toml(text: str, path: Path | str, error: type[WarroomError]) -> dict[str, Any]:
    """``text`` read as TOML; a syntax error or nesting too deep for Python raises ``error`` naming ``path``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise error(f"{path}: not valid TOML here: arrays or tables are nested too deep") from None


def load_table(path: Path, schema: type[T]) -> T:
    """Load ``path`` and check it against ``schema``."""
    raw = read_toml(path, TableError, "the rules table")
    try:
        return schema.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(part) for part in first["loc"]]
        table = loc[0] if loc else "(top level)"
        key = ".".join(loc[1:]) if len(loc) > 1 else "(the table itself)"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise TableError(f"{path}: table [{table}], key {key}: {first['msg']}{more}") from None
