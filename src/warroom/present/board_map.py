"""A picture of the board of a game, as one side's observation (or the umpire's) shows it: for
``warroom playout/replay --png-every N DIR``, ``warroom replay --at K --png FILE`` and, for the Brigade game,
``warroom scenario show --png FILE``.

It is drawn from the scenario's public map (what every side knows before play) and an observation only, never a
state, so a side's picture holds nothing the side has not seen (docs/architecture.md "Fog of war is a rule").

Company Fire (seed 002 "Grid Size", "Terrain", "Edge Terrain"; readings CF-27 ... CF-38): the grid, each space's
area terrain, roads and edge terrain, the objectives, blinds as ``?`` and the units the side sees as counters with
a unit-type symbol; a vehicle's hull facing as an arrow and its turret as a thinner one (seed 002 "Vehicle
Facing").
Brigade (seed 004 "Basic scales": 1" = 20 yards; terrain of seed 003): the inch table with its terrain features,
objectives and minefields the side knows, each unit as a counter with a unit-type symbol at its figures' centre
and its figures as dots, a vehicle's facing as an arrow (seed 004 "Movement"), an enemy the
side is only aware of as ``?`` near where it is thought to be, and a scale bar in inches and yards.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, FancyArrow, Polygon, Rectangle

from warroom.core.errors import UsageError
from warroom.core.files import writing
from warroom.core.game import Game

FORMATS = (".png", ".svg")
"""The picture formats, chosen by the file's suffix."""

OWN, ENEMY, UMPIRE_SECOND = "#2b5c8a", "#a23b2a", "#a23b2a"
_CF_AREA = {"open": "#f3efe2", "swamp": "#9cc3c9", "ploughed_fields": "#cfae86", "low_fields": "#ece3a8",
            "medium_fields": "#dcc968", "full_grown_fields": "#c2a53c", "orchards": "#b2cf95",
            "heavy_woods": "#6e9a68", "hills": "#d3bfae", "buildings": "#a59cab"}
_CF_EDGE = {"bocage_full": ("#1f4d1a", 5.0), "bocage_partial": ("#1f4d1a", 3.0), "low_stone_wall": ("#6d6d6d", 3.0)}
_BR_FILL = {"building": "#a59cab", "woods": "#6e9a68", "heavy_woods": "#4f7a49", "light_woods": "#a8c98f",
            "scrub": "#c9d9a0", "wheat_field": "#e5d27a", "soft_ground": "#9cc3c9", "rough_ground": "#cbbfa6",
            "rubble": "#b7aaa0", "hill": "#d9c6b2", "slit_trench": "#7a6a4f", "pre_dug_trench": "#7a6a4f",
            "fortification": "#5b5b5b"}
_BR_LINE = {"hedge": ("#2f6b2a", 2.5), "bocage": ("#1f4d1a", 4.0), "wall": ("#6d6d6d", 2.5),
            "ridge": ("#8a6d58", 2.5), "primary_road": ("#a0522d", 0.0), "secondary_road": ("#c08a5a", 0.0),
            "river": ("#4f86b0", 0.0), "stone_bridge": ("#555555", 0.0), "other_bridge": ("#8a7a66", 0.0)}
_CF_FACING = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}


def symbol_of(ruleset: str, type_name: str) -> str:
    """The unit-type symbol drawn on a counter (NATO style, seed 004 "Troop types", seed 002 "Figures" and "Vehicles"):
    ``infantry``, ``tank``, ``mg``, ``mortar``, ``gun``, ``hq``, ``observer``, ``cavalry``, ``transport`` or
    ``unit``."""
    if ruleset == "brigade":
        from warroom.rulesets.brigade.game.units import TYPES

        t = TYPES.get(type_name)
        if t is None:
            return "unit"
        if t.mortar:
            return "mortar"
        if t.kind == "vehicle":
            return "transport" if t.transport else "tank"
        return {"infantry": "infantry", "cavalry": "cavalry", "support": "mg", "gun": "gun", "hq": "hq",
                "observer": "observer"}.get(t.kind, "unit")
    name = type_name
    if name.endswith("_squad") or name == "scout" or name == "sniper":
        return "infantry"
    if "tank" in name or name == "armoured_car":
        return "tank"
    if name in ("half_track", "truck"):
        return "transport"
    if name in ("mmg", "hmg"):
        return "mg"
    if "mortar" in name:
        return "mortar"
    if "gun" in name:
        return "gun"
    if name in ("platoon_leader", "company_commander"):
        return "hq"
    if name == "forward_observer":
        return "observer"
    return "unit"


