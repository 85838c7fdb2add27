"""The answers of the web API as models, so ``/openapi.json`` states each answer's shape and each refusal as it
really is: the routes of :mod:`.api` (the games) and :mod:`.desk` (the umpire's desk) name their answer's model,
FastAPI checks every answer against it, and the JSON is the same, key for key and in the same order, as the
service built it (each model lists its fields in the order the service writes them; a key the service leaves out
is left out, not sent as ``null``: the routes serialize with ``response_model_exclude_unset``).

What a game keeps its own way (a side's observation, a scenario's map, a procedure's inputs) is an object of that
game's or procedure's own keys (``dict[str, Any]``), described where the game's docs describe it. A refusal is one
line, ``{"detail": "..."}`` (:class:`Detail`), for every status the API answers with: 400 a bad value, 403 a token
that does not play the game or side, 404 no such game, scenario, procedure or session, 409 a game that has moved on
or is over, 413 a body over its limit, 422 a body that fails its model (every problem in the one line).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warroom.core.game import Result


class _Answer(BaseModel):
    """An answer: exactly the keys the service writes (one more is a server error, caught by the tests)."""

    model_config = ConfigDict(extra="forbid")


class Detail(_Answer):
    """A refusal: the reason in one line."""

    detail: str


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that may refuse with ``statuses``: each one a :class:`Detail`."""
    said = {400: "a bad value", 403: "no token, or one that does not play this game or side",
            404: "no such game, scenario, procedure or session", 409: "the game has moved on, or is over",
            413: "the request body is over its limit", 422: "the body or a parameter fails its model"}
    return {status: {"model": Detail, "description": said[status]} for status in statuses}


GAME_REFUSALS = refusals(400, 403, 404, 409, 422)
"""What a route about one game may answer besides its answer."""
NEW_REFUSALS = refusals(400, 404, 413, 422)
"""What making a new game may answer besides its answer."""
POST_REFUSALS = refusals(400, 403, 404, 409, 413, 422)
"""What a change to a game (an action, odds asked, an undo) may answer besides its answer."""
DESK_REFUSALS = refusals(400, 404, 413, 422)
"""What a route of the desk may answer besides its answer."""


# --- the games (web/api.py) ---------------------------------------------------------------------------------


class ScenarioInfo(_Answer):
    """A shipped scenario: its game, name, title, sides and the briefing both sides read."""

    ruleset: str
    name: str
    title: str
    sides: list[str]
    briefing: str


class Opponent(_Answer):
    """An AI strength or player a person may choose."""

    name: str
    text: str


class SeatGiven(_Answer):
    """A seat of a new game: the sides it plays, its secret token and the page's link with it."""

    sides: list[str]
    token: str
    url: str


class NewGameAnswer(_Answer):
    """A new game: its id and each seat's token and link (the only time a token is given)."""

    id: str
    ruleset: str
    scenario: str
    seats: list[SeatGiven]


class LogEntry(_Answer):
    """One step of the game as the side read it: the set-up first (``by`` empty), then each action; only the
    side's own actions carry their text."""

    step: int
    by: str
    text: str | None
    narration: list[str]


class ActionFace(_Answer):
    """One of the side's legal actions: its code, its text, the unit it acts with, whether it rolls dice, the
    space it names (``[x, y]``), the spaces a move passes through on its way, the enemy unit it aims at, and a
    note where taking it cannot do what it seems to offer (``""`` for none: a fire left with no dice, CF-147)."""

    code: int
    text: str
    unit: str | None
    dice: bool
    space: list[int] | None
    via: list[list[int]]
    target: str | None
    note: str = ""


class UndoFace(_Answer):
    """Whether the side may take back its last action now, and why not."""

    can: bool
    why: str | None


class SeedSeal(_Answer):
    """The seal on the game's dice: whether its seed was a person's choice (then its dice, and the computer's
    choices, can be foreseen) and the commitment to it, checked with ``warroom replay FILE --verify
    COMMITMENT`` once the game is over and its record shows the seed."""

    chosen: bool
    commitment: str


class ScoreItemFace(_Answer):
    """One source of points: who scores it (``None``: nobody), its kind and heading, what it is, its points, why,
    and the whole as a line."""

    side: str | None
    source: str
    source_name: str
    what: str
    points: int
    why: str
    text: str


