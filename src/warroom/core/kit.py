"""A game's kit: everything above its rules that a front end, an AI, the lab, a tool or a learning environment
needs to know about one game, asked of the kit and never of the game's name.

A full game plugs in twice. Its ruleset registers the game itself (:func:`warroom.core.game.register_game`:
the rules, the scenarios, the game interface every caller uses). Its kit, a :class:`Kit` declared by a
per-game adapter package (``warroom/kits/<game>/``) and found through the ``warroom.kits`` entry points (or
given by :func:`register_kit`, as a test's toy game does), answers everything else: what a side's observation
says of the board (the turn, who has been lost, what is known of the enemy), the terminal's board, the web
page's public map, the pictures, the heuristic's tactics, the belief sampler, the learning environments'
encoder, the fog twins and the umpire's view. A front end asks :func:`kit_of` for a game's kit and calls it;
none imports a ruleset's internals or compares a game's name (``tests/test_architecture.py`` and the
import contracts in ``pyproject.toml`` check both).

The kit's parts are imported when first asked for, so a kit costs nothing to find and a part that needs an
optional extra (the learning environments' Gymnasium) is only imported by the caller that uses it. The
:class:`Kit` base class gives a plain answer for every part a game does not draw or play in its own way, so
a third game plays through the CLI, the terminal, the web API and the simulator with a kit of a few lines;
a part with no plain answer (a heuristic, a belief sampler, an encoder) raises :class:`NotInKit`, which says
what the game lacks.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from warroom.core.errors import UsageError

if TYPE_CHECKING:
    from warroom.core.game import Game, GameState

KITS_GROUP = "warroom.kits"
"""The entry point group a kit is declared in: the name is the ruleset's id, the value ``module:KIT``."""


class NotInKit(UsageError):
    """A game's kit has no such part: the message names the game and what it lacks."""


@dataclass(frozen=True)
class UnitTally:
    """One of a side's own units as the lab's trace counts it (:meth:`Kit.tally`): its id and type, whether it
    is still in the game, where it is (``None``: not on the map), whether it rides another unit, and its strength:
    ``strength`` of ``full`` (its full strength, in the game's own measure: 1 for a unit whose status is its
    strength, its figures for a unit that loses figures one by one)."""

    id: str
    type: str
    alive: bool
    at: tuple[float, float] | None
    strength: float
    full: float = 1.0
    aboard: bool = False


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word`` as a person writes them: "1 point", "2 points", "0 points" (``words``: the plural
    where it is not ``word`` + "s")."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


@dataclass(frozen=True)
class ScoreItem:
    """One source of points as a side's view shows it (:meth:`Kit.score`): who scores it (``None``: nobody
    does), what kind of source it is (``objective``, ``destroyed`` ...), what it is (an objective's name and
    place, a unit lost), its points, and why it goes to that side (or to none) in words."""

    side: str | None
    source: str
    what: str
    points: int
    why: str = ""

    def text(self) -> str:
        who = ("held by " if self.source == "objective" else "to ") + (self.side or "nobody")
        return f"{self.what}, {plural(self.points, 'point')}: {who}" + (f" — {self.why}" if self.why else "")


@dataclass(frozen=True)
class Score:
    """The score as one side may know it now (:meth:`Kit.score`): each side's points so far, the items they
    come from, how near each side is to losing (``standing``, a sentence a side), the time left (``time``) and
    what the view cannot tell (``note``: an enemy it has not seen may stand on an objective, say)."""

    side: str
    points: Mapping[str, int]
    items: tuple[ScoreItem, ...] = ()
    standing: tuple[str, ...] = ()
    time: str = ""
    note: str = ""
    heading: str = "Points"

    def status(self) -> str:
        """The score in one short line, for a status bar: the points and the time left."""
        pts = ", ".join(f"{side} {n}" for side, n in self.points.items())
        return f"{self.heading}: {pts}" + (f"; {self.time}" if self.time else "")

    def lines(self) -> list[str]:
        """The score as lines: the points of each side, each item by source, the standing, the time, the note."""
        out = [self.status()]
        for source in dict.fromkeys(i.source for i in self.items):
            out.append(f"  {SOURCE_NAMES.get(source, source)}:")
            out += [f"    {i.text()}" for i in self.items if i.source == source]
        out += [f"  {line}" for line in self.standing]
        if self.note:
            out.append(f"  ({self.note})")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "heading": self.heading, "points": dict(self.points),
                "items": [{"side": i.side, "source": i.source, "source_name": SOURCE_NAMES.get(i.source, i.source),
                           "what": i.what, "points": i.points, "why": i.why, "text": i.text()} for i in self.items],
                "standing": list(self.standing), "time": self.time, "note": self.note, "status": self.status(),
                "lines": self.lines()}


