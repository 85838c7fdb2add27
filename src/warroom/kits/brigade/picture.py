"""A picture of a Brigade table (PNG, SVG, PDF), as one side's observation, the umpire's or the public set-up shows
it: the one drawer of ``warroom scenario show --png/--svg``, ``warroom replay --png`` and ``--png-every``.

Seed 004 "Basic scales" (1" = 20 yards; terrain of seed 003): the inch table with its terrain features, the
objectives and the minefields the side knows, each unit as a counter in its side's colour
(:func:`warroom.present.picture.side_colours`) with a unit-type symbol at its figures' centre and its figures as
dots, a vehicle's facing as an arrow (seed 004 "Movement"), an enemy the side is only aware of as ``?`` near where
it is thought to be (seed 004 "Detection"), and a scale bar in inches and yards.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon, Rectangle

from warroom.present.picture import blue_side, facing_arrow, glyph, new_figure, side_colours
from warroom.rulesets.brigade.game.units import TYPES

if TYPE_CHECKING:
    from warroom.core.game import Game

_FILL = {"building": "#a59cab", "woods": "#6e9a68", "heavy_woods": "#4f7a49", "light_woods": "#a8c98f",
         "scrub": "#c9d9a0", "wheat_field": "#e5d27a", "soft_ground": "#9cc3c9", "rough_ground": "#cbbfa6",
         "rubble": "#b7aaa0", "hill": "#d9c6b2", "slit_trench": "#7a6a4f", "pre_dug_trench": "#7a6a4f",
         "fortification": "#5b5b5b"}
_LINE = {"hedge": ("#2f6b2a", 2.5), "bocage": ("#1f4d1a", 4.0), "wall": ("#6d6d6d", 2.5),
         "ridge": ("#8a6d58", 2.5), "primary_road": ("#a0522d", 0.0), "secondary_road": ("#c08a5a", 0.0),
         "river": ("#4f86b0", 0.0), "stone_bridge": ("#555555", 0.0), "other_bridge": ("#8a7a66", 0.0)}


def symbol_of(type_name: str) -> str:
    """The unit-type symbol drawn on a counter (NATO style, seed 004 "Troop types"): ``infantry``, ``tank``,
    ``mg``, ``mortar``, ``gun``, ``hq``, ``observer``, ``cavalry``, ``transport`` or ``unit``."""
    t = TYPES.get(type_name)
    if t is None:
        return "unit"
    if t.mortar:
        return "mortar"
    if t.kind == "vehicle":
        return "transport" if t.transport else "tank"
    return {"infantry": "infantry", "cavalry": "cavalry", "support": "mg", "gun": "gun", "hq": "hq",
            "observer": "observer"}.get(t.kind, "unit")


def picture(game: Game, obs: Mapping[str, Any] | None, title: str) -> Figure:
    """The table of ``game`` as ``obs`` shows it (``None``: the bare table, the set-up secret), headed ``title``."""
    field = game.scenario.field  # type: ignore[attr-defined]
    scale = 10.0 / max(float(field.width), float(field.depth))
    fig = new_figure(float(field.width) * scale + 1, float(field.depth) * scale + 1.2)
    ax = fig.add_subplot()
    colours = side_colours(game.sides, obs)
    own = blue_side(game.sides, obs)
    enemy = colours[next(s for s in game.sides if s != own)]
    names = _terrain(ax, game)
    inch = scale * 72  # a table inch in points on the picture
    taken: list[Box] = []
    objectives = obs["objectives"] if obs is not None else [
        {"name": o.name, "at": o.at, "points": o.points} for o in game.scenario.spec.objectives]  # type: ignore[attr-defined]
    for o in objectives:
        ax.plot(float(o["at"][0]), float(o["at"][1]), marker="*", markersize=20, color="#f2c200",
                markeredgecolor="black", zorder=4)
        taken.append((float(o["at"][0]) - 1, float(o["at"][1]) - 1, float(o["at"][0]) + 1, float(o["at"][1]) + 1))
    if obs is not None:
        for m in obs.get("minefields", []):
            (x, y), (w, d) = m["corner"], m["size"]
            ax.add_patch(Rectangle((x, y), w, d, facecolor="none", edgecolor="#c0307a", hatch="xx", zorder=3))
        for e in obs.get("enemy", []):
            if e["detected"] == "aware":
                ax.add_patch(Circle((e["near"][0], e["near"][1]), 1.2, facecolor="#fff4c2", edgecolor=enemy.fill,
                                    zorder=5))
                ax.text(e["near"][0], e["near"][1], "?", ha="center", va="center", fontsize=10, zorder=6)
            else:
                _unit(ax, e, enemy.fill, taken, inch)
        for u in obs.get("units", []):
            if u.get("status") == "on" and not u.get("aboard"):
                _unit(ax, u, colours[own].fill, taken, inch)
    for o in objectives:  # after the pieces: each objective's name below its star, else above, right or left
        text = f"{o['name']} ({o['points']})"
        x, y = float(o["at"][0]), float(o["at"][1])
        w, h = len(text) * 7 * 0.55 / inch, 7 * 1.25 / inch
        boxes = [(x - w / 2, y + 1.2, x + w / 2, y + 1.2 + h), (x - w / 2, y - 1.2 - h, x + w / 2, y - 1.2),
                 (x + 1.2, y - h / 2, x + 1.2 + w, y + h / 2), (x - 1.2 - w, y - h / 2, x - 1.2, y + h / 2)]
        box = next((b for b in boxes if _clear(b, taken)), boxes[0])
        taken.append(box)
        ax.text(box[0], box[1], text, fontsize=7, ha="left", va="top", zorder=4,
                bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.6, "linewidth": 0})
    _names(ax, names, taken, inch)
    ax.set_xlim(0, float(field.width))
    ax.set_ylim(float(field.depth), 0)
    ax.set_aspect("equal")
    ax.set_xlabel('inches (1" = 20 yards)', fontsize=8)
    _scale_bar(ax, float(field.depth))
    ax.set_title(title, fontsize=10)
    if obs is not None and (obs.get("units") or obs.get("enemy")):
        handles = [Rectangle((0, 0), 1, 1, color=colours[own].fill), Rectangle((0, 0), 1, 1, color=enemy.fill)]
        others = ", ".join(s for s in game.sides if s != own)
        labels = [own, others] if obs.get("umpire") else [f"{own} (own)", "the enemy, as seen"]
        ax.legend(handles, labels, loc="upper right", fontsize=7, framealpha=0.8)
    fig.tight_layout()
    return fig


def _centre(points: Any) -> tuple[float, float] | None:
    pts = [(float(p[0]), float(p[1])) for p in points]
    if not pts:
        return None
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _terrain(ax: Axes, game: Game) -> list[tuple[str, list[tuple[float, float]]]]:
    """The terrain drawn; its areas' names and corners, for :func:`_names` to place once the pieces are down."""
    field = game.scenario.field  # type: ignore[attr-defined]
    layout = field.layout
    names: list[tuple[str, list[tuple[float, float]]]] = []
    order = {"relief": 0, "cover": 1, "works": 2, "corridor": 3, "line": 4}
    for f in sorted(field.features, key=lambda f: order.get(f.layer, 5)):
        pts = [(float(p[0]), float(p[1])) for p in f.points]
        if f.layer in ("relief", "cover", "works") and len(pts) >= 3:
            ax.add_patch(Polygon(pts, closed=True, facecolor=_FILL.get(f.kind, "#dddddd"), edgecolor="#555555",
                                 linewidth=0.6, alpha=0.9, zorder=1))
            for ring in getattr(f, "upper_levels", ()) or ():
                ax.add_patch(Polygon([(float(p[0]), float(p[1])) for p in ring], closed=True, fill=False,
                                     edgecolor="#8a6d58", linewidth=0.6, zorder=1))
            names.append((f.name, pts))
        else:
            colour, width = _LINE.get(f.kind, ("#444444", 1.5))
            if f.layer == "corridor":  # a road or river as wide as it is on the table
                inches = float(layout.width_of(f))
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=colour, linewidth=1, zorder=2,
                        solid_capstyle="butt")
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=colour, alpha=0.8, zorder=2,
                        linewidth=max(1.5, inches * 6.0))
            else:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=colour, linewidth=width, zorder=3)
    return names


Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in the table's inches."""


