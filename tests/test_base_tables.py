"""Replaceable base-game tables (docs/architecture.md "Rules as data"): stand-ins that say so, and the umpire's own."""

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


class Spotting(Table):
    range_inches: int


@pytest.fixture
def chart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bt.BaseTable[FireChart]:
    fire = tmp_path / "fire.toml"
    fire.write_text("hits_on = 5\n")
    spot = tmp_path / "spot.toml"
    spot.write_text("range_inches = 10\n")
    monkeypatch.setattr(bt, "_REGISTERED", {})
    monkeypatch.setattr(bt, "_STAND_INS", {})
    bt.register_base_table("toy", "spotting", Spotting, spot, "the toy game's spotting chart")
    return bt.register_base_table("toy", "fire_chart", FireChart, fire, "the toy game's fire chart")


def _hits_on(chart: bt.BaseTable[FireChart]) -> tuple[int, list[str]]:
    def run(r: Resolution) -> int:
        return chart.read(r).hits_on

    value, resolution = play(run, np.random.default_rng(0))
    return value, resolution.steps


def test_the_stand_in_says_so(chart: bt.BaseTable[FireChart]) -> None:
    hits_on, steps = _hits_on(chart)
    assert hits_on == 5 and "STAND-IN" in steps[0] and "--base-tables" in steps[0]


def test_the_umpires_own_table_replaces_it(chart: bt.BaseTable[FireChart], tmp_path: Path) -> None:
    own = tmp_path / "mine.toml"
    own.write_text("[fire_chart]\nhits_on = 4\n")
    with bt.using_base_tables("toy", own):
        hits_on, steps = _hits_on(chart)
        spotting = bt.base_tables_of("toy")["spotting"].current()
    assert hits_on == 4 and str(own) in steps[0] and "STAND-IN" not in steps[0]
    assert spotting[2] is True  # a set the file lacks stays the stand-in
    assert _hits_on(chart)[0] == 5  # only within the block


def test_a_bad_table_file_is_refused_before_use(chart: bt.BaseTable[FireChart], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[fire_chart]\nhits_on = "five"\n')
    with pytest.raises(TableError, match=r"\[fire_chart\], key hits_on"), bt.using_base_tables("toy", bad):
        pass
    stray = tmp_path / "stray.toml"
    stray.write_text("[morale]\nx = 1\n")
    with pytest.raises(TableError, match="not a base table of toy; its base tables are: fire_chart, spotting"), \
            bt.using_base_tables("toy", stray):
        pass
    with pytest.raises(UsageError, match="no such file"), bt.using_base_tables("toy", tmp_path / "gone.toml"):
        pass
    with pytest.raises(UsageError, match="has no base-game tables"), bt.using_base_tables("company-fire", bad):
        pass


def test_stand_ins_read_are_recorded(chart: bt.BaseTable[FireChart], tmp_path: Path) -> None:
    with bt.recording_stand_ins() as seen:
        _hits_on(chart)
    assert seen == {"fire_chart (the toy game's fire chart)"}
    own = tmp_path / "mine.toml"
    own.write_text("[fire_chart]\nhits_on = 4\n")
    with bt.recording_stand_ins() as seen, bt.using_base_tables("toy", own):
        _hits_on(chart)
    assert seen == set()  # the umpire's own table is no stand-in
