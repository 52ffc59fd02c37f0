"""The LeetCode 843 planner: a depth-limited feasibility search over candidate sets that proves,
before each guess, that every remaining candidate is found within the guesses left. It plays on
an engine Puzzle (the `matches` game, the list as both answers and guesses), so it splits,
narrows and builds trees with the engine's own pieces."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from numba import njit

from wordguess.engine.kernels import split
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.optimal.bounds import capacity
from wordguess.trees.build import grow_tree
from wordguess.trees.tree import Tree
from wordguess.vocab import Word

ALLOWED_GUESSES = 10  # the statement's limit, used when the master does not say


@njit(cache=True)
def _rank_guesses(matrix, candidates, solved):
    """Return (the useful guesses, best first: smallest largest unsolved bucket, then candidates,
    then list order; the largest unsolved bucket of each; the most unsolved replies any guess
    gets). A guess is useful when it is a candidate or splits the candidates."""
    n_words = matrix.shape[0]
    is_candidate = np.zeros(n_words, dtype=np.bool_)
    for c in candidates:
        is_candidate[c] = True
    counts = np.zeros(solved + 1, dtype=np.int64)
    keys = np.empty(n_words, dtype=np.int64)
    n_useful = 0
    branching = 0
    for g in range(n_words):
        counts[:] = 0
        for c in candidates:
            counts[matrix[g, c]] += 1
        largest = 0
        unsolved = 0
        for reply in range(solved):
            if counts[reply] > 0:
                unsolved += 1
                largest = max(largest, counts[reply])
        branching = max(branching, unsolved)
        # A guess outside the candidates that leaves them all in one bucket only spends a guess.
        if is_candidate[g] or unsolved > 1:
            # One sort key orders by largest bucket, then candidates first, then list order.
            keys[n_useful] = (2 * largest + (0 if is_candidate[g] else 1)) * n_words + g
            n_useful += 1
    keys = np.sort(keys[:n_useful])
    return keys % n_words, keys // n_words // 2, branching


@dataclasses.dataclass(slots=True)
class Proof:
    """What the search has shown about one candidate set."""

    infeasible_within: int = 0  # no strategy solves the set within this many guesses (or fewer)
    feasible_within: int | None = None  # `guess` surely solves it within this many guesses
    guess: int = -1  # the first guess of that plan


class Planner:
    """The feasibility search over one word list. Candidate sets are ascending int32 arrays of
    word indices; a guess is a word index. Proofs are memoised on the set, for this planner's life
    only (one LeetCode call)."""

    def __init__(self, words: Sequence[Word]):
        self.words = list(dict.fromkeys(words))  # the list, once each; guesses come from it
        length = len(self.words[0]) if self.words else 0
        self.solved = length  # the reply meaning the guess was the secret
        # Answers and guesses are both the list, so a word's index is the same in each.
        self.puzzle = Puzzle(get_game("matches", length=max(length, 1)), self.words, self.words, store=None)
        self.matrix = self.puzzle.matrix  # [guess, secret] -> reply
        self._proofs: dict[bytes, Proof] = {}

    def everything(self) -> np.ndarray:
        """Return the candidate set of every word."""
        return np.arange(len(self.words), dtype=np.int32)

    def plan(self, candidates: np.ndarray, left: int) -> int | None:
        """Return a guess after which every candidate is surely found within `left` guesses in
        all (this one included), or None when no strategy can do that.

        Complete: every useful guess is tried (best minimax first, so the first usually
        succeeds), and only bounds that hold for every strategy cut the search."""
        if len(candidates) == 1 and left >= 1:
            return int(candidates[0])
        if left <= 1:
            return None  # one guess finds at most one secret, and there are several
        key = candidates.tobytes()
        proof = self._proofs.get(key)
        if proof is None:
            proof = self._proofs[key] = Proof()
        if left <= proof.infeasible_within:
            return None
        if proof.feasible_within is not None and left >= proof.feasible_within:
            return proof.guess  # a plan within fewer guesses is one within more
        guesses, largest, branching = _rank_guesses(self.matrix, candidates, self.solved)
        found = None
        if len(candidates) <= capacity(left, branching):
            limit = capacity(left - 1, branching)
            for guess, worst in zip(guesses.tolist(), largest.tolist(), strict=True):
                if worst > limit:
                    break  # sorted by largest bucket: no later guess fits either
                # A bucket no larger than the guesses left after this one is safe without search:
                # guessing its words one by one finds the secret, each guess removing itself.
                if worst <= left - 1 or self._safe(guess, candidates, left):
                    found = guess
                    break
        if found is None:
            proof.infeasible_within = left
        else:
            proof.feasible_within, proof.guess = left, found
        return found

    def _safe(self, guess: int, candidates: np.ndarray, left: int) -> bool:
        """Return whether every unsolved bucket of `guess` can be solved within left - 1 guesses."""
        grouped, starts, sizes = split(self.matrix[guess], candidates, self.solved + 1)
        sizes[self.solved] = 0  # the solved bucket needs nothing more
        # Largest buckets first: they are the likeliest to fail, which ends the check early.
        for reply in np.argsort(-sizes, kind="stable").tolist():
            if sizes[reply] <= left - 1:
                break  # this bucket and every later one is small enough to guess word by word
            bucket = grouped[starts[reply]: starts[reply + 1]]
            if self.plan(bucket, left - 1) is None:
                return False
        return True

    def minimax(self, candidates: np.ndarray) -> int:
        """Return the minimax guess: the smallest largest bucket, then a candidate, then the
        first in list order."""
        return int(_rank_guesses(self.matrix, candidates, self.solved)[0][0])

    def choose(self, candidates: np.ndarray, left: int) -> int:
        """Return the planned guess, or the minimax guess when no plan is sure to succeed."""
        planned = self.plan(candidates, left)
        return self.minimax(candidates) if planned is None else planned

    def tree(self, candidates: np.ndarray, left: int) -> Tree:
        """Return the tree of the solver's play on `candidates` with `left` guesses (planned where
        a plan exists, minimax elsewhere), whose leaves may be deeper than `left`."""
        return grow_tree(self.puzzle, candidates, left, self.choose, lambda left, guess, reply: left - 1)


def plan_tree(words: Sequence[Word], allowed_guesses: int = ALLOWED_GUESSES) -> Tree | None:
    """Return the solver's guess tree for the list, every leaf within `allowed_guesses`, or None
    when no strategy at all finds every secret within that many guesses."""
    planner = Planner(words)
    if not planner.words or planner.plan(planner.everything(), allowed_guesses) is None:
        return None
    return planner.tree(planner.everything(), allowed_guesses)


def worst_case_guesses(words: Sequence[Word]) -> int:
    """Return the fewest guesses that surely find any secret of the list (the optimal worst
    case, which the solver achieves whenever it is given at least that many)."""
    planner = Planner(words)
    left = 1
    while planner.plan(planner.everything(), left) is None:
        left += 1
    return left
