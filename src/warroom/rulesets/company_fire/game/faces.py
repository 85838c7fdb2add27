"""Company Fire game: what each action is, as data (:class:`warroom.core.game.ActionFacts`, design "Actions").

Read from the :class:`.actions.Action` alone: ``unit`` the unit acting (none for ending a segment, holding fire,
the assaulting units' occupy or stay), ``space`` the space it names (where a move goes, what a fire, a mission or
an assault aims at; CF-120), ``route`` the spaces a move passes through on its way (CF-120), ``target`` the enemy
unit aimed at, which is the ``other`` of a snipe (seed "Single Mounted Figures (SMFs)"), an anti-tank fire (seed
"Attacking vehicles", CF-76) or an opportunity fire at one unit (seed "Opportunity Fire"); the ``other`` of a
mount is the carrier, of a sacrifice the leader, of an assault the second assaulting unit: not targets.
``rolls_dice`` is False for the kinds that roll no die of their own (:data:`.odds.NO_DICE`); a move is rolled
for only when it takes a Movement Test or passes a marked minefield, so it may. ``kind`` is the action's kind (a
vehicle's pivot and turret turn are each one kind, ``pivot`` and ``turret``, the edge in ``Action.facing``).
"""

from __future__ import annotations

from collections.abc import Hashable

from warroom.core.errors import UsageError
from warroom.core.game import ActionFacts
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.odds import NO_DICE

TARGET_KINDS = frozenset({"snipe", "at_fire", "op_fire"})
"""The kinds whose ``other`` is the enemy unit aimed at."""


def facts_of(action: Hashable) -> ActionFacts:
    """What ``action`` is (see the module's docstring); one clear error for what is not a Company Fire action."""
    if not isinstance(action, Action):
        raise UsageError(f"{action!r} is not a Company Fire action")
    kind = action.kind
    target = action.other if kind in TARGET_KINDS and action.other else None
    return ActionFacts(kind=kind, unit=action.unit or None, target=target, space=action.space,
                       route=action.via, rolls_dice=kind not in NO_DICE)
