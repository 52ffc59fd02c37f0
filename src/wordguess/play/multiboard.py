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

from wordguess.engine.executors import ProcessExecutor
from wordguess.engine.puzzle import Puzzle, PuzzleSpec, built_puzzle
from wordguess.errors import ReplyError, WordError, WordguessError
from wordguess.games.base import ABSENT, MARK_TEXT
from wordguess.games.multiboard import SOLVED_MARK, BoardReplies, MultiBoard
from wordguess.play.assistant import admit_into
from wordguess.vocab import Progress, Word

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
            puzzle, [boards[b] for b in open_boards], left)
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
                "failures": len(self.guesses) - self.wins,
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
    secrets = draw_secrets(puzzle, rules.boards, games, seed, pool)
    everything = puzzle.all_candidates()
    opening = strategy.choose(puzzle, [everything] * rules.boards, rules.max_guesses)  # the same every game
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
        with ProcessExecutor(workers) as executor:
            blob = pickle.dumps(strategy)
            for index, block in executor.run(play_rows, [(rules, spec, blob, rows, opening) for rows in blocks]):
                results[index] = block
                done += len(block)
                if progress:
                    progress(done, games)
        guesses = [g for block in results for g in block]
    world = "closed" if puzzle.weights is None else "open"
    return BoardEvaluation(rules.name, strategy.name, world, rules.max_guesses, guesses,
                           time.perf_counter() - started, puzzle.guesses[opening])


@dataclasses.dataclass(frozen=True)
class BoardStatus:
    """What one board looks like now: its candidates, and its word once solved."""

    board: int  # 1-based
    candidates: list[Word]  # the words still possible (empty once solved)
    probabilities: list[float]  # of the candidates, in the same order
    solved: Word | None  # the secret, once guessed

    @property
    def known(self) -> Word | None:
        """Return the secret when it is known (one candidate left) but not guessed yet."""
        return self.candidates[0] if self.solved is None and len(self.candidates) == 1 else None


class BoardAssistant:
    """A multi-board game played elsewhere: the replies the player reports, each board's
    candidates, the strategy's suggestion. Pure: no printing or prompting; a refused report
    (unknown word, malformed or contradicting reply) leaves the state as it was."""

    def __init__(self, rules: MultiBoard, puzzle: Puzzle, strategy):
        self.rules, self.puzzle, self.strategy = rules, puzzle, strategy
        self.history: list[tuple[Word, BoardReplies]] = []
        self._states: list[list[np.ndarray | None]] = [[puzzle.all_candidates() for _ in range(rules.boards)]]
        self.notices: list[str] = []  # one line each, for the front end to show (then clear)

    @property
    def boards(self) -> list[np.ndarray | None]:
        """Return each board's candidates (answer indices), None for a board solved."""
        return self._states[-1]

    @property
    def solved(self) -> bool:
        return all(b is None for b in self.boards)

    @property
    def left(self) -> int:
        """Return the guesses the game still allows (negative once past the limit)."""
        return self.rules.max_guesses - len(self.history)

    def solved_mask(self) -> list[bool]:
        return [b is None for b in self.boards]

    def status(self) -> list[BoardStatus]:
        """Return every board's status."""
        out = []
        for k, candidates in enumerate(self.boards):
            if candidates is None:
                word = next(g for g, replies in self.history if replies[k] == self.rules.board.solved_reply)
                out.append(BoardStatus(k + 1, [], [], word))
            else:
                p = self.puzzle.probabilities(candidates)
                order = np.argsort(-p, kind="stable")
                out.append(BoardStatus(k + 1, [self.puzzle.answers[int(candidates[i])] for i in order],
                                       [float(p[i]) for i in order], None))
        return out

    def suggest(self) -> Word:
        """Return the strategy's next guess."""
        if self.solved:
            raise WordguessError("every board is solved")
        open_boards = [b for b in self.boards if b is not None]
        return self.puzzle.guesses[self.strategy.choose(self.puzzle, open_boards, max(self.left, 1))]

    def resolve(self, word: str) -> Word:
        """Return the allowed guess the player typed (accents optional), or raise WordError for
        a malformed one (a well-formed word in no list is added: see admit)."""
        self.admit(word)
        return self.puzzle.guesses[self.puzzle.index_of(word.strip())]

    def admit(self, word: str) -> None:
        """Add a well-formed word that is in no list (play.assistant.admitted), with a notice; in
        the open world it joins each open board's candidates wherever its replies fit."""
        def extend(index: int, replies: list) -> None:
            for k, state in enumerate(self._states):
                for board, candidates in enumerate(state):
                    if candidates is not None and all(replies[j] == self.history[j][1][board] for j in range(k)):
                        state[board] = np.append(candidates, index).astype(candidates.dtype)

        admit_into(self, word, extend)

    def report(self, word: str, replies_text: str) -> BoardReplies:
        """Record that `word` was played and got these replies (one per unsolved board, see
        MultiBoard.parse_reply); return them."""
        if self.solved:
            raise WordguessError("every board is solved")
        guess = self.resolve(word)
        replies = self.rules.parse_reply(replies_text, self.solved_mask())
        self.record(guess, replies)
        return replies

    def record(self, guess: Word, replies: BoardReplies) -> None:
        """Record encoded replies to an allowed guess (see report)."""
        if len(replies) != self.rules.boards:
            raise WordguessError(f"{self.rules.name} needs {self.rules.boards} replies, not {len(replies)}")
        index = self.puzzle.index_of(guess)
        game = self.rules.board
        after: list[np.ndarray | None] = []
        for k, (candidates, reply) in enumerate(zip(self.boards, replies, strict=True), 1):
            if candidates is None:
                if reply is not None:
                    raise ReplyError(f"board {k} is solved already: write {SOLVED_MARK} or leave it out")
                after.append(None)
                continue
            if reply is None:
                raise ReplyError(f"board {k} is not solved yet: give its reply, not {SOLVED_MARK}")
            narrowed = self.puzzle.narrow(candidates, index, reply)
            if len(narrowed) == 0:
                which = "no allowed word" if self.puzzle.weighted else "no word of the answer list"
                raise ReplyError(f"board {k}: reply {game.format_reply(reply)} to {game.display(guess)} "
                                 f"{'contradicts its earlier replies' if self.history else 'fits no word'}: "
                                 f"{which} fits them all")
            after.append(None if reply == game.solved_reply else narrowed)
        solving = [k for k, reply in enumerate(replies, 1) if reply == game.solved_reply]
        before = [k for word, earlier in self.history if word == guess
                  for k, reply in enumerate(earlier, 1) if reply == game.solved_reply]
        if len(solving) + len(before) > 1:
            boards = " and ".join(str(k) for k in sorted(before + solving))
            raise ReplyError(f"{game.display(guess)} cannot be the word of boards {boards}: the boards' words are "
                             "all different")
        self.history.append((guess, tuple(replies)))
        self._states.append(after)

    def undo(self) -> tuple[Word, BoardReplies]:
        """Forget the last turn and return it (or raise ReplyError when there is none)."""
        if not self.history:
            raise ReplyError("nothing to undo")
        self._states.pop()
        return self.history.pop()


