"""The chooser's game solved exactly: the chooser picks the secret at random with any
distribution p, the guesser plays a guess tree (or a mixture of trees), and the guesser pays the
number of guesses. The game is zero-sum and finite, so it has a value

    v = max over p of min over trees T of sum_s p(s) depth_T(s)
      = min over mixtures q of trees of max over secrets s of E_q[depth_T(s)].

It is computed by linear programming with column generation: a restricted LP over the trees
found so far gives the chooser's best distribution against them and its value; the best
response to that distribution (an exact search for the tree of least p-weighted total) either
beats it, and joins the LP as a new column, or proves that no tree does, which ends the search.
The result is then checked exactly in rational arithmetic: the chooser's distribution, rounded to
fractions, holds every tree to at least v (its exact best response), and the guesser's mixture
holds every secret to at most v. Needs SciPy (`pip install 'wordguess[lp]'`)."""

from __future__ import annotations

import dataclasses
import time
from fractions import Fraction

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.vocab import Progress, Word

MAX_SECRETS = 400  # the best response is an exhaustive search: beyond this it is out of reach here


def lp_solver():
    """Return scipy.optimize.linprog, or raise WordguessError naming the extra to install."""
    try:
        from scipy.optimize import linprog
    except ImportError:
        raise WordguessError("the chooser's equilibrium needs SciPy: pip install 'wordguess[lp]'") from None
    return linprog


class BestResponse:
    """The guess tree of least weighted total against weights on the secrets (exact): cost(S) is
    the least sum over the secrets s of S of w(s) x the guesses s takes from S, and

        cost({s}) = w(s);   cost(S) = w(S) + min over guesses g of sum over g's buckets b,
                            other than the solved one, of cost(b)

    (every secret of S pays the guess g; those g does not name go on in their bucket). Guesses
    that leave S in one bucket other than the solved one cannot help and are skipped. A bucket of
    two or more costs at least 2 w(b) - max w(b): each of its secrets needs a guess, and all but
    one a second; a guess whose buckets' bounds already reach the best found is not searched."""

    def __init__(self, puzzle: Puzzle, weights: np.ndarray):
        self.puzzle = puzzle
        self.weights = np.asarray(weights, dtype=np.float64)
        self.matrix = puzzle.matrix
        self.solved = puzzle.game.solved_reply
        self.memo: dict[bytes, tuple[float, int]] = {}
        self.nodes = 0

    def cost(self, candidates: np.ndarray) -> float:
        """Return cost(candidates) (a sorted array of answer indices)."""
        return self.solve(candidates)[0]

    def solve(self, candidates: np.ndarray) -> tuple[float, int]:
        """Return (cost, the best guess) of a sorted array of answer indices."""
        if len(candidates) == 1:
            return float(self.weights[candidates[0]]), int(self.puzzle.guess_of_answer[candidates[0]])
        key = candidates.tobytes()
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        w = self.weights[candidates]
        mass = float(w.sum())
        rows = self.matrix[:, candidates].astype(np.int64)  # guesses x candidates
        n_guesses, n_replies = rows.shape[0], self.puzzle.game.n_replies
        # Every guess's buckets at once: their mass, size and heaviest secret, then the bound
        # sum over buckets other than the solved one of w (one secret) or 2 w(b) - max w(b).
        flat = (rows + np.arange(n_guesses)[:, None] * n_replies).ravel()
        masses = np.bincount(flat, weights=np.tile(w, n_guesses), minlength=n_guesses * n_replies)
        sizes = np.bincount(flat, minlength=n_guesses * n_replies)
        heaviest = np.zeros(n_guesses * n_replies)
        np.maximum.at(heaviest, flat, np.tile(w, n_guesses))
        bounds = np.where(sizes == 1, masses, 2 * masses - heaviest).reshape(n_guesses, n_replies)
        bounds[:, self.solved] = 0.0
        sizes = sizes.reshape(n_guesses, n_replies)
        stuck = (sizes.max(axis=1) == len(candidates)) & (sizes[:, self.solved] == 0)  # one bucket: no progress
        bound = bounds.sum(axis=1)
        best, best_guess = np.inf, -1
        for g in np.lexsort((np.arange(n_guesses), bound)):
            if stuck[g]:
                continue
            if mass + bound[g] >= best - 1e-12:
                break
            replies = rows[g]
            buckets = [candidates[replies == r] for r in np.unique(replies) if r != self.solved]
            total = mass
            for b in buckets:
                total += self.cost(b)
                if total >= best - 1e-12:
                    break
            else:
                best, best_guess = total, g
        self.memo[key] = (best, best_guess)
        return best, best_guess

    def depths(self) -> np.ndarray:
        """Return each secret's number of guesses in the best tree from all the answers."""
        out = np.zeros(len(self.puzzle.answers), dtype=np.int64)
        stack = [(self.puzzle.all_candidates(), 1)]
        while stack:
            candidates, depth = stack.pop()
            _, g = self.solve(candidates)
            replies = self.matrix[g, candidates]
            for r in np.unique(replies):
                bucket = candidates[replies == r]
                if r == self.solved:
                    out[bucket] = depth
                else:
                    stack.append((bucket, depth + 1))
        return out


