"""How the feasibility search (optimal.worst.kernel) counts a guess's buckets on a set of
secrets: its unsolved buckets and their sizes, whether some guess splits the set into
singletons or tells any two secrets apart, and the packed counts (eight buckets a machine word)
that test many guesses at once. Numba code."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def unsolved_buckets(scan, solved, g, S, counts, sizes):
    """Put the sizes of the guess g's unsolved buckets on S in sizes[:k]; return (k, whether g
    is a secret of S). `scan` is ctx.scan ([guess, secret] through the transpose: S's rows read
    in order, kernel.Context), `solved` the solved reply; `counts` is a zeroed scratch array per
    reply, zeroed again on return.

    The helpers called per guess take the arrays they need, not the Context: a call that is not
    inlined counts a reference up and down for every array of a Context it is passed (atomic
    operations: on Bulls and Cows that cost a fifth of the search)."""
    for s in S:
        counts[scan[g, s]] += 1
    k = 0
    hit = False
    for s in S:
        r = scan[g, s]
        size = counts[r]
        if size == 0:
            continue
        counts[r] = 0
        if r == solved:
            hit = True
            continue
        sizes[k] = size
        k += 1
    return k, hit


SPLITS_NONE, SPLITS_OTHER, SPLITS_MEMBER = 0, 1, 2  # what splits_into_singletons found


@njit(cache=True)
def splits_into_singletons(scan, guess_of_answer, n_replies, S, allowed, counts):
    """Return whether some guess gives every secret of S its own reply: SPLITS_MEMBER when a
    secret of S does (tried first: they are often the ones that work), else SPLITS_OTHER when an
    allowed guess does, else SPLITS_NONE. Then S is finished within 2 guesses (the guess itself,
    if a secret, is solved at once; every other secret is the only one left after its reply).
    `scan`, `guess_of_answer` and `n_replies` are the Context's (see unsolved_buckets); `counts`
    is a zeroed scratch array, zeroed again on return."""
    if some_distinct(scan, guess_of_answer[S], S, counts):
        return SPLITS_MEMBER
    if n_replies <= 32:
        return SPLITS_OTHER if any_distinct(scan, S, allowed) else SPLITS_NONE
    return SPLITS_OTHER if some_distinct(scan, allowed, S, counts) else SPLITS_NONE


@njit(cache=True)
def some_distinct(scan, guesses, S, counts):
    """Return whether one of `guesses` gives every secret of S its own reply, each guess
    stopping at its first repeat (the usual case). The loop over the guesses is in here, not in
    the caller: a call per guess that is not inlined costs more than the guess (its array
    arguments' references are counted up and down). `counts` is a zeroed scratch array, zeroed
    again on return."""
    for j in range(len(guesses)):
        g = guesses[j]
        distinct = True
        last = 0
        for k in range(len(S)):
            r = scan[g, S[k]]
            counts[r] += 1
            last = k
            if counts[r] > 1:
                distinct = False
                break
        for k in range(last + 1):
            counts[scan[g, S[k]]] = 0
        if distinct:
            return True
    return False


HEAD_SECRETS = 5  # any_distinct: secrets taken for every guess at once before the per-guess loop


@njit(cache=True)
def any_distinct(scan, S, allowed):
    """Return whether some allowed guess gives every secret of S its own reply (games of at
    most 32 replies): some_distinct over `allowed`, faster (docs/architecture.md). The first
    secrets are taken for all the guesses at once, in loops the compiler turns into vector
    instructions (per guess, a bit mask of the replies seen and one of the replies seen twice;
    each secret's replies to every guess are one contiguous column of `scan`); then each guess
    without a repeat so far goes on alone and stops at its first repeat."""
    n = len(allowed)
    m = len(S)
    head = min(m, HEAD_SECRETS)
    seen = np.zeros(n, dtype=np.uint32)
    twice = np.zeros(n, dtype=np.uint32)
    every = n == scan.shape[0]  # every guess, in order (allowed[i] == i): read the column as it is
    for k in range(head):
        column = scan[:, S[k]]
        if every:
            for i in range(n):
                bit = np.uint32(1) << np.uint32(column[i])
                twice[i] |= seen[i] & bit
                seen[i] |= bit
        else:
            for i in range(n):
                bit = np.uint32(1) << np.uint32(column[allowed[i]])
                twice[i] |= seen[i] & bit
                seen[i] |= bit
    for i in range(n):
        if twice[i] != 0:
            continue
        g = allowed[i]
        mask = seen[i]
        ok = True
        for k in range(head, m):
            bit = np.uint32(1) << np.uint32(scan[g, S[k]])
            if mask & bit:
                ok = False
                break
            mask |= bit
        if ok:
            return True
    return False


@njit(cache=True)
def packable(n_replies, n):
    """Return whether packed_counts applies: at most 16 replies and 255 secrets."""
    return n_replies <= 16 and n <= 255


@njit(cache=True)
def packed_counts(scan, S, allowed, low, high):
    """Count the secrets of S behind each reply of every allowed guess at once, 8 bits a count:
    replies 0-7 in low[i], 8-15 in high[i] (see packable). The loops over the guesses compile
    to vector instructions (shifts, masks and adds, no branch) when they read every guess in
    order, which on Bulls and Cows' 5,040 guesses beats unsolved_buckets guess by guess
    (docs/architecture.md). A subset of the guesses (the symmetry reduction's) is counted the
    same way over every guess and then picked out, unless it is small."""
    n = len(allowed)
    n_guesses = scan.shape[0]
    if n == n_guesses:  # every guess, in order (allowed[i] == i)
        count_every(scan, S, low, high)
    elif 3 * n >= n_guesses:
        every_low = np.empty(n_guesses, dtype=np.uint64)
        every_high = np.empty(n_guesses, dtype=np.uint64)
        count_every(scan, S, every_low, every_high)
        for i in range(n):
            low[i] = every_low[allowed[i]]
            high[i] = every_high[allowed[i]]
    else:
        low[:n] = 0
        high[:n] = 0
        seven, three = np.uint64(7), np.uint64(3)
        for s in S:
            column = scan[:, s]
            for i in range(n):
                r = np.uint64(column[allowed[i]])
                inc = np.uint64(1) << ((r & seven) << three)
                upper = np.uint64(0) - (r >> three)
                low[i] += inc & ~upper
                high[i] += inc & upper


@njit(cache=True)
def count_every(scan, S, low, high):
    """packed_counts over every guess, in order: the vectorised loop."""
    low[:] = 0
    high[:] = 0
    seven, three = np.uint64(7), np.uint64(3)
    for s in S:
        column = scan[:, s]
        for i in range(len(low)):
            r = np.uint64(column[i])
            inc = np.uint64(1) << ((r & seven) << three)
            upper = np.uint64(0) - (r >> three)  # all ones for replies 8-15, else zero
            low[i] += inc & ~upper
            high[i] += inc & upper


@njit(cache=True)
def guess_buckets(scan, solved, n_replies, i, S, allowed, packed, low, high, counts, sizes):
    """unsolved_buckets for the guess allowed[i], read from packed_counts' words when `packed`."""
    if not packed:
        return unsolved_buckets(scan, solved, allowed[i], S, counts, sizes)
    k = 0
    hit = False
    for r in range(n_replies):
        word = low[i] if r < 8 else high[i]
        size = np.int64((word >> np.uint64(8 * (r & 7))) & np.uint64(255))
        if size == 0:
            continue
        if r == solved:
            hit = True
            continue
        sizes[k] = size
        k += 1
    return k, hit


BYTES_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
BYTES_HIGH = np.uint64(0x8080808080808080)
BYTES_ONE = np.uint64(0x0101010101010101)


@njit(cache=True)
def bytes_over(word, limit):
    """Return the high bit of each byte of `word` that is above `limit` (0 <= limit < 255),
    all bytes at once: below 128 a byte b is above when b >= 128 or its low 7 bits + (127 -
    limit) carry into the high bit; from 128 on when b >= 128 and its low 7 bits + (255 -
    limit) carry. No carry crosses a byte (at most 127 + 127)."""
    if limit < 128:
        add = BYTES_ONE * np.uint64(127 - limit)
        return (((word & BYTES_LOW7) + add) | word) & BYTES_HIGH
    add = BYTES_ONE * np.uint64(255 - limit)
    return (((word & BYTES_LOW7) + add) & word) & BYTES_HIGH


@njit(cache=True)
def packed_test(low, high, limit, solved):
    """Return (unsolved buckets, whether the guess is a secret, whether a bucket holds more
    than `limit`) for a guess's packed_counts words, without reading the bytes one by one."""
    word = low if solved < 8 else high
    hit = ((word >> np.uint64(8 * (solved & 7))) & np.uint64(255)) != 0
    nonzero = bytes_over(low, 0) >> np.uint64(7)  # one bit per non-empty reply, at each byte's foot
    nonzero += bytes_over(high, 0) >> np.uint64(7)  # (two words add: a byte holds at most 2)
    buckets = np.int64((nonzero * BYTES_ONE) >> np.uint64(56)) - np.int64(hit)
    over = False
    if limit < 255:
        over = (bytes_over(low, limit) | bytes_over(high, limit)) != 0
    return buckets, hit, over


@njit(cache=True)
def reply_counts(scan, n_replies, S, allowed):
    """Return (whether packed_counts applies, its two words per guess) for guess_buckets."""
    packed = packable(n_replies, len(S))
    size = len(allowed) if packed else 0
    low = np.empty(size, dtype=np.uint64)
    high = np.empty(size, dtype=np.uint64)
    if packed:
        packed_counts(scan, S, allowed, low, high)
    return packed, low, high
