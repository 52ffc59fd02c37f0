"""The commands that evaluate and export strategies and trees: `evaluate`, `tree`,
`first-guesses`, `evil`, and `demo` (the main job)."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import numpy as np
import typer

from wordguess.cli import opts as opt
from wordguess.cli.common import (
    GameChoice,
    ListChoice,
    build_puzzle,
    err,
    friendly,
    game_command,
    out,
    print_json,
    puzzle_spec,
    tree_list,
)
from wordguess.cli.render import evaluation_text, first_guess_tables, lost_line, percent, tiles
from wordguess.cli.work import check_workers, progress_bar
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError, unknown_name
from wordguess.games import get_game
from wordguess.lists import load_words
from wordguess.optimal.worst.exact_guard import played_strategy
from wordguess.play.hosts import FixedHost, Host, get_host
from wordguess.play.multiboard import evaluate_boards
from wordguess.play.simulate import GameRecord, evaluate_by_play, play
from wordguess.strategies import get_strategy
from wordguess.strategies.base import Opening, Strategy
from wordguess.trees.build import TreeStrategy, build_tree, check_tree, clue_puzzles
from wordguess.trees.plots import check_format, save_histogram
from wordguess.trees.report import Evaluation, first_guess_table, tree_evaluation
from wordguess.trees.report import evaluate as evaluate_strategy
from wordguess.trees.tree import TreeFile, total_guesses, tree_size

MAX_GAMES = 1_000_000  # multi-board games simulated by one evaluate
EVALUATED_HOSTS = ("random", "evil", "absurdle")  # --host: every secret in turn, or one game an adversary forces


def print_record(puzzle: Puzzle, record: GameRecord) -> None:
    """Print a played game step by step: tiles and the candidates left after each guess; a game
    that took more guesses than the game's limit ends with a line saying it was lost."""
    for (guess, reply), left in zip(record.turns, record.remaining, strict=True):
        line = tiles(puzzle.game, guess, reply)
        solved = "found after the limit" if record.failed else "solved"
        line.append(f"   {solved}" if puzzle.game.is_solved(reply) else f"   {left:,} candidate{'s' if left != 1 else ''} left")
        out.print(line)
    if record.failed:
        out.print(f"lost: {record.guesses} guesses, over the limit of {record.max_guesses}", style="bold red")


def check_one_tree(puzzle: Puzzle) -> None:
    """Raise WordguessError when a clue shown before the first guess splits the secrets into
    several trees (Sutom's first letter, unless --first fixes it)."""
    if len(clue_puzzles(puzzle)) > 1:
        raise WordguessError(f"{puzzle.game.name} shows a clue before the first guess, so each clue "
                             "has its own tree; choose one with --first")


def show_forced_game(puzzle: Puzzle, guesser: Strategy, host: Host, as_json: bool) -> None:
    """Print the game an adversarial host forces against a guesser."""
    record = play(puzzle, guesser, host)
    if as_json:
        print_json(record.to_json(puzzle.game, host=host.name, strategy=guesser.name))
        return
    print_record(puzzle, record)
    out.print(f"the {host.name} host was cornered into {puzzle.game.display(record.secret)} "
              f"after {record.guesses} guesses")


