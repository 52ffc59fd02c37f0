"""The small commands: `feedback`, `lists`, `filter`, `strategies`, `games`, `cache`."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer
from rich.table import Table

from wordguess.cli import opts as opt
from wordguess.cli.common import (
    GAME_OPTIONS,
    GameChoice,
    ListChoice,
    friendly,
    game_command,
    note_skipped,
    out,
    print_json,
    puzzle_spec,
)
from wordguess.engine.candidates import filter_or_explain, parse_turn
from wordguess.engine.choices import MODES
from wordguess.engine.patterns import PatternStore
from wordguess.errors import WordError
from wordguess.games import GAMES, MULTI_BOARDS, Game
from wordguess.games.languages import LANGUAGES
from wordguess.lists import list_infos, load_words, manifest
from wordguess.optimal.store import default_store_path
from wordguess.strategies import ALIASES, STRATEGIES


@game_command(lists=None)
def feedback(
    guess: Annotated[str, typer.Argument(metavar="GUESS", help="The guessed word.")],
    secret: Annotated[str, typer.Argument(metavar="SECRET", help="The secret word.")],
    game: GameChoice,
    guesses: opt.Guesses = None,
    any_word: Annotated[bool, typer.Option("--any", metavar="", help="Accept any words of the game's length and alphabet, listed or not (e.g. LeetCode's).")] = False,
) -> None:
    """Print the canonical reply to GUESS when the secret is SECRET (both from the game's list of
    allowed guesses, or --guesses, unless --any; Mastermind and LeetCode take any word)."""
    rules = game.rules()
    rules = rules.fitted([guess]) if rules.length is None else rules
    rules.check_word(guess)
    rules.check_word(secret)
    if len(rules.fold(guess)) != len(rules.fold(secret)):
        raise WordError(f"{guess!r} and {secret!r} differ in length")
    if not (any_word or rules.open_vocabulary):
        source = guesses or rules.default_guesses
        listed = {rules.fold(w) for w in load_words(source, rules)}
        for word in (guess, secret):
            if rules.fold(word) not in listed:
                raise WordError(f"{word!r} is not in the list {source!r}; --any compares any words")
    out.print(rules.format_reply(rules.feedback(guess, secret)), markup=False)


@friendly
def lists_command(as_json: opt.Json = False) -> None:
    """Show the bundled word lists with their counts, languages and licences."""
    infos = list_infos()
    if as_json:
        print_json([info.__dict__ for info in infos])
        return
    table = Table(box=None, padding=(0, 1))
    table.add_column("name", no_wrap=True)
    table.add_column("words", justify="right", no_wrap=True)
    for column in ("language", "game"):
        table.add_column(column, no_wrap=True)
    table.add_column("licence", overflow="fold")  # Polish's lists have five licences to choose from
    for info in infos:
        table.add_row(info.name, f"{info.count:,}", info.language, info.game, info.licence)
    out.print(table)
    for info in infos:
        out.print(f"  {info.name}: {info.description}", markup=False)


@game_command()
def filter_command(
    turns: Annotated[list[str], typer.Argument(metavar="GUESS=REPLY...", help="Turns as GUESS=REPLY, e.g. raise=..Y.G", show_default=False)],
    game: GameChoice,
    lists: ListChoice = None,
    as_json: opt.Json = False,
) -> None:
    """Print the secrets still consistent with the turns played, and their count."""
    rules = game.rules()
    written = [parse_turn(turn) for turn in turns]
    if rules.length is None and written:
        rules = rules.sized(len(rules.fold(written[0][0])))
    spec = puzzle_spec(rules, lists)
    secrets, allowed = spec.lists()
    note_skipped(spec, secrets, allowed)
    listed = {rules.fold(w) for w in allowed}
    history = []
    for guess, reply in written:
        if rules.check_word(guess) not in listed:
            raise WordError(f"{guess!r} is not in the list of allowed guesses")
        history.append((guess, rules.parse_reply(reply)))
    remaining = filter_or_explain(rules, rules.starting_candidates(secrets), history)
    if as_json:
        print_json({"count": len(remaining), "candidates": remaining})
        return
    out.print(" ".join(rules.display(w) for w in remaining), markup=False)
    out.print(f"{len(remaining)} candidate{'s' if len(remaining) != 1 else ''}")


@friendly
def strategies() -> None:
    """List the strategies with a line on each, their aliases, the multi-board ones, and the modes."""
    for name, entry in STRATEGIES.items():
        aliases = ", ".join(a for a, target in ALIASES.items() if target == name)
        extra = "; ".join(part for part in (f"aliases {aliases}" if aliases else "",
                                            " ".join(f"--{o}" for o in entry.options)) if part)
        out.print(f"{name:<17} {entry.description}" + (f" ({extra})" if extra else ""), markup=False)
    for mode, text in MODES.items():
        out.print(f"mode {mode}: {text}", markup=False)


def game_option_text(cls: type[Game], field: dataclasses.Field) -> str:
    """Return how the CLI sets a game's option: its shared option (--length for word_length,
    Bulls and Cows' --pegs for digits) or its own name, with the default."""
    option = next((a for a, f in cls.option_aliases.items() if f == field.name and a in GAME_OPTIONS), field.name)
    named = "" if option == field.name or field.name == "word_length" else f"{field.name}, "
    return f"--{option} ({named}default {'any' if field.default is None else field.default})"


