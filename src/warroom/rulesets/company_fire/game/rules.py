"""Company Fire game: the read-only rule queries over a position, shared by legal-action generation and play.

:class:`Rules` is the base of the frozen state (:class:`.state.CFState`) and of the working copy
(:class:`.effects.Play`): who is where and what blocks sight (seed "Line of Sight (LOS)": non-SMF units and
every blind block it as units do, CF-20 and CF-48; smoke, held bocage), where a side's blinds are (CF-46, CF-47)
and where it knows or must assume the enemy is (CF-57); vehicles' arcs of sight and fire and the weapon an
op-firing unit uses (seed "Vehicle Line of Sight", "Attacking vehicles", "Vehicle Opportunity Fire"; CF-65 ...
CF-67, CF-71, CF-76, CF-77, CF-83); what a unit may do on the card (seed "Initiative and Phase Sequence",
"Movement", "Opportunity Fire", "Group Fire", "Unit Status"; CF-44, CF-59, CF-69, CF-74, CF-78, CF-88), where
it may move (CF-38, CF-72), fall back or retreat (seed "Hit Reduction"), and riders and stacking (seed
"Stacking", CF-90, CF-95).
The answers are kept per position, shared by every state with that position (:meth:`Rules.position_memo`;
design "State"). :func:`points_of` counts victory points (CF-55), :func:`losses_of` the losses toward a side's
break point (CF-56).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.base import GameBase
from warroom.rulesets.company_fire.game.common import (
    ALIVE,
    MAX_RANGE,
    Decision,
    MineState,
    Mission,
    Smoke,
    UnitState,
    other_side,
)
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.initiative import Initiative
from warroom.rulesets.company_fire.los import visible
from warroom.rulesets.company_fire.movement import Risk
from warroom.rulesets.company_fire.movement import destinations as move_destinations
from warroom.rulesets.company_fire.movement import routes as move_routes
from warroom.rulesets.company_fire.tables import tables
from warroom.rulesets.company_fire.vehicles import in_front, sees_in_arc

_POSITIONS_KEPT = 256


def _keys(name: str) -> dict[Any, str]:
    """Memo keys per side, made once: a string made once keeps its hash."""
    return {side: f"{name} {side}" for side in (None, "attacker", "defender")}


_LIVING, _BLINDS, _KNOWN, _ENEMY_SETS, _LOSSES = (
    _keys(n) for n in ("living", "blinds", "known", "enemy sets", "losses"))
_FULL = {(side, smf): f"full {side} {smf}" for side in ("attacker", "defender") for smf in (False, True)}


class Rules(ABC):
    """What the rules ask of a position: who is where, who sees what, what each unit may do."""

    __slots__ = ()
    game: GameBase
    units: Sequence[UnitState]
    dummies: Iterable[tuple[str, Space]]
    mines: Sequence[MineState]
    init: Initiative
    missions: Sequence[tuple[int, int]]
    declared: Sequence[Mission]
    smoke: Sequence[Smoke]
    decisions: Sequence[Decision]
    _memo: dict[Any, Any] | None
    """The position's memo once looked up (hot queries read it as ``self._memo or self.memo()``)."""

    # where things are ---------------------------------------------------------------------------------

    @abstractmethod
    def memo(self) -> dict[Any, Any]:
        """Answers about this position, kept until it changes."""

    def position_memo(self) -> dict[Any, Any]:
        """The answers kept for this position, shared by every state with the same position.

        The position is where each unit is, its status, whether it is hidden and whether it holds
        bocage, the dummy blinds, the smoke and the minefields: all that the memoised queries read. Flags of the
        card (moved, fired, op fired...) are not part of it, so the states of one card mostly share
        their answers. The game keeps a bounded number of positions.
        """
        where: tuple[Any, ...]
        if self.game.transport:  # who rides decides targets, stacking and actions (CF-90 ... CF-95)
            where = tuple([(u.at, u.status, u.hidden, u.bocage, u.facing, u.turret, u.riding) for u in self.units])
        elif self.game.faces:  # facing and turret decide sight and fire (CF-65, CF-66)
            where = tuple([(u.at, u.status, u.hidden, u.bocage, u.facing, u.turret) for u in self.units])
        else:
            where = tuple([(u.at, u.status, u.hidden, u.bocage) for u in self.units])
        key = (where, frozenset(self.dummies), frozenset([s.space for s in self.smoke]), tuple(self.mines))
        positions = self.game.positions
        found = positions.get(key)
        if found is None:
            if len(positions) >= _POSITIONS_KEPT:
                positions.clear()
            found = positions[key] = {}
        return found

    def alive(self, i: int) -> bool:
        u = self.units[i]
        return u.at is not None and u.status in ALIVE

    def living(self, side: str | None = None) -> list[int]:
        m = self._memo or self.memo()
        key = _LIVING[side]
        if key not in m:
            g = self.game
            m[key] = [i for i, u in enumerate(self.units)
                      if u.at is not None and u.status in ALIVE and (side is None or g.side_of[i] == side)]
        return m[key]  # type: ignore[no-any-return]

    def at(self, space: Space, side: str | None = None) -> list[int]:
        m = self._memo or self.memo()
        if "at" not in m:
            where: dict[Space | None, list[int]] = {}
            for i in self.living():
                where.setdefault(self.units[i].at, []).append(i)
            m["at"] = where
        here = m["at"].get(space, [])
        if side is None:
            return list(here)
        return [i for i in here if self.game.side_of[i] == side]

    def riders(self, c: int) -> list[int]:
        """The living units riding in carrier ``c`` (CF-90)."""
        return [k for k in self.living() if self.units[k].riding == c]

    def room_aboard(self, c: int, k: int) -> bool:
        """Whether unit ``k`` fits in carrier ``c`` beside its riders: ``carries`` squads or teams and
        ``carries_smfs`` SMFs (CF-90)."""
        g = self.game
        teams, smfs = g.carries[c]
        aboard = self.riders(c)
        if g.smf[k]:
            return sum(1 for x in aboard if g.smf[x]) < smfs
        return sum(1 for x in aboard if not g.smf[x]) < teams

    def space_takes(self, k: int, space: Space) -> bool:
        """Whether unit ``k`` may stand in ``space`` beside the friends on foot there (seed "Stacking": riders
        do not count while aboard, CF-90)."""
        g = self.game
        here = [x for x in self.at(space, g.side_of[k]) if self.units[x].riding < 0 and x != k]
        n = sum(1 for x in here if not g.smf[x])
        return B.stacking_allows(n + (0 if g.smf[k] else 1), len(here) - n + (1 if g.smf[k] else 0))

    def smoke_spaces(self) -> frozenset[Space]:
        m = self._memo or self.memo()
        if "smoke" not in m:
            m["smoke"] = frozenset(s.space for s in self.smoke)
        return m["smoke"]  # type: ignore[no-any-return]

    def blockers(self) -> frozenset[Space]:
        """Spaces that block LOS as units do: non-SMF units, and every blind, real or dummy (CF-20, CF-48)."""
        m = self._memo or self.memo()
        if "blockers" not in m:
            g = self.game
            out = {self.units[i].at for i in self.living() if not g.smf[i] or self.units[i].hidden}
            out.update(s for _, s in self.dummies)
            m["blockers"] = frozenset(s for s in out if s is not None)
        return m["blockers"]  # type: ignore[no-any-return]

    def held_bocage(self) -> frozenset[Space]:
        """The spaces whose bocage is held, as both sides see it: units on the table that occupy it (good order
        or pinned), and every blind, real or dummy, in a space with bocage (CF-125: a hidden unit's own
        flag is not read while it is hidden, so sight never tells a dummy from a real blind)."""
        m = self._memo or self.memo()
        if "held" not in m:
            board = self.game.board
            held = {u.at for u in self.units if u.bocage and not u.hidden and u.at is not None
                    and u.status in ("good_order", "pinned")}
            for side in ("attacker", "defender"):
                held.update(s for s in self.blind_spaces(side) if B.has_bocage(board, s))
            m["held"] = frozenset(held)
        return m["held"]  # type: ignore[no-any-return]

    def enemy_bocage(self, side: str) -> frozenset[Space]:
        """The spaces whose bocage ``side``'s enemy holds, as ``side`` sees it (seed "Bocage"): its units on
        the table occupying it, not suppressed, and its blinds in spaces with bocage (CF-125)."""
        enemy = other_side(side)
        board = self.game.board
        out = {self.units[j].at for j in self.living(enemy)
               if self.units[j].bocage and not self.units[j].hidden and self.units[j].status != "suppressed"}
        out.update(s for s in self.blind_spaces(enemy) if B.has_bocage(board, s))
        return frozenset(s for s in out if s is not None)

    def apparent_watchers(self, side: str, space: Space, *, good_order: bool = False,
                          besides: Space | None = None) -> bool:
        """Whether an enemy of ``side`` that ``side`` knows of or must assume (CF-57) sees ``space``: a unit on the
        table (a vehicle within its arcs, CF-66; with ``good_order``, only a good-order squad, team, gun or
        vehicle), or a blind marker, real or dummy, taken as a good-order unit (CF-126). ``besides``: a space
        left out (the unit that fired, for a hit-reduction retreat)."""
        g = self.game
        enemy = other_side(side)
        blinds = self.blind_spaces(enemy)
        for s in self.known_enemies(side):
            if s == besides:
                continue
            if s in blinds:
                if self.sees(s, space):
                    return True
                continue
            for i in self.at(s, enemy):
                if good_order and (self.units[i].status != "good_order" or g.smf[i]):
                    continue
                if self.unit_sees(i, space):
                    return True
        return False

    def sees(self, a: Space, b: Space) -> bool:
        m = self._memo or self.memo()
        key = (a, b)
        seen = m.get(key)
        if seen is None:
            seen = m[key] = visible(self.game.los, a, b, self.blockers(), self.smoke_spaces(), self.held_bocage())
        return seen

    def blind_spaces(self, side: str) -> frozenset[Space]:
        """The spaces holding ``side``'s blind markers: hidden units and dummies (CF-46)."""
        m = self._memo or self.memo()
        key = _BLINDS[side]
        if key not in m:
            out = {self.units[i].at for i in self.living(side) if self.units[i].hidden}
            out.update(s for who, s in self.dummies if who == side)
            m[key] = frozenset(s for s in out if s is not None)
        return m[key]  # type: ignore[no-any-return]

    def known_enemies(self, side: str) -> list[Space]:
        """Where ``side`` knows or must assume the enemy is: its revealed units and its blinds (CF-57)."""
        m = self._memo or self.memo()
        key = _KNOWN[side]
        if key not in m:
            enemy = other_side(side)
            spaces = {self.units[i].at for i in self.living(enemy) if not self.units[i].hidden}
            spaces |= self.blind_spaces(enemy)
            m[key] = sorted(s for s in spaces if s is not None)
        return m[key]  # type: ignore[no-any-return]

    def in_enemy_los(self, side: str, space: Space, *, op_fire_only: bool = False, mover: int = -1) -> bool:
        """Whether a known enemy (CF-57) sees ``space``; with ``op_fire_only``, one that could op fire there
        (at ``mover``, when the question is about one). A vehicle sees only within its arcs (CF-66)."""
        if not op_fire_only:  # the position's alone: kept with it
            m = self._memo or self.memo()
            key = ("in enemy los", side, space)
            found = m.get(key)
            if found is None:
                found = m[key] = self._in_enemy_los(side, space, False, -1)
            return found
        return self._in_enemy_los(side, space, True, mover)

    def _in_enemy_los(self, side: str, space: Space, op_fire_only: bool, mover: int) -> bool:
        enemy = other_side(side)
        vehicle = self.game.vehicle
        blinds = self.blind_spaces(enemy)
        for s in self.known_enemies(side):
            if s in blinds:
                if (not op_fire_only or range_between(s, space) <= MAX_RANGE) and self.sees(s, space):
                    return True
                continue
            for i in self.at(s, enemy):
                if op_fire_only and not self.may_op_fire(i, space, mover):
                    continue
                if self.sees(s, space) and (not vehicle[i] or self.arc_sees(i, space)):
                    return True
        return False

    # vehicles: arcs, weapons (seed "Vehicle Line of Sight", "Attacking vehicles") ------------------------

    def front_only(self, i: int) -> bool:
        """CF-67: a fixed-gun vehicle (a TD) sees its front only; a closed-top vehicle is buttoned up, and
        sees its front only, while pinned or suppressed."""
        t = self.game.types[i]
        v = t.vehicle
        assert v is not None
        return (not v.turret and t.anti_tank is not None) or (v.closed_top and self.units[i].status != "good_order")

    def arc_sees(self, i: int, target: Space) -> bool:
        """Whether vehicle ``i``'s crew can look at ``target``: its arcs, not the terrain (CF-66, CF-67)."""
        u = self.units[i]
        return sees_in_arc(u.at, u.facing, u.turret or None, self.front_only(i), target)  # type: ignore[arg-type]

    def unit_sees(self, i: int, target: Space) -> bool:
        """Whether unit ``i`` sees ``target``: LOS from its space, and for a vehicle its arcs."""
        at = self.units[i].at
        assert at is not None
        return self.sees(at, target) and (not self.game.vehicle[i] or self.arc_sees(i, target))

    def mg_arc(self, i: int, target: Space) -> bool:
        """A vehicle's hull MG fires only through the edge its bow faces (CF-77); others all round."""
        u = self.units[i]
        return not self.game.vehicle[i] or in_front(u.at, u.facing, target)  # type: ignore[arg-type]

    def gun_arc(self, i: int, target: Space) -> bool:
        """A main gun fires through the edge its turret points at (a fixed gun, or an anti-tank gun, through
        the edge it faces); infantry anti-tank weapons fire all round (CF-76)."""
        u = self.units[i]
        if not u.facing:
            return True
        return in_front(u.at, u.turret or u.facing, target)  # type: ignore[arg-type]

    def buttoned(self, i: int) -> bool:
        """CF-67: a closed-top vehicle is buttoned up exactly while pinned or suppressed."""
        v = self.game.types[i].vehicle
        return v is not None and v.closed_top and self.units[i].status in ("pinned", "suppressed")

    def op_weapon(self, i: int, target: Space, j: int) -> str | None:
        """Which weapon unit ``i`` may take op fire with at unit ``j`` entering ``target``: ``"at"`` (main gun,
        anti-tank gun or weapon), ``"small"`` (its fire-table weapon or hull MG), or None. Seed "Opportunity
        Fire", "Vehicle Opportunity Fire", readings CF-71, CF-76, CF-83."""
        g = self.game
        u, t = self.units[i], g.types[i]
        if u.at is None or t.is_smf or u.riding >= 0:
            return None
        buttoned = self.buttoned(i)
        if u.status != "good_order" and not (buttoned and u.status == "pinned"):
            return None
        dist = range_between(u.at, target)
        at_vehicle = j >= 0 and g.vehicle[j]
        ranges = tables().vehicle_opportunity_fire
        gun = t.anti_tank
        gun_ok = (gun is not None and not u.op_fired and not u.at_fired and dist <= gun.range_spaces
                  and (at_vehicle or (t.anti_tank_key or "").endswith("_gun"))
                  and (not buttoned or (at_vehicle and dist <= ranges.buttoned_gun_range))
                  and self.gun_arc(i, target))
        w = t.weapon
        small_ok = (w is not None and not (j >= 0 and g.armoured[j])
                    and not (u.jammed if w.machine_gun else u.op_fired)
                    and dist <= (ranges.buttoned_mg_range if buttoned else w.range_spaces)
                    and not (buttoned and at_vehicle) and self.mg_arc(i, target))
        if at_vehicle:
            return "at" if gun_ok else "small" if small_ok else None
        return "small" if small_ok else "at" if gun_ok else None

    def leaders_in(self, space: Space, side: str) -> str:
        kinds = {self.game.types[i].leader for i in self.at(space, side)}
        pl, cc = "platoon_leader" in kinds, "company_commander" in kinds
        return "both" if pl and cc else "pl" if pl else "cc" if cc else "none"

    def own_leader_present(self, i: int) -> bool:
        """CF-44: the unit's own platoon leader or its side's company commander shares its space."""
        g = self.game
        me = g.units[i]
        for j in self.at(self.units[i].at, g.side_of[i]):  # type: ignore[arg-type]
            t = g.types[j]
            if t.leader == "company_commander" or (t.leader == "platoon_leader" and me.platoon
                                                    and g.units[j].platoon == me.platoon):
                return True
        return False

    # what a unit may do ------------------------------------------------------------------------------

    def card(self) -> str:
        return self.init.kind

    def leader_rate(self, i: int) -> int:
        """How far a leader moves in segment 4 (CF-62): its rate (2), but on a Fire card one space, with the
        Movement Test, as "Moving on a Fire Card" allows any non-vehicle unit (CF-101)."""
        return 1 if self.card() == "fire" else self.game.types[i].movement_spaces

    def may_move(self, i: int) -> bool:
        u, t = self.units[i], self.game.types[i]
        if u.moved or u.done or u.status not in ("good_order", "pinned"):
            return False
        if t.vehicle is not None:  # CF-74: a tank never moves after its main gun fired; fire then move: face card
            if u.at_fired and not t.vehicle.moves_and_fires_gun:
                return False
            return not ((u.fired or u.at_fired) and self.card() != "face")
        return not ((u.fired or u.at_fired) and (self.card() != "face" or not t.move_and_fire))

    def may_fire(self, i: int) -> bool:
        u, t = self.units[i], self.game.types[i]
        if t.vehicle is not None:  # CF-74, CF-78: a hull MG, after a move too but not on a Fire card
            return t.weapon is not None and not u.fired and not u.done and not (u.moved and self.card() == "fire")
        if t.weapon is None or u.fired or u.done or u.status == "suppressed":
            return False
        return not (u.moved and (self.card() != "face" or not t.move_and_fire))

    def may_at_fire(self, i: int) -> bool:
        """Seed "Attacking vehicles": an anti-tank weapon, main gun or gun fires once a card; infantry fire it and
        their small arms on the same card; tanks never move and fire the main gun, TDs do (CF-74)."""
        u, t = self.units[i], self.game.types[i]
        if t.anti_tank is None or u.at_fired or u.done:
            return False
        if t.vehicle is not None:
            return not u.moved or (self.card() != "fire" and t.vehicle.moves_and_fires_gun)
        if u.status == "suppressed":
            return False
        return not (u.moved and (self.card() != "face" or not t.move_and_fire))

    def at_targets(self, i: int) -> list[tuple[Space, int]]:
        """What unit ``i``'s anti-tank weapon may fire at: one enemy vehicle on the table, or for a gun one squad,
        team or gun (CF-76), in range and LOS, through the gun's arc."""
        g = self.game
        here = self.units[i].at
        t = g.types[i]
        assert here is not None and t.anti_tank is not None
        reach = t.anti_tank.range_spaces
        gun = (t.anti_tank_key or "").endswith("_gun")
        out = []
        for j in self.living(other_side(g.side_of[i])):
            u = self.units[j]
            if g.smf[j] or u.hidden or u.at is None or (not gun and not g.vehicle[j]) or u.riding >= 0:
                continue
            if u.at != here and range_between(here, u.at) <= reach and self.sees(here, u.at) \
                    and self.gun_arc(i, u.at):
                out.append((u.at, j))
        return out

    def may_op_fire(self, i: int, target: Space, j: int = -1) -> bool:
        """Seed "Opportunity Fire" and "Unit Status": good order, a weapon in range, not op-fired this
        phase (an MG: not jammed). Snipers fire only at a declared target, never as op fire. ``j`` is
        the unit that moves (-1: a squad); vehicles and anti-tank weapons as :meth:`op_weapon` says."""
        g = self.game
        u, t = self.units[i], g.types[i]
        if t.anti_tank is not None or g.vehicle[i] or (j >= 0 and g.vehicle[j]):
            return self.op_weapon(i, target, j) is not None
        if u.status != "good_order" or t.weapon is None or t.is_smf or u.riding >= 0:
            return False
        if t.weapon.machine_gun:
            if u.jammed:
                return False
        elif u.op_fired:
            return False
        return u.at is not None and range_between(u.at, target) <= t.weapon.range_spaces

    def op_firers(self, side: str, target: Space, j: int = -1) -> list[int]:
        """``side``'s units able to op fire at ``target`` (at unit ``j`` entering it) now."""
        return [i for i in self.living(side) if self.may_op_fire(i, target, j)
                and self.sees(self.units[i].at, target)]  # type: ignore[arg-type]

    def fire_targets(self, i: int) -> list[Space]:
        """Spaces unit ``i`` may fire at: enemy units it sees, or blinds (recon by fire), in range; a light
        mortar also indirectly at spaces a friendly leader within 1 space sees (seed footnote **; 1 space of
        range, counted in edge steps as every range is, CF-27, CF-103: a leader diagonally next to it is 2)."""
        g = self.game
        here = self.units[i].at
        assert here is not None
        t = g.types[i]
        assert t.weapon is not None
        side = g.side_of[i]
        enemy = other_side(side)
        reach = t.weapon.range_spaces
        targets = [s for s in self.target_spaces(enemy, t.weapon.small_arms) if s != here
                   and range_between(here, s) <= reach]
        if not t.has("indirect_fire"):
            if g.vehicle[i]:
                return [s for s in targets if self.sees(here, s) and self.mg_arc(i, s)]
            return [s for s in targets if self.sees(here, s)]
        spotters = [here] + [self.units[j].at for j in self.living(side)  # type: ignore[misc]
                             if g.types[j].leader and range_between(self.units[j].at, here) <= 1]  # type: ignore[arg-type]
        return [s for s in targets if any(self.sees(p, s) for p in spotters)]

    def target_spaces(self, enemy: str, small_arms: bool = False) -> list[Space]:
        """Spaces holding ``enemy``'s revealed non-SMF units, or its blinds; for small arms, not the spaces
        holding only armoured vehicles, which small arms cannot hurt (CF-71)."""
        m = self._memo or self.memo()
        g = self.game
        small_arms = small_arms and g.has_vehicles
        key = ("targets", enemy, small_arms)
        found = m.get(key)
        if found is None:
            spaces = {self.units[i].at for i in self.living(enemy) if not g.smf[i] and not self.units[i].hidden
                      and not (small_arms and g.armoured[i]) and self.units[i].riding < 0}
            spaces |= self.blind_spaces(enemy)
            found = m[key] = sorted(s for s in spaces if s is not None)
        return found

    def full_spaces(self, i: int) -> frozenset[Space]:
        """Spaces unit ``i`` may neither pass nor stop in: friendly spaces at the stacking limit, and enemy
        blinds (CF-46: a blind is never entered; moving next to it reveals it, CF-47).

        The units are counted as they stand, the mover included: its own space may come out full, which
        no move asks (a move never comes back to where it started), so the answer is the same for every
        unit of a side that is, or is not, an SMF, and is kept with the position.
        """
        g = self.game
        side, smf = g.side_of[i], g.smf[i]
        m = self._memo or self.memo()
        key = _FULL[side, smf]
        found = m.get(key)
        if found is None:
            counts: dict[Space, list[int]] = {}
            for j in self.living(side):
                if self.units[j].riding >= 0:  # riders do not count while aboard (CF-90)
                    continue
                c = counts.setdefault(self.units[j].at, [0, 0])  # type: ignore[arg-type]
                c[0 if not g.smf[j] else 1] += 1
            full = {s for s, (n, k) in counts.items()
                    if not B.stacking_allows(n + (0 if smf else 1), k + (1 if smf else 0))}
            full |= self.blind_spaces(other_side(side))
            found = m[key] = frozenset(full)
        return found

    def enemy_sets(self, side: str) -> tuple[frozenset[Space], frozenset[Space]]:
        """(spaces with revealed enemy units other than SMFs alone, spaces with revealed enemy SMFs alone)."""
        m = self._memo or self.memo()
        key = _ENEMY_SETS[side]
        found = m.get(key)
        if found is None:
            found = m[key] = self._enemy_sets(side)
        return found

    def _enemy_sets(self, side: str) -> tuple[frozenset[Space], frozenset[Space]]:
        g = self.game
        enemy = other_side(side)
        solid: set[Space] = set()
        smfs: set[Space] = set()
        for j in self.living(enemy):
            u = self.units[j]
            if u.hidden or u.at is None:
                continue
            (smfs if g.smf[j] else solid).add(u.at)
        return frozenset(solid), frozenset(smfs - solid)

    def destinations(self, i: int, rate: int, road_rate: int | None = None) -> dict[Space, tuple[Space, ...]]:
        m = self._memo or self.memo()
        key = ("dest", i, rate, road_rate)
        if key not in m:
            m[key] = self._destinations(i, rate, road_rate)
        return m[key]  # type: ignore[no-any-return]

    def _destinations(self, i: int, rate: int, road_rate: int | None = None) -> dict[Space, tuple[Space, ...]]:
        g = self.game
        solid, smfs = self.enemy_sets(g.side_of[i])
        here = self.units[i].at
        assert here is not None
        # A move of ``rate`` steps only ever looks at spaces within ``rate + 1`` of its start (the last step
        # asks whether an enemy touches the space entered), so only what lies there decides it.
        zone = g.zone(here, max(rate, road_rate or 0) + 1)
        full, smoke = self.full_spaces(i), self.smoke_spaces()
        solid, full = solid & zone, full & zone
        if smfs:
            smfs = smfs & zone
        if smoke:
            smoke = smoke & zone
        mover: B.Mover = "vehicle" if g.vehicle[i] else "infantry"
        key = (here, rate, solid, smfs, full, smoke) if mover == "infantry" else \
            (here, rate, solid, smfs, full, smoke, mover, road_rate)
        found = g.searches.get(key)
        if found is None:
            if len(g.searches) >= _POSITIONS_KEPT * 4:
                g.searches.clear()
            # board.destinations, its board's graphs looked up once per game
            found = g.searches[key] = move_destinations(g.step_graphs[mover], g.near, g.board.roads, here, rate,
                                                        road_rate, solid, smfs, full, smoke)
        return found

    def routes(self, i: int, rate: int, road_rate: int | None = None) -> dict[Space, tuple[tuple[Space, ...], ...]]:
        """Reading CF-120 (seed "Movement", "Mines (beta)", "Opportunity Fire"): the routes unit ``i`` may choose
        to each space :meth:`destinations` gives, one for each different thing a route may risk as the side
        knows it (:meth:`route_risk`); a single route where every way there risks the same."""
        m = self._memo or self.memo()
        key = ("routes", i, rate, road_rate)
        found = m.get(key)
        if found is None:
            found = m[key] = self._routes(i, rate, road_rate)
        return found

    def _routes(self, i: int, rate: int, road_rate: int | None) -> dict[Space, tuple[tuple[Space, ...], ...]]:
        options = self.destinations(i, rate, road_rate)
        if not any(self.route_risk(i, s) for path in options.values() for s in path[:-1]):
            return {space: (path,) for space, path in options.items()}  # the shortest routes risk nothing
        g = self.game
        solid, smfs = self.enemy_sets(g.side_of[i])
        here = self.units[i].at
        assert here is not None
        # every space a route passes through is reached by a shorter move: only those can carry risk
        longest = max(rate, road_rate or 0)
        risk = {s: self.route_risk(i, s) for s, path in options.items() if len(path) < longest}
        mover: B.Mover = "vehicle" if g.vehicle[i] else "infantry"
        found = move_routes(g.step_graphs[mover], g.near, g.board.roads, here, rate, road_rate, solid, smfs,
                            self.full_spaces(i), self.smoke_spaces(), risk)
        return {space: found[space] for space in options}

    def route_risk(self, i: int, space: Space) -> Risk:
        """CF-120: what passing through ``space`` risks for unit ``i``, as its side knows it: a space a known
        enemy sees (CF-57: revealed units and every blind; it makes a squad's two-space move take the Movement
        Test and may open op fire), a marked enemy minefield (a roll to pass, seed "Mines (beta)"), a space next
        to an enemy blind (a real one is revealed and stops the move, seed "Blinds"). An SMF neither tests nor
        draws op fire (CF-62), so only mines and blinds count for it. Smoke and full bocage end a move, and
        partial bocage is crossed as open ground, so no route differs by them."""
        g = self.game
        side = g.side_of[i]
        smf = g.smf[i]
        m = self._memo or self.memo()
        key = ("route risk", side, smf, space)  # the same for every unit of the side but SMFs
        found = m.get(key)
        if found is None:
            items: list[tuple[str, Space]] = []
            if not smf and self.in_enemy_los(side, space):
                items.append(("seen", space))
            if any(k.at == space and k.marked and not k.gone and k.laid_by != side for k in self.mines):
                items.append(("mines", space))
            if not g.near[space].isdisjoint(self.blind_spaces(other_side(side))):
                items.append(("blind", space))
            found = m[key] = frozenset(items)
        return found

    def nearest_enemy(self, side: str, space: Space) -> int:
        known = self.known_enemies(side)
        return min((range_between(space, s) for s in known), default=99)

    def move_options(self, i: int, kind: str) -> dict[Space, tuple[Space, ...]]:
        """Where unit ``i`` may move now, each by its least risky route (:meth:`move_routes`)."""
        return {space: found[0] for space, found in self.move_routes(i, kind).items()}

    def move_routes(self, i: int, kind: str) -> dict[Space, tuple[tuple[Space, ...], ...]]:
        """Where unit ``i`` may move now and by which routes (seed "Movement", "Unit Status", "Moving on a Fire
        Card"; CF-120): a leader's move (CF-62), a fall-back or a move."""
        g = self.game
        t, u = g.types[i], self.units[i]
        side = g.side_of[i]
        if kind == "leader_move":
            return self.routes(i, self.leader_rate(i))
        if t.vehicle is not None:
            return self.vehicle_move_routes(i, kind)
        if kind == "fall_back":
            if self.card() != "move" or u.status != "suppressed" or u.moved or u.done or not self.own_leader_present(i):
                return {}
            assert u.at is not None
            near = self.nearest_enemy(side, u.at)
            return {s: p for s, p in self.routes(i, 1).items()
                    if self.nearest_enemy(side, s) > near
                    and (not self.in_enemy_los(side, s) or B.space_cover(g.board, s, self.smoke_spaces()))}
        if not self.may_move(i):
            return {}
        rate = 1 if self.card() == "fire" else t.movement_spaces
        options = self.routes(i, rate)
        if u.status == "pinned":  # seed "Unit Status": only away from the enemy, out of its LOS
            assert u.at is not None
            near = self.nearest_enemy(side, u.at)
            options = {s: p for s, p in options.items()
                       if self.nearest_enemy(side, s) > near and not self.in_enemy_los(side, s)}
        return options

    def vehicle_move_routes(self, i: int, kind: str) -> dict[Space, tuple[tuple[Space, ...], ...]]:
        """Seed "Vehicle Movement" (CF-72): the class's rate, on-road when the whole move is on road (CF-38);
        on a Fire card half the off-road rate (rounded down) after a Movement Test; pinned, one less; a
        suppressed vehicle moves away from the enemy at half the off-road rate instead of rallying, on any card
        and with no test (CF-105)."""
        g = self.game
        v = g.types[i].vehicle
        u = self.units[i]
        assert v is not None and u.at is not None
        side = g.side_of[i]
        card = self.card()
        if kind == "fall_back":
            if u.status != "suppressed" or u.moved or u.done or u.rallied:
                return {}
            near = self.nearest_enemy(side, u.at)
            return {s: p for s, p in self.routes(i, v.off_road // 2).items()
                    if self.nearest_enemy(side, s) > near}
        if not self.may_move(i):
            return {}
        less = 1 if u.status == "pinned" else 0
        if card == "fire":
            rate, road = v.off_road // 2 - less, None
        else:
            rate, road = v.off_road - less, v.on_road - less
        if rate <= 0 and not road:
            return {}
        return self.routes(i, max(rate, 0), road)

    def needs_test(self, i: int, path: tuple[Space, ...]) -> bool:
        """Seed "Movement": every move on a Fire card; on a Move or face card, an infantry squad's two-space
        move unless it starts and stays out of enemy LOS (footnote *). Weapon teams and SMFs move freely."""
        if self.card() == "fire":
            return True
        t = self.game.types[i]
        if t.kind != "squad" or len(path) < 2:
            return False
        side = self.game.side_of[i]
        start = self.units[i].at
        assert start is not None
        return any(self.in_enemy_los(side, s) for s in (start, *path))

    def group_firers(self, space: Space, side: str) -> list[int]:
        """Seed "Group Fire": units that began the phase in the space, not suppressed; pinned ones only with
        a leader present."""
        g = self.game
        leader = self.leaders_in(space, side) != "none"
        return [k for k in self.at(space, side) if not g.smf[k] and not g.vehicle[k] and self.may_fire(k)
                and not self.units[k].moved and self.units[k].riding < 0
                and (self.units[k].status == "good_order" or leader)]

    def retreat_options(self, j: int, source: Space) -> list[Space]:
        """Seed "Hit Reduction": one space farther from the unit that fired, not into the LOS of another
        enemy unit, within the movement rules; the other enemy units are those the side knows of or must
        assume: on the table, and every blind marker (CF-57, CF-126)."""
        g = self.game
        u = self.units[j]
        if u.at is None:
            return []
        side = g.side_of[j]
        enemy = other_side(side)
        d0 = range_between(u.at, source)
        out = []
        for s in self.destinations(j, 1):
            if range_between(s, source) <= d0 or self.at(s, enemy):
                continue
            if self.apparent_watchers(side, s, besides=source):  # the enemy as the side knows it (CF-126)
                continue
            out.append(s)
        return out

    def assault_retreats(self, j: int, away_from: Space) -> list[Space]:
        here = self.units[j].at
        if here is None:
            return []
        d0 = range_between(here, away_from)
        enemy = other_side(self.game.side_of[j])
        return [s for s in self.destinations(j, 1) if range_between(s, away_from) > d0 and not self.at(s, enemy)]


def losses_of(s: Rules, side: str) -> int:
    memo = s._memo or s.memo()
    key = _LOSSES[side]
    found = memo.get(key)
    if found is None:
        g = s.game
        found = memo[key] = sum(1 for i, u in enumerate(s.units)
                                if g.side_of[i] == side and not g.smf[i] and u.status == "destroyed")
    return found


def points_of(s: Any) -> dict[str, int]:
    """CF-55: objectives held, and points for enemy units and leaders destroyed."""
    g: GameBase = s.game
    v = g.scenario.victory
    points = {"attacker": 0, "defender": 0}
    for o, holder in zip(v.objectives, s.held, strict=True):
        points[holder] += o.points
    for i, u in enumerate(s.units):
        if u.status != "destroyed":
            continue
        enemy = other_side(g.side_of[i])
        if not g.smf[i]:
            points[enemy] += v.destroyed_unit
        elif g.types[i].leader:
            points[enemy] += v.destroyed_leader
    return points
