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
from wordguess.strategies.expected import bucket_estimate_of
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


def shown_chances(puzzle: Puzzle, candidates: Candidates, guess: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (each candidate's true reply to the guess, its weight, the chance of each reply the
    host may show): each candidate's weight spread evenly over the lies of its true reply."""
    game = puzzle.game
    true = puzzle.row(guess)[candidates]
    weights = puzzle.weights_of(candidates)
    mass = np.bincount(true, weights=weights, minlength=game.n_replies)
    shown = np.zeros(game.n_replies)
    for reply in np.flatnonzero(mass):
        lies = game.lie_table[reply]
        shown[lies[lies >= 0]] += mass[reply] * game.lie_weights[reply]
    return true, weights, shown / shown.sum()


def behind_shown(game, true: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, ...]:
    """Return, for each reply the host may show, the candidates whose true reply it can stand
    for (`game.truth_table`), summed up: their count, total weight, largest weight and sum of
    w log2 w (the true replies a shown one stands for hold disjoint candidates, so each sum is
    over the true replies' sums)."""
    size = game.n_replies + 1  # the last slot: the table's padding, empty
    count = np.bincount(true, minlength=size)
    mass = np.bincount(true, weights=weights, minlength=size)
    wlogw = np.bincount(true, weights=weights * np.log2(np.where(weights > 0, weights, 1.0)), minlength=size)
    top = np.zeros(size)
    np.maximum.at(top, true, weights)
    table = np.where(game.truth_table >= 0, game.truth_table, game.n_replies)
    return count[table].sum(axis=1), mass[table].sum(axis=1), top[table].max(axis=1), wlogw[table].sum(axis=1)


def shown_guesses_to_finish(puzzle: Puzzle, candidates: Candidates, guess: int, left: int,
                            loss: float) -> tuple[float, dict[int, tuple[float, float]]]:
    """Return the guesses a guess is expected to need to finish, itself included, through the
    host's lies, and per shown reply (its chance, the guesses the set it leaves still needs): a
    shown reply has the chance of the lies that show it and leaves the candidates whose true
    reply it can stand for (`game.truths`: these sets overlap); each set is costed by the
    fewest-guesses rule of an honest game (`bucket_estimate`, `left` guesses after this one, a
    lost game `loss`), so the lies to come make the real figure higher, for every guess alike.
    The assistant's guesses to finish and the analysis's values are both this."""
    game = puzzle.game
    true, weights, shown = shown_chances(puzzle, candidates, guess)
    count, mass, top, wlogw = behind_shown(game, true, weights)
    buckets, value = {}, 1.0
    for reply in np.flatnonzero(shown).tolist():
        m = float(mass[reply])
        cost = 0.0 if reply == game.solved_reply else bucket_estimate_of(
            int(count[reply]), m, float(top[reply]), float(np.log2(m) - wlogw[reply] / m), left, loss)
        buckets[reply] = (float(shown[reply]), cost)
        value += shown[reply] * cost
    return float(value), buckets


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
