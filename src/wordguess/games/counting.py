"""Games whose reply is one number: Jotto (letters in common) and LeetCode 843's matches
(positions in common)."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Iterable, Sequence

import numpy as np

from wordguess.errors import ReplyError, WordError
from wordguess.games import kernels
from wordguess.games.base import ENGLISH, LetterGame, repeated_symbols
from wordguess.vocab import Reply, ReplyText, Word


@dataclasses.dataclass(frozen=True)
class CountingGame(LetterGame):
    """A game whose reply is a count from 0 to the word length, written in decimal."""

    @functools.cached_property
    def n_replies(self) -> int:
        return self._need_length() + 1

    @functools.cached_property
    def solved_reply(self) -> Reply:
        return self._need_length()

    def reveal(self, reply: Reply) -> tuple[int, ...]:
        """Return the count."""
        return (self._check_reply_code(reply),)

    def format_reply(self, reply: Reply) -> ReplyText:
        return str(self._check_reply_code(reply))

    @property
    def reply_notations(self) -> str:
        top = self.length if self.length is not None else "the word length"
        return f"a whole number from 0 to {top}"

    def parse_reply(self, text: ReplyText) -> Reply:
        cleaned = text.strip()
        if not cleaned.isdecimal():
            raise ReplyError(f"reply {text!r} is not a number; use {self.reply_notations}")
        count = int(cleaned)
        if self.length is not None and count > self.length:
            raise ReplyError(f"reply {count} is above {self.length}; use {self.reply_notations}")
        return count


@dataclasses.dataclass(frozen=True)
class Jotto(CountingGame):
    """Jotto: the reply is how many distinct letters guess and secret share. Words have distinct
    letters, and a list keeps one word per anagram class, so only the secret itself scores the
    full length."""

    name = "jotto"
    aliases = ("lingo-jotto",)
    title = "Jotto"
    max_guesses = 20
    default_answers = "jotto"
    default_guesses = "jotto"

    def word_problem(self, word: Word) -> str | None:
        return super().word_problem(word) or repeated_symbols(self.fold(word))

    def prepare_words(self, words: Iterable[Word]) -> tuple[list[Word], list[tuple[Word, str]]]:
        """Keep one word per anagram class, the last one met (as the classic Jotto list does)."""
        kept, rejected = super().prepare_words(words)
        by_letters: dict[frozenset, Word] = {}
        for word in kept:
            letters = frozenset(self.fold(word))
            if letters in by_letters:
                rejected.append((by_letters[letters], f"an anagram of {word!r}, which is kept"))
            by_letters[letters] = word
        survivors = set(by_letters.values())
        return [w for w in kept if w in survivors], rejected

    def feedback(self, guess: Word, secret: Word) -> Reply:
        g, s = self._pair(guess, secret)
        return len(set(g) & set(s))

    def encode_words(self, words: Sequence[Word]) -> np.ndarray:
        letters = kernels.letter_indices([self.fold(w) for w in words], self.alphabet)
        return np.bitwise_or.reduce(np.left_shift(np.uint32(1), letters.astype(np.uint32)), axis=1,
                                    initial=np.uint32(0)).astype(np.uint32)

    def _fill_matrix(self, guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
        kernels.jotto_matrix(guesses, secrets, out)


@dataclasses.dataclass(frozen=True)
class Matches(CountingGame):
    """LeetCode 843 "Guess the Word": the reply is how many positions guess and secret share."""

    name = "matches"
    aliases = ("leetcode", "leetcode-843", "guess-the-word", "843")
    title = 'LeetCode 843 "Guess the Word"'
    max_guesses = 10
    default_answers = "leetcode"  # generated: random words, as the problem's tests draw them
    default_guesses = None  # the answers: the problem's guesses come from its word list
    open_vocabulary = True
    listed_guesses_only = True  # the judge answers -1 to a word outside the list

    word_length: int | None = None  # any length; fixed by the word list (generated lists: 6)

    def generated_words(self) -> list[Word]:
        """Return the statement's kind of list: 100 distinct random words of the word length
        (6 unless set), seeded so the list is the same every time."""
        rng = random.Random(843)
        length = self.word_length or 6
        if len(ENGLISH) ** length < 200:
            raise WordError(f"{length}-letter words are too few for a random list of 100")
        words: dict[str, None] = {}
        while len(words) < 100:
            words.setdefault("".join(rng.choice(ENGLISH) for _ in range(length)))
        return list(words)

    def feedback(self, guess: Word, secret: Word) -> Reply:
        g, s = self._pair(guess, secret)
        return sum(a == b for a, b in zip(g, s, strict=True))

    def encode_words(self, words: Sequence[Word]) -> np.ndarray:
        return kernels.letter_indices([self.fold(w) for w in words], self.alphabet)

    def _fill_matrix(self, guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
        kernels.matches_matrix(guesses, secrets, out)