@game_command(lists="added", several=True)
def evaluate(
    game: GameChoice,
    lists: ListChoice = None,
    strategy: opt.OpenStrategy = None,
    mode: opt.Mode = "normal",
    world: opt.World = "closed",
    secrets: Annotated[str | None, typer.Option(help="Play these words (a list name or file) as the secrets; in the open world the guesser still sees every allowed word.")] = None,
    host: Annotated[str, typer.Option(help="random (every secret or --sample), evil or absurdle (one forced game).")] = "random",
    sample: Annotated[int | None, typer.Option(min=1, help="Evaluate a seeded sample of this many secrets (1 or more).")] = None,
    seed: opt.Seed = 0,
    window: opt.Window = None,
    ties: opt.Ties = "candidates",
    width: opt.Width = None,
    as_json: opt.Json = False,
    plot: Annotated[str | None, typer.Option(help="Write a PNG histogram here (needs the extra wordguess\\[plot]).")] = None,
    tree_out: Annotated[str | None, typer.Option(help="Write the strategy's guess tree here (JSON).")] = None,
    tree_file: Annotated[str | None, typer.Option("--tree", help="Evaluate this tree file instead of a strategy.")] = None,
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Multi-board games: how many seeded games to simulate (1 to 1,000,000).")] = 1000,
    boards: Annotated[int | None, typer.Option(help="Multi-board games: the number of boards (--game multiboard).")] = None,
    max_guesses: Annotated[int | None, typer.Option(help="Multi-board games: the guess limit (default: the game's).")] = None,
    workers: Annotated[int, typer.Option(help="Multi-board games: play the games in this many processes (same result).")] = 1,
) -> None:
    """Evaluate a strategy (or a tree file) over every secret: mean, worst, failures, histogram.
    Multi-board games (quordle, ...) are evaluated by simulating --games seeded games."""
    if host not in EVALUATED_HOSTS:
        raise unknown_name("host", host, EVALUATED_HOSTS)
    if game.is_multiboard:
        if host != "random":
            raise WordguessError("multi-board games are evaluated against the random host (seeded games): drop --host")
        evaluate_boards_command(game, lists, strategy, world, games, seed, boards, max_guesses, as_json, workers)
        return
    multi_only = {"--boards": boards, "--max-guesses": max_guesses, "--workers": None if workers == 1 else workers}
    given = [name for name, value in multi_only.items() if value is not None]
    if given:
        limit = f"; {game.rules().name} keeps its own limit of {game.rules().max_guesses}" if given != ["--workers"] else ""
        raise WordguessError(f"{' and '.join(given)} {'are' if len(given) > 1 else 'is'} for multi-board games "
                             f"(quordle, ...){limit}")
    if plot:
        check_format(plot)
    if tree_out and (secrets or (world == "open" and sample is not None)):
        raise WordguessError("--tree-out writes the tree over every secret the guesser believes possible; "
                             "drop --secrets" + (" and --sample" if sample is not None and world == "open" else ""))
    spec = puzzle_spec(game.rules(), lists, mode, window, ties, world)
    secret_words = None if secrets is None else load_words(secrets)
    if tree_file:  # the tree's own lists (the open world's: its guesses) and mode unless given
        loaded = TreeFile.load(tree_file, world)
        puzzle = build_puzzle(dataclasses.replace(
            spec, answers=lists.answers or (tree_list(loaded.answers, tree_file) if world == "closed" else None),
            guesses=lists.guesses or tree_list(loaded.guesses, tree_file), mode=loaded.mode if mode == "normal" else mode))
        check_tree(loaded.tree, puzzle)
        show_evaluation(tree_evaluation(puzzle, loaded.tree, name=f"tree {tree_file}", world=world), as_json, plot)
        return
    puzzle = build_puzzle(spec)
    guesser = played_strategy(strategy, puzzle, seed=seed, width=width)
    if sample is not None and sample > len(puzzle.answers) and secret_words is None:
        err.print(f"note: --sample {sample:,} is more than the {len(puzzle.answers):,} secrets: every one is played")
    if puzzle.game.lies:
        evaluate_lies_command(puzzle, guesser, host, sample, seed, secrets, tree_out, plot, as_json)
        return
    if host in ("evil", "absurdle"):
        show_forced_game(puzzle, guesser, get_host(host), as_json)
        return
    get_host(host, **({"seed": seed} if host == "random" else {}))
    if tree_out:
        check_one_tree(puzzle)
    count = len(puzzle.answers) if secret_words is None else len(secret_words)
    with progress_bar(f"{guesser.name} over {count:,} secrets") as progress:
        ev = evaluate_strategy(puzzle, guesser, sample=sample, seed=seed, progress=progress,
                               secrets=secret_words, world=world)
    if tree_out:
        TreeFile(puzzle.game, mode, puzzle.answers.name, puzzle.guesses.name, ev.tree, world).save(tree_out)
    show_evaluation(ev, as_json, plot)


