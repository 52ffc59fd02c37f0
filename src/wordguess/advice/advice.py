"""What a player is told about a position: the value `Advisor.advise` returns, the same one
for the terminal, the web and the Python API (`Advice.to_json()` is the body of `solve --json`
and of the web's assistant)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import numpy as np

from wordguess.games.base import Game
from wordguess.games.multiboard import BoardReplies, MultiBoard
from wordguess.play.assistant import Assistant, Suggestion, suggestion_rows
from wordguess.vocab import Word

LIKELY = 20  # candidates given with their chances
LISTED = 60  # every candidate is given when at most this many are left
BOARD_LIKELY = 12  # candidates given with their chances, per board of several

# The kinds of a suggestion's guesses to finish.
EXACT = "exact"  # the least expected guesses, proven (the opener certificate, one candidate left, every bucket of one)
ESTIMATE = "estimate"  # each reply's bucket costed by its best next guess (Suggestion.guesses_to_finish)
# What orders the suggestions.
BY_STRATEGY = "strategy"  # the strategy's choice first, the others by guesses to finish
BY_PROOF = "proof"  # the least totals proven over every opener (the shipped opener certificate)


@dataclasses.dataclass(frozen=True)
class Likely:
    """A candidate with its chance of being the secret."""

    word: str  # as the game shows it
    probability: float  # given the replies so far


@dataclasses.dataclass(frozen=True)
class Advised:
    """A guess worth playing and what it is expected to achieve."""

    guess: str  # as the game shows it
    word: str  # as the word list writes it (what a player types)
    guesses_to_finish: float | None  # this guess included; None: not valued (several boards)
    kind: str | None  # EXACT or ESTIMATE (None with no value)
    expected_left: float | None = None  # the candidates expected to be left after it
    bits: float | None = None  # the entropy of its buckets
    can_be_answer: bool | None = None  # whether it may be the secret
    probability: float | None = None  # its chance of being the secret


@dataclasses.dataclass(frozen=True)
class PlayedTurn:
    """A turn as the advisor read it: the guess and each board's reply (None: solved before)."""

    guess: str  # as the game shows it
    word: str  # as the word list writes it
    replies: tuple[str | None, ...]  # formatted, one per board
    marks: tuple[str | None, ...]  # tile marks (G, Y, .), one per board

    def to_json(self, several: bool) -> dict:
        """Return the turn as JSON-ready data: its one reply and marks, or (`several`) each board's."""
        if not several:
            return {"guess": self.guess, "word": self.word, "reply": self.replies[0], "marks": self.marks[0]}
        return {"guess": self.guess, "word": self.word, "replies": list(self.replies), "marks": list(self.marks)}


@dataclasses.dataclass(frozen=True)
class BoardAdvice:
    """One board of several: its word once solved, else its candidates."""

    board: int  # from 1
    solved: str | None  # its word once guessed
    candidate_count: int  # 0 once solved
    likely: tuple[Likely, ...]  # its likeliest candidates


@dataclasses.dataclass(frozen=True)
class Advice:
    """The position after the turns so far and what to play next."""

    game: str  # the game's registry name (several boards: the multi-board game's)
    title: str  # the game's title
    mode: str  # normal or hard
    world: str  # open (every allowed word, weighted by the prior) or closed (the answer list, alike)
    strategy: str  # the strategy that ranks the suggestions
    answers: str  # the list the secrets come from
    length: int | None  # the words' length
    max_guesses: int  # the game's limit
    guesses_left: int  # negative once past the limit
    solved: bool  # every board solved
    turns: tuple[PlayedTurn, ...]
    candidate_count: int  # the secrets still possible (one board: its own; several: all boards')
    words: tuple[str, ...] | None  # every candidate when at most LISTED are left (one board)
    likely: tuple[Likely, ...]  # the likeliest candidates, likeliest first (one board)
    suggestions: tuple[Advised, ...]  # best first; empty once solved
    ranked_by: str  # BY_STRATEGY or BY_PROOF
    win_guarantee: str | None  # shown, impossible, unknown (play.assistant.Assistant.win_guarantee) or None
    notices: tuple[str, ...]  # words in no list taken as played or added, ...
    boards: tuple[BoardAdvice, ...] | None = None  # several boards: each one's; one board: None

    @property
    def suggestion(self) -> str | None:
        """Return the guess to play (as the game shows it), None once solved."""
        return self.suggestions[0].guess if self.suggestions else None

    def to_json(self) -> dict:
        """Return the advice as JSON-ready data: the body of `solve --json` and of the web's
        assistant (one board: no `boards`; several: no `words` and `likely`)."""
        data = _plain(self)
        data["suggestion"] = self.suggestion
        data["turns"] = [t.to_json(self.boards is not None) for t in self.turns]
        if self.boards is None:
            del data["boards"]
        else:
            del data["words"], data["likely"]
        return data


