"""Benchmark of the pattern kernels (issue: core engine). Prints JSON.

Measures the Wordle pattern matrix 12972 x 2315 and 12972 x 12972 (best of --repeat runs, warm),
ns per entry, numba compile time on a cold cache (a fresh NUMBA_CACHE_DIR in a subprocess), and
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
from wordguess.wordlists import load_words

COLD_SCRIPT = """
import time
t = time.perf_counter()
from wordguess.games import get_game
g = get_game("wordle")
g.pattern_matrix(["crane"], ["slate"])
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


def cold_compile_seconds() -> dict:
    """Return import+compile time with an empty numba cache, then with that cache warm."""
    folder = tempfile.mkdtemp(prefix="numba-cold-")
    env = {**os.environ, "NUMBA_CACHE_DIR": folder}
    try:
        cold = float(subprocess.run([sys.executable, "-c", COLD_SCRIPT], env=env, check=True,
                                    capture_output=True, text=True).stdout)
        warm = float(subprocess.run([sys.executable, "-c", COLD_SCRIPT], env=env, check=True,
                                    capture_output=True, text=True).stdout)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"cold_import_and_compile_s": round(cold, 3), "warm_import_s": round(warm, 3)}


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
