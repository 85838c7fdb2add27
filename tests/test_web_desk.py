"""The umpire's desk API (issue 22) through FastAPI's test client: the procedures and their search, the exact odds,
a roll, and the page session's trackers and base tables.

The agreement test walks every procedure of every ruleset: the desk's odds at the default inputs are the odds
``warroom odds RULESET/PROC --json`` prints, and its roll with a seed is the ruling ``warroom roll --seed --json``
prints (the CLI run in-process with click's runner). A procedure with required parameters gets the first allowed
value of each in both; where that combination is refused, both refuse it with the same message. No request to the
desk's API, however odd, is a server error: each parameter at the edges of its range, and requests schemathesis makes
from the OpenAPI description (half of them about a real procedure, session and tracker).
"""

from __future__ import annotations

import json
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from warroom.cli.app import cli
from warroom.core import api
from warroom.core.base_tables import base_tables_of
from warroom.core.params import Param
from warroom.core.registry import ProcedureSpec, procedures
from warroom.core.ruling import show_value
from warroom.present.procedures import procedure_help
from warroom.web.app import create_app
from warroom.web.desk import Sessions

SPECS = procedures()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("desk") / "g.sqlite"))


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner()


def _first_allowed(p: Param) -> str:
    """The first value a parameter allows, as it is typed."""
    if p.kind in ("choice", "choices"):
        return p.choices[0]
    if p.kind == "bool":
        return "false"
    if p.kind == "int":
        return str(p.minimum if p.minimum is not None else 0)
    return ""


def _inputs(spec: ProcedureSpec, which: str) -> dict[str, str]:
    """The first allowed value of each required parameter, or the procedure's registered example."""
    if which == "example":
        return {k: show_value(v) for k, v in spec.example.items()}
    return {p.name: _first_allowed(p) for p in spec.params if p.required}


def _cli(runner: CliRunner, *args: str) -> tuple[dict[str, Any] | None, str | None]:
    """The CLI's JSON, or the message of the error it stops with."""
    result = runner.invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return None, str(result.exception)
    assert result.exit_code == 0, result.output
    return json.loads(result.output), None


# --- the procedures -------------------------------------------------------------------------------------------


def test_every_procedure_is_listed_with_its_rule_and_parameters(client: TestClient) -> None:
    data = client.get("/api/procedures").json()
    assert data["count"] == len(SPECS) == len(data["procedures"])
    assert [p["id"] for p in data["procedures"]] == [s.id for s in SPECS]
    rally = next(p for p in data["procedures"] if p["id"] == "company-fire/rally")
    assert rally["rule"]["seed"] == "002_e954d5c422be67ed.txt"
    assert rally["section"] == "Unit Status, Hit Results and Rallying" and "CF-7" in rally["rule_text"]
    status = next(p for p in rally["params"] if p["name"] == "status")
    assert status == {**status, "kind": "choice", "choices": ["pinned", "suppressed"], "required": True,
                      "default": None}
    clock = next(p for p in data["procedures"] if p["id"] == "company-fire/clock-roll")["params"][0]
    declared = next(s for s in SPECS if s.id == "company-fire/clock-roll").param("clock")
    assert (clock["name"], clock["kind"], clock["min"], clock["max"], clock["why"]) == (
        "clock", "int", declared.minimum, declared.maximum, declared.why)
    with_tables = {r["id"] for r in data["rulesets"] if r["base_tables"]}
    assert "bfwwii-house" in with_tables and all(base_tables_of(r) for r in with_tables)


@pytest.mark.parametrize(("words", "expected"), [
    ("bog down", {"bfwwii-house/bog-down-check", "terrain-mines/bog-down"}),
    ("wire", {"bfwwii-house/artillery-on-wire", "fow-bunkers/cross-barbed-wire", "bfwwii-house/demolition-action"}),
    ("pill box", {"fow-bunkers/shoot-bunker", "fow-bunkers/flame-bunker", "fow-bunkers/assault-bunker"}),
    ("Barbed Wire Entanglements", {"fow-bunkers/cross-barbed-wire"}),
    ("CF-7", {"company-fire/rally"}),
])
def test_search_finds_by_name_section_and_words_of_the_rule(client: TestClient, words: str, expected: set[str]
                                                            ) -> None:
    found = [p["id"] for p in client.get("/api/procedures", params={"q": words}).json()["procedures"]]
    assert expected <= set(found), found
    assert len(found) < len(SPECS)


