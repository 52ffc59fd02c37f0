"""Numba kernels that score every allowed guess against a set of candidates at once.

`score_guesses` returns, for each guess, a number equal (up to a monotone transformation that
depends only on the number of candidates n) to the metric in `metrics.py`:
  minimax      max c                  (equal)
  expectation  sum c^2                (= n * expectation)
  entropy      sum c log2 c           (= n * neg_entropy + n log2 n)
  most-parts   -(number of buckets)   (equal)
so the ranking of guesses is the same. `metric_value` turns a score into the metric's value.
"""

from __future__ import annotations

import math

import numpy as np
from numba import get_num_threads, njit, prange

from wordguess.strategies.metrics import METRIC_CODES

# Below this many (guess, candidate) pairs (a few ms of work) one thread scores the guesses: starting
# the thread pool costs more than it saves on the many small nodes of a tree, and it makes every
# small node wait for a second core that another process may be holding (measured: a whole entropy
# tree took 2.5 s instead of 0.4 s on 2 cores shared with another job).
SERIAL_PAIRS = 2_000_000


@njit(cache=True, nogil=True)
def _score_chunk(matrix, guess_ids, candidates, metric, chunk, n_chunks, counts, scores):
    """Score the guesses guess_ids[chunk::n_chunks] into `scores`; `counts` is a zeroed scratch
    array of one slot per reply, left zeroed."""
    for gi in range(chunk, guess_ids.shape[0], n_chunks):
        row = matrix[guess_ids[gi]]
        for c in candidates:
            counts[row[c]] += 1
        # Visit each non-empty bucket once, resetting it as we go, so a small candidate
        # set costs O(n) rather than O(n_replies).
        score = 0.0
        for c in candidates:
            size = counts[row[c]]
            if size == 0:
                continue
            counts[row[c]] = 0
            if metric == 0:
                score = max(score, size)
            elif metric == 1:
                score += size * size
            elif metric == 2:
                score += size * math.log2(size)
            else:
                score -= 1.0
        scores[gi] = score


@njit(parallel=True, cache=True, nogil=True)
def _score_parallel(matrix, guess_ids, candidates, n_replies, metric, n_chunks, scores):
    for chunk in prange(n_chunks):
        _score_chunk(matrix, guess_ids, candidates, metric, chunk, n_chunks,
                     np.zeros(n_replies, dtype=np.int64), scores)


def score_guesses(matrix: np.ndarray, guess_ids: np.ndarray, candidates: np.ndarray,
                  n_replies: int, metric: str) -> np.ndarray:
    """Return the kernel score (lower is better) of each guess in `guess_ids` on `candidates`."""
    scores = np.empty(len(guess_ids), dtype=np.float64)
    if len(guess_ids):
        guess_ids = np.ascontiguousarray(guess_ids, dtype=np.int64)
        candidates = np.ascontiguousarray(candidates, dtype=np.int64)
        code = METRIC_CODES[metric]
        if len(guess_ids) * len(candidates) < SERIAL_PAIRS:
            _score_chunk(matrix, guess_ids, candidates, code, 0, 1, np.zeros(n_replies, dtype=np.int64), scores)
        else:
            _score_parallel(matrix, guess_ids, candidates, n_replies, code,
                            min(len(guess_ids), 8 * get_num_threads()), scores)
    return scores


def metric_value(metric: str, score: float, n: int) -> float:
    """Return the metric of metrics.py from a kernel score over n candidates."""
    if metric == "expectation":
        return score / n
    if metric == "entropy":
        return score / n - math.log2(n)
    return score


@njit(cache=True)
def bucket_sizes(row, candidates, n_replies):
    """Return the bucket count of every reply of one guess over the candidates."""
    counts = np.zeros(n_replies, dtype=np.int64)
    for c in candidates:
        counts[row[c]] += 1
    return counts
