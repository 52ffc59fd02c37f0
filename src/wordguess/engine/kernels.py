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
    """Return split's grouping, with only the non-empty buckets: (the grouped candidates, the
    replies that have candidates in reply order, where each one's group starts, where it ends)."""
    grouped, starts, sizes = split(row, candidates, n_replies)
    count = 0
    for r in range(n_replies):
        if sizes[r]:
            count += 1
    replies = np.empty(count, dtype=np.int64)
    begin = np.empty(count, dtype=np.int64)
    end = np.empty(count, dtype=np.int64)
    k = 0
    for r in range(n_replies):
        if sizes[r]:
            replies[k], begin[k], end[k] = r, starts[r], starts[r + 1]
            k += 1
    return grouped, replies, begin, end
