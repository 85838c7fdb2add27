"""The browser's API fuzzed from its own OpenAPI description with schemathesis (issue 17, "Security and fog of
war": no request, however odd, is a server error).

Every operation of ``/openapi.json`` except the event stream (it stays open while the client listens) is called
with requests schemathesis makes from the description, valid and not, with and without a real game: a game is
made first and its id and token are the ones the generated requests often carry, so the checks reach past the
token check into the game. The first check is schemathesis's ``not_a_server_error``: a 4xx with its message is
the answer to bad input, a 5xx never is. The second is that the description says what the answers are: every
status answered is documented, and every answer, a refusal's one-line ``{"detail": "..."}`` too, has the shape
its schema gives (web/models.py).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")
from fastapi.testclient import TestClient  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from warroom.web.app import create_app  # noqa: E402

_folder = Path(tempfile.mkdtemp(prefix="warroom-schemathesis-"))
app = create_app(_folder / "games.sqlite", workers=1, keepalive=0.2)
_client = TestClient(app)
_made = _client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                          "side": "attacker", "opponent": "hotseat", "seed": 3})
assert _made.status_code == 201, _made.text
GAME = _made.json()["id"]
TOKEN = _made.json()["seats"][0]["token"]



async def served(scope: Any, receive: Any, send: Any) -> None:
    """The app as one long-running server holds it: schemathesis's client starts and stops an application's
    lifespan around every call, and the app's end closes its games file, as a server's shutdown does."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await app(scope, receive, send)


schema = schemathesis.openapi.from_asgi("/openapi.json", served).exclude(path_regex=r"/events$")


@schema.hook
def map_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> dict[str, Any] | None:
    """Half the requests are about the real game (its id in the path)."""
    if path_parameters is not None and "game_id" in path_parameters and hash(str(path_parameters)) % 2 == 0:
        return {**path_parameters, "game_id": GAME}
    return path_parameters


@schema.hook
def map_query(context: Any, query: dict[str, Any] | None) -> dict[str, Any] | None:
    """Half the requests that carry a token carry the real one."""
    if query is not None and "token" in query and hash(str(query)) % 2 == 0:
        return {**query, "token": TOKEN}
    return query


@schema.hook
def map_body(context: Any, body: Any) -> Any:
    """Half the bodies that carry a token carry the real one."""
    if isinstance(body, dict) and "token" in body and hash(str(body)) % 2 == 0:
        return {**body, "token": TOKEN}
    return body


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_is_a_server_error(case: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])


@schema.parametrize()
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_is_as_the_description_says(case: Any) -> None:
    case.call_and_validate(checks=[status_code_conformance, content_type_conformance, response_schema_conformance])


def test_the_fuzzed_game_is_still_whole() -> None:
    """After the fuzzing the game answers its own token, in one piece (nothing half changed)."""
    view = _client.get(f"/api/games/{GAME}", params={"token": TOKEN})
    assert view.status_code == 200, view.text
    assert view.json()["step"] >= 0
