"""Hostile lines at the umpire's desk and hostile calls to the Python API.

The desk (``warroom umpire``, ``--json``) answers every line, however broken, with one error and goes on: a
line of random text, JSON of any shape and depth, a lone surrogate, a byte that is not UTF-8, a line of a
megabyte. Every answer is one line of valid JSON that encodes as UTF-8, and none says warroom itself failed.
The API raises :class:`UsageError` (never ValueError, TypeError, numpy's errors ...) for any bad argument.
"""

from __future__ import annotations

import io
import json
import time
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warroom
from hostile import CORPUS, run
from warroom.core.api import MAX_TRIALS
from warroom.core.errors import UsageError, WarroomError
from warroom.core.registry import procedures
from warroom.umpire import Desk, run_json_lines
from warroom.umpire.desk import MAX_LINE
from warroom.umpire.prompt import bounded_lines

QUICK = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
LONG = settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WORDS = ["odds", "roll", "track", "advance", "set", "trackers", "untrack", "help", "procedures", "base-tables",
         "rally", "status=pinned", "bfwwii-house/lay-minefield", "field=at", "within=3", "t", "=", "'", '"',
         "key=", "\\", "$(x)", "\ud800", "\x1b[31m", "\0"]
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)


@st.composite
def desk_line(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["words", "text", "json", "command object", "deep", "surrogate"]))
    CORPUS[f"desk: {kind}"] += 1
    if kind == "words":
        return " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=8)))
    if kind == "text":
        return draw(st.text(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON))
    if kind == "command object":
        return json.dumps({"command": draw(st.sampled_from([*WORDS, 1, None, []])),
                           "procedure": draw(st.sampled_from(["rally", "x", "\ud800", 5])),
                           "params": draw(st.one_of(JSON, st.dictionaries(st.text(max_size=8), JSON, max_size=3)))})
    if kind == "deep":
        depth = draw(st.integers(100, 20_000))
        return '{"command": ' + "[" * depth + "]" * depth + "}"
    lone = draw(st.sampled_from(["\\ud800", "\\udfff", "rally\\ud83d"]))
    return '{"command": "odds", "procedure": "' + lone + '"}'


def _answers(lines: list[str]) -> list[dict[str, Any]]:
    """Every line through a fresh desk in JSON-lines mode: each non-blank line gets one answer, valid JSON, UTF-8."""
    out = list(run_json_lines(Desk(seed=1), lines))
    for text in out:
        assert "\n" not in text
        text.encode("utf-8")
        reply = json.loads(text)
        assert isinstance(reply, dict) and "ok" in reply
        assert "fault in warroom" not in str(reply.get("error", "")), reply
    assert len(out) == sum(1 for line in lines if line.strip()) or any(json.loads(a).get("command") == "quit"
                                                                        for a in out)
    return [json.loads(a) for a in out]


@QUICK
@given(lines=st.lists(desk_line(), min_size=1, max_size=5))
def test_the_desk_answers_every_hostile_line_with_one_json_object(lines: list[str]) -> None:
    _answers(lines)


@pytest.mark.slow
@LONG
@given(lines=st.lists(desk_line(), min_size=1, max_size=10))
def test_the_long_desk_corpus(lines: list[str]) -> None:
    _answers(lines)


def test_after_a_broken_line_the_desk_goes_on_with_its_trackers() -> None:
    replies = _answers(["track clock clock-roll clock=9", '{"command": ' + "[" * 5000 + "]" * 5000 + "}",
                        '{"command": "odds", "procedure": "\\ud800"}', "odds bfwwii-house/lay-minefield field=at "
                        "within=3", "trackers"])
    assert [r["ok"] for r in replies] == [True, False, False, True, True]
    assert "clock" in replies[-1]["trackers"]


def test_a_megabyte_line_is_refused_at_once_and_costs_no_memory() -> None:
    stream = io.StringIO("odds rally status=" + "x" * 1_000_000 + "\nodds rally status=pinned\n")
    started = time.perf_counter()
    lines = list(bounded_lines(stream))
    replies = _answers(lines)
    assert time.perf_counter() - started < 2.0
    assert len(lines) == 2 and len(lines[0]) == MAX_LINE + 1
    assert replies[0] == {"ok": False, "error": "that line is longer than 65,536 characters, the most a desk line "
                                                "holds"}
    assert replies[1]["ok"] is True


