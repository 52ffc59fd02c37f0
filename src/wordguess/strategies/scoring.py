"""The numba kernel that scores every allowed guess against a set of candidates at once, by a
metric of `metrics.METRICS` (its `code` selects the kernel's branch, its `value` turns a score
back into the metric's value)."""

from __future__ import annotations

import math

import numpy as np
from numba import get_num_threads, njit, prange

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.metrics import METRICS
from wordguess.vocab import Candidates

# Below this many (guess, candidate) pairs (a few ms of work) one thread scores the guesses: starting
# the thread pool costs more than it saves on the many small nodes of a tree, and it makes every
# small node wait for a second core that another process may be holding (on 2 cores shared with
# another job, a whole entropy tree would take several times as long).
SERIAL_PAIRS = 2_000_000


# At most this many candidates, the kernels read the replies from `Puzzle.by_secret` (secrets x
# guesses): the few candidates' rows are read in order, guess after guess, instead of one byte
# from a different cache line of every guess's row (the matrix does not fit in the cache: open
# world 14,855 x 14,855 = 220 MB), which makes expected_guesses over every guess several times
# faster mid-game (docs/architecture.md). Beyond a few hundred candidates the guess rows win again
# (every byte of a row is used, and the prefetcher follows them).
BY_SECRET_CANDIDATES = 400


@njit(cache=True, nogil=True)
def chunk_range(n, chunk, n_chunks):
    """Return the contiguous part [lo, hi) of range(n) that chunk `chunk` of `n_chunks` scores
    (contiguous, so consecutive guesses share the cache lines of by_secret's rows)."""
    return chunk * n // n_chunks, (chunk + 1) * n // n_chunks


@njit(cache=True, nogil=True)
def _score_chunk(table, guess_ids, candidates, metric, chunk, n_chunks, counts, scores):
    """Score the guesses of chunk `chunk` (see chunk_range) into `scores`; `counts` is a zeroed
    scratch array of one slot per reply, left zeroed. `metric` is a Metric.code. `table` is read
    [guess, secret] (see reply_table)."""
    lo, hi = chunk_range(guess_ids.shape[0], chunk, n_chunks)
    for gi in range(lo, hi):
        g = guess_ids[gi]
        for c in candidates:
            counts[table[g, c]] += 1
        # Visit each non-empty bucket once, resetting it as we go, so a small candidate
        # set costs O(n) rather than O(n_replies).
        score = 0.0
        for c in candidates:
            r = table[g, c]
            size = counts[r]
            if size == 0:
                continue
            counts[r] = 0
            if metric == 0:  # minimax: max c
                score = max(score, size)
            elif metric == 1:  # expectation: sum c^2
                score += size * size
            elif metric == 2:  # entropy: sum c log2 c
                score += size * math.log2(size)
            else:  # most-parts: -(number of buckets)
                score -= 1.0
        scores[gi] = score


@njit(parallel=True, cache=True, nogil=True)
def _score_parallel(table, guess_ids, candidates, n_replies, metric, n_chunks, scores):
    for chunk in prange(n_chunks):  # (prange's index is unsigned: cast here and below, as serial callers pass it)
        _score_chunk(table, guess_ids, candidates, metric, np.int64(chunk), n_chunks,
                     np.zeros(n_replies, dtype=np.int64), scores)


@njit(cache=True, nogil=True)
def _weighted_chunk(table, guess_ids, candidates, weights, metric, chunk, n_chunks, mass, scores):
    """The weighted twin of _score_chunk: each candidate counts its weight, so the metrics see
    bucket masses (sum of weights) instead of sizes; most-parts still counts buckets."""
    lo, hi = chunk_range(guess_ids.shape[0], chunk, n_chunks)
    for gi in range(lo, hi):
        g = guess_ids[gi]
        for k in range(candidates.shape[0]):
            mass[table[g, candidates[k]]] += weights[k]
        score = 0.0
        for k in range(candidates.shape[0]):
            r = table[g, candidates[k]]
            m = mass[r]
            if m == 0.0:
                continue
            mass[r] = 0.0
            if metric == 0:
                score = max(score, m)
            elif metric == 1:
                score += m * m
            elif metric == 2:
                score += m * math.log2(m)
            else:
                score -= 1.0
        scores[gi] = score


