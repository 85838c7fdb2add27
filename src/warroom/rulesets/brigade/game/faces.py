"""Brigade game: what each action is, as data (:class:`warroom.core.game.ActionFacts`; seed 004 "Move Sequence").

Read from the action alone (:mod:`.actions`): ``unit`` the unit given the order (for an artillery request the
observer or commander calling, for a call of on-table fire the mortar or gun called, for walking or keeping a
battery's fire on the battery), ``target`` the detected enemy company a fire, a request, a call, a bombardment or
walking fire aims at (a request on an aiming point and indirect fire on a terrain feature aim at no unit),
``point`` the point on the table a free-form move goes to (:class:`.actions.MoveTo`, in inches). A Brigade move
follows a heading or a named destination, not a point or a route of spaces: no ``space`` and no ``route``.

``rolls_dice`` (as :mod:`.odds` has them, BR-200 ... BR-203): fire and its pin choice, pin tests, bombardment and
walking fire roll; a move, an advance, a deployment, a dismount, a free-form move and a limber, mount or
disembark that then moves roll the movement dice of ground whose distance is rolled, and ending the move those of
the units it sends along their pre-planned paths, so they may. Selecting, holding, following a plan, embarking,
requests and calls (the dice fall when the fire arrives, in the turn sequence), keeping fire on, and a limber,
mount or disembark that stays where it is roll none.
"""

from __future__ import annotations

from collections.abc import Hashable

from warroom.core.errors import UsageError
from warroom.core.game import ActionFacts
from warroom.rulesets.brigade.game.actions import (
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

KINDS: dict[type, str] = {
    End: "end", PinOrder: "pin_order", PinChoice: "pin_choice", Select: "select", Hold: "hold", Fire: "fire",
    Advance: "advance", Move: "move", Deploy: "deploy", Limber: "limber", FollowPlan: "follow_plan",
    Request: "request", RequestPoint: "request_point", Call: "call", Walk: "walk", Continue: "continue",
    Bombard: "bombard", BombardFeature: "bombard_feature", MoveTo: "move_to", Mount: "mount", Dismount: "dismount",
    Embark: "embark", Disembark: "disembark",
}
"""Each action class's kind word."""

_OF_A_UNIT = (Select, Hold, Fire, Advance, Move, Deploy, Limber, FollowPlan, Call, Bombard, BombardFeature, MoveTo,
              Mount, Dismount, Embark, Disembark)
"""The actions given to one unit (an on-table call names the mortar or gun called)."""
_NO_DICE = (Select, Hold, FollowPlan, Embark, Request, RequestPoint, Call, Continue)


def facts_of(action: Hashable) -> ActionFacts:
    """What ``action`` is (see the module's docstring); one clear error for what is not a Brigade action."""
    kind = KINDS.get(type(action))
    if kind is None:
        raise UsageError(f"{action!r} is not a Brigade action")
    unit: str | None = None
    if isinstance(action, (Request, RequestPoint)):
        unit = action.caller
    elif isinstance(action, (Walk, Continue)):
        unit = action.battery
    elif isinstance(action, _OF_A_UNIT):
        unit = action.unit
    target = action.target if isinstance(action, (Fire, Request, Call, Walk, Bombard)) else None
    point = action.point if isinstance(action, MoveTo) else None
    # a limber, mount or disembark rolls for the half move after the change (BR-48, BR-161, BR-171)
    dice = action.dest != "here" if isinstance(action, (Limber, Mount, Disembark)) else not isinstance(action, _NO_DICE)
    return ActionFacts(kind=kind, unit=unit or None, target=target, point=point, rolls_dice=dice)
