"""Company Fire as a complete, rules-enforced game (seed 002; docs/design/company-fire-game.md).

A :class:`CFGame` is a scenario bound to the rules; a :class:`CFState` is one position of it, immutable.
``apply`` works on a mutable copy (``effects.Play``), resolves the action and everything that follows without
a decision (artillery arrival, card draws, the game clock, segments in which the side to act has nothing to
do), and freezes the result. Every die goes through a registered procedure with the state's own generator, so
the odds :meth:`CFState.odds` shows and the result applied come from one code path; the ruling that explains a
roll is worded only when the narration is read (:mod:`warroom.core.rolled`).

The modules, from the bottom up; each imports only modules above it in this list:

- ``common`` (constants, the records a position is made of), ``actions`` (actions and their codes);
- ``scenario_types`` (a loaded scenario), ``scenario`` (the file format, loading and checks), ``briefing`` and
  ``render`` (the briefing, text map and pictures of a scenario);
- ``base``: ``GameBase``, the static half of every state, and the dice;
- ``rules``: ``Rules``, the read-only queries over a position; ``legal``: the legal actions;
  ``state``: ``CFState`` and its JSON form;
- ``effects``: ``Play``, the working copy, with the helpers that change it (set, say, ruling);
- ``observe``: blinds revealed, and what a side may know;
- ``consequences``: what more than one rule family sets off (a hit-table result applied, eliminations, riders
  bailing out or shaken, mines entered and left, a move walked a space at a time, a close assault rolled);
- the rule families, functions of a ``Play``, side by side, none importing another (an import-linter
  contract): ``transport``, ``morale``, ``mines``, ``move``, ``assault``, ``fire``, ``artillery``;
- ``play``: the table that dispatches each action to its family, the turn sequence and victory;
  ``odds`` (the odds before acting) and ``checks`` (the invariants);
- ``game``: ``CFGame``, a ``GameBase`` bound to the rules of play: a state hands ``apply``, ``observation``
  and ``odds`` to its game, the one module that imports ``play``, ``observe`` and ``odds``.
"""

from __future__ import annotations

from warroom.core.game import register_game
from warroom.rulesets.company_fire.game.actions import KINDS, VERB_INDEX, VERBS, Action
from warroom.rulesets.company_fire.game.checks import invariants
from warroom.rulesets.company_fire.game.common import (
    ARRIVAL,
    ASSAULT,
    DECLARE,
    GROUP,
    INDIVIDUAL,
    LEADERS,
    RALLY,
    REACTION,
    ROLES,
    Decision,
    LogLine,
    MineState,
    Mission,
    Smoke,
    UnitState,
)
from warroom.rulesets.company_fire.game.game import CFGame, load, shipped
from warroom.rulesets.company_fire.game.observe import secrets
from warroom.rulesets.company_fire.game.state import CFState
from warroom.rulesets.company_fire.info import INFO

register_game(INFO.id, load, shipped)

__all__ = [
    "ARRIVAL", "ASSAULT", "DECLARE", "GROUP", "INDIVIDUAL", "KINDS", "LEADERS", "RALLY", "REACTION", "ROLES", "VERBS",
    "VERB_INDEX", "Action", "CFGame", "CFState", "Decision", "LogLine", "MineState", "Mission", "Smoke", "UnitState",
    "invariants", "load", "secrets", "shipped",
]
