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
set, found in the same way, then to an exact guard when one was given (`Guard.exact`: the
exact feasibility search, optimal.worst.exact_guard, injected by the front ends, as it lives in a
layer above this one), and to the strategy's own choice only when none of them shows a win.
`Guard.win_guarantee` then says which: no win shown (UNKNOWN), or none possible (IMPOSSIBLE: the exact
search proved that no strategy wins every candidate from here).

The search is the check of `Guard.choose`: the strategy ranks its guesses by what it wants
(fewest guesses expected under the prior), the guard plays the first of them that is safe.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.witnesses import (
    EXTEND_VERSION,
    UNSET,
    ShippedWitness,
    Witnesses,
    guard_version,
    puzzle_memo,
    shipped_witnesses,
    trivially_within,
)
from wordguess.vocab import Candidates, History, Position

SHOWN, IMPOSSIBLE, UNKNOWN = "shown", "impossible", "unknown"  # what Guard.win_guarantee says of a win


class LastResort(Protocol):
    """An exact guard for the guard's last resort (optimal.worst.exact_guard.ExactGuard)."""

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
    exact: LastResort | None = None  # the last resort, when the witness search shows no win (see the module)
    # the strategy's best guesses it checks before its own witness's (hard mode, every word: 40
    # against 8 saves 0.0016 of the weighted mean at no cost in time)
    exact_tries: int = 40
    after_most: int = 150  # the largest bucket `guarantee_after` asks the exact guard about (a second or less)
    after_calls: int = 3  # the most buckets one `guarantee_after` asks the exact guard about
    refused: list[int] = dataclasses.field(default_factory=list, repr=False)  # the last choice's unsafe guesses
    _witnesses: Witnesses | None = dataclasses.field(default=None, repr=False)
    _shipped: ShippedWitness | None = dataclasses.field(default=None, repr=False)
    _decided: tuple | None = dataclasses.field(default=None, repr=False)  # (position, what win_guarantee says)

    def key_for(self, puzzle: Puzzle) -> tuple:
        """Return what its choices on the puzzle depend on beyond the puzzle itself: the search's
        version, the shipped trees and the exact guard (part of the key of a remembered choice)."""
        key = guard_version(puzzle.game.key, puzzle.mode), None if self.exact is None else self.exact.key_for(puzzle)
        self.witnesses(puzzle)
        if self._shipped is not None and self._shipped.extended:
            return (*key, ("extended", EXTEND_VERSION))  # (the shipped tree as it is: the key as before)
        return key

    def witnesses(self, puzzle: Puzzle) -> Witnesses:
        """Return the witness search of this puzzle (a new one, with an empty memo, for another),
        and note which shipped witness tree covers its answers."""
        if self._witnesses is None or self._witnesses.puzzle is not puzzle:
            memo = puzzle_memo(puzzle)
            self._witnesses = Witnesses(puzzle, nodes=self.nodes, _found=memo.found, _failed=memo.failed, _hard=memo.hard)
            if memo.shipped is UNSET:
                trees = shipped_witnesses(puzzle.game.key)
                shipped = next((tree for tree in trees if tree.covers(puzzle)), None)
                if shipped is None:  # words added to a list the tree covers: it is extended to them
                    shipped = next((found for found in (tree.extend_to(puzzle, self._witnesses) for tree in trees)
                                    if found is not None), None)
                memo.shipped = shipped
            self._shipped = memo.shipped
        return self._witnesses

    def shipped_guess(self, puzzle: Puzzle, history: History) -> int | None:
        """Return the shipped witness tree's guess after `history` when one covers the puzzle's
        answers and the game has followed it, else None."""
        self.witnesses(puzzle)
        word = None if self._shipped is None else self._shipped.guess(puzzle.game, history)
        return None if word is None else puzzle.index_of(word)

    def guarantee_after(self, puzzle: Puzzle, guess: int, candidates: Candidates, history: History) -> str:
        """Return whether every secret the guess may leave can still be found within the
        guesses left after it: SHOWN (the witness search, else the exact guard, proves each of
        its buckets), IMPOSSIBLE (the exact guard proves that some bucket has no tree: a
        secret can be lost whatever is played after it) or UNKNOWN. Judges a guess the player
        chose, which the strategy's ranking may not hold, within about a decision's work: the
        witness search's `cells` shared by the buckets, the exact guard on at most
        `verdict_calls` of those it did not show, each of at most `verdict_most` secrets."""
        left = puzzle.game.max_guesses - len(history) - 1
        if trivially_within(len(candidates), left):
            return SHOWN
        search, word, outcome = self.witnesses(puzzle), puzzle.guesses[guess], SHOWN
        stop, calls = search.worked + self.cells, self.after_calls
        for reply, bucket in sorted(puzzle.buckets(guess, candidates), key=lambda rb: len(rb[1])):
            after = [*history, (word, reply)]
            if reply == puzzle.game.solved_reply or search.within(bucket, left, after, self.nodes,
                                                                   max(stop - search.worked, 0)):
                continue
            if left < 1:
                return IMPOSSIBLE  # a word left and no guess to find it
            if self.exact is None or len(bucket) > self.after_most or calls == 0:
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
        this set), else the exact guard's, which tries the strategy's `ranking` first. Else
        (None, IMPOSSIBLE) when the exact guard proved that no strategy wins every candidate
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

    def win_guarantee(self, puzzle: Puzzle, position: Position) -> str:
        """Return whether a win within the game's limit can be guaranteed from here: SHOWN,
        IMPOSSIBLE (no strategy can guarantee one) or UNKNOWN (none shown, none ruled out)."""
        candidates, history = position.candidates, position.history
        left = puzzle.game.max_guesses - len(history)
        if trivially_within(len(candidates), left):
            return SHOWN
        if self._decided is not None and self._decided[0] == self._position(puzzle, candidates, history):
            return self._decided[1]  # the last decision here showed it, or spent its budget trying
        return self.settle(puzzle, candidates, history)[1]

    @staticmethod
    def _position(puzzle: Puzzle, candidates: Candidates, history: History) -> tuple:
        return puzzle.fingerprint, tuple(history), len(candidates)

    def choose(self, puzzle: Puzzle, position: Position, favourite: int, ranking: Callable[[], np.ndarray]) -> int:
        """Return the first safe guess of `ranking()` (the strategy's guesses, best first, its
        `favourite` first) among its first `tries`, else a witness's guess, else the favourite
        (no win can be guaranteed)."""
        candidates, history, first = position.candidates, position.history, favourite
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
        ranking = ranking()
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
        self.refused = [g for g in self.refused if g != found]  # (the exact guard may prove one safe)
        return found
