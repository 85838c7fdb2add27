"""How a finished game reads at its end: the result and why, each side's losses, and the decisive moments (the
actions that destroyed or eliminated units), as lines both front ends show (:func:`summary_lines`). Which units a
side has lost, and which losses are decisive, are its game kit's reading of its observation."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from warroom.core.game import Game, GameState, Result
from warroom.core.kit import kit_of


def result_text(result: Result) -> str:
    """A finished game's result as a sentence: who won, the points, and why."""
    winner = result.get("winner")
    points = result.get("points") or result.get("objective_points")
    score = f" ({', '.join(f'{k} {v}' for k, v in points.items())} points)" if isinstance(points, dict) else ""
    head = f"the {winner} wins" if winner else "a draw"
    reason = result.get("reason", "")
    return f"Result: {head}{score}." + (f" {reason[0].upper()}{reason[1:]}." if reason else "")


@dataclass(frozen=True)
class Moment:
    """An action after which units were out of the game: its number (from 1), who took it, its text, and the units
    lost (side, unit id, how)."""

    number: int
    by: str
    action: str
    losses: tuple[tuple[str, str, str], ...]
    narration: tuple[str, ...]

    def text(self) -> str:
        lost = "; ".join(f"the {side}'s {unit} {how}" for side, unit, how in self.losses)
        return f"action {self.number}, the {self.by}: {self.action}: {lost}"


def moments(game: Game, states: list[GameState], bys: list[str], actions: list[Any]) -> list[Moment]:
    """Every action after which a side had units destroyed or eliminated that it had not before, with the
    umpire's narration of it that names them (the game is over: nothing is hidden any more): the first line
    and the last, the cause and the loss."""
    out = []
    kit = kit_of(game)
    decisive = kit.decisive()
    before = {side: kit.lost(states[0].observation(side)) for side in game.sides}
    for n, state in enumerate(states[1:], start=1):
        after = {side: kit.lost(state.observation(side)) for side in game.sides}
        losses = tuple((side, unit, how) for side in game.sides for unit, how in after[side].items()
                       if unit not in before[side] and how in decisive)
        if losses:
            named = re.compile("|".join(rf"(?<![\w-]){re.escape(u)}(?![\w-])" for _, u, _ in losses))
            said = [line.splitlines()[0] for line in state.narration(None) if named.search(line)]
            out.append(Moment(n, bys[n - 1], str(actions[n - 1]), losses,
                              tuple(said if len(said) <= 2 else (said[0], said[-1]))))
        before = after
    return out


def losses(game: Game, final: GameState) -> dict[str, dict[str, str]]:
    """Each side's units out of the game at the end, with how."""
    kit = kit_of(game)
    return {side: kit.lost(final.observation(side)) for side in game.sides}


def summary_lines(game: Game, states: list[GameState], bys: list[str], actions: list[Any]) -> list[str]:
    """The summary of the game of ``states`` (``bys[n]`` took ``actions[n]``): the result, the actions taken, each
    side's losses and the decisive moments with the umpire's narration of each."""
    final = states[-1]
    lines = [result_text(final.result()) if final.is_terminal() else "The game is not over.",
             f"{len(actions)} actions were taken.", "Losses:"]
    kit = kit_of(game)
    for side, lost in losses(game, final).items():
        figures = kit.figures_lost(final.observation(side))
        more = f"; {figures} figure{'s' if figures != 1 else ''} lost by units still on the table" if figures else ""
        if lost:
            lines.append(f"  the {side}: {len(lost)} unit{'s' if len(lost) != 1 else ''} "
                         f"({', '.join(f'{u} {how}' for u, how in sorted(lost.items()))}){more}")
        else:
            lines.append(f"  the {side}: no unit{more}")
    found = moments(game, states, bys, actions)
    lines.append("Decisive moments:" if found else "Decisive moments: none (no unit was destroyed or eliminated).")
    for m in found:
        lines.append(f"  {m.text()}")
        lines += [f"      {line}" for line in m.narration if line.strip()]
    return lines
