"""Hostile values on the command line: every procedure's parameters and every command's options.

Each case is a value the parameter or option does not allow (out of its range, not a number, not one of
its choices, a path that cannot be written); each must be refused with exit status 2 and one line
``warroom: error: ...``, no traceback, and no file changed or left behind in the working folder. The
procedures and their parameters come from the registry (``warroom procedures``, ``odds PROCEDURE --help``),
so a new procedure is in the corpus without a change here. The default run is quick; ``-m slow`` runs the
same strategies with many more examples.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import refused, refused_or_ok, run, snapshot
from warroom.core.api import MAX_TRIALS
from warroom.core.params import Param
from warroom.core.registry import ProcedureSpec, procedures

SPECS: list[ProcedureSpec] = procedures()
PAIRS: list[tuple[ProcedureSpec, Param]] = [(s, p) for s in SPECS for p in s.params]
CHECKS = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]  # the folder is checked unchanged each case
QUICK = settings(max_examples=300, deadline=None, suppress_health_check=CHECKS, derandomize=True)
LONG = settings(max_examples=3000, deadline=None, suppress_health_check=CHECKS)

# A character no parameter name, choice, card or number contains: a value starting with it is never allowed.
NEVER = st.sampled_from(["?", "$(", "`", ";", "\u202e", "\x00", "../", "ＴＲＵＥ", "\ud7ff"])
JUNK = st.builds(lambda head, tail: head + tail, NEVER, st.text(max_size=12))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple | list):
        return ",".join(str(v) for v in value)
    return str(value)


def bad_value(p: Param) -> st.SearchStrategy[str]:
    """Text that ``p`` never accepts."""
    options: list[st.SearchStrategy[str]] = [JUNK]
    if p.kind == "int":
        options.append(st.sampled_from(["1.5", "nan", "1e3", "0x1f", "abc", "-", "+", "1 2"]))
        if p.minimum is not None:
            options.append(st.integers(max_value=p.minimum - 1).map(str))
        if p.maximum is not None:
            options.append(st.integers(min_value=p.maximum + 1).map(str))
            options.append(st.just("9" * 5000))
    elif p.kind == "bool":
        options.append(st.sampled_from(["maybe", "2", "tru", "true false", "-1"]))
    elif p.kind in ("choice", "choices"):
        options.append(st.text(alphabet="xqz", min_size=1, max_size=30).map(lambda t: "zz" + t))
        options.append(st.just("x" * 10_000))
    elif p.kind == "cards":
        options.append(st.sampled_from(["Z9", "Joker9", "AS,AS,Z", "1X"]))
    return st.one_of(options)


def _words(spec: ProcedureSpec, **change: str) -> list[str]:
    given = {k: _show(v) for k, v in spec.example.items()} | change
    return [f"{k}={v}" for k, v in given.items()]


@st.composite
def parameter_case(draw: st.DrawFn) -> list[str]:
    spec, param = draw(st.sampled_from(PAIRS))
    verb = draw(st.sampled_from(["odds", "roll"]))
    return [verb, spec.id, *_words(spec, **{param.name: draw(bad_value(param))})]


@st.composite
def word_case(draw: st.DrawFn) -> list[str]:
    """A word that is not one of the procedure's parameters: unknown key, no '=', no key, a key twice."""
    spec = draw(st.sampled_from(SPECS))
    verb = draw(st.sampled_from(["odds", "roll"]))
    words = _words(spec)
    kind = draw(st.sampled_from(["unknown", "bare", "no key", "twice", "unicode key"]))
    if kind == "unknown":
        words.append(draw(JUNK).replace("=", "") + "=1")
    elif kind == "bare":
        words.append(draw(st.text(alphabet="abcxyz_", min_size=1, max_size=10)))
    elif kind == "no key":
        words.append("=" + draw(st.text(max_size=5)))
    elif kind == "twice" and spec.params:
        p = draw(st.sampled_from(spec.params))
        value = spec.example.get(p.name, p.default if not p.required else "")
        words += [f"{p.name}={_show(value)}", f"{p.name.replace('_', '-')}={_show(value)}"]
    else:
        words.append("ключ=1")
    return [verb, spec.id, *words]


