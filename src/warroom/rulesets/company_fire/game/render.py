"""A picture of a Company Fire scenario's map, as one viewer sees the set-up.

:func:`render_map` draws what :func:`.briefing.describe`'s text map shows for the same
viewer (:meth:`Scenario.view`), no more: the area terrain of each space (a muted colour,
a hatch and the terrain's map letter, so it also reads in grey), roads, edge terrain on
the space borders, linear terrain, objectives with their points, the minefield markers
the viewer sees, blinds as "?" tokens, and the units the viewer sees as counters labelled
with their ids. A side sees all its own units (those under a blind drawn dashed) and of
the enemy only its visible units, its blinds (not what is under them) and its minefield
markers (not whether they are real): readings CF-46 and CF-52.

Coordinates are the text map's: ``(col, row)``, column 0 on the left, row 0 at the top.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Patch, Polygon, Rectangle

from warroom.core.errors import UsageError
from warroom.core.files import write_with
from warroom.rulesets.company_fire.board import TERRAIN, Board, Space
from warroom.rulesets.company_fire.game.scenario_types import (
    VIEWERS,
    Blind,
    MineMark,
    Role,
    Scenario,
    SetupView,
    Unit,
    Viewer,
)

FORMATS = (".png", ".svg", ".pdf")
"""The picture formats :func:`render_map` writes, chosen by the path's suffix."""

# Muted, colour-blind-friendly fills (light to dark so they also part in grey), each with a hatch.
_AREA_STYLE: dict[str, tuple[str, str, str]] = {
    # name: (fill, hatch colour, hatch)
    "open": ("#f3efe2", "#f3efe2", ""),
    "swamp": ("#9cc3c9", "#4f7f87", "--"),
    "ploughed_fields": ("#cfae86", "#8f6c45", "||"),
    "low_fields": ("#ece3a8", "#b9aa55", "."),
    "medium_fields": ("#dcc968", "#9c8a2c", ".."),
    "full_grown_fields": ("#c2a53c", "#7d6914", "xx"),
    "orchards": ("#b2cf95", "#5f8a45", "o"),
    "heavy_woods": ("#6e9a68", "#2f5a2c", "OO"),
    "hills": ("#d3bfae", "#8a6d58", "\\\\"),
    "buildings": ("#a59cab", "#4f4656", "++"),
}
_AREA_FALLBACK = ("#dddddd", "#888888", "//")

# Edge terrain: (colour, line width in points, dash style).
_EDGE_STYLE: dict[str, tuple[str, float, Any]] = {
    "bocage_full": ("#1f4d1a", 5.5, "solid"),
    "bocage_partial": ("#1f4d1a", 4.0, (0, (1.6, 1.0))),
    "low_stone_wall": ("#6d6d6d", 3.5, "solid"),
}
_EDGE_FALLBACK = ("#000000", 2.0, "dotted")

_ROAD = "#a0522d"
_ROAD_EDGE = "#4a2a14"
_SIDE_FILL: dict[Role, str] = {"attacker": "#8c3b22", "defender": "#b9beb1"}
_SIDE_TEXT: dict[Role, str] = {"attacker": "#ffffff", "defender": "#111111"}
_SIDE_EDGE: dict[Role, str] = {"attacker": "#3d160a", "defender": "#3a3f36"}
_OBJECTIVE = "#f2c200"
_MINE = "#e0701b"
_BLIND = "#fff4c2"
_BLIND_EDGE: dict[Role, str] = {"attacker": "#8c3b22", "defender": "#4f5a49"}

_CELL_INCH = 0.85
_DPI = 110
_MAX_COUNTERS = 3
_COUNTER_W = 0.84
_COUNTER_H = 0.19
_COUNTER_TOP = 0.36
_COUNTER_GAP = 0.015
_LEGEND_COLS = 4


def render_map(scenario: Scenario, viewer: Viewer, path: str | Path) -> Path:
    """Draw the scenario's map as ``viewer`` sees the set-up and write it to ``path``.

    ``viewer`` is ``"public"``, ``"attacker"``, ``"defender"`` or ``"umpire"``; ``path``
    must end in .png, .svg or .pdf and lie in a folder that exists. Returns the path written.
    """
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"{out}: cannot draw a map to a {suffix or 'suffix-less'} file; "
                         f"allowed: {', '.join(FORMATS)}")
    if not out.parent.is_dir():
        raise UsageError(f"{out}: the folder {out.parent} does not exist; create it or choose another")
    if viewer not in VIEWERS:
        raise UsageError(f"unknown viewer {viewer!r}; allowed: {', '.join(VIEWERS)}")
    with rc_context({"svg.fonttype": "none", "hatch.linewidth": 0.7, "font.family": "DejaVu Sans"}):
        fig = _figure(scenario, viewer)
        # whole or not at all: a full disk or a read-only folder leaves no empty file behind
        return write_with(out, lambda temporary: fig.savefig(temporary, format=suffix[1:], dpi=_DPI), "map")


