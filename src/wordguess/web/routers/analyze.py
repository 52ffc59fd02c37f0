"""The analysis of a played game, move by move: exact values in a worker process, within a time
budget, at a limited rate per client."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request

from wordguess.errors import WordguessError
from wordguess.web.models import AnalyzeRequest, BoardsAnalyzeRequest
from wordguess.web.responses import RATE_LIMITED, AnalysisAnswer, BoardsAnalysisAnswer
from wordguess.web.state import AppState, app_state, client_of
from wordguess.web.work import analyze_task, boards_analyze_task

router = APIRouter(tags=["analysis"])


@router.post("/analyze", response_model=AnalysisAnswer, responses=RATE_LIMITED,
             summary="Per-move values (played and best), regret, skill, luck and a chart series")
async def analyze(body: AnalyzeRequest, request: Request, state: AppState = Depends(app_state)) -> dict:
    return await run_analysis(analyze_task, body, request, state)


@router.post("/boards/analyze", response_model=BoardsAnalysisAnswer, responses=RATE_LIMITED,
             summary="A multi-board game: each board's moves (played and best, regret, skill, luck) and the strategy's play")
async def analyze_boards(body: BoardsAnalyzeRequest, request: Request, state: AppState = Depends(app_state)) -> dict:
    return await run_analysis(boards_analyze_task, body, request, state)


async def run_analysis(task_function, body, request: Request, state: AppState) -> dict:
    """Run an analysis in a worker process within the server's budget, at a limited rate per client."""
    state.limiter.check(client_of(request))
    limits = state.limits
    task = {**body.model_dump(), "options": body.options(), "budget": limits.analyze_seconds,
            "matrix_bytes": limits.matrix_mb << 20}
    result = await state.pool.run(task_function, task, limits.analyze_seconds + limits.startup_seconds)
    if "error" in result:
        raise WordguessError(result["error"])
    return result