def test_a_search_by_name_puts_that_procedure_first_and_nonsense_finds_nothing(client: TestClient) -> None:
    assert client.get("/api/procedures", params={"q": "bog-down"}).json()["procedures"][0]["id"] in (
        "bfwwii-house/bog-down-check", "terrain-mines/bog-down")
    assert client.get("/api/procedures", params={"q": "zeppelin"}).json()["count"] == 0


def test_one_procedure_with_its_help(client: TestClient) -> None:
    spec = next(s for s in SPECS if s.id == "company-fire/individual-fire")
    data = client.get("/api/procedures/company-fire/individual-fire").json()
    assert data["help"] == procedure_help(spec) and data["title"] == spec.title
    wrong = client.get("/api/procedures/company-fire/individual-fir")
    assert wrong.status_code == 400 and "did you mean" in wrong.json()["detail"]
    assert client.get("/api/procedures/company-fir/rally").json()["detail"].startswith("unknown ruleset 'company-fir'")


# --- odds and rolls -------------------------------------------------------------------------------------------


def test_the_odds_are_exact_fractions_that_sum_to_one(client: TestClient) -> None:
    data = client.post("/api/odds/company-fire/group-fire",
                       json={"params": {"firers": "rifle_squad,rifle_squad", "cover": True}}).json()
    exact = [Fraction(r["exact"]) for r in data["results"]]
    assert sum(exact) == 1
    assert [r["p"] for r in data["results"]] == [float(f) for f in exact]
    want = api.odds("company-fire/group-fire", {"firers": "rifle_squad,rifle_squad", "cover": "true"})
    assert exact == [p for _, p in want.distribution]
    assert data["modifiers"] and all(m["source"] for m in data["modifiers"])
    assert data["rule_text"] == str(want.rule) and data["leaves"] == want.leaves


@pytest.mark.parametrize(("path", "params", "cli_words"), [
    ("company-fire/rally", {"status": "bogus"}, ["status=bogus"]),
    ("company-fire/clock-roll", {"clock": "99"}, ["clock=99"]),
    ("company-fire/clock-roll", {"clock": 99}, ["clock=99"]),
    ("company-fire/rally", {}, []),
    ("company-fire/rally", {"status": "pinned", "colour": "red"}, ["status=pinned", "colour=red"]),
    ("company-fire/rally", {"": "x"}, ["=x"]),
    ("company-fire/rally", {"status": "pinned", "enemy-los": "true", "enemy_los": "false"},
     ["status=pinned", "enemy-los=true", "enemy_los=false"]),
])
def test_a_bad_value_gets_the_clis_own_message(client: TestClient, runner: CliRunner, path: str,
                                               params: dict[str, Any], cli_words: list[str]) -> None:
    _, message = _cli(runner, "odds", path, *cli_words, "--json")
    assert message is not None
    for verb in ("odds", "roll"):
        answer = client.post(f"/api/{verb}/{path}", json={"params": params})
        assert answer.status_code == 400 and answer.json() == {"detail": message}


def test_a_body_of_the_wrong_shape_is_one_line_422(client: TestClient) -> None:
    for body in ({"params": ["status=pinned"]}, {"params": {}, "seed": -1}, {"params": {}, "extra": 1},
                 {"params": {"status": {"nested": 1}}}):
        answer = client.post("/api/roll/company-fire/rally", json=body)
        assert answer.status_code == 422 and "\n" not in answer.json()["detail"], body


