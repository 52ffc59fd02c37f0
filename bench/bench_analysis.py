"""Game analysis benchmark (issue 11).

    python bench/bench_analysis.py [--games 200] [--budget 10] [--part speed|error|open|all]

speed: closed-world Wordle (2,315 / 12,972), games played by the entropy strategy and by a
weaker one (`letter-frequency`, mean 3.73 against entropy's 3.49), each analysed whole with the
default budget, warm (one analyser for all the games, after one game to load the solver);
reports the distribution of the seconds per game and how many moves came out exact. Also a few
games of `random` (seeded), whose random openers are in no table: their first move is proven
within the budget or shown as bounds.
error: the open world's estimates (fewest-guesses' second look) against exact values, on the
same closed-world lists with every answer alike: positions after a random opener's reply
(seeded), the estimated and exact expected guesses of the strategy's best guess and of a random
guess.
open: open-world Wordle (14,855 words, the prior), secrets drawn from the prior (seeded), games
played by the assistant (the guarded fewest-guesses strategy, as the front ends give it) and by
entropy over every word alike, each analysed whole, warm: the seconds per game, and how many
moves the guard judged not shown to keep every word winnable (`?`) or proven to lose one (`can
lose`); `--games` games, at most 40 (each takes a second or more). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

from wordguess import PuzzleSpec, get_game
from wordguess.analysis import EXACT, EstimatedValues, ExactValues, analyze
from wordguess.engine.puzzle import Puzzle
from wordguess.optimal.store import ResultStore, default_store_path
from wordguess.optimal.worst.exact_guard import with_exact_guard
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies import get_strategy
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.guarded import guarded


def quantiles(values: list[float]) -> dict:
    a = np.array(values)
    return {"median": round(float(np.median(a)), 3), "p90": round(float(np.quantile(a, 0.9)), 3),
            "max": round(float(a.max()), 3), "mean": round(float(a.mean()), 3)}


def speed(games: int, budget: float) -> dict:
    puzzle = PuzzleSpec(get_game("wordle")).build()
    values = ExactValues(puzzle, ResultStore(default_store_path()))
    rng = np.random.default_rng(11)
    out = {}
    for name, count in (("entropy", games), ("letter-frequency", games), ("random", max(1, games // 10))):
        strategy = get_strategy(name, **({"seed": 5} if name == "random" else {}))
        secrets = [puzzle.answers[int(i)] for i in rng.choice(len(puzzle.answers), size=count, replace=False)]
        histories = [play(puzzle, strategy, FixedHost(s)).turns for s in secrets]
        analyze(puzzle, histories[0], budget=budget, values=values)  # warm: the solver's tables and the first move's search
        seconds, moves, exact, first_exact = [], 0, 0, 0
        for history in histories:
            analysis = analyze(puzzle, history, budget=budget, values=values)
            seconds.append(analysis.seconds)
            moves += len(analysis.moves)
            exact += sum(m.played.kind == EXACT and m.best.kind == EXACT for m in analysis.moves)
            first_exact += analysis.moves[0].played.kind == EXACT
        out[name] = {"games": count, "seconds_per_game": quantiles(seconds), "moves": moves,
                     "moves_exact": exact, "first_moves_played_exact": first_exact,
                     "mean_guesses": round(moves / count, 3)}
    return out


def error(positions: int, budget: float) -> dict:
    closed = PuzzleSpec(get_game("wordle")).build()
    uniform = Puzzle(closed.game, closed.answers, closed.guesses, weights=np.ones(len(closed.answers)))
    exact, estimate = ExactValues(closed), EstimatedValues(uniform, judge=False)  # the estimates alone
    rng = np.random.default_rng(3)
    rows = []
    openers = ["salet", "crane", "adieu", "pious", "fuzzy", "track", "mound", "lying"]
    for _ in range(positions):
        opener, secret = openers[int(rng.integers(len(openers)))], closed.answers[int(rng.integers(len(closed.answers)))]
        reply = closed.game.feedback(opener, secret)
        if reply == closed.game.solved_reply:
            continue
        history = [(opener, reply)]
        candidates = closed.narrow(closed.all_candidates(), closed.index_of(opener), reply)
        if len(candidates) < 3:
            continue
        other = int(rng.integers(len(closed.guesses)))
        _, best_estimate, best, _ = estimate.move(candidates, history, other)
        for guess in (best, other):
            est = estimate.move(candidates, history, guess)[0].low
            exact.start_move(budget)
            (low, high), _ = exact.played(candidates, history, guess)
            if high is None or low != high:
                continue
            rows.append((len(candidates), est, low / len(candidates), guess == best))
    err = np.array([e - x for _, e, x, _ in rows])
    best_rows = np.array([e - x for _, e, x, b in rows if b])
    return {"positions": positions, "values_compared": len(rows),
            "mean_abs_error": round(float(np.abs(err).mean()), 4), "bias": round(float(err.mean()), 4),
            "p90_abs_error": round(float(np.quantile(np.abs(err), 0.9)), 4), "max_abs_error": round(float(np.abs(err).max()), 4),
            "best_guess_mean_abs_error": round(float(np.abs(best_rows).mean()), 4) if len(best_rows) else None,
            "set_sizes": {"median": int(np.median([n for n, *_ in rows])), "max": int(max(n for n, *_ in rows))}}


def open_world(games: int) -> dict:
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    values = EstimatedValues(puzzle)
    secrets = [puzzle.answers[int(i)] for i in np.random.default_rng(12).choice(
        len(puzzle.answers), size=games, replace=False, p=puzzle.probabilities(puzzle.all_candidates()))]
    out = {}
    for name, strategy in (("assistant", with_exact_guard(guarded(FewestGuesses()))), ("entropy", get_strategy("entropy"))):
        uniform = Puzzle(puzzle.game, puzzle.answers, puzzle.guesses, weights=np.ones(len(puzzle.answers)))
        histories = [play(puzzle if name == "assistant" else uniform, strategy, FixedHost(s)).turns for s in secrets]
        analyze(puzzle, histories[0], values=values)  # warm
        seconds, moves, unshown, lost = [], 0, 0, 0
        for history in histories:
            analysis = analyze(puzzle, history, values=values)
            seconds.append(analysis.seconds)
            moves += len(analysis.moves)
            unshown += sum(m.played.win_shown is False for m in analysis.moves)
            lost += sum(m.played.can_lose for m in analysis.moves)
        out[name] = {"games": games, "seconds_per_game": quantiles(seconds), "moves": moves,
                     "moves_not_shown_winnable": unshown, "moves_that_can_lose": lost}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds of exact search: per analysis (speed), per position (error)")
    parser.add_argument("--part", choices=["speed", "error", "open", "all"], default="all")
    args = parser.parse_args()
    report = {"load": os.getloadavg()[:2], "cpus": os.cpu_count()}
    started = time.perf_counter()
    if args.part in ("speed", "all"):
        report["speed"] = speed(args.games, args.budget)
    if args.part in ("error", "all"):
        report["error"] = error(args.positions, args.budget)
    if args.part in ("open", "all"):
        report["open"] = open_world(min(args.games, 40))
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["load_after"] = os.getloadavg()[:2]
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
