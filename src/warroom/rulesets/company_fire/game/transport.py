"""Company Fire game: transport: mounting and dismounting, and riders pinned with their carrier.

A squad, team or SMF mounts a friendly half-track or truck in its space as its action for the card; a rider
dismounts into its carrier's space, stacking permitting, as its move (CF-91; seed "Stacking", CF-90). Riders go
where their carrier goes (:meth:`.effects.Play.set`, CF-92); a carrier left suppressed pins its good-order
riders (:func:`.consequences.shake_riders`, CF-94). What a rider may do is in :mod:`.legal` (CF-93); what
becomes of riders when their carrier is destroyed, in :func:`.consequences.bail_out` (CF-94).
"""

from __future__ import annotations

from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import sp
from warroom.rulesets.company_fire.game.effects import Play


def do_mount(p: Play, a: Action, i: int) -> None:
    """CF-91: a squad, team or SMF climbs into a friendly half-track or truck in its space; that is its
    action for the card."""
    c = p.game.index[a.other]
    p.set(i, riding=c, moved=True, done=True, bocage=False)
    p.say(f"{p.name(i)} mounts {p.name(c)} in {sp(p.units[i].at)} (CF-91)")


def do_dismount(p: Play, a: Action, i: int) -> None:
    """CF-91: a rider gets down into its carrier's space, stacking permitting (seed "Stacking"); it is the
    unit's move for the card: on a face card a squad may still fire."""
    c = p.units[i].riding
    p.set(i, riding=-1, moved=True)
    p.set(i, done=p.one_action_only(i))
    p.say(f"{p.name(i)} dismounts from {p.name(c)} in {sp(p.units[i].at)} (CF-91)")
