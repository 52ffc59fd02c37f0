"""Hosts: what answers the guesses. A fixed or random secret, or an adversary that keeps every
consistent word possible (Evil Wordle, Absurdle)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar, Protocol

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordError, WordguessError, unknown_name
from wordguess.games import Game
from wordguess.vocab import Candidates, Reply, Word


class Host(Protocol):
    """Anything that answers guesses is a host."""

    name: str
    secret: Word | None  # the secret once the host has fixed it (an adversary never does)
    adversary: bool  # whether it keeps every consistent word possible instead of holding a secret

    def start(self, puzzle: Puzzle) -> Candidates:
        """Return the secrets possible before the first guess, as the host plays the puzzle."""

    def reply(self, puzzle: Puzzle, guess: int, candidates: Candidates) -> Reply:
        """Return the reply to the guess with index `guess`, given the candidates so far."""


@dataclasses.dataclass
class FixedHost:
    """A host whose secret is given (one of the puzzle's answers)."""

    secret: Word  # the secret word
    name: str = "fixed"
    adversary: ClassVar[bool] = False

    def start(self, puzzle: Puzzle) -> Candidates:
        """Return the answers possible for this secret before the first guess (Sutom's revealed
        first letter narrows them; other games keep all), or raise WordError when the secret
        is not one of the answers."""
        game = puzzle.game
        secret = game.fold(self.secret)
        index = puzzle.guess_index.get(secret)
        if not ((index is not None and puzzle.answer_of_guess[index] >= 0)
                or any(game.fold(w) == secret for w in puzzle.answers)):
            raise WordError(f"{self.secret!r} is not in the list of possible secrets")
        if game.for_secret(self.secret) == game:
            return puzzle.all_candidates()  # nothing is revealed that the rules do not already fix
        start = set(game.starting_candidates(puzzle.answers, self.secret))
        return np.array([i for i, w in enumerate(puzzle.answers) if w in start], dtype=np.int64)

    def reply(self, puzzle: Puzzle, guess: int, candidates: Candidates) -> Reply:
        return puzzle.game.feedback(puzzle.guesses[guess], self.secret)


@dataclasses.dataclass
class RandomHost:
    """A host that picks a secret among the answers at random (seeded) when the game starts, as
    likely as its prior weight in the open world."""

    seed: int = 0  # the seed of the random generator
    name: str = "random"
    adversary: ClassVar[bool] = False
    secret: Word | None = None  # chosen at the first reply

    def start(self, puzzle: Puzzle) -> Candidates:
        return puzzle.all_candidates()

    def pick(self, puzzle: Puzzle, candidates: Candidates) -> Word:
        """Return the secret, chosen among the candidates (seeded) the first time it is asked."""
        if self.secret is None:
            rng = np.random.default_rng(self.seed)
            if puzzle.weighted:  # the open world: a word as likely as the prior says
                chosen = rng.choice(candidates, p=puzzle.probabilities(candidates))
            else:
                chosen = candidates[rng.integers(len(candidates))]
            self.secret = puzzle.answers[int(chosen)]
        return self.secret

    def reply(self, puzzle: Puzzle, guess: int, candidates: Candidates) -> Reply:
        return puzzle.game.feedback(puzzle.guesses[guess], self.pick(puzzle, candidates))


@dataclasses.dataclass
class EvilHost:
    """Evil Wordle: keep every consistent word possible and answer with the reply whose bucket
    is largest; the solved reply only when nothing else is left. Ties: the first reply in the
    game's encoding order (for Wordle: more absent marks first, left to right)."""

    name: str = "evil"
    secret: Word | None = None  # never fixed: every consistent word stays possible
    adversary: ClassVar[bool] = True

    def start(self, puzzle: Puzzle) -> Candidates:
        return puzzle.all_candidates()

    def rank(self, puzzle: Puzzle, reply: Reply, size: int) -> tuple:
        """Return the sort key of a bucket; the host answers with the largest key."""
        return (size, -reply)

    def reply(self, puzzle: Puzzle, guess: int, candidates: Candidates) -> Reply:
        sizes = puzzle.bucket_sizes(guess, candidates)
        replies = [int(r) for r in np.flatnonzero(sizes)]
        if len(replies) > 1 and puzzle.game.solved_reply in replies:
            replies.remove(puzzle.game.solved_reply)
        return max(replies, key=lambda r: self.rank(puzzle, r, int(sizes[r])))


@dataclasses.dataclass
class AbsurdleHost(EvilHost):
    """Absurdle: the evil host, with ties between equally large buckets broken towards the reply
    that reveals least (the game's `reveal`: for Wordle fewest right-place marks, then fewest
    elsewhere marks; for Mastermind fewest black, then white pegs), then the first in encoding
    order. (qntm documents the largest-bucket rule; the tie order is our reading of "reveal as
    little as possible".)"""

    name: str = "absurdle"

    def rank(self, puzzle: Puzzle, reply: Reply, size: int) -> tuple:
        return (size, *(-part for part in puzzle.game.reveal(reply)), -reply)


HOSTS = {"fixed": FixedHost, "random": RandomHost, "evil": EvilHost, "absurdle": AbsurdleHost}


@dataclasses.dataclass
class LyingHost:
    """A host that shows each reply of another host as the game's host shows it (Fibble: with
    one tile lying, drawn by a seeded generator); everything else is the other host's."""

    inner: Host  # the host that knows the secret and the true replies
    seed: int | Sequence[int] = 0  # the seed of the lies

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def __getattr__(self, name: str):
        if name == "inner":  # not yet set (copies and pickling look before __init__)
            raise AttributeError(name)
        return getattr(self.inner, name)

    def start(self, puzzle: Puzzle) -> Candidates:
        return self.inner.start(puzzle)

    def reply(self, puzzle: Puzzle, guess: int, candidates: Candidates) -> Reply:
        return puzzle.game.show(self.inner.reply(puzzle, guess, candidates), self.rng)


def with_lies(host: Host, game: Game, seed: int | Sequence[int] = 0) -> Host:
    """Return `host` as the game's host shows its replies: a LyingHost when the game lies."""
    return LyingHost(host, seed) if game.lies else host


def get_host(name: str, **options) -> Host:
    """Return a new host by name: fixed (needs secret=...), random (seed=...), evil, absurdle."""
    if name not in HOSTS:
        raise unknown_name("host", name, HOSTS)
    if name == "fixed" and "secret" not in options:
        raise WordguessError("the fixed host needs a secret")
    return HOSTS[name](**options)
