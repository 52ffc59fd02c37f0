"""Numba kernels that fill pattern matrices. Each must equal its game's scalar `feedback`
(tests/test_kernels.py checks this on random pairs rich in repeated letters).

Words arrive as uint8 arrays of letter indices, shape (n_words, length); Jotto words as uint32
letter bitmasks. Each kernel runs the guesses in parallel (numba prange) and is compiled once and
cached on disk by numba (cache=True), so a warm process pays no compile time.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit, prange

from wordguess.errors import WordError


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


@njit(parallel=True, cache=True, nogil=True)
def wordle_matrix(guesses, secrets, out):
    """Fill out[i, j] with the Wordle reply of guess i on secret j, base 3, first letter most
    significant, 2 = right place, 1 = elsewhere, 0 = absent."""
    n_guesses, length = guesses.shape
    n_secrets = secrets.shape[0]
    # A bitmask of the letters in each secret lets most yellow checks stop at one AND.
    present = np.zeros(n_secrets, dtype=np.uint32)
    for j in range(n_secrets):
        for k in range(length):
            present[j] |= np.uint32(1) << secrets[j, k]
    for i in prange(n_guesses):
        for j in range(n_secrets):
            used = 0  # secret positions already matched (green, or consumed by a yellow)
            for k in range(length):
                if guesses[i, k] == secrets[j, k]:
                    used |= 1 << k
            greens = used
            code = 0
            for k in range(length):
                mark = 0
                if (greens >> k) & 1:
                    mark = 2
                else:
                    letter = guesses[i, k]
                    if (present[j] >> letter) & 1:
                        # Yellows go left to right while the secret has unmatched copies.
                        for m in range(length):
                            if not (used >> m) & 1 and secrets[j, m] == letter:
                                used |= 1 << m
                                mark = 1
                                break
                code = code * 3 + mark
            out[i, j] = code


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
