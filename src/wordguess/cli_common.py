"""What every command of the CLI shares: consoles, option types, error handling, game options.
Only the CLI layer imports this module."""

from __future__ import annotations

import functools
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from wordguess.errors import WordguessError
from wordguess.games import GAMES, Game, get_game

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


def make_game(name: str, length: int | None = None, first: str | None = None,
              pegs: int | None = None, colours: int | None = None) -> Game:
    """Return the game from the command-line options that were given."""
    given = {"length": length, "first": first, "pegs": pegs, "colours": colours}
    return get_game(name, **{k: v for k, v in given.items() if v is not None})
