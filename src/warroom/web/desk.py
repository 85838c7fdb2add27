"""The umpire's desk in the browser, its JSON API (issue 22): every procedure of every ruleset, its exact odds, a
roll with its ruling, and a page session holding the CLI desk's trackers and the umpire's own base tables.

Everything is the CLI's own code, never a copy: parameters are read from ``key=value`` words by
:func:`~warroom.present.procedures.parse_pairs` and checked by the procedure's typed parameters, so a bad value gets
the message ``warroom odds`` gives (400, ``{"detail": ...}``); odds are :func:`warroom.core.api.odds` (as
``warroom odds --json``), a roll :func:`warroom.core.api.roll` (as ``warroom roll --json --seed S``); a session is an
:class:`warroom.umpire.desk.Desk` driven by the desk's own command lines (``track``, ``advance``, ``set``,
``untrack``, ``base-tables``). A ruling read from a stand-in base table says so in its steps, as at the terminal.

Where a procedure declares its result rows a severity scale of its seed (``ProcedureSpec.worse``), each result
also has the chance of that result or worse ("pinned or worse 55.6%"), as ``warroom odds --json`` gives it; where
it declares none, the desk shows none rather than invent an order.
"""

from __future__ import annotations

import re
import secrets
import shlex
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from warroom.core import api
from warroom.core.base_tables import base_tables_of, recording_stand_ins, using_base_tables
from warroom.core.errors import UsageError, WarroomError
from warroom.core.files import write_text
from warroom.core.params import Param
from warroom.core.registry import ProcedureSpec, get_procedure, get_ruleset, procedures, rulesets
from warroom.core.ruling import Odds, percent, show_value
from warroom.present.odds import odds_of_result
from warroom.present.procedures import parse_pairs, procedure_help
from warroom.umpire.desk import Desk, Reply
from warroom.web import models as m
from warroom.web.errors import NotFound, Refused

SESSIONS = 256
"""Desk sessions kept in memory; past that the one used longest ago is forgotten."""

TRACKERS = 64
"""Trackers one session may keep."""

Value = str | int | bool
Params = Annotated[dict[Annotated[str, Field(max_length=64)], Value],
                   Field(default_factory=dict, max_length=32,
                         description="the procedure's parameters, key: value as typed after key= on the command line")]

router = APIRouter(tags=["desk"])

EXACT: dict[str, Any] = {"response_model_exclude_unset": True, "responses": m.DESK_REFUSALS}
"""An answer's keys as the desk wrote them (one it leaves out is not sent as ``null``), and its refusals
(:mod:`warroom.web.models`)."""


# --- the procedures ---------------------------------------------------------------------
def _param(p: Param) -> dict[str, Any]:
    return {"name": p.name, "kind": p.kind, "help": p.help, "required": p.required,
            "default": None if p.required else p.default_text(), "min": p.minimum, "max": p.maximum,
            "choices": list(p.choices), "min_items": p.min_items, "max_items": p.max_items,
            "allowed": p.allowed(), "why": p.why, "label": p.title()}


def _describe(spec: ProcedureSpec) -> dict[str, Any]:
    return {"id": spec.id, "ruleset": spec.ruleset, "ruleset_title": get_ruleset(spec.ruleset).title,
            "name": spec.name, "title": spec.title, "summary": spec.summary, "section": spec.rule.sections[0],
            "rule": spec.rule.to_dict(), "rule_text": str(spec.rule),
            "params": [_param(p) for p in spec.params]}


def _words(text: str) -> str:
    """Text as the search reads it: lower case, ``-`` and ``_`` as spaces (``pill_box`` is "pill box")."""
    return " ".join(re.sub(r"[-_/]", " ", text.lower()).split())


_READ: dict[str, tuple[str, str, str]] = {}


def _haystacks(spec: ProcedureSpec) -> tuple[str, str, str]:
    """What a search reads of a procedure, strongest first: its name, its title and seed sections, the words of
    its rule (summary, docstring, readings) and of its parameters (names, help, choices); worked out once."""
    found = _READ.get(spec.id)
    if found is None:
        found = _READ[spec.id] = _read(spec)
    return found


def _read(spec: ProcedureSpec) -> tuple[str, str, str]:
    name = _words(spec.id)
    heading = _words(" ".join((spec.title, *spec.rule.sections)))
    rest = [spec.summary, spec.run.__doc__ or "", " ".join(spec.rule.readings)]
    for p in spec.params:
        rest += [p.name, p.help, " ".join(p.choices)]
    return name, heading, _words(" ".join(rest))


