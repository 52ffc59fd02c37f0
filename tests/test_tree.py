"""The guess-tree format: JSON round trip in the shared form, stats, following a history."""

from __future__ import annotations

import json

import pytest

from conftest import small_puzzle, walk
from wordguess.errors import WordguessError
from wordguess.strategies import get_strategy
from wordguess.trees.build import build_tree
from wordguess.trees.tree import (
    TreeFile,
    depth_counts,
    follow,
    from_json_node,
    to_json_node,
    total_guesses,
)


def test_json_form_is_the_shared_one(tmp_path):
    puzzle = small_puzzle("wordle", "normal")
    tree = build_tree(puzzle, get_strategy("entropy"))
    path = tmp_path / "tree.json"
    TreeFile(puzzle.game, "normal", "small", "small-guesses", tree).save(path)
    doc = json.loads(path.read_text())
    assert set(doc) == {"game", "mode", "answers", "guesses", "tree"}
    assert doc["game"] == "wordle" and set(doc["tree"]) == {"guess", "branches"}
    root = doc["tree"]
    if root["guess"] in puzzle.answers:
        assert root["branches"]["GGGGG"] == root["guess"]
    assert all(len(k) == 5 and set(k) <= set("GY.") for k in root["branches"])
    loaded = TreeFile.load(path)
    assert total_guesses(loaded.tree) == total_guesses(tree)
    assert to_json_node(loaded.tree, puzzle.game) == doc["tree"]


def test_mastermind_tree_keeps_its_options(tmp_path):
    puzzle = small_puzzle("mastermind", "normal")
    tree = build_tree(puzzle, get_strategy("minimax"))
    path = tmp_path / "mm.json"
    TreeFile(puzzle.game, "normal", "mastermind", "mastermind", tree).save(path)
    loaded = TreeFile.load(path)
    assert loaded.game == puzzle.game
    assert depth_counts(loaded.tree) == depth_counts(tree)


def test_follow_and_errors():
    puzzle = small_puzzle("wordle", "normal")
    game = puzzle.game
    tree = build_tree(puzzle, get_strategy("minimax"))
    reply = next(r for r, b in tree.branches.items() if not isinstance(b, str))
    assert follow(tree, game, [(tree.guess, reply)]) is tree.branches[reply]
    with pytest.raises(WordguessError, match="the tree plays"):
        follow(tree, game, [("zzzzz", reply)])
    with pytest.raises(WordguessError, match="malformed"):
        from_json_node({"guess": "crane"}, game)
    with pytest.raises(WordguessError, match="cannot read"):
        TreeFile.load("/nonexistent/tree.json")


def test_a_tree_is_checked_against_the_mode_and_the_replies():
    from wordguess.engine.puzzle import PuzzleSpec
    from wordguess.games import get_game
    from wordguess.trees.build import check_tree
    from wordguess.trees.tree import Node

    normal = PuzzleSpec(get_game("wordle")).build()
    hard = PuzzleSpec(get_game("wordle"), mode="hard").build()
    tree = build_tree(normal, get_strategy("entropy"))
    check_tree(tree, normal)
    assert any(hard.mode_problem(h, n.guess) for n, h in walk(tree))
    with pytest.raises(WordguessError, match="does not fit hard mode"):
        check_tree(tree, hard)
    small_hard = small_puzzle("wordle", "hard")
    check_tree(build_tree(small_hard, get_strategy("entropy")), small_hard)
    assert isinstance(tree, Node)
    swapped = dict(tree.branches)
    a, b = [r for r, sub in swapped.items() if r != normal.game.solved_reply][:2]
    swapped[a], swapped[b] = swapped[b], swapped[a]
    with pytest.raises(WordguessError, match="gives"):
        check_tree(Node(tree.guess, tree.size, swapped), normal)


def test_a_binary_tree_file_is_one_line(tmp_path):
    path = tmp_path / "tree.json"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(WordguessError, match="not text"):
        TreeFile.load(path)


def test_cli_refuses_a_normal_tree_in_hard_mode(tmp_path):
    from typer.testing import CliRunner

    from wordguess.cli import app

    runner = CliRunner()
    tree = str(tmp_path / "t.json")
    assert runner.invoke(app, ["tree", "--out", tree]).exit_code == 0
    assert runner.invoke(app, ["evaluate", "--tree", tree]).exit_code == 0
    for command in (["evaluate", "--mode", "hard"], ["evil", "--mode", "hard"]):
        result = runner.invoke(app, [*command, "--tree", tree])
        assert result.exit_code == 2 and "does not fit hard mode" in result.stderr, result.output


def test_a_tree_opens_with_the_guess_given_and_every_secret_is_one_leaf(tmp_path):
    from typer.testing import CliRunner

    from wordguess.cli import app

    words = tmp_path / "w.txt"
    words.write_text("\n".join(["crane", "slate", "crate", "trace", "grace", "brace", "caret", "react", "cater"]))
    out = tmp_path / "t.json"
    runner = CliRunner()
    result = runner.invoke(app, ["tree", "--answers", str(words), "--guesses", str(words), "--opener", "grace", "--out", str(out)])
    assert result.exit_code == 0, result.output
    from wordguess.trees.tree import TreeFile, leaves

    loaded = TreeFile.load(out)
    assert loaded.tree.guess == "grace"
    assert sorted(w for w, _ in leaves(loaded.tree)) == sorted(words.read_text().split())
    refused = runner.invoke(app, ["tree", "--answers", str(words), "--guesses", str(words), "--opener", "zebra", "--out", str(out)])
    assert refused.exit_code == 2 and "zebra" in refused.output and "Traceback" not in refused.output
