"""Games hosted here, of one board (random, daily, evil, absurdle) or several (random, daily):
made as `play` makes them (play.hosted.new_hosted_game), their state in a token the page keeps,
signed with the server's key. The secret is not in the token: it follows from the token's nonce
(a daily's from the day) and the key. One set of routes for both kinds (`hosted_routes`)."""

# No `from __future__ import annotations`: the routes' annotations are the models passed in, which
# FastAPI reads from the functions as they are made.

import dataclasses
import datetime
import functools
import hashlib
import hmac
import secrets as random_secrets
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException
from pydantic import Field, StrictBool, StringConstraints, TypeAdapter, ValidationError

from wordguess.engine.patterns import check_size
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import GAMES, is_multiboard
from wordguess.play.daily import (
    daily_number,
    daily_seed,
    daily_variant,
    player_day,
    practice_day,
    seconds_to_next_day,
)
from wordguess.play.hosted import HostedGame, new_hosted_game
from wordguess.play.simulate import SAFETY_LIMIT
from wordguess.web import patterns
from wordguess.web.common import (
    ERRORS,
    Answer,
    BoardTurnOut,
    TurnOut,
    error,
    turns_json,
)
from wordguess.web.options import MAX_WORD, every_setting
from wordguess.web.requests import (
    MAX_PREVIOUS,
    MAX_TURNS,
    BoardsMember,
    BoardsUse,
    Member,
    Strict,
    Token,
    Use,
    union_members,
)
from wordguess.web.state import AppState, TokenRefused, app_state

router = APIRouter()


# --- the requests ---------------------------------------------------------------------------------

DAY = Field(None, description="A daily's day (ISO date): the player's date (the server takes its own or a day "
                             "either side, else 409); none: the server's date. With `practice`, any past day.")
# A date as ISO text (not a number of seconds, which a lax date would take); a day no calendar has
# (2024-02-31) is the game's refusal, 409, as a day that is not open.
IsoDate = Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")]
PRACTICE = Field(False, description="A past day's daily played as practice: any day up to today, no attempt checked.")


class PlayNewBase(Member):
    host: Literal["random", "daily", "evil", "absurdle"] = "random"
    # The page's tokens of today's daily games: one of this daily that is over refuses a new one
    # (one attempt a day, 409); one still being played is resumed.
    previous: list[Token] = Field(default_factory=list, max_length=MAX_PREVIOUS)
    day: IsoDate | None = DAY
    practice: StrictBool = PRACTICE


class BoardsPlayNewBase(BoardsMember):
    host: Literal["random", "daily"] = "random"
    previous: list[Token] = Field(default_factory=list, max_length=MAX_PREVIOUS)  # as PlayNew's
    day: IsoDate | None = DAY
    practice: StrictBool = PRACTICE


# A new game hosted here, of one board or several.
PlayNew = Use("PlayNew", PlayNewBase, lambda words: {}, "hosted", ("open", "closed")).request()
BoardsPlayNew = BoardsUse("BoardsPlayNew", BoardsPlayNewBase, lambda words, rules: {}).request()

# Any game's guess (the token names the game): the broadest pattern of every game's words.
AnyGuess = Annotated[str, StringConstraints(max_length=MAX_WORD, pattern=patterns.word_pattern(
    [g for cls in GAMES.values() for _, g in every_setting(cls)]))]


class PlayGuess(Strict):
    """A guess in a game hosted here (the token holds the game)."""

    token: Token
    guess: AnyGuess


class PlayGiveUp(Strict):
    """The end of a game hosted here, unsolved (the token holds the game)."""

    token: Token


# --- the answers ----------------------------------------------------------------------------------

DAILY_DONE = {409: error(f"{ERRORS[409]['description']} Or today's daily of this game was played in this browser "
                         "already (one attempt a day), or its day is not open (a player's date is the server's or "
                         "a day either side; a practice day is past).")}
ADVERSARY = {403: error("The server does not play this host on this game: an adversary (evil, absurdle) needs the "
                        "game's whole pattern matrix, and this one is over the server's limit.")}
TOKEN = {401: {**error("The game token is not one this server can take: changed, signed by another server (or an "
                       "earlier run without a kept key), not its game's latest state (an earlier page kept it), or "
                       "of a game this server no longer plays as started. Start a new game."),
               "headers": {"WWW-Authenticate": {"description": "The token scheme: Token realm=\"wordguess games\".",
                                                "required": True, "schema": {"type": "string"}}}}}


class DailyOut(Answer):
    """What names a daily game, for the page's record of its dailies."""

    day: str
    """The date of the daily (ISO): the player's, as the new game's request gave it (else the server's)."""
    variant: str
    """The daily game: its rules with their options, world and answer list (one secret a day each)."""
    next_in: int
    """Seconds until the server's next midnight (the page counts to the player's own)."""
    practice: bool
    """A past day's daily played as practice (not in the player's record)."""


