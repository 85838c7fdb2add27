"""What every game's board picture shares: the sides' colours, a counter's unit-type glyph, a facing arrow, a
figure made without pyplot's global state, and a picture written whole.

Each game draws its own board (its kit's ``picture``: ``warroom/kits/<game>/picture.py``), for every medium the
project draws a board in: ``warroom scenario show --png/--svg`` (the set-up as one viewer knows it), ``warroom
replay --png``, ``--png-every`` of ``playout`` and ``replay``. A picture is drawn from the scenario's public map and
an observation only, never a state, so a side's picture holds nothing the side has not seen (docs/architecture.md
"Fog of war is a rule").

The colour convention (:func:`side_colours`) is the one the browser's map uses: the viewer's own side blue and the
enemy red; in a view that is no one side's (the umpire's, the public set-up), the scenario's first side blue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, FancyArrow, Polygon

from warroom.core.errors import UsageError
from warroom.core.files import writing

FORMATS = (".png", ".svg", ".pdf")
"""The picture formats, chosen by the file's suffix."""

DPI = 110
"""Dots per inch of a PNG: a Company Fire space is about 90 pixels."""

@dataclass(frozen=True)
class SideColours:
    """A side's counter: its fill, its frame and the ink of what is written or drawn on it."""

    fill: str
    edge: str
    ink: str


BLUE = SideColours("#2b5c8a", "#12304d", "#ffffff")
"""The viewer's own side (the browser's ``OWN`` hue, web/static/js/symbols.js)."""
RED = SideColours("#a23b2a", "#4a140b", "#ffffff")
"""The enemy (the browser's ``ENEMY`` hue)."""


def blue_side(sides: Sequence[str], obs: Mapping[str, Any] | None) -> str:
    """The side drawn blue: the side whose observation ``obs`` is, else (the public set-up, a bare map) the
    scenario's first side. The umpire's observation is in the form of the first side's, so it is the first."""
    side = None if obs is None else obs.get("side")
    return side if isinstance(side, str) and side in sides else sides[0]


def side_colours(sides: Sequence[str], obs: Mapping[str, Any] | None) -> dict[str, SideColours]:
    """Every side's colours in a picture of ``obs``: :func:`blue_side` blue, every other side red."""
    blue = blue_side(sides, obs)
    return {side: BLUE if side == blue else RED for side in sides}


def new_figure(width: float, height: float) -> Figure:
    """A figure of ``width`` x ``height`` inches on the Agg canvas, without pyplot's global state (nothing to
    close)."""
    fig = Figure(figsize=(width, height), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def glyph(ax: Any, kind: str, x: float, y: float, w: float, h: float, ink: str, zorder: float) -> None:
    """The NATO-style glyph of a unit-type symbol (``infantry``, ``cavalry``, ``tank``, ``transport``, ``gun``,
    ``mortar``, ``mg``, ``hq``, ``observer``; anything else a ``?``) inside the box of ``w`` x ``h`` whose top
    left corner is (``x``, ``y``), the picture's y growing down. Lines only, never text (but the ``?``), so a
    glyph never reads as a unit's id."""
    left, right, top, bottom = x, x + w, y, y + h
    cx, cy = x + w / 2, y + h / 2
    ink_line = {"color": ink, "linewidth": 1.0, "zorder": zorder, "solid_capstyle": "round"}
    if kind in ("infantry", "cavalry"):
        ax.plot([left, right], [bottom, top], **ink_line)
        if kind == "infantry":
            ax.plot([left, right], [top, bottom], **ink_line)
    elif kind in ("tank", "transport"):
        ax.add_patch(Ellipse((cx, cy), w * 0.7, h * 0.55, fill=False, edgecolor=ink, linewidth=1.0, zorder=zorder))
        if kind == "transport":
            ax.plot([cx, cx], [top, bottom], **ink_line)
    elif kind == "gun":
        ax.add_patch(Circle((cx, cy), min(w, h) * 0.16, color=ink, zorder=zorder))
    elif kind == "mortar":
        ax.add_patch(Circle((cx, y + h * 0.75), min(w, h) * 0.12, fill=False, edgecolor=ink, linewidth=1.0,
                            zorder=zorder))
        ax.plot([cx, cx], [y + h * 0.63, y + h * 0.12], **ink_line)
    elif kind == "mg":
        ax.plot([cx, cx], [y + h * 0.9, y + h * 0.12], **ink_line)
        ax.plot([cx - w * 0.12, cx, cx + w * 0.12], [y + h * 0.3, y + h * 0.12, y + h * 0.3], **ink_line)
        ax.plot([cx - w * 0.14, cx + w * 0.14], [y + h * 0.6, y + h * 0.6], **ink_line)
    elif kind == "hq":
        ax.plot([x + w * 0.3, x + w * 0.3], [y + h * 0.92, y + h * 0.1], **ink_line)
        ax.add_patch(Polygon([(x + w * 0.3, y + h * 0.1), (x + w * 0.75, y + h * 0.1), (x + w * 0.75, y + h * 0.5),
                              (x + w * 0.3, y + h * 0.5)], closed=True, color=ink, zorder=zorder))
    elif kind == "observer":
        ax.add_patch(Polygon([(cx, y + h * 0.12), (x + w * 0.78, y + h * 0.86), (x + w * 0.22, y + h * 0.86)],
                             closed=True, fill=False, edgecolor=ink, linewidth=1.0, zorder=zorder))
    else:
        ax.text(cx, cy, "?", color=ink, ha="center", va="center", fontsize=6, fontweight="bold", zorder=zorder)


def facing_arrow(ax: Any, x: float, y: float, dx: float, dy: float, length: float, colour: str, width: float,
                 zorder: float = 8) -> None:
    """An arrow from (``x``, ``y``) ``length`` long along (``dx``, ``dy``): a vehicle's hull or turret facing."""
    ax.add_patch(FancyArrow(x, y, dx * length, dy * length, width=width, head_width=width * 4,
                            head_length=min(width * 4, length * 0.6), length_includes_head=True, color=colour,
                            zorder=zorder))


def write_picture(path: Path, figure: Callable[[], Figure], option: str) -> Path:
    """Draw ``figure()`` to ``path`` (.png, .svg or .pdf by its suffix) whole or not at all: a full disk or a
    read-only folder leaves ``path`` as it was, and any failure is one :class:`UsageError` naming it."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"{option} {path}: the file must end in {' or '.join(FORMATS)}")
    # while it is drawn and written: an SVG keeps its text as text, hatches are thin, one font everywhere
    with (writing(path, option.lstrip("-") + " picture") as temporary,
          rc_context({"svg.fonttype": "none", "hatch.linewidth": 0.7, "font.family": "DejaVu Sans"})):
        figure().savefig(temporary, dpi=DPI, format=suffix.lstrip("."))
    return path
