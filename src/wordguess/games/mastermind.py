"""Games whose reply is two counts B,W: Mastermind (codes of P pegs in C colours, written as digit
strings such as '1122'); Bulls and Cows and jotto2 (games/bulls.py) share the reply."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from wordguess.errors import ReplyError, WordError
from wordguess.games import kernels
from wordguess.games.base import Game, OptionPrompt
from wordguess.vocab import Reply, ReplyText, Word

PEGS, COLOURS = range(1, 13), range(1, 10)  # the colours are written as the digits 1..9
MAX_CODES = 200_000  # the largest code set generated (5 pegs in 9 colours is 59,049)
REPLY_PATTERN = re.compile(r"^\s*(\d+)\s*[,;/ ]\s*(\d+)\s*$|^\s*(\d)(\d)\s*$")


@dataclasses.dataclass(frozen=True)
class TwoCountGame(Game):
    """A game whose reply is two counts B,W: B symbols right in the right place, W more symbols
    in common elsewhere (counted with multiplicity). Replies are encoded in the order of
    `replies`; (length - 1, 1) cannot happen."""

    reply_letters: ClassVar[str] = "B,W"  # the reply's notation, for messages
    reply_words: ClassVar[str] = "black then white pegs"  # what the two counts are

    def display(self, word: Word) -> str:
        """Codes are shown as typed: digits have no case."""
        return word

    @functools.cached_property
    def replies(self) -> tuple[tuple[int, int], ...]:
        """Return every possible (B, W) reply in encoding order."""
        p = self._need_length()
        return tuple((b, w) for b in range(p + 1) for w in range(p + 1 - b)
                     if not (b == p - 1 and w == 1))

    @functools.cached_property
    def _reply_index(self) -> np.ndarray:
        p = self._need_length()
        index = np.zeros((p + 1) ** 2, dtype=np.int64)
        for code, (b, w) in enumerate(self.replies):
            index[b * (p + 1) + w] = code
        return index

    @functools.cached_property
    def n_replies(self) -> int:
        return len(self.replies)

    @functools.cached_property
    def solved_reply(self) -> Reply:
        return self.replies.index((self._need_length(), 0))

    def feedback(self, guess: Word, secret: Word) -> Reply:
        g, s = self._pair(guess, secret)
        black = sum(a == b for a, b in zip(g, s, strict=True))
        common = sum((Counter(g) & Counter(s)).values())
        return self.replies.index((black, common - black))

    def reveal(self, reply: Reply) -> tuple[int, ...]:
        """Return (B, W)."""
        return self.replies[self._check_reply_code(reply)]

    def format_reply(self, reply: Reply) -> ReplyText:
        b, w = self.replies[self._check_reply_code(reply)]
        return f"{b},{w}"

    @property
    def reply_notations(self) -> str:
        top = self.length if self.length is not None else "the length"
        total = self.reply_letters.replace(",", "+")
        return f"{self.reply_letters}: {self.reply_words}, e.g. 1,2 ({total} at most {top})"

    def parse_reply(self, text: ReplyText) -> Reply:
        match = REPLY_PATTERN.match(text)
        if not match:
            raise ReplyError(f"reply {text!r} is malformed; use {self.reply_notations}")
        b, w = (int(x) for x in (match.group(1, 2) if match.group(1) else match.group(3, 4)))
        if (b, w) not in self.replies:
            why = (f"with {b} in place, the one {self.symbol_noun} left cannot be in the code but out of place"
                   if self.length is not None and (b, w) == (self.length - 1, 1) and b + w <= self.length
                   else f"{b}+{w} is more than {self.length} positions")
            raise ReplyError(f"reply {b},{w} is impossible: {why}; use {self.reply_notations}")
        return self.replies.index((b, w))

    def encode_words(self, words: Sequence[Word]) -> np.ndarray:
        return kernels.letter_indices([self.fold(w) for w in words], self.alphabet)


@dataclasses.dataclass(frozen=True)
class Mastermind(TwoCountGame):
    """Mastermind: the reply is B,W: B pegs of the right colour in the right place, W more pegs
    of a right colour in the wrong place."""

    name = "mastermind"
    aliases = ("mm", "bulls-and-cows-colours")
    title = "Mastermind"
    word_noun, symbol_noun = "code", "peg"
    max_guesses = 10
    default_answers = "mastermind"
    default_guesses = "mastermind"
    symbol_symmetry = True
    open_vocabulary = True
    option_aliases = {"colors": "colours"}
    asked_options = (OptionPrompt("pegs", "pegs", default=4), OptionPrompt("colours", "colours", default=6))

    pegs: int = 4  # positions in a code
    colours: int = 6  # colours, written as the digits 1..colours

    def __post_init__(self) -> None:
        if self.pegs not in PEGS:
            raise WordError(f"pegs must be between {PEGS.start} and {PEGS.stop - 1}, not {self.pegs}")
        if self.colours not in COLOURS:
            raise WordError(f"colours must be between {COLOURS.start} and {COLOURS.stop - 1} (written as digits), "
                            f"not {self.colours}")

    @classmethod
    def option_range(cls, option: str) -> range | None:
        return {"pegs": PEGS, "colours": COLOURS}.get(option)

    @property
    def alphabet(self) -> str:
        return "123456789"[: self.colours]

    @property
    def length(self) -> int:
        return self.pegs

    def generated_words(self) -> list[Word]:
        count = self.colours ** self.pegs
        if count > MAX_CODES:
            raise WordError(f"Mastermind with {self.pegs} pegs and {self.colours} colours has {count:,} codes; "
                            f"at most {MAX_CODES:,} are supported (the work grows with the square)")
        return ["".join(c) for c in itertools.product(self.alphabet, repeat=self.pegs)]

    def symmetry_class(self, code: Word) -> tuple[int, ...]:
        """Return what a code keeps under every permutation of the colours and of the pegs (its
        colour multiplicities, largest first). Over the full code set these permutations map
        codes to codes and replies to the same replies, so two first guesses of one class lead
        to trees of equal cost."""
        return tuple(sorted(Counter(self.fold(code)).values(), reverse=True))

    def _fill_matrix(self, guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
        kernels.mastermind_matrix(guesses, secrets, self.colours, self._reply_index, out)