def show_evaluation(ev: Evaluation, as_json: bool, plot: str | None = None, **more) -> None:
    """Print an evaluation: as JSON (with the fields `more`) or as the text report; first its
    histogram is written to `plot` when one is given."""
    if plot:
        save_histogram([ev], plot)
    if as_json:
        print_json({**ev.to_json(), **more})
    else:
        out.print(evaluation_text(ev))


def evaluate_lies_command(puzzle: Puzzle, guesser: Strategy, host: str, sample: int | None, seed: int,
                          secrets: str | None, tree_out: str | None, plot: str | None, as_json: bool) -> None:
    """Evaluate a strategy on a game whose host lies (Fibble) by playing every secret (or a
    seeded sample) with seeded lies: no tree describes its games."""
    if host != "random" or secrets or tree_out:
        raise WordguessError(f"{puzzle.game.name}'s games are played against the lying host on every answer "
                             "(or --sample) with seeded lies: drop --host, --secrets and --tree-out")
    count = len(puzzle.answers) if sample is None else min(sample, len(puzzle.answers))
    with progress_bar(f"{guesser.name} over {count:,} secrets, seeded lies") as progress:
        ev = evaluate_by_play(puzzle, guesser, seed=seed, sample=sample, progress=progress)
    show_evaluation(ev, as_json, plot, lie_seed=seed)


def evaluate_boards_command(game: GameChoice, lists: ListChoice, strategy: str | None, world: str, games: int,
                            seed: int, boards: int | None, max_guesses: int | None, as_json: bool,
                            workers: int) -> None:
    """Evaluate a multi-board strategy by simulation (see play.multiboard)."""
    rules = game.multiboard(boards=boards, max_guesses=max_guesses)
    guesser = played_strategy(strategy, None, several=True)  # (several boards: no default depends on the puzzle)
    check_workers(workers)
    spec = puzzle_spec(rules.board, lists, world=world)
    puzzle = build_puzzle(spec)
    with progress_bar(f"{guesser.name} over {games:,} {rules.name} games") as progress:
        ev = evaluate_boards(rules, puzzle, guesser, games, seed, progress, workers=workers, spec=spec)
    if as_json:
        print_json(ev.to_json())
        return
    out.print(f"{rules.title}, {ev.world} world, {guesser.name}: mean {ev.mean:.4f} ± {ev.ci95:.4f} (95%), "
              f"won {ev.wins:,} of {len(ev.guesses):,} ({percent(ev.wins / len(ev.guesses))}), worst {max(ev.guesses)}, "
              f"first {rules.board.display(ev.first)}")
    top = max(ev.histogram.values())
    for k, n in ev.histogram.items():
        bar = "█" * max(1 if n else 0, round(40 * n / top))
        out.print(f"{k:3d} {bar:<40} {n:6,}{'' if k <= rules.max_guesses else '  lost'}")
    if ev.lost:
        out.print(lost_line([" ".join(rules.board.display(w) for w in secrets) for secrets in ev.lost]))


