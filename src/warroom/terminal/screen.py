"""The game on the screen: the board, the legal actions by unit, the odds before a die is rolled, the ruling after,
and the commands a player types.

A prompt's screen is laid out to fit the terminal (:mod:`.layout`): the board as compact as the lines ask, a few
status lines, and the actions a unit's together, the actions alike in one line ("Lt (leader) moves to: 2) 3,6
3) 2,7 ..."), the rest of a long list kept for ``more`` (``actions UNIT`` lists one unit's a line each); beside
the board where the terminal is wide enough. The map's legend is shown once at the start and on ``legend``.
While a player thinks, a line on a terminal says so and for how long (never in piped output, which stays plain
lines).

Each side sees only its own observation and narration. Against a player the person sees the opponent's actions
only as its side reads them; in hot seat (two people at one screen) the screen is cleared and the next side
asked to press Enter before its view is shown. Bad input gets one line and the prompt again.
"""

from __future__ import annotations

import sys
import textwrap
import time
from collections.abc import Callable, Hashable
from pathlib import Path

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markup import escape
from rich.text import Text

from warroom.core.errors import UsageError
from warroom.core.kit import kit_of
from warroom.core.rolled import ThrowNeeded
from warroom.play.marks import last_marks
from warroom.play.session import Session
from warroom.play.summary import summary_lines
from warroom.play.table import how_to_write, table_moves, throw_lines
from warroom.present.odds import action_odds_lines
from warroom.terminal.layout import Parts, lay_out, pack, page, wrapped

