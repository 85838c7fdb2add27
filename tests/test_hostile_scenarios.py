"""Hostile scenario and base-tables files: mutated copies of the shipped ones, files that are not UTF-8 or are
nested too deep, maps and tables past warroom's limits, and Brigade set-ups that put units where they cannot be.

Each file goes through ``warroom playout FILE`` (and ``scenario show FILE`` for Company Fire) and
``load_game`` in the API. A mutation that always breaks the file (bad bytes, deep nesting, a value of the
wrong kind, a limit passed) must be refused: exit status 2, one line ``warroom: error: ...``, a
:class:`UsageError` from the API. A mutation that may leave a valid file (a key removed, the file cut short)
must be refused that way or play.
"""

from __future__ import annotations

import copy
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import CORPUS, refused, refused_or_ok, run, snapshot
from warroom.core.errors import UsageError
from warroom.core.game import load_game, shipped_scenarios
from warroom.core.registry import get_procedure
from warroom.rulesets.brigade.table import MAX_FEATURES
from warroom.rulesets.company_fire.game.scenario import MAX_BOARD

SHIPPED: dict[str, Path] = {f"{game}:{p.stem}": p for game, paths in shipped_scenarios().items() for p in paths}
CHECKS = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large]
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=CHECKS, derandomize=True)
LONG = settings(max_examples=600, deadline=None, suppress_health_check=CHECKS)
BAD_VALUE = {"zz_not_a_field": [[1, "two"]]}
"""A value no field of any scenario takes: a table holding a key no schema has."""


def _data(key: str) -> dict[str, Any]:
    return tomllib.loads(SHIPPED[key].read_text(encoding="utf-8"))


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in a TOML document (tables' keys and arrays' items)."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:4]):
            out += _paths(v, (*prefix, i))
    return out


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for part in path[:-1]:
        node = node[part]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


_DELETE = object()


def _game(key: str) -> str:
    return key.split(":")[0]


def _check(folder: Path, key: str, content: bytes, must_refuse: bool, category: str) -> None:
    """The file through the CLI and the API: refused cleanly (or, when allowed, played), nothing written."""
    path = folder / "s.toml"
    path.write_bytes(content)
    before = snapshot(folder)
    verdict = refused if must_refuse else refused_or_ok
    verdict(run(["playout", str(path), "--game", _game(key), "--max-actions", "5"], category=category))
    if _game(key) == "company-fire":
        verdict(run(["scenario", "show", str(path)], category=category))
    try:
        load_game(_game(key), path).initial_state(1).legal_actions()
        assert not must_refuse, f"load_game accepted a broken {key}"
    except UsageError:
        pass
    assert snapshot(folder) == before


@st.composite
def broken_file(draw: st.DrawFn) -> tuple[str, bytes]:
    """A shipped scenario broken so that no game may load it."""
    key = draw(st.sampled_from(sorted(SHIPPED)))
    text = SHIPPED[key].read_text(encoding="utf-8")
    how = draw(st.sampled_from(["utf-16", "latin-1 byte", "random bytes", "nested deep", "wrong value", "NUL"]))
    CORPUS[f"scenario: {how}"] += 1
    if how == "utf-16":
        return key, text.encode(draw(st.sampled_from(["utf-16", "utf-16-le", "utf-16-be"])))
    if how == "latin-1 byte":
        at = draw(st.integers(0, len(text)))
        byte = draw(st.sampled_from([b"\xe9", b"\xff", b"\xc3", b"\x80"]))
        return key, text[:at].encode() + byte + text[at:].encode()
    if how == "random bytes":
        return key, b"\xff" + draw(st.binary(max_size=2000))
    if how == "nested deep":
        depth = draw(st.integers(1, 60_000))
        return key, (text + f"\nzz = {'[' * depth}{']' * depth}\n").encode()
    if how == "NUL":
        at = draw(st.integers(0, len(text)))
        return key, (text[:at] + "\0" + text[at:]).encode()
    data = _data(key)
    path = draw(st.sampled_from(_paths(data)))
    return key, tomli_w.dumps(_set(data, path, BAD_VALUE)).encode()


