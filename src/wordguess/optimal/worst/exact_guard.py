"""The never-lose guard's last resort: the exact feasibility search, asked where the guided witness
search (strategies.guard) found no tree. It settles a position either way within a node
budget: a guess opening a tree that finds every candidate within the guesses left, or a proof
that no tree does (then no strategy can guarantee a win from there), or nothing when the budget
ran out.

The guard lives in the strategies' layer, below this one, so it is given an `ExactGuard` by
whoever builds the strategy (`with_exact_guard`: the front ends and the benches).

Before searching, it reads what was proven offline after an opener (scripts/build_refutations.py,
hard mode's TARSE): a core with no tree for a first reply (so no strategy can guarantee a win
there, whatever follows while the candidates hold the core), or a proof second guess by second
guess (SplitProof), or a witness tree for it. The cores
come from `neighbour_cores` and `refuting_core`: clusters of words that differ in one letter at
one place, which hard mode tells apart only a few at a time.

The search counts every candidate alike (a witness must find every one, whatever its prior), on
the puzzle's twin without a prior (Puzzle.counted_alike). The kernel proves a set feasible
without naming the guess; the guess is found after it, by trying the guesses in the kernel's own
order (smallest largest bucket first): the kernel memoised the verdict of every bucket it met,
so the guesses it tried before its witness fail at the memo and the witness's buckets pass there.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import json
import threading
import time
from collections.abc import Sequence
from importlib import resources

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.total.settled import SettledValues
from wordguess.strategies import default_strategy, offered_strategy
from wordguess.strategies.base import Strategy
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.guarded import Guarded
from wordguess.strategies.splits import split_stats
from wordguess.strategies.witnesses import path_of
from wordguess.vocab import Candidates, History

# The exact search's modules are imported at the first decision, not with this one: a front end
# that gives every strategy the exact guard does not pay for them at start-up (most games never ask).

REFUTATIONS_INDEX = "refutations.json"  # in optimal/data: the shipped proofs of no tree (scripts/build_refutations.py)
NODES = 30_000  # nodes per decision (hard mode, every word: a bucket of 104 words after TARSE needs 29,100)
VERSION = 1  # changes when a decision could change
# Candidates beyond which it does not search: 30,000 nodes on 1,136 words take 10 s and settle
# nothing (on 14,855, minutes); on 759 to 853, 5 s.
MOST = 1_000
# Guesses scored per step of a decision, counted as its nodes times the guesses allowed where it
# starts: a node splits every allowed guess, so in normal mode (14,855 guesses) 30,000 nodes take
# 25 to 41 s on a set it cannot settle (SLATE YY..., 230 words; CRANE ...YY, 403), while the
# sets it settles need a few hundred nodes. This caps normal mode's steps at 3,000 nodes (about
# 3 s at most); hard mode, whose guesses narrow turn by turn, keeps its 30,000 below 1,500 allowed.
WORK = 45_000_000
# Memo entries beyond which a kept search starts afresh (a server's exact guard lives for days; about
# 40 bytes an entry).
MEMO_MOST = 4_000_000


def guesses_digest(puzzle: Puzzle) -> str:
    """Return a digest of the puzzle's allowed guesses (a shipped refutation holds for them)."""
    return hashlib.sha256("\n".join(sorted(puzzle.guesses)).encode()).hexdigest()[:16]


@dataclasses.dataclass(frozen=True)
class SplitProof:
    """A first reply whose words no tree finds within the proofs' depth, proven second guess by
    second guess (scripts/build_refutations.py): every second guess the mode allows there keeps
    one of the `cores` together, and no tree finds that core within depth - 1 guesses from the
    position where it was proven (its own second guess and reply). The proof carries over to the
    second guess that keeps it together when that guess's reply allows no guess the proof's did
    not: a tree there would be one for the core where it was proven (hard mode narrows the
    guesses by the replies, so a guess allowed below the one is allowed below the other)."""

    cores: tuple[tuple[str, str, frozenset[str]], ...]  # (second guess, its reply, core)
    second: dict[str, int]  # every allowed second guess -> the core it keeps together
    # the guesses allowed where each core was proven, by (the puzzle's fingerprint, the core's
    # index): a mask follows the order of the puzzle's guesses
    _allowed: dict[tuple[str, int], np.ndarray] = dataclasses.field(default_factory=dict, repr=False, compare=False)

    @functools.cached_property
    def words(self) -> frozenset[str]:
        """Return the words of every core (candidates holding them all are refuted)."""
        return frozenset().union(*(core for _, _, core in self.cores))