def _figure(s: Scenario, viewer: Viewer) -> Figure:
    b = s.board
    view = s.view(viewer)
    handles = _legend_handles(s, view)
    legend_rows = -(-len(handles) // _LEGEND_COLS)
    map_w, map_h = b.width * _CELL_INCH, b.height * _CELL_INCH
    margin_l, margin_r, margin_t = 0.55, 0.25, 0.85
    margin_b = 0.45 + 0.28 * legend_rows + 0.2
    fig_w = max(map_w + margin_l + margin_r, 10.0)
    fig_h = map_h + margin_t + margin_b
    fig = Figure(figsize=(fig_w, fig_h), dpi=_DPI)
    FigureCanvasAgg(fig)  # the Agg backend, without pyplot's global state
    left = (fig_w - map_w - margin_l - margin_r) / 2 + margin_l
    ax = fig.add_axes((left / fig_w, margin_b / fig_h, map_w / fig_w, map_h / fig_h))
    ax.set_xlim(0, b.width)
    ax.set_ylim(b.height, 0)
    ax.set_aspect("equal")
    ax.set_xticks([c + 0.5 for c in range(b.width)], [str(c) for c in range(b.width)])
    ax.set_yticks([r + 0.5 for r in range(b.height)], [str(r) for r in range(b.height)])
    ax.tick_params(length=0, labelsize=9, top=True, labeltop=True, right=False)
    ax.set_xlabel("column", fontsize=8)
    ax.set_ylabel("row", fontsize=8)
    for spine in ax.spines.values():
        spine.set_linewidth(1.2)

    _terrain(ax, b)
    _roads(ax, b)
    _edges(ax, b)
    for o in s.victory.objectives:
        _objective(ax, o.at, o.points)
    for m in view.minefields:
        _mine(ax, m)
    for bl in view.blinds:
        _blind(ax, bl)
    by_space: dict[Space, list[Unit]] = defaultdict(list)
    for u in view.units:
        by_space[u.at].append(u)
    for space, units in by_space.items():
        _counters(ax, space, units)

    whose = {"public": "what both sides see", "umpire": "the umpire's view (everything)"}.get(
        viewer, f"the {viewer}'s view")
    where = ", ".join(x for x in (s.place, s.date) if x)
    fig.suptitle(s.name, x=0.5, y=1 - 0.12 / fig_h, va="top", fontsize=15, fontweight="bold")
    fig.text(0.5, 1 - 0.42 / fig_h, f"{where}: {whose}" if where else whose, ha="center", va="top", fontsize=10)
    fig.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 0.2 / fig_h), ncol=_LEGEND_COLS,
               fontsize=8.5, frameon=True, framealpha=1.0, edgecolor="#999999", handlelength=2.4,
               handleheight=1.3, columnspacing=1.4, borderpad=0.6)
    return fig


# --- the board ----------------------------------------------------------------------------------


def _terrain(ax: Any, b: Board) -> None:
    for space in b.spaces():
        c, r = space
        name = b.area_at(space)
        fill, hatch_colour, hatch = _AREA_STYLE.get(name, _AREA_FALLBACK)
        ax.add_patch(Rectangle((c, r), 1, 1, facecolor=fill, edgecolor=hatch_colour, hatch=hatch or None,
                               linewidth=0, zorder=1))
        ax.add_patch(Rectangle((c, r), 1, 1, fill=False, edgecolor="#00000030", linewidth=0.6, zorder=2))
        code = b.terrain(space).code
        if name != "open":
            ax.text(c + 0.05, r + 0.05, code, ha="left", va="top", fontsize=8, fontweight="bold",
                    color="#222222", zorder=3,
                    bbox={"boxstyle": "square,pad=0.08", "facecolor": fill, "edgecolor": "none"})


