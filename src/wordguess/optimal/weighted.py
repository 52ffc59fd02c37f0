"""The guess tree of least weighted total, exactly: the chooser's game's best response
(optimal/equilibrium.py). Numba code.

Notation: integer weights w(s) >= 0 on the secrets; W(S) is the weight of a set S. The cost of S
is the least sum over its secrets s of w(s) x the guesses s takes from S:

    cost({s}) = w(s);   cost(S) = W(S) + min over guesses g of sum over g's buckets b,
                        other than the solved one, of cost(b)

(every secret of S pays the guess g; those g does not name go on in their bucket). A guess that
leaves S in one bucket other than the solved one cannot help and is skipped. Integer weights
keep the search exact: the caller scales its distribution to integers.

Contract of `solve(ctx, S, used, beta)`, as the unit-weight search's (total/kernel.py): it returns
v; if v < beta, then v = cost(S) and the best guess is memoised; if v >= beta, then cost(S) >= v.
A search that passes its node budget (ctx.stats[BUDGET]) sets ctx.stats[ABORTED] and returns at
once, memoising nothing more; the memo keeps what it settled, so the same call again goes on.
`used` says which guesses to try (`child_state`): with weights invariant under the game's maps
(Mastermind with a symmetric chooser), one opener per class of codes, below it one guess per
class of the opener's stabiliser, then the canonical guesses of the symbols played, as in the
unit-weight search; -1 tries every guess.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.bounds import least_totals
from wordguess.trees.tree import Node, Tree, leaves

INF = np.int64(1) << np.int64(61)  # above any total (the memo keeps 2 v + 1)
NODES, BUDGET, ABORTED = 0, 1, 2  # ctx.stats: positions searched, the count at which to stop, whether it stopped
SLICE = 2_000  # positions a call searches before it returns to Python (about a second): Ctrl-C is seen there
# (a slice starts again from the root: the positions on the way down to where it stopped count again;
# a slice that settles none is followed by one twice as long)
KeyType = types.UniTuple(types.int64, 2)
MAX_LEVELS = 16  # weights taking at most this many values are bounded by graded_bound


class Context(NamedTuple):
    matrix: np.ndarray  # [guess, answer] -> reply
    weights: np.ndarray  # int64 [answer]
    guess_of_answer: np.ndarray  # int64 [answer] -> its guess index
    zobrist: np.ndarray  # int64 [2, answer]: random words for set hashes
    extra: np.ndarray  # int64 [branching, m]: the least guesses beyond 2 a secret m secrets need (bucket_bound)
    memo: Dict  # (hash, hash) -> 2 value + exact
    best: Dict  # (hash, hash) -> the best guess of an exact entry
    params: np.ndarray  # int64: solved reply, replies
    symbol_mask: np.ndarray  # int64 [guess]: the symbols each guess uses (symmetry)
    canonical: np.ndarray  # int32: the canonical guesses of each used-symbol mask, concatenated
    canonical_start: np.ndarray  # int64 [mask + 1]
    root: np.ndarray  # int64: symmetry: one opener per class of codes (positions permuted too)
    root_index: np.ndarray  # int64 [guess]: its index in `root` (-1: not an opener tried)
    seconds: np.ndarray  # int64: below each opener, one guess per class of the opener's stabiliser
    second_start: np.ndarray  # int64 [len(root) + 1]: where each opener's second guesses start
    stats: np.ndarray  # int64 [3]: NODES, BUDGET, ABORTED
    levels: np.ndarray  # int64: the distinct weights, heaviest first, when there are few (else empty)
    level_of: np.ndarray  # int64 [answer]: the index of its weight in `levels`
    second_index: np.ndarray  # int64 [len(root), guess]: its index in `seconds` below that opener (-1: none)
    thirds: np.ndarray  # int64: below each second guess, one guess per class of the two guesses' stabiliser
    third_start: np.ndarray  # int64 [len(seconds) + 1]
    pair_mask: np.ndarray  # int64 [len(seconds)]: the symbols of the opener and that second guess


@njit(cache=True)
def new_memo():
    return Dict.empty(KeyType, types.int64)


@njit(cache=True)
def bucket_bound(size, mass, heaviest, lightest, extra):
    """A lower bound of cost(b) for a bucket of `size` secrets, weight `mass`: one secret is its
    own guess; with two or more, every secret needs a guess and all but one a second (2 mass -
    heaviest, exact for two: the heavier guessed first), and the least-totals table
    (bounds.least_totals, in `extra`) counts the guesses beyond two that any tree needs for
    `size` secrets, each paid by a secret at least as heavy as the lightest."""
    if size == 1:
        return mass
    return 2 * mass - heaviest + lightest * extra[size]


@njit(cache=True)
def graded_bound(hist, levels, branching):
    """A lower bound of cost(b) for a bucket with hist[k] secrets of weight levels[k] (heaviest
    first): a tree finds at most one secret with one guess, `branching` with two, branching**2
    with three, ... (bounds.least_totals), and the total is least when the heaviest secrets take
    the fewest guesses."""
    total = np.int64(0)
    depth, room, width = np.int64(1), np.int64(1), np.int64(1)
    for k in range(len(levels)):
        left = hist[k]
        while left > 0:
            take = min(left, room)
            total += take * levels[k] * depth
            left -= take
            room -= take
            if room == 0:
                depth += 1
                width = min(width * branching, np.int64(1) << np.int64(40))
                room = width
    return total


@njit(cache=True)
def set_key(ctx, S):
    h0, h1 = np.int64(0), np.int64(0)
    for s in S:
        h0 ^= ctx.zobrist[0, s]
        h1 ^= ctx.zobrist[1, s]
    return (h0, h1)


@njit(cache=True)
def guesses_of(ctx, used):
    """The guesses to try at a node whose state is `used` (see child_state)."""
    if used == -1:
        return np.arange(ctx.matrix.shape[0])
    if used == 0:  # the opener: every guess uses a symbol, so only there is nothing used yet
        return ctx.root
    n_root = len(ctx.root)
    if used < -1 - n_root:  # below the second guess ctx.seconds[k]: one per class of the pair's stabiliser
        k = -used - 2 - n_root
        return ctx.thirds[ctx.third_start[k]:ctx.third_start[k + 1]]
    if used < -1:  # below the opener ctx.root[-used - 2]: one guess per class of its stabiliser
        i = -used - 2
        return ctx.seconds[ctx.second_start[i]:ctx.second_start[i + 1]]
    return ctx.canonical[ctx.canonical_start[used]:ctx.canonical_start[used + 1]].astype(np.int64)


@njit(cache=True)
def child_state(ctx, used, guess):
    """The state below `guess` played at a node whose state is `used`: -1 without symmetry;
    else 0 at the opener, -2 - i below the opener ctx.root[i], -2 - len(root) - k below its
    second guess ctx.seconds[k], then the mask of the symbols played (the canonical guesses of
    the unit-weight search)."""
    if used == -1:
        return used
    if used == 0:
        return -2 - ctx.root_index[guess]
    n_root = len(ctx.root)
    if used < -1 - n_root:
        return ctx.pair_mask[-used - 2 - n_root] | ctx.symbol_mask[guess]
    if used < -1:
        return -2 - n_root - ctx.second_index[-used - 2, guess]
    return used | ctx.symbol_mask[guess]


@njit(cache=True)
def solve(ctx, S, used, beta, branching):
    """Return v: cost(S) if v < beta, else a lower bound v >= beta of cost(S). `branching`: no
    guess gives more than this many unsolved replies on S, nor on any subset of it."""
    n = len(S)
    w = ctx.weights
    mass = np.int64(0)
    for s in S:
        mass += w[s]
    if n == 1 or mass == 0:
        return mass
    if n == 2:
        return 2 * mass - max(w[S[0]], w[S[1]])  # the heavier guessed first; nothing does better
    key = set_key(ctx, S)
    known = ctx.memo.get(key, np.int64(-1))
    if known >= 0:
        if known & 1 or (known >> 1) >= beta:
            return known >> 1
    floor = max(known >> 1, np.int64(0))
    ctx.stats[NODES] += 1
    if ctx.stats[NODES] > ctx.stats[BUDGET]:
        ctx.stats[ABORTED] = 1
        return INF
    solved, n_replies = ctx.params[0], ctx.params[1]
    extra = ctx.extra[branching]
    guesses = guesses_of(ctx, used)
    bounds = np.empty(len(guesses), dtype=np.int64)
    counts = np.zeros(n_replies, dtype=np.int64)
    masses = np.zeros(n_replies, dtype=np.int64)
    heavy = np.zeros(n_replies, dtype=np.int64)
    light = np.zeros(n_replies, dtype=np.int64)
    graded = len(ctx.levels) > 0
    hist = np.zeros((n_replies, len(ctx.levels)), dtype=np.int64)
    widest = 0  # the most unsolved replies a guess gives here: the branching below
    least, exact_guess = INF, np.int64(-1)  # the least bound, and a guess whose bound is its cost
    for i in range(len(guesses)):
        row = ctx.matrix[guesses[i]]
        counts[:] = 0
        masses[:] = 0
        for s in S:
            r = row[s]
            ws = w[s]
            if graded:
                hist[r, ctx.level_of[s]] += 1
            if counts[r] == 0:
                heavy[r] = ws
                light[r] = ws
            else:
                heavy[r] = max(heavy[r], ws)
                light[r] = min(light[r], ws)
            counts[r] += 1
            masses[r] += ws
        bound = mass
        big, buckets = 0, 0
        for r in range(n_replies):
            if counts[r] == 0 or r == solved:
                continue
            if counts[r] == n:
                bound = INF  # one bucket: no progress
                break
            buckets += 1
            big = max(big, counts[r])
            if graded and counts[r] > 2:
                bound += graded_bound(hist[r], ctx.levels, branching)
            else:
                bound += bucket_bound(counts[r], masses[r], heavy[r], light[r], extra)
        bounds[i] = bound
        widest = max(widest, buckets)
        if graded:  # the touched rows only: a game may have hundreds of replies
            for r in range(n_replies):
                if counts[r] > 0:
                    hist[r, :] = 0
        # with buckets of one or two only, the bound is the guess's cost
        if bound < least or (bound == least and big <= 2 and exact_guess < 0):
            least = bound
            exact_guess = guesses[i] if big <= 2 else np.int64(-1)
    if exact_guess >= 0:  # its cost is the least bound of every guess: optimal
        ctx.memo[key] = 2 * least + 1
        ctx.best[key] = exact_guess
        return least
    if max(floor, least) >= beta:
        value = max(floor, least)
        ctx.memo[key] = 2 * value
        return value
    below = ctx.extra[min(widest, branching)]
    order = np.argsort(bounds, kind="mergesort")
    best, chosen = INF, np.int64(-1)
    lowest = INF  # the least lower bound of the guesses that failed against the limit
    replies = np.empty(n, dtype=np.int64)
    grouped = np.empty(n, dtype=np.int64)
    starts = np.zeros(n_replies + 1, dtype=np.int64)
    cheap = np.empty(n_replies, dtype=np.int64)
    settled = np.zeros(n_replies, dtype=np.bool_)
    for i in order:
        limit = min(best, beta)
        if bounds[i] >= limit:
            lowest = min(lowest, bounds[i])
            break
        g = guesses[i]
        row = ctx.matrix[g]
        counts[:] = 0
        for k in range(n):
            replies[k] = row[S[k]]
            counts[replies[k]] += 1
        for r in range(n_replies):
            starts[r + 1] = starts[r] + counts[r]
        counts[:] = 0
        for k in range(n):
            r = replies[k]
            grouped[starts[r] + counts[r]] = S[k]
            counts[r] += 1
        child_used = child_state(ctx, used, g)
        # A cheap bound of every bucket first (the memo's where it knows more): g is cut off if
        # they already reach the limit, and each bucket's cutoff below is the tighter for them.
        total = mass
        for r in range(n_replies):
            settled[r] = True
            if counts[r] == 0 or r == solved:
                cheap[r] = 0
                continue
            bucket = grouped[starts[r]:starts[r + 1]]
            bmass, heaviest, lightest = np.int64(0), np.int64(0), INF
            if graded:
                hist[0, :] = 0
            for s in bucket:
                bmass += w[s]
                heaviest = max(heaviest, w[s])
                lightest = min(lightest, w[s])
                if graded:
                    hist[0, ctx.level_of[s]] += 1
            if graded and counts[r] > 2:
                cheap[r] = graded_bound(hist[0], ctx.levels, min(widest, branching))
            else:
                cheap[r] = bucket_bound(counts[r], bmass, heaviest, lightest, below)
            if counts[r] >= 3 and bmass > 0:
                settled[r] = False
                entry = ctx.memo.get(set_key(ctx, bucket), np.int64(-1))
                if entry >= 0:
                    cheap[r] = max(cheap[r], entry >> 1)
                    settled[r] = (entry & 1) == 1
            total += cheap[r]
        failed = total >= limit
        # then the buckets left open, smallest first: cheap and exact, so the large ones come
        # last with the tightest cutoff
        by_size = np.argsort(counts, kind="mergesort")
        for r in by_size:
            if failed:
                break
            if settled[r]:
                continue
            v = solve(ctx, grouped[starts[r]:starts[r + 1]], child_used, limit - (total - cheap[r]), widest)
            if ctx.stats[ABORTED]:
                return INF
            total += v - cheap[r]
            failed = total >= limit
        if failed:
            lowest = min(lowest, total)
        else:
            best, chosen = total, g
    if best < beta:
        ctx.memo[key] = 2 * best + 1
        ctx.best[key] = chosen
        return best
    value = max(lowest, floor)
    ctx.memo[key] = 2 * value
    return value


@njit(cache=True)
def best_guess(ctx, S, used, beta=INF):
    """Return (cost(S), its best guess) when cost(S) < beta, else (a bound >= beta, -1); the guess
    is -1 too when S weighs nothing (any tree does)."""
    value = solve(ctx, S, used, beta, ctx.extra.shape[0] - 1)
    if value >= beta:
        return value, np.int64(-1)
    return value, ctx.best.get(set_key(ctx, S), np.int64(-1))


def secret_classes(puzzle: Puzzle) -> np.ndarray:
    """Return each secret's class under the game's symmetries (positions permuted and symbols
    renamed together: Mastermind's 1,296 codes are five classes, 1111, 1112, 1122, 1123 and
    1234), numbered 0, 1, ...; without symmetry every secret is a class of its own."""
    from wordguess.optimal.total.search import has_symbol_symmetry
    from wordguess.optimal.total.symmetry import code_letters, orbit_classes

    if not has_symbol_symmetry(puzzle):
        return np.arange(len(puzzle.answers))
    keys = orbit_classes(code_letters(puzzle), [], puzzle.guess_of_answer, len(puzzle.game.alphabet))
    return np.unique(keys, return_inverse=True)[1].astype(np.int64)


class WeightedSearch:
    """The exact best response against integer weights on a puzzle's answers: `total()` is the
    least weighted total, `depths()` each secret's guesses in a tree that reaches it. With
    `symmetric`, the weights must be invariant under the game's maps (a chooser's distribution
    constant on the classes of `secret_classes`), and the search tries one guess per class of
    the maps that fix the position (`child_state`)."""

    UNBOUNDED = int(INF)  # a beta above any total

    def __init__(self, puzzle: Puzzle, weights: np.ndarray, symmetric: bool = False):
        weights = np.asarray(weights, dtype=np.int64)
        if len(weights) != len(puzzle.answers) or (weights < 0).any():
            raise WordguessError("the weights must be one whole number >= 0 per secret")
        if (puzzle.guess_of_answer < 0).any():
            raise WordguessError("the weighted search needs every secret among the guesses")
        n = len(puzzle.answers)
        if int(weights.sum()) * (n + 1) >= 1 << 61:
            raise WordguessError("the weights are too large for exact 64-bit totals")
        branching = puzzle.widest_branching  # the most unsolved replies a guess gives (least_totals')
        # extra[b, m]: the guesses beyond two a secret that m secrets need when no guess gives
        # more than b unsolved replies (b = 0 cannot happen: read as 1)
        plain = np.maximum(2 * np.arange(n + 1) - 1, 0)
        extra = np.array([least_totals(n, max(b, 1), -1) - plain for b in range(max(branching, 1) + 1)])
        tables = symmetry_classes(puzzle) if symmetric else symmetry_classes(None)
        distinct = np.unique(weights)[::-1]
        levels = distinct.astype(np.int64) if len(distinct) <= MAX_LEVELS else np.zeros(0, dtype=np.int64)
        level_of = (np.searchsorted(-distinct, -weights) if len(levels) else np.zeros(n)).astype(np.int64)
        self.used = 0 if symmetric else -1
        self.puzzle = puzzle
        rng = np.random.default_rng(20261129)
        self.ctx = Context(puzzle.matrix, weights, puzzle.guess_of_answer.astype(np.int64),
                           rng.integers(-(1 << 62), 1 << 62, size=(2, n), dtype=np.int64),
                           np.maximum(extra, 0).astype(np.int64), new_memo(), new_memo(),
                           np.array([puzzle.game.solved_reply, puzzle.game.n_replies], dtype=np.int64),
                           *tables[:7], np.array([0, INF, 0], dtype=np.int64), levels, level_of, *tables[7:])

    @property
    def nodes(self) -> int:
        return int(self.ctx.stats[NODES])

    def total(self, beta: int = UNBOUNDED) -> int:
        """Return the least weighted total when it is below `beta`, else a bound >= beta (and
        `tree()` is not to be asked for). Searched SLICE positions a call, so that Ctrl-C
        (a KeyboardInterrupt between calls) stops it within about a second."""
        stats, everything, step = self.ctx.stats, self.puzzle.all_candidates().astype(np.int64), SLICE
        try:
            while True:
                stats[BUDGET], stats[ABORTED], settled = stats[NODES] + step, 0, len(self.ctx.memo)
                value = int(best_guess(self.ctx, everything, self.used, np.int64(beta))[0])
                if not stats[ABORTED]:
                    return value
                if len(self.ctx.memo) == settled:  # the way down to an unsettled position is longer than a slice
                    step *= 2
        finally:
            stats[BUDGET], stats[ABORTED] = INF, 0  # (tree() reads the memo with no budget)

    def tree(self) -> Tree:
        """A tree of least weighted total (secrets of no weight are found by guessing the first
        of their set in turn)."""
        puzzle = self.puzzle

        def grow(candidates: np.ndarray, used: int) -> Tree:
            if len(candidates) == 1:
                return puzzle.answers[candidates[0]]
            if len(candidates) == 2:  # the heavier first (solve settles pairs without the memo)
                g = int(puzzle.guess_of_answer[candidates[np.argmax(self.ctx.weights[candidates])]])
            else:
                g = int(best_guess(self.ctx, candidates, used)[1])
            if g < 0:
                g = int(puzzle.guess_of_answer[candidates[0]])
                used = -1  # below a set of no weight the guesses need not be canonical
            replies = puzzle.matrix[g, candidates]
            below = int(child_state(self.ctx, used, g))
            branches = {int(r): puzzle.guesses[g] if r == puzzle.game.solved_reply else grow(candidates[replies == r], below)
                        for r in np.unique(replies)}
            return Node(puzzle.guesses[g], len(candidates), branches)

        return grow(puzzle.all_candidates().astype(np.int64), self.used)

    def depths(self) -> np.ndarray:
        """Each secret's number of guesses in `tree()`."""
        return tree_depths(self.puzzle, self.tree())


