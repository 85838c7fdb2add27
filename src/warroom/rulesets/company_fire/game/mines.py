"""Company Fire game: minefields in play (seed "Mines (beta)"; CF-12, CF-52).

A unit entering an enemy minefield: an unmarked one goes off under it and is marked; a marked one is passed by
a test, an easier one once a path is found, and a unit that stops in one, or fails its test, stops there
(:func:`mines_on_entry`, CF-12, CF-52); a unit that moves out of a marked field it stands in rolls as one passing
through (:func:`mines_on_leaving`, CF-104). Looking for a path through a marked minefield next to it, and clearing
the one it stands in, are a unit's whole action for the card; engineers do both better.
"""

from __future__ import annotations

from warroom.rulesets.company_fire.board import Space
from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import _sp
from warroom.rulesets.company_fire.game.effects import _Play
from warroom.rulesets.company_fire.game.morale import apply_result, eliminate, hit_table


def mines_on_entry(p: _Play, i: int, s: Space, last: bool) -> bool:
    """Seed "Mines (beta)" with CF-12 and CF-52: True when the unit may go on from ``s``."""
    g = p.game
    side = g.side_of[i]
    for k, m in enumerate(p.mines):
        if m.gone or m.at != s or m.laid_by == side:
            continue
        target = {"target": "smf" if g.smf[i] else "unit",
                  "target_status": "good_order" if g.smf[i] else p.units[i].status}
        if not m.marked:
            p.set_mine(k, marked=True)
            r = p.ruling("minefield-unmarked", target, f"{p.name(i)} enters {_sp(s)}")
            apply_result(p, i, r.result.removeprefix("mines detonate: "), "minefield")
            return False
        if last:
            p.say(f"{p.name(i)} stops in the marked minefield at {_sp(s)}")
            return False
        proc = "minefield-follow-path" if m.path else "minefield-passage"
        r = p.ruling(proc, {"field": "real" if m.real else "dummy", **target},
                     f"{p.name(i)} tries to pass through the marked minefield at {_sp(s)}")
        if r.result == "through":
            return True
        if r.result.startswith("dummy"):
            p.set_mine(k, gone=True)
        else:
            apply_result(p, i, r.result.removeprefix("mines detonate: "), "minefield")
        p.say(f"{p.name(i)} stops in {_sp(s)} (CF-12)")
        return False
    return True


def mines_on_leaving(p: _Play, i: int, s: Space) -> bool:
    """CF-104: a unit moving out of a marked enemy minefield it stands in (it stopped there, or a failed pass
    stopped it) finishes crossing it, and rolls as a unit passing through does: 5-6 (after a found path 1d6 + 2,
    5+) and it goes; otherwise a dummy is removed, a real field does its 3d6, and the unit stays (CF-12). True
    when the unit may set off."""
    g = p.game
    side = g.side_of[i]
    for k, m in enumerate(p.mines):
        if m.gone or m.at != s or m.laid_by == side or not m.marked:
            continue
        target = {"target": "smf" if g.smf[i] else "unit",
                  "target_status": "good_order" if g.smf[i] else p.units[i].status}
        proc = "minefield-follow-path" if m.path else "minefield-passage"
        r = p.ruling(proc, {"field": "real" if m.real else "dummy", **target},
                     f"{p.name(i)} moves out of the marked minefield at {_sp(s)}: it must get through it (CF-104)")
        if r.result == "through":
            return True
        if r.result.startswith("dummy"):
            p.set_mine(k, gone=True)
        else:
            apply_result(p, i, r.result.removeprefix("mines detonate: "), "minefield")
        p.say(f"{p.name(i)} stays in {_sp(s)} (CF-12, CF-104)")
        return False
    return True


def do_find_path(p: _Play, a: Action, i: int) -> None:
    g = p.game
    k = next(n for n, m in enumerate(p.mines) if m.at == a.space and not m.gone)
    p.set(i, done=True, moved=True, fired=True)
    r = p.ruling("minefield-find-path", {"engineers": g.types[i].has("engineer")},
                 f"{p.name(i)} looks for a path through the minefield at {_sp(a.space)}")
    if r.result == "path found":
        p.set_mine(k, path=True)


def do_clear_mines(p: _Play, a: Action, i: int) -> None:
    """Seed "Mines (beta)": the units the player named (CF-98: a squad, team or gun, with one more unit of the
    space if it chooses) stop and clear; the others in the space take no part. A tie destroys the first named."""
    g = p.game
    assert a.space is not None
    k = next(n for n, m in enumerate(p.mines) if m.at == a.space and not m.gone)
    m = p.mines[k]
    clearers = [i] + ([g.index[a.other]] if a.other else [])
    for j in clearers:
        p.set(j, done=True, moved=True, fired=True)
    r = p.ruling("minefield-clear", {"field": "real" if m.real else "dummy",
                                     "engineers": any(g.types[j].has("engineer") for j in clearers)},
                 f"{', '.join(p.name(j) for j in clearers)} clear the minefield at {_sp(a.space)}")
    if r.result.startswith("dummy") or r.result == "mines cleared":
        p.set_mine(k, gone=True)
    elif r.result.startswith("tie"):
        p.set_mine(k, gone=True)
        eliminate(p, clearers[0], "destroyed")
    else:
        hits = int(r.result.split("by ")[1][0])
        for j in clearers:
            if p.alive(j):
                apply_result(p, j, hit_table(p, j, hits, "mines"), "minefield")
