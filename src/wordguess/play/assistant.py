"""The assistant: a game of one board or several played elsewhere (a play.session.Session),
with suggestions. Pure: no printing or prompting; every refusal is a WordguessError raised
before any state changes."""

from __future__ import annotations

import dataclasses
import threading

import numpy as np

from wordguess.engine.patterns import memo_key
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games.multiboard import MultiBoard
from wordguess.play.session import Session
from wordguess.strategies.base import Strategy, candidate_guesses, guess_weights, one_board, ranked
from wordguess.strategies.expected import FewestGuesses, cost_curve
from wordguess.strategies.lies import (
    behind_shown,
    shown_chances,
    shown_entropies,
    shown_guesses_to_finish,
)
from wordguess.strategies.metrics import METRICS
from wordguess.strategies.scoring import (
    SERIAL_PAIRS,
    expected_guesses,
    score_guesses,
    second_looks,
    total_weight,
)
from wordguess.vocab import Candidates, Position, Word

OPENING_KEPT = 10  # opening suggestions remembered (the web asks for up to 10)

# A guess that may be the answer is offered beside a better probe within this many expected guesses.
CANDIDATE_MARGIN = 0.02
FINISH = FewestGuesses()  # the estimate of guesses to finish shown beside any strategy's suggestions


@dataclasses.dataclass(frozen=True)
class Suggestion:
    """A guess worth playing, with what it is expected to achieve."""

    guess: Word  # the word to play
    expected_left: float  # the expected number of candidates left after it
    bits: float  # the entropy of its buckets, in bits
    can_be_answer: bool  # whether it may be the secret itself
    probability: float = 0.0  # the chance that it is the secret (the prior's, given the replies)
    # The guesses expected to finish the game if it is played, itself included: one definition
    # everywhere (the table, analyze, the web, the JSON): each reply's bucket costed by its best
    # next guess (FewestGuesses.values, the second look), whatever strategy suggests the guess.
    guesses_to_finish: float = 0.0


def by_value(puzzle: Puzzle, position: Position, chosen: np.ndarray, order: np.ndarray,
             refused: set[int], values) -> tuple[np.ndarray, np.ndarray]:
    """Return the rows of the table and the value they show (the strategy's expected
    guesses), ordered by it: its choice first, then the others from the least. A row the
    choice beats in the strategy's search but not on this value (outside its second look) is
    left out; when the choice cannot be the answer, the best guess that can is offered too if
    it is within CANDIDATE_MARGIN of it (it may win at once)."""
    rows, candidates = chosen.tolist(), position.candidates
    if not candidate_guesses(puzzle, chosen[:1], candidates)[0]:
        may_win = candidate_guesses(puzzle, order, candidates)
        close = next((int(g) for g, ok in zip(order, may_win, strict=True) if ok and int(g) not in refused), None)
        if close is not None and close not in rows:
            rows.append(close)
    value = values(puzzle, position, np.array(rows, dtype=np.int64))
    best = value[0]
    offered = [k for k in range(1, len(rows))
               if value[k] >= best - 1e-9 and (k < len(chosen) or value[k] <= best + CANDIDATE_MARGIN)]
    offered.sort(key=lambda k: (value[k], k))
    probes = [k for k in offered if k < len(chosen)]
    if len(offered) > len(chosen) - 1 and probes:  # room for the candidate: the worst probe goes
        offered.remove(probes[-1])
    kept = [0, *offered[: len(chosen) - 1]]
    return np.array([rows[k] for k in kept], dtype=np.int64), value[kept]


def expected_left(puzzle: Puzzle, candidates: Candidates, guess: int) -> float:
    """Return the expected size of the bucket the secret falls in (each reply's count,
    weighted by its chance; uniform weights give the expectation metric)."""
    total = puzzle.weights_of(candidates).sum()
    if puzzle.game.lies:
        return expected_left_shown(puzzle, candidates, guess)
    left = 0.0
    for _, bucket in puzzle.buckets(guess, candidates):
        left += puzzle.weights_of(bucket).sum() / total * len(bucket)
    return float(left)


