"""Several boards (Quordle and friends): the assistant (their hosted games are routers/play.py's)."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from wordguess.web import sessions
from wordguess.web.models import BoardsAssistRequest
from wordguess.web.responses import BoardsAssistAnswer
from wordguess.web.state import AppState, app_state

router = APIRouter(prefix="/boards", tags=["multi-board"])


@router.post("/assist", response_model=BoardsAssistAnswer, summary="Each board's candidates and the suggestion after the turns so far")
def assist(request: BoardsAssistRequest, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return state.starts.answer(request.start_key(), lambda: sessions.boards_assist(state, request))
