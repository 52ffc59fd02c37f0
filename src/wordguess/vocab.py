"""The domain vocabulary, in one place. Every module uses these names the same way."""

import dataclasses
from collections.abc import Callable

import numpy as np

Word = str  # a word as the game's list spells it (Termo words keep their accents)
Secret = Word  # the word the host chose, which the guesser tries to find
Guess = Word  # a word the guesser plays
Reply = int  # an encoded reply: 0 <= reply < game.n_replies; format_reply gives its text
ReplyText = str  # a reply in one of the game's notations, e.g. Wordle's 'G.Y..'
Turn = tuple[Guess, Reply]  # one guess and the reply it received
History = list[Turn]  # the turns of a game so far, oldest first
Candidates = np.ndarray  # the secrets still consistent with the history: ascending indices into puzzle.answers
CandidateWords = list[Word]  # the same secrets as words
Bucket = tuple[Reply, Candidates]  # the candidates that give one reply to a guess
Progress = Callable[..., None]  # a progress callback: (units done, units in all[, note=what it has so far])


@dataclasses.dataclass(frozen=True, eq=False)
class Position:
    """A game as a strategy sees it: each unsolved board's candidates (one board: one entry), the
    turns so far and the guesses the game has left."""

    boards: tuple[Candidates, ...]
    history: History
    left: int

    @property
    def candidates(self) -> Candidates:
        """The candidates of a game of one board."""
        if len(self.boards) != 1:
            raise ValueError(f"a position of {len(self.boards)} boards has no one board's candidates")
        return self.boards[0]
