"""Several boards (Quordle and friends): the assistant and games hosted here."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from wordguess.web import sessions
from wordguess.web.models import BoardsAssistRequest, BoardsPlayNew, PlayGiveUp, PlayGuess
from wordguess.web.responses import DAILY_DONE, BoardsAssistAnswer, BoardsPlayState
from wordguess.web.state import AppState, app_state

router = APIRouter(prefix="/boards", tags=["multi-board"])


@router.post("/assist", response_model=BoardsAssistAnswer, summary="Each board's candidates and the suggestion after the turns so far")
def assist(request: BoardsAssistRequest, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.boards_assist(state, request)


@router.post("/play/new", response_model=BoardsPlayState, responses=DAILY_DONE, summary="Start a multi-board game: distinct random (or daily) secrets")
def new(request: BoardsPlayNew, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.boards_new(state, request)


@router.post("/play/guess", response_model=BoardsPlayState, summary="Play a guess on every unsolved board")
def guess(request: PlayGuess, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.boards_guess(state, request.token, request.guess)


@router.post("/play/give-up", response_model=BoardsPlayState,
             summary="End the token's multi-board game unsolved: the secrets and the share text")
def give_up(request: PlayGiveUp, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return sessions.boards_give_up(state, request.token)