SOURCE_NAMES = {"objective": "objectives", "destroyed": "enemy squads, teams and guns destroyed",
                "leader": "enemy leaders eliminated"}
"""The heading a source of points is listed under (:meth:`Score.lines`)."""


@dataclass(frozen=True)
class KnownUnit:
    """A unit as a side's view places it (:meth:`Kit.marks`): its side, where it is (a space, or a point in
    inches; for an enemy seen only roughly, where it is thought to be; ``None``: off the map) and whether it is
    out of the game."""

    side: str
    at: tuple[float, float] | None
    out: bool = False


class Kit:
    """One game's parts above its rules. Subclass it per game and override what the game does its own way.

    Every method takes what it reads (the game, a side's observation) and nothing of a state a side may not
    see; a method returning a module-like part returns an object with the documented functions.
    """

    ruleset: str = ""
    """The game's ruleset id, as the game's ``ruleset`` says it."""

    label: str = ""
    """The game's name as a person reads it."""

    measure: str = "grid"
    """How the board is measured: ``"grid"`` (spaces, whole numbers) or ``"inches"`` (a table, points in
    inches). The lab's heat maps and the pictures read it."""

    # --- the play session: what a side's observation says ------------------------------------------------

    def heading(self, obs: Mapping[str, Any]) -> str:
        """The turn, card or phase and who is to act, in one line."""
        return f"{obs.get('to_act', '')} to act"

    def phase(self, obs: Mapping[str, Any]) -> tuple[Any, ...]:
        """A key that changes with each card or phase: a front end draws the board again when it does."""
        return (obs.get("turn"), obs.get("phase"))

    def enemy_known(self, obs: Mapping[str, Any]) -> frozenset[Any]:
        """All the side knows of the enemy: undo stops where an action showed the side something new."""
        return frozenset(json.dumps(e, sort_keys=True, default=str) for e in obs.get("enemy", ()))

    def lost(self, obs: Mapping[str, Any]) -> dict[str, str]:
        """The side's own units out of the game, each with how it was lost."""
        return {}

    def decisive(self) -> frozenset[str]:
        """The hows of :meth:`lost` the end-of-game summary counts as decisive moments."""
        return frozenset()

    def action_note(self, game: Game, state: GameState, action: Hashable) -> str:
        """A few words the action lists show beside a legal action of the side to act where taking it cannot do
        what it seems to offer (Company Fire: a fire with no dice left after its reductions cannot hit, CF-147),
        read from the action's odds as that side may know them; ``""`` for none: plainly, none."""
        return ""

    def figures_lost(self, obs: Mapping[str, Any]) -> int | None:
        """The figures the side has lost, in a game whose units lose them one by one; ``None`` otherwise."""
        return None

    def placed(self, obs: Mapping[str, Any]) -> dict[str, str]:
        """Where each piece the side sees stands on the table, in table terms (``sq1`` → ``3,7``): what a person
        at a real table moves when warroom plays the other side (:mod:`warroom.play.table`). A piece the side
        sees only as a marker (a blind) is keyed by its kind and place, so one that moves shows as one taken up
        and one set down."""
        return {}

    # --- the lab: a game's trace, read from each side's own view ------------------------------------------

    def tally(self, obs: Mapping[str, Any], side: str) -> list[UnitTally]:
        """The side's own units in its observation, as the lab counts its material and losses: plainly, each of
        ``obs["units"]`` of that side, in the game while it is there, at its ``at``, at full strength."""
        out = []
        for u in obs.get("units", ()):
            if u.get("side", side) != side:
                continue
            at = u.get("at")
            out.append(UnitTally(str(u.get("id", "")), str(u.get("type", "unit")), True,
                                 (float(at[0]), float(at[1])) if at is not None else None, 1.0))
        return out

    def objectives_held(self, obs: Mapping[str, Any], places: Mapping[str, Sequence[tuple[float, float]]],
                        sides: Sequence[str]) -> dict[str, int]:
        """How many objectives each side holds, from one side's observation and where each side's units stand:
        plainly, an objective's ``held_by`` where the observation says it."""
        held = dict.fromkeys(sides, 0)
        for o in obs.get("objectives", ()):
            if o.get("held_by") in held:
                held[o["held_by"]] += 1
        return held

    # --- the score: what a side's view says of who is winning ---------------------------------------------

    def score(self, game: Game, obs: Mapping[str, Any]) -> Score:
        """The score as ``obs``'s side may know it (its observation and the scenario's public rules, never a
        hidden enemy unit): plainly, each objective's ``held_by`` where the observation says it, one point each,
        and the points of the observation's ``result`` where it gives them."""
        side = str(obs.get("side", ""))
        items = tuple(ScoreItem(o.get("held_by"), "objective", str(o.get("name", "an objective")),
                                int(o.get("points", 1)), "") for o in obs.get("objectives", ()))
        points = dict.fromkeys(game.sides, 0)
        for i in items:
            if i.side in points:
                points[i.side] += i.points
        result = obs.get("result") or {}
        given = result.get("points") if isinstance(result, Mapping) else None
        if isinstance(given, Mapping):
            points = {s: int(given.get(s, 0)) for s in game.sides}
        return Score(side, points, items)

    def known_units(self, game: Game, obs: Mapping[str, Any]) -> dict[str, KnownUnit]:
        """Every unit ``obs``'s side knows of, its own and the enemy's it sees, with where it is and whether it
        is out of the game (:class:`KnownUnit`): what the map's marks of the enemy's last actions are drawn
        from (:mod:`warroom.play.marks`). Plainly, each of ``obs["units"]``, at its ``at``."""
        out = {}
        for u in obs.get("units", ()):
            at = u.get("at")
            if u.get("id") is not None:
                out[str(u["id"])] = KnownUnit(str(u.get("side", "")),
                                              None if at is None else (float(at[0]), float(at[1])),
                                              str(u.get("status", "")) in ("destroyed", "removed", "eliminated"))
        return out

    def fire_kinds(self) -> frozenset[str]:
        """The kinds of action (``game.facts_of(action).kind``) the map marks as a fire, a line from the unit to
        its target or the space or point it aims at: plainly ``fire``."""
        return frozenset({"fire"})

    # --- the front ends' boards and pictures ---------------------------------------------------------------

    def terminal_board(self, game: Game, obs: Mapping[str, Any]) -> Any:
        """The board as the terminal draws it from ``obs`` (a rich renderable): plainly, the observation."""
        return json.dumps(obs, indent=1, sort_keys=True, default=str)

    def terminal_map(self, game: Game, obs: Mapping[str, Any], width: int, height: int) -> Any:
        """The map alone as the terminal's screen lays it out beside the actions (a rich renderable), drawn to fit
        ``width`` columns and ``height`` lines where the game can draw it so small: plainly, the board."""
        return self.terminal_board(game, obs)

    def terminal_status(self, game: Game, obs: Mapping[str, Any]) -> list[str]:
        """A few short lines under the map (objectives, what is left to the side): plainly, none."""
        return []

    def terminal_units(self, game: Game, obs: Mapping[str, Any]) -> Any:
        """The table of the units the side sees (a rich renderable, shown when there is room or asked for):
        plainly, nothing."""
        return ""

    def terminal_legend(self, game: Game) -> Any:
        """What the map's letters, marks and colours mean (a rich renderable), shown once at the start of a game
        and on request: plainly, nothing."""
        return ""

    def web_map(self, game: Game) -> dict[str, Any]:
        """The scenario's public map for the pages to draw a side's observation over (nothing of its hidden
        set-up): plainly, the game's sides and no terrain."""
        return {"game": game.ruleset, "scenario": game.scenario_name, "measure": self.measure,
                "sides": list(game.sides), "terrain": [], "objectives": [], "zones": {}}

    def sight(self, game: Game, obs: Mapping[str, Any], origin: str | None, target: str | None) -> dict[str, Any]:
        """The range and line of sight from ``origin`` to ``target`` (places as the page writes them, ``x,y`` for
        a grid's spaces; ``None`` where the request gave none) as ``obs``'s side may know them: ``{"range",
        "clear", "why"}``. One clear error (a :class:`~warroom.core.errors.UsageError`, which the web API answers
        400) for a place badly written, or for a game that answers no such query."""
        raise NotInKit(f"{game.ruleset} has no line-of-sight query for the pages")

    def reach(self, game: Game, state: GameState, side: str, unit: str, to: str | None,
              snap: bool) -> dict[str, Any]:
        """The ground ``side``'s ``unit`` can reach now (``outline``, in the game's measure, and ``why`` none), and
        for the point ``to`` the lawful move there (``action``), or why not (``refused``) and the furthest lawful
        move on the way (``snapped``, always with ``snap``): a game moved to points, not by routes of spaces."""
        raise NotInKit(f"a {game.ruleset} game moves by spaces, not to a point: its moves are in the view's actions")

    def typed_action(self, game: Game, state: GameState, text: str) -> Hashable | None:
        """The action a person typed as ``text`` in the terminal when it is none of the listed actions' texts (a
        Brigade ``RU-1 to 40,30``), or None: plainly, none."""
        return None

    typed_help: str = ""
    """The terminal's help line for what :meth:`typed_action` reads (empty: nothing more)."""

    def picture(self, game: Game, obs: Mapping[str, Any] | None, title: str) -> Any:
        """The board as a matplotlib figure headed ``title``, drawn from ``obs`` (a side's observation, the
        umpire's, or :meth:`setup_observation`; ``None``: the scenario's bare map) and the scenario's public map
        alone, in the sides' colours of :func:`warroom.present.picture.side_colours`: the one drawer of every
        picture of the game's board (``scenario show --png/--svg``, ``replay --png``, ``--png-every``)."""
        raise NotInKit(f"warroom draws no picture of a {game.ruleset} board")

    def umpire_observation(self, game: Game, state: GameState) -> dict[str, Any]:
        """Every side's own units together, in the form of the first side's observation (as plain JSON values),
        ``"umpire"`` True: plainly, the first side's observation."""
        out: dict[str, Any] = json.loads(json.dumps(state.observation(game.sides[0]), default=str))
        out["umpire"] = True
        return out

    def show_scenario(self, game: Game, viewer: str) -> str:
        """The scenario's briefing as ``viewer`` (a side, ``umpire`` or ``public``) may read it before play."""
        return f"{game.scenario_name} ({game.ruleset}): {', '.join(game.sides)}"

    # --- the scenario before play (``warroom scenario show``) ---------------------------------------------------

    def viewers(self, game: Game) -> tuple[str, ...]:
        """The views of the set-up a scenario may be shown in (:meth:`show_scenario`, :meth:`setup_observation`):
        ``public`` (what every side knows), ``umpire`` (everything) and each side's, in the order ``scenario show
        --as`` lists them."""
        return ("public", "umpire", *game.sides)

    def setup_observation(self, game: Game, viewer: str) -> dict[str, Any]:
        """What ``viewer`` (one of :meth:`viewers`) knows of the set-up, in the form of a side's observation, for
        :meth:`picture` to draw: plainly, a side's observation of the opening position, the umpire's
        :meth:`umpire_observation`, and in public nothing but whose it is (no side's, not the umpire's)."""
        state = game.initial_state(1)
        if viewer == "umpire":
            return self.umpire_observation(game, state)
        if viewer in game.sides:
            return dict(json.loads(json.dumps(state.observation(viewer), default=str)))
        return {"side": None, "umpire": False}

    # --- the AI ----------------------------------------------------------------------------------------

    def heuristic(self) -> Any:
        """The heuristic's tactics: a module-like object with ``choose(view, rng, aggression) -> action`` and
        ``scores(view, aggression)``, each legal action's score or ``None`` where the tactics choose without
        scoring every action (``warroom.ai.heuristic.Tactics``)."""
        raise NotInKit(f"the heuristic player has no tactics for {self.ruleset}")

    def belief(self) -> Any:
        """The belief sampler: ``dealer(view) -> (rng -> GameState)`` and ``reseed(state, rng)``."""
        raise NotInKit(f"no belief sampler for {self.ruleset}")

    # --- the learning environments and the tools ----------------------------------------------------------

    def encoder(self, game: Game) -> Any:
        """The learning environments' encoder of a side's observation into planes and a vector, and of what the
        observation says of the objectives and the losses (``warroom.rl.core.Encoder``)."""
        raise NotInKit(f"no learning environment for {self.ruleset}")

    def fog_twins(self) -> Callable[..., Any] | None:
        """The fog differential's twin maker (``tools/fog.py``): ``None`` where the game has none."""
        return None

    def action_text(self, game: Game, action: Hashable) -> str:
        """An action as a person reads it."""
        return str(action)

    # --- what the AI, the learning environments, the lab and the CLI read of a game -----------------------

    env_prefix: str = ""
    """The game's name in its learning environments' Gymnasium ids (``warroom/<prefix>-<scenario>-v0``); empty
    where the game has no learning environment (:meth:`encoder` and :meth:`action_table`)."""

    tells_action_text: bool = True
    """How ``warroom playout`` and ``warroom replay`` tell a side's own action: by its text, numbered, its odds
    and then its ruling (True); or numbered by what its narration says, an action that says nothing (selecting
    a unit, ending a segment) left untold (False)."""

    def kind_weights(self) -> Mapping[str, float]:
        """The search's cheap prior and rollout policy's weight of each kind of action (an action's ``kind``,
        else its class's name); a kind not named weighs 1. Plainly every kind weighs 1."""
        return {}

    def action_table(self, game: Game) -> Any:
        """The learning environments' fixed action indices of ``game`` (a ``warroom.rl.actions.ActionTable``)."""
        raise NotInKit(f"no learning environment for {self.ruleset}")


