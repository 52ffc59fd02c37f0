"""The one place a player's position is assembled: the game and its options, the lists, the
world, the strategy each game plays by default, its never-lose guard with the exact guard,
and the turns so far. The terminal, the web and the Python API all ask an `Advisor`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

from wordguess.advice.advice import Advice, boards_advice, single_advice
from wordguess.advice.kept import PuzzleCache
from wordguess.engine.candidates import parse_turn, split_turns
from wordguess.engine.choices import check_world
from wordguess.engine.patterns import MAX_MATRIX_BYTES
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import Game, game_class, get_game, get_multiboard, is_multiboard
from wordguess.games.multiboard import MultiBoard
from wordguess.optimal.worst.exact_guard import ExactGuard, played_strategy
from wordguess.play.assistant import Assistant

GAME_OPTIONS = ("length", "language", "first", "pegs", "colours", "colors", "digits", "symbols")


@dataclasses.dataclass(frozen=True)
class Setting:
    """A game as a player names it: the same names as the command line's options."""

    game: str = "wordle"  # a registered game or alias, one board or several (quordle)
    options: tuple[tuple[str, object], ...] = ()  # the game's options given: (length, 6), (language, "de"), ...
    mode: str = "normal"  # normal or hard
    world: str | None = None  # open or closed (None: closed when `answers` is given, else open)
    answers: str | None = None  # the secrets' list: a name or a file (None: the game's)
    guesses: str | None = None  # the allowed guesses: a name or a file (None: the game's)
    exclude: str | None = None  # words weighed down in the open world (past answers)
    exclude_factor: float = 0.1  # their weight's factor
    add_words: str | None = None  # a file or list of words in no list that the game takes
    strategy: str | None = None  # None: the game's default (default_strategy)
    seed: int = 0  # for a strategy that draws

    @classmethod
    def of(cls, game: str = "wordle", **given) -> Setting:
        """Return the setting of keywords named as the command line's options (length=6,
        language="de", mode="hard", world="closed", answers=..., strategy=...); options left
        None are not given."""
        fields = {f.name for f in dataclasses.fields(cls)} - {"game", "options"}
        unknown = set(given) - fields - set(GAME_OPTIONS)
        if unknown:
            raise WordguessError(f"unknown setting {', '.join(sorted(unknown))}; the settings: "
                                 f"{', '.join(sorted(fields | set(GAME_OPTIONS)))}")
        options = tuple((k, v) for k, v in given.items() if k in GAME_OPTIONS and v is not None)
        return cls(game, options, **{k: v for k, v in given.items() if k in fields and v is not None})

    @property
    def several(self) -> bool:
        """Return whether the game is played on several boards."""
        return is_multiboard(self.game)

    @property
    def the_world(self) -> str:
        """Return the world: the one given, else closed when an answer list is given, else open."""
        return check_world(self.world or ("closed" if self.answers else "open"))

    def rules(self) -> Game | MultiBoard:
        """Return the game with its options; an option the game asks for that has no default
        (Sutom's length and first letter) is needed."""
        options = dict(self.options)
        if self.several:
            if self.mode != "normal":
                raise WordguessError("multi-board games have no hard mode: play them in normal mode")
            return get_multiboard(self.game, **options)
        for prompt in game_class(self.game).asked_options:
            if prompt.option not in options and prompt.required:
                raise WordguessError(f"{game_class(self.game).name} needs --{prompt.option} ({prompt.question})")
        return get_game(self.game, **options)

    def spec(self, rules: Game) -> PuzzleSpec:
        """Return the spec of the puzzle of one board of these rules."""
        if not 0 < self.exclude_factor <= 1:
            raise WordguessError(f"--exclude-factor must be above 0 and at most 1, not {self.exclude_factor}")
        return PuzzleSpec(rules, self.answers, self.guesses, self.mode, world=self.the_world, exclude=self.exclude,
                          exclude_factor=self.exclude_factor, add_words=self.add_words)


Turns = str | Sequence[tuple[str, str]]  # the CLI's --history ("raise=..Y..;mount=.G...") or (guess, reply) pairs


