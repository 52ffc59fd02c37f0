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
holds every secret to at most v. The best responses are the exact weighted search of
optimal/weighted.py; the LP is HiGHS's (`pip install 'wordguess[lp]'`)."""

from __future__ import annotations

import ctypes
import dataclasses
import json
import math
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from wordguess.engine.patterns import matrix_key
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.weighted import WeightedSearch, secret_classes, tree_depths
from wordguess.trees.build import check_tree
from wordguess.trees.tree import Tree, from_json_node, to_json_node
from wordguess.vocab import Progress, Word

MAX_SECRETS = 400  # beyond this the best responses (exact searches) are out of reach here...
MAX_CODES = 3125  # ... but for a symmetric game's codes, where they search one opener per class (4 x 7, 5 x 5: hours)
SCALE = 1 << 44  # the LP's float distribution, scaled to the best response's whole-number weights


def silently(make):
    """Return make() with the process's standard output sent nowhere meanwhile: HiGHS prints its
    banner from C as an instance is made, before any option can silence it, and on stdout, where
    `--json` writes its document."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output to guard
        return make()
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            made = make()
            ctypes.CDLL(None).fflush(None)  # what C buffered goes to /dev/null too
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    return made


class ChooserLP:
    """The chooser's linear program over the trees found so far: maximise v subject to
    p . d_T >= v for every tree T, sum p = 1, p >= 0 (HiGHS). A tree joins as a new row and the
    solver goes on from its last basis, a few pivots instead of a new solve each round."""

    def __init__(self, k: int):
        try:
            import highspy
        except ImportError:
            raise WordguessError("the chooser's equilibrium needs HiGHS: pip install 'wordguess[lp]'") from None
        self.k, self.inf = k, highspy.kHighsInf
        self.highs = silently(highspy.Highs)
        self.highs.setOptionValue("output_flag", False)
        for _ in range(k):
            self.highs.addVar(0.0, self.inf)
        self.highs.addVar(-self.inf, self.inf)  # v
        self.highs.changeColCost(k, 1.0)
        self.highs.changeObjectiveSense(highspy.ObjSense.kMaximize)
        self.highs.addRow(1.0, 1.0, k, np.arange(k, dtype=np.int32), np.ones(k))
        self.optimal = highspy.HighsModelStatus.kOptimal

    def add(self, row: np.ndarray) -> None:
        """A tree's entries (its mean guesses on each class): p . row - v >= 0."""
        self.highs.addRow(0.0, self.inf, self.k + 1, np.arange(self.k + 1, dtype=np.int32), np.r_[row, -1.0])

    def solve(self) -> tuple[np.ndarray, float, np.ndarray]:
        """Return (the chooser's distribution, the value, the guesser's weights on the trees:
        the duals of their rows)."""
        self.highs.run()
        if self.highs.getModelStatus() != self.optimal:
            raise WordguessError(f"the linear program failed: {self.highs.modelStatusToString(self.highs.getModelStatus())}")
        solution = self.highs.getSolution()
        weights = np.clip(np.array(solution.col_value[: self.k]), 0, None)
        q = np.clip(-np.array(solution.row_dual[1:]), 0, None)
        return weights / weights.sum(), float(solution.col_value[self.k]), q


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
    symmetrised: bool = False  # the guesser plays each tree under a random map of the game's symmetries
    # the classes of secrets under those maps: (the first secret of each, its size, the chooser's chance of it)
    classes: list[tuple[Word, int, Fraction]] = dataclasses.field(default_factory=list)

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
                "guesser_symmetrised": self.symmetrised,
                "classes": [{"secret": w, "size": size, "chance": str(p)} for w, size, p in self.classes],
                "iterations": self.iterations, "nodes": self.nodes, "seconds": round(self.seconds, 2)}


def best_response(puzzle: Puzzle, classes: np.ndarray, weights: np.ndarray,
                  beta: int | None = None) -> tuple[int, Tree | None, int]:
    """Return (the least total against whole-number weights on the secrets, a tree that reaches
    it, positions searched); the weights are constant on the classes when there are fewer
    classes than secrets (then the search uses the game's symmetries). With `beta`, only a total
    below it is sought (the search cuts off the rest): when there is none, (a bound >= beta, None, nodes)."""
    solver = WeightedSearch(puzzle, weights, symmetric=classes.max() + 1 < len(classes))
    total = solver.total(WeightedSearch.UNBOUNDED if beta is None else beta)
    return total, None if beta is not None and total >= beta else solver.tree(), solver.nodes


