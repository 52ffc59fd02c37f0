"""`wordguess analyze`: how well a finished (or unfinished) game was played, move by move."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from wordguess.analysis import (
    DEFAULT_BUDGET,
    EXACT,
    GameAnalysis,
    analyze,
    game_in_world,
    game_turns,
    legend,
)
from wordguess.analysis.boards import analyze_boards, boards_in_world, boards_legend
from wordguess.analysis.played import for_first_word
from wordguess.cli import opts as opt
from wordguess.cli.common import (
    GameChoice,
    ListChoice,
    build_puzzle,
    err,
    game_command,
    out,
    print_json,
    puzzle_spec,
)
from wordguess.cli.render import tiles, words_whole
from wordguess.cli.work import progress_bar
from wordguess.engine.candidates import parse_turn, share_replies, share_says_hard, split_turns
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import ReplyError, WordguessError
from wordguess.games import Game, MultiBoard
from wordguess.optimal.store import ResultStore, default_store_path
from wordguess.optimal.total.search import exact_problem
from wordguess.play.session import admit_all
from wordguess.vocab import History


def read_share(value: str) -> str:
    """Return the share text: '-' reads standard input, an existing file is read, else the text itself."""
    if value == "-":
        return sys.stdin.read()
    path = Path(value)
    try:
        named = len(value) < 4096 and path.is_file()
        folder = len(value) < 4096 and path.is_dir()
    except OSError:  # not a name a file can have (too long, say): the text itself
        named = folder = False
    if folder:
        raise WordguessError(f"--share {value!r} is a directory: give the share text itself, - for standard input, "
                             "or a file holding it")
    if not named and "\n" not in value and ("/" in value or path.suffix == ".txt"):
        raise WordguessError(f"--share {value!r}: no such file; give the share text itself, - for standard input, "
                             "or a file holding it")
    if not named:
        return value
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise WordguessError(f"cannot read the share text {value!r}: {exc}") from None


def with_exact_matrix(puzzle: Puzzle) -> Puzzle:
    """Return the puzzle with its whole pattern matrix made where the exact search takes it: the
    closed world's values are proven here even for a game a player plays by rows (Wordle of 7
    to 9 letters, classic Nerdle), within the machine's limit (the web's analysis keeps to its
    server's and estimates such a game)."""
    if exact_problem(puzzle) is None:
        puzzle.make_matrix()
    return puzzle


def check_one_way(words: list[str], secret: str | None, history: str | None, share: str | None,
                  secret_form: str, history_form: str, example: str) -> None:
    """Refuse a game not given exactly one way: the secret (`secret_form`) with the guesses, a
    history (`history_form`) and no guesses besides, or a share text with the guesses."""
    if sum(x is not None for x in (secret, history, share)) != 1:
        raise WordguessError(f"give the game one way: --secret {secret_form} with the guesses, --history "
                             f"\"{history_form}\", or --share TEXT with the guesses")
    if history is not None and words:
        raise WordguessError("--history holds the guesses already: give no words besides it")
    if history is None and not words:
        raise WordguessError(f"give the guesses played, in order, e.g. `{example}`")


def analysed(chosen: str, found: str, notices: list[str], steps: int, analysis):
    """Return analysis() run under a progress bar of `steps` steps, then say on stderr that a
    game `chosen` auto was `found` in the open world, and the notices of the words it took (an
    analysis that refuses the game says only why)."""
    with progress_bar("analysing") as progress:
        progress(0, steps)
        result = analysis()
        progress(steps, steps)
    if chosen == "auto" and found == "open":
        err.print("the game does not fit the answer list: analysed in the open world (estimates)", markup=False)
    for notice in notices:
        err.print(f"note: {notice}", markup=False)
    return result


def game_history(rules: Game, puzzle: Puzzle, words: list[str], secret: str | None, history: str | None,
                 share: str | None) -> tuple[Puzzle, History, list[str]]:
    """Return (the puzzle, the played turns, the notices) from exactly one of: the guesses and
    the secret, a GUESS=REPLY history, or a share text (already read: see read_share) with the
    guesses (checked before: check_one_way). A well-formed word in no list is taken as played
    (the puzzle returned has it, see play.session.admitted) with a notice."""
    played = [parse_turn(t)[0] for t in split_turns(history)] if history is not None else list(words)
    puzzle, notices = admit_all(puzzle, [*played, *([secret] if secret is not None else [])])
    turns = _turns(rules, puzzle, words, secret, history, share)
    won = [k for k, (_, reply) in enumerate(turns[:-1], 1) if rules.is_solved(reply)]
    if won:
        raise WordguessError(f"turn {won[0]} won the game ({rules.display(turns[won[0] - 1][0])}): "
                             "no turn comes after a win; give the turns up to it")
    return puzzle, turns, notices


