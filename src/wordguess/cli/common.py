"""What every command of the CLI shares: consoles, option types, error handling, the one set of
game options, progress bars. Only the CLI layer imports this module."""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import datetime
import functools
import inspect
import json
import sys
from pathlib import Path

import platformdirs
import typer
from rich.console import Console
from rich.markup import escape

from wordguess.cli import opts as opt
from wordguess.engine.choices import check_world
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import UnknownNameError, WordguessError, unknown_name
from wordguess.games import GAMES, Game, game_class, get_game, get_multiboard, is_multiboard
from wordguess.games.multiboard import MultiBoard
from wordguess.lists import WordList
from wordguess.play.daily import (
    DailyRecords,
    DailyResult,
    daily_seed,
    daily_stats,
    seconds_to_next_day,
    signing_key,
)

# On a terminal long lines wrap between words; piped, a line stays one line (for grep and tests).
out = Console(highlight=False, soft_wrap=not sys.stdout.isatty())
err = Console(stderr=True, highlight=False, soft_wrap=not sys.stderr.isatty())
HIGHLIGHTED_JSON = 100_000  # characters of JSON that rich colours on a terminal (a large document: seconds)


def print_json(data) -> None:
    """Print `data` as JSON indented by two, non-ASCII letters as they are: coloured by rich on a
    terminal when it is short, else as plain text (piped: the same characters, at once)."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if out.is_terminal and len(text) <= HIGHLIGHTED_JSON:
        out.print_json(text)
    else:
        out.file.write(text + "\n")


def show_notices(session) -> None:
    """Print (to stderr, one line each) and clear what a session noted: a word in no list taken
    as played."""
    for notice in session.notices:
        err.print(f"note: {notice}", markup=False)
    session.notices.clear()


def session_world(world: str | None, answers: str | None) -> str:
    """Return the world of solve and play: the one given, else closed when an answer list is
    given (the user said where the secret is), else open."""
    return world or ("closed" if answers else "open")


def friendly(command):
    """Wrap a command so a WordguessError prints one line on stderr and exits with code 2."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except WordguessError as exc:
            err.print(f"[bold red]error:[/] {escape(str(exc))}")
            raise typer.Exit(2) from None

    return wrapper


@dataclasses.dataclass
class GameChoice:
    """The game named on the command line, with the options that were given."""

    name: str  # the name or alias typed
    options: dict[str, object]  # the game options given (length, first, pegs, colours)
    several: bool = False  # whether the command takes multi-board games too (SEVERAL)

    @property
    def is_multiboard(self) -> bool:
        """Return whether the game is a multi-board one (quordle, dueto, ...)."""
        return is_multiboard(self.name)

    def _single(self) -> None:
        if self.is_multiboard:
            commands = [f"`{c}`" for c in SEVERAL]
            raise WordguessError(f"{self.name} is a multi-board game: {', '.join(commands[:-1])} and {commands[-1]} "
                                 "take it; this command is for single-board games")
        if not self.several:
            try:
                game_class(self.name)
            except UnknownNameError:  # (the games this command takes: no multi-board one)
                raise unknown_name("game", self.name, GAMES) from None

    @property
    def cls(self) -> type[Game]:
        """Return the game's class (or raise an error listing the games)."""
        self._single()
        return game_class(self.name)

    def rules(self, **more) -> Game:
        """Return the game with the given options (and `more`); a multi-board game is refused."""
        self._single()
        return get_game(self.name, **{**self.options, **more})

    def truthful_rules(self, command: str) -> Game:
        """Return the rules for a command that reads games off one tree of true replies; a game
        whose host lies (Fibble) is refused: the lies, not the guesses alone, shape its games."""
        rules = self.rules()
        if rules.lies:
            raise WordguessError(f"{rules.name}'s host lies, so no tree of replies describes its games: "
                                 f"`{command}` is for games that never lie; use solve, play or evaluate")
        return rules

    def multiboard(self, **more) -> MultiBoard:
        """Return the multi-board game with the given options (and `more`: boards, max_guesses)."""
        return get_multiboard(self.name, **{**self.options, **{k: v for k, v in more.items() if v is not None}})


GAME_OPTIONS = {"game": (opt.Game, "wordle"), "length": (opt.Length, None), "language": (opt.Language, None),
                "first": (opt.First, None), "pegs": (opt.Pegs, None), "colours": (opt.Colours, None)}


