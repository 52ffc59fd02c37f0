"""The strategy of the open world: fewest guesses expected under the prior.

Entropy ranks a guess by how evenly it splits the candidates; it does not see that a guess which
may itself be the answer can end the game now, or that a likely candidate is worth more than an
unlikely one. `FewestGuesses` minimises the expected number of guesses to finish:

    E[g] = 1 + sum over the replies r other than "solved" of P(r) * f(bucket r)

where P(r) is the prior mass of the candidates giving r, and f(bucket) the guesses the bucket
still needs: exactly 1 for one candidate, 1 + (the less likely one's share) for two (the likelier
is guessed first), and otherwise a curve of the bucket's entropy fitted on the entropy tree of
Wordle (`scripts/fit_cost_model.py`, data/cost-model.json). A likely candidate now wins over a
more informative non-candidate exactly when its chance of ending the game outweighs the guesses
the better split saves later: both are in E. It then looks one move further for its best `width`
guesses: each bucket's f is replaced by the best E found for that bucket (a one-step search of
the `pool` best guesses of this turn and the bucket's own candidates).

Near the game's limit a lost game counts as `loss` guesses (default 10): with one guess left
after this one, a bucket of several candidates loses all but the likeliest, so the last guesses
but one split the candidates apart rather than gamble on one of them. Three guesses from the end
the second look makes that exact: each bucket's next guess is sought among every allowed word.

The loss term weighs a lost secret by its prior, so it protects no unlikely word. The guard
(strategies.guard.Guard, wrapped around the strategy by strategies.guarded.Guarded: the
registry's `fewest-guesses`) does, whatever the prior: of the guesses ranked best first, the
first whose every bucket can still be finished within the guesses left is played (the bare
strategy is the ranking alone, for measuring what the guarantee costs).

The second turn after the open world's opener is not estimated but measured, offline
(`scripts/build_rollouts.py`): for each reply to the opener, each of the strategy's best guesses
there is played and the game finished by the strategy itself (as the front ends give it: its guard
with the exact guard), for every word left; a guess that wins every one of them within the
limit is safe (that play is its witness tree), and its value is the guesses it took, weighted by
the prior. The safe ones ship, best first (`rollouts`): the guarded strategy plays the best and
shows them with those values, which are what following it costs, not an estimate of it. They are
read only for the strategy and guard they were measured with (`rollouts_key`): a guard without
the exact guard may not win every word after a guess measured safe, so it searches its second turn.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import json
from importlib import resources
from typing import Protocol

import numpy as np

from wordguess.engine.patterns import memo_key
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.strategies.base import (
    Strategy,
    best_first,
    first_of,
    pick_best,
    ranked,
    trivial_first,
)
from wordguess.strategies.scoring import bucket_cost, expected_guesses, second_looks
from wordguess.strategies.witnesses import path_of
from wordguess.vocab import Candidates, History, Position

OPENING_HEAD = 64  # the opening's ranking kept on disk with it: its best guesses (a guard reads 40)
ROLLOUTS_INDEX = "rollouts.json"  # data/: the second turn's guesses measured offline (see the module)


@functools.lru_cache(maxsize=1)
def cost_curve() -> tuple[np.ndarray, np.ndarray]:
    """Return the fitted (bits, guesses) curve: guesses still needed by a set of that entropy."""
    data = json.loads((resources.files("wordguess.strategies") / "data" / "cost-model.json").read_text("utf-8"))
    bits, guesses = np.array(data["bits"], dtype=np.float64), np.array(data["guesses"], dtype=np.float64)
    if len(bits) < 2 or np.any(np.diff(bits) <= 0) or np.any(np.diff(guesses) < 0):
        raise WordguessError("cost-model.json is damaged: its curve must rise with the bits")
    return bits, guesses


def bucket_estimate(weights: np.ndarray, left: int, loss: float) -> float:
    """Return the guesses a bucket of candidates of these weights still needs, `left` allowed
    after the one that met it, by the fewest-guesses strategy's rule (scoring.bucket_cost)."""
    m = float(weights.sum())
    p = weights / m
    return bucket_estimate_of(len(weights), m, float(weights.max()), float(-(p * np.log2(p)).sum()), left, loss)


def bucket_estimate_of(n: int, mass: float, top: float, bits: float, left: int, loss: float) -> float:
    """Return bucket_estimate of a bucket given by its count, total weight, largest weight and
    entropy (bits)."""
    return float(bucket_cost(n, mass, top, bits, int(left), float(loss), *cost_curve()))


