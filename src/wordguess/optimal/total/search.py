"""Exact search for the guess tree with the least total guesses (each secret equally likely),
optionally within a maximum number of guesses, in normal or hard mode.

`ExactSolver.opener(word)` returns an `OpenerResult`: the least total when `word` is played
first, proven, or (with a cutoff) a proven lower bound at or above the cutoff. The work is done
by the numba kernel in `kernel.py` in slices of a node budget, so that a progress callback runs
between slices, Ctrl-C lands within a fraction of a second, and a time or node limit stops the
search cleanly with what was proven so far."""

from __future__ import annotations

import dataclasses
import time

import numba
import numpy as np

from wordguess.engine.patterns import matrix_key
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.bounds import least_total_table
from wordguess.optimal.store import ResultStore
from wordguess.optimal.total import greedy, kernel
from wordguess.optimal.total.symmetry import canonical_classes, class_representatives, code_letters
from wordguess.optimal.worst.groups import no_groups
from wordguess.trees.build import grow_tree
from wordguess.trees.tree import Tree
from wordguess.vocab import Progress

INF = int(kernel.INF)
SLICE = 200  # nodes in the first kernel call between limit and interrupt checks
SLICE_SECONDS = 0.1  # then the slice is resized so that a call takes about this long
SLICE_RANGE = (50, 50_000)  # (a node costs from microseconds to milliseconds)
SEED = 0x5EED_2026  # the set hashes must be the same in every process and run (shared store)
PERSIST_FLOOR = 8  # sets of at least this many secrets are saved to the store
SAVE_EVERY = 5.0  # seconds between saves to the store during one long search call
# Room for the third guesses of symmetric games (ExactSolver.child_state), in guesses: Bulls and
# Cows needs 7,400 per opener, Mastermind 4 x 6 about 100,000 (untouched memory costs nothing).
THIRDS_CAPACITY = 1 << 22
VERSION = "exact-1"  # part of every store key: change it when the search's results could change


# Up to 3^11 = 177,147 replies (Wordle of 11 letters, Sutom of 12: uint32); each node zeroes one
# count per reply, so more would cost more per node than the search itself.
EXACT_DTYPES = (np.uint8, np.uint16, np.uint32)


def exact_problem(puzzle) -> str | None:
    """Return why the exact solver does not take the puzzle, or None when it does (the one check:
    the solver and the analysis ask it; it makes no matrix)."""
    if puzzle.game.lies:
        return f"{puzzle.game.name}'s host lies, so no tree of replies describes its games"
    if puzzle.weighted:
        return "its secrets are weighted (the exact search counts every answer alike)"
    if puzzle.mode not in ("normal", "hard", "strict"):
        return f"{puzzle.mode} mode has no exact search (normal, hard or strict)"
    if puzzle.mode == "strict" and (puzzle.answer_of_guess < 0).any():
        return "strict mode's exact search needs every guess to be a possible secret (--guesses within --answers)"
    if puzzle.game.reply_dtype() not in EXACT_DTYPES:
        return f"{puzzle.game.name} has too many replies for the exact search"
    # The search reads every row: a puzzle that a player's game plays by rows (over FOCUS_BYTES:
    # Wordle of 7 to 9 letters, classic Nerdle) is searched on its whole matrix when that fits.
    if not puzzle.matrix_fits:
        return (f"its pattern matrix ({len(puzzle.guesses):,} guesses x {len(puzzle.answers):,} answers) would "
                f"take {puzzle.matrix_bytes / 2**20:,.0f} MB, over the limit of {puzzle.matrix_limit / 2**20:,.0f} MB")
    return None


class SearchStopped(WordguessError):
    """The search reached its time or node limit before proving a value. A search over several
    openers sets `partial` to the results it had settled before the stop, best first."""

    partial: tuple = ()


@dataclasses.dataclass
class Limits:
    """When a search gives up (None: never)."""

    seconds: float | None = None  # wall time for one search call
    nodes: int | None = None  # nodes expanded in one search call


@dataclasses.dataclass
class OpenerResult:
    """What the search proved about one first guess."""

    opener: str  # the first guess
    value: int  # the least total guesses if exact, else a proven lower bound (>= cutoff)
    exact: bool  # whether `value` is the exact optimum for this opener
    nodes: int  # nodes expanded
    seconds: float  # wall time

    @property
    def feasible(self) -> bool:
        """Return whether some tree meets the depth limit after this opener."""
        return self.value < INF