HELP = """Choose an action by its number, or type its text (the start of it is enough when only one action
begins so), or its unit and what follows the shared words of its line ("Lt 3,6" for "Lt (leader) moves to:
... 3,6"). The numbers are those of the list on the screen and change after each action; an action's text
stays the same, so type it to plan ahead ("Lt 3,6", then "sq2 4,7"). Commands:
  board          the full board, its units and the legend
  more           the next page of your actions, where they did not all fit
  actions UNIT   all the actions of one unit, one a line (UNIT: its name, or "any" for those of no one unit)
  list           all your actions, one a line (or: actions)
  units          the table of the units your side sees
  legend         what the map's letters and colours mean
  odds N         the exact odds of action N (or of an action given by its text) before you choose it
  score          the score as your side knows it: each objective, who holds it and why, the points by source,
                 how near each side is to losing, the time left
  undo           take back your last action (never one that rolled dice or showed you something new)
  save [FILE]    save the game record (to FILE, or to the file of --save, or the one given before)
  quit           leave the game (it asks whether to save first)
  help           this text"""

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clear the screen and its scroll-back, and put the cursor at the top."""

Reader = Callable[[str], str]


ANY = "any unit"
"""The heading of the actions that are of no one unit (end a segment or phase, hold fire, ...)."""

HINT = "Type a number or an action's text; help."


class Thinking:
    """The line a terminal shows while a player decides: who, and for how long so far (read at each refresh)."""

    def __init__(self, who: str) -> None:
        self.who = who
        self.start = time.monotonic()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(f"{self.who} is thinking... {time.monotonic() - self.start:.1f} s")


def shared_prefix(text: str) -> tuple[str, str]:
    """An action's text split where the first word with a figure in it (a place, a heading, a number) begins,
    after the first word (the unit's name): "Lt (leader) moves to" and "3,6". ("", text) where there is none."""
    words = text.split(" ")
    for k in range(1, len(words)):
        if any(ch.isdigit() for ch in words[k]):
            return " ".join(words[:k]), " ".join(words[k:])
    return "", text


class Leave(Exception):
    """The person left the game (quit, or the input ended)."""


def ask_throw(need: ThrowNeeded, say: Callable[[str, str], None], ask: Callable[[str], str],
              leave: Callable[[], None]) -> list[str]:
    """One throw at the table: what it is for and the odds of each reading, then the faces typed (``6 2 5`` or
    ``6,2,5``), asked again until they are the throw's; ``quit`` calls ``leave``."""
    for line in throw_lines(need):
        say(line, "bold" if not line.startswith(" ") else "")
    while True:
        line = ask(f"  {how_to_write(need)}> ")
        if line.lower() in ("quit", "exit"):
            leave()
        words = line.replace(",", " ").split()
        try:
            need.node.faces_from(words, need.label)
        except UsageError as exc:
            say(str(exc), "red")
            continue
        return words


def opening_thrower(console: Console, read: Reader = input) -> Callable[[ThrowNeeded], list[str]]:
    """Asks for the throws of a game's opening position (a first card) at the table, before the screen starts."""
    def say(text: str, style: str = "") -> None:
        console.print(escape(text), style=style or None)

    def ask(prompt: str) -> str:
        console.file.flush()
        try:
            return read(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            raise UsageError("the game was left before its opening throw") from None

    def leave() -> None:
        raise UsageError("the game was left before its opening throw")

    return lambda need: ask_throw(need, say, ask, leave)


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
        self.rest: list[Text] = []
        """The action lines of the last screen that did not fit on it, for ``more``."""
        self.printed = 0
        """Lines printed since the last screen (its actions give them room where they can)."""
        self.legend_seen: set[str] = set()
        """The people who have had the legend on their screen (in hot seat each, once, when first passed to)."""

    # output ------------------------------------------------------------------------------------------

    def size(self) -> tuple[int, int]:
        """The terminal's columns and lines (``COLUMNS``/``LINES`` where set; rich's console reads them)."""
        width, height = self.console.size
        return max(20, width), max(10, height)

    def say(self, text: str, style: str = "") -> None:
        """A message, wrapped at word boundaries to the terminal's width (piped, a line as it is)."""
        self.console.print(escape(text), style=style or None, soft_wrap=not self.console.is_terminal)
        width = self.size()[0]
        self.printed += sum(max(1, -(-len(line) // width)) for line in text.splitlines() or [""])

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
        """The full board, the units' table and the legend (the ``board`` command)."""
        obs = self.session.observation(side)
        marks = self.marks(side)
        self.console.print(self.kit.terminal_board(self.game, {**obs, "marks": marks} if marks else obs),
                           soft_wrap=False)
        self.say(self.kit.score(self.game, obs).status() + " (type score for the breakdown)", "bold")
        self.drawn = self.kit.phase(obs)

    def marks(self, side: str) -> list[dict[str, object]]:
        """The enemy's last actions as the side saw them, to mark on its board (:mod:`warroom.play.marks`)."""
        s = self.session
        return last_marks(self.game, s.states, [step.by for step in s.steps], s.actions, side)

    def show_score(self, side: str) -> None:
        """The score as the side may know it (the kit's ``score`` of its observation)."""
        for line in self.kit.score(self.game, self.session.observation(side)).lines():
            self.say(line)

    def show_legend(self, side: str | None = None) -> None:
        legend = self.kit.terminal_legend(self.game)
        if legend:
            self.console.print(legend, soft_wrap=False)
        self.legend_seen.add(side or self.viewer or self.session.state.to_act or "")

    def parts(self, side: str) -> Parts:
        """The parts of the side's screen: the map, the status lines, the actions, the units' table."""
        obs = self.session.observation(side)
        marks = self.marks(side)  # the enemy's last actions, marked on the map until the side acts
        score = self.kit.score(self.game, obs).status()
        if self.size()[0] < 120:  # a narrow screen keeps the points; `score` tells the rest
            score = score.split(";")[0] + " (type score)"
        status: list[str | Text] = [score,
                                    *self.kit.terminal_status(self.game, obs)]
        shown = {**obs, "marks": marks} if marks else obs
        return Parts(heading=self.kit.heading(obs),
                     board=lambda width, height: self.kit.terminal_map(self.game, shown, width, height),
                     actions=lambda width: self.action_lines(side, width), status=status,
                     below=[self.kit.terminal_units(self.game, obs)])

    def show_screen(self, side: str) -> None:
        """The board, the status and the actions, laid out to fit the terminal (what was printed just before
        kept in view where the actions can spare the lines)."""
        width, height = self.size()
        screen = lay_out(self.console, self.parts(side), width, height, reserve=min(self.printed, height // 4),
                         more_hint=lambda n: f"-- {n} more line{'s' if n > 1 else ''}: type more --")
        self.console.print(screen.renderable, soft_wrap=False, crop=True)
        self.rest = screen.actions[screen.shown:]
        self.drawn = self.kit.phase(self.session.observation(side))
        self.listed = True
        self.printed = 0

    def more(self) -> None:
        if not self.rest:
            raise UsageError("no more actions: all are on the screen (list shows them one a line)")
        height = self.size()[1]
        shown, n = page(self.rest, height - 2, lambda k: f"-- {k} more line{'s' if k > 1 else ''}: type more --")
        for line in shown:
            self.console.print(line, soft_wrap=False, crop=True)
        self.rest = self.rest[n:]

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

    def action_lines(self, side: str, width: int) -> list[Text]:
        """The side's actions in few lines: a unit's together, those alike in one line by what they share ("Lt
        (leader) moves to: 2) 3,6  3) 2,7"; the one "select RU-1" of each unit: "select: 2) RU-1  3) RU-2"), each
        after its number; wrapped to ``width`` at the actions."""
        entries: list[tuple[str, str, list[tuple[int, str]]]] = []
        groups = self.groups()
        notes = {n: note for _, acts in groups for n, action in acts  # what cannot do what it seems to (CF-147)
                 if (note := self.kit.action_note(self.game, self.session.state, action))}
        for unit, acts in groups:
            alike: dict[str, list[tuple[int, str]]] = {}
            for n, action in acts:
                prefix, tail = shared_prefix(str(action))
                alike.setdefault(prefix, []).append((n, tail))
            entries += [(unit, prefix, items) for prefix, items in alike.items()]
        across: dict[str, list[tuple[int, str]]] = {}
        for _, prefix, items in entries:
            if prefix and len(items) == 1:
                across.setdefault(prefix, []).extend(items)
        lines = [Text(f"Your actions, the {side}:", style="bold")]
        for unit, prefix, items in entries:
            if prefix and len(items) == 1 and len(across.get(prefix, ())) > 1:
                items = across.pop(prefix)  # the first of them shows them all
            elif prefix and len(items) == 1 and prefix not in across:
                continue  # shown with the first
            if prefix and len(items) > 1:
                shared = Text("  ")
                shared.append(f"{prefix}:", style="bold cyan" if unit else "bold")
                tokens = [Text.assemble((f"{n}) ", "bold"), tail, (f" ({notes[n]})" if n in notes else "", "yellow"))
                          for n, tail in items]
                lines += pack(self.console, shared, tokens, width)
                continue
            for n, tail in items:
                line = Text("  ")
                line.append(f"{n}) ", style="bold")
                text = f"{prefix} {tail}" if prefix else tail
                head, _, rest = text.partition(" ") if unit and text.startswith(unit) else ("", "", text)
                line.append(head, style="bold cyan")
                line.append(f" {rest}" if head else rest)
                if n in notes:
                    line.append(f"  ({notes[n]})", style="yellow")
                lines += wrapped(self.console, line, width, 4)
        lines += wrapped(self.console, Text(HINT, style="dim"), width, 2)
        return lines

    def unit_actions(self, side: str, unit: str) -> None:
        """All the actions of one unit, one a line."""
        groups = self.groups()
        names = {(u or ANY).lower(): u for u, _ in groups}
        want = unit.lower()
        if want in ("any", ANY):
            want = ANY
        if want not in names:
            shown = ", ".join(u or "any" for u, _ in groups)
            raise UsageError(f"'{unit}' has no actions now: type actions and one of {shown}")
        self.show_actions(side, only=names[want])

    def show_actions(self, side: str, only: str | None = None) -> None:
        """The side's actions (or one unit's), a unit's together, the unit named once to their left."""
        groups = [g for g in self.groups() if only is None or g[0] == only]
        width = max(len(unit or ANY) for unit, _ in groups)
        digits = len(str(sum(len(acts) for _, acts in groups)))
        self.say(f"Your actions, the {side}:", "bold")
        for unit, acts in groups:
            for k, (n, action) in enumerate(acts):
                line = Text("  ")
                line.append(f"{(unit or ANY) if k == 0 else '':<{width}}", style="bold cyan" if unit else "bold")
                line.append(f"  {n:>{digits}}  {action}")
                note = self.kit.action_note(self.game, self.session.state, action)
                if note:  # an action that cannot do what it seems to offer says so (CF-147)
                    line.append(f"  ({note})", style="yellow")
                self.console.print(line, soft_wrap=not self.console.is_terminal)
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
        if not starts:  # a unit and what follows the line's shared words: "lt 3,6" for "Lt (leader) moves to 3,6"
            unit, _, tail = want.partition(" ")
            starts = [a for a in actions if tail and str(a).lower().split(" ")[0] == unit
                      and shared_prefix(str(a).lower())[1] == tail]
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
        before = self.table_views()
        after = self.session.take(action, thrower=self.thrower if self.session.table else None)
        self.say(f"> {action}", "bold")
        for line in after.narration(side):
            self.say(textwrap.indent(line, "  "))
        self.others_read(side, after.narration)
        self.on_the_table(before)
        self.listed = False

    # dice thrown at the table ------------------------------------------------------------------------

    def thrower(self, need: ThrowNeeded) -> list[str]:
        """Ask the person at the table for one throw: what it is for and its odds, then the faces, again until
        they are the throw's (``quit`` leaves the game)."""
        return ask_throw(need, self.say, self.ask, self.quit)

    def table_views(self) -> dict[str, dict[str, object]]:
        """Each person's view before an action, to tell what to change on the table after it (table dice)."""
        if not self.session.table:
            return {}
        return {s: self.session.observation(s) for s in self.session.people}

    def on_the_table(self, before: dict[str, dict[str, object]]) -> None:
        """What to move, take off or set down on the real table after an action, as each person's side sees it."""
        for s, seen in before.items():
            lines = table_moves(self.kit, seen, self.session.observation(s))
            if lines:
                self.say("On the table" + (f" (the {s})" if len(before) > 1 else "") + ":", "bold")
                for line in lines:
                    self.say(f"  {line}")

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
            s = self.session  # a secret seed is not written in a file's name: its seal's first digits are
            path = Path(f"{Path(s.scenario).stem}-{s.seed if s.seed_chosen else s.commitment[:12]}.json")
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
        """A command, or an action; an action's whole text is the action even where it begins as a command does
        (Brigade's "select RU-1")."""
        want = " ".join(line.lower().split())
        exact = [a for a in self.numbered() if str(a).lower() == want]
        if exact:
            self.choose(side, exact[0])
            return
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("help", "?"):
            self.say(HELP + ("\n" + self.kit.typed_help if self.kit.typed_help else ""))
            self.show_legend()
        elif word == "board" and not rest:
            self.draw(side)
        elif word == "list" and not rest:
            self.show_actions(side)
        elif word == "more" and not rest:
            self.more()
        elif word == "actions":
            if rest:
                self.unit_actions(side, rest)
            else:
                self.show_actions(side)
        elif word == "units" and not rest:
            obs = self.session.observation(side)
            self.console.print(self.kit.terminal_units(self.game, obs), soft_wrap=False)
        elif word == "legend" and not rest:
            self.show_legend()
        elif word == "odds":
            self.odds(rest)
        elif word == "score" and not rest:
            self.show_score(side)
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
        """The player of ``side`` acts; on a terminal, a spinner and the time so far while a player that thinks
        does (a line updated in place, gone when it has chosen: piped output has none)."""
        chosen = self.session.players[side]
        named = self.opponent if len(self.session.people) == 1 and self.opponent else repr(chosen)
        if self.session.table:  # the choice made while the line shows; its throws asked after, at the table
            before = self.table_views()
            if self.console.is_terminal and chosen is not None and chosen.name != "random":
                with self.console.status(Thinking(f"The {side} ({named})"), spinner="dots", refresh_per_second=10):
                    action = self.session.opponent_choice()
            else:
                action = self.session.opponent_choice()
            self.session.take(action, thrower=self.thrower)
            self.others_read(side, self.session.state.narration)
            for s in self.session.people:
                self.flush(s)
            self.on_the_table(before)
            return
        if self.console.is_terminal and chosen is not None and chosen.name != "random":
            with self.console.status(Thinking(f"The {side} ({named})"), spinner="dots", refresh_per_second=10):
                self.session.opponent_move()
        else:
            self.session.opponent_move()
        self.others_read(side, self.session.state.narration)

    def turn(self, side: str) -> None:
        """One prompt for the person playing ``side``."""
        if self.viewer != side:
            if self.viewer is not None and len(self.session.people) > 1:
                self.pass_to(side)
                if side not in self.legend_seen:
                    self.show_legend(side)
            self.viewer, self.drawn, self.listed = side, None, False
        self.flush(side)
        if not self.listed:
            self.show_screen(side)
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
        seal = (f"seed {s.seed} (chosen: its dice, and the opponent's choices, can be foreseen)" if s.seed_chosen
                else f"the dice sealed by commitment {s.commitment}")
        self.say(f"{self.game.scenario_name} ({self.game.ruleset}@{self.game.version}), {seal}: {who}. "
                 f"Type help for the commands.", "bold")
        if s.table:
            self.say("The dice are thrown at the table: warroom asks for each throw you may see (the opponent's "
                     "too) and says what to move on the table after each action.")
        self.show_legend()
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
