"""A quick upper bound on the least total f(S): the total of a tree actually built, greedily.

At each node the guess that splits the secrets into the most parts is played (a secret of the set
first among equals, then the earliest tried). The guesses tried are the node's own secrets and:
at a node of RESCAN secrets or more, the `wide` guesses (the solver passes the WIDE that split
the whole answer list into the most parts); at a smaller one, the POOL of those that split its
nearest large ancestor best; and when these do not split it whole with at most TIGHT guesses
left, every guess. With no `wide` and no `guesses` only the secrets are tried, which keeps every
guess legal in hard mode (a secret left is consistent with every reply so far).

The tree plays every secret to the end, so its total (the guesses it needs, summed over the
secrets) bounds f(S) from above, provided no secret needs more than the guesses left; otherwise
it bounds nothing and -1 is returned. Its cost is about |S| x WIDE per level of the tree: Termo's
10,577 words take a fraction of a second, where the exact search takes minutes. On Wordle's
2,315 answers it gives 3.47 guesses within 6 (the optimum is 3.42).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordguess.engine.kernels import split

WIDE = 1024  # the guesses a large node tries: those that split the whole list into the most parts
POOL = 64  # the guesses, beyond a node's own secrets, a small node tries: its ancestor's best splitters
RESCAN = 16  # a node of at least this many secrets tries the WIDE guesses (and keeps its best for below)
TIGHT = 3  # a node with at most this many guesses left that those do not split whole tries every guess


@njit(cache=True)
def parts_of(row, S, seen):
    """Return how many parts `row` (a guess's replies) splits S into; `seen` is zeroed scratch."""
    parts = 0
    for s in S:
        if not seen[row[s]]:
            seen[row[s]] = True
            parts += 1
    for s in S:
        seen[row[s]] = False
    return parts


@njit(cache=True)
def top_splitters(matrix, S, guesses, n_replies, count):
    """Return the `count` guesses that split S into the most parts (the first of equals first)."""
    seen = np.zeros(n_replies, dtype=np.bool_)
    parts = np.empty(len(guesses), dtype=np.int64)
    for i in range(len(guesses)):
        parts[i] = parts_of(matrix[guesses[i]], S, seen)
    order = np.argsort(-parts, kind="mergesort")[:count]
    pool = np.empty(len(order), dtype=np.int64)
    for i in range(len(order)):
        pool[i] = guesses[order[i]]
    return pool


@njit(cache=True)
def greedy_total(matrix, guess_of_answer, S, wide, guesses, n_replies, solved, depth):
    """Return the greedy tree's total on the secrets S (int64 answer indices) within `depth`
    guesses, or -1 when it needs more (matrix: [guess, answer] -> reply). `wide`: the guesses a
    large node tries (empty: its secrets only); `guesses`: those a small one short of guesses
    tries when its secrets and its ancestor's best do not split it whole (empty: none)."""
    return _greedy(matrix, guess_of_answer, S, wide, guesses, np.empty(0, dtype=np.int64), n_replies, solved,
                   depth)


@njit(cache=True)
def _greedy(matrix, guess_of_answer, S, wide, guesses, pool, n_replies, solved, depth):
    n = len(S)
    if n == 0:
        return 0
    if depth < 1 or (depth == 1 and n > 1):
        return -1
    if n == 1:
        return 1
    if n == 2:
        return 3 if depth >= 2 else -1
    if len(wide) and n >= RESCAN:
        pool = top_splitters(matrix, S, wide, n_replies, POOL)
    seen = np.zeros(n_replies, dtype=np.bool_)
    best, best_parts = -1, 0
    for s0 in S:
        g = guess_of_answer[s0]
        parts = parts_of(matrix[g], S, seen)
        if parts > best_parts:
            best, best_parts = g, parts
    if best_parts < n:
        for g in pool:
            parts = parts_of(matrix[g], S, seen)
            if parts > best_parts:
                best, best_parts = g, parts
    if best_parts < n and depth <= TIGHT and len(guesses) and n < RESCAN:
        for g in guesses:  # few guesses left: a whole split is worth looking for everywhere
            parts = parts_of(matrix[g], S, seen)
            if parts > best_parts:
                best, best_parts = g, parts
    if best_parts < 2:
        return -1  # no guess makes progress (it cannot happen on a set of distinct secrets)
    grouped, starts, sizes = split(matrix[best], S, n_replies)
    total = n
    for r in range(n_replies):
        if sizes[r] == 0 or r == solved:
            continue
        sub = _greedy(matrix, guess_of_answer, grouped[starts[r]:starts[r + 1]], wide, guesses, pool, n_replies,
                      solved, depth - 1)
        if sub < 0:
            return -1
        total += sub
    return total