@st.composite
def option_case(draw: st.DrawFn) -> list[str]:
    """A bad value for an option of a command that takes one."""
    spec = draw(st.sampled_from(SPECS))
    base = ["odds", spec.id, *_words(spec)]
    bad_int = st.one_of(st.integers(max_value=-1).map(str), JUNK, st.sampled_from(["1.5", "", "1e9"]))
    return draw(st.sampled_from([
        [*base, "--trials", draw(st.one_of(bad_int, st.integers(min_value=MAX_TRIALS + 1).map(str)))],
        [*base, "--trials", "10", "--seed", draw(bad_int)],
        ["roll", spec.id, *_words(spec), "--seed", draw(bad_int)],
        [*base, "--plot", draw(st.sampled_from(["", ".", "chart.gif", "chart", "missing/chart.png", "sub",
                                                "sub/", "dev.png"]))],
        [*base, "--base-tables", draw(st.sampled_from(["", "missing.toml", "sub", "binary.toml", "deep.toml"]))],
        [*base, "--zz" + draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz-", max_size=12))],
        ["playout", "crossroads_patrol", "--seed", draw(bad_int)],
        ["playout", "crossroads_patrol", "--max-actions", draw(st.sampled_from(["0", "-1", "100001", "x"]))],
        ["playout", "crossroads_patrol", "--max-actions", "1", "--save",
         draw(st.sampled_from(["", ".", "sub", "sub/", "missing/game.json"]))],
        ["playout", draw(JUNK)],
        ["playout", "crossroads_patrol", "--as", draw(JUNK)],
        ["scenario", "show", "crossroads_patrol", "--png",
         draw(st.sampled_from(["", ".", "map.gif", "sub", "missing/map.png", "map"]))],
        ["scenario", "show", draw(st.sampled_from(["binary.toml", "deep.toml", "sub", "missing.toml"]))],
        ["umpire", "--json", "--seed", draw(bad_int)],
        ["replay", draw(st.sampled_from(["binary.toml", "deep.json", "sub", "missing.json", ""]))],
        [draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12).map(lambda t: "zz" + t))],
        ["play", "crossroads_patrol", "--as", "attacker", "--vs", "random", "--save",
         draw(st.sampled_from(["", ".", "sub", "missing/game.json"]))],
        ["play", "crossroads_patrol", "--as", draw(JUNK), "--vs", "random"],
        ["play", "crossroads_patrol", "--as", "attacker", "--vs", draw(JUNK)],
        ["procedures", draw(JUNK)],
        ["rules", "coverage", draw(JUNK)],
        ["serve", "--port", draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=65536)).map(str))],
        ["ladder", "crossroads_patrol", "--db", "sub", "--games", "1"],
        ["ladder", "crossroads_patrol", "--games", draw(st.integers(max_value=0).map(str)), "--db", "l.sqlite"],
        ["ai", draw(JUNK)],
    ]))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder holding a record and a chart already, a sub-folder, and hostile input files."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "old.json").write_text('{"kept": true}\n')
    (tmp_path / "binary.toml").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "deep.toml").write_text("x = " + "[" * 50_000 + "]" * 50_000 + "\n")
    (tmp_path / "deep.json").write_text("[" * 50_000 + "]" * 50_000)
    (tmp_path / "dev.png").symlink_to("/dev/null")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _refused_and_untouched(folder: Path, args: list[str], category: str) -> None:
    before = snapshot(folder)
    refused(run(args, category=category))
    assert snapshot(folder) == before, f"warroom {args} changed or left files in its folder"


