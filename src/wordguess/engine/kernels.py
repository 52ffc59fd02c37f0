"""The engine's numba kernels: the most unsolved replies any guess gives (`Puzzle.widest_branching`,
which bounds every node of the exact solver's trees), splitting a candidate set into buckets by
reply (the exact solver's search, the LeetCode planner and `Puzzle.buckets` all split with it),
the tiled transpose behind
`Puzzle.by_secret`, and whether parallel kernels may run in two threads at once."""

from __future__ import annotations

import numba
import numpy as np
from numba import njit, prange


@njit(cache=True)
def widest_split(matrix, S, guesses, n_replies, solved):
    """Return the most unsolved replies any of `guesses` gives on the secrets S (matrix:
    [guess, answer] -> reply). No guess gives more on any subset of S, so every node of a tree
    for S, or for a subset of it, has at most this many children."""
    seen = np.zeros(n_replies, dtype=np.bool_)
    widest = 0
    for g in guesses:
        row = matrix[g]
        count = 0
        for s in S:
            r = row[s]
            if not seen[r] and r != solved:
                seen[r] = True
                count += 1
        for s in S:
            seen[row[s]] = False
        widest = max(widest, count)
    return widest


@njit(cache=True, nogil=True)
def split(row, candidates, n_replies):
    """Return (the candidates grouped by their reply in `row`, each group in the candidates'
    order; where each reply's group starts, n_replies + 1 entries; the size of each reply's
    group). `row` is one guess's row of a pattern matrix."""
    sizes = np.zeros(n_replies, dtype=np.int64)
    for c in candidates:
        sizes[row[c]] += 1
    starts = np.zeros(n_replies + 1, dtype=np.int64)
    for r in range(n_replies):
        starts[r + 1] = starts[r] + sizes[r]
    fill = starts[:-1].copy()
    grouped = np.empty_like(candidates)
    for c in candidates:
        r = row[c]
        grouped[fill[r]] = c
        fill[r] += 1
    return grouped, starts, sizes


@njit(cache=True, nogil=True)
def nonempty_buckets(row, candidates, n_replies):
    """Return split's grouping with only its non-empty buckets: (the grouped candidates, one row
    (reply, start, end) per reply that has candidates, in reply order)."""
    grouped, starts, sizes = split(row, candidates, n_replies)
    count = 0
    for r in range(n_replies):
        if sizes[r]:
            count += 1
    spans = np.empty((count, 3), dtype=np.int64)
    k = 0
    for r in range(n_replies):
        if sizes[r]:
            spans[k, 0], spans[k, 1], spans[k, 2] = r, starts[r], starts[r + 1]
            k += 1
    return grouped, spans


@njit(cache=True, nogil=True)
def transpose(matrix):
    """Return matrix.T as a new C-ordered array, copied in square tiles so that both the rows read
    and the rows written stay in the cache (numpy's copy of a transposed view walks one of them
    with a stride of a whole row: 5x slower on a 14,855-square matrix)."""
    rows, cols = matrix.shape
    out = np.empty((cols, rows), dtype=matrix.dtype)
    tile = 64
    for r0 in range(0, rows, tile):
        r1 = min(r0 + tile, rows)
        for c0 in range(0, cols, tile):
            c1 = min(c0 + tile, cols)
            for r in range(r0, r1):
                for c in range(c0, c1):
                    out[c, r] = matrix[r, c]
    return out


@njit(parallel=True, cache=True)
def _start_threads(n):
    total = 0
    for k in prange(n):
        total += k
    return total


def parallel_kernels_threadsafe() -> bool:
    """Return whether two threads may run numba's parallel kernels at once: true for the TBB
    and OpenMP threading layers, false for the fallback "workqueue" one (numba's docs: not
    thread-safe), which callers must then run one thread at a time. Starts the layer if needed."""
    _start_threads(2)
    return numba.threading_layer() in ("tbb", "omp")


def use_threads(count: int) -> None:
    """Let the parallel kernels that this thread launches use at most `count` threads (numba's
    setting is per thread; at least 1, at most the threads numba started with)."""
    numba.set_num_threads(max(1, min(count, numba.config.NUMBA_NUM_THREADS)))
