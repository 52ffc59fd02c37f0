"""Multi-board benchmark (issue 12): the three strategies side by side on the same seeded games.

    python bench/bench_multiboard.py [--games 1000] [--games-large 100] [--games-open 300] [--parts closed,open]

Closed world (secrets from the 2,315 answers, guesses from the 12,972): dordle, quordle, octordle
with --games games, sedecordle and duotrigordle with --games-large; each game is played by
one-board (the baseline), joint-entropy (the anchor) and fewest-total (ours), on the same secret
tuples, strategies alternating game by game. Reports each one's mean with its 95% interval, wins,
worst, histogram and seconds, and ours minus the anchor on the same games (paired, with its 95%
interval). Open world, quordle: fewest-total on secrets drawn from the prior and from the 2,315
list. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

import numpy as np

from wordguess import PuzzleSpec, get_game
from wordguess.lists import read_bundled
from wordguess.play.multiboard import BoardEvaluation, draw_secrets, evaluate_boards, play_boards
from wordguess.strategies.multiboard import get_multi_strategy

NAMES = ("one-board", "joint-entropy", "fewest-total")


def side_by_side(name: str, games: int, seed: int) -> dict:
    rules = get_game(name)
    puzzle = PuzzleSpec(rules.board).build()
    strategies = [get_multi_strategy(n) for n in NAMES]
    everything = puzzle.all_candidates()
    openings = [s.choose(puzzle, [everything] * rules.boards, rules.max_guesses) for s in strategies]
    results = {n: [] for n in NAMES}
    seconds = dict.fromkeys(NAMES, 0.0)
    for row in draw_secrets(puzzle, rules.boards, games, seed):
        for strategy, opening in zip(strategies, openings, strict=True):
            t = time.perf_counter()
            results[strategy.name].append(play_boards(rules, puzzle, strategy, row, opening).guesses)
            seconds[strategy.name] += time.perf_counter() - t
    out = {"boards": rules.boards, "max_guesses": rules.max_guesses, "games": games}
    for (n, guesses), opening in zip(results.items(), openings, strict=True):
        ev = BoardEvaluation(name, n, "closed", rules.max_guesses, guesses, seconds[n], puzzle.guesses[opening])
        out[n] = ev.to_json()
    diff = [a - b for a, b in zip(results["fewest-total"], results["joint-entropy"], strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    out["ours_minus_anchor"] = {"mean": round(statistics.fmean(diff), 4), "ci95": round(half, 4),
                                "better_beyond_ci": statistics.fmean(diff) + half < 0}
    return out


def open_quordle(games: int, seed: int) -> dict:
    rules = get_game("quordle")
    puzzle = PuzzleSpec(rules.board, world="open").build()
    strategy = get_multi_strategy("fewest-total")
    listed = np.array([puzzle.index_of(w) for w in read_bundled("wordle-answers")], dtype=np.int64)
    prior = evaluate_boards(rules, puzzle, strategy, games, seed)
    answers = evaluate_boards(rules, puzzle, strategy, games, seed, pool=listed)
    return {"secrets_from_prior": prior.to_json(), "secrets_from_2315": answers.to_json()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--games-large", type=int, default=100)
    parser.add_argument("--games-open", type=int, default=300)
    parser.add_argument("--parts", default="closed,open")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    report = {"load": os.getloadavg()[:2], "cpus": os.cpu_count()}
    started = time.perf_counter()
    if "closed" in parts:
        report["closed"] = {name: side_by_side(name, args.games if name in ("dordle", "quordle", "octordle")
                                               else args.games_large, args.seed)
                            for name in ("dordle", "quordle", "octordle", "sedecordle", "duotrigordle")}
    if "open" in parts:
        report["open_quordle"] = open_quordle(args.games_open, args.seed)
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["load_after"] = os.getloadavg()[:2]
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
