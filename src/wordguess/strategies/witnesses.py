"""Witnesses of the never-lose guarantee (strategies.guard): a guess tree over a set of
secrets no deeper than the guesses left proves that every one of them can be found. `Witnesses`
searches for one, guided by the guesses that split the set best; `ShippedWitness` is a tree
proven offline (scripts/build_guarantee.py) for a whole word list, extended at run time to words
added to it."""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import json
import threading
import weakref
from collections import ChainMap
from importlib import resources

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.strategies.splits import first_by, split_stats
from wordguess.vocab import Candidates, History

NONE = -1  # no witness found (at the widths tried so far)
CALL_CELLS = 500_000  # a split's fixed cost with its node's own work, in replies looked up (about 0.5 ms here)
WIDTHS = (3, 12, 40)  # guesses tried per set, in rounds: a wider round only when the narrower fails
GUARANTEE_INDEX = "guarantee.json"  # the shipped witness trees: game, file, sha256


def path_of(game, history: History) -> str:
    """Return the turns of a history as "GUESS=REPLY ..." (the keys of a witness tree)."""
    return " ".join(f"{game.fold(g)}={game.format_reply(r)}" for g, r in history)


class OutOfNodes(Exception):
    """The search examined more sets than its budget allows."""


def trivially_within(n: int, depth: int) -> bool:
    """Return whether any n secrets can be found within `depth` guesses by guessing them one by
    one (each guess is the secret or leaves at most n - 1 of them: by induction, n guesses)."""
    return n <= depth or (n == 2 and depth >= 2) or (n == 1 and depth >= 1) or n == 0


UNSET = object()  # (a PuzzleMemo's shipped tree not yet looked for)
MEMO_MOST = 400_000  # the most sets a puzzle's memo keeps (past it, it starts again)


@dataclasses.dataclass
class PuzzleMemo:
    """What the witness searches of one puzzle have found, shared by every search of it (the
    guards of the strategies a server makes per request): proven witnesses, the widths tried
    in vain, hard mode's allowed guesses per history, and the shipped tree that covers it."""

    found: dict = dataclasses.field(default_factory=dict)
    failed: dict = dataclasses.field(default_factory=dict)
    hard: dict = dataclasses.field(default_factory=dict)
    shipped: object = UNSET


_MEMOS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_MEMOS_LOCK = threading.Lock()


def puzzle_memo(puzzle: Puzzle) -> PuzzleMemo:
    """Return the witness memo of a puzzle (kept as long as the puzzle is). A puzzle with words
    added to another (Puzzle.with_words) reads its base's witnesses and widths too: a set of the
    base's secrets splits alike under the base's guesses, so what was proven there holds here
    (what it finds is its own: its witnesses may guess the words added)."""
    base = vars(puzzle).get("extends")  # (set by Puzzle.with_words)
    base_memo = None if base is None else puzzle_memo(base)
    with _MEMOS_LOCK:
        memo = _MEMOS.get(puzzle)
        if memo is None or _own(memo.found) + _own(memo.failed) > MEMO_MOST:
            memo = _MEMOS[puzzle] = PuzzleMemo() if base_memo is None else PuzzleMemo(
                found=ChainMap({}, base_memo.found), failed=ChainMap({}, base_memo.failed))
        return memo


def _own(entries: dict | ChainMap) -> int:
    return len(entries.maps[0] if isinstance(entries, ChainMap) else entries)


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
        foreign = (~is_own[ids]).astype(np.int64)
        if depth == 3:  # every bucket within 2: the smallest largest bucket first
            order = ids[first_by(width, largest[ids], -parts[ids], foreign)]
        else:
            order = ids[first_by(width, -parts[ids], largest[ids], foreign)]
        tried: set[int] = set()
        queue = list(order)
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
            focus = ids[first_by(max(2, width // 3), -hard_parts, -parts[ids], largest[ids])]
            queue = [int(k) for k in focus if int(k) not in tried] + queue
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
@functools.lru_cache(maxsize=16)
def guard_version(game_key: str, mode: str) -> str:
    """Return what a remembered choice of the guard in a game's mode depends on: the search's
    version and the index of the witness trees shipped for that mode (a tree rebuilt or added for
    it changes it; one of another mode does not)."""
    index = json.loads((resources.files("wordguess.strategies") / "data" / GUARANTEE_INDEX).read_text("utf-8"))
    mine = [entry for entry in index["trees"] if entry["game"] == game_key and entry["mode"] == mode]
    text = json.dumps({"trees": mine}, indent=2) + "\n"  # (as the index is written)
    return f"{SEARCH_VERSION}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"


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
