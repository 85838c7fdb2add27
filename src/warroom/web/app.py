"""The application ``warroom serve`` runs: the JSON API (:mod:`.api`), the pages (:mod:`.pages`), ``/healthz``.

Bad input is one clear message, ``{"detail": "..."}``, with a 4xx status: a :class:`UsageError` is 400 unless it
is one of :mod:`.errors` (403, 404, 409), a body that fails its model is 422 (every problem in one line), a
body over 64 KiB is 413 before the application reads it (an uploaded game record, :mod:`.replay`: 4 MiB).
OpenAPI is at ``/openapi.json``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import warroom
from warroom.core.errors import UsageError
from warroom.web import api, desk, desk_pages, desk_throws, pages, replay, rules
from warroom.web.errors import status_of
from warroom.web.games import KEEPALIVE, KEPT, Games
from warroom.web.models import Health, refusals
from warroom.web.store import GameStore
from warroom.web.views import scenarios

MAX_BODY = 64 * 1024
"""The largest request body read: every request of the API is a few hundred bytes."""


class BodyLimit:
    """Refuse (413) a request whose body is over ``limit`` bytes: by its Content-Length, or, when it has none,
    while it is read (the body is read whole here, then handed on)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, larger: dict[str, tuple[int, str]] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = larger or {}
        """Paths with a larger limit of their own (an uploaded game record), and what their bodies are."""

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        what = self.larger.get(scope["path"], (0, "the API's bodies are a few hundred bytes"))[1]
        response = JSONResponse({"detail": f"the request body is over {limit // 1024} KiB; {what}"},
                                status_code=413)
        await response(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], (self.limit, ""))[0]
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(scope, receive, send, limit)
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(scope, receive, send, limit)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        whole: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)


def _one_line(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(x) for x in error.get("loc", ()) if x != "body") or "body"
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return "; ".join(parts)


def create_app(db_path: Path, workers: int = 2, keepalive: float = KEEPALIVE, kept: int = KEPT) -> FastAPI:
    """The application over the games file ``db_path``; ``workers`` AI players may think at once, ``kept`` games
    are kept in memory, an idle event stream has a comment line every ``keepalive`` seconds."""
    store = GameStore(db_path)
    service = Games(store, workers=workers, keepalive=keepalive, kept=kept)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        scenarios()  # every shipped scenario read once before the server says it is ready: the lobby's first visit
        service.resume()  # every AI whose turn it is thinks again (a game left mid-thought by a stop or a crash)
        yield
        service.close()
        store.close()

    app = FastAPI(title="warroom", version=warroom.__version__, lifespan=lifespan,
                  description="Play warroom's games in the browser: each side sees the game through its own token.")
    app.state.games = service
    app.state.db_path = store.path

    @app.exception_handler(UsageError)
    async def refused(_: Request, exc: UsageError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=status_of(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _one_line(exc)}, status_code=422)

    @app.get("/healthz", response_model=Health)
    def healthz() -> dict[str, Any]:
        return {"ok": True}

    app.include_router(api.router)
    app.include_router(pages.router, responses=refusals(400, 404, 422))  # the public map of a scenario
    app.include_router(desk.router)
    app.include_router(desk_throws.router)
    app.include_router(desk_pages.router)
    app.include_router(rules.router)
    app.include_router(replay.router)
    app.add_middleware(BodyLimit, larger={replay.UPLOAD: (replay.MAX_RECORD, replay.RECORD_LIMIT_TEXT)})
    return app
