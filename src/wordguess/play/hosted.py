"""A game the player plays here, with the computer hosting: the state, the keyboard's letter
states and the share text. Pure: no printing or prompting; a refused guess costs no turn."""

from __future__ import annotations

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordError
from wordguess.games.base import ABSENT, MARK_TEXT
from wordguess.play.assistant import check_mode
from wordguess.play.hosts import Host
from wordguess.play.simulate import SAFETY_LIMIT
from wordguess.vocab import Reply, Turn, Word


class HostedGame:
    """A game the player plays here: the computer hosts (a secret, or an adversary)."""

    def __init__(self, puzzle: Puzzle, host: Host, max_guesses: int | None = None):
        self.puzzle = puzzle  # the setting
        self.host = host  # answers the guesses
        self.max_guesses = max_guesses or puzzle.game.max_guesses  # the limit of guesses
        self.turns: list[Turn] = []  # the guesses played and their replies
        self.stopped = False  # whether the player gave up
        self._states = [host.start(puzzle)]  # the secrets still possible before each turn, and now

    @property
    def _candidates(self):
        return self._states[-1]

    @property
    def remaining(self) -> int:
        """Return how many secrets are still possible (what an adversary keeps open)."""
        return len(self._candidates)

    @property
    def won(self) -> bool:
        """Return whether the last guess was the secret."""
        return bool(self.turns) and self.puzzle.game.is_solved(self.turns[-1][1])

    @property
    def limit_text(self) -> str:
        """Return the limit of guesses as the player sees it: ∞ when it is only the safety cap
        of an adversary's game."""
        return "∞" if self.max_guesses >= SAFETY_LIMIT else str(self.max_guesses)

    @property
    def over(self) -> bool:
        """Return whether the game has ended (won, out of guesses, or given up)."""
        return self.won or self.stopped or len(self.turns) >= self.max_guesses

    @property
    def secret(self) -> Word | None:
        """Return the secret when the host has fixed it or the game is over, else None."""
        if self.won:
            return self.turns[-1][0]
        if self.host.secret:
            return self.host.secret
        return self.puzzle.answers[int(self._candidates[0])] if self.over else None

    def revealed_secret(self) -> Word:
        """Return the secret, as the host shows it when the player stops: the fixed or chosen
        secret, or for an adversary one word it could still have claimed."""
        if self.host.secret:
            return self.host.secret
        return self.secret or self.puzzle.answers[int(self._candidates[0])]

    def stop(self) -> Word:
        """End the game unsolved (the player gives up) and return the secret (see revealed_secret);
        refused once the game is over."""
        if self.over:
            raise WordError("the game is over")
        self.stopped = True
        return self.revealed_secret()

    def undo(self) -> Turn:
        """Take back the last guess and return it (or raise WordError when there is none)."""
        if self.stopped:
            raise WordError("the game was given up")
        if not self.turns:
            raise WordError("nothing to undo")
        self._states.pop()
        return self.turns.pop()

    def guess(self, word: str) -> Reply:
        """Play a guess and return the reply; an invalid guess is refused without costing a turn."""
        if self.over:
            raise WordError("the game is over")
        index = self.puzzle.index_of(word.strip())
        guess = self.puzzle.guesses[index]
        check_mode(self.puzzle, self.turns, guess)
        reply = self.host.reply(self.puzzle, index, self._candidates)
        self.turns.append((guess, reply))
        self._states.append(self.puzzle.narrow(self._candidates, index, reply))
        return reply

    def letter_states(self) -> dict[str, str]:
        """Return the keyboard: each letter played -> its best mark so far (G, Y or .)."""
        best: dict[str, int] = {}
        game = self.puzzle.game
        for guess, reply in self.turns:
            for letter, mark in zip(game.fold(guess), game.letter_marks(reply) or (), strict=False):
                best[letter] = max(best.get(letter, ABSENT), mark)
        return {letter: MARK_TEXT[mark] for letter, mark in best.items()}

    def share_text(self, title: str) -> str:
        """Return the share line: the title, the score, and a row of emoji squares a guess."""
        squares = {"G": "🟩", "Y": "🟨", ".": "⬛"}
        score = f"{len(self.turns) if self.won else 'X'}/{self.limit_text}"
        hard = "*" if self.puzzle.mode == "hard" else ""
        game = self.puzzle.game
        rows = ["".join(squares.get(m, m) for m in (game.tile_marks(r) or game.format_reply(r))) for _, r in self.turns]
        return "\n".join([f"{title} {score}{hard}", "", *rows])
