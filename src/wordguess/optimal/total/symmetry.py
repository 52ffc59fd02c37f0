"""The symmetry reduction of the exact search (Mastermind's colours and positions, Bulls and
Cows' symbols): guesses that a map of the game's symmetries sends onto each other are one class,
and only a canonical guess of each is searched. Numba code."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def orbit_keys(letters, rows, perms, renames, used, fresh):
    """Return, for each guess g of `rows`, the least over the maps m (positions permuted by
    perms[m], symbols renamed by renames[m]) of m(g) with its symbols outside the mask `used`
    renamed in order of first appearance to fresh[0], fresh[1], ..., read as a number: guesses
    with the same key are one class of {maps} x (renamings of the unused symbols)."""
    n_symbols = renames.shape[1]
    length = letters.shape[1]
    out = np.empty(len(rows), dtype=np.int64)
    met = np.empty(n_symbols, dtype=np.int64)
    for i in range(len(rows)):
        best = np.int64(-1)
        for m in range(perms.shape[0]):
            met[:] = -1
            taken = 0
            key = np.int64(0)
            for k in range(length):
                x = np.int64(renames[m, letters[rows[i], perms[m, k]]])
                if not (used >> x) & 1:
                    if met[x] < 0:
                        met[x] = fresh[taken]
                        taken += 1
                    x = met[x]
                key = key * n_symbols + x
            if best < 0 or key < best:
                best = key
        out[i] = best
    return out


@njit(cache=True)
def canonical_below(symbol_mask, canonical, canonical_start, allowed_hash, guess):
    """child_allowed with symmetry, away from the opener (allowed_hash = 1 + the mask of the
    symbols used so far): the canonical guesses once `guess`'s symbols are used too. It takes
    the Context's arrays, not the Context, for the searches that call it per guess (see
    feasible.unsolved_buckets)."""
    mask = (allowed_hash - 1) | symbol_mask[guess]
    return canonical[canonical_start[mask]:canonical_start[mask + 1]], mask + 1


@njit(cache=True)
def canonical_guesses(letters, n_symbols, used):
    """Return which guesses are canonical when the symbols in the mask `used` have been played:
    reading left to right, each unused symbol met for the first time is the smallest unused
    symbol not met yet (every guess is one such guess with its unused symbols renamed)."""
    keep = np.zeros(letters.shape[0], dtype=np.bool_)
    for i in range(letters.shape[0]):
        seen = np.int64(0)
        ok = True
        for k in range(letters.shape[1]):
            symbol = np.int64(letters[i, k])
            if (used >> symbol) & 1 or (seen >> symbol) & 1:
                continue
            for smaller in range(symbol):  # an unused, unseen smaller symbol must come first
                if not ((used >> smaller) & 1) and not ((seen >> smaller) & 1):
                    ok = False
                    break
            if not ok:
                break
            seen |= np.int64(1) << symbol
        keep[i] = ok
    return keep


def code_letters(puzzle) -> np.ndarray:
    """Return each allowed guess's symbols as indices into the game's alphabet (a Puzzle's)."""
    from wordguess.games.kernels import letter_indices

    return letter_indices([puzzle.game.fold(w) for w in puzzle.guesses], puzzle.game.alphabet)