class ScoreFace(_Answer):
    """The score as the side may know it (the game kit's ``score`` of its observation): each side's points, the
    items they come from, how near each side is to losing, the time left, what the view cannot tell, the one
    line for the status bar and the whole as lines."""

    side: str
    heading: str
    points: dict[str, int]
    items: list[ScoreItemFace]
    standing: list[str]
    time: str
    note: str
    status: str
    lines: list[str]


class MarkFace(_Answer):
    """One mark of the enemy's last actions on the side's map (``warroom.play.marks``): ``fire`` (a line from
    ``origin`` to ``at``), ``move`` (an arrow along ``path``), ``fell`` (a cross at ``at``) or ``seen`` (a ring at
    ``at``), with the unit, its side, the fire's target, the action's number and the legend's line."""

    kind: str
    unit: str
    side: str
    step: int
    text: str
    origin: list[float] | None
    at: list[float] | None
    target: str | None
    path: list[list[float]]


class GameThrow(_Answer):
    """A throw awaited at the table (a game of table dice): whose action it is (the action's text only for the
    side's own), which throw of it (from 0), the procedure, the words asked, how many faces and of what die
    (``die``: 6 for d6, 100 for a percentile roll, null for a card, then ``cards``: those it may be), the odds of
    each reading of the throw (``lines``) and how to write the faces (``how``)."""

    by: str
    action: str | None
    index: int
    title: str
    asking: str
    faces: int
    die: int | None
    cards: list[str]
    lines: list[str]
    how: str


class GameView(_Answer):
    """The game as one side sees it (``observation``: the side's observation, each game its own keys)."""

    id: str
    ruleset: str
    scenario: str
    title: str
    side: str
    sides: list[str]
    seat_sides: list[str]
    step: int
    to_act: str | None
    my_turn: bool
    over: bool
    result: Result | None
    observation: dict[str, Any]
    log: list[LogEntry]
    actions: list[ActionFace]
    undo: UndoFace
    players: dict[str, str]
    thinking: bool
    summary: list[str] | None
    score: ScoreFace
    marks: list[MarkFace]
    dice: Literal["warroom", "table"]
    throw: GameThrow | None
    seed: SeedSeal


class Acted(_Answer):
    """An action taken: the step the game is at, what the action did as the side reads it, the new view."""

    step: int
    narration: list[str]
    view: GameView


class Undone(_Answer):
    """An undo: how many actions were taken back, and the view as it is again."""

    undone: int
    view: GameView


class Outcome(_Answer):
    """One result of a roll, with its probability as a float and as an exact fraction ``n/d``."""

    result: str
    p: float
    exact: str


class RollOdds(_Answer):
    """The results of one roll an action makes (a target, a test), likeliest first."""

    label: str
    outcomes: list[Outcome]


class ActionOdds(_Answer):
    """The exact odds of one action before it is taken, as the side may know them, and the lines the terminal
    prints of them."""

    action: int
    text: str
    dice: bool
    odds: list[RollOdds]
    lines: list[str]


class Sight(_Answer):
    """Company Fire: the range in spaces between two spaces, whether the line of sight is clear, and why not."""

    range: int
    clear: bool
    why: str | None


class Reach(_Answer):
    """Brigade: the ground one of the side's units can reach now (``outline``: the furthest lawful points round it,
    in inches, from the engine's rules; empty with ``why`` where it may not move), and, for a point asked, the
    lawful move there (``action``), or why not (``refused``, with how far it can go) and the furthest lawful move
    on the way to it (``snapped``)."""

    unit: str
    outline: list[list[float]]
    why: str | None
    action: ActionFace | None
    refused: str | None
    snapped: ActionFace | None


class Record(_Answer):
    """A game record (``warroom replay`` plays it again): the game, the scenario and its digest, the seed, the
    actions' codes, the positions' digests, and notes (the players and the result)."""

    format: str
    ruleset: str
    version: str
    scenario: str
    scenario_sha256: str
    seed: int
    actions: list[int]
    digests: list[str] = Field(default_factory=list)
    final_digest: str = ""
    scenario_text: str = ""
    table_sides: list[str] = Field(default_factory=list)
    opening_faces: list[list[str]] = Field(default_factory=list)
    faces: list[list[list[str]]] = Field(default_factory=list)
    notes: dict[str, Any]


# --- the umpire's desk (web/desk.py) ------------------------------------------------------------------------


class RuleRef(_Answer):
    """The rule a procedure applies: its seed file, the sections and the readings (ruling ids)."""

    seed: str
    sections: list[str]
    readings: list[str]


