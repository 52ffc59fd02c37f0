"""Benchmark of Nerdle (issue 15). Prints JSON.

Generating the equations (classic 8 symbols and mini 6, each from a cold start in a fresh
process is what a CLI call pays; here the first call of this process), the pattern matrix of
every equation against every equation, and the entropy strategy over every secret (mean, worst,
failures within the game's 6 guesses), with each step's wall time on this machine. The exact
optimum is `wordguess optimal --game nerdle --time-limit 600` (see README).
"""

from __future__ import annotations

import argparse
import json
import os
import time

import wordguess as wg
from wordguess.engine.patterns import PatternStore
from wordguess.games.nerdle import equations


def timed(fn):
    """Return (wall seconds, result) of one call of fn."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def run(length: int, strategy: str) -> dict:
    """Return the figures of one Nerdle length."""
    gen_s, words = timed(lambda: equations(length))
    game = wg.get_game("nerdle", length=length)
    answers, guesses = wg.game_words(game)
    puzzle = wg.Puzzle(game, answers, guesses, store=PatternStore(None))  # no disk cache: the real cost
    game.pattern_matrix(guesses[:2], answers[:2])  # numba compile or cache load, not timed
    matrix_s, _ = timed(lambda: puzzle.matrix)
    evaluation = wg.evaluate(puzzle, wg.get_strategy(strategy))
    return {"equations": len(words), "generate_s": round(gen_s, 3),
            f"matrix_{len(guesses)}x{len(answers)}_s": round(matrix_s, 3),
            "strategy": strategy, "first": evaluation.first, "mean": round(evaluation.mean, 4),
            "worst": evaluation.worst, "failures": evaluation.failures,
            "max_guesses": evaluation.max_guesses,
            "histogram": {str(k): v for k, v in evaluation.histogram.items()},
            "evaluate_s": round(evaluation.seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="8,6", help="comma-separated equation lengths (8 classic, 6 mini)")
    parser.add_argument("--strategy", default="entropy")
    args = parser.parse_args()
    result: dict = {"machine_cores": os.cpu_count(), "load_before": os.getloadavg()[0]}
    for length in (int(x) for x in args.lengths.split(",")):
        result[f"nerdle_{length}"] = run(length, args.strategy)
    result["load_after"] = os.getloadavg()[0]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
