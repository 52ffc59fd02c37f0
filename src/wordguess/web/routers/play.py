"""Games hosted here (random, daily, evil, absurdle): the state travels in a signed token."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from wordguess.web import sessions
from wordguess.web.models import PlayGiveUp, PlayGuess, PlayNew
from wordguess.web.responses import DAILY_DONE, PlayState
from wordguess.web.state import AppState, app_state

router = APIRouter(prefix="/play", tags=["play"])


@router.post("/new", response_model=PlayState, responses=DAILY_DONE, summary="Start a game: random, daily (by date), evil or absurdle host")
def new(request: PlayNew, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.play_new(state, request)


@router.post("/guess", response_model=PlayState, summary="Play a guess in the token's game (a refused guess costs no turn)")
def guess(request: PlayGuess, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.play_guess(state, request.token, request.guess)


@router.post("/give-up", response_model=PlayState, summary="End the token's game unsolved: the secret and the share text")
def give_up(request: PlayGiveUp, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.play_give_up(state, request.token)
