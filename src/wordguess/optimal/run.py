"""Running exact searches as independent tasks: one opener's proof (split by its first reply
when there are several workers), the exact ranking of the most promising openers, and the
certification of the optimum over every allowed opener.

A task is a picklable (SearchSpec, ...) tuple handled by a top-level function, so the same
tasks run in this process, on a local process pool or on a Ray cluster (see executors.py). Each
worker builds its solver once per spec and keeps what it proves in the store at the spec's path
(on a cluster, each machine's own file). The driver records every opener result a task returns
in its own store, so the driver's file holds the whole certification wherever the tasks ran.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import time
from collections.abc import Iterator

import numpy as np

from wordguess.engine.executors import Executor, SerialExecutor
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.optimal.search import (
    INF,
    ExactSolver,
    Limits,
    OpenerResult,
    SearchStopped,
    has_symbol_symmetry,
)
from wordguess.optimal.store import ResultStore
from wordguess.optimal.worst import (
    FeasibilitySearch,
    OpenerVerdict,
    Split,
    WorstCase,
    least_worst_case,
)
from wordguess.strategies.greedy import Greedy
from wordguess.strategies.scoring import score_guesses
from wordguess.trees.build import build_tree, make_node
from wordguess.trees.tree import Tree, depth_counts, leaves, total_guesses
from wordguess.vocab import Progress

FALLBACK_METRICS = ("most-parts", "entropy", "expectation")  # greedy trees tried where unproven


@dataclasses.dataclass(frozen=True)
class SearchSpec:
    """Everything a worker needs to rebuild the same search (picklable, hashable)."""

    puzzle: PuzzleSpec  # the rules, lists and mode (normal or hard)
    max_guesses: int | None = None  # the depth limit (None: none)
    store: str | None = None  # the result store's file (None: no store)
    seconds: float | None = None  # time limit of the whole run (every task stops at its end)
    nodes: int | None = None  # node limit of one search call


@functools.lru_cache(maxsize=2)
def solver_for(spec: SearchSpec) -> ExactSolver:
    """Return this process's solver for a spec: built once, and shared by every task that runs
    in this process (a worker's tasks, or the main process's own with the serial executor), so
    the memo grows across tasks."""
    store = ResultStore(spec.store) if spec.store else None
    return ExactSolver(spec.puzzle.build(), spec.max_guesses, Limits(None, spec.nodes), store)


Deadline = tuple[float, float] | None  # when a run's time is up (time.time()) and its seconds


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


def verdict_task(task: tuple[SearchSpec, str, int, Deadline]) -> OpenerVerdict:
    """Return whether some tree opening with the word finishes every secret within the depth
    (a task; the verdict goes to the worker's store too)."""
    spec, word, depth, deadline = task
    with solving(spec, deadline):
        return feasibility_for(spec).opener(word, depth)


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


def split_by_second_guess(executor: Executor, spec: SearchSpec, deadline: Deadline) -> Split:
    """Return a worst.Split that runs a large bucket's second guesses as tasks on the executor:
    most promising first, each drawn with the least total found so far as its cutoff; the least
    of the totals is the bucket's count."""

    def split(word: str, reply: int, order: list[int], depth: int, beta: int, progress: Progress | None) -> int:
        best, least = beta, int(INF)  # the cutoff of the next task; the least value returned
        tasks = ((spec, word, reply, index, depth, best, deadline) for index in order)  # `best` read as drawn
        for done, (_, value) in enumerate(executor.run(second_guess_task, tasks), 1):
            best, least = min(best, value), min(least, value)
            if progress:
                progress(done, len(order))
        # Below beta: the least exact total. Else every task ran cut at beta and returned a
        # bound >= beta (INF where the guess cannot finish): their least is the bucket's bound,
        # INF when no second guess finishes it (not beta, which would make the caller's rising
        # cutoffs climb for ever on an infeasible bucket).
        return best if best < beta else least

    return split


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


@dataclasses.dataclass
class Outcome:
    """What an optimal search found, for reports and JSON."""

    first: str  # the best first guess found
    total: int  # the total guesses of the tree found (the optimum when proven)
    proven: bool  # whether `total` is proven optimal for the scope searched
    scope: str  # what the proof covers: 'opener', 'openers' or 'all openers'
    openers: list[OpenerResult]  # every opener searched, best first
    seconds: float  # wall time
    nodes: int  # nodes expanded in this process and its tasks
    cache_hits: int  # memo answers in this process
    tree: Tree | None = None  # the tree (optimal when proven), if one was built
    stopped: str | None = None  # why the search stopped early, if it did
    # Secrets that the (unproven) tree solves only after the depth limit: when there are any,
    # no tree within the limit was found and `total` bounds nothing.
    over_limit: int = 0

    @property
    def feasible(self) -> bool:
        """Return whether the tree solves every secret within the depth limit."""
        return self.over_limit == 0

    def to_json(self, n_secrets: int) -> dict:
        """Return the JSON-ready summary."""
        counts = depth_counts(self.tree) if self.tree is not None else {}
        if not self.feasible:
            return {"first": self.first, "total": None, "proven": False, "scope": self.scope,
                    "secrets": n_secrets, "over_limit": self.over_limit, "stopped": self.stopped,
                    "seconds": round(self.seconds, 3),
                    "search": {"nodes": self.nodes, "cache_hits": self.cache_hits}}
        return {"first": self.first, "total": self.total, "mean": round(self.total / n_secrets, 4),
                "worst": max(counts) if counts else None, "secrets": n_secrets, "proven": self.proven,
                "scope": self.scope, "seconds": round(self.seconds, 3), "stopped": self.stopped,
                "search": {"nodes": self.nodes, "cache_hits": self.cache_hits},
                "histogram": {str(k): counts[k] for k in sorted(counts)},
                "openers": [{"opener": r.opener, "value": r.value if r.value < INF else None,
                             "exact": r.exact} for r in self.openers]}


def prove_opener(spec: SearchSpec, word: str, executor: Executor | None = None,
                 progress: Progress | None = None) -> OpenerResult:
    """Return the exact value of an opener: in this process (progress per secret), or split
    by first reply over the executor's workers (progress per reply)."""
    solver = solver_for(spec)
    if executor is None or not executor.parallel:
        return solver.opener(word, progress=progress)
    started = time.monotonic()
    guess = solver.puzzle.index_of(word)
    known = stored_result(solver, solver.puzzle.guesses[guess], INF)
    if known is not None:
        return known
    buckets = solver.root_buckets(guess)
    total, done = len(solver.puzzle.answers), 0
    for _, value in executor.run(bucket_task, [(spec, word, reply, solver.deadline) for reply, _, _ in buckets]):
        total += value
        done += 1
        if progress:
            progress(done, len(buckets))
    result = OpenerResult(solver.puzzle.guesses[guess], min(total, INF), True, 0, time.monotonic() - started)
    record(solver, result)
    return result


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


def rank_openers(spec: SearchSpec, count: int, executor: Executor | None = None,
                 progress: Progress | None = None) -> list[OpenerResult]:
    """Return the exact values of the `count` most promising openers, best first."""
    words = promising_openers(solver_for(spec), count)
    executor = executor or SerialExecutor()
    results: list[OpenerResult] = []
    deadline = solver_for(spec).deadline

    def ranked() -> list[OpenerResult]:
        return sorted(results, key=lambda r: (r.value, words.index(r.opener)))

    try:
        for _, result in executor.run(opener_task, [(spec, w, INF, deadline) for w in words]):
            record(solver_for(spec), result)
            results.append(result)
            if progress:
                progress(len(results), len(words))
    except SearchStopped as exc:
        exc.partial = tuple(ranked())
        raise
    return ranked()


def certify(spec: SearchSpec, executor: Executor | None = None, progress: Progress | None = None,
            seed_count: int = 1, limit: int | None = None) -> tuple[list[OpenerResult], int]:
    """Return (every opener's result, best first; the number of openers in all): the best of
    the `seed_count` most promising openers sets the incumbent, then every other opener is
    searched with the cutoff incumbent + 1, so it comes back exact if it ties or beats the
    incumbent and as a bound above it otherwise. With `limit`, only that many openers are
    searched (to time a sample); the result then certifies nothing."""
    solver = solver_for(spec)
    words = promising_openers(solver)
    executor = executor or SerialExecutor()
    if seed_count == 1:  # one seed: split its proof over the workers by first reply
        seeds = [prove_opener(spec, words[0], executor)]
    else:
        seeds = rank_openers(spec, seed_count, executor)
    incumbent = min(r.value for r in seeds)
    results = {r.opener: r for r in seeds}
    rest = [w for w in words if w not in results][: None if limit is None else max(0, limit - len(seeds))]
    for word in rest:
        known = stored_result(solver, word, incumbent + 1)
        if known is not None:
            results[word] = known
            if known.exact and known.value < incumbent:
                incumbent = known.value
    done = len(results)

    def tasks():
        # Drawn lazily by the executor: each task takes the best total proven when it is drawn.
        # Tasks drawn earlier with a higher cutoff are still sound (their exact values are
        # exact; their bounds are at or above the final incumbent + 1 or exact).
        for word in rest:
            if word not in results:
                yield spec, word, incumbent + 1, solver.deadline

    order = {w: i for i, w in enumerate(words)}

    def ranked() -> list[OpenerResult]:
        return sorted(results.values(), key=lambda r: (r.value, not r.exact, order.get(r.opener, 0)))

    try:
        for _, result in executor.run(opener_task, tasks()):
            record(solver, result)
            results[result.opener] = result
            if result.exact and result.value < incumbent:
                incumbent = result.value
            done += 1
            if progress:
                progress(done, len(rest) + len(seeds))
    except SearchStopped as exc:
        exc.partial = tuple(ranked())
        raise
    return ranked(), len(words)


def fallback_tree(solver: ExactSolver, word: str) -> Tree:
    """Return a tree that opens with `word`: optimal below every first reply the solver has
    proven, and the best greedy tree (by the FALLBACK_METRICS) below the others. Its total is an
    upper bound."""
    puzzle = solver.puzzle
    guess = puzzle.index_of(word)
    root = solver.root_state()

    def below(reply: int, secrets: np.ndarray) -> Tree:
        try:
            known = solver.subtree_if_known(secrets, solver.child_state(*root, guess, reply), solver.child)
        except SearchStopped:
            known = None
        if known is not None:
            return known
        history = [(puzzle.guesses[guess], reply)]
        grown = (build_tree(puzzle, Greedy(metric), candidates=secrets, history=history)
                 for metric in FALLBACK_METRICS)
        return min(grown, key=total_guesses)

    return make_node(puzzle, guess, puzzle.all_candidates(), below)


def optimal(spec: SearchSpec, first: str | None = None, openers: int | None = None,
            all_openers: bool = False, executor: Executor | None = None,
            progress: Progress | None = None) -> Outcome:
    """Return the outcome of an optimal search: of one opener (`first`), of the `openers` most
    promising ones, or certified over every opener. A time or node limit ends the search with
    the best tree found so far (an upper bound, `proven` False). What was proven is in the
    store when this returns, or raises (Ctrl-C included)."""
    started = time.monotonic()
    solver = solver_for(spec)
    solver.deadline = run_deadline(spec)
    try:
        return _optimal(solver, spec, first, openers, all_openers, executor, progress, started)
    finally:
        solver.save()


def _optimal(solver: ExactSolver, spec: SearchSpec, first: str | None, openers: int | None,
             all_openers: bool, executor: Executor | None, progress: Progress | None,
             started: float) -> Outcome:
    nodes_before = solver.nodes
    scope = "opener" if first else ("all openers" if all_openers else "openers")
    stopped = None
    results: list[OpenerResult] = []
    try:
        if first:
            results = [prove_opener(spec, first, executor, progress)]
        elif all_openers:
            results, _ = certify(spec, executor, progress)
        else:
            results = rank_openers(spec, openers or 1, executor, progress)
    except SearchStopped as exc:
        stopped = str(exc)
        results = list(exc.partial)  # the openers settled before the stop, best first
    if not results and not stopped:
        raise WordguessError(f"no tree solves every secret within {spec.max_guesses} guesses")
    def fallback(word: str, stopped: str) -> Outcome:
        tree = fallback_tree(solver, word)
        limit = solver.max_guesses
        over = sum(1 for _, depth in leaves(tree) if limit is not None and depth > limit)
        return Outcome(word, total_guesses(tree), False, scope, results, time.monotonic() - started,
                       solver.nodes - nodes_before + sum(r.nodes for r in results), solver.cache_hits,
                       tree, stopped, over)

    if not results or stopped:
        settled = [r.opener for r in results if r.exact and r.value < INF]
        return fallback(first or (settled[0] if settled else promising_openers(solver, 1)[0]), stopped)
    best = results[0]
    if best.value >= INF:
        raise WordguessError("no tree solves every secret within the maximum number of guesses")
    try:
        tree = solver.tree(best.opener)
    except SearchStopped as exc:  # the limit came while the proven tree was grown: the fallback's
        return fallback(best.opener, str(exc))
    if total_guesses(tree) != best.value:
        raise WordguessError(f"internal error: the tree totals {total_guesses(tree)}, not {best.value}")
    return Outcome(best.opener, best.value, True, scope, results, time.monotonic() - started,
                   solver.nodes - nodes_before + sum(r.nodes for r in results), solver.cache_hits, tree)


@dataclasses.dataclass
class WorstOutcome:
    """What `optimal_worst` found: the least worst case, then the least total within it."""

    worst: WorstCase  # the least worst case (or how far its proof got)
    total: Outcome | None  # the least total within it (None if the worst case is not settled)

    def to_json(self, n_secrets: int) -> dict:
        """Return the JSON-ready summary."""
        w = self.worst
        worst = {"least": w.depth, "proven_at_least": w.proven_at_least, "witness": w.witness,
                 "scope": w.scope, "openers": w.openers, "first_guesses": w.guesses, "checked": w.checked, "nodes": w.nodes,
                 "seconds": round(w.seconds, 3), "stopped": w.stopped,
                 "fewest_at_worst": w.fewest_at_worst, "fewest_witness": w.fewest_witness}
        return {"objective": "worst", "worst_case": worst,
                "total": None if self.total is None else self.total.to_json(n_secrets)}


def optimal_worst(spec: SearchSpec, first: str | None = None, openers: int | None = None,
                  all_openers: bool = False, executor: Executor | None = None,
                  progress: Progress | None = None, fewest: bool = False) -> WorstOutcome:
    """Return the least worst case (for the opener `first`, else over every opener, one per
    symmetry class), each smaller depth proven infeasible by the feasibility search, then the
    least total among the trees within it, searched as `optimal` does (`first`, the `openers`
    most promising, or `all_openers`) with that depth as the limit. The spec's max_guesses is
    the deepest worst case tried; its time limit covers both parts. With `fewest`, also the
    fewest secrets that need all the worst case's guesses (worst.fewest_at_worst)."""
    deadline = run_deadline(spec)
    unlimited = dataclasses.replace(spec, max_guesses=None, seconds=None)
    solver = solver_for(unlimited)
    solver.deadline = deadline
    search = feasibility_for(unlimited)

    def verdicts(words: list[str], depth: int) -> Iterator[OpenerVerdict]:
        if executor is None or not executor.parallel:
            yield from (search.opener(word, depth) for word in words)
            return
        # One task per opener, drawn lazily; abandoning the iteration (a tree found) cancels the rest.
        for _, verdict in executor.run(verdict_task, ((unlimited, word, depth, deadline) for word in words)):
            yield verdict

    try:
        if first:
            words, scope = [solver.puzzle.guesses[solver.puzzle.index_of(first)]], "opener"
            covered = 1
        else:
            # One opener per symmetry class: the symmetry maps each member's trees to the others'.
            words, scope = promising_openers(solver), "all openers"
            covered = len(solver.puzzle.guesses)
        parallel = executor is not None and executor.parallel
        worst = least_worst_case(search, words, scope, covered, spec.max_guesses, progress, fewest, verdicts,
                                 split_by_second_guess(executor, unlimited, deadline) if parallel else None)
    finally:
        solver.deadline = None
    if worst.depth is None or worst.stopped:  # (stopped: in the count at the worst case, --fewest-worst)
        return WorstOutcome(worst, None)
    seconds = None if deadline is None else max(1e-3, deadline[0] - time.time())
    within = dataclasses.replace(spec, max_guesses=worst.depth, seconds=seconds)
    count = None if first or all_openers else (openers or 1)
    return WorstOutcome(worst, optimal(within, first, count, all_openers, executor, progress))
