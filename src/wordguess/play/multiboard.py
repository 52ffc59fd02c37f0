"""Multi-board games played and evaluated: one guess on every unsolved board, by simulation over
seeded secret tuples (distinct secrets per game; drawn by the prior in the open world)."""

from __future__ import annotations

import dataclasses
import functools
import math
import pickle
import statistics
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np

from wordguess.engine.puzzle import Puzzle, PuzzleSpec, built_puzzle
from wordguess.errors import WordguessError
from wordguess.games.multiboard import BoardReplies, MultiBoard
from wordguess.vocab import Position, Progress, Word

SAFETY_TURNS = 200  # a strategy that has not finished after this many guesses is broken


@dataclasses.dataclass
class BoardRecord:
    """One multi-board game played to the end."""

    secrets: tuple[Word, ...]
    turns: list[tuple[Word, BoardReplies]]  # each guess with every board's reply (None: solved before)
    max_guesses: int

    @property
    def guesses(self) -> int:
        return len(self.turns)

    @property
    def won(self) -> bool:
        return self.guesses <= self.max_guesses


def play_boards(rules: MultiBoard, puzzle: Puzzle, strategy, secrets: Sequence[int],
                opening: int | None = None) -> BoardRecord:
    """Return the game of `strategy` against the secrets (answer indices, one per board).
    `opening`: the first guess when it is known already (the same in every game of a puzzle)."""
    solved_reply = rules.board.solved_reply
    boards = [puzzle.all_candidates() for _ in secrets]
    open_boards = list(range(len(secrets)))
    turns: list[tuple[Word, BoardReplies]] = []
    matrix = puzzle.matrix
    while open_boards:
        if len(turns) >= SAFETY_TURNS:
            raise WordguessError(f"{strategy.name} did not finish the boards in {SAFETY_TURNS} guesses")
        left = rules.max_guesses - len(turns)
        guess = opening if not turns and opening is not None else strategy.choose(
            puzzle, Position(tuple(boards[b] for b in open_boards), [], left))
        replies: list[int | None] = [None] * len(secrets)
        still = []
        for b in open_boards:
            reply = int(matrix[guess, secrets[b]])
            replies[b] = reply
            if reply != solved_reply:
                boards[b] = boards[b][matrix[guess, boards[b]] == reply]
                still.append(b)
        open_boards = still
        turns.append((puzzle.guesses[guess], tuple(replies)))
    return BoardRecord(tuple(puzzle.answers[int(s)] for s in secrets), turns, rules.max_guesses)


def draw_secrets(puzzle: Puzzle, boards: int, games: int, seed: int, pool: np.ndarray | None = None) -> np.ndarray:
    """Return `games` rows of `boards` distinct answer indices, seeded: from `pool` (answer
    indices) uniformly when given, else by the prior's weights in the open world and uniformly
    in the closed."""
    choices = puzzle.all_candidates() if pool is None else np.asarray(pool, dtype=np.int64)
    if boards > len(choices):
        raise WordguessError(f"{boards} boards need {boards} distinct secrets; the list has {len(choices)}")
    rng = np.random.default_rng(seed)
    p = None if puzzle.weights is None or pool is not None else puzzle.probabilities(choices)
    return np.array([choices[rng.choice(len(choices), size=boards, replace=False, p=p)] for _ in range(games)],
                    dtype=np.int64)


