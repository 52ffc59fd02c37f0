"""The symmetry reduction of the exact search (Mastermind's colours and positions, Bulls and
Cows' symbols): guesses that a map of the game's symmetries sends onto each other are one class,
and only a canonical guess of each is searched: the numba kernels, and the classes they are read from."""

from __future__ import annotations

import itertools

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


def stabiliser(letters: np.ndarray, fixed: list[int], n_symbols: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the maps T = (positions permuted, the fixed words' symbols renamed, the others
    kept) with T(w) = w for every fixed word w, as (position permutations, symbol renamings).

    In a symmetric game (Mastermind, Bulls and Cows: permuting positions and renaming symbols
    together maps the codes and the replies onto themselves) such a T maps every candidate set
    reached by replies to the fixed words onto itself, and each guess g to one, T(g), of the
    same cost there."""
    words = [letters[w] for w in fixed]
    length = letters.shape[1]
    perms, renames = [], []
    for perm in itertools.permutations(range(length)):
        rename: dict[int, int] = {}  # T(w)[k] = p(w[perm[k]]) must be w[k]
        if all(rename.setdefault(int(w[perm[k]]), int(w[k])) == int(w[k]) for w in words for k in range(length)) \
                and len(set(rename.values())) == len(rename):
            full = np.arange(n_symbols, dtype=np.int64)
            full[list(rename)] = list(rename.values())
            perms.append(perm)
            renames.append(full)
    return np.array(perms, dtype=np.int64), np.array(renames, dtype=np.int64)


def class_representatives(letters: np.ndarray, fixed: list[int], rows: np.ndarray, n_symbols: int) -> np.ndarray:
    """Return one guess of `rows` per class of the fixed words' stabiliser (with the symbols no
    fixed word uses interchangeable besides): below the opener (fixed = [opener]) Bulls and
    Cows tries 20 second guesses after 0123 instead of the 209 canonical ones."""
    _, first = np.unique(orbit_classes(letters, fixed, rows, n_symbols), return_index=True)
    return np.sort(rows[first]).astype(np.int32)


def orbit_classes(letters: np.ndarray, fixed: list[int], rows: np.ndarray, n_symbols: int) -> np.ndarray:
    """Return a key per guess of `rows`, the same for two guesses exactly when a map of the fixed
    words' stabiliser (the symbols no fixed word uses interchangeable besides) sends one onto
    the other (orbit_keys)."""
    perms, renames = stabiliser(letters, fixed, n_symbols)
    used = 0
    for w in fixed:
        for x in letters[w]:
            used |= 1 << int(x)
    fresh = np.array([x for x in range(n_symbols) if not (used >> x) & 1], dtype=np.int64)
    return orbit_keys(letters, np.asarray(rows).astype(np.int64), perms, renames, np.int64(used), fresh)


def canonical_classes(letters: np.ndarray, tables: tuple, fixed: list[int], n_symbols: int) -> np.ndarray:
    """Return one guess per class of the fixed words' stabiliser among the canonical guesses of
    the symbols they use (`tables`: search.symmetry_tables' masks, canonical guesses, starts)."""
    masks, canonical, starts = tables
    mask = 0
    for w in fixed:
        mask |= int(masks[w])
    return class_representatives(letters, fixed, canonical[starts[mask]:starts[mask + 1]], n_symbols)
