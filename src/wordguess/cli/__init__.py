"""The `wordguess` command line: a thin Typer layer over the library. Errors the library raises
for bad input become one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import json
from collections import Counter
from typing import Annotated

import numpy as np
import typer
from rich.table import Table

from wordguess.cli.common import (
    AnswersOpt,
    ColoursOpt,
    FirstOpt,
    GameOpt,
    GuessesOpt,
    JsonOpt,
    LengthOpt,
    ModeOpt,
    PegsOpt,
    SeedOpt,
    StrategyOpt,
    TiesOpt,
    WidthOpt,
    WindowOpt,
    friendly,
    load_lists,
    make_game,
    out,
    parse_window,
    progress_bar,
    strategy_options,
)
from wordguess.cli.interactive import play_command, solve
from wordguess.cli.optimal import optimal_command
from wordguess.cli.render import evaluation_text, first_guess_tables, tiles
from wordguess.engine.candidates import filter_or_explain
from wordguess.engine.puzzle import MODES, Puzzle
from wordguess.errors import WordError, WordguessError
from wordguess.games import Game, get_game
from wordguess.lists import list_infos, load_words
from wordguess.play.simulate import FixedHost, GameRecord, get_host, play
from wordguess.strategies import STRATEGIES, get_strategy
from wordguess.trees.build import TreeStrategy, build_tree, clue_puzzles
from wordguess.trees.plots import save_histogram
from wordguess.trees.report import evaluate as evaluate_strategy
from wordguess.trees.report import first_guess_table, tree_evaluation
from wordguess.trees.tree import TreeFile, leaves, total_guesses, tree_size

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play and solve feedback word-guessing games (Wordle, Jotto, Mastermind, ...).")


@app.command()
@friendly
def feedback(
    guess: Annotated[str, typer.Argument(help="The guessed word.")],
    secret: Annotated[str, typer.Argument(help="The secret word.")],
    game: GameOpt = "wordle",
    guesses: GuessesOpt = None,
    any_word: Annotated[bool, typer.Option("--any", help="Accept any words of the game's length and alphabet, listed or not (e.g. LeetCode's).")] = False,
    length: LengthOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
) -> None:
    """Print the canonical reply to GUESS when the secret is SECRET (both from the game's list of
    allowed guesses, or --guesses, unless --any)."""
    rules = make_game(game, length=length, pegs=pegs, colours=colours)
    rules = rules.fitted([guess]) if rules.length is None else rules
    rules.check_word(guess)
    rules.check_word(secret)
    if len(rules.fold(guess)) != len(rules.fold(secret)):
        raise WordError(f"{guess!r} and {secret!r} differ in length")
    if not any_word:
        source = guesses or rules.default_guesses
        listed = {rules.fold(w) for w in load_words(source, rules)}
        for word in (guess, secret):
            if rules.fold(word) not in listed:
                raise WordError(f"{word!r} is not in the list {source!r}; --any compares any words")
    out.print(rules.format_reply(rules.feedback(guess, secret)), markup=False)


@app.command("lists")
@friendly
def lists_command(as_json: JsonOpt = False) -> None:
    """Show the bundled word lists with their counts, languages and licences."""
    infos = list_infos()
    if as_json:
        out.print_json(json.dumps([info.__dict__ for info in infos]))
        return
    table = Table(box=None, padding=(0, 1))
    table.add_column("name", no_wrap=True)
    table.add_column("words", justify="right", no_wrap=True)
    for column in ("language", "game", "licence"):
        table.add_column(column, no_wrap=True)
    for info in infos:
        table.add_row(info.name, f"{info.count:,}", info.language, info.game, info.licence)
    out.print(table)
    for info in infos:
        out.print(f"  {info.name}: {info.description}", markup=False)


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
    secrets, allowed = load_lists(rules, answers, guesses)
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


def make_puzzle(rules: Game, answers: str | None, guesses: str | None, mode: str,
                window: str | None = None, ties: str = "candidates") -> Puzzle:
    """Return the puzzle for the command-line lists, mode and tie-break."""
    if ties not in ("candidates", "list"):
        raise WordguessError(f"--ties must be candidates or list, not {ties!r}")
    secrets, allowed = load_lists(rules, answers, guesses)
    if not secrets:
        raise WordguessError(f"no word of the answers list fits {rules.name} with these options")
    if rules.length is None:
        rules = rules.fitted(secrets)
    return Puzzle(rules, secrets, allowed, mode=mode, inconsistent_window=parse_window(window),
                  prefer_candidates=ties == "candidates")


@app.command()
@friendly
def evaluate(
    game: GameOpt = "wordle",
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    strategy: StrategyOpt = "entropy",
    mode: ModeOpt = "normal",
    host: Annotated[str, typer.Option(help="random (every secret or --sample), evil or absurdle (one forced game).")] = "random",
    sample: Annotated[int | None, typer.Option(help="Evaluate a seeded sample of this many secrets.")] = None,
    seed: SeedOpt = 0,
    window: WindowOpt = None,
    ties: TiesOpt = "candidates",
    width: WidthOpt = None,
    length: LengthOpt = None,
    first: FirstOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
    as_json: JsonOpt = False,
    plot: Annotated[str | None, typer.Option(help="Write a PNG histogram here (needs wordguess[plot]).")] = None,
    tree_out: Annotated[str | None, typer.Option(help="Write the strategy's guess tree here (JSON).")] = None,
    tree_file: Annotated[str | None, typer.Option("--tree", help="Evaluate this tree file instead of a strategy.")] = None,
) -> None:
    """Evaluate a strategy (or a tree file) over every secret: mean, worst, failures, histogram."""
    rules = make_game(game, length=length, first=first, pegs=pegs, colours=colours)
    puzzle = make_puzzle(rules, answers, guesses, mode, window, ties)
    if tree_file:
        loaded = TreeFile.load(tree_file)
        check_covers(puzzle, loaded.tree)
        ev = tree_evaluation(puzzle, loaded.tree, name=f"tree {tree_file}")
        out.print_json(json.dumps(ev.to_json())) if as_json else out.print(evaluation_text(ev))
        return
    guesser = get_strategy(strategy, **strategy_options(strategy, seed, width))
    if host in ("evil", "absurdle"):
        show_forced_game(puzzle, guesser, get_host(host), as_json)
        return
    get_host(host, **({"seed": seed} if host == "random" else {}))
    if tree_out:
        check_one_tree(puzzle)
    with progress_bar(f"{guesser.name} over {len(puzzle.answers):,} secrets") as progress:
        ev = evaluate_strategy(puzzle, guesser, sample=sample, seed=seed, progress=progress)
    if tree_out:
        TreeFile(puzzle.game, mode, puzzle.answers.name, puzzle.guesses.name, ev.tree).save(tree_out)
    if plot:
        save_histogram([ev], plot)
    if as_json:
        out.print_json(json.dumps(ev.to_json()))
    else:
        out.print(evaluation_text(ev))


@app.command()
@friendly
def tree(
    out_file: Annotated[str, typer.Option("--out", "-o", help="Where to write the tree (JSON).")],
    game: GameOpt = "wordle",
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    strategy: StrategyOpt = "entropy",
    mode: ModeOpt = "normal",
    seed: SeedOpt = 0,
    window: WindowOpt = None,
    ties: TiesOpt = "candidates",
    width: WidthOpt = None,
    length: LengthOpt = None,
    first: FirstOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
) -> None:
    """Build a strategy's guess tree and export it as JSON."""
    rules = make_game(game, length=length, first=first, pegs=pegs, colours=colours)
    puzzle = make_puzzle(rules, answers, guesses, mode, window, ties)
    guesser = get_strategy(strategy, **strategy_options(strategy, seed, width))
    check_one_tree(puzzle)
    with progress_bar(f"{guesser.name} tree") as progress:
        built = build_tree(puzzle, guesser, progress=progress)
    TreeFile(puzzle.game, mode, puzzle.answers.name, puzzle.guesses.name, built).save(out_file)
    out.print(f"wrote {out_file}: {tree_size(built):,} secrets, {total_guesses(built):,} guesses in total "
              f"(mean {total_guesses(built) / tree_size(built):.4f})")


