"""Multi-board benchmark (issue 12): the three strategies side by side on the same seeded games.

    python bench/bench_multiboard.py [--games 1000] [--games-large 100] [--games-duo 100]
        [--games-open 300] [--parts closed,open,speed] [--workers 2]
        [--games-speed 10000] [--positions 50] [--games-guarded 300]

The issue's run: --games 10000 --games-large 10000 --games-duo 1000 --games-open 10000.

Closed world (secrets from the 2,315 answers, guesses from the 12,972): dordle, quordle, octordle
with --games games, sedecordle with --games-large and duotrigordle with --games-duo; each game is played by
one-board (the baseline), joint-entropy (the anchor) and fewest-total (ours), on the same secret
tuples, strategies alternating game by game. Reports each one's mean with its 95% interval, wins,
worst, histogram and seconds, and ours minus the anchor on the same games (paired, with its 95%
interval). Open world, quordle: fewest-total and fewest-total-safe (with the never-lose check)
on secrets drawn from the prior and from the 2,315 list. Speed (--parts speed): 10,000 quordle
games evaluated, and the mid-game suggestion. Guarded (--parts guarded): every suggestion after the
first of --games-guarded open-world quordle games with the never-lose check, as the assistant
gives it (the target: mid-game within 300 ms with the guarantee). Games are played in --workers processes (blocks of games; each block plays every strategy on each of
its games in turn), so the figures do not depend on the number of workers; the
seconds are each strategy's time summed over the workers. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

from wordguess import PuzzleSpec, get_game
from wordguess.engine.executors import ProcessExecutor, SerialExecutor
from wordguess.engine.puzzle import built_puzzle
from wordguess.lists import read_bundled
from wordguess.play.assistant import Assistant
from wordguess.play.multiboard import (
    BoardEvaluation,
    draw_secrets,
    evaluate_boards,
    play_boards,
)
from wordguess.strategies import get_strategy
from wordguess.vocab import Position

NAMES = ("one-board", "joint-entropy", "fewest-total")
BLOCK = 50  # games per task


def play_block(task: tuple) -> dict:
    """A worker's task: every strategy on each game of a block, in turn; guesses and seconds."""
    name, names, rows, openings = task
    rules = get_game(name)
    puzzle = built_puzzle(PuzzleSpec(rules.board))
    strategies = STRATEGIES.setdefault(name, [get_strategy(n, several=True) for n in names])
    results = {n: [] for n in names}
    seconds = dict.fromkeys(names, 0.0)
    for row in rows:
        for strategy, opening in zip(strategies, openings, strict=True):
            t = time.perf_counter()
            results[strategy.name].append(play_boards(rules, puzzle, strategy, row, opening).guesses)
            seconds[strategy.name] += time.perf_counter() - t
    return {"results": results, "seconds": seconds}


STRATEGIES: dict[str, list] = {}  # per worker process: the strategies (and what they remember) per game


