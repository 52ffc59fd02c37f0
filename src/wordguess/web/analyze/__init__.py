"""The analysis of a played game, one board or several, move by move: exact values in a worker
process (analyze.work), within a time budget, at a limited rate per client."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar

from fastapi import APIRouter, Depends, Request
from pydantic import AfterValidator, Field, model_validator

from wordguess.games import MultiBoard
from wordguess.web.analyze.work import analyze_task, boards_analyze_task
from wordguess.web.common import Answer, BoardTurnOut, Noticed, error
from wordguess.web.requests import (
    MAX_TURNS,
    BoardsMember,
    BoardsUse,
    Member,
    Strict,
    Use,
    Words,
)
from wordguess.web.state import AppState, app_state, client_of

router = APIRouter(tags=["analysis"])


# --- the requests ---------------------------------------------------------------------------------

def one_way(secret: str, ways: tuple[str, ...] = ("turns", "share", "secret")) -> dict:
    """Return the ways an analysis takes a game, as the document says them (check_one_way checks
    the same): the turns; or the guesses with the share text; or the guesses with the `secret`
    field (the secret, or a multi-board game's secrets); `ways` those the game takes."""
    every = {
        "turns": {"required": ["turns"], "properties": {"turns": {"minItems": 1}, "guesses": {"maxItems": 0}},
                  "not": {"anyOf": [{"required": ["share"]}, {"required": [secret]}]}},
        "share": {"required": ["guesses", "share"], "properties": {"guesses": {"minItems": 1}, "turns": {"maxItems": 0}},
                  "not": {"required": [secret]}},
        "secret": {"required": ["guesses", secret], "properties": {"guesses": {"minItems": 1}, "turns": {"maxItems": 0}},
                   "not": {"required": ["share"]}},
    }
    return {"oneOf": [every[way] for way in ways]}


def check_one_way(turns: list, guesses: list, share: str | None, secret: object) -> None:
    """Raise ValueError unless the game is given one way (before any work is queued)."""
    if sum([bool(turns), share is not None, secret is not None]) != 1:
        raise ValueError("give the game one way: the turns (guess and reply), or the guesses with the share "
                         "text, or the guesses with the secret")
    if turns and guesses:
        raise ValueError("the turns hold the guesses already: give no guesses besides them")
    if not turns and not guesses:
        raise ValueError("give the guesses played, in order")


class PlayedGame(Strict):
    """A finished (or unfinished) game, given one way: the turns, or the guesses with the share
    text, or the guesses with the secret (`secret_field`: its secret, or a multi-board game's
    secrets), as one_way says and check_one_way checks before any work is queued. A game whose
    host lies is not known from its secret: the turns or the share text say its replies."""

    secret_field: ClassVar[str] = "secret"
    lies: ClassVar[bool] = False

    @classmethod
    def schema_rules(cls, lies: bool) -> list[dict]:
        return [one_way(cls.secret_field, ("turns", "share") if lies else ("turns", "share", "secret"))]

    @model_validator(mode="after")
    def given_one_way(self) -> PlayedGame:
        secret = getattr(self, self.secret_field)
        check_one_way(self.turns, self.guesses, self.share, secret)  # type: ignore[attr-defined]
        if self.lies and secret is not None:
            raise ValueError("this game's host lies, so the replies shown are not known from the secret: give the "
                             "replies as shown (the turns or the share text)")
        return self


class AnalyzeBase(Member, PlayedGame):
    pass


class BoardsAnalyzeBase(BoardsMember, PlayedGame):
    secret_field: ClassVar[str] = "secrets"


def analyze_fields(words: Words, secret: str = "secret", secret_type: Any = None) -> dict:
    return {"guesses": (list[words.word_type()], Field(default_factory=list, max_length=MAX_TURNS)),
            # given or left out, never null (one_way tells them apart by their presence)
            "share": (words.share_type(), Field(None)),
            "turns": (list[words.turn_type()], Field(default_factory=list, max_length=MAX_TURNS)),  # type: ignore[misc]
            secret: (secret_type or words.word_type(), Field(None))}


def one_per_board(rules: MultiBoard) -> Callable[[list], list]:
    """Return the check that a multi-board game's secrets are one per board."""
    def check(secrets: list) -> list:
        if len(secrets) != rules.n_boards:
            raise ValueError(f"{rules.name} has {rules.n_boards} secrets, one per board, not {len(secrets)}")
        return secrets
    return check


def secrets_type(words: Words, rules: MultiBoard) -> Any:
    """Return the type of a multi-board game's secrets: its words, one per board."""
    return Annotated[list[words.word_type()], Field(json_schema_extra={"minItems": rules.n_boards, "maxItems": rules.n_boards}),
                     AfterValidator(one_per_board(rules))]


# A played game to analyse, of one board or several.
AnalyzeRequest = Use("Analyze", AnalyzeBase, analyze_fields, "optional", ("auto", "open", "closed"),
                     answers=False).request()
BoardsAnalyzeRequest = BoardsUse(
    "BoardsAnalyze", BoardsAnalyzeBase, lambda words, rules: analyze_fields(words, "secrets", secrets_type(words, rules)),
    ("auto", "open", "closed")).request()


# --- the answers ----------------------------------------------------------------------------------

RATE_LIMITED = {429: error("Too many of these calls from this client in a minute.")}


class Range(Answer):
    """Bounds on a number of guesses."""

    low: float | None
    """The lower bound (null when the value is unbounded)."""
    high: float | None
    """The upper bound (null when unknown or unbounded)."""
    estimate: float | None = None
    """The best estimate within the bounds when they differ (null when known or not estimated)."""


class ValueOut(Answer):
    """Expected guesses to finish after a guess, itself included."""

    low: float | None
    """The value, or its lower bound; null when the guess can lose."""
    high: float | None
    """The upper bound when only bounds are known, else null."""
    kind: str
    """exact, estimate or bounds."""
    estimate: float | None = None
    """Bounds only: the best estimate within them (the fewest-guesses strategy's second look)."""
    can_lose: bool = False
    """Whether the guess can lose the game (no value then)."""
    win_shown: bool | None = None
    """Where the never-lose guard judged the guess (the open world): whether every secret is still
    shown winnable after it; null when not judged."""


class MoveOut(Answer):
    """The analysis of one move."""

    turn: int
    """The move's number, from 1."""
    guess: str
    """The guess played (list form)."""
    display: str
    """The guess played (display form)."""
    reply: str
    """Its reply in the game's notation."""
    marks: str | None
    """Its tile marks."""
    candidates_before: int
    """Secrets possible before the guess."""
    candidates_after: int
    """Secrets possible after its reply."""
    weight_before: float
    """The candidates' prior weight before (their count in the closed world)."""
    weight_after: float
    """The same after the reply."""
    played: ValueOut
    """Expected guesses to finish with the guess played."""
    best: ValueOut
    """Expected guesses to finish with the best guess."""
    played_text: str
    """The played value as text (e.g. 3.421, ~3.4, can lose)."""
    best_text: str
    """The best value as text."""
    best_guess: str
    """The best guess found (list form)."""
    best_display: str
    """The best guess found (display form)."""
    regret: Range
    """Bounds on played minus best, in guesses."""
    regret_estimate: float | None
    """The best estimate of a regret known only by its bounds (null when known or unestimated)."""
    regret_text: str
    """The regret as shown: exact, ≈estimate (bounds), or the bounds."""
    skill: int | None
    """0-99: how close the guess came to the best (null when unknown)."""
    skill_estimate: int | None
    """The skill of the estimated regret (null when the regret is known or unestimated)."""
    skill_text: str
    """The skill as shown: proven, ~estimated, or -."""
    luck: int
    """0-99: how kind the reply was, against the replies to expect."""
    luck_words: str
    """The luck in words (very unlucky to very lucky)."""
    sentence: str
    """The move in plain words: what it left, how it compares with the best, the luck."""
    luck_by: str
    """guesses (the buckets' values) or weight (their size, when some value is unproven)."""
    bucket_share: float
    """The chance of the reply that came."""
    expected_share: float
    """The chance of the reply to expect: the sum over replies of P(reply)^2."""
    seconds: float
    """Time spent on this move."""


class ChartPoint(Answer):
    """A point of the chart: expected guesses to finish after a move."""

    turn: int
    """The move's number."""
    played: float | None
    """With the guess played (null when it can lose)."""
    best: float | None
    """With the best guess (null when it can lose)."""


class GameSummaryOut(Answer):
    """A game summed up, as WordleBot does."""

    skill: int
    """0 to 99: the skill of the moves' total regret (0 when a sure win was lost)."""
    luck: int
    """0 to 99: the moves' luck on average (50: the replies to expect)."""
    guesses: int
    """The moves analysed."""
    solved: bool
    """Whether the game was solved."""
    strategy: str | None
    """The default strategy, played on the same secret (null when the secret is not known)."""
    strategy_guesses: int | None
    """What it needed there."""


class Analysed(Answer):
    game: str
    """The game's registry name (several boards: the multi-board game's)."""
    world: str
    """open or closed (auto resolved)."""
    guesses: int
    """The number of moves analysed (several boards: the guesses played)."""
    legend: list[str]
    """What the tables' columns and signs mean, a sentence each (those that appear)."""
    seconds: float
    """Time spent on the analysis."""


class AnalysisOut(Analysed):
    """The analysis of a game (or of one board of several), move by move."""

    mode: str
    """normal or hard."""
    kind: str
    """exact (the exact solver, closed world) or estimate."""
    secret: str | None
    """The secret, when the game was solved or it was given."""
    solved: bool
    """Whether the game was solved."""
    beyond_limit: int
    """Guesses played after the game's limit (the game was lost there): not analysed."""
    summary: GameSummaryOut
    """The game in one line's figures."""
    total_regret: Range
    """Bounds on the sum of the moves' regrets."""
    total_regret_text: str
    """The total regret as shown."""
    optimal_guesses: int | None
    """The guesses the optimal (or, estimated, the strategy's) play needed on the secret."""
    optimal_opener: str | None
    """The opener of that play."""
    moves: list[MoveOut]
    """Every move, in order."""
    chart: list[ChartPoint]
    """The chart's series."""


class AnalysisAnswer(AnalysisOut, Noticed):
    """The analysis of a game, move by move."""


class BoardAnalysisOut(AnalysisOut):
    """One board's moves: the turns that reached it, valued for that board alone within the
    game's limit of guesses."""

    board: int
    """The board's number, from 1."""
    max_guesses: int | None
    """The limit its values are proven or estimated within (the game's)."""


class BoardsAnalysisAnswer(Analysed, Noticed):
    """The analysis of a game of several boards: each board's moves, and the game against the
    default multi-board strategy (fewest-total-safe) on the same secrets."""

    max_guesses: int
    """The limit of guesses."""
    finished: bool
    """Whether the game is over: every board solved, or the limit reached."""
    won: bool
    """Whether every board was solved within the limit (false while not finished)."""
    secrets: list[str | None]
    """Each board's secret, when known (solved, or given)."""
    turns: list[BoardTurnOut]
    """The turns played."""
    strategy: str
    """The strategy the game is compared with."""
    strategy_guesses: int | None
    """What it needed on the same secrets (null unless every secret is known)."""
    strategy_opener: str | None
    """Its opener."""
    boards: list[BoardAnalysisOut]
    """Every board, in order."""


# --- the routes -----------------------------------------------------------------------------------

@router.post("/analyze", response_model=AnalysisAnswer, responses=RATE_LIMITED,
             summary="Per-move values (played and best), regret, skill, luck and a chart series")
async def analyze(body: AnalyzeRequest, request: Request, state: AppState = Depends(app_state)) -> dict:
    return await run_analysis(analyze_task, body, request, state)


@router.post("/boards/analyze", response_model=BoardsAnalysisAnswer, responses=RATE_LIMITED,
             summary="A multi-board game: each board's moves (played and best, regret, skill, luck) and the strategy's play")
async def analyze_boards(body: BoardsAnalyzeRequest, request: Request, state: AppState = Depends(app_state)) -> dict:
    return await run_analysis(boards_analyze_task, body, request, state)


async def run_analysis(task_function: Callable[[dict], dict], body: Member | BoardsMember, request: Request,
                       state: AppState) -> dict:
    """Run an analysis in a worker process within the server's budget, at a limited rate per client."""
    state.limiter.check(client_of(request))
    limits = state.limits
    task = {**body.model_dump(), "options": body.options(), "budget": limits.analyze_seconds,
            "matrix_bytes": limits.matrix_mb << 20}
    return await state.pool.run(task_function, task, limits.analyze_seconds + limits.startup_seconds)
