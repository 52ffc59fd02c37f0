"""The exact search's per-node passes over a candidate set, in numba: a bound of every guess
(`pair_counts`, for small sets), the shortcut of a secret that settles the set (`quick_exact`),
and a guess's buckets, smallest first (`buckets_by_size`)."""

from __future__ import annotations

import numpy as np
from numba import njit

# Up to this many secrets the bound scan compares secrets pairwise (pair_counts) rather than
# counting each guess's replies: n^2 / 2 vectorised passes over the guesses against n scattered
# counts each.
PAIR_SCAN_MAX = 255


@njit(cache=True)
def linear_to(table, n):
    """Whether table[m] = 2m - 1 for every m <= n (a bucket of m secrets bounded by one guess for
    each and one more for all but the first): the bound of a guess on n secrets then needs only
    its distinct replies and its hit (pair_counts)."""
    for m in range(1, n + 1):
        if table[m] != 2 * m - 1:
            return False
    return True


@njit(cache=True)
def pair_counts(scan, S, allowed, solved, table, squares_too):
    """Return, for each guess allowed[i], from its replies to the secrets of S (`scan[guess,
    secret]`): (the number of distinct replies, 1 if one of them is `solved` else 0, the largest
    bucket, the sum of table[size] over its buckets, and with `squares_too` the sum of the
    buckets' squared sizes, else an empty array).

    Pairwise, never counting by reply: with the secrets in S's order, let e(a) be the number of
    earlier secrets whose reply equals a's. A bucket of k secrets has e = 0, 1, ..., k - 1 on its
    members, so the distinct replies are the secrets with e = 0, the largest bucket is 1 + the
    largest e, a bucket's table[size] is the sum of table[e + 1] - table[e] over its members
    (table[0] = 0; with a linear table 2 for each but the first, which adds 1) and its squared size
    the sum of 2e + 1. Each step compares two secrets' replies to every guess, rows read in order,
    which the compiler vectorises. At most 255 secrets (counts are bytes)."""
    n = len(S)
    m = len(allowed)
    replies = scan.T  # [secret, guess], rows in order
    every = m == scan.shape[0]
    for i in range(m):
        every = every and allowed[i] == i
    if every:  # every guess, in order: the secrets' own rows
        rows = S
    else:  # the allowed guesses' replies gathered, a row per secret
        replies = np.empty((n, m), dtype=scan.dtype)
        for a in range(n):
            column, row = scan[:, S[a]], replies[a]
            for i in range(m):
                row[i] = column[allowed[i]]
        rows = np.arange(n).astype(S.dtype)
    target = np.empty(1, dtype=scan.dtype)
    target[0] = solved
    done = target[0]
    distinct = np.zeros(m, dtype=np.uint8)
    hit = np.zeros(m, dtype=np.uint8)
    big = np.zeros(m, dtype=np.uint8)
    squares = np.zeros(m if squares_too else 0, dtype=np.int64)
    spent = np.zeros(m, dtype=np.int64)
    linear = linear_to(table, n)
    step = np.empty(n, dtype=np.int64)
    for e in range(n):
        step[e] = table[e + 1] - table[e]
    earlier = np.empty(m, dtype=np.uint8)
    for a in range(n):
        ra = replies[rows[a]]
        earlier[:] = 0
        for b in range(a):
            rb = replies[rows[b]]
            for i in range(m):
                earlier[i] += ra[i] == rb[i]
        for i in range(m):
            e = earlier[i]
            hit[i] |= ra[i] == done
            distinct[i] += e == 0
            big[i] = max(big[i], e + 1)
        if not linear:
            for i in range(m):
                spent[i] += step[earlier[i]]
        if squares_too:
            for i in range(m):
                squares[i] += 2 * np.int64(earlier[i]) + 1
    if linear:
        for i in range(m):
            spent[i] = 2 * n - np.int64(distinct[i])
    return distinct, hit, big, spent, squares


@njit(cache=True)
def quick_exact(ctx, S, depth, counts):
    """Return (f(S), the guess) when a secret of S settles it at once, else (2n, -1): a lower
    bound. `depth` >= 2 guesses left; `counts` is zeroed scratch (left zeroed).

    Every bucket b costs f(b) >= 2|b| - 1 (each secret needs a guess of its own, and all but the
    bucket's first guess need a second one at least), so
      cost(g, S) >= n + sum (2|b| - 1) = n + 2(n - hit) - k >= 2n - 1,
    with hit = 1 if g is in S, k the number of unsolved buckets (k <= n - hit). Equality needs
    hit = 1 and k = n - 1: a secret of S that splits the others into singletons; if one exists,
    f(S) = 2n - 1. If none does, every guess costs at least 2n (a secret: k <= n - 2 now; any
    other guess: hit = 0, so n + 2n - k >= 2n). A secret that leaves one pair and singletons
    costs exactly n + 3 + (n - 3) = 2n (the pair: one guess, or two, within two more guesses:
    depth >= 3), so it is then optimal."""
    n = len(S)
    pair_guess = -1
    for c in S:
        g = ctx.guess_of_answer[c]
        row = ctx.matrix[g]
        for s in S:
            counts[row[s]] += 1
        pairs = 0
        larger = False
        for s in S:
            size = counts[row[s]]
            if size == 2:
                pairs += 1
            elif size > 2:
                larger = True
            counts[row[s]] = 0
        if pairs == 0 and not larger:
            return 2 * n - 1, g
        if pairs == 1 and not larger and pair_guess < 0:
            pair_guess = g
    if pair_guess >= 0 and depth >= 3:
        return 2 * n, pair_guess
    return 2 * n, -1


REPLY_BITS = np.int64(24)  # buckets_by_size's sort keys: size << 24 | reply (replies: 3^12 < 2^24)


@njit(cache=True)
def buckets_by_size(row, S, counts):
    """Return (S grouped by its reply in `row`; the replies of its non-empty buckets, smallest
    first, ties by reply; where each bucket starts in the grouping, one more entry than buckets).
    `counts` is zeroed scratch, one slot per reply, left zeroed. Only the replies S gives are
    touched, so a small S costs little whatever the game's number of replies (split, its twin
    over every reply, takes a pass and a sort over all of them)."""
    n = len(S)
    replies = np.empty(n, dtype=np.int64)
    k = 0
    for s in S:
        r = np.int64(row[s])
        if counts[r] == 0:
            replies[k] = r
            k += 1
        counts[r] += 1
    keys = np.empty(k, dtype=np.int64)
    for j in range(k):
        keys[j] = (counts[replies[j]] << REPLY_BITS) | replies[j]
    keys.sort()
    starts = np.empty(k + 1, dtype=np.int64)
    starts[0] = 0
    mask = (np.int64(1) << REPLY_BITS) - 1
    for j in range(k):
        r = keys[j] & mask
        replies[j] = r
        counts[r] = starts[j]  # now where the bucket's next secret goes
        starts[j + 1] = starts[j] + (keys[j] >> REPLY_BITS)
    grouped = np.empty_like(S)
    for s in S:
        r = np.int64(row[s])
        grouped[counts[r]] = s
        counts[r] += 1
    for j in range(k):
        counts[replies[j]] = 0
    return grouped, replies[:k], starts


@njit(cache=True)
def sort_prefix(keys, start, count):
    """Put the `count` least of keys[start:] at its front, in order (the rest after them, in no
    order), and return where they end: the search takes its guesses in order of their keys and
    usually stops after a few, so sorting them all would be wasted."""
    rest = keys[start:]
    end = min(count, len(rest))
    if end < len(rest):
        rest[:] = np.partition(rest, end - 1)
    rest[:end].sort()
    return start + end
