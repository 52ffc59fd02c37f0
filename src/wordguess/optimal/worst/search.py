"""The feasibility search's driver: whether a tree finds every secret within d guesses, for one
opener or one candidate set, proven by the numba kernel (kernel.py); worst.run builds the least
worst case over the openers on it.

`FeasibilitySearch.opener(word, depth)` returns an `OpenerVerdict`: whether a tree opening with
`word` finishes every secret within `depth` guesses, proven either way (or, with a per-reply
limit, undecided when a first reply reaches it and no other refutes the opener). It runs in slices of a
node budget like ExactSolver.solve, so limits and Ctrl-C land promptly, and keeps each opener's
verdict in the result store, so a long proof over every opener can be run in pieces.

`FeasibilitySearch.fewest_last(word, depth)` counts the secrets a tree within `depth` must leave
to its last guess (Bulls and Cows: 50 of 5,040 at the 7th). That search can run for hours, so
with a store it keeps what it proves there as it goes: the counts and bounds of candidate sets of
at least PERSIST_FLOOR secrets and the verdicts of sets of at least FEWEST_VERDICT_FLOOR, saved
every few seconds and when it stops (Ctrl-C and the limits included), and read back when the
next run starts, which then goes through the proven part from its memo.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from wordguess.optimal.total import kernel
from wordguess.optimal.total.search import (
    PERSIST_FLOOR,
    SAVE_EVERY,
    ExactSolver,
    SearchStopped,
    puzzle_key,
)
from wordguess.optimal.worst import groups, growth
from wordguess.optimal.worst import kernel as feasible
from wordguess.trees.tree import Tree
from wordguess.vocab import Progress

T = TypeVar("T")

VERSION = "within-1"  # part of every stored verdict's key: change it if a verdict could change
FEWEST_VERDICT_FLOOR = 15  # fewest_last stores the verdicts of sets this large (Bulls and Cows:
# every set that needs 3 guesses or more; the smaller ones take microseconds to prove again)
REFRESH_AFTER = 60.0  # seconds after which a split count's task reads the store again
NEVER = np.int64(1) << np.int64(62)  # a persist floor no set reaches: nothing is queued for the store


@dataclasses.dataclass
class OpenerVerdict:
    """What the feasibility search proved about one first guess and a depth."""

    opener: str  # the first guess
    depth: int  # the guesses allowed
    feasible: bool | None  # whether some tree opening with it finds every secret within `depth`
    # (None: undecided, its replies in `undecided` passed over at their limit, none refuting it)
    nodes: int  # nodes expanded (0 when read from the store)
    seconds: float  # wall time
    refuter: tuple[str, int] | None = None  # the first reply proven to have no tree, its bucket's size
    undecided: tuple[str, ...] = ()  # the first replies passed over at the per-reply limit


class FeasibilitySearch:
    """The feasibility search over one puzzle, on an ExactSolver's tables (its puzzle, state
    hashes, limits, deadline and store) with a memo and counters of its own."""

    def __init__(self, solver: ExactSolver):
        self.solver = solver  # the puzzle, its states, limits and store
        # Its own params: which verdicts are queued for the store is decided here (none for the
        # openers' verdicts, which are stored whole; the large sets' for fewest_last).
        params = solver.ctx.params.copy()
        params[kernel.PERSIST_FLOOR] = NEVER
        puzzle = solver.puzzle
        group_of, escape, by_guess = groups.group_tables(list(puzzle.answers), solver.ctx.scan,
                                                         puzzle.game.n_replies)
        self.ctx = solver.ctx._replace(memo=kernel.new_memo(), fresh=kernel.new_memo(),
                                       stats=np.zeros(8, dtype=np.int64), params=params, group_of=group_of,
                                       group_escape=escape, group_counts=np.zeros(len(escape), dtype=np.int64),
                                       guess_escape=by_guess)
        self.least = feasible.least_depth_bound(solver.branching, len(puzzle.answers))  # no tree needs fewer
        self.capacity = feasible.capacity_table(solver.branching, len(puzzle.answers), self.least + 1)
        self.counts: kernel.Context | None = None  # fewest_last's context (its memo holds counts)
        base = puzzle_key(puzzle, None)  # the memo keys hold the depth and the allowed guesses
        self.sets_keys = (f"{VERSION}:verdicts:{base}", f"{VERSION}:last-counts:{base}")  # store keys
        self._saved = time.monotonic()  # when fewest_last's results last went to the store
        self._loaded = time.monotonic()  # when they were last read from it

    @property
    def nodes(self) -> int:
        """Return the nodes expanded so far."""
        return int(self.ctx.stats[kernel.NODES])

    def key(self, depth: int) -> str:
        """Return the store key of the verdicts within `depth` guesses."""
        return f"{VERSION}:{puzzle_key(self.solver.puzzle, depth)}"

    def within(self, candidates: np.ndarray, state: tuple[np.ndarray, int], depth: int,
               started: float, start_nodes: int, most: int | None = None) -> bool:
        """Return whether the candidates can be finished within `depth` guesses from `state`;
        raise SearchStopped at the solver's limits (counted from `started` / `start_nodes`), or
        past `most` nodes from `start_nodes`."""
        allowed, h = state
        candidates = np.sort(np.asarray(candidates, dtype=np.int32))
        limits = [n for n in (self.solver.limits.nodes, most) if n is not None]
        while True:
            self.ctx.stats[kernel.ABORTED] = 0
            budget = self.solver.slice
            if limits:
                budget = max(1, min(budget, start_nodes + min(limits) + 1 - self.nodes))
            self.ctx.stats[kernel.BUDGET] = self.nodes + budget
            verdict = int(feasible.within(self.ctx, candidates, allowed, h, depth, self.capacity))
            if verdict != kernel.ABORT:
                return verdict == 1
            self.solver._check_limits(started, start_nodes, self.nodes)
            if most is not None and self.nodes - start_nodes > most:
                raise SearchStopped(f"node budget of {most:,} spent")

    def tree(self, candidates: np.ndarray, state: tuple[np.ndarray, int], depth: int,
             nodes: int | None = None, first: int | None = None, progress: Progress | None = None) -> Tree | None:
        """Return a tree that finishes every candidate within `depth` guesses from `state`, or
        None when no tree does, grown as worst/growth.py says: proof first, and over a large
        set by descent first (`first`: this guess at the root of two or more candidates, None
        when it does not fit). Raise SearchStopped at the solver's limits or past `nodes` nodes
        of this search. `progress` is told the secrets placed."""
        return growth.Growth(self, nodes).grow(candidates, state, depth, first, progress)

    def fewest_last(self, word: str, depth: int, beta: int = int(kernel.INF), progress: Progress | None = None,
                    split: Split | None = None) -> int:
        """Return the fewest secrets a tree opening with `word` and finishing every secret
        within `depth` guesses finds with its last guess (feasible.fewest_last summed over the
        opener's buckets), if below beta; else a proven bound >= beta (INF: no such tree).
        Raise SearchStopped at the solver's limits. `progress(done, total)` follows the opener's
        first replies. With `split`, a first reply's bucket of at least SPLIT_FLOOR secrets is
        searched one second guess a task (see Split); the others here, in the kernel."""
        counts = self._counts_context()
        try:
            return self._fewest_last(counts, word, depth, beta, progress, split)
        finally:
            self.save()  # also when stopped: the next run resumes from what was proven

    def _counts_context(self) -> kernel.Context:
        """Return fewest_last's context, made at the first call: with a store, what earlier runs
        proved is read into both memos, and from now on large sets are queued for the store."""
        if self.counts is None:
            solver, store = self.solver, self.solver.store
            params = solver.ctx.params.copy()
            params[kernel.PERSIST_FLOOR] = PERSIST_FLOOR if store is not None else NEVER
            self.counts = solver.ctx._replace(memo=kernel.new_memo(), fresh=kernel.new_memo(),
                                              stats=np.zeros(8, dtype=np.int64), params=params)
            if store is not None:
                self.ctx.params[kernel.PERSIST_FLOOR] = FEWEST_VERDICT_FLOOR
                self._load()
        return self.counts

    def _load(self) -> None:
        """Read what the store holds for fewest_last into both memos (the stronger entry wins)."""
        store = self.solver.store
        feasible.load_verdicts(self.ctx.memo, *store.sets(self.sets_keys[0]))
        kernel.load(self.counts.memo, *store.sets(self.sets_keys[1]))
        self._loaded = time.monotonic()

    def refresh(self, age: float = REFRESH_AFTER) -> None:
        """Read the store again if the last read is `age` seconds old: a worker of a split count
        then sees what the other workers proved (each writes to the same store)."""
        if self.counts is not None and self.solver.store is not None and time.monotonic() - self._loaded >= age:
            self.save()
            self._load()

    def save(self) -> None:
        """Write fewest_last's newly proven large sets (verdicts and counts) to the store."""
        self._saved = time.monotonic()
        store = self.solver.store
        if store is not None:
            store.save_sets(self.sets_keys[0], *kernel.drain(self.ctx.fresh))
            if self.counts is not None:
                store.save_sets(self.sets_keys[1], *kernel.drain(self.counts.fresh))

    def _fewest_last(self, counts: kernel.Context, word: str, depth: int, beta: int,
                     progress: Progress | None, split: Split | None) -> int:
        solver, puzzle = self.solver, self.solver.puzzle
        started, start_nodes = time.monotonic(), self.nodes + int(counts.stats[kernel.NODES])
        capacity = self._capacity(depth)
        guess = puzzle.index_of(word)
        total = 1 if depth == 1 and len(puzzle.answers) == 1 else 0
        if depth < 1 or (depth == 1 and len(puzzle.answers) > 1):
            return int(kernel.INF)
        buckets = solver.root_buckets(guess)
        for done, (reply, secrets, (allowed, h)) in enumerate(buckets):
            if progress:
                progress(done, len(buckets))
            if total >= beta:
                break
            candidates = np.sort(np.asarray(secrets, dtype=np.int32))
            splitting = split is not None and len(candidates) >= SPLIT_FLOOR
            # Ascending cutoffs: the counts are small (Bulls and Cows: 50 of 5,040), and a search
            # told "only below c matters" cuts a guess as soon as its buckets reach c, where an
            # open search would first count a poor guess's whole subtree. A search that fails
            # returns a proven bound >= c and memoises its nodes' bounds, so the next, wider
            # search starts from them. The step doubles after each failure (few rounds when the
            # count is large); the last round, cut at the caller's beta, is exact or a bound >= it.
            # A split bucket's rounds are each a round of second-guess tasks under the cut.
            cut, step = 1, 1
            while True:
                cut = min(cut, beta - total)
                if splitting:
                    v = self._split_bucket(counts, word, reply, candidates, allowed, h, depth - 1, cut, split,
                                           progress)
                else:
                    v = self._fewest_bucket(counts, candidates, allowed, h, depth - 1, cut, capacity,
                                            started, start_nodes)
                if v < cut or v >= kernel.INF or cut >= beta - total:
                    break
                # (a split bucket's next round starts just past its least bound: its rounds
                # re-read the memo, and a cut past the count costs every second guess more)
                cut, step = v + step, (1 if splitting else step * 2)
            total = min(int(kernel.INF), total + v)
        return total

    def _split_bucket(self, counts: kernel.Context, word: str, reply: int, candidates: np.ndarray,
                      allowed: np.ndarray, h: int, depth: int, beta: int, split: Split,
                      progress: Progress | None) -> int:
        """Return fewest_last of one first reply's bucket (below beta exact, else a bound >= beta)
        as the least over its second guesses of split's totals (progress: over those guesses);
        the memo (and the store) keep it, so a later run answers from them."""
        key = kernel.set_key(counts, candidates, h, depth)
        if key in counts.memo:
            value, exact, _ = kernel.unpack(counts.memo[key])
            if exact or value >= beta:
                return int(value)
        order = self.second_guesses(candidates, allowed, depth)
        v = int(split(word, reply, order, depth, beta, progress))
        kernel.remember(counts, key, len(candidates), np.int64(v), v < beta or v >= kernel.INF, -1)
        self.save()
        return v

    def second_guesses(self, candidates: np.ndarray, allowed: np.ndarray, depth: int) -> list[int]:
        """Return the indices into `allowed` of the guesses worth trying on the candidates with
        `depth` guesses left, in the kernel's order: by the sum of their buckets' last_bound,
        then smallest largest bucket first (guesses that leave one bucket of all are dropped)."""
        puzzle, solved = self.solver.puzzle, self.solver.puzzle.game.solved_reply
        capacity = self._capacity(depth)
        ranked = []
        for i, g in enumerate(allowed.tolist()):
            sizes = np.bincount(puzzle.matrix[g, candidates], minlength=puzzle.game.n_replies)
            if sizes.max() == len(candidates) and sizes[solved] == 0:
                continue  # no information: never part of a best tree
            sizes[solved] = 0
            bound = sum(int(feasible.last_bound(np.int64(m), np.int64(depth - 1), capacity)) for m in sizes if m)
            ranked.append((min(bound, int(kernel.INF)), int(sizes.max()), i))
        return [i for *_, i in sorted(ranked)]

    def second_guess_total(self, candidates: np.ndarray, allowed: np.ndarray, h: int, index: int,
                           depth: int, beta: int) -> int:
        """Return the sum of fewest_last(b, depth - 1) over the unsolved buckets b of the guess
        allowed[index] on the candidates (with `depth` guesses left, that one included), if below
        beta (exact); else a bound >= beta. The kernel's loop of one guess, here so that a bucket
        can be split one second guess a task: largest buckets first, each with rising cutoffs."""
        counts = self._counts_context()
        self.refresh()
        started, start_nodes = time.monotonic(), self.nodes + int(counts.stats[kernel.NODES])
        puzzle, solved = self.solver.puzzle, self.solver.puzzle.game.solved_reply
        capacity = self._capacity(depth)
        g = int(allowed[index])
        buckets = [(r, b) for r, b in puzzle.buckets(g, np.sort(candidates)) if r != solved]
        if len(buckets) == 1 and len(buckets[0][1]) == len(candidates):
            return int(kernel.INF)  # no information
        bounds = {r: int(feasible.last_bound(np.int64(len(b)), np.int64(depth - 1), capacity)) for r, b in buckets}
        rest, total = sum(bounds.values()), 0
        for r, b in sorted(buckets, key=lambda rb: -len(rb[1])):
            rest -= bounds[r]
            if total + rest + bounds[r] >= beta:
                return min(int(kernel.INF), total + rest + bounds[r])
            sub_allowed, sub_h = self.solver.child_state(allowed, h, g, r)
            sub = np.asarray(b, dtype=np.int32)
            cut = beta - total - rest
            rising, step = min(cut, bounds[r] + 1), 1
            while True:  # rising cutoffs, as feasible.fewest_last does below a guess
                v = self._fewest_bucket(counts, sub, sub_allowed, sub_h, depth - 1, rising, capacity,
                                        started, start_nodes)
                if v < rising or v >= kernel.INF or rising >= cut:
                    break
                rising, step = min(cut, v + step), step * 2
            total = min(int(kernel.INF), total + v)
            if total + rest >= beta:
                return min(int(kernel.INF), total + rest)
        return total

    def _capacity(self, depth: int) -> np.ndarray:
        return feasible.capacity_table(self.solver.branching, len(self.solver.puzzle.answers),
                                       max(depth, len(self.capacity) - 1))

    def _fewest_bucket(self, counts, candidates, allowed, h, depth, beta, capacity, started, start_nodes) -> int:
        """feasible.fewest_last on one bucket, in node-budget slices between limit checks."""
        while True:
            for ctx in (counts, self.ctx):
                ctx.stats[kernel.ABORTED] = 0
                ctx.stats[kernel.BUDGET] = ctx.stats[kernel.NODES] + self.solver.slice
            v = int(feasible.fewest_last(counts, self.ctx, candidates, allowed, h, depth, beta, capacity))
            if v != kernel.ABORT:
                return v
            if time.monotonic() - self._saved > SAVE_EVERY:
                self.save()  # a killed run keeps what it proved up to a few seconds ago
            self.solver._check_limits(started, start_nodes, self.nodes + int(counts.stats[kernel.NODES]))

    def opener(self, word: str, depth: int, per_reply: float | None = None,
               per_opener: float | None = None) -> OpenerVerdict:
        """Return whether a tree opening with `word` finds every secret within `depth` guesses
        (from the store when known). Raise SearchStopped at the solver's limits. With
        `per_reply`, each first reply's search stops after that many seconds and the reply is
        passed over (as are those past `per_opener` seconds of the opener's): a reply proven
        to have no tree still refutes the opener, else it is undecided (feasible None); a reply
        of more than growth.FLOOR passed over gets as long again to grow its tree (`_grown`)."""
        solver, puzzle = self.solver, self.solver.puzzle
        guess = puzzle.index_of(word)
        word = puzzle.guesses[guess]
        store = solver.store
        if store is not None and (known := store.opener(self.key(depth), word)) is not None:
            return OpenerVerdict(word, depth, known[0] == 1, 0, 0.0)
        started, start_nodes = time.monotonic(), self.nodes
        ok: bool | None = depth >= 1 and (depth >= 2 or len(puzzle.answers) == 1)
        refuter, passed = None, ()
        if ok and depth >= 2:
            ok, refuter, passed = self._opener_within(guess, depth, started, start_nodes, per_reply, per_opener)
        verdict = OpenerVerdict(word, depth, ok, self.nodes - start_nodes, time.monotonic() - started,
                                refuter, passed)
        if store is not None and ok is not None:
            store.save_opener(self.key(depth), word, int(ok), True, verdict.nodes, verdict.seconds)
        return verdict

    def _opener_within(self, guess: int, depth: int, started: float, start_nodes: int, per_reply: float | None,
                       per_opener: float | None) -> tuple[bool | None, tuple[str, int] | None, tuple[str, ...]]:
        """Return (whether every unsolved reply's bucket of the opener can be finished within
        depth - 1 guesses, None when undecided; the reply that refutes it; the replies passed
        over at their limits): smallest first, as kernel.solve takes them."""
        solver, puzzle = self.solver, self.solver.puzzle
        sizes = puzzle.bucket_sizes(guess, puzzle.all_candidates())
        sizes[puzzle.game.solved_reply] = 0
        if depth - 1 < len(self.capacity) and sizes.max() > self.capacity[depth - 1]:
            # a bucket beyond cap(depth - 1) (feasible.capacity_table): at a glance
            reply = int(np.argmax(sizes))
            return False, (puzzle.game.format_reply(reply), int(sizes[reply])), ()
        passed = []
        for reply, secrets, state in solver.root_buckets(guess):
            text = puzzle.game.format_reply(reply)
            limits = reply_limits(per_reply, per_opener, started)
            if limits and min(limits) <= 0:
                passed.append(text)
                continue
            done, fits = self._under(limits, started, start_nodes,
                                     functools.partial(self.within, secrets, state, depth - 1, started, start_nodes))
            if done and not fits:
                return False, (text, len(secrets)), tuple(passed)
            if done:
                continue
            grown = None
            if len(secrets) > growth.FLOOR:  # a large reply: its tree may grow where the proof did not end
                grown = self._grown(secrets, state, depth - 1, per_reply, per_opener, started, start_nodes)
            if grown is False:
                return False, (text, len(secrets)), tuple(passed)
            if grown is None:
                passed.append(text)  # its own limit: passed over
        return (None if passed else True), None, tuple(passed)

    def _grown(self, secrets: np.ndarray, state: tuple[np.ndarray, int], depth: int, per_reply: float | None,
               per_opener: float | None, started: float, start_nodes: int) -> bool | None:
        """Return whether a reply passed over at its limit fits after all, by growing its tree
        (`tree`: descent first) within the reply's limit again: True with a tree, False when the
        growth proves there is none, None when it stops at the limit."""
        if min(limits := reply_limits(per_reply, per_opener, started)) <= 0:
            return None
        done, tree = self._under(limits, started, start_nodes, functools.partial(self.tree, secrets, state, depth))
        return (tree is not None) if done else None

    def _under(self, limits: list[float], started: float, start_nodes: int, search: Callable[[], T]) -> tuple[bool, T | None]:
        """Return (True, search()) run under a first reply's own limit, the least of `limits` (kept
        within the run's own deadline), or (False, None) when it stops there; a stop at the run's
        own limits, or with no limit of the reply's, is raised. The run's deadline is restored."""
        solver, run = self.solver, self.solver.deadline
        if limits and (run is None or time.time() + min(limits) < run[0]):
            solver.deadline = (time.time() + min(limits), min(limits))
        try:
            return True, search()
        except SearchStopped:
            solver.deadline = run
            solver._check_limits(started, start_nodes, self.nodes)  # the run's own limits: stop
            if not limits:
                raise
            return False, None
        finally:
            solver.deadline = run


def reply_limits(per_reply: float | None, per_opener: float | None, started: float) -> list[float]:
    """Return the seconds a first reply's search may take: its own limit, what is left of the opener's."""
    return [x for x in (per_reply, None if per_opener is None else per_opener - (time.monotonic() - started)) if x is not None]


def refutation_order(solver: ExactSolver, words: list[str]) -> list[str]:
    """Return the openers ordered so the easy refutations come first: largest first-reply
    bucket first (a bucket beyond the capacity of the guesses left fails at once), then fewest
    buckets, then list order."""
    puzzle = solver.puzzle
    keys = []
    for i, word in enumerate(words):
        sizes = puzzle.bucket_sizes(puzzle.index_of(word), puzzle.all_candidates())
        sizes[puzzle.game.solved_reply] = 0
        keys.append((-int(sizes.max()), int((sizes > 0).sum()), i))
    return [words[k[2]] for k in sorted(keys)]


# split(word, reply, order, depth, beta, progress): fewest_last of the bucket of `word`'s first reply `reply`
# with `depth` guesses left, as the least over its second guesses (their indices into the bucket's
# allowed guesses, most promising first) of FeasibilitySearch.second_guess_total, each a task that
# is given the least total found so far as its cutoff: below beta exact, else a bound >= beta;
# progress(done, total) follows the tasks.
Split = Callable[[str, int, list[int], int, int, Progress | None], int]
SPLIT_FLOOR = 500  # a first reply's bucket this large is split (Bulls and Cows: 0 bulls 1 or 2 cows)