class HostedBoards:
    """A multi-board game the player plays here against fixed secrets (one per board): the
    replies, the keyboard per board, the share text. A refused guess costs no turn."""

    def __init__(self, rules: MultiBoard, puzzle: Puzzle, secrets: Sequence[int]):
        if len(secrets) != rules.boards or len(set(int(s) for s in secrets)) != rules.boards:
            raise WordguessError(f"{rules.name} needs {rules.boards} distinct secrets")
        self.rules, self.puzzle = rules, puzzle
        self.secrets = [int(s) for s in secrets]  # answer indices
        self.turns: list[tuple[Word, BoardReplies]] = []
        self.stopped = False  # whether the player gave up

    def solved_mask(self) -> list[bool]:
        done = [False] * self.rules.boards
        for _, replies in self.turns:
            done = [d or r == self.rules.board.solved_reply for d, r in zip(done, replies, strict=True)]
        return done

    @property
    def won(self) -> bool:
        return all(self.solved_mask()) and len(self.turns) <= self.rules.max_guesses

    @property
    def over(self) -> bool:
        return all(self.solved_mask()) or self.stopped or len(self.turns) >= self.rules.max_guesses

    def stop(self) -> list[Word]:
        """End the game (the player gives up) and return the secrets; refused once it is over."""
        if self.over:
            raise WordError("the game is over")
        self.stopped = True
        return self.secret_words()

    def guess(self, word: str) -> BoardReplies:
        """Play a guess on every unsolved board and return the replies (None: solved before)."""
        if self.over:
            raise WordError("the game is over")
        index = self.puzzle.index_of(word.strip())
        matrix_row = self.puzzle.matrix[index]
        done = self.solved_mask()
        replies = tuple(None if d else int(matrix_row[s]) for d, s in zip(done, self.secrets, strict=True))
        self.turns.append((self.puzzle.guesses[index], replies))
        return replies

    def undo(self) -> tuple[Word, BoardReplies]:
        """Take back the last guess and return it (or raise WordError when there is none)."""
        if self.stopped:
            raise WordError("the game was given up")
        if not self.turns:
            raise WordError("nothing to undo")
        return self.turns.pop()

    def secret_words(self) -> list[Word]:
        return [self.puzzle.answers[s] for s in self.secrets]

    def letter_states(self) -> list[dict[str, str]]:
        """Return the keyboard of each board: each letter played -> its best mark there (G, Y
        or .), as the sites colour one quadrant of each key per board."""
        game = self.rules.board
        boards: list[dict[str, int]] = [{} for _ in range(self.rules.boards)]
        for guess, replies in self.turns:
            for best, reply in zip(boards, replies, strict=True):
                if reply is None:
                    continue
                for letter, mark in zip(game.fold(guess), game.letter_marks(reply) or (), strict=False):
                    best[letter] = max(best.get(letter, ABSENT), mark)
        return [{letter: MARK_TEXT[mark] for letter, mark in best.items()} for best in boards]

    def share_text(self, title: str) -> str:
        """Return the share text: the title, each board's number of guesses (🟥 if unsolved) and
        the emoji grid of the boards."""
        digits = "0️⃣ 1️⃣ 2️⃣ 3️⃣ 4️⃣ 5️⃣ 6️⃣ 7️⃣ 8️⃣ 9️⃣".split()
        scores = []
        for k in range(self.rules.boards):
            at = next((t for t, (_, r) in enumerate(self.turns, 1) if r[k] == self.rules.board.solved_reply), None)
            scores.append("🟥" if at is None else "".join(digits[int(d)] for d in str(at)))
        rows = [" ".join(scores[i:i + 2]) for i in range(0, len(scores), 2)]
        score = f"{len(self.turns) if self.won else 'X'}/{self.rules.max_guesses}"
        return "\n".join([f"{title} {score}", *rows, "", self.rules.share_grid(self.turns)])
