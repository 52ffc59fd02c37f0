"""Playing games: a host (chooses or withholds the secret), a guesser (a strategy or a tree) and
the rules (the puzzle's game)."""

from __future__ import annotations

import dataclasses
import time

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games import Game
from wordguess.play.hosts import FixedHost, Host, LyingHost
from wordguess.strategies.base import Strategy, one_board
from wordguess.trees.report import Evaluation, sample_candidates
from wordguess.vocab import Candidates, Position, Progress, Turn, Word

SAFETY_LIMIT = 100  # a guesser that has not solved a game after this many guesses is broken


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

    def to_json(self, game: Game, /, **extra) -> dict:
        """Return the game as JSON-ready data (with `extra` keys first)."""
        return {**extra, "secret": self.secret, "guesses": self.guesses, "failed": self.failed,
                "turns": [{"guess": g, "reply": game.format_reply(r), "remaining": n}
                          for (g, r), n in zip(self.turns, self.remaining, strict=True)]}


def choose(guesser: Strategy, puzzle: Puzzle, candidates: Candidates, turns: list[Turn]) -> int:
    """Return the guesser's choice; on a puzzle too large for its matrix (Puzzle.by_rows), its
    choice on the puzzle focused on the candidates."""
    if not puzzle.by_rows:
        return guesser.choose(puzzle, one_board(puzzle, candidates, turns))
    focus = puzzle.focused(candidates)
    return puzzle.index_of(focus.guesses[guesser.choose(focus, one_board(focus, focus.all_candidates(), turns))])


def play(puzzle: Puzzle, guesser: Strategy, host: Host, max_guesses: int | None = None) -> GameRecord:
    """Return the record of one game played until solved (the limit only marks failure)."""
    candidates = host.start(puzzle)
    turns: list[Turn] = []
    remaining: list[int] = []
    while len(turns) < SAFETY_LIMIT:
        guess = choose(guesser, puzzle, candidates, turns)
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


@dataclasses.dataclass
class FirstRemembered(Strategy):
    """A strategy whose opening guess (the same in every game) is chosen once."""

    inner: Strategy  # the strategy
    first: int | None = None  # its opening guess, once chosen

    @property
    def name(self) -> str:
        return self.inner.name

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        if position.history:
            return self.inner.choose(puzzle, position)
        if self.first is None:
            self.first = self.inner.choose(puzzle, position)
        return self.first


def evaluate_by_play(puzzle: Puzzle, strategy: Strategy, seed: int = 0, sample: int | None = None,
                     progress: Progress | None = None) -> Evaluation:
    """Return the evaluation of a strategy by playing a game on every secret (or a seeded
    sample) against a host that shows its replies as the game does: for a game that lies
    (Fibble), the lies of the game on the i-th secret are drawn with the seed (seed, i), so the
    evaluation is the same on every run. Used where a tree cannot be read off, because a
    secret's game depends on the lies it got."""
    start = time.perf_counter()
    guesser = FirstRemembered(strategy)
    chosen = sample_candidates(puzzle, sample, seed)
    scores: dict[Word, int] = {}
    for done, i in enumerate(chosen.tolist(), 1):
        secret = puzzle.answers[i]
        record = play(puzzle, guesser, LyingHost(FixedHost(secret), (seed, i)))
        scores[secret] = record.guesses
        if progress is not None:
            progress(done, len(chosen))
    first = None if guesser.first is None else puzzle.guesses[guesser.first]
    return Evaluation(puzzle.game.name, strategy.name, puzzle.mode, puzzle.game.max_guesses, scores,
                      time.perf_counter() - start, first)