class HostedOut(Answer):
    token: str
    """The signed state of the game: send it with the next move."""
    game: str
    """The game's registry name (several boards: the multi-board game's)."""
    length: int | None
    """The length of the game's words."""
    alphabet: str | None
    """The symbols of the game's words (the keyboard)."""
    keyboard_rows: list[str]
    """The keyboard's rows of keys (the language's own)."""
    over: bool
    """Whether the game has ended (solved, out of guesses or given up)."""
    won: bool
    """Whether the game was won (every board solved within the limit)."""
    daily: DailyOut | None
    """The daily game's day and variant (null: not a daily)."""
    share: str | None
    """The share text (title, score and grid), once the game is over."""


class PlayState(HostedOut):
    """A game hosted here, after the latest move."""

    title: str
    """The game's title."""
    host: str
    """random, daily, evil or absurdle."""
    answers: str
    """The list the secret comes from (in the open world: the allowed guesses, weighted)."""
    max_guesses: int | None
    """The limit of guesses (null: unlimited)."""
    guesses_left: int | None
    """The guesses still allowed (null: unlimited)."""
    clue: str | None
    """What the game reveals before the first guess (Sutom's first letter), or null."""
    word_text: str
    """What a word of the game is ("5-letter word", "8-symbol equation", "4-peg code")."""
    symbols: str
    """What its symbols are called, plural ("letters", "symbols", "pegs")."""
    tiles: bool
    """Whether the reply is one mark per letter."""
    turns: list[TurnOut]
    """The guesses played and their replies."""
    keyboard: dict[str, str]
    """Each letter played -> its best mark (G, Y or .); empty for a game without tiles."""
    adversary_candidates: int | None
    """How many secrets an adversary (evil, absurdle) still keeps possible; null for a fixed secret."""
    secret: str | None
    """The secret, once the game is over."""


class BoardsPlayState(HostedOut):
    """A multi-board game hosted here, after the latest move."""

    boards: int
    """The number of boards."""
    max_guesses: int
    """The limit of guesses."""
    guesses_left: int
    """The guesses still allowed (0 or less once the limit is reached)."""
    turns: list[BoardTurnOut]
    """The guesses played and their replies on each board."""
    solved: list[bool]
    """Whether each board is solved."""
    keyboards: list[dict[str, str]]
    """Per board: each letter played -> its best mark there (G, Y or .)."""
    secrets: list[str] | None
    """The boards' secrets, once the game is over."""


# --- the routes -----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Hosting:
    """Games hosted here of one board or of several: the request that starts one, the answer,
    the setting its token keeps and how a state is written."""

    several: bool
    new: Any  # the request union of a new game
    answer: type[HostedOut]
    to_json: Callable[[HostedGame, dict], dict]  # (session, token) -> the fields of `answer` HostedOut does not name

    @functools.cached_property
    def adapter(self) -> TypeAdapter:
        return TypeAdapter(self.new)

    @functools.cached_property
    def fields(self) -> frozenset[str]:
        """Return the fields of the setting a token keeps: its new game's, but what is not setting."""
        return frozenset(name for model in union_members(self.new) for name in model.model_fields) - NOT_SETTING

    def setting(self, token: dict) -> Member | BoardsMember:
        """Return the setting of a token's game, as its new game's request gave it."""
        try:
            return self.adapter.validate_python({k: v for k, v in token.items() if k in self.fields and v is not None})
        except ValidationError:
            raise TokenRefused("this game was started in a setting this server no longer plays: start a new game") from None


def hosted_routes(kind: Hosting, prefix: str, tag: str, summaries: tuple[str, str, str]) -> None:
    """Add /new, /guess and /give-up under `prefix` to the router, for games of one board or of several."""

    @router.post(f"{prefix}/new", response_model=kind.answer, responses={**DAILY_DONE, **ADVERSARY}, tags=[tag],
                 summary=summaries[0])
    def new(request: kind.new, state: AppState = Depends(app_state)) -> dict:  # type: ignore[name-defined]
        with state.compute:
            return hosted_start(state, request, kind)

    @router.post(f"{prefix}/guess", response_model=kind.answer, responses=TOKEN, tags=[tag], summary=summaries[1])
    def guess(request: PlayGuess, state: AppState = Depends(app_state)) -> dict:
        with state.compute:
            return hosted_move(state, request.token, kind, lambda session: session.guess(request.guess))

    @router.post(f"{prefix}/give-up", response_model=kind.answer, responses=TOKEN, tags=[tag], summary=summaries[2])
    def give_up(request: PlayGiveUp, state: AppState = Depends(app_state)) -> dict:
        with state.compute:
            return hosted_move(state, request.token, kind, lambda session: session.stop())