def grouped_options(param: str, specs: dict[str, tuple], make, names: dict[str, str] | None = None):
    """Put the options `specs` (name: (annotation, default)) where a command's parameter `param`
    stands; the command receives make(**the values given) there. `names` renames a parameter."""
    names = {n: (names or {}).get(n, n) for n in specs}  # option -> parameter

    def decorate(command):
        signature = inspect.signature(command, eval_str=True)
        parameters = []  # the command's own, with the options where `param` stood
        for p in signature.parameters.values():
            if p.name == param:
                parameters += [inspect.Parameter(names[n], inspect.Parameter.KEYWORD_ONLY, default=default,
                                                 annotation=annotation) for n, (annotation, default) in specs.items()]
            else:
                parameters.append(p.replace(kind=inspect.Parameter.KEYWORD_ONLY))

        @functools.wraps(command)
        def wrapper(*args, **kwargs):
            given = {n: kwargs.pop(names[n]) for n in specs}
            return command(*args, **{param: make(**given)}, **kwargs)

        wrapper.__signature__ = signature.replace(parameters=parameters)
        wrapper.__annotations__ = {p.name: p.annotation for p in wrapper.__signature__.parameters.values()}
        return wrapper

    return decorate


SEVERAL = ("solve", "play", "evaluate", "analyze")  # the commands that take multi-board games too


def game_options(first: bool = True, several: bool = False):
    """Give a command the one shared set of game options (--game, --length, --first, --pegs,
    --colours): the command's parameter `game` receives them as a GameChoice. With `first`
    False, Sutom's letter is --first-letter, as the command has a --first of its own."""
    specs = {**GAME_OPTIONS, **({} if first else {"first": (opt.FirstLetter, None)})}

    def choice(game: str, **options) -> GameChoice:
        return GameChoice(game, {n: v for n, v in options.items() if v is not None}, several)

    return grouped_options("game", specs, choice, None if first else {"first": "first_letter"})


@dataclasses.dataclass(frozen=True)
class ListChoice:
    """The word lists named on the command line: the secrets, the allowed guesses, words weighed
    down (the open world) and words added (named as advice.Setting's fields)."""

    answers: str | None = None
    guesses: str | None = None
    exclude: str | None = None
    exclude_factor: float = 0.1
    add_words: str | None = None


LIST_OPTIONS = {"answers": (opt.Answers, None), "guesses": (opt.Guesses, None), "exclude": (opt.Exclude, None),
                "exclude_factor": (opt.ExcludeFactor, 0.1), "add_words": (opt.AddWords, None)}
LIST_SETS = {"plain": ("answers", "guesses"), "weighed": ("answers", "guesses", "exclude", "exclude_factor"),
             "added": tuple(LIST_OPTIONS)}  # the list options each kind of command takes


def game_command(first: bool = True, lists: str | None = "plain", several: bool = False):
    """Make a command about a game: a WordguessError is one line (friendly), the game options
    reach its parameter `game` (game_options) and the list options its parameter `lists` as a
    ListChoice: `lists` "plain" (--answers, --guesses), "weighed" (and --exclude,
    --exclude-factor), "added" (and --add-words), or None (no parameter `lists`). `several`: the
    command takes multi-board games too (one of SEVERAL)."""
    def decorate(command):
        if lists is not None:
            specs = {name: LIST_OPTIONS[name] for name in LIST_SETS[lists]}
            command = grouped_options("lists", specs, ListChoice)(command)
        return friendly(game_options(first, several)(command))

    return decorate


def note_skipped(spec: PuzzleSpec, answers: WordList, guesses: WordList) -> None:
    """Print one note on stderr per list file that had words the game cannot play (how many,
    and the first few). Bundled lists are not noted: they hold every length and the game keeps
    its own."""
    noted = set()
    for source, words in ((spec.answers, answers), (spec.guesses, guesses)):
        summary = words.rejected_summary()
        if source and summary and summary not in noted and Path(source).expanduser().is_file():
            err.print(f"note: {summary}", markup=False)
            noted.add(summary)