def search(query: str) -> list[ProcedureSpec]:
    """The procedures every word of ``query`` is found in (name, seed section, title, the words of the rule and
    its parameters), those found by name or section first; all of them, in the registry's order, for no words."""
    words = _words(query).split()
    found: list[tuple[int, int, ProcedureSpec]] = []
    for order, spec in enumerate(procedures()):
        name, heading, rest = _haystacks(spec)
        if all(w in name or w in heading or w in rest for w in words):
            phrase = " ".join(words)
            score = 0 if phrase in name else 1 if phrase in heading else 2
            found.append((score if words else 0, order, spec))
    return [spec for _, _, spec in sorted(found, key=lambda t: (t[0], t[1]))]


@router.get("/api/procedures", response_model=m.ProcedureList, **EXACT)
def list_procedures(q: Annotated[str, Query(max_length=200, description="words to search for")] = ""
                    ) -> dict[str, Any]:
    """Every procedure of every ruleset (or those a search finds): ruleset, name, title, the rule it applies, its
    parameters (kind, choices, range, default, help)."""
    found = search(q)
    return {"query": q, "count": len(found), "procedures": [_describe(s) for s in found],
            "rulesets": [{"id": r.id, "title": r.title, "base_tables": sorted(base_tables_of(r.id))}
                         for r in rulesets()]}


def _spec(ruleset: str, procedure: str) -> ProcedureSpec:
    get_ruleset(ruleset)
    return get_procedure(f"{ruleset}/{procedure}")


@router.get("/api/procedures/{ruleset}/{procedure}", response_model=m.ProcedureHelp, **EXACT)
def one_procedure(ruleset: str, procedure: str) -> dict[str, Any]:
    """One procedure, with its help text as ``warroom odds PROCEDURE --help`` prints it."""
    spec = _spec(ruleset, procedure)
    return {**_describe(spec), "help": procedure_help(spec)}


# --- sessions ---------------------------------------------------------------------------
class Session:
    """One page's desk: the CLI's :class:`Desk` (dice, trackers, base tables) and the folder its uploaded base
    tables are kept in. One request at a time."""

    def __init__(self, folder: Path) -> None:
        self.desk = Desk()
        self.folder = folder
        self.lock = threading.Lock()
        self.uploads = 0

    def run(self, *words: str) -> dict[str, Any]:
        """One desk command; its error is the desk's own message (400), its file paths shown by name only."""
        reply: Reply = self.desk.execute(shlex.join(words))
        if not reply.data.get("ok"):
            raise Refused(self.scrub(str(reply.data.get("error", reply.text))))
        return reply.data

    def scrub(self, text: str) -> str:
        """``text`` without the server's folder: an uploaded file is named as the umpire named it."""
        return re.sub(re.escape(str(self.folder)) + r"/\d+/", "", text)

    @contextmanager
    def tables(self, spec: ProcedureSpec) -> Iterator[None]:
        with using_base_tables(spec.ruleset, self.desk.base_tables.get(spec.ruleset)):
            yield


class Sessions:
    """The desk sessions, in memory, the ``SESSIONS`` used last kept."""

    def __init__(self, kept: int = SESSIONS) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._root = tempfile.TemporaryDirectory(prefix="warroom-desk-")

    def new(self) -> str:
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._sessions[key] = Session(Path(self._root.name) / key)
            while len(self._sessions) > self.kept:
                _, gone = self._sessions.popitem(last=False)
                shutil.rmtree(gone.folder, ignore_errors=True)
        return key

    def get(self, key: str) -> Session:
        with self._lock:
            session = self._sessions.get(key)
            if session is None:
                raise NotFound(f"no desk session '{key[:40]}': start one with POST /api/desk/sessions (sessions are "
                               f"kept in memory, the {self.kept} used last, until the server stops)")
            self._sessions.move_to_end(key)
            return session


_MADE = threading.Lock()


def _sessions(request: Request) -> Sessions:
    state = request.app.state
    with _MADE:
        if getattr(state, "desk_sessions", None) is None:
            state.desk_sessions = Sessions()
        found: Sessions = state.desk_sessions
        return found


@contextmanager
def _open(request: Request, key: str) -> Iterator[Session]:
    """The session ``key``, held for this request (404 for an unknown one)."""
    session = _sessions(request).get(key)
    with session.lock:
        yield session


@contextmanager
def _session(request: Request, key: str | None) -> Iterator[Session | None]:
    if key is None:
        yield None
        return
    with _open(request, key) as session:
        yield session


