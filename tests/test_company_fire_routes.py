"""The route of a move (seed 002 "Movement", "Mines (beta)", "Opportunity Fire"; reading CF-120): the player
chooses among the routes to a space that differ in what they risk, and a route risking only a part of what
another risks is taken in its stead.

The constructed position is ``tests/data/cf_routes.toml``: the defender's MG at 7,5 looks west along row 5
and sees 6,5, 5,5 and the woods at 4,5 (a target in woods is seen, what lies beyond is not: 3,5); the
buildings at 5,6 and 6,6 hide row 6 from it. The attacker's rifle squad a1 is at 3,5. To reach 4,6 (two
spaces, steps through edges only) it passes 4,5 (seen) or 3,6 (not seen).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_company_fire_fog import on
from warroom.core.errors import UsageError
from warroom.core.game import find_scenario, load_game, shipped_scenarios
from warroom.rulesets.company_fire import movement
from warroom.rulesets.company_fire.game import INDIVIDUAL, Action, CFState
from warroom.rulesets.company_fire.game.common import MineState
from warroom.sim.playout import random_playout

RULE = pytest.mark.rule
ROUTES = Path(__file__).parent / "data" / "cf_routes.toml"


def position() -> CFState:
    s = on(load_game("company-fire", ROUTES).initial_state(1), None, INDIVIDUAL)  # type: ignore[arg-type]
    seen = {sp: s.in_enemy_los("attacker", sp) for sp in ((3, 5), (4, 5), (3, 6), (4, 6))}
    assert seen == {(3, 5): False, (4, 5): True, (3, 6): False, (4, 6): False}  # the premises, as drawn above
    return s


def moves_to(s: CFState, space: tuple[int, int]) -> list[Action]:
    return [a for a in s.legal_actions() if a.kind == "move" and a.unit == "a1" and a.space == space]


@RULE("002", "Movement")
def test_cf120_a_move_that_can_stay_out_of_sight_is_free() -> None:
    # Seed "Movement": a squad's two-space move needs no Movement Test if it starts and stays out of enemy LOS.
    # 3,5 -> 3,6 -> 4,6 does; 3,5 -> 4,5 -> 4,6 passes the MG's sight. The first risks nothing the second does
    # not, so it is the move to 4,6 (the engine's first-found path went by 4,5 and demanded the test).
    s = position()
    assert [str(a) for a in moves_to(s, (4, 6))] == ["a1 moves to 4,6"]
    text = "\n".join(s.apply(moves_to(s, (4, 6))[0]).narration())
    assert "sets off: 3,5 \u2192 3,6 \u2192 4,6" in text and "Movement Test" not in text


@RULE("002", "Movement")
@RULE("002", "Mines (beta)")
def test_cf120_routes_that_risk_different_things_are_each_offered() -> None:
    # A marked real minefield of the defender's at 3,6: now the way by 3,6 means a roll to pass the mines
    # (seed "Mines (beta)"), the way by 4,5 the Movement Test in the MG's sight. Neither risks less: both offered.
    s = position()
    s = s.replace(mines=(MineState((3, 6), "defender", True, True, False, False),))
    offered = {str(a): a for a in moves_to(s, (4, 6))}
    assert set(offered) == {"a1 moves to 4,6 via 4,5", "a1 moves to 4,6 via 3,6"}
    by_mines = "\n".join(s.apply(offered["a1 moves to 4,6 via 3,6"]).narration())
    assert "tries to pass through the marked minefield at 3,6" in by_mines and "Movement Test" not in by_mines
    by_sight = "\n".join(s.apply(offered["a1 moves to 4,6 via 4,5"]).narration())
    assert "Movement Test" in by_sight and "minefield" not in by_sight
    # the plain move, naming no route, is not one of them where routes differ
    with pytest.raises(UsageError):
        s.apply(Action("move", "a1", (4, 6)))


@RULE("002", "Movement")
def test_cf120_a_route_is_coded_and_decoded() -> None:
    s = position().replace(mines=(MineState((3, 6), "defender", True, True, False, False),))
    game = s.game
    for a in moves_to(s, (4, 6)):
        code = game.encode(a)
        assert code >= game.codes.action_space and game.decode(code) == a
    with pytest.raises(UsageError, match="no move has that route"):
        game.decode(game.codes.action_space * (len(game.spaces) + 1))  # a route digit 0: no space


def _general(s: CFState, i: int, rate: int) -> dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The routes by the general search, for a move the two-step shortcut answers."""
    g = s.game
    solid, smfs = s.enemy_sets(g.side_of[i])
    here = s.units[i].at
    assert here is not None
    risk = {sp: s.route_risk(i, sp) for sp in g.spaces}
    mover = "vehicle" if g.vehicle[i] else "infantry"
    found = movement._routes(g.step_graphs[mover], g.near, g.board.roads, here, rate, solid, smfs,
                             s.full_spaces(i), s.smoke_spaces(), risk, False)
    return {sp: movement._pareto(labels) for sp, labels in found.items()}


@RULE("002", "Movement")
@pytest.mark.parametrize("path", shipped_scenarios()["company-fire"], ids=lambda p: p.stem)
def test_cf120_routes_reach_what_a_move_reaches_by_lawful_steps(path: Path) -> None:
    game = load_game(*find_scenario(str(path)))
    checked = 0
    for seed in (1, 2):
        states, _ = random_playout(game, seed, 400)
        for s in states[::7]:
            for i in s.living():
                if s.units[i].hidden:
                    continue
                t = s.game.types[i]
                rate = t.vehicle.off_road if t.vehicle else t.movement_spaces
                found = s.routes(i, rate)
                assert list(found) == list(s.destinations(i, rate))
                for space, routes in found.items():
                    assert routes and len(set(routes)) == len(routes)
                    for route in routes:
                        assert route[-1] == space and len(route) <= rate
                        steps = zip((s.units[i].at, *route[:-1]), route, strict=True)
                        assert all(any(b == n for n, _ in s.game.step_graphs[
                            "vehicle" if t.vehicle else "infantry"][a]) for a, b in steps)
                if rate <= 2:
                    general = _general(s, i, rate)
                    assert {sp: general[sp] for sp in found} == found
                checked += 1
    assert checked > 20
