"""Benchmark of Fibble (issue 15). Prints JSON.

The lie-entropy strategy played on every Wordle answer (or --sample of them) against the lying
host, the lies of the i-th secret seeded by (--seed, i): mean, worst, failures within the game's
9 guesses, and the wall time on this machine. The same figure as
`wordguess evaluate --game fibble --seed 0 --json`.
"""

from __future__ import annotations

import argparse
import json
import os

import wordguess as wg
from wordguess.play.simulate import evaluate_by_play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=0, help="the seed of the lies")
    parser.add_argument("--sample", type=int, default=None, help="play this many seeded secrets, not all")
    parser.add_argument("--strategy", default="lie-entropy")
    args = parser.parse_args()
    game = wg.get_game("fibble")
    answers, guesses = wg.game_words(game, "wordle-answers", "wordle-guesses")
    puzzle = wg.Puzzle(game, answers, guesses)
    puzzle.matrix  # noqa: B018 - loaded (or computed) once, not part of the play time
    ev = evaluate_by_play(puzzle, wg.get_strategy(args.strategy), seed=args.seed, sample=args.sample)
    print(json.dumps({"machine_cores": os.cpu_count(), "load_after": os.getloadavg()[0],
                      "secrets": len(ev.scores), "seed": args.seed, "strategy": ev.strategy, "first": ev.first,
                      "mean": round(ev.mean, 4), "worst": ev.worst, "failures": ev.failures,
                      "max_guesses": ev.max_guesses, "histogram": {str(k): v for k, v in ev.histogram.items()},
                      "seconds": round(ev.seconds, 1)}, indent=2))


if __name__ == "__main__":
    main()
