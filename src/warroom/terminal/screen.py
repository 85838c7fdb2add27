"""The game on the screen: the board, the legal actions by unit, the odds before a die is rolled, the ruling after,
and the commands a player types.

Each side sees only its own observation and narration. Against a player the person sees the opponent's actions
only as its side reads them; in hot seat (two people at one screen) the screen is cleared and the next side
asked to press Enter before its view is shown. Bad input gets one line and the prompt again.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Hashable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from warroom.core.errors import UsageError
from warroom.core.kit import kit_of
from warroom.play.session import Session
from warroom.play.summary import summary_lines
from warroom.present.odds import action_odds_lines

HELP = """Choose an action by its number, or type its text (the start of it is enough when only one action
begins so). Commands:
  board          draw the board again
  list           list your actions again
  odds N         the exact odds of action N (or of an action given by its text) before you choose it
  undo           take back your last action (never one that rolled dice or showed you something new)
  save [FILE]    save the game record (to FILE, or to the file of --save, or the one given before)
  quit           leave the game (it asks whether to save first)
  help           this text"""

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clear the screen and its scroll-back, and put the cursor at the top."""

Reader = Callable[[str], str]


ANY = "any unit"
"""The heading of the actions that are of no one unit (end a segment or phase, hold fire, ...)."""


class Leave(Exception):
    """The person left the game (quit, or the input ended)."""


