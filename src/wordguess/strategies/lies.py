"""The strategy for a game whose host lies (Fibble): the guess whose shown reply tells most (in
a game that never lies, the shown reply is the true one and this is the entropy strategy).

Each candidate secret spreads its mass evenly over the replies the host may show for its true
reply (`game.lie_table`, `game.lie_weights`). Since for every secret the lie is drawn evenly,
the information a guess gives about the secret is the entropy of the shown reply minus a
constant, so the guess with the most entropy of shown replies tells most.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit, prange

from wordguess.engine.puzzle import Puzzle
from wordguess.games import kernels
from wordguess.strategies.base import Strategy, pick_best, ranked, trivial_first
from wordguess.vocab import Candidates, Position


@njit(parallel=True, cache=True, nogil=True)
def shown_entropy(matrix, guess_ids, candidates, weights, lie_table, lie_weights, out):
    """Fill out[i] with the entropy (bits) of the shown reply to guess guess_ids[i] over the
    candidates (candidate j weighing weights[j]), each candidate's mass spread over its true
    reply's possible shown replies."""
    n_replies = lie_table.shape[0]
    total = weights.sum()
    for i in prange(len(guess_ids)):
        row = matrix[guess_ids[i]]
        counts = np.zeros(n_replies, dtype=np.float64)
        for j in range(len(candidates)):
            counts[row[candidates[j]]] += weights[j]
        mass = np.zeros(n_replies, dtype=np.float64)
        for r in range(n_replies):
            if counts[r] > 0:
                share = counts[r] * lie_weights[r]
                for k in range(lie_table.shape[1]):
                    shown = lie_table[r, k]
                    if shown >= 0:
                        mass[shown] += share
        h = 0.0
        for d in range(n_replies):
            if mass[d] > 0:
                p = mass[d] / total
                h -= p * np.log2(p)
        out[i] = h


def shown_entropies(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates) -> np.ndarray:
    """Return the entropy (bits) of the shown reply to each guess over the candidates."""
    game = puzzle.game
    out = np.empty(len(guess_ids), dtype=np.float64)
    with kernels.threads_for(len(guess_ids) * len(candidates)):  # small calls: one thread
        shown_entropy(puzzle.matrix, np.ascontiguousarray(guess_ids, dtype=np.int64),
                      np.ascontiguousarray(candidates, dtype=np.int64), puzzle.weights_of(candidates),
                      game.lie_table, game.lie_weights, out)
    return out


@dataclasses.dataclass(frozen=True)
class ShownEntropy(Strategy):
    """Pick the allowed guess whose shown reply has the most entropy (for games that lie)."""

    name: str = "lie-entropy"

    @trivial_first
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates, history = position.candidates, position.history
        guess_ids = puzzle.allowed(candidates, history)
        return pick_best(puzzle, guess_ids, -shown_entropies(puzzle, guess_ids, candidates), candidates)

    def ranking(self, puzzle: Puzzle, position: Position, count: int | None = None) -> np.ndarray:
        """Return the allowed guesses from the best to the worst (the assistant's list; all of
        them, whatever `count` asks for)."""
        candidates = position.candidates
        guess_ids = puzzle.allowed(candidates, position.history)
        return ranked(puzzle, guess_ids, -shown_entropies(puzzle, guess_ids, candidates), candidates)
