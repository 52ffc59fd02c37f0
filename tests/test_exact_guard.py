"""The guard's last resort (optimal/worst/exact_guard.py): the exact feasibility search decides a
position either way, against an exhaustive twin; the guard plays its guess and says when no
strategy can guarantee a win."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from test_guarantee import cluster_puzzle, least_worst, tight_game
from wordguess import PuzzleSpec, get_game
from wordguess.cli import app
from wordguess.engine.puzzle import Puzzle
from wordguess.optimal.worst.exact_guard import (
    ExactGuard,
    neighbour_cores,
    refuting_core,
    with_exact_guard,
)
from wordguess.strategies import get_strategy
from wordguess.strategies.base import one_board
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.guard import IMPOSSIBLE, SHOWN, UNKNOWN
from wordguess.strategies.guarded import Guarded, guarded
from wordguess.trees.report import evaluate

runner = CliRunner()


def safe(puzzle: Puzzle, guess: int, secrets: np.ndarray, depth: int) -> bool:
    """The twin's test of a guess: every unsolved bucket has a tree within depth - 1."""
    return all(len(b) < len(secrets) and least_worst(puzzle, frozenset(b.tolist()), depth) <= depth - 1
               for r, b in puzzle.buckets(guess, secrets) if r != puzzle.game.solved_reply)


def subsets(puzzle: Puzzle, seed: int, count: int) -> list[np.ndarray]:
    rng = random.Random(seed)
    n = len(puzzle.answers)
    return [np.array(sorted(rng.sample(range(n), rng.randint(3, min(n, 9))))) for _ in range(count)]


@pytest.mark.parametrize("seed", range(3))
def test_the_exact_guard_agrees_with_the_exhaustive_twin(seed):
    """On sets of a few clustered words, at every depth: False exactly when no tree within it
    exists, else a guess whose every bucket has a tree within one guess fewer."""
    puzzle = cluster_puzzle(seed, 14)
    decide = ExactGuard()
    for s in subsets(puzzle, seed, 12):
        least = least_worst(puzzle, frozenset(s.tolist()), 6)
        for depth in range(2, 6):
            found = decide(puzzle, s, [], depth)
            assert (found is False) == (least > depth), (s, depth, least, found)
            if found is not False:
                assert found is not None and not isinstance(found, bool)
                assert safe(puzzle, found, s, depth)
                # The strategy's own guess is played when it is safe, and only then.
                other = random.Random(depth).randrange(len(puzzle.guesses))
                if other != found:
                    assert (decide(puzzle, s, [], depth, [other]) == other) == safe(puzzle, other, s, depth)


@pytest.mark.parametrize("seed", range(3))
def test_the_exact_guard_agrees_with_the_exhaustive_twin_in_hard_mode(seed):
    """After a first turn (which narrows hard mode's guesses), as above."""
    puzzle = dataclasses.replace(cluster_puzzle(seed + 10, 14), mode="hard")
    rng = random.Random(seed)
    decide = ExactGuard()
    checked = 0
    for _ in range(16):
        first, secret = rng.choice(puzzle.guesses), rng.choice(puzzle.answers)
        history = ((first, puzzle.game.feedback(first, secret)),)
        s = puzzle.narrow(puzzle.all_candidates(), puzzle.index_of(first), history[0][1])
        if len(s) < 3:
            continue
        checked += 1
        least = least_worst(puzzle, frozenset(s.tolist()), 6, history)
        for depth in range(2, 6):
            found = decide(puzzle, s, list(history), depth)
            assert (found is False) == (least > depth), (s, depth, least, found)
            if found is not False:
                assert found in puzzle.allowed(s, list(history)).tolist()
    assert checked >= 5


def crippled(exact: bool) -> Guarded:
    """The guarded strategy whose witness search has no budget: only the exact guard (when
    given) can show a guess safe."""
    strategy = guarded(FewestGuesses())
    strategy.guard.nodes = 0
    return with_exact_guard(strategy) if exact else strategy


@pytest.mark.parametrize("seed", range(3))
def test_the_guard_wins_on_the_exact_exact_guards_guesses(seed):
    base = cluster_puzzle(seed, 16)
    least = least_worst(base, frozenset(range(len(base.answers))), 8)
    puzzle = dataclasses.replace(base, game=tight_game(least))
    everything = puzzle.all_candidates()
    assert crippled(False).guard.win_guarantee(puzzle, one_board(puzzle, everything, [])) == UNKNOWN
    strategy = crippled(True)
    assert strategy.guard.win_guarantee(puzzle, one_board(puzzle, everything, [])) == SHOWN
    ev = evaluate(puzzle, strategy, world="open")
    assert ev.failures == 0 and ev.worst <= least