def side_by_side(name: str, games: int, seed: int, workers: int) -> dict:
    rules = get_game(name)
    puzzle = built_puzzle(PuzzleSpec(rules.board))
    strategies = [get_strategy(n, several=True) for n in NAMES]
    everything = puzzle.all_candidates()
    openings = [s.choose(puzzle, Position(tuple([everything] * rules.n_boards), [], rules.max_guesses)) for s in strategies]
    rows = draw_secrets(puzzle, rules.n_boards, games, seed)
    blocks = [(name, NAMES, rows[start:start + BLOCK], openings) for start in range(0, games, BLOCK)]
    parts: list[dict] = [{} for _ in blocks]
    executor = ProcessExecutor(workers) if workers > 1 else SerialExecutor()
    with executor:
        for index, part in executor.run(play_block, blocks):
            parts[index] = part
    results = {n: [g for part in parts for g in part["results"][n]] for n in NAMES}
    seconds = {n: sum(part["seconds"][n] for part in parts) for n in NAMES}
    out = {"boards": rules.n_boards, "max_guesses": rules.max_guesses, "games": games}
    for (n, guesses), opening in zip(results.items(), openings, strict=True):
        ev = BoardEvaluation(name, n, "closed", rules.max_guesses, guesses, seconds[n], puzzle.guesses[opening])
        out[n] = ev.to_json()
    diff = [a - b for a, b in zip(results["fewest-total"], results["joint-entropy"], strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    out["ours_minus_anchor"] = {"mean": round(statistics.fmean(diff), 4), "ci95": round(half, 4),
                                "better_beyond_ci": statistics.fmean(diff) + half < 0}
    return out


def open_quordle(games: int, seed: int, workers: int) -> dict:
    rules = get_game("quordle")
    spec = PuzzleSpec(rules.board, world="open")
    puzzle = spec.build()
    # the 2,315 as answer indices (index_of gives a guess's index: the same only while the open
    # world's answers and guesses are one list in one order)
    listed = puzzle.answer_of_guess[[puzzle.index_of(w) for w in read_bundled("wordle-answers")]]
    if (listed < 0).any():
        raise SystemExit("the open world's answers lack a word of the 2,315 list")
    out: dict = {}
    for name in ("fewest-total", "fewest-total-safe"):  # without and with the never-lose check
        strategy = get_strategy(name, several=True)
        prior = evaluate_boards(rules, puzzle, strategy, games, seed, workers=workers, spec=spec)
        answers = evaluate_boards(rules, puzzle, strategy, games, seed, pool=listed, workers=workers, spec=spec)
        out[name] = {"secrets_from_prior": prior.to_json(), "secrets_from_2315": answers.to_json()}
    return out


def speed(games: int, seed: int, workers: int, positions: int) -> dict:
    """The issue's two speed targets: `games` quordle games evaluated (fewest-total, closed world,
    `workers` processes), and the suggestion mid-game (turns 2 to 4 of seeded games, in this
    process once warm, with the strategy's memory emptied before each so nothing is reused)."""
    rules = get_game("quordle")
    out: dict = {}
    spec = PuzzleSpec(rules.board)
    puzzle = spec.build()
    t = time.perf_counter()
    ev = evaluate_boards(rules, puzzle, get_strategy("fewest-total", several=True), games, seed, workers=workers, spec=spec)
    out["evaluate"] = {"games": games, "workers": workers, "seconds": round(time.perf_counter() - t, 1),
                       "mean": round(ev.mean, 4), "wins": ev.wins}
    for world in ("closed", "open"):
        spec = PuzzleSpec(rules.board, world=world)
        puzzle = spec.build()
        timings = suggestion_times(rules, puzzle, get_strategy("fewest-total", several=True), positions, seed + 1, 4)
        out[f"suggestion_{world}"] = {f"turn_{k}": {"n": len(v), "median_s": round(statistics.median(v), 4),
                                                    "max_s": round(max(v), 4)} for k, v in timings.items() if v}
    return out


def suggestion_times(rules, puzzle, strategy, games: int, seed: int, last: int) -> dict[int, list[float]]:
    """Return the seconds of each suggestion of turns 2 to `last` of `games` seeded games played
    through the assistant, in this process once warm, the strategy's memory emptied before each
    (nothing remembered from other turns or games), by turn."""
    Assistant(puzzle, strategy, rules).suggest()  # warm: the matrix and the kernels
    timings: dict[int, list[float]] = {}
    for row in draw_secrets(puzzle, rules.n_boards, games, seed):
        assistant = Assistant(puzzle, strategy, rules)
        secrets = [puzzle.answers[int(i)] for i in row]
        for turn in range(1, last + 1):
            if assistant.solved:
                break
            strategy.memory = type(strategy.memory)()
            t = time.perf_counter()
            guess = assistant.suggest()
            if turn >= 2:
                timings.setdefault(turn, []).append(time.perf_counter() - t)
            done = assistant.solved_mask()
            assistant.record(guess, tuple(None if d else rules.board.feedback(guess, s)
                                          for s, d in zip(secrets, done, strict=True)))
    return timings


def guarded(games: int, seed: int) -> dict:
    """Every suggestion from turn 2 on of `games` open-world quordle games played by the default
    `fewest-total-safe` (the never-lose check) through the assistant, in this process once warm,
    with the strategy's memory emptied before each (nothing reused from other turns or games):
    per turn and over all, the median, the 99th percentile, the slowest and how many took over
    0.3 s."""
    rules = get_game("quordle")
    puzzle = PuzzleSpec(rules.board, world="open").build()
    timings = suggestion_times(rules, puzzle, get_strategy("fewest-total-safe", several=True), games, seed, rules.max_guesses)

    def summary(v: list[float]) -> dict:
        v = sorted(v)
        return {"n": len(v), "median_s": round(statistics.median(v), 4),
                "p99_s": round(v[min(len(v) - 1, math.ceil(0.99 * len(v)) - 1)], 4), "max_s": round(v[-1], 4),
                "over_0.3_s": sum(x > 0.3 for x in v)}

    return {"games": games, "seed": seed, "per_turn": {f"turn_{k}": summary(v) for k, v in sorted(timings.items())},
            "all": summary([x for v in timings.values() for x in v])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--games-large", type=int, default=100)
    parser.add_argument("--games-duo", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games-speed", type=int, default=10000)
    parser.add_argument("--closed", default="dordle,quordle,octordle,sedecordle,duotrigordle",
                        help="the closed-world games to run")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--games-open", type=int, default=300)
    parser.add_argument("--games-guarded", type=int, default=300)
    parser.add_argument("--parts", default="closed,open")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    report = {"load": os.getloadavg()[:2], "cpus": os.cpu_count(), "workers": args.workers}
    started = time.perf_counter()
    if "speed" in parts:  # first: the timings want a quiet machine
        report["speed"] = speed(args.games_speed, args.seed, args.workers, args.positions)
        print(f"speed: {json.dumps(report['speed'])}", file=sys.stderr, flush=True)
    if "guarded" in parts:
        report["guarded"] = guarded(args.games_guarded, args.seed)
        print(f"guarded: {json.dumps(report['guarded'])}", file=sys.stderr, flush=True)
    if "closed" in parts:
        sizes = {"dordle": args.games, "quordle": args.games, "octordle": args.games,
                 "sedecordle": args.games_large, "duotrigordle": args.games_duo}
        sizes = {name: n for name, n in sizes.items() if name in args.closed.split(",")}
        report["closed"] = {}
        for name, games in sizes.items():
            report["closed"][name] = side_by_side(name, games, args.seed, args.workers)
            print(f"{name}: {json.dumps(report['closed'][name])}", file=sys.stderr, flush=True)
    if "open" in parts:
        report["open_quordle"] = open_quordle(args.games_open, args.seed, args.workers)
        print(f"open: {json.dumps(report['open_quordle'])}", file=sys.stderr, flush=True)
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["load_after"] = os.getloadavg()[:2]
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
