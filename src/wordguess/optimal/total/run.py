"""The least total over many tasks: one opener's proof (split by its first reply when there are
several workers), the exact ranking of the most promising openers, the certification of the
optimum over every allowed opener, and `optimal`, which runs one of them and builds the tree
(or, where the search stopped, a fallback tree whose total is an upper bound)."""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from wordguess.engine.executors import Executor, SerialExecutor
from wordguess.errors import WordguessError
from wordguess.optimal.tasks import (
    SearchSpec,
    bucket_task,
    opener_task,
    promising_openers,
    record,
    run_deadline,
    solver_for,
    stored_result,
)
from wordguess.optimal.total.improve import opener_lower_bound
from wordguess.optimal.total.search import INF, ExactSolver, OpenerResult, SearchStopped
from wordguess.strategies.greedy import Greedy
from wordguess.trees.build import build_tree, make_node
from wordguess.trees.tree import Tree, depth_counts, leaves, total_guesses
from wordguess.vocab import Progress

FALLBACK_METRICS = ("most-parts", "entropy", "expectation")  # greedy trees tried where unproven
ONE_STEP_OPENERS = 50  # a stopped certification bounds each opener's buckets one step deep up to this many openers


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
    # Proven: no opener of the scope has a tree within the depth limit (a result, not a failure).
    infeasible: bool = False
    # Where the search stopped: a proven lower bound on the least total of the scope (of the
    # opener, or over every opener), None where the scope has none (a few openers ranked).
    lower_bound: int | None = None

    @property
    def feasible(self) -> bool:
        """Return whether the tree solves every secret within the depth limit."""
        return self.over_limit == 0 and not self.infeasible

    def to_json(self, n_secrets: int) -> dict:
        """Return the JSON-ready summary."""
        counts = depth_counts(self.tree) if self.tree is not None else {}
        if self.infeasible:
            return {"first": self.first, "total": None, "proven": True, "feasible": False, "scope": self.scope,
                    "secrets": n_secrets, "seconds": round(self.seconds, 3),
                    "search": {"nodes": self.nodes, "cache_hits": self.cache_hits},
                    "openers": [{"opener": r.opener, "value": r.value if r.value < INF else None,
                                 "exact": r.exact} for r in self.openers]}
        if not self.feasible:
            return {"first": self.first, "total": None, "proven": False, "scope": self.scope,
                    "secrets": n_secrets, "over_limit": self.over_limit, "stopped": self.stopped,
                    "lower_bound": self.lower_bound, "seconds": round(self.seconds, 3),
                    "search": {"nodes": self.nodes, "cache_hits": self.cache_hits}}
        return {"first": self.first, "total": self.total, "mean": round(self.total / n_secrets, 4),
                "worst": max(counts) if counts else None, "secrets": n_secrets, "proven": self.proven,
                "scope": self.scope, "seconds": round(self.seconds, 3), "stopped": self.stopped,
                "lower_bound": self.total if self.proven else self.lower_bound,
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


def stopped_bound(solver: ExactSolver, scope: str, first: str | None, results: list[OpenerResult]) -> int | None:
    """Return what a stopped search still proves: a lower bound on the opener's least total
    (scope 'opener'), or on every opener's (scope 'all openers': the least of each opener's
    result or bound), None for a few openers ranked."""
    settled = {r.opener: r.value for r in results}
    if scope == "opener" and first is not None:
        guess = solver.puzzle.index_of(first)
        return max(opener_lower_bound(solver, guess), settled.get(solver.puzzle.guesses[guess], 0))
    if scope == "all openers":
        words = promising_openers(solver)
        one_step = len(words) <= ONE_STEP_OPENERS  # (a pass over every guess per bucket: for a few)
        return min((settled[w] if w in settled else
                    opener_lower_bound(solver, solver.puzzle.index_of(w), one_step=one_step))
                   for w in words)
    return None


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
                       tree, stopped, over, lower_bound=stopped_bound(solver, scope, first, results))

    if not results or stopped:
        settled = [r.opener for r in results if r.exact and r.value < INF]
        return fallback(first or (settled[0] if settled else promising_openers(solver, 1)[0]), stopped)
    best = results[0]
    if best.value >= INF:  # proven: no opener searched has a tree within the limit
        return Outcome(best.opener, 0, True, scope, results, time.monotonic() - started,
                       solver.nodes - nodes_before + sum(r.nodes for r in results), solver.cache_hits,
                       infeasible=True)
    try:
        tree = solver.tree(best.opener)
    except SearchStopped as exc:  # the limit came while the proven tree was grown: the fallback's
        return fallback(best.opener, str(exc))
    if total_guesses(tree) != best.value:
        raise WordguessError(f"internal error: the tree totals {total_guesses(tree)}, not {best.value}")
    return Outcome(best.opener, best.value, True, scope, results, time.monotonic() - started,
                   solver.nodes - nodes_before + sum(r.nodes for r in results), solver.cache_hits, tree)


