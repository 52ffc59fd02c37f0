"""The chooser's game (optimal/equilibrium.py) against slow twins: the weighted best response
(optimal/weighted.py) against brute force over every tree and a plain recursion, with and
without the game's symmetries, and the value against the full linear program over every tree's
depths, enumerated."""

from __future__ import annotations

import functools
import gzip
import itertools
import json
import math
import re
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest

from wordguess.cli import main
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.optimal.equilibrium import exact_solution, solve_equilibrium, supported
from wordguess.optimal.weighted import WeightedSearch, secret_classes

pytest.importorskip("highspy")
pytest.importorskip("scipy")  # the full linear program of the twin


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
        weights = rng.integers(0, 1000, len(puzzle.answers))
        search = WeightedSearch(puzzle, weights)
        assert search.total() == min(int(np.dot(weights, v)) for v in vectors)
        assert int(np.dot(weights, search.depths())) == search.total()


def plain_cost(puzzle: Puzzle, weights) -> int:
    """The least weighted total by the recursion itself: cost({s}) = w(s), cost(S) = W(S) + min
    over guesses that make progress of the sum of their unsolved buckets' costs."""
    game = puzzle.game

    @functools.cache
    def cost(secrets: frozenset) -> int:
        mass = sum(weights[s] for s in secrets)
        if len(secrets) == 1:
            return mass
        best = None
        for guess in puzzle.guesses:
            buckets = defaultdict(list)
            for s in secrets:
                buckets[game.feedback(guess, puzzle.answers[s])].append(s)
            if len(buckets) == 1 and game.solved_reply not in buckets:
                continue
            total = mass + sum(cost(frozenset(b)) for r, b in buckets.items() if r != game.solved_reply)
            best = total if best is None else min(best, total)
        return best

    return cost(frozenset(range(len(puzzle.answers))))


@pytest.mark.parametrize(("pegs", "colours"), [(3, 3), (2, 4)])
def test_the_symmetric_best_response_equals_the_plain_recursion(pegs, colours):
    # weights constant on the classes of codes: the search tries one opener per class and the
    # canonical guesses below; without symmetry it tries every guess; both equal the recursion
    puzzle = mastermind(pegs, colours)
    classes = secret_classes(puzzle)
    assert classes.max() + 1 < len(classes)
    rng = np.random.default_rng(pegs * 10 + colours)
    for _ in range(3):
        weights = rng.integers(0, 50, classes.max() + 1)[classes]
        symmetric, plain = WeightedSearch(puzzle, weights, symmetric=True), WeightedSearch(puzzle, weights)
        assert symmetric.total() == plain.total() == plain_cost(puzzle, weights)
        assert int(np.dot(weights, symmetric.depths())) == symmetric.total()


@pytest.mark.parametrize("symmetric", [True, False])
def test_a_best_response_sought_below_a_limit_is_exact_below_it_and_a_bound_above(symmetric):
    # the chooser's rounds seek only a tree better than those found: below the limit the exact
    # total and its tree, at or above it a bound at least the limit and no tree
    from wordguess.optimal.equilibrium import best_response

    puzzle = mastermind(3, 3)
    classes = secret_classes(puzzle)
    weights = np.random.default_rng(9).integers(1, 40, classes.max() + 1)[classes]
    least = plain_cost(puzzle, weights)
    for beta in (least - 7, least, least + 1, least + 50):
        total, tree, _ = best_response(puzzle, classes if symmetric else np.arange(len(classes)), weights, beta)
        if beta > least:
            assert total == least and tree is not None
        else:
            assert total >= beta and tree is None


