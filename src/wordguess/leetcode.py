"""LeetCode 843 "Guess the Word", as a drop-in: the problem's `Master` and a `Solution` whose
`findSecretWord` never fails when success is possible.

The reply to a guess is how many positions it shares with the secret (the `matches` game). The
solver plans: it only plays a guess after proving that every secret still possible can then be
found within the guesses left (a depth-limited search over candidate sets, memoised), so the
only games it can lose are those no strategy could win.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordguess.errors import WordguessError
from wordguess.games import get_game


class Master:
    """The judge of the problem statement: holds the secret and counts the calls to guess."""

    def __init__(self, wordlist: Sequence[str], secret: str, allowed_guesses: int = 10):
        words = list(wordlist)
        if secret not in words:
            raise WordguessError(f"the secret {secret!r} is not in the word list")
        if len({len(w) for w in words}) != 1:
            raise WordguessError("every word of the list must have the same length")
        self.wordlist = words  # the words the guesser may use
        self.secret = secret  # the word to find
        self.allowed_guesses = allowed_guesses  # calls allowed before the game is lost
        self.calls: list[str] = []  # every word passed to guess, in order
        self._words = set(words)

    def guess(self, word: str) -> int:
        """Return how many positions `word` shares with the secret, or -1 if it is not in the list.
        Every call counts towards the allowed guesses, as in the problem."""
        self.calls.append(word)
        if word not in self._words:
            return -1
        return sum(a == b for a, b in zip(word, self.secret, strict=True))

    @property
    def guesses_used(self) -> int:
        """Return how many times guess was called."""
        return len(self.calls)

    @property
    def solved(self) -> bool:
        """Return whether the secret was guessed within the allowed number of calls."""
        return self.secret in self.calls[: self.allowed_guesses]


def capacity(depth: int, length: int) -> int:
    """Return the most secrets any plan can surely find within `depth` guesses.

    Derivation: a guess finds at most one secret outright (itself) and splits the others by the
    reply 0..length-1 (the reply `length` means found), so N(1) = 1 and
    N(d) = 1 + length * N(d - 1). A set larger than N(d) cannot be solved in d guesses."""
    total = 0
    for _ in range(depth):
        total = 1 + length * total
    return total


class Planner:
    """Finds, for a candidate set and a number of guesses left, a guess after which every
    candidate is surely found in time (or proves there is none). Results are memoised."""

    def __init__(self, words: Sequence[str]):
        self.words = list(words)  # the list; guesses and candidates are its indices
        self.length = len(self.words[0])  # the reply `length` means the guess was the secret
        game = get_game("matches", length=self.length)
        self.matrix = game.pattern_matrix(self.words, self.words).astype(np.int64)
        self._memo: dict[tuple[bytes, int], int | None] = {}

    def order(self, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return every guess sorted by its largest unsolved bucket (then candidates first, then
        list order), with that largest bucket."""
        replies = self.matrix[:, candidates]  # (n_words, n_candidates)
        width = self.length + 1
        flat = (replies + width * np.arange(len(self.words))[:, None]).ravel()
        counts = np.bincount(flat, minlength=width * len(self.words)).reshape(len(self.words), width)
        largest = counts[:, : self.length].max(axis=1)  # the solved bucket (length) is not a risk
        is_candidate = np.zeros(len(self.words), dtype=bool)
        is_candidate[candidates] = True
        splits = (counts > 0).sum(axis=1) > 1
        useful = splits | is_candidate
        order = np.lexsort((np.arange(len(self.words)), ~is_candidate, largest))
        order = order[useful[order]]
        return order, largest[order]

    def plan(self, candidates: np.ndarray, left: int) -> int | None:
        """Return a guess after which every candidate is found within `left` guesses in all, or
        None when no such guess exists."""
        if len(candidates) == 1:
            return int(candidates[0])
        if left <= 1 or len(candidates) > capacity(left, self.length):
            return None
        key = (candidates.tobytes(), left)
        if key in self._memo:
            return self._memo[key]
        found = None
        limit = capacity(left - 1, self.length)
        guesses, largest = self.order(candidates)
        for guess, worst in zip(guesses, largest, strict=True):
            if worst > limit:
                break  # sorted by largest bucket: no later guess fits either
            if self.safe(int(guess), candidates, left):
                found = int(guess)
                break
        self._memo[key] = found
        return found

    def safe(self, guess: int, candidates: np.ndarray, left: int) -> bool:
        """Return whether every bucket of `guess` can be finished within left - 1 guesses."""
        replies = self.matrix[guess, candidates]
        for reply in np.unique(replies):
            if reply != self.length:
                bucket = candidates[replies == reply]
                # A bucket no larger than the guesses left is safe without search: guessing its
                # words one by one finds the secret, each guess removing at least itself.
                if len(bucket) > left - 1 and self.plan(bucket, left - 1) is None:
                    return False
        return True

    def fallback(self, candidates: np.ndarray) -> int:
        """Return the minimax guess: the smallest largest bucket (when no plan is certain)."""
        return int(self.order(candidates)[0][0])

    def choose(self, candidates: np.ndarray, left: int) -> int:
        """Return the planned guess, or the minimax one if success cannot be guaranteed."""
        planned = self.plan(candidates, left)
        return self.fallback(candidates) if planned is None else planned

    def tree(self, candidates: np.ndarray, left: int) -> dict | str:
        """Return the plan as a tree: {"guess": word, "branches": {reply: subtree}}; a bare
        word is the last guess."""
        if len(candidates) == 1:
            return self.words[int(candidates[0])]
        guess = self.choose(candidates, left)
        replies = self.matrix[guess, candidates]
        branches: dict[str, dict | str] = {}
        for reply in np.unique(replies):
            bucket = candidates[replies == reply]
            branches[str(int(reply))] = (self.words[guess] if reply == self.length
                                         else self.tree(bucket, left - 1))
        return {"guess": self.words[guess], "branches": branches}


