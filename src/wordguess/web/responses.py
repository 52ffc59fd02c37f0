"""The API's answers: one pydantic model per route's JSON (the routes declare them as their
`response_model`, so /openapi.json shows every field with its description). Each field's
docstring is its description. Extra fields are refused, so a route cannot answer with a field the
contract does not name.

Two forms of a word appear side by side: `guess` (or `next`, `word` in `Likely`) is the display
form (Termo's accents, Nerdle's symbols), and `word` is the list form (the key the API takes
back)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


# --- errors -------------------------------------------------------------------------------------

class ErrorAnswer(Answer):
    """A refusal."""

    detail: str
    """What was wrong and what is accepted, in one line."""


def error(description: str) -> dict:
    return {"model": ErrorAnswer, "description": description}


# What every API operation may answer besides its success (app.py gives each router these). The
# document says what each game takes (web.models: its options, words and replies), so a request
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
NOT_FOUND = {404: error("The path leaves the tree: a guess it does not play, or a reply none of its secrets gives.")}
RATE_LIMITED = {429: error("Too many of these calls from this client in a minute.")}


# --- shared pieces ------------------------------------------------------------------------------

class TurnOut(Answer):
    """A guess and its reply."""

    guess: str
    """The guess as the game shows it."""
    word: str
    """The guess as the word list writes it."""
    reply: str
    """The reply in the game's notation (e.g. G.Y.. or 1A2B)."""
    marks: str | None
    """One mark per tile (G, Y or .), or null for a game whose reply is not per letter."""


class Likely(Answer):
    """A candidate with its chance of being the secret."""

    word: str
    """The candidate as the game shows it."""
    probability: float
    """Its chance of being the secret, given the replies so far."""


class Range(Answer):
    """Bounds on a number of guesses."""

    low: float | None
    """The lower bound (null when the value is unbounded)."""
    high: float | None
    """The upper bound (null when unknown or unbounded)."""
    estimate: float | None = None
    """The best estimate within the bounds when they differ (null when known or not estimated)."""


# --- the game picker ----------------------------------------------------------------------------

class ChoiceInfo(Answer):
    """One value an option takes."""

    value: str
    """What the request field takes (de)."""
    label: str
    """What the picker shows (Deutsch)."""
    keyboard: list[str] | None = None
    """The keyboard's rows of keys with this value (a language's own), or null."""


class OptionInfo(Answer):
    """An option a game asks for."""

    option: str
    """The request field that sets it (length, first, pegs, colours)."""
    question: str
    """What it asks, as the picker labels it."""
    default: int | str | None
    """The game's default, or null when it must be given (Sutom's length in the assistant)."""
    hosted: int | str | None
    """The value a hosted game takes when it is not given."""
    kind: str
    """Its type: int or str."""
    choices: list[ChoiceInfo] | None = None
    """The values it takes, when they are few (Wordle's languages); null: any of its type."""
    least: int | None = None
    """The smallest whole number it takes (Sutom's length: 2), or null."""
    most: int | None = None
    """The largest whole number it takes (Mastermind's colours: 9), or null."""


class AnswerListInfo(Answer):
    """A registered list a game's secrets may be drawn from."""

    name: str
    """The list's registry name (what `answers` takes)."""
    description: str
    """What the list holds."""
    lengths: list[int] | None
    """The word lengths (the game's length option) it fits; null: whatever the options give."""


class GameInfo(Answer):
    """A registered game as the picker shows it."""

    name: str
    """Its registry name (what `game` takes)."""
    title: str
    """Its title."""
    language: str | None
    """The language of its words, as its speakers write it; null for codes and equations."""
    multiboard: bool
    """Whether it is played on several boards (the /api/boards routes)."""
    boards: int | None = None
    """The number of boards of a multi-board game (null for a single board)."""
    board: str | None = None
    """The single-board game each board plays (null for a single board)."""
    aliases: list[str]
    """Other names `game` takes for it."""
    max_guesses: int
    """The real game's limit of guesses."""
    hard_mode: bool
    """Whether it has a hard mode."""
    worlds: bool
    """Whether it has an open world (a prior weighing every allowed word) besides the closed one."""
    tiles: bool
    """Whether its reply is one mark per letter (tiles and a coloured keyboard)."""
    length: int | None
    """The length of its words, or null when an option sets it."""
    alphabet: str | None
    """The symbols of its words (the keyboard), or null when not fixed."""
    keyboard: list[str] | None = None
    """The keyboard's rows of keys, as its players know them (null: the alphabet in one row)."""
    options: list[OptionInfo]
    """The options it asks for."""
    replies: str
    """The notations its replies may be written in."""
    answer_lists: list[AnswerListInfo]
    """The answer lists of each length, its default first (none for a multi-board game): `answers`
    names one at the game's default setting; another setting of a game whose options change its
    words plays its own list."""