@dataclasses.dataclass
class Equilibrium:
    """The value of the chooser's game and both sides' optimal strategies."""

    low: Fraction  # the chooser's distribution holds every tree to at least this (exact)
    high: Fraction  # the guesser's mixture holds every secret to at most this (exact)
    chooser: dict[Word, Fraction]  # the chooser's distribution over secrets (those it plays)
    guesser: list[tuple[Fraction, dict[Word, int]]]  # the guesser's mixture: weight, each secret's depth
    uniform_value: Fraction  # the least mean number of guesses when the secret is uniform
    iterations: int  # best responses computed (LP rounds)
    nodes: int  # positions searched by the best responses
    seconds: float

    @property
    def exact(self) -> bool:
        """Whether the bounds meet: the value is proven."""
        return self.low == self.high

    @property
    def value(self) -> Fraction:
        """The game's value when proven, else its lower bound."""
        return self.low

    @property
    def uniform_is_optimal(self) -> bool:
        return self.exact and self.value == self.uniform_value

    def to_json(self, answers: list[Word]) -> dict:
        return {"exact": self.exact, "value": str(self.low) if self.exact else None,
                "low": str(self.low), "high": str(self.high),
                "value_float": float(self.low), "high_float": float(self.high),
                "uniform_value": str(self.uniform_value), "uniform_value_float": float(self.uniform_value),
                "uniform_chooser_optimal": self.uniform_is_optimal,
                "chooser": {w: str(p) for w, p in self.chooser.items()},
                "chooser_support": len(self.chooser), "secrets": len(answers),
                "guesser": [{"weight": str(q), "depths": depths} for q, depths in self.guesser],
                "iterations": self.iterations, "nodes": self.nodes, "seconds": round(self.seconds, 2)}


def best_response(puzzle: Puzzle, weights: np.ndarray) -> tuple[float, np.ndarray, int]:
    """Return (the least weighted total, each secret's depth in that tree, positions searched)."""
    solver = BestResponse(puzzle, weights)
    total = solver.cost(puzzle.all_candidates())
    return total, solver.depths(), solver.nodes


def exact_response(puzzle: Puzzle, weights: list[Fraction]) -> Fraction:
    """Return the least weighted total against rational weights, exactly: the float search finds
    the tree, and its depths give the exact total (a float tie could hide a better tree only by
    less than the rounding, which the caller's check then sees)."""
    _, depths, _ = best_response(puzzle, np.array([float(w) for w in weights]))
    return sum((w * int(d) for w, d in zip(weights, depths, strict=True)), Fraction(0))