def _clear(box: Box, taken: list[Box]) -> bool:
    return not any(box[0] < t[2] and t[0] < box[2] and box[1] < t[3] and t[1] < box[3] for t in taken)


def _names(ax: Axes, names: list[tuple[str, list[tuple[float, float]]]], taken: list[Box], inch: float) -> None:
    """Each area's name at the first of its top left, bottom left, top right and bottom right corners (then just
    above or below it) where no counter, label, figure or objective covers it; ``inch``: a table inch in points."""
    for name, pts in names:
        w, h = len(name) * 6 * 0.55 / inch, 6 * 1.25 / inch
        left, top = min(p[0] for p in pts), min(p[1] for p in pts)
        right, bottom = max(p[0] for p in pts), max(p[1] for p in pts)
        spots = [(left + 0.4, top + 0.3), (left + 0.4, bottom - 0.3 - h), (right - 0.4 - w, top + 0.3),
                 (right - 0.4 - w, bottom - 0.3 - h), (left, top - 0.2 - h), (left, bottom + 0.2)]
        boxes = [(x, y, x + w, y + h) for x, y in spots]
        box = next((b for b in boxes if _clear(b, taken)), boxes[0])
        taken.append(box)
        ax.text(box[0], box[1], name, fontsize=6, ha="left", va="top", color="#333333", zorder=2)


