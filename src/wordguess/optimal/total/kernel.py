"""The exact search's inner loop, in numba: branch and bound over candidate sets with a cutoff,
memoised on (candidate set, allowed guesses, guesses left).

Notation: S is a set of n secrets (sorted answer indices); a guess g splits S into buckets by
its reply; the solved reply's bucket (g itself, when g is in S) costs nothing more; every other
bucket b costs f(b), the least total guesses that finish it. So playing g costs
    cost(g, S) = n + sum over unsolved buckets b of f(b),
and f(S) = min over allowed g that make progress of cost(g, S).

Contract of `solve(ctx, S, allowed, allowed_hash, beta, depth, branching)`: it returns v, and
  * if v < beta, then v = f(S) exactly (within `depth` guesses), and the best guess is memoised;
  * if v >= beta, then f(S) >= v >= beta (a proven lower bound, also memoised).
When the node budget runs out it sets ctx.stats[ABORTED] and returns ABORT without memoising
anything it had not proven, so a later call with a larger budget resumes from the memo.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordguess.optimal.bounds import least_totals
from wordguess.optimal.total.memo import (
    ABORT,
    ABORTED,
    BRANCHING,
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
    STRICT_HASH,
    SYMMETRY,
    TRANSITIONS_CAPACITY,
    UNKNOWN,
    UNLIMITED,
    VALUE_CAP,
    WIDTH,
    Context,
    KeyType,
    best_guess,
    child_depth,
    drain,
    key_of,
    load,
    memo_entry,
    new_memo,
    new_table,
    no_limit,
    pack,
    recall,
    remember,
    set_key,
    strict_allowed,
    table_row,
    unpack,
)
from wordguess.optimal.total.scan import (
    PAIR_SCAN_MAX,
    REPLY_BITS,
    buckets_by_size,
    pair_counts,
    quick_exact,
    sort_prefix,
)
from wordguess.optimal.total.symmetry import canonical_below, canonical_guesses, orbit_keys


@njit(cache=True)
def hard_allowed(ctx, allowed, guess, reply):
    """Return the guesses of `allowed` that keep hard mode after `guess` got `reply`: every
    right-place letter stays in place and every revealed letter is used at least as often."""
    length = ctx.letters.shape[1]
    need = np.zeros(ctx.letter_counts.shape[1], dtype=np.int64)
    marks = ctx.marks[reply]
    greens = np.empty(length, dtype=np.int64)
    n_greens = 0
    for k in range(length):
        if marks[k] > 0:
            need[ctx.letters[guess, k]] += 1
        if marks[k] == 2:
            greens[n_greens] = k
            n_greens += 1
    # The letters revealed, each with the copies a guess must have: a handful, not the alphabet.
    needed = np.empty(length, dtype=np.int64)
    copies = np.empty(length, dtype=np.int64)
    n_needed = 0
    for letter in range(len(need)):
        if need[letter] > 0:
            needed[n_needed] = letter
            copies[n_needed] = need[letter]
            n_needed += 1
    keep = np.empty(len(allowed), dtype=np.int32)
    n = 0
    for w in allowed:
        ok = True
        for j in range(n_greens):
            k = greens[j]
            if ctx.letters[w, k] != ctx.letters[guess, k]:
                ok = False
                break
        if ok:
            for j in range(n_needed):
                if ctx.letter_counts[w, needed[j]] < copies[j]:
                    ok = False
                    break
        if ok:
            keep[n] = w
            n += 1
    return keep[:n]


@njit(cache=True)
def constraint_hash(ctx, guess, reply):
    """Return the random word of one hard-mode step, (`guess`, `reply`), that keys
    ctx.transitions with the set's hash: a mix of the guess's random word and the reply
    (splitmix64's finaliser, in wrapping unsigned arithmetic)."""
    x = np.uint64(ctx.guess_zobrist[guess]) ^ (np.uint64(reply + 1) * np.uint64(0x9E3779B97F4A7C15))
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return np.int64(x ^ (x >> np.uint64(31)))


@njit(cache=True)
def child_allowed(ctx, allowed, allowed_hash, guess, reply):
    """Return (the guesses to try after `guess` got `reply`, the memo hash of that set).

    Hard mode narrows the allowed set (and notes its hash in ctx.transitions). With symmetry
    (Mastermind over every code), symbols that no guess has used yet are interchangeable:
    permuting them maps the candidates to themselves and every guess to one of equal cost, so
    only one guess per class needs trying. There the hash is 1 + the mask of used symbols, which
    determines the set."""
    if ctx.params[HARD] == 2:
        return strict_allowed(ctx, allowed, guess, reply), STRICT_HASH
    if ctx.params[HARD] == 1:
        sub = hard_allowed(ctx, allowed, guess, reply)
        step = allowed_hash ^ constraint_hash(ctx, guess, reply)
        if step in ctx.transitions:
            return sub, ctx.transitions[step]
        sub_hash = allowed_hash_of(ctx, sub)
        if len(ctx.transitions) >= TRANSITIONS_CAPACITY:
            ctx.transitions.clear()
        ctx.transitions[step] = sub_hash
        return sub, sub_hash
    if ctx.params[SYMMETRY] == 1:
        if allowed_hash < 0:
            # Below the opener -2 - allowed_hash (ExactSolver.child_state): after the second
            # guess, one third guess per class of the two guesses' stabiliser where the solver
            # listed them (ExactSolver.child_state), else the canonical ones.
            opener = -2 - allowed_hash
            mask = ctx.symbol_mask[opener] | ctx.symbol_mask[guess]
            key = np.int64(opener) * ctx.matrix.shape[0] + guess
            if key in ctx.thirds:
                span = ctx.thirds[key]
                return ctx.third_guesses[span >> np.int64(32):span & np.int64(0xFFFFFFFF)], mask + 1
            return ctx.canonical[ctx.canonical_start[mask]:ctx.canonical_start[mask + 1]], mask + 1
        return canonical_below(ctx.symbol_mask, ctx.canonical, ctx.canonical_start, allowed_hash, guess)
    return allowed, allowed_hash


@njit(cache=True)
def known_child_hash(ctx, allowed, allowed_hash, guess, reply):
    """Return the memo hash of child_allowed's set if it is known without narrowing the guesses
    (normal mode, symmetry, or a hard-mode transition met before), else UNKNOWN (no set has it
    but by a 2^-64 chance; the caller then skips the memo)."""
    if ctx.params[HARD] == 2:
        return STRICT_HASH
    if ctx.params[HARD] == 1:
        step = allowed_hash ^ constraint_hash(ctx, guess, reply)
        if step in ctx.transitions:
            return ctx.transitions[step]
        return UNKNOWN
    if ctx.params[SYMMETRY] == 1:
        return child_allowed(ctx, allowed, allowed_hash, guess, reply)[1]
    return allowed_hash


@njit(cache=True)
def allowed_hash_of(ctx, allowed):
    """Return the hash of an allowed-guess set (hard mode)."""
    h = np.int64(0)
    for g in allowed:
        h ^= ctx.guess_zobrist[g]
    return h


@njit(cache=True)
def solve(ctx, S, allowed, allowed_hash, beta, depth, branching):
    """Return v: f(S) if v < beta, else a lower bound v >= beta of f(S) (see the module doc);
    ABORT when the node budget ran out. `branching`: no guess gives more than this many
    unsolved replies on S (or on any subset of it), so no node below has more children."""
    n = len(S)
    if depth <= 0:
        return INF
    if n == 1:
        return 1
    if depth == 1:
        return INF  # one guess finds one secret, and there are several
    if n == 2:
        return 3  # guess one of them: 1 guess, or 2 for the other; nothing does better
    key = set_key(ctx, S, allowed_hash, depth)
    known, exact = memo_entry(ctx, key)
    if known >= 0:
        ctx.stats[HITS] += 1
        if exact or known >= beta:
            return known
    known = max(known, 0)
    ctx.stats[NODES] += 1
    if ctx.stats[NODES] > ctx.stats[BUDGET]:
        ctx.stats[ABORTED] = 1
        return ABORT
    child = child_depth(depth)
    if branching >= ctx.params[BRANCHING]:
        table = ctx.tables[table_row(child, ctx.tables.shape[0])]
    else:
        table = least_totals(n, branching, no_limit(child))
    counts = np.zeros(ctx.params[N_REPLIES], dtype=np.int64)

    if child >= 1:
        value, g = quick_exact(ctx, S, depth, counts)
        if g >= 0:
            ctx.stats[SHORTCUTS] += 1
            remember(ctx, key, n, value, np.bool_(True), g)
            return value

    # Bound every allowed guess: lower[i] = n + sum of table[|b|] over its unsolved buckets, a
    # lower bound of cost(g, S) since table[m] <= f(b) for every set b of m secrets. A bucket of
    # one or two secrets costs exactly table[1] = 1 or table[2] = 3 (depth permitting), so a
    # guess whose buckets all hold at most two secrets has lower[i] = cost(g, S) exactly.
    n_allowed = len(allowed)
    lower = np.empty(n_allowed, dtype=np.int64)
    largest = np.empty(n_allowed, dtype=np.int64)
    hits = np.zeros(n_allowed, dtype=np.int64)
    restricted = 0 < ctx.params[WIDTH] < n_allowed  # a restricted search's order (below), else none
    spread = np.empty(n_allowed if restricted else 0, dtype=np.int64)
    node_lower = INF
    widest = 0  # the most unsolved replies a guess gives here
    exact_guess = -1  # a guess whose bound is its exact cost and equals the node's bound
    scan = ctx.scan
    # A small set: pair_counts finds the same for every guess at once. With two guesses left the
    # count below stops at the first guess that splits the set into singletons, which is faster.
    paired = n <= PAIR_SCAN_MAX and child >= 2
    if paired:
        distinct, hit, big_of, spent, squares_of = pair_counts(scan, S, allowed, ctx.params[SOLVED], table, restricted)
    for i in range(n_allowed):
        g = allowed[i]
        if paired:
            hits[i] = hit[i]
            buckets = np.int64(distinct[i]) - hits[i]
            total = n + spent[i] - hits[i]  # (the solved bucket: one secret, table[1] = 1)
            big = np.int64(big_of[i])
            squares = squares_of[i] if restricted else 0
        else:
            for s in S:
                counts[scan[g, s]] += 1
            total = n
            big = 0
            buckets = 0
            squares = 0
            for s in S:
                r = scan[g, s]
                size = counts[r]
                if size == 0:
                    continue
                counts[r] = 0
                squares += size * size
                if r == ctx.params[SOLVED]:
                    hits[i] = 1
                    continue
                buckets += 1
                total += table[size]
                if size > big:
                    big = size
        if buckets == 1 and hits[i] == 0:
            total = INF  # every secret gives the same reply: the guess learns nothing
        lower[i] = total
        largest[i] = big
        # Selby's order for a restricted search: 3n - unsolved replies - a hit, then 2 x the expected bucket
        if restricted:
            spread[i] = n * (3 * n - buckets - hits[i]) + 2 * squares if total < INF else INF
        if buckets > widest:
            widest = buckets
        if total < node_lower or (total == node_lower and big <= 2 and exact_guess < 0):
            node_lower = total
            exact_guess = allowed[i] if big <= 2 else -1
        # 2n - 1 is impossible by now (checked above), so 2n is the least any guess can cost:
        # a guess whose exact cost is 2n is optimal and the scan can stop.
        if exact_guess >= 0 and node_lower == 2 * n:
            break
    if exact_guess >= 0:
        # Its exact cost equals the least lower bound of all guesses: optimal.
        ctx.stats[SHORTCUTS] += 1
        remember(ctx, key, n, node_lower, np.bool_(True), exact_guess)
        return node_lower
    # Every guess gives at most `widest` unsolved replies on S, and on any subset of S at most
    # as many (its replies on the subset are some of those on S): every node of S's tree has at
    # most `widest` children, so f(S) >= the least total with that branching (bounds.py), and
    # each bucket below is bounded by the same, tighter, table.
    floor = max(known, node_lower)
    if 0 < widest < branching:
        branching = widest
        floor = max(floor, least_totals(n, widest, no_limit(depth))[n])
        table = least_totals(n, widest, no_limit(child))
    if floor >= beta:
        remember(ctx, key, n, floor, np.bool_(False), np.int64(-1))
        return floor

    # Try the guesses whose bound is below the cutoff, lowest bound first (then secrets of S
    # first, then smaller largest bucket), so the first guess usually sets a tight cutoff.
    candidates_of = np.empty(n_allowed, dtype=np.int64)
    m = 0
    # `soft`: the least lower bound proven for any guess that did not come in under beta (its
    # bound lower[i], or the partial sum at which it was cut off). If none comes in under beta,
    # every guess costs at least `soft`, which may be well above beta: the memo keeps that
    # stronger bound for a later search of the same set with a higher cutoff ("fail-soft").
    soft = INF
    # A restricted search (WIDTH > 0, Selby's "best N guesses at each node") tries only the WIDTH
    # guesses of least `spread`, whatever beta: its values are trees' totals, never proofs.
    picked = np.zeros(len(spread), dtype=np.bool_)
    picked[np.argsort(spread, kind="mergesort")[:ctx.params[WIDTH]]] = True
    for i in range(n_allowed):
        if restricted and not picked[i]:
            continue
        if lower[i] < beta:
            candidates_of[m] = i
            m += 1
        elif lower[i] < soft:
            soft = lower[i]
    order_keys = np.empty(m, dtype=np.int64)  # each ends with its guess's index i: sorted, they give the order
    for j in range(m):
        i = candidates_of[j]
        order_keys[j] = ((lower[i] * 2 + 1 - hits[i]) * (n + 1) + largest[i]) * n_allowed + i
    sorted_to = 0  # order_keys[:sorted_to] are the least, in order (sort_prefix); the search rarely needs all
    best = beta
    best_guess = -1
    open_bucket = np.empty(n, dtype=np.int64)  # a guess's unsolved buckets (buckets_by_size's index), in search order
    open_value = np.empty(n, dtype=np.int64)  # their cheap bounds (exact where open_exact)
    open_exact = np.empty(n, dtype=np.bool_)
    for j in range(m):
        if j == sorted_to:
            sorted_to = sort_prefix(order_keys, j, max(32, 2 * j))
        i = order_keys[j] % n_allowed
        if lower[i] >= best:
            soft = min(soft, lower[i])  # the least bound of the guesses not tried
            break  # ordered by bound: no later guess can come in under `best`
        g = allowed[i]
        # cost(g, S) if below best, else some number >= best. Before each bucket, `remaining`
        # holds the table bounds of the buckets not yet solved, so the bucket's cutoff
        # best - total - remaining is the most it may cost for g to still come in under best;
        # if it costs that much or more, so does g. The smallest buckets are solved first (as
        # Selby's solver does): they are cheap and exact, so the large ones come last with the
        # tightest cutoff. Hard mode too: the bounds use the widest split, which makes smallest
        # first pay there as well.
        grouped, replies, starts = buckets_by_size(ctx.matrix[g], S, counts)
        # First a cheap bound of every bucket, as Selby's solver does before any search: a
        # proven value from the memo (in hard mode its key is known, without narrowing the
        # guesses, once the step has been met: known_child_hash), else a secret that settles it
        # (quick_exact),
        # else max(table[|b|], 2|b|, the memo's bound). g is cut off if these already reach best;
        # otherwise they make each bucket's cutoff below tighter than the table's.
        n_open = 0
        bound_sum = n
        for j in range(len(replies)):
            r = replies[j]
            if r == ctx.params[SOLVED]:
                continue
            size = starts[j + 1] - starts[j]
            value = table[size]
            exact = size <= 2
            if not exact and child >= 2:
                bucket = grouped[starts[j]:starts[j + 1]]
                sub_hash = known_child_hash(ctx, allowed, allowed_hash, g, r)
                if sub_hash != UNKNOWN:
                    known_value, known_exact = memo_entry(ctx, set_key(ctx, bucket, sub_hash, child))
                    if known_value >= 0:
                        value = max(value, known_value)
                        exact = known_exact
                if not exact:
                    quick, quick_guess = quick_exact(ctx, bucket, child, counts)
                    value = max(value, quick)
                    exact = quick_guess >= 0
            open_bucket[n_open] = j
            open_value[n_open] = value
            open_exact[n_open] = exact
            n_open += 1
            bound_sum = min(INF, bound_sum + value)
            if bound_sum >= best:
                break
        if bound_sum >= best:
            soft = min(soft, bound_sum)
            continue  # g costs at least best: cut off without a search
        total = n
        remaining = bound_sum - n
        for k in range(n_open):
            j = open_bucket[k]
            remaining -= open_value[k]
            if open_exact[k]:
                value = open_value[k]
            else:
                r = replies[j]
                bucket = grouped[starts[j]:starts[j + 1]]
                cutoff = best - total - remaining
                sub_hash = known_child_hash(ctx, allowed, allowed_hash, g, r)
                value = recall(ctx, bucket, sub_hash, cutoff, child) if sub_hash != UNKNOWN else np.int64(-2)
                if value < 0:  # not settled by the memo: narrow the guesses (hard mode) and search
                    sub_allowed, sub_hash = child_allowed(ctx, allowed, allowed_hash, g, r)
                    value = solve(ctx, bucket, sub_allowed, sub_hash, cutoff, child, branching)
                    if value == ABORT:
                        return ABORT
            total += value
            if total + remaining >= best:
                total += remaining
                break
        soft = min(soft, total)  # g's cost if exact, else a lower bound at or above best
        if total < best:
            best = total
            best_guess = g
    if best < beta:
        remember(ctx, key, n, best, np.bool_(True), best_guess)
        return best
    # No guess came in under beta: every guess costs at least beta (those skipped had a bound
    # >= beta, the others were cut off at or above it).
    floor = max(floor, beta, min(soft, INF))
    remember(ctx, key, n, floor, np.bool_(False), np.int64(-1))
    return floor


# The search and, from memo.py, what it reads and fills: callers use `kernel.X` for both.
__all__ = [
    "ABORT", "ABORTED", "BRANCHING", "BUDGET", "Context", "HARD", "HITS", "INF", "KeyType", "NODES",
    "N_REPLIES", "PERSIST_FLOOR", "REPLY_BITS", "SHORTCUTS", "SIZE_FLOOR", "SOLVED", "STRICT_HASH", "SYMMETRY",
    "TRANSITIONS_CAPACITY", "UNKNOWN", "UNLIMITED", "VALUE_CAP", "WIDTH", "allowed_hash_of", "best_guess",
    "buckets_by_size", "canonical_below", "canonical_guesses", "child_allowed", "child_depth",
    "constraint_hash", "drain", "hard_allowed", "key_of", "known_child_hash", "load", "memo_entry",
    "new_memo", "new_table", "no_limit", "orbit_keys", "pack", "quick_exact", "recall", "remember", "set_key",
    "solve", "table_row", "unpack",
]
