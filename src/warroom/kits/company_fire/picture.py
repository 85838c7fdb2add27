"""A picture of a Company Fire board (PNG, SVG, PDF), as one side's observation, the umpire's or the public set-up
shows it: the one drawer of ``warroom scenario show --png/--svg``, ``warroom replay --png`` and ``--png-every``.

:func:`picture` draws the scenario's public map (seed 002 "Grid Size", "Terrain", "Edge Terrain"; readings CF-27
... CF-38): the area terrain of each space (a muted colour, a hatch and the terrain's map letter, so it also reads
in grey), roads, edge terrain on the space borders, linear terrain and the objectives with their points. Over it,
what the observation holds and no more: the minefield markers the side sees, blinds as ``?`` tokens (``?n`` where
the side knows the n units under it, ``?0`` a dummy), and the units it sees as counters in its side's colour
(:func:`warroom.present.picture.side_colours`) with a unit-type symbol and the unit's id; a unit under its own
blind drawn dashed, a pinned or suppressed unit marked, a vehicle's hull facing as an arrow and its turret, when
turned off the hull, as a thinner one (seed 002 "Vehicle Facing"). A side sees all its own units and of the enemy
only its visible units, its blinds (not what is under them) and its minefield markers (not whether they are real):
readings CF-46 and CF-52.

:func:`setup_observation` gives the set-up as a viewer knows it before play (:meth:`Scenario.view`, what
:func:`.briefing.describe`'s text map shows) in the form of an observation, so the set-up and the game are drawn
by the same code. Coordinates are the text map's: ``(col, row)``, column 0 on the left, row 0 at the top.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Patch, Polygon, Rectangle

from warroom.core.errors import UsageError, suggest
from warroom.present.picture import SideColours, facing_arrow, glyph, new_figure, side_colours
from warroom.rulesets.company_fire.board import TERRAIN, Board
from warroom.rulesets.company_fire.game.scenario_types import VIEWERS

if TYPE_CHECKING:
    from warroom.core.game import Game
    from warroom.rulesets.company_fire.game.scenario_types import Scenario

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
_OBJECTIVE = "#f2c200"
_MINE = "#e0701b"
_BLIND = "#fff4c2"
_STATUS = {"pinned": ("#e0a800", "P"), "suppressed": ("#c62828", "S")}
"""A unit's status off good order, as the browser's map marks it (web/static/js/board_cf.js): colour, letter."""
_GONE = frozenset({"destroyed", "removed"})
_FACING = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}

_CELL_INCH = 0.85
_MAX_COUNTERS = 3
_COUNTER_W = 0.88
_COUNTER_H = 0.19
_COUNTER_TOP = 0.36
_COUNTER_GAP = 0.015
_GLYPH_W = 0.17
_LEGEND_COLS = 4


def symbol_of(type_name: str) -> str:
    """The unit-type symbol drawn on a counter (seed 002 "Figures" and "Vehicles"): ``infantry``, ``tank``,
    ``mg``, ``mortar``, ``gun``, ``hq``, ``observer``, ``transport`` or ``unit``."""
    name = type_name
    if name.endswith("_squad") or name in ("scout", "sniper"):
        return "infantry"
    if name.endswith("_gun"):  # an anti-tank gun, before the tanks its name also holds
        return "gun"
    if "tank" in name or name == "armoured_car":
        return "tank"
    if name in ("half_track", "truck"):
        return "transport"
    if name in ("mmg", "hmg"):
        return "mg"
    if "mortar" in name:
        return "mortar"
    if name in ("platoon_leader", "company_commander"):
        return "hq"
    if name == "forward_observer":
        return "observer"
    return "unit"


# --- the set-up as an observation ---------------------------------------------------------------------------


def viewer_named(viewer: str) -> str:
    """``viewer`` as one of :data:`VIEWERS`; else one clear error listing them."""
    name = viewer.strip().lower()
    if name not in VIEWERS:
        raise UsageError(f"unknown viewer {viewer!r}; allowed: {', '.join(VIEWERS)}{suggest(name, list(VIEWERS))}")
    return name


def setup_observation(scenario: Scenario, viewer: str) -> dict[str, Any]:
    """What ``viewer`` (``public``, ``attacker``, ``defender`` or ``umpire``) knows of the set-up
    (:meth:`Scenario.view`, readings CF-46 and CF-52), in the form of a side's observation: ``side`` is the
    viewer's side (the attacker's form for the umpire, ``None`` in public), ``umpire`` True for the umpire."""
    name = VIEWERS[viewer_named(viewer)]
    view = scenario.view(name)
    units = []
    for u in view.units:
        unit: dict[str, Any] = {"id": u.id, "side": u.side, "type": u.type.name, "at": list(u.at),
                                "status": "good_order", "hidden": u.hidden}
        if u.facing is not None:
            unit["facing"] = u.facing
        if u.turret is not None:
            unit["turret"] = u.turret
        if u.riding is not None:
            unit["riding"] = u.riding
        units.append(unit)
    mines = []
    for m in view.minefields:
        mine: dict[str, Any] = {"at": list(m.at), "laid_by": m.laid_by, "marked": m.marked}
        if m.seen_as != "marker":
            mine["real"] = m.seen_as == "real"
        mines.append(mine)
    side = name if name in ("attacker", "defender") else "attacker" if name == "umpire" else None
    objectives = [{"name": o.name, "at": list(o.at), "held_by": o.held_by} for o in scenario.victory.objectives]
    return {"side": side, "umpire": name == "umpire", "units": units,
            "blinds": [{"side": b.side, "at": list(b.at)} for b in view.blinds], "minefields": mines,
            "objectives": objectives}


# --- the picture --------------------------------------------------------------------------------------------


def picture(game: Game, obs: Mapping[str, Any] | None, title: str) -> Figure:
    """The board of ``game`` as ``obs`` shows it (``None``: the map alone), headed ``title``."""
    s: Scenario = game.scenario  # type: ignore[attr-defined]
    seen: Mapping[str, Any] = obs or {}
    b = s.board
    colours = side_colours(game.sides, obs)
    units = [u for u in seen.get("units", ()) if u.get("at") is not None and u.get("status") not in _GONE]
    handles = _legend_handles(s, seen, units, colours)
    legend_rows = -(-len(handles) // _LEGEND_COLS)
    map_w, map_h = b.width * _CELL_INCH, b.height * _CELL_INCH
    margin_l, margin_r, margin_t = 0.55, 0.25, 0.85
    margin_b = 0.45 + 0.28 * legend_rows + 0.2
    fig_w = max(map_w + margin_l + margin_r, 10.0)
    fig_h = map_h + margin_t + margin_b
    fig = new_figure(fig_w, fig_h)
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
    for m in seen.get("minefields", ()):
        _mine(ax, m)
    knows = _knows(seen)
    for bl in seen.get("blinds", ()):
        under = None if bl["side"] not in knows else sum(
            1 for u in units if u["side"] == bl["side"] and u.get("hidden") and list(u["at"]) == list(bl["at"]))
        _blind(ax, bl, under, colours[bl["side"]])
    by_space: dict[tuple[int, int], list[Mapping[str, Any]]] = defaultdict(list)
    for u in units:
        by_space[(int(u["at"][0]), int(u["at"][1]))].append(u)
    for space, here in by_space.items():
        _counters(ax, space, here, colours)

    where = ", ".join(x for x in (s.place, s.date) if x)
    fig.suptitle(title, x=0.5, y=1 - 0.12 / fig_h, va="top", fontsize=14, fontweight="bold")
    if where:
        fig.text(0.5, 1 - 0.42 / fig_h, where, ha="center", va="top", fontsize=10)
    fig.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 0.2 / fig_h), ncol=_LEGEND_COLS,
               fontsize=8.5, frameon=True, framealpha=1.0, edgecolor="#999999", handlelength=2.4,
               handleheight=1.3, columnspacing=1.4, borderpad=0.6)
    return fig


def _knows(seen: Mapping[str, Any]) -> set[str]:
    """The sides whose own units the observation lists all of (so it knows what is under their blinds)."""
    if seen.get("umpire"):
        return {"attacker", "defender"}
    side = seen.get("side")
    return {side} if isinstance(side, str) else set()


# --- the board ----------------------------------------------------------------------------------------------


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


# --- markers ------------------------------------------------------------------------------------------------


def _objective(ax: Any, at: tuple[int, ...], points: int) -> None:
    c, r = at
    ax.plot([c + 0.33], [r + 0.19], marker="*", markersize=17, markerfacecolor=_OBJECTIVE,
            markeredgecolor="#3b2f00", markeredgewidth=1.0, linestyle="none", zorder=7)
    ax.text(c + 0.46, r + 0.2, str(points), ha="left", va="center", fontsize=9, fontweight="bold",
            color="#111111", zorder=8,
            bbox={"boxstyle": "round,pad=0.12", "facecolor": "#fffbe6", "edgecolor": "#3b2f00", "linewidth": 0.6})


def _seen_as(m: Mapping[str, Any]) -> str:
    """``real`` or ``dummy`` where the observation says (the side laid it), else a ``marker``."""
    if "real" not in m:
        return "marker"
    return "real" if m["real"] else "dummy"


_MINE_LABEL = {"real": "M", "dummy": "m", "marker": "M"}


def _mine(ax: Any, m: Mapping[str, Any]) -> None:
    c, r = m["at"]
    seen_as = _seen_as(m)
    cx, top = c + 0.5, r + 0.4
    tri = Polygon([(cx, top), (cx - 0.3, top + 0.5), (cx + 0.3, top + 0.5)], closed=True,
                  facecolor=_MINE if seen_as != "dummy" else "#f6c79f", edgecolor="#3a1a00",
                  linewidth=1.2, linestyle="solid" if seen_as != "dummy" else (0, (3, 2)), zorder=6)
    ax.add_patch(tri)
    label = "!" if not m["marked"] else _MINE_LABEL[seen_as]
    ax.text(cx, top + 0.32, label, ha="center", va="center", fontsize=10, fontweight="bold",
            color="#111111", zorder=7)


def _blind(ax: Any, bl: Mapping[str, Any], under: int | None, colours: SideColours) -> None:
    c, r = bl["at"]
    cx, cy = c + 0.82, r + 0.19
    ax.add_patch(Circle((cx, cy), 0.15, facecolor=_BLIND, edgecolor=colours.fill, linewidth=2.0, zorder=8))
    label = "?" if under is None else f"?{under}"
    ax.text(cx, cy + 0.01, label, ha="center", va="center", fontsize=9 if under is None else 7.5,
            fontweight="bold", color="#111111", zorder=9)


def _counters(ax: Any, at: tuple[int, int], units: list[Mapping[str, Any]],
              colours: Mapping[str, SideColours]) -> None:
    c, r = at
    left = c + (1 - _COUNTER_W) / 2
    for i, u in enumerate(units[:_MAX_COUNTERS]):
        y = r + _COUNTER_TOP + i * (_COUNTER_H + _COUNTER_GAP)
        _counter(ax, left, y, u, colours[u["side"]])
    if len(units) > _MAX_COUNTERS:  # stacking allows three of a side; an enemy may share the space in an assault
        ax.text(c + 0.95, r + 0.97, f"+{len(units) - _MAX_COUNTERS}", ha="right", va="bottom", fontsize=7,
                zorder=11)


def _counter(ax: Any, left: float, y: float, u: Mapping[str, Any], colours: SideColours) -> None:
    """One unit's counter: its side's colour, its type's glyph on the left, its id, its facing on the right."""
    hidden = bool(u.get("hidden"))
    ax.add_patch(FancyBboxPatch((left, y), _COUNTER_W, _COUNTER_H, boxstyle="round,pad=0,rounding_size=0.04",
                                facecolor=colours.fill, edgecolor=colours.edge,
                                linewidth=1.4 if hidden else 0.9, linestyle=(0, (2.5, 1.5)) if hidden else "solid",
                                alpha=0.75 if hidden else 1.0, zorder=10, gid=f"unit:{u['id']}"))
    glyph(ax, symbol_of(str(u.get("type", ""))), left + 0.03, y + 0.025, _GLYPH_W - 0.03, _COUNTER_H - 0.05,
          colours.ink, 11)
    facing = _FACING.get(str(u.get("facing")))
    right = left + _COUNTER_W - (0.16 if facing else 0.02)
    text_x = (left + _GLYPH_W + right) / 2
    size = 8.0 if len(u["id"]) <= 6 else 7.0
    ax.text(text_x, y + _COUNTER_H / 2 + 0.005, u["id"], ha="center", va="center", fontsize=size,
            fontweight="bold", fontstyle="italic" if hidden else "normal", color=colours.ink, zorder=11)
    if facing:
        ax_x, ax_y = left + _COUNTER_W - 0.085, y + _COUNTER_H / 2
        facing_arrow(ax, ax_x - facing[0] * 0.065, ax_y - facing[1] * 0.065, *facing, 0.13, colours.ink, 0.012,
                     zorder=12)
        turret = _FACING.get(str(u.get("turret")))
        if turret and u.get("turret") != u.get("facing"):
            facing_arrow(ax, ax_x, ax_y, *turret, 0.08, "#ffd54f", 0.006, zorder=13)
    status = _STATUS.get(str(u.get("status")))
    if status:
        ax.add_patch(Circle((left + 0.01, y + 0.01), 0.055, facecolor=status[0], edgecolor="#111111",
                            linewidth=0.6, zorder=13))
        ax.text(left + 0.01, y + 0.012, status[1], ha="center", va="center", fontsize=5.5, fontweight="bold",
                color="#ffffff", zorder=14)


