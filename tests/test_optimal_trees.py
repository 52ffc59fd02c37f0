"""The shipped optimal SALET trees: intact (sha256), proven totals, every answer exactly once."""

from __future__ import annotations

import gzip
import shutil

import pytest

from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.lists import load_words
from wordguess.optimal.total import trees
from wordguess.trees.tree import check_covers, depth_counts, total_guesses


@pytest.mark.parametrize(("mode", "total"), [("normal", 7920), ("hard", 8122)])
def test_shipped_tree_is_the_proven_optimum(mode, total):
    tree = trees.load_optimal_tree(mode)
    assert (tree.game.name, tree.mode, tree.tree.guess) == ("wordle", mode, "salet")
    assert total_guesses(tree.tree) == total and max(depth_counts(tree.tree)) <= 6
    check_covers(tree.tree, get_game("wordle"), load_words("wordle-answers"))


def test_hard_tree_keeps_the_revealed_letters():
    """Every guess of the hard tree is allowed in hard mode after the replies that lead to it."""
    game = get_game("wordle")

    def walk(node, history):
        if isinstance(node, str):
            return
        for guess, reply in history:
            assert game.hard_mode_problem(guess, reply, node.guess) is None, (history, node.guess)
        for reply, branch in node.branches.items():
            walk(branch, [*history, (node.guess, reply)])

    walk(trees.load_optimal_tree("hard").tree, [])


def test_a_changed_file_is_refused(tmp_path, monkeypatch):
    shutil.copytree(trees.DATA, tmp_path / "data")
    path = tmp_path / "data" / "salet-normal.json.gz"
    path.write_bytes(gzip.compress(gzip.decompress(path.read_bytes()).replace(b"salet", b"slate", 1)))
    monkeypatch.setattr(trees, "DATA", tmp_path / "data")
    monkeypatch.setattr(trees, "MANIFEST", tmp_path / "data" / "trees.json")
    with pytest.raises(WordguessError, match="sha256"):
        trees.load_optimal_tree("normal")
    with pytest.raises(WordguessError, match="modes: normal, hard"):
        trees.load_optimal_tree("strict")
