"""Games played with the dice thrown at the table (seed 002 and 004: every die the rules throw, thrown by the people
at the table): the faces asked throw by throw, the same rulings as the game's own dice that threw those faces, bad
faces refused with nothing changed, the record keeping the faces and replaying exactly, hidden rolls thrown by
warroom, and the terminal's table opponent (what to move on the table)."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rich.console import Console

import warroom.core.rolled as rolled
from warroom.ai import player
from warroom.core.chance import standard_deck
from warroom.core.errors import UsageError
from warroom.core.game import GameRecord, apply_at_table, find_scenario, load_game, replay
from warroom.core.kit import kit_of
from warroom.core.rolled import ThrowNeeded, dice_at_table, written
from warroom.play.session import Session
from warroom.play.table import how_to_write, table_moves, throw_lines
from warroom.terminal.screen import Screen

TABLE = "(the dice thrown at the table)"


def _game(name: str) -> tuple[Any, Path]:
    ruleset, path = find_scenario(name)
    return load_game(ruleset, path), path


def _dice(seed: int) -> Callable[[ThrowNeeded], list[str]]:
    """A person at the table throwing fair dice (their own generator), writing the faces down."""
    rng = np.random.default_rng(seed)

    def thrower(need: ThrowNeeded) -> list[str]:
        _, faces = need.node.throw(rng)
        return list(written(need.node, faces))
    return thrower


def _play(name: str, seed: int, vs: str = "normal", limit: int = 3000) -> Session:
    game, path = _game(name)
    me = game.sides[0]
    s = Session(game, path, seed, {me: None, game.sides[1]: player(vs)}, table=True)
    rng, throw = np.random.default_rng(seed), _dice(seed + 1)
    for _ in range(limit):
        if s.over():
            break
        if s.state.to_act == me:
            legal = s.state.legal_actions()
            s.take(legal[int(rng.integers(len(legal)))], thrower=throw)
        else:
            s.opponent_move(throw)
    return s


@pytest.mark.rule("002", "Opportunity Fire")
@pytest.mark.parametrize("name", ["crossroads_patrol", "ponyri"])
def test_a_whole_game_at_the_table_is_recorded_with_its_faces_and_replays_exactly(name: str, tmp_path: Path) -> None:
    s = _play(name, 11)
    assert s.over()
    thrown = sum(len(f) for f in s.faces)
    assert thrown > 10  # the people threw every die they could see
    assert any(TABLE in line for st in s.states for line in st.narration(s.people[0]))
    path = s.save(tmp_path / "table.json")
    record = GameRecord.load(path)
    assert record.format == "warroom-game-record/4"
    assert record.table_sides == s.people and record.faces is not None
    assert sum(len(f) for f in record.faces) == thrown
    states = replay(record)
    assert [st.to_json() for st in states] == [st.to_json() for st in s.states]
    # a face changed in the record is a different game: the replay says where
    k = next(n for n, f in enumerate(record.faces) if f)
    faces = [list(map(list, f)) for f in record.faces]
    data = record.to_json()
    old = faces[k][0][0]
    faces[k][0][0] = "1" if old != "1" else "2"
    data["faces"] = faces
    with pytest.raises(UsageError, match=f"action {k + 1}"):
        replay(GameRecord.from_json(data))


def _seeded_faces(state: Any, action: Any) -> tuple[Any, list[list[str]]]:
    """The state after ``action`` with the game's own dice, and the faces its generator threw, throw by throw."""
    faces: list[list[str]] = []
    real, made = rolled._Thrown.resolve, rolled.Rolled.__init__
    seen = [True]

    def spy(self: Any, node: Any, label: str, resolution: Any) -> Any:
        before = len(self.thrown)
        value = real(self, node, label, resolution)
        if seen[0]:  # a roll some side may read (one no side reads is warroom's own, even at the table)
            faces.append(list(written(node, self.thrown[before][2])))
        return value

    def making(self: Any, procedure: str, params: Any, rng: Any, seen_by: Any = None) -> None:
        seen[0] = seen_by is None or bool(seen_by)
        made(self, procedure, params, rng, seen_by)
    rolled._Thrown.resolve, rolled.Rolled.__init__ = spy, making  # type: ignore[method-assign]
    try:
        after = state.apply(action)
    finally:
        rolled._Thrown.resolve, rolled.Rolled.__init__ = real, made  # type: ignore[method-assign]
    return after, faces


@pytest.mark.rule("002", "Opportunity Fire")
@pytest.mark.rule("004", "Small Arms Fire")
@pytest.mark.parametrize("name", ["crossroads_patrol", "hedgerow_hell", "ponyri"])
def test_the_faces_a_seeded_game_threw_give_the_same_rulings_at_the_table(name: str) -> None:
    game, _ = _game(name)
    rng = np.random.default_rng(3)
    state, compared = game.initial_state(5), 0
    for _ in range(400):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        after, faces = _seeded_faces(state, action)
        if faces:
            at_table = apply_at_table(state, action, game.sides, faces)
            for side in (None, *game.sides):
                ours = [line.replace(f"\n  {TABLE}", "") for line in at_table.narration(side)]
                assert ours == after.narration(side)
            a, b = at_table.to_json(), after.to_json()
            for key in ("rng", "log", "narration"):  # the words were compared above, the generator is not thrown
                a.pop(key, None), b.pop(key, None)
            assert a == b
            compared += 1
        state = after
    assert compared > 5


