"""``warroom play``: a game a person plays in the terminal, driven here by scripted input in a pseudo-terminal.

Both games are played to their end (scenarios cut to one turn or period, so a game is a few dozen prompts),
with undo, save and resume, the odds before a die is rolled, and hot seat clearing the screen between sides.
The session beneath the screen is checked directly too: what undo refuses, that a side's board holds only its
own observation, and that a resumed game is the same game.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Hashable
from pathlib import Path

import numpy as np
import pexpect
import pytest

import warroom
from warroom import ai
from warroom.ai import View, player
from warroom.core.errors import UsageError
from warroom.core.game import GameRecord, GameState, find_scenario, load_game, replay
from warroom.core.kit import kit_of
from warroom.kits.company_fire import terminal as cf_terminal
from warroom.play import summary
from warroom.play.session import Session
from warroom.present.odds import action_odds_lines
from warroom.sim.playout import random_playout
from warroom.terminal.screen import CLEAR, Screen

SRC = str(Path(warroom.__file__).parents[1])
PROMPT = r"(attacker|defender|german|soviet)> "
ROLL = r"Roll for it\? \[y/n\] "
PASS = r"Pass to the (\w+), then press Enter\. "
OVER = r"The game is over\."
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def short(tmp_path: Path, name: str, line: str, replacement: str) -> Path:
    """A shipped scenario cut short (one turn, one period): a whole game in a few dozen prompts."""
    _, path = find_scenario(name)
    text = path.read_text(encoding="utf-8")
    assert line in text
    out = tmp_path / path.name
    out.write_text(text.replace(line, replacement), encoding="utf-8")
    return out


@pytest.fixture
def crossroads(tmp_path: Path) -> Path:
    return short(tmp_path, "crossroads_patrol", "\nturns = 6\n", "\nturns = 1\n")


@pytest.fixture
def ponyri(tmp_path: Path) -> Path:
    return short(tmp_path, "ponyri", "\nperiods = 6\n", "\nperiods = 1\n")


class Terminal:
    """``warroom play`` in a pseudo-terminal, with everything it printed kept (colours and all) in ``seen``."""

    def __init__(self, *args: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": SRC, "TERM": "xterm", "COLUMNS": "200", "LINES": "60"}
        self.child = pexpect.spawn(sys.executable, ["-m", "warroom", "play", *args], env=env, cwd=str(cwd),
                                   encoding="utf-8", timeout=60, dimensions=(60, 200))
        self.seen = ""

    def expect(self, pattern: str | list[str]) -> int:
        n = self.child.expect(pattern)
        self.seen += self.child.before + self.child.after
        return int(n)

    def text(self) -> str:
        """What was printed since the start, without the colour codes."""
        return ANSI.sub("", self.seen)

    def say(self, line: str) -> None:
        self.child.sendline(line)

    def act(self, line: str) -> str:
        """Type ``line`` at the prompt; what was printed before the next prompt (or question)."""
        self.say(line)
        start = len(self.seen)
        self.expect([PROMPT, ROLL, OVER])
        return ANSI.sub("", self.seen[start:])

    def to_the_end(self) -> int:
        """Choose the first action at every prompt (the side's 'end' where it has one), roll when asked, pass
        the screen when asked, until the game is over; the prompts answered."""
        prompts = 0
        while True:
            n = self.expect([PROMPT, ROLL, PASS, OVER])
            if n == 3:
                self.child.expect(pexpect.EOF)
                self.seen += self.child.before
                self.child.close()
                return prompts
            self.say({0: "1", 1: "y", 2: ""}[n])
            prompts += n == 0

    def status(self) -> int | None:
        self.child.expect(pexpect.EOF)
        self.seen += self.child.before
        self.child.close()
        return self.child.exitstatus


def test_company_fire_played_to_the_end_with_odds_undo_and_bad_input(crossroads: Path, tmp_path: Path) -> None:
    game = load_game("company-fire", crossroads)
    t = Terminal(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "1", cwd=tmp_path)
    t.expect(PROMPT)
    opening = t.text()
    assert "Turn 1, clock 0: opening Move card" in opening
    assert "1) end the segment" in opening and "Lt (leader) moves to:" in opening
    # bad input: one line, the prompt again, never a traceback
    assert "'foo' is no action or command" in t.act("foo")
    assert "no action 99: choose 1 to 9" in t.act("99")
    assert "begins 8 actions" in t.act("lt")
    assert "nothing to undo" in t.act("undo")
    assert "odds of which action?" in t.act("odds")
    # a move chosen by its text, then taken back: no die was rolled, nothing was revealed
    out = t.act("Lt (leader) moves to 3,6")
    assert "> Lt (leader) moves to 3,6" in out and "3,7 → 3,6" in out
    assert "Took back: Lt (leader) moves to 3,6." in t.act("undo")
    assert "nothing to undo" in t.act("undo")
    # by a unique prefix this time, and on to the segment of individual moves
    assert "3,7 → 3,6" in t.act("lt (leader) moves to 3,6")
    state = game.initial_state(1)
    state = state.apply(next(a for a in state.legal_actions() if str(a) == "Lt (leader) moves to 3,6"))
    move = next(a for a in state.legal_actions() if str(a) == "sq1 moves to 1,5")
    expected = action_odds_lines(state.odds(move))
    assert expected, "the move into the fields takes a Movement Test: a roll"
    out = t.act("odds sq1 moves to 1,5")
    assert all(line in out for line in expected)
    # choosing it shows the same odds first, and asks
    out = t.act("sq1 moves to 1,5")
    assert "sq1 moves to 1,5: the odds" in out and all(line in out for line in expected)
    t.say("maybe")
    t.expect(ROLL)
    assert "Answer y or n." in t.text()
    assert "Not taken." in t.act("n")
    t.act("sq1 moves to 1,5")
    out = t.act("y")
    assert "Movement Test" in out
    assert "cannot undo your action 'sq1 moves to 1,5': it used chance" in t.act("undo")
    t.say("1")
    prompts = t.to_the_end()
    assert prompts >= 1
    text = t.text()
    assert "Traceback" not in text
    assert "Result: the defender wins" in text and "Losses:" in text and "Decisive moments" in text
    assert t.child.exitstatus == 0


def test_brigade_hot_seat_clears_the_screen_between_sides(ponyri: Path, tmp_path: Path) -> None:
    t = Terminal(str(ponyri), "--vs", "human", "--seed", "2", "--save", "end.json", cwd=tmp_path)
    t.to_the_end()
    assert t.child.exitstatus == 0
    seen = t.seen
    passes = [m.start() for m in re.finditer(r"Pass to the soviet", seen)]
    assert passes, "the soviet takes over the screen at least once"
    # the screen (and its scroll-back) is cleared before the pass, and again before the soviet's view is drawn
    assert seen[:passes[0]].endswith(CLEAR)
    after = seen[passes[0]:]
    assert after.index(CLEAR) < after.index("soviet> ")
    # what the soviet then sees is its own view: not the German units it has not spotted
    soviet_view = ANSI.sub("", after[after.index(CLEAR):after.index("soviet> ")])
    assert "RU-CAV" in soviet_view and "Soviet cavalry squadron" in soviet_view
    assert "German battalion HQ" not in soviet_view and "German grenadier company" not in soviet_view
    assert "German battalion HQ" in ANSI.sub("", seen[:passes[0]])  # the German saw its own, before the pass
    text = t.text()
    assert "Result: the soviet wins" in text
    record = GameRecord.load(tmp_path / "end.json")
    assert record.notes["players"] == {"german": "human", "soviet": "human"}
    assert replay(record, ponyri)[-1].is_terminal()


def test_save_then_resume_continues_the_same_game(crossroads: Path, tmp_path: Path) -> None:
    script = ["Lt (leader) moves to 3,6", "1", "1"]
    straight = Terminal(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "7", "--save",
                        "straight.json", cwd=tmp_path)
    straight.expect(PROMPT)
    for line in script:
        straight.act(line)
    straight.say("1")
    straight.to_the_end()
    whole = GameRecord.load(tmp_path / "straight.json")

    first = Terminal(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "7", cwd=tmp_path)
    first.expect(PROMPT)
    for line in script:
        first.act(line)
    assert "Saved the game to half.json" in first.act("save half.json")
    first.say("quit")
    first.expect(r"Save the game before you go\? \[y/n\] ")
    first.say("n")
    assert first.status() == 0
    half = GameRecord.load(tmp_path / "half.json")
    assert 0 < len(half.actions) < len(whole.actions)
    assert "result" not in half.notes

    second = Terminal(str(crossroads), "--as", "attacker", "--vs", "random", "--resume", "half.json", "--save",
                      "resumed.json", cwd=tmp_path)
    second.expect(PROMPT)
    assert f"Resumed after {len(half.actions)} actions" in second.text()
    second.say("1")
    second.to_the_end()
    resumed = GameRecord.load(tmp_path / "resumed.json")
    assert resumed.actions[:len(half.actions)] == half.actions
    assert resumed.actions == whole.actions and resumed.final_digest == whole.final_digest
    assert resumed.notes["result"] == whole.notes["result"]


def run_play(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``warroom play ARGS`` in this process, as its entry point runs it: the exit status, its output and errors."""
    from warroom.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "argv", ["warroom", "play", *args])
        mp.setattr(sys, "stdin", io.StringIO(stdin))
        mp.setattr(sys, "stdout", out)
        mp.setattr(sys, "stderr", err)
        try:
            main()
            status = 0
        except SystemExit as exc:
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_command_line_errors_are_one_line(crossroads: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    cases = {
        ("--as", "atacker", "--vs", "random"): "'atacker' is not a side of Crossroads Patrol (did you mean",
        ("--vs", "random"): "choose your side with --as: attacker, defender",
        ("--as", "attacker", "--vs", "nobody"): "unknown player 'nobody'",
        ("--as", "attacker", "--vs", "random:depth=3"): "player 'random' has no option 'depth'",
        ("--as", "attacker", "--vs", "random", "--resume", "missing.json"): "cannot read game record missing.json",
    }
    for args, message in cases.items():
        status, _, err = run_play(str(crossroads), *args)
        assert status == 2, (args, err)
        assert message in err, (args, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    # the input ending mid-game leaves without a traceback; quitting is no error
    status, out, err = run_play(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "1")
    assert status == 1 and "Left the game (input ended); it was not saved." in out and not err
    status, out, _ = run_play(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "1",
                              stdin="1\nquit\nn\n")
    assert status == 0 and "Save the game before you go?" in out and "Left the game." in out


def test_a_resumed_record_of_another_game_or_seed_is_refused(crossroads: Path, ponyri: Path, tmp_path: Path) -> None:
    game = load_game("company-fire", crossroads)
    session = Session(game, crossroads, 4, {"attacker": None, "defender": None})
    session.take(session.state.legal_actions()[0])
    saved = session.save(tmp_path / "cf.json")
    brigade = load_game("brigade", ponyri)
    with pytest.raises(UsageError, match="a record of a company-fire game, not of brigade"):
        Session.resume(brigade, ponyri, saved, {"german": None, "soviet": None})
    status, _, err = run_play(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "9", "--resume",
                              str(saved))
    assert status == 2 and "was played with seed 4" in err
    (tmp_path / "other").mkdir()
    other = short(tmp_path / "other", "crossroads_patrol", "\nturns = 6\n", "\nturns = 2\n")
    status, _, err = run_play(str(other), "--as", "attacker", "--vs", "random", "--resume", str(saved))
    assert status == 2 and "is not the one the record was made with" in err


# --- the session beneath the screen --------------------------------------------------------------------


def test_undo_refuses_an_action_that_showed_a_side_something_new() -> None:
    """An action that rolls no die but shows the person something new of the enemy (here a unit detected on
    a Brigade table, or a blind revealed in Company Fire) is not taken back: the person has seen it."""
    for name in ("ponyri", "crossroads_patrol"):
        game_id, path = find_scenario(name)
        game = load_game(game_id, path)
        _, actions = random_playout(game, 1, 400)
        session = Session(game, path, 1, dict.fromkeys(game.sides))
        for action in actions:
            session.take(action)
            step = session.steps[-1]
            if step.by in step.revealed and not step.chance:
                break
        else:
            pytest.fail(f"{name}: no action in the first 400 of seed 1 showed its side something without dice")
        before = session.state.to_json()
        with pytest.raises(UsageError, match=r"showed the \w+ something new of the enemy"):
            session.undo(step.by)
        assert session.state.to_json() == before


def test_undo_replays_the_game_without_the_undone_actions() -> None:
    game_id, path = find_scenario("crossroads_patrol")
    game = load_game(game_id, path)
    session = Session(game, path, 2, {"attacker": None, "defender": None})
    opening = session.state.to_json()
    session.take(next(a for a in session.state.legal_actions() if str(a) == "Lt (leader) moves to 3,6"))
    assert session.steps[-1].why_not("attacker") is None
    assert session.steps[-1].revealed == ("defender",)  # the defender sees the leader move once it has the screen
    undone = session.undo("attacker")
    assert [str(s.action) for s in undone] == ["Lt (leader) moves to 3,6"]
    assert session.state.to_json() == opening and not session.steps
    assert session.history("attacker") == () and session.history("defender") == ()


def test_each_board_shows_only_its_sides_observation() -> None:
    """Crossroads Patrol opens with the defender's rifle squad 'orchard' under a blind: the defender's board
    lists it, the attacker's shows the blind and nothing of what is under it."""
    from rich.console import Console

    game_id, path = find_scenario("crossroads_patrol")
    game = load_game(game_id, path)
    state = game.initial_state(1)

    def board(side: str) -> str:
        console = Console(width=160, record=True, file=io.StringIO())
        console.print(kit_of(game).terminal_board(game, state.observation(side)))
        return console.export_text()

    defender, attacker = board("defender"), board("attacker")
    assert re.search(r"orchard\s+rifle squad\s+6,1\s+good order\s+under a blind", defender)
    assert not re.search(r"\borchard\b", attacker)
    assert "Enemy blinds (units or dummies): 1,1; 6,1" in attacker
    assert "Turn 1, clock 0: opening Move card (move), the attacker phasing" in attacker


def test_the_summary_names_each_unit_destroyed_at_the_action_that_destroyed_it() -> None:
    game_id, path = find_scenario("hedgerow_hell")
    game = load_game(game_id, path)
    states, actions = random_playout(game, 1, 20_000)
    bys = [str(s.to_act) for s in states[:-1]]
    # worked out from each side's own observation of every position: where each of its units first reads destroyed
    first: dict[tuple[str, str], int] = {}
    for n, state in enumerate(states):
        for side in game.sides:
            for u in state.observation(side)["units"]:
                if u["side"] == side and u["status"] == "destroyed":
                    first.setdefault((side, u["id"]), n)
    assert first, "seed 1 of Hedgerow Hell destroys units"
    found = summary.moments(game, states, bys, actions)
    assert {(side, unit): m.number for m in found for side, unit, _ in m.losses} == first
    for m in found:
        assert m.action == str(actions[m.number - 1]) and m.by == bys[m.number - 1]
        assert any("is destroyed" in line for line in m.narration)
    lines = summary.summary_lines(game, states, bys, actions)
    assert lines[0].startswith("Result: the ") and "Decisive moments:" in lines
    lost = summary.losses(game, states[-1])
    assert {(s, u) for s, units in lost.items() for u, how in units.items() if how == "destroyed"} == set(first)


def test_an_opponent_that_does_not_play_the_game_is_refused(crossroads: Path) -> None:
    class BrigadeOnly:
        name = "brigade-only"
        games = ("brigade",)

        def choose(self, view: object, rng: object) -> object:
            raise AssertionError("never asked")

    game = load_game("company-fire", crossroads)
    with pytest.raises(UsageError, match="player brigade-only does not play company-fire; it plays brigade"):
        Session(game, crossroads, 1, {"attacker": None, "defender": BrigadeOnly()})  # type: ignore[dict-item]


def test_saving_where_it_cannot_is_one_line(crossroads: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run_play(str(crossroads), "--as", "attacker", "--vs", "random", "--seed", "1",
                                stdin="save no/such/folder/game.json\nsave\nquit\n")
    assert status == 0 and not err
    assert "cannot save to no/such/folder/game.json: the folder no/such/folder does not exist" in out
    assert f"Saved the game to {Path('crossroads_patrol-1.json')}" in out
    assert GameRecord.load(tmp_path / "crossroads_patrol-1.json").seed == 1


@pytest.mark.parametrize(("name", "side", "seed"), [("hedgerow_hell", "attacker", 4), ("ponyri", "german", 1)])
def test_against_a_player_the_screen_shows_nothing_the_side_has_not_seen(name: str, side: str, seed: int) -> None:
    """A whole game against random: at every prompt, no enemy unit the side's observation has not yet held (a
    Company Fire unit under a blind, a Brigade unit not yet detected) is named on the screen, by the board, the
    narration, the opponent's moves or any message."""
    from rich.console import Console

    game_id, path = find_scenario(name)
    game = load_game(game_id, path)
    enemy = next(s for s in game.sides if s != side)
    session = Session(game, path, seed, {side: None, enemy: player("random")})
    # (an id that is also a unit type's name, 'sniper', is in the legend of every board: it is not looked for)
    enemies = {u["id"] for u in session.state.observation(enemy)["units"]} - set(cf_terminal.SYMBOLS)
    out = io.StringIO()
    seen: set[str] = set()
    looked = 0
    checked: list[int] = []

    def read(prompt: str) -> str:
        nonlocal looked
        for state in session.states[looked:]:
            obs = state.observation(side)
            seen.update(u["id"] for u in obs["units"] + obs.get("enemy", []))
        looked = len(session.states)
        unseen = enemies - seen
        shown = out.getvalue()
        for unit in unseen:
            assert not re.search(rf"(?<![\w-]){re.escape(unit)}(?![\w-])", shown), (unit, len(session.steps))
        checked.append(len(unseen))
        return {"> ": "1", "] ": "y"}[prompt[-2:]]

    screen = Screen(session, Console(file=out, width=160, color_system=None), read=read)
    assert screen.run()
    assert max(checked) >= 2 and sum(1 for n in checked if n) >= 3, "the side played while enemies were unseen"
    assert f"Your actions, the {side}" in out.getvalue() and f"Your actions, the {enemy}" not in out.getvalue()


def test_hot_seat_undo_unsays_only_the_undone_action_to_the_other_side() -> None:
    """In Hedgerow Hell the attacker moves its company commander, then a platoon leader, takes the leader's move
    back and ends its segments: when the defender takes the screen it reads the commander's move, and nothing
    of the leader's."""
    from rich.console import Console

    game_id, path = find_scenario("hedgerow_hell")
    game = load_game(game_id, path)
    session = Session(game, path, 1, {"attacker": None, "defender": None})

    def quiet_leader_move(state: GameState, unit: str) -> Hashable:
        """A move of ``unit`` that rolls no die, leaves the attacker to act, and the defender reads."""
        return next(a for a in state.legal_actions() if str(a).startswith(f"{unit} (leader) moves")
                    and not state.odds(a) and state.apply(a).to_act == "attacker" and state.apply(a).narration(
                        "defender"))

    first = quiet_leader_move(session.state, "CC")
    second = quiet_leader_move(session.state.apply(first), "1PL")
    said_first = session.state.apply(first).narration("defender")
    said_second = session.state.apply(first).apply(second).narration("defender")
    script = iter([str(first), str(second), "undo"])
    out = io.StringIO()
    marks: dict[str, int] = {}

    def read(prompt: str) -> str:
        if prompt.startswith("Pass to the defender"):
            marks["pass"] = len(out.getvalue())
            return ""
        if prompt == "defender> ":
            marks["defender"] = len(out.getvalue())
            raise EOFError
        return next(script, "1")

    screen = Screen(session, Console(file=out, width=160, color_system=None), read=read)
    assert not screen.run() and screen.left == "input ended"
    text = out.getvalue()
    assert "Took back: " + str(second) in text
    defender = text[marks["pass"]:marks["defender"]]
    assert all(line in defender for line in said_first), said_first
    assert not any(line in defender for line in said_second), said_second


def test_a_player_that_thinks_has_a_spinner_on_a_terminal(crossroads: Path) -> None:
    from rich.console import Console

    class Thinker:
        name = "thinker"

        def choose(self, view: View, rng: object) -> Hashable:
            return view.legal_actions[0]

    game = load_game("company-fire", crossroads)
    for opponent, terminal, spins in ((Thinker(), True, True), (Thinker(), False, False),
                                      (player("random"), True, False)):
        session = Session(game, crossroads, 1, {"attacker": None, "defender": opponent})  # type: ignore[dict-item]
        out = io.StringIO()
        screen = Screen(session, Console(file=out, force_terminal=terminal, width=120),
                        read=lambda prompt: "1" if prompt.endswith("> ") else "y")
        assert screen.run()
        assert ("The defender (" in out.getvalue() and "is thinking..." in out.getvalue()) == spins


def test_the_opponent_is_given_the_history_its_side_read_as_the_loop_gives_it() -> None:
    """At every decision the opponent's view holds the game as its side read it, the same as
    ``warroom.ai.play`` gives a player in the same game, and it chooses the same."""

    class Recorder:
        name = "recorder"

        def __init__(self) -> None:
            self.histories: list[tuple[ai.Seen, ...]] = []

        def choose(self, view: View, rng: np.random.Generator) -> Hashable:
            self.histories.append(view.history)
            return player("random").choose(view, rng)

    game_id, path = find_scenario("crossroads_patrol")
    game = load_game(game_id, path)
    in_loop, in_session = Recorder(), Recorder()
    played = ai.play(game, {"attacker": "random", "defender": in_loop}, seed=6, max_actions=80)
    session = Session(game, path, 6, {"attacker": None, "defender": in_session})
    for action in played.actions:
        if session.state.to_act == "defender":
            assert session.opponent_move() == action
        else:
            session.take(action)
    assert len(in_loop.histories) > 5 and in_session.histories == in_loop.histories


def test_a_game_in_the_terminal_sets_the_collector_as_simulated_games_do(crossroads: Path) -> None:
    """The command plays a game to its end in its own process, a search opponent thinking in it: the heap is
    frozen once and the youngest generation collected seldom (warroom.sim.playout), as in the simulator."""
    script = (
        "import gc, io, sys\n"
        "from warroom.cli.app import main\n"
        "before = gc.get_threshold()[0]\n"
        f"sys.argv = ['warroom', 'play', {str(crossroads)!r}, '--as', 'attacker', '--vs', 'random', '--seed', '1']\n"
        "sys.stdin = io.StringIO('quit\\n')\n"
        "out, sys.stdout = sys.stdout, io.StringIO()\n"
        "main()\n"
        "print(before, gc.get_threshold()[0], gc.get_freeze_count() > 10_000, file=out)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["700", "50000", "True"]