def _turns(rules: Game, puzzle: Puzzle, words: list[str], secret: str | None, history: str | None,
           share: str | None) -> History:
    if history is not None:
        return game_turns(rules, puzzle, [parse_turn(t) for t in split_turns(history)])
    rows = None
    if secret is None:
        try:
            rows = share_replies(rules, share)
        except WordguessError as exc:
            raise WordguessError(f"{exc}; --share takes the text itself, - for standard input, or a file holding it") from None
    return game_turns(rules, puzzle, guesses=words, secret=secret, share_rows=rows)


def analysis_table(game: Game, analysis: GameAnalysis) -> Table:
    """Return the compact per-move table."""
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for name, justify in (("#", "right"), ("guess", "left"), ("left", "right"), ("played", "right"),
                          ("best", "right"), ("best is", "left"), ("regret", "right"), ("skill", "right"),
                          ("luck", "right")):
        table.add_column(name, justify=justify)
    weighted = analysis.world == "open"
    for m in analysis.moves:
        left = f"{m.candidates_before:,}→{m.candidates_after:,}"
        if weighted:
            left += f" ({m.bucket_share:.0%})" if m.bucket_share >= 0.01 else " (<1%)"  # (as the sentence says it)
        table.add_row(str(m.turn), tiles(game, m.guess, m.reply, compact=True), left, m.played.text(), m.best.text(),
                      game.display(m.best_guess), m.regret_text(), m.skill_text(),
                      f"{m.luck}" + ("" if m.luck_by == "guesses" else "*"))
    return words_whole(table)


def game_line(game: Game, analysis: GameAnalysis) -> str:
    """Return the game in one line: its skill and luck, and the default strategy's guesses on the
    same secret against the player's."""
    line = f"game: skill {analysis.skill} of 99, luck {analysis.luck} of 99"
    if analysis.strategy_guesses is not None:
        you = f"you {len(analysis.moves)}" if analysis.solved else "you did not find it"
        line += (f"; the {analysis.strategy} strategy, the default, needed {analysis.strategy_guesses} "
                 f"on {game.display(analysis.secret)}, {you}")
    return line


def summary_text(game: Game, analysis: GameAnalysis) -> Text:
    low = analysis.total_regret[0]
    text = Text()
    if analysis.beyond:
        limit = analysis.max_guesses or game.max_guesses
        text.append(f"lost: not found within {limit} guesses (the {analysis.beyond} after the limit "
                    f"{'is' if analysis.beyond == 1 else 'are'} not analysed); ")
    text.append("a sure win was lost" if math.isinf(low) else f"total regret {analysis.total_regret_text()} guesses")
    if analysis.secret is not None and analysis.optimal_guesses is not None:
        if analysis.kind != EXACT:
            who = "the fewest-guesses strategy"
        elif analysis.moves[0].best.kind == EXACT:
            who = "the optimal strategy"
        else:
            who = "optimal play after the best opener proven so far"
        limit, played = analysis.max_guesses or game.max_guesses, len(analysis.moves)
        you = (f"you {played}" if analysis.solved else f"you did not find it within {limit}" if played >= limit
               else f"you {played} and counting")
        text.append(f"; {who} (opening {game.display(analysis.optimal_opener)}) needed "
                    f"{analysis.optimal_guesses} on {game.display(analysis.secret)}, {you}")
    text.append(f" ({analysis.seconds:.1f} s)\n")
    text.append(game_line(game, analysis) + "\n")
    text.append("\n".join(legend(analysis, game)))
    return text


