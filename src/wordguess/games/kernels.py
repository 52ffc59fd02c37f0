"""Numba kernels that fill pattern matrices. Each must equal its game's scalar `feedback`
(tests/test_kernels.py checks this on random pairs rich in repeated letters).

Words arrive as uint8 arrays of letter indices, shape (n_words, length); Jotto words as uint32
letter bitmasks. Each kernel runs the guesses in parallel (numba prange) and is compiled once and
cached on disk by numba (cache=True), so a warm process pays no compile time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import numba
import numpy as np
from numba import njit, prange

from wordguess.errors import WordError

# Matrices with fewer entries than this (about 1.5 ms of work) are filled by the calling thread
# alone. A parallel region waits for every thread of the pool, and on a machine whose cores are
# shared with another job that wait dominates small calls (with one busy core beside it, a
# LeetCode 843 game, mostly its 100 x 100 matrix, would take over ten times as long).
SERIAL_ENTRIES = 1_000_000


@contextlib.contextmanager
def threads_for(entries: int):
    """Run the enclosed kernel calls on one thread when `entries` is small, else on the pool."""
    if entries >= SERIAL_ENTRIES:
        yield
        return
    previous = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def letter_indices(words: Sequence[str], alphabet: str) -> np.ndarray:
    """Return a (len(words), length) uint8 array of each letter's index in `alphabet`."""
    if not words:
        return np.zeros((0, 0), dtype=np.uint8)
    length = len(words[0])
    if any(len(w) != length for w in words):
        raise WordError(f"words of several lengths cannot share one matrix: {sorted({len(w) for w in words})}")
    table = np.full(0x110000 if not alphabet.isascii() else 128, 255, dtype=np.uint8)
    for i, ch in enumerate(alphabet):
        table[ord(ch)] = i
    text = "".join(words)
    if text.isascii():
        codes = table[np.frombuffer(text.encode("ascii"), dtype=np.uint8)]
    else:
        codes = np.array([table[ord(ch)] if ord(ch) < len(table) else 255 for ch in text], dtype=np.uint8)
    if (codes == 255).any():
        bad = sorted({ch for ch in text if ch not in alphabet})
        raise WordError(f"letters {''.join(bad)!r} are not in the alphabet {alphabet!r}")
    return codes.reshape(len(words), length)


@njit(cache=True)
def _letter_masks(words):
    """Return each word's bitmask of letters, and whether its letters are all distinct."""
    n, length = words.shape
    masks = np.zeros(n, dtype=np.uint32)
    distinct = np.ones(n, dtype=np.bool_)
    for i in range(n):
        for k in range(length):
            bit = np.uint32(1) << words[i, k]
            if masks[i] & bit:
                distinct[i] = False
            masks[i] |= bit
    return masks, distinct


@njit(parallel=True, cache=True, nogil=True)
def wordle_matrix(guesses, secrets, out):
    """Fill out[i, j] with the Wordle reply of guess i on secret j, base 3, first letter most
    significant, 2 = right place, 1 = elsewhere, 0 = absent."""
    n_guesses, length = guesses.shape
    n_secrets = secrets.shape[0]
    present, _ = _letter_masks(secrets)
    _, guess_distinct = _letter_masks(guesses)
    secrets_by_position = np.ascontiguousarray(secrets.T)
    counts = np.zeros((32, n_secrets), dtype=np.int32)  # copies of each letter in each secret
    for j in range(n_secrets):
        for k in range(length):
            counts[secrets[j, k], j] += 1
    # Replies are accumulated in out's own dtype: every partial sum is at most the final reply,
    # which fits, and the narrow type (uint8 for 5 letters) lets the loops use more SIMD lanes.
    weight = np.empty(length, dtype=out.dtype)
    for k in range(length):
        weight[k] = 3 ** (length - 1 - k)
    for i in prange(n_guesses):
        if guess_distinct[i]:
            # A guess with distinct letters: a letter not in place is yellow exactly when the
            # secret has it, because no other position of the guess can claim the secret's
            # copies (the one guess copy is not green, so no green consumed them either).
            # So mark_k = [letter in secret] + [letter in place]; the loop over secrets is
            # innermost and reads contiguous columns, so it vectorises.
            row = np.zeros_like(out[i])
            for k in range(length):
                letter = guesses[i, k]
                w = weight[k]
                column = secrets_by_position[k]
                for j in range(n_secrets):
                    row[j] += w * (((present[j] >> letter) & 1) + (column[j] == letter))
            for j in range(n_secrets):
                out[i, j] = row[j]
            continue
        # A guess with a repeated letter: per letter c of the guess, the secret's copies of c
        # not matched by a green (avail) are handed out as yellows to the guess's non-green
        # copies of c, left to right. Still one contiguous pass over the secrets per step.
        row = np.zeros_like(out[i])
        avail = np.empty(n_secrets, dtype=np.int32)
        for k in range(length):
            letter = guesses[i, k]
            first = True
            for earlier in range(k):
                if guesses[i, earlier] == letter:
                    first = False
            if not first:
                continue  # this letter's positions were all handled at its first occurrence
            for j in range(n_secrets):
                avail[j] = counts[letter, j]
            for p in range(k, length):
                if guesses[i, p] == letter:
                    column = secrets_by_position[p]
                    for j in range(n_secrets):
                        avail[j] -= np.int32(column[j] == letter)
            for p in range(k, length):
                if guesses[i, p] == letter:
                    w = weight[p]
                    column = secrets_by_position[p]
                    for j in range(n_secrets):
                        green = np.int32(column[j] == letter)
                        yellow = (1 - green) * np.int32(avail[j] > 0)
                        row[j] += w * (2 * green + yellow)
                        avail[j] -= yellow
        for j in range(n_secrets):
            out[i, j] = row[j]


