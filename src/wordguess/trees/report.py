"""Evaluations of a strategy over many secrets, and first-guess tables. Pure data: the CLI
renders them (text bars, JSON, an optional PNG)."""

from __future__ import annotations

import dataclasses
import math
import statistics
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordError, WordguessError
from wordguess.strategies.base import Strategy, one_board, ranked
from wordguess.strategies.metrics import METRICS
from wordguess.strategies.scoring import score_guesses
from wordguess.trees.build import build_tree, clue_puzzles
from wordguess.trees.tree import Tree, leaves
from wordguess.vocab import Candidates, History, Progress, Word

SAFETY_DEPTH = 100  # a strategy that has not solved a game after this many guesses is broken


@dataclasses.dataclass
class Evaluation:
    """How a strategy did over a set of secrets."""

    game: str  # the game's name
    strategy: str  # the strategy's name
    mode: str  # normal, hard or strict
    max_guesses: int  # the game's limit; games above it count as failures
    scores: dict[str, int]  # secret -> guesses needed (unbounded)
    seconds: float  # wall time of the evaluation
    first: str | None = None  # the first guess, when it is always the same
    tree: Tree | None = dataclasses.field(default=None, repr=False)  # the tree, when one was built
    # The prior weight of each secret (the open world), for the weighted mean; None: all alike.
    weights: dict[str, float] | None = dataclasses.field(default=None, repr=False)
    world: str = "closed"  # closed (the answers are known) or open (any allowed word, weighted)

    @property
    def histogram(self) -> dict[int, int]:
        """Return how many secrets took exactly k guesses, for each k from 1 to the worst."""
        counts = Counter(self.scores.values())
        return {k: counts.get(k, 0) for k in range(1, self.worst + 1)}

    @property
    def total(self) -> int:
        return sum(self.scores.values())

    @property
    def mean(self) -> float:
        return self.total / len(self.scores)

    @property
    def weighted_mean(self) -> float:
        """Return the mean weighted by each secret's prior (the plain mean when unweighted)."""
        if self.weights is None:
            return self.mean
        total = sum(self.weights[w] for w in self.scores)
        return sum(self.weights[w] * v for w, v in self.scores.items()) / total

    @property
    def std(self) -> float:
        return statistics.pstdev(self.scores.values()) if len(self.scores) > 1 else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.scores.values())

    @property
    def best(self) -> int:
        return min(self.scores.values())

    @property
    def worst(self) -> int:
        return max(self.scores.values())

    @property
    def failures(self) -> int:
        """Return how many secrets took more guesses than the game allows."""
        return sum(1 for v in self.scores.values() if v > self.max_guesses)

    @property
    def lost(self) -> list[str]:
        """Return the secrets that took more guesses than the game allows, the most guesses first."""
        return [w for w, v in sorted(self.scores.items(), key=lambda kv: (-kv[1], kv[0])) if v > self.max_guesses]

    def cumulative(self) -> dict[int, float]:
        """Return the share of secrets solved within k guesses, for k from 1 to the worst."""
        done, shares = 0, {}
        for k, n in self.histogram.items():
            done += n
            shares[k] = done / len(self.scores)
        return shares

    def to_json(self) -> dict:
        """Return the evaluation as JSON-ready data."""
        return {"game": self.game, "strategy": self.strategy, "mode": self.mode, "world": self.world,
                "secrets": len(self.scores), "first": self.first, "total": self.total,
                "mean": round(self.mean, 4), "weighted_mean": round(self.weighted_mean, 4),
                "std": round(self.std, 4), "median": self.median,
                "best": self.best, "worst": self.worst, "max_guesses": self.max_guesses,
                "failures": self.failures, "lost": self.lost, "histogram": {str(k): v for k, v in self.histogram.items()},
                "cumulative": {str(k): round(v, 4) for k, v in self.cumulative().items()},
                "seconds": round(self.seconds, 3)}


def sample_candidates(puzzle: Puzzle, sample: int | None, seed: int) -> np.ndarray:
    """Return every answer index, or a seeded sample of `sample` of them (sorted)."""
    if sample is not None and sample < 1:
        raise WordguessError(f"a sample needs at least 1 secret, not {sample}")
    everything = puzzle.all_candidates()
    if sample is None or sample >= len(everything):
        return everything
    return np.sort(np.random.default_rng(seed).choice(everything, size=sample, replace=False))


def secret_indices(puzzle: Puzzle, secrets: Sequence[Word]) -> np.ndarray:
    """Return the answer index of each secret (duplicates dropped), or raise WordError naming the
    words that cannot be secrets here (in the open world: words that are not allowed guesses)."""
    position = {puzzle.game.fold(w): i for i, w in enumerate(puzzle.answers)}
    found, missing = [], []
    for word in dict.fromkeys(secrets):
        index = position.get(puzzle.game.fold(word))
        (missing.append(word) if index is None else found.append(index))
    if missing:
        raise WordError(f"{len(missing)} of the secrets cannot be secrets here (first: "
                        f"{', '.join(missing[:5])}): they are not in the {puzzle.answers.name} list")
    if not found:
        raise WordguessError("no secrets to evaluate")
    return np.array(sorted(set(found)), dtype=np.int64)


