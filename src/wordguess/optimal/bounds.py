"""Admissible lower bounds on the total guesses a set of secrets needs (the search in kernel.py
adds them up over a guess's buckets).

Notation: n secrets; a guess splits them into buckets by reply; the solved reply's bucket (the
guess itself, when it is a secret) costs nothing more; every other bucket b costs f(b), the least
total guesses that finish it. The cost of playing g is n + sum over unsolved buckets of f(b).
"""

from __future__ import annotations

import numpy as np
from numba import njit

UNREACHABLE = 1 << 40  # stands for "no tree within the depth limit"


@njit(cache=True)
def least_totals(n_max, branching, depth):
    """Return L[m] for m = 0..n_max: a lower bound on the total guesses any tree needs for m
    secrets when every guess has at most `branching` unsolved replies, within `depth` guesses
    (depth < 0: no limit). In numba: the exact search computes a table per node (kernel.solve).

    Derivation: each node of a tree finds at most one secret (its own guess) and has at most
    `branching` children, so at most branching**(j-1) secrets are found with exactly j guesses.
    The total is least when the depths are filled from the top: 1 secret at depth 1, then up to
    branching at depth 2, branching**2 at depth 3, and so on. With branching >= m - 1 this is
    1 + 2 (m - 1) = 2m - 1. Beyond `depth` no secret may be placed (UNREACHABLE)."""
    table = np.zeros(n_max + 1, dtype=np.int64)
    for m in range(1, n_max + 1):
        left, total, level, width = m, np.int64(0), 1, np.int64(1)
        while left > 0:
            if 0 <= depth < level:
                total = UNREACHABLE
                break
            placed = min(left, width)
            total += level * placed
            left -= placed
            level += 1
            width = min(width * branching, np.int64(UNREACHABLE))
        table[m] = total
    return table


def least_total_table(n_max: int, branching: int, depth: int | None = None) -> np.ndarray:
    """Return least_totals(n_max, branching, depth) (depth None: no limit)."""
    return least_totals(n_max, branching, -1 if depth is None else depth)
