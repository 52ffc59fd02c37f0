"""Games hosted here, of one board (random, daily, evil, absurdle) or several (random, daily): the
state travels in a signed token. One set of routes for both (`hosted_routes`), each on its models."""

# No `from __future__ import annotations`: the routes' annotations are the models passed in, which
# FastAPI reads from the functions as they are made.

from fastapi import APIRouter, Depends

from wordguess.web import sessions
from wordguess.web.models import BoardsPlayNew, PlayGiveUp, PlayGuess, PlayNew
from wordguess.web.responses import ADVERSARY, DAILY_DONE, TOKEN, BoardsPlayState, PlayState
from wordguess.web.state import AppState, app_state


def hosted_routes(router: APIRouter, new_model: type, answer: type, boards: bool, summaries: tuple[str, str, str]) -> None:
    """Add /new, /guess and /give-up to the router, for games of one board or of several."""

    @router.post("/new", response_model=answer, responses={**DAILY_DONE, **ADVERSARY}, summary=summaries[0])
    def new(request: new_model, state: AppState = Depends(app_state)) -> dict:  # type: ignore[valid-type]
        with state.compute:
            return sessions.hosted_start(state, request, boards)

    @router.post("/guess", response_model=answer, responses=TOKEN, summary=summaries[1])
    def guess(request: PlayGuess, state: AppState = Depends(app_state)) -> dict:
        with state.compute:
            return sessions.hosted_move(state, request.token, boards, lambda session: session.guess(request.guess))

    @router.post("/give-up", response_model=answer, responses=TOKEN, summary=summaries[2])
    def give_up(request: PlayGiveUp, state: AppState = Depends(app_state)) -> dict:
        with state.compute:
            return sessions.hosted_move(state, request.token, boards, lambda session: session.stop())


router = APIRouter(prefix="/play", tags=["play"])
hosted_routes(router, PlayNew, PlayState, False, (
    "Start a game: random, daily (by date), evil or absurdle host",
    "Play a guess in the token's game (a refused guess costs no turn)",
    "End the token's game unsolved: the secret and the share text"))
boards_router = APIRouter(prefix="/boards/play", tags=["multi-board"])
hosted_routes(boards_router, BoardsPlayNew, BoardsPlayState, True, (
    "Start a multi-board game: distinct random (or daily) secrets",
    "Play a guess on every unsolved board",
    "End the token's multi-board game unsolved: the secrets and the share text"))