def one_board_json(session: HostedGame, token: dict) -> dict:
    game = session.game
    limit = None if session.max_guesses >= SAFETY_LIMIT else session.max_guesses
    return {"title": game.title, "host": token["host"], "answers": session.puzzle.answers.name,
            "max_guesses": limit, "guesses_left": None if limit is None else limit - len(session.turns),
            "clue": game.clue(), "word_text": game.word_text() if game.length else game.word_noun,
            "symbols": game.symbol_noun + "s", "tiles": game.per_letter_marks,
            "turns": turns_json(game, session.turns),
            "keyboard": session.letter_states()[0] if game.per_letter_marks else {},
            "adversary_candidates": session.remaining if token["host"] in ("evil", "absurdle") else None,
            "secret": game.display(session.secrets()[0]) if session.over else None}


def boards_json(session: HostedGame, token: dict) -> dict:
    rules = session.rules
    return {"boards": rules.n_boards, "max_guesses": rules.max_guesses,
            "guesses_left": rules.max_guesses - len(session.turns), "turns": turns_json(rules.board, session.turns, several=True),
            "solved": session.solved_mask(), "keyboards": session.letter_states(),
            "secrets": [rules.board.display(w) for w in session.secrets()] if session.over else None}


ONE_BOARD = Hosting(False, PlayNew, PlayState, one_board_json)
BOARDS = Hosting(True, BoardsPlayNew, BoardsPlayState, boards_json)
hosted_routes(ONE_BOARD, "/play", "play", (
    "Start a game: random, daily (by date), evil or absurdle host",
    "Play a guess in the token's game (a refused guess costs no turn)",
    "End the token's game unsolved: the secret and the share text"))
hosted_routes(BOARDS, "/boards/play", "multi-board", (
    "Start a multi-board game: distinct random (or daily) secrets",
    "Play a guess on every unsolved board",
    "End the token's multi-board game unsolved: the secrets and the share text"))


# --- the games ------------------------------------------------------------------------------------

TOKEN_FIELDS = ("game", "host", "world", "turns", "stopped", "nonce")
NOT_SETTING = frozenset({"previous", "day", "practice"})  # what a new game's request says besides its setting


def new_game_state(request: PlayNewBase | BoardsPlayNewBase) -> dict:
    """Return the state of a new hosted game, as its token holds it: the setting, the turns, and
    a nonce naming the game (a random game's secret follows from it and the key; a daily's from
    the day, its variant and the key)."""
    token = {**request.model_dump(exclude=set(NOT_SETTING)), "turns": [], "stopped": False,
             "nonce": random_secrets.token_hex(8),
             "day": daily_day(request).isoformat() if request.host == "daily" else None}
    if request.host == "daily" and request.practice:
        token["practice"] = True
    return token


def daily_day(request: PlayNewBase | BoardsPlayNewBase) -> datetime.date:
    """Return the day of a new daily: the player's date within a day of the server's, or a past
    day's played as practice (play.daily; another day is refused, 409)."""
    today = datetime.date.today()
    try:
        day = None if request.day is None else datetime.date.fromisoformat(request.day)
    except ValueError:
        raise WordguessError(f"{request.day} is not a day of the calendar") from None
    if request.practice and day is not None:
        return practice_day(day, today)
    return player_day(day, today)


def game_seed(state: AppState, token: dict, variant: str) -> int:
    """Return the seed of a game's secret: keyed, so that neither a page (which reads its token's
    nonce) nor anyone without the server's key can work out the secret. A daily game's
    (play.daily): the same for every player of this server on that date, and distinct per game,
    variant and world (`variant`, kept in the token)."""
    if token.get("day"):
        token["variant"] = variant
        return daily_seed(state.settings.key, datetime.date.fromisoformat(token["day"]), variant)
    return int.from_bytes(hmac.new(state.settings.key.encode(), token["nonce"].encode(), hashlib.sha256).digest()[:8],
                          "big")


