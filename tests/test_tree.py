"""The guess-tree format: JSON round trip in the shared form, stats, following a history."""

from __future__ import annotations

import json

import pytest

from conftest import small_puzzle
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
