"""Benchmark of the exact optimal solver (issue: exact optimal solver). Prints JSON.

Each case runs `wordguess optimal ... --json` in a fresh process, so start-up, list loading and
the pattern matrix are included. "cold" means a fresh numba cache (compilation included), no
pattern cache and no result store; "warm" reuses the numba cache only (no result store).

Cases: SALET normal (7920) and hard (8122), Mastermind 4x6 over every opener with 1 and 2
workers (5625), a random sample of Wordle openers under the certification cutoff 7921 to
extrapolate `--all-openers`, and doddle 1.6.0's tree_search("SALET") measured in the same run
(see doddle_run.py), with the ratio of wall times.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).with_name("wordguess")


def run_cli(args: list[str], cold: bool, store: str | None = None) -> dict:
    """Return the JSON of one `wordguess optimal` run, with its wall time as `wall_seconds`."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if cold:
            env["NUMBA_CACHE_DIR"] = tmp
            env["WORDGUESS_NO_CACHE"] = "1"
        store_args = ["--store", store] if store else ["--no-store"]
        start = time.perf_counter()
        # --no-certificate: the proof is what is timed, not the reading of the shipped certificate
        done = subprocess.run([str(BIN), "optimal", *args, *store_args, "--no-certificate", "--json"], env=env,
                              capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
    data = json.loads(done.stdout)
    data.pop("histogram", None)
    data["openers"] = data["openers"][:6]
    return {"wall_seconds": round(wall, 2), **data}


def sample_openers(count: int, seed: int, workers: int, cap: float) -> dict:
    """Return the time per opener of a random sample searched with the cutoff 7921 (what
    --all-openers does for every opener but the incumbent), each stopped after `cap` seconds,
    and the all-openers time extrapolated from it (a lower bound when some hit the cap)."""
    from wordguess.engine.executors import get_executor
    from wordguess.engine.puzzle import PuzzleSpec
    from wordguess.games import get_game
    from wordguess.optimal.tasks import SearchSpec, solver_for

    spec = SearchSpec(PuzzleSpec(get_game("wordle")), max_guesses=6)
    puzzle = solver_for(spec).puzzle
    words = random.Random(seed).sample(list(puzzle.guesses), count)
    start = time.perf_counter()
    finished, capped = [], []
    with get_executor("serial" if workers == 1 else "process", workers) as pool:
        for index, outcome in pool.run(timed_opener, [(spec, w, cap) for w in words]):
            (finished if outcome is not None else capped).append((words[index], outcome))
    seconds = time.perf_counter() - start
    per = seconds / count
    return {"openers": count, "workers": workers, "cap_seconds": cap, "seconds": round(seconds, 1),
            "capped": sorted(w for w, _ in capped),
            "finished": {w: {"value": r.value, "exact": r.exact, "seconds": round(r.seconds, 1)}
                         for w, r in sorted(finished)},
            "seconds_per_opener": round(per, 2),
            "extrapolated_all_openers_hours": round(per * len(puzzle.guesses) / 3600, 1),
            "extrapolation_is_lower_bound": bool(capped)}


def timed_opener(task):
    """Return an opener's result under the cutoff 7921, or None if it hit the time cap."""
    from wordguess.optimal.tasks import opener_task
    from wordguess.optimal.total.search import SearchStopped

    spec, word, cap = task
    try:
        return opener_task((spec, word, 7921, (time.time() + cap, cap)))
    except SearchStopped:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=20, help="Wordle openers timed for the extrapolation")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds one sampled opener may take")
    parser.add_argument("--skip-doddle", action="store_true")
    args = parser.parse_args()
    result: dict = {"load_before": round(os.getloadavg()[0], 2)}

    def record(name: str, value: dict) -> None:
        result[name] = value
        print(json.dumps({name: value}), file=sys.stderr, flush=True)  # progress, case by case

    record("salet_normal_cold", run_cli(["--first", "salet"], cold=True))
    record("salet_normal_warm", run_cli(["--first", "salet"], cold=False))
    record("salet_hard_cold", run_cli(["--first", "salet", "--mode", "hard"], cold=True))
    record("palet_hard_5", run_cli(["--first", "palet", "--mode", "hard", "--max-guesses", "5"], cold=False))
    record("wordle_2309_salet", run_cli(["--first", "salet", "--answers", "wordle-answers-nyt"], cold=False))
    record("wordle_2309_salet_hard", run_cli(["--first", "salet", "--answers", "wordle-answers-nyt",
                                              "--mode", "hard"], cold=False))
    record("mastermind_1123", run_cli(["--game", "mastermind", "--first", "1123"], cold=False))
    for workers in (1, 2):
        record(f"mastermind_all_openers_{workers}_workers",
               run_cli(["--game", "mastermind", "--all-openers", "--workers", str(workers)], cold=False))
    record("mastermind_worst_5", run_cli(["--game", "mastermind", "--all-openers", "--max-guesses", "5",
                                          "--workers", "2"], cold=False))
    if not args.skip_doddle:
        sys.path.insert(0, str(Path(__file__).parent))
        from doddle_run import run_doddle

        ours = run_cli(["--first", "salet"], cold=True)
        theirs = run_doddle("SALET")
        record("side_by_side", {"wordguess_cold_seconds": ours["wall_seconds"], "wordguess_total": ours["total"],
                                "wordguess_proven": ours["proven"], "doddle": theirs,
                                "doddle_over_wordguess": round(theirs["seconds"] / ours["wall_seconds"], 1)})
    for workers in (1, 2):
        record(f"wordle_opener_sample_{workers}_workers", sample_openers(args.sample, 2026, workers, args.cap))
    result["load_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
