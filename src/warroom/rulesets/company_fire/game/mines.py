"""Company Fire game: minefields in play (seed "Mines (beta)"; CF-12, CF-52).

Looking for a path through a marked minefield next to it, and clearing the one it stands in, are a unit's whole
action for the card; engineers do both better. What a minefield does to a unit entering it (an unmarked one goes
off under it and is marked; a marked one is passed by a test, an easier one once a path is found, and a unit that
stops in one, or fails its test, stops there: CF-12, CF-52) and to one leaving it (CF-104) is in
:mod:`.consequences`, walked by every move.
"""

from __future__ import annotations

from warroom.rulesets.company_fire.game.actions import Action
from warroom.rulesets.company_fire.game.common import sp
from warroom.rulesets.company_fire.game.consequences import apply_result, eliminate, hit_table
from warroom.rulesets.company_fire.game.effects import Play


def do_find_path(p: Play, a: Action, i: int) -> None:
    g = p.game
    k = next(n for n, m in enumerate(p.mines) if m.at == a.space and not m.gone)
    p.set(i, done=True, moved=True, fired=True)
    r = p.ruling("minefield-find-path", {"engineers": g.types[i].has("engineer")},
                 f"{p.name(i)} looks for a path through the minefield at {sp(a.space)}")
    if r.result == "path found":
        p.set_mine(k, path=True)


def do_clear_mines(p: Play, a: Action, i: int) -> None:
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
                 f"{', '.join(p.name(j) for j in clearers)} clear the minefield at {sp(a.space)}")
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