@njit(parallel=True, cache=True, nogil=True)
def _weighted_parallel(table, guess_ids, candidates, weights, n_replies, metric, n_chunks, scores):
    for chunk in prange(n_chunks):
        _weighted_chunk(table, guess_ids, candidates, weights, metric, np.int64(chunk), n_chunks,
                        np.zeros(n_replies, dtype=np.float64), scores)


def reply_table(puzzle: Puzzle, n_candidates: int) -> np.ndarray:
    """Return the table the kernels read replies from, indexed [guess, secret]: for at most
    BY_SECRET_CANDIDATES candidates `by_secret` seen through its transpose (a Fortran-order
    view: the same bytes, each candidate's row read in order), else the matrix. Both are read
    as table[g, c], so a kernel compiles once per layout with no test of the layout in its
    loops (a flag tested there cost 20% of expected_guesses)."""
    if n_candidates <= BY_SECRET_CANDIDATES:
        return puzzle.by_secret.T
    return puzzle.matrix


def score_guesses(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates, metric: str) -> np.ndarray:
    """Return the kernel score (lower is better) of each guess in `guess_ids` on `candidates`.
    A weighted puzzle (the open world) scores bucket masses: Metric.value then takes the
    candidates' total weight where it takes their number (total_weight)."""
    scores = np.empty(len(guess_ids), dtype=np.float64)
    if len(guess_ids):
        table, guess_ids, candidates, weights, serial, chunks = kernel_inputs(puzzle, guess_ids, candidates)
        code, n_replies = METRICS[metric].code, puzzle.game.n_replies
        if puzzle.weighted:
            if serial:
                _weighted_chunk(table, guess_ids, candidates, weights, code, 0, 1,
                                np.zeros(n_replies, dtype=np.float64), scores)
            else:
                _weighted_parallel(table, guess_ids, candidates, weights, n_replies, code, chunks, scores)
        elif serial:
            _score_chunk(table, guess_ids, candidates, code, 0, 1, np.zeros(n_replies, dtype=np.int64),
                         scores)
        else:
            _score_parallel(table, guess_ids, candidates, n_replies, code, chunks, scores)
    return scores


def kernel_inputs(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates) -> tuple:
    """Return what the scoring kernels take for these guesses and candidates: the reply table
    (reply_table), both as contiguous int64 arrays, the candidates' weights (ones in an
    unweighted puzzle), whether one thread scores them, and the parallel kernels' chunk count."""
    return (reply_table(puzzle, len(candidates)), np.ascontiguousarray(guess_ids, dtype=np.int64),
            np.ascontiguousarray(candidates, dtype=np.int64),
            np.ascontiguousarray(puzzle.weights_of(candidates), dtype=np.float64),
            len(guess_ids) * len(candidates) < SERIAL_PAIRS, min(len(guess_ids), 8 * get_num_threads()))


def total_weight(puzzle: Puzzle, candidates: Candidates) -> float:
    """Return what Metric.value takes as the size of the candidate set: their number, or in a
    weighted puzzle their total weight."""
    return float(puzzle.weights_of(candidates).sum()) if puzzle.weighted else len(candidates)


@njit(cache=True, nogil=True)
def _interp(x, xs, ys):
    """Return the piecewise-linear curve (xs rising, ys) at x, flat beyond its ends."""
    if x <= xs[0]:
        return ys[0]
    last = xs.shape[0] - 1
    if x >= xs[last]:
        return ys[last]
    lo, hi = 0, last
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if xs[mid] <= x:
            lo = mid
        else:
            hi = mid
    return ys[lo] + (ys[hi] - ys[lo]) * (x - xs[lo]) / (xs[hi] - xs[lo])