# --- odds and rolls ---------------------------------------------------------------------
class OddsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    params: Params
    session: str | None = Field(None, max_length=64,
                                description="a desk session: its base tables are read in place of the stand-ins")


class RollRequest(OddsRequest):
    seed: int | None = Field(None, ge=0, le=2**63 - 1,
                             description="the dice's seed, as warroom roll --seed; none: fresh dice (the session's)")


def _pairs(params: dict[str, Value]) -> list[str]:
    return [f"{key}={show_value(value)}" for key, value in params.items()]


def _read_params(spec: ProcedureSpec, params: dict[str, Value]) -> dict[str, str]:
    """The parameters read as ``warroom odds`` reads its words: the same checks, the same messages."""
    return parse_pairs(spec, _pairs(params))


def _exact(p: Fraction) -> dict[str, Any]:
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}", "shown": percent(p)}


def odds_reply(odds: Odds, session: Session | None = None) -> dict[str, Any]:
    """``warroom odds --json`` (``Odds.to_dict``), each result with its probability as a float and as ``n/d``
    (and, for rows of a declared severity scale, its chance of that result or worse likewise); a session's
    uploaded file named as the umpire named it."""
    out = odds.to_dict()
    if session is not None:
        out["steps"] = [session.scrub(s) for s in out["steps"]]
    out["results"] = [{**row, **_exact(p)} for row, (_, p) in zip(out["results"], odds.distribution, strict=True)]
    cumulative = odds.or_worse()
    if cumulative is not None:
        for row, c in zip(out["results"], cumulative, strict=True):
            exact = _exact(c)
            row.update(or_worse_p=exact["p"], or_worse_exact=exact["exact"], or_worse_shown=exact["shown"])
    out["rule_text"] = str(odds.rule)
    out["leaves"] = odds.leaves
    return out


def _refused(exc: WarroomError, session: Session | None) -> Refused:
    text = str(exc)
    return Refused(session.scrub(text) if session is not None else text)


@router.post("/api/odds/{ruleset}/{procedure}", response_model=m.ProcedureOdds, **EXACT)
def odds(ruleset: str, procedure: str, body: OddsRequest, request: Request) -> dict[str, Any]:
    """The exact odds of every result (``warroom odds --json``): each result's probability as a float and an exact
    fraction, the modifiers that apply with their sources, the steps, the rule."""
    spec = _spec(ruleset, procedure)
    values = _read_params(spec, body.params)
    with _session(request, body.session) as session:
        try:
            with session.tables(spec) if session is not None else using_base_tables(spec.ruleset, None):
                return odds_reply(api.odds(spec.id, values), session)
        except WarroomError as exc:
            raise _refused(exc, session) from None


@router.post("/api/roll/{ruleset}/{procedure}", response_model=m.Rolled, **EXACT)
def roll(ruleset: str, procedure: str, body: RollRequest, request: Request) -> dict[str, Any]:
    """Play the procedure once: the ruling as ``warroom roll --json`` gives it (with ``seed``, the same ruling as
    ``warroom roll --seed``), the base tables it read from warroom's stand-ins, and the odds of its result."""
    spec = _spec(ruleset, procedure)
    values = _read_params(spec, body.params)
    with _session(request, body.session) as session:
        try:
            with session.tables(spec) if session is not None else using_base_tables(spec.ruleset, None):
                with recording_stand_ins() as stand_ins:
                    rng = session.desk.rng if session is not None and body.seed is None else None
                    ruling = api.roll(spec.id, values, seed=body.seed, rng=rng)
                exact = api.odds(spec.id, values)
        except WarroomError as exc:
            raise _refused(exc, session) from None
    out = ruling.to_dict()
    if session is not None:
        out["steps"] = [session.scrub(s) for s in out["steps"]]
        out["text"] = session.scrub(out["text"])
    return {"ruling": out, "seed": body.seed, "stand_ins": sorted(stand_ins),
            "odds_of_result": {"result": ruling.result, **_exact(exact[ruling.result]),
                               "text": odds_of_result(exact, ruling)},
            "odds": odds_reply(exact, session)}


# --- the session's trackers and base tables ----------------------------------------------
class TrackRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40, description="the tracker's name: letters, digits, - or _")
    procedure: str = Field(max_length=100, description="the procedure, ruleset/name")
    params: Params


class SetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    params: Params


class BaseTablesRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruleset: str = Field(max_length=40)
    text: str = Field(max_length=48 * 1024, description="the file, in the format of warroom odds --base-tables FILE")
    filename: str = Field("base-tables.toml", max_length=80, description="the file's name, as the rulings name it")


