"""The warroom command as a user meets it: answers, help, and one clear line for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_run import run


@pytest.mark.rule("002", "Group Fire")
def test_odds_prints_every_result_with_its_fraction(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "odds", "group-fire", "firers=rifle_squad,rifle_squad", "cover=true")
    assert code == 0
    for text in ("good order", "16/81", "19.753%", "destroyed", "1/9", "11.111%", "pool: 4d6"):
        assert text in out


def test_odds_json_with_monte_carlo(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "odds", "rally", "status=pinned", "--json", "--trials", "2000",
                       "--seed", "4")
    assert code == 0
    data = json.loads(out)
    assert [r["probability"] for r in data["results"]] == ["1/2", "1/2"]
    assert data["monte_carlo"]["trials"] == 2000 and sum(data["monte_carlo"]["counts"].values()) == 2000
    _, again, _ = run(capsys, monkeypatch, "odds", "rally", "status=pinned", "--json", "--trials", "2000",
                      "--seed", "4")
    assert json.loads(again)["monte_carlo"] == data["monte_carlo"]


def test_odds_plot_writes_a_chart(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    chart = tmp_path / "assault.png"
    code, out, _ = run(capsys, monkeypatch, "odds", "close-assault", "att_smg=true", "--plot", str(chart))
    assert code == 0 and chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and str(chart) in out


def test_roll_is_reproducible_with_a_seed(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    args = ("roll", "artillery", "cover=true", "--seed", "3", "--json")
    first = json.loads(run(capsys, monkeypatch, *args)[1])
    second = json.loads(run(capsys, monkeypatch, *args)[1])
    assert first == second and first["procedure"] == "company-fire/artillery" and first["dice"]


def test_procedure_help_lists_parameters(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "odds", "individual-fire", "--help")
    assert code == 0
    assert "weapon  (one of smg_squad, rifle_squad" in out and "default required" in out and "recon_by_fire" in out


def test_listings(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert "company-fire" in run(capsys, monkeypatch, "rulesets")[1]
    out = run(capsys, monkeypatch, "procedures", "company-fire")[1]
    assert "company-fire/close-assault" in out and "company-fire/game-clock" in out
    code, out, _ = run(capsys, monkeypatch, "rules", "coverage", "company-fire")
    assert code == 0 and "Close Assault" in out and "sections implemented" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("odds", "group-fir"), "unknown procedure 'group-fir' (did you mean 'group-fire'?)"),
        (("odds", "rally", "status=pinnned"), "status is one of pinned, suppressed (did you mean 'pinned'?)"),
        (("odds", "rally", "status"), "'status' is not key=value; parameters of company-fire/rally are: status"),
        (("odds", "rally", "stat=pinned"), "has no parameter 'stat'"),
        (("odds", "individual-fire", "weapon=rifle_squad", "range=9"), "beyond the rifle squad"),
        (("roll", "rally", "status=pinned", "--seed", "x"), "'x' is not a valid integer"),
        (("odds", "rally", "status=pinned", "--plot", "/no/such/dir/a.png"), "does not exist"),
        (("odds", "rally", "status=pinned", "--plot", "chart.txt"), "must end in .png, .svg or .pdf"),
        (("odds",), "needs a PROCEDURE"),
        (("procedures", "company_fire"), "unknown ruleset 'company_fire' (did you mean 'company-fire'?)"),
        (("rules", "coverage", "brigad"), "unknown ruleset"),
        (("oddz",), "No such command 'oddz'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, monkeypatch, args, message) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, monkeypatch, *args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and err.startswith("warroom: error: ") and "Traceback" not in err + out


def test_demo_runs(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "demo")
    assert code == 0 and "4d6" in out and "target unit 3" in out and "ends after 4 more turns" in out


def test_scenario_list_and_show(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, monkeypatch, "scenario", "list")
    assert code == 0 and "hedgerow_hell" in out and "munassib_minefield" in out and out.count("attacker,") == 7
    code, out, _ = run(capsys, monkeypatch, "scenario", "show", "hedgerow_hell", "--as", "attacker")
    assert code == 0 and "HEDGEROW HELL" in out and "Map (the attacker's view)" in out
    picture = tmp_path / "map.png"
    code, out, _ = run(capsys, monkeypatch, "scenario", "show", "villa_rogatti", "--png", str(picture))
    assert code == 0 and picture.read_bytes()[:4] == b"\x89PNG" and "map drawn to" in out
    code, _, err = run(capsys, monkeypatch, "scenario", "show", "nowhere")
    assert code == 2 and "shipped: " in err and err.count("\n") == 1
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'x'\n")
    code, _, err = run(capsys, monkeypatch, "scenario", "show", str(bad))
    assert code == 2 and str(bad) in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_names_the_first_edited_action(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """reliability audit §3: the last action of a saved game edited to another legal one (the result unchanged)
    was reported as "reproduces the recorded game exactly"; now the replay names the action."""
    from warroom.core.game import GameRecord, find_scenario, load_game, replay

    saved = tmp_path / "g.json"
    code, out, _ = run(capsys, monkeypatch, "playout", "crossroads_patrol", "--seed", "7", "--save", str(saved))
    assert code == 0
    code, out, _ = run(capsys, monkeypatch, "replay", str(saved))
    assert code == 0 and "every position matches the record" in out
    record = GameRecord.load(saved)
    game = load_game(*find_scenario("crossroads_patrol"))
    before_last = replay(record)[-2]
    other = next(a for a in before_last.legal_actions() if game.encode(a) != record.actions[-1])
    data = json.loads(saved.read_text())
    data["actions"][-1] = game.encode(other)
    edited = tmp_path / "t.json"
    edited.write_text(json.dumps(data))
    n = len(record.actions)
    code, out, err = run(capsys, monkeypatch, "replay", str(edited))
    assert code == 2 and f"differs from the recorded game at action {n} ({other})" in err
    assert "reproduces" not in out


def test_replay_of_a_first_format_record_gives_a_notice(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    saved = tmp_path / "g.json"
    run(capsys, monkeypatch, "playout", "crossroads_patrol", "--seed", "3", "--save", str(saved))
    data = json.loads(saved.read_text())
    data["format"] = "warroom-game-record/1"
    del data["digests"], data["final_digest"]
    saved.write_text(json.dumps(data))
    code, out, _ = run(capsys, monkeypatch, "replay", str(saved))
    assert code == 0 and "ends with the recorded result" in out and "saved without position digests" in out
    del data["notes"]
    saved.write_text(json.dumps(data))
    code, out, _ = run(capsys, monkeypatch, "replay", str(saved), "--json")
    assert code == 0 and json.loads(out)["checked"] == "legality"


@pytest.mark.parametrize("words", [["odds", "rally", "status=pinned", "--trials", "10"],
                                   ["roll", "rally", "status=pinned"], ["playout", "crossroads_patrol"],
                                   ["simulate", "crossroads_patrol", "--games", "2"], ["umpire"],
                                   ["ladder", "crossroads_patrol", "--games", "1"]])
def test_a_negative_seed_is_one_clear_error(capsys, monkeypatch, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    """numpy's generators take no negative seed: every --seed says so before anything runs."""
    code, out, err = run(capsys, monkeypatch, *words, "--seed", "-1")
    assert code == 2 and out == ""
    assert "Invalid value for '--seed': -1 is not in the range x>=0." in err and "Traceback" not in err