def _counter(ax: Axes, x: float, y: float, size: float, colour: str, kind: str, label: str,
             pinned: bool = False, label_above: bool = False) -> None:
    """A counter: a rectangle in the side's colour with the unit-type symbol inside and its id below (above
    with ``label_above``, where a facing arrow points down across the place below)."""
    w, h = size, size * 0.66
    ax.add_patch(Rectangle((x - w / 2, y - h / 2), w, h, facecolor=colour, edgecolor="#ffdd33" if pinned else
                           "black", linewidth=2.0 if pinned else 0.8, zorder=5))
    ink = {"color": "white", "linewidth": 1.0, "zorder": 6}
    left, right, top, bottom = x - w / 2, x + w / 2, y - h / 2, y + h / 2
    if kind in ("infantry", "cavalry"):
        ax.plot([left, right], [top, bottom], **ink)  # type: ignore[arg-type]
        if kind == "infantry":
            ax.plot([left, right], [bottom, top], **ink)  # type: ignore[arg-type]
    elif kind in ("tank", "transport"):
        ax.add_patch(Ellipse((x, y), w * 0.7, h * 0.55, fill=False, edgecolor="white", linewidth=1.0, zorder=6))
        if kind == "transport":
            ax.plot([x, x], [top, bottom], **ink)  # type: ignore[arg-type]
    elif kind == "gun":
        ax.add_patch(Circle((x, y), h * 0.15, color="white", zorder=6))
    elif kind == "mortar":
        ax.add_patch(Circle((x, y + h * 0.2), h * 0.12, color="white", zorder=6))
        ax.plot([x, x], [y + h * 0.2, top + h * 0.1], **ink)  # type: ignore[arg-type]
    else:
        ax.text(x, y, {"mg": "MG", "hq": "HQ", "observer": "FO"}.get(kind, "?"), color="white", ha="center",
                va="center", fontsize=6, fontweight="bold", zorder=6)
    ax.text(x, top - h * 0.1 if label_above else bottom + h * 0.1, label, ha="center",
            va="bottom" if label_above else "top", fontsize=6, zorder=7,
            bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.7, "linewidth": 0})


def _arrow(ax: Axes, x: float, y: float, dx: float, dy: float, length: float, colour: str, width: float) -> None:
    ax.add_patch(FancyArrow(x, y, dx * length, dy * length, width=width, head_width=width * 4,
                            head_length=width * 4, length_includes_head=True, color=colour, zorder=8))


