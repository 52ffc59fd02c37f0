"""The assistant: a game played elsewhere, its candidates and the next suggestions."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from wordguess.web import sessions
from wordguess.web.models import AssistRequest, ShareRequest
from wordguess.web.responses import AssistAnswer, ShareAnswer
from wordguess.web.state import AppState, app_state

router = APIRouter(tags=["assistant"])


@router.post("/assist", response_model=AssistAnswer, summary="Candidates, likeliest secrets and suggestions after the turns so far")
def assist(request: AssistRequest, state: AppState = Depends(app_state)) -> dict:
    with state.compute:
        return state.starts.answer(request.start_key(), lambda: sessions.assist(state, request))


@router.post("/share", response_model=ShareAnswer, summary="A pasted share text read as each board's rows of tiles")
def share(request: ShareRequest) -> dict:
    return sessions.share_rows(request)
