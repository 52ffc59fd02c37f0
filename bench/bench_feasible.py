"""The feasibility search (optimal/worst/kernel.py) side by side with an older source tree: the same
work in both, alternating runs, medians and their ratio. Prints JSON.

Two workloads, each a fixed amount of search (same nodes in both trees when the search order is
unchanged, which the JSON checks):
  * bulls: the count of secrets at the 7th guess of Bulls and Cows after 0123 and the reply
    0 bulls 1 cow (1,440 codes), cutoff 2, stopped after --bulls-nodes feasibility nodes;
  * wordle: the refutation "no tree finishes every answer within 4 guesses" for the first
    --openers openers of the within-4 run's order (Wordle, 2,315 answers, 12,972 guesses).

    python bench/bench_feasible.py --baseline /tmp/old/src [--repeats 3] [--only bulls|wordle]

The baseline is a `src` folder of another checkout (git worktree add /tmp/old <commit>). Each run
is a fresh process (its numba cache warmed by a first, untimed run of each tree)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = r"""
import json, sys, time
import numpy as np
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
try:  # the layout since optimal/ was split into total/ and worst/
    from wordguess.optimal.total import kernel
    from wordguess.optimal.total.search import ExactSolver
    from wordguess.optimal.worst import kernel as feasible
    from wordguess.optimal.worst.search import FeasibilitySearch, refutation_order
except ImportError:  # an older baseline tree
    from wordguess.optimal import feasible, kernel
    from wordguess.optimal.search import ExactSolver
    from wordguess.optimal.worst import FeasibilitySearch, refutation_order

work, amount = sys.argv[1], int(sys.argv[2])
if work == "bulls":
    game = get_game("bulls")
    codes = game.generated_words()
    solver = ExactSolver(Puzzle(game, codes, codes))
    search = FeasibilitySearch(solver)
    counts = solver.ctx._replace(memo=kernel.new_memo(), fresh=kernel.new_memo(), stats=np.zeros(8, dtype=np.int64))
    capacity = feasible.capacity_table(solver.branching, len(codes), 8)
    bucket = next(b for b in solver.root_buckets(solver.puzzle.index_of("0123")) if len(b[1]) == 1440)
    _, secrets, (allowed, h) = bucket
    counts.stats[kernel.BUDGET] = 10**15
    search.ctx.stats[kernel.BUDGET] = amount
    started = time.perf_counter()
    value = int(feasible.fewest_last(counts, search.ctx, np.sort(secrets), allowed, h, 6, 2, capacity))
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "nodes": int(search.ctx.stats[kernel.NODES]), "value": value}))
else:
    from wordguess.engine.puzzle import PuzzleSpec
    solver = ExactSolver(PuzzleSpec(get_game("wordle")).build())
    search = FeasibilitySearch(solver)
    openers = refutation_order(solver, list(solver.puzzle.guesses))[:amount]
    started = time.perf_counter()
    feasible_count = sum(search.opener(word, 4).feasible for word in openers)
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "nodes": search.nodes, "value": feasible_count}))
"""


def run(src: str, work: str, amount: int) -> dict:
    env = dict(os.environ, PYTHONPATH=src, NUMBA_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", WORKER, work, str(amount)], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", required=True, help="the other tree's src folder")
    parser.add_argument("--current", default=str(Path(__file__).resolve().parents[1] / "src"))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bulls-nodes", type=int, default=300_000)
    parser.add_argument("--openers", type=int, default=30)
    parser.add_argument("--only", choices=["bulls", "wordle"], help="run one workload")
    args = parser.parse_args()
    trees = {"baseline": args.baseline, "current": args.current}
    report = {"trees": trees, "repeats": args.repeats, "load_before": os.getloadavg()}
    for work, amount in (("bulls", args.bulls_nodes), ("wordle", args.openers)):
        if args.only and work != args.only:
            continue
        for src in trees.values():
            run(src, work, min(amount, 1000))  # warm the numba cache of each tree
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for _ in range(args.repeats):
            for name, src in trees.items():  # alternating
                runs[name].append(run(src, work, amount))
        medians = {name: statistics.median(r["seconds"] for r in rs) for name, rs in runs.items()}
        report[work] = {
            "amount": amount, "runs": runs, "median_seconds": medians,
            "speedup": medians["baseline"] / medians["current"],
            "same_work": len({(r["nodes"], r["value"]) for rs in runs.values() for r in rs}) == 1,
        }
    report["load_after"] = os.getloadavg()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