@functools.lru_cache(maxsize=1)
def rollouts_index() -> dict:
    """Return the index of the measured second turns (data/rollouts.json): their file, its
    sha256 and the key they were measured under."""
    return json.loads((resources.files("wordguess.strategies") / "data" / ROLLOUTS_INDEX).read_text("utf-8"))


@functools.lru_cache(maxsize=1)
def shipped_rollouts() -> dict:
    """Return the index of the measured second turns with its `positions`: per path after the
    opener ("TRACE=....."), the safe guesses and their values, best first. The file's sha256
    is checked: a damaged one is an error."""
    index = rollouts_index()
    raw = (resources.files("wordguess.strategies") / "data" / index["file"]).read_bytes()
    if hashlib.sha256(raw).hexdigest() != index["sha256"]:
        raise WordguessError(f"{index['file']} is damaged (its sha256 differs from {ROLLOUTS_INDEX}'s)")
    return {**index, "positions": json.loads(gzip.decompress(raw))}


class BucketValues(Protocol):
    """The exact values of buckets a search settles (optimal.total.settled.SettledValues)."""

    def start(self) -> None:
        """Begin a suggestion (its budget)."""

    def value(self, puzzle: Puzzle, history: History, guess: int, reply: int, bucket: np.ndarray) -> float | None:
        """Return the least expected guesses to find the bucket's secret, or None if unsettled."""