def build_puzzle(spec: PuzzleSpec) -> Puzzle:
    """Return spec.build() (a status line on a terminal says the lists are loading: Sutom's take
    seconds), with the notes of note_skipped."""
    with err.status("loading the word lists") if err.is_terminal else contextlib.nullcontext():
        puzzle = spec.build()
    note_skipped(spec, puzzle.answers, puzzle.guesses)
    return puzzle


def puzzle_spec(rules: Game, lists: ListChoice = ListChoice(), mode: str = "normal", window: str | None = None,
                ties: str = "candidates", world: str = "closed", weigh: bool = True) -> PuzzleSpec:
    """Return the PuzzleSpec of the command-line lists, mode, window, tie-break and world
    (`weigh` False: the --exclude list is not weighed down)."""
    if ties not in ("candidates", "list"):
        raise WordguessError(f"--ties must be candidates or list, not {ties!r}")
    check_world(world)
    if not 0 < lists.exclude_factor <= 1:
        raise WordguessError(f"--exclude-factor must be above 0 and at most 1, not {lists.exclude_factor}")
    return PuzzleSpec(rules, lists.answers, lists.guesses, mode, inconsistent_window=parse_window(window),
                      prefer_candidates=ties == "candidates", world=world, exclude=lists.exclude if weigh else None,
                      exclude_factor=lists.exclude_factor, add_words=lists.add_words)


def tree_list(name: str, tree_file: str) -> str | None:
    """Return a list a tree file names: a bundled list or a file as named, else the file of that
    name beside the tree file (None: the game's own)."""
    if not name:
        return None
    near = Path(tree_file).parent / name
    return str(near) if not Path(name).exists() and near.is_file() else name


def parse_window(text: str | None) -> tuple[int, int] | None:
    """Return the (lo, hi) of an inconsistent-guess window written LO-HI, or None."""
    if text is None:
        return None
    lo, sep, hi = text.partition("-")
    if not (sep and lo.strip().isdecimal() and hi.strip().isdecimal()):
        raise WordguessError(f"--inconsistent-window {text!r} is not LO-HI, e.g. 4-125")
    if int(lo) > int(hi):
        raise WordguessError(f"--inconsistent-window {text!r} is empty: LO must not be above HI, e.g. 4-125")
    return int(lo), int(hi)


PENDING = ("cancel", "undo")  # typed at a reply prompt: the guess waiting for its reply is dropped
HISTORY_LINES = 1000  # typed lines kept between sessions (the up arrow, Ctrl-R)


