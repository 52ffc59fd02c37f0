"""The API's contract: request bodies with their limits (a bad body is a 422 before any code
runs) and the shapes of the answers."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from wordguess.games.mastermind import COLOURS, PEGS

MAX_ADDED = 50  # words added to a game's lists by one request
MAX_TURNS = 40  # turns in a history (an adversary's game may run past the usual limit)
MAX_WORD = 24  # characters of a guess
MAX_REPLY = 300  # characters of a reply (a multi-board reply holds one per board)
MAX_SHARE = 4000  # characters of a pasted share text
MAX_TOKEN = 4000  # characters of a game token

GameName = Annotated[str, StringConstraints(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9.\- ]+$")]
Guess = Annotated[str, StringConstraints(min_length=1, max_length=MAX_WORD)]
ReplyText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_REPLY)]
MAX_PREVIOUS = 8  # today's daily tokens a page sends with a new game
Token = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TOKEN)]
ListName = Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9\-]*$")]  # never a file


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


GAME_OPTIONS = ("length", "language", "first", "pegs", "colours")  # the game's options among a setting's fields
Language = Annotated[str | None, Field(pattern=r"^[a-z]{2}$")]  # Wordle's language (en, de, es, ...), its boards' too


class GameSetting(Strict):
    """The game, its options and the mode, as the game picker sets them."""

    game: GameName = "wordle"  # a registered game or alias (multi-board ones for /api/boards)
    length: int | None = Field(None, ge=1, le=MAX_WORD)  # word length: the game checks its own range
    language: Language = None
    first: str | None = Field(None, min_length=1, max_length=2)  # Sutom's revealed first letter
    # Mastermind's, as the game takes them (GET /api/games says so; too many codes: the game's one-line refusal)
    pegs: int | None = Field(None, ge=PEGS.start, le=PEGS.stop - 1)
    colours: int | None = Field(None, ge=COLOURS.start, le=COLOURS.stop - 1)
    mode: Literal["normal", "hard"] = "normal"


class Setting(GameSetting):
    """A game setting with its world."""

    world: Literal["open", "closed"] = "open"  # open: any allowed word may be the secret, weighted
    # the secrets' list: one of the registered lists GET /api/games gives for the game (None: its default);
    # the closed world's, since the open world's secrets are every allowed word (for a game with a prior)
    answers: ListName | None = None


class Turn(Strict):
    """A guess and the reply it got, in any of the game's notations (e.g. G.Y.., 🟩⬛🟨⬛⬛)."""

    guess: Guess
    reply: ReplyText


class AssistRequest(Setting):
    """The game so far; the answer is the candidates and the suggestions."""

    turns: list[Turn] = Field(default_factory=list, max_length=MAX_TURNS)
    count: int = Field(5, ge=1, le=10)  # suggestions wanted
    # Words in no list that the game takes (today's new words): guesses and possible secrets.
    add_words: list[Guess] = Field(default_factory=list, max_length=MAX_ADDED)


class ShareRequest(Setting):
    """A pasted share text of the setting's game (one board or several), to be read as tiles."""

    text: str = Field(min_length=1, max_length=MAX_SHARE)


class PlayNew(Setting):
    """A new game hosted here."""

    host: Literal["random", "daily", "evil", "absurdle"] = "random"
    # The page's tokens of today's daily games: one of this daily that is over refuses a new one
    # (one attempt a day, 409); one still being played is resumed.
    previous: list[Token] = Field(default_factory=list, max_length=MAX_PREVIOUS)


class PlayGuess(Strict):
    """A guess in a game hosted here (the token holds the game)."""

    token: Token
    guess: Guess


class PlayGiveUp(Strict):
    """The end of a game hosted here, unsolved (the token holds the game)."""

    token: Token


def one_way(secret: str) -> dict:
    """Return the three ways an analysis takes a game, as the document says them (check_one_way
    checks the same): the turns; or the guesses with the share text; or the guesses with the
    `secret` field (the secret, or a multi-board game's secrets)."""
    return {"oneOf": [
        {"required": ["turns"], "properties": {"turns": {"minItems": 1}, "guesses": {"maxItems": 0}},
         "not": {"anyOf": [{"required": ["share"]}, {"required": [secret]}]}},
        {"required": ["guesses", "share"], "properties": {"guesses": {"minItems": 1}, "turns": {"maxItems": 0}},
         "not": {"required": [secret]}},
        {"required": ["guesses", secret], "properties": {"guesses": {"minItems": 1}, "turns": {"maxItems": 0}},
         "not": {"required": ["share"]}},
    ]}


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
    secrets), as one_way says and check_one_way checks before any work is queued."""

    secret_field: ClassVar[str] = "secret"

    world: Literal["auto", "open", "closed"] = "auto"  # auto: closed when the game fits the answer list
    guesses: list[Guess] = Field(default_factory=list, max_length=MAX_TURNS)
    # given or left out, never null (one_way tells them apart by their presence)
    share: str = Field(None, max_length=MAX_SHARE)  # type: ignore[assignment]
    turns: list[Turn] = Field(default_factory=list, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def one_way(self) -> PlayedGame:
        check_one_way(self.turns, self.guesses, self.share, getattr(self, self.secret_field))
        return self


class AnalyzeRequest(GameSetting, PlayedGame):
    """A game of one board to analyse: the turns, or the guesses with the share text or the secret."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=one_way("secret"))

    secret: Guess = None  # type: ignore[assignment]


class BoardsAnalyzeRequest(PlayedGame):
    """A multi-board game to analyse: the turns (each reply one per unsolved board), or the
    guesses with the share grid, or the guesses with the secrets (one per board)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=one_way("secrets"))
    secret_field: ClassVar[str] = "secrets"

    game: GameName = "quordle"
    language: Language = None
    secrets: list[Guess] = Field(None, min_length=1, max_length=64)  # type: ignore[assignment]


class BoardsAssistRequest(Strict):
    """A multi-board game so far: each turn's reply holds one reply per unsolved board."""

    game: GameName = "quordle"
    language: Language = None
    world: Literal["open", "closed"] = "open"
    turns: list[Turn] = Field(default_factory=list, max_length=MAX_TURNS)
    # Words the game takes that are in no list (as AssistRequest's): guesses, and in the open
    # world possible secrets on each board whose replies they fit.
    add_words: list[Guess] = Field(default_factory=list, max_length=MAX_ADDED)


class BoardsPlayNew(Strict):
    game: GameName = "quordle"
    language: Language = None
    world: Literal["open", "closed"] = "open"
    host: Literal["random", "daily"] = "random"
    previous: list[Token] = Field(default_factory=list, max_length=MAX_PREVIOUS)  # as PlayNew's
