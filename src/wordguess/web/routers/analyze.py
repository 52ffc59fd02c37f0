"""The analysis of a played game, move by move: exact values in a worker process, within a time
budget, at a limited rate per client."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request

from wordguess.errors import WordguessError
from wordguess.web.models import AnalyzeRequest
from wordguess.web.responses import RATE_LIMITED, AnalysisAnswer
from wordguess.web.state import AppState, app_state, client_of
from wordguess.web.work import analyze_task

router = APIRouter(tags=["analysis"])


@router.post("/analyze", response_model=AnalysisAnswer, responses=RATE_LIMITED,
             summary="Per-move values (played and best), regret, skill, luck and a chart series")
async def analyze(body: AnalyzeRequest, request: Request, state: AppState = Depends(app_state)) -> dict:
    state.limiter.check(client_of(request))
    limits = state.limits
    task = {**body.model_dump(), "budget": limits.analyze_seconds, "matrix_bytes": limits.matrix_mb << 20}
    result = await state.pool.run(analyze_task, task, limits.analyze_seconds + limits.startup_seconds)
    if "error" in result:
        raise WordguessError(result["error"])
    return result
