"""The Company Fire heuristic player (warroom.ai.heuristic_cf): its tactics on positions reached by seeded play of
the shipped scenarios, each test naming the seed section it checks; legality and determinism over many seeded
decisions; and that it beats random play on Crossroads Patrol from both sides."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from warroom import ai
from warroom.ai import heuristic_cf, heuristic_cf_value
from warroom.ai.heuristic_cf_board import Position, Unit, kind
from warroom.ai.heuristic_cf_moves import armour_stack
from warroom.ai.heuristic_cf_value import Decision
from warroom.core.game import Game, GameState, load_game, shipped_scenarios

RULE = pytest.mark.rule
"""The Company Fire seed file."""

CF = {p.stem: p for p in shipped_scenarios()["company-fire"]}
QUICK = ["crossroads_patrol"]
SLOW = sorted(s for s in CF if s not in QUICK)


def game_of(stem: str) -> Game:
    return load_game("company-fire", CF[stem])


def views(stem: str, seeds: range, players: Callable[[Game], dict[str, Any]] | None = None,
          limit: int = 3000) -> Iterator[tuple[ai.View, Hashable]]:
    """Every decision of seeded games on ``stem`` (the heuristic for both sides unless ``players`` says), each as
    the view of the side to act and the action it took."""
    game = game_of(stem)
    for seed in seeds:
        seen: list[tuple[GameState, Hashable]] = []
        chosen = players(game) if players else dict.fromkeys(game.sides, "heuristic")
        ai.play(game, chosen, seed=seed, max_actions=limit, history=False,
                on_action=lambda s, a, _after, seen=seen: seen.append((s, a)))
        for state, action in seen:
            assert state.to_act is not None
            yield ai.View(game, state, state.to_act), action


def heuristic_as(side: str) -> Callable[[Game], dict[str, Any]]:
    return lambda game: {s: ("heuristic" if s == side else "random") for s in game.sides}


RANKS = {"good order": 0, "good_order": 0, "pinned": 1, "suppressed": 2, "destroyed": 3}


def worse_odds(odds: dict[str, dict[str, Fraction]], status: dict[str, str]) -> Fraction:
    """The expected number of an attack's targets its roll leaves worse off than they are (seed "Unit Status, Hit
    Results and Rallying": pinned, suppressed, destroyed); a blind counts as in good order."""
    return sum((p for label, dist in odds.items() for outcome, p in dist.items()
                if RANKS[outcome.split(",")[0]] > RANKS[status.get(label, "good_order")]), Fraction(0))


def choice(view: ai.View, seed: int = 0, aggression: float = 0.5) -> Any:
    return heuristic_cf.choose(view, np.random.default_rng(seed), aggression)


# --- tactics -------------------------------------------------------------------------------------------


@RULE("002", "Non-Phasing Reaction Fire")
@RULE("002", "Individual Unit Fire")
def test_it_fires_at_the_target_where_the_odds_of_a_pin_or_worse_are_best() -> None:
    """In reaction fire, with a choice of targets all in the same status, it fires, and at the one where the odds
    of a pin or worse (a result worse than the target's status now) are best."""
    checked = 0
    decisions = [d for stem in ("crossroads_patrol", "hedgerow_breakout") for d in views(stem, range(10))]
    for view, _ in decisions:
        if view.observation["segment"] != "reaction fire":
            continue
        fires = [a for a in view.legal_actions if a.kind in ("fire", "at_fire")]
        status = {u["id"]: u["status"] for u in view.observation["units"]}
        odds = {a: view.odds(a) for a in fires}
        labels = {label for o in odds.values() for label in o}
        if len(fires) < 2 or not labels <= set(status) or len({status[label] for label in labels}) != 1:
            continue
        worse = {a: worse_odds(o, status) for a, o in odds.items()}
        best = max(worse.values())
        if len(set(worse.values())) < 2 or best < Fraction(1, 4):
            continue
        chosen = choice(view)
        assert chosen in worse, f"it held its fire with {best} odds of a pin or worse"
        assert worse[chosen] == best, f"{chosen} is not the best of {[str(a) for a in fires]}"
        checked += 1
    assert checked >= 3, "too few reaction-fire choices between targets to check"


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_it_rallies_a_suppressed_unit_when_it_can() -> None:
    """Rally: a suppressed unit that may try to rally tries (a suppressed unit may not fire or move toward the
    enemy, so a failed rally costs it nothing); a leader in its space makes the odds better."""
    checked = 0
    for stem in ("crossroads_patrol", "hedgerow_breakout"):
        for view, _ in views(stem, range(8), heuristic_as("attacker")):
            rallies = [a for a in view.legal_actions if a.kind == "rally"]
            units = {u["id"]: u for u in view.observation["units"] if u["side"] == view.side}
            suppressed = [a for a in rallies if units[a.unit]["status"] == "suppressed"]
            if not suppressed or view.observation["segment"] != "rally":
                continue
            chosen = choice(view)
            assert chosen.kind == "rally", f"it left {[a.unit for a in suppressed]} suppressed"
            checked += 1
    assert checked >= 2, "too few rally segments with a suppressed unit to check"