_REGISTERED: dict[str, Kit] = {}


def register_kit(kit: Kit) -> None:
    """Declare ``kit`` the kit of its game (a test's toy game; a shipped game declares its kit as an entry
    point in the ``warroom.kits`` group instead)."""
    if not kit.ruleset:
        raise ValueError("a kit names the ruleset it is the kit of")
    _REGISTERED[kit.ruleset] = kit
    _declared.cache_clear()


@functools.cache
def _declared() -> dict[str, Kit]:
    found: dict[str, Kit] = {}
    for point in entry_points(group=KITS_GROUP):
        kit = point.load()
        if not isinstance(kit, Kit):
            raise TypeError(f"the {KITS_GROUP} entry point {point.name} is not a Kit")
        found[point.name] = kit
    found.update(_REGISTERED)
    return found


def kit_of(game: Game | str) -> Kit:
    """The kit of ``game`` (a game or a ruleset id); a game without one gets the plain :class:`Kit`."""
    ruleset = game if isinstance(game, str) else game.ruleset
    kit = _declared().get(ruleset)
    if kit is None:
        plain = Kit()
        plain.ruleset = ruleset
        return plain
    return kit


def kits() -> dict[str, Kit]:
    """Every declared kit, by ruleset id."""
    return dict(sorted(_declared().items()))