def hosted(state: AppState, token: dict, kind: Hosting) -> tuple[HostedGame, str]:
    """Return the game of a token with its turns replayed, and its share title: made as `play`
    makes it (play.hosted.new_hosted_game), its secrets from the server's key (game_seed)."""
    setting = kind.setting(token)
    if kind.several:
        boards = setting.board_rules()  # type: ignore[union-attr]
        rules, mode, answers = boards.board, "normal", None
    else:
        boards = None
        rules, mode, answers = setting.game_rules(), setting.mode, setting.chosen_answers()  # type: ignore[union-attr]
    spec = PuzzleSpec(rules, answers=answers, mode=mode, world=token["world"])
    puzzle = state.puzzles.get(spec)
    if token.setdefault("lists", puzzle.fingerprint[:12]) != puzzle.fingerprint[:12]:  # the lists it was started on
        raise TokenRefused("this game was started on other word lists (the server was upgraded): start a new game")
    host = "random" if token["host"] in ("random", "daily") else token["host"]
    if host != "random":  # an adversary plays on the whole list: its matrix is needed from the first guess on
        try:
            check_size(puzzle.game, len(puzzle.guesses), len(puzzle.answers), puzzle.store.max_bytes)
        except WordguessError as exc:
            raise HTTPException(403, f"{token['host']} is not played on this game here: {exc}") from None
    key = rules.key if boards is None else f"{boards.name}/{rules.key}"
    seed = game_seed(state, token, daily_variant(key, puzzle.world, puzzle.answers.name))
    session = new_hosted_game(puzzle, host, seed, boards, restrict=lambda revealed: state.puzzles.restricted(spec, revealed),
                              max_guesses=min(SAFETY_LIMIT, MAX_TURNS))
    for word in token["turns"]:
        session.guess(word)
    if token.get("stopped"):
        session.stop()
    return session, title_of(token, session.share_name)


def title_of(token: dict, name: str) -> str:
    """Return the first line of a hosted game's share text."""
    if token["host"] in ("evil", "absurdle"):
        name = f"{token['host']} ({name})"
    day = token.get("day")
    return f"wordguess {name}" + (f" {daily_number(datetime.date.fromisoformat(day)):,}" if day else "")


def state_json(state: AppState, token: dict, session: HostedGame, title: str, kind: Hosting) -> dict:
    """Return a hosted game's state as its answer (`kind.answer`) has it."""
    game = session.game
    daily = ({"day": token["day"], "variant": token["variant"], "next_in": seconds_to_next_day(),
              "practice": bool(token.get("practice"))} if token.get("day") else None)
    return {"token": state.tokens.dump(token), "game": session.rules.name,
            "length": game.length, "alphabet": game.alphabet, "keyboard_rows": list(game.keyboard()),
            "over": session.over, "won": session.won, "daily": daily,
            "share": session.share_text(title) if session.over else None, **kind.to_json(session, token)}


def hosted_start(state: AppState, request: PlayNewBase | BoardsPlayNewBase, kind: Hosting) -> dict:
    """Start a hosted game and return its first state. A daily game is played once a day: the
    page sends its tokens of today's dailies (`previous`); one of this daily that is over (won,
    lost or given up) refuses a new one (409), one still being played is resumed."""
    token = new_game_state(request)
    session, title = hosted(state, token, kind)
    if token.get("day") and not token.get("practice"):
        for text in request.previous:
            earlier = same_daily(state, text, token)
            if earlier is None:
                continue
            old, old_title = hosted(state, earlier, kind)
            moved_on = not state.ledger.latest(earlier["nonce"], len(earlier["turns"]), bool(earlier["stopped"]))
            if old.over or moved_on:
                outcome = (f"solved in {len(old.turns)}" if old.won else "not solved") if old.over else "played"
                raise HTTPException(409, f"today's daily {old_title.removeprefix('wordguess ')} was {outcome} here: "
                                         "the next one comes at midnight; start a random game meanwhile")
            return state_json(state, earlier, old, old_title, kind)
    state.ledger.record(token["nonce"], 0, False)
    return state_json(state, token, session, title, kind)


def same_daily(state: AppState, text: str, token: dict) -> dict | None:
    """Return the game of a token the page kept when it is the same daily as `token` (same day
    and variant, a token of this server), else None."""
    try:
        earlier = state.tokens.load(text)
    except TokenRefused:
        return None
    same = (earlier.get("day") == token["day"] and earlier.get("variant") == token.get("variant")
            and earlier.get("game") == token["game"] and all(k in earlier for k in TOKEN_FIELDS))
    return earlier if same else None


def hosted_move(state: AppState, token_text: str, kind: Hosting, move) -> dict:
    """Replay the token's game, make the move (a guess, or giving up) and return the new state.
    A token of the other page's kind is refused, and so is one that is not its game's latest
    state here (an earlier one kept by the page, or one from before the game ended)."""
    token = state.tokens.load(token_text)
    if is_multiboard(str(token.get("game", ""))) != kind.several or not all(k in token for k in TOKEN_FIELDS):
        raise TokenRefused("this token is not a game of this page: start a new one")
    if not kind.several and len(token["turns"]) >= MAX_TURNS:
        raise WordguessError(f"a game here has at most {MAX_TURNS} guesses")
    state.ledger.check(token["nonce"], len(token["turns"]), bool(token["stopped"]))
    session, title = hosted(state, token, kind)
    move(session)
    token["turns"] = [g for g, _ in session.turns]
    token["stopped"] = session.stopped
    state.ledger.record(token["nonce"], len(token["turns"]), session.over)
    return state_json(state, token, session, title, kind)
