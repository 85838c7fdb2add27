"""``warroom play`` fits the terminal it is in: at 80x24 the board, the status and the first actions are on one
screen, no line is wider than the terminal and no word is broken; the legend is printed once; a unit's status
reads as a letter as well as a colour; a thinking player has a line with the time so far on a terminal only.
"""

from __future__ import annotations

import io
import os
import re
import sys
import time
from collections.abc import Hashable
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

import warroom
from warroom.ai import View
from warroom.core.errors import UsageError
from warroom.core.game import find_scenario, load_game
from warroom.core.kit import kit_of
from warroom.kits.brigade import terminal as br_terminal
from warroom.kits.company_fire import terminal as cf_terminal
from warroom.play.session import Session
from warroom.rulesets.brigade.game.actions import FREE_ORDERS
from warroom.terminal.layout import lay_out
from warroom.terminal.screen import Screen, shared_prefix

SRC = str(Path(warroom.__file__).parents[1])
PROMPT = r"(attacker|defender|german|soviet)> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def words(text: str) -> str:
    return " ".join(text.split())


def spawn(*args: str, cwd: Path, rows: int = 24, cols: int = 80) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": SRC, "TERM": "xterm", "COLUMNS": str(cols), "LINES": str(rows)}
    return pexpect.spawn(sys.executable, ["-m", "warroom", "play", *args], env=env, cwd=str(cwd),
                         encoding="utf-8", timeout=60, dimensions=(rows, cols))


def legend_text(name: str, width: int = 80) -> str:
    game_id, path = find_scenario(name)
    game = load_game(game_id, path)
    console = Console(width=width, color_system=None, file=io.StringIO(), record=True)
    console.print(kit_of(game).terminal_legend(game))
    return console.export_text()


@pytest.mark.parametrize(("name", "side", "ruler", "first", "enemy"), [
    # the attacker sees the defender's leader in the houses at 3,2 (row 2); the soviet the German panzers (row 0)
    ("crossroads_patrol", "attacker", r"^    0     1     2     3", "1) end the segment", r"^ 2 .*\|B\*eL"),
    # (Brigade's map is drawn to the room left: a coarser one where the enemy's last actions are told under it)
    ("ponyri", "soviet", r"^    0 +\d+0\b", "1) end", r"^  0 .*t.*t"),
])
def test_at_80x24_the_board_and_the_first_actions_are_on_one_screen(name: str, side: str, ruler: str, first: str,
                                                                    enemy: str, tmp_path: Path) -> None:
    child = spawn(name, "--as", side, "--vs", "random", "--seed", "1", cwd=tmp_path)
    child.expect(PROMPT)
    seen = child.before + child.after
    child.sendline("1")
    child.expect(PROMPT)
    seen += child.before + child.after
    child.sendline("quit")
    child.expect(r"\[y/n\] ")
    child.sendline("n")
    child.expect(pexpect.EOF)
    seen += child.before
    text = plain(seen)
    lines = text.split("\n")
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "Traceback" not in text
    # the last 24 lines up to each prompt hold the map's ruler, its last row, the actions' heading and the first
    prompts = [n for n, line in enumerate(lines) if re.match(PROMPT, line)]
    assert len(prompts) >= 2
    for p in prompts[:2]:
        screen = "\n".join(lines[max(0, p - 23):p + 1])
        assert re.search(ruler, screen, re.M), screen
        assert f"Your actions, the {side}:" in screen and first in screen, screen
        assert re.search(r"^ ?\d+ ", screen, re.M), screen  # a row of the map, numbered
        assert re.search(enemy, screen, re.M), screen  # the enemy's units marked by letter, not by colour alone
    # the legend once, at the start, and wrapped at the words: its words read the same as the legend's own
    legend = legend_text(name)
    head = legend.split()[0]
    assert text.count(head) == 1 or name == "ponyri"
    assert words(legend) in words(text)
    assert text.count(words(legend)[:40]) <= 1 and words(text).count(words(legend)[:40]) == 1


def test_a_legend_wrapped_to_80_columns_breaks_no_word() -> None:
    for name in ("crossroads_patrol", "ponyri"):
        game_id, path = find_scenario(name)
        game = load_game(game_id, path)
        legend = kit_of(game).terminal_legend(game).plain
        wrapped = legend_text(name)
        assert all(len(line) <= 80 for line in wrapped.splitlines())
        assert words(wrapped) == words(legend)  # a word broken in two would add a space inside it


