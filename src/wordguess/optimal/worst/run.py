"""The least worst case: the fewest guesses within which some tree finds every secret, each
smaller depth proven infeasible for every opener (`least_worst_case`, on the feasibility
search), over many tasks: one verdict per opener and depth (`verdict_task`), a large first
reply's second guesses split over the workers (`split_by_second_guess`), then the least total
within the least worst case (`optimal_worst`)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Iterator

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
from wordguess.optimal.total.certificates import certified_verdicts
from wordguess.optimal.total.run import Outcome, optimal
from wordguess.optimal.total.search import INF, SearchStopped
from wordguess.optimal.worst.search import FeasibilitySearch, OpenerVerdict, Split, refutation_order
from wordguess.trees.tree import Tree, leaves
from wordguess.vocab import Progress


@dataclasses.dataclass
class WorstCase:
    """The least worst case found, and how far the proof got."""

    scope: str  # 'opener' (one first guess) or 'all openers'
    proven_at_least: int  # every tree in the scope needs at least this many guesses (proven)
    depth: int | None  # a tree within it was found: the least worst case when it equals proven_at_least
    witness: str | None  # an opener with a tree within `depth`
    checked: int  # openers whose verdict at the deepest depth tried is known
    openers: int  # openers searched (one per symmetry class)
    guesses: int  # first guesses covered (every member of each class searched)
    nodes: int  # nodes expanded
    seconds: float  # wall time
    stopped: str | None = None  # why the search stopped early, if it did
    # The fewest secrets that need all `depth` guesses, over the trees within `depth` (proven;
    # None when not asked for or not settled), and an opener whose trees reach it.
    fewest_at_worst: int | None = None
    fewest_witness: str | None = None
    refuter: tuple[str, int] | None = None  # one opener's: the first reply that refuted it at proven_at_least - 1
    undecided: list[str] = dataclasses.field(default_factory=list)  # openers left undecided within
    # proven_at_least, a first reply of each passed over at the per-reply limit (none refuting it)

    @property
    def proven(self) -> bool:
        """Return whether the least worst case is known (a tree within the proven bound)."""
        return self.depth is not None and self.depth == self.proven_at_least


Verdicts = Callable[[list[str], int], Iterable[OpenerVerdict]]  # the verdicts of openers at a depth


def least_worst_case(search: FeasibilitySearch, words: list[str], scope: str, covered: int,
                     ceiling: int | None = None, progress: Progress | None = None, fewest: bool = False,
                     verdicts: Verdicts | None = None, split: Split | None = None,
                     per_reply: float | None = None) -> WorstCase:
    """Return the least worst case over the openers `words` (the first of which is the most
    promising; they stand for `covered` first guesses), trying depths from the capacity bound up to `ceiling` (None: the number of
    secrets, beyond which no useful tree goes). At each depth the most promising opener goes
    first (a tree found ends the search), then the others, easy refutations first; a depth at
    which every opener is refuted is proven infeasible. A SearchStopped inside is caught and
    reported in `stopped`, with what was proven by then. With `fewest`, the fewest secrets
    that need all the least worst case's guesses are then found over the openers too.
    `verdicts(openers, depth)` yields their verdicts in any order (default: one by one here;
    worst.run.optimal_worst spreads them over an executor's workers, `per_reply` the default's
    limit on each first reply); `split` is passed on to FeasibilitySearch.fewest_last. An opener
    left undecided (its first replies passed over at their limit) is asked again at the next
    depth, where a refutation settles the smaller depths too; those it never settles are in
    `undecided`, and proven_at_least stops at the least depth at which one was undecided."""
    started, start_nodes = time.monotonic(), search.nodes
    order = words[:1] + refutation_order(search.solver, words[1:])
    depth, checked = search.least, 0
    top = len(search.solver.puzzle.answers) if ceiling is None else ceiling

    open_since: dict[str, int] = {}  # an undecided opener: the least depth at which it is, none refuting it since
    refuter = None

    def result(found: int | None, witness: str | None, stopped: str | None = None) -> WorstCase:
        # An opener refuted at a depth is refuted at every smaller one: what stays undecided is
        # what keeps proven_at_least below the depth reached.
        proven = min(open_since.values(), default=depth)
        if open_since and stopped is None:
            n = len(open_since)
            stopped = f"{n:,} first {'guess' if n == 1 else 'guesses'} undecided: a first reply of each reached the per-reply limit"
        return WorstCase(scope, proven, found, witness, checked, len(words), covered, search.nodes - start_nodes,
                         time.monotonic() - started, stopped, refuter=refuter if len(words) == 1 else None,
                         undecided=sorted(open_since, key=order.index))

    try:
        while depth <= top:
            checked = 0
            found_verdicts = (verdicts or (lambda ws, d: (search.opener(w, d, per_reply) for w in ws)))(order, depth)
            for asked, verdict in enumerate(found_verdicts, 1):
                if progress:
                    progress(asked, len(order), note=f"trees within {depth} guesses")
                if verdict.feasible is None:
                    open_since.setdefault(verdict.opener, depth)
                    continue
                checked += 1
                refuter = verdict.refuter
                if verdict.feasible:
                    found = result(depth, verdict.opener)
                    if fewest and not open_since:
                        try:
                            found.fewest_at_worst, found.fewest_witness = fewest_at_worst(search, order, depth,
                                                                                          progress, split)
                        except SearchStopped as exc:
                            found.stopped = str(exc)  # the worst case stands; the count was not finished
                        found.nodes, found.seconds = search.nodes - start_nodes, time.monotonic() - started
                    return found
                open_since.pop(verdict.opener, None)
            depth += 1
    except SearchStopped as exc:
        return result(None, None, str(exc))
    return result(None, None)


def fewest_at_worst(search: FeasibilitySearch, words: list[str], depth: int,
                    progress: Progress | None = None, split: Split | None = None) -> tuple[int, str]:
    """Return (the fewest secrets that need all `depth` guesses over the trees within `depth`
    opening with any of `words`, an opener that reaches it): each opener's count is searched
    with the best so far as its cutoff. Raise SearchStopped at the limits."""
    best, witness = int(INF), words[0]
    for i, word in enumerate(words):
        # One opener (one symmetry class, or --first): the progress is its first replies'.
        value = search.fewest_last(word, depth, best, progress if len(words) == 1 else None, split)
        if value < best:
            best, witness = value, word
        if progress:
            progress(i + 1, len(words))
        if best == 0:
            break
    return best, witness


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
    # Where the least total gave no tree within the worst case found (not searched, or stopped):
    # a tree within it opening with the witness, grown by the feasibility search (witness_tree),
    # or why none was grown.
    witness: Tree | None = None
    witness_stopped: str | None = None
    certified: int = 0  # the openers' refutations read from the shipped certificate (certified_verdicts)
    # The least worst case's opener has its tree in that certificate (a witness, not shipped):
    # that tree's total.
    certified_witness: int | None = None

    @property
    def tree(self) -> Tree | None:
        """Return the tree to write: the least total's when it is within the worst case, else the witness."""
        total = self.total
        return total.tree if total is not None and total.tree is not None and total.feasible else self.witness

    def to_json(self, n_secrets: int) -> dict:
        """Return the JSON-ready summary."""
        w = self.worst
        worst = {"least": w.depth, "proven_at_least": w.proven_at_least, "witness": w.witness,
                 "scope": w.scope, "openers": w.openers, "first_guesses": w.guesses, "checked": w.checked, "nodes": w.nodes,
                 "seconds": round(w.seconds, 3), "stopped": w.stopped,
                 "fewest_at_worst": w.fewest_at_worst, "fewest_witness": w.fewest_witness,
                 "refuter": None if w.refuter is None else {"reply": w.refuter[0], "secrets": w.refuter[1]},
                 "undecided": w.undecided}
        return {"objective": "worst", "worst_case": worst,
                "total": None if self.total is None else self.total.to_json(n_secrets),
                "witness_tree": None if self.witness is None else tree_summary(self.witness),
                "witness_stopped": self.witness_stopped, "certified": self.certified,
                "certified_witness": self.certified_witness}


