"""Benchmark of English Wordle of 4 to 11 letters (issue 15). Prints JSON.

For each length N, the closed world of `wordle --length N`: the secrets are scowl-answers-N, the
guesses scowl-guesses-N (5 letters: the NYT's lists, as `wordle` plays them; --scowl-5 for
SCOWL's). The entropy strategy's tree over every secret: mean guesses, worst, failures over 6
guesses (the game's limit) and over N + 1 (the customary limit of the hello-wordl family), with
the wall time of the pattern matrix and of the tree. Each length's JSON goes to stderr as it ends.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import wordguess as wg
from wordguess.engine.patterns import PatternStore


def length_figures(length: int, scowl_5: bool) -> dict:
    """Return the entropy strategy's figures over every secret of `length` letters."""
    game = wg.get_game("wordle", length=length)
    lists = ("scowl-answers-5", "scowl-guesses-5") if length == 5 and scowl_5 else (None, None)
    answers, guesses = wg.game_words(game, *lists)
    puzzle = wg.Puzzle(game, answers, guesses, store=PatternStore(None))  # no disk cache: timed afresh
    start = time.perf_counter()
    puzzle.matrix  # noqa: B018 - computed once, shared by the tree
    matrix_s = time.perf_counter() - start
    evaluation = wg.evaluate(puzzle, wg.get_strategy("entropy"))
    scores = list(evaluation.scores.values())
    return {"length": length, "answers": answers.name, "secrets": len(answers), "guesses": len(guesses),
            "first": evaluation.first, "mean": round(evaluation.mean, 4), "worst": max(scores),
            "failures_over_6": sum(s > 6 for s in scores),
            f"failures_over_{length + 1}": sum(s > length + 1 for s in scores),
            "matrix_s": round(matrix_s, 2), "tree_s": round(evaluation.seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lengths", type=int, nargs="+", default=list(range(4, 12)))
    parser.add_argument("--scowl-5", action="store_true", help="5 letters: SCOWL's lists instead of the NYT's")
    args = parser.parse_args()
    result: dict = {"machine_cores": os.cpu_count(), "load_at_start": os.getloadavg()[0], "lengths": []}
    for length in args.lengths:
        figures = length_figures(length, args.scowl_5)
        print(json.dumps(figures), file=sys.stderr, flush=True)
        result["lengths"].append(figures)
    result["load_at_end"] = os.getloadavg()[0]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
