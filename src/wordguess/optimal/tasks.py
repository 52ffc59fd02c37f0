"""The exact searches as independent tasks, for both problems: the least total (`total/`) and
the least worst case (`worst/`).

A task is a picklable (SearchSpec, ...) tuple handled by a top-level function, so the same
tasks run in this process, on a local process pool or on a Ray cluster (engine/executors.py).
Each worker builds its solver once per spec (`solver_for`, `feasibility_for`) and keeps what it
proves in the store at the spec's path (on a cluster, each machine's own file). The driver
records every opener result a task returns in its own store (`record`), so the driver's file
holds the whole certification wherever the tasks ran, and a rerun skips what it settles
(`stored_result`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import time
from collections.abc import Iterator

import numpy as np

from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.optimal.store import ResultStore
from wordguess.optimal.total import kernel
from wordguess.optimal.total.search import (
    INF,
    ExactSolver,
    Limits,
    OpenerResult,
    SearchStopped,
    has_symbol_symmetry,
)
from wordguess.optimal.worst.search import FeasibilitySearch, OpenerVerdict
from wordguess.strategies.scoring import score_guesses
from wordguess.trees.tree import Tree, total_guesses
from wordguess.vocab import Candidates, Reply, Word


@dataclasses.dataclass(frozen=True)
class SearchSpec:
    """Everything a worker needs to rebuild the same search (picklable, hashable)."""

    puzzle: PuzzleSpec  # the rules, lists and mode (normal or hard)
    max_guesses: int | None = None  # the depth limit (None: none)
    store: str | None = None  # the result store's file (None: no store)
    seconds: float | None = None  # time limit of the whole run (every task stops at its end)
    nodes: int | None = None  # node limit of one search call
    width: int = 0  # a restricted search's guesses per node (ExactSolver.width; 0: every guess)


@functools.lru_cache(maxsize=2)
def solver_for(spec: SearchSpec) -> ExactSolver:
    """Return this process's solver for a spec: built once, and shared by every task that runs
    in this process (a worker's tasks, or the main process's own with the serial executor), so
    the memo grows across tasks."""
    store = ResultStore(spec.store) if spec.store else None
    return ExactSolver(spec.puzzle.build(), spec.max_guesses, Limits(None, spec.nodes), store, spec.width)


Deadline = tuple[float, float] | None  # when a run's time is up (time.time()) and its seconds
Path = tuple[tuple[Word, Reply], ...]  # the turns from the root to a node of a tree (a History, hashable)


def run_deadline(spec: SearchSpec) -> Deadline:
    """Return the deadline of a run that starts now (None without a time limit)."""
    return None if spec.seconds is None else (time.time() + spec.seconds, spec.seconds)


@functools.lru_cache(maxsize=2)
def feasibility_for(spec: SearchSpec) -> FeasibilitySearch:
    """Return this process's feasibility search for a spec (on solver_for's solver), shared by
    its tasks so that its memo grows across them."""
    return FeasibilitySearch(solver_for(spec))


@contextlib.contextmanager
def solving(spec: SearchSpec, deadline: Deadline) -> Iterator[ExactSolver]:
    """Yield this process's solver for a spec (solver_for) with a task's deadline, and put back
    the deadline it had: a cached solver carries no task's deadline into the next, and a task
    run in the main process (the serial executor) leaves the run's own deadline as it was."""
    solver = solver_for(spec)
    before, solver.deadline = solver.deadline, deadline
    try:
        yield solver
    finally:
        solver.deadline = before


# The least total's tasks.

def opener_task(task: tuple[SearchSpec, str, int, Deadline]) -> OpenerResult:
    """Return the opener's result under a cutoff (a task): exact if below it, else a bound."""
    spec, word, beta, deadline = task
    with solving(spec, deadline) as solver:
        return solver.opener(word, beta)


def bucket_task(task: tuple[SearchSpec, str, int, Deadline]) -> int:
    """Return the exact value of one first reply's bucket of an opener (a task)."""
    spec, word, reply, deadline = task
    with solving(spec, deadline) as solver:
        return solver.bucket_value(word, reply)


# The least total's tasks that edit a tree (optimal/total/improve.py): a node's search, an opener's.

def position(solver: ExactSolver, path: Path) -> tuple[Candidates, tuple[np.ndarray, int], int]:
    """Return (the secrets, the search's state, the guesses left) at the node `path` leads to."""
    puzzle = solver.puzzle
    candidates = puzzle.all_candidates()
    state, depth = solver.root_state(), solver.depth
    for word, reply in path:
        guess = puzzle.index_of(word)
        candidates = puzzle.narrow(candidates, guess, reply)
        state = solver.child_state(*state, guess, reply)
        depth = int(kernel.child_depth(depth))
    return candidates.astype(np.int32), state, depth


@dataclasses.dataclass
class Searched:
    """What one task's search found."""

    value: int | None  # f(S) if below the cutoff, else a proven bound at or above it; None: stopped
    tree: Tree | None  # the optimal tree when `value` is below the cutoff
    nodes: int  # nodes expanded
    stopped: str | None = None  # why the search stopped (its node budget, the run's time limit)
    least: bool = True  # whether `tree` is the least total (else only a tree within the guess limit)


WITNESS_BUDGET = 100  # a tree within the limit may spend this many times a search's node budget


