"""Shared tests that run against every registered strategy, game and mode, with brute-force
checks of the scoring kernel and the greedy choice on small lists."""

from __future__ import annotations

import functools
from collections import Counter

import numpy as np
import pytest

from conftest import SMALL_LISTS, small_puzzle, walk
from wordguess.engine.candidates import partition
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies import STRATEGIES, get_strategy, scoring
from wordguess.strategies.base import one_board
from wordguess.strategies.metrics import METRICS
from wordguess.strategies.scoring import score_guesses
from wordguess.trees.build import TreeStrategy, build_tree
from wordguess.trees.report import evaluate
from wordguess.trees.tree import leaves, total_guesses

MODES_FOR = {name: ("normal", "hard", "strict") if name in ("wordle", "termo", "sutom")
             else ("normal", "strict") for name in SMALL_LISTS}
ONE_BOARD = [name for name, entry in STRATEGIES.items() if not entry.several]
CASES = [(g, m, s) for g in SMALL_LISTS for m in MODES_FOR[g] for s in ONE_BOARD]


@pytest.mark.parametrize(("game_name", "mode", "strategy"), CASES)
def test_tree_invariants(game_name, mode, strategy):
    puzzle = small_puzzle(game_name, mode)
    tree = build_tree(puzzle, get_strategy(strategy))
    secrets = Counter(secret for secret, _ in leaves(tree))
    assert secrets == Counter(puzzle.answers), "every secret is exactly one leaf"
    game = puzzle.game
    for node, history in walk(tree):
        for guess, reply in history:
            if mode == "strict":
                assert game.feedback(guess, node.guess) == reply, "strict plays consistent guesses"
            if mode == "hard":
                assert game.hard_mode_problem(guess, reply, node.guess) is None


@pytest.mark.parametrize(("game_name", "mode", "strategy"), CASES)
def test_replayed_tree_gives_its_stats(game_name, mode, strategy):
    puzzle = small_puzzle(game_name, mode)
    tree = build_tree(puzzle, get_strategy(strategy))
    depths = dict(leaves(tree))
    for secret in puzzle.answers:
        record = play(puzzle, TreeStrategy(tree), FixedHost(secret))
        assert record.secret == secret and record.guesses == depths[secret]
    assert total_guesses(tree) == sum(depths.values())


@pytest.fixture(params=["by-secret", "by-guess"])
def layout(request, monkeypatch):
    """Run a test with the kernels reading the transposed matrix, then the matrix itself."""
    monkeypatch.setattr(scoring, "BY_SECRET_CANDIDATES", 10**9 if request.param == "by-secret" else 0)
    return request.param


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_kernel_scores_equal_metric_definitions(metric, layout):
    puzzle = small_puzzle("wordle", "normal")
    game = puzzle.game
    rng = np.random.default_rng(1)
    for _ in range(20):
        candidates = np.sort(rng.choice(len(puzzle.answers), size=rng.integers(1, 30), replace=False))
        guess_ids = np.arange(len(puzzle.guesses))
        scores = score_guesses(puzzle, guess_ids, candidates, metric)
        words = [puzzle.answers[i] for i in candidates]
        for g in rng.choice(guess_ids, size=25, replace=False):
            counts = [len(b) for b in partition(game, puzzle.guesses[g], words).values()]
            assert METRICS[metric].value(scores[g], len(words)) == pytest.approx(METRICS[metric].function(counts))


def scalar_counts(game, guess, words) -> list[int]:
    """Return the bucket sizes of `guess` over `words`, from the scalar feedback alone."""
    return list(Counter(game.feedback(guess, w) for w in words).values())


@pytest.mark.parametrize(("game_name", "metric"), [(g, m) for g in SMALL_LISTS for m in sorted(METRICS)])
def test_greedy_choice_equals_brute_force(game_name, metric):
    """On random candidate sets of 3 to 30 words, the greedy strategy picks what scoring every
    allowed guess with the scalar feedback picks."""
    puzzle = small_puzzle(game_name, "normal")
    game = puzzle.game
    strategy = get_strategy(metric)
    rng = np.random.default_rng(2)
    for _ in range(8):
        size = rng.integers(3, min(30, len(puzzle.answers)) + 1)
        candidates = np.sort(rng.choice(len(puzzle.answers), size=size, replace=False))
        words = [puzzle.answers[i] for i in candidates]

        def key(g, words=words):
            counts = scalar_counts(game, puzzle.guesses[g], words)
            return (round(METRICS[metric].function(counts), 9), puzzle.guesses[g] not in words, g)

        assert strategy.choose(puzzle, one_board(puzzle, candidates, [])) == min(range(len(puzzle.guesses)), key=key)


