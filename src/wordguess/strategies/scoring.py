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
# small node wait for a second core that another process may be holding (measured: a whole entropy
# tree took 2.5 s instead of 0.4 s on 2 cores shared with another job).
SERIAL_PAIRS = 2_000_000


@njit(cache=True, nogil=True)
def _score_chunk(matrix, guess_ids, candidates, metric, chunk, n_chunks, counts, scores):
    """Score the guesses guess_ids[chunk::n_chunks] into `scores`; `counts` is a zeroed scratch
    array of one slot per reply, left zeroed. `metric` is a Metric.code."""
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
def _score_parallel(matrix, guess_ids, candidates, n_replies, metric, n_chunks, scores):
    for chunk in prange(n_chunks):
        _score_chunk(matrix, guess_ids, candidates, metric, chunk, n_chunks,
                     np.zeros(n_replies, dtype=np.int64), scores)


def score_guesses(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates, metric: str) -> np.ndarray:
    """Return the kernel score (lower is better) of each guess in `guess_ids` on `candidates`."""
    scores = np.empty(len(guess_ids), dtype=np.float64)
    if len(guess_ids):
        matrix, n_replies = puzzle.matrix, puzzle.game.n_replies
        guess_ids = np.ascontiguousarray(guess_ids, dtype=np.int64)
        candidates = np.ascontiguousarray(candidates, dtype=np.int64)
        code = METRICS[metric].code
        if len(guess_ids) * len(candidates) < SERIAL_PAIRS:
            _score_chunk(matrix, guess_ids, candidates, code, 0, 1, np.zeros(n_replies, dtype=np.int64), scores)
        else:
            _score_parallel(matrix, guess_ids, candidates, n_replies, code,
                            min(len(guess_ids), 8 * get_num_threads()), scores)
    return scores
