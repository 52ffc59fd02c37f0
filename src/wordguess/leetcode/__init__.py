"""LeetCode 843 "Guess the Word" as a drop-in: the statement's `Master` (the judge) and a
`Solution` whose `findSecretWord` never loses a game that some strategy could win.

The reply to a guess is how many positions it shares with the secret (the `matches` game); the
reply equal to the word length means the guess was the secret. The published minimax solution
loses about one game in 100,000 on the statement's lists. This solver plans instead: before each
guess it proves that every secret still possible can then be found within the guesses left (a
depth-limited feasibility search over candidate sets, memoised per call), and only when no such
guess exists does it fall back to minimax. So it loses only games that no strategy could win.

    master = Master(wordlist, secret)            # allowed_guesses=10, as in the statement
    Solution().findSecretWord(wordlist, master)
    assert master.solved
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from numba import njit

from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.trees.tree import Node, Tree
from wordguess.vocab import Guess, Reply, Secret, Word

ALLOWED_GUESSES = 10  # the statement's limit, used when the master does not say


class MasterError(WordguessError):
    """A Master was set up with a game that cannot be played: a secret outside the word list,
    words of several lengths, a repeated word, or no guesses allowed."""


class Master:
    """The judge of the problem statement: holds the secret, answers guesses, records them."""

    def __init__(self, wordlist: Sequence[Word], secret: Secret, allowed_guesses: int = ALLOWED_GUESSES):
        words = list(wordlist)
        lengths = sorted({len(w) for w in words})
        if len(lengths) > 1:
            raise MasterError(f"the words must all have one length, not {lengths}")
        if len(set(words)) != len(words):
            repeated = next(w for i, w in enumerate(words) if w in words[:i])
            raise MasterError(f"the word list must hold unique words; {repeated!r} is repeated")
        if secret not in words:
            raise MasterError(f"the secret {secret!r} is not in the word list")
        if allowed_guesses < 1:
            raise MasterError(f"allowed_guesses must be at least 1, not {allowed_guesses}")
        self.wordlist = words  # the words a guess may be
        self.secret = secret  # the word to find
        self.allowed_guesses = allowed_guesses  # calls to guess allowed in a won game
        self.calls: list[Guess] = []  # every word passed to guess, in order, -1 replies included
        self._listed = frozenset(words)
        self._game = get_game("matches", length=len(secret))

    def guess(self, word: Guess) -> Reply:
        """Return how many positions `word` shares with the secret, or -1 if it is not in the
        word list; either way the call is recorded and counts towards the allowed guesses."""
        self.calls.append(word)
        if word not in self._listed:
            return -1
        return self._game.feedback(word, self.secret)

    @property
    def guesses_used(self) -> int:
        """Return how many times guess has been called."""
        return len(self.calls)

    @property
    def solved(self) -> bool:
        """Return whether the game is won as the statement judges it: no more calls than allowed,
        and one of them was the secret."""
        return self.guesses_used <= self.allowed_guesses and self.secret in self.calls


def capacity(depth: int, branching: int) -> int:
    """Return the most secrets any strategy can surely find within `depth` guesses when no guess
    gets more than `branching` different replies other than the solved one.

    Derivation: a guess finds at most one secret outright (itself, with the solved reply); every
    other secret goes on, with the guesses left, into the bucket of its reply, and there are at
    most `branching` such buckets. So N(0) = 0 and N(d) = 1 + branching * N(d - 1), that is d
    when branching is 1 and (branching**d - 1) / (branching - 1) when it is more. A candidate set
    larger than N(d) cannot be solved in d guesses. Replies of a subset are replies of the set, so
    a set's branching also bounds every subset below it."""
    if branching <= 1:
        return min(depth, 1) if branching == 0 else depth
    # From 64 guesses on, N(d) >= 2**64 - 1 exceeds any word list, so the exponent is capped.
    return (branching ** min(depth, 64) - 1) // (branching - 1)


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


@njit(cache=True)
def _split(row, candidates, n_replies):
    """Return (the candidates grouped by their reply in `row`, list order kept in each bucket;
    the bucket sizes by reply; where each reply's bucket starts in the grouping)."""
    sizes = np.zeros(n_replies, dtype=np.int64)
    for c in candidates:
        sizes[row[c]] += 1
    starts = np.zeros(n_replies, dtype=np.int64)
    for reply in range(1, n_replies):
        starts[reply] = starts[reply - 1] + sizes[reply - 1]
    grouped = np.empty_like(candidates)
    fill = starts.copy()
    for c in candidates:
        grouped[fill[row[c]]] = c
        fill[row[c]] += 1
    return grouped, sizes, starts


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
        game = get_game("matches", length=length)
        self.matrix = game.pattern_matrix(self.words, self.words)  # [guess, secret] -> reply
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
        grouped, sizes, starts = _split(self.matrix[guess], candidates, self.solved + 1)
        sizes[self.solved] = 0  # the solved bucket needs nothing more
        # Largest buckets first: they are the likeliest to fail, which ends the check early.
        for reply in np.argsort(-sizes, kind="stable").tolist():
            if sizes[reply] <= left - 1:
                break  # this bucket and every later one is small enough to guess word by word
            bucket = grouped[starts[reply]: starts[reply] + sizes[reply]]
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

    def narrow(self, candidates: np.ndarray, guess: int, reply: Reply) -> np.ndarray:
        """Return the candidates that give `reply` to `guess`."""
        return candidates[self.matrix[guess, candidates] == reply]

    def tree(self, candidates: np.ndarray, left: int) -> Tree:
        """Return the tree of the solver's play on `candidates` with `left` guesses (planned where
        a plan exists, minimax elsewhere), whose leaves may be deeper than `left`."""
        if len(candidates) == 1:
            return self.words[int(candidates[0])]
        guess = self.choose(candidates, left)
        grouped, sizes, starts = _split(self.matrix[guess], candidates, self.solved + 1)
        branches: dict[Reply, Tree] = {}
        for reply in np.flatnonzero(sizes).tolist():
            bucket = grouped[starts[reply]: starts[reply] + sizes[reply]]
            branches[reply] = (self.words[guess] if reply == self.solved
                               else self.tree(bucket, left - 1))
        return Node(self.words[guess], len(candidates), branches)


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


class Solution:
    """LeetCode's entry point."""

    def findSecretWord(self, wordlist: list[Word], master) -> None:
        """Return nothing, having found the secret by calling master.guess within the master's
        allowed guesses whenever any strategy could (guessing only words of the list)."""
        allowed = getattr(master, "allowed_guesses", ALLOWED_GUESSES)
        if not wordlist:
            return
        planner = Planner(wordlist)
        candidates = planner.everything()
        for used in range(allowed):
            guess = planner.choose(candidates, allowed - used)
            reply = master.guess(planner.words[guess])
            if reply == planner.solved or reply < 0:
                return
            candidates = planner.narrow(candidates, guess, reply)
            if len(candidates) == 0:
                return  # the replies contradict the list, so no word of it can be the secret

    find_secret_word = findSecretWord
