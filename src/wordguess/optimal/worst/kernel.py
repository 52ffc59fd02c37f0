"""Feasibility search: does some guess tree find every secret of a set within d guesses? The
least such d over the openers is the least worst case, and proving d - 1 infeasible is much
cheaper than minimising a total: any guess whose every bucket is feasible within d - 1 ends the
search, and a guess fails as soon as one bucket is infeasible (the largest is tried first).

Notation as in total/kernel.py: S is a set of n secrets, a guess g splits S into buckets by reply, the
solved reply's bucket (g itself, when g is in S) is finished, and every other bucket must be
finished within d - 1 guesses. B = (number of replies) - 1 is the most unsolved buckets a guess
can make.

Contract of `within(ctx, S, allowed, allowed_hash, depth, capacity)`: it returns 1 if a tree
for S within `depth` guesses exists (guesses taken from `allowed`, narrowed by
total.kernel.child_allowed below each reply: hard mode and the symmetry reduction), 0 if none exists,
and ABORT when the node budget (ctx.stats[BUDGET]) ran out; both verdicts are memoised in
ctx.memo, an aborted call memoises nothing it had not proven. The memo's keys are
total.kernel.set_key's, so a Context used here needs a memo of its own (values are verdicts, not
packed totals).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordguess.engine.kernels import split
from wordguess.optimal.bounds import capacity
from wordguess.optimal.total.kernel import (
    ABORT,
    ABORTED,
    BUDGET,
    HARD,
    HITS,
    INF,
    N_REPLIES,
    NODES,
    PERSIST_FLOOR,
    SHORTCUTS,
    SIZE_FLOOR,
    SOLVED,
    SYMMETRY,
    UNKNOWN,
    canonical_below,
    child_allowed,
    key_of,
    known_child_hash,
    memo_entry,
    pack,
    set_key,
    unpack,
)
from wordguess.optimal.total.kernel import (
    remember as keep,  # a count's memo word, queued for the store
)
from wordguess.optimal.worst.counts import (
    SPLITS_MEMBER,
    SPLITS_NONE,
    SPLITS_OTHER,
    any_distinct,
    bytes_over,
    guess_buckets,
    packed_counts,
    packed_test,
    reply_counts,
    splits_into_singletons,
)
from wordguess.optimal.worst.groups import group_needs, group_part, live_escape

TOO_BIG = np.int64(1) << np.int64(40)  # stands for "this guess cannot work" in the ordering
BINDING_MOST = 8  # the most groups whose needs filter the guesses of one set


def capacity_table(branching: int, n_secrets: int, max_depth: int) -> np.ndarray:
    """Return cap[d] for d = 0..max_depth: the most secrets any tree can finish within d guesses
    when no guess gives more than `branching` unsolved replies (at most n_replies - 1; the
    solver's `branching`, the most any guess gives on all the answers, is tighter).

    cap(d) is bounds.capacity (its derivation there), capped at n_secrets + 1 (anything larger
    binds nothing)."""
    return np.array([min(n_secrets + 1, capacity(d, branching)) for d in range(max_depth + 1)], dtype=np.int64)


def least_depth_bound(branching: int, n_secrets: int) -> int:
    """Return the least d with cap(d) >= n_secrets: no tree finishes every secret in fewer."""
    d = 1
    while capacity_table(branching, n_secrets, d)[d] < n_secrets:
        d += 1
    return d


@njit(cache=True)
def remember(ctx, key, n, verdict):
    """Memoise a proven verdict (sets below ctx.params[SIZE_FLOOR] are cheap to redo); queue
    those of sets from ctx.params[PERSIST_FLOOR] up for the store, as memo words
    (kernel.pack(verdict, exact, no guess): the store keeps words of that form)."""
    if n >= ctx.params[SIZE_FLOOR]:
        ctx.memo[key] = verdict
        if n >= ctx.params[PERSIST_FLOOR]:
            ctx.fresh[key] = pack(verdict, np.bool_(True), np.int64(-1))


@njit(cache=True)
def load_verdicts(memo, k1, k2, words):
    """Put stored verdicts (remember's memo words) into a verdict memo."""
    for i in range(len(k1)):
        value, exact, _ = unpack(words[i])
        if exact:
            memo[(k1[i], k2[i])] = value


@njit(cache=True)
def spend_node(ctx):
    """Count a node expanded; return True (and flag ABORTED) when that exceeds the budget."""
    ctx.stats[NODES] += 1
    if ctx.stats[NODES] > ctx.stats[BUDGET]:
        ctx.stats[ABORTED] = 1
        return True
    return False


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
    binding = np.empty((BINDING_MOST, 2), dtype=np.int64)  # (group, the escape a guess needs on it)
    n_binding = 0
    if len(ctx.group_escape) > 0:
        n_binding = group_needs(ctx.group_of, ctx.group_escape, ctx.group_counts, S, depth, binding)
        if n_binding < 0:
            return 0  # more of one group than `depth` guesses can tell apart (groups.py)
    key = set_key(ctx, S, allowed_hash, depth)
    if key in ctx.memo:
        ctx.stats[HITS] += 1
        return ctx.memo[key]
    if spend_node(ctx):
        return ABORT
    # Where the guesses tried below S are S's or fewer (no symmetry reduction: that one keeps
    # the guesses one of each class of S's symmetries, which need not be a part's):
    whole_guesses = ctx.params[SYMMETRY] == 0
    if n_binding > 0 and whole_guesses:
        # A part of S no tree finishes within `depth` sinks S (a tree for S is one for the part):
        # the secrets of its tightest group, searched alone when the group leaves the guesses
        # little room (slack m - need below depth - 1) and is not all of S. Its verdict is memoised.
        tightest, slack = -1, depth - 1
        for b in range(n_binding):
            room = ctx.group_escape[binding[b, 0]] - binding[b, 1]
            if room < slack:
                tightest, slack = binding[b, 0], room
        if tightest >= 0:
            part = group_part(ctx.group_of, S, tightest)
            if len(part) < n:
                verdict = within(ctx, part, allowed, allowed_hash, depth, capacity)
                if verdict == ABORT:
                    return ABORT
                if verdict == 0:
                    remember(ctx, key, n, np.int64(0))
                    return 0
    counts = np.zeros(ctx.params[N_REPLIES], dtype=np.int64)
    if depth == 2:
        # Within 2 guesses, the first guess must leave at most one secret behind each unsolved
        # reply: exactly the singletons test.
        verdict = 1 if splits_into_singletons(ctx.scan, ctx.guess_of_answer, ctx.params[N_REPLIES], S, allowed, counts) != SPLITS_NONE else 0
        remember(ctx, key, n, verdict)
        return verdict
    child = depth - 1
    # A guess is hopeless when one of its unsolved buckets holds more than cap(child) secrets,
    # or when it learns nothing (one unsolved bucket: S itself, with a guess fewer). The others
    # are tried with the largest bucket smallest first (most likely to work); a guess whose
    # buckets are all singletons finishes S within 2 <= depth guesses and ends the search.
    limit = capacity[child] if child < len(capacity) else TOO_BIG
    scan, zobrist, memo, stats = ctx.scan, ctx.zobrist, ctx.memo, ctx.stats  # read once (unsolved_buckets)
    solved, n_replies = ctx.params[SOLVED], ctx.params[N_REPLIES]
    hard = ctx.params[HARD] == 1  # else the guesses below depend on the guess, not on the reply
    # with symmetry, away from the opener: the canonical guesses (kernel.canonical_below)
    canonical_only = not hard and ctx.params[SYMMETRY] == 1 and allowed_hash > 0
    symbol_mask, canonical, canonical_start = ctx.symbol_mask, ctx.canonical, ctx.canonical_start
    n_allowed = len(allowed)
    largest = np.empty(n_allowed, dtype=np.int64)
    scratch = np.empty(ctx.params[N_REPLIES], dtype=np.int64)
    widest = 0  # the most unsolved replies an allowed guess gives on S
    packed, words_low, words_high = reply_counts(scan, n_replies, S, allowed)
    guess_escape = ctx.guess_escape
    # The binding group of the largest need, read on the part of it S holds (groups.py): each
    # guess's escape on that part, and the depth - 1 largest of them (an upper bound where not read).
    live_e, live_need = -1, np.int64(0)
    for b in range(n_binding):
        if binding[b, 1] > live_need:
            live_e, live_need = binding[b, 0], binding[b, 1]
    live = group_part(ctx.group_of, S, live_e) if live_e >= 0 else S[:0]
    tops = np.zeros(max(1, depth - 1), dtype=np.int64)
    for i in range(n_allowed):
        hopeless = False
        if live_e >= 0:
            escape = np.int64(guess_escape[live_e, allowed[i]])
            if escape >= live_need:
                escape = live_escape(scan, allowed[i], live, counts)
            j = np.argmin(tops)
            if escape > tops[j]:
                tops[j] = escape
            hopeless = escape < live_need
        for b in range(0 if hopeless else n_binding):  # too little split off a group: beyond its bound
            if guess_escape[binding[b, 0], allowed[i]] < binding[b, 1]:
                hopeless = True
                break
        if hopeless:
            largest[i] = TOO_BIG
            continue
        if packed:
            # Most guesses are hopeless: tell them from their two words at once (packed_test)
            # and read the buckets of the others only.
            buckets, hit, over = packed_test(words_low[i], words_high[i], limit, solved)
            widest = max(widest, buckets)
            if over or (buckets == 1 and not hit):
                largest[i] = TOO_BIG
                continue
        buckets, hit = guess_buckets(scan, solved, n_replies, i, S, allowed, packed, words_low, words_high,
                                     counts, scratch)
        widest = max(widest, buckets)
        big = scratch[:buckets].max() if buckets > 0 else 0
        if (buckets == 1 and not hit) or big > limit:
            largest[i] = TOO_BIG
        elif big <= 1:
            ctx.stats[SHORTCUTS] += 1
            remember(ctx, key, n, np.int64(1))
            return 1
        else:
            largest[i] = big
    if live_e >= 0 and whole_guesses and len(live) - tops.sum() > 1:
        remember(ctx, key, n, np.int64(0))  # no d - 1 guesses split the live part finely enough
        return 0
    if ctx.params[SYMMETRY] == 0 and n_binding == 0:  # (`widest` is of every guess, not only the hopeful)
        # No guess gives more unsolved replies on a subset of S than on S, and below S the
        # guesses are S's (normal mode) or fewer (hard mode), so every tree for a bucket of S
        # has at most `widest` children per node: it finishes at most cap_w(child) secrets,
        # cap_w(1) = 1, cap_w(k) = 1 + widest cap_w(k - 1) (capacity_table's derivation).
        # (With the symmetry reduction a child may try guesses S's set left out: not here.)
        tighter = np.int64(1)
        for _ in range(child - 1):
            tighter = min(np.int64(n + 1), 1 + widest * tighter)
        limit = min(limit, tighter)
    # Only the guesses within the limit are sorted (few: most are hopeless), stably, so ties
    # keep the allowed order.
    hopeful = np.flatnonzero(largest <= limit)
    order = hopeful[np.argsort(largest[hopeful], kind="mergesort")]
    # Per reply of the guess tried: its bucket's size and two XORs of random words (set_key's),
    # from one pass over S: most buckets are answered by the memo, and S is grouped into
    # buckets only when one is not. Zeroed again after each guess.
    matrix = ctx.matrix
    sizes = np.zeros(n_replies, dtype=np.int64)
    h1 = np.zeros(n_replies, dtype=np.int64)
    h2 = np.zeros(n_replies, dtype=np.int64)
    for i in order:
        if largest[i] > limit:
            break  # sorted: every later guess is hopeless too
        g = allowed[i]
        row = matrix[g]  # one guess's replies: its row (`scan` suits reading many guesses' replies)
        for s in S:
            r = row[s]
            sizes[r] += 1
            h1[r] ^= zobrist[0, s]
            h2[r] ^= zobrist[1, s]
        replies = np.argsort(-sizes, kind="mergesort")
        works = True
        verdict = np.int64(1)
        sub_allowed, sub_hash = allowed, allowed_hash
        narrowed = False
        grouped, starts, grouped_ready = S, sizes, False  # (split's, made at the first memo miss)
        for r in replies:
            size = sizes[r]
            if size <= 2:
                break  # this and every later bucket is finished within 2 <= child guesses
            if r == solved:
                continue
            if canonical_only and not narrowed:
                sub_allowed, sub_hash = canonical_below(symbol_mask, canonical, canonical_start, allowed_hash, g)
                narrowed = True
            elif hard:
                # the bucket's key without narrowing the guesses, once the step has been met
                # (total.kernel.known_child_hash); they are narrowed for a search only
                sub_hash = known_child_hash(ctx, allowed, allowed_hash, g, r)
            elif not narrowed:
                sub_allowed, sub_hash = child_allowed(ctx, allowed, allowed_hash, g, r)
                narrowed = True
            sub_key = key_of(h1[r], h2[r], size, sub_hash, child)
            if sub_hash != UNKNOWN and sub_key in memo:
                stats[HITS] += 1
                verdict = memo[sub_key]
            else:
                if not grouped_ready:  # the first bucket the memo does not know: group S once
                    grouped, starts, _ = split(row, S, n_replies)
                    grouped_ready = True
                if hard:
                    sub_allowed, sub_hash = child_allowed(ctx, allowed, allowed_hash, g, r)
                verdict = within(ctx, grouped[starts[r]:starts[r + 1]], sub_allowed, sub_hash, child, capacity)
            if verdict == ABORT:
                works = False
                break
            if verdict == 0:
                works = False
                break  # one bucket that cannot be finished sinks the guess
        for s in S:
            r = row[s]
            sizes[r] = 0
            h1[r] = 0
            h2[r] = 0
        if verdict == ABORT:
            return ABORT
        if works:
            remember(ctx, key, n, np.int64(1))
            return 1
    remember(ctx, key, n, np.int64(0))
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
    value, exact = memo_entry(ctx, key)
    if value >= 0 and (exact or value >= beta):
        ctx.stats[HITS] += 1
        return value
    low = max(low, value)
    if spend_node(ctx):
        return ABORT
    counts = np.zeros(ctx.params[N_REPLIES], dtype=np.int64)
    if depth == 2:
        # low >= 1 here: S is not finished within one guess. A member of S that splits it into
        # singletons leaves n - 1 for the last guess; another such guess, n; else no tree.
        found = splits_into_singletons(ctx.scan, ctx.guess_of_answer, ctx.params[N_REPLIES], S, allowed, counts)
        best = n - 1 if found == SPLITS_MEMBER else (n if found == SPLITS_OTHER else INF)
        keep(ctx, key, n, best, np.bool_(True), np.int64(-1))
        return best
    child = depth - 1
    n_allowed = len(allowed)
    bounds = np.empty(n_allowed, dtype=np.int64)
    rank = np.empty(n_allowed, dtype=np.int64)
    scratch = np.empty(ctx.params[N_REPLIES], dtype=np.int64)
    scan, solved, n_replies = ctx.scan, ctx.params[SOLVED], ctx.params[N_REPLIES]
    packed, words_low, words_high = reply_counts(scan, n_replies, S, allowed)
    for i in range(n_allowed):
        buckets, hit = guess_buckets(scan, solved, n_replies, i, S, allowed, packed, words_low, words_high,
                                     counts, scratch)
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
        keep(ctx, key, n, best, np.bool_(True), found)
        return best
    floor = max(floor, low, beta)
    keep(ctx, key, n, floor, floor >= INF, np.int64(-1))
    return floor


# The search and, from counts.py, the counting kernels its callers and tests reach as `kernel.X`.
__all__ = ["any_distinct", "bytes_over", "capacity_table", "fewest_last", "guess_buckets", "last_bound",
           "least_depth_bound", "load_verdicts", "packed_counts", "packed_test", "within"]