@RULE("002", "Mines (beta)")
@pytest.mark.slow
def test_it_does_not_walk_into_a_known_minefield() -> None:
    """A space marked as mined costs a roll to pass and 3d6 to each unit that fails: only a squad, which may
    clear it (CF-98), ever stops in a known enemy minefield no path has been found through; a weapon team, gun
    or leader with any other choice goes round."""
    moves_checked = 0
    for view, action in views("munassib_minefield", range(4), heuristic_as("attacker"), limit=2500):
        if view.side != "attacker" or action.kind not in ("move", "leader_move", "assault_move"):
            continue
        pos = Position.of(view)
        mover = next(u for u in pos.mine if u.id == action.unit)
        if not pos.mined or mover.type.kind == "squad" or len(view.legal_actions) < 2:
            continue
        assert action.space not in pos.mined, f"{action} stops in a known minefield ({sorted(pos.mined)})"
        moves_checked += 1
    assert moves_checked >= 20


@RULE("002", "Close Assault")
@pytest.mark.slow
def test_it_assaults_only_when_the_odds_favour_it() -> None:
    """High score wins the close assault, the difference in hits on each loser: it goes in only where the
    attackers are likelier to win than the defenders, unless it is behind on points in the last turns."""
    assaults = 0
    for stem in ("hedgerow_breakout", "villa_rogatti", "crossroads_patrol"):
        for view, action in views(stem, range(4)):
            if action.kind != "assault" or all(a.kind == "assault" for a in view.legal_actions):
                continue  # an assault the unit is committed to (it moved to close assault) is no choice
            (dist,) = view.odds(action).values()
            win = sum((p for k, p in dist.items() if k.startswith("attackers")), Fraction(0))
            lose = sum((p for k, p in dist.items() if k.startswith("defenders")), Fraction(0))
            pos = Position.of(view)
            late_and_behind = pos.behind() and pos.late >= heuristic_cf_value.DESPERATE
            assert win > lose or late_and_behind, f"{action}: attackers win {win}, defenders win {lose}"
            assaults += 1
    assert assaults >= 1, "no close assault was made to check"


@RULE("002", "Opportunity Fire")
def test_it_takes_op_fire_with_good_odds() -> None:
    """Op fire at a unit moving into sight covers the approach: taken whenever the odds of a pin or worse are a
    third or better."""
    checked = 0
    for view, _ in views("crossroads_patrol", range(12), heuristic_as("defender")):
        ops = [a for a in view.legal_actions if a.kind == "op_fire"]
        if not ops or view.side != "defender":
            continue
        status = {u["id"]: u["status"] for u in view.observation["units"]}
        best = max(worse_odds(view.odds(a), status) for a in ops)
        chosen = choice(view)
        if best >= Fraction(1, 3):
            assert chosen.kind == "op_fire", f"it held fire with {best} odds of a pin or worse"
            checked += 1
    assert checked >= 3


@RULE("002", "Movement")
def test_the_attacker_closes_on_the_objectives() -> None:
    """The attacker moves on the objectives it does not hold (CF-54, CF-55): its
    squads stand nearer the crossroads houses at the end of turn 3 than where they set up, in most games."""
    game = game_of("crossroads_patrol")
    closer = 0
    for seed in range(8):
        start: dict[str, int] = {}
        later: dict[str, int] = {}

        def watch(state: GameState, action: Hashable, after: GameState, start: dict[str, int] = start,
                  later: dict[str, int] = later) -> None:
            obs = after.observation("attacker")
            target = obs["objectives"][0]["at"]
            spots = {u["id"]: abs(u["at"][0] - target[0]) + abs(u["at"][1] - target[1])
                     for u in obs["units"] if u["side"] == "attacker" and u["at"] and u["type"] == "rifle_squad"}
            if not start:
                start.update(spots)
            if obs["turn"] <= 3:
                later.clear()
                later.update(spots)

        ai.play(game, {"attacker": "heuristic", "defender": "random"}, seed=seed, history=False, on_action=watch)
        if later and sum(later.values()) / len(later) < sum(start.values()) / len(start):
            closer += 1
    assert closer >= 6


# --- legality, determinism, the View only -------------------------------------------------------------


def _legal_and_deterministic(stem: str, seeds: range, limit: int) -> int:
    decisions = 0
    for k, (view, action) in enumerate(views(stem, seeds, limit=limit)):
        assert action in view.legal_actions
        if k % 7 == 0:
            again = [choice(view, seed=k) for _ in range(2)]
            assert again[0] == again[1], f"two choices from one view and seed differ in {stem}"
            assert again[0] in view.legal_actions
        decisions += 1
    return decisions