class SavedTrees:
    """The best responses found so far, one tree a line of a JSON-lines file after a line naming
    the puzzle, so that a stopped run resumes with them. Every tree read is checked against the
    puzzle (each secret one leaf, each reply on its path by the rules); a last line cut short by
    a kill is dropped. The first tree, the uniform distribution's best response, is marked as
    such: a resumed run takes the uniform optimum from it instead of searching it again (the
    longest search of a large game's run)."""

    def __init__(self, path: str | Path, puzzle: Puzzle):
        self.path, self.puzzle = Path(path), puzzle
        self.header = {"game": puzzle.game.name, "options": puzzle.game.options,
                       "lists": matrix_key(puzzle.game, puzzle.guesses, puzzle.answers)}
        self.uniform_first = False  # whether load() found the uniform best response first

    def load(self) -> list[Tree]:
        if not self.path.exists():
            return []
        try:
            data = self.path.read_bytes()
            if data.startswith(b"\x1f\x8b"):
                raise WordguessError(f"{self.path} is compressed (gzip): give its text, as `gunzip -k` writes it")
            whole = data.rfind(b"\n") + 1
            if whole == 0:
                return []
            lines = data[:whole].decode("utf-8").split("\n")
            if json.loads(lines[0]) != json.loads(json.dumps(self.header)):
                raise WordguessError(f"{self.path} holds the trees of another game or other lists")
            if whole < len(data):  # a line cut short by a kill: cut off, so the next tree starts a line
                with self.path.open("r+b") as out:
                    out.truncate(whole)
            docs = [json.loads(line) for line in lines[1:-1]]  # (the last piece is empty)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, IndexError) as exc:
            raise WordguessError(f"cannot read {self.path}: {exc}") from None
        trees = []
        for doc in docs:
            tree = from_json_node(doc.get("tree") if isinstance(doc, dict) else None, self.puzzle.game)
            check_tree(tree, self.puzzle)
            trees.append(tree)
        self.uniform_first = bool(docs) and docs[0].get("uniform") is True
        return trees

    def add(self, tree: Tree, uniform: bool = False) -> None:
        try:
            fresh = not self.path.exists() or self.path.stat().st_size == 0
            with self.path.open("a", encoding="utf-8") as out:
                if fresh:
                    out.write(json.dumps(self.header) + "\n")
                doc = {"tree": to_json_node(tree, self.puzzle.game)}
                if uniform:
                    doc["uniform"] = True
                out.write(json.dumps(doc) + "\n")
        except OSError as exc:
            raise WordguessError(f"cannot write {self.path}: {exc.strerror or exc}") from None


