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

from collections.abc import Sequence

from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.leetcode.planner import (
    ALLOWED_GUESSES,
    Planner,
    capacity,
    plan_tree,
    worst_case_guesses,
)
from wordguess.vocab import Guess, Reply, Secret, Word


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
            candidates = planner.puzzle.narrow(candidates, guess, reply)
            if len(candidates) == 0:
                return  # the replies contradict the list, so no word of it can be the secret

    find_secret_word = findSecretWord


__all__ = ["ALLOWED_GUESSES", "Master", "MasterError", "Planner", "Solution", "capacity", "plan_tree",
           "worst_case_guesses"]
