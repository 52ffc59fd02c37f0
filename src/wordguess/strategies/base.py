"""What every strategy shares: the Strategy protocol, and the one way ties are broken (prefer a
guess that can still be the answer, then the word list's order)."""

from __future__ import annotations

import abc
import functools
from typing import ClassVar

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.games import kernels
from wordguess.strategies.scoring import score_guesses
from wordguess.vocab import Candidates, History, Position

TIE = 1e-9  # scores this close (relative) are ties, so float noise never decides a guess


class Strategy(abc.ABC):
    """What every strategy is: a `name` and `choose(puzzle, position)`, which returns the index
    (in puzzle.guesses) of the next guess for a `Position`: each unsolved board's candidates, the
    turns so far and the guesses left. A strategy of one board (`several` False) is given
    positions of one board (`position.candidates`); one of several boards, any number of them.
    The optional capabilities are declared here, None (or False) where a strategy does not offer
    them, so a caller reads them without probing; each takes the position as `choose` does."""

    name: str
    several: ClassVar[bool] = False  # whether it plays several boards at once
    # its never-lose guard, for a strategy wrapped in one (strategies.guarded.Guarded: a Guard or a
    # BoardGuard), else None: guard.win_guarantee(puzzle, position) says what it shows of a win
    guard = None
    guarantee: bool = False  # whether its guard keeps every candidate winnable (one board)
    # (puzzle, position, guess_ids[, measured]) -> the guesses expected to finish after each guess
    values = None
    # (puzzle, position, count) -> the allowed guesses best first (at least `count`), or None
    ranking = None
    refused = None  # (puzzle, position) -> the guesses its guard refuses
    # (puzzle, position[, guard]) -> the measured values of a position read from the package, or None
    rollouts = None

    @abc.abstractmethod
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        """Return the index (in puzzle.guesses) of the next guess."""


class Opening(Strategy):
    """Open with a given guess (its index), then play another strategy."""

    def __init__(self, first: int, then: Strategy):
        self.first, self.then, self.name = first, then, then.name

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        return self.first if not position.history else self.then.choose(puzzle, position)


def first_of(guess: int, order: np.ndarray) -> np.ndarray:
    """Return the guesses of `order` with `guess` moved to the head."""
    order = np.asarray(order, dtype=np.int64)
    return np.concatenate([[guess], order[order != guess]]).astype(np.int64)


def trivial_first(choose):
    """Decorate a one-board strategy's `choose`: one or two candidates are settled by
    `trivial_choice` (every strategy agrees on them), the rest by the strategy."""

    @functools.wraps(choose)
    def settled(self, puzzle: Puzzle, position: Position) -> int:
        trivial = trivial_choice(puzzle, position.candidates)
        return trivial if trivial is not None else choose(self, puzzle, position)

    return settled


def one_board(puzzle: Puzzle, candidates: Candidates, history: History) -> Position:
    """Return the position of a game of one board: its candidates after `history`."""
    return Position((candidates,), list(history), puzzle.game.max_guesses - len(history))


def candidate_guesses(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates) -> np.ndarray:
    """Return a boolean array: which of `guess_ids` are still candidates."""
    is_candidate = np.zeros(len(puzzle.answers) + 1, dtype=bool)
    is_candidate[candidates] = True
    return is_candidate[puzzle.answer_of_guess[guess_ids]]  # -1 maps to the spare False slot


def pick_best(puzzle: Puzzle, guess_ids: np.ndarray, scores: np.ndarray, candidates: Candidates) -> int:
    """Return the guess with the lowest score; among ties, a candidate first (unless the puzzle
    says otherwise), then list order."""
    best = scores.min()
    tied = scores <= best + TIE * max(1.0, abs(best))
    preferred = tied & candidate_guesses(puzzle, guess_ids, candidates) & puzzle.prefer_candidates
    pool = guess_ids[preferred] if preferred.any() else guess_ids[tied]
    if puzzle.weighted and preferred.any():  # of tied candidates, the likelier
        likelihood = guess_weights(puzzle, pool)
        pool = pool[likelihood == likelihood.max()]
    return int(pool.min())


def guess_weights(puzzle: Puzzle, guess_ids: np.ndarray) -> np.ndarray:
    """Return the prior weight of each guess as a secret (0 for a guess that cannot be one)."""
    answer = puzzle.answer_of_guess[guess_ids]
    return np.where(answer >= 0, puzzle.weights_of(np.maximum(answer, 0)), 0.0)


def ranked(puzzle: Puzzle, guess_ids: np.ndarray, scores: np.ndarray, candidates: Candidates) -> np.ndarray:
    """Return guess_ids from best to worst score, ties broken as pick_best does."""
    not_candidate = ~candidate_guesses(puzzle, guess_ids, candidates)
    unlikely = -guess_weights(puzzle, guess_ids) if puzzle.weighted else np.zeros(len(guess_ids))
    return guess_ids[np.lexsort((guess_ids, unlikely, not_candidate, scores))]


def best_first(guess_ids: np.ndarray, scores: np.ndarray, count: int) -> np.ndarray:
    """Return the positions of the `count` best scores, lowest first, ties by guess index: the
    first `count` of np.lexsort((guess_ids, scores)), without sorting the whole list (the ones
    tied with the count-th best are all sorted, so the order is the same)."""
    if count >= len(scores):
        return np.lexsort((guess_ids, scores))
    kth = np.partition(scores, count - 1)[count - 1]
    near = np.flatnonzero(scores <= kth)
    return near[np.lexsort((guess_ids[near], scores[near]))][:count]


def trivial_choice(puzzle: Puzzle, candidates: Candidates) -> int | None:
    """Return the guess for one or two candidates (the likelier of them, the first when alike:
    nothing does better, and every metric agrees), else None."""
    if len(candidates) <= 2:
        w = puzzle.weights_of(candidates)
        return int(puzzle.guess_of_answer[candidates[int(np.argmax(w))]])
    return None


def useful(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates) -> np.ndarray:
    """Return the guesses that make progress: they split the candidates or may be the secret."""
    parts = -score_guesses(puzzle, guess_ids, candidates, "most-parts")
    keep = (parts >= 2) | candidate_guesses(puzzle, guess_ids, candidates)
    return guess_ids[keep]


def letter_table(puzzle: Puzzle, words_ids: np.ndarray) -> np.ndarray:
    """Return the (len(words_ids), length) letter indices of the given allowed guesses."""
    game = puzzle.game
    return kernels.letter_indices([game.fold(puzzle.guesses[i]) for i in words_ids], game.alphabet)
