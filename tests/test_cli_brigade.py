"""The Brigade game first-class on the command line, and the board during a game in both games: `warroom scenario
list/show` for Brigade scenarios, `--as` by a scenario's own side names, narration as a player reads it,
`--board`, `--png-every N DIR` and `replay --at K --png FILE`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
from matplotlib.patches import FancyArrow
from matplotlib.path import Path as MplPath
from PIL import Image

from cli_run import one_error, run
from warroom.cli.game_views import observation_of
from warroom.core.game import GameRecord, load_game, replay_game
from warroom.core.kit import kit_of
from warroom.kits.brigade.picture import symbol_of as brigade_symbol
from warroom.kits.company_fire.picture import symbol_of as cf_symbol

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def a_picture(path: Path) -> tuple[int, int]:
    """The size of a real PNG image at ``path``."""
    assert path.read_bytes()[:8] == PNG_MAGIC
    with Image.open(path) as image:
        assert image.format == "PNG"
        return image.size


# --- scenario list and show -------------------------------------------------------------------------------------


def test_scenario_list_names_both_games_scenarios_in_full_at_80_columns(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, monkeypatch, "scenario", "list")
    assert code == 0
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") > 3}
    for name in ("ponyri", "hill_112", "butyrki"):
        assert "brigade" in rows[name]
    for name in ("munassib_minefield", "ambush_at_the_ford", "hedgerow_breakout"):  # never cut short
        assert "company-fire" in rows[name]
    assert '60" x 40"' in rows["ponyri"] and "german," in rows["ponyri"]
    assert "8 x 8 spaces" in rows["crossroads_patrol"]


def test_scenario_show_a_brigade_scenario_as_a_side_knows_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    png, svg = tmp_path / "ponyri.png", tmp_path / "ponyri.svg"
    code, out, err = run(capsys, monkeypatch, "scenario", "show", "ponyri", "--as", "german", "--png", str(png),
                         "--svg", str(svg))
    assert code == 0, err
    assert out.startswith("PONYRI STATION, 9 JULY 1943\n")
    # ponyri.toml: [table] width = 60, depth = 40; 1" = 20 yards (seed 004 "Basic scales")
    assert 'a 60" x 40" table (1" = 20 yards: 1,200 x 800 yards), 6 periods, german moves first.' in out
    assert "the station at (29, 32), 2 points" in out and "the farm at (47, 30), 1 point," in out
    assert "DE-PZ1   Panzer IV '611' (Panzer IV H, 1 figure, veteran), at (34, 3)" in out
    assert "RU-T1" not in out.split("Period 1")[0]  # the soviet forces are secret to the german
    assert "forces and set-up secret" in out
    width, height = a_picture(png)
    assert width > 600 and height > 400 and width > height  # the table is wider than deep
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text


@pytest.mark.parametrize(("viewer", "shown", "hidden"), [
    ("public", [], ["DE-5 ", "RU-1 "]),
    ("soviet", ["RU-1 ", "RU-CAV "], ["DE-5 "]),
    ("umpire", ["RU-1 ", "DE-5 "], []),
])
def test_scenario_show_lists_only_the_forces_a_view_may_know(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, viewer: str, shown: list[str],
        hidden: list[str]) -> None:
    code, out, _ = run(capsys, monkeypatch, "scenario", "show", "ponyri", "--as", viewer)
    assert code == 0
    forces = out.split("Period 1")[0]
    assert all(f"  {u}" in forces for u in shown) and not any(f"  {u}" in forces for u in hidden)


def test_scenario_show_refuses_a_view_that_is_not_the_scenario_s(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, _, err = run(capsys, monkeypatch, "scenario", "show", "ponyri", "--as", "attacker")
    assert code == 2 and "--as is one of public, umpire, german, soviet" in one_error(err)
    code, _, err = run(capsys, monkeypatch, "scenario", "show", "hedgerow_hell", "--as", "german")
    assert code == 2 and "--as is one of public, attacker, defender, umpire" in one_error(err)
    code, _, err = run(capsys, monkeypatch, "scenario", "show", "ponyri", "--svg", str(tmp_path / "map.png"))
    assert code == 2 and "must end in .svg" in one_error(err)
    code, _, err = run(capsys, monkeypatch, "scenario", "show", "ponyri", "--png", str(tmp_path / "no" / "m.png"))
    assert code == 2 and "does not exist" in one_error(err)
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a temporary file


# --- --as, narration --------------------------------------------------------------------------------------------


def test_playout_as_the_scenario_s_own_side_names(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, "playout", "ponyri", "--seed", "2", "--as", "soviet",
                         "--max-actions", "40")
    assert code == 0, err
    assert out.startswith("Ponyri station, 9 July 1943 (brigade@")
    code, _, err = run(capsys, monkeypatch, "playout", "ponyri", "--as", "attacker")
    assert code == 2 and "--as is one of umpire, german, soviet" in one_error(err)
    code, _, err = run(capsys, monkeypatch, "playout", "crossroads_patrol", "--as", "defender", "--max-actions", "5")
    assert code == 0, err


def test_brigade_narration_reads_as_a_player_reads_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    code, out, _ = run(capsys, monkeypatch, "playout", "ponyri", "--seed", "2", "--save", str(saved))
    assert code == 0
    # no line that only names an action a player never reads: selecting a unit, ending a segment
    assert not re.search(r"^\[\d+\] (end|select \S+)$", out, re.M)
    record = GameRecord.load(saved)
    _, states = replay_game(record)
    told = [int(n) for n in re.findall(r"^\[(\d+)\] ", out, re.M)]
    silent = [n for n in range(1, len(states)) if not states[n].narration(None)]
    assert silent and not set(told) & set(silent)  # the silent actions are not told
    assert told == [n for n in range(1, len(states)) if states[n].narration(None)]
    first = states[1].narration(None)[0]
    assert f"[1] {first}" in out  # each told action is its narration, numbered
    assert "] German ends its move." in out  # a sentence begins with a capital


def test_a_side_reads_the_enemy_s_actions_only_as_narrated(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Fog of war: a Company Fire side sees its own actions' text, never the enemy's."""
    saved = tmp_path / "c.json"
    code, out, _ = run(capsys, monkeypatch, "playout", "hedgerow_breakout", "--seed", "3", "--as", "attacker",
                       "--save", str(saved), "--max-actions", "120")
    assert code == 0
    game, states = replay_game(GameRecord.load(saved))
    actions = [game.decode(c) for c in GameRecord.load(saved).actions]
    for n in range(1, len(states)):
        header = f"\n[{n}] {actions[n - 1]}\n"
        assert (header in out) == (states[n - 1].to_act == "attacker")


