"""Benchmark of `wordguess solve` start-up (issue: assistant). Prints JSON.

Time from launching the process to the first suggestion on screen: warm (caches filled by an
earlier run) and cold (an empty pattern cache and an empty numba cache).
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


def time_to_first_suggestion(env: dict) -> float:
    """Return the seconds until `wordguess solve` prints its first suggestion."""
    exe = os.path.join(os.path.dirname(sys.executable), "wordguess")
    start = time.perf_counter()
    proc = subprocess.Popen([exe, "solve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
    for line in proc.stdout:
        if "→" in line:
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError("no suggestion printed")
    proc.communicate("quit\n")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="wordguess-bench-")
    env = {**os.environ, "WORDGUESS_CACHE_DIR": os.path.join(folder, "patterns"),
           "NUMBA_CACHE_DIR": os.path.join(folder, "numba"), "COLUMNS": "100"}
    env.pop("WORDGUESS_NO_CACHE", None)
    try:
        cold = time_to_first_suggestion(env)
        warm = min(time_to_first_suggestion(env) for _ in range(args.repeat))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"first_suggestion_cold_s": round(cold, 3), "first_suggestion_warm_s": round(warm, 3)}, indent=2))


if __name__ == "__main__":
    main()
