"""A strategy with a never-lose guard is a strategy like any other: `Guarded` wraps one, of one
board or several, and its guard (strategies.guard.Guard for one board, strategies.boardguard.BoardGuard
for several), and answers the same protocol (`choose`, and the capabilities the wrapped strategy
declares).

The wrapped strategy ranks; the guard plays the first of its ranked guesses it shows safe, else
what it falls back to (see each guard). The ranking it offers is the strategy's with the guard's
choice first; `refused` gives the guesses the guard turned down at the last choice, not to be
offered. Where the second turn was measured offline for this strategy and guard (the open world's
fewest-guesses: FewestGuesses.rollouts), those guesses, all shown safe by their rollouts, are
played as measured. At the opening of one board (the same every game of a puzzle) the guard's
choice is kept on disk, keyed by the guard and the ranking it was made from.
"""

from __future__ import annotations

import dataclasses
import hashlib

import numpy as np

from wordguess.engine.patterns import memo_key
from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.base import Strategy, first_of, trivial_choice
from wordguess.strategies.boardguard import BoardGuard
from wordguess.strategies.guard import Guard
from wordguess.vocab import Position

RANKED = 40  # the strategy's guesses a guard reads (Guard.exact_tries; BoardGuard.favourites + 1 fewer)


@dataclasses.dataclass
class Guarded(Strategy):
    """A strategy whose guesses its never-lose guard checks first (see the module)."""

    inner: Strategy
    guard: Guard | BoardGuard = dataclasses.field(repr=False, compare=False)
    # The last choice: (its position's key, the guess, the guesses the guard refused).
    _last: tuple | None = dataclasses.field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.name = self.inner.name
        self.several = self.inner.several
        self.guarantee = not self.several  # (one board: every candidate kept winnable)
        # What the strategy offers, and no more:
        if self.inner.values is None:
            self.values = None
        if self.inner.ranking is None:
            self.ranking = None
        if self.inner.rollouts is None:
            self.rollouts = None

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        if not self.several and trivial_choice(puzzle, position.candidates) is not None:
            return self.inner.choose(puzzle, position)  # (one or two candidates: nothing to guard)
        measured = self._measured(puzzle, position)
        if measured is not None:
            choice, refused = int(measured[0][0]), ()
        else:
            favourite = self.inner.choose(puzzle, position)
            head = lambda: self._inner_ranking(puzzle, position, favourite)  # noqa: E731 (asked only when needed)
            if (not self.several and not position.history and puzzle.store is not None
                    and len(position.candidates) == len(puzzle.answers)):
                ranking = head()
                key = memo_key("guarded-opening-1", puzzle.fingerprint, self.guard.key_for(puzzle), position.left,
                               [puzzle.guesses[int(g)] for g in ranking])
                word = puzzle.store.remembered(key, lambda: puzzle.guesses[self._guard(puzzle, position, favourite,
                                                                                      lambda: ranking)])
                found = puzzle.guess_index.get(word) if isinstance(word, str) else None
                if found is not None:
                    self._last = (self._key(puzzle, position), found, ())
                    return found
            choice = self._guard(puzzle, position, favourite, head)
            refused = tuple(self.guard.refused)
        self._last = (self._key(puzzle, position), choice, refused)
        return choice

    def _guard(self, puzzle: Puzzle, position: Position, favourite: int, ranking) -> int:
        return int(self.guard.choose(puzzle, position, favourite, ranking))

    def _inner_ranking(self, puzzle: Puzzle, position: Position, favourite: int) -> np.ndarray:
        """Return the strategy's guesses best first (at least RANKED), its favourite first."""
        order = None if self.inner.ranking is None else self.inner.ranking(puzzle, position, RANKED)
        return np.array([favourite], dtype=np.int64) if order is None else first_of(favourite, order)[:RANKED]

    def _measured(self, puzzle: Puzzle, position: Position) -> tuple[np.ndarray, np.ndarray] | None:
        return None if self.rollouts is None else self.rollouts(puzzle, position)

    def rollouts(self, puzzle: Puzzle, position: Position) -> tuple[np.ndarray, np.ndarray] | None:
        """Return the strategy's second turn measured offline under this guard, or None."""
        return self.inner.rollouts(puzzle, position, self.guard)

    def values(self, puzzle: Puzzle, position: Position, guess_ids: np.ndarray) -> np.ndarray:
        """Return the strategy's values of the guesses, the measured ones where they ship."""
        return self.inner.values(puzzle, position, guess_ids, self._measured(puzzle, position))

    def ranking(self, puzzle: Puzzle, position: Position, count: int | None = None) -> np.ndarray | None:
        """Return the strategy's ranking of its last position with the guard's choice first (the
        measured guesses where they ship); None when the last choice was of another position."""
        measured = self._measured(puzzle, position)
        if measured is not None:
            return measured[0]
        last = self._last
        if last is None or last[0] != self._key(puzzle, position):
            return None
        order = self.inner.ranking(puzzle, position, count)
        return None if order is None else first_of(last[1], order)

    def refused(self, puzzle: Puzzle, position: Position) -> np.ndarray:
        """Return the guesses the guard found unsafe at the last choice of this position (every
        secret they may leave could not be shown winnable): not to be offered."""
        last = self._last
        if last is None or last[0] != self._key(puzzle, position):
            return np.zeros(0, dtype=np.int64)
        return np.array(last[2], dtype=np.int64)

    @staticmethod
    def _key(puzzle: Puzzle, position: Position) -> bytes:
        digest = hashlib.blake2b(repr((puzzle.fingerprint, position.history, position.left,
                                       [len(b) for b in position.boards])).encode())
        for board in position.boards:
            digest.update(np.asarray(board, dtype=np.int64).tobytes())
        return digest.digest()


def guarded(strategy: Strategy) -> Guarded:
    """Return the strategy with a new never-lose guard: of one board or of several, as it plays."""
    return Guarded(strategy, BoardGuard() if strategy.several else Guard())