@njit(cache=True, nogil=True)
def bucket_cost(n, m, top, bits, left, penalty, cost_x, cost_y):
    """Return f(bucket): the guesses a bucket of n candidates (mass m, likeliest top, entropy
    bits) still needs when `left` guesses remain after the one just played (-1: no limit). A
    secret still unsolved when none remain costs `penalty` (a lost game): with none left the whole
    bucket is lost, with one left all but the likeliest."""
    if left == 0:
        return penalty
    if n == 1:
        return 1.0
    if left == 1:
        return 1.0 + (m - top) / m * penalty
    if n == 2:
        return 1.0 + (m - top) / m
    return _interp(bits, cost_x, cost_y)


@njit(cache=True, nogil=True)
def _expected_chunk(table, guess_ids, candidates, weights, solved, cost_x, cost_y, left, penalty, chunk,
                    n_chunks, count, mass, wlogw, top, scores):
    """Score the guesses of chunk `chunk` (see chunk_range) by the expected number of guesses to
    finish, this one included: 1 + sum over the buckets b other than the solved one of P(b) f(b),
    where f is exact for 1 candidate (1 guess) and 2 (1 + the smaller one's share: the likelier is
    guessed first), otherwise the fitted cost curve (cost_x: bits, cost_y: guesses) at the
    bucket's entropy, and counts a lost game as `penalty` guesses when the game's limit is near
    (see bucket_cost). The scratch arrays (one slot per reply) are left zeroed. `table` is read
    [guess, secret] (see reply_table)."""
    n_cands = candidates.shape[0]
    total = 0.0
    wlog = np.empty(n_cands)
    for k in range(n_cands):
        total += weights[k]
        wlog[k] = weights[k] * math.log2(weights[k])
    touched = np.empty(n_cands, dtype=np.int64)  # the replies met, each once: the buckets
    lo, hi = chunk_range(guess_ids.shape[0], chunk, n_chunks)
    for gi in range(lo, hi):
        g = guess_ids[gi]
        n_touched = 0
        for k in range(n_cands):
            r = table[g, candidates[k]]
            w = weights[k]
            if count[r] == 0:
                touched[n_touched] = r
                n_touched += 1
            count[r] += 1
            mass[r] += w
            wlogw[r] += wlog[k]
            if w > top[r]:
                top[r] = w
        score = 0.0
        for t in range(n_touched):
            r = touched[t]
            n = count[r]
            m = mass[r]
            if r != solved:
                if n == 1:  # bucket_cost's one candidate, inlined: most buckets are
                    score += m if left != 0 else m * penalty
                else:
                    bits = math.log2(m) - wlogw[r] / m if n > 2 else 0.0
                    score += m * bucket_cost(n, m, top[r], bits, left, penalty, cost_x, cost_y)
            count[r] = 0
            mass[r] = 0.0
            wlogw[r] = 0.0
            top[r] = 0.0
        scores[gi] = 1.0 + score / total


@njit(cache=True, nogil=True)
def _expected_uniform_chunk(table, guess_ids, candidates, solved, cost_x, cost_y, left, penalty, chunk,
                            n_chunks, count, replies, scores):
    """_expected_chunk when every candidate weighs 1 (the closed world): a bucket's mass is its
    size n, its likeliest weighs 1 and its entropy is log2 n, so counting is enough (one pass
    over the candidates instead of four sums). `replies` is scratch of one slot per candidate."""
    n_total = candidates.shape[0]
    lo, hi = chunk_range(guess_ids.shape[0], chunk, n_chunks)
    for gi in range(lo, hi):
        g = guess_ids[gi]
        for k in range(n_total):
            r = table[g, candidates[k]]
            replies[k] = r
            count[r] += 1
        score = 0.0
        for k in range(n_total):
            r = replies[k]
            n = count[r]
            if n == 0:
                continue
            count[r] = 0
            if r != solved:
                m = float(n)
                score += m * bucket_cost(n, m, 1.0, math.log2(m) if n > 2 else 0.0, left, penalty, cost_x, cost_y)
        scores[gi] = 1.0 + score / n_total