def _cf(ax: Axes, game: Game, obs: dict[str, Any]) -> None:
    board = game.scenario.board  # type: ignore[attr-defined]
    for c, r in board.spaces():
        ax.add_patch(Rectangle((c, r), 1, 1, facecolor=_CF_AREA.get(board.area_at((c, r)), "#dddddd"),
                               edgecolor="#bbbbbb", linewidth=0.4))
        if board.has_road((c, r)):
            ax.add_patch(Circle((c + 0.5, r + 0.5), 0.08, color="#a0522d"))
    for (a, b), name in board.edges:
        colour, width = _CF_EDGE.get(name, ("#000000", 2.0))
        if a[0] == b[0]:  # one above the other: the edge runs across
            y = max(a[1], b[1])
            ax.plot([a[0], a[0] + 1], [y, y], color=colour, linewidth=width)
        else:
            x = max(a[0], b[0])
            ax.plot([x, x], [a[1], a[1] + 1], color=colour, linewidth=width)
    for o in obs.get("objectives", []):
        ax.plot(o["at"][0] + 0.5, o["at"][1] + 0.5, marker="*", markersize=22, color="#f2c200",
                markeredgecolor="black", zorder=4)
    for bl in obs.get("blinds", []):
        ax.add_patch(Circle((bl["at"][0] + 0.5, bl["at"][1] + 0.5), 0.3, facecolor="#fff4c2", edgecolor="black",
                            zorder=5))
        ax.text(bl["at"][0] + 0.5, bl["at"][1] + 0.5, "?", ha="center", va="center", fontsize=12, zorder=6)
    first = game.sides[0]
    stacks: dict[tuple[int, int], int] = {}
    for u in obs.get("units", []):
        if u.get("status") in ("destroyed", "eliminated", "removed") or u.get("at") is None:
            continue
        c, r = u["at"]
        n = stacks.get((c, r), 0)
        stacks[(c, r)] = n + 1
        x, y = c + 0.3 + 0.4 * (n % 2), r + 0.3 + 0.4 * (n // 2 % 2)
        mine = u["side"] == obs.get("side") if not obs.get("umpire") else u["side"] == first
        colour = OWN if mine else ENEMY
        _counter(ax, x, y, 0.36, colour, symbol_of("company-fire", u["type"]), u["id"],
                 u.get("status") not in (None, "good_order"))
        if u.get("facing") in _CF_FACING:
            _arrow(ax, x, y, *_CF_FACING[u["facing"]], 0.32, "black", 0.02)
        if u.get("turret") in _CF_FACING and u.get("turret") != u.get("facing"):
            _arrow(ax, x, y, *_CF_FACING[u["turret"]], 0.28, "#555555", 0.01)
    ax.set_xlim(0, board.width)
    ax.set_ylim(board.height, 0)
    ax.set_xticks([c + 0.5 for c in range(board.width)], [str(c) for c in range(board.width)], fontsize=7)
    ax.set_yticks([r + 0.5 for r in range(board.height)], [str(r) for r in range(board.height)], fontsize=7)


def _centre(points: Any) -> tuple[float, float] | None:
    pts = [(float(p[0]), float(p[1])) for p in points]
    if not pts:
        return None
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _brigade_terrain(ax: Axes, game: Game) -> None:
    field = game.scenario.field  # type: ignore[attr-defined]
    layout = field.layout
    order = {"relief": 0, "cover": 1, "works": 2, "corridor": 3, "line": 4}
    for f in sorted(field.features, key=lambda f: order.get(f.layer, 5)):
        pts = [(float(p[0]), float(p[1])) for p in f.points]
        if f.layer in ("relief", "cover", "works") and len(pts) >= 3:
            ax.add_patch(Polygon(pts, closed=True, facecolor=_BR_FILL.get(f.kind, "#dddddd"), edgecolor="#555555",
                                 linewidth=0.6, alpha=0.9, zorder=1))
            for ring in getattr(f, "upper_levels", ()) or ():
                ax.add_patch(Polygon([(float(p[0]), float(p[1])) for p in ring], closed=True, fill=False,
                                     edgecolor="#8a6d58", linewidth=0.6, zorder=1))
            # the name in the feature's top left corner, clear of an objective's star and label at its centre
            ax.text(min(p[0] for p in pts) + 0.4, min(p[1] for p in pts) + 0.3, f.name, fontsize=6, ha="left",
                    va="top", color="#333333", zorder=2)
        else:
            colour, width = _BR_LINE.get(f.kind, ("#444444", 1.5))
            if f.layer == "corridor":  # a road or river as wide as it is on the table
                inches = float(layout.width_of(f))
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=colour, linewidth=1, zorder=2,
                        solid_capstyle="butt")
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=colour, alpha=0.8, zorder=2,
                        linewidth=max(1.5, inches * 6.0))
            else:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=colour, linewidth=width, zorder=3)


def _brigade(ax: Axes, game: Game, obs: dict[str, Any] | None) -> None:
    field = game.scenario.field  # type: ignore[attr-defined]
    _brigade_terrain(ax, game)
    objectives = obs["objectives"] if obs is not None else [
        {"name": o.name, "at": o.at, "points": o.points} for o in game.scenario.spec.objectives]  # type: ignore[attr-defined]
    for o in objectives:
        ax.plot(float(o["at"][0]), float(o["at"][1]), marker="*", markersize=20, color="#f2c200",
                markeredgecolor="black", zorder=4)
        ax.text(float(o["at"][0]), float(o["at"][1]) + 1.2, f"{o['name']} ({o['points']})", fontsize=7,
                ha="center", va="top", zorder=4)
    if obs is not None:
        for m in obs.get("minefields", []):
            (x, y), (w, d) = m["corner"], m["size"]
            ax.add_patch(Rectangle((x, y), w, d, facecolor="none", edgecolor="#c0307a", hatch="xx", zorder=3))
        for e in obs.get("enemy", []):
            if e["detected"] == "aware":
                ax.add_patch(Circle((e["near"][0], e["near"][1]), 1.2, facecolor="#fff4c2", edgecolor=ENEMY,
                                    zorder=5))
                ax.text(e["near"][0], e["near"][1], "?", ha="center", va="center", fontsize=10, zorder=6)
            else:
                _brigade_unit(ax, e, ENEMY)
        for u in obs.get("units", []):
            if u.get("status") == "on" and not u.get("aboard"):
                _brigade_unit(ax, u, OWN)
    ax.set_xlim(0, float(field.width))
    ax.set_ylim(float(field.depth), 0)
    ax.set_aspect("equal")
    ax.set_xlabel('inches (1" = 20 yards)', fontsize=8)
    _scale_bar(ax, float(field.width), float(field.depth))


