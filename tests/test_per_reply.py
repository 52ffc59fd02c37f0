"""The worst case's per-reply limit (FeasibilitySearch.opener's `per_reply`, `optimal
--objective worst --per-reply`): a first reply that reaches its own limit is passed over, another
reply can still refute the opener, an opener none refutes is undecided (never a wrong verdict,
never stored), and the run's own limits still stop the run. The limits are forced by a clock that
has run past every deadline, never by racing one."""

from __future__ import annotations

import json
import random
import time

import pytest
from typer.testing import CliRunner

from test_optimal import small_puzzle
from test_worst import twin
from wordguess.cli import app
from wordguess.cli.optimal import worst_text
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.optimal.store import ResultStore
from wordguess.optimal.total import search as total_search
from wordguess.optimal.total.search import ExactSolver, SearchStopped
from wordguess.optimal.worst.run import WorstCase, least_worst_case
from wordguess.optimal.worst.search import FeasibilitySearch, OpenerVerdict

runner = CliRunner()


class LateClock:
    """The solver's clock, run past every deadline set from the real one."""

    monotonic = staticmethod(time.monotonic)

    @staticmethod
    def time() -> float:
        return time.time() + 1e9


def mastermind_puzzle() -> Puzzle:
    game = get_game("mastermind", pegs=3, colours=4)
    codes = game.generated_words()
    return Puzzle(game, codes, codes)


def test_time_enough_for_every_reply_gives_the_twins_verdicts_and_the_refuting_reply():
    rng = random.Random(5)
    game = get_game("wordle")
    for _ in range(3):
        puzzle = small_puzzle(rng, "wordle", {}, "abcdef", 5, mode="hard")
        expected = twin(game, list(puzzle.answers), list(puzzle.guesses), "hard", 3)
        search = FeasibilitySearch(ExactSolver(puzzle))
        for word in puzzle.guesses:
            verdict = search.opener(word, 3, per_reply=1e6)
            assert verdict.feasible == expected[word] and verdict.undecided == ()
            if verdict.feasible:
                assert verdict.refuter is None
            else:  # the refuting reply and its bucket, by the rules' feedback
                reply, size = verdict.refuter
                code = game.parse_reply(reply)
                assert size == sum(game.feedback(word, s) == code for s in puzzle.answers) > 0


def test_a_reply_past_its_limit_is_passed_over_never_guessed_and_never_stored(monkeypatch, tmp_path):
    puzzle = mastermind_puzzle()
    expected = {w: FeasibilitySearch(ExactSolver(puzzle)).opener(w, 4).feasible for w in ("111", "112", "123")}
    store = ResultStore(tmp_path / "s.sqlite")
    solver = ExactSolver(puzzle, store=store)
    solver.slice = 1  # a limit is looked at after every node
    search = FeasibilitySearch(solver)
    monkeypatch.setattr(total_search, "time", LateClock)
    seen = set()
    for word, feasible in expected.items():
        verdict = search.opener(word, 4, per_reply=5.0)
        seen.add(verdict.feasible)
        if verdict.feasible is None:  # undecided: every reply passed over or fitted, none refuting
            assert verdict.undecided and verdict.refuter is None
            assert store.opener(search.key(4), word) is None
        else:
            assert verdict.feasible == feasible
    assert None in seen
    # the run's own deadline, passed too, stops the run instead
    fresh = ExactSolver(puzzle)
    fresh.slice, fresh.deadline = 1, (time.time() + 1e6, 1e6)
    with pytest.raises(SearchStopped):
        FeasibilitySearch(fresh).opener("123", 4, per_reply=5.0)


def test_an_opener_past_its_own_budget_passes_over_the_replies_left():
    puzzle = mastermind_puzzle()
    search = FeasibilitySearch(ExactSolver(puzzle))
    verdict = search.opener("123", 4, per_reply=5.0, per_opener=-1.0)
    assert verdict.feasible is None and verdict.nodes == 0
    assert len(verdict.undecided) == len(search.solver.root_buckets(puzzle.index_of("123")))


def test_an_undecided_opener_refuted_deeper_is_refuted_below_too():
    """least_worst_case's bookkeeping over scripted verdicts: an opener undecided at a depth and
    refuted at a greater one is refuted at both (a tree within fewer guesses is within more); the
    proof stops at the least depth an opener stays undecided from."""
    puzzle = mastermind_puzzle()
    search = FeasibilitySearch(ExactSolver(puzzle))
    low = search.least
    a, b = puzzle.guesses[0], puzzle.guesses[5]

    def scripted(table):
        def verdicts(words, depth):
            for word in words:
                yield OpenerVerdict(word, depth, table.get((word, depth - low), False), 1, 0.0)
        return verdicts

    stays = least_worst_case(search, [a, b], "all openers", 2, low + 2,
                             verdicts=scripted({(a, 0): None, (b, 1): None, (a, 2): True}))
    assert stays.depth == low + 2 and stays.witness == a
    assert stays.proven_at_least == low + 1 and stays.undecided == [b] and "undecided" in stays.stopped
    assert not stays.proven
    settled = least_worst_case(search, [a, b], "all openers", 2, low + 2,
                               verdicts=scripted({(a, 0): None, (b, 0): None, (b, 1): None}))
    assert settled.depth is None and settled.proven_at_least == low + 3
    assert settled.undecided == [] and settled.stopped is None


def test_cli_per_reply():
    args = ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "4", "--objective", "worst", "--no-store"]
    whole = json.loads(runner.invoke(app, [*args, "--first", "123", "--max-guesses", "3", "--json"]).stdout)
    assert whole["worst_case"]["refuter"] is not None and whole["worst_case"]["undecided"] == []
    text = runner.invoke(app, [*args, "--first", "123", "--max-guesses", "3"]).stdout
    assert f"its reply {whole['worst_case']['refuter']['reply']} leaves" in text
    for bad in (["--per-reply", "0"], ["--per-reply", "-1"], ["--objective", "total", "--per-reply", "1"]):
        result = runner.invoke(app, [*args, *bad])
        assert result.exit_code == 2 and "--per-reply" in result.stderr and len(result.stderr.splitlines()) == 1
    stays = WorstCase("all openers", 5, 6, "123", 10, 12, 64, 100, 1.0, "2 first guesses undecided",
                      undecided=["111", "112"])
    said = worst_text(stays)
    assert said.startswith("worst case >= 5 proven; 123 finishes every secret within 6; 2 of 12 first guesses "
                           "undecided within 5 (111, 112)")
