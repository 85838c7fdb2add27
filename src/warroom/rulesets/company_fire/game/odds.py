"""Company Fire game: the exact odds of an action before it is taken (design "Odds before acting").

:func:`_odds` builds the procedure parameters that playing the action would use, from the same functions
(:mod:`.fire`, :mod:`.assault`), and asks ``warroom.core.api.odds`` for the distribution of results on each
target: fire and recon by fire (seed "Individual Unit Fire", CF-47), group fire (seed "Group Fire"), anti-tank
fire (seed "Attacking vehicles", CF-76), sniper fire (seed "Single Mounted Figures (SMFs)"), HE missions (seed
"Artillery") and close assaults (seed "Close Assault", CF-84, CF-89).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warroom.core.api import odds as exact_odds
from warroom.core.errors import UsageError
from warroom.rulesets.company_fire import board as B
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.assault import _assault_params
from warroom.rulesets.company_fire.game.common import _other, _sp
from warroom.rulesets.company_fire.game.effects import _Play
from warroom.rulesets.company_fire.game.fire import at_params, fire_params, victims
from warroom.rulesets.company_fire.game.legal import _illegal
from warroom.rulesets.company_fire.game.state import CFState
from warroom.rulesets.company_fire.geometry import range_between
from warroom.rulesets.company_fire.los import cover_for_attack


def _odds(s: CFState, a: Action) -> dict[str, dict[str, Fraction]]:
    """Design "Odds before acting": the procedure and parameters ``apply`` would use, per target."""
    g = s.game
    if a not in s.legal_actions():
        raise UsageError(_illegal(s, a, s.legal_actions()))
    p = _Play(s)
    i = g.index.get(a.unit, -1)
    out: dict[str, dict[str, Fraction]] = {}

    def dist(proc: str, params: dict[str, Any]) -> dict[str, Fraction]:
        return dict(exact_odds(f"company-fire/{proc}", params).distribution)

    if a.kind == "fire":
        assert a.space is not None
        enemy = _other(g.side_of[i])
        units, blind = victims(p, enemy, a.space)
        if blind:  # CF-130: a blind is one target, whatever is under it
            units = []
            out[f"blind at {_sp(a.space)}"] = dist("individual-fire", fire_params(p, i, a.space, -1, True))
        for j in units:
            out[g.ids[j]] = dist("individual-fire", fire_params(p, i, a.space, j, False))
    elif a.kind == "group_fire":
        assert a.space is not None
        here = s.units[i].at
        side = g.side_of[i]
        firers = p.group_firers(here, side)  # type: ignore[arg-type]
        units, blind = victims(p, _other(side), a.space)
        for j in ([] if blind else units) or [-1]:  # CF-130
            out[g.ids[j] if j >= 0 else f"blind at {_sp(a.space)}"] = dist("group-fire", {
                "firers": tuple(g.types[k].weapon_key for k in firers), "leader": s.leaders_in(here, side),  # type: ignore[arg-type]
                "range": range_between(here, a.space),  # type: ignore[arg-type]
                "cover": bool(cover_for_attack(g.board, here, a.space, s.smoke_spaces())),  # type: ignore[arg-type]
                "card": s.card(), "recon_by_fire": blind,
                "pinned_firers": any(s.units[k].status == "pinned" for k in firers),
                "target_status": s.units[j].status if j >= 0 else "good_order"})
    elif a.kind in ("declare_he",):
        assert a.space is not None
        cover = B.space_cover(g.board, a.space, s.smoke_spaces())
        if any(a.space in s.blind_spaces(who) for who in ("attacker", "defender")):  # CF-129, CF-130
            out[f"blind at {_sp(a.space)}"] = dist("artillery", {"mission": "he", "cover": cover,
                                                                 "target_status": "good_order"})
            return out
        for j in s.at(a.space):
            if not g.smf[j]:
                out[g.ids[j]] = dist("artillery", {"mission": "he", "cover": cover,
                                                   "target_status": s.units[j].status})
        if not out:
            out[f"a unit in {_sp(a.space)}"] = dist("artillery", {"mission": "he", "cover": cover})
    elif a.kind == "assault":
        assert a.space is not None
        attackers = [i] + ([g.index[a.other]] if a.other else [])
        defenders = [j for j in s.at(a.space, _other(g.side_of[i])) if not g.smf[j] and s.units[j].riding < 0]
        here = s.units[i].at
        out[f"close assault on {_sp(a.space)}"] = dist(
            "close-assault", _assault_params(s, attackers, here, defenders, a.space))  # type: ignore[arg-type]
    elif a.kind == "at_fire":
        out[a.other] = dist("anti-tank-fire", at_params(p, i, g.index[a.other]))
    elif a.kind == "snipe":
        j = g.index[a.other]
        here, there = s.units[i].at, s.units[j].at
        smf = g.smf[j]
        out[a.other] = dist("sniper-fire", {
            "target": "smf" if smf else "unit", "range": range_between(here, there),  # type: ignore[arg-type]
            "cover": bool(cover_for_attack(g.board, here, there, s.smoke_spaces())),  # type: ignore[arg-type]
            "target_status": "good_order" if smf else s.units[j].status})
    else:
        raise UsageError(f"odds are given for fire, anti-tank fire, group fire, sniper fire, HE missions and close "
                         f"assaults, not for '{a}'")
    return out