@njit(parallel=True, cache=True, nogil=True)
def _expected_uniform_parallel(table, guess_ids, candidates, solved, cost_x, cost_y, left, penalty,
                               n_replies, n_chunks, scores):
    for chunk in prange(n_chunks):
        _expected_uniform_chunk(table, guess_ids, candidates, solved, cost_x, cost_y, left, penalty, np.int64(chunk),
                                n_chunks, np.zeros(n_replies, dtype=np.int64),
                                np.empty(candidates.shape[0], dtype=np.int64), scores)


@njit(parallel=True, cache=True, nogil=True)
def _expected_parallel(table, guess_ids, candidates, weights, solved, cost_x, cost_y, left, penalty,
                       n_replies, n_chunks, scores):
    for chunk in prange(n_chunks):
        _expected_chunk(table, guess_ids, candidates, weights, solved, cost_x, cost_y, left, penalty, np.int64(chunk),
                        n_chunks, np.zeros(n_replies, dtype=np.int64), np.zeros(n_replies), np.zeros(n_replies),
                        np.zeros(n_replies), scores)


def expected_guesses(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates,
                     cost_x: np.ndarray, cost_y: np.ndarray, left: int | None = None,
                     penalty: float = 0.0) -> np.ndarray:
    """Return, for each guess, the expected number of guesses to solve from the candidates when
    it is played next (see _expected_chunk), under the puzzle's weights (uniform when none).
    `left`: the guesses the game allows after this one (None: no limit); a secret the limit
    would leave unsolved costs `penalty` guesses."""
    scores = np.empty(len(guess_ids), dtype=np.float64)
    if len(guess_ids):
        n_replies = puzzle.game.n_replies
        table, guess_ids, candidates, weights, serial, chunks = kernel_inputs(puzzle, guess_ids, candidates)
        cost_x = np.ascontiguousarray(cost_x, dtype=np.float64)
        cost_y = np.ascontiguousarray(cost_y, dtype=np.float64)
        solved = puzzle.game.solved_reply
        limit = -1 if left is None else max(0, int(left))
        if not puzzle.weighted:
            if serial:
                _expected_uniform_chunk(table, guess_ids, candidates, solved, cost_x, cost_y, limit,
                                        float(penalty), 0, 1, np.zeros(n_replies, dtype=np.int64),
                                        np.empty(len(candidates), dtype=np.int64), scores)
            else:
                _expected_uniform_parallel(table, guess_ids, candidates, solved, cost_x, cost_y, limit,
                                           float(penalty), n_replies, chunks, scores)
        elif serial:
            _expected_chunk(table, guess_ids, candidates, weights, solved, cost_x, cost_y, limit,
                            float(penalty), 0, 1, np.zeros(n_replies, dtype=np.int64), np.zeros(n_replies),
                            np.zeros(n_replies), np.zeros(n_replies), scores)
        else:
            _expected_parallel(table, guess_ids, candidates, weights, solved, cost_x, cost_y, limit,
                               float(penalty), n_replies, chunks, scores)
    return scores