@st.composite
def odd_file(draw: st.DrawFn) -> tuple[str, bytes]:
    """A shipped scenario changed in a way that may still be a scenario: refused cleanly or played."""
    key = draw(st.sampled_from(sorted(SHIPPED)))
    text = SHIPPED[key].read_text(encoding="utf-8")
    how = draw(st.sampled_from(["cut", "key removed", "value changed", "BOM"]))
    CORPUS[f"scenario: {how}"] += 1
    if how == "cut":
        return key, text[: draw(st.integers(0, len(text)))].encode()
    if how == "BOM":
        return key, b"\xef\xbb\xbf" + text.encode()
    data = _data(key)
    path = draw(st.sampled_from(_paths(data)))
    if how == "key removed" and not isinstance(path[-1], int):
        return key, tomli_w.dumps(_set(data, path, _DELETE)).encode()
    value = draw(st.one_of(st.integers(-(10**18), 10**18), st.floats(allow_nan=False), st.booleans(),
                           st.text(max_size=30), st.lists(st.integers(-5, 100), max_size=3)))
    return key, tomli_w.dumps(_set(data, path, value)).encode()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "old.json").write_text("kept\n")
    return tmp_path


@QUICK
@given(case=broken_file())
def test_a_broken_scenario_file_is_one_clear_error(folder: Path, case: tuple[str, bytes]) -> None:
    _check(folder, *case, must_refuse=True, category="scenario files: broken")


@QUICK
@given(case=odd_file())
def test_an_odd_scenario_file_is_refused_cleanly_or_played(folder: Path, case: tuple[str, bytes]) -> None:
    _check(folder, *case, must_refuse=False, category="scenario files: odd")


@pytest.mark.slow
@LONG
@given(case=st.one_of(broken_file().map(lambda c: (*c, True)), odd_file().map(lambda c: (*c, False))))
def test_the_long_scenario_corpus(folder: Path, case: tuple[str, bytes, bool]) -> None:
    _check(folder, case[0], case[1], must_refuse=case[2], category="scenario files: long run")


# --- limits ---------------------------------------------------------------------------------------------------


def _map_of(size: int) -> bytes:
    data = _data("company-fire:crossroads_patrol")
    rows = [row.replace(" ", "") for row in data["map"]["rows"]]
    data["map"]["rows"] = [(row + "." * size)[:size] for row in rows] + ["." * size] * (size - len(rows))
    return tomli_w.dumps(data).encode()


@pytest.mark.slow
def test_a_company_fire_map_at_the_limit_loads(folder: Path) -> None:
    (folder / "s.toml").write_bytes(_map_of(MAX_BOARD))
    assert load_game("company-fire", folder / "s.toml").scenario.board.width == MAX_BOARD == 20


@pytest.mark.parametrize("size", [MAX_BOARD + 1, 48, 300])
def test_a_company_fire_map_past_the_limit_is_refused_at_once(folder: Path, size: int) -> None:
    _check(folder, "company-fire:crossroads_patrol", _map_of(size), must_refuse=True, category="scenario: limits")
    outcome = run(["scenario", "show", str(folder / "s.toml")])
    assert f"the map is {size} x {size} spaces; a Company Fire map is at most 20 x 20" in outcome.err


