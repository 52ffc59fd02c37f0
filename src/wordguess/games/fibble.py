"""Fibble: Wordle whose host lies on exactly one tile of every reply.

`feedback(guess, secret)` stays the true Wordle reply (the specification). The host shows
instead one of `shown_replies(true reply)`: the true marks with one tile's mark replaced by one of
the two other marks, at a random tile (seeded). Two rules keep 'solved' unambiguous, as in the real
game: a correct guess is shown as it is (all green, no lie), and a lie never shows a wrong
guess as all green. A shown reply therefore stands for the true replies of `truths(shown)`,
and the candidates after it are the secrets whose true reply is one of those.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from wordguess.games.base import ABSENT, ELSEWHERE, RIGHT, Game
from wordguess.games.wordle import Wordle, decode_marks, encode_marks
from wordguess.vocab import Reply, Word

MARKS = (ABSENT, ELSEWHERE, RIGHT)


@dataclasses.dataclass(frozen=True)
class Fibble(Wordle):
    """Fibble: Wordle on the same lists, 9 guesses, one tile of each reply shown wrong."""

    name = "fibble"
    aliases = ("lies", "one-lie")
    title = "Fibble (one lie per row)"
    max_guesses = 9
    has_hard_mode = False  # a revealed mark may be the lie: Wordle's hard mode means nothing here
    lies: ClassVar[bool] = True

    def hard_mode_problem(self, guess: Word, reply: Reply, word: Word) -> str | None:
        return Game.hard_mode_problem(self, guess, reply, word)  # no hard mode: refused

    def hard_mode_allowed(self, guess: Word, reply: Reply, words: Sequence[Word]) -> np.ndarray:
        return Game.hard_mode_allowed(self, guess, reply, words)

    def shown_replies(self, reply: Reply) -> tuple[Reply, ...]:
        """Return every reply the host may show for the true `reply`, in code order: one tile's
        mark replaced by another, never all green; a solved reply is shown as it is."""
        if self.is_solved(reply):
            return (reply,)
        marks = decode_marks(reply, self._need_length())
        shown = {encode_marks([*marks[:k], other, *marks[k + 1:]])
                 for k in range(len(marks)) for other in MARKS if other != marks[k]}
        shown.discard(self.solved_reply)
        return tuple(sorted(shown))

    @functools.cached_property
    def _truth_table(self) -> tuple[np.ndarray, ...]:
        """Return, for each shown reply, the sorted true replies it can stand for."""
        behind: list[list[int]] = [[] for _ in range(self.n_replies)]
        for true, row in enumerate(self.lie_table.tolist()):
            for shown in row:
                if shown >= 0:
                    behind[shown].append(true)
        return tuple(np.array(sorted(t), dtype=np.int64) for t in behind)

    def truths(self, shown: Reply) -> np.ndarray:
        return self._truth_table[self._check_reply_code(shown)]

    @functools.cached_property
    def truth_table(self) -> np.ndarray:
        behind = self._truth_table
        table = np.full((self.n_replies, max(len(t) for t in behind)), -1, dtype=np.int64)
        for shown, true in enumerate(behind):
            table[shown, : len(true)] = true
        return table

    def show(self, reply: Reply, rng: np.random.Generator) -> Reply:
        """Return the reply the host shows for the true `reply`: one of `shown_replies(reply)`,
        uniformly (the solved reply as it is)."""
        options = self.shown_replies(reply)
        return options[int(rng.integers(len(options)))]

    @functools.cached_property
    def lie_weights(self) -> np.ndarray:
        """Return, for each true reply, the chance of each lie the host may show (1 / their
        count); the solved reply's is 1 (shown as it is)."""
        return 1.0 / (self.lie_table >= 0).sum(axis=1)

    @functools.cached_property
    def lie_table(self) -> np.ndarray:
        """Return the (n_replies, 2 x length) array of each true reply's possible shown replies,
        padded with -1 (a solved reply has one, itself; a reply one tile from solved loses the
        all-green lie)."""
        table = np.full((self.n_replies, 2 * self._need_length()), -1, dtype=np.int64)
        for r in range(self.n_replies):
            options = self.shown_replies(r)
            table[r, : len(options)] = options
        return table
