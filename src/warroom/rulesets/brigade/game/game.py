"""The Brigade rules bound to a scenario: the game a ``warroom.load_game("brigade", FILE)`` returns."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from warroom.core.errors import UsageError, check_seed
from warroom.core.game import ActionFacts
from warroom.rulesets.brigade.game.codes import Codec
from warroom.rulesets.brigade.game.common import U, pt
from warroom.rulesets.brigade.game.detection import before_the_game
from warroom.rulesets.brigade.game.effects import Builder
from warroom.rulesets.brigade.game.faces import facts_of
from warroom.rulesets.brigade.game.odds import odds
from warroom.rulesets.brigade.game.play import apply, begin_move, freeze
from warroom.rulesets.brigade.game.rules import Context
from warroom.rulesets.brigade.game.scenario import Scenario, holders_last
from warroom.rulesets.brigade.game.state import BrigadeState
from warroom.rulesets.brigade.info import INFO


class BrigadeGame:
    """The Brigade rules bound to a scenario (the :class:`warroom.core.game.Game` protocol)."""

    ruleset = INFO.id
    version = INFO.version

    def __init__(self, scenario: Scenario) -> None:
        self.ctx = Context(scenario)
        self.ctx.play = apply
        self.ctx.odds = odds
        self.scenario = scenario
        self.scenario_name = scenario.name
        self.sides: tuple[str, ...] = scenario.sides
        self.codec = Codec(self.ctx)

    def initial_state(self, seed: int) -> BrigadeState:
        check_seed(seed)  # a whole number from 0, or one clear error
        ctx = self.ctx
        units = []
        for i, spec in enumerate(ctx.units):
            t = ctx.types[i]
            figs = self.scenario.start_figures[i]
            roles = t.figures if t.figures else ("",) * len(figs)
            if self.scenario.holders[i]:  # a squadron set up dismounted: its horse holders are its last figures
                roles = tuple(roles[k] for k in holders_last(tuple(roles), self.scenario.holders[i]))
            facing = spec.facing if spec.facing is not None else next(
                s.facing for s in self.scenario.spec.sides if s.name == spec.side)
            units.append(U(tuple(pt(f) for f in figs), tuple(roles), limbered=spec.limbered, facing=facing % 360,
                           plan=tuple(pt(p) for p in spec.plan),
                           mounted=t.mounts and spec.mounted is not False,
                           holders=self.scenario.holders[i],
                           aboard=ctx.index[spec.aboard] if spec.aboard else -1,
                           bikes=(pt(spec.at),) if t.bicycles and spec.mounted is False else ()))
        gen = np.random.default_rng(seed)
        start = BrigadeState(ctx, 0, "start", 0, -1, (), tuple(units), {}, (), (frozenset(), frozenset()),
                             dict(gen.bit_generator.state), (), None)
        b = Builder(start)
        before_the_game(b)
        title = self.scenario.spec.title
        b.say(f"{title}: {ctx.n_moves // 2} periods; {ctx.first} moves first.")
        begin_move(b, 0)
        return freeze(b)

    def state_from_json(self, data: dict[str, Any]) -> BrigadeState:
        if not isinstance(data, dict):
            raise UsageError(f"a Brigade state is a JSON object (state.to_json()), not {type(data).__name__}")
        return BrigadeState.from_json(self.ctx, data)

    def encode(self, action: Hashable) -> int:
        return self.codec.encode(action)

    def decode(self, code: int) -> Hashable:
        if isinstance(code, bool) or not isinstance(code, int):
            raise UsageError(f"an action's code is a whole number (game.encode(action)), not {type(code).__name__}")
        return self.codec.decode(code)

    def facts_of(self, action: Hashable) -> ActionFacts:
        return facts_of(action)
