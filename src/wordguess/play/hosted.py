"""A game the player plays here, of one board or several, with the computer hosting each board:
a play.session.Session whose replies come from its hosts. Pure: no printing or prompting; a
refused guess costs no turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordError, WordguessError, unknown_name
from wordguess.games.base import Game
from wordguess.games.multiboard import BoardReplies, MultiBoard
from wordguess.play.hosts import FixedHost, Host, get_host, with_lies
from wordguess.play.multiboard import draw_secrets
from wordguess.play.session import Session, check_mode
from wordguess.play.simulate import SAFETY_LIMIT
from wordguess.vocab import Word


class HostedGame(Session):
    """A game the player plays here: the computer hosts every board (a secret each, or for one
    board an adversary that keeps every consistent word possible)."""

    def __init__(self, puzzle: Puzzle, hosts: Host | Sequence[Host], max_guesses: int | None = None,
                 rules: MultiBoard | None = None):
        hosts = [hosts] if not isinstance(hosts, Sequence) else list(hosts)
        rules = rules or MultiBoard.single(puzzle.game, max_guesses)
        if len(hosts) != rules.n_boards:
            raise WordguessError(f"{rules.name} needs {rules.n_boards} hosts, one per board, not {len(hosts)}")
        if rules.n_boards > 1 and any(h.adversary for h in hosts):
            raise WordguessError("a multi-board game is hosted by secrets, not by an adversary")
        super().__init__(puzzle, rules, start=[h.start(puzzle) for h in hosts])
        self.hosts = hosts  # one per board: answers its guesses
        self.stopped = False  # whether the player gave up

    @classmethod
    def with_secrets(cls, rules: MultiBoard, puzzle: Puzzle, secrets: Sequence[int]) -> HostedGame:
        """Return a game of `rules` against fixed secrets (distinct answer indices, one per board)."""
        if len(secrets) != rules.n_boards or len(set(int(s) for s in secrets)) != rules.n_boards:
            raise WordguessError(f"{rules.name} needs {rules.n_boards} distinct secrets")
        return cls(puzzle, [FixedHost(puzzle.answers[int(s)]) for s in secrets], rules=rules)

    @property
    def remaining(self) -> int:
        """Return how many secrets are still possible on the first board (what an adversary keeps open)."""
        return len(self.boards[0])

    @property
    def won(self) -> bool:
        """Return whether every board was solved within the limit."""
        return self.solved and len(self.turns) <= self.max_guesses

    @property
    def limit_text(self) -> str:
        """Return the limit of guesses as the player sees it: ∞ when it is only the safety cap
        of an adversary's game."""
        return "∞" if self.max_guesses >= SAFETY_LIMIT else str(self.max_guesses)

    @property
    def over(self) -> bool:
        """Return whether the game has ended (won, out of guesses, or given up)."""
        return self.solved or self.stopped or len(self.turns) >= self.max_guesses

    def secrets(self) -> list[Word]:
        """Return each board's secret as the host shows it when the game is over: the fixed or
        chosen secret, the word that solved it, or for an adversary one word it could still
        have claimed."""
        return [host.secret or solved or self.puzzle.answers[int(candidates[0])]
                for host, solved, candidates in zip(self.hosts, self.solved_words(), self.boards, strict=True)]

    def stop(self) -> list[Word]:
        """End the game unsolved (the player gives up) and return the secrets; refused once it is over."""
        if self.over:
            raise WordError("the game is over")
        self.stopped = True
        return self.secrets()

    def undo(self) -> tuple[Word, BoardReplies]:
        """Take back the last guess and return it (or raise WordError when there is none)."""
        if self.stopped:
            raise WordError("the game was given up")
        if not self.turns:
            raise WordError("nothing to undo")
        return super().undo()

    def guess(self, word: str) -> BoardReplies:
        """Play a guess on every unsolved board and return the replies (None: solved before); an
        invalid guess is refused without costing a turn."""
        if self.over:
            raise WordError("the game is over")
        index = self.puzzle.index_of(word.strip())
        guess = self.puzzle.guesses[index]
        check_mode(self.puzzle, self.history, guess)
        replies = tuple(None if done else host.reply(self.puzzle, index, candidates)
                        for host, candidates, done in zip(self.hosts, self.boards, self.solved_mask(), strict=True))
        self.record(guess, replies)
        return replies

    def share_text(self, title: str) -> str:
        return super().share_text(title, self.won, self.limit_text)


HOSTS_HERE = ("random", "evil", "absurdle")  # who hosts a game played here (a fixed secret is solve --secret)


def new_hosted_game(puzzle: Puzzle, host: str, seed: int, rules: MultiBoard | None = None,
                    restrict: Callable[[Game], Puzzle] | None = None, max_guesses: int = SAFETY_LIMIT) -> HostedGame:
    """Return a new game of `rules` (one board of the puzzle's game when None) played here:
    against the random host, each board a secret drawn with `seed` (distinct, by the prior in the
    open world); or, for one board, against an adversary (evil, absurdle) that keeps the
    puzzle's answers possible, with at most `max_guesses` (its safety cap). A game that reveals
    something of its secret (Sutom's first letter) is played on the puzzle `restrict(revealed
    rules)` (default: Puzzle.restricted); a lying game's host lies, seeded."""
    if host not in HOSTS_HERE:
        raise unknown_name("host", host, HOSTS_HERE)
    if rules is not None and rules.n_boards > 1:
        if host != "random":
            raise WordguessError("a multi-board game is played against the random host")
        return HostedGame.with_secrets(rules, puzzle, draw_secrets(puzzle, rules.n_boards, 1, seed)[0])
    game = puzzle.game
    if host != "random":
        return HostedGame(puzzle, with_lies(get_host(host), game, seed), max_guesses=max_guesses)
    hosting = get_host("random", seed=seed)
    revealed = game.for_secret(hosting.pick(puzzle, puzzle.all_candidates()))
    if revealed != game:  # e.g. Sutom shows the first letter: the game is played on its words
        puzzle = (restrict or puzzle.restricted)(revealed)
    return HostedGame(puzzle, with_lies(hosting, revealed, seed))
