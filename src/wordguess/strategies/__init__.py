"""Strategies: small objects with one method, `choose`, found in a registry by name.

A strategy sees the puzzle, the candidates (indices into puzzle.answers) and the history, and
returns the index of its next guess among puzzle.guesses, always one the puzzle's mode allows.
Ties are broken the same way everywhere: prefer a guess that can still be the answer, then the
word list's order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError, unknown_name
from wordguess.games import kernels
from wordguess.strategies.scoring import score_guesses
from wordguess.vocab import History

TIE = 1e-9  # scores this close (relative) are ties, so float noise never decides a guess


class Strategy(Protocol):
    """Anything with a name and a `choose` method is a strategy."""

    name: str

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        """Return the index (in puzzle.guesses) of the next guess."""


def candidate_guesses(puzzle: Puzzle, guess_ids: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """Return a boolean array: which of `guess_ids` are still candidates."""
    is_candidate = np.zeros(len(puzzle.answers) + 1, dtype=bool)
    is_candidate[candidates] = True
    return is_candidate[puzzle.answer_of_guess[guess_ids]]  # -1 maps to the spare False slot


def pick_best(puzzle: Puzzle, guess_ids: np.ndarray, scores: np.ndarray, candidates: np.ndarray) -> int:
    """Return the guess with the lowest score; among ties, a candidate first (unless the puzzle
    says otherwise), then list order."""
    best = scores.min()
    tied = scores <= best + TIE * max(1.0, abs(best))
    preferred = tied & candidate_guesses(puzzle, guess_ids, candidates) & puzzle.prefer_candidates
    pool = guess_ids[preferred] if preferred.any() else guess_ids[tied]
    return int(pool.min())


def ranked(puzzle: Puzzle, guess_ids: np.ndarray, scores: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """Return guess_ids from best to worst score, ties broken as pick_best does."""
    not_candidate = ~candidate_guesses(puzzle, guess_ids, candidates)
    return guess_ids[np.lexsort((guess_ids, not_candidate, scores))]


def trivial_choice(puzzle: Puzzle, candidates: np.ndarray) -> int | None:
    """Return the guess for one or two candidates (the first of them: nothing does better, and
    every metric agrees), else None."""
    if len(candidates) <= 2:
        return int(puzzle.guess_of_answer[candidates[0]])
    return None


def useful(puzzle: Puzzle, guess_ids: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """Return the guesses that make progress: they split the candidates or may be the secret."""
    parts = -score_guesses(puzzle.matrix, guess_ids, candidates, puzzle.game.n_replies, "most-parts")
    keep = (parts >= 2) | candidate_guesses(puzzle, guess_ids, candidates)
    return guess_ids[keep]


@dataclasses.dataclass
class Greedy:
    """Pick the allowed guess whose buckets score best by a metric of metrics.py."""

    metric: str  # minimax, expectation, entropy or most-parts

    @property
    def name(self) -> str:
        return self.metric

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        trivial = trivial_choice(puzzle, candidates)
        if trivial is not None:
            return trivial
        guess_ids = puzzle.allowed(candidates, history)
        scores = score_guesses(puzzle.matrix, guess_ids, candidates, puzzle.game.n_replies, self.metric)
        return pick_best(puzzle, guess_ids, scores, candidates)


@dataclasses.dataclass
class RandomCandidate:
    """Guess a random candidate (every candidate is allowed in every mode). Seeded."""

    seed: int = 0  # the seed of the random generator
    name: str = "random"

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        return int(puzzle.guess_of_answer[candidates[self.rng.integers(len(candidates))]])


def letter_table(puzzle: Puzzle, words_ids: np.ndarray) -> np.ndarray:
    """Return the (len(words_ids), length) letter indices of the given allowed guesses."""
    game = puzzle.game
    return kernels.letter_indices([game.fold(puzzle.guesses[i]) for i in words_ids], game.alphabet)


@dataclasses.dataclass
class LetterFrequency:
    """The Termo notebook's heuristic: rank letters by how often they occur among the
    candidates, skipping letters already played, and guess the word whose distinct letters
    have the highest total frequency."""

    name: str = "letter-frequency"

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        trivial = trivial_choice(puzzle, candidates)
        if trivial is not None:
            return trivial
        alphabet = puzzle.game.alphabet
        guess_ids = useful(puzzle, puzzle.allowed(candidates, history), candidates)
        letters = letter_table(puzzle, puzzle.guess_of_answer[candidates])
        weight = np.bincount(letters.ravel(), minlength=len(alphabet)).astype(np.float64)
        for guess, _ in history:
            for ch in set(puzzle.game.fold(guess)):
                weight[alphabet.index(ch)] = 0.0
        presence = np.zeros((len(guess_ids), len(alphabet)), dtype=bool)
        rows = letter_table(puzzle, guess_ids)
        presence[np.arange(len(guess_ids))[:, None], rows] = True
        return pick_best(puzzle, guess_ids, -(presence @ weight), candidates)


@dataclasses.dataclass
class Positional:
    """The Sutom notes' heuristic: for each letter of a guess at its position, the expected
    number of candidates it eliminates, summed over outcomes weighted by their probability:
      right place (p_g): eliminates the candidates without that letter there, n(1 - p_g)
      elsewhere   (p_e): eliminates those with it there or without it at all, n(p_g + p_a)
      absent      (p_a): eliminates those containing it, n(1 - p_a)
    summed over the guess's letters; the guess with the largest total is played."""

    name: str = "positional"

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        trivial = trivial_choice(puzzle, candidates)
        if trivial is not None:
            return trivial
        size = len(puzzle.game.alphabet)
        n = len(candidates)
        letters = letter_table(puzzle, puzzle.guess_of_answer[candidates])
        length = letters.shape[1]
        at = np.stack([np.bincount(letters[:, k], minlength=size) for k in range(length)]) / n
        contains = np.zeros((n, size), dtype=bool)
        contains[np.arange(n)[:, None], letters] = True
        p_in = contains.mean(axis=0)
        p_g, p_a = at, 1.0 - p_in[None, :]
        p_e = 1.0 - p_g - p_a
        table = n * (p_g * (1 - p_g) + p_e * (p_g + p_a) + p_a * (1 - p_a))  # (length, letters)
        guess_ids = useful(puzzle, puzzle.allowed(candidates, history), candidates)
        rows = letter_table(puzzle, guess_ids)
        gain = table[np.arange(length)[None, :], rows].sum(axis=1)
        return pick_best(puzzle, guess_ids, -gain, candidates)