def _unit(ax: Axes, u: Mapping[str, Any], colour: str, taken: list[Box], inch: float) -> None:
    figures = u.get("figures") or []
    at = _centre(figures)
    if at is None:
        return
    for p in figures:
        ax.add_patch(Circle((float(p[0]), float(p[1])), 0.25, color=colour, alpha=0.6, zorder=4))
        taken.append((float(p[0]) - 0.25, float(p[1]) - 0.25, float(p[0]) + 0.25, float(p[1]) + 0.25))
    kind = symbol_of(u["type"])
    facing = u.get("facing")
    arrow = kind in ("tank", "transport") and isinstance(facing, int | float)
    rad = math.radians(float(facing)) if isinstance(facing, int | float) else 0.0
    # the table's y grows down the picture: an arrow with cos > 0.3 points down across the label's usual place
    size = 3.0
    w, h = size, size * 0.66
    label_h, label_w = 6 * 1.3 / inch, len(u["id"]) * 6 * 0.6 / inch
    below = (at[0] - label_w / 2, at[1] + h / 2, at[0] + label_w / 2, at[1] + h / 2 + h * 0.1 + label_h)
    above = (at[0] - label_w / 2, at[1] - h / 2 - h * 0.1 - label_h, at[0] + label_w / 2, at[1] - h / 2)
    # the id below the counter, or above where a facing arrow points down or the place below is taken
    up = (arrow and math.cos(rad) > 0.3) or (not _clear(below, taken) and _clear(above, taken))
    taken += [(at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2), above if up else below]
    _counter(ax, at[0], at[1], size, colour, kind, u["id"], bool(u.get("pinned")), label_above=up,
             gid=f"unit:{u['id']}")
    if arrow:
        facing_arrow(ax, at[0], at[1], math.sin(rad), math.cos(rad), 3.2, "black", 0.18)


def _counter(ax: Axes, x: float, y: float, size: float, colour: str, kind: str, label: str, pinned: bool,
             label_above: bool, gid: str) -> None:
    """A counter: a rectangle in the side's colour with the unit-type glyph inside and its id below (above with
    ``label_above``, where a facing arrow points down across the place below)."""
    w, h = size, size * 0.66
    ax.add_patch(Rectangle((x - w / 2, y - h / 2), w, h, facecolor=colour, edgecolor="#ffdd33" if pinned else
                           "black", linewidth=2.0 if pinned else 0.8, zorder=5, gid=gid))
    glyph(ax, kind, x - w / 2, y - h / 2, w, h, "white", 6)
    top, bottom = y - h / 2, y + h / 2
    ax.text(x, top - h * 0.1 if label_above else bottom + h * 0.1, label, ha="center",
            va="bottom" if label_above else "top", fontsize=6, zorder=7,
            bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.7, "linewidth": 0})


def _scale_bar(ax: Axes, depth: float) -> None:
    """A bar of 10 inches (200 yards, seed 004 "Basic scales") in the table's near corner."""
    x, y = 1.5, depth - 1.5
    ax.add_patch(Rectangle((x, y - 0.4), 5, 0.4, facecolor="black", zorder=9))
    ax.add_patch(Rectangle((x + 5, y - 0.4), 5, 0.4, facecolor="white", edgecolor="black", zorder=9))
    ax.text(x + 5, y - 0.7, '10" = 200 yards', ha="center", va="bottom", fontsize=7, zorder=9,
            bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.7, "linewidth": 0})