@dataclasses.dataclass
class FewestGuesses(Strategy):
    """Play the guess with the fewest guesses expected under the prior (see the module)."""

    width: int = 8  # how many of the best guesses get a second look
    pool: int = 400  # the guesses a bucket's best next guess is sought among (with its candidates)
    loss: float = 10.0  # what a lost game (the secret unsolved at the limit) costs, in guesses
    name: str = "fewest-guesses"
    limit: int | None = None  # the guesses allowed, when not the game's own (a board of a multi-board game)
    measured: bool = True  # read the second turn measured offline where it ships (see the module)
    # Exact values of buckets where the exact search settles them (optimal.total.settled; the
    # front ends give it where the search takes the puzzle): see `settled_looks`.
    settled: BucketValues | None = dataclasses.field(default=None, compare=False)

    # The last search, for `ranking` and `values`: (its key, guesses best first, the allowed
    # guesses and their one-step scores (None when read from the store), the second look's pool,
    # the second look's values of its best {guess: value}).
    _last: tuple | None = dataclasses.field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.width < 1:
            raise WordguessError(f"fewest-guesses needs a width of at least 1, not {self.width}")
        if not self.loss >= 0:
            raise WordguessError(f"fewest-guesses needs a loss of at least 0 guesses, not {self.loss}")

    def max_guesses(self, puzzle: Puzzle) -> int:
        """Return the limit of guesses it plays to: its own, else the game's."""
        return self.limit or puzzle.game.max_guesses

    def left(self, puzzle: Puzzle, history: History) -> int:
        """Return how many guesses the game allows after the next one."""
        return self.max_guesses(puzzle) - len(history) - 1

    def scores(self, puzzle: Puzzle, candidates: Candidates, history: History) -> tuple[np.ndarray, np.ndarray]:
        """Return (the allowed guesses, the expected guesses to finish after each)."""
        guess_ids = puzzle.allowed(candidates, history)
        return guess_ids, expected_guesses(puzzle, guess_ids, candidates, *cost_curve(),
                                           left=self.left(puzzle, history), penalty=self.loss)

    def rollouts_key(self, puzzle: Puzzle, guard) -> str:
        """Return what the measured second turns depend on: the puzzle (its lists, prior, mode),
        the strategy's settings, the guard's version (its search, the shipped witness trees) and
        its exact guard, and the cost curve. The shipped ones are read only under the key they
        were measured by: as the front ends give the strategy, with the exact guard (a guess
        measured safe may need it later in the game)."""
        return memo_key("fewest-guesses-rollouts-1", puzzle.fingerprint, self.width, self.pool, self.loss,
                        self.max_guesses(puzzle), guard.key_for(puzzle), cost_curve()[1].tolist())

    def rollouts(self, puzzle: Puzzle, position: Position, guard=None) -> tuple[np.ndarray, np.ndarray] | None:
        """Return the safe guesses measured offline for this second turn under `guard` (a
        strategies.guard.Guard) and the guesses each took to finish (itself included), best
        first; None where none were, and without a guard (see the module)."""
        history = position.history
        if guard is None or not self.measured or len(history) != 1 or self.limit is not None:
            return None
        if rollouts_index()["key"] != self.rollouts_key(puzzle, guard):
            return None  # (another game, list or prior: the measures themselves are not read)
        rows = shipped_rollouts()["positions"].get(path_of(puzzle.game, history))
        if not rows:
            return None
        return (np.array([puzzle.guess_index[word] for word, _ in rows], dtype=np.int64),
                np.array([value for _, value in rows], dtype=np.float64))

    @trivial_first
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates, history = position.candidates, position.history
        if not history and len(candidates) == len(puzzle.answers) and puzzle.store is not None:
            # The opening is the same every game of this puzzle: kept on disk after the first,
            # with its ranking (the second look's pool, what a guard reads after it) and the
            # second look's values (what `values` reads).
            key = memo_key("fewest-guesses-opening-3", puzzle.fingerprint, repr(self), self.max_guesses(puzzle),
                           cost_curve()[1].tolist())

            def search() -> dict:
                self.search(puzzle, position)
                _, head, _, _, pool, looks = self._last
                return {"head": [puzzle.guesses[int(g)] for g in head[:OPENING_HEAD if pool is None else len(pool)]],
                        "pool": pool is not None, "looks": {puzzle.guesses[g]: value for g, value in looks.items()}}

            kept = puzzle.store.remembered(key, search)
            mine = self._key(puzzle, candidates, history)
            if self._last is not None and self._last[0] == mine:
                return int(self._last[1][0])  # searched just now
            well_formed = (isinstance(kept, dict) and isinstance(kept.get("head"), list) and kept["head"]
                           and all(isinstance(w, str) for w in kept["head"]) and isinstance(kept.get("looks"), dict)
                           and all(isinstance(v, float) for v in kept["looks"].values()))
            head = [puzzle.guess_index.get(w) for w in kept["head"]] if well_formed else [None]
            looks = {puzzle.guess_index.get(w): v for w, v in kept["looks"].items()} if well_formed else {}
            if None not in head and None not in looks:  # (else damaged, or another list's: searched)
                head = np.array(head, dtype=np.int64)
                self._last = (mine, head, None, None, head if kept.get("pool") else None, looks)
                return int(head[0])
        return self.search(puzzle, position)

    def search(self, puzzle: Puzzle, position: Position) -> int:
        """Return the best guess found by the one-step score and the second look."""
        candidates, history = position.candidates, position.history
        guess_ids, scores = self.scores(puzzle, candidates, history)
        width = min(self.width, len(guess_ids))
        key = self._key(puzzle, candidates, history)
        if width <= 1:
            choice = pick_best(puzzle, guess_ids, scores, candidates)
            order = ranked(puzzle, guess_ids, scores, candidates)
            self._last = (key, first_of(choice, order), guess_ids, scores, None, {})
            return choice
        pool = guess_ids[best_first(guess_ids, scores, self.pool)]
        refined = self.looks(puzzle, pool[:width], candidates, history, pool)
        choice = pick_best(puzzle, pool[:width], refined, candidates)
        best = ranked(puzzle, pool[:width], refined, candidates)
        head = np.concatenate([[choice], best[best != choice], pool[width:]]).astype(np.int64)
        self._last = (key, head, guess_ids, scores, pool, dict(zip(pool[:width].tolist(), refined.tolist(), strict=True)))
        return choice

    def values(self, puzzle: Puzzle, position: Position, guess_ids: np.ndarray,
               measured: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """Return the expected guesses to finish after each guess (itself included) as the
        search ranks its best: each bucket costed by its best next guess (the second look); a
        guess of `measured` (the second turn measured offline: `rollouts`) has its measured value."""
        candidates, history = position.candidates, position.history
        guess_ids = np.asarray(guess_ids, dtype=np.int64)
        known = {} if measured is None else dict(zip(measured[0].tolist(), measured[1].tolist(), strict=True))
        last = self._last if self._last is not None and self._last[0] == self._key(puzzle, candidates, history) else None
        if last is not None:  # what the search's second look found (the same computation)
            known = {**last[5], **known}
        values = np.array([known.get(int(g), np.nan) for g in guess_ids], dtype=np.float64)
        todo = np.isnan(values)  # (where measured: a guess measured offline, or any other looked at)
        if not todo.any():
            return values
        if last is not None and last[4] is not None:
            pool = last[4]
        else:
            guesses, scores = self.scores(puzzle, candidates, history)
            pool = guesses[best_first(guesses, scores, self.pool)]
        values[todo] = self.looks(puzzle, guess_ids[todo], candidates, history, pool)
        return values

    def looks(self, puzzle: Puzzle, head: np.ndarray, candidates: Candidates, history: History,
              pool: np.ndarray) -> np.ndarray:
        """Return the second look's E of each guess of `head` (see second_look): in one compiled
        call where every guess is allowed, else one guess at a time."""
        if self.settled is not None and self.left(puzzle, history) >= 3:
            return self.settled_looks(puzzle, head, candidates, history)
        if puzzle.mode == "normal" and puzzle.inconsistent_window is None:  # every guess allowed: numba
            return second_looks(puzzle, head, candidates, pool, *cost_curve(), self.left(puzzle, history), self.loss)
        return np.array([self.second_look(puzzle, int(g), candidates, history, pool) for g in head], dtype=np.float64)

    def settled_looks(self, puzzle: Puzzle, head: np.ndarray, candidates: Candidates, history: History) -> np.ndarray:
        """Return E of each guess of `head` with each bucket of three or more valued exactly
        where `settled` settles it within the suggestion's budget, else by the curve: with every
        bucket settled, the least expected guesses after the guess, so the one-step choice is
        the optimal one. Far from the limit only (three guesses or more after this one): the
        exact values know no limit, and nearer it the second look weighs the losses."""
        self.settled.start()
        total, out = puzzle.weights_of(candidates).sum(), np.ones(len(head), dtype=np.float64)
        left = self.left(puzzle, history)
        for k, guess in enumerate(np.asarray(head).tolist()):
            for reply, bucket in puzzle.buckets(guess, candidates):
                if reply == puzzle.game.solved_reply:
                    continue
                w = puzzle.weights_of(bucket)
                value = self.settled.value(puzzle, history, guess, reply, bucket) if len(bucket) > 2 else None
                out[k] += w.sum() / total * (bucket_estimate(w, left, self.loss) if value is None else value)
        return out

    @staticmethod
    def _key(puzzle: Puzzle, candidates: Candidates, history: History) -> bytes:
        return hashlib.blake2b(repr((puzzle.fingerprint, history)).encode() + np.asarray(candidates).tobytes()).digest()

    def ranking(self, puzzle: Puzzle, position: Position, count: int | None = None) -> np.ndarray | None:
        """Return the guesses of the last search, best first (its second look's best `width`,
        then the rest by the one-step score), when it was for this position; else None. With
        `count`, at least the first `count` (the search ordered only its `pool` best: the whole
        order is sorted only when more are asked for)."""
        if self._last is None or self._last[0] != self._key(puzzle, position.candidates, position.history):
            return None
        _, head, guess_ids, scores = self._last[:4]
        if count is not None and count <= len(head):
            return head
        if guess_ids is None:  # (the opening read from the store: its head only)
            return None
        order = guess_ids[np.lexsort((guess_ids, scores))]
        return np.concatenate([head, order[~np.isin(order, head)]]).astype(np.int64)

    def second_look(self, puzzle: Puzzle, guess: int, candidates: Candidates, history: History,
                    pool: np.ndarray) -> float:
        """Return E[guess] with each bucket of 3 or more candidates costed by its best next guess
        among `pool` (the best guesses here) and the bucket's own candidates, as the mode allows
        (the general version of scoring.second_looks, and its slow twin in the tests)."""
        p = puzzle.weights_of(candidates)
        total, expected = p.sum(), 1.0
        word = puzzle.guesses[guess]
        left = self.left(puzzle, history)  # after this guess
        for reply, bucket in puzzle.buckets(guess, candidates):
            if reply == puzzle.game.solved_reply:
                continue
            w = puzzle.weights_of(bucket)
            if left <= 0:
                cost = self.loss
            elif len(bucket) == 1:
                cost = 1.0
            elif len(bucket) == 2 or left == 1:
                cost = 1.0 + (w.sum() - w.max()) / w.sum() * (1.0 if left > 1 else self.loss)
            else:
                after = [*history, (word, reply)]
                if left <= 2:  # the endgame: the bucket's best next guess among every allowed word
                    options = puzzle.allowed(bucket, after)
                else:
                    options = np.union1d(pool, puzzle.guess_of_answer[bucket])
                    if puzzle.mode != "normal":
                        options = np.intersect1d(options, puzzle.allowed(bucket, after))
                cost = float(expected_guesses(puzzle, options, bucket, *cost_curve(), left=left - 1,
                                              penalty=self.loss).min())
            expected += w.sum() / total * cost
        return expected