def test_the_desk_command_reads_bytes_that_are_not_utf8_and_goes_on() -> None:
    outcome = run(["umpire", "--json", "--seed", "1"],
                  stdin=b"odds \xff\xfe rally\n" + b'{"command": "odds", "procedure": "\\ud800"}\n'
                        + b"odds rally status=pinned\n", category="desk: command")
    assert outcome.code == 0, outcome
    replies = [json.loads(line) for line in outcome.out.splitlines()]
    assert [r["ok"] for r in replies] == [False, False, True]
    assert "not valid Unicode" in replies[0]["error"]


def test_the_desk_reads_a_base_tables_file_that_is_not_utf8_as_an_error(tmp_path: Any) -> None:
    (tmp_path / "t.toml").write_bytes(b"\xff" * 10)
    (tmp_path / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000)
    replies = _answers([f"base-tables bfwwii-house {tmp_path / 't.toml'}",
                        f"base-tables bfwwii-house {tmp_path / 'deep.toml'}"])
    assert "is not UTF-8 text" in replies[0]["error"] and "nested too deep" in replies[1]["error"]


# --- the Python API ------------------------------------------------------------------------------------------

NAMES = [s.id for s in procedures()]
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10),
                     st.lists(st.integers(), max_size=3), st.dictionaries(st.integers(), st.integers(), max_size=2),
                     st.just(np.int64(3)), st.just(object()))


@st.composite
def api_call(draw: st.DrawFn) -> tuple[str, Any]:
    """A call of odds, roll or sample with one argument of a bad kind or out of range."""
    name = draw(st.sampled_from(NAMES))
    spec = warroom.get_procedure(name)
    params = dict(spec.example)
    fn = draw(st.sampled_from(["odds", "roll", "sample"]))
    bad = draw(st.sampled_from(["procedure", "params", "seed", "trials", "rng", "value", "method"]))
    CORPUS[f"api: {bad}"] += 1
    junk = draw(ANYTHING)
    if bad == "procedure":
        name_of = junk if not isinstance(junk, str) else "zz" + junk
        if fn == "sample":
            return fn, lambda: warroom.sample(name_of, 10)
        return fn, lambda: getattr(warroom, fn)(name_of)
    if bad == "params":
        bad_params = junk if junk is not None and not isinstance(junk, dict) else {1: 2}
        return fn, lambda: warroom.odds(name, bad_params)
    if bad == "seed":
        seed = draw(st.one_of(st.integers(max_value=-1), st.floats(), st.text(max_size=3), st.just(True)))
        return fn, lambda: warroom.roll(name, params, seed=seed)
    if bad == "trials":
        trials = draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=MAX_TRIALS + 1), st.floats(),
                                st.text(max_size=3), st.just(True)))
        return fn, lambda: warroom.odds(name, params, trials=trials)
    if bad == "rng":
        rng = junk if junk is not None else "a generator's name"  # None is allowed: fresh dice
        return fn, lambda: warroom.roll(name, params, rng=rng)
    if bad == "method":
        return fn, lambda: warroom.sample(name, 10, params, method="zz" + draw(st.text(max_size=5)))
    if spec.params:
        p = draw(st.sampled_from(spec.params))
        value = draw(st.one_of(st.just(object()), st.text(max_size=5).map(lambda t: "?" + t),
                               st.dictionaries(st.text(max_size=3), st.integers(), min_size=1, max_size=2)))
        return fn, lambda: warroom.odds(name, {**params, p.name: value})
    return fn, lambda: warroom.odds(name, {"zz": 1})


@QUICK
@given(call=api_call())
def test_a_bad_api_call_raises_usage_error(call: tuple[str, Any]) -> None:
    with pytest.raises(UsageError):
        call[1]()