@functools.lru_cache(maxsize=1)
def line_editing() -> bool:
    """Turn on line editing for the prompts when the player types at a terminal: the standard
    readline (arrows, Home/End, the history of earlier sessions with the up arrow and Ctrl-R,
    kept in the user's state folder; Esc Esc types `cancel`). Return whether it is on."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import readline
    except ImportError:  # a Python built without it: plain input
        return False
    history = Path(platformdirs.user_state_dir("wordguess")) / "history"
    with contextlib.suppress(OSError):
        readline.read_history_file(history)
    readline.set_history_length(HISTORY_LINES)
    bind_cancel(readline)

    def save() -> None:
        with contextlib.suppress(OSError):
            history.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(history)

    atexit.register(save)
    return True


def bind_cancel(readline) -> None:
    """Bind Esc Esc to type `cancel` and Enter.

    Python reads a line through readline's callback interface, which cannot time out a key
    sequence that begins a longer one: it waits for the next key. Debian's /etc/inputrc binds
    Alt+arrows as Esc Esc [ C and Esc Esc [ D, where Esc Esc would wait for one more key (the
    player's Enter). Those bindings are removed first (a key sequence bound to no function is
    unbound, and a keymap left empty is removed with it), so that Esc Esc is a whole sequence
    and acts at once. (macOS's libedit reads another syntax: there it is left as it is.)"""
    if "libedit" in (readline.__doc__ or ""):
        return
    for arrow in "ABCD":
        readline.parse_and_bind(rf'"\e\e[{arrow}": unbound')
    readline.parse_and_bind(r'"\e\e[": unbound')  # (now the "\e\e" keymap is empty: removed)
    readline.parse_and_bind(r'"\e\e": "\C-a\C-kcancel\n"')


REFUSED_LINES = [0]  # lines of a session's input refused (each with its one-line error) since main() began


def refuse_line(message: str) -> None:
    """Print the one-line error about a line the player typed, and count it: the session goes
    on with its state kept, and when the input was not a terminal (a script) the command then
    ends with exit code 2 (see cli.main)."""
    err.print(f"error: {message}", markup=False)
    REFUSED_LINES[0] += 1


def read_line(prompt: str) -> str | None:
    """Return a line typed by the player (stripped of its newline), or None at end of input
    (Ctrl-D: the next output starts on a new line); Ctrl-C raises KeyboardInterrupt."""
    try:
        if line_editing():
            return input(prompt)  # readline knows the prompt, so it redraws it when editing
        return out.input(prompt, markup=False)
    except EOFError:
        out.print()
        return None


def ask(prompt: str) -> str | None:
    """Return a line typed by the player, or None at end of input; Ctrl-C ends the command on a
    new line with exit code 130."""
    try:
        return read_line(prompt)
    except KeyboardInterrupt:
        out.print()
        err.print("interrupted", markup=False)
        raise typer.Exit(130) from None


def ask_replies(prompt: str, shown: str, expected: str, commands: dict, run_command, report, draw) -> bool:
    """Ask for the reply to a pending guess (`shown`) until `report` accepts one, then `draw`;
    `cancel` or `undo` drop the guess, an empty line says what is `expected`, a command of
    `commands` is run by `run_command`. Return False when the player quits or input ends."""
    while True:
        line = ask(prompt)
        command = "quit" if line is None else line.strip().lower()
        if command == "quit":
            return False
        if command in PENDING:  # the guess waiting for its reply is dropped, nothing else
            out.print(f"dropped {shown}: not played")
            return True
        if not command:
            refuse_line(f"type {expected}, or cancel")
        elif command in commands:
            run_command(command)
        else:
            try:
                report(line)
            except WordguessError as exc:
                refuse_line(str(exc))
                continue
            draw()
            return True


def ask_move(prompt: str) -> tuple[str | None, bool]:
    """Return (the line typed at a play prompt, or None when input ends or Ctrl-C is pressed;
    whether it was Ctrl-C, so the game can end cleanly and still print its share text)."""
    try:
        return read_line(prompt), False
    except KeyboardInterrupt:
        out.print()
        return None, True


def redraw(banner: str) -> bool:
    """Clear a terminal and print the game's banner again, so the caller redraws the whole grid
    in place; return False (nothing done) when the output is not a terminal."""
    if not out.is_terminal:
        return False
    out.clear()
    out.print(banner)
    return True


def game_seed(daily: bool, seed: int | None, variant: str) -> int | None:
    """Return the seed of a hosted game: the day's daily's (play.daily: the same as the web
    page's on this machine's key), the one given, or the clock's. None when today's daily of this
    variant was played here already (its result and the record are printed)."""
    if daily:
        today = datetime.date.today()
        done = DailyRecords().find(today, variant)
        if done is not None:
            outcome = f"solved in {done.guesses}" if done.won else "not solved"
            out.print(f"today's daily was {outcome} here; the next one comes in {countdown(seconds_to_next_day())}")
            show_daily_record(variant)
            return None
        return daily_seed(signing_key(), today, variant)
    return seed if seed is not None else int(datetime.datetime.now().timestamp())


def countdown(seconds: int) -> str:
    hours, minutes = divmod(seconds // 60, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def end_daily(variant: str, won: bool, guesses: int, max_guesses: int) -> None:
    """Keep a daily game's result (one played guess at least: quitting before is no attempt) in
    the user data folder and print the record."""
    if guesses == 0:
        return
    DailyRecords().add(DailyResult(datetime.date.today().isoformat(), variant, won, guesses, max_guesses))
    show_daily_record(variant)


def show_daily_record(variant: str) -> None:
    """Print the record of a daily game: played, win %, streaks, the guess distribution."""
    stats = daily_stats(DailyRecords().results(), variant, datetime.date.today())
    out.print(f"played {stats.played}, won {stats.win_percent}%, streak {stats.current_streak} "
              f"(best {stats.best_streak}); next daily in {countdown(seconds_to_next_day())}")
    most = max(stats.distribution.values(), default=0)
    for guesses in range(1, max(stats.distribution, default=0) + 1):
        count = stats.distribution.get(guesses, 0)
        out.print(f"  {guesses} {'█' * max(1 if count else 0, round(20 * count / most) if most else 0)} {count}",
                  markup=False)