def _plain(value: object) -> object:
    """Return a value as JSON reads it back: its dataclasses as dicts, its tuples as lists (no
    copy of what is already plain, unlike dataclasses.asdict), its floats to 12 significant
    digits (2.0, not the sum's 1.9999999999999998)."""
    if isinstance(value, float):
        return float(f"{value:.12g}")
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value):
        return {name: _plain(getattr(value, name)) for name in value.__dataclass_fields__}
    return value


def played_turns(game: Game, turns: Iterable[tuple[Word, BoardReplies]]) -> tuple[PlayedTurn, ...]:
    """Return turns (each guess with every board's reply; None: solved before) as the game
    writes them."""
    return tuple(PlayedTurn(game.display(guess), game.typed(guess),
                            tuple(None if r is None else game.format_reply(r) for r in replies),
                            tuple(None if r is None else game.tile_marks(r) for r in replies))
                 for guess, replies in turns)


def advised(game: Game, suggestion: Suggestion, candidates: int, proven: bool = False) -> Advised:
    """Return a single board's suggestion as advice: its value exact when proven, or when it
    leaves nothing to search (one candidate, or a guess whose every reply leaves at most one)."""
    exact = proven or candidates == 1 or (suggestion.expected_left <= 1 + 1e-12 and not game.lies)
    return Advised(game.display(suggestion.guess), game.typed(suggestion.guess), suggestion.guesses_to_finish,
                   EXACT if exact else ESTIMATE, suggestion.expected_left, suggestion.bits, suggestion.can_be_answer,
                   suggestion.probability)


def single_advice(assistant: Assistant, count: int) -> Advice:
    """Return the advice of a one-board game."""
    puzzle, game = assistant.puzzle, assistant.game
    words = assistant.candidate_words
    proven = proven_openers(assistant, count)
    ranked_by = BY_STRATEGY if proven is None else BY_PROOF
    if assistant.solved:
        suggestions = ()
    elif proven is not None:
        suggestions = tuple(advised(game, s, len(words), proven=True) for s in proven)
    else:
        suggestions = tuple(advised(game, s, len(words)) for s in assistant.suggestions(count))
    return Advice(
        game=game.name, title=game.title, mode=puzzle.mode, world=puzzle.world, strategy=assistant.strategy.name,
        answers=puzzle.answers.name, length=game.length, max_guesses=assistant.max_guesses,
        guesses_left=assistant.left, solved=assistant.solved, turns=played_turns(assistant.game, assistant.turns),
        candidate_count=len(words), words=tuple(game.display(w) for w in words) if len(words) <= LISTED else None,
        likely=tuple(Likely(game.display(w), p) for w, p in assistant.likely(LIKELY)),
        suggestions=suggestions, ranked_by=ranked_by, win_guarantee=assistant.win_guarantee(),
        notices=tuple(assistant.notices))


def proven_openers(assistant: Assistant, count: int) -> list[Suggestion] | None:
    """Return the `count` best openers by their proven least totals when a game's opening is
    certified (the shipped opener certificate of its rules, lists, mode and limit: the closed
    world), each valued at its total over the secrets; else None."""
    puzzle = assistant.puzzle
    if assistant.turns or puzzle.weighted or puzzle.by_rows or assistant.rules.n_boards > 1:
        return None
    # Imported here: the exact solver's modules are needed only at a certified opening.
    from wordguess.optimal.total.certificates import certificate_for
    from wordguess.optimal.total.search import INF

    certificate = certificate_for(puzzle, assistant.max_guesses)
    if certificate is None:
        return None
    best = [e for e in certificate.ranked() if e.exact and e.value < INF][:count]
    if not best:  # no opener is exact (none has a tree within the limit): the strategy's advice
        return None
    candidates = assistant.boards[0]
    chosen = np.array([puzzle.index_of(e.opener) for e in best], dtype=np.int64)
    finish = np.array([e.value / len(candidates) for e in best])
    return suggestion_rows(puzzle, candidates, chosen, finish)


def boards_advice(assistant: Assistant, rules: MultiBoard) -> Advice:
    """Return the advice of a game of several boards: each board's candidates and the guess for
    all of them."""
    puzzle, game = assistant.puzzle, rules.board
    boards = tuple(BoardAdvice(s.board, None if s.solved is None else game.display(s.solved), len(s.candidate_words),
                               tuple(Likely(game.display(w), p) for w, p in
                                     zip(s.candidate_words[:BOARD_LIKELY], s.probabilities[:BOARD_LIKELY], strict=False)))
                   for s in assistant.status())
    suggestions = ()
    if not assistant.solved:
        guess = assistant.suggest()
        suggestions = (Advised(game.display(guess), game.typed(guess), None, None),)
    return Advice(
        game=rules.name, title=rules.title, mode=puzzle.mode, world=puzzle.world, strategy=assistant.strategy.name,
        answers=puzzle.answers.name, length=game.length, max_guesses=rules.max_guesses, guesses_left=assistant.left,
        solved=assistant.solved, turns=played_turns(assistant.game, assistant.turns),
        candidate_count=sum(b.candidate_count for b in boards), words=None, likely=(), suggestions=suggestions,
        ranked_by=BY_STRATEGY, win_guarantee=assistant.win_guarantee(), notices=tuple(assistant.notices), boards=boards)
