"""The JSON API of ``warroom serve`` (docs of the contract: the routes below, each side's view through its own
secret token). A request changes nothing unless it is a POST; a POST's body is checked by a model that forbids
unknown fields."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from warroom.web import models as m
from warroom.web.games import Games
from warroom.web.views import opponents, scenarios

router = APIRouter()

Text = Annotated[str, Field(max_length=200)]


class _Body(BaseModel):
    """A request's body: no field it does not name, and numbers only as JSON numbers (``true`` or ``"1"`` is not an
    action code, nor a seed or a step)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NewGame(_Body):
    ruleset: Text
    scenario: Text
    side: Text | None = None
    opponent: Text
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    dice: Literal["warroom", "table"] = "warroom"


class Asking(_Body):
    token: Text | None = None
    side: Text | None = None


class OddsAsked(Asking):
    action: int


class Acting(Asking):
    action: int
    step: int


class Throwing(Asking):
    faces: Annotated[list[Annotated[str, Field(min_length=1, max_length=12)]], Field(min_length=1, max_length=200)]
    step: int


def games(request: Request) -> Games:
    service: Games = request.app.state.games
    return service


Service = Annotated[Games, Depends(games)]

EXACT: dict[str, Any] = {"response_model_exclude_unset": True}
"""An answer's keys as the service wrote them: one it leaves out is not sent as ``null``
(:mod:`warroom.web.models`)."""


@router.get("/api/scenarios", response_model=list[m.ScenarioInfo])
def list_scenarios() -> list[dict[str, Any]]:
    """Every shipped scenario of both games: ruleset, name, title, sides, briefing."""
    return list(scenarios())


@router.get("/api/opponents", response_model=list[m.Opponent])
def list_opponents() -> list[dict[str, str]]:
    """The AI strengths and players a person may choose ('hotseat' and 'friend' are the other opponents)."""
    return opponents()


@router.post("/api/games", status_code=201, response_model=m.NewGameAnswer, responses=m.NEW_REFUSALS,
             **EXACT)
def new_game(body: NewGame, service: Service) -> dict[str, Any]:
    """A new game; the answer holds each seat's token and link (the only time a token is given)."""
    return service.create(body.ruleset, body.scenario, body.side, body.opponent, body.seed, body.dice)


@router.get("/api/games/{game_id}", response_model=m.GameView, responses=m.GAME_REFUSALS, **EXACT)
def view(game_id: str, service: Service, token: str | None = None, side: str | None = None) -> dict[str, Any]:
    """The game as one side of the token's seat sees it."""
    return service.view(game_id, token, side)


@router.post("/api/games/{game_id}/odds", response_model=m.ActionOdds, responses=m.POST_REFUSALS, **EXACT)
def odds(game_id: str, body: OddsAsked, service: Service) -> dict[str, Any]:
    """The exact odds of one of the side's legal actions before it is taken."""
    return service.odds(game_id, body.token, body.side, body.action)


@router.post("/api/games/{game_id}/actions", response_model=m.Acted, responses=m.POST_REFUSALS, **EXACT)
def act(game_id: str, body: Acting, service: Service) -> dict[str, Any]:
    """Take an action chosen on the view of ``step``; committed to the games file before the answer."""
    return service.act(game_id, body.token, body.side, body.action, body.step)


@router.post("/api/games/{game_id}/throw", response_model=m.Acted, responses=m.POST_REFUSALS, **EXACT)
def throw(game_id: str, body: Throwing, service: Service) -> dict[str, Any]:
    """The faces of the throw awaited at the table (in a game of table dice): the action goes on to its next throw
    (the view's ``throw`` says what) or is taken, committed before the answer."""
    return service.throw(game_id, body.token, body.side, list(body.faces), body.step)


@router.post("/api/games/{game_id}/undo", response_model=m.Undone, responses=m.POST_REFUSALS, **EXACT)
def undo(game_id: str, body: Asking, service: Service) -> dict[str, Any]:
    """Take back the side's last action (never one that used chance or showed it something new of the enemy)."""
    return service.undo(game_id, body.token, body.side)


@router.get("/api/games/{game_id}/sight", response_model=m.Sight, responses=m.GAME_REFUSALS, **EXACT)
def line_of_sight(game_id: str, service: Service, token: str | None = None, side: str | None = None,
                  frm: Annotated[str | None, Query(alias="from", max_length=20)] = None,
                  to: Annotated[str | None, Query(max_length=20)] = None) -> dict[str, Any]:
    """Company Fire: the range in spaces from ``from`` to ``to`` (each ``x,y``) and whether the line of sight is
    clear, by the rules, on what the side sees (the map, smoke, the units and blinds in its view), and why not."""
    return service.sight(game_id, token, side, frm, to)


@router.get("/api/games/{game_id}/reach", response_model=m.Reach, responses=m.GAME_REFUSALS, **EXACT)
def reach(game_id: str, service: Service, unit: Annotated[str, Query(max_length=40)],
          token: str | None = None, side: str | None = None,
          to: Annotated[str | None, Query(max_length=20)] = None, snap: bool = False) -> dict[str, Any]:
    """Brigade: the ground the side's ``unit`` can reach now, and the lawful move to the point ``to`` (``x,y`` in
    inches; ``snap``: to the furthest lawful point on the way), by the engine's rules (the game kit's ``reach``)."""
    return service.reach(game_id, token, side, unit, to, snap)


@router.get("/api/games/{game_id}/record", response_model=m.Record, responses=m.GAME_REFUSALS, **EXACT)
def record(game_id: str, service: Service, token: str | None = None) -> dict[str, Any]:
    """The game record (replay it with ``warroom replay``), once the game is over."""
    return service.record(game_id, token)


def _event(data: dict[str, Any]) -> str:
    return f"event: step\ndata: {json.dumps(data)}\n\n"


@router.get("/api/games/{game_id}/events", responses=m.GAME_REFUSALS)
async def events(game_id: str, service: Service, token: str | None = None,
                 side: str | None = None) -> StreamingResponse:
    """Server-sent events: ``step`` each time the game changes (the first at once, the game as it is); a comment
    line keeps an idle stream open. The stream ends when the client goes or the server stops."""
    sub = await run_in_threadpool(service.subscribe, game_id, token, side, asyncio.get_running_loop())

    async def stream() -> AsyncIterator[str]:
        try:
            yield _event(sub.first)
            while True:
                try:
                    event = await asyncio.wait_for(sub.queue.get(), service.keepalive)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if event is None:
                    return
                yield _event(event)
        finally:
            sub.close()

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
