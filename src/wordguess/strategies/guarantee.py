"""The never-lose guarantee: a guess is played only when every secret it may leave can still be
found within the guesses left, whatever its prior.

"Every secret of a set S can be found within d guesses" is proven by a witness: a guess tree
over S no deeper than d. `Witnesses` looks for one by a guided depth-limited search: at each set
it tries the few guesses that split S best (most buckets, then the smallest largest bucket, a
candidate first), each kept only if every one of its buckets has a witness within d - 1. Two
cases are settled without search:
- |S| <= d (or |S| = 2 and d >= 2): guessing the candidates one by one finds each within |S|,
  since each guess is the secret or removes itself from the set;
- d = 2: exactly the sets that some guess splits into singletons (the search over every allowed
  guess is exhaustive there, so "no witness" within 2 is a proof).
Above 2, "no witness found" means only that the guided search (with its width and node budget)
found none, not that none exists; `guard` then falls back to the guess of a witness of the whole
set, found in the same way, then to an exact decider when one was given (`Guard.exact`: the
exact feasibility search, optimal.worst.decide, injected by the front ends, as it lives in a
layer above this one), and to the strategy's own choice only when none of them shows a win.
`Guard.promise` then says which: no win shown (UNKNOWN), or none possible (IMPOSSIBLE: the exact
search proved that no strategy wins every candidate from here).

The search is the check of `Guard.choose`: the strategy ranks its guesses by what it wants
(fewest guesses expected under the prior), the guard plays the first of them that is safe.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import json
from collections.abc import Sequence
from importlib import resources
from typing import Protocol

import numpy as np
from numba import get_num_threads, njit, prange

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.strategies.scoring import chunk_range, reply_table
from wordguess.vocab import Candidates, History

NONE = -1  # no witness found (at the widths tried so far)
SHOWN, IMPOSSIBLE, UNKNOWN = "shown", "impossible", "unknown"  # what Guard.promise says of a win
CALL_CELLS = 500_000  # a split's fixed cost with its node's own work, in replies looked up (about 0.5 ms here)
WIDTHS = (3, 12, 40)
GUARANTEE_INDEX = "guarantee.json"  # the shipped witness trees: game, file, sha256  # guesses tried per set, in rounds: a wider round only when the narrower fails


def path_of(game, history: History) -> str:
    """Return the turns of a history as "GUESS=REPLY ..." (the keys of a witness tree)."""
    return " ".join(f"{game.fold(g)}={game.format_reply(r)}" for g, r in history)


class OutOfNodes(Exception):
    """The search examined more sets than its budget allows."""


@njit(cache=True, nogil=True)
def _split_chunk(table, guess_ids, candidates, solved, counts, parts, largest, lo, hi):
    """Fill parts[i] (non-empty buckets, the solved one included) and largest[i] (the largest
    unsolved bucket) for guesses lo..hi-1; `counts` is zeroed scratch, left zeroed."""
    for i in range(lo, hi):
        g = guess_ids[i]
        p = 0
        big = 0
        for s in candidates:
            r = table[g, s]
            c = counts[r] + 1
            counts[r] = c
            if c == 1:
                p += 1
            if c > big and r != solved:
                big = c
        for s in candidates:
            counts[table[g, s]] = 0
        parts[i] = p
        largest[i] = big


@njit(parallel=True, cache=True, nogil=True)
def _split_parallel(table, guess_ids, candidates, solved, n_replies, n_chunks, parts, largest):
    for chunk in prange(n_chunks):
        lo, hi = chunk_range(guess_ids.shape[0], chunk, n_chunks)
        _split_chunk(table, guess_ids, candidates, solved, np.zeros(n_replies, dtype=np.int32), parts, largest,
                     lo, hi)


def split_stats(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """Return (the number of buckets, the largest unsolved bucket) of each guess on the
    candidates, counted in secrets whatever their prior."""
    n = len(guess_ids)
    parts, largest = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    if n:
        table = reply_table(puzzle, len(candidates))
        guess_ids = np.ascontiguousarray(guess_ids, dtype=np.int64)
        candidates = np.ascontiguousarray(candidates, dtype=np.int64)
        solved, n_replies = puzzle.game.solved_reply, puzzle.game.n_replies
        if n * len(candidates) < 2_000_000:
            _split_chunk(table, guess_ids, candidates, solved, np.zeros(n_replies, dtype=np.int32), parts, largest,
                         0, n)
        else:
            _split_parallel(table, guess_ids, candidates, solved, n_replies, min(n, 8 * get_num_threads()), parts,
                            largest)
    return parts, largest


SPLIT_BLOCK = 256  # guesses per block in split_every: its per-candidate counts stay in the first-level cache


@njit(cache=True, nogil=True)
def _split_every(by_secret, candidates, solved, parts, largest):
    """split_stats of every guess, a block of guesses at a time: each pair of candidates is
    compared over the block (contiguous rows of by_secret, loops the compiler vectorises), each
    candidate counting the candidates with its reply (its bucket's size, up to 255) and whether
    an earlier one has it (then its bucket was counted already)."""
    k = candidates.shape[0]
    total = by_secret.shape[1]
    size = np.empty((k, SPLIT_BLOCK), np.uint8)
    seen = np.empty((k, SPLIT_BLOCK), np.uint8)
    block_parts = np.empty(SPLIT_BLOCK, np.uint8)
    block_largest = np.empty(SPLIT_BLOCK, np.uint8)
    for lo in range(0, total, SPLIT_BLOCK):
        hi = min(total, lo + SPLIT_BLOCK)
        n = hi - lo
        size[:, :] = 1
        seen[:, :] = 0
        for i in range(1, k):
            reply_i, size_i, seen_i = by_secret[candidates[i], lo:hi], size[i], seen[i]
            for j in range(i):
                reply_j, size_j = by_secret[candidates[j], lo:hi], size[j]
                for t in range(n):
                    same = np.uint8(reply_i[t] == reply_j[t])
                    size_i[t] += same
                    size_j[t] += same
                    seen_i[t] |= same
        block_parts[:] = 0
        block_largest[:] = 0
        for i in range(k):
            reply_i, size_i, seen_i = by_secret[candidates[i], lo:hi], size[i], seen[i]
            for t in range(n):
                block_parts[t] += np.uint8(1) - seen_i[t]
                block_largest[t] = max(block_largest[t], size_i[t] * np.uint8(reply_i[t] != solved))
        for t in range(n):
            parts[lo + t] = block_parts[t]
            largest[lo + t] = block_largest[t]


def split_every(puzzle: Puzzle, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """Return `split_stats` of every allowed guess (in index order) on the candidates, by pairs
    of candidates compared over blocks of guesses: faster than split_stats for the few candidates
    of a multi-board position (docs/open-world.md; the twin in the tests)."""
    n = len(puzzle.guesses)
    if len(candidates) > 255 or len(candidates) < 1 or puzzle.by_rows:
        return split_stats(puzzle, np.arange(n, dtype=np.int64), candidates)
    parts, largest = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    _split_every(puzzle.by_secret, np.ascontiguousarray(candidates, dtype=np.int64), puzzle.game.solved_reply,
                 parts, largest)
    return parts, largest


@njit(cache=True, nogil=True)
def first_by_parts(parts, largest, count):
    """Return the first `count` of `np.lexsort((largest, -parts))` (the most parts, then the
    smallest largest part, then the lowest index), in that order, without sorting them all: the
    threshold is found by counting (parts and largest are small numbers)."""
    n = parts.shape[0]
    count = min(count, n)
    top_parts, top_largest = parts.max(), largest.max()
    by_parts = np.zeros(top_parts + 1, np.int64)
    for g in range(n):
        by_parts[parts[g]] += 1
    above, edge = 0, top_parts  # `above` guesses have more parts than `edge`
    while above + by_parts[edge] < count:
        above += by_parts[edge]
        edge -= 1
    by_largest = np.zeros(top_largest + 1, np.int64)
    for g in range(n):
        if parts[g] == edge:
            by_largest[largest[g]] += 1
    below, cut = 0, 0  # of those with `edge` parts, `below` have a largest part under `cut`
    while below + by_largest[cut] < count - above:
        below += by_largest[cut]
        cut += 1
    ties = count - above - below  # taken of those with `edge` parts and `cut` largest, by index
    head = np.empty(count, np.int64)
    m = 0
    for g in range(n):
        p = parts[g]
        if p > edge or (p == edge and largest[g] < cut):
            head[m] = g
            m += 1
        elif p == edge and largest[g] == cut and ties > 0:
            head[m] = g
            m += 1
            ties -= 1
    key = np.empty(count, np.int64)
    for x in range(count):
        g = head[x]
        key[x] = ((top_parts - parts[g]) * (top_largest + 1) + largest[g]) * n + g
    return head[np.argsort(key)]


def trivially_within(n: int, depth: int) -> bool:
    """Return whether any n secrets can be found within `depth` guesses by guessing them one by
    one (each guess is the secret or leaves at most n - 1 of them: by induction, n guesses)."""
    return n <= depth or (n == 2 and depth >= 2) or (n == 1 and depth >= 1) or n == 0


@dataclasses.dataclass
class Witnesses:
    """The witness search over one puzzle, with its memo (see the module)."""

    puzzle: Puzzle
    nodes: int = 20_000  # sets examined per question before giving up (the answer is then "not found")
    # By _key (the set, the depth, in hard mode the turns): a witness's first guess, and the
    # widest width the search tried without finding one.
    _found: dict = dataclasses.field(default_factory=dict, repr=False)
    _failed: dict = dataclasses.field(default_factory=dict, repr=False)
    spent: int = 0  # sets examined in all (the guard's budget is counted in them)
    # Replies looked up in all (guesses x secrets of every split scored, a call's fixed cost
    # counted as CALL_CELLS): the time a search takes, counted so the same search stops at the
    # same place on any machine. `cells` is the budget per question (None: none).
    worked: int = 0
    cells: int | None = None
    _hard: dict = dataclasses.field(default_factory=dict, repr=False)  # hard mode: history -> allowed guesses
    _count: int = 0
    _budget: int = 0
    _cell_budget: int | None = None

    def guess(self, candidates: Candidates, depth: int, history: History = (), nodes: int | None = None,
              cells: int | None = None) -> int | None:
        """Return the first guess of a witness tree finding every candidate within `depth`
        guesses after `history` (the mode's allowed guesses), or None when none was found
        within `nodes` sets examined and `cells` replies looked up (default: the search's
        budgets; the rounds of widths share them)."""
        candidates = np.asarray(candidates, dtype=np.int64)
        if len(candidates) == 0:
            return None
        self._cell_budget = self.cells if cells is None else cells
        if self._cell_budget is not None:
            self._cell_budget += self.worked  # counted from here
        for width in WIDTHS:
            self._count = 0
            self._budget = self.nodes if nodes is None else nodes
            try:
                found = self._find(candidates, depth, list(history), width)
            except OutOfNodes:
                return None
            if found != NONE:
                return found
        return None

    def within(self, candidates: Candidates, depth: int, history: History = (), nodes: int | None = None,
               cells: int | None = None) -> bool:
        """Return whether a witness tree within `depth` guesses was found for the candidates."""
        if trivially_within(len(candidates), depth):
            return True
        return self.guess(candidates, depth, history, nodes, cells) is not None

    def _split(self, guess_ids: np.ndarray, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
        """split_stats, its work counted against the cell budget (OutOfNodes past it)."""
        self.worked += len(guess_ids) * len(candidates) + CALL_CELLS
        if self._cell_budget is not None and self.worked > self._cell_budget:
            raise OutOfNodes
        return split_stats(self.puzzle, guess_ids, candidates)

    def tree(self, candidates: Candidates, depth: int, history: History = ()) -> dict[str, str]:
        """Return the witness tree of a set the search has proven (guess() found it), as
        {the turns leading to a node ("GUESS=REPLY ..."): the guess played there}, leaves
        (a single candidate) left out; raise WordguessError if it has not been proven."""
        puzzle, game = self.puzzle, self.puzzle.game
        nodes: dict[str, str] = {}

        def walk(candidates: Candidates, depth: int, history: History) -> None:
            if len(candidates) <= 1:
                return
            guess = self.guess(candidates, depth, history)
            if guess is None:
                raise WordguessError(f"no witness within {depth} for {len(candidates)} candidates after "
                                     f"{path_of(game, history) or 'the start'}")
            word = puzzle.guesses[guess]
            nodes[path_of(game, history)] = word
            for reply, bucket in puzzle.buckets(guess, candidates):
                if reply != game.solved_reply:
                    walk(bucket, depth - 1, [*history, (word, reply)])

        walk(np.asarray(candidates, dtype=np.int64), depth, list(history))
        return nodes

    def _allowed(self, candidates: Candidates, history: History) -> np.ndarray:
        """Return the guesses the mode allows after `history`: in hard mode narrowed turn by turn
        from the previous turn's (remembered), as the search meets one history after another."""
        puzzle = self.puzzle
        if puzzle.mode != "hard":
            return puzzle.allowed(candidates, history)
        key = tuple(history)
        found = self._hard.get(key)
        if found is None:
            if len(self._hard) > 200_000:
                self._hard.clear()
            if not history:
                found = np.arange(len(puzzle.guesses), dtype=np.int64)
            else:
                before = self._allowed(candidates, history[:-1])
                guess, reply = history[-1]
                found = before[puzzle.game.hard_mode_mask(guess, reply, puzzle.guess_letters[before])]
            self._hard[key] = found
        return found

    def _key(self, candidates: Candidates, depth: int, history: History) -> bytes:
        digest = hashlib.blake2b(np.asarray(candidates, dtype=np.int64).tobytes(), digest_size=16)
        digest.update(depth.to_bytes(2, "little"))
        if self.puzzle.mode != "normal":  # the allowed guesses depend on the turns played
            digest.update(repr(history).encode())
        return digest.digest()

    def _find(self, candidates: Candidates, depth: int, history: History, width: int) -> int:
        puzzle = self.puzzle
        n = len(candidates)
        if n == 0 or depth <= 0 or (depth == 1 and n > 1):
            return NONE
        if trivially_within(n, depth):
            weights = puzzle.weights_of(candidates)
            return int(puzzle.guess_of_answer[candidates[int(np.argmax(weights))]])
        key = self._key(candidates, depth, history)
        found = self._found.get(key)
        if found is not None:
            return found
        if self._failed.get(key, 0) >= width or (depth == 2 and key in self._failed):
            return NONE
        self._count += 1
        self.spent += 1
        if self._count > self._budget:
            raise OutOfNodes
        result = self._search(candidates, depth, history, width)
        if result == NONE:
            self._failed[key] = max(width, self._failed.get(key, 0))
        else:
            self._found[key] = result
        return result

    def _search(self, candidates: Candidates, depth: int, history: History, width: int) -> int:
        puzzle = self.puzzle
        n = len(candidates)
        # The candidates' own guesses first, without scoring every allowed word: one that leaves
        # only buckets of at most depth - 1 secrets is a witness at once (trivially_within).
        own = puzzle.guess_of_answer[candidates]
        allowed = self._allowed(candidates, history)
        if puzzle.mode != "normal":
            own = np.intersect1d(own, allowed)
        _, own_largest = self._split(own, candidates)
        for g, big in zip(own.tolist(), own_largest.tolist(), strict=True):
            if trivially_within(int(big), depth - 1):
                return int(g)
        parts, largest = self._split(allowed, candidates)
        useful = (largest < n) & (parts >= 2)
        if depth == 2:  # within 2: every unsolved bucket a single secret (exhaustive over the guesses)
            ok = np.flatnonzero(useful & (largest <= 1))
            if not len(ok):
                return NONE
            return int(allowed[ok[np.argmin(~np.isin(allowed[ok], own))]])
        is_own = np.isin(allowed, own)
        ids = np.flatnonzero(useful)
        if depth == 3:  # every bucket within 2: the smallest largest bucket first
            order = ids[np.lexsort((~is_own[ids], -parts[ids], largest[ids]))]
        else:
            order = ids[np.lexsort((~is_own[ids], largest[ids], -parts[ids]))]
        tried: set[int] = set()
        queue = list(order[:width])
        while queue and len(tried) < width:
            i = int(queue.pop(0))
            if i in tried:
                continue
            tried.add(i)
            g = int(allowed[i])
            word = puzzle.guesses[g]
            failed = None
            for reply, bucket in sorted(puzzle.buckets(g, candidates), key=lambda b: -len(b[1])):
                if reply != puzzle.game.solved_reply and self._find(bucket, depth - 1, [*history, (word, reply)],
                                                                    width) == NONE:
                    failed = bucket
                    break
            if failed is None:
                return g
            # The bucket that failed is where the difficulty lies (a cluster of words that
            # differ in one letter, say): next try the guesses that split it best, of those
            # that still split the whole set well.
            hard_parts, _ = self._split(allowed[ids], failed)
            focus = ids[np.lexsort((largest[ids], -parts[ids], -hard_parts))]
            queue = [int(k) for k in focus[: max(2, width // 3)] if int(k) not in tried] + queue
        return NONE


def _narrowed(puzzle: Puzzle, history: History) -> np.ndarray:
    """Return the answers consistent with every turn of `history`."""
    candidates = puzzle.all_candidates()
    for word, reply in history:
        candidates = puzzle.narrow(candidates, puzzle.index_of(word), reply)
    return candidates


EXTEND_MOST = 500  # the most words a shipped tree is extended to (see ShippedWitness.extend_to)
EXTEND_VERSION = 1  # changes when the extension changes what it finds (part of the guard's key when extended)


@dataclasses.dataclass(frozen=True)
class ShippedWitness:
    """A witness tree proven offline (scripts/build_guarantee.py) for a word set: it finds every
    word of the set within `depth` guesses, so it does for any subset of it."""

    words: frozenset[str]  # the set it covers (folded)
    depth: int  # the guesses it needs at most
    mode: str  # the mode its guesses keep to
    nodes: dict[str, str]  # the turns leading to a node -> the guess played there
    extended: bool = False  # extended at run time to words added to the list it was proven for

    def covers(self, puzzle: Puzzle) -> bool:
        """Return whether the tree can be played on the puzzle: its mode, every answer one of
        the tree's words, every guess of the tree an allowed guess, within the game's limit."""
        game = puzzle.game
        return (self.mode == puzzle.mode and self.depth <= game.max_guesses
                and puzzle.folded_answers <= self.words and self.guesses <= puzzle.guess_forms)

    @functools.cached_property
    def guesses(self) -> frozenset[str]:
        """Return the guesses the tree plays."""
        return frozenset(self.nodes.values())

    def guess(self, game, history: History) -> str | None:
        """Return the tree's guess after `history`, or None when the history left the tree."""
        return self.nodes.get(path_of(game, history))

    def extend_to(self, puzzle: Puzzle, search: Witnesses, most: int = EXTEND_MOST) -> ShippedWitness | None:
        """Return the tree extended to the puzzle's answers it lacks (words added for a game, an
        unknown word played), when it can be shown to find every word within the limit; else
        None. Each added word follows the tree until it is found or leaves it. Where it leaves,
        the tree had at most one word of its own: the words there get a witness tree of their
        own within the guesses left, grafted on. Where none is found (too few guesses left), the
        subtree above is searched again, one turn up at a time (never the opener), with the
        words that reach it, and replaced by the witness found. The tree's other paths are kept,
        so every word is found within the limit. At most `most` added words are tried (a list
        of its own is no extension: None)."""
        game = puzzle.game
        if (self.mode != puzzle.mode or self.depth > game.max_guesses
                or any(puzzle.guess_index.get(w) is None for w in set(self.nodes.values()))):
            return None
        added = [word for word in puzzle.answers if game.fold(word) not in self.words]
        if not added or len(added) > most:
            return None
        nodes = dict(self.nodes)

        def graft(history: list) -> bool:
            """Put a witness tree of the words at `history` in place of the tree's subtree there."""
            candidates, depth, path = _narrowed(puzzle, history), game.max_guesses - len(history), path_of(game, history)
            if not search.within(candidates, depth, history):
                return False
            for key in [k for k in nodes if k == path or k.startswith(path + " ")]:
                del nodes[key]
            if len(candidates) > 1:
                nodes.update(search.tree(candidates, depth, history))
            return True

        def repair(history: list, first: int) -> bool:
            """Graft a witness after the first `first` turns, else one turn up at a time (never
            above the opener)."""
            return any(graft(history[:up]) for up in range(first, 0, -1))

        for _ in range(2 * len(added) * game.max_guesses):  # each repair moves a subtree up or settles it
            for secret in added:
                history: list[tuple[str, int]] = []
                while len(history) < game.max_guesses:
                    word = nodes.get(path_of(game, history))
                    if word is None:  # off the tree: a word alone there is guessed, more need a witness
                        if len(_narrowed(puzzle, history)) > 1 and not repair(history, len(history)):
                            return None
                        break
                    reply = game.feedback(word, secret)
                    history.append((word, reply))
                    if game.is_solved(reply):
                        break
                else:  # the tree's path does not find it within the limit
                    if not repair(history, len(history) - 1):
                        return None
            if self._finds_all(puzzle, nodes, added):
                return ShippedWitness(self.words | {game.fold(w) for w in added}, self.depth, self.mode, nodes,
                                      extended=True)
        return None

    @staticmethod
    def _finds_all(puzzle: Puzzle, nodes: dict[str, str], words: list[str]) -> bool:
        """Return whether following the tree (a single candidate left: it is the guess) finds
        each word within the game's limit."""
        game = puzzle.game
        for secret in words:
            history: list[tuple[str, int]] = []
            while True:
                if len(history) >= game.max_guesses:
                    return False
                word = nodes.get(path_of(game, history))
                if word is None:
                    left = [puzzle.answers[int(i)] for i in _narrowed(puzzle, history)]
                    if len(left) != 1:
                        return False
                    word = left[0]
                reply = game.feedback(word, secret)
                history.append((word, reply))
                if game.is_solved(reply):
                    break
        return True


SEARCH_VERSION = 1  # changes when the witness search changes what it finds


@functools.lru_cache(maxsize=1)
def guard_version() -> str:
    """Return what a remembered choice of the guard depends on: the search's version and the
    shipped witness trees' index (a rebuilt tree changes it)."""
    index = (resources.files("wordguess.strategies") / "data" / GUARANTEE_INDEX).read_bytes()
    return f"{SEARCH_VERSION}:{hashlib.sha256(index).hexdigest()[:16]}"


@functools.lru_cache(maxsize=4)
def shipped_witnesses(game_key: str) -> tuple[ShippedWitness, ...]:
    """Return the witness trees shipped for a game's rules (data/guarantee.json lists them; each
    file's sha256 is checked, a damaged one is an error)."""
    folder = resources.files("wordguess.strategies") / "data"
    index = json.loads((folder / GUARANTEE_INDEX).read_text("utf-8"))
    found = []
    for entry in index["trees"]:
        if entry["game"] != game_key:
            continue
        raw = (folder / entry["file"]).read_bytes()
        if hashlib.sha256(raw).hexdigest() != entry["sha256"]:
            raise WordguessError(f"{entry['file']} is damaged (its sha256 differs from {GUARANTEE_INDEX}'s)")
        data = json.loads(gzip.decompress(raw))
        found.append(ShippedWitness(frozenset(data["words"]), data["depth"], data["mode"], data["nodes"]))
    return tuple(found)


class Decider(Protocol):
    """An exact decider for the guard's last resort (optimal.worst.decide.ExactDecider)."""

    def key_for(self, puzzle: Puzzle) -> str:
        """Return what its answers on the puzzle depend on (its budget, the proofs it reads):
        part of the key of a remembered choice."""

    def __call__(self, puzzle: Puzzle, candidates: Candidates, history: History, depth: int,
                 ranking: Sequence[int] = ()) -> int | bool | None:
        """Return the first guess of a tree finding every candidate within `depth` guesses after
        `history` (proven): the first of `ranking` that is one, if any; False when no such tree
        exists (proven), None when undecided."""


@dataclasses.dataclass
class Guard:
    """Keeps a strategy's play winnable: `choose` returns the first of the strategy's ranked
    guesses whose every bucket has a witness within the guesses left (see the module)."""

    tries: int = 8  # the strategy's best guesses checked before a witness's guess is played
    nodes: int = 4_000  # the witness search's budget per decision, shared by its checks
    # ... and in replies looked up, shared by the checks and the fallback (about a second here):
    # past it, a large set far from the end (an opener off the shipped tree) is not proven.
    cells: int = 600_000_000
    exact: Decider | None = None  # the last resort, when the witness search shows no win (see the module)
    # the strategy's best guesses it checks before its own witness's (hard mode, every word: 40
    # against 8 saves 0.0016 of the weighted mean at no cost in time)
    exact_tries: int = 40
    verdict_most: int = 150  # the largest bucket `verdict` asks the exact decider about (a second or less)
    verdict_calls: int = 3  # the most buckets one verdict asks the exact decider about
    refused: list[int] = dataclasses.field(default_factory=list, repr=False)  # the last choice's unsafe guesses
    _witnesses: Witnesses | None = dataclasses.field(default=None, repr=False)
    _shipped: ShippedWitness | None = dataclasses.field(default=None, repr=False)
    _decided: tuple | None = dataclasses.field(default=None, repr=False)  # (position, what promise says)

    def key_for(self, puzzle: Puzzle) -> tuple:
        """Return what its choices on the puzzle depend on beyond the puzzle itself: the search's
        version, the shipped trees and the exact decider (part of the key of a remembered choice)."""
        key = guard_version(), None if self.exact is None else self.exact.key_for(puzzle)
        self.witnesses(puzzle)
        if self._shipped is not None and self._shipped.extended:
            return (*key, ("extended", EXTEND_VERSION))  # (the shipped tree as it is: the key as before)
        return key

    def witnesses(self, puzzle: Puzzle) -> Witnesses:
        """Return the witness search of this puzzle (a new one, with an empty memo, for another),
        and note which shipped witness tree covers its answers."""
        if self._witnesses is None or self._witnesses.puzzle is not puzzle:
            self._witnesses = Witnesses(puzzle, nodes=self.nodes)
            trees = shipped_witnesses(puzzle.game.key)
            self._shipped = next((tree for tree in trees if tree.covers(puzzle)), None)
            if self._shipped is None:  # words added to a list the tree covers: it is extended to them
                self._shipped = next((found for found in (tree.extend_to(puzzle, self._witnesses) for tree in trees)
                                      if found is not None), None)
        return self._witnesses

    def shipped_guess(self, puzzle: Puzzle, history: History) -> int | None:
        """Return the shipped witness tree's guess after `history` when one covers the puzzle's
        answers and the game has followed it, else None."""
        self.witnesses(puzzle)
        word = None if self._shipped is None else self._shipped.guess(puzzle.game, history)
        return None if word is None else puzzle.index_of(word)

    def verdict(self, puzzle: Puzzle, guess: int, candidates: Candidates, history: History) -> str:
        """Return whether every secret the guess may leave can still be found within the
        guesses left after it: SHOWN (the witness search, else the exact decider, proves each of
        its buckets), IMPOSSIBLE (the exact decider proves that some bucket has no tree: a
        secret can be lost whatever is played after it) or UNKNOWN. Judges a guess the player
        chose, which the strategy's ranking may not hold, within about a decision's work: the
        witness search's `cells` shared by the buckets, the exact decider on at most
        `verdict_calls` of those it did not show, each of at most `verdict_most` secrets."""
        left = puzzle.game.max_guesses - len(history) - 1
        if trivially_within(len(candidates), left):
            return SHOWN
        search, word, outcome = self.witnesses(puzzle), puzzle.guesses[guess], SHOWN
        stop, calls = search.worked + self.cells, self.verdict_calls
        for reply, bucket in sorted(puzzle.buckets(guess, candidates), key=lambda rb: len(rb[1])):
            after = [*history, (word, reply)]
            if reply == puzzle.game.solved_reply or search.within(bucket, left, after, self.nodes,
                                                                   max(stop - search.worked, 0)):
                continue
            if left < 1:
                return IMPOSSIBLE  # a word left and no guess to find it
            if self.exact is None or len(bucket) > self.verdict_most or calls == 0:
                outcome = UNKNOWN
                continue
            calls -= 1
            decided = self.exact(puzzle, bucket, after, left, ())
            if decided is False:
                return IMPOSSIBLE
            if decided is None:
                outcome = UNKNOWN
        return outcome

    def safe(self, puzzle: Puzzle, guess: int, candidates: Candidates, history: History,
             nodes: int | None = None, cells: int | None = None) -> bool:
        """Return whether every secret the guess may leave has a witness within the guesses left
        after it (found within `nodes` sets examined and `cells` replies looked up)."""
        left = puzzle.game.max_guesses - len(history) - 1
        word = puzzle.guesses[guess]
        buckets = [(r, b) for r, b in puzzle.buckets(guess, candidates) if r != puzzle.game.solved_reply]
        if any(len(b) == len(candidates) for _, b in buckets):
            return False
        search = self.witnesses(puzzle)
        stop = None if cells is None else search.worked + cells
        return all(search.within(b, left, [*history, (word, r)], nodes,
                                 None if stop is None else max(stop - search.worked, 0))
                   for r, b in sorted(buckets, key=lambda rb: -len(rb[1])))

    def settle(self, puzzle: Puzzle, candidates: Candidates, history: History, nodes: int | None = None,
               cells: int | None = None, ranking: Sequence[int] = ()) -> tuple[int | None, str]:
        """Return (a guess known to keep every candidate winnable, SHOWN): the shipped tree's
        while the game follows it, else a witness's (found at once when an earlier check proved
        this set), else the exact decider's, which tries the strategy's `ranking` first. Else
        (None, IMPOSSIBLE) when the exact decider proved that no strategy wins every candidate
        from here, or (None, UNKNOWN)."""
        search = self.witnesses(puzzle)
        shipped = self.shipped_guess(puzzle, history)
        if shipped is not None:
            return shipped, SHOWN
        left = puzzle.game.max_guesses - len(history)
        found = search.guess(candidates, left, history, nodes, self.cells if cells is None else cells)
        if found is not None:
            return found, SHOWN
        if self.exact is not None:
            decided = self.exact(puzzle, candidates, history, left, ranking)
            if decided is False:
                return None, IMPOSSIBLE
            if decided is not None and not isinstance(decided, bool):
                return int(decided), SHOWN
        return None, UNKNOWN

    def promise(self, puzzle: Puzzle, candidates: Candidates, history: History) -> str:
        """Return whether a win within the game's limit can be promised from here: SHOWN,
        IMPOSSIBLE (no strategy can guarantee one) or UNKNOWN (none shown, none ruled out)."""
        left = puzzle.game.max_guesses - len(history)
        if trivially_within(len(candidates), left):
            return SHOWN
        if self._decided is not None and self._decided[0] == self._position(puzzle, candidates, history):
            return self._decided[1]  # the last decision here showed it, or spent its budget trying
        return self.settle(puzzle, candidates, history)[1]

    @staticmethod
    def _position(puzzle: Puzzle, candidates: Candidates, history: History) -> tuple:
        return puzzle.fingerprint, tuple(history), len(candidates)

    def choose(self, puzzle: Puzzle, candidates: Candidates, history: History, ranking: np.ndarray) -> int:
        """Return the first safe guess of `ranking` (the strategy's guesses, best first) among
        its first `tries`, else a witness's guess, else ranking[0] (no win can be promised)."""
        first = int(ranking[0])
        self.refused = []
        left = puzzle.game.max_guesses - len(history)
        if left < 2 or trivially_within(len(candidates), left - 1):
            return first  # the last guess, or every guess is safe
        shipped = self.shipped_guess(puzzle, history)
        if not history and shipped is not None:
            # The opening: the whole list is too large to check a guess at run time, and the
            # shipped proof covers its own opener only, so that opener is played.
            return shipped
        budget = self.nodes
        search = self.witnesses(puzzle)
        stop = search.worked + self.cells  # the decision's cells, shared by the checks and the fallback
        for guess in ranking[: self.tries]:
            before = search.spent
            if self.safe(puzzle, int(guess), candidates, history, max(budget, 0), max(stop - search.worked, 0)):
                self._decided = (self._position(puzzle, candidates, history), SHOWN)
                return int(guess)
            self.refused.append(int(guess))
            budget -= search.spent - before
            if budget <= 0 or search.worked >= stop:
                break
        found, outcome = self.settle(puzzle, candidates, history, cells=max(stop - search.worked, 0),
                                     ranking=ranking[: self.exact_tries])
        self._decided = (self._position(puzzle, candidates, history), outcome)
        if found is None:
            return first
        self.refused = [g for g in self.refused if g != found]  # (the exact decider may prove one safe)
        return found
