"""The least worst case over many tasks: one verdict per opener and depth (`verdict_task`),
a large first reply's second guesses split over the workers (`split_by_second_guess`), then the
least total within the least worst case (`optimal_worst`)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

from wordguess.engine.executors import Executor
from wordguess.optimal.tasks import (
    Deadline,
    SearchSpec,
    feasibility_for,
    promising_openers,
    run_deadline,
    second_guess_task,
    solver_for,
    verdict_task,
)
from wordguess.optimal.total.run import Outcome, optimal
from wordguess.optimal.total.search import INF
from wordguess.optimal.worst.search import OpenerVerdict, Split, WorstCase, least_worst_case
from wordguess.vocab import Progress


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