# --- the legend ---------------------------------------------------------------------------------------------


def _legend_handles(s: Scenario, seen: Mapping[str, Any], units: list[Mapping[str, Any]],
                    colours: Mapping[str, SideColours]) -> list[Any]:
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
    mines = list(seen.get("minefields", ()))
    shown = {_seen_as(m) for m in mines}
    mine_labels = {"marker": "M  minefield marker (real or dummy)", "real": "M  real minefield",
                   "dummy": "m  dummy minefield"}
    for kind in ("marker", "real", "dummy"):
        if kind in shown:
            handles.append(Line2D([], [], marker="^", markersize=12, linestyle="none",
                                  markerfacecolor=_MINE if kind != "dummy" else "#f6c79f",
                                  markeredgecolor="#3a1a00", label=mine_labels[kind]))
    if any(not m["marked"] for m in mines):
        handles.append(Line2D([], [], marker="^", markersize=12, linestyle="none", markerfacecolor=_MINE,
                              markeredgecolor="#3a1a00", label="!  unmarked minefield"))
    if seen.get("blinds"):
        label = "? a blind" + (" (?n: n units under it, ?0 a dummy)" if _knows(seen) else "")
        handles.append(Line2D([], [], marker="o", markersize=11, linestyle="none", markerfacecolor=_BLIND,
                              markeredgecolor="#555555", markeredgewidth=1.5, label=label))
    own = None if seen.get("umpire") else seen.get("side")
    for side, c in colours.items():
        whose = "" if own is None else " (own)" if side == own else " (the enemy, as seen)"
        handles.append(Patch(facecolor=c.fill, edgecolor=c.edge, label=f"{side} unit{whose}"))
    if any(u.get("hidden") for u in units):
        handles.append(Patch(facecolor="#dddddd", edgecolor="#333333", linestyle=(0, (2.5, 1.5)),
                             label="unit under a blind (only its side sees it)"))
    for status, (colour, letter) in _STATUS.items():
        if any(u.get("status") == status for u in units):
            handles.append(Line2D([], [], marker="o", markersize=9, linestyle="none", markerfacecolor=colour,
                                  markeredgecolor="#111111", label=f"{letter}  {status}"))
    if any(u.get("facing") in _FACING for u in units):
        handles.append(Line2D([], [], marker=r"$\rightarrow$", markersize=11, linestyle="none", color="#111111",
                              label="vehicle facing (turret: yellow)"))
    return handles