def _roads(ax: Any, b: Board) -> None:
    segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for c, r in sorted(b.roads):
        centre = (c + 0.5, r + 0.5)
        linked = False
        for dc, dr in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            n = (c + dc, r + dr)
            if n in b.roads:
                linked = True
                if (dc, dr) in ((1, 0), (0, 1)):
                    segments.append((centre, (n[0] + 0.5, n[1] + 0.5)))
            elif not b.in_bounds(n):
                # A road on the board's rim runs off it.
                segments.append((centre, (c + 0.5 + dc * 0.5, r + 0.5 + dr * 0.5)))
                linked = True
        if not linked:
            segments.append(((c + 0.2, r + 0.5), (c + 0.8, r + 0.5)))
    for width, colour in ((7.0, _ROAD_EDGE), (5.0, _ROAD)):
        for (x0, y0), (x1, y1) in segments:
            ax.plot([x0, x1], [y0, y1], color=colour, linewidth=width, solid_capstyle="round", zorder=4)


def _edges(ax: Any, b: Board) -> None:
    for ((c0, r0), (c1, r1)), kind in b.edges:
        if r0 == r1:  # side by side: the border is vertical at x = c1
            xs, ys = [c1, c1], [r0, r0 + 1]
        else:  # one above the other: horizontal at y = r1
            xs, ys = [c0, c0 + 1], [r1, r1]
        _edge_line(ax, xs, ys, kind)
    for piece in b.linear:
        (x0, y0), (x1, y1) = piece.global_points()
        _edge_line(ax, [float(x0), float(x1)], [float(y0), float(y1)], piece.kind, linear=True)


def _edge_line(ax: Any, xs: Sequence[float], ys: Sequence[float], kind: str, linear: bool = False) -> None:
    colour, width, style = _EDGE_STYLE.get(kind, _EDGE_FALLBACK)
    # Linear terrain (inside a space) ends in dots, so it does not read as an edge.
    ax.plot(xs, ys, color=colour, linewidth=width, linestyle=style, solid_capstyle="butt",
            dash_capstyle="butt", marker="o" if linear else None, markersize=width * 2.2,
            markerfacecolor=colour, markeredgecolor="#222222", zorder=5)


# --- markers ------------------------------------------------------------------------------------


def _objective(ax: Any, at: Space, points: int) -> None:
    c, r = at
    ax.plot([c + 0.33], [r + 0.19], marker="*", markersize=17, markerfacecolor=_OBJECTIVE,
            markeredgecolor="#3b2f00", markeredgewidth=1.0, linestyle="none", zorder=7)
    ax.text(c + 0.46, r + 0.2, str(points), ha="left", va="center", fontsize=9, fontweight="bold",
            color="#111111", zorder=8,
            bbox={"boxstyle": "round,pad=0.12", "facecolor": "#fffbe6", "edgecolor": "#3b2f00", "linewidth": 0.6})


_MINE_LABEL = {"real": "M", "dummy": "m", "marker": "M"}


def _mine(ax: Any, m: MineMark) -> None:
    c, r = m.at
    cx, top = c + 0.5, r + 0.4
    tri = Polygon([(cx, top), (cx - 0.3, top + 0.5), (cx + 0.3, top + 0.5)], closed=True,
                  facecolor=_MINE if m.seen_as != "dummy" else "#f6c79f", edgecolor="#3a1a00",
                  linewidth=1.2, linestyle="solid" if m.seen_as != "dummy" else (0, (3, 2)), zorder=6)
    ax.add_patch(tri)
    label = "!" if not m.marked else _MINE_LABEL[m.seen_as]
    ax.text(cx, top + 0.32, label, ha="center", va="center", fontsize=10, fontweight="bold",
            color="#111111", zorder=7)


def _blind(ax: Any, bl: Blind) -> None:
    c, r = bl.at
    cx, cy = c + 0.82, r + 0.19
    ax.add_patch(Circle((cx, cy), 0.15, facecolor=_BLIND, edgecolor=_BLIND_EDGE[bl.side], linewidth=2.0, zorder=8))
    label = "?" if bl.units is None else f"?{bl.units}"
    ax.text(cx, cy + 0.01, label, ha="center", va="center", fontsize=9 if bl.units is None else 7.5,
            fontweight="bold", color="#111111", zorder=9)


