"""The chooser's game (optimal/equilibrium.py) against slow twins: the best response against
brute force over every tree, and the value against the full linear program over every tree's
depths, enumerated."""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest

from wordguess.cli import main
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.optimal.equilibrium import BestResponse, exact_solution, solve_equilibrium, supported

pytest.importorskip("scipy")


def mastermind(pegs: int, colours: int) -> Puzzle:
    game = get_game("mastermind", pegs=pegs, colours=colours)
    return Puzzle(game, game.generated_words(), game.generated_words())


def tree_depths(puzzle: Puzzle) -> set[tuple[int, ...]]:
    """Every Pareto-minimal vector of depths (one per secret) a guess tree can give, by the
    scalar feedback alone (a dominated vector never helps the guesser)."""
    game, words = puzzle.game, list(puzzle.answers)

    @functools.cache
    def trees(secrets: frozenset) -> frozenset:
        if len(secrets) == 1:
            return frozenset([((next(iter(secrets)), 1),)])
        found = set()
        for guess in puzzle.guesses:
            buckets = defaultdict(list)
            for s in secrets:
                buckets[game.feedback(guess, s)].append(s)
            if len(buckets) == 1 and game.solved_reply not in buckets:
                continue
            options = [[((b[0], 1),)] if r == game.solved_reply else
                       [tuple((w, d + 1) for w, d in t) for t in trees(frozenset(b))] for r, b in buckets.items()]
            combos = [()]
            for option in options:
                combos = [c + t for c in combos for t in option]
            found.update(tuple(sorted(c)) for c in combos)
        vectors = {t: tuple(d for _, d in t) for t in found}
        minimal = [t for t in found if not any(all(x <= y for x, y in zip(vectors[u], vectors[t], strict=True))
                                               and vectors[u] != vectors[t] for u in found)]
        return frozenset(minimal)

    return {tuple(dict(t)[w] for w in words) for t in trees(frozenset(words))}


@pytest.mark.parametrize(("pegs", "colours"), [(2, 2), (2, 3), (3, 2)])
def test_best_response_equals_brute_force(pegs, colours):
    puzzle = mastermind(pegs, colours)
    vectors = tree_depths(puzzle)
    rng = np.random.default_rng(pegs * 10 + colours)
    for _ in range(10):
        weights = rng.random(len(puzzle.answers))
        fast = BestResponse(puzzle, weights).cost(puzzle.all_candidates())
        assert fast == pytest.approx(min(float(np.dot(weights, v)) for v in vectors), rel=1e-12)


@pytest.mark.parametrize(("pegs", "colours"), [(2, 2), (2, 3), (3, 2)])
def test_value_equals_the_full_linear_program(pegs, colours):
    from scipy.optimize import linprog

    puzzle = mastermind(pegs, colours)
    d = np.array(sorted(tree_depths(puzzle)), dtype=np.float64)
    n, k = len(puzzle.answers), len(d)
    full = linprog(c=np.r_[np.zeros(n), -1.0], A_ub=np.c_[-d, np.ones(k)], b_ub=np.zeros(k),
                   A_eq=np.r_[np.ones(n), 0.0][None, :], b_eq=[1.0], bounds=[(0, None)] * n + [(None, None)],
                   method="highs")
    found = solve_equilibrium(puzzle)
    assert found.exact and float(found.value) == pytest.approx(-full.fun, abs=1e-9)
    assert found.value >= found.uniform_value
    # the certificate, recomputed: the chooser holds every tree to the value, the guesser every secret
    p = [found.chooser.get(w, Fraction(0)) for w in puzzle.answers]
    assert sum(p) == 1 and min(sum(x * int(v) for x, v in zip(p, vector, strict=True)) for vector in d) == found.value
    assert sum(q for q, _ in found.guesser) == 1
    assert max(sum(q * depths[w] for q, depths in found.guesser) for w in puzzle.answers) == found.value


def test_exact_solution_solves_or_says_not_unique():
    half = Fraction(1, 2)
    assert exact_solution([[Fraction(1), Fraction(1)], [Fraction(1), Fraction(-1)]], [Fraction(1), Fraction(0)]) == [
        half, half]
    assert exact_solution([[Fraction(1), Fraction(1)], [Fraction(2), Fraction(2)]], [Fraction(1), Fraction(2)]) is None
    assert exact_solution([[Fraction(1)], [Fraction(1)]], [Fraction(1), Fraction(2)]) is None


def test_exact_solution_particular_sets_free_unknowns_to_zero():
    one = Fraction(1)
    # x + y = 1 leaves y free: the particular solution is x = 1, y = 0; still None when inconsistent
    assert exact_solution([[one, one]], [one], particular=True) == [one, Fraction(0)]
    assert exact_solution([[one, one], [one, one]], [one, Fraction(2)], particular=True) is None


def test_supported_uses_tight_rows_beyond_the_supports():
    # Three secrets, trees A = (1, 2, 3), B = (3, 2, 1), C = (2, 2, 2): the value is 2. The LP's
    # guesser plays C alone, so the chooser's system over C's row alone leaves p open (old code:
    # None); A and B are tight too and, with a free unknown set to 0, give an exact p.
    columns = [np.array([1, 2, 3]), np.array([3, 2, 1]), np.array([2, 2, 2])]
    weights = np.full(3, 1 / 3)
    found = supported(weights, columns, np.array([0.0, 0.0, 1.0]))
    assert found is not None
    p, q = found
    assert sum(p) == 1 and min(p) >= 0 and q == [0, 0, 1]
    assert all(sum(x * int(d) for x, d in zip(p, col, strict=True)) == 2 for col in columns)


def test_cli_equilibrium(capsys):
    with pytest.raises(SystemExit) as done:
        main(["equilibrium", "--game", "mastermind", "--pegs", "2", "--colours", "3", "--json"])
    assert done.value.code == 0
    data = json.loads(capsys.readouterr().out)
    assert Fraction(data["value"]) > Fraction(data["uniform_value"]) and not data["uniform_chooser_optimal"]
    with pytest.raises(SystemExit) as done:
        main(["equilibrium", "--game", "wordle"])
    assert done.value.code == 2 and "too many" in capsys.readouterr().err