@QUICK
@given(args=parameter_case())
def test_a_parameter_value_it_does_not_allow_is_one_clear_error(folder: Path, args: list[str]) -> None:
    _refused_and_untouched(folder, args, "cli: procedure parameter values")


@QUICK
@given(args=word_case())
def test_a_word_that_is_not_a_parameter_is_one_clear_error(folder: Path, args: list[str]) -> None:
    _refused_and_untouched(folder, args, "cli: procedure words")


@QUICK
@given(args=option_case())
def test_a_bad_option_value_is_one_clear_error_and_writes_nothing(folder: Path, args: list[str]) -> None:
    _refused_and_untouched(folder, args, "cli: command options")


@pytest.mark.slow
@LONG
@given(args=st.one_of(parameter_case(), word_case(), option_case()))
def test_the_long_cli_corpus(folder: Path, args: list[str]) -> None:
    _refused_and_untouched(folder, args, "cli: long run")


def test_every_procedure_s_example_runs_so_the_corpus_tests_the_value_not_the_rest(folder: Path) -> None:
    """The corpus changes one parameter of each procedure's example: the example itself must be accepted,
    or a refusal would prove nothing about the bad value."""
    for spec in SPECS:
        outcome = run(["odds", spec.id, *_words(spec), "--json"], category="cli: baselines")
        assert outcome.code == 0, outcome


@pytest.mark.parametrize("within", range(1, 10))
def test_lay_minefield_within_every_turn_count_gives_a_ruling(within: int) -> None:
    """bfwwii-house/lay-minefield with within=1..9 (a field of 9 turns' work, 000 Laying Mines): odds and a roll,
    never an internal error."""
    for verb in ("odds", "roll"):
        outcome = run([verb, "bfwwii-house/lay-minefield", "field=at", f"within={within}", "--seed", "3"],
                      category="cli: lay-minefield within")
        assert outcome.code == 0, outcome


def test_a_huge_trials_count_is_refused_at_once_naming_the_limit() -> None:
    outcome = run(["odds", "rally", "status=pinned", "--trials", "100000000", "--seed", "1"], category="cli: limits")
    refused(outcome)
    assert "1000000" in outcome.err


def test_trials_at_the_limit_are_accepted_and_a_few_run(folder: Path) -> None:
    refused_or_ok(run(["odds", "rally", "status=pinned", "--trials", "2000", "--seed", "1", "--json"]))


def test_save_to_an_empty_path_names_the_problem(folder: Path) -> None:
    outcome = run(["playout", "crossroads_patrol", "--save", ""], category="cli: paths")
    refused(outcome)
    assert "empty path" in outcome.err


def test_a_symlink_to_a_device_is_never_replaced(folder: Path) -> None:
    outcome = run(["odds", "rally", "status=pinned", "--plot", "dev.png"], category="cli: paths")
    refused(outcome)
    assert "not a regular file" in outcome.err
    assert (folder / "dev.png").is_symlink() and Path("/dev/null").is_char_device()


@pytest.mark.parametrize("args", [
    ["roll", "rally", "status=pinned", "--seed", "-1"],
    ["odds", "rally", "status=pinned", "--trials", "100000000"],
    ["playout", "crossroads_patrol", "--save", ""],
    ["scenario", "show", "utf16.toml"],
    ["odds", "rally", "status=\r\x1b[2J"],
])
def test_the_real_command_refuses_the_same_way(tmp_path: Path, args: list[str]) -> None:
    """A few cases through a real ``python -m warroom`` process: what the in-process corpus checks holds there."""
    import os
    import subprocess
    import sys

    (tmp_path / "utf16.toml").write_bytes('name = "x"\n'.encode("utf-16"))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    done = subprocess.run([sys.executable, "-m", "warroom", *args], cwd=tmp_path, capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 2, done
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("warroom: error: "), done
    assert sorted(p.name for p in tmp_path.iterdir()) == ["utf16.toml"]
