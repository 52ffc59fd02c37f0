"""Wordle and the games that share its rules: Termo (Portuguese, accents ignored) and Sutom
(French, any length, first letter revealed)."""

from __future__ import annotations

import dataclasses
import functools
import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from wordguess.errors import ReplyError, WordError
from wordguess.games import kernels
from wordguess.games.base import (
    ABSENT,
    ELSEWHERE,
    ENGLISH,
    MARK_TEXT,
    RIGHT,
    LetterGame,
    OptionPrompt,
    strip_accents,
)
from wordguess.games.languages import Language, get_language
from wordguess.vocab import Reply, ReplyText, Word

# A reply is the base-3 number of its marks (ABSENT, ELSEWHERE, RIGHT), first position most significant.
# Every accepted mark character: letters, digits, Termo's c/i/space, and the share-line squares
# (including the high-contrast orange and blue ones).
NOTATION = {
    "G": RIGHT, "g": RIGHT, "2": RIGHT, "c": RIGHT, "C": RIGHT, "🟩": RIGHT, "🟧": RIGHT,
    "Y": ELSEWHERE, "y": ELSEWHERE, "1": ELSEWHERE, "i": ELSEWHERE, "I": ELSEWHERE,
    "🟨": ELSEWHERE, "🟦": ELSEWHERE,
    ".": ABSENT, "-": ABSENT, "_": ABSENT, "0": ABSENT, " ": ABSENT, "⬛": ABSENT, "⬜": ABSENT,
}  # fmt: skip
TERMO_MARKS = set("cCiI ")


def wordle_marks(guess: str, secret: str) -> list[int]:
    """Return the mark of each position of `guess` on `secret`: greens first, then yellows left
    to right while the secret still has unmatched copies of that letter."""
    marks = [RIGHT if g == s else ABSENT for g, s in zip(guess, secret, strict=True)]
    unmatched = Counter(s for g, s in zip(guess, secret, strict=True) if g != s)
    for i, letter in enumerate(guess):
        if marks[i] == ABSENT and unmatched[letter] > 0:
            unmatched[letter] -= 1
            marks[i] = ELSEWHERE
    return marks


def encode_marks(marks: Sequence[int]) -> Reply:
    """Return the base-3 number of `marks`, first position most significant."""
    code = 0
    for mark in marks:
        code = code * 3 + mark
    return code


def decode_marks(reply: Reply, length: int) -> list[int]:
    """Return the `length` marks of an encoded reply."""
    marks = []
    for _ in range(length):
        reply, mark = divmod(reply, 3)
        marks.append(mark)
    return marks[::-1]