# --- the assistant ------------------------------------------------------------------------------

class SuggestionOut(Answer):
    """A guess worth playing and what it is expected to achieve."""

    guess: str
    """The guess as the game shows it."""
    word: str
    """The guess as the word list writes it."""
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


class ShareAnswer(Answer):
    """A pasted share text read by the game's own parser."""

    game: str
    """The game's registry name."""
    boards: list[list[str]]
    """Each board's rows of tile marks, G (right place), Y (elsewhere) or . (absent), one row
    per guess up to the one that solved the board; one board for a single-board game."""


class AdviceOut(Answer):
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
    notices: list[str]
    """One line per word of the turns that is in no list: taken as played, its replies by the
    rules (and, in the open world, a possible secret)."""


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
    """Whether a win within the game's limit can be promised from here, whatever the secret's
    prior: shown (the suggestion keeps every candidate winnable), impossible (proven: no strategy
    wins every candidate; the suggestion plays for the likeliest win) or unknown (none shown
    within the search's budget); null when the strategy keeps no such guarantee or once solved."""


# --- games hosted here --------------------------------------------------------------------------

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


class PlayState(Answer):
    """A game hosted here, after the latest move."""

    token: str
    """The signed state of the game: send it with the next move."""
    game: str
    """The game's registry name."""
    title: str
    """The game's title."""
    host: str
    """random, daily, evil or absurdle."""
    answers: str
    """The list the secret comes from (in the open world: the allowed guesses, weighted)."""
    length: int | None
    """The length of the game's words."""
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
    alphabet: str | None
    """The symbols of the game's words (the keyboard)."""
    keyboard_rows: list[str]
    """The keyboard's rows of keys (the language's own)."""
    tiles: bool
    """Whether the reply is one mark per letter."""
    turns: list[TurnOut]
    """The guesses played and their replies."""
    keyboard: dict[str, str]
    """Each letter played -> its best mark (G, Y or .); empty for a game without tiles."""
    adversary_candidates: int | None
    """How many secrets an adversary (evil, absurdle) still keeps possible; null for a fixed secret."""
    over: bool
    """Whether the game has ended (solved, out of guesses or given up)."""
    won: bool
    """Whether the last guess was the secret."""
    daily: DailyOut | None
    """The daily game's day and variant (null: not a daily)."""
    secret: str | None
    """The secret, once the game is over."""
    share: str | None
    """The share text (title, score and grid), once the game is over."""


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


class BoardTurnOut(Answer):
    """A guess and its reply on every board."""

    guess: str
    """The guess as the game shows it."""
    word: str
    """The guess as the word list writes it."""
    replies: list[str | None]
    """Each board's reply, null for a board solved before this guess."""
    marks: list[str | None]
    """Each board's tile marks, null for a board solved before this guess."""


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


class BoardsPlayState(Answer):
    """A multi-board game hosted here, after the latest move."""

    token: str
    """The signed state of the game: send it with the next move."""
    game: str
    """The multi-board game's name."""
    boards: int
    """The number of boards."""
    length: int | None
    """The length of the words."""
    max_guesses: int
    """The limit of guesses."""
    guesses_left: int
    """The guesses still allowed (0 or less once the limit is reached)."""
    alphabet: str | None
    """The symbols of the words (the keyboard)."""
    keyboard_rows: list[str]
    """The keyboard's rows of keys (the language's own)."""
    turns: list[BoardTurnOut]
    """The guesses played and their replies on each board."""
    solved: list[bool]
    """Whether each board is solved."""
    keyboards: list[dict[str, str]]
    """Per board: each letter played -> its best mark there (G, Y or .)."""
    over: bool
    """Whether the game has ended."""
    won: bool
    """Whether every board was solved within the limit."""
    daily: DailyOut | None
    """The daily game's day and variant (null: not a daily)."""
    secrets: list[str] | None
    """The boards' secrets, once the game is over."""
    share: str | None
    """The share text, once the game is over."""