@pytest.mark.parametrize("symmetric", [True, False])
def test_a_best_response_searched_in_slices_is_the_same_and_stops_between_them(symmetric, monkeypatch):
    """The search returns to Python every SLICE positions (where Ctrl-C is seen) and goes on from
    its memo (a slice that settles nothing is followed by a longer one): slices from one position
    give the same total and tree as one slice for all; a KeyboardInterrupt between slices stops
    it, and asked again it ends where it would have."""
    from wordguess.optimal import weighted

    puzzle = mastermind(3, 4)
    classes = secret_classes(puzzle)
    weights = np.random.default_rng(3).integers(1, 40, classes.max() + 1)[classes]
    whole = WeightedSearch(puzzle, weights, symmetric)
    least = whole.total()
    assert whole.nodes < weighted.SLICE  # (its total equals the plain recursion's: the tests above)
    calls, real = [0], weighted.best_guess

    def counted(*args):
        calls[0] += 1
        if calls[0] == stop_at:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(weighted, "SLICE", 1)
    monkeypatch.setattr(weighted, "best_guess", counted)
    stop_at = 0
    sliced = WeightedSearch(puzzle, weights, symmetric)
    assert sliced.total() == least and calls[0] > 5
    assert np.array_equal(sliced.depths(), whole.depths())
    calls[0], stop_at = 0, 5
    stopped = WeightedSearch(puzzle, weights, symmetric)
    with pytest.raises(KeyboardInterrupt):
        stopped.total()
    assert 0 < stopped.nodes < sliced.nodes
    assert stopped.total() == least and np.array_equal(stopped.depths(), whole.depths())


def test_the_best_response_with_many_distinct_weights_equals_the_plain_recursion():
    # more distinct weights than graded_bound takes: the bound by the heaviest and lightest
    puzzle = mastermind(3, 3)
    weights = np.random.default_rng(5).permutation(np.arange(1, 28) * 37)
    search = WeightedSearch(puzzle, weights)
    assert len(search.ctx.levels) == 0
    assert search.total() == plain_cost(puzzle, weights)


def test_the_best_response_on_a_word_list_equals_the_plain_recursion():
    game = get_game("wordle")
    words = ["crane", "slate", "trace", "crate", "react", "caret", "cater", "carte", "recta", "brace"]
    puzzle = Puzzle(game, words, words)
    rng = np.random.default_rng(7)
    for _ in range(5):
        weights = rng.integers(0, 30, len(words))
        search = WeightedSearch(puzzle, weights)
        assert search.total() == plain_cost(puzzle, weights)
        assert int(np.dot(weights, search.depths())) == search.total()


def test_mastermind_codes_fall_into_five_classes():
    classes = secret_classes(mastermind(4, 6))
    assert sorted(np.bincount(classes).tolist()) == [6, 90, 120, 360, 720]


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
    # the guesser plays each tree under a random relabelling of the pegs and the colours: against
    # a secret w, tree T under the map m takes depth_T(m(w)) guesses
    maps = [lambda w, perm=perm, names=names: "".join(names[int(w[k]) - 1] for k in perm)
            for perm in itertools.permutations(range(pegs))
            for names in itertools.permutations("".join(str(c + 1) for c in range(colours)))]
    assert found.symmetrised
    assert max(sum(q * Fraction(sum(depths[m(w)] for m in maps), len(maps)) for q, depths in found.guesser)
               for w in puzzle.answers) == found.value


@pytest.mark.parametrize(("pegs", "colours"), [(3, 3), (2, 4)])
def test_the_progress_notes_bound_the_value_from_both_sides(pegs, colours):
    notes = []
    found = solve_equilibrium(mastermind(pegs, colours), progress=lambda done, total, note="": notes.append(note))
    bounds = [tuple(float(x) for x in re.fullmatch(r"value between (\S+) and (\S+)", note).groups()) for note in notes]
    assert found.exact and len(bounds) == found.iterations - 1
    lows = [low for low, _ in bounds]
    assert lows == sorted(lows) and lows[0] >= math.floor(found.uniform_value * 10**5) / 10**5
    # the chooser's weights of each step hold the value from below, the trees so far from above
    assert all(low <= float(found.value) + 1e-5 <= high + 2e-5 for low, high in bounds)
    assert bounds[-1][0] == pytest.approx(float(found.value), abs=1e-5)


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


