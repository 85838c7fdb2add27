"""A whole game as ``warroom playout`` and ``warroom replay`` tell it: whose view (``--as``), the narration as a
player reads it, the board in text after each card or phase (``--board``) and pictures of it (``--png-every``,
``--png``).

A side sees only its own observation and narration (docs/architecture.md "Fog of war is a rule"): its own
actions are told with their text, the enemy's only as the side read them. The umpire sees everything.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from warroom.core.errors import UsageError, suggest
from warroom.core.game import Game, GameState
from warroom.core.kit import kit_of
from warroom.present.odds import action_odds_lines

UMPIRE = "umpire"
ROLES = ("attacker", "defender")


def viewer_of(game: Game, viewer: str) -> str | None:
    """The side ``--as`` names (``None`` for the umpire): one of the game's sides by its own name (``german``,
    ``soviet``; ``attacker``, ``defender`` in Company Fire, whose scenarios define them); one clear error
    listing the names allowed otherwise."""
    name = viewer.strip().lower()
    if name == UMPIRE:
        return None
    if name in game.sides:
        return name
    allowed = [UMPIRE, *game.sides]
    raise UsageError(f"--as {viewer}: not a side of {title_of(game)}; --as is one of {', '.join(allowed)}"
                     f"{suggest(name, allowed)}")


def title_of(game: Game) -> str:
    """The scenario's own title (``Ponyri station, 9 July 1943``), else its name."""
    scenario = getattr(game, "scenario", None)
    spec = getattr(scenario, "spec", None)
    title = getattr(spec, "title", None) or getattr(scenario, "name", None)
    return str(title or game.scenario_name)


def observation_of(game: Game, state: GameState, side: str | None) -> dict[str, Any]:
    """What ``side`` sees of ``state``; the umpire sees every side's own view together."""
    from warroom.present.views import plain

    return kit_of(game).umpire_observation(game, state) if side is None else dict(plain(state.observation(side)))


def board_text(game: Game, state: GameState, side: str | None, width: int = 100) -> str:
    """The board as the terminal's ``warroom play`` draws it, from ``side``'s observation, as plain text."""
    return drawn_text(game, observation_of(game, state, side), width)


def drawn_text(game: Game, obs: dict[str, Any], width: int = 100) -> str:
    """The terminal's board (the game kit's ``terminal_board``) drawn from the observation ``obs``, as plain text."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False, soft_wrap=False).print(
        kit_of(game).terminal_board(game, obs))
    return out.getvalue().rstrip("\n")


def picture_folder(every: int, folder: Path) -> Path:
    """The folder of ``--png-every N DIR``: one that exists, else one clear error."""
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "does not exist"
        raise UsageError(f"--png-every {every} {folder}: {folder} {why}")
    return folder


def board_phase(game: Game, state: GameState, side: str | None) -> tuple[Any, ...]:
    return kit_of(game).phase(observation_of(game, state, side))


def _sentence(line: str) -> str:
    """A narration line as a sentence: its first letter a capital (``german ends its move`` reads ``German ...``)."""
    return line[:1].upper() + line[1:] if line[:1].islower() else line


def tell(game: Game, states: Sequence[GameState], actions: Sequence[Hashable], side: str | None,
         odds: Callable[[int], dict[str, dict[str, Fraction]]] | None = None, board: bool = False,
         last: int | None = None, echo: Callable[[str], None] = click.echo) -> None:
    """Narrate a game as ``side`` reads it (``None``: the umpire), action by action up to action ``last``.

    Each action of the viewer's (every action, for the umpire) is numbered and told as the game's kit says
    (:attr:`~warroom.core.kit.Kit.tells_action_text`): by its text and then its ruling (Company Fire); or by what
    its narration says, so an action that says nothing (selecting a unit, ending a segment) is not told at all
    (Brigade). An enemy action is told only as the side read it, after the enemy's
    name (``Soviet: An unseen enemy unit fires at DE-5 ...``), never by its text or number. With ``board`` the
    position is drawn after the opening and again whenever the card or phase changes, and at the end.
    """
    end = len(states) - 1 if last is None else last
    for line in states[0].narration(side):
        echo(_sentence(line))
    drawn = None
    if board:
        echo(board_text(game, states[0], side))
        drawn = board_phase(game, states[0], side)
    by_text = kit_of(game).tells_action_text
    for n in range(1, end + 1):
        before, after = states[n - 1], states[n]
        lines = after.narration(side)
        own = side is None or before.to_act == side
        if own and by_text:
            echo(f"\n[{n}] {actions[n - 1]}")
            for line in action_odds_lines(odds(n) if odds is not None else {}):
                echo(f"  {line}")
            for line in lines:
                echo(line)
        elif lines:
            echo("")
            prefix = f"[{n}] " if own else f"{str(before.to_act).capitalize()}: "
            for line in action_odds_lines(odds(n) if odds is not None and own else {}):
                echo(f"  {line}")
            echo(prefix + _sentence(lines[0]))
            for line in lines[1:]:
                echo(_sentence(line) if not line.startswith(" ") else line)
        if board:
            phase = board_phase(game, after, side)
            if phase != drawn or n == end:
                echo("")
                echo(board_text(game, after, side))
                drawn = phase


def png_title(game: Game, n: int, side: str | None) -> str:
    view = "the umpire's view" if side is None else f"as the {side} sees it"
    when = "the set-up" if n == 0 else f"after action {n}"
    return f"{title_of(game)}: {when}, {view}"


def draw_at(game: Game, states: Sequence[GameState], n: int, side: str | None, path: Path,
            option: str = "--png") -> Path:
    """The board after action ``n`` (0: the set-up) drawn to ``path``."""
    from warroom.core.kit import kit_of
    from warroom.present.picture import write_picture

    if not 0 <= n < len(states):
        raise UsageError(f"--at {n}: the game has actions 0 (the set-up) to {len(states) - 1}")
    obs = observation_of(game, states[n], side)
    return write_picture(path, lambda: kit_of(game).picture(game, obs, png_title(game, n, side)), option)


def draw_every(game: Game, states: Sequence[GameState], every: int, folder: Path, side: str | None) -> list[Path]:
    """The board after every ``every``-th action (and the set-up and the last), one PNG each in ``folder``
    (``action_00000.png`` ...), with a progress bar on a terminal."""
    picture_folder(every, folder)
    numbers = sorted({*range(0, len(states), every), len(states) - 1})
    width = max(5, len(str(len(states))))
    written: list[Path] = []
    err = Console(stderr=True)
    with Progress(TextColumn("drawing the board"), BarColumn(), MofNCompleteColumn(), console=err,
                  transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("boards", total=len(numbers))
        for n in numbers:
            path = folder / f"action_{n:0{width}d}.png"
            written.append(draw_at(game, states, n, side, path, f"--png-every {every}"))
            bar.advance(task)
    return written