class ParamInfo(_Answer):
    """One parameter of a procedure: its kind, help, whether it is required, its default, range, choices, how
    many items a list takes, and the values allowed in words."""

    name: str
    kind: str
    help: str
    required: bool
    default: str | None
    min: int | None
    max: int | None
    choices: list[str]
    min_items: int | None
    max_items: int | None
    allowed: str
    why: str
    label: str = ""
    """The field's name in the seed's words, as the desk's form shows it (the ``name`` is the command line's)."""


class ProcedureInfo(_Answer):
    """A procedure of a ruleset: the rule it applies and its parameters."""

    id: str
    ruleset: str
    ruleset_title: str
    name: str
    title: str
    summary: str
    section: str
    rule: RuleRef
    rule_text: str
    params: list[ParamInfo]


class ProcedureHelp(ProcedureInfo):
    """A procedure with its help as ``warroom odds PROCEDURE --help`` gives it."""

    help: str


class RulesetInfo(_Answer):
    """A ruleset, and the base-game tables an umpire may give it (``base-tables``)."""

    id: str
    title: str
    base_tables: list[str]


class ProcedureList(_Answer):
    """The procedures a search found (all of them for no words), and every ruleset."""

    query: str
    count: int
    procedures: list[ProcedureInfo]
    rulesets: list[RulesetInfo]


class ModifierInfo(_Answer):
    """One term added to a roll or to a number of dice, with the rule it comes from."""

    label: str
    value: int
    source: str
    applies_to: str


class ResultOdds(_Answer):
    """One result of a procedure: its probability (a fraction, a percentage, a float, ``n/d`` and as shown) and,
    on a declared severity scale, the chance of that result or worse likewise."""

    result: str
    probability: str
    percent: float
    or_worse: str = ""
    or_worse_percent: float = 0.0
    p: float
    exact: str
    shown: str
    or_worse_p: float = 0.0
    or_worse_exact: str = ""
    or_worse_shown: str = ""


class MonteCarlo(_Answer):
    """Trials played and each result's count, beside the exact odds."""

    trials: int
    counts: dict[str, int]


class ProcedureOdds(_Answer):
    """The exact odds of every result of a procedure (``warroom odds --json``), the modifiers that apply with
    their sources, the steps, the rule; ``worse``: the severity scale, where the procedure declares one."""

    procedure: str
    title: str
    rule: RuleRef
    inputs: dict[str, Any]
    modifiers: list[ModifierInfo]
    steps: list[str]
    results: list[ResultOdds]
    worse: str = ""
    monte_carlo: MonteCarlo | None = None
    rule_text: str
    leaves: int


class DiceThrown(_Answer):
    """Dice thrown (or a card drawn) while a procedure was played, and what they read."""

    label: str
    spec: str
    faces: list[int | str]
    value: Any
    reads: str


class RulingInfo(_Answer):
    """The explained outcome of one played procedure (``warroom roll --json``): the inputs, modifiers, dice and
    steps, the table row, the result, what it leaves for the next turn (``after``), and all of it as text."""

    procedure: str
    title: str
    rule: RuleRef
    inputs: dict[str, Any]
    modifiers: list[ModifierInfo]
    dice: list[DiceThrown]
    steps: list[str]
    row: str
    result: str
    after: dict[str, Any]
    dice_thrown: str | None = Field(None, description="'at the table' when the dice were thrown at the table")
    text: str
    unless: str = ""
    """A choice still open in a game that would change the result (CF-149); absent from a roll of the desk."""


class ResultChance(_Answer):
    """The chance of the result a roll gave, and it in words."""

    result: str
    p: float
    exact: str
    shown: str
    text: str


class Rolled(_Answer):
    """A procedure played once: its ruling, the seed asked for, the base tables read from warroom's stand-ins,
    the chance of the result it gave and the odds of every result."""

    ruling: RulingInfo
    seed: int | None
    stand_ins: list[str]
    odds_of_result: ResultChance
    odds: ProcedureOdds


class ThrowAsked(_Answer):
    """The next throw a procedure played with the dice thrown at the table asks for: what to throw and why, how
    it is read (``dice``: a face of each die, ``sides`` giving each die's faces; ``percentile``: one number from 1
    to 100; ``card``: a card still in the deck, ``cards`` naming them), how many faces it takes and those already
    given toward it."""

    number: int = Field(description="which throw of the procedure this is, from 1")
    label: str
    spec: str
    asking: str
    kind: str = Field(description="dice, percentile or card")
    count: int = Field(description="the faces this throw takes: a die's, one per die of a pool, one number, a card")
    given: list[str]
    sides: list[int]
    cards: list[str]