@dataclasses.dataclass(frozen=True)
class ShippedProofs:
    """What scripts/build_refutations.py proved offline after an opener (one game, mode and list
    of guesses): the first replies whose words no tree finds within `depth` guesses more (each
    with a core of them that none does, or a proof second guess by second guess), and for the
    first replies whose words a tree does find, that witness tree."""

    opener: str = ""
    depth: int = 0
    cores: dict[str, frozenset[str]] = dataclasses.field(default_factory=dict)  # reply -> core
    nodes: dict[str, str] = dataclasses.field(default_factory=dict)  # turns ("GUESS=REPLY ...") -> guess
    split: dict[str, SplitProof] = dataclasses.field(default_factory=dict)  # reply -> its proof


@functools.lru_cache(maxsize=8)
def shipped_refutations(game_key: str, mode: str, digest: str) -> ShippedProofs:
    """Return the shipped proofs for a game's rules, mode and guesses (empty when none is
    shipped). Each file's sha256 is checked (a damaged one is an error)."""
    folder = resources.files("wordguess.optimal") / "data"
    for entry in json.loads((folder / REFUTATIONS_INDEX).read_text("utf-8"))["files"]:
        if entry["game"] != game_key or entry["mode"] != mode:
            continue
        raw = (folder / entry["file"]).read_bytes()
        if hashlib.sha256(raw).hexdigest() != entry["sha256"]:
            raise WordguessError(f"{entry['file']} is damaged (its sha256 differs from {REFUTATIONS_INDEX}'s)")
        data = json.loads(gzip.decompress(raw))
        if data["guesses"] == digest:
            split = {e["reply"]: SplitProof(tuple((g, r, frozenset(core)) for g, r, core in e["cores"]), e["second"])
                     for e in data.get("split", ())}
            return ShippedProofs(data["opener"], data["depth"], {e["reply"]: frozenset(e["core"]) for e in data["refuted"]},
                                 data["witnessed"], split)
    return ShippedProofs()


def allowed_mask(puzzle: Puzzle, history: History) -> np.ndarray:
    """Return which of the puzzle's guesses its mode allows after `history` (Puzzle.allowed), as
    a mask over them."""
    mask = np.zeros(len(puzzle.guesses), dtype=bool)
    mask[puzzle.allowed(puzzle.all_candidates(), history)] = True
    return mask


