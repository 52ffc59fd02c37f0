"""How well was a game played? Move-by-move analysis, exact where the solver proves it.

For each move, at the position before it (the candidates the earlier replies left):

- `played`: the expected number of guesses to finish from there when this guess is played (the
  guess itself included), and `best`: the same for the best guess, with `best_guess` itself;
- `regret = played - best`, in guesses (0 for an optimal move);
- `skill = round(99 * exp(-4 * regret))`: 99 for an optimal move; a regret of 0.1 guess gives
  66, 0.25 gives 36, half a guess 13, a whole guess 2;
- `luck`: where the reply's bucket fell among the buckets this guess could meet, weighted by
  their chance: 99 * (P(a worse bucket) + P(an equally good one) / 2), a bucket being better when
  it needs fewer guesses to finish (0 for the secret found by this guess), then when it is
  smaller. 50 is average luck.

Values carry their kind. In the closed world (the answer list known, every answer alike) of a
game the exact solver takes (normal and hard mode), they are the solver's proven optima,
labelled `exact`: the optimal expected guesses of a set S is f(S) / |S|, f its least total
within the game's limit. The solver works within a time budget (the analysis's, shared by its moves); when it ends first,
the move shows proven `bounds` [low, high] (low from the admissible least-total table, high from
a tree actually built within the limit, or unknown), never a silent estimate. The first move's
best is certified over every opener: the shipped opener certificate (optimal/certificates.py,
`wordguess openers`) gives every opener's exact value or a proven lower bound above its
threshold, so the first move's best is proven and a first guess's value is exact or bounded
below at once. Without a certificate for the puzzle, the openers are examined most promising
first, each cut off at the best found: the bounds are [the least bound of the openers not yet
examined, the best opener proven], and the proven openers stay in the solver's store, so each
analysis takes the certification further.
In the open world the values are the fewest-guesses strategy's estimates (its second look, a
lost game counting 10 guesses), labelled `estimate`; `bench/bench_analysis.py` measures their
error against exact values.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Sequence

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal import kernel
from wordguess.optimal.certificates import certificate_by_key
from wordguess.optimal.kernel import INF, child_depth, table_row
from wordguess.optimal.run import symmetric_openers
from wordguess.optimal.search import ExactSolver, Limits, SearchStopped, exact_problem
from wordguess.optimal.store import ResultStore
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies import get_strategy
from wordguess.strategies.base import pick_best
from wordguess.strategies.expected import FewestGuesses, cost_curve
from wordguess.strategies.scoring import bucket_cost, second_looks
from wordguess.vocab import Candidates, History, Word

EXACT, BOUNDS, ESTIMATE = "exact", "bounds", "estimate"
SKILL_RATE = 4.0  # skill = 99 exp(-SKILL_RATE * regret)
DEFAULT_BUDGET = 3.0  # seconds of exact search for the whole analysis
PLAYED_OPENER_SHARE = 0.5  # of the first move's time, what a played opener the certificate does not
# settle gets (its proof, then its buckets' bounds); the rest certifies the best opener
OPTIMAL_PLAY_SHARE = 0.5  # of a move's share of the time left, what optimal play on the secret gets
ESTIMATE_POOL = 100  # the second look's pool for the estimates of unsettled exact values (400 in
# play: a first move of Termo takes 0.3 s instead of 1.4 s, the estimate within a hundredth)
ESTIMATE_FIRST = 1000  # a position of this many candidates gets its estimates before its exact search
# (within the budget): its values are seldom settled in the time (Termo's and Wordle's first moves)
ANALYSIS_SLICE = 300  # the solver's nodes between deadline checks (a move's budget is kept closely)


@dataclasses.dataclass(frozen=True)
class Value:
    """Expected guesses to finish (the next guess included): exact, proven bounds [low, high]
    (high None: no tree within the game's limit is known), or an estimate (low == high)."""

    low: float
    high: float | None
    kind: str
    estimate: float | None = None  # bounds: the best estimate within them (the fewest-guesses
    # strategy's second look, clipped into [low, high]); None when not made

    @classmethod
    def of_totals(cls, low: int, high: int | None, n: int) -> Value:
        """Return the value of proven total bounds over n secrets (exact when they meet)."""
        if low >= INF:  # proven: no tree finishes every secret within the game's limit
            return cls(math.inf, math.inf, EXACT)
        if high is not None and high <= low:
            return cls(high / n, high / n, EXACT)
        return cls(low / n, None if high is None else high / n, BOUNDS)

    @property
    def can_lose(self) -> bool:
        """Return whether it is proven that no play finishes every secret within the limit."""
        return math.isinf(self.low)

    def to_json(self) -> dict:
        if self.can_lose:
            return {"low": None, "high": None, "kind": self.kind, "can_lose": True}
        return {"low": round(self.low, 6), "high": None if self.high is None else round(self.high, 6),
                "kind": self.kind, "estimate": None if self.estimate is None else round(self.estimate, 6)}

    def with_estimate(self, estimate: float) -> Value:
        """Return the value with a best estimate, clipped into its proven bounds (bounds only)."""
        if self.kind != BOUNDS:
            return self
        high = math.inf if self.high is None else self.high
        return dataclasses.replace(self, estimate=min(max(estimate, self.low), high))

    @property
    def point(self) -> float:
        """Return the single number to show: the value, the estimate of bounds, else their low end."""
        return self.estimate if self.estimate is not None else self.low

    def text(self) -> str:
        if self.can_lose:
            return "can lose"
        if self.kind == EXACT:
            return f"{self.low:.3f}"
        if self.kind == ESTIMATE:
            return f"~{self.low:.3f}"
        if self.high is None:  # no tree within the limit known: the estimate and the proven floor
            return f"≥{self.low:.3f}" if self.estimate is None else f"≈{self.estimate:.2f} (≥{self.low:.3f})"
        return f"{self.low:.3f}–{self.high:.3f}"


@dataclasses.dataclass
class Move:
    """The analysis of one move."""

    turn: int  # 1 for the first guess
    guess: Word
    reply: int  # the encoded reply
    candidates_before: int
    candidates_after: int
    weight_before: float  # the candidates' prior weight (their count in the closed world)
    weight_after: float
    played: Value  # expected guesses to finish when this guess is played (it included)
    best: Value  # the same for the best guess
    best_guess: Word  # the best guess found
    bucket_share: float  # the chance of the reply that came
    expected_share: float  # the chance of the reply to expect: the sum over replies of P(r)^2
    luck: int  # 0-99 (see the module)
    luck_by: str  # "guesses" (the buckets' values) or "weight" (their size, when some value is unproven)
    seconds: float  # time spent on this move

    @property
    def regret(self) -> tuple[float, float | None]:
        """Return (low, high) bounds on played - best, in guesses (equal when both are exact or
        both estimates; high None when the played value has no upper bound)."""
        if self.played.kind != BOUNDS and self.best.kind != BOUNDS:
            if self.played.can_lose:  # inf - inf: no play is safe, so this one loses nothing
                r = 0.0 if self.best.can_lose else math.inf
            else:
                r = max(0.0, self.played.low - self.best.low)
            return r, r
        low = 0.0 if self.best.high is None or self.best.can_lose else max(0.0, self.played.low - self.best.high)
        high = None if self.played.high is None or self.played.can_lose else max(0.0, self.played.high - self.best.low)
        return low, high

    @property
    def skill(self) -> int | None:
        """Return 99 exp(-4 regret) when the regret is known, else None."""
        low, high = self.regret
        if high is None or high > low:
            return None
        return skill_of(low)

    @property
    def regret_estimate(self) -> float | None:
        """Return the best estimate of a regret known only by its bounds: the difference of the
        values' single numbers (`Value.point`), clipped into the bounds; None when the regret is
        known or a value can lose."""
        low, high = self.regret
        if (high is not None and high == low) or self.played.can_lose or self.best.can_lose:
            return None
        if self.played.estimate is None and self.best.estimate is None:
            return None
        r = max(0.0, self.played.point - self.best.point)
        return min(max(r, low), math.inf if high is None else high)

    @property
    def skill_estimate(self) -> int | None:
        """Return the skill of the estimated regret (None when the regret is known or unestimated)."""
        r = self.regret_estimate
        return None if r is None else skill_of(r)

    def regret_text(self) -> str:
        """Return the regret as shown: exact, the estimate with its proven bounds, or the bounds."""
        return regret_text(*self.regret, self.regret_estimate)

    def skill_text(self) -> str:
        """Return the skill as shown: proven, ~estimated, or - when neither is known."""
        if self.skill is not None:
            return str(self.skill)
        return "-" if self.skill_estimate is None else f"~{self.skill_estimate}"

    def sentence(self, game, limit: int | None = None) -> str:
        """Return the move in plain words: what it left, how it compares with the best, the luck
        (`limit`: the guesses allowed, when not the game's own)."""
        shown, best = game.display(self.guess), game.display(self.best_guess)
        noun = game.word_noun + "s"
        solved = game.is_solved(self.reply)
        if solved:
            what = f"{shown} found the {game.word_noun}" + (f" among {self.candidates_before:,} possible {noun}."
                                                             if self.candidates_before > 1 else ".")
        else:
            what = (f"{shown} left {self.candidates_after:,} of {self.candidates_before:,} possible "
                    f"{noun if self.candidates_before > 1 else game.word_noun}.")
        return f"{what} {self._comparison(shown, best, game, limit or game.max_guesses)} {self._luck_words(solved)}".strip()

    def _comparison(self, shown: str, best: str, game, limit: int) -> str:
        low, high = self.regret
        if self.played.can_lose and self.best.can_lose:
            return f"No guess here could make sure of a win within {limit} guesses."
        if self.played.can_lose:
            return (f"It gave up a sure win: after it some {game.word_noun} can no longer be found within {limit} "
                    f"guesses, while {best} kept every one winnable.")
        about = "" if self.played.kind == EXACT and self.best.kind == EXACT else "about "
        played, best_value = self.played.point, self.best.point
        if high is not None and high == low:  # the regret is known (exact values, or estimates)
            if low < 0.0005:
                if self.best_guess == self.guess:
                    return f"It was the best guess: {about}{played:.2f} guesses to finish on average."
                return f"It was as good as the best, {best}: {about}{played:.2f} guesses to finish on average."
            return (f"{best} was better: {about}{best_value:.2f} guesses to finish on average against "
                    f"{played:.2f}, {low:.2f} more" + (" (estimates)." if self.played.kind == ESTIMATE else "."))
        estimate = self.regret_estimate
        proven = f"proven between {low:.3f} and {'an unknown bound' if high is None else f'{high:.3f}'} more"
        if estimate is None:
            return f"Against the best guess found, {best}, it costs {proven} guesses (not settled in the time given)."
        if estimate < 0.0005:
            return (f"It looks as good as the best guess: about {played:.2f} guesses to finish on average "
                    f"({proven}).")
        if self.best_guess == self.guess:
            return (f"It was the best guess found in the time given, about {played:.2f} guesses to finish on average; "
                    f"the estimates put the best about {estimate:.2f} lower ({proven}).")
        return (f"{best} looks better: about {best_value:.2f} guesses to finish on average against {played:.2f}, "
                f"about {estimate:.2f} more ({proven}).")

    def _luck_words(self, solved: bool) -> str:
        if solved and self.candidates_before == 1:
            return ""
        chance = f"a {self.bucket_share:.0%} chance" if self.bucket_share >= 0.01 else "less than a 1% chance"
        how = "by the size of what it left" if self.luck_by == "weight" else "by the guesses it leaves"
        return f"Luck {self.luck} of 99 ({luck_words(self.luck)}, {how}): the reply that came had {chance}."

    def to_json(self, game, limit: int | None = None) -> dict:
        low, high = self.regret
        return {"turn": self.turn, "guess": self.guess, "reply": game.format_reply(self.reply),
                "candidates_before": self.candidates_before, "candidates_after": self.candidates_after,
                "weight_before": round(self.weight_before, 6), "weight_after": round(self.weight_after, 6),
                "played": self.played.to_json(), "best": self.best.to_json(), "best_guess": self.best_guess,
                "regret": {"low": _num(low), "high": _num(high)},
                "regret_estimate": _num(self.regret_estimate), "regret_text": self.regret_text(), "skill": self.skill,
                "skill_estimate": self.skill_estimate, "skill_text": self.skill_text(), "luck": self.luck, "luck_words": luck_words(self.luck),
                "sentence": self.sentence(game, limit), "luck_by": self.luck_by, "bucket_share": round(self.bucket_share, 6),
                "expected_share": round(self.expected_share, 6), "seconds": round(self.seconds, 3)}


@dataclasses.dataclass
class GameAnalysis:
    """The analysis of a whole game."""

    game: str
    mode: str
    world: str
    kind: str  # exact (the exact solver, closed world) or estimate
    moves: list[Move]
    secret: Word | None  # known when the game was solved or the secret given
    solved: bool
    optimal_guesses: int | None  # what the optimal (or, estimated, the strategy's) play needed on the secret
    optimal_opener: Word | None  # the opener of that play
    seconds: float
    max_guesses: int | None = None  # the guesses allowed, when not the game's own (a board of several)

    @property
    def total_regret(self) -> tuple[float, float | None]:
        """Return (low, high) bounds on the sum of the moves' regrets."""
        low = sum(m.regret[0] for m in self.moves)
        highs = [m.regret[1] for m in self.moves]
        return low, (None if any(h is None for h in highs) else sum(highs))

    @property
    def total_regret_estimate(self) -> float | None:
        """Return the best estimate of the total regret (the known regrets and the estimated
        ones), None when every regret is known or one is neither known nor estimated."""
        parts = [(m.regret, m.regret_estimate) for m in self.moves]
        if all(high is not None and high == low for (low, high), _ in parts):
            return None
        total = 0.0
        for (low, high), estimate in parts:
            if high is not None and high == low:
                total += low
            elif estimate is None:
                return None
            else:
                total += estimate
        return total

    def total_regret_text(self) -> str:
        return regret_text(*self.total_regret, self.total_regret_estimate)

    def to_json(self, game) -> dict:
        low, high = self.total_regret
        return {"game": self.game, "mode": self.mode, "world": self.world, "kind": self.kind,
                "secret": self.secret, "solved": self.solved, "guesses": len(self.moves),
                "total_regret": {"low": _num(low), "high": _num(high), "estimate": _num(self.total_regret_estimate)}, "total_regret_text": self.total_regret_text(),
                "optimal_guesses": self.optimal_guesses, "optimal_opener": self.optimal_opener,
                "seconds": round(self.seconds, 3), "moves": [m.to_json(game, self.max_guesses) for m in self.moves]}


def legend(analysis: GameAnalysis, game) -> list[str]:
    """Return what the analysis's columns and signs mean, a sentence each (those that appear)."""
    moves, limit = analysis.moves, analysis.max_guesses or game.max_guesses
    kinds = {m.played.kind for m in moves} | {m.best.kind for m in moves}
    lines = []
    if EXACT in kinds:
        lines.append("Played and best: expected guesses to finish, the guess itself included; plain numbers are "
                     "proven optimal.")
    if BOUNDS in kinds:
        lines.append("low–high: proven bounds, the position not solved in the time given (for a first move, not every "
                     "opener examined: `wordguess optimal --all-openers`); ≥: no tree within the limit known yet; "
                     "≈: the fewest-guesses strategy's estimate, kept within the bounds.")
    if ESTIMATE in kinds:
        lines.append("~: the fewest-guesses strategy's estimate of the expected guesses to finish"
                     + (", by the prior (the open world)." if analysis.world == "open" else "."))
    if game.lies:
        lines.append(f"{game.name.capitalize()}'s host lies: a reply's chance counts every lie that could show it, and "
                     "the words it leaves are those whose true reply it can stand for; what they still need is the "
                     "honest game's estimate (the lies to come cost every guess more, alike).")
    if any(m.played.can_lose or m.best.can_lose for m in moves):
        lines.append(f"can lose: proven that no play finishes every word left within {limit} guesses.")
    lines.append(SKILL_EXPLAINED)
    lines.append(LUCK_EXPLAINED)
    if any(m.luck_by == "weight" for m in moves):
        lines.append(STAR_EXPLAINED)
    return lines


def regret_text(low: float, high: float | None, estimate: float | None = None) -> str:
    """Return a regret (or a sum of them) as shown: exact, ≈estimate (proven bounds), or the bounds."""
    if math.isinf(low):
        return "a sure win lost"
    if high is not None and high == low:
        return f"{low:.3f}"
    bounds = f"≥{low:.3f}" if high is None else f"{low:.3f}–{high:.3f}"
    return bounds if estimate is None else f"≈{estimate:.2f} ({bounds})"


def skill_of(regret: float) -> int:
    """Return the skill of a move that cost `regret` guesses: 99 exp(-4 regret)."""
    return int(round(99 * math.exp(-SKILL_RATE * regret)))


SKILL_EXAMPLES = (f"{skill_of(0.1)} for a tenth of a guess lost, {skill_of(0.25)} for a quarter, "
                  f"{skill_of(0.5)} for half a guess")
SKILL_EXPLAINED = f"Skill: 99 for the best guess, {SKILL_EXAMPLES} (~: from the estimated regret)."
LUCK_EXPLAINED = ("Luck: 0 to 99, 50 for the reply to expect: the share of the replies this guess could meet that "
                  "would have been worse, by the guesses they leave to finish.")
STAR_EXPLAINED = ("*: luck judged by the size of what the reply left, as the guesses to finish of some replies are "
                  "not proven within the time given.")

LUCK_WORDS = ((85, "very lucky"), (60, "lucky"), (40, "average"), (15, "unlucky"), (0, "very unlucky"))


def luck_words(luck: int) -> str:
    """Return a luck score (0-99, 50 average) in words."""
    return next(words for floor, words in LUCK_WORDS if luck >= floor)


def _num(x: float | None) -> float | None:
    """Return x rounded for JSON; None for None and for infinity (a regret where a sure win was lost)."""
    return None if x is None or math.isinf(x) else round(x, 6)


def luck_score(shares: np.ndarray, values: np.ndarray, actual: int) -> int:
    """Return 99 (P(a worse bucket) + P(an equal one) / 2): a bucket is better when its value
    (guesses to finish) is lower, then when its share is smaller; `actual` is the one that came."""
    v, s = values[actual], shares[actual]
    worse = (values > v) | ((values == v) & (shares > s))
    equal = (values == v) & (shares == s)
    return int(round(99 * (shares[worse].sum() + shares[equal].sum() / 2) / shares.sum()))


def game_turns(game, puzzle: Puzzle, turns: list[tuple[str, str]] | None = None, guesses: Sequence[str] = (),
               secret: str | None = None, share_rows: list[int] | None = None) -> History:
    """Return a played game's turns (as the puzzle spells its words) from one of: the turns
    (guess, reply as written), the guesses with the secret, or the guesses with the replies of a
    share text (`engine.candidates.share_replies`). The CLI and the web both build them here."""
    if turns:
        return [(puzzle.guesses[puzzle.index_of(g)], game.parse_reply(r)) for g, r in turns]
    words = [puzzle.guesses[puzzle.index_of(w)] for w in guesses]
    if secret is not None:
        return turns_from_secret(game, words, puzzle.guesses[puzzle.index_of(secret)])
    rows = share_rows or []
    if len(rows) != len(words):
        raise WordguessError(f"the share text has {len(rows)} rows of replies but {len(words)} guesses were given")
    return list(zip(words, rows, strict=True))


def turns_from_secret(game, guesses: list[Word], secret: Word) -> History:
    """Return the turns of the guesses played on the secret (the replies worked out); refuse a
    secret found before the last guess, and a game whose host lies (its shown replies are not
    known from the secret)."""
    if game.lies:
        raise WordguessError(f"{game.name}'s host lies, so the replies shown are not known from the secret: give "
                             "the replies as shown (the turns or the share text)")
    replies = [game.feedback(g, secret) for g in guesses]
    if game.solved_reply in replies[:-1]:
        raise WordguessError(f"the secret {game.display(secret)} was found at guess "
                             f"{replies.index(game.solved_reply) + 1}: give the guesses up to it")
    return list(zip(guesses, replies, strict=True))


def replay(puzzle: Puzzle, history: History) -> list[Candidates]:
    """Return the candidates before each turn and after the last; raise WordguessError naming
    the first turn the mode forbids or whose reply leaves no possible secret."""
    states = [puzzle.all_candidates()]
    game = puzzle.game
    for turn, (guess, reply) in enumerate(history, 1):
        problem = puzzle.mode_problem(history[: turn - 1], guess)
        if problem:
            raise WordguessError(f"turn {turn}: {game.display(guess)} is not allowed in {puzzle.mode} mode: {problem}")
        narrowed = puzzle.narrow(states[-1], puzzle.index_of(guess), reply)
        if len(narrowed) == 0:
            which = "no allowed word" if puzzle.weighted else "no word of the answer list"
            raise WordguessError(f"turn {turn}: reply {game.format_reply(reply)} to {game.display(guess)} "
                                 f"leaves no possible secret: {which} fits the replies so far")
        states.append(narrowed)
    return states


class ExactValues:
    """Proven values of the positions of a closed-world puzzle (the exact solver, a deadline per
    move; what it proves is kept in its memo and, given one, its store)."""

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

    def estimates(self, candidates: Candidates, history: History, guess: int) -> tuple[float, float]:
        """Return the fewest-guesses estimates (played, best) of a position whose values may not be
        settled (its second look over a pool of ESTIMATE_POOL)."""
        if self._estimates is None:
            self._estimates = EstimatedValues(self.puzzle, FewestGuesses(pool=ESTIMATE_POOL, guarantee=False,
                                                                         limit=self.max_guesses))
        played, best, _, _ = self._estimates.move(candidates, history, guess)
        return played.low, best.low

    def start_move(self, seconds: float) -> None:
        """Give the next move its time."""
        self.solver.deadline = (time.time() + seconds, seconds)

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
            if self.solver.deadline is not None and time.time() > self.solver.deadline[0]:
                raise SearchStopped("the move's budget is spent")
            value = self.solver.solve(np.sort(candidates.astype(np.int32)), state, INF, depth)
        except SearchStopped:
            return self._least(depth, n), self.heuristic_total(candidates, depth)
        return (value, value) if value < INF else (INF, None)

    def played(self, candidates: Candidates, history: History, guess: int):
        """Return (low, high) totals when `guess` is played, and per reply (share, low, high).
        A first move's played opener gets PLAYED_OPENER_SHARE of the move's time: one the
        certificate does not settle (a list without one: Termo's) would spend it all on its proof
        and buckets, leaving none to the best opener."""
        if history or len(candidates) != len(self.puzzle.answers):
            return self._played(candidates, history, guess)
        saved = self.solver.deadline
        if saved is not None:
            left = max(0.0, saved[0] - time.time()) * PLAYED_OPENER_SHARE
            self.solver.deadline = (time.time() + left, left)
        try:
            return self._played(candidates, history, guess)
        finally:
            self.solver.deadline = saved

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
            if known is not None and known[0] < INF:  # exact; the buckets' values are not kept
                return (known[0], known[0]), {reply: (len(bucket) / n, None, None)
                                              for reply, bucket in puzzle.buckets(guess, candidates)}
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
        return low, high, self.fallback.choose(puzzle, candidates, history)

    def opener_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Return (the openers to examine: one per symmetry class, their admissible bounds; INF
        for one that learns nothing)."""
        if self._opener_bounds is None:
            ids = np.array([self.puzzle.index_of(w) for w in symmetric_openers(self.puzzle)], dtype=np.int64)
            self._opener_bounds = ids, np.array([self.solver.root_bound(int(g)) for g in ids], dtype=np.int64)
        return self._opener_bounds

    def known_openers(self) -> dict[str, tuple[int, bool]]:
        """Return what is proven about openers (opener -> (value, exact); a value not exact is a
        lower bound): the shipped certificate's entries (optimal/certificates.py), and the
        solver's store's, the stronger of the two where both have one (exact beats a bound, a
        higher bound a lower one)."""
        certificate = certificate_by_key(self.solver.key)
        known = {e.opener: (e.value, e.exact) for e in certificate.ranked()} if certificate is not None else {}
        stored = self.solver.store.openers(self.solver.key) if self.solver.store is not None else {}
        for word, (value, exact) in stored.items():
            old = known.get(word)
            if old is None or (not old[1] and (exact or value > old[0])):
                known[word] = (value, exact)
        return known

    def best_opener(self) -> tuple[int, int | None, int]:
        """Return (low, high, guess) for the first move. Openers are taken in the order of their
        admissible bounds, each cut off at the best total proven so far (the shipped certificate and
        the store hold earlier proofs); the search stops at the move's deadline, and the best is
        then bounded below by the least bound of the openers not yet examined (`optimal
        --all-openers` examines them all)."""
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
            guess = self.fallback.choose(puzzle, puzzle.all_candidates(), [])
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

    def __init__(self, puzzle: Puzzle, strategy: FewestGuesses | None = None):
        self.puzzle = puzzle
        self.strategy = strategy or FewestGuesses()

    @property
    def max_guesses(self) -> int:
        """Return the limit the values are estimated within."""
        return self.strategy.max_guesses(self.puzzle)

    def start_move(self, seconds: float) -> None:
        pass

    def move(self, candidates: Candidates, history: History, guess: int):
        """Return (played value, best value, best guess, per reply (share, value)): the second
        look of the played guess and of the strategy's best few; a bucket's value is the
        strategy's cost curve at the bucket (exact for one or two words)."""
        puzzle, strategy = self.puzzle, self.strategy
        guess_ids, scores = strategy.scores(puzzle, candidates, history)
        order = np.lexsort((guess_ids, scores))
        pool = guess_ids[order[: strategy.pool]]
        options = np.union1d(guess_ids[order[: strategy.width]], [guess]).astype(np.int64)
        left = strategy.left(puzzle, history)
        if puzzle.mode == "normal" and puzzle.inconsistent_window is None:
            values = second_looks(puzzle, options, candidates, pool, *cost_curve(), left, strategy.loss)
        else:
            values = np.array([strategy.second_look(puzzle, int(g), candidates, history, pool) for g in options])
        best = pick_best(puzzle, options, values, candidates)
        played = float(values[options == guess][0])
        best_value = float(values[options == best][0])
        return (Value(played, played, ESTIMATE), Value(best_value, best_value, ESTIMATE), best,
                self.buckets(candidates, history, guess))

    def buckets(self, candidates: Candidates, history: History, guess: int) -> dict:
        """Return per reply the guess can meet (share, its bucket's estimated guesses to finish)."""
        puzzle, strategy = self.puzzle, self.strategy
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
        played, best_value, best, _ = EstimatedValues(focus, self.strategy).move(
            focus.all_candidates(), history, focus.index_of(puzzle.guesses[guess]))
        return played, best_value, puzzle.index_of(focus.guesses[best]), self.buckets(candidates, history, guess)


class LieEstimates(EstimatedValues):
    """Estimated values for a game whose host lies (Fibble): each secret's true reply is shown as
    one of its lies, evenly (`game.lie_table`), so a shown reply has the chance of the lies that
    show it and leaves the candidates whose true reply it can stand for (`game.truths`: these
    sets overlap). A guess's value is 1 + the sum over shown replies of their chance times the
    guesses the set they leave still needs, by the fewest-guesses rule of an honest game
    (`bucket_estimate`, with the guesses left; the lies to come make the real figure higher, for
    every guess alike). The played guess is compared with the WIDTH guesses whose shown reply tells
    most (the lie-entropy strategy's), the best of them being the best."""

    WIDTH = 8

    def move(self, candidates: Candidates, history: History, guess: int):
        from wordguess.strategies.lies import shown_entropies

        puzzle = self.puzzle
        guess_ids = puzzle.allowed(candidates, history)
        bits = shown_entropies(puzzle, guess_ids, candidates)
        order = np.lexsort((guess_ids, -bits))
        options = np.union1d(guess_ids[order[: self.WIDTH]], [guess]).astype(np.int64)
        left = self.strategy.left(puzzle, history)
        values = {int(g): self._value(candidates, int(g), left) for g in options}
        best = min(values, key=lambda g: (values[g][0], g != guess, g))
        played, best_value = values[guess][0], values[best][0]
        return (Value(played, played, ESTIMATE), Value(best_value, best_value, ESTIMATE), best, values[guess][1])

    def buckets(self, candidates: Candidates, history: History, guess: int) -> dict:
        return self._value(candidates, guess, self.strategy.left(self.puzzle, history))[1]

    def _value(self, candidates: Candidates, guess: int, left: int) -> tuple[float, dict]:
        """Return (the guess's value, per shown reply (chance, guesses its set still needs))."""
        puzzle, game = self.puzzle, self.puzzle.game
        true = puzzle.row(guess)[candidates]
        weights = puzzle.weights_of(candidates)
        mass = np.bincount(true, weights=weights, minlength=game.n_replies)
        shown = np.zeros(game.n_replies)
        for reply in np.flatnonzero(mass):
            lies = game.lie_table[reply]
            shown[lies[lies >= 0]] += mass[reply] * game.lie_weights[reply]
        shown /= shown.sum()
        buckets, value = {}, 1.0
        for reply in np.flatnonzero(shown):
            reply = int(reply)
            if reply == game.solved_reply:
                cost = 0.0
            else:
                kept = np.isin(true, game.truths(reply))
                cost = bucket_estimate(weights[kept], left, self.strategy.loss)
            buckets[reply] = (float(shown[reply]), cost)
            value += shown[reply] * cost
        return float(value), buckets


def bucket_estimate(weights: np.ndarray, left: int, loss: float) -> float:
    """Return the guesses a bucket of candidates with these weights still needs, by the
    fewest-guesses strategy's own rule (scoring.bucket_cost), `left` guesses being allowed
    after the one that met it."""
    m = float(weights.sum())
    p = weights / m
    bits = float(-(p * np.log2(p)).sum())
    return float(bucket_cost(len(weights), m, float(weights.max()), bits, int(left), float(loss), *cost_curve()))


def exact_supported(puzzle: Puzzle) -> bool:
    """Return whether the exact solver takes this puzzle (closed world, normal or hard mode)."""
    return exact_problem(puzzle) is None


def analyze(puzzle: Puzzle, history: History, secret: Word | None = None, budget: float = DEFAULT_BUDGET,
            store: ResultStore | None = None, values: ExactValues | EstimatedValues | None = None) -> GameAnalysis:
    """Return the analysis of a played game (its turns as (guess, encoded reply)); see the
    module for what each move reports. `values` may be reused between games of one puzzle.

    `budget` is the exact search's seconds for the whole analysis. The moves are taken last
    first: a late move's few candidates are proven in milliseconds, and what it leaves of its
    share goes to the early moves, where the sets are large; each move gets an even share of
    the time left (optimal play on the secret half a share, last)."""
    started = time.perf_counter()
    end = time.time() + budget
    if not history:
        raise WordguessError("there is no move to analyse: give at least one guess")
    if budget <= 0:
        raise WordguessError(f"the budget must be a positive number of seconds, not {budget}")
    game = puzzle.game
    states = replay(puzzle, history)
    if values is None:
        values = (ExactValues(puzzle, store) if exact_supported(puzzle) else LieEstimates(puzzle)
                  if game.lies else FocusedEstimates(puzzle) if puzzle.by_rows else EstimatedValues(puzzle))
    solved = game.is_solved(history[-1][1])
    if solved:
        secret = history[-1][0]
    elif secret is not None:
        secret = puzzle.guesses[puzzle.index_of(secret)]
    moves = {}
    reserve = OPTIMAL_PLAY_SHARE if secret is not None else 0.0
    for turn in range(len(history), 0, -1):
        word, reply = history[turn - 1]
        move_started = time.perf_counter()
        candidates, before = states[turn - 1], history[: turn - 1]
        guess = puzzle.index_of(word)
        n = len(candidates)
        # a large set's estimates first, out of the budget: its values are seldom settled
        estimated = (values.estimates(candidates, before, guess)
                     if isinstance(values, ExactValues) and n >= ESTIMATE_FIRST else None)
        values.start_move(max(0.0, end - time.time()) / (turn + reserve))
        if isinstance(values, ExactValues):
            (p_low, p_high), buckets = values.played(candidates, before, guess)
            b_low, b_high, best = values.best(candidates, before)
            if p_high is not None and (b_high is None or p_high < b_high):
                b_high, best = p_high, guess  # the played guess is a tree too
            b_low = min(b_low, p_low)
            played, best_value = Value.of_totals(p_low, p_high, n), Value.of_totals(b_low, b_high, n)
            if BOUNDS in (played.kind, best_value.kind):  # unsettled: the best estimate within the bounds
                e_played, e_best = estimated or values.estimates(candidates, before, guess)
                played = played.with_estimate(e_played)
                best_value = best_value.with_estimate(min(e_best, played.point))
            known = all(lo is not None and lo == hi for _, lo, hi in buckets.values())
            shares = np.array([s for s, _, _ in buckets.values()])
            # the buckets' guesses to finish when all are proven; else only their weight counts
            bucket_values = np.array([lo / (s * n) if known and lo else 0.0 for s, lo, _ in buckets.values()])
        else:
            played, best_value, best, estimates = values.move(candidates, before, guess)
            known = True
            shares = np.array([s for s, _ in estimates.values()])
            bucket_values = np.array([v for _, v in estimates.values()])
            buckets = estimates
        replies = list(buckets)
        luck = luck_score(shares, bucket_values, replies.index(reply))
        w_before, w_after = puzzle.weights_of(candidates).sum(), puzzle.weights_of(states[turn]).sum()
        moves[turn] = Move(turn, word, reply, n, len(states[turn]), float(w_before), float(w_after), played,
                           best_value, puzzle.guesses[best], float(shares[replies.index(reply)]),
                           float((shares**2).sum()), luck, "guesses" if known else "weight",
                           time.perf_counter() - move_started)
    moves = [moves[turn] for turn in sorted(moves)]
    optimal_guesses = optimal_opener = None
    if secret is not None:
        if isinstance(values, ExactValues):
            opener = puzzle.index_of(moves[0].best_guess)
            values.start_move(max(0.0, end - time.time()))
            optimal_guesses, optimal_opener = values.optimal_play(secret, opener), moves[0].best_guess
        elif not game.lies:  # a lying host's games depend on its lies, not on the secret alone
            record = play(puzzle, values.strategy, FixedHost(secret))
            optimal_guesses, optimal_opener = len(record.turns), record.turns[0][0]
    world = puzzle.world
    limit = None if values.max_guesses == game.max_guesses else values.max_guesses
    return GameAnalysis(game.name, puzzle.mode, world, values.kind, moves, secret, solved, optimal_guesses,
                        optimal_opener, time.perf_counter() - started, limit)