@dataclasses.dataclass
class Antiwordle:
    """Antiwordle's guesser: consistent guesses only, and make the game last: play the guess
    whose buckets have the LEAST entropy (big buckets), as the classic write-up does."""

    name: str = "antiwordle"

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        guess_ids = puzzle.guess_of_answer[candidates]
        scores = score_guesses(puzzle.matrix, guess_ids, candidates, puzzle.game.n_replies, "entropy")
        return pick_best(puzzle, guess_ids, -scores, candidates)


@dataclasses.dataclass
class Lookahead:
    """For the best `width` guesses by entropy, build the greedy (`inner`) subtree below each and
    play the one whose subtree takes the fewest guesses in total."""

    width: int = 10  # how many of the best guesses by entropy are tried
    inner: str = "entropy"  # the metric of the greedy subtrees
    name: str = "lookahead"

    def __post_init__(self) -> None:
        if self.width < 1:
            raise WordguessError(f"lookahead needs a width of at least 1, not {self.width}")

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        trivial = trivial_choice(puzzle, candidates)
        if trivial is not None:
            return trivial
        guess_ids = useful(puzzle, puzzle.allowed(candidates, history), candidates)
        scores = score_guesses(puzzle.matrix, guess_ids, candidates, puzzle.game.n_replies, "entropy")
        shortlist = ranked(puzzle, guess_ids, scores, candidates)[: self.width]
        inner = Greedy(self.inner)
        costs = [greedy_cost(puzzle, inner, candidates, history, int(g)) for g in shortlist]
        return int(shortlist[int(np.argmin(costs))])


def greedy_cost(puzzle: Puzzle, strategy: Strategy, candidates: np.ndarray, history: History,
                guess: int | None = None) -> int:
    """Return the total guesses the strategy's tree takes over `candidates` (playing `guess`
    first when given), without building the tree."""
    if len(candidates) == 1 and guess is None:
        return 1
    if guess is None:
        guess = strategy.choose(puzzle, candidates, history)
    replies = puzzle.matrix[guess, candidates]
    total = len(candidates)
    word = puzzle.guesses[guess]
    for reply in np.unique(replies):
        if reply == puzzle.game.solved_reply:
            continue
        bucket = candidates[replies == reply]
        if len(bucket) == len(candidates):
            raise WordguessError(f"{strategy.name}: {word!r} does not split the candidates")
        total += greedy_cost(puzzle, strategy, bucket, [*history, (word, int(reply))])
    return total


STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "random": RandomCandidate,
    "minimax": lambda: Greedy("minimax"),
    "expectation": lambda: Greedy("expectation"),
    "entropy": lambda: Greedy("entropy"),
    "most-parts": lambda: Greedy("most-parts"),
    "letter-frequency": LetterFrequency,
    "positional": Positional,
    "lookahead": Lookahead,
    "antiwordle": Antiwordle,
}
ALIASES = {"max": "minimax", "knuth": "minimax", "expected": "expectation", "info": "entropy",
           "parts": "most-parts", "frequency": "letter-frequency", "sutom": "positional"}


def get_strategy(name: str, **options) -> Strategy:
    """Return a new strategy by registry name or alias, e.g. get_strategy('lookahead', width=5)."""
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in STRATEGIES:
        raise unknown_name("strategy", name, STRATEGIES)
    try:
        return STRATEGIES[key](**options)
    except TypeError as exc:
        raise WordguessError(f"strategy {key} does not take options {sorted(options)}") from exc
