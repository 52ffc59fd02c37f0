"""The exact search's memo and its context (optimal.total.kernel's search reads and fills
them): the constants, the `Context` tuple, the packed memo entries and their keys, the least
totals' table rows, and the entries' passage to and from the store. Numba code."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict

INF = np.int64(1) << np.int64(40)  # "no tree within the depth limit" (and "no cutoff")


ABORT = np.int64(-1)  # returned when the node budget is exhausted


UNLIMITED = 1 << 20  # a depth this large means no depth limit; it is never decremented


VALUE_CAP = (np.int64(1) << np.int64(38)) - 1  # values at or above it are stored as INF

# Counters in ctx.stats.
NODES, HITS, SHORTCUTS, ABORTED, BUDGET = 0, 1, 2, 3, 4

KeyType = types.UniTuple(types.int64, 2)


UNKNOWN = np.int64(-1)  # known_child_hash: not known (no symmetric or normal-mode hash is -1)


TRANSITIONS_CAPACITY = 1 << 22  # hard-mode transitions kept (about 200 MB at most), then forgotten


class Context(NamedTuple):
    """Everything the search reads, and its memo and counters (a tuple, so numba can cache the
    compiled search on disk)."""

    matrix: np.ndarray  # [guess, answer] -> reply (uint8, uint16 or uint32)
    guess_of_answer: np.ndarray  # int32: answer index -> its guess index
    tables: np.ndarray  # int64 [d, m]: least total for m secrets within d guesses (last row: no limit)
    zobrist: np.ndarray  # int64 [2, answers]: random words for set hashes
    memo: Dict  # (hash, hash) -> packed (value, exact, guess)
    fresh: Dict  # the memo's new entries for large sets, waiting to be saved to the store
    stats: np.ndarray  # int64 counters: NODES, HITS, SHORTCUTS, ABORTED, BUDGET
    params: np.ndarray  # int64: SOLVED, N_REPLIES, HARD (1 hard, 2 strict), SIZE_FLOOR, PERSIST_FLOOR, SYMMETRY, BRANCHING
    # (BRANCHING: the most unsolved replies any guess gives on all the answers, which `tables` assume)
    letters: np.ndarray  # uint8 [guess, position]: hard mode: each guess's letters
    letter_counts: np.ndarray  # uint8 [guess, letter]: hard mode: copies of each letter
    marks: np.ndarray  # uint8 [reply, position]: hard mode: per-position marks (0, 1, 2)
    guess_zobrist: np.ndarray  # int64 [guess]: hard mode: random words for allowed-set hashes
    symbol_mask: np.ndarray  # int64 [guess]: symmetry: the symbols (colours) each guess uses
    canonical: np.ndarray  # int32: symmetry: for each set of used symbols, the canonical guesses
    canonical_start: np.ndarray  # int64 [mask + 1]: where each mask's guesses start in `canonical`
    thirds: Dict  # symmetry: opener x guesses + second guess -> where its third guesses are in
    # `third_guesses`, packed as start << 32 | end (ExactSolver.child_state fills both)
    third_guesses: np.ndarray  # int32: symmetry: the third guesses worth trying, concatenated
    scan: np.ndarray  # [guess, answer] -> reply, as `matrix`, but the transpose `Puzzle.by_secret` seen
    # through its Fortran-order view: the bound scan reads a few secrets' replies to every guess,
    # and these are then a few rows read in order rather than a scattered byte per guess row
    transitions: Dict  # hard mode: (allowed set's hash ^ constraint_hash(guess, reply)) -> the hash
    # of the set child_allowed narrows it to, so a child's memo key costs no pass over the guesses
    group_of: np.ndarray  # int32 [answer, k]: feasibility: each secret's groups (worst.groups), -1 past them
    group_escape: np.ndarray  # int64 [group]: feasibility: the most of a group one guess splits off
    group_counts: np.ndarray  # int64 [group]: feasibility: zeroed scratch for worst.groups.group_needs
    guess_escape: np.ndarray  # uint8 [group, guess]: feasibility: what each guess splits off each group
    answer_of_guess: np.ndarray  # int32 [guess]: strict mode: the guess's answer index (-1: not a secret)


SOLVED, N_REPLIES, HARD, SIZE_FLOOR, PERSIST_FLOOR, SYMMETRY, BRANCHING, WIDTH = 0, 1, 2, 3, 4, 5, 6, 7  # Context.params

# Strict mode (every guess a possible secret): the guesses allowed are the candidates' own, so
# the candidates determine them and one hash serves every allowed set.
STRICT_HASH = np.int64(2)


@njit(cache=True)
def strict_allowed(ctx, allowed, guess, reply):
    """Return the guesses of `allowed` that strict mode keeps after `guess` got `reply`: those
    that could still be the secret (the reply to `guess`, were they the secret, is `reply`)."""
    keep = np.empty(len(allowed), dtype=np.int32)
    n = 0
    for w in allowed:
        a = ctx.answer_of_guess[w]
        if a >= 0 and ctx.matrix[guess, a] == reply:
            keep[n] = w
            n += 1
    return keep[:n]


# The Context's dictionaries are made by compiled functions, which numba caches on disk: made
# from Python (Dict.empty), each key and value type's constructor is compiled afresh in every
# process, about 0.4 s of a short command's start.
@njit(cache=True)
def new_memo():
    """Return an empty memo for a Context."""
    return Dict.empty(KeyType, types.int64)


@njit(cache=True)
def new_table():
    """Return an empty int64 -> int64 table: the Context's index of third guesses, its hard-mode
    transitions."""
    return Dict.empty(types.int64, types.int64)


@njit(cache=True)
def pack(value, exact, guess):
    """Return a memo word holding a value (capped), whether it is exact, and the best guess."""
    v = min(value, VALUE_CAP)
    return (v << np.int64(24)) | (np.int64(guess + 1) << np.int64(1)) | np.int64(exact)


@njit(cache=True)
def unpack(word):
    """Return (value, exact, guess) of a memo word (INF for a capped value; guess -1 if none)."""
    value = word >> np.int64(24)
    if value >= VALUE_CAP:
        value = INF
    return value, (word & 1) == 1, ((word >> np.int64(1)) & np.int64(0x7FFFFF)) - 1


@njit(cache=True)
def memo_entry(ctx, key):
    """Return (the value the memo holds for `key`, whether it is exact); (-1, False) when it
    holds none. The one reader of the memo's words (the searches of both problems use it)."""
    if key in ctx.memo:
        value, exact, _ = unpack(ctx.memo[key])
        return value, exact
    return np.int64(-1), False