def solve_equilibrium(puzzle: Puzzle, tolerance: float = 1e-9, max_iterations: int = 2000,
                      progress: Progress | None = None) -> Equilibrium:
    """Return the value of the chooser's game on the puzzle (normal mode, the closed world) with
    the chooser's and the guesser's optimal strategies, checked exactly (or, when the rounded
    strategies do not meet or `max_iterations` stopped the search, exact bounds on it)."""
    if puzzle.weighted or puzzle.mode != "normal":
        raise WordguessError("the chooser's game is solved in normal mode on the answer list (closed world)")
    n = len(puzzle.answers)
    if n > MAX_SECRETS:
        raise WordguessError(f"{n:,} secrets are too many for the exact best responses here (at most {MAX_SECRETS})")
    linprog = lp_solver()
    began = time.perf_counter()
    uniform_total, depths, nodes = best_response(puzzle, np.ones(n))
    uniform_value = Fraction(int(round(uniform_total)), n)
    columns = [depths]
    weights = np.full(n, 1.0 / n)
    iterations = 1
    while True:
        d = np.array(columns, dtype=np.float64)  # trees x secrets
        # The chooser's LP: maximise v subject to p . d_T >= v for every tree T, sum p = 1, p >= 0
        # (variables p_1..p_n, v; linprog minimises -v).
        k = len(columns)
        result = linprog(c=np.r_[np.zeros(n), -1.0],
                         A_ub=np.c_[-d, np.ones(k)], b_ub=np.zeros(k),
                         A_eq=np.r_[np.ones(n), 0.0][None, :], b_eq=[1.0],
                         bounds=[(0, None)] * n + [(None, None)], method="highs")
        if result.status != 0:
            raise WordguessError(f"the linear program failed: {result.message}")
        weights, value = np.clip(result.x[:n], 0, None), -result.fun
        weights /= weights.sum()
        total, depths, searched = best_response(puzzle, weights)
        nodes += searched
        iterations += 1
        if progress:
            progress(iterations, max_iterations)
        if total >= value - tolerance or iterations >= max_iterations:
            break
        columns.append(depths)
    guesser_q = np.clip(-result.ineqlin.marginals, 0, None)  # the duals of the tree constraints
    return certify(puzzle, weights, columns, guesser_q, uniform_value, iterations, nodes,
                   time.perf_counter() - began)


def exact_solution(rows: list[list[Fraction]], rhs: list[Fraction], particular: bool = False) -> list[Fraction] | None:
    """Return the unique solution of a consistent linear system in rational arithmetic
    (Gauss-Jordan elimination), or None when there is none or it is not unique; with
    `particular`, a system with free unknowns gives the solution where they are 0."""
    m, n = len(rows), len(rows[0])
    a = [row[:] + [b] for row, b in zip(rows, rhs, strict=True)]
    where: dict[int, int] = {}  # column -> its pivot row
    r = 0
    for c in range(n):
        pivot = next((i for i in range(r, m) if a[i][c] != 0), None)
        if pivot is None:
            if not particular:
                return None  # a free unknown: not unique
            continue
        a[r], a[pivot] = a[pivot], a[r]
        a[r] = [x / a[r][c] for x in a[r]]
        for i in range(m):
            if i != r and a[i][c] != 0:
                factor = a[i][c]
                a[i] = [x - factor * y for x, y in zip(a[i], a[r], strict=True)]
        where[c] = r
        r += 1
    if any(a[i][n] != 0 for i in range(r, m)):
        return None  # inconsistent
    return [a[where[c]][n] if c in where else Fraction(0) for c in range(n)]


