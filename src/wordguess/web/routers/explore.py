"""The proven optimal Wordle tree (SALET), node by node."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Query

from wordguess.games import get_game
from wordguess.web import patterns, sessions
from wordguess.web.responses import NOT_FOUND, ExploreNode
from wordguess.web.state import AppState, app_state

router = APIRouter(tags=["explore"])
WORDLE = get_game("wordle")  # the trees' game
PATH = patterns.tree_path(WORDLE, WORDLE.max_guesses)


@router.get("/explore", response_model=ExploreNode, responses=NOT_FOUND,
            summary="A node of the optimal tree: its guess, branches and secrets")
def explore(mode: Literal["normal", "hard"] = "normal",
            path: str = Query("", max_length=200, pattern=PATH,
                              description='Turns from the root, e.g. "salet=..Y..;corni=.GG.."'),
            state: AppState = Depends(app_state)) -> dict:
    return sessions.explore(state, mode, path)
