"""Evaluations and first-guess tables against their definitions: statistics from the scores,
scores against replayed games, the table against the metric functions."""

from __future__ import annotations

import json
import statistics
from collections import Counter

import pytest

from conftest import small_puzzle
from wordguess.cli.render import evaluation_text
from wordguess.engine.candidates import partition
from wordguess.errors import WordguessError
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies import get_strategy
from wordguess.strategies.metrics import METRICS
from wordguess.trees.build import TreeStrategy
from wordguess.trees.plots import save_histogram
from wordguess.trees.report import Evaluation, evaluate, first_guess_table, tree_evaluation


def test_statistics_follow_from_the_scores():
    scores = {"a": 1, "b": 3, "c": 3, "d": 4, "e": 7}
    ev = Evaluation("wordle", "x", "normal", 6, scores, 0.1)
    values = list(scores.values())
    assert (ev.total, ev.best, ev.worst, ev.failures) == (18, 1, 7, 1)
    assert ev.mean == pytest.approx(18 / 5) and ev.median == 3
    assert ev.std == pytest.approx(statistics.pstdev(values))
    assert ev.histogram == {1: 1, 2: 0, 3: 2, 4: 1, 5: 0, 6: 0, 7: 1}
    assert ev.cumulative()[3] == pytest.approx(3 / 5) and ev.cumulative()[7] == 1.0
    data = ev.to_json()
    assert json.loads(json.dumps(data))["histogram"]["3"] == 2 and data["failures"] == 1


def test_the_lost_secrets_are_named_the_most_guesses_first():
    ev = Evaluation("wordle", "x", "normal", 6, {"a": 8, "b": 3, "c": 7, "d": 8, "e": 6}, 0.1)
    assert ev.lost == ["a", "d", "c"] and ev.to_json()["lost"] == ["a", "d", "c"]
    assert "lost: A (8); D (8); C (7)\n" in evaluation_text(ev).plain
    many = Evaluation("wordle", "x", "normal", 1, {f"w{k:02d}": 2 for k in range(12)}, 0.1)
    assert "W09 (2) (and 2 more; --json lists all)" in evaluation_text(many).plain
    assert "lost" not in evaluation_text(Evaluation("wordle", "x", "normal", 6, {"a": 6}, 0.1)).plain


@pytest.mark.parametrize(("name", "strategy"), [("wordle", "entropy"), ("mastermind", "minimax"),
                                                ("jotto", "expectation"), ("termo", "lookahead")])
def test_scores_equal_replayed_games(name, strategy):
    puzzle = small_puzzle(name, "normal")
    ev = evaluate(puzzle, get_strategy(strategy))
    assert sorted(ev.scores) == sorted(puzzle.answers)
    for secret in puzzle.answers:
        assert play(puzzle, TreeStrategy(ev.tree), FixedHost(secret)).guesses == ev.scores[secret]
    assert ev.first == ev.tree.guess and tree_evaluation(puzzle, ev.tree).scores == ev.scores


def test_a_sample_is_seeded_and_a_subset():
    puzzle = small_puzzle("wordle", "normal")
    full = evaluate(puzzle, get_strategy("entropy"))
    part = evaluate(puzzle, get_strategy("entropy"), sample=7, seed=4)
    assert len(part.scores) == 7 and all(full.scores[w] == v for w, v in part.scores.items())
    assert part.scores == evaluate(puzzle, get_strategy("entropy"), sample=7, seed=4).scores
    with pytest.raises(WordguessError, match="at least 1"):
        evaluate(puzzle, get_strategy("entropy"), sample=0)


def test_progress_reaches_every_secret():
    puzzle = small_puzzle("wordle", "normal")
    seen = []
    evaluate(puzzle, get_strategy("entropy"), progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][1] == len(puzzle.answers) and all(d <= t for d, t in seen)


def test_first_guess_table_equals_the_metric_functions():
    puzzle = small_puzzle("wordle", "normal")
    table = first_guess_table(puzzle, count=5)
    assert list(table) == list(METRICS)
    for name, rows in table.items():
        metric = METRICS[name]
        for word, value in rows["best"] + rows["worst"]:
            counts = [len(b) for b in partition(puzzle.game, word, list(puzzle.answers)).values()]
            assert value == pytest.approx(metric.shown * metric.function(counts))
        best = [v for _, v in rows["best"]]
        assert best == sorted(best, reverse=metric.shown < 0), "best first"
    with pytest.raises(WordguessError):
        first_guess_table(puzzle, count=0)


def test_histogram_png(tmp_path):
    puzzle = small_puzzle("wordle", "normal")
    ev = evaluate(puzzle, get_strategy("entropy"))
    path = tmp_path / "hist.png"
    save_histogram([ev, evaluate(puzzle, get_strategy("minimax"))], path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert Counter(ev.scores.values()) == Counter({k: v for k, v in ev.histogram.items() if v})


def test_a_small_regret_is_written_with_its_digits():
    from wordguess.analysis.report import small

    assert small(0.004) == "0.004" and small(0.25) == "0.25" and small(0.0) == "0.000"