@njit(parallel=True, cache=True, nogil=True)
def matches_matrix(guesses, secrets, out):
    """Fill out[i, j] with the number of positions where guess i and secret j agree."""
    n_guesses, length = guesses.shape
    for i in prange(n_guesses):
        for j in range(secrets.shape[0]):
            same = 0
            for k in range(length):
                if guesses[i, k] == secrets[j, k]:
                    same += 1
            out[i, j] = same


@njit(cache=True)
def _popcount32(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(parallel=True, cache=True, nogil=True)
def jotto_matrix(guess_masks, secret_masks, out):
    """Fill out[i, j] with the number of distinct letters guess i and secret j share."""
    for i in prange(guess_masks.shape[0]):
        g = np.int64(guess_masks[i])
        for j in range(secret_masks.shape[0]):
            out[i, j] = _popcount32(g & np.int64(secret_masks[j]))


@njit(parallel=True, cache=True, nogil=True)
def mastermind_matrix(guesses, secrets, n_colours, reply_index, out):
    """Fill out[i, j] with reply_index[black * (pegs + 1) + white] for guess i on secret j."""
    n_guesses, pegs = guesses.shape
    for i in prange(n_guesses):
        g_count = np.zeros(n_colours, dtype=np.int64)
        s_count = np.zeros(n_colours, dtype=np.int64)
        for j in range(secrets.shape[0]):
            g_count[:] = 0
            s_count[:] = 0
            black = 0
            for k in range(pegs):
                if guesses[i, k] == secrets[j, k]:
                    black += 1
                g_count[guesses[i, k]] += 1
                s_count[secrets[j, k]] += 1
            common = 0
            for c in range(n_colours):
                common += min(g_count[c], s_count[c])
            out[i, j] = reply_index[black * (pegs + 1) + common - black]


@njit(cache=True)
def _symbol_masks(words):
    """Return each word's set of symbols as a bitmask (symbol indices below 32)."""
    masks = np.zeros(words.shape[0], dtype=np.int64)
    for i in range(words.shape[0]):
        for k in range(words.shape[1]):
            masks[i] |= np.int64(1) << np.int64(words[i, k])
    return masks


@njit(parallel=True, cache=True, nogil=True)
def bulls_matrix(guesses, secrets, reply_index, out):
    """Fill out[i, j] with reply_index[bulls * (length + 1) + cows] for guess i on secret j,
    words of distinct symbols: bulls are positions that agree, cows the other common symbols."""
    n_guesses, length = guesses.shape
    guess_masks = _symbol_masks(guesses)
    secret_masks = _symbol_masks(secrets)
    for i in prange(n_guesses):
        g = guess_masks[i]
        for j in range(secrets.shape[0]):
            bulls = 0
            for k in range(length):
                if guesses[i, k] == secrets[j, k]:
                    bulls += 1
            common = _popcount32(g & secret_masks[j])
            out[i, j] = reply_index[bulls * (length + 1) + common - bulls]