@dataclasses.dataclass
class ExactGuard:
    """Decides whether every candidate can be found within d guesses (strategies.guard.LastResort)."""

    nodes: int = NODES  # the node budget of each step of a decision (see __call__)
    most: int = MOST  # the largest set it decides (None for a larger one)
    work: int = WORK  # ... and its budget of guesses scored: nodes times the guesses allowed (see WORK)
    _search: object | None = dataclasses.field(default=None, repr=False)
    _puzzle: Puzzle | None = dataclasses.field(default=None, repr=False)  # the puzzle whose search is kept
    # one decision at a time (the web's request threads share an exact guard; the search's memo and
    # counters are its own)
    _lock: threading.Lock = dataclasses.field(default_factory=threading.Lock, repr=False, compare=False)

    def __getstate__(self) -> dict:
        """A pickled exact guard (a strategy sent to evaluate's workers) leaves its search behind."""
        return {"nodes": self.nodes, "most": self.most, "work": self.work}

    def __setstate__(self, state: dict) -> None:
        self.__init__(**state)

    def key_for(self, puzzle: Puzzle) -> str:
        """Return what its decisions on the puzzle depend on: its version and budgets, and the
        shipped proofs of the puzzle's game and mode (another mode's proofs change nothing here)."""
        return (f"exact:{VERSION}:{self.nodes}:{self.most}:{self.work}:"
                f"{refutations_version(puzzle.game.key, puzzle.mode)}")

    def step_nodes(self, allowed: int) -> int:
        """Return the node budget of each step of a decision where `allowed` guesses are allowed:
        `nodes`, or fewer where a node scores many guesses (`work`)."""
        return max(1, min(self.nodes, self.work // max(allowed, 1)))

    @staticmethod
    def shipped(puzzle: Puzzle, candidates: Candidates, history: History, depth: int) -> int | bool | None:
        """Return what a shipped proof says here (scripts/build_refutations.py): False when the
        history starts with the proof's opener and a reply none of whose trees exists and the
        candidates hold its core (a tree here would, after the guesses since the opener, be one
        for the core within the proof's depth); the witness tree's guess while the game follows
        it (the exact guard still prefers a guess of the strategy's that it proves safe); else None."""
        if not history:
            return None
        proofs = shipped_refutations(puzzle.game.key, puzzle.mode, guesses_digest(puzzle))
        (word, reply), = history[:1]
        if puzzle.game.fold(word) != proofs.opener:
            return None
        reply = puzzle.game.format_reply(reply)
        core, split = proofs.cores.get(reply), proofs.split.get(reply)
        if core is not None or split is not None:
            words = {puzzle.answers[i] for i in candidates}
            if core is not None and len(history) - 1 + depth <= proofs.depth and core <= words:
                return False
            if split is not None and ExactGuard._split_refutes(puzzle, split, words, history, depth, proofs.depth):
                return False
        guess = proofs.nodes.get(path_of(puzzle.game, history))
        return None if guess is None else puzzle.guess_index.get(guess)

    @staticmethod
    def _split_refutes(puzzle: Puzzle, split: SplitProof, words: set[str], history: History, depth: int,
                       proven: int) -> bool:
        """Return whether a proof second guess by second guess settles the position: right after
        the opener, when the candidates hold every core; later, when they hold a core whose
        position allowed every guess allowed here, within depth - 1 guesses (a tree here, kept to
        the core's words, would be one for the core there: see SplitProof)."""
        if len(history) == 1:
            return depth <= proven and split.words <= words
        if depth > proven - 1 or puzzle.mode != "hard":
            return False
        here = None
        for k, (second, reply, core) in enumerate(split.cores):
            if core <= words:
                here = puzzle.allowed(puzzle.all_candidates(), history) if here is None else here
                key = (puzzle.fingerprint, k)
                if key not in split._allowed:
                    split._allowed[key] = allowed_mask(puzzle, [history[0], (second, puzzle.game.parse_reply(reply))])
                if split._allowed[key][here].all():
                    return True
        return False

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
            # where a position is reached by any guesses; not a game played by rows: a player's
            # game never makes a matrix over FOCUS_BYTES)
            if not twin.by_rows and exact_problem(twin) is None and not has_symbol_symmetry(twin):
                self._search = FeasibilitySearch(ExactSolver(twin, puzzle.game.max_guesses, Limits(nodes=self.nodes)))
        return self._search

    def warm(self, puzzle: Puzzle) -> None:
        """Set the puzzle's search up and load its kernels (a decision on a few of its secrets),
        so that the first position that needs them does not wait for it (a server's worker)."""
        few = np.arange(min(8, len(puzzle.answers)), dtype=np.int64)
        self(puzzle, few, (), puzzle.game.max_guesses)

    def __call__(self, puzzle: Puzzle, candidates: Candidates, history: History, depth: int,
                 ranking: Sequence[int] = ()) -> int | bool | None:
        with self._lock:
            return self._decide(puzzle, candidates, history, depth, ranking)

    def _decide(self, puzzle: Puzzle, candidates: Candidates, history: History, depth: int,
                ranking: Sequence[int]) -> int | bool | None:
        from wordguess.optimal.total.search import SearchStopped

        shipped = self.shipped(puzzle, candidates, history, depth)
        if shipped is False:
            return False
        search = self.search(puzzle) if len(candidates) <= self.most else None
        if search is None or depth < 1:
            return shipped if search is None else False
        solver = search.solver
        state = solver.root_state()
        for word, reply in history:
            state = solver.child_state(*state, puzzle.index_of(word), reply)
        solver.limits.nodes = self.step_nodes(len(state[0]))
        candidates = np.sort(np.asarray(candidates, dtype=np.int64))
        # Three budgets of `step_nodes`: the proof (none when a shipped witness tree is the proof); the
        # strategy's own guesses (the first proven safe is played); the shipped tree's guess, else
        # the search's own witness, which the proof's memo mostly answers.
        try:
            if shipped is None and not search.within(candidates, state, depth, time.monotonic(), search.nodes):
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
        if shipped is not None:
            return shipped
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


@functools.lru_cache(maxsize=16)
def refutations_version(game_key: str, mode: str) -> str:
    """Return a digest of the shipped refutations' index entries for a game and mode (part of the
    exact guard's key: its decisions there depend on them)."""
    index = json.loads((resources.files("wordguess.optimal") / "data" / REFUTATIONS_INDEX).read_text("utf-8"))
    entries = [e for e in index["files"] if e["game"] == game_key and e["mode"] == mode]
    return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16] if entries else "none"


def neighbour_cores(words: Sequence[str], least: Sequence[int] = (4, 3, 2, 1), largest: int = 10) -> list[list[int]]:
    """Return subsets of `words` (their indices) likelier than the rest to have no tree within d
    guesses. A subset with no tree within d proves that the whole set has none (a tree for the
    set, kept to the subset's secrets, is one for it, in hard mode too: the guesses allowed
    depend on the replies, not on the set), and a small subset is settled far sooner.

    They are built from clusters: words that differ in one letter at the same place (?ILLS:
    BILLS, DILLS, FILLS, ...), which hard mode can only tell apart a few at a time. First each
    cluster of 4 or more, largest first; then the union of each two of the `largest` largest
    (hard mode after TARSE: ?ILLS alone has no tree within 5, nor ?ISTS and ?INTS together);
    then, for each k of `least`, every word with k or more neighbours at one place. A subset
    equal to one before is left out."""
    groups: dict[str, list[int]] = {}
    for i, word in enumerate(words):
        for k in range(len(word)):
            groups.setdefault(word[:k] + "\0" + word[k + 1:], []).append(i)
    clusters = sorted((members for members in groups.values() if len(members) >= 4), key=lambda m: (-len(m), m))
    cores = [list(c) for c in clusters]
    top = clusters[:largest]
    pairs = (sorted(set(a) | set(b)) for n, a in enumerate(top) for b in top[n + 1:])
    cores += sorted(pairs, key=lambda core: (len(core), core))
    neighbours = [0] * len(words)
    for members in groups.values():
        for i in members:
            neighbours[i] = max(neighbours[i], len(members) - 1)
    for k in sorted(least, reverse=True):
        cores.append([i for i in range(len(words)) if neighbours[i] >= k])
    seen: set[tuple[int, ...]] = set()
    unique = []
    for core in cores:
        if core and tuple(core) not in seen and len(core) < len(words):
            seen.add(tuple(core))
            unique.append(core)
    return unique


# The node budgets of refuting_core's rounds: most cores with a tree show it within the first
# two (a few hundred to 30,000 nodes); the cores that proved hard-mode buckets after TARSE have no
# tree took 12,860 to 108,792.
CORE_ROUNDS = (3_000, 30_000, 300_000)


def refuting_core(search, secrets: np.ndarray, state: tuple[np.ndarray, int], depth: int,
                  rounds: Sequence[int] = CORE_ROUNDS, most: int = 150) -> np.ndarray | None:
    """Return a subset of the secrets (a core of `neighbour_cores`) proven to have no tree within
    `depth` guesses from `state`, so neither has the whole set; None when none was found. Every
    core of at most `most` words is tried within the first round's node budget, those it left
    undecided within the next, and so on: a core with a tree is set aside as soon as it shows
    one (a larger core costs more per node, and the whole set is searched apart)."""
    from wordguess.optimal.total.search import SearchStopped

    solver = search.solver
    words = [solver.puzzle.answers[i] for i in secrets]
    left = [np.asarray(secrets)[core] for core in neighbour_cores(words) if len(core) <= most]
    limits = solver.limits
    try:
        for budget in rounds:
            solver.limits = dataclasses.replace(limits, nodes=budget)
            undecided = []
            for core in left:
                try:
                    if not search.within(core, state, depth, time.monotonic(), search.nodes):
                        return core
                except SearchStopped:
                    undecided.append(core)
            left = undecided
    finally:
        solver.limits = limits
    return None


def with_exact_guard(strategy: Strategy, exact_guard: ExactGuard | None = None) -> Strategy:
    """Give a strategy's never-lose guard (if it keeps one) an exact guard as its last resort
    (`exact_guard`, kept by the caller to serve several strategies of one puzzle, or a new one), and
    return the strategy."""
    guard = strategy.guard
    if guard is not None and strategy.guarantee and guard.exact is None:
        guard.exact = exact_guard if exact_guard is not None else ExactGuard()
    return strategy


def played_strategy(name: str | None, puzzle, exact_guard: ExactGuard | None = None, several: bool = False,
                    **offered) -> Strategy:
    """Return the strategy a front end plays on a puzzle (`several`: of several boards): the one
    named (or the default, strategies.default_strategy) with those of the `offered` options it
    takes (seed, width), its never-lose guard given an exact guard (with_exact_guard)."""
    strategy = with_exact_guard(offered_strategy(default_strategy(name, puzzle, several), several, **offered), exact_guard)
    inner = strategy.inner if isinstance(strategy, Guarded) else strategy
    if isinstance(inner, FewestGuesses) and puzzle is not None and not several and inner.limit is None:
        inner.settled = SettledValues.for_puzzle(puzzle)
    return strategy
