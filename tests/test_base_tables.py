"""Replaceable base-game tables (DESIGN.md "Rules as data"): stand-ins that say so, and the umpire's own."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from warroom.core import base_tables as bt
from warroom.core.chance import Resolution
from warroom.core.errors import TableError, UsageError
from warroom.core.evaluate import play
from warroom.core.tables import Table


class FireChart(Table):
    hits_on: int


@pytest.fixture
def chart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bt.BaseTables[FireChart]:
    stand_in = tmp_path / "stand_in.toml"
    stand_in.write_text("hits_on = 5\n")
    monkeypatch.setattr(bt, "_REGISTERED", {})
    return bt.register_base_tables("toy", FireChart, stand_in, "the toy game's fire chart")


def _hits_on(chart: bt.BaseTables[FireChart]) -> tuple[int, list[str]]:
    def run(r: Resolution) -> int:
        return chart.read(r).hits_on

    value, resolution = play(run, np.random.default_rng(0))
    return value, resolution.steps


def test_the_stand_in_says_so(chart: bt.BaseTables[FireChart]) -> None:
    hits_on, steps = _hits_on(chart)
    assert hits_on == 5 and "STAND-IN" in steps[0] and "--base-tables" in steps[0]


def test_the_umpires_own_table_replaces_it(chart: bt.BaseTables[FireChart], tmp_path: Path) -> None:
    own = tmp_path / "mine.toml"
    own.write_text("hits_on = 4\n")
    with bt.using_base_tables("toy", own):
        hits_on, steps = _hits_on(chart)
    assert hits_on == 4 and str(own) in steps[0] and "STAND-IN" not in steps[0]
    assert _hits_on(chart)[0] == 5  # only within the block


def test_a_bad_table_file_is_refused_before_use(chart: bt.BaseTables[FireChart], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('hits_on = "five"\n')
    with pytest.raises(TableError, match="hits_on"), bt.using_base_tables("toy", bad):
        pass
    with pytest.raises(UsageError, match="no such file"), bt.using_base_tables("toy", tmp_path / "gone.toml"):
        pass
    with pytest.raises(UsageError, match="has no base-game tables"), bt.using_base_tables("company-fire", bad):
        pass