def test_a_run_resumes_from_its_saved_trees_and_refuses_a_wrong_one(tmp_path, monkeypatch):
    from wordguess.errors import WordguessError
    from wordguess.optimal import equilibrium
    from wordguess.optimal.equilibrium import SavedTrees

    puzzle, path = mastermind(3, 4), tmp_path / "trees.jsonl"
    first = solve_equilibrium(puzzle, saved=SavedTrees(path, puzzle))
    lines = path.read_text().splitlines()
    # the header, the uniform tree, and the tree of every later round but the last (it beat nothing)
    assert len(lines) == 1 + 1 + (first.iterations - 2)
    assert json.loads(lines[1]).get("uniform") is True and all("uniform" not in json.loads(x) for x in lines[2:])
    path.write_text("\n".join(lines) + "\n" + lines[-1][:40])  # a last line cut short by a kill: dropped
    searched = []
    search = equilibrium.best_response
    monkeypatch.setattr(equilibrium, "best_response", lambda *a, **k: searched.append(a[2]) or search(*a, **k))
    again = solve_equilibrium(puzzle, saved=SavedTrees(path, puzzle))
    assert again.value == first.value and again.exact and again.iterations < first.iterations
    # the uniform optimum read from the marked tree, not searched again
    assert again.uniform_value == first.uniform_value and not any((w == 1).all() for w in searched)
    # the cut line was cut off, so the trees the second run added read back whole
    assert len(SavedTrees(path, puzzle).load()) == len(lines) - 1 + again.iterations - 2
    # two leaves swapped: each under replies it does not give; refused, saying why
    doc = json.loads(lines[1])
    found = []

    def leaves_of(node):
        for reply, branch in node["branches"].items():
            if isinstance(branch, str) and reply != "3,0":
                found.append((node["branches"], reply))
            elif not isinstance(branch, str):
                leaves_of(branch)

    leaves_of(doc["tree"])
    (one, a), (two, b) = found[0], found[-1]
    one[a], two[b] = two[b], one[a]
    path.write_text(lines[0] + "\n" + json.dumps(doc) + "\n")
    with pytest.raises(WordguessError, match="gives"):
        solve_equilibrium(puzzle, saved=SavedTrees(path, puzzle))
    with pytest.raises(WordguessError, match="another game"):
        SavedTrees(path, mastermind(2, 4)).load()
    # a file of something else (another game's trees, a compressed copy) is refused and left whole
    cut = (lines[0] + "\n" + json.dumps(doc) + "\n{\"tree\"").encode()
    for data in (cut, gzip.compress(cut)):
        path.write_bytes(data)
        with pytest.raises(WordguessError, match="another game|compressed"):
            SavedTrees(path, mastermind(2, 4) if data is cut else puzzle).load()
        assert path.read_bytes() == data


def test_a_distribution_of_huge_denominators_gets_a_lower_bound_within_its_rounding():
    from wordguess.optimal.equilibrium import SCALE, exact_response

    puzzle = mastermind(2, 3)
    n = len(puzzle.answers)
    rng = np.random.default_rng(3)
    raw = [Fraction(int(x), 10**30 + 57) for x in rng.integers(1, 10**12, n)]  # a prime-ish denominator
    p = [x / sum(raw) for x in raw]
    exact = plain_cost(puzzle, p)  # the recursion in fractions
    bound = exact_response(puzzle, np.arange(n), p)
    assert bound <= exact and exact - bound < Fraction(n * 10, SCALE)
    # a small denominator is still checked exactly
    thirds = [Fraction(1, n)] * n
    assert exact_response(puzzle, np.arange(n), thirds) == plain_cost(puzzle, thirds)


def test_the_linear_program_prints_nothing(capfd):
    # HiGHS prints a banner from C as it starts: `equilibrium --json` would not be JSON
    from wordguess.optimal.equilibrium import ChooserLP

    lp = ChooserLP(2)
    lp.add(np.array([1.0, 2.0]))
    lp.add(np.array([2.0, 1.0]))
    weights, value, q = lp.solve()
    assert value == pytest.approx(1.5) and weights == pytest.approx([0.5, 0.5]) and q == pytest.approx([0.5, 0.5])
    assert capfd.readouterr() == ("", "")