@dataclasses.dataclass
class BoardEvaluation:
    """How a strategy did over many multi-board games."""

    game: str
    strategy: str
    world: str
    max_guesses: int
    guesses: list[int]  # per game
    seconds: float
    first: str | None  # the opening guess
    lost: list[tuple[str, ...]] = dataclasses.field(default_factory=list)  # the secrets of each game lost

    @property
    def mean(self) -> float:
        return statistics.fmean(self.guesses)

    @property
    def ci95(self) -> float:
        """Return the half-width of the 95% confidence interval of the mean."""
        return 1.96 * statistics.stdev(self.guesses) / math.sqrt(len(self.guesses)) if len(self.guesses) > 1 else 0.0

    @property
    def wins(self) -> int:
        return sum(g <= self.max_guesses for g in self.guesses)

    @property
    def histogram(self) -> dict[int, int]:
        counts = Counter(self.guesses)
        return {k: counts[k] for k in range(min(counts), max(counts) + 1)}

    def to_json(self) -> dict:
        return {"game": self.game, "strategy": self.strategy, "world": self.world, "games": len(self.guesses),
                "first": self.first, "mean": round(self.mean, 4), "ci95": round(self.ci95, 4),
                "worst": max(self.guesses), "best": min(self.guesses), "max_guesses": self.max_guesses,
                "wins": self.wins, "win_rate": round(self.wins / len(self.guesses), 6),
                "failures": len(self.guesses) - self.wins, "lost": [list(secrets) for secrets in self.lost],
                "histogram": {str(k): v for k, v in self.histogram.items()}, "seconds": round(self.seconds, 2)}


CHUNK = 50  # games per task when several processes play


@functools.lru_cache(maxsize=4)
def worker_strategy(blob: bytes):
    """Return the strategy pickled as `blob`, unpickled once per worker process, so what it
    remembers (the boards' score vectors) serves every block of games the worker plays."""
    return pickle.loads(blob)


def play_rows(task: tuple) -> list[int]:
    """A worker's task: the guesses of each game of a block of secret tuples."""
    rules, spec, blob, rows, opening = task
    puzzle, strategy = built_puzzle(spec), worker_strategy(blob)
    return [play_boards(rules, puzzle, strategy, row, opening).guesses for row in rows]


def evaluate_boards(rules: MultiBoard, puzzle: Puzzle, strategy, games: int, seed: int = 0,
                    progress: Progress | None = None, pool: np.ndarray | None = None,
                    workers: int = 1, spec: PuzzleSpec | None = None) -> BoardEvaluation:
    """Return the evaluation of a strategy over `games` seeded games (secret tuples by draw_secrets).
    With `workers` > 1 the games are played in that many processes, each building the puzzle
    from `spec` (the spec of `puzzle`); the result is the same as with one."""
    if games < 1:
        raise WordguessError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise WordguessError(f"--workers must be at least 1, not {workers}")
    if workers > 1 and spec is None:
        raise WordguessError("playing in several processes needs the puzzle's spec")
    started = time.perf_counter()
    secrets = draw_secrets(puzzle, rules.n_boards, games, seed, pool)
    everything = puzzle.all_candidates()
    opening = strategy.choose(puzzle, Position((everything,) * rules.n_boards, [], rules.max_guesses))  # the same every game
    if progress:
        progress(0, games)
    if workers == 1 or games <= CHUNK:
        guesses = []
        for k, row in enumerate(secrets, 1):
            guesses.append(play_boards(rules, puzzle, strategy, row, opening).guesses)
            if progress:
                progress(k, games)
    else:
        blocks = [secrets[start:start + CHUNK] for start in range(0, games, CHUNK)]
        results: list[list[int]] = [[] for _ in blocks]
        done = 0
        # Imported here: multiprocessing's modules only where the games are played in workers.
        from wordguess.engine.executors import ProcessExecutor

        with ProcessExecutor(workers) as executor:
            blob = pickle.dumps(strategy)
            for index, block in executor.run(play_rows, [(rules, spec, blob, rows, opening) for rows in blocks]):
                results[index] = block
                done += len(block)
                if progress:
                    progress(done, games)
        guesses = [g for block in results for g in block]
    world = "closed" if puzzle.weights is None else "open"
    lost = [tuple(puzzle.answers[a] for a in row) for row, g in zip(secrets, guesses, strict=True)
            if g > rules.max_guesses]
    return BoardEvaluation(rules.name, strategy.name, world, rules.max_guesses, guesses,
                           time.perf_counter() - started, puzzle.guesses[opening], lost)
