"""The umpire's desk: rulings with odds, trackers carried from turn to turn, completion, JSON lines."""

from __future__ import annotations

import json

import pytest

from warroom.umpire import Desk, run_json_lines


@pytest.mark.rule("002", "Game Clock (optional)")
def test_a_tracker_carries_the_clock_from_turn_to_turn() -> None:
    desk = Desk(seed=3)
    assert desk.execute("track clock clock-roll clock=9").data["ok"]
    totals = [9]
    for _ in range(3):
        reply = desk.execute("advance clock")
        rolled = int(reply.data["ruling"]["dice"][0]["faces"][0])
        totals.append(totals[-1] + rolled)
        assert reply.data["params"]["clock"] == totals[-1]
    assert desk.trackers["clock"].turns == 3


def test_a_finished_tracker_says_so() -> None:
    desk = Desk(seed=1)
    desk.execute("track clock clock-roll clock=20")
    reply = desk.execute("advance clock")  # any roll ends it
    assert reply.data["finished"] is True and "finished" in reply.text
    assert desk.execute("advance clock").data["ok"] is False  # a clock past the end cannot roll again


def test_a_roll_shows_the_ruling_and_its_odds() -> None:
    reply = Desk(seed=5).execute("rally status=pinned")
    assert reply.data["ruling"]["result"] in ("rallied", "failed")
    assert "Odds of this result:" in reply.text and "1/2 (50.000%)" in reply.text


def test_bad_input_is_one_line_and_the_desk_goes_on() -> None:
    desk = Desk(seed=1)
    for line, message in [
        ("rally status=pinnned", "did you mean 'pinned'"),
        ("advance nope", "no tracker 'nope'"),
        ("track x", "track needs NAME PROCEDURE"),
        ('roll "unclosed', "cannot read that line"),
        ("rallly", "did you mean 'rally'"),
        ("advance clock", "no tracker"),
        ("base-tables company-fire /nowhere.toml", "has no base-game tables"),
    ]:
        reply = desk.execute(line)
        assert reply.data["ok"] is False and message in reply.data["error"]
        assert reply.text.count("\n") == 0
    desk.execute("track r rally status=pinned")
    advanced = desk.execute("advance r")  # a procedure that carries nothing: rolled again, unchanged
    assert advanced.data["ok"] and "nothing carried" in advanced.text and advanced.data["params"]["status"] == "pinned"
    assert desk.execute("roll r").data["ok"]


def test_completion_of_commands_procedures_parameters_and_values() -> None:
    desk = Desk()
    assert "advance" in desk.completions("adv")
    assert "company-fire/close-assault" in desk.completions("odds company-fire/clo")
    assert "att_smg=" in desk.completions("close-assault att_s")
    assert desk.completions("rally status=") == ["status=pinned", "status=suppressed"]
    desk.execute("track clock clock-roll")
    assert desk.completions("advance c") == ["clock"]
    assert "length=" in desk.completions("set clock ")


def test_json_lines() -> None:
    lines = [
        "odds rally status=pinned",
        json.dumps({"command": "roll", "procedure": "individual-fire", "params": {"weapon": "hmg", "cover": True}}),
        "not-a-procedure",
        "{broken",
        "quit",
        "odds rally status=pinned",  # after quit: not read
    ]
    answers = [json.loads(a) for a in run_json_lines(Desk(seed=2), lines)]
    assert len(answers) == 5
    assert [r["probability"] for r in answers[0]["odds"]["results"]] == ["1/2", "1/2"]
    assert answers[1]["ruling"]["inputs"]["cover"] is True and len(answers[1]["ruling"]["dice"][0]["faces"]) == 3
    assert answers[2]["ok"] is False and answers[3]["ok"] is False and answers[4]["command"] == "quit"
