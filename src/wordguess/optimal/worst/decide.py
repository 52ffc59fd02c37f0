"""The never-lose guard's last resort: the exact feasibility search, asked where the guided witness
search (strategies.guarantee) found no tree. It settles a position either way within a node
budget: a guess opening a tree that finds every candidate within the guesses left, or a proof
that no tree does (then no strategy can guarantee a win from there), or nothing when the budget
ran out.

The guard lives in the strategies' layer, below this one, so it is given an `ExactDecider` by
whoever builds the strategy (`exact_guard`: the front ends and the benches).

The search counts every candidate alike (a witness must find every one, whatever its prior), on
the puzzle's twin without a prior (Puzzle.counted_alike). The kernel proves a set feasible
without naming the guess; the guess is found after it, by trying the guesses in the kernel's own
order (smallest largest bucket first): the kernel memoised the verdict of every bucket it met,
so the guesses it tried before its witness fail at the memo and the witness's buckets pass there.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Sequence

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.guarantee import split_stats
from wordguess.vocab import Candidates, History

# The exact search's modules are imported at the first decision, not with this one: a front end
# that gives every strategy the decider does not pay for them at start-up (most games never ask).

NODES = 30_000  # nodes per decision (hard mode, every word: a bucket of 104 words after TARSE needs 29,100)
VERSION = 1  # changes when a decision could change
# Candidates beyond which it does not search: 30,000 nodes on 1,136 words take 10 s and settle
# nothing (on 14,855, minutes); on 759 to 853, 5 s.
MOST = 1_000
# Memo entries beyond which a kept search starts afresh (a server's decider lives for days; about
# 40 bytes an entry).
MEMO_MOST = 4_000_000


@dataclasses.dataclass
class ExactDecider:
    """Decides whether every candidate can be found within d guesses (strategies.guarantee.Decider)."""

    nodes: int = NODES  # the node budget of each step of a decision (see __call__)
    most: int = MOST  # the largest set it decides (None for a larger one)
    _search: object | None = dataclasses.field(default=None, repr=False)
    _puzzle: Puzzle | None = dataclasses.field(default=None, repr=False)  # the puzzle whose search is kept
    # one decision at a time (the web's request threads share a decider; the search's memo and
    # counters are its own)
    _lock: threading.Lock = dataclasses.field(default_factory=threading.Lock, repr=False, compare=False)

    def __getstate__(self) -> dict:
        """A pickled decider (a strategy sent to evaluate's workers) leaves its search behind."""
        return {"nodes": self.nodes, "most": self.most}

    def __setstate__(self, state: dict) -> None:
        self.__init__(**state)

    @property
    def key(self) -> str:
        return f"exact:{VERSION}:{self.nodes}:{self.most}"

    def search(self, puzzle: Puzzle):
        """Return the feasibility search of the puzzle (kept, with its memo, while the puzzle is
        the same), or None when the exact search does not take it or the game is symmetric."""
        from wordguess.optimal.total.search import (
            ExactSolver,
            Limits,
            exact_problem,
            has_symbol_symmetry,
        )
        from wordguess.optimal.worst.search import FeasibilitySearch

        if self._puzzle is not puzzle or (self._search is not None and len(self._search.ctx.memo) > MEMO_MOST):
            twin = puzzle.counted_alike()
            self._puzzle, self._search = puzzle, None
            # (not a symmetric game: the solver's symmetry reduction starts from the opening,
            # where a position is reached by any guesses)
            if exact_problem(twin) is None and not has_symbol_symmetry(twin):
                self._search = FeasibilitySearch(ExactSolver(twin, puzzle.game.max_guesses, Limits(nodes=self.nodes)))
        return self._search

    def __call__(self, puzzle: Puzzle, candidates: Candidates, history: History, depth: int,
                 ranking: Sequence[int] = ()) -> int | bool | None:
        with self._lock:
            return self._decide(puzzle, candidates, history, depth, ranking)

    def _decide(self, puzzle: Puzzle, candidates: Candidates, history: History, depth: int,
                ranking: Sequence[int]) -> int | bool | None:
        from wordguess.optimal.total.search import SearchStopped

        search = self.search(puzzle) if len(candidates) <= self.most else None
        if search is None or depth < 1:
            return None if search is None else False
        solver = search.solver
        state = solver.root_state()
        for word, reply in history:
            state = solver.child_state(*state, puzzle.index_of(word), reply)
        candidates = np.sort(np.asarray(candidates, dtype=np.int64))
        # Three budgets of `nodes`: the proof; the strategy's own guesses (the first proven safe
        # is played); the search's own witness, which the proof's memo mostly answers.
        try:
            if not search.within(candidates, state, depth, time.monotonic(), search.nodes):
                return False
        except SearchStopped:
            return None
        started, start_nodes = time.monotonic(), search.nodes
        try:
            for g in ranking:
                if self._safe(search, candidates, state, int(g), depth, started, start_nodes):
                    return int(g)
        except SearchStopped:
            pass
        try:
            return self._witness(search, candidates, state, depth, time.monotonic(), search.nodes)
        except SearchStopped:
            return None

    def _witness(self, search, candidates: np.ndarray, state: tuple[np.ndarray, int],
                 depth: int, started: float, start_nodes: int) -> int | None:
        """Return a guess whose every unsolved bucket is within depth - 1 (the set is proven
        within `depth`), trying them in the kernel's order; SearchStopped past the budget."""
        puzzle = search.solver.puzzle
        allowed = state[0]
        if len(candidates) <= 2 or depth == 1:
            return int(puzzle.guess_of_answer[candidates[0]])
        _, largest = split_stats(puzzle, allowed, candidates)
        useful = np.flatnonzero(largest < len(candidates))  # the others learn nothing
        for i in useful[np.argsort(largest[useful], kind="mergesort")].tolist():
            if self._safe(search, candidates, state, int(allowed[i]), depth, started, start_nodes):
                return int(allowed[i])
        return None

    @staticmethod
    def _safe(search, candidates: np.ndarray, state: tuple[np.ndarray, int], g: int, depth: int, started: float,
              start_nodes: int) -> bool:
        """Return whether every unsolved bucket of the guess g (one the mode allows here) can be
        finished within depth - 1 guesses, largest first; SearchStopped past the budget."""
        solver, puzzle = search.solver, search.solver.puzzle
        if puzzle.mode != "normal" and not (state[0] == g).any():
            return False
        solved = puzzle.game.solved_reply
        buckets = sorted(((r, b) for r, b in puzzle.buckets(g, candidates) if r != solved), key=lambda rb: -len(rb[1]))
        if buckets and len(buckets[0][1]) == len(candidates):
            return False  # it learns nothing
        return all(search.within(b, solver.child_state(*state, g, r), depth - 1, started, start_nodes)
                   for r, b in buckets)


def neighbour_cores(words: Sequence[str], least: Sequence[int] = (4, 3, 2, 1)) -> list[list[int]]:
    """Return subsets of `words` (their indices) that are likelier than the rest to have no tree
    within d guesses, smallest first: for each k of `least`, the words of a cluster of more than
    k that differ in one letter at the same place (?IGHT: EIGHT, FIGHT, LIGHT, ...); a subset
    equal to the one before is left out. A subset with no tree within d proves that the whole set
    has none (a tree for the set, kept to the subset's secrets, is one for it, in hard mode too:
    the guesses allowed depend on the replies, not on the set), and a small subset is settled far
    sooner."""
    groups: dict[str, list[int]] = {}
    for i, word in enumerate(words):
        for k in range(len(word)):
            groups.setdefault(word[:k] + "\0" + word[k + 1:], []).append(i)
    neighbours = [0] * len(words)
    for members in groups.values():
        for i in members:
            neighbours[i] = max(neighbours[i], len(members) - 1)
    cores: list[list[int]] = []
    for k in sorted(least, reverse=True):
        core = [i for i in range(len(words)) if neighbours[i] >= k]
        if core and (not cores or core != cores[-1]):
            cores.append(core)
    return cores


def exact_guard(strategy, decider: ExactDecider | None = None) -> object:
    """Give a strategy's never-lose guard (if it keeps one) an exact decider as its last resort
    (`decider`, kept by the caller to serve several strategies of one puzzle, or a new one), and
    return the strategy."""
    guard = getattr(strategy, "guard", None)
    if guard is not None and getattr(strategy, "guarantee", False) and guard.exact is None:
        guard.exact = decider if decider is not None else ExactDecider()
    return strategy
