"""The exact value of a set of candidates where the exact search settles it within a budget.

`fewest-guesses` values a guess by what its buckets still need (1 + the sum over its replies of
P(reply) x the bucket's value). A fitted curve or a learned model misses a set's true value by
0.03 to 0.2 guesses a secret, while guesses near the top differ by a thousandth: their order is
noise to any estimate. With each bucket's exact value the one-step choice is the optimal one, and
the exact search settles most of the sets a player meets (tens to a few hundred words, unit
weights) in milliseconds. `SettledValues` gives the strategy those values: the least total of
guesses over the bucket (its next guess included) as a game of its own from the position reached
(hard mode: the guesses the clues so far still allow), with no limit of guesses, divided by its
size; or None where the search would pass its node budget, and the strategy falls back to its
curve there. The budget is counted per suggestion (`start`), in nodes, so a suggestion costs the
same on any machine and load.
"""

from __future__ import annotations

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped, exact_problem
from wordguess.vocab import History

NODES = 50_000  # a suggestion's budget: every bucket of every guess it looks at
LARGEST = 400  # sets above this size are left to the curve without a search


class SettledValues:
    """Exact values of buckets for one puzzle (see the module); made by `for_puzzle`."""

    def __init__(self, puzzle: Puzzle, nodes: int = NODES, largest: int = LARGEST):
        self.puzzle, self.nodes, self.largest = puzzle, nodes, largest
        self._solver: ExactSolver | None = None  # made at the first value asked for
        self._states: dict[tuple, tuple[np.ndarray, int]] = {}
        self._deadline = 0

    def __repr__(self) -> str:  # (part of the strategy's key for its remembered opening)
        return f"SettledValues(nodes={self.nodes}, largest={self.largest})"

    @classmethod
    def for_puzzle(cls, puzzle: Puzzle, **options) -> SettledValues | None:
        """Return the values for a puzzle the exact search takes (unit weights, no lies, ...) and
        a game plays on its whole matrix (not `by_rows`), else None."""
        return None if puzzle.by_rows or exact_problem(puzzle) is not None else cls(puzzle, **options)

    @property
    def solver(self) -> ExactSolver:
        if self._solver is None:
            self._solver = ExactSolver(self.puzzle, None, Limits(), None)
        return self._solver

    def start(self) -> None:
        """Begin a suggestion: a fresh budget of `nodes`."""
        self._deadline = self.solver.nodes + self.nodes

    def state(self, history: History) -> tuple[np.ndarray, int]:
        """Return the solver's state (the guesses allowed, their hash) after `history`."""
        key = tuple(history)
        if key not in self._states:
            state = self.solver.root_state()
            for word, reply in history:
                state = self.solver.child_state(*state, self.puzzle.index_of(word), reply)
            if len(self._states) > 256:
                self._states.clear()
            self._states[key] = state
        return self._states[key]

    def value(self, puzzle: Puzzle, history: History, guess: int, reply: int, bucket: np.ndarray) -> float | None:
        """Return the least expected guesses to find the secret of `bucket` (the next guess
        included), met by `guess` getting `reply` after `history`, or None if unsettled within
        what is left of the suggestion's budget (or on another puzzle)."""
        if puzzle is not self.puzzle or len(bucket) > self.largest:
            return None
        solver = self.solver
        if solver.nodes >= self._deadline:
            return None
        solver.node_deadline = self._deadline
        try:
            total = solver.solve(np.asarray(bucket), solver.child_state(*self.state(history), guess, reply))
        except SearchStopped:
            return None
        finally:
            solver.node_deadline = None
        return total / len(bucket)
