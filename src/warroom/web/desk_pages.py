"""The umpire's desk page (issue 22): ``GET /desk``. Its files are in ``static/desk/`` (plain HTML, CSS and
JavaScript modules, nothing from another site), its script and sheet served with the other pages' assets under
``/static/`` (:mod:`warroom.web.pages`); the page reads everything from the desk's JSON API
(:mod:`warroom.web.desk`)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

ASSETS = Path(__file__).with_name("static") / "desk"
"""The desk page's files, shipped inside the package."""

router = APIRouter()


@router.get("/desk", response_class=HTMLResponse, include_in_schema=False)
def desk_page() -> HTMLResponse:
    """The desk: search the procedures, set a procedure's inputs, read its exact odds, roll and read the ruling."""
    return HTMLResponse((ASSETS / "desk.html").read_text(encoding="utf-8"), headers={"Cache-Control": "no-cache"})
