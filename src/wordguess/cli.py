"""The `wordguess` command line: a thin Typer layer over the library. Errors the library raises
for bad input become one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from wordguess.cli_common import (
    AnswersOpt,
    ColoursOpt,
    FirstOpt,
    GameOpt,
    GuessesOpt,
    JsonOpt,
    LengthOpt,
    PegsOpt,
    friendly,
    make_game,
    out,
)
from wordguess.core import filter_or_explain
from wordguess.errors import WordError, WordguessError
from wordguess.games import Game
from wordguess.wordlists import game_words, list_infos

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play and solve feedback word-guessing games (Wordle, Jotto, Mastermind, ...).")


@app.command()
@friendly
def feedback(
    guess: Annotated[str, typer.Argument(help="The guessed word.")],
    secret: Annotated[str, typer.Argument(help="The secret word.")],
    game: GameOpt = "wordle",
    length: LengthOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
) -> None:
    """Print the canonical reply to GUESS when the secret is SECRET."""
    rules = make_game(game, length=length, pegs=pegs, colours=colours)
    rules = rules.fitted([guess]) if rules.length is None else rules
    rules.check_word(guess)
    rules.check_word(secret)
    if len(rules.fold(guess)) != len(rules.fold(secret)):
        raise WordError(f"{guess!r} and {secret!r} differ in length")
    out.print(rules.format_reply(rules.feedback(guess, secret)), markup=False)


@app.command("lists")
@friendly
def lists_command(as_json: JsonOpt = False) -> None:
    """Show the bundled word lists with their counts, languages and licences."""
    infos = list_infos()
    if as_json:
        out.print_json(json.dumps([info.__dict__ for info in infos]))
        return
    table = Table("name", "words", "language", "game", "licence", "description")
    for info in infos:
        table.add_row(info.name, f"{info.count:,}", info.language, info.game, info.licence, info.description)
    out.print(table)


def parse_history(rules: Game, turns: list[str], allowed: set[str]) -> list[tuple[str, int]]:
    """Return the (guess, reply) turns written as GUESS=REPLY, checked against the rules."""
    history = []
    for turn in turns:
        guess, sep, reply = turn.partition("=")
        if not sep:
            raise WordguessError(f"{turn!r} is not GUESS=REPLY, e.g. raise=..Y.G")
        folded = rules.check_word(guess)
        if folded not in allowed:
            raise WordError(f"{guess!r} is not in the list of allowed guesses")
        history.append((guess.strip(), rules.parse_reply(reply)))
    return history


@app.command("filter")
@friendly
def filter_command(
    turns: Annotated[list[str], typer.Argument(help="Turns as GUESS=REPLY, e.g. raise=..Y.G", show_default=False)],
    game: GameOpt = "wordle",
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    length: LengthOpt = None,
    first: FirstOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print the secrets still consistent with the turns played, and their count."""
    rules = make_game(game, length=length, first=first, pegs=pegs, colours=colours)
    if rules.length is None and turns:
        rules = rules.sized(len(rules.fold(turns[0].partition("=")[0])))
    secrets, allowed = game_words(rules, answers, guesses)
    history = parse_history(rules, turns, {rules.fold(w) for w in allowed})
    remaining = filter_or_explain(rules, rules.starting_candidates(secrets), history)
    if as_json:
        out.print_json(json.dumps({"count": len(remaining), "candidates": remaining}))
        return
    out.print(" ".join(rules.display(w) for w in remaining), markup=False)
    out.print(f"{len(remaining)} candidate{'s' if len(remaining) != 1 else ''}")


def main() -> None:
    """Run the command line."""
    app()