def _trackers(session: Session) -> dict[str, Any]:
    data: dict[str, Any] = session.run("trackers")["trackers"]
    for name, tracker in data.items():
        kept = session.desk.trackers[name]
        tracker.update(text=kept.describe(), history=list(kept.history))
    return data


def _state(session: Session) -> dict[str, Any]:
    return {"trackers": _trackers(session),
            "base_tables": {r: session.scrub(str(p)) for r, p in session.desk.base_tables.items()}}


@router.post("/api/desk/sessions", status_code=201, response_model=m.DeskSession, **EXACT)
def new_session(request: Request) -> dict[str, Any]:
    """A new desk session: its trackers and base tables are kept in memory under its id."""
    return {"id": _sessions(request).new()}


@router.get("/api/desk/sessions/{key}", response_model=m.DeskState, **EXACT)
def session_state(key: str, request: Request) -> dict[str, Any]:
    """The session's trackers (procedure, parameters, turns advanced, results) and the base tables it reads."""
    with _open(request, key) as session:
        return {"id": key, **_state(session)}


@router.post("/api/desk/sessions/{key}/trackers", status_code=201, response_model=m.Tracked, **EXACT)
def track(key: str, body: TrackRequest, request: Request) -> dict[str, Any]:
    """``track NAME PROCEDURE key=value ...``: keep a procedure and its parameters under a name; its odds."""
    with _open(request, key) as session:
        if body.name not in session.desk.trackers and len(session.desk.trackers) >= TRACKERS:
            raise Refused(f"a desk session keeps at most {TRACKERS} trackers; untrack one first")
        data = session.run("track", body.name, body.procedure, *_pairs(body.params))
        return {**data, "odds": odds_reply(_tracker_odds(session, body.name), session), **_state(session)}


def _tracker_odds(session: Session, name: str) -> Odds:
    tracker = session.desk.trackers[name]
    with session.tables(tracker.spec):
        return api.odds(tracker.spec.id, tracker.values)


@router.post("/api/desk/sessions/{key}/trackers/{name}/advance", response_model=m.Advanced, **EXACT)
def advance(key: str, name: str, request: Request) -> dict[str, Any]:
    """``advance NAME``: roll the tracker with the session's dice and carry the state it leaves into its
    parameters; the ruling and whether the tracker is finished."""
    with _open(request, key) as session:
        data = session.run("advance", name)
        data["ruling"]["steps"] = [session.scrub(s) for s in data["ruling"]["steps"]]
        data["ruling"]["text"] = session.scrub(data["ruling"]["text"])
        return {**data, **_state(session)}


@router.patch("/api/desk/sessions/{key}/trackers/{name}", response_model=m.TrackerSet, **EXACT)
def set_tracker(key: str, name: str, body: SetRequest, request: Request) -> dict[str, Any]:
    """``set NAME key=value ...``: change a tracker's parameters."""
    with _open(request, key) as session:
        data = session.run("set", name, *_pairs(body.params))
        return {**data, **_state(session)}


@router.delete("/api/desk/sessions/{key}/trackers/{name}", response_model=m.Untracked, **EXACT)
def untrack(key: str, name: str, request: Request) -> dict[str, Any]:
    """``untrack NAME``: forget a tracker."""
    with _open(request, key) as session:
        data = session.run("untrack", name)
        return {**data, **_state(session)}


_FILENAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$")


@router.post("/api/desk/sessions/{key}/base-tables", response_model=m.BaseTablesRead, **EXACT)
def upload_base_tables(key: str, body: BaseTablesRequest, request: Request) -> dict[str, Any]:
    """``base-tables RULESET FILE``: the umpire's own base-game tables for a ruleset, from now on in this session;
    the file is checked whole first, and a file refused changes nothing."""
    if not _FILENAME.match(body.filename):
        raise Refused(f"filename '{body.filename[:80]}' is not allowed: letters, digits, '.', '-' and '_', "
                      "starting with a letter or digit")
    with _open(request, key) as session:
        get_ruleset(body.ruleset)
        session.uploads += 1
        folder = session.folder / str(session.uploads)
        folder.mkdir(parents=True)
        path = folder / body.filename
        try:
            write_text(path, body.text, "base tables")  # whole or not at all
        except UsageError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise Refused(str(exc)) from None
        before = session.desk.base_tables.get(body.ruleset)
        try:
            data = session.run("base-tables", body.ruleset, str(path))
        except Refused:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        if before is not None:
            shutil.rmtree(before.parent, ignore_errors=True)
        return {**data, "file": body.filename, **_state(session)}
