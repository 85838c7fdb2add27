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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from warroom.core.errors import UsageError, suggest
from warroom.core.files import read_text, write_text

RECORD_FORMAT = "warroom-game-record/2"
#: Records of the first format hold no position digests; they still replay, with a notice.
OLD_RECORD_FORMATS = ("warroom-game-record/1",)


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
        illegal one is a :class:`UsageError`)."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def result(self) -> dict[str, Any]:
        """The outcome: winner (or None for a draw) and the reason, once terminal."""

    def observation(self, side: str) -> dict[str, Any]:
        """What ``side`` may know, as plain data: nothing it has not seen."""

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain data."""

    def narration(self, side: str | None = None) -> list[str]:
        """What the last action did, as ``side`` may read it (``None``: all of it, as the umpire sees it)."""


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


MAX_ACTIONS = 100_000
"""The most actions a game record holds: the longest random games run to about 20,000."""


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to reproduce a game exactly, and digests to prove a replay is the same game.

    ``digests`` holds, for each action, the short chained digest of the game up to it
    (:func:`chain_digest`), and ``final_digest`` the full one after the last: a replay names the first
    action whose position differs. Records of the first format have neither (``None``).
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
        data["notes"] = self.notes
        return data

    @staticmethod
    def from_json(data: Any, where: str = "game record") -> GameRecord:
        """Read a record; anything malformed is one clear error naming the field."""
        if not isinstance(data, dict):
            raise UsageError(f"{where}: not a game record (expected a JSON object)")
        form = data.get("format")
        if form != RECORD_FORMAT and form not in OLD_RECORD_FORMATS:
            raise UsageError(f"{where}: format is {form!r}, expected {RECORD_FORMAT!r}")
        fields: dict[str, type] = {"ruleset": str, "version": str, "scenario": str, "scenario_sha256": str,
                                   "seed": int, "actions": list}
        for name, kind in fields.items():
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise UsageError(f"{where}: field '{name}' must be a {kind.__name__}")
        if data["seed"] < 0:
            raise UsageError(f"{where}: field 'seed' is {data['seed']}: a game's seed is a whole number from 0")
        actions = data["actions"]
        if not all(isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in actions):
            raise UsageError(f"{where}: field 'actions' must list whole numbers (action codes)")
        notes = data.get("notes", {})
        if not isinstance(notes, dict):
            raise UsageError(f"{where}: field 'notes' must be an object")
        digests, final = None, None
        if form == RECORD_FORMAT:
            digests, final = data.get("digests"), data.get("final_digest")
            if not isinstance(digests, list) or not all(isinstance(d, str) and _is_hex(d, STEP_DIGEST_LENGTH)
                                                        for d in digests):
                raise UsageError(f"{where}: field 'digests' must list {STEP_DIGEST_LENGTH}-digit hexadecimal "
                                 f"digests, one per action")
            if len(digests) != len(actions):
                raise UsageError(f"{where}: {len(actions)} actions but {len(digests)} digests (one per action); "
                                 f"the record has been cut or extended")
            if not isinstance(final, str) or not _is_hex(final, 64):
                raise UsageError(f"{where}: field 'final_digest' must be a 64-digit hexadecimal SHA-256")
            digests = tuple(digests)
        return GameRecord(data["ruleset"], data["version"], data["scenario"], data["scenario_sha256"], data["seed"],
                          tuple(actions), notes, digests, final, form)

    def save(self, path: Path) -> Path:
        """Write the record whole or not at all (:func:`warroom.core.files.write_text`): a crash, a full disk or a
        read-only folder never leaves a broken or half-old file, and is one :class:`UsageError` naming the path."""
        return write_text(path, json.dumps(self.to_json(), indent=1) + "\n", "game record")

    @staticmethod
    def load(path: Path) -> GameRecord:
        if not isinstance(path, str | os.PathLike):
            raise UsageError(f"a game record is loaded from a file path, not {type(path).__name__}")
        path = Path(path)
        text = read_text(path, "game record")  # UTF-8, at most MAX_INPUT_BYTES
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        except RecursionError:
            raise UsageError(f"{path}: not a game record: its JSON is nested too deep") from None
        if isinstance(data, dict) and isinstance(data.get("actions"), list) and len(data["actions"]) > MAX_ACTIONS:
            raise UsageError(f"{path}: {len(data['actions']):,} actions; a game record holds at most {MAX_ACTIONS:,}")
        return GameRecord.from_json(data, str(path))


def _is_hex(text: str, length: int) -> bool:
    return len(text) == length and all(c in "0123456789abcdef" for c in text)


def record_of(game: Game, seed: int, actions: Sequence[Hashable], scenario: Path,
              states: Sequence[GameState] | None = None) -> GameRecord:
    """The record of a game played from ``seed`` with ``actions``, with its digests.

    ``states`` (the opening position and the one after each action) saves playing the game again.
    """
    codes = tuple(game.encode(a) for a in actions)
    if states is None:
        states = [game.initial_state(seed)]
        for action in actions:
            states.append(states[-1].apply(action))
    if len(states) != len(codes) + 1:
        raise UsageError(f"{len(codes)} actions need {len(codes) + 1} states (the opening and one per action), "
                         f"not {len(states)}")
    digests, final = digests_of(states, codes)
    return GameRecord(game.ruleset, game.version, str(scenario), scenario_digest(scenario), seed, codes,
                      digests=digests, final_digest=final)


class ReplayDiffers(UsageError):
    """The replay left a position other than the record's: the record was edited or made under other rules.

    ``action`` is the number (from 1) of the first action whose position differs, or ``None`` when
    every recorded action agrees and only the end of the game differs.
    """

    def __init__(self, message: str, action: int | None) -> None:
        super().__init__(message)
        self.action = action


def replay(record: GameRecord, scenario: Path | None = None) -> list[GameState]:
    """Every state of the recorded game, from the opening position to the last.

    The scenario is the record's own path unless another is given; its digest and the
    ruleset's version must match the record's, and every position the record has a digest for must
    match it, so a replay is the same game or an error (:class:`ReplayDiffers` names the first action
    whose position differs). A record of the first format has no digests: only its legality is checked.
    """
    if not isinstance(record, GameRecord):
        raise UsageError(f"replay takes a GameRecord (GameRecord.load(path)), not {type(record).__name__}")
    path = Path(scenario) if scenario is not None else Path(record.scenario)
    game = load_game(record.ruleset, path)
    if game.version != record.version:
        raise UsageError(f"the record was made with {record.ruleset}@{record.version}; this is "
                         f"{record.ruleset}@{game.version}, whose rules differ")
    if scenario_digest(path) != record.scenario_sha256:
        raise UsageError(f"scenario {path} is not the one the record was made with (its contents differ)")
    states = [game.initial_state(record.seed)]
    current = state_digest(states[0])
    for index, code in enumerate(record.actions):
        state = states[-1]
        action = game.decode(code)
        if action not in state.legal_actions():
            raise UsageError(f"action {index + 1} of the record ({action}, code {code}) is not legal there")
        states.append(state.apply(action))
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
    return states
