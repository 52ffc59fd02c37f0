"""A tree within the worst case found, when the least total within it gives none (`optimal
--objective worst`: openers left undecided below it at the per-reply limit, or the total's search
stopped past the depth): the feasibility search grows one opening with the witness
(FeasibilitySearch.tree with `first`, worst.run.witness_tree), and --out writes it."""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from test_per_reply import LateClock, mastermind_puzzle
from wordguess.cli import app
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.optimal.total import search as total_search
from wordguess.optimal.total.run import Outcome
from wordguess.optimal.total.search import ExactSolver, SearchStopped
from wordguess.optimal.worst import growth
from wordguess.optimal.worst import run as worst_run
from wordguess.optimal.worst.search import FeasibilitySearch
from wordguess.trees.build import check_tree
from wordguess.trees.tree import TreeFile, leaves

runner = CliRunner()


def hard_puzzle(n: int = 150) -> Puzzle:
    return Puzzle(get_game("wordle"), WORDLE_SMALL[:n], WORDLE_SMALL, mode="hard")


def grown_trees_match_the_verdicts(search: FeasibilitySearch, words: list[str], depths: tuple[int, ...],
                                   progress=None) -> set[bool]:
    """Grow a tree opening with each word, and one with no first guess, at each depth: a tree
    exactly where the verdict search says one exists (with no first guess: where some opener
    has one), each valid by the rules (every secret one leaf, every reply true, hard mode's rule
    kept) and within the depth; return the verdicts met."""
    puzzle, seen = search.solver.puzzle, set()
    for first, depth in [(w, d) for w in words for d in depths] + [(None, d) for d in depths]:
        if first is None:
            feasible = any(search.opener(word, depth).feasible for word in puzzle.guesses)
        else:
            feasible = search.opener(first, depth).feasible
        tree = search.tree(puzzle.all_candidates(), search.solver.root_state(), depth,
                           first=None if first is None else puzzle.index_of(first), progress=progress)
        assert (tree is not None) == feasible, (first, depth)
        seen.add(feasible)
        if tree is not None:
            check_tree(tree, puzzle)
            assert first in (None, tree.guess) and max(d for _, d in leaves(tree)) <= depth
    return seen


def test_a_tree_grown_with_a_first_guess_exists_exactly_when_the_opener_is_feasible():
    search = FeasibilitySearch(ExactSolver(hard_puzzle()))
    assert grown_trees_match_the_verdicts(search, list(search.solver.puzzle.guesses)[::9], (2, 3, 4)) == {True, False}


def no_total(*args, **kwargs) -> Outcome:
    """The least total's search, stopped with no tree within the depth."""
    return Outcome("cigar", 10**6, False, "opener", [], 1.0, 0, 0, None, "time limit of 1 s reached", over_limit=3)


