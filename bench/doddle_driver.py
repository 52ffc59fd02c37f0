"""Run doddle's tree search once and print its result as JSON on the last line of stdout.

This script runs inside doddle's own environment (see doddle_env.py), never in the project's: it
imports only doddle and the standard library. Usage: `python doddle_driver.py SALET`.

What doddle 1.6.0 does (read from its source, facade.py and tree.py):
`Doddle()` loads the official lists for 5 letters (dictionary-answers-official.json, 2315
answers; dictionary-full-official.json plus the answers, 12972 guesses). `Doddle.tree_search(guess)`
first fills the whole score matrix (`score_matrix.precompute()`, 12972 x 2315 scores through
`np.vectorize` of a numba kernel), then `TreeBuilder.build(common_words, guess)` searches each
bucket of the opener among the `8 - 3 * depth` best guesses by entropy (at least 1), which is a
heuristic tree, not a proof, and returns a `Benchmark` read back from the tree's CSV:
`num_guesses()` is the tree's total, `mean()` the total over the answers, `histogram` the
number of answers solved in each number of guesses.
"""

from __future__ import annotations

import json
import sys
import time


def timed(fn, *args):
    """Return fn(*args) and the wall seconds it took."""
    start = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - start


def import_doddle():
    """Return the doddle package and its version. Importing it compiles the scoring kernel,
    which numba does eagerly because it is declared with an explicit signature."""
    import importlib.metadata

    import doddle

    return doddle, importlib.metadata.version("doddle")


def warm_up_histogram() -> None:
    """Compile the lazily jitted histogram kernel on tiny inputs, so its compile time is not
    counted as search time. The search passes `matrix[:, columns]`, which numpy returns in
    Fortran order (C order when a single column is left), so both layouts are compiled."""
    import numpy as np
    from doddle.histogram import _populate_histogram

    matrix = np.zeros((2, 3), dtype=int)
    for columns in (np.arange(2), np.arange(1)):
        _populate_histogram(matrix[:, columns], 0, np.zeros(3, dtype=int))


def run(opener: str) -> dict:
    """Return doddle's tree-search result for `opener` with the time of each phase."""
    start = time.perf_counter()
    (doddle, version), import_s = timed(import_doddle)
    solver, setup_s = timed(doddle.Doddle)
    _, compile_s = timed(warm_up_histogram)
    # The same call tree_search makes first; made here so the matrix is timed on its own, after
    # which tree_search's own call returns at once (the matrix is marked fully initialised).
    _, precompute_s = timed(solver.histogram_builder.score_matrix.precompute)
    benchmark, search_s = timed(solver.tree_search, opener)
    total = benchmark.num_guesses()
    return {
        "opener": opener.upper(),
        "total": total,
        "mean": round(benchmark.mean(), 4),
        "worst": max(benchmark.histogram),
        "answers": benchmark.num_games(),
        "guesses": len(solver.dictionary.all_words),
        "histogram": {str(k): v for k, v in sorted(benchmark.histogram.items())},
        "seconds": round(time.perf_counter() - start, 2),
        "compile_seconds": round(import_s + compile_s, 2),
        "phases": {
            "import": round(import_s, 2),
            "setup": round(setup_s, 2),
            "compile": round(compile_s, 2),
            "precompute": round(precompute_s, 2),
            "search": round(search_s, 2),
        },
        "doddle_version": version,
    }


def main() -> None:
    opener = sys.argv[1] if len(sys.argv) > 1 else "SALET"
    print(json.dumps(run(opener)), flush=True)


if __name__ == "__main__":
    main()
