"""How a finished game reads at its end: the result and why, the score broken down (which objective each side
held, which losses scored: the game kit's :meth:`~warroom.core.kit.Kit.score` of the umpire's view, the game being
over), each side's losses, and the decisive moments, as lines both front ends show (:func:`summary_lines`).

A decisive moment is an action after which a side had lost a unit (destroyed or eliminated; which losses count
is the kit's :meth:`~warroom.core.kit.Kit.decisive`), told with the roll that cost it and that roll's exact odds
before it was thrown (``state.odds``): the chance of the loss, for the unit the roll was for, summed over every
result that takes the unit off the table. The unlikeliest losses come first: the measure is the probability of
the result, so "a 1-in-12 result" is a swing the players could not count on, and a loss that was near certain
is listed last. A roll for no one unit (a close assault on a space) is told by the chance of the result its
ruling told; a loss no roll's odds account for is told without odds, after the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warroom.core.game import Game, GameState, Result
from warroom.core.kit import kit_of, plural

LOOK_BACK = 4
"""How many actions back from a loss the roll that caused it is looked for: a fire, then the target's choice to
stand or fall back, a leader's sacrifice or not (Company Fire); a fire, then a pin marker taken or not
(Brigade)."""


MOMENTS = 6
"""How many decisive moments the summary tells, the unlikeliest first."""


def result_text(result: Result) -> str:
    """A finished game's result as a sentence: who won, the points, and why."""
    winner = result.get("winner")
    points = result.get("points") or result.get("objective_points")
    score = f" ({', '.join(k + ' ' + plural(v, 'point') for k, v in points.items())})" \
        if isinstance(points, dict) else ""
    head = f"the {winner} wins" if winner else "a draw"
    reason = result.get("reason", "")
    return f"Result: {head}{score}." + (f" {reason[0].upper()}{reason[1:]}." if reason else "")


def chance_words(p: Fraction) -> str:
    """A probability as a player says it: "a 1-in-12 result (8.3%)", "a 5-in-36 result (13.9%)"; one too fine
    to write so is "about 1 in N"."""
    pct = f"{float(p) * 100:.1f}%"
    if p.denominator <= 216:
        return f"a {p.numerator}-in-{p.denominator} result ({pct})"
    return f"about a 1-in-{round(1 / p)} result ({pct})" if p else f"a result of odds 0 ({pct})"


@dataclass(frozen=True)
class Roll:
    """The roll that cost a unit: the action that threw it (its number from 1, who took it, its text), what it
    was rolled for (the odds' label) and the chance, before it was thrown, of a result that takes the unit off;
    for a roll for no one unit, of the result its ruling told (``result``)."""

    number: int
    by: str
    action: str
    label: str
    chance: Fraction
    result: str = ""
    """The result the roll's ruling told, where the chance is of that result (a roll for no one unit)."""


@dataclass(frozen=True)
class Moment:
    """An action after which units were out of the game: its number (from 1), who took it, its text, the units
    lost (side, unit id, how), the umpire's narration of it, and for each unit lost the roll that cost it, where
    one did (:class:`Roll`)."""

    number: int
    by: str
    action: str
    losses: tuple[tuple[str, str, str], ...]
    narration: tuple[str, ...]
    rolls: tuple[Roll | None, ...] = ()

    @property
    def chance(self) -> Fraction:
        """The chance of the unlikeliest loss of the moment (1 where no roll decided it)."""
        return min((r.chance for r in self.rolls if r is not None), default=Fraction(1))

    def text(self) -> str:
        parts = []
        for (side, unit, how), roll in zip(self.losses, self.rolls or (None,) * len(self.losses), strict=True):
            lost = f"the {side}'s {unit} was {how}"
            if roll is None:
                alone = "no roll of its own: lost with the others of this moment" if any(self.rolls) else \
                    "no odds of this loss alone: the narration tells it"
                parts.append(f"{lost} ({alone})")
                continue
            cause = f'by "{roll.action}"' if roll.number == self.number else \
                f'by "{roll.action}" (action {roll.number}, the {roll.by})'
            what = f' ("{roll.result}")' if roll.result else ""
            parts.append(f"{lost} {cause}: {chance_words(roll.chance)}{what}")
        return f"action {self.number}: " + "; ".join(parts)


def _roll_for(game: Game, states: list[GameState], bys: list[str], actions: list[Any], n: int, unit: str,
              how: str) -> Roll | None:
    """The roll that took ``unit`` off at action ``n`` (``how``: destroyed, removed ...): the nearest action at or
    before it, at most :data:`LOOK_BACK` back, with a roll that did. A roll for the unit did where its ruling told a
    result that takes the unit off, or told none (then the chance is of every such result, summed); a roll for no
    one unit (a close assault on a space) did where its ruling told its result (the chance is of that result). A
    roll for another unit did not."""
    words = (how, "destroyed", "removed", "eliminated")
    kit = kit_of(game)

    def loss(result: str) -> bool:
        return any(w in result for w in words)

    for k in range(n, max(0, n - LOOK_BACK), -1):
        odds = states[k - 1].odds(actions[k - 1])
        if not odds:
            continue
        said = states[k].narration(None)
        ids = set(kit.known_units(game, kit.umpire_observation(game, states[k - 1]))) | {unit}
        for label, dist in odds.items():
            of = next((u for u in ids if re.match(rf"{re.escape(u)}(?![\w-])", label)), None)
            told = _result_told(said, dist)
            if of == unit and (told is None or loss(told)):
                hit = sum((p for result, p in dist.items() if loss(result)), Fraction(0))
                if hit:
                    return Roll(k, bys[k - 1], str(actions[k - 1]), label, hit)
            elif of is None and told is not None and len(odds) == 1:
                return Roll(k, bys[k - 1], str(actions[k - 1]), label, dist[told], told)
    return None


