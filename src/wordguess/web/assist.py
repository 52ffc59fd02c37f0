"""The assistant: a game played elsewhere, one board or several, its candidates and the next
suggestions, as the library's advisor gives them (Advice.to_json(): the body of `solve --json`)."""

from __future__ import annotations

from typing import ClassVar, Literal

from fastapi import APIRouter, Depends
from pydantic import Field

from wordguess.advice import Setting
from wordguess.web.common import Answer, BoardTurnOut, Noticed, TurnOut, Worded
from wordguess.web.requests import (
    MAX_ADDED,
    MAX_TURNS,
    BoardsMember,
    BoardsUse,
    Member,
    Use,
    Words,
)
from wordguess.web.state import AppState, app_state

router = APIRouter()


class AssistBase(Member):
    count: int = Field(5, ge=1, le=10, description="The suggestions wanted.")

    def setting(self) -> Setting:
        return Setting.of(self.rules.name, **self.options(), mode=self.mode, world=self.world,  # type: ignore[attr-defined]
                          answers=self.chosen_answers())


class BoardsAssistBase(BoardsMember):
    count: ClassVar[int] = 1  # several boards: the one guess for all

    def setting(self) -> Setting:
        return Setting.of(self.multiboard, **self.options(), world=self.world)  # type: ignore[attr-defined]


def assist_fields(words: Words) -> dict:
    return {"turns": (list[words.turn_type()], Field(default_factory=list, max_length=MAX_TURNS)),  # type: ignore[misc]
            # Words in no list that the game takes (today's new words): guesses and possible secrets.
            "add_words": (list[words.word_type()], Field(default_factory=list, max_length=MAX_ADDED))}


# The game so far, of one board or several.
AssistRequest = Use("Assist", AssistBase, assist_fields, "required", ("open", "closed")).request()
BoardsAssistRequest = BoardsUse("BoardsAssist", BoardsAssistBase, lambda words, rules: assist_fields(words)).request()


class Likely(Answer):
    """A candidate with its chance of being the secret."""

    word: str
    """The candidate as the game shows it."""
    probability: float
    """Its chance of being the secret, given the replies so far."""


class SuggestionOut(Worded):
    """A guess worth playing and what it is expected to achieve."""

    guesses_to_finish: float | None
    """The guesses expected to finish the game when it is played, itself included: each reply's
    bucket costed by its best next guess (the same estimate as the analysis's); null when not
    valued (the guess for several boards)."""
    kind: Literal["exact", "estimate"] | None
    """What `guesses_to_finish` is: exact (proven: one candidate left, or every reply leaves at
    most one) or estimate; null with no value."""
    expected_left: float | None = None
    """The expected number of candidates left after it (null for several boards)."""
    bits: float | None = None
    """The entropy of its buckets, in bits (null for several boards)."""
    can_be_answer: bool | None = None
    """Whether it may be the secret itself (null for several boards)."""
    probability: float | None = None
    """Its chance of being the secret (null for several boards)."""


class AdviceOut(Noticed):
    """What the assistant says of a game, one board or several (the library's Advice)."""

    game: str
    """The game's registry name (several boards: the multi-board game's)."""
    title: str
    """The game's title."""
    mode: str
    """normal or hard."""
    world: str
    """open (any allowed word, weighted by the prior) or closed (the answer list, all alike)."""
    strategy: str
    """The strategy that ranks the suggestions."""
    answers: str
    """The list the secrets come from (in the open world: the allowed guesses, weighted)."""
    length: int | None
    """The length of the game's words."""
    max_guesses: int
    """The game's limit of guesses."""
    guesses_left: int
    """The guesses still allowed (negative once past the limit)."""
    solved: bool
    """Whether the game is won (every board solved)."""
    candidate_count: int
    """How many secrets are still possible (several boards: on all of them)."""
    suggestions: list[SuggestionOut]
    """The best guesses, best first (several boards: the one guess for all; empty once solved)."""
    suggestion: str | None
    """The first suggestion's guess (null once solved)."""


class AssistAnswer(AdviceOut):
    """The candidates and suggestions after the turns so far."""

    turns: list[TurnOut]
    """The turns so far, as the server read them."""
    words: list[str] | None
    """Every candidate (display form) when at most 60 are left, else null."""
    likely: list[Likely]
    """The likeliest candidates, most likely first (at most 20)."""
    ranked_by: Literal["strategy", "proof"]
    """What orders the suggestions: strategy (its choice first, the others by guesses to finish) or
    proof (at a certified opening: the best openers by their least totals, proven over every opener)."""
    win_guarantee: Literal["shown", "impossible", "unknown"] | None
    """Whether a win within the game's limit can be guaranteed from here, whatever the secret's
    prior: shown (the suggestion keeps every candidate winnable), impossible (proven: no strategy
    wins every candidate; the suggestion plays for the likeliest win) or unknown (none shown
    within the search's budget); null when the strategy keeps no such guarantee or once solved."""


class BoardStatusOut(Answer):
    """One board of the multi-board assistant."""

    board: int
    """The board's number, from 1."""
    solved: str | None
    """Its word once guessed, else null."""
    candidate_count: int
    """How many secrets are still possible on it (0 once solved)."""
    likely: list[Likely]
    """Its likeliest candidates (at most 12)."""


class BoardsAssistAnswer(AdviceOut):
    """Each board's candidates and the suggestion after the turns so far."""

    turns: list[BoardTurnOut]
    """The turns so far."""
    boards: list[BoardStatusOut]
    """Every board, in order."""
    ranked_by: Literal["strategy"]
    """What orders the suggestions: the strategy."""
    win_guarantee: Literal["shown", "impossible", "unknown"] | None
    """Whether every board can be found within the guesses left whatever the secrets (every
    combination of the words each board may still be): "shown" (a joint plan was found),
    "impossible" (proven: no play finds them all), "unknown" (neither); null while the boards hold
    more candidates than the never-lose check looks at (80), or with a strategy without it."""


@router.post("/assist", response_model=AssistAnswer, tags=["assistant"],
             summary="Candidates, likeliest secrets and suggestions after the turns so far")
async def assist(request: AssistRequest, state: AppState = Depends(app_state)) -> dict:
    return await advise(state, request)


@router.post("/boards/assist", response_model=BoardsAssistAnswer, tags=["multi-board"], name="assist",
             summary="Each board's candidates and the suggestion after the turns so far")
async def assist_boards(request: BoardsAssistRequest, state: AppState = Depends(app_state)) -> dict:
    return await advise(state, request)


async def advise(state: AppState, request: AssistBase | BoardsAssistBase) -> dict:
    """Return the advice after the request's turns, made once per position (state.KeptAdvice); a
    word added twice is added once."""
    added = list(dict.fromkeys(request.add_words))  # type: ignore[attr-defined]
    setting = request.setting()
    turns = [(t.guess, t.reply) for t in request.turns]  # type: ignore[attr-defined]
    position = (setting, tuple(added), tuple(turns), request.count)
    return await state.kept.answer(position, lambda: state.advise((setting, turns, added, request.count)))
