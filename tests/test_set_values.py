"""scripts/build_set_values.py: the sets a player meets, each labelled with its exact value, equal to
the exhaustive oracle's on small lists; the run resumes."""

from __future__ import annotations

import json
import random
import sys

from conftest import script
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
    """results/set-values/: every line a distinct set of answers with its key, and a total no game
    can beat (one word found at the first guess, every other at the second at best)."""
    from pathlib import Path

    from wordguess.lists import load_words

    path = Path(__file__).resolve().parent.parent / "results" / "set-values" / "wordle-answers.jsonl"
    answers = set(load_words("wordle-answers"))
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len({r["key"] for r in rows}) > 1000
    for r in rows:
        assert r["key"] == build.set_key(r["words"]) and r["n"] == len(r["words"]) and set(r["words"]) <= answers
        if r["exact"]:
            assert 2 * r["n"] - 1 <= r["total"] and r["mean"] == r["total"] / r["n"] and r["worst"] >= 2
