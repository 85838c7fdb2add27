"""A Brigade scenario as one viewer knows it before play, for ``warroom scenario show`` (seed 004 "Playing the
Game": each side maps its own deployment in secret): the briefing, the objectives, the forces the viewer may know
(its own side's; every side's for the umpire; none in public) and the table, in text and as an observation the
picture is drawn from."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from warroom.rulesets.brigade.game.units import TYPES

if TYPE_CHECKING:
    from warroom.core.game import Game


def setup_observation(game: Game, viewer: str) -> dict[str, Any]:
    """What ``viewer`` (``public``, ``umpire`` or a side) knows of the set-up, as an observation: a side's own
    observation of the opening position, the umpire's every side's, and in public the table and objectives alone."""
    from warroom.cli.game_views import observation_of

    side = viewer if viewer in game.sides else None
    obs = observation_of(game, game.initial_state(1), side)
    if viewer == "public":
        obs = {**obs, "units": [], "enemy": [], "minefields": [], "missions": [], "aiming_points": [],
               "umpire": False, "side": None}
    return obs


def briefing(game: Game, viewer: str) -> str:
    """The scenario's briefing, objectives and the forces ``viewer`` may know, and the table as the terminal draws
    it from :func:`setup_observation`."""
    from warroom.cli.game_views import drawn_text

    spec = game.scenario.spec  # type: ignore[attr-defined]
    field = game.scenario.field  # type: ignore[attr-defined]
    lines = [spec.title.upper(), f"Brigade game: a {float(field.width):g}\" x {float(field.depth):g}\" table "
             f"(1\" = 20 yards: {float(field.width) * 20:,.0f} x {float(field.depth) * 20:,.0f} yards), "
             f"{spec.periods} periods, {spec.first} moves first.", ""]
    for paragraph in spec.briefing.strip().split("\n\n"):
        lines.extend(textwrap.wrap(" ".join(paragraph.split()), 78))
        lines.append("")
    lines.append("Objectives:")
    lines.extend(f"  {o.name} at ({o.at[0]:g}, {o.at[1]:g}), {o.points} point{'s' * (o.points != 1)}, held by being "
                 f"within {o.radius:g}\"" for o in spec.objectives)
    lines.append("")
    shown = game.sides if viewer == "umpire" else [viewer] if viewer in game.sides else []
    for side in spec.sides:
        lines.append(f"{side.name.capitalize()}: {side.label or side.name} ({side.nation})")
        if side.name not in shown:
            lines.append("  forces and set-up secret (each side maps its own deployment before play)")
            continue
        for u in spec.units:
            if u.side == side.name:
                t = TYPES[u.type]
                where = f"aboard {u.aboard}" if u.aboard else f"at ({u.at[0]:g}, {u.at[1]:g})"
                figures = f"{t.n_figures} figure{'s' * (t.n_figures != 1)}"
                lines.append(f"  {u.id:<8} {u.name or t.label} ({t.label}, {figures}, {u.morale}), {where}")
    lines.append("")
    lines.append(drawn_text(game, setup_observation(game, viewer)))
    return "\n".join(lines)
