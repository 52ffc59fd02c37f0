"""What the areas' answers share: the base of every answer model (each field's docstring is its
description in /openapi.json; a field the contract does not name is refused), the refusals every
operation may give, and a turn's JSON (one board or several).

Two forms of a word appear side by side: `guess` (or `next`, a candidate's `word`) is the
display form (Termo's accents, Nerdle's symbols), and `word` is the list form (the key the API
takes back)."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from wordguess.advice.advice import played_turns
from wordguess.games import Game
from wordguess.games.multiboard import BoardReplies
from wordguess.vocab import Word


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class ErrorAnswer(Answer):
    """A refusal."""

    detail: str
    """What was wrong and what is accepted, in one line."""


def error(description: str) -> dict:
    return {"model": ErrorAnswer, "description": description}


# What every API operation may answer besides its success (app.py gives each router these). The
# document says what each game takes (web.requests: its options, words and replies), so a request
# that fits it is refused only for what no document can say: the game's judgement of its words,
# replies and turns.
ERRORS = {
    400: error("The request does not fit this document: a body that is not JSON, a field missing, unknown or of "
               "the wrong type or size, an option the game does not take or out of its range, a word or reply "
               "that is not of the game's symbols and length."),
    409: error("The request fits this document but the game refuses it (its state is unchanged): a word it does not "
               "take (in no list where only listed words count, an equation that does not hold, repeated letters "
               "where they must differ, not the length the options set), a reply that contradicts the turns before "
               "it, a turn after the win, a move in a game that is over."),
    413: error("The body is over the size limit (256 KB)."),
    503: error("The server is busy: try again in a moment."),
}


class Worded(Answer):
    """A guess in its two forms."""

    guess: str
    """The guess as the game shows it."""
    word: str
    """The guess as the word list writes it."""


class TurnOut(Worded):
    """A guess and its reply."""

    reply: str
    """The reply in the game's notation (e.g. G.Y.. or 1A2B)."""
    marks: str | None
    """One mark per tile (G, Y or .), or null for a game whose reply is not per letter."""


class BoardTurnOut(Worded):
    """A guess and its reply on every board."""

    replies: list[str | None]
    """Each board's reply, null for a board solved before this guess."""
    marks: list[str | None]
    """Each board's tile marks, null for a board solved before this guess."""


class Noticed(Answer):
    notices: list[str]
    """One line per word played that is in no list: taken as played, its replies by the rules
    (and, in the assistant's open world, a possible secret)."""


def turns_json(game: Game, turns: Iterable[tuple[Word, BoardReplies]], several: bool = False) -> list[dict]:
    """Return turns (each guess with every board's reply) as TurnOut (`several`: BoardTurnOut)
    has them: written as the assistant's are (advice.PlayedTurn)."""
    return [turn.to_json(several) for turn in played_turns(game, turns)]
