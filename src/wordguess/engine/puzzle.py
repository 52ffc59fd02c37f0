"""A `Puzzle` is what a strategy solves: the rules, the possible secrets, the allowed guesses and
the mode, with the pattern matrix (allowed guesses x secrets) computed once and shared."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import numpy as np

from wordguess.engine.patterns import PatternStore, default_store
from wordguess.errors import WordError, WordguessError, unknown_name
from wordguess.games import Game
from wordguess.vocab import History, Word

MODES = {
    "normal": "any allowed guess",
    "hard": "the real hard mode: green letters stay in place, revealed letters are used again",
    "strict": "only guesses consistent with every reply so far",
}


def check_mode(mode: str) -> str:
    """Return `mode` if it is a known mode, else raise an error listing the modes."""
    if mode not in MODES:
        raise unknown_name("mode", mode, MODES)
    return mode


@dataclasses.dataclass(frozen=True, eq=False)
class Puzzle:
    """The setting of a solve. Candidates are numpy arrays of indices into `answers`; guesses
    are indices into `guesses`."""

    game: Game  # the rules
    answers: Sequence[Word]  # the possible secrets
    guesses: Sequence[Word]  # the allowed guesses; every answer must be one of them
    mode: str = "normal"  # normal, hard or strict (see MODES)
    # Normal mode only: consider inconsistent guesses only while lo <= candidates <= hi (the
    # classic write-up used (4, 125)); None allows them always.
    inconsistent_window: tuple[int, int] | None = None
    # Ties between equally good guesses go to one that may be the answer, then to the list's
    # order; False uses the list's order alone (as the classic write-up's min() did).
    prefer_candidates: bool = True
    store: PatternStore = dataclasses.field(default_factory=default_store, repr=False)

    def __post_init__(self) -> None:
        check_mode(self.mode)
        if self.game.length is None and self.answers:
            object.__setattr__(self, "game", self.game.fitted(self.answers))
        if self.mode == "hard" and not hasattr(self.game, "hard_mode_allowed"):
            raise WordguessError(f"hard mode is defined for Wordle-like games, not {self.game.name}; "
                                 "use normal or strict")
        missing = [w for w in self.answers if w not in self.guess_index]
        if missing:
            raise WordError(f"{len(missing)} answers are not allowed guesses (first: {missing[:3]})")

    @functools.cached_property
    def matrix(self) -> np.ndarray:
        """Return the encoded reply of every allowed guess (rows) on every answer (columns)."""
        return self.store.matrix(self.game, self.guesses, self.answers)

    @functools.cached_property
    def guess_index(self) -> dict[Word, int]:
        """Return each allowed guess's index, by the word and by its folded form."""
        index = {self.game.fold(w): i for i, w in reversed(list(enumerate(self.guesses)))}
        index.update({w: i for i, w in reversed(list(enumerate(self.guesses)))})
        return index

    @functools.cached_property
    def guess_of_answer(self) -> np.ndarray:
        """Return, for each answer, its index among the allowed guesses."""
        return np.array([self.guess_index[w] for w in self.answers], dtype=np.int64)

    @functools.cached_property
    def answer_of_guess(self) -> np.ndarray:
        """Return, for each allowed guess, its index among the answers, or -1."""
        found = np.full(len(self.guesses), -1, dtype=np.int64)
        found[self.guess_of_answer] = np.arange(len(self.answers))
        return found

    def all_candidates(self) -> np.ndarray:
        """Return the indices of every answer."""
        return np.arange(len(self.answers), dtype=np.int64)

    def index_of(self, word: Word) -> int:
        """Return the index of an allowed guess, or raise WordError."""
        found = self.guess_index.get(word, self.guess_index.get(self.game.fold(word)))
        if found is None:
            self.game.check_word(word)
            raise WordError(f"{word!r} is not in the list of allowed guesses")
        return found

    def narrow(self, candidates: np.ndarray, guess: int, reply: int) -> np.ndarray:
        """Return the candidates that give `reply` to the guess with index `guess`."""
        return candidates[self.matrix[guess, candidates] == reply]

    def allowed(self, candidates: np.ndarray, history: History) -> np.ndarray:
        """Return the indices of the guesses the mode allows after `history`."""
        n = len(candidates)
        if self.mode == "normal":
            window = self.inconsistent_window
            if window is None or window[0] <= n <= window[1]:
                return np.arange(len(self.guesses), dtype=np.int64)
            return self.guess_of_answer[candidates]
        ok = np.ones(len(self.guesses), dtype=bool)
        for guess, reply in history:
            if self.mode == "strict":
                ok &= self.game.pattern_matrix([guess], self.guesses)[0] == reply
            else:
                ok &= self.game.hard_mode_allowed(guess, reply, self.guesses)
        return np.flatnonzero(ok)
