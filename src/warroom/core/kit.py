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

    def figures_lost(self, obs: Mapping[str, Any]) -> int | None:
        """The figures the side has lost, in a game whose units lose them one by one; ``None`` otherwise."""
        return None

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

    # --- the front ends' boards and pictures ---------------------------------------------------------------

    def terminal_board(self, game: Game, obs: Mapping[str, Any]) -> Any:
        """The board as the terminal draws it from ``obs`` (a rich renderable): plainly, the observation."""
        return json.dumps(obs, indent=1, sort_keys=True, default=str)

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
