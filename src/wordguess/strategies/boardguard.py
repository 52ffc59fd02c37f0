"""The never-lose check of a multi-board game: a guess is refused when it is proven to lose some
combination of the boards' secrets, whatever their priors, and a guess shown to win them all is
played instead where one is found.

A position is the candidates of each unsolved board and the guesses left. A guess leaves one
child position per combination of the boards' replies (a board whose reply is the solved one
leaves it). Two questions are asked of a position:

- **refuted** (cheap bounds; a proof that no play finds every combination within the guesses
  left), asked only of boards with no candidate in common, where every combination is one of
  distinct secrets (the games' secrets are distinct):
  - more boards than guesses;
  - each board's secret is guessed on a turn of its own, no earlier than the board's own least
    depth (1 for a known secret, 2 when some guess splits the board into single words, else 3),
    and the boards cannot all have such turns within the guesses left;
  - as many guesses as boards: every guess must solve a board whatever the secrets, so only a
    known board's secret can be played, and the search over those few is exhaustive;
  - one guess to spare and no secret known: a guess that leaves some combination with no
    board solved and none known leaves the case above with no known word, which is lost; so
    only the guesses that split some board into single words are searched, each by these
    bounds. (Without it, FINNY was played with four ?INNY words and five S?I?E words left for
    four guesses, and 2 open-world Quordle games of 10,000 were lost.)
  - few candidates in all (`exact`: 14) and one guess to spare, a board known or not: every allowed
    word is tried, one per distinct row of replies on the candidates, the candidates' own words
    first, and the position is lost when each
    leaves some combination refuted with one guess fewer (by all of these, recursively), within
    a budget of `nodes` words tried per guess checked (beyond it nothing is claimed). (Without it,
    LABEL known, CATCH, GATCH, HATCH and FINNY, GINNY, NINNY, VINNY, ZINGY with four guesses
    left passed, though no play wins them all, and a game of seed 2026 was lost.)
- **witnessed** (a guided search, so "not found" proves nothing): a joint plan exists within the
  guesses left. The boards finished one after another, each by its own witness tree
  (`guarantee.Witnesses`), is a plan; otherwise a guess with every child witnessed within one
  guess fewer, among the few that split the boards best.

`BoardGuard.choose` keeps the strategy's favourite unless some reply combination it leaves is
refuted. Then it plays the first of the strategy's next favourites not refuted (the strategy's
own order, so the replacement costs as little as it can), else, when the position has a plan,
the first guess of the plan search shown to keep one for every combination, else the first of
every allowed word (one per distinct row of replies, in the plan search's order, until the look
has expanded `rescue` positions) shown to keep one, else the favourite. (Without that last look,
after TARSE LINCH DUMPY SMITH with CATCH VINNY LABEL the secrets, BAWKS was played and the game
lost: HOING keeps every combination, but is not among the plan search's candidates and best
splitters.)
It does not prove every loss: a position too large to check (over `size` candidates), or lost
beyond what the bounds see, is played as the strategy plays it. `BoardGuard.win_guarantee` tells the
assistant what the decision found: a plan, a refuted favourite played for want of a safe guess,
or a position the bounds refute.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.endgame import BoardSets, distinct_rows, position_of
from wordguess.strategies.guard import IMPOSSIBLE, SHOWN, UNKNOWN
from wordguess.strategies.splits import first_by, split_every, split_stats
from wordguess.strategies.witnesses import Witnesses
from wordguess.vocab import Position


class _OutOfBudget(Exception):
    """The exhaustive search tried more words than its budget allows."""


@dataclasses.dataclass
class BoardGuard:
    """The check (see the module), with what it has learnt of one puzzle."""

    size: int = 80  # positions with at most this many candidates over the boards are checked
    width: int = 12  # guesses tried per position by the witness search
    pool: int = 60  # of which, besides the candidates, the best splitters of the boards' union
    favourites: int = 10  # the strategy's next favourites tried when its first is refused
    refused = ()  # (the guesses its last choice turned down: it names none, unlike Guard)
    exact: int = 14  # positions with at most this many candidates (and one guess to spare) searched exhaustively
    nodes: int = 20_000  # words tried by that search per guess checked
    rescue: int = 10_000  # when nothing else is shown safe: positions expanded trying every allowed word's rows

    def __post_init__(self) -> None:
        self._puzzle: Puzzle | None = None
        self._witnesses: Witnesses | None = None
        self._split: dict[tuple[int, ...], np.ndarray] = {}
        self._open: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}  # _open_buckets
        self._shapes: dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[int, ...]]] = {}  # by the replies
        self._cells: memoryview | None = None  # the pattern matrix's cells, where it is made
        self._plans: dict[tuple[BoardSets, int], bool] = {}
        self._refuted: dict[tuple[BoardSets, int], bool] = {}
        self._spent, self._depth = 0, 0  # the exhaustive search's words tried for this guess, its nesting
        self._expanded = 0  # positions whose children were listed (the last look's measure of work)
        self._conceded: set[tuple[BoardSets, int]] = set()  # where a refuted favourite was played: nothing safe found
        self._shown: set[tuple[BoardSets, int]] = set()  # where the last look found a guess keeping every combination
        self._search = True  # whether refuted() may search exhaustively (unsafe's first pass: not)

    def __getstate__(self) -> dict:  # sent to a worker without what it learnt
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.__post_init__()

    def _use(self, puzzle: Puzzle) -> None:
        if puzzle is not self._puzzle or len(self._plans) + len(self._refuted) > 400_000:
            self.__post_init__()
            self._puzzle, self._witnesses = puzzle, Witnesses(puzzle, nodes=2_000)
            self._cells = None if puzzle.by_rows else memoryview(puzzle.matrix)
        elif len(self._open) > 200_000:  # about 60 MB; the shapes, at most as many, share their lists
            self._open.clear()
            self._shapes.clear()

    # -- the guard ----------------------------------------------------------------------------

    def choose(self, puzzle: Puzzle, position: Position, favourite: int, ranking: Callable[[], np.ndarray]) -> int:
        """Return the guess to play: `favourite` unless the check refuses it (see the module);
        `ranking()` gives the strategy's guesses best first, asked only then."""
        boards, left = position.boards, position.left
        if left < 1 or sum(len(b) for b in boards) > self.size:
            return favourite
        self._use(puzzle)
        sets = position_of(boards)
        if not self.unsafe(puzzle, favourite, sets, left):
            return favourite
        next_ones = [int(g) for g in ranking()[: self.favourites + 1] if int(g) != favourite][: self.favourites]
        for guess in next_ones:
            if not self.unsafe(puzzle, guess, sets, left):
                return guess
        if self.witnessed(puzzle, sets, left):
            for guess in self._order(puzzle, sets)[: self.width]:
                if self.safe(puzzle, guess, sets, left):
                    return guess
        # Every allowed word, one per distinct row of replies, in the plan search's order: a
        # guess that keeps every combination is often outside its pool (after TARSE LINCH DUMPY
        # SMITH, with CATCH VINNY LABEL: HOING, 31st of 8,796 rows, and outside the 79 of the pool),
        # and sometimes far down (RADIX, 902nd of 6,254, found within 5,241 positions expanded).
        # The look is bounded by the work done, not by the words tried: most fail at once.
        start = self._expanded
        for guess in self._order(puzzle, sets, every=True):
            if self._expanded - start >= self.rescue:
                break
            if self.safe(puzzle, guess, sets, left):
                self._shown.add((sets, left))  # a plan, which `win_guarantee` then shows
                return guess
        self._conceded.add((sets, left))
        return favourite

    def win_guarantee(self, puzzle: Puzzle, position: Position) -> str | None:
        """Return what the check knows, after its decision here (`choose`), of finding every board
        within the guesses left whatever the secrets: SHOWN (a plan was found), IMPOSSIBLE (the
        bounds refute every play), UNKNOWN (the strategy's favourite is proven to lose some
        combination and no guess was shown to keep them all: it is played, for the likeliest
        win); None when it knows neither (the favourite was not refuted and no plan was needed)
        and beyond its reach (over `size` candidates). No search is made for it."""
        if sum(len(b) for b in position.boards) > self.size:
            return None
        self._use(puzzle)
        key = (position_of(position.boards), position.left)
        if self._plans.get(key) or key in self._shown:
            return SHOWN
        self._search = False  # the bounds, and what was proven before
        try:
            if self.refuted(puzzle, *key):
                return IMPOSSIBLE
        finally:
            self._search = True
        return UNKNOWN if key in self._conceded else None

    def unsafe(self, puzzle: Puzzle, guess: int, sets: BoardSets, left: int) -> bool:
        """Return whether some reply combination the guess leaves is refuted with one guess fewer."""
        self._use(puzzle)
        self._spent = 0  # the exhaustive search's budget is per guess checked
        children = list(self._children(puzzle, guess, sets))
        # The bounds first, over every child: a child they refute spares the exhaustive search
        # its budget, which the other children would otherwise spend first.
        self._search = False
        try:
            if any(self.refuted(puzzle, child, left - 1) for child in children):
                return True
        finally:
            self._search = True
        return any(self.refuted(puzzle, child, left - 1) for child in children)

    def safe(self, puzzle: Puzzle, guess: int, sets: BoardSets, left: int) -> bool:
        """Return whether every reply combination the guess leaves is witnessed with one guess fewer."""
        self._use(puzzle)
        return all(self.witnessed(puzzle, child, left - 1) for child in self._children(puzzle, guess, sets))

    @staticmethod
    def _on_its_face(sets: BoardSets, left: int) -> bool | None:
        """Return True for a position won as it stands (no board, or every secret known and a
        guess for each), False for one lost (more boards than guesses), else None."""
        if not sets:
            return True
        if len(sets) > left:
            return False
        if all(len(b) == 1 for b in sets):
            return True
        return None

    # -- proofs of a loss ----------------------------------------------------------------------

    def refuted(self, puzzle: Puzzle, sets: BoardSets, left: int) -> bool:
        """Return whether the bounds prove that no play finds every combination within `left`."""
        self._use(puzzle)
        plain = self._on_its_face(sets, left)
        if plain is not None:
            return not plain
        key, boards = (sets, left), len(sets)
        known = self._refuted.get(key)
        if known is not None:
            return known
        if sum(len(b) for b in sets) != len({a for b in sets for a in b}):
            self._refuted[key] = False  # boards sharing candidates: no bound is claimed
            return False
        least = sorted((self.least_depth(puzzle, b) for b in sets), reverse=True)
        # The j+1 boards of least depth >= d need turns of their own in d..left.
        lost = any(j + 1 > left - d + 1 for j, d in enumerate(least))
        if not lost and boards == left:
            # Every guess must solve a board whatever the secrets: only a known board's can.
            lost = all(self._loses(puzzle, int(puzzle.guess_of_answer[b[0]]), sets, left)
                       for b in sets if len(b) == 1)
        elif not lost and boards + 1 == left and all(len(b) > 1 for b in sets):
            # One guess to spare and no secret known: a guess that leaves some combination with
            # no board solved and none known leaves as many boards as guesses with no known
            # board, which is lost. Only a guess that splits some board into single words can
            # avoid that; each of those is tried, and the position is lost if each loses.
            lost = all(self._loses(puzzle, guess, sets, left) for guess in self._splitting_some(puzzle, sets))
        searched = self._search
        if not lost and searched and boards + 1 == left and sum(len(b) for b in sets) <= self.exact:
            try:
                self._depth += 1
                lost = self._exhausted(puzzle, sets, left)
            except _OutOfBudget:
                if self._depth > 1:
                    raise  # nothing below the first exhaustive search is claimed
                lost = searched = False  # not proven this time: not remembered, a later decision may
            finally:
                self._depth -= 1
        if lost or searched:  # a proof, or all that can be tried was
            self._refuted[key] = lost
        return lost

    def _exhausted(self, puzzle: Puzzle, sets: BoardSets, left: int) -> bool:
        """Return whether every allowed word leaves some combination refuted with one guess
        fewer: the candidates' own words first (a position that is not lost is most often shown
        so by one of them, before the table below is built), then one word per distinct row of
        replies on the position's candidates, the most parts first (a word whose row splits no
        board and solves none only wastes a guess: the position it leaves, with one guess fewer,
        is no better). Raise _OutOfBudget past `nodes`."""
        union = np.array(sorted({a for b in sets for a in b}), dtype=np.int64)
        own = puzzle.guess_of_answer[union].astype(np.int64).tolist()
        for guess in own:
            self._spent += 1
            if not self._loses(puzzle, guess, sets, left):
                return False
        ids, parts = _distinct_rows(puzzle, sets, union)
        tried = set(own)
        for guess in ids[np.argsort(-parts, kind="stable")].tolist():
            if guess in tried:
                continue
            self._spent += 1
            if self._spent > self.nodes:
                raise _OutOfBudget
            if not self._loses(puzzle, guess, sets, left):
                return False
        return True

    def _loses(self, puzzle: Puzzle, guess: int, sets: BoardSets, left: int) -> bool:
        """Return whether some combination the guess leaves is refuted with one guess fewer."""
        return any(self.refuted(puzzle, child, left - 1) for child in self._children(puzzle, guess, sets))

    def _splitting_some(self, puzzle: Puzzle, sets: BoardSets) -> list[int]:
        """Return the guesses that split some board of the position into single words, one per
        distinct row of replies on its candidates (guesses with the same row leave the same
        positions), the first of each in the words' order."""
        guesses = np.array(sorted({int(g) for board in sets for g in self._splitters(puzzle, board)}),
                           dtype=np.int64)
        if len(guesses) > 1:
            union = np.array(sorted({a for b in sets for a in b}), dtype=np.int64)
            rows = np.ascontiguousarray(puzzle.by_secret[union[:, None], guesses].T)
            _, first = np.unique(rows.view(np.dtype((np.void, rows.shape[1]))).ravel(), return_index=True)
            guesses = guesses[np.sort(first)]
        return guesses.tolist()

    def _splitters(self, puzzle: Puzzle, board: tuple[int, ...]) -> np.ndarray:
        """Return the allowed guesses that split the board into single words (every reply, the
        solved one included, left by one word at most)."""
        known = self._split.get(board)
        if known is None:
            parts, _ = split_every(puzzle, np.array(board, dtype=np.int64))
            known = self._split[board] = np.flatnonzero(parts == len(board))
        return known

    def least_depth(self, puzzle: Puzzle, board: tuple[int, ...]) -> int:
        """Return a lower bound on the guesses one board needs alone: 1 for a known secret, 2
        when some allowed guess splits it into single words (or it has two), else 3."""
        if len(board) <= 2:
            return len(board)
        return 2 if len(self._splitters(puzzle, board)) else 3

    # -- plans ---------------------------------------------------------------------------------

    def witnessed(self, puzzle: Puzzle, sets: BoardSets, left: int) -> bool:
        """Return whether a joint plan finding every combination within `left` was found."""
        self._use(puzzle)
        plain = self._on_its_face(sets, left)
        if plain is not None:
            return plain
        key, boards = (sets, left), len(sets)
        known = self._plans.get(key)
        if known is not None:
            return known
        found = (sum(self._alone(b, left - boards + 1) for b in sets) <= left
                 or any(self.safe(puzzle, g, sets, left) for g in self._order(puzzle, sets)[: self.width]))
        self._plans[key] = found
        return found

    def _alone(self, board: tuple[int, ...], most: int) -> int:
        """Return the fewest guesses (up to `most`) within which a witness tree of the board alone
        was found, or the board's size (guessing its words one by one) when none was."""
        if len(board) <= 2:
            return len(board)
        candidates = np.array(board, dtype=np.int64)
        for depth in range(2, min(most, len(board) - 1) + 1):
            if self._witnesses.within(candidates, depth):
                return depth
        return len(board)

    def _children(self, puzzle: Puzzle, guess: int, sets: BoardSets) -> Iterator[BoardSets]:
        """Return the positions the guess may leave, one per combination of the boards' replies
        (a board the guess solves leaves; a combination with it solved is implied by one with
        it unsolved, so only those are listed when there are), made as they are read: most
        searches stop at the first child refuted, or not witnessed."""
        self._expanded += 1
        opened, per_board = self._open, []
        for board in sets:
            found = opened.get((guess, board))  # _open_buckets' memory, read here: the check's inner loop
            if found is None:
                found = self._grouped(puzzle, guess, board)
            if found:
                per_board.append(found)
        if len(per_board) == 1:
            return ((bucket,) for bucket in per_board[0])
        return (tuple(sorted(combo)) for combo in itertools.product(*per_board))

    def _open_buckets(self, puzzle: Puzzle, guess: int, board: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Return the board's candidates grouped by their reply to the guess, the solved reply left
        out: the largest first, ties in reply order, each in the board's order (`puzzle.buckets`,
        the twin in the tests). Read cell by cell: a board has a few words, and this is the
        check's inner loop."""
        found = self._open.get((guess, board))
        return self._grouped(puzzle, guess, board) if found is None else found

    def _grouped(self, puzzle: Puzzle, guess: int, board: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Return `_open_buckets` not yet remembered for (guess, board), and remember it: found by the
        board's replies when another guess gave it the same ones (many do), else grouped."""
        cells = self._cells
        if cells is None:
            row = puzzle.row(guess)
            replies = tuple([int(row[answer]) for answer in board])
        else:
            replies = tuple([cells[guess, answer] for answer in board])
        shape = (board, replies)
        found = self._shapes.get(shape)
        if found is None:
            grouped: dict[int, list[int]] = {}
            for answer, reply in zip(board, replies, strict=True):
                grouped.setdefault(reply, []).append(answer)
            solved = puzzle.game.solved_reply
            found = [tuple(grouped[r]) for r in sorted(grouped) if r != solved]
            found.sort(key=len, reverse=True)
            self._shapes[shape] = found
        self._open[(guess, board)] = found
        return found

    def _order(self, puzzle: Puzzle, sets: BoardSets, every: bool = False) -> list[int]:
        """Return the guesses the plan search tries, best first: a known board's secret, then of
        the candidates and the best splitters of the union (`every`: of every allowed word, one
        per distinct row of replies), those leaving the smallest largest buckets over the boards
        (a candidate first on ties, then the most parts)."""
        union = np.array(sorted({a for b in sets for a in b}), dtype=np.int64)
        candidates = puzzle.guess_of_answer[union].astype(np.int64)
        if every:
            pool, parts = _distinct_rows(puzzle, sets, union)
        else:
            splits, largest = split_every(puzzle, union)
            pool = np.unique(np.concatenate([candidates, first_by(self.pool, -splits, largest)]))
            parts = np.zeros(len(pool), dtype=np.int64)  # no tie broken by them
        worst = sum(split_stats(puzzle, pool, np.array(board, dtype=np.int64))[1] for board in sets)
        order = pool[np.lexsort((-parts, ~np.isin(pool, candidates), worst))].tolist()
        known = [int(puzzle.guess_of_answer[b[0]]) for b in sets if len(b) == 1]
        return known + [g for g in order if g not in known]


def _distinct_rows(puzzle: Puzzle, sets: BoardSets, union: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return `endgame.distinct_rows` of the position's candidates (`union`, sorted): the rows
    that solve or split some board, a candidate's own word where one has the row."""
    column = {int(a): i for i, a in enumerate(union)}
    return distinct_rows(puzzle, union, [[column[a] for a in b] for b in sets], solving=True)

