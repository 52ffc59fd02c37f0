"""Strategies scored by the bucket metrics: greedy by one metric, random, Antiwordle's guesser, and
a lookahead over greedy subtrees."""

from __future__ import annotations

import dataclasses

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.strategies.base import (
    Strategy,
    one_board,
    pick_best,
    ranked,
    trivial_first,
    useful,
)
from wordguess.strategies.scoring import score_guesses
from wordguess.vocab import Candidates, History, Position


@dataclasses.dataclass
class Greedy(Strategy):
    """Pick the allowed guess whose buckets score best by a metric of metrics.py."""

    metric: str  # minimax, expectation, entropy or most-parts

    @property
    def name(self) -> str:
        return self.metric

    @trivial_first
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates, history = position.candidates, position.history
        guess_ids = puzzle.allowed(candidates, history)
        scores = score_guesses(puzzle, guess_ids, candidates, self.metric)
        return pick_best(puzzle, guess_ids, scores, candidates)


@dataclasses.dataclass
class RandomCandidate(Strategy):
    """Guess a random candidate (every candidate is allowed in every mode). Seeded."""

    seed: int = 0  # the seed of the random generator
    name: str = "random"

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates = position.candidates
        return int(puzzle.guess_of_answer[candidates[self.rng.integers(len(candidates))]])


@dataclasses.dataclass
class Antiwordle(Strategy):
    """Antiwordle's guesser: consistent guesses only, and make the game last: play the guess
    whose buckets have the LEAST entropy (big buckets), as the classic write-up does."""

    name: str = "antiwordle"

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates = position.candidates
        guess_ids = puzzle.guess_of_answer[candidates]
        scores = score_guesses(puzzle, guess_ids, candidates, "entropy")
        return pick_best(puzzle, guess_ids, -scores, candidates)


@dataclasses.dataclass
class Lookahead(Strategy):
    """For the best `width` guesses by entropy, build the greedy (`inner`) subtree below each and
    play the one whose subtree takes the fewest guesses in total."""

    width: int = 10  # how many of the best guesses by entropy are tried
    inner: str = "entropy"  # the metric of the greedy subtrees
    name: str = "lookahead"

    def __post_init__(self) -> None:
        if self.width < 1:
            raise WordguessError(f"lookahead needs a width of at least 1, not {self.width}")

    @trivial_first
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates, history = position.candidates, position.history
        guess_ids = useful(puzzle, puzzle.allowed(candidates, history), candidates)
        scores = score_guesses(puzzle, guess_ids, candidates, "entropy")
        shortlist = ranked(puzzle, guess_ids, scores, candidates)[: self.width]
        inner = Greedy(self.inner)
        costs = [greedy_cost(puzzle, inner, candidates, history, int(g)) for g in shortlist]
        return int(shortlist[int(np.argmin(costs))])


def greedy_cost(puzzle: Puzzle, strategy: Strategy, candidates: Candidates, history: History,
                guess: int | None = None) -> int:
    """Return the total guesses the strategy's tree takes over `candidates` (playing `guess`
    first when given), without building the tree."""
    if len(candidates) == 1 and guess is None:
        return 1
    if guess is None:
        guess = strategy.choose(puzzle, one_board(puzzle, candidates, history))
    total = len(candidates)
    word = puzzle.guesses[guess]
    for reply, bucket in puzzle.buckets(guess, candidates):
        if reply == puzzle.game.solved_reply:
            continue
        if len(bucket) == len(candidates):
            raise WordguessError(f"{strategy.name}: {word!r} does not split the candidates")
        total += greedy_cost(puzzle, strategy, bucket, [*history, (word, reply)])
    return total