@pytest.mark.parametrize(("call", "says"), [
    (lambda: warroom.odds("rally", status="pinned", trials=-1), "trials=-1 is out of range: allowed from 0 to 1,000,"),
    (lambda: warroom.sample("rally", 1.5, status="pinned"), "trials must be a whole number, not float 1.5"),
    (lambda: warroom.sample("rally", -1, status="pinned"), "trials=-1 is out of range"),
    (lambda: warroom.odds("rally", status="pinned", trials=10**12), "trials=1,000,000,000,000 is out of range"),
    (lambda: warroom.roll("rally", status="pinned", seed=-1), "seed=-1 is out of range: allowed 0 or more"),
    (lambda: warroom.roll("rally", status="pinned", rng="x"), "rng must be a numpy.random.Generator"),
    (lambda: warroom.odds(None), "the procedure is named by a string"),
    (lambda: warroom.odds("rally", ["status"]), "the parameters are a mapping"),
    (lambda: warroom.get_procedure(None), "a procedure is named by a string"),
    (lambda: warroom.procedures(5), "unknown ruleset '5'"),
    (lambda: warroom.load_game("company-fire", None), "the scenario is a shipped name or a file path"),
    (lambda: warroom.load_game(None, "x"), "'None' is not a playable game"),
    (lambda: warroom.load_game("company-fire", "crossroads_patrol").initial_state(-1), "seed=-1 is out of range"),
    (lambda: warroom.load_game("brigade", "ponyri").initial_state("a"), "seed must be a whole number"),
    (lambda: warroom.replay(None), "replay takes a GameRecord"),
    (lambda: warroom.load_game("company-fire", "crossroads_patrol").state_from_json(None), "is a JSON object"),
    (lambda: warroom.load_game("brigade", "ponyri").state_from_json([]), "is a JSON object"),
    (lambda: warroom.load_game("brigade", "ponyri").decode("5"), "an action's code is a whole number"),
    (lambda: warroom.load_game("company-fire", "crossroads_patrol").decode(True), "action code True is not one"),
    (lambda: warroom.GameRecord.load(None), "a game record is loaded from a file path"),
])
def test_each_entry_point_names_what_is_wrong(call: Any, says: str) -> None:
    CORPUS["api: entry points"] += 1
    with pytest.raises(UsageError) as caught:
        call()
    assert says in str(caught.value)
    assert isinstance(caught.value, WarroomError)


def test_a_large_batch_sample_is_quick_and_a_good_one_still_works() -> None:
    counts = warroom.sample("rally", 10**12, status="pinned", seed=1)
    assert sum(counts.values()) == 10**12
    assert sum(warroom.sample("rally", 100, status="pinned", seed=1, method="dice").values()) == 100


def test_a_plain_tuple_equal_to_a_legal_action_plays_that_action() -> None:
    """Company Fire's actions are named tuples: a plain tuple equal to a legal one is that action, in apply and
    odds alike (before, it passed the legality check and failed inside)."""
    game = warroom.load_game("company-fire", "crossroads_patrol")
    state = game.initial_state(1)
    for _ in range(200):  # on to a position where an action rolls dice
        rolling = [a for a in state.legal_actions() if state.odds(a)]
        if rolling:
            break
        state = state.apply(state.legal_actions()[-1])
    action = rolling[0]
    assert state.odds(tuple(action)) == state.odds(action)
    assert state.apply(tuple(action)).to_json() == state.apply(action).to_json()


def test_a_key_given_twice_is_refused_in_json_as_on_a_command_line() -> None:
    replies = _answers(["odds rally status=pinned status=suppressed",
                        '{"command": "odds", "procedure": "rally", "params": {"status": "pinned", '
                        '"status": "suppressed"}}'])
    assert replies == [{"ok": False, "error": "status is given twice"},
                       {"ok": False, "error": 'cannot read that line: "status" is given twice'}]


@pytest.mark.parametrize("text", ["٣", "1_0", "0x3", "3.0", " ", "３"])
def test_a_whole_number_is_ascii_digits_only(text: str) -> None:
    """Python's int() reads "1_0" as 10 and other scripts' digits ("٣", "３") as numbers; a parameter that is a
    whole number takes ASCII digits with an optional sign, and anything else is one error naming the range."""
    with pytest.raises(UsageError, match=r"range=.* is not allowed: range is a whole number from 1 to 10"):
        warroom.odds("company-fire/group-fire", firers="rifle_squad,rifle_squad", range=text)


def test_a_signed_whole_number_is_still_read() -> None:
    assert warroom.odds("company-fire/group-fire", firers="rifle_squad,rifle_squad", range="+3") == warroom.odds(
        "company-fire/group-fire", firers="rifle_squad,rifle_squad", range=3)