def expected_left_shown(puzzle: Puzzle, candidates: Candidates, guess: int) -> float:
    """Return expected_left for a host that lies: over each reply it may show (its chance:
    strategies.lies.shown_chances), the number of candidates whose true reply that shown one
    stands for."""
    true, weights, shown = shown_chances(puzzle, candidates, guess)
    return float(shown @ behind_shown(puzzle.game, true, weights)[0])


def suggestion_rows(puzzle: Puzzle, candidates: Candidates, chosen: np.ndarray, finish: np.ndarray) -> list[Suggestion]:
    """Return the suggestions of the guesses `chosen` (indices) with their guesses to finish."""
    chance = guess_weights(puzzle, chosen) * candidate_guesses(puzzle, chosen, candidates)
    total = total_weight(puzzle, candidates)
    if puzzle.game.lies:  # the bits of the reply as shown, lie included
        bits = shown_entropies(puzzle, chosen, candidates)
    else:
        ent = score_guesses(puzzle, chosen, candidates, "entropy")
        bits = np.array([-METRICS["entropy"].value(h, total) + 0.0 for h in ent])
    return [Suggestion(puzzle.guesses[g], expected_left(puzzle, candidates, int(g)), float(b), bool(c > 0),
                       float(c / total), float(f))
            for g, b, f, c in zip(chosen, bits, finish, chance, strict=True)]


