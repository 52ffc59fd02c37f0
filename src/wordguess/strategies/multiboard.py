"""Strategies for multi-board games: one guess for every unsolved board at once.

A position is the single-board puzzle (its lists, weights and matrix, shared by every board),
the candidates of each unsolved board, and the guesses left. Every strategy first plays a board
whose secret is known (one candidate left: it must be guessed some time, and the guess informs
the others too), then:

- `one-board` (the baseline): the single-board strategy (entropy) on the first unsolved board,
  as a player who finishes one board before looking at the next;
- `joint-entropy` (the anchor of the published tools): the guess with the most information over
  all boards, the sum of each board's entropy (the boards' secrets are independent);
- `fewest-total` (ours): the guess that leaves the least expected work over all boards: the sum
  over boards of the guesses each still needs after it, each board's by the fitted cost curve of
  the open world's fewest-guesses strategy (exact for one and two candidates; 0 for the board the
  guess may solve). A likely candidate of a small board is worth playing when its chance of
  solving that board outweighs what a better split saves on the others, both in one sum. Its
  `width` best by that sum get a second look, as the single board's strategy gives them: each
  board's buckets are costed by the board's own best next guess (among the `pool` best of this
  turn and the bucket's candidates), and the least sum is played. (A next guess serves every
  board, so the look is optimistic; it still ranks better than the curve alone, as
  docs/games.md measures on open-world Quordle.) When the guesses left barely cover the
  unsolved boards, it plays the likeliest candidate of the smallest board (a guess that solves
  no board then loses the game);
- `fewest-total-safe`: fewest-total with the never-lose check of `boardguard.py` (a guess proven
  to lose some combination of the words still possible is refused).
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import ClassVar

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.base import Strategy, best_first, pick_best, ranked
from wordguess.strategies.endgame import Endgame
from wordguess.strategies.expected import cost_curve
from wordguess.strategies.metrics import METRICS
from wordguess.strategies.scoring import expected_guesses, score_guesses, second_looks, total_weight
from wordguess.vocab import Candidates, Position

NEVER_LOSE = 1e15  # the safe strategy's endgame cost of a lost game: above any expected guesses (probabilities > 1e-12)
NO_LIMIT = 1_000  # `left` for the second look: no game's limit is near (the one-step work has none)


def known_board(puzzle: Puzzle, boards: Sequence[Candidates]) -> int | None:
    """Return the guess of a board whose secret is known (one candidate; the first such), else None."""
    for candidates in boards:
        if len(candidates) == 1:
            return int(puzzle.guess_of_answer[candidates[0]])
    return None


def likeliest_of_smallest(puzzle: Puzzle, boards: Sequence[Candidates]) -> int:
    """Return the likeliest candidate of the board with the fewest candidates (by weight share)."""
    board = min(boards, key=lambda c: (len(c), -float(puzzle.weights_of(c).max() / puzzle.weights_of(c).sum())))
    w = puzzle.weights_of(board)
    return int(puzzle.guess_of_answer[board[int(np.argmax(w))]])


def union(boards: Sequence[Candidates]) -> np.ndarray:
    return np.unique(np.concatenate(list(boards)))


class BoardScores:
    """A strategy's per-board score vectors (one number per allowed guess), remembered for the
    large candidate sets: after the fixed opener each board is one of the opener's ~150 buckets,
    so the second guess of every game sums vectors computed once. Least recently used sets go
    first; small sets (cheap to score, rarely met twice) are not kept."""

    def __init__(self, min_size: int = 30, entries: int = 400):
        self.min_size, self.entries = min_size, entries
        self._puzzle: Puzzle | None = None
        self._vectors: OrderedDict[bytes, np.ndarray] = OrderedDict()

    def __getstate__(self) -> dict:  # sent to a worker empty: it fills its own
        return {"min_size": self.min_size, "entries": self.entries}

    def __setstate__(self, state: dict) -> None:
        self.__init__(**state)

    def get(self, puzzle: Puzzle, candidates: Candidates, score: Callable[[Candidates], np.ndarray]) -> np.ndarray:
        """Return score(candidates), from memory when this set was scored before (read only)."""
        if len(candidates) < self.min_size:
            return score(candidates)
        if puzzle is not self._puzzle:
            self._puzzle, self._vectors = puzzle, OrderedDict()
        key = np.ascontiguousarray(candidates, dtype=np.int64).tobytes()
        vector = self._vectors.get(key)
        if vector is None:
            vector = score(candidates)
            vector.flags.writeable = False
            self._vectors[key] = vector
            if len(self._vectors) > self.entries:
                self._vectors.popitem(last=False)
        else:
            self._vectors.move_to_end(key)
        return vector


def cache_field():
    return dataclasses.field(default_factory=BoardScores, repr=False, compare=False)


@dataclasses.dataclass
class OneBoard(Strategy):
    """Finish the first unsolved board with the single-board entropy strategy, then the next."""

    several: ClassVar[bool] = True

    name: str = "one-board"

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        boards = position.boards
        known = known_board(puzzle, boards)
        if known is not None:
            return known
        candidates = boards[0]
        guess_ids = np.arange(len(puzzle.guesses), dtype=np.int64)
        return pick_best(puzzle, guess_ids, score_guesses(puzzle, guess_ids, candidates, "entropy"), candidates)


@dataclasses.dataclass
class JointEntropy(Strategy):
    """The most information over all boards (the sum of the boards' entropies)."""

    several: ClassVar[bool] = True

    name: str = "joint-entropy"
    memory: BoardScores = cache_field()

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        boards = position.boards
        known = known_board(puzzle, boards)
        if known is not None:
            return known
        guess_ids = np.arange(len(puzzle.guesses), dtype=np.int64)

        def minus_bits(candidates: Candidates) -> np.ndarray:
            scores = score_guesses(puzzle, guess_ids, candidates, "entropy")  # sum of c log2 c
            return np.asarray(METRICS["entropy"].value(scores, total_weight(puzzle, candidates)), dtype=np.float64)

        bits = np.zeros(len(guess_ids))
        for candidates in boards:
            bits -= self.memory.get(puzzle, candidates, minus_bits)
        return pick_best(puzzle, guess_ids, -bits, union(boards))


@dataclasses.dataclass
class FewestTotal(Strategy):
    """The least expected work left over all boards: each board's expected guesses to finish, summed."""

    several: ClassVar[bool] = True

    name: str = "fewest-total"
    slack: int = 0  # play safe when the guesses left are at most the unsolved boards plus this
    width: int = 8  # how many of the best by the summed work get a second look (1: none)
    pool: int = 400  # the guesses a bucket's best next guess is sought among (with its candidates)
    memory: BoardScores = cache_field()
    # Complete search once the boards' candidates are few in all (None: the heuristic to the end).
    endgame: Endgame | None = dataclasses.field(default_factory=Endgame, repr=False, compare=False)

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        return self._favourite(puzzle, position.boards, position.left)

    def ranking(self, puzzle: Puzzle, position: Position, count: int | None = None) -> np.ndarray:
        """Return the allowed guesses best first: those given the second look (when it is
        played) by it, then the others by the summed one-step work."""
        boards = position.boards
        guess_ids, work = self._guess_ids(puzzle), self._work(puzzle, boards)
        if not self._looks_twice(puzzle):
            return ranked(puzzle, guess_ids, work, union(boards))
        head, looks = self._head(puzzle, boards, work)
        rest = guess_ids[np.lexsort((guess_ids, work))]  # (best_first's order: the head is its prefix)
        return np.concatenate([ranked(puzzle, head, looks, union(boards)), rest[~np.isin(rest, head)]])

    def _favourite(self, puzzle: Puzzle, boards: Sequence[Candidates], left: int) -> int:
        exact = self.endgame.guess(puzzle, boards, left) if self.endgame is not None else None
        if exact is not None:
            return exact
        known = known_board(puzzle, boards)
        if known is not None:
            return known
        if left <= len(boards) + self.slack:
            return likeliest_of_smallest(puzzle, boards)
        guess_ids, work = self._guess_ids(puzzle), self._work(puzzle, boards)
        if not self._looks_twice(puzzle):
            return pick_best(puzzle, guess_ids, work, union(boards))
        return pick_best(puzzle, *self._head(puzzle, boards, work), union(boards))

    def _looks_twice(self, puzzle: Puzzle) -> bool:
        """Return whether the best by the one-step sum get a second look (its kernel: normal mode)."""
        return self.width > 1 and puzzle.mode == "normal" and puzzle.inconsistent_window is None

    def _head(self, puzzle: Puzzle, boards: Sequence[Candidates], work: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return the `width` best by the one-step sum and their second looks (the next guesses
        sought among the `pool` best: one partial sort gives both, its prefixes being the fewer best)."""
        guess_ids = self._guess_ids(puzzle)
        best = guess_ids[best_first(guess_ids, work, max(self.width, self.pool))]
        head = best[: self.width]
        return head, self.second_look(puzzle, boards, head, best[: self.pool])

    @staticmethod
    def second_look(puzzle: Puzzle, boards: Sequence[Candidates], head: np.ndarray, pool: np.ndarray) -> np.ndarray:
        """Return, for each guess of `head`, the sum over the boards of the guesses each still
        needs after it when each of its buckets is finished from the board's own best next guess
        (scoring.second_looks, with no limit: the one-step work has none either). Boards with the
        same candidates (the opening) are looked at once."""
        looks: dict[bytes, np.ndarray] = {}
        total = np.zeros(len(head))
        for candidates in boards:
            key = np.ascontiguousarray(candidates, dtype=np.int64).tobytes()
            if key not in looks:
                looks[key] = second_looks(puzzle, head, candidates, pool, *cost_curve(), NO_LIMIT, 0.0)
            total += looks[key]
        return total

    @staticmethod
    def _guess_ids(puzzle: Puzzle) -> np.ndarray:
        return np.arange(len(puzzle.guesses), dtype=np.int64)

    def _work(self, puzzle: Puzzle, boards: Sequence[Candidates]) -> np.ndarray:
        """Return each guess's expected work left over the boards (the sum of the boards')."""
        guess_ids = self._guess_ids(puzzle)
        work = np.zeros(len(guess_ids))
        for candidates in boards:
            work += self.memory.get(puzzle, candidates,
                                    lambda c: expected_guesses(puzzle, guess_ids, c, *cost_curve()))
        return work


@dataclasses.dataclass
class SafeTotal(FewestTotal):
    """Fewest-total for a never-lose guard (strategies.boardguard.BoardGuard, wrapped around it by
    strategies.guarded: the registry's `fewest-total-safe` refuses a guess proven to lose some
    combination of the secrets still possible)."""

    name: str = "fewest-total-safe"
    # Its endgame counts a lost game as more than any number of guesses: among the plays that
    # win every combination, the fewest guesses expected (a loss, however unlikely, is refused).
    endgame: Endgame | None = dataclasses.field(default_factory=lambda: Endgame(penalty=NEVER_LOSE),
                                                repr=False, compare=False)


# What the front ends play and analyse against: never-lose first (open-world Quordle, 10,000
# games, seed 0: 0 lost, mean 7.191; fewest-total: 4 lost, mean 7.094).
DEFAULT_MULTI_STRATEGY = "fewest-total-safe"
