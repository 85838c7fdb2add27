"""The pages of ``warroom serve``: the lobby, the game page, their static assets and the public maps they draw.

``GET /`` is the lobby (a new game, and the person's games to resume); ``GET /play/{game_id}?token=T`` the game
page, which reads everything it shows from the JSON API with its token: a side's view, never the state (fog of
war is a rule). ``GET /static/...`` serves the plain HTML, CSS and JavaScript modules shipped in the package
(``static/``: no build step, nothing from another site). ``GET /api/maps/{ruleset}/{scenario}`` is a shipped
scenario's public map (:mod:`warroom.web.maps`), 404 with what is allowed for an unknown one.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse

from warroom.web.maps import UnknownMap, shipped_map

STATIC = Path(__file__).with_name("static")
"""The pages' assets, shipped inside the package."""

MEDIA_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
               ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
               ".ico": "image/x-icon"}
"""The kinds of file the pages are made of; any other is not served."""

_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_NO_STORE = {"Cache-Control": "no-cache"}

router = APIRouter()


def _page(name: str) -> HTMLResponse:
    return HTMLResponse((STATIC / name).read_text(encoding="utf-8"), headers=_NO_STORE)


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby() -> HTMLResponse:
    """The lobby: start a game (game, scenario, side, opponent) and resume one's own."""
    return _page("lobby.html")


@router.get("/play/{game_id}", response_class=HTMLResponse, include_in_schema=False)
def play(game_id: str) -> HTMLResponse:
    """The game page; its script reads the game's id from the path and the seat's token from ``?token=``."""
    if not _GAME_ID.match(game_id):
        raise HTTPException(404, f"no game '{game_id[:64]}': a game's id is letters, digits, - and _")
    return _page("game.html")


@router.get("/static/{path:path}", include_in_schema=False)
def static(path: str) -> FileResponse:
    """A file of ``static/``: only the pages' own files, never one outside the folder."""
    root = STATIC.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file() or target.suffix not in MEDIA_TYPES:
        raise HTTPException(404, f"no file '{path}' among the pages' assets")
    return FileResponse(target, media_type=MEDIA_TYPES[target.suffix], headers=_NO_STORE)


@router.get("/api/maps/{ruleset}/{scenario}")
def public_map(ruleset: str, scenario: str) -> dict[str, Any]:
    """A shipped scenario's public map: the grid or the table and its terrain, objectives and set-up zones, and
    nothing of its hidden set-up (warroom.web.maps)."""
    try:
        return shipped_map(ruleset, scenario)
    except UnknownMap as exc:
        raise HTTPException(404, str(exc)) from None