def puzzle_key(puzzle: Puzzle, max_guesses: int | None, width: int = 0) -> str:
    """Return the key of a puzzle's results in the store: rules, lists (by content), mode, depth
    limit and the search's version (and a restricted search's width: its results are its own)."""
    lists = matrix_key(puzzle.game, puzzle.guesses, puzzle.answers)
    return f"{VERSION}:{lists}:{puzzle.mode}:{max_guesses if max_guesses is not None else '-'}" + (f":n{width}" if width else "")


def has_symbol_symmetry(puzzle: Puzzle) -> bool:
    """Return whether the puzzle is symmetric under renaming symbols: a game that says so
    (Mastermind) played over its full generated set of codes, as answers and as guesses."""
    full = puzzle.game.generated_words()
    return (puzzle.game.symbol_symmetry and full is not None and puzzle.mode == "normal"
            and sorted(puzzle.answers) == sorted(full) and sorted(puzzle.guesses) == sorted(full))


def symmetry_tables(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (symbols of each guess as a mask, canonical guesses of every used-symbol mask
    concatenated, where each mask's guesses start) for the kernel's symmetry reduction."""
    game = puzzle.game
    letters = code_letters(puzzle)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), letters.astype(np.int64)), axis=1)
    n_symbols = len(game.alphabet)
    chosen = [np.flatnonzero(kernel.canonical_guesses(letters, n_symbols, used)).astype(np.int32)
              for used in range(1 << n_symbols)]
    starts = np.concatenate([[0], np.cumsum([len(c) for c in chosen])]).astype(np.int64)
    return masks.astype(np.int64), np.concatenate(chosen), starts


def hard_mode_tables(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (letters of each guess, copies of each letter per guess, marks of each reply) for
    the kernel's hard-mode filter (Wordle-like games only)."""
    game = puzzle.game
    letters = code_letters(puzzle)
    counts = np.zeros((len(puzzle.guesses), len(game.alphabet)), dtype=np.uint8)
    for k in range(letters.shape[1]):
        np.add.at(counts, (np.arange(len(letters)), letters[:, k]), 1)
    marks = np.array([game.letter_marks(r) for r in range(game.n_replies)], dtype=np.uint8)
    return letters, counts, marks


class ExactSolver:
    """The exact search over one puzzle (normal or hard mode), keeping its memo between calls."""

    def __init__(self, puzzle: Puzzle, max_guesses: int | None = None, limits: Limits | None = None,
                 store: ResultStore | None = None, width: int = 0):
        problem = exact_problem(puzzle)
        if problem is not None:
            raise WordguessError(f"the exact search does not take this puzzle: {problem}")
        if max_guesses is not None and max_guesses < 1:
            raise WordguessError(f"--max-guesses must be at least 1, not {max_guesses}")
        self.puzzle = puzzle  # the setting
        # The depth limit (None: none). Every guess of a search tree shrinks the candidates or
        # is the secret, so no path is longer than the number of answers: a limit at least that
        # large binds nothing, and is dropped (the tables below have a row per level).
        if max_guesses is not None and max_guesses >= len(puzzle.answers):
            max_guesses = None
        self.max_guesses = max_guesses
        # A restricted search: only the `width` most promising guesses at each node (0: every
        # guess). Its values are the totals of trees it found and its bounds hold only for
        # trees made of such guesses: nothing it gives is a proof about the puzzle.
        self.width = width
        self.limits = limits or Limits()  # when a call gives up
        self.depth = kernel.UNLIMITED if max_guesses is None else max_guesses
        self.all_guesses = np.arange(len(puzzle.guesses), dtype=np.int32)
        # Symmetric games: below the opener, one guess per class of its stabiliser (False: every
        # canonical guess, the slow twin the tests compare with).
        self.opener_symmetry = True
        self._second: dict[int, np.ndarray] = {}
        self._letters: np.ndarray | None = None
        self._thirds_end = 0  # how much of ctx.third_guesses is filled
        self._wide: np.ndarray | None = None  # upper_total's guesses for large sets
        self.ctx = self._context()
        self._ctx_type: tuple = (None, None)  # (the Context, its numba type), for `call`
        self.child = int(kernel.child_depth(self.depth))  # guesses left below the first one
        self.child_table = self.ctx.tables[kernel.table_row(self.child, len(self.ctx.tables))]
        self.store = store  # where proven results persist (None: nowhere)
        # A whole run's time limit: (the time.time() at which every call stops, its seconds).
        self.deadline: tuple[float, float] | None = None
        # A budget in nodes instead (the analysis's, the same on any machine and load): the node
        # count at which every call stops; with it the slices keep their size, so a search stops
        # at the same node whatever the time its slices took.
        self.node_deadline: int | None = None
        self._saved = time.monotonic()  # when proven results last went to the store
        self.slice = SLICE  # nodes per kernel call between limit checks (smaller: a deadline kept closer)
        self.key = puzzle_key(puzzle, max_guesses, width)
        if store is not None:
            kernel.load(self.ctx.memo, *store.sets(self.key))

    def save(self) -> None:
        """Write the newly proven large-set results to the store."""
        self._saved = time.monotonic()
        if self.store is not None:
            self.store.save_sets(self.key, *kernel.drain(self.ctx.fresh))

    def _context(self) -> kernel.Context:
        puzzle, game = self.puzzle, self.puzzle.game
        n = len(puzzle.answers)
        # Every node of every tree has at most `branching` children: no guess gives more unsolved
        # replies on a subset of the answers than on all of them (Wordle: 150 of the 242 replies
        # at most, on the 2,315 answers). The tables assume it, and the search passes it down.
        self.branching = puzzle.widest_branching
        rows = [least_total_table(n, self.branching, d) for d in range((self.max_guesses or 0) + 1)]
        rows.append(least_total_table(n, self.branching, None))
        rng = np.random.default_rng(SEED)
        hard = puzzle.mode == "hard"
        strict = puzzle.mode == "strict"
        zeros = np.zeros((1, 1), dtype=np.uint8)
        letters, counts, marks = hard_mode_tables(puzzle) if hard else (zeros, zeros, zeros)
        matrix = puzzle.matrix
        symmetric = has_symbol_symmetry(puzzle) and not strict  # (its canonical guesses are not the candidates)
        symbol_mask, canonical, starts = symmetry_tables(puzzle) if symmetric else (
            np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int32), np.zeros(2, dtype=np.int64))
        params = np.array([game.solved_reply, game.n_replies, 2 if strict else int(hard), 3, PERSIST_FLOOR, int(symmetric),
                           self.branching, self.width], dtype=np.int64)
        return kernel.Context(
            matrix, puzzle.guess_of_answer.astype(np.int32), np.stack(rows),
            rng.integers(-(2**63), 2**63 - 1, size=(2, n), dtype=np.int64), kernel.new_memo(),
            kernel.new_memo(), np.zeros(8, dtype=np.int64), params, letters, counts, marks,
            rng.integers(-(2**63), 2**63 - 1, size=len(puzzle.guesses), dtype=np.int64),
            symbol_mask, canonical, starts, kernel.new_table(),
            np.empty(THIRDS_CAPACITY if symmetric else 0, dtype=np.int32), puzzle.by_secret.T,
            kernel.new_table(), *no_groups(n), puzzle.answer_of_guess.astype(np.int32))

    def root_state(self) -> tuple[np.ndarray, int]:
        """Return (the guesses to try first, the memo hash of that set)."""
        if self.ctx.params[kernel.SYMMETRY]:
            return self.ctx.canonical[self.ctx.canonical_start[0]:self.ctx.canonical_start[1]], 1
        if self.ctx.params[kernel.HARD] == 2:
            return self.all_guesses, int(kernel.STRICT_HASH)
        if self.ctx.params[kernel.HARD]:
            return self.all_guesses, int(kernel.allowed_hash_of(self.ctx, self.all_guesses))
        return self.all_guesses, 0

    def call(self, function, *args):
        """Return function(self.ctx, *args) for a kernel that takes the Context first, through the
        compiled code for these argument types once it is known: numba otherwise works out the
        type of the whole Context (a tuple of 18 arrays and dictionaries) at every call, about a
        millisecond, which the tree's growth pays per node (SALET: 0.4 s of 1.6)."""
        if self._ctx_type[0] is not self.ctx:
            self._ctx_type = (self.ctx, numba.typeof(self.ctx))
        args = tuple(int(a) if isinstance(a, np.integer) else a for a in args)  # (int64: one compiled kernel)
        signature = (self._ctx_type[1], *(numba.typeof(a) for a in args))
        compiled = function.overloads.get(signature)
        if compiled is None:
            return function(self.ctx, *args)  # compiles or loads from numba's cache, once
        return compiled.entry_point(self.ctx, *args)

    def child_state(self, allowed: np.ndarray, allowed_hash: int, guess: int, reply: int) -> tuple[np.ndarray, int]:
        """Return (the guesses to try after `guess` got `reply`, their memo hash)."""
        if not self.ctx.params[kernel.HARD] and not self.ctx.params[kernel.SYMMETRY]:
            return allowed, allowed_hash  # kernel.child_allowed's own answer, without passing it the context
        sub, h = self.call(kernel.child_allowed, allowed, allowed_hash, guess, reply)
        if self.ctx.params[kernel.SYMMETRY] and allowed_hash == 1 and self.opener_symmetry:
            # Below the opener: one guess per class of its stabiliser, and below each of those
            # one third guess per class of the two guesses' stabiliser (class_representatives;
            # kernel.child_allowed reads the thirds). Every bucket of the opener is mapped onto
            # itself by the stabiliser, so its value is the same with these sets as with the
            # canonical ones; the hash -2 - opener tells the kernel where it is.
            if guess not in self._second:
                self._second[guess] = self._classes([guess], sub)
                n = len(self.puzzle.guesses)
                tables = (self.ctx.symbol_mask, self.ctx.canonical, self.ctx.canonical_start)
                for second in self._second[guess].tolist():
                    thirds = canonical_classes(self._letters, tables, [guess, second], len(self.puzzle.game.alphabet))
                    start, end = self._thirds_end, self._thirds_end + len(thirds)
                    if end > len(self.ctx.third_guesses):
                        break  # full: the kernel tries the canonical guesses there (slower, as good)
                    self.ctx.third_guesses[start:end] = thirds
                    self.ctx.thirds[guess * n + second] = (start << 32) | end
                    self._thirds_end = end
            return self._second[guess], -2 - guess
        return sub, int(h)

    def upper_total(self, candidates: np.ndarray, depth: int | None = None) -> int | None:
        """Return a proven upper bound on f(candidates) within `depth` guesses (default: the
        solver's): the total of a greedy tree actually built (optimal/total/greedy.py; in hard mode
        over the candidates' own words, always legal), or None when that tree needs more guesses."""
        depth = self.depth if depth is None else depth
        params = self.ctx.params
        if self._wide is None:
            if params[kernel.HARD]:
                self._wide = self.all_guesses[:0].astype(np.int64)
            else:
                self._wide = greedy.top_splitters(self.ctx.matrix, np.arange(len(self.puzzle.answers), dtype=np.int64),
                                                  self.all_guesses, int(params[kernel.N_REPLIES]), greedy.WIDE)
        every = self.all_guesses[:0] if params[kernel.HARD] else self.all_guesses
        total = greedy.greedy_total(self.ctx.matrix, self.ctx.guess_of_answer, np.sort(candidates.astype(np.int64)),
                                    self._wide, every, int(params[kernel.N_REPLIES]), int(params[kernel.SOLVED]),
                                    depth)
        return None if total < 0 else int(total)

    def _classes(self, fixed: list[int], rows: np.ndarray) -> np.ndarray:
        if self._letters is None:
            self._letters = code_letters(self.puzzle)
        return class_representatives(self._letters, fixed, rows, len(self.puzzle.game.alphabet))

    # --- the budgeted call ----------------------------------------------------------------
    @property
    def nodes(self) -> int:
        """Return the nodes expanded so far by this solver."""
        return int(self.ctx.stats[kernel.NODES])

    @property
    def cache_hits(self) -> int:
        """Return how many times the memo answered a node."""
        return int(self.ctx.stats[kernel.HITS])

    def solve(self, candidates: np.ndarray, state: tuple[np.ndarray, int] | None = None, beta: int = INF,
              depth: int | None = None, started: float | None = None, start_nodes: int | None = None) -> int:
        """Return v: f(candidates) if v < beta, else a proven lower bound v >= beta; raise
        SearchStopped at the limits (counted from `started` / `start_nodes`). `state` is
        (allowed guesses, their hash) as root_state and child_state give (default: the root's)."""
        allowed, h = self.root_state() if state is None else state
        depth = self.depth if depth is None else depth
        started = time.monotonic() if started is None else started
        start_nodes = self.nodes if start_nodes is None else start_nodes
        candidates = np.sort(np.asarray(candidates, dtype=np.int32))
        self._check_limits(started, start_nodes)  # calls that each finish within a slice run on
        while True:
            self.ctx.stats[kernel.ABORTED] = 0
            budget = self.slice
            if self.node_deadline is not None:
                budget = max(0, min(budget, self.node_deadline - self.nodes))
            if self.limits.nodes is not None:
                # what is left of the limit (0: a call may still answer from the memo or the
                # quick bounds, but the first node it expands stops it); at least 1 here let
                # every call expand a node past the limit, and a search whose calls each need
                # one node ran on regardless of the limit
                budget = max(0, min(budget, start_nodes + self.limits.nodes - self.nodes))
            self.ctx.stats[kernel.BUDGET] = self.nodes + budget
            call_started = time.monotonic()
            value = int(self.call(kernel.solve, candidates, allowed, h, beta, depth, self.branching))
            if value != kernel.ABORT:
                return value
            if budget == self.slice and self.node_deadline is None:  # a full slice ran: size the next to SLICE_SECONDS
                took = max(time.monotonic() - call_started, 1e-6)
                self.slice = int(min(max(self.slice * SLICE_SECONDS / took, SLICE_RANGE[0]), SLICE_RANGE[1]))
            if time.monotonic() - self._saved > SAVE_EVERY:
                self.save()  # a killed run keeps what it proved up to a few seconds ago
            self._check_limits(started, start_nodes)

    def _check_limits(self, started: float, start_nodes: int, nodes: int | None = None) -> None:
        """Raise SearchStopped past a limit; `nodes` counts the nodes so far (default: this
        solver's; the feasibility search counts its own)."""
        nodes = self.nodes if nodes is None else nodes
        if self.limits.seconds is not None and time.monotonic() - started > self.limits.seconds:
            raise SearchStopped(f"time limit of {self.limits.seconds:g} s reached")
        if self.deadline is not None and time.time() > self.deadline[0]:
            raise SearchStopped(f"time limit of {self.deadline[1]:g} s reached")
        if self.node_deadline is not None and self.nodes >= self.node_deadline:
            raise SearchStopped("the node budget is spent")
        if self.limits.nodes is not None and nodes - start_nodes > self.limits.nodes:
            raise SearchStopped(f"node limit of {self.limits.nodes:,} reached")

    # --- openers --------------------------------------------------------------------------
    def root_buckets(self, guess: int) -> list[tuple[int, np.ndarray, tuple[np.ndarray, int]]]:
        """Return (reply, secrets, state after it) for every unsolved reply of the opener, in
        the order kernel.solve takes a guess's buckets (smallest first)."""
        root = self.root_state()
        buckets = [(reply, secrets.astype(np.int32), self.child_state(*root, guess, reply))
                   for reply, secrets in self.puzzle.buckets(guess, self.puzzle.all_candidates())
                   if reply != self.puzzle.game.solved_reply]
        buckets.sort(key=lambda b: len(b[1]))  # as kernel.solve orders them
        return buckets

    def root_bucket(self, guess: int, reply: int) -> tuple[np.ndarray, tuple[np.ndarray, int]]:
        """Return (the secrets that give `reply` to the opener, the state after it)."""
        secrets = self.puzzle.narrow(self.puzzle.all_candidates(), guess, reply).astype(np.int32)
        return secrets, self.child_state(*self.root_state(), guess, reply)

    def opener(self, word: str, beta: int = INF, progress: Progress | None = None) -> OpenerResult:
        """Return the least total with `word` played first if it is below `beta` (exact), else
        a proven lower bound >= beta. Raise SearchStopped at the limits."""
        guess = self.puzzle.index_of(word)
        word = self.puzzle.guesses[guess]
        stored = self.store.opener(self.key, word) if self.store is not None else None
        if stored is not None and (stored[1] or stored[0] >= beta):
            return OpenerResult(word, stored[0], stored[1], 0, 0.0)
        started, start_nodes = time.monotonic(), self.nodes
        n = len(self.puzzle.answers)
        if self.depth < 1 or (self.depth == 1 and n > 1):
            return OpenerResult(word, INF, True, 0, 0.0)
        buckets = self.root_buckets(guess)
        table = self.child_table
        remaining = sum(int(table[len(s)]) for _, s, _ in buckets)
        total, settled = n, n - sum(len(s) for _, s, _ in buckets)
        exact = True
        for _, secrets, state in buckets:
            remaining -= int(table[len(secrets)])
            cutoff = beta - total - remaining if beta < INF else INF
            try:
                value = self.solve(secrets, state, cutoff, self.child, started, start_nodes)
            finally:
                self.save()
            total += value
            settled += len(secrets)
            if progress:
                progress(settled, n)
            if total + remaining >= beta:
                total, exact = total + remaining, False
                break
        result = OpenerResult(word, min(total, INF), exact, self.nodes - start_nodes, time.monotonic() - started)
        if self.store is not None:
            self.store.save_opener(self.key, word, result.value, result.exact, result.nodes, result.seconds)
        return result

    def bucket_value(self, word: str, reply: int) -> int:
        """Return the exact least total of the secrets that give `reply` to the opener `word`
        (a task of a parallel proof)."""
        secrets, state = self.root_bucket(self.puzzle.index_of(word), reply)
        if len(secrets) == 0:
            raise WordguessError(f"{word!r} never gets the reply {self.puzzle.game.format_reply(reply)}")
        try:
            return self.solve(secrets, state, INF, self.child)
        finally:
            self.save()

    def root_bound(self, guess: int) -> int:
        """Return the admissible bound n + sum of table[|b|] over the opener's unsolved buckets."""
        table = self.child_table
        sizes = self.puzzle.bucket_sizes(guess, self.puzzle.all_candidates())
        sizes[self.puzzle.game.solved_reply] = 0
        if sizes.max() == len(self.puzzle.answers):
            return INF  # the opener learns nothing
        return min(INF, len(self.puzzle.answers) + int(table[sizes[sizes > 0]].sum()))

    # --- trees ----------------------------------------------------------------------------
    # A tree is grown by trees.build.grow_tree; the chooser's state at a node is (the allowed
    # guesses and their hash, the guesses left, the guess forced at the root or -1).
    def tree(self, word: str) -> Tree:
        """Return the optimal tree that opens with `word` (solving what the memo lacks)."""
        candidates = self.puzzle.all_candidates().astype(np.int32)
        return self._grow(candidates, (self.root_state(), self.depth, self.puzzle.index_of(word)))

    def subtree_if_known(self, candidates: np.ndarray, state: tuple[np.ndarray, int], depth: int) -> Tree | None:
        """Return the optimal subtree of a set whose exact value the memo holds, else None."""
        candidates = np.sort(candidates.astype(np.int32))
        if len(candidates) > 2 and self.call(kernel.best_guess, candidates, state[1], depth) < 0:
            return None
        return self.subtree(candidates, state, depth)

    def subtree(self, candidates: np.ndarray, state: tuple[np.ndarray, int], depth: int) -> Tree:
        """Return the optimal subtree of a set within `depth` guesses (solving what the memo lacks)."""
        return self._grow(np.sort(candidates.astype(np.int32)), (state, depth, -1))

    def _grow(self, candidates: np.ndarray, node_state: tuple) -> Tree:
        def after(node_state: tuple, guess: int, reply: int) -> tuple:
            state, depth, _ = node_state
            return self.child_state(*state, guess, reply), int(kernel.child_depth(depth)), -1

        return grow_tree(self.puzzle, candidates, node_state, self._best, after)

    def _best(self, candidates: np.ndarray, node_state: tuple) -> int:
        """Return the optimal guess for the candidates (solving them if the memo lacks it)."""
        state, depth, forced = node_state
        if forced >= 0:
            return forced
        if len(candidates) == 2:
            return int(self.puzzle.guess_of_answer[candidates[0]])
        guess = int(self.call(kernel.best_guess, candidates, state[1], depth))
        if guess < 0:
            if self.solve(candidates, state, INF, depth) >= INF:
                raise WordguessError("no tree meets the depth limit here")
            guess = int(self.call(kernel.best_guess, candidates, state[1], depth))
        return guess