@pytest.mark.parametrize("which", ["defaults", "example"])
@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_the_desk_and_the_cli_agree_on_every_procedure(client: TestClient, runner: CliRunner,
                                                       spec: ProcedureSpec, which: str) -> None:
    """THE AGREEMENT TEST: odds at the default inputs (and at the procedure's registered example, which every
    procedure runs on) as ``warroom odds --json``, a roll with a seed as ``warroom roll --seed 5 --json``; a
    combination refused, refused alike."""
    given = _inputs(spec, which)
    words = [f"{k}={v}" for k, v in given.items()]
    cli_odds, refused = _cli(runner, "odds", spec.id, *words, "--json")
    answer = client.post(f"/api/odds/{spec.id}", json={"params": given})
    if refused is not None:
        assert which == "defaults", f"the example of {spec.id} is refused: {refused}"
        assert answer.status_code == 400 and answer.json()["detail"] == refused
        return
    assert answer.status_code == 200, answer.text
    desk = answer.json()
    assert cli_odds is not None
    for key in ("procedure", "title", "rule", "inputs", "modifiers", "steps"):
        assert desk[key] == cli_odds[key], key
    assert [(r["result"], r["probability"], r["percent"], r.get("or_worse")) for r in desk["results"]] == [
        (r["result"], r["probability"], r["percent"], r.get("or_worse")) for r in cli_odds["results"]]
    assert desk.get("worse") == cli_odds.get("worse") == spec.worse
    exact = [Fraction(r["exact"]) for r in desk["results"]]
    assert exact == [Fraction(r["probability"]) for r in cli_odds["results"]] and sum(exact) == 1
    cli_roll, _ = _cli(runner, "roll", spec.id, *words, "--seed", "5", "--json")
    rolled = client.post(f"/api/roll/{spec.id}", json={"params": given, "seed": 5}).json()
    assert rolled["ruling"] == cli_roll
    assert rolled["odds_of_result"]["exact"] == next(r["exact"] for r in desk["results"]
                                                     if r["result"] == rolled["ruling"]["result"])


def test_a_roll_without_a_seed_is_fresh_dice_and_says_its_odds(client: TestClient) -> None:
    data = client.post("/api/roll/company-fire/rally", json={"params": {"status": "suppressed"}}).json()
    assert data["seed"] is None and data["ruling"]["result"] in ("rallied", "failed")
    assert data["odds_of_result"]["text"].startswith(data["ruling"]["result"])


# --- sessions: trackers and base tables -----------------------------------------------------------------------


def _session(client: TestClient) -> str:
    made = client.post("/api/desk/sessions")
    assert made.status_code == 201
    key: str = made.json()["id"]
    return key


def test_trackers_are_the_cli_desks_track_advance_set_untrack(client: TestClient) -> None:
    key = _session(client)
    base = f"/api/desk/sessions/{key}"
    made = client.post(f"{base}/trackers", json={"name": "clock", "procedure": "company-fire/clock-roll",
                                                 "params": {"clock": 9}})
    assert made.status_code == 201 and made.json()["params"]["clock"] == 9
    assert sum(Fraction(r["exact"]) for r in made.json()["odds"]["results"]) == 1
    turn = client.post(f"{base}/trackers/clock/advance").json()
    clock = turn["trackers"]["clock"]
    assert turn["turn"] == 1 and clock["turns"] == 1 and clock["history"] == [turn["ruling"]["result"]]
    assert clock["params"]["clock"] == 9 + turn["ruling"]["dice"][0]["value"]  # the clock carried on
    changed = client.patch(f"{base}/trackers/clock", json={"params": {"clock": "3"}}).json()
    assert changed["trackers"]["clock"]["params"]["clock"] == 3
    bad = client.patch(f"{base}/trackers/clock", json={"params": {"clock": "30"}})
    assert bad.status_code == 400 and bad.json()["detail"].startswith("clock=30 is not allowed")
    assert client.get(base).json()["trackers"]["clock"]["params"]["clock"] == 3  # unchanged by the refusal
    nameless = client.post(f"{base}/trackers", json={"name": "roll", "procedure": "company-fire/clock-roll",
                                                      "params": {}})
    assert nameless.status_code == 400 and "cannot name a tracker" in nameless.json()["detail"]
    missing = client.post(f"{base}/trackers/clok/advance")
    assert missing.status_code == 400 and missing.json()["detail"] == \
        "no tracker 'clok' (did you mean 'clock'?); trackers: clock"
    assert client.delete(f"{base}/trackers/clock").json()["trackers"] == {}