def test_a_total_with_no_tree_within_the_worst_case_gives_way_to_the_grown_tree(monkeypatch, tmp_path):
    puzzle = hard_puzzle()
    path = tmp_path / "a.txt"
    path.write_text("\n".join(puzzle.answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(puzzle.guesses) + "\n")
    monkeypatch.setattr(worst_run, "optimal", no_total)
    args = ["optimal", "--answers", str(path), "--guesses", str(tmp_path / "g.txt"), "--mode", "hard",
            "--objective", "worst", "--no-store"]
    result = runner.invoke(app, [*args, "--json", "--out", str(tmp_path / "t.json")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    worst, grown = data["worst_case"], data["witness_tree"]
    assert worst["least"] == worst["proven_at_least"] and data["total"]["over_limit"] == 3
    assert grown["first"] == worst["witness"] and grown["worst"] <= worst["least"] and grown["secrets"] == len(puzzle.answers)
    written = TreeFile.load(tmp_path / "t.json")
    check_tree(written.tree, puzzle)
    depths = [d for _, d in leaves(written.tree)]
    assert (sum(depths), max(depths)) == (grown["total"], grown["worst"])
    text = runner.invoke(app, args).stdout
    assert f"a tree within {worst['least']} guesses opening with {worst['witness'].upper()}" in text
    assert "tree within the worst case" in text


def test_a_feasible_total_is_written_and_nothing_is_grown(tmp_path):
    args = ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "4", "--objective", "worst", "--no-store",
            "--json", "--out", str(tmp_path / "t.json")]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["total"]["worst"] <= data["worst_case"]["least"]
    assert data["witness_tree"] is None and data["witness_stopped"] is None
    depths = [d for _, d in leaves(TreeFile.load(tmp_path / "t.json").tree)]
    assert sum(depths) == data["total"]["total"]


def test_the_run_s_own_limit_stops_the_growth_and_says_so(monkeypatch):
    puzzle = mastermind_puzzle()
    found = worst_run.least_worst_case(FeasibilitySearch(ExactSolver(puzzle)), ["123"], "opener", 1)
    assert found.depth is not None
    fresh = FeasibilitySearch(ExactSolver(puzzle))  # an empty memo: growing the tree must search
    fresh.solver.slice = 1  # a limit is looked at after every node
    monkeypatch.setattr(total_search, "time", LateClock)
    tree, why = worst_run.witness_tree(fresh, found, (time.time() + 1e6, 1e6))
    assert tree is None and "time limit" in why
    monkeypatch.undo()
    tree, why = worst_run.witness_tree(FeasibilitySearch(ExactSolver(puzzle)), found, None)
    assert why is None and tree.guess == "123" and max(d for _, d in leaves(tree)) == found.depth


def test_guesses_passed_over_at_a_small_budget_are_tried_again_with_more(monkeypatch):
    """With one node a bucket at first, most guesses are passed over and tried again with eight
    times as many, and so on: the trees grown are still valid, within the depth, and found
    exactly where the opener is feasible."""
    monkeypatch.setattr(growth, "TRY_NODES", 1)
    puzzle = hard_puzzle(120)
    search = FeasibilitySearch(ExactSolver(puzzle))
    grown = 0
    for word in list(puzzle.guesses)[::13]:
        feasible = search.opener(word, 4).feasible
        tree = search.tree(puzzle.all_candidates(), search.solver.root_state(), 4, first=puzzle.index_of(word))
        assert (tree is not None) == feasible
        if tree is not None:
            grown += 1
            check_tree(tree, puzzle)
            assert tree.guess == word and max(d for _, d in leaves(tree)) <= 4
    assert grown


def test_large_sets_are_grown_by_descent_and_its_trees_are_valid(monkeypatch):
    """The descent (worst/growth.py) over sets of more than FLOOR secrets, FLOOR and the kernel's
    settling budget made small so that it runs at several levels: the trees are valid and within
    the depth, the descent grows some of them, and where it finds none the proof-first growth
    still answers exactly (a tree exactly where one exists)."""
    monkeypatch.setattr(growth, "FLOOR", 8)
    monkeypatch.setattr(growth, "VIABLE", 2)
    monkeypatch.setattr(growth, "SETTLE_NODES", 20)
    grown = []
    original = growth.Growth.descend

    def counted(self, *args):
        tree = original(self, *args)
        grown.append(tree is not None)
        return tree

    monkeypatch.setattr(growth.Growth, "descend", counted)
    search = FeasibilitySearch(ExactSolver(hard_puzzle(150)))
    told = []
    grown_trees_match_the_verdicts(search, list(search.solver.puzzle.guesses)[::11], (3, 4, 5),
                                   lambda done, total: told.append((done, total)))
    assert True in grown and False in grown
    assert told and all(done <= total == len(search.solver.puzzle.answers) for done, total in told)


class Stubborn(FeasibilitySearch):
    """A feasibility search whose proof of a large reply never ends (it stops at the reply's
    limit at once), while the growth's budgeted questions are answered as usual."""

    def within(self, candidates, state, depth, started, start_nodes, most=None):
        if most is None and len(candidates) > growth.FLOOR:
            raise SearchStopped("time limit of 5 s reached")
        return super().within(candidates, state, depth, started, start_nodes, most)


def test_a_large_reply_passed_over_at_its_limit_is_settled_by_growing_its_tree(monkeypatch):
    monkeypatch.setattr(growth, "FLOOR", 8)
    puzzle = hard_puzzle(len(WORDLE_SMALL))
    exact, stubborn = FeasibilitySearch(ExactSolver(puzzle)), Stubborn(ExactSolver(puzzle))
    seen = set()
    for word in list(puzzle.guesses)[::17]:
        expected = exact.opener(word, 4)
        verdict = stubborn.opener(word, 4, per_reply=1e6)
        assert verdict.feasible == expected.feasible and verdict.undecided == (), word
        if not expected.feasible:  # refuted by a small reply's proof or by a large one's growth
            assert verdict.refuter is not None
        seen.add((expected.feasible, expected.feasible or verdict.refuter[1] > growth.FLOOR))
    assert seen == {(True, True), (False, True), (False, False)}  # a large reply refutes some
    with pytest.raises(SearchStopped):  # without a per-reply limit, the proof's stop is the run's
        stubborn.opener("cigar", 4)
