"""The `Game` interface: the rules of one feedback game, never the state of a play.

A game's pure `feedback(guess, secret)` is the specification. Its `pattern_matrix` computes the
same replies for many pairs at once with a numba kernel, and the tests check the two agree.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import ClassVar

import numpy as np

from wordguess.errors import ReplyError, WordError, WordguessError
from wordguess.games import kernels
from wordguess.vocab import Reply, ReplyText, Word

ABSENT, ELSEWHERE, RIGHT = 0, 1, 2  # the mark of one position in a per-letter reply
MARK_TEXT = {ABSENT: ".", ELSEWHERE: "Y", RIGHT: "G"}  # each mark's canonical character
SHARE_SQUARES = {"G": "🟩", "Y": "🟨", ".": "⬛"}  # the squares a share text draws each mark with


def strip_accents(text: str) -> str:
    """Return `text` without diacritics (ação -> acao, œ -> oe), lower-cased."""
    text = text.lower()
    if text.isascii():  # (most words: nothing to strip)
        return text
    text = text.replace("œ", "oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def repeated_symbols(word: str) -> str | None:
    """Return why `word` repeats a symbol (which ones), or None when its symbols are distinct."""
    repeated = sorted({ch for ch in word if word.count(ch) > 1})
    return f"{''.join(repeated)!r} repeated: every letter must differ" if repeated else None


def reply_dtype(n_replies: int) -> np.dtype:
    """Return the smallest unsigned integer dtype that holds every encoded reply."""
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if n_replies <= np.iinfo(dtype).max + 1:
            return np.dtype(dtype)
    raise WordError(f"{n_replies} different replies do not fit in 64 bits: the words are too long")


@dataclasses.dataclass(frozen=True)
class OptionPrompt:
    """An option an interactive session asks for when it was not given (Sutom's length)."""

    option: str  # the get_game keyword
    question: str  # what the session asks
    kind: type = int  # int or str: how the answer is read
    default: object = None  # what an empty answer means (None: an answer is needed)
    hosted: object = None  # what `play` uses when the option was not given (None: ask or refuse)
    required: bool = False  # whether a session that cannot ask refuses to start without it
    # Whether a terminal session asks for it when not given (False: the command line's --option
    # sets it and the web picker offers it, with the default otherwise: Wordle's length).
    prompted: bool = True


@dataclasses.dataclass(frozen=True)
class Game(ABC):
    """The rules of a game; subclasses are frozen dataclasses whose fields are the options."""

    name: ClassVar[str]  # the registry name, e.g. 'wordle'
    aliases: ClassVar[tuple[str, ...]] = ()  # other names accepted by get_game
    title: ClassVar[str]  # a human name for listings
    max_guesses: ClassVar[int] = 6  # the real game's limit of guesses per game
    default_answers: ClassVar[str]  # the bundled list of secrets, by name
    default_guesses: ClassVar[str | None]  # the bundled list of allowed guesses (None: the answers)

    @property
    def open_guesses(self) -> str | None:
        """Return the allowed guesses of the open world (today's game): every word it may take
        as a guess or a secret. The closed world's list unless the game has a newer one."""
        return self.default_guesses

    # --- capabilities, each with the default most games have -----------------------------
    has_hard_mode: ClassVar[bool] = False  # whether hard mode (hard_mode_problem/allowed) exists
    per_letter_marks: ClassVar[bool] = False  # whether replies mark each letter (see tile_marks)
    # Whether renaming the symbols (and permuting positions) maps the game's full generated word
    # set onto itself with the same replies (Mastermind's colours): see symmetry_class.
    symbol_symmetry: ClassVar[bool] = False
    asked_options: ClassVar[tuple[OptionPrompt, ...]] = ()  # what a session asks when not given
    # Whether every word of the alphabet and length is a word of the game, listed or not
    # (Mastermind's codes; LeetCode's lists are the judge's own): `feedback` needs no list.
    open_vocabulary: ClassVar[bool] = False
    # Whether a guess must be a word of the game's list (LeetCode's judge refuses any other):
    # else a well-formed word in no list is taken as played (play.session.admitted).
    listed_guesses_only: ClassVar[bool] = False
    # Whether the host may show a reply other than the true one (Fibble: one tile lies), so a
    # shown reply stands for several true ones (see truths).
    lies: ClassVar[bool] = False
    # Other names get_game accepts for the options, {alias: field} (LetterGame's `length`).
    option_aliases: ClassVar[dict[str, str]] = {}
    # What its words and their symbols are called ("guess the 8-symbol equation").
    word_noun: ClassVar[str] = "word"
    symbol_noun: ClassVar[str] = "letter"
    # The keyboard its players know, row by row (None: the alphabet in one row).
    keyboard_rows: ClassVar[tuple[str, ...] | None] = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
    # The squares its share text draws each mark (G, Y, .) with: the NYT's, unless the game has its own.
    share_squares: ClassVar[dict[str, str]] = SHARE_SQUARES

    def word_text(self, plural: bool = False) -> str:
        """Return what one word of the game is, e.g. "5-letter word", "8-symbol equation"."""
        return f"{self.length}-{self.symbol_noun} {self.word_noun}{'s' if plural else ''}"

    def keyboard(self) -> tuple[str, ...]:
        """Return the keyboard's rows: the game's layout when it holds the whole alphabet, else
        the alphabet in one row."""
        rows = self.keyboard_rows
        return rows if rows is not None and set(self.alphabet) <= set("".join(rows)) else (self.alphabet,)

    # --- size -------------------------------------------------------------------------------
    @property
    @abstractmethod
    def alphabet(self) -> str:
        """Return the letters a folded word may use."""

    @property
    @abstractmethod
    def length(self) -> int | None:
        """Return the word length, or None when the game accepts any (fixed later by `sized`)."""

    def sized(self, length: int) -> Game:
        """Return this game with its word length fixed to `length`."""
        if self.length is not None and self.length != length:
            raise WordError(f"{self.name} words have {self.length} letters, not {length}")
        return self

    def fitted(self, words: Sequence[Word]) -> Game:
        """Return this game sized to the (common) length of `words`."""
        lengths = {len(self.fold(w)) for w in words}
        if len(lengths) > 1:
            raise WordError(f"{self.name}: words of several lengths {sorted(lengths)}; use one length")
        return self.sized(lengths.pop()) if lengths else self

    def _need_length(self) -> int:
        if self.length is None:
            raise WordError(f"{self.name} needs a word length here: get_game({self.name!r}, length=N)")
        return self.length

    @property
    @abstractmethod
    def n_replies(self) -> int:
        """Return the number of distinct encoded replies (the encoding is 0..n_replies-1)."""

    @property
    @abstractmethod
    def solved_reply(self) -> Reply:
        """Return the reply that means the guess is the secret."""

    @property
    def options(self) -> dict:
        """Return the game's options as keywords for get_game."""
        return dataclasses.asdict(self)

    @classmethod
    def option_range(cls, option: str) -> range | None:
        """Return the whole numbers an asked option (`asked_options`) takes, as the game's own
        check accepts them (the web picker's bounds); None when it is not a number or has none."""
        return None

    @property
    def key(self) -> str:
        """Return a string that identifies these rules (name and options), for caches."""
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.name}({opts})"

    # --- words ------------------------------------------------------------------------------
    def fold(self, word: Word) -> str:
        """Return the form of `word` that feedback compares: stripped and lower-cased."""
        return word.strip().lower()

    def display(self, word: Word) -> str:
        """Return `word` as shown to a player."""
        return word.upper()

    def typed(self, word: Word) -> str:
        """Return `word` as it is typed a symbol per tile: its spelling, or its folded form when
        the spelling has another length (German KÄSE is typed KAESE)."""
        word = word.strip()
        folded = self.fold(word)
        return word if len(folded) == len(word) else folded

    def word_problem(self, word: Word) -> str | None:
        """Return why `word` cannot be played in this game, or None when it can."""
        folded = self.fold(word)
        if self.length is not None and len(folded) != self.length:
            count = f"{len(folded)} {self.symbol_noun}{'' if len(folded) == 1 else 's'}"
            return f"{count}, {self.name} {self.word_noun}s have {self.length}"
        alphabet = self.alphabet
        bad = sorted({ch for ch in folded if ch not in alphabet})
        if bad:
            return f"letters {''.join(bad)!r} are not in the alphabet {self.alphabet!r}"
        return None

    def check_word(self, word: Word) -> str:
        """Return the folded `word`, or raise WordError saying why it is not valid."""
        problem = self.word_problem(word)
        if problem:
            raise WordError(f"{word!r} is not a valid {self.name} {self.word_noun}: {problem}")
        return self.fold(word)

    def prepare_words(self, words: Iterable[Word]) -> tuple[list[Word], list[tuple[Word, str]]]:
        """Return (the playable words, first spelling of each folded form kept, in order;
        the rejected words with the reason for each)."""
        kept: dict[str, Word] = {}
        rejected: list[tuple[Word, str]] = []
        for word in words:
            problem = self.word_problem(word)
            if problem:
                rejected.append((word, problem))
            else:
                kept.setdefault(self.fold(word), word)
        return list(kept.values()), rejected

    def starting_candidates(self, words: Sequence[Word], secret: Word | None = None) -> list[Word]:
        """Return the secrets possible before the first guess (the revealed clues applied)."""
        return list(words)

    def for_secret(self, secret: Word) -> Game:
        """Return the game as played on `secret`, with what the host reveals before the first
        guess fixed in its options (Sutom's length and first letter; most games reveal nothing)."""
        return self

    def generated_words(self) -> list[Word] | None:
        """Return the game's full word list when it is generated rather than read (Mastermind)."""
        return None

    # --- replies ----------------------------------------------------------------------------
    @abstractmethod
    def feedback(self, guess: Word, secret: Word) -> Reply:
        """Return the encoded reply to `guess` when the secret is `secret` (the specification)."""

    @abstractmethod
    def format_reply(self, reply: Reply) -> ReplyText:
        """Return the canonical text of an encoded reply."""

    @abstractmethod
    def parse_reply(self, text: ReplyText) -> Reply:
        """Return the encoded reply written as `text` in any accepted notation (or ReplyError)."""

    @property
    @abstractmethod
    def reply_notations(self) -> str:
        """Return a one-line description of the accepted reply notations, for error messages."""

    def letter_marks(self, reply: Reply) -> tuple[int, ...] | None:
        """Return the reply's mark of each position, ABSENT, ELSEWHERE or RIGHT (0, 1, 2), or
        None when the game's replies are not per letter (see per_letter_marks)."""
        return None

    def tile_marks(self, reply: Reply) -> str | None:
        """Return letter_marks as text, G (right place), Y (elsewhere) or . (absent), for tiles
        and share squares; None when the reply is not per letter."""
        marks = self.letter_marks(reply)
        return None if marks is None else "".join(MARK_TEXT[m] for m in marks)

    def reveal(self, reply: Reply) -> tuple[int, ...]:
        """Return how much a reply tells the guesser, most telling part first (compared as
        tuples: an adversary that must choose between equal buckets gives the least)."""
        return ()

    def clue(self) -> str | None:
        """Return what the host showed before the first guess, as words for the player (Sutom:
        'starting with R'), or None."""
        return None

    def symmetry_class(self, word: Word) -> object:
        """Return a key shared by the words that the game's symbol symmetry maps onto each
        other (without symbol_symmetry, each word is its own class)."""
        return self.fold(word)

    def hard_mode_problem(self, guess: Word, reply: Reply, word: Word) -> str | None:
        """Return why `word` breaks hard mode after `guess` got `reply`, or None."""
        raise WordguessError(f"{self.name} has no hard mode")

    def hard_mode_allowed(self, guess: Word, reply: Reply, words: Sequence[Word]) -> np.ndarray:
        """Return a boolean array: which of `words` keep hard mode after `guess` got `reply`."""
        raise WordguessError(f"{self.name} has no hard mode")

    def truths(self, shown: Reply) -> np.ndarray:
        """Return the true replies (feedback values) a shown reply can stand for: itself, in a
        game whose host never lies."""
        return np.array([shown], dtype=np.int64)

    @property
    def truth_table(self) -> np.ndarray:
        """Return, for each shown reply, the true replies it can stand for (`truths`), padded
        with -1 (one column here: itself)."""
        return np.arange(self.n_replies, dtype=np.int64)[:, None]

    @property
    def lie_table(self) -> np.ndarray:
        """Return, for each true reply, the replies the host may show for it (one column here:
        itself; padded with -1 in a game that lies)."""
        return np.arange(self.n_replies, dtype=np.int64)[:, None]

    @property
    def lie_weights(self) -> np.ndarray:
        """Return, for each true reply, the chance of each reply the host may show for it."""
        return np.ones(self.n_replies)

    def show(self, reply: Reply, rng: np.random.Generator) -> Reply:
        """Return the reply the host shows for the true `reply`: the reply itself, in a game
        whose host never lies (`rng` draws the lie in one that does)."""
        return reply

    def is_solved(self, reply: Reply) -> bool:
        """Return whether `reply` means the guess was the secret."""
        return reply == self.solved_reply

    def _check_reply_code(self, reply: int) -> Reply:
        if not 0 <= reply < self.n_replies:
            raise ReplyError(f"reply code {reply} is outside 0..{self.n_replies - 1}")
        return reply

    def _pair(self, guess: Word, secret: Word) -> tuple[str, str]:
        g, s = self.fold(guess), self.fold(secret)
        if len(g) != len(s):
            raise WordError(f"{guess!r} and {secret!r} differ in length ({len(g)} vs {len(s)})")
        return g, s

    # --- many replies at once ---------------------------------------------------------------
    @abstractmethod
    def encode_words(self, words: Sequence[Word]) -> np.ndarray:
        """Return the kernel's array form of `words` (one row or item per word)."""

    @abstractmethod
    def _fill_matrix(self, guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
        """Write the encoded reply of every (guess, secret) pair into `out` (the kernel call)."""

    def reply_dtype(self) -> np.dtype:
        """Return the dtype of this game's pattern matrices."""
        return reply_dtype(self.n_replies)

    def pattern_matrix(self, guesses: Sequence[Word], secrets: Sequence[Word]) -> np.ndarray:
        """Return the (len(guesses), len(secrets)) array of encoded replies, in a compact dtype."""
        game = self.fitted([*guesses[:1], *secrets[:1]]) if self.length is None else self
        out = np.empty((len(guesses), len(secrets)), dtype=game.reply_dtype())
        if len(guesses) and len(secrets):
            with kernels.threads_for(out.size):
                game._fill_matrix(game.encode_words(guesses), game.encode_words(secrets), out)
        return out


ENGLISH = "abcdefghijklmnopqrstuvwxyz"
MAX_LENGTH = 40  # the longest words any game takes (a reply's code must fit in 64 bits: 3^40 < 2^64)


@dataclasses.dataclass(frozen=True)
class LetterGame(Game):
    """A game on words of the letters a-z whose length is an option (None: any length, fixed
    later by `sized` from a secret or a word list)."""

    option_aliases = {"length": "word_length"}

    least_length: ClassVar[int] = 1  # the shortest words the game takes
    word_length: int | None = 5  # letters per word

    @classmethod
    def option_range(cls, option: str) -> range | None:
        return range(cls.least_length, MAX_LENGTH + 1) if option == "length" else None

    def __post_init__(self) -> None:
        if self.word_length is not None and not self.least_length <= self.word_length <= MAX_LENGTH:
            raise WordError(f"{self.name} words have {self.least_length} to {MAX_LENGTH} letters, not {self.word_length}")

    @property
    def alphabet(self) -> str:
        return ENGLISH

    @property
    def length(self) -> int | None:
        return self.word_length

    def sized(self, length: int) -> Game:
        if self.length is None:
            return dataclasses.replace(self, word_length=length)
        return super().sized(length)
