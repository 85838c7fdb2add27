"""Brigade observations as tensors: the inch table read on a grid of :data:`CELL` inches, and a vector, built from
one side's ``observation(side)`` and the scenario's public map only (docs/rl.md lists them plane by plane).

Seed 004 "Basic scales": 1 inch is 20 yards; the game sets a company's figures 1.25 inches apart in line. A plane
cell of :data:`CELL` = 2 inches (40 yards) holds one or two figures of a company in line, so a company's frontage
spans several cells and a 72 x 48 inch table is 36 x 24 cells. The map (seed 003 "Terrain, Buildings and Other
Features", reading BR-1) is rasterised once: a cell is of a terrain kind when its centre lies in the
feature's outline (areas, works, hills), within half a cell of a hedge, wall or ridge, or within half the
corridor's width (and at least half a cell) of a road, river or bridge; a hill's contour levels count up in
``elevation``. Units and marks are counted in the cell under each figure or point. What a side sees comes
from its observation only (seed 004 "Detection": spotted enemies where and what, an enemy it is only aware of
near a point rounded to 4 inches, minefields its own or found).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
from matplotlib.path import Path as Outline

from warroom.rulesets.brigade.game.units import TYPES
from warroom.rulesets.brigade.table import MAPPING

CELL = 2.0
"""Inches of table a plane cell covers, each way."""
KINDS = ("infantry", "cavalry", "hq", "observer", "support", "gun", "vehicle")
TERRAIN_KINDS = tuple(k for k, m in MAPPING.kinds.items() if m.layer != "none")
PHASES = ("requests", "orders", "indirect", "pins", "over")


def plane_names() -> list[str]:
    names = [f"terrain:{k}" for k in TERRAIN_KINDS] + ["elevation", "objective_points"]
    names += [f"own:{k}" for k in KINDS] + ["own:pinned", "own:stuck", "own:limbered", "own:mounted", "own:ordered"]
    names += [f"enemy:{k}" for k in KINDS] + ["enemy:pinned", "enemy:aware"]
    names += ["mines_own", "mines_enemy_found", "mission_aim", "mission_landed", "aiming_points"]
    return names


def vector_names(sides: tuple[str, ...]) -> list[str]:
    return ([f"side:{s}" for s in sides] + ["to_act_own", "to_act_enemy", "moving_own", "period", "move"]
            + [f"phase:{p}" for p in PHASES] + ["companies_lost_own", "companies_lost_enemy", "own_units_on",
                                                "enemy_spotted", "enemy_aware", "missions_due"])


def _segment_distance(px: np.ndarray, py: np.ndarray, a: tuple[float, float], b: tuple[float, float]) -> np.ndarray:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = np.zeros_like(px) if length == 0 else np.clip(((px - ax) * dx + (py - ay) * dy) / length, 0.0, 1.0)
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


class BrigadeEncoder:
    """Encodes one Brigade scenario's observations (one instance per game; the static planes are kept)."""

    def __init__(self, game: Any) -> None:
        field = game.scenario.field
        self.width = max(1, math.ceil(float(field.width) / CELL))
        self.height = max(1, math.ceil(float(field.depth) / CELL))
        self.sides: tuple[str, ...] = tuple(game.sides)
        self.planes = plane_names()
        self.vector = vector_names(self.sides)
        self.p = {n: k for k, n in enumerate(self.planes)}
        self.v = {n: k for k, n in enumerate(self.vector)}
        self.shape = (len(self.planes), self.height, self.width)
        self.own_units = [f"own:{k}" for k in KINDS]
        self.enemy_units = [f"enemy:{k}" for k in KINDS]
        static = np.zeros(self.shape, dtype=np.float32)
        ys, xs = np.mgrid[0:self.height, 0:self.width]
        cx, cy = (xs + 0.5) * CELL, (ys + 0.5) * CELL
        centres = np.column_stack([cx.ravel(), cy.ravel()])
        layout = field.layout
        for f in field.features:
            if f.kind not in TERRAIN_KINDS:
                continue
            pts = [(float(x), float(y)) for x, y in f.points]
            if f.layer in ("cover", "works", "relief") and len(pts) >= 3:
                inside = Outline(pts).contains_points(centres).reshape(self.height, self.width)
            else:
                reach = max(CELL / 2, layout.width_of(f) / 2) if f.layer == "corridor" else CELL / 2
                dist = np.full(cx.shape, np.inf)
                for a, b in itertools.pairwise(pts):
                    dist = np.minimum(dist, _segment_distance(cx, cy, a, b))
                inside = dist <= reach
            static[self.p[f"terrain:{f.kind}"]][inside] = 1.0
            if f.layer == "relief":
                static[self.p["elevation"]][inside] += 1.0
                for ring in getattr(f, "upper_levels", ()) or ():
                    if len(ring) >= 3:
                        up = Outline([(float(x), float(y)) for x, y in ring]).contains_points(centres)
                        static[self.p["elevation"]][up.reshape(self.height, self.width)] += 1.0
        self.radius = {o.name: float(o.radius) for o in game.scenario.spec.objectives}
        for o in game.scenario.spec.objectives:
            near = np.hypot(cx - o.at[0], cy - o.at[1]) <= max(float(o.radius), CELL / 2)
            static[self.p["objective_points"]][near] += o.points
        self.static = static
        self.own_fields = {s: {m.name for m in game.ctx.minefields if m.owner == s} for s in self.sides}
        """Each side's own minefields by name: its own set-up, which it knows (an enemy field reaches it only when
        found, seed 003 "MINES", readings BR-142, BR-175)."""

    def cell(self, x: float, y: float) -> tuple[int, int]:
        """The (row, column) of the cell under a point of the table, points on the far edges in the last cell."""
        return (min(self.height - 1, max(0, int(y // CELL))), min(self.width - 1, max(0, int(x // CELL))))

    def encode(self, obs: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        side = obs["side"]
        P = self.static.copy()
        p, v = self.p, self.v
        V = np.zeros(len(self.vector), dtype=np.float32)
        on = 0
        for u in obs["units"]:
            if u["status"] != "on" or u.get("aboard"):
                continue
            on += 1
            kind = TYPES[u["type"]].kind
            flags = [f for f in ("pinned", "stuck", "limbered", "mounted") if u.get(f)]
            if u.get("order"):
                flags.append("ordered")
            for x, y in u["figures"]:
                r, c = self.cell(x, y)
                P[p[f"own:{kind}"], r, c] += 1.0
                for f in flags:
                    P[p[f"own:{f}"], r, c] += 1.0
        spotted = aware = 0
        for e in obs["enemy"]:
            if e["detected"] == "spotted":
                spotted += 1
                kind = TYPES[e["type"]].kind
                for x, y in e["figures"]:
                    r, c = self.cell(x, y)
                    P[p[f"enemy:{kind}"], r, c] += 1.0
                    if e["pinned"]:
                        P[p["enemy:pinned"], r, c] += 1.0
            else:
                aware += 1
                r, c = self.cell(*e["near"])
                P[p["enemy:aware"], r, c] += 1.0
        for m in obs["minefields"]:
            (x0, y0), (w, d) = m["corner"], m["size"]
            r0, c0 = self.cell(x0, y0)
            r1, c1 = self.cell(x0 + w, y0 + d)
            own = m["name"] in self.own_fields[side]
            P[p["mines_own" if own else "mines_enemy_found"], r0:r1 + 1, c0:c1 + 1] = 1.0
        due = 0
        for m in obs["missions"]:
            r, c = self.cell(*m["aim"])
            P[p["mission_aim"], r, c] += 1.0
            due += m["landed"] is None
            if m["landed"]:
                r, c = self.cell(*m["landed"])
                P[p["mission_landed"], r, c] += 1.0
        for a in obs["aiming_points"]:
            r, c = self.cell(*a["at"])
            P[p["aiming_points"], r, c] += 1.0
        V[v[f"side:{side}"]] = 1.0
        if obs["to_act"] is not None:
            V[v["to_act_own" if obs["to_act"] == side else "to_act_enemy"]] = 1.0
        V[v["moving_own"]] = float(obs["moving"] == side)
        V[v["period"]] = obs["period"]
        V[v["move"]] = obs["move"]
        if obs["phase"] in PHASES:
            V[v[f"phase:{obs['phase']}"]] = 1.0
        lost = obs["companies_lost"]
        V[v["companies_lost_own"]] = lost.get(side, 0)
        V[v["companies_lost_enemy"]] = sum(n for s, n in lost.items() if s != side)
        V[v["own_units_on"]] = on
        V[v["enemy_spotted"]] = spotted
        V[v["enemy_aware"]] = aware
        V[v["missions_due"]] = due
        return P, V

    def tally(self, obs: dict[str, Any], side: str) -> tuple[float, float]:
        """(objective points the side holds less those the enemy holds, enemy companies lost less its own) as
        ``side``'s observation ``obs`` shows them: an objective is held with own figures within its radius and no
        enemy figure the side has spotted (seed 004 "Winning and Losing", BR-100, BR-104)."""
        held = 0.0
        own = [f for u in obs["units"] if u["status"] == "on" for f in u["figures"]]
        enemy = [f for e in obs["enemy"] if e["detected"] == "spotted" for f in e["figures"]]
        for o in obs["objectives"]:
            ox, oy = o["at"]
            radius = self.radius.get(o["name"], 0.0)

            def near(figs: list[Any], ox: float = ox, oy: float = oy, radius: float = radius) -> bool:
                return any((x - ox) ** 2 + (y - oy) ** 2 <= radius * radius for x, y in figs)

            mine, theirs = near(own), near(enemy)
            held += o["points"] if mine and not theirs else -o["points"] if theirs and not mine else 0.0
        lost_by = obs["companies_lost"]
        lost = float(sum(n for s, n in lost_by.items() if s != side) - lost_by.get(side, 0))
        return held, lost

    def ansi(self, planes: np.ndarray) -> str:
        """The table as text, a character a cell: ``O`` own figures, ``X`` spotted enemies, ``?`` an enemy the side
        is aware of, ``#`` cover or works, ``^`` a hill, ``=`` a road or river, ``+`` a hedge, wall or ridge."""
        p = self.p
        layer = {k: MAPPING.kinds[k].layer for k in TERRAIN_KINDS}
        marks = {"cover": "#", "works": "#", "relief": "^", "corridor": "=", "line": "+"}
        own = sum(planes[p[f"own:{k}"]] for k in KINDS)
        enemy = sum(planes[p[f"enemy:{k}"]] for k in KINDS)
        lines = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                ch = "."
                for k in TERRAIN_KINDS:
                    if planes[p[f"terrain:{k}"], r, c]:
                        ch = marks[layer[k]]
                if planes[p["enemy:aware"], r, c]:
                    ch = "?"
                if enemy[r, c]:
                    ch = "X"
                if own[r, c]:
                    ch = "O"
                row.append(ch)
            lines.append("".join(row))
        return "\n".join(lines)