def _first_throwing(name: str) -> tuple[Any, Any, Any, ThrowNeeded]:
    game, _ = _game(name)
    rng = np.random.default_rng(1)
    state = game.initial_state(2)
    while True:
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        try:
            apply_at_table(state, action, game.sides, [])
        except ThrowNeeded as need:
            return game, state, action, need
        state = state.apply(action)


def test_bad_faces_are_one_clear_error_and_change_nothing(tmp_path: Path) -> None:
    game, path = _game("crossroads_patrol")
    _, state, action, need = _first_throwing("crossroads_patrol")
    assert need.index == 0 and need.sides == 6
    n = need.faces
    bad = {"a face off the die": (["7"] * n, "not a face of a d6"),
           "a word": (["x"] * n, "not a number"),
           "too few": (["6"] * (n - 1), "needed"),
           "too many": (["6"] * (n + 1), "needed")}
    for faces, says in bad.values():
        with pytest.raises(UsageError, match=says):
            apply_at_table(state, action, game.sides, [faces])
    ok = [["6"] * n]
    with pytest.raises(UsageError, match="left over"):
        apply_at_table(state, action, game.sides, [*ok, *([["6"] * 200] * 20)])
    # through a session: the action waits for its throw, a bad throw leaves it waiting, nothing is taken
    s = Session(game, path, 2, dict.fromkeys(game.sides), table=True)
    s.states = [state]
    with pytest.raises(ThrowNeeded):
        s.take(action)
    assert s.pending is not None and s.pending.action == action and not s.steps
    with pytest.raises(UsageError, match="not a face"):
        s.throw(["9"] * n)
    assert s.pending is not None and not s.steps
    other = next(a for a in state.legal_actions() if a != action)
    with pytest.raises(UsageError, match="waits for its next throw"):
        s.take(other)
    with contextlib.suppress(ThrowNeeded):  # the action goes on (to its next throw, or is taken)
        s.throw(["6"] * n)
    assert s.steps or s.pending is not None
    with pytest.raises(UsageError, match="no throw is awaited"):
        Session(game, path, 2, dict.fromkeys(game.sides), table=True).throw(["6"])


def test_a_throw_is_asked_with_what_it_is_for_and_its_odds() -> None:
    _, _, _, need = _first_throwing("crossroads_patrol")
    lines = throw_lines(need)
    assert lines[0].startswith(f"{need.title}: throw ")
    # 3d6 hitting on 5+ (seed 002 "Individual Unit Fire"): 0 hits (2/3)^3 = 29.6%, 1 hit 3(1/3)(2/3)^2 = 44.4%
    if need.node.spec == "3d6 hitting on 5+":
        assert lines[1] == "  0 hits 29.6%, 1 hit 44.4%, 2 hits 22.2%, 3 hits 3.7%"
    assert "of a d6" in how_to_write(need)


@pytest.mark.rule("002", "Recon by Fire")
def test_a_roll_the_people_may_not_see_is_thrown_by_warroom() -> None:
    """A roll narrated only to warroom's side (a hidden unit's rally, CF-46; a Brigade unit's own tests) is never
    asked at the table: the person would learn of the unit from the question."""
    seen: list[tuple[Any, bool]] = []
    real = rolled.Rolled.__init__

    def spy(self: Any, procedure: str, params: Any, rng: Any, seen_by: Any = None) -> None:
        real(self, procedure, params, rng, seen_by)
        seen.append((seen_by, self.at_table))
    rolled.Rolled.__init__ = spy  # type: ignore[method-assign]
    try:
        sessions = [_play("ponyri", 4, "heuristic", 200), _play("crossroads_patrol", 4, "heuristic", 200)]
    finally:
        rolled.Rolled.__init__ = real  # type: ignore[method-assign]
    people = {s.people[0] for s in sessions}
    for seen_by, at_table in seen:
        visible = seen_by is None or bool(people & set(seen_by))
        assert at_table == visible
    assert any(not at_table for _, at_table in seen)  # some were the other side's own
    assert any(at_table for _, at_table in seen)


def test_the_table_is_told_what_to_move_as_the_side_sees_it() -> None:
    game, _ = _game("ponyri")
    kit = kit_of(game)
    state = game.initial_state(1)
    before = state.observation(game.sides[0])
    moved = dict(before, units=[dict(u, figures=[[x + 2, y] for x, y in u["figures"]]) if u["id"] == "DE-5" else u
                                for u in before["units"]])
    assert table_moves(kit, before, moved) == [
        'move DE-5 from 18.0,12.0", 9 stands, facing 0° to 20.0,12.0", 9 stands, facing 0°']
    gone = dict(before, units=[u for u in before["units"] if u["id"] != "DE-6"])
    assert table_moves(kit, before, gone) == ['take off DE-6 (from 40.0,6.0", 9 stands, facing 0°)']


