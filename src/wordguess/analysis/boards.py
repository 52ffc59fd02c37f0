"""A game of several boards analysed (Dordle, Quordle, ...): each board's moves as a game of its
own, the turns that reached it (`analyze`: exact values in the closed world within the budget,
estimates in the open), and the whole game against the default strategy (fewest-total-safe) on the same
secrets. A guess serves every open board, so a board's regret says how well the guess served
that board alone: a guess that is best for the game as a whole may cost one board a little."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence

from wordguess.analysis import (
    DEFAULT_BUDGET,
    EstimatedValues,
    ExactValues,
    GameAnalysis,
    analyze,
    exact_supported,
    legend,
)
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games.multiboard import BoardReplies, MultiBoard
from wordguess.optimal.store import ResultStore
from wordguess.play.multiboard import play_boards
from wordguess.play.session import Session, admit_all
from wordguess.strategies import get_strategy
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.multiboard import DEFAULT_MULTI_STRATEGY
from wordguess.vocab import Word


@dataclasses.dataclass
class BoardsAnalysis:
    """The analysis of a game of several boards."""

    game: str
    world: str
    max_guesses: int
    turns: list[tuple[Word, BoardReplies]]  # the guesses played, each with every board's reply
    boards: list[GameAnalysis]  # each board's moves (the turns that reached it)
    secrets: list[Word | None]  # each board's secret, when known (solved, or given)
    strategy: str  # the strategy the game is compared with
    strategy_guesses: int | None  # what it needed on the same secrets (when every one is known)
    strategy_opener: Word | None
    seconds: float

    @property
    def solved(self) -> list[bool]:
        return [b.solved for b in self.boards]

    @property
    def finished(self) -> bool:
        """Return whether the game is over: every board solved, or the limit of guesses reached."""
        return all(self.solved) or len(self.turns) >= self.max_guesses

    @property
    def won(self) -> bool:
        return all(self.solved) and len(self.turns) <= self.max_guesses

    @property
    def outcome(self) -> str:
        """Return won, lost or "not finished"."""
        return "won" if self.won else "lost" if self.finished else "not finished"

    def to_json(self, rules: MultiBoard) -> dict:
        game = rules.board
        return {"game": self.game, "world": self.world, "guesses": len(self.turns), "max_guesses": self.max_guesses,
                "finished": self.finished, "won": self.won, "secrets": self.secrets,
                "turns": [{"guess": g, "replies": [None if r is None else game.format_reply(r) for r in rs]}
                          for g, rs in self.turns],
                "strategy": self.strategy, "strategy_guesses": self.strategy_guesses,
                "strategy_opener": self.strategy_opener, "seconds": round(self.seconds, 3),
                "boards": [{"board": k, **b.to_json(game)} for k, b in enumerate(self.boards, 1)],
                "legend": boards_legend(self, game)}


def boards_legend(analysis: BoardsAnalysis, game) -> list[str]:
    """Return what the boards' tables and signs mean (each line once, over every board)."""
    lines = ["Each board's moves are the turns that reached it, valued for that board alone: a guess that serves "
             "the game as a whole may cost one board a little."]
    for board in analysis.boards:
        lines += [line for line in legend(board, game) if line not in lines]
    return lines


def board_turns(rules: MultiBoard, puzzle: Puzzle, guesses: Sequence[str] = (), secrets: Sequence[str] | None = None,
                turns: Sequence[tuple[str, str]] | None = None,
                share_rows: Sequence[BoardReplies] | None = None) -> list[tuple[Word, BoardReplies]]:
    """Return a multi-board game's turns (each guess with every board's reply, None once the board
    was solved) from one of: the turns (guess, replies as written), the guesses with the secrets
    (one per board), or the guesses with a share grid's rows (MultiBoard.parse_share); each is
    checked by replaying it in a Session (a contradiction, a word solving two boards, a turn after
    the game is won are refused in one line)."""
    game = rules.board
    session = Session(puzzle, rules)
    if turns:
        for number, (guess, text) in enumerate(turns, 1):
            try:
                session.report(guess, text)
            except WordguessError as exc:
                raise WordguessError(f"turn {number}: {exc}") from None
        return session.turns
    words = [puzzle.guesses[puzzle.index_of(w)] for w in guesses]
    if secrets is not None:
        if len(secrets) != rules.n_boards:
            raise WordguessError(f"{rules.name} has {rules.n_boards} secrets, one per board, not {len(secrets)}")
        known = [puzzle.guesses[puzzle.index_of(s)] for s in secrets]
        if len(set(known)) != len(known):
            raise WordguessError("the boards' secrets must be distinct")
        rows, done = [], [False] * rules.n_boards
        for guess in words:
            rows.append(tuple(None if d else game.feedback(guess, s) for d, s in zip(done, known, strict=True)))
            done = [d or (r is not None and game.is_solved(r)) for d, r in zip(done, rows[-1], strict=True)]
    else:
        rows = list(share_rows or [])
        if len(rows) != len(words):
            raise WordguessError(f"the share grid has {len(rows)} rows of replies but {len(words)} guesses were given")
    for number, (guess, replies) in enumerate(zip(words, rows, strict=True), 1):
        try:
            session.record(guess, replies)
        except WordguessError as exc:
            raise WordguessError(f"turn {number}: {exc}") from None
    return session.turns


