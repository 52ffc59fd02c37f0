"""Benchmark of strategies and trees (issue: strategies). Prints JSON.

Greedy entropy tree over 2315 secrets x 12972 guesses (best of --repeat, pattern matrix already
in memory), evaluating all 2315 secrets from a built tree (read off its leaves, and replayed as
2315 games), choosing a move in mid-game from scratch (matrix in memory, and matrix computed
anew), and the lookahead tree. Every figure is wall time on this machine.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

import wordguess as wg
from wordguess.engine.patterns import PatternStore
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies.base import one_board
from wordguess.trees.report import tree_evaluation
from wordguess.trees.tree import leaves


def best_of(fn, repeat: int):
    """Return (best wall time, last result) of `repeat` calls of fn."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-lookahead", action="store_true")
    args = parser.parse_args()
    game = wg.get_game("wordle")
    answers, guesses = wg.game_words(game, "wordle-answers", "wordle-guesses")
    puzzle = wg.Puzzle(game, answers, guesses)
    game.pattern_matrix(guesses[:2], answers[:2])  # numba compile or cache load, not timed
    matrix_s, _ = best_of(lambda: game.pattern_matrix(guesses, answers), args.repeat)
    puzzle.matrix  # noqa: B018 - load once, as every later step shares it
    result: dict = {"machine_cores": os.cpu_count(), "matrix_12972x2315_s": round(matrix_s, 3)}
    tree_s, tree = best_of(lambda: wg.build_tree(puzzle, wg.get_strategy("entropy")), args.repeat)
    evaluation = tree_evaluation(puzzle, tree)
    result["entropy_tree"] = {"seconds": round(tree_s, 3), "total": evaluation.total,
                              "mean": round(evaluation.mean, 4), "first": tree.guess}
    eval_s, _ = best_of(lambda: tree_evaluation(puzzle, tree), args.repeat)
    result["evaluate_2315_from_tree_s"] = round(eval_s, 4)
    # The same, but every secret played as a game through the simulator (fixed host, the tree
    # as the guesser), each game's length checked against its leaf.
    depths = dict(leaves(tree))

    def replay() -> None:
        for secret in answers:
            record = play(puzzle, wg.TreeStrategy(tree), FixedHost(secret))
            assert record.guesses == depths[secret]

    replay_s, _ = best_of(replay, args.repeat)
    result["replay_2315_games_from_tree_s"] = round(replay_s, 4)
    # Mid-game: after SALET got '.Y...' (a common reply), choose the next guess from scratch.
    salet = puzzle.index_of("salet")
    replies, counts = np.unique(puzzle.matrix[salet], return_counts=True)
    reply = int(replies[np.argmax(counts[replies != game.solved_reply])])
    history = [("salet", reply)]
    candidates = puzzle.narrow(puzzle.all_candidates(), salet, reply)
    strategy = wg.get_strategy("entropy")
    move_s, move = best_of(lambda: strategy.choose(puzzle, one_board(puzzle, candidates, history)), max(5, args.repeat))
    result["mid_game_move"] = {"after": f"SALET {game.format_reply(reply)}", "candidates": len(candidates),
                               "guess": guesses[move], "seconds": round(move_s, 4)}

    def fresh_move() -> int:
        """Choose the same move in a new puzzle whose pattern matrix is not yet computed."""
        fresh = wg.Puzzle(game, answers, guesses, store=PatternStore(None))
        return strategy.choose(fresh, one_board(fresh, fresh.narrow(fresh.all_candidates(), salet, reply), history))

    fresh_s, fresh_guess = best_of(fresh_move, max(5, args.repeat))
    assert fresh_guess == move
    result["mid_game_move_with_matrix_s"] = round(fresh_s, 4)
    if not args.skip_lookahead:
        look_s, look = best_of(lambda: wg.build_tree(puzzle, wg.get_strategy("lookahead")), 1)
        ev = tree_evaluation(puzzle, look)
        result["lookahead_tree"] = {"seconds": round(look_s, 2), "total": ev.total, "mean": round(ev.mean, 4),
                                    "first": look.guess, "vs_optimum_7920": round(ev.total / 7920 - 1, 5)}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