def _counters(ax: Any, at: Space, units: list[Unit]) -> None:
    c, r = at
    shown = units[:_MAX_COUNTERS]
    left = c + (1 - _COUNTER_W) / 2
    for i, u in enumerate(shown):
        y = r + _COUNTER_TOP + i * (_COUNTER_H + _COUNTER_GAP)
        ax.add_patch(FancyBboxPatch((left, y), _COUNTER_W, _COUNTER_H, boxstyle="round,pad=0,rounding_size=0.04",
                                    facecolor=_SIDE_FILL[u.side], edgecolor=_SIDE_EDGE[u.side],
                                    linewidth=1.4 if u.hidden else 0.9,
                                    linestyle=(0, (2.5, 1.5)) if u.hidden else "solid",
                                    alpha=0.75 if u.hidden else 1.0, zorder=10))
        size = 8.0 if len(u.id) <= 7 else 7.0
        ax.text(left + _COUNTER_W / 2, y + _COUNTER_H / 2 + 0.005, u.id, ha="center", va="center", fontsize=size,
                fontweight="bold", fontstyle="italic" if u.hidden else "normal", color=_SIDE_TEXT[u.side],
                zorder=11)
    if len(units) > _MAX_COUNTERS:  # stacking allows three; never on a checked scenario
        ax.text(c + 0.95, r + 0.97, f"+{len(units) - _MAX_COUNTERS}", ha="right", va="bottom", fontsize=7,
                zorder=11)


# --- the legend ---------------------------------------------------------------------------------


def _legend_handles(s: Scenario, view: SetupView) -> list[Any]:
    used = set(s.board.area)
    handles: list[Any] = []
    for name, row in TERRAIN.area.items():
        if name not in used:
            continue
        fill, hatch_colour, hatch = _AREA_STYLE.get(name, _AREA_FALLBACK)
        label = row.label if name == "open" else f"{row.code}  {row.label}"
        handles.append(Patch(facecolor=fill, edgecolor=hatch_colour, hatch=hatch or None, linewidth=0.6,
                             label=label))
    if s.board.roads:
        handles.append(Line2D([], [], color=_ROAD, linewidth=5, label="road"))
    kinds = {k for _, k in s.board.edges}
    for kind, edge_row in TERRAIN.edge.items():
        if kind in kinds:
            colour, width, style = _EDGE_STYLE.get(kind, _EDGE_FALLBACK)
            handles.append(Line2D([], [], color=colour, linewidth=width, linestyle=style, label=edge_row.label))
    for kind in sorted({p.kind for p in s.board.linear}):
        colour, width, style = _EDGE_STYLE.get(kind, _EDGE_FALLBACK)
        handles.append(Line2D([], [], color=colour, linewidth=width, linestyle=style, marker="o",
                              markersize=width * 2.2, markerfacecolor=colour, markeredgecolor="#222222",
                              label=f"{TERRAIN.edge[kind].label}, linear (inside a space)"))
    if s.victory.objectives:
        handles.append(Line2D([], [], marker="*", markersize=14, markerfacecolor=_OBJECTIVE,
                              markeredgecolor="#3b2f00", linestyle="none", label="objective (points)"))
    seen = {m.seen_as for m in view.minefields}
    mine_labels = {"marker": "M  minefield marker (real or dummy)", "real": "M  real minefield",
                   "dummy": "m  dummy minefield"}
    for kind in ("marker", "real", "dummy"):
        if kind in seen:
            handles.append(Line2D([], [], marker="^", markersize=12, linestyle="none",
                                  markerfacecolor=_MINE if kind != "dummy" else "#f6c79f",
                                  markeredgecolor="#3a1a00", label=mine_labels[kind]))
    if any(not m.marked for m in view.minefields):
        handles.append(Line2D([], [], marker="^", markersize=12, linestyle="none", markerfacecolor=_MINE,
                              markeredgecolor="#3a1a00", label="!  unmarked minefield"))
    if view.blinds:
        label = "? a blind" + (" (?n: n units under it, ?0 a dummy)" if any(bl.units is not None
                                                                           for bl in view.blinds) else "")
        handles.append(Line2D([], [], marker="o", markersize=11, linestyle="none", markerfacecolor=_BLIND,
                              markeredgecolor="#555555", markeredgewidth=1.5, label=label))
    for role in ("attacker", "defender"):
        handles.append(Patch(facecolor=_SIDE_FILL[role], edgecolor=_SIDE_EDGE[role],
                             label=f"{role} unit"))
    if any(u.hidden for u in view.units):
        handles.append(Patch(facecolor="#dddddd", edgecolor="#333333", linestyle=(0, (2.5, 1.5)),
                             label="unit under a blind (only its side sees it)"))
    return handles
