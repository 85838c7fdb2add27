"""The generated scenario families of the speed benchmarks (benchmarks/scenario_family.py): each size loads with
the game's own loader, with the unit counts, platoons and ground the family promises, and plays to an end."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from warroom.core.game import load_game
from warroom.sim.playout import play_random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from scenario_family import (
    BRIGADE_SIZES,
    CF_SIZES,
    brigade_scenario,
    brigade_table,
    brigade_text,
    cf_board_side,
    company_fire_scenario,
    company_fire_text,
)


def test_the_families_have_the_sizes_the_benchmark_fits() -> None:
    assert CF_SIZES == (8, 16, 32, 64, 100)
    assert BRIGADE_SIZES == (8, 16, 32, 64)  # the Brigade scenario format takes at most 64 units


def test_the_company_fire_board_keeps_crossroads_patrols_ground_per_unit() -> None:
    # about 8 spaces a unit: 8 units -> sqrt(64) = 8; 32 -> sqrt(256) = 16; 100 -> sqrt(800) = 28.3, so 29
    assert cf_board_side(8) == 8
    assert cf_board_side(32) == 16
    assert cf_board_side(100) == 29


def test_the_brigade_table_keeps_ponyris_ground_per_unit() -> None:
    # 2400 / 17 = 141.18 sq in a unit; 64 units: 9035.3 sq in; depth sqrt(9035.3 / 1.5) = 77.6 -> 78,
    # width 1.5 x 77.6 = 116.4 -> 116
    assert brigade_table(64) == (116, 78)
    # 8 units: 1129.4 sq in; depth sqrt(752.9) = 27.4 -> 27, width 41.2 -> 41
    assert brigade_table(8) == (41, 27)


def test_a_32_unit_company_fire_scenario_loads_with_its_platoons(tmp_path: Path) -> None:
    """16 a side: 4 platoons of a leader and 3 rifle squads each, on a 16 x 16 grid."""
    game = load_game("company-fire", company_fire_scenario(32, tmp_path))
    units = game.units  # type: ignore[attr-defined]
    assert len(units) == 32
    assert game.board.width == game.board.height == 16  # type: ignore[attr-defined]
    for side in ("attacker", "defender"):
        mine = [u for u in units if u.side == side]
        assert len(mine) == 16
        assert sum(1 for u in mine if u.type.leader == "platoon_leader") == 4


def test_a_64_unit_brigade_scenario_loads(tmp_path: Path) -> None:
    game = load_game("brigade", brigade_scenario(64, tmp_path))
    assert len(game.ctx.ids) == 64  # type: ignore[attr-defined]
    assert (game.ctx.field.width, game.ctx.field.depth) == (116, 78)  # type: ignore[attr-defined]


def test_the_same_call_writes_the_same_scenario_and_another_seed_another_map() -> None:
    assert company_fire_text(16, seed=3) == company_fire_text(16, seed=3)
    assert company_fire_text(16, seed=3) != company_fire_text(16, seed=4)
    assert brigade_text(16, seed=3) == brigade_text(16, seed=3)


@pytest.mark.parametrize("units", [7, 2, 402])
def test_an_odd_or_out_of_range_count_is_refused(units: int) -> None:
    with pytest.raises(ValueError, match="give an even number from 4 to 400"):
        company_fire_text(units)


def test_brigade_refuses_more_than_its_format_takes() -> None:
    with pytest.raises(ValueError, match="from 4 to 64"):
        brigade_text(66)


def test_the_smallest_of_each_family_plays_to_an_end(tmp_path: Path) -> None:
    for ruleset, path in (("company-fire", company_fire_scenario(8, tmp_path)),
                          ("brigade", brigade_scenario(8, tmp_path))):
        state, actions = play_random(load_game(ruleset, path), 1, 20_000)
        assert state.is_terminal(), ruleset
        assert actions > 10


@pytest.mark.slow
def test_the_100_unit_map_loads_once_the_benchmark_lifts_the_board_limit(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's scenario file is held to a 20 x 20 map (README "Limits and bad input"); the benchmark's own
    100-unit family member is 29 x 29, and vs_atlatl.py lifts the limit for its process before loading it."""
    from scenario_family import lift_board_limit
    from warroom.core.errors import UsageError
    from warroom.rulesets.company_fire.game import scenario

    monkeypatch.setattr(scenario, "MAX_BOARD", scenario.MAX_BOARD)  # restored after the test
    path = company_fire_scenario(100, tmp_path)
    with pytest.raises(UsageError, match="at most 20 x 20"):
        load_game("company-fire", path)
    lift_board_limit()
    game = load_game("company-fire", path)
    assert game.scenario.board.width == game.scenario.board.height == 29
    assert len(game.initial_state(1).units) == 100
