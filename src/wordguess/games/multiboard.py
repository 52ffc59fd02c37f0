"""Multi-board games (Dordle, Quordle, Octordle, Sedecordle, Duotrigordle; Termo's Dueto and
Quarteto): one guess is played on every unsolved board at once, each board replies on its own,
and a board is solved once its secret is guessed. Hard mode is not part of these games.

`MultiBoard.feedback(guess, secrets)` is the specification: the tuple of the single board's
replies, one per board. A board already solved shows nothing: the play (not the rules) knows
which, and writes None there (`-` in text).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from wordguess.errors import ReplyError, WordguessError
from wordguess.games.base import SHARE_SQUARES, Game
from wordguess.vocab import Reply, Word

BoardReplies = tuple[Reply | None, ...]  # one reply per board; None: the board was solved before

SOLVED_MARK = "-"  # a board solved earlier, in a written multi-board reply
SEPARATORS = re.compile(r"[|/;,\s]+")


@dataclasses.dataclass(frozen=True)
class MultiBoard:
    """The rules of a multi-board game: `n_boards` boards of the single-board game `board`, at most
    `max_guesses` guesses in all, distinct secrets."""

    board: Game  # the rules of one board (Wordle, Termo)
    n_boards: int  # how many boards
    max_guesses: int  # the limit for finishing every board
    name: str = "multiboard"

    def __post_init__(self) -> None:
        if not 1 <= self.n_boards <= 64:
            raise WordguessError(f"--boards must be from 1 to 64, not {self.n_boards}")
        if self.max_guesses < self.n_boards:
            raise WordguessError(f"{self.n_boards} boards need at least {self.n_boards} guesses, not {self.max_guesses}")
        if self.n_boards > 1 and (self.board.has_hard_mode is False or self.board.length is None):
            raise WordguessError(f"a multi-board game is played on Wordle-like boards of a fixed length, not {self.board.name}")

    @classmethod
    def single(cls, game: Game, max_guesses: int | None = None) -> MultiBoard:
        """Return the rules of one board of `game` (any game): the ordinary game, whose replies
        are written in the game's own notations."""
        return cls(game, 1, max_guesses or game.max_guesses, game.name)

    @property
    def title(self) -> str:
        return f"{self.name} ({self.n_boards} boards of {self.board.name}, {self.max_guesses} guesses)"

    # --- the specification ---------------------------------------------------------------
    def feedback(self, guess: Word, secrets: Sequence[Word]) -> tuple[Reply, ...]:
        """Return the reply of every board to `guess` (the single board's feedback, board by board)."""
        if len(secrets) != self.n_boards:
            raise WordguessError(f"{self.name} has {self.n_boards} secrets, not {len(secrets)}")
        return tuple(self.board.feedback(guess, s) for s in secrets)

    def is_solved(self, replies: BoardReplies) -> bool:
        """Return whether every board is solved after these replies (None: solved before)."""
        return all(r is None or r == self.board.solved_reply for r in replies)

    def solved_at(self, turns: Sequence[tuple[Word, BoardReplies]]) -> list[int | None]:
        """Return, per board, the turn (from 1) whose guess solved it, None while it is open."""
        found: list[int | None] = [None] * self.n_boards
        for t, (_, replies) in enumerate(turns, 1):
            for k, reply in enumerate(replies):
                if found[k] is None and reply is not None and self.board.is_solved(reply):
                    found[k] = t
        return found

    # --- text ----------------------------------------------------------------------------
    def format_reply(self, replies: BoardReplies) -> str:
        """Return the replies board by board, separated by spaces, `-` for a board solved before."""
        if self.n_boards == 1 and replies[0] is not None:
            return self.board.format_reply(replies[0])
        return " ".join(SOLVED_MARK if r is None else self.board.format_reply(r) for r in replies)

    def parse_reply(self, text: str, solved: Sequence[bool] | None = None) -> BoardReplies:
        """Return the replies written board by board (any single-board notation, separated by
        spaces, `|`, `/`, `;` or `,`; `-` for a board solved before). With `solved`, the boards
        solved before may be left out or written `-`, and must be. One board's reply is read as
        the game reads it (Mastermind's `1,2` holds a separator)."""
        if self.n_boards == 1 and not any(solved or ()):
            return (self.board.parse_reply(text),)
        parts = [p for p in SEPARATORS.split(text.strip()) if p]
        solved = list(solved) if solved is not None else [False] * self.n_boards
        open_boards = solved.count(False)
        if len(parts) == open_boards and open_boards < self.n_boards:
            it = iter(parts)
            parts = [SOLVED_MARK if done else next(it) for done in solved]
        if len(parts) != self.n_boards:
            raise ReplyError(f"{text.strip()!r}: {self.name} needs {open_boards} replies, one per unsolved board "
                             f"(e.g. {' '.join(['G.Y..'] * min(open_boards, 4))}), not {len(parts)}")
        replies: list[Reply | None] = []
        for k, (part, done) in enumerate(zip(parts, solved, strict=True), 1):
            if part == SOLVED_MARK:
                if not done:
                    raise ReplyError(f"board {k} is not solved yet: give its reply, not {SOLVED_MARK}")
                replies.append(None)
                continue
            if done:
                raise ReplyError(f"board {k} is solved already: write {SOLVED_MARK} or leave it out")
            try:
                replies.append(self.board.parse_reply(part))
            except WordguessError as exc:
                raise ReplyError(f"board {k}: {exc}") from None
        return tuple(replies)

    def share_grid(self, turns: Sequence[tuple[Word, BoardReplies]], columns: int = 2) -> str:
        """Return the emoji grid the sites share: boards in rows of `columns`, each board its
        rows of squares up to the guess that solved it, a blank line between rows of boards."""
        grids = []
        for b in range(self.n_boards):
            rows = []
            for _, replies in turns:
                r = replies[b]
                if r is None:
                    break
                rows.append("".join(SHARE_SQUARES[m] for m in self.board.tile_marks(r)))
            grids.append(rows)
        blank = "⬜" * (self.board.length or 5)
        lines = []
        for start in range(0, self.n_boards, columns):
            block = grids[start:start + columns]
            height = max(len(g) for g in block)
            lines += [" ".join(g[i] if i < len(g) else blank for g in block) for i in range(height)]
            lines.append("")
        return "\n".join(lines).rstrip("\n")

    def parse_share(self, text: str) -> list[BoardReplies]:
        """Return the replies of a pasted share grid (share_grid's layout: blocks of lines, each
        line the boards of its block side by side): per guess, one reply per board, None once the
        board was solved. Each cell is read in the board game's own notations (so Wordle's
        high-contrast squares too); a board's cells after its solved row are padding, and lines
        that are not all replies (the header, the scores) are skipped."""
        blocks: list[list[list[Reply]]] = [[]]
        for line in text.splitlines():
            cells = [self._share_cell(cell) for cell in line.split()]
            if cells and None not in cells:
                blocks[-1].append(cells)
            elif blocks[-1]:
                blocks.append([])
        boards: list[list[Reply]] = []
        for block in (b for b in blocks if b):
            if any(len(row) != len(block[0]) for row in block):
                raise ReplyError("the share grid's rows do not line up")
            boards += [[row[c] for row in block] for c in range(len(block[0]))]
        if len(boards) != self.n_boards:
            raise ReplyError(f"the share grid shows {len(boards)} boards, not {self.n_boards}")
        for rows in boards:  # the rows after the solved one pad the board to the block's height
            solved = next((k for k, r in enumerate(rows) if self.board.is_solved(r)), None)
            if solved is not None:
                del rows[solved + 1:]
        return [tuple(rows[t] if t < len(rows) else None for rows in boards)
                for t in range(max(len(rows) for rows in boards))]

    def _share_cell(self, cell: str) -> Reply | None:
        """Return a share grid's cell read as one board's reply, or None when it is not one."""
        try:
            return self.board.parse_reply(cell)
        except WordguessError:
            return None


# name: (single-board game, boards, guesses)
MULTI_BOARDS: dict[str, tuple[str, int, int]] = {
    "dordle": ("wordle", 2, 7), "quordle": ("wordle", 4, 9), "octordle": ("wordle", 8, 13),
    "sedecordle": ("wordle", 16, 21), "duotrigordle": ("wordle", 32, 37),
    "dueto": ("termo", 2, 7), "quarteto": ("termo", 4, 9),
}
