"""Improving a guess tree by editing it: the subtrees of any tree (a strategy's, a file's) that
can be done better are searched again by the exact search over every allowed guess, and replaced.

A node at depth d (its guess the d-th) over the set S of secrets below it adds (d - 1)|S| + t
to the tree's total, t its subtree's total counted from the node. Replacing the subtree by the
least-total one within the guesses left, f(S), changes the tree's total by f(S) - t and moves no
other secret; the turns leading to the node stay, so hard mode's rule at the node is what
ExactSolver.child_state makes of them.

The search at a node is ExactSolver.solve on S with the cutoff t (kernel.py's contract): a value
v < t is f(S), and its tree replaces the subtree; v >= t proves f(S) >= t, so the subtree is
optimal as it stands. Each search has a node budget; one that runs out leaves the subtree as it
is and queues the node's children instead. The order: b(S), the least over the allowed guesses
g of |S| + the sum of least_totals[|bucket|] over g's unsolved buckets (bounds.py, within the
guesses left below), bounds f(S) from below, so t - b(S) is the most a node can gain, and the
largest comes first (a node with t = b(S) is proven without a search). A subtree that puts
secrets past the guess limit comes before any other, is searched without a cutoff, and gives way
to any tree within the limit: fewer losses outrank a smaller total. When that search runs out of
nodes, the feasibility search grows a tree within the guesses left (FeasibilitySearch.tree), whose
nodes are then searched as any other; when it proves none exists, the node's children are tried.

With `root`, the first guess may change too: once the tree's own opener is done, the most
promising openers (tasks.promising_openers) are searched with the tree's total as the cutoff
(ExactSolver.opener), and one that comes in under it gives its optimal tree.

The root's guess kept, every tree that opens with it needs at least n + the sum over its first
replies' buckets of f(b) where proven, else b(b): the opener's proven lower bound.

With `under` (Budget.under), only the subtrees below those replies to the first guess are
searched; the others are left as they are, and count their one-step bounds in the opener's.

With a width (SearchSpec.width), each search is restricted to the most promising guesses at each
node (ExactSolver.width): a subtree too large for the exact search is replaced by the best tree of
such guesses, and nothing is proven by it: the opener's lower bound then counts only the one-step
bounds b(S).

The searches run as tasks over an executor (engine/executors.py), in waves: the queue is drawn
from lazily, largest gain first, and a task's result may queue more before the wave ends. What a
task proves stays in the store (tasks.solver_for), so a rerun resumes from it.
"""

from __future__ import annotations

import copy
import dataclasses
import heapq
import itertools
import time

import numpy as np
from numba import njit

