"""Company Fire observations as tensors: board planes, one per grid space, and a vector, built from one side's
``observation(side)`` and the scenario's public map only (docs/rl.md lists them plane by plane).

The map is what both sides know before play (seed 002 "Grid Size", "Terrain", "Area Terrain", "Edge Terrain";
readings CF-27 ... CF-38): area terrain, roads, edge terrain, objectives and their points, and the line of
sight the terrain allows (seed "Line of Sight (LOS)", CF-20 ... CF-26) between every two spaces. Everything
else comes from the observation, which holds nothing the side has not seen (fog of war, CF-46 ... CF-48,
CF-57): own units in full, enemy units on the table as seen, blinds as markers, minefields as CF-52 says.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from warroom.rulesets.company_fire.board import TERRAIN
from warroom.rulesets.company_fire.los import visible
from warroom.rulesets.company_fire.units import CATALOGUE

STATUSES = ("good_order", "pinned", "suppressed")
FLAGS = ("moved", "fired", "done", "hidden", "occupies_bocage")
DIRECTIONS = ("N", "E", "S", "W")
SEGMENTS = ("artillery arrival", "artillery declaration", "leader moves", "rally", "group fire", "close assault",
            "individual move and fire", "reaction fire")
CARD_KINDS = ("move", "fire", "face")
DECISIONS = ("ca_retreat", "lose", "occupy", "opfire", "retreat", "sacrifice")
MARKS_KEPT = 100_000
"""The most kinds of unit (side, type, status, facing, flags and space) whose plane marks an encoder keeps, and
the most sets of own spaces whose line of sight it keeps."""


def plane_names() -> list[str]:
    """The planes in order (the same for every Company Fire scenario; the grid's size is the scenario's)."""
    names = [f"terrain:{k}" for k in TERRAIN.area] + ["road"]
    names += [f"edge:{k}:{d}" for k in TERRAIN.edge for d in DIRECTIONS]
    names += ["objective_points", "objective_held_own", "objective_held_enemy", "los_own"]
    for who in ("own", "enemy"):
        names += [f"{who}:type:{t}" for t in CATALOGUE]
        names += [f"{who}:status:{s}" for s in STATUSES]
        names += [f"{who}:facing:{d}" for d in DIRECTIONS]
    names += [f"own:{f}" for f in FLAGS] + ["enemy:occupies_bocage"]
    names += ["blind_own", "blind_enemy", "smoke", "mines_own_real", "mines_own_dummy", "mines_enemy_marked",
              "mines_path_found", "mission_own_he", "mission_own_smoke", "mission_enemy"]
    return names


def vector_names() -> list[str]:
    return (["side_attacker", "side_defender", "to_act_own", "to_act_enemy", "phasing_own", "turn", "clock"]
            + [f"card:{k}" for k in CARD_KINDS] + [f"segment:{s}" for s in SEGMENTS]
            + ["decision:none"] + [f"decision:{d}" for d in DECISIONS]
            + ["missions_left_he", "missions_left_smoke", "objective_points_own", "objective_points_enemy",
               "own_units_alive", "enemy_units_seen", "blinds_enemy"])


class CFEncoder:
    """Encodes one Company Fire scenario's observations (one instance per game; the static planes are kept)."""

    def __init__(self, game: Any) -> None:
        board = game.scenario.board
        self.width, self.height = board.width, board.height
        self.sides: tuple[str, ...] = tuple(game.sides)
        self.planes = plane_names()
        self.vector = vector_names()
        self.p = {n: k for k, n in enumerate(self.planes)}
        self.v = {n: k for k, n in enumerate(self.vector)}
        self.shape = (len(self.planes), self.height, self.width)
        self.own_units = [f"own:type:{t}" for t in CATALOGUE]
        self.enemy_units = [f"enemy:type:{t}" for t in CATALOGUE]
        static = np.zeros(self.shape, dtype=np.float32)
        terrain = list(TERRAIN.area)
        for c, r in board.spaces():
            static[terrain.index(board.area_at((c, r))), r, c] = 1.0
            if board.has_road((c, r)):
                static[self.p["road"], r, c] = 1.0
        for (a, b), kind in board.edges:
            for here, there in ((a, b), (b, a)):
                d = "N" if there[1] < here[1] else "S" if there[1] > here[1] else "W" if there[0] < here[0] else "E"
                static[self.p[f"edge:{kind}:{d}"], here[1], here[0]] = 1.0
        self.objectives = [(o.at, o.points) for o in game.scenario.victory.objectives]
        for (c, r), pts in self.objectives:
            static[self.p["objective_points"], r, c] += pts
        self.static = static
        spaces = board.spaces()
        table = game.los
        n = len(spaces)
        los = np.zeros((n, self.height, self.width), dtype=bool)
        for i, a in enumerate(spaces):
            for b in spaces:
                if visible(table, a, b):
                    los[i, b[1], b[0]] = True
        self.los = los
        self.space_row = {(c, r): c + r * self.width for c, r in spaces}
        self._unit_marks: dict[tuple[Any, ...], tuple[int, ...]] = {}
        self._card = {c: self.v[f"card:{c}"] for c in CARD_KINDS}
        self._segment = {g: self.v[f"segment:{g}"] for g in SEGMENTS}
        self._decision = {d: self.v[f"decision:{d}"] for d in DECISIONS}
        self._sight: dict[tuple[int, ...], np.ndarray] = {}

    def _planes_of(self, key: tuple[Any, ...]) -> list[int]:
        """The planes a unit counts in: by its side, type, status, facing, and own flags (in the order of
        :data:`FLAGS`) or enemy bocage."""
        own, kind, status, facing, *flags = key
        who = "own" if own else "enemy"
        out = [self.p[f"{who}:type:{kind}"], self.p[f"{who}:status:{status}"]]
        if facing:
            out.append(self.p[f"{who}:facing:{facing}"])
        if own:
            out += [self.p[f"own:{f}"] for f, on in zip(FLAGS, flags, strict=True) if on]
        elif flags[0]:
            out.append(self.p["enemy:occupies_bocage"])
        return out

    def _marks_of(self, key: tuple[Any, ...]) -> tuple[int, ...]:
        """The flat indices a unit marks in the planes (:meth:`_planes_of` at its space), kept for the next unit
        alike in every way (a bounded store: it starts afresh past :data:`MARKS_KEPT` kinds)."""
        c, r = key[-2:]
        at_cell = r * self.width + c
        cell = self.height * self.width
        got = tuple(k * cell + at_cell for k in self._planes_of(key[:-2]))
        if len(self._unit_marks) >= MARKS_KEPT:
            self._unit_marks.clear()
        self._unit_marks[key] = got
        return got

    def encode(self, obs: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        """The planes (float32, channels x rows x columns) and the vector of one side's observation.

        Every mark is gathered as a flat index into the planes and counted onto a copy of the static planes at once."""
        side = obs["side"]
        p = self.p
        w, cell = self.width, self.height * self.width
        marks: list[int] = []
        add = marks.append
        own_spaces: set[tuple[int, int]] = set()
        alive = seen = 0
        marks_of = self._unit_marks
        for u in obs["units"]:
            at = u["at"]
            status = u["status"]
            if at is None or status not in STATUSES:
                continue
            c, r = at
            if u["side"] == side:  # FLAGS' order, then the space
                key: tuple[Any, ...] = (True, u["type"], status, u.get("facing", ""), u["moved"], u["fired"],
                                        u["done"], u["hidden"], u["occupies_bocage"], c, r)
                alive += 1
                own_spaces.add((c, r))
            else:
                key = (False, u["type"], status, u.get("facing", ""), u["occupies_bocage"], c, r)
                seen += 1
            got = marks_of.get(key)
            if got is None:
                got = self._marks_of(key)
            marks.extend(got)
        blinds = 0
        for b in obs["blinds"]:
            c, r = b["at"]
            if b["side"] == side:
                own_spaces.add((c, r))
                add(p["blind_own"] * cell + r * w + c)
            else:
                blinds += 1
                add(p["blind_enemy"] * cell + r * w + c)
        smoke = [s["at"][1] * w + s["at"][0] for s in obs["smoke"]]
        for m in obs["minefields"]:
            c, r = m["at"]
            if m["laid_by"] == side:
                add(p["mines_own_real" if m.get("real") else "mines_own_dummy"] * cell + r * w + c)
            else:
                add(p["mines_enemy_marked"] * cell + r * w + c)
                if m.get("path_found"):
                    add(p["mines_path_found"] * cell + r * w + c)
        for m in obs["fire_missions_marked"]:
            c, r = m["at"]
            name = "mission_enemy" if m["side"] != side else f"mission_own_{m['kind']}"
            if name in p:
                add(p[name] * cell + r * w + c)
        held_own = held_enemy = 0.0
        for o, (_, pts) in zip(obs["objectives"], self.objectives, strict=True):
            if o["held_by"] is None:
                continue
            c, r = o["at"]
            if o["held_by"] == side:
                held_own += pts
                add(p["objective_held_own"] * cell + r * w + c)
            else:
                held_enemy += pts
                add(p["objective_held_enemy"] * cell + r * w + c)
        P = self.static.copy()
        np.add.at(P.reshape(-1), marks, np.float32(1.0))  # a mark made twice (two units alike) counts twice
        if smoke:
            P[p["smoke"]].flat[smoke] = 1.0
        if own_spaces:
            rows = tuple(sorted(self.space_row[sp] for sp in own_spaces if sp[1] * w + sp[0] not in smoke))
            if rows:
                sight = self._sight.get(rows)
                if sight is None:  # the spaces seen from these: kept, as own units stay put for many steps
                    if len(self._sight) >= MARKS_KEPT:
                        self._sight.clear()
                    sight = self._sight[rows] = np.asarray(self.los[list(rows)].any(axis=0))
                seen_from = sight
                if smoke:
                    seen_from = seen_from.copy()
                    seen_from.flat[smoke] = False
                P[p["los_own"]] = seen_from
        v = self.v
        V = [0.0] * len(self.vector)
        V[v[f"side_{side}"]] = 1.0
        if obs["to_act"] is not None:
            V[v["to_act_own" if obs["to_act"] == side else "to_act_enemy"]] = 1.0
        V[v["phasing_own"]] = float(obs["phasing"] == side)
        V[v["turn"]] = obs["turn"]
        V[v["clock"]] = obs["clock"]
        k = self._card.get(obs["card_kind"])
        if k is not None:
            V[k] = 1.0
        k = self._segment.get(obs["segment"])
        if k is not None:
            V[k] = 1.0
        V[self._decision.get(obs["decision"], v["decision:none"])] = 1.0
        V[v["missions_left_he"]] = obs["fire_missions_left"]["he"]
        V[v["missions_left_smoke"]] = obs["fire_missions_left"]["smoke"]
        V[v["objective_points_own"]] = held_own
        V[v["objective_points_enemy"]] = held_enemy
        V[v["own_units_alive"]] = alive
        V[v["enemy_units_seen"]] = seen
        V[v["blinds_enemy"]] = blinds
        return P, np.asarray(V, dtype=np.float32)

    def tally(self, obs: dict[str, Any], side: str) -> tuple[float, float]:
        """(objective points the side holds less those the enemy holds, enemy units destroyed less its own) as
        ``side``'s observation ``obs`` shows them (the objectives' holders, readings CF-54, CF-55)."""
        held = 0.0
        for o, (_, p) in zip(obs["objectives"], self.objectives, strict=True):
            if o["held_by"] is not None:
                held += p if o["held_by"] == side else -p
        lost = 0.0
        for u in obs["units"]:
            if u["status"] == "destroyed":
                lost += 1.0 if u["side"] != side else -1.0
        return held, lost

    def ansi(self, planes: np.ndarray) -> str:
        """The board as text from the planes, two characters a space: the area terrain's map letter (``.`` open),
        then what is there: an own unit by its type's first letter in capitals, a seen enemy unit in small
        letters (own units first when both are), ``?`` an enemy blind, ``*`` an own blind, ``%`` smoke, else a
        space."""
        p = self.p
        codes = [TERRAIN.area[k].code for k in TERRAIN.area]
        n_terrain = len(codes)
        lines = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                ground = codes[int(np.argmax(planes[:n_terrain, r, c]))] or "."
                mark = " "
                if planes[p["smoke"], r, c]:
                    mark = "%"
                if planes[p["blind_own"], r, c]:
                    mark = "*"
                if planes[p["blind_enemy"], r, c]:
                    mark = "?"
                enemy = [t for t in CATALOGUE if planes[p[f"enemy:type:{t}"], r, c]]
                own = [t for t in CATALOGUE if planes[p[f"own:type:{t}"], r, c]]
                if enemy:
                    mark = enemy[0][0].lower()
                if own:
                    mark = own[0][0].upper()
                row.append(ground + mark)
            lines.append(" ".join(row))
        return "\n".join(lines)