def test_an_unknown_session_is_404_and_the_oldest_are_forgotten() -> None:
    sessions = Sessions(kept=2)
    first, second, third = sessions.new(), sessions.new(), sessions.new()
    assert sessions.get(second) and sessions.get(third)
    with pytest.raises(Exception, match="no desk session") as refused:
        sessions.get(first)
    assert getattr(refused.value, "status", None) == 404


def test_an_unknown_session_over_http(client: TestClient) -> None:
    answer = client.post("/api/odds/company-fire/rally", json={"params": {"status": "pinned"}, "session": "nope"})
    assert answer.status_code == 404 and answer.json()["detail"].startswith("no desk session 'nope'")


def _own_bog_down(at_or_below: int) -> str:
    import re

    text = base_tables_of("bfwwii-house")["bog_down"].stand_in.read_text()
    text = re.sub(r"^\[(\w+)\]", r"[bog_down.\1]", text, flags=re.M)
    text = re.sub(r"^bogged_down_at_or_below = \d+", f"bogged_down_at_or_below = {at_or_below}", text, flags=re.M)
    return "[bog_down]\n" + text


def test_an_umpires_base_tables_replace_the_stand_in_for_the_session_only(client: TestClient, tmp_path: Path
                                                                          ) -> None:
    key = _session(client)
    path = "/api/odds/bfwwii-house/bog-down-check"
    stand_in = client.post(path, json={"params": {}, "session": key}).json()
    roll = client.post("/api/roll/bfwwii-house/bog-down-check", json={"params": {}, "seed": 2, "session": key})
    assert roll.json()["stand_ins"] and any("STAND-IN" in s for s in roll.json()["ruling"]["steps"])
    bad = client.post(f"/api/desk/sessions/{key}/base-tables",
                      json={"ruleset": "bfwwii-house", "text": "[nope]\nx = 1\n", "filename": "mine.toml"})
    assert bad.status_code == 400 and bad.json()["detail"].startswith(
        "mine.toml: table [nope] is not a base table of bfwwii-house; its base tables are: ")
    assert client.get(f"/api/desk/sessions/{key}").json()["base_tables"] == {}
    text = _own_bog_down(5)
    good = client.post(f"/api/desk/sessions/{key}/base-tables",
                       json={"ruleset": "bfwwii-house", "text": text, "filename": "mine.toml"})
    assert good.status_code == 200 and good.json()["tables"] == ["bog_down"]
    assert good.json()["base_tables"] == {"bfwwii-house": "mine.toml"}
    own = client.post(path, json={"params": {}, "session": key}).json()
    (tmp_path / "mine.toml").write_text(text)
    want = api.odds("bfwwii-house/bog-down-check", {}, base_tables=tmp_path / "mine.toml")
    assert [Fraction(r["exact"]) for r in own["results"]] == [p for _, p in want.distribution]
    assert own["results"] != stand_in["results"]
    rolled = client.post("/api/roll/bfwwii-house/bog-down-check", json={"params": {}, "seed": 2, "session": key})
    assert rolled.json()["stand_ins"] == []
    steps = " ".join(rolled.json()["ruling"]["steps"])
    assert "from [bog_down] in mine.toml" in steps and "/tmp" not in rolled.text
    # another session, and no session, still read the stand-in
    assert client.post(path, json={"params": {}, "session": _session(client)}).json()["results"] == \
        stand_in["results"]
    assert client.post(path, json={"params": {}}).json()["results"] == stand_in["results"]


def test_base_tables_refused_for_a_ruleset_without_them_and_a_bad_file_name(client: TestClient) -> None:
    key = _session(client)
    none = client.post(f"/api/desk/sessions/{key}/base-tables",
                       json={"ruleset": "company-fire", "text": "[x]\n", "filename": "a.toml"})
    assert none.status_code == 400 and "has no base-game tables to replace" in none.json()["detail"]
    named = client.post(f"/api/desk/sessions/{key}/base-tables",
                        json={"ruleset": "bfwwii-house", "text": "[x]\n", "filename": "../etc/passwd"})
    assert named.status_code == 400 and named.json()["detail"].startswith("filename '../etc/passwd' is not allowed")
    broken = client.post(f"/api/desk/sessions/{key}/base-tables",
                         json={"ruleset": "bfwwii-house", "text": "[bog_down\n", "filename": "a.toml"})
    assert broken.status_code == 400 and broken.json()["detail"].startswith("a.toml: not valid TOML")


