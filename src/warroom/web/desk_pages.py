"""The umpire's desk page (issue 22): ``GET /desk``, and its own assets under ``/desk/assets/`` (``static/desk/``:
plain HTML, CSS and JavaScript modules, nothing from another site). The page reads everything from the desk's JSON
API (:mod:`warroom.web.desk`)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from warroom.web.errors import NotFound

ASSETS = Path(__file__).with_name("static") / "desk"
"""The desk page's files, shipped inside the package."""

MEDIA_TYPES = {"desk.html": "text/html; charset=utf-8", "desk.css": "text/css; charset=utf-8",
               "desk.js": "text/javascript; charset=utf-8"}
"""The files the page is made of; no other is served."""

_FRESH = {"Cache-Control": "no-cache"}

router = APIRouter()


@router.get("/desk", response_class=HTMLResponse, include_in_schema=False)
def desk_page() -> HTMLResponse:
    """The desk: search the procedures, set a procedure's inputs, read its exact odds, roll and read the ruling."""
    return HTMLResponse((ASSETS / "desk.html").read_text(encoding="utf-8"), headers=_FRESH)


@router.get("/desk/assets/{name}", include_in_schema=False)
def desk_asset(name: str) -> FileResponse:
    """One of the page's own files."""
    if name not in MEDIA_TYPES:
        raise NotFound(f"no file '{name[:80]}' among the desk's assets; they are: {', '.join(MEDIA_TYPES)}")
    return FileResponse(ASSETS / name, media_type=MEDIA_TYPES[name], headers=_FRESH)