def test_status_reads_as_letters_without_colour() -> None:
    """A pinned or suppressed Company Fire unit has its letter after its symbol, an enemy unit an 'e' before
    it; a pinned Brigade company a 'p', an enemy's symbol in lower case; the Brigade table says 'on the table'."""
    game_id, path = find_scenario("crossroads_patrol")
    game = load_game(game_id, path)
    obs = game.initial_state(1).observation("attacker")
    own = [u for u in obs["units"] if u["side"] == "attacker" and u["type"] == "rifle_squad"]
    own[0]["status"], own[1]["status"] = "pinned", "suppressed"
    console = Console(width=80, color_system=None, file=io.StringIO(), record=True)
    for height in (12, 40):  # compact and full
        console.print(cf_terminal.fit_map(game, obs, 80, height))
    text = console.export_text()
    assert text.count("Rp") == 2 and text.count("Rs") == 2
    enemy = [u for u in obs["units"] if u["side"] == "defender"]
    assert enemy and all(f"e{cf_terminal.symbol(u['type'])}" in text for u in enemy[:1])

    game_id, path = find_scenario("ponyri")
    game = load_game(game_id, path)
    obs = game.initial_state(1).observation("soviet")
    company = next(u for u in obs["units"] if u["id"] == "RU-1")
    company["pinned"] = True
    console = Console(width=80, color_system=None, file=io.StringIO(), record=True)
    console.print(br_terminal.fit_map(game, obs, 80, 14), br_terminal.units_table(obs))
    text = console.export_text()
    assert "Ip" in text
    spotted = [e for e in obs["enemy"] if e["detected"] != "aware"]
    assert spotted and br_terminal.symbol(spotted[0]["type"]).lower() in text
    assert re.search(r"RU-1 .* on the table", text) and not re.search(r"\bon\s{2,}\d", text)


def test_every_brigade_order_has_its_words() -> None:
    assert set(FREE_ORDERS) | {"4", "hold"} <= set(br_terminal.ORDER_WORDS)
    obs = {"units": [{"id": "RU-1", "type": "soviet_rifle_company", "figures": [[1, 1]], "status": "on",
                      "pinned": False, "dead": 0, "order": "A"}], "enemy": []}
    console = Console(width=160, color_system=None, file=io.StringIO(), record=True)
    console.print(br_terminal.units_table(obs))
    assert "this move: A: fire halted, then move up to 1/2" in console.export_text()


def screen_text(name: str, side: str, width: int, height: int) -> tuple[list[str], int, int]:
    game_id, path = find_scenario(name)
    game = load_game(game_id, path)
    session = Session(game, path, 1, {s: None for s in game.sides})
    console = Console(width=width, height=height, color_system=None, file=io.StringIO(), record=True)
    screen = Screen(session, console)
    laid = lay_out(console, screen.parts(side), width, height)
    console.print(laid.renderable, crop=True)
    return console.export_text().rstrip("\n").split("\n"), laid.shown, len(laid.actions)


@pytest.mark.parametrize("name", ["ambush_at_the_ford", "cobra_breakout", "crossroads_patrol", "hedgerow_breakout",
                                  "hedgerow_hell", "munassib_minefield", "villa_rogatti", "ponyri", "butyrki",
                                  "hill_112"])
def test_every_shipped_scenario_fits_80x24(name: str) -> None:
    game_id, path = find_scenario(name)
    for side in load_game(game_id, path).sides:
        lines, shown, _ = screen_text(name, side, 80, 24)
        assert len(lines) <= 23 and all(len(line) <= 80 for line in lines), "\n".join(lines)
        assert shown >= 1 and any("Your actions" in line for line in lines)


def test_a_long_list_is_collapsed_and_paged_and_side_by_side_when_wide() -> None:
    lines, shown, total = screen_text("hedgerow_hell", "attacker", 80, 24)
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
    assert any("1PL (leader) moves to:" in line for line in lines)
    for case in (lines, screen_text("crossroads_patrol", "attacker", 120, 40)[0]):
        assert not any(re.search(r"(^|\s)\d+\)\s*$", line) for line in case), "a number apart from its action"
    if shown < total:
        assert re.search(r"-- \d+ more lines?: type more --", lines[-1])
    wide, shown, total = screen_text("hedgerow_hell", "attacker", 160, 50)
    assert shown == total and len(wide) <= 49 and all(len(line) <= 160 for line in wide)
    assert any(line.find("Objectives:") > 60 for line in wide), "beside the board"
    assert shared_prefix("Lt (leader) moves to 3,6") == ("Lt (leader) moves to", "3,6")
    assert shared_prefix("end the segment") == ("", "end the segment")


