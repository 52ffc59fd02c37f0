"""Benchmark of `wordguess solve`, each measurement in a fresh process. Prints one JSON object.

    python bench/bench_solve.py [--part start|reply|all] [--repeat 5] [--secret cigar]

start: the time from launching `wordguess solve` to its first suggestion on screen, warm (caches
filled by an earlier run) and cold (an empty pattern cache and an empty numba cache).
reply: the first reply, the second turn, in a fresh process with warm caches: `wordguess solve
--history "OPENER=REPLY" --json` for 20 openers people play, each reply the one a fixed secret
gives (`--secret`); the wall time of the whole process, its median and 90th percentile per
opener over `--repeat` runs and over all the runs. The pattern cache is a folder of its own,
filled first (the matrix and its transpose, as a player's second game finds them); the results
it remembers (a position's suggestions) are removed before each run, so every run computes its
position. The target is a median of at most 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

OPENERS = ("crane", "slate", "adieu", "audio", "stare", "raise", "arise", "trace", "crate", "soare",
           "roate", "salet", "irate", "later", "alert", "tears", "rates", "arose", "stale", "carte")


def executable() -> str:
    """Return the path of the `wordguess` console script beside this Python."""
    return os.path.join(os.path.dirname(sys.executable), "wordguess")


def time_to_first_suggestion(env: dict) -> float:
    """Return the seconds until `wordguess solve` prints its first suggestion."""
    start = time.perf_counter()
    proc = subprocess.Popen([executable(), "solve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
    for line in proc.stdout:
        if "→" in line:
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError("no suggestion printed")
    proc.communicate("quit\n")
    return elapsed


def start(repeat: int) -> dict:
    """Return the cold and the best warm time to the first suggestion, in caches of its own."""
    folder = tempfile.mkdtemp(prefix="wordguess-bench-")
    env = {**os.environ, "WORDGUESS_CACHE_DIR": os.path.join(folder, "patterns"),
           "NUMBA_CACHE_DIR": os.path.join(folder, "numba"), "COLUMNS": "100"}
    env.pop("WORDGUESS_NO_CACHE", None)
    try:
        cold = time_to_first_suggestion(env)
        warm = min(time_to_first_suggestion(env) for _ in range(repeat))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"first_suggestion_cold_s": round(cold, 3), "first_suggestion_warm_s": round(warm, 3)}


def first_reply(history: str, env: dict) -> tuple[float, float]:
    """Return the seconds a fresh `wordguess solve --history H --json` takes, start to end,
    without the suggestions its cache remembers, and the processor seconds it used (user and
    system, its threads together: less sensitive to other load than the wall time)."""
    shutil.rmtree(os.path.join(env["WORDGUESS_CACHE_DIR"], "results"), ignore_errors=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    begin = time.perf_counter()
    done = subprocess.run([executable(), "solve", "--history", history, "--json"], capture_output=True, text=True,
                          env=env)
    elapsed = time.perf_counter() - begin
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"solve --history {history}: {done.stderr.strip()}")
    return elapsed, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)


def summary(seconds: list[float], cpu: list[float]) -> dict:
    return {"median_s": round(float(np.median(seconds)), 3), "p90_s": round(float(np.quantile(seconds, 0.9)), 3),
            "max_s": round(float(max(seconds)), 3), "cpu_median_s": round(float(np.median(cpu)), 3)}


def replies(secret: str, repeat: int) -> dict:
    """Return the first reply's times per opener and over all, after untimed runs that fill
    the caches (the warm state a player's second game finds)."""
    from wordguess import get_game

    game = get_game("wordle")
    histories = {opener: f"{opener}={game.format_reply(game.feedback(opener, secret))}" for opener in OPENERS}
    folder = tempfile.mkdtemp(prefix="wordguess-bench-")
    # As installed: the modules' bytecode written and read (an environment that turns it off
    # would compile every module in every process).
    env = {**os.environ, "WORDGUESS_CACHE_DIR": folder}
    for name in ("WORDGUESS_NO_CACHE", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    times: dict[str, list[tuple[float, float]]] = {opener: [] for opener in OPENERS}
    try:
        for _ in range(3):  # a matrix is written at its second use, its transpose after it
            first_reply(histories[OPENERS[0]], env)
        for _ in range(repeat):  # round by round, so a burst of load touches every opener alike
            for opener in OPENERS:
                times[opener].append(first_reply(histories[opener], env))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    every = [t for ts in times.values() for t in ts]
    return {"secret": secret, "repeat": repeat, "overall": summary(*zip(*every, strict=True)),
            "per_opener": {histories[o]: summary(*zip(*ts, strict=True)) for o, ts in times.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=("start", "reply", "all"), default="all")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--secret", default="cigar", help="the secret whose replies the openers get")
    args = parser.parse_args()
    out: dict = {"load_average_before": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}
    if args.part in ("start", "all"):
        out["start"] = start(args.repeat)
    if args.part in ("reply", "all"):
        out["first_reply"] = replies(args.secret.lower(), args.repeat)
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
