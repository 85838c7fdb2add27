"""Stable integer codes of the Brigade game's actions (for masks, records and the RL environment).

Fixed ranges per kind of action, over the scenario's unit order (up to 64 units), its off-table
batteries (up to 16) and the 16 destinations of :data:`~warroom.rulesets.brigade.game.actions.DESTS`
(reading BR-160), and its pre registered aiming points (up to 16, BR-184). Free-form moves
(:class:`MoveTo`) have codes from 1,000,000 up: the unit, the order type (A-E) and the point in
tenths of an inch; above all of those (from 1,000,000 + 64 x 5 x the points of the table) the free-form
mount, dismount and disembark orders (M, S, X), and above those the close-order move (K), so the older codes
keep their meaning.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from warroom.core.errors import UsageError
from warroom.rulesets.brigade.game.actions import (
    DEST_INDEX,
    DESTS,
    ORDER_TYPES,
    Advance,
    Bombard,
    BombardFeature,
    Call,
    Continue,
    Deploy,
    Disembark,
    Dismount,
    Embark,
    End,
    Fire,
    FollowPlan,
    Hold,
    Limber,
    Mount,
    Move,
    MoveTo,
    PinChoice,
    PinOrder,
    Request,
    RequestPoint,
    Select,
    Walk,
)

if TYPE_CHECKING:
    from warroom.rulesets.brigade.game.rules import Context

U = 64
B = 16
D = len(DESTS)
SELECT, HOLD, FIRE, ADVANCE, MOVE = 10, 100, 200, 10_000, 12_000
DEPLOY, LIMBER, PLAN, REQUEST, WALK, CONTINUE, BOMBARD = 17_000, 18_100, 19_200, 20_000, 90_000, 92_000, 93_000
MOUNT, DISMOUNT, EMBARK, DISEMBARK = 100_000, 101_100, 102_200, 106_300
AREA, F = 108_000, 256
"""Indirect fire at a terrain feature: the unit and the feature's place among the table's features (the first
256 may be targets)."""
POINT, P = 130_000, 16
"""A request on a pre registered aiming point: the caller, the battery and the point's place among the scenario's
aiming points (at most 16, BR-184)."""
WALK_UNIT, CONTINUE_UNIT, CALL = 150_000, 155_000, 160_000
"""Fire of an on-table mortar or gun called by an observer or HQ (BR-192): walked (the unit, the target), kept on
(the unit), called (the caller, the unit, the target)."""
FREE = 1_000_000
CARRY_ORDERS = ("M", "S", "X")


class Codec:
    """Encodes and decodes one scenario's actions; both directions are memoised."""

    def __init__(self, ctx: Context) -> None:
        self.ids = ctx.ids
        self.index = ctx.index
        self.batteries = tuple(b.id for b in ctx.batteries)
        self.battery_index = ctx.battery_index
        self.features = tuple(f.name for f in ctx.field.features)
        self.feature_index = {name: k for k, name in enumerate(self.features)}
        self.points = tuple(a.name for a in ctx.aiming_points)
        self.point_index = {name: k for k, name in enumerate(self.points)}
        self.xs = round(ctx.width * 10) + 1
        self.ys = round(ctx.depth * 10) + 1
        self.carry = FREE + U * 5 * self.xs * self.ys
        self.close = self.carry + U * 3 * self.xs * self.ys  # above all the others: type C in close order (K)
        self._enc: dict[Hashable, int] = {}
        self._dec: dict[int, Hashable] = {}

    def _u(self, uid: str) -> int:
        try:
            return self.index[uid]
        except KeyError:
            raise UsageError(f"no unit '{uid}' in this scenario") from None

    def _b(self, bid: str) -> int:
        try:
            return self.battery_index[bid]
        except KeyError:
            raise UsageError(f"no off-table battery '{bid}' in this scenario") from None

    def encode(self, a: Hashable) -> int:
        got = self._enc.get(a)
        if got is None:
            got = self._encode(a)
            self._enc[a] = got
            self._dec.setdefault(got, a)
        return got

    def _encode(self, a: Hashable) -> int:
        if isinstance(a, End):
            return 0
        if isinstance(a, PinOrder):
            return 1 if a.rightward else 2
        if isinstance(a, PinChoice):
            return 3 if a.take else 4
        if isinstance(a, Select):
            return SELECT + self._u(a.unit)
        if isinstance(a, Hold):
            return HOLD + self._u(a.unit)
        if isinstance(a, Fire):
            return FIRE + (self._u(a.unit) * U + self._u(a.target)) * 2 + a.mode
        if isinstance(a, Advance):
            return ADVANCE + self._u(a.unit) * D + DEST_INDEX[a.dest]
        if isinstance(a, Move):
            return MOVE + ((self._u(a.unit) * D + DEST_INDEX[a.dest]) * 2 + a.half) * 2 + a.close
        if isinstance(a, Deploy):
            return DEPLOY + self._u(a.unit) * D + DEST_INDEX[a.dest]
        if isinstance(a, Limber):
            return LIMBER + self._u(a.unit) * D + DEST_INDEX[a.dest]
        if isinstance(a, FollowPlan):
            return PLAN + self._u(a.unit)
        if isinstance(a, Request):
            return REQUEST + (self._u(a.caller) * B + self._b(a.battery)) * U + self._u(a.target)
        if isinstance(a, RequestPoint):
            k = self.point_index.get(a.point)
            if k is None:
                raise UsageError(f"no aiming point '{a.point}' in this scenario"
                                 + (f"; its points: {', '.join(self.points)}" if self.points else ""))
            return POINT + (self._u(a.caller) * B + self._b(a.battery)) * P + k
        if isinstance(a, Walk):
            if a.battery not in self.battery_index and a.battery in self.index:
                return WALK_UNIT + self._u(a.battery) * U + self._u(a.target)
            return WALK + self._b(a.battery) * U + self._u(a.target)
        if isinstance(a, Continue):
            if a.battery not in self.battery_index and a.battery in self.index:
                return CONTINUE_UNIT + self._u(a.battery)
            return CONTINUE + self._b(a.battery)
        if isinstance(a, Call):
            return CALL + (self._u(a.caller) * U + self._u(a.unit)) * U + self._u(a.target)
        if isinstance(a, Bombard):
            return BOMBARD + self._u(a.unit) * U + self._u(a.target)
        if isinstance(a, BombardFeature):
            k = self.feature_index.get(a.feature)
            if k is None or k >= F:
                raise UsageError(f"no feature '{a.feature}' on this table that indirect fire may aim at")
            return AREA + self._u(a.unit) * F + k
        if isinstance(a, Mount):
            return MOUNT + self._u(a.unit) * D + DEST_INDEX[a.dest]
        if isinstance(a, Dismount):
            return DISMOUNT + self._u(a.unit) * D + DEST_INDEX[a.dest]
        if isinstance(a, Embark):
            return EMBARK + self._u(a.unit) * U + self._u(a.carrier)
        if isinstance(a, Disembark):
            return DISEMBARK + self._u(a.unit) * D + DEST_INDEX[a.dest]
        if isinstance(a, MoveTo):
            if not (0 <= a.x10 < self.xs and 0 <= a.y10 < self.ys) or a.order not in (*ORDER_TYPES, *CARRY_ORDERS,
                                                                                        "K"):
                raise UsageError(f"{a}: the point must be on the table and the order one of A-E, M, S, X or K")
            if a.order == "K":
                return self.close + (self._u(a.unit) * self.xs + a.x10) * self.ys + a.y10
            if a.order in CARRY_ORDERS:
                return self.carry + ((self._u(a.unit) * 3 + CARRY_ORDERS.index(a.order)) * self.xs + a.x10) \
                    * self.ys + a.y10
            return FREE + ((self._u(a.unit) * 5 + ORDER_TYPES.index(a.order)) * self.xs + a.x10) * self.ys + a.y10
        raise UsageError(f"{a!r} is not a Brigade action")

    def decode(self, code: int) -> Hashable:
        got = self._dec.get(code)
        if got is None:
            got = self._decode(code)
            self._dec[code] = got
        return got

    def _decode(self, code: int) -> Hashable:
        def unit(k: int) -> str:
            if not 0 <= k < len(self.ids):
                raise UsageError(f"no action has code {code} (unit {k} is not in this scenario)")
            return self.ids[k]

        def battery(k: int) -> str:
            if not 0 <= k < len(self.batteries):
                raise UsageError(f"no action has code {code} (battery {k} is not in this scenario)")
            return self.batteries[k]

        if code < 0:
            raise UsageError(f"no action has code {code}")
        if code == 0:
            return End()
        if code in (1, 2):
            return PinOrder(code == 1)
        if code in (3, 4):
            return PinChoice(code == 3)
        if SELECT <= code < SELECT + U:
            return Select(unit(code - SELECT))
        if HOLD <= code < HOLD + U:
            return Hold(unit(code - HOLD))
        if FIRE <= code < FIRE + U * U * 2:
            k, mode = divmod(code - FIRE, 2)
            return Fire(unit(k // U), unit(k % U), mode)
        if ADVANCE <= code < ADVANCE + U * D:
            k, d = divmod(code - ADVANCE, D)
            return Advance(unit(k), DESTS[d])
        if MOVE <= code < MOVE + U * D * 4:
            k, close = divmod(code - MOVE, 2)
            k, half = divmod(k, 2)
            k, d = divmod(k, D)
            return Move(unit(k), DESTS[d], bool(half), bool(close))
        if DEPLOY <= code < DEPLOY + U * D:
            k, d = divmod(code - DEPLOY, D)
            return Deploy(unit(k), DESTS[d])
        if LIMBER <= code < LIMBER + U * D:
            k, d = divmod(code - LIMBER, D)
            return Limber(unit(k), DESTS[d])
        if PLAN <= code < PLAN + U:
            return FollowPlan(unit(code - PLAN))
        if REQUEST <= code < REQUEST + U * B * U:
            k, t = divmod(code - REQUEST, U)
            c, b = divmod(k, B)
            return Request(unit(c), battery(b), unit(t))
        if WALK <= code < WALK + B * U:
            b, t = divmod(code - WALK, U)
            return Walk(battery(b), unit(t))
        if CONTINUE <= code < CONTINUE + B:
            return Continue(battery(code - CONTINUE))
        if BOMBARD <= code < BOMBARD + U * U:
            k, t = divmod(code - BOMBARD, U)
            return Bombard(unit(k), unit(t))
        if MOUNT <= code < MOUNT + U * D:
            k, d = divmod(code - MOUNT, D)
            return Mount(unit(k), DESTS[d])
        if DISMOUNT <= code < DISMOUNT + U * D:
            k, d = divmod(code - DISMOUNT, D)
            return Dismount(unit(k), DESTS[d])
        if EMBARK <= code < EMBARK + U * U:
            k, c = divmod(code - EMBARK, U)
            return Embark(unit(k), unit(c))
        if DISEMBARK <= code < DISEMBARK + U * D:
            k, d = divmod(code - DISEMBARK, D)
            return Disembark(unit(k), DESTS[d])
        if AREA <= code < AREA + U * F:
            k, f = divmod(code - AREA, F)
            if f >= len(self.features):
                raise UsageError(f"no action has code {code} (feature {f} is not on this table)")
            return BombardFeature(unit(k), self.features[f])
        if POINT <= code < POINT + U * B * P:
            k, n = divmod(code - POINT, P)
            c, b = divmod(k, B)
            if n >= len(self.points):
                raise UsageError(f"no action has code {code} (aiming point {n} is not in this scenario)")
            return RequestPoint(unit(c), battery(b), self.points[n])
        if WALK_UNIT <= code < WALK_UNIT + U * U:
            k, t = divmod(code - WALK_UNIT, U)
            return Walk(unit(k), unit(t))
        if CONTINUE_UNIT <= code < CONTINUE_UNIT + U:
            return Continue(unit(code - CONTINUE_UNIT))
        if CALL <= code < CALL + U * U * U:
            k, t = divmod(code - CALL, U)
            c, k = divmod(k, U)
            return Call(unit(c), unit(k), unit(t))
        if code >= self.close:
            k, y = divmod(code - self.close, self.ys)
            u, x = divmod(k, self.xs)
            return MoveTo(unit(u), x, y, "K")
        if code >= self.carry:
            k, y = divmod(code - self.carry, self.ys)
            k, x = divmod(k, self.xs)
            u, o = divmod(k, 3)
            return MoveTo(unit(u), x, y, CARRY_ORDERS[o])
        if code >= FREE:
            k, y = divmod(code - FREE, self.ys)
            k, x = divmod(k, self.xs)
            u, o = divmod(k, 5)
            return MoveTo(unit(u), x, y, ORDER_TYPES[o])
        raise UsageError(f"no action has code {code}")
