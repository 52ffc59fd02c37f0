"""Bulls and Cows (codes of distinct digits) and jotto2 (the same reply on words of distinct
letters): the reply is B,C, bulls (right symbol, right place) then cows (common symbols
elsewhere). The reply is Mastermind's B,W (`TwoCountGame`); the words never repeat a symbol, so
the kernel counts common symbols with bitmasks."""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np

from wordguess.errors import WordError
from wordguess.games import kernels
from wordguess.games.base import LetterGame, repeated_symbols
from wordguess.games.mastermind import TwoCountGame
from wordguess.vocab import Word

MAX_CODES = 200_000  # the largest code set generated (5 of 10 digits is 30,240)


@dataclasses.dataclass(frozen=True)
class DistinctTwoCount(TwoCountGame):
    """A B,C game whose words have distinct symbols (the reply's kernel relies on it)."""

    reply_letters = "B,C"
    reply_words = "bulls then cows"

    def word_problem(self, word: Word) -> str | None:
        return super().word_problem(word) or repeated_symbols(self.fold(word))

    def _fill_matrix(self, guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
        kernels.bulls_matrix(guesses, secrets, self._reply_index, out)


@dataclasses.dataclass(frozen=True)
class Bulls(DistinctTwoCount):
    """Bulls and Cows: codes of `digits` distinct symbols from the first `symbols` digits 0-9
    (4 of 10: 5,040 codes); the reply is B,C."""

    name = "bulls"
    aliases = ("bulls-and-cows", "bc", "cows-and-bulls")
    title = "Bulls and Cows"
    word_noun, symbol_noun = "code", "digit"
    max_guesses = 10
    default_answers = "bulls"
    default_guesses = "bulls"
    symbol_symmetry = True
    open_vocabulary = True
    # --length and --pegs give the digits, --colours the symbols (the CLI's shared options).
    option_aliases = {"pegs": "digits", "length": "digits", "colours": "symbols", "colors": "symbols"}

    digits: int = 4  # positions in a code
    symbols: int = 10  # symbols, the digits 0..symbols-1

    def __post_init__(self) -> None:
        if not 1 <= self.symbols <= 10:
            raise WordError(f"symbols must be between 1 and 10 (the digits 0-9), not {self.symbols}")
        if not 1 <= self.digits <= self.symbols:
            raise WordError(f"digits must be between 1 and the {self.symbols} symbols (no digit repeats), "
                            f"not {self.digits}")

    @property
    def alphabet(self) -> str:
        return "0123456789"[: self.symbols]

    @property
    def length(self) -> int:
        return self.digits

    def generated_words(self) -> list[Word]:
        """Return every code of distinct symbols, in lexicographic order."""
        codes = itertools.permutations(self.alphabet, self.digits)
        words = ["".join(c) for c in itertools.islice(codes, MAX_CODES + 1)]
        if len(words) > MAX_CODES:
            raise WordError(f"Bulls and Cows with {self.digits} of {self.symbols} digits has more than "
                            f"{MAX_CODES:,} codes; at most {MAX_CODES:,} are supported")
        return words

    def symmetry_class(self, code: Word) -> tuple[int, ...]:
        """Return the one class every code belongs to: permuting the symbols maps any code of
        distinct symbols to any other, and the full code set and the replies onto themselves."""
        return (1,) * self.digits


@dataclasses.dataclass(frozen=True)
class Jotto2(DistinctTwoCount, LetterGame):
    """jotto2: Jotto with the two-number reply B,C on words of distinct letters (the classic
    rule: guesses too have distinct letters); anagrams are different words here."""

    name = "jotto2"
    aliases = ("jotto-bc", "jotto-bulls")
    title = "Jotto (bulls and cows)"
    max_guesses = 20
    default_answers = "jotto2"
    default_guesses = "jotto2-guesses"