def test_the_terminal_plays_a_game_at_the_table_to_its_end(tmp_path: Path) -> None:
    """The terminal's table opponent: the person types actions and the faces of every throw; warroom says what to
    move on the table; the game is saved with its faces and replays exactly."""
    game, path = _game("crossroads_patrol")
    me = game.sides[0]
    s = Session(game, path, 21, {me: None, game.sides[1]: player("normal")}, table=True)
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False, color_system=None)
    rng = np.random.default_rng(9)
    asked: list[str] = []
    deck = [str(c) for c in standard_deck(2)]

    def read(prompt: str) -> str:
        asked.append(prompt)
        if "card drawn" in prompt:  # a card still in the deck, found as a person would: one not drawn yet
            return deck[int(rng.integers(len(deck)))]
        if "face" in prompt:
            if len([p for p in asked if "face" in p]) == 1:
                return "9 x"  # a bad throw first: asked again
            n = int(prompt.split()[0]) if prompt.strip()[0].isdigit() else 1
            return " ".join(str(int(rng.integers(1, 7))) for _ in range(n))
        if prompt.startswith("Roll for it"):
            return "y"
        if prompt.startswith("Save the game"):
            return "n"
        return str(1 + int(rng.integers(len(s.state.legal_actions()))))
    screen = Screen(s, console, read=read, save_to=tmp_path / "t.json")
    assert screen.run()
    text = out.getvalue()
    assert "The dice are thrown at the table" in text
    assert "On the table:" in text and "move " in text
    assert TABLE in text
    assert "needed" in text or "not a face" in text or "not a number" in text
    record = GameRecord.load(tmp_path / "t.json")
    assert record.table_sides == (me,)
    assert [st.to_json() for st in replay(record)] == [st.to_json() for st in s.states]


def test_dice_at_the_table_leave_the_game_s_own_dice_alone() -> None:
    """Outside the context the game throws its own dice; inside it a throw past the faces given stops the action."""
    game, state, action, _ = _first_throwing("ponyri")
    with dice_at_table(game.sides, []), pytest.raises(ThrowNeeded):
        state.apply(action)
    state.apply(action)  # its own dice again


THROW = r"(\d+) faces? of a d(\d+), e\.g\. [\d ]+> |the card drawn, e\.g\. [^>]*> |the number thrown, [^>]*> "


@pytest.mark.slow
@pytest.mark.rule("002", "Initiative and Phase Sequence")
@pytest.mark.rule("004", "Move Sequence")
@pytest.mark.parametrize(("name", "side", "cut"), [
    ("crossroads_patrol", "attacker", ("\nturns = 6\n", "\nturns = 1\n")),
    ("ponyri", "soviet", ("\nperiods = 6\n", "\nperiods = 1\n"))])
def test_warroom_play_at_the_table_in_a_pseudo_terminal(name: str, side: str, cut: tuple[str, str],
                                                        tmp_path: Path) -> None:
    """``warroom play --dice table`` in a pseudo-terminal, a whole (shortened) game by scripted input: each throw
    typed as it is asked (a bad one first, refused), the game saved with its faces and replayed exactly."""
    import pexpect

    from test_play_terminal import OVER, PROMPT, ROLL, Terminal, short

    scenario = short(tmp_path, name, *cut)
    saved = tmp_path / "table.json"
    t = Terminal(str(scenario), "--as", side, "--vs", "heuristic", "--seed", "3", "--dice", "table",
                 "--save", str(saved), cwd=tmp_path)
    deck = iter([str(c) for c in standard_deck(2)] * 2)
    rng = np.random.default_rng(2)
    throws = refused = 0
    while True:
        n = t.expect([PROMPT, ROLL, OVER, THROW, r"Save the game before you go\? \[y/n\] "])
        if n == 2:
            t.child.expect(pexpect.EOF)
            t.child.close()
            break
        if n == 0:  # one of the first actions (a number past the list is refused and asked again)
            t.say(str(int(rng.integers(1, 9))))
        elif n in (1, 4):
            t.say("y" if n == 1 else "n")
        else:
            match = t.child.match
            if match.group(1):
                count, die = int(match.group(1)), int(match.group(2))
                if not refused:
                    refused += 1
                    t.say(" ".join([str(die + 1)] * count))  # off the die: refused, asked again
                    continue
                t.say(" ".join(str(int(rng.integers(1, die + 1))) for _ in range(count)))
            elif "card" in match.group(0):
                t.say(next(deck))
            else:
                t.say(str(int(rng.integers(1, 101))))
            throws += 1
    text = t.text()
    assert "The dice are thrown at the table" in text and TABLE in text
    assert "is not a face of a d" in text and throws > 0
    record = GameRecord.load(saved)
    assert record.format == "warroom-game-record/4" and record.faces is not None
    assert sum(len(f) for f in record.faces) + len(record.opening_faces) == throws
    assert replay(record)[-1].is_terminal()  # every position checked against the record's digests