def exact_response(puzzle: Puzzle, classes: np.ndarray, p: list[Fraction]) -> Fraction:
    """Return the least expected number of guesses when a secret of class c is drawn with
    probability p[c] / |c|, exactly (the search runs on whole-number weights: the probabilities
    over their common denominator), or, when that denominator is too large for 64-bit totals, a
    lower bound of it: each probability rounded down to a multiple of 1/2^44 weighs no more than
    it, so no tree costs less against them."""
    sizes = np.bincount(classes)
    each = [p[c] / int(sizes[c]) for c in range(len(p))]
    scale = math.lcm(*(x.denominator for x in each))
    if scale * (len(classes) + 1) >= 1 << 61:
        scale = SCALE
    weights = np.array([(each[c].numerator * scale) // each[c].denominator for c in classes], dtype=np.int64)
    total, _, _ = best_response(puzzle, classes, weights)
    return Fraction(total, scale)


def class_columns(depths: np.ndarray, classes: np.ndarray, sizes: np.ndarray) -> list[Fraction]:
    """A tree's mean number of guesses over each class's secrets."""
    sums = np.bincount(classes, weights=depths, minlength=len(sizes))
    return [Fraction(int(round(x)), int(k)) for x, k in zip(sums, sizes, strict=True)]


def solve_equilibrium(puzzle: Puzzle, tolerance: float = 1e-9, max_iterations: int = 2000,
                      progress: Progress | None = None, saved: SavedTrees | None = None) -> Equilibrium:
    """Return the value of the chooser's game on the puzzle (normal mode, the closed world) with
    the chooser's and the guesser's optimal strategies, checked exactly (or, when the rounded
    strategies do not meet or `max_iterations` stopped the search, exact bounds on it).

    In a symmetric game (Mastermind) the chooser may spread its chances evenly over each class
    of `secret_classes` and the guesser play each tree under a random map of the symmetries
    (either side's average over the maps does as well as the strategy averaged), so the linear
    program has a variable per class: the chooser's chance of the class, and a tree's entry is
    its mean number of guesses over the class. With `saved`, the trees found before join the LP
    first and each new one is added to it."""
    if puzzle.weighted or puzzle.mode != "normal":
        raise WordguessError("the chooser's game is solved in normal mode on the answer list (closed world)")
    n = len(puzzle.answers)
    classes = secret_classes(puzzle)
    most = MAX_CODES if classes.max() + 1 < n else MAX_SECRETS
    if n > most:
        raise WordguessError(f"{n:,} secrets are too many for the exact best responses here (at most {most:,}"
                             f"{'' if most == MAX_CODES else f'; {MAX_CODES:,} codes of a symmetric game'})")
    began = time.perf_counter()
    sizes = np.bincount(classes)
    k = len(sizes)
    lp = ChooserLP(k)
    held = saved.load() if saved else []
    if held and saved.uniform_first:  # (the uniform best response, searched by the run that saved it)
        tree, known, nodes = held[0], held[1:], 0
        uniform_total = int(tree_depths(puzzle, tree).sum())
    else:
        known = held
        uniform_total, tree, nodes = best_response(puzzle, classes, np.ones(n, dtype=np.int64))
        if saved and not held:
            saved.add(tree, uniform=True)
    uniform_value = Fraction(uniform_total, n)
    trees = [tree_depths(puzzle, t) for t in [tree, *known]]
    columns = [class_columns(depths, classes, sizes) for depths in trees]
    for depths in trees:
        lp.add(class_columns_float(depths, classes, sizes))
    iterations, low = 1, uniform_value
    while True:
        weights, value, guesser_q = lp.solve()
        # Whole-number weights for the search (a secret of no chance weighs 1: its depth still
        # counts for the guesser's mixture, just below every other concern).
        each = np.maximum(np.round(weights / sizes * SCALE), 1).astype(np.int64)[classes]
        # Only a tree better than the best found so far is sought against these weights: none
        # means the LP's trees already hold its value (its float check, in whole numbers).
        beta = min(int(each @ depths) for depths in trees)
        least, tree, searched = best_response(puzzle, classes, each, beta)
        nodes += searched
        iterations += 1
        # The chooser playing these weights holds every tree to least / sum (a lower bound on the
        # value); the guesser's mixture of the trees so far holds the chooser to the LP's value.
        low = max(low, Fraction(min(least, beta), int(each.sum())))
        if progress:
            # (shown outward, so that each printed bound is one: the lower rounded down, the upper up)
            progress(iterations, max_iterations,
                     note=f"value between {math.floor(low * 10**5) / 10**5:.5f} and {math.ceil(value * 10**5) / 10**5:.5f}")
        if tree is None:
            break
        depths = tree_depths(puzzle, tree)
        if float(np.dot(weights, class_columns_float(depths, classes, sizes))) >= value - tolerance \
                or iterations >= max_iterations:
            break
        trees.append(depths)
        columns.append(class_columns(depths, classes, sizes))
        lp.add(class_columns_float(depths, classes, sizes))
        if saved:
            saved.add(tree)
    found = certify(puzzle, classes, weights, columns, guesser_q)
    chooser_p, low, qs, high = found
    sizes = np.bincount(classes)
    chooser = {puzzle.answers[s]: chooser_p[c] / int(sizes[c]) for s, c in enumerate(classes) if chooser_p[c] > 0}
    guesser = [(qk, {puzzle.answers[s]: int(depths[s]) for s in range(n)})
               for qk, depths in zip(qs, trees, strict=True) if qk > 0]
    first = {int(c): puzzle.answers[s] for s, c in reversed(list(enumerate(classes)))}
    return Equilibrium(low, high, chooser, guesser, uniform_value, iterations, nodes, time.perf_counter() - began,
                       symmetrised=k < n, classes=[(first[c], int(sizes[c]), chooser_p[c]) for c in range(k)] if k < n else [])


def class_columns_float(depths: np.ndarray, classes: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    return np.bincount(classes, weights=depths, minlength=len(sizes)) / sizes


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


def supported(weights: np.ndarray, columns: list[list[Fraction]], q: np.ndarray) -> tuple[list[Fraction], list[Fraction]] | None:
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
            rows = [[Fraction(entry(e, u)) for u in unknowns] + [Fraction(-1)] for e in rows_of]
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


def certify(puzzle: Puzzle, classes: np.ndarray, weights: np.ndarray, columns: list[list[Fraction]],
            q: np.ndarray) -> tuple[list[Fraction], Fraction, list[Fraction], Fraction]:
    """Make both strategies exact (from the supports, else rounded to fractions) and bound the
    value: the chooser's p holds every tree to at least L (its exact best response), the
    guesser's mixture holds every class (every secret of it, the mixture symmetrised) to at most
    U (its worst class), so L <= value <= U, the value itself when they meet. Returns (p, L, q, U)."""
    exact = supported(weights, columns, q)
    p, qs = exact if exact is not None else (rounded(weights), rounded(q))
    lower = exact_response(puzzle, classes, p)
    upper = max(sum((qk * col[c] for qk, col in zip(qs, columns, strict=True)), Fraction(0)) for c in range(len(p)))
    if lower > upper:  # p and q would contradict the minimax theorem: a defect, not a bound
        raise AssertionError(f"lower bound {lower} above upper bound {upper}")
    return p, lower, qs, upper
