"""The values of a move (analysis.report's `Value`s): proven by the exact solver within a node
budget (`ExactValues`, the closed world) or estimated (`EstimatedValues`, the open world;
`FocusedEstimates`, a puzzle played by rows; `LieEstimates`, Fibble). `values_for` picks one."""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

import numpy as np

from wordguess.analysis.report import BOUNDS, ESTIMATE, EXACT, Value
from wordguess.engine.puzzle import Puzzle
from wordguess.optimal.store import ResultStore
from wordguess.optimal.tasks import symmetric_openers
from wordguess.optimal.total import kernel
from wordguess.optimal.total.certificates import certificate_by_key
from wordguess.optimal.total.kernel import INF, child_depth, table_row
from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped, exact_problem
from wordguess.optimal.worst.exact_guard import played_strategy
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies import get_strategy
from wordguess.strategies.base import one_board, pick_best
from wordguess.strategies.expected import FewestGuesses, bucket_estimate, cost_curve
from wordguess.strategies.guard import IMPOSSIBLE, SHOWN, UNKNOWN
from wordguess.strategies.guarded import Guarded
from wordguess.strategies.scoring import second_looks
from wordguess.vocab import Candidates, History, Word

PLAYED_OPENER_SHARE = 0.5  # of the first move's time, what a played opener the certificate does not
# settle gets (its proof, then its buckets' bounds); the rest certifies the best opener
ESTIMATE_POOL = 100  # the second look's pool for unsettled exact values' estimates (400 in play)
ESTIMATE_FIRST = 1000  # a set this large gets its estimates before its search: it is seldom settled
ANALYSIS_SLICE = 300  # the solver's nodes between deadline checks (a move's budget is kept closely)


class MoveValues(NamedTuple):
    """What the values say of one move."""

    played: Value  # expected guesses to finish with the guess played
    best: Value  # the same with the best guess
    best_guess: int  # the best guess found (its index)
    buckets: dict  # per reply it can meet: (its chance, the guesses its bucket needs; None: unproven)


class Values(Protocol):
    """How an analysis values moves (see analyze): per move `prepare` (work outside the move's
    budget), `start_move` (its nodes of exact search) and `move`; at the end `secret_play`;
    `nodes` counts the nodes searched so far."""

    kind: str  # EXACT or ESTIMATE: what the values are when nothing runs out
    max_guesses: int  # the limit they are proven or estimated within

    def prepare(self, candidates: Candidates, history: History, guess: int) -> None: ...

    def start_move(self, nodes: int) -> None: ...

    @property
    def nodes(self) -> int: ...

    def move(self, candidates: Candidates, history: History, guess: int) -> MoveValues: ...

    def secret_play(self, secret: Word, first: Word, nodes: int) -> tuple[int | None, Word | None]:
        """Return (the guesses the reference play needs on the secret, its opener), or Nones."""


