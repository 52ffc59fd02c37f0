"""What every command of the CLI shares: consoles, option types, error handling, game options.
Only the CLI layer imports this module."""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from wordguess.errors import WordguessError
from wordguess.games import GAMES, Game, get_game
from wordguess.lists import WordList, game_words

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

GameOpt = Annotated[str, typer.Option("--game", "-g", help=f"The game: {', '.join(GAMES)} (or an alias).")]
LengthOpt = Annotated[int | None, typer.Option(help="Word length (sutom, matches, jotto).")]
FirstOpt = Annotated[str | None, typer.Option(help="Sutom: the revealed first letter.")]
PegsOpt = Annotated[int | None, typer.Option(help="Mastermind: pegs per code (default 4).")]
ColoursOpt = Annotated[int | None, typer.Option("--colours", "--colors", help="Mastermind: colours (default 6).")]
AnswersOpt = Annotated[str | None, typer.Option(help="Secrets: a bundled list name or a file (default: the game's).")]
GuessesOpt = Annotated[str | None, typer.Option(help="Allowed guesses: a list name or a file (default: the game's).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


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


def load_lists(rules: Game, answers: str | None, guesses: str | None) -> tuple[WordList, WordList]:
    """Return game_words(rules, answers, guesses), with one note on stderr per list file that
    had words the game cannot play (how many, and the first few). Bundled lists are not noted:
    they hold every length and the game keeps its own."""
    secrets, allowed = game_words(rules, answers, guesses)
    noted = set()
    for source, words in ((answers, secrets), (guesses, allowed)):
        summary = words.rejected_summary()
        if source and summary and summary not in noted and Path(source).expanduser().is_file():
            err.print(f"note: {summary}", markup=False)
            noted.add(summary)
    return secrets, allowed


def make_game(name: str, length: int | None = None, first: str | None = None,
              pegs: int | None = None, colours: int | None = None) -> Game:
    """Return the game from the command-line options that were given."""
    given = {"length": length, "first": first, "pegs": pegs, "colours": colours}
    return get_game(name, **{k: v for k, v in given.items() if v is not None})

ModeOpt = Annotated[str, typer.Option("--mode", "-m", help="normal, hard or strict.")]
StrategyOpt = Annotated[str, typer.Option("--strategy", "-s", help="A strategy name (see `wordguess strategies`).")]
WindowOpt = Annotated[str | None, typer.Option(
    "--inconsistent-window", help="Normal mode: consider inconsistent guesses only while LO-HI candidates remain (classic: 4-125).")]
TiesOpt = Annotated[str, typer.Option(
    "--ties", help="Break ties between equal guesses: 'candidates' (one that may be the answer, then list order) or 'list' (list order only, as the classic write-up).")]
WidthOpt = Annotated[int | None, typer.Option(help="lookahead: how many top guesses to try (default 10).")]
SeedOpt = Annotated[int, typer.Option(help="Seed for random strategies, hosts and samples.")]


def parse_window(text: str | None) -> tuple[int, int] | None:
    """Return the (lo, hi) of an inconsistent-guess window written LO-HI, or None."""
    if text is None:
        return None
    lo, sep, hi = text.partition("-")
    if not (sep and lo.strip().isdecimal() and hi.strip().isdecimal()):
        raise WordguessError(f"--inconsistent-window {text!r} is not LO-HI, e.g. 4-125")
    return int(lo), int(hi)


def strategy_options(name: str, seed: int, width: int | None) -> dict:
    """Return the options a strategy takes from the command line."""
    if name == "random":
        return {"seed": seed}
    if name == "lookahead" and width is not None:
        return {"width": width}
    return {}


@contextlib.contextmanager
def progress_bar(description: str):
    """Yield a progress callback (done, total) drawn as a bar on stderr; Ctrl-C exits cleanly."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        with Progress(*columns, console=err, transient=True) as bar:
            task = bar.add_task(description, total=None)
            yield lambda done, total: bar.update(task, completed=done, total=total)
    except KeyboardInterrupt:
        err.print("interrupted")
        raise typer.Exit(130) from None