def tree_summary(tree: Tree) -> dict:
    """Return a tree's first guess, secrets, total, mean and worst case, for JSON."""
    depths = [depth for _, depth in leaves(tree)]
    return {"first": tree if isinstance(tree, str) else tree.guess, "secrets": len(depths), "total": sum(depths),
            "mean": round(sum(depths) / len(depths), 4), "worst": max(depths)}


def optimal_worst(spec: SearchSpec, first: str | None = None, openers: int | None = None,
                  all_openers: bool = False, executor: Executor | None = None,
                  progress: Progress | None = None, fewest: bool = False,
                  per_reply: float | None = None, certified: bool = True) -> WorstOutcome:
    """Return the least worst case (for the opener `first`, else over every opener, one per
    symmetry class), each smaller depth proven infeasible by the feasibility search, then the
    least total among the trees within it, searched as `optimal` does (`first`, the `openers`
    most promising, or `all_openers`) with that depth as the limit. The spec's max_guesses is
    the deepest worst case tried; its time limit covers both parts. With `fewest`, also the
    fewest secrets that need all the worst case's guesses (worst.fewest_at_worst). With
    `per_reply`, each first reply of an opener is searched for at most that many seconds, a
    reply that reaches it passed over (FeasibilitySearch.opener): an opener none of whose
    other replies refutes it is left undecided, and the search stops at that depth. With
    `certified`, an opener the shipped certificate of a depth settles (a certificate of
    verdicts: its refuting reply, or a tree walked when the certificate was built) is not
    searched at that depth."""
    deadline = run_deadline(spec)
    unlimited = dataclasses.replace(spec, max_guesses=None, seconds=None)
    solver = solver_for(unlimited)
    solver.deadline = deadline
    search = feasibility_for(unlimited)
    read: set[str] = set()
    witnessed: dict[tuple[str, int], int] = {}  # (opener, depth): its certificate's tree's total

    def verdicts(words: list[str], depth: int) -> Iterator[OpenerVerdict]:
        known = certified_verdicts(solver.puzzle, depth) if certified else {}
        # The witnessed first: a tree within the depth ends the search at it.
        for entry in sorted((known[w] for w in words if w in known), key=lambda e: e.witness is None):
            feasible = entry.witness is not None  # (a certificate refuses a witness it refutes)
            if feasible:
                witnessed[entry.opener, depth] = entry.witness
            else:
                read.add(entry.opener)
            yield OpenerVerdict(entry.opener, depth, feasible, 0, 0.0, entry.refuter)
        words = [w for w in words if w not in known]
        if executor is None or not executor.parallel:
            yield from (search.opener(word, depth, per_reply) for word in words)
            return
        # One task per opener, drawn lazily; abandoning the iteration (a tree found) cancels the rest.
        tasks = ((unlimited, word, depth, deadline, per_reply) for word in words)
        for _, verdict in executor.run(verdict_task, tasks):
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
    if worst.depth is None:
        return WorstOutcome(worst, None, certified=len(read))
    certified_witness = witnessed.get((worst.witness, worst.depth))
    total = None
    if not worst.stopped:  # (stopped: openers undecided below it, or the count at it, --fewest-worst)
        seconds = None if deadline is None else max(1e-3, deadline[0] - time.time())
        within = dataclasses.replace(spec, max_guesses=worst.depth, seconds=seconds)
        count = None if first or all_openers else (openers or 1)
        total = optimal(within, first, count, all_openers, executor, progress)
    found = WorstOutcome(worst, total, certified=len(read), certified_witness=certified_witness)
    if found.tree is None:
        found.witness, found.witness_stopped = witness_tree(search, worst, deadline, progress)
    return found


def witness_tree(search: FeasibilitySearch, worst: WorstCase, deadline: Deadline,
                 progress: Progress | None = None) -> tuple[Tree | None, str | None]:
    """Return (a tree within the worst case found, opening with its witness, grown by the
    feasibility search (FeasibilitySearch.tree: what the verdict proved, its total not the
    least); None with why when the run's limits stop it first)."""
    solver = search.solver
    solver.deadline = deadline
    try:
        guess = solver.puzzle.index_of(worst.witness)
        return search.tree(solver.puzzle.all_candidates(), solver.root_state(), worst.depth, first=guess,
                           progress=progress), None
    except SearchStopped as exc:
        return None, str(exc)
    finally:
        solver.deadline = None