class ExactValues:
    """Proven values of a closed-world puzzle's positions (the exact solver, a node budget a move)."""

    kind = EXACT

    def __init__(self, puzzle: Puzzle, store: ResultStore | None = None, max_guesses: int | None = None):
        self.puzzle = puzzle
        self.max_guesses = max_guesses or puzzle.game.max_guesses  # the limit the values are proven within
        self.solver = ExactSolver(puzzle, self.max_guesses, Limits(), store)
        self.solver.slice = ANALYSIS_SLICE
        self.fallback = get_strategy("entropy")
        self._opener_bounds: tuple[np.ndarray, np.ndarray] | None = None
        self._best_opener: tuple[int, int | None, int] | None = None  # searched once per instance
        self._estimates: EstimatedValues | None = None  # for the values not settled in the time
        self._prepared: tuple[float, float] | None = None  # the estimates made before the move's budget

    def estimates(self, candidates: Candidates, history: History, guess: int) -> tuple[float, float]:
        """Return the fewest-guesses estimates (played, best) of a position (pool ESTIMATE_POOL)."""
        if self._estimates is None:
            self._estimates = EstimatedValues(self.puzzle, FewestGuesses(pool=ESTIMATE_POOL, limit=self.max_guesses))
        played, best, _, _ = self._estimates.move(candidates, history, guess)
        return played.low, best.low

    def prepare(self, candidates: Candidates, history: History, guess: int) -> None:
        """A large set's estimates first, outside the move's budget: its values are seldom settled."""
        self._prepared = self.estimates(candidates, history, guess) if len(candidates) >= ESTIMATE_FIRST else None

    def start_move(self, nodes: int) -> None:
        """Give the next move its nodes."""
        self.solver.node_deadline = self.solver.nodes + max(0, int(nodes))

    @property
    def nodes(self) -> int:
        return self.solver.nodes

    def _spent(self) -> bool:  # the move's nodes are spent
        return self.solver.node_deadline is not None and self.solver.nodes >= self.solver.node_deadline

    def move(self, candidates: Candidates, history: History, guess: int) -> MoveValues:
        """Return the move's proven values (bounds when the time ends first, with the best
        estimate kept within them); a bucket's guesses to finish when every one is proven."""
        n = len(candidates)
        (p_low, p_high), buckets = self.played(candidates, history, guess)
        b_low, b_high, best = self.best(candidates, history)
        if p_high is not None and (b_high is None or p_high < b_high):
            b_high, best = p_high, guess  # the played guess is a tree too
        b_low = min(b_low, p_low)
        played, best_value = Value.of_totals(p_low, p_high, n), Value.of_totals(b_low, b_high, n)
        if BOUNDS in (played.kind, best_value.kind):  # unsettled: the best estimate within the bounds
            e_played, e_best = self._prepared or self.estimates(candidates, history, guess)
            played = played.with_estimate(e_played)
            best_value = best_value.with_estimate(min(e_best, played.point))
        self._prepared = None
        known = all(lo is not None and lo == hi for _, lo, hi in buckets.values())
        return MoveValues(played, best_value, best, {reply: (share, (lo / (share * n) if lo else 0.0) if known else None)
                                                     for reply, (share, lo, _) in buckets.items()})

    def secret_play(self, secret: Word, first: Word, nodes: int) -> tuple[int | None, Word | None]:
        """Return the guesses optimal play needs on the secret, opening with the first move's best
        (None when a position on the way is not solved within the nodes), and that opener."""
        self.start_move(nodes)
        return self.optimal_play(secret, self.puzzle.index_of(first)), first

    def _least(self, depth: int, n: int) -> int:
        tables = self.solver.ctx.tables
        return int(tables[int(table_row(depth, len(tables)))][n])

    def state_after(self, history: History) -> tuple[tuple[np.ndarray, int], int]:
        """Return (the solver's state, the guesses left) after the turns."""
        state, depth = self.solver.root_state(), self.solver.depth
        for guess, reply in history:
            state = self.solver.child_state(*state, self.puzzle.index_of(guess), reply)
            depth = int(child_depth(depth))
        return state, depth

    def heuristic_total(self, candidates: Candidates, depth: int) -> int | None:
        """Return the total of a greedy tree from here (ExactSolver.upper_total): an upper bound,
        or None when it breaks the depth limit (then it bounds nothing)."""
        return self.solver.upper_total(candidates, depth) if depth >= 1 else None

    def set_total(self, candidates: Candidates, history: History, state, depth: int) -> tuple[int, int | None]:
        """Return proven (low, high) bounds on the least total of the set (equal when solved)."""
        n = len(candidates)
        if n <= 2:
            return (2 * n - 1, 2 * n - 1) if depth >= n else (INF, None)
        try:
            if self._spent():
                raise SearchStopped("the move's budget is spent")
            value = self.solver.solve(np.sort(candidates.astype(np.int32)), state, INF, depth)
        except SearchStopped:
            return self._least(depth, n), self.heuristic_total(candidates, depth)
        return (value, value) if value < INF else (INF, None)

    def played(self, candidates: Candidates, history: History, guess: int):
        """Return (low, high) totals when `guess` is played, and per reply (share, low, high). A
        played opener gets PLAYED_OPENER_SHARE of the move's nodes (its proof would take them all)."""
        if history or len(candidates) != len(self.puzzle.answers):
            return self._played(candidates, history, guess)
        saved = self.solver.node_deadline
        if saved is not None:
            self.solver.node_deadline = self.solver.nodes + int(max(0, saved - self.solver.nodes) * PLAYED_OPENER_SHARE)
        try:
            return self._played(candidates, history, guess)
        finally:
            self.solver.node_deadline = saved

    def _played(self, candidates: Candidates, history: History, guess: int):
        puzzle, game = self.puzzle, self.puzzle.game
        state, depth = self.state_after(history)
        n = len(candidates)
        floor = 0  # a proven lower bound on the total besides the buckets' (the certificate's)
        if not history and n == len(puzzle.answers):
            word = puzzle.guesses[guess]
            known = self.known_openers().get(word)
            if known is not None and not known[1]:
                floor = known[0]
            if known is None or not known[1]:
                try:  # the opener's proof, kept in the store for the next analyses
                    known = (self.solver.opener(word).value, True)
                except SearchStopped:
                    known = None
            if known is not None and known[1]:  # exact (INF: no tree within the limit); the buckets' values are not kept
                shares = {reply: (len(bucket) / n, None, None) for reply, bucket in puzzle.buckets(guess, candidates)}
                return ((known[0], known[0]) if known[0] < INF else (INF, None)), shares
        low, high = n, n
        buckets = {}
        for reply, bucket in puzzle.buckets(guess, candidates):
            if reply == game.solved_reply:
                buckets[reply] = (len(bucket) / n, 0, 0)
                continue
            after = [*history, (puzzle.guesses[guess], reply)]
            child = self.solver.child_state(*state, guess, reply)
            b_low, b_high = self.set_total(bucket, after, child, int(child_depth(depth)))
            buckets[reply] = (len(bucket) / n, b_low, b_high)
            low = min(INF, low + b_low)
            high = None if high is None or b_high is None else high + b_high
        return (max(low, floor), high), buckets

    def best(self, candidates: Candidates, history: History) -> tuple[int, int | None, int]:
        """Return (low, high, best guess) for the position."""
        puzzle = self.puzzle
        n = len(candidates)
        if n <= 2:
            return 2 * n - 1, 2 * n - 1, int(puzzle.guess_of_answer[candidates[0]])
        if not history and n == len(puzzle.answers):
            if self._best_opener is None:
                self._best_opener = self.best_opener()
            return self._best_opener
        state, depth = self.state_after(history)
        low, high = self.set_total(candidates, history, state, depth)
        if low == high:
            guess = int(kernel.best_guess(self.solver.ctx, np.sort(candidates.astype(np.int32)), state[1], depth))
            if guess >= 0:
                return low, high, guess
        return low, high, self.fallback.choose(puzzle, one_board(puzzle, candidates, history))

    def opener_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Return the openers to examine (one per symmetry class) and their admissible bounds."""
        if self._opener_bounds is None:
            ids = np.array([self.puzzle.index_of(w) for w in symmetric_openers(self.puzzle)], dtype=np.int64)
            self._opener_bounds = ids, np.array([self.solver.root_bound(int(g)) for g in ids], dtype=np.int64)
        return self._opener_bounds

    def known_openers(self) -> dict[str, tuple[int, bool]]:
        """Return what is proven of the openers, {opener: (value or lower bound, exact)}: the
        shipped certificate's and the store's, the stronger where both have one."""
        certificate = certificate_by_key(self.solver.key)
        known = {e.opener: (e.value, e.exact) for e in certificate.ranked()} if certificate is not None else {}
        stored = self.solver.store.openers(self.solver.key) if self.solver.store is not None else {}
        for word, (value, exact) in stored.items():
            old = known.get(word)
            if old is None or (not old[1] and (exact or value > old[0])):
                known[word] = (value, exact)
        return known

    def best_opener(self) -> tuple[int, int | None, int]:
        """Return (low, high, guess) for the first move: the openers by their admissible bounds,
        each cut off at the best total proven so far, until the move's budget is spent; the best
        is then bounded below by the least bound of the openers not yet examined."""
        puzzle, solver = self.puzzle, self.solver
        known = {w: r for w, r in self.known_openers().items() if w in puzzle.guess_index}
        exact = {w: v for w, (v, e) in known.items() if e}
        best_word = min(exact, key=lambda w: (exact[w], w)) if exact else None
        best = exact[best_word] if best_word else INF
        ids, bounds = self.opener_bounds()
        low = best
        for k in np.lexsort((ids, bounds)):
            if bounds[k] >= best:
                break  # every opener left is bounded at or above the best: certified
            word = puzzle.guesses[ids[k]]
            value, is_exact = known.get(word, (0, False))
            if value >= best:
                continue  # proven no better earlier
            try:
                result = solver.opener(word, best)
            except SearchStopped:
                low = int(bounds[k])
                break
            if result.exact and result.value < best:
                best, best_word = result.value, word
                low = best
        low = min(low, best)
        if best_word is None:  # nothing proven: a greedy tree bounds it from above
            guess = self.fallback.choose(puzzle, one_board(puzzle, puzzle.all_candidates(), []))
            return low, self.heuristic_total(puzzle.all_candidates(), solver.depth), guess
        return low, best, puzzle.index_of(best_word)

    def optimal_play(self, secret: Word, opener: int) -> int | None:
        """Return the guesses the optimal tree opening with `opener` needs on the secret (None
        when some position on the way is not solved within the budget)."""
        puzzle, game = self.puzzle, self.puzzle.game
        candidates, history, guess = puzzle.all_candidates(), [], opener
        for turn in range(1, len(puzzle.answers) + 1):
            reply = game.feedback(puzzle.guesses[guess], secret)
            if reply == game.solved_reply:
                return turn
            candidates = puzzle.narrow(candidates, guess, reply)
            history.append((puzzle.guesses[guess], reply))
            low, high, guess = self.best(candidates, history)
            if low != high:
                return None
        return None


class EstimatedValues:
    """Estimated values from the fewest-guesses strategy (the open world, and the games or modes
    the exact solver does not take)."""

    kind = ESTIMATE

    def __init__(self, puzzle: Puzzle, strategy: FewestGuesses | None = None, judge: bool = True):
        self.puzzle = puzzle
        self.judge = judge  # the guard judges the moves (see `judged`; not on a focused puzzle each move)
        # As the front ends give it, so its values agree with the assistant's suggestion.
        self.strategy = strategy or played_strategy("fewest-guesses", puzzle)
        # the fewest-guesses rule its estimates follow (the strategy itself, or the one its guard wraps)
        self.rule: FewestGuesses = self.strategy.inner if isinstance(self.strategy, Guarded) else self.strategy

    @property
    def max_guesses(self) -> int:
        """Return the limit the values are estimated within."""
        return self.rule.max_guesses(self.puzzle)

    def prepare(self, candidates: Candidates, history: History, guess: int) -> None:
        pass

    def start_move(self, nodes: int) -> None:  # no exact search: nothing to budget
        pass

    nodes = 0  # (none searched)

    def secret_play(self, secret: Word, first: Word, nodes: int) -> tuple[int | None, Word | None]:
        """Return the guesses the strategy's own play needs on the secret, and its opener."""
        record = play(self.puzzle, self.strategy, FixedHost(secret))
        return len(record.turns), record.turns[0][0]

    def move(self, candidates: Candidates, history: History, guess: int):
        """Return (played value, best value, best guess, per reply (share, value)).

        With the never-lose guard (`judged`): the best is what the assistant plays (the
        strategy's guarded choice), valued by its measure where the second turn was measured
        offline (`FewestGuesses.rollouts`), else by its second look, as is the played guess
        (measured, else its second look). From a position where every secret is shown winnable,
        the guard judges the played guess (`Guard.guarantee_after`): one after which some secret is
        proven lost can lose; one after which that is not shown is marked (`Value.win_shown`),
        and a played guess shown safe (or any, where no win is shown from the position) and
        valued lower than the choice is the best. Without the guard: the second looks of the
        played guess and the strategy's best few, the lowest the best. A bucket's value is the
        strategy's cost curve at the bucket (exact for one or two words)."""
        puzzle = self.puzzle
        if self.judged:
            return self._judged_move(candidates, history, guess)
        options, values = self._second_looks(candidates, history, guess)
        best = pick_best(puzzle, options, values, candidates)
        played = float(values[options == guess][0])
        best_value = float(values[options == best][0])
        return MoveValues(Value(played, played, ESTIMATE), Value(best_value, best_value, ESTIMATE), best,
                          self.buckets(candidates, history, guess))

    @property
    def judged(self) -> bool:
        """Return whether the strategy keeps a never-lose guard over the game's own limit (not
        a board's of several), so that its choice and the guard's win guarantees are the reference."""
        strategy = self.strategy
        return bool(strategy.guarantee) and self.judge

    def _judged_move(self, candidates: Candidates, history: History, guess: int) -> MoveValues:
        puzzle, strategy = self.puzzle, self.strategy
        guard = strategy.guard
        position = one_board(puzzle, candidates, history)
        choice = int(strategy.choose(puzzle, position))  # what the assistant plays here
        measured = strategy.rollouts(puzzle, position)
        known = set() if measured is None else set(measured[0].tolist())
        opening = not history and len(candidates) == len(puzzle.answers)
        if opening:  # the whole list: a guess is judged only by the shipped proof, which covers its opener
            after = None if guard.shipped_guess(puzzle, history) is None else (SHOWN if guess == choice else UNKNOWN)
        elif guard.win_guarantee(puzzle, position) != SHOWN:
            after = None  # no win of every secret shown from here: the estimates alone compare
        elif guess == choice or guess in known:
            after = SHOWN
        else:
            after = guard.guarantee_after(puzzle, guess, candidates, history)
        # measured, else the second look (over the pool `choose` just ranked)
        played_value, best_value = (float(v) for v in strategy.values(puzzle, position, [guess, choice]))
        best = choice
        if after in (SHOWN, None) and played_value < best_value:
            best, best_value = guess, played_value
        shown = None if after is None else True
        if after == IMPOSSIBLE:
            played = Value(math.inf, math.inf, ESTIMATE)
        else:
            played = Value(played_value, played_value, ESTIMATE, win_shown=None if after is None else after == SHOWN)
        return MoveValues(played, Value(best_value, best_value, ESTIMATE, win_shown=shown), best,
                          self.buckets(candidates, history, guess))

    def _second_looks(self, candidates: Candidates, history: History, guess: int) -> tuple[np.ndarray, np.ndarray]:
        """Return (the guess and the strategy's best few; their second looks)."""
        puzzle, strategy = self.puzzle, self.rule
        guess_ids, scores = strategy.scores(puzzle, candidates, history)
        order = np.lexsort((guess_ids, scores))
        pool = guess_ids[order[: strategy.pool]]
        options = np.union1d(guess_ids[order[: strategy.width]], [guess]).astype(np.int64)
        left = strategy.left(puzzle, history)
        if puzzle.mode == "normal" and puzzle.inconsistent_window is None:
            values = second_looks(puzzle, options, candidates, pool, *cost_curve(), left, strategy.loss)
        else:
            values = np.array([strategy.second_look(puzzle, int(g), candidates, history, pool) for g in options])
        return options, values

    def buckets(self, candidates: Candidates, history: History, guess: int) -> dict:
        """Return per reply the guess can meet (share, its bucket's estimated guesses to finish)."""
        puzzle, strategy = self.puzzle, self.rule
        left = strategy.left(puzzle, history)
        total = puzzle.weights_of(candidates).sum()
        buckets = {}
        for reply, bucket in puzzle.buckets(guess, candidates):
            w = puzzle.weights_of(bucket)
            buckets[reply] = (w.sum() / total, 0.0 if reply == puzzle.game.solved_reply
                              else bucket_estimate(w, left, strategy.loss))
        return buckets