@game_command(lists="weighed")
def tree(
    out_file: Annotated[str, typer.Option("--out", "-o", help="Where to write the tree (JSON).")],
    game: GameChoice,
    opener: Annotated[str | None, typer.Option("--opener", help="Open with this guess, then play the strategy.")] = None,
    lists: ListChoice = None,
    strategy: opt.OpenStrategy = None,
    mode: opt.Mode = "normal",
    world: opt.World = "closed",
    seed: opt.Seed = 0,
    window: opt.Window = None,
    ties: opt.Ties = "candidates",
    width: opt.Width = None,
) -> None:
    """Build a strategy's guess tree and export it as JSON (in the open world: over every allowed
    word, the file recording the world)."""
    puzzle = build_puzzle(puzzle_spec(game.truthful_rules("tree"), lists, mode, window, ties, world))
    guesser = played_strategy(strategy, puzzle, seed=seed, width=width)
    if opener is not None:
        guesser = Opening(puzzle.index_of(opener), guesser)
    check_one_tree(puzzle)
    with progress_bar(f"{guesser.name} tree") as progress:
        built = build_tree(puzzle, guesser, progress=progress)
    TreeFile(puzzle.game, mode, puzzle.answers.name, puzzle.guesses.name, built, world).save(out_file)
    ev = tree_evaluation(puzzle, built, world=world)
    weighted = f", weighted by the prior {ev.weighted_mean:.4f}" if puzzle.weighted else ""
    out.print(f"wrote {out_file}: {tree_size(built):,} secrets, {total_guesses(built):,} guesses in total "
              f"(mean {total_guesses(built) / tree_size(built):.4f}{weighted})")


@game_command()
def first_guesses(
    game: GameChoice,
    lists: ListChoice = None,
    count: Annotated[int, typer.Option(help="How many best and worst guesses per metric.")] = 10,
    as_json: opt.Json = False,
) -> None:
    """Show the best and worst first guesses by each metric."""
    puzzle = build_puzzle(puzzle_spec(game.truthful_rules("first-guesses"), lists))
    table = first_guess_table(puzzle, count)
    if as_json:
        print_json(table)
        return
    for t in first_guess_tables(table):
        out.print(t)


@game_command()
def evil(
    game: GameChoice,
    lists: ListChoice = None,
    strategy: opt.Strategy = "entropy",
    tree_file: Annotated[str | None, typer.Option("--tree", help="Play this tree file instead of a strategy.")] = None,
    host: Annotated[str, typer.Option(help="evil or absurdle.")] = "evil",
    mode: opt.Mode = "normal",
    as_json: opt.Json = False,
) -> None:
    """Show the game an adversarial host forces against a strategy or a tree."""
    if host not in ("evil", "absurdle"):
        raise WordguessError(f"--host must be evil or absurdle, not {host!r}")
    puzzle = build_puzzle(puzzle_spec(game.truthful_rules("evil"), lists, mode))
    if tree_file:
        loaded = TreeFile.load(tree_file, "closed")
        check_tree(loaded.tree, puzzle)
        guesser = TreeStrategy(loaded.tree)
    else:
        guesser = get_strategy(strategy, several=False)
    show_forced_game(puzzle, guesser, get_host(host), as_json)


@friendly
def demo(
    strategy: opt.Strategy = "entropy",
    secret: Annotated[str | None, typer.Option(help="The secret of the example game (default: a seeded random answer).")] = None,
    seed: opt.Seed = 2026,
) -> None:
    """The main job: the full Wordle evaluation report with its histogram, then one game solved
    step by step."""
    puzzle = build_puzzle(puzzle_spec(get_game("wordle")))
    guesser = played_strategy(strategy, puzzle, seed=seed)
    out.rule(f"Wordle: {guesser.name} over every answer ({len(puzzle.answers):,} secrets, "
             f"{len(puzzle.guesses):,} allowed guesses)")
    with progress_bar("building the guess tree") as progress:
        ev = evaluate_strategy(puzzle, guesser, progress=progress)
    out.print(evaluation_text(ev))
    if secret is None:
        secret = puzzle.answers[int(np.random.default_rng(seed).integers(len(puzzle.answers)))]
    out.rule(f"One game, step by step: the secret is {secret.upper()}")
    print_record(puzzle, play(puzzle, TreeStrategy(ev.tree), FixedHost(secret)))
