"""Feasibility search: does some guess tree find every secret of a set within d guesses? The
least such d over the openers is the least worst case, and proving d - 1 infeasible is much
cheaper than minimising a total: any guess whose every bucket is feasible within d - 1 ends the
search, and a guess fails as soon as one bucket is infeasible (the largest is tried first).

Notation as in kernel.py: S is a set of n secrets, a guess g splits S into buckets by reply, the
solved reply's bucket (g itself, when g is in S) is finished, and every other bucket must be
finished within d - 1 guesses. B = (number of replies) - 1 is the most unsolved buckets a guess
can make.

Contract of `within(ctx, S, allowed, allowed_hash, depth, capacity)`: it returns 1 if a tree
for S within `depth` guesses exists (guesses taken from `allowed`, narrowed by
kernel.child_allowed below each reply: hard mode and the symmetry reduction), 0 if none exists,
and ABORT when the node budget (ctx.stats[BUDGET]) ran out; both verdicts are memoised in
ctx.memo, an aborted call memoises nothing it had not proven. The memo's keys are
kernel.set_key's, so a Context used here needs a memo of its own (values are verdicts, not
packed totals).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordguess.engine.kernels import split
from wordguess.optimal.kernel import (
    ABORT,
    ABORTED,
    BUDGET,
    HITS,
    INF,
    N_REPLIES,
    NODES,
    SHORTCUTS,
    SIZE_FLOOR,
    SOLVED,
    SYMMETRY,
    child_allowed,
    pack,
    set_key,
    unpack,
)

TOO_BIG = np.int64(1) << np.int64(40)  # stands for "this guess cannot work" in the ordering


def capacity_table(branching: int, n_secrets: int, max_depth: int) -> np.ndarray:
    """Return cap[d] for d = 0..max_depth: the most secrets any tree can finish within d guesses
    when no guess gives more than `branching` unsolved replies (at most n_replies - 1; the
    solver's `branching`, the most any guess gives on all the answers, is tighter).

    Derivation: the root guess finds at most one secret (itself) and sends every other secret to
    one of at most B = branching unsolved replies, each finished within d - 1 guesses, so
    cap(d) = 1 + B cap(d - 1), cap(0) = 0: 1, 1 + B, 1 + B + B^2, ... Values are capped at
    n_secrets + 1 (anything larger binds nothing)."""
    cap = np.zeros(max_depth + 1, dtype=np.int64)
    for d in range(1, max_depth + 1):
        cap[d] = min(n_secrets + 1, 1 + branching * int(cap[d - 1]))
    return cap


def least_depth_bound(branching: int, n_secrets: int) -> int:
    """Return the least d with cap(d) >= n_secrets: no tree finishes every secret in fewer."""
    d = 1
    while capacity_table(branching, n_secrets, d)[d] < n_secrets:
        d += 1
    return d


@njit(cache=True)
def remember(ctx, key, n, verdict):
    """Memoise a proven verdict (sets below ctx.params[SIZE_FLOOR] are cheap to redo)."""
    if n >= ctx.params[SIZE_FLOOR]:
        ctx.memo[key] = verdict


@njit(cache=True)
def spend_node(ctx):
    """Count a node expanded; return True (and flag ABORTED) when that exceeds the budget."""
    ctx.stats[NODES] += 1
    if ctx.stats[NODES] > ctx.stats[BUDGET]:
        ctx.stats[ABORTED] = 1
        return True
    return False


@njit(cache=True)
def unsolved_buckets(ctx, g, S, counts, sizes):
    """Put the sizes of the guess g's unsolved buckets on S in sizes[:k]; return (k, whether g
    is a secret of S). `counts` is a zeroed scratch array per reply, zeroed again on return."""
    scan = ctx.scan  # [guess, secret] through the transpose: S's rows read in order (kernel.Context)
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
        if r == ctx.params[SOLVED]:
            hit = True
            continue
        sizes[k] = size
        k += 1
    return k, hit


SPLITS_NONE, SPLITS_OTHER, SPLITS_MEMBER = 0, 1, 2  # what splits_into_singletons found


@njit(cache=True)
def splits_into_singletons(ctx, S, allowed, counts):
    """Return whether some guess gives every secret of S its own reply: SPLITS_MEMBER when a
    secret of S does (tried first: they are often the ones that work), else SPLITS_OTHER when an
    allowed guess does, else SPLITS_NONE. Then S is finished within 2 guesses (the guess itself,
    if a secret, is solved at once; every other secret is the only one left after its reply).
    `counts` is a zeroed scratch array; it is zeroed again on return."""
    for phase in range(2):
        n_try = len(S) if phase == 0 else len(allowed)
        for j in range(n_try):
            g = ctx.guess_of_answer[S[j]] if phase == 0 else allowed[j]
            distinct = True
            last = 0
            for k in range(len(S)):
                r = ctx.scan[g, S[k]]
                counts[r] += 1
                last = k
                if counts[r] > 1:
                    distinct = False
                    break  # a collision: this guess fails (the usual case: fail fast)
            for k in range(last + 1):
                counts[ctx.scan[g, S[k]]] = 0
            if distinct:
                return SPLITS_MEMBER if phase == 0 else SPLITS_OTHER
    return SPLITS_NONE


@njit(cache=True)
def within(ctx, S, allowed, allowed_hash, depth, capacity):
    """Return 1 if S can be finished within `depth` guesses, 0 if not, ABORT when the node
    budget ran out (see the module doc)."""
    n = len(S)
    if n <= 1:
        return 1 if depth >= 1 or n == 0 else 0
    if depth <= 1:
        return 0  # one guess finds one secret, and there are several
    # cap(depth) bounds every tree (capacity_table); rows past the table's end bind nothing.
    if depth < len(capacity) and n > capacity[depth]:
        return 0
    if n == 2:
        return 1  # guess one: it is solved, or the other is the only one left for guess 2
    key = set_key(ctx, S, allowed_hash, depth)
    if key in ctx.memo:
        ctx.stats[HITS] += 1
        return ctx.memo[key]
    if spend_node(ctx):
        return ABORT
    counts = np.zeros(ctx.params[N_REPLIES], dtype=np.int64)
    if depth == 2:
        # Within 2 guesses, the first guess must leave at most one secret behind each unsolved
        # reply: exactly the singletons test.
        verdict = 1 if splits_into_singletons(ctx, S, allowed, counts) != SPLITS_NONE else 0
        remember(ctx, key, n, verdict)
        return verdict
    child = depth - 1
    # A guess is hopeless when one of its unsolved buckets holds more than cap(child) secrets,
    # or when it learns nothing (one unsolved bucket: S itself, with a guess fewer). The others
    # are tried with the largest bucket smallest first (most likely to work); a guess whose
    # buckets are all singletons finishes S within 2 <= depth guesses and ends the search.
    limit = capacity[child] if child < len(capacity) else TOO_BIG
    n_allowed = len(allowed)
    largest = np.empty(n_allowed, dtype=np.int64)
    scratch = np.empty(ctx.params[N_REPLIES], dtype=np.int64)
    widest = 0  # the most unsolved replies an allowed guess gives on S
    for i in range(n_allowed):
        buckets, hit = unsolved_buckets(ctx, allowed[i], S, counts, scratch)
        widest = max(widest, buckets)
        big = scratch[:buckets].max() if buckets > 0 else 0
        if (buckets == 1 and not hit) or big > limit:
            largest[i] = TOO_BIG
        elif big <= 1:
            ctx.stats[SHORTCUTS] += 1
            remember(ctx, key, n, 1)
            return 1
        else:
            largest[i] = big
    if ctx.params[SYMMETRY] == 0:
        # No guess gives more unsolved replies on a subset of S than on S, and below S the
        # guesses are S's (normal mode) or fewer (hard mode), so every tree for a bucket of S
        # has at most `widest` children per node: it finishes at most cap_w(child) secrets,
        # cap_w(1) = 1, cap_w(k) = 1 + widest cap_w(k - 1) (capacity_table's derivation).
        # (With the symmetry reduction a child may try guesses S's set left out: not here.)
        tighter = np.int64(1)
        for _ in range(child - 1):
            tighter = min(np.int64(n + 1), 1 + widest * tighter)
        limit = min(limit, tighter)
    order = np.argsort(largest, kind="mergesort")
    for i in order:
        if largest[i] > limit:
            break  # sorted: every later guess is hopeless too
        g = allowed[i]
        grouped, starts, sizes = split(ctx.matrix[g], S, ctx.params[N_REPLIES])
        replies = np.argsort(-sizes, kind="mergesort")
        works = True
        for r in replies:
            size = sizes[r]
            if size <= 2:
                break  # this and every later bucket is finished within 2 <= child guesses
            if r == ctx.params[SOLVED]:
                continue
            sub_allowed, sub_hash = child_allowed(ctx, allowed, allowed_hash, g, r)
            verdict = within(ctx, grouped[starts[r]:starts[r + 1]], sub_allowed, sub_hash, child, capacity)
            if verdict == ABORT:
                return ABORT
            if verdict == 0:
                works = False
                break  # one bucket that cannot be finished sinks the guess
        if works:
            remember(ctx, key, n, 1)
            return 1
    remember(ctx, key, n, 0)
    return 0



@njit(cache=True)
def last_bound(m, depth, capacity):
    """Return a lower bound on fewest_last for m secrets within `depth` guesses: INF beyond
    cap(depth); otherwise at most cap(depth - 1) of them can be found before the last guess (the
    tree cut at depth - 1 finds no more), so at least m - cap(depth - 1) are found at it."""
    if m == 0:
        return np.int64(0)
    if depth <= 0:
        return INF
    if depth < len(capacity) and m > capacity[depth]:
        return INF
    if depth - 1 < len(capacity):
        return max(np.int64(0), m - capacity[depth - 1])
    return np.int64(0)


@njit(cache=True)
def fewest_last(ctx, fctx, S, allowed, allowed_hash, depth, beta, capacity):
    """Return v, the fewest secrets of S that a tree finishing all of S within `depth` guesses
    finds with its last (depth-th) guess, if v < beta (exact); else a proven lower bound
    v >= beta (INF: no tree finishes S within depth); ABORT when a node budget ran out.

        H(S, 1) = 1 for one secret (found at the last guess), INF for more;
        H({s}, d) = 0 for d >= 2 (guess it now);
        H(S, d) = min over guesses g of the sum over g's unsolved buckets b of H(b, d - 1).

    Shortcuts: H(S, d) = INF exactly when S cannot be finished within d guesses, and 0 exactly
    when it can be within d - 1 (`within`, on `fctx`, whose memo holds verdicts); at d = 2 every unsolved bucket must be one secret,
    found at the last guess, so H = n - 1 with a secret of S that splits S into singletons and
    n with another guess. Guesses are ordered by the sum of their buckets' last_bound and cut
    when it reaches the best found. Memoised on ctx.memo with kernel.pack (values, not totals)."""
    n = len(S)
    low = last_bound(n, depth, capacity)
    if n <= 1 or depth <= 1 or low >= INF:
        return low if n != 1 or depth != 1 else np.int64(1)
    if low >= beta:
        return low
    # No tree within `depth` at all (the feasibility search proves it far faster than counting).
    verdict = within(fctx, S, allowed, allowed_hash, depth, capacity)
    if verdict == ABORT:
        ctx.stats[ABORTED] = 1
        return ABORT
    if verdict == 0:
        return INF
    if low == 0:
        verdict = within(fctx, S, allowed, allowed_hash, depth - 1, capacity)
        if verdict == ABORT:
            ctx.stats[ABORTED] = 1
            return ABORT
        if verdict == 1:
            return np.int64(0)
        low = np.int64(1)
        if low >= beta:
            return low
    key = set_key(ctx, S, allowed_hash, depth)
    if key in ctx.memo:
        value, exact, _ = unpack(ctx.memo[key])
        if exact or value >= beta:
            ctx.stats[HITS] += 1
            return value
        low = max(low, value)
    if spend_node(ctx):
        return ABORT
    counts = np.zeros(ctx.params[N_REPLIES], dtype=np.int64)
    if depth == 2:
        # low >= 1 here: S is not finished within one guess. A member of S that splits it into
        # singletons leaves n - 1 for the last guess; another such guess, n; else no tree.
        found = splits_into_singletons(ctx, S, allowed, counts)
        best = n - 1 if found == SPLITS_MEMBER else (n if found == SPLITS_OTHER else INF)
        if n >= ctx.params[SIZE_FLOOR]:
            ctx.memo[key] = pack(best, True, -1)
        return best
    child = depth - 1
    n_allowed = len(allowed)
    bounds = np.empty(n_allowed, dtype=np.int64)
    rank = np.empty(n_allowed, dtype=np.int64)
    scratch = np.empty(ctx.params[N_REPLIES], dtype=np.int64)
    for i in range(n_allowed):
        buckets, hit = unsolved_buckets(ctx, allowed[i], S, counts, scratch)
        total = np.int64(0)
        for k in range(buckets):
            total = min(INF, total + last_bound(scratch[k], child, capacity))
        bounds[i] = INF if (buckets == 1 and not hit) else total
        # Ties of the bound (most of them: it is 0 for every bucket far from the last guess)
        # go to the guess whose largest bucket is smallest, the one most likely to keep every
        # bucket short of the last guess, as the feasibility search orders its guesses.
        rank[i] = bounds[i] * (n + 1) + (scratch[:buckets].max() if buckets > 0 else 0)
    order = np.argsort(rank, kind="mergesort")
    best = beta  # only a value below beta matters; `floor` is the least bound proven past it
    floor = INF
    found = -1
    for i in order:
        if bounds[i] >= best:
            floor = min(floor, bounds[i])
            break
        g = allowed[i]
        grouped, starts, sizes = split(ctx.matrix[g], S, ctx.params[N_REPLIES])
        rest = np.int64(0)  # the bounds of the buckets not searched yet
        for r in range(ctx.params[N_REPLIES]):
            if r != ctx.params[SOLVED] and sizes[r] > 0:
                rest = min(INF, rest + last_bound(sizes[r], child, capacity))
        total = np.int64(0)
        replies = np.argsort(-sizes, kind="mergesort")  # largest first: it decides most
        for r in replies:
            size = sizes[r]
            if size == 0:
                break
            if r == ctx.params[SOLVED]:
                continue
            bound = last_bound(size, child, capacity)
            rest -= bound
            if total + rest + bound >= best:
                total = total + rest + bound
                break
            sub_allowed, sub_hash = child_allowed(ctx, allowed, allowed_hash, g, r)
            sub = grouped[starts[r]:starts[r + 1]]
            # Rising cutoffs (see worst.FeasibilitySearch.fewest_last): only a value below
            # `cut` matters here, but when the cut is wide (no good guess found yet) an open
            # search would count a poor subtree in full. Cutoffs bound + 1, then the failed
            # search's bound + 1, 2, 4, ... each either find the value or prove a bound (kept
            # in the memo for the next round), up to `cut` itself.
            cut = best - total - rest
            step = np.int64(1)
            rising = min(cut, bound + 1)
            while True:
                v = fewest_last(ctx, fctx, sub, sub_allowed, sub_hash, child, rising, capacity)
                if v == ABORT:
                    return ABORT
                if v < rising or v >= INF or rising >= cut:
                    break
                rising = min(cut, v + step)
                step *= 2
            total = min(INF, total + v)
            if total + rest >= best:
                total = min(INF, total + rest)
                break
        if total < best:
            best = total
            found = g
        else:
            floor = min(floor, total)
    if found >= 0:
        if n >= ctx.params[SIZE_FLOOR]:
            ctx.memo[key] = pack(best, True, found)
        return best
    floor = max(floor, low, beta)
    if n >= ctx.params[SIZE_FLOOR]:
        ctx.memo[key] = pack(floor, floor >= INF, -1)
    return floor