@njit(cache=True, nogil=True)
def _second_look_one(matrix, by_secret, by_secret_max, guess, candidates, weights, pool, guess_of_answer, n_guesses,
                     solved, cost_x, cost_y, left, penalty, n_replies):
    """Return E[guess] with each bucket costed by its own best next guess (see second_looks),
    scoring a bucket of at most `by_secret_max` candidates from `by_secret` (see reply_table)."""
    n = candidates.shape[0]
    row = matrix[guess]
    replies = np.empty(n, dtype=np.int64)
    total = 0.0
    for k in range(n):
        replies[k] = row[candidates[k]]
        total += weights[k]
    order = np.argsort(replies, kind="mergesort")
    count, mass = np.zeros(n_replies, dtype=np.int64), np.zeros(n_replies)
    wlogw, top = np.zeros(n_replies), np.zeros(n_replies)
    expected = 1.0
    start = 0
    while start < n:
        r = replies[order[start]]
        end = start
        while end < n and replies[order[end]] == r:
            end += 1
        if r != solved:
            size = end - start
            bucket = candidates[order[start:end]]
            w = weights[order[start:end]]
            m = w.sum()
            if left <= 0:
                cost = penalty
            elif size == 1:
                cost = 1.0
            elif size == 2 or left == 1:
                cost = 1.0 + (m - w.max()) / m * (1.0 if left > 1 else penalty)
            else:
                if left <= 2:  # the endgame: every allowed word
                    options = np.arange(n_guesses)
                else:
                    options = np.empty(pool.shape[0] + size, dtype=np.int64)
                    options[: pool.shape[0]] = pool
                    for k in range(size):
                        options[pool.shape[0] + k] = guess_of_answer[bucket[k]]
                scores = np.empty(options.shape[0])
                # (the chunk as int64, not the constants 0 and 1: a constant argument is typed as
                # its literal, and each literal is a compilation of its own)
                first, chunks = np.int64(0), np.int64(1)  # the one chunk of all the options
                if size <= by_secret_max:
                    _expected_chunk(by_secret.T, options, bucket, w, solved, cost_x, cost_y, left - 1, penalty, first,
                                    chunks, count, mass, wlogw, top, scores)
                else:
                    _expected_chunk(matrix, options, bucket, w, solved, cost_x, cost_y, left - 1, penalty, first, chunks,
                                    count, mass, wlogw, top, scores)
                cost = scores.min()
            expected += m / total * cost
        start = end
    return expected


@njit(parallel=True, cache=True, nogil=True)
def _second_looks(matrix, by_secret, by_secret_max, guesses, candidates, weights, pool, guess_of_answer, n_guesses,
                  solved, cost_x, cost_y, left, penalty, n_replies, out):
    for i in prange(guesses.shape[0]):
        out[i] = _second_look_one(matrix, by_secret, by_secret_max, guesses[i], candidates, weights, pool,
                                  guess_of_answer, n_guesses, solved, cost_x, cost_y, left, penalty, n_replies)


def second_looks(puzzle: Puzzle, guesses: np.ndarray, candidates: Candidates, pool: np.ndarray,
                 cost_x: np.ndarray, cost_y: np.ndarray, left: int, penalty: float) -> np.ndarray:
    """Return, for each guess, the expected guesses to finish when each of its buckets (other
    than the solved one) costs: a lost game (`penalty`) with no guess left; 1 for one candidate;
    with two candidates, or one guess left, 1 plus the share the likelier misses (times `penalty`
    with one left); otherwise the least expected_guesses of the bucket over `pool` and the
    bucket's own candidates (every guess when at most two are left), `left - 1` left after it.
    Normal mode without an inconsistent window only (every guess allowed anywhere): the
    FewestGuesses.second_look method is the general version, and this one's twin."""
    out = np.empty(len(guesses), dtype=np.float64)
    if len(guesses):
        _second_looks(puzzle.matrix, puzzle.by_secret, BY_SECRET_CANDIDATES, np.ascontiguousarray(guesses, dtype=np.int64),
                      np.ascontiguousarray(candidates, dtype=np.int64),
                      np.ascontiguousarray(puzzle.weights_of(candidates), dtype=np.float64),
                      np.ascontiguousarray(pool, dtype=np.int64),
                      np.ascontiguousarray(puzzle.guess_of_answer, dtype=np.int64), len(puzzle.guesses),
                      puzzle.game.solved_reply, np.ascontiguousarray(cost_x, dtype=np.float64),
                      np.ascontiguousarray(cost_y, dtype=np.float64), int(left), float(penalty),
                      puzzle.game.n_replies, out)
    return out
