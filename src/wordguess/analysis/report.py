"""What an analysis reports: a value with its kind (exact, proven bounds, estimate), a move with
its regret, skill, luck and sentence, a whole game, and the legend of what appears; pure
presentation of numbers the values (analysis.values) give."""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from wordguess.optimal.total.kernel import INF
from wordguess.vocab import Word

EXACT, BOUNDS, ESTIMATE = "exact", "bounds", "estimate"
SKILL_RATE = 4.0  # skill = 99 exp(-SKILL_RATE * regret)


@dataclasses.dataclass(frozen=True)
class Value:
    """Expected guesses to finish (the next guess included): exact, proven bounds [low, high]
    (high None: no tree within the game's limit is known), or an estimate (low == high)."""

    low: float
    high: float | None
    kind: str
    estimate: float | None = None  # bounds: the best estimate within them (the fewest-guesses
    # strategy's second look, clipped into [low, high]); None when not made
    # Where the never-lose guard judged the guess (the open world, from a position where every
    # secret can be won): whether every secret is still shown winnable after it. None: not judged.
    win_shown: bool | None = None

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
        """The same fields whatever the value (the web's ValueOut)."""
        lost = self.can_lose
        return {"low": None if lost else round(self.low, 6),
                "high": None if lost or self.high is None else round(self.high, 6), "kind": self.kind,
                "estimate": None if lost or self.estimate is None else round(self.estimate, 6),
                "can_lose": bool(lost), "win_shown": self.win_shown}

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
            return f"~{self.low:.3f}" + ("?" if self.win_shown is False else "")
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
    found: bool = False  # whether this guess was the secret

    @property
    def wasted(self) -> bool:
        """Return whether the guess told nothing new: it could not be the secret and every word
        possible before it still is (the same position, one guess later)."""
        return not self.found and self.bucket_share >= 1.0 and self.weight_after >= self.weight_before

    @property
    def regret(self) -> tuple[float, float | None]:
        """Return (low, high) bounds on played - best, in guesses (equal when both are exact or
        both estimates; high None when the played value has no upper bound). A wasted guess
        costs at least one: whatever follows it, one guess more than from the same position."""
        low, high = self._regret()
        if self.wasted:
            return max(low, 1.0), None if high is None else max(high, 1.0)
        return low, high

    def _regret(self) -> tuple[float, float | None]:
        if self.best_guess == self.guess and self.best.kind != BOUNDS:  # the best is this guess: nothing given up
            return 0.0, 0.0
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
        if self.wasted:
            return (f"It told nothing new: it could not be the {game.word_noun} and every {game.word_noun} possible "
                    f"before it still is, a guess lost ({best} was better).")
        if self.played.can_lose and self.best.can_lose:
            return f"No guess here could make sure of a win within {limit} guesses."
        if self.played.can_lose:
            return (f"It gave up a sure win: after it some {game.word_noun} can no longer be found within {limit} "
                    f"guesses, while {best} kept every one winnable.")
        about = "" if self.played.kind == EXACT and self.best.kind == EXACT else "about "
        played, best_value = self.played.point, self.best.point
        if self.played.win_shown is False and self.best.win_shown:
            return (f"No play after it could be shown to find every {game.word_noun} left within {limit} guesses, "
                    f"while {best} keeps every one winnable ({played:.2f} guesses to finish on average against "
                    f"{best_value:.2f}, estimates).")
        if high is not None and high == low:  # the regret is known (exact values, or estimates)
            if low < 0.0005:
                if self.best_guess == self.guess:
                    return f"It was the best guess: {about}{played:.2f} guesses to finish on average."
                return f"It was as good as the best, {best}: {about}{played:.2f} guesses to finish on average."
            return (f"{best} was better: {about}{best_value:.2f} guesses to finish on average against "
                    f"{played:.2f}, {small(low)} more" + (" (estimates)." if self.played.kind == ESTIMATE else "."))
        estimate = self.regret_estimate
        proven = f"proven between {low:.3f} and {'an unknown bound' if high is None else f'{high:.3f}'} more"
        if estimate is None:
            return f"Against the best guess found, {best}, it costs {proven} guesses (not settled in the time given)."
        if estimate < 0.0005:
            return (f"It looks as good as the best guess: about {played:.2f} guesses to finish on average "
                    f"({proven}).")
        if self.best_guess == self.guess:
            return (f"It was the best guess found in the time given, about {played:.2f} guesses to finish on average; "
                    f"the estimates put the best about {small(estimate)} lower ({proven}).")
        return (f"{best} looks better: about {best_value:.2f} guesses to finish on average against {played:.2f}, "
                f"about {small(estimate)} more ({proven}).")

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
    beyond: int = 0  # guesses played after the limit (the game was lost there): not analysed
    strategy: str | None = None  # the default strategy (what `solve` suggests), played on the secret
    strategy_guesses: int | None = None  # what it needed there (None: the secret is not known)

    @property
    def skill(self) -> int:
        """Return the game's skill, 0 to 99: the moves' skill of their total regret (its estimate
        when only bounds are proven; 0 when a sure win was lost)."""
        low, high = self.total_regret
        if math.isinf(low):
            return 0
        estimate = self.total_regret_estimate
        return skill_of(estimate if estimate is not None else low if high is None else (low + high) / 2)

    @property
    def luck(self) -> int:
        """Return the game's luck, 0 to 99: its moves' luck on average (50: the replies to expect)."""
        return int(round(sum(m.luck for m in self.moves) / len(self.moves)))

    def summary(self) -> dict:
        """Return the game in one line's figures (as WordleBot sums a game up)."""
        return {"skill": self.skill, "luck": self.luck, "guesses": len(self.moves), "solved": self.solved,
                "strategy": self.strategy, "strategy_guesses": self.strategy_guesses}

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
                "secret": self.secret, "solved": self.solved, "guesses": len(self.moves), "beyond_limit": self.beyond,
                "summary": self.summary(),
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
    if any(m.played.win_shown is False for m in moves):
        lines.append(f"?: after this guess no play was shown to find every word left within {limit} guesses "
                     "(nor proven impossible by this analysis), while the best guess keeps every one winnable.")
    lines.append(SKILL_EXPLAINED)
    lines.append(LUCK_EXPLAINED)
    if any(m.luck_by == "weight" for m in moves):
        lines.append(STAR_EXPLAINED)
    return lines


def small(guesses: float) -> str:
    """Return a number of guesses to two decimals, or three below a hundredth (0.004, not 0.00)."""
    return f"{guesses:.2f}" if guesses >= 0.01 else f"{guesses:.3f}"


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

