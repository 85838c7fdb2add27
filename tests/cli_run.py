"""The ``warroom`` command run in the test's own process, and the one line a bad input must get.

Shared by the command-line tests (``from cli_run import run, one_error``)."""

from __future__ import annotations

import sys

import pytest

from warroom.cli import main


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """``warroom ARGS...``: its exit status, standard output and standard error."""
    monkeypatch.setattr(sys, "argv", ["warroom", *args])
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    """The single line a bad input gets, checked to be one ``warroom: error:`` line with no traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warroom: error: "), err
    assert "Traceback" not in err
    return lines[0]
