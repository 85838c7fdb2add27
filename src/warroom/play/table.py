"""Playing at a real table: what a person at the table is told to move and to throw.

When warroom plays the absent side of a game set out on a real table (``warroom play --dice table``), the person
moves the figures and throws the dice. After each of warroom's actions it says what to change on the table, as
the person's own side sees it: the pieces that moved (from where to where), the pieces to take off, the pieces
that came into sight, from the game kit's placing of each piece in that side's observation (``Kit.placed``). So a
hidden unit that moves is not named; it is set down only when the rules reveal it. Each throw is asked with what
it is for and the odds of each reading of it (:func:`throw_lines`), from the throw alone, never from the other
side's units.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.kit import Kit
from warroom.core.rolled import ThrowNeeded


def table_moves(kit: Kit, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What to change on the table between two observations of one side, one line a piece: moved, taken off,
    set down (in the order the kit places them)."""
    was, now = kit.placed(before), kit.placed(after)
    lines = []
    for piece, where in now.items():
        if piece not in was:
            lines.append(f"set down {piece} at {where}")
        elif was[piece] != where:
            lines.append(f"move {piece} from {was[piece]} to {where}")
    lines.extend(f"take off {piece} (from {where})" for piece, where in was.items() if piece not in now)
    return lines


def throw_lines(need: ThrowNeeded) -> list[str]:
    """The throw asked for, what it is for, and the chance of each reading of it (exact, from the die alone):
    ``Opportunity fire: throw 3d6 for op fire, hits on 5 or 6, and count the ones`` then ``0 hits 29.6%, 1 hit 44.4%, ...``."""
    head = f"{need.title}: {need.asking}"
    node = need.node
    if node.kind in ("draw", "percentile", "die", "difference"):
        return [head]  # every face alike (a die, a card, d%): its odds are the face's own
    dist = node.distribution()
    chance: dict[Any, int] = {}
    for value, weight in zip(dist.values, dist.weights, strict=True):
        read = value[0] if node.kind == "successes_and_ones" else value  # the hits; the ones are read after
        chance[read] = chance.get(read, 0) + weight
    if len(chance) > 12:
        return [head]
    word = node.counting if node.kind != "sum" else "total"
    parts = []
    for value in sorted(chance):
        text = f"total {value}" if node.kind == "sum" else f"{value} {word}" + (
            "" if value == 1 else "es" if word.endswith("s") else "s")
        parts.append(f"{text} {100 * chance[value] / dist.total:.1f}%")
    return [head, "  " + ", ".join(parts)]


def how_to_write(need: ThrowNeeded) -> str:
    """How to type the faces of the throw: ``3 faces of a d6, e.g. 6 2 5``."""
    if need.node.kind == "draw":
        return "the card drawn, e.g. QH, 10S, AD or Joker1"
    if need.node.kind == "percentile":
        return "the number thrown, 1 to 100 (00 is 100)"
    n, sides = need.faces, need.sides or 6
    example = " ".join(str((3 * k + 2) % sides + 1) for k in range(n))
    return f"{n} {'faces' if n > 1 else 'face'} of a d{sides}, e.g. {example}"