_TABLES: dict[str, tuple] = {}  # symmetry_classes by puzzle: a chooser's game asks for them every round


def symmetry_classes(puzzle: Puzzle | None) -> tuple:
    """Return the Context's symmetry tables of a symmetric game (None: no symmetry): symbol
    masks, canonical guesses and their starts, the openers (one per class of codes) and each
    guess's index among them, the second guesses below each opener (one per class of its
    stabiliser) and their starts; then each second guess's index below its opener, the third
    guesses below each second (one per class of the pair's stabiliser), their starts, and the
    pair's symbols."""
    from wordguess.optimal.total.search import symmetry_tables
    from wordguess.optimal.total.symmetry import (
        canonical_classes,
        class_representatives,
        code_letters,
    )

    def none(*shape):
        return np.zeros(shape, dtype=np.int64)

    if puzzle is None:
        return (none(1), np.zeros(1, np.int32), none(2), none(0), none(1), none(0), none(1), none(0, 1), none(0),
                none(1), none(0))
    if puzzle.fingerprint in _TABLES:
        return _TABLES[puzzle.fingerprint]
    masks, canonical, starts = symmetry = symmetry_tables(puzzle)
    letters, n_symbols, n_guesses = code_letters(puzzle), len(puzzle.game.alphabet), len(puzzle.guesses)

    def classes(fixed: list[int]) -> np.ndarray:
        return canonical_classes(letters, symmetry, fixed, n_symbols).astype(np.int64)

    root = class_representatives(letters, [], np.arange(n_guesses), n_symbols).astype(np.int64)
    root_index = np.full(n_guesses, -1, dtype=np.int64)
    root_index[root] = np.arange(len(root))
    seconds = [classes([int(r)]) for r in root]
    second_index = np.full((len(root), n_guesses), -1, dtype=np.int64)
    pairs = [(int(r), int(g)) for r, below in zip(root, seconds, strict=True) for g in below]
    offset = 0
    for i, below in enumerate(seconds):
        second_index[i, below] = offset + np.arange(len(below))
        offset += len(below)
    thirds = [classes([r, g]) for r, g in pairs]
    tables = (masks, canonical, starts, root, root_index, np.concatenate([none(0), *seconds]),
              np.concatenate([[0], np.cumsum([len(x) for x in seconds])]).astype(np.int64), second_index,
              np.concatenate([none(0), *thirds]), np.concatenate([[0], np.cumsum([len(x) for x in thirds])]).astype(np.int64),
              np.array([masks[r] | masks[g] for r, g in pairs], dtype=np.int64))
    if len(_TABLES) >= 8:  # (a process rarely solves more than one game)
        _TABLES.clear()
    _TABLES[puzzle.fingerprint] = tables
    return tables


def tree_depths(puzzle: Puzzle, tree: Tree) -> np.ndarray:
    """Each answer's number of guesses in a tree that covers them."""
    index = {w: i for i, w in enumerate(puzzle.answers)}
    out = np.zeros(len(puzzle.answers), dtype=np.int64)
    for word, depth in leaves(tree):
        out[index[word]] = depth
    return out