def supported(weights: np.ndarray, columns: list[np.ndarray], q: np.ndarray) -> tuple[list[Fraction], list[Fraction]] | None:
    """Return both strategies exactly, from the supports of the LP's floating-point solution:
    the chooser's p on its support makes every tight tree cost the same v, and the guesser's q
    on its support makes every tight secret cost v. A tree or secret is tight when it is in the
    other side's support (complementary slackness) or the floats show it at the value; the rows
    beyond the supports pin down systems the supports alone leave open (Mastermind 2 x 6: 36
    secrets played against 35 trees). Tried in turn: the tight rows, the supports' rows, and the
    tight rows with any unknown left free set to 0; None when none gives both sides, with the same
    v and no negative weight. (certify checks whatever comes back exactly.)"""
    n = len(weights)
    d = np.array(columns, dtype=np.float64)  # trees x secrets
    ps = [s for s in range(n) if weights[s] > 1e-9]
    ts = [t for t in range(len(columns)) if q[t] > 1e-9]
    tree_cost, secret_cost = d @ weights, q @ d
    tight_trees = sorted(set(ts) | set(np.flatnonzero(tree_cost <= tree_cost.min() + 1e-7).tolist()))
    tight_secrets = sorted(set(ps) | set(np.flatnonzero(secret_cost >= secret_cost.max() - 1e-7).tolist()))

    def side(unknowns: list[int], equations: list[list[int]], entry) -> list[Fraction] | None:
        # unknowns x_u and v: for each equation e, sum_u x_u entry(e, u) - v = 0; sum_u x_u = 1
        for rows_of, particular in ((equations[0], False), (equations[1], False), (equations[0], True)):
            rows = [[Fraction(int(entry(e, u))) for u in unknowns] + [Fraction(-1)] for e in rows_of]
            rows.append([Fraction(1)] * len(unknowns) + [Fraction(0)])
            found = exact_solution(rows, [Fraction(0)] * len(rows_of) + [Fraction(1)], particular)
            if found is not None and min(found[:-1]) >= 0:
                return found
        return None

    found_p = side(ps, [tight_trees, ts], lambda t, s: columns[t][s])
    found_q = side(ts, [tight_secrets, ps], lambda s, t: columns[t][s])
    if found_p is None or found_q is None or found_p[-1] != found_q[-1]:
        return None
    p = [Fraction(0)] * n
    for s, x in zip(ps, found_p, strict=False):
        p[s] = x
    qs = [Fraction(0)] * len(columns)
    for t, x in zip(ts, found_q, strict=False):
        qs[t] = x
    return p, qs


def rounded(values: np.ndarray) -> list[Fraction]:
    found = [Fraction(float(x)).limit_denominator(10**6) if x > 0 else Fraction(0) for x in values]
    total = sum(found)
    return [x / total for x in found]


def certify(puzzle: Puzzle, weights: np.ndarray, columns: list[np.ndarray], q: np.ndarray, uniform_value: Fraction,
            iterations: int, nodes: int, seconds: float) -> Equilibrium:
    """Make both strategies exact (from the supports, else rounded to fractions) and bound the
    value: the chooser's p holds every tree to at least L (its exact best response), the
    guesser's mixture holds every secret to at most U (its worst secret), so L <= value <= U,
    the value itself when they meet."""
    n = len(puzzle.answers)
    exact = supported(weights, columns, q)
    p, qs = exact if exact is not None else (rounded(weights), rounded(q))
    lower = exact_response(puzzle, p)
    upper = max(sum((qk * int(col[s]) for qk, col in zip(qs, columns, strict=True)), Fraction(0)) for s in range(n))
    if lower > upper:  # p and q would contradict the minimax theorem: a defect, not a bound
        raise AssertionError(f"lower bound {lower} above upper bound {upper}")
    chooser = {puzzle.answers[s]: p[s] for s in range(n) if p[s] > 0}
    guesser = [(qk, {puzzle.answers[s]: int(col[s]) for s in range(n)})
               for qk, col in zip(qs, columns, strict=True) if qk > 0]
    return Equilibrium(lower, upper, chooser, guesser, uniform_value, iterations, nodes, seconds)