@app.command("first-guesses")
@friendly
def first_guesses(
    game: GameOpt = "wordle",
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    count: Annotated[int, typer.Option(help="How many best and worst guesses per metric.")] = 10,
    length: LengthOpt = None,
    first: FirstOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the best and worst first guesses by each metric."""
    rules = make_game(game, length=length, first=first, pegs=pegs, colours=colours)
    puzzle = make_puzzle(rules, answers, guesses, "normal")
    table = first_guess_table(puzzle, count)
    if as_json:
        out.print_json(json.dumps(table))
        return
    labels = {"minimax": "largest bucket", "expectation": "expected bucket size",
              "entropy": "bits of information", "most-parts": "number of buckets"}
    for t in first_guess_tables(table, labels):
        out.print(t)


def record_json(puzzle: Puzzle, record: GameRecord, **extra) -> dict:
    """Return a played game as JSON-ready data."""
    return {**extra, "secret": record.secret, "guesses": record.guesses, "failed": record.failed,
            "turns": [{"guess": g, "reply": puzzle.game.format_reply(r), "remaining": n}
                      for (g, r), n in zip(record.turns, record.remaining, strict=True)]}


def print_record(puzzle: Puzzle, record: GameRecord) -> None:
    """Print a played game step by step: tiles and the candidates left after each guess."""
    for (guess, reply), left in zip(record.turns, record.remaining, strict=True):
        line = tiles(puzzle.game, guess, reply)
        line.append("   solved" if puzzle.game.is_solved(reply) else f"   {left:,} candidate{'s' if left != 1 else ''} left")
        out.print(line)


def check_one_tree(puzzle: Puzzle) -> None:
    """Raise WordguessError when a clue shown before the first guess splits the secrets into
    several trees (Sutom's first letter, unless --first fixes it)."""
    if len(clue_puzzles(puzzle)) > 1:
        raise WordguessError(f"{puzzle.game.name} shows a clue before the first guess, so each clue "
                             "has its own tree; choose one with --first")


def check_covers(puzzle: Puzzle, tree) -> None:
    """Raise WordguessError unless every secret is exactly one leaf of the tree."""
    found = Counter(puzzle.game.fold(w) for w, _ in leaves(tree))
    expected = Counter(puzzle.game.fold(w) for w in puzzle.answers)
    if found != expected:
        missing, extra = expected - found, found - expected
        raise WordguessError(f"the tree does not cover the answers once each: {len(missing)} missing "
                             f"(e.g. {sorted(missing)[:3]}), {sum(extra.values())} extra or repeated")


def show_forced_game(puzzle: Puzzle, guesser, host, as_json: bool) -> None:
    """Print the game an adversarial host forces against a guesser."""
    record = play(puzzle, guesser, host)
    if as_json:
        out.print_json(json.dumps(record_json(puzzle, record, host=host.name, strategy=guesser.name)))
        return
    print_record(puzzle, record)
    out.print(f"the {host.name} host was cornered into {puzzle.game.display(record.secret)} "
              f"after {record.guesses} guesses")


@app.command()
@friendly
def evil(
    game: GameOpt = "wordle",
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    strategy: StrategyOpt = "entropy",
    tree_file: Annotated[str | None, typer.Option("--tree", help="Play this tree file instead of a strategy.")] = None,
    host: Annotated[str, typer.Option(help="evil or absurdle.")] = "evil",
    mode: ModeOpt = "normal",
    length: LengthOpt = None,
    first: FirstOpt = None,
    pegs: PegsOpt = None,
    colours: ColoursOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the game an adversarial host forces against a strategy or a tree."""
    if host not in ("evil", "absurdle"):
        raise WordguessError(f"--host must be evil or absurdle, not {host!r}")
    rules = make_game(game, length=length, first=first, pegs=pegs, colours=colours)
    puzzle = make_puzzle(rules, answers, guesses, mode)
    guesser = TreeStrategy(TreeFile.load(tree_file).tree) if tree_file else get_strategy(strategy)
    show_forced_game(puzzle, guesser, get_host(host), as_json)


@app.command()
@friendly
def strategies() -> None:
    """List the strategies and modes."""
    for name in STRATEGIES:
        out.print(name)
    for mode, text in MODES.items():
        out.print(f"mode {mode}: {text}")


@app.command()
@friendly
def demo(
    strategy: StrategyOpt = "entropy",
    secret: Annotated[str | None, typer.Option(help="The secret of the example game (default: a seeded random answer).")] = None,
    seed: SeedOpt = 2026,
) -> None:
    """The main job: the full Wordle evaluation report with its histogram, then one game solved
    step by step."""
    puzzle = make_puzzle(get_game("wordle"), None, None, "normal")
    guesser = get_strategy(strategy, **strategy_options(strategy, seed, None))
    out.rule(f"Wordle: {guesser.name} over every answer ({len(puzzle.answers):,} secrets, "
             f"{len(puzzle.guesses):,} allowed guesses)")
    with progress_bar("building the guess tree") as progress:
        ev = evaluate_strategy(puzzle, guesser, progress=progress)
    out.print(evaluation_text(ev))
    if secret is None:
        secret = puzzle.answers[int(np.random.default_rng(seed).integers(len(puzzle.answers)))]
    out.rule(f"One game, step by step: the secret is {secret.upper()}")
    print_record(puzzle, play(puzzle, TreeStrategy(ev.tree), FixedHost(secret)))


app.command()(solve)
app.command("play")(play_command)
app.command("optimal")(optimal_command)