@game_command(lists="added", several=True)
def analyze_command(
    words: Annotated[list[str] | None, typer.Argument(metavar="GUESS...", help="The guesses played, in order.")] = None,
    game: GameChoice = None,
    secret: Annotated[str | None, typer.Option(help="The secret: the replies are worked out from it.")] = None,
    history: Annotated[str | None, typer.Option(help='The turns as GUESS=REPLY, e.g. "salet=.....,corni=.Y.Y.".')] = None,
    share: Annotated[str | None, typer.Option(help="A pasted share text (emoji grid), a file holding it, or - for standard input; give the guesses too.")] = None,
    mode: opt.Mode = "normal",
    world: opt.AnalyzeWorld = "auto",
    lists: ListChoice = None,
    budget: Annotated[float, typer.Option(help="The exact search's budget for the whole analysis (closed world), in seconds of 500 nodes: counted in nodes, the same analysis on any machine and load (a store adds what earlier runs proved).")] = DEFAULT_BUDGET,
    store: Annotated[str | None, typer.Option(help="SQLite file of proven results (default: in the user cache).")] = None,
    no_store: opt.NoStore = False,
    as_json: opt.Json = False,
) -> None:
    """How well was the game played? Each move's expected guesses to finish against the best
    move's, the regret, a skill and a luck score (exact in the closed world)."""
    if not budget > 0:
        raise WordguessError(f"--budget must be a positive number of seconds, not {budget}")
    if world not in ("auto", "closed", "open"):
        raise WordguessError(f"--world must be auto, closed or open, not {world!r}")
    words = list(words or [])
    share = None if share is None else read_share(share)  # once: standard input cannot be read twice
    results = None if no_store else ResultStore(store or default_store_path())
    chosen = "closed" if world == "auto" and lists.answers else world
    if game.is_multiboard:
        if mode != "normal":
            raise WordguessError("multi-board games have no hard mode: drop --mode")
        analyze_boards_command(game.multiboard(), words, secret, history, share, chosen, lists, budget, results, as_json)
        return
    # Before any list is read: a list's notes must not come before this refusal.
    check_one_way(words, secret, history, share, "S", "salet=.....,corni=.Y.Y.", "analyze --secret gizmo salet corni gizmo")
    if share is not None and share_says_hard(share) and mode == "normal":
        mode = "hard"
        err.print("note: the share's header marks hard mode (*): the game is analysed in hard mode", markup=False)
    first_turn = [parse_turn(split_turns(history)[0])] if history else []
    rules = for_first_word(game.rules(), secret, words, first_turn)

    def puzzle_of(w: str) -> Puzzle:  # auto's closed try is unweighted, as a closed world asked for is not
        return build_puzzle(puzzle_spec(rules, lists, mode, world=w, weigh=not (chosen == "auto" and w == "closed")))

    def played(puzzle: Puzzle) -> tuple:
        return game_history(rules, puzzle, words, secret, history, share)

    # The notices are those of the world the game is analysed in (a word in no closed list may
    # be in the open world's), printed once bad input had its chance to stop the command.
    puzzle, turns, notices, found = game_in_world(rules, chosen, puzzle_of, played, secret)
    analysis = analysed(chosen, found, notices, len(turns), lambda: analyze(
        with_exact_matrix(puzzle), turns, secret=secret, budget=budget, store=results))
    if as_json:
        print_json({**analysis.to_json(rules), "notices": notices})
        return
    out.print(analysis_table(rules, analysis))
    for move in analysis.moves:
        out.print(f"{move.turn}. {move.sentence(rules)}", markup=False, highlight=False)
    out.print(summary_text(rules, analysis))


def analyze_boards_command(rules: MultiBoard, words: list[str], secret: str | None, history: str | None,
                           share: str | None, world: str, lists: ListChoice, budget: float,
                           results: ResultStore | None, as_json: bool) -> None:
    """`analyze` for a game of several boards: each board's moves, then the game as a whole."""
    def puzzle_of(chosen: str) -> Puzzle:
        return build_puzzle(puzzle_spec(rules.board, lists, world=chosen))

    check_one_way(words, secret, history, share, "WORD,WORD,... (one per board)", "soare=..Y.. G.... ..... .Y...;...",
                  "analyze --game quordle --secret cigar,rebut,sissy,humph soare clint ...")
    secrets = None if secret is None else [w for w in secret.replace(",", " ").split() if w]
    written = [parse_turn(t) for t in split_turns(history)] if history is not None else None
    try:
        puzzle, turns, notices, found = boards_in_world(rules, world, puzzle_of, guesses=words, secrets=secrets,
                                                        turns=written, share=share)
    except ReplyError as exc:
        if share is None or "share grid" not in str(exc):
            raise
        raise WordguessError(f"{exc}; --share takes the text itself, - for standard input, or a file holding it") from None
    analysis = analysed(world, found, notices, 1, lambda: analyze_boards(
        rules, with_exact_matrix(puzzle), turns, secrets, budget=budget, store=results))
    if as_json:
        print_json({**analysis.to_json(rules), "notices": notices})
        return
    game = rules.board
    for k, (board, found) in enumerate(zip(analysis.boards, rules.solved_at(analysis.turns), strict=True), 1):
        word = "" if board.secret is None else f" {game.display(board.secret)}"
        state = f"solved at guess {found}" if found is not None else "not solved"
        out.print(f"board #{k}{word}: {state}", style="bold", highlight=False)
        out.print(analysis_table(game, board))
        for move in board.moves:
            out.print(f"{move.turn}. {move.sentence(game, rules.max_guesses)}", markup=False, highlight=False)
        out.print()
    if analysis.finished:
        text = f"{analysis.outcome} in {len(analysis.turns)} of {rules.max_guesses} guesses"
    else:
        text = f"not finished: {len(analysis.turns)} of {rules.max_guesses} guesses played"
    if analysis.strategy_guesses is not None:
        text += (f"; the {analysis.strategy} strategy (opening {game.display(analysis.strategy_opener)}) needed "
                 f"{analysis.strategy_guesses} on these {rules.n_boards} words")
    out.print(f"{text} ({analysis.seconds:.1f} s)", style="bold", highlight=False)
    out.print("\n".join(boards_legend(analysis, game)), markup=False, highlight=False)