def test_the_guard_says_when_no_strategy_can_guarantee_a_win():
    base = cluster_puzzle(4, 16)
    least = least_worst(base, frozenset(range(len(base.answers))), 8)
    puzzle = dataclasses.replace(base, game=tight_game(least - 1))
    everything = puzzle.all_candidates()
    assert crippled(True).guard.win_guarantee(puzzle, one_board(puzzle, everything, [])) == IMPOSSIBLE
    assert crippled(False).guard.win_guarantee(puzzle, one_board(puzzle, everything, [])) == UNKNOWN
    strategy = crippled(True)  # it still plays: for the likeliest win
    assert strategy.choose(puzzle, one_board(puzzle, everything, [])) in range(len(puzzle.guesses))
    assert strategy.guard.win_guarantee(puzzle, one_board(puzzle, everything, [])) == IMPOSSIBLE


def test_exact_guard_leaves_a_strategy_without_a_guard_alone():
    entropy = get_strategy("entropy")
    assert with_exact_guard(entropy) is entropy and getattr(entropy, "guard", None) is None
    unguarded = with_exact_guard(FewestGuesses())
    assert unguarded.guard is None


def test_solve_says_no_strategy_can_guarantee_a_win(tmp_path):
    """Hard mode, six ?ATCH words left after LATCH and five guesses: each guess must be one of
    them and finds at most one, so no strategy wins all six."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["batch", "catch", "hatch", "latch", "match", "patch", "watch", "bumph"]) + "\n")
    args = ["solve", "--answers", str(words), "--guesses", str(words), "--strategy", "fewest-guesses"]
    result = runner.invoke(app, [*args, "--mode", "hard", "--history", "latch=.GGGG"])
    assert result.exit_code == 0, result.output
    assert "no strategy can guarantee a win from here" in result.output
    json_result = runner.invoke(app, [*args, "--mode", "hard", "--history", "latch=.GGGG", "--json"])
    assert '"win_guarantee": "impossible"' in json_result.output
    normal = runner.invoke(app, [*args, "--history", "latch=.GGGG"])  # BUMPH tells four apart
    assert normal.exit_code == 0 and "guarantee" not in normal.output and "can be shown" not in normal.output


def test_neighbour_cores_are_clusters_then_pairs_of_them_then_neighbours():
    words = ["eight", "fight", "light", "might", "night", "rebut", "cable", "table", "fable", "gable",
             "sable", "bills", "fills", "hills", "mills"]
    cores = [[words[i] for i in core] for core in neighbour_cores(words)]
    fight, able, ills = words[:5], words[6:11], words[11:]
    assert cores == [
        fight, able, ills,  # each cluster of 4 or more, largest first (then by index)
        fight + ills, able + ills, fight + able,  # pairs, smallest first (fight + able: 4 neighbours each)
        fight + able + ills,  # every word with 3 or more neighbours (the set less REBUT; 2 and 1 repeat it)
    ]
    assert neighbour_cores(["rebut", "salet"]) == []
    assert neighbour_cores(["eight", "fight", "light", "might"]) == []  # the whole set is no core


def test_a_refuting_core_has_no_tree_and_none_is_found_when_the_set_has_one():
    """Hard mode after LATCH .GGGG (?ATCH, each guess finds one): the cluster proves no tree
    within 5, so the set has none; within 9 the set has one, so no core is refuting."""
    from wordguess.optimal.total.search import ExactSolver, Limits
    from wordguess.optimal.worst.search import FeasibilitySearch

    puzzle = PuzzleSpec(get_game("wordle"), mode="hard").build()
    solver = ExactSolver(puzzle, 10, Limits(nodes=None))
    search = FeasibilitySearch(solver)
    latch, reply = puzzle.index_of("latch"), puzzle.game.parse_reply(".GGGG")
    secrets = dict(puzzle.buckets(latch, puzzle.all_candidates()))[reply]
    secrets = np.append(secrets, list(puzzle.answers).index("rebut"))  # ... and a word of no cluster
    state = solver.child_state(*solver.root_state(), latch, reply)
    core = refuting_core(search, secrets, state, 5, rounds=(100, 10_000))
    assert core is not None and 5 < len(core) < len(secrets)
    assert not search.within(core, state, 5, 0.0, search.nodes)
    assert refuting_core(search, secrets, state, 9, rounds=(100, 10_000)) is None
    assert solver.limits == Limits(nodes=None)  # given back


@pytest.mark.parametrize("seed", range(3))
def test_a_core_without_a_tree_proves_the_whole_set_has_none(seed):
    """Against the exhaustive twin, hard mode: whenever the exact guard finds no tree for a core
    within d, the whole set has none either."""
    puzzle = dataclasses.replace(cluster_puzzle(seed + 20, 16), mode="hard")
    decide = ExactGuard()
    everything = puzzle.all_candidates()
    least = least_worst(puzzle, frozenset(everything.tolist()), 8)
    refuted = 0
    for core in neighbour_cores([puzzle.answers[i] for i in everything]):
        for depth in range(2, least):
            if decide(puzzle, everything[core], [], depth) is False:
                refuted += 1
                assert least > depth
    assert refuted > 0


def test_a_symmetric_game_is_left_to_the_witness_search():
    """Mastermind's exact search reduces by symmetry from the opening on, so the exact guard does
    not answer for a position reached by any guesses: it says nothing (None), not a wrong verdict."""
    puzzle = PuzzleSpec(get_game("mastermind")).build()
    assert ExactGuard().search(puzzle) is None
    assert ExactGuard()(puzzle, puzzle.all_candidates()[:20], [], 3) is None


def test_a_game_played_by_rows_is_left_to_the_witness_search(monkeypatch):
    """A player's game over FOCUS_BYTES (Wordle of 8 letters, classic Nerdle) never makes its
    whole matrix, though the exact search would take the puzzle: the exact guard says nothing."""
    from wordguess.engine import puzzle as module

    monkeypatch.setattr(module, "FOCUS_BYTES", 20 * 20)
    words = PuzzleSpec(get_game("wordle")).build().answers[:40]
    puzzle = Puzzle(get_game("wordle"), words, words, store=None)
    assert puzzle.by_rows and ExactGuard().search(puzzle) is None
    assert ExactGuard()(puzzle, puzzle.all_candidates()[:20], [], 3) is None
    assert "matrix" not in puzzle.__dict__


def test_a_decision_where_every_guess_is_allowed_stops_at_its_work_budget():
    """A node splits every allowed guess, so the exact guard's steps are budgeted in guesses scored:
    in normal mode (14,855 guesses) a step gets about 3,000 nodes, not 30,000, and a set it cannot
    settle (SLATE YY..., 230 words: 26 s before) is given up within three such steps, counted,
    not timed; a set it can settle still is (SLATE ...G.)."""
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    exact_guard = ExactGuard()
    step = exact_guard.step_nodes(len(puzzle.guesses))
    assert step == exact_guard.work // len(puzzle.guesses) and 2_500 <= step <= 3_500
    assert exact_guard.step_nodes(1_000) == exact_guard.nodes
    slate = puzzle.index_of("slate")
    buckets = {puzzle.game.format_reply(r): b for r, b in puzzle.buckets(slate, puzzle.all_candidates())}
    history = [("slate", puzzle.game.parse_reply("YY..."))]
    settled = exact_guard(puzzle, buckets["...G."], [("slate", puzzle.game.parse_reply("...G."))], 5, ())
    assert settled is not None and settled is not False  # settled within the capped steps
    search = exact_guard.search(puzzle)
    before = search.nodes
    assert exact_guard(puzzle, buckets["YY..."], history, 5, ()) is None
    assert step <= search.nodes - before <= 3 * (step + search.solver.slice)


def test_warming_sets_the_search_up_and_changes_no_decision():
    """A server's adviser warms its exact guard before its first question: the feasibility search
    is then made, and the decisions are the unwarmed guard's."""
    puzzle = cluster_puzzle(0, 14)
    warmed, cold = ExactGuard(), ExactGuard()
    warmed.warm(puzzle)
    assert warmed._puzzle is puzzle and warmed._search is not None
    for s in subsets(puzzle, 0, 6):
        for depth in (2, 3, 4):
            assert warmed(puzzle, s, [], depth) == cold(puzzle, s, [], depth)
