"""The game picker: every registered game."""

from __future__ import annotations

from fastapi import APIRouter

from wordguess.web.responses import GameInfo
from wordguess.web.sessions import games_catalogue

router = APIRouter(tags=["games"])


@router.get("/games", response_model=list[GameInfo], summary="Every registered game, single and multi-board, with its options")
def games() -> list[dict]:
    return games_catalogue()