# --- the optimal tree ---------------------------------------------------------------------------

class BranchOut(Answer):
    """One reply to a node's guess and where it leads."""

    reply: str
    """The reply in the game's notation."""
    marks: str | None
    """Its tile marks."""
    size: int
    """How many secrets give this reply."""
    next: str
    """The tree's next guess after it (display form)."""
    word: str
    """The next guess as the word list writes it."""
    solved: bool
    """Whether this reply solves the game."""
    leaf: bool
    """Whether the next guess is the last (one secret left)."""


class ExploreNode(Answer):
    """A node of the optimal tree."""

    mode: str
    """normal or hard."""
    first: str
    """The tree's first guess."""
    turn: int
    """The number of this node's guess, from 1."""
    path: list[TurnOut]
    """The turns from the root to this node."""
    size: int
    """How many secrets reach this node."""
    histogram: dict[str, int]
    """Guesses needed (as a string) -> how many of this node's secrets need that many."""
    mean: float
    """The mean number of guesses over this node's secrets."""
    secrets: list[str] | None
    """This node's secrets when at most 60, else null."""
    guess: str
    """The node's guess (display form)."""
    word: str
    """The node's guess as the word list writes it."""
    leaf: bool
    """Whether this guess is the last (one secret left)."""
    branches: list[BranchOut]
    """The replies to the guess, largest first."""


# --- the analysis -------------------------------------------------------------------------------

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


class AnalysisOut(Answer):
    """The analysis of a game (or of one board of several), move by move."""

    game: str
    """The game's registry name."""
    mode: str
    """normal or hard."""
    world: str
    """open or closed (auto resolved)."""
    kind: str
    """exact (the exact solver, closed world) or estimate."""
    secret: str | None
    """The secret, when the game was solved or it was given."""
    solved: bool
    """Whether the game was solved."""
    guesses: int
    """The number of moves analysed."""
    beyond_limit: int
    """Guesses played after the game's limit (the game was lost there): not analysed."""
    summary: GameSummaryOut
    """The game in one line's figures."""
    total_regret: Range
    """Bounds on the sum of the moves' regrets."""
    total_regret_text: str
    """The total regret as shown."""
    legend: list[str]
    """What the table's columns and signs mean, a sentence each (those that appear)."""
    optimal_guesses: int | None
    """The guesses the optimal (or, estimated, the strategy's) play needed on the secret."""
    optimal_opener: str | None
    """The opener of that play."""
    seconds: float
    """Time spent on the analysis."""
    moves: list[MoveOut]
    """Every move, in order."""
    chart: list[ChartPoint]
    """The chart's series."""


class AnalysisAnswer(AnalysisOut):
    """The analysis of a game, move by move."""

    notices: list[str]
    """One line per word of the game that is in no list (taken as played)."""


class BoardAnalysisOut(AnalysisOut):
    """One board's moves: the turns that reached it, valued for that board alone within the
    game's limit of guesses."""

    board: int
    """The board's number, from 1."""
    max_guesses: int | None
    """The limit its values are proven or estimated within (the game's)."""


class BoardsAnalysisAnswer(Answer):
    """The analysis of a game of several boards: each board's moves, and the game against the
    default multi-board strategy (fewest-total-safe) on the same secrets."""

    game: str
    """The multi-board game's name."""
    world: str
    """open or closed (auto resolved)."""
    guesses: int
    """The guesses played."""
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
    seconds: float
    """Time spent on the analysis."""
    boards: list[BoardAnalysisOut]
    """Every board, in order."""
    legend: list[str]
    """What the tables' columns and signs mean, a sentence each (those that appear)."""
    notices: list[str]
    """One line per word of the game that is in no list (taken as played)."""
