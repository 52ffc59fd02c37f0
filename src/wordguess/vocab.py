"""The domain vocabulary, in one place. Every module uses these names the same way."""

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
Progress = Callable[[int, int], None]  # a progress callback: (units done, units in all)
