"""What the hostile-input tests share: the ``warroom`` command run in-process as its entry point runs it, and
the checks every refused case must pass (exit status 2, one line ``warroom: error: ...``, no traceback, no
file changed or left behind)."""

from __future__ import annotations

import atexit
import json
import os
import sys
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from warroom.cli import app

CORPUS: Counter[str] = Counter()
"""Cases run, by category; with WARROOM_HOSTILE_COUNTS=FILE set, written to FILE as JSON at the end of the run."""


def _write_counts() -> None:
    out = os.environ.get("WARROOM_HOSTILE_COUNTS")
    if out and CORPUS:
        Path(out).write_text(json.dumps(dict(sorted(CORPUS.items())), indent=1) + "\n")


atexit.register(_write_counts)


@dataclass(frozen=True)
class Outcome:
    args: tuple[str, ...]
    code: int | str
    out: str
    err: str

    def __str__(self) -> str:
        shown = " ".join(self.args)
        return f"warroom {shown!r:.300} -> {self.code}\nstdout: {self.out[-600:]}\nstderr: {self.err[-1500:]}"


def run(args: list[str] | tuple[str, ...], stdin: str | bytes | None = None, category: str | None = None) -> Outcome:
    """``warroom ARGS`` in this process, through :func:`warroom.cli.app.main` (its error handling included)."""
    if category:
        CORPUS[category] += 1
    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _):
        saved = sys.argv
        sys.argv = ["warroom", *args]
        code: int | str = 0
        try:
            app.main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # what a user would see as a traceback
            code = "traceback"
            sys.stderr.write(traceback.format_exc())
        finally:
            sys.argv = saved
        sys.stdout.flush()
        sys.stderr.flush()
        return Outcome(tuple(args), code, out.getvalue().decode("utf-8", "replace"),
                       err.getvalue().decode("utf-8", "replace"))


def refused(outcome: Outcome) -> None:
    """Exit status 2 and exactly one line on stderr, starting ``warroom: error:``; no traceback."""
    lines = outcome.err.splitlines()
    assert outcome.code == 2, outcome
    assert len(lines) == 1 and lines[0].startswith("warroom: error: "), outcome
    assert "Traceback" not in outcome.out + outcome.err, outcome


def refused_or_ok(outcome: Outcome) -> None:
    """Either it worked (exit 0) or it is refused cleanly (:func:`refused`)."""
    if outcome.code == 0:
        assert "Traceback" not in outcome.err, outcome
    else:
        refused(outcome)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