def subtree_task(task: tuple[SearchSpec, Path, int, int, Deadline]) -> Searched:
    """Return the search of the node `path` leads to under the cutoff, within the node budget (a
    task): below the cutoff with the optimal subtree, else a bound, or stopped. A node with no
    cutoff (its subtree puts secrets past the guess limit) whose search stops gets any tree
    within the guesses left (FeasibilitySearch.tree, `least` False), or the proof that none
    exists (value INF)."""
    spec, path, beta, budget, deadline = task
    with solving(spec, deadline) as solver:
        candidates, state, depth = position(solver, path)
        found = budgeted(solver, budget, lambda: solver.solve(candidates, state, beta, depth),
                         lambda value: solver.subtree(candidates, state, depth) if value < beta else None)
        if found.value is not None or beta < INF or (deadline is not None and time.time() > deadline[0]):
            return found
        search = feasibility_for(spec)
        start = search.nodes
        try:
            tree = search.tree(candidates, state, depth, budget * WITNESS_BUDGET)
        except SearchStopped as exc:
            return Searched(None, None, found.nodes + search.nodes - start, str(exc))
        nodes = found.nodes + search.nodes - start
        if tree is None:
            return Searched(int(INF), None, nodes)
        return Searched(total_guesses(tree), tree, nodes, least=False)


def opener_tree_task(task: tuple[SearchSpec, Word, int, int, Deadline]) -> Searched:
    """Return the search of an opener under the cutoff, within the node budget (a task): below
    the cutoff with the opener's optimal tree, else a bound, or stopped."""
    spec, word, beta, budget, deadline = task
    with solving(spec, deadline) as solver:
        return budgeted(solver, budget, lambda: solver.opener(word, beta).value,
                        lambda value: solver.tree(word) if value < beta else None)


def budgeted(solver: ExactSolver, budget: int, search, grow) -> Searched:
    """Return search() run within `budget` nodes, with grow(value) (the tree, unbudgeted: the
    memo holds what it needs) when it ends; a stop is a result, not an error."""
    start = solver.nodes
    solver.node_deadline = start + budget
    try:
        value = search()
    except SearchStopped as exc:
        return Searched(None, None, solver.nodes - start, str(exc))
    finally:
        solver.node_deadline = None
        solver.save()
    return Searched(value, grow(value), solver.nodes - start)


# The least worst case's tasks.

def verdict_task(task: tuple[SearchSpec, str, int, Deadline, float | None]) -> OpenerVerdict:
    """Return whether some tree opening with the word finishes every secret within the depth,
    each first reply within the per-reply limit if one is given (a task; the verdict goes to
    the worker's store too)."""
    spec, word, depth, deadline, per_reply = task
    with solving(spec, deadline):
        return feasibility_for(spec).opener(word, depth, per_reply)


def second_guess_task(task: tuple[SearchSpec, str, int, int, int, int, Deadline]) -> int:
    """Return FeasibilitySearch.second_guess_total of one second guess in the bucket of the
    word's first reply (a task of a split count; what it proves goes to the worker's store)."""
    spec, word, reply, index, depth, beta, deadline = task
    search = feasibility_for(spec)
    with solving(spec, deadline) as solver:
        try:
            candidates, (allowed, h) = solver.root_bucket(solver.puzzle.index_of(word), reply)
            return search.second_guess_total(candidates, allowed, h, index, depth, beta)
        finally:
            search.save()


# Both problems' drivers: what the driver's store settles, and the openers in order.

def stored_result(solver: ExactSolver, word: str, beta: int) -> OpenerResult | None:
    """Return an opener's result from the driver's store if it settles the opener under the
    cutoff `beta` (exact, or a bound >= beta), else None: a rerun on a cluster skips what the
    driver recorded, even where the worker that proved it keeps its results on another machine."""
    stored = solver.store.opener(solver.key, word) if solver.store is not None else None
    if stored is None or not (stored[1] or stored[0] >= beta):
        return None
    return OpenerResult(word, stored[0], stored[1], 0, 0.0)


def record(solver: ExactSolver, result: OpenerResult) -> None:
    """Write an opener's result, returned by a task, to the driver's store. A task's worker has
    written it to its own store already, which is this same file only on one machine; the store
    keeps the stronger of two results, so writing it again is harmless."""
    if solver.store is not None:
        solver.store.save_opener(solver.key, result.opener, result.value, result.exact, result.nodes, result.seconds)


def symmetric_openers(puzzle: Puzzle) -> dict[str, list[str]]:
    """Return the first guesses grouped by the game's symmetry, {representative: members}: only
    when the game has one and both lists are its full generated set (so the symmetry maps the
    puzzle to itself); otherwise every guess is its own class."""
    if not has_symbol_symmetry(puzzle):
        return {w: [w] for w in puzzle.guesses}
    classes: dict[object, list[str]] = {}
    for word in puzzle.guesses:
        classes.setdefault(puzzle.game.symmetry_class(word), []).append(word)
    return {members[0]: members for members in classes.values()}


def promising_openers(solver: ExactSolver, count: int | None = None) -> list[str]:
    """Return the allowed first guesses, one per symmetry class, most promising first (lowest
    admissible bound, then most buckets, then list order); the first `count` if given."""
    puzzle = solver.puzzle
    ids = np.array([puzzle.index_of(w) for w in symmetric_openers(puzzle)], dtype=np.int64)
    bounds = np.array([solver.root_bound(g) for g in ids], dtype=np.int64)
    parts = -score_guesses(puzzle, ids, puzzle.all_candidates(), "most-parts")
    order = np.lexsort((ids, -parts, bounds))
    order = order[bounds[order] < INF]
    return [puzzle.guesses[ids[i]] for i in order[:count]]