def test_replay_as_a_side_by_name(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    run(capsys, monkeypatch, "playout", "hill_112", "--seed", "1", "--max-actions", "60", "--save", str(saved))
    code, out, err = run(capsys, monkeypatch, "replay", str(saved), "--as", "british")
    assert code == 0 and "Replaying Hill 112, 10 July 1944 (brigade@" in out, err
    code, _, err = run(capsys, monkeypatch, "replay", str(saved), "--as", "soviet")
    assert code == 2 and "--as is one of umpire, british, german" in one_error(err)
    code, out, _ = run(capsys, monkeypatch, "replay", str(saved), "--as", "german", "--json")
    _, states = replay_game(GameRecord.load(saved))
    assert json.loads(out)["narration"] == [s.narration("german") for s in states]


# --- the board during a game ------------------------------------------------------------------------------------


def test_playout_board_draws_the_position_after_each_phase(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "playout", "ponyri", "--seed", "2", "--board", "--as", "german",
                       "--max-actions", "12")
    assert code == 0
    # the opening (requests), the german's orders after action 1, and each phase of the soviet's move once
    # action 9 ends the german's: requests, indirect fire, orders (seed 004 "Move Sequence")
    boards = re.findall(r"^Period 1, move \d: the (\w+) moving, phase: (\w+)", out, re.M)
    assert boards == [("german", "requests"), ("german", "orders"), ("soviet", "requests"), ("soviet", "indirect"),
                      ("soviet", "orders")]
    assert out.count('each character 1" across and 2" deep; the table is 60" x 40"') == 5


def test_png_every_draws_the_set_up_every_nth_action_and_the_end(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, out, err = run(capsys, monkeypatch, "playout", "crossroads_patrol", "--seed", "7", "--max-actions", "25",
                         "--png-every", "10", str(tmp_path))
    assert code == 0, err
    # 25 actions: the set-up (0), 10, 20 and the last (25)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["action_00000.png", "action_00010.png", "action_00020.png", "action_00025.png"]
    assert "4 pictures of the board drawn to" in out
    for name in names:
        a_picture(tmp_path / name)


def test_replay_at_k_draws_the_board_there_in_both_games(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for scenario in ("ponyri", "hedgerow_breakout"):
        saved = tmp_path / f"{scenario}.json"
        run(capsys, monkeypatch, "playout", scenario, "--seed", "5", "--max-actions", "40", "--save", str(saved))
        picture = tmp_path / f"{scenario}-at-7.png"
        code, out, err = run(capsys, monkeypatch, "replay", str(saved), "--at", "7", "--png", str(picture))
        assert code == 0, err
        assert f"Board at action 7 drawn to {picture}." in out
        assert not re.search(r"^\[(8|9|\d\d)\] ", out, re.M)  # the narration stops at action 7
        a_picture(picture)
        code, _, err = run(capsys, monkeypatch, "replay", str(saved), "--at", "41", "--png", str(picture))
        assert code == 2 and "the record has actions 0 (the set-up) to 40" in one_error(err)
        code, _, err = run(capsys, monkeypatch, "replay", str(saved), "--at", "3", "--png", str(tmp_path / "x.gif"))
        assert code == 2 and "must end in .png or .svg" in one_error(err)
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())  # no temporary file left behind


def _arrows(ruleset: str, scenario: str, side: str) -> int:
    """The facing arrows on the board of ``scenario``'s set-up as ``side`` sees it."""
    game = load_game(ruleset, scenario)
    obs = observation_of(game, game.initial_state(1), side)
    fig = kit_of(game).picture(game, obs, "t")
    try:
        return sum(isinstance(p, FancyArrow) for p in fig.axes[0].patches)
    finally:
        plt.close(fig)


def test_vehicles_are_drawn_with_their_facing_and_units_with_their_type() -> None:
    # ponyri.toml: the german has two Panzer IVs (DE-PZ1, DE-PZ2) and sees the T-34 RU-T1 at the start
    assert _arrows("brigade", "ponyri", "german") == 3
    # hedgerow_breakout.toml: the attacker's two Shermans T1, T2, hull and turret both facing N: one arrow each
    assert _arrows("company-fire", "hedgerow_breakout", "attacker") == 2
    assert brigade_symbol("ge_pz_iv_h") == "tank" and brigade_symbol("ru_rifle_company") == "infantry"
    assert brigade_symbol("ru_zis3") == "gun" and brigade_symbol("ge_mg42_hmg") == "mg"
    assert cf_symbol("medium_tank") == "tank" and cf_symbol("mmg") == "mg"
    assert cf_symbol("rifle_squad") == "infantry" and cf_symbol("anti_tank_gun") == "gun"


def test_a_facing_arrow_never_runs_across_its_unit_s_label() -> None:
    # ponyri.toml: the Panzer IVs DE-PZ1 and DE-PZ2 face 0 degrees, down the picture, where a counter's id goes
    game = load_game("brigade", "ponyri")
    fig = kit_of(game).picture(game, observation_of(game, game.initial_state(1), "german"), "t")
    try:
        ax = fig.axes[0]
        arrows = [MplPath(p.get_xy()).get_extents() for p in ax.patches if isinstance(p, FancyArrow)]
        labels = {t.get_text(): t.get_position() for t in ax.texts}
        assert len(arrows) == 3 and {"DE-PZ1", "DE-PZ2"} <= labels.keys()
        for name, (x, y) in labels.items():
            assert not any(box.contains(x, y) for box in arrows), f"an arrow runs across {name}'s label"
        # the Panzers' ids went above their counters (y grows down the picture), the rest below as before
        assert labels["DE-PZ1"][1] < 3.0 and labels["DE-5"][1] > 12.0
    finally:
        plt.close(fig)


def test_a_brigade_side_reads_the_enemy_s_moves_after_its_name(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    code, out, _ = run(capsys, monkeypatch, "playout", "ponyri", "--seed", "2", "--as", "german", "--save",
                       str(saved))
    assert code == 0
    _, states = replay_game(GameRecord.load(saved))
    enemy = [n for n in range(1, len(states)) if states[n - 1].to_act == "soviet" and states[n].narration("german")]
    assert enemy
    for n in enemy:
        first = states[n].narration("german")[0]
        assert f"\nSoviet: {first[:1].upper()}{first[1:]}\n" in out
        assert f"\n[{n}] " not in out  # the enemy's actions are not numbered: the side does not count them


def test_the_brigade_board_counts_moves_as_the_narration_does(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 004 "Move Sequence": each side moves once a period, the first side's move 1 and the other's 2. The
    board drawn during the game heads each phase with the period and move the narration last announced (it
    once showed the game's own count of moves from 0, "Period 1, move 0" under "Period 1, move 1")."""
    code, out, _ = run(capsys, monkeypatch, "playout", "ponyri", "--as", "german", "--board", "--max-actions",
                       "250")
    assert code == 0
    announced = None
    headings = 0
    for line in out.splitlines():
        said = re.match(r"Period (\d+), move (\d+): (\w+) moves\.", line)
        if said:
            announced = said.groups()
            continue
        drawn = re.match(r"Period (\d+), move (\d+): the (\w+) moving, phase", line)
        if drawn:
            headings += 1
            assert drawn.groups() == announced, line
    assert headings > 4 and announced is not None and int(announced[0]) >= 2  # past the first period
    code, out, _ = run(capsys, monkeypatch, "playout", "ponyri", "--as", "german", "--board")
    assert code == 0
    last = [line for line in out.splitlines() if line.startswith(("Period", "The game is over"))][-1]
    assert last.startswith("The game is over: ")  # not "Period 7" of a six-period game


def test_a_brigade_features_name_is_clear_of_the_objective_star_at_its_centre() -> None:
    """ponyri.toml: the station objective (29, 32) stands inside Ponyri station (26 to 32, 30 to 34) and the farm
    objective (47, 30) inside the Collective farm (44 to 50, 28 to 32). Each feature's name is written in its top
    left corner, 0.4" and 0.3" in, not at its centre under the star."""
    game = load_game("brigade", "ponyri")
    obs = observation_of(game, game.initial_state(1), "german")
    fig = kit_of(game).picture(game, obs, "t")
    try:
        texts = {t.get_text(): t.get_position() for t in fig.axes[0].texts}
    finally:
        plt.close(fig)
    assert texts["Ponyri station"] == pytest.approx((26.4, 30.3))
    assert texts["Collective farm"] == pytest.approx((44.4, 28.3))
    for name, star in (("Ponyri station", (29, 32)), ("Collective farm", (47, 30))):
        _, y = texts[name]
        assert abs(y - star[1]) >= 1.5  # a line of text above the star, not over it