@njit(cache=True)
def set_key(ctx, S, allowed_hash, depth):
    """Return the memo key of (S, allowed guesses, depth): two XORs of per-answer random words,
    mixed with the allowed set's hash and the depth. A false match needs two 64-bit collisions."""
    h1 = np.int64(0)
    h2 = np.int64(0)
    for c in S:
        h1 ^= ctx.zobrist[0, c]
        h2 ^= ctx.zobrist[1, c]
    return key_of(h1, h2, len(S), allowed_hash, depth)


@njit(cache=True)
def key_of(h1, h2, size, allowed_hash, depth):
    """Return set_key's key from the set's two XORs of random words and its size (a search
    that has the XORs of a guess's buckets already needs no pass over each bucket)."""
    # Shifts and XORs only: numba may type a product with a 64-bit constant as a float inside
    # the recursive search, which would give different keys at different call sites.
    mix = np.int64(depth) | (np.int64(size) << np.int64(21))
    return (h1 ^ allowed_hash ^ mix, h2 ^ (allowed_hash << np.int64(1)) ^ (mix << np.int64(17)))


@njit(cache=True)
def child_depth(depth):
    """Return the guesses left below a node with `depth` left (unlimited stays unlimited)."""
    return depth if depth >= UNLIMITED else depth - 1


@njit(cache=True)
def no_limit(depth):
    """Return the depth as bounds.least_totals takes it (-1: unlimited)."""
    return -1 if depth >= UNLIMITED else depth


@njit(cache=True)
def table_row(depth, n_rows):
    """Return the row of ctx.tables for `depth` guesses left (the last row means unlimited)."""
    return min(depth, n_rows - 1)


@njit(cache=True)
def remember(ctx, key, n, value, exact, guess):
    """Store what was proven about a set (sets below ctx.params[SIZE_FLOOR] are cheap to redo;
    those from ctx.params[PERSIST_FLOOR] up are also queued for the on-disk store). Callers pass
    np.bool_ and np.int64, not the constants True, False or -1: numba types a constant as its
    literal, and each literal is a compilation of its own."""
    if n >= ctx.params[SIZE_FLOOR]:
        word = pack(value, exact, guess)
        ctx.memo[key] = word
        if n >= ctx.params[PERSIST_FLOOR]:
            ctx.fresh[key] = word


@njit(cache=True)
def recall(ctx, S, allowed_hash, beta, depth):
    """Return what `solve` would return for S from the memo alone (its value if exact, or a
    bound at least beta), else -2."""
    value, exact = memo_entry(ctx, set_key(ctx, S, allowed_hash, depth))
    if value >= 0 and (exact or value >= beta):
        ctx.stats[HITS] += 1
        return value
    return np.int64(-2)


@njit(cache=True)
def best_guess(ctx, S, allowed_hash, depth):
    """Return the memoised best guess of a set solved exactly, or -1 if none is known."""
    key = set_key(ctx, S, allowed_hash, depth)
    if key not in ctx.memo:
        return -1
    _, exact, guess = unpack(ctx.memo[key])
    return guess if exact else -1


@njit(cache=True)
def drain(fresh):
    """Return the queued entries as arrays (first key words, second key words, memo words) and
    empty the queue."""
    n = len(fresh)
    k1 = np.empty(n, dtype=np.int64)
    k2 = np.empty(n, dtype=np.int64)
    words = np.empty(n, dtype=np.int64)
    i = 0
    for key, word in fresh.items():
        k1[i], k2[i] = key
        words[i] = word
        i += 1
    fresh.clear()
    return k1, k2, words


@njit(cache=True)
def load(memo, k1, k2, words):
    """Put stored entries into the memo; an exact entry is never replaced by a bound, and of two
    bounds the higher is kept."""
    for i in range(len(k1)):
        key = (k1[i], k2[i])
        if key in memo:
            old_value, old_exact, _ = unpack(memo[key])
            new_value, new_exact, _ = unpack(words[i])
            if old_exact or (not new_exact and new_value <= old_value):
                continue
        memo[key] = words[i]