@dataclasses.dataclass(frozen=True)
class Wordle(LetterGame):
    """Wordle: G right place, Y elsewhere in the secret, . absent; duplicates as the real game."""

    name = "wordle"
    aliases = ("nyt", "lingo")
    title = "Wordle"
    has_hard_mode = True
    per_letter_marks = True
    notation: ClassVar[dict[str, int]] = NOTATION  # every accepted mark character -> its mark
    # The lengths with bundled lists: 5 the NYT's, every one SCOWL's (scowl-answers-N).
    lengths: ClassVar[range | None] = range(4, 12)
    asked_options = (OptionPrompt("length", "word length (4-11)", default=5, prompted=False),
                     OptionPrompt("language", "language (en, de, es, it, nl, sv, nb, pl, ca)", kind=str, default="en",
                                  prompted=False))

    # Whether --language picks its lists (Termo, Sutom and Nerdle have their own).
    offers_languages: ClassVar[bool] = True

    word_length: int | None = 5  # letters per word (None: fixed later by a list or secret)
    language: str = "en"  # the words' language (games/languages.py): its lists, letters and keyboard

    @classmethod
    def option_range(cls, option: str) -> range | None:
        if option == "length" and cls.lengths is not None:
            return cls.lengths  # English's (the picker's default language)
        return super().option_range(option)

    def __post_init__(self) -> None:
        language = get_language(self.language)
        object.__setattr__(self, "language", language.code)
        if language.code != "en" and not self.offers_languages:
            raise WordError(f"{self.name} is played in its own language; --language is for wordle")
        # The lengths it has lists for, checked first: the one range a player is told of.
        lengths = self.lengths if language.code == "en" else language.lengths
        if lengths is not None and self.word_length is not None and self.word_length not in lengths:
            accepted = f"{lengths.start} to {lengths.stop - 1}" if len(lengths) > 1 else lengths.start
            where = "" if language.code == "en" else f" in {language.english}"
            raise WordError(f"{self.name} words have {accepted} letters{where}, not {self.word_length}")
        super().__post_init__()

    @functools.cached_property
    def words_language(self) -> Language:
        return get_language(self.language)

    @property
    def options(self) -> dict:
        """Return the options as get_game keywords (English, the default language, left out: the
        keys of caches and shipped certificates stay what they were)."""
        options = super().options
        if options.get("language") == "en":
            del options["language"]
        return options

    @property
    def alphabet(self) -> str:
        return self.words_language.alphabet

    def keyboard(self) -> tuple[str, ...]:
        return self.words_language.keyboard if self.language != "en" else super().keyboard()

    def fold(self, word: Word) -> str:
        return super().fold(word) if self.language == "en" else self.words_language.fold(word)

    def display(self, word: Word) -> str:
        """Return `word` in capitals: in another language than English its spelling when it has
        one letter per tile (ÁRBOL), else the tiles' letters (KAESE)."""
        return super().display(word) if self.language == "en" else self.typed(unicodedata.normalize("NFC", word)).upper()

    def _bundled(self, kind: str) -> str:
        """Return the bundled list of this language and length: in English the NYT's for 5
        letters, else SCOWL's; in another language its dictionary's (kind: answers or guesses)."""
        if self.language != "en":
            return f"{self.language}-{kind}-{self.word_length or 5}"
        return f"wordle-{kind}" if self.word_length in (None, 5) else f"scowl-{kind}-{self.word_length}"

    @property
    def default_answers(self) -> str:
        """Return the answers of this language and length (the common words, see _bundled)."""
        return self._bundled("answers")

    @property
    def default_guesses(self) -> str:
        """Return the allowed guesses of this language and length (see _bundled)."""
        return self._bundled("guesses")

    @property
    def open_guesses(self) -> str:
        """Return the open world's allowed guesses: for 5 letters the NYT's list of today (the
        12,972 of 2022 and the 1,883 it added since, a superset of every bundled 5-letter list)."""
        return "wordle-guesses-nyt" if self.default_guesses == "wordle-guesses" else self.default_guesses

    @functools.cached_property
    def n_replies(self) -> int:
        return 3 ** self._need_length()

    @functools.cached_property
    def solved_reply(self) -> Reply:
        return self.n_replies - 1  # every position RIGHT: 22...2 in base 3

    def marks(self, guess: Word, secret: Word) -> list[int]:
        """Return the per-position marks of `guess` on `secret` (0 absent, 1 elsewhere, 2 right)."""
        return wordle_marks(*self._pair(guess, secret))

    def feedback(self, guess: Word, secret: Word) -> Reply:
        return encode_marks(self.marks(guess, secret))

    def format_reply(self, reply: Reply) -> ReplyText:
        marks = decode_marks(self._check_reply_code(reply), self._need_length())
        return "".join(MARK_TEXT[m] for m in marks)

    def letter_marks(self, reply: Reply) -> tuple[int, ...]:
        return tuple(decode_marks(self._check_reply_code(reply), self._need_length()))

    def reveal(self, reply: Reply) -> tuple[int, ...]:
        """Return (right-place marks, elsewhere marks)."""
        marks = decode_marks(self._check_reply_code(reply), self._need_length())
        return (marks.count(RIGHT), marks.count(ELSEWHERE))

    @property
    def reply_notations(self) -> str:
        return ("one mark per letter: G/2/c/🟩 right place, Y/1/i/🟨 elsewhere, "
                "./-/_/0/space/⬛/⬜ absent")

    def parse_reply(self, text: ReplyText) -> Reply:
        length = self._need_length()
        cleaned = text.replace("\ufe0f", "").rstrip("\n\r")
        if not set(cleaned) <= TERMO_MARKS:
            cleaned = cleaned.strip()
        elif cleaned.strip() and len(cleaned) < length:
            cleaned = cleaned.ljust(length)  # Termo notation: trailing spaces are invisible
        bad = sorted(set(cleaned) - set(self.notation))
        if bad:
            raise ReplyError(f"reply {text!r} has unknown marks {''.join(bad)!r}; use {self.reply_notations}")
        if len(cleaned) != length:
            raise ReplyError(f"reply {text!r} has {len(cleaned)} marks, expected {length}; use {self.reply_notations}")
        return encode_marks([self.notation[ch] for ch in cleaned])

    def encode_words(self, words: Sequence[Word]) -> np.ndarray:
        return kernels.letter_indices([self.fold(w) for w in words], self.alphabet)

    def _fill_matrix(self, guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
        kernels.wordle_matrix(guesses, secrets, out)

    def hard_mode_problem(self, guess: Word, reply: Reply, word: Word) -> str | None:
        """Return why `word` breaks hard mode after `guess` got `reply`, or None (the scalar
        rule: every green letter stays in place; every revealed letter is used at least as many
        times as it was revealed)."""
        g, w = self.fold(guess), self.fold(word)
        marks = decode_marks(reply, len(g))
        for k, mark in enumerate(marks):
            if mark == RIGHT and w[k] != g[k]:
                return f"letter {k + 1} must be {g[k].upper()}"
        needed = Counter(letter for letter, mark in zip(g, marks, strict=True) if mark != ABSENT)
        for letter, count in sorted(needed.items()):
            if w.count(letter) < count:
                times = f" {count} times" if count > 1 else ""
                return f"the guess must contain {letter.upper()}{times}"
        return None

    def hard_mode_allowed(self, guess: Word, reply: Reply, words: Sequence[Word]) -> np.ndarray:
        """Return a boolean array: which of `words` keep hard mode after `guess` got `reply`
        (the vectorised twin of hard_mode_problem)."""
        return self.hard_mode_mask(guess, reply, self.encode_words(words))

    def hard_mode_mask(self, guess: Word, reply: Reply, letters: np.ndarray) -> np.ndarray:
        """Return hard_mode_allowed for words given encoded (`encode_words`: a puzzle encodes
        its guesses once, Puzzle.guess_letters, in column order: each position's letters are
        contiguous, and the rule reads a position at a time)."""
        g = self.encode_words([guess])[0]
        marks = decode_marks(reply, len(g))
        columns = [letters[:, k] for k in range(letters.shape[1])]
        ok = np.ones(len(letters), dtype=bool)
        for k, mark in enumerate(marks):
            if mark == RIGHT:
                ok &= columns[k] == g[k]
        needed = Counter(int(letter) for letter, mark in zip(g, marks, strict=True) if mark != ABSENT)
        for letter, count in needed.items():
            times = np.zeros(len(letters), dtype=np.uint8)
            for column in columns:
                times += column == letter
            ok &= times >= count
        return ok


@dataclasses.dataclass(frozen=True)
class AccentedWordle(Wordle):
    """Wordle in a language with accents, as its own game (Termo, Sutom): words are compared
    with them removed (ação = acao) and shown as the list spells them; the bundled lists are
    named after the game, which has one language."""

    offers_languages = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.default_answers = cls.default_guesses = cls.name

    def fold(self, word: Word) -> str:
        return strip_accents(word.strip())


@dataclasses.dataclass(frozen=True)
class Termo(AccentedWordle):
    """Termo: Wordle on Portuguese words."""

    name = "termo"
    aliases = ("term.ooo", "pt", "portuguese")
    title = "Termo (pt-BR)"
    lengths = range(5, 6)
    asked_options = ()


@dataclasses.dataclass(frozen=True)
class Sutom(AccentedWordle):
    """Sutom/Motus: Wordle on French words of any length; the secret's first letter is shown."""

    name = "sutom"
    aliases = ("motus", "fr", "french")
    title = "Sutom (fr)"
    keyboard_rows = ("azertyuiop", "qsdfghjklm", "wxcvbn")  # the French keyboard, as Sutom's page has it
    lengths = None  # any, with a list of them (the bundled one has 4 to 12)
    least_length = 2  # the first letter is shown: a word of one would be given away
    # Sutom's own share squares: red is the right place, a yellow circle elsewhere, blue absent
    # (where Wordle's high-contrast blue means elsewhere).
    notation = {**NOTATION, "🟥": RIGHT, "🟡": ELSEWHERE, "🟦": ABSENT}
    share_squares = {"G": "🟥", "Y": "🟡", ".": "🟦"}
    asked_options = (OptionPrompt("length", "word length (6-9 in the real game)", hosted=6, required=True),
                     # The real game always shows it, and it keeps the pattern matrix small.
                     OptionPrompt("first", "first letter", kind=str))

    word_length: int | None = None  # letters per word; None until a secret or list fixes it
    first: str | None = None  # the revealed first letter, when known

    def word_problem(self, word: Word) -> str | None:
        problem = super().word_problem(word)
        if problem is None and self.first and not self.fold(word).startswith(self.first):
            problem = f"Sutom words here start with {self.first.upper()!r}"
        return problem

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.first is not None:
            first = strip_accents(self.first)
            if len(first) != 1 or first not in ENGLISH:
                raise WordError(f"the first letter must be one letter a-z, not {self.first!r}")
            object.__setattr__(self, "first", first)

    @property
    def reply_notations(self) -> str:
        return ("one mark per letter: G/2/🟥 right place, Y/1/🟡 elsewhere, "
                "./-/_/0/🟦/⬛ absent (Sutom's squares: red, yellow circle, blue)")

    def clue(self) -> str | None:
        return f"starting with {self.first.upper()}" if self.first else None

    def for_secret(self, secret: Word) -> Sutom:
        """Return the game as played on `secret`: its length and first letter revealed."""
        folded = self.fold(secret)
        if self.word_length is not None and len(folded) != self.word_length:
            raise WordError(f"the secret {secret!r} has {len(folded)} letters, not the {self.word_length} of --length")
        if self.first is not None and folded[:1] != self.first:
            raise WordError(f"the secret {secret!r} starts with {folded[:1]!r}, not the {self.first!r} of --first")
        return dataclasses.replace(self, word_length=len(folded), first=folded[0])

    def starting_candidates(self, words: Sequence[Word], secret: Word | None = None) -> list[Word]:
        game = self.for_secret(secret) if secret is not None else self
        return [w for w in words if game.word_problem(w) is None]