def play_secrets(puzzle: Puzzle, strategy: Strategy, secrets: Candidates,
                 progress: Progress | None = None) -> tuple[dict[Word, int], Word | None]:
    """Return the guesses the strategy takes on each secret (indices into the answers), growing
    its tree only along the paths those secrets take: every candidate stays possible for the
    guesser, but branches no secret reaches are never built; and its first guess (None when a
    clue the host shows first, Sutom's letter, starts each secret in its clue's own puzzle)."""
    scores: dict[Word, int] = {}
    openers: set[Word] = set()
    total = len(secrets)
    chosen = {puzzle.answers[int(i)] for i in secrets}

    def walk(part: Puzzle, wanted: np.ndarray, candidates: Candidates, history: History, depth: int) -> None:
        if len(candidates) == 1:
            scores[part.answers[int(candidates[0])]] = depth + 1
        else:
            guess = strategy.choose(part, one_board(part, candidates, history))
            word = part.guesses[guess]
            if not history:
                openers.add(word)
            for reply, bucket in part.buckets(guess, candidates):
                if not wanted[bucket].any():
                    continue
                if reply == part.game.solved_reply:
                    scores[word] = depth + 1
                elif len(bucket) == len(candidates):
                    raise WordguessError(f"{strategy.name}: {word!r} does not split {len(candidates)} candidates")
                elif depth + 1 >= SAFETY_DEPTH:
                    raise WordguessError(f"{strategy.name} did not solve a game in {SAFETY_DEPTH} guesses")
                else:
                    walk(part, wanted, bucket, [*history, (word, reply)], depth + 1)
        if progress:
            progress(len(scores), total)

    parts = clue_puzzles(puzzle)
    for part in parts:
        wanted = np.array([w in chosen for w in part.answers], dtype=bool)
        if wanted.any():
            walk(part, wanted, part.all_candidates(), [], 0)
    return scores, (next(iter(openers)) if len(openers) == 1 and len(parts) == 1 else None)


def evaluate(puzzle: Puzzle, strategy: Strategy, sample: int | None = None, seed: int = 0,
             progress: Progress | None = None, secrets: Sequence[Word] | None = None,
             world: str = "closed") -> Evaluation:
    """Return the evaluation of a strategy over every secret (or a seeded sample): the tree of
    its play is built once and each secret's score read off its leaf. When the host reveals a
    clue first (Sutom's first letter), one tree is built per clue and the evaluation has no
    single tree (`tree` and `first` are None)."""
    if sample is not None and sample < 1:
        raise WordguessError(f"a sample needs at least 1 secret, not {sample}")
    start = time.perf_counter()
    weights = None if not puzzle.weighted else dict(zip(puzzle.answers, puzzle.weights.tolist(), strict=True))
    if secrets is not None or (puzzle.weighted and sample is not None):
        chosen = puzzle.all_candidates() if secrets is None else secret_indices(puzzle, secrets)
        if sample is not None and sample < len(chosen):
            chosen = np.sort(np.random.default_rng(seed).choice(chosen, size=sample, replace=False))
        if progress:
            progress(0, len(chosen))
        scores, first = play_secrets(puzzle, strategy, chosen, progress)
        return Evaluation(puzzle.game.name, strategy.name, puzzle.mode, puzzle.game.max_guesses, scores,
                          time.perf_counter() - start, first, None, weights, world)
    trees, done = [], 0
    if progress:
        progress(0, len(puzzle.answers))  # the total is known before the first leaf
    for part in clue_puzzles(puzzle):
        report = None if progress is None else (lambda n, _, done=done: progress(done + n, len(puzzle.answers)))
        trees.append(build_tree(part, strategy, progress=report))
        done += len(part.answers)
    scores = {secret: depth for tree in trees for secret, depth in leaves(tree)}
    if sample is not None:
        chosen = {puzzle.answers[i] for i in sample_candidates(puzzle, sample, seed)}
        scores = {w: v for w, v in scores.items() if w in chosen}
    tree = trees[0] if len(trees) == 1 else None
    first = None if tree is None else tree if isinstance(tree, str) else tree.guess
    return Evaluation(puzzle.game.name, strategy.name, puzzle.mode, puzzle.game.max_guesses,
                      scores, time.perf_counter() - start, first, tree, weights, world)


def tree_evaluation(puzzle: Puzzle, tree: Tree, name: str = "tree", world: str = "closed") -> Evaluation:
    """Return the evaluation of a given tree, read off its leaves without replaying games (with
    the weighted mean when the puzzle's secrets are weighted)."""
    start = time.perf_counter()
    scores = dict(leaves(tree))
    first = tree if isinstance(tree, str) else tree.guess
    weights = None if not puzzle.weighted else dict(zip(puzzle.answers, puzzle.weights.tolist(), strict=True))
    return Evaluation(puzzle.game.name, name, puzzle.mode, puzzle.game.max_guesses, scores,
                      time.perf_counter() - start, first, tree, weights, world)


def first_guess_table(puzzle: Puzzle, count: int = 10) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """Return, for each metric, the `count` best and worst first guesses with the metric's
    value over every answer ({metric: {"best": [(word, value)], "worst": [...]}})."""
    if count < 1:
        raise WordguessError(f"the table needs a count of at least 1, not {count}")
    candidates = puzzle.all_candidates()
    guess_ids = np.arange(len(puzzle.guesses))
    table = {}
    for name, metric in METRICS.items():
        scores = score_guesses(puzzle, guess_ids, candidates, name)
        order = ranked(puzzle, guess_ids, scores, candidates)

        def value(g: int, metric=metric, scores=scores) -> float:
            v = metric.shown * metric.value(float(scores[g]), len(candidates))
            return 0.0 if math.isclose(v, 0.0, abs_tol=1e-12) else v

        table[name] = {"best": [(puzzle.guesses[g], value(g)) for g in order[:count]],
                       "worst": [(puzzle.guesses[g], value(g)) for g in order[::-1][:count]]}
    return table