class Throwing(_Answer):
    """A procedure played with the dice thrown at the table, after the faces given so far: the next throw to ask
    for (with the ruling's steps until it), or the ruling with the odds of its result."""

    faces: list[str]
    steps: list[str] = Field(default_factory=list)
    next: ThrowAsked | None = None
    ruling: RulingInfo | None = None
    stand_ins: list[str] = Field(default_factory=list)
    odds_of_result: ResultChance | None = None


class TrackerInfo(_Answer):
    """A tracker of a desk session: its procedure and parameters, the turns advanced, it in words, the results."""

    procedure: str
    params: dict[str, Any]
    turns: int
    text: str
    history: list[str]


class DeskSession(_Answer):
    """A new desk session's id."""

    id: str


class DeskState(_Answer):
    """A desk session: its trackers by name and the base tables it reads, by ruleset."""

    id: str
    trackers: dict[str, TrackerInfo]
    base_tables: dict[str, str]


class Tracked(_Answer):
    """A tracker kept: its name, its parameters as read, its odds, and the session."""

    ok: bool
    tracker: str
    params: dict[str, Any]
    odds: ProcedureOdds
    trackers: dict[str, TrackerInfo]
    base_tables: dict[str, str]


class Advanced(_Answer):
    """A tracker rolled: the turn, the ruling, the parameters it carries on with, whether it is finished, and
    the session."""

    ok: bool
    tracker: str
    turn: int
    ruling: RulingInfo
    params: dict[str, Any]
    finished: bool
    trackers: dict[str, TrackerInfo]
    base_tables: dict[str, str]


class TrackerSet(_Answer):
    """A tracker's parameters changed, and the session."""

    ok: bool
    tracker: str
    params: dict[str, Any]
    trackers: dict[str, TrackerInfo]
    base_tables: dict[str, str]


class Untracked(_Answer):
    """A tracker forgotten, and the session."""

    ok: bool
    untracked: str
    trackers: dict[str, TrackerInfo]
    base_tables: dict[str, str]


class BaseTablesRead(_Answer):
    """The umpire's base tables read for a ruleset: the tables the file gave, its name, and the session."""

    ok: bool
    ruleset: str
    tables: list[str]
    file: str
    trackers: dict[str, TrackerInfo]
    base_tables: dict[str, str]


# --- the server, the rules and the replays (web/app.py, web/rules.py, web/replay.py) ------------------------


class Health(_Answer):
    """The server is up."""

    ok: bool


class SectionRef(_Answer):
    """A section of a seed: its name and aliases, its anchor and link, whether the text has a heading of that
    name, and (one seed asked for) its text, from its heading to the next section's."""

    name: str
    aliases: list[str]
    slug: str
    url: str
    found: bool
    text: str = ""


class SeedInfo(_Answer):
    """A seed file of the rules: its number, file, title, ruleset, link and sections."""

    seed: str
    file: str
    title: str
    ruleset: str
    url: str
    sections: list[SectionRef]


class RulesIndex(_Answer):
    """Every seed with its sections, and the ids of the rulings: what a page may link to."""

    seeds: list[SeedInfo]
    rulings: list[str]


class RulingText(_Answer):
    """One ruling of docs/rulings.md: the seed section it is under, the question, warroom's reading, its link."""

    id: str
    under: str
    section: str
    question: str
    reading: str
    url: str


class ReplaySummary(_Answer):
    """A replay: the game, its views (each side and ``umpire``), its steps, the result, and each view's log."""

    id: str
    ruleset: str
    scenario: str
    title: str
    version: str
    seed: int
    sides: list[str]
    views: list[str]
    steps: int
    over: bool
    result: Result | None
    logs: dict[str, list[LogEntry]]


class ReplayStep(_Answer):
    """The position after ``step`` actions as ``view`` sees it: who acted, the action's text where the view may
    read it, the narration, who is to act, the result, and the view's observation (the game's own keys)."""

    id: str
    step: int
    steps: int
    view: str
    by: str
    text: str | None
    narration: list[str]
    to_act: str | None
    over: bool
    result: Result | None
    observation: dict[str, Any]
