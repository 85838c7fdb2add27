"""Files warroom writes and reads, whole or not at all.

A record, a chart, a map or a report is written to a temporary file in the target's own folder,
flushed to the disk (fsync) and renamed over the target (``os.replace``), so a crash, a full disk or
a read-only folder never leaves a broken, partial or empty file behind, and an older file at the path
stays as it was. Any failure removes the temporary file and raises one :class:`UsageError` naming the
path and the reason.

Reading: :func:`read_text` gives a file's text only if it is UTF-8 (UTF-16 or stray bytes are one clear
error; a UTF-8 byte-order mark is dropped) and no larger than a limit, so a binary or a 50 MB file is
refused before it is parsed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from warroom.core.errors import UsageError, WarroomError

MAX_INPUT_BYTES = 4_000_000
"""The largest scenario, base-tables or record file warroom reads (4 MB; the shipped ones are under 40 KB)."""


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return "no space left on the device"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "permission denied"
        if exc.errno == errno.EROFS:
            return "the file system is read-only"
        if exc.errno == errno.EISDIR:
            return "it is a folder"
        return exc.strerror or str(exc)
    return str(exc) or type(exc).__name__


def target(path: str | os.PathLike[str], what: str = "file") -> Path:
    """``path`` checked as a place to write ``what``: not empty, not a folder, in a folder that exists."""
    text = os.fspath(path)
    if not text.strip() or text == ".":  # click reads an empty path as "."
        raise UsageError(f"cannot save the {what} to an empty path; give a file name such as game.json")
    if "\0" in text:
        raise UsageError(f"cannot save to {text!r}: a path may not hold a NUL character")
    out = Path(text)
    if text.endswith(("/", os.sep)) or out.is_dir():
        raise UsageError(f"cannot save to {out}: it is a folder; give a file name inside it")
    if out.is_symlink():  # write the file the link points to, and keep the link
        out = out.resolve()
    if out.exists() and not out.is_file():
        raise UsageError(f"cannot save to {text}: it is not a regular file (a device, a pipe or a "
                         f"socket); give a file name")
    folder = out.parent
    if not folder.is_dir():
        raise UsageError(f"cannot save to {out}: the folder {folder} does not exist")
    return out


@contextlib.contextmanager
def writing(path: str | os.PathLike[str], what: str = "file") -> Iterator[Path]:
    """Within the block, write the file's content to the path yielded; on leaving, it replaces ``path``.

    The yielded path is a temporary file in the same folder with the target's suffix (matplotlib chooses a
    format by it). If the block or the replacement fails, the temporary file is removed, ``path`` is left as
    it was, and one :class:`UsageError` names the path and the reason (an error the block raises that is
    already a warroom error passes through unchanged).
    """
    out = target(path, what)
    try:
        handle, name = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=f".tmp{out.suffix}")
    except OSError as exc:
        raise UsageError(f"cannot save to {out}: {_reason(exc)}") from None
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        if temporary.stat().st_size == 0:
            raise OSError(errno.EIO, "nothing was written")
        with temporary.open("rb+") as flushed:
            os.fsync(flushed.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # as an ordinary new file, not the temporary file's 0600
        os.replace(temporary, out)
    except WarroomError:
        temporary.unlink(missing_ok=True)
        raise
    except (OSError, ValueError, AttributeError, RuntimeError) as exc:
        # matplotlib's PDF writer reports a full disk as an AttributeError of its stream
        temporary.unlink(missing_ok=True)
        raise UsageError(f"cannot save to {out}: {_reason(exc)}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


SQLITE_SIDE_FILES = ("-journal", "-wal", "-shm")
"""The files SQLite keeps beside a database while it writes it."""


@contextlib.contextmanager
def database_made_whole(path: Path, close: Callable[[], object]) -> Iterator[None]:
    """Opening (and perhaps creating) the SQLite database at ``path`` in this block: when the block fails and the
    file was not there before it, ``close`` is called and the file is removed again with SQLite's side files, so a
    full disk, a read-only folder or a bad first write never leaves a 0-byte or half-made database behind. A
    file that was there before is never removed."""
    existed = path.exists()
    try:
        yield
    except BaseException:
        if not existed:
            with contextlib.suppress(Exception):
                close()
            for suffix in ("", *SQLITE_SIDE_FILES):
                with contextlib.suppress(OSError):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
        raise


def write_text(path: str | os.PathLike[str], text: str, what: str = "file") -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all; see :func:`writing`."""
    with writing(path, what) as temporary:
        temporary.write_text(text, encoding="utf-8")
    return Path(path)


def write_with(path: str | os.PathLike[str], draw: Callable[[Path], object], what: str = "file") -> Path:
    """Call ``draw(temporary)`` to write the content, then put it at ``path`` whole; see :func:`writing`."""
    with writing(path, what) as temporary:
        draw(temporary)
    return Path(path)


def read_text(path: str | os.PathLike[str], what: str = "the file", limit: int = MAX_INPUT_BYTES,
              error: type[WarroomError] = UsageError) -> str:
    """The UTF-8 text of ``path`` (a leading byte-order mark is dropped); one ``error`` naming the file if it
    cannot be read, is larger than ``limit`` bytes, or is not UTF-8."""
    where = Path(path)
    try:
        with where.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {what} {where}: {_reason(exc)}") from None
    return decode_text(data, str(where), what, limit, error)


def decode_text(data: bytes, where: str, what: str = "the file", limit: int = MAX_INPUT_BYTES,
                error: type[WarroomError] = UsageError) -> str:
    """``data`` (the bytes of a file or an upload) as UTF-8 text, a leading byte-order mark dropped; one
    ``error`` naming ``where`` if it is larger than ``limit`` bytes or is not UTF-8."""
    if len(data) > limit:
        raise error(f"{where}: {what} is larger than {limit:,} bytes, the most warroom reads")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error(f"{where}: {what} is UTF-16; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{where}: {what} is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}); "
                    f"save it as UTF-8") from None
