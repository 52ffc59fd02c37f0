"""Playing games: a host (chooses or withholds the secret), a guesser (a strategy or a tree) and
the rules (the puzzle's game)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordError, WordguessError, unknown_name
from wordguess.strategies import Strategy
from wordguess.vocab import Reply, Turn, Word

SAFETY_LIMIT = 100  # a guesser that has not solved a game after this many guesses is broken


class Host(Protocol):
    """Anything that answers guesses is a host."""

    name: str

    def reply(self, puzzle: Puzzle, guess: int, candidates: np.ndarray) -> Reply:
        """Return the reply to the guess with index `guess`, given the candidates so far."""


@dataclasses.dataclass
class FixedHost:
    """A host whose secret is given."""

    secret: Word  # the secret word (any word of the game, not only an answer)
    name: str = "fixed"

    def reply(self, puzzle: Puzzle, guess: int, candidates: np.ndarray) -> Reply:
        return puzzle.game.feedback(puzzle.guesses[guess], self.secret)


@dataclasses.dataclass
class RandomHost:
    """A host that picks a secret among the answers at random (seeded) when the game starts."""

    seed: int = 0  # the seed of the random generator
    name: str = "random"
    secret: Word | None = None  # chosen at the first reply

    def pick(self, puzzle: Puzzle, candidates: np.ndarray) -> Word:
        """Return the secret, chosen among the candidates (seeded) the first time it is asked."""
        if self.secret is None:
            rng = np.random.default_rng(self.seed)
            self.secret = puzzle.answers[int(candidates[rng.integers(len(candidates))])]
        return self.secret

    def reply(self, puzzle: Puzzle, guess: int, candidates: np.ndarray) -> Reply:
        return puzzle.game.feedback(puzzle.guesses[guess], self.pick(puzzle, candidates))


def reply_counts(puzzle: Puzzle, guess: int, candidates: np.ndarray) -> dict[Reply, int]:
    """Return the size of each non-empty bucket of a guess over the candidates."""
    replies, counts = np.unique(puzzle.matrix[guess, candidates], return_counts=True)
    return {int(r): int(c) for r, c in zip(replies, counts, strict=True)}


@dataclasses.dataclass
class EvilHost:
    """Evil Wordle: keep every consistent word possible and answer with the reply whose bucket
    is largest; the solved reply only when nothing else is left. Ties: the first reply in the
    game's encoding order (for Wordle: more absent marks first, left to right)."""

    name: str = "evil"

    def rank(self, puzzle: Puzzle, reply: Reply, size: int) -> tuple:
        """Return the sort key of a bucket; the host answers with the largest key."""
        return (size, -reply)

    def reply(self, puzzle: Puzzle, guess: int, candidates: np.ndarray) -> Reply:
        counts = reply_counts(puzzle, guess, candidates)
        solved = puzzle.game.solved_reply
        if len(counts) > 1:
            counts.pop(solved, None)
        return max(counts, key=lambda r: self.rank(puzzle, r, counts[r]))


@dataclasses.dataclass
class AbsurdleHost(EvilHost):
    """Absurdle: the evil host, with ties between equally large buckets broken towards the reply
    that reveals least: fewest right-place marks, then fewest elsewhere marks, then the first in
    encoding order. (qntm documents the largest-bucket rule; the tie order is our reading of
    "reveal as little as possible".)"""

    name: str = "absurdle"

    def rank(self, puzzle: Puzzle, reply: Reply, size: int) -> tuple:
        text = puzzle.game.format_reply(reply)
        return (size, -text.count("G"), -text.count("Y"), -reply)


HOSTS = {"fixed": FixedHost, "random": RandomHost, "evil": EvilHost, "absurdle": AbsurdleHost}


def get_host(name: str, **options) -> Host:
    """Return a new host by name: fixed (needs secret=...), random (seed=...), evil, absurdle."""
    if name not in HOSTS:
        raise unknown_name("host", name, HOSTS)
    if name == "fixed" and "secret" not in options:
        raise WordguessError("the fixed host needs a secret")
    return HOSTS[name](**options)


@dataclasses.dataclass
class GameRecord:
    """One game played to the end."""

    turns: list[Turn]  # every (guess, reply), the last one solved
    secret: Word  # the secret (for adversaries: the word they were cornered into)
    max_guesses: int  # the game's limit
    remaining: list[int] = dataclasses.field(default_factory=list)  # candidates left after each turn

    @property
    def guesses(self) -> int:
        """Return the number of guesses the game took."""
        return len(self.turns)

    @property
    def failed(self) -> bool:
        """Return whether the game took more guesses than the limit."""
        return self.guesses > self.max_guesses


def play(puzzle: Puzzle, guesser: Strategy, host: Host, max_guesses: int | None = None) -> GameRecord:
    """Return the record of one game played until solved (the limit only marks failure)."""
    candidates = puzzle.all_candidates()
    if isinstance(host, FixedHost):
        secret = puzzle.game.fold(host.secret)
        index = puzzle.guess_index.get(secret)
        if not ((index is not None and puzzle.answer_of_guess[index] >= 0)
                or any(puzzle.game.fold(w) == secret for w in puzzle.answers)):
            raise WordError(f"{host.secret!r} is not in the list of possible secrets")
        candidates = _starting(puzzle, host.secret)
    turns: list[Turn] = []
    remaining: list[int] = []
    while len(turns) < SAFETY_LIMIT:
        guess = guesser.choose(puzzle, candidates, turns)
        reply = host.reply(puzzle, guess, candidates)
        turns.append((puzzle.guesses[guess], reply))
        if puzzle.game.is_solved(reply):
            remaining.append(1)
            return GameRecord(turns, puzzle.guesses[guess], max_guesses or puzzle.game.max_guesses,
                              remaining)
        candidates = puzzle.narrow(candidates, guess, reply)
        if len(candidates) == 0:
            raise WordguessError("the host's reply leaves no possible secret")
        remaining.append(len(candidates))
    raise WordguessError(f"{guesser.name} did not solve the game in {SAFETY_LIMIT} guesses")


def _starting(puzzle: Puzzle, secret: Word) -> np.ndarray:
    """Return the answer indices possible before the first guess for this secret (Sutom's
    revealed first letter narrows them; other games keep all)."""
    if puzzle.game.for_secret(secret) == puzzle.game:
        return puzzle.all_candidates()  # nothing is revealed that the rules do not already fix
    start = set(puzzle.game.starting_candidates(puzzle.answers, secret))
    return np.array([i for i, w in enumerate(puzzle.answers) if w in start], dtype=np.int64)
