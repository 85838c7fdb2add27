"""Exact odds as a person reads them: a table of every result row, one result's odds in a line, and the odds
before a game action (``state.odds``), an outcome a line."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from warroom.core.ruling import Odds, Ruling, percent


def odds_table(result: Odds) -> RenderableType:
    """The procedure, its rule, the steps and modifiers, and every result row (zero-probability rows
    included) as an exact fraction and a percentage, with the Monte Carlo column when there is one."""
    parts: list[RenderableType] = [
        Text.from_markup(f"[bold]{escape(result.title)}[/bold] ({result.procedure})"),
        Text(f"Rule: {result.rule}", style="dim"),
    ]
    shown = set(result.steps)
    parts += [Text(f"  {step}") for step in result.steps]
    parts += [Text(f"  on some branches: {m}") for m in result.modifiers if str(m) not in shown]
    table = Table(show_edge=False)
    table.add_column("result")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    if result.sampled is not None:
        table.add_column(f"Monte Carlo ({result.trials:,})", justify="right")
    counts = dict(result.sampled or ())
    for name, p in result.distribution:
        row = [escape(name), str(p), percent(p)]
        if result.sampled is not None:
            row.append(percent(counts.get(name, 0) / result.trials))
        table.add_row(*row)
    parts.append(table)
    total = sum(p for _, p in result.distribution)
    parts.append(Text(f"  {len(result.distribution)} results, probabilities sum to {total}; "
                      f"{result.leaves} chance outcomes enumerated", style="dim"))
    return Group(*parts)


def odds_of_result(odds: Odds, ruling: Ruling) -> str:
    """The odds of the result a ruling came to: ``suppressed 5/18 (27.8%)``."""
    p = odds[ruling.result]
    return f"{ruling.result} {p} ({percent(p)})"


def action_odds_lines(odds: dict[str, dict[str, Fraction]], *, exact: bool = False) -> list[str]:
    """The odds before a game action, one line per outcome it rolls for, its possible results in the order of the
    results themselves (good order before pinned, 0 figures lost before 1, as the game gives them), each as a
    percentage (``exact``: with the fraction beside it): ``odds, g2: good order 29.630%, pinned 44.444%, ...``.
    Where the results are counts (figures lost) and three or more counts may happen, a running line follows from
    the third: ``2 or more 53.909%``. A certain outcome reads ``certainly 0``. No lines for an action with no dice."""
    lines = []
    for label, dist in odds.items():
        shown = [(r, p) for r, p in dist.items() if p]
        if len(shown) == 1:
            lines.append(f"odds, {label}: certainly {shown[0][0]}")
            continue
        words = [f"{r} {p} ({percent(p)})" if exact else f"{r} {percent(p)}" for r, p in shown]
        line = f"odds, {label}: " + ", ".join(words)
        counts = [r for r, _ in shown if r.isdigit()]
        if len(counts) >= 3 and all(r.isdigit() or r == "removed" for r, _ in shown):
            # "n or more" from the third count that may happen (2 or more of 0, 1, 2 ...): the two below it read
            # as they are
            third = counts[2]
            more = sum((p for r, p in shown if not r.isdigit() or int(r) >= int(third)), Fraction(0))
            line += f"; {third} or more {percent(more)}"
        lines.append(line)
    return lines