class Assistant(Session):
    """Helps with a game of one board or several played elsewhere: the player reports each
    guess and its replies (the Session), the strategy suggests the next guess."""

    def __init__(self, puzzle: Puzzle, strategy: Strategy, rules: MultiBoard | None = None):
        super().__init__(puzzle, rules)
        self.strategy = strategy  # what suggests the next guess: of one board, or of several (strategies.multiboard)
        self._busy = threading.RLock()  # held while computing (see warm_up)
        self._guaranteed: tuple[tuple, str | None] | None = None  # (the turns, the win guarantee) read with the suggestions

    def suggest(self) -> Word:
        """Return the strategy's next guess."""
        if self.solved:
            raise WordguessError("every board is solved" if self.rules.n_boards > 1 else "the game is won")
        if self.rules.n_boards == 1:
            return self.suggestions(1)[0].guess
        with self._busy:
            position = Position(tuple(self.open_boards()), [], max(self.left, 1))
            if self.history or self.puzzle.store is None:
                return self.puzzle.guesses[self.strategy.choose(self.puzzle, position)]
            # The opening is the same every game of these boards (a second or more in the open
            # world): kept in the cache folder as the one board's opening suggestions are.
            strategy = self.strategy
            key = memo_key("boards-opening-1", self.puzzle.fingerprint, repr(strategy), repr(strategy.guard),
                           self.rules.n_boards, position.left, cost_curve()[1].tolist())
            word = self.puzzle.store.remembered(key, lambda: self.puzzle.guesses[strategy.choose(self.puzzle, position)])
            if isinstance(word, str) and word in self.puzzle.guess_index:
                return word
            return self.puzzle.guesses[strategy.choose(self.puzzle, position)]

    def suggestions(self, count: int = 5) -> list[Suggestion]:
        """Return the strategy's guess first, then the next best in the strategy's own ranking
        when it keeps one (fewest-guesses), else by entropy (only the answer once one candidate
        is left). The opening ones are the same every game, so they are kept
        in the cache folder between runs. One board only (several: suggest)."""
        if self.rules.n_boards > 1:
            raise WordguessError(f"{self.rules.name} suggests one guess for its boards: see suggest")
        with self._busy:
            return self._remembered_suggestions(count)

    def suggestions_key(self, kept: int) -> str:
        """Return the key the suggestions of this position are remembered by: the puzzle, the
        strategy (and its guard's), how many, and the turns (the opening's key has none)."""
        turns = () if not self.history else (tuple((self.puzzle.game.fold(g), int(r)) for g, r in self.history),)
        guard = self.strategy.guard  # (not in the strategy's repr)
        guard = None if guard is None else guard.key_for(self.puzzle)
        return memo_key("suggestions-6", self.puzzle.fingerprint, repr(self.strategy), guard, kept, *turns)

    def _remembered_suggestions(self, count: int) -> list[Suggestion]:
        """The opening's suggestions and the second turn's are the same every game that meets
        them: kept on disk (the open world's strategy reads its second turn after its opener
        from the package: FewestGuesses.rollouts)."""
        if len(self.history) > 1 or self.puzzle.store is None or (self.history and self.puzzle.by_rows):
            return self._suggestions(count, self.notices)  # (a focused puzzle's notice is the suggestion's own)
        measured = self.strategy.rollouts
        if self.history and measured is not None and measured(self.puzzle, one_board(self.puzzle, self.boards[0], self.history)) is not None:
            return self._suggestions(count, self.notices)  # read from the package, not searched (and current)
        kept = max(count, OPENING_KEPT)  # one search serves every count asked for
        key = self.suggestions_key(kept)
        # The win guarantee of this position is kept with them (it costs a witness search of its
        # own), and so are the notices the search gave, which a later read must give too.
        def search() -> dict:
            notices: list[str] = []  # (the search's own, even those shown already)
            rows = [dataclasses.astuple(s) for s in self._suggestions(kept, notices)]
            return {"rows": rows, "win_guarantee": self._win_guarantee(), "notices": notices}

        entry = self.puzzle.store.remembered(key, search)
        self.notices.extend(n for n in entry["notices"] if n not in self.notices)
        self._guaranteed = (tuple(self.turns), entry["win_guarantee"])
        return [Suggestion(*row) for row in entry["rows"][:count]]

    def _suggestions(self, count: int, notices: list[str]) -> list[Suggestion]:
        """Return the suggestions of this position, adding to `notices` what the player must be told."""
        puzzle, candidates = self.puzzle, self.boards[0]
        if puzzle.by_rows:  # too large for its matrix (classic Nerdle): the candidates' own puzzle
            puzzle = puzzle.focused(candidates)
            if len(puzzle.answers) < len(candidates):
                notice = (f"suggestions from {len(puzzle.answers):,} of the {len(candidates):,} possible "
                          f"{self.puzzle.game.word_noun}s, evenly spread (all of them need a larger matrix)")
                if notice not in notices:
                    notices.append(notice)
            candidates = puzzle.all_candidates()
        position = one_board(puzzle, candidates, self.history)
        first = self.strategy.choose(puzzle, position)
        values = self.strategy.values  # the strategy's own expected guesses, when it has them
        if len(candidates) == 1:
            chosen = np.array([first], dtype=np.int64)  # the answer: nothing else is worth showing
        else:
            ranking = self.strategy.ranking  # the strategy's own order, when it has one
            order = None if ranking is None else ranking(puzzle, position, count + 1)
            if order is None:
                guess_ids = puzzle.allowed(candidates, self.history)
                order = ranked(puzzle, guess_ids, score_guesses(puzzle, guess_ids, candidates, "entropy"), candidates)
            refused_of = self.strategy.refused
            refused = set() if refused_of is None else set(refused_of(puzzle, position).tolist())
            # Rows sorted by the estimate below are drawn from the same rows whatever the count.
            rows = count if values is not None or puzzle.game.lies else max(count, OPENING_KEPT)
            others = [int(g) for g in order[: rows + 1 + len(refused)] if g != first and int(g) not in refused]
            chosen = np.array([first, *others][:rows], dtype=np.int64)
        if len(candidates) == 1:
            finish = np.ones(1)
        elif puzzle.game.lies:  # through the lies, whatever the strategy: the analysis's one-step value
            left = FINISH.left(puzzle, self.history)
            finish = np.array([shown_guesses_to_finish(puzzle, candidates, int(g), left, FINISH.loss)[0] for g in chosen])
            keep = [0, *sorted(range(1, len(chosen)), key=lambda k: (finish[k], k))][:count]
            chosen, finish = chosen[keep], finish[keep]
        elif values is not None:
            chosen, finish = by_value(puzzle, position, chosen, order, refused, values)
        else:  # the strategy's choice first, then the others by the one estimate all tables show
            finish = FINISH.values(puzzle, position, chosen)
            keep = [0, *sorted(range(1, len(chosen)), key=lambda k: (finish[k], k))][:count]
            chosen, finish = chosen[keep], finish[keep]
        return suggestion_rows(puzzle, candidates, chosen, finish)

    def win_guarantee(self) -> str | None:
        """Return what can be guaranteed of a win within the game's limit from here
        (strategies.guard): "shown" (every candidate has a witness), "impossible" (proven:
        no strategy wins every candidate) or "unknown"; None when the strategy keeps no such
        guarantee. Unless shown, the strategy plays for the likeliest win. Of several boards
        (strategies.boardguard), the same of every combination of the boards' secrets, and None
        while the boards hold more candidates than the check looks at."""
        with self._busy:
            if self._guaranteed is not None and self._guaranteed[0] == tuple(self.turns):
                return self._guaranteed[1]
            return self._win_guarantee()

    def _win_guarantee(self) -> str | None:
        guard = self.strategy.guard
        several = self.rules.n_boards > 1
        if guard is None or self.solved or not (several or self.strategy.guarantee):
            return None
        with self._busy:
            if several:
                return guard.win_guarantee(self.puzzle, Position(tuple(self.open_boards()), [], self.left))
            return guard.win_guarantee(self.puzzle, one_board(self.puzzle, self.boards[0], self.history))

    def warm_up(self) -> threading.Thread:
        """Start loading, in a background thread, what the next suggestion needs and the first
        (remembered on disk) did not: the pattern matrix and the compiled scoring kernels, serial
        and parallel, while the player types a reply. The assistant's lock keeps it apart from
        the next suggestion (numba's parallel kernels may not run in two threads at once); a
        failure there leaves the work to that suggestion, which meets and reports it."""

        def work() -> None:
            with self._busy:
                puzzle = self.puzzle
                try:
                    everything = np.arange(len(puzzle.guesses), dtype=np.int64)
                    for size in (3, min(len(puzzle.answers), SERIAL_PAIRS // max(1, len(everything)) + 1)):
                        few = puzzle.all_candidates()[:size]
                        for guesses in (everything[:3], everything):
                            expected_guesses(puzzle, guesses, few, *cost_curve(), left=3, penalty=1.0)
                            score_guesses(puzzle, guesses, few, "entropy")
                        second_looks(puzzle, everything[:2], few, everything[:3], *cost_curve(), 3, 1.0)
                except Exception:  # noqa: BLE001, S110 (the next suggestion meets and reports it)
                    pass

        thread = threading.Thread(target=work, name="wordguess-warm-up", daemon=True)
        thread.start()
        return thread

    def likely(self, count: int = 10) -> list[tuple[Word, float]]:
        """Return the `count` likeliest candidates with their probabilities, likeliest first."""
        candidates = self.boards[0]
        p = self.puzzle.probabilities(candidates)
        order = np.lexsort((candidates, -p))[:count]
        return [(self.puzzle.answers[int(candidates[k])], float(p[k])) for k in order]

    def admit(self, word: str, played: bool = True) -> None:
        with self._busy:
            super().admit(word, played)

    def forget_typed(self, keep: int = 0) -> None:
        with self._busy:
            super().forget_typed(keep)

    def record(self, guess: Word, replies) -> None:
        with self._busy:
            super().record(guess, replies)