def _edges(p: Param) -> list[str]:
    """Values at the edges of what a parameter allows, and just past them."""
    if p.kind == "int":
        low = p.minimum if p.minimum is not None else 0
        values = [low, low - 1] + ([p.maximum, p.maximum + 1] if p.maximum is not None else [low + 1000])
        return [str(v) for v in values]
    if p.kind in ("choice", "choices"):
        return [*p.choices, "nothing_of_the_kind"]
    if p.kind == "bool":
        return ["true", "false", "maybe"]
    return ["AS,10H", "", "11Z"]


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_no_value_at_the_edges_is_a_server_error(client: TestClient, spec: ProcedureSpec) -> None:
    """Each parameter at each edge of its range (and past it), the others at the procedure's example or at the
    defaults: the desk answers with odds or with one clear message, never a server error (``lay-minefield`` with
    no manoeuvre roll and ``within`` short of the earliest turn was one)."""
    for base in (_inputs(spec, "example"), _inputs(spec, "defaults")):
        for p in spec.params:
            for value in _edges(p):
                answer = client.post(f"/api/odds/{spec.id}", json={"params": {**base, p.name: value}})
                assert answer.status_code in (200, 400), (p.name, value, answer.text)
                if answer.status_code == 400:
                    assert answer.json()["detail"] and "\n" not in answer.json()["detail"]


def test_the_desk_api_is_in_the_openapi_description(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, method in [("/api/procedures", "get"), ("/api/procedures/{ruleset}/{procedure}", "get"),
                         ("/api/odds/{ruleset}/{procedure}", "post"), ("/api/roll/{ruleset}/{procedure}", "post"),
                         ("/api/desk/sessions", "post"), ("/api/desk/sessions/{key}/trackers", "post"),
                         ("/api/desk/sessions/{key}/trackers/{name}/advance", "post"),
                         ("/api/desk/sessions/{key}/trackers/{name}", "patch"),
                         ("/api/desk/sessions/{key}/trackers/{name}", "delete"),
                         ("/api/desk/sessions/{key}/base-tables", "post")]:
        assert method in paths[path], (path, method)
        assert paths[path][method]["description"] or paths[path][method]["summary"]
    assert "/desk" not in paths  # the page is not part of the API


# --- fuzzed from the OpenAPI description ----------------------------------------------------------------------

_fuzzed_app = create_app(Path(tempfile.mkdtemp(prefix="warroom-desk-fuzz-")) / "g.sqlite", workers=1)
_fuzzed = TestClient(_fuzzed_app)
SESSION = _fuzzed.post("/api/desk/sessions").json()["id"]
assert _fuzzed.post(f"/api/desk/sessions/{SESSION}/trackers", json={
    "name": "clock", "procedure": "company-fire/clock-roll", "params": {"clock": 3}}).status_code == 201


async def _served(scope: Any, receive: Any, send: Any) -> None:
    """The app as a long-running server holds it (schemathesis starts and stops a lifespan around every call)."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await _fuzzed_app(scope, receive, send)


desk_schema = schemathesis.openapi.from_asgi("/openapi.json", _served).include(
    path_regex=r"^/api/(procedures|odds|roll|desk)")


@desk_schema.hook
def map_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> dict[str, Any] | None:
    """Half the requests name a real procedure, the real session and its tracker."""
    if path_parameters is None or hash(str(path_parameters)) % 2:
        return path_parameters
    real = {"ruleset": "company-fire", "procedure": "clock-roll", "key": SESSION, "name": "clock"}
    return {k: real.get(k, v) for k, v in path_parameters.items()}


@desk_schema.hook
def map_body(context: Any, body: Any) -> Any:
    """Half the bodies that name a session name the real one."""
    if isinstance(body, dict) and "session" in body and hash(str(body)) % 2 == 0:
        return {**body, "session": SESSION}
    return body


@desk_schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_to_the_desk_is_a_server_error(case: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])
