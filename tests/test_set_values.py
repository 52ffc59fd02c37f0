"""scripts/build_set_values.py: the sets a player meets, each labelled with its exact value, equal to
the exhaustive oracle's on small lists; the run resumes."""

from __future__ import annotations

import json
import random
import sys

import numpy as np

from conftest import WORDLE_SMALL, script
from test_optimal import oracle, small_puzzle
from wordguess.optimal.total.search import ExactSolver, Limits

build = script("build_set_values")


def test_each_set_met_is_labelled_with_its_exhaustive_least_total():
    for seed in range(4):
        puzzle = small_puzzle(random.Random(seed), "wordle", {}, "abcdef", 5)
        sets = build.met_sets(puzzle, ["entropy", "minimax"], list(range(len(puzzle.answers))), 1, 50)
        assert sets and all(len(s) == len(set(s)) for s in sets)
        solver = ExactSolver(puzzle, None, Limits(), None)
        for candidates in sets:
            words = [puzzle.answers[i] for i in candidates]
            row = build.label(solver, puzzle, candidates, 10**6)
            expected = min(oracle(puzzle.game, words, list(puzzle.guesses)).values())
            assert row["exact"] and row["total"] == expected and row["mean"] == expected / len(words)
            assert 1 <= row["worst"] <= len(words)


def test_hard_mode_sets_are_labelled_with_their_exhaustive_least_total_in_hard_mode():
    """In hard mode each set is a fresh game of its own (no clue yet), the rule holding within it."""
    for seed in range(4):
        puzzle = small_puzzle(random.Random(seed), "wordle", {}, "abcdef", 5, mode="hard")
        sets = build.met_sets(puzzle, ["entropy", "minimax"], list(range(len(puzzle.answers))), 1, 50)
        solver = ExactSolver(puzzle, None, Limits(), None)
        for candidates in sets:
            words = [puzzle.answers[i] for i in candidates]
            row = build.label(solver, puzzle, candidates, 10**6)
            expected = min(oracle(puzzle.game, words, list(puzzle.guesses), mode="hard").values())
            assert row["exact"] and row["total"] == expected, (seed, words)


def test_a_run_appends_and_resumes(tmp_path, monkeypatch, capsys):
    out = tmp_path / "sets.jsonl"
    argv = ["build_set_values.py", "--sample", "3", "--strategies", "entropy", "--max-size", "30", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    build.main()
    first = out.read_text().splitlines()
    assert first and all(json.loads(line)["exact"] for line in first)
    out.write_text("\n".join(first[:-1]) + "\n" + first[-1][:10])  # the last line cut short by a kill
    build.main()
    again = [json.loads(line) for line in out.read_text().splitlines() if line.startswith("{") and line.endswith("}")]
    assert sorted(r["key"] for r in again) == sorted(json.loads(line)["key"] for line in first)


def test_the_committed_labels_are_whole_and_consistent():
    """results/set-values/: every line a distinct set of its split's words with its key, and a
    total no game can beat (one word found at the first guess, every other at the second at
    best); the splits of one language share no word."""
    from pathlib import Path

    from wordguess.lists import load_words

    seen: dict[tuple[str, str], str] = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "results" / "set-values").glob("*.jsonl")):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert len(rows) == len({r["key"] for r in rows}) > 300
        listed = set(load_words(rows[0]["guesses"]))
        for r in rows:
            assert r["key"] == build.set_key(r["words"]) and r["n"] == len(r["words"]) and set(r["words"]) <= listed
            if r["exact"]:
                assert 2 * r["n"] - 1 <= r["total"] and r["mean"] == r["total"] / r["n"] and r["worst"] >= 2
            for word in r["words"]:  # (a word of two languages is two secrets)
                assert seen.setdefault((r["guesses"], word), r["split"]) == r["split"], f"{word} is in two splits"


learn = script("learn_set_value")


def test_the_refitted_curve_starts_as_the_shipped_one_and_never_falls():
    rows = [{"n": n, "mean": 1.5 + 0.3 * (n % 7) / 7 + 0.2 * n ** 0.5} for n in range(3, 200)]
    bits, guesses = learn.fit_curve(rows)
    assert list(bits[:2]) == [0.0, 1.0] and list(guesses[:2]) == [1.0, 1.5]
    assert (np.diff(bits) > 0).all() and (np.diff(guesses) >= 0).all()


def test_the_errors_and_letter_features_of_a_hand_made_case():
    rows = [{"n": 3, "mean": 2.0, "letters": ["abc", "abd", "xbc"]}, {"n": 4, "mean": 2.5, "letters": ["aaa", "bbb", "ccc", "ddd"]}]
    out = learn.errors(np.array([2.5, 2.0]), rows)
    assert out["mae"] == 0.5 and out["bias"] == 0.0 and out["rmse"] == 0.5 and out["mae_3_5"] == 0.5
    features = learn.letter_features(rows[0])
    assert features[1:4] == [1, 2, 2] and features[-2:] == [5, 1.0]
    assert abs(features[4]) < 1e-12 and abs(features[6] - (np.log2(3) - 2 / 3)) < 1e-12


def test_a_model_in_play_ranks_by_its_bucket_values_as_a_plain_sum_does():
    """model_strategy's value of a guess equals 1 + the sum over its replies but "solved" of the
    reply's share times its bucket's value (1 for one candidate, 1.5 for two, the model's above),
    worked out from the game's feedback; it plays every secret of a small list to the end."""
    from wordguess.engine.puzzle import Puzzle
    from wordguess.games import get_game
    from wordguess.optimal.worst.exact_guard import played_strategy
    from wordguess.trees.report import evaluate

    game = get_game("wordle")
    words = list(WORDLE_SMALL[:60])
    puzzle = Puzzle(game, words, words)
    value = lambda puzzle, sets: np.array([1.0 + 0.25 * len(s) for s in sets])  # noqa: E731
    strategy = learn.model_strategy(played_strategy("fewest-guesses", puzzle), "toy", value)
    candidates = puzzle.all_candidates()
    head = [0, 7, 21]
    for g, got in zip(head, strategy.inner.valued(puzzle, head, candidates), strict=True):
        buckets: dict = {}
        for secret in words:
            buckets.setdefault(game.feedback(words[g], secret), []).append(secret)
        plain = 1.0 + sum(len(b) / len(words) * (1.0 if len(b) == 1 else 1.5 if len(b) == 2 else 1.0 + 0.25 * len(b))
                          for reply, b in buckets.items() if reply != game.solved_reply)
        assert abs(got - plain) < 1e-12
    found = evaluate(puzzle, strategy)
    assert len(found.scores) == len(words) and found.failures == 0
