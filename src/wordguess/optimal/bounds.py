"""Admissible lower bounds on the total guesses a set of secrets needs (the search in total/kernel.py
adds them up over a guess's buckets).

Notation: n secrets; a guess splits them into buckets by reply; the solved reply's bucket (the
guess itself, when it is a secret) costs nothing more; every other bucket b costs f(b), the least
total guesses that finish it. The cost of playing g is n + sum over unsolved buckets of f(b).
"""

from __future__ import annotations

import numpy as np
from numba import njit

UNREACHABLE = 1 << 40  # stands for "no tree within the depth limit"


def capacity(depth: int, branching: int) -> int:
    """Return the most secrets any strategy can surely find within `depth` guesses when no guess
    gets more than `branching` different replies other than the solved one.

    Derivation: a guess finds at most one secret outright (itself, with the solved reply); every
    other secret goes on, with the guesses left, into the bucket of its reply, and there are at
    most `branching` such buckets. So N(0) = 0 and N(d) = 1 + branching * N(d - 1), that is d
    when branching is 1 and (branching**d - 1) / (branching - 1) when it is more. A candidate set
    larger than N(d) cannot be solved in d guesses. Replies of a subset are replies of the set, so
    a set's branching also bounds every subset below it."""
    if branching <= 1:
        return min(depth, 1) if branching == 0 else depth
    # From 64 guesses on, N(d) >= 2**64 - 1 exceeds any word list, so the exponent is capped.
    return (branching ** min(depth, 64) - 1) // (branching - 1)


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
