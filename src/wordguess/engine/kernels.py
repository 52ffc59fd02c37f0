"""The engine's numba kernel: splitting a candidate set into buckets by reply. The exact solver's
search, the LeetCode planner and `Puzzle.buckets` all split with it."""

from __future__ import annotations

import numpy as np
from numba import njit


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
