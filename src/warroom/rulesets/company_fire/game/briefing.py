"""Company Fire scenarios: a scenario's briefing, forces and text map, as one viewer sees the set-up.

:func:`describe` renders what a player reads before play: title, briefing, how the game ends (seed "Tracking
Turns", "Game Clock (optional)", CF-53) and is won (CF-54 ... CF-56), the forces and a text map, all as the
viewer knows the set-up (:meth:`.scenario_types.Scenario.view`, CF-46, CF-52): ``"public"`` shows what both
sides see, a side's name adds its own hidden units, blinds and minefields, ``"umpire"`` shows everything.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Iterable

from warroom.rulesets.company_fire.board import TERRAIN, Space
from warroom.rulesets.company_fire.game.scenario_types import Scenario, SetupView, Side, Viewer, sp
from warroom.rulesets.company_fire.tables import tables

_WIDTH = 78
_CELL = 5


def describe(scenario: Scenario, viewer: Viewer = "public") -> str:
    """The scenario as a player reads it before play: title, briefing, how the game ends and is
    won, the forces and a text map, all as ``viewer`` sees the set-up (:meth:`Scenario.view`):
    ``"public"`` shows what both sides see, a side's name adds its own hidden units, blinds and
    minefields, ``"umpire"`` shows everything."""
    view = scenario.view(viewer)
    lines: list[str] = [scenario.name.upper()]
    where = ", ".join(x for x in (scenario.place, scenario.date) if x)
    if where:
        lines.append(where)
    lines.append("")
    for paragraph in re.split(r"\n\s*\n", scenario.briefing):
        lines.extend(textwrap.wrap(" ".join(paragraph.split()), _WIDTH))
        lines.append("")
    for paragraph in _rules_text(scenario):
        lines.extend(textwrap.wrap(paragraph, _WIDTH))
    lines.append("")
    lines.extend(_wrap_all(_victory_text(scenario)))
    lines.append("")
    for side in (scenario.attacker, scenario.defender):
        lines.extend(_side_text(scenario, side, view))
        lines.append("")
    title = {"public": "what both sides see", "umpire": "the umpire's view, everything"}.get(viewer,
                                                                                         f"the {viewer}'s view")
    lines.append(f"Map ({title}):")
    lines.extend(_map_lines(scenario, view))
    lines.append("")
    lines.extend(_legend(scenario))
    return "\n".join(lines).rstrip() + "\n"


def _wrap_all(paragraphs: Iterable[str]) -> list[str]:
    out: list[str] = []
    for p in paragraphs:
        out.extend(textwrap.wrap(p, _WIDTH, subsequent_indent="  "))
    return out


def _rules_text(s: Scenario) -> list[str]:
    r = s.rules
    clock = tables().game_clock
    first = (f"The attacker ({s.attacker.colour}) has the first initiative, as if it had drawn a Move card; "
             f"then the deck decides (red cards: the {s.side_of_colour('red').role}, black: the "
             f"{s.side_of_colour('black').role}).")
    if r.game_end == "turns":
        end = f"The game lasts {r.turns} turns (a turn is one attacker and one defender initiative)."
    else:
        end = (f"Game clock: at the end of each defender initiative roll 1d{clock.die_sides} and add it; the game "
               f"ends when the total reaches {r.clock_ends_at}"
               + (" (a long game)." if r.game_end == "clock_long" else "."))
    if r.jokers:
        end += f" Jokers are in the deck: each one drawn adds 1d{clock.die_sides} to the clock."
    options = []
    if r.attack_resolution != "standard":
        options.append(f"{r.attack_resolution} play (one roll for all units in a target space)")
    if r.linear_terrain:
        options.append("linear terrain")
    out = [first, end]
    if options:
        out.append("Optional rules: " + ", ".join(options) + ".")
    return out


def _victory_text(s: Scenario) -> list[str]:
    v = s.victory
    out = ["Victory:"]
    for o in v.objectives:
        out.append(f"- {o.name} ({sp(o.at)}): {o.points} point{'s' if o.points > 1 else ''}, held at the start "
                   f"by the {o.held_by}.")
    out.append(f"- {v.destroyed_unit} point for each enemy squad, team or gun destroyed, {v.destroyed_leader} for "
               "each enemy platoon leader or company commander eliminated.")
    out.append(f"- The attacker concedes when {s.attacker.break_at} of its {len(s.attacker.non_smf_units)} squads, "
               f"teams and guns are destroyed; the defender when {s.defender.break_at} of its "
               f"{len(s.defender.non_smf_units)} are.")
    tie = "the game is a draw" if v.ties == "draw" else f"the {v.ties} wins"
    out.append(f"- At the end the side with more points wins; on equal points {tie}. An objective is held by the "
               "side that last had a squad, team or gun in it with no enemy there.")
    return out


def _side_text(s: Scenario, side: Side, view: SetupView) -> list[str]:
    mine = view.viewer in (side.role, "umpire")
    order = "moves first" if side.role == "attacker" else "defends"
    lines = [f"{side.role.capitalize()} ({side.colour}, {order}): {side.name}"]
    shown = [u for u in view.units if u.side == side.role]
    for u in sorted(shown, key=lambda u: (u.platoon or "", u.type.is_smf is False, u.id)):
        lines.append(f"  {u.id:<8} {sp(u.at):>5}  {u.describe()}")
    hidden = [b for b in view.blinds if b.side == side.role]
    if mine:
        dummies = sum(1 for b in hidden if b.units == 0)
        if dummies:
            lines.append(f"  and {dummies} dummy blind{'s' if dummies > 1 else ''}: "
                         + "; ".join(sp(b.at) for b in hidden if b.units == 0))
        fm = side.fire_missions
        if fm.total:
            lines.append(f"  Fire missions: {fm.he} HE, {fm.smoke} smoke.")
        own_mines = [m for m in view.minefields if m.laid_by == side.role]
        if own_mines:
            lines.append("  Minefields: " + "; ".join(
                f"{sp(m.at)} {m.seen_as}{'' if m.marked else ' (unmarked)'}" for m in own_mines))
    else:
        if hidden:
            lines.append(f"  and {len(hidden)} blind{'s' if len(hidden) > 1 else ''} (hidden units or dummies): "
                         + "; ".join(sp(b.at) for b in hidden))
        if side.fire_missions.total:
            lines.append("  Has artillery fire missions.")
        marks = [m for m in view.minefields if m.laid_by == side.role]
        if marks:
            lines.append("  Minefield markers (real or dummy): " + "; ".join(sp(m.at) for m in marks))
    lines.append(f"  Sets up in {'; '.join(map(str, side.setup_zone))}.")
    return lines


def _map_lines(s: Scenario, view: SetupView) -> list[str]:
    b = s.board
    units = Counter(u.at for u in view.units if not u.hidden)
    owner = {u.at: u.side for u in view.units}
    blinds = {bl.at: bl for bl in view.blinds}
    mines = {m.at: m for m in view.minefields}
    objectives = {o.at for o in s.victory.objectives}
    mine_mark = {"real": "M", "dummy": "m", "marker": "M"}

    def cell(space: Space) -> str:
        terrain = b.terrain(space).code
        road = "=" if b.has_road(space) else " "
        if space in objectives:
            mark = "*"
        elif space in mines:
            m = mines[space]
            mark = "!" if not m.marked else mine_mark[m.seen_as]
        else:
            mark = " "
        if space in blinds:
            bl = blinds[space]
            who = bl.side[0]
            marker = who + ("?" if bl.units is None else str(bl.units))
        elif units[space]:
            marker = owner[space][0].upper() + str(units[space])
        else:
            marker = "  "
        return terrain + road + mark + marker

    def vertical(a: Space, c: Space) -> str:
        kind = b.edge_at(a, c)
        return {"bocage_full": "#", "bocage_partial": ":", "low_stone_wall": "|"}.get(kind or "", " ")

    def horizontal(a: Space, c: Space) -> str:
        kind = b.edge_at(a, c)
        return {"bocage_full": "#" * _CELL, "bocage_partial": "##" + " " * (_CELL - 2),
                "low_stone_wall": "-" * _CELL}.get(kind or "", " " * _CELL)

    out = ["    " + "".join(f"{c:<{_CELL + 1}}" for c in range(b.width)).rstrip()]
    for r in range(b.height):
        row = f"{r:>2}  "
        for c in range(b.width):
            row += cell((c, r))
            row += vertical((c, r), (c + 1, r)) if c + 1 < b.width else ""
        out.append(row.rstrip())
        if r + 1 < b.height:
            sep = "    " + " ".join(horizontal((c, r), (c, r + 1)) for c in range(b.width))
            out.append(sep.rstrip())
    return out


def _legend(s: Scenario) -> list[str]:
    terrain = "  ".join(f"{row.code} {row.label}" for row in TERRAIN.area.values())
    lines = _wrap_all([
        f"Terrain: {terrain}; = a road.",
        "Edges: # bocage, ## or : partial bocage, - or | a low stone wall.",
        "Marks: * an objective; M a minefield marker (to its owner: M real, m dummy), ! an unmarked minefield.",
        "Units: A2 or D1 for two attacker or one defender units; a? or d? a blind (to its owner the units "
        "under it, a0 or d0 a dummy).",
    ])
    if s.board.linear:
        lines.extend(_wrap_all(["Linear terrain: " + "; ".join(
            f"{p.kind.replace('_', ' ')} in {sp(p.space)}" for p in s.board.linear) + "."]))
    return lines