def _woods(n: int) -> bytes:
    """Ponyri with ``n`` small woods added in a band of open ground (each 0.3" square, 1" apart)."""
    data = _data("brigade:ponyri")
    for k in range(n):
        x, y = 1 + (k % 50) * 1.1, 26 + (k // 50) * 1.0
        data["table"]["features"].append({"name": f"w{k}", "kind": "woods",
                                          "points": [[x, y], [x + 0.3, y], [x + 0.3, y + 0.3], [x, y + 0.3]]})
    return tomli_w.dumps(data).encode()


@pytest.mark.parametrize("extra", [MAX_FEATURES, pytest.param(10_000, marks=pytest.mark.slow)])
def test_a_brigade_table_past_the_feature_limit_is_refused(folder: Path, extra: int) -> None:
    _check(folder, "brigade:ponyri", _woods(extra), must_refuse=True, category="scenario: limits")
    outcome = run(["playout", str(folder / "s.toml"), "--game", "brigade"])
    assert f"at most 100 terrain features on a table, not {11 + extra}" in outcome.err


# --- Brigade set-up (BR-206) ----------------------------------------------------------------------------------


def test_every_shipped_scenario_loads() -> None:
    for key, path in SHIPPED.items():
        load_game(_game(key), path).initial_state(1)


def test_every_unit_on_one_point_is_refused_naming_the_second_unit(folder: Path) -> None:
    data = _data("brigade:ponyri")
    for unit in data["units"]:
        unit["at"] = [30, 20]
        unit.pop("figures", None)
    _check(folder, "brigade:ponyri", tomli_w.dumps(data).encode(), must_refuse=True, category="scenario: placement")
    outcome = run(["playout", str(folder / "s.toml"), "--game", "brigade"])
    first, second = [u["id"] for u in data["units"] if not u.get("aboard")][:2]
    assert f"'{second}'].at: [30.0, 20.0] is on '{first}' at [30.0, 20.0]: two units may not stand on one spot" \
        in outcome.err, outcome


def _clear_spot() -> tuple[float, float]:
    """A point of Ponyri's table at least 8" from every figure set up there and 12" from its sides."""
    figures = [f for fs in load_game("brigade", SHIPPED["brigade:ponyri"]).scenario.start_figures for f in fs]
    return next((x, y) for x in range(12, 48) for y in range(8, 32)
                if all(math.dist((x, y), f) > 8 for f in figures))


def test_units_a_base_apart_both_stand_and_nearer_are_refused(folder: Path) -> None:
    """Two units whose centres are 3/4" apart (a base, BR-106) both load; 0.01" nearer, the second is on the
    first and is refused, naming both (BR-206)."""
    data = _data("brigade:ponyri")
    x, y = _clear_spot()
    first, second = [u for u in data["units"] if not u.get("aboard")][:2]
    for unit in (first, second):
        unit.pop("figures", None)
        unit.pop("plan", None)
    first["at"], second["at"] = [x, y], [x, y + 0.75]
    (folder / "s.toml").write_bytes(tomli_w.dumps(data).encode())
    outcome = run(["playout", str(folder / "s.toml"), "--game", "brigade", "--max-actions", "2"])
    assert outcome.code == 0, outcome
    second["at"] = [x, y + 0.74]
    (folder / "s.toml").write_bytes(tomli_w.dumps(data).encode())
    outcome = run(["playout", str(folder / "s.toml"), "--game", "brigade"])
    refused(outcome)
    assert f"'{second['id']}'].at: [{float(x)}, {y + 0.74}] is on '{first['id']}' at [{float(x)}, {float(y)}]" \
        in outcome.err, outcome


def test_a_unit_in_a_river_it_may_not_ford_is_refused(folder: Path) -> None:
    """A river that is not fordable (003 item 8; BR-8) under a unit's figures: no troops stand in it."""
    data = _data("brigade:ponyri")
    unit = next(u for u in data["units"] if not u.get("aboard"))
    x, y = unit["at"]
    data["table"]["features"] = []
    data["table"]["features"].append({"name": "Deep river", "kind": "river", "width": 3, "fordable": False,
                                      "points": [[max(0, x - 5), y], [min(60, x + 5), y]]})
    _check(folder, "brigade:ponyri", tomli_w.dumps(data).encode(), must_refuse=True, category="scenario: placement")
    outcome = run(["playout", str(folder / "s.toml"), "--game", "brigade"])
    assert f"'{unit['id']}']: figure" in outcome.err and "river Deep river" in outcome.err.replace("'", ""), outcome


# --- base tables -------------------------------------------------------------------------------------------------


@QUICK
@given(content=st.one_of(
    st.binary(min_size=1, max_size=500).map(lambda b: b"\xff" + b),
    st.integers(1, 60_000).map(lambda d: f"x = {'[' * d}{']' * d}\n".encode()),
    st.sampled_from([b"\xff\xfe[\x00", "[fire_combat]\nzz = 1\n".encode("utf-16")]),
    st.text(alphabet="[]=\"' ab1\n", max_size=200).map(lambda t: ("[zz_unknown]\n" + t).encode()),
))
def test_a_broken_base_tables_file_is_one_clear_error(folder: Path, content: bytes) -> None:
    (folder / "t.toml").write_bytes(content)
    before = snapshot(folder)
    spec = get_procedure("bfwwii-house/fire-check")
    words = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in spec.example.items()]
    refused(run(["odds", spec.id, *words, "--base-tables", str(folder / "t.toml")], category="base-tables files"))
    assert snapshot(folder) == before