from wordguess.engine.executors import Executor, SerialExecutor
from wordguess.games import Game
from wordguess.optimal.tasks import (
    Deadline,
    Path,
    Searched,
    SearchSpec,
    opener_tree_task,
    position,
    promising_openers,
    record,
    run_deadline,
    solver_for,
    subtree_task,
)
from wordguess.optimal.total import kernel
from wordguess.optimal.total.search import INF, ExactSolver, OpenerResult
from wordguess.trees.tree import Node, Tree, follow, leaves, total_guesses
from wordguess.vocab import Candidates, History, Progress, Reply, Word


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much search an improvement spends."""

    nodes: int = 10_000  # the nodes of one search: one subtree's, or one opener's
    root: bool = False  # whether the first guess may change too
    openers: int = 50  # with `root`: the most promising first guesses searched
    under: frozenset[Reply] = frozenset()  # the first replies whose subtrees are searched (none: every one)


@dataclasses.dataclass
class Gain:
    """One subtree replaced by a better one."""

    path: History  # the turns that lead to the node (none: the root)
    size: int  # the secrets below the node
    guesses: tuple[Word, Word]  # the node's guess before and after
    before: int  # the subtree's total guesses, counted from the node, before
    after: int  # after: the least total within the guesses left (proven; restricted: the best its guesses give)
    over_limit: int = 0  # the secrets the old subtree put past the guess limit (the new one: none)


@dataclasses.dataclass
class Improvement:
    """What an improvement found, for reports and JSON."""

    first: Word  # the improved tree's first guess
    tree: Tree  # the improved tree (the given one where nothing was gained)
    secrets: int  # the secrets (leaves)
    before: int  # the given tree's total guesses
    after: int  # the improved tree's
    over_limit: tuple[int, int]  # the secrets past the guess limit, before and after
    gains: list[Gain]  # the subtrees replaced, in the order they were found
    proven: int  # the subtrees proven optimal as they stood
    ran_out: int  # the searches that ran out of their node budget (their nodes' children were searched)
    unsettled: int  # the subtrees a stop left unsearched
    opener_bound: int  # a proven lower bound on any tree that opens with `first` (INF: none within the limit)
    openers: list[OpenerResult]  # with `root`: every other opener searched, best first
    openers_unsettled: int  # with `root`: the openers whose search ran out
    nodes: int  # nodes expanded by the searches
    seconds: float  # wall time
    stopped: str | None = None  # why it stopped before it was done (a time limit, Ctrl-C)
    width: int = 0  # the restricted search's guesses per node (0: the exact search)

    @property
    def optimal_for_opener(self) -> bool:
        """Return whether the tree is proven optimal among the trees that open with its first guess."""
        return self.over_limit[1] == 0 and self.opener_bound == self.after

    def to_json(self, game: Game) -> dict:
        """Return the JSON-ready summary (without the tree, which goes to its file); each gain's
        path is its turns, [guess, reply in the game's notation]."""
        def gain(g: Gain) -> dict:
            return {"path": [[w, game.format_reply(r)] for w, r in g.path], "size": g.size, "guess_before": g.guesses[0],
                    "guess_after": g.guesses[1], "before": g.before, "after": g.after, "gain": g.before - g.after,
                    "over_limit": g.over_limit}

        return {"first": self.first, "secrets": self.secrets, "before": self.before, "after": self.after,
                "mean_before": round(self.before / self.secrets, 4), "mean_after": round(self.after / self.secrets, 4),
                "over_limit_before": self.over_limit[0], "over_limit_after": self.over_limit[1],
                "opener_bound": None if self.opener_bound >= INF else self.opener_bound,
                "optimal_for_opener": self.optimal_for_opener, "gains": [gain(g) for g in self.gains],
                "proven": self.proven, "ran_out": self.ran_out, "unsettled": self.unsettled,
                "openers": [{"opener": r.opener, "value": r.value if r.value < INF else None, "exact": r.exact}
                            for r in self.openers],
                "openers_unsettled": self.openers_unsettled, "nodes": self.nodes, "seconds": round(self.seconds, 3),
                "stopped": self.stopped, "width": self.width or None}


@njit(cache=True)
def one_step_bound(scan, S, allowed, table, solved, n_replies):
    """Return b(S): the least over the allowed guesses g that make progress of |S| + the sum of
    table[|b|] over g's unsolved buckets b (INF when none does). table[m] bounds f of any m
    secrets from below, so each guess's sum bounds its cost, and their least bounds f(S)."""
    counts = np.zeros(n_replies, dtype=np.int64)
    n = len(S)
    best = INF
    for g in allowed:
        for s in S:
            counts[scan[g, s]] += 1
        total = n
        buckets = 0
        hit = False
        for s in S:
            r = scan[g, s]
            size = counts[r]
            if size > 0:
                counts[r] = 0
                if r == solved:
                    hit = True
                else:
                    buckets += 1
                    total += table[size]
        if (buckets > 1 or hit) and total < best:
            best = total
    return best


def node_bound(solver: ExactSolver, candidates: Candidates, state: tuple[np.ndarray, int], depth: int) -> int:
    """Return b(S) for the secrets at a node with `depth` guesses left (INF: none fits)."""
    if len(candidates) == 1:
        return 1 if depth >= 1 else int(INF)
    if depth <= 1:
        return int(INF)
    tables = solver.ctx.tables
    table = tables[kernel.table_row(kernel.child_depth(depth), len(tables))]
    params = solver.ctx.params
    return int(min(INF, one_step_bound(solver.ctx.scan, candidates.astype(np.int64), state[0], table,
                                       params[kernel.SOLVED], params[kernel.N_REPLIES])))


def known_bound(solver: ExactSolver, candidates: Candidates, state: tuple[np.ndarray, int], depth: int) -> int:
    """Return the most the memo (loaded from the store) knows of the secrets' least total with
    `depth` guesses left: its exact value or proven bound, 0 when it knows nothing (or when the
    search is restricted: its memo proves nothing)."""
    if solver.width:
        return 0
    known, _ = solver.call(kernel.memo_entry, solver.call(kernel.set_key, candidates.astype(np.int64), state[1], depth))
    return int(known)


def opener_lower_bound(solver: ExactSolver, guess: int, one_step: bool = True) -> int:
    """Return a proven lower bound on the least total of any tree opening with `guess`: n + the
    sum over its unsolved first replies of the most known of each bucket, its exact value or
    proven bound in the memo, else b(S) (`one_step`; a pass over every allowed guess per bucket)
    or the bound of its size. What a search stopped part way proved still counts."""
    total = len(solver.puzzle.answers)
    buckets = solver.root_buckets(guess)
    if any(len(secrets) == total for _, secrets, _ in buckets):
        return int(INF)  # the opener learns nothing (root_bound's INF)
    for _, secrets, state in buckets:
        floor = (node_bound(solver, secrets, state, solver.child) if one_step
                 else int(solver.child_table[len(secrets)]))
        total += max(known_bound(solver, secrets, state, solver.child), floor)
    return int(min(total, INF))


class TreeImprover:
    """Improves one tree; its state (the tree so far, the gains, the queue) stays whole between
    tasks, so a run stopped anywhere, Ctrl-C included, leaves a valid tree in `result()`."""

    def __init__(self, spec: SearchSpec, tree: Tree, budget: Budget | None = None):
        self.spec = spec  # the puzzle, the guess limit (max_guesses) and the store
        self.budget = budget or Budget()
        self.solver = solver_for(spec)  # this process's: positions and bounds (and the serial tasks)
        self.tree = copy.deepcopy(tree)  # the best tree so far (edited in place: the caller's is left alone)
        self.before = total_guesses(tree)
        self.over_before = self.past_limit(tree, 0)
        self.gains: list[Gain] = []
        self.proven = 0
        self.ran_out = 0
        self.nodes = 0
        self.openers: dict[Word, OpenerResult] = {}
        self.openers_unsettled = 0
        # The root's first replies: the best proven lower bound of each bucket's least total.
        self.first_bounds: dict[Reply, int] = {}
        self.queue: list[tuple[tuple[int, int], int, Path]] = []  # (priority, order, path): a heap
        self.waiting: dict[Path, tuple[int, int]] = {}  # queued or running: (cutoff, past the limit)
        self.order = itertools.count()
        self.settled = 0  # secrets in settled subtrees, for the progress
        self.deadline: Deadline = None
        self.stopped: str | None = None
        self.started = time.monotonic()
        self.progress: Progress | None = None

    def past_limit(self, tree: Tree, above: int) -> int:
        """Return how many secrets the subtree puts past the guess limit, its root `above` guesses deep."""
        limit = self.spec.max_guesses
        return 0 if limit is None else sum(1 for _, depth in leaves(tree) if above + depth > limit)

    def run(self, executor: Executor | None = None, progress: Progress | None = None) -> Improvement:
        """Improve the tree: its opener's subtrees, then (with `root`) other openers. Return the
        result; a time limit ends it early with the best tree so far, Ctrl-C raises with that
        tree in `result()`."""
        executor = executor or SerialExecutor()
        self.started, self.progress = time.monotonic(), progress
        self.deadline = run_deadline(self.spec)
        self.start_nodes()
        self.run_waves(executor, self.subtree_tasks, subtree_task, self.subtree_done)
        if self.budget.root and self.stopped is None and not isinstance(self.tree, str):
            self.run_openers(executor)
        return self.result()

    def expired(self) -> bool:
        """Return whether the run's time limit has passed."""
        return self.deadline is not None and time.time() >= self.deadline[0]

    def run_waves(self, executor: Executor, tasks, fn, done) -> None:
        """Run fn over tasks() until none is left or the run stops; done(item, result) handles
        each result (and may queue more, drawn in the same wave or the next)."""
        while not self.stopped:
            drawn: list = []
            for index, result in executor.run(fn, tasks(drawn)):
                self.nodes += result.nodes
                if self.expired():
                    break
                done(drawn[index], result)
            if self.expired():
                self.stopped = f"time limit of {self.deadline[1]:g} s reached"
            if not drawn:
                return

    # --- the tree's own opener ---------------------------------------------------------
    def start_nodes(self) -> None:
        """Queue the root's children (the root itself is the opener, kept here)."""
        if isinstance(self.tree, str):
            self.settled = 1
            return
        self.queue_children(())

    def queue_children(self, path: Path) -> None:
        """Queue every node just below the node at `path`; count the secrets settled there."""
        node = self.node_at(path)
        below = 0
        for reply, branch in sorted(node.branches.items()):
            if isinstance(branch, Node):
                below += branch.size
                self.consider((*path, (node.guess, reply)), branch)
            elif not path and reply != self.solver.puzzle.game.solved_reply:
                self.first_bounds[reply] = 1
        self.settle(node.size - below)

    def consider(self, path: Path, node: Node) -> None:
        """Queue a node's search, unless its one-step bound proves it optimal already."""
        candidates, state, depth = position(self.solver, path)
        total = total_guesses(node)
        past = self.past_limit(node, len(path))
        # What earlier runs proved (the store) counts too: the opener's bound never falls on a rerun.
        bound = max(node_bound(self.solver, candidates, state, depth), known_bound(self.solver, candidates, state, depth))
        if len(path) == 1:
            self.first_bounds[path[0][1]] = bound
            if self.budget.under and path[0][1] not in self.budget.under:  # left as it is
                self.settle(node.size)
                return
        if past == 0 and total <= bound:
            self.proven += 1
            self.settle(node.size)
            return
        # Most losses first, the shallowest of those first; then the largest possible gain first.
        priority = (-past, len(path)) if past else (0, bound - total)
        self.waiting[path] = (total if past == 0 else int(INF), past)
        heapq.heappush(self.queue, (priority, next(self.order), path))

    def subtree_tasks(self, drawn: list):
        """Yield the queued nodes' tasks, largest gain first, each drawn when a worker is free."""
        while self.queue and not self.expired():
            _, _, path = heapq.heappop(self.queue)
            drawn.append(path)
            yield self.spec, path, self.waiting[path][0], self.budget.nodes, self.deadline

    def subtree_done(self, path: Path, result: Searched) -> None:
        """Replace, prove or open up the node at `path` by its search's result."""
        beta, past = self.waiting.pop(path)
        node = self.node_at(path)
        if result.tree is not None:
            self.replace(path, result.tree, Gain(list(path), node.size, (node.guess, guess_of(result.tree)),
                                                 total_guesses(node), int(result.value), past))
            if not result.least:  # a tree within the limit, its total not searched: its nodes are next
                self.queue_children(path)
                return
            self.bound_first(path, int(result.value))
            self.settle(node.size)
        elif result.value is not None and past == 0:  # f(S) >= beta, the subtree's own total
            self.proven += 1  # (restricted: no better tree of its guesses)
            self.bound_first(path, beta)
            self.settle(node.size)
        else:  # stopped by its budget, or no tree within the guesses left: its children may do better
            if result.value is None:
                self.ran_out += 1
            else:
                self.bound_first(path, int(INF))
            self.queue_children(path)

    def bound_first(self, path: Path, bound: int) -> None:
        """Record what a search proved of a first reply's bucket (a restricted search proves nothing)."""
        if len(path) == 1 and not self.solver.width:
            self.first_bounds[path[0][1]] = bound

    def node_at(self, path: Path) -> Node:
        """Return the node of the current tree that `path` leads to."""
        return follow(self.tree, self.solver.puzzle.game, list(path))

    def replace(self, path: Path, subtree: Tree, gain: Gain) -> None:
        """Put `subtree` in place of the node at `path` and record the gain."""
        if path:
            self.node_at(path[:-1]).branches[path[-1][1]] = subtree
        else:
            self.tree = subtree
        self.gains.append(gain)

    def settle(self, secrets: int) -> None:
        """Count secrets whose subtrees are done with, and tell the progress."""
        self.settled += secrets
        if self.progress:
            self.progress(self.settled, len(self.solver.puzzle.answers))

    # --- other openers -----------------------------------------------------------------
    def run_openers(self, executor: Executor) -> None:
        """Search the most promising other openers, each with the best total so far as its cutoff."""
        first = guess_of(self.tree)
        words = [w for w in promising_openers(self.solver, self.budget.openers + 1) if w != first]
        words = words[:self.budget.openers]
        pending = iter(words)

        def tasks(drawn: list):
            for word in pending:
                if self.expired():
                    return
                beta = self.cutoff()
                drawn.append((word, beta))
                yield self.spec, word, beta, self.budget.nodes, self.deadline

        def done(item: tuple[Word, int], result: Searched) -> None:
            word, beta = item
            if result.value is None:
                self.openers_unsettled += 1
            else:
                found = OpenerResult(word, int(result.value), result.value < beta, result.nodes, 0.0)
                self.openers[word] = found
                record(self.solver, found)
                if result.tree is not None and found.value < self.cutoff():
                    old = self.tree
                    past = self.past_limit(old, 0)
                    self.replace((), result.tree, Gain([], len(self.solver.puzzle.answers),
                                                       (guess_of(old), word), total_guesses(old), found.value, past))
            if self.progress:
                self.progress(len(self.openers) + self.openers_unsettled, len(words))

        self.run_waves(executor, tasks, opener_tree_task, done)

    def cutoff(self) -> int:
        """Return the total an opener must come in under: the tree's, if within the limit."""
        return total_guesses(self.tree) if self.past_limit(self.tree, 0) == 0 else int(INF)

    # --- the outcome ---------------------------------------------------------------------
    def opener_bound(self) -> int:
        """Return the proven lower bound on any tree opening with the tree's first guess."""
        if isinstance(self.tree, str):
            return 1
        changed = [g for g in self.gains if not g.path]
        if changed:  # the last opener taken came with its optimal tree
            return changed[-1].after
        return int(min(INF, self.tree.size + sum(self.first_bounds.values())))

    def result(self) -> Improvement:
        """Return the outcome so far (the best tree so far, whatever stopped the run)."""
        after = total_guesses(self.tree)
        ranked = sorted(self.openers.values(), key=lambda r: (r.value, not r.exact, r.opener))
        return Improvement(guess_of(self.tree), self.tree, len(self.solver.puzzle.answers), self.before, after,
                           (self.over_before, self.past_limit(self.tree, 0)), list(self.gains), self.proven,
                           self.ran_out, len(self.waiting), self.opener_bound(), ranked, self.openers_unsettled, self.nodes,
                           time.monotonic() - self.started, self.stopped, self.solver.width)


def guess_of(tree: Tree) -> Word:
    """Return the first guess a tree plays."""
    return tree if isinstance(tree, str) else tree.guess
