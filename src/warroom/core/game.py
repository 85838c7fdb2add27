"""The game interface both full games implement, game records and replay.

docs/architecture.md "The game interface": ``game = warroom.load_game(ruleset, scenario)``,
``state = game.initial_state(seed=...)``; a state knows who is to act, its legal
actions, ``apply`` (returning a new state, never changing the old one), whether it
is terminal and its result, what each side may observe, and its JSON form. Actions
are small hashable values with a readable string and a stable integer code.

Randomness lives in the state: each state carries the state of its own seeded
generator, so ``apply`` is a pure function and a game is fully given by
``(ruleset@version, scenario, seed, actions)``: a :class:`GameRecord`.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import tempfile
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError
from typing_extensions import TypedDict  # pydantic reads a TypedDict of typing_extensions on Python 3.11

from warroom.core.errors import UsageError, suggest
from warroom.core.files import decode_text, write_text

RECORD_FORMAT = "warroom-game-record/3"
#: The format of a game played with dice thrown at the table: the third's fields, the sides whose people threw
#: and the faces of each throw they made, action by action (:func:`replay` applies each action with them).
TABLE_RECORD_FORMAT = "warroom-game-record/4"
#: Records of the first format hold no position digests; they still replay, with a notice. Records of the first
#: two formats name their scenario by the path it had where they were made; they still replay (see :func:`replay`).
OLD_RECORD_FORMATS = ("warroom-game-record/1", "warroom-game-record/2")


class Result(TypedDict):
    """A game's outcome (:meth:`GameState.result`), as plain JSON data, the form a record's notes keep: the
    winner (``None`` for a draw, or while the game is still on), the reason in words, and the scores behind it,
    each game's own by side, in this order (the web API's answers state it: :mod:`warroom.web.models`).

    Company Fire (seed 002 "Victory Conditions", readings CF-54 ... CF-56): ``points``, the victory points of each
    side (objectives held and enemy units destroyed), and ``turn``, the turn it ended in. Brigade (seed 004
    "Victory", BR-130): ``objective_points`` held by each side, ``companies`` each side fields and
    ``companies_lost``, and ``period``, the period it ended in.
    """

    winner: str | None
    reason: str
    points: NotRequired[dict[str, int]]
    turn: NotRequired[int]
    companies: NotRequired[dict[str, int]]
    companies_lost: NotRequired[dict[str, int]]
    objective_points: NotRequired[dict[str, int]]
    period: NotRequired[int]


@runtime_checkable
class GameState(Protocol):
    """One position of a game, immutable."""

    @property
    def to_act(self) -> str | None:
        """The side to act, or None when the game is over."""

    def legal_actions(self) -> Sequence[Hashable]:
        """Every action the side to act may take, in a stable order."""

    def apply(self, action: Hashable) -> GameState:
        """The state after ``action``; raises :class:`UsageError` for an illegal one."""

    def odds(self, action: Hashable) -> dict[str, dict[str, Fraction]]:
        """The exact odds of a legal ``action`` before it is taken, as the side to act may know them: for each
        outcome it rolls for (a target, a test, ...; a readable label), the probability of each result, as
        ``Fraction``s summing to 1. Empty for an action that rolls no die; never raises for a legal action (an
        illegal one is a :class:`UsageError`). An outcome whose label begins ``"if "`` is rolled only if another
        decision is made (the enemy's op fire at a move, CF-148), not by the action itself
        (:func:`rolls_by_itself`)."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def result(self) -> Result:
        """The outcome: winner (or None for a draw) and the reason, once terminal; before, no winner, the reason
        that the game is still on, and the scores so far."""

    def observation(self, side: str, *, log: bool = True) -> dict[str, Any]:
        """What ``side`` may know, as plain data: nothing it has not seen. With ``log=False`` the lines of the
        last action (its narration, as the side may read it) are left out, and so not worded: for a reader that
        does not read them, as the learning environments' tensors do not."""

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain data."""

    def narration(self, side: str | None = None) -> list[str]:
        """What the last action did, as ``side`` may read it (``None``: all of it, as the umpire sees it)."""


CONDITIONAL = "if "
"""How the label of an outcome of :meth:`GameState.odds` begins when another decision must come first (the enemy
choosing to take opportunity fire at a move): the action itself does not roll it."""


def rolls_by_itself(odds: dict[str, dict[str, Fraction]]) -> bool:
    """Whether odds of :meth:`GameState.odds` hold a roll the action itself makes (any outcome not
    :data:`CONDITIONAL` on a later decision): what undo and the pages count as an action's own dice."""
    return any(not label.startswith(CONDITIONAL) for label in odds)


@dataclass(frozen=True)
class ActionFacts:
    """What an action is, as data its game declares (:meth:`Game.facts_of`), so that a front end or the play
    session never probes an action's fields: read from the action alone (a side's own legal action), never from
    a state.

    ``unit`` is the unit the action is of (the one acting, calling for fire, or the battery firing), ``target``
    the enemy unit it aims at, ``space`` the grid space it acts on or goes to (a game on a grid) and ``point``
    the point on the table in inches (a game measured in inches), ``route`` the spaces or points it passes
    through on its way there, in order. ``rolls_dice`` is False for an action that never throws a die (its odds,
    ``state.odds(action)``, are empty in every position), True for one that does or may (a move is rolled for
    only where its path crosses such ground); a game that cannot tell leaves it True. ``kind`` is a short stable
    word for what the action does (``move``, ``fire``, ``pivot``, ``end`` ...)."""

    kind: str = ""
    unit: str | None = None
    target: str | None = None
    space: tuple[int, ...] | None = None
    point: tuple[float, float] | None = None
    route: tuple[tuple[float, ...], ...] = ()
    rolls_dice: bool = True


class Game(Protocol):
    """A ruleset bound to a scenario."""

    ruleset: str
    version: str
    scenario_name: str

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in the order the game names them."""

    def initial_state(self, seed: int) -> GameState:
        """The opening position, its generator seeded with ``seed``."""

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        """A state from its JSON form."""

    def encode(self, action: Hashable) -> int:
        """The action's stable integer code."""

    def decode(self, code: int) -> Hashable:
        """The action with that code; raises :class:`UsageError` for an unknown code."""

    def facts_of(self, action: Hashable) -> ActionFacts:
        """What ``action`` is (:class:`ActionFacts`): its unit, target, place, route, and whether it rolls dice."""


GameLoader = Callable[[Path], Game]
_GAMES: dict[str, GameLoader] = {}
_SHIPPED: dict[str, Callable[[], Sequence[Path]]] = {}


def register_game(ruleset: str, loader: GameLoader, scenarios: Callable[[], Sequence[Path]] | None = None) -> None:
    """Declare that ``ruleset`` is a full game, loaded from a scenario file by ``loader``;
    ``scenarios`` lists the scenario files shipped with it."""
    _GAMES[ruleset] = loader
    if scenarios is not None:
        _SHIPPED[ruleset] = scenarios


def shipped_scenarios() -> dict[str, list[Path]]:
    """Every game's shipped scenario files."""
    games()
    return {ruleset: list(found()) for ruleset, found in sorted(_SHIPPED.items())}


def find_scenario(name: str, ruleset: str | None = None) -> tuple[str, Path]:
    """The game and file a scenario name or path means.

    A shipped scenario may be named by its file name or stem (``hedgerow_hell``); a path to a
    file is read by the game ``ruleset`` names, or by the game whose shipped scenarios hold it,
    or else by the first game able to load it. An unknown name is one error listing the names.
    """
    known = games()
    if ruleset is not None and ruleset not in known:
        raise UsageError(f"'{ruleset}' is not a playable game{suggest(ruleset, known)}; games: {', '.join(known)}")
    shipped = shipped_scenarios()
    path = Path(name)
    if path.is_file():
        if ruleset is not None:
            return ruleset, path
        for game, files in shipped.items():
            if any(path.resolve() == f.resolve() for f in files):
                return game, path
        problems = []
        for game in known:
            try:
                _GAMES[game](path)
            except UsageError as exc:
                problems.append(f"{game}: {exc}")
                continue
            return game, path
        raise UsageError(f"scenario {path} is not a scenario of any game ({'; '.join(problems)})")
    names: dict[str, tuple[str, Path]] = {}
    for game, files in shipped.items():
        if ruleset is not None and game != ruleset:
            continue
        for f in files:
            names.setdefault(f.name, (game, f))
            names.setdefault(f.stem, (game, f))
    if name in names:
        return names[name]
    stems = sorted({n for n in names if not n.endswith(".toml")})
    raise UsageError(f"no scenario file or shipped scenario '{name}'{suggest(name, stems)}; shipped: "
                     f"{', '.join(stems) or 'none'}")


def games() -> list[str]:
    """The rulesets that are full games."""
    from warroom.core.registry import rulesets

    rulesets()  # every ruleset registers on import
    return sorted(_GAMES)


def load_game(ruleset: str, scenario: str | Path) -> Game:
    """A game of ``ruleset`` on the scenario file ``scenario``, or on its shipped scenario of that name
    (``load_game("company-fire", "crossroads_patrol")``)."""
    known = games()
    if not isinstance(scenario, str | os.PathLike):
        raise UsageError(f"the scenario is a shipped name or a file path, not {type(scenario).__name__}")
    if not isinstance(ruleset, str) or ruleset not in _GAMES:
        allowed = ", ".join(known) or "none yet"
        raise UsageError(f"'{ruleset}' is not a playable game{suggest(ruleset, known)}; games: {allowed}")
    path = Path(scenario)
    if not path.is_file():
        if isinstance(scenario, str) and path.suffix == "" and len(path.parts) == 1:
            _, path = find_scenario(scenario, ruleset)
        else:
            raise UsageError(f"scenario {path}: no such file")
    return _GAMES[ruleset](path)


def scenario_digest(path: Path) -> str:
    """The scenario file's SHA-256, so a replay can tell the scenario has changed."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: Hex digits kept of each position's digest in a record (64 bits: a chance match is 1 in 1.8e19).
STEP_DIGEST_LENGTH = 16


def state_digest(state: GameState) -> str:
    """The SHA-256 of the whole position (its JSON form, keys sorted): equal positions, equal digests."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chain_digest(previous: str, code: int, state: GameState) -> str:
    """The digest of a game up to an action: the one before it, the action's code and the position it left.

    Chained, so it pins the whole history: an edited, dropped or added action changes this digest and
    every one after it, even where two actions happen to leave the same position.
    """
    return hashlib.sha256(f"{previous}:{code}:{state_digest(state)}".encode()).hexdigest()


def digests_of(states: Sequence[GameState], codes: Sequence[int]) -> tuple[tuple[str, ...], str]:
    """The short chained digest after each action and the full digest of the whole game (``states`` holds
    the opening position and then the position after each of ``codes``)."""
    current = state_digest(states[0])
    steps = []
    for code, state in zip(codes, states[1:], strict=True):
        current = chain_digest(current, code, state)
        steps.append(current[:STEP_DIGEST_LENGTH])
    return tuple(steps), current


#: The largest seed a record holds (numpy's generators take any whole number from 0; a record keeps it to 63 bits).
MAX_SEED = 2**63 - 1

SEED_COMMITMENT = "warroom-seed-commitment/1"


def secret_seed() -> int:
    """A game's seed drawn from the operating system's randomness (63 bits): no one can foresee its dice."""
    return secrets.randbelow(MAX_SEED + 1)


def seed_commitment(ruleset: str, version: str, scenario_sha256: str, seed: int) -> str:
    """The seal on a game's dice: the SHA-256 of its seed and set-up (the ruleset, its version, the scenario's
    SHA-256). The players see it at the start; once the game is over the record shows the seed, and
    ``warroom replay --verify`` checks that the seal was of that seed, so every die can be checked afterwards,
    while during the game the seal tells nothing of the dice to come (a 63-bit seed is not found from it)."""
    text = f"{SEED_COMMITMENT}\n{ruleset}@{version}\n{scenario_sha256}\n{seed}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
#: The most actions a record holds (the longest random games run to about 20,000; ``warroom playout
#: --max-actions`` stops at the same number).
MAX_RECORD_ACTIONS = 100_000
#: The longest scenario text a record embeds, in characters (the shipped scenarios are under 20,000).
MAX_SCENARIO_TEXT = 1_000_000
#: The longest record file read, in bytes.
MAX_RECORD_BYTES = 16 * 1024 * 1024

_Seed = Annotated[StrictInt, Field(ge=0, le=MAX_SEED)]
_Code = Annotated[StrictInt, Field(ge=0)]  # a code no action has is refused by the game
_StepDigest = Annotated[StrictStr, Field(pattern=rf"^[0-9a-f]{{{STEP_DIGEST_LENGTH}}}$")]
_Sha256 = Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{64}$")]
_ScenarioName = Annotated[StrictStr, Field(min_length=1, max_length=4096)]


class _RecordV1(BaseModel):
    """A record of the first format: the scenario by the path it had where the record was made, no digests."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["warroom-game-record/1"]
    ruleset: StrictStr
    version: StrictStr
    scenario: StrictStr
    scenario_sha256: StrictStr
    seed: _Seed
    actions: Annotated[list[_Code], Field(max_length=MAX_RECORD_ACTIONS)]
    notes: dict[str, Any] = Field(default_factory=dict)


class _RecordV2(_RecordV1):
    """The second format adds a chained digest after each action and a full one at the end."""

    format: Literal["warroom-game-record/2"]  # type: ignore[assignment]
    digests: Annotated[list[_StepDigest], Field(max_length=MAX_RECORD_ACTIONS)]
    final_digest: _Sha256


class _RecordV3(_RecordV2):
    """The third format names the scenario by its shipped name (or its file name, never a path), pins it by its
    SHA-256 and, when it is not a shipped one, holds its text."""

    format: Literal["warroom-game-record/3"]  # type: ignore[assignment]
    scenario: _ScenarioName  # warroom writes a name; a folder in it is never opened
    scenario_sha256: _Sha256
    scenario_text: Annotated[StrictStr, Field(max_length=MAX_SCENARIO_TEXT)] | None = None


#: The most faces one throw is written with (a pool of dice), and the longest a face is written.
MAX_THROW_FACES = 200
_Face = Annotated[StrictStr, Field(min_length=1, max_length=12)]
_Throw = Annotated[list[_Face], Field(min_length=1, max_length=MAX_THROW_FACES)]


class _RecordV4(_RecordV3):
    """The fourth format is a game played with dice thrown at the table: ``table_sides``, the sides whose people
    threw, and ``faces``, for each action the faces of each throw made at the table (none for most actions)."""

    format: Literal["warroom-game-record/4"]  # type: ignore[assignment]
    table_sides: Annotated[list[StrictStr], Field(min_length=1, max_length=8)]
    opening_faces: Annotated[list[_Throw], Field(max_length=10_000)] = Field(default_factory=list)
    faces: Annotated[list[Annotated[list[_Throw], Field(max_length=10_000)]], Field(max_length=MAX_RECORD_ACTIONS)]


_MODELS: dict[str, type[_RecordV1]] = {"warroom-game-record/1": _RecordV1, "warroom-game-record/2": _RecordV2,
                                       RECORD_FORMAT: _RecordV3, TABLE_RECORD_FORMAT: _RecordV4}

_ALLOWED = {
    "ruleset": "the game's ruleset, as text",
    "version": "the ruleset's version, as text",
    "scenario": "the scenario's shipped name or its file name (text)",
    "scenario_sha256": "the scenario's SHA-256, 64 hexadecimal digits",
    "scenario_text": f"the scenario file's text, at most {MAX_SCENARIO_TEXT:,} characters",
    "seed": f"a game's seed is a whole number from 0 to 2**63 - 1 ({MAX_SEED})",
    "actions": f"a list of at most {MAX_RECORD_ACTIONS:,} action codes, each a whole number from 0",
    "notes": "an object",
    "digests": f"a list of {STEP_DIGEST_LENGTH}-digit hexadecimal digests, one per action",
    "final_digest": "a 64-digit hexadecimal SHA-256",
    "table_sides": "a list of the sides whose people threw the dice at the table",
    "opening_faces": "the throws made at the table for the opening position (the first card), each a list of faces",
    "faces": "for each action, a list of its throws at the table, each a list of faces written as text (6, QH, 45)",
}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, dict | list) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _record_problem(error: ValidationError, where: str, form: str, model: type[_RecordV1]) -> str:
    """One line for the first thing wrong with a record: the field, what it holds and what is allowed."""
    problems = error.errors()
    first = problems[0]
    loc = first["loc"]
    name = str(loc[0]) if loc else "?"
    item = f" (item {int(loc[1]) + 1})" if len(loc) > 1 and isinstance(loc[1], int) else ""
    more = f" ({len(problems) - 1} more problems)" if len(problems) > 1 else ""
    if first["type"] == "extra_forbidden":
        fields = ", ".join(model.model_fields)
        return f"{where}: unknown field '{name}' in a {form} record (its fields: {fields}){more}"
    if first["type"] == "missing":
        return f"{where}: field '{name}' is missing: {_ALLOWED.get(name, 'it is required')}{more}"
    return f"{where}: field '{name}'{item} is {_shown(first.get('input'))}: {_ALLOWED.get(name, first['msg'])}{more}"


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to reproduce a game exactly, and digests to prove a replay is the same game.

    ``scenario`` is the shipped scenario's name (``crossroads_patrol``), found by that name on any install, or,
    for a scenario warroom does not ship, its file name, with the file's text in ``scenario_text``: a record
    holds no path, so it replays wherever it is sent. ``scenario_sha256`` pins the scenario's contents.
    ``digests`` holds, for each action, the short chained digest of the game up to it (:func:`chain_digest`),
    and ``final_digest`` the full one after the last: a replay names the first action whose position differs.
    Records of the first format have neither (``None``); records of the first two name the scenario by the path
    it had where they were made.
    """

    ruleset: str
    version: str
    scenario: str
    scenario_sha256: str
    seed: int
    actions: tuple[int, ...]
    notes: dict[str, Any] = field(default_factory=dict)
    digests: tuple[str, ...] | None = None
    final_digest: str | None = None
    format: str = RECORD_FORMAT
    scenario_text: str | None = None
    table_sides: tuple[str, ...] | None = None
    """The sides whose people threw the dice at the table (a record of the fourth format), else None."""
    faces: tuple[tuple[tuple[str, ...], ...], ...] | None = None
    """With ``table_sides``: for each action, the faces of each throw made at the table, as written down."""
    opening_faces: tuple[tuple[str, ...], ...] = ()
    """With ``table_sides``: the throws made at the table for the opening position (a first card drawn)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": self.format,
            "ruleset": self.ruleset,
            "version": self.version,
            "scenario": self.scenario,
            "scenario_sha256": self.scenario_sha256,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.digests is not None:
            data["digests"] = list(self.digests)
            data["final_digest"] = self.final_digest
        if self.scenario_text is not None:
            data["scenario_text"] = self.scenario_text
        if self.table_sides is not None:
            data["format"] = TABLE_RECORD_FORMAT
            data["table_sides"] = list(self.table_sides)
            data["opening_faces"] = [list(throw) for throw in self.opening_faces]
            data["faces"] = [[list(throw) for throw in throws] for throws in (self.faces or ())]
        data["notes"] = self.notes
        return data

    @staticmethod
    def from_json(data: Any, where: str = "game record") -> GameRecord:
        """Read a record (checked by a pydantic model of its format); anything malformed is one clear
        :class:`UsageError` naming the field, what it holds and what is allowed."""
        if not isinstance(data, dict):
            raise UsageError(f"{where}: not a game record (expected a JSON object)")
        form = data.get("format")
        model = _MODELS.get(form) if isinstance(form, str) else None
        if model is None:
            raise UsageError(f"{where}: format is {form!r:.60}, expected {RECORD_FORMAT!r} (or an older "
                             f"{' or '.join(repr(f) for f in OLD_RECORD_FORMATS)})")
        try:
            checked = model.model_validate(data)
        except ValidationError as exc:
            raise UsageError(_record_problem(exc, where, str(form), model)) from None
        except RecursionError:
            raise UsageError(f"{where}: the record is nested too deeply to be a game record") from None
        digests, final, text = None, None, None
        if isinstance(checked, _RecordV2):
            if len(checked.digests) != len(checked.actions):
                raise UsageError(f"{where}: {len(checked.actions)} actions but {len(checked.digests)} digests (one "
                                 f"per action); the record has been cut or extended")
            digests, final = tuple(checked.digests), checked.final_digest
        if isinstance(checked, _RecordV3):
            text = checked.scenario_text
            if text is not None and _text_digest(text) != checked.scenario_sha256:
                raise UsageError(f"{where}: the scenario text it holds (sha256 {_text_digest(text)}) is not the "
                                 f"scenario it was played on (sha256 {checked.scenario_sha256}): it has been edited")
        sides, faces = None, None
        opening: tuple[tuple[str, ...], ...] = ()
        if isinstance(checked, _RecordV4):
            opening = tuple(tuple(throw) for throw in checked.opening_faces)
            if len(checked.faces) != len(checked.actions):
                raise UsageError(f"{where}: {len(checked.actions)} actions but faces for {len(checked.faces)} (a list "
                                 f"per action, empty for one that threw nothing at the table)")
            sides = tuple(checked.table_sides)
            faces = tuple(tuple(tuple(throw) for throw in throws) for throws in checked.faces)
        return GameRecord(checked.ruleset, checked.version, checked.scenario, checked.scenario_sha256, checked.seed,
                          tuple(checked.actions), dict(checked.notes), digests, final, checked.format, text, sides,
                          faces, opening)

    @staticmethod
    def from_bytes(raw: bytes, where: str = "game record") -> GameRecord:
        """A record from a file's bytes: UTF-8 JSON of a record, else one clear :class:`UsageError`."""
        text = decode_text(raw, where, "a game record", MAX_RECORD_BYTES)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        except RecursionError:
            raise UsageError(f"{where}: not a game record (its JSON is nested too deeply)") from None
        except ValueError as exc:  # a number of more digits than Python reads
            raise UsageError(f"{where}: not a game record ({exc})") from None
        return GameRecord.from_json(data, where)

    def save(self, path: Path) -> Path:
        """Write the record whole or not at all (:func:`warroom.core.files.write_text`): a crash, a full disk or a
        read-only folder never leaves a broken or half-old file, and is one :class:`UsageError` naming the path."""
        return write_text(path, json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", "game record")

    @staticmethod
    def load(path: Path) -> GameRecord:
        if not isinstance(path, str | os.PathLike):
            raise UsageError(f"a game record is loaded from a file path, not {type(path).__name__}")
        path = Path(path)
        try:
            with path.open("rb") as handle:
                raw = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise UsageError(f"cannot read game record {path}: {exc.strerror}") from None
        return GameRecord.from_bytes(raw, str(path))


def _text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _shipped_name(ruleset: str, path: Path) -> str | None:
    """The name ``path`` is shipped under by ``ruleset`` (its stem), or None when it is not a shipped file."""
    resolved = path.resolve()
    for f in shipped_scenarios().get(ruleset, ()):
        if f.resolve() == resolved:
            return f.stem
    return None


def record_of(game: Game, seed: int, actions: Sequence[Hashable], scenario: Path,
              states: Sequence[GameState] | None = None,
              table: tuple[Sequence[str], Sequence[Sequence[Sequence[str]]]] | None = None,
              opening: Sequence[Sequence[str]] = ()) -> GameRecord:
    """The record of a game played from ``seed`` with ``actions``, with its digests.

    A shipped scenario is recorded by its name; any other by its file name and its text, so the record replays
    on any install (never a path). ``states`` (the opening position and the one after each action) saves
    playing the game again. ``table``, for a game played with dice thrown at the table: the sides whose people
    threw and, for each action, the faces of each throw they made (:func:`apply_at_table`); ``opening``, the
    throws of the opening position (:func:`initial_at_table`).
    """
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"seed {seed}: a game's seed is a whole number from 0 to 2**63 - 1 ({MAX_SEED})")
    codes = tuple(game.encode(a) for a in actions)
    if table is not None and len(table[1]) != len(codes):
        raise UsageError(f"{len(codes)} actions need the faces thrown at the table for each, not {len(table[1])}")
    if states is None:
        states = [game.initial_state(seed) if table is None else initial_at_table(game, seed, table[0], opening)]
        for n, action in enumerate(actions):
            states.append(states[-1].apply(action) if table is None else
                          apply_at_table(states[-1], action, table[0], table[1][n]))
    if len(states) != len(codes) + 1:
        raise UsageError(f"{len(codes)} actions need {len(codes) + 1} states (the opening and one per action), "
                         f"not {len(states)}")
    digests, final = digests_of(states, codes)
    scenario = Path(scenario)
    raw = scenario.read_bytes()
    name = _shipped_name(game.ruleset, scenario)
    text = None
    if name is None:
        name = scenario.name
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError(f"scenario {scenario} is not UTF-8 text, so a record cannot hold it") from None
        if len(text) > MAX_SCENARIO_TEXT:
            raise UsageError(f"scenario {scenario} is {len(text):,} characters; a record holds a scenario of at "
                             f"most {MAX_SCENARIO_TEXT:,}")
    sides, faces = (None, None) if table is None else (
        tuple(table[0]), tuple(tuple(tuple(str(f) for f in throw) for throw in throws) for throws in table[1]))
    return GameRecord(game.ruleset, game.version, name, hashlib.sha256(raw).hexdigest(), seed, codes,
                      digests=digests, final_digest=final, scenario_text=text, table_sides=sides, faces=faces,
                      format=RECORD_FORMAT if sides is None else TABLE_RECORD_FORMAT,
                      opening_faces=tuple(tuple(str(f) for f in throw) for throw in opening))


def initial_at_table(game: Game, seed: int, sides: Sequence[str], faces: Sequence[Sequence[str]]) -> GameState:
    """The opening position with the dice ``sides``' people may see thrown at the table (a first card drawn):
    ``faces`` as :func:`apply_at_table` takes them."""
    from warroom.core.rolled import dice_at_table

    with dice_at_table(sides, faces) as table:
        state = game.initial_state(seed)
    if table.used < len(faces):
        raise UsageError(f"the opening threw {table.used} {'time' if table.used == 1 else 'times'} at the table; the "
                         f"faces left over are not needed: {'; '.join(','.join(t) for t in faces[table.used:])}")
    return state


def apply_at_table(state: GameState, action: Hashable, sides: Sequence[str], faces: Sequence[Sequence[str]]) -> \
        GameState:
    """The state after ``action`` with the dice ``sides``' people may see thrown at the table: ``faces``, the faces
    of each throw in the order the action makes them (:func:`warroom.core.rolled.dice_at_table`). A throw past
    them raises :class:`~warroom.core.rolled.ThrowNeeded` (what to throw next); faces left over, or faces that
    are not the throw's, are one :class:`UsageError`; either way ``state`` is as it was."""
    from warroom.core.rolled import dice_at_table  # the rolled dice sit above the game interface

    with dice_at_table(sides, faces) as table:
        after = state.apply(action)
    if table.used < len(faces):
        left = "; ".join(",".join(throw) for throw in faces[table.used:])
        raise UsageError(f"'{action}' threw {table.used} {'time' if table.used == 1 else 'times'} at the table; "
                         f"the faces left over are not needed: {left}")
    return after


class ReplayDiffers(UsageError):
    """The replay left a position other than the record's: the record was edited or made under other rules.

    ``action`` is the number (from 1) of the first action whose position differs, or ``None`` when
    every recorded action agrees and only the end of the game differs.
    """

    def __init__(self, message: str, action: int | None) -> None:
        super().__init__(message)
        self.action = action


def _changed(name: str, found: str, record: GameRecord) -> UsageError:
    return UsageError(f"scenario {name} is not the one the record was made with (its contents differ: this one has "
                      f"sha256 {found}, the record's has sha256 {record.scenario_sha256})")


def record_game(record: GameRecord, scenario: Path | None = None) -> Game:
    """The game a record was played in, its scenario checked against the record's SHA-256.

    The scenario is, in this order: the file ``scenario`` when one is given; the text the record holds; the
    shipped scenario of the record's ruleset with the record's SHA-256 (whatever it was called, wherever warroom
    was installed); for a record of an older format, the file at the path it names. A shipped scenario of the
    record's name whose contents changed is refused naming both SHA-256s.
    """
    if scenario is not None:
        path = Path(scenario)
        game = load_game(record.ruleset, path)
        found = scenario_digest(path)
        if found != record.scenario_sha256:
            raise _changed(str(path), found, record)
        return game
    if record.scenario_text is not None:
        with tempfile.TemporaryDirectory(prefix="warroom-record-") as folder:
            name = Path(record.scenario).name
            path = Path(folder) / (name if name not in ("", ".", "..") else "scenario.toml")
            path.write_bytes(record.scenario_text.encode("utf-8"))
            held = f"the scenario {path.name} the record holds"
            try:
                return load_game(record.ruleset, path)
            except UsageError as exc:  # named as the user knows it, not by the temporary folder
                raise UsageError(str(exc).replace(str(path), held)) from None
            except RecursionError:
                raise UsageError(f"{held} is nested too deeply to be a scenario") from None
    known = games()
    if record.ruleset not in known:
        raise UsageError(f"the record is of '{record.ruleset}', which is not a playable game"
                         f"{suggest(record.ruleset, known)}; games: {', '.join(known)}")
    shipped = {f.stem: f for f in shipped_scenarios().get(record.ruleset, ())}
    for f in shipped.values():
        if scenario_digest(f) == record.scenario_sha256:
            return load_game(record.ruleset, f)
    named = Path(record.scenario.replace("\\", "/"))
    if record.format in OLD_RECORD_FORMATS and named.is_absolute() and named.is_file():
        found = scenario_digest(named)
        if found != record.scenario_sha256:
            raise _changed(str(named), found, record)
        return load_game(record.ruleset, named)
    if named.stem in shipped:
        raise _changed(f"'{named.stem}' of this warroom", scenario_digest(shipped[named.stem]), record)
    names = ", ".join(sorted(shipped)) or "none"
    raise UsageError(f"the record's scenario '{record.scenario}' is not shipped with this warroom and the record "
                     f"does not hold its text: give its file with --scenario FILE ({record.ruleset} ships {names})")


def replay(record: GameRecord, scenario: Path | None = None) -> list[GameState]:
    """Every state of the recorded game, from the opening position to the last.

    The scenario is found by :func:`record_game` (``scenario``, when given, is used instead); its digest and
    the ruleset's version must match the record's, and every position the record has a digest for must
    match it, so a replay is the same game or an error (:class:`ReplayDiffers` names the first action
    whose position differs). A record of the first format has no digests: only its legality is checked.
    """
    if not isinstance(record, GameRecord):
        raise UsageError(f"replay takes a GameRecord (GameRecord.load(path)), not {type(record).__name__}")
    return replay_game(record, scenario)[1]


def _replayed_at_table(record: GameRecord, index: int, state: GameState, action: Hashable) -> GameState:
    """Action ``index`` of a record of a game played with dice thrown at the table, with the faces it keeps."""
    from warroom.core.rolled import ThrowNeeded

    assert record.table_sides is not None and record.faces is not None
    try:
        return apply_at_table(state, action, record.table_sides, record.faces[index])
    except ThrowNeeded as need:
        raise UsageError(f"action {index + 1} of the record ({action}) threw more at the table than the record "
                         f"keeps: next, {need.asking}") from None
    except UsageError as exc:
        raise UsageError(f"action {index + 1} of the record ({action}): {exc}") from None


def replay_game(record: GameRecord, scenario: Path | None = None) -> tuple[Game, list[GameState]]:
    """The game of ``record`` (:func:`record_game`) and every state of it, checked as :func:`replay` says."""
    game = record_game(record, scenario)
    if game.version != record.version:
        raise UsageError(f"the record was made with {record.ruleset}@{record.version}; this is "
                         f"{record.ruleset}@{game.version}, whose rules differ")
    if record.table_sides is None:
        states = [game.initial_state(record.seed)]
    else:
        from warroom.core.rolled import ThrowNeeded

        try:
            states = [initial_at_table(game, record.seed, record.table_sides, record.opening_faces)]
        except ThrowNeeded as need:
            raise UsageError(f"the record's opening threw more at the table than it keeps: next, {need.asking}") \
                from None
    current = state_digest(states[0])
    for index, code in enumerate(record.actions):
        state = states[-1]
        action = game.decode(code)
        if action not in state.legal_actions():
            raise UsageError(f"action {index + 1} of the record ({action}, code {code}) is not legal there")
        if record.table_sides is None:
            states.append(state.apply(action))
        else:
            states.append(_replayed_at_table(record, index, state, action))
        if record.digests is not None:
            current = chain_digest(current, code, states[-1])
            if current[:STEP_DIGEST_LENGTH] != record.digests[index]:
                agreed = f"it agrees with the record up to action {index}" if index else "no action agrees"
                raise ReplayDiffers(
                    f"the replay differs from the recorded game at action {index + 1} ({action}): the position "
                    f"it leaves is not the recorded one ({agreed}); the record has been edited or was made "
                    f"under other rules", index + 1)
    if record.digests is not None and current != record.final_digest:
        raise ReplayDiffers("every recorded action agrees, but the record's game does not end here: actions were "
                            "cut from its end, or its final digest was edited", None)
    return game, states
