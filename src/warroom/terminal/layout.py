"""The screen of one prompt laid out from its parts (the board, a few status lines, the actions) to fit the
terminal: ``width`` columns and ``height`` lines, the prompt's line included.

Where the terminal is wide enough for the board and :data:`MIN_ACTIONS_WIDTH` columns beside it, the status and
the actions stand to the right of the board; else under it. The board is asked for in the room left (a kit's
``terminal_map`` draws itself smaller where it can), the actions fill what remains and the rest of them wait for
``more``. Every line is wrapped at word boundaries to its column, so no line is wider than the terminal and no
word is broken. A part added later (a score panel, the marks of the enemy's last actions) is one more entry of
``status``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

MIN_ACTIONS_WIDTH = 44
"""The narrowest column the actions are put beside the board in."""
MIN_ACTION_LINES = 6
"""The fewest lines the actions keep when what was printed before the screen asks for room (they give up lines
below it only where the board and status leave no more)."""
GAP = 2


@dataclass
class Parts:
    """What one screen shows: ``board(width, height)`` draws the map in that room, ``actions(width)`` gives the
    action lines wrapped to that width; ``status`` and ``below`` are lines or renderables (``below`` shown only
    where the actions all fit and room is left)."""

    heading: str
    board: Callable[[int, int], RenderableType]
    actions: Callable[[int], list[Text]]
    status: Sequence[str | Text] = ()
    below: Sequence[RenderableType] = field(default_factory=list)


@dataclass
class Screenful:
    renderable: RenderableType
    shown: int
    """How many of the action lines are on the screen."""
    actions: list[Text]
    """All the action lines, as wrapped for the screen."""
    side_by_side: bool


def height_of(console: Console, renderable: RenderableType, width: int) -> int:
    return len(console.render_lines(renderable, console.options.update(width=width, height=None), pad=False))


def width_of(console: Console, renderable: RenderableType, width: int) -> int:
    return Measurement.get(console, console.options.update(width=width), renderable).maximum


def wrapped(console: Console, line: str | Text, width: int, indent: int = 0) -> list[Text]:
    """``line`` broken at word boundaries into lines of at most ``width`` columns (continuations indented)."""
    text = Text(line) if isinstance(line, str) else line
    out: list[Text] = []
    for n, part in enumerate(text.wrap(console, max(1, width - (indent if out else 0)), no_wrap=False)):
        if n == 0:
            out.append(part)
        else:
            out.append(Text(" " * indent) + part)
    return out


def pack(console: Console, head: Text, items: Sequence[Text], width: int, indent: int = 4, gap: int = 2) -> list[Text]:
    """``head`` and then ``items`` in as few lines of ``width`` as they fill, an item never broken across lines
    (one wider than a line alone is wrapped at its words); continuation lines indented."""
    lines: list[Text] = []
    line = head.copy()
    for item in items:
        if line.plain.strip() and len(line) + gap + len(item) > width:
            lines.append(line)
            line = Text(" " * indent)
        elif line.plain.strip():
            line.append(" " * gap)
        if len(line) + len(item) > width:
            lines += wrapped(console, line + item, width, indent)
            line = Text(" " * indent)
            continue
        line.append_text(item)
    if line.plain.strip():
        lines.append(line)
    return lines


def page(lines: list[Text], room: int, more_hint: Callable[[int], str]) -> tuple[list[Text], int]:
    """As many of ``lines`` as fit ``room`` lines, the last one saying how many more there are where they do not
    all fit; and how many were shown."""
    if len(lines) <= room:
        return lines, len(lines)
    shown = max(0, room - 1)
    return [*lines[:shown], Text(more_hint(len(lines) - shown), style="bold")], shown


def lay_out(console: Console, parts: Parts, width: int, height: int, reserve: int = 0,
            more_hint: Callable[[int], str] = lambda n: f"-- {n} more lines: type more --") -> Screenful:
    """The screen of ``parts`` in ``width`` x ``height`` (one line kept for the prompt, ``reserve`` lines for what
    was printed just before it where the actions can spare them)."""
    lines = max(MIN_ACTION_LINES + 2, height - 1)
    heading = wrapped(console, Text(parts.heading, style="bold"), width)
    room = lines - len(heading)
    narrow = parts.board(width - MIN_ACTIONS_WIDTH - GAP, room)
    board_width = width_of(console, narrow, width)
    if width - board_width - GAP >= MIN_ACTIONS_WIDTH:
        right = width - board_width - GAP
        status = [w for s in parts.status for w in wrapped(console, s, right, 2)]
        actions = parts.actions(right)
        free = room - len(status)
        avail = max(2, free - min(reserve, max(0, free - MIN_ACTION_LINES)))
        shown_lines, shown = page(actions, avail, more_hint)
        column: list[RenderableType] = [*status, *shown_lines]
        used = len(status) + len(shown_lines)
        if shown == len(actions):
            for extra in parts.below:
                h = height_of(console, extra, right)
                if used + h <= room - reserve:
                    column.append(extra)
                    used += h
        grid = Table.grid(padding=(0, GAP))
        grid.add_column(width=board_width, no_wrap=True)
        grid.add_column(width=right)
        grid.add_row(narrow, Group(*column))
        return Screenful(Group(*heading, grid), shown, actions, True)
    status = [w for s in parts.status for w in wrapped(console, s, width, 2)]
    actions = parts.actions(width)
    want = min(len(actions), MIN_ACTION_LINES + 2)
    board = parts.board(width, room - len(status) - want)
    board_height = height_of(console, board, width)
    free = room - board_height - len(status)
    avail = max(2, free - min(reserve, max(0, free - MIN_ACTION_LINES)))
    shown_lines, shown = page(actions, avail, more_hint)
    body: list[RenderableType] = [*heading, board, *status, *shown_lines]
    used = len(heading) + board_height + len(status) + len(shown_lines)
    if shown == len(actions):
        for extra in parts.below:
            h = height_of(console, extra, width)
            if used + h <= lines - reserve:
                body.append(extra)
                used += h
    return Screenful(Group(*body), shown, actions, False)