@pytest.mark.parametrize("stem", QUICK)
def test_it_only_plays_legal_actions_and_is_deterministic(stem: str) -> None:
    assert _legal_and_deterministic(stem, range(3), 3000) > 200


@pytest.mark.slow
@pytest.mark.parametrize("stem", SLOW)
def test_it_only_plays_legal_actions_and_is_deterministic_on_every_scenario(stem: str) -> None:
    assert _legal_and_deterministic(stem, range(2), 3000) > 100


def test_the_same_view_and_seed_give_the_same_action_whatever_the_aggression_bounds() -> None:
    game = game_of("crossroads_patrol")
    state = game.initial_state(3)
    assert state.to_act is not None
    view = ai.View(game, state, state.to_act)
    for aggression in (0.0, 1.0):
        assert choice(view, 5, aggression) == choice(view, 5, aggression)
        assert choice(view, 5, aggression) in view.legal_actions


def test_it_never_reads_the_state() -> None:
    """A player sees the game only through its View: the modules never touch the view's private state."""
    import inspect

    from warroom.ai import heuristic_cf_board, heuristic_cf_moves

    for module in (heuristic_cf, heuristic_cf_board, heuristic_cf_moves, heuristic_cf_value):
        assert "_state" not in inspect.getsource(module)


# --- strength ------------------------------------------------------------------------------------------


def _wins(stem: str, side: str, games: int) -> int:
    game = game_of(stem)
    wins = 0
    for seed in range(games):
        played = ai.play(game, {s: ("heuristic" if s == side else "random") for s in game.sides}, seed=seed,
                         history=False)
        wins += played.result.get("winner") == side
    return wins


def test_it_beats_random_on_crossroads_patrol_from_both_sides() -> None:
    """Random-vs-random, Crossroads Patrol goes to the defender 99% of the time (issue 16). Measured with
    benchmarks/heuristic_vs_random.py, the heuristic won 84% of 50 games as the attacker (random: 0%) and 100% as
    the defender; the thresholds (50% and 90% of 20 games) leave a margin for the dice."""
    assert _wins("crossroads_patrol", "attacker", 20) >= 10
    assert _wins("crossroads_patrol", "defender", 20) >= 18


@RULE("002", "Close Assault")
def test_against_armour_it_stands_together_with_the_anti_tank_squad() -> None:
    """Seed "Close Assault" (the vehicle modifiers): a half-track assaulting infantry adds 2 and its MG 1, the
    defence a leader (+1), a second good-order unit (+1), an MG (+1) and infantry with anti-tank weapons (+2). On a
    constructed Cobra Breakout position, with a half-track able to assault, a move that joins the panzerfaust squad
    is worth more, and one that leaves it alone worth less; with the half-track suppressed, or a tank about (its +3
    and a gun that rolls on every unit of a stack), neither counts."""
    view = next(v for v, _ in views("cobra_breakout", range(1), heuristic_as("defender")) if v.side == "defender")
    d = Decision(view, 0.5)
    pf = Unit("pf", "defender", kind("panzerfaust_squad"), (5, 1), "good_order")
    g1 = Unit("g1", "defender", kind("rifle_squad"), (5, 1), "good_order")
    lt = Unit("Lt", "defender", kind("platoon_leader"), (5, 1), "good_order")
    mg = Unit("mg", "defender", kind("mmg"), (4, 0), "good_order")
    ht = Unit("HT1", "attacker", kind("half_track"), (4, 4), "good_order")
    d.pos.mine, d.pos.foes = [pf, g1, lt, mg], [ht]
    assert Position.assault_defence([pf, g1, lt]) == 4  # +1 leader, +1 second good-order unit, +2 anti-tank
    assert Position.assault_defence([g1]) == 0 and Position.assault_defence([mg]) == 0  # MG +1, weapons team -1
    assert armour_stack(d, g1, (5, 1), (5, 0)) < 0  # leaving the panzerfaust squad
    assert armour_stack(d, lt, (5, 1), (4, 0)) < 0  # the leader leaving two squads for one MG
    pf.at = (6, 2)
    assert armour_stack(d, pf, (6, 2), (5, 1)) > 0  # joining the squad and its leader
    ht.status = "suppressed"  # seed "Unit Status, Hit Results and Rallying": a suppressed unit may not assault
    assert armour_stack(d, pf, (6, 2), (5, 1)) == 0
    ht.status = "good_order"
    d.pos.foes = [ht, Unit("T1", "attacker", kind("medium_tank"), (3, 5), "good_order")]
    assert armour_stack(d, pf, (6, 2), (5, 1)) == 0  # a tank adds 3 and its gun rolls on each unit of a stack
