"""Exact multi-board endgames: when few candidates are left on all the boards together, the
guess that minimises the expected number of guesses still to play, found by complete search
over every allowed word.

The value of a position (the candidates of each unsolved board, and the guesses left) is

    V(position) = min over guesses g of 1 + sum over the boards' joint replies P(replies) V(next)

with V = 0 once every board is solved. The boards' secrets are independent, so the joint reply's
probability is the product of each board's (bucket weight over board weight); a board whose
reply is the solved one leaves the position. A position that still has boards when no guess is
left is lost: it is worth `penalty` plus one guess per board (the game is played on to the end).

Exact over every allowed word, in little time, because:
- guesses are grouped by what they do: a guess matters only through its replies on the
  candidates (its row of the pattern matrix on their union), so one word per distinct row is
  tried; a row with the solved reply somewhere belongs to that candidate alone;
- a guess that solves no board cannot be worth less than 1 + (the boards left), as each board
  still needs its own solving guess (V >= number of boards); so when a candidate's guess reaches
  that, no other word is even grouped;
- a guess is abandoned as soon as its partial sum reaches the best value found, and positions
  are remembered (their values are exact, as cut-offs happen only between guesses).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.vocab import Candidates

EPS = 1e-9  # values this close are ties (the earlier guess, a candidate first, is kept)
BoardSets = tuple[tuple[int, ...], ...]  # the boards' candidates (answer indices), boards sorted


class OutOfNodes(Exception):
    """The search met more positions than its budget allows (the caller plays its heuristic)."""


def position_of(boards: Sequence[Candidates]) -> BoardSets:
    """Return the canonical position: each board's candidates sorted, boards sorted (the boards
    are interchangeable for the value)."""
    return tuple(sorted(tuple(sorted(int(a) for a in b)) for b in boards))


def distinct_rows(puzzle: Puzzle, union: np.ndarray, board_columns: Sequence[Sequence[int]],
                  solving: bool) -> tuple[np.ndarray, np.ndarray]:
    """Return one allowed guess per distinct row of replies on the candidates `union` (sorted;
    `board_columns`: each board's columns in it), of the rows that split some board (any other
    only wastes a guess), and with `solving` those that solve one too (a candidate's own word
    where one has the row), else only those that solve none; with each one's parts (its distinct
    replies, summed over the boards)."""
    rows = np.ascontiguousarray(puzzle.by_secret[union].T)  # the few secrets' rows: read in order
    solves = (rows == puzzle.game.solved_reply).any(axis=1)
    splits = np.zeros(len(rows), dtype=bool)
    for cols in board_columns:
        part = rows[:, np.asarray(cols)]
        splits |= (part != part[:, :1]).any(axis=1)
    ids = np.flatnonzero(splits | solves if solving else splits & ~solves)
    if solving:
        own = np.isin(ids, puzzle.guess_of_answer[union])
        ids = np.concatenate([ids[own], ids[~own]])
    if not len(ids):
        return ids, np.zeros(0, dtype=np.int64)
    keys = np.ascontiguousarray(rows[ids]).view(np.dtype((np.void, rows.shape[1]))).ravel()
    _, first = np.unique(keys, return_index=True)
    ids = ids[np.sort(first)]
    parts = np.zeros(len(ids), dtype=np.int64)
    for cols in board_columns:
        part = np.sort(rows[ids][:, np.asarray(cols)], axis=1)
        parts += 1 + (part[:, 1:] != part[:, :-1]).sum(axis=1)
    return ids, parts


@dataclasses.dataclass
class Endgame:
    """Complete search of small multi-board positions (see the module)."""

    size: int = 6  # search when the boards' candidates number at most this in all
    nodes: int = 2_000  # positions searched per decision before giving up (None is returned)
    penalty: float = 10.0  # the cost of a lost game, in guesses

    def __post_init__(self) -> None:
        self._puzzle: Puzzle | None = None
        self._memo: dict[tuple[BoardSets, int], tuple[float, int]] = {}
        self._count = 0

    def __getstate__(self) -> dict:  # sent to a worker without its memory (and the puzzle in it)
        return {"size": self.size, "nodes": self.nodes, "penalty": self.penalty}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.__post_init__()

    def guess(self, puzzle: Puzzle, boards: Sequence[Candidates], left: int) -> int | None:
        """Return the best guess (index in puzzle.guesses) when the position is small enough and
        the search finishes within its budget, else None."""
        total = sum(len(b) for b in boards)
        if not boards or total > self.size:
            return None
        if left <= 0:  # past the limit the game is lost already: finish it in the fewest guesses
            left = total + len(boards)  # more than any play needs, so no longer binding
        try:
            return self.solve(puzzle, boards, left)[1]
        except OutOfNodes:
            return None

    def solve(self, puzzle: Puzzle, boards: Sequence[Candidates], left: int) -> tuple[float, int]:
        """Return (the position's value, its best guess); raise OutOfNodes beyond the budget."""
        if puzzle is not self._puzzle or len(self._memo) > 500_000:
            self._puzzle, self._memo = puzzle, {}
        self._count = 0
        return self._value(puzzle, position_of(boards), left)

    def _value(self, puzzle: Puzzle, sets: BoardSets, left: int) -> tuple[float, int]:
        if not sets:
            return 0.0, -1
        key = (sets, left)
        known = self._memo.get(key)
        if known is not None:
            return known
        boards = len(sets)
        if left <= 0:
            return self.penalty + boards, -1
        if all(len(b) == 1 for b in sets):  # each board known: play them one by one
            best = (boards + (self.penalty if boards > left else 0.0), int(puzzle.guess_of_answer[sets[0][0]]))
            self._memo[key] = best
            return best
        self._count += 1
        if self._count > self.nodes:
            raise OutOfNodes
        union = np.array(sorted({a for b in sets for a in b}), dtype=np.int64)
        column = {int(a): i for i, a in enumerate(union)}
        weights = puzzle.weights_of(union).tolist()
        board_columns = [[column[a] for a in b] for b in sets]
        solved = puzzle.game.solved_reply
        matrix = puzzle.matrix

        # The candidates' own guesses, likeliest to solve a board first.
        share = {a: weights[column[a]] / sum(weights[c] for c in cols)
                 for b, cols in zip(sets, board_columns, strict=True) for a in b}
        order = sorted(union.tolist(), key=lambda a: (-share[a], a))
        best_value, best_guess = np.inf, -1
        for a in order:
            best_value, best_guess = self._try(puzzle, int(puzzle.guess_of_answer[a]), matrix, union, weights,
                                               board_columns, sets, left, solved, best_value, best_guess)
        # Other words solve no board, so they are worth at least 1 + boards.
        if best_value > 1 + boards + EPS:
            ids, parts = distinct_rows(puzzle, union, board_columns, solving=False)
            # The most parts first (the sum over boards of the distinct replies), so that a
            # strong split is found early and its value cuts the others off sooner.
            for g in ids[np.argsort(-parts, kind="stable")]:
                if best_value <= 1 + boards + EPS:
                    break
                best_value, best_guess = self._try(puzzle, int(g), matrix, union, weights, board_columns,
                                                   sets, left, solved, best_value, best_guess)
        result = (float(best_value), int(best_guess))
        self._memo[key] = result
        return result

    def _try(self, puzzle, guess, matrix, union, weights, board_columns, sets, left, solved,
             best_value, best_guess) -> tuple[float, int]:
        """Return the better of (best_value, best_guess) and this guess (kept only if strictly better)."""
        row = matrix[guess, union].tolist()
        outcomes = []  # per board: [(probability, the board's candidates after, or None if solved)]
        lower = 1.0
        for b, cols in zip(sets, board_columns, strict=True):
            masses: dict[int, float] = {}
            members: dict[int, list[int]] = {}
            total = 0.0
            for a, c in zip(b, cols, strict=True):
                r, w = row[c], weights[c]
                total += w
                if r in masses:
                    masses[r] += w
                    members[r].append(a)
                else:
                    masses[r], members[r] = w, [a]
            board = []
            for r, m in masses.items():
                p = m / total
                if r == solved:
                    board.append((p, None))
                else:
                    board.append((p, tuple(members[r])))
                    lower += p  # this board is still open: one more guess at least
            outcomes.append(board)
        if lower >= best_value - EPS:
            return best_value, best_guess
        value = 1.0
        for combo in itertools.product(*outcomes):
            p = 1.0
            children = []
            for q, child in combo:
                p *= q
                if child is not None:
                    children.append(child)
            children.sort()
            value += p * self._value(puzzle, tuple(children), left - 1)[0]
            if value >= best_value - EPS:
                return best_value, best_guess
        return value, guess
