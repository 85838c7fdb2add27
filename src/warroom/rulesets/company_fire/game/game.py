"""Company Fire game: :class:`CFGame`, a scenario bound to the rules, and the game's loader.

A CFGame is a :class:`.base.GameBase` (the scenario as the rules read it) that knows the rules of play: it sets
up the opening position (the attacker opens as if it had drawn a Move card, seed "Initiative and Phase
Sequence"; the scenario's set-up and options, CF-40 ... CF-53), reads a state back from its JSON form, gives each
action its stable code (:mod:`.actions`), and is what a state hands ``apply``, ``observation`` and ``odds`` to
(:mod:`.play`, :mod:`.observe`, :mod:`.odds`). :func:`load` is the game loader registered for ``company-fire``,
:func:`shipped` the scenario files that come with it.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from warroom.core.errors import UsageError, check_seed
from warroom.core.game import ActionFacts
from warroom.core.rule_uses import register_rule_use
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.base import GameBase, rng_state
from warroom.rulesets.company_fire.game.common import ROLES, MineState
from warroom.rulesets.company_fire.game.effects import Play
from warroom.rulesets.company_fire.game.faces import facts_of
from warroom.rulesets.company_fire.game.observe import observation_of
from warroom.rulesets.company_fire.game.odds import odds_of
from warroom.rulesets.company_fire.game.play import advance, resolve
from warroom.rulesets.company_fire.game.scenario import load_scenario, shipped_scenarios
from warroom.rulesets.company_fire.game.state import CFState, read_state
from warroom.rulesets.company_fire.info import INFO, SEED
from warroom.rulesets.company_fire.initiative import opening


class CFGame(GameBase):
    """A Company Fire scenario bound to the rules: the static half of every state."""

    ruleset = INFO.id
    version = INFO.version
    sides = ROLES

    # encoding ---------------------------------------------------------------------------------------

    def encode(self, action: Hashable) -> int:
        return self.codes.encode(action)

    def decode(self, code: int) -> Action:
        return self.codes.decode(code)

    def facts_of(self, action: Hashable) -> ActionFacts:
        return facts_of(action)

    # states -----------------------------------------------------------------------------------------

    def initial_state(self, seed: int) -> CFState:
        check_seed(seed)  # a whole number from 0, or one clear error
        sc = self.scenario
        units = self.set_up_units()
        dummies = tuple(sorted((side.role, s) for side in (sc.attacker, sc.defender) for s in side.dummy_blinds))
        mines = tuple(MineState(at=m.at, laid_by=m.laid_by, real=m.real, marked=m.marked, path=False, gone=False)
                      for m in sc.minefields)
        init = opening(sc.attacker.colour, 2 if sc.rules.jokers else 0)
        missions = ((sc.attacker.fire_missions.he, sc.attacker.fire_missions.smoke),
                    (sc.defender.fire_missions.he, sc.defender.fire_missions.smoke))
        held = tuple(o.held_by for o in sc.victory.objectives)
        rng = np.random.Generator(np.random.PCG64(seed))
        start = CFState(self, units, dummies, mines, init, missions, declared=(), smoke=(), held=held, decisions=(),
                        log=(), rng=rng_state(rng), outcome=None, steps=0)
        play = Play(start)
        play.say(f"{sc.name}: {sc.attacker.name} attack {sc.defender.name}. The attacker opens as if it had drawn "
                 "a Move card (seed \"Initiative and Phase Sequence\").")
        advance(play)
        return play.freeze()

    def state_from_json(self, data: dict[str, Any]) -> CFState:
        if not isinstance(data, dict):
            raise UsageError(f"a Company Fire state is a JSON object (state.to_json()), not {type(data).__name__}")
        try:
            return read_state(self, data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise UsageError(f"not a Company Fire state of {self.scenario_name}: {exc}") from None

    # what a state hands to its game (GameBase) ------------------------------------------------------

    def play(self, state: Any, action: Action) -> Any:
        return resolve(state, action)

    def observe(self, state: Any, side: str, *, log: bool = True) -> dict[str, Any]:
        return observation_of(state, side, log)

    def odds(self, state: Any, action: Hashable) -> dict[str, dict[str, Fraction]]:
        return odds_of(state, action)


def load(path: Path) -> CFGame:
    """The game loader registered for ``company-fire``: a scenario file to a :class:`CFGame`."""
    return CFGame(load_scenario(path), Path(path))


def shipped() -> tuple[Path, ...]:
    """The scenario files that come with the game."""
    return shipped_scenarios()


for _section in ("Stacking", "The Game Turn", "Initiative and Phase Sequence", "Tracking Turns",
                 "Game Clock (optional)", "Unit Status, Hit Results and Rallying", "Line of Sight (LOS)",
                 "Optional Methods for Resolving Attacks", "Artillery", "Movement", "Close Assault",
                 "Individual Unit Fire", "Opportunity Fire", "Vehicle Opportunity Fire", "Group Fire",
                 "Non-Phasing Reaction Fire", "Vehicle Hit Reduction",
                 "Single Mounted Figures (SMFs)", "Bocage", "Mines (beta)"):
    register_rule_use(SEED, _section, "company_fire.game")