def turns_of(history: Turns | None) -> list[tuple[str, str]]:
    """Return (guess, reply text) pairs of a history string or of pairs."""
    if history is None:
        return []
    if isinstance(history, str):
        return [parse_turn(turn) for turn in split_turns(history)]
    return [(str(guess), str(reply)) for guess, reply in history]


class Advisor:
    """Answers positions of any game. `build` makes a spec's puzzle and `exact_guard` gives a
    puzzle's exact guard (the web keeps both per puzzle; by default each is made anew)."""

    def __init__(self, build: Callable[[PuzzleSpec], Puzzle] = PuzzleSpec.build,
                 exact_guard: Callable[[Puzzle], ExactGuard] = lambda puzzle: ExactGuard()):
        self.build = build
        self.exact_guard = exact_guard

    def strategy(self, setting: Setting, puzzle: Puzzle, several: bool):
        """Return the strategy a setting plays: the one named or the game's default, with its
        never-lose guard's exact guard."""
        return played_strategy(setting.strategy, puzzle, self.exact_guard(puzzle), several, seed=setting.seed)

    def assistant(self, setting: Setting, rules: Game | MultiBoard | None = None) -> Assistant:
        """Return a new game of a setting with its strategy (`rules`: the setting's game with
        options settled elsewhere, as a terminal session asks them)."""
        rules = setting.rules() if rules is None else rules
        boards = rules if isinstance(rules, MultiBoard) else None
        puzzle = self.build(setting.spec(rules if boards is None else boards.board))
        return Assistant(puzzle, self.strategy(setting, puzzle, boards is not None), boards)

    def position(self, setting: Setting, history: Turns | None = None, add: Iterable[str] = ()) -> Assistant:
        """Return the game of a setting after the turns so far, words in no list added first;
        a refusal names the turn it is about."""
        assistant = self.assistant(setting)
        for word in add:
            try:
                assistant.admit(word, played=False)
            except WordguessError as exc:
                raise WordguessError(f"add_words: {exc}") from None
        for number, (guess, reply) in enumerate(turns_of(history), 1):
            try:
                assistant.report(guess, reply)
            except WordguessError as exc:
                raise WordguessError(str(exc) if str(exc).startswith("turn ") else f"turn {number}: {exc}") from None
        return assistant

    def advise(self, setting: Setting, history: Turns | None = None, count: int = 5, add: Iterable[str] = ()) -> Advice:
        """Return the advice after the turns so far (`count` suggestions)."""
        return advice_of(self.position(setting, history, add), count)


def advice_of(assistant: Assistant, count: int = 5) -> Advice:
    """Return the advice of a game as it stands (`count` suggestions; several boards: one)."""
    if count < 1:
        raise WordguessError(f"the number of suggestions must be at least 1, not {count}")
    if assistant.rules.n_boards > 1:
        return boards_advice(assistant, assistant.rules)
    return single_advice(assistant, count)


# The puzzles `advise` built in this process, with their exact guards: a second question about
# a game builds nothing again (Wordle's open world: 0.1 s of lists and prior, its matrices read).
KEPT = PuzzleCache(size=4, matrix_bytes=MAX_MATRIX_BYTES, total_bytes=2 << 30)


def advise(game: str = "wordle", history: Turns | None = None, *, count: int = 5, add: Iterable[str] = (),
           **setting) -> Advice:
    """Return the advice for a game after the turns so far, as `wordguess solve --history H
    --json` gives it: e.g. advise("wordle", "soare=..Y..;clint=.G...", world="closed"),
    advise("quordle", [("soare", "..Y.. ...YY G.... .....")]), advise("wordle", language="de").
    The keywords are the command line's options (mode, world, language, length, answers,
    guesses, exclude, strategy, ...); `add`: words in no list that the game takes. The last
    puzzles built are kept in the process (`KEPT`), a list read from a file again when it changes."""
    return Advisor(KEPT.get, KEPT.exact_guard).advise(Setting.of(game, **setting), history, count, add)