@pytest.mark.parametrize("game_name", sorted(SMALL_LISTS))
def test_no_strategy_beats_the_brute_force_optimum(game_name):
    """On 10-word lists of every game, the optimum found by trying every guess at every node
    (scalar feedback only) is a lower bound of every strategy's total; and lookahead, which
    keeps the entropy guess when nothing in its shortlist does better, never does worse than
    the greedy entropy tree."""
    puzzle = small_puzzle(game_name, "normal")
    game = puzzle.game
    rng = np.random.default_rng(3)
    for _ in range(3):
        answers = [puzzle.answers[i] for i in sorted(rng.choice(len(puzzle.answers), size=10, replace=False))]
        guesses = answers if game_name != "wordle" else list(puzzle.guesses[:60]) + [
            w for w in answers if w not in puzzle.guesses[:60]]
        sub = Puzzle(game, answers, guesses)
        best = optimal_total(game, tuple(answers), tuple(guesses))
        totals = {name: total_guesses(build_tree(sub, get_strategy(name))) for name in ONE_BOARD}
        assert min(totals.values()) >= best, totals
        assert totals["lookahead"] <= totals["entropy"]


@functools.cache
def optimal_total(game, candidates: tuple, guesses: tuple) -> int:
    """Return the least total guesses that find every candidate (exhaustive; tiny inputs only)."""
    if len(candidates) == 1:
        return 1
    best = None
    for g in guesses:
        buckets: dict[int, list[str]] = {}
        for w in candidates:
            buckets.setdefault(game.feedback(g, w), []).append(w)
        if len(buckets) == 1 and g not in candidates:
            continue  # the same candidates after a wasted guess
        total = len(candidates) + sum(optimal_total(game, tuple(b), guesses)
                                      for r, b in buckets.items() if not game.is_solved(r))
        best = total if best is None else min(best, total)
    return best


def test_unknown_strategy_lists_choices():
    with pytest.raises(ValueError, match="choose one of"):
        get_strategy("clairvoyant")


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_serial_and_parallel_scoring_agree(metric, layout, monkeypatch):
    puzzle = small_puzzle("wordle", "normal")
    rng = np.random.default_rng(4)
    guess_ids = np.arange(len(puzzle.guesses))
    for _ in range(10):
        candidates = np.sort(rng.choice(len(puzzle.answers), size=rng.integers(1, 30), replace=False))
        monkeypatch.setattr(scoring, "SERIAL_PAIRS", 0)  # always the thread pool
        parallel = score_guesses(puzzle, guess_ids, candidates, metric)
        monkeypatch.setattr(scoring, "SERIAL_PAIRS", 10**12)  # always one thread
        serial = score_guesses(puzzle, guess_ids, candidates, metric)
        np.testing.assert_array_equal(parallel, serial)


def test_sutom_evaluation_builds_a_tree_per_first_letter():
    words = SMALL_LISTS["sutom"][1] + ["bateau", "balade", "bouton", "bonnet"]
    puzzle = Puzzle(get_game("sutom", length=6), words, words)
    whole = evaluate(puzzle, get_strategy("entropy"))
    assert whole.tree is None and sorted(whole.scores) == sorted(words)
    for letter in "mb":
        game = get_game("sutom", length=6, first=letter)
        part = [w for w in words if w[0] == letter]
        ev = evaluate(Puzzle(game, part, part), get_strategy("entropy"))
        assert ev.scores == {w: whole.scores[w] for w in part}
        assert all(node.guess[0] == letter for node, _ in walk(ev.tree))


@pytest.mark.parametrize("seed", range(20))
def test_best_first_is_the_head_of_the_full_sort(seed):
    # few distinct scores: ties at the cut are the case that matters
    from wordguess.strategies.base import best_first

    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    scores = rng.integers(0, 6, n).astype(np.float64) / 4
    guess_ids = rng.permutation(5 * n)[:n]
    full = np.lexsort((guess_ids, scores))
    for count in (1, 2, 7, n // 2 + 1, n, n + 3):
        assert best_first(guess_ids, scores, count).tolist() == full[:count].tolist()


def test_one_registry_holds_the_strategies_of_one_board_and_of_several():
    from wordguess.strategies import STRATEGIES, get_strategy

    several = sorted(name for name, entry in STRATEGIES.items() if entry.several)
    assert several == ["fewest-total", "fewest-total-safe", "joint-entropy", "one-board"]
    for name, entry in STRATEGIES.items():
        strategy = get_strategy(name)
        assert strategy.several == entry.several and strategy.name == name
    with pytest.raises(WordguessError, match="fewest-total is a strategy for several boards"):
        get_strategy("fewest-total", several=False)
    with pytest.raises(WordguessError, match="entropy is a strategy for one board"):
        get_strategy("entropy", several=True)


def test_the_strategies_command_lists_every_registered_strategy():
    from typer.testing import CliRunner

    from wordguess.cli import app
    from wordguess.strategies import STRATEGIES

    listed = CliRunner().invoke(app, ["strategies"]).stdout
    assert all(name in listed for name in STRATEGIES)
