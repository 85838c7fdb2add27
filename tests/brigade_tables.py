"""Small Brigade tables for the game tests: a 48" x 48" table, British facing north and Germans south, with the
units and features a test gives, and the steps tests take through a move."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from warroom.rulesets.brigade.game import BrigadeGame, BrigadeState, load
from warroom.rulesets.brigade.game.actions import End


def unit(uid: str, side: str, kind: str, x: float, y: float, **extra: Any) -> str:
    """A ``[[units]]`` entry of a scenario file."""
    lines = [f'[[units]]\nid = "{uid}"\nside = "{side}"\ntype = "{kind}"\nat = [{x}, {y}]']
    for key, value in extra.items():
        lines.append(f"{key} = {value!r}".replace("'", '"').replace("True", "true").replace("False", "false"))
    return "\n".join(lines) + "\n"


def make(tmp_path: Path, *units: str, features: str = "", extra: str = "", first: str = "british",
         periods: int = 4) -> BrigadeGame:
    """The game of a test table: ``features`` go in ``[table]``, ``extra`` after the sides."""
    text = textwrap.dedent(f"""\
        name = "test"
        title = "test table"
        periods = {periods}
        first = "{first}"
        [table]
        width = 48
        depth = 48
        {features}
        [[sides]]
        name = "british"
        nation = "british"
        facing = 0
        [[sides]]
        name = "german"
        nation = "german"
        facing = 180
        """) + extra + "\n".join(units)
    path = tmp_path / "test.toml"
    path.write_text(text)
    return load(path)


def to_orders(state: BrigadeState) -> BrigadeState:
    """End phases 2 to 4 until the moving side is giving phase 5 orders."""
    while state.phase in ("requests", "indirect", "pins"):
        state = state.apply(End())
    assert state.phase == "orders"
    return state


def next_move(state: BrigadeState) -> BrigadeState:
    """End this side's move and the other side's, back to this side's phase 5."""
    side = state.to_act
    state = state.apply(End())
    while state.to_act != side or state.phase != "orders":
        state = state.apply(End()) if End() in state.legal_actions() else state.apply(state.legal_actions()[0])
    return state


def text(state: BrigadeState, side: str | None = None) -> str:
    """The narration of the last action, as ``side`` may read it (None: the umpire)."""
    return "\n".join(state.narration(side))


def of(state: BrigadeState, uid: str) -> Any:
    """Unit ``uid``'s state."""
    return state.units[state.ctx.index[uid]]