class Screen:
    """Plays ``session`` with the people at the keyboard: ``read`` asks for a line (``input``), ``console`` shows."""

    def __init__(self, session: Session, console: Console, read: Reader = input, save_to: Path | None = None,
                 opponent: str = "", command: str = "") -> None:
        self.session = session
        self.console = console
        self.read = read
        self.save_to = save_to
        self.opponent = opponent or ", ".join(repr(p) for p in session.players.values() if p is not None)
        self.command = command
        self.game = session.game
        self.kit = kit_of(session.game)
        self.pending: dict[str, list[tuple[int, str | None, list[str]]]] = {
            s: [(len(session.steps), None, session.state.narration(s))] for s in session.people}
        """For each person, what it has not read yet: (the position's number, who acted, the narration)."""
        self.viewer: str | None = None
        self.drawn: tuple[object, ...] | None = None
        self.listed = False
        self.left: str | None = None
        """Why the person left before the end (quit, the input ended, interrupted), if they did."""

    # output ------------------------------------------------------------------------------------------

    def say(self, text: str, style: str = "") -> None:
        self.console.print(escape(text), style=style or None)

    def ask(self, prompt: str) -> str:
        self.console.file.flush()
        sys.stdout.flush()
        try:
            return self.read(prompt).strip()
        except EOFError:
            raise Leave("input ended") from None
        except KeyboardInterrupt:
            raise Leave("interrupted") from None

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(CLEAR)
            self.console.file.flush()
        else:
            self.console.print("\n" * 3 + "-" * 40)

    def draw(self, side: str) -> None:
        obs = self.session.observation(side)
        self.console.print(self.kit.terminal_board(self.game, obs))
        self.drawn = self.kit.phase(obs)

    def flush(self, side: str) -> None:
        """What happened since the side last looked, as it reads it."""
        last: str | None = side  # (the pending are the other sides' actions: a heading where the actor changes)
        for _, by, lines in self.pending.get(side, []):
            if not lines:
                continue
            if by is not None and by != last:
                self.say(f"The {by}:", "bold")
            last = by
            for line in lines:
                self.say(textwrap.indent(line, "  "))
        self.pending[side] = []

    def groups(self) -> list[tuple[str, list[tuple[int, Hashable]]]]:
        """The side's legal actions by the unit each is of (the game's ``facts_of``: the one acting, calling for
        fire, or the battery firing; those of no one unit first), numbered from 1."""
        by_unit: dict[str, list[Hashable]] = {}
        for action in self.session.state.legal_actions():
            by_unit.setdefault(self.game.facts_of(action).unit or "", []).append(action)
        order = sorted(by_unit, key=lambda u: u != "")
        out, n = [], 1
        for unit in order:
            numbered = []
            for action in by_unit[unit]:
                numbered.append((n, action))
                n += 1
            out.append((unit, numbered))
        return out

    def numbered(self) -> list[Hashable]:
        return [a for _, acts in self.groups() for _, a in acts]

    def show_actions(self, side: str) -> None:
        """The side's actions, a unit's together, the unit named once to their left."""
        groups = self.groups()
        width = max(len(unit or ANY) for unit, _ in groups)
        digits = len(str(sum(len(acts) for _, acts in groups)))
        self.say(f"Your actions, the {side}:", "bold")
        for unit, acts in groups:
            for k, (n, action) in enumerate(acts):
                line = Text("  ")
                line.append(f"{(unit or ANY) if k == 0 else '':<{width}}", style="bold cyan" if unit else "bold")
                line.append(f"  {n:>{digits}}  {action}")
                self.console.print(line)
        self.listed = True

    # input -------------------------------------------------------------------------------------------

    def find(self, text: str) -> Hashable:
        """The action ``text`` names: a number, the action's text, or the start of exactly one action's text."""
        actions = self.numbered()
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(actions):
                raise UsageError(f"no action {n}: choose 1 to {len(actions)}, or type help")
            return actions[n - 1]
        typed = self.kit.typed_action(self.game, self.session.state, text)  # a game's own input (a move to a point)
        if typed is not None:
            return typed
        want = " ".join(text.lower().split())
        exact = [a for a in actions if str(a).lower() == want]
        if exact:
            return exact[0]
        starts = [a for a in actions if str(a).lower().startswith(want)]
        if len(starts) == 1:
            return starts[0]
        if starts:
            shown = "; ".join(str(a) for a in starts[:4]) + ("; ..." if len(starts) > 4 else "")
            raise UsageError(f"'{text}' begins {len(starts)} actions ({shown}): type more of it or its number")
        raise UsageError(f"'{text}' is no action or command: type a number from 1 to {len(actions)}, the start of "
                         f"an action, or help")

    def yes(self, prompt: str) -> bool:
        while True:
            answer = self.ask(prompt).lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.say("Answer y or n.")

    def odds(self, text: str) -> None:
        if not text:
            raise UsageError("odds of which action? type odds N (its number) or odds and its text")
        action = self.find(text)
        lines = action_odds_lines(self.session.state.odds(action))
        if not lines:
            self.say(f"'{action}' rolls no dice.")
        for line in lines:
            self.say(f"  {line}")

    def choose(self, side: str, action: Hashable) -> None:
        lines = action_odds_lines(self.session.state.odds(action))
        if lines:
            self.say(f"{action}: the odds", "bold")
            for line in lines:
                self.say(f"  {line}")
            if not self.yes("Roll for it? [y/n] "):
                self.say("Not taken.")
                return
        after = self.session.take(action)
        self.say(f"> {action}", "bold")
        for line in after.narration(side):
            self.say(textwrap.indent(line, "  "))
        self.others_read(side, after.narration)
        self.listed = False

    def others_read(self, by: str, narration: Callable[[str], list[str]]) -> None:
        for s in self.session.people:
            if s != by:
                self.pending[s].append((len(self.session.steps), by, narration(s)))

    def undo(self, side: str) -> None:
        undone = self.session.undo(side)
        for s in self.pending:  # what the undone actions said is unread, and now unsaid
            self.pending[s] = [entry for entry in self.pending[s] if entry[0] <= len(self.session.steps)]
        mine = [str(step.action) for step in undone if step.by == side]
        theirs = len(undone) - len(mine)
        self.say(f"Took back: {'; '.join(mine)}" + (f" (and the {theirs} action{'s' if theirs > 1 else ''} of the "
                                                     f"opponent after it)" if theirs else "") + ".")
        self.drawn = None
        self.listed = False

    def save(self, text: str) -> None:
        path = Path(text) if text else self.save_to
        if path is None:
            path = Path(f"{Path(self.session.scenario).stem}-{self.session.seed}.json")
        try:
            self.session.save(path)
        except OSError as exc:
            raise UsageError(f"cannot save to {path}: {exc.strerror or exc}") from None
        self.save_to = path
        if self.session.over():
            self.say(f"Saved the finished game to {path}. Replay it: warroom replay {path}")
            return
        resume = f" Go on with it later: {self.command} --resume {path}" if self.command else ""
        self.say(f"Saved the game to {path}.{resume}")

    def quit(self) -> None:
        if self.session.steps and self.yes("Save the game before you go? [y/n] "):
            self.save("")
        raise Leave("quit")

    def command_line(self, side: str, line: str) -> None:
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("help", "?"):
            self.say(HELP + ("\n" + self.kit.typed_help if self.kit.typed_help else ""))
        elif word == "board" and not rest:
            self.draw(side)
        elif word == "list" and not rest:
            self.show_actions(side)
        elif word == "odds":
            self.odds(rest)
        elif word == "undo" and not rest:
            self.undo(side)
        elif word == "save":
            self.save(rest)
        elif word in ("quit", "exit") and not rest:
            self.quit()
        else:
            self.choose(side, self.find(line))

    # the game ----------------------------------------------------------------------------------------

    def pass_to(self, side: str) -> None:
        self.clear()
        self.ask(f"Pass to the {side}, then press Enter. ")
        self.clear()

    def opponent_acts(self, side: str) -> None:
        """The player of ``side`` acts; on a terminal, a spinner while a player that thinks does."""
        chosen = self.session.players[side]
        if self.console.is_terminal and chosen is not None and chosen.name != "random":
            with self.console.status(f"The {side} ({chosen!r}) is thinking...", spinner="dots"):
                self.session.opponent_move()
        else:
            self.session.opponent_move()
        self.others_read(side, self.session.state.narration)

    def turn(self, side: str) -> None:
        """One prompt for the person playing ``side``."""
        if self.viewer != side:
            if self.viewer is not None and len(self.session.people) > 1:
                self.pass_to(side)
            self.viewer, self.drawn, self.listed = side, None, False
        obs = self.session.observation(side)
        self.flush(side)
        if self.kit.phase(obs) != self.drawn:
            self.draw(side)
        if not self.listed:
            self.show_actions(side)
        line = self.ask(f"{side}> ")
        if not line:
            return
        try:
            self.command_line(side, line)
        except UsageError as exc:
            self.say(str(exc), "red")

    def run(self) -> bool:
        """Play until the game ends (True) or the person leaves (False)."""
        s = self.session
        who = (f"{' and '.join(s.people)} at one screen (hot seat)" if len(s.people) > 1
               else f"the {s.people[0]} against {self.opponent}")
        self.say(f"{self.game.scenario_name} ({self.game.ruleset}@{self.game.version}), seed {s.seed}: {who}. "
                 f"Type help for the commands.", "bold")
        if s.steps:
            self.say(f"Resumed after {len(s.steps)} actions; what your side read last:")
        try:
            while not s.over():
                side = s.state.to_act
                assert side is not None
                if side in s.people:
                    self.turn(side)
                else:
                    self.opponent_acts(side)
        except KeyboardInterrupt:  # while the opponent thinks
            self.left = "interrupted"
            self.say("Left the game (interrupted); it was not saved.")
            return False
        except Leave as exc:
            self.left = str(exc)
            self.say("Left the game." if str(exc) == "quit" else f"Left the game ({exc}); it was not saved.")
            return False
        for side in s.people:
            if len(s.people) > 1:
                self.say(f"What the {side} read last:", "bold")
            self.flush(side)
        self.say("The game is over.", "bold")
        for line in summary_lines(self.game, s.states, [st.by for st in s.steps], s.actions):
            self.say(line)
        if self.save_to is not None:
            self.save(str(self.save_to))
        return True
