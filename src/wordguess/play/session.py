"""One game session over k boards (k = 1 is the ordinary game): the turns, each board's
candidates after each turn, the letters' states, the share text, and the refusals of what a
game does not have. The assistant (a game played elsewhere) and the hosted game (played here)
are sessions; the CLI and the web read input, hand it to one and draw its state. Pure: no
printing or prompting; a refused turn leaves the state as it was."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import ReplyError, WordError, WordguessError
from wordguess.games.base import ABSENT, MARK_TEXT, RIGHT
from wordguess.games.multiboard import SOLVED_MARK, BoardReplies, MultiBoard
from wordguess.vocab import Candidates, History, Reply, Word

DIGITS = "0️⃣ 1️⃣ 2️⃣ 3️⃣ 4️⃣ 5️⃣ 6️⃣ 7️⃣ 8️⃣ 9️⃣".split()  # a multi-board share's scores


@dataclasses.dataclass(frozen=True)
class BoardStatus:
    """What one board looks like now: its candidates, and its word once solved."""

    board: int  # 1-based
    candidate_words: list[Word]  # the words still possible (empty once solved)
    probabilities: list[float]  # of the candidates, in the same order
    solved: Word | None  # the secret, once guessed

    @property
    def known(self) -> Word | None:
        """Return the secret when it is known (one candidate left) but not guessed yet."""
        return self.candidate_words[0] if self.solved is None and len(self.candidate_words) == 1 else None


@dataclasses.dataclass
class Knowledge:
    """What the replies so far say about the letters of a board's secret."""

    placed: dict[int, str]  # position (0-based) -> the letter known to be there
    present: dict[str, int]  # letter -> the least number of times it occurs
    absent: set[str]  # letters known not to occur (beyond the counts in `present`)
    not_at: dict[int, set[str]]  # position -> letters known not to be there


def check_mode(puzzle: Puzzle, history: History, word: Word) -> None:
    """Raise WordError if the puzzle's mode forbids `word` after `history`."""
    problem = puzzle.mode_problem(history, word)
    if problem:
        raise WordError(problem)


def admitted(puzzle: Puzzle, word: str, played: bool = True) -> tuple[Puzzle, str | None]:
    """Return (the puzzle, None) when `word` is an allowed guess; for a well-formed word of the
    game that is in no list, (the puzzle with it added, a one-line notice): a real guess is
    never refused. Its replies come from the rules; in the open world it may also be the secret,
    with the prior of the least likely listed word. A malformed word raises WordError. The
    notice says it was taken as played, or (`played` false: a word the player added for the
    game) added."""
    word = word.strip()
    if puzzle.lookup(word) is not None:
        return puzzle, None
    if puzzle.game.listed_guesses_only:
        puzzle.index_of(word)  # raises: not in the list
    word = puzzle.game.check_word(word.lower())
    secret = " and counted as a possible secret" if puzzle.weights is not None else ""
    return (_with_word(puzzle, word),
            f"{puzzle.game.display(word)} is in no list of this game: {'taken as played' if played else 'added for this game'}"
            f" (replies by the rules){secret}")


@functools.lru_cache(maxsize=2)
def _with_word(puzzle: Puzzle, word: Word) -> Puzzle:
    """Return the puzzle with a word in no list added (in the open world, as a possible secret
    with the prior of the least likely listed word). The last two are kept: a request that
    plays the word again gets the same puzzle, with what its searches found (the open world's
    extended matrix and its transpose take 0.4 GB: two and no more)."""
    return puzzle.with_words([word], None if puzzle.weights is None else np.array([puzzle.weights.min()]))


def admit_all(puzzle: Puzzle, words) -> tuple[Puzzle, list[str]]:
    """Return (the puzzle with every well-formed word of `words` that is in no list added, the
    notices): `admitted` for each."""
    notices = []
    for word in words:
        puzzle, notice = admitted(puzzle, word)
        if notice is not None:
            notices.append(notice)
    return puzzle, notices


def session_rules(puzzle: Puzzle, rules: MultiBoard | None) -> MultiBoard:
    """Return the rules of a session on `puzzle` (one board of its game when None), refusing
    what a game of several boards does not have: hard mode, a lying host, a board that is not
    Wordle-like."""
    rules = rules or MultiBoard.single(puzzle.game)
    if rules.n_boards > 1:
        if puzzle.mode != "normal":
            raise WordguessError("multi-board games have no hard mode")
        if puzzle.game.lies:
            raise WordguessError("multi-board games have no lying host")
    return rules


