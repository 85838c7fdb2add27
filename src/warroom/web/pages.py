"""The pages of ``warroom serve``: the lobby, the game page and their static assets."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
