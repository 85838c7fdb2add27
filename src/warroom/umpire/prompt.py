"""The umpire's desk at a prompt: tab completion and history for a person, JSON lines for a script.

``warroom umpire`` runs :func:`run_interactive`; ``warroom umpire --json`` runs :func:`run_json_lines`,
reading one command per line and answering one JSON object per line.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from warroom.umpire.desk import MAX_LINE, Desk


class DeskCompleter(Completer):
    """Tab completion for the interactive prompt."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        current = "" if text.endswith(" ") or not text else text.split()[-1]
        for option in self.desk.completions(text):
            yield Completion(option, start_position=-len(current))


def bounded_lines(stream: TextIO) -> Iterator[str]:
    """The lines of ``stream``, each cut after :data:`MAX_LINE` + 1 characters (the rest of a longer line is read
    and dropped), so one enormous line costs no memory and is refused by its length."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = stream.readline(MAX_LINE)
        yield line


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once (a key given twice is refused, as on a command line)."""
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f'"{key}" is given twice')
        seen[key] = value
    return seen


def _json_command(line: str) -> str:
    """A JSON line is either a string command or {"command": ..., "procedure": ..., "params": {...}}."""
    data = json.loads(line, object_pairs_hook=_no_duplicates)
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or "command" not in data:
        raise ValueError('a JSON line is a command string or an object with "command"')
    words = [str(data["command"])]
    for key in ("name", "procedure", "ruleset", "file"):
        if key in data:
            words.append(str(data[key]))
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ValueError('"params" must be an object of key: value')
    for key, value in params.items():
        shown = ",".join(map(str, value)) if isinstance(value, list) else str(value).lower() \
            if isinstance(value, bool) else str(value)
        words.append(f"{key}={shown}")
    return shlex.join(words)


def run_json_lines(desk: Desk, lines: Iterable[str]) -> Iterator[str]:
    """Answer each input line with one JSON object."""
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            reply = desk.execute(line)  # refused by its length
        else:
            try:
                command = _json_command(line) if line.startswith(("{", '"')) else line
            except (ValueError, json.JSONDecodeError) as exc:
                yield json.dumps({"ok": False, "error": f"cannot read that line: {exc}"})
                continue
            except RecursionError:
                yield json.dumps({"ok": False, "error": "cannot read that line: its JSON is nested too deep"})
                continue
            reply = desk.execute(command)
        yield json.dumps(reply.data, ensure_ascii=False, default=str)
        if reply.done:
            return


def run_interactive(desk: Desk, history: Path | None) -> None:
    """The prompt: history, tab completion, one ruling per command."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    session: PromptSession[str] = PromptSession(
        history=FileHistory(str(history)) if history is not None else InMemoryHistory(),
        completer=DeskCompleter(desk),
        complete_while_typing=False,
    )
    print("warroom umpire's desk. 'help' lists commands, Tab completes, Ctrl-D leaves.")
    while True:
        try:
            line = session.prompt("umpire> ")
        except (EOFError, KeyboardInterrupt):
            return
        reply = desk.execute(line)
        if reply.text:
            print(reply.text)
        if reply.done:
            return