def plan_tree(words: Sequence[str], allowed_guesses: int = 10) -> dict | str | None:
    """Return the solver's complete plan for a list (every secret is one leaf), or None when no
    plan can find every secret within the allowed guesses."""
    planner = Planner(words)
    everything = np.arange(len(planner.words))
    if planner.plan(everything, allowed_guesses) is None:
        return None
    return planner.tree(everything, allowed_guesses)


def tree_depths(tree: dict | str, depth: int = 1) -> dict[str, int]:
    """Return, for each secret of a plan tree, the guesses it takes."""
    if isinstance(tree, str):
        return {tree: depth}
    found: dict[str, int] = {}
    for reply, branch in tree["branches"].items():
        if isinstance(branch, str) and branch == tree["guess"] and reply == str(len(branch)):
            found[branch] = depth
        else:
            found.update(tree_depths(branch, depth + 1))
    return found


def worst_case_guesses(words: Sequence[str]) -> int:
    """Return the fewest guesses that surely find any secret of the list."""
    planner = Planner(words)
    everything = np.arange(len(planner.words))
    left = 1
    while planner.plan(everything, left) is None:
        left += 1
    return left


class Solution:
    """LeetCode's entry point."""

    def findSecretWord(self, wordlist: list[str], master) -> None:  # noqa: N802 - LeetCode's name
        """Find the secret by calling master.guess, within master's allowed guesses."""
        allowed = getattr(master, "allowed_guesses", 10)
        planner = Planner(wordlist)
        candidates = np.arange(len(planner.words))
        for used in range(allowed):
            guess = planner.choose(candidates, allowed - used)
            reply = master.guess(planner.words[guess])
            if reply == planner.length or reply < 0:
                return
            candidates = candidates[planner.matrix[guess, candidates] == reply]
            if len(candidates) == 0:
                return  # the master's replies contradict the list: nothing more to try

    find_secret_word = findSecretWord