@friendly
def games() -> None:
    """List the games with their aliases, options and default lists."""
    for name, cls in GAMES.items():
        shown = ", ".join(game_option_text(cls, f) for f in dataclasses.fields(cls)
                          if f.name != "language" or getattr(cls, "offers_languages", False)) or "none"
        game = cls()  # the default options' lists (Wordle's depend on its length)
        out.print(f"{name:<11} {cls.title}; aliases {', '.join(cls.aliases) or '-'}; options {shown}; "
                  f"lists {game.default_answers} / {game.default_guesses or 'the answers'}; "
                  f"{cls.max_guesses} guesses", markup=False)
    for name, (single, boards, limit) in MULTI_BOARDS.items():
        out.print(f"{name:<11} {boards} boards of {single}, one guess for all; {limit} guesses; "
                  f"options --boards, --max-guesses (evaluate)", markup=False)
    out.print("multiboard  any number of boards: --boards N --max-guesses K (evaluate)", markup=False)
    lists = manifest()
    for code, language in LANGUAGES.items():
        if code != "en":
            answers, guesses = lists[f"{code}-answers-5"], lists[f"{code}-guesses-5"]
            out.print(f"wordle --language {code:<3} {language.name} ({language.english}): {answers.count:,} answers and "
                      f"{guesses.count:,} guesses of 5 letters (--length {language.lengths.start}-"
                      f"{language.lengths.stop - 1}); {answers.licence}", markup=False)


@friendly
def cache(
    clear: Annotated[bool, typer.Option("--clear", metavar="", help="Remove the cached matrices, results and proven search results.")] = False,
) -> None:
    """Show where the caches are and how much they hold (or clear them)."""
    patterns = PatternStore.from_environment()
    store = default_store_path()
    if clear:
        freed = patterns.clear()
        if store.exists():
            for path in store.parent.glob(store.name + "*"):  # the file and its journal
                freed += path.stat().st_size
                path.unlink()
        out.print(f"cleared {freed / 2**20:,.1f} MB", markup=False)
        return
    if patterns.cache_dir is None:
        out.print("pattern cache: off ($WORDGUESS_NO_CACHE is set)", markup=False)
    else:
        files = patterns.files()
        size = sum(p.stat().st_size for p in files)
        out.print(f"pattern cache: {patterns.cache_dir} ({len(files)} files, {size / 2**20:,.1f} MB; "
                  f"capped at {patterns.cap_bytes / 2**20:,.0f} MB, oldest removed first)", markup=False)
    held = sum(p.stat().st_size for p in store.parent.glob(store.name + "*")) if store.exists() else 0
    out.print(f"exact-solver store: {store} ({held / 2**20:,.1f} MB)", markup=False)
