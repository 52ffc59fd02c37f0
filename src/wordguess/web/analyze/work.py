"""The analyses, run in the app's worker processes (state.HeavyPool): top-level functions of
picklable arguments, with the puzzles they need built once per worker."""

from __future__ import annotations

import dataclasses

from wordguess.analysis import GameAnalysis, analyze, game_in_world, game_turns, legend
from wordguess.analysis.boards import analyze_boards, boards_in_world
from wordguess.analysis.played import for_first_word
from wordguess.engine.candidates import share_replies
from wordguess.engine.patterns import PatternStore
from wordguess.engine.puzzle import Puzzle, PuzzleSpec, built_puzzle
from wordguess.games import Game, game_class, get_game, get_multiboard
from wordguess.play.session import admit_all
from wordguess.vocab import History
from wordguess.web.common import turns_json


def ready() -> None:
    """Return once this worker has imported what the work needs (HeavyPool.start)."""


def played_turns(game: Game, puzzle: Puzzle, request: dict) -> tuple[Puzzle, History, list[str]]:
    """Return (the puzzle, the game's turns, the notices) from one of: turns (guess and reply),
    the guesses with a share text, or the guesses with the secret (as `wordguess analyze` takes
    them; AnalyzeRequest has checked that exactly one is given). A well-formed word in no list
    is taken as played (the puzzle returned has it) with a notice."""
    words = [t["guess"] for t in request["turns"]] or list(request["guesses"])
    puzzle, notices = admit_all(puzzle, [*words, *([request["secret"]] if request["secret"] else [])])
    rows = share_replies(game, request["share"]) if request["share"] is not None else None
    return puzzle, game_turns(game, puzzle, [(t["guess"], t["reply"]) for t in request["turns"]], request["guesses"],
                              request["secret"], rows), notices


def sized_puzzle(spec: PuzzleSpec, max_bytes: int) -> Puzzle:
    """Return the spec's puzzle (built once per worker); one whose pattern matrix would be over
    the server's limit is played by rows (Puzzle.by_rows: that matrix is never made)."""
    puzzle = built_puzzle(spec)  # its pattern matrix is made on first use
    size = len(puzzle.guesses) * len(puzzle.answers) * puzzle.game.reply_dtype().itemsize
    if size > max_bytes and not puzzle.by_rows:
        puzzle = dataclasses.replace(puzzle, store=PatternStore(None, max_bytes=max_bytes))
    return puzzle


def analyze_task(request: dict) -> dict:
    """Return the analysis of a game (an AnalyzeRequest as a dict, with `options`: the game's,
    `budget`: the exact search's seconds for the whole analysis, and `matrix_bytes`: the largest
    pattern matrix it may make) as JSON-ready data, with a chart series. What the game refuses of
    what was played is a WordguessError, raised again in the server (the request fits the
    document: its setting is one the game plays)."""
    rules = for_first_word(get_game(game_class(request["game"]).name, **request["options"]), request["secret"],
                           request["guesses"], [(t["guess"], t["reply"]) for t in request["turns"]])

    def build(world: str) -> Puzzle:
        return sized_puzzle(PuzzleSpec(rules, mode=request["mode"], world=world), request["matrix_bytes"])

    puzzle, turns, notices, _ = game_in_world(rules, request["world"], build,
                                              lambda puzzle: played_turns(rules, puzzle, request), request["secret"])
    analysis = analyze(puzzle, turns, secret=request["secret"], budget=request["budget"])
    return {**analysis_json(analysis, puzzle.game), "notices": notices}


def analysis_json(analysis: GameAnalysis, game: Game) -> dict:
    """Return a game's (or a board's) analysis as the page draws it: each move's words in
    display form, its tiles, its values as text, the chart's series and the legend."""
    result = analysis.to_json(game)
    for move, data in zip(analysis.moves, result["moves"], strict=True):
        data["display"] = game.display(move.guess)
        data["best_display"] = game.display(move.best_guess)
        data["marks"] = game.tile_marks(move.reply)
        data["played_text"], data["best_text"] = move.played.text(), move.best.text()
    # the chart: expected guesses to finish after each move's guess, the one played against the best
    result["chart"] = [{"turn": m.turn, "played": None if m.played.can_lose else m.played.point,
                        "best": None if m.best.can_lose else m.best.point} for m in analysis.moves]
    result["legend"] = legend(analysis, game)
    return result


def boards_analyze_task(request: dict) -> dict:
    """Return the analysis of a multi-board game (a BoardsAnalyzeRequest as a dict, with `budget`
    and `matrix_bytes` as analyze_task's) as JSON-ready data: each board as analyze_task gives a
    game."""
    rules = get_multiboard(request["game"], **request["options"])
    written = [(t["guess"], t["reply"]) for t in request["turns"]] or None
    puzzle, turns, notices, _ = boards_in_world(
        rules, request["world"], lambda world: sized_puzzle(PuzzleSpec(rules.board, world=world), request["matrix_bytes"]),
        guesses=request["guesses"], secrets=request["secrets"], turns=written, share=request["share"])
    analysis = analyze_boards(rules, puzzle, turns, request["secrets"], budget=request["budget"])
    result = analysis.to_json(rules)
    game = rules.board
    result["boards"] = [{"board": k, "max_guesses": board.max_guesses, **analysis_json(board, game)}
                        for k, board in enumerate(analysis.boards, 1)]
    result["turns"] = turns_json(game, analysis.turns, several=True)
    return {**result, "notices": notices}