class Session:
    """The turns of a game over `rules.n_boards` boards and what they leave on each board. A guess
    is played on every unsolved board; a board is solved by the guess of its secret, and its
    later replies are None."""

    def __init__(self, puzzle: Puzzle, rules: MultiBoard | None = None, start: Sequence[Candidates] | None = None):
        self.rules = session_rules(puzzle, rules)
        self.puzzle = puzzle  # the setting: rules of one board, lists, mode, world
        self.turns: list[tuple[Word, BoardReplies]] = []  # each guess with every board's reply
        first = list(start) if start is not None else [puzzle.all_candidates() for _ in range(self.rules.n_boards)]
        self._states: list[list[Candidates]] = [first]  # each board's candidates before each turn, and now
        self.notices: list[str] = []  # one line each, for the front end to show (then clear)
        # Each word in no list admitted as a typed guess, with the puzzle before it: undo and
        # cancel take it back once no turn plays it.
        self._typed: list[tuple[Word, Puzzle]] = []

    # --- the state -------------------------------------------------------------------------
    @property
    def game(self):
        return self.puzzle.game

    @property
    def max_guesses(self) -> int:
        return self.rules.max_guesses

    @property
    def boards(self) -> list[Candidates]:
        """Return each board's candidates now (answer indices; a solved board's is its word)."""
        return self._states[-1]

    @property
    def history(self) -> History:
        """Return the first board's turns (of a one-board game: its turns)."""
        return self.board_history(0)

    def board_history(self, board: int) -> History:
        """Return the turns that reached board `board` (0-based), with its replies."""
        return [(guess, replies[board]) for guess, replies in self.turns if replies[board] is not None]

    def solved_mask(self) -> list[bool]:
        """Return, per board, whether its secret was guessed."""
        return [t is not None for t in self.rules.solved_at(self.turns)]

    def solved_words(self) -> list[Word | None]:
        """Return, per board, the guess that solved it (None while it is open)."""
        return [None if t is None else self.turns[t - 1][0] for t in self.rules.solved_at(self.turns)]

    @property
    def solved(self) -> bool:
        """Return whether every board is solved."""
        return bool(self.turns) and all(self.solved_mask())

    @property
    def left(self) -> int:
        """Return the guesses the game still allows (negative once past the limit)."""
        return self.max_guesses - len(self.turns)

    def open_boards(self) -> list[Candidates]:
        """Return the candidates of each board not solved yet."""
        return [c for c, done in zip(self.boards, self.solved_mask(), strict=True) if not done]

    @property
    def candidate_words(self) -> list[Word]:
        """Return the secrets still possible on the first board."""
        return [self.puzzle.answers[i] for i in self.boards[0]]

    def status(self) -> list[BoardStatus]:
        """Return every board's status: its word once solved, else its candidates, likeliest first."""
        out = []
        for k, (candidates, word) in enumerate(zip(self.boards, self.solved_words(), strict=True)):
            if word is not None:
                out.append(BoardStatus(k + 1, [], [], word))
                continue
            p = self.puzzle.probabilities(candidates)
            order = np.argsort(-p, kind="stable")
            out.append(BoardStatus(k + 1, [self.puzzle.answers[int(candidates[i])] for i in order],
                                   [float(p[i]) for i in order], None))
        return out

    def letter_states(self) -> list[dict[str, str]]:
        """Return each board's keyboard: every letter played -> its best mark there (G, Y or .),
        as the sites colour a key (one quadrant of it per board)."""
        game = self.game
        boards: list[dict[str, int]] = [{} for _ in range(self.rules.n_boards)]
        for guess, replies in self.turns:
            for best, reply in zip(boards, replies, strict=True):
                if reply is None:
                    continue
                for letter, mark in zip(game.fold(guess), game.letter_marks(reply) or (), strict=False):
                    best[letter] = max(best.get(letter, ABSENT), mark)
        return [{letter: MARK_TEXT[mark] for letter, mark in best.items()} for best in boards]

    def knowledge(self, board: int = 0) -> Knowledge:
        """Return what the replies so far say about a board's secret letters (games whose
        replies are per letter; others raise WordguessError)."""
        game = self.game
        placed: dict[int, str] = {}
        present: dict[str, int] = {}
        absent: set[str] = set()
        not_at: dict[int, set[str]] = {}
        for guess, reply in self.board_history(board):
            folded = game.fold(guess)
            marks = game.letter_marks(reply)
            if marks is None:
                raise WordguessError(f"{game.name} replies are not per letter: no letter knowledge")
            seen: dict[str, int] = {}
            for k, (letter, mark) in enumerate(zip(folded, marks, strict=True)):
                if mark == RIGHT:
                    placed[k] = letter
                if mark != ABSENT:
                    seen[letter] = seen.get(letter, 0) + 1
                if mark != RIGHT:
                    not_at.setdefault(k, set()).add(letter)
            for letter, count in seen.items():
                present[letter] = max(present.get(letter, 0), count)
            absent |= {letter for letter, mark in zip(folded, marks, strict=True)
                       if mark == ABSENT and letter not in seen}
        return Knowledge(placed, present, absent - set(present), not_at)

    @property
    def share_name(self) -> str:
        """Return the game's name as a share title gives it: with its language when it is not
        the default (a German Quordle is "quordle (de)")."""
        language = getattr(self.game, "language", "en")
        return self.rules.name + ("" if language == "en" else f" ({language})")

    def share_text(self, title: str, won: bool | None = None, limit: str | None = None) -> str:
        """Return the share text: the title and score; for one board a row of squares a guess
        (a reply that is not per letter as its text), for several each board's guesses (🟥 if
        unsolved) and the boards' grid."""
        won = self.solved if won is None else won
        score = f"{len(self.turns) if won else 'X'}/{limit or self.max_guesses}"
        game = self.game
        if self.rules.n_boards == 1:
            hard = "*" if self.puzzle.mode == "hard" else ""
            rows = ["".join(game.share_squares.get(m, m) for m in (game.tile_marks(r) or game.format_reply(r)))
                    for _, r in self.history]
            return "\n".join([f"{title} {score}{hard}", "", *rows])
        scores = ["🟥" if at is None else "".join(DIGITS[int(d)] for d in str(at))
                  for at in self.rules.solved_at(self.turns)]
        rows = [" ".join(scores[i:i + 2]) for i in range(0, len(scores), 2)]
        return "\n".join([f"{title} {score}", *rows, "", self.rules.share_grid(self.turns)])

    # --- the turns -------------------------------------------------------------------------
    def resolve(self, word: str) -> Word:
        """Return the allowed guess the player typed (accents optional), or raise WordError for
        a malformed one or one the mode forbids now (a well-formed word in no list is added:
        see admit; it is taken back by a refusal here, by cancel, or by undoing its turn)."""
        typed = len(self._typed)
        before = self.puzzle
        self.admit(word)
        guess = self.puzzle.guesses[self.puzzle.index_of(word.strip())]
        if self.puzzle is not before:
            self._typed.append((guess, before))
        try:
            check_mode(self.puzzle, self.history, guess)
        except WordguessError:
            self.forget_typed(typed)
            raise
        return guess

    def admit(self, word: str, played: bool = True) -> None:
        """Add a well-formed word that is in no list (see `admitted`: `played`, a guess typed,
        or a word added for the game), with a notice; in the open world it joins each board's
        candidates, before every turn, wherever its replies fit."""
        puzzle, notice = admitted(self.puzzle, word, played)
        if notice is None:
            return
        if len(puzzle.answers) > len(self.puzzle.answers):  # a possible secret, not a guess only
            index = len(puzzle.answers) - 1
            replies = [puzzle.game.feedback(g, puzzle.answers[index]) for g, _ in self.turns]
            for k, state in enumerate(self._states):
                for board, candidates in enumerate(state):
                    if all(r[board] is None or r[board] == mine for (_, r), mine in zip(self.turns[:k], replies, strict=False)):
                        state[board] = np.append(candidates, index).astype(candidates.dtype)
        self.puzzle = puzzle
        self.notices.append(notice)

    def forget_typed(self, keep: int = 0) -> None:
        """Take back the words in no list typed as guesses after the first `keep` (the latest
        first): the puzzle, and every board's candidates before each turn, are as before each
        was admitted. The callers take back only words that no turn plays (see cancel)."""
        while len(self._typed) > keep:
            _, before = self._typed.pop()
            listed = len(before.answers)  # the words admitted since have the indices from here on
            self._states = [[candidates[candidates < listed] for candidates in state] for state in self._states]
            self.puzzle = before

    def cancel(self) -> None:
        """Drop what a guess that was typed but not played added (its reply was not given, or
        its turn was undone): a word in no list it admitted is taken back unless a turn still
        plays it, so the state is as before it was typed."""
        played = {guess for guess, _ in self.turns}
        keep = len(self._typed)
        while keep and self._typed[keep - 1][0] not in played:
            keep -= 1
        self.forget_typed(keep)

    def parse_replies(self, text: str) -> BoardReplies:
        """Return the replies written for the next turn: one board's in any of the game's
        notations, or one per unsolved board (MultiBoard.parse_reply)."""
        return self.rules.parse_reply(text, self.solved_mask())

    def report(self, word: str, replies_text: str) -> BoardReplies:
        """Record that `word` was played and got these replies; return them. Refused (state
        unchanged): a turn after the game is won, an unknown or forbidden word, a malformed reply,
        or one that contradicts the earlier ones."""
        self.check_unsolved()
        typed = len(self._typed)
        try:
            guess = self.resolve(word)
            replies = self.parse_replies(replies_text)
            self.record(guess, replies)
        except WordguessError:
            self.forget_typed(typed)  # a word in no list admitted here goes with the refused turn
            raise
        return replies

    def check_unsolved(self) -> None:
        """Raise ReplyError when every board is solved: no turn comes after a win."""
        if self.solved:
            game = self.game
            won = (f"the game was won at turn {len(self.turns)} with {game.display(self.turns[-1][0])}"
                   if self.rules.n_boards == 1 else "every board is solved")
            raise ReplyError(f"{won}: no turn comes after a win (undo takes it back)")

    def record(self, guess: Word, replies: BoardReplies | Reply) -> None:
        """Record an allowed guess with its replies: one per board (None for a board solved
        before), or a single board's reply (see report)."""
        if not isinstance(replies, tuple):
            replies = (int(replies),)
        rules, game = self.rules, self.game
        if len(replies) != rules.n_boards:
            raise WordguessError(f"{rules.name} needs {rules.n_boards} replies, not {len(replies)}")
        self.check_unsolved()
        index = self.puzzle.index_of(guess)
        after: list[Candidates] = []
        for k, (candidates, done, reply) in enumerate(zip(self.boards, self.solved_mask(), replies, strict=True), 1):
            if done:
                if reply is not None:
                    raise ReplyError(f"board {k} is solved already: write {SOLVED_MARK} or leave it out")
                after.append(candidates)
                continue
            if reply is None:
                raise ReplyError(f"board {k} is not solved yet: give its reply, not {SOLVED_MARK}")
            narrowed = self.puzzle.narrow(candidates, index, reply)
            if len(narrowed) == 0:
                raise ReplyError(self.contradiction(k, guess, reply))
            after.append(narrowed)
        solving = [k for k, reply in enumerate(replies, 1) if reply is not None and game.is_solved(reply)]
        before = [k for word, earlier in self.turns if word == guess
                  for k, reply in enumerate(earlier, 1) if reply is not None and game.is_solved(reply)]
        if len(solving) + len(before) > 1:
            boards = " and ".join(str(k) for k in sorted(before + solving))
            raise ReplyError(f"{game.display(guess)} cannot be the word of boards {boards}: the boards' words are "
                             "all different")
        self.turns.append((guess, tuple(replies)))
        self._states.append(after)

    def contradiction(self, board: int, guess: Word, reply: Reply) -> str:
        """Return why a reply that leaves no candidate is refused."""
        game = self.game
        which = "no allowed word" if self.puzzle.weighted else "no word of the answer list"
        if self.rules.n_boards > 1:
            earlier = "contradicts its earlier replies" if self.turns else "fits no word"
            return f"board {board}: reply {game.format_reply(reply)} to {game.display(guess)} {earlier}: {which} fits them all"
        earlier = "contradicts the earlier replies" if self.turns else "fits no word"
        outside = "" if self.puzzle.weighted else " (the secret may be in none: the open world takes every allowed word)"
        return (f"turn {len(self.turns) + 1}: reply {game.format_reply(reply)} to {game.display(guess)} "
                f"{earlier}: {which} fits them all{outside}")

    def undo(self) -> tuple[Word, BoardReplies]:
        """Forget the last turn and return it, its replies one per board (or raise ReplyError
        when there is none); a word in no list its guess admitted is taken back (see cancel)."""
        if not self.turns:
            raise ReplyError("nothing to undo")
        self._states.pop()
        turn = self.turns.pop()
        self.cancel()
        return turn
