"""Scale-out of the certification step (issue 13) over a local Ray cluster. Prints JSON.

    python bench/bench_scaleout.py                           # 20 openers, 60 s limit each
    python bench/bench_scaleout.py --openers 4 --seconds 10  # a quick look
    python bench/bench_scaleout.py --answers wordle-answers-nyt --guesses wordle-guesses-nyt \
        --cutoff 7895 --ray "" --openers 40                  # the NYT's lists (SALET: 7894)

The per-opener times (`task_times`: mean, median, 90th percentile, slowest) are what the
estimate of a whole certification on a cluster in docs/cluster.md is made from.

The certification step on Wordle (2,315 answers / 12,972 guesses, at most 6 guesses): show that
each opener of a seeded random sample cannot beat SALET's 7920 (cutoff 7921: the value if below
it, else a proven bound >= 7921), one task per opener, as `optimal --all-openers` does after its
seed. The same sample runs on a local Ray cluster started as a user would (`ray start --head`,
then `ray start --address=...` per worker node of one CPU; tests/ray_cluster.py) with 1, 2 and 4
worker nodes (4 on a 2-core machine: simulated, two processes per core), and on the local process
pool with 2 workers.

Every run has no result store (no run reads another's results) and starts with warm workers:
each worker first builds the puzzle and its solver (`warm_s`, reported apart), so `wall_s` is
the search alone: from the first task sent to the last result. Within a run, each worker's
solver keeps its memo across its tasks, as in a real certification. An opener that reaches the
per-opener limit (`--seconds`) is counted as stopped, its time as spent. `per_opener_s` is
wall_s / openers (the throughput the cluster gives); `task_s` is the mean time inside a task.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from wordguess.engine.executors import ProcessExecutor, RayExecutor
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.lists import load_words
from wordguess.optimal.tasks import SearchSpec, solver_for
from wordguess.optimal.total.search import Limits, SearchStopped

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the local cluster helper

CUTOFF = 7921  # SALET's 7920, plus one (the default lists; --cutoff for others)


def warm(spec: SearchSpec) -> int:
    """Build this worker's solver (the puzzle, its tables); return the worker's process id."""
    solver_for(spec)
    time.sleep(0.5)  # hold the worker a moment, so each warm-up task lands on its own worker
    return os.getpid()


def certify_opener(task: tuple[SearchSpec, str, float, int]) -> dict:
    """Return one opener's certification under the cutoff, within `seconds` of the task's start."""
    spec, word, seconds, cutoff = task
    solver = solver_for(spec)
    solver.limits = Limits(seconds, None)
    began = time.perf_counter()
    try:
        result = solver.opener(word, cutoff)
        found = {"value": result.value, "exact": result.exact, "stopped": False}
    except SearchStopped:
        found = {"value": None, "exact": False, "stopped": True}
    return {"opener": word, **found, "seconds": round(time.perf_counter() - began, 3), "pid": os.getpid()}


def timed_run(executor, workers: int, sample: list[str], seconds: float, spec: SearchSpec, cutoff: int) -> dict:
    """Warm the executor's workers, then certify the sample on them; return the run's figures."""
    began = time.perf_counter()
    pids = {pid for _, pid in executor.run(warm, [spec] * workers)}
    warm_s = time.perf_counter() - began
    began = time.perf_counter()
    rows = [row for _, row in executor.run(certify_opener, [(spec, w, seconds, cutoff) for w in sample])]
    wall = time.perf_counter() - began
    times = sorted(r["seconds"] for r in rows)
    return {"warm_s": round(warm_s, 1), "warmed_workers": len(pids), "wall_s": round(wall, 1),
            "per_opener_s": round(wall / len(sample), 2),
            "task_s": round(statistics.mean(r["seconds"] for r in rows), 2),
            "task_times": {"mean": round(statistics.mean(times), 3), "median": round(statistics.median(times), 3),
                           "p90": round(times[int(0.9 * (len(times) - 1))], 3), "slowest": round(times[-1], 3)},
            "stopped": sum(r["stopped"] for r in rows), "workers_used": len({r["pid"] for r in rows}),
            "results": {r["opener"]: None if r["stopped"] else [r["value"], r["exact"]] for r in sorted(rows, key=lambda r: r["opener"])}}


def on_ray(workers: int, sample: list[str], seconds: float, spec: SearchSpec, cutoff: int) -> dict:
    """Start a local cluster of `workers` one-CPU worker nodes, run the sample, stop it."""
    from ray_cluster import LocalRayCluster

    began = time.perf_counter()
    with LocalRayCluster(workers) as cluster:
        start_s = time.perf_counter() - began
        with RayExecutor(address=cluster.address) as executor:
            run = timed_run(executor, workers, sample, seconds, spec, cutoff)
    return {"executor": "ray", "workers": workers, "cluster_start_s": round(start_s, 1), **run}


def on_pool(workers: int, sample: list[str], seconds: float, spec: SearchSpec, cutoff: int) -> dict:
    """Run the sample on a local process pool of `workers` processes."""
    with ProcessExecutor(workers) as executor:
        return {"executor": "process", "workers": workers, **timed_run(executor, workers, sample, seconds, spec, cutoff)}


def agreement(runs: list[dict], cutoff: int) -> bool:
    """Return whether the runs agree on every opener that each finished: the same exactness, the
    same exact value, bounds all at least the cutoff."""
    for opener in runs[0]["results"]:
        done = [r["results"][opener] for r in runs if r["results"][opener] is not None]
        if len({exact for _, exact in done}) > 1 or len({v for v, exact in done if exact}) > 1:
            return False
        if any(v < cutoff for v, exact in done if not exact):
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--openers", type=int, default=20, help="openers in the seeded random sample")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit of one opener")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--ray", default="1,2,4", help="worker nodes of the Ray runs, comma-separated")
    parser.add_argument("--pool", type=int, default=2, help="workers of the process-pool run (0: none)")
    parser.add_argument("--answers", default="wordle-answers")
    parser.add_argument("--guesses", default="wordle-guesses")
    parser.add_argument("--mode", default="normal", choices=["normal", "hard"])
    parser.add_argument("--cutoff", type=int, default=CUTOFF, help="the incumbent's total plus one")
    args = parser.parse_args()
    os.environ["NUMBA_NUM_THREADS"] = "1"  # one thread per worker: a worker stands for one CPU
    spec = SearchSpec(PuzzleSpec(get_game("wordle"), args.answers, args.guesses, args.mode), max_guesses=6)  # no store
    sample = random.Random(args.seed).sample(sorted(load_words(args.guesses)), args.openers)
    load_before, began = os.getloadavg(), time.monotonic()
    runs = [on_ray(int(n), sample, args.seconds, spec, args.cutoff) for n in args.ray.split(",") if n]
    if args.pool:
        runs.append(on_pool(args.pool, sample, args.seconds, spec, args.cutoff))
    print(json.dumps({
        "case": f"wordle {args.answers}/{args.guesses} {args.mode}, at most 6 guesses, certification step",
        "cutoff": args.cutoff,
        "openers": len(sample), "seed": args.seed, "per_opener_limit_s": args.seconds, "sample": sample,
        "cpus": os.cpu_count(), "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()], "bench_wall_s": round(time.monotonic() - began, 1),
        "results_agree": agreement(runs, args.cutoff), "runs": runs}, indent=1))


if __name__ == "__main__":
    main()