def _result_told(narration: list[str], dist: dict[str, Fraction]) -> str | None:
    """The result of a roll as its ruling tells it ("Result: ATTACKERS WIN BY 3+: DEFENDERS DESTROYED"), where it
    is one of the roll's results and the only one told."""
    said = {line.strip()[len("Result:"):].strip().lower() for text in narration for line in text.splitlines()
            if line.strip().startswith("Result:")}
    found = [r for r in dist if r.lower() in said]
    return found[0] if len(found) == 1 else None


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
            rolls = tuple(_roll_for(game, states, bys, actions, n, unit, how) for _, unit, how in losses)
            out.append(Moment(n, bys[n - 1], str(actions[n - 1]), losses,
                              tuple(said if len(said) <= 2 else (said[0], said[-1])), rolls))
        before = after
    return out


def losses(game: Game, final: GameState) -> dict[str, dict[str, str]]:
    """Each side's units out of the game at the end, with how."""
    kit = kit_of(game)
    return {side: kit.lost(final.observation(side)) for side in game.sides}


def objective_changes(game: Game, states: list[GameState]) -> list[str]:
    """Each action after which an objective changed hands, as the umpire's view holds it (the kit's score of
    :meth:`~warroom.core.kit.Kit.umpire_observation`): "action 45: the barn (3,3) passed from the defender to
    the attacker"."""
    kit = kit_of(game)

    def held(state: GameState) -> dict[str, str | None]:
        score = kit.score(game, kit.umpire_observation(game, state))
        return {i.what: i.side for i in score.items if i.source == "objective"}

    out = []
    before = held(states[0])
    for n, state in enumerate(states[1:], start=1):
        after = held(state)
        for what, side in after.items():
            if before.get(what, side) != side:
                was = before.get(what)
                out.append(f"action {n}: {what} passed from {was or 'nobody'} to {side or 'nobody'}")
        before = after
    return out


def score_lines(game: Game, final: GameState) -> list[str]:
    """The score of the finished game broken down: the kit's score of the umpire's view (the game is over:
    nothing is hidden any more), which objective each side held and why, which losses scored."""
    kit = kit_of(game)
    score = kit.score(game, kit.umpire_observation(game, final))
    return ["The score:", *score.lines()[1:]]


def summary_lines(game: Game, states: list[GameState], bys: list[str], actions: list[Any]) -> list[str]:
    """The summary of the game of ``states`` (``bys[n]`` took ``actions[n]``): the result, the score broken down,
    the actions taken, each side's losses, the decisive moments (unlikeliest first, each with the odds of the
    roll that decided it) and the objectives that changed hands."""
    final = states[-1]
    lines = [result_text(final.result()) if final.is_terminal() else "The game is not over."]
    lines += score_lines(game, final)
    lines += [f"{plural(len(actions), 'action')} {'was' if len(actions) == 1 else 'were'} taken.", "Losses:"]
    kit = kit_of(game)
    for side, lost in losses(game, final).items():
        figures = kit.figures_lost(final.observation(side))
        more = f"; {plural(figures, 'figure')} lost by units still on the table" if figures else ""
        if lost:
            lines.append(f"  the {side}: {plural(len(lost), 'unit')} "
                         f"({', '.join(f'{u} {how}' for u, how in sorted(lost.items()))}){more}")
        else:
            lines.append(f"  the {side}: no unit{more}")
    found = sorted(moments(game, states, bys, actions), key=lambda m: (m.chance, m.number))
    lines.append("Decisive moments:" if found else "Decisive moments: none (no unit was destroyed or eliminated).")
    if found:
        lines.append("  (each loss with the odds, before the roll, of a result that cost the unit; the "
                     "unlikeliest first)")
    for m in found[:MOMENTS]:
        lines.append(f"  {m.text()}")
        lines += [f"      {line}" for line in m.narration if line.strip()]
    if len(found) > MOMENTS:
        lines.append(f"  (and {plural(len(found) - MOMENTS, 'more moment')} of losses likelier than these, or told "
                     "without odds: the losses above name every unit)")
    changes = objective_changes(game, states)
    if changes:
        lines.append("Objectives that changed hands:")
        lines += [f"  {line}" for line in changes[-8:]]
        if len(changes) > 8:
            lines.append(f"  (and {plural(len(changes) - 8, 'earlier change')})")
    return lines