def played_boards(rules: MultiBoard, puzzle: Puzzle, guesses: Sequence[str] = (), secrets: Sequence[str] | None = None,
                  turns: Sequence[tuple[str, str]] | None = None,
                  share: str | None = None) -> tuple[Puzzle, list[tuple[Word, BoardReplies]], list[str]]:
    """Return (the puzzle, the turns, the notices) of a game given one of board_turns' ways, the
    share grid as its text: a well-formed word in no list is taken as played (the puzzle returned
    has it, play.session.admitted) with a notice."""
    played = [g for g, _ in turns] if turns else list(guesses)
    puzzle, notices = admit_all(puzzle, [*played, *(secrets or [])])
    rows = None if share is None else rules.parse_share(share)
    return puzzle, board_turns(rules, puzzle, guesses, secrets, turns, rows), notices


def boards_in_world(rules: MultiBoard, world: str, build: Callable[[str], Puzzle], **game) -> tuple:
    """Return (the puzzle, the turns, the notices, the world) of a game (played_boards' keywords)
    in the world asked, the puzzle made by build(world); auto: the closed world when the game fits
    the answer list (its turns replay there and its secrets are answers), else the open."""
    if world == "auto":
        try:
            puzzle, turns, notices = played_boards(rules, build("closed"), **game)
            if all(puzzle.answer_of_guess[puzzle.index_of(s)] >= 0 for s in game.get("secrets") or []):
                return puzzle, turns, notices, "closed"
        except WordguessError:
            pass
        world = "open"
    return (*played_boards(rules, build(world), **game), world)


def analyze_boards(rules: MultiBoard, puzzle: Puzzle, turns: list[tuple[Word, BoardReplies]],
                   secrets: Sequence[str] | None = None, budget: float = DEFAULT_BUDGET,
                   store: ResultStore | None = None, strategy: str = DEFAULT_MULTI_STRATEGY) -> BoardsAnalysis:
    """Return the analysis of a played multi-board game (its turns as board_turns gives them):
    each board analysed with `analyze` over the turns that reached it, within the game's limit of
    guesses, the budget shared by the boards in proportion to their moves, one set of values for
    every board (the same puzzle);
    and, when every secret is known, what `strategy` needed on them."""
    started = time.perf_counter()
    if not turns:
        raise WordguessError("there is no move to analyse: give at least one guess")
    session = Session(puzzle, rules)
    for guess, replies in turns:
        session.record(guess, replies)
    values = (ExactValues(puzzle, store, rules.max_guesses) if exact_supported(puzzle)
              else EstimatedValues(puzzle, FewestGuesses(limit=rules.max_guesses)))
    histories = [session.board_history(b) for b in range(rules.n_boards)]
    given = list(secrets) if secrets is not None else [None] * rules.n_boards
    moves = sum(len(h) for h in histories)
    analyses = [analyze(puzzle, history, secret=secret, budget=budget * len(history) / moves, store=store, values=values)
                for history, secret in zip(histories, given, strict=True)]
    known = [a.secret for a in analyses]
    strategy_guesses = strategy_opener = None
    indices = [-1 if s is None else int(puzzle.answer_of_guess[puzzle.index_of(s)]) for s in known]
    if min(indices) >= 0:  # every secret known, and one the puzzle's secrets hold
        record = play_boards(rules, puzzle, get_strategy(strategy, several=True), indices)
        strategy_guesses, strategy_opener = record.guesses, record.turns[0][0]
    return BoardsAnalysis(rules.name, puzzle.world, rules.max_guesses, list(session.turns), analyses, known,
                          strategy, strategy_guesses, strategy_opener, time.perf_counter() - started)


__all__ = ["BoardsAnalysis", "analyze_boards", "board_turns", "boards_in_world", "boards_legend", "played_boards"]