class FocusedEstimates(EstimatedValues):
    """EstimatedValues on a puzzle too large for its matrix (Puzzle.by_rows: classic Nerdle):
    each move's values from the puzzle focused on its candidates (a sample of them while even
    their own words do not fit), the played guess kept among its guesses; the replies' shares
    and buckets from the whole puzzle's rows."""

    def move(self, candidates: Candidates, history: History, guess: int):
        puzzle = self.puzzle
        focus = puzzle.focused(candidates, keep=[guess])
        played, best_value, best, _ = EstimatedValues(focus, self.strategy, judge=False).move(
            focus.all_candidates(), history, focus.index_of(puzzle.guesses[guess]))
        return MoveValues(played, best_value, puzzle.index_of(focus.guesses[best]), self.buckets(candidates, history, guess))


class LieEstimates(EstimatedValues):
    """Estimated values for a game whose host lies (Fibble): each secret's true reply is shown as
    one of its lies, evenly (`game.lie_table`); a guess's value is its guesses to finish through
    the lies (`strategies.lies.shown_guesses_to_finish`, the assistant's figure too). The played
    guess is compared with the WIDTH guesses whose shown reply tells most (the lie-entropy
    strategy's), the best of them being the best."""

    WIDTH = 8

    def move(self, candidates: Candidates, history: History, guess: int):
        from wordguess.strategies.lies import shown_entropies

        puzzle = self.puzzle
        guess_ids = puzzle.allowed(candidates, history)
        bits = shown_entropies(puzzle, guess_ids, candidates)
        order = np.lexsort((guess_ids, -bits))
        options = np.union1d(guess_ids[order[: self.WIDTH]], [guess]).astype(np.int64)
        left = self.rule.left(puzzle, history)
        values = {int(g): self._value(candidates, int(g), left) for g in options}
        best = min(values, key=lambda g: (values[g][0], g != guess, g))
        played, best_value = values[guess][0], values[best][0]
        return MoveValues(Value(played, played, ESTIMATE), Value(best_value, best_value, ESTIMATE), best, values[guess][1])

    def secret_play(self, secret: Word, first: Word, nodes: int) -> tuple[int | None, Word | None]:
        return None, None  # a lying host's games depend on its lies, not on the secret alone

    def buckets(self, candidates: Candidates, history: History, guess: int) -> dict:
        return self._value(candidates, guess, self.rule.left(self.puzzle, history))[1]

    def _value(self, candidates: Candidates, guess: int, left: int) -> tuple[float, dict]:
        """Return (the guess's value, per shown reply (chance, guesses its set still needs))."""
        from wordguess.strategies.lies import shown_guesses_to_finish

        return shown_guesses_to_finish(self.puzzle, candidates, guess, left, self.rule.loss)


def exact_supported(puzzle: Puzzle) -> bool:
    """Return whether the exact solver takes the puzzle (closed world) and it is not played by
    rows (then estimates on its candidates, until its matrix is made: Puzzle.make_matrix)."""
    return not puzzle.by_rows and exact_problem(puzzle) is None


def values_for(puzzle: Puzzle, store: ResultStore | None = None) -> Values:
    """Return the values a puzzle takes: exact where the solver takes it, else estimates (through
    the lies of a lying host; on its candidates for a puzzle played by rows)."""
    if exact_supported(puzzle):
        return ExactValues(puzzle, store)
    if puzzle.game.lies:
        return LieEstimates(puzzle)
    return FocusedEstimates(puzzle) if puzzle.by_rows else EstimatedValues(puzzle)
