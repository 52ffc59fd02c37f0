"""A lower bound of the feasibility search: groups of secrets that no guess splits much.

A group is a set of secrets alike at every position but one (Wordle's ?ILLS: BILLS, FILLS,
HILLS, ...). Its escape m is the most of its secrets any one guess takes out of the guess's
largest reply class on the group (over every guess of the puzzle, so over every allowed set of
guesses too): for a word game a letter a guess does not hold leaves the reply unchanged, so m is
at most the letters of a guess, and far less than the group. For any part T of the group,
a guess leaves at least |T| - m of T behind one reply (its largest class on the group, met by
T, holds all of T but the at most m others). So a set S holding k secrets of a group, after
d - 1 guesses, still has k - (d - 1) m of them behind one reply path, and the d-th guess finds
one secret: S is not finished within d guesses when k - (d - 1) m > 1. The same read of one
guess g: its own escape m_g on the group bounds what it splits off any part, so below a set
with k of the group a guess is worth trying within d only if m_g >= k - 1 - (d - 2) m. The bound
is taken from the puzzle's replies, not from a rule of the game, so it holds for every game.
Read on the part T of the group a set holds (its live part), each guess's own escape on T bounds
what it splits off any part of T, so T is not finished within d guesses when the d - 1 largest
escapes over the allowed guesses sum to less than |T| - 1 (a guess played twice on a path splits
nothing the second time), and a guess is worth trying only if its escape on T is at least the need.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from numba import njit

LEAST_GROUP = 4  # smaller groups prune too little to be worth their check


def alike_groups(words: list[str]) -> list[list[int]]:
    """Return the groups of at least LEAST_GROUP words (indices) alike at every position but one."""
    by_key: dict[tuple, list[int]] = defaultdict(list)
    for i, word in enumerate(words):
        for p in range(len(word)):
            by_key[(len(word), p, word[:p], word[p + 1:])].append(i)
    return [members for members in by_key.values() if len(members) >= LEAST_GROUP]


@njit(cache=True)
def escapes(replies, members, starts, n_replies):
    """Return (each group's escape, each group's escape by each guess: uint8 [group, guess]): how
    many of its secrets a guess puts outside its largest reply class on the group, the escape the
    most over the guesses. `replies[g, s]` is guess g's reply to secret s, each secret's replies
    best contiguous (Context.scan): a group's few secrets are read as a few streams over the
    guesses. Group e is members[starts[e]:starts[e + 1]]."""
    n_groups = len(starts) - 1
    out = np.zeros(n_groups, dtype=np.int64)
    by_guess = np.zeros((n_groups, replies.shape[0]), dtype=np.uint8)
    counts = np.zeros(n_replies, dtype=np.int64)
    for e in range(n_groups):
        lo, hi = starts[e], starts[e + 1]
        size = hi - lo
        worst = 0
        for g in range(replies.shape[0]):
            big = 0
            for k in range(lo, hi):
                r = replies[g, members[k]]
                counts[r] += 1
                big = max(big, counts[r])
            for k in range(lo, hi):
                counts[replies[g, members[k]]] = 0
            by_guess[e, g] = min(255, size - big)
            worst = max(worst, size - big)
            if worst >= size - 1:
                break  # the group binds nothing (group_tables drops it): a guess splits it up
        out[e] = worst
    return out, by_guess


def no_groups(n_secrets: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return a Context's group fields when it has no group (group_of, group_escape,
    group_counts, guess_escape): the exact search's, which reads none."""
    return (np.full((n_secrets, 1), -1, dtype=np.int32), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64),
            np.zeros((0, 1), dtype=np.uint8))


def group_tables(words: list[str], replies: np.ndarray, n_replies: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (group_of: int32 [secret, k], each secret's groups, -1 past the last; each group's
    escape; each group's escape by each guess, uint8 [group, guess]), keeping the groups that
    can bind (at least escape + 2 secrets)."""
    groups = alike_groups(words)
    if not groups:
        return (np.full((len(words), 1), -1, dtype=np.int32), np.zeros(0, dtype=np.int64),
                np.zeros((0, replies.shape[0]), dtype=np.uint8))
    members = np.concatenate([np.array(g, dtype=np.int64) for g in groups])
    starts = np.concatenate([[0], np.cumsum([len(g) for g in groups])]).astype(np.int64)
    escape, by_guess = escapes(replies, members, starts, n_replies)
    kept = [e for e, g in enumerate(groups) if len(g) >= escape[e] + 2]
    group_of = np.full((len(words), len(words[0])), -1, dtype=np.int32)
    filled = np.zeros(len(words), dtype=np.int64)
    for new, e in enumerate(kept):
        for s in groups[e]:
            group_of[s, filled[s]] = new
            filled[s] += 1
    return (np.ascontiguousarray(group_of[:, :max(1, int(filled.max()))]), escape[kept].astype(np.int64),
            np.ascontiguousarray(by_guess[kept]))


@njit(cache=True)
def group_needs(group_of, escape, counts, S, depth, binding):
    """Return -1 when S holds more secrets of one group than `depth` guesses can finish
    (k - (depth - 1) escape > 1); else the number of groups written to `binding` (rows of
    (group, need), at most its length) whose k secrets in S ask of any guess tried here an
    escape of at least `need` = k - 1 - (depth - 2) escape > 0 on the group: a guess that takes
    fewer out of the group leaves a bucket beyond the bound. `counts` is a zeroed scratch array,
    zeroed again on return."""
    width = group_of.shape[1]
    for s in S:
        for j in range(width):
            e = group_of[s, j]
            if e < 0:
                break
            counts[e] += 1
    found = 0
    for s in S:
        for j in range(width):
            e = group_of[s, j]
            if e < 0:
                break
            k = counts[e]
            if k == 0:
                continue  # (this group was read already)
            counts[e] = 0
            if found >= 0:
                if k - (depth - 1) * escape[e] > 1:
                    found = -1
                elif depth >= 3 and found < len(binding):
                    need = k - 1 - (depth - 2) * escape[e]
                    if need > 0:
                        binding[found, 0] = e
                        binding[found, 1] = need
                        found += 1
    return found


@njit(cache=True)
def group_part(group_of, S, e):
    """Return the secrets of S in group e, in S's order (sorted when S is)."""
    part = np.empty(len(S), dtype=S.dtype)
    k = 0
    for s in S:
        for j in range(group_of.shape[1]):
            if group_of[s, j] == e:
                part[k] = s
                k += 1
                break
            if group_of[s, j] < 0:
                break
    return part[:k]


@njit(cache=True)
def live_escape(scan, g, part, counts):
    """Return how many of `part` guess g puts outside its largest reply class on them (`counts`
    a zeroed scratch array, zeroed again on return)."""
    big = 0
    for s in part:
        r = scan[g, s]
        counts[r] += 1
        big = max(big, counts[r])
    for s in part:
        counts[scan[g, s]] = 0
    return len(part) - big