def _brigade_unit(ax: Axes, u: dict[str, Any], colour: str) -> None:
    figures = u.get("figures") or []
    at = _centre(figures)
    if at is None:
        return
    for p in figures:
        ax.add_patch(Circle((float(p[0]), float(p[1])), 0.25, color=colour, alpha=0.6, zorder=4))
    kind = symbol_of("brigade", u["type"])
    facing = u.get("facing")
    arrow = kind in ("tank", "transport") and isinstance(facing, int | float)
    rad = math.radians(float(facing)) if isinstance(facing, int | float) else 0.0
    # the table's y grows down the picture: an arrow with cos > 0.3 points down across the label's usual place
    _counter(ax, at[0], at[1], 3.0, colour, kind, u["id"], bool(u.get("pinned")),
             label_above=arrow and math.cos(rad) > 0.3)
    if arrow:
        _arrow(ax, at[0], at[1], math.sin(rad), math.cos(rad), 3.2, "black", 0.18)


def _scale_bar(ax: Axes, width: float, depth: float) -> None:
    """A bar of 10 inches (200 yards, seed 004 "Basic scales") in the table's near corner."""
    x, y = 1.5, depth - 1.5
    ax.add_patch(Rectangle((x, y - 0.4), 5, 0.4, facecolor="black", zorder=9))
    ax.add_patch(Rectangle((x + 5, y - 0.4), 5, 0.4, facecolor="white", edgecolor="black", zorder=9))
    ax.text(x + 5, y - 0.7, '10" = 200 yards', ha="center", va="bottom", fontsize=7, zorder=9,
            bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.7, "linewidth": 0})


def board_figure(game: Game, obs: dict[str, Any] | None, title: str) -> Figure:
    """The board of ``game`` as ``obs`` shows it (``None``: the bare table of a Brigade scenario, set-up secret)."""
    if game.ruleset == "company-fire":
        board = game.scenario.board  # type: ignore[attr-defined]
        fig, ax = plt.subplots(figsize=(max(4.0, board.width * 0.9), max(4.0, board.height * 0.9) + 0.6))
        _cf(ax, game, obs or {})
        ax.set_aspect("equal")
    elif game.ruleset == "brigade":
        field = game.scenario.field  # type: ignore[attr-defined]
        scale = 10.0 / max(float(field.width), float(field.depth))
        fig, ax = plt.subplots(figsize=(float(field.width) * scale + 1, float(field.depth) * scale + 1.2))
        _brigade(ax, game, obs)
    else:
        raise UsageError(f"warroom draws the boards of company-fire and brigade, not {game.ruleset}")
    ax.set_title(title, fontsize=10)
    if obs is not None and (obs.get("units") or obs.get("enemy")):
        handles = [Rectangle((0, 0), 1, 1, color=OWN), Rectangle((0, 0), 1, 1, color=ENEMY)]
        labels = ([game.sides[0], ", ".join(game.sides[1:])] if obs.get("umpire")
                  else [f"{obs.get('side')} (own)", "the enemy, as seen"])
        ax.legend(handles, labels, loc="upper right", fontsize=7, framealpha=0.8)
    fig.tight_layout()
    return fig


def write_whole(path: Path, write: Callable[[Path], object], option: str, formats: tuple[str, ...] = FORMATS) -> Path:
    """Write a file whole or not at all: ``write`` fills a temporary file in the same folder, which then
    replaces ``path``; any failure leaves ``path`` as it was and is one :class:`UsageError` naming it."""
    path = Path(path)
    if path.suffix.lower() not in formats:
        raise UsageError(f"{option} {path}: the file must end in {' or '.join(formats)}")
    with writing(path, option.lstrip("-") + " picture") as temporary:
        write(temporary)
    return path


def draw_board(game: Game, obs: dict[str, Any] | None, title: str, path: Path, option: str = "--png") -> Path:
    """Draw the board (:func:`board_figure`) to ``path`` (.png or .svg), written whole."""
    def write(temporary: Path) -> None:
        fig = board_figure(game, obs, title)
        try:
            fig.savefig(temporary, dpi=110, format=path.suffix.lower().lstrip("."))
        finally:
            plt.close(fig)

    return write_whole(path, write, option)
