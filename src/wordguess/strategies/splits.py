"""How guesses split a set of candidates, counted by numba kernels for the never-lose checks
(strategies.guard, strategies.boardguard, optimal.worst.exact_guard): each guess's number of
buckets and its largest bucket, and the guesses that split best first."""

from __future__ import annotations

import numpy as np
from numba import get_num_threads, njit, prange

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.scoring import chunk_range, reply_table
from wordguess.vocab import Candidates


@njit(cache=True, nogil=True)
def _split_chunk(table, guess_ids, candidates, solved, counts, parts, largest, lo, hi):
    """Fill parts[i] (non-empty buckets, the solved one included) and largest[i] (the largest
    unsolved bucket) for guesses lo..hi-1; `counts` is zeroed scratch, left zeroed."""
    for i in range(lo, hi):
        g = guess_ids[i]
        p = 0
        big = 0
        for s in candidates:
            r = table[g, s]
            c = counts[r] + 1
            counts[r] = c
            if c == 1:
                p += 1
            if c > big and r != solved:
                big = c
        for s in candidates:
            counts[table[g, s]] = 0
        parts[i] = p
        largest[i] = big


@njit(parallel=True, cache=True, nogil=True)
def _split_parallel(table, guess_ids, candidates, solved, n_replies, n_chunks, parts, largest):
    for chunk in prange(n_chunks):
        lo, hi = chunk_range(guess_ids.shape[0], chunk, n_chunks)
        _split_chunk(table, guess_ids, candidates, solved, np.zeros(n_replies, dtype=np.int32), parts, largest,
                     lo, hi)


def split_stats(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """Return (the number of buckets, the largest unsolved bucket) of each guess on the
    candidates, counted in secrets whatever their prior: for at most EVERY_MOST candidates and
    half the guesses or more, read from split_every's pairs over every guess; else by counting
    each guess's buckets."""
    n = len(guess_ids)
    if 1 <= len(candidates) <= EVERY_MOST and 2 * n >= len(puzzle.guesses) and not puzzle.by_rows:
        parts, largest = split_pairs(puzzle, candidates)
        return parts[guess_ids], largest[guess_ids]
    parts, largest = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    if n:
        table = reply_table(puzzle, len(candidates))
        guess_ids = np.ascontiguousarray(guess_ids, dtype=np.int64)
        candidates = np.ascontiguousarray(candidates, dtype=np.int64)
        solved, n_replies = puzzle.game.solved_reply, puzzle.game.n_replies
        if n * len(candidates) < 2_000_000:
            _split_chunk(table, guess_ids, candidates, solved, np.zeros(n_replies, dtype=np.int32), parts, largest,
                         0, n)
        else:
            _split_parallel(table, guess_ids, candidates, solved, n_replies, min(n, 8 * get_num_threads()), parts,
                            largest)
    return parts, largest


SPLIT_BLOCK = 256  # guesses per block in split_every: its per-candidate counts stay in the first-level cache


@njit(cache=True, nogil=True)
def _split_every(by_secret, candidates, solved, parts, largest):
    """split_stats of every guess, a block of guesses at a time: each pair of candidates is
    compared over the block (contiguous rows of by_secret, loops the compiler vectorises), each
    candidate counting the candidates with its reply (its bucket's size, up to 255) and whether
    an earlier one has it (then its bucket was counted already)."""
    k = candidates.shape[0]
    total = by_secret.shape[1]
    size = np.empty((k, SPLIT_BLOCK), np.uint8)
    seen = np.empty((k, SPLIT_BLOCK), np.uint8)
    block_parts = np.empty(SPLIT_BLOCK, np.uint8)
    block_largest = np.empty(SPLIT_BLOCK, np.uint8)
    for lo in range(0, total, SPLIT_BLOCK):
        hi = min(total, lo + SPLIT_BLOCK)
        n = hi - lo
        size[:, :] = 1
        seen[:, :] = 0
        for i in range(1, k):
            reply_i, size_i, seen_i = by_secret[candidates[i], lo:hi], size[i], seen[i]
            for j in range(i):
                reply_j, size_j = by_secret[candidates[j], lo:hi], size[j]
                for t in range(n):
                    same = np.uint8(reply_i[t] == reply_j[t])
                    size_i[t] += same
                    size_j[t] += same
                    seen_i[t] |= same
        block_parts[:] = 0
        block_largest[:] = 0
        for i in range(k):
            reply_i, size_i, seen_i = by_secret[candidates[i], lo:hi], size[i], seen[i]
            for t in range(n):
                block_parts[t] += np.uint8(1) - seen_i[t]
                block_largest[t] = max(block_largest[t], size_i[t] * np.uint8(reply_i[t] != solved))
        for t in range(n):
            parts[lo + t] = block_parts[t]
            largest[lo + t] = block_largest[t]


# The most candidates for which split_stats of every guess compares pairs (split_every): on
# Wordle's open world 4 to 5 times faster than counting each guess's buckets up to 12 candidates,
# 1.7 times at 40, even near 70.
EVERY_MOST = 64


def split_every(puzzle: Puzzle, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """Return `split_stats` of every allowed guess (in index order) on the candidates, by pairs
    of candidates compared over blocks of guesses up to 255 candidates: faster than counting
    buckets for the few candidates of a multi-board position (docs/open-world.md; the twin in the tests)."""
    n = len(puzzle.guesses)
    if len(candidates) > 255 or len(candidates) < 1 or puzzle.by_rows:
        return split_stats(puzzle, np.arange(n, dtype=np.int64), candidates)
    return split_pairs(puzzle, candidates)


def split_pairs(puzzle: Puzzle, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """split_every's pairs kernel (1 to 255 candidates, a puzzle with its matrices)."""
    n = len(puzzle.guesses)
    parts, largest = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    _split_every(puzzle.by_secret, np.ascontiguousarray(candidates, dtype=np.int64), puzzle.game.solved_reply,
                 parts, largest)
    return parts, largest


def first_by(count: int, *keys: np.ndarray) -> np.ndarray:
    """Return the first `count` positions of `np.lexsort(keys[::-1])` (by the first key, then
    the next, then the position), in that order, without sorting them all: the keys (small
    integers) are packed into one, and only its `count` least are sorted."""
    n = len(keys[0])
    spans = [int(key.max()) - int(key.min()) + 1 for key in keys] if n else []
    if n == 0 or np.prod([float(s) for s in spans]) * n >= 2.0 ** 62:  # (no room in one integer)
        return np.lexsort(keys[::-1])[:count]
    packed = np.zeros(n, dtype=np.int64)
    for key, span in zip(keys, spans, strict=True):
        packed = packed * span + (key.astype(np.int64) - int(key.min()))
    packed = packed * n + np.arange(n, dtype=np.int64)
    if count >= n:
        return np.argsort(packed)
    head = np.argpartition(packed, count)[:count]
    return head[np.argsort(packed[head])]