def test_more_and_actions_unit_show_the_rest_of_the_actions() -> None:
    game_id, path = find_scenario("hedgerow_hell")
    game = load_game(game_id, path)
    session = Session(game, path, 1, {s: None for s in game.sides})
    out = io.StringIO()
    script = iter(["more", "more", "more", "actions 1PL", "actions nobody", "quit"])
    screen = Screen(session, Console(width=60, height=20, color_system=None, file=out), read=lambda p: next(script))
    assert not screen.run() and screen.left == "quit"
    text = out.getvalue()
    assert "type more --" in text and "no more actions: all are on the screen" in text
    moves = [str(a) for a in session.state.legal_actions() if str(a).startswith("1PL (leader) moves to")]
    assert moves and all(re.search(rf"\d+  {re.escape(m)}$", text, re.M) for m in moves)
    assert "'nobody' has no actions now: type actions and one of any, " in text


def test_a_thinking_player_has_a_line_with_its_time_on_a_terminal_only(tmp_path: Path) -> None:
    class Slow:
        name = "slow"

        def __repr__(self) -> str:
            return "slow"

        def choose(self, view: View, rng: object) -> Hashable:
            time.sleep(0.02)
            return view.legal_actions[0]

    _, path = find_scenario("crossroads_patrol")
    short = tmp_path / path.name
    short.write_text(path.read_text(encoding="utf-8").replace("\nturns = 6\n", "\nturns = 1\n"), encoding="utf-8")
    game = load_game("company-fire", short)
    for terminal in (True, False):
        session = Session(game, short, 1, {"attacker": None, "defender": Slow()})  # type: ignore[dict-item]
        out = io.StringIO()
        screen = Screen(session, Console(file=out, force_terminal=terminal, width=80, height=24),
                        read=lambda prompt: "1" if prompt.endswith("> ") else "y")
        assert screen.run()
        found = re.search(r"The defender \(slow\) is thinking\.\.\. \d+\.\d s", plain(out.getvalue()))
        assert bool(found) == terminal, plain(out.getvalue())[-3000:]


def test_in_hot_seat_each_side_has_the_legend_once() -> None:
    """The screen is cleared between the sides, so the side passed to sees the legend the first time, and only
    then; the side that began saw it at the start."""
    game_id, path = find_scenario("hedgerow_hell")
    game = load_game(game_id, path)
    session = Session(game, path, 1, {s: None for s in game.sides})
    out = io.StringIO()
    marks: list[int] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Pass to the"):
            marks.append(len(out.getvalue()))
            if len(marks) > 3:
                raise EOFError
            return ""
        return "1"

    screen = Screen(session, Console(width=100, height=30, color_system=None, file=out), read=read)
    assert not screen.run()
    text = out.getvalue()
    head = "Terrain: . open"
    assert len(marks) == 4
    assert text[:marks[0]].count(head) == 1  # the attacker, at the start
    assert text[marks[0]:marks[1]].count(head) == 1  # the defender, when first passed to
    assert text[marks[1]:].count(head) == 0  # never again


def test_an_actions_whole_text_is_the_action_though_it_begins_as_a_command() -> None:
    """Brigade's orders phase offers "select RU-1" and the like, one a unit: they are listed in one line, and
    typing one's whole text takes that action."""
    from warroom.ai import player

    game_id, path = find_scenario("ponyri")
    game = load_game(game_id, path)
    session = Session(game, path, 1, {"german": player("random"), "soviet": None})
    out = io.StringIO()
    script = iter(["end", "end", "select RU-T1"])

    def read(prompt: str) -> str:
        line = next(script, None)
        if line is None:
            raise EOFError
        return line

    screen = Screen(session, Console(width=100, height=40, color_system=None, file=out), read=read)
    assert not screen.run()
    text = out.getvalue()
    assert re.search(r"select:  \d+\) RU-1  \d+\) RU-2", text), text[-2000:]
    assert "> select RU-T1" in text


def test_a_unit_and_the_end_of_its_line_name_an_action() -> None:
    """"Lt 3,6" is Crossroads Patrol's "Lt (leader) moves to 3,6" (a name that does not change with the numbers);
    a unit and an end that name no action are one clear error."""
    game_id, path = find_scenario("crossroads_patrol")
    game = load_game(game_id, path)
    session = Session(game, path, 1, {s: None for s in game.sides})
    screen = Screen(session, Console(width=80, color_system=None, file=io.StringIO()))
    assert str(screen.find("Lt 3,6")) == "Lt (leader) moves to 3,6"
    assert str(screen.find("lt 2,7")) == "Lt (leader) moves to 2,7"
    with pytest.raises(UsageError, match="'Lt 9,9' is no action or command"):
        screen.find("Lt 9,9")
