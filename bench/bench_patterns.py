"""Benchmark of the pattern kernels (issue: core engine). Prints JSON.

Measures the Wordle pattern matrix 12972 x 2315 and 12972 x 12972 (best of --repeat runs, warm),
ns per entry, numba compile time on a cold cache (a fresh NUMBA_CACHE_DIR in a subprocess: the
Wordle kernel alone, and every game's kernel with the guess scoring), and
the wall time of a warm `wordguess feedback` call.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from wordguess.games import get_game
from wordguess.lists import load_words

COLD_SCRIPT = """
import time
t = time.perf_counter()
from wordguess.games import get_game
g = get_game("wordle")
g.pattern_matrix(["crane"], ["slate"])
print(time.perf_counter() - t)
"""
# Every kernel a session may need: each game's pattern matrix, and the guess scoring (both paths).
COLD_ALL_SCRIPT = """
import time
t = time.perf_counter()
import numpy as np
from wordguess.engine.patterns import PatternStore
from wordguess.engine.puzzle import Puzzle
from wordguess.strategies import scoring
from wordguess.games import GAMES, get_game
for name in GAMES:
    g = get_game(name, **({"length": 5} if name in ("sutom", "matches") else {}))
    words = g.generated_words() or ["crane", "slate"]
    if name == "jotto":
        words = ["crane", "sloth"]
    puzzle = Puzzle(g, words[:2], words[:2], store=PatternStore(None))
    puzzle.buckets(0, puzzle.all_candidates())
for pairs in (0, 10**12):
    scoring.SERIAL_PAIRS = pairs
    scoring.score_guesses(puzzle, np.arange(2), np.arange(2), "entropy")
print(time.perf_counter() - t)
"""


def best_time(fn, repeat: int) -> float:
    """Return the best wall time of `repeat` calls of fn."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def compile_seconds(script: str) -> tuple[float, float]:
    """Return the wall time of `script` in a fresh process with an empty numba cache, then again
    with the cache that run left."""
    folder = tempfile.mkdtemp(prefix="numba-cold-")
    env = {**os.environ, "NUMBA_CACHE_DIR": folder}
    run = lambda: float(subprocess.run([sys.executable, "-c", script], env=env, check=True,  # noqa: E731
                                       capture_output=True, text=True).stdout)
    try:
        return run(), run()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def cold_compile_seconds() -> dict:
    """Return import+compile time with an empty numba cache, then with that cache warm: for the
    Wordle kernel alone, and for every kernel."""
    cold, warm = compile_seconds(COLD_SCRIPT)
    cold_all, warm_all = compile_seconds(COLD_ALL_SCRIPT)
    return {"cold_import_and_compile_s": round(cold, 3), "warm_import_s": round(warm, 3),
            "cold_all_kernels_s": round(cold_all, 3), "warm_all_kernels_s": round(warm_all, 3)}


def cli_seconds(repeat: int) -> float:
    """Return the best wall time of `wordguess feedback crane slate` (warm caches)."""
    exe = shutil.which("wordguess") or os.path.join(os.path.dirname(sys.executable), "wordguess")
    run = lambda: subprocess.run([exe, "feedback", "crane", "slate"], check=True, capture_output=True)  # noqa: E731
    run()
    return best_time(run, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = get_game("wordle")
    answers, guesses = list(load_words("wordle-answers")), list(load_words("wordle-guesses"))
    game.pattern_matrix(guesses[:10], answers[:10])  # compile (or load from numba's cache)
    result = {"machine_cores": os.cpu_count()}
    for name, secrets in (("12972x2315", answers), ("12972x12972", guesses)):
        seconds = best_time(lambda secrets=secrets: game.pattern_matrix(guesses, secrets), args.repeat)
        entries = len(guesses) * len(secrets)
        result[name] = {"seconds": round(seconds, 4), "ns_per_entry": round(seconds / entries * 1e9, 3)}
    result["numba"] = cold_compile_seconds()
    result["cli_feedback_warm_s"] = round(cli_seconds(args.repeat), 3)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
